/*
 * calibrate.c - `kontor analyze --calibrate GAME --seats ...`: does the
 * analysis's win chance mean what it says?  Plays games between bots,
 * analyses every seat of every game (kontor.h, "post-game analysis") and
 * compares each predicted win chance (after the action played) with how
 * that game ended for that player: a reliability table in deciles of the
 * prediction (docs/bots.md, "Analysis: calibration").  With --noise P one
 * seat per game (seat k mod players in game k) plays a uniformly random
 * legal action instead of its bot's at each decision with a choice, with
 * probability P; the report then says what share of those random actions
 * the analysis flagged, against the same seat's other actions and the other
 * seats' actions.
 *
 * Data: cal_run holds the arguments and the totals; per game a record is
 * built while the bots play (public API only), with one byte per action
 * saying whether it was a random one.  Games are played and analysed one
 * after the other; the analysis itself uses --threads.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze.h"
#include "kontor/kontor.h"

#define CAL_MAX_ACTIONS 2000000
#define CAL_BINS 10

typedef struct cal_bin {
    long n;
    double pred, obs;
} cal_bin;

/* Flags of the analysis per kind of action: the noisy seat's random
 * actions (those that differ from what its bot would have played, and
 * those that happen to be the same), its own bot's, the other seats'. */
enum { K_RANDOM, K_RANDOM_SAME, K_NOISY_BOT, K_OTHERS, K_KINDS };
/* random[i] of a game's actions */
enum { A_BOT = 0, A_RANDOM = 1, A_RANDOM_SAME = 2 };

/* open: the decisions where a flag was possible at all, with a win chance
 * of at least the smallest limit (5%) before them; in a lost position no
 * action can lose 5 points */
typedef struct cal_kind {
    long n, flagged, open, open_flagged;
    double loss;
} cal_kind;

typedef struct cal_run {
    cli_game_args ga;
    char *spec[KT_MAX_PLAYERS];
    int nspec, games, json, noprog;
    const char *out; /* --out FILE: the JSON there too */
    double noise;
    char opts[1024], gopts[4096];
    cal_bin bin[CAL_BINS];
    /* per game and decile: outcomes summed and counted (the games are the
     * clusters of the intervals: positions of one game share its end) */
    double *gsum;
    long *gn;
    cal_kind kind[K_KINDS];
    long positions, unfinished;
    long long sims;
    double brier, secs;
} cal_run;

static void cal_usage(FILE *f)
{
    fprintf(f,
            "usage: kontor analyze --calibrate GAME --seats SPEC,SPEC... [--games N]\n"
            "                      [--seed S] [--budget N] [--threads T] [--noise P]\n"
            "                      [--players N] [-o key=value] [--json] [game options]\n\n"
            "Plays N games (default 20) between the bots, analyses every player of every game\n"
            "and compares the predicted win chances with how the games ended: a reliability\n"
            "table in deciles (docs/bots.md).  Seats rotate from game to game.\n"
            "  --seats    one bot spec per player (bot:NAME or NAME)\n"
            "  --noise P  in each game one player (in turn) plays a random legal action at a\n"
            "             decision with a choice with probability P (0..1); the report says\n"
            "             what share of those the analysis flagged\n"
            "  --budget, --threads, -o key=value: analysis options (kontor analyze --help)\n"
            "  --json     the table as JSON;  --out FILE  the JSON into FILE as well\n");
}

