/*
 * bots.c - the "heuristic" bot for both variants and evaluate() for search
 * bots.
 *
 * The heuristic scores every legal action of the pending decision and plays
 * the best one (ties broken by its own generator).  Its knowledge is what
 * its player may see: its own hand, public counts and the board; it never
 * reads another hand's composition (Master Merchant / Spy picks use what
 * the card reveals).  Main ideas:
 *   - placement by pips (dots) weighted per resource, with a bonus for kinds
 *     not yet produced and for matching harbours;
 *   - a wish vector: how much each card kind is needed for the next build
 *     (city > settlement > improvement > knight / development card), used by
 *     trades, discards, picks and monopolies;
 *   - C&K: keep active knight strength near the barbarians' strength when the
 *     ship is close, buy improvements (metropolis race), play progress cards
 *     whenever they are offered (the rules only offer useful ones) with
 *     card-specific targets;
 *   - bank trades only when they complete a build.
 * No allocation during play: the bot's data is its generator.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "catan.h"
#include "../../core/mem.h"

/* ------------------------------------------------------------ evaluation */

static int pips(int n) { return n ? 6 - abs(7 - n) : 0; }

/* expected cards per roll (in 36ths) from p's buildings */
static int production(const cat_state *s, int p)
{
    int t = 0;
    uint64_t b = s->pl[p].bld;
    while (b) {
        int v = cat_ctz(b);
        b &= b - 1;
        int mult = s->v_piece[v] == VP_CITY ? 2 : 1;
        for (int i = 0; i < 3; i++) {
            int h = cat_v_hex[v][i];
            if (h >= 0 && h != s->robber)
                t += mult * pips(s->number[h]);
        }
    }
    return t;
}

/* Win-chance estimate: a softmax over VP plus production and progress,
 * sharper as the leader nears the target. */
void cat_evaluate(const kt_game *g, const kt_state *ks, double *out)
{
    const cat_state *s = (const cat_state *)ks;
    const cat_cfg *cf = cat_config(g);
    double w[KT_MAX_PLAYERS], sum = 0, best = 0;
    double sc[KT_MAX_PLAYERS];
    for (int p = 0; p < cat_np(g); p++) {
        const cat_player *pl = &s->pl[p];
        double v = cat_vp_public(g, s, p);
        v += 0.04 * production(s, p) + 0.03 * pl->ncards;
        if (cf->ck)
            v += 0.25 * (pl->impr[0] + pl->impr[1] + pl->impr[2]) + 0.2 * pl->nprog;
        else
            v += 0.35 * (pl->dev[0] + pl->dev[1] + pl->dev[2] + pl->dev[3] + pl->dev[4]);
        sc[p] = v;
        if (v > best)
            best = v;
    }
    double temp = 0.5 + 1.5 * best / cf->vp_target;
    for (int p = 0; p < cat_np(g); p++) {
        w[p] = exp(temp * (sc[p] - best));
        sum += w[p];
    }
    for (int p = 0; p < cat_np(g); p++)
        out[p] = w[p] / sum;
}

/* ------------------------------------------------------------ helpers */

typedef struct hb {
    kt_rng rng;
    kt_allocator a; /* the game's: the bot is made and freed through it */
} hb;

typedef struct ctx {
    const kt_game *g;
    const cat_state *s;
    const cat_cfg *cf;
    int p, n;
    double wish[CAT_NKIND];  /* value of one more card of each kind */
    int prod[CAT_NKIND];     /* 36ths per roll */
    double threat;           /* > 0 when the barbarians are coming and we are weak */
} ctx;

static const double RES_W[T_COUNT] = {0, 0.9, 1.0, 1.0, 1.1, 1.2};

static int hand_has(const cat_player *pl, const uint8_t *cost)
{
    for (int k = 0; k < CAT_NRES; k++)
        if (pl->hand[k] < cost[k])
            return 0;
    return 1;
}

