/*
 * pending.c - the one form of every call that acts for a player (kontor.h:
 * kt_legal_as, kt_apply_as, kt_action_parse_as, kt_action_parse_lang,
 * kt_action_text_as, kt_prompt_as, kt_menu_item_get_as, kt_action_info_get)
 * and the set of players with a decision pending (kt_pending).
 *
 * Every such call takes `player`, sorted by kt_player_role into one of:
 *   KT_TO_MOVE (-1) or kt_to_move(s)  the plain code on s itself (the
 *                                     *_to_move bodies in api.c), which is
 *                                     exactly what the aliases kept until
 *                                     kontor 2.0 (aliases.c) run;
 *   another pending player            the same code on a scratch copy of s
 *                                     whose hdr.to_move is that player (the
 *                                     game hooks are written for "the player
 *                                     to move"), freed before returning;
 *   a player with nothing to decide   each call's documented answer (0 legal
 *                                     actions, KT_EILLEGAL, the to-move text);
 *   a number that is no player        refused (KT_EINVAL, -1, NULL, empty):
 *                                     nothing is changed or allocated.
 * The learning calls (learn.c), kt_bot_choose_as (bots/bot.c) and
 * kt_record_add_as (record.c) sort their player the same way.
 */
#include <string.h>

#include "game.h"
#include "mem.h"

uint32_t kt_pending(const kt_game *g, const kt_state *s)
{
    if (s->h.status != KT_RUNNING || s->h.to_move < 0)
        return 0;
    uint32_t self = 1u << s->h.to_move;
    if (!g->def->pending)
        return self;
    /* to_move is always pending, whatever the game says */
    return (g->def->pending(g, s) & ((1u << g->nplayers) - 1u)) | self;
}

kt_role kt_player_role(const kt_game *g, const kt_state *s, int player)
{
    if (player == KT_TO_MOVE)
        return KT_ROLE_MOVER;
    if (player < 0 || player >= g->nplayers)
        return KT_ROLE_BAD;
    if (s->h.status != KT_RUNNING)
        return KT_ROLE_IDLE;
    if (player == s->h.to_move)
        return KT_ROLE_MOVER;
    return (kt_pending(g, s) >> player) & 1u ? KT_ROLE_OTHER : KT_ROLE_IDLE;
}

kt_status kt_player_refuse(const kt_game *g, const kt_state *s, int player, kt_err *err)
{
    if (player != KT_TO_MOVE && (player < 0 || player >= g->nplayers))
        return kt_seterr(err, KT_EINVAL,
                         "%d is not a player number (0 to %d, or -1 = KT_TO_MOVE for the player "
                         "to move)", player, g->nplayers - 1);
    if (s->h.status != KT_RUNNING)
        return kt_seterr(err, KT_EOVER, "the game is over; no action can be taken");
    return kt_seterr(err, KT_EILLEGAL, "player %d has nothing to decide now (player %d must: %s)",
                     player + 1, s->h.to_move + 1, kt_decision(g, s));
}

kt_state *kt_state_as_copy(const kt_game *g, const kt_state *s, int player)
{
    kt_state *c = kt_mem(&g->alloc, NULL, 0, g->state_size);
    if (c) {
        memcpy(c, s, g->state_size);
        c->h.to_move = (int8_t)player;
    }
    return c;
}

void kt_state_as_free(const kt_game *g, kt_state *s)
{
    if (s)
        kt_mem(&g->alloc, s, g->state_size, 0);
}

/* kt_legal_as for a player number (not KT_TO_MOVE).  Out of line so that
 * kt_legal_as with KT_TO_MOVE is a bare jump to kt_legal_to_move: with this
 * inlined, the register saves of the copy path ran on every simulator call
 * (25 instructions a call, 7 % of a random Catan game in kontor bench). */
__attribute__((noinline)) static int legal_for(const kt_game *g, const kt_state *s, int player,
                                               kt_action *buf, int cap)
{
    switch (kt_player_role(g, s, player)) {
    case KT_ROLE_MOVER: return kt_legal_to_move(g, s, buf, cap);
    case KT_ROLE_BAD: return -1;
    case KT_ROLE_IDLE: return 0;
    case KT_ROLE_OTHER: break;
    }
    kt_state *c = kt_state_as_copy(g, s, player);
    if (!c)
        return 0;
    int n = kt_legal_to_move(g, c, buf, cap);
    kt_state_as_free(g, c);
    return n;
}

int kt_legal_as(const kt_game *g, const kt_state *s, int player, kt_action *buf, int cap)
{
    if (player == KT_TO_MOVE) /* the simulators' loop: no further call */
        return kt_legal_to_move(g, s, buf, cap);
    return legal_for(g, s, player, buf, cap);
}

kt_status kt_apply_as(const kt_game *g, kt_state *s, int player, kt_action a, kt_err *err)
{
    if (player == KT_TO_MOVE)
        return kt_apply_to_move(g, s, a, err);
    kt_role r = kt_player_role(g, s, player);
    if (r == KT_ROLE_MOVER)
        return kt_apply_to_move(g, s, a, err);
    if (r != KT_ROLE_OTHER)
        return kt_player_refuse(g, s, player, err);
    int8_t was = s->h.to_move;
    s->h.to_move = (int8_t)player;
    kt_status st = kt_apply_to_move(g, s, a, err);
    if (st != KT_OK)
        s->h.to_move = was; /* unchanged on error */
    return st;
}

