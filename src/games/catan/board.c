/*
 * board.c - board bookkeeping: placing and removing pieces while keeping the
 * derived bit masks and counts of cat_state in step, longest road, knight
 * reachability along roads, candidate sites, harbour rates, and the seeded
 * layout generator.
 *
 * Data layout: vertices are bits 0..53 of a uint64_t; edges are bits
 * 0..71 of a uint64_t[2] (edge e is bit e & 63 of word e >> 6).  Per player
 * the state keeps bld (buildings), kn (knights), road (edges) and roadv
 * (vertices touched by the player's roads); occ is every occupied vertex and
 * blocked adds the neighbours of buildings (the distance rule).
 */
#include <string.h>

#include "catan.h"

int cat_edge_of(int a, int b)
{
    if (a < 0 || a >= CAT_NV)
        return -1;
    for (int i = 0; i < 3; i++)
        if (cat_v_adj[a][i] == b)
            return cat_v_edge[a][i];
    return -1;
}

void cat_update_blocked(cat_state *s)
{
    uint64_t b = s->occ;
    for (int p = 0; p < CAT_MAXP; p++) {
        uint64_t m = s->pl[p].bld;
        while (m) {
            int v = cat_ctz(m);
            m &= m - 1;
            b |= cat_v_nbrmask[v];
        }
    }
    s->blocked = b;
}

/* ------------------------------------------------------------ production */

/* What a settlement and a city on hex h yield, as card vectors, and the
 * row of prod that the hex's token pays on; *row < 0 for the desert, the
 * robber's hex or a hex without a valid token.  A settlement (also a city
 * on its side) yields one resource; a city two, or in C&K one resource and
 * one commodity on forest, pasture and mountains [R 1.6]. */
static inline uint64_t yield(const kt_game *g, const cat_state *s, int h, uint64_t *city,
                             int *row)
{
    int t = s->terrain[h], r = t < T_COUNT ? cat_terrain_res[t] : -1;
    *row = s->number[h] - 2;
    if (r < 0 || h == s->robber || *row < 0 || *row > 10 || *row == 5) {
        *row = -1;
        return 0;
    }
    uint64_t one = 1ULL << 8 * r;
    int c = cat_terrain_com[t];
    *city = cat_config(g)->ck && c >= 0 ? one | 1ULL << 8 * c : 2 * one;
    return one;
}

/* The piece on v enters (+1) or leaves (-1) the production of the hexes
 * around it. */
static void prod_vertex(const kt_game *g, cat_state *s, int v, int sign)
{
    int p = s->v_owner[v], piece = s->v_piece[v];
    if (piece != VP_SETTLE && piece != VP_CITY)
        return;
    for (int i = 0; i < 3; i++) {
        int h = cat_v_hex[v][i], row;
        uint64_t city;
        if (h < 0)
            continue;
        uint64_t y = yield(g, s, h, &city, &row);
        if (piece == VP_CITY)
            y = city;
        if (row >= 0)
            s->prod[row][p] += sign > 0 ? y : 0 - y;
    }
}

void cat_prod_hex(const kt_game *g, cat_state *s, int h, int sign)
{
    int row;
    uint64_t city, one = yield(g, s, h, &city, &row);
    if (row < 0)
        return;
    if (sign < 0) {
        one = 0 - one;
        city = 0 - city;
    }
    uint64_t *out = s->prod[row];
    for (uint64_t m = cat_hex_vmask[h] & s->occ; m; m &= m - 1) {
        int v = cat_ctz(m), piece = s->v_piece[v];
        out[s->v_owner[v]] += piece == VP_SETTLE ? one : piece == VP_CITY ? city : 0;
    }
}

/* The robber blocks the production of its hex: the old hex yields again,
 * the new one no longer. */
void cat_move_robber(const kt_game *g, cat_state *s, int h)
{
    int old = s->robber;
    s->robber = -1;
    if (old >= 0 && old < CAT_NH)
        cat_prod_hex(g, s, old, +1);
    if (h >= 0 && h < CAT_NH)
        cat_prod_hex(g, s, h, -1);
    s->robber = (int8_t)h;
}

