/*
 * test_plunder_rules.c - Plunder rules beyond single cards: Durations
 * (staying, start-of-turn order, Throne Room staying along), the presets
 * of seed 004, German and English names in views and input, what
 * observations hide, determinization of the Loot pile and of cards set
 * aside, and the invariant checks on Plunder states.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/games/dominion/dominion.h"
#include "helpers.h"

#define KR "kingdom=Longship,Gondola,Rope,Throne Room,Village,Smithy,Cage,Search,Crew,Sack of Loot"

/* ------------------------------------------------------------ Durations */

KT_TEST(dominion_durations_start_of_turn_effects_in_the_players_order)
{
    kt_scn c = dom_t_scene(T, KR, 1, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Gondola\",\"Rope\"],\"deck\":[\"Curse\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Gold\",\"Gold\","
                           "\"Silver\"],\"discard\":[]}},"
                           "\"in_play\":[{\"card\":\"Longship\",\"owner\":0,\"uid\":1,\"by\":0,"
                           "\"flags\":0,\"pend\":1}],\"next_uid\":1");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Gondola|choose next turn|play Rope|end turn");
    KT_STREQ(kt_decision(c.g, c.s), "start_of_turn");
    KT_CHECK(kt_scn_legal(&c, "resolve Longship") && kt_scn_legal(&c, "resolve Gondola") &&
             kt_scn_legal(&c, "resolve Rope"));
    KT_CHECK(!kt_scn_legal(&c, "done"));
    KT_DO(&c, "resolve Rope"); /* draws the Curse first, to trash it */
    DOM_DO(&c, "trash Curse|resolve Gondola");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2);
    /* the last one resolves by itself */
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 5 + 1 - 1 + 2);
    DOM_JEQ(&c, "state.trash", "[\"Curse\"]");
    /* all three did their last thing this turn */
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_len(&c, "state.in_play"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_durations_throne_room_stays_as_long_as_its_duration)
{
    kt_scn c = dom_t_scene(T, KR, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Throne Room\",\"Longship\"],\"deck\":["
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Throne Room|play Longship");
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 4);
    dom_t_try(&c, "end actions");
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Throne Room"), 1);
    KT_EQ(dom_t_count(&c, "state.in_play", "Longship"), 1);
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 9); /* +2 Cards twice */
    DOM_DO(&c, "play treasures|end turn");
    KT_EQ(dom_t_len(&c, "state.in_play"), 0);
    /* a Throne Room on a card without next-turn effects leaves at once */
    kt_scn_free(&c);
    c = dom_t_scene(T, KR, 1, 0, "action", 0,
                    "\"players\":{\"0\":{\"hand\":[\"Throne Room\",\"Village\"],\"deck\":[\"Copper\","
                    "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"],"
                    "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Throne Room|play Village");
    dom_t_try(&c, "end actions");
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_len(&c, "state.in_play"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_durations_crew_leaving_play_releases_its_throne_room)
{
    kt_scn c = dom_t_scene(T, KR, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Throne Room\",\"Crew\"],\"deck\":["
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"],"
                           "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Throne Room|play Crew|end turn");
    /* Crew's first resolution puts it on the deck; the second finds it
     * gone; Throne Room is discarded this turn */
    DOM_JEQ(&c, "state.players.0.deck.0", "\"Crew\"");
    DOM_DO(&c, "play treasures|end turn");
    KT_EQ(dom_t_len(&c, "state.in_play"), 0);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ presets */

KT_TEST(dominion_presets_plunder_sets_with_their_landscapes)
{
    struct {
        const char *name, *other, *card, *landscape;
    } want[] = {
        {"preset=Treibgut", "preset=Flotsam", "Mining Road", "traits=Hasty:First Mate"},
        {"preset=Strandgut", "preset=Jetsam", "Quartermaster", "traits=Pious:Grotto"},
        {"preset=Erste Plünderung", "preset=basic looting", "Harbor Village",
         "traits=Tireless:Harbor Village"},
        {"preset=Voodoo", "preset=VOODOO", "Shaman", "traits=Cursed:Festival"},
    };
    for (int i = 0; i < 4; i++) {
        kt_game *g1, *g2;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new("dominion", want[i].name, 2, 1, NULL, &g1, &err), &err));
        KT_REQUIRE(KT_OKS(kt_game_new("dominion", want[i].other, 2, 1, NULL, &g2, &err), &err));
        const dom_cfg *c1 = dom_config(g1), *c2 = dom_config(g2);
        KT_EQ(c1->nkingdom, 10);
        KT_CHECK(memcmp(c1->kingdom, c2->kingdom, 10) == 0);
        KT_EQ(c1->ntraits, 1);
        kt_state *s = kt_state_new(g1);
        char *o = kt_observe_json(g1, s, 0, KT_LANG_EN);
        KT_CHECK(strstr(o, want[i].card) != NULL);
        kt_free(o);
        char *comp = kt_game_components("dominion", KT_LANG_EN, NULL);
        KT_CHECK(comp && strstr(comp, want[i].landscape + 7));
        kt_free(comp);
        kt_state_free(g1, s);
        kt_game_free(g1);
        kt_game_free(g2);
    }
    /* events of the presets */
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "preset=Jetsam", 2, 1, NULL, &g, &err), &err));
    KT_EQ(dom_config(g)->nevents, 1);
    KT_EQ(dom_config(g)->events[0], DOM_PREPARE);
    KT_EQ(dom_config(g)->loot, 1);
    kt_game_free(g);
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "preset=Voodoo", 2, 1, NULL, &g, &err), &err));
    KT_EQ(dom_config(g)->events[0], DOM_MAELSTROM);
    KT_EQ(dom_config(g)->trait_of[DOM_FESTIVAL], DOM_CURSED);
    KT_EQ(dom_config(g)->loot, 1); /* Cursed refers to Loot */
    kt_game_free(g);
}

