/*
 * test_views.c - observations, determinization, action texts in both
 * languages, the loader's error messages, rendering.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan_test.h"

#define J(...) #__VA_ARGS__

static const char *VB = J({"state":{"attacks":1,
    "buildings":{"12":{"player":0,"kind":"city","wall":true},"30":{"player":0,"kind":"settlement"},
                 "4":{"player":1,"kind":"settlement"},"41":{"player":1,"kind":"city"}},
    "knights":{"17":{"player":0,"level":2,"active":true}},
    "roads":{"12-17":0,"17-23":0,"4-8":1,"41-45":1},
    "players":{"0":{"hand":{"brick":1,"paper":2},"progress":["bishop","crane"],"progress_known":[1,1]},
               "1":{"hand":{"ore":3,"coin":1},"progress":["spy","merchant"],"progress_known":[2,3]},
               "2":{"hand":{"wool":2}}}}});

KT_TEST(catan_view_observation_hides_hands_and_decks)
{
    kt_scn c = cat_scn(T, "", 4, VB);
    KT_REQUIRE(c.s);
    char *o = kt_observe_json(c.g, c.s, 0, KT_LANG_EN);
    KT_REQUIRE(o);
    char *h = kt_json_at(o, "hand.paper");
    KT_STREQ(h, "2");
    free(h);
    h = kt_json_at(o, "boards.1.cards");
    KT_STREQ(h, "4");
    free(h);
    h = kt_json_at(o, "boards.1.hand");
    KT_CHECK(h == NULL); /* counts only */
    free(h);
    h = kt_json_at(o, "boards.1.progress.politics");
    KT_STREQ(h, "1");
    free(h);
    KT_CHECK(!strstr(o, "\"spy\""));      /* unseen card of player 2 */
    h = kt_json_at(o, "boards.1.progress_seen"); /* the merchant was seen by player 1 */
    KT_STREQ(h, "[\"merchant\"]");
    free(h);
    h = kt_json_at(o, "decks.trade");
    KT_CHECK(h && !strchr(h, '[')); /* a count, not the order */
    free(h);
    kt_free(o);
    /* a spectator sees no hand at all */
    o = kt_observe_json(c.g, c.s, -1, KT_LANG_EN);
    KT_CHECK(o && !strstr(o, "\"hand\"") && !strstr(o, "\"bishop\""));
    kt_free(o);
    kt_scn_free(&c);
}

KT_TEST(catan_view_determinize_resamples_only_hidden_information)
{
    kt_scn c = cat_scn(T, "", 4, VB);
    KT_REQUIRE(c.s);
    cat_state *d = malloc(sizeof *d);
    KT_REQUIRE(d);
    int moved_card = 0, moved_prog = 0, deck_changed = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        kt_determinize(c.g, c.s, 0, seed, (kt_state *)d);
        kt_err err;
        KT_REQUIRE(kt_check(c.g, (kt_state *)d, &err) == KT_OK);
        /* own hand and progress cards untouched; sizes kept */
        KT_CHECK(!memcmp(d->pl[0].hand, CS(&c)->pl[0].hand, CAT_NKIND));
        KT_CHECK(!memcmp(d->pl[0].prog, CS(&c)->pl[0].prog, CAT_HANDCAP));
        for (int q = 0; q < 4; q++) {
            KT_EQ(d->pl[q].ncards, CS(&c)->pl[q].ncards);
            KT_EQ(d->pl[q].nprog, CS(&c)->pl[q].nprog);
        }
        moved_card |= d->pl[1].hand[K_WOOL] > 0;
        /* the merchant known to player 1 stays; the spy may change but
         * stays a politics card and never becomes a VP card */
        KT_EQ(d->pl[1].prog[1], PC_MERCHANT);
        KT_EQ(cat_progress[d->pl[1].prog[0]].colour, TR_POLITICS);
        KT_CHECK(d->pl[1].prog[0] != PC_CONSTITUTION);
        moved_prog |= d->pl[1].prog[0] != PC_SPY;
        deck_changed |= memcmp(d->deck[TR_SCIENCE], CS(&c)->deck[TR_SCIENCE], CAT_DECK) != 0;
        /* the board is public */
        KT_CHECK(!memcmp(d->v_owner, CS(&c)->v_owner, CAT_NV));
    }
    KT_CHECK(moved_card && moved_prog && deck_changed);
    free(d);
    kt_scn_free(&c);
}