/* Counts of one vertex's piece in its owner's tallies (+1 or -1). */
static void tally(const kt_game *g, cat_state *s, int v, int sign)
{
    int p = s->v_owner[v];
    cat_player *pl = &s->pl[p];
    uint64_t bit = 1ULL << v;
    int aux = s->v_aux[v];
    prod_vertex(g, s, v, sign);
    switch (s->v_piece[v]) {
    case VP_SETTLE:
        if (aux & AUX_SIDEWAYS)
            pl->n_sideways = (uint8_t)(pl->n_sideways + sign);
        else
            pl->n_settle = (uint8_t)(pl->n_settle + sign);
        break;
    case VP_CITY:
        pl->n_city = (uint8_t)(pl->n_city + sign);
        if (aux & AUX_WALL)
            pl->n_wall = (uint8_t)(pl->n_wall + sign);
        if (aux & AUX_METRO_MASK)
            pl->n_metro = (uint8_t)(pl->n_metro + sign);
        break;
    case VP_KNIGHT:
        pl->n_knight[aux & KN_LEVEL] = (uint8_t)(pl->n_knight[aux & KN_LEVEL] + sign);
        break;
    }
    if (s->v_piece[v] != VP_KNIGHT)
        for (int i = 0; i < CAT_NPORT; i++)
            if (cat_port_v[i][0] == v || cat_port_v[i][1] == v) {
                /* a vertex touches at most one harbour; recount its type */
                uint64_t b = sign > 0 ? pl->bld | bit : pl->bld & ~bit;
                int any = 0;
                for (int j = 0; j < CAT_NPORT; j++)
                    if (s->port[j] == s->port[i] && (b & (1ULL << cat_port_v[j][0] | 1ULL << cat_port_v[j][1])))
                        any = 1;
                if (any)
                    pl->ports |= (uint8_t)(1u << s->port[i]);
                else
                    pl->ports &= (uint8_t)~(1u << s->port[i]);
                break;
            }
    if (sign > 0) {
        s->occ |= bit;
        if (s->v_piece[v] == VP_KNIGHT)
            pl->kn |= bit;
        else
            pl->bld |= bit;
    } else {
        s->occ &= ~bit;
        pl->kn &= ~bit;
        pl->bld &= ~bit;
    }
}

/* Road lengths of the other players whose roads touch v may change when a
 * piece of `owner` appears or disappears there (one's own pieces never
 * break one's own road). */
static void roads_near(cat_state *s, int v, int owner)
{
    for (int p = 0; p < CAT_MAXP; p++) {
        if (p == owner || !(s->pl[p].roadv >> v & 1))
            continue;
        /* at the end of a road (one road of p there) no trail passes v
         * before or after, so the length stays */
        int deg = 0;
        for (int i = 0; i < 3; i++)
            deg += cat_v_edge[v][i] >= 0 && s->e_owner[cat_v_edge[v][i]] == p;
        if (deg >= 2)
            s->pl[p].road_len = (uint8_t)cat_road_length(s, p);
    }
}

void cat_place(const kt_game *g, cat_state *s, int v, int p, int piece, int aux)
{
    KT_ASSERT(s->v_piece[v] == VP_NONE);
    s->v_owner[v] = (int8_t)p;
    s->v_piece[v] = (uint8_t)piece;
    s->v_aux[v] = (uint8_t)aux;
    tally(g, s, v, +1);
    cat_update_blocked(s);
    roads_near(s, v, p);
}

void cat_remove(const kt_game *g, cat_state *s, int v)
{
    KT_ASSERT(s->v_piece[v] != VP_NONE);
    int p = s->v_owner[v];
    tally(g, s, v, -1);
    s->v_owner[v] = -1;
    s->v_piece[v] = VP_NONE;
    s->v_aux[v] = 0;
    cat_update_blocked(s);
    roads_near(s, v, p);
}

/* Change the piece on an occupied vertex keeping its owner (settlement <->
 * city): occupancy, distance rule and roads are unaffected. */
void cat_replace(const kt_game *g, cat_state *s, int v, int piece, int aux)
{
    KT_ASSERT(s->v_piece[v] == VP_SETTLE || s->v_piece[v] == VP_CITY);
    tally(g, s, v, -1);
    s->v_piece[v] = (uint8_t)piece;
    s->v_aux[v] = (uint8_t)aux;
    tally(g, s, v, +1);
}

static uint64_t roadv_of(const cat_state *s, int p)
{
    uint64_t m = 0;
    for (int w = 0; w < 2; w++) {
        uint64_t r = s->pl[p].road[w];
        while (r) {
            int e = cat_ctz(r) + 64 * w;
            r &= r - 1;
            m |= 1ULL << cat_e_v[e][0] | 1ULL << cat_e_v[e][1];
        }
    }
    return m;
}

