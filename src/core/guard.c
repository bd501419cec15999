/*
 * guard.c - what protects a player at the table: the undo barrier (what a
 * player has seen cannot be unseen) and moves that need confirmation.
 *
 * kt_action_reveals asks the game's `reveals` hook (game.h) on the state as
 * the actor saw it (a pending player other than to_move acted on a copy
 * whose to_move was theirs).  A game without the hook is judged here by
 * sampling: the action revealed something to `player` unless the PRNG did
 * not move and, for REVEAL_SAMPLES determinizations of `before` for that
 * player (the worlds they cannot tell from the real one), the action is
 * legal, draws no randomness and gives an observation of `player` equal to
 * the real one.  The samples are seeded from the action count only, and a
 * determinization depends only on the player's information set, so the
 * answer can depend on hidden information only through the PRNG test, which
 * moves on chance events everybody sees (dice, shuffles) in kontor's games.
 * Sampling can miss a world that would have looked different (a rare card
 * in a big pool); that is why every game of kontor has an exact hook.
 *
 * kt_undo_refusal words the refusal of a session's undo.
 *
 * No data of its own: everything lives on the caller's states; the scratch
 * state of the fallback comes from the configuration's allocator.
 */
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "mem.h"

#define REVEAL_SAMPLES 8

/* One sampled world: 1 when it shows `player` something else than `real`
 * (or the action is not legal there, or it draws randomness). */
static int sample_differs(const kt_game *g, const kt_state *from, kt_action a, int player,
                          uint64_t seed, const char *real, kt_state *w)
{
    kt_determinize(g, from, player, seed, w);
    kt_rng r0 = w->h.rng;
    if (kt_apply_as(g, w, KT_TO_MOVE, a, NULL) != KT_OK)
        return 1; /* only something hidden made the action legal */
    if (memcmp(&r0, &w->h.rng, sizeof r0) != 0)
        return 1;
    char *obs;
    kt_observe(g, w, player, KT_LANG_EN, &obs, NULL);
    int differs = !obs || strcmp(obs, real) != 0;
    kt_free(obs);
    return differs;
}

static int reveals_by_sampling(const kt_game *g, const kt_state *from, kt_action a,
                               const kt_state *after, int player)
{
    if (memcmp(&from->h.rng, &after->h.rng, sizeof from->h.rng) != 0)
        return 1;
    char *real;
    kt_observe(g, after, player, KT_LANG_EN, &real, NULL);
    kt_state *w = kt_state_as_copy(g, from, from->h.to_move); /* scratch, overwritten */
    int rev = !real || !w;
    for (int k = 0; k < REVEAL_SAMPLES && !rev; k++)
        rev = sample_differs(g, from, a, player,
                             kt_seed_derive(from->h.nactions, 0x7e7ea1u + (uint64_t)k), real, w);
    kt_state_as_free(g, w);
    kt_free(real);
    return rev;
}

/* The state the actor decided on: `before` itself, or a copy whose to_move
 * is the actor (*tmp, freed by the caller with kt_state_as_free). */
static const kt_state *actor_view(const kt_game *g, const kt_state *before, int actor,
                                  kt_state **tmp)
{
    *tmp = NULL;
    if (actor < 0 || actor == before->h.to_move || before->h.status != KT_RUNNING)
        return before;
    *tmp = kt_state_as_copy(g, before, actor);
    return *tmp;
}

int kt_action_reveals(const kt_game *g, const kt_state *before, int actor, kt_action a,
                      const kt_state *after, int player)
{
    if (!g || !before || !after || player < 0 || player >= g->nplayers || actor < -1 ||
        actor >= g->nplayers)
        return -1;
    kt_state *tmp;
    const kt_state *from = actor_view(g, before, actor, &tmp);
    if (!from)
        return 1; /* out of memory: never guess "no" */
    int r = g->def->reveals ? g->def->reveals(g, from, a, after, player) != 0
                            : reveals_by_sampling(g, from, a, after, player);
    kt_state_as_free(g, tmp);
    return r;
}

/* The sentences of the game log after the action's own entry, joined; the
 * action (with who took it) when the log has nothing more. */
