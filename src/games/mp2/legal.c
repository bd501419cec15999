/*
 * legal.c - the legal actions of every Marco Polo II decision
 * (gamedef.legal): the turn decision (every open space times every way to
 * put dice on it, then bonus actions and "end turn") and the generators of
 * the decision effects on the stack.  The order of the list is part of the
 * behaviour (random play picks by index, the bench fingerprint follows).
 *
 * Data layout: no state of its own.
 */
#include <stddef.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "mp2.h"

/* ------------------------------------------------------------ legal: turn */

/* The turn decision is the hot path of random play (about four in five
 * decisions): every open space times every way to put its dice down.  So
 * the player's dice are summarised once per call as "kinds" (own 1..6,
 * black 1..6, Donata's pieces), each kind already a one-die placement;
 * pairs and triples are built from them by plain arithmetic, and only
 * when a space needs them.  The order of the generated actions is part of
 * the behaviour (random play picks by index) and is: spaces in index
 * order; per space the multisets of kinds in lexicographic order. */

typedef struct combo {
    uint32_t code;  /* dice codes, 5 bits each, in kind order */
    uint8_t low;    /* lowest value (a piece counts as 6) */
    uint8_t nown;   /* own dice in it */
    uint8_t npiece; /* pieces in it */
    uint8_t pieces; /* colours of the pieces used */
} combo;

typedef struct dkinds {
    int n;           /* kinds; Donata's pieces are the last npiece */
    int npiece;
    combo one[16];   /* each kind as a one-die placement */
    uint8_t cnt[16]; /* dice of that kind */
    int own, black;  /* unplaced own / black dice */
    /* kinds as bit sets (bit i = kind i), for one-die spaces */
    uint32_t own_set, piece_set;
    uint32_t ge[8]; /* kinds with value >= v (ge[7] empty) */
} dkinds;

/* Each own and black die value as a one-die placement, copied rather than
 * built per call (die_kinds runs for every turn decision's list). */
#define ONE(t, v, own) {MP2_DIE(t, v), v, own, 0, 0}
static const combo one_own[7] = {{0, 0, 0, 0, 0}, ONE(DT_OWN, 1, 1), ONE(DT_OWN, 2, 1),
                                 ONE(DT_OWN, 3, 1), ONE(DT_OWN, 4, 1), ONE(DT_OWN, 5, 1),
                                 ONE(DT_OWN, 6, 1)};
static const combo one_black[7] = {{0, 0, 0, 0, 0}, ONE(DT_BLACK, 1, 0), ONE(DT_BLACK, 2, 0),
                                   ONE(DT_BLACK, 3, 0), ONE(DT_BLACK, 4, 0),
                                   ONE(DT_BLACK, 5, 0), ONE(DT_BLACK, 6, 0)};
#undef ONE

/* Values 1..6 held (bit v - 1) of own[] and blk[] and how many dice:
 * sixteen bytes compared and summed at once where SSE2 is there. */
static void dice_present(const mp2_player *pl, unsigned *own_vals, unsigned *blk_vals, int *own,
                         int *black)
{
#ifdef __SSE2__
    _Static_assert(offsetof(mp2_player, blk) == offsetof(mp2_player, own) + 7 &&
                   offsetof(mp2_player, own) + 16 <= sizeof(mp2_player),
                   "own[0..6] and blk[0..6] in one 16-byte load inside the player");
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)pl->own);
    /* bytes 1..6 (own[1..6]) and 8..13 (blk[1..6]) */
    x = _mm_and_si128(x, _mm_setr_epi8(0, -1, -1, -1, -1, -1, -1, 0, -1, -1, -1, -1, -1, -1, 0, 0));
    unsigned held = ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_setzero_si128()));
    __m128i sum = _mm_sad_epu8(x, _mm_setzero_si128());
    *own_vals = held >> 1 & 63;
    *blk_vals = held >> 8 & 63;
    *own = _mm_cvtsi128_si32(sum);
    *black = _mm_cvtsi128_si32(_mm_unpackhi_epi64(sum, sum));
#else
    *own_vals = *blk_vals = 0;
    *own = *black = 0;
    for (int v = 1; v <= 6; v++) {
        *own_vals |= (unsigned)(pl->own[v] != 0) << (v - 1);
        *blk_vals |= (unsigned)(pl->blk[v] != 0) << (v - 1);
        *own += pl->own[v];
        *black += pl->blk[v];
    }
#endif
}

