/*
 * check.c - Marco Polo II invariants (mp2_check).  The soaks run it after
 * every action and the core after every load, so it must refuse every
 * state the rules cannot reach in a way that matters: an index out of
 * range, a broken conservation law, or a pending-effect stack the rules
 * could not have built.  A state it accepts can be played on without
 * reading or writing out of bounds and always offers a legal action.
 *
 * Data layout: none of its own; it reads mp2_state (mp2.h).  The checks go
 * from single fields to relations: each player, the components (every
 * contract, city card, tile and goal card exactly once), the board and the
 * round phase, then the effect stack.  The stack's shape follows from the
 * few places rules.c pushes effects:
 *   set-up   GOAL for players np-1..0 (bottom to top), then in a draft
 *            DRAFT for players 0..np-1; a prefix of that list remains.
 *   round    STARTPLAY at the bottom, ROLL (first player) while the dice
 *            are not rolled, INCOME frames in reverse seat order from the
 *            first player, then the income bonuses of the one player being
 *            paid; after the roll only ISABELLA/COMP frames in seat order.
 *   play     every effect belongs to the turn player; no set-up or round
 *            effects.  Effects that are decided as soon as they are pushed
 *            (MARKET, SEAL, CARD, DISCARD, ...) can only be on top.
 * Each effect's own fields are checked by mp2_eff_valid (the loader calls
 * it per entry, for a message naming the entry).
 */
#include <string.h>

#include "mp2.h"

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        kt_buf_printf(why, __VA_ARGS__);                                                           \
        return 0;                                                                                  \
    } while (0)

#define BIT(t) (1ull << (t))

static int is_city(const mp2_cfg *c, int loc) { return loc < c->nloc && ((c->city_mask >> loc) & 1); }
static int ncaravans(const mp2_player *pl) { return pl->character == CH_PIEDRO ? 2 : 1; }
static int ngoods(const mp2_player *pl, int i)
{
    return (pl->cv_goods[i][0] != 0) + (pl->cv_goods[i][1] != 0);
}

/* ------------------------------------------------------------ one effect */

int mp2_eff_valid(const mp2_cfg *c, const mp2_eff *e, const char **why)
{
    int a = e->a, b = e->b, cc = e->c, d = e->d;
    int ok;
    switch (e->type) {
    case EF_DRAFT: case EF_GOAL: case EF_MAILIN: case EF_ISABELLA: case EF_DRAW: case EF_BLACK:
    case EF_INCOME: case EF_ROLL: case EF_STARTPLAY: case EF_XPOST:
        ok = !a && !b && !cc && !d;
        break;
    case EF_COPY: ok = !a && b >= 1 && b <= 2 && !cc && !d; break;
    case EF_COMP: ok = a >= 1 && a <= 10 && !b && !cc && !d; break;
    case EF_ALT: ok = a >= 1 && a < c->nrw && c->rw[a].nalt >= 2 && b >= 1 && b <= 64 && !cc && !d; break;
    case EF_GAIN: ok = a == c->rw_contract_coins && b == 1 && !cc && !d; break;
    case EF_GOOD: ok = !a && b >= 1 && !cc && !d; break;
    case EF_MARKET: case EF_CVMOVES: ok = a <= 2 && !b && !cc && !d; break;
    case EF_SEAL: ok = !a && b >= 1 && b <= 6 && !cc && !d; break;
    case EF_CONTRACT:
        /* (c, b): a reward or an arrival (0, 1); the Contracts action (1, 1
         * or 2); the Contracts action after its first pick (3, 1) */
        ok = (a == MP2_NOLOC || (a < c->nloc && c->loc[a].ccity)) && !d &&
             ((cc == 0 && b == 1) || (cc == 1 && (b == 1 || b == 2)) || (cc == 3 && b == 1)) &&
             (cc == 0 || a == MP2_NOLOC);
        break;
    case EF_DISCARD: ok = a < MP2_NCONTRACTS && b <= 1 && cc <= 1 && !d; break;
    case EF_MOVE: ok = !a && b >= 1 && b <= 30 && cc <= (MV_TRAVEL | MV_XPOST) && !d; break;
    case EF_MOVEPOST: case EF_ARRIVE2: ok = is_city(c, a) && !b && !cc && !d; break;
    case EF_ARRIVE: ok = a < c->nloc && b <= 1 && !cc && !d; break;
    case EF_CARD: ok = a < MP2_NCARDS && b >= 1 && b <= 6 && !cc && !d; break;
    case EF_CARDBONUS:
        ok = !a && b >= 1 && b <= 6 && cc <= 5 && d < (1 << MP2_NBONUSCITY) &&
             __builtin_popcount((unsigned)d) == cc && b + cc <= 6;
        break;
    case EF_MONGKE: ok = !a && b >= 1 && b <= 64 && !cc && !d; break;
    case EF_CVMOVE: ok = a <= 1 && b >= 1 && b <= 5 && !cc && !d; break;
    case EF_CVLOAD: case EF_CVSELL: ok = a <= 1 && b <= 1 && !cc && !d; break;
    case EF_CVTILE: case EF_CVFINISH: case EF_CVRETURN: ok = a <= 1 && !b && !cc && !d; break;
    case EF_CVCITY: ok = a <= 1 && !b && !cc && d < c->nrtile; break;
    default: *why = "unknown effect type"; return 0;
    }
    *why = ok ? NULL : "fields out of range for this effect";
    return ok;
}

