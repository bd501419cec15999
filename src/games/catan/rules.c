/*
 * rules.c - turn flow, production, the 7, barbarians, building, knights,
 * trading and the engine loop (apply / advance) for both variants.  The
 * legal lists are in legal.c, the card vectors (costs, hands, bank rates)
 * in hand.h, progress cards and development cards in cards.c.
 *
 * Control flow: cat_state.stack is a stack of frames.  apply() handles the
 * top frame (always a decision), possibly pushing more frames, then
 * cat_advance() runs procedure frames (P_*) step by step until a decision
 * is on top, drops decisions that have become empty (e.g. nothing left to
 * discard), checks the win condition and publishes hdr.to_move/decision.
 * Procedures keep their progress in the frame (field a = step or index), so
 * a procedure that pushed a decision resumes where it stopped.  The most
 * frequent actions of random play take shorter paths to the same state
 * (cat_apply's quick cases, the inline advance, the base game's roll).
 *
 * No allocation, no globals; randomness only from hdr.rng.
 */
#include <string.h>

#include "catan.h"
#include "hand.h"

/* Seat k places after p (0 <= k < n): a compare instead of a division,
 * which is slow and sits on the hot paths (roll, trade, end of turn). */
static inline int seat_after(int p, int k, int n)
{
    p += k;
    return p >= n ? p - n : p;
}

/* ------------------------------------------------------------ stack */

/* A full stack refuses the frame and marks the state (core/stack.h), which
 * cat_check reports; CAT_STACK is above the deepest nesting of play. */
void cat_push(cat_state *s, int kind, int player, int a, int b, int c, int d)
{
    cat_frame *f = KT_STACK_PUSH(s);
    if (!f)
        return;
    f->kind = (uint8_t)kind;
    f->player = (uint8_t)player;
    f->a = (uint8_t)a;
    f->b = (uint8_t)b;
    f->c = (uint8_t)c;
    f->d = (uint8_t)d;
}

void cat_pop(cat_state *s)
{
    KT_ASSERT(s->nstack > 0);
    KT_STACK_POP(s); /* unused slots stay zero so that states compare byte-wise */
}

/* ------------------------------------------------------------ cards in hand */

/* Hands and the bank change as whole words (counts never go below zero,
 * so no slot borrows from its neighbour): legal() reads them back as words,
 * and a word load right after a byte store has to wait for the store. */
static inline void hand_add(cat_state *s, int p, uint64_t v)
{
    vec8_put(s->pl[p].hand, vec8(s->pl[p].hand) + v);
    s->pl[p].ncards = (uint8_t)(s->pl[p].ncards + vec8_sum(v));
}

static inline void hand_sub(cat_state *s, int p, uint64_t v)
{
    vec8_put(s->pl[p].hand, vec8(s->pl[p].hand) - v);
    s->pl[p].ncards = (uint8_t)(s->pl[p].ncards - vec8_sum(v));
}

void cat_gain(cat_state *s, int p, int kind, int n)
{
    uint64_t v = (uint64_t)(unsigned)n << 8 * kind;
    hand_add(s, p, v);
    vec8_put(s->bank, vec8(s->bank) - v);
}

void cat_lose(cat_state *s, int p, int kind, int n)
{
    uint64_t v = (uint64_t)(unsigned)n << 8 * kind;
    hand_sub(s, p, v);
    vec8_put(s->bank, vec8(s->bank) + v);
}

void cat_move(cat_state *s, int from, int to, int kind, int n)
{
    uint64_t v = (uint64_t)(unsigned)n << 8 * kind;
    hand_sub(s, from, v);
    hand_add(s, to, v);
}

int cat_random_card(cat_state *s, int p)
{
    int r = (int)kt_rng_below(&s->h.rng, s->pl[p].ncards);
    for (int k = 0; k < CAT_NKIND; k++) {
        if (r < s->pl[p].hand[k])
            return k;
        r -= s->pl[p].hand[k];
    }
    return 0;
}


static void pay(cat_state *s, int p, const uint8_t *cost)
{
    hand_sub(s, p, vec8(cost));
    vec8_put(s->bank, vec8(s->bank) + vec8(cost));
}

/* progress hand: remove slot idx keeping the order, zeroing the tail */
void cat_prog_remove(cat_state *s, int p, int idx)
{
    cat_player *pl = &s->pl[p];
    for (int i = idx; i + 1 < pl->nprog; i++) {
        pl->prog[i] = pl->prog[i + 1];
        pl->prog_known[i] = pl->prog_known[i + 1];
    }
    pl->nprog--;
    pl->prog[pl->nprog] = 0;
    pl->prog_known[pl->nprog] = 0;
}

/* Played and discarded cards go under their own deck [R 1.12]. */
void cat_prog_under(cat_state *s, int card, uint8_t known)
{
    int c = cat_progress[card].colour, n = s->deck_n[c];
    KT_ASSERT(n < CAT_DECK);
    memmove(&s->deck[c][1], &s->deck[c][0], (size_t)n);
    memmove(&s->deck_known[c][1], &s->deck_known[c][0], (size_t)n);
    s->deck[c][0] = (uint8_t)card;
    s->deck_known[c][0] = known;
    s->deck_n[c]++;
}

/* Draw the top card of a deck; Constitution and Printer are revealed at
 * once and never enter the hand [S]. */
void cat_draw_progress(const kt_game *g, cat_state *s, int p, int colour)
{
    KT_UNUSED(g);
    if (!s->deck_n[colour])
        return;
    int n = --s->deck_n[colour];
    int card = s->deck[colour][n];
    uint8_t known = s->deck_known[colour][n];
    s->deck[colour][n] = 0;
    s->deck_known[colour][n] = 0;
    cat_player *pl = &s->pl[p];
    if (card == PC_CONSTITUTION) {
        pl->vpcards |= 1;
    } else if (card == PC_PRINTER) {
        pl->vpcards |= 2;
    } else if (pl->nprog < CAT_HANDCAP) {
        pl->prog[pl->nprog] = (uint8_t)card;
        pl->prog_known[pl->nprog] = (uint8_t)(known | 1u << p);
        pl->nprog++;
    } else {
        /* cannot happen from a legal game (see check); keep conservation */
        cat_prog_under(s, card, known);
    }
}

/* Must p discard progress cards right now?  Off-turn at once; on the own
 * turn only at its end unless the rule flag says at once [R 1.11]. */
static int prog_over_limit_now(const kt_game *g, const cat_state *s, int p)
{
    if (s->pl[p].nprog <= 4)
        return 0;
    return p != s->h.turn_player || cat_config(g)->plimit_immediate;
}

/* ------------------------------------------------------------ trading rates */