/* The kinds in order: own values, black values, then Donata's pieces; a
 * loop per value held (a player holds a few of the twelve). */
static void die_kinds(const mp2_player *pl, dkinds *d)
{
    int n = 0;
    unsigned own_vals, blk_vals;
    dice_present(pl, &own_vals, &blk_vals, &d->own, &d->black);
    for (; own_vals; own_vals &= own_vals - 1) {
        int v = __builtin_ctz(own_vals) + 1;
        d->one[n] = one_own[v];
        d->cnt[n++] = pl->own[v];
    }
    d->own_set = (1u << n) - 1;
    for (; blk_vals; blk_vals &= blk_vals - 1) {
        int v = __builtin_ctz(blk_vals) + 1;
        d->one[n] = one_black[v];
        d->cnt[n++] = pl->blk[v];
    }
    int first_piece = n;
    if (pl->pieces)
        for (int col = 0; col < MP2_MAXP; col++)
            if ((pl->pieces >> col) & 1) {
                combo *x = &d->one[n];
                x->code = MP2_DIE(DT_PIECE, col + 1);
                x->low = 6;
                x->nown = 0;
                x->npiece = 1;
                x->pieces = (uint8_t)(1 << col);
                d->cnt[n++] = 1;
            }
    d->n = n;
    d->npiece = n - first_piece;
    d->piece_set = ((1u << n) - 1) & ~((1u << first_piece) - 1);
}

/* d->ge[]: only the placement generator needs it. */
static void die_kinds_ge(dkinds *d)
{
    uint32_t ge[8] = {0};
    for (int i = 0; i < d->n; i++)
        ge[d->one[i].low] |= 1u << i;
    d->ge[7] = 0;
    for (int v = 6; v >= 0; v--)
        d->ge[v] = ge[v] | d->ge[v + 1];
}

/* a followed by b, b's codes shifted to bit `shift` */
static inline combo combine(const combo *a, const combo *b, int shift)
{
    combo r;
    r.code = a->code | b->code << shift;
    r.low = a->low < b->low ? a->low : b->low;
    r.nown = (uint8_t)(a->nown + b->nown);
    r.npiece = (uint8_t)(a->npiece + b->npiece);
    r.pieces = (uint8_t)(a->pieces | b->pieces);
    return r;
}

/* All multisets of 2 dice, in lexicographic order of kinds. */
static int combos2(const dkinds *d, combo *out)
{
    int n = 0;
    for (int i = 0; i < d->n; i++)
        for (int j = d->cnt[i] >= 2 ? i : i + 1; j < d->n; j++)
            out[n++] = combine(&d->one[i], &d->one[j], 5);
    return n;
}

/* All multisets of 3 dice, in lexicographic order of kinds. */
static int combos3(const dkinds *d, combo *out)
{
    int n = 0;
    for (int i = 0; i < d->n; i++)
        for (int j = d->cnt[i] >= 2 ? i : i + 1; j < d->n; j++) {
            combo ij = combine(&d->one[i], &d->one[j], 5);
            /* the third die may repeat kind j if enough dice of it remain */
            int need = 2 + (j == i);
            for (int l = d->cnt[j] >= need ? j : j + 1; l < d->n; l++)
                out[n++] = combine(&ij, &d->one[l], 10);
        }
    return n;
}

/* Guilds player p may still take whatever the die (not held, copies
 * left), as a bit mask. */
static int seals_open(const mp2_cfg *c, const mp2_state *s, int p)
{
    /* holders per guild, one nibble each */
    unsigned held = 0;
    for (int q = 0; q < c->np; q++) {
        unsigned x = s->pl[q].seals & 15u;
        held += (x & 1u) | (x & 2u) << 3 | (x & 4u) << 6 | (x & 8u) << 9;
    }
    int m = 0;
    for (int g = 0; g < MP2_NGUILD; g++)
        if (((held >> (4 * g)) & 15u) < c->guild[g].copies)
            m |= 1 << g;
    return m & ~s->pl[p].seals & 15;
}



/* Can city card `cd` be resolved at least once?  Cards are single-use
 * spaces, so no fee is ever paid; the die matters only for the minimum
 * (checked by the caller) and for the guild-seal card (seal_any: some
 * guild takeable with a 6). */
