/*
 * screen.c - what a human sees and types in `kontor play`: the screen (the
 * board as kt_render draws it for that player, the last lines of the game
 * log as that player may see them, the prompt and the menu) within
 * P->rows x P->cols (40 x 120), the commands in English and German, and
 * help for the game's components.
 *
 * Data layout: nothing of its own beyond one turn.  A turn holds the menu
 * (menu.c) and the rendered board; the log comes from the history in
 * cli_pl (play.c) through kt_events_json.  Log lines the screen has no
 * room for are printed above it first, so nothing that happened is lost
 * and the screen itself fits the terminal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

#define SC_MAX_TOP 20   /* entries of a menu's top level before folding: a handful of
                         * buys is no submenu (5 columns: 4 lines) */
#define SC_LOG_MAX 8    /* log lines on the screen at most */

/* ------------------------------------------------------------ commands */

static const struct {
    const char *word;
    cli_cmd cmd;
} sc_words[] = {
    {.word = "help", .cmd = CLI_CMD_HELP},   {.word = "?", .cmd = CLI_CMD_HELP},
    {.word = "hilfe", .cmd = CLI_CMD_HELP},  {.word = "board", .cmd = CLI_CMD_BOARD},
    {.word = "brett", .cmd = CLI_CMD_BOARD}, {.word = "log", .cmd = CLI_CMD_LOG},
    {.word = "protokoll", .cmd = CLI_CMD_LOG}, {.word = "undo", .cmd = CLI_CMD_UNDO},
    {.word = "zurueck", .cmd = CLI_CMD_UNDO}, {.word = "rueckgaengig", .cmd = CLI_CMD_UNDO},
    {.word = "save", .cmd = CLI_CMD_SAVE},   {.word = "speichern", .cmd = CLI_CMD_SAVE},
    {.word = "quit", .cmd = CLI_CMD_QUIT},   {.word = "exit", .cmd = CLI_CMD_QUIT},
    {.word = "beenden", .cmd = CLI_CMD_QUIT}, {.word = "back", .cmd = CLI_CMD_BACK},
    {.word = "..", .cmd = CLI_CMD_BACK},
};

cli_cmd cli_command(const char *line, const char **arg)
{
    while (*line == ' ' || *line == '\t')
        line++;
    size_t w = strcspn(line, " \t");
    char word[64], norm[64];
    if (w == 0 || w >= sizeof word)
        return CLI_CMD_NONE;
    memcpy(word, line, w);
    word[w] = '\0';
    cli_norm(word, norm, sizeof norm);
    const char *rest = line + w;
    while (*rest == ' ' || *rest == '\t')
        rest++;
    for (size_t i = 0; i < sizeof sc_words / sizeof sc_words[0]; i++) {
        if (strcmp(norm, sc_words[i].word))
            continue;
        cli_cmd c = sc_words[i].cmd;
        /* only help and save take an argument: "undo x" is not a command */
        if (*rest && c != CLI_CMD_HELP && c != CLI_CMD_SAVE)
            return CLI_CMD_NONE;
        if (c == CLI_CMD_SAVE && !*rest)
            return CLI_CMD_NONE;
        *arg = rest;
        return c;
    }
    return CLI_CMD_NONE;
}

/* ------------------------------------------------------------ text */

static int sc_de(const cli_pl *P) { return P->lang == KT_LANG_DE; }

/* Append `text` wrapped at `width` columns (continuation lines indented). */
static void sc_wrap(cli_sb *out, const char *text, int width, int indent)
{
    const char *p = text;
    int first = 1;
    while (*p) {
        size_t avail = (size_t)width - (first ? 0 : (size_t)indent);
        size_t end = cli_width_cut(p, avail);
        if (p[end]) { /* break at the last space that fits */
            size_t sp = end;
            while (sp > 0 && p[sp] != ' ')
                sp--;
            if (sp > 0)
                end = sp;
        }
        if (!first)
            cli_sb_printf(out, "%*s", indent, "");
        cli_sb_put(out, p, end);
        cli_sb_put(out, "\n", 1);
        p += end;
        while (*p == ' ')
            p++;
        first = 0;
    }
}