int cat_bank_rate(const kt_game *g, const cat_state *s, int p, int kind)
{
    return (int)(bank_rate_vec(g, s, p) >> 8 * kind & 0xff);
}

void cat_bank_rates(const kt_game *g, const cat_state *s, int p, int *rates)
{
    uint64_t r = bank_rate_vec(g, s, p);
    for (int k = 0; k < CAT_NKIND; k++)
        rates[k] = (int)(r >> 8 * k & 0xff);
}

/* ------------------------------------------------------------ sites */

uint64_t cat_city_spots(const cat_state *s, int p)
{
    const cat_player *pl = &s->pl[p];
    uint64_t m = 0, b = pl->bld;
    /* a sideways city must be raised before any other settlement [R 1.10] */
    int sideways_only = pl->n_sideways > 0;
    if (!sideways_only && pl->n_city + pl->n_sideways >= 4)
        return 0;
    while (b) {
        int v = cat_ctz(b);
        b &= b - 1;
        if (s->v_piece[v] != VP_SETTLE)
            continue;
        if (sideways_only != !!(s->v_aux[v] & AUX_SIDEWAYS))
            continue;
        m |= 1ULL << v;
    }
    return m;
}

uint64_t cat_wall_spots(const cat_state *s, int p)
{
    const cat_player *pl = &s->pl[p];
    uint64_t m = 0, b = pl->bld;
    if (pl->n_wall >= 3)
        return 0;
    while (b) {
        int v = cat_ctz(b);
        b &= b - 1;
        if (s->v_piece[v] == VP_CITY && !(s->v_aux[v] & AUX_WALL))
            m |= 1ULL << v;
    }
    return m;
}

void cat_build_city(const kt_game *g, cat_state *s, int p, int v)
{
    KT_UNUSED(g);
    KT_UNUSED(p);
    cat_replace(g, s, v, VP_CITY, s->v_aux[v] & ~AUX_SIDEWAYS & ~AUX_WALL);
}

/* A city becomes a settlement (barbarians): it loses its wall; without a
 * settlement piece left the city piece lies on its side [R 1.10]. */
static void pillage(const kt_game *g, cat_state *s, int v)
{
    int p = s->v_owner[v];
    KT_UNUSED(g);
    cat_replace(g, s, v, VP_SETTLE, s->pl[p].n_settle < 5 ? 0 : AUX_SIDEWAYS);
}

/* ------------------------------------------------------------ improvements */

int cat_metro_vertex(const cat_state *s, int track)
{
    for (int v = 0; v < CAT_NV; v++)
        if (s->v_piece[v] == VP_CITY &&
            ((s->v_aux[v] & AUX_METRO_MASK) >> AUX_METRO_SHIFT) == (unsigned)track + 1)
            return v;
    return -1;
}

int cat_can_improve(const kt_game *g, const cat_state *s, int p, int track, int discount)
{
    const cat_player *pl = &s->pl[p];
    int lvl = pl->impr[track];
    if (lvl >= 5 || pl->n_city == 0)
        return 0;
    int cost = lvl + 1 - discount;
    if (pl->hand[cat_track_commodity[track]] < cost)
        return 0;
    if (lvl + 1 >= 4 && pl->n_city - pl->n_metro <= 0) {
        /* levels 4 and 5 need a city without a metropolis (FAQ); the
         * holder of this track's metropolis may finish level 5 (flag) */
        int mv = cat_metro_vertex(s, track);
        if (!(cat_config(g)->l5_holder && lvl + 1 == 5 && mv >= 0 && s->v_owner[mv] == p))
            return 0;
    }
    return 1;
}

uint64_t cat_metro_spots(const cat_state *s, int p)
{
    uint64_t m = 0, b = s->pl[p].bld;
    while (b) {
        int v = cat_ctz(b);
        b &= b - 1;
        if (s->v_piece[v] == VP_CITY && !(s->v_aux[v] & AUX_METRO_MASK))
            m |= 1ULL << v;
    }
    return m;
}

static void set_metro(cat_state *s, int v, int track)
{
    int p = s->v_owner[v];
    s->v_aux[v] = (uint8_t)((s->v_aux[v] & ~AUX_METRO_MASK) | (track + 1) << AUX_METRO_SHIFT);
    s->pl[p].n_metro++;
}

static void award_metro(cat_state *s, int p, int track)
{
    uint64_t m = cat_metro_spots(s, p);
    if (!m)
        return;
    if (cat_popc(m) == 1)
        set_metro(s, cat_ctz(m), track);
    else
        cat_push(s, F_METROPOLIS, p, track, 0, 0, 0);
}

static int metro_pending(const cat_state *s, int track)
{
    for (int i = 0; i < s->nstack; i++)
        if (s->stack[i].kind == F_METROPOLIS && s->stack[i].a == track)
            return 1;
    return 0;
}

void cat_do_improve(const kt_game *g, cat_state *s, int p, int track, int discount)
{
    cat_player *pl = &s->pl[p];
    int lvl = pl->impr[track];
    int cost = lvl + 1 - discount;
    if (cost > 0)
        cat_lose(s, p, cat_track_commodity[track], cost);
    pl->impr[track] = (uint8_t)(lvl + 1);
    if (lvl + 1 < 4 || metro_pending(s, track))
        return;
    /* metropolis: first to level 4 takes it; first to level 5 takes it
     * from a level-4 holder and keeps it for good [R 1.8] */
    int mv = cat_metro_vertex(s, track);
    if (mv < 0) {
        award_metro(s, p, track);
    } else {
        int q = s->v_owner[mv];
        if (q != p && lvl + 1 == 5 && s->pl[q].impr[track] < 5) {
            s->v_aux[mv] &= (uint8_t)~AUX_METRO_MASK;
            s->pl[q].n_metro--;
            award_metro(s, p, track);
        }
    }
    KT_UNUSED(g);
}

/* ------------------------------------------------------------ knights */


int cat_knight_can_promote(const cat_state *s, int p, int v)
{
    int lvl = s->v_aux[v] & KN_LEVEL;
    if (lvl >= 3 || (s->v_aux[v] & KN_PROMOTED))
        return 0;
    if (s->pl[p].n_knight[lvl + 1] >= 2)
        return 0;
    /* strong -> mighty needs politics level 3 (Fortress) [R 1.9] */
    return lvl == 1 || s->pl[p].impr[TR_POLITICS] >= 3;
}

int cat_relocation_targets(const cat_state *s, int owner, int from, uint64_t *out)
{
    *out = cat_reach(s, owner, from) & ~s->occ;
    return *out != 0;
}

/* The knight has already been taken off the board; its owner places it on
 * a free vertex reachable along their roads, else it returns to supply. */
