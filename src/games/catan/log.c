/*
 * log.c - the game log (gamedef.events): what an action did besides what
 * its own text says, in English and German, each event with the players
 * allowed to see it.
 *
 * The hook compares the state before and after the action (apply runs the
 * rules to the next decision, so one action may roll, produce, attack and
 * draw): card vectors per player, progress hands, pieces on the board,
 * awards and the pending frames after the action (who must discard, lose a
 * city, answer a trade).  Everything is public except what a card hides:
 * the card a robber or Bishop steals (seen by thief and victim), progress
 * cards drawn face down and development cards bought (seen by their new
 * owner).  Production is public: it comes from the board.
 *
 * Texts are built in both languages with one function per event taking
 * `de` (0/1); ev_emit adds them with their visibility.  Turn numbers are
 * hdr.turn (every player's turn counts one), rounds (turn + n - 1) / n -
 * the same numbers render and result use.
 */
#include <string.h>

#include "catan.h"

typedef struct ev {
    kt_buf b[2]; /* English, German */
} ev;

/* the log's allocator: the scratch text goes where the log is written */
static void ev_init(ev *e, const kt_log *log)
{
    kt_buf_init_alloc(&e->b[0], kt_log_alloc(log));
    kt_buf_init_alloc(&e->b[1], kt_log_alloc(log));
}

/* The redacted public form of a private event: an omniscient reader, who
 * gets the private form, does not need it too. */
static void ev_emit_redacted(ev *e, kt_log *log, uint32_t vis, const char *kind, int player);

static void ev_emit(ev *e, kt_log *log, uint32_t vis, const char *kind, int player)
{
    if (e->b[0].len)
        kt_log_add(log, vis, kind, player, e->b[0].p, e->b[1].p);
    kt_buf_free(&e->b[0]);
    kt_buf_free(&e->b[1]);
    ev_init(e, log);
}

static void ev_emit_redacted(ev *e, kt_log *log, uint32_t vis, const char *kind, int player)
{
    if (kt_log_viewer(log) == KT_OMNISCIENT) {
        kt_buf_free(&e->b[0]);
        kt_buf_free(&e->b[1]);
        ev_init(e, log);
        return;
    }
    ev_emit(e, log, vis, kind, player);
}

/* One printf per language; the arguments may use L (0 English, 1 German)
 * to pick words.  Both format strings are literals, so both are checked. */
#define EV(e, en, de, ...) \
    for (int L = 0; L < 2; L++) \
    kt_buf_printf(&(e)->b[L], L ? de : en, __VA_ARGS__)
#define EVS(e, en, de) (kt_buf_puts(&(e)->b[0], en), kt_buf_puts(&(e)->b[1], de))
#define LNG(L) ((L) ? KT_LANG_DE : KT_LANG_EN)

static const char *kind_word(int k, int count, int de)
{
    if (k == K_COIN && count != 1)
        return de ? "Münzen" : "coins";
    return cat_kind_name(k, de ? KT_LANG_DE : KT_LANG_EN);
}

/* "2 ore, 1 cloth" from a vector of counts (nothing when all are 0) */
static int put_cards(kt_buf *b, const int *v, int de)
{
    int any = 0;
    for (int k = 0; k < CAT_NKIND; k++)
        if (v[k] > 0) {
            kt_buf_printf(b, "%s%d %s", any ? ", " : "", v[k], kind_word(k, v[k], de));
            any = 1;
        }
    return any;
}

static void ev_cards(ev *e, const int *v)
{
    for (int de = 0; de < 2; de++)
        put_cards(&e->b[de], v, de);
}

static void ev_cards8(ev *e, const uint8_t *v)
{
    int x[CAT_NKIND];
    for (int k = 0; k < CAT_NKIND; k++)
        x[k] = v[k];
    ev_cards(e, x);
}

/* "Players 2 and 4" / "Spieler 2 und 4" for a bit set, opening a sentence
 * (cap) or inside one */
static void ev_players(ev *e, uint32_t m, int cap)
{
    int cnt = cat_popc(m), i = 0;
    EVS(e, cnt > 1 ? (cap ? "Players " : "players ") : (cap ? "Player " : "player "), "Spieler ");
    for (int p = 0; p < CAT_MAXP; p++)
        if (m >> p & 1) {
            i++;
            EV(e, "%s%d", "%s%d", i == 1 ? "" : i == cnt ? (L ? " und " : " and ") : ", ", p + 1);
        }
}

