/*
 * test_fwm_learn.c - Fugger, Welser, Medici for learning (src/games/fwm/
 * learn.c): the fixed action space and the observation vector.
 *
 * Random games in every mode and several player counts, in which a random
 * pending player answers each time (as a host serving sealed bids in any
 * order would).  At every position, for every pending player (not only the
 * player to move): each legal action has an index in range, no two share
 * one, and the index maps back (kt_index_action_as); now and then every
 * index of the space is tried for a pending player and exactly the legal
 * ones are accepted.  Observations have one length, finite values, and do
 * not change with what their player cannot see (determinization; another
 * player's sealed bid, in progress or committed).  The hooks allocate
 * nothing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/games/fwm/learn.h"
#include "fwm_helpers.h"


/* The encoder itself, handed zeros as the core does (game.h: an encoder
 * writes only what is not zero). */
static void enc_vector(const kt_game *g, const kt_state *s, int p, float *out)
{
    memset(out, 0, sizeof *out * (size_t)fwm_obs_size(g));
    fwm_obs_vector(g, s, p, out);
}

static uint64_t fl_next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static int fl_popcount(uint32_t v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

/* The k-th (0-based) member of a bit set. */
static int fl_nth(uint32_t set, int k)
{
    for (int p = 0; p < 32; p++)
        if (((set >> p) & 1u) && k-- == 0)
            return p;
    return -1;
}

typedef struct fl_stats {
    long positions, answers, simultaneous, off_turn, full_masks, obs_checks, bid_swaps;
} fl_stats;

/* Pending player p's legal actions: distinct indices in range, mapped back. */
static int check_player(kt_t *T, const kt_game *g, const kt_state *s, int p, uint8_t *seen,
                        int space, const char *where)
{
    kt_action legal[KT_LEGAL_MAX];
    int n = kt_legal_as(g, s, p, legal, KT_LEGAL_MAX), bad = 0;
    if (n <= 0) {
        KT_FAIL("%s: pending player %d has no legal action", where, p);
        return -1;
    }
    int idx[KT_LEGAL_MAX];
    int m = kt_legal_indices_as(g, s, p, idx, KT_LEGAL_MAX);
    if (m != n) {
        KT_FAIL("%s: %d legal indices for %d legal actions of player %d", where, m, n, p);
        return -1;
    }
    for (int i = 0; i < n && bad < 3; i++) {
        char text[160];
        kt_action_text_as(g, s, p, legal[i], KT_OMNISCIENT, KT_LANG_EN, text, sizeof text);
        int k = kt_action_index_as(g, s, p, legal[i]);
        if (k < 0 || k >= space || k != idx[i]) {
            KT_FAIL("%s: player %d's '%s' has index %d (list %d) outside 0..%d", where, p, text,
                    k, idx[i], space - 1);
            bad++;
            continue;
        }
        if (seen[k]) {
            KT_FAIL("%s: player %d: index %d of '%s' is shared", where, p, k, text);
            bad++;
        }
        seen[k] = 1;
        kt_action back = 0;
        kt_err err = {0};
        if (kt_index_action_as(g, s, p, k, &back, &err) != KT_OK || back != legal[i]) {
            KT_FAIL("%s: player %d: index %d of '%s' maps back to %08x (%s)", where, p, k,
                    text, back, err.msg);
            bad++;
        }
    }
    return bad ? -1 : n;
}

/* Every index of the space for pending player p: accepted exactly when seen. */
static void check_full_mask(kt_t *T, const kt_game *g, const kt_state *s, int p,
                            const uint8_t *seen, int space, const char *where)
{
    int wrong = 0;
    for (int k = 0; k < space; k++) {
        kt_action a;
        kt_status st = kt_index_action_as(g, s, p, k, &a, NULL);
        if ((st == KT_OK) != (seen[k] != 0) && wrong++ < 3)
            KT_FAIL("%s: player %d: index %d is %s but %s in the legal list", where, p, k,
                    st == KT_OK ? "accepted" : "refused", seen[k] ? "is" : "is not");
    }
    KT_CHECK(wrong == 0);
}

static int vec_diff(const float *a, const float *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i])
            return i;
    return -1;
}

/* A sealed bid of q changed on a copy (another quantity and price, or other
 * an unfinished one): no other player's vector may change. */
