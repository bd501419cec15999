/*
 * check.c - Catan's invariants (gamedef.check, also run by the core after
 * every load): cards, the board, the network, Cities & Knights tracks, the
 * setup, trades and the flow of the turn (at the end of this file), and
 * first the consistency rules of the pending-decision stack (see
 * catan.h: cat_state.stack, bottom first).  A state built by hand (a loaded
 * JSON, a scenario patch, a fuzzer) must hold only stacks that play itself
 * produces, or legal/apply would run into frames they never expect: a stack
 * without its base frame is emptied by the next action and the one after
 * reads frame -1; a steal from a player who is not at the robber's hex, an
 * acceptor who cannot pay, a procedure at a step it never rests at.
 *
 * The grammar, bottom up:
 *   base (index 0, exactly one): setup_build / setup_road (the only frame),
 *     roll, main or endturn - always the turn player's;
 *   every other frame names the kinds allowed directly below it (`below`),
 *     e.g. a Bishop's robber sits on main, a roll's robber on the roll
 *     procedure, a trade response on the trade procedure;
 *   procedures (P_*) never rest on top and sit at the step they stop at
 *     (a roll at step 1..3 with what that step pushed above it, an attack
 *     after its resolution, the gate draws at the player who must discard);
 *   each frame belongs to the player the rules give it (the turn player,
 *     another player, the next seat of a procedure) and carries fields in
 *     range for its kind (counts, victims, hexes, edges, tracks).
 * Then, while the game runs, every decision on the stack has a legal action
 * or is empty (dropped when reached), and the top one is not empty.
 */
#include <string.h>

#include "catan.h"

#define B(k) (1ULL << (k))
#define FAILS(...) return kt_buf_printf(why, __VA_ARGS__), 0
#define FAIL(...) return kt_buf_printf(why, __VA_ARGS__), 0

int cat_setup_player(int n, int k)
{
    return k < n ? k : 2 * n - 1 - k;
}

/* Kinds allowed directly below a frame of each kind that is not a base. */
static uint64_t allowed_below(int kind)
{
    switch (kind) {
    case F_ALCHEMIST: return B(F_ROLL);
    case P_ROLL: return B(F_MAIN);
    case P_ATTACK:
    case P_DRAWS: return B(P_ROLL);
    case F_DISCARD: return B(P_ROLL) | B(F_MAIN) | B(F_DISCARD);
    case F_AQUEDUCT: return B(P_ROLL) | B(F_AQUEDUCT);
    case F_ROBBER:
    case F_STEAL: return B(P_ROLL) | B(F_MAIN) | B(F_ROLL);
    case F_DEFENDER_DRAW: return B(P_ATTACK) | B(F_DEFENDER_DRAW);
    case F_CITY_LOSS: return B(P_ATTACK) | B(F_CITY_LOSS);
    case F_PDISCARD:
        return B(P_DRAWS) | B(P_ATTACK) | B(F_DEFENDER_DRAW) | B(P_ENDTURN) | B(F_MAIN);
    case F_TRADE_RESPOND: return B(P_TRADE);
    case F_HARBOR_OFFER:
    case F_HARBOR_GIVE: return B(P_HARBOR);
    case F_GIVE: return B(F_MAIN) | B(F_GIVE);
    case F_MONO_RESOURCE:
    case F_ROAD_BUILDING:
    case F_PLENTY: return B(F_MAIN) | B(F_ROLL);
    case F_SETUP_BUILD:
    case F_SETUP_ROAD:
    case F_ROLL:
    case F_MAIN:
    case P_ENDTURN: return 0; /* bases */
    default: return B(F_MAIN);
    }
}

static int is_base(int kind)
{
    return kind == F_SETUP_BUILD || kind == F_SETUP_ROAD || kind == F_ROLL || kind == F_MAIN ||
           kind == P_ENDTURN;
}

/* frames of the Cities & Knights / base-game rules only */
static int variant_ok(const kt_game *g, const cat_frame *f)
{
    int ck = cat_config(g)->ck;
    switch (f->kind) {
    case F_ALCHEMIST: case F_AQUEDUCT: case F_CITY_LOSS: case F_DEFENDER_DRAW:
    case F_METROPOLIS: case F_PDISCARD: case F_RELOCATE: case F_TARGET: case F_SPY_PICK:
    case F_MM_PICK: case F_DESERTER_REMOVE: case F_DESERTER_PLACE: case F_DIPLOMAT:
    case F_DIPLOMAT_REBUILD: case F_INTRIGUE: case F_INVENTOR_FIRST: case F_INVENTOR_SECOND:
    case F_MERCHANT: case F_MONO_COMMODITY: case F_FLEET_TRADE: case F_CRANE: case F_MEDICINE:
    case F_ENGINEER: case F_SMITH: case F_GIVE: case F_HARBOR_OFFER: case F_HARBOR_GIVE:
    case P_ATTACK: case P_DRAWS: case P_HARBOR:
        return ck;
    case F_PLENTY: return !ck;
    case F_MONO_RESOURCE: return f->a == !ck; /* a = 1: the base game's Monopoly */
    default: return 1;
    }
}

