/*
 * test_geometry.c - the board tables (data.c) against a recomputation from
 * axial hex coordinates, and the layouts.
 */
#include <stdlib.h>
#include <string.h>

#include "catan_test.h"

/* corners of axial hex (q, r) as (x, y): N NE SE S SW NW */
static void corners(int q, int r, int out[6][2])
{
    int x = 2 * q + r, y = 3 * r;
    int d[6][2] = {{0, -2}, {1, -1}, {1, 1}, {0, 2}, {-1, 1}, {-1, -1}};
    for (int i = 0; i < 6; i++) {
        out[i][0] = x + d[i][0];
        out[i][1] = y + d[i][1];
    }
}

static int vertex_at(int x, int y)
{
    for (int v = 0; v < CAT_NV; v++)
        if (cat_v_xy[v][0] == x && cat_v_xy[v][1] == y)
            return v;
    return -1;
}

KT_TEST(catan_geometry_tables_match_recomputation)
{
    /* hexes: rows r = -2..2 with q from max(-2, -2-r) to min(2, 2-r) */
    int h = 0;
    for (int r = -2; r <= 2; r++)
        for (int q = (r < 0 ? -2 - r : -2); q <= (r > 0 ? 2 - r : 2); q++, h++) {
            KT_EQ(cat_hex_qr[h][0], q);
            KT_EQ(cat_hex_qr[h][1], r);
            int c[6][2];
            corners(q, r, c);
            for (int i = 0; i < 6; i++)
                KT_EQ(cat_hex_v[h][i], vertex_at(c[i][0], c[i][1]));
        }
    KT_EQ(h, CAT_NH);
    /* vertices in reading order, all distinct */
    for (int v = 1; v < CAT_NV; v++)
        KT_CHECK(cat_v_xy[v][1] > cat_v_xy[v - 1][1] ||
                 (cat_v_xy[v][1] == cat_v_xy[v - 1][1] && cat_v_xy[v][0] > cat_v_xy[v - 1][0]));
    /* edges = consecutive corners of some hex; 72 distinct, sorted */
    int seen[CAT_NE] = {0}, nedges = 0;
    for (int hh = 0; hh < CAT_NH; hh++)
        for (int i = 0; i < 6; i++) {
            int a = cat_hex_v[hh][i], b = cat_hex_v[hh][(i + 1) % 6];
            int e = cat_edge_of(a < b ? a : b, a < b ? b : a);
            KT_REQUIRE(e >= 0);
            if (!seen[e]++)
                nedges++;
        }
    KT_EQ(nedges, CAT_NE);
    for (int e = 0; e < CAT_NE; e++) {
        KT_CHECK(cat_e_v[e][0] < cat_e_v[e][1]);
        if (e)
            KT_CHECK(cat_e_v[e][0] > cat_e_v[e - 1][0] ||
                     (cat_e_v[e][0] == cat_e_v[e - 1][0] && cat_e_v[e][1] > cat_e_v[e - 1][1]));
    }
    /* adjacency, incident edges, hexes per vertex and the masks agree */
    for (int v = 0; v < CAT_NV; v++) {
        uint64_t nb = 0, em[2] = {0, 0};
        int deg = 0;
        for (int e = 0; e < CAT_NE; e++)
            if (cat_e_v[e][0] == v || cat_e_v[e][1] == v) {
                int w = cat_e_v[e][0] == v ? cat_e_v[e][1] : cat_e_v[e][0];
                KT_CHECK(cat_v_adj[v][deg] == w && cat_v_edge[v][deg] == e);
                nb |= 1ULL << w;
                em[e >> 6] |= 1ULL << (e & 63);
                deg++;
            }
        KT_CHECK(deg == 2 || deg == 3);
        KT_EQ(cat_v_nbrmask[v], nb);
        KT_EQ(cat_v_emask[v][0], em[0]);
        KT_EQ(cat_v_emask[v][1], em[1]);
        int nh = 0;
        for (int hh = 0; hh < CAT_NH; hh++)
            for (int i = 0; i < 6; i++)
                if (cat_hex_v[hh][i] == v)
                    KT_EQ(cat_v_hex[v][nh++], hh);
        KT_CHECK(nh >= 1 && nh <= 3);
    }
    for (int hh = 0; hh < CAT_NH; hh++) {
        uint64_t m = 0;
        for (int i = 0; i < 6; i++)
            m |= 1ULL << cat_hex_v[hh][i];
        KT_EQ(cat_hex_vmask[hh], m);
        /* neighbouring hexes share exactly one edge (two vertices) */
        for (int o = 0; o < CAT_NH; o++) {
            int shared = __builtin_popcountll(cat_hex_vmask[hh] & cat_hex_vmask[o]);
            int listed = 0;
            for (int i = 0; i < 6; i++)
                listed |= cat_hex_adj[hh][i] == o;
            KT_EQ(listed, o != hh && shared == 2);
        }
    }
}

