/*
 * bot.c - bot construction from a spec string, and the generic bot list.
 *
 * A spec is "name[:key=value]...".  "file=PATH" is shorthand for bot "file"
 * with option file=PATH (so `bot:file=my.bot` reads naturally).  Game bots
 * shadow generic ones of the same name.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/game.h"
#include "../core/mem.h"

/* Generic bots: usable with every game through the public API only. */
extern const kt_botdef kt_bot_random;
extern const kt_botdef kt_bot_mcts;

static const kt_botdef *const generic_bots[] = {
    &kt_bot_random,
    &kt_bot_mcts,
};

const kt_botdef *kt_generic_bot(int i)
{
    int n = (int)(sizeof generic_bots / sizeof generic_bots[0]);
    return i >= 0 && i < n ? generic_bots[i] : NULL;
}

static const kt_botdef *bot_find(const kt_game *g, const char *name)
{
    for (int i = 0; i < g->def->nbots; i++)
        if (strcmp(g->def->bots[i].info.name, name) == 0)
            return &g->def->bots[i];
    for (int i = 0; kt_generic_bot(i); i++)
        if (strcmp(kt_generic_bot(i)->info.name, name) == 0)
            return kt_generic_bot(i);
    return NULL;
}

/* A bot's block: the struct with its spec behind it (kt_bot_new). */
static size_t bot_size(const kt_bot *b) { return sizeof *b + strlen(b->spec) + 1; }