static double vertex_value(const ctx *c, int v, int own_kinds)
{
    const cat_state *s = c->s;
    double val = 0;
    int kinds = 0;
    for (int i = 0; i < 3; i++) {
        int h = cat_v_hex[v][i];
        if (h < 0)
            continue;
        int t = s->terrain[h];
        double w = RES_W[t];
        if (c->cf->ck && cat_terrain_com[t] >= 0)
            w += 0.15;
        val += pips(s->number[h]) * w;
        if (t != T_DESERT && !(own_kinds >> t & 1) && !(kinds >> t & 1))
            val += 1.5;
        kinds |= 1 << t;
    }
    for (int i = 0; i < CAT_NPORT; i++)
        if (cat_port_v[i][0] == v || cat_port_v[i][1] == v)
            val += s->port[i] == PORT_ANY ? 1.0 : 0.7;
    return val;
}

static int own_terrains(const cat_state *s, int p)
{
    int m = 0;
    uint64_t b = s->pl[p].bld;
    while (b) {
        int v = cat_ctz(b);
        b &= b - 1;
        for (int i = 0; i < 3; i++)
            if (cat_v_hex[v][i] >= 0)
                m |= 1 << s->terrain[cat_v_hex[v][i]];
    }
    return m;
}

static int knight_total(const cat_state *s, int p, int active_only)
{
    int t = 0;
    uint64_t k = s->pl[p].kn;
    while (k) {
        int v = cat_ctz(k);
        k &= k - 1;
        if (!active_only || (s->v_aux[v] & KN_ACTIVE))
            t += s->v_aux[v] & KN_LEVEL;
    }
    return t;
}

static void add_need(double *wish, const uint8_t *hand, const uint8_t *cost, double weight)
{
    for (int k = 0; k < CAT_NKIND; k++)
        if (cost[k] > hand[k])
            wish[k] += weight * (cost[k] - hand[k]);
        else if (cost[k])
            wish[k] += 0.3 * weight;
}

static const uint8_t C_ROAD[CAT_NKIND] = {1, 1, 0, 0, 0};
static const uint8_t C_SETTLE[CAT_NKIND] = {1, 1, 1, 1, 0};
static const uint8_t C_CITY[CAT_NKIND] = {0, 0, 0, 2, 3};
static const uint8_t C_DEV[CAT_NKIND] = {0, 0, 1, 1, 1};
static const uint8_t C_KNIGHT[CAT_NKIND] = {0, 0, 1, 0, 1};

static void make_ctx(ctx *c, const kt_game *g, const cat_state *s, int p)
{
    memset(c, 0, sizeof *c);
    c->g = g;
    c->s = s;
    c->cf = cat_config(g);
    c->p = p;
    c->n = cat_np(g);
    const cat_player *pl = &s->pl[p];
    uint64_t b = pl->bld;
    while (b) {
        int v = cat_ctz(b);
        b &= b - 1;
        for (int i = 0; i < 3; i++) {
            int h = cat_v_hex[v][i];
            if (h < 0)
                continue;
            int r = cat_terrain_res[s->terrain[h]];
            if (r >= 0)
                c->prod[r] += pips(s->number[h]) * (s->v_piece[v] == VP_CITY ? 2 : 1);
        }
    }
    for (int k = 0; k < CAT_NKIND; k++)
        c->wish[k] = 0.2;
    int cities_left = pl->n_city + pl->n_sideways < 4;
    if ((pl->n_settle || pl->n_sideways) && (cities_left || pl->n_sideways))
        add_need(c->wish, pl->hand, C_CITY, 3.0);
    if (pl->n_settle < 5 && cat_settle_spots(s, p))
        add_need(c->wish, pl->hand, C_SETTLE, 2.5);
    else if (pl->n_settle < 5)
        add_need(c->wish, pl->hand, C_ROAD, 1.2);
    if (c->cf->ck) {
        int strength = 0, defence = 0;
        for (int q = 0; q < c->n; q++) {
            strength += s->pl[q].n_city;
            defence += knight_total(s, q, 1);
        }
        int mine = knight_total(s, p, 0);
        if (pl->n_city && s->barb >= 3 && defence < strength)
            c->threat = 1.0 + (s->barb - 3) * 0.5;
        if (pl->n_city && mine < 2 + pl->n_city)
            add_need(c->wish, pl->hand, C_KNIGHT, 0.8 + c->threat);
        if (c->threat > 0)
            c->wish[K_GRAIN] += c->threat;
        /* commodities for the cheapest improvement */
        for (int t = 0; t < 3; t++)
            if (pl->n_city && pl->impr[t] < 5) {
                int k = cat_track_commodity[t], need = pl->impr[t] + 1 - pl->hand[k];
                c->wish[k] += need > 0 ? 1.5 / need : 0.4;
            }
    } else {
        add_need(c->wish, pl->hand, C_DEV, 1.0);
    }
}