static int seat_after(int p, int k, int n)
{
    return (p + k) % n;
}

/* seats after the turn player: 0 for the turn player */
static int seat_rank(int p, int tp, int n)
{
    return (p - tp + n) % n;
}

static int nres(const cat_player *pl)
{
    int r = 0;
    for (int k = 0; k < CAT_NRES; k++)
        r += pl->hand[k];
    return r;
}

/* The frame directly above a procedure must be what its current step
 * pushed (procedures rest only below a decision they wait for). */
static int proc_ok(const kt_game *g, const cat_state *s, int i, kt_buf *why)
{
    const cat_frame *f = &s->stack[i], *up = &s->stack[i + 1];
    int n = cat_np(g), tp = s->h.turn_player;
    switch (f->kind) {
    case P_ROLL:
        if (i != 1 || !s->dice[0])
            FAILS("a roll in progress must sit on the main phase after the dice");
        if (f->a == 1 ? !(up->kind == P_ATTACK || up->kind == P_DRAWS)
            : f->a == 2 ? !((up->kind == F_DISCARD && up->b == 0) || up->kind == F_AQUEDUCT)
            : f->a == 3 ? !((up->kind == F_ROBBER && up->a == 0) || up->kind == F_STEAL)
                        : 1)
            FAILS("roll step %d does not match the frame above it ('%s')", f->a,
                  cat_frame_key[up->kind]);
        if ((f->a == 1 && up->kind == P_ATTACK) != (s->barb == 7))
            FAILS("barbarians at %d while an attack is %sin progress", s->barb,
                  up->kind == P_ATTACK ? "" : "not ");
        if (f->a == 2 && (up->kind == F_DISCARD) != (s->dice[0] + s->dice[1] == 7))
            FAILS("discards only after a 7, aqueducts only after other sums");
        return 1;
    case P_ATTACK:
        if (f->a != 1 || s->dice[2] != EV_SHIP)
            FAILS("an attack rests only after its resolution, after a ship");
        return 1;
    case P_DRAWS:
        if (f->a != s->dice[2] - EV_GATE_TRADE || s->dice[2] < EV_GATE_TRADE || f->b < 1 ||
            f->b > n)
            FAILS("progress draws of colour %d at seat %d do not match the event die", f->a, f->b);
        if (up->kind != F_PDISCARD || up->player != seat_after(tp, f->b - 1, n))
            FAILS("progress draws wait only for the discard of the player who drew");
        return 1;
    case P_TRADE:
        if (f->a < 1 || f->a > n - 1 || up->kind != F_TRADE_RESPOND ||
            up->player != seat_after(tp, f->a, n))
            FAILS("the trade asks seat %d but the response is player %d's", f->a, up->player + 1);
        return 1;
    case P_HARBOR: {
        int t = seat_after(tp, f->a, n);
        if (f->a < 1 || f->a > n - 1 ||
            !(up->kind == F_HARBOR_OFFER ? up->player == tp && up->a == t
              : up->kind == F_HARBOR_GIVE ? up->player == t && up->a == tp
                                          : 0))
            FAILS("the Commercial Harbor at seat %d does not match the frame above it", f->a);
        return 1;
    }
    case P_ENDTURN:
        if (f->a != 1 || up->kind != F_PDISCARD || up->player != tp)
            FAILS("the end of a turn waits only for the turn player's discard");
        return 1;
    }
    FAILS("unknown procedure %d", f->kind);
}

/* Whose frame is it? -1: any player; -2: anyone but the turn player. */
static int owner_rule(const cat_state *s, int i)
{
    const cat_frame *f = &s->stack[i], *dn = i ? &s->stack[i - 1] : NULL;
    switch (f->kind) {
    case F_DISCARD: return f->b ? -2 : -1;
    case F_AQUEDUCT:
    case F_DEFENDER_DRAW:
    case F_CITY_LOSS: return -1;
    case F_RELOCATE:
    case F_DESERTER_REMOVE:
    case F_GIVE:
    case F_TRADE_RESPOND:
    case F_HARBOR_GIVE: return -2; /* the exact seat: proc_ok */
    case F_PDISCARD:
        return dn && (dn->kind == P_ATTACK || dn->kind == F_DEFENDER_DRAW || dn->kind == P_DRAWS)
                   ? -1
                   : s->h.turn_player;
    default: return s->h.turn_player;
    }
}

