/*
 * view.c - what one player (or a spectator) of Catan sees, as JSON
 * (gamedef.observe): the board, the public counts of every player, the
 * viewer's own hand and progress cards, the pending decision, and the ids
 * that action targets use.  Hidden: other players' hands (sizes only) and
 * progress cards (count only), the decks' order.  A player's record is
 * written here for the save too (cat_write_player): one table per form
 * says which fields it has, in which order, and who may see each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan.h"

/* The ids that action targets use (targets.c): vertices (with the hexes
 * each touches, for "which hexes does this spot touch"), edges as vertex
 * pairs, the robber's and the merchant's hex as numbers, the event die's
 * face by name, and the catalogues of goods, tracks and development cards
 * whose index is a target's id (progress card ids are those of
 * "my_progress_ids": listing every card's name here would put names in
 * every observation that the hidden-information tests look for). */
static void write_ids(const cat_state *s, kt_jw *w)
{
    static const char *const ev_key[5] = {"none", "ship", "trade", "politics", "science"};
    kt_jw_kint(w, "robber_hex", s->robber);
    kt_jw_kint(w, "merchant_hex", s->merchant);
    kt_jw_kstr(w, "event_die", ev_key[s->dice[2] < 5 ? s->dice[2] : 0]);
    kt_jw_key(w, "vertex_hexes");
    kt_jw_arr(w);
    for (int v = 0; v < CAT_NV; v++) {
        kt_jw_arr(w);
        for (int i = 0; i < 3; i++)
            if (cat_v_hex[v][i] >= 0)
                kt_jw_int(w, cat_v_hex[v][i]);
        kt_jw_arr_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "edges");
    kt_jw_arr(w);
    for (int e = 0; e < CAT_NE; e++)
        kt_jw_u8s(w, cat_e_v[e], 2);
    kt_jw_arr_end(w);
    kt_jw_key(w, "catalog");
    kt_jw_obj(w);
    kt_jw_key(w, "goods");
    kt_jw_arr(w);
    for (int k = 0; k < CAT_NKIND; k++)
        kt_jw_str(w, cat_kind_key[k]);
    kt_jw_arr_end(w);
    kt_jw_key(w, "tracks");
    kt_jw_arr(w);
    for (int t = 0; t < 3; t++)
        kt_jw_str(w, cat_track_key[t]);
    kt_jw_arr_end(w);
    kt_jw_key(w, "dev");
    kt_jw_arr(w);
    for (int d = 0; d < CAT_NDEV; d++)
        kt_jw_str(w, cat_devcards[d].key);
    kt_jw_arr_end(w);
    kt_jw_obj_end(w);
}

/* A list of progress card names (held cards, in hand order). */
static void write_prog_names(kt_jw *w, const uint8_t *prog, int n)
{
    kt_jw_arr(w);
    for (int i = 0; i < n; i++)
        kt_jw_str(w, cat_progress[prog[i]].key);
    kt_jw_arr_end(w);
}

/* ------------------------------------------------------ player records
 *
 * One writer for a player's record in both of its forms: the save's
 * (CAT_REC_SAVE: every field, what the loader in save.c reads back) and the
 * observation's (CAT_REC_VIEW: the "boards" entry, redacted for `viewer`).
 * A form is a list of rows, one per key in the order written; a row names
 * the field and who may see it, so what a viewer is shown of another
 * player is read off the table below, not off scattered conditions.  The
 * save form has no redaction: a save is omniscient by definition (the core
 * never shows it to a player). */
enum pfield {
    PF_HAND,              /* resource and commodity counts */
    PF_PROGRESS_NAMES,    /* the progress cards held, by name */
    PF_PROGRESS_KNOWN,    /* per held card, the mask of players who saw it */
    PF_PROGRESS_BY_TRACK, /* how many progress cards of each colour */
    PF_PROGRESS_SEEN,     /* the held cards the viewer has seen (Spy) */
    PF_VP_CARDS,
    PF_DEFENDER,
    PF_IMPROVEMENTS,
    PF_DEV,               /* development cards by kind */
    PF_DEV_NEW,           /* of those, bought this turn */
    PF_DEV_COUNT,         /* how many development cards */
    PF_KNIGHTS_PLAYED,
    PF_VP,                /* public victory points */
    PF_CARDS,             /* hand size */
    PF_ROAD_LENGTH,
    PF_SUPPLY,            /* pieces left to build */
};

enum pseen {
    SEEN_BY_ALL,
    SEEN_BY_OTHER_PLAYERS, /* only another seated player (it is their knowledge) */
    SEEN_BY_OMNISCIENT,    /* referees and records: a hidden part of the hand */
};

typedef struct prow {
    const char *key;
    uint8_t field, seen;
} prow;