/* ------------------------------------------------------------ players */

static int check_dice(const mp2_cfg *c, const mp2_state *s, int p, kt_buf *why)
{
    const mp2_player *pl = &s->pl[p];
    int own = 0, blk = 0;
    for (int v = 1; v <= 6; v++) {
        own += pl->own[v];
        blk += pl->blk[v];
    }
    if (pl->own[0] || pl->blk[0])
        FAIL("player %d has dice of value 0", p + 1);
    if (own + pl->nplaced > 5)
        FAIL("player %d: more than 5 own dice", p + 1);
    int rolled = !(s->phase == PH_ROUND && s->nstack >= 2 && s->stack[1].type == EF_ROLL);
    if (s->phase == PH_SETUP && (own || blk || pl->nplaced))
        FAIL("player %d holds dice before the first round", p + 1);
    if (s->phase == PH_ROUND && (pl->nplaced || own != (rolled ? 5 : 0)))
        FAIL("player %d: %d own dice at the start of a round", p + 1, own);
    if (s->phase == PH_PLAY && own + pl->nplaced != 5)
        FAIL("player %d: %d own dice unplaced + %d placed != 5", p + 1, own, pl->nplaced);
    if (s->phase == PH_OVER && (own || blk))
        FAIL("player %d holds dice after the game", p + 1);
    int spaces = 0; /* spaces with this player's colour: one own die at least each */
    for (int i = 0; i < MP2_NSPACES; i++)
        spaces += (s->sp[i].occ >> p) & 1;
    if (spaces > pl->nplaced)
        FAIL("player %d occupies %d spaces with %d dice placed", p + 1, spaces, pl->nplaced);
    KT_UNUSED(c);
    return 1;
}

static int check_caravans(const mp2_cfg *c, const mp2_state *s, int p, kt_buf *why)
{
    const mp2_player *pl = &s->pl[p];
    for (int i = 0; i < 2; i++) {
        int on = pl->cv_loc[i] != MP2_NOLOC, held = pl->cv_tile[i] != MP2_NONE;
        for (int j = 0; j < 2; j++)
            if (pl->cv_goods[i][j] && (pl->cv_goods[i][j] < IT_PEPPER || pl->cv_goods[i][j] > IT_GOLD))
                FAIL("player %d: caravan %d carries an unknown good", p + 1, i + 1);
        if (pl->cv_goods[i][1] && !pl->cv_goods[i][0] && !on)
            FAIL("player %d: caravan %d loaded out of order", p + 1, i + 1);
        if ((on || held || ngoods(pl, i)) && (!c->caravans || i >= ncaravans(pl)))
            FAIL("player %d has caravan %d without it in the game", p + 1, i + 1);
        if (on && (pl->cv_loc[i] >= c->nloc || !held))
            FAIL("player %d: caravan %d on the map is inconsistent", p + 1, i + 1);
        if (held && (pl->cv_tile[i] >= c->nrtile || s->rtile[pl->cv_tile[i]] != RT_HELD))
            FAIL("player %d: caravan %d's route tile is not held", p + 1, i + 1);
    }
    return 1;
}