static int cal_args(int argc, char **argv, cal_run *c)
{
    int rc = cli_parse_game_args(argc, argv, &c->ga, "analyze",
                                 "--seats,--games,--budget,--threads,--noise,--depth,--worlds,"
                                 "--search,--out",
                                 "--calibrate,--json,--no-progress,--help,-h");
    if (rc)
        return rc;
    c->games = 20;
    static char seats[1024];
    for (int i = 0; i < c->ga.nrest; i++) {
        const char *s = c->ga.rest[i], *v = i + 1 < c->ga.nrest ? c->ga.rest[i + 1] : NULL;
        size_t n = strlen(c->opts);
        long long x;
        if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
            cal_usage(stdout);
            return 0;
        } else if (!strcmp(s, "--json")) {
            c->json = 1;
        } else if (!strcmp(s, "--no-progress")) {
            c->noprog = 1;
        } else if (!strcmp(s, "--calibrate")) {
            continue;
        } else if (!strcmp(s, "--out")) {
            c->out = v;
            i++;
        } else if (!strcmp(s, "--seats")) {
            snprintf(seats, sizeof seats, "%s", v);
            c->nspec = cli_split(seats, ',', c->spec, KT_MAX_PLAYERS);
            i++;
        } else if (!strcmp(s, "--games")) {
            if (!cli_parse_int(v, 1, 1000000, &x)) {
                fprintf(stderr, "kontor analyze: --games needs a number from 1 to 1000000\n");
                return 2;
            }
            c->games = (int)x;
            i++;
        } else if (!strcmp(s, "--noise")) {
            char *end;
            c->noise = strtod(v, &end);
            if (!*v || *end || !(c->noise >= 0 && c->noise <= 1)) {
                fprintf(stderr, "kontor analyze: --noise needs a probability from 0 to 1\n");
                return 2;
            }
            i++;
        } else if (v) {
            snprintf(c->opts + n, sizeof c->opts - n, "%s%s=%s", n ? ";" : "", s + 2, v);
            i++;
        }
    }
    if (!c->ga.game || c->nspec < 1) {
        fprintf(stderr, "kontor analyze: --calibrate needs a game and --seats, e.g. `kontor "
                        "analyze --calibrate dominion --seats heuristic,heuristic`\n");
        return 2;
    }
    for (int p = 0; p < c->nspec; p++)
        if (!strncmp(c->spec[p], "bot:", 4))
            c->spec[p] += 4;
    return -1;
}

/* The options of the analysis given with -o go into ga.options with the
 * game's; split them: keys the analysis knows go to c->opts. */
static void split_options(cal_run *c)
{
    int na;
    const kt_optinfo *ao = kt_analysis_options(&na);
    char buf[4096], *item[128];
    snprintf(buf, sizeof buf, "%s", c->ga.options);
    int n = cli_split(buf, ';', item, 128);
    for (int i = 0; i < n; i++) {
        size_t kl = strcspn(item[i], "=");
        int mine = 0;
        for (int k = 0; k < na; k++)
            mine |= strlen(ao[k].name) == kl && !strncmp(ao[k].name, item[i], kl);
        char *dst = mine ? c->opts : c->gopts;
        size_t cap = mine ? sizeof c->opts : sizeof c->gopts, len = strlen(dst);
        snprintf(dst + len, cap - len, "%s%s", len ? ";" : "", item[i]);
    }
    /* a study's bounds, unless the user set them (kt_game_study_options) */
    const char *so = kt_game_study_options(c->ga.game);
    char sb[1024], *sitem[32];
    snprintf(sb, sizeof sb, "%s", so ? so : "");
    int ns = cli_split(sb, ';', sitem, 32);
    for (int i = 0; i < ns; i++) {
        char key[128];
        snprintf(key, sizeof key, "%.*s=", (int)strcspn(sitem[i], "="), sitem[i]);
        const char *at = strstr(c->gopts, key);
        if (at && (at == c->gopts || at[-1] == ';'))
            continue;
        size_t len = strlen(c->gopts);
        snprintf(c->gopts + len, sizeof c->gopts - len, "%s%s", len ? ";" : "", sitem[i]);
    }
}

/* Play game k between the bots (seat p gets spec (p + k) mod nspec) into a
 * record; random[i] = 1 where action i was the noisy seat's random one. */
