/*
 * cards.c - the 54 progress cards of Cities & Knights and the development
 * cards of the base game: when a card may be played (every usage
 * restriction of the seed, marked [S] with the card, is enforced here so an
 * unplayable card is never offered), what playing it does, and the
 * decisions some cards open.
 *
 * Data layout: a card in play is a decision frame (see catan.h) whose
 * fields carry the card's progress: F_TARGET.a = card, F_MM_PICK.a =
 * victim / .b = cards still to take, F_GIVE.a = recipient / .b = cards
 * still to give, F_SMITH.a = promotions done, F_ROAD_BUILDING.a = roads
 * left, F_DESERTER_PLACE.a = strength / .b = active flag, F_INVENTOR_SECOND.a
 * = first hex, F_HARBOR_OFFER.a = current opponent, F_MONO_RESOURCE.a = 1
 * for the base-game Monopoly (all cards instead of two).
 */
#include <string.h>

#include "catan.h"

#define OUT(a) (out[n++] = (a))

static int others_with_cards(const kt_game *g, const cat_state *s, int p, int min)
{
    for (int q = 0; q < cat_np(g); q++)
        if (q != p && s->pl[q].ncards >= min)
            return 1;
    return 0;
}

static int count_resources(const cat_player *pl)
{
    int r = 0;
    for (int k = 0; k < CAT_NRES; k++)
        r += pl->hand[k];
    return r;
}

/* Land hexes of a terrain touching p's buildings (Irrigation, Mining). */
static int hexes_touching(const cat_state *s, int p, int terrain)
{
    int n = 0;
    for (int h = 0; h < CAT_NH; h++)
        if (s->terrain[h] == terrain && (cat_hex_vmask[h] & s->pl[p].bld))
            n++;
    return n;
}

static uint64_t merchant_hexes(const cat_state *s, int p)
{
    uint64_t m = 0;
    for (int h = 0; h < CAT_NH; h++)
        if (h != s->merchant && (cat_hex_vmask[h] & s->pl[p].bld))
            m |= 1ULL << h;
    return m;
}

static uint64_t intrigue_targets(const cat_state *s, int p)
{
    uint64_t m = 0;
    for (int q = 0; q < CAT_MAXP; q++)
        if (q != p)
            m |= s->pl[q].kn;
    return m & s->pl[p].roadv;
}

/* a road of player q (q < 0: of anybody) at vertex x other than edge `except` */
static int has_road_at(const cat_state *s, int q, int x, int except)
{
    for (int i = 0; i < 3; i++) {
        int e = cat_v_edge[x][i];
        if (e >= 0 && e != except && s->e_owner[e] >= 0 && (q < 0 || s->e_owner[e] == q))
            return 1;
    }
    return 0;
}

/* Diplomat: an open road has an end with no other piece at all - road,
 * building or knight, of any colour (the seed's clarification); with
 * open_road=owner only the owner's pieces and roads close an end.  A road
 * whose removal would leave its owner's knight unconnected is not open
 * [R 1.9]. */
int cat_open_road(const kt_game *g, const cat_state *s, int e)
{
    int q = s->e_owner[e];
    if (q < 0)
        return 0;
    int owner_mode = cat_config(g)->open_road_owner;
    int closer = owner_mode ? q : -1; /* whose pieces close an end */
    for (int i = 0; i < 2; i++) {
        int x = cat_e_v[e][i], y = cat_e_v[e][1 - i];
        int piece = s->v_piece[x] != VP_NONE && (closer < 0 || s->v_owner[x] == q);
        if (piece || has_road_at(s, closer, x, e))
            continue;
        if (s->v_piece[y] == VP_KNIGHT && s->v_owner[y] == q && !has_road_at(s, q, y, e))
            continue;
        return 1;
    }
    return 0;
}

static int any_open_road(const kt_game *g, const cat_state *s)
{
    for (int e = 0; e < CAT_NE; e++)
        if (s->e_owner[e] >= 0 && cat_open_road(g, s, e))
            return 1;
    return 0;
}

int cat_inventor_token(int n)
{
    return n != 0 && n != 2 && n != 12 && n != 6 && n != 8;
}

