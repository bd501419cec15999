/*
 * log.c - Dominion's game log (gamedef.events): what an action did, as
 * sentences in English and German, each visible to the players allowed to
 * see it.
 *
 * How: the hook copies the state before the action into a dom_tracer (the
 * state followed by a list of reports), sets the copy's `trace` flag and
 * applies the action again.  The engine reports every card that moves
 * (DOM_TRACE in rules.c, cards.c, plunder.c, triggers.c) with the effect
 * that was running: its card and kind, and for gains the trigger being
 * resolved.  Only this private copy ever has `trace` set, so play and
 * simulations pay one test of a byte per report site.
 *
 * Reports then become sentences: consecutive reports of the same kind,
 * player and cause merge into one ("Player 2 discards Copper x2, Estate
 * (Militia)").  Visibility follows the hidden-information rules of the
 * views: cards drawn, set aside face down, put back onto the deck from a
 * look, or kept out of a shuffle are named only to their owner; the others
 * (and spectators) read how many.  Gains, trashes, plays, reveals and
 * discards are public.  A new turn and the end of the game (points and
 * winners, the length in rounds) close the list.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dominion.h"
#include "../../core/mem.h"


void dom_trace_ev(dom_state *s, int kind, int p, int card, int arg)
{
    dom_tracer *t = (dom_tracer *)s; /* s->trace is set only in a tracer */
    if (t->n >= DOM_TRACE_MAX) {
        t->lost++;
        return;
    }
    const dom_frame *f = dom_top(s);
    dom_tev *e = &t->ev[t->n++];
    e->kind = (uint8_t)kind;
    e->p = (int8_t)p;
    e->card = (uint8_t)card;
    e->arg = (uint8_t)arg;
    e->why = f ? f->card : 0;
    e->fx = f ? f->fx : 0;
    e->step = f ? f->step : 0;
    e->phase = s->phase;
    e->deck = t->take;
    t->take = 0;
}

void dom_trace_take(dom_state *s, int known, int pub)
{
    dom_tracer *t = (dom_tracer *)s;
    t->take = (uint8_t)(DOM_TK_DECK | (known ? DOM_TK_KNOWN : 0) | (pub ? DOM_TK_PUBLIC : 0));
}

void dom_trace_free(const kt_game *g, dom_tracer *t) { kt_mem_free(&g->alloc, t, sizeof *t); }

dom_tracer *dom_trace_run(const kt_game *g, const kt_state *before, kt_action a)
{
    /* not calloc: the report list (18 KB) is written before it is read, and
     * the undo barrier runs this once per player and action */
    dom_tracer *tr = kt_mem_alloc(&g->alloc, sizeof *tr);
    if (!tr)
        return NULL;
    size_t n = g->state_size < sizeof tr->s ? g->state_size : sizeof tr->s;
    memcpy(&tr->s, before, n);
    memset((char *)&tr->s + n, 0, sizeof tr->s - n);
    tr->n = tr->lost = 0;
    tr->take = 0;
    tr->s.trace = 1;
    dom_apply(g, (kt_state *)&tr->s, a);
    return tr;
}

/* ------------------------------------------------------------ sentences */

typedef struct sentence {
    kt_buf en, de;
} sentence;

static void both(sentence *t, const char *en, const char *de)
{
    kt_buf_puts(&t->en, en);
    kt_buf_puts(&t->de, de);
}

/* A group of merged reports: the cards with counts, first seen first. */
typedef struct group {
    int n, total;
    uint8_t card[64], cnt[64];
} group;

static void group_add(group *gr, int card)
{
    gr->total++;
    for (int i = 0; i < gr->n; i++)
        if (gr->card[i] == card) {
            if (gr->cnt[i] < 255)
                gr->cnt[i]++;
            return;
        }
    if (gr->n < 64) {
        gr->card[gr->n] = (uint8_t)card;
        gr->cnt[gr->n++] = 1;
    }
}