static int trail_from(const cat_state *s, int p, int v, uint64_t stop);

/* A new road changes only the trails that use it.  When one end (`out`)
 * touches none of p's roads yet, such a trail ends there, so it is the new
 * road plus a trail of the old network ending at the other end `at` (none
 * if a foreign piece stands at `at`): the new length is
 * max(old, 1 + longest trail from `at`), which needs one search from one
 * vertex instead of the whole network.  A road joining two parts of the
 * network is measured from scratch. */
void cat_put_road(cat_state *s, int e, int p)
{
    KT_ASSERT(s->e_owner[e] < 0);
    cat_player *pl = &s->pl[p];
    int a = cat_e_v[e][0], b = cat_e_v[e][1];
    int ina = (int)(pl->roadv >> a & 1), inb = (int)(pl->roadv >> b & 1);
    uint64_t stop = s->occ & ~(pl->bld | pl->kn);
    int with = -1; /* longest trail using the new road, when known */
    if (!ina && !inb) {
        with = 1;
    } else if (ina != inb) {
        int at = ina ? a : b;
        with = stop >> at & 1 ? 1 : 1 + trail_from(s, p, at, stop); /* old network */
    }
    s->e_owner[e] = (int8_t)p;
    pl->road[e >> 6] |= 1ULL << (e & 63);
    pl->roadv |= 1ULL << a | 1ULL << b;
    pl->n_road++;
    if (with < 0)
        pl->road_len = (uint8_t)cat_road_length(s, p);
    else if (with > pl->road_len)
        pl->road_len = (uint8_t)with;
}

void cat_take_road(cat_state *s, int e)
{
    int p = s->e_owner[e];
    KT_ASSERT(p >= 0);
    s->e_owner[e] = -1;
    s->pl[p].road[e >> 6] &= ~(1ULL << (e & 63));
    s->pl[p].roadv = roadv_of(s, p);
    s->pl[p].n_road--;
    s->pl[p].road_len = (uint8_t)cat_road_length(s, p);
}

/* ------------------------------------------------------------ longest road */

/* A trail (no edge twice) through p's roads.  It may start or end at a
 * vertex holding an opponent's building or knight but not pass through it
 * ([R 1.3], [R 1.9]). */
typedef struct lr_graph {
    int n;
    uint8_t ev[15][2];       /* local edge -> its two vertices */
    uint8_t inc[CAT_NV][3];  /* vertex -> incident local edges (valid for network vertices) */
    uint8_t ninc[CAT_NV];
    uint64_t stop;           /* vertices a trail cannot pass */
} lr_graph;

static int lr_dfs(const lr_graph *gr, int v, unsigned used)
{
    int best = 0;
    for (int i = 0; i < gr->ninc[v]; i++) {
        int e = gr->inc[v][i];
        if (used >> e & 1)
            continue;
        int w = gr->ev[e][0] == v ? gr->ev[e][1] : gr->ev[e][0];
        int len = 1;
        if (!(gr->stop >> w & 1))
            len += lr_dfs(gr, w, used | 1u << e);
        if (len > best)
            best = len;
    }
    return best;
}

/* Longest trail when the network has no cycle.  The exhaustive search
 * above is exponential in the number of branches; without a cycle a trail
 * is a simple path and the longest one is a tree's diameter, found in one
 * pass over the board.  Stop vertices are leaves of every edge that reaches
 * them (a trail may end there but not pass), which splits them into one
 * copy per edge and keeps trees trees.  tree_walk returns the longest path
 * going down from v (entered by edge `from`) and keeps the best path
 * bending at any vertex in best; it sets cyclic when it meets a vertex it
 * has already seen through another edge. */
typedef struct lr_tree {
    const int8_t *e_owner;
    int p;
    uint64_t stop, seen;
    int best, cyclic;
} lr_tree;

static int tree_walk(lr_tree *t, int v, int from)
{
    int h1 = 0, h2 = 0;
    t->seen |= 1ULL << v;
    for (int i = 0; i < 3; i++) {
        int e = cat_v_edge[v][i];
        if (e < 0 || e == from || t->e_owner[e] != t->p)
            continue;
        int w = cat_v_adj[v][i], h = 1;
        if (!(t->stop >> w & 1)) {
            if (t->seen >> w & 1) {
                t->cyclic = 1;
                return 0;
            }
            h += tree_walk(t, w, e);
            if (t->cyclic)
                return 0;
        }
        if (h > h1) {
            h2 = h1;
            h1 = h;
        } else if (h > h2) {
            h2 = h;
        }
    }
    if (h1 + h2 > t->best)
        t->best = h1 + h2;
    return h1;
}