static uint32_t frames_of(const cat_state *s, int kind)
{
    uint32_t m = 0;
    for (int i = 0; i < s->nstack; i++)
        if (s->stack[i].kind == kind)
            m |= 1u << s->stack[i].player;
    return m;
}

static int round_of(const kt_game *g, uint32_t turn)
{
    return (int)((turn + (uint32_t)cat_np(g) - 1) / (uint32_t)cat_np(g));
}

/* ------------------------------------------------------------ the roll */

static const char *const event_en[5] = {"", "ship", "yellow gate (trade)", "blue gate (politics)",
                                        "green gate (science)"};
static const char *const event_de[5] = {"", "Schiff", "gelbes Tor (Handel)", "blaues Tor (Politik)",
                                        "grünes Tor (Wissenschaft)"};

static void log_roll(const kt_game *g, const cat_state *a, int p, kt_log *log)
{
    ev e;
    ev_init(&e, log);
    int r = a->dice[0], y = a->dice[1];
    EV(&e, "Player %d rolls red %d + yellow %d = %d", "Spieler %d würfelt rot %d + gelb %d = %d",
       p + 1, r, y, r + y);
    if (cat_config(g)->ck && a->dice[2] <= EV_GATE_SCIENCE)
        EV(&e, ", event die: %s", ", Ereigniswürfel: %s", (L ? event_de : event_en)[a->dice[2]]);
    EVS(&e, ".", ".");
    ev_emit(&e, log, KT_VIS_ALL, "roll", p);
}

/* What the roll produced for each player (hand differences: nothing else
 * changes hands during a roll). */
static void log_production(const kt_game *g, const cat_state *b, const cat_state *a, kt_log *log)
{
    ev e;
    ev_init(&e, log);
    int any = 0;
    for (int p = 0; p < cat_np(g); p++) {
        int d[CAT_NKIND], got = 0;
        for (int k = 0; k < CAT_NKIND; k++) {
            d[k] = a->pl[p].hand[k] - b->pl[p].hand[k];
            got |= d[k] > 0;
        }
        if (!got)
            continue;
        EV(&e, "%splayer %d receives ", "%sSpieler %d erhält ",
           any ? "; " : (L ? "Ertrag: " : "Production: "), p + 1);
        ev_cards(&e, d);
        any = 1;
    }
    if (any) {
        EVS(&e, ".", ".");
    } else {
        EVS(&e, "Production: nobody receives anything", "Ertrag: niemand erhält etwas");
        if (a->number[a->robber] == a->dice[0] + a->dice[1])
            EV(&e, " (the robber blocks %c)", " (der Räuber blockiert %c)", 'A' + a->robber);
        EVS(&e, ".", ".");
    }
    ev_emit(&e, log, KT_VIS_ALL, "produce", -1);
    uint32_t aq = frames_of(a, F_AQUEDUCT);
    if (aq) {
        ev_players(&e, aq, 1);
        EVS(&e, " received nothing and may take a resource of choice (Aqueduct).",
            cat_popc(aq) > 1 ? " haben nichts erhalten und dürfen je einen Rohstoff wählen "
                               "(Aquädukt)."
                             : " hat nichts erhalten und darf einen Rohstoff wählen (Aquädukt).");
        ev_emit(&e, log, KT_VIS_ALL, "produce", -1);
    }
}

static int knight_power(const cat_state *s, int p)
{
    int t = 0;
    for (int v = 0; v < CAT_NV; v++)
        if (s->v_piece[v] == VP_KNIGHT && s->v_owner[v] == p && (s->v_aux[v] & KN_ACTIVE))
            t += s->v_aux[v] & KN_LEVEL;
    return t;
}