static void swap_bid(kt_t *T, const kt_game *g, const kt_state *s, kt_state *tmp, int q,
                     float *o1, float *o2, uint64_t *rnd, const char *where)
{
    kt_state_copy(g, tmp, s);
    fwm_player *pl = &((fwm_state *)tmp)->pl[q];
    const fwm_auc *u = &((const fwm_state *)s)->auc;
    pl->bqty = (uint8_t)(fl_next(rnd) % ((uint64_t)u->qmax[q] + 1));
    pl->bprice = u->lo + 20 * (int32_t)(fl_next(rnd) % 40);
    for (int p = KT_SPECTATOR; p < kt_game_players(g); p++) {
        if (p == q)
            continue;
        enc_vector(g, s, p, o1);
        enc_vector(g, tmp, p, o2);
        int at = vec_diff(o1, o2, fwm_obs_size(g));
        if (at >= 0) {
            KT_FAIL("%s: player %d's vector shows player %d's sealed bid (field %d)", where, p,
                    q, at);
            return;
        }
    }
}

/* Observations of every player: length, finite, blind to hidden information. */
static void check_obs(kt_t *T, const kt_game *g, const kt_state *s, kt_state *tmp, float *o1,
                      float *o2, uint64_t *rnd, fl_stats *st, const char *where)
{
    int np = kt_game_players(g), size = kt_obs_size(g);
    for (int p = KT_SPECTATOR; p < np; p++) {
        if (kt_obs_vector(g, s, p, o1, size) != size) {
            KT_FAIL("%s: kt_obs_vector for %d did not give %d floats", where, p, size);
            return;
        }
        for (int i = 0; i < size; i++)
            if (!isfinite(o1[i])) {
                KT_FAIL("%s: observation of %d has a non-finite value at %d", where, p, i);
                return;
            }
        enc_vector(g, s, p, o1);
        for (int k = 0; k < 2; k++) {
            int as = p >= 0 && k == 0 ? p : (int)(fl_next(rnd) % (uint64_t)np);
            if (p >= 0 && k == 1 && as != p)
                continue; /* determinized for another player: p's own bid may change */
            kt_determinize(g, s, as, fl_next(rnd), tmp);
            enc_vector(g, tmp, p, o2);
            int at = vec_diff(o1, o2, size);
            if (at >= 0) {
                KT_FAIL("%s: observation of %d changes with what it cannot see (field %d: %g "
                        "vs %g)", where, p, at, (double)o1[at], (double)o2[at]);
                return;
            }
        }
    }
    const fwm_state *fs = (const fwm_state *)s;
    if (fs->stage == FS_BID && s->h.status == KT_RUNNING)
        for (int q = 0; q < np; q++)
            if ((fs->auc.ent >> q) & 1u) {
                swap_bid(T, g, s, tmp, q, o1, o2, rnd, where);
                st->bid_swaps++;
            }
    st->obs_checks++;
}

static void learn_games(kt_t *T, const char *opts, int np, int games, fl_stats *st)
{
    kt_err err;
    kt_game *g = NULL;
    if (!KT_OKS(kt_game_new("fwm", opts, np, 11 + (uint64_t)np, NULL, &g, &err), &err))
        return;
    int space = kt_action_space(g), size = kt_obs_size(g);
    KT_REQUIRE(space == fwm_action_space(g) && size == fwm_obs_size(g));
    kt_state *s = kt_state_new(g), *tmp = kt_state_new(g);
    uint8_t *seen = calloc((size_t)space, 1);
    float *o1 = malloc(sizeof *o1 * (size_t)size), *o2 = malloc(sizeof *o2 * (size_t)size);
    KT_REQUIRE(s && tmp && seen && o1 && o2);
    uint64_t rnd = (uint64_t)0x2545f4914f6cdd1dULL ^ (uint64_t)np;
    char where[160];
    for (int gi = 0; gi < games && !T->failures; gi++) {
        kt_state_init_seed(g, s, 501 + (uint64_t)gi * 7919 + (uint64_t)np);
        for (long k = 0; k < 4000 && !kt_is_over(g, s) && !T->failures; k++) {
            snprintf(where, sizeof where, "fwm [%s] %dp game %d action %ld", opts, np, gi, k);
            uint32_t pend = kt_pending(g, s);
            int npend = fl_popcount(pend);
            KT_REQUIRE(npend > 0);
            st->simultaneous += npend > 1;
            for (int i = 0; i < npend && !T->failures; i++) {
                int p = fl_nth(pend, i);
                memset(seen, 0, (size_t)space);
                if (check_player(T, g, s, p, seen, space, where) < 0)
                    break;
                st->off_turn += p != kt_to_move(g, s);
                if ((p != kt_to_move(g, s) || fl_next(&rnd) % 50 == 0) && st->full_masks < 60 &&
                    fl_next(&rnd) % 8 == 0) {
                    check_full_mask(T, g, s, p, seen, space, where);
                    st->full_masks++;
                }
            }
            st->positions++;
            if (fl_next(&rnd) % 13 == 0 || (npend > 1 && fl_next(&rnd) % 3 == 0))
                check_obs(T, g, s, tmp, o1, o2, &rnd, st, where);
            /* a random pending player answers with a random legal action */
            int p = fl_nth(pend, (int)(fl_next(&rnd) % (uint64_t)npend));
            kt_action legal[KT_LEGAL_MAX];
            int n = kt_legal_as(g, s, p, legal, KT_LEGAL_MAX);
            KT_REQUIRE(n > 0);
            KT_OKS(kt_apply_as(g, s, p, legal[fl_next(&rnd) % (uint64_t)n], &err), &err);
            st->answers++;
        }
        if (kt_is_over(g, s))
            check_obs(T, g, s, tmp, o1, o2, &rnd, st, "end of game");
    }
    free(o1);
    free(o2);
    free(seen);
    kt_state_free(g, tmp);
    kt_state_free(g, s);
    kt_game_free(g);
}