static int lr_exhaustive(const lr_graph *gr, uint64_t rv)
{
    /* Where can a longest trail start?  If a trail from u ends elsewhere
     * and u has an unused edge, prepending that edge makes it longer; so
     * with u != end, u uses all its edges an odd number of times: u has odd
     * degree, or is a stop vertex (each edge into it is a separate end).
     * A longest closed trail uses every edge of its component, so a
     * component whose vertices all have even degree needs one start.
     * Degrees count only p's roads. */
    uint64_t starts = gr->stop & rv;
    for (uint64_t m = rv; m; m &= m - 1)
        if (gr->ninc[cat_ctz(m)] & 1)
            starts |= m & -m;
    /* components without a start: flood from any vertex */
    uint64_t rest = rv;
    while (rest) {
        int v0 = cat_ctz(rest);
        uint64_t comp = 1ULL << v0, grow = comp;
        while (grow) {
            uint64_t next = 0;
            for (uint64_t m = grow & ~gr->stop; m; m &= m - 1) {
                int v = cat_ctz(m);
                for (int i = 0; i < gr->ninc[v]; i++) {
                    int e = gr->inc[v][i];
                    next |= 1ULL << gr->ev[e][0] | 1ULL << gr->ev[e][1];
                }
            }
            grow = next & ~comp;
            comp |= next;
        }
        if (!(comp & starts))
            starts |= 1ULL << v0;
        rest &= ~comp;
    }
    int best = 0;
    while (starts) {
        int v = cat_ctz(starts);
        starts &= starts - 1;
        int l = lr_dfs(gr, v, 0);
        if (l > best)
            best = l;
        if (best == gr->n)
            break;
    }
    return best;
}

static void lr_build(const cat_state *s, int p, uint64_t stop, lr_graph *gr)
{
    gr->n = 0;
    gr->stop = stop;
    for (uint64_t m = s->pl[p].roadv; m; m &= m - 1)
        gr->ninc[cat_ctz(m)] = 0;
    for (int w = 0; w < 2; w++) {
        uint64_t r = s->pl[p].road[w];
        while (r && gr->n < 15) {
            int e = cat_ctz(r) + 64 * w;
            r &= r - 1;
            int a = cat_e_v[e][0], b = cat_e_v[e][1];
            gr->ev[gr->n][0] = (uint8_t)a;
            gr->ev[gr->n][1] = (uint8_t)b;
            gr->inc[a][gr->ninc[a]++] = (uint8_t)gr->n;
            gr->inc[b][gr->ninc[b]++] = (uint8_t)gr->n;
            gr->n++;
        }
    }
}

int cat_road_length(const cat_state *s, int p)
{
    uint64_t rv = s->pl[p].roadv;
    if (!rv)
        return 0;
    uint64_t stop = s->occ & ~(s->pl[p].bld | s->pl[p].kn);
    /* random play seldom closes a loop: try the tree pass first */
    lr_tree t = {s->e_owner, p, stop, 0, 0, 0};
    for (uint64_t m = rv & ~stop; m && !t.cyclic; m &= ~t.seen)
        tree_walk(&t, cat_ctz(m), -1);
    if (!t.cyclic)
        return t.best ? t.best : 1; /* 0: only roads between two stop vertices */
    lr_graph gr;
    lr_build(s, p, stop, &gr);
    return lr_exhaustive(&gr, rv);
}

/* Longest trail of p's network starting at v (v touches p's roads and is
 * not a stop): in a tree the deepest path from v, else the exhaustive
 * search from v alone. */
static int trail_from(const cat_state *s, int p, int v, uint64_t stop)
{
    lr_tree t = {s->e_owner, p, stop, 0, 0, 0};
    int h = tree_walk(&t, v, -1);
    if (!t.cyclic)
        return h;
    lr_graph gr;
    lr_build(s, p, stop, &gr);
    return lr_dfs(&gr, v, 0);
}

