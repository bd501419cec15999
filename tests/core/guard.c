/*
 * guard.c - the test-only game "guard": hidden cards, dice, a move that
 * loses at once, a study bound (issue 26: the undo barrier, moves to
 * confirm, study options), registered only in the test binary.
 *
 * Rules: 2 players take turns; each holds a secret card 1..9 (dealt at the
 * start) and 3 coins.  On a turn the player may "step" (nothing happens),
 * "roll" (a die; its pips become points), "peek" (look at the other
 * player's card) or "spend" a coin for a point - spending the last coin
 * loses the game at once (the move the game warns about).  After 12 turns
 * the higher points plus card wins.  The option "offers" stands for a bound
 * that the rules leave open (0 = none) and that studies set ("offers=3").
 *
 * State: per player card, coins, points, whether they know the other's
 * card; the last roll; hdr.turn counts turns.
 */
#include <stdio.h>
#include <string.h>

#include "guard.h"

#define GUARD_MAGIC 0x67726431u /* "grd1" */
#define GUARD_TURNS 12

enum { G_STEP = 1, G_ROLL, G_PEEK, G_SPEND };

typedef struct guard_state {
    kt_state_hdr h;
    uint8_t card[2], coins[2], points[2], knows[2];
    uint8_t roll, lost; /* lost: 0 nobody, else player + 1 */
    uint8_t pad[2];
} guard_state;

static const char *const names[2][5] = {{"", "step", "roll", "peek", "spend"},
                                        {"", "warten", "wuerfeln", "nachsehen", "ausgeben"}};

static const kt_optinfo guard_opts[] = {
    {"offers", KT_OPT_INT, "0", 0, 99, NULL, "a bound the rules leave open (0 = none)"},
};

static kt_status guard_setup(kt_game *g, kt_err *err)
{
    KT_UNUSED(err);
    g->state_size = sizeof(guard_state);
    g->max_legal = 4;
    return KT_OK;
}

static void guard_init(const kt_game *g, kt_state *st)
{
    KT_UNUSED(g);
    guard_state *s = (guard_state *)st;
    for (int p = 0; p < 2; p++) {
        s->card[p] = (uint8_t)(1 + kt_rng_below(&s->h.rng, 9));
        s->coins[p] = 3;
    }
    s->h.turn = 1;
    s->h.to_move = 0;
    s->h.turn_player = 0;
}

static int guard_legal(const kt_game *g, const kt_state *st, kt_action *buf)
{
    KT_UNUSED(g);
    const guard_state *s = (const guard_state *)st;
    int n = 0;
    buf[n++] = G_STEP;
    buf[n++] = G_ROLL;
    if (!s->knows[s->h.to_move])
        buf[n++] = G_PEEK;
    if (s->coins[s->h.to_move])
        buf[n++] = G_SPEND;
    return n;
}

static void guard_apply(const kt_game *g, kt_state *st, kt_action a)
{
    KT_UNUSED(g);
    guard_state *s = (guard_state *)st;
    int p = s->h.to_move;
    if (a == G_ROLL) {
        s->roll = (uint8_t)(1 + kt_rng_below(&s->h.rng, 6));
        s->points[p] = (uint8_t)(s->points[p] + s->roll);
    } else if (a == G_PEEK) {
        s->knows[p] = 1;
    } else if (a == G_SPEND) {
        s->coins[p]--;
        s->points[p]++;
        if (!s->coins[p])
            s->lost = (uint8_t)(p + 1);
    }
    if (s->lost || s->h.turn == GUARD_TURNS) {
        s->h.status = KT_FINISHED;
        s->h.to_move = s->h.turn_player = -1;
        return;
    }
    s->h.turn++;
    s->h.to_move = s->h.turn_player = (int8_t)(1 - p);
}

static void guard_action_text(const kt_game *g, const kt_state *st, kt_action a, int viewer,
                              int lang, kt_buf *out)
{
    KT_UNUSED(g);
    KT_UNUSED(st);
    KT_UNUSED(viewer);
    kt_buf_puts(out, a >= G_STEP && a <= G_SPEND ? names[lang == KT_LANG_DE][a] : "unknown action");
}