static int check_player(const mp2_cfg *c, const mp2_state *s, int p, kt_buf *why)
{
    const mp2_player *pl = &s->pl[p];
    for (int i = 0; i < IT_VP; i++)
        if (pl->res[i] < 0)
            FAIL("player %d has %d of resource %s", p + 1, pl->res[i], mp2_item_code(i));
    if (!check_dice(c, s, p, why))
        return 0;
    if ((pl->posts & ~c->city_mask) || mp2_popc64(pl->posts) != pl->nposts ||
        pl->nposts > MP2_POSTS)
        FAIL("player %d: trading posts inconsistent (%d counted)", p + 1, pl->nposts);
    if (pl->fig[0] >= c->nloc || (pl->fig[1] != MP2_NOLOC && pl->fig[1] >= c->nloc) ||
        (pl->fig[1] != MP2_NOLOC) != (pl->character == CH_MAILIN))
        FAIL("player %d: figure positions invalid", p + 1);
    if ((pl->seals >> 4) & ~pl->seals & 15)
        FAIL("player %d has an improved seal they do not hold", p + 1);
    if (pl->character != MP2_NONE &&
        pl->character >= (c->caravans ? MP2_NCHAR : MP2_NBASECHAR))
        FAIL("player %d has a character not in this game", p + 1);
    if (!c->draft && pl->character != c->fixed_char[p])
        FAIL("player %d does not have the character the options give", p + 1);
    if (s->phase != PH_SETUP && (pl->character == MP2_NONE || pl->goal == MP2_NONE))
        FAIL("player %d has no character or goal card after the set-up", p + 1);
    if (pl->goal != MP2_NONE && pl->goal > 2)
        FAIL("player %d: goal choice out of range", p + 1);
    for (int i = 0; i < 3; i++)
        if (pl->goal_opt[i] >= MP2_NGOALS)
            FAIL("player %d: unknown goal card", p + 1);
    if (mp2_popc64(pl->done) != pl->ndone || (pl->done >> MP2_NCONTRACTS))
        FAIL("player %d: completed contracts inconsistent", p + 1);
    for (int i = 0; i < 2; i++)
        if (((pl->fresh >> i) & 1) && pl->con[i] == MP2_NONE)
            FAIL("player %d: an empty contract space is marked as new", p + 1);
    if (pl->fresh >> 2)
        FAIL("player %d: contract flags out of range", p + 1);
    if (pl->kept && pl->character != CH_FILIPPO)
        FAIL("player %d keeps outpost tiles without being Filippo Vitello", p + 1);
    if (pl->kept >> MP2_NOUTPOSTS)
        FAIL("player %d keeps unknown outpost tiles", p + 1);
    if (pl->pieces && pl->character != CH_DONATA)
        FAIL("player %d has pieces without being Donata Badoer", p + 1);
    if (pl->pieces & (1 << p) || pl->pieces >> MP2_MAXP)
        FAIL("player %d has a piece of their own colour", p + 1);
    if (pl->plus > 40)
        FAIL("player %d: extra shields out of range", p + 1);
    if ((pl->tflags & ~(TF_BLACK | TF_VIDAL)) ||
        (pl->tflags && (s->phase != PH_PLAY || s->h.turn_player != p)) ||
        ((pl->tflags & TF_VIDAL) && pl->character != CH_VIDAL))
        FAIL("player %d: turn flags outside their turn", p + 1);
    return check_caravans(c, s, p, why);
}

/* ------------------------------------------------------------ components */

static int check_contracts(const mp2_cfg *c, const mp2_state *s, kt_buf *why)
{
    int seen[MP2_NCONTRACTS] = {0};
    if (s->pile_len > MP2_NCONTRACTS || s->pile_unknown > s->pile_len)
        FAIL("contract pile length out of range");
    for (int i = 0; i < MP2_NCONTRACTS; i++) {
        int k = s->pile[i];
        if (i >= s->pile_len) {
            if (k)
                FAIL("contract pile has data past its end");
            continue;
        }
        if (k >= MP2_NCONTRACTS || c->contract[k].starter)
            FAIL("contract pile holds an unknown or starting contract");
        seen[k]++;
    }
    for (int i = 0; i < MP2_NCCITY; i++)
        for (int j = 0; j < 2; j++) {
            int k = s->cboard[i][j];
            if (k == MP2_NONE)
                continue;
            if (k >= MP2_NCONTRACTS || c->contract[k].starter)
                FAIL("contract city holds an unknown or starting contract");
            seen[k]++;
        }
    for (int p = 0; p < c->np; p++) {
        for (int i = 0; i < 2; i++)
            if (s->pl[p].con[i] != MP2_NONE) {
                if (s->pl[p].con[i] >= MP2_NCONTRACTS)
                    FAIL("player %d holds an unknown contract", p + 1);
                seen[s->pl[p].con[i]]++;
            }
        for (int k = 0; k < MP2_NCONTRACTS; k++)
            seen[k] += (int)((s->pl[p].done >> k) & 1);
    }
    if (s->removed >> MP2_NCONTRACTS)
        FAIL("unknown removed contracts");
    for (int k = 0; k < MP2_NCONTRACTS; k++) {
        if (((s->removed >> k) & 1) && !c->contract[k].starter)
            FAIL("contract %s is out of the game but is no starting contract", c->contract[k].id);
        seen[k] += (int)((s->removed >> k) & 1);
    }
    for (int e = 0; e < s->nstack; e++)
        if (s->stack[e].type == EF_DISCARD && s->stack[e].a < MP2_NCONTRACTS)
            seen[s->stack[e].a]++;
    for (int k = 0; k < MP2_NCONTRACTS; k++)
        if (seen[k] != 1)
            FAIL("contract %s is in %d places", c->contract[k].id, seen[k]);
    return 1;
}

/* The city cards: a permutation, of which the first cc_next are dealt
 * (8 at the start, then 2 per round); the slots hold different dealt cards,
 * the six city slots always one (scenarios may arrange the dealt cards
 * freely, so which slot holds which dealt card is not fixed). */
