/*
 * replay.c - `kontor replay FILE`: step through a recorded game.
 *
 * The record is replayed once into an array of snapshots (state i = after i
 * actions), so stepping forward and back is a copy.  The view is either
 * everyone's (omniscient, viewer -1) or one player's (hidden information
 * removed, as that player saw the game).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void replay_usage(FILE *f)
{
    fprintf(f,
            "usage: kontor replay FILE [--view all|N] [--lang en|de] [--to N] [--log]\n\n"
            "  Interactive stepping: Enter/n next, b back, g N go to action N, s start, e end,\n"
            "  v all|N change the view (player N as they saw it), l log, q quit.\n"
            "  --to N prints the position after N actions and exits; --log prints every action.\n");
}

typedef struct replay {
    kt_game *g;
    kt_record *rec;
    unsigned char *snaps;
    int n; /* number of actions; snapshots 0..n */
    int lang;
    int viewer;
} replay;

static kt_state *snap(replay *r, int i)
{
    return (kt_state *)(void *)(r->snaps + (size_t)i * kt_state_size(r->g));
}

static void show(replay *r, int i)
{
    char *v = kt_render(r->g, snap(r, i), r->viewer, r->lang);
    printf("\n---- after %d of %d actions (view: %s", i, r->n, r->viewer < 0 ? "everyone" : "player ");
    if (r->viewer >= 0)
        printf("%d", r->viewer + 1);
    printf(") ----\n%s", v ? v : "");
    kt_free(v);
    if (i > 0) {
        char txt[256];
        kt_state *prev = snap(r, i - 1);
        int actor = kt_to_move(r->g, prev);
        kt_action a;
        if (kt_action_parse(r->g, prev, kt_record_action(r->rec, i - 1), &a, NULL) == KT_OK) {
            kt_action_text(r->g, prev, a, r->viewer, r->lang, txt, sizeof txt);
            printf("last action: player %d (%s): %s\n", actor + 1, kt_record_seat(r->rec, actor),
                   txt);
        }
    }
    if (i == r->n && kt_is_over(r->g, snap(r, i))) {
        kt_result res;
        kt_result_get(r->g, snap(r, i), &res);
        for (int p = 0; p < res.nplayers; p++)
            printf("  player %d: %g points, place %d%s\n", p + 1, res.score[p], res.rank[p] + 1,
                   (res.winners >> p) & 1u ? " (winner)" : "");
    }
}

static void print_log(replay *r)
{
    char txt[256];
    for (int i = 0; i < r->n; i++) {
        kt_state *st = snap(r, i);
        kt_action a;
        if (kt_action_parse(r->g, st, kt_record_action(r->rec, i), &a, NULL) != KT_OK)
            continue;
        kt_action_text(r->g, st, a, r->viewer, r->lang, txt, sizeof txt);
        printf("%5d  turn %-4u player %d: %s\n", i + 1, kt_turn_number(r->g, st),
               kt_to_move(r->g, st) + 1, txt);
    }
}

static int parse_view(const char *v, int nplayers, int *out)
{
    long long x;
    if (!strcmp(v, "all")) {
        *out = -1;
        return 1;
    }
    if (cli_parse_int(v, 1, nplayers, &x)) {
        *out = (int)x - 1;
        return 1;
    }
    fprintf(stderr, "view must be `all` or a player number from 1 to %d\n", nplayers);
    return 0;
}

static void interact(replay *r)
{
    int i = 0;
    show(r, i);
    char line[128];
    for (;;) {
        printf("[n]ext [b]ack [g N] [s]tart [e]nd [v all|N] [l]og [q]uit > ");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin))
            break;
        line[strcspn(line, "\r\n")] = '\0';
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
            if (!parse_view(line + 2, kt_game_players(r->g), &r->viewer))
                continue;
        } else if (!strcmp(line, "l")) {
            print_log(r);
            continue;
        } else if (!strcmp(line, "q")) {
            break;
        } else {
            printf("unknown command '%s'\n", line);
            continue;
        }
        show(r, i);
    }
}

int cli_replay(int argc, char **argv)
{
    const char *file = NULL, *view = "all";
    int lang = KT_LANG_EN, log = 0;
    long long to = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            replay_usage(stdout);
            return 0;
        } else if (!strcmp(a, "--view") && i + 1 < argc) {
            view = argv[++i];
        } else if (!strcmp(a, "--lang") && i + 1 < argc) {
            const char *l = argv[++i];
            if (strcmp(l, "en") && strcmp(l, "de")) {
                fprintf(stderr, "kontor replay: --lang must be en or de\n");
                return 2;
            }
            lang = !strcmp(l, "de") ? KT_LANG_DE : KT_LANG_EN;
        } else if (!strcmp(a, "--to") && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 0, 1000000000, &to)) {
                fprintf(stderr, "kontor replay: --to needs a non-negative number\n");
                return 2;
            }
        } else if (!strcmp(a, "--log")) {
            log = 1;
        } else if (a[0] != '-' && !file) {
            file = a;
        } else {
            fprintf(stderr, "kontor replay: unexpected argument '%s'\n", a);
            replay_usage(stderr);
            return 2;
        }
    }
    if (!file) {
        replay_usage(stderr);
        return 2;
    }
    char *txt = cli_read_file(file, NULL);
    if (!txt) {
        fprintf(stderr, "kontor replay: cannot read '%s'\n", file);
        return 2;
    }
    replay r;
    memset(&r, 0, sizeof r);
    r.lang = lang;
    kt_err err;
    kt_status st = kt_record_load(txt, NULL, &r.rec, &r.g, &err);
    free(txt);
    if (st != KT_OK) {
        fprintf(stderr, "kontor replay: %s: %s\n", file, err.msg);
        return 2;
    }
    int rc = 2;
    if (!parse_view(view, kt_game_players(r.g), &r.viewer))
        goto out;
    r.n = kt_record_length(r.rec);
    size_t sz = kt_state_size(r.g);
    r.snaps = malloc(sz * (size_t)(r.n + 1));
    if (!r.snaps) {
        fprintf(stderr, "kontor replay: out of memory\n");
        goto out;
    }
    kt_state_init(r.g, snap(&r, 0));
    for (int i = 0; i < r.n; i++) {
        kt_state *cur = snap(&r, i + 1);
        kt_state_copy(r.g, cur, snap(&r, i));
        kt_action a;
        if (kt_action_parse(r.g, cur, kt_record_action(r.rec, i), &a, &err) != KT_OK ||
            kt_apply(r.g, cur, a, &err) != KT_OK) {
            fprintf(stderr, "kontor replay: %s: action %d ('%s'): %s\n", file, i + 1,
                    kt_record_action(r.rec, i), err.msg);
            goto out;
        }
    }
    if (log)
        print_log(&r);
    else if (to >= 0)
        show(&r, to > r.n ? r.n : (int)to);
    else
        interact(&r);
    rc = 0;
out:
    free(r.snaps);
    kt_record_free(r.rec);
    kt_game_free(r.g);
    return rc;
}
