/*
 * cards.c - component statistics over many games (see cards.h for what is
 * counted); which components a game has and which one an action acquires
 * come from the game (kt_stats_*: Dominion's cards, Events and Traits).
 *
 * A worker keeps its own table of names (its local ids are indices into
 * it), a hash map from action codes to the local id of the card the action
 * buys (0 = not a buy; ids are stored + 1), and for the game being played
 * its items in slots: gid[slot] = local id, slot_of[local id] = slot, the
 * slot of the Trait on a card's pile, and the copies each player bought per
 * slot.  Nothing here is shared between threads; the runner adds the
 * workers' tables up by name when the run is over.
 */
#include "cards.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "svg.h"

#define CS_MAXG 64 /* items of one game: 10-11 kingdom piles, base piles, landscapes */


/* ------------------------------------------------------------ table */

int cs_find_add(cs_table *t, const char *name, int kind)
{
    for (int i = 0; i < t->n; i++)
        if (!strcmp(t->it[i].name, name)) {
            if (t->it[i].kind < 0)
                t->it[i].kind = kind;
            return i;
        }
    if (t->n == t->cap) {
        int cap = t->cap ? 2 * t->cap : 64;
        cs_item *it = realloc(t->it, sizeof *it * (size_t)cap);
        if (!it)
            return -1;
        t->it = it;
        t->cap = cap;
    }
    cs_item *x = &t->it[t->n];
    memset(x, 0, sizeof *x);
    snprintf(x->name, sizeof x->name, "%s", name);
    x->kind = kind;
    return t->n++;
}

int cs_merge(cs_table *t, const cs_table *u)
{
    if (!t->info)
        t->info = u->info;
    for (int i = 0; i < u->n; i++) {
        const cs_item *y = &u->it[i];
        int j = cs_find_add(t, y->name, y->kind);
        if (j < 0)
            return -1;
        cs_item *x = &t->it[j];
        x->games += y->games;
        x->finished += y->finished;
        x->bought += y->bought;
        x->top_games += y->top_games;
        x->top_wins += y->top_wins;
        x->top_shared += y->top_shared;
        x->sole_games += y->sole_games;
        x->winner_copies += y->winner_copies;
        x->copies += y->copies;
    }
    return 0;
}

void cs_free(cs_table *t)
{
    const kt_stats_info *info = t->info;
    free(t->it);
    memset(t, 0, sizeof *t);
    t->info = info;
}

/* ------------------------------------------------------------ collecting */

struct cs_worker {
    cs_table t;
    kt_action *key; /* open addressing, cap a power of two */
    int32_t *val;   /* local id + 1 of the card bought, 0: not a buy, -1: empty */
    size_t cap, used;
    int16_t *slot_of; /* [t.cap] */
    int slot_cap;
    int ng, np;
    int gid[CS_MAXG];
    int trait[CS_MAXG]; /* slot of the Trait on this slot's pile, -1 */
    uint16_t cnt[KT_MAX_PLAYERS][CS_MAXG];
};

cs_worker *cs_worker_new(const kt_stats_info *info)
{
    cs_worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->t.info = info;
    w->cap = 256;
    w->key = malloc(sizeof *w->key * w->cap);
    w->val = malloc(sizeof *w->val * w->cap);
    if (!w->key || !w->val) {
        cs_worker_free(w);
        return NULL;
    }
    for (size_t i = 0; i < w->cap; i++)
        w->val[i] = -1;
    return w;
}

void cs_worker_free(cs_worker *w)
{
    if (!w)
        return;
    cs_free(&w->t);
    free(w->key);
    free(w->val);
    free(w->slot_of);
    free(w);
}

const cs_table *cs_worker_table(const cs_worker *w) { return &w->t; }

/* Local id of `name`, with room in slot_of for it; -1 out of memory. */
static int local_id(cs_worker *w, const char *name, int kind)
{
    int id = cs_find_add(&w->t, name, kind);
    if (id < 0)
        return -1;
    if (w->t.cap > w->slot_cap) {
        int16_t *s = realloc(w->slot_of, sizeof *s * (size_t)w->t.cap);
        if (!s)
            return -1;
        for (int i = w->slot_cap; i < w->t.cap; i++)
            s[i] = -1;
        w->slot_of = s;
        w->slot_cap = w->t.cap;
    }
    return id;
}

/* Put `name` into a slot of this game (once); returns the slot or -1. */
static int add_item(cs_worker *w, const char *name, int kind)
{
    int id = local_id(w, name, kind);
    if (id < 0)
        return -2;
    if (w->slot_of[id] >= 0)
        return w->slot_of[id];
    if (w->ng == CS_MAXG)
        return -1;
    w->gid[w->ng] = id;
    w->trait[w->ng] = -1;
    w->slot_of[id] = (int16_t)w->ng;
    return w->ng++;
}