static int check_cards(const mp2_cfg *c, const mp2_state *s, kt_buf *why)
{
    KT_UNUSED(c);
    int cseen[MP2_NCARDS] = {0};
    for (int i = 0; i < MP2_NCARDS; i++) {
        if (s->cc_deck[i] >= MP2_NCARDS)
            FAIL("city-card deck holds an unknown card");
        if (cseen[s->cc_deck[i]]++)
            FAIL("city-card deck is not a permutation");
    }
    if (s->cc_next < 8 || s->cc_next > 8 + 2 * s->round)
        FAIL("city-card deck position out of range for round %d", s->round + 1);
    for (int i = 0; i < 8; i++) {
        if (s->card_slot[i] == MP2_NONE) {
            if (i < MP2_NCARDCITY)
                FAIL("city-card slot %d is empty", i + 1);
            continue;
        }
        int found = 0;
        for (int j = 0; j < s->cc_next; j++)
            found |= s->cc_deck[j] == s->card_slot[i];
        for (int j = 0; j < i; j++)
            if (s->card_slot[j] == s->card_slot[i])
                found = 0;
        if (!found)
            FAIL("city-card slot %d holds a card not dealt from the deck", i + 1);
    }
    return 1;
}

static int check_tiles(const mp2_cfg *c, const mp2_state *s, kt_buf *why)
{
    for (int b = 0; b < 3; b++) {
        int k = 0;
        for (int i = 0; i < 6; i++)
            for (int j = 0; j < 6; j++)
                k += s->offers[b][i] == c->offer_pile[b][j];
        for (int i = 0; i < 6; i++)
            for (int j = 0; j < i; j++)
                if (s->offers[b][i] == s->offers[b][j])
                    k = -1;
        if (k != 6)
            FAIL("offer tiles of book %d are not a permutation of its pile", b + 1);
    }
    if (s->unused_marker >= MP2_NMARKERS)
        FAIL("city-bonus markers are not a permutation");
    int mseen = 1 << s->unused_marker;
    for (int i = 0; i < MP2_NBONUSCITY; i++)
        mseen |= s->marker[i] < MP2_NMARKERS ? 1 << s->marker[i] : 0;
    if (mseen != (1 << MP2_NMARKERS) - 1)
        FAIL("city-bonus markers are not a permutation");
    unsigned oseen = 0;
    for (int i = 0; i < MP2_NOUTPOSTS; i++)
        if (s->outpost[i] != MP2_NONE) {
            if (s->outpost[i] >= MP2_NOUTPOSTS || (oseen >> s->outpost[i] & 1))
                FAIL("outpost tiles on the map are invalid");
            oseen |= 1u << s->outpost[i];
        }
    for (int p = 0; p < c->np; p++)
        if (s->pl[p].kept & oseen)
            FAIL("an outpost tile is both on the map and kept");
    /* route tiles: up, held by exactly one caravan, or down until the next
     * round (turned up at its start) */
    for (int t = 0; t < MP2_MAXTILES; t++) {
        int st = s->rtile[t];
        if (t >= c->nrtile ? st != 0 : st > RT_DOWN)
            FAIL("route tile %d state invalid", t + 1);
        if (st != RT_UP && (!c->caravans || s->phase == PH_SETUP ||
                            (st == RT_DOWN && s->phase == PH_ROUND)))
            FAIL("route tile %d is not face up when it must be", t + 1);
        if (st != RT_HELD)
            continue;
        int holders = 0;
        for (int p = 0; p < c->np; p++)
            for (int i = 0; i < 2; i++)
                holders += s->pl[p].cv_tile[i] == t;
        if (holders != 1)
            FAIL("route tile %d held by %d caravans", t + 1, holders);
    }
    for (int p = 0; p < c->np; p++)
        for (int i = 0; i < 2; i++)
            if (s->pl[p].cv_tile[i] != MP2_NONE && s->rtile[s->pl[p].cv_tile[i]] != RT_HELD)
                FAIL("player %d's caravan %d carries a tile that is not held", p + 1, i + 1);
    return 1;
}

/* Goal cards dealt three to each player, all different; characters in a
 * draft: the ones still offered and the ones taken are all different and
 * together are the players + 1 drawn. */
static int check_goals_draft(const mp2_cfg *c, const mp2_state *s, kt_buf *why)
{
    unsigned gseen = 0;
    for (int p = 0; p < c->np; p++)
        for (int i = 0; i < 3; i++) {
            if (gseen >> s->pl[p].goal_opt[i] & 1)
                FAIL("goal card %s dealt twice", c->goal[s->pl[p].goal_opt[i]].id);
            gseen |= 1u << s->pl[p].goal_opt[i];
        }
    unsigned chseen = 0;
    int offered = 0, taken = 0;
    for (int p = 0; p < c->np; p++)
        if (s->pl[p].character != MP2_NONE) {
            if (chseen >> s->pl[p].character & 1)
                FAIL("two players have the same character");
            chseen |= 1u << s->pl[p].character;
            taken++;
        }
    for (int i = 0; i <= MP2_MAXP; i++) {
        int ch = s->draft[i];
        if (ch == MP2_NONE)
            continue;
        if (!c->draft || i > c->np || ch >= (c->caravans ? MP2_NCHAR : MP2_NBASECHAR) ||
            (chseen >> ch & 1))
            FAIL("character draft entry %d invalid", i + 1);
        chseen |= 1u << ch;
        offered++;
    }
    if (c->draft && offered + taken != c->np + 1)
        FAIL("character draft: %d offered + %d taken != %d", offered, taken, c->np + 1);
    return 1;
}