static void sc_player_name(const cli_pl *P, int p, int viewer, char *out, size_t cap)
{
    if (p < 0)
        snprintf(out, cap, "-");
    else if (p == viewer && !P->no_you)
        snprintf(out, cap, "%s", sc_de(P) ? "Du" : "You");
    else
        snprintf(out, cap, "%s %d (%s)", sc_de(P) ? "Spieler" : "Player", p + 1,
                 P->seats[p].label);
}

void cli_play_log(const cli_pl *P, size_t from, size_t to, int viewer, cli_sb *out)
{
    cli_event *ev = malloc(sizeof *ev * 256);
    if (!ev)
        return;
    for (size_t i = from; i < to && i < P->n; i++) {
        const kt_state *before = cli_play_before(P, i);
        const kt_state *after = i + 1 < P->n ? cli_play_before(P, i + 1) : P->s;
        char *js = kt_events_json(P->g, before, P->actor[i], P->acts[i], after, viewer,
                                  P->lang, NULL);
        int n = cli_events_parse(js, ev, 256);
        kt_free(js);
        for (int k = 0; k < n; k++) {
            char line[700], who[200];
            if (!strcmp(ev[k].kind, "action")) {
                sc_player_name(P, ev[k].player, viewer, who, sizeof who);
                snprintf(line, sizeof line, "%s: %s", who, ev[k].text);
                sc_wrap(out, line, P->cols, 6);
            } else {
                snprintf(line, sizeof line, "    %s", ev[k].text);
                sc_wrap(out, line, P->cols, 6);
            }
        }
    }
    free(ev);
}

/* "Since your last turn": one line per other player with their actions
 * of [from, to), the newest kept when the line is too long (older ones
 * become "..."), for screens whose log does not fit: the lines of the full
 * log scroll by above the screen, this stays beside the prompt.  Returns
 * the number of lines written. */
static int sc_summary(const cli_pl *P, size_t from, size_t to, int viewer, cli_sb *out)
{
    cli_event *ev = malloc(sizeof *ev * 256);
    cli_sb line[KT_MAX_PLAYERS];
    int count[KT_MAX_PLAYERS] = {0}, lines = 0;
    memset(line, 0, sizeof line);
    if (!ev)
        return 0;
    for (size_t i = from; i < to && i < P->n; i++) {
        const kt_state *before = cli_play_before(P, i);
        const kt_state *after = i + 1 < P->n ? cli_play_before(P, i + 1) : P->s;
        char *js = kt_events_json(P->g, before, P->actor[i], P->acts[i], after, viewer,
                                  P->lang, NULL);
        int n = cli_events_parse(js, ev, 256);
        kt_free(js);
        for (int k = 0; k < n; k++) {
            int pl = ev[k].player;
            if (strcmp(ev[k].kind, "action") || pl < 0 || pl >= P->nseats || pl == viewer)
                continue;
            cli_sb_printf(&line[pl], "%s%s", line[pl].len ? "; " : "", ev[k].text);
            count[pl]++;
        }
    }
    free(ev);
    for (int pl = 0; pl < P->nseats; pl++) {
        if (!line[pl].len)
            continue;
        if (!lines++)
            cli_sb_printf(out, sc_de(P) ? "Seit deinem letzten Zug:\n" : "Since your last turn:\n");
        char who[200], head[260];
        sc_player_name(P, pl, viewer, who, sizeof who);
        snprintf(head, sizeof head, "  %s: ", who);
        size_t room = (size_t)P->cols - cli_width(head);
        const char *text = line[pl].p;
        if (cli_width(text) > room) { /* keep the newest actions */
            const char *cut = text;
            while (cli_width(cut) > room - 4) {
                const char *semi = strstr(cut, "; ");
                if (!semi)
                    break;
                cut = semi + 2;
            }
            cli_sb_printf(out, "%s... %.*s\n", head, (int)cli_width_cut(cut, room - 4), cut);
        } else {
            cli_sb_printf(out, "%s%s\n", head, text);
        }
        cli_sb_free(&line[pl]);
        lines++;
    }
    return lines;
}