static void cards_text(kt_buf *out, const group *gr, int lang)
{
    for (int i = 0; i < gr->n; i++) {
        kt_buf_printf(out, "%s%s", i ? ", " : "", dom_name(gr->card[i], lang));
        if (gr->cnt[i] > 1)
            kt_buf_printf(out, " x%d", gr->cnt[i]);
    }
}

static void count_text(kt_buf *out, int n, int lang)
{
    if (lang == KT_LANG_DE)
        kt_buf_printf(out, n == 1 ? "eine Karte" : "%d Karten", n);
    else
        kt_buf_printf(out, n == 1 ? "a card" : "%d cards", n);
}

/* Which Trait, Event or card made a gain's effect happen (the frame only
 * says which gain is resolving): told by what the effect does. */
static int gain_cause(const dom_cfg *c, const dom_tev *e)
{
    int trait = c->trait_of[e->why], k = e->kind;
    if (trait == DOM_RICH && k == DOM_TE_GAIN && e->card == DOM_SILVER)
        return DOM_RICH;
    if (trait == DOM_CURSED && k == DOM_TE_GAIN &&
        (e->card == DOM_CURSE || (e->arg >> 4) == DOM_FROM_LOOT))
        return DOM_CURSED;
    if (trait == DOM_PIOUS && k == DOM_TE_TRASH && e->card != e->why)
        return DOM_PIOUS;
    if (trait == DOM_HASTY && k == DOM_TE_ASIDE && e->arg == DOM_A_NEXTTURN)
        return DOM_HASTY;
    if (e->why == DOM_PROVINCE && k == DOM_TE_GAIN && c->trait_of[e->card] == DOM_FAWNING)
        return DOM_FAWNING;
    if (k == DOM_TE_TOPDECK)
        return DOM_INSIGNIA;
    if (k == DOM_TE_ASIDE && e->arg == DOM_A_HANDEND)
        return DOM_DELIVER;
    int mirror = 0;
    for (int i = 0; i < c->nevents; i++)
        mirror |= c->events[i] == DOM_MIRROR;
    if (k == DOM_TE_GAIN && e->card == e->why && mirror)
        return DOM_MIRROR;
    if (k == DOM_TE_PLAY && e->card == e->why && e->why != DOM_BURIED_TREASURE)
        return dom_is(e->card, DOM_T_ACTION) ? DOM_RUSH : DOM_MINING_ROAD;
    if (k == DOM_TE_TRASH && e->card != e->why && e->why != DOM_SIREN)
        return DOM_SECLUDED_SHRINE;
    return 0;
}

/* The cause of a report, " (Witch)", or for the effects of a gain the
 * trigger resolving: " (Rich, gaining Village)". */
static void cause(const dom_cfg *c, const dom_tev *e, int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE;
    if (e->kind == DOM_TE_REVEAL) /* the sentence names the Attack */
        return;
    if (!e->fx && e->phase == DOM_PH_CLEANUP && e->kind == DOM_TE_DRAW) {
        kt_buf_puts(out, de ? " (neue Hand)" : " (new hand)");
        return;
    }
    int k = e->kind, src = 0;
    if (e->fx == DOM_FX_CLEANUP) /* choices at the start of Clean-up */
        src = k == DOM_TE_ASIDE ? (e->arg == DOM_A_NEXTTURN ? DOM_PATIENT : DOM_TRICKSTER)
                                : DOM_FRIENDLY;
    else if (e->fx == DOM_FX_START && (k == DOM_TE_DISCARD || k == DOM_TE_DRAW))
        src = DOM_SHY;
    else if (e->fx == DOM_FX_SHUFFLE && k == DOM_TE_ASIDE && e->arg == DOM_A_AVOID)
        src = DOM_AVOID;
    else if (e->fx == DOM_FX_PLAY && k == DOM_TE_PLAY && e->card != e->why &&
             c->trait_of[e->why] == DOM_INSPIRING && e->step > DOM_STEP_POST)
        src = DOM_INSPIRING;
    if (src) {
        kt_buf_printf(out, " (%s)", dom_name(src, lang));
        return;
    }
    if (!e->why || e->fx == DOM_FX_SHUFFLE || e->fx == DOM_FX_START || e->fx == DOM_FX_CLEANUP)
        return;
    if (e->fx == DOM_FX_GAIN) {
        src = gain_cause(c, e);
        if (src && src != e->why)
            kt_buf_printf(out, de ? " (%s, %s genommen)" : " (%s, gaining %s)", dom_name(src, lang),
                          dom_name(e->why, lang));
        else
            kt_buf_printf(out, de ? " (%s genommen)" : " (gaining %s)", dom_name(e->why, lang));
        return;
    }
    if (e->fx == DOM_FX_DUR)
        kt_buf_printf(out, de ? " (%s, Zugbeginn)" : " (%s, start of turn)", dom_name(e->why, lang));
    else
        kt_buf_printf(out, " (%s)", dom_name(e->why, lang));
}