/* The barbarians: advance, and an attack with strengths and outcome. */
static void log_barbarians(const kt_game *g, const cat_state *b, const cat_state *a, kt_log *log)
{
    ev e;
    ev_init(&e, log);
    int n = cat_np(g);
    EV(&e, "The barbarian ship advances to %d of 7.", "Das Barbarenschiff rückt auf %d von 7 vor.",
       a->attacks > b->attacks ? 7 : a->barb);
    ev_emit(&e, log, KT_VIS_ALL, "barbarians", -1);
    /* the attack is over, or waits for the cities to be chosen */
    if (a->attacks == b->attacks && !(frames_of(a, P_ATTACK) || frames_of(a, F_CITY_LOSS)))
        return;
    int strength = 0, defence = 0;
    for (int p = 0; p < n; p++) {
        strength += b->pl[p].n_city + (cat_config(g)->barb_double ? b->pl[p].n_metro : 0);
        defence += knight_power(b, p);
    }
    EV(&e, "The barbarians land: strength %d (cities) against %d (active knights: ",
       "Die Barbaren landen: Stärke %d (Städte) gegen %d (aktive Ritter: ", strength, defence);
    for (int p = 0; p < n; p++)
        EV(&e, "%splayer %d %d", "%sSpieler %d %d", p ? ", " : "", p + 1, knight_power(b, p));
    EVS(&e, ").", ").");
    ev_emit(&e, log, KT_VIS_ALL, "attack", -1);
    if (defence >= strength) {
        EVS(&e, "Catan is defended.", "Catan ist verteidigt.");
        for (int p = 0; p < n; p++)
            if (a->pl[p].defender > b->pl[p].defender)
                EV(&e, " Player %d is Defender of Catan (1 victory point).",
                   " Spieler %d ist Verteidiger Catans (1 Siegpunkt).", p + 1);
        uint32_t tie = frames_of(a, F_DEFENDER_DRAW);
        if (tie) {
            EVS(&e, " Tied for the most knights, ", " Gleichauf mit den meisten Rittern ziehen ");
            ev_players(&e, tie, 0);
            EVS(&e, " each draw a progress card of their choice.",
                " je eine Fortschrittskarte ihrer Wahl.");
        }
    } else {
        EVS(&e, "Catan loses.", "Catan verliert.");
        int any = 0;
        for (int v = 0; v < CAT_NV; v++)
            if (b->v_piece[v] == VP_CITY && a->v_piece[v] == VP_SETTLE) {
                EV(&e, " Player %d's city at %d is reduced to a settlement.",
                   " Die Stadt von Spieler %d auf %d wird zur Siedlung.", a->v_owner[v] + 1, v);
                any = 1;
            }
        uint32_t lose = frames_of(a, F_CITY_LOSS);
        if (lose) {
            EVS(&e, " ", " ");
            ev_players(&e, lose, 1);
            EVS(&e, " must choose a city to lose.",
                cat_popc(lose) > 1 ? " müssen je eine Stadt wählen, die verloren geht."
                                   : " muss eine Stadt wählen, die verloren geht.");
        } else if (!any) {
            EVS(&e, " Nobody has a city they could lose.", " Niemand hat eine Stadt, die verloren gehen kann.");
        }
    }
    ev_emit(&e, log, KT_VIS_ALL, "attack", -1);
}

/* after any action that finished an attack */
static void log_attack_over(const cat_state *b, const cat_state *a, kt_log *log)
{
    if (a->attacks <= b->attacks)
        return;
    ev e;
    ev_init(&e, log);
    EVS(&e, "The attack is over: all knights are now inactive and the ship starts again.",
        "Der Angriff ist vorbei: alle Ritter sind jetzt inaktiv, das Schiff beginnt von vorn.");
    ev_emit(&e, log, KT_VIS_ALL, "attack", -1);
}

/* ------------------------------------------------------------ cards */

/* Progress cards that entered a hand (gate, Defender draw) or were revealed
 * as victory point cards; development cards bought. */
