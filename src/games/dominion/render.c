/*
 * render.c - Dominion's terminal view (kt_render): at most 120 columns and
 * 30 lines for 1-4 players, in English or German, with ANSI colours when
 * the reader's terminal shows them (out->color).
 *
 * Layout, one block per line unless a list wraps:
 *   Round R - Player P (you) - phase - Actions, Buys, $
 *   Supply: piles in columns ("name $cost xleft"), then Events and Traits
 *   Loot pile and Trash
 *   per player: points, cards, deck, discard (top card), hand size and the
 *     cards known in it; what they have in play and set aside; their hand
 *     for themselves (and KT_OMNISCIENT)
 *   a legend of the marks on screen, the prompt (or the result).
 * Rounds: every player's n-th turn is round n (an extra turn from Journey
 * belongs to the round it follows); the results count rounds the same way.
 * Hidden information: KT_SPECTATOR (-1) and other players see only what is
 * public (hand sizes, revealed cards, face-up set-aside cards).
 */
#include <stdio.h>
#include <string.h>

#include "dominion.h"

#define RW 118 /* widest line written (the terminal has 120 columns) */

enum { MARK_DUR = 1, MARK_FOREVER = 2 };

static const char *L_(int de, const char *en, const char *ger) { return de ? ger : en; }

/* A card name in its type's colour. */
static void card_col(kt_buf *out, int id, int lang)
{
    int t = dom_cards[id].types;
    const char *sgr = (t & DOM_T_CURSE)      ? "35"
                      : (t & DOM_T_VICTORY)  ? "32"
                      : (t & DOM_T_TREASURE) ? "33"
                      : (t & DOM_T_ATTACK)   ? "31"
                      : (t & DOM_T_REACTION) ? "36"
                      : (t & DOM_T_DURATION) ? "34"
                                             : NULL;
    if (sgr)
        kt_buf_sgr(out, sgr);
    kt_buf_puts(out, dom_name(id, lang));
    if (sgr)
        kt_buf_sgr(out, "0");
}

static size_t col_now(const kt_buf *out)
{
    size_t start = out->len;
    while (start > 0 && out->p[start - 1] != '\n')
        start--;
    return out->p ? kt_utf8_width(out->p + start) : 0;
}

/* Append an item of a comma list, wrapping to a new line indented by
 * `indent` when it would pass the right edge. */
static void list_item(kt_buf *out, const kt_buf *item, int *first, size_t indent)
{
    size_t w = item->p ? kt_utf8_width(item->p) : 0;
    if (!*first && col_now(out) + 2 + w > RW) {
        kt_buf_puts(out, ",\n");
        kt_buf_pad_to(out, indent);
    } else if (!*first) {
        kt_buf_puts(out, ", ");
    }
    kt_buf_puts(out, item->p ? item->p : "");
    *first = 0;
}

/* Cards by count in table order ("Copper x3, Estate"), wrapped. */
static void count_list(kt_buf *out, const dom_cfg *c, const uint8_t *cnt, int lang, size_t indent)
{
    int first = 1;
    kt_buf it;
    kt_buf_init_alloc(&it, out->a);
    it.color = out->color;
    for (int i = 0; i < c->nids; i++) {
        int id = c->ids[i];
        if (!cnt[id])
            continue;
        kt_buf_reset(&it);
        card_col(&it, id, lang);
        if (cnt[id] > 1)
            kt_buf_printf(&it, " x%d", cnt[id]);
        list_item(out, &it, &first, indent);
    }
    kt_buf_free(&it);
    if (first)
        kt_buf_putc(out, '-');
}

static void cost_text(kt_buf *out, int cost, int de)
{
    if (de)
        kt_buf_printf(out, "%dG", cost);
    else
        kt_buf_printf(out, "$%d", cost);
}

