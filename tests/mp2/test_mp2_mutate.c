/*
 * test_mp2_mutate.c - the full-state loader against single-field damage
 * (issue 16).  States from random games (with and without caravans) are
 * saved, one field of the JSON is changed (a number +-1 or out of range, a
 * name swapped for another name of the document or an effect/decision
 * kind, an array element removed or duplicated, a member dropped), and the
 * result is loaded.  Each must either be refused with a message, or load,
 * pass check, offer a legal action while running, save and load back to
 * the same text and state, and survive a few random actions with check
 * after each (the sanitizer builds run this too).
 *
 * Data layout: the saved JSON is parsed once into a DOM (kt_jdoc); a
 * mutation names one node by its pre-order index and is applied while the
 * DOM is written back (mut_write), so the document itself never changes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/util/json.h"
#include "mp2_helpers.h"

/* Effect and decision names (save.c, text.c), to swap kinds. */
static const char *const kinds[] = {
    "draft", "goal", "mailin", "copy", "compensation", "isabella", "reward", "good", "market",
    "seal", "contract", "discard", "move", "movepost", "xpost", "card", "cardbonus", "cvmove",
    "cvload", "cvtile", "cvcity", "cvsell", "cvreturn", "gain", "income", "roll", "arrive",
    "arrive2", "draw", "black", "mongke", "cvmoves", "cvfinish", "startplay", "turn", "character",
    "double_bonus", "copy_bonus", "doubles", "guild_seal", "move_post", "extra_post", "city_card",
    "city_bonus", "caravan_move", "caravan_load", "route_tile", "caravan_city", "caravan_goods",
    "return_tile", "over", "running", "finished", "stopped", "setup", "round", "play"};
#define NKINDS ((int)(sizeof kinds / sizeof kinds[0]))

enum { M_INC, M_DEC, M_RANGE, M_STR, M_REMOVE, M_DUP, M_NULL, M_NKIND };

typedef struct mut {
    int target;     /* pre-order index of the node to change */
    int kind;       /* M_* */
    long long num;  /* M_RANGE: the value */
    const char *str; /* M_STR: the replacement */
    int count;      /* nodes written so far */
} mut;

static void mut_value(kt_jw *w, const kt_jv *v, mut *m);

static void mut_children(kt_jw *w, const kt_jv *v, mut *m)
{
    for (const kt_jv *ch = v->child; ch; ch = ch->next) {
        int idx = m->count; /* the child's index, before it is written */
        int drop = idx == m->target && m->kind == M_REMOVE;
        int dup = idx == m->target && m->kind == M_DUP;
        if (drop) { /* skip the child but keep the numbering of the rest */
            mut skip = *m;
            skip.target = -1;
            kt_buf tb;
            kt_buf_init(&tb);
            kt_jw tw;
            kt_jw_init(&tw, &tb);
            mut_value(&tw, ch, &skip);
            m->count = skip.count;
            kt_buf_free(&tb);
            continue;
        }
        for (int k = 0; k < (dup ? 2 : 1); k++) {
            if (v->type == KT_JOBJ)
                kt_jw_key(w, ch->key);
            if (k == 1) {
                int saved = m->count;
                m->count = idx;
                int t = m->target;
                m->target = -1;
                mut_value(w, ch, m);
                m->target = t;
                m->count = saved;
            } else {
                mut_value(w, ch, m);
            }
        }
    }
}

static void mut_value(kt_jw *w, const kt_jv *v, mut *m)
{
    int idx = m->count++;
    if (idx == m->target && m->kind != M_REMOVE && m->kind != M_DUP) {
        long long x = v->type == KT_JNUM ? (v->neg ? -(long long)v->u : (long long)v->u) : 0;
        switch (m->kind) {
        case M_INC: kt_jw_int(w, x + 1); break;
        case M_DEC: kt_jw_int(w, x - 1); break;
        case M_RANGE: kt_jw_int(w, m->num); break;
        case M_STR: kt_jw_str(w, m->str); break;
        default: kt_jw_null(w); break;
        }
        /* the node's children keep their numbers for nobody: count them */
        if (v->type == KT_JARR || v->type == KT_JOBJ) {
            mut skip = *m;
            skip.target = -1;
            kt_buf tb;
            kt_buf_init(&tb);
            kt_jw tw;
            kt_jw_init(&tw, &tb);
            if (v->type == KT_JARR)
                kt_jw_arr(&tw);
            else
                kt_jw_obj(&tw);
            mut_children(&tw, v, &skip);
            m->count = skip.count;
            kt_buf_free(&tb);
        }
        return;
    }
    switch (v->type) {
    case KT_JARR:
        kt_jw_arr(w);
        mut_children(w, v, m);
        kt_jw_arr_end(w);
        break;
    case KT_JOBJ:
        kt_jw_obj(w);
        mut_children(w, v, m);
        kt_jw_obj_end(w);
        break;
    default:
        kt_jw_value(w, v);
        break;
    }
}