/* ------------------------------------------------------------ help */

void cli_play_help(const cli_pl *P, int p, cli_sb *out)
{
    (void)p;
    if (sc_de(P)) {
        cli_sb_printf(
            out,
            "Befehle (englische Wörter gehen auch):\n"
            "  NUMMER / SCHLÜSSEL  den Eintrag wählen; Zahlen, die auf dem Brett stehen\n"
            "                      (z.B. Catans Ecken), wählen genau diese Stelle\n"
            "  Name (k) >          ein Untermenü mit k Zügen: öffnen mit seiner Nummer oder\n"
            "                      seinem Namen; leere Eingabe führt zurück\n"
            "  Zugtext             z.B. \"kaufe Silber\", \"spiele Geldkarten\", \"Zug beenden\"\n"
            "  hilfe NAME, ? NAME  was eine Karte, ein Plättchen, eine Figur ... tut\n"
            "  brett               das Brett noch einmal zeigen\n"
            "  protokoll           das ganze Spielprotokoll, wie du es sehen darfst\n"
            "  zurück              zurück zu deiner vorigen Entscheidung, außer wenn seitdem\n"
            "                      Verborgenes oder Zufall gezeigt wurde (rückgängig)\n"
            "  speichern DATEI     den vollständigen Spielstand schreiben (mit allem\n"
            "                      Verborgenen: nicht für Mitspieler!)\n"
            "  beenden             das Spiel verlassen; %s\n"
            "Die Zeichen auf dem Brett erklärt die Legende des Spiels auf dem Brett.\n",
            P->record_path ? "die Aufzeichnung enthält jeden Zug"
                           : "ohne --record DATEI wird nichts aufgezeichnet");
        return;
    }
    cli_sb_printf(
        out,
        "Commands (the German words work too):\n"
        "  NUMBER / KEY     choose that entry; numbers printed on the board (e.g. Catan's\n"
        "                   vertices) choose exactly that place\n"
        "  name (k) >       a submenu of k actions: open it with its number or its name;\n"
        "                   an empty line goes back\n"
        "  action text      e.g. \"buy Silver\", \"play treasures\", \"end turn\"\n"
        "  help NAME, ? NAME  what a card, tile, character ... does (hilfe NAME)\n"
        "  board            show the board again (brett)\n"
        "  log              the whole game log as you may see it (protokoll)\n"
        "  undo             back to your previous decision, unless something hidden or\n"
        "                   random was shown since (zurück)\n"
        "  save FILE        write the full state, hidden information included: not for\n"
        "                   the other players' eyes (speichern)\n"
        "  quit             leave the game (beenden); %s\n"
        "The marks on the board are explained by the game's legend on the board.\n",
        P->record_path ? "the record file holds every move" : "no record is kept without --record FILE");
}

void cli_play_describe(const cli_pl *P, const char *name)
{
    char *text = NULL;
    kt_err err;
    if (kt_game_describe(kt_game_name(P->g), name, P->lang, NULL, &text, &err) != KT_OK) {
        printf("  %s\n", err.msg);
        return;
    }
    cli_sb b = {0};
    const char *t = text;
    while (*t) { /* wrap long paragraphs */
        size_t n = strcspn(t, "\n");
        char *line = malloc(n + 1);
        if (!line)
            break;
        memcpy(line, t, n);
        line[n] = '\0';
        if (n)
            sc_wrap(&b, line, P->cols - 2, 2);
        else
            cli_sb_put(&b, "\n", 1);
        free(line);
        t += n + (t[n] == '\n');
    }
    if (b.p)
        fputs(b.p, stdout);
    cli_sb_free(&b);
    kt_free(text);
}