kt_status kt_bot_new(const kt_game *g, const char *spec, uint64_t seed, kt_bot **out, kt_err *err)
{
    *out = NULL;
    if (!spec || !*spec)
        return kt_seterr(err, KT_EINVAL, "empty bot spec");
    /* level names: "easy", "medium", "hard" stand for the game's bot specs */
    const char *level = kt_game_level(g->def->info.name, spec);
    if (level)
        return kt_bot_new(g, level, seed, out, err);
    char name[64];
    size_t nl = strcspn(spec, ":=");
    if (nl >= sizeof name)
        return kt_seterr(err, KT_EUNKNOWN, "unknown bot '%s'", spec);
    memcpy(name, spec, nl);
    name[nl] = '\0';
    /* "file=PATH:..." -> options "file=PATH:..." ; "name:k=v" -> "k=v" */
    const char *opttext = spec[nl] == '=' ? spec : (spec[nl] == ':' ? spec + nl + 1 : "");
    const kt_botdef *d = bot_find(g, name);
    if (!d) {
        char list[512] = "";
        for (int i = 0;; i++) {
            const kt_botinfo *bi = kt_game_bot(g->def->info.name, i);
            if (!bi)
                break;
            size_t l = strlen(list);
            snprintf(list + l, sizeof list - l, "%s%s", i ? ", " : "", bi->name);
        }
        return kt_seterr(err, KT_EUNKNOWN, "unknown bot '%s' for %s (available: %s)", name,
                         g->def->info.name, list);
    }
    kt_optval vals[32];
    if (d->info.nopts > 32)
        return kt_seterr(err, KT_EINTERNAL, "bot %s has too many options", name);
    /* the label of this bot's option errors, without snprintf: that was a
     * third of kt_bot_new's cost, which a simulator with a fresh setup per
     * game pays per game (name has at most 63 bytes) */
    char what[80] = "option of bot ";
    memcpy(what + strlen(what), name, nl + 1);
    kt_status st = kt_opts_parse_alloc(d->info.opts, d->info.nopts, opttext, ":", what,
                                       &g->alloc, vals, err);
    if (st != KT_OK)
        return st;
    /* one block: the bot, then its spec (bot_size) */
    kt_bot *b = kt_mem_zalloc(&g->alloc, sizeof *b + strlen(spec) + 1);
    if (!b) {
        kt_opts_free(vals, d->info.nopts);
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    b->spec = (char *)(b + 1);
    strcpy(b->spec, spec);
    b->def = d;
    b->g = g;
    st = d->create(g, vals, seed, &b->ud, err);
    kt_opts_free(vals, d->info.nopts);
    if (st != KT_OK) {
        kt_mem_free(&g->alloc, b, bot_size(b));
        return st;
    }
    atomic_init(&b->ctl.cancel, 0);
    atomic_init(&b->ctl.progress, 0);
    atomic_init(&b->ctl.thinking, 0);
    if (d->control)
        d->control(b->ud, &b->ctl);
    *out = b;
    return KT_OK;
}

kt_status kt_bot_choose_fast(kt_bot *b, const kt_state *s, kt_action *out, kt_err *err)
{
    if (s->h.status != KT_RUNNING)
        return kt_seterr(err, KT_EOVER, "the game is over");
    kt_status st = b->def->choose(b->ud, b->g, s, out, err);
    KT_ASSERT(st != KT_OK || kt_is_legal(b->g, s, *out));
    return st;
}

/* Is this one of the generic bots (which see the game only through the
 * public API and determinize for themselves)? */
static int generic(const kt_botdef *d)
{
    for (int i = 0; kt_generic_bot(i); i++)
        if (kt_generic_bot(i) == d)
            return 1;
    return 0;
}

/* A game's own bot reads the state directly.  Here it gets a world where
 * everything its player cannot see is resampled (seeded by the state, so the
 * same position gives the same world): it cannot peek, whatever its code
 * does.  kt_bot_choose_fast skips this for simulators; the no-peeking test
 * (tests/bots/test_no_peeking.c) checks that every bot chooses the same in
 * both, so their games are the same. */
static kt_status choose_fair(kt_bot *b, const kt_state *s, kt_action *out, kt_err *err)
{
    if (generic(b->def))
        return b->def->choose(b->ud, b->g, s, out, err);
    kt_state *w = kt_state_as_copy(b->g, s, s->h.to_move);
    if (!w)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    kt_determinize(b->g, s, s->h.to_move, kt_state_hash(b->g, s), w);
    kt_status st = b->def->choose(b->ud, b->g, w, out, err);
    kt_state_as_free(b->g, w);
    return st;
}

kt_status kt_bot_choose_to_move(kt_bot *b, const kt_state *s, kt_action *out, kt_err *err)
{
    if (s->h.status != KT_RUNNING)
        return kt_seterr(err, KT_EOVER, "the game is over");
    atomic_store(&b->ctl.progress, 0);
    atomic_store(&b->ctl.thinking, 1);
    kt_status st = choose_fair(b, s, out, err);
    atomic_store(&b->ctl.thinking, 0);
    atomic_store(&b->ctl.cancel, 0); /* a cancel ends one decision */
    if (st == KT_OK && !kt_is_legal(b->g, s, *out))
        return kt_seterr(err, KT_EINTERNAL, "bot %s chose an illegal action (%u)", b->spec, *out);
    return st;
}

void kt_bot_cancel(kt_bot *b)
{
    if (b)
        atomic_store(&b->ctl.cancel, 1);
}

void kt_bot_progress_get(const kt_bot *b, kt_bot_progress *out)
{
    kt_bot *m = (kt_bot *)b; /* atomics are read, not changed */
    out->thinking = atomic_load(&m->ctl.thinking);
    out->simulations = atomic_load(&m->ctl.progress);
}

void kt_bot_set_time_cap(kt_bot *b, long long ms) { b->ctl.max_ms = ms > 0 ? ms : 0; }

/* Does option text "k=v:k=v" name an option of type KT_OPT_PATH? */
static int opts_read_files(const kt_optinfo *defs, int n, const char *text)
{
    while (text && *text) {
        size_t len = strcspn(text, ":");
        size_t kl = strcspn(text, "=:");
        for (int i = 0; i < n; i++)
            if (defs[i].type == KT_OPT_PATH && strlen(defs[i].name) == kl &&
                !strncmp(defs[i].name, text, kl))
                return 1;
        text += len;
        if (*text == ':')
            text++;
    }
    return 0;
}

int kt_bot_spec_reads_files(const kt_game *g, const char *spec)
{
    if (!spec)
        return 0;
    const char *level = kt_game_level(g->def->info.name, spec);
    if (level)
        spec = level;
    char name[64];
    size_t nl = strcspn(spec, ":=");
    if (nl >= sizeof name)
        return 0;
    memcpy(name, spec, nl);
    name[nl] = '\0';
    const char *opttext = spec[nl] == '=' ? spec : (spec[nl] == ':' ? spec + nl + 1 : "");
    const kt_botdef *d = bot_find(g, name);
    return d && opts_read_files(d->info.opts, d->info.nopts, opttext);
}

int kt_game_reads_files(const kt_game *g)
{
    for (int i = 0; i < g->def->info.nopts; i++)
        if (g->def->info.opts[i].type == KT_OPT_PATH && g->opts[i].set)
            return 1;
    return 0;
}

kt_status kt_bot_choose_as(kt_bot *b, const kt_state *s, int player, kt_action *out, kt_err *err)
{
    kt_role r = kt_player_role(b->g, s, player);
    if (r == KT_ROLE_MOVER)
        return kt_bot_choose_to_move(b, s, out, err);
    if (r != KT_ROLE_OTHER)
        return kt_player_refuse(b->g, s, player, err);
    kt_state *c = kt_state_as_copy(b->g, s, player);
    if (!c)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    kt_status st = kt_bot_choose_to_move(b, c, out, err);
    kt_state_as_free(b->g, c);
    return st;
}

const char *kt_bot_spec(const kt_bot *b) { return b->spec; }

kt_status kt_bot_reseed(kt_bot *b, uint64_t seed, kt_err *err)
{
    if (!b->def->reseed)
        return kt_seterr(err, KT_EINVAL, "bot '%s' cannot be re-seeded: make a new one",
                         b->spec);
    b->def->reseed(b->ud, seed);
    /* a fresh bot's control block (a cancel left over would end its first
     * decision) */
    atomic_store(&b->ctl.cancel, 0);
    atomic_store(&b->ctl.progress, 0);
    atomic_store(&b->ctl.thinking, 0);
    return KT_OK;
}

long long kt_bot_simulations(const kt_bot *b)
{
    return b && b->def == &kt_bot_mcts ? kt_mcts_simulations(b->ud) : 0;
}

void kt_bot_free(kt_bot *b)
{
    if (!b)
        return;
    const kt_allocator *a = &b->g->alloc;
    if (b->def->destroy)
        b->def->destroy(b->ud);
    kt_mem_free(a, b, bot_size(b));
}
