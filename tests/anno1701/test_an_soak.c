/*
 * test_an_soak.c - long plays of Anno 1701 under the rules of issue 26
 * (`make soak` runs them at KT_SCALE=20; CI at 1): every rule option that
 * changes the rules, with the trade bound set and unbounded, played to the
 * end by every shipped bot (random, heuristic, mcts with a small budget)
 * over many seeds, with after every action:
 *   - kt_check (conservation, ranges, the offer fields, the task stack);
 *   - chaos: a landscape whose village centre is in chaos before and after
 *     the action has not gained a good;
 *   - the heuristic never chooses a move that costs its last gold while it
 *     has another one;
 * and every game ends.  A second soak checks that the warn hook names
 * exactly the moves that lose the game by the last gold: at each position
 * of random play, every legal action is applied to a copy and what follows
 * without dice or a free choice (payment splits, landscape choices, the
 * opponent accepting an offer) is played out.
 */
#include <stdio.h>
#include <string.h>

#include "../../src/core/game.h"
#include "an_helpers.h"

/* Rule configurations: last_gold both ways, the trade bound set, the seed's
 * conflicts and blanks both ways; the last one is the seed's default (no
 * trade bound). */
static const char *const soak_cfgs[] = {
    "trade_offers=3",
    "trade_offers=3;last_gold=refuse",
    "trade_offers=3;settler_cost=example;pirate_hunt=opponent;tax=mark;trader=buy;gold_pay=auto",
    "trade_offers=3;last_gold=refuse;voyage_min=1;bishop_church=0;lion=2;settler_cost=example",
    "trade_offers=1;voyage_min=4;gold_pay=auto;last_gold=refuse;pirate_hunt=opponent",
    "",
};
#define NSOAK ((int)(sizeof soak_cfgs / sizeof soak_cfgs[0]))

/* Seatings: bot specs of seats 1 and 2, and games per configuration at
 * KT_SCALE=1 (mcts is slow: fewer). */
typedef struct seating {
    const char *bot[2];
    int games;
} seating;

static const seating seatings[] = {
    {{"random", "random"}, 30},
    {{"heuristic", "heuristic"}, 12},
    {{"random", "heuristic"}, 8},
    {{"heuristic", "random"}, 8},
    {{"mcts:iters=50", "heuristic"}, 1},
    {{"random", "mcts:iters=50"}, 1},
};
#define NSEAT ((int)(sizeof seatings / sizeof seatings[0]))

typedef struct soak_run {
    long games, actions, ends[4], offers, accepted, placements, losing_avoided;
    long mcts_losing, most_offers; /* reported: mcts moves losing the last gold by choice */
} soak_run;

/* Landscapes of p whose centre is in chaos in both states must not grow. */
static int chaos_held(const an_cfg *c, const an_state *b, const an_state *a)
{
    for (int p = 0; p < AN_NP; p++)
        for (int l = 0; l < AN_NLAND; l++) {
            int k = c->set[b->pl[p].set].land[l].centre;
            if (!b->pl[p].gold[k] && !a->pl[p].gold[k] && a->pl[p].land[l] > b->pl[p].land[l])
                return 0;
        }
    return 1;
}

static int heuristic_spec(const char *spec) { return strcmp(spec, "heuristic") == 0; }

