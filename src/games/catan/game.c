/*
 * game.c - the kt_gamedef of Catan: options and rule flags, configuration,
 * start position, invariant checks and results.
 *
 * Configuration (cat_cfg in g->cfg): the resolved options and the initial
 * layout, drawn from the game seed (so the options string and the seed
 * recreate it).  The state layout is described in catan.h.
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

static kt_status cat_setup(kt_game *g, kt_err *err)
{
    KT_UNUSED(err);
    cat_cfg *cf = kt_game_alloc(g, sizeof *cf);
    if (!cf)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    cf->ck = strcmp(kt_game_opt_str(g, "variant"), "ck") == 0;
    int vp = (int)kt_game_opt_int(g, "vp");
    cf->vp_target = vp ? vp : (cf->ck ? 13 : 10);
    cf->trade_cap = (int)kt_game_opt_int(g, "trade_cap");
    cf->shortage_partial = strcmp(kt_game_opt_str(g, "shortage"), "partial") == 0;
    cf->deserter_lower = strcmp(kt_game_opt_str(g, "deserter"), "lower") == 0;
    cf->fleet_named = strcmp(kt_game_opt_str(g, "fleet"), "named") == 0;
    cf->open_road_owner = strcmp(kt_game_opt_str(g, "open_road"), "owner") == 0;
    cf->crane_repeat = strcmp(kt_game_opt_str(g, "crane"), "repeat") == 0;
    cf->plimit_immediate = strcmp(kt_game_opt_str(g, "progress_limit"), "immediate") == 0;
    cf->barb_double = strcmp(kt_game_opt_str(g, "barbarian_strength"), "cities") != 0;
    cf->l5_holder = (int)kt_game_opt_int(g, "level5_holder");
    cat_make_layout(g, strcmp(kt_game_opt_str(g, "layout"), "beginner") == 0, g->seed, cf->terrain,
                    cf->number, cf->port);
    g->state_size = sizeof(cat_state);
    g->max_legal = CAT_MAXLEGAL;
    return KT_OK;
}

static void cat_init(const kt_game *g, kt_state *ks)
{
    cat_state *s = (cat_state *)ks;
    const cat_cfg *cf = cat_cfg_of(g);
    memset(s->v_owner, -1, sizeof s->v_owner);
    memset(s->e_owner, -1, sizeof s->e_owner);
    memcpy(s->terrain, cf->terrain, CAT_NH);
    memcpy(s->number, cf->number, CAT_NH);
    memcpy(s->port, cf->port, CAT_NPORT);
    for (int h = 0; h < CAT_NH; h++)
        if (s->terrain[h] == T_DESERT)
            s->robber = (int8_t)h;
    s->merchant = -1;
    s->merchant_owner = -1;
    s->lr_holder = -1;
    s->la_holder = -1;
    s->winner = -1;
    if (cf->ck) {
        for (int c = 0; c < CAT_NPROG; c++) {
            int col = cat_progress[c].colour;
            for (int i = 0; i < cat_progress[c].count; i++)
                s->deck[col][s->deck_n[col]++] = (uint8_t)c;
        }
        for (int col = 0; col < 3; col++)
            kt_shuffle_u8(&s->h.rng, s->deck[col], s->deck_n[col]);
    } else {
        for (int d = 0; d < CAT_NDEV; d++)
            for (int i = 0; i < cat_devcards[d].count; i++)
                s->devdeck[s->devdeck_n++] = (uint8_t)d;
        kt_shuffle_u8(&s->h.rng, s->devdeck, s->devdeck_n);
    }
    cat_recompute(g, s);
    s->h.turn_player = 0;
    s->h.turn = 0;
    cat_push(s, F_SETUP_BUILD, 0, 0, 0, 0, 0);
    cat_advance(g, s);
}

/* ------------------------------------------------------------ check */

#define FAIL(...) return kt_buf_printf(why, __VA_ARGS__), 0

