/*
 * view.c - Dominion's views: the names of the state's enumerations (shared
 * by save/load and the texts) and the per-player observations.  The
 * terminal view is in render.c, the component listing in help.c, action texts,
 * prompts and explanations in text.c, the full-state JSON in save.c, the game log in log.c and the
 * component help in help.c.
 *
 * Hidden information: a player sees their own hand, deck composition and
 * discard pile, the cards they set aside face down, and what is public;
 * KT_SPECTATOR (-1) sees only what is public; KT_OMNISCIENT (-2) sees all.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dominion.h"

const char *const dom_phase_names[DOM_NPHASES] = {"setup", "start", "action",
                                                     "buy",   "cleanup", "over"};
const char *const dom_fx_names[DOM_NFX] = {"none", "play",    "react",    "gain",
                                              "event", "duration", "start",   "cleanup",
                                              "shuffle", "treasures", "setup"};
const char *const dom_src_names[DOM_NSRC] = {"hand", "supply", "discard", "look",
                                                "kept", "reveal", "x",       "react",
                                                "trash", "lookall", "custom"};
const char *const dom_verb_names[DOM_NVERBS] = {
    "",        "play",    "play treasures", "buy",     "end actions", "end turn",
    "done",    "discard", "trash",          "gain",    "topdeck",     "reveal",
    "set aside", "keep",  "put",            "resolve", "choose",      "take",
    "bottom",  "replace"};
const char *const dom_aside_names[DOM_NASIDE] = {
    "look",   "kept",    "reveal",  "library", "under",   "on",      "endturn", "nextturn",
    "placed", "handend", "deckend", "avoid",   "fatetop", "fatebot", "wait"};
const char *const dom_ev_names[DOM_NEVENTS] = {"play", "gain", "shuffle", "pile_empty",
                                                  "discard"};
const char *const dom_life_names[DOM_NLIVES] = {"turn", "trigger", "game", "next"};
const char *const dom_end_names[4] = {"none", "provinces", "piles", "until"};
const char *const dom_loc_names[DOM_NLOCS] = {"none", "discard", "deck", "hand", "aside"};
const char *const dom_mode_names[DOM_NMODES] = {"", "now", "next turn", "+$2", "+1 Buy +$3"};

const char *dom_phase_name(int ph) { return ph >= 0 && ph < DOM_NPHASES ? dom_phase_names[ph] : "?"; }
const char *dom_fx_name(int fx) { return fx >= 0 && fx < DOM_NFX ? dom_fx_names[fx] : "?"; }

/* Where a set-aside card of a kind lies, in words ("under" is followed by
 * the card it lies under). */
const char *dom_aside_place(int kind, int lang)
{
    static const char *const en[DOM_NASIDE] = {
        "looked at",        "looked at, kept",         "revealed",
        "skipped by Library", "under",                 "on",
        "to hand at end of turn", "played next turn",  "going back onto the deck",
        "to hand at end of turn", "onto the deck at end of turn", "kept out of the shuffle",
        "Fated, goes on top", "Fated, goes to the bottom", "waiting"};
    static const char *const de[DOM_NASIDE] = {
        "angesehen",        "angesehen, behalten",     "aufgedeckt",
        "von Bibliothek übersprungen", "unter",        "auf",
        "am Zugende auf die Hand", "im nächsten Zug gespielt", "zurück auf den Nachziehstapel",
        "am Zugende auf die Hand", "am Zugende auf den Nachziehstapel", "nicht mitgemischt",
        "Vorherbestimmt, kommt nach oben", "Vorherbestimmt, kommt nach unten", "wartet"};
    int k = kind >= 0 && kind < DOM_NASIDE ? kind : 0;
    return (lang == KT_LANG_DE ? de : en)[k];
}

int dom_name_index(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    return -1;
}

void dom_types_text(int types, int lang, kt_buf *out)
{
    static const char *const en[] = {"Treasure", "Victory", "Curse", "Action", "Attack",
                                     "Reaction", "Duration", "Command", "Loot",  "Event",
                                     "Trait"};
    static const char *const de[] = {"Geld",  "Punkte",  "Fluch",        "Aktion",   "Angriff",
                                     "Reaktion", "Dauer", "Befehl", "Kostbarkeit", "Ereignis",
                                     "Merkmal"};
    int first = 1;
    for (int i = 0; i < 11; i++) {
        if (!(types & (1 << i)))
            continue;
        kt_buf_printf(out, "%s%s", first ? "" : "-", lang == KT_LANG_DE ? de[i] : en[i]);
        first = 0;
    }
}

/* ------------------------------------------------------------ observe */

/* Card ids of a count vector, in the order dom_jw_cards_counts writes the
 * names (so that "hand_ids"[i] is the id of "hand"[i]). */
static void jw_ids_counts(kt_jw *w, const dom_cfg *c, const uint8_t *cnt)
{
    kt_jw_arr(w);
    for (int i = 0; i < c->nids; i++)
        for (int k = 0; k < cnt[c->ids[i]]; k++)
            kt_jw_int(w, c->ids[i]);
    kt_jw_arr_end(w);
}

