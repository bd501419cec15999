/*
 * test_play.c - `kontor play` and `kontor replay`: menus (groups folded,
 * keys typed, numbers as printed on the board), screens within 120 x 40 for
 * positions of every game, German commands and actions, help for a
 * component of every game, the record file (bad path, full disk, killed
 * mid-game), replay size limits, and hot seat with a decision several
 * humans take at once (on the test-only game "sealed", run in-process).
 *
 * The play code comes from the command's archive (libkontorcli.a, see the
 * Makefile); end-to-end runs use the `kontor` binary next to the test
 * binary.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../src/cli/play.h"
#include "../harness.h"
#include "guard.h"
#include "sealed.h"

static int tp_kontor(char *out, size_t cap)
{
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return 0;
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (!slash)
        return 0;
    *slash = '\0';
    snprintf(out, cap, "%s/kontor", self);
    return access(out, X_OK) == 0;
}

static char *tp_slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    cli_sb b = {0};
    char chunk[4096];
    size_t r;
    while ((r = fread(chunk, 1, sizeof chunk, f)) > 0)
        cli_sb_put(&b, chunk, r);
    fclose(f);
    if (!b.p)
        cli_sb_put(&b, "", 0);
    return b.p;
}

/* `kontor ARGS` with `input` on stdin; stdout+stderr returned, exit code in
 * *rc (128 + signal when killed). */
static char *tp_run(const char *args, const char *input, int *rc)
{
    char bin[4200], in[64] = "/tmp/kt_play_in_XXXXXX", out[64] = "/tmp/kt_play_out_XXXXXX";
    char cmd[12000];
    if (!tp_kontor(bin, sizeof bin))
        return NULL;
    int fd = mkstemp(in), fo = mkstemp(out);
    if (fd < 0 || fo < 0)
        return NULL;
    close(fo);
    if (input && write(fd, input, strlen(input)) < 0) {
        close(fd);
        return NULL;
    }
    close(fd);
    snprintf(cmd, sizeof cmd, "NO_COLOR=1 '%s' %s < %s > %s 2>&1", bin, args, in, out);
    int st = system(cmd);
    *rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    char *text = tp_slurp(out);
    unlink(in);
    unlink(out);
    return text;
}

/* ------------------------------------------------------------ text */

KT_TEST(core_play_log_events_read_back)
{
    cli_event ev[4];
    const char *js = "[{\"kind\":\"action\",\"player\":0,\"text\":\"buy \\\"Silver\\\"\"},"
                     " {\"kind\":\"roll\",\"extra\":[1,{\"a\":null}],\"player\":1,"
                     "\"text\":\"rolls 3 + 4 = 7 \\u00e4\\ud83c\\udfb2\"}]";
    KT_EQ(cli_events_parse(js, ev, 4), 2);
    KT_STREQ(ev[0].text, "buy \"Silver\"");
    KT_STREQ(ev[1].kind, "roll");
    KT_EQ(ev[1].player, 1);
    KT_STREQ(ev[1].text, "rolls 3 + 4 = 7 \xc3\xa4\xf0\x9f\x8e\xb2");
    KT_EQ(cli_events_parse("[]", ev, 4), 0);
    KT_EQ(cli_events_parse("[{\"kind\":", ev, 4), -1);
    KT_EQ(cli_events_parse("{}", ev, 4), -1);
    KT_EQ(cli_events_parse(NULL, ev, 4), -1);
    /* a text longer than the buffer is cut at a character boundary */
    cli_sb b = {0};
    cli_sb_put(&b, "[{\"text\":\"", 10);
    for (int i = 0; i < 400; i++)
        cli_sb_put(&b, "\xc3\xbc", 2);
    cli_sb_put(&b, "\"}]", 3);
    KT_EQ(cli_events_parse(b.p, ev, 4), 1);
    size_t n = strlen(ev[0].text);
    KT_CHECK(n < sizeof ev[0].text && n % 2 == 0);
    cli_sb_free(&b);
    KT_EQ(cli_width("\033[1;31mK\xc3\xa4se\033[0m"), 4);
    char norm[64];
    cli_norm("  Zurück   ZUM  Maß ", norm, sizeof norm);
    KT_STREQ(norm, "zurueck zum mass");
}

/* ------------------------------------------------------------ menus */

