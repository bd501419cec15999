/*
 * test_an_voyage.c - voyages in Anno 1701 (seed: "B: take a voyage" and the
 * voyage cards): the ship state needed, speed from sails (+ Captain or
 * Commander, never both, discarded), cards turned one by one up to the
 * speed, stopping when the ship is damaged or by choice, pirates (pay or
 * fight, ties rolled again), the besieged free trader (must be fought),
 * traders and foreign peoples (rum and tobacco for gold, warehouses hold 3),
 * cliffs, hurricane and rescue (speeds compared), flotsam (a die roll), and
 * the turn ending with the voyage.
 *
 * The voyage deck is shuffled when a ship sails: an_t_force() picks the
 * generator state that puts the wanted cards on top.
 */
#include <string.h>

#include "an_helpers.h"

/* Sail with the first voyage cards forced to the named ones (NULL ends). */
static int sail_into(kt_t *T, kt_scn *c, const char *action, const char *first,
                     const char *second)
{
    int want[3] = {an_t_vdef(c, first), second ? an_t_vdef(c, second) : -1, -1};
    if (!KT_CHECK(want[0] >= 0 && (!second || want[1] >= 0)))
        return 0;
    return an_t_force(T, c, action, an_t_pred_voyage, want) && KT_DO(c, action);
}

static const char *p0_ship2 = "{\"ship\":2}";