int cat_card_playable(const kt_game *g, const cat_state *s, int p, int c)
{
    const cat_player *pl = &s->pl[p];
    int n = cat_np(g), myvp = cat_vp_public(g, s, p);
    switch (c) {
    case PC_COMMERCIAL_HARBOR:
        /* [S] needs a resource of your own and an opponent holding a card */
        return count_resources(pl) > 0 && others_with_cards(g, s, p, 1);
    case PC_MASTER_MERCHANT:
        /* [S] a player with more points who holds at least one card */
        for (int q = 0; q < n; q++)
            if (q != p && cat_vp_public(g, s, q) > myvp && s->pl[q].ncards)
                return 1;
        return 0;
    case PC_MERCHANT:
        return merchant_hexes(s, p) != 0;
    case PC_MERCHANT_FLEET:
        /* [S] only when a trade at 2:1 is made: the play includes one */
        for (int k = 0; k < CAT_NKIND; k++)
            if (pl->hand[k] >= 2)
                for (int j = 0; j < CAT_NKIND; j++)
                    if (j != k && s->bank[j])
                        return 1;
        return 0;
    case PC_RESOURCE_MONOPOLY:
    case PC_TRADE_MONOPOLY:
        /* [S] not when every opponent's hand is empty */
        return others_with_cards(g, s, p, 1);
    case PC_BISHOP:
        /* [S] the robber stays in the desert until the first attack */
        return s->attacks > 0;
    case PC_CONSTITUTION:
    case PC_PRINTER:
        return 0;
    case PC_DESERTER:
        /* [S] some opponent must have a knight on the board */
        for (int q = 0; q < n; q++)
            if (q != p && s->pl[q].kn)
                return 1;
        return 0;
    case PC_DIPLOMAT:
        return any_open_road(g, s);
    case PC_INTRIGUE:
        return intrigue_targets(s, p) != 0;
    case PC_SABOTEUR:
        /* [S] not when every opponent holds at most one card; we also
         * require a targeted player (points >= yours) holding two or more,
         * since otherwise the card visibly does nothing (FAQ) */
        for (int q = 0; q < n; q++)
            if (q != p && cat_vp_public(g, s, q) >= myvp && s->pl[q].ncards >= 2)
                return 1;
        return 0;
    case PC_SPY:
        /* [S] someone else must hold a progress card */
        for (int q = 0; q < n; q++)
            if (q != p && s->pl[q].nprog)
                return 1;
        return 0;
    case PC_WARLORD: {
        /* [S] a knight on the board and not all of them already active */
        uint64_t k = pl->kn;
        while (k) {
            int v = cat_ctz(k);
            k &= k - 1;
            if (!(s->v_aux[v] & KN_ACTIVE))
                return 1;
        }
        return 0;
    }
    case PC_WEDDING:
        /* [S] someone with more points, and a card to give (FAQ: no
         * visible no-effect play) */
        for (int q = 0; q < n; q++)
            if (q != p && cat_vp_public(g, s, q) > myvp && s->pl[q].ncards)
                return 1;
        return 0;
    case PC_ALCHEMIST:
        return 0; /* only before the roll (offered by the roll decision) */
    case PC_CRANE:
        /* [S] needs a city, the commodities after the discount and a track
         * below level 5; one Crane per improvement */
        for (int t = 0; t < 3; t++)
            if ((cat_config(g)->crane_repeat || !(s->crane_mask >> t & 1)) &&
                cat_can_improve(g, s, p, t, 1))
                return 1;
        return 0;
    case PC_ENGINEER:
        /* [S] a city that can take a wall, and a wall left */
        return cat_wall_spots(s, p) != 0;
    case PC_INVENTOR:
        return 1; /* [S] no restriction */
    case PC_IRRIGATION:
        /* [S] a building next to fields; and grain left in the bank */
        return hexes_touching(s, p, T_FIELDS) > 0 && s->bank[K_GRAIN] > 0;
    case PC_MINING:
        return hexes_touching(s, p, T_MOUNTAINS) > 0 && s->bank[K_ORE] > 0;
    case PC_MEDICINE:
        /* [S] only when it can actually make a city */
        return pl->hand[K_ORE] >= 2 && pl->hand[K_GRAIN] >= 1 && cat_city_spots(s, p) != 0;
    case PC_ROAD_BUILDING: {
        /* [S] a road left and somewhere to build it */
        if (pl->n_road >= 15)
            return 0;
        uint64_t e[2];
        cat_road_edges(s, p, e);
        return (e[0] | e[1]) != 0;
    }
    case PC_SMITH: {
        /* [S] a knight that can be promoted with a piece of the next
         * strength in supply (and the Fortress for mighty knights) */
        uint64_t k = pl->kn;
        while (k) {
            int v = cat_ctz(k);
            k &= k - 1;
            if (cat_knight_can_promote(s, p, v))
                return 1;
        }
        return 0;
    }
    }
    return 0;
}