KT_TEST(core_play_menu_folds_groups_by_rank)
{
    cli_menu m;
    KT_REQUIRE(cli_menu_alloc(&m, 40));
    char txt[64];
    for (int i = 0; i < 15; i++) {
        snprintf(txt, sizeof txt, "play card%02d", i);
        cli_menu_add(&m, (kt_action)(100 + i), 1, txt, "play", NULL);
    }
    for (int i = 0; i < 20; i++) { /* listed before "done" but ranked after it */
        snprintf(txt, sizeof txt, "buy card%02d", i);
        cli_menu_add(&m, (kt_action)(200 + i), 2, txt, "buy", NULL);
    }
    cli_menu_add(&m, 300, 9, "end turn", NULL, NULL);
    cli_menu_add(&m, 301, 0, "done", NULL, NULL);
    cli_menu_finish(&m, 12);
    KT_CHECK(m.ntop <= 12);
    KT_EQ(m.ntop, 4); /* done, play (15), buy (20), end turn */
    KT_STREQ(m.items[m.top[0].item].text, "done");
    KT_STREQ(m.top[0].sel, "1");
    KT_CHECK(m.top[1].item < 0 && !strcmp(m.gname[m.top[1].group], "play"));
    KT_CHECK(m.top[2].item < 0 && !strcmp(m.gname[m.top[2].group], "buy"));
    kt_action a = 0;
    /* a group opens by its number; its items are numbered from 1 */
    KT_EQ(cli_menu_pick(&m, "3", &a), 2);
    KT_EQ(m.nsub, 20);
    KT_EQ(cli_menu_pick(&m, "3", &a), 1);
    KT_EQ(a, 202);
    /* and by its name, whatever the case */
    m.open = -1;
    KT_EQ(cli_menu_pick(&m, "PLAY", &a), 2);
    KT_EQ(cli_menu_pick(&m, "15", &a), 1);
    KT_EQ(a, 114);
    m.open = -1;
    KT_EQ(cli_menu_pick(&m, "4", &a), 1);
    KT_EQ(a, 300);
    KT_EQ(cli_menu_pick(&m, "5", &a), 0); /* no fifth entry */
    cli_sb out = {0};
    int lines = cli_menu_render(&m, 120, 0, KT_LANG_EN, &out);
    KT_CHECK(lines >= 1 && lines <= 4);
    KT_CHECK(out.p && strstr(out.p, "buy (20) >") && strstr(out.p, "1) done"));
    KT_CHECK(cli_max_width(out.p) <= 120);
    cli_sb_free(&out);
    cli_menu_free(&m);
}

KT_TEST(core_play_menu_keys_are_the_numbers_on_the_board)
{
    cli_menu m;
    KT_REQUIRE(cli_menu_alloc(&m, 60));
    char txt[64], key[16];
    for (int v = 0; v < 54; v++) {
        snprintf(txt, sizeof txt, "build settlement on vertex %d", v);
        snprintf(key, sizeof key, "%d", v);
        cli_menu_add(&m, (kt_action)(1000 + v), 0, txt, "settlement", key);
    }
    cli_menu_add(&m, 5, 1, "end turn", NULL, NULL);
    cli_menu_finish(&m, 12);
    kt_action a = 0;
    KT_EQ(cli_menu_pick(&m, "7", &a), 1); /* vertex 7, not the 7th entry */
    KT_EQ(a, 1007);
    KT_EQ(cli_menu_pick(&m, "0", &a), 1);
    KT_EQ(a, 1000);
    /* the entry without a key gets a letter: numbers belong to the board */
    int found = 0;
    for (int i = 0; i < m.ntop; i++)
        if (m.top[i].item >= 0 && m.items[m.top[i].item].a == 5) {
            KT_CHECK(m.top[i].sel[0] >= 'a' && m.top[i].sel[0] <= 'z' && !m.top[i].sel[1]);
            KT_EQ(cli_menu_pick(&m, m.top[i].sel, &a), 1);
            KT_EQ(a, 5);
            found = 1;
        }
    KT_CHECK(found);
    KT_EQ(cli_menu_pick(&m, "54", &a), 0);
    cli_menu_free(&m);

    /* a game without keys whose actions end in their own numbers */
    KT_REQUIRE(cli_menu_alloc(&m, 4));
    cli_menu_add(&m, 10, 0, "bid 0", NULL, NULL);
    cli_menu_add(&m, 11, 0, "bid 1", NULL, NULL);
    cli_menu_add(&m, 12, 0, "bid 2", NULL, NULL);
    cli_menu_finish(&m, 12);
    KT_EQ(cli_menu_pick(&m, "1", &a), 1);
    KT_EQ(a, 11);
    cli_menu_free(&m);
}

/* A Catan settlement chosen by the number printed on the map: the number
 * in the action's text is the vertex of the map. */
KT_TEST(core_play_catan_settlement_by_its_map_number)
{
    if (!kt_game_find("catan"))
        return;
    kt_game *g;
    kt_err err;
    KT_OKS(kt_game_new("catan", NULL, 3, 5, NULL, &g, &err), &err);
    kt_state *s = kt_state_new(g);
    cli_menu m;
    KT_REQUIRE(cli_menu_build(&m, g, s, 0, KT_LANG_EN, 12));
    int checked = 0;
    for (int i = 0; i < m.n && checked < 5; i++) {
        const char *t = m.items[i].text;
        const char *num = strrchr(t, ' ');
        if (!num || (long)i + 1 == atol(num + 1))
            continue; /* only where a position number would differ */
        kt_action a = 0;
        KT_EQ(cli_menu_pick(&m, num + 1, &a), 1);
        char back[200];
        kt_action_text(g, s, a, 0, KT_LANG_EN, back, sizeof back);
        KT_STREQ(back, t);
        checked++;
    }
    KT_CHECK(checked == 5);
    cli_menu_free(&m);
    kt_state_free(g, s);
    kt_game_free(g);
}

/* ------------------------------------------------------------ screens */