/* ------------------------------------------------------------ the screen */

typedef struct sc_turn {
    cli_pl *P;
    int p;
    cli_menu menu;
    char *board;   /* kt_render for p, or NULL */
    char *prompt;  /* kt_prompt_as for p */
    int prompt_in_board;
} sc_turn;

static void sc_header(const sc_turn *t, cli_sb *out)
{
    const cli_pl *P = t->P;
    const char *c1 = P->color ? "\033[1m" : "", *c0 = P->color ? "\033[0m" : "";
    const char *what = t->prompt_in_board || !t->prompt || !*t->prompt
                           ? (sc_de(P) ? "Deine Wahl (hilfe: Befehle):"
                                       : "Your choice (help: commands):")
                           : t->prompt;
    cli_sb line = {0};
    cli_sb_printf(&line, "%s[%s %d, %s]%s %s", c1, sc_de(P) ? "Spieler" : "Player", t->p + 1,
                  P->seats[t->p].label, c0, what);
    sc_wrap(out, line.p ? line.p : "", P->cols, 2); /* a long German prompt: two lines */
    cli_sb_free(&line);
}

/* Compose the screen: `above` gets the log lines older than the screen has
 * room for (they scroll by first), `screen` the board, the newest log
 * lines, the prompt line and the menu.  Marks the log as seen. */
static void sc_compose(sc_turn *t, int with_log, cli_sb *above, cli_sb *screen)
{
    cli_pl *P = t->P;
    cli_sb log = {0}, menu = {0};
    size_t seen_from = P->seats[t->p].seen;
    if (with_log && P->seats[t->p].seen < P->n)
        cli_play_log(P, P->seats[t->p].seen, P->n, t->p, &log);
    P->seats[t->p].seen = P->n;
    int board_lines = cli_count_lines(t->board);
    int menu_lines = cli_menu_render(&t->menu, P->cols, P->color, P->lang, &menu);
    /* a header line and the input line; fold harder while the menu leaves
     * no room for the log */
    cli_sb head = {0};
    sc_header(t, &head);
    int head_lines = cli_count_lines(head.p);
    int room = P->rows - board_lines - head_lines - menu_lines - 1;
    for (int max_top = SC_MAX_TOP - 2; room < 2 && max_top >= 0; max_top -= 2) {
        cli_menu_refold(&t->menu, max_top > 2 ? max_top : 2, max_top > 0 ? 1 : 2);
        cli_sb_free(&menu);
        menu_lines = cli_menu_render(&t->menu, P->cols, P->color, P->lang, &menu);
        room = P->rows - board_lines - head_lines - menu_lines - 1;
    }
    int log_lines = cli_count_lines(log.p);
    int tail = log_lines < room ? log_lines : room;
    if (tail > SC_LOG_MAX)
        tail = SC_LOG_MAX;
    if (tail < 0)
        tail = 0;
    /* the log does not fit: all of it scrolls by above, and the screen
     * says what each other player did since this one's last turn */
    cli_sb sum = {0};
    if (tail < log_lines && with_log) {
        int sl = sc_summary(P, seen_from, P->n, t->p, &sum);
        /* fold the menu harder to make room for the summary (it is what
         * the player has not seen: the menu can be opened again) */
        for (int max_top = SC_MAX_TOP - 2; sl > room && max_top >= 0; max_top -= 2) {
            cli_menu_refold(&t->menu, max_top > 2 ? max_top : 2, max_top > 0 ? 1 : 2);
            cli_sb_free(&menu);
            menu_lines = cli_menu_render(&t->menu, P->cols, P->color, P->lang, &menu);
            room = P->rows - board_lines - head_lines - menu_lines - 1;
        }
        if (sl <= 0 || sl > room) {
            cli_sb_free(&sum);
        } else { /* and below it the newest lines that still fit (the roll) */
            tail = room - sl < tail ? room - sl : tail;
            tail = tail < 0 ? 0 : tail;
        }
    }
    const char *split = log.p ? log.p : "";
    for (int k = log_lines - tail; k > 0 && *split; k--)
        split += strcspn(split, "\n") + (split[strcspn(split, "\n")] == '\n');
    if (log.p && split > log.p)
        cli_sb_put(above, log.p, (size_t)(split - log.p));
    if (t->board) {
        cli_sb_put(screen, t->board, strlen(t->board));
        if (*t->board && t->board[strlen(t->board) - 1] != '\n')
            cli_sb_put(screen, "\n", 1);
    }
    if (sum.p)
        cli_sb_put(screen, sum.p, sum.len);
    cli_sb_put(screen, split, strlen(split));
    if (head.p)
        cli_sb_put(screen, head.p, head.len);
    if (menu.p)
        cli_sb_put(screen, menu.p, menu.len);
    cli_sb_free(&head);
    cli_sb_free(&sum);
    cli_sb_free(&log);
    cli_sb_free(&menu);
}