static void guard_events(const kt_game *g, const kt_state *b, kt_action a, const kt_state *af,
                         kt_log *log)
{
    KT_UNUSED(g);
    const guard_state *before = (const guard_state *)b, *after = (const guard_state *)af;
    int p = before->h.to_move;
    char en[96], de[96];
    if (a == G_ROLL) {
        snprintf(en, sizeof en, "Player %d rolls %u.", p + 1, after->roll);
        snprintf(de, sizeof de, "Spieler %d wuerfelt %u.", p + 1, after->roll);
        kt_log_add(log, KT_VIS_ALL, "roll", p, en, de);
    } else if (a == G_PEEK) {
        snprintf(en, sizeof en, "You see the card %u.", before->card[1 - p]);
        snprintf(de, sizeof de, "Du siehst die Karte %u.", before->card[1 - p]);
        kt_log_add(log, KT_VIS_ONLY(p), "look", p, en, de);
    }
}

static const char *guard_decision_name(int d) { return d == 0 ? "turn" : NULL; }

static void guard_prompt(const kt_game *g, const kt_state *st, int lang, kt_buf *out)
{
    KT_UNUSED(g);
    kt_buf_printf(out, lang == KT_LANG_DE ? "Spieler %d ist am Zug" : "Player %d to move",
                  st->h.to_move + 1);
}

static void guard_result(const kt_game *g, const kt_state *st, kt_result *r)
{
    const guard_state *s = (const guard_state *)st;
    double key[2];
    for (int p = 0; p < 2; p++)
        r->score[p] = key[p] = s->lost == p + 1 ? -1 : s->points[p] + s->card[p];
    kt_result_rank(r, g->nplayers, key, NULL);
}

static void guard_evaluate(const kt_game *g, const kt_state *st, double *out)
{
    KT_UNUSED(g);
    KT_UNUSED(st);
    out[0] = out[1] = 0.5;
}

/* The other player's card, unless the player looked at it. */
static void guard_determinize(const kt_game *g, kt_state *st, int player, kt_rng *rng)
{
    KT_UNUSED(g);
    guard_state *s = (guard_state *)st;
    if (player >= 0 && !s->knows[player])
        s->card[1 - player] = (uint8_t)(1 + kt_rng_below(rng, 9));
    if (player < 0)
        for (int p = 0; p < 2; p++)
            s->card[p] = (uint8_t)(1 + kt_rng_below(rng, 9));
}

/* Exact: chance (a roll) shows everybody something; a peek shows the one
 * who peeks the other's card.  Nothing else is hidden. */
static int guard_reveals(const kt_game *g, const kt_state *before, kt_action a,
                         const kt_state *after, int player)
{
    KT_UNUSED(g);
    KT_UNUSED(after);
    return a == G_ROLL || (a == G_PEEK && before->h.to_move == player);
}

static void guard_warn(const kt_game *g, const kt_state *st, kt_action a, int lang, kt_buf *out)
{
    KT_UNUSED(g);
    const guard_state *s = (const guard_state *)st;
    if (a == G_SPEND && s->h.to_move >= 0 && s->coins[s->h.to_move] == 1)
        kt_buf_puts(out, lang == KT_LANG_DE
                             ? "Das gibt deine letzte Münze aus: du verlierst sofort."
                             : "This spends your last coin: you lose at once.");
}