static void who(sentence *t, int p)
{
    kt_buf_printf(&t->en, "Player %d ", p + 1);
    kt_buf_printf(&t->de, "Spieler %d ", p + 1);
}

static void emit(kt_log *log, uint32_t vis, const char *kind, int p, sentence *t)
{
    kt_buf_putc(&t->en, '.');
    kt_buf_putc(&t->de, '.');
    kt_log_add(log, vis, kind, p, t->en.p ? t->en.p : "", t->de.p ? t->de.p : "");
    kt_buf_reset(&t->en);
    kt_buf_reset(&t->de);
}

/* Is a report of this kind private to its player (card names shown to the
 * owner only)? */
static int private_report(const dom_tev *e)
{
    switch (e->kind) {
    case DOM_TE_DRAW:
        return 1;
    case DOM_TE_TOPDECK:
    case DOM_TE_TOHAND:
        return !e->arg;
    case DOM_TE_BOTTOM:
        return e->fx != DOM_FX_SHUFFLE;
    case DOM_TE_ASIDE:
        return dom_aside_hidden(e->arg);
    case DOM_TE_DISCARD:
        /* kept out of a shuffle (Avoid), or face down under a Grotto */
        return e->fx == DOM_FX_SHUFFLE || e->why == DOM_GROTTO;
    default:
        return 0;
    }
}