/* Pre-order walk: every string of the document (names to swap in) and the
 * nodes inside "stack", "move" and "header" (the decision, most fragile). */
typedef struct walk {
    int n;
    const char *strs[4096];
    int nstr;
    int hot[2048];
    int nhot;
} walk;

static void walk_tree(const kt_jv *v, walk *wk, int hot)
{
    int idx = wk->n++;
    if (v->key && (!strcmp(v->key, "stack") || !strcmp(v->key, "move") || !strcmp(v->key, "header")))
        hot = 1;
    if (hot && wk->nhot < 2048)
        wk->hot[wk->nhot++] = idx;
    if (v->type == KT_JSTR && wk->nstr < 4096)
        wk->strs[wk->nstr++] = v->s;
    for (const kt_jv *ch = v->child; ch; ch = ch->next)
        walk_tree(ch, wk, hot);
}

typedef struct stats {
    long refused, loaded, actions;
} stats;

/* Load one mutated text; on success it must behave like a real state. */
static void try_load(kt_t *T, const kt_game *g, const char *text, kt_state *t, kt_state *t2,
                     kt_rng *rng, stats *st)
{
    kt_err err = {0, ""};
    if (kt_state_load_json(g, text, t, &err) != KT_OK) {
        if (!err.msg[0])
            KT_FAIL("refused without a message: %.300s", text);
        st->refused++;
        return;
    }
    st->loaded++;
    if (kt_check(g, t, &err) != KT_OK) {
        KT_FAIL("loaded state fails check: %s", err.msg);
        return;
    }
    kt_action buf[KT_LEGAL_MAX];
    if (!kt_is_over(g, t) && kt_legal(g, t, buf, KT_LEGAL_MAX) <= 0) {
        KT_FAIL("loaded running state without a legal action: %.300s", text);
        return;
    }
    char *js = kt_state_json(g, t);
    if (!js || kt_state_load_json(g, js, t2, &err) != KT_OK) {
        KT_FAIL("a state kontor wrote does not load back: %s", err.msg);
        kt_free(js);
        return;
    }
    char *js2 = kt_state_json(g, t2);
    if (!js2 || strcmp(js, js2) != 0 || !kt_state_equal(g, t, t2))
        KT_FAIL("save -> load -> save changed the state");
    kt_free(js);
    kt_free(js2);
    for (int i = 0; i < 6 && !kt_is_over(g, t); i++) {
        int n = kt_legal(g, t, buf, KT_LEGAL_MAX);
        if (n <= 0) {
            KT_FAIL("no legal action after %d random actions from a loaded state", i);
            return;
        }
        kt_apply_trusted(g, t, buf[kt_rng_below(rng, (uint32_t)n)]);
        st->actions++;
        if (kt_check(g, t, &err) != KT_OK) {
            KT_FAIL("random action %d from a loaded state breaks check: %s", i + 1, err.msg);
            return;
        }
    }
}

