/*
 * test_fwm_soak.c - Fugger, Welser, Medici played to the end by every bot
 * kontor ships for it (random, heuristic, mcts; the level names easy,
 * medium and hard stand for them) in every mode (trading house, nobility,
 * manor, full game) with 2-6 players, over many seeds: the invariants
 * (kt_check) after every action, and every game must end by the rules (no
 * turn limit; issue 26 found a full game of two heuristic bots that never
 * ended).  KT_SCALE sets the number of games (`make soak`: 20); each test
 * prints the lengths it saw per mode and player count.
 *
 * The random and heuristic games alternate between the seed's rule for
 * trades in phase 1 (any number) and the study bound (trade_offers=2, what
 * kontor sim adds); games with a search bot and random players use the
 * bound, as a search bot would otherwise trade with a random player without
 * end (it is the bound's purpose).  The search bot is the hard level's
 * (mcts:time=1000) with its budget cut to a few iterations.  Random pending
 * players answer sealed bids in a random order.
 */
#include <stdio.h>
#include <string.h>

#include "fwm_helpers.h"

static const char *const modes[4] = {"trading", "nobility", "manor", "full"};

typedef struct soak_len {
    long games[4][7], rounds[4][7], maxr[4][7], actions[4][7];
} soak_len;

/* Plays s to the end: seat p's bot is bots[p] (NULL: uniform random among the
 * pending players' legal actions).  kt_check after every action.  Returns the
 * number of actions, or -1 after a failure. */
static long play(kt_t *T, const kt_game *g, kt_state *s, kt_bot **bots, kt_rng *rng, long cap)
{
    kt_err err;
    long n = 0;
    for (; n < cap && !kt_is_over(g, s); n++) {
        uint32_t pend = kt_pending(g, s);
        int p = kt_to_move(g, s);
        if (!bots[p]) { /* a random pending player answers */
            int cand[FWM_MAXP], k = 0;
            for (int q = 0; q < kt_game_players(g); q++)
                if (((pend >> q) & 1u) && !bots[q])
                    cand[k++] = q;
            p = cand[kt_rng_below(rng, (uint32_t)k)];
        }
        kt_action a;
        if (bots[p]) {
            if (!KT_OKS(kt_bot_choose_as(bots[p], s, p, &a, &err), &err))
                return -1;
        } else {
            kt_action buf[KT_LEGAL_MAX];
            int m = kt_legal_as(g, s, p, buf, KT_LEGAL_MAX);
            if (!KT_CHECK(m > 0))
                return -1;
            a = buf[kt_rng_below(rng, (uint32_t)m)];
        }
        if (!KT_OKS(kt_apply_as(g, s, p, a, &err), &err))
            return -1;
        if (!KT_OKS(kt_check(g, s, &err), &err))
            return -1;
    }
    return n;
}

/* Game i of a soak: mode i % 4, 2 + (i / 4) % 5 players, so that 20 games
 * cover every pair.  `spec` names every seat's bot (NULL: random), `other`
 * the other seats' when given; `bound` 1: the study bound, 2: alternate. */