static kt_status play_one(cal_run *c, kt_game *g, int k, kt_record *rec, unsigned char *random,
                          int *noisy, kt_err *err)
{
    int np = kt_game_players(g);
    kt_bot *bot[KT_MAX_PLAYERS] = {0};
    kt_status st = KT_OK;
    uint64_t gs = kt_game_seed(g);
    for (int p = 0; p < np && st == KT_OK; p++) {
        st = kt_bot_new(g, c->spec[(p + k) % c->nspec], kt_seed_mix(gs, 0xb07 + (uint64_t)p),
                        &bot[p], err);
        if (st == KT_OK)
            kt_record_set_seat(rec, p, c->spec[(p + k) % c->nspec]);
    }
    kt_state *s = st == KT_OK ? kt_state_new(g) : NULL;
    if (st == KT_OK && !s) {
        st = err->code = KT_ENOMEM;
        snprintf(err->msg, sizeof err->msg, "out of memory");
    }
    kt_random rng;
    kt_random_seed(&rng, kt_seed_mix(gs, 0x4015e));
    *noisy = c->noise > 0 ? k % np : -1;
    kt_action legal[KT_LEGAL_MAX];
    for (int i = 0; st == KT_OK && !kt_is_over(g, s) && i < CAL_MAX_ACTIONS; i++) {
        int p = kt_to_move(g, s), n = kt_legal_as(g, s, KT_TO_MOVE, legal, KT_LEGAL_MAX);
        kt_action a, own;
        /* the bot is asked every time, so its own generator runs the same
         * way whether or not the noise replaces its choice */
        if ((st = kt_bot_choose_as(bot[p], s, KT_TO_MOVE, &own, err)) != KT_OK)
            break;
        a = own;
        random[i] = A_BOT;
        if (p == *noisy && n > 1 && kt_random_unit(&rng) < c->noise) {
            a = legal[kt_random_below(&rng, (uint32_t)n)];
            random[i] = a == own ? A_RANDOM_SAME : A_RANDOM;
        }
        if ((st = kt_record_add_as(rec, s, KT_TO_MOVE, a)) == KT_OK)
            st = kt_apply_as(g, s, KT_TO_MOVE, a, err);
    }
    if (st == KT_OK && !kt_is_over(g, s)) {
        st = err->code = KT_EINTERNAL;
        snprintf(err->msg, sizeof err->msg, "game %d did not end in %d actions", k + 1,
                 CAL_MAX_ACTIONS);
    }
    kt_state_free(g, s);
    for (int p = 0; p < np; p++)
        kt_bot_free(bot[p]);
    return st;
}

/* Add one analysed player of a finished game to the totals. */
static void tally(cal_run *c, int game, const kt_analysis *a, double outcome, int noisy,
                  const unsigned char *random)
{
    int seat = kt_analysis_seat(a);
    for (int i = 0; i < kt_analysis_count(a); i++) {
        const kt_analysis_move *m = kt_analysis_move_at(a, i);
        if (!m->done)
            continue;
        int b = (int)(m->win_played * CAL_BINS);
        b = b < 0 ? 0 : b >= CAL_BINS ? CAL_BINS - 1 : b;
        c->bin[b].n++;
        c->bin[b].pred += m->win_played;
        c->bin[b].obs += outcome;
        c->gsum[game * CAL_BINS + b] += outcome;
        c->gn[game * CAL_BINS + b]++;
        c->brier += (m->win_played - outcome) * (m->win_played - outcome);
        c->positions++;
        int kind = seat != noisy                          ? K_OTHERS
                   : random[m->index] == A_RANDOM      ? K_RANDOM
                   : random[m->index] == A_RANDOM_SAME ? K_RANDOM_SAME
                                                       : K_NOISY_BOT;
        c->kind[kind].n++;
        c->kind[kind].flagged += m->severity > 0;
        if (m->win_before >= 0.05) {
            c->kind[kind].open++;
            c->kind[kind].open_flagged += m->severity > 0;
        }
        c->kind[kind].loss += m->loss > 0 ? m->loss : 0;
    }
}

static int cal_progress(void *ud, const kt_analysis_progress *p)
{
    const int *gk = ud;
    fprintf(stderr, "\rgame %d, player %d: %d of %d decisions   ", gk[0] + 1, gk[1] + 1, p->done,
            p->decisions);
    fflush(stderr);
    return 0;
}

/* Analyse every player of one finished game. */
static kt_status analyse_game(cal_run *c, kt_game *g, kt_record *rec, int k, int noisy,
                              const unsigned char *random, kt_err *err)
{
    kt_state *s = kt_state_new(g);
    if (!s) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return err->code = KT_ENOMEM;
    }
    kt_status st = kt_record_replay(rec, g, -1, s, err);
    kt_result res;
    kt_result_get(g, s, &res);
    kt_state_free(g, s);
    if (st != KT_OK || !res.finished) {
        c->unfinished += st == KT_OK;
        return st;
    }
    for (int p = 0; p < kt_game_players(g) && st == KT_OK; p++) {
        kt_analysis *a;
        if ((st = kt_analysis_new(g, rec, p, c->opts, &a, err)) != KT_OK)
            break;
        int gk[2] = {k, p};
        int tty = !c->noprog && isatty(STDERR_FILENO);
        st = kt_analysis_run(a, tty ? cal_progress : NULL, gk, err);
        kt_analysis_progress pr;
        kt_analysis_progress_get(a, &pr);
        c->sims += pr.simulations;
        if (st == KT_OK)
            tally(c, k, a, res.reward[p], noisy, random);
        kt_analysis_free(a);
    }
    return st;
}