static void gain_upto(cat_state *s, int p, int kind, int want)
{
    int x = want < s->bank[kind] ? want : s->bank[kind];
    if (x > 0)
        cat_gain(s, p, kind, x);
}

void cat_card_play(const kt_game *g, cat_state *s, int p, int c)
{
    int n = cat_np(g), myvp = cat_vp_public(g, s, p);
    switch (c) {
    case PC_COMMERCIAL_HARBOR: cat_push(s, P_HARBOR, p, 0, 0, 0, 0); break;
    case PC_MASTER_MERCHANT:
    case PC_DESERTER:
    case PC_SPY: cat_push(s, F_TARGET, p, c, 0, 0, 0); break;
    case PC_MERCHANT: cat_push(s, F_MERCHANT, p, 0, 0, 0, 0); break;
    case PC_MERCHANT_FLEET: cat_push(s, F_FLEET_TRADE, p, 0, 0, 0, 0); break;
    case PC_RESOURCE_MONOPOLY: cat_push(s, F_MONO_RESOURCE, p, 0, 0, 0, 0); break;
    case PC_TRADE_MONOPOLY: cat_push(s, F_MONO_COMMODITY, p, 0, 0, 0, 0); break;
    case PC_BISHOP: cat_push(s, F_ROBBER, p, 1, 0, 0, 0); break;
    case PC_DIPLOMAT: cat_push(s, F_DIPLOMAT, p, 0, 0, 0, 0); break;
    case PC_INTRIGUE: cat_push(s, F_INTRIGUE, p, 0, 0, 0, 0); break;
    case PC_SABOTEUR:
        /* players with as many points or more lose half, rounded down,
         * choosing themselves; in turn order after the player [S] */
        for (int i = n - 1; i >= 1; i--) {
            int q = (p + i) % n;
            if (cat_vp_public(g, s, q) >= myvp && s->pl[q].ncards >= 2)
                cat_push(s, F_DISCARD, q, s->pl[q].ncards / 2, 1, 0, 0);
        }
        break;
    case PC_WARLORD: {
        uint64_t k = s->pl[p].kn;
        while (k) {
            int v = cat_ctz(k);
            k &= k - 1;
            if (!(s->v_aux[v] & KN_ACTIVE))
                s->v_aux[v] |= KN_ACTIVE | KN_FRESH;
        }
        break;
    }
    case PC_WEDDING:
        /* players with more points give two cards of their choice [S] */
        for (int i = n - 1; i >= 1; i--) {
            int q = (p + i) % n;
            if (cat_vp_public(g, s, q) > myvp && s->pl[q].ncards)
                cat_push(s, F_GIVE, q, p, s->pl[q].ncards < 2 ? s->pl[q].ncards : 2, 0, 0);
        }
        break;
    case PC_CRANE: cat_push(s, F_CRANE, p, 0, 0, 0, 0); break;
    case PC_ENGINEER: cat_push(s, F_ENGINEER, p, 0, 0, 0, 0); break;
    case PC_INVENTOR: cat_push(s, F_INVENTOR_FIRST, p, 0, 0, 0, 0); break;
    case PC_IRRIGATION: gain_upto(s, p, K_GRAIN, 2 * hexes_touching(s, p, T_FIELDS)); break;
    case PC_MINING: gain_upto(s, p, K_ORE, 2 * hexes_touching(s, p, T_MOUNTAINS)); break;
    case PC_MEDICINE: cat_push(s, F_MEDICINE, p, 0, 0, 0, 0); break;
    case PC_ROAD_BUILDING: cat_push(s, F_ROAD_BUILDING, p, 2, 0, 0, 0); break;
    case PC_SMITH: cat_push(s, F_SMITH, p, 0, 0, 0, 0); break;
    }
}