/* how many cards of kind k p can spare without hurting the wish list */
static int spare(const ctx *c, int k)
{
    const cat_player *pl = &c->s->pl[c->p];
    int keep = c->wish[k] > 1.0 ? 3 : c->wish[k] > 0.5 ? 1 : 0;
    return pl->hand[k] > keep ? pl->hand[k] - keep : 0;
}

static int best_of(const double *v, int n)
{
    int b = 0;
    for (int i = 1; i < n; i++)
        if (v[i] > v[b])
            b = i;
    return b;
}

/* value of the robber on hex h for player p (higher = better for p) */
static double robber_value(const ctx *c, int h)
{
    const cat_state *s = c->s;
    double v = 0;
    uint64_t m = cat_hex_vmask[h] & s->occ;
    int leader = 0, lv = -1;
    for (int q = 0; q < c->n; q++) {
        int x = cat_vp_public(c->g, s, q);
        if (q != c->p && x > lv) {
            lv = x;
            leader = q;
        }
    }
    while (m) {
        int x = cat_ctz(m);
        m &= m - 1;
        if (s->v_piece[x] == VP_KNIGHT)
            continue;
        int q = s->v_owner[x], mult = s->v_piece[x] == VP_CITY ? 2 : 1;
        double w = pips(s->number[h]) * mult;
        if (q == c->p)
            v -= 3 * w;
        else
            v += w * (q == leader ? 1.5 : 1.0) + (s->pl[q].ncards ? 1 : 0);
    }
    return v;
}

/* ------------------------------------------------------------ main phase */

static double improve_value(const ctx *c, int t)
{
    const cat_state *s = c->s;
    const cat_player *pl = &s->pl[c->p];
    int lvl = pl->impr[t] + 1;
    double v = 55 + 4 * lvl;
    if (lvl == 3)
        v += 8; /* level-3 ability */
    if (lvl >= 4) {
        /* metropolis: first to 4, or level 5 against a level-4 holder */
        int holder = -1;
        for (int x = 0; x < CAT_NV; x++)
            if (s->v_piece[x] == VP_CITY &&
                ((s->v_aux[x] & AUX_METRO_MASK) >> AUX_METRO_SHIFT) == (unsigned)t + 1)
                holder = s->v_owner[x];
        if (holder < 0 || (lvl == 5 && holder != c->p && s->pl[holder].impr[t] < 5))
            v += 40;
    }
    return v;
}

