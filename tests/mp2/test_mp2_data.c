/*
 * test_mp2_data.c - Marco Polo II component data: the shipped (partly
 * reconstructed) files agree with every fact the seed and the rulebook
 * state, and broken copies given with data_dir= are rejected with a
 * message naming file, line, record and field.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mp2_helpers.h"

static kt_game *new_game(kt_t *T, const char *opts)
{
    kt_game *g = NULL;
    kt_err err = {0, ""};
    KT_OKS(kt_game_new("mp2", opts, 3, 1, NULL, &g, &err), &err);
    return g;
}

KT_TEST(mp2_data_component_counts)
{
    kt_game *g = new_game(T, NULL);
    KT_REQUIRE(g);
    const mp2_cfg *c = g->cfg;
    int starters = 0, per_book[3] = {0}, copies = 0, seals = 0;
    for (int i = 0; i < MP2_NCONTRACTS; i++)
        starters += c->contract[i].starter;
    KT_EQ(starters, 7);                        /* 49 contracts = 42 red + 7 blue */
    KT_EQ(MP2_NCONTRACTS - starters, 42);
    for (int i = 0; i < MP2_NOFFERS; i++)
        per_book[c->offer[i].book]++;
    KT_EQ(per_book[0], 6);                     /* 18 offer tiles, 6 per book */
    KT_EQ(per_book[1], 6);
    KT_EQ(per_book[2], 6);
    for (int i = 0; i < MP2_NMARKERS; i++)
        copies += c->marker[i].copy;
    KT_EQ(MP2_NMARKERS, 7);
    KT_EQ(copies, 1);                          /* one marker copies another */
    for (int g2 = 0; g2 < MP2_NGUILD; g2++)
        seals += c->guild[g2].copies;
    KT_EQ(seals, 16);                          /* 16 guild seals, 4 per guild */
    KT_EQ(MP2_NCARDS, 25);
    KT_EQ(MP2_NGOALS, 14);
    KT_EQ(MP2_NOUTPOSTS, 10);
    kt_game_free(g);
}

KT_TEST(mp2_data_named_cities_and_roles)
{
    kt_scn c = mp2_scn(T, NULL, 3, NULL);
    KT_REQUIRE(c.g);
    const mp2_cfg *cf = MC(&c);
    int bj = mp2_t_loc(&c, "Beijing"), ks = mp2_t_loc(&c, "Kashgar");
    KT_REQUIRE(bj >= 0 && ks >= 0);
    KT_EQ(cf->start, bj);
    KT_EQ(cf->loc[bj].kind, LK_START);          /* no posts in Beijing */
    int maxx = 0;
    for (int i = 0; i < cf->nloc; i++)
        maxx = cf->loc[i].x > maxx ? cf->loc[i].x : maxx;
    KT_EQ(cf->loc[bj].x, maxx);                 /* upper-right corner */
    KT_EQ(cf->loc[bj].y, 0);
    KT_EQ(cf->loc[ks].x, 0);                    /* Kashgar top-left */
    KT_EQ(cf->loc[ks].y, 0);
    KT_CHECK(cf->loc[ks].bonus && cf->loc[ks].card && cf->loc[ks].outpost);
    const char *special[3] = {"Baghdad", "Balkh", "Hormuz"};
    for (int i = 0; i < 3; i++) {
        int l = mp2_t_loc(&c, special[i]);
        KT_REQUIRE(l >= 0);
        KT_CHECK(cf->loc[l].special && cf->loc[l].bonus);
    }
    const char *named[] = {"Xian", "Fuzhou", "Jaipur", "Pagan", "Kabul"};
    for (int i = 0; i < 5; i++)
        KT_CHECK(mp2_t_loc(&c, named[i]) >= 0 && cf->loc[mp2_t_loc(&c, named[i])].kind == LK_CITY);
    int ncc = 0, ncard = 0, nbonus = 0, nsp = 0;
    for (int i = 0; i < cf->nloc; i++) {
        ncc += cf->loc[i].ccity != 0;
        ncard += cf->loc[i].card != 0;
        nbonus += cf->loc[i].bonus != 0;
        nsp += cf->loc[i].special != 0;
    }
    KT_EQ(ncc, 5);    /* 5 contract cities (2 spaces each) */
    KT_EQ(ncard, 6);  /* 6 city-card spaces beside cities */
    KT_EQ(nbonus, 6); /* 6 bonus cities: the 3 special cities, Kashgar and 2 more */
    KT_EQ(nsp, 3);
    /* 9 shields, each on at least one city; every city has one */
    for (int s = 0; s < MP2_NSHIELD; s++)
        KT_CHECK(cf->shield_mask[s] != 0);
    kt_scn_free(&c);
}