static int card_usable(const mp2_cfg *c, const mp2_state *s, int p, const mp2_card *cd,
                       int seal_any)
{
    const mp2_player *pl = &s->pl[p];
    switch (cd->kind) {
    case CK_TRADE:
        return mp2_can_pay_b(pl, &c->rw[cd->pay].alt[0], 1);
    case CK_EITHER:
        return mp2_can_pay_b(pl, &c->rw[cd->pay].alt[0], 1) ||
               mp2_can_pay_b(pl, &c->rw[cd->pay2].alt[0], 1);
    case CK_PERCONTRACT:
        return pl->ndone > 0;
    case CK_PERPOST:
        return pl->nposts > 0;
    case CK_BONUSES:
        return mp2_bonus_posts(c, s, p) > 0;
    case CK_SEALS:
        return seal_any && mp2_can_pay_b(pl, &c->rw[cd->pay].alt[0], 1);
    }
    return 0;
}

/* Donata's pieces open a city card of a city where a post of the piece's
 * colour stands, or (colours nobody plays) a city without posts. */
static int pieces_open_city(const mp2_cfg *c, const mp2_state *s, uint8_t pieces, int loc)
{
    int anyone = 0;
    for (int q = 0; q < c->np; q++)
        anyone |= (int)((s->pl[q].posts >> loc) & 1);
    for (int col = 0; col < MP2_MAXP; col++) {
        if (!((pieces >> col) & 1))
            continue;
        if (col < c->np ? (int)((s->pl[col].posts >> loc) & 1) : !anyone)
            return 1;
    }
    return 0;
}

typedef struct tctx {
    const mp2_cfg *c;
    const mp2_state *s;
    int p;
    /* the list: actions [buf, out); a cursor rather than a count, which
     * the compiler had to reload after every store of an action (an int
     * may alias the list's uint32_t entries, a pointer may not) */
    kt_action *buf, *out;
    int own, black;      /* unplaced own / black dice of the player */
    int seals;           /* -1 unknown, else seals_open() */
    int travel_ok[3][7]; /* -1 unknown, else whether a first leg exists for fee f */
} tctx;

static int seal_ok(tctx *t, int die)
{
    if (t->seals < 0)
        t->seals = seals_open(t->c, t->s, t->p);
    return (t->seals & t->c->seal_die[die]) != 0;
}

static void emit(tctx *t, kt_action a) { *t->out++ = a; }

static void gen_space(tctx *t, int sp, const combo *cbs, int ncb)
{
    const mp2_cfg *c = t->c;
    const mp2_state *s = t->s;
    int p = t->p;
    const mp2_player *pl = &s->pl[p];
    const mp2_space *x = &s->sp[sp];
    const mp2_card *cd = NULL;
    int card_loc = -1;
    /* everything that depends only on the space, hoisted out of the loop */
    int lowmin = c->sp_min[sp];
    if (sp == SP_KHAN && x->used && s->khan[x->used - 1] > lowmin)
        lowmin = s->khan[x->used - 1];
    int own_blocked = (x->occ >> p) & 1;
    int piece_blocked = x->used && sp != SP_KHAN;
    int fee_applies = x->used && c->sp_fee[sp];
    /* the most a fee may be (coins, or jade for the shortfall) */
    int maxfee = fee_applies ? pl->res[IT_COIN] + pl->res[IT_JADE] : 6;
    enum { K_PLAIN, K_SEALS, K_TRAVEL, K_SPECIAL, K_CARD } kind = K_PLAIN;
    int other_own = 0;
    if (sp == SP_SEALS) {
        kind = K_SEALS;
    } else if (sp >= SP_TRAVEL1 && sp <= SP_TRAVEL3) {
        kind = K_TRAVEL;
    } else if (sp >= SP_SPECIAL && sp < SP_CARD) {
        int k = (sp - SP_SPECIAL) / 2, other = SP_SPECIAL + 2 * k + (1 - (sp - SP_SPECIAL) % 2);
        kind = K_SPECIAL;
        other_own = (s->sp[other].occ >> p) & 1; /* one colour per special city */
    } else if (sp >= SP_CARD) {
        cd = &c->card[s->card_slot[sp - SP_CARD]];
        if (cd->min > lowmin)
            lowmin = cd->min;
        if (sp - SP_CARD < MP2_NCARDCITY && !((pl->posts >> c->card_loc[sp - SP_CARD]) & 1))
            card_loc = c->card_loc[sp - SP_CARD]; /* open only through a piece */
        if (cd->kind == CK_SEALS || card_loc >= 0)
            kind = K_CARD;
    }
    /* dice kinds a placement may not contain here */
    int no_own = own_blocked || (kind == K_SPECIAL && other_own);
    for (int i = 0; i < ncb; i++) {
        const combo *cb = &cbs[i];
        if (cb->low < lowmin || cb->low > maxfee || (no_own && cb->nown) ||
            (piece_blocked && cb->npiece))
            continue;
        switch (kind) {
        case K_SEALS:
            if (!seal_ok(t, cb->low))
                continue;
            break;
        case K_TRAVEL: {
            int fee = fee_applies ? cb->low : 0;
            int *cache = &t->travel_ok[sp - SP_TRAVEL1][fee];
            if (*cache < 0)
                *cache = mp2_first_leg_exists(c, s, p, fee + (sp == SP_TRAVEL1 ? 2 : 0));
            if (!*cache)
                continue;
            break;
        }
        case K_CARD:
            if ((cd->kind == CK_SEALS && !seal_ok(t, cb->low)) ||
                (card_loc >= 0 && !(cb->npiece && pieces_open_city(c, s, cb->pieces, card_loc))))
                continue;
            break;
        default:
            break;
        }
        emit(t, MP2_ACT(A_PLACE, (uint32_t)sp | (cb->code << 8)));
    }
}