static void sc_show(sc_turn *t, int with_log)
{
    cli_sb above = {0}, screen = {0};
    sc_compose(t, with_log, &above, &screen);
    if (above.p)
        fputs(above.p, stdout);
    if (screen.p)
        fputs(screen.p, stdout);
    fflush(stdout);
    cli_sb_free(&above);
    cli_sb_free(&screen);
}

static void sc_show_menu(sc_turn *t)
{
    cli_sb menu = {0};
    cli_menu_render(&t->menu, t->P->cols, t->P->color, t->P->lang, &menu);
    fputs(menu.p ? menu.p : "", stdout);
    cli_sb_free(&menu);
}

static int sc_prepare(sc_turn *t)
{
    cli_pl *P = t->P;
    int lang = P->lang | (P->color ? KT_COLOR : 0);
    kt_render_text(P->g, P->s, t->p, lang, &t->board, NULL);
    t->prompt = kt_prompt_as(P->g, P->s, t->p, P->lang);
    t->prompt_in_board = t->board && t->prompt && *t->prompt && strstr(t->board, t->prompt);
    return cli_menu_build(&t->menu, P->g, P->s, t->p, P->lang, SC_MAX_TOP);
}

static void sc_release(sc_turn *t)
{
    kt_free(t->board);
    kt_free(t->prompt);
    cli_menu_free(&t->menu);
}

/* Shared verbs typed in German where the game's text is English (or the
 * other way round): "kaufe Silber" is tried as "buy Silber" too. */
static int sc_parse_verbs(const cli_pl *P, int p, const char *line, kt_action *out)
{
    static const struct {
        const char *de, *en;
    } verbs[] = {
        {.de = "kaufe ", .en = "buy "},     {.de = "spiele ", .en = "play "},
        {.de = "baue ", .en = "build "},    {.de = "zug beenden", .en = "end turn"},
        {.de = "fertig", .en = "done"},     {.de = "spiele geldkarten", .en = "play treasures"},     {.de = "passen", .en = "pass"},
        {.de = "passe", .en = "pass"},
    };
    char norm[512], alt[600];
    cli_norm(line, norm, sizeof norm);
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
        const char *from = verbs[i].de, *to = verbs[i].en;
        for (int dir = 0; dir < 2; dir++) {
            size_t k = strlen(from);
            if (!strncmp(norm, from, k) && (from[k - 1] == ' ' || !norm[k])) {
                snprintf(alt, sizeof alt, "%s%s", to, norm + k);
                if (kt_action_parse_as(P->g, P->s, p, alt, out, NULL) == KT_OK)
                    return 1;
            }
            from = verbs[i].en;
            to = verbs[i].de;
        }
    }
    return 0;
}

/* "price 900" where the menu offers ranges ("price 880-1100"): the one
 * item whose text is the same words with a range holding the number.
 * 1 exact or found, 0 none. */