int cs_game_begin(cs_worker *w, const kt_game *g, int same)
{
    memset(w->cnt, 0, sizeof w->cnt);
    if (same && w->ng)
        return 0;
    for (int i = 0; i < w->ng; i++)
        w->slot_of[w->gid[i]] = -1;
    w->ng = 0;
    w->np = kt_game_players(g);
    kt_stat_item items[CS_MAXG];
    int n;
    if (kt_stats_items(g, items, CS_MAXG, &n, NULL) != KT_OK)
        return -1;
    for (int i = 0; i < n && i < CS_MAXG; i++) {
        int slot = add_item(w, items[i].name, items[i].kind);
        /* a Trait-like item rides on a pile: buying from it counts for both */
        int ps = slot >= 0 && items[i].on[0] ? add_item(w, items[i].on, 0) : -1;
        if (slot == -2 || ps == -2)
            return -1;
        if (ps >= 0)
            w->trait[ps] = slot;
    }
    return 0;
}

static size_t cs_hash_of(kt_action a, size_t cap) { return (size_t)((a * 0x9e3779b1u) >> 7) & (cap - 1); }

static int cs_grow(cs_worker *w)
{
    size_t cap = w->cap * 2;
    kt_action *key = malloc(sizeof *key * cap);
    int32_t *val = malloc(sizeof *val * cap);
    if (!key || !val) {
        free(key);
        free(val);
        return -1;
    }
    for (size_t i = 0; i < cap; i++)
        val[i] = -1;
    for (size_t i = 0; i < w->cap; i++) {
        if (w->val[i] < 0)
            continue;
        size_t h = cs_hash_of(w->key[i], cap);
        while (val[h] >= 0)
            h = (h + 1) & (cap - 1);
        key[h] = w->key[i];
        val[h] = w->val[i];
    }
    free(w->key);
    free(w->val);
    w->key = key;
    w->val = val;
    w->cap = cap;
    return 0;
}

/* Local id + 1 of the item `a` acquires (0: none), as the game says. */
static int32_t bought_by_text(cs_worker *w, const kt_game *g, const kt_state *s, kt_action a)
{
    char name[KT_STAT_NAME];
    if (!kt_stats_acquired(g, s, a, name, sizeof name))
        return 0;
    int id = local_id(w, name, -1);
    return id < 0 ? 0 : id + 1;
}

void cs_action(cs_worker *w, const kt_game *g, const kt_state *s, int player, kt_action a)
{
    size_t h = cs_hash_of(a, w->cap);
    while (w->val[h] >= 0 && w->key[h] != a)
        h = (h + 1) & (w->cap - 1);
    int32_t v = w->val[h];
    if (v < 0) {
        v = bought_by_text(w, g, s, a);
        if (2 * (w->used + 1) > w->cap && cs_grow(w) == 0) {
            h = cs_hash_of(a, w->cap);
            while (w->val[h] >= 0)
                h = (h + 1) & (w->cap - 1);
        }
        if (2 * (w->used + 1) <= w->cap) {
            w->key[h] = a;
            w->val[h] = v;
            w->used++;
        }
    }
    assert(v == bought_by_text(w, g, s, a)); /* the answer depends on the code alone */
    if (!v || player < 0 || player >= KT_MAX_PLAYERS)
        return;
    int slot = w->slot_of[v - 1];
    if (slot < 0)
        return; /* not one of this game's piles: nothing known to count */
    w->cnt[player][slot]++;
    if (w->trait[slot] >= 0)
        w->cnt[player][w->trait[slot]]++;
}

void cs_game_end(cs_worker *w, const kt_result *res)
{
    int np = w->np, sole = -1, nwin = 0;
    for (int p = 0; p < np; p++)
        if ((res->winners >> p) & 1u)
            nwin++, sole = p;
    if (nwin != 1)
        sole = -1;
    for (int i = 0; i < w->ng; i++) {
        cs_item *x = &w->t.it[w->gid[i]];
        x->games++;
        if (!res->finished)
            continue;
        x->finished++;
        int most = 0, nmost = 0, top = -1;
        uint64_t sum = 0;
        for (int p = 0; p < np; p++) {
            int c = w->cnt[p][i];
            sum += (uint64_t)c;
            if (c > most)
                most = c, nmost = 1, top = p;
            else if (c == most && c > 0)
                nmost++;
        }
        x->copies += sum;
        x->bought += most > 0;
        if (most > 0 && nmost == 1) {
            x->top_games++;
            if ((res->winners >> top) & 1u)
                *(nwin == 1 ? &x->top_wins : &x->top_shared) += 1;
        }
        if (sole >= 0) {
            x->sole_games++;
            x->winner_copies += w->cnt[sole][i];
        }
    }
}