/* Fields of each kind in range and consistent with the board. */
static int fields_ok(const kt_game *g, const cat_state *s, const cat_frame *f, kt_buf *why)
{
    int n = cat_np(g), p = f->player, a = f->a, b = f->b, tp = s->h.turn_player;
    const cat_player *pl = &s->pl[p];
    const char *k = cat_frame_key[f->kind];
    if (f->c || f->d)
        FAILS("frame '%s' has unused fields set", k);
    switch (f->kind) {
    case F_SETUP_ROAD:
        if (a >= CAT_NV || s->v_owner[a] != p || s->v_piece[a] == VP_KNIGHT ||
            (s->pl[p].roadv >> a & 1))
            FAILS("the road of a setup placement must start at the new building");
        if (b)
            FAILS("frame '%s' has b=%d", k, b);
        return 1;
    case F_DISCARD:
        if (a < 1 || 2 * a > pl->ncards || b > 1)
            FAILS("player %d must discard %d of %d cards", p + 1, a, pl->ncards);
        if (b == 0 && s->dice[0] + s->dice[1] != 7)
            FAILS("a discard for the robber without a 7");
        return 1;
    case F_ROBBER:
        if (a > 1 || b || (cat_config(g)->ck && !s->attacks))
            FAILS("the robber moves only after the first attack (a=%d)", a);
        return 1;
    case F_STEAL:
        if (a != cat_steal_candidates(s, p, s->robber) || cat_popc((uint64_t)a) < 2 || b)
            FAILS("the steal does not name the players at the robber's hex");
        return 1;
    case F_AQUEDUCT:
        if (pl->impr[TR_SCIENCE] < 3 || s->dice[0] + s->dice[1] == 7 || a || b)
            FAILS("an Aqueduct needs science level 3 and a production roll");
        return 1;
    case F_CITY_LOSS:
        if (cat_popc(cat_pillage_spots(s, p)) < 2 || a || b)
            FAILS("player %d chooses a city to lose without two to choose from", p + 1);
        return 1;
    case F_METROPOLIS:
        if (a >= 3 || b || pl->impr[a] < 4 || cat_metro_vertex(s, a) >= 0 ||
            cat_popc(cat_metro_spots(s, p)) < 2)
            FAILS("a metropolis choice without level 4, a free metropolis and two cities");
        return 1;
    case F_TRADE_RESPOND:
        if (a || b || (s->tr_to != -1 && s->tr_to != p) || (s->tr_accept >> p & 1))
            FAILS("player %d answers a trade not offered to them", p + 1);
        for (int x = 0; x < CAT_NKIND; x++)
            if (pl->hand[x] < s->tr_get[x])
                FAILS("player %d is asked a trade they cannot pay", p + 1);
        return 1;
    case F_TRADE_CHOOSE:
        if (!s->tr_accept || a || b)
            FAILS("choosing a trade partner when nobody accepted");
        return 1;
    case F_RELOCATE:
        if (a >= CAT_NV || (b & ~(KN_LEVEL | KN_ACTIVE)) || !(b & KN_LEVEL))
            FAILS("a displaced knight needs a vertex and a strength");
        return 1;
    case F_TARGET:
        if (!(a == PC_MASTER_MERCHANT || a == PC_DESERTER || a == PC_SPY) || b)
            FAILS("a target choice for card %d", a);
        return 1;
    case F_SPY_PICK:
        if (a >= n || a == p || !s->pl[a].nprog || b)
            FAILS("the Spy looks at player %d", a + 1);
        return 1;
    case F_MM_PICK:
        if (a >= n || a == p || b < 1 || b > 2)
            FAILS("the Master Merchant takes %d cards from player %d", b, a + 1);
        return 1;
    case F_DESERTER_REMOVE:
        if (a != tp || b || !pl->kn)
            FAILS("the Deserter's victim has no knight or the card player is not the turn player");
        return 1;
    case F_DESERTER_PLACE:
        if (a < 1 || a > 3 || b > 1)
            FAILS("the Deserter places a knight of strength %d", a);
        return 1;
    case F_DIPLOMAT_REBUILD:
        if (a >= CAT_NE || s->e_owner[a] >= 0 || b)
            FAILS("the Diplomat's removed road %d is still on the board", a);
        return 1;
    case F_INVENTOR_SECOND:
        if (a >= CAT_NH || !cat_inventor_token(s->number[a]) || b)
            FAILS("the Inventor's first hex %d cannot be swapped", a);
        return 1;
    case F_MONO_RESOURCE:
    case F_SMITH:
        if (a > 1 || b)
            FAILS("frame '%s' has a=%d b=%d", k, a, b);
        return 1;
    case F_ROAD_BUILDING:
    case F_PLENTY:
        if (a < 1 || a > 2 || b)
            FAILS("frame '%s' has a=%d b=%d", k, a, b);
        return 1;
    case F_GIVE:
        if (a != tp || b < 1 || b > 2 || b > pl->ncards)
            FAILS("player %d gives %d cards to player %d", p + 1, b, a + 1);
        return 1;
    case F_HARBOR_OFFER:
        if (!nres(&s->pl[p]) || !s->pl[a].ncards || b)
            FAILS("a Commercial Harbor offer without a resource or a partner with cards");
        return 1;
    case F_HARBOR_GIVE: {
        int kinds = 0;
        for (int x = CAT_NRES; x < CAT_NKIND; x++)
            kinds += pl->hand[x] > 0;
        if (kinds < 2 || b)
            FAILS("player %d chooses a commodity without two kinds to choose from", p + 1);
        return 1;
    }
    case P_ROLL:
    case P_ATTACK:
    case P_DRAWS:
    case P_TRADE:
    case P_HARBOR:
    case P_ENDTURN: return 1; /* proc_ok */
    default:
        if (a || b)
            FAILS("frame '%s' has a=%d b=%d", k, a, b);
        return 1;
    }
}

