/*
 * game.c - the kt_gamedef of Anno 1701: The Card Game: options (rule flags
 * for the seed's conflicts and blanks) and results; the configuration and
 * the new game are built in setup.c.
 */
#include <stdlib.h>
#include <string.h>

#include "anno1701.h"
#include "learn.h"

static const kt_optinfo an_opts[] = {
    {"settler_cost", KT_OPT_ENUM, "caption", 0, 0, "caption|example",
     "pioneer -> settler: 2 cloth + 2 food (the seed's caption) or 2 wood + 2 cloth (its "
     "worked example)"},
    {"pirate_hunt", KT_OPT_ENUM, "supply", 0, 0, "supply|opponent",
     "pirate hunt: the sea-power holder takes a good of choice from the supply (the seed's "
     "event list) or from the opponent (its sea-power section)"},
    {"bishop_church", KT_OPT_INT, "2", 0, 4, NULL,
     "gold per church for the Bishop (blank in the seed's Japanese table, 2 in its English "
     "summary)"},
    {"tax", KT_OPT_ENUM, "building", 0, 0, "building|mark",
     "tax: 1 gold per building with happy inhabitants (the seed's event list) or per happy "
     "mark (its building section)"},
    {"voyage_min", KT_OPT_INT, "2", 1, 4, NULL,
     "ship state needed to sail, 1-4 = I-IV (blank in the seed; reconstructed: II)"},
    {"trader", KT_OPT_ENUM, "both", 0, 0, "both|buy",
     "trader event: swap 1 gold and 1 good either way (the seed's English summary) or only "
     "pay gold for a good"},
    {"trade_offers", KT_OPT_STR, "any", 0, 0, NULL,
     "offers to the opponent per action phase, each any goods and gold for any goods and "
     "gold: any (the seed: free trade, no limit) or a bound 0-100 (studies use 3, so that "
     "random play and search stay finite)"},
    {"gold_pay", KT_OPT_ENUM, "choose", 0, 0, "choose|auto",
     "which village centre pays: the player chooses (seed) or the richer one pays"},
    {"last_gold", KT_OPT_ENUM, "lose", 0, 0, "lose|refuse",
     "spending one's last gold by choice: a legal move that loses at once (lose; the seed: "
     "with 1 gold left, spending means defeat; players are asked to confirm it) or not "
     "offered at all (refuse)"},
    {"lion", KT_OPT_ENUM, "random", 0, 0, "random|1|2",
     "who plays the Lion start set: drawn at random, player 1 or player 2"},
    {"data_dir", KT_OPT_PATH, "", 0, 0, NULL,
     "read game.txt, start.txt, inhabitants.txt, era.txt and voyages.txt from this "
     "directory instead of the built-in (reconstructed) data"},
};
#define NOPTS ((int)(sizeof an_opts / sizeof an_opts[0]))

/* German help for the options, in the order of an_opts. */
static const char *const an_opts_de[NOPTS] = {
    "Pionier -> Siedler: 2 Tuch + 2 Nahrung (Bildunterschrift der Vorlage) oder 2 Holz + 2 Tuch "
    "(ihr Rechenbeispiel)",
    "Piratenjagd: wer die Seemacht hat, nimmt eine Ware nach Wahl aus dem Vorrat (Ereignisliste "
    "der Vorlage) oder vom Gegner (ihr Abschnitt zur Seemacht)",
    "Gold je Kirche für den Bischof (in der japanischen Tabelle leer, 2 in der englischen "
    "Übersicht)",
    "Steuern: 1 Gold je Gebäude mit zufriedenen Einwohnern (Ereignisliste) oder je Zeichen "
    "(Abschnitt zu den Gebäuden)",
    "Schiffsstufe für eine Handelsfahrt, 1-4 = I-IV (in der Vorlage leer; rekonstruiert: II)",
    "Händler-Ereignis: 1 Gold und 1 Ware in beide Richtungen tauschen (englische Übersicht) oder "
    "nur Gold gegen Ware",
    "Angebote an den Gegner je Aktionsphase, jedes beliebige Waren und Gold gegen beliebige "
    "Waren und Gold: any (die Vorlage: freier Handel, ohne Grenze) oder eine Grenze 0-100 "
    "(Studien nehmen 3, damit Zufallsspiel und Suche endlich bleiben)",
    "welches Dorfzentrum zahlt: der Spieler wählt (Vorlage) oder das reichere zahlt",
    "das letzte Gold freiwillig ausgeben: ein erlaubter Zug, der sofort verliert (lose; die "
    "Vorlage: mit 1 Gold bedeutet Ausgeben die Niederlage; Spieler müssen ihn bestätigen) "
    "oder gar nicht angeboten (refuse)",
    "wer das Startset Löwe spielt: zufällig, Spieler 1 oder Spieler 2",
    "game.txt, start.txt, inhabitants.txt, era.txt und voyages.txt aus diesem Verzeichnis statt "
    "der eingebauten (rekonstruierten) Daten lesen",
};

/* The player who reached the goal (or whose opponent fell into chaos) wins;
 * scores are queen marks. */
static void an_result(const kt_game *g, const kt_state *st, kt_result *r)
{
    const an_cfg *c = an_config(g);
    const an_state *s = (const an_state *)st;
    double win[AN_NP], queen[AN_NP];
    for (int p = 0; p < AN_NP; p++) {
        r->score[p] = queen[p] = an_queen(c, &s->pl[p]);
        win[p] = s->h.status == KT_FINISHED && s->winner == p;
    }
    kt_result_rank(r, AN_NP, win, queen);
    if (s->h.status == KT_FINISHED)
        r->winners = 1u << s->winner;
}

const kt_gamedef kt_game_anno1701 = {
    .info = {"anno1701", "Anno 1701: The Card Game",
             "two settlements race for the Queen's favour: dice, trade, voyages for rum and "
             "tobacco (reconstructed card set)",
             2, 2, 2, an_opts, NOPTS},
    .magic = AN_MAGIC,
    .bots = an_bots,
    .nbots = AN_NBOTS,
    .setup = an_setup,
    .init = an_init,
    .legal = an_legal,
    .apply = an_apply,
    .action_text = an_action_text,
    .decision_name = an_decision_name,
    .prompt = an_prompt,
    .result = an_result,
    .evaluate = an_evaluate,
    .determinize = an_determinize,
    .reveals = an_reveals,
    .observe = an_observe,
    .save = an_save,
    .load = an_load,
    .render = an_render,
    .components = an_components,
    .check = an_check,
    .events = an_events,
    .describe = an_describe,
    .menu_item = an_menu_item,
    .action_info = an_action_info,
    .decision_label = an_decision_label,
    .action_space = an_action_space,
    .action_index = an_action_index,
    .index_action = an_index_action,
    .obs_size = an_obs_size,
    .obs_vector = an_obs_vector,
    .levels = {"random", "heuristic", "mcts:time=1000"},
    .notice = "The 120 cards are reconstructed (no public card list exists): see "
              "docs/anno_1701.md; owners may load the real values with data_dir=.",
    .opt_help_de = an_opts_de,
    .title_de = "Anno 1701: Das Kartenspiel",
    .summary_de = "zwei Siedlungen wetteifern um die Gunst der Königin: Würfel, Handel, "
                  "Handelsfahrten nach Rum und Tabak (rekonstruierter Kartensatz)",
    .warn = an_warn,
    /* the free trade has no bound (the seed): studies bound the offers */
    .study_options = "trade_offers=3",
};