KT_TEST(catan_view_determinize_base_keeps_development_card_counts)
{
    kt_scn c = cat_scn(T, "variant=base", 4, J({"state":{
        "dev_deck":["knight","knight","knight","knight","knight","knight","knight","knight","knight","knight",
            "knight","knight","victory_point","victory_point","victory_point","victory_point",
            "road_building","road_building","year_of_plenty","year_of_plenty","monopoly"],
        "players":{"1":{"dev":{"knight":2,"victory_point":1,"monopoly":1},"dev_new":{"monopoly":1}}}}}));
    KT_REQUIRE(c.s);
    cat_state *d = malloc(sizeof *d);
    KT_REQUIRE(d);
    int changed = 0;
    for (uint64_t seed = 1; seed <= 100; seed++) {
        kt_determinize(c.g, c.s, 0, seed, (kt_state *)d);
        int tot = 0, nw = 0;
        for (int k = 0; k < CAT_NDEV; k++) {
            tot += d->pl[1].dev[k];
            nw += d->pl[1].dev_new[k];
        }
        KT_EQ(tot, 4);
        KT_EQ(nw, 1);
        changed |= d->pl[1].dev[DV_KNIGHT] != 2 || d->devdeck[d->devdeck_n - 1] != CS(&c)->devdeck[CS(&c)->devdeck_n - 1];
    }
    KT_CHECK(changed);
    free(d);
    kt_scn_free(&c);
}

KT_TEST(catan_view_german_action_texts)
{
    kt_scn c = cat_scn(T, "", 4, VB);
    KT_REQUIRE(c.s);
    KT_CHECK(kt_scn_legal(&c, "spiele Bischof"));
    KT_CHECK(kt_scn_legal(&c, "Zug beenden"));
    KT_DO(&c, "spiele Bischof");
    KT_DO(&c, "Räuber nach B"); /* umlauts fold: "raeuber nach b" matches too */
    KT_EQ(CS(&c)->robber, 1);
    kt_action a;
    kt_err err;
    KT_EQ(kt_action_parse(c.g, c.s, "zug beenden", &a, &err), KT_OK);
    char t[128];
    kt_action_text(c.g, c.s, a, -1, KT_LANG_DE, t, sizeof t);
    KT_STREQ(t, "Zug beenden");
    kt_scn_free(&c);
}

KT_TEST(catan_view_hidden_choices_are_redacted_for_others)
{
    /* player 2 drew a fifth card at a blue gate and must discard */
    kt_scn c = cat_scn(T, "", 4, J({"header":{"to_move":1,"decision":"progress_discard"},"state":{
        "dice":[2,3,3],
        "stack":[{"kind":"main","player":0,"a":0,"b":0},{"kind":"p_roll","player":0,"a":1,"b":0},
                 {"kind":"p_draws","player":0,"a":1,"b":2},{"kind":"progress_discard","player":1,"a":0,"b":0}],
        "players":{"1":{"progress":["spy","bishop","wedding","warlord","deserter"],"progress_known":[2,2,2,2,2]}}}}));
    KT_REQUIRE(c.s);
    kt_action a;
    kt_err err;
    KT_REQUIRE(kt_action_parse(c.g, c.s, "discard Spy", &a, &err) == KT_OK);
    char t[128];
    kt_action_text(c.g, c.s, a, 0, KT_LANG_EN, t, sizeof t);
    KT_STREQ(t, "discard a politics card");
    kt_action_text(c.g, c.s, a, 1, KT_LANG_EN, t, sizeof t);
    KT_STREQ(t, "discard Spy");
    kt_action_text(c.g, c.s, a, 0, KT_LANG_DE, t, sizeof t);
    KT_STREQ(t, "eine Politikkarte abwerfen");
    kt_scn_free(&c);
}

/* KT_SPECTATOR (-1) sees public information only; KT_OMNISCIENT (-2)
 * everything (before the fix a spectator saw every hand and card). */
