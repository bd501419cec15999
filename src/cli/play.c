/*
 * play.c - `kontor play GAME --seats human,hard,...`: play in the terminal
 * against bots or friends (hot seat), on the public API only.
 *
 * Data layout (cli_pl in play.h): the configuration and current state;
 * the history - the state before each action applied, the action and who
 * took it (a pending player may act out of turn in simultaneous decisions)
 * - which serves undo and the game log (kt_events_json needs the state
 * before and after each action), and per action the players it showed
 * something hidden or random (kt_action_reveals): undo never goes back past
 * such an action for a human at the table; the record (kt_record) kept in
 * step with the history; one bot per bot seat.
 *
 * Nothing lost: the record file is created when the game starts (a bad path
 * fails before any move) and rewritten atomically (temporary file, fsync,
 * rename) after the human's moves, before any human is asked to decide,
 * at most a quarter of a second after bots' moves, and on the way out.
 * SIGTERM, SIGHUP and SIGINT only set a flag: the loop stops at the next
 * step, writes the record and exits with 128 + the signal.  The flag is the
 * one mutable global of the command (a signal handler can reach nothing
 * else).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "play.h"

#define PL_FLUSH_S 0.25 /* bots' moves reach the record file within this */

/* Signal state: the only mutable globals of the command, because a signal
 * handler can reach nothing else.  pl_waiting is 1 while a human is asked
 * to decide - every move is in the record file then - so the handler may
 * end the process at once (restoring the terminal settings saved at the
 * start); otherwise it only sets pl_signal and the loop stops at the next
 * step, after finishing the write in progress. */
static volatile sig_atomic_t pl_signal, pl_waiting;
static struct termios pl_termios;
static int pl_have_termios;
static char pl_bye[600];
static size_t pl_bye_len;

static void pl_on_signal(int sig)
{
    pl_signal = sig;
    if (!pl_waiting)
        return;
    if (pl_have_termios)
        tcsetattr(STDIN_FILENO, TCSANOW, &pl_termios);
    if (write(STDERR_FILENO, pl_bye, pl_bye_len) < 0) {
        /* nothing more can be done in a signal handler */
    }
    _exit(128 + sig);
}

static void pl_signals(const char *record_path)
{
    pl_have_termios = isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &pl_termios) == 0;
    int n = snprintf(pl_bye, sizeof pl_bye, "\nkontor play: stopped by a signal%s%s\n",
                     record_path ? "; every move is in " : "", record_path ? record_path : "");
    pl_bye_len = n > 0 && (size_t)n < sizeof pl_bye ? (size_t)n : 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = pl_on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a blocking read returns */
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
}

static void play_usage(FILE *f)
{
    fprintf(f,
            "usage: kontor play GAME --seats SEAT,SEAT,... [--seed N] [--lang en|de]\n"
            "                   [--record FILE] [--load STATE.json] [--no-color] [game options]\n\n"
            "  SEAT is `human` (or `human:NAME`) or a bot: `bot:SPEC` or just SPEC, e.g. easy,\n"
            "  medium, hard (the game's bot levels), bot:heuristic, bot:mcts:time=200; the\n"
            "  number of seats is the number of players.  Several humans play hot seat.\n"
            "  Game options: `--name value` or `-o name=value` (see `kontor games GAME`).\n"
            "  --record FILE keeps every move in FILE as it happens (replay it with\n"
            "  `kontor replay FILE`).  Colours only on a terminal, never with NO_COLOR set.\n\n"
            "At your prompt: a menu number or key, or the action text (\"buy Silver\",\n"
            "\"kaufe Silber\"); `help` (hilfe), `help NAME` for a component, `board` (brett),\n"
            "`log` (protokoll), `undo` (zurück), `save FILE` (speichern), `quit` (beenden).\n");
}

/* ------------------------------------------------------------ history */