/* ------------------------------------------------------------ decisions */

static int target_ok(const kt_game *g, const cat_state *s, int p, int card, int q)
{
    if (q == p)
        return 0;
    switch (card) {
    case PC_MASTER_MERCHANT:
        return cat_vp_public(g, s, q) > cat_vp_public(g, s, p) && s->pl[q].ncards > 0;
    case PC_DESERTER:
        return s->pl[q].kn != 0;
    case PC_SPY:
        return s->pl[q].nprog > 0;
    }
    return 0;
}

static int deserter_levels(const kt_game *g, const cat_state *s, int p, int level)
{
    int m = 0;
    if (!cat_knight_spots(s, p))
        return 0;
    for (int l = 1; l <= 3; l++) {
        if (l > level || (l < level && !cat_config(g)->deserter_lower))
            continue;
        if (s->pl[p].n_knight[l] < 2)
            m |= 1 << l;
    }
    return m;
}

static int emit_v(kt_action *out, int n, int kind, uint64_t m, int y)
{
    while (m) {
        int v = cat_ctz(m);
        m &= m - 1;
        OUT(ACT(kind, v, y, 0));
    }
    return n;
}

int cat_card_legal(const kt_game *g, const cat_state *s, const cat_frame *f, kt_action *out)
{
    int p = f->player, n = 0;
    const cat_player *pl = &s->pl[p];
    switch (f->kind) {
    case F_ALCHEMIST:
        for (int r = 1; r <= 6; r++)
            for (int y = 1; y <= 6; y++)
                OUT(ACT(A_DICE, r, y, 0));
        return n;
    case F_TARGET:
        for (int q = 0; q < cat_np(g); q++)
            if (target_ok(g, s, p, f->a, q))
                OUT(ACT(A_TARGET, q, 0, 0));
        return n;
    case F_MM_PICK:
        for (int k = 0; k < CAT_NKIND; k++)
            if (s->pl[f->a].hand[k])
                OUT(ACT(A_TAKE, k, 0, 0));
        return n;
    case F_SPY_PICK: {
        uint32_t seen = 0;
        const cat_player *t = &s->pl[f->a];
        for (int i = 0; i < t->nprog; i++)
            if (!(seen >> t->prog[i] & 1)) {
                seen |= 1u << t->prog[i];
                OUT(ACT(A_SPYTAKE, t->prog[i], 0, 0));
            }
        return n;
    }
    case F_DESERTER_REMOVE:
        return emit_v(out, 0, A_REMOVE_KNIGHT, pl->kn, 0);
    case F_DESERTER_PLACE: {
        int lv = deserter_levels(g, s, p, f->a);
        for (int l = 1; l <= 3; l++)
            if (lv >> l & 1)
                n = emit_v(out, n, A_PLACE_KNIGHT, cat_knight_spots(s, p), l);
        return n;
    }
    case F_DIPLOMAT:
        for (int e = 0; e < CAT_NE; e++)
            if (s->e_owner[e] >= 0 && cat_open_road(g, s, e))
                OUT(ACT(A_REMOVE_ROAD, e, 0, 0));
        return n;
    case F_DIPLOMAT_REBUILD:
    case F_ROAD_BUILDING: {
        uint64_t e[2];
        cat_road_edges(s, p, e);
        if (f->kind == F_DIPLOMAT_REBUILD) {
            e[f->a >> 6] &= ~(1ULL << (f->a & 63));
            OUT(ACT(A_DONE, 0, 0, 0));
        }
        for (int w = 0; w < 2; w++) {
            uint64_t m = e[w];
            while (m) {
                int x = cat_ctz(m) + 64 * w;
                m &= m - 1;
                OUT(ACT(A_ROAD, x, 0, 0));
            }
        }
        return n;
    }
    case F_INTRIGUE:
        return emit_v(out, 0, A_DISPLACE, intrigue_targets(s, p), 0);
    case F_INVENTOR_FIRST:
    case F_INVENTOR_SECOND:
        for (int h = 0; h < CAT_NH; h++)
            if (cat_inventor_token(s->number[h]) && !(f->kind == F_INVENTOR_SECOND && h == f->a))
                OUT(ACT(f->kind == F_INVENTOR_FIRST ? A_SWAP1 : A_SWAP2, h, 0, 0));
        return n;
    case F_MERCHANT: {
        uint64_t m = merchant_hexes(s, p);
        while (m) {
            int h = cat_ctz(m);
            m &= m - 1;
            OUT(ACT(A_MERCHANT, h, 0, 0));
        }
        return n;
    }
    case F_MONO_RESOURCE:
        for (int k = 0; k < CAT_NRES; k++)
            OUT(ACT(A_MONO, k, 0, 0));
        return n;
    case F_MONO_COMMODITY:
        for (int k = CAT_NRES; k < CAT_NKIND; k++)
            OUT(ACT(A_MONO, k, 0, 0));
        return n;
    case F_FLEET_TRADE:
        for (int k = 0; k < CAT_NKIND; k++)
            if (pl->hand[k] >= 2)
                for (int j = 0; j < CAT_NKIND; j++)
                    if (j != k && s->bank[j])
                        OUT(ACT(A_BANK, k, j, 2));
        return n;
    case F_CRANE:
        for (int t = 0; t < 3; t++)
            if ((cat_config(g)->crane_repeat || !(s->crane_mask >> t & 1)) &&
                cat_can_improve(g, s, p, t, 1))
                OUT(ACT(A_IMPROVE, t, 0, 0));
        return n;
    case F_MEDICINE:
        return emit_v(out, 0, A_CITY, cat_city_spots(s, p), 0);
    case F_ENGINEER:
        return emit_v(out, 0, A_WALL, cat_wall_spots(s, p), 0);
    case F_SMITH: {
        if (f->a > 0)
            OUT(ACT(A_DONE, 0, 0, 0));
        uint64_t k = pl->kn;
        while (k) {
            int v = cat_ctz(k);
            k &= k - 1;
            if (cat_knight_can_promote(s, p, v))
                OUT(ACT(A_PROMOTE, v, 0, 0));
        }
        return n;
    }
    case F_GIVE:
        for (int k = 0; k < CAT_NKIND; k++)
            if (pl->hand[k])
                OUT(ACT(A_GIVE, k, 0, 0));
        return n;
    case F_HARBOR_OFFER:
        for (int k = 0; k < CAT_NRES; k++)
            if (pl->hand[k])
                OUT(ACT(A_HOFFER, k, 0, 0));
        OUT(ACT(A_SKIP, 0, 0, 0));
        return n;
    case F_HARBOR_GIVE:
        for (int k = CAT_NRES; k < CAT_NKIND; k++)
            if (pl->hand[k])
                OUT(ACT(A_GIVE, k, 0, 0));
        return n;
    }
    return 0;
}