static int sc_range_pick(const sc_turn *t, const char *line, kt_action *out)
{
    char want[256];
    cli_norm(line, want, sizeof want);
    char *sp = strrchr(want, ' ');
    if (!sp || !sp[1] || strspn(sp + 1, "0123456789") != strlen(sp + 1))
        return 0;
    long v = strtol(sp + 1, NULL, 10);
    size_t pre = (size_t)(sp - want);
    int found = 0;
    for (int i = 0; i < t->menu.n; i++) {
        char have[256];
        cli_norm(t->menu.items[i].text, have, sizeof have);
        if (strncmp(have, want, pre + 1))
            continue;
        const char *r = have + pre + 1;
        char *dash;
        long lo = strtol(r, &dash, 10), hi;
        if (dash == r || *dash != '-')
            continue;
        char *end;
        hi = strtol(dash + 1, &end, 10);
        if (end == dash + 1 || *end || v < lo || v > hi)
            continue;
        if (found++)
            return 0; /* two ranges hold it: not one choice */
        *out = t->menu.items[i].a;
    }
    return found == 1;
}

/* The value typed ahead (P->ahead) at this decision: its exact action, or
 * the range step holding it.  1 with *out, 0 when it does not apply (then
 * it is forgotten). */
static int sc_ahead(sc_turn *t, kt_action *out)
{
    cli_pl *P = t->P;
    if (!P->ahead[0] || P->ahead_player != t->p)
        return 0;
    if (kt_action_parse_lang(P->g, P->s, t->p, P->ahead, P->lang, out, NULL) == KT_OK) {
        P->ahead[0] = '\0'; /* reached */
        return 1;
    }
    if (sc_range_pick(t, P->ahead, out))
        return 1;
    P->ahead[0] = '\0';
    return 0;
}

/* One word of the other language's shared verbs ("kaufe" in an English
 * game, "buy" in a German one) opens that word's submenu. */
static int sc_open_verb(sc_turn *t, const char *line)
{
    static const char *const pairs[][2] = {
        {"kaufe", "buy"}, {"spiele", "play"}, {"baue", "build"}, {"verkaufe", "sell"}};
    char norm[64];
    cli_norm(line, norm, sizeof norm);
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        for (int d = 0; d < 2; d++) {
            kt_action a;
            if (!strcmp(norm, pairs[i][d]) && cli_menu_pick(&t->menu, pairs[i][!d], &a) == 2)
                return 1;
        }
    return 0;
}

static void sc_save(const cli_pl *P, const char *path)
{
    char *js = kt_state_json(P->g, P->s);
    char why[512];
    if (!js)
        printf("  %s\n", sc_de(P) ? "Kein Speicher." : "Out of memory.");
    else if (!cli_write_durable(path, js, strlen(js), why, sizeof why))
        printf("  %s\n", why);
    else
        printf(sc_de(P) ? "  Vollständiger Spielstand in %s (mit allem Verborgenen).\n"
                        : "  Full state written to %s (it holds every hidden card).\n",
               path);
    kt_free(js);
}

static int sc_quit(sc_turn *t);

/* Handle a command; returns a CLI_TURN_* verdict or 0 to keep reading. */
static int sc_command(sc_turn *t, cli_cmd c, const char *arg)
{
    cli_pl *P = t->P;
    cli_sb b = {0};
    switch (c) {
    case CLI_CMD_HELP:
        if (*arg) {
            cli_play_describe(P, arg);
        } else {
            cli_play_help(P, t->p, &b);
            fputs(b.p ? b.p : "", stdout);
        }
        break;
    case CLI_CMD_BOARD: sc_show(t, 0); break;
    case CLI_CMD_LOG:
        cli_play_log(P, 0, P->n, t->p, &b);
        fputs(b.p ? b.p : (sc_de(P) ? "  (noch nichts)\n" : "  (nothing yet)\n"), stdout);
        break;
    case CLI_CMD_UNDO: cli_sb_free(&b); return CLI_TURN_UNDO;
    case CLI_CMD_SAVE: sc_save(P, arg); break;
    case CLI_CMD_QUIT: cli_sb_free(&b); return sc_quit(t);
    case CLI_CMD_BACK:
        if (t->menu.open >= 0) {
            t->menu.open = -1;
            sc_show_menu(t);
        }
        break;
    case CLI_CMD_NONE: break;
    }
    cli_sb_free(&b);
    return 0;
}