const kt_state *cli_play_before(const cli_pl *P, size_t i)
{
    return (const kt_state *)(const void *)(P->hist + i * kt_state_size(P->g));
}

static int pl_reserve(cli_pl *P)
{
    if (P->n < P->cap)
        return 1;
    size_t cap = P->cap ? P->cap * 2 : 256, sz = kt_state_size(P->g);
    unsigned char *h = realloc(P->hist, cap * sz);
    if (!h)
        return 0;
    P->hist = h;
    kt_action *a = realloc(P->acts, cap * sizeof *a);
    if (!a)
        return 0;
    P->acts = a;
    signed char *w = realloc(P->actor, cap * sizeof *w);
    if (!w)
        return 0;
    P->actor = w;
    uint32_t *seen = realloc(P->seen, cap * sizeof *seen);
    if (!seen)
        return 0;
    P->seen = seen;
    P->cap = cap;
    return 1;
}

/* Apply action `a` of pending player p, keeping history and record. */
int cli_play_apply(cli_pl *P, int p, kt_action a)
{
    kt_err err;
    size_t sz = kt_state_size(P->g);
    if (!pl_reserve(P) || (P->rec && kt_record_add_as(P->rec, P->s, p, a) != KT_OK)) {
        fprintf(stderr, "kontor play: out of memory\n");
        return 0;
    }
    memcpy(P->hist + P->n * sz, P->s, sz);
    if (kt_apply_as(P->g, P->s, p, a, &err) != KT_OK) {
        fprintf(stderr, "kontor play: %s\n", err.msg);
        if (P->rec)
            kt_record_truncate(P->rec, kt_record_length(P->rec) - 1);
        return 0;
    }
    P->acts[P->n] = a;
    P->actor[P->n] = (signed char)p;
    P->seen[P->n] = 0;
    for (int v = 0; v < P->nseats; v++)
        if (kt_action_reveals(P->g, cli_play_before(P, P->n), p, a, P->s, v) != 0)
            P->seen[P->n] |= 1u << v;
    P->n++;
    return 1;
}

/* Why an undo for human p stops at action j: what it showed a human at
 * the table, told as p saw the action (another human's look stays theirs). */
static void pl_refuse(const cli_pl *P, int p, size_t j, uint32_t humans)
{
    int de = P->lang == KT_LANG_DE, who = p;
    while (!((P->seen[j] & humans) >> who & 1u))
        who = (who + 1) % P->nseats;
    const kt_state *after = j + 1 < P->n ? cli_play_before(P, j + 1) : P->s;
    char *why = NULL;
    kt_reveal_text(P->g, cli_play_before(P, j), P->actor[j], P->acts[j], after, p, P->lang, &why,
                   NULL);
    if (who == p)
        printf(de ? "  Das kann nicht zurückgenommen werden: danach hast du gesehen, was "
                    "verborgen oder Zufall war:\n    %s\n  Was du gesehen hast, bleibt gesehen.\n"
                  : "  You cannot take that back: after it you saw what was hidden or left to "
                    "chance:\n    %s\n  What you have seen cannot be unseen.\n",
               why ? why : "?");
    else
        printf(de ? "  Das kann nicht zurückgenommen werden: danach hat Spieler %d (%s) gesehen, "
                    "was verborgen oder Zufall war:\n    %s\n"
                  : "  You cannot take that back: after it player %d (%s) saw what was hidden "
                    "or left to chance:\n    %s\n",
               who + 1, P->seats[who].label, why ? why : "?");
    kt_free(why);
}

/* Back to the state before human p's previous decision, unless an action
 * since showed a human at the table something hidden or random (Board Game
 * Arena's rule: what has been seen cannot be unseen; in hot seat every
 * human counts).  1 taken back, 0 nothing to take back, -1 refused (the
 * reason printed). */