static double card_value(const ctx *c, int card)
{
    const cat_state *s = c->s;
    const cat_player *pl = &s->pl[c->p];
    switch (card) {
    case PC_MERCHANT_FLEET: {
        /* worth it with a real surplus */
        for (int k = 0; k < CAT_NKIND; k++)
            if (spare(c, k) >= 2)
                return 45;
        return -1;
    }
    case PC_WARLORD: return c->threat > 0 || s->barb >= 4 ? 60 : -1;
    case PC_COMMERCIAL_HARBOR: {
        int r = 0;
        for (int k = 0; k < CAT_NRES; k++)
            r += spare(c, k);
        return r ? 40 : -1;
    }
    case PC_DIPLOMAT: return 30;
    case PC_INVENTOR: return 35;
    case PC_SMITH: return 45 + 10 * c->threat;
    case PC_ROAD_BUILDING: return cat_settle_spots(s, c->p) || pl->n_settle >= 5 ? 20 : 50;
    case PC_ALCHEMIST: return 40;
    default: return 60; /* the rules only offer cards that do something */
    }
}

static double trade_value(const ctx *c, int give, int get, int rate)
{
    const cat_state *s = c->s;
    const cat_player *pl = &s->pl[c->p];
    if (spare(c, give) < rate && c->wish[give] >= c->wish[get])
        return -1;
    /* does it complete a build? */
    uint8_t h[CAT_NKIND];
    memcpy(h, pl->hand, sizeof h);
    h[give] = (uint8_t)(h[give] - rate);
    h[get]++;
    cat_player tmp = *pl;
    memcpy(tmp.hand, h, sizeof h);
    int before_city = hand_has(pl, C_CITY), after_city = hand_has(&tmp, C_CITY);
    int before_set = hand_has(pl, C_SETTLE), after_set = hand_has(&tmp, C_SETTLE);
    if (after_city && !before_city && cat_city_spots(s, c->p))
        return 48;
    if (after_set && !before_set && cat_settle_spots(s, c->p) && pl->n_settle < 5)
        return 47;
    if (c->cf->ck && get >= CAT_NRES)
        for (int t = 0; t < 3; t++)
            if (cat_track_commodity[t] == get && pl->n_city && pl->impr[t] < 5 &&
                h[get] >= pl->impr[t] + 1 && pl->hand[get] < pl->impr[t] + 1)
                return 44;
    if (pl->ncards > 7 + (c->cf->ck ? 2 * pl->n_wall : 0) && c->wish[get] > c->wish[give] + 0.5)
        return 15;
    return -1;
}