static int has_frame(const cat_state *s, int kind, int player)
{
    for (int i = 0; i < s->nframes; i++)
        if (s->st[i].kind == kind && (player < 0 || s->st[i].player == player))
            return 1;
    return 0;
}

/* VP from a scan of the board, independent of the cached counts */
static int vp_from_board(const cat_state *s, int p)
{
    int v = 0;
    for (int x = 0; x < CAT_NV; x++) {
        if (s->v_owner[x] != p)
            continue;
        if (s->v_piece[x] == VP_SETTLE)
            v += 1;
        else if (s->v_piece[x] == VP_CITY)
            v += (s->v_aux[x] & AUX_METRO_MASK) ? 4 : 2;
    }
    v += s->pl[p].defender + (s->pl[p].vpcards & 1) + (s->pl[p].vpcards >> 1 & 1);
    v += 2 * (s->lr_holder == p) + 2 * (s->la_holder == p) + (s->merchant >= 0 && s->merchant_owner == p);
    return v;
}

static int check_cards(const kt_game *g, const cat_state *s, kt_buf *why)
{
    const cat_cfg *cf = cat_cfg_of(g);
    int n = cat_np(g), accepted = cat_popc(s->tr_accept);
    for (int k = 0; k < CAT_NKIND; k++) {
        int total = s->bank[k];
        for (int p = 0; p < n; p++)
            total += s->pl[p].hand[k];
        if (s->tr_state == 2)
            total += s->tr_give[k] + accepted * s->tr_get[k];
        int want = k < CAT_NRES ? 19 : (cf->ck ? 12 : 0);
        if (total != want)
            FAIL("%d %s cards exist instead of %d", total, cat_kind_key[k], want);
    }
    int count[CAT_NPROG] = {0};
    for (int c = 0; c < 3; c++) {
        for (int i = 0; i < CAT_DECK; i++) {
            if (i >= s->deck_n[c] && (s->deck[c][i] || s->deck_known[c][i]))
                FAIL("unused slot %d of the %s deck is not empty", i, cat_track_key[c]);
            if (i < s->deck_n[c]) {
                if (cat_progress[s->deck[c][i]].colour != c)
                    FAIL("a %s card is in the %s deck", cat_progress[s->deck[c][i]].key,
                         cat_track_key[c]);
                count[s->deck[c][i]]++;
            }
        }
    }
    for (int p = 0; p < CAT_MAXP; p++) {
        const cat_player *pl = &s->pl[p];
        if (p >= n && (pl->ncards || pl->nprog || pl->vpcards))
            FAIL("absent player %d holds cards", p + 1);
        if (pl->nprog > CAT_HANDCAP)
            FAIL("player %d holds %d progress cards", p + 1, pl->nprog);
        for (int i = 0; i < CAT_HANDCAP; i++) {
            if (i >= pl->nprog && (pl->prog[i] || pl->prog_known[i]))
                FAIL("unused progress slot of player %d is not empty", p + 1);
            if (i < pl->nprog) {
                if (pl->prog[i] == PC_CONSTITUTION || pl->prog[i] == PC_PRINTER)
                    FAIL("player %d holds a VP card in hand", p + 1);
                if (!(pl->prog_known[i] >> p & 1))
                    FAIL("player %d does not know a card in their own hand", p + 1);
                count[pl->prog[i]]++;
            }
        }
        if (pl->vpcards & 1)
            count[PC_CONSTITUTION]++;
        if (pl->vpcards & 2)
            count[PC_PRINTER]++;
        /* off-turn hands are at most 4 except while a discard is due */
        if (p != s->h.turn_player && s->h.status == KT_RUNNING && pl->nprog > 4 &&
            !(pl->nprog == 5 && has_frame(s, F_PDISCARD, p)))
            FAIL("player %d holds %d progress cards off turn", p + 1, pl->nprog);
    }
    for (int c = 0; c < CAT_NPROG; c++)
        if (count[c] != (cf->ck ? cat_progress[c].count : 0))
            FAIL("%d %s cards exist instead of %d", count[c], cat_progress[c].key,
                 cf->ck ? cat_progress[c].count : 0);
    int dev[CAT_NDEV] = {0};
    for (int i = 0; i < CAT_DEVDECK; i++) {
        if (i >= s->devdeck_n && s->devdeck[i])
            FAIL("unused development deck slot is not empty");
        if (i < s->devdeck_n)
            dev[s->devdeck[i]]++;
    }
    for (int p = 0; p < n; p++)
        for (int d = 0; d < CAT_NDEV; d++) {
            dev[d] += s->pl[p].dev[d];
            if (s->pl[p].dev_new[d] > s->pl[p].dev[d])
                FAIL("player %d has more new development cards than cards", p + 1);
        }
    for (int p = 0; p < n; p++)
        dev[DV_KNIGHT] += s->pl[p].knights_played;
    for (int d = 0; d < CAT_NDEV; d++) {
        int want = cf->ck ? 0 : cat_devcards[d].count;
        /* played cards other than knights leave the game */
        if ((d == DV_KNIGHT || d == DV_VP) ? dev[d] != want : dev[d] > want)
            FAIL("%d %s development cards are accounted for, expected %s%d", dev[d],
                 cat_devcards[d].key, (d == DV_KNIGHT || d == DV_VP) ? "" : "at most ", want);
    }
    return 1;
}