/* Award rules [R 1.1] and the base almanac: the holder keeps the card on a
 * tie; a unique longest road of >= 5 takes it; if the holder falls behind
 * and the longest roads tie (or are < 5), nobody holds it. */
void cat_update_longest(const kt_game *g, cat_state *s)
{
    int n = cat_np(g), h = s->lr_holder, max = 0, cnt = 0, who = -1;
    for (int p = 0; p < n; p++) {
        int l = s->pl[p].road_len;
        if (l > max) {
            max = l;
            cnt = 1;
            who = p;
        } else if (l == max) {
            cnt++;
        }
    }
    if (h >= 0 && s->pl[h].road_len >= 5 && s->pl[h].road_len >= max)
        return;
    s->lr_holder = (int8_t)(max >= 5 && cnt == 1 ? who : -1);
}

/* ------------------------------------------------------------ reachability */

/* Vertices reachable from `from` along p's roads, passing only empty
 * vertices or p's own pieces; vertices holding other pieces are reached
 * (as possible destinations) but not passed.  `from` itself is excluded. */
uint64_t cat_reach(const cat_state *s, int p, int from)
{
    uint64_t seen = 1ULL << from, frontier = 1ULL << from;
    uint64_t own = s->pl[p].bld | s->pl[p].kn;
    while (frontier) {
        int v = cat_ctz(frontier);
        frontier &= frontier - 1;
        for (int i = 0; i < 3; i++) {
            int w = cat_v_adj[v][i];
            if (w < 0 || (seen >> w & 1) || s->e_owner[cat_v_edge[v][i]] != p)
                continue;
            seen |= 1ULL << w;
            if (!(s->occ >> w & 1) || (own >> w & 1))
                frontier |= 1ULL << w;
        }
    }
    return seen & ~(1ULL << from);
}

/* Vertices a new road of p may leave from: p's buildings, and the ends of
 * p's roads unless an opponent's piece sits there. */
uint64_t cat_road_spots_v(const cat_state *s, int p)
{
    uint64_t own = s->pl[p].bld | s->pl[p].kn;
    return s->pl[p].bld | (s->pl[p].roadv & ~(s->occ & ~own));
}

void cat_road_edges(const cat_state *s, int p, uint64_t out[2])
{
    uint64_t used0 = 0, used1 = 0;
    for (int q = 0; q < CAT_MAXP; q++) {
        used0 |= s->pl[q].road[0];
        used1 |= s->pl[q].road[1];
    }
    uint64_t m0 = 0, m1 = 0, vs = cat_road_spots_v(s, p);
    while (vs) {
        int v = cat_ctz(vs);
        vs &= vs - 1;
        m0 |= cat_v_emask[v][0];
        m1 |= cat_v_emask[v][1];
    }
    out[0] = m0 & ~used0;
    out[1] = m1 & ~used1;
}

uint64_t cat_settle_spots(const cat_state *s, int p)
{
    return s->pl[p].roadv & ~s->blocked;
}

uint64_t cat_knight_spots(const cat_state *s, int p)
{
    return s->pl[p].roadv & ~s->occ;
}

/* ------------------------------------------------------------ layout */

/* Number tokens valid: the desert has none, the others carry exactly the
 * standard token multiset. */
int cat_layout_ok(const uint8_t *terrain, const uint8_t *number)
{
    int tc[T_COUNT] = {0}, nc[13] = {0};
    for (int h = 0; h < CAT_NH; h++) {
        if (terrain[h] >= T_COUNT || number[h] > 12)
            return 0;
        tc[terrain[h]]++;
        if ((terrain[h] == T_DESERT) != (number[h] == 0))
            return 0;
        nc[number[h]]++;
    }
    for (int t = 0; t < T_COUNT; t++)
        if (tc[t] != cat_terrain_count[t])
            return 0;
    for (int k = 1; k < 13; k++)
        if (nc[k] != cat_number_count[k])
            return 0;
    return 1;
}

static int red_adjacent(const uint8_t *number)
{
    for (int h = 0; h < CAT_NH; h++) {
        if (number[h] != 6 && number[h] != 8)
            continue;
        for (int i = 0; i < 6; i++) {
            int o = cat_hex_adj[h][i];
            if (o >= 0 && (number[o] == 6 || number[o] == 8))
                return 1;
        }
    }
    return 0;
}

/* Variable setup (rulebook): shuffled terrain; tokens A..R along a spiral
 * from a random corner, counter-clockwise, skipping the desert; redo until
 * no 6 or 8 touch; harbour types shuffled over the frame positions. */