KT_TEST(catan_view_spectator_sees_nothing_private)
{
    kt_scn c = cat_scn(T, "", 4, J({"header":{"to_move":1,"decision":"progress_discard"},"state":{
        "dice":[2,3,3],
        "stack":[{"kind":"main","player":0,"a":0,"b":0},{"kind":"p_roll","player":0,"a":1,"b":0},
                 {"kind":"p_draws","player":0,"a":1,"b":2},{"kind":"progress_discard","player":1,"a":0,"b":0}],
        "players":{"0":{"hand":{"ore":3,"cloth":1}},
                   "1":{"hand":{"wool":2},"progress":["spy","bishop","wedding","warlord","deserter"],
                        "progress_known":[2,2,2,2,2]}}}}));
    KT_REQUIRE(c.s);
    kt_action a;
    kt_err err;
    KT_REQUIRE(kt_action_parse(c.g, c.s, "discard Spy", &a, &err) == KT_OK);
    char t[128];
    kt_action_text(c.g, c.s, a, KT_SPECTATOR, KT_LANG_EN, t, sizeof t);
    KT_STREQ(t, "discard a politics card");
    kt_action_text(c.g, c.s, a, KT_OMNISCIENT, KT_LANG_EN, t, sizeof t);
    KT_STREQ(t, "discard Spy");
    /* the game's own render (the core may refuse some viewers) */
    kt_buf b;
    kt_buf_init(&b);
    c.g->def->render(c.g, c.s, KT_SPECTATOR, KT_LANG_EN, &b);
    KT_REQUIRE(b.p);
    KT_CHECK(!strstr(b.p, "Spy") && !strstr(b.p, "Bishop") && !strstr(b.p, "ore 3"));
    kt_buf_free(&b);
    kt_buf_init(&b);
    c.g->def->render(c.g, c.s, KT_OMNISCIENT, KT_LANG_EN, &b);
    KT_REQUIRE(b.p);
    KT_CHECK(strstr(b.p, "Spy") && strstr(b.p, "ore 3"));
    kt_buf_free(&b);
    char *o = kt_observe_json(c.g, c.s, KT_SPECTATOR, KT_LANG_EN);
    KT_REQUIRE(o);
    KT_CHECK(!strstr(o, "\"spy\"") && !strstr(o, "\"hand\""));
    kt_free(o);
    kt_scn_free(&c);
}

