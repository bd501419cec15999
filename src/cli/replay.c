/*
 * replay.c - `kontor replay FILE`: step through a recorded game, or print
 * its game log.
 *
 * The record is replayed once into the same history layout `kontor play`
 * keeps (cli_pl in play.h: the state before each action, the action, who
 * took it, and the final state), so the log reads exactly as it did during
 * play (cli_play_log) and stepping forward and back is a copy.  The view is
 * a player's (as they saw the game), a spectator's (public information:
 * the default) or, asked for explicitly, everything (--omniscient).
 * Input is bounded: a file larger than REPLAY_MAX (or endless, /dev/zero)
 * is refused before it fills memory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

#define REPLAY_MAX ((size_t)64 << 20)

static void replay_usage(FILE *f)
{
    fprintf(f,
            "usage: kontor replay FILE [--viewer N|spectator] [--omniscient] [--lang en|de]\n"
            "                         [--to N] [--log]\n\n"
            "  --viewer N       the game as player N saw it; `spectator` (the default): public\n"
            "                   information only; --omniscient: everything, hidden cards too\n"
            "                   (--view all|N is the old spelling)\n"
            "  --log            print the game log (every action and what followed) and exit\n"
            "  --to N           print the position after N actions and exit\n"
            "  Interactive stepping: Enter/n next, b back, g N go to action N, s start, e end,\n"
            "  v N|spectator|all change the view, l log, q quit.\n");
}

typedef struct replay {
    cli_pl P; /* history: before-states 0..n-1 and the final state (P.s) */
    unsigned char *snaps;
    int n;
} replay;

static kt_state *snap(replay *r, int i)
{
    return (kt_state *)(void *)(r->snaps + (size_t)i * kt_state_size(r->P.g));
}

static const char *view_name(int viewer, char *buf, size_t cap)
{
    if (viewer == KT_OMNISCIENT)
        return "everything";
    if (viewer == KT_SPECTATOR)
        return "spectator";
    snprintf(buf, cap, "player %d", viewer + 1);
    return buf;
}

static void show(replay *r, int i, int viewer)
{
    char vb[32];
    char *v;
    kt_render_text(r->P.g, snap(r, i), viewer, r->P.lang | (r->P.color ? KT_COLOR : 0), &v, NULL);
    printf("\n---- after %d of %d actions (view: %s) ----\n%s", i, r->n,
           view_name(viewer, vb, sizeof vb), v ? v : "");
    if (v && *v && v[strlen(v) - 1] != '\n')
        putchar('\n');
    kt_free(v);
    if (i > 0) {
        cli_sb b = {0};
        cli_play_log(&r->P, (size_t)i - 1, (size_t)i, viewer, &b);
        printf("last action:\n%s", b.p ? b.p : "");
        cli_sb_free(&b);
    }
    if (i == r->n && kt_is_over(r->P.g, snap(r, i))) {
        kt_result res;
        kt_result_get(r->P.g, snap(r, i), &res);
        for (int p = 0; p < res.nplayers; p++)
            printf("  player %d: %g points, place %d%s\n", p + 1, res.score[p], res.rank[p] + 1,
                   (res.winners >> p) & 1u ? " (winner)" : "");
        printf("  The game ended in turn %u.\n", kt_turn_number(r->P.g, snap(r, i)));
    }
}

/* The log of every action: its number and turn, then what followed. */
static void print_log(replay *r, int viewer)
{
    for (int i = 0; i < r->n; i++) {
        cli_sb b = {0};
        cli_play_log(&r->P, (size_t)i, (size_t)i + 1, viewer, &b);
        const char *p = b.p ? b.p : "";
        int first = 1;
        while (*p) {
            size_t len = strcspn(p, "\n");
            if (first)
                printf("%5d  %s %-4u %.*s\n", i + 1, r->P.lang == KT_LANG_DE ? "Zug" : "turn",
                       kt_turn_number(r->P.g, snap(r, i)), (int)len, p);
            else
                printf("%*s%.*s\n", 16, "", (int)len, p);
            first = 0;
            p += len + (p[len] == '\n');
        }
        cli_sb_free(&b);
    }
}

static int parse_view(const char *v, int nplayers, int *out)
{
    long long x;
    if (!strcmp(v, "all") || !strcmp(v, "omniscient")) {
        *out = KT_OMNISCIENT;
        return 1;
    }
    if (!strcmp(v, "spectator")) {
        *out = KT_SPECTATOR;
        return 1;
    }
    if (cli_parse_int(v, 1, nplayers, &x)) {
        *out = (int)x - 1;
        return 1;
    }
    fprintf(stderr, "the viewer must be a player number from 1 to %d, `spectator` or `all`\n",
            nplayers);
    return 0;
}

static void interact(replay *r, int viewer)
{
    int i = 0;
    show(r, i, viewer);
    cli_lines in;
    cli_lines_init(&in, stdin, 1024);
    for (;;) {
        printf("[n]ext [b]ack [g N] [s]tart [e]nd [v N|spectator|all] [l]og [q]uit > ");
        fflush(stdout);
        size_t len;
        int got = cli_lines_next(&in, &len);
        if (got == 0)
            break;
        if (got < 0)
            continue;
        const char *line = in.line;
        long long x;
        if (!line[0] || !strcmp(line, "n")) {
            if (i < r->n)
                i++;
            else
                printf("(end of the game)\n");
        } else if (!strcmp(line, "b")) {
            if (i > 0)
                i--;
        } else if (!strcmp(line, "s")) {
            i = 0;
        } else if (!strcmp(line, "e")) {
            i = r->n;
        } else if (line[0] == 'g' && line[1] == ' ' && cli_parse_int(line + 2, 0, r->n, &x)) {
            i = (int)x;
        } else if (line[0] == 'v' && line[1] == ' ') {
            if (!parse_view(line + 2, kt_game_players(r->P.g), &viewer))
                continue;
        } else if (!strcmp(line, "l")) {
            print_log(r, viewer);
            continue;
        } else if (!strcmp(line, "q")) {
            break;
        } else {
            printf("unknown command '%s'\n", line);
            continue;
        }
        show(r, i, viewer);
    }
    cli_lines_free(&in);
}

