/*
 * sealed.c - the test-only game "sealed": several players deciding at once.
 *
 * Rules: 2-4 players start with 5 coins.  Each of 3 rounds, every player
 * secretly bids 0..min(3, coins) ("bid N"); when all have bid, the bids are
 * revealed: the highest bid made by exactly one player wins a point and that
 * player pays it.  Most points wins (ties share).
 *
 * State: per player coins, points, the committed bid (0..3) and a bit set
 * of players who have bid this round.  hdr.to_move is the lowest player who
 * has not bid yet; kt_pending is everyone who has not.  hdr.turn = round.
 * It exercises the core's simultaneous-decision support (pending, *_as,
 * hidden commits, determinization of commits) and the game log.
 */
#include <stdio.h>
#include <string.h>

#include "../../src/core/game.h"
#include "sealed.h"

#define SEALED_MAGIC 0x7365616cu /* "seal" */
#define SEALED_MAXP 4
#define SEALED_ROUNDS 3

typedef struct sealed_state {
    kt_state_hdr h;
    uint8_t coins[SEALED_MAXP], points[SEALED_MAXP], bid[SEALED_MAXP];
    uint8_t done; /* bit p: player p has bid this round */
    uint8_t last_winner; /* 0: nobody yet, else player + 1 */
} sealed_state;

static const kt_optinfo sealed_opts[] = {
    {"coins", KT_OPT_INT, "5", 1, 9, NULL, "coins each player starts with"},
};

static kt_status sealed_setup(kt_game *g, kt_err *err)
{
    KT_UNUSED(err);
    g->state_size = sizeof(sealed_state);
    g->max_legal = 4;
    return KT_OK;
}

static void sealed_init(const kt_game *g, kt_state *st)
{
    sealed_state *s = (sealed_state *)st;
    for (int p = 0; p < g->nplayers; p++)
        s->coins[p] = (uint8_t)kt_game_opt_int(g, "coins");
    s->h.turn = 1;
    s->h.to_move = 0;
    s->h.turn_player = -1;
}

static int max_bid(const sealed_state *s, int p) { return s->coins[p] < 3 ? s->coins[p] : 3; }

static int sealed_legal(const kt_game *g, const kt_state *st, kt_action *buf)
{
    KT_UNUSED(g);
    const sealed_state *s = (const sealed_state *)st;
    int n = 0;
    for (int b = 0; b <= max_bid(s, s->h.to_move); b++)
        buf[n++] = (kt_action)b;
    return n;
}

static uint32_t sealed_pending(const kt_game *g, const kt_state *st)
{
    const sealed_state *s = (const sealed_state *)st;
    return ((1u << g->nplayers) - 1u) & ~(uint32_t)s->done;
}

static void reveal(const kt_game *g, sealed_state *s)
{
    int best = -1, who = -1;
    for (int b = 3; b > 0 && best < 0; b--) {
        int k = 0, w = -1;
        for (int p = 0; p < g->nplayers; p++)
            if (s->bid[p] == b)
                k++, w = p;
        if (k == 1)
            best = b, who = w;
    }
    s->last_winner = (uint8_t)(who + 1);
    if (who >= 0) {
        s->points[who]++;
        s->coins[who] = (uint8_t)(s->coins[who] - best);
    }
    if (s->h.turn == SEALED_ROUNDS) {
        s->h.status = KT_FINISHED;
        s->h.to_move = -1;
        return;
    }
    s->h.turn++;
    s->done = 0;
    memset(s->bid, 0, sizeof s->bid);
    s->h.to_move = 0;
}

static void sealed_apply(const kt_game *g, kt_state *st, kt_action a)
{
    sealed_state *s = (sealed_state *)st;
    int p = s->h.to_move;
    s->bid[p] = (uint8_t)a;
    s->done |= (uint8_t)(1u << p);
    uint32_t left = sealed_pending(g, st);
    if (!left) {
        reveal(g, s);
        return;
    }
    int q = 0;
    while (!((left >> q) & 1u))
        q++;
    s->h.to_move = (int8_t)q;
}

