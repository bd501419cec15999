/*
 * test_fwm_setup.c - Fugger, Welser, Medici: the start position of each
 * mode (money, goods, merchants, calendar, decks), the home choice, the
 * dates of deal cards and the display of four deals.
 */
#include <stdio.h>
#include <string.h>

#include "fwm_helpers.h"

static int count_where(const kt_scn *c, int type, int where)
{
    int n = 0;
    for (int i = 0; i < C(c)->ncard; i++)
        n += C(c)->card[i].type == type && S(c)->where[i] == where;
    return n;
}

static kt_scn start(kt_t *T, const char *opts, int np)
{
    kt_scn c = {NULL, NULL};
    kt_err err;
    if (KT_OKS(kt_game_new("fwm", opts, np, 42, NULL, &c.g, &err), &err))
        c.s = kt_state_new(c.g);
    return c;
}

KT_TEST(fwm_setup_money_goods_merchants_and_calendar)
{
    kt_scn c = start(T, NULL, 4);
    KT_REQUIRE(c.s);
    const fwm_cfg *cf = C(&c);
    for (int p = 0; p < 4; p++) {
        const fwm_player *pl = &S(&c)->pl[p];
        KT_EQ(pl->money, 9000);
        KT_EQ(pl->ware[G_METAL], 1);
        KT_EQ(pl->ware[G_SPICE], 1);
        KT_EQ(pl->ware[G_CLOTH], 2);
    }
    KT_STREQ(cf->cal[fwm_cal_at(cf, S(&c)->round)].en, "early July"); /* Start Zeit */
    /* homes clockwise from the start player; two may share a city */
    int first = S(&c)->start;
    KT_STREQ(kt_decision(c.g, c.s), "home");
    KT_EQ(kt_to_move(c.g, c.s), first);
    KT_CHECK(AS(&c, first, "home Augsburg"));
    KT_EQ(kt_to_move(c.g, c.s), (first + 1) % 4);
    KT_CHECK(AS(&c, (first + 1) % 4, "Heimat Augsburg")); /* German text, same city */
    KT_CHECK(AS(&c, (first + 2) % 4, "home Florence"));
    KT_CHECK(AS(&c, (first + 3) % 4, "home Nuremberg"));
    const fwm_player *pl = &S(&c)->pl[first];
    int aug = fwm_sp(&c, "AUG");
    KT_EQ(pl->home, aug);
    KT_EQ(pl->m[0].pos, aug); /* the representative */
    KT_EQ(pl->m[1].pos, aug);
    KT_EQ(pl->m[2].pos, FWM_OFF); /* the third merchant waits off the map */
    KT_EQ(S(&c)->pl[(first + 1) % 4].home, aug);
    KT_EQ(S(&c)->pl[first].track, 0); /* no nobility in the trading-house game */
    kt_scn_free(&c);
}

KT_TEST(fwm_setup_trading_house_decks_follow_the_seed)
{
    for (int np = 2; np <= 6; np++) {
        kt_scn c = start(T, NULL, np);
        KT_REQUIRE(c.s);
        /* 8 of 24 demand (2 open), 10 - players of 11 supply (2 open), all 6 events, 1 fair */
        KT_EQ(count_where(&c, CT_DEMAND, W_OPEN), 2);
        KT_EQ(count_where(&c, CT_DEMAND, W_DECK), 6);
        KT_EQ(count_where(&c, CT_SUPPLY, W_OPEN), 2);
        KT_EQ(count_where(&c, CT_SUPPLY, W_DECK), 8 - np);
        KT_EQ(count_where(&c, CT_EVENT, W_DECK), 6);
        KT_EQ(count_where(&c, CT_FAIR, W_OPEN), 1);
        KT_EQ(count_where(&c, CT_FAIR, W_BOX), 1);
        KT_EQ(S(&c)->ndeck, 20 - np);
        for (int i = 0; i < C(&c)->ncard; i++)
            if (C(&c)->card[i].level > 1)
                KT_EQ(S(&c)->where[i], W_BOX);
        /* the cards revealed at the start are dated +n from Start Zeit */
        for (int k = 0; k < S(&c)->nopen; k++)
            KT_EQ(S(&c)->open[k].due, C(&c)->card[S(&c)->open[k].card].plus);
        kt_scn_free(&c);
    }
}

KT_TEST(fwm_setup_longer_modes_have_a_reserve_and_manors_start_there)
{
    kt_scn c = start(T, "mode=nobility", 4);
    KT_REQUIRE(c.s);
    const fwm_cfg *cf = C(&c);
    KT_EQ(cf->levels, 2);
    KT_EQ(count_where(&c, CT_NOBLE, W_DECK), cf->deck[CT_NOBLE].pile);
    KT_EQ(count_where(&c, CT_NOBLE, W_RESERVE), cf->deck[CT_NOBLE].reserve);
    KT_EQ(count_where(&c, CT_DEMAND, W_RESERVE), cf->deck[CT_DEMAND].reserve);
    for (int i = 0; i < cf->ncard; i++)
        if (cf->card[i].level == 3)
            KT_EQ(S(&c)->where[i], W_BOX);
    kt_scn_free(&c);
    c = start(T, "mode=manor", 3);
    KT_REQUIRE(c.s);
    KT_EQ(C(&c)->levels, 3);
    KT_EQ(count_where(&c, CT_MANOR, W_RESERVE), 4); /* every manor in the reserve */
    KT_EQ(count_where(&c, CT_MANOR, W_DECK) + count_where(&c, CT_MANOR, W_OPEN), 0);
    kt_scn_free(&c);
}