static void log_draws(const kt_game *g, const cat_state *b, const cat_state *a, kt_action act,
                      kt_log *log)
{
    ev e;
    ev_init(&e, log);
    int k = ACT_K(act);
    for (int p = 0; p < cat_np(g); p++) {
        const cat_player *pb = &b->pl[p], *pa = &a->pl[p];
        for (int bit = 0; bit < 2; bit++)
            if ((pa->vpcards >> bit & 1) && !(pb->vpcards >> bit & 1)) {
                int c = bit ? PC_PRINTER : PC_CONSTITUTION;
                EV(&e, "Player %d draws %s and reveals it: 1 victory point.",
                   "Spieler %d zieht %s und deckt die Karte auf: 1 Siegpunkt.", p + 1,
                   cat_card_name(c, LNG(L)));
                ev_emit(&e, log, KT_VIS_ALL, "draw", p);
            }
        if (k == A_SPYTAKE || k == A_PLAY || k == A_PDISCARD)
            continue; /* the action's own text tells these */
        /* cards now in the hand that were not before (multiset) */
        int cnt[CAT_NPROG] = {0};
        for (int i = 0; i < pb->nprog; i++)
            cnt[pb->prog[i]]++;
        for (int i = 0; i < pa->nprog; i++) {
            int c = pa->prog[i];
            if (cnt[c]) {
                cnt[c]--;
                continue;
            }
            int col = cat_progress[c].colour;
            EV(&e, "Player %d draws %s (%s card).", "Spieler %d zieht %s (%s).", p + 1,
               cat_card_name(c, LNG(L)), (L ? cat_track_de : cat_track_en)[col]);
            ev_emit(&e, log, KT_VIS_ONLY(p), "draw", p);
            EV(&e, "Player %d draws a %s card.", "Spieler %d zieht eine Karte (%s).", p + 1,
               (L ? cat_track_de : cat_track_en)[col]);
            ev_emit_redacted(&e, log, KT_VIS_EXCEPT(p), "draw", p);
        }
        if (k == A_BUYDEV)
            for (int d = 0; d < CAT_NDEV; d++)
                if (pa->dev[d] > pb->dev[d]) {
                    EV(&e, "Player %d draws %s.", "Spieler %d zieht %s.", p + 1,
                       L ? cat_devcards[d].de : cat_devcards[d].en);
                    ev_emit(&e, log, KT_VIS_ONLY(p), "draw", p);
                }
    }
}

/* Cards taken from one player by another at random (robber, Bishop):
 * the kind is seen only by the two. */
static void log_steals(const kt_game *g, const cat_state *b, const cat_state *a, int thief,
                       kt_log *log)
{
    ev e;
    ev_init(&e, log);
    for (int q = 0; q < cat_np(g); q++) {
        if (q == thief)
            continue;
        int d[CAT_NKIND], lost = 0;
        for (int k = 0; k < CAT_NKIND; k++) {
            d[k] = b->pl[q].hand[k] - a->pl[q].hand[k];
            lost += d[k] > 0 ? d[k] : 0;
        }
        if (!lost)
            continue;
        uint32_t two = KT_VIS_ONLY(thief) | KT_VIS_ONLY(q);
        EV(&e, "Player %d steals ", "Spieler %d stiehlt ", thief + 1);
        ev_cards(&e, d);
        EV(&e, " from player %d.", " von Spieler %d.", q + 1);
        ev_emit(&e, log, two, "steal", thief);
        EV(&e, "Player %d steals %d card%s from player %d.", "Spieler %d stiehlt %d Karte%s von Spieler %d.",
           thief + 1, lost, lost == 1 ? "" : (L ? "n" : "s"), q + 1);
        ev_emit_redacted(&e, log, KT_VIS_ALL & ~two, "steal", thief);
    }
}

/* Public card movements an action caused beyond its text: monopolies,
 * Irrigation and Mining, the Commercial Harbor's commodity, a setup
 * city's resources. */
static void log_transfers(const kt_game *g, const cat_state *b, const cat_state *a, kt_log *log)
{
    ev e;
    ev_init(&e, log);
    for (int p = 0; p < cat_np(g); p++) {
        int gain[CAT_NKIND], loss[CAT_NKIND], g1 = 0, l1 = 0;
        for (int k = 0; k < CAT_NKIND; k++) {
            int d = a->pl[p].hand[k] - b->pl[p].hand[k];
            gain[k] = d > 0 ? d : 0;
            loss[k] = d < 0 ? -d : 0;
            g1 |= d > 0;
            l1 |= d < 0;
        }
        if (g1) {
            EV(&e, "Player %d receives ", "Spieler %d erhält ", p + 1);
            ev_cards(&e, gain);
            EVS(&e, ".", ".");
            ev_emit(&e, log, KT_VIS_ALL, "cards", p);
        }
        if (l1) {
            EV(&e, "Player %d gives up ", "Spieler %d gibt ", p + 1);
            ev_cards(&e, loss);
            EVS(&e, ".", " ab.");
            ev_emit(&e, log, KT_VIS_ALL, "cards", p);
        }
    }
}