static void sealed_action_text(const kt_game *g, const kt_state *st, kt_action a, int viewer,
                               int lang, kt_buf *out)
{
    KT_UNUSED(g);
    const sealed_state *s = (const sealed_state *)st;
    if (viewer != KT_OMNISCIENT && viewer != s->h.to_move)
        kt_buf_puts(out, lang == KT_LANG_DE ? "bietet verdeckt" : "bids secretly");
    else if (a <= 3)
        kt_buf_printf(out, "%s %u", lang == KT_LANG_DE ? "biete" : "bid", a);
    else
        kt_buf_puts(out, "unknown action");
}

static void sealed_events(const kt_game *g, const kt_state *b, kt_action a, const kt_state *af,
                          kt_log *log)
{
    const sealed_state *before = (const sealed_state *)b, *after = (const sealed_state *)af;
    int p = before->h.to_move;
    char en[96], de[96];
    snprintf(en, sizeof en, "You bid %u.", a);
    snprintf(de, sizeof de, "Du bietest %u.", a);
    kt_log_add(log, KT_VIS_ONLY(p), "bid", p, en, de);
    if (after->h.turn != before->h.turn || after->h.status != KT_RUNNING) {
        /* the bids of the round just revealed are in `before` plus this one */
        kt_buf t;
        kt_buf_init(&t);
        kt_buf_puts(&t, "Bids revealed:");
        for (int q = 0; q < g->nplayers; q++)
            kt_buf_printf(&t, " player %d %u%s", q + 1, q == p ? a : before->bid[q],
                          q + 1 < g->nplayers ? "," : ".");
        int w = after->last_winner - 1;
        if (w >= 0)
            kt_buf_printf(&t, " Player %d wins the round.", w + 1);
        else
            kt_buf_puts(&t, " Nobody wins the round.");
        kt_log_add(log, KT_VIS_ALL, "reveal", w, t.p, NULL);
        kt_buf_free(&t);
    }
}

static const char *sealed_decision_name(int d) { return d == 0 ? "bid" : NULL; }

static void sealed_prompt(const kt_game *g, const kt_state *st, int lang, kt_buf *out)
{
    KT_UNUSED(g);
    kt_buf_printf(out, lang == KT_LANG_DE ? "Spieler %d: geheimes Gebot" : "Player %d: secret bid",
                  st->h.to_move + 1);
}

static void sealed_result(const kt_game *g, const kt_state *st, kt_result *r)
{
    const sealed_state *s = (const sealed_state *)st;
    double pts[SEALED_MAXP];
    for (int p = 0; p < g->nplayers; p++)
        r->score[p] = pts[p] = s->points[p];
    kt_result_rank(r, g->nplayers, pts, NULL);
}

static void sealed_evaluate(const kt_game *g, const kt_state *st, double *out)
{
    KT_UNUSED(st);
    for (int p = 0; p < g->nplayers; p++)
        out[p] = 1.0 / g->nplayers;
}

/* Other players' committed bids are resampled within what they could bid. */
static void sealed_determinize(const kt_game *g, kt_state *st, int player, kt_rng *rng)
{
    sealed_state *s = (sealed_state *)st;
    for (int q = 0; q < g->nplayers; q++)
        if (q != player && ((unsigned)s->done >> q & 1u))
            s->bid[q] = (uint8_t)kt_rng_below(rng, (uint32_t)max_bid(s, q) + 1);
}