KT_TEST(dominion_presets_needing_other_expansions_are_refused_naming_what_is_missing)
{
    kt_game *g = NULL;
    kt_err err;
    KT_EQ(kt_game_new("dominion", "preset=Eier aufschlagen", 2, 1, NULL, &g, &err), KT_EINVAL);
    KT_CHECK(strstr(err.msg, "Breaking Eggs") && strstr(err.msg, "Intrigue") &&
             strstr(err.msg, "Courtier") && strstr(err.msg, "Nobles"));
    KT_EQ(kt_game_new("dominion", "preset=Wine-dark Seas", 2, 1, NULL, &g, &err), KT_EINVAL);
    KT_CHECK(strstr(err.msg, "Seaside") && strstr(err.msg, "Sea Witch"));
    KT_EQ(kt_game_new("dominion", "preset=Vergraben & vergessen", 2, 1, NULL, &g, &err),
          KT_EINVAL);
    KT_CHECK(strstr(err.msg, "Allies") != NULL);
    KT_CHECK(g == NULL);
    /* all 25 are listed by `kontor games dominion` (components) */
    char *comp = kt_game_components("dominion", KT_LANG_DE, NULL);
    int n = 0;
    for (int i = 0; i < dom_npresets; i++)
        if (!dom_presets[i].cards) {
            n++;
            KT_CHECK(strstr(comp, dom_presets[i].name_de) != NULL);
        }
    KT_EQ(n, 25);
    kt_free(comp);
    /* a preset with its own landscapes cannot take others */
    KT_EQ(kt_game_new("dominion", "preset=Voodoo;events=Looting", 2, 1, NULL, &g, &err), KT_EINVAL);
}

/* ------------------------------------------------------------ names, views */

KT_TEST(dominion_plunder_names_in_german_everywhere_input_in_both)
{
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "", "Insignia");
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[\"Gondola\",\"Insignia\"],\"deck\":[],\"discard\":[]}},%s",
             loot);
    kt_scn c = dom_t_scene(T, KR ";events=Prosper;traits=Rich:Village", 2, 0, "buy", 0, m);
    KT_REQUIRE(c.g);
    char *r = kt_render(c.g, c.s, 0, KT_LANG_DE);
    KT_CHECK(strstr(r, "Gondel") && strstr(r, "Insignien") && strstr(r, "Aufblühen") &&
             strstr(r, "Reich (Dorf)") && strstr(r, "Kostbarkeiten"));
    KT_CHECK(!strstr(r, "Gondola") && !strstr(r, "Prosper"));
    kt_free(r);
    char *o = kt_observe_json(c.g, c.s, 0, KT_LANG_DE);
    KT_CHECK(strstr(o, "\"Gondel\"") && strstr(o, "\"Aufblühen\"") && strstr(o, "\"Reich\""));
    kt_free(o);
    /* input: either language */
    KT_DO(&c, "spiele Gondel");
    KT_CHECK(kt_scn_legal(&c, "choose now") && kt_scn_legal(&c, "choose next turn") &&
             kt_scn_legal(&c, "wähle nächster Zug"));
    KT_DO(&c, "wähle jetzt");
    KT_DO(&c, "play Insignia");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 5);
    /* action texts in German: German verbs and cards */
    kt_action legal[KT_LEGAL_MAX];
    int n = kt_legal(c.g, c.s, legal, KT_LEGAL_MAX), found = 0;
    for (int i = 0; i < n; i++) {
        char t[128];
        kt_action_text(c.g, c.s, legal[i], 0, KT_LANG_DE, t, sizeof t);
        found |= strcmp(t, "kaufe Schmiede") == 0;
    }
    KT_CHECK(found);
    kt_scn_free(&c);
    /* options take German names of cards, Events and Traits */
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion",
                                  "kingdom=Gondel,Seil,Langschiff,Thronsaal,Dorf,Schmiede,Käfig,"
                                  "Suche,Mannschaft,Sack voll Kostbarkeiten;events=Aufblühen,"
                                  "In See stechen;traits=Reich:Dorf,Unermüdlich:Seil",
                                  2, 1, NULL, &g, &err),
                      &err));
    KT_CHECK(strstr(kt_game_options(g), "events=Prosper,Launch") != NULL);
    KT_CHECK(strstr(kt_game_options(g), "traits=Rich:Village,Tireless:Rope") != NULL);
    kt_game_free(g);
}