/* Every seat: score, counts, what is public of each zone and, for the viewer, their own cards. */
static void observe_seats(int player, int lang, kt_jw *w, const dom_state *s, const dom_cfg *c)
{
    kt_jw_key(w, "seats"); /* "players" is the envelope's player count */
    kt_jw_arr(w);
    for (int p = 0; p < c->np; p++) {
        const dom_player *P = &s->pl[p];
        int me = p == player;
        kt_jw_obj(w);
        kt_jw_kint(w, "vp", dom_score(c, s, p));
        kt_jw_kint(w, "cards", P->ncards);
        kt_jw_kint(w, "turns", P->turns);
        kt_jw_kint(w, "extra_turns", P->xturns);
        kt_jw_key(w, "owned"); /* every gain and trash is public */
        dom_jw_cards_counts(w, c, P->own, lang);
        kt_jw_kint(w, "hand_size", P->nhand);
        kt_jw_key(w, me ? "hand" : "hand_known");
        dom_jw_cards_counts(w, c, me ? P->hand : P->pubhand, lang);
        kt_jw_key(w, me ? "hand_ids" : "hand_known_ids");
        jw_ids_counts(w, c, me ? P->hand : P->pubhand);
        kt_jw_kint(w, "deck_size", P->ndeck);
        kt_jw_key(w, "deck_top_known"); /* top first */
        int known = me ? P->known_top : P->pub_top;
        dom_jw_cards_topfirst(w, P->deck + P->ndeck - known, known, lang);
        if (me) {
            /* the composition of your own deck follows from what you own */
            uint8_t cnt[DOM_NIDS];
            memset(cnt, 0, sizeof cnt);
            for (int i = 0; i < P->ndeck; i++)
                cnt[P->deck[i]]++;
            kt_jw_key(w, "deck_cards");
            dom_jw_cards_counts(w, c, cnt, lang);
            kt_jw_key(w, "deck_ids");
            jw_ids_counts(w, c, cnt);
            kt_jw_key(w, "discard");
            dom_jw_cards_topfirst(w, P->disc, P->ndisc, lang);
            kt_jw_key(w, "discard_ids");
            kt_jw_arr(w);
            for (int i = P->ndisc - 1; i >= 0; i--)
                kt_jw_int(w, P->disc[i]);
            kt_jw_arr_end(w);
        }
        kt_jw_kint(w, "discard_size", P->ndisc);
        kt_jw_key(w, "discard_top");
        if (P->ndisc)
            kt_jw_str(w, dom_name(P->disc[P->ndisc - 1], lang));
        else
            kt_jw_null(w);
        kt_jw_kint(w, "discard_top_id", P->ndisc ? P->disc[P->ndisc - 1] : 0);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
}

/* The cards in play, set aside and the "next time" watchers (all public). */
static void observe_table(int player, int lang, kt_jw *w, const dom_state *s)
{
    kt_jw_key(w, "in_play");
    kt_jw_arr(w);
    for (int i = 0; i < s->nplay; i++) {
        const dom_inplay *e = &s->play[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "card", dom_name(e->card, lang));
        kt_jw_kint(w, "id", e->card);
        kt_jw_kint(w, "owner", e->owner);
        kt_jw_kint(w, "uid", e->uid);
        /* what keeps it in play is public: pending Duration effects, cards
         * that never leave play, earlier turns */
        kt_jw_kint(w, "pending", e->pend);
        kt_jw_kbool(w, "forever", (e->flags & DOM_IP_FOREVER) != 0);
        kt_jw_kbool(w, "old", (e->flags & DOM_IP_OLD) != 0);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "aside");
    kt_jw_arr(w);
    for (int i = 0; i < s->naside; i++) {
        const dom_aside *a = &s->aside[i];
        kt_jw_obj(w);
        int hide = dom_aside_hidden(a->kind) && a->owner != player;
        kt_jw_key(w, "card");
        if (hide)
            kt_jw_null(w);
        else
            kt_jw_str(w, dom_name(a->card, lang));
        kt_jw_kint(w, "id", hide ? 0 : a->card);
        kt_jw_kint(w, "owner", a->owner);
        kt_jw_kstr(w, "kind", dom_aside_names[a->kind]);
        if (a->host)
            kt_jw_kint(w, "host", a->host);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "watchers"); /* every "next time" effect is public */
    kt_jw_arr(w);
    for (int i = 0; i < s->nwatch; i++) {
        const dom_watch *x = &s->watch[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "card", dom_name(x->card, lang));
        kt_jw_kint(w, "id", x->card);
        kt_jw_kint(w, "owner", x->owner);
        kt_jw_kint(w, "n", x->n);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
}

/* The pending decision: its card, players, label and the ids of mode targets. */
static void observe_pending(int lang, kt_jw *w, const dom_state *s)
{
    if (s->nstack) {
        const dom_frame *f = dom_top(s);
        kt_jw_key(w, "pending");
        kt_jw_obj(w);
        kt_jw_kstr(w, "card", dom_name(f->card, lang));
        kt_jw_kint(w, "card_id", f->card);
        kt_jw_kint(w, "player", f->pl);
        kt_jw_kint(w, "decider", f->who);
        kt_jw_kstr(w, "label", dom_decision_label(f->dec, lang) ? dom_decision_label(f->dec, lang) : "");
        if (f->dec == DOM_D_CHOOSE) { /* the ids of "mode" targets */
            kt_jw_key(w, "modes");
            kt_jw_arr(w);
            for (int m = DOM_M_NONE + 1; m < DOM_NMODES; m++) {
                kt_jw_obj(w);
                kt_jw_kint(w, "id", m);
                kt_jw_kstr(w, "name", dom_mode_names[m]);
                kt_jw_obj_end(w);
            }
            kt_jw_arr_end(w);
        }
        kt_jw_obj_end(w);
    }
}

void dom_observe(const kt_game *g, const kt_state *st, int player, int lang, kt_jw *w)
{
    const dom_state *s = dom_cst(st);
    const dom_cfg *c = dom_config(g);
    kt_jw_kstr(w, "phase", dom_phase_name(s->phase));
    kt_jw_kstr(w, "phase_label", dom_phase_label(s->phase, lang));
    kt_jw_key(w, "kingdom");
    kt_jw_arr(w);
    for (int i = 0; i < c->nkingdom; i++)
        kt_jw_str(w, dom_name(c->kingdom[i], lang));
    kt_jw_arr_end(w);
    kt_jw_key(w, "events");
    kt_jw_arr(w);
    for (int i = 0; i < c->nevents; i++) {
        kt_jw_obj(w);
        kt_jw_kstr(w, "event", dom_name(c->events[i], lang));
        kt_jw_kint(w, "id", c->events[i]);
        kt_jw_kint(w, "cost", c->cost[c->events[i]]);
        kt_jw_kbool(w, "buyable", dom_event_ok(c, s, c->events[i]));
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "traits");
    kt_jw_arr(w);
    for (int i = 0; i < c->ntraits; i++) {
        kt_jw_obj(w);
        kt_jw_kstr(w, "trait", dom_name(c->traits[i], lang));
        kt_jw_kint(w, "id", c->traits[i]);
        kt_jw_kstr(w, "pile", dom_name(c->trait_pile[i], lang));
        kt_jw_kint(w, "pile_id", c->trait_pile[i]);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    if (c->loot)
        kt_jw_kint(w, "loot_pile", s->nloot); /* face down: only its size */
    kt_jw_kstr(w, "journey", c->journey_errata ? "errata" : "printed");
    kt_jw_key(w, "turn_state");
    kt_jw_obj(w);
    kt_jw_kint(w, "actions", s->actions);
    kt_jw_kint(w, "buys", s->buys);
    kt_jw_kint(w, "coins", s->coins);
    kt_jw_kbool(w, "bought", s->bought);
    kt_jw_kbool(w, "extra_turn", s->extra);
    kt_jw_kint(w, "flags", s->tflags);
    kt_jw_obj_end(w);
    /* the types of every card of this game by id, so that a front end
     * draws a card by what it is, not by its name */
    static const char *const tkey[] = {"treasure", "victory", "curse",   "action",
                                       "attack",   "reaction", "duration", "command",
                                       "loot",     "event",   "trait"};
    kt_jw_key(w, "card_types");
    kt_jw_obj(w);
    for (int i = 0; i < c->nids; i++) {
        char k[8];
        snprintf(k, sizeof k, "%d", c->ids[i]);
        kt_jw_key(w, k);
        kt_jw_arr(w);
        for (int b = 0; b < 11; b++)
            if (dom_cards[c->ids[i]].types & (1 << b))
                kt_jw_str(w, tkey[b]);
        kt_jw_arr_end(w);
    }
    kt_jw_obj_end(w);
    kt_jw_key(w, "supply");
    kt_jw_arr(w);
    for (int i = 0; i < c->npiles; i++) {
        int id = c->piles[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "card", dom_name(id, lang));
        kt_jw_kint(w, "count", s->supply[id]);
        kt_jw_kint(w, "cost", dom_cost(c, s, id));
        kt_jw_kint(w, "id", id);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_kint(w, "empty_piles", dom_empty_piles(c, s));
    kt_jw_key(w, "trash");
    dom_jw_cards_counts(w, c, s->trash, lang);
    kt_jw_key(w, "trash_ids"); /* the card ids of "trash", in the same order */
    jw_ids_counts(w, c, s->trash);
    observe_seats(player, lang, w, s, c);
    observe_table(player, lang, w, s);
    observe_pending(lang, w, s);
    if (s->h.status != KT_RUNNING)
        kt_jw_kstr(w, "ended_by", dom_end_names[s->ended < 4 ? s->ended : 0]);
    kt_buf pb;
    kt_buf_init_alloc(&pb, &g->alloc);
    if (s->h.status == KT_RUNNING)
        dom_prompt_view(g, st, player, lang, &pb);
    kt_jw_kstr(w, "prompt", pb.p ? pb.p : "");
    kt_buf_free(&pb);
}

/* ------------------------------------------------------------ components */