void cat_start_relocation(const kt_game *g, cat_state *s, int owner, int from, int aux)
{
    KT_UNUSED(g);
    uint64_t t;
    if (!cat_relocation_targets(s, owner, from, &t))
        return;
    s->pl[owner].n_knight[aux & KN_LEVEL]++;
    cat_push(s, F_RELOCATE, owner, from, aux, 0, 0);
}

/* ------------------------------------------------------------ robber */

int cat_steal_candidates(const cat_state *s, int p, int hex)
{
    int m = 0;
    for (int q = 0; q < CAT_MAXP; q++)
        if (q != p && (s->pl[q].bld & cat_hex_vmask[hex]) && s->pl[q].ncards > 0)
            m |= 1 << q;
    return m;
}

static void steal(cat_state *s, int p, int q)
{
    if (!s->pl[q].ncards)
        return;
    int k = cat_random_card(s, q);
    cat_move(s, q, p, k, 1);
}

void cat_after_robber(const kt_game *g, cat_state *s, int p, int bishop)
{
    KT_UNUSED(g);
    int m = cat_steal_candidates(s, p, s->robber);
    if (bishop) {
        /* Bishop: one card from each player with a building there [S] */
        for (int q = 0; q < CAT_MAXP; q++)
            if (m >> q & 1)
                steal(s, p, q);
    } else if (cat_popc((uint64_t)m) == 1) {
        steal(s, p, cat_ctz((uint64_t)m));
    } else if (m) {
        cat_push(s, F_STEAL, p, m, 0, 0, 0);
    }
}

static int robber_unlocked(const kt_game *g, const cat_state *s)
{
    return !cat_config(g)->ck || s->attacks > 0;
}

/* ------------------------------------------------------------ roll */

static void roll_dice(cat_state *s)
{
    s->dice[0] = (uint8_t)(1 + kt_rng_below(&s->h.rng, 6));
    s->dice[1] = (uint8_t)(1 + kt_rng_below(&s->h.rng, 6));
}

/* Event die: three ship faces and one gate per colour [R 1.10]. */
static void roll_event(const kt_game *g, cat_state *s)
{
    if (!cat_config(g)->ck) {
        s->dice[2] = EV_NONE;
        return;
    }
    int f = (int)kt_rng_below(&s->h.rng, 6);
    s->dice[2] = (uint8_t)(f < 3 ? EV_SHIP : EV_GATE_TRADE + (f - 3));
}

/* A kind the bank cannot pay in full [R 1.3]: nobody gets it, unless a
 * single player is owed it (who takes what is left); with the `partial`
 * flag, players are paid in turn order from the roller while it lasts. */
CAT_NOINLINE static int produce_short(const kt_game *g, cat_state *s, const uint64_t *owed,
                                     int k)
{
    int n = cat_np(g), tp = s->h.turn_player, claimants = 0, who = 0, got = 0;
    for (int p = 0; p < n; p++)
        if (owed[p] >> 8 * k & 0xff) {
            claimants++;
            who = p;
        }
    if (claimants == 1) {
        if (s->bank[k]) {
            cat_gain(s, who, k, s->bank[k]);
            got |= 1 << who;
        }
    } else if (cat_config(g)->shortage_partial) {
        for (int i = 0; i < n; i++) {
            int p = seat_after(tp, i, n), o = (int)(owed[p] >> 8 * k & 0xff);
            int x = o < s->bank[k] ? o : s->bank[k];
            if (x) {
                cat_gain(s, p, k, x);
                got |= 1 << p;
            }
        }
    }
    return got;
}

/* Production, commodities per kind [R 1.6]; returns the mask of players
 * who received at least one card.  What each player is owed is one row of
 * the production cache (s->prod, kept by board.c), so the usual case (the
 * bank has enough of every kind) is paid with one addition per player
 * and no branch on who is owed what. */
static CAT_INLINE int produce(const kt_game *g, cat_state *s, int sum)
{
    const uint64_t *owed = s->prod[sum - 2];
    _Static_assert(CAT_MAXP == 4, "four rows of owed cards");
    uint64_t total = owed[0] + owed[1] + owed[2] + owed[3]; /* absent seats owe 0 */
    if (!total)
        return 0;
    /* slots the bank can pay in full (empty slots always can) */
    uint64_t full = vec8_ge(vec8(s->bank), total);
    uint64_t fullbytes = (full >> 7) * 0xff;
    /* unrolled by hand (gcc -O2 keeps the loop); an absent seat gets 0 */
    uint64_t pay0 = owed[0] & fullbytes, pay1 = owed[1] & fullbytes;
    uint64_t pay2 = owed[2] & fullbytes, pay3 = owed[3] & fullbytes;
    hand_add(s, 0, pay0);
    hand_add(s, 1, pay1);
    hand_add(s, 2, pay2);
    hand_add(s, 3, pay3);
    int got = (pay0 != 0) | (pay1 != 0) << 1 | (pay2 != 0) << 2 | (pay3 != 0) << 3;
    vec8_put(s->bank, vec8(s->bank) - (total & fullbytes));
    for (uint64_t m = ~full & HI8; m; m &= m - 1)
        got |= produce_short(g, s, owed, cat_ctz(m) >> 3);
    return got;
}

/* A new turn of p, up to its roll decision (begin_turn pushes it). */
static void new_turn(cat_state *s, int p)
{
    s->h.turn_player = (int8_t)p;
    s->h.turn++;
    s->fleet = 0;
    s->crane_mask = 0;
    s->proposals = 0;
    s->dev_played = 0;
    uint64_t kn = 0;
    for (int q = 0; q < CAT_MAXP; q++) { /* absent seats: zeros stay zero */
        kn |= s->pl[q].kn;
        memset(s->pl[q].dev_new, 0, sizeof s->pl[q].dev_new);
    }
    for (; kn; kn &= kn - 1) /* every knight on the board (C&K) */
        s->v_aux[cat_ctz(kn)] &= (uint8_t)~(KN_FRESH | KN_USED | KN_PROMOTED);
}

static void begin_turn(const kt_game *g, cat_state *s, int p)
{
    KT_UNUSED(g);
    new_turn(s, p);
    cat_push(s, F_ROLL, p, 0, 0, 0, 0);
}

/* After the dice are known: the ROLL decision is replaced by MAIN with the
 * roll's resolution on top of it. */
static void start_resolution(cat_state *s, int p)
{
    cat_pop(s); /* F_ROLL */
    cat_push(s, F_MAIN, p, 0, 0, 0, 0);
    cat_push(s, P_ROLL, p, 0, 0, 0, 0);
}

/* The steps of a roll.  They run back to back here until one pushes a
 * frame (cat_advance would only call us again for the next step). */