static void tp_seats_human(cli_pl *P, kt_game *g, kt_state *s)
{
    memset(P, 0, sizeof *P);
    P->g = g;
    P->s = s;
    P->nseats = kt_game_players(g);
    P->nhumans = P->nseats;
    P->rows = 40;
    P->cols = 120;
    P->last_viewer = -1;
    for (int p = 0; p < P->nseats; p++) {
        P->seats[p].human = 1;
        snprintf(P->seats[p].label, sizeof P->seats[p].label, "human");
    }
}

/* Screens for positions of every game: the front end's part (log, prompt
 * line, menu) fits beside the board; when the board keeps the game's
 * budget (120 x 30) the whole screen fits 120 x 40 (with the input line). */
KT_TEST(core_play_screens_fit_120x40_for_every_game)
{
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const kt_gameinfo *info = kt_game_info(gi);
        kt_game *g;
        kt_err err;
        KT_OKS(kt_game_new(info->name, NULL, info->default_players, 11, NULL, &g, &err), &err);
        kt_state *s = kt_state_new(g);
        kt_bot *bot;
        KT_OKS(kt_bot_new(g, "random", 3, &bot, &err), &err);
        cli_pl P;
        tp_seats_human(&P, g, s);
        int screens = 0, big_boards = 0, worst_lines = 0;
        size_t worst_w = 0;
        int steps = kt_t_scaled(400);
        for (int k = 0, deal = 0; k < steps; k++) {
            /* a new game when one ends early (random play of Anno 1701
             * spends its last gold within ~40 actions) */
            if (kt_is_over(g, s)) {
                if (++deal > 50)
                    break;
                free(P.hist);
                free(P.acts);
                free(P.actor);
                free(P.seen);
                kt_state_init_seed(g, s, 11 + (uint64_t)deal);
                tp_seats_human(&P, g, s);
            }
            int p = kt_to_move(g, s);
            if (k % 9 == 0) {
                cli_sb above = {0}, screen = {0};
                P.lang = (k / 9) % 2; /* English and German screens in turn */
                KT_REQUIRE(cli_screen_for(&P, p, &above, &screen));
                char *board = kt_render(g, s, p, P.lang);
                int blines = cli_count_lines(board);
                size_t bw = cli_max_width(board);
                int lines = cli_count_lines(screen.p) + 1; /* + the input line */
                size_t w = cli_max_width(screen.p);
                if (blines > 30 || bw > 120)
                    big_boards++;
                else if (!KT_CHECK(lines <= 40 && w <= 120))
                    printf("      %s at action %d: %d lines, %zu columns\n", info->name, k,
                           lines, w);
                /* the part below the board keeps its budget even beside a
                 * board that is too big */
                int front = lines - blines, budget = 40 - blines > 10 ? 40 - blines : 10;
                if (!KT_CHECK(front <= budget))
                    printf("      %s at action %d: %d lines below the board\n", info->name, k,
                           front);
                KT_CHECK(cli_max_width(above.p) <= 120);
                worst_lines = lines > worst_lines ? lines : worst_lines;
                worst_w = w > worst_w ? w : worst_w;
                kt_free(board);
                cli_sb_free(&above);
                cli_sb_free(&screen);
                screens++;
            }
            kt_action a;
            KT_OKS(kt_bot_choose(bot, s, &a, &err), &err);
            KT_REQUIRE(cli_play_apply(&P, p, a));
        }
        printf("      %s: %d screens, largest %d lines x %zu columns; %d boards over the "
               "game's 120x30 budget\n",
               info->name, screens, worst_lines, worst_w, big_boards);
        KT_CHECK(screens > 5);
        free(P.hist);
        free(P.acts);
        free(P.actor);
        free(P.seen);
        kt_bot_free(bot);
        kt_state_free(g, s);
        kt_game_free(g);
    }
}

/* Catan and Fugger with a human and bots: after the bots' turns the screen
 * says, beside the prompt, what each of them did since the human's last
 * turn (issue 29: their turns scrolled off the screen), within 120 x 40. */