KT_TEST(catan_geometry_coast_and_harbours)
{
    int coast = 0, used[CAT_NV] = {0};
    for (int e = 0; e < CAT_NE; e++) {
        int hexes = 0;
        for (int h = 0; h < CAT_NH; h++)
            hexes += (cat_hex_vmask[h] >> cat_e_v[e][0] & 1) && (cat_hex_vmask[h] >> cat_e_v[e][1] & 1);
        KT_CHECK(hexes == 1 || hexes == 2);
        coast += hexes == 1;
    }
    KT_EQ(coast, 30);
    for (int i = 0; i < CAT_NPORT; i++) {
        int a = cat_port_v[i][0], b = cat_port_v[i][1];
        int e = cat_edge_of(a, b);
        KT_REQUIRE(e >= 0);
        int hexes = 0;
        for (int h = 0; h < CAT_NH; h++)
            hexes += (cat_hex_vmask[h] >> a & 1) && (cat_hex_vmask[h] >> b & 1);
        KT_EQ(hexes, 1); /* on the coast */
        KT_EQ(used[a]++, 0);
        KT_EQ(used[b]++, 0);
    }
    /* an ASCII map is readable: hex letters and vertex numbers appear */
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("catan", "layout=beginner", 4, 1, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    char *r = kt_render(g, s, 0, KT_LANG_EN);
    KT_CHECK(r && strstr(r, "mountains") && strstr(r, "53") && strstr(r, " S") && strstr(r, "2:1 ore"));
    kt_free(r);
    r = kt_render(g, s, 0, KT_LANG_DE);
    KT_CHECK(r && strstr(r, "Gebirge") && strstr(r, ">Spieler 1"));
    kt_free(r);
    kt_state_free(g, s);
    kt_game_free(g);
}

KT_TEST(catan_geometry_beginner_layout_matches_reference)
{
    /* [R 1.2] rows: Mountains 10, Pasture 2, Forest 9 / Fields 12, Hills 6,
     * Pasture 4, Hills 10 / Fields 9, Forest 11, Desert, Forest 3,
     * Mountains 8 / Forest 8, Mountains 3, Fields 4, Pasture 5 / Hills 5,
     * Fields 6, Pasture 11 */
    static const char *t = "MPFfHPHfFDFMFMfPHfP";
    static const int num[19] = {10, 2, 9, 12, 6, 4, 10, 9, 11, 0, 3, 8, 8, 3, 4, 5, 5, 6, 11};
    kt_scn c = cat_scn_raw(T, "", 4, NULL);
    KT_REQUIRE(c.s);
    for (int h = 0; h < CAT_NH; h++) {
        int want = t[h] == 'M' ? T_MOUNTAINS : t[h] == 'P' ? T_PASTURE : t[h] == 'F' ? T_FOREST
                 : t[h] == 'f' ? T_FIELDS : t[h] == 'H' ? T_HILLS : T_DESERT;
        KT_EQ(CS(&c)->terrain[h], want);
        KT_EQ(CS(&c)->number[h], num[h]);
    }
    KT_EQ(CS(&c)->robber, 9); /* the robber starts in the desert */
    KT_CHECK(cat_layout_ok(CS(&c)->terrain, CS(&c)->number));
    kt_scn_free(&c);
}

KT_TEST(catan_geometry_random_layouts_follow_the_rulebook)
{
    uint8_t t1[CAT_NH], n1[CAT_NH], p1[CAT_NPORT], t2[CAT_NH], n2[CAT_NH], p2[CAT_NPORT];
    int differ = 0;
    for (int seed = 0; seed < kt_t_scaled(300); seed++) {
        cat_make_layout(NULL, 0, (uint64_t)seed, t1, n1, p1);
        KT_REQUIRE(cat_layout_ok(t1, n1));
        /* no 6 or 8 next to another 6 or 8 */
        for (int h = 0; h < CAT_NH; h++)
            for (int i = 0; i < 6; i++) {
                int o = cat_hex_adj[h][i];
                if (o >= 0 && (n1[h] == 6 || n1[h] == 8))
                    KT_CHECK(n1[o] != 6 && n1[o] != 8);
            }
        int pc[6] = {0};
        for (int i = 0; i < CAT_NPORT; i++)
            pc[p1[i]]++;
        for (int i = 0; i < 6; i++)
            KT_EQ(pc[i], cat_port_count[i]);
        /* same seed, same layout */
        cat_make_layout(NULL, 0, (uint64_t)seed, t2, n2, p2);
        KT_CHECK(!memcmp(t1, t2, CAT_NH) && !memcmp(n1, n2, CAT_NH) && !memcmp(p1, p2, CAT_NPORT));
        cat_make_layout(NULL, 0, (uint64_t)seed + 1000, t2, n2, p2);
        differ += memcmp(t1, t2, CAT_NH) != 0;
    }
    KT_CHECK(differ > kt_t_scaled(300) / 2);
}