/* Every knight stands on its owner's road (nothing in play strands one:
 * the Diplomat never takes a knight's last road, displaced knights move
 * along their owner's roads). */
static int check_network(const kt_game *g, const cat_state *s, kt_buf *why)
{
    for (int p = 0; p < cat_np(g); p++) {
        uint64_t lone = s->pl[p].kn & ~s->pl[p].roadv;
        if (lone)
            FAIL("player %d has a knight at vertex %d without a road of theirs", p + 1, cat_ctz(lone));
    }
    return 1;
}

/* Cities & Knights pieces and awards. */
static int check_ck(const kt_game *g, const cat_state *s, kt_buf *why)
{
    const cat_cfg *cf = cat_cfg_of(g);
    int n = cat_np(g), tp = s->h.turn_player;
    if (!cf->ck) {
        if (s->dice[2] || s->fleet || s->crane_mask)
            FAIL("event die, Merchant Fleet or Crane in a base game");
        return 1;
    }
    if (s->dev_played)
        FAIL("a development card played in Cities & Knights");
    for (int v = 0; v < CAT_NV; v++) {
        int a = s->v_aux[v];
        if (s->v_piece[v] != VP_KNIGHT || s->v_owner[v] != tp)
            continue;
        /* activated this turn means active; an active knight that acted
         * this turn was activated again after acting */
        if ((a & KN_FRESH) && !(a & KN_ACTIVE))
            FAIL("vertex %d: a knight activated this turn is inactive", v);
        if ((a & KN_USED) && (a & KN_ACTIVE) && !(a & KN_FRESH))
            FAIL("vertex %d: a knight that acted this turn is still active", v);
    }
    if (s->merchant >= 0 && !(cat_hex_vmask[s->merchant] & s->pl[s->merchant_owner].bld))
        FAIL("the merchant stands on a hex without a building of its owner");
    int defenders = 0;
    for (int p = 0; p < n; p++)
        defenders += s->pl[p].defender;
    if (defenders > s->attacks)
        FAIL("%d Defender points after %d attacks", defenders, s->attacks);
    /* metropolises: one per track from the first level 4 on, held by a
     * player at the highest level reached */
    for (int t = 0; t < 3; t++) {
        int top = 0, holder = -1, mv = cat_metro_vertex(s, t);
        for (int p = 0; p < n; p++)
            top = s->pl[p].impr[t] > top ? s->pl[p].impr[t] : top;
        if (mv >= 0)
            holder = s->v_owner[mv];
        for (int i = 0; i < s->nframes; i++)
            if (s->st[i].kind == F_METROPOLIS && s->st[i].a == t)
                holder = s->st[i].player;
        if ((top >= 4) != (holder >= 0))
            FAIL("%s level %d %s a metropolis", cat_track_key[t], top, holder >= 0 ? "with" : "without");
        if (holder >= 0 && s->pl[holder].impr[t] != top)
            FAIL("the %s metropolis is held below the highest level", cat_track_key[t]);
    }
    return 1;
}

