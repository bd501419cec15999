/*
 * targets.c - what a Catan action acts on, as data (kt_action_info), and
 * the decision names for people in English and German.
 *
 * An action is kind | x << 8 | y << 16 | z << 24 (catan.h).  The kind
 * becomes a stable verb ("build_road", "robber", "offer", ...; the table
 * below, docs/targets.md) and x/y become targets with the ids that the
 * observation (save.c) uses for the same thing:
 *   vertex  0..53, index of "vertex_hexes" (keys of "buildings"/"knights")
 *   edge    0..71, index of "edges" ([a, b] vertex pairs; "roads" keys a-b)
 *   hex     0..18, index of "terrain"/"numbers" ("robber_hex")
 *   player  seat, index of "boards"
 *   good / give / get   0..7, index of "catalog.goods" (hand keys)
 *   card    progress card id, as in "my_progress_ids" (next to "my_progress",
 *           the same cards by key) and "pending.victim_progress_ids"
 *   dev     development card, index of "catalog.dev" ("my_dev" keys)
 *   track   0..2, index of "catalog.tracks" ("improvements" keys)
 *   level   knight strength 1..3 ("knights"[v].level)
 *   red / yellow  a die face 1..6 (Alchemist; "dice"[0] / "dice"[1])
 * Costs name hand keys ("brick": 1, ...) and are what the action takes from
 * the hand in the decision at hand (setup and Road Building build for free,
 * Medicine builds a city for 2 ore and 1 grain, the Crane improves for one
 * commodity less, ...).  Nothing here reads a hidden card: the only card ids
 * are the actor's own progress cards and those the Spy shows the actor.
 */
#include <stdio.h>
#include <string.h>

#include "catan.h"
#include "../../core/targets_util.h"

static const char *const verb_word[A_NKINDS] = {
    [A_ROLL] = "roll",           [A_END] = "end_turn",        [A_DONE] = "done",
    [A_SETTLE] = "build_settlement", [A_CITY] = "build_city", [A_ROAD] = "build_road",
    [A_WALL] = "build_wall",     [A_RECRUIT] = "recruit_knight", [A_PROMOTE] = "promote_knight",
    [A_ACTIVATE] = "activate_knight", [A_KMOVE] = "move_knight", [A_CHASE] = "chase_robber",
    [A_IMPROVE] = "improve",     [A_BANK] = "bank_trade",     [A_PLAY] = "play_progress",
    [A_BUYDEV] = "buy_dev",      [A_PLAYDEV] = "play_dev",    [A_DISCARD] = "discard",
    [A_ROBBER] = "robber",       [A_STEAL] = "steal",         [A_TAKE] = "take",
    [A_DICE] = "set_dice",       [A_PROPOSE] = "propose_trade", [A_OFFER] = "offer",
    [A_ASK] = "ask",             [A_SEND] = "send_offer",     [A_ACCEPT] = "accept",
    [A_DECLINE] = "decline",     [A_DEAL] = "trade_with",     [A_CANCEL] = "cancel",
    [A_RELOCATE] = "relocate_knight", [A_LOSE] = "lose_city", [A_DECK] = "draw_progress",
    [A_PDISCARD] = "discard_progress", [A_TARGET] = "choose_player", [A_SPYTAKE] = "spy_take",
    [A_REMOVE_KNIGHT] = "remove_knight", [A_PLACE_KNIGHT] = "place_knight",
    [A_REMOVE_ROAD] = "remove_road", [A_DISPLACE] = "displace_knight", [A_SWAP1] = "swap_from",
    [A_SWAP2] = "swap_to",       [A_MERCHANT] = "place_merchant", [A_MONO] = "monopoly",
    [A_METRO] = "metropolis",    [A_GIVE] = "give",           [A_HOFFER] = "harbor_offer",
    [A_SKIP] = "skip",
};

/* Only what is actually paid is listed, by the card kind's key. */
static void cost(kt_action_info *out, int kind, int amount)
{
    if (amount > 0)
        kt_info_cost(out, cat_kind_key[kind], amount);
}

/* What building at a vertex or edge costs in decision frame kind fk. */
static void build_costs(const cat_state *s, int fk, int ak, int p, int x, kt_action_info *out)
{
    if (fk == F_MEDICINE && ak == A_CITY) {
        cost(out, K_ORE, 2);
        cost(out, K_GRAIN, 1);
        return;
    }
    if (fk != F_MAIN)
        return; /* setup, Road Building, Diplomat, Engineer, Smith: free */
    switch (ak) {
    case A_SETTLE:
        cost(out, K_BRICK, 1), cost(out, K_LUMBER, 1), cost(out, K_WOOL, 1), cost(out, K_GRAIN, 1);
        break;
    case A_CITY: cost(out, K_GRAIN, 2), cost(out, K_ORE, 3); break;
    case A_ROAD: cost(out, K_BRICK, 1), cost(out, K_LUMBER, 1); break;
    case A_WALL: cost(out, K_BRICK, 2); break;
    case A_RECRUIT:
    case A_PROMOTE: cost(out, K_WOOL, 1), cost(out, K_ORE, 1); break;
    case A_ACTIVATE: cost(out, K_GRAIN, 1); break;
    case A_IMPROVE:
        if (x < 3)
            cost(out, cat_track_commodity[x], s->pl[p].impr[x] + 1);
        break;
    case A_BUYDEV: cost(out, K_WOOL, 1), cost(out, K_GRAIN, 1), cost(out, K_ORE, 1); break;
    default: break;
    }
}

