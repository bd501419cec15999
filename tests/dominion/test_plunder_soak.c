/*
 * test_plunder_soak.c - random-play soaks of Plunder kingdoms through the
 * generic conformance run (invariants after every action; save/load,
 * action texts in both languages, determinization and illegal actions at
 * random points), covering every Plunder card, Loot, Event and Trait, plus
 * bot games and a coverage count of what random play actually did.
 */
#include <stdio.h>
#include <string.h>

#include "../../src/core/game.h"
#include "../../src/core/rng.h"
#include "../../src/games/dominion/dominion.h"
#include "../core/conformance.h"
#include "helpers.h"

/* Configuration k: the first four take the 40 Plunder cards in groups of
 * ten, each with four (the last three) Events and Traits, so that together
 * they hold everything; then random mixes of base and Plunder cards with
 * up to three of each landscape. */
static void plunder_config(int k, kt_rng *r, char *out, size_t cap)
{
    int ids[DOM_NCARDS], n = 0;
    out[0] = '\0';
    /* a turn limit for games no rule ends (random play that trashed the
     * whole deck; test_soak.c: found at KT_SCALE=20 in 1-player games with
     * Chapel, which ran 400,000 actions) */
    strncat(out, "turn_limit=3000;kingdom=", cap - 1);
    if (k < 4) {
        for (int i = 0; i < 10; i++)
            ids[n++] = DOM_FIRST_PLUNDER + 10 * k + i;
    } else {
        int pool[DOM_NCARDS], np = 0;
        for (int id = DOM_CELLAR; id < DOM_FIRST_LOOT; id++)
            pool[np++] = id;
        for (int i = np - 1; i > 0; i--) {
            int j = (int)kt_rng_below(r, (uint32_t)(i + 1)), t = pool[i];
            pool[i] = pool[j];
            pool[j] = t;
        }
        for (int i = 0; i < 10; i++)
            ids[n++] = pool[i];
    }
    for (int i = 0; i < n; i++) {
        strncat(out, dom_cards[ids[i]].en, cap - strlen(out) - 1);
        strncat(out, i < n - 1 ? "," : "", cap - strlen(out) - 1);
    }
    int ne = k < 4 ? (k < 3 ? 4 : 3) : (int)kt_rng_below(r, 4);
    int nt = k < 4 ? (k < 3 ? 4 : 3) : (int)kt_rng_below(r, 4);
    strncat(out, ";landscapes=0;events=", cap - strlen(out) - 1);
    for (int i = 0; i < ne; i++) {
        int e = k < 4 ? DOM_FIRST_EVENT + 4 * k + i
                      : DOM_FIRST_EVENT + (int)kt_rng_below(r, DOM_FIRST_TRAIT - DOM_FIRST_EVENT);
        if (i && strstr(out, dom_cards[e].en))
            continue;
        strncat(out, dom_cards[e].en, cap - strlen(out) - 1);
        strncat(out, ",", cap - strlen(out) - 1);
    }
    strncat(out, ";traits=", cap - strlen(out) - 1);
    for (int i = 0; i < nt; i++) {
        int t = k < 4 ? DOM_FIRST_TRAIT + 4 * k + i
                      : DOM_FIRST_TRAIT + (int)kt_rng_below(r, DOM_NCARDS - DOM_FIRST_TRAIT);
        if (i && strstr(out, dom_cards[t].en))
            continue;
        strncat(out, dom_cards[t].en, cap - strlen(out) - 1);
        strncat(out, ",", cap - strlen(out) - 1);
    }
}

KT_TEST(dominion_plunder_soak_random_play_all_cards_events_traits)
{
    kt_rng r;
    kt_rng_seed(&r, 4242);
    uint8_t seen[DOM_NIDS];
    memset(seen, 0, sizeof seen);
    int configs = 4 + kt_t_scaled(12);
    for (int k = 0; k < configs; k++) {
        char opts[800];
        plunder_config(k, &r, opts, sizeof opts);
        for (int np = 1; np <= 4; np++)
            kt_conformance_run(T, "dominion", opts, np, kt_t_scaled(8), kt_t_scaled(3), 400000);
        /* what the soaked configuration holds */
        kt_game *g;
        kt_err err;
        if (!KT_OKS(kt_game_new("dominion", opts, 2, 1234, NULL, &g, &err), &err))
            continue;
        const dom_cfg *c = dom_config(g);
        for (int i = 0; i < c->nids; i++)
            seen[c->ids[i]] = 1;
        for (int i = 0; i < c->nevents; i++)
            seen[c->events[i]] = 1;
        for (int i = 0; i < c->ntraits; i++)
            seen[c->traits[i]] = 1;
        kt_game_free(g);
    }
    /* every Plunder card, Loot, Event and Trait was in a soaked game */
    for (int id = DOM_FIRST_PLUNDER; id < DOM_NCARDS; id++)
        if (!seen[id])
            KT_FAIL("%s is in no soaked configuration", dom_cards[id].en);
    KT_CHECK(configs >= 4);
}