/* ------------------------------------------------------------ trade */

static void log_trade(const cat_state *b, const cat_state *a, kt_action act,
                      kt_log *log)
{
    ev e;
    ev_init(&e, log);
    int k = ACT_K(act), tp = b->h.turn_player;
    const cat_frame *fb = b->nstack ? &b->stack[b->nstack - 1] : NULL;
    if (k == A_SEND && fb && fb->kind == F_TRADE_COMPOSE) {
        EV(&e, "Player %d offers ", "Spieler %d bietet ", tp + 1);
        ev_cards8(&e, b->tr_give);
        EVS(&e, " for ", " für ");
        ev_cards8(&e, b->tr_get);
        if (ACT_X(act) == SEND_ALL)
            EVS(&e, " to everybody.", " allen an.");
        else
            EV(&e, " to player %d.", " Spieler %d an.", ACT_X(act) + 1);
        ev_emit(&e, log, KT_VIS_ALL, "trade", tp);
    }
    if (k == A_DEAL) {
        EV(&e, "Player %d trades ", "Spieler %d tauscht ", tp + 1);
        ev_cards8(&e, b->tr_give);
        EVS(&e, " for ", " gegen ");
        ev_cards8(&e, b->tr_get);
        EV(&e, " with player %d.", " mit Spieler %d.", ACT_X(act) + 1);
        ev_emit(&e, log, KT_VIS_ALL, "trade", tp);
        return;
    }
    if (b->tr_state == 2 && a->tr_state == 0 && k == A_CANCEL) {
        EV(&e, "Player %d withdraws the offer; everybody takes their cards back.",
           "Spieler %d zieht das Angebot zurück; alle nehmen ihre Karten zurück.", tp + 1);
        ev_emit(&e, log, KT_VIS_ALL, "trade", tp);
        return;
    }
    if ((b->tr_state == 2 || k == A_SEND) && a->tr_state == 0) {
        /* the offer came back: nobody could or would accept */
        int to = k == A_SEND ? (ACT_X(act) == SEND_ALL ? -1 : ACT_X(act)) : b->tr_to;
        if (to < 0)
            EVS(&e, "Nobody accepts: the offer to everybody is declined",
                "Niemand nimmt an: das Angebot an alle ist abgelehnt");
        else
            EV(&e, "Player %d does not accept: the offer is declined",
               "Spieler %d nimmt nicht an: das Angebot ist abgelehnt", to + 1);
        EV(&e, "; player %d takes the cards back.", "; Spieler %d nimmt die Karten zurück.", tp + 1);
        ev_emit(&e, log, KT_VIS_ALL, "trade", tp);
        return;
    }
    if (a->tr_state == 2 && a->nstack && a->stack[a->nstack - 1].kind == F_TRADE_CHOOSE &&
        !(b->nstack && b->stack[b->nstack - 1].kind == F_TRADE_CHOOSE)) {
        ev_players(&e, a->tr_accept, 1);
        EV(&e, " accepted; player %d chooses a partner.",
           cat_popc(a->tr_accept) > 1 ? " haben angenommen; Spieler %d wählt."
                                      : " hat angenommen; Spieler %d wählt.",
           tp + 1);
        ev_emit(&e, log, KT_VIS_ALL, "trade", tp);
    }
}

/* ------------------------------------------------------------ board */