static int base_ok(const kt_game *g, const cat_state *s, kt_buf *why)
{
    const cat_frame *f = &s->stack[0];
    int n = cat_np(g), setup = s->setup_step < 2 * n;
    if (!is_base(f->kind))
        FAILS("the stack must start with a setup placement, the roll, the main phase or the "
              "end of a turn, not '%s'",
              cat_frame_key[f->kind]);
    int setup_kind = f->kind == F_SETUP_BUILD || f->kind == F_SETUP_ROAD;
    if (setup != setup_kind)
        FAILS("setup placements and the pending decision disagree");
    if (setup) {
        if (s->nstack != 1 || f->player != cat_setup_player(n, s->setup_step) ||
            s->h.turn_player != f->player)
            FAILS("setup step %d belongs to player %d alone", s->setup_step,
                  cat_setup_player(n, s->setup_step) + 1);
    } else if (f->player != s->h.turn_player) {
        FAILS("the base of the stack is not the turn player's");
    }
    if ((f->kind == F_ROLL || f->kind == F_MAIN) && (f->a || f->b))
        FAILS("frame '%s' has a=%d b=%d", cat_frame_key[f->kind], f->a, f->b);
    if (f->kind == P_ENDTURN && s->nstack != 2)
        FAILS("the end of a turn waits for exactly one discard");
    return 1;
}

int cat_check_stack(const kt_game *g, const cat_state *s, kt_buf *why)
{
    int n = cat_np(g), tp = s->h.turn_player;
    if (!s->nstack || s->nstack > CAT_STACK)
        FAILS("%d pending frames", s->nstack);
    if (tp < 0 || tp >= n)
        FAILS("no player's turn");
    for (int i = 0; i < s->nstack; i++)
        if (s->stack[i].player >= n || s->stack[i].kind >= F_NKINDS)
            FAILS("stack frame %d is malformed", i);
    if (!base_ok(g, s, why))
        return 0;
    for (int i = 0; i < s->nstack; i++) {
        const cat_frame *f = &s->stack[i];
        const char *k = cat_frame_key[f->kind];
        if (i > 0) {
            if (is_base(f->kind))
                FAILS("frame %d: '%s' only starts a stack", i, k);
            const cat_frame *dn = &s->stack[i - 1];
            if (!(allowed_below(f->kind) >> dn->kind & 1))
                FAILS("frame %d: '%s' cannot follow '%s'", i, k, cat_frame_key[dn->kind]);
            /* discards for the robber and for the Saboteur do not mix */
            if (f->kind == F_DISCARD && (dn->kind == F_DISCARD ? dn->b != f->b
                                         : (dn->kind == F_MAIN) != (f->b == 1)))
                FAILS("frame %d: a discard in the wrong place", i);
            /* players asked one after another (discards, aqueducts, tied
             * defenders, lost cities, wedding gifts) are pushed in reverse
             * turn order: the seat nearer the turn player is above */
            if (f->kind == dn->kind && seat_rank(f->player, tp, n) >= seat_rank(dn->player, tp, n))
                FAILS("frame %d: '%s' for player %d out of turn order", i, k, f->player + 1);
            if (dn->kind == F_ROLL && (f->kind == F_MONO_RESOURCE || f->kind == F_ROAD_BUILDING ||
                                       f->kind == F_PLENTY || f->kind == F_ROBBER ||
                                       f->kind == F_STEAL) &&
                cat_config(g)->ck)
                FAILS("frame %d: only base-game cards are played before the roll", i);
        }
        if (!variant_ok(g, f))
            FAILS("frame %d: '%s' (a=%d) does not exist in this variant", i, k, f->a);
        int who = owner_rule(s, i);
        if (who >= 0 ? f->player != who : who == -2 && f->player == tp)
            FAILS("frame %d: '%s' belongs to the wrong player (%d)", i, k, f->player + 1);
        if (f->kind >= F_NDECISIONS) {
            if (i == s->nstack - 1)
                FAILS("the top frame is not a decision");
            if (!proc_ok(g, s, i, why))
                return 0;
        }
        if (!fields_ok(g, s, f, why))
            return 0;
    }
    if (s->h.status != KT_RUNNING)
        return 1;
    kt_action buf[CAT_MAXLEGAL];
    for (int i = 0; i < s->nstack; i++) {
        const cat_frame *f = &s->stack[i];
        if (f->kind >= F_NDECISIONS)
            continue;
        int empty = cat_frame_vacuous(g, s, f);
        if (empty && i == s->nstack - 1)
            FAILS("the pending decision '%s' is empty", cat_frame_key[f->kind]);
        if (!empty && cat_frame_legal(g, s, f, buf) <= 0)
            FAILS("decision '%s' of player %d has no legal action", cat_frame_key[f->kind],
                  f->player + 1);
    }
    return 1;
}