static int can_start_route(const mp2_cfg *c, const mp2_state *s, int p, int tile);
static uint64_t route_targets(const mp2_cfg *c, const mp2_state *s, int p, int tile);

/* Some route tile can be started now (checked on every turn decision of a
 * Caravans game, so the common case is decided on shields alone). */
static int route_start_ok(const mp2_cfg *c, const mp2_state *s, int p)
{
    const mp2_player *pl = &s->pl[p];
    unsigned figsh = 0; /* shields of the cities where a figure stands */
    for (int f = 0; f < mp2_nfigs(s, p); f++)
        if (c->loc[pl->fig[f]].kind == LK_CITY)
            figsh |= 1u << c->loc[pl->fig[f]].shield;
    if (!figsh)
        return 0;
    for (int tl = 0; tl < c->nrtile; tl++) {
        const mp2_rtile *rt = &c->rtile[tl];
        if (s->rtile[tl] != RT_UP || !(figsh & (1u << rt->crest[0] | 1u << rt->crest[1])))
            continue;
        /* every crest is on some city (checked by the loader), so only
         * Mailin & Tian Chin's exclusion can leave no target */
        if (!mp2_has_char(s, p, CH_MAILIN) || route_targets(c, s, p, tl))
            return 1;
    }
    return 0;
}

/* gen_space for a one-die space: the same conditions, as bit sets over
 * the kinds (most open spaces take one die). */
static void gen_space1(tctx *t, int sp, const dkinds *d)
{
    const mp2_cfg *c = t->c;
    const mp2_state *s = t->s;
    int p = t->p;
    const mp2_player *pl = &s->pl[p];
    const mp2_space *x = &s->sp[sp];
    int lowmin = c->sp_min[sp];
    if (sp == SP_KHAN && x->used && s->khan[x->used - 1] > lowmin)
        lowmin = s->khan[x->used - 1];
    int fee_applies = x->used && c->sp_fee[sp];
    int no_own = (x->occ >> p) & 1;
    int seals = sp == SP_SEALS; /* De Wu's one-die Guild Seals, or the seal card */
    uint32_t ok = 0;
    if (sp >= SP_CARD) {
        const mp2_card *cd = &c->card[s->card_slot[sp - SP_CARD]];
        if (cd->min > lowmin)
            lowmin = cd->min;
        ok = d->ge[lowmin];
        if (sp - SP_CARD < MP2_NCARDCITY && !((pl->posts >> c->card_loc[sp - SP_CARD]) & 1)) {
            /* open only through a piece of a fitting colour */
            uint32_t pc = ok & d->piece_set, keep = 0;
            for (; pc; pc &= pc - 1) {
                int i = __builtin_ctz(pc);
                if (pieces_open_city(c, s, d->one[i].pieces, c->card_loc[sp - SP_CARD]))
                    keep |= 1u << i;
            }
            ok = keep;
        }
        seals = cd->kind == CK_SEALS;
    } else {
        ok = d->ge[lowmin];
        if (sp >= SP_SPECIAL) {
            int k = (sp - SP_SPECIAL) / 2, other = SP_SPECIAL + 2 * k + (1 - (sp - SP_SPECIAL) % 2);
            no_own |= (s->sp[other].occ >> p) & 1; /* one colour per special city */
        }
        if (fee_applies) {
            int maxfee = pl->res[IT_COIN] + pl->res[IT_JADE];
            if (maxfee < 6)
                ok &= ~d->ge[maxfee < 0 ? 0 : maxfee + 1];
        }
    }
    if (no_own)
        ok &= ~d->own_set;
    if (x->used && sp != SP_KHAN)
        ok &= ~d->piece_set; /* pieces only on free spaces */
    if (seals)
        for (uint32_t m = ok; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            if (!seal_ok(t, d->one[i].low))
                ok &= ~(1u << i);
        }
    if (sp == SP_TRAVEL1)
        for (uint32_t m = ok; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            int fee = fee_applies ? d->one[i].low : 0;
            int *cache = &t->travel_ok[0][fee];
            if (*cache < 0)
                *cache = mp2_first_leg_exists(c, s, p, fee + 2);
            if (!*cache)
                ok &= ~(1u << i);
        }
    for (; ok; ok &= ok - 1)
        emit(t, MP2_ACT(A_PLACE, (uint32_t)sp | (d->one[__builtin_ctz(ok)].code << 8)));
}