static const prow save_rows[] = {
    {.key = "hand", .field = PF_HAND},
    {.key = "progress", .field = PF_PROGRESS_NAMES},
    {.key = "progress_known", .field = PF_PROGRESS_KNOWN},
    {.key = "vp_cards", .field = PF_VP_CARDS},
    {.key = "defender", .field = PF_DEFENDER},
    {.key = "improvements", .field = PF_IMPROVEMENTS},
    {.key = "dev", .field = PF_DEV},
    {.key = "dev_new", .field = PF_DEV_NEW},
    {.key = "knights_played", .field = PF_KNIGHTS_PLAYED},
};

static const prow view_rows[] = {
    {.key = "vp", .field = PF_VP},
    {.key = "cards", .field = PF_CARDS},
    {.key = "progress", .field = PF_PROGRESS_BY_TRACK},
    {.key = "progress_seen", .field = PF_PROGRESS_SEEN, .seen = SEEN_BY_OTHER_PLAYERS},
    {.key = "vp_cards", .field = PF_VP_CARDS},
    {.key = "defender", .field = PF_DEFENDER},
    {.key = "improvements", .field = PF_IMPROVEMENTS},
    {.key = "dev_cards", .field = PF_DEV_COUNT},
    {.key = "knights_played", .field = PF_KNIGHTS_PLAYED},
    {.key = "road_length", .field = PF_ROAD_LENGTH},
    {.key = "hand", .field = PF_HAND, .seen = SEEN_BY_OMNISCIENT},
    {.key = "progress_cards", .field = PF_PROGRESS_NAMES, .seen = SEEN_BY_OMNISCIENT},
    {.key = "dev", .field = PF_DEV, .seen = SEEN_BY_OMNISCIENT},
    {.key = "supply", .field = PF_SUPPLY},
};

static int row_visible(const prow *r, int p, int viewer)
{
    switch (r->seen) {
    case SEEN_BY_OTHER_PLAYERS: return viewer >= 0 && viewer != p;
    case SEEN_BY_OMNISCIENT: return viewer == KT_OMNISCIENT;
    default: return 1;
    }
}

static void write_supply(const cat_cfg *cf, const cat_player *pl, kt_jw *w)
{
    kt_jw_obj(w);
    kt_jw_kint(w, "roads", 15 - pl->n_road);
    kt_jw_kint(w, "settlements", 5 - pl->n_settle);
    kt_jw_kint(w, "cities", 4 - pl->n_city - pl->n_sideways);
    if (cf->ck) {
        kt_jw_kint(w, "walls", 3 - pl->n_wall);
        kt_jw_kint(w, "basic_knights", 2 - pl->n_knight[1]);
        kt_jw_kint(w, "strong_knights", 2 - pl->n_knight[2]);
        kt_jw_kint(w, "mighty_knights", 2 - pl->n_knight[3]);
    }
    kt_jw_obj_end(w);
}

/* The value of one field of player p's record (its key is written). */
static void write_field(const kt_game *g, const cat_state *s, int p, int viewer, int field,
                        kt_jw *w)
{
    const cat_player *pl = &s->pl[p];
    switch (field) {
    case PF_HAND: cat_write_hand(w, pl->hand); break;
    case PF_PROGRESS_NAMES: write_prog_names(w, pl->prog, pl->nprog); break;
    case PF_PROGRESS_KNOWN: kt_jw_u8s(w, pl->prog_known, pl->nprog); break;
    case PF_PROGRESS_BY_TRACK: {
        int byc[3] = {0};
        for (int i = 0; i < pl->nprog; i++)
            byc[cat_progress[pl->prog[i]].colour]++;
        kt_jw_obj(w);
        for (int c = 0; c < 3; c++)
            kt_jw_kint(w, cat_track_key[c], byc[c]);
        kt_jw_obj_end(w);
        break;
    }
    case PF_PROGRESS_SEEN:
        kt_jw_arr(w);
        for (int i = 0; i < pl->nprog; i++)
            if (pl->prog_known[i] >> viewer & 1)
                kt_jw_str(w, cat_progress[pl->prog[i]].key);
        kt_jw_arr_end(w);
        break;
    case PF_VP_CARDS:
        kt_jw_arr(w);
        if (pl->vpcards & 1)
            kt_jw_str(w, "constitution");
        if (pl->vpcards & 2)
            kt_jw_str(w, "printer");
        kt_jw_arr_end(w);
        break;
    case PF_DEFENDER: kt_jw_int(w, pl->defender); break;
    case PF_IMPROVEMENTS:
        kt_jw_obj(w);
        for (int t = 0; t < 3; t++)
            kt_jw_kint(w, cat_track_key[t], pl->impr[t]);
        kt_jw_obj_end(w);
        break;
    case PF_DEV: cat_write_dev(w, pl->dev); break;
    case PF_DEV_NEW: cat_write_dev(w, pl->dev_new); break;
    case PF_DEV_COUNT: {
        int devs = 0;
        for (int d = 0; d < CAT_NDEV; d++)
            devs += pl->dev[d];
        kt_jw_int(w, devs);
        break;
    }
    case PF_KNIGHTS_PLAYED: kt_jw_int(w, pl->knights_played); break;
    case PF_VP: kt_jw_int(w, cat_vp_public(g, s, p)); break;
    case PF_CARDS: kt_jw_int(w, pl->ncards); break;
    case PF_ROAD_LENGTH: kt_jw_int(w, pl->road_len); break;
    case PF_SUPPLY: write_supply(cat_config(g), pl, w); break;
    default: kt_jw_null(w); break;
    }
}