static void guard_observe(const kt_game *g, const kt_state *st, int player, int lang, kt_jw *w)
{
    KT_UNUSED(g);
    KT_UNUSED(lang);
    const guard_state *s = (const guard_state *)st;
    kt_jw_kint(w, "roll", s->roll);
    kt_jw_key(w, "seats");
    kt_jw_arr(w);
    for (int p = 0; p < 2; p++) {
        kt_jw_obj(w);
        kt_jw_kint(w, "coins", s->coins[p]);
        kt_jw_kint(w, "points", s->points[p]);
        kt_jw_kbool(w, "knows", s->knows[p]);
        if (p == player || (player >= 0 && s->knows[player]) || s->h.status != KT_RUNNING)
            kt_jw_kint(w, "card", s->card[p]);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
}

static void guard_save(const kt_game *g, const kt_state *st, kt_jw *w)
{
    KT_UNUSED(g);
    const guard_state *s = (const guard_state *)st;
    kt_jw_obj(w);
    kt_jw_key(w, "card");
    kt_jw_u8s(w, s->card, 2);
    kt_jw_key(w, "coins");
    kt_jw_u8s(w, s->coins, 2);
    kt_jw_key(w, "points");
    kt_jw_u8s(w, s->points, 2);
    kt_jw_key(w, "knows");
    kt_jw_u8s(w, s->knows, 2);
    kt_jw_kint(w, "roll", s->roll);
    kt_jw_kint(w, "lost", s->lost);
    kt_jw_obj_end(w);
}

static int guard_load(const kt_game *g, const kt_jv *v, kt_state *st, kt_jr *r)
{
    KT_UNUSED(g);
    guard_state *s = (guard_state *)st;
    int n;
    long long x, y;
    if (!kt_jr_only(r, v, "card,coins,points,knows,roll,lost") ||
        !kt_jr_u8s(r, v, "card", s->card, 2, 2, 1, 9, &n) ||
        !kt_jr_u8s(r, v, "coins", s->coins, 2, 2, 0, 3, &n) ||
        !kt_jr_u8s(r, v, "points", s->points, 2, 2, 0, 200, &n) ||
        !kt_jr_u8s(r, v, "knows", s->knows, 2, 2, 0, 1, &n) ||
        !kt_jr_int(r, v, "roll", 0, 6, &x) || !kt_jr_int(r, v, "lost", 0, 2, &y))
        return 0;
    s->roll = (uint8_t)x;
    s->lost = (uint8_t)y;
    return 1;
}

static void guard_render(const kt_game *g, const kt_state *st, int viewer, int lang, kt_buf *out)
{
    KT_UNUSED(g);
    KT_UNUSED(lang);
    const guard_state *s = (const guard_state *)st;
    for (int p = 0; p < 2; p++) {
        kt_buf_printf(out, "player %d: %u coins, %u points", p + 1, s->coins[p], s->points[p]);
        if (viewer == p || viewer == KT_OMNISCIENT || (viewer >= 0 && s->knows[viewer]))
            kt_buf_printf(out, ", card %u", s->card[p]);
        kt_buf_putc(out, '\n');
    }
}

static void guard_components(int lang, kt_buf *out)
{
    KT_UNUSED(lang);
    kt_buf_puts(out, "cards 1-9, a die, coins\n");
}

static int guard_check(const kt_game *g, const kt_state *st, kt_buf *why)
{
    KT_UNUSED(g);
    const guard_state *s = (const guard_state *)st;
    for (int p = 0; p < 2; p++)
        if (s->card[p] < 1 || s->card[p] > 9 || s->coins[p] > 3) {
            kt_buf_printf(why, "player %d has card %u and %u coins", p + 1, s->card[p],
                          s->coins[p]);
            return 0;
        }
    return 1;
}

/* "spend" spends a coin: the cost front ends show (kt_action_info). */
static void guard_action_info(const kt_game *g, const kt_state *st, kt_action a,
                              kt_action_info *out)
{
    (void)g;
    (void)st;
    if (a != G_SPEND)
        return;
    snprintf(out->verb, sizeof out->verb, "spend");
    snprintf(out->costs[0].what, sizeof out->costs[0].what, "coins");
    out->costs[0].amount = 1;
    out->ncosts = 1;
}

const kt_gamedef kt_test_guard = {
    .info = {"guard", "Guard (test game)", "hidden cards, dice and a losing move", 2, 2, 2,
             guard_opts, 1},
    .magic = GUARD_MAGIC,
    .setup = guard_setup,
    .init = guard_init,
    .legal = guard_legal,
    .apply = guard_apply,
    .action_text = guard_action_text,
    .decision_name = guard_decision_name,
    .prompt = guard_prompt,
    .result = guard_result,
    .evaluate = guard_evaluate,
    .determinize = guard_determinize,
    .observe = guard_observe,
    .save = guard_save,
    .load = guard_load,
    .render = guard_render,
    .components = guard_components,
    .check = guard_check,
    .events = guard_events,
    .reveals = guard_reveals,
    .warn = guard_warn,
    .action_info = guard_action_info,
    .study_options = "offers=3",
};