void cat_action_info(const kt_game *g, const kt_state *ks, kt_action a, kt_action_info *out)
{
    const cat_state *s = (const cat_state *)ks;
    int k = ACT_K(a), x = ACT_X(a), y = ACT_Y(a), z = ACT_Z(a);
    if (k <= 0 || k >= A_NKINDS || !s->nstack)
        return;
    const cat_frame *f = cat_ctop(s);
    int p = f->player;
    kt_info_verb(out, verb_word[k]);
    switch (k) {
    case A_SETTLE: case A_CITY: case A_WALL: case A_RECRUIT: case A_PROMOTE: case A_ACTIVATE:
    case A_CHASE: case A_RELOCATE: case A_LOSE: case A_REMOVE_KNIGHT: case A_DISPLACE:
    case A_METRO:
        if (x < CAT_NV)
            kt_info_target(out, "vertex", x);
        build_costs(s, f->kind, k, p, x, out);
        break;
    case A_KMOVE:
        if (x < CAT_NV && y < CAT_NV)
            kt_info_target(out, "vertex", y), kt_info_target(out, "vertex", x);
        break;
    case A_PLACE_KNIGHT:
        if (x < CAT_NV)
            kt_info_target(out, "vertex", x);
        if (y >= 1 && y <= 3)
            kt_info_target(out, "level", y);
        break;
    case A_ROAD: case A_REMOVE_ROAD:
        if (x < CAT_NE)
            kt_info_target(out, "edge", x);
        if (k == A_ROAD)
            build_costs(s, f->kind, k, p, x, out);
        break;
    case A_ROBBER: case A_MERCHANT: case A_SWAP1: case A_SWAP2:
        if (x < CAT_NH)
            kt_info_target(out, "hex", x);
        break;
    case A_STEAL: case A_DEAL: case A_TARGET:
        if (x < cat_np(g))
            kt_info_target(out, "player", x);
        break;
    case A_SEND:
        if (x < cat_np(g))
            kt_info_target(out, "player", x);
        else
            kt_info_verb(out, "send_offer_all");
        break;
    case A_HOFFER: case A_SKIP:
        if (k == A_HOFFER && x < CAT_NKIND)
            kt_info_target(out, "good", x);
        if (f->a < cat_np(g))
            kt_info_target(out, "player", f->a);
        if (k == A_HOFFER && x < CAT_NKIND)
            cost(out, x, 1);
        break;
    case A_DISCARD: case A_TAKE: case A_OFFER: case A_ASK: case A_MONO: case A_GIVE:
        if (x < CAT_NKIND)
            kt_info_target(out, "good", x);
        if ((k == A_DISCARD || k == A_GIVE) && x < CAT_NKIND)
            cost(out, x, 1);
        break;
    case A_BANK:
        if (x < CAT_NKIND && y < CAT_NKIND) {
            kt_info_target(out, "give", x), kt_info_target(out, "get", y);
            cost(out, x, z);
        }
        break;
    case A_IMPROVE:
        if (x < 3)
            kt_info_target(out, "track", x);
        if (x < 3)
            cost(out, cat_track_commodity[x],
                 f->kind == F_CRANE ? s->pl[p].impr[x] : f->kind == F_MAIN ? s->pl[p].impr[x] + 1 : 0);
        break;
    case A_DECK:
        if (x < 3)
            kt_info_target(out, "track", x);
        break;
    case A_PLAY: case A_PDISCARD: case A_SPYTAKE:
        if (x < CAT_NPROG)
            kt_info_target(out, "card", x);
        break;
    case A_PLAYDEV:
        if (x < CAT_NDEV)
            kt_info_target(out, "dev", x);
        break;
    case A_BUYDEV:
        build_costs(s, f->kind, k, p, x, out);
        break;
    case A_DICE:
        if (x >= 1 && x <= 6 && y >= 1 && y <= 6)
            kt_info_target(out, "red", x), kt_info_target(out, "yellow", y);
        break;
    default: break; /* roll, end, done, propose, accept, decline, cancel */
    }
}

/* ------------------------------------------------------------ names */