static int pl_undo(cli_pl *P, int p)
{
    size_t i = P->n;
    while (i > 0 && P->actor[i - 1] != p)
        i--;
    if (i == 0)
        return 0;
    i--;
    uint32_t humans = 0;
    for (int k = 0; k < P->nseats; k++)
        if (P->seats[k].human)
            humans |= 1u << k;
    for (size_t j = i; j < P->n; j++) /* the first one since says why */
        if (P->seen[j] & humans) {
            pl_refuse(P, p, j, humans);
            return -1;
        }
    kt_state_copy(P->g, P->s, cli_play_before(P, i));
    P->n = i;
    if (P->rec)
        kt_record_truncate(P->rec, (int)i);
    for (int k = 0; k < P->nseats; k++)
        if (P->seats[k].seen > i)
            P->seats[k].seen = i;
    return 1;
}

/* ------------------------------------------------------------ record file */

typedef struct pl_recfile {
    double last;   /* time of the last write */
    size_t written; /* actions in the file */
    int failed;
} pl_recfile;

static int pl_record_write(cli_pl *P, pl_recfile *rf)
{
    if (!P->record_path || !P->rec)
        return 1;
    char *js = kt_record_json(P->rec);
    char why[600];
    if (!js) {
        fprintf(stderr, "kontor play: out of memory writing the record\n");
        rf->failed = 1;
        return 0;
    }
    int ok = cli_write_durable(P->record_path, js, strlen(js), why, sizeof why);
    kt_free(js);
    if (!ok) {
        fprintf(stderr, "kontor play: the record could not be kept: %s\n", why);
        rf->failed = 1;
        return 0;
    }
    rf->last = cli_now();
    rf->written = P->n;
    return 1;
}

/* Write when moves are unwritten and `now` is asked or time has come. */
static int pl_record_sync(cli_pl *P, pl_recfile *rf, int now)
{
    if (!P->record_path || rf->written == P->n)
        return 1;
    if (!now && cli_now() - rf->last < PL_FLUSH_S)
        return 1;
    return pl_record_write(P, rf);
}

/* ------------------------------------------------------------ the loop */

static void pl_start_screen(const cli_pl *P)
{
    const char *name = kt_game_name(P->g);
    int de = P->lang == KT_LANG_DE;
    printf("kontor: %s, %d %s, seed %llu%s%s\n", kt_game_title(name, P->lang), P->nseats,
           de ? "Spieler" : "players", (unsigned long long)kt_game_seed(P->g),
           *kt_game_options(P->g) ? (de ? ", Optionen " : ", options ") : "",
           kt_game_options(P->g));
    const char *notice = kt_game_notice(name);
    if (notice)
        printf("%s %s\n", de ? "Hinweis:" : "Note:", notice);
    for (int i = 0; i < P->nseats; i++)
        printf("  %s %d: %s\n", de ? "Spieler" : "player", i + 1, P->seats[i].label);
    if (P->load_path)
        printf(de ? "Fortsetzung des Spielstands aus %s (zurück reicht bis dahin).\n"
                  : "Continuing the saved position from %s (undo reaches back to it, not "
                    "further).\n",
               P->load_path);
    if (P->nhumans)
        printf(de ? "\"hilfe\" zeigt die Befehle, \"hilfe NAME\" erklärt eine Karte o.ä.\n"
                  : "Type \"help\" for the commands, \"help NAME\" to explain a card or tile.\n");
}



/* Whose decision to serve next: a bot with a decision pending first (bots
 * commit at once; their choices stay hidden), then the player to move. */
static int pl_next(const cli_pl *P)
{
    uint32_t pend = kt_pending(P->g, P->s);
    for (int p = 0; p < P->nseats; p++)
        if ((pend >> p & 1u) && !P->seats[p].human)
            return p;
    int tm = kt_to_move(P->g, P->s);
    if (tm >= 0 && P->seats[tm].human)
        return tm;
    for (int p = 0; p < P->nseats; p++)
        if (pend >> p & 1u)
            return p;
    return tm;
}