KT_TEST(core_play_since_your_last_turn_beside_the_prompt)
{
    const char *games[] = {"catan", "fwm"};
    for (int gi = 0; gi < 2; gi++) {
        if (!kt_game_find(games[gi]))
            continue;
        for (int lang = 0; lang < 2; lang++) {
            kt_game *g;
            kt_err err;
            KT_OKS(kt_game_new(games[gi], NULL, games[gi][0] == 'c' ? 3 : 4, 5, NULL, &g, &err),
                   &err);
            kt_state *s = kt_state_new(g);
            kt_bot *bot;
            KT_OKS(kt_bot_new(g, "heuristic", 3, &bot, &err), &err);
            cli_pl P;
            tp_seats_human(&P, g, s);
            P.lang = lang;
            int summaries = 0, screens = 0;
            for (int k = 0; k < 600 && !kt_is_over(g, s); k++) {
                int p = kt_to_move(g, s);
                if (p == 0 && P.seats[0].seen + 12 < P.n) { /* the others made many moves */
                    cli_sb above = {0}, screen = {0};
                    KT_REQUIRE(cli_screen_for(&P, 0, &above, &screen));
                    screens++;
                    const char *since = strstr(screen.p, lang ? "Seit deinem letzten Zug:"
                                                              : "Since your last turn:");
                    if (since) {
                        summaries++;
                        KT_CHECK(strstr(since, lang ? "  Spieler 2 (human): "
                                                    : "  Player 2 (human): ") != NULL);
                        if (summaries == 1)
                            printf("      %s: %s", games[gi], since);
                    }
                    char *board = kt_render(g, s, 0, lang);
                    int bl = cli_count_lines(board), lines = cli_count_lines(screen.p) + 1;
                    if (bl <= 30 && cli_max_width(board) <= 120 &&
                        !KT_CHECK(lines <= 40 && cli_max_width(screen.p) <= 120))
                        printf("      %d lines, %zu columns, board %d lines\n", lines,
                               cli_max_width(screen.p), bl);
                    kt_free(board);
                    cli_sb_free(&above);
                    cli_sb_free(&screen);
                }
                P.seats[0].seen = p == 0 ? P.n : P.seats[0].seen;
                kt_action a;
                KT_OKS(kt_bot_choose(bot, s, &a, &err), &err);
                KT_REQUIRE(cli_play_apply(&P, p, a));
            }
            printf("      %s (%s): %d of %d screens after many moves say what happened since\n",
                   games[gi], lang ? "de" : "en", summaries, screens);
            KT_CHECK(screens > 0 && summaries == screens);
            free(P.hist);
            free(P.acts);
            free(P.actor);
            free(P.seen);
            kt_bot_free(bot);
            kt_state_free(g, s);
            kt_game_free(g);
        }
    }
}

/* ------------------------------------------------------------ commands */

KT_TEST(core_play_commands_in_both_languages)
{
    const char *arg = NULL;
    KT_EQ(cli_command("hilfe Schmiede", &arg), CLI_CMD_HELP);
    KT_STREQ(arg, "Schmiede");
    KT_EQ(cli_command("? Smithy", &arg), CLI_CMD_HELP);
    KT_EQ(cli_command("brett", &arg), CLI_CMD_BOARD);
    KT_EQ(cli_command("Zurück", &arg), CLI_CMD_UNDO);
    KT_EQ(cli_command("rückgängig", &arg), CLI_CMD_UNDO);
    KT_EQ(cli_command("speichern x.json", &arg), CLI_CMD_SAVE);
    KT_STREQ(arg, "x.json");
    KT_EQ(cli_command("beenden", &arg), CLI_CMD_QUIT);
    KT_EQ(cli_command("protokoll", &arg), CLI_CMD_LOG);
    KT_EQ(cli_command("undo now", &arg), CLI_CMD_NONE); /* not a command: maybe an action */
    KT_EQ(cli_command("save", &arg), CLI_CMD_NONE);
    KT_EQ(cli_command("buy Silver", &arg), CLI_CMD_NONE);
}

/* German commands and the shared German verbs, end to end. */
KT_TEST(core_play_german_commands_and_actions)
{
    if (!kt_game_find("dominion"))
        return;
    char rec[64] = "/tmp/kt_play_rec_XXXXXX";
    int fd = mkstemp(rec);
    KT_REQUIRE(fd >= 0);
    close(fd);
    char args[512];
    snprintf(args, sizeof args,
             "play dominion --seats human,easy --seed 3 --lang de --preset 'First Game' "
             "--record %s",
             rec);
    int rc = -1;
    char *out = tp_run(args,
                       "hilfe\nbrett\nprotokoll\nspiele Geldkarten\nkaufe Kupfer\n"
                       "Zug beenden\nzurück\nbeenden\nja\n",
                       &rc);
    KT_REQUIRE(out != NULL);
    KT_EQ(rc, 0);
    KT_CHECK(strstr(out, "Befehle") != NULL);        /* hilfe */
    KT_CHECK(strstr(out, "Zug beenden") != NULL);
    KT_CHECK(strstr(out, "unknown action") == NULL); /* every line was understood */
    KT_CHECK(strstr(out, "Spiel unbeendet verlassen") != NULL);
    char *js = tp_slurp(rec);
    kt_record *r = NULL;
    kt_game *g = NULL;
    kt_err err;
    KT_REQUIRE(js && kt_record_load(js, NULL, &r, &g, &err) == KT_OK);
    /* zurück took back the human's last decision ("end turn" or what
     * followed "kaufe Kupfer"): the first two moves remain */
    KT_CHECK(kt_record_length(r) >= 2);
    KT_STREQ(kt_record_action(r, 0), "play treasures");
    KT_STREQ(kt_record_action(r, 1), "buy Copper");
    if (kt_record_length(r) > 2)
        printf("      %d actions kept after zurück\n", kt_record_length(r));
    kt_record_free(r);
    kt_game_free(g);
    free(js);
    free(out);
    unlink(rec);
}

/* quit and beenden both ask before leaving (issue 29: beenden left at
 * once); "no"/"nein" keeps playing, "yes"/"ja" leaves. */
