/*
 * test_fastpaths.c - the speed paths of the rules engine (issue 22) give
 * what the plain rules give: the table-built legal lists (trade
 * composition, discards, the robber, bank trades, the base game's main
 * phase) equal lists made by plain loops over the state, in the same
 * order, and skipping the win
 * check after actions that change no points never leaves a won game
 * running (check() refuses "the turn player has won but the game goes on"
 * at every step), and the derived data cached in the state for speed (the
 * production per roll, what a trade being composed may offer and ask for)
 * equals a recomputation after every action.
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
    int n = 0, nk = cat_config(g)->ck ? CAT_NKIND : CAT_NRES, ngive = 0, nget = 0;
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
    int n = 0, nk = cat_config(g)->ck ? CAT_NKIND : CAT_NRES, rates[CAT_NKIND];
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

/* What each player gets for each roll 2..12 with the bank full: every
 * settlement 1 resource, every city 2 (C&K: 1 resource and 1 commodity on
 * forest, pasture and mountains), on each hex with that token except the
 * robber's. */
static void ref_prod(const kt_game *g, const cat_state *s, uint8_t out[13][CAT_MAXP][CAT_NKIND])
{
    static const int res[T_COUNT] = {-1, K_BRICK, K_LUMBER, K_WOOL, K_GRAIN, K_ORE};
    static const int com[T_COUNT] = {-1, -1, K_PAPER, K_CLOTH, -1, K_COIN};
    memset(out, 0, sizeof(uint8_t[13][CAT_MAXP][CAT_NKIND]));
    for (int h = 0; h < CAT_NH; h++) {
        int t = s->terrain[h], n = s->number[h];
        if (h == s->robber || res[t] < 0)
            continue;
        for (int i = 0; i < 6; i++) {
            int v = cat_hex_v[h][i], q = s->v_owner[v];
            if (s->v_piece[v] == VP_SETTLE) {
                out[n][q][res[t]]++;
            } else if (s->v_piece[v] == VP_CITY) {
                out[n][q][res[t]]++;
                out[n][q][cat_config(g)->ck && com[t] >= 0 ? com[t] : res[t]]++;
            }
        }
    }
}

/* The composition cache against the rules: while composing, the kinds
 * the proposer may offer and ask for next and the number of sends, else
 * zeros. */
static int same_compose(kt_t *T, const kt_game *g, const cat_state *s, long step)
{
    int offer = 0, ask = 0, nsend = 0;
    if (s->tr_state == 1) {
        kt_action l[CAT_MAXLEGAL];
        int n = ref_compose(g, s, s->h.turn_player, l);
        for (int i = 0; i < n; i++) {
            offer |= ACT_K(l[i]) == A_OFFER ? 1 << ACT_X(l[i]) : 0;
            ask |= ACT_K(l[i]) == A_ASK ? 1 << ACT_X(l[i]) : 0;
            nsend += ACT_K(l[i]) == A_SEND;
        }
    }
    if (s->tr_offer == offer && s->tr_ask == ask && s->tr_nsend == nsend)
        return 1;
    KT_FAIL("step %ld: composition cache offer %02x ask %02x sends %d, recomputed %02x %02x %d",
            step, s->tr_offer, s->tr_ask, s->tr_nsend, offer, ask, nsend);
    return 0;
}

/* the production cache against ref_prod */
static int same_prod(kt_t *T, const kt_game *g, const cat_state *s, long step)
{
    uint8_t ref[13][CAT_MAXP][CAT_NKIND];
    ref_prod(g, s, ref);
    for (int n = 2; n <= 12; n++)
        for (int q = 0; q < CAT_MAXP; q++)
            for (int k = 0; k < CAT_NKIND; k++)
                if ((s->prod[n - 2][q] >> 8 * k & 0xff) != ref[n][q][k]) {
                    KT_FAIL("step %ld: production cache for roll %d, player %d, kind %d: %d, "
                            "recomputed %d", step, n, q + 1, k,
                            (int)(s->prod[n - 2][q] >> 8 * k & 0xff), ref[n][q][k]);
                    return 0;
                }
    return 1;
}

/* May p build a road on edge e: free, and an end is p's building or is
 * touched by p's road without an opponent's piece on it. */
