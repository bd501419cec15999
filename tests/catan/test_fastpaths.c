/*
 * test_fastpaths.c - the speed paths of the rules engine (issue 22) give
 * what the plain rules give: the table-built legal lists (trade
 * composition, discards, the robber, bank trades) equal lists made by
 * plain loops over the state, in the same order, and skipping the win
 * check after actions that change no points never leaves a won game
 * running (check() refuses "the turn player has won but the game goes on"
 * at every step).
 *
 * Data: random games of both variants from fixed seeds; the reference
 * lists are rebuilt here from the state fields with the rules as written
 * in the game's doc (no code shared with legal.c).
 */
#include <stdio.h>
#include <string.h>

#include "catan_test.h"

/* Trade composition: offer kind k while the hand has more than offered,
 * at most five cards a side, never a kind on both sides; ask any kind not
 * offered; send to everybody, then to each other seat, once both sides
 * hold a card; cancel last. */
static int ref_compose(const kt_game *g, const cat_state *s, int p, kt_action *out)
{
    int n = 0, nk = cat_cfg_of(g)->ck ? CAT_NKIND : CAT_NRES, ngive = 0, nget = 0;
    for (int k = 0; k < CAT_NKIND; k++) {
        ngive += s->tr_give[k];
        nget += s->tr_get[k];
    }
    for (int k = 0; k < nk; k++)
        if (ngive < 5 && s->pl[p].hand[k] > s->tr_give[k] && !s->tr_get[k])
            out[n++] = ACT(A_OFFER, k, 0, 0);
    for (int k = 0; k < nk; k++)
        if (nget < 5 && !s->tr_give[k])
            out[n++] = ACT(A_ASK, k, 0, 0);
    if (ngive && nget) {
        out[n++] = ACT(A_SEND, SEND_ALL, 0, 0);
        for (int q = 0; q < cat_np(g); q++)
            if (q != p)
                out[n++] = ACT(A_SEND, q, 0, 0);
    }
    out[n++] = ACT(A_CANCEL, 0, 0, 0);
    return n;
}

static int ref_discard(const cat_state *s, int p, kt_action *out)
{
    int n = 0;
    for (int k = 0; k < CAT_NKIND; k++)
        if (s->pl[p].hand[k])
            out[n++] = ACT(A_DISCARD, k, 0, 0);
    return n;
}

static int ref_robber(const cat_state *s, kt_action *out)
{
    int n = 0;
    for (int h = 0; h < CAT_NH; h++)
        if (h != s->robber)
            out[n++] = ACT(A_ROBBER, h, 0, 0);
    return n;
}

/* bank trades: give `rate` of kind k (the player's rate) for one card of
 * another kind the bank holds, k ascending, then the kind taken */
static int ref_bank(const kt_game *g, const cat_state *s, int p, kt_action *out)
{
    int n = 0, nk = cat_cfg_of(g)->ck ? CAT_NKIND : CAT_NRES, rates[CAT_NKIND];
    cat_bank_rates(g, s, p, rates);
    for (int k = 0; k < nk; k++) {
        if (s->pl[p].hand[k] < rates[k])
            continue;
        for (int y = 0; y < nk; y++)
            if (y != k && s->bank[y])
                out[n++] = ACT(A_BANK, k, y, rates[k]);
    }
    return n;
}

/* the A_BANK entries of a list, in order */
static int only_bank(const kt_action *in, int n, kt_action *out)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        if (ACT_K(in[i]) == A_BANK)
            out[m++] = in[i];
    return m;
}

static int same(kt_t *T, const char *what, long step, const kt_action *a, int na,
                const kt_action *b, int nb)
{
    if (na == nb && !memcmp(a, b, sizeof *a * (size_t)na))
        return 1;
    KT_FAIL("step %ld: %s list differs (%d entries, reference %d)", step, what, na, nb);
    return 0;
}

/* Plays `games` random games; returns the number of lists compared. */
static long soak(kt_t *T, const char *opts, int players, int games, uint64_t seed)
{
    kt_game *g;
    kt_err err;
    if (kt_game_new("catan", opts, players, seed, NULL, &g, &err) != KT_OK) {
        KT_FAIL("%s", err.msg);
        return 0;
    }
    kt_state *ks = kt_state_new(g);
    kt_rng r;
    kt_rng_seed(&r, seed);
    kt_action got[CAT_MAXLEGAL], ref[CAT_MAXLEGAL], a2[CAT_MAXLEGAL];
    long compared = 0, step = 0;
    int fails = 0;
    for (int gi = 0; gi < games && fails < 5; gi++) {
        kt_state_init_seed(g, ks, seed * 1000 + (uint64_t)gi);
        const cat_state *s = (const cat_state *)ks;
        while (!kt_is_over(g, ks) && fails < 5) {
            step++;
            int k = kt_legal(g, ks, got, CAT_MAXLEGAL), p = s->h.to_move, nr = -1;
            const char *what = NULL;
            switch (s->h.decision) {
            case F_TRADE_COMPOSE: nr = ref_compose(g, s, p, ref); what = "compose"; break;
            case F_DISCARD: nr = ref_discard(s, p, ref); what = "discard"; break;
            case F_ROBBER: nr = ref_robber(s, ref); what = "robber"; break;
            case F_MAIN: nr = ref_bank(g, s, p, ref); what = "bank trade"; break;
            default: break;
            }
            if (what) {
                int kk = s->h.decision == F_MAIN ? only_bank(got, k, a2) : k;
                fails += !same(T, what, step, s->h.decision == F_MAIN ? a2 : got, kk, ref, nr);
                compared++;
            }
            if (k <= 0) {
                KT_FAIL("step %ld: no legal action", step);
                fails++;
                break;
            }
            kt_apply_trusted(g, ks, got[kt_rng_below(&r, (uint32_t)k)]);
            if (kt_check(g, ks, &err) != KT_OK) {
                KT_FAIL("step %ld: %s", step, err.msg);
                fails++;
            }
        }
    }
    kt_state_free(g, ks);
    kt_game_free(g);
    return compared;
}

KT_TEST(catan_fast_legal_lists_equal_plain_lists_and_wins_end_games)
{
    long n = soak(T, "variant=base", 4, kt_t_scaled(40), 71);
    n += soak(T, "variant=base;vp=6", 3, kt_t_scaled(40), 72);
    n += soak(T, "variant=base;trade_cap=5", 4, kt_t_scaled(20), 73);
    n += soak(T, "", 4, kt_t_scaled(6), 74);
    n += soak(T, "fleet=named;vp=8", 3, kt_t_scaled(6), 75);
    printf("    %ld lists compared\n", n);
    KT_CHECK(n > 1000);
}