static void proc_roll(const kt_game *g, cat_state *s, cat_frame *f)
{
    const cat_cfg *cf = cat_config(g);
    int n = cat_np(g), tp = s->h.turn_player, sum = s->dice[0] + s->dice[1];
    int depth = s->nstack;
    while (s->nstack == depth) {
        switch (f->a) {
        case 0:
            /* the event die is resolved first [R 1.5] */
            f->a = 1;
            if (!cf->ck)
                break;
            if (s->dice[2] == EV_SHIP) {
                s->barb++;
                if (s->barb >= 7)
                    cat_push(s, P_ATTACK, tp, 0, 0, 0, 0);
            } else if (s->dice[2] >= EV_GATE_TRADE) {
                cat_push(s, P_DRAWS, tp, s->dice[2] - EV_GATE_TRADE, 0, 0, 0);
            }
            break;
        case 1:
            f->a = 2;
            if (sum == 7) {
                /* discard half above the hand limit (7 + 2 per wall) [R 1.11] */
                for (int i = n - 1; i >= 0; i--) {
                    int p = seat_after(tp, i, n);
                    int limit = 7 + (cf->ck ? 2 * s->pl[p].n_wall : 0);
                    if (s->pl[p].ncards > limit)
                        cat_push(s, F_DISCARD, p, s->pl[p].ncards / 2, 0, 0, 0);
                }
            } else {
                int got = produce(g, s, sum);
                /* Aqueduct: science 3 and nothing received [R 1.8] */
                if (cf->ck)
                    for (int i = n - 1; i >= 0; i--) {
                        int p = seat_after(tp, i, n);
                        if (s->pl[p].impr[TR_SCIENCE] >= 3 && !(got >> p & 1))
                            cat_push(s, F_AQUEDUCT, p, 0, 0, 0, 0);
                    }
            }
            break;
        case 2:
            f->a = 3;
            if (sum == 7 && robber_unlocked(g, s))
                cat_push(s, F_ROBBER, tp, 0, 0, 0, 0);
            break;
        default:
            cat_pop(s);
            return;
        }
    }
}

/* ------------------------------------------------------------ barbarians */

static int barbarian_strength(const kt_game *g, const cat_state *s)
{
    int b = 0;
    for (int p = 0; p < cat_np(g); p++) {
        b += s->pl[p].n_city;
        if (cat_config(g)->barb_double)
            b += s->pl[p].n_metro;
    }
    return b;
}

static int knight_strength(const cat_state *s, int p)
{
    int t = 0;
    uint64_t k = s->pl[p].kn;
    while (k) {
        int v = cat_ctz(k);
        k &= k - 1;
        if (s->v_aux[v] & KN_ACTIVE)
            t += s->v_aux[v] & KN_LEVEL;
    }
    return t;
}

uint64_t cat_pillage_spots(const cat_state *s, int p)
{
    uint64_t m = 0, b = s->pl[p].bld;
    while (b) {
        int v = cat_ctz(b);
        b &= b - 1;
        if (s->v_piece[v] == VP_CITY && !(s->v_aux[v] & AUX_METRO_MASK))
            m |= 1ULL << v;
    }
    return m;
}

static void proc_attack(const kt_game *g, cat_state *s, cat_frame *f)
{
    int n = cat_np(g), tp = s->h.turn_player;
    if (f->a == 0) {
        f->a = 1;
        int contrib[CAT_MAXP] = {0}, defence = 0;
        for (int p = 0; p < n; p++) {
            contrib[p] = knight_strength(s, p);
            defence += contrib[p];
        }
        if (defence >= barbarian_strength(g, s)) {
            /* Catan wins: the single top contributor is Defender of Catan;
             * tied top contributors each draw a progress card of their
             * choice.  A top contribution of 0 earns nothing. */
            int top = 0, cnt = 0, who = -1;
            for (int p = 0; p < n; p++) {
                if (contrib[p] > top) {
                    top = contrib[p];
                    cnt = 1;
                    who = p;
                } else if (contrib[p] == top && top > 0) {
                    cnt++;
                }
            }
            if (top > 0 && cnt == 1) {
                s->pl[who].defender++;
            } else if (top > 0) {
                for (int i = n - 1; i >= 0; i--) {
                    int p = seat_after(tp, i, n);
                    if (contrib[p] == top)
                        cat_push(s, F_DEFENDER_DRAW, p, 0, 0, 0, 0);
                }
            }
        } else {
            /* barbarians win: the lowest contributors among players with a
             * non-metropolis city each lose one city [R 1.10] */
            int low = 1 << 30;
            for (int p = 0; p < n; p++)
                if (cat_pillage_spots(s, p) && contrib[p] < low)
                    low = contrib[p];
            for (int i = n - 1; i >= 0; i--) {
                int p = seat_after(tp, i, n);
                uint64_t m = cat_pillage_spots(s, p);
                if (!m || contrib[p] != low)
                    continue;
                if (cat_popc(m) == 1)
                    pillage(g, s, cat_ctz(m));
                else
                    cat_push(s, F_CITY_LOSS, p, 0, 0, 0, 0);
            }
        }
        return;
    }
    /* after every attack: knights inactive, ship back, robber free */
    for (int v = 0; v < CAT_NV; v++)
        if (s->v_piece[v] == VP_KNIGHT)
            s->v_aux[v] &= (uint8_t)~KN_ACTIVE;
    s->barb = 0;
    if (s->attacks < 255)
        s->attacks++;
    cat_pop(s);
}

/* Progress draws for a gate: players in turn order from the roller, each
 * with level L >= 1 drawing when red <= L + 1 [R 1.8].  Pauses for an
 * off-turn hand-limit discard so the discarded card is under the deck
 * before the next player draws. */
static void proc_draws(const kt_game *g, cat_state *s, cat_frame *f)
{
    int n = cat_np(g), tp = s->h.turn_player, c = f->a;
    while (f->b < n) {
        int p = seat_after(tp, f->b, n);
        f->b++;
        int lvl = s->pl[p].impr[c];
        if (lvl >= 1 && s->dice[0] <= lvl + 1 && s->deck_n[c]) {
            cat_draw_progress(g, s, p, c);
            if (prog_over_limit_now(g, s, p)) {
                cat_push(s, F_PDISCARD, p, 0, 0, 0, 0);
                return;
            }
        }
    }
    cat_pop(s);
}

/* ------------------------------------------------------------ trade */

static void trade_reset(cat_state *s)
{
    s->tr_state = 0;
    s->tr_to = 0;
    s->tr_accept = 0;
    memset(s->tr_give, 0, sizeof s->tr_give);
    memset(s->tr_get, 0, sizeof s->tr_get);
    s->tr_offer = s->tr_ask = s->tr_nsend = 0;
}

