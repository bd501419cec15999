/*
 * api.c - the public API (kontor.h) on top of the game tables (game.h).
 *
 * The core owns everything that is the same for all games: option parsing,
 * state allocation and hashing, legality checking before apply, the turn
 * limit, action text matching, the JSON envelope around game views, loading
 * with validation, and determinization reseeding.  Games supply rules and
 * views through their kt_gamedef.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "mem.h"

/* ------------------------------------------------------------ allocation */

static void *mem(const kt_allocator *a, void *p, size_t osize, size_t nsize)
{
    return kt_mem(a, p, osize, nsize);
}

const char *kt_strerror(kt_status s)
{
    switch (s) {
    case KT_OK: return "ok";
    case KT_EINVAL: return "invalid argument";
    case KT_EUNKNOWN: return "unknown name";
    case KT_EILLEGAL: return "illegal action";
    case KT_EPARSE: return "malformed input";
    case KT_ESTATE: return "invalid state";
    case KT_ENOMEM: return "out of memory";
    case KT_EOVER: return "game over";
    case KT_EIO: return "input/output error";
    case KT_EINTERNAL: return "internal error";
    }
    return "unknown status";
}

/* ------------------------------------------------------------ registry */

static const kt_optinfo common_opts[] = {
    {"turn_limit", KT_OPT_INT, "0", 0, 1000000, NULL,
     "stop the game (reported as unfinished) once this many turns have started; 0 = no limit"},
};
#define NCOMMON ((int)(sizeof common_opts / sizeof common_opts[0]))

const kt_optinfo *kt_common_options(int *n)
{
    *n = NCOMMON;
    return common_opts;
}

int kt_game_count(void) { return kt_gamedef_count(); }

const kt_gameinfo *kt_game_info(int i)
{
    const kt_gamedef *d = kt_gamedef_at(i);
    return d ? &d->info : NULL;
}

const kt_gameinfo *kt_game_find(const char *name)
{
    const kt_gamedef *d = name ? kt_gamedef_find(name) : NULL;
    return d ? &d->info : NULL;
}

const kt_botinfo *kt_game_bot(const char *game, int i)
{
    const kt_gamedef *d = game ? kt_gamedef_find(game) : NULL;
    if (!d || i < 0)
        return NULL;
    if (i < d->nbots)
        return &d->bots[i].info;
    const kt_botdef *gen = kt_generic_bot(i - d->nbots);
    return gen ? &gen->info : NULL;
}

char *kt_game_components(const char *name, int lang, const kt_allocator *alloc)
{
    const kt_gamedef *d = name ? kt_gamedef_find(name) : NULL;
    if (!d || !d->components)
        return NULL;
    kt_buf b;
    kt_buf_init_alloc(&b, alloc);
    d->components(lang, &b);
    return kt_str_take(&b);
}