void cat_write_player(const kt_game *g, const cat_state *s, int p, int viewer, cat_rec form,
                      kt_jw *w)
{
    const prow *rows = view_rows;
    size_t n = sizeof view_rows / sizeof *view_rows;
    if (form == CAT_REC_SAVE) {
        rows = save_rows;
        n = sizeof save_rows / sizeof *save_rows;
        viewer = KT_OMNISCIENT;
    }
    kt_jw_obj(w);
    for (size_t i = 0; i < n; i++)
        if (row_visible(&rows[i], p, viewer)) {
            kt_jw_key(w, rows[i].key);
            write_field(g, s, p, viewer, rows[i].field, w);
        }
    kt_jw_obj_end(w);
}

void cat_observe(const kt_game *g, const kt_state *ks, int player, int lang, kt_jw *w)
{
    const cat_state *s = (const cat_state *)ks;
    const cat_cfg *cf = cat_config(g);
    kt_jw_kstr(w, "variant", cf->ck ? "ck" : "base");
    kt_jw_kint(w, "vp_target", cf->vp_target);
    cat_write_board(s, w);
    write_ids(s, w);
    kt_jw_key(w, "bank");
    cat_write_hand(w, s->bank);
    kt_jw_key(w, "decks");
    kt_jw_obj(w);
    for (int c = 0; c < 3; c++)
        kt_jw_kint(w, cat_track_key[c], s->deck_n[c]);
    kt_jw_obj_end(w);
    kt_jw_kint(w, "dev_deck", s->devdeck_n);
    kt_jw_key(w, "boards"); /* "players" is the core's player count */
    kt_jw_arr(w);
    for (int p = 0; p < cat_np(g); p++)
        cat_write_player(g, s, p, player, CAT_REC_VIEW, w);
    kt_jw_arr_end(w);
    if (player >= 0) {
        const cat_player *me = &s->pl[player];
        kt_jw_key(w, "hand");
        cat_write_hand(w, me->hand);
        kt_jw_key(w, "my_progress");
        write_prog_names(w, me->prog, me->nprog);
        kt_jw_key(w, "my_progress_ids");
        kt_jw_u8s(w, me->prog, me->nprog);
        kt_jw_key(w, "my_dev");
        cat_write_dev(w, me->dev);
        kt_jw_key(w, "my_dev_new");
        cat_write_dev(w, me->dev_new);
    }
    kt_jw_key(w, "turn_state");
    cat_write_turn(s, w);
    if (s->tr_state) {
        kt_jw_key(w, "trade");
        cat_write_trade(s, 1, w);
    }
    if (s->nstack && s->h.status == KT_RUNNING) {
        const cat_frame *f = cat_ctop(s);
        kt_jw_key(w, "pending");
        kt_jw_obj(w);
        kt_jw_kstr(w, "kind", cat_frame_key[f->kind]);
        const char *label = cat_decision_label(f->kind, lang);
        kt_jw_kstr(w, "label", label ? label : "");
        kt_jw_kint(w, "player", f->player);
        kt_jw_kint(w, "a", f->a);
        kt_jw_kint(w, "b", f->b);
        /* the chooser sees the victim's hand (Master Merchant, Spy) */
        if (f->kind == F_MM_PICK && player == f->player) {
            kt_jw_key(w, "victim_hand");
            cat_write_hand(w, s->pl[f->a].hand);
        }
        if (f->kind == F_SPY_PICK && player == f->player) {
            kt_jw_key(w, "victim_progress");
            write_prog_names(w, s->pl[f->a].prog, s->pl[f->a].nprog);
            kt_jw_key(w, "victim_progress_ids");
            kt_jw_u8s(w, s->pl[f->a].prog, s->pl[f->a].nprog);
        }
        kt_jw_obj_end(w);
    }
}