/* Pairs and triples of dice, built when the first space needs them. */
typedef struct multi {
    int n2, n3;
    combo c2[160], c3[600];
} multi;

static void gen_k(tctx *t, int sp, int k, const dkinds *d, multi *m)
{
    if (k == 1) {
        gen_space1(t, sp, d);
    } else if (k == 2) {
        if (m->n2 < 0)
            m->n2 = combos2(d, m->c2);
        gen_space(t, sp, m->c2, m->n2);
    } else {
        if (m->n3 < 0)
            m->n3 = combos3(d, m->c3);
        gen_space(t, sp, m->c3, m->n3);
    }
}

/* Not closed for this player: a single-use space already used, or the
 * player's colour there and no black die to put beside it. */
static inline int space_free(const tctx *t, int sp)
{
    const mp2_space *x = &t->s->sp[sp];
    return !(t->c->sp_single[sp] && x->used) && !(((x->occ >> t->p) & 1) && t->black == 0);
}

/* Placements on every space, in space order.  Each space is its own
 * statement rather than one loop with a switch: the conditions differ per
 * space, and separate branches are predicted separately. */
static void gen_places(tctx *t, const dkinds *d)
{
    const mp2_cfg *c = t->c;
    const mp2_state *s = t->s;
    int p = t->p;
    const mp2_player *pl = &s->pl[p];
    multi m;
    m.n2 = m.n3 = -1;
    memset(t->travel_ok, 0xff, sizeof t->travel_ok);
    /* a placement made only of Donata's pieces is fine while dice remain */
    for (int sp = SP_BOOK1; sp <= SP_BOOK3B; sp++)
        if (space_free(t, sp))
            gen_k(t, sp, c->sp_dice[sp], d, &m);
    if (space_free(t, SP_KHAN) && s->sp[SP_KHAN].used < 4)
        gen_k(t, SP_KHAN, c->sp_dice[SP_KHAN], d, &m);
    if (space_free(t, SP_SEALS) && seal_ok(t, 6))
        gen_k(t, SP_SEALS, mp2_has_char(s, p, CH_DEWU) ? 1 : c->sp_dice[SP_SEALS], d, &m);
    if (space_free(t, SP_CONTRACTS) && mp2_contract_avail(c, s, p, MP2_NOLOC))
        gen_k(t, SP_CONTRACTS, c->sp_dice[SP_CONTRACTS], d, &m);
    if (space_free(t, SP_TRAVEL1))
        gen_k(t, SP_TRAVEL1, c->sp_dice[SP_TRAVEL1], d, &m);
    if (!mp2_has_char(s, p, CH_GANTULGA))
        for (int sp = SP_TRAVEL2; sp <= SP_TRAVEL3; sp++)
            if (space_free(t, sp))
                gen_k(t, sp, c->sp_dice[sp], d, &m);
    /* special cities: a post there */
    for (int k = 0; k < MP2_NSPECIAL; k++)
        if ((pl->posts >> c->special_loc[k]) & 1)
            for (int sp = SP_SPECIAL + 2 * k; sp < SP_SPECIAL + 2 * k + 2; sp++)
                if (space_free(t, sp))
                    gen_space1(t, sp, d);
    /* city cards: a post there or one of Donata's pieces; the two of the
     * action area are open to all */
    for (int slot = 0; slot < 8; slot++) {
        int card = s->card_slot[slot], sp = SP_CARD + slot;
        if (card == MP2_NONE || !space_free(t, sp))
            continue;
        if (slot < MP2_NCARDCITY && !((pl->posts >> c->card_loc[slot]) & 1) && !pl->pieces)
            continue;
        const mp2_card *cd = &c->card[card];
        if (card_usable(c, s, p, cd, cd->kind == CK_SEALS && seal_ok(t, 6)))
            gen_space1(t, sp, d);
    }
}

