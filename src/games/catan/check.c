/*
 * check.c - the consistency rules of the pending-decision stack (see
 * catan.h: cat_state.st, bottom first).  A state built by hand (a loaded
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
#include "catan.h"

#define B(k) (1ULL << (k))
#define FAILS(...) return kt_buf_printf(why, __VA_ARGS__), 0

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
    int ck = cat_cfg_of(g)->ck;
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
    const cat_frame *f = &s->st[i], *up = &s->st[i + 1];
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
    const cat_frame *f = &s->st[i], *dn = i ? &s->st[i - 1] : NULL;
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
        if (a > 1 || b || (cat_cfg_of(g)->ck && !s->attacks))
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
    const cat_frame *f = &s->st[0];
    int n = cat_np(g), setup = s->setup_step < 2 * n;
    if (!is_base(f->kind))
        FAILS("the stack must start with a setup placement, the roll, the main phase or the "
              "end of a turn, not '%s'",
              cat_frame_key[f->kind]);
    int setup_kind = f->kind == F_SETUP_BUILD || f->kind == F_SETUP_ROAD;
    if (setup != setup_kind)
        FAILS("setup placements and the pending decision disagree");
    if (setup) {
        if (s->nframes != 1 || f->player != cat_setup_player(n, s->setup_step) ||
            s->h.turn_player != f->player)
            FAILS("setup step %d belongs to player %d alone", s->setup_step,
                  cat_setup_player(n, s->setup_step) + 1);
    } else if (f->player != s->h.turn_player) {
        FAILS("the base of the stack is not the turn player's");
    }
    if ((f->kind == F_ROLL || f->kind == F_MAIN) && (f->a || f->b))
        FAILS("frame '%s' has a=%d b=%d", cat_frame_key[f->kind], f->a, f->b);
    if (f->kind == P_ENDTURN && s->nframes != 2)
        FAILS("the end of a turn waits for exactly one discard");
    return 1;
}

int cat_check_stack(const kt_game *g, const cat_state *s, kt_buf *why)
{
    int n = cat_np(g), tp = s->h.turn_player;
    if (!s->nframes || s->nframes > CAT_STACK)
        FAILS("%d pending frames", s->nframes);
    if (tp < 0 || tp >= n)
        FAILS("no player's turn");
    for (int i = 0; i < s->nframes; i++)
        if (s->st[i].player >= n || s->st[i].kind >= F_NKINDS)
            FAILS("stack frame %d is malformed", i);
    if (!base_ok(g, s, why))
        return 0;
    for (int i = 0; i < s->nframes; i++) {
        const cat_frame *f = &s->st[i];
        const char *k = cat_frame_key[f->kind];
        if (i > 0) {
            if (is_base(f->kind))
                FAILS("frame %d: '%s' only starts a stack", i, k);
            const cat_frame *dn = &s->st[i - 1];
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
                cat_cfg_of(g)->ck)
                FAILS("frame %d: only base-game cards are played before the roll", i);
        }
        if (!variant_ok(g, f))
            FAILS("frame %d: '%s' (a=%d) does not exist in this variant", i, k, f->a);
        int who = owner_rule(s, i);
        if (who >= 0 ? f->player != who : who == -2 && f->player == tp)
            FAILS("frame %d: '%s' belongs to the wrong player (%d)", i, k, f->player + 1);
        if (f->kind >= F_NDECISIONS) {
            if (i == s->nframes - 1)
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
    for (int i = 0; i < s->nframes; i++) {
        const cat_frame *f = &s->st[i];
        if (f->kind >= F_NDECISIONS)
            continue;
        int empty = cat_frame_vacuous(g, s, f);
        if (empty && i == s->nframes - 1)
            FAILS("the pending decision '%s' is empty", cat_frame_key[f->kind]);
        if (!empty && cat_frame_legal(g, s, f, buf) <= 0)
            FAILS("decision '%s' of player %d has no legal action", cat_frame_key[f->kind],
                  f->player + 1);
    }
    return 1;
}