static void expect_load_error(kt_t *T, const char *patch, const char *field)
{
    kt_game *g;
    kt_err err = {0, ""};
    KT_REQUIRE(KT_OKS(kt_game_new("catan", "layout=beginner", 4, 1, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g), *t = kt_state_new(g);
    char *base = kt_state_json(g, s);
    char *m = kt_json_merge_patch(base, patch, &err);
    KT_REQUIRE(m);
    kt_state_copy(g, t, s);
    kt_status st = kt_state_load_json(g, m, t, &err);
    KT_CHECK(st != KT_OK);
    if (!strstr(err.msg, field))
        KT_FAIL("error '%s' does not name '%s'", err.msg, field);
    KT_CHECK(kt_state_equal(g, s, t)); /* nothing changed */
    free(m);
    kt_free(base);
    kt_state_free(g, s);
    kt_state_free(g, t);
    kt_game_free(g);
}

KT_TEST(catan_view_loader_names_the_bad_field)
{
    expect_load_error(T, J({"state":{"players":{"0":{"hand":{"ore":20}}}}}), "players.0.hand.ore");
    expect_load_error(T, J({"state":{"players":{"1":{"progress":["spyy"]}}}}), "players.1.progress[0]");
    expect_load_error(T, J({"state":{"players":{"1":{"progress":["printer"],"progress_known":[2]}}}}),
                      "players.1.progress[0]");
    expect_load_error(T, J({"state":{"roads":{"0-9":1}}}), "roads.0-9");
    expect_load_error(T, J({"state":{"buildings":{"60":{"player":0,"kind":"city"}}}}), "buildings.60");
    expect_load_error(T, J({"state":{"buildings":{"5":{"player":0,"kind":"castle"}}}}), "buildings.5.kind");
    expect_load_error(T, J({"state":{"robber":"Z"}}), "robber");
    expect_load_error(T, J({"state":{"numbers":[10,2,9,12,6,4,10,9,11,5,3,8,8,3,4,5,5,6,11]}}), "numbers");
    expect_load_error(T, J({"state":{"stack":[{"kind":"discard","player":0,"a":0,"b":0}]}}), "stack[0]");
    expect_load_error(T, J({"state":{"players":{"5":{}}}}), "players.5");
    expect_load_error(T, J({"state":{"players":{"0":{"hand":{"ore":10}},"1":{"hand":{"ore":10}}}}}),
                      "ore cards");
    expect_load_error(T, J({"state":{"knights":{"3":{"player":0,"level":4}}}}), "knights.3.level");
    expect_load_error(T, J({"state":{"trade":{"state":"later"}}}), "trade.state");
    /* well-formed but inconsistent: the header names another decision */
    expect_load_error(T, J({"header":{"decision":"main"}}), "stack");
}

KT_TEST(catan_view_render_shows_pieces)
{
    kt_scn c = cat_scn(T, "", 4, VB);
    KT_REQUIRE(c.s);
    char *r = kt_render(c.g, c.s, 0, KT_LANG_EN);
    KT_REQUIRE(r);
    KT_CHECK(strstr(r, "1W"));  /* city with wall at 12 */
    KT_CHECK(strstr(r, "1S"));  /* settlement at 30 */
    KT_CHECK(strstr(r, "1K2")); /* active strong knight */
    KT_CHECK(strstr(r, "2C"));
    KT_CHECK(strstr(r, "Hand of player 1: brick 1"));
    KT_CHECK(strstr(r, "Bishop"));
    KT_CHECK(!strstr(r, "Spy")); /* another player's card */
    KT_CHECK(strstr(r, "Barbarians 0/7"));
    kt_free(r);
    r = kt_render(c.g, c.s, 1, KT_LANG_DE);
    KT_CHECK(r && strstr(r, "Spion") && strstr(r, ">Spieler 2") && !strstr(r, "Bischof"));
    kt_free(r);
    char *comp = kt_game_components("catan", KT_LANG_EN, NULL);
    KT_CHECK(comp && strstr(comp, "Merchant x6") && strstr(comp, "Spy x3") && strstr(comp, "Knight x14"));
    kt_free(comp);
    kt_scn_free(&c);
}

KT_TEST(catan_view_options_are_validated)
{
    kt_game *g = NULL;
    kt_err err = {0, ""};
    KT_CHECK(kt_game_new("catan", "variant=seafarers", 4, 1, NULL, &g, &err) != KT_OK);
    KT_CHECK(strstr(err.msg, "variant") != NULL);
    KT_CHECK(kt_game_new("catan", "", 5, 1, NULL, &g, &err) != KT_OK);
    KT_CHECK(kt_game_new("catan", "", 2, 1, NULL, &g, &err) != KT_OK);
    KT_CHECK(kt_game_new("catan", "trade_cap=-1", 4, 1, NULL, &g, &err) != KT_OK);
    KT_REQUIRE(KT_OKS(kt_game_new("catan", "variant=base;vp=12", 3, 1, NULL, &g, &err), &err));
    KT_EQ(cat_config(g)->vp_target, 12);
    KT_EQ(cat_config(g)->ck, 0);
    kt_game_free(g);
}

KT_TEST(catan_view_determinize_depends_only_on_what_the_player_knows)
{
    /* two states in one information set give the same world for a seed */
    const char *opts[2] = {"", "variant=base"};
    int compared = 0;
    for (int v = 0; v < 2; v++) {
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new("catan", opts[v], 4, 21, NULL, &g, &err), &err));
        kt_state *a = kt_state_new(g), *b = kt_state_new(g), *da = kt_state_new(g),
                 *db = kt_state_new(g);
        kt_action buf[KT_LEGAL_MAX];
        kt_rng r;
        kt_rng_seed(&r, 4);
        for (int step = 0; step < kt_t_scaled(4000) && !kt_is_over(g, a); step++) {
            if (step % 13 == 0) {
                int p = (int)kt_rng_below(&r, 4);
                kt_determinize(g, a, p, kt_rng_next(&r), b);
                kt_determinize(g, a, p, 99, da);
                kt_determinize(g, b, p, 99, db);
                if (!kt_state_equal(g, da, db)) {
                    KT_FAIL("%s: determinize for player %d depends on hidden information at step %d",
                            v ? "base" : "ck", p + 1, step);
                    break;
                }
                compared++;
            }
            int n = kt_legal(g, a, buf, KT_LEGAL_MAX);
            kt_apply_trusted(g, a, buf[kt_rng_below(&r, (uint32_t)n)]);
        }
        kt_state_free(g, a);
        kt_state_free(g, b);
        kt_state_free(g, da);
        kt_state_free(g, db);
        kt_game_free(g);
    }
    KT_CHECK(compared > 100);
}
