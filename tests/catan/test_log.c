/*
 * test_log.c - the game log (gamedef.events, issue 18): events of scenario
 * positions (dice and production, a barbarian attack reducing a city, a
 * robber's steal seen by thief and victim only, a trade declined by
 * everybody, the final points) and, over random games, that a player never
 * sees another player's private event.
 *
 * Data: `step` holds the state before and after one action given as text;
 * events are read back as JSON text (kt_events_json) for a viewer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan_test.h"

#define J(...) #__VA_ARGS__

typedef struct step {
    kt_state *before;
    int actor;
    kt_action a;
} step;

/* Apply `text` to c, keeping the state before it. */
static int do_step(kt_t *T, kt_scn *c, const char *text, step *st)
{
    kt_err err = {0, ""};
    st->before = kt_state_new(c->g);
    kt_state_copy(c->g, st->before, c->s);
    st->actor = kt_to_move(c->g, c->s);
    if (!KT_OKS(kt_action_parse(c->g, c->s, text, &st->a, &err), &err))
        return 0;
    return KT_OKS(kt_apply(c->g, c->s, st->a, &err), &err);
}

/* the events of the step as `viewer` sees them (JSON text, caller frees) */
static char *seen(kt_scn *c, const step *st, int viewer, int lang)
{
    kt_err err = {0, ""};
    char *j = kt_events_json(c->g, st->before, st->actor, st->a, c->s, viewer, lang, &err);
    return j ? j : strdup("");
}

static void step_free(kt_scn *c, step *st)
{
    kt_state_free(c->g, st->before);
}

/* does the viewer's log of this step contain `needle`? */
static int has(kt_scn *c, const step *st, int viewer, int lang, const char *needle)
{
    char *j = seen(c, st, viewer, lang);
    int r = strstr(j, needle) != NULL;
    if (!r)
        printf("      '%s' not in the log of viewer %d: %.600s\n", needle, viewer, j);
    kt_free(j);
    return r;
}

static int lacks(kt_scn *c, const step *st, int viewer, const char *needle)
{
    char *j = seen(c, st, viewer, KT_LANG_EN);
    int r = strstr(j, needle) == NULL;
    if (!r)
        printf("      '%s' should not be in the log of viewer %d: %.600s\n", needle, viewer, j);
    kt_free(j);
    return r;
}

static const char *PROD = J({"state":{"attacks":1,
    "buildings":{"12":{"player":0,"kind":"city"},"3":{"player":0,"kind":"settlement"},
                 "4":{"player":1,"kind":"settlement"},"19":{"player":1,"kind":"city"}},
    "roads":{"12-17":0,"3-7":0,"4-8":1,"19-24":1}}});

KT_TEST(catan_log_roll_and_production)
{
    kt_scn c = cat_scn2(T, "", 4, PROD, J({"header":{"decision":"roll"},"state":{
        "stack":[{"kind":"roll","player":0,"a":0,"b":0}]}}));
    KT_REQUIRE(c.s);
    /* 10: A mountains (city 12 and settlement 3 of player 1, settlement 4
     * of player 2), G hills (city 19 of player 2) */
    KT_REQUIRE(cat_t_rig_roll(T, &c, 4, 6, EV_GATE_TRADE));
    step st;
    KT_REQUIRE(do_step(T, &c, "roll", &st));
    KT_CHECK(has(&c, &st, KT_SPECTATOR, KT_LANG_EN,
                 "Player 1 rolls red 4 + yellow 6 = 10, event die: yellow gate (trade)."));
    KT_CHECK(has(&c, &st, KT_SPECTATOR, KT_LANG_EN,
                 "Production: player 1 receives 2 ore, 1 coin; player 2 receives 2 brick, 1 ore."));
    KT_CHECK(has(&c, &st, 2, KT_LANG_DE, "Spieler 1 würfelt rot 4 + gelb 6 = 10"));
    KT_CHECK(has(&c, &st, 2, KT_LANG_DE,
                 "Ertrag: Spieler 1 erhält 2 Erz, 1 Münze; Spieler 2 erhält 2 Lehm, 1 Erz."));
    step_free(&c, &st);
    kt_scn_free(&c);
}

KT_TEST(catan_log_production_blocked_by_the_robber)
{
    kt_scn c = cat_scn2(T, "", 4, PROD, J({"header":{"decision":"roll"},"state":{
        "robber":"A","stack":[{"kind":"roll","player":0,"a":0,"b":0}],
        "buildings":{"19":null},"roads":{"19-24":null}}}));
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_rig_roll(T, &c, 5, 5, EV_GATE_TRADE));
    step st;
    KT_REQUIRE(do_step(T, &c, "roll", &st));
    KT_CHECK(has(&c, &st, 0, KT_LANG_EN, "Production: nobody receives anything (the robber blocks A)."));
    step_free(&c, &st);
    kt_scn_free(&c);
}

