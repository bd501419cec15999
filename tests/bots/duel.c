/*
 * duel.c - rules and views of the test-only game "duel" (see duel.h for the
 * rules and the state layout).  Actions are card values 1..16 ("play 7");
 * the only decision kind is "play".  hdr.turn counts tricks started.
 */
#include "duel.h"

#include <stdio.h>
#include <string.h>

#define DUEL_MAGIC 0x6475656cu /* "duel" */

static const kt_optinfo duel_opts[] = {
    {"hand", KT_OPT_INT, "4", 0, DUEL_MAXHAND, NULL,
     "cards dealt to each player; 0: drawn from the configuration's seed (a random setup, "
     "written back like a random Dominion kingdom)"},
};

static int nplayers(const kt_game *g) { return g->nplayers; }

static kt_status duel_setup(kt_game *g, kt_err *err)
{
    long long hand = kt_game_opt_int(g, "hand");
    if (hand == 0) {
        kt_rng r;
        kt_rng_seed(&r, kt_seed_derive(g->seed, 0x4a4du));
        int most = DUEL_CARDS / g->nplayers < DUEL_MAXHAND ? DUEL_CARDS / g->nplayers
                                                           : DUEL_MAXHAND;
        char v[16];
        snprintf(v, sizeof v, "%d", 1 + (int)kt_rng_below(&r, (uint32_t)most));
        kt_status st = kt_game_set_opt(g, "hand", v, err);
        if (st != KT_OK)
            return st;
        hand = kt_game_opt_int(g, "hand");
    }
    if (hand * g->nplayers > DUEL_CARDS)
        return kt_seterr(err, KT_EINVAL, "duel option 'hand': %lld cards for %d players need "
                         "more than %d cards", hand, g->nplayers, DUEL_CARDS);
    g->state_size = sizeof(duel_state);
    g->max_legal = (int)hand;
    return KT_OK;
}

static void hand_insert(duel_state *s, int p, uint8_t v)
{
    int n = s->nhand[p];
    while (n > 0 && s->hand[p][n - 1] > v) {
        s->hand[p][n] = s->hand[p][n - 1];
        n--;
    }
    s->hand[p][n] = v;
    s->nhand[p]++;
}

static void duel_init(const kt_game *g, kt_state *st)
{
    duel_state *s = (duel_state *)st;
    for (int i = 0; i < DUEL_CARDS; i++)
        s->deck[i] = (uint8_t)(i + 1);
    kt_shuffle_u8(&s->h.rng, s->deck, DUEL_CARDS);
    s->ndeck = DUEL_CARDS;
    int hand = (int)kt_game_opt_int(g, "hand");
    for (int k = 0; k < hand; k++)
        for (int p = 0; p < nplayers(g); p++)
            hand_insert(s, p, s->deck[--s->ndeck]);
    s->h.turn = 1;
    s->h.to_move = 0;
    s->h.turn_player = 0;
    s->h.decision = 0;
}

static int duel_legal(const kt_game *g, const kt_state *st, kt_action *buf)
{
    KT_UNUSED(g);
    const duel_state *s = (const duel_state *)st;
    int p = s->h.to_move;
    for (int i = 0; i < s->nhand[p]; i++)
        buf[i] = s->hand[p][i];
    return s->nhand[p];
}

static void finish_trick(const kt_game *g, duel_state *s)
{
    int np = nplayers(g), best = 0, points = 1;
    for (int i = 0; i < np; i++) {
        if (s->trick[i] > s->trick[best])
            best = i;
        points += (s->trick[i] % 2) == 0;
        s->out[s->trick[i]] = 1;
    }
    int winner = (s->leader + best) % np;
    s->score[winner] = (uint8_t)(s->score[winner] + points);
    s->ntrick = 0;
    s->leader = (uint8_t)winner;
    if (s->ndeck >= np)
        for (int i = 0; i < np; i++)
            hand_insert(s, (winner + i) % np, s->deck[--s->ndeck]);
    if (s->nhand[winner] == 0) {
        s->h.status = KT_FINISHED;
        s->h.to_move = -1;
        s->h.turn_player = -1;
        return;
    }
    s->h.turn++;
    s->h.to_move = (int8_t)winner;
    s->h.turn_player = (int8_t)winner;
}