/* While composing: offer kind k while the hand holds more than offered,
 * ask for a kind not offered, at most five cards a side (bounded
 * proposals, and random play), never a kind on both sides; the sends once
 * both sides hold a card.  The picks keep these by the few bits a pick
 * can change (cat_apply); this is the whole computation. */
void cat_compose_masks(const kt_game *g, cat_state *s)
{
    int tp = s->h.turn_player;
    s->tr_offer = s->tr_ask = s->tr_nsend = 0;
    if (s->tr_state != 1 || tp < 0 || tp >= CAT_MAXP)
        return;
    uint64_t kinds = cat_config(g)->ck ? HI8 : RES8;
    uint64_t give = vec8(s->tr_give), get = vec8(s->tr_get), hand = vec8(s->pl[tp].hand);
    uint64_t give_nz = vec8_ge(give, LO8), get_nz = vec8_ge(get, LO8);
    uint64_t more = vec8_ge(hand, give + LO8); /* hand[k] > give[k] */
    s->tr_offer = (uint8_t)(vec8_sum(give) < 5 ? slot_bits(more & ~get_nz & kinds) : 0);
    s->tr_ask = (uint8_t)(vec8_sum(get) < 5 ? slot_bits(~give_nz & kinds) : 0);
    s->tr_nsend = (uint8_t)(give && get ? cat_np(g) : 0);
}

/* Return escrowed cards: the proposer's offer and each acceptor's part. */
static void trade_unwind(const kt_game *g, cat_state *s, int proposer, int except)
{
    hand_add(s, proposer, vec8(s->tr_give));
    for (int q = 0; q < cat_np(g); q++)
        if ((s->tr_accept >> q & 1) && q != except)
            hand_add(s, q, vec8(s->tr_get));
    trade_reset(s);
}


static void proc_trade(const kt_game *g, cat_state *s, cat_frame *f)
{
    int n = cat_np(g), tp = f->player;
    while (f->a < n - 1) {
        int q = seat_after(tp, 1 + f->a, n);
        f->a++;
        if (s->tr_to != -1 && s->tr_to != q)
            continue;
        if (can_afford(&s->pl[q], s->tr_get)) {
            cat_push(s, F_TRADE_RESPOND, q, 0, 0, 0, 0);
            return;
        }
    }
    cat_pop(s);
    if (s->tr_accept)
        cat_push(s, F_TRADE_CHOOSE, tp, 0, 0, 0, 0);
    else
        trade_unwind(g, s, tp, -1);
}

static void proc_harbor(const kt_game *g, cat_state *s, cat_frame *f)
{
    int n = cat_np(g), p = f->player;
    while (f->a < n - 1) {
        int t = seat_after(p, 1 + f->a, n);
        f->a++;
        int res = 0;
        for (int k = 0; k < CAT_NRES; k++)
            res += s->pl[p].hand[k];
        if (res && s->pl[t].ncards) {
            cat_push(s, F_HARBOR_OFFER, p, t, 0, 0, 0);
            return;
        }
    }
    cat_pop(s);
}

static void proc_endturn(const kt_game *g, cat_state *s, cat_frame *f)
{
    int tp = s->h.turn_player;
    if (f->a == 0) {
        f->a = 1;
        if (s->pl[tp].nprog > 4) {
            cat_push(s, F_PDISCARD, tp, 0, 0, 0, 0);
            return;
        }
    }
    cat_pop(s);
    begin_turn(g, s, seat_after(tp, 1, cat_np(g)));
}

/* ------------------------------------------------------------ engine loop */

static int bank_has_resource(const cat_state *s)
{
    for (int k = 0; k < CAT_NRES; k++)
        if (s->bank[k])
            return 1;
    return 0;
}

/* Decisions that cat_frame_vacuous may find empty; any other decision on
 * top is asked as it is. */
#define VACUOUS_KINDS                                                                       \
    (1ULL << F_DISCARD | 1ULL << F_GIVE | 1ULL << F_PDISCARD | 1ULL << F_AQUEDUCT |         \
     1ULL << F_PLENTY | 1ULL << F_DEFENDER_DRAW | 1ULL << F_ROAD_BUILDING | 1ULL << F_SMITH | \
     1ULL << F_MM_PICK)
_Static_assert(F_NDECISIONS <= 64, "decision kinds fit a 64-bit mask");

/* Decisions that have become empty are dropped instead of being asked
 * (only the kinds in VACUOUS_KINDS can be: keep the two in step). */
int cat_frame_vacuous(const kt_game *g, const cat_state *s, const cat_frame *f)
{
    const cat_player *pl = &s->pl[f->player];
    switch (f->kind) {
    case F_DISCARD:
        return f->a == 0 || pl->ncards == 0;
    case F_GIVE:
        return f->b == 0 || pl->ncards == 0;
    case F_PDISCARD:
        return pl->nprog <= 4;
    case F_AQUEDUCT:
        return !bank_has_resource(s);
    case F_PLENTY:
        return f->a == 0 || !bank_has_resource(s);
    case F_DEFENDER_DRAW:
        return !(s->deck_n[0] | s->deck_n[1] | s->deck_n[2]);
    case F_ROAD_BUILDING: {
        if (f->a == 0 || pl->n_road >= 15)
            return 1;
        uint64_t e[2];
        cat_road_edges(s, f->player, e);
        return !(e[0] | e[1]);
    }
    case F_SMITH: {
        if (f->a >= 2)
            return 1;
        uint64_t k = pl->kn;
        while (k) {
            int v = cat_ctz(k);
            k &= k - 1;
            if (cat_knight_can_promote(s, f->player, v))
                return 0;
        }
        return 1;
    }
    case F_MM_PICK:
        return f->b == 0 || s->pl[f->a].ncards == 0;
    default:
        return 0;
    }
    KT_UNUSED(g);
}

static void finish(cat_state *s, int winner)
{
    s->h.status = KT_FINISHED;
    s->h.to_move = -1;
    s->winner = (int8_t)winner;
}

/* Victory only counts during the owner's turn [R 1.4]: ends the game when
 * the turn player has reached the target. */
static inline int turn_player_won(const kt_game *g, cat_state *s)
{
    int tp = s->h.turn_player;
    if (s->setup_step >= 2 * cat_np(g) && tp >= 0 &&
        cat_vp_total(g, s, tp) >= cat_config(g)->vp_target) {
        finish(s, tp);
        return 1;
    }
    return 0;
}

/* Runs procedures until a decision is on top.  The win is checked when the
 * decision is published, unless `check_win` is 0: the caller's action
 * changed nobody's points and not the turn player.  The check of the
 * state (check_flow) makes "the turn player has not reached the target"
 * hold at every rest, so the check would find nothing then.  A procedure
 * that may change points (everything but trade responses and, in the base
 * game, the roll's resolution) turns the check back on. */
