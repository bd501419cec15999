/*
 * play.c - `kontor play GAME --seats human,bot:SPEC,...`: play in the terminal.
 *
 * Data layout: one kt_state for the game plus a growing array of snapshots
 * (state copies, one per applied action) so `undo` can step back to the
 * human's previous decision; the record (kt_record) is truncated alongside.
 * Every human view goes through kt_render/kt_action_text for that player
 * (hidden information is never shown).  With several humans (hot seat) the
 * screen announces whose turn it is before showing their view.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

typedef struct seat {
    int human;
    char label[128];
    kt_bot *bot;
} seat;

typedef struct session {
    kt_game *g;
    kt_state *s;
    seat seats[KT_MAX_PLAYERS];
    int nseats;
    int lang;
    kt_record *rec;
    const char *record_path;
    unsigned char *snaps; /* snapshot i = state before action i */
    size_t nsnaps, capsnaps;
    int last_viewer;      /* last human who was shown the board (hot seat) */
    int nhumans;
} session;

static void play_usage(FILE *f)
{
    fprintf(f,
            "usage: kontor play GAME --seats SEAT,SEAT,... [--seed N] [--lang en|de]\n"
            "                   [--record FILE] [--load STATE.json] [game options]\n\n"
            "  SEAT is `human` or `bot:SPEC` (e.g. bot:bmu, bot:heuristic, bot:mcts:time=200,\n"
            "  bot:file=my.bot); the number of seats is the number of players.\n"
            "  Game options: `--name value` or `-o name=value` (see `kontor games GAME`).\n\n"
            "At your prompt: a number or the action text (\"buy Silver\"), `help`, `board`,\n"
            "`undo` (back to your previous decision), `save FILE` (full state), `quit`.\n");
}

static int snap_push(session *ss)
{
    size_t sz = kt_state_size(ss->g);
    if (ss->nsnaps == ss->capsnaps) {
        size_t cap = ss->capsnaps ? ss->capsnaps * 2 : 64;
        unsigned char *p = realloc(ss->snaps, cap * sz);
        if (!p)
            return 0;
        ss->snaps = p;
        ss->capsnaps = cap;
    }
    memcpy(ss->snaps + ss->nsnaps * sz, ss->s, sz);
    ss->nsnaps++;
    return 1;
}

static void write_record(session *ss)
{
    if (!ss->record_path || !ss->rec)
        return;
    char *js = kt_record_json(ss->rec);
    FILE *f = js ? fopen(ss->record_path, "w") : NULL;
    if (!f || fputs(js, f) < 0) {
        fprintf(stderr, "kontor play: cannot write record '%s'\n", ss->record_path);
    } else {
        printf("Record written to %s (replay with `kontor replay %s`).\n", ss->record_path,
               ss->record_path);
    }
    if (f)
        fclose(f);
    kt_free(js);
}

static int apply_logged(session *ss, kt_action a)
{
    kt_err err;
    if (!snap_push(ss) || kt_record_add(ss->rec, ss->s, a) != KT_OK) {
        fprintf(stderr, "kontor play: out of memory\n");
        return 0;
    }
    if (kt_apply(ss->g, ss->s, a, &err) != KT_OK) {
        fprintf(stderr, "kontor play: %s\n", err.msg);
        ss->nsnaps--;
        kt_record_truncate(ss->rec, kt_record_length(ss->rec) - 1);
        return 0;
    }
    return 1;
}

/* Who should read the log line for an action taken by `actor`: the single
 * human, or in hot seat the human who last looked (others' secrets stay
 * redacted for them). */
static int log_viewer(const session *ss)
{
    return ss->last_viewer;
}

static void print_action_line(session *ss, int actor, kt_action a)
{
    char txt[256];
    kt_action_text(ss->g, ss->s, a, log_viewer(ss), ss->lang, txt, sizeof txt);
    printf("  %s (player %d): %s\n", ss->seats[actor].label, actor + 1, txt);
}

/* Prints the board for `viewer`; returns the text (caller frees) so the
 * choices can avoid repeating the prompt. */