/* Sum of costs along a named path; -1 if a leg is missing. */
static int path_cost(const kt_scn *c, const char *const *names, int n, int *coins, int *camels,
                     int *jade, int *oases)
{
    const mp2_cfg *cf = MC(c);
    *coins = *camels = *jade = *oases = 0;
    for (int i = 0; i + 1 < n; i++) {
        int a = mp2_t_loc(c, names[i]), b = mp2_t_loc(c, names[i + 1]), found = 0;
        if (a < 0 || b < 0)
            return -1;
        for (int k = 0; k < cf->loc[a].nadj; k++)
            if (cf->loc[a].adj[k] == b) {
                const mp2_route *r = &cf->route[cf->loc[a].route[k]];
                *coins += r->coins;
                *camels += r->camels;
                *jade += r->jade;
                found = 1;
            }
        if (!found)
            return -1;
        if (i > 0 && cf->loc[a].kind == LK_OASIS)
            (*oases)++;
    }
    return 0;
}

KT_TEST(mp2_data_route_cost_examples)
{
    kt_scn c = mp2_scn(T, NULL, 3, NULL);
    KT_REQUIRE(c.g);
    /* rulebook (Möngke Khan): Xian -> Fuzhou -> Jaipur is 4 locations with
     * 2 oases and costs 8 coins and 4 camels */
    const char *mk[] = {"Xian", "Yunnan", "Fuzhou", "Mekong", "Jaipur"};
    int co, ca, ja, oa;
    KT_EQ(path_cost(&c, mk, 5, &co, &ca, &ja, &oa), 0);
    KT_EQ(co, 8);
    KT_EQ(ca, 4);
    KT_EQ(ja, 0);
    KT_EQ(oa, 2);
    /* rulebook (Gantulga Od): Pagan -> Kabul costs 1 jade, 2 camels, 6 coins */
    const char *gk[] = {"Pagan", "Kabul"};
    KT_EQ(path_cost(&c, gk, 2, &co, &ca, &ja, &oa), 0);
    KT_EQ(co, 6);
    KT_EQ(ca, 2);
    KT_EQ(ja, 1);
    kt_scn_free(&c);
}