static void header(const dom_cfg *c, const dom_state *s, int viewer, int de, kt_buf *out)
{
    static const char *const ph_de[DOM_NPHASES] = {"Vorbereitung", "Zugbeginn", "Aktionsphase",
                                                    "Kaufphase",    "Aufräumen", "Spielende"};
    static const char *const ph_en[DOM_NPHASES] = {"setup", "start of turn", "Action phase",
                                                    "Buy phase", "Clean-up", "game over"};
    kt_buf_sgr(out, "1");
    int tp = s->h.turn_player;
    if (s->h.status != KT_RUNNING) {
        int rounds = 0;
        for (int p = 0; p < c->np; p++)
            if (s->pl[p].turns > rounds)
                rounds = s->pl[p].turns;
        kt_buf_printf(out, de ? "Spielende nach %d Runden" : "Game over after %d rounds", rounds);
    } else if (tp < 0) {
        kt_buf_puts(out, de ? "Vorbereitung (Geerbt)" : "Setup (Inherited)");
    } else {
        kt_buf_printf(out, "%s %d%s - %s %d%s - %s", de ? "Runde" : "Round", s->pl[tp].turns,
                      s->extra ? (de ? " (Extrazug)" : " (extra turn)") : "",
                      de ? "Spieler" : "Player", tp + 1,
                      tp == viewer ? (de ? " (du)" : " (you)") : "",
                      (de ? ph_de : ph_en)[s->phase < DOM_NPHASES ? s->phase : 0]);
        if (de)
            kt_buf_printf(out, " - %d %s, %d %s, %d Geld", s->actions,
                          s->actions == 1 ? "Aktion" : "Aktionen", s->buys,
                          s->buys == 1 ? "Kauf" : "Käufe", s->coins);
        else
            kt_buf_printf(out, " - %d Action%s, %d Buy%s, $%d", s->actions,
                          s->actions == 1 ? "" : "s", s->buys, s->buys == 1 ? "" : "s", s->coins);
    }
    kt_buf_sgr(out, "0");
    kt_buf_putc(out, '\n');
}

static void supply(const dom_cfg *c, const dom_state *s, int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE;
    /* as many columns as the longest pile entry allows */
    size_t wmax = 0;
    for (int i = 0; i < c->npiles; i++) {
        size_t w = kt_utf8_width(dom_name(c->piles[i], lang)) + 9;
        if (w > wmax)
            wmax = w;
    }
    const char *label = de ? "Vorrat: " : "Supply: ";
    size_t lw = kt_utf8_width(label), cw = wmax + 2;
    int cols = (int)((RW - lw) / cw);
    if (cols < 1)
        cols = 1;
    for (int i = 0; i < c->npiles; i++) {
        int id = c->piles[i], col = i % cols;
        if (col == 0)
            kt_buf_puts(out, i ? "" : label);
        kt_buf_pad_to(out, lw + (size_t)col * cw);
        card_col(out, id, lang);
        kt_buf_putc(out, ' ');
        cost_text(out, dom_cost(c, s, id), de);
        kt_buf_printf(out, " x%d", s->supply[id]);
        if (col == cols - 1 || i == c->npiles - 1)
            kt_buf_putc(out, '\n');
    }
}

static void landscapes(const dom_cfg *c, int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE;
    if (!c->nevents && !c->ntraits)
        return;
    kt_buf it;
    kt_buf_init_alloc(&it, out->a);
    it.color = out->color;
    int first = 1;
    if (c->nevents)
        kt_buf_puts(out, de ? "Ereignisse: " : "Events: ");
    for (int i = 0; i < c->nevents; i++) {
        kt_buf_reset(&it);
        kt_buf_printf(&it, "%s ", dom_name(c->events[i], lang));
        cost_text(&it, c->cost[c->events[i]], de);
        list_item(out, &it, &first, 4);
    }
    if (c->ntraits) {
        if (c->nevents)
            kt_buf_putc(out, '\n');
        kt_buf_puts(out, de ? "Merkmale: " : "Traits: ");
        first = 1;
    }
    for (int i = 0; i < c->ntraits; i++) {
        kt_buf_reset(&it);
        kt_buf_printf(&it, "%s (%s)", dom_name(c->traits[i], lang),
                      dom_name(c->trait_pile[i], lang));
        list_item(out, &it, &first, 4);
    }
    kt_buf_free(&it);
    kt_buf_putc(out, '\n');
}

/* What the player has in play, consecutive equal entries merged; returns
 * the marks shown. */