static char *show_board(session *ss, int viewer)
{
    char *r = kt_render(ss->g, ss->s, viewer, ss->lang);
    if (r) {
        fputs(r, stdout);
        if (r[0] && r[strlen(r) - 1] != '\n')
            putchar('\n');
    }
    return r;
}

static void show_choices(session *ss, int viewer, const kt_action *acts, int n,
                         const char *board)
{
    /* the board usually ends with the prompt; repeat it only if not */
    char *pr = kt_prompt(ss->g, ss->s, ss->lang);
    if (pr && (!board || !strstr(board, pr)))
        printf("%s\n", pr);
    kt_free(pr);
    printf("Choices for player %d (%s):\n", viewer + 1, ss->seats[viewer].label);
    /* columns of numbered choices, width by the longest text */
    char txt[256];
    size_t w = 0;
    for (int i = 0; i < n; i++) {
        size_t l = kt_action_text(ss->g, ss->s, acts[i], viewer, ss->lang, txt, sizeof txt);
        if (l > w)
            w = l;
    }
    int colw = (int)w + 7;
    int cols = colw > 0 ? 96 / colw : 1;
    if (cols < 1)
        cols = 1;
    for (int i = 0; i < n; i++) {
        kt_action_text(ss->g, ss->s, acts[i], viewer, ss->lang, txt, sizeof txt);
        printf("  %3d) %-*s", i + 1, (int)w, txt);
        if ((i + 1) % cols == 0 || i + 1 == n)
            putchar('\n');
    }
}

/* Undo back to the state before this human's previous decision. */
static int undo(session *ss, int human)
{
    size_t sz = kt_state_size(ss->g);
    size_t i = ss->nsnaps;
    while (i > 0) {
        i--;
        const kt_state *st = (const kt_state *)(const void *)(ss->snaps + i * sz);
        if (kt_to_move(ss->g, st) == human) {
            memcpy(ss->s, st, sz);
            ss->nsnaps = i;
            kt_record_truncate(ss->rec, (int)i);
            return 1;
        }
    }
    return 0;
}

static void save_state(session *ss, const char *path)
{
    char *js = kt_state_json(ss->g, ss->s);
    FILE *f = js ? fopen(path, "w") : NULL;
    if (!f || fputs(js, f) < 0)
        printf("Cannot write '%s'.\n", path);
    else
        printf("Full state written to %s (note: it contains every hidden card).\n", path);
    if (f)
        fclose(f);
    kt_free(js);
}

/* Reads and applies one human decision; returns 0 to quit. */
static int human_turn(session *ss, int p)
{
    if (ss->nhumans > 1 && ss->last_viewer != p) {
        printf("\n===== Player %d (%s): your turn. Press Enter when only you can see the "
               "screen. =====\n",
               p + 1, ss->seats[p].label);
        char tmp[16];
        if (!fgets(tmp, sizeof tmp, stdin))
            return 0;
    }
    ss->last_viewer = p;
    kt_action acts[KT_LEGAL_MAX];
    int n = kt_legal(ss->g, ss->s, acts, KT_LEGAL_MAX);
    putchar('\n');
    char *board = show_board(ss, p);
    show_choices(ss, p, acts, n, board);
    kt_free(board);
    for (;;) {
        printf("> ");
        fflush(stdout);
        char line[512];
        if (!fgets(line, sizeof line, stdin)) {
            printf("\n(end of input)\n");
            return 0;
        }
        line[strcspn(line, "\r\n")] = '\0';
        char *t = line;
        while (*t == ' ')
            t++;
        if (!*t)
            continue;
        if (!strcmp(t, "quit") || !strcmp(t, "exit") || !strcmp(t, "q"))
            return 0;
        if (!strcmp(t, "help") || !strcmp(t, "?")) {
            char ex[128] = "";
            if (n)
                kt_action_text(ss->g, ss->s, acts[n - 1], p, ss->lang, ex, sizeof ex);
            printf("  Enter a number from the list, or type an action as listed (e.g. \"%s\").\n"
                   "  board: show the board again   undo: back to your previous decision\n"
                   "  save FILE: write the full state   quit: leave (the record is kept)\n",
                   ex);
            continue;
        }
        if (!strcmp(t, "board")) {
            board = show_board(ss, p);
            show_choices(ss, p, acts, n, board);
            kt_free(board);
            continue;
        }
        if (!strcmp(t, "undo")) {
            if (!undo(ss, p))
                printf("  Nothing to undo.\n");
            return 1;
        }
        if (!strncmp(t, "save ", 5)) {
            save_state(ss, t + 5);
            continue;
        }
        char *end;
        long k = strtol(t, &end, 10);
        kt_action a;
        if (!*end) {
            if (k < 1 || k > n) {
                printf("  Choose a number from 1 to %d.\n", n);
                continue;
            }
            a = acts[k - 1];
        } else {
            kt_err err;
            if (kt_action_parse(ss->g, ss->s, t, &a, &err) != KT_OK) {
                printf("  %s\n", err.msg);
                continue;
            }
        }
        return apply_logged(ss, a) ? 1 : 0;
    }
}