/* Hot seat: hide the previous player's screen and wait for the next. */
static int sc_handover(cli_pl *P, int p)
{
    if (P->tty)
        fputs("\033[H\033[2J", stdout);
    printf(sc_de(P) ? "\n===== Spieler %d (%s) ist dran. Enter drücken, wenn nur du auf den "
                      "Bildschirm siehst. =====\n"
                    : "\n===== Player %d (%s): your turn. Press Enter when only you can see "
                      "the screen. =====\n",
           p + 1, P->seats[p].label);
    const char *line;
    if (!cli_input_read(&P->in, "", &line) || (P->stop && *P->stop))
        return 0;
    return 1;
}

/* Ask `question` until yes (1) or no (0; an empty line is no); -1 at the
 * end of input. */
static int sc_yes_no(cli_pl *P, const char *question)
{
    for (;;) {
        const char *line;
        if (!cli_input_read(&P->in, question, &line) || (P->stop && *P->stop))
            return -1;
        char n[16];
        cli_norm(line, n, sizeof n);
        if (!strcmp(n, "yes") || !strcmp(n, "y") || !strcmp(n, "ja") || !strcmp(n, "j"))
            return 1;
        if (!strcmp(n, "no") || !strcmp(n, "n") || !strcmp(n, "nein") || !n[0])
            return 0;
        printf(sc_de(P) ? "  ja oder nein?\n" : "  yes or no?\n");
    }
}

/* An action the game warns about (kt_action_warning: Anno 1701's last gold)
 * is applied only after "yes" ("ja").  1 go on, 0 not this one, -1 end of
 * input. */
static int sc_confirm(sc_turn *t, kt_action a)
{
    cli_pl *P = t->P;
    char *w = NULL;
    kt_action_warning(P->g, P->s, t->p, a, P->lang, &w, NULL);
    if (!w)
        return 1;
    printf("  %s\n", w);
    kt_free(w);
    int r = sc_yes_no(P, sc_de(P) ? "Wirklich? (ja/nein) " : "Really? (yes/no) ");
    if (r == 0) {
        printf(sc_de(P) ? "  Nicht ausgeführt.\n" : "  Not done.\n");
        sc_show_menu(t);
    }
    return r;
}

/* quit / beenden: leaving ends the game for everybody at the table, and
 * "Zug beenden" is one slip away from "beenden", so both words ask first
 * (as Board Game Arena asks before one leaves a table). */
static int sc_quit(sc_turn *t)
{
    cli_pl *P = t->P;
    const char *q = sc_de(P) ? (P->record_path ? "Spiel verlassen? Die Aufzeichnung enthält jeden "
                                                 "Zug. (ja/nein) "
                                               : "Spiel verlassen? Ohne --record DATEI geht es "
                                                 "verloren. (ja/nein) ")
                             : (P->record_path ? "Leave the game? The record file holds every "
                                                 "move. (yes/no) "
                                               : "Leave the game? Without --record FILE it is "
                                                 "lost. (yes/no) ");
    int r = sc_yes_no(P, q);
    if (r < 0)
        return CLI_TURN_EOF;
    if (r > 0)
        return CLI_TURN_QUIT;
    printf(sc_de(P) ? "  Es geht weiter.\n" : "  The game goes on.\n");
    sc_show_menu(t);
    return 0;
}

/* A chosen action, after confirmation where the game asks for it. */
static int sc_chosen(sc_turn *t, kt_action a)
{
    int c = sc_confirm(t, a);
    return c > 0 ? CLI_TURN_APPLY : c < 0 ? CLI_TURN_EOF : 0;
}

