#!/bin/sh
# scripts/refactor/issue27-names.sh - issue 27: one name per concept in the
# game folders.  Idempotent: re-run it after merging a branch that still
# uses the old names (e.g. edits to src/games/*/learn.c), then rebuild.
#
#   configuration accessor   an_c / cat_cfg_of / dom_cfgof / fwm_c / mp2_c
#                            -> <prefix>_config (an_config, cat_config, ...)
#   decision stack fields    stk / st / stack  ->  stack
#   its depth                nstk / nframes / nstack  ->  nstack
#   its overflow mark        dominion dropped  ->  overflow (core/stack.h)
#
# Only identifiers change (no byte of any state moves), so every
# fingerprint stays equal.  The catan field "st" is renamed only where it
# is a member access (->st, .st), never as a plain word.
set -eu
cd "$(dirname "$0")/../.."
files=$(grep -rlE '\b(an_c|cat_cfg_of|dom_cfgof|fwm_c|mp2_c|stk|nstk|nframes)\b|(->|\.)(st|dropped)\b|cat_state, st\b|uint8_t dropped;' \
        src/games tests bench 2>/dev/null || true)
for f in $files; do
    case $f in
    tests/server/*|tests/bots/*) continue ;;   # unrelated ->st members
    esac
    sed -i -E \
        -e 's/\ban_c\b/an_config/g' \
        -e 's/\bcat_cfg_of\b/cat_config/g' \
        -e 's/\bdom_cfgof\b/dom_config/g' \
        -e 's/\bfwm_c\b/fwm_config/g' \
        -e 's/\bmp2_c\b/mp2_config/g' \
        -e 's/\bnstk\b/nstack/g' \
        -e 's/\bstk\b/stack/g' \
        "$f"
    case $f in
    src/games/catan/*|tests/catan/*)
        sed -i -E \
            -e 's/\bnframes\b/nstack/g' \
            -e 's/(->|\.)st\b/\1stack/g' \
            -e 's/\bcat_frame st\[CAT_STACK\]/cat_frame stack[CAT_STACK]/' \
            -e 's/CAT_NEXT\(cat_state, nstack, st\)/CAT_NEXT(cat_state, nstack, stack)/' \
            -e 's/CAT_NEXT\(cat_state, st, /CAT_NEXT(cat_state, stack, /' \
            "$f" ;;
    src/games/dominion/*|tests/dominion/*)
        sed -i -E \
            -e 's/(->|\.)dropped\b/\1overflow/g' \
            -e 's/uint8_t dropped;  /uint8_t overflow; /' \
            "$f" ;;
    esac
done