/* During the setup each player has placed what the snake order gives. */
static int check_setup(const kt_game *g, const cat_state *s, kt_buf *why)
{
    int n = cat_np(g), k = s->setup_step, ck = cat_cfg_of(g)->ck;
    if (k >= 2 * n || !s->nframes)
        return 1;
    const cat_frame *f = &s->st[s->nframes - 1];
    for (int q = 0; q < n; q++) {
        int placed = 0;
        for (int j = 0; j < k; j++)
            placed += cat_setup_player(n, j) == q;
        int roads = placed;
        placed += f->kind == F_SETUP_ROAD && f->player == q;
        const cat_player *pl = &s->pl[q];
        int cities = ck && placed > 1 ? placed - 1 : 0;
        if (pl->n_settle + pl->n_city != placed || pl->n_city != cities || pl->n_road != roads ||
            pl->kn)
            FAIL("player %d's pieces do not match setup step %d", q + 1, k);
    }
    return 1;
}

static int check_board(const kt_game *g, const cat_state *s, kt_buf *why)
{
    const cat_cfg *cf = cat_cfg_of(g);
    int n = cat_np(g);
    /* derived data must equal a fresh recomputation */
    cat_state t;
    memcpy(&t, s, sizeof t);
    cat_recompute(g, &t);
    if (t.occ != s->occ || t.blocked != s->blocked || memcmp(t.bank, s->bank, sizeof t.bank))
        FAIL("board masks or bank out of step with the pieces");
    if (memcmp(t.prod, s->prod, sizeof t.prod))
        FAIL("cached production per roll out of step with the board and the robber");
    if (t.tr_offer != s->tr_offer || t.tr_ask != s->tr_ask || t.tr_nsend != s->tr_nsend)
        FAIL("cached trade composition out of step with the trade and the hand");
    for (int p = 0; p < CAT_MAXP; p++) {
        const cat_player *a = &s->pl[p], *b = &t.pl[p];
        if (a->bld != b->bld || a->kn != b->kn || a->roadv != b->roadv || a->road[0] != b->road[0] ||
            a->road[1] != b->road[1] || a->ncards != b->ncards || a->n_settle != b->n_settle ||
            a->n_city != b->n_city || a->n_sideways != b->n_sideways || a->n_road != b->n_road ||
            a->n_wall != b->n_wall || a->n_metro != b->n_metro || a->road_len != b->road_len ||
            a->ports != b->ports ||
            memcmp(a->n_knight, b->n_knight, sizeof a->n_knight))
            FAIL("cached counts of player %d are out of step with the board", p + 1);
        if (p >= n && (a->bld || a->kn || a->n_road))
            FAIL("absent player %d has pieces", p + 1);
        /* piece supplies [R 3.1] */
        if (a->n_settle > 5 || a->n_city + a->n_sideways > 4 || a->n_road > 15 || a->n_wall > 3 ||
            a->n_knight[1] > 2 || a->n_knight[2] > 2 || a->n_knight[3] > 2)
            FAIL("player %d uses more pieces than the supply holds", p + 1);
        if (p < n && vp_from_board(s, p) != cat_vp_public(g, s, p))
            FAIL("VP of player %d differ from the board", p + 1);
    }
    int metro[3] = {0};
    for (int v = 0; v < CAT_NV; v++) {
        int pc = s->v_piece[v], a = s->v_aux[v], p = s->v_owner[v];
        if ((pc == VP_NONE) != (p < 0))
            FAIL("vertex %d: owner and piece disagree", v);
        if (pc == VP_NONE && a)
            FAIL("vertex %d: flags without a piece", v);
        if (pc == VP_SETTLE && (a & ~AUX_SIDEWAYS))
            FAIL("vertex %d: a settlement with city flags", v);
        if (pc == VP_CITY && (a & AUX_SIDEWAYS))
            FAIL("vertex %d: an upright city marked sideways", v);
        if (pc == VP_CITY && (a & AUX_METRO_MASK)) {
            int t2 = ((a & AUX_METRO_MASK) >> AUX_METRO_SHIFT) - 1;
            metro[t2]++;
            if (s->pl[p].impr[t2] < 4)
                FAIL("vertex %d: metropolis of %s below level 4", v, cat_track_key[t2]);
        }
        if ((pc == VP_SETTLE || pc == VP_CITY) && (cat_v_nbrmask[v] & s->occ)) {
            for (int i = 0; i < 3; i++) {
                int w = cat_v_adj[v][i];
                if (w >= 0 && (s->v_piece[w] == VP_SETTLE || s->v_piece[w] == VP_CITY))
                    FAIL("buildings on neighbouring vertices %d and %d (distance rule)", v, w);
            }
        }
        if (pc == VP_KNIGHT) {
            if (!(a & KN_LEVEL))
                FAIL("vertex %d: knight without strength", v);
            if (p != s->h.turn_player && (a & (KN_FRESH | KN_USED | KN_PROMOTED)))
                FAIL("vertex %d: turn flags on another player's knight", v);
        }
    }
    for (int i = 0; i < s->nframes; i++)
        if (s->st[i].kind == F_METROPOLIS && s->st[i].a < 3)
            metro[s->st[i].a]++;
    for (int t2 = 0; t2 < 3; t2++)
        if (metro[t2] > 1)
            FAIL("more than one %s metropolis", cat_track_key[t2]);
    if (s->robber < 0 || s->robber >= CAT_NH)
        FAIL("robber off the board");
    if (cf->ck && s->attacks == 0 && s->terrain[s->robber] != T_DESERT)
        FAIL("the robber leaves the desert only after the first attack");
    if (s->merchant >= CAT_NH || (s->merchant >= 0) != (s->merchant_owner >= 0) ||
        s->merchant_owner >= n)
        FAIL("merchant and its owner disagree");
    if (!cf->ck && (s->merchant >= 0 || s->barb || s->attacks))
        FAIL("Cities & Knights pieces in a base game");
    if (s->barb > 7 || (s->barb == 7 && !has_frame(s, P_ATTACK, -1)))
        FAIL("barbarians at %d without an attack in progress", s->barb);
    /* awards */
    int h = s->lr_holder, max = 0, cnt = 0;
    for (int p = 0; p < n; p++) {
        if (s->pl[p].road_len > max)
            max = s->pl[p].road_len, cnt = 1;
        else if (s->pl[p].road_len == max)
            cnt++;
    }
    if (h >= 0 && (s->pl[h].road_len < 5 || s->pl[h].road_len < max))
        FAIL("player %d holds Longest Road with a road of %d (longest %d)", h + 1,
             s->pl[h].road_len, max);
    if (h < 0 && max >= 5 && cnt == 1)
        FAIL("a unique longest road of %d has no award", max);
    int la = s->la_holder;
    for (int p = 0; p < n; p++) {
        if (la < 0 && s->pl[p].knights_played >= 3)
            FAIL("player %d played %d knights without Largest Army", p + 1, s->pl[p].knights_played);
        if (la >= 0 && s->pl[p].knights_played > s->pl[la].knights_played)
            FAIL("Largest Army is held by player %d with fewer knights", la + 1);
    }
    if (la >= 0 && s->pl[la].knights_played < 3)
        FAIL("Largest Army with fewer than 3 knights");
    return check_network(g, s, why) && check_ck(g, s, why) && check_setup(g, s, why);
}

