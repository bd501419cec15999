/*
 * catan_bench.c - standalone driver for Catan measurements (not linked into
 * kontor): random-play speed through the public API, and bot matches.
 *
 *   catan_bench speed OPTIONS GAMES          random play: games/s, actions/s
 *   catan_bench match OPTIONS GAMES SEATS    e.g. SEATS = heuristic,random,random,random
 *                                            (seats rotate every game)
 *   catan_bench digest OPTIONS GAMES [N]     behaviour digest of random play (N players,
 *                                            default 4): a hash of
 *                                            every legal list, every chosen action and
 *                                            the saved form (JSON) of every final state
 *                                            (equal digests before and after a speed
 *                                            change = same behaviour; the saved form
 *                                            leaves out derived data, so a change of the
 *                                            state's layout alone keeps the digest)
 * Build: cc -O2 -Iinclude bench/catan_bench.c build/<dir>/libkontor.a -lm
 * Data: nothing is kept between games except the running totals.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kontor/kontor.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); /* CPU time: the machine is shared */
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* xorshift for choosing among legal actions: the same choice rule as a
 * random bot without the bot's call overhead */
static unsigned long long xs(unsigned long long *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static int speed(const char *opts, int games)
{
    kt_game *g;
    kt_err err;
    if (kt_game_new("catan", opts, 4, 1, NULL, &g, &err) != KT_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    kt_state *s = kt_state_new(g);
    kt_action buf[KT_LEGAL_MAX];
    long long actions = 0, turns = 0, fin = 0;
    unsigned long long x = 88172645463325252ULL;
    double t0 = now();
    for (int i = 0; i < games; i++) {
        kt_state_init(g, s);
        while (!kt_is_over(g, s)) {
            int k = kt_legal(g, s, buf, KT_LEGAL_MAX);
            kt_apply_trusted(g, s, buf[xs(&x) % (unsigned)k]);
            actions++;
        }
        kt_result r;
        kt_result_get(g, s, &r);
        turns += r.turns;
        fin += r.finished;
    }
    double dt = now() - t0;
    printf("options '%s': %d games in %.2f s: %.0f games/s, %.0f actions/s, %.1f actions/game, "
           "%.1f player turns/game, %lld finished\n",
           opts, games, dt, games / dt, (double)actions / dt, (double)actions / games,
           (double)turns / games, fin);
    kt_state_free(g, s);
    kt_game_free(g);
    return 0;
}

/* FNV-1a over 32-bit words */
static unsigned long long fold(unsigned long long h, unsigned long long v)
{
    return (h ^ v) * 0x100000001b3ULL;
}

/* FNV-1a over the bytes of the state's saved form: what the game is, not
 * how the engine lays it out (cached derived fields are not saved). */
static unsigned long long saved_hash(const kt_game *g, const kt_state *s)
{
    char *j = kt_state_json(g, s);
    unsigned long long h = 0xcbf29ce484222325ULL;
    if (!j)
        return 0;
    for (const unsigned char *c = (const unsigned char *)j; *c; c++)
        h = fold(h, *c);
    kt_free(j);
    return h;
}

static int digest(const char *opts, int games, int players)
{
    kt_game *g;
    kt_err err;
    if (kt_game_new("catan", opts, players, 1, NULL, &g, &err) != KT_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    kt_state *s = kt_state_new(g);
    kt_action buf[KT_LEGAL_MAX];
    unsigned long long h = 0xcbf29ce484222325ULL, x = 88172645463325252ULL, legal = 0;
    long long actions = 0;
    for (int i = 0; i < games; i++) {
        kt_state_init_seed(g, s, 1000u + (unsigned)i);
        while (!kt_is_over(g, s)) {
            int k = kt_legal(g, s, buf, KT_LEGAL_MAX);
            h = fold(h, (unsigned)k);
            for (int j = 0; j < k; j++)
                h = fold(h, buf[j]);
            legal += (unsigned)k;
            kt_action a = buf[xs(&x) % (unsigned)k];
            kt_apply_trusted(g, s, a);
            actions++;
        }
        h = fold(h, saved_hash(g, s));
    }
    printf("options '%s', %d players: %d games, %lld actions, %llu legal actions listed, "
           "digest %016llx\n",
           opts, players, games, actions, legal, h);
    kt_state_free(g, s);
    kt_game_free(g);
    return 0;
}

static int match(const char *opts, int games, const char *seats)
{
    char names[4][64];
    int n = 0;
    const char *p = seats;
    while (*p && n < 4) {
        size_t l = strcspn(p, ",");
        snprintf(names[n], sizeof names[n], "%.*s", (int)l, p);
        n++;
        p += l + (p[l] == ',');
    }
    double wins[4] = {0}, turns = 0, unfinished = 0, vp[4] = {0};
    long long actions = 0;
    double t0 = now();
    for (int i = 0; i < games; i++) {
        kt_game *g;
        kt_err err;
        if (kt_game_new("catan", opts, n, 1000 + (uint64_t)i, NULL, &g, &err) != KT_OK) {
            fprintf(stderr, "%s\n", err.msg);
            return 1;
        }
        kt_bot *bots[4];
        int rot = i % n; /* seat s plays name (s + rot) % n */
        for (int s = 0; s < n; s++)
            if (kt_bot_new(g, names[(s + rot) % n], 77 * (uint64_t)i + (uint64_t)s, &bots[s], &err)) {
                fprintf(stderr, "%s\n", err.msg);
                return 1;
            }
        kt_state *st = kt_state_new(g);
        while (!kt_is_over(g, st) && kt_action_count(g, st) < 200000) {
            kt_action a;
            if (kt_bot_choose(bots[kt_to_move(g, st)], st, &a, &err) != KT_OK ||
                kt_apply(g, st, a, &err) != KT_OK) {
                fprintf(stderr, "game %d: %s\n", i, err.msg);
                return 1;
            }
        }
        kt_result r;
        kt_result_get(g, st, &r);
        actions += (long long)kt_action_count(g, st);
        turns += r.turns;
        unfinished += !r.finished;
        for (int s = 0; s < n; s++) {
            wins[(s + rot) % n] += r.reward[s];
            vp[(s + rot) % n] += r.score[s];
        }
        for (int s = 0; s < n; s++)
            kt_bot_free(bots[s]);
        kt_state_free(g, st);
        kt_game_free(g);
    }
    double dt = now() - t0;
    printf("options '%s', %d games (%.1f s), seats rotate; %.1f player turns/game, %.0f actions/game, "
           "%.0f unfinished\n",
           opts, games, dt, turns / games, (double)actions / games, unfinished);
    for (int s = 0; s < n; s++)
        printf("  %-12s wins %.1f%%  mean VP %.2f\n", names[s], 100.0 * wins[s] / games,
               vp[s] / games);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 4 && !strcmp(argv[1], "speed"))
        return speed(argv[2], atoi(argv[3]));
    if (argc >= 4 && !strcmp(argv[1], "digest"))
        return digest(argv[2], atoi(argv[3]), argc >= 5 ? atoi(argv[4]) : 4);
    if (argc >= 5 && !strcmp(argv[1], "match"))
        return match(argv[2], atoi(argv[3]), argv[4]);
    fprintf(stderr, "usage: catan_bench speed OPTIONS GAMES | match OPTIONS GAMES SEATS | digest OPTIONS GAMES [PLAYERS]\n");
    return 2;
}