static void log_awards(const cat_state *b, const cat_state *a, kt_log *log)
{
    ev e;
    ev_init(&e, log);
    if (a->lr_holder != b->lr_holder) {
        if (a->lr_holder >= 0)
            EV(&e, "Player %d now holds the Longest Road (%d roads).",
               "Spieler %d hat jetzt die längste Handelsstraße (%d Straßen).", a->lr_holder + 1,
               a->pl[a->lr_holder].road_len);
        else
            EV(&e, "Player %d loses the Longest Road; nobody holds it.",
               "Spieler %d verliert die längste Handelsstraße; niemand hat sie.", b->lr_holder + 1);
        ev_emit(&e, log, KT_VIS_ALL, "award", a->lr_holder >= 0 ? a->lr_holder : b->lr_holder);
    }
    if (a->la_holder != b->la_holder && a->la_holder >= 0) {
        EV(&e, "Player %d now holds the Largest Army (%d knights played).",
           "Spieler %d hat jetzt die größte Rittermacht (%d Ritter gespielt).", a->la_holder + 1,
           a->pl[a->la_holder].knights_played);
        ev_emit(&e, log, KT_VIS_ALL, "award", a->la_holder);
    }
    for (int t = 0; t < 3; t++) {
        int vb = cat_metro_vertex(b, t), va = cat_metro_vertex(a, t);
        if (va == vb || va < 0)
            continue;
        int p = a->v_owner[va];
        EV(&e, "Player %d builds the %s metropolis on the city at %d",
           "Spieler %d baut die Metropole (%s) auf die Stadt %d", p + 1,
           (L ? cat_track_de : cat_track_en)[t], va);
        if (vb >= 0 && b->v_owner[vb] != p)
            EV(&e, ", taking it from player %d", " und nimmt sie Spieler %d ab", b->v_owner[vb] + 1);
        EVS(&e, " (2 victory points).", " (2 Siegpunkte).");
        ev_emit(&e, log, KT_VIS_ALL, "metropolis", p);
    }
}

/* Knights that left the board because of another player (displaced,
 * driven off, deserted) and knights activated by a card. */
static void log_knights(const kt_game *g, const cat_state *b, const cat_state *a, kt_action act,
                        kt_log *log)
{
    ev e;
    ev_init(&e, log);
    int k = ACT_K(act), tp = b->h.turn_player;
    for (int v = 0; v < CAT_NV; v++) {
        if (b->v_piece[v] != VP_KNIGHT || b->v_owner[v] == tp)
            continue;
        int q = b->v_owner[v];
        if (a->v_piece[v] == VP_KNIGHT && a->v_owner[v] == q)
            continue;
        EV(&e, "Player %d's knight at %d is driven off; ", "Der Ritter von Spieler %d auf %d wird vertrieben; ",
           q + 1, v);
        if (frames_of(a, F_RELOCATE) >> q & 1)
            EV(&e, "player %d moves it to a free place on their roads.",
               "Spieler %d setzt ihn auf einen freien Platz an seinen Straßen.", q + 1);
        else if (k == A_REMOVE_KNIGHT || k == A_TARGET)
            EV(&e, "it deserts to player %d.", "er läuft zu Spieler %d über.", tp + 1);
        else
            EVS(&e, "it has nowhere to go and returns to the supply.",
                "er findet keinen Platz und geht in den Vorrat zurück.");
        ev_emit(&e, log, KT_VIS_ALL, "knight", q);
    }
    if (k == A_PLAY && ACT_X(act) == PC_WARLORD) {
        EV(&e, "All knights of player %d are now active.", "Alle Ritter von Spieler %d sind jetzt aktiv.",
           tp + 1);
        ev_emit(&e, log, KT_VIS_ALL, "knight", tp);
    }
    (void)g;
}

/* Who must act next because of this action (discards, gifts). */
static void log_demands(const kt_game *g, const cat_state *b, const cat_state *a, kt_log *log)
{
    ev e;
    ev_init(&e, log);
    uint32_t disc = frames_of(a, F_DISCARD) & ~frames_of(b, F_DISCARD);
    if (disc) {
        ev_players(&e, disc, 1);
        EVS(&e, " must discard half of their cards.",
            cat_popc(disc) > 1 ? " müssen die Hälfte ihrer Karten abwerfen."
                               : " muss die Hälfte der Karten abwerfen.");
        ev_emit(&e, log, KT_VIS_ALL, "discard", -1);
    }
    uint32_t give = frames_of(a, F_GIVE) & ~frames_of(b, F_GIVE);
    if (give) {
        ev_players(&e, give, 1);
        EV(&e, " must give player %d two cards of their choice.",
           cat_popc(give) > 1 ? " müssen Spieler %d je zwei Karten nach Wahl geben."
                              : " muss Spieler %d zwei Karten nach Wahl geben.",
           a->h.turn_player + 1);
        ev_emit(&e, log, KT_VIS_ALL, "give", -1);
    }
    (void)g;
}