kt_status kt_reveal_text(const kt_game *g, const kt_state *before, int actor, kt_action a,
                         const kt_state *after, int player, int lang, char **out, kt_err *err)
{
    *out = NULL;
    if (!g || player < 0 || player >= g->nplayers)
        return kt_seterr(err, KT_EINVAL, "kt_reveal_text: no player %d", player);
    char *ev = kt_events_json(g, before, actor, a, after, player, lang, err);
    if (!ev)
        return err ? err->code : KT_EINVAL;
    kt_jdoc d;
    kt_status st = kt_json_parse_alloc(ev, strlen(ev), &g->alloc, &d, err);
    kt_free(ev);
    if (st != KT_OK)
        return st;
    kt_buf b;
    kt_buf_init_alloc(&b, &g->alloc);
    const kt_jv *first = d.root->type == KT_JARR ? d.root->child : NULL;
    for (const kt_jv *e = first ? first->next : NULL; e; e = e->next) {
        const kt_jv *t = kt_jv_get(e, "text");
        if (t && t->type == KT_JSTR && t->s[0])
            kt_buf_printf(&b, "%s%s", b.len ? " " : "", t->s);
    }
    if (!b.len && first) {
        const kt_jv *t = kt_jv_get(first, "text"), *who = kt_jv_get(first, "player");
        long long p = who && who->type == KT_JNUM ? (long long)who->u : 0;
        kt_buf_printf(&b, "%s %lld: %s", lang == KT_LANG_DE ? "Spieler" : "Player", p + 1,
                      t && t->type == KT_JSTR ? t->s : "?");
    }
    kt_json_free(&d);
    *out = kt_str_take(&b);
    return *out ? KT_OK : kt_seterr(err, KT_ENOMEM, "out of memory");
}

kt_status kt_action_warning(const kt_game *g, const kt_state *s, int player, kt_action a,
                            int lang, char **out, kt_err *err)
{
    *out = NULL;
    if (!g || !s || (lang != KT_LANG_EN && lang != KT_LANG_DE))
        return kt_seterr(err, KT_EINVAL, "kt_action_warning: bad argument");
    if (kt_player_role(g, s, player) == KT_ROLE_BAD)
        return kt_player_refuse(g, s, player, err);
    kt_action acts[KT_LEGAL_MAX];
    int n = kt_legal_as(g, s, player, acts, KT_LEGAL_MAX), legal = 0;
    for (int i = 0; i < n && !legal; i++)
        legal = acts[i] == a;
    if (!legal)
        return kt_seterr(err, KT_EILLEGAL, "action %u is not a legal action of player %d now", a,
                         player + 1);
    if (!g->def->warn)
        return KT_OK;
    kt_state *tmp = NULL;
    const kt_state *v = actor_view(g, s, player, &tmp);
    if (!v)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    kt_buf b;
    kt_buf_init_alloc(&b, &g->alloc);
    g->def->warn(g, v, a, lang, &b);
    kt_state_as_free(g, tmp);
    size_t len = b.len;
    if (len)
        *out = kt_str_take(&b);
    else
        kt_buf_free(&b);
    return len && !*out ? kt_seterr(err, KT_ENOMEM, "out of memory") : KT_OK;
}

void kt_undo_refusal(kt_buf *out, int lang, int asker, int saw, const char *what, size_t left)
{
    int de = lang == KT_LANG_DE;
    char w[300]; /* a whole bot turn can be long: its start says enough */
    size_t n = strlen(what);
    if (n >= sizeof w) {
        n = sizeof w - 4;
        while (n > 0 && ((unsigned char)what[n] & 0xc0) == 0x80)
            n--; /* never cut a UTF-8 sequence */
    }
    snprintf(w, sizeof w, "%.*s%s", (int)n, what, what[n] ? "\xe2\x80\xa6" : "");
    if (saw == asker)
        kt_buf_printf(out, de ? "Das kann nicht zurückgenommen werden: danach hast du gesehen, "
                                "was verborgen oder Zufall war: %s Was du gesehen hast, bleibt "
                                "gesehen; "
                              : "You cannot take that back: after it you saw what was hidden or "
                                "left to chance: %s What you have seen cannot be unseen; ",
                      w);
    else
        kt_buf_printf(out, de ? "Das kann nicht zurückgenommen werden: danach hat Spieler %d "
                                "gesehen, was verborgen oder Zufall war: %s Was gesehen wurde, "
                                "bleibt gesehen; "
                              : "You cannot take that back: after it player %d saw what was "
                                "hidden or left to chance: %s What has been seen cannot be "
                                "unseen; ",
                      saw + 1, w);
    kt_buf_printf(out, de ? "%zu Aktion%s %s noch zurückgenommen werden."
                          : "%zu action%s can still be taken back.",
                  left, de ? (left == 1 ? "" : "en") : (left == 1 ? "" : "s"),
                  left == 1 ? "kann" : "können");
}