/* The verb phrase of a report kind with the cards ("draws Copper x2"). */
static void phrase(const dom_tev *e, const group *gr, int named, sentence *t)
{
    kt_buf *en = &t->en, *de = &t->de;
    kt_buf ce, cd;
    kt_buf_init_alloc(&ce, en->a);
    kt_buf_init_alloc(&cd, de->a);
    if (named) {
        cards_text(&ce, gr, KT_LANG_EN);
        cards_text(&cd, gr, KT_LANG_DE);
    } else {
        count_text(&ce, gr->total, KT_LANG_EN);
        count_text(&cd, gr->total, KT_LANG_DE);
    }
    const char *E = ce.p ? ce.p : "", *D = cd.p ? cd.p : "";
    int dest = e->arg & 15, from = e->arg >> 4;
    switch (e->kind) {
    case DOM_TE_DRAW:
        kt_buf_printf(en, "draws %s", E);
        kt_buf_printf(de, "zieht %s", D);
        break;
    case DOM_TE_GAIN:
        kt_buf_printf(en, "gains %s%s%s", E,
                      from == DOM_FROM_TRASH ? " from the trash"
                      : from == DOM_FROM_LOOT ? " from the Loot pile" : "",
                      dest == DOM_TO_DECK ? " onto their deck"
                      : dest == DOM_TO_HAND ? " into their hand"
                      : dest == DOM_TO_ASIDE ? " onto Quartermaster" : "");
        kt_buf_printf(de, "nimmt %s%s%s", D,
                      from == DOM_FROM_TRASH ? " aus dem Müll"
                      : from == DOM_FROM_LOOT ? " vom Kostbarkeitenstapel" : "",
                      dest == DOM_TO_DECK ? " auf den Nachziehstapel"
                      : dest == DOM_TO_HAND ? " auf die Hand"
                      : dest == DOM_TO_ASIDE ? " auf den Quartiermeister" : "");
        break;
    case DOM_TE_TRASH:
        kt_buf_printf(en, "trashes %s", E);
        kt_buf_printf(de, "entsorgt %s", D);
        break;
    case DOM_TE_DISCARD:
        kt_buf_printf(en, "discards %s", E);
        kt_buf_printf(de, "legt %s ab", D);
        break;
    case DOM_TE_TOPDECK:
        kt_buf_printf(en, "puts %s onto their deck", E);
        kt_buf_printf(de, "legt %s auf den Nachziehstapel", D);
        break;
    case DOM_TE_BOTTOM:
        kt_buf_printf(en, "puts %s under their deck", E);
        kt_buf_printf(de, "legt %s unter den Nachziehstapel", D);
        break;
    case DOM_TE_ASIDE:
        if (e->arg == DOM_A_LOOK || e->arg == DOM_A_WAIT) {
            kt_buf_printf(en, "looks at %s", E);
            kt_buf_printf(de, "sieht %s an", D);
        } else if (e->arg == DOM_A_REVEAL) {
            kt_buf_printf(en, "reveals %s", E);
            kt_buf_printf(de, "deckt %s auf", D);
        } else if (e->arg == DOM_A_FATETOP || e->arg == DOM_A_FATEBOT) {
            kt_buf_printf(en, "reveals %s (%s)", E, dom_aside_place(e->arg, KT_LANG_EN));
            kt_buf_printf(de, "deckt %s auf (%s)", D, dom_aside_place(e->arg, KT_LANG_DE));
        } else {
            kt_buf_printf(en, "sets aside %s (%s)", E, dom_aside_place(e->arg, KT_LANG_EN));
            kt_buf_printf(de, "legt %s zur Seite (%s)", D, dom_aside_place(e->arg, KT_LANG_DE));
        }
        break;
    case DOM_TE_PLAY:
        kt_buf_printf(en, "plays %s%s", E, e->arg ? " again" : "");
        kt_buf_printf(de, "spielt %s%s", D, e->arg ? " noch einmal" : "");
        break;
    case DOM_TE_REVEAL:
        kt_buf_printf(en, "reveals %s and is not affected by %s", E,
                      dom_name(e->why, KT_LANG_EN));
        kt_buf_printf(de, "zeigt %s und ist von %s nicht betroffen", D,
                      dom_name(e->why, KT_LANG_DE));
        break;
    case DOM_TE_RETURN:
        kt_buf_printf(en, "returns %s to the Supply (Reckless)", E);
        kt_buf_printf(de, "legt %s in den Vorrat zurück (Waghalsig)", D);
        break;
    case DOM_TE_DURATION:
        kt_buf_printf(en, "resolves %s at the start of the turn", E);
        kt_buf_printf(de, "führt %s zu Zugbeginn aus", D);
        break;
    case DOM_TE_TOHAND:
        kt_buf_printf(en, "puts %s into their hand", E);
        kt_buf_printf(de, "nimmt %s auf die Hand", D);
        break;
    case DOM_TE_REPLACE:
        kt_buf_printf(en, "replaces %s with %s (Inherited)", E, dom_name(e->arg, KT_LANG_EN));
        kt_buf_printf(de, "ersetzt %s durch %s (Geerbt)", D, dom_name(e->arg, KT_LANG_DE));
        break;
    default:
        break;
    }
    kt_buf_free(&ce);
    kt_buf_free(&cd);
}

static const char *const kind_tag[DOM_NTE] = {
    [DOM_TE_DRAW] = "draw",     [DOM_TE_SHUFFLE] = "shuffle", [DOM_TE_GAIN] = "gain",
    [DOM_TE_TRASH] = "trash",   [DOM_TE_DISCARD] = "discard", [DOM_TE_TOPDECK] = "topdeck",
    [DOM_TE_ASIDE] = "set_aside", [DOM_TE_PLAY] = "play",     [DOM_TE_REVEAL] = "reaction",
    [DOM_TE_RETURN] = "return", [DOM_TE_DURATION] = "duration", [DOM_TE_TOHAND] = "to_hand",
    [DOM_TE_REPLACE] = "replace", [DOM_TE_BOTTOM] = "bottom"};