/* Without humans the log streams as it happens (a spectator's view). */
static void pl_stream(cli_pl *P)
{
    cli_sb b = {0};
    cli_play_log(P, P->n - 1, P->n, KT_SPECTATOR, &b);
    if (b.p)
        fputs(b.p, stdout);
    fflush(stdout);
    cli_sb_free(&b);
}

static void pl_result(cli_pl *P)
{
    int de = P->lang == KT_LANG_DE;
    /* what the single human (else a spectator) has not seen yet */
    int viewer = KT_SPECTATOR;
    for (int p = 0; p < P->nseats && P->nhumans == 1; p++)
        if (P->seats[p].human)
            viewer = p;
    if (viewer >= 0 && P->seats[viewer].seen < P->n) {
        cli_sb b = {0};
        cli_play_log(P, P->seats[viewer].seen, P->n, viewer, &b);
        fputs(b.p ? b.p : "", stdout);
        cli_sb_free(&b);
    }
    printf(de ? "\n===== Spielende =====\n" : "\n===== Game over =====\n");
    char *r;
    kt_render_text(P->g, P->s, KT_OMNISCIENT, P->lang | (P->color ? KT_COLOR : 0), &r, NULL);
    if (r) {
        fputs(r, stdout);
        if (*r && r[strlen(r) - 1] != '\n')
            putchar('\n');
    }
    kt_free(r);
    kt_result res;
    kt_result_get(P->g, P->s, &res);
    if (!res.finished)
        printf(de ? "Das Spiel wurde durch die Zuggrenze beendet: kein Sieger.\n"
                  : "The game was stopped by the turn limit: no winner.\n");
    for (int p = 0; p < res.nplayers; p++)
        printf(de ? "  Spieler %d (%s): %g Punkte, Platz %d%s\n"
                  : "  player %d (%s): %g points, place %d%s\n",
               p + 1, P->seats[p].label, res.score[p], res.rank[p] + 1,
               (res.winners >> p) & 1u ? (de ? "  ** Sieger **" : "  ** winner **") : "");
    /* the length in the game's own unit, as its screens and sim count it */
    printf(de ? "  Spieldauer: %u %s.\n" : "  Game length: %u %s.\n", res.turns,
           kt_game_length_unit(kt_game_name(P->g), P->lang));
}

/* A human's decision; returns 0 to leave the loop with *rc set. */
static int pl_human(cli_pl *P, int p, pl_recfile *rf, int *rc)
{
    kt_action a;
    if (!pl_record_sync(P, rf, 1)) {
        *rc = 1;
        return 0;
    }
    /* everything is on disk: a signal may end the process while the
     * human decides (checked again after the flag is up: no gap) */
    pl_waiting = 1;
    if (pl_signal) {
        pl_waiting = 0;
        *rc = 0;
        return 0;
    }
    int v = cli_human_turn(P, p, &a);
    pl_waiting = 0;
    if (v == CLI_TURN_APPLY) {
        if (!cli_play_apply(P, p, a)) {
            *rc = 1;
            return 0;
        }
        return pl_record_sync(P, rf, 1) ? 1 : (*rc = 1, 0);
    }
    if (v == CLI_TURN_UNDO) {
        int u = pl_undo(P, p);
        if (u == 0)
            printf(P->lang == KT_LANG_DE ? "  Nichts zurückzunehmen.\n" : "  Nothing to undo.\n");
        if (u <= 0)
            return 1;
        rf->written = (size_t)-1; /* the file holds moves taken back */
        return pl_record_sync(P, rf, 1) ? 1 : (*rc = 1, 0);
    }
    if (v == CLI_TURN_EOF && !pl_signal)
        printf(P->lang == KT_LANG_DE ? "\n(Ende der Eingabe)\n" : "\n(end of input)\n");
    *rc = 0;
    return 0;
}

