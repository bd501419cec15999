/*
 * setup.c - a new game of Marco Polo II: the configuration (gamedef.setup:
 * load and validate the component data into mp2_cfg, see mp2.h, and
 * resolve the options, the characters among them) and the start position
 * (gamedef.init: resources, the shuffled decks and tiles, the board's
 * offers, the character draft or the fixed characters).
 */
#include <stdio.h>
#include <string.h>

#include "mp2.h"

static kt_status parse_characters(const kt_game *g, mp2_cfg *c, const char *list, kt_err *err)
{
    int n = 0;
    /* comma-separated names, split by hand (no strtok state) */
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char t[64];
        if (len >= sizeof t)
            return kt_seterr(err, KT_EINVAL, "mp2 option characters: a name is too long");
        snprintf(t, sizeof t, "%.*s", (int)len, p);
        p = e ? e + 1 : p + len;
        if (!t[0])
            continue;
        int ch = mp2_char_find(t);
        if (ch < 0)
            return kt_seterr(err, KT_EINVAL,
                             "mp2 option characters: unknown character '%s' (mongke, dewu, abha, "
                             "mailin, filippo, isabella, gantulga, tebaldo, piedro, vidal, donata)",
                             t);
        if (ch >= MP2_NBASECHAR && !c->caravans)
            return kt_seterr(err, KT_EINVAL,
                             "mp2 option characters: %s belongs to the Caravans expansion "
                             "(set caravans=1)",
                             mp2_char_name(ch, KT_LANG_EN));
        if (n == g->nplayers)
            return kt_seterr(err, KT_EINVAL, "mp2 option characters: %d names for %d players",
                             n + 1, g->nplayers);
        for (int i = 0; i < n; i++)
            if (c->fixed_char[i] == ch)
                return kt_seterr(err, KT_EINVAL, "mp2 option characters: %s given twice",
                                 mp2_char_name(ch, KT_LANG_EN));
        c->fixed_char[n++] = (uint8_t)ch;
    }
    if (n != g->nplayers)
        return kt_seterr(err, KT_EINVAL,
                         "mp2 option characters: needs one character per player (%d), got %d",
                         g->nplayers, n);
    return KT_OK;
}

kt_status mp2_setup(kt_game *g, kt_err *err)
{
    mp2_cfg *c = kt_game_alloc(g, sizeof *c);
    if (!c)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    c->np = g->nplayers;
    kt_status st = mp2_load_data(c, &g->alloc, kt_game_opt_str(g, "data_dir"), err);
    if (st != KT_OK)
        return st;
    c->caravans = (uint8_t)kt_game_opt_int(g, "caravans");
    c->flag_first_last = (uint8_t)kt_game_opt_int(g, "first_player");
    c->flag_mongke_end = (uint8_t)kt_game_opt_int(g, "mongke_end_oasis");
    c->flag_xpost_bonus = (uint8_t)kt_game_opt_int(g, "extra_post_bonus");
    c->flag_filippo_use = (uint8_t)kt_game_opt_int(g, "filippo_own");
    c->flag_isa_reroll = (uint8_t)kt_game_opt_int(g, "isabella_reroll");
    c->flag_mailin_both = kt_game_opt_int(g, "mailin_posts") == 0;
    c->flag_goal_shield = (uint8_t)kt_game_opt_int(g, "goal_match");
    const char *chars = kt_game_opt_str(g, "characters");
    c->draft = chars[0] == '\0';
    if (!c->draft && (st = parse_characters(g, c, chars, err)) != KT_OK)
        return st;
    g->state_size = sizeof(mp2_state);
    g->max_legal = mp2_max_legal(c);
    return KT_OK;
}

static void init_player(mp2_state *s, int p)
{
    mp2_player *pl = &s->pl[p];
    pl->res[IT_COIN] = 8;
    pl->res[IT_CAMEL] = 3;
    pl->fig[1] = MP2_NOLOC;
    pl->character = MP2_NONE;
    pl->con[0] = pl->con[1] = MP2_NONE;
    pl->goal = MP2_NONE;
    pl->cv_loc[0] = pl->cv_loc[1] = MP2_NOLOC;
    pl->cv_tile[0] = pl->cv_tile[1] = MP2_NONE;
}

/* Character set-up effects when a character is taken. */
void mp2_take_character(const mp2_cfg *c, mp2_state *s, int p, int ch)
{
    mp2_player *pl = &s->pl[p];
    pl->character = (uint8_t)ch;
    if (ch == CH_MAILIN) {
        pl->fig[1] = (uint8_t)c->start;
        pl->res[IT_COIN] = (int16_t)(pl->res[IT_COIN] + 3);
    }
    if (ch == CH_DONATA)
        for (int col = 0; col < MP2_MAXP; col++)
            if (col != p)
                pl->pieces |= (uint8_t)(1 << col);
}

