/*
 * game.c - the kt_gamedef of Marco Polo II: options, rule flags and
 * results (the configuration and the new game are built in setup.c).
 */
#include <stdio.h>
#include <string.h>

#include "learn.h"
#include "mp2.h"

static const kt_optinfo mp2_opts[] = {
    {"caravans", KT_OPT_BOOL, "0", 0, 1, NULL,
     "play with the Caravans expansion (caravans, route tiles, its 4 characters)"},
    {"characters", KT_OPT_STR, "", 0, 0, NULL,
     "fixed characters in seat order, e.g. 'mongke,dewu,abha'; empty: draft players+1 "
     "characters in reverse seat order"},
    {"data_dir", KT_OPT_PATH, "", 0, 0, NULL,
     "read map.txt, board.txt, cards.txt, contracts.txt, tiles.txt from this directory "
     "instead of the built-in data"},
    {"first_player", KT_OPT_ENUM, "highest", 0, 0, "highest|last",
     "next first player: user of the highest travel space, the last on ties (seed's travel "
     "section, rulebook) or simply the last traveller (seed's round summary)"},
    {"mongke_end_oasis", KT_OPT_BOOL, "0", 0, 1, NULL,
     "Mongke Khan also scores an oasis he ends on (rulebook); seed: only oases jumped over"},
    {"extra_post_bonus", KT_OPT_BOOL, "1", 0, 1, NULL,
     "the extra post of the upper travel space gets its city's arrival bonuses (at the end "
     "of the move); 0: it is a bare post"},
    {"filippo_own", KT_OPT_ENUM, "keep", 0, 0, "keep|use",
     "outpost tiles Filippo Vitello earns himself: kept for later (seed) or also used at once"},
    {"isabella_reroll", KT_OPT_BOOL, "0", 0, 1, NULL,
     "Isabella Donati's die bonus also for rerolls (rulebook: 'each time you roll'); seed: "
     "round start and black dice only"},
    {"mailin_posts", KT_OPT_ENUM, "both", 0, 0, "both|last",
     "when Mailin & Tian Chin split a move: both figures place posts, or only the one moved last"},
    {"goal_match", KT_OPT_ENUM, "city", 0, 0, "city|shield",
     "a goal card's city icon needs a post in that city (seed) or in any city with its shield "
     "(rulebook)"},
};
#define NOPTS ((int)(sizeof mp2_opts / sizeof mp2_opts[0]))

/* German help, entry for entry as mp2_opts. */
static const char *const mp2_opts_de[] = {
    "mit der Karawanen-Erweiterung spielen (Karawanen, Routenplättchen, ihre 4 Charaktere)",
    "feste Charaktere in Sitzreihenfolge, z. B. 'mongke,dewu,abha'; leer: Spieler+1 Charaktere "
    "werden in umgekehrter Sitzreihenfolge gewählt",
    "map.txt, board.txt, cards.txt, contracts.txt, tiles.txt aus diesem Verzeichnis lesen statt "
    "der eingebauten Daten",
    "nächster Startspieler: wer das höchste Reisefeld nutzt, bei Gleichstand der Letzte (Reiseteil "
    "der Vorlage, Regelheft), oder einfach wer zuletzt reiste (Rundenübersicht der Vorlage)",
    "Möngke Khan wertet auch eine Oase, auf der er endet (Regelheft); Vorlage: nur übersprungene "
    "Oasen",
    "der zusätzliche Handelsposten des oberen Reisefelds bringt die Ankunftsboni seiner Stadt (am "
    "Ende der Bewegung); 0: ein bloßer Posten",
    "Handelsplättchen, die Filippo Vitello selbst erhält: für später behalten (Vorlage) oder auch "
    "sofort genutzt",
    "Isabella Donatis Würfelbonus auch beim Neuwürfeln (Regelheft: 'jedes Mal, wenn du würfelst'); "
    "Vorlage: nur Rundenbeginn und schwarze Würfel",
    "wenn Mailin & Tian Chin eine Bewegung teilen: beide Figuren setzen Posten, oder nur die zuletzt "
    "bewegte",
    "ein Stadtsymbol der Zielkarte braucht einen Posten in genau dieser Stadt (Vorlage) oder in "
    "irgendeiner Stadt mit ihrem Wappen (Regelheft)",
};
_Static_assert(sizeof mp2_opts_de / sizeof mp2_opts_de[0] == sizeof mp2_opts / sizeof mp2_opts[0],
               "one German help per option");

static void mp2_result(const kt_game *g, const kt_state *st, kt_result *r)
{
    const mp2_cfg *c = mp2_config(g);
    const mp2_state *s = (const mp2_state *)st;
    int score[MP2_MAXP];
    mp2_final_scores(c, s, score, NULL);
    double k1[MP2_MAXP], k2[MP2_MAXP];
    for (int p = 0; p < c->np; p++) {
        r->score[p] = score[p];
        k1[p] = score[p];
        k2[p] = s->pl[p].res[IT_CAMEL]; /* tie-break: most camels */
    }
    kt_result_rank(r, c->np, k1, k2);
}

const kt_gamedef kt_game_mp2 = {
    .info = {"mp2", "Marco Polo II: In the Service of the Khan",
     "dice placement and travel across Asia for the Khan; characters and the Caravans "
     "expansion",
     2, 4, 3, mp2_opts, NOPTS},
    .magic = MP2_MAGIC,
    .bots = mp2_bots,
    .nbots = MP2_NBOTS,
    .setup = mp2_setup,
    .init = mp2_init,
    .legal = mp2_legal,
    .apply = mp2_apply,
    .action_text = mp2_action_text,
    .decision_name = mp2_decision_name,
    .prompt = mp2_prompt,
    .result = mp2_result,
    .evaluate = mp2_evaluate,
    .determinize = mp2_determinize,
    .reveals = mp2_reveals,
    .observe = mp2_observe,
    .save = mp2_save,
    .load = mp2_load,
    .render = mp2_render,
    .components = mp2_components,
    .check = mp2_check,
    .events = mp2_events,
    .menu_item = mp2_menu_item,
    .describe = mp2_describe,
    .action_info = mp2_action_info,
    .decision_label = mp2_decision_label,
    /* easy: legal moves at random (for a first game); medium: the heuristic
     * bot (wins all of 600 games against random); hard: search with a
     * second per decision (beat the heuristic in 29 of 30 two-player games,
     * docs/bots.md) */
    .levels = {"random", "heuristic", "mcts:time=1000"},
    .opt_help_de = mp2_opts_de,
    .title_de = "Marco Polo II: Im Auftrag des Khans",
    .summary_de = "Würfeleinsatz und Reisen durch Asien im Auftrag des Khans; Charaktere und die "
                  "Karawanen-Erweiterung",
    .notice = "Marco Polo II: the map, cards, contracts and tiles are partly reconstructed (no public "
              "source prints them); see docs/marco_polo_2.md.",
    .action_space = mp2_action_space,
    .action_index = mp2_action_index,
    .index_action = mp2_index_action,
    .obs_size = mp2_obs_size,
    .obs_vector = mp2_obs_vector,
    .obs_vector_marked = mp2_obs_vector_marked,
};