static int pl_bot(cli_pl *P, int p, pl_recfile *rf)
{
    kt_action a;
    kt_err err;
    if (kt_bot_choose_as(P->seats[p].bot, P->s, p, &a, &err) != KT_OK) {
        fprintf(stderr, "kontor play: bot of player %d failed: %s\n", p + 1, err.msg);
        return 0;
    }
    if (pl_signal) /* not applied: the user stopped before it was shown */
        return 1;
    if (!cli_play_apply(P, p, a))
        return 0;
    if (P->nhumans == 0)
        pl_stream(P);
    return pl_record_sync(P, rf, 0);
}

int cli_play_run(cli_pl *P)
{
    pl_recfile rf = {.last = cli_now()};
    int rc = 0, go = 1;
    P->stop = &pl_signal;
    cli_input_open(&P->in, 1);
    /* the file exists (or the path fails) before the first move */
    if (!pl_record_write(P, &rf))
        go = 0, rc = 1;
    else
        pl_start_screen(P);
    while (go && !kt_is_over(P->g, P->s) && !pl_signal) {
        int p = pl_next(P);
        if (p < 0)
            break;
        if (P->seats[p].human)
            go = pl_human(P, p, &rf, &rc);
        else if (!pl_bot(P, p, &rf))
            go = 0, rc = 1;
    }
    cli_input_close(&P->in);
    if (!rf.failed && !pl_record_sync(P, &rf, 1))
        rc = 1;
    if (pl_signal) {
        if (P->record_path && !rf.failed)
            fprintf(stderr, "\nkontor play: stopped by signal %d; every move is in %s\n",
                    (int)pl_signal, P->record_path);
        else
            fprintf(stderr, "\nkontor play: stopped by signal %d\n", (int)pl_signal);
        return 128 + (int)pl_signal;
    }
    if (rf.failed)
        return rc ? rc : 1;
    if (kt_is_over(P->g, P->s))
        pl_result(P);
    else if (rc == 0)
        printf(P->lang == KT_LANG_DE ? "Spiel unbeendet verlassen.\n" : "Game left unfinished.\n");
    if (P->record_path && P->rec)
        printf(P->lang == KT_LANG_DE ? "Aufzeichnung: %s (`kontor replay %s`).\n"
                                     : "Record: %s (replay with `kontor replay %s`).\n",
               P->record_path, P->record_path);
    return rc;
}

void cli_play_free(cli_pl *P)
{
    for (int i = 0; i < P->nseats; i++)
        kt_bot_free(P->seats[i].bot);
    kt_record_free(P->rec);
    if (P->g)
        kt_state_free(P->g, P->s);
    kt_game_free(P->g);
    free(P->hist);
    free(P->acts);
    free(P->actor);
    free(P->seen);
    memset(P, 0, sizeof *P);
}

/* ------------------------------------------------------------ setup */

static int pl_seats(cli_pl *P, const char *spec, const cli_game_args *ga)
{
    char buf[2048];
    if (strlen(spec) >= sizeof buf) {
        fprintf(stderr, "kontor play: --seats is too long\n");
        return 0;
    }
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
    P->nseats = n;
    for (int i = 0; i < n; i++) {
        cli_seat *st = &P->seats[i];
        const char *s = parts[i];
        if (!strcmp(s, "human") || !strncmp(s, "human:", 6)) {
            st->human = 1;
            snprintf(st->label, sizeof st->label, "%s", s[5] && s[6] ? s + 6 : "human");
            P->nhumans++;
        } else if (!*s || !strcmp(s, "bot:")) {
            fprintf(stderr, "kontor play: seat %d is empty: `human`, `bot:SPEC` or a level "
                            "(easy, medium, hard)\n", i + 1);
            return 0;
        } else {
            snprintf(st->label, sizeof st->label, "%s%s", strncmp(s, "bot:", 4) ? "bot:" : "",
                     s);
        }
    }
    return 1;
}

