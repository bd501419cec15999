/*
 * game.c - the Dominion gamedef: options, decision names and results (the
 * configuration and the start position are built in setup.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dominion.h"
#include "learn.h"

#define DOM_MAGIC 0x444f4d32u /* "DOM2" */

static const kt_optinfo dom_opts[] = {
    {"kingdom", KT_OPT_STR, "", 0, 0, NULL,
     "comma list of up to 10 kingdom cards of the base game and Plunder (English or German "
     "names; case, spaces and umlauts do not matter); missing ones are drawn at random from the "
     "seed"},
    {"preset", KT_OPT_STR, "", 0, 0, NULL,
     "a recommended kingdom by name (English or German): First Game, Size Distortion, Deck Top, "
     "Sleight of Hand, Improvements, Silver & Gold, Flotsam/Treibgut, Jetsam/Strandgut, Basic "
     "Looting/Erste Plünderung, Voodoo; the other Plunder sets need expansions kontor lacks "
     "(listed by `kontor games dominion`)"},
    {"events", KT_OPT_STR, "", 0, 0, NULL,
     "comma list of Plunder Events in the game (English or German names)"},
    {"traits", KT_OPT_STR, "", 0, 0, NULL,
     "comma list of Plunder Traits, each optionally with its pile as Trait:Pile (e.g. "
     "Cheap:Village,Rich); without a pile one is chosen at random among the Action and Treasure "
     "kingdom piles"},
    {"landscapes", KT_OPT_INT, "2", 0, 30, NULL,
     "most Events and Traits a random kingdom gets: they are shuffled in with the kingdom "
     "randomizers and those turned up before the 10th kingdom card are used (the supplement "
     "recommends at most 2); with a complete kingdom given explicitly, setting it draws that "
     "many"},
    {"sets", KT_OPT_ENUM, "all", 0, 0, "all|base|plunder",
     "where random kingdom cards come from: base game and Plunder, or one of them"},
    {"journey", KT_OPT_ENUM, "printed", 0, 0, "printed|errata",
     "Journey's wording: as printed on the German cards (default) or the 2023 errata (once per "
     "turn, only if the previous turn was not yours)"},
    {"until", KT_OPT_STR, "", 0, 0, NULL,
     "end the game as soon as a player owns N copies of a card, e.g. provinces=4 (that player "
     "wins); for goldfish studies with --players 1"},
};
#define NOPTS ((int)(sizeof dom_opts / sizeof dom_opts[0]))

/* The same in German, entry by entry. */
static const char *const dom_opts_de[NOPTS] = {
    "Liste von bis zu 10 Königreichkarten des Basisspiels und von Plünderer, durch Kommas "
    "getrennt (englische oder deutsche Namen; Groß- und Kleinschreibung, Leerzeichen und Umlaute "
    "egal); fehlende werden zufällig aus dem Startwert gezogen",
    "ein empfohlenes Königreich mit Namen (englisch oder deutsch): First Game, Size Distortion, "
    "Deck Top, Sleight of Hand, Improvements, Silver & Gold, Treibgut/Flotsam, Strandgut/Jetsam, "
    "Erste Plünderung/Basic Looting, Voodoo; die übrigen Plünderer-Königreiche brauchen "
    "Erweiterungen, die kontor nicht hat (`kontor games dominion` listet sie)",
    "Liste der Plünderer-Ereignisse im Spiel (englische oder deutsche Namen)",
    "Liste der Plünderer-Merkmale, jedes wahlweise mit seinem Stapel als Merkmal:Stapel (z. B. "
    "Billig:Dorf,Reich); ohne Stapel wird einer der Aktions- und Geldkarten-Königreichstapel "
    "zufällig gewählt",
    "höchstens so viele Ereignisse und Merkmale bekommt ein zufälliges Königreich: sie werden mit "
    "den Königreich-Platzhaltern gemischt, und die vor der 10. Königreichkarte aufgedeckten "
    "zählen (die Anleitung empfiehlt höchstens 2); mit einem vollständig angegebenen Königreich "
    "zieht die Option so viele",
    "woher zufällige Königreichkarten kommen: Basisspiel und Plünderer, oder nur eines davon",
    "Wortlaut der Reise: wie auf den deutschen Karten gedruckt (Vorgabe) oder die Errata von "
    "2023 (einmal pro Zug, nur wenn der vorige Zug nicht deiner war)",
    "das Spiel endet, sobald ein Spieler N Exemplare einer Karte besitzt, z. B. provinces=4 "
    "(dieser Spieler gewinnt); für Solo-Studien mit --players 1",
};

