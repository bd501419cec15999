#!/bin/sh
# issue27-one-form.sh [FILE...] - rewrite calls of the player-less aliases of
# kontor.h ("Aliases kept until kontor 2.0") into their one form with
# KT_TO_MOVE as the player: kt_legal(g, s, ...) -> kt_legal_as(g, s,
# KT_TO_MOVE, ...), and the same for kt_apply, kt_action_parse,
# kt_action_text, kt_prompt, kt_menu_item_get, kt_action_index,
# kt_index_action, kt_legal_indices, kt_bot_choose and kt_record_add (the
# player is always the third argument).  The arguments may span lines and
# hold parentheses.  kt_observe_json and kt_render return NULL instead of a
# status: rewrite those by hand (kt_observe, kt_render_text).
# Without FILEs: every C file under src/cli, src/core (not the aliases
# themselves, not vector.c) and examples.  Re-run it on code written before;
# a second run changes nothing.  Lines it makes longer than 100 columns are
# listed for re-wrapping.
set -eu
cd "$(dirname "$0")/../.."
if [ $# -eq 0 ]; then
    set -- $(ls src/cli/*.[ch] src/core/*.[ch] examples/*/*.c | grep -v -e src/core/aliases.c \
        -e src/core/vector.c)
fi
perl -0777 -pi -e '
    s{\b(kt_legal|kt_apply|kt_action_parse|kt_action_text|kt_prompt|kt_menu_item_get|
         kt_action_index|kt_index_action|kt_legal_indices|kt_bot_choose|kt_record_add)
      \( ((?:[^(),]++|(?&p))+) , ((?:[^(),]++|(?&p))+) ,
      (?(DEFINE)(?<p>\((?:[^()]++|(?&p))*\)))}
     {${1}_as($2,$3, KT_TO_MOVE,}gx' "$@"
awk '/KT_TO_MOVE/ && length > 100 { print FILENAME ":" FNR ": longer than 100 columns" }' "$@"