static double main_score(ctx *c, kt_action a)
{
    const cat_state *s = c->s;
    const cat_player *pl = &s->pl[c->p];
    int x = ACT_X(a), y = ACT_Y(a), z = ACT_Z(a);
    int own = own_terrains(s, c->p);
    switch (ACT_K(a)) {
    case A_END: return 0;
    case A_CITY: return 100 + vertex_value(c, x, 0);
    case A_SETTLE: return 90 + vertex_value(c, x, own);
    case A_IMPROVE: return improve_value(c, x);
    case A_PLAY: return card_value(c, x);
    case A_RECRUIT: {
        int mine = knight_total(s, c->p, 0);
        if (c->threat > 0)
            return 66;
        return mine < 1 + pl->n_city ? 38 : 8;
    }
    case A_ACTIVATE:
        if (c->threat > 0 || s->barb >= 5)
            return 62;
        return s->barb >= 3 ? 22 : 3;
    case A_PROMOTE: return c->threat > 0 ? 35 : 18;
    case A_WALL: return pl->ncards >= 7 ? 26 : 9;
    case A_CHASE: return robber_value(c, s->robber) < 0 ? 57 : -1;
    case A_KMOVE:
        if (s->v_piece[y] == VP_KNIGHT)
            return 24; /* displace a weaker opponent */
        return -1;
    case A_ROAD: {
        if (pl->n_settle >= 5)
            return pl->n_road < 15 && s->lr_holder != c->p ? 6 : -1;
        if (cat_settle_spots(s, c->p) && !hand_has(pl, C_SETTLE))
            return -1;
        /* value of the best free site the road leads to */
        double best = -1;
        for (int i = 0; i < 2; i++) {
            int v = cat_e_v[x][i];
            if (s->occ >> v & 1)
                continue;
            for (int j = 0; j < 3; j++) {
                int w = cat_v_adj[v][j];
                if (w >= 0 && !(s->blocked >> w & 1)) {
                    double val = vertex_value(c, w, own);
                    if (val > best)
                        best = val;
                }
            }
            if (!(s->blocked >> v & 1)) {
                double val = vertex_value(c, v, own) + 2;
                if (val > best)
                    best = val;
            }
        }
        return best < 0 ? 4 : 30 + best;
    }
    case A_BANK: return trade_value(c, x, y, z);
    case A_BUYDEV: return 40;
    case A_PLAYDEV:
        switch (x) {
        case DV_KNIGHT:
            if (robber_value(c, s->robber) < 0)
                return 58;
            return pl->knights_played + 1 >= 3 && s->la_holder != c->p ? 52 : 25;
        case DV_ROAD_BUILDING: return 35;
        default: return 50;
        }
    case A_PROPOSE: {
        /* one missing card for a city or settlement, and a card to spare */
        int missing = -1, have = -1;
        const uint8_t *goal = hand_has(pl, C_CITY) ? NULL : C_CITY;
        if (!(pl->n_settle || pl->n_sideways))
            goal = C_SETTLE;
        if (!goal)
            return -1;
        int short_by = 0;
        for (int k = 0; k < CAT_NRES; k++)
            if (goal[k] > pl->hand[k]) {
                short_by += goal[k] - pl->hand[k];
                missing = k;
            }
        for (int k = 0; k < CAT_NKIND; k++)
            if (k != missing && spare(c, k) > 0)
                have = k;
        return short_by == 1 && have >= 0 && missing >= 0 ? 12 : -1;
    }
    }
    return -1;
}

/* ------------------------------------------------------------ other picks */

