/*
 * aliases.c - the names kept until kontor 2.0 (kontor.h, "Aliases kept
 * until kontor 2.0").  Each operation has one form in kontor.h; the older
 * names stay exported so that programs built against kontor 0.x keep
 * linking, each a thin wrapper of the code its one form runs:
 *   the player-less calls  = their *_as form with KT_TO_MOVE: the same
 *                            *_to_move body (api.c, learn.c, batch.c,
 *                            record.c, bots/bot.c) without the player check;
 *   kt_observe_json,       = kt_observe / kt_render_text with the message
 *   kt_render                dropped (NULL on any error).
 * tests/core/test_one_form.c checks every alias against its one form.
 * Nothing else lives here: the file goes away with 2.0.
 */
#include "game.h"

int kt_legal(const kt_game *g, const kt_state *s, kt_action *buf, int cap)
{
    return kt_legal_to_move(g, s, buf, cap);
}

kt_status kt_apply(const kt_game *g, kt_state *s, kt_action a, kt_err *err)
{
    return kt_apply_to_move(g, s, a, err);
}

kt_status kt_action_parse(const kt_game *g, const kt_state *s, const char *text, kt_action *out,
                          kt_err *err)
{
    return kt_action_parse_to_move(g, s, text, out, err);
}

size_t kt_action_text(const kt_game *g, const kt_state *s, kt_action a, int viewer, int lang,
                      char *buf, size_t cap)
{
    return kt_action_text_to_move(g, s, a, viewer, lang, buf, cap);
}

char *kt_prompt(const kt_game *g, const kt_state *s, int lang)
{
    return kt_prompt_to_move(g, s, lang);
}

void kt_menu_item_get(const kt_game *g, const kt_state *s, kt_action a, int lang,
                      kt_menu_item *out)
{
    kt_menu_item_to_move(g, s, a, lang, out);
}

int kt_action_index(const kt_game *g, const kt_state *s, kt_action a)
{
    return kt_action_index_to_move(g, s, a);
}

kt_status kt_index_action(const kt_game *g, const kt_state *s, int index, kt_action *out,
                          kt_err *err)
{
    return kt_index_action_to_move(g, s, index, out, err);
}

int kt_legal_indices(const kt_game *g, const kt_state *s, int *out, int cap)
{
    return kt_legal_indices_to_move(g, s, out, cap);
}

kt_status kt_bot_choose(kt_bot *b, const kt_state *s, kt_action *out, kt_err *err)
{
    return kt_bot_choose_to_move(b, s, out, err);
}

kt_status kt_record_add(kt_record *r, const kt_state *before, kt_action a)
{
    return kt_record_add_to_move(r, before, a);
}

char *kt_observe_json(const kt_game *g, const kt_state *s, int player, int lang)
{
    char *out;
    kt_observe(g, s, player, lang, &out, NULL);
    return out;
}

char *kt_render(const kt_game *g, const kt_state *s, int viewer, int lang)
{
    char *out;
    kt_render_text(g, s, viewer, lang, &out, NULL);
    return out;
}