KT_TEST(core_play_quit_asks_in_both_languages)
{
    if (!kt_game_find("dominion"))
        return;
    const char *args[2] = {"play dominion --seats human,easy --seed 3 --preset 'First Game'",
                           "play dominion --seats human,easy --seed 3 --preset 'First Game' "
                           "--lang de"};
    const char *in[2] = {"quit\nno\nboard\nquit\nyes\n", "beenden\nnein\nbrett\nbeenden\nja\n"};
    const char *ask[2] = {"Leave the game? Without --record FILE it is lost. (yes/no)",
                          "Spiel verlassen? Ohne --record DATEI geht es verloren. (ja/nein)"};
    const char *on[2] = {"The game goes on.", "Es geht weiter."};
    const char *left[2] = {"Game left unfinished.", "Spiel unbeendet verlassen."};
    for (int l = 0; l < 2; l++) {
        int rc = -1;
        char *out = tp_run(args[l], in[l], &rc);
        KT_REQUIRE(out != NULL);
        KT_EQ(rc, 0);
        const char *a1 = strstr(out, ask[l]);
        const char *go = a1 ? strstr(a1, on[l]) : NULL;
        const char *a2 = go ? strstr(go, ask[l]) : NULL;
        KT_CHECK(a1 && go && a2 && strstr(a2, left[l]));
        /* the board was shown again between the two questions */
        KT_CHECK(go && strstr(go, l ? "Vorrat:" : "Supply:") < a2);
        free(out);
    }
}

/* $4 in the First Game: a dozen buys stay on the top level (a submenu for
 * a handful of choices is noise); `buy` alone, as docs/play.md says, shows
 * the buys as a submenu, `kaufe` too (issue 29: "unknown action"). */
KT_TEST(core_play_buy_alone_opens_the_buys)
{
    if (!kt_game_find("dominion"))
        return;
    int rc = -1;
    char *out = tp_run("play dominion --seats human,easy --seed 1 --preset 'First Game'",
                       "play treasures\nbuy\n\nkaufe\n3\nquit\nyes\n", &rc);
    KT_REQUIRE(out != NULL);
    KT_EQ(rc, 0);
    const char *four = strstr(out, "$4, 1 Buy");
    const char *typed = four ? strstr(four, "> buy\n") : NULL;
    KT_CHECK(four && typed);
    if (four && typed) { /* the menu before "buy": every buy on the top level */
        const char *group = strstr(four, "buy ("), *militia = strstr(four, "buy Militia");
        KT_CHECK(!group || group > typed);
        KT_CHECK(militia && militia < typed);
    }
    KT_CHECK(typed && strstr(typed, "buy: choose (empty line: back to the menu)"));
    const char *k = typed ? strstr(typed, "> kaufe\n") : NULL;
    KT_CHECK(k && strstr(k, "buy: choose") && strstr(k, "You: buy "));
    KT_CHECK(!strstr(out, "unknown action"));
    free(out);
}

/* ------------------------------------------------------------ help */

/* 'text' for sh, with embedded single quotes escaped. */
static void tp_quote(const char *in, char *out, size_t cap)
{
    size_t o = 0;
    if (cap < 3)
        return;
    out[o++] = '\'';
    for (; *in && o + 6 < cap; in++) {
        if (*in == '\'') {
            memcpy(out + o, "'\\''", 4);
            o += 4;
        } else {
            out[o++] = *in;
        }
    }
    out[o++] = '\'';
    out[o] = '\0';
}

/* A component name of the game that kt_game_describe knows: tried from the
 * words of the component listing (its lines, cut at the usual separators). */
static int tp_component(const char *game, char *name, size_t cap)
{
    char *list = kt_game_components(game, KT_LANG_EN, NULL);
    int found = 0;
    for (const char *p = list ? list : ""; *p && !found;) {
        size_t n = strcspn(p, "\n");
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)(n < 255 ? n : 255), p);
        p += n + (p[n] == '\n');
        char *t = line;
        while (*t == ' ' || *t == '-' || *t == '*')
            t++;
        t[strcspn(t, ":($,|[0123456789")] = '\0';
        for (size_t k = strlen(t); k > 0 && (t[k - 1] == ' '); k--)
            t[k - 1] = '\0';
        if (strlen(t) < 3)
            continue;
        char *text = NULL;
        if (kt_game_describe(game, t, KT_LANG_EN, NULL, &text, NULL) == KT_OK) {
            snprintf(name, cap, "%s", t);
            found = 1;
        }
        kt_free(text);
    }
    kt_free(list);
    return found;
}

/* `help NAME` in play and `kontor games GAME NAME` show what
 * kt_game_describe says, for a component of every game; unknown names get
 * the library's message and exit non-zero. */