KT_TEST(fwm_learn_index_round_trip_for_every_pending_player)
{
    static const struct {
        const char *opts;
        int np;
    } cfgs[] = {{"mode=trading", 2}, {"mode=trading", 5}, {"mode=nobility", 3},
                {"mode=nobility", 6}, {"mode=manor", 4}, {"mode=full", 2}, {"mode=full", 6}};
    fl_stats st = {0};
    int games = kt_t_scaled(2);
    for (size_t i = 0; i < sizeof cfgs / sizeof cfgs[0] && !T->failures; i++)
        learn_games(T, cfgs[i].opts, cfgs[i].np, games, &st);
    printf("  fwm: %ld positions, %ld answers, %ld with several pending, %ld off-turn players, "
           "%ld full masks, %ld observation checks, %ld bid swaps\n",
           st.positions, st.answers, st.simultaneous, st.off_turn, st.full_masks, st.obs_checks,
           st.bid_swaps);
    /* the checks ran, on sealed bids too */
    KT_CHECK(st.positions > 2000);
    KT_CHECK(st.simultaneous > 100);
    KT_CHECK(st.off_turn > 100);
    KT_CHECK(st.full_masks > 10);
    KT_CHECK(st.obs_checks > 100);
    KT_CHECK(st.bid_swaps > 50);
}

/* N09 (Antwerp buys up to 3 spice): players 1-3 have spice there; the
 * bidding is open after the round's end. */
static kt_scn fl_bidding(kt_t *T)
{
    kt_scn c = fwm_scn(T, NULL, 3,
                       "{\"state\":{\"open\":[{\"card\":\"N09\",\"due\":1,\"seq\":1}],\"seq\":1,"
                       "\"deck\":[\"N01\",\"N02\",\"N03\",\"N05\"],\"where\":{\"N09\":\"open\","
                       "\"N01\":\"deck\",\"N02\":\"deck\",\"N03\":\"deck\",\"N05\":\"deck\"},"
                       "\"known\":{\"N09\":1},\"players\":{"
                       "\"0\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":2},\"stamp\":4}}},"
                       "\"1\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":3},\"stamp\":5}}},"
                       "\"2\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":1},\"stamp\":6}}}}}}");
    if (c.s)
        fwm_end_round(T, &c);
    return c;
}