KT_TEST(fwm_setup_florenz_starts_one_step_ahead)
{
    kt_scn c = start(T, "mode=nobility", 3);
    KT_REQUIRE(c.s);
    int p = S(&c)->start;
    KT_CHECK(AS(&c, p, "home Florence"));
    KT_CHECK(AS(&c, (p + 1) % 3, "home Augsburg"));
    KT_EQ(S(&c)->pl[p].track, C(&c)->track_start + 1);
    KT_EQ(S(&c)->pl[(p + 1) % 3].track, C(&c)->track_start);
    kt_scn_free(&c);
}

KT_TEST(fwm_new_card_is_dated_from_the_second_marker)
{
    /* open: A03 due round 5, N09 due round 3, N12 due round 2 (resolves now: nobody there);
     * drawn next: N07 (+4).  After N12 leaves, the markers are 3 and 5: the second is 5,
     * so N07 is due 5 + 4 = 9. */
    kt_scn c = fwm_scn(T, NULL, 3,
                       "{\"state\":{\"round\":1,\"open\":[{\"card\":\"A03\",\"due\":5,\"seq\":1},"
                       "{\"card\":\"N09\",\"due\":3,\"seq\":2},{\"card\":\"N12\",\"due\":2,\"seq\":3},"
                       "{\"card\":\"N01\",\"due\":7,\"seq\":4}],\"seq\":4,"
                       "\"deck\":[\"N08\",\"N07\"],\"where\":{\"A03\":\"open\",\"N09\":\"open\","
                       "\"N12\":\"open\",\"N01\":\"open\",\"N07\":\"deck\",\"N08\":\"deck\"},"
                       "\"known\":{\"A03\":1,\"N09\":1,\"N12\":1,\"N01\":1}}}");
    KT_REQUIRE(c.s);
    fwm_end_round(T, &c);
    KT_EQ(S(&c)->round, 2);
    KT_EQ(S(&c)->where[fwm_cd(&c, "N12")], W_GONE); /* resolved, nobody could sell */
    int found = 0;
    for (int k = 0; k < S(&c)->nopen; k++)
        if (S(&c)->open[k].card == fwm_cd(&c, "N07")) {
            KT_EQ(S(&c)->open[k].due, 5 + 4);
            found = 1;
        }
    KT_CHECK(found);
    KT_EQ(fwm_open_counted(C(&c), S(&c)), 4); /* always four deals open */
    kt_scn_free(&c);
}

KT_TEST(fwm_event_drawn_is_resolved_and_drawing_goes_on)
{
    /* N12 resolves; the draw is Hochkonjunktur (E05), then N07 and N08: the boom
     * opens a fifth deal */
    kt_scn c = fwm_scn(T, NULL, 3,
                       "{\"state\":{\"round\":1,\"open\":[{\"card\":\"A03\",\"due\":5,\"seq\":1},"
                       "{\"card\":\"N09\",\"due\":3,\"seq\":2},{\"card\":\"N12\",\"due\":2,\"seq\":3},"
                       "{\"card\":\"N01\",\"due\":7,\"seq\":4}],\"seq\":4,"
                       "\"deck\":[\"N02\",\"N08\",\"N07\",\"E05\"],\"where\":{\"A03\":\"open\","
                       "\"N09\":\"open\",\"N12\":\"open\",\"N01\":\"open\",\"N07\":\"deck\","
                       "\"N08\":\"deck\",\"E05\":\"deck\",\"N02\":\"deck\"},"
                       "\"known\":{\"A03\":1,\"N09\":1,\"N12\":1,\"N01\":1}}}");
    KT_REQUIRE(c.s);
    fwm_end_round(T, &c);
    KT_EQ(S(&c)->where[fwm_cd(&c, "E05")], W_GONE); /* trading-house: events leave */
    KT_EQ(S(&c)->boom, 1);
    KT_EQ(fwm_open_counted(C(&c), S(&c)), 5);
    KT_EQ(S(&c)->where[fwm_cd(&c, "N08")], W_OPEN);
    KT_EQ(S(&c)->where[fwm_cd(&c, "N02")], W_DECK);
    kt_scn_free(&c);
}

KT_TEST(fwm_fair_is_in_early_may_every_year)
{
    const fwm_cfg *cf;
    kt_scn c = start(T, NULL, 3);
    KT_REQUIRE(c.s);
    cf = C(&c);
    KT_STREQ(cf->cal[cf->cal_fair].en, "early May");
    KT_EQ(cf->cal[cf->cal_payday].month, 12);
    KT_CHECK(cf->cal[0].winter && cf->cal[cf->ncal - 1].winter && cf->cal[cf->ncal - 2].winter);
    KT_EQ(cf->cal[cf->ncal - 2].month, 11);
    kt_scn_free(&c);
}