static void log_end(const kt_game *g, const cat_state *a, kt_log *log)
{
    ev e;
    ev_init(&e, log);
    int w = a->winner;
    EV(&e, "Player %d wins with %d victory points in turn %u (round %d). Final points:",
       "Spieler %d gewinnt mit %d Siegpunkten in Zug %u (Runde %d). Endstand:", w + 1,
       cat_vp_total(g, a, w), a->h.turn, round_of(g, a->h.turn));
    for (int p = 0; p < cat_np(g); p++) {
        EV(&e, "%s player %d %d", "%s Spieler %d %d", p ? "," : "", p + 1, cat_vp_total(g, a, p));
        if (a->pl[p].dev[DV_VP])
            EV(&e, " (%d from victory point cards)", " (%d aus Siegpunktkarten)", a->pl[p].dev[DV_VP]);
    }
    EVS(&e, ".", ".");
    ev_emit(&e, log, KT_VIS_ALL, "score", w);
}

void cat_events(const kt_game *g, const kt_state *kb, kt_action act, const kt_state *ka,
                kt_log *log)
{
    const cat_state *b = (const cat_state *)kb, *a = (const cat_state *)ka;
    if (!b->nstack || b->h.status != KT_RUNNING)
        return;
    const cat_frame *f = &b->stack[b->nstack - 1];
    int k = ACT_K(act), p = f->player;
    int rolled = (f->kind == F_ROLL && k == A_ROLL) || (f->kind == F_ALCHEMIST && k == A_DICE);
    if (rolled) {
        log_roll(g, a, p, log);
        if (cat_config(g)->ck && a->dice[2] == EV_SHIP)
            log_barbarians(g, b, a, log);
        if (a->dice[0] + a->dice[1] != 7) {
            log_production(g, b, a, log);
        } else if (cat_config(g)->ck && !a->attacks) {
            ev e;
            ev_init(&e, log);
            EVS(&e, "A 7: the robber stays in the desert until the barbarians' first attack.",
                "Eine 7: der Räuber bleibt bis zum ersten Barbarenangriff in der Wüste.");
            ev_emit(&e, log, KT_VIS_ALL, "robber", -1);
        }
    } else if (k == A_ROBBER || k == A_STEAL) {
        log_steals(g, b, a, p, log);
    } else if ((k == A_PLAY && ACT_X(act) != PC_WARLORD) || k == A_MONO || k == A_HOFFER ||
               (f->kind == F_SETUP_BUILD && b->setup_step >= cat_np(g))) {
        if (k == A_PLAY && ACT_X(act) == PC_BISHOP)
            ; /* the robber moves next */
        else
            log_transfers(g, b, a, log);
    } else if (k == A_SEND || k == A_DEAL || k == A_CANCEL || k == A_ACCEPT || k == A_DECLINE) {
        log_trade(b, a, act, log);
    }
    if (k == A_SWAP2) {
        ev e;
        ev_init(&e, log);
        int h1 = f->a, h2 = ACT_X(act);
        EV(&e, "Number tokens swapped: %c now has %d, %c has %d.",
           "Zahlenchips getauscht: %c hat jetzt %d, %c hat %d.", 'A' + h1, a->number[h1], 'A' + h2,
           a->number[h2]);
        ev_emit(&e, log, KT_VIS_ALL, "inventor", p);
    }
    log_attack_over(b, a, log);
    log_draws(g, b, a, act, log);
    log_knights(g, b, a, act, log);
    log_demands(g, b, a, log);
    log_awards(b, a, log);
    if (a->h.status == KT_FINISHED && a->winner >= 0) {
        log_end(g, a, log);
    } else if (a->h.status == KT_RUNNING && a->h.turn != b->h.turn && a->h.turn_player >= 0) {
        ev e;
        ev_init(&e, log);
        EV(&e, "Turn %u (round %d): player %d.", "Zug %u (Runde %d): Spieler %d.", a->h.turn,
           round_of(g, a->h.turn), a->h.turn_player + 1);
        ev_emit(&e, log, KT_VIS_ALL, "turn", a->h.turn_player);
    }
}