KT_TEST(anno_voyage_needs_the_minimum_ship_state)
{
    kt_scn c = an_scn(T, NULL, "{\"ship\":1}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "sail"));
    kt_scn_free(&c);
    c = an_scn(T, "voyage_min=1", "{\"ship\":1}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(LEGAL(&c, "sail"));
    kt_scn_free(&c);
    c = an_scn(T, NULL, "{\"ship\":0}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "sail"));
    kt_scn_free(&c);
}

KT_TEST(anno_voyage_turns_cards_up_to_its_speed_then_the_turn_ends)
{
    /* ship II: 2 sails, Shipwright: 1 sail = speed 3 */
    kt_scn c = an_scn(T, NULL, "{\"ship\":2,\"buildings\":[\"L09\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    int want[4] = {an_t_vdef(&c, "Rescue Mission"), an_t_vdef(&c, "Dangerous Cliffs"),
                   an_t_vdef(&c, "Hurricane"), -1};
    KT_REQUIRE(an_t_force(T, &c, "sail", an_t_pred_voyage, want));
    KT_DO(&c, "sail");
    KT_EQ(AS(&c)->vspeed, 3);
    KT_EQ(an_t_gold(&c, 0), 7); /* rescue: 3 >= 1 */
    KT_STREQ(kt_decision(c.g, c.s), "voyage");
    KT_DO(&c, "sail on");
    KT_EQ(PL(&c, 0).ship, 1); /* cliffs */
    KT_DO(&c, "sail on"); /* hurricane: 3 is faster than 1 */
    KT_EQ(PL(&c, 0).ship, 1);
    KT_EQ(AS(&c)->h.turn_player, 1); /* third card was the last: voyage and turn over */
    KT_EQ(AS(&c)->vpos, 0);
    kt_scn_free(&c);
}

KT_TEST(anno_voyage_may_be_stopped_after_any_card)
{
    kt_scn c = an_scn(T, NULL, p0_ship2, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(sail_into(T, &c, "sail", "Rescue Mission", NULL));
    KT_DO(&c, "return home");
    KT_EQ(AS(&c)->h.turn_player, 1);
    KT_EQ(an_t_gold(&c, 0), 7);
    kt_scn_free(&c);
}

KT_TEST(anno_voyage_ends_when_the_ship_is_damaged)
{
    kt_scn c = an_scn(T, NULL, "{\"ship\":1}", NULL, NULL);
    KT_REQUIRE(c.g);
    kt_scn_free(&c);
    c = an_scn(T, "voyage_min=1", "{\"ship\":1,\"buildings\":[\"L09\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_force_log(T, &c, "sail", "Voyage card 1: Dangerous Cliffs."));
    KT_DO(&c, "sail");
    KT_EQ(PL(&c, 0).ship, 0);
    KT_EQ(AS(&c)->h.turn_player, 1); /* below I: face down, the voyage ends */
    kt_scn_free(&c);
}

KT_TEST(anno_voyage_pirate_paid_off)
{
    kt_scn c = an_scn(T, NULL, p0_ship2, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(sail_into(T, &c, "sail", "Pirate Frigate", NULL));
    KT_STREQ(kt_decision(c.g, c.s), "pirate");
    KT_DO(&c, "pay 2 gold");
    KT_DO(&c, "pay 1 left, 1 right");
    KT_EQ(an_t_gold(&c, 0), 4);
    KT_EQ(PL(&c, 0).ship, 2);
    KT_STREQ(kt_decision(c.g, c.s), "voyage");
    kt_scn_free(&c);
    /* who cannot pay must fight */
    c = an_scn(T, NULL, "{\"ship\":2,\"gold\":[1,0]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(sail_into(T, &c, "sail", "Pirate Frigate", NULL));
    KT_CHECK(!LEGAL(&c, "pay 2 gold") && LEGAL(&c, "fight"));
    kt_scn_free(&c);
}

static int won_gold(const kt_scn *after, void *ctx)
{
    return an_t_gold(after, 0) == *(int *)ctx;
}

static int lost_ship(const kt_scn *after, void *ctx)
{
    return PL(after, 0).ship == *(int *)ctx;
}

KT_TEST(anno_voyage_pirate_fight_won_or_lost)
{
    /* Pirate Brig: strength 2; win +2 gold, lose ship -1.  Watchtower: 1 cannon */
    kt_scn c = an_scn(T, NULL, "{\"ship\":2,\"buildings\":[\"L10\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(sail_into(T, &c, "sail", "Pirate Brig", NULL));
    int eight = 8;
    KT_REQUIRE(an_t_force(T, &c, "fight", won_gold, &eight));
    KT_DO(&c, "fight");
    KT_EQ(an_t_gold(&c, 0), 8);
    KT_CHECK(AS(&c)->fight[0] + 1 > AS(&c)->fight[1] + 2);
    kt_scn_free(&c);
    c = an_scn(T, NULL, "{\"ship\":2,\"buildings\":[\"L10\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(sail_into(T, &c, "sail", "Pirate Brig", NULL));
    int one = 1;
    KT_REQUIRE(an_t_force(T, &c, "fight", lost_ship, &one));
    KT_DO(&c, "fight");
    KT_EQ(PL(&c, 0).ship, 1);
    KT_EQ(an_t_gold(&c, 0), 6);
    kt_scn_free(&c);
}

KT_TEST(anno_voyage_pirate_fight_tie_is_rolled_again)
{
    kt_scn c = an_scn(T, NULL, p0_ship2, NULL, NULL); /* strength 0 */
    KT_REQUIRE(c.g);
    KT_REQUIRE(sail_into(T, &c, "sail", "Pirate Sloop", NULL)); /* strength 1 */
    /* a generator whose first two dice tie (die + 0 = die + 1) */
    uint64_t seed = 0;
    int d[4] = {0};
    for (uint64_t k = 1; k < 100000 && !seed; k++) {
        kt_rng r;
        kt_rng_seed(&r, k);
        for (int i = 0; i < 4; i++)
            d[i] = 1 + (int)kt_rng_below(&r, 6);
        if (d[0] == d[1] + 1 && d[2] != d[3] + 1)
            seed = k;
    }
    KT_REQUIRE(seed);
    kt_rng_seed(&c.s->h.rng, seed);
    KT_DO(&c, "fight");
    KT_EQ(AS(&c)->fight[0], d[2]); /* the second roll decided */
    KT_EQ(AS(&c)->fight[1], d[3]);
    kt_scn_free(&c);
}

KT_TEST(anno_voyage_besieged_free_trader_must_be_fought)
{
    kt_scn c = an_scn(T, NULL, p0_ship2, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(sail_into(T, &c, "sail", "Free Trader Besieged", NULL));
    /* no choice to pay: the fight happened at once (won: rum and tobacco; lost: ship) */
    KT_CHECK(AS(&c)->fight[0] != 0);
    KT_CHECK((PL(&c, 0).rum == 1 && PL(&c, 0).tob == 1) || PL(&c, 0).ship == 1);
    KT_CHECK(!LEGAL(&c, "pay 2 gold"));
    kt_scn_free(&c);
}

KT_TEST(anno_voyage_traders_sell_rum_and_tobacco_for_gold)
{
    /* Free Trader: rum for 1 gold (up to 2), tobacco for 2 gold (up to 1) */
    kt_scn c = an_scn(T, NULL, "{\"ship\":2,\"rum\":2}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(sail_into(T, &c, "sail", "Free Trader", NULL));
    KT_STREQ(kt_decision(c.g, c.s), "buy");
    KT_DO(&c, "buy Rum for 1 gold");
    KT_DO(&c, "pay 1 left, 0 right");
    KT_EQ(PL(&c, 0).rum, 3);
    KT_CHECK(!LEGAL(&c, "buy Rum for 1 gold")); /* the warehouse holds 3 */
    KT_DO(&c, "buy tobacco for 2 gold");
    KT_DO(&c, "pay 1 left, 1 right");
    KT_EQ(PL(&c, 0).tob, 1);
    KT_CHECK(!LEGAL(&c, "buy tobacco for 2 gold")); /* only 1 on offer */
    KT_EQ(an_t_gold(&c, 0), 3);
    KT_DO(&c, "done");
    KT_STREQ(kt_decision(c.g, c.s), "voyage");
    kt_scn_free(&c);
    /* foreign peoples: Natives sell tobacco for 1 gold */
    c = an_scn(T, NULL, p0_ship2, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(sail_into(T, &c, "sail", "Natives", NULL));
    KT_DO(&c, "buy tobacco for 1 gold");
    KT_DO(&c, "pay 1 left, 0 right");
    KT_EQ(PL(&c, 0).tob, 1);
    kt_scn_free(&c);
}

KT_TEST(anno_voyage_hurricane_and_rescue_compare_speeds)
{
    /* own speed 2 against 3: the hurricane costs 2 states, the rescue pays nothing */
    kt_scn c = an_scn(T, NULL, "{\"ship\":4,\"buildings\":[]}", "{\"ship\":3}", NULL);
    KT_REQUIRE(c.g);
    KT_EQ(an_speed(AC(&c), &PL(&c, 0)), 4);
    kt_scn_free(&c);
    c = an_scn(T, NULL, p0_ship2, "{\"ship\":3}", NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(sail_into(T, &c, "sail", "Rescue Mission", "Hurricane"));
    KT_EQ(an_t_gold(&c, 0), 6);
    KT_DO(&c, "sail on");
    KT_EQ(PL(&c, 0).ship, 0);
    KT_EQ(AS(&c)->h.turn_player, 1);
    kt_scn_free(&c);
    /* equal speeds: rescue pays (at least as fast), the hurricane still hits (not faster) */
    c = an_scn(T, NULL, "{\"ship\":3}", "{\"ship\":3}", NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(sail_into(T, &c, "sail", "Rescue Mission", "Hurricane"));
    KT_EQ(an_t_gold(&c, 0), 7);
    KT_DO(&c, "sail on");
    KT_EQ(PL(&c, 0).ship, 1);
    kt_scn_free(&c);
    /* faster: the hurricane passes */
    c = an_scn(T, NULL, "{\"ship\":3}", "{\"ship\":2}", NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(sail_into(T, &c, "sail", "Hurricane", NULL));
    KT_EQ(PL(&c, 0).ship, 3);
    kt_scn_free(&c);
}

static int flotsam_roll(const kt_scn *after, void *ctx)
{
    /* the table's 3 gives 1 wood (Lion has 2, on two landscapes that may
     * both take it: the player chooses one) */
    KT_UNUSED(ctx);
    const an_state *s = AS(after);
    return s->nstack && s->stack[s->nstack - 1].t == K_PLACE && s->stack[s->nstack - 1].x == GD_WOOD;
}

KT_TEST(anno_voyage_flotsam_rolls_on_its_table)
{
    kt_scn c = an_scn(T, NULL, p0_ship2, NULL, NULL);
    KT_REQUIRE(c.g);
    int want[2] = {an_t_vdef(&c, "Flotsam"), -1};
    /* flotsam is resolved during "sail": force the deck and the roll together */
    KT_REQUIRE(want[0] >= 0);
    uint64_t found = 0;
    kt_state *w = kt_state_new(c.g);
    kt_scn tmp = {c.g, w};
    kt_action a;
    kt_err err;
    KT_REQUIRE(kt_action_parse(c.g, c.s, "sail", &a, &err) == KT_OK);
    for (uint64_t k = 1; k < 400000 && !found; k++) {
        kt_state_copy(c.g, w, c.s);
        kt_rng_seed(&w->h.rng, k);
        kt_apply_trusted(c.g, w, a);
        if (an_t_pred_voyage(&tmp, want) && flotsam_roll(&tmp, NULL))
            found = k;
    }
    kt_state_free(c.g, w);
    KT_REQUIRE(found);
    kt_rng_seed(&c.s->h.rng, found);
    KT_DO(&c, "sail");
    KT_DO(&c, "put wood on L (die 4, right)");
    KT_EQ(an_t_goods(&c, 0, GD_WOOD), 3);
    KT_EQ(PL(&c, 0).land[4], 2);
    kt_scn_free(&c);
}

KT_TEST(anno_voyage_captain_and_commander_add_sails_and_cannons_once)
{
    kt_scn c = an_scn(T, NULL, "{\"ship\":2,\"hand\":[\"A03\",\"A08\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(LEGAL(&c, "sail with Captain") && LEGAL(&c, "sail with Commander"));
    KT_REQUIRE(sail_into(T, &c, "sail with Commander", "Rescue Mission", NULL));
    KT_EQ(AS(&c)->vspeed, 4);
    KT_EQ(AS(&c)->vbonus, 2);
    KT_EQ(PL(&c, 0).nh, 1); /* the Captain stays in hand: never both */
    KT_EQ(AS(&c)->disc[an_t_def(&c, "Commander")], 1);
    kt_scn_free(&c);
    c = an_scn(T, NULL, "{\"ship\":2,\"hand\":[\"A03\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(sail_into(T, &c, "sail with Captain", "Pirate Sloop", NULL));
    KT_EQ(AS(&c)->vspeed, 3);
    KT_EQ(an_cannons(AC(&c), &PL(&c, 0)) + AS(&c)->vbonus, 1);
    kt_scn_free(&c);
    /* they are played with the voyage, not on their own */
    c = an_scn(T, NULL, "{\"ship\":2,\"hand\":[\"A03\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "play Captain"));
    kt_scn_free(&c);
}
