/*
 * test_reliability.c - hostile input and hidden-information worlds
 * (issue 16): the full-state loader refuses inconsistent stacks, every
 * single-field mutation of real states is refused with a message or gives a
 * state that plays on consistently, and determinized worlds pass check().
 *
 * Data: states come from random games (kt_rng-driven, fixed seeds); the
 * mutations edit the parsed full-state JSON tree in place (kt_jv nodes) and
 * print it back, one field at a time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan_test.h"

#define J(...) #__VA_ARGS__

/* ------------------------------------------------------------ stack */

KT_TEST(catan_load_refuses_a_stack_without_its_base_frame)
{
    /* before the fix this loaded: the discard emptied the stack and the
     * next action read frame -1 */
    kt_game *g;
    kt_err err = {0, ""};
    KT_REQUIRE(KT_OKS(kt_game_new("catan", "layout=beginner", 4, 1, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    char *base = kt_state_json(g, s);
    const char *patch = J({"header":{"turn":5,"to_move":1,"turn_player":0,"decision":"discard"},
        "state":{"setup":8,"dice":[3,4,1],"players":{"1":{"hand":{"brick":8}}},
        "buildings":{"0":{"player":0,"kind":"settlement"},"10":{"player":1,"kind":"settlement"}},
        "stack":[{"kind":"discard","player":1,"a":4,"b":0}]}});
    char *m = kt_json_merge_patch(base, patch, &err);
    KT_REQUIRE(m);
    kt_state *t = kt_state_new(g);
    KT_CHECK(kt_state_load_json(g, m, t, &err) != KT_OK);
    printf("    refused: %s\n", err.msg);
    KT_CHECK(strstr(err.msg, "stack") != NULL);
    free(m);
    kt_free(base);
    kt_state_free(g, s);
    kt_state_free(g, t);
    kt_game_free(g);
}

/* A stack that play produces loads (the same position with its base). */
KT_TEST(catan_load_accepts_the_same_discard_on_its_roll)
{
    kt_scn c = cat_scn(T, "", 4, J({"header":{"to_move":1,"decision":"discard"},"state":{
        "dice":[3,4,1],"attacks":1,"players":{"1":{"hand":{"brick":8}}},
        "stack":[{"kind":"main","player":0,"a":0,"b":0},{"kind":"p_roll","player":0,"a":2,"b":0},
                 {"kind":"discard","player":1,"a":4,"b":0}]}}));
    KT_REQUIRE(c.s);
    for (int i = 0; i < 4; i++)
        KT_DO(&c, "discard brick");
    KT_CHECK(cat_t_decision_is(&c, "robber"));
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ determinization */

/* Random games; at every step a world for every player passes check(),
 * keeps what that player observes and, for the player to move, their legal
 * actions.  Returns the number of worlds checked. */
static long determinize_soak(kt_t *T, const char *opts, int players, int games, uint64_t seed0)
{
    kt_game *g;
    kt_err err = {0, ""};
    if (!KT_OKS(kt_game_new("catan", opts, players, seed0, NULL, &g, &err), &err))
        return 0;
    kt_state *s = kt_state_new(g), *d = kt_state_new(g);
    kt_action buf[CAT_MAXLEGAL], buf2[CAT_MAXLEGAL];
    long worlds = 0;
    int fails = 0;
    for (int gi = 0; gi < games && fails < 3; gi++) {
        kt_rng r;
        kt_rng_seed(&r, seed0 * 1000 + (uint64_t)gi);
        kt_state_init_seed(g, s, seed0 * 7919 + (uint64_t)gi);
        for (long step = 0; !kt_is_over(g, s) && step < 200000 && fails < 3; step++) {
            int k = kt_legal(g, s, buf, CAT_MAXLEGAL), mover = kt_to_move(g, s);
            for (int p = 0; p < players && fails < 3; p++) {
                kt_determinize(g, s, p, kt_rng_next(&r), d);
                worlds++;
                if (kt_check(g, d, &err) != KT_OK) {
                    KT_FAIL("game %d step %ld, world of player %d: %s", gi, step, p + 1, err.msg);
                    fails++;
                    continue;
                }
                char *o1 = kt_observe_json(g, s, p, KT_LANG_EN);
                char *o2 = kt_observe_json(g, d, p, KT_LANG_EN);
                if (!o1 || !o2 || strcmp(o1, o2))
                    KT_FAIL("game %d step %ld: the world changed what player %d observes", gi, step,
                            p + 1),
                        fails++;
                kt_free(o1);
                kt_free(o2);
                if (p == mover) {
                    int k2 = kt_legal(g, d, buf2, CAT_MAXLEGAL);
                    if (k2 != k || memcmp(buf, buf2, sizeof *buf * (size_t)k))
                        KT_FAIL("game %d step %ld: the world changed the mover's legal actions", gi,
                                step),
                            fails++;
                }
                /* the world plays on: one random action keeps it consistent */
                int kd = kt_legal(g, d, buf2, CAT_MAXLEGAL);
                if (kd <= 0) {
                    KT_FAIL("game %d step %ld: a world without a legal action", gi, step);
                    fails++;
                    continue;
                }
                kt_apply_trusted(g, d, buf2[kt_rng_below(&r, (uint32_t)kd)]);
                if (kt_check(g, d, &err) != KT_OK)
                    KT_FAIL("game %d step %ld: world of player %d after one action: %s", gi, step,
                            p + 1, err.msg),
                        fails++;
            }
            kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)k)]);
        }
    }
    kt_state_free(g, s);
    kt_state_free(g, d);
    kt_game_free(g);
    return worlds;
}