static void deserter_remove(const kt_game *g, cat_state *s, int p, int v)
{
    int aux = s->v_aux[v];
    cat_remove(g, s, v);
    cat_update_longest(g, s);
    /* the card's player may place a knight of the same strength (flag:
     * or weaker) with the same active state, even mighty without the
     * Fortress; an active one may act at once [S] */
    if (deserter_levels(g, s, p, aux & KN_LEVEL))
        cat_push(s, F_DESERTER_PLACE, p, aux & KN_LEVEL, (aux & KN_ACTIVE) ? 1 : 0, 0, 0);
}

static int commodity_kinds(const cat_player *pl, int *only)
{
    int c = 0;
    for (int k = CAT_NRES; k < CAT_NKIND; k++)
        if (pl->hand[k]) {
            c++;
            *only = k;
        }
    return c;
}

/* The decisions of the later progress cards, Inventor on (the rest of cat_card_apply). */
static int card_apply_rest(const kt_game *g, cat_state *s, cat_frame *f, kt_action a)
{
    int p = f->player, x = ACT_X(a), y = ACT_Y(a);
    switch (f->kind) {
    case F_INVENTOR_FIRST:
        cat_pop(s);
        cat_push(s, F_INVENTOR_SECOND, p, x, 0, 0, 0);
        return 1;
    case F_INVENTOR_SECOND: {
        int h = f->a;
        cat_pop(s);
        /* the two hexes' yields move with their tokens (production cache) */
        cat_prod_hex(g, s, h, -1);
        cat_prod_hex(g, s, x, -1);
        uint8_t t = s->number[h];
        s->number[h] = s->number[x];
        s->number[x] = t;
        cat_prod_hex(g, s, h, +1);
        cat_prod_hex(g, s, x, +1);
        return 1;
    }
    case F_MERCHANT:
        cat_pop(s);
        s->merchant = (int8_t)x;
        s->merchant_owner = (int8_t)p;
        return 1;
    case F_MONO_RESOURCE:
    case F_MONO_COMMODITY: {
        int all = f->kind == F_MONO_RESOURCE && f->a;
        int most = f->kind == F_MONO_RESOURCE ? 2 : 1;
        cat_pop(s);
        for (int q = 0; q < cat_np(g); q++) {
            if (q == p)
                continue;
            int h = s->pl[q].hand[x];
            int t = all ? h : (h < most ? h : most);
            if (t)
                cat_move(s, q, p, x, t);
        }
        return 1;
    }
    case F_FLEET_TRADE:
        cat_pop(s);
        cat_lose(s, p, x, 2);
        cat_gain(s, p, y, 1);
        s->fleet = (uint8_t)(cat_config(g)->fleet_named ? 2 + x : 1);
        return 1;
    case F_CRANE:
        cat_pop(s);
        s->crane_mask |= (uint8_t)(1u << x);
        cat_do_improve(g, s, p, x, 1);
        return 1;
    case F_MEDICINE:
        cat_pop(s);
        cat_lose(s, p, K_ORE, 2);
        cat_lose(s, p, K_GRAIN, 1);
        cat_build_city(g, s, p, x);
        return 1;
    case F_ENGINEER:
        cat_pop(s);
        s->v_aux[x] |= AUX_WALL;
        s->pl[p].n_wall++;
        return 1;
    case F_SMITH:
        if (ACT_K(a) == A_DONE) {
            cat_pop(s);
            return 1;
        } else {
            int lvl = s->v_aux[x] & KN_LEVEL;
            s->pl[p].n_knight[lvl]--;
            s->pl[p].n_knight[lvl + 1]++;
            s->v_aux[x] = (uint8_t)((s->v_aux[x] & ~KN_LEVEL) | (lvl + 1) | KN_PROMOTED);
            f->a++;
        }
        return 1;
    case F_GIVE:
        cat_move(s, p, f->a, x, 1);
        f->b--;
        if (!f->b)
            cat_pop(s);
        return 1;
    case F_HARBOR_OFFER: {
        int t = f->a;
        cat_pop(s);
        if (ACT_K(a) == A_SKIP)
            return 1;
        cat_move(s, p, t, x, 1);
        int only = 0, kinds = commodity_kinds(&s->pl[t], &only);
        if (kinds == 0)
            cat_move(s, t, p, x, 1); /* no commodity: the resource comes back [S] */
        else if (kinds == 1)
            cat_move(s, t, p, only, 1);
        else
            cat_push(s, F_HARBOR_GIVE, t, p, 0, 0, 0);
        return 1;
    }
    case F_HARBOR_GIVE: {
        int to = f->a; /* read before the pop clears the frame */
        cat_pop(s);
        cat_move(s, p, to, x, 1);
        return 1;
    }
    }
    return 0;
}