static void gen_turn(tctx *t)
{
    const mp2_cfg *c = t->c;
    const mp2_state *s = t->s;
    int p = t->p;
    const mp2_player *pl = &s->pl[p];
    dkinds dk;
    die_kinds(pl, &dk);
    t->own = dk.own;
    t->black = dk.black;
    t->seals = -1;
    int dice = t->own + t->black;
    if (!s->main_done && dice > 0) {
        die_kinds_ge(&dk);
        gen_places(t, &dk);
    }
    /* bonus actions: Donata's pieces are the last kinds and take no part */
    int ndice = dk.n - dk.npiece;
    for (int i = 0; i < ndice; i++)
        for (int ch = 0; ch < 3; ch++)
            emit(t, MP2_ACT(A_BAG, dk.one[i].code | (uint32_t)ch << 5));
    if (mp2_can_pay(pl, 0, 1, 0))
        for (int i = 0; i < ndice; i++)
            emit(t, MP2_ACT(A_REROLL, dk.one[i].code));
    if (mp2_can_pay(pl, 0, 2, 0))
        for (int i = 0; i < ndice; i++) {
            if (dk.one[i].low > 1)
                emit(t, MP2_ACT(A_SHIFT, dk.one[i].code));
            if (dk.one[i].low < 6)
                emit(t, MP2_ACT(A_SHIFT, dk.one[i].code | 32u));
        }
    if (!(pl->tflags & TF_BLACK) && s->black_pool > 0 && mp2_can_pay(pl, 0, 3, 0))
        emit(t, MP2_ACT(A_BUYBLACK, 0));
    for (int i = 0; i < 2; i++) {
        int k = pl->con[i];
        if (k == MP2_NONE)
            continue;
        if (mp2_can_pay_b(pl, &c->rw[c->contract[k].cost].alt[0], 1))
            emit(t, MP2_ACT(A_COMPLETE, (uint32_t)i));
        if (mp2_has_char(s, p, CH_VIDAL))
            emit(t, MP2_ACT(A_COMPLETE, (uint32_t)i | 2u));
    }
    int unimproved = pl->seals & ~(pl->seals >> 4) & 15;
    for (int g = 0; g < MP2_NGUILD && unimproved; g++) {
        if (!((unimproved >> g) & 1))
            continue;
        mp2_bundle cost = c->rw[c->guild[g].improve].alt[0];
        if (mp2_has_char(s, p, CH_TEBALDO))
            cost.n[IT_COIN] = 0;
        if (mp2_can_pay_b(pl, &cost, 1))
            emit(t, MP2_ACT(A_IMPROVE, (uint32_t)g));
    }
    if (pl->kept)
        for (int i = 0; i < MP2_NOUTPOSTS; i++)
            if ((pl->kept >> i) & 1)
                emit(t, MP2_ACT(A_FILIPPO, (uint32_t)i));
    if (mp2_has_char(s, p, CH_VIDAL) && !(pl->tflags & TF_VIDAL) && pl->res[IT_PEPPER] > 0 &&
        pl->res[IT_SILK] > 0 && pl->res[IT_GOLD] > 0)
        emit(t, MP2_ACT(A_VIDAL, 0));
    if (c->caravans) {
        int ncv = mp2_has_char(s, p, CH_PIEDRO) ? 2 : 1;
        for (int i = 0; i < ncv; i++) {
            if (pl->cv_loc[i] == MP2_NOLOC) {
                if (pl->res[IT_PEPPER] + pl->res[IT_SILK] + pl->res[IT_GOLD] == 0)
                    continue;
                if (route_start_ok(c, s, p))
                    emit(t, MP2_ACT(A_CVSTART, (uint32_t)i));
            } else {
                for (int f = 0; f < mp2_nfigs(s, p); f++)
                    if (pl->fig[f] == pl->cv_loc[i]) {
                        emit(t, MP2_ACT(A_CVDONE, (uint32_t)i));
                        break;
                    }
            }
        }
    }
    if (s->main_done || dice == 0)
        emit(t, MP2_ACT(A_END, 0));
}