static int in_play(const dom_state *s, int p, int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE, first = 1, marks = 0;
    kt_buf it;
    kt_buf_init_alloc(&it, out->a);
    it.color = out->color;
    for (int i = 0; i < s->nplay; i++) {
        const dom_inplay *e = &s->play[i];
        if (e->owner != p)
            continue;
        int mark = (e->flags & DOM_IP_FOREVER) ? MARK_FOREVER : e->pend ? MARK_DUR : 0, n = 1;
        /* merge the following entries of the same card and mark */
        for (int j = i + 1; j < s->nplay; j++) {
            const dom_inplay *d = &s->play[j];
            if (d->owner != p)
                continue;
            int dm = (d->flags & DOM_IP_FOREVER) ? MARK_FOREVER : d->pend ? MARK_DUR : 0;
            if (d->card != e->card || dm != mark)
                break;
            n++;
            i = j;
        }
        if (first)
            kt_buf_puts(out, de ? "    im Spiel: " : "    in play: ");
        kt_buf_reset(&it);
        card_col(&it, e->card, lang);
        if (n > 1)
            kt_buf_printf(&it, " x%d", n);
        kt_buf_puts(&it, mark == MARK_FOREVER ? " (+)" : mark == MARK_DUR ? " (*)" : "");
        marks |= mark;
        list_item(out, &it, &first, 4);
    }
    kt_buf_free(&it);
    if (!first)
        kt_buf_putc(out, '\n');
    return marks;
}

static void aside_where(const dom_state *s, const dom_aside *a, int lang, kt_buf *out)
{
    kt_buf_puts(out, dom_aside_place(a->kind, lang));
    if (a->kind == DOM_A_UNDER || a->kind == DOM_A_ON) {
        int h = dom_inplay_find(s, a->host);
        if (h >= 0)
            kt_buf_printf(out, " %s", dom_name(s->play[h].card, lang));
    }
}

/* Set-aside cards of player p, grouped by where they lie; hidden ones as a
 * count. */
static void aside(const dom_state *s, int p, int viewer, int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE, first = 1;
    uint8_t done[DOM_MAXC];
    memset(done, 0, sizeof done);
    kt_buf it;
    kt_buf_init_alloc(&it, out->a);
    it.color = out->color;
    for (int i = 0; i < s->naside; i++) {
        const dom_aside *a = &s->aside[i];
        if (a->owner != p || done[i])
            continue;
        int hid = dom_aside_hidden(a->kind) && viewer != p && viewer != KT_OMNISCIENT;
        int n = 0;
        for (int j = i; j < s->naside; j++) {
            const dom_aside *b = &s->aside[j];
            if (!done[j] && b->owner == p && b->kind == a->kind && b->host == a->host &&
                (hid || b->card == a->card)) {
                done[j] = 1;
                n++;
            }
        }
        if (first)
            kt_buf_puts(out, de ? "    zur Seite: " : "    set aside: ");
        kt_buf_reset(&it);
        if (hid)
            kt_buf_printf(&it, de ? "%d verdeckt" : "%d face down", n);
        else {
            card_col(&it, a->card, lang);
            if (n > 1)
                kt_buf_printf(&it, " x%d", n);
        }
        kt_buf_puts(&it, " (");
        aside_where(s, a, lang, &it);
        kt_buf_putc(&it, ')');
        list_item(out, &it, &first, 4);
    }
    kt_buf_free(&it);
    if (!first)
        kt_buf_putc(out, '\n');
}

static int player(const dom_cfg *c, const dom_state *s, int p, int viewer, int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE;
    const dom_player *P = &s->pl[p];
    if (p == viewer)
        kt_buf_sgr(out, "1");
    kt_buf_printf(out, "%s %d%s", de ? "Spieler" : "Player", p + 1,
                  p == viewer ? (de ? " (du)" : " (you)") : "");
    if (p == viewer)
        kt_buf_sgr(out, "0");
    kt_buf_printf(out, ": %d %s, %d %s, %s %d, %s %d", dom_score(c, s, p), de ? "Punkte" : "VP",
                  P->ncards, de ? "Karten" : "cards", de ? "Nachziehstapel" : "deck", P->ndeck,
                  de ? "Ablage" : "discard", P->ndisc);
    if (P->ndisc) {
        kt_buf_puts(out, de ? " (oben " : " (top ");
        card_col(out, P->disc[P->ndisc - 1], lang);
        kt_buf_putc(out, ')');
    }
    kt_buf_printf(out, ", %s %d", de ? "Hand" : "hand", P->nhand);
    int own = viewer == p || viewer == KT_OMNISCIENT, known = 0;
    for (int i = 0; i < c->nids; i++)
        known += P->pubhand[c->ids[i]];
    if (!own && known) {
        kt_buf_puts(out, de ? " (bekannt: " : " (known: ");
        count_list(out, c, P->pubhand, lang, 8);
        kt_buf_putc(out, ')');
    }
    kt_buf_putc(out, '\n');
    int marks = in_play(s, p, lang, out);
    aside(s, p, viewer, lang, out);
    if (own) {
        kt_buf_puts(out, de ? "    Hand: " : "    hand: ");
        count_list(out, c, P->hand, lang, 4);
        kt_buf_putc(out, '\n');
    }
    return marks;
}