static void duel_apply(const kt_game *g, kt_state *st, kt_action a)
{
    duel_state *s = (duel_state *)st;
    int p = s->h.to_move, n = s->nhand[p], i = 0;
    while (i < n && s->hand[p][i] != a)
        i++;
    KT_ASSERT(i < n);
    memmove(&s->hand[p][i], &s->hand[p][i + 1], (size_t)(n - i - 1));
    s->hand[p][n - 1] = 0;
    s->nhand[p]--;
    s->trick[s->ntrick++] = (uint8_t)a;
    if (s->ntrick < nplayers(g))
        s->h.to_move = (int8_t)((s->leader + s->ntrick) % nplayers(g));
    else
        finish_trick(g, s);
}

static void duel_action_text(const kt_game *g, const kt_state *s, kt_action a, int viewer,
                             int lang, kt_buf *out)
{
    KT_UNUSED(g);
    KT_UNUSED(s);
    KT_UNUSED(viewer);
    kt_buf_printf(out, "%s %u", lang == KT_LANG_DE ? "spiele" : "play", a);
}

static const char *duel_decision_name(int d) { return d == 0 ? "play" : NULL; }

static void duel_prompt(const kt_game *g, const kt_state *s, int lang, kt_buf *out)
{
    KT_UNUSED(g);
    KT_UNUSED(s);
    kt_buf_puts(out, lang == KT_LANG_DE ? "Spiele eine Karte" : "Play a card");
}

static void duel_result(const kt_game *g, const kt_state *st, kt_result *r)
{
    const duel_state *s = (const duel_state *)st;
    for (int p = 0; p < nplayers(g); p++)
        r->score[p] = s->score[p];
    kt_result_rank(r, nplayers(g), r->score, NULL);
}

/* Share of (points + 1): a crude but monotone win-chance estimate. */
static void duel_evaluate(const kt_game *g, const kt_state *st, double *out)
{
    const duel_state *s = (const duel_state *)st;
    double sum = 0;
    for (int p = 0; p < nplayers(g); p++)
        sum += s->score[p] + 1.0;
    for (int p = 0; p < nplayers(g); p++)
        out[p] = (s->score[p] + 1.0) / sum;
}

static int in_hand(const duel_state *s, int p, int v)
{
    for (int i = 0; p >= 0 && i < s->nhand[p]; i++)
        if (s->hand[p][i] == v)
            return 1;
    return 0;
}

static int in_trick(const duel_state *s, int v)
{
    for (int i = 0; i < s->ntrick; i++)
        if (s->trick[i] == v)
            return 1;
    return 0;
}

/* Unseen cards are gathered in value order (not in their true places), so
 * the result depends only on the player's knowledge and the generator. */
static void duel_determinize(const kt_game *g, kt_state *st, int player, kt_rng *rng)
{
    duel_state *s = (duel_state *)st;
    uint8_t pool[DUEL_CARDS];
    uint32_t n = 0;
    for (int v = 1; v <= DUEL_CARDS; v++)
        if (!s->out[v] && !in_trick(s, v) && !in_hand(s, player, v))
            pool[n++] = (uint8_t)v;
    kt_shuffle_u8(rng, pool, n);
    uint32_t k = 0;
    for (int p = 0; p < nplayers(g); p++) {
        if (p == player)
            continue;
        int cnt = s->nhand[p];
        memset(s->hand[p], 0, sizeof s->hand[p]);
        s->nhand[p] = 0;
        for (int i = 0; i < cnt; i++)
            hand_insert(s, p, pool[k++]);
    }
    for (int i = 0; i < s->ndeck; i++)
        s->deck[i] = pool[k++];
    KT_ASSERT(k == n);
}