/* ------------------------------------------------------------ caravans */

/* Cities where a caravan on route tile `tile` may start: a figure stands
 * in a city with one crest of the tile, the caravan goes to a city with
 * the other (Mailin & Tian Chin: not a city with one of her figures). */
static uint64_t route_targets(const mp2_cfg *c, const mp2_state *s, int p, int tile)
{
    const mp2_player *pl = &s->pl[p];
    uint64_t figs = 0, cand = 0;
    for (int f = 0; f < mp2_nfigs(s, p); f++)
        figs |= 1ull << pl->fig[f];
    for (int k = 0; k < 2; k++) {
        int here = c->rtile[tile].crest[k], there = c->rtile[tile].crest[1 - k];
        if (figs & c->shield_mask[here])
            cand |= c->shield_mask[there];
    }
    if (mp2_has_char(s, p, CH_MAILIN))
        cand &= ~figs;
    return cand;
}

/* Route tile `tile` can be started now: face up and with a target city. */
static int can_start_route(const mp2_cfg *c, const mp2_state *s, int p, int tile)
{
    return s->rtile[tile] == RT_UP && route_targets(c, s, p, tile) != 0;
}

/* ------------------------------------------------------------ legal: decisions */

#define PICK(x) (buf[n++] = MP2_ACT(A_PICK, (uint32_t)(x)))

/* The options of the move, post, card and caravan decisions (the rest of mp2_gen_decision). */
static int gen_decision_rest(const mp2_cfg *c, const mp2_state *s, const mp2_eff *e,
                             kt_action *buf)
{
    int n = 0;
    int p = e->p;
    const mp2_player *pl = &s->pl[p];
    switch (e->type) {
    case EF_MOVE: {
        const mp2_move *mv = &s->mv;
        if (!mv->on)
            break;
        for (int f = 0; f < mp2_nfigs(s, p); f++) {
            const mp2_loc *l = &c->loc[pl->fig[f]];
            int cost = mp2_step_cost(c, s, p, f);
            if (cost > mv->steps)
                continue;
            for (int k = 0; k < l->nadj; k++)
                if (mp2_leg_ok(c, s, p, &c->route[l->route[k]], 0))
                    buf[n++] = MP2_ACT(A_MOVE, (uint32_t)f << 8 | l->adj[k]);
        }
        if (n > 0 && (mv->legs > 0 || !(mv->flags & MV_TRAVEL)))
            buf[n++] = MP2_ACT(A_DONE, 0);
        break;
    }
    case EF_MOVEPOST:
        for (int l = 0; l < c->nloc; l++)
            if ((pl->posts >> l) & 1)
                PICK(l);
        break;
    case EF_XPOST:
        for (int l = 0; l < c->nloc; l++)
            if (((s->xmask >> l) & 1) && !((pl->posts >> l) & 1))
                PICK(l);
        if (n > 0)
            buf[n++] = MP2_ACT(A_DONE, 0);
        break;
    case EF_CARD: {
        const mp2_card *cd = &c->card[e->a];
        int tmax = mp2_card_times(cd, e->b);
        for (int dir = 0; dir < (cd->kind == CK_EITHER ? 2 : 1); dir++) {
            const mp2_bundle *pay = &c->rw[dir ? cd->pay2 : cd->pay].alt[0];
            for (int k = 1; k <= tmax; k++)
                if (mp2_can_pay_b(pl, pay, k))
                    PICK(dir << 4 | k);
        }
        break;
    }
    case EF_CARDBONUS:
        for (int b = 0; b < MP2_NBONUSCITY; b++)
            if (((pl->posts >> c->bonus_loc[b]) & 1) && !((e->d >> b) & 1))
                PICK(b);
        if (n > 0 && e->c > 0)
            buf[n++] = MP2_ACT(A_DONE, 0);
        break;
    case EF_CVMOVE: {
        int loc = pl->cv_loc[e->a];
        const mp2_loc *l = &c->loc[loc];
        for (int k = 0; k < l->nadj; k++) {
            const mp2_route *r = &c->route[l->route[k]];
            if (!r->seal || mp2_has_seal(pl, r->seal - 1))
                buf[n++] = MP2_ACT(A_MOVE, l->adj[k]);
        }
        if (n > 0)
            buf[n++] = MP2_ACT(A_DONE, 0);
        break;
    }
    case EF_CVLOAD:
        for (int i = IT_PEPPER; i <= IT_GOLD; i++)
            if (pl->res[i] > 0)
                PICK(i);
        if (n > 0 && e->b > 0)
            buf[n++] = MP2_ACT(A_DONE, 0);
        break;
    case EF_CVTILE:
        for (int t = 0; t < c->nrtile; t++)
            if (can_start_route(c, s, p, t))
                PICK(t);
        break;
    case EF_CVCITY: {
        uint64_t m = route_targets(c, s, p, e->d);
        for (int l = 0; l < c->nloc; l++)
            if ((m >> l) & 1)
                PICK(l);
        break;
    }
    case EF_CVSELL: {
        int gd = pl->cv_goods[e->a][e->b];
        PICK(0);
        if (gd != IT_GOLD)
            PICK(1);
        PICK(2);
        break;
    }
    case EF_CVRETURN:
        PICK(0);
        PICK(1);
        break;
    default:
        break;
    }
    return n;
}