static int has_frame(const cat_state *s, int kind, int player)
{
    for (int i = 0; i < s->nstack; i++)
        if (s->stack[i].kind == kind && (player < 0 || s->stack[i].player == player))
            return 1;
    return 0;
}

/* VP from a scan of the board, independent of the cached counts */
static int vp_from_board(const cat_state *s, int p)
{
    int v = 0;
    for (int x = 0; x < CAT_NV; x++) {
        if (s->v_owner[x] != p)
            continue;
        if (s->v_piece[x] == VP_SETTLE)
            v += 1;
        else if (s->v_piece[x] == VP_CITY)
            v += (s->v_aux[x] & AUX_METRO_MASK) ? 4 : 2;
    }
    v += s->pl[p].defender + (s->pl[p].vpcards & 1) + (s->pl[p].vpcards >> 1 & 1);
    v += 2 * (s->lr_holder == p) + 2 * (s->la_holder == p) + (s->merchant >= 0 && s->merchant_owner == p);
    return v;
}

static int check_cards(const kt_game *g, const cat_state *s, kt_buf *why)
{
    const cat_cfg *cf = cat_config(g);
    int n = cat_np(g), accepted = cat_popc(s->tr_accept);
    for (int k = 0; k < CAT_NKIND; k++) {
        int total = s->bank[k];
        for (int p = 0; p < n; p++)
            total += s->pl[p].hand[k];
        if (s->tr_state == 2)
            total += s->tr_give[k] + accepted * s->tr_get[k];
        int want = k < CAT_NRES ? 19 : (cf->ck ? 12 : 0);
        if (total != want)
            FAIL("%d %s cards exist instead of %d", total, cat_kind_key[k], want);
    }
    int count[CAT_NPROG] = {0};
    for (int c = 0; c < 3; c++) {
        for (int i = 0; i < CAT_DECK; i++) {
            if (i >= s->deck_n[c] && (s->deck[c][i] || s->deck_known[c][i]))
                FAIL("unused slot %d of the %s deck is not empty", i, cat_track_key[c]);
            if (i < s->deck_n[c]) {
                if (cat_progress[s->deck[c][i]].colour != c)
                    FAIL("a %s card is in the %s deck", cat_progress[s->deck[c][i]].key,
                         cat_track_key[c]);
                count[s->deck[c][i]]++;
            }
        }
    }
    for (int p = 0; p < CAT_MAXP; p++) {
        const cat_player *pl = &s->pl[p];
        if (p >= n && (pl->ncards || pl->nprog || pl->vpcards))
            FAIL("absent player %d holds cards", p + 1);
        if (pl->nprog > CAT_HANDCAP)
            FAIL("player %d holds %d progress cards", p + 1, pl->nprog);
        for (int i = 0; i < CAT_HANDCAP; i++) {
            if (i >= pl->nprog && (pl->prog[i] || pl->prog_known[i]))
                FAIL("unused progress slot of player %d is not empty", p + 1);
            if (i < pl->nprog) {
                if (pl->prog[i] == PC_CONSTITUTION || pl->prog[i] == PC_PRINTER)
                    FAIL("player %d holds a VP card in hand", p + 1);
                if (!(pl->prog_known[i] >> p & 1))
                    FAIL("player %d does not know a card in their own hand", p + 1);
                count[pl->prog[i]]++;
            }
        }
        if (pl->vpcards & 1)
            count[PC_CONSTITUTION]++;
        if (pl->vpcards & 2)
            count[PC_PRINTER]++;
        /* off-turn hands are at most 4 except while a discard is due */
        if (p != s->h.turn_player && s->h.status == KT_RUNNING && pl->nprog > 4 &&
            !(pl->nprog == 5 && has_frame(s, F_PDISCARD, p)))
            FAIL("player %d holds %d progress cards off turn", p + 1, pl->nprog);
    }
    for (int c = 0; c < CAT_NPROG; c++)
        if (count[c] != (cf->ck ? cat_progress[c].count : 0))
            FAIL("%d %s cards exist instead of %d", count[c], cat_progress[c].key,
                 cf->ck ? cat_progress[c].count : 0);
    int dev[CAT_NDEV] = {0};
    for (int i = 0; i < CAT_DEVDECK; i++) {
        if (i >= s->devdeck_n && s->devdeck[i])
            FAIL("unused development deck slot is not empty");
        if (i < s->devdeck_n)
            dev[s->devdeck[i]]++;
    }
    for (int p = 0; p < n; p++)
        for (int d = 0; d < CAT_NDEV; d++) {
            dev[d] += s->pl[p].dev[d];
            if (s->pl[p].dev_new[d] > s->pl[p].dev[d])
                FAIL("player %d has more new development cards than cards", p + 1);
        }
    for (int p = 0; p < n; p++)
        dev[DV_KNIGHT] += s->pl[p].knights_played;
    for (int d = 0; d < CAT_NDEV; d++) {
        int want = cf->ck ? 0 : cat_devcards[d].count;
        /* played cards other than knights leave the game */
        if ((d == DV_KNIGHT || d == DV_VP) ? dev[d] != want : dev[d] > want)
            FAIL("%d %s development cards are accounted for, expected %s%d", dev[d],
                 cat_devcards[d].key, (d == DV_KNIGHT || d == DV_VP) ? "" : "at most ", want);
    }
    return 1;
}