static void soak_game(kt_t *T, int i, const char *spec, const char *other, int bound,
                      soak_len *L)
{
    int m = i % 4, np = 2 + (i / 4) % 5;
    int with = bound == 1 || (bound == 2 && (i / 20) % 2 == 1);
    char opts[96];
    snprintf(opts, sizeof opts, "mode=%s%s", modes[m], with ? ";trade_offers=2" : "");
    kt_game *g = NULL;
    kt_err err;
    if (!KT_OKS(kt_game_new("fwm", opts, np, 91 + (uint64_t)i, NULL, &g, &err), &err))
        return;
    kt_state *s = kt_state_new(g);
    kt_state_init_seed(g, s, 7000u + 31u * (uint64_t)i);
    kt_bot *bots[FWM_MAXP] = {NULL};
    int ok = 1;
    for (int p = 0; p < np && ok; p++) {
        const char *b = p == i % np || !other ? spec : other;
        if (b)
            ok = KT_OKS(kt_bot_new(g, b, 100u + (uint64_t)(i * 7 + p), &bots[p], &err), &err);
    }
    kt_rng rng;
    kt_rng_seed(&rng, 55u + (uint64_t)i);
    long n = ok ? play(T, g, s, bots, &rng, 3000000) : -1;
    if (n >= 0 && !kt_is_over(g, s))
        KT_FAIL("fwm %s, %d players, game %d (%s%s%s): no end after %ld actions", modes[m], np, i,
                spec ? spec : "random", other ? " + " : "", other ? other : "", n);
    if (n >= 0 && kt_is_over(g, s)) {
        kt_result r;
        kt_result_get(g, s, &r);
        if (!KT_CHECK(r.finished && r.winners))
            printf("      fwm %s, %d players, game %d: not finished by the rules\n", modes[m], np,
                   i);
        L->games[m][np]++;
        L->rounds[m][np] += r.turns;
        L->actions[m][np] += n;
        if ((long)r.turns > L->maxr[m][np])
            L->maxr[m][np] = r.turns;
        char *js = kt_state_json(g, s); /* the end position loads back */
        kt_game *g2 = NULL;
        kt_state *s2 = NULL;
        if (KT_OKS(kt_load_json(js, NULL, &g2, &s2, &err), &err))
            KT_CHECK(kt_state_equal(g, s, s2));
        kt_free(js);
        kt_state_free(g2, s2);
        kt_game_free(g2);
    }
    for (int p = 0; p < np; p++)
        kt_bot_free(bots[p]);
    kt_state_free(g, s);
    kt_game_free(g);
}

static void report(const char *what, const soak_len *L)
{
    printf("  %s: rounds mean/max (actions mean) per mode and players\n", what);
    for (int m = 0; m < 4; m++) {
        printf("    %-9s", modes[m]);
        for (int np = 2; np <= 6; np++)
            if (L->games[m][np])
                printf("  %dp %ld: %.0f/%ld (%.0f)", np, L->games[m][np],
                       (double)L->rounds[m][np] / (double)L->games[m][np], L->maxr[m][np],
                       (double)L->actions[m][np] / (double)L->games[m][np]);
        printf("\n");
    }
}

static void soak(kt_t *T, const char *what, int base, const char *spec, const char *other,
                 int bound)
{
    soak_len L;
    memset(&L, 0, sizeof L);
    int games = kt_t_scaled(base);
    for (int i = 0; i < games && !T->failures; i++)
        soak_game(T, i, spec, other, bound, &L);
    report(what, &L);
}

/* The level names are the bots soaked below. */
static const char *level(kt_t *T, const char *name, const char *want)
{
    const char *spec = kt_game_level("fwm", name);
    KT_CHECK(spec && strcmp(spec, want) == 0);
    return spec;
}

KT_TEST(fwm_soak_random_every_mode_2_to_6_players_ends)
{
    level(T, "easy", "random");
    soak(T, "random (easy)", 40, NULL, NULL, 2);
}

KT_TEST(fwm_soak_heuristic_every_mode_2_to_6_players_ends)
{
    level(T, "medium", "heuristic");
    soak(T, "heuristic (medium)", 40, "heuristic", NULL, 2);
}

KT_TEST(fwm_soak_heuristic_against_random_every_mode_ends)
{
    soak(T, "heuristic + random", 20, "heuristic", "random", 2);
}

KT_TEST(fwm_soak_mcts_every_mode_2_to_6_players_ends)
{
    char spec[96];
    snprintf(spec, sizeof spec, "%s:iters=12:depth=12", level(T, "hard", "mcts:time=1000"));
    /* one search bot among heuristic bots (the seed's rule for trades), then
     * among random bots (the study bound) */
    soak(T, "mcts (hard, 12 iterations) + heuristic", 10, spec, "heuristic", 2);
    soak(T, "mcts (hard, 12 iterations) + random", 10, spec, "random", 1);
}

