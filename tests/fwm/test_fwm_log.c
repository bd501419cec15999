/*
 * test_fwm_log.c - Fugger, Welser, Medici: the game log.  Over whole games
 * the log reports deals revealed, sealed bids revealed with the
 * allocation, tie dice, movement costs and tolls, accident and robbery
 * rolls, winter losses, payday (interest, wages, taxes), forced sales,
 * events, nobility rolls and the end; in English and German; and a bid is
 * private until it is revealed.
 */
#include <stdio.h>
#include <string.h>

#include "fwm_helpers.h"

#define NKINDS 64

typedef struct seen {
    char kind[NKINDS][24];
    int n;
} seen;

static void collect(seen *k, const char *json)
{
    for (const char *p = json; (p = strstr(p, "\"kind\":\"")) != NULL;) {
        p += 8;
        const char *e = strchr(p, '"');
        if (!e)
            return;
        char kind[24];
        snprintf(kind, sizeof kind, "%.*s", (int)(e - p), p);
        int found = 0;
        for (int i = 0; i < k->n; i++)
            found |= strcmp(k->kind[i], kind) == 0;
        if (!found && k->n < NKINDS)
            snprintf(k->kind[k->n++], sizeof k->kind[0], "%s", kind);
        p = e;
    }
}

static int has(const seen *k, const char *kind)
{
    for (int i = 0; i < k->n; i++)
        if (strcmp(k->kind[i], kind) == 0)
            return 1;
    return 0;
}

KT_TEST(fwm_log_reports_every_kind_of_rule_event)
{
    seen k = {{{0}}, 0};
    const char *modes[2] = {"mode=nobility", "mode=trading"};
    int german = 0;
    for (int m = 0; m < 2; m++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            kt_game *g = NULL;
            kt_err err;
            if (!KT_OKS(kt_game_new("fwm", modes[m], 4, seed, NULL, &g, &err), &err))
                return;
            kt_state *s = kt_state_new(g), *before = kt_state_new(g);
            kt_bot *h = NULL, *r = NULL;
            kt_bot_new(g, "heuristic", seed, &h, &err);
            kt_bot_new(g, "random", seed, &r, &err);
            for (long n = 0; !kt_is_over(g, s) && n < 30000; n++) {
                kt_action a;
                int p = kt_to_move(g, s);
                kt_bot_choose(p == 3 ? r : h, s, &a, &err);
                kt_state_copy(g, before, s);
                kt_apply_trusted(g, s, a);
                char *ev = kt_events_json(g, before, p, a, s, KT_OMNISCIENT, n % 5 ? KT_LANG_EN : KT_LANG_DE, &err);
                if (ev) {
                    collect(&k, ev);
                    german |= strstr(ev, "Spieler") != NULL;
                }
                kt_free(ev);
            }
            kt_bot_free(h);
            kt_bot_free(r);
            kt_state_free(g, s);
            kt_state_free(g, before);
            kt_game_free(g);
        }
    const char *want[] = {"action", "reveal", "deal", "bid", "reveal_bids", "sale", "buy", "move",
                          "accident_roll", "calendar", "payday", "wages", "home", "score",
                          "noble_roll", "track", "event", "forced_sale", "hire"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (!has(&k, want[i]))
            KT_FAIL("no '%s' event in six games", want[i]);
    KT_CHECK(german);
}

KT_TEST(fwm_log_costs_tolls_and_winter_losses)
{
    kt_scn c = fwm_scn(T, NULL, 3,
                       "{\"state\":{\"players\":{\"2\":{\"money\":1000,\"merchants\":{\"A\":{\"at\":\"AUG\","
                       "\"cargo\":{\"cloth\":1},\"stamp\":3}}}}}}");
    KT_REQUIRE(c.s);
    AS(&c, 2, "A to Ulm");
    DICE(&c, 3, 5);
    char *log = fwm_log(T, &c, 2, "go", 0, KT_LANG_EN);
    KT_REQUIRE(log);
    KT_CHECK(strstr(log, "Accident check for 1 spaces: 3+5.") != NULL);
    KT_CHECK(strstr(log, "Player 3 moves A from Augsburg to Ulm: 0 FL (laden), tolls and fees 40 FL.") != NULL);
    kt_free(log);
    kt_scn_free(&c);
    c = fwm_scn(T, NULL, 3,
                "{\"state\":{\"round\":7,\"deck\":[\"N01\",\"N02\"],\"where\":{\"N01\":\"deck\",\"N02\":\"deck\"},"
                "\"players\":{\"2\":{\"merchants\":{\"A\":{\"at\":\"NS3\",\"cargo\":{\"metal\":2},\"stamp\":0}}}}}}");
    KT_REQUIRE(c.s);
    log = fwm_log(T, &c, 2, "Zug beenden", -1, KT_LANG_DE);
    KT_REQUIRE(log);
    KT_CHECK(strstr(log, "Winterstürme: Händler A von Spieler 3 geht mit 2 Waren auf See verloren "
                         "(der Vertreter kehrt nie zurück).") != NULL);
    kt_free(log);
    kt_scn_free(&c);
}