/* Every knight stands on its owner's road (nothing in play strands one:
 * the Diplomat never takes a knight's last road, displaced knights move
 * along their owner's roads). */
static int check_network(const kt_game *g, const cat_state *s, kt_buf *why)
{
    for (int p = 0; p < cat_np(g); p++) {
        uint64_t lone = s->pl[p].kn & ~s->pl[p].roadv;
        if (lone)
            FAIL("player %d has a knight at vertex %d without a road of theirs", p + 1, cat_ctz(lone));
    }
    return 1;
}

/* Cities & Knights pieces and awards. */
static int check_ck(const kt_game *g, const cat_state *s, kt_buf *why)
{
    const cat_cfg *cf = cat_config(g);
    int n = cat_np(g), tp = s->h.turn_player;
    if (!cf->ck) {
        if (s->dice[2] || s->fleet || s->crane_mask)
            FAIL("event die, Merchant Fleet or Crane in a base game");
        return 1;
    }
    if (s->dev_played)
        FAIL("a development card played in Cities & Knights");
    for (int v = 0; v < CAT_NV; v++) {
        int a = s->v_aux[v];
        if (s->v_piece[v] != VP_KNIGHT || s->v_owner[v] != tp)
            continue;
        /* activated this turn means active; an active knight that acted
         * this turn was activated again after acting */
        if ((a & KN_FRESH) && !(a & KN_ACTIVE))
            FAIL("vertex %d: a knight activated this turn is inactive", v);
        if ((a & KN_USED) && (a & KN_ACTIVE) && !(a & KN_FRESH))
            FAIL("vertex %d: a knight that acted this turn is still active", v);
    }
    if (s->merchant >= 0 && !(cat_hex_vmask[s->merchant] & s->pl[s->merchant_owner].bld))
        FAIL("the merchant stands on a hex without a building of its owner");
    int defenders = 0;
    for (int p = 0; p < n; p++)
        defenders += s->pl[p].defender;
    if (defenders > s->attacks)
        FAIL("%d Defender points after %d attacks", defenders, s->attacks);
    /* metropolises: one per track from the first level 4 on, held by a
     * player at the highest level reached */
    for (int t = 0; t < 3; t++) {
        int top = 0, holder = -1, mv = cat_metro_vertex(s, t);
        for (int p = 0; p < n; p++)
            top = s->pl[p].impr[t] > top ? s->pl[p].impr[t] : top;
        if (mv >= 0)
            holder = s->v_owner[mv];
        for (int i = 0; i < s->nstack; i++)
            if (s->stack[i].kind == F_METROPOLIS && s->stack[i].a == t)
                holder = s->stack[i].player;
        if ((top >= 4) != (holder >= 0))
            FAIL("%s level %d %s a metropolis", cat_track_key[t], top, holder >= 0 ? "with" : "without");
        if (holder >= 0 && s->pl[holder].impr[t] != top)
            FAIL("the %s metropolis is held below the highest level", cat_track_key[t]);
    }
    return 1;
}

/* During the setup each player has placed what the snake order gives. */
static int check_setup(const kt_game *g, const cat_state *s, kt_buf *why)
{
    int n = cat_np(g), k = s->setup_step, ck = cat_config(g)->ck;
    if (k >= 2 * n || !s->nstack)
        return 1;
    const cat_frame *f = &s->stack[s->nstack - 1];
    for (int q = 0; q < n; q++) {
        int placed = 0;
        for (int j = 0; j < k; j++)
            placed += cat_setup_player(n, j) == q;
        int roads = placed;
        placed += f->kind == F_SETUP_ROAD && f->player == q;
        const cat_player *pl = &s->pl[q];
        int cities = ck && placed > 1 ? placed - 1 : 0;
        if (pl->n_settle + pl->n_city != placed || pl->n_city != cities || pl->n_road != roads ||
            pl->kn)
            FAIL("player %d's pieces do not match setup step %d", q + 1, k);
    }
    return 1;
}