/* kt_action_parse_in for `player` in the message language `lang` (-1: the
 * game's choice). */
static kt_status parse_for(const kt_game *g, const kt_state *s, int player, const char *text,
                           int lang, kt_action *out, kt_err *err)
{
    kt_role r = kt_player_role(g, s, player);
    if (r == KT_ROLE_MOVER)
        return kt_action_parse_in(g, s, text, lang, out, err);
    if (r == KT_ROLE_IDLE && lang == KT_LANG_DE && s->h.status == KT_RUNNING)
        return kt_seterr(err, KT_EILLEGAL, "Spieler %d hat jetzt nichts zu entscheiden",
                         player + 1);
    if (r != KT_ROLE_OTHER)
        return kt_player_refuse(g, s, player, err);
    kt_state *c = kt_state_as_copy(g, s, player);
    if (!c)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    kt_status st = kt_action_parse_in(g, c, text, lang, out, err);
    kt_state_as_free(g, c);
    return st;
}

kt_status kt_action_parse_as(const kt_game *g, const kt_state *s, int player, const char *text,
                             kt_action *out, kt_err *err)
{
    return parse_for(g, s, player, text, -1, out, err);
}

kt_status kt_action_parse_lang(const kt_game *g, const kt_state *s, int player, const char *text,
                               int lang, kt_action *out, kt_err *err)
{
    return parse_for(g, s, player, text, lang == KT_LANG_DE ? KT_LANG_DE : KT_LANG_EN, out, err);
}

size_t kt_action_text_as(const kt_game *g, const kt_state *s, int player, kt_action a, int viewer,
                         int lang, char *buf, size_t cap)
{
    kt_role r = kt_player_role(g, s, player);
    kt_state *c = r == KT_ROLE_OTHER ? kt_state_as_copy(g, s, player) : NULL;
    if (r == KT_ROLE_BAD || (r == KT_ROLE_OTHER && !c)) {
        if (cap)
            buf[0] = '\0';
        return 0;
    }
    size_t n = kt_action_text_to_move(g, c ? c : s, a, viewer, lang, buf, cap);
    kt_state_as_free(g, c);
    return n;
}

char *kt_prompt_as(const kt_game *g, const kt_state *s, int player, int lang)
{
    kt_role r = kt_player_role(g, s, player);
    if (r == KT_ROLE_BAD)
        return NULL;
    if (r != KT_ROLE_OTHER)
        return kt_prompt_to_move(g, s, lang);
    kt_state *c = kt_state_as_copy(g, s, player);
    if (!c)
        return NULL;
    char *p = kt_prompt_to_move(g, c, lang);
    kt_state_as_free(g, c);
    return p;
}

void kt_menu_item_get_as(const kt_game *g, const kt_state *s, int player, kt_action a, int lang,
                         kt_menu_item *out)
{
    kt_role r = kt_player_role(g, s, player);
    kt_state *c = r == KT_ROLE_OTHER ? kt_state_as_copy(g, s, player) : NULL;
    if (r == KT_ROLE_BAD || (r == KT_ROLE_OTHER && !c)) {
        memset(out, 0, sizeof *out);
        return;
    }
    kt_menu_item_to_move(g, c ? c : s, a, lang, out);
    kt_state_as_free(g, c);
}

/* The game's action_info with every count and string clamped to the
 * struct, all zero when the game says nothing. */
static void info_of(const kt_game *g, const kt_state *s, kt_action a, kt_action_info *out)
{
    memset(out, 0, sizeof *out);
    if (!g->def->action_info)
        return;
    g->def->action_info(g, s, a, out);
    out->verb[sizeof out->verb - 1] = '\0';
    if (out->ntargets < 0 || out->ntargets > KT_TARGETS_MAX)
        out->ntargets = out->ntargets < 0 ? 0 : KT_TARGETS_MAX;
    if (out->ncosts < 0 || out->ncosts > KT_COSTS_MAX)
        out->ncosts = out->ncosts < 0 ? 0 : KT_COSTS_MAX;
    for (int i = 0; i < out->ntargets; i++)
        out->targets[i].kind[sizeof out->targets[i].kind - 1] = '\0';
    for (int i = 0; i < out->ncosts; i++)
        out->costs[i].what[sizeof out->costs[i].what - 1] = '\0';
}

void kt_action_info_get(const kt_game *g, const kt_state *s, int player, kt_action a,
                        kt_action_info *out)
{
    kt_role r = kt_player_role(g, s, player);
    kt_state *c = r == KT_ROLE_OTHER ? kt_state_as_copy(g, s, player) : NULL;
    if (r == KT_ROLE_BAD || (r == KT_ROLE_OTHER && !c)) {
        memset(out, 0, sizeof *out);
        return;
    }
    info_of(g, c ? c : s, a, out);
    kt_state_as_free(g, c);
}