/* Replay the record into the history; 0 (message printed) on failure. */
static int rebuild(replay *r, const char *file)
{
    kt_game *g = r->P.g;
    size_t sz = kt_state_size(g), n = (size_t)r->n;
    r->snaps = malloc(sz * (n + 1));
    r->P.acts = malloc(sizeof *r->P.acts * (n + 1));
    r->P.actor = malloc(sizeof *r->P.actor * (n + 1));
    if (!r->snaps || !r->P.acts || !r->P.actor) {
        fprintf(stderr, "kontor replay: out of memory\n");
        return 0;
    }
    kt_state_init(g, snap(r, 0));
    for (int i = 0; i < r->n; i++) {
        kt_state *cur = snap(r, i + 1);
        kt_state_copy(g, cur, snap(r, i));
        int who = kt_record_actor(r->P.rec, i);
        if (who < 0)
            who = kt_to_move(g, cur);
        kt_action a;
        kt_err err;
        if (kt_action_parse_as(g, cur, who, kt_record_action(r->P.rec, i), &a, &err) != KT_OK ||
            kt_apply_as(g, cur, who, a, &err) != KT_OK) {
            fprintf(stderr, "kontor replay: %s: action %d ('%s'): %s\n", file, i + 1,
                    kt_record_action(r->P.rec, i), err.msg);
            return 0;
        }
        r->P.acts[i] = a;
        r->P.actor[i] = (signed char)who;
    }
    r->P.hist = r->snaps;
    r->P.n = n;
    r->P.s = snap(r, r->n);
    return 1;
}

typedef struct replay_args {
    const char *file, *view;
    int lang, log, omniscient, no_color;
    long long to;
} replay_args;

static int replay_parse(int argc, char **argv, replay_args *a)
{
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
            replay_usage(stdout);
            return 0;
        } else if ((!strcmp(s, "--view") || !strcmp(s, "--viewer")) && i + 1 < argc) {
            a->view = argv[++i];
        } else if (!strcmp(s, "--omniscient")) {
            a->omniscient = 1;
        } else if (!strcmp(s, "--no-color")) {
            a->no_color = 1;
        } else if (!strcmp(s, "--lang") && i + 1 < argc) {
            const char *l = argv[++i];
            if (strcmp(l, "en") && strcmp(l, "de")) {
                fprintf(stderr, "kontor replay: --lang must be en or de\n");
                return 2;
            }
            a->lang = !strcmp(l, "de") ? KT_LANG_DE : KT_LANG_EN;
        } else if (!strcmp(s, "--to") && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 0, 1000000000, &a->to)) {
                fprintf(stderr, "kontor replay: --to needs a non-negative number\n");
                return 2;
            }
        } else if (!strcmp(s, "--log")) {
            a->log = 1;
        } else if (s[0] != '-' && !a->file) {
            a->file = s;
        } else {
            fprintf(stderr, "kontor replay: unexpected argument '%s'\n", s);
            replay_usage(stderr);
            return 2;
        }
    }
    if (!a->file) {
        replay_usage(stderr);
        return 2;
    }
    if (a->omniscient && a->view) {
        fprintf(stderr, "kontor replay: --omniscient and --viewer exclude each other\n");
        return 2;
    }
    return -1;
}

int cli_replay(int argc, char **argv)
{
    replay_args ra = {.lang = KT_LANG_EN, .to = -1};
    int done = replay_parse(argc, argv, &ra);
    if (done >= 0)
        return done;
    char why[400];
    char *txt = cli_read_file_max(ra.file, REPLAY_MAX, NULL, why, sizeof why);
    if (!txt) {
        fprintf(stderr, "kontor replay: %s\n", why);
        return 2;
    }
    replay r;
    memset(&r, 0, sizeof r);
    r.P.lang = ra.lang;
    r.P.cols = 120;
    r.P.rows = 40;
    r.P.color = !ra.no_color && cli_color_wanted();
    kt_err err;
    kt_status st = kt_record_load(txt, NULL, &r.P.rec, &r.P.g, &err);
    free(txt);
    if (st != KT_OK) {
        fprintf(stderr, "kontor replay: %s: %s\n", ra.file, err.msg);
        return 2;
    }
    int rc = 2, viewer = ra.omniscient ? KT_OMNISCIENT : KT_SPECTATOR;
    r.P.nseats = kt_game_players(r.P.g);
    for (int p = 0; p < r.P.nseats; p++) {
        const char *lab = kt_record_seat(r.P.rec, p);
        snprintf(r.P.seats[p].label, sizeof r.P.seats[p].label, "%s", lab && *lab ? lab : "?");
    }
    r.P.no_you = 1;
    r.n = kt_record_length(r.P.rec);
    if ((ra.view && !parse_view(ra.view, r.P.nseats, &viewer)) || !rebuild(&r, ra.file))
        goto out;
    if (ra.log)
        print_log(&r, viewer);
    else if (ra.to >= 0)
        show(&r, ra.to > r.n ? r.n : (int)ra.to, viewer);
    else
        interact(&r, viewer);
    rc = 0;
out:
    free(r.snaps);
    free(r.P.acts);
    free(r.P.actor);
    kt_record_free(r.P.rec);
    kt_game_free(r.P.g);
    return rc;
}