static void sealed_observe(const kt_game *g, const kt_state *st, int player, int lang, kt_jw *w)
{
    KT_UNUSED(lang);
    const sealed_state *s = (const sealed_state *)st;
    kt_jw_key(w, "players_view");
    kt_jw_arr(w);
    for (int p = 0; p < g->nplayers; p++) {
        kt_jw_obj(w);
        kt_jw_kint(w, "coins", s->coins[p]);
        kt_jw_kint(w, "points", s->points[p]);
        kt_jw_kbool(w, "has_bid", (s->done >> p) & 1u);
        if (p == player && ((s->done >> p) & 1u))
            kt_jw_kint(w, "bid", s->bid[p]);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
}

static void sealed_save(const kt_game *g, const kt_state *st, kt_jw *w)
{
    const sealed_state *s = (const sealed_state *)st;
    kt_jw_obj(w);
    kt_jw_key(w, "coins");
    kt_jw_u8s(w, s->coins, (size_t)g->nplayers);
    kt_jw_key(w, "points");
    kt_jw_u8s(w, s->points, (size_t)g->nplayers);
    kt_jw_key(w, "bid");
    kt_jw_u8s(w, s->bid, (size_t)g->nplayers);
    kt_jw_kint(w, "done", s->done);
    kt_jw_kint(w, "last_winner", s->last_winner);
    kt_jw_obj_end(w);
}

static int sealed_load(const kt_game *g, const kt_jv *v, kt_state *st, kt_jr *r)
{
    sealed_state *s = (sealed_state *)st;
    int np = g->nplayers, n;
    long long x;
    if (!kt_jr_only(r, v, "coins,points,bid,done,last_winner") ||
        !kt_jr_u8s(r, v, "coins", s->coins, np, np, 0, 9, &n) ||
        !kt_jr_u8s(r, v, "points", s->points, np, np, 0, SEALED_ROUNDS, &n) ||
        !kt_jr_u8s(r, v, "bid", s->bid, np, np, 0, 3, &n) ||
        !kt_jr_int(r, v, "done", 0, (1 << np) - 1, &x))
        return 0;
    s->done = (uint8_t)x;
    if (!kt_jr_int(r, v, "last_winner", 0, np, &x))
        return 0;
    s->last_winner = (uint8_t)x;
    return 1;
}

static void sealed_render(const kt_game *g, const kt_state *st, int viewer, int lang, kt_buf *out)
{
    KT_UNUSED(lang);
    const sealed_state *s = (const sealed_state *)st;
    for (int p = 0; p < g->nplayers; p++)
        kt_buf_printf(out, "player %d: %u coins, %u points%s\n", p + 1, s->coins[p], s->points[p],
                      !((s->done >> p) & 1u) ? ""
                      : (viewer == p || viewer == KT_OMNISCIENT) ? " (has bid)"
                                                                 : " (has bid, hidden)");
}

static void sealed_components(int lang, kt_buf *out)
{
    KT_UNUSED(lang);
    kt_buf_puts(out, "coins\n");
}

static int sealed_check(const kt_game *g, const kt_state *st, kt_buf *why)
{
    const sealed_state *s = (const sealed_state *)st;
    for (int p = 0; p < g->nplayers; p++)
        if (s->bid[p] > max_bid(s, p) || (!((s->done >> p) & 1u) && s->bid[p])) {
            kt_buf_printf(why, "player %d has an impossible bid %u", p + 1, s->bid[p]);
            return 0;
        }
    if (s->h.status == KT_RUNNING && s->done == (1u << g->nplayers) - 1u) {
        kt_buf_puts(why, "everybody has bid but the round was not revealed");
        return 0;
    }
    return 1;
}

const kt_gamedef kt_test_sealed = {
    .info = {"sealed", "Sealed bids (test game)", "players bid at the same time", 2, SEALED_MAXP,
             3, sealed_opts, 1},
    .magic = SEALED_MAGIC,
    .setup = sealed_setup,
    .init = sealed_init,
    .legal = sealed_legal,
    .apply = sealed_apply,
    .action_text = sealed_action_text,
    .decision_name = sealed_decision_name,
    .prompt = sealed_prompt,
    .result = sealed_result,
    .evaluate = sealed_evaluate,
    .determinize = sealed_determinize,
    .observe = sealed_observe,
    .save = sealed_save,
    .load = sealed_load,
    .render = sealed_render,
    .components = sealed_components,
    .check = sealed_check,
    .events = sealed_events,
    .pending = sealed_pending,
};