/* ------------------------------------------------------------ JSON */

static void cs_jw_u64(kt_jw *w, const char *k, uint64_t v)
{
    kt_jw_key(w, k);
    kt_jw_uint(w, v);
}

static int cs_by_kind_name(const void *a, const void *b)
{
    const cs_item *x = *(const cs_item *const *)a, *y = *(const cs_item *const *)b;
    return x->kind != y->kind ? x->kind - y->kind : strcmp(x->name, y->name);
}

void cs_json_write(kt_jw *w, const cs_table *t)
{
    /* by kind and name: the workers met the items in an order that depends
     * on thread timing, the file must not */
    const cs_item **o = malloc(sizeof *o * (size_t)(t->n ? t->n : 1));
    int n = 0;
    for (int i = 0; o && i < t->n; i++)
        if (t->it[i].kind >= 0) /* seen in a text only, never in a game: left out */
            o[n++] = &t->it[i];
    if (o)
        qsort(o, (size_t)n, sizeof *o, cs_by_kind_name);
    else
        w->b->oom = 1;
    kt_jw_arr(w);
    for (int i = 0; i < n; i++) {
        const cs_item *x = o[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "name", x->name);
        kt_jw_kstr(w, "kind", t->info->kinds[x->kind]);
        cs_jw_u64(w, "games", x->games);
        cs_jw_u64(w, "finished", x->finished);
        cs_jw_u64(w, "bought", x->bought);
        cs_jw_u64(w, "top_games", x->top_games);
        cs_jw_u64(w, "top_wins", x->top_wins);
        cs_jw_u64(w, "top_shared", x->top_shared);
        cs_jw_u64(w, "sole_games", x->sole_games);
        cs_jw_u64(w, "winner_copies", x->winner_copies);
        cs_jw_u64(w, "copies", x->copies);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    free(o);
}

int cs_json_read(kt_jr *jr, const kt_jv *arr, cs_table *t)
{
    static const char *const keys[] = {"games",      "finished",      "bought",
                                       "top_games",  "top_wins",      "top_shared",
                                       "sole_games", "winner_copies", "copies"};
    for (int i = 0; i < arr->n; i++) {
        const kt_jv *o = kt_jv_at(arr, i);
        kt_jr_push_i(jr, i);
        const char *name = o->type == KT_JOBJ ? kt_jr_str(jr, o, "name") : NULL;
        const char *kind = name ? kt_jr_str(jr, o, "kind") : NULL;
        int k = -1;
        for (int j = 0; kind && t->info && j < t->info->nkinds; j++)
            if (!strcmp(kind, t->info->kinds[j]))
                k = j;
        if (!name || k < 0 || strlen(name) >= sizeof t->it[0].name) {
            if (!jr->failed)
                kt_jr_fail(jr, "expected {name, kind, counts...}");
            return kt_jr_pop(jr), -1;
        }
        cs_item x;
        memset(&x, 0, sizeof x);
        snprintf(x.name, sizeof x.name, "%s", name);
        x.kind = k;
        uint64_t *f[] = {&x.games,      &x.finished,      &x.bought,
                         &x.top_games,  &x.top_wins,      &x.top_shared,
                         &x.sole_games, &x.winner_copies, &x.copies};
        for (size_t j = 0; j < sizeof keys / sizeof keys[0]; j++)
            if (!kt_jr_u64(jr, o, keys[j], f[j]))
                return kt_jr_pop(jr), -1;
        if (x.finished > x.games || x.bought > x.finished || x.top_games > x.bought ||
            x.top_wins + x.top_shared > x.top_games || x.sole_games > x.finished) {
            kt_jr_fail(jr, "inconsistent counts");
            return kt_jr_pop(jr), -1;
        }
        kt_jr_pop(jr);
        cs_table one = {&x, 1, 1, t->info};
        if (cs_merge(t, &one) != 0)
            return kt_jr_fail(jr, "out of memory"), -1;
    }
    return 0;
}

/* ------------------------------------------------------------ reports */

typedef struct cs_row {
    const cs_item *x;
    double rate, lo, hi;   /* top player's win rate (alone) and its interval */
    double win_mean;       /* copies the single winner bought, per such game */
    double mean;           /* copies per player and finished game */
} cs_row;

static int cs_by_kind_rate(const void *a, const void *b)
{
    const cs_row *x = a, *y = b;
    if (x->x->kind != y->x->kind)
        return x->x->kind - y->x->kind;
    if (x->rate != y->rate)
        return x->rate > y->rate ? -1 : 1;
    return strcmp(x->x->name, y->x->name);
}

/* Rows of the items that were in a game, sorted by kind, then by rate. */
static cs_row *cs_rows_of(const cs_table *t, int players, int *n)
{
    cs_row *r = calloc((size_t)(t->n ? t->n : 1), sizeof *r);
    *n = 0;
    for (int i = 0; r && i < t->n; i++) {
        const cs_item *x = &t->it[i];
        if (x->kind < 0 || !x->games)
            continue;
        cs_row *o = &r[(*n)++];
        o->x = x;
        o->rate = x->top_games ? (double)x->top_wins / (double)x->top_games : 0;
        st_wilson((double)x->top_wins, (double)x->top_games, &o->lo, &o->hi);
        o->win_mean = x->sole_games ? (double)x->winner_copies / (double)x->sole_games : 0;
        o->mean = x->finished ? (double)x->copies / ((double)x->finished * players) : 0;
    }
    if (r)
        qsort(r, (size_t)*n, sizeof *r, cs_by_kind_rate);
    return r;
}

static void cs_write_text(kt_buf *b, const kt_stats_info *in, const cs_row *r, int n, double ref,
                          const char *title)
{
    kt_buf_printf(b, "%s\n", title);
    kt_buf_printf(b, "top player: the one who bought/used it more than every other player; an "
                     "average player wins alone %.1f%% of finished games\n\n",
                  100.0 * ref);
    kt_buf_printf(b, "%-8s %-20s %9s %9s  %-22s  %13s  %13s\n", "kind", "name", "games",
                  "top games", "top win rate [95% CI]", "winner copies", "copies/player");
    for (int i = 0; i < n; i++) {
        char rt[48];
        snprintf(rt, sizeof rt, "%.1f%% [%.1f-%.1f]", 100 * r[i].rate, 100 * r[i].lo,
                 100 * r[i].hi);
        kt_buf_printf(b, "%-8s %-20s %9llu %9llu  %-22s  %13.2f  %13.2f\n",
                      in->kinds[r[i].x->kind], r[i].x->name, (unsigned long long)r[i].x->games,
                      (unsigned long long)r[i].x->top_games, r[i].x->top_games ? rt : "-",
                      r[i].win_mean, r[i].mean);
    }
}

static void cs_write_csv(kt_buf *b, const kt_stats_info *in, const cs_row *r, int n)
{
    kt_buf_puts(b, "kind,name,games,finished,bought,top_games,top_wins,top_shared,top_win_rate,"
                   "top_win_lo,top_win_hi,sole_games,winner_copies_mean,copies_per_player\n");
    for (int i = 0; i < n; i++) {
        const cs_item *x = r[i].x;
        kt_buf_printf(b, "%s,\"%s\",%llu,%llu,%llu,%llu,%llu,%llu,%.6f,%.6f,%.6f,%llu,%.6f,%.6f\n",
                      in->kinds[x->kind], x->name, (unsigned long long)x->games,
                      (unsigned long long)x->finished, (unsigned long long)x->bought,
                      (unsigned long long)x->top_games, (unsigned long long)x->top_wins,
                      (unsigned long long)x->top_shared, r[i].rate, r[i].lo, r[i].hi,
                      (unsigned long long)x->sole_games, r[i].win_mean, r[i].mean);
    }
}

static void cs_write_json(kt_buf *b, const kt_stats_info *in, const cs_row *r, int n, int players,
                          double ref,
                          const char *title)
{
    kt_jw w;
    kt_jw_init(&w, b);
    kt_jw_obj(&w);
    kt_jw_kstr(&w, "title", title);
    kt_jw_kint(&w, "players", players);
    kt_jw_knum(&w, "average_win_rate", ref);
    kt_jw_key(&w, "cards");
    kt_jw_arr(&w);
    for (int i = 0; i < n; i++) {
        const cs_item *x = r[i].x;
        kt_jw_obj(&w);
        kt_jw_kstr(&w, "name", x->name);
        kt_jw_kstr(&w, "kind", in->kinds[x->kind]);
        cs_jw_u64(&w, "games", x->games);
        cs_jw_u64(&w, "finished", x->finished);
        cs_jw_u64(&w, "bought", x->bought);
        cs_jw_u64(&w, "top_games", x->top_games);
        cs_jw_u64(&w, "top_wins", x->top_wins);
        cs_jw_u64(&w, "top_shared", x->top_shared);
        kt_jw_knum(&w, "top_win_rate", r[i].rate);
        kt_jw_key(&w, "top_win_ci");
        kt_jw_arr(&w);
        kt_jw_num(&w, r[i].lo);
        kt_jw_num(&w, r[i].hi);
        kt_jw_arr_end(&w);
        cs_jw_u64(&w, "sole_games", x->sole_games);
        kt_jw_knum(&w, "winner_copies_mean", r[i].win_mean);
        kt_jw_knum(&w, "copies_per_player", r[i].mean);
        kt_jw_obj_end(&w);
    }
    kt_jw_arr_end(&w);
    kt_jw_obj_end(&w);
    kt_buf_putc(b, '\n');
}

/* One panel of bars per kind: the top player's win rate with its interval
 * against the fair share, for the items some player bought most alone. */
static int cs_write_svg(kt_buf *b, const kt_stats_info *in, const cs_row *r, int n, double ref,
                        const char *title)
{
    char (*lab)[80] = calloc((size_t)(n ? n : 1), sizeof *lab);
    const char **labels = calloc((size_t)(n ? n : 1), sizeof *labels);
    double *v = calloc((size_t)(n ? n : 1), sizeof *v * 3);
    if (!lab || !labels || !v) {
        free(lab), free(labels), free(v);
        return -1;
    }
    double *lo = v + n, *hi = v + 2 * n;
    svg_bars bars[KT_STAT_KINDS];
    int nb = 0, k = 0;
    for (int kind = 0; kind < in->nkinds && kind < KT_STAT_KINDS; kind++) {
        int first = k;
        for (int i = 0; i < n; i++) {
            if (r[i].x->kind != kind || !r[i].x->top_games)
                continue;
            snprintf(lab[k], sizeof lab[k], "%s (%llu)", r[i].x->name,
                     (unsigned long long)r[i].x->top_games);
            labels[k] = lab[k];
            v[k] = r[i].rate, lo[k] = r[i].lo, hi[k] = r[i].hi;
            k++;
        }
        if (k > first)
            bars[nb++] = (svg_bars){in->captions[kind], k - first, labels + first, v + first,
                                    lo + first, hi + first, 0, 1, ref, "average player",
                                    SVG_PERCENT};
    }
    char note[1024];
    snprintf(note, sizeof note, "%s.  In brackets: games in which one player bought/used it more "
                                "than every other player; the bar is the share of them that "
                                "player won alone.",
             title);
    double W = 760, y = 56 + 14.0 * svg_paragraph(NULL, 0, 0, 11, 14, NULL, W - 40, note);
    double H = y + 20;
    for (int i = 0; i < nb; i++)
        H += svg_bars_height(&bars[i]) + 15;
    svg_begin(b, W, H, title);
    svg_text(b, 20, 30, "start", 18, 1, "#222222", in->heading);
    svg_paragraph(b, 20, 50, 11, 14, "#666666", W - 40, note);
    for (int i = 0; i < nb; i++) {
        svg_draw_bars(b, 20, y, W - 40, &bars[i]);
        y += svg_bars_height(&bars[i]) + 15;
    }
    if (!nb)
        svg_text(b, 20, y, "start", 12, 0, "#222222", "no card was bought most by one player");
    svg_end(b);
    free(lab), free(labels), free(v);
    return 0;
}

static int cs_ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcmp(s + n - m, suffix);
}

int cs_report(const cs_table *t, int players, double ref, const char *title, const char *path,
              FILE *err)
{
    int n;
    const kt_stats_info *in = t->info;
    if (!in)
        return fprintf(err, "--cards: this game has no component statistics\n"), 1;
    cs_row *r = cs_rows_of(t, players < 1 ? 1 : players, &n);
    if (!r)
        return fprintf(err, "--cards: out of memory\n"), 1;
    kt_buf b;
    kt_buf_init(&b);
    int svg = cs_ends_with(path, ".svg"), rc = 0;
    if (svg)
        rc = cs_write_svg(&b, in, r, n, ref, title);
    else if (cs_ends_with(path, ".csv"))
        cs_write_csv(&b, in, r, n);
    else if (cs_ends_with(path, ".json"))
        cs_write_json(&b, in, r, n, players, ref, title);
    else
        cs_write_text(&b, in, r, n, ref, title);
    free(r);
    if (rc || b.oom) {
        kt_buf_free(&b);
        return fprintf(err, "--cards: out of memory\n"), 1;
    }
    rc = svg_write_file(path, &b);
    kt_buf_free(&b);
    if (rc)
        fprintf(err, "--cards: cannot write %s\n", path);
    return rc ? 1 : 0;
}