CAT_NOINLINE static void advance_loop(const kt_game *g, cat_state *s, int check_win)
{
    const cat_cfg *cf = cat_config(g);
    for (int guard = 0; guard < 4096; guard++) {
        if (s->h.status != KT_RUNNING || s->nstack == 0)
            return;
        cat_frame *f = cat_top(s);
        if (f->kind < F_NDECISIONS) {
            if ((VACUOUS_KINDS >> f->kind & 1) && cat_frame_vacuous(g, s, f)) {
                cat_pop(s);
                continue;
            }
            if (check_win && turn_player_won(g, s))
                return;
            s->h.to_move = (int8_t)f->player;
            s->h.decision = f->kind;
            return;
        }
        if (f->kind != P_TRADE && (cf->ck || f->kind != P_ROLL))
            check_win = 1;
        switch (f->kind) {
        case P_ROLL: proc_roll(g, s, f); break;
        case P_ATTACK: proc_attack(g, s, f); break;
        case P_DRAWS: proc_draws(g, s, f); break;
        case P_TRADE: proc_trade(g, s, f); break;
        case P_HARBOR: proc_harbor(g, s, f); break;
        case P_ENDTURN: proc_endturn(g, s, f); break;
        default: cat_pop(s); break;
        }
    }
    KT_ASSERT(0);
}


/* The usual end of an action: a decision that cannot be empty on top;
 * check the win if due and publish it without the loop's set-up. */
static inline void advance(const kt_game *g, cat_state *s, int check_win)
{
    if (s->h.status == KT_RUNNING && s->nstack) {
        const cat_frame *f = cat_ctop(s);
        if (f->kind < F_NDECISIONS && !(VACUOUS_KINDS >> f->kind & 1)) {
            if (check_win && turn_player_won(g, s))
                return;
            s->h.to_move = (int8_t)f->player;
            s->h.decision = f->kind;
            return;
        }
    }
    advance_loop(g, s, check_win);
}

void cat_advance(const kt_game *g, cat_state *s)
{
    advance_loop(g, s, 1);
}

/* ------------------------------------------------------------ apply */

static void setup_next(const kt_game *g, cat_state *s)
{
    int n = cat_np(g);
    s->setup_step++;
    if (s->setup_step < 2 * n) {
        int k = s->setup_step, p = k < n ? k : 2 * n - 1 - k;
        s->h.turn_player = (int8_t)p;
        cat_push(s, F_SETUP_BUILD, p, 0, 0, 0, 0);
    } else {
        begin_turn(g, s, 0);
    }
}

static void apply_main(const kt_game *g, cat_state *s, int p, kt_action a)
{
    int x = ACT_X(a), y = ACT_Y(a);
    switch (ACT_K(a)) {
    case A_END:
        cat_pop(s);
        if (s->pl[p].nprog > 4) /* the end-of-turn discard comes first */
            cat_push(s, P_ENDTURN, p, 0, 0, 0, 0);
        else
            begin_turn(g, s, seat_after(p, 1, cat_np(g)));
        break;
    case A_ROAD:
        pay(s, p, COST_ROAD);
        cat_put_road(s, x, p);
        cat_update_longest(g, s);
        break;
    case A_SETTLE:
        pay(s, p, COST_SETTLE);
        cat_place(g, s, x, p, VP_SETTLE, 0);
        cat_update_longest(g, s);
        break;
    case A_CITY:
        pay(s, p, COST_CITY);
        cat_build_city(g, s, p, x);
        break;
    case A_WALL:
        pay(s, p, COST_WALL);
        s->v_aux[x] |= AUX_WALL;
        s->pl[p].n_wall++;
        break;
    case A_RECRUIT:
        pay(s, p, COST_KNIGHT);
        cat_place(g, s, x, p, VP_KNIGHT, 1);
        cat_update_longest(g, s);
        break;
    case A_PROMOTE: {
        pay(s, p, COST_KNIGHT);
        int lvl = s->v_aux[x] & KN_LEVEL;
        s->pl[p].n_knight[lvl]--;
        s->pl[p].n_knight[lvl + 1]++;
        s->v_aux[x] = (uint8_t)((s->v_aux[x] & ~KN_LEVEL) | (lvl + 1) | KN_PROMOTED);
        break;
    }
    case A_ACTIVATE:
        pay(s, p, COST_ACTIVATE);
        s->v_aux[x] |= KN_ACTIVE | KN_FRESH;
        break;
    case A_KMOVE: {
        int aux = s->v_aux[x];
        int displaced = s->v_piece[y] == VP_KNIGHT ? s->v_owner[y] : -1;
        int daux = s->v_aux[y];
        if (displaced >= 0)
            cat_remove(g, s, y);
        cat_remove(g, s, x);
        /* acting makes the knight inactive [R 1.9] */
        cat_place(g, s, y, p, VP_KNIGHT, (aux & ~KN_ACTIVE) | KN_USED);
        if (displaced >= 0)
            cat_start_relocation(g, s, displaced, y, daux);
        cat_update_longest(g, s);
        break;
    }
    case A_CHASE:
        s->v_aux[x] = (uint8_t)((s->v_aux[x] & ~KN_ACTIVE) | KN_USED);
        cat_push(s, F_ROBBER, p, 0, 0, 0, 0);
        break;
    case A_IMPROVE:
        cat_do_improve(g, s, p, x, 0);
        break;
    case A_PLAY:
        for (int i = 0; i < s->pl[p].nprog; i++)
            if (s->pl[p].prog[i] == x) {
                cat_prog_remove(s, p, i);
                break;
            }
        cat_prog_under(s, x, (uint8_t)((1u << cat_np(g)) - 1));
        cat_card_play(g, s, p, x);
        break;
    case A_BUYDEV: {
        pay(s, p, COST_DEV);
        int d = s->devdeck[--s->devdeck_n];
        s->devdeck[s->devdeck_n] = 0;
        s->pl[p].dev[d]++;
        s->pl[p].dev_new[d]++;
        break;
    }
    case A_PLAYDEV:
        s->dev_played = 1;
        s->pl[p].dev[x]--;
        cat_dev_play(g, s, p, x);
        break;
    } /* A_BANK and A_PROPOSE: cat_apply */
}

/* May answering decision `kind` with `a` change anybody's points or the
 * turn player (then advance() checks the win)?  Not: trading between
 * players, discarding, moving the robber and stealing, and the base game's
 * roll (production; C&K's event die may bring the barbarians). */
static int points_may_change(const cat_cfg *cf, int kind, kt_action a)
{
    switch (kind) {
    case F_TRADE_COMPOSE:
    case F_TRADE_RESPOND:
    case F_TRADE_CHOOSE:
    case F_DISCARD:
    case F_ROBBER:
    case F_STEAL:
        return 0;
    case F_ROLL:
        return cf->ck || ACT_K(a) != A_ROLL;
    default:
        return 1;
    }
}