/* ------------------------------------------------------------ board */

static int check_spaces(const mp2_cfg *c, const mp2_state *s, kt_buf *why)
{
    for (int i = 0; i < MP2_NSPACES; i++) {
        const mp2_space *x = &s->sp[i];
        if (x->occ >> c->np)
            FAIL("space %d occupied by an absent player", i + 1);
        /* the money bag records its last user but no die */
        int low_ok = i == SP_BAG ? x->low == 0 : x->low >= 1 && x->low <= 6;
        if (!x->used ? (x->occ || x->last != -1 || x->low)
                     : (x->last < -2 || x->last == -1 || x->last >= c->np || !low_ok))
            FAIL("space %d: use, last user and die disagree", i + 1);
        /* at most every die of the round: own, black and a neutral one */
        int single = c->sp_single[i] && i != SP_BAG; /* the bag takes any number */
        if (x->used > (single ? 1 : i == SP_KHAN ? 4 : 5 * c->np + 7))
            FAIL("space %d used too often", i + 1);
        if (i == SP_BAG && x->occ)
            FAIL("the money bag has no colours on it");
        if (s->phase == PH_SETUP && x->used)
            FAIL("space %d used before the first round", i + 1);
    }
    const mp2_space *k = &s->sp[SP_KHAN];
    for (int i = 0; i < 4; i++) {
        int filled = i < k->used;
        if (filled ? (s->khan[i] < 1 || s->khan[i] > 6 || s->khan_by[i] == -1 ||
                      s->khan_by[i] < -2 || s->khan_by[i] >= c->np)
                   : (s->khan[i] || s->khan_by[i] != -1))
            FAIL("Khan's Favor space %d inconsistent with its use", i + 1);
        if (i && filled && s->khan[i] < s->khan[i - 1])
            FAIL("Khan's Favor dice not ascending");
    }
    if (k->used && (k->low != s->khan[k->used - 1] || k->last != s->khan_by[k->used - 1]))
        FAIL("Khan's Favor: last die disagrees with its spaces");
    return 1;
}

static int check_round(const mp2_cfg *c, const mp2_state *s, kt_buf *why)
{
    if (s->phase > PH_OVER || s->round >= MP2_ROUNDS || s->first >= c->np ||
        s->next_first >= c->np || s->fp_rank > 3 || s->main_done > 1 || s->final_done > 1)
        FAIL("round/phase/first player out of range");
    /* a round starts with no traveller ranked (the last turn's main_done
     * stays set until the next turn begins) */
    if ((s->phase == PH_SETUP || s->phase == PH_ROUND) && (s->fp_rank || s->next_first != s->first))
        FAIL("next first player set outside the play of a round");
    if (s->phase == PH_SETUP && s->main_done)
        FAIL("turn fields set before the first round");
    if ((s->phase == PH_OVER) != (s->h.status == KT_FINISHED) && s->h.status != KT_STOPPED)
        FAIL("game over flag and status disagree");
    if ((s->phase == PH_OVER) != s->final_done || (s->phase == PH_OVER && s->round != MP2_ROUNDS - 1))
        FAIL("final scoring flag and phase disagree");
    if (s->phase == PH_SETUP && (s->round || s->first))
        FAIL("round and first player set before the first round");
    int tp = s->h.turn_player;
    if (s->phase == PH_PLAY ? (tp < 0 || tp >= c->np)
                            : s->phase == PH_ROUND && s->round > 0 ? (tp < 0 || tp >= c->np)
                                                                   : tp != -1)
        FAIL("turn player %d out of place in this phase", tp + 1);
    int held = 0;
    for (int p = 0; p < c->np; p++)
        for (int v = 1; v <= 6; v++)
            held += s->pl[p].blk[v];
    int total = s->phase == PH_SETUP ? 0 : mp2_black_total(c);
    if (s->black_pool + held + s->black_placed != total)
        FAIL("black dice: %d in the pool + %d held + %d placed != %d", s->black_pool, held,
             s->black_placed, total);
    return check_spaces(c, s, why);
}

/* ------------------------------------------------------------ the stack */

/* Effect types that may be pending in each phase. */
static uint64_t phase_effects(int phase)
{
    const uint64_t setup = BIT(EF_DRAFT) | BIT(EF_GOAL);
    const uint64_t round = BIT(EF_STARTPLAY) | BIT(EF_ROLL) | BIT(EF_INCOME) | BIT(EF_MAILIN) |
                           BIT(EF_COPY) | BIT(EF_ALT) | BIT(EF_GOOD) | BIT(EF_BLACK) |
                           BIT(EF_CONTRACT) | BIT(EF_DRAW) | BIT(EF_DISCARD) | BIT(EF_COMP) |
                           BIT(EF_ISABELLA);
    const uint64_t round_only = BIT(EF_STARTPLAY) | BIT(EF_ROLL) | BIT(EF_INCOME) |
                                BIT(EF_MAILIN) | BIT(EF_COMP) | BIT(EF_ISABELLA);
    switch (phase) {
    case PH_SETUP: return setup;
    case PH_ROUND: return round;
    case PH_PLAY: return (BIT(EF_COUNT) - 2) & ~setup & ~round_only & ~BIT(EF_NONE);
    default: return 0;
    }
}