int cat_card_apply(const kt_game *g, cat_state *s, cat_frame *f, kt_action a)
{
    int p = f->player, x = ACT_X(a), y = ACT_Y(a);
    switch (f->kind) {
    case F_TARGET: {
        int card = f->a;
        cat_pop(s);
        if (card == PC_MASTER_MERCHANT) {
            int k = s->pl[x].ncards < 2 ? s->pl[x].ncards : 2;
            cat_push(s, F_MM_PICK, p, x, k, 0, 0);
        } else if (card == PC_SPY) {
            /* the spy has seen the whole hand */
            for (int i = 0; i < s->pl[x].nprog; i++)
                s->pl[x].prog_known[i] |= (uint8_t)(1u << p);
            cat_push(s, F_SPY_PICK, p, x, 0, 0, 0);
        } else {
            /* Deserter: the victim chooses which knight leaves [S] */
            if (cat_popc(s->pl[x].kn) == 1)
                deserter_remove(g, s, p, cat_ctz(s->pl[x].kn));
            else
                cat_push(s, F_DESERTER_REMOVE, x, p, 0, 0, 0);
        }
        return 1;
    }
    case F_MM_PICK:
        cat_move(s, f->a, p, x, 1);
        f->b--;
        if (!f->b)
            cat_pop(s);
        return 1;
    case F_SPY_PICK: {
        int t = f->a;
        cat_pop(s);
        cat_player *tp = &s->pl[t];
        for (int i = 0; i < tp->nprog; i++)
            if (tp->prog[i] == x) {
                uint8_t known = tp->prog_known[i];
                cat_prog_remove(s, t, i);
                cat_player *me = &s->pl[p];
                if (me->nprog < CAT_HANDCAP) {
                    me->prog[me->nprog] = (uint8_t)x;
                    me->prog_known[me->nprog] = (uint8_t)(known | 1u << p | 1u << t);
                    me->nprog++;
                } else {
                    cat_prog_under(s, x, known);
                }
                break;
            }
        if (s->pl[p].nprog > 4 && cat_config(g)->plimit_immediate)
            cat_push(s, F_PDISCARD, p, 0, 0, 0, 0);
        return 1;
    }
    case F_DESERTER_REMOVE: {
        int card_player = f->a;
        cat_pop(s);
        deserter_remove(g, s, card_player, x);
        return 1;
    }
    case F_DESERTER_PLACE: {
        int active = f->b;
        cat_pop(s);
        cat_place(g, s, x, p, VP_KNIGHT, y | (active ? KN_ACTIVE : 0));
        cat_update_longest(g, s);
        return 1;
    }
    case F_DIPLOMAT: {
        cat_pop(s);
        int q = s->e_owner[x];
        cat_take_road(s, x);
        cat_update_longest(g, s);
        if (q == p)
            cat_push(s, F_DIPLOMAT_REBUILD, p, x, 0, 0, 0);
        return 1;
    }
    case F_DIPLOMAT_REBUILD:
        cat_pop(s);
        if (ACT_K(a) == A_ROAD) {
            cat_put_road(s, x, p);
            cat_update_longest(g, s);
        }
        return 1;
    case F_ROAD_BUILDING:
        cat_put_road(s, x, p);
        cat_update_longest(g, s);
        f->a--;
        return 1;
    case F_INTRIGUE: {
        cat_pop(s);
        int q = s->v_owner[x], aux = s->v_aux[x];
        cat_remove(g, s, x);
        cat_start_relocation(g, s, q, x, aux);
        cat_update_longest(g, s);
        return 1;
    }
    default:
        return card_apply_rest(g, s, f, a);
    }
}

