/*
 * test_fwm_hidden.c - Fugger, Welser, Medici: hidden information.  A
 * sealed bid (picks in progress or committed) and the draw deck's order
 * must not show in another player's observation, render, legal actions,
 * prompt, action texts or log, must be resampled by determinization, and
 * must not change a bot's choice; the reveal shows every bid.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fwm_helpers.h"

/* N09 (Antwerp buys up to 3 spice, at most 1240): players 1-3 have spice there. */
static kt_scn bidding(kt_t *T)
{
    kt_scn c = fwm_scn(T, NULL, 3,
                       "{\"state\":{\"open\":[{\"card\":\"N09\",\"due\":1,\"seq\":1}],\"seq\":1,"
                       "\"deck\":[\"N01\",\"N02\",\"N03\",\"N05\"],\"where\":{\"N09\":\"open\",\"N01\":\"deck\","
                       "\"N02\":\"deck\",\"N03\":\"deck\",\"N05\":\"deck\"},\"known\":{\"N09\":1},"
                       "\"players\":{\"0\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":2},\"stamp\":4}}},"
                       "\"1\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":3},\"stamp\":5}}},"
                       "\"2\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":1},\"stamp\":6}}}}}}");
    if (c.s)
        fwm_end_round(T, &c);
    return c;
}

/* Everything viewer v may see, concatenated. */
static char *views(kt_scn *c, int v)
{
    kt_buf b;
    kt_buf_init(&b);
    char *o = kt_observe_json(c->g, c->s, v, KT_LANG_EN), *r = kt_render(c->g, c->s, v, KT_LANG_DE);
    kt_buf_printf(&b, "%s\n%s\n", o ? o : "", r ? r : "");
    kt_free(o);
    kt_free(r);
    if (v >= 0 && ((kt_pending(c->g, c->s) >> v) & 1u)) {
        kt_action buf[KT_LEGAL_MAX];
        int n = kt_legal_as(c->g, c->s, v, buf, KT_LEGAL_MAX);
        for (int i = 0; i < n; i++) {
            char t[128];
            kt_action_text_as(c->g, c->s, v, buf[i], v, KT_LANG_EN, t, sizeof t);
            kt_buf_printf(&b, "%s|", t);
        }
        char *p = kt_prompt_as(c->g, c->s, v, KT_LANG_EN);
        kt_buf_printf(&b, "\n%s", p ? p : "");
        kt_free(p);
    }
    return kt_buf_take(&b);
}

KT_TEST(fwm_sealed_bids_stay_hidden_from_the_others)
{
    kt_scn a = bidding(T), b = bidding(T);
    KT_REQUIRE(a.s && b.s);
    /* player 1 bids differently in the two worlds */
    char *la = fwm_log(T, &a, 0, "bid 2 at 1100", 1, KT_LANG_EN);
    char *lb = fwm_log(T, &b, 0, "bid 1 at 1220", 1, KT_LANG_EN);
    KT_REQUIRE(la && lb);
    KT_STREQ(la, lb); /* the action as player 2 sees it: "bids secretly" */
    KT_CHECK(strstr(la, "bids secretly") != NULL);
    kt_free(la);
    kt_free(lb);
    AS(&a, 1, "bid 3 at 1000");
    AS(&b, 1, "bid 3 at 1000");
    for (int v = -1; v < 3; v++) {
        if (v == 0)
            continue;
        char *va = views(&a, v), *vb = views(&b, v);
        KT_STREQ(va, vb);
        free(va);
        free(vb);
    }
    /* the bidder sees their own bid */
    char *own = views(&a, 0);
    KT_CHECK(strstr(own, "2x1100") != NULL);
    free(own);
    kt_scn_free(&a);
    kt_scn_free(&b);
}

/* The session of a player's connection, a spectator's, or the host's. */
static char *ask(kt_session *S, int seat, const char *req)
{
    return kt_session_request(S, seat, req, strlen(req), NULL);
}

/* The bidding position of bidding() in a session; then player 1 answers `what`. */
static kt_session *bid_session(kt_t *T, const char *what)
{
    kt_scn c = bidding(T);
    if (!c.s)
        return NULL;
    char *st = kt_state_json(c.g, c.s);
    kt_buf b;
    kt_buf_init(&b);
    kt_buf_printf(&b, "{\"cmd\":\"load\",\"state\":%s}", st);
    kt_free(st);
    kt_scn_free(&c);
    kt_session *S = NULL;
    kt_err err;
    kt_session_limits lim;
    kt_session_limits_trusted(&lim);
    if (!KT_OKS(kt_session_new(&lim, NULL, &S, &err), &err)) {
        kt_buf_free(&b);
        return NULL;
    }
    char *r = ask(S, KT_OMNISCIENT, b.p);
    KT_CHECK(strncmp(r, "{\"ok\":true", 10) == 0);
    kt_free(r);
    kt_buf_free(&b);
    char req[160];
    snprintf(req, sizeof req, "{\"cmd\":\"apply\",\"player\":0,\"action\":\"%s\"}", what);
    r = ask(S, 0, req);
    if (!KT_CHECK(strncmp(r, "{\"ok\":true", 10) == 0))
        printf("      %s\n", r);
    kt_free(r);
    return S;
}