KT_TEST(fwm_learn_observation_hides_a_committed_bid_until_the_reveal)
{
    kt_scn a = fl_bidding(T), b = fl_bidding(T);
    KT_REQUIRE(a.s && b.s);
    KT_EQ(kt_pending(a.g, a.s), 7);
    /* player 2 (seat 1) answers first, off turn: its bid differs in the worlds */
    BID(&a, 1, 3, 1100);
    BID(&b, 1, 1, 940);
    KT_EQ(kt_to_move(a.g, a.s), 0);
    int size = kt_obs_size(a.g);
    float *va = malloc(sizeof *va * (size_t)size), *vb = malloc(sizeof *vb * (size_t)size);
    KT_REQUIRE(va && vb);
    for (int p = KT_SPECTATOR; p < 3; p++) {
        KT_EQ(kt_obs_vector(a.g, a.s, p, va, size), size);
        KT_EQ(kt_obs_vector(b.g, b.s, p, vb, size), size);
        if (p == 1)
            KT_CHECK(vec_diff(va, vb, size) >= 0); /* the bidder sees its own bid */
        else
            KT_EQ(vec_diff(va, vb, size), -1);
        enc_vector(a.g, a.s, p, va); /* the encoder itself, on the true states */
        enc_vector(b.g, b.s, p, vb);
        if (p != 1)
            KT_EQ(vec_diff(va, vb, size), -1);
    }
    /* the others answer; after the reveal the bids are public */
    BID(&a, 0, 0, 0);
    BID(&b, 0, 0, 0);
    BID(&a, 2, 0, 0);
    BID(&b, 2, 0, 0);
    KT_CHECK(S(&a)->stage != FS_BID);
    KT_EQ(kt_obs_vector(a.g, a.s, 0, va, size), size);
    KT_EQ(kt_obs_vector(b.g, b.s, 0, vb, size), size);
    KT_CHECK(vec_diff(va, vb, size) >= 0);
    free(va);
    free(vb);
    kt_scn_free(&a);
    kt_scn_free(&b);
}

KT_TEST(fwm_learn_layout_keeps_its_documented_indices)
{
    kt_game *g = NULL;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("fwm", NULL, 4, 1, NULL, &g, &err), &err));
    KT_EQ(kt_action_space(g), 4650);
    KT_EQ(kt_obs_size(g), 5226);
    kt_state *s = kt_state_new(g);
    static const struct {
        kt_action a;
        int index;
    } fixed[] = {
        {FWM_ACT(A_HOME, 0, 0, 2), 2},      {FWM_BID(0, 0), 3},
        {FWM_BID(1, 0), 598},               {FWM_BID(1, 499), 1097},
        {FWM_BID(2, 7), 1105},              {FWM_BID(8, 499), 4597},
        {FWM_ACT(A_PRICE, 0, 1, 0), 13},
        {FWM_ACT(A_PRICE, 0, 1, 69), 82},   {FWM_ACT(A_PRICE, 0, 2, 9), 122},
        {FWM_ACT(A_PRICE, 0, 3, 4), 127},   {FWM_ACT(A_SELL, 0, 0, 3), 131},
        {FWM_ACT(A_SELL, 0, 3, 2), 142},    {FWM_ACT(A_XFER, 3, 0, 1), 144 + 36 + 1},
        {FWM_ACT(A_TRADE, 0, 0, 0), 4598}, {FWM_ACT(A_TRADE, 5, 1, 3), 4645},
        {FWM_ACT(A_TGOOD, 0, 0, 0), 4646},  {FWM_ACT(A_TGOOD, 0, 0, 3), 4649},
        {FWM_ACT(A_STEP, 0, 2, 95), 527},
        {FWM_ACT(A_GO, 0, 0, 0), 528},      {FWM_ACT(A_DECLINE, 0, 0, 0), 537},
        {FWM_ACT(A_FIRE, 0, 0, 2), 540},    {FWM_ACT(A_DISCOUNT, 0, 0, 3), 544},
        {FWM_ACT(A_AREA, 0, 0, 31), 576},   {FWM_ACT(A_LOSE, 0, 0, 2), 579},
        {FWM_ACT(A_PAYTO, 0, 0, 5), 585},   {FWM_ACT(A_PASSTO, 0, 0, 0), 586},
        {FWM_ACT(A_BET, 0, 0, 1), 592},     {FWM_ACT(A_BET, 0, 0, 6), 597},
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (!KT_EQ(fwm_action_index(g, s, fixed[i].a), fixed[i].index))
            KT_FAIL("entry %zu", i);
    /* codes outside the ranges have no index */
    KT_EQ(fwm_action_index(g, s, FWM_ACT(A_SELL, 0, 1, 3)), -1);
    KT_EQ(fwm_action_index(g, s, FWM_ACT(A_BET, 0, 0, 0)), -1);
    KT_EQ(fwm_action_index(g, s, FWM_ACT(A_PRICE, 0, 4, 0)), -1);
    KT_EQ(fwm_action_index(g, s, FWM_ACT(A_TRADE, 6, 0, 0)), -1);
    KT_EQ(fwm_action_index(g, s, FWM_ACT(A_TGOOD, 0, 0, 4)), -1);
    KT_EQ(fwm_action_index(g, s, FWM_BID(9, 0)), -1);
    KT_EQ(fwm_action_index(g, s, FWM_BID(0, 1)), -1); /* a pass names no price */
    KT_EQ(fwm_action_index(g, s, FWM_BID(1, 500)), -1);
    KT_EQ(fwm_action_index(g, s, FWM_ACT(A_NKINDS, 0, 0, 0)), -1);
    KT_EQ(fwm_action_index(g, s, 0), -1);
    kt_state_free(g, s);
    kt_game_free(g);
}