void cat_make_layout(const kt_game *g, int beginner, uint64_t seed, uint8_t *terrain,
                     uint8_t *number, uint8_t *port)
{
    KT_UNUSED(g);
    if (beginner) {
        memcpy(terrain, cat_beginner_terrain, CAT_NH);
        memcpy(number, cat_beginner_number, CAT_NH);
        memcpy(port, cat_beginner_port, CAT_NPORT);
        return;
    }
    kt_rng r;
    kt_rng_seed(&r, kt_seed_derive(seed, 0x1a70u));
    for (int tries = 0;; tries++) {
        int n = 0;
        for (int t = 0; t < T_COUNT; t++)
            for (int k = 0; k < cat_terrain_count[t]; k++)
                terrain[n++] = (uint8_t)t;
        kt_shuffle_u8(&r, terrain, CAT_NH);
        int corner = (int)kt_rng_below(&r, 6);
        uint8_t order[CAT_NH];
        /* outer ring: clockwise index 2*corner going backwards (ccw) */
        for (int i = 0; i < 12; i++)
            order[i] = cat_ring_order[((2 * corner - i) % 12 + 12) % 12];
        for (int i = 0; i < 6; i++)
            order[12 + i] = cat_ring_order[12 + ((corner - i) % 6 + 6) % 6];
        order[18] = cat_ring_order[18];
        int t = 0;
        for (int i = 0; i < CAT_NH; i++) {
            int h = order[i];
            number[h] = terrain[h] == T_DESERT ? 0 : cat_spiral_numbers[t++];
        }
        if (!red_adjacent(number) || tries > 10000)
            break;
    }
    int k = 0;
    for (int t = 0; t < 6; t++)
        for (int c = 0; c < cat_port_count[t]; c++)
            port[k++] = (uint8_t)t;
    kt_shuffle_u8(&r, port, CAT_NPORT);
}

/* ------------------------------------------------------------ derived data */

void cat_recompute(const kt_game *g, cat_state *s)
{
    const cat_cfg *cf = cat_config(g);
    s->occ = 0;
    memset(s->prod, 0, sizeof s->prod);
    for (int p = 0; p < CAT_MAXP; p++) {
        cat_player *pl = &s->pl[p];
        pl->bld = pl->kn = pl->roadv = pl->road[0] = pl->road[1] = 0;
        pl->n_settle = pl->n_city = pl->n_sideways = pl->n_road = pl->n_wall = pl->n_metro = 0;
        pl->ports = 0;
        memset(pl->n_knight, 0, sizeof pl->n_knight);
        int c = 0;
        for (int k = 0; k < CAT_NKIND; k++)
            c += pl->hand[k];
        pl->ncards = (uint8_t)c;
    }
    for (int v = 0; v < CAT_NV; v++)
        if (s->v_piece[v] != VP_NONE)
            tally(g, s, v, +1);
    for (int e = 0; e < CAT_NE; e++) {
        int p = s->e_owner[e];
        if (p < 0)
            continue;
        s->pl[p].road[e >> 6] |= 1ULL << (e & 63);
        s->pl[p].n_road++;
    }
    for (int p = 0; p < CAT_MAXP; p++)
        s->pl[p].roadv = roadv_of(s, p);
    /* a knight waiting to be relocated is still its owner's piece */
    for (int i = 0; i < s->nstack; i++)
        if (s->stack[i].kind == F_RELOCATE)
            s->pl[s->stack[i].player].n_knight[s->stack[i].b & KN_LEVEL]++;
    cat_update_blocked(s);
    for (int p = 0; p < CAT_MAXP; p++)
        s->pl[p].road_len = (uint8_t)cat_road_length(s, p);
    /* bank = total - hands - escrow (may wrap if the input was bad; the
     * loader checks conservation before calling this) */
    int accepted = cat_popc(s->tr_accept);
    for (int k = 0; k < CAT_NKIND; k++) {
        int total = k < CAT_NRES ? 19 : (cf->ck ? 12 : 0);
        for (int p = 0; p < cat_np(g); p++)
            total -= s->pl[p].hand[k];
        if (s->tr_state == 2)
            total -= s->tr_give[k] + accepted * s->tr_get[k];
        s->bank[k] = (uint8_t)(total < 0 ? 0 : total);
    }
    cat_compose_masks(g, s);
}