static int ref_road_ok(const cat_state *s, int p, int e)
{
    if (s->e_owner[e] >= 0)
        return 0;
    for (int i = 0; i < 2; i++) {
        int v = cat_e_v[e][i];
        if (s->v_owner[v] == p)
            return 1;
        if (s->v_piece[v] != VP_NONE)
            continue;
        for (int j = 0; j < 3; j++)
            if (cat_v_edge[v][j] >= 0 && s->e_owner[cat_v_edge[v][j]] == p)
                return 1;
    }
    return 0;
}

/* The base game's main phase: end turn; roads, settlements, cities when
 * affordable with pieces left; buying a development card; playing one
 * bought before this turn (not a VP card; Road Building needs a road
 * site, Year of Plenty a resource in the bank); bank trades; proposing a
 * trade. */
static int ref_main_base(const kt_game *g, const cat_state *s, int p, kt_action *out)
{
    const cat_player *pl = &s->pl[p];
    const uint8_t *h = pl->hand;
    int n = 0;
    out[n++] = ACT(A_END, 0, 0, 0);
    if (pl->n_road < 15 && h[K_BRICK] >= 1 && h[K_LUMBER] >= 1)
        for (int e = 0; e < CAT_NE; e++)
            if (ref_road_ok(s, p, e))
                out[n++] = ACT(A_ROAD, e, 0, 0);
    if (pl->n_settle < 5 && h[K_BRICK] && h[K_LUMBER] && h[K_WOOL] && h[K_GRAIN])
        for (int v = 0; v < CAT_NV; v++) {
            int ok = s->v_piece[v] == VP_NONE, road = 0;
            for (int j = 0; j < 3; j++) {
                int w = cat_v_adj[v][j], e = cat_v_edge[v][j];
                if (w >= 0 && (s->v_piece[w] == VP_SETTLE || s->v_piece[w] == VP_CITY))
                    ok = 0;
                if (e >= 0 && s->e_owner[e] == p)
                    road = 1;
            }
            if (ok && road)
                out[n++] = ACT(A_SETTLE, v, 0, 0);
        }
    if (h[K_GRAIN] >= 2 && h[K_ORE] >= 3 && pl->n_city < 4)
        for (int v = 0; v < CAT_NV; v++)
            if (s->v_owner[v] == p && s->v_piece[v] == VP_SETTLE)
                out[n++] = ACT(A_CITY, v, 0, 0);
    if (s->devdeck_n && h[K_WOOL] && h[K_GRAIN] && h[K_ORE])
        out[n++] = ACT(A_BUYDEV, 0, 0, 0);
    for (int d = 0; d < CAT_NDEV && !s->dev_played; d++) {
        int ok = d != DV_VP && pl->dev[d] > pl->dev_new[d];
        if (ok && d == DV_ROAD_BUILDING) {
            ok = 0;
            for (int e = 0; e < CAT_NE && pl->n_road < 15; e++)
                ok |= ref_road_ok(s, p, e);
        }
        if (ok && d == DV_PLENTY)
            ok = s->bank[0] || s->bank[1] || s->bank[2] || s->bank[3] || s->bank[4];
        if (ok)
            out[n++] = ACT(A_PLAYDEV, d, 0, 0);
    }
    n += ref_bank(g, s, p, out + n);
    if (s->proposals < cat_config(g)->trade_cap && pl->ncards)
        out[n++] = ACT(A_PROPOSE, 0, 0, 0);
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
            case F_MAIN:
                if (cat_config(g)->ck) {
                    nr = ref_bank(g, s, p, ref);
                    what = "bank trade";
                } else {
                    nr = ref_main_base(g, s, p, ref);
                    what = "main phase";
                }
                break;
            default: break;
            }
            if (what) {
                int bank = s->h.decision == F_MAIN && cat_config(g)->ck;
                int kk = bank ? only_bank(got, k, a2) : k;
                fails += !same(T, what, step, bank ? a2 : got, kk, ref, nr);
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
            fails += !same_prod(T, g, s, step) + !same_compose(T, g, s, step);
            compared++;
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
    printf("    %ld lists and caches compared\n", n);
    KT_CHECK(n > 1000);
}

#define J(...) #__VA_ARGS__
#define ROW(c, roll, p) (CS(c)->prod[(roll) - 2][p])
#define CARDS(k, n) ((uint64_t)(n) << 8 * (k))

/* The production cache follows the robber: a knight moves it from C
 * (forest 9) to G (hills 10); vertex 2 touches C only, vertex 10 C and G
 * (beginner map, see catan_test.h). */