KT_TEST(catan_determinize_every_step_every_player_passes_check_base)
{
    long w = determinize_soak(T, "variant=base", 4, kt_t_scaled(40), 11);
    w += determinize_soak(T, "variant=base;vp=6", 3, kt_t_scaled(40), 12);
    printf("    %ld base-game worlds checked\n", w);
    KT_CHECK(w > 0);
}

KT_TEST(catan_determinize_every_step_every_player_passes_check_ck)
{
    long w = determinize_soak(T, "", 4, kt_t_scaled(3), 13);
    w += determinize_soak(T,
                          "shortage=partial;deserter=lower;fleet=named;open_road=owner;crane=repeat;"
                          "progress_limit=immediate;vp=8",
                          3, kt_t_scaled(3), 14);
    printf("    %ld Cities & Knights worlds checked\n", w);
    KT_CHECK(w > 0);
}

/* The exact situation of the issue: the turn player holds hidden VP cards
 * and another player's world must not make them the winner. */
KT_TEST(catan_determinize_never_deals_the_turn_player_a_win)
{
    /* player 1 (turn) has 8 public points and 1 VP card of 2 cards; player
     * 2 holds 3 VP cards among 4; the deck holds no VP card */
    kt_scn c = cat_scn(T, "variant=base", 3, J({"state":{
        "buildings":{"0":{"player":0,"kind":"city"},"2":{"player":0,"kind":"city"},
                     "10":{"player":0,"kind":"city"},"12":{"player":0,"kind":"city"},
                     "40":{"player":1,"kind":"settlement"},"50":{"player":2,"kind":"settlement"}},
        "dev_deck":["knight","knight","knight","knight","knight","knight","knight","knight","knight",
                    "knight","knight","monopoly"],
        "players":{"0":{"dev":{"knight":1,"victory_point":1,"road_building":0,"year_of_plenty":0,"monopoly":0}},
                   "1":{"dev":{"knight":1,"victory_point":3,"road_building":0,"year_of_plenty":0,"monopoly":0}},
                   "2":{"dev":{"knight":1,"victory_point":1,"road_building":0,"year_of_plenty":0,"monopoly":0}}}}}));
    KT_REQUIRE(c.s);
    kt_state *d = kt_state_new(c.g);
    kt_err err;
    int worlds = 0, bad = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        kt_determinize(c.g, c.s, 2, seed, d);
        worlds++;
        bad += kt_check(c.g, d, &err) != KT_OK;
        KT_CHECK(((cat_state *)d)->pl[0].dev[DV_VP] <= 1);
    }
    KT_EQ(bad, 0);
    KT_EQ(worlds, 300);
    kt_state_free(c.g, d);
    kt_scn_free(&c);
}