KT_TEST(core_play_help_for_a_component_of_every_game)
{
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const kt_gameinfo *info = kt_game_info(gi);
        char name[256], args[900], input[700];
        int rc = -1;
        if (!tp_component(info->name, name, sizeof name)) {
            printf("      %s: no component of its listing is described yet (gamedef.describe)\n",
                   info->name);
            snprintf(name, sizeof name, "no such component");
        }
        char *want = NULL;
        kt_err err;
        kt_status st = kt_game_describe(info->name, name, KT_LANG_EN, NULL, &want, &err);
        char q[600];
        tp_quote(name, q, sizeof q);
        snprintf(args, sizeof args, "games %s %s", info->name, q);
        char *out = tp_run(args, "", &rc);
        KT_REQUIRE(out != NULL);
        KT_EQ(rc, st == KT_OK ? 0 : 2);
        char first[120];
        snprintf(first, sizeof first, "%.*s", (int)strcspn(st == KT_OK ? want : err.msg, "\n"),
                 st == KT_OK ? want : err.msg);
        if (strlen(first) > 60)
            first[60] = '\0';
        KT_CHECK(strstr(out, first) != NULL);
        free(out);
        char seats[128] = "human";
        for (int p = 1; p < info->default_players; p++)
            strcat(seats, ",easy");
        snprintf(args, sizeof args, "play %s --seats %s --seed 2", info->name, seats);
        snprintf(input, sizeof input, "help %s\n? %s\nhelp\nquit\nyes\n", name, name);
        out = tp_run(args, input, &rc);
        KT_REQUIRE(out != NULL);
        KT_EQ(rc, 0);
        KT_CHECK(strstr(out, first) != NULL);
        KT_CHECK(strstr(out, "no record is kept without --record") != NULL);
        free(out);
        kt_free(want);
    }
}

/* ------------------------------------------------------------ records */

KT_TEST(core_play_record_bad_path_and_full_disk_fail_at_once)
{
    int rc = -1;
    char *out = tp_run("play dominion --seats human,easy --seed 1 --record /nonexistent/x.json",
                       "1\n1\n", &rc);
    KT_REQUIRE(out != NULL);
    KT_CHECK(rc != 0);
    KT_CHECK(strstr(out, "/nonexistent/x.json") && strstr(out, "No such file"));
    KT_CHECK(strstr(out, "Turn 1") == NULL); /* before any move or screen */
    free(out);
    out = tp_run("play dominion --seats human,easy --seed 1 --record /dev/full", "1\n", &rc);
    KT_REQUIRE(out != NULL);
    KT_CHECK(rc != 0);
    KT_CHECK(strstr(out, "No space left") != NULL);
    free(out);
    out = tp_run("play dominion --seats human,easy --load /nonexistent.json --record x.json", "",
                 &rc);
    KT_CHECK(out && rc == 2 && strstr(out, "--record needs a game from its start"));
    free(out);
    /* the full-disk path of the writer itself */
    char why[300];
    KT_CHECK(!cli_write_durable("/dev/full", "{}", 2, why, sizeof why));
    KT_CHECK(strstr(why, "No space left") != NULL);
}

/* Start `kontor play` with a pipe as stdin; returns the pid. */
static pid_t tp_spawn(const char *args, int *to_child)
{
    char bin[4200];
    if (!tp_kontor(bin, sizeof bin))
        return -1;
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[0], 0);
        close(fds[0]);
        close(fds[1]);
        int devnull = open("/dev/null", O_WRONLY);
        dup2(devnull, 1);
        dup2(devnull, 2);
        char cmd[9000];
        snprintf(cmd, sizeof cmd, "exec '%s' %s", bin, args);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(fds[0]);
    *to_child = fds[1];
    return pid;
}

static int tp_record_length(const char *path)
{
    char *js = tp_slurp(path);
    kt_record *r = NULL;
    kt_game *g = NULL;
    int n = -1;
    if (js && kt_record_load(js, NULL, &r, &g, NULL) == KT_OK) {
        kt_state *s = kt_state_new(g);
        /* the record must replay, not only parse */
        if (kt_record_replay(r, g, -1, s, NULL) == KT_OK)
            n = kt_record_length(r);
        kt_state_free(g, s);
    }
    kt_record_free(r);
    kt_game_free(g);
    free(js);
    return n;
}

/* SIGTERM or SIGHUP while the human is deciding: every move made so far is
 * in the record (written as it happened), and the exit is non-zero. */
KT_TEST(core_play_killed_mid_game_leaves_a_complete_record)
{
    if (!kt_game_find("dominion"))
        return;
    int sigs[2] = {SIGTERM, SIGHUP};
    for (int k = 0; k < 2; k++) {
        char rec[64] = "/tmp/kt_play_kill_XXXXXX", args[300];
        int fd = mkstemp(rec);
        KT_REQUIRE(fd >= 0);
        close(fd);
        unlink(rec); /* play creates it */
        snprintf(args, sizeof args, "play dominion --seats human,easy --seed 9 --record %s", rec);
        int in;
        pid_t pid = tp_spawn(args, &in);
        KT_REQUIRE(pid > 0);
        /* two moves, then wait until both are on disk */
        KT_REQUIRE(write(in, "play treasures\n", 15) == 15);
        KT_REQUIRE(write(in, "end turn\n", 9) == 9);
        int n = -1;
        for (int tries = 0; tries < 800 && n < 2; tries++) { /* 20 s at most */
            struct timespec ts = {0, 25 * 1000 * 1000};
            nanosleep(&ts, NULL);
            n = tp_record_length(rec);
        }
        KT_CHECK(n >= 2);
        kill(pid, sigs[k]);
        int st = 0;
        waitpid(pid, &st, 0);
        close(in);
        KT_CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 128 + sigs[k]);
        int after = tp_record_length(rec);
        KT_CHECK(after >= n && after >= 2);
        unlink(rec);
    }
}