/* `per` mutations of one saved state. */
static void mutate_state(kt_t *T, const kt_game *g, const kt_state *s, int per, kt_rng *rng,
                         stats *st)
{
    char *js = kt_state_json(g, s);
    KT_REQUIRE(js);
    kt_jdoc doc;
    kt_err err = {0, ""};
    if (!KT_OKS(kt_json_parse(js, strlen(js), &doc, &err), &err)) {
        kt_free(js);
        return;
    }
    walk *wk = calloc(1, sizeof *wk);
    KT_REQUIRE(wk);
    walk_tree(doc.root, wk, 0);
    kt_state *t = kt_state_new(g), *t2 = kt_state_new(g);
    static const long long ranges[] = {-1, 0, 2, 3, 4, 5, 6, 7, 11, 30, 31, 63, 64,
                                       127, 128, 255, 256, 65535, 65536, 1ll << 31};
    for (int i = 0; i < per; i++) {
        mut m = {0, 0, 0, NULL, 0};
        int hot = wk->nhot && kt_rng_below(rng, 2);
        m.target = hot ? wk->hot[kt_rng_below(rng, (uint32_t)wk->nhot)]
                       : 1 + (int)kt_rng_below(rng, (uint32_t)(wk->n - 1));
        m.kind = (int)kt_rng_below(rng, M_NKIND);
        m.num = ranges[kt_rng_below(rng, sizeof ranges / sizeof ranges[0])];
        m.str = kt_rng_below(rng, 2) || !wk->nstr ? kinds[kt_rng_below(rng, NKINDS)]
                                                  : wk->strs[kt_rng_below(rng, (uint32_t)wk->nstr)];
        kt_buf b;
        kt_buf_init(&b);
        kt_jw w;
        kt_jw_init(&w, &b);
        mut_value(&w, doc.root, &m);
        if (b.p)
            try_load(T, g, b.p, t, t2, rng, st);
        kt_buf_free(&b);
    }
    kt_state_free(g, t);
    kt_state_free(g, t2);
    free(wk);
    kt_json_free(&doc);
    kt_free(js);
}