static void duel_observe(const kt_game *g, const kt_state *st, int player, int lang, kt_jw *w)
{
    KT_UNUSED(lang);
    const duel_state *s = (const duel_state *)st;
    if (player >= 0) {
        kt_jw_key(w, "hand");
        kt_jw_u8s(w, s->hand[player], s->nhand[player]);
    }
    kt_jw_key(w, "hand_sizes");
    kt_jw_u8s(w, s->nhand, (size_t)nplayers(g));
    kt_jw_kint(w, "deck", s->ndeck);
    kt_jw_key(w, "trick");
    kt_jw_u8s(w, s->trick, s->ntrick);
    kt_jw_kint(w, "leader", s->leader);
    kt_jw_key(w, "scores");
    kt_jw_u8s(w, s->score, (size_t)nplayers(g));
}

static void duel_save(const kt_game *g, const kt_state *st, kt_jw *w)
{
    const duel_state *s = (const duel_state *)st;
    kt_jw_obj(w);
    kt_jw_key(w, "hands");
    kt_jw_arr(w);
    for (int p = 0; p < nplayers(g); p++)
        kt_jw_u8s(w, s->hand[p], s->nhand[p]);
    kt_jw_arr_end(w);
    kt_jw_key(w, "deck");
    kt_jw_u8s(w, s->deck, s->ndeck);
    kt_jw_key(w, "trick");
    kt_jw_u8s(w, s->trick, s->ntrick);
    kt_jw_kint(w, "leader", s->leader);
    kt_jw_key(w, "out");
    kt_jw_u8s(w, s->out, sizeof s->out);
    kt_jw_key(w, "scores");
    kt_jw_u8s(w, s->score, (size_t)nplayers(g));
    kt_jw_obj_end(w);
}

static int duel_load(const kt_game *g, const kt_jv *v, kt_state *st, kt_jr *r)
{
    duel_state *s = (duel_state *)st;
    int n, np = nplayers(g);
    long long x;
    if (!kt_jr_only(r, v, "hands,deck,trick,leader,out,scores"))
        return 0;
    const kt_jv *hands = kt_jr_arr(r, v, "hands", np, np);
    if (!hands)
        return 0;
    kt_jr_push(r, "hands");
    for (int p = 0; p < np; p++) {
        const kt_jv *h = kt_jv_at(hands, p);
        kt_jr_push_i(r, p);
        if (h->type != KT_JARR || h->n > DUEL_MAXHAND)
            return kt_jr_fail(r, "expected an array of at most %d cards", DUEL_MAXHAND);
        for (int i = 0; i < h->n; i++) {
            if (!kt_jr_int_at(r, h, i, 1, DUEL_CARDS, &x))
                return 0;
            if (i && x <= s->hand[p][i - 1])
                return kt_jr_fail(r, "cards must be listed in ascending order");
            s->hand[p][i] = (uint8_t)x;
        }
        s->nhand[p] = (uint8_t)h->n;
        kt_jr_pop(r);
    }
    kt_jr_pop(r);
    if (!kt_jr_u8s(r, v, "deck", s->deck, 0, DUEL_CARDS, 1, DUEL_CARDS, &n))
        return 0;
    s->ndeck = (uint8_t)n;
    if (!kt_jr_u8s(r, v, "trick", s->trick, 0, np - 1, 1, DUEL_CARDS, &n))
        return 0;
    s->ntrick = (uint8_t)n;
    if (!kt_jr_int(r, v, "leader", 0, np - 1, &x))
        return 0;
    s->leader = (uint8_t)x;
    if (!kt_jr_u8s(r, v, "out", s->out, DUEL_CARDS + 1, DUEL_CARDS + 1, 0, 1, &n))
        return 0;
    return kt_jr_u8s(r, v, "scores", s->score, np, np, 0, 255, &n);
}

static void duel_render(const kt_game *g, const kt_state *st, int viewer, int lang, kt_buf *out)
{
    KT_UNUSED(lang);
    const duel_state *s = (const duel_state *)st;
    for (int p = 0; p < nplayers(g); p++) {
        kt_buf_printf(out, "player %d: %d points, %d cards", p + 1, s->score[p], s->nhand[p]);
        if (viewer < 0 || viewer == p)
            for (int i = 0; i < s->nhand[p]; i++)
                kt_buf_printf(out, " %d", s->hand[p][i]);
        kt_buf_putc(out, '\n');
    }
    kt_buf_printf(out, "trick:");
    for (int i = 0; i < s->ntrick; i++)
        kt_buf_printf(out, " %d", s->trick[i]);
    kt_buf_printf(out, "\ndeck: %d cards\n", s->ndeck);
}

