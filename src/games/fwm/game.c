/*
 * game.c - the kt_gamedef of Fugger, Welser, Medici: options (the mode,
 * the data directory and the rule flags where the seed is unsure or
 * silent) and results (the configuration and the new game are built in
 * setup.c).
 */
#include <string.h>

#include "learn.h"
#include "rules.h"

_Static_assert(1 + FWM_MAXQ * FWM_NBIDK <= KT_LEGAL_MAX, "a sealed bid's list must fit");

static const kt_optinfo fwm_opts[] = {
    {"mode", KT_OPT_ENUM, "trading", 0, 0, "trading|nobility|manor|full",
     "trading-house game (most money), nobility game (first noble), manor game (first noble "
     "to buy a manor) or full game (two manor owners; the richer wins)"},
    {"data_dir", KT_OPT_PATH, "", 0, 0, NULL,
     "read map.txt, calendar.txt, cards.txt, track.txt, decks.txt from this directory instead "
     "of the built-in (reconstructed) data"},
    {"sea_fee", KT_OPT_ENUM, "move", 0, 0, "move|space",
     "the sea fee (20 FL unladen, 40 FL laden) once per move that uses the sea, or for every "
     "sea space entered (the seed marks the details as unclear)"},
    {"accident_cost", KT_OPT_ENUM, "declared", 0, 0, "declared|actual",
     "after an accident the movement cost of the declared move is paid, or only of the one "
     "space actually moved (the seed is silent)"},
    {"sheep_2p", KT_OPT_BOOL, "1", 0, 1, NULL,
     "two players: when the first player passes the Black Sheep, the other must take it (the "
     "seed's rule, doubted by its translator)"},
    {"lottery_exclusive", KT_OPT_BOOL, "1", 0, 1, NULL,
     "a lottery number can be bet on by one player only (the translator's reading)"},
    {"debt", KT_OPT_ENUM, "waive", 0, 0, "waive|negative",
     "a charge that cannot be paid even after the forced sale of everything: the rest is "
     "waived, or the money goes below zero (the seed is silent)"},
    {"auction_iou_track", KT_OPT_BOOL, "1", 0, 1, NULL,
     "IOUs won in the Army Costs and Coronation auctions move the nobility track (+2 each) "
     "like those from a noble's roll (the seed is silent)"},
    {"trade_offers", KT_OPT_INT, "0", 0, 99, NULL,
     "offers one player may make to others in one phase 1; 0 = any number (the seed's rule). "
     "Studies (sim, tournament, bench, learning) set 2 unless told otherwise"},
};
#define NOPTS ((int)(sizeof fwm_opts / sizeof fwm_opts[0]))

static void fwm_result(const kt_game *g, const kt_state *st, kt_result *r)
{
    const fwm_cfg *c = fwm_config(g);
    const fwm_state *s = (const fwm_state *)st;
    double k1[FWM_MAXP], k2[FWM_MAXP];
    for (int p = 0; p < g->nplayers; p++) {
        const fwm_player *pl = &s->pl[p];
        double v = fwm_value(c, s, p);
        r->score[p] = v;
        k2[p] = v;
        switch (c->mode) {
        case MODE_TRADING: k1[p] = v, k2[p] = 0; break;
        case MODE_NOBILITY: k1[p] = pl->noble ? 1000 : pl->track; break;
        default: k1[p] = pl->manors ? 1000 : pl->noble ? 500 : pl->track; break;
        }
    }
    kt_result_rank(r, g->nplayers, k1, k2);
}

static void fwm_components_fn(int lang, kt_buf *out) { fwm_components(lang, out); }

const kt_gamedef kt_game_fwm = {
    .info = {"fwm", "Fugger, Welser, Medici",
             "trading houses of the 16th century: sealed bids for deals across Europe; "
             "trading-house, nobility, manor and full game",
             2, 6, 4, fwm_opts, NOPTS},
    .magic = FWM_MAGIC,
    .bots = fwm_bots,
    .nbots = FWM_NBOTS,
    .setup = fwm_setup,
    .init = fwm_init,
    .legal = fwm_legal,
    .apply = fwm_apply,
    .action_text = fwm_action_text,
    .decision_name = fwm_decision_name,
    .prompt = fwm_prompt,
    .result = fwm_result,
    .evaluate = fwm_evaluate,
    .determinize = fwm_determinize,
    .reveals = fwm_reveals,
    .observe = fwm_observe,
    .save = fwm_save,
    .load = fwm_load,
    .render = fwm_render,
    .components = fwm_components_fn,
    .check = fwm_check,
    .events = fwm_events,
    .pending = fwm_pending,
    .describe = fwm_describe,
    .menu_item = fwm_menu_item,
    .action_info = fwm_action_info,
    .decision_label = fwm_decision_label,
    .levels = {"random", "heuristic", "mcts:time=1000"},
    .action_space = fwm_action_space,
    .action_index = fwm_action_index,
    .index_action = fwm_index_action,
    .obs_size = fwm_obs_size,
    .obs_vector = fwm_obs_vector,
    .obs_vector_marked = fwm_obs_vector_marked,
    .notice = "Fugger, Welser, Medici: the map, calendar, deal cards, nobility track and deck "
              "tables are reconstructed (no public source has them); see "
              "docs/fugger_welser_medici.md",
    /* the seed allows any number of trades between players in phase 1; random
     * play and search need a finite number */
    .study_options = "trade_offers=2",
};