KT_TEST(mp2_data_seals_track_and_tiles_facts)
{
    kt_game *g = new_game(T, NULL);
    KT_REQUIRE(g);
    const mp2_cfg *c = g->cfg;
    /* guild seals: die needed and jade on taking (seed) */
    int take[4] = {1, 2, 3, 4}, jade[4] = {0, 1, 2, 3};
    for (int i = 0; i < MP2_NGUILD; i++) {
        KT_EQ(c->guild[i].take, take[i]);
        KT_EQ(c->guild[i].jade, jade[i]);
        KT_CHECK(c->rw[c->guild[i].improve].alt[0].n[IT_COIN] > 0); /* Tebaldo skips coins */
    }
    /* shield track: 43 points from 13 shields on (rulebook) */
    KT_EQ(c->track[13], 43);
    for (int i = 1; i < MP2_TRACK; i++)
        KT_CHECK(c->track[i] >= c->track[i - 1]);
    /* an outpost tile giving 2 gold (Filippo Vitello example) */
    int two_gold = 0;
    for (int i = 0; i < MP2_NOUTPOSTS; i++) {
        const mp2_bundle *b = &c->rw[c->outpost[i].reward].alt[0];
        int only = b->n[IT_GOLD] == 2;
        for (int k = 0; k < MP2_NITEMS; k++)
            only &= k == IT_GOLD || b->n[k] == 0;
        two_gold |= only;
    }
    KT_CHECK(two_gold);
    /* every route tile crest is on some city */
    for (int t = 0; t < c->nrtile; t++)
        KT_CHECK(c->shield_mask[c->rtile[t].crest[0]] && c->shield_mask[c->rtile[t].crest[1]] &&
                 c->rtile[t].crest[0] != c->rtile[t].crest[1]);
    /* goal cards show 4 icons; contracts: goods/camels/jade for points + one more reward */
    for (int i = 0; i < MP2_NGOALS; i++)
        KT_EQ(c->goal[i].ncity + c->goal[i].nseal, 4);
    for (int i = 0; i < MP2_NCONTRACTS; i++) {
        const mp2_bundle *cost = &c->rw[c->contract[i].cost].alt[0];
        const mp2_bundle *rew = &c->rw[c->contract[i].reward].alt[0];
        int kinds = 0;
        for (int k = 0; k < MP2_NITEMS; k++)
            kinds += k != IT_VP && rew->n[k] != 0;
        KT_CHECK(rew->n[IT_VP] > 0 && kinds == 1);
        KT_CHECK(cost->n[IT_COIN] == 0 && cost->n[IT_VP] == 0);
    }
    kt_game_free(g);
}

KT_TEST(mp2_data_city_card_effect_types_from_supplement)
{
    kt_game *g = new_game(T, NULL);
    KT_REQUIRE(g);
    const mp2_cfg *c = g->cfg;
    int percontract = 0, perpost = 0, bonuses = 0, seals = 0, camelcoin = 0, vpcoin = 0,
        twice_die = 0;
    for (int i = 0; i < MP2_NCARDS; i++) {
        const mp2_card *cd = &c->card[i];
        percontract += cd->kind == CK_PERCONTRACT;
        perpost += cd->kind == CK_PERPOST;
        bonuses += cd->kind == CK_BONUSES;
        seals += cd->kind == CK_SEALS && c->rw[cd->pay].alt[0].n[IT_CAMEL] == 1;
        if (cd->kind == CK_EITHER) {
            const mp2_bundle *p1 = &c->rw[cd->pay].alt[0], *g1 = &c->rw[cd->gain].alt[0];
            const mp2_bundle *p2 = &c->rw[cd->pay2].alt[0], *g2 = &c->rw[cd->gain2].alt[0];
            camelcoin |= p1->n[IT_CAMEL] == 1 && g1->n[IT_COIN] == 3 && p2->n[IT_COIN] == 1 &&
                         g2->n[IT_CAMEL] == 1;
            vpcoin |= (p1->n[IT_VP] && g1->n[IT_COIN] && p2->n[IT_COIN] && g2->n[IT_VP]);
        }
        twice_die |= cd->kind == CK_TRADE && cd->pay == 0 && cd->times == CT_DIE &&
                     c->rw[cd->gain].alt[0].n[IT_COIN] == 2;
    }
    KT_CHECK(percontract && perpost && bonuses && seals && camelcoin && vpcoin && twice_die);
    kt_game_free(g);
}

/* A broken copy must be rejected naming the pieces; returns the message. */
static void expect_error(kt_t *T, const char *file, const char *from, const char *to,
                         const char *const *want, int nwant)
{
    char *dir = mp2_t_datadir();
    KT_REQUIRE(dir);
    if (!KT_CHECK(mp2_t_edit(dir, file, from, to))) {
        mp2_t_rmdir(dir);
        return;
    }
    char opts[600];
    snprintf(opts, sizeof opts, "data_dir=%s", dir);
    kt_game *g = NULL;
    kt_err err = {0, ""};
    kt_status st = kt_game_new("mp2", opts, 3, 1, NULL, &g, &err);
    KT_CHECK(st != KT_OK && g == NULL);
    for (int i = 0; i < nwant; i++)
        if (!strstr(err.msg, want[i]))
            KT_FAIL("error '%s' does not mention '%s'", err.msg, want[i]);
    mp2_t_rmdir(dir);
}