typedef struct fl_count {
    long calls;
} fl_count;

static void *fl_alloc(void *ud, void *p, size_t osize, size_t nsize)
{
    (void)osize;
    ((fl_count *)ud)->calls++;
    if (!nsize) {
        free(p);
        return NULL;
    }
    return realloc(p, nsize);
}

KT_TEST(fwm_learn_hooks_do_not_allocate)
{
    fl_count cnt = {0};
    kt_allocator al = {fl_alloc, &cnt};
    kt_game *g = NULL;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("fwm", "mode=full", 3, 5, &al, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    KT_REQUIRE(s);
    const kt_gamedef *d = g->def;
    float *o = malloc(sizeof *o * (size_t)d->obs_size(g));
    KT_REQUIRE(o);
    kt_action legal[KT_LEGAL_MAX];
    long before = cnt.calls, hooks = 0;
    uint64_t rnd = 12345;
    for (int k = 0; k < 3000 && s->h.status == KT_RUNNING; k++) {
        int n = d->legal(g, s, legal);
        for (int i = 0; i < n; i++) {
            int idx = d->action_index(g, s, legal[i]);
            hooks += d->index_action(g, s, idx) == legal[i];
        }
        for (int p = KT_SPECTATOR; p < 3; p++)
            d->obs_vector(g, s, p, o);
        d->apply(g, s, legal[fl_next(&rnd) % (uint64_t)n]);
    }
    KT_EQ(cnt.calls, before);
    KT_CHECK(hooks > 1000);
    free(o);
    kt_state_free(g, s);
    kt_game_free(g);
}

KT_TEST(fwm_learn_as_calls_refuse_a_player_without_a_decision)
{
    kt_game *g = NULL;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("fwm", NULL, 3, 2, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    KT_REQUIRE(s);
    /* the start: only the start player chooses a home city */
    int p = kt_to_move(g, s), q = (p + 1) % 3;
    KT_EQ(kt_pending(g, s), 1u << p);
    int idx[8];
    KT_EQ(kt_legal_indices_as(g, s, q, idx, 8), 0);
    KT_EQ(kt_legal_indices_as(g, s, 7, idx, 8), -1); /* no player: refused */
    KT_EQ(kt_legal_indices_as(g, s, p, idx, 8), 3);
    KT_EQ(kt_action_index_as(g, s, q, FWM_ACT(A_HOME, 0, 0, 0)), -1);
    KT_EQ(kt_action_index_as(g, s, p, FWM_ACT(A_HOME, 0, 0, 1)), 1);
    kt_action a = 0;
    KT_EQ(kt_index_action_as(g, s, q, 0, &a, &err), KT_EILLEGAL);
    KT_EQ(kt_index_action_as(g, s, -3, 0, &a, &err), KT_EINVAL); /* no player */
    KT_EQ(kt_index_action_as(g, s, p, 3, &a, &err), KT_EILLEGAL); /* a pass: not now */
    KT_EQ(kt_index_action_as(g, s, p, 4650, &a, &err), KT_EINVAL);
    KT_EQ(a, 0);
    KT_EQ(kt_index_action_as(g, s, p, 2, &a, &err), KT_OK);
    KT_EQ(a, FWM_ACT(A_HOME, 0, 0, 2));
    kt_state_free(g, s);
    kt_game_free(g);
}

/* The vector environment's row with a memo (game.h: obs_vector_marked) is
 * handed from observer to observer on one position where a manor is held:
 * the card's holder cells are relative to the observer, so a row whose
 * cards the memo says are current must be made anew for another seat.
 * After each call the row, its marked cells cleared the way the vector
 * environment does, must equal the observation made on zeros. */
static int memo_row_matches(kt_t *T, kt_scn *c, int player, float *row, uint32_t *marks,
                            int *nmarks, uint8_t *memo)
{
    int o = fwm_obs_size(c->g), cap = o / 2 + 16;
    float *fresh = malloc(sizeof *fresh * (size_t)o);
    if (!KT_CHECK(fresh != NULL))
        return 0;
    enc_vector(c->g, c->s, player, fresh);
    for (int i = 0; i < *nmarks; i++)
        memset(row + (marks[i] & 0xffff), 0, sizeof *row * (marks[i] >> 16));
    *nmarks = fwm_obs_vector_marked(c->g, c->s, player, row, marks, cap, memo);
    int bad = -1;
    for (int i = 0; i < o && bad < 0; i++)
        if (memcmp(&row[i], &fresh[i], sizeof *row))
            bad = i;
    if (bad >= 0)
        KT_FAIL("observer %d: cell %d is %g, not %g", player, bad, (double)row[bad],
                (double)fresh[bad]);
    free(fresh);
    return bad < 0;
}

KT_TEST(fwm_learn_memo_row_follows_a_new_observer_of_a_held_manor)
{
    kt_scn c = fwm_scn(T, "mode=full", 3, "{\"state\":{\"hold\":{\"H03\":1},"
                                          "\"where\":{\"H03\":\"held\"},\"known\":{\"H03\":1},"
                                          "\"players\":{\"1\":{\"track\":8,\"noble\":1,\"manors\":1}}}}");
    KT_REQUIRE(c.s);
    int o = fwm_obs_size(c.g), nmarks = 0;
    float *row = calloc((size_t)o, sizeof *row);
    uint32_t *marks = malloc(sizeof *marks * (size_t)(o / 2 + 16));
    uint8_t memo[KT_OBS_MEMO] = {0};
    KT_REQUIRE(row && marks);
    /* the holder cell of H03 moves with the observer: seat 1 is "me" (0)
     * to player 1 and "next" (1) to player 0 */
    int h03 = fwm_cd(&c, "H03"), seen = 0;
    KT_REQUIRE(h03 >= 0);
    const int order[] = {0, 1, 2, KT_SPECTATOR, 1, 1, 0};
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
        if (!memo_row_matches(T, &c, order[k], row, marks, &nmarks, memo))
            break;
        seen += order[k] >= 0; /* the row was checked for a seat */
    }
    KT_EQ(seen, 6);
    free(row), free(marks);
    kt_scn_free(&c);
}

/* A move's passage fees shown in the area block (which a memo keeps while
 * its key is unchanged): the same position in the middle of a move with
 * its one fee due in Franken and, changed by hand, in Saxony (players 1
 * and 2 hold free passage in both; the check accepts both).  One row with
 * its memo goes from one to the other and back, and must show each
 * position's fee area; the random walks and changed bytes of
 * core_vector_memo_rows_survive_jumps_between_any_positions do not pair
 * two such positions. */
KT_TEST(fwm_learn_memo_row_shows_a_moves_new_fee_area)
{
    kt_scn c = fwm_scn(T, "mode=nobility", 3,
                       "{\"state\":{\"players\":{\"0\":{\"cubes\":[\"franken\",\"sachsen\"]},"
                       "\"1\":{\"cubes\":[\"franken\",\"sachsen\"]},"
                       "\"2\":{\"money\":1000,\"merchants\":{\"A\":{\"at\":\"AUG\",\"stamp\":3}}}}}}");
    KT_REQUIRE(c.s);
    AS(&c, 2, "A to Donauwörth");
    AS(&c, 2, "A to Nuremberg"); /* Franken */
    AS(&c, 2, "go");
    KT_REQUIRE(!strcmp(kt_decision(c.g, c.s), "passage_fee"));
    int franken = C(&c)->sp[fwm_sp(&c, "NUR")].area, sachsen = C(&c)->sp[fwm_sp(&c, "LEI")].area;
    KT_REQUIRE(S(&c)->x_nfee == 1 && S(&c)->x_fee[0] == franken && sachsen != franken);
    kt_state *other = kt_state_new(c.g);
    KT_REQUIRE(other);
    kt_state_copy(c.g, other, c.s);
    ((fwm_state *)other)->x_fee[0] = (uint8_t)sachsen;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_check(c.g, other, &err), &err));
    int o = fwm_obs_size(c.g), nmarks = 0;
    float *row = calloc((size_t)o, sizeof *row);
    uint32_t *marks = malloc(sizeof *marks * (size_t)(o / 2 + 16));
    uint8_t memo[KT_OBS_MEMO] = {0};
    KT_REQUIRE(row && marks);
    kt_scn b = c;
    b.s = other;
    int ok = 1;
    for (int k = 0; k < 4 && ok; k++)
        ok = memo_row_matches(T, k % 2 ? &b : &c, 2, row, marks, &nmarks, memo);
    KT_CHECK(ok);
    free(row), free(marks);
    kt_state_free(c.g, other);
    kt_scn_free(&c);
}