KT_TEST(fwm_a_pass_and_a_bid_look_the_same_to_everybody_else)
{
    /* Issue 26: a pass was one action and a bid four, so the others could count.
     * Player 1 passes in one world and bids 2 at 1100 in the other; players 2 and
     * 3 and a spectator must not be able to tell the worlds apart by anything
     * they are shown: status (action count, turn, player to move, pending set),
     * observation, terminal view, legal list and prompt, the game log (the action
     * as they see it and what followed), and the record as they see it. */
    kt_session *A = bid_session(T, "pass"), *B = bid_session(T, "bid 2 at 1100");
    KT_REQUIRE(A && B);
    static const char *const reqs[] = {
        "{\"cmd\":\"status\"}",
        "{\"cmd\":\"observe\",\"lang\":\"en\"}",
        "{\"cmd\":\"observe\",\"lang\":\"de\"}",
        "{\"cmd\":\"render\"}",
        "{\"cmd\":\"legal\",\"lang\":\"de\"}",
        "{\"cmd\":\"log\",\"since\":0,\"lang\":\"en\"}",
        "{\"cmd\":\"log\",\"since\":0,\"lang\":\"de\"}",
        "{\"cmd\":\"record\"}",
    };
    int compared = 0;
    for (int seat = KT_SPECTATOR; seat < 3; seat++) {
        if (seat == 0)
            continue;
        for (size_t i = 0; i < sizeof reqs / sizeof reqs[0]; i++) {
            if (seat == KT_SPECTATOR && strstr(reqs[i], "legal"))
                continue;
            char *ra = ask(A, seat, reqs[i]), *rb = ask(B, seat, reqs[i]);
            KT_CHECK(strncmp(ra, "{\"ok\":true", 10) == 0);
            if (strcmp(ra, rb) != 0)
                KT_FAIL("seat %d, %s:\n  pass: %s\n  bid:  %s", seat, reqs[i], ra, rb);
            compared++;
            kt_free(ra);
            kt_free(rb);
        }
    }
    KT_EQ(compared, 3 * 8 - 1);
    /* the same through the C API: counts, turn, pending set */
    const kt_game *g = kt_session_game(A);
    const kt_state *sa = kt_session_state(A), *sb = kt_session_state(B);
    KT_EQ(kt_action_count(g, sa), kt_action_count(g, sb));
    KT_EQ(kt_turn_number(g, sa), kt_turn_number(g, sb));
    KT_EQ(kt_pending(g, sa), kt_pending(g, sb));
    KT_EQ(kt_to_move(g, sa), kt_to_move(g, sb));
    KT_EQ(kt_pending(g, sa), 2u | 4u);
    /* player 1 sees the difference, of course */
    char *ra = ask(A, 0, "{\"cmd\":\"observe\"}"), *rb = ask(B, 0, "{\"cmd\":\"observe\"}");
    KT_CHECK(strcmp(ra, rb) != 0);
    kt_free(ra);
    kt_free(rb);
    kt_session_free(A);
    kt_session_free(B);
}

KT_TEST(fwm_reveal_logs_every_bid_and_the_allocation)
{
    kt_scn c = bidding(T);
    KT_REQUIRE(c.s);
    BID(&c, 0, 2, 1100);
    char *priv = NULL;
    {
        kt_state *before = kt_state_new(c.g);
        kt_state_copy(c.g, before, c.s);
        AS(&c, 1, "pass");
        kt_action a;
        kt_err err;
        KT_OKS(kt_action_parse_as(c.g, before, 1, "pass", &a, &err), &err);
        priv = kt_events_json(c.g, before, 1, a, c.s, 2, KT_LANG_EN, &err);
        kt_state_free(c.g, before);
    }
    KT_REQUIRE(priv);
    KT_CHECK(strstr(priv, "1100") == NULL); /* player 1's bid is still sealed for player 3 */
    kt_free(priv);
    char *log = fwm_log(T, &c, 2, "pass", 1, KT_LANG_EN);
    KT_REQUIRE(log);
    KT_CHECK(strstr(log, "Bids revealed: Player 1 2 x 1100 FL, Player 2 passes, Player 3 passes") != NULL);
    KT_CHECK(strstr(log, "Player 1 sells 2 spice at 1100 FL") != NULL);
    kt_free(log);
    kt_scn_free(&c);
}