static void mutate_games(kt_t *T, const char *opts, int np, int games, int per, stats *st)
{
    kt_rng rng;
    kt_rng_seed(&rng, 0x6d7574u + (uint64_t)np);
    for (int gi = 0; gi < games; gi++) {
        kt_game *g;
        kt_err err = {0, ""};
        KT_REQUIRE(KT_OKS(kt_game_new("mp2", opts, np, (uint64_t)gi + 11, NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g);
        kt_action buf[KT_LEGAL_MAX];
        for (long i = 0; i < 100000 && !kt_is_over(g, s); i++) {
            /* a position now and then, decisions as often as turns */
            if (kt_rng_below(&rng, 24) == 0)
                mutate_state(T, g, s, per, &rng, st);
            int n = kt_legal(g, s, buf, KT_LEGAL_MAX);
            kt_apply_trusted(g, s, buf[kt_rng_below(&rng, (uint32_t)n)]);
        }
        mutate_state(T, g, s, per, &rng, st); /* the finished game too */
        kt_state_free(g, s);
        kt_game_free(g);
    }
}

KT_TEST(mp2_loader_survives_single_field_mutations)
{
    stats st = {0, 0, 0};
    int games = kt_t_scaled(3), per = kt_t_scaled(30);
    mutate_games(T, NULL, 3, games, per, &st);
    mutate_games(T, NULL, 2, games, per, &st);
    mutate_games(T, "caravans=1", 4, games, per, &st);
    mutate_games(T, "caravans=1;characters=piedro,mailin,isabella", 3, games, per, &st);
    mutate_games(T, "characters=mongke,filippo,mailin,isabella", 4, games, per, &st);
    /* both outcomes must occur, or the test would check nothing */
    KT_CHECK(st.refused > 0 && st.loaded > 0 && st.actions > 0);
    if (getenv("KT_MP2_MUTATE_REPORT"))
        printf("mp2 mutations: %ld refused, %ld loaded, %ld random actions after loading\n",
               st.refused, st.loaded, st.actions);
}

/* The defect of issue 16: a caravan-finish effect for a player without a
 * caravan wrote route tile 255 (out of bounds) when resolved. */
KT_TEST(mp2_loader_refuses_caravan_finish_without_caravan)
{
    kt_scn c = mp2_scn(T, "caravans=1;characters=piedro,mailin,isabella", 3, NULL);
    KT_REQUIRE(c.g);
    char *js = kt_state_json(c.g, c.s);
    KT_REQUIRE(js);
    const char *patch =
        "{\"state\":{\"stack\":[{\"type\":\"cvfinish\",\"player\":0,\"a\":0,\"b\":0,\"c\":0,"
        "\"d\":0},{\"type\":\"good\",\"player\":0,\"a\":0,\"b\":1,\"c\":0,\"d\":0}]},"
        "\"header\":{\"decision\":\"good\"}}";
    kt_err err = {0, ""};
    char *m = kt_json_merge_patch(js, patch, &err);
    KT_REQUIRE(m);
    kt_state *t = kt_state_new(c.g);
    KT_CHECK(kt_state_load_json(c.g, m, t, &err) != KT_OK);
    KT_CHECK(strstr(err.msg, "caravan") != NULL);
    kt_state_free(c.g, t);
    free(m);
    kt_free(js);
    kt_scn_free(&c);
}

/* Other stacks the rules cannot build, each refused with its reason. */
KT_TEST(mp2_loader_refuses_inconsistent_stacks)
{
    /* one contract taken off the pile, so that a discard frame may hold it */
    const char *opts = "caravans=1;characters=piedro,mailin,isabella";
    char pile[2048], ids[64];
    KT_REQUIRE(mp2_t_pile_take(T, opts, 3, 1, pile, sizeof pile, ids, sizeof ids));
    kt_scn c = mp2_scn(T, opts, 3, NULL);
    KT_REQUIRE(c.g);
    char *js = kt_state_json(c.g, c.s);
    KT_REQUIRE(js);
    char id[16];
    snprintf(id, sizeof id, "%.*s", (int)strlen(ids) - 2, ids + 1);
    char discard[128], reward[128];
    snprintf(discard, sizeof discard,
             "{\"type\":\"discard\",\"player\":0,\"a\":%d,\"b\":1,\"c\":0,\"d\":0}",
             mp2_t_contract(&c, id));
    /* the Khan's Favor reward has one alternative: nothing to choose */
    snprintf(reward, sizeof reward,
             "{\"type\":\"reward\",\"player\":0,\"a\":%d,\"b\":1,\"c\":0,\"d\":0}",
             MC(&c)->rw_khan);
#define FR(t, p, a, b, cc, d)                                                                      \
    "{\"type\":\"" t "\",\"player\":" #p ",\"a\":" #a ",\"b\":" #b ",\"c\":" #cc ",\"d\":" #d "}"
    struct {
        const char *stack, *decision, *want;
    } cases[] = {
        /* another player's effect during player 1's turn */
        {FR("good", 1, 0, 1, 0, 0), "good", "whose turn"},
        /* a set-up decision in the middle of play */
        {FR("goal", 0, 0, 0, 0, 0), "goal", "phase"},
        /* discarding while a contract space is free */
        {discard, "discard", "free contract space"},
        /* a market choice under another effect (it is decided at once) */
        {FR("market", 0, 1, 0, 0, 0) "," FR("good", 0, 0, 1, 0, 0), "good", "at once"},
        /* loading a caravan without its route tile below */
        {FR("cvload", 0, 0, 0, 0, 0), "caravan_load", "caravan"},
        /* moving a caravan that is at home */
        {FR("cvmove", 0, 0, 2, 0, 0), "caravan_move", "not on the map"},
        /* a seal decision with a die of 0 */
        {FR("seal", 0, 0, 0, 0, 0), "guild_seal", "out of range"},
        /* a move decision without the move in progress */
        {FR("move", 0, 0, 2, 0, 0), "move", "move"},
        /* an automatic effect on top: nobody can decide it */
        {FR("draw", 0, 0, 0, 0, 0), "turn", "decision"},
        /* a reward choice with a reward that has no alternatives */
        {reward, "reward", "out of range"},
    };
    kt_state *t = kt_state_new(c.g);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char patch[4096];
        snprintf(patch, sizeof patch,
                 "{\"state\":{%s%s\"stack\":[%s]},\"header\":{\"decision\":\"%s\"}}",
                 cases[i].stack == discard ? pile : "", cases[i].stack == discard ? "," : "",
                 cases[i].stack, cases[i].decision);
        kt_err err = {0, ""};
        char *m = kt_json_merge_patch(js, patch, &err);
        KT_REQUIRE(m);
        if (kt_state_load_json(c.g, m, t, &err) == KT_OK)
            KT_FAIL("case %zu loaded: %s", i, cases[i].stack);
        else if (!strstr(err.msg, cases[i].want))
            KT_FAIL("case %zu: '%s' does not mention '%s'", i, err.msg, cases[i].want);
        free(m);
    }
#undef FR
    kt_state_free(c.g, t);
    kt_free(js);
    kt_scn_free(&c);
}