static void legend(int marks, int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE, first = 1;
    const char *items[4];
    int n = 0;
    items[n++] = de ? "xN: N Karten" : "xN: N cards";
    items[n++] = de ? "NG: kostet N Geld" : "$N: costs N coins";
    if (marks & MARK_DUR)
        items[n++] = de ? "(*) wirkt zu Beginn des nächsten Zuges seines Besitzers"
                        : "(*) acts again at the start of its owner's next turn";
    if (marks & MARK_FOREVER)
        items[n++] = de ? "(+) bleibt bis zum Spielende im Spiel"
                        : "(+) stays in play for the rest of the game";
    kt_buf_puts(out, de ? "Zeichen: " : "Marks: ");
    kt_buf it;
    kt_buf_init_alloc(&it, out->a);
    for (int i = 0; i < n; i++) {
        kt_buf_reset(&it);
        kt_buf_puts(&it, items[i]);
        list_item(out, &it, &first, 4);
    }
    kt_buf_free(&it);
    kt_buf_putc(out, '\n');
}

static void result(const kt_game *g, const kt_state *st, int lang, kt_buf *out)
{
    const dom_cfg *c = dom_config(g);
    int de = lang == KT_LANG_DE;
    kt_result r;
    memset(&r, 0, sizeof r);
    kt_result_get(g, st, &r);
    /* one line: "Player 2 wins", or for a shared victory (a tie on points
     * and turns) "Players 1, 2 share the victory"; none when the turn limit
     * stopped the game (no winner) */
    int nwin = 0;
    for (int p = 0; p < c->np; p++)
        nwin += (int)((r.winners >> p) & 1u);
    if (nwin == 0) {
        kt_buf_puts(out, de ? "Abgebrochen (Zuglimit): kein Sieger\n"
                            : "Stopped by the turn limit: no winner\n");
        return;
    }
    kt_buf_sgr(out, "1");
    kt_buf_puts(out, de ? "Spieler" : (nwin > 1 ? "Players" : "Player"));
    for (int p = 0, k = 0; p < c->np; p++)
        if ((r.winners >> p) & 1)
            kt_buf_printf(out, "%s%d", k++ ? ", " : " ", p + 1);
    kt_buf_puts(out, nwin > 1 ? (de ? " teilen sich den Sieg" : " share the victory")
                              : (de ? " gewinnt" : " wins"));
    kt_buf_sgr(out, "0");
    kt_buf_putc(out, '\n');
}

void dom_render(const kt_game *g, const kt_state *st, int viewer, int lang, kt_buf *out)
{
    const dom_state *s = dom_cst(st);
    const dom_cfg *c = dom_config(g);
    int de = lang == KT_LANG_DE;
    header(c, s, viewer, de, out);
    supply(c, s, lang, out);
    landscapes(c, lang, out);
    if (c->loot)
        kt_buf_printf(out, "%s: %d, ", de ? "Kostbarkeiten (verdeckt)" : "Loot pile (face down)",
                      s->nloot);
    kt_buf_printf(out, "%s: ", L_(de, "Trash", "Müll"));
    count_list(out, c, s->trash, lang, 4);
    kt_buf_putc(out, '\n');
    int marks = 0;
    for (int p = 0; p < c->np; p++)
        marks |= player(c, s, p, viewer, lang, out);
    legend(marks, lang, out);
    if (s->h.status == KT_RUNNING) {
        kt_buf_sgr(out, "1");
        kt_buf_puts(out, "> ");
        dom_prompt_view(g, st, viewer, lang, out);
        kt_buf_sgr(out, "0");
        kt_buf_putc(out, '\n');
    } else {
        result(g, st, lang, out);
    }
}