static const char *const dec_en[F_NDECISIONS] = {
    [F_SETUP_BUILD] = "Place a starting settlement", [F_SETUP_ROAD] = "Place a starting road",
    [F_ROLL] = "Roll the dice",          [F_ALCHEMIST] = "Choose the dice",
    [F_MAIN] = "Build and trade",        [F_DISCARD] = "Discard half your cards",
    [F_ROBBER] = "Move the robber",      [F_STEAL] = "Steal from a player",
    [F_AQUEDUCT] = "Aqueduct: take a resource", [F_PDISCARD] = "Discard a progress card",
    [F_CITY_LOSS] = "Barbarians: lose a city", [F_DEFENDER_DRAW] = "Defender: draw a progress card",
    [F_METROPOLIS] = "Place a metropolis", [F_TRADE_COMPOSE] = "Compose a trade offer",
    [F_TRADE_RESPOND] = "Answer a trade offer", [F_TRADE_CHOOSE] = "Choose a trade partner",
    [F_RELOCATE] = "Move a displaced knight", [F_TARGET] = "Choose a player",
    [F_SPY_PICK] = "Spy: take a progress card", [F_MM_PICK] = "Master Merchant: take cards",
    [F_DESERTER_REMOVE] = "Deserter: remove a knight", [F_DESERTER_PLACE] = "Deserter: place a knight",
    [F_DIPLOMAT] = "Diplomat: remove a road", [F_DIPLOMAT_REBUILD] = "Diplomat: rebuild the road",
    [F_INTRIGUE] = "Intrigue: drive off a knight", [F_INVENTOR_FIRST] = "Inventor: first number",
    [F_INVENTOR_SECOND] = "Inventor: second number", [F_MERCHANT] = "Place the merchant",
    [F_MONO_RESOURCE] = "Resource monopoly", [F_MONO_COMMODITY] = "Trade monopoly",
    [F_FLEET_TRADE] = "Merchant Fleet: trade 2:1", [F_CRANE] = "Crane: improve a city",
    [F_MEDICINE] = "Medicine: build a city", [F_ENGINEER] = "Engineer: build a city wall",
    [F_SMITH] = "Smith: promote knights", [F_ROAD_BUILDING] = "Road Building: build roads",
    [F_GIVE] = "Give a card",            [F_HARBOR_OFFER] = "Commercial Harbor: offer a resource",
    [F_HARBOR_GIVE] = "Commercial Harbor: give a commodity", [F_PLENTY] = "Year of Plenty: take resources",
};
static const char *const dec_de[F_NDECISIONS] = {
    [F_SETUP_BUILD] = "Startsiedlung setzen", [F_SETUP_ROAD] = "Startstraße setzen",
    [F_ROLL] = "Würfeln",                [F_ALCHEMIST] = "Würfel wählen",
    [F_MAIN] = "Bauen und handeln",      [F_DISCARD] = "Die Hälfte der Karten abwerfen",
    [F_ROBBER] = "Räuber versetzen",     [F_STEAL] = "Bei einem Spieler stehlen",
    [F_AQUEDUCT] = "Aquädukt: Rohstoff nehmen", [F_PDISCARD] = "Fortschrittskarte abwerfen",
    [F_CITY_LOSS] = "Barbaren: Stadt verlieren", [F_DEFENDER_DRAW] = "Retter: Fortschrittskarte ziehen",
    [F_METROPOLIS] = "Metropole setzen", [F_TRADE_COMPOSE] = "Handelsangebot zusammenstellen",
    [F_TRADE_RESPOND] = "Auf ein Handelsangebot antworten", [F_TRADE_CHOOSE] = "Handelspartner wählen",
    [F_RELOCATE] = "Vertriebenen Ritter versetzen", [F_TARGET] = "Spieler wählen",
    [F_SPY_PICK] = "Spion: Fortschrittskarte nehmen", [F_MM_PICK] = "Handelsmeister: Karten nehmen",
    [F_DESERTER_REMOVE] = "Deserteur: Ritter entfernen", [F_DESERTER_PLACE] = "Deserteur: Ritter einsetzen",
    [F_DIPLOMAT] = "Diplomat: Straße entfernen", [F_DIPLOMAT_REBUILD] = "Diplomat: Straße neu bauen",
    [F_INTRIGUE] = "Intrige: Ritter vertreiben", [F_INVENTOR_FIRST] = "Erfinder: erste Zahl",
    [F_INVENTOR_SECOND] = "Erfinder: zweite Zahl", [F_MERCHANT] = "Händler setzen",
    [F_MONO_RESOURCE] = "Rohstoffmonopol", [F_MONO_COMMODITY] = "Handelsmonopol",
    [F_FLEET_TRADE] = "Handelsflotte: 2:1 tauschen", [F_CRANE] = "Kran: Stadt ausbauen",
    [F_MEDICINE] = "Medizin: Stadt bauen", [F_ENGINEER] = "Ingenieur: Stadtmauer bauen",
    [F_SMITH] = "Schmied: Ritter befördern", [F_ROAD_BUILDING] = "Straßenbau: Straßen bauen",
    [F_GIVE] = "Karte abgeben",          [F_HARBOR_OFFER] = "Handelshafen: Rohstoff anbieten",
    [F_HARBOR_GIVE] = "Handelshafen: Ware abgeben", [F_PLENTY] = "Erfindung: Rohstoffe nehmen",
};

const char *cat_decision_label(int d, int lang)
{
    if (d < 0 || d >= F_NDECISIONS)
        return NULL;
    return lang == KT_LANG_DE ? dec_de[d] : dec_en[d];
}