KT_TEST(catan_log_barbarian_attack_reduces_a_city)
{
    /* three cities, one knight of strength 1: the barbarians win; player 1
     * has the only two cities without a knight and chooses, player 2 loses
     * its only city, player 3's knight saves them */
    kt_scn c = cat_scn(T, "", 4, J({"header":{"decision":"roll"},"state":{"attacks":1,"barbarians":6,
        "stack":[{"kind":"roll","player":0,"a":0,"b":0}],
        "buildings":{"12":{"player":0,"kind":"city"},"30":{"player":0,"kind":"city"},
                     "41":{"player":1,"kind":"city"},"20":{"player":2,"kind":"city"}},
        "roads":{"12-17":0,"41-45":1,"20-25":2},
        "knights":{"25":{"player":2,"level":1,"active":true}}}}));
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_rig_roll(T, &c, 1, 1, EV_SHIP));
    step st;
    KT_REQUIRE(do_step(T, &c, "roll", &st));
    KT_CHECK(has(&c, &st, KT_SPECTATOR, KT_LANG_EN,
                 "The barbarians land: strength 4 (cities) against 1 (active knights: player 1 0, "
                 "player 2 0, player 3 1, player 4 0)."));
    KT_CHECK(has(&c, &st, KT_SPECTATOR, KT_LANG_EN,
                 "Catan loses. Player 2's city at 41 is reduced to a settlement. Player 1 must "
                 "choose a city to lose."));
    KT_CHECK(lacks(&c, &st, 1, "The attack is over")); /* player 1 chooses first */
    KT_CHECK(has(&c, &st, 3, KT_LANG_DE, "Die Stadt von Spieler 2 auf 41 wird zur Siedlung."));
    KT_CHECK(cat_t_decision_is(&c, "city_loss"));
    step_free(&c, &st);
    KT_REQUIRE(do_step(T, &c, "lose city 30", &st));
    KT_CHECK(has(&c, &st, 1, KT_LANG_EN, "The attack is over: all knights are now inactive"));
    step_free(&c, &st);
    kt_scn_free(&c);
}

KT_TEST(catan_log_defender_of_catan)
{
    kt_scn c = cat_scn(T, "", 4, J({"header":{"decision":"roll"},"state":{"attacks":1,"barbarians":6,
        "stack":[{"kind":"roll","player":0,"a":0,"b":0}],
        "buildings":{"12":{"player":0,"kind":"city"},"20":{"player":2,"kind":"settlement"}},
        "roads":{"12-17":0,"20-25":2},
        "knights":{"25":{"player":2,"level":2,"active":true}}}}));
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_rig_roll(T, &c, 1, 1, EV_SHIP));
    step st;
    KT_REQUIRE(do_step(T, &c, "roll", &st));
    KT_CHECK(has(&c, &st, 1, KT_LANG_EN,
                 "Catan is defended. Player 3 is Defender of Catan (1 victory point)."));
    step_free(&c, &st);
    kt_scn_free(&c);
}

KT_TEST(catan_log_robber_steal_seen_by_thief_and_victim_only)
{
    kt_scn c = cat_scn2(T, "", 4, PROD, J({"header":{"decision":"robber"},"state":{
        "dice":[3,4,1],
        "stack":[{"kind":"main","player":0,"a":0,"b":0},{"kind":"p_roll","player":0,"a":3,"b":0},
                 {"kind":"robber","player":0,"a":0,"b":0}],
        "players":{"1":{"hand":{"ore":1}}}}}));
    KT_REQUIRE(c.s);
    step st;
    KT_REQUIRE(do_step(T, &c, "robber to B", &st)); /* only player 2 (at 4) is there */
    KT_CHECK(has(&c, &st, 0, KT_LANG_EN, "Player 1 steals 1 ore from player 2."));
    KT_CHECK(has(&c, &st, 1, KT_LANG_EN, "Player 1 steals 1 ore from player 2."));
    KT_CHECK(has(&c, &st, 1, KT_LANG_DE, "Spieler 1 stiehlt 1 Erz von Spieler 2."));
    KT_CHECK(has(&c, &st, 2, KT_LANG_EN, "Player 1 steals 1 card from player 2."));
    KT_CHECK(lacks(&c, &st, 2, "ore"));
    KT_CHECK(has(&c, &st, KT_SPECTATOR, KT_LANG_EN, "Player 1 steals 1 card from player 2."));
    KT_CHECK(lacks(&c, &st, KT_SPECTATOR, "ore"));
    KT_CHECK(has(&c, &st, KT_OMNISCIENT, KT_LANG_EN, "steals 1 ore"));
    KT_CHECK(lacks(&c, &st, KT_OMNISCIENT, "1 card"));
    step_free(&c, &st);
    kt_scn_free(&c);
}