/* Effects decided as soon as the rules push them: nothing goes above. */
static const uint64_t top_only = BIT(EF_MAILIN) | BIT(EF_MARKET) | BIT(EF_SEAL) |
                                 BIT(EF_DISCARD) | BIT(EF_MOVEPOST) | BIT(EF_CARD) |
                                 BIT(EF_CVLOAD) | BIT(EF_CVCITY) | BIT(EF_CVRETURN);

/* The set-up: a prefix of GOAL(np-1..0), DRAFT(0..np-1); goal cards and
 * characters chosen exactly by those whose frame is gone. */
static int check_setup_stack(const mp2_cfg *c, const mp2_state *s, kt_buf *why)
{
    int len = c->np * (c->draft ? 2 : 1);
    if (s->nstack > len || (s->nstack == 0 && s->h.status == KT_RUNNING))
        FAIL("set-up decisions out of order");
    for (int i = 0; i < s->nstack; i++) {
        const mp2_eff *e = &s->stack[i];
        int want_type = i < c->np ? EF_GOAL : EF_DRAFT;
        int want_p = i < c->np ? c->np - 1 - i : i - c->np;
        if (e->type != want_type || e->p != want_p)
            FAIL("set-up decision %d out of order", i + 1);
    }
    for (int p = 0; p < c->np; p++) {
        int goal_pending = c->np - 1 - p < s->nstack;
        int char_pending = c->draft && c->np + p < s->nstack;
        if ((s->pl[p].goal == MP2_NONE) != goal_pending ||
            (c->draft && (s->pl[p].character == MP2_NONE) != char_pending))
            FAIL("player %d's set-up choices disagree with the pending decisions", p + 1);
    }
    return 1;
}

/* Rank of a player in the round's seat order from the first player. */
static int seat_rank(const mp2_cfg *c, const mp2_state *s, int p)
{
    return (p - s->first + c->np) % c->np;
}

static int check_round_stack(const mp2_cfg *c, const mp2_state *s, kt_buf *why)
{
    if (s->nstack == 0 || s->stack[0].type != EF_STARTPLAY || s->stack[0].p != 0)
        FAIL("a round's start without its start-of-play effect");
    int i = 1;
    if (i < s->nstack && s->stack[i].type == EF_ROLL) {
        if (s->stack[i].p != s->first)
            FAIL("the dice are rolled for the first player");
        i++;
        int m = 0;
        for (; i < s->nstack && s->stack[i].type == EF_INCOME; i++, m++)
            if (s->stack[i].p != (s->first + c->np - 1 - m) % c->np)
                FAIL("income out of seat order");
        if (m == c->np && i < s->nstack)
            FAIL("income bonuses before anyone's income");
        int q = (s->first + c->np - 1 - m) % c->np; /* the player being paid */
        for (; i < s->nstack; i++) {
            const mp2_eff *e = &s->stack[i];
            if (e->p != q || e->type == EF_INCOME || e->type == EF_ROLL ||
                e->type == EF_STARTPLAY || e->type == EF_COMP || e->type == EF_ISABELLA)
                FAIL("effect %d does not belong to player %d's income", i + 1, q + 1);
        }
        return 1;
    }
    /* after the roll: doubles and compensation, in seat order from the last
     * seat up to the first player; per player the doubles first */
    int prev = 2 * c->np;
    for (; i < s->nstack; i++) {
        const mp2_eff *e = &s->stack[i];
        const mp2_player *pl = &s->pl[e->p];
        if (e->type != EF_COMP && e->type != EF_ISABELLA)
            FAIL("effect %d cannot follow the roll", i + 1);
        int r = seat_rank(c, s, e->p) * 2 + (e->type == EF_ISABELLA);
        if (r >= prev)
            FAIL("doubles and compensation out of seat order");
        prev = r;
        int sum = 0, pair = 0;
        for (int v = 1; v <= 6; v++) {
            sum += v * pl->own[v];
            pair |= pl->own[v] >= 2;
        }
        if (e->type == EF_COMP && e->a != 15 - sum)
            FAIL("player %d's compensation does not match the dice", e->p + 1);
        if (e->type == EF_ISABELLA && (pl->character != CH_ISABELLA || !pair))
            FAIL("player %d's doubles choice without Isabella Donati's pair", e->p + 1);
    }
    return 1;
}