/* One game with the seating; 0 after a failure. */
static int soak_game(kt_t *T, const kt_game *g, kt_state *s, kt_state *before, kt_bot **bots,
                     const seating *st, soak_run *run, const char *where)
{
    const an_cfg *c = an_config(g);
    kt_err err;
    kt_action legal[KT_LEGAL_MAX];
    for (long k = 0; !kt_is_over(g, s); k++) {
        if (k >= 20000) {
            KT_FAIL("%s: not over after %ld actions", where, k);
            return 0;
        }
        int p = kt_to_move(g, s);
        kt_action a;
        if (!KT_OKS(kt_bot_choose(bots[p], s, &a, &err), &err))
            return 0;
        if (an_last_gold(c, (const an_state *)s, a) && strcmp(st->bot[p], "random")) {
            int n = kt_legal(g, s, legal, KT_LEGAL_MAX), other = 0;
            for (int i = 0; i < n; i++)
                other |= !an_last_gold(c, (const an_state *)s, legal[i]);
            if (other && heuristic_spec(st->bot[p])) {
                KT_FAIL("%s: the heuristic chose a move that loses its last gold", where);
                return 0;
            }
            if (other)
                run->mcts_losing++;
            else
                run->losing_avoided--; /* forced: every move lost */
        }
        run->offers += AN_AK(a) == A_SEND;
        run->accepted += AN_AK(a) == A_ACCEPT;
        run->placements += AN_AK(a) == A_PLACE;
        kt_state_copy(g, before, s);
        if (!KT_OKS(kt_apply(g, s, a, &err), &err))
            return 0;
        run->actions++;
        if (((const an_state *)s)->offers > run->most_offers)
            run->most_offers = ((const an_state *)s)->offers;
        if (kt_check(g, s, &err) != KT_OK) {
            KT_FAIL("%s: invariant after action %ld: %s", where, k, err.msg);
            return 0;
        }
        if (!chaos_held(c, (const an_state *)before, (const an_state *)s)) {
            KT_FAIL("%s: a landscape under a village centre in chaos gained a good", where);
            return 0;
        }
    }
    run->games++;
    run->ends[((const an_state *)s)->end & 3]++;
    return 1;
}

KT_TEST(anno_soak_every_rule_option_and_bot_plays_to_the_end)
{
    soak_run run = {0};
    long want = 0;
    for (int o = 0; o < NSOAK && !T->failures; o++) {
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new("anno1701", soak_cfgs[o], 2, 3, NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g), *before = kt_state_new(g);
        for (int si = 0; si < NSEAT && !T->failures; si++) {
            const seating *st = &seatings[si];
            /* the seed's unbounded trade: the bots that bound themselves */
            if (!soak_cfgs[o][0] && strncmp(st->bot[0], "mcts", 4) == 0)
                continue;
            kt_bot *bots[2];
            KT_REQUIRE(KT_OKS(kt_bot_new(g, st->bot[0], 11 + (uint64_t)o, &bots[0], &err), &err));
            KT_REQUIRE(KT_OKS(kt_bot_new(g, st->bot[1], 12 + (uint64_t)o, &bots[1], &err), &err));
            int games = kt_t_scaled(st->games);
            want += games;
            for (int i = 0; i < games && !T->failures; i++) {
                char where[200];
                snprintf(where, sizeof where, "[%s] %s vs %s, game %d", soak_cfgs[o], st->bot[0],
                         st->bot[1], i);
                kt_state_init_seed(g, s, 7000 + (uint64_t)(o * 1000 + si * 100 + i));
                soak_game(T, g, s, before, bots, st, &run, where);
            }
            kt_bot_free(bots[0]);
            kt_bot_free(bots[1]);
        }
        kt_state_free(g, before);
        kt_state_free(g, s);
        kt_game_free(g);
    }
    printf("    %ld games, %ld actions; ends queen %ld, merchants %ld, chaos %ld; %ld offers made, "
           "%ld accepted, %ld landscape choices, at most %ld offers begun in a phase; %ld forced "
           "losing moves of the heuristic or mcts, %ld chosen by mcts\n",
           run.games, run.actions, run.ends[END_QUEEN], run.ends[END_MERCHANT],
           run.ends[END_CHAOS], run.offers, run.accepted, run.placements, run.most_offers,
           -run.losing_avoided, run.mcts_losing);
    KT_EQ(run.games, want); /* every game ended */
    KT_CHECK(run.ends[END_QUEEN] > 0 && run.ends[END_CHAOS] > 0);
    KT_CHECK(run.accepted > 0 && run.placements > 0);
}

/* Apply a to a copy of s and play out what follows without dice or a free
 * choice: landscape choices and payment splits (their first answer; a
 * payment with several splits never empties both centres) and, after an
 * offer, the opponent's acceptance.  1: the mover lost by chaos; 0: not;
 * -1: dice or a shuffle came in (the move's outcome was not known). */