static double pick_score(ctx *c, const cat_frame *f, kt_action a)
{
    const cat_state *s = c->s;
    const cat_player *pl = &s->pl[c->p];
    int x = ACT_X(a), y = ACT_Y(a);
    int own = own_terrains(s, c->p);
    switch (f->kind) {
    case F_SETUP_BUILD: return vertex_value(c, x, own);
    case F_SETUP_ROAD:
    case F_ROAD_BUILDING:
    case F_DIPLOMAT_REBUILD: {
        if (ACT_K(a) == A_DONE)
            return 1;
        double best = 0;
        for (int i = 0; i < 2; i++) {
            int v = cat_e_v[x][i];
            for (int j = 0; j < 3; j++) {
                int w = cat_v_adj[v][j];
                if (w >= 0 && !(s->blocked >> w & 1) && w != f->a) {
                    double val = vertex_value(c, w, own);
                    if (val > best)
                        best = val;
                }
            }
        }
        return best + 2;
    }
    case F_ROLL:
        return ACT_K(a) == A_ROLL ? 10 : main_score(c, a) > 40 ? 20 : 5;
    case F_ALCHEMIST: {
        int sum = x + y;
        if (sum == 7)
            return -5;
        double v = 0;
        for (int h = 0; h < CAT_NH; h++) {
            if (s->number[h] != sum || h == s->robber)
                continue;
            uint64_t m = cat_hex_vmask[h] & s->occ;
            while (m) {
                int w = cat_ctz(m);
                m &= m - 1;
                if (s->v_piece[w] == VP_KNIGHT)
                    continue;
                int mult = s->v_piece[w] == VP_CITY ? 2 : 1;
                v += s->v_owner[w] == c->p ? 2.0 * mult : -0.7 * mult;
            }
        }
        return v - 0.01 * x; /* a low red die also helps progress draws */
    }
    case F_DISCARD:
    case F_GIVE:
    case F_HARBOR_GIVE:
        return pl->hand[x] - 2.0 * c->wish[x];
    case F_HARBOR_OFFER:
        return ACT_K(a) == A_SKIP ? 0.5 : spare(c, x) - c->wish[x];
    case F_ROBBER: return robber_value(c, x);
    case F_STEAL: return s->pl[x].ncards + 2.0 * cat_vp_public(c->g, s, x);
    case F_AQUEDUCT:
    case F_PLENTY:
    case F_MM_PICK:
    case F_MONO_RESOURCE:
    case F_MONO_COMMODITY:
        return c->wish[x];
    case F_PDISCARD: return -card_value(c, x) + (x == PC_MERCHANT ? 5 : 0);
    case F_CITY_LOSS: return -vertex_value(c, x, 0) - ((s->v_aux[x] & AUX_WALL) ? 3 : 0);
    case F_DEFENDER_DRAW: return pl->impr[x] + 0.1 * s->deck_n[x];
    case F_METROPOLIS: return vertex_value(c, x, 0);
    case F_TRADE_RESPOND: {
        if (ACT_K(a) == A_DECLINE)
            return 0;
        double gain = 0, loss = 0;
        for (int k = 0; k < CAT_NKIND; k++) {
            gain += s->tr_give[k] * c->wish[k];
            loss += s->tr_get[k] * c->wish[k];
        }
        /* do not feed a player about to win */
        if (cat_vp_public(c->g, s, s->h.turn_player) >= c->cf->vp_target - 2)
            return -1;
        return gain - loss - 0.3;
    }
    case F_TRADE_CHOOSE:
        return ACT_K(a) == A_CANCEL ? 0 : 10 - cat_vp_public(c->g, s, x);
    case F_RELOCATE:
    case F_DESERTER_PLACE: {
        double v = y;
        for (int i = 0; i < 3; i++) {
            int h = cat_v_hex[x][i];
            if (h >= 0 && h == s->robber)
                v += 3;
        }
        return v;
    }
    case F_TARGET:
        if (f->a == PC_SPY)
            return s->pl[x].nprog + 0.1 * cat_vp_public(c->g, s, x);
        if (f->a == PC_DESERTER)
            return knight_total(s, x, 0) + 0.1 * cat_vp_public(c->g, s, x);
        return s->pl[x].ncards + 0.5 * cat_vp_public(c->g, s, x);
    case F_SPY_PICK: return card_value(c, x);
    case F_DESERTER_REMOVE: return -(double)(s->v_aux[x] & KN_LEVEL) - ((s->v_aux[x] & KN_ACTIVE) ? 0.5 : 0);
    case F_DIPLOMAT: {
        int q = s->e_owner[x];
        if (q == c->p)
            return -5;
        return 1 + (s->lr_holder == q ? 5 : 0) + s->pl[q].road_len * 0.2;
    }
    case F_INTRIGUE: return s->v_aux[x] & KN_LEVEL;
    case F_INVENTOR_FIRST:
    case F_INVENTOR_SECOND: {
        /* move a good token onto our hex: first pick our weakest produced
         * hex, second the best token elsewhere */
        int mine = (cat_hex_vmask[x] & s->pl[c->p].bld) != 0;
        if (f->kind == F_INVENTOR_FIRST)
            return mine ? 10 - pips(s->number[x]) : pips(s->number[x]) - 10;
        int first_mine = (cat_hex_vmask[f->a] & s->pl[c->p].bld) != 0;
        return first_mine ? (mine ? -5 : pips(s->number[x])) : (mine ? 5 - pips(s->number[x]) : 0);
    }
    case F_MERCHANT: {
        int r = cat_terrain_res[s->terrain[x]];
        return r < 0 ? 0.5 : 1 + pl->hand[r] + c->prod[r] * 0.1;
    }
    case F_FLEET_TRADE: return trade_value(c, x, y, 2) + spare(c, x) + c->wish[y];
    case F_CRANE: return improve_value(c, x);
    case F_MEDICINE: return vertex_value(c, x, 0);
    case F_ENGINEER: return 1;
    case F_SMITH:
        if (ACT_K(a) == A_DONE)
            return 0;
        return 1 + (s->v_aux[x] & KN_LEVEL) + ((s->v_aux[x] & KN_ACTIVE) ? 0.5 : 0);
    case F_TRADE_COMPOSE: return 0; /* handled in compose() */
    }
    return 0;
}