/* The Siren gained without an Action card trashed for it trashes itself. */
static int siren_self(const dom_tev *e)
{
    return e->kind == DOM_TE_TRASH && e->card == DOM_SIREN && e->why == DOM_SIREN &&
           e->fx == DOM_FX_GAIN;
}

/* One merged group of reports as a sentence (or two: the owner's and the
 * others' when the cards are private). */
static void say_group(const dom_cfg *c, const dom_tev *e, const group *gr, kt_log *log)
{
    sentence t;
    kt_buf_init_alloc(&t.en, kt_log_alloc(log));
    kt_buf_init_alloc(&t.de, kt_log_alloc(log));
    int p = e->p;
    const char *tag = e->kind < DOM_NTE && kind_tag[e->kind] ? kind_tag[e->kind] : "note";
    if (e->kind == DOM_TE_SHUFFLE) {
        who(&t, p);
        both(&t, "shuffles their discard pile into a new deck",
             "mischt den Ablagestapel zu einem neuen Nachziehstapel");
        if (gr->total > 1) {
            kt_buf_printf(&t.en, " (%d times)", gr->total);
            kt_buf_printf(&t.de, " (%d-mal)", gr->total);
        }
        emit(log, KT_VIS_ALL, tag, p, &t);
    } else if (siren_self(e)) {
        who(&t, p);
        both(&t, "trashes the Siren they gained: no Action card was trashed for it",
             "entsorgt die genommene Sirene: keine Aktionskarte wurde dafür entsorgt");
        emit(log, KT_VIS_ALL, tag, p, &t);
    } else {
        int priv = private_report(e);
        who(&t, p);
        phrase(e, gr, 1, &t);
        cause(c, e, KT_LANG_EN, &t.en);
        cause(c, e, KT_LANG_DE, &t.de);
        emit(log, priv ? KT_VIS_ONLY(p) : KT_VIS_ALL, tag, p, &t);
        if (priv) {
            who(&t, p);
            phrase(e, gr, 0, &t);
            cause(c, e, KT_LANG_EN, &t.en);
            cause(c, e, KT_LANG_DE, &t.de);
            emit(log, KT_VIS_EXCEPT(p), tag, p, &t);
        }
    }
    kt_buf_free(&t.en);
    kt_buf_free(&t.de);
}

/* Reports that say nothing new: the action's own play or buy, the cards
 * that leave play in Clean-up, and Library's looks (its draws follow). */
static int skip(const dom_tev *e, kt_action a, int *own_seen)
{
    int v = DOM_VERB(a), x = DOM_CARD(a);
    if (!*own_seen && e->card == x && !e->fx &&
        ((v == DOM_V_PLAY && e->kind == DOM_TE_PLAY && !e->arg) ||
         (v == DOM_V_BUY && e->kind == DOM_TE_GAIN && !(e->arg >> 4)))) {
        *own_seen = 1;
        return 1;
    }
    if (e->kind == DOM_TE_DISCARD && e->phase == DOM_PH_CLEANUP && !e->fx)
        return 1;
    if (e->kind == DOM_TE_ASIDE && e->why == DOM_LIBRARY && e->arg == DOM_A_LOOK)
        return 1;
    return 0;
}

static int same_group(const dom_tev *a, const dom_tev *b)
{
    if (a->kind != b->kind || a->p != b->p || a->why != b->why || a->fx != b->fx)
        return 0;
    if (a->kind == DOM_TE_GAIN || a->kind == DOM_TE_ASIDE || a->kind == DOM_TE_PLAY ||
        a->kind == DOM_TE_TOPDECK || a->kind == DOM_TE_TOHAND || a->kind == DOM_TE_REPLACE)
        if (a->arg != b->arg)
            return 0;
    if (a->fx == DOM_FX_GAIN && (a->step - DOM_G_KIND) / 2 != (b->step - DOM_G_KIND) / 2)
        return 0;
    return !siren_self(a) && !siren_self(b);
}