static int check_board(const kt_game *g, const cat_state *s, kt_buf *why)
{
    const cat_cfg *cf = cat_config(g);
    int n = cat_np(g);
    /* derived data must equal a fresh recomputation */
    cat_state t;
    memcpy(&t, s, sizeof t);
    cat_recompute(g, &t);
    if (t.occ != s->occ || t.blocked != s->blocked || memcmp(t.bank, s->bank, sizeof t.bank))
        FAIL("board masks or bank out of step with the pieces");
    if (memcmp(t.prod, s->prod, sizeof t.prod))
        FAIL("cached production per roll out of step with the board and the robber");
    if (t.tr_offer != s->tr_offer || t.tr_ask != s->tr_ask || t.tr_nsend != s->tr_nsend)
        FAIL("cached trade composition out of step with the trade and the hand");
    for (int p = 0; p < CAT_MAXP; p++) {
        const cat_player *a = &s->pl[p], *b = &t.pl[p];
        if (a->bld != b->bld || a->kn != b->kn || a->roadv != b->roadv || a->road[0] != b->road[0] ||
            a->road[1] != b->road[1] || a->ncards != b->ncards || a->n_settle != b->n_settle ||
            a->n_city != b->n_city || a->n_sideways != b->n_sideways || a->n_road != b->n_road ||
            a->n_wall != b->n_wall || a->n_metro != b->n_metro || a->road_len != b->road_len ||
            a->ports != b->ports ||
            memcmp(a->n_knight, b->n_knight, sizeof a->n_knight))
            FAIL("cached counts of player %d are out of step with the board", p + 1);
        if (p >= n && (a->bld || a->kn || a->n_road))
            FAIL("absent player %d has pieces", p + 1);
        /* piece supplies [R 3.1] */
        if (a->n_settle > 5 || a->n_city + a->n_sideways > 4 || a->n_road > 15 || a->n_wall > 3 ||
            a->n_knight[1] > 2 || a->n_knight[2] > 2 || a->n_knight[3] > 2)
            FAIL("player %d uses more pieces than the supply holds", p + 1);
        if (p < n && vp_from_board(s, p) != cat_vp_public(g, s, p))
            FAIL("VP of player %d differ from the board", p + 1);
    }
    int metro[3] = {0};
    for (int v = 0; v < CAT_NV; v++) {
        int pc = s->v_piece[v], a = s->v_aux[v], p = s->v_owner[v];
        if ((pc == VP_NONE) != (p < 0))
            FAIL("vertex %d: owner and piece disagree", v);
        if (pc == VP_NONE && a)
            FAIL("vertex %d: flags without a piece", v);
        if (pc == VP_SETTLE && (a & ~AUX_SIDEWAYS))
            FAIL("vertex %d: a settlement with city flags", v);
        if (pc == VP_CITY && (a & AUX_SIDEWAYS))
            FAIL("vertex %d: an upright city marked sideways", v);
        if (pc == VP_CITY && (a & AUX_METRO_MASK)) {
            int t2 = ((a & AUX_METRO_MASK) >> AUX_METRO_SHIFT) - 1;
            metro[t2]++;
            if (s->pl[p].impr[t2] < 4)
                FAIL("vertex %d: metropolis of %s below level 4", v, cat_track_key[t2]);
        }
        if ((pc == VP_SETTLE || pc == VP_CITY) && (cat_v_nbrmask[v] & s->occ)) {
            for (int i = 0; i < 3; i++) {
                int w = cat_v_adj[v][i];
                if (w >= 0 && (s->v_piece[w] == VP_SETTLE || s->v_piece[w] == VP_CITY))
                    FAIL("buildings on neighbouring vertices %d and %d (distance rule)", v, w);
            }
        }
        if (pc == VP_KNIGHT) {
            if (!(a & KN_LEVEL))
                FAIL("vertex %d: knight without strength", v);
            if (p != s->h.turn_player && (a & (KN_FRESH | KN_USED | KN_PROMOTED)))
                FAIL("vertex %d: turn flags on another player's knight", v);
        }
    }
    for (int i = 0; i < s->nstack; i++)
        if (s->stack[i].kind == F_METROPOLIS && s->stack[i].a < 3)
            metro[s->stack[i].a]++;
    for (int t2 = 0; t2 < 3; t2++)
        if (metro[t2] > 1)
            FAIL("more than one %s metropolis", cat_track_key[t2]);
    if (s->robber < 0 || s->robber >= CAT_NH)
        FAIL("robber off the board");
    if (cf->ck && s->attacks == 0 && s->terrain[s->robber] != T_DESERT)
        FAIL("the robber leaves the desert only after the first attack");
    if (s->merchant >= CAT_NH || (s->merchant >= 0) != (s->merchant_owner >= 0) ||
        s->merchant_owner >= n)
        FAIL("merchant and its owner disagree");
    if (!cf->ck && (s->merchant >= 0 || s->barb || s->attacks))
        FAIL("Cities & Knights pieces in a base game");
    if (s->barb > 7 || (s->barb == 7 && !has_frame(s, P_ATTACK, -1)))
        FAIL("barbarians at %d without an attack in progress", s->barb);
    /* awards */
    int h = s->lr_holder, max = 0, cnt = 0;
    for (int p = 0; p < n; p++) {
        if (s->pl[p].road_len > max)
            max = s->pl[p].road_len, cnt = 1;
        else if (s->pl[p].road_len == max)
            cnt++;
    }
    if (h >= 0 && (s->pl[h].road_len < 5 || s->pl[h].road_len < max))
        FAIL("player %d holds Longest Road with a road of %d (longest %d)", h + 1,
             s->pl[h].road_len, max);
    if (h < 0 && max >= 5 && cnt == 1)
        FAIL("a unique longest road of %d has no award", max);
    int la = s->la_holder;
    for (int p = 0; p < n; p++) {
        if (la < 0 && s->pl[p].knights_played >= 3)
            FAIL("player %d played %d knights without Largest Army", p + 1, s->pl[p].knights_played);
        if (la >= 0 && s->pl[p].knights_played > s->pl[la].knights_played)
            FAIL("Largest Army is held by player %d with fewer knights", la + 1);
    }
    if (la >= 0 && s->pl[la].knights_played < 3)
        FAIL("Largest Army with fewer than 3 knights");
    return check_network(g, s, why) && check_ck(g, s, why) && check_setup(g, s, why);
}