KT_TEST(core_play_replay_refuses_huge_input_and_shows_the_log)
{
    int rc = -1;
    char *out = tp_run("replay /dev/zero", "", &rc);
    KT_CHECK(out && rc == 2 && strstr(out, "larger than"));
    free(out);
    out = tp_run("replay /dev/zero --log", "", &rc);
    KT_CHECK(out && rc == 2);
    free(out);
    if (!kt_game_find("dominion"))
        return;
    char rec[64] = "/tmp/kt_play_rlog_XXXXXX", args[300];
    int fd = mkstemp(rec);
    KT_REQUIRE(fd >= 0);
    close(fd);
    snprintf(args, sizeof args,
             "play dominion --seats random,random --seed 4 --record %s --turn_limit 6", rec);
    out = tp_run(args, "", &rc);
    KT_CHECK(out && rc == 0);
    free(out);
    const char *views[] = {"", "--viewer 1", "--viewer spectator", "--omniscient"};
    for (int v = 0; v < 4; v++) {
        snprintf(args, sizeof args, "replay %s --log %s", rec, views[v]);
        out = tp_run(args, "", &rc);
        KT_CHECK(out && rc == 0 && strstr(out, "    1  turn 1"));
        free(out);
    }
    snprintf(args, sizeof args, "replay %s --viewer 9", rec);
    out = tp_run(args, "", &rc);
    KT_CHECK(out && rc == 2);
    free(out);
    snprintf(args, sizeof args, "replay %s --viewer 1 --omniscient", rec);
    out = tp_run(args, "", &rc);
    KT_CHECK(out && rc == 2);
    free(out);
    unlink(rec);
}

/* ------------------------------------------------------------ hot seat */

/* Run cli_play_run in a child with `input` as stdin; output returned. */
static char *tp_play_inprocess(cli_pl *P, const char *input, int *rc)
{
    char in[64] = "/tmp/kt_hs_in_XXXXXX", out[64] = "/tmp/kt_hs_out_XXXXXX";
    int fi = mkstemp(in), fo = mkstemp(out);
    if (fi < 0 || fo < 0)
        return NULL;
    if (write(fi, input, strlen(input)) < 0)
        return NULL;
    lseek(fi, 0, SEEK_SET);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fi, 0);
        dup2(fo, 1);
        dup2(fo, 2);
        int r = cli_play_run(P);
        fflush(stdout); /* _exit does not: the end screen */
        _exit(r & 0xff);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    *rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    close(fi);
    close(fo);
    char *text = tp_slurp(out);
    unlink(in);
    unlink(out);
    return text;
}

/* Two humans and a bot bid at once: each human is announced and enters
 * their bid in turn; the second never sees the first's bid before the
 * reveal; the record holds every bid with its bidder. */
KT_TEST(core_play_hot_seat_with_a_simultaneous_decision)
{
    kt_game *g;
    kt_err err;
    KT_OKS(kt_game_new_def(&kt_test_sealed, NULL, 3, 7, NULL, &g, &err), &err);
    kt_state *s = kt_state_new(g);
    cli_pl P;
    tp_seats_human(&P, g, s);
    P.nhumans = 2;
    P.seats[2].human = 0;
    snprintf(P.seats[2].label, sizeof P.seats[2].label, "bot:random");
    KT_OKS(kt_bot_new(g, "random", 1, &P.seats[2].bot, &err), &err);
    snprintf(P.seats[0].label, sizeof P.seats[0].label, "ann");
    snprintf(P.seats[1].label, sizeof P.seats[1].label, "ben");
    P.rec = kt_record_new(g);
    char rec[64] = "/tmp/kt_hs_rec_XXXXXX";
    int fd = mkstemp(rec);
    KT_REQUIRE(fd >= 0 && P.rec);
    close(fd);
    P.record_path = rec;
    /* round 1: Enter (ann's turn), bid 3; Enter (ben's turn), bid 1;
     * round 2: Enter (ann's turn) - her screen shows the log - then the
     * end of input */
    int rc = -1;
    char *out = tp_play_inprocess(&P, "\n3\n\n1\n\n", &rc);
    KT_REQUIRE(out != NULL);
    KT_EQ(rc, 0);
    const char *ann = strstr(out, "===== Player 1 (ann): your turn");
    const char *ben = strstr(out, "===== Player 2 (ben): your turn");
    KT_CHECK(ann && ben && ann < ben);
    if (ann && ben) {
        /* between ben's announcement and ben's bid nothing shows ann's 3 */
        const char *ben_bid = strstr(ben, "> 1\n"); /* the echoed input */
        size_t span = ben_bid ? (size_t)(ben_bid - ben) : strlen(ben);
        char *view = strndup(ben, span);
        KT_CHECK(view && strstr(view, "(ann): bid 3") == NULL && strstr(view, "You bid 3") == NULL);
        KT_CHECK(view && strstr(view, "Player 1 (ann): bids secretly") != NULL);
        free(view);
        /* ann's next screen: her own bid with its private event, the reveal */
        const char *ann2 = strstr(ben, "===== Player 1 (ann): your turn");
        KT_CHECK(ann2 && strstr(ann2, "You: bid 3") && strstr(ann2, "You bid 3."));
        KT_CHECK(ann2 && strstr(ann2, "Player 2 (ben): bids secretly"));
    }
    char *js = tp_slurp(rec);
    /* the bot answered out of turn (player 3, index 2); the humans in turn */
    KT_CHECK(js && strstr(js, "\"bid 3\"") && strstr(js, "\"bid 1\"") &&
             strstr(js, "\"player\":2,\"action\":\"bid "));
    printf("      record: %s\n", js ? js : "(none)");
    free(js);
    free(out);
    unlink(rec);
    cli_play_free(&P);
}

