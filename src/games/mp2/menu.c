/*
 * menu.c - how Marco Polo II actions appear in a menu (gamedef.menu_item).
 *
 * A turn offers every open space with every way to put dice on it, and
 * for every die a money bag (3 choices), a reroll and a turn by one: often
 * 50-70 actions.  The menu folds them by die: the group "die 5" holds
 * everything done with one 5 (the one-die spaces and its bonus actions),
 * "black die 2" the same for a black die; placements of two or three dice
 * and of Donata's pieces are grouped by space; contracts, seals, tiles and
 * caravans have a group each when there is more than one of a kind; taking
 * a black die and "end turn" stay at the top level.  So the top level
 * shows one entry per die value held plus a few others.
 *
 * Data layout: none of its own.  Ranks order the top level: dice in
 * ascending value (own before black), then several-dice spaces, pieces,
 * contracts, seals, tiles, caravans, the black die, "end turn" last; inside
 * a die group the spaces come first, then the bonus actions.  Decisions
 * (a short list each) keep the legal order and no groups.  The legal order
 * itself is untouched (random play and the bench fingerprint use it).
 */
#include <stdio.h>
#include <string.h>

#include "mp2.h"

#define L(en, de) (lang == KT_LANG_DE ? (de) : (en))

/* Sort key of a die kind: own 1..6, then black 1..6. */
static int die_rank(int d) { return (MP2_DTYPE(d) == DT_BLACK ? 6 : 0) + MP2_DVAL(d); }

static void die_group(int d, int lang, kt_menu_item *out)
{
    kt_buf b;
    kt_buf_init(&b);
    if (MP2_DTYPE(d) == DT_BLACK)
        kt_buf_printf(&b, "%s %d", L("black die", "schwarzer Würfel"), MP2_DVAL(d));
    else
        kt_buf_printf(&b, "%s %d", L("die", "Würfel"), MP2_DVAL(d));
    snprintf(out->group, sizeof out->group, "%s", b.p ? b.p : "");
    kt_buf_free(&b);
}

static void space_group(const mp2_cfg *c, int sp, const char *suffix, int lang, kt_menu_item *out)
{
    kt_buf b;
    kt_buf_init(&b);
    mp2_space_name(c, sp, lang, &b);
    kt_buf_puts(&b, suffix);
    snprintf(out->group, sizeof out->group, "%s", b.p ? b.p : "");
    kt_buf_free(&b);
}

/* How many legal actions of kind `kind` the state offers (to decide
 * whether a kind gets a group of its own). */
static int count_kind(const kt_game *g, const kt_state *s, int kind)
{
    kt_action buf[MP2_MAXLEGAL];
    int n = mp2_legal(g, s, buf), k = 0;
    for (int i = 0; i < n; i++)
        k += MP2_AKIND(buf[i]) == kind;
    return k;
}

static void place_item(const mp2_cfg *c, uint32_t x, int lang, kt_menu_item *out)
{
    int sp = (int)(x & 0xff), dice = 0, piece = 0;
    int d0 = (int)((x >> 8) & 31);
    for (int i = 0; i < 3; i++) {
        int d = (int)((x >> (8 + 5 * i)) & 31);
        dice += d != 0;
        piece |= d && MP2_DTYPE(d) == DT_PIECE;
    }
    if (piece) {
        snprintf(out->group, sizeof out->group, "%s", L("Donata's pieces", "Donatas Figuren"));
        out->rank = 3500 + sp;
    } else if (dice == 1) {
        die_group(d0, lang, out);
        out->rank = 100 * die_rank(d0) + sp;
    } else {
        space_group(c, sp, dice == 2 ? L(" (2 dice)", " (2 Würfel)") : L(" (3 dice)", " (3 Würfel)"),
                    lang, out);
        out->rank = 3000 + 20 * sp;
    }
}

void mp2_menu_item(const kt_game *g, const kt_state *st, kt_action a, int lang, kt_menu_item *out)
{
    const mp2_cfg *c = mp2_c(g);
    const mp2_state *s = (const mp2_state *)st;
    if (s->h.status != KT_RUNNING || s->nstk || !mp2_action_ok(c, s, a))
        return;
    uint32_t x = MP2_AARG(a);
    switch (MP2_AKIND(a)) {
    case A_PLACE:
        place_item(c, x, lang, out);
        return;
    case A_BAG:
    case A_REROLL:
    case A_SHIFT: {
        int d = (int)(x & 31);
        die_group(d, lang, out);
        int sub = MP2_AKIND(a) == A_BAG ? 60 + (int)(x >> 5) : MP2_AKIND(a) == A_REROLL ? 70 : 80 + (int)(x >> 5);
        out->rank = 100 * die_rank(d) + sub;
        return;
    }
    case A_COMPLETE:
        out->rank = 4000 + (int)x;
        if (count_kind(g, st, A_COMPLETE) > 1)
            snprintf(out->group, sizeof out->group, "%s", L("complete a contract", "Auftrag erfüllen"));
        return;
    case A_IMPROVE:
        out->rank = 4100 + (int)x;
        if (count_kind(g, st, A_IMPROVE) > 1)
            snprintf(out->group, sizeof out->group, "%s", L("improve a seal", "Siegel verbessern"));
        return;
    case A_FILIPPO:
        out->rank = 4200 + (int)x;
        if (count_kind(g, st, A_FILIPPO) > 1)
            snprintf(out->group, sizeof out->group, "%s", L("use an outpost tile", "Handelsplättchen nutzen"));
        return;
    case A_VIDAL:
        out->rank = 4300;
        return;
    case A_CVSTART:
    case A_CVDONE:
        out->rank = 4400 + (MP2_AKIND(a) == A_CVDONE) * 10 + (int)x;
        if (count_kind(g, st, A_CVSTART) + count_kind(g, st, A_CVDONE) > 1)
            snprintf(out->group, sizeof out->group, "%s", L("caravans", "Karawanen"));
        return;
    case A_BUYBLACK:
        out->rank = 4500;
        return;
    case A_END:
        out->rank = 9000;
        return;
    default:
        return;
    }
}