static int chain_loses(const kt_game *g, const kt_state *s, kt_action a, kt_state *w)
{
    int p = kt_to_move(g, s);
    kt_state_copy(g, w, s);
    kt_apply_trusted(g, w, a);
    kt_action buf[KT_LEGAL_MAX];
    for (int k = 0; k < 64 && !kt_is_over(g, w); k++) {
        const char *d = kt_decision(g, w);
        int n = kt_legal(g, w, buf, KT_LEGAL_MAX), pick = -1;
        if (!strcmp(d, "place") || !strcmp(d, "pay"))
            pick = 0;
        else if (!strcmp(d, "offer") && AN_AK(a) == A_SEND)
            for (int i = 0; i < n; i++)
                if (AN_AK(buf[i]) == A_ACCEPT)
                    pick = i;
        if (pick < 0)
            break;
        kt_apply_trusted(g, w, buf[pick]);
    }
    if (memcmp(&w->h.rng, &s->h.rng, sizeof s->h.rng) != 0)
        return -1;
    const an_state *ws = (const an_state *)w;
    return kt_is_over(g, w) && ws->end == END_CHAOS && ws->winner != p;
}

KT_TEST(anno_soak_warn_names_exactly_the_moves_that_lose_the_last_gold)
{
    static const char *const cfgs[] = {"trade_offers=3", "", "gold_pay=auto",
                                       "last_gold=refuse;trade_offers=3"};
    long positions = 0, warned = 0, checked = 0;
    for (int o = 0; o < 4 && !T->failures; o++) {
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new("anno1701", cfgs[o], 2, 3, NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g), *w = kt_state_new(g);
        kt_bot *h;
        KT_REQUIRE(KT_OKS(kt_bot_new(g, "heuristic", 5, &h, &err), &err));
        kt_rng r;
        kt_rng_seed(&r, 99 + (uint64_t)o);
        kt_action legal[KT_LEGAL_MAX];
        for (int i = 0; i < kt_t_scaled(40) && !T->failures; i++) {
            kt_state_init_seed(g, s, 300 + (uint64_t)i);
            for (long k = 0; k < 5000 && !kt_is_over(g, s) && !T->failures; k++) {
                int n = kt_legal(g, s, legal, KT_LEGAL_MAX);
                positions++;
                int says[KT_LEGAL_MAX], loses[KT_LEGAL_MAX], lost = 0, known = 0;
                for (int j = 0; j < n; j++) {
                    kt_buf en;
                    kt_buf_init(&en);
                    g->def->warn(g, s, legal[j], KT_LANG_EN, &en);
                    says[j] = en.len > 0;
                    kt_buf_free(&en);
                    loses[j] = chain_loses(g, s, legal[j], w);
                    warned += says[j];
                    known += loses[j] >= 0;
                    lost += loses[j] > 0;
                }
                /* when every move loses, an earlier move committed the
                 * payment (its split or a landscape choice comes first) */
                for (int j = 0; j < n && lost < known; j++) {
                    if (loses[j] < 0)
                        continue;
                    checked++;
                    if (says[j] != loses[j]) {
                        char text[128];
                        kt_action_text(g, s, legal[j], KT_OMNISCIENT, KT_LANG_EN, text,
                                       sizeof text);
                        KT_FAIL("[%s] game %d action %ld: '%s' %s", cfgs[o], i, k, text,
                                says[j] ? "is warned but does not lose"
                                        : "loses the last gold without a warning");
                        break;
                    }
                }
                /* mostly random (long games only with the heuristic's help
                 * under the seed's last gold rule) */
                kt_action a = legal[kt_rng_below(&r, (uint32_t)n)];
                if (kt_rng_below(&r, 3) && kt_bot_choose(h, s, &a, &err) != KT_OK)
                    KT_FAIL("heuristic: %s", err.msg);
                kt_apply_trusted(g, s, a);
            }
        }
        kt_bot_free(h);
        kt_state_free(g, w);
        kt_state_free(g, s);
        kt_game_free(g);
    }
    printf("    %ld positions, %ld actions played out, %ld warned\n", positions, checked, warned);
    KT_CHECK(positions > 1000 && warned > 0);
}