/* Compose a one-for-one offer: a spare card for the one missing card. */
static kt_action compose(ctx *c, const kt_action *acts, int n)
{
    const cat_state *s = c->s;
    const cat_player *pl = &s->pl[c->p];
    int give = 0, get = 0;
    for (int k = 0; k < CAT_NKIND; k++) {
        give += s->tr_give[k];
        get += s->tr_get[k];
    }
    int want = best_of(c->wish, c->cf->ck ? CAT_NKIND : CAT_NRES);
    int offer = -1;
    double low = 1e9;
    for (int k = 0; k < (c->cf->ck ? CAT_NKIND : CAT_NRES); k++)
        if (k != want && pl->hand[k] > s->tr_give[k] && spare(c, k) > 0 && c->wish[k] < low) {
            low = c->wish[k];
            offer = k;
        }
    kt_action a = 0;
    if (!give && offer >= 0)
        a = ACT(A_OFFER, offer, 0, 0);
    else if (give && !get)
        a = ACT(A_ASK, want, 0, 0);
    else if (give && get)
        a = ACT(A_SEND, SEND_ALL, 0, 0);
    else
        a = ACT(A_CANCEL, 0, 0, 0);
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return a;
    return ACT(A_CANCEL, 0, 0, 0);
}

static kt_status hb_choose(void *ud, const kt_game *g, const kt_state *ks, kt_action *out,
                           kt_err *err)
{
    hb *b = ud;
    const cat_state *s = (const cat_state *)ks;
    kt_action acts[CAT_MAXLEGAL];
    int n = cat_legal(g, ks, acts);
    if (n <= 0)
        return kt_seterr(err, KT_EINTERNAL, "no legal action");
    const cat_frame *f = cat_ctop(s);
    ctx c;
    make_ctx(&c, g, s, f->player);
    if (f->kind == F_TRADE_COMPOSE) {
        *out = compose(&c, acts, n);
        return KT_OK;
    }
    double best = -1e18;
    int bi = 0, ties = 0;
    for (int i = 0; i < n; i++) {
        double v = f->kind == F_MAIN ? main_score(&c, acts[i]) : pick_score(&c, f, acts[i]);
        if (v > best + 1e-9) {
            best = v;
            bi = i;
            ties = 1;
        } else if (v > best - 1e-9) {
            /* reservoir choice among equal scores */
            ties++;
            if (kt_rng_below(&b->rng, (uint32_t)ties) == 0)
                bi = i;
        }
    }
    *out = acts[bi];
    return KT_OK;
}

static kt_status hb_create(const kt_game *g, const kt_optval *opts, uint64_t seed, void **ud,
                           kt_err *err)
{
    KT_UNUSED(opts);
    hb *b = kt_mem_alloc(&g->alloc, sizeof *b);
    if (!b)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    b->a = g->alloc;
    kt_rng_seed(&b->rng, kt_seed_derive(seed, 0xca7a));
    *ud = b;
    return KT_OK;
}

static void hb_destroy(void *ud)
{
    hb *b = ud;
    if (b) {
        kt_allocator a = b->a;
        kt_mem_free(&a, b, sizeof *b);
    }
}

const kt_botdef cat_bots[CAT_NBOTS] = {
    {.info = {"heuristic",
              "rule-based: placement by pips and variety, builds toward VP, knights against the "
              "barbarians, plays progress cards, bank trades that complete a build",
              NULL, 0},
     .create = hb_create,
     .choose = hb_choose,
     .destroy = hb_destroy},
};