/* One pending effect in the context of the state and its neighbours. */
static int check_frame(const mp2_cfg *c, const mp2_state *s, int i, kt_buf *why)
{
    const mp2_eff *e = &s->stack[i];
    const mp2_eff *below = i > 0 ? &s->stack[i - 1] : NULL;
    const mp2_eff *above = i + 1 < s->nstack ? &s->stack[i + 1] : NULL;
    const mp2_player *pl = &s->pl[e->p];
    const char *bad;
    if (!mp2_eff_valid(c, e, &bad))
        FAIL("effect %d: %s", i + 1, bad);
    if (!((phase_effects(s->phase) >> e->type) & 1))
        FAIL("effect %d cannot be pending in this phase", i + 1);
    if (above && ((top_only >> e->type) & 1))
        FAIL("effect %d is decided at once but has effects above it", i + 1);
    if (s->phase == PH_PLAY && e->p != s->h.turn_player)
        FAIL("effect %d belongs to a player whose turn it is not", i + 1);
    int a = e->a, ncv = ncaravans(pl);
    int cv = e->type >= EF_CVMOVE && e->type <= EF_CVRETURN;
    cv |= e->type == EF_CVMOVES || e->type == EF_CVFINISH;
    if (cv && (!c->caravans || (e->type != EF_CVMOVES && a >= ncv)))
        FAIL("effect %d: caravan not in this game", i + 1);
    int on = cv && e->type != EF_CVMOVES && pl->cv_loc[a] != MP2_NOLOC;
    int held = cv && e->type != EF_CVMOVES && pl->cv_tile[a] != MP2_NONE;
    switch (e->type) {
    case EF_MAILIN:
        if (pl->character != CH_MAILIN)
            FAIL("effect %d: a double bonus without Mailin & Tian Chin", i + 1);
        break;
    case EF_MONGKE:
        if (pl->character != CH_MONGKE)
            FAIL("effect %d: oasis reward without Mongke Khan", i + 1);
        break;
    case EF_CARD: {
        const mp2_card *cd = &c->card[a];
        if (!((cd->kind == CK_TRADE && cd->pay) || cd->kind == CK_EITHER) || e->b < cd->min)
            FAIL("effect %d: city card %s is not used this way", i + 1, cd->id);
        break;
    }
    case EF_CARDBONUS:
        for (int b = 0; b < MP2_NBONUSCITY; b++)
            if (((e->d >> b) & 1) && !((pl->posts >> c->bonus_loc[b]) & 1))
                FAIL("effect %d: city bonus of a city without a post", i + 1);
        break;
    case EF_CONTRACT:
        if (e->c && s->phase != PH_PLAY)
            FAIL("effect %d: the Contracts action outside play", i + 1);
        if (a != MP2_NOLOC && !((pl->posts >> a) & 1))
            FAIL("effect %d: a contract of a city without a post", i + 1);
        break;
    case EF_DISCARD:
        if (pl->con[0] == MP2_NONE || pl->con[1] == MP2_NONE)
            FAIL("effect %d: discarding with a free contract space", i + 1);
        break;
    case EF_MOVEPOST:
        if (pl->nposts != MP2_POSTS || ((pl->posts >> a) & 1))
            FAIL("effect %d: moving a post needs all posts placed and a new city", i + 1);
        break;
    case EF_ARRIVE2: {
        int moving = above && above->type == EF_MOVEPOST && above->a == a;
        if ((int)((pl->posts >> a) & 1) == moving)
            FAIL("effect %d: arrival bonus without the post", i + 1);
        break;
    }
    case EF_XPOST:
        if (!s->xmask)
            FAIL("effect %d: extra post without the cities passed", i + 1);
        break;
    case EF_CVMOVE:
    case EF_CVFINISH:
        if (!on || !held)
            FAIL("effect %d: caravan %d is not on the map", i + 1, a + 1);
        if (e->type == EF_CVFINISH && !above && ngoods(pl, a))
            FAIL("effect %d: caravan %d finishes with goods unsold", i + 1, a + 1);
        break;
    case EF_CVSELL: {
        int ok = below && (below->type == EF_CVFINISH ||
                           (e->b == 0 && below->type == EF_CVSELL && below->b == 1)) &&
                 below->a == a;
        if (!ok || !on || !held || !pl->cv_goods[a][e->b])
            FAIL("effect %d: selling goods of caravan %d that it does not carry", i + 1, a + 1);
        break;
    }
    case EF_CVLOAD: /* at home, loaded one good per pick, its route tile next */
        if (on || held || !below || below->type != EF_CVTILE || below->a != a ||
            ngoods(pl, a) != e->b)
            FAIL("effect %d: loading caravan %d out of place", i + 1, a + 1);
        break;
    case EF_CVTILE: /* at home, below its loading or loaded */
        if (on || held || (above ? above->type != EF_CVLOAD || above->a != a : ngoods(pl, a) == 0))
            FAIL("effect %d: starting caravan %d out of place", i + 1, a + 1);
        break;
    case EF_CVCITY:
        if (on || pl->cv_tile[a] != e->d || s->rtile[e->d] != RT_HELD || ngoods(pl, a) == 0)
            FAIL("effect %d: placing caravan %d out of place", i + 1, a + 1);
        break;
    case EF_CVRETURN: {
        int o = 1 - a;
        if (pl->character != CH_PIEDRO || on || !held || ngoods(pl, a) ||
            pl->cv_loc[o] == MP2_NOLOC || pl->cv_tile[o] == MP2_NONE)
            FAIL("effect %d: returning a route tile out of place", i + 1);
        break;
    }
    default:
        break;
    }
    return 1;
}