KT_TEST(fwm_determinization_resamples_others_bids_and_the_deck)
{
    kt_scn a = bidding(T), b = bidding(T);
    KT_REQUIRE(a.s && b.s);
    BID(&a, 0, 2, 1100);
    BID(&b, 0, 1, 900);
    /* also a different deck order */
    uint8_t t = S(&b)->deck[0];
    S(&b)->deck[0] = S(&b)->deck[1];
    S(&b)->deck[1] = t;
    kt_state *da = kt_state_new(a.g), *db = kt_state_new(b.g);
    kt_determinize(a.g, a.s, 1, 99, da);
    kt_determinize(b.g, b.s, 1, 99, db);
    KT_CHECK(kt_state_equal(a.g, da, db));
    kt_err err;
    KT_OKS(kt_check(a.g, da, &err), &err);
    /* the determinized world may differ from the truth, but not for player 2 */
    char *va = views(&a, 1);
    kt_scn d = {a.g, da};
    char *vd = views(&d, 1);
    KT_STREQ(va, vd);
    free(va);
    free(vd);
    kt_state_free(a.g, da);
    kt_state_free(b.g, db);
    kt_scn_free(&a);
    kt_scn_free(&b);
}

KT_TEST(fwm_bots_do_not_peek_at_sealed_bids)
{
    const char *bots[2] = {"heuristic", "mcts:iters=300:seed=5"};
    for (int k = 0; k < 2; k++) {
        kt_scn a = bidding(T), b = bidding(T);
        KT_REQUIRE(a.s && b.s);
        BID(&a, 0, 2, 1240);
        BID(&b, 0, 1, 700);
        kt_bot *ba = NULL, *bb = NULL;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_bot_new(a.g, bots[k], 11, &ba, &err), &err));
        KT_REQUIRE(KT_OKS(kt_bot_new(b.g, bots[k], 11, &bb, &err), &err));
        for (int step = 0; step < 3; step++) {
            kt_action xa, xb;
            KT_REQUIRE(KT_OKS(kt_bot_choose_as(ba, a.s, 1, &xa, &err), &err));
            KT_REQUIRE(KT_OKS(kt_bot_choose_as(bb, b.s, 1, &xb, &err), &err));
            KT_EQ(xa, xb);
            if (((unsigned)S(&a)->auc.done >> 1) & 1u)
                break;
            KT_OKS(kt_apply_as(a.g, a.s, 1, xa, &err), &err);
            KT_OKS(kt_apply_as(b.g, b.s, 1, xb, &err), &err);
            if (((unsigned)S(&a)->auc.done >> 1) & 1u)
                break;
        }
        kt_bot_free(ba);
        kt_bot_free(bb);
        kt_scn_free(&a);
        kt_scn_free(&b);
    }
}

KT_TEST(fwm_pending_players_answer_in_any_order_and_records_replay)
{
    /* a whole game where every pending player answers (highest seat first),
     * recorded with actors; the replay gives the same final state */
    kt_game *g = NULL;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("fwm", "mode=manor", 4, 5, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    kt_bot *h = NULL;
    kt_bot_new(g, "heuristic", 5, &h, &err);
    kt_record *rec = kt_record_new(g);
    int several = 0;
    for (long n = 0; n < 200000 && !kt_is_over(g, s); n++) {
        uint32_t pend = kt_pending(g, s);
        int p = 31;
        while (p >= 0 && !(((unsigned)pend >> p) & 1u))
            p--;
        several += (pend & (pend - 1)) != 0;
        kt_action a;
        KT_REQUIRE(KT_OKS(kt_bot_choose_as(h, s, p, &a, &err), &err));
        KT_REQUIRE(KT_OKS(kt_record_add_as(rec, s, p, a), &err));
        KT_REQUIRE(KT_OKS(kt_apply_as(g, s, p, a, &err), &err));
    }
    KT_CHECK(kt_is_over(g, s));
    KT_CHECK(several > 10);
    char *js = kt_record_json(rec);
    kt_record *rec2 = NULL;
    kt_game *g2 = NULL;
    if (KT_OKS(kt_record_load(js, NULL, &rec2, &g2, &err), &err)) {
        kt_state *s2 = kt_state_new(g2);
        KT_OKS(kt_record_replay(rec2, g2, -1, s2, &err), &err);
        KT_CHECK(kt_state_equal(g, s, s2));
        kt_state_free(g2, s2);
    }
    kt_free(js);
    kt_record_free(rec2);
    kt_game_free(g2);
    kt_record_free(rec);
    kt_bot_free(h);
    kt_state_free(g, s);
    kt_game_free(g);
}