KT_TEST(dominion_plunder_components_list_every_card_loot_event_trait)
{
    for (int lang = 0; lang < 2; lang++) {
        char *comp = kt_game_components("dominion", lang, NULL);
        KT_REQUIRE(comp);
        for (int id = 1; id < DOM_NCARDS; id++) {
            const char *nm = lang ? dom_cards[id].de : dom_cards[id].en;
            if (!strstr(comp, nm)) {
                KT_FAIL("components (lang %d) lack %s", lang, nm);
                break;
            }
            if (!strstr(comp, lang ? dom_cards[id].text_de : dom_cards[id].text)) {
                KT_FAIL("components (lang %d) lack the text of %s", lang, nm);
                break;
            }
        }
        KT_CHECK(strstr(comp, lang ? "Kostbarkeiten" : "Loots") != NULL);
        kt_free(comp);
    }
}

KT_TEST(dominion_plunder_observation_hides_cards_under_and_set_aside_face_down)
{
    kt_scn c = dom_t_scene(T, KR, 2, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Cage\",\"Gold\",\"Province\"],\"deck\":[],"
                           "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Cage|set aside Gold|set aside Province");
    for (int viewer = KT_OMNISCIENT; viewer <= 1; viewer++) {
        char *o = viewer == KT_OMNISCIENT ? NULL : kt_observe_json(c.g, c.s, viewer, KT_LANG_EN);
        char *as = o ? kt_json_at(o, "aside") : NULL;
        if (viewer == KT_OMNISCIENT)
            ; /* no observation: render only */
        else if (viewer == 0)
            KT_CHECK(as && strstr(as, "Gold") && strstr(as, "Province"));
        else
            KT_CHECK(as && !strstr(as, "Gold") && !strstr(as, "Province"));
        free(as);
        kt_free(o);
        /* KT_OMNISCIENT sees everything, the spectator (-1) only what is
         * public */
        kt_buf rb;
        kt_buf_init(&rb);
        dom_render(c.g, c.s, viewer, KT_LANG_EN, &rb); /* the game's own view */
        char *r = kt_buf_take(&rb);
        char *tail = r ? strstr(r, "set aside: ") : NULL;
        if (viewer == KT_OMNISCIENT || viewer == 0)
            KT_CHECK(tail && strstr(tail, "Gold (under Cage)"));
        else
            KT_CHECK(tail && !strstr(tail, "Gold") && strstr(tail, "2 face down (under Cage)"));
        free(r);
    }
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ determinization */

KT_TEST(dominion_plunder_determinize_resamples_loot_by_information_set)
{
    /* two states that differ only in the hidden Loot order give the same
     * determinization; the pile keeps its size and contents */
    char l1[2048], l2[2048], m1[4096], m2[4096];
    dom_t_loot(l1, sizeof l1, "Amphora,Hammer", "");
    dom_t_loot(l2, sizeof l2, "Sword,Orb", "");
    snprintf(m1, sizeof m1, "\"players\":{\"0\":{\"hand\":[\"Sack of Loot\"]}},%s", l1);
    snprintf(m2, sizeof m2, "\"players\":{\"0\":{\"hand\":[\"Sack of Loot\"]}},%s", l2);
    kt_scn a = dom_t_scene(T, KR, 2, 0, "buy", 0, m1);
    kt_scn b = dom_t_scene(T, KR, 2, 0, "buy", 0, m2);
    KT_REQUIRE(a.g && b.g);
    /* same rng state in both, so only the Loot order differs */
    char *ja = kt_state_json(a.g, a.s);
    KT_REQUIRE(ja);
    kt_state *da = kt_state_new(a.g), *db = kt_state_new(b.g);
    kt_determinize(a.g, a.s, 0, 77, da);
    kt_determinize(b.g, b.s, 0, 77, db);
    char *x = kt_state_json(a.g, da), *y = kt_state_json(b.g, db);
    char *lx = kt_json_at(x, "state.loot"), *ly = kt_json_at(y, "state.loot");
    KT_STREQ(lx, ly);
    KT_CHECK(lx && strlen(lx) > 100);
    free(lx);
    free(ly);
    kt_free(x);
    kt_free(y);
    kt_free(ja);
    kt_state_free(a.g, da);
    kt_state_free(b.g, db);
    kt_scn_free(&a);
    kt_scn_free(&b);
}

KT_TEST(dominion_plunder_determinize_keeps_own_hidden_cards_resamples_others)
{
    kt_scn c = dom_t_scene(T, KR, 2, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Cage\",\"Gold\",\"Province\"],\"deck\":["
                           "\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Cage|set aside Gold|set aside Province");
    kt_state *d = kt_state_new(c.g);
    int moved = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        kt_determinize(c.g, c.s, 0, seed, d);
        char *js = kt_state_json(c.g, d);
        char *as = kt_json_at(js, "state.aside");
        KT_CHECK(as && strstr(as, "Gold") && strstr(as, "Province")); /* player 1 knows */
        free(as);
        kt_free(js);
        kt_determinize(c.g, c.s, 1, seed, d);
        js = kt_state_json(c.g, d);
        as = kt_json_at(js, "state.aside");
        moved += as && !(strstr(as, "Gold") && strstr(as, "Province"));
        free(as);
        kt_err err;
        KT_OKS(kt_check(c.g, d, &err), &err);
        kt_free(js);
    }
    KT_CHECK(moved > 0); /* player 2 does not know them */
    kt_state_free(c.g, d);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ checks */

/* Load `js` with `from` replaced by `to`; expect a refusal naming `why`. */
static void refused(kt_t *T, kt_scn *c, const char *js, const char *from, const char *to,
                    const char *why)
{
    const char *p = strstr(js, from);
    if (!KT_CHECK(p != NULL))
        return;
    size_t n = strlen(js) + strlen(to) + 1;
    char *b = malloc(n);
    memcpy(b, js, (size_t)(p - js));
    strcpy(b + (p - js), to);
    strcat(b, p + strlen(from));
    kt_state *t = kt_state_new(c->g);
    kt_err err;
    KT_EQ(kt_state_load_json(c->g, b, t, &err), KT_ESTATE);
    if (!strstr(err.msg, why))
        KT_FAIL("expected '%s' in: %s", why, err.msg);
    kt_state_free(c->g, t);
    free(b);
}

KT_TEST(dominion_plunder_load_refuses_broken_plunder_states)
{
    kt_scn c = dom_t_scene(T, KR, 2, 0, "buy", 0, "");
    KT_REQUIRE(c.g);
    KT_EQ(dom_t_len(&c, "state.loot"), 30);
    char *js = kt_state_json(c.g, c.s);
    /* a card under a Cage that is not in play */
    refused(T, &c, js, "\"aside\":[]",
            "\"aside\":[{\"card\":\"Gold\",\"owner\":0,\"kind\":\"under\",\"host\":9}]",
            "not in play");
    /* a non-Loot in the Loot pile */
    refused(T, &c, js, "\"loot\":[\"", "\"loot\":[\"Gold\",\"", "not a Loot");
    /* 31 Loots */
    refused(T, &c, js, "\"loot\":[\"", "\"loot\":[\"Orb\",\"", "card conservation");
    /* a latch on a frame that does not exist */
    refused(T, &c, js, "\"watchers\":[]",
            "\"watchers\":[{\"event\":\"gain\",\"owner\":0,\"card\":\"Search\",\"life\":"
            "\"trigger\",\"arg\":null,\"n\":1,\"fired\":3,\"uid\":0}]",
            "watchers[0]");
    /* a per-card multiplicity without "never leaves play" */
    refused(T, &c, js, "\"in_play\":[]",
            "\"in_play\":[{\"card\":\"Copper\",\"owner\":0,\"uid\":1,\"by\":0,\"flags\":0,"
            "\"pend\":0,\"mult\":2}]",
            "flags out of range");
    kt_free(js);
    kt_scn_free(&c);
}