/* The move in progress (s->mv) belongs to the MOVE effect on top. */
static int check_move(const mp2_cfg *c, const mp2_state *s, kt_buf *why)
{
    const mp2_move *mv = &s->mv;
    if (!mv->on) {
        static const mp2_move zero;
        if (memcmp(mv, &zero, sizeof zero) != 0)
            FAIL("move data without a move in progress");
        return 1;
    }
    const mp2_eff *e = s->nstack ? &s->stack[s->nstack - 1] : NULL;
    if (!e || e->type != EF_MOVE || e->p != mv->p || e->c != mv->flags || mv->steps > e->b)
        FAIL("a move is in progress without its decision");
    const mp2_player *pl = &s->pl[mv->p];
    int figs = pl->fig[1] != MP2_NOLOC ? 3 : 1;
    if ((mv->moved & ~figs) || (mv->pend & ~figs) || mv->last > 1 || !((figs >> mv->last) & 1) ||
        (mv->passed & ~c->city_mask) || (mv->skipped & ~c->oasis_mask) ||
        mv->legs < mp2_popc64(mv->moved) || e->b - mv->steps > mv->legs)
        FAIL("move in progress out of range");
    if (!mv->legs && (mv->moved || mv->passed || mv->skipped || mv->pend || mv->last))
        FAIL("a move without legs has moved");
    if ((mv->pend || mv->skipped) && pl->character != CH_MONGKE)
        FAIL("oases skipped without Mongke Khan");
    for (int f = 0; f < 2; f++)
        if (((mv->pend >> f) & 1) && !((c->oasis_mask >> pl->fig[f]) & 1))
            FAIL("figure %d waits on an oasis it is not on", f + 1);
    return 1;
}

static int check_stack(const mp2_cfg *c, const mp2_state *s, kt_buf *why)
{
    if (s->nstack > MP2_STACK)
        FAIL("effect stack overflow");
    for (int i = s->nstack; i < MP2_STACK; i++) {
        static const mp2_eff zero;
        if (memcmp(&s->stack[i], &zero, sizeof zero) != 0)
            FAIL("effect stack has data past its end");
    }
    int xposts = 0;
    for (int i = 0; i < s->nstack; i++) {
        if (s->stack[i].type == EF_NONE || s->stack[i].type >= EF_COUNT || s->stack[i].p >= c->np)
            FAIL("effect %d on the stack invalid", i + 1);
        xposts += s->stack[i].type == EF_XPOST;
    }
    if (xposts > 1 || (xposts == 1) != (s->xmask != 0) || (s->xmask & ~c->city_mask))
        FAIL("extra-post cities without exactly one extra-post decision");
    if (s->phase == PH_SETUP && !check_setup_stack(c, s, why))
        return 0;
    if (s->phase == PH_ROUND && !check_round_stack(c, s, why))
        return 0;
    if (s->phase == PH_OVER && s->nstack)
        FAIL("effects pending after the game");
    for (int i = 0; i < s->nstack; i++)
        if (!check_frame(c, s, i, why))
            return 0;
    return check_move(c, s, why);
}

/* ------------------------------------------------------------ the decision */

static int check_decision(const kt_game *g, const mp2_state *s, kt_buf *why)
{
    if (s->h.status != KT_RUNNING)
        return 1;
    if (s->nstack) {
        const mp2_eff *e = &s->stack[s->nstack - 1];
        if (e->type >= EF_AUTO || s->h.decision != e->type || s->h.to_move != e->p)
            FAIL("pending decision does not match the effect stack");
        if (e->type == EF_MOVE && !s->mv.on)
            FAIL("move decision without a move");
    } else if (s->phase != PH_PLAY || s->h.decision != DEC_TURN ||
               s->h.to_move != s->h.turn_player || s->h.turn_player < 0) {
        FAIL("turn decision inconsistent");
    }
    kt_action buf[MP2_MAXLEGAL];
    if (g->max_legal > MP2_MAXLEGAL || mp2_legal(g, (const kt_state *)s, buf) <= 0)
        FAIL("no legal action in a running game (decision %s)", mp2_decision_name(s->h.decision));
    return 1;
}

int mp2_check(const kt_game *g, const kt_state *st, kt_buf *why)
{
    const mp2_cfg *c = mp2_config(g);
    const mp2_state *s = (const mp2_state *)st;
    if (!KT_STACK_CHECK(s, why) || !check_round(c, s, why))
        return 0;
    for (int p = 0; p < c->np; p++)
        if (!check_player(c, s, p, why))
            return 0;
    for (int p = c->np; p < MP2_MAXP; p++) {
        static const mp2_player zero;
        if (memcmp(&s->pl[p], &zero, sizeof zero) != 0)
            FAIL("data for an absent player %d", p + 1);
    }
    return check_contracts(c, s, why) && check_cards(c, s, why) && check_tiles(c, s, why) &&
           check_goals_draft(c, s, why) && check_stack(c, s, why) && check_decision(g, s, why);
}