/* 95% interval of the observed rate of decile b with the games as
 * clusters (cluster-robust standard error: the positions of one game are
 * not independent draws, they share one ending). */
static void interval(const cal_run *c, int b, double *lo, double *hi)
{
    const cal_bin *x = &c->bin[b];
    double mean = x->obs / (double)x->n, v = 0;
    for (int k = 0; k < c->games; k++) {
        double d = c->gsum[k * CAL_BINS + b] - (double)c->gn[k * CAL_BINS + b] * mean;
        v += d * d;
    }
    double se = sqrt(v) / (double)x->n;
    *lo = mean - 1.96 * se < 0 ? 0 : mean - 1.96 * se;
    *hi = mean + 1.96 * se > 1 ? 1 : mean + 1.96 * se;
}

static const char *const kind_name[K_KINDS] = {
    "random actions (not the bot's choice)", "random actions (by chance the bot's choice)",
    "the noisy player's own bot actions", "the other players' actions"};

static void print_text(const cal_run *c)
{
    printf("Calibration of the analysis: %s, %d games, seats %s", c->ga.game, c->games,
           c->spec[0]);
    for (int p = 1; p < c->nspec; p++)
        printf(",%s", c->spec[p]);
    printf("%s%s\n", c->gopts[0] ? ", options " : "", c->gopts);
    printf("analysis options: %s; %ld positions, %lld simulations, %.1f s\n", c->opts,
           c->positions, c->sims, c->secs);
    if (c->unfinished)
        printf("%ld games did not finish (left out)\n", c->unfinished);
    printf("\n| predicted | positions | mean predicted | observed win rate [95%% CI] |\n");
    printf("|---|---|---|---|\n");
    double ece = 0;
    for (int b = 0; b < CAL_BINS; b++) {
        const cal_bin *x = &c->bin[b];
        if (!x->n) {
            printf("| %d–%d%% | 0 | | |\n", b * 10, b * 10 + 10);
            continue;
        }
        double pr = x->pred / (double)x->n, ob = x->obs / (double)x->n, lo, hi;
        interval(c, b, &lo, &hi);
        ece += (double)x->n * fabs(pr - ob);
        printf("| %d–%d%% | %ld | %.1f%% | %.1f%% [%.1f–%.1f] |\n", b * 10, b * 10 + 10, x->n,
               100 * pr, 100 * ob, 100 * lo, 100 * hi);
    }
    if (c->positions)
        printf("\nBrier score %.4f; mean |predicted - observed| over the deciles, weighted by "
               "positions: %.1f points\n",
               c->brier / (double)c->positions, 100 * ece / (double)c->positions);
    if (c->noise <= 0)
        return;
    printf("\nWith --noise %g:\n", c->noise);
    for (int k = 0; k < K_KINDS; k++) {
        const cal_kind *x = &c->kind[k];
        printf("  %-44s %6ld, flagged %5.1f%%, mean loss %.1f points; with a win chance of 5%% "
               "or more before: %ld, flagged %.1f%%\n",
               kind_name[k], x->n, x->n ? 100.0 * (double)x->flagged / (double)x->n : 0.0,
               x->n ? 100 * x->loss / (double)x->n : 0.0, x->open,
               x->open ? 100.0 * (double)x->open_flagged / (double)x->open : 0.0);
    }
}

/* A JSON string (the texts here are options and bot specs). */
static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        if ((unsigned char)*s >= 0x20)
            fputc(*s, f);
    }
    fputc('"', f);
}