KT_TEST(catan_production_cache_follows_the_robber)
{
    kt_scn c = cat_scn(T, "variant=base", 4, J({"state":{"robber":"C",
        "buildings":{"2":{"player":1,"kind":"settlement"},"10":{"player":2,"kind":"city"}},
        "dev_deck":["knight","knight","knight","knight","knight","knight","knight","knight",
            "knight","knight","knight","knight","knight","victory_point","victory_point",
            "victory_point","victory_point","victory_point","road_building","road_building",
            "year_of_plenty","year_of_plenty","monopoly","monopoly"],
        "players":{"0":{"dev":{"knight":1}}}}}));
    KT_REQUIRE(c.s);
    KT_EQ(ROW(&c, 9, 1), 0);
    KT_EQ(ROW(&c, 9, 2), 0);
    KT_EQ(ROW(&c, 10, 2), CARDS(K_BRICK, 2));
    KT_DO(&c, "play Knight");
    KT_DO(&c, "robber to G");
    KT_EQ(ROW(&c, 9, 1), CARDS(K_LUMBER, 1));
    KT_EQ(ROW(&c, 9, 2), CARDS(K_LUMBER, 2));
    KT_EQ(ROW(&c, 10, 2), 0);
    kt_scn_free(&c);
}

/* ... and the Inventor's tokens (C&K, where a city on forest yields lumber
 * and paper): C's 9 and K's 3 trade places while the robber sits on K. */
KT_TEST(catan_production_cache_follows_the_inventors_tokens)
{
    kt_scn c = cat_scn(T, "", 4, J({"state":{"attacks":1,"robber":"K",
        "buildings":{"2":{"player":1,"kind":"settlement"},"10":{"player":0,"kind":"city"}},
        "players":{"0":{"progress":["inventor"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_EQ(ROW(&c, 9, 0), CARDS(K_LUMBER, 1) | CARDS(K_PAPER, 1));
    KT_EQ(ROW(&c, 9, 1), CARDS(K_LUMBER, 1));
    KT_EQ(ROW(&c, 3, 0), 0);
    KT_EQ(ROW(&c, 10, 0), CARDS(K_BRICK, 2));
    KT_DO(&c, "play Inventor");
    KT_DO(&c, "token on K");
    KT_DO(&c, "swap with C");
    KT_EQ(ROW(&c, 3, 0), CARDS(K_LUMBER, 1) | CARDS(K_PAPER, 1));
    KT_EQ(ROW(&c, 3, 1), CARDS(K_LUMBER, 1));
    KT_EQ(ROW(&c, 9, 0), 0); /* K now carries the 9, under the robber */
    KT_EQ(ROW(&c, 9, 1), 0);
    KT_EQ(ROW(&c, 10, 0), CARDS(K_BRICK, 2));
    kt_scn_free(&c);
}

/* The loader rebuilds every cached field: states of random games (both
 * variants, in the middle of compositions, 7s and robber moves) saved and
 * loaded again are the same bytes. */
KT_TEST(catan_load_rebuilds_the_cached_fields)
{
    static const char *const opts[] = {"variant=base", ""};
    long compared = 0;
    for (int v = 0; v < 2; v++) {
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new("catan", opts[v], 4, 5, NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g), *t = kt_state_new(g);
        kt_rng r;
        kt_rng_seed(&r, 77);
        kt_action buf[CAT_MAXLEGAL];
        for (int gi = 0; gi < kt_t_scaled(6); gi++) {
            kt_state_init_seed(g, s, 9000 + (uint64_t)gi);
            for (long step = 0; !kt_is_over(g, s); step++) {
                if (step % 5 == 0) {
                    char *js = kt_state_json(g, s);
                    KT_REQUIRE(js);
                    KT_REQUIRE(KT_OKS(kt_state_load_json(g, js, t, &err), &err));
                    kt_free(js);
                    if (memcmp(s, t, sizeof(cat_state))) {
                        KT_FAIL("%s game %d step %ld: the loaded state differs", opts[v], gi, step);
                        gi = 1 << 20;
                        break;
                    }
                    compared++;
                }
                int k = kt_legal(g, s, buf, CAT_MAXLEGAL);
                kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)k)]);
            }
        }
        kt_state_free(g, s);
        kt_state_free(g, t);
        kt_game_free(g);
    }
    printf("    %ld states saved and loaded\n", compared);
    KT_CHECK(compared >= 100 * kt_t_scaled(6)); /* about 500 per game */
}
