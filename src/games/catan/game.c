/*
 * game.c - the kt_gamedef of Catan: options and rule flags, and results
 * (the configuration and start position are built in setup.c, the
 * invariants are checked in check.c).  The state layout is described in
 * catan.h.
 */
#include <string.h>

#include "catan.h"
#include "learn.h"

static const kt_optinfo cat_opts[] = {
    {"variant", KT_OPT_ENUM, "ck", 0, 0, "ck|base",
     "ck = Cities & Knights (13 VP), base = the base game (10 VP)"},
    {"layout", KT_OPT_ENUM, "random", 0, 0, "random|beginner",
     "random = variable setup drawn from the seed; beginner = the rulebook's starting map"},
    {"vp", KT_OPT_INT, "0", 0, 30, NULL, "victory points to win; 0 = 13 (ck) or 10 (base)"},
    {"trade_cap", KT_OPT_INT, "2", 0, 50, NULL,
     "trade proposals between players per turn (0 disables player trading)"},
    {"shortage", KT_OPT_ENUM, "rulebook", 0, 0, "rulebook|partial",
     "bank shortage: rulebook = nobody gets the kind unless one player is owed it; "
     "partial = pay in turn order while cards last"},
    {"deserter", KT_OPT_ENUM, "equal", 0, 0, "equal|lower",
     "Deserter: place a knight of equal strength (seed) or of equal or lower strength (2025)"},
    {"fleet", KT_OPT_ENUM, "any", 0, 0, "any|named",
     "Merchant Fleet: 2:1 for any kind (seed) or only the kind of the first fleet trade"},
    {"open_road", KT_OPT_ENUM, "seed", 0, 0, "seed|owner",
     "Diplomat: an open end has no piece at all (seed) / no piece of the road's owner"},
    {"crane", KT_OPT_ENUM, "once", 0, 0, "once|repeat",
     "Crane: one per improvement track and turn (seed) / also again on the same track"},
    {"progress_limit", KT_OPT_ENUM, "end_of_turn", 0, 0, "end_of_turn|immediate",
     "progress hand limit 4 on your own turn: checked at its end (FAQ) / at once"},
    {"barbarian_strength", KT_OPT_ENUM, "cities", 0, 0, "cities|metropolis_double",
     "barbarian strength: cities (a metropolis once) / metropolises counted twice"},
    {"level5_holder", KT_OPT_BOOL, "1", 0, 1, NULL,
     "the metropolis holder may buy level 5 of its track without a city free of metropolises"},
};
#define NOPTS ((int)(sizeof cat_opts / sizeof cat_opts[0]))

/* the same help in German, entry for entry */
static const char *const cat_opts_de[] = {
    "ck = Städte & Ritter (13 SP), base = das Basisspiel (10 SP)",
    "random = variabler Aufbau aus dem Startwert; beginner = die Startaufstellung des Regelhefts",
    "Siegpunkte zum Sieg; 0 = 13 (ck) bzw. 10 (base)",
    "Handelsangebote zwischen Spielern je Zug (0 schaltet den Handel unter Spielern ab)",
    "Bank leer: rulebook = niemand erhält die Sorte, außer nur ein Spieler hat Anspruch; "
    "partial = Auszahlung in Zugreihenfolge, solange Karten da sind",
    "Deserteur: einen Ritter gleicher Stärke einsetzen (Vorlage) oder gleicher oder geringerer "
    "Stärke (2025)",
    "Handelsflotte: 2:1 für jede Sorte (Vorlage) oder nur für die Sorte des ersten Tauschs",
    "Diplomat: ein offenes Ende trägt gar keine andere Figur (Vorlage) / keine des Besitzers",
    "Kran: einmal je Ausbaurichtung und Zug (Vorlage) / auch mehrmals in derselben Richtung",
    "Handlimit 4 Fortschrittskarten im eigenen Zug: am Zugende geprüft (FAQ) / sofort",
    "Barbarenstärke: Städte (eine Metropole einfach) / Metropolen doppelt",
    "der Inhaber einer Metropole darf Stufe 5 ihrer Richtung ohne metropolenfreie Stadt kaufen",
};
_Static_assert(sizeof cat_opts_de / sizeof cat_opts_de[0] == sizeof cat_opts / sizeof cat_opts[0],
               "one German help per option");

/* ------------------------------------------------------------ results */

static void cat_result(const kt_game *g, const kt_state *ks, kt_result *r)
{
    const cat_state *s = (const cat_state *)ks;
    double won[KT_MAX_PLAYERS] = {0}, vp[KT_MAX_PLAYERS] = {0};
    for (int p = 0; p < cat_np(g); p++) {
        vp[p] = cat_vp_total(g, s, p);
        r->score[p] = vp[p];
        won[p] = s->winner == p;
    }
    kt_result_rank(r, cat_np(g), won, vp);
    r->turns = s->h.turn;
}

const kt_gamedef kt_game_catan = {
    .info = {"catan", "Catan: Cities & Knights (base game as a variant)",
     "Settle the island, trade, build cities and knights, defend against the barbarians; "
     "13 VP (base game: 10 VP). Terminal map: hexes A..S, vertices 0..53, roads a-b.",
     3, 4, 4, cat_opts, NOPTS},
    .magic = CAT_MAGIC,
    .bots = cat_bots,
    .nbots = CAT_NBOTS,
    .setup = cat_setup,
    .init = cat_init,
    .legal = cat_legal,
    .apply = cat_apply,
    .action_text = cat_action_text,
    .decision_name = cat_decision_name,
    .decision_label = cat_decision_label,
    .action_info = cat_action_info,
    .prompt = cat_prompt,
    .result = cat_result,
    .evaluate = cat_evaluate,
    .determinize = cat_determinize,
    .reveals = cat_reveals,
    .observe = cat_observe,
    .save = cat_save,
    .load = cat_load,
    .render = cat_render,
    .components = cat_components,
    .check = cat_check,
    .events = cat_events,
    .menu_item = cat_menu_item,
    .describe = cat_describe,
    /* random play makes Catan last thousands of actions and never builds with
     * purpose, so "easy" is the heuristic bot; search at 100 ms beats two
     * heuristic bots in three games of four (docs/bots.md), 1 s more often */
    .levels = {"heuristic", "mcts:time=100", "mcts:time=1000"},
    .opt_help_de = cat_opts_de,
    .title_de = "Catan: Städte & Ritter (Basisspiel als Variante)",
    .summary_de = "Besiedle die Insel, handle, baue Städte und Ritter, verteidige dich gegen die "
                  "Barbaren; 13 SP (Basisspiel: 10 SP). Karte im Terminal: Felder A..S, Ecken 0..53, "
                  "Straßen a-b.",
    .action_space = cat_action_space,
    .action_index = cat_action_index,
    .index_action = cat_index_action,
    .obs_size = cat_obs_size,
    .obs_vector = cat_obs_vector,
};