/* ------------------------------------------------------------ issue 26 */

/* Two humans play the test game "guard" hot seat with `input`; the output. */
static char *tp_guard(kt_t *T, const char *input, int lang)
{
    kt_game *g;
    kt_err err;
    if (!KT_OKS(kt_game_new_def(&kt_test_guard, NULL, 2, 5, NULL, &g, &err), &err))
        return NULL;
    kt_state *s = kt_state_new(g);
    cli_pl P;
    tp_seats_human(&P, g, s);
    P.lang = lang;
    snprintf(P.seats[0].label, sizeof P.seats[0].label, "ann");
    snprintf(P.seats[1].label, sizeof P.seats[1].label, "ben");
    int rc = -1;
    char *out = tp_play_inprocess(&P, input, &rc);
    KT_EQ(rc, 0);
    cli_play_free(&P);
    return out;
}

/* A roll after ann's move: her undo is refused and says what was seen. */
KT_TEST(core_play_undo_refused_after_a_roll)
{
    char *out = tp_guard(T, "\nstep\n\nroll\n\nundo\nquit\nyes\n", KT_LANG_EN);
    KT_REQUIRE(out);
    const char *no = strstr(out, "You cannot take that back: after it you saw what was hidden");
    KT_CHECK(no && strstr(no, "Player 2 rolls") && strstr(no, "cannot be unseen"));
    free(out);
    out = tp_guard(T, "\nwarten\n\nwuerfeln\n\nzurück\nbeenden\nja\n", KT_LANG_DE);
    KT_REQUIRE(out);
    KT_CHECK(strstr(out, "Das kann nicht zurückgenommen werden") &&
             strstr(out, "Spieler 2 wuerfelt"));
    free(out);
}

/* Nothing hidden shown since: ann's spend is taken back (3 coins again);
 * a peek is seen only by ben, yet in hot seat every human counts. */
KT_TEST(core_play_undo_allowed_when_nothing_was_revealed)
{
    char *out = tp_guard(T, "\nspend\n\nstep\n\nundo\nquit\nyes\n", KT_LANG_EN);
    KT_REQUIRE(out);
    const char *back = strstr(out, "> undo");
    KT_CHECK(back && !strstr(out, "cannot take that back") &&
             strstr(back, "player 1: 3 coins, 0 points"));
    KT_CHECK(strstr(out, "player 1: 2 coins, 1 points") != NULL); /* before the undo */
    free(out);
    out = tp_guard(T, "\nstep\n\npeek\n\nundo\nquit\nyes\n", KT_LANG_EN);
    KT_REQUIRE(out);
    KT_CHECK(strstr(out, "after it player 2 (ben) saw what was hidden") &&
             strstr(out, "Player 2: peek") &&
             !strstr(out, "You see the card")); /* ben's look stays his */
    free(out);
}

/* What an action spends (kt_action_info costs) stands in the menu, in the
 * player's language (issue 29: costs were hidden until after the choice). */
KT_TEST(core_play_menu_shows_what_an_action_costs)
{
    char *out = tp_guard(T, "\nquit\nyes\n", KT_LANG_EN);
    KT_REQUIRE(out);
    KT_CHECK(strstr(out, ") spend (1 coin)") != NULL);
    free(out);
    out = tp_guard(T, "\nbeenden\nja\n", KT_LANG_DE);
    KT_REQUIRE(out);
    KT_CHECK(strstr(out, ") ausgeben (1 Münze)") != NULL);
    free(out);
}

/* Spending the last coin asks first; "no" keeps the game going. */
KT_TEST(core_play_asks_before_a_move_the_game_warns_about)
{
    const char *in = "\nspend\n\nspend\n\nspend\n\nspend\n\nspend\nno\nstep\n\nspend\nyes\n";
    char *out = tp_guard(T, in, KT_LANG_EN);
    KT_REQUIRE(out);
    const char *ask = strstr(out, "This spends your last coin: you lose at once.");
    KT_CHECK(ask && strstr(ask, "Really? (yes/no)") && strstr(ask, "Not done."));
    KT_CHECK(strstr(out, "Game over") != NULL);
    /* the first two spends asked nothing */
    KT_CHECK(ask && strstr(out, "Really?") == strstr(ask, "Really?"));
    free(out);
    out = tp_guard(T, "\nausgeben\n\nausgeben\n\nausgeben\n\nausgeben\n\nausgeben\nnein\nbeenden\nja\n",
                   KT_LANG_DE);
    KT_REQUIRE(out);
    KT_CHECK(strstr(out, "letzte Münze") && strstr(out, "Wirklich? (ja/nein)") &&
             strstr(out, "Nicht ausgeführt."));
    free(out);
}