static void print_json(const cal_run *c, FILE *f)
{
    fprintf(f, "{\"game\":");
    json_str(f, c->ga.game);
    fprintf(f, ",\"seats\":[");
    for (int p = 0; p < c->nspec; p++) {
        fprintf(f, "%s", p ? "," : "");
        json_str(f, c->spec[p]);
    }
    fprintf(f, "],\"game_options\":");
    json_str(f, c->gopts);
    fprintf(f, ",\"analysis_options\":");
    json_str(f, c->opts);
    fprintf(f, ",\"games\":%d,\"unfinished\":%ld,\"positions\":%ld,\"simulations\":%lld,"
               "\"seconds\":%.1f,\"noise\":%g,\"brier\":%.5f,\"bins\":[",
            c->games, c->unfinished, c->positions, c->sims, c->secs, c->noise,
            c->positions ? c->brier / (double)c->positions : 0.0);
    for (int b = 0; b < CAL_BINS; b++) {
        const cal_bin *x = &c->bin[b];
        double lo = 0, hi = 0;
        if (x->n)
            interval(c, b, &lo, &hi);
        fprintf(f,
                "%s{\"from\":%.1f,\"to\":%.1f,\"n\":%ld,\"predicted\":%.5f,\"observed\":%.5f,"
                "\"observed_lo\":%.5f,\"observed_hi\":%.5f}",
                b ? "," : "", b / 10.0, (b + 1) / 10.0, x->n, x->n ? x->pred / (double)x->n : 0,
                x->n ? x->obs / (double)x->n : 0, lo, hi);
    }
    fprintf(f, "],\"kinds\":{");
    static const char *const key[K_KINDS] = {"random", "random_same", "noisy_bot", "others"};
    for (int k = 0; k < K_KINDS; k++)
        fprintf(f,
                "%s\"%s\":{\"n\":%ld,\"flagged\":%ld,\"loss\":%.5f,\"open\":%ld,"
                "\"open_flagged\":%ld}",
                k ? "," : "", key[k], c->kind[k].n, c->kind[k].flagged,
                c->kind[k].n ? c->kind[k].loss / (double)c->kind[k].n : 0.0, c->kind[k].open,
                c->kind[k].open_flagged);
    fprintf(f, "}}\n");
}

int cli_calibrate(int argc, char **argv)
{
    static cal_run c; /* large; one per process */
    memset(&c, 0, sizeof c);
    int rc = cal_args(argc, argv, &c);
    if (rc >= 0)
        return rc;
    split_options(&c);
    c.gsum = calloc((size_t)c.games * CAL_BINS, sizeof *c.gsum);
    c.gn = calloc((size_t)c.games * CAL_BINS, sizeof *c.gn);
    if (!c.gsum || !c.gn) {
        fprintf(stderr, "kontor analyze: out of memory\n");
        free(c.gsum);
        free(c.gn);
        return 2;
    }
    double t0 = cli_now();
    kt_err err;
    kt_status st = KT_OK;
    for (int k = 0; k < c.games && st == KT_OK; k++) {
        kt_game *g;
        uint64_t seed = c.ga.seed_given ? c.ga.seed + (uint64_t)k : 1 + (uint64_t)k;
        int np = c.ga.players ? c.ga.players : c.nspec;
        if ((st = kt_game_new(c.ga.game, c.gopts, np, seed, NULL, &g, &err)) != KT_OK)
            break;
        kt_record *rec = kt_record_new(g);
        unsigned char *random = calloc(CAL_MAX_ACTIONS, 1);
        int noisy = -1;
        if (!rec || !random) {
            st = err.code = KT_ENOMEM;
            snprintf(err.msg, sizeof err.msg, "out of memory");
        }
        if (st == KT_OK)
            st = play_one(&c, g, k, rec, random, &noisy, &err);
        if (st == KT_OK)
            st = analyse_game(&c, g, rec, k, noisy, random, &err);
        free(random);
        kt_record_free(rec);
        kt_game_free(g);
    }
    c.secs = cli_now() - t0;
    if (!c.noprog && isatty(STDERR_FILENO))
        fprintf(stderr, "\r%60s\r", "");
    if (st != KT_OK)
        fprintf(stderr, "kontor analyze: %s\n", err.msg);
    else if (c.json)
        print_json(&c, stdout);
    else
        print_text(&c);
    if (st == KT_OK && c.out) {
        FILE *f = fopen(c.out, "w");
        if (f)
            print_json(&c, f);
        if (!f || fclose(f) != 0) {
            fprintf(stderr, "kontor analyze: cannot write '%s'\n", c.out);
            st = KT_EIO;
        }
    }
    free(c.gsum);
    free(c.gn);
    return st == KT_OK ? 0 : 2;
}