static void show_result(session *ss)
{
    printf("\n===== Game over =====\n");
    kt_free(show_board(ss, KT_OMNISCIENT));
    kt_result r;
    kt_result_get(ss->g, ss->s, &r);
    if (!r.finished)
        printf("The game was stopped by the turn limit: no winner.\n");
    for (int p = 0; p < r.nplayers; p++)
        printf("  player %d (%s): %g points, place %d%s\n", p + 1, ss->seats[p].label, r.score[p],
               r.rank[p] + 1, (r.winners >> p) & 1u ? "  ** winner **" : "");
    printf("  game length: %u turns\n", r.turns);
}

static int parse_seats(session *ss, const char *spec, const cli_game_args *ga)
{
    char buf[2048];
    snprintf(buf, sizeof buf, "%s", spec);
    char *parts[KT_MAX_PLAYERS + 1];
    int n = cli_split(buf, ',', parts, KT_MAX_PLAYERS + 1);
    if (n < 1 || n > KT_MAX_PLAYERS) {
        fprintf(stderr, "kontor play: --seats needs 1 to %d comma-separated seats\n",
                KT_MAX_PLAYERS);
        return 0;
    }
    if (ga->players && ga->players != n) {
        fprintf(stderr, "kontor play: --players %d but %d seats given\n", ga->players, n);
        return 0;
    }
    ss->nseats = n;
    for (int i = 0; i < n; i++) {
        seat *st = &ss->seats[i];
        if (!strcmp(parts[i], "human") || !strncmp(parts[i], "human:", 6)) {
            st->human = 1;
            snprintf(st->label, sizeof st->label, "%s", parts[i][5] ? parts[i] + 6 : "you");
            ss->nhumans++;
        } else if (!strncmp(parts[i], "bot:", 4) && parts[i][4]) {
            snprintf(st->label, sizeof st->label, "%s", parts[i]);
        } else {
            fprintf(stderr, "kontor play: seat '%s' must be `human` or `bot:SPEC`\n", parts[i]);
            return 0;
        }
    }
    return 1;
}

static int make_bots(session *ss, uint64_t seed)
{
    for (int i = 0; i < ss->nseats; i++) {
        seat *st = &ss->seats[i];
        kt_record_set_seat(ss->rec, i, st->human ? "human" : st->label);
        if (st->human)
            continue;
        kt_err err;
        if (kt_bot_new(ss->g, st->label + 4, seed + 7919u * (uint64_t)(i + 1), &st->bot, &err) !=
            KT_OK) {
            fprintf(stderr, "kontor play: seat %d: %s\n", i + 1, err.msg);
            return 0;
        }
    }
    return 1;
}

static void session_free(session *ss)
{
    for (int i = 0; i < ss->nseats; i++)
        kt_bot_free(ss->seats[i].bot);
    kt_record_free(ss->rec);
    if (ss->g)
        kt_state_free(ss->g, ss->s);
    kt_game_free(ss->g);
    free(ss->snaps);
}