int mp2_gen_decision(const mp2_cfg *c, const mp2_state *s, const mp2_eff *e, kt_action *buf)
{
    int n = 0;
    int p = e->p;
    const mp2_player *pl = &s->pl[p];
    switch (e->type) {
    case EF_DRAFT:
        for (int i = 0; i <= c->np; i++)
            if (s->draft[i] != MP2_NONE)
                PICK(i);
        break;
    case EF_GOAL:
        for (int i = 0; i < 3; i++)
            PICK(i);
        break;
    case EF_MAILIN: {
        uint16_t src[16];
        int k = mp2_income_sources(c, s, p, src);
        for (int i = 0; i < k; i++)
            PICK(src[i]);
        break;
    }
    case EF_COPY:
        for (int b = 0; b < MP2_NBONUSCITY; b++)
            if (!c->marker[s->marker[b]].copy && !((e->d >> b) & 1))
                PICK(b);
        break;
    case EF_COMP:
        for (int i = 0; i <= e->a; i++)
            PICK(i);
        break;
    case EF_ISABELLA:
        PICK(0);
        for (int v = 1; v <= 6; v++)
            if (pl->own[v] >= 2)
                PICK(v);
        break;
    case EF_ALT:
        for (int i = 0; i < c->rw[e->a].nalt; i++)
            PICK(i);
        break;
    case EF_GOOD:
        for (int i = IT_PEPPER; i <= IT_GOLD; i++)
            PICK(i);
        break;
    case EF_MARKET:
        PICK(0);
        PICK(1);
        if (pl->res[IT_JADE] >= 1)
            PICK(2);
        if (pl->res[IT_JADE] >= 2)
            PICK(3);
        break;
    case EF_SEAL: {
        int m = seals_open(c, s, p) & c->seal_die[e->b];
        for (int g = 0; g < MP2_NGUILD; g++)
            if ((m >> g) & 1)
                PICK(g);
        break;
    }
    case EF_CONTRACT:
        for (int i = 0; i < MP2_NCCITY; i++) {
            int l = c->ccity_loc[i];
            if ((e->a != MP2_NOLOC && l != e->a) || !((pl->posts >> l) & 1))
                continue;
            for (int j = 0; j < 2; j++)
                if (s->cboard[i][j] != MP2_NONE)
                    PICK(i * 2 + j);
        }
        /* the Contracts action takes at least one; rewards and arrivals may
         * take none */
        if (n > 0 && !(e->c & 1 && !(e->c & 2)))
            buf[n++] = MP2_ACT(A_DONE, 0);
        break;
    case EF_DISCARD:
        for (int i = 0; i < 2; i++)
            if (!((pl->fresh >> i) & 1))
                PICK(i);
        if (e->b || n == 0)
            PICK(2);
        break;
    default:
        return gen_decision_rest(c, s, e, buf);
    }
#undef PICK
    return n;
}

/* ------------------------------------------------------------ legal */

int mp2_max_legal(const mp2_cfg *c)
{
    KT_UNUSED(c);
    return MP2_MAXLEGAL;
}

int mp2_legal(const kt_game *g, const kt_state *st, kt_action *buf)
{
    const mp2_cfg *c = mp2_config(g);
    const mp2_state *s = (const mp2_state *)st;
    if (s->h.status != KT_RUNNING)
        return 0;
    if (s->nstack)
        return mp2_gen_decision(c, s, &s->stack[s->nstack - 1], buf);
    tctx t;
    t.c = c;
    t.s = s;
    t.p = s->h.turn_player;
    t.buf = t.out = buf;
    gen_turn(&t);
    return (int)(t.out - t.buf);
}