static void say_turn(const dom_state *s, kt_log *log)
{
    int p = s->h.turn_player;
    if (p < 0)
        return;
    char en[96], de[96];
    snprintf(en, sizeof en, "Round %d: Player %d's %sturn.", s->pl[p].turns, p + 1,
             s->extra ? "extra " : "");
    snprintf(de, sizeof de, "Runde %d: Spieler %d ist am Zug%s.", s->pl[p].turns, p + 1,
             s->extra ? " (Extrazug)" : "");
    kt_log_add(log, KT_VIS_ALL, "turn", p, en, de);
}

static void say_end(const kt_game *g, const kt_state *after, kt_log *log)
{
    const dom_cfg *c = dom_config(g);
    const dom_state *s = dom_cst(after);
    kt_result r;
    memset(&r, 0, sizeof r);
    kt_result_get(g, after, &r);
    sentence t;
    kt_buf_init_alloc(&t.en, &g->alloc);
    kt_buf_init_alloc(&t.de, &g->alloc);
    if (s->h.status == KT_STOPPED) {
        both(&t, "The turn limit stops the game: no winner", "Das Zuglimit beendet das Spiel: "
                                                              "kein Sieger");
    } else {
        kt_buf_printf(&t.en, "Game over after %u rounds:", r.turns);
        kt_buf_printf(&t.de, "Spielende nach %u Runden:", r.turns);
        for (int p = 0; p < c->np; p++) {
            kt_buf_printf(&t.en, "%s Player %d %g VP (%d turns)", p ? "," : "", p + 1, r.score[p],
                          s->pl[p].turns);
            kt_buf_printf(&t.de, "%s Spieler %d %g Punkte (%d Züge)", p ? "," : "", p + 1,
                          r.score[p], s->pl[p].turns);
        }
        int nwin = 0;
        for (int p = 0; p < c->np; p++)
            nwin += (int)((r.winners >> p) & 1u);
        both(&t, nwin > 1 ? "; shared victory of" : "; winner", nwin > 1 ? "; geteilter Sieg von"
                                                                         : "; Sieger");
        for (int p = 0, k = 0; p < c->np; p++)
            if ((r.winners >> p) & 1u) {
                kt_buf_printf(&t.en, "%s Player %d", k ? "," : "", p + 1);
                kt_buf_printf(&t.de, "%s Spieler %d", k ? "," : "", p + 1);
                k++;
            }
    }
    emit(log, KT_VIS_ALL, "score", -1, &t);
    kt_buf_free(&t.en);
    kt_buf_free(&t.de);
}

void dom_events(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
                kt_log *log)
{
    const dom_cfg *c = dom_config(g);
    const dom_state *b = dom_cst(before);
    if (b->h.status != KT_RUNNING)
        return;
    dom_tracer *tr = dom_trace_run(g, before, a);
    if (!tr)
        return;
    int own_seen = 0;
    for (int i = 0; i < tr->n;) {
        const dom_tev *e = &tr->ev[i];
        if (skip(e, a, &own_seen)) {
            i++;
            continue;
        }
        group gr;
        memset(&gr, 0, sizeof gr);
        int j = i;
        while (j < tr->n && same_group(e, &tr->ev[j]) && !skip(&tr->ev[j], a, &own_seen))
            group_add(&gr, tr->ev[j++].card);
        if (j == i) /* a report that merges with nothing (Siren) stands alone */
            group_add(&gr, tr->ev[j++].card);
        say_group(c, e, &gr, log);
        i = j;
    }
    if (tr->lost)
        kt_log_add(log, KT_VIS_ALL, "note", -1, "(more happened than the log keeps)",
                   "(es geschah mehr, als das Protokoll festhält)");
    dom_trace_free(g, tr);
    const dom_state *s = dom_cst(after);
    if (s->h.status != KT_RUNNING)
        say_end(g, after, log);
    else if (s->h.turn != b->h.turn)
        say_turn(s, log);
}