static const char *const dnames[DOM_NDECISIONS] = {
    "none",    "action", "buy",       "discard", "trash", "gain",          "topdeck",
    "play",    "reaction", "set_aside", "sentry", "order", "start_of_turn", "setup",
    "choose",  "trigger", "take",      "shuffle", "put_aside", "reaction_gain",
};

const char *dom_decision_name(int d)
{
    return d >= 0 && d < DOM_NDECISIONS ? dnames[d] : NULL;
}

/* ------------------------------------------------------------ results */

static void dom_result(const kt_game *g, const kt_state *st, kt_result *r)
{
    const dom_state *s = dom_cst(st);
    const dom_cfg *c = dom_config(g);
    double k1[KT_MAX_PLAYERS], k2[KT_MAX_PLAYERS];
    uint32_t turns = 0;
    for (int p = 0; p < c->np; p++) {
        r->score[p] = dom_score(c, s, p);
        k1[p] = s->ended == DOM_END_UNTIL ? (p == s->winner) : r->score[p];
        k2[p] = -(double)s->pl[p].turns; /* fewer turns wins a tie */
        if (s->pl[p].turns > turns)
            turns = s->pl[p].turns;
    }
    r->turns = turns;
    kt_result_rank(r, c->np, k1, k2);
}

static void dom_decision_prompt(const kt_game *g, const kt_state *s, int lang, kt_buf *out)
{
    dom_prompt(g, s, lang, out);
}

extern const kt_statsdef dom_stats; /* stats.c */
const kt_gamedef kt_game_dominion = {
    .info = {"dominion", "Dominion (2nd edition) + Plunder",
     "The deck-building game: base game (2nd edition, 26 kingdom cards) and the Plunder "
     "expansion (40 kingdom cards, Loot, Events, Traits); 1 player = goldfish.",
     1,
     4, 2, dom_opts, NOPTS},
    .magic = DOM_MAGIC,
    .bots = dom_bots,
    .nbots = DOM_NBOTS,
    .setup = dom_setup,
    .init = dom_init,
    .clear = dom_clear,
    .legal = dom_legal,
    .apply = dom_apply,
    .action_text = dom_action_text,
    .explain = dom_explain,
    .decision_name = dom_decision_name,
    .decision_label = dom_decision_label,
    .action_info = dom_action_info,
    .prompt = dom_decision_prompt,
    .result = dom_result,
    .evaluate = dom_evaluate,
    .determinize = dom_determinize,
    .reveals = dom_reveals,
    .observe = dom_observe,
    .save = dom_save,
    .load = dom_load,
    .render = dom_render,
    .components = dom_components,
    .check = dom_check,
    .menu_item = dom_menu_item,
    .describe = dom_describe,
    .events = dom_events,
    /* easy: Big Money Ultimate, a plain money strategy that ignores most of
     * the kingdom (random play is no opponent: it never ends a game on
     * purpose); medium: the heuristic bot; hard: the search bot with one
     * second per decision (84.6% against the heuristic bot on random
     * kingdoms, docs/bots.md) */
    .levels = {"bmu", "heuristic", "mcts:time=1000"},
    .opt_help_de = dom_opts_de,
    .title_de = "Dominion (2. Edition) + Plünderer",
    .summary_de = "Das Deckbau-Spiel: Basisspiel (2. Edition, 26 Königreichkarten) und die "
                  "Erweiterung Plünderer (40 Königreichkarten, Kostbarkeiten, Ereignisse, "
                  "Merkmale); 1 Spieler = Solo-Studie.",
    /* kt_result.turns counts rounds: a player's n-th turn is round n */
    .length_unit = {"rounds", "Runden"},
    .action_space = dom_action_space,
    .action_index = dom_action_index,
    .index_action = dom_index_action,
    .obs_size = dom_obs_size,
    .obs_vector = dom_obs_vector,
    .stats = &dom_stats,
};