/* The domestic trade: composing (cards still in the proposer's hand) or
 * open (the offer and each acceptor's part held aside). */
static int check_trade(const kt_game *g, const cat_state *s, kt_buf *why)
{
    int n = cat_np(g), tp = s->h.turn_player;
    int composing = has_frame(s, F_TRADE_COMPOSE, -1);
    int open = has_frame(s, P_TRADE, -1) || has_frame(s, F_TRADE_CHOOSE, -1);
    if ((s->tr_state == 1) != composing || (s->tr_state == 2) != open)
        FAIL("trade state %d disagrees with the pending decisions", s->tr_state);
    int ngive = 0, nget = 0;
    for (int k = 0; k < CAT_NKIND; k++) {
        ngive += s->tr_give[k];
        nget += s->tr_get[k];
        if (s->tr_give[k] && s->tr_get[k])
            FAIL("the trade offers and asks for %s", cat_kind_key[k]);
        if (s->tr_state == 1 && s->tr_give[k] > s->pl[tp].hand[k])
            FAIL("the trade offers more %s than the proposer holds", cat_kind_key[k]);
    }
    if (ngive > 5 || nget > 5)
        FAIL("a trade of more than five cards a side");
    if (s->tr_state == 0 && (ngive || nget || s->tr_accept || s->tr_to))
        FAIL("trade cards or partners without a trade");
    if (s->tr_state == 1 && (s->tr_accept || s->tr_to))
        FAIL("trade partners while the offer is composed");
    if (s->tr_state == 2 &&
        (!ngive || !nget || s->tr_to == tp || s->tr_accept >> n || (s->tr_accept >> tp & 1) ||
         (s->tr_to >= 0 && (s->tr_accept & ~(1u << s->tr_to)))))
        FAIL("an open trade with empty sides or impossible partners");
    if (s->tr_state && !s->proposals)
        FAIL("a trade without a proposal this turn");
    return 1;
}

static int check_flow(const kt_game *g, const cat_state *s, kt_buf *why)
{
    int n = cat_np(g);
    for (int i = s->nstack; i < CAT_STACK; i++) {
        const cat_frame *f = &s->stack[i];
        if (f->kind | f->player | f->a | f->b | f->c | f->d)
            FAIL("unused stack slot %d is not empty", i);
    }
    if (s->h.status == KT_FINISHED && s->winner < 0)
        FAIL("a finished game without a winner");
    if (s->h.status != KT_FINISHED && s->winner >= 0)
        FAIL("a winner in a game that is not finished");
    if (s->winner >= 0 && (s->winner != s->h.turn_player ||
                           cat_vp_total(g, s, s->winner) < cat_config(g)->vp_target))
        FAIL("player %d won without the points on their own turn", s->winner + 1);
    if (!cat_check_stack(g, s, why) || !check_trade(g, s, why))
        return 0;
    if (s->h.status != KT_RUNNING)
        return 1;
    const cat_frame *f = cat_ctop(s);
    if (s->h.to_move != f->player || s->h.decision != f->kind)
        FAIL("header says player %d decides '%s' but the stack says player %d decides '%s'",
             s->h.to_move + 1, cat_decision_name(s->h.decision) ? cat_decision_name(s->h.decision) : "?",
             f->player + 1, cat_frame_key[f->kind]);
    int setup = s->setup_step < 2 * n;
    if ((s->h.turn == 0) != setup)
        FAIL("turn %u %s the setup", s->h.turn, setup ? "during" : "after");
    if (!setup && cat_vp_total(g, s, s->h.turn_player) >= cat_config(g)->vp_target)
        FAIL("player %d has won but the game goes on", s->h.turn_player + 1);
    return 1;
}

int cat_check(const kt_game *g, const kt_state *ks, kt_buf *why)
{
    const cat_state *s = (const cat_state *)ks;
    return KT_STACK_CHECK(s, why) && check_cards(g, s, why) && check_board(g, s, why) &&
           check_flow(g, s, why);
}