KT_TEST(catan_log_trade_declined_by_everybody)
{
    kt_scn c = cat_scn(T, "", 4, J({"state":{"players":{"0":{"hand":{"brick":2}},
        "1":{"hand":{"ore":1}},"2":{"hand":{"wool":3}},"3":{"hand":{"ore":2}}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "propose a trade");
    KT_DO(&c, "offer brick");
    KT_DO(&c, "ask for ore");
    step st;
    KT_REQUIRE(do_step(T, &c, "propose to everybody", &st));
    KT_CHECK(has(&c, &st, 2, KT_LANG_EN, "Player 1 offers 1 brick for 1 ore to everybody."));
    KT_CHECK(has(&c, &st, 2, KT_LANG_DE, "Spieler 1 bietet 1 Lehm für 1 Erz allen an."));
    step_free(&c, &st);
    KT_DO(&c, "decline"); /* player 2; player 3 cannot pay and is not asked */
    KT_REQUIRE(do_step(T, &c, "decline", &st)); /* player 4 */
    KT_CHECK(has(&c, &st, 0, KT_LANG_EN,
                 "Nobody accepts: the offer to everybody is declined; player 1 takes the cards back."));
    KT_CHECK(has(&c, &st, 1, KT_LANG_DE, "Niemand nimmt an: das Angebot an alle ist abgelehnt"));
    step_free(&c, &st);
    KT_EQ(cat_t_hand(&c, 0, K_BRICK), 2);
    /* an offer nobody can pay comes back at once */
    KT_DO(&c, "propose a trade");
    KT_DO(&c, "offer brick");
    KT_DO(&c, "ask for grain");
    KT_REQUIRE(do_step(T, &c, "propose to everybody", &st));
    KT_CHECK(has(&c, &st, 3, KT_LANG_EN, "Nobody accepts: the offer to everybody is declined"));
    step_free(&c, &st);
    kt_scn_free(&c);
}

KT_TEST(catan_log_trade_accepted)
{
    kt_scn c = cat_scn(T, "", 4, J({"state":{"players":{"0":{"hand":{"brick":2}},
        "1":{"hand":{"ore":1}},"3":{"hand":{"ore":2}}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "propose a trade");
    KT_DO(&c, "offer brick");
    KT_DO(&c, "ask for ore");
    KT_DO(&c, "propose to everybody");
    KT_DO(&c, "accept");
    step st;
    KT_REQUIRE(do_step(T, &c, "accept", &st));
    KT_CHECK(has(&c, &st, 2, KT_LANG_EN, "Players 2 and 4 accepted; player 1 chooses a partner."));
    /* the German verb agrees (issue 29: "Spieler 2 und 4 hat angenommen") */
    KT_CHECK(has(&c, &st, 2, KT_LANG_DE, "Spieler 2 und 4 haben angenommen; Spieler 1 wählt."));
    step_free(&c, &st);
    KT_REQUIRE(do_step(T, &c, "trade with player 4", &st));
    KT_CHECK(has(&c, &st, 2, KT_LANG_EN, "Player 1 trades 1 brick for 1 ore with player 4."));
    step_free(&c, &st);
    kt_scn_free(&c);
}

KT_TEST(catan_log_final_points_and_turns)
{
    /* 12 points (4 cities, Longest Road, 2 Defender) and a settlement to build */
    kt_scn c = cat_scn(T, "", 4, J({"state":{"attacks":2,
        "buildings":{"0":{"player":0,"kind":"city"},"2":{"player":0,"kind":"city"},
                     "10":{"player":0,"kind":"city"},"12":{"player":0,"kind":"city"}},
        "roads":{"12-17":0,"17-22":0,"22-28":0,"28-33":0,"33-38":0,"17-23":0},"longest_road":0,
        "players":{"0":{"defender":2,"hand":{"brick":1,"lumber":1,"wool":1,"grain":1}}}}}));
    KT_REQUIRE(c.s);
    step st;
    KT_REQUIRE(do_step(T, &c, "build settlement 38", &st));
    KT_CHECK(kt_is_over(c.g, c.s));
    KT_CHECK(has(&c, &st, KT_SPECTATOR, KT_LANG_EN,
                 "Player 1 wins with 13 victory points in turn 5 (round 2). Final points: player 1 "
                 "13, player 2 0, player 3 0, player 4 0."));
    KT_CHECK(has(&c, &st, 1, KT_LANG_DE, "Spieler 1 gewinnt mit 13 Siegpunkten in Zug 5 (Runde 2)."));
    step_free(&c, &st);
    kt_scn_free(&c);
    /* the turn's number and round, as render says them */
    c = cat_scn(T, "", 4, NULL);
    KT_REQUIRE(c.s);
    KT_REQUIRE(do_step(T, &c, "end turn", &st));
    KT_CHECK(has(&c, &st, 0, KT_LANG_EN, "Turn 6 (round 2): player 2."));
    step_free(&c, &st);
    char *r = kt_render(c.g, c.s, 0, KT_LANG_EN);
    KT_REQUIRE(r);
    KT_CHECK(strstr(r, "Turn 6 (round 2)") != NULL);
    kt_free(r);
    kt_scn_free(&c);
}

/* Over random games: every event a player sees that a spectator does not
 * is that player's own (a card they drew) or a steal they took part in. */
static int private_ok(const cat_state *before, const kt_jv *ev, int viewer)
{
    const kt_jv *k = kt_jv_get(ev, "kind"), *p = kt_jv_get(ev, "player"), *t = kt_jv_get(ev, "text");
    if (!k || !p || !t || k->type != KT_JSTR || p->type != KT_JNUM || t->type != KT_JSTR)
        return 0;
    int who = p->neg ? -1 : (int)p->u;
    if (!strcmp(k->s, "action")) {
        /* an unredacted own action text, or the victim of a Master
         * Merchant or Spy seeing what is taken from them */
        const cat_frame *f = &before->stack[before->nstack - 1];
        return who == viewer ||
               ((f->kind == F_MM_PICK || f->kind == F_SPY_PICK) && f->a == viewer);
    }
    if (!strcmp(k->s, "draw"))
        return who == viewer;
    if (!strcmp(k->s, "steal")) {
        char victim[32];
        snprintf(victim, sizeof victim, "from player %d.", viewer + 1);
        return who == viewer || strstr(t->s, victim) != NULL;
    }
    return 0;
}

KT_TEST(catan_log_private_events_reach_only_their_players)
{
    const char *opts[2] = {"", "variant=base"};
    long private_seen = 0, events = 0;
    int fails = 0;
    for (int v = 0; v < 2 && fails < 3; v++) {
        kt_game *g;
        kt_err err = {0, ""};
        KT_REQUIRE(KT_OKS(kt_game_new("catan", opts[v], 4, 77, NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g), *b = kt_state_new(g);
        kt_rng r;
        kt_rng_seed(&r, 5 + (uint64_t)v);
        kt_action buf[CAT_MAXLEGAL];
        for (long i = 0; !kt_is_over(g, s) && i < 6000 && fails < 3; i++) {
            int k = kt_legal(g, s, buf, CAT_MAXLEGAL), actor = kt_to_move(g, s);
            kt_action a = buf[kt_rng_below(&r, (uint32_t)k)];
            kt_state_copy(g, b, s);
            kt_apply_trusted(g, s, a);
            char *pub = kt_events_json(g, b, actor, a, s, KT_SPECTATOR, KT_LANG_EN, &err);
            if (!pub) {
                KT_FAIL("no events for the spectator: %s", err.msg);
                fails++;
                break;
            }
            for (int q = 0; q < 4; q++) {
                char *mine = kt_events_json(g, b, actor, a, s, q, KT_LANG_EN, &err);
                kt_jdoc d;
                if (!mine || kt_json_parse(mine, strlen(mine), &d, &err) != KT_OK) {
                    KT_FAIL("bad events JSON for player %d", q + 1);
                    fails++;
                    kt_free(mine);
                    continue;
                }
                for (const kt_jv *e = d.root->child; e; e = e->next) {
                    events++;
                    const kt_jv *t = kt_jv_get(e, "text");
                    if (!t || t->type != KT_JSTR || strstr(pub, t->s))
                        continue;
                    private_seen++;
                    if (!private_ok((const cat_state *)b, e, q)) {
                        KT_FAIL("player %d sees a private event not theirs: %s", q + 1, t->s);
                        fails++;
                    }
                }
                kt_json_free(&d);
                kt_free(mine);
            }
            kt_free(pub);
        }
        kt_state_free(g, s);
        kt_state_free(g, b);
        kt_game_free(g);
    }
    printf("    %ld events read, %ld of them private to their reader\n", events, private_seen);
    KT_CHECK(private_seen > 0);
    KT_EQ(fails, 0);
}