/* The domestic trade: composing (cards still in the proposer's hand) or
 * open (the offer and each acceptor's part held aside). */
static int check_trade(const kt_game *g, const cat_state *s, kt_buf *why)
{
    int n = cat_np(g), tp = s->h.turn_player;
    int composing = has_frame(s, F_TRADE_COMPOSE, -1);
    int open = has_frame(s, P_TRADE, -1) || has_frame(s, F_TRADE_CHOOSE, -1);
    if ((s->tr_state == 1) != composing || (s->tr_state == 2) != open)
        FAIL("trade state %d disagrees with the pending decisions", s->tr_state);
    int ngive = 0, nget = 0;
    for (int k = 0; k < CAT_NKIND; k++) {
        ngive += s->tr_give[k];
        nget += s->tr_get[k];
        if (s->tr_give[k] && s->tr_get[k])
            FAIL("the trade offers and asks for %s", cat_kind_key[k]);
        if (s->tr_state == 1 && s->tr_give[k] > s->pl[tp].hand[k])
            FAIL("the trade offers more %s than the proposer holds", cat_kind_key[k]);
    }
    if (ngive > 5 || nget > 5)
        FAIL("a trade of more than five cards a side");
    if (s->tr_state == 0 && (ngive || nget || s->tr_accept || s->tr_to))
        FAIL("trade cards or partners without a trade");
    if (s->tr_state == 1 && (s->tr_accept || s->tr_to))
        FAIL("trade partners while the offer is composed");
    if (s->tr_state == 2 &&
        (!ngive || !nget || s->tr_to == tp || s->tr_accept >> n || (s->tr_accept >> tp & 1) ||
         (s->tr_to >= 0 && (s->tr_accept & ~(1u << s->tr_to)))))
        FAIL("an open trade with empty sides or impossible partners");
    if (s->tr_state && !s->proposals)
        FAIL("a trade without a proposal this turn");
    return 1;
}