KT_TEST(dominion_plunder_soak_presets_and_journey_errata)
{
    static const char *const opts[] = {
        "preset=Treibgut", "preset=Strandgut", "preset=Erste Plünderung", "preset=Voodoo",
        "preset=First Game;journey=errata;events=Journey,Launch,Looting",
        "kingdom=Cage,Grotto,Search,Shaman,Siren;events=Journey;traits=Fated,Inherited",
    };
    int finished = 0, runs = 0;
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        for (int np = 2; np <= 4; np++) {
            kt_conformance_run(T, "dominion", opts[i], np, kt_t_scaled(8), kt_t_scaled(2),
                               400000);
            /* and one more game of each to its end, checked after every
             * action, on the configuration the options ask for */
            kt_game *g;
            kt_err err;
            if (!KT_OKS(kt_game_new("dominion", opts[i], np, 77, NULL, &g, &err), &err))
                continue;
            const dom_cfg *c = dom_config(g);
            if (i == 4)
                KT_CHECK(c->journey_errata && c->nevents == 3);
            if (i == 5)
                KT_CHECK(c->ntraits == 2 && c->nevents == 1 && c->stays);
            kt_state *st = kt_state_new(g);
            kt_t_random_game(T, g, st, 5u + (uint64_t)np, 400000);
            finished += kt_is_over(g, st);
            runs++;
            kt_state_free(g, st);
            kt_game_free(g);
        }
    KT_EQ(runs, 18);
    KT_EQ(finished, runs);
}

/* Random play that half of the time plays all its Treasures and buys the
 * dearest thing it can, so that $7 and $10 purchases happen too. */
static kt_action greedy_random(const kt_game *g, const kt_state *st, kt_rng *pick, kt_action *buf)
{
    int m = kt_legal(g, st, buf, KT_LEGAL_MAX);
    const dom_state *s = dom_cst(st);
    if (!s->nstack && s->phase == DOM_PH_BUY && kt_rng_below(pick, 2)) {
        kt_action best = 0;
        int bc = -1;
        for (int i = 0; i < m; i++) {
            if (DOM_VERB(buf[i]) == DOM_V_PLAYALL)
                return buf[i];
            if (DOM_VERB(buf[i]) == DOM_V_BUY) {
                int c = dom_config(g)->cost[DOM_CARD(buf[i])];
                if (c > bc || (c == bc && kt_rng_below(pick, 2))) {
                    bc = c;
                    best = buf[i];
                }
            }
        }
        if (best)
            return best;
    }
    return buf[kt_rng_below(pick, (uint32_t)m)];
}

/* What random play over the soak configurations actually does: every
 * Plunder kingdom card and Loot is played, every Event bought, every
 * decision kind met, every Trait in a game that ends. */
KT_TEST(dominion_plunder_soak_coverage_of_cards_events_decisions)
{
    uint8_t played[DOM_NIDS], bought[DOM_NIDS], traits[DOM_NIDS], decided[DOM_NDECISIONS];
    memset(played, 0, sizeof played);
    memset(bought, 0, sizeof bought);
    memset(traits, 0, sizeof traits);
    memset(decided, 0, sizeof decided);
    kt_rng r, pick;
    kt_rng_seed(&r, 4242);
    kt_rng_seed(&pick, 99);
    kt_action buf[KT_LEGAL_MAX];
    int games = 0;
    /* not scaled: coverage needs the full set, and it is cheap */
    for (int k = 0; k < 24; k++) {
        char opts[800];
        plunder_config(k, &r, opts, sizeof opts);
        kt_game *g;
        kt_err err;
        if (!KT_OKS(kt_game_new("dominion", opts, 2 + k % 3, 7, NULL, &g, &err), &err))
            break;
        const dom_cfg *c = dom_config(g);
        for (int i = 0; i < c->ntraits; i++)
            traits[c->traits[i]] = 1;
        kt_state *st = kt_state_new(g);
        for (int game = 0; game < 6; game++) {
            kt_state_init_seed(g, st, (uint64_t)(k * 100 + game));
            long n = 0;
            while (!kt_is_over(g, st) && n++ < 400000) {
                const dom_state *s = dom_cst(st);
                decided[s->h.decision] = 1;
                kt_action a = greedy_random(g, st, &pick, buf);
                if (DOM_VERB(a) == DOM_V_BUY)
                    bought[DOM_CARD(a)] = 1;
                if (DOM_VERB(a) == DOM_V_PLAY) /* cards that leave play at once */
                    played[DOM_CARD(a)] = 1;
                kt_apply_trusted(g, st, a);
                s = dom_cst(st);
                for (int i = 0; i < s->nplay; i++)
                    played[s->play[i].card] = 1;
            }
            games += kt_is_over(g, st);
        }
        kt_state_free(g, st);
        kt_game_free(g);
    }
    int miss = 0;
    for (int id = DOM_FIRST_PLUNDER; id < DOM_FIRST_EVENT; id++)
        if (!played[id]) {
            printf("    never played: %s\n", dom_cards[id].en);
            miss++;
        }
    for (int id = DOM_FIRST_EVENT; id < DOM_FIRST_TRAIT; id++)
        if (!bought[id]) {
            printf("    never bought: %s\n", dom_cards[id].en);
            miss++;
        }
    for (int id = DOM_FIRST_TRAIT; id < DOM_NCARDS; id++)
        if (!traits[id]) {
            printf("    never in a game: %s\n", dom_cards[id].en);
            miss++;
        }
    for (int d = DOM_D_ACTION; d < DOM_NDECISIONS; d++)
        if (!decided[d]) {
            printf("    decision never met: %s\n", dom_decision_name(d));
            miss++;
        }
    printf("    %d games\n", games);
    KT_EQ(miss, 0);
}
