/*
 * stats.c - Dominion's component statistics (game.h kt_statsdef, used by
 * `kontor sim --cards`): the components of a configuration are its kingdom
 * cards, Events, Traits (each riding on the pile it is put on) and the base
 * piles; an action acquires the card or Event it buys.
 *
 * Everything is read through the public API, so that this file does not
 * depend on how the rules store the kingdom: the canonical options
 * (kingdom=..., events=..., traits=Trait:Pile,...) or, for a preset (which
 * keeps its kingdom out of the options), a spectator's view of the start
 * position; and the action's English text ("buy Province").  Dominion's
 * action code is its verb and card, so the text does not depend on the
 * position.  No data of its own.
 */
#include <stdio.h>
#include <string.h>

#include "../../core/game.h"

enum { DS_KINGDOM = 0, DS_EVENT = 1, DS_TRAIT = 2, DS_BASE = 3 };

/* The piles of every Dominion game besides the kingdom. */
static const char *const ds_base[] = {"Copper", "Silver", "Gold", "Estate",
                                      "Duchy",  "Province", "Curse"};

typedef struct ds_list {
    kt_stat_item *out;
    int cap, n;
} ds_list;

static void put(ds_list *l, const char *name, size_t len, int kind, const char *on, size_t onlen)
{
    if (l->n < l->cap) {
        kt_stat_item *x = &l->out[l->n];
        memset(x, 0, sizeof *x);
        snprintf(x->name, sizeof x->name, "%.*s", (int)len, name);
        snprintf(x->on, sizeof x->on, "%.*s", (int)onlen, on ? on : "");
        x->kind = kind;
    }
    l->n++;
}

/* The value of `key` in canonical options "k=v;k=v" (*len bytes), or NULL. */
static const char *opt_value(const char *opts, const char *key, size_t *len)
{
    size_t kl = strlen(key);
    for (const char *p = opts; p && *p;) {
        const char *end = strchr(p, ';');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n > kl && !strncmp(p, key, kl) && p[kl] == '=') {
            *len = n - kl - 1;
            return p + kl + 1;
        }
        p = end ? end + 1 : NULL;
    }
    return NULL;
}

/* A comma list of names; a Trait is "Trait:Pile". */
static void put_list(ds_list *l, const char *v, size_t len, int kind)
{
    while (v && len) {
        const char *comma = memchr(v, ',', len);
        size_t n = comma ? (size_t)(comma - v) : len;
        const char *colon = kind == DS_TRAIT ? memchr(v, ':', n) : NULL;
        if (colon)
            put(l, v, (size_t)(colon - v), kind, colon + 1, n - (size_t)(colon - v) - 1);
        else if (n)
            put(l, v, n, kind, NULL, 0);
        v = comma ? comma + 1 : NULL;
        len = comma ? len - n - 1 : 0;
    }
}

/* A preset: the kingdom, Events and Traits as a spectator sees them at the
 * start.  -1 when out of memory. */
static int from_view(ds_list *l, const kt_game *g)
{
    kt_state *s = kt_state_new(g);
    char *json = s ? kt_observe_json(g, s, KT_SPECTATOR, KT_LANG_EN) : NULL;
    kt_state_free(g, s);
    kt_jdoc doc;
    if (!json || kt_json_parse(json, strlen(json), &doc, NULL) != KT_OK) {
        kt_free(json);
        return -1;
    }
    kt_free(json);
    static const char *const arrays[3] = {"kingdom", "events", "traits"};
    static const char *const keys[3] = {NULL, "event", "trait"};
    for (int k = 0; k < 3; k++) {
        const kt_jv *a = kt_jv_get(doc.root, arrays[k]);
        for (int i = 0; a && a->type == KT_JARR && i < a->n; i++) {
            const kt_jv *v = kt_jv_at(a, i), *name = keys[k] ? kt_jv_get(v, keys[k]) : v;
            const kt_jv *pile = k == 2 ? kt_jv_get(v, "pile") : NULL;
            if (!name || name->type != KT_JSTR)
                continue;
            int has_pile = pile && pile->type == KT_JSTR;
            put(l, name->s, strlen(name->s), k, has_pile ? pile->s : NULL,
                has_pile ? strlen(pile->s) : 0);
        }
    }
    kt_json_free(&doc);
    return 0;
}

static int ds_items(const kt_game *g, kt_stat_item *out, int cap)
{
    ds_list l = {out, cap, 0};
    const char *opts = kt_game_options(g);
    size_t len = 0;
    const char *kingdom = opt_value(opts, "kingdom", &len);
    if (!kingdom || !len) {
        if (from_view(&l, g) != 0)
            return -1;
    } else {
        put_list(&l, kingdom, len, DS_KINGDOM);
        const char *v = opt_value(opts, "events", &len);
        put_list(&l, v, v ? len : 0, DS_EVENT);
        v = opt_value(opts, "traits", &len);
        put_list(&l, v, v ? len : 0, DS_TRAIT);
    }
    for (size_t i = 0; i < sizeof ds_base / sizeof ds_base[0]; i++)
        put(&l, ds_base[i], strlen(ds_base[i]), DS_BASE, NULL, 0);
    return l.n;
}

static int ds_acquires(const kt_game *g, const kt_state *s, kt_action a, char *out, size_t cap)
{
    char text[128];
    kt_action_text(g, s, a, KT_OMNISCIENT, KT_LANG_EN, text, sizeof text);
    if (strncmp(text, "buy ", 4) != 0)
        return 0;
    snprintf(out, cap, "%s", text + 4);
    return 1;
}

const kt_statsdef dom_stats = {
    .info = {.heading = "Dominion: cards, Events and Traits",
             .nkinds = 4,
             .kinds = {"kingdom", "event", "trait", "base"},
             .captions = {"Kingdom cards: win rate of the player who bought it most (95% CI)",
                          "Events: win rate of the player who bought it most (95% CI)",
                          "Traits: win rate of the player who bought most cards of its pile "
                          "(95% CI)",
                          "Base cards: win rate of the player who bought it most (95% CI)"}},
    .items = ds_items,
    .acquires = ds_acquires,
};