KT_TEST(mp2_data_dir_copy_gives_the_same_game)
{
    char *dir = mp2_t_datadir();
    KT_REQUIRE(dir);
    char opts[600];
    snprintf(opts, sizeof opts, "data_dir=%s", dir);
    kt_game *g1 = new_game(T, NULL), *g2 = new_game(T, opts);
    KT_REQUIRE(g1 && g2);
    KT_CHECK(memcmp(g1->cfg, g2->cfg, sizeof(mp2_cfg)) == 0);
    kt_state *a = kt_state_new(g1), *b = kt_state_new(g2);
    KT_CHECK(memcmp(a, b, kt_state_size(g1)) == 0);
    kt_state_free(g1, a);
    kt_state_free(g2, b);
    kt_game_free(g1);
    kt_game_free(g2);
    mp2_t_rmdir(dir);
}

KT_TEST(mp2_data_rejects_unknown_shield)
{
    const char *w[] = {"map.txt line 42 (city)", "field 'shield'", "unknown shield key"};
    expect_error(T, "map.txt", "shield=moon     at=0,0", "shield=mon      at=0,0", w, 3);
}

KT_TEST(mp2_data_rejects_missing_provenance)
{
    const char *w[] = {"map.txt line 42 (city)", "field 'src'", "missing"};
    expect_error(T, "map.txt", "has=bonus+card+outpost src=rulebook", "has=bonus+card+outpost", w, 3);
}

KT_TEST(mp2_data_rejects_bad_provenance_value)
{
    const char *w[] = {"cards.txt line 23 (card)", "field 'src'", "one of seed, rulebook"};
    expect_error(T, "cards.txt", "kind=perpost gain=1vp src=rulebook", "kind=perpost gain=1vp src=guess",
                 w, 3);
}

KT_TEST(mp2_data_rejects_unknown_bundle_item)
{
    const char *w[] = {"cards.txt line 26 (card)", "field 'gain'", "unknown item"};
    expect_error(T, "cards.txt", "pay=none gain=2c times=die", "pay=none gain=2q times=die", w, 3);
}

KT_TEST(mp2_data_rejects_wrong_card_count)
{
    const char *w[] = {"cards.txt", "exactly 25 city cards, found 24"};
    expect_error(T, "cards.txt", "card K25 kind=trade pay=none gain=1silk times=half min=2 src=recon\n",
                 "", w, 2);
}

KT_TEST(mp2_data_rejects_route_to_unknown_location)
{
    const char *w[] = {"map.txt line 93 (route)", "second location unknown"};
    expect_error(T, "map.txt", "route Pagan  Kabul", "route Pagan  Kabol", w, 2);
}

KT_TEST(mp2_data_rejects_duplicate_id)
{
    const char *w[] = {"contracts.txt line 22 (contract)", "id given twice"};
    expect_error(T, "contracts.txt", "contract C02 ", "contract C01 ", w, 2);
}

KT_TEST(mp2_data_rejects_out_of_range_number)
{
    const char *w[] = {"board.txt line 42 (guild)", "field 'take'", "outside 1..6"};
    expect_error(T, "board.txt", "take=4 jade=3", "take=9 jade=3", w, 3);
}

KT_TEST(mp2_data_rejects_unknown_field)
{
    const char *w[] = {"tiles.txt line 48 (marker)", "field 1 is not known"};
    expect_error(T, "tiles.txt", "marker M1 gain=4c", "marker M1 colour=red gain=4c", w, 2);
}