static void duel_components(int lang, kt_buf *out)
{
    KT_UNUSED(lang);
    kt_buf_puts(out, "16 cards valued 1 to 16\n");
}

static int duel_check(const kt_game *g, const kt_state *st, kt_buf *why)
{
    const duel_state *s = (const duel_state *)st;
    int np = nplayers(g), seen[DUEL_CARDS + 1] = {0};
    for (int p = 0; p < np; p++)
        for (int i = 0; i < s->nhand[p]; i++) {
            seen[s->hand[p][i]]++;
            if (i && s->hand[p][i] <= s->hand[p][i - 1])
                return kt_buf_printf(why, "hand of player %d is not sorted", p + 1), 0;
        }
    for (int i = 0; i < s->ndeck; i++)
        seen[s->deck[i]]++;
    for (int i = 0; i < s->ntrick; i++)
        seen[s->trick[i]]++;
    for (int v = 1; v <= DUEL_CARDS; v++) {
        if (s->out[v] > 1 || seen[v] + s->out[v] != 1)
            return kt_buf_printf(why, "card %d appears %d times", v, seen[v] + s->out[v]), 0;
    }
    if (s->ntrick >= np)
        return kt_buf_printf(why, "trick holds %d cards", s->ntrick), 0;
    if (s->h.status == KT_RUNNING && s->h.to_move != (s->leader + s->ntrick) % np)
        return kt_buf_printf(why, "player %d to move, expected %d", s->h.to_move + 1,
                             (s->leader + s->ntrick) % np + 1), 0;
    return 1;
}

/* Heuristic: follow with the cheapest winning card, else the lowest;
 * lead with the highest card.  Uses only the own hand and the trick. */
static kt_status heur_create(const kt_game *g, const kt_optval *opts, uint64_t seed, void **ud,
                             kt_err *err)
{
    KT_UNUSED(g);
    KT_UNUSED(opts);
    KT_UNUSED(seed);
    KT_UNUSED(err);
    *ud = NULL;
    return KT_OK;
}

static kt_status heur_choose(void *ud, const kt_game *g, const kt_state *st, kt_action *out,
                             kt_err *err)
{
    KT_UNUSED(ud);
    KT_UNUSED(g);
    KT_UNUSED(err);
    const duel_state *s = (const duel_state *)st;
    int p = s->h.to_move, n = s->nhand[p];
    if (s->ntrick == 0) {
        *out = s->hand[p][n - 1];
        return KT_OK;
    }
    int high = 0;
    for (int i = 0; i < s->ntrick; i++)
        high = s->trick[i] > high ? s->trick[i] : high;
    *out = s->hand[p][0];
    for (int i = 0; i < n; i++)
        if (s->hand[p][i] > high) {
            *out = s->hand[p][i];
            break;
        }
    return KT_OK;
}

static const kt_botdef duel_bots[] = {
    {.info = {"heuristic", "cheapest winning card, else the lowest", NULL, 0},
     .create = heur_create, .choose = heur_choose},
};

#define DUEL_DEF(NAME, BOTS, NBOTS) \
    { \
        .info = {NAME, "Duel (test game)", "a small trick-taking game with hidden hands", 2, \
                 DUEL_MAXP, 2, duel_opts, 1}, \
        .magic = DUEL_MAGIC, .bots = BOTS, .nbots = NBOTS, .setup = duel_setup, \
        .init = duel_init, .legal = duel_legal, .apply = duel_apply, \
        .action_text = duel_action_text, .decision_name = duel_decision_name, \
        .prompt = duel_prompt, .result = duel_result, .evaluate = duel_evaluate, \
        .determinize = duel_determinize, .observe = duel_observe, .save = duel_save, \
        .load = duel_load, .render = duel_render, .components = duel_components, \
        .check = duel_check, \
    }

const kt_gamedef kt_test_duel = DUEL_DEF("duel", duel_bots, 1);
const kt_gamedef kt_test_duel_plain = DUEL_DEF("duel_plain", NULL, 0);
