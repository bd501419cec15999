/*
 * test_mp2_hidden.c - Marco Polo II hidden information in every view:
 * which goal card a player keeps is theirs alone (and an omniscient
 * reader's) until the final scoring reveals it.  KT_SPECTATOR (-1) is a
 * spectator who sees only public information, KT_OMNISCIENT (-2) sees all.
 *
 * Data layout: games are stepped with the first legal action to the goal
 * decision of the set-up; texts are compared as strings.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mp2_helpers.h"

/* A fresh 3-player game advanced to player `who`'s goal decision. */
static kt_scn at_goal_choice(kt_t *T, int who)
{
    kt_scn c = {NULL, NULL};
    kt_err err = {0, ""};
    if (!KT_OKS(kt_game_new("mp2", "characters=mongke,dewu,abha", 3, 5, NULL, &c.g, &err), &err))
        return c;
    c.s = kt_state_new(c.g);
    kt_action a[KT_LEGAL_MAX];
    for (int i = 0; i < 20; i++) {
        if (strcmp(kt_decision(c.g, c.s), "goal") == 0 && kt_to_move(c.g, c.s) == who)
            return c;
        kt_legal(c.g, c.s, a, KT_LEGAL_MAX);
        kt_apply_trusted(c.g, c.s, a[0]);
    }
    KT_FAIL("no goal decision for player %d", who + 1);
    kt_scn_free(&c);
    return c;
}

static void text_of(const kt_scn *c, kt_action a, int viewer, int lang, char *out, size_t cap)
{
    kt_action_text(c->g, c->s, a, viewer, lang, out, cap);
}

KT_TEST(mp2_goal_choice_text_hidden_from_spectators_and_others)
{
    kt_scn c = at_goal_choice(T, 1);
    KT_REQUIRE(c.g);
    const mp2_cfg *cf = MC(&c);
    kt_action a[KT_LEGAL_MAX];
    int n = kt_legal(c.g, c.s, a, KT_LEGAL_MAX);
    KT_REQUIRE(n == 3);
    for (int i = 0; i < n; i++) {
        const char *id = cf->goal[PL(&c, 1).goal_opt[i]].id;
        char t[256];
        for (int lang = KT_LANG_EN; lang <= KT_LANG_DE; lang++) {
            text_of(&c, a[i], 1, lang, t, sizeof t);
            KT_CHECK(strstr(t, id) != NULL); /* the owner */
            text_of(&c, a[i], KT_OMNISCIENT, lang, t, sizeof t);
            KT_CHECK(strstr(t, id) != NULL);
            text_of(&c, a[i], KT_SPECTATOR, lang, t, sizeof t);
            if (strstr(t, id))
                KT_FAIL("spectator sees goal %s in '%s'", id, t);
            text_of(&c, a[i], 0, lang, t, sizeof t);
            KT_CHECK(strstr(t, id) == NULL);
        }
    }
    kt_scn_free(&c);
}

/* Render and observe for the spectator hide every player's goal cards; the
 * omniscient render shows them; after the final scoring everyone sees them. */
KT_TEST(mp2_spectator_views_hide_goal_cards_until_the_end)
{
    kt_scn c = mp2_scn(T, "characters=mongke,dewu,abha", 3, NULL);
    KT_REQUIRE(c.g);
    const mp2_cfg *cf = MC(&c);
    char *r = kt_render(c.g, c.s, KT_SPECTATOR, KT_LANG_EN);
    char *o = kt_observe_json(c.g, c.s, KT_SPECTATOR, KT_LANG_EN);
    KT_REQUIRE(r && o);
    kt_buf om;
    kt_buf_init(&om);
    c.g->def->render(c.g, c.s, KT_OMNISCIENT, KT_LANG_EN, &om);
    KT_REQUIRE(om.p);
    for (int p = 0; p < 3; p++)
        for (int i = 0; i < 3; i++) {
            const char *id = cf->goal[PL(&c, p).goal_opt[i]].id; /* only goal ids start with G */
            KT_CHECK(!strstr(r, id) && !strstr(o, id));
            if (i == PL(&c, p).goal)
                KT_CHECK(strstr(om.p, id) != NULL);
        }
    kt_buf_free(&om);
    kt_free(r);
    kt_free(o);
    /* play to the end: the final screen shows every kept goal card */
    kt_action a[KT_LEGAL_MAX];
    kt_rng rng;
    kt_rng_seed(&rng, 3);
    for (int i = 0; i < 5000 && !kt_is_over(c.g, c.s); i++) {
        int n = kt_legal(c.g, c.s, a, KT_LEGAL_MAX);
        kt_apply_trusted(c.g, c.s, a[kt_rng_below(&rng, (uint32_t)n)]);
    }
    KT_REQUIRE(kt_is_over(c.g, c.s));
    r = kt_render(c.g, c.s, KT_SPECTATOR, KT_LANG_EN);
    KT_REQUIRE(r);
    for (int p = 0; p < 3; p++)
        KT_CHECK(strstr(r, cf->goal[PL(&c, p).goal_opt[PL(&c, p).goal]].id) != NULL);
    kt_free(r);
    kt_scn_free(&c);
}