KT_TEST(mp2_data_rejects_inconsistent_board)
{
    /* a contract city less than the printed 5 */
    const char *w[] = {"map.txt", "needs 5 contract cities (has 4)"};
    expect_error(T, "map.txt", "at=0,2 has=contracts", "at=0,2", w, 2);
    /* a goal card naming a city that is not on the map */
    const char *w2[] = {"tiles.txt line 31 (goal)", "field 'cities'", "name 1 is not a city"};
    expect_error(T, "tiles.txt", "cities=Kashgar+Fuzhou", "cities=Kashgor+Fuzhou", w2, 3);
    /* a route tile crest that does not exist */
    const char *w3[] = {"tiles.txt line 73 (rtile)", "field 'crests'"};
    expect_error(T, "tiles.txt", "crests=camel+ship", "crests=camel+sun", w3, 2);
    /* contract rewards always include points */
    const char *w4[] = {"contracts.txt line 21 (contract)", "field 'reward'", "always gives points"};
    expect_error(T, "contracts.txt", "reward=4vp+1draw", "reward=1draw", w4, 3);
}

KT_TEST(mp2_data_rejects_missing_file)
{
    char *dir = mp2_t_datadir();
    KT_REQUIRE(dir);
    char path[600], opts[600];
    snprintf(path, sizeof path, "%s/tiles.txt", dir);
    remove(path);
    snprintf(opts, sizeof opts, "data_dir=%s", dir);
    kt_game *g = NULL;
    kt_err err = {0, ""};
    KT_CHECK(kt_game_new("mp2", opts, 3, 1, NULL, &g, &err) == KT_EIO);
    KT_CHECK(strstr(err.msg, "tiles.txt") != NULL);
    mp2_t_rmdir(dir);
}

KT_TEST(mp2_data_rejects_bad_options)
{
    kt_game *g = NULL;
    kt_err err = {0, ""};
    KT_CHECK(kt_game_new("mp2", "characters=mongke,nobody,abha", 3, 1, NULL, &g, &err) == KT_EINVAL);
    KT_CHECK(strstr(err.msg, "unknown character 'nobody'") != NULL);
    KT_CHECK(kt_game_new("mp2", "characters=mongke,dewu", 3, 1, NULL, &g, &err) == KT_EINVAL);
    KT_CHECK(strstr(err.msg, "one character per player") != NULL);
    KT_CHECK(kt_game_new("mp2", "characters=mongke,vidal,abha", 3, 1, NULL, &g, &err) == KT_EINVAL);
    KT_CHECK(strstr(err.msg, "Caravans expansion") != NULL);
    KT_CHECK(kt_game_new("mp2", "characters=mongke,mongke,abha", 3, 1, NULL, &g, &err) == KT_EINVAL);
    KT_CHECK(strstr(err.msg, "given twice") != NULL);
    KT_CHECK(kt_game_new("mp2", "first_player=first", 3, 1, NULL, &g, &err) != KT_OK);
    KT_CHECK(g == NULL);
    KT_OKS(kt_game_new("mp2", "caravans=1;characters=Vidal Badoer,donata,Möngke Khan", 3, 1, NULL,
                       &g, &err),
           &err);
    kt_game_free(g);
}

/* The shared record reader (core/datarec, quiet: nothing quoted) on Marco
 * Polo II's files: a malformed line and a missing field are refused naming
 * file and line (the provenance and range cases are above). */
KT_TEST(mp2_data_shared_reader_names_file_and_line)
{
    const char *w[] = {"tiles.txt line 48 (marker)", "word 4: a name after the key=value fields"};
    expect_error(T, "tiles.txt", "marker M1 gain=4c", "marker M1 gain=4c M2", w, 2);
    const char *w2[] = {"board.txt line 42 (guild)", "field 'take': missing"};
    expect_error(T, "board.txt", "take=4 jade=3", "jade=3", w2, 2);
    const char *w3[] = {"board.txt line 42 (record)", "a record starts with its kind"};
    expect_error(T, "board.txt", "guild jeweler", "guilds jeweler", w3, 2);
    const char *w4[] = {"board.txt line 42 (guild)", "field 'take': not a number"};
    expect_error(T, "board.txt", "take=4 jade=3", "take=4x jade=3", w4, 2);
}