static int sc_read_loop(sc_turn *t, kt_action *out)
{
    cli_pl *P = t->P;
    for (;;) {
        const char *line;
        if (!cli_input_read(&P->in, t->menu.open >= 0 ? ">> " : "> ", &line) ||
            (P->stop && *P->stop))
            return CLI_TURN_EOF;
        while (*line == ' ' || *line == '\t')
            line++;
        char buf[4100];
        snprintf(buf, sizeof buf, "%s", line);
        size_t len = strlen(buf);
        while (len && (buf[len - 1] == ' ' || buf[len - 1] == '\t'))
            buf[--len] = '\0';
        if (!len) {
            if (t->menu.open >= 0) {
                t->menu.open = -1;
                sc_show_menu(t);
            }
            continue;
        }
        int r = cli_menu_pick(&t->menu, buf, out), v;
        if (r == 1 && (v = sc_chosen(t, *out)) != 0)
            return v;
        if (r == 1)
            continue;
        if (r == 2) {
            sc_show_menu(t);
            continue;
        }
        const char *arg = "";
        cli_cmd c = cli_command(buf, &arg);
        if (c != CLI_CMD_NONE) {
            if ((v = sc_command(t, c, arg)) != 0)
                return v;
            continue;
        }
        kt_err err;
        if (kt_action_parse_lang(P->g, P->s, t->p, buf, P->lang, out, &err) == KT_OK ||
            sc_parse_verbs(P, t->p, buf, out)) {
            if ((v = sc_chosen(t, *out)) != 0)
                return v;
            continue;
        }
        if (len < sizeof P->ahead && sc_range_pick(t, buf, out)) { /* a step of a choice in steps */
            memcpy(P->ahead, buf, len + 1);
            P->ahead_player = t->p;
            if ((v = sc_chosen(t, *out)) != 0)
                return v;
            P->ahead[0] = '\0';
            continue;
        }
        if (sc_open_verb(t, buf)) { /* "kaufe" alone: the buy submenu */
            sc_show_menu(t);
            continue;
        }
        cli_sb msg = {0}, wrapped = {0};
        cli_sb_printf(&msg, "  %s", err.msg);
        sc_wrap(&wrapped, msg.p ? msg.p : "", P->cols, 4);
        printf("%s  %s\n", wrapped.p ? wrapped.p : "",
               sc_de(P) ? "(Nummer, Schlüssel oder Zugtext; \"hilfe\" zeigt die Befehle)"
                        : "(a number, key or action text; \"help\" lists the commands)");
        cli_sb_free(&msg);
        cli_sb_free(&wrapped);
    }
}

int cli_screen_for(cli_pl *P, int p, cli_sb *above, cli_sb *screen)
{
    sc_turn t = {.P = P, .p = p};
    int ok = sc_prepare(&t);
    if (ok)
        sc_compose(&t, 1, above, screen);
    sc_release(&t);
    return ok;
}

int cli_human_turn(cli_pl *P, int p, kt_action *out)
{
    if (P->nhumans > 1 && P->last_viewer != p) {
        if (!sc_handover(P, p))
            return CLI_TURN_EOF;
    }
    P->last_viewer = p;
    sc_turn t = {.P = P, .p = p};
    if (!sc_prepare(&t)) {
        sc_release(&t);
        fprintf(stderr, "kontor play: out of memory\n");
        return CLI_TURN_EOF;
    }
    sc_show(&t, 1);
    if (sc_ahead(&t, out)) {
        char txt[200];
        kt_action_text_as(P->g, P->s, p, *out, p, P->lang, txt, sizeof txt);
        printf("> %s\n", txt); /* as if typed: the transcript shows the step */
        sc_release(&t);
        return CLI_TURN_APPLY;
    }
    int v = sc_read_loop(&t, out);
    sc_release(&t);
    return v;
}