static int setup_game(session *ss, const cli_game_args *ga, const char *load_path)
{
    kt_err err;
    if (load_path) {
        char *txt = cli_read_file(load_path, NULL);
        if (!txt) {
            fprintf(stderr, "kontor play: cannot read '%s'\n", load_path);
            return 0;
        }
        kt_status st = kt_load_json(txt, NULL, &ss->g, &ss->s, &err);
        free(txt);
        if (st != KT_OK) {
            fprintf(stderr, "kontor play: %s: %s\n", load_path, err.msg);
            return 0;
        }
        if (kt_game_players(ss->g) != ss->nseats) {
            fprintf(stderr, "kontor play: the saved game has %d players but %d seats were given\n",
                    kt_game_players(ss->g), ss->nseats);
            return 0;
        }
        return 1;
    }
    if (kt_game_new(ga->game, ga->options, ss->nseats, ga->seed, NULL, &ss->g, &err) != KT_OK) {
        fprintf(stderr, "kontor play: %s\n", err.msg);
        return 0;
    }
    ss->s = kt_state_new(ss->g);
    return ss->s != NULL;
}

int cli_play(int argc, char **argv)
{
    cli_game_args ga;
    if (cli_parse_game_args(argc, argv, &ga, "play", "--seats,--record,--load", "--help,-h"))
        return 2;
    const char *seats = NULL, *load = NULL;
    session ss;
    memset(&ss, 0, sizeof ss);
    ss.lang = ga.lang;
    ss.last_viewer = -1;
    for (int i = 0; i < ga.nrest; i++) {
        if (!strcmp(ga.rest[i], "--help") || !strcmp(ga.rest[i], "-h")) {
            play_usage(stdout);
            return 0;
        }
        if (!strcmp(ga.rest[i], "--seats"))
            seats = ga.rest[++i];
        else if (!strcmp(ga.rest[i], "--record"))
            ss.record_path = ga.rest[++i];
        else if (!strcmp(ga.rest[i], "--load"))
            load = ga.rest[++i];
        else {
            fprintf(stderr, "kontor play: unexpected argument '%s'\n", ga.rest[i]);
            return 2;
        }
    }
    if (!ga.game && !load) {
        play_usage(stderr);
        return 2;
    }
    if (!seats) {
        fprintf(stderr, "kontor play: --seats is required (e.g. --seats human,bot:heuristic)\n");
        return 2;
    }
    int rc = 2;
    if (!parse_seats(&ss, seats, &ga) || !setup_game(&ss, &ga, load))
        goto out;
    ss.rec = kt_record_new(ss.g);
    if (!ss.rec || !make_bots(&ss, kt_game_seed(ss.g)))
        goto out;
    if (ss.nhumans == 1)
        for (int i = 0; i < ss.nseats; i++)
            if (ss.seats[i].human)
                ss.last_viewer = i;
    printf("kontor: %s, %d players, seed %llu%s%s\n", kt_game_def(ss.g)->title, ss.nseats,
           (unsigned long long)kt_game_seed(ss.g), *kt_game_options(ss.g) ? ", options " : "",
           kt_game_options(ss.g));
    if (load)
        printf("Continuing the saved position from %s (undo reaches back to it, not further; "
               "the record starts here).\n",
               load);
    int quit = 0;
    while (!kt_is_over(ss.g, ss.s) && !quit) {
        int p = kt_to_move(ss.g, ss.s);
        if (ss.seats[p].human) {
            quit = !human_turn(&ss, p);
            continue;
        }
        kt_action a;
        kt_err err;
        if (kt_bot_choose(ss.seats[p].bot, ss.s, &a, &err) != KT_OK) {
            fprintf(stderr, "kontor play: bot of player %d failed: %s\n", p + 1, err.msg);
            break;
        }
        print_action_line(&ss, p, a);
        if (!apply_logged(&ss, a))
            break;
    }
    if (kt_is_over(ss.g, ss.s))
        show_result(&ss);
    else
        printf("Game left unfinished.\n");
    if (!load)
        write_record(&ss);
    rc = 0;
out:
    session_free(&ss);
    return rc;
}