/* The decision on top is the one to ask next, and nothing that
 * cat_advance checks has changed since its last pass (no procedure to run,
 * no VP changed, same turn): publish it directly. */
static void publish_top(cat_state *s)
{
    const cat_frame *f = cat_ctop(s);
    s->h.to_move = (int8_t)f->player;
    s->h.decision = f->kind;
}

CAT_NOINLINE static void apply_decision(const kt_game *g, cat_state *s, cat_frame *f,
                                        kt_action a)
{
    int p = f->player, x = ACT_X(a), y = ACT_Y(a), kind = f->kind;
    const cat_cfg *cf = cat_config(g);
    switch (kind) {
    case F_SETUP_BUILD: {
        int round2 = s->setup_step >= cat_np(g);
        cat_pop(s);
        cat_place(g, s, x, p, ACT_K(a) == A_CITY ? VP_CITY : VP_SETTLE, 0);
        if (round2) {
            /* one resource per adjacent producing hex, no commodity [R 1.4] */
            for (int i = 0; i < 3; i++) {
                int h = cat_v_hex[x][i];
                if (h < 0)
                    continue;
                int r = cat_terrain_res[s->terrain[h]];
                if (r >= 0 && s->bank[r])
                    cat_gain(s, p, r, 1);
            }
        }
        cat_push(s, F_SETUP_ROAD, p, x, 0, 0, 0);
        break;
    }
    case F_SETUP_ROAD:
        cat_pop(s);
        cat_put_road(s, x, p);
        cat_update_longest(g, s);
        setup_next(g, s);
        break;
    case F_ROLL:
        if (ACT_K(a) == A_ROLL) {
            roll_dice(s);
            roll_event(g, s);
            int sum = s->dice[0] + s->dice[1];
            if (!cf->ck && sum != 7) {
                /* the base game's roll without a 7 is production alone:
                 * what the P_ROLL steps would do, without pushing them */
                *f = (cat_frame){.kind = F_MAIN, .player = (uint8_t)p};
                produce(g, s, sum);
            } else {
                start_resolution(s, p);
            }
        } else if (ACT_K(a) == A_PLAY) {
            for (int i = 0; i < s->pl[p].nprog; i++)
                if (s->pl[p].prog[i] == x) {
                    cat_prog_remove(s, p, i);
                    break;
                }
            cat_prog_under(s, x, (uint8_t)((1u << cat_np(g)) - 1));
            cat_push(s, F_ALCHEMIST, p, 0, 0, 0, 0);
        } else { /* development card before the roll */
            s->dev_played = 1;
            s->pl[p].dev[x]--;
            cat_dev_play(g, s, p, x);
        }
        break;
    case F_ALCHEMIST:
        /* chosen production dice; the event die is still rolled [S] */
        cat_pop(s);
        s->dice[0] = (uint8_t)x;
        s->dice[1] = (uint8_t)y;
        roll_event(g, s);
        start_resolution(s, p);
        break;
    case F_MAIN:
        apply_main(g, s, p, a);
        break;
    case F_AQUEDUCT:
        cat_pop(s);
        cat_gain(s, p, x, 1);
        break;
    case F_PLENTY:
        cat_gain(s, p, x, 1);
        f->a--;
        if (!f->a)
            cat_pop(s);
        break;
    case F_PDISCARD:
        for (int i = 0; i < s->pl[p].nprog; i++)
            if (s->pl[p].prog[i] == x) {
                cat_prog_remove(s, p, i);
                break;
            }
        /* face down under the deck: only its owner knows it */
        cat_prog_under(s, x, (uint8_t)(1u << p));
        if (s->pl[p].nprog <= 4)
            cat_pop(s);
        break;
    case F_CITY_LOSS:
        cat_pop(s);
        pillage(g, s, x);
        break;
    case F_DEFENDER_DRAW:
        cat_pop(s);
        cat_draw_progress(g, s, p, x);
        if (prog_over_limit_now(g, s, p))
            cat_push(s, F_PDISCARD, p, 0, 0, 0, 0);
        break;
    case F_METROPOLIS: {
        int track = f->a; /* read before the pop clears the frame */
        cat_pop(s);
        set_metro(s, x, track);
        break;
    }
    case F_DISCARD:
    case F_ROBBER:
    case F_STEAL:
    case F_TRADE_COMPOSE:
    case F_TRADE_RESPOND:
    case F_TRADE_CHOOSE:
        /* every action of these is one of cat_apply's quick cases */
        KT_ASSERT(0);
        break;
    case F_RELOCATE: {
        int aux = f->b;
        cat_pop(s);
        s->pl[p].n_knight[aux & KN_LEVEL]--;
        cat_place(g, s, x, p, VP_KNIGHT, aux);
        cat_update_longest(g, s);
        break;
    }
    default:
        cat_card_apply(g, s, f, a);
        break;
    }
    advance(g, s, points_may_change(cf, kind, a));
}

/* Trades between players, in cat_apply's quick cases: what apply_decision
 * and the engine loop do for them (the loop would run the P_TRADE
 * procedure and then publish the decision on top, never one that can be
 * empty, without a win check: trading changes no points). */
static void trade_send(const kt_game *g, cat_state *s, int p, int to)
{
    cat_pop(s);
    hand_sub(s, p, vec8(s->tr_give)); /* escrow */
    s->tr_state = 2;
    s->tr_offer = s->tr_ask = s->tr_nsend = 0; /* composed */
    s->tr_to = (int8_t)(to == SEND_ALL ? -1 : to);
    s->tr_accept = 0;
    cat_push(s, P_TRADE, p, 0, 0, 0, 0);
    proc_trade(g, s, cat_top(s));
    publish_top(s);
}

static void trade_answer(const kt_game *g, cat_state *s, int p, int accept)
{
    cat_pop(s);
    if (accept) {
        hand_sub(s, p, vec8(s->tr_get)); /* escrow */
        s->tr_accept |= (uint8_t)(1u << p);
    }
    proc_trade(g, s, cat_top(s)); /* the P_TRADE frame under the answer */
    publish_top(s);
}

/* the proposer trades with acceptor q, or with nobody (q < 0) */
static void trade_deal(const kt_game *g, cat_state *s, int p, int q)
{
    cat_pop(s);
    if (q >= 0) {
        hand_add(s, p, vec8(s->tr_get));
        hand_add(s, q, vec8(s->tr_give));
        memset(s->tr_give, 0, sizeof s->tr_give);
    }
    trade_unwind(g, s, p, q);
    publish_top(s);
}

