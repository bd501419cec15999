/*
 * test_mp2_german.c - German input for every kind of Marco Polo II action
 * (issue 18): the German text of each legal action, typed back, gives that
 * action, for every action kind of a turn and every pick of every decision;
 * German texts are German (they differ from the English ones for every
 * kind), and the shared verbs "Zug beenden" and "fertig" work.
 *
 * Data layout: random games with all characters and the Caravans
 * expansion; at each position every action of a kind (or decision pick)
 * not yet seen is parsed from its German and English text.  covered[][]
 * records which were seen: (action kind, decision) pairs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mp2_helpers.h"

enum { NKIND = 16 };

KT_TEST(mp2_german_input_for_every_action_kind)
{
    static const char *const opts[] = {
        "caravans=1;characters=mongke,dewu,abha,mailin", "caravans=1;characters=filippo,isabella,gantulga,dewu",
        "caravans=1;characters=tebaldo,piedro,vidal,donata", "caravans=1", NULL};
    int covered[NKIND][MP2_NDEC], german[NKIND][MP2_NDEC];
    memset(covered, 0, sizeof covered);
    memset(german, 0, sizeof german);
    int bad = 0;
    /* not scaled down under the sanitizers: fewer games would miss rare
     * decisions */
    for (int gi = 0; gi < 15; gi++) {
        kt_game *g;
        kt_err err = {0, ""};
        KT_REQUIRE(KT_OKS(kt_game_new("mp2", opts[gi % 5], gi % 5 < 3 ? 4 : 2 + gi % 3, (uint64_t)gi + 40, NULL, &g, &err),
                          &err));
        kt_state *s = kt_state_new(g);
        kt_rng rng;
        kt_rng_seed(&rng, (uint64_t)gi);
        kt_action buf[KT_LEGAL_MAX];
        /* heuristic players reach the rarer decisions (caravans coming
         * home, bonus cities, Vidal's exchange); a random one mixes in */
        kt_bot *bot[MP2_MAXP] = {NULL};
        for (int p = 0; p < kt_game_players(g); p++)
            KT_REQUIRE(KT_OKS(kt_bot_new(g, p ? "heuristic" : "random", (uint64_t)(gi * 5 + p), &bot[p], &err),
                              &err));
        while (!kt_is_over(g, s)) {
            int n = kt_legal(g, s, buf, KT_LEGAL_MAX);
            int dec = ((const mp2_state *)s)->h.decision;
            for (int i = 0; i < n; i++) {
                int kind = MP2_AKIND(buf[i]);
                if (covered[kind][dec] >= 3 && kt_rng_below(&rng, 50))
                    continue;
                char de[256], en[256];
                kt_action_text(g, s, buf[i], kt_to_move(g, s), KT_LANG_DE, de, sizeof de);
                kt_action_text(g, s, buf[i], kt_to_move(g, s), KT_LANG_EN, en, sizeof en);
                kt_action back = 0;
                if (kt_action_parse(g, s, de, &back, &err) != KT_OK || back != buf[i]) {
                    if (bad++ < 10)
                        KT_FAIL("German '%s' (%s) does not give its action: %s", de, en, err.msg);
                    continue;
                }
                covered[kind][dec]++;
                german[kind][dec] |= strcmp(de, en) != 0;
            }
            kt_action a;
            KT_REQUIRE(KT_OKS(kt_bot_choose(bot[kt_to_move(g, s)], s, &a, &err), &err));
            kt_apply_trusted(g, s, a);
        }
        for (int p = 0; p < MP2_MAXP; p++)
            kt_bot_free(bot[p]);
        kt_state_free(g, s);
        kt_game_free(g);
    }
    /* a choice between rewards (Mongke Khan's oasis reward) as a scenario:
     * random and heuristic play rarely pass an oasis with him */
    kt_scn sc = mp2_scn(T, "characters=mongke,dewu,abha", 3, NULL);
    KT_REQUIRE(sc.g);
    char patch[512];
    snprintf(patch, sizeof patch,
             "{\"header\":{\"decision\":\"reward\"},\"state\":{\"stack\":[{\"type\":\"reward\","
             "\"player\":0,\"a\":%d,\"b\":1,\"c\":0,\"d\":0}]}}",
             MC(&sc)->rw_mongke);
    kt_scn_free(&sc);
    sc = mp2_scn(T, "characters=mongke,dewu,abha", 3, patch);
    KT_REQUIRE(sc.g);
    kt_action rb[8];
    int rn = kt_legal(sc.g, sc.s, rb, 8);
    for (int i = 0; i < rn; i++) {
        char de[256], en[256];
        kt_err err = {0, ""};
        kt_action back = 0;
        kt_action_text(sc.g, sc.s, rb[i], 0, KT_LANG_DE, de, sizeof de);
        kt_action_text(sc.g, sc.s, rb[i], 0, KT_LANG_EN, en, sizeof en);
        KT_CHECK(kt_action_parse(sc.g, sc.s, de, &back, &err) == KT_OK && back == rb[i]);
        covered[A_PICK][DEC_ALT]++;
        german[A_PICK][DEC_ALT] |= strcmp(de, en) != 0;
    }
    kt_scn_free(&sc);
    KT_EQ(bad, 0);
    /* every kind of a turn, every decision's picks, "done" where it exists */
    static const int turn_kinds[] = {A_PLACE, A_BAG, A_REROLL, A_SHIFT, A_BUYBLACK, A_COMPLETE,
                                     A_IMPROVE, A_FILIPPO, A_VIDAL, A_CVSTART, A_CVDONE, A_END};
    for (size_t i = 0; i < sizeof turn_kinds / sizeof turn_kinds[0]; i++) {
        int k = turn_kinds[i];
        if (!covered[k][DEC_TURN] || !german[k][DEC_TURN])
            KT_FAIL("turn action kind %d: %d texts parsed, German differs: %d", k, covered[k][DEC_TURN],
                    german[k][DEC_TURN]);
    }
    for (int d = DEC_DRAFT; d < DEC_OVER; d++) {
        int any = covered[A_PICK][d] + covered[A_MOVE][d] + covered[A_DONE][d];
        int de = german[A_PICK][d] | german[A_MOVE][d] | german[A_DONE][d];
        if (!any || !de)
            KT_FAIL("decision %s: %d texts parsed, German differs: %d", mp2_decision_name(d), any, de);
    }
    KT_CHECK(covered[A_DONE][DEC_MOVE] && covered[A_DONE][DEC_CONTRACT]);
}

/* The shared verbs typed in German. */
KT_TEST(mp2_german_shared_verbs)
{
    kt_scn c = mp2_scn(T, "characters=dewu,mongke,abha", 3,
                       "{\"state\":{\"players\":{\"0\":{\"dice\":[1,2,3,4,5],\"coins\":20,\"camels\":9}}}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "kaufe einen schwarzen Würfel");
    KT_DO(&c, "Reise 2 mit 2+3");
    KT_DO(&c, "nach Shangdu");
    KT_DO(&c, "fertig");
    KT_DO(&c, "Zug beenden");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    kt_scn_free(&c);
}