static int pl_bots(cli_pl *P, uint64_t seed)
{
    for (int i = 0; i < P->nseats; i++) {
        cli_seat *st = &P->seats[i];
        if (P->rec)
            kt_record_set_seat(P->rec, i, st->human ? "human" : st->label);
        if (st->human)
            continue;
        kt_err err;
        if (kt_bot_new(P->g, st->label + 4, seed + 7919u * (uint64_t)(i + 1), &st->bot, &err) !=
            KT_OK) {
            fprintf(stderr, "kontor play: seat %d: %s\n", i + 1, err.msg);
            return 0;
        }
    }
    return 1;
}

static int pl_setup(cli_pl *P, const cli_game_args *ga, const char *load_path)
{
    kt_err err;
    if (load_path) {
        char why[300];
        char *txt = cli_read_file_max(load_path, (size_t)64 << 20, NULL, why, sizeof why);
        if (!txt) {
            fprintf(stderr, "kontor play: %s\n", why);
            return 0;
        }
        kt_status st = kt_load_json(txt, NULL, &P->g, &P->s, &err);
        free(txt);
        if (st != KT_OK) {
            fprintf(stderr, "kontor play: %s: %s\n", load_path, err.msg);
            return 0;
        }
        if (kt_game_players(P->g) != P->nseats) {
            fprintf(stderr, "kontor play: the saved game has %d players but %d seats were given\n",
                    kt_game_players(P->g), P->nseats);
            return 0;
        }
        return 1;
    }
    if (kt_game_new(ga->game, ga->options, P->nseats, ga->seed, NULL, &P->g, &err) != KT_OK) {
        fprintf(stderr, "kontor play: %s\n", err.msg);
        return 0;
    }
    P->s = kt_state_new(P->g);
    P->rec = P->s ? kt_record_new(P->g) : NULL;
    if (!P->rec)
        fprintf(stderr, "kontor play: out of memory\n");
    return P->rec != NULL;
}

int cli_color_wanted(void)
{
    const char *nc = getenv("NO_COLOR");
    const char *term = getenv("TERM");
    if ((nc && *nc) || (term && !strcmp(term, "dumb")))
        return 0;
    return isatty(STDOUT_FILENO);
}

int cli_play(int argc, char **argv)
{
    cli_game_args ga;
    if (cli_parse_game_args(argc, argv, &ga, "play", "--seats,--record,--load",
                            "--help,-h,--no-color"))
        return 2;
    const char *seats = NULL, *load = NULL;
    int no_color = 0;
    cli_pl P;
    memset(&P, 0, sizeof P);
    P.lang = ga.lang;
    P.last_viewer = -1;
    P.rows = 40;
    P.cols = 120;
    for (int i = 0; i < ga.nrest; i++) {
        if (!strcmp(ga.rest[i], "--help") || !strcmp(ga.rest[i], "-h")) {
            play_usage(stdout);
            return 0;
        }
        if (!strcmp(ga.rest[i], "--seats"))
            seats = ga.rest[++i];
        else if (!strcmp(ga.rest[i], "--record"))
            P.record_path = ga.rest[++i];
        else if (!strcmp(ga.rest[i], "--load"))
            load = ga.rest[++i];
        else if (!strcmp(ga.rest[i], "--no-color"))
            no_color = 1;
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
        fprintf(stderr, "kontor play: --seats is required (e.g. --seats human,medium)\n");
        return 2;
    }
    if (load && P.record_path) {
        fprintf(stderr, "kontor play: --record needs a game from its start; a position loaded "
                        "with --load has no record (use `save FILE` during play instead)\n");
        return 2;
    }
    P.color = !no_color && cli_color_wanted();
    P.tty = isatty(STDOUT_FILENO);
    int rc = 2;
    if (pl_seats(&P, seats, &ga) && pl_setup(&P, &ga, load) && pl_bots(&P, kt_game_seed(P.g))) {
        pl_signals(P.record_path);
        P.load_path = load;
        rc = cli_play_run(&P);
    }
    cli_play_free(&P);
    return rc;
}