void mp2_init(const kt_game *g, kt_state *st)
{
    const mp2_cfg *c = mp2_config(g);
    mp2_state *s = (mp2_state *)st;
    kt_rng *rng = &s->h.rng;
    for (int p = 0; p < c->np; p++) {
        init_player(s, p);
        s->pl[p].fig[0] = (uint8_t)c->start;
    }
    /* contracts: one random starter each, the rest of the starters out */
    uint8_t st_[MP2_NSTARTERS], red[MP2_NCONTRACTS];
    int nst = 0, nred = 0;
    for (int k = 0; k < MP2_NCONTRACTS; k++) {
        if (c->contract[k].starter)
            st_[nst++] = (uint8_t)k;
        else
            red[nred++] = (uint8_t)k;
    }
    kt_shuffle_u8(rng, st_, (uint32_t)nst);
    for (int p = 0; p < c->np; p++)
        s->pl[p].con[0] = st_[p];
    for (int i = c->np; i < nst; i++)
        s->removed |= 1ull << st_[i];
    kt_shuffle_u8(rng, red, (uint32_t)nred);
    memcpy(s->pile, red, (size_t)nred);
    s->pile_len = (uint8_t)nred;
    s->pile_unknown = (uint8_t)nred;
    for (int i = 0; i < MP2_NCCITY; i++)
        s->cboard[i][0] = s->cboard[i][1] = MP2_NONE;
    mp2_refill_board(s);
    /* city cards */
    for (int i = 0; i < MP2_NCARDS; i++)
        s->cc_deck[i] = (uint8_t)i;
    kt_shuffle_u8(rng, s->cc_deck, MP2_NCARDS);
    for (int i = 0; i < 8; i++)
        s->card_slot[i] = s->cc_deck[s->cc_next++];
    /* offer tiles: each pile shuffled, the last one stays unseen */
    for (int b = 0; b < 3; b++) {
        memcpy(s->offers[b], c->offer_pile[b], 6);
        kt_shuffle_u8(rng, s->offers[b], 6);
    }
    /* bonus markers and outpost tiles */
    uint8_t m[MP2_NMARKERS];
    for (int i = 0; i < MP2_NMARKERS; i++)
        m[i] = (uint8_t)i;
    kt_shuffle_u8(rng, m, MP2_NMARKERS);
    memcpy(s->marker, m, MP2_NBONUSCITY);
    s->unused_marker = m[MP2_NMARKERS - 1];
    for (int i = 0; i < MP2_NOUTPOSTS; i++)
        s->outpost[i] = (uint8_t)i;
    kt_shuffle_u8(rng, s->outpost, MP2_NOUTPOSTS);
    /* goal cards: three each */
    uint8_t gl[MP2_NGOALS];
    for (int i = 0; i < MP2_NGOALS; i++)
        gl[i] = (uint8_t)i;
    kt_shuffle_u8(rng, gl, MP2_NGOALS);
    for (int p = 0; p < c->np; p++)
        memcpy(s->pl[p].goal_opt, gl + 3 * p, 3);
    s->first = 0;
    s->next_first = 0;
    s->phase = PH_SETUP;
    s->h.turn_player = -1;
    for (int i = 0; i < MP2_NSPACES; i++)
        s->sp[i].last = -1;
    for (int i = 0; i < 4; i++)
        s->khan_by[i] = -1;
    /* stack: characters in reverse seat order, then goal cards in seat order */
    for (int p = c->np - 1; p >= 0; p--)
        mp2_push(s, EF_GOAL, p, 0, 0, 0, 0);
    if (c->draft) {
        uint8_t pool[MP2_NCHAR];
        int n = c->caravans ? MP2_NCHAR : MP2_NBASECHAR;
        for (int i = 0; i < n; i++)
            pool[i] = (uint8_t)i;
        kt_shuffle_u8(rng, pool, (uint32_t)n);
        for (int i = 0; i <= c->np; i++)
            s->draft[i] = pool[i];
        for (int i = c->np + 1; i <= MP2_MAXP; i++)
            s->draft[i] = MP2_NONE;
        for (int p = 0; p < c->np; p++)
            mp2_push(s, EF_DRAFT, p, 0, 0, 0, 0);
    } else {
        for (int i = 0; i <= MP2_MAXP; i++)
            s->draft[i] = MP2_NONE;
        for (int p = 0; p < c->np; p++)
            mp2_take_character(c, s, p, c->fixed_char[p]);
    }
    mp2_run(c, s);
}