/* After a decision of a 7 (a discard, the robber, a steal), nobody's
 * points changed: the roll's next step if its procedure is on top (in the
 * base game, where it changes no points either), then the usual
 * publication; what the engine loop does, without its set-up. */
static void after_seven(const kt_game *g, cat_state *s)
{
    cat_frame *f = cat_top(s);
    if (f->kind == P_ROLL && !cat_config(g)->ck)
        proc_roll(g, s, f);
    advance(g, s, 0);
}

/* Discarding, moving the robber (a 7, a knight, C&K's chase, the Bishop)
 * and stealing: what apply_decision did for them. */
CAT_NOINLINE static void seven_decision(const kt_game *g, cat_state *s, int p, kt_action a)
{
    cat_frame *f = cat_top(s);
    int x = ACT_X(a);
    switch (ACT_K(a)) {
    case A_DISCARD:
        cat_lose(s, p, x, 1);
        f->a--;
        /* more to discard: the same decision stays (not empty: a card
         * owed and one in the hand) */
        if (f->a && s->pl[p].ncards)
            return;
        if (!f->a)
            cat_pop(s);
        break;
    case A_ROBBER: {
        int bishop = f->a;
        cat_pop(s);
        cat_move_robber(g, s, x);
        cat_after_robber(g, s, p, bishop);
        break;
    }
    default: /* A_STEAL */
        cat_pop(s);
        steal(s, p, x);
        break;
    }
    after_seven(g, s);
}

/* The base game's roll: the dice, then without a 7 production alone (what
 * the P_ROLL steps would do, without pushing them; nobody's points change,
 * so no win check), else the general resolution (discards, the robber). */
CAT_NOINLINE static void roll_base(const kt_game *g, cat_state *s, int p)
{
    roll_dice(s);
    s->dice[2] = EV_NONE;
    int sum = s->dice[0] + s->dice[1];
    if (sum == 7) {
        /* the general resolution: in the base game the roll's steps stop
         * at the first discard or at the robber, a decision that is not
         * empty (a discard is asked of hands above seven) */
        start_resolution(s, p);
        proc_roll(g, s, cat_top(s));
        publish_top(s);
        return;
    }
    *cat_top(s) = (cat_frame){.kind = F_MAIN, .player = (uint8_t)p};
    produce(g, s, sum);
    s->h.decision = F_MAIN; /* the same player decides */
}

/* A thin entry.  The most frequent actions of random play (more than half
 * of all base-game actions) end on a known decision and are done here
 * without the general engine pass, found by the action's kind alone: one
 * jump on the random choice rather than tests of the frame.  Kinds used
 * by one decision only need no test of it; at rest the header names the
 * top frame's decision and player (check() verifies it). */
void cat_apply(const kt_game *g, kt_state *ks, kt_action a)
{
    cat_state *s = (cat_state *)ks;
    int x = ACT_X(a), p = s->h.to_move;
    switch (ACT_K(a)) {
    case A_OFFER: { /* composing a trade: one more card offered */
        /* whole-word updates: a word load right after a byte store
         * waits for the store */
        uint64_t give = vec8(s->tr_give) + (1ULL << 8 * x);
        vec8_put(s->tr_give, give);
        /* kind x: offered again only while the hand holds more, asked for
         * no more; nothing more offered at five cards (see
         * cat_compose_masks); the same decision stays */
        unsigned bit = 1u << x, full = vec8_sum(give) >= 5;
        unsigned drop = s->pl[p].hand[x] <= (give >> 8 * x & 0xff) ? bit : 0;
        s->tr_offer = (uint8_t)(s->tr_offer & ~drop & (full - 1u));
        s->tr_ask = (uint8_t)(s->tr_ask & ~bit);
        s->tr_nsend = (uint8_t)(vec8(s->tr_get) ? cat_np(g) : 0);
        return;
    }
    case A_ASK: { /* composing a trade: one more card asked for */
        uint64_t get = vec8(s->tr_get) + (1ULL << 8 * x);
        vec8_put(s->tr_get, get);
        unsigned full = vec8_sum(get) >= 5;
        s->tr_offer = (uint8_t)(s->tr_offer & ~(1u << x));
        s->tr_ask = (uint8_t)(s->tr_ask & (full - 1u));
        s->tr_nsend = (uint8_t)(vec8(s->tr_give) ? cat_np(g) : 0);
        return;
    }
    case A_CANCEL:
        if (s->h.decision == F_TRADE_CHOOSE) {
            trade_deal(g, s, p, -1);
            return;
        }
        cat_pop(s); /* composing: back to the main phase */
        trade_reset(s);
        publish_top(s);
        return;
    case A_DISCARD: /* the decisions of a 7 */
    case A_ROBBER:
    case A_STEAL:
        seven_decision(g, s, p, a);
        return;
    case A_ROLL:
        if (cat_config(g)->ck)
            break;
        roll_base(g, s, p);
        return;
    case A_END: { /* the main phase */
        if (s->pl[p].nprog > 4)
            break;
        /* what apply_main and advance do: the next turn (its roll frame
         * takes the place of the main phase's), and its player may have
         * won already (the roll is never empty) */
        int q = seat_after(p, 1, cat_np(g));
        *cat_top(s) = (cat_frame){.kind = F_ROLL, .player = (uint8_t)q};
        new_turn(s, q);
        if (!turn_player_won(g, s)) {
            s->h.to_move = (int8_t)q;
            s->h.decision = F_ROLL;
        }
        return;
    }
    case A_BANK:
        if (s->h.decision != F_MAIN)
            break;
        cat_lose(s, p, x, ACT_Z(a));
        cat_gain(s, p, ACT_Y(a), 1);
        return;
    case A_SEND: /* composing a trade */
        trade_send(g, s, p, x);
        return;
    case A_ACCEPT: /* answering a trade */
    case A_DECLINE:
        trade_answer(g, s, p, ACT_K(a) == A_ACCEPT);
        return;
    case A_DEAL: /* the proposer picks an acceptor */
        trade_deal(g, s, p, x);
        return;
    case A_PROPOSE: { /* the main phase */
        s->proposals++;
        trade_reset(s);
        s->tr_state = 1;
        cat_push(s, F_TRADE_COMPOSE, p, 0, 0, 0, 0);
        /* cat_compose_masks with nothing offered or asked yet */
        uint64_t kinds = cat_config(g)->ck ? HI8 : RES8;
        s->tr_offer = (uint8_t)slot_bits(vec8_ge(vec8(s->pl[p].hand), LO8) & kinds);
        s->tr_ask = (uint8_t)slot_bits(kinds);
        publish_top(s);
        return;
    }
    }
    apply_decision(g, s, cat_top(s), a);
}

int cat_turn_active(const cat_state *s, int p)
{
    return s->h.turn_player == p;
}