/* ------------------------------------------------------------ base game */

int cat_dev_playable(const kt_game *g, const cat_state *s, int p, int card)
{
    KT_UNUSED(g);
    switch (card) {
    case DV_KNIGHT:
    case DV_MONOPOLY:
        return 1;
    case DV_ROAD_BUILDING: {
        if (s->pl[p].n_road >= 15)
            return 0;
        uint64_t e[2];
        cat_road_edges(s, p, e);
        return (e[0] | e[1]) != 0;
    }
    case DV_PLENTY:
        for (int k = 0; k < CAT_NRES; k++)
            if (s->bank[k])
                return 1;
        return 0;
    }
    return 0;
}

void cat_dev_play(const kt_game *g, cat_state *s, int p, int card)
{
    KT_UNUSED(g);
    switch (card) {
    case DV_KNIGHT: {
        int kp = ++s->pl[p].knights_played;
        int h = s->la_holder;
        if (kp >= 3 && h != p && (h < 0 || kp > s->pl[h].knights_played))
            s->la_holder = (int8_t)p;
        cat_push(s, F_ROBBER, p, 0, 0, 0, 0);
        break;
    }
    case DV_ROAD_BUILDING: cat_push(s, F_ROAD_BUILDING, p, 2, 0, 0, 0); break;
    case DV_PLENTY: cat_push(s, F_PLENTY, p, 2, 0, 0, 0); break;
    case DV_MONOPOLY: cat_push(s, F_MONO_RESOURCE, p, 1, 0, 0, 0); break;
    }
}