static int check_flow(const kt_game *g, const cat_state *s, kt_buf *why)
{
    int n = cat_np(g);
    for (int i = s->nframes; i < CAT_STACK; i++) {
        const cat_frame *f = &s->st[i];
        if (f->kind | f->player | f->a | f->b | f->c | f->d)
            FAIL("unused stack slot %d is not empty", i);
    }
    if (s->h.status == KT_FINISHED && s->winner < 0)
        FAIL("a finished game without a winner");
    if (s->h.status != KT_FINISHED && s->winner >= 0)
        FAIL("a winner in a game that is not finished");
    if (s->winner >= 0 && (s->winner != s->h.turn_player ||
                           cat_vp_total(g, s, s->winner) < cat_cfg_of(g)->vp_target))
        FAIL("player %d won without the points on their own turn", s->winner + 1);
    if (!cat_check_stack(g, s, why) || !check_trade(g, s, why))
        return 0;
    if (s->h.status != KT_RUNNING)
        return 1;
    const cat_frame *f = cat_ctop(s);
    if (s->h.to_move != f->player || s->h.decision != f->kind)
        FAIL("header says player %d decides '%s' but the stack says player %d decides '%s'",
             s->h.to_move + 1, cat_decision_name(s->h.decision) ? cat_decision_name(s->h.decision) : "?",
             f->player + 1, cat_frame_key[f->kind]);
    int setup = s->setup_step < 2 * n;
    if ((s->h.turn == 0) != setup)
        FAIL("turn %u %s the setup", s->h.turn, setup ? "during" : "after");
    if (!setup && cat_vp_total(g, s, s->h.turn_player) >= cat_cfg_of(g)->vp_target)
        FAIL("player %d has won but the game goes on", s->h.turn_player + 1);
    return 1;
}

int cat_check(const kt_game *g, const kt_state *ks, kt_buf *why)
{
    const cat_state *s = (const cat_state *)ks;
    return check_cards(g, s, why) && check_board(g, s, why) && check_flow(g, s, why);
}

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