kt_status kt_game_describe(const char *game, const char *name, int lang,
                           const kt_allocator *alloc, char **out, kt_err *err)
{
    *out = NULL;
    const kt_gamedef *d = game ? kt_gamedef_find(game) : NULL;
    if (!d)
        return kt_seterr(err, KT_EUNKNOWN, "unknown game '%s'", game ? game : "");
    char want[128];
    kt_text_norm(name ? name : "", want, sizeof want);
    kt_buf b;
    kt_buf_init_alloc(&b, alloc);
    /* a hook that ran out of memory (its buffer's or its own) says so in
     * b.oom: then this is KT_ENOMEM, not "no such component" */
    if ((want[0] && d->describe && d->describe(want, lang, &b)) || b.oom) {
        *out = kt_str_take(&b);
        return *out ? KT_OK : kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    kt_buf_free(&b);
    if (lang == KT_LANG_DE)
        return kt_seterr(err, KT_EUNKNOWN,
                         "%s kennt nichts namens '%s' (`kontor games %s --lang de` listet alles)",
                         d->title_de ? d->title_de : d->info.title, name ? name : "",
                         d->info.name);
    return kt_seterr(err, KT_EUNKNOWN,
                     "%s has no component called '%s' (type `kontor games %s` for the list)",
                     d->info.title, name ? name : "", d->info.name);
}

int kt_options_read_files(const char *game, const char *options)
{
    const kt_gamedef *d = game ? kt_gamedef_find(game) : NULL;
    if (!d || !options)
        return 0;
    for (const char *p = options; *p;) {
        while (*p == ';' || *p == '\n' || *p == ' ' || *p == '\t')
            p++;
        size_t kl = strcspn(p, "=;\n");
        while (kl && (p[kl - 1] == ' ' || p[kl - 1] == '\t'))
            kl--;
        for (int i = 0; i < d->info.nopts; i++)
            if (d->info.opts[i].type == KT_OPT_PATH && strlen(d->info.opts[i].name) == kl &&
                !strncmp(d->info.opts[i].name, p, kl))
                return 1;
        p += strcspn(p, ";\n");
    }
    return 0;
}

static const char *const common_help_de[] = {
    "das Spiel anhalten (als unbeendet gewertet), sobald so viele Züge begonnen haben; 0 = keine "
    "Grenze",
};

const char *kt_option_help(const char *game, int i, int lang)
{
    const kt_gamedef *d = game ? kt_gamedef_find(game) : NULL;
    if (!d || i < 0 || i >= d->info.nopts + NCOMMON)
        return NULL;
    if (i >= d->info.nopts)
        return lang == KT_LANG_DE ? common_help_de[i - d->info.nopts]
                                  : common_opts[i - d->info.nopts].help;
    if (lang == KT_LANG_DE && d->opt_help_de && d->opt_help_de[i])
        return d->opt_help_de[i];
    return d->info.opts[i].help;
}

const char *kt_game_title(const char *game, int lang)
{
    const kt_gamedef *d = game ? kt_gamedef_find(game) : NULL;
    if (!d)
        return NULL;
    return lang == KT_LANG_DE && d->title_de ? d->title_de : d->info.title;
}

const char *kt_game_summary(const char *game, int lang)
{
    const kt_gamedef *d = game ? kt_gamedef_find(game) : NULL;
    if (!d)
        return NULL;
    return lang == KT_LANG_DE && d->summary_de ? d->summary_de : d->info.summary;
}

const char *kt_game_length_unit(const char *game, int lang)
{
    const kt_gamedef *d = game ? kt_gamedef_find(game) : NULL;
    int de = lang == KT_LANG_DE;
    if (d && d->length_unit[de])
        return d->length_unit[de];
    return de ? "Züge" : "turns";
}

const char *kt_game_notice(const char *game)
{
    const kt_gamedef *d = game ? kt_gamedef_find(game) : NULL;
    return d ? d->notice : NULL;
}

const char *kt_game_study_options(const char *game)
{
    const kt_gamedef *d = game ? kt_gamedef_find(game) : NULL;
    return d ? d->study_options : NULL;
}

/* Does the option list `opts` ("k=v;k=v", ';' or newline separated) set
 * `key` (len bytes)?  -1 when an entry has no '='. */
static int opts_set_key(const char *opts, const char *key, size_t len)
{
    int found = 0;
    for (const char *p = opts; p && *p;) {
        size_t n = strcspn(p, ";\n");
        const char *eq = memchr(p, '=', n);
        const char *a = p, *e = eq ? eq : p + n;
        while (a < e && (*a == ' ' || *a == '\t'))
            a++;
        while (e > a && (e[-1] == ' ' || e[-1] == '\t'))
            e--;
        if (!eq && e > a)
            return -1;
        if (eq && (size_t)(e - a) == len && !strncmp(a, key, len))
            found = 1;
        p += n + (p[n] != '\0');
    }
    return found;
}

kt_status kt_options_for_study_def(const kt_gamedef *d, const char *options,
                                   const kt_allocator *alloc, char **out, char **added,
                                   kt_err *err)
{
    *out = NULL;
    if (added)
        *added = NULL;
    const char *user = options ? options : "";
    if (opts_set_key(user, "", 0) < 0)
        return kt_seterr(err, KT_EPARSE, "options '%.200s': each entry must be key=value", user);
    kt_buf all, add;
    kt_buf_init_alloc(&all, alloc);
    kt_buf_init_alloc(&add, alloc);
    kt_buf_puts(&all, user);
    for (const char *p = d->study_options; p && *p;) {
        size_t n = strcspn(p, ";"), k = strcspn(p, "=");
        if (k < n && opts_set_key(user, p, k) == 0) {
            kt_buf_printf(&all, "%s%.*s", all.len ? ";" : "", (int)n, p);
            kt_buf_printf(&add, "%s%.*s", add.len ? ";" : "", (int)n, p);
        }
        p += n + (p[n] != '\0');
    }
    *out = kt_str_take(&all);
    char *a = kt_str_take(&add);
    if (!*out || !a) {
        kt_free(*out);
        kt_free(a);
        *out = NULL;
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    if (added)
        *added = a;
    else
        kt_free(a);
    return KT_OK;
}

kt_status kt_options_for_study(const char *game, const char *options, const kt_allocator *alloc,
                               char **out, char **added, kt_err *err)
{
    const kt_gamedef *d = game ? kt_gamedef_find(game) : NULL;
    if (!d) {
        *out = NULL;
        if (added)
            *added = NULL;
        return kt_seterr(err, KT_EUNKNOWN, "unknown game '%.100s'", game ? game : "(null)");
    }
    return kt_options_for_study_def(d, options, alloc, out, added, err);
}

const char *kt_game_level(const char *game, const char *level)
{
    static const char *const names[3] = {"easy", "medium", "hard"};
    static const char *const fallback[3] = {"random", "heuristic", "mcts:time=1000"};
    /* the name first: kt_bot_new asks for every spec (a simulator with a
     * fresh setup per game makes its bots per game), and most are none */
    for (int i = 0; level && i < 3; i++) {
        if (strcmp(level, names[i]) != 0)
            continue;
        const kt_gamedef *d = game ? kt_gamedef_find(game) : NULL;
        return !d ? NULL : d->levels[i] ? d->levels[i] : fallback[i];
    }
    return NULL;
}

/* ------------------------------------------------------------ games */

static void game_destroy(kt_game *g)
{
    if (!g)
        return;
    const kt_allocator *a = &g->alloc;
    if (g->opts) {
        kt_opts_free(g->opts, g->def->info.nopts + NCOMMON);
        mem(a, g->opts, sizeof *g->opts * (size_t)(g->def->info.nopts + NCOMMON), 0);
    }
    if (g->canon)
        mem(a, g->canon, strlen(g->canon) + 1, 0);
    if (g->cfg)
        mem(a, g->cfg, g->cfg_size, 0);
    kt_allocator copy = g->alloc;
    mem(&copy, g, sizeof *g, 0);
}

void kt_game_free(kt_game *g) { game_destroy(g); }

/* "<game> option", the subject of option errors (no snprintf: configurations
 * are made for every game of a study with fresh setups). */
static void opt_what(const kt_gamedef *d, char *out, size_t cap)
{
    size_t l = strlen(d->info.name);
    if (l > cap - sizeof " option")
        l = cap - sizeof " option";
    memcpy(out, d->info.name, l);
    memcpy(out + l, " option", sizeof " option");
}

static int all_opts(const kt_gamedef *d, kt_optinfo *out, int cap)
{
    int n = 0;
    for (int i = 0; i < d->info.nopts && n < cap; i++)
        out[n++] = d->info.opts[i];
    for (int i = 0; i < NCOMMON && n < cap; i++)
        out[n++] = common_opts[i];
    return n;
}

static kt_status game_canon(kt_game *g, kt_err *err)
{
    kt_optinfo defs[96];
    int n = all_opts(g->def, defs, 96);
    kt_buf b;
    kt_buf_init_alloc(&b, &g->alloc);
    kt_opts_canon(defs, n, g->opts, ';', &b);
    /* the text moves into a block of its true size (game_destroy frees
     * strlen + 1 bytes) */
    size_t len = b.len + 1;
    char *c = b.oom ? NULL : mem(&g->alloc, NULL, 0, len);
    if (c)
        memcpy(c, b.p ? b.p : "", len);
    kt_buf_free(&b);
    if (!c)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    if (g->canon)
        mem(&g->alloc, g->canon, strlen(g->canon) + 1, 0);
    g->canon = c;
    return KT_OK;
}

kt_status kt_game_new(const char *name, const char *options, int nplayers, uint64_t seed,
                      const kt_allocator *alloc, kt_game **out, kt_err *err)
{
    *out = NULL;
    const kt_gamedef *d = name ? kt_gamedef_find(name) : NULL;
    if (!d) {
        char list[256] = "";
        for (int i = 0; i < kt_gamedef_count(); i++) {
            size_t l = strlen(list);
            snprintf(list + l, sizeof list - l, "%s%s", i ? ", " : "", kt_gamedef_at(i)->info.name);
        }
        return kt_seterr(err, KT_EUNKNOWN, "unknown game '%s' (available: %s)", name ? name : "",
                         list);
    }
    return kt_game_new_def(d, options, nplayers, seed, alloc, out, err);
}

kt_status kt_game_new_def(const kt_gamedef *d, const char *options, int nplayers, uint64_t seed,
                          const kt_allocator *alloc, kt_game **out, kt_err *err)
{
    *out = NULL;
    if (nplayers == 0)
        nplayers = d->info.default_players;
    if (nplayers < d->info.min_players || nplayers > d->info.max_players)
        return kt_seterr(err, KT_EINVAL, "%s is played by %d to %d players, not %d", d->info.name,
                         d->info.min_players, d->info.max_players, nplayers);
    kt_allocator a = {NULL, NULL};
    if (alloc)
        a = *alloc;
    kt_game *g = mem(&a, NULL, 0, sizeof *g);
    if (!g)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    memset(g, 0, sizeof *g);
    g->def = d;
    g->nplayers = nplayers;
    g->seed = seed;
    g->alloc = a;
    kt_optinfo defs[96];
    int n = all_opts(d, defs, 96);
    size_t osz = sizeof *g->opts * (size_t)n;
    g->opts = mem(&a, NULL, 0, osz ? osz : 1);
    if (!g->opts) {
        game_destroy(g);
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    char what[64];
    opt_what(d, what, sizeof what);
    kt_status st = kt_opts_parse_alloc(defs, n, options, ";\n", what, &g->alloc, g->opts, err);
    if (st != KT_OK) {
        mem(&a, g->opts, osz ? osz : 1, 0);
        g->opts = NULL;
        game_destroy(g);
        return st;
    }
    g->turn_limit = kt_game_opt_int(g, "turn_limit");
    st = d->setup(g, err);
    /* States are often stored back to back (undo histories, replays):
     * keep every one 8-byte aligned. */
    g->state_size = (g->state_size + 7) & ~(size_t)7;
    if (st == KT_OK && (g->state_size < sizeof(kt_state_hdr) || g->max_legal < 1 ||
                        g->max_legal > KT_LEGAL_MAX))
        st = kt_seterr(err, KT_EINTERNAL, "%s: setup left an invalid state size or legal bound",
                       d->info.name);
    if (st == KT_OK)
        st = game_canon(g, err);
    if (st != KT_OK) {
        game_destroy(g);
        return st;
    }
    *out = g;
    return KT_OK;
}

void *kt_game_alloc(kt_game *g, size_t n)
{
    /* One block per configuration keeps ownership trivial. */
    KT_ASSERT(g->cfg == NULL);
    void *p = mem(&g->alloc, NULL, 0, n);
    if (p) {
        memset(p, 0, n);
        g->cfg = p;
        g->cfg_size = n;
    }
    return p;
}

static const kt_optval *opt_find(const kt_game *g, const char *name)
{
    /* the game's options, then the common ones: all_opts' order, without
     * copying the tables (setup asks for every option of a fresh
     * configuration) */
    const kt_gameinfo *gi = &g->def->info;
    for (int i = 0; i < gi->nopts; i++)
        if (strcmp(gi->opts[i].name, name) == 0)
            return &g->opts[i];
    for (int i = 0; i < NCOMMON; i++)
        if (strcmp(common_opts[i].name, name) == 0)
            return &g->opts[gi->nopts + i];
    return NULL;
}

kt_status kt_game_set_opt(kt_game *g, const char *name, const char *value, kt_err *err)
{
    const kt_optval *v = opt_find(g, name);
    if (!v)
        return kt_seterr(err, KT_EINTERNAL, "no option '%s'", name);
    int k = (int)(v - g->opts), ng = g->def->info.nopts;
    const kt_optinfo *def = k < ng ? &g->def->info.opts[k] : &common_opts[k - ng];
    char what[64];
    opt_what(g->def, what, sizeof what);
    kt_status st = kt_opt_set(def, &g->opts[k], value, what, err);
    if (st == KT_OK)
        g->opts[k].set = 1;
    return st;
}

/* A game asking for an option it does not declare is a typo in the game's
 * code: it fails at once in debug and sanitizer builds (every test creates
 * every game), and reads as 0 / "" in release builds. */
long long kt_game_opt_int(const kt_game *g, const char *name)
{
    const kt_optval *v = opt_find(g, name);
    KT_ASSERT(v != NULL && "kt_game_opt_int: an option the game does not declare");
    return v ? v->i : 0;
}

const char *kt_game_opt_str(const kt_game *g, const char *name)
{
    const kt_optval *v = opt_find(g, name);
    KT_ASSERT(v != NULL && "kt_game_opt_str: an option the game does not declare");
    return v && v->s ? v->s : "";
}

int kt_game_opt_given(const kt_game *g, const char *name)
{
    const kt_optval *v = opt_find(g, name);
    KT_ASSERT(v != NULL && "kt_game_opt_given: an option the game does not declare");
    return v ? v->set : 0;
}

const kt_gameinfo *kt_game_def(const kt_game *g) { return &g->def->info; }
const char *kt_game_name(const kt_game *g) { return g->def->info.name; }
int kt_game_players(const kt_game *g) { return g->nplayers; }
uint64_t kt_game_seed(const kt_game *g) { return g->seed; }
const char *kt_game_options(const kt_game *g) { return g->canon; }
size_t kt_state_size(const kt_game *g) { return g->state_size; }
int kt_game_max_legal(const kt_game *g) { return g->max_legal; }

/* ------------------------------------------------------------ states */

/* The header of a zeroed state; the game's init sets everything else. */
static void state_header(const kt_game *g, kt_state *s, uint64_t seed)
{
    s->h.magic = g->def->magic;
    s->h.size = (uint32_t)g->state_size;
    kt_rng_seed(&s->h.rng, kt_seed_derive(seed, 0x5ea7e));
    s->h.to_move = -1;
    s->h.turn_player = -1;
    s->h.status = KT_RUNNING;
}

static void state_prepare_seed(const kt_game *g, kt_state *s, uint64_t seed)
{
    memset(s, 0, g->state_size);
    state_header(g, s, seed);
}

static void state_prepare(const kt_game *g, kt_state *s)
{
    state_prepare_seed(g, s, g->seed);
}

void kt_state_init(const kt_game *g, kt_state *s)
{
    state_prepare(g, s);
    g->def->init(g, s);
}

void kt_state_init_seed(const kt_game *g, kt_state *s, uint64_t seed)
{
    state_prepare_seed(g, s, seed);
    g->def->init(g, s);
}

#ifndef NDEBUG
/* Is every byte of s zero? (debug builds check what clear() promises) */
static int all_zero(const kt_game *g, const kt_state *s)
{
    const unsigned char *b = (const unsigned char *)s;
    for (size_t i = 0; i < g->state_size; i++)
        if (b[i])
            return 0;
    return 1;
}
#endif

void kt_state_restart(const kt_game *g, kt_state *s, uint64_t seed)
{
    if (g->def->clear && s->h.magic == g->def->magic && s->h.size == g->state_size) {
        g->def->clear(g, s);
        KT_ASSERT(all_zero(g, s));
    } else {
        memset(s, 0, g->state_size);
    }
    state_header(g, s, seed);
    g->def->init(g, s);
}

kt_state *kt_state_new(const kt_game *g)
{
    kt_state *s = mem(&g->alloc, NULL, 0, g->state_size);
    if (s)
        kt_state_init(g, s);
    return s;
}

void kt_state_free(const kt_game *g, kt_state *s)
{
    if (s)
        mem(&g->alloc, s, g->state_size, 0);
}

void kt_state_copy(const kt_game *g, kt_state *dst, const kt_state *src)
{
    if (dst != src)
        memcpy(dst, src, g->state_size);
}

int kt_state_equal(const kt_game *g, const kt_state *a, const kt_state *b)
{
    return memcmp(a, b, g->state_size) == 0;
}

uint64_t kt_state_hash(const kt_game *g, const kt_state *s)
{
    /* 8 bytes at a time, multiply-xorshift mixing; tail bytes one by one. */
    const unsigned char *p = (const unsigned char *)s;
    size_t n = g->state_size;
    uint64_t h = 0x243f6a8885a308d3ULL ^ (uint64_t)n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x9fb21c651e98df25ULL;
        h ^= h >> 31;
    }
    for (; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

int kt_to_move(const kt_game *g, const kt_state *s)
{
    KT_UNUSED(g);
    return s->h.status == KT_RUNNING ? s->h.to_move : -1;
}

int kt_turn_player(const kt_game *g, const kt_state *s)
{
    KT_UNUSED(g);
    return s->h.turn_player;
}

int kt_is_over(const kt_game *g, const kt_state *s)
{
    KT_UNUSED(g);
    return s->h.status != KT_RUNNING;
}

const char *kt_decision(const kt_game *g, const kt_state *s)
{
    if (s->h.status != KT_RUNNING)
        return "over";
    const char *n = g->def->decision_name(s->h.decision);
    return n ? n : "?";
}

const char *kt_decision_label(const kt_game *g, const kt_state *s, int lang)
{
    if (s->h.status != KT_RUNNING)
        return lang == KT_LANG_DE ? "vorbei" : "over";
    const char *n = g->def->decision_label ? g->def->decision_label(s->h.decision, lang) : NULL;
    return n ? n : kt_decision(g, s);
}

char *kt_prompt_to_move(const kt_game *g, const kt_state *s, int lang)
{
    kt_buf b;
    kt_buf_init_alloc(&b, &g->alloc);
    if (s->h.status != KT_RUNNING)
        kt_buf_puts(&b, lang == KT_LANG_DE ? "Das Spiel ist vorbei." : "The game is over.");
    else
        g->def->prompt(g, s, lang, &b);
    return kt_str_take(&b);
}

uint64_t kt_action_count(const kt_game *g, const kt_state *s)
{
    KT_UNUSED(g);
    return s->h.nactions;
}

uint32_t kt_turn_number(const kt_game *g, const kt_state *s)
{
    KT_UNUSED(g);
    return s->h.turn;
}

/* ------------------------------------------------------------ play */

int kt_legal_to_move(const kt_game *g, const kt_state *s, kt_action *buf, int cap)
{
    if (s->h.status != KT_RUNNING)
        return 0;
    if (cap >= g->max_legal)
        return g->def->legal(g, s, buf);
    kt_action tmp[KT_LEGAL_MAX];
    int n = g->def->legal(g, s, tmp);
    int k = n < cap ? n : cap;
    if (k > 0) /* buf may be NULL with cap 0: counting only */
        memcpy(buf, tmp, sizeof *buf * (size_t)k);
    return n;
}

int kt_is_legal(const kt_game *g, const kt_state *s, kt_action a)
{
    kt_action tmp[KT_LEGAL_MAX];
    int n = kt_legal_to_move(g, s, tmp, KT_LEGAL_MAX);
    for (int i = 0; i < n; i++)
        if (tmp[i] == a)
            return 1;
    return 0;
}

static void after_apply(const kt_game *g, kt_state *s)
{
    s->h.nactions++;
    /* the configuration first: most have no turn limit */
    if (g->turn_limit > 0 && s->h.status == KT_RUNNING && s->h.turn > (uint64_t)g->turn_limit) {
        s->h.status = KT_STOPPED;
        s->h.to_move = -1;
    }
}

void kt_apply_trusted(const kt_game *g, kt_state *s, kt_action a)
{
    KT_ASSERT(kt_is_legal(g, s, a));
    g->def->apply(g, s, a);
    after_apply(g, s);
}

kt_status kt_apply_to_move(const kt_game *g, kt_state *s, kt_action a, kt_err *err)
{
    if (s->h.status != KT_RUNNING)
        return kt_seterr(err, KT_EOVER, "the game is over; no action can be applied");
    if (!kt_is_legal(g, s, a)) {
        char txt[128];
        kt_action_text_to_move(g, s, a, KT_OMNISCIENT, KT_LANG_EN, txt, sizeof txt);
        return kt_seterr(err, KT_EILLEGAL,
                         "action %u ('%s') is not legal now (player %d must decide: %s)", a, txt,
                         s->h.to_move + 1, kt_decision(g, s));
    }
    g->def->apply(g, s, a);
    after_apply(g, s);
    return KT_OK;
}

size_t kt_action_text_to_move(const kt_game *g, const kt_state *s, kt_action a, int viewer,
                              int lang, char *buf, size_t cap)
{
    kt_buf b;
    kt_buf_init_alloc(&b, &g->alloc);
    g->def->action_text(g, s, a, viewer, lang, &b);
    size_t n = 0;
    if (cap) {
        n = b.p ? b.len : 0;
        if (n >= cap)
            n = cap - 1;
        if (n)
            memcpy(buf, b.p, n);
        buf[n] = '\0';
    }
    kt_buf_free(&b);
    return n;
}

void kt_menu_item_to_move(const kt_game *g, const kt_state *s, kt_action a, int lang,
                          kt_menu_item *out)
{
    memset(out, 0, sizeof *out);
    if (g->def->menu_item)
        g->def->menu_item(g, s, a, lang, out);
    out->group[sizeof out->group - 1] = '\0';
    out->key[sizeof out->key - 1] = '\0';
}

void kt_text_norm(const char *in, char *out, size_t cap)
{
    size_t o = 0;
    int space = 0;
    for (const unsigned char *p = (const unsigned char *)in; *p && o + 3 < cap; p++) {
        unsigned char c = *p;
        const char *fold = NULL;
        if (c == 0xC3 && p[1]) {
            switch (p[1]) {
            case 0xA4: case 0x84: fold = "ae"; break; /* ä Ä */
            case 0xB6: case 0x96: fold = "oe"; break; /* ö Ö */
            case 0xBC: case 0x9C: fold = "ue"; break; /* ü Ü */
            case 0x9F: fold = "ss"; break;            /* ß */
            }
        }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            space = 1;
            continue;
        }
        if (space && o)
            out[o++] = ' ';
        space = 0;
        if (fold) {
            out[o++] = fold[0];
            out[o++] = fold[1];
            p++;
        } else {
            out[o++] = (char)((c >= 'A' && c <= 'Z') ? c + 32 : c);
        }
    }
    out[o] = '\0';
}

/* lang: the language of the error message, -1 for the game's choice (by
 * the words typed; the generic message is English then). */
kt_status kt_action_parse_in(const kt_game *g, const kt_state *s, const char *text, int lang,
                             kt_action *out, kt_err *err)
{
    if (s->h.status != KT_RUNNING)
        return kt_seterr(err, KT_EOVER, "the game is over; no action can be taken");
    char want[256], have[256], txt[256];
    kt_text_norm(text ? text : "", want, sizeof want);
    if (!want[0])
        return kt_seterr(err, KT_EPARSE, "empty action");
    kt_action legal[KT_LEGAL_MAX];
    int n = kt_legal_to_move(g, s, legal, KT_LEGAL_MAX);
    for (int l = KT_LANG_EN; l <= KT_LANG_DE; l++) {
        for (int i = 0; i < n; i++) {
            kt_action_text_to_move(g, s, legal[i], KT_OMNISCIENT, l, txt, sizeof txt);
            kt_text_norm(txt, have, sizeof have);
            if (strcmp(have, want) == 0) {
                *out = legal[i];
                return KT_OK;
            }
        }
    }
    kt_buf why;
    kt_buf_init_alloc(&why, &g->alloc);
    kt_status st = KT_EILLEGAL;
    if (g->def->explain)
        st = g->def->explain(g, s, want, lang, &why);
    if (!why.p || !why.len) {
        int de = lang == KT_LANG_DE;
        kt_buf_reset(&why);
        kt_buf_printf(&why, de ? "'%s' ist jetzt kein erlaubter Zug; erlaubt:"
                               : "'%s' is not a legal action now; legal:",
                      text);
        for (int i = 0; i < n && i < 12; i++) {
            kt_action_text_to_move(g, s, legal[i], s->h.to_move, de ? KT_LANG_DE : KT_LANG_EN,
                                   txt, sizeof txt);
            kt_buf_printf(&why, "%s '%s'", i ? "," : "", txt);
        }
        if (n > 12)
            kt_buf_printf(&why, de ? " und %d weitere" : " and %d more", n - 12);
    }
    kt_seterr(err, st, "%s", why.p ? why.p : "illegal action");
    kt_buf_free(&why);
    return st;
}

kt_status kt_action_parse_to_move(const kt_game *g, const kt_state *s, const char *text,
                                  kt_action *out, kt_err *err)
{
    return kt_action_parse_in(g, s, text, -1, out, err);
}


void kt_result_rank(kt_result *r, int nplayers, const double *key1, const double *key2)
{
    r->winners = 0;
    for (int p = 0; p < nplayers; p++) {
        int better = 0;
        for (int q = 0; q < nplayers; q++) {
            if (q == p)
                continue;
            if (key1[q] > key1[p] || (key1[q] == key1[p] && key2 && key2[q] > key2[p]))
                better++;
        }
        r->rank[p] = better;
        if (better == 0)
            r->winners |= 1u << p;
    }
}

void kt_result_get(const kt_game *g, const kt_state *s, kt_result *r)
{
    memset(r, 0, sizeof *r);
    r->nplayers = g->nplayers;
    r->turns = s->h.turn;
    if (s->h.status == KT_RUNNING)
        return;
    g->def->result(g, s, r);
    r->nplayers = g->nplayers;
    r->finished = s->h.status == KT_FINISHED;
    if (!r->finished) {
        r->winners = 0;
        return;
    }
    int k = 0;
    for (int p = 0; p < g->nplayers; p++)
        k += (int)((r->winners >> p) & 1u);
    for (int p = 0; p < g->nplayers; p++)
        r->reward[p] = k && ((r->winners >> p) & 1) ? 1.0 / k : 0.0;
}

void kt_evaluate(const kt_game *g, const kt_state *s, double out[KT_MAX_PLAYERS])
{
    for (int p = 0; p < KT_MAX_PLAYERS; p++)
        out[p] = 0;
    if (s->h.status != KT_RUNNING) {
        kt_result r;
        kt_result_get(g, s, &r);
        if (r.finished) {
            for (int p = 0; p < g->nplayers; p++)
                out[p] = r.reward[p];
            return;
        }
        /* stopped: fall back to the heuristic of the final position */
    }
    g->def->evaluate(g, s, out);
}

void kt_determinize(const kt_game *g, const kt_state *src, int player, uint64_t seed,
                    kt_state *dst)
{
    kt_state_copy(g, dst, src);
    kt_rng rng;
    kt_rng_seed(&rng, kt_seed_derive(seed, 0xde7e));
    g->def->determinize(g, dst, player, &rng);
    /* Future chance must not be predictable from the true state. */
    kt_rng_seed(&dst->h.rng, kt_seed_derive(seed, 0xf07e));
}

/* ------------------------------------------------------------ views */

static const char *status_name(int st)
{
    return st == KT_RUNNING ? "running" : st == KT_FINISHED ? "finished" : "stopped";
}

/* Views for a player are produced from a determinized copy: even a view
 * function that wrote too much could only show resampled, not true, hidden
 * information.  The seed comes from the state so views are reproducible. */
static const kt_state *view_state(const kt_game *g, const kt_state *s, int viewer, kt_state **tmp)
{
    *tmp = NULL;
    if (viewer < 0)
        return s;
    kt_state *c = mem(&g->alloc, NULL, 0, g->state_size);
    if (!c)
        return NULL;
    kt_determinize(g, s, viewer, kt_state_hash(g, s), c);
    *tmp = c;
    return c;
}

kt_status kt_observe(const kt_game *g, const kt_state *s, int player, int lang, char **out,
                     kt_err *err)
{
    *out = NULL;
    if (player < KT_SPECTATOR || player >= g->nplayers)
        return kt_seterr(err, KT_EINVAL, "no player %d to observe for (players 0..%d, -1 = "
                         "spectator)", player, g->nplayers - 1);
    kt_state *tmp;
    const kt_state *v = view_state(g, s, player, &tmp);
    if (!v)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    kt_buf b;
    kt_buf_init_alloc(&b, &g->alloc);
    kt_jw w;
    kt_jw_init(&w, &b);
    kt_jw_obj(&w);
    kt_jw_kstr(&w, "game", g->def->info.name);
    kt_jw_kint(&w, "players", g->nplayers);
    kt_jw_kint(&w, "you", player);
    kt_jw_kstr(&w, "status", status_name(s->h.status));
    kt_jw_kint(&w, "to_move", kt_to_move(g, s));
    kt_jw_kint(&w, "turn_player", s->h.turn_player);
    kt_jw_kstr(&w, "decision", kt_decision(g, s));
    kt_jw_kint(&w, "turn", s->h.turn);
    g->def->observe(g, v, player, lang, &w);
    kt_jw_obj_end(&w);
    if (tmp)
        mem(&g->alloc, tmp, g->state_size, 0);
    *out = kt_str_take(&b);
    return *out ? KT_OK : kt_seterr(err, KT_ENOMEM, "out of memory");
}

kt_status kt_render_text(const kt_game *g, const kt_state *s, int viewer, int lang, char **out,
                         kt_err *err)
{
    *out = NULL;
    if (viewer < KT_OMNISCIENT || viewer >= g->nplayers)
        return kt_seterr(err, KT_EINVAL, "no viewer %d (players 0..%d, -1 = spectator, -2 = "
                         "everything)", viewer, g->nplayers - 1);
    kt_state *tmp;
    const kt_state *v = view_state(g, s, viewer, &tmp);
    if (!v)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    kt_buf b;
    kt_buf_init_alloc(&b, &g->alloc);
    b.color = (lang & KT_COLOR) != 0;
    g->def->render(g, v, viewer, lang & 0xff, &b);
    if (tmp)
        mem(&g->alloc, tmp, g->state_size, 0);
    *out = kt_str_take(&b);
    return *out ? KT_OK : kt_seterr(err, KT_ENOMEM, "out of memory");
}

static void write_u64(kt_jw *w, uint64_t v)
{
    /* Values beyond 2^53 are strings so that JavaScript readers keep them. */
    if (v <= (1ULL << 53)) {
        kt_jw_uint(w, v);
    } else {
        char t[32];
        snprintf(t, sizeof t, "%llu", (unsigned long long)v);
        kt_jw_str(w, t);
    }
}

char *kt_state_json(const kt_game *g, const kt_state *s)
{
    kt_buf b;
    kt_buf_init_alloc(&b, &g->alloc);
    kt_jw w;
    kt_jw_init(&w, &b);
    kt_jw_obj(&w);
    kt_jw_kint(&w, "kontor", 1);
    kt_jw_kstr(&w, "game", g->def->info.name);
    kt_jw_kint(&w, "players", g->nplayers);
    kt_jw_key(&w, "seed");
    write_u64(&w, g->seed);
    kt_jw_kstr(&w, "options", g->canon);
    kt_jw_key(&w, "header");
    kt_jw_obj(&w);
    char t[40];
    kt_jw_key(&w, "rng");
    kt_jw_arr(&w);
    snprintf(t, sizeof t, "0x%016llx", (unsigned long long)s->h.rng.s[0]);
    kt_jw_str(&w, t);
    snprintf(t, sizeof t, "0x%016llx", (unsigned long long)s->h.rng.s[1]);
    kt_jw_str(&w, t);
    kt_jw_arr_end(&w);
    kt_jw_key(&w, "actions");
    write_u64(&w, s->h.nactions);
    kt_jw_kint(&w, "turn", s->h.turn);
    kt_jw_kint(&w, "to_move", s->h.to_move);
    kt_jw_kint(&w, "turn_player", s->h.turn_player);
    const char *dn = g->def->decision_name(s->h.decision);
    kt_jw_kstr(&w, "decision", dn ? dn : "?");
    kt_jw_kstr(&w, "status", status_name(s->h.status));
    kt_jw_obj_end(&w);
    kt_jw_key(&w, "state");
    g->def->save(g, s, &w);
    kt_jw_obj_end(&w);
    return kt_str_take(&b);
}

static int read_u64_hex(kt_jr *r, const kt_jv *arr, int i, uint64_t *out)
{
    const kt_jv *v = kt_jv_at(arr, i);
    kt_jr_push_i(r, i);
    int ok = 0;
    if (v && v->type == KT_JSTR) {
        char *end;
        unsigned long long x = strtoull(v->s, &end, 16);
        ok = v->s[0] && !*end && v->s[0] != '-' && v->s[0] != ' ';
        if (ok)
            *out = x;
    }
    if (!ok)
        kt_jr_fail(r, "expected a hexadecimal string such as \"0x1f\"");
    kt_jr_pop(r);
    return ok;
}

static int load_header(const kt_game *g, const kt_jv *h, kt_state *s, kt_jr *r)
{
    kt_jr_push(r, "header");
    long long x;
    uint64_t u;
    int ok = kt_jr_only(r, h, "rng,actions,turn,to_move,turn_player,decision,status");
    const kt_jv *rng = ok ? kt_jr_arr(r, h, "rng", 2, 2) : NULL;
    if (rng) {
        kt_jr_push(r, "rng");
        ok = read_u64_hex(r, rng, 0, &s->h.rng.s[0]) && read_u64_hex(r, rng, 1, &s->h.rng.s[1]);
        if (ok && (s->h.rng.s[0] | s->h.rng.s[1]) == 0)
            ok = kt_jr_fail(r, "the all-zero generator state is invalid");
        kt_jr_pop(r);
    } else {
        ok = 0;
    }
    if (ok && (ok = kt_jr_u64(r, h, "actions", &u)))
        s->h.nactions = u;
    if (ok && (ok = kt_jr_int(r, h, "turn", 0, UINT32_MAX, &x)))
        s->h.turn = (uint32_t)x;
    if (ok && (ok = kt_jr_int(r, h, "to_move", -1, g->nplayers - 1, &x)))
        s->h.to_move = (int8_t)x;
    if (ok && (ok = kt_jr_int(r, h, "turn_player", -1, g->nplayers - 1, &x)))
        s->h.turn_player = (int8_t)x;
    const char *dn = ok ? kt_jr_str(r, h, "decision") : NULL;
    if (dn) {
        int found = -1;
        for (int i = 0; i < 256; i++) {
            const char *n = g->def->decision_name(i);
            if (!n)
                break;
            if (strcmp(n, dn) == 0) {
                found = i;
                break;
            }
        }
        if (found < 0) {
            kt_jr_push(r, "decision");
            ok = kt_jr_fail(r, "unknown decision kind '%s'", dn);
            kt_jr_pop(r);
        } else {
            s->h.decision = (uint8_t)found;
        }
    } else {
        ok = 0;
    }
    const char *st = ok ? kt_jr_str(r, h, "status") : NULL;
    if (st) {
        if (strcmp(st, "running") == 0)
            s->h.status = KT_RUNNING;
        else if (strcmp(st, "finished") == 0)
            s->h.status = KT_FINISHED;
        else if (strcmp(st, "stopped") == 0)
            s->h.status = KT_STOPPED;
        else {
            kt_jr_push(r, "status");
            ok = kt_jr_fail(r, "expected running, finished or stopped");
            kt_jr_pop(r);
        }
    } else {
        ok = 0;
    }
    if (ok && s->h.status == KT_RUNNING && s->h.to_move < 0) {
        kt_jr_push(r, "to_move");
        ok = kt_jr_fail(r, "a running game needs a player to move");
        kt_jr_pop(r);
    }
    if (ok && s->h.status != KT_RUNNING && s->h.to_move >= 0) {
        kt_jr_push(r, "to_move");
        ok = kt_jr_fail(r, "must be -1 when the game is not running");
        kt_jr_pop(r);
    }
    kt_jr_pop(r);
    return ok && !r->failed;
}

/* Fill `out` from the envelope's header and state; out is untouched on
 * failure (the work happens in a scratch block). */
static kt_status load_state(const kt_game *g, const kt_jv *root, kt_state *out, kt_err *err)
{
    kt_jr r;
    kt_jr_init(&r, err, "");
    const kt_jv *h = kt_jr_get(&r, root, "header", KT_JOBJ);
    const kt_jv *st = kt_jr_get(&r, root, "state", KT_JOBJ);
    if (!h || !st)
        return KT_ESTATE;
    kt_state *s = mem(&g->alloc, NULL, 0, g->state_size);
    if (!s)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    state_prepare(g, s);
    int ok = load_header(g, h, s, &r);
    if (ok) {
        kt_jr_push(&r, "state");
        ok = g->def->load(g, st, s, &r) && !r.failed;
        kt_jr_pop(&r);
        if (!ok && !r.failed)
            kt_jr_fail(&r, "rejected by the game");
    }
    if (ok) {
        kt_buf why;
        kt_buf_init_alloc(&why, &g->alloc);
        if (!g->def->check(g, s, &why)) {
            kt_seterr(err, KT_ESTATE, "state is inconsistent: %s", why.p ? why.p : "check failed");
            ok = 0;
        }
        kt_buf_free(&why);
    }
    if (ok)
        memcpy(out, s, g->state_size);
    mem(&g->alloc, s, g->state_size, 0);
    return ok ? KT_OK : KT_ESTATE;
}

/* Parse the envelope and create the configuration it names. */
static kt_status load_config(const kt_jv *root, const kt_allocator *alloc, kt_game **g,
                             kt_err *err)
{
    kt_jr r;
    kt_jr_init(&r, err, "");
    long long ver, np;
    uint64_t seed;
    if (!root || root->type != KT_JOBJ)
        return kt_seterr(err, KT_ESTATE, "expected a JSON object");
    if (!kt_jr_only(&r, root, "kontor,game,players,seed,options,header,state") ||
        !kt_jr_int(&r, root, "kontor", 1, 1, &ver))
        return KT_ESTATE;
    const char *game = kt_jr_str(&r, root, "game");
    if (!game || !kt_jr_int(&r, root, "players", 1, KT_MAX_PLAYERS, &np) ||
        !kt_jr_u64(&r, root, "seed", &seed))
        return KT_ESTATE;
    const char *opts = kt_jr_str(&r, root, "options");
    if (!opts)
        return KT_ESTATE;
    kt_status s = kt_game_new(game, opts, (int)np, seed, alloc, g, err);
    if (s != KT_OK && err) {
        char m[KT_ERRLEN];
        snprintf(m, sizeof m, "%s", err->msg);
        snprintf(err->msg, sizeof err->msg, "configuration: %.290s", m);
    }
    return s;
}

kt_status kt_load_json(const char *json, const kt_allocator *alloc, kt_game **game_out,
                       kt_state **state_out, kt_err *err)
{
    *game_out = NULL;
    *state_out = NULL;
    kt_jdoc doc;
    kt_status st = kt_json_parse_alloc(json, json ? strlen(json) : 0, alloc, &doc, err);
    if (st != KT_OK)
        return st;
    kt_game *g = NULL;
    st = load_config(doc.root, alloc, &g, err);
    kt_state *s = NULL;
    if (st == KT_OK) {
        s = mem(&g->alloc, NULL, 0, g->state_size);
        st = s ? load_state(g, doc.root, s, err) : kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    kt_json_free(&doc);
    if (st != KT_OK) {
        if (g) {
            kt_state_free(g, s);
            kt_game_free(g);
        }
        return st;
    }
    *game_out = g;
    *state_out = s;
    return KT_OK;
}

kt_status kt_state_load_json(const kt_game *g, const char *json, kt_state *out, kt_err *err)
{
    kt_jdoc doc;
    kt_status st = kt_json_parse_alloc(json, json ? strlen(json) : 0, &g->alloc, &doc, err);
    if (st != KT_OK)
        return st;
    kt_game *g2 = NULL;
    st = load_config(doc.root, &g->alloc, &g2, err);
    if (st == KT_OK) {
        if (g2->def != g->def || g2->nplayers != g->nplayers || g2->seed != g->seed ||
            strcmp(g2->canon, g->canon) != 0)
            st = kt_seterr(err, KT_ESTATE,
                           "the state belongs to another configuration (%s, %d players, "
                           "seed %llu, options '%s')",
                           g2->def->info.name, g2->nplayers, (unsigned long long)g2->seed,
                           g2->canon);
        kt_game_free(g2);
    }
    if (st == KT_OK)
        st = load_state(g, doc.root, out, err);
    kt_json_free(&doc);
    return st;
}

kt_status kt_check(const kt_game *g, const kt_state *s, kt_err *err)
{
    if (s->h.magic != g->def->magic || s->h.size != g->state_size)
        return kt_seterr(err, KT_EINTERNAL, "state does not belong to %s", g->def->info.name);
    if (s->h.status == KT_RUNNING && (s->h.to_move < 0 || s->h.to_move >= g->nplayers))
        return kt_seterr(err, KT_EINTERNAL, "running state without a valid player to move (%d)",
                         s->h.to_move);
    if (s->h.status == KT_RUNNING && g->def->pending &&
        !((g->def->pending(g, s) >> s->h.to_move) & 1u))
        return kt_seterr(err, KT_EINTERNAL, "player to move (%d) has no pending decision",
                         s->h.to_move + 1);
    kt_buf why;
    kt_buf_init_alloc(&why, &g->alloc);
    kt_status st = KT_OK;
    if (!g->def->check(g, s, &why))
        st = kt_seterr(err, KT_EINTERNAL, "%s", why.p ? why.p : "invariant violated");
    kt_buf_free(&why);
    return st;
}
