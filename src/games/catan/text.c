/*
 * text.c - action texts and prompts in English and German.
 *
 * Every action text is built from the action code and the current state;
 * texts are unique among the legal actions of a decision in each language
 * (the core parses text by matching it against them).  Places are written
 * as on the rendered map: hexes A..S, vertices 0..53, roads "a-b" by their
 * two vertices, players 1..n.  Texts for another player's hidden choice
 * (discarding or taking a progress card, Master Merchant takes) are
 * redacted for every viewer but the actor and KT_OMNISCIENT (a spectator,
 * KT_SPECTATOR, sees only public information).
 */
#include <stdio.h>
#include <string.h>

#include "catan.h"

const char *cat_decision_name(int d)
{
    return d >= 0 && d < F_NDECISIONS ? cat_frame_key[d] : NULL;
}

void cat_hex_name(int h, char *out)
{
    out[0] = (char)('A' + h);
    out[1] = '\0';
}

const char *cat_kind_name(int k, int lang)
{
    return lang == KT_LANG_DE ? cat_kind_de[k] : cat_kind_en[k];
}

const char *cat_card_name(int c, int lang)
{
    return lang == KT_LANG_DE ? cat_progress[c].de : cat_progress[c].en;
}

static const char *dev_name(int d, int lang)
{
    return lang == KT_LANG_DE ? cat_devcards[d].de : cat_devcards[d].en;
}

static const char *const level_en[4] = {"", "basic", "strong", "mighty"};
static const char *const level_de[4] = {"", "einfachen", "starken", "mächtigen"};
static const char *const deck_de[3] = {"Handelskarte", "Politikkarte", "Wissenschaftskarte"};

/* The texts of card draws, progress cards and their picks (the rest of cat_action_text). */
static void action_text_cards(const kt_game *g, const kt_state *ks, kt_action a, int viewer,
                              int lang, kt_buf *out)
{
    const cat_state *s = (const cat_state *)ks;
    int de = lang == KT_LANG_DE;
    int x = ACT_X(a), y = ACT_Y(a);
    const cat_frame *f = s->nstack ? cat_ctop(s) : NULL;
    int actor = f ? f->player : -1;
    int hidden = viewer != KT_OMNISCIENT && viewer != actor;
    char h1[2], h2[2];
    switch (ACT_K(a)) {
    case A_DECK:
        if (x < 3) {
            if (de)
                kt_buf_printf(out, "%s ziehen", deck_de[x]);
            else
                kt_buf_printf(out, "draw a %s card", cat_track_en[x]);
        }
        return;
    case A_PDISCARD:
        if (x >= CAT_NPROG)
            return;
        if (hidden) {
            int c = cat_progress[x].colour;
            if (de)
                kt_buf_printf(out, "eine %s abwerfen", deck_de[c]);
            else
                kt_buf_printf(out, "discard a %s card", cat_track_en[c]);
        } else {
            kt_buf_printf(out, de ? "%s abwerfen" : "discard %s", cat_card_name(x, lang));
        }
        return;
    case A_TARGET: kt_buf_printf(out, de ? "Spieler %d wählen" : "choose player %d", x + 1); return;
    case A_SPYTAKE:
        if (x >= CAT_NPROG)
            return;
        if (hidden && !(f && f->kind == F_SPY_PICK && viewer == f->a))
            kt_buf_puts(out, de ? "eine Karte nehmen" : "take a card");
        else
            kt_buf_printf(out, de ? "%s nehmen" : "take %s", cat_card_name(x, lang));
        return;
    case A_REMOVE_KNIGHT: kt_buf_printf(out, de ? "Ritter %d entfernen" : "remove knight %d", x); return;
    case A_PLACE_KNIGHT:
        if (y >= 1 && y <= 3)
            kt_buf_printf(out, de ? "%s Ritter auf %d einsetzen" : "place %s knight at %d",
                          de ? level_de[y] : level_en[y], x);
        return;
    case A_REMOVE_ROAD:
        if (x < CAT_NE)
            kt_buf_printf(out, de ? "Straße %d-%d entfernen" : "remove road %d-%d", cat_e_v[x][0],
                          cat_e_v[x][1]);
        return;
    case A_DISPLACE: kt_buf_printf(out, de ? "Ritter %d vertreiben" : "drive off knight %d", x); return;
    case A_SWAP1:
        if (x < CAT_NH) {
            cat_hex_name(x, h1);
            kt_buf_printf(out, de ? "Zahl auf %s" : "token on %s", h1);
        }
        return;
    case A_SWAP2:
        if (x < CAT_NH) {
            cat_hex_name(x, h2);
            kt_buf_printf(out, de ? "mit %s tauschen" : "swap with %s", h2);
        }
        return;
    case A_MERCHANT:
        if (x < CAT_NH) {
            cat_hex_name(x, h1);
            kt_buf_printf(out, de ? "Händler nach %s" : "merchant to %s", h1);
        }
        return;
    case A_MONO:
        if (x < CAT_NKIND)
            kt_buf_printf(out, de ? "Monopol auf %s" : "monopoly on %s", cat_kind_name(x, lang));
        return;
    case A_METRO: kt_buf_printf(out, de ? "Metropole auf %d" : "metropolis on %d", x); return;
    case A_GIVE:
        if (x < CAT_NKIND)
            kt_buf_printf(out, de ? "%s abgeben" : "give %s", cat_kind_name(x, lang));
        return;
    case A_HOFFER:
        if (x < CAT_NKIND && f && de)
            kt_buf_printf(out, "Spieler %d %s anbieten", f->a + 1, cat_kind_name(x, lang));
        else if (x < CAT_NKIND && f)
            kt_buf_printf(out, "offer %s to player %d", cat_kind_name(x, lang), f->a + 1);
        return;
    case A_SKIP:
        if (f)
            kt_buf_printf(out, de ? "Spieler %d auslassen" : "skip player %d", f->a + 1);
        return;
    }
    kt_buf_printf(out, "action %u", a);
    KT_UNUSED(g);
}

void cat_action_text(const kt_game *g, const kt_state *ks, kt_action a, int viewer, int lang,
                     kt_buf *out)
{
    const cat_state *s = (const cat_state *)ks;
    int de = lang == KT_LANG_DE;
    int x = ACT_X(a), y = ACT_Y(a), z = ACT_Z(a);
    const cat_frame *f = s->nstack ? cat_ctop(s) : NULL;
    int actor = f ? f->player : -1;
    /* everybody but the actor (spectators too) sees the redacted form */
    int hidden = viewer != KT_OMNISCIENT && viewer != actor;
    char h1[2];
    switch (ACT_K(a)) {
    case A_ROLL: kt_buf_puts(out, de ? "würfeln" : "roll"); return;
    case A_END: kt_buf_puts(out, de ? "Zug beenden" : "end turn"); return;
    case A_DONE: kt_buf_puts(out, de ? "fertig" : "done"); return;
    case A_SETTLE: kt_buf_printf(out, de ? "baue Siedlung %d" : "build settlement %d", x); return;
    case A_CITY: kt_buf_printf(out, de ? "baue Stadt %d" : "build city %d", x); return;
    case A_ROAD:
        if (x < CAT_NE)
            kt_buf_printf(out, de ? "baue Straße %d-%d" : "build road %d-%d", cat_e_v[x][0],
                          cat_e_v[x][1]);
        else
            kt_buf_printf(out, "road ?%d", x);
        return;
    case A_WALL: kt_buf_printf(out, de ? "baue Stadtmauer %d" : "build wall %d", x); return;
    case A_RECRUIT: kt_buf_printf(out, de ? "Ritter anwerben %d" : "recruit knight %d", x); return;
    case A_PROMOTE: kt_buf_printf(out, de ? "Ritter befördern %d" : "promote knight %d", x); return;
    case A_ACTIVATE:
        kt_buf_printf(out, de ? "Ritter aktivieren %d" : "activate knight %d", x);
        return;
    case A_KMOVE:
        if (y < CAT_NV && s->v_piece[y] == VP_KNIGHT)
            kt_buf_printf(out, de ? "Ritter %d vertreibt Ritter %d" : "knight %d displaces knight %d",
                          x, y);
        else
            kt_buf_printf(out, de ? "Ritter %d nach %d" : "knight %d to %d", x, y);
        return;
    case A_CHASE:
        kt_buf_printf(out, de ? "Ritter %d verjagt den Räuber" : "knight %d chases the robber", x);
        return;
    case A_IMPROVE:
        if (x < 3)
            kt_buf_printf(out, de ? "%s ausbauen" : "improve %s",
                          de ? cat_track_de[x] : cat_track_en[x]);
        return;
    case A_BANK:
        if (x < CAT_NKIND && y < CAT_NKIND)
            kt_buf_printf(out, de ? "%d %s gegen %s tauschen" : "trade %d %s for %s", z,
                          cat_kind_name(x, lang), cat_kind_name(y, lang));
        return;
    case A_PLAY:
        if (x < CAT_NPROG)
            kt_buf_printf(out, de ? "spiele %s" : "play %s", cat_card_name(x, lang));
        return;
    case A_BUYDEV:
        kt_buf_puts(out, de ? "kaufe Entwicklungskarte" : "buy development card");
        return;
    case A_PLAYDEV:
        if (x < CAT_NDEV)
            kt_buf_printf(out, de ? "spiele %s" : "play %s", dev_name(x, lang));
        return;
    case A_DISCARD:
        if (x < CAT_NKIND)
            kt_buf_printf(out, de ? "%s abwerfen" : "discard %s", cat_kind_name(x, lang));
        return;
    case A_ROBBER:
        if (x < CAT_NH) {
            cat_hex_name(x, h1);
            kt_buf_printf(out, de ? "Räuber nach %s" : "robber to %s", h1);
        }
        return;
    case A_STEAL: kt_buf_printf(out, de ? "bei Spieler %d stehlen" : "steal from player %d", x + 1); return;
    case A_TAKE:
        if (x >= CAT_NKIND)
            return;
        if (f && f->kind == F_MM_PICK && hidden && viewer != f->a)
            kt_buf_puts(out, de ? "eine Karte nehmen" : "take a card");
        else
            kt_buf_printf(out, de ? "%s nehmen" : "take %s", cat_kind_name(x, lang));
        return;
    case A_DICE: kt_buf_printf(out, de ? "rot %d gelb %d" : "red %d yellow %d", x, y); return;
    case A_PROPOSE: kt_buf_puts(out, de ? "Handel vorschlagen" : "propose a trade"); return;
    case A_OFFER:
        if (x < CAT_NKIND)
            kt_buf_printf(out, de ? "%s anbieten" : "offer %s", cat_kind_name(x, lang));
        return;
    case A_ASK:
        if (x < CAT_NKIND)
            kt_buf_printf(out, de ? "%s verlangen" : "ask for %s", cat_kind_name(x, lang));
        return;
    case A_SEND:
        if (x == SEND_ALL)
            kt_buf_puts(out, de ? "allen vorschlagen" : "propose to everybody");
        else
            kt_buf_printf(out, de ? "Spieler %d vorschlagen" : "propose to player %d", x + 1);
        return;
    case A_ACCEPT: kt_buf_puts(out, de ? "annehmen" : "accept"); return;
    case A_DECLINE: kt_buf_puts(out, de ? "ablehnen" : "decline"); return;
    case A_DEAL: kt_buf_printf(out, de ? "mit Spieler %d handeln" : "trade with player %d", x + 1); return;
    case A_CANCEL: kt_buf_puts(out, de ? "abbrechen" : "cancel"); return;
    case A_RELOCATE: kt_buf_printf(out, de ? "Ritter nach %d versetzen" : "move knight to %d", x); return;
    case A_LOSE: kt_buf_printf(out, de ? "Stadt %d verlieren" : "lose city %d", x); return;
    default:
        action_text_cards(g, ks, a, viewer, lang, out);
        return;
    }
}

/* ------------------------------------------------------------ prompts */

/* The prompts of the progress cards' own decisions (the rest of cat_prompt). */
static void prompt_card_frame(const kt_state *ks, int lang, kt_buf *out)
{
    const cat_state *s = (const cat_state *)ks;
    int de = lang == KT_LANG_DE;
    const cat_frame *f = cat_ctop(s);
    int p = f->player + 1;
    switch (f->kind) {
    case F_TARGET:
        kt_buf_printf(out, de ? "Spieler %d: %s – Mitspieler wählen" : "Player %d: %s - choose a player",
                      p, cat_card_name(f->a < CAT_NPROG ? f->a : 0, lang));
        return;
    case F_SPY_PICK:
        kt_buf_printf(out, de ? "Spieler %d: eine Karte von Spieler %d nehmen"
                              : "Player %d: take a card from player %d", p, f->a + 1);
        return;
    case F_MM_PICK:
        kt_buf_printf(out, de ? "Spieler %d: noch %d Karte(n) von Spieler %d nehmen"
                              : "Player %d: take %d more card(s) from player %d", p, f->b, f->a + 1);
        return;
    case F_DESERTER_REMOVE:
        kt_buf_printf(out, de ? "Spieler %d: einen eigenen Ritter entfernen (Deserteur)"
                              : "Player %d: remove one of your knights (Deserter)", p);
        return;
    case F_DESERTER_PLACE:
        kt_buf_printf(out, de ? "Spieler %d: übergelaufenen Ritter einsetzen"
                              : "Player %d: place the deserting knight", p);
        return;
    case F_DIPLOMAT:
        kt_buf_printf(out, de ? "Spieler %d: offene Straße entfernen" : "Player %d: remove an open road", p);
        return;
    case F_DIPLOMAT_REBUILD:
        kt_buf_printf(out, de ? "Spieler %d: Straße neu bauen oder behalten (fertig)"
                              : "Player %d: rebuild the road elsewhere or keep it (done)", p);
        return;
    case F_INTRIGUE:
        kt_buf_printf(out, de ? "Spieler %d: fremden Ritter vertreiben" : "Player %d: drive off a knight", p);
        return;
    case F_INVENTOR_FIRST:
    case F_INVENTOR_SECOND:
        kt_buf_printf(out, de ? "Spieler %d: zwei Zahlenchips tauschen" : "Player %d: swap two number tokens",
                      p);
        return;
    case F_MERCHANT:
        kt_buf_printf(out, de ? "Spieler %d: Händler setzen" : "Player %d: place the merchant", p);
        return;
    case F_MONO_RESOURCE:
    case F_MONO_COMMODITY:
        kt_buf_printf(out, de ? "Spieler %d: Monopol – Sorte wählen" : "Player %d: monopoly - name a kind", p);
        return;
    case F_FLEET_TRADE:
        kt_buf_printf(out, de ? "Spieler %d: Handelsflotte – 2:1 tauschen"
                              : "Player %d: Merchant Fleet - trade 2:1", p);
        return;
    case F_CRANE:
        kt_buf_printf(out, de ? "Spieler %d: Kran – Stadtausbau wählen"
                              : "Player %d: Crane - choose an improvement", p);
        return;
    case F_MEDICINE:
        kt_buf_printf(out, de ? "Spieler %d: Medizin – Siedlung zur Stadt"
                              : "Player %d: Medicine - upgrade a settlement", p);
        return;
    case F_ENGINEER:
        kt_buf_printf(out, de ? "Spieler %d: Ingenieur – Stadtmauer bauen"
                              : "Player %d: Engineer - build a city wall", p);
        return;
    case F_SMITH:
        kt_buf_printf(out, de ? "Spieler %d: Schmied – Ritter befördern"
                              : "Player %d: Smith - promote knights", p);
        return;
    case F_ROAD_BUILDING:
        kt_buf_printf(out, de ? "Spieler %d: noch %d Straße(n) bauen" : "Player %d: build %d more road(s)",
                      p, f->a);
        return;
    case F_GIVE:
        kt_buf_printf(out, de ? "Spieler %d: Spieler %d noch %d Karte(n) schenken"
                              : "Player %d: give player %d %d more card(s)", p, f->a + 1, f->b);
        return;
    case F_HARBOR_OFFER:
        kt_buf_printf(out, de ? "Spieler %d: Handelshafen – Spieler %d einen Rohstoff anbieten"
                              : "Player %d: Commercial Harbor - offer player %d a resource", p, f->a + 1);
        return;
    case F_HARBOR_GIVE:
        kt_buf_printf(out, de ? "Spieler %d: eine Ware an Spieler %d geben"
                              : "Player %d: give a commodity to player %d", p, f->a + 1);
        return;
    }
}

void cat_prompt(const kt_game *g, const kt_state *ks, int lang, kt_buf *out)
{
    const cat_state *s = (const cat_state *)ks;
    int de = lang == KT_LANG_DE;
    if (!s->nstack)
        return;
    const cat_frame *f = cat_ctop(s);
    int p = f->player + 1;
    switch (f->kind) {
    case F_SETUP_BUILD:
        if (s->setup_step >= cat_np(g) && cat_config(g)->ck)
            kt_buf_printf(out, de ? "Spieler %d: Stadt für die Gründung setzen"
                                  : "Player %d: place your starting city", p);
        else
            kt_buf_printf(out, de ? "Spieler %d: Gründungssiedlung setzen"
                                  : "Player %d: place a starting settlement", p);
        return;
    case F_SETUP_ROAD:
        kt_buf_printf(out, de ? "Spieler %d: Straße an %d bauen" : "Player %d: build a road from %d",
                      p, f->a);
        return;
    case F_ROLL:
        kt_buf_printf(out, de ? "Spieler %d: würfeln" : "Player %d: roll the dice", p);
        return;
    case F_ALCHEMIST:
        kt_buf_puts(out, de ? "Alchemist: rote und gelbe Zahl wählen"
                            : "Alchemist: choose the red and yellow dice");
        return;
    case F_MAIN:
        kt_buf_printf(out, de ? "Spieler %d: handeln, bauen, Karten spielen oder Zug beenden"
                              : "Player %d: trade, build, play cards or end the turn", p);
        return;
    case F_DISCARD:
        kt_buf_printf(out, de ? "Spieler %d: noch %d Karte(n) abwerfen"
                              : "Player %d: discard %d more card(s)", p, f->a);
        return;
    case F_ROBBER:
        kt_buf_printf(out, de ? "Spieler %d: Räuber versetzen" : "Player %d: move the robber", p);
        return;
    case F_STEAL:
        kt_buf_printf(out, de ? "Spieler %d: wen bestehlen?" : "Player %d: steal from whom?", p);
        return;
    case F_AQUEDUCT:
        kt_buf_printf(out, de ? "Spieler %d: Aquädukt – einen Rohstoff nehmen"
                              : "Player %d: Aqueduct - take a resource", p);
        return;
    case F_PLENTY:
        kt_buf_printf(out, de ? "Spieler %d: noch %d Rohstoff(e) nehmen"
                              : "Player %d: take %d more resource(s)", p, f->a);
        return;
    case F_PDISCARD:
        kt_buf_printf(out, de ? "Spieler %d: Fortschrittskarten auf 4 abwerfen"
                              : "Player %d: discard progress cards down to 4", p);
        return;
    case F_CITY_LOSS:
        kt_buf_printf(out, de ? "Spieler %d: die Barbaren zerstören eine Stadt – welche?"
                              : "Player %d: the barbarians pillage a city - which one?", p);
        return;
    case F_DEFENDER_DRAW:
        kt_buf_printf(out, de ? "Spieler %d: Gleichstand der Verteidiger – Stapel wählen"
                              : "Player %d: tied defender - choose a deck to draw from", p);
        return;
    case F_METROPOLIS:
        kt_buf_printf(out, de ? "Spieler %d: Metropole auf eine Stadt setzen"
                              : "Player %d: put the metropolis on a city", p);
        return;
    case F_TRADE_COMPOSE:
        kt_buf_printf(out, de ? "Spieler %d: Angebot zusammenstellen" : "Player %d: compose the offer", p);
        return;
    case F_TRADE_RESPOND:
        kt_buf_printf(out, de ? "Spieler %d: Handelsangebot annehmen?"
                              : "Player %d: accept the trade offer?", p);
        return;
    case F_TRADE_CHOOSE:
        kt_buf_printf(out, de ? "Spieler %d: Handelspartner wählen" : "Player %d: choose a partner", p);
        return;
    case F_RELOCATE:
        kt_buf_printf(out, de ? "Spieler %d: vertriebenen Ritter versetzen"
                              : "Player %d: move your displaced knight", p);
        return;
    default:
        prompt_card_frame(ks, lang, out);
        return;
    }
}

/* ------------------------------------------------------------ menus */

/* How many legal actions of kind k are there now (for folding menus)? */
static int count_kind(const kt_game *g, const cat_state *s, int k)
{
    kt_action buf[CAT_MAXLEGAL];
    int n = cat_legal(g, (const kt_state *)s, buf), c = 0;
    for (int i = 0; i < n; i++)
        c += ACT_K(buf[i]) == k;
    return c;
}

static void set_group(kt_menu_item *out, const char *group)
{
    snprintf(out->group, sizeof out->group, "%s", group);
}

/* hexes in map rows: A-C, D-G, H-L, M-P, Q-S */
static void hex_group(kt_menu_item *out, int h, int de)
{
    static const char first[5] = {'A', 'D', 'H', 'M', 'Q'}, last[5] = {'C', 'G', 'L', 'P', 'S'};
    int r = h < 3 ? 0 : h < 7 ? 1 : h < 12 ? 2 : h < 16 ? 3 : 4;
    snprintf(out->group, sizeof out->group, "%s %c-%c", de ? "Felder" : "hexes", first[r], last[r]);
}

/* vertices in bands of map rows */
static void vertex_group(kt_menu_item *out, int v, int de)
{
    static const int lo[5] = {0, 11, 21, 33, 43}, hi[5] = {10, 20, 32, 42, 53};
    int b = 0;
    while (b < 4 && v > hi[b])
        b++;
    snprintf(out->group, sizeof out->group, "%s %d-%d", de ? "Ecken" : "vertices", lo[b], hi[b]);
}

/* Menu placement of an action (kt_menu_item): the key typed to pick it is
 * the vertex number, the road "a-b" or the hex letter printed on the map;
 * long lists fold into groups (builds, knights, cards, bank trades, offer
 * sides, the Alchemist's red die, map rows of hexes or vertices). */
void cat_menu_item(const kt_game *g, const kt_state *ks, kt_action a, int lang, kt_menu_item *out)
{
    const cat_state *s = (const cat_state *)ks;
    int de = lang == KT_LANG_DE, k = ACT_K(a), x = ACT_X(a), y = ACT_Y(a);
    if (!s->nstack || s->h.status != KT_RUNNING)
        return;
    const cat_frame *f = cat_ctop(s);
    int main = f->kind == F_MAIN, setup = f->kind == F_SETUP_BUILD;
    switch (k) {
    case A_SETTLE:
    case A_CITY:
    case A_WALL:
    case A_RELOCATE:
    case A_LOSE:
    case A_METRO:
    case A_DISPLACE:
    case A_REMOVE_KNIGHT:
        if (x >= CAT_NV)
            return;
        snprintf(out->key, sizeof out->key, "%d", x);
        out->rank = 10;
        if (main)
            set_group(out, de ? "bauen" : "build");
        else if (setup && count_kind(g, s, k) > 12)
            vertex_group(out, x, de);
        return;
    case A_ROAD:
    case A_REMOVE_ROAD:
        if (x >= CAT_NE)
            return;
        snprintf(out->key, sizeof out->key, "%d-%d", cat_e_v[x][0], cat_e_v[x][1]);
        out->rank = 10;
        if (main)
            set_group(out, de ? "bauen" : "build");
        return;
    case A_PROMOTE:
        if (f->kind == F_SMITH && x < CAT_NV) {
            snprintf(out->key, sizeof out->key, "%d", x);
            out->rank = 10;
            return;
        }
        /* fall through */
    case A_RECRUIT:
    case A_ACTIVATE:
    case A_KMOVE:
    case A_CHASE:
        out->rank = 20;
        set_group(out, de ? "Ritter" : "knights");
        return;
    case A_PLACE_KNIGHT:
        out->rank = 10;
        if (count_kind(g, s, k) > 12 && y >= 1 && y <= 3)
            snprintf(out->group, sizeof out->group, "%s %d", de ? "Stärke" : "strength", y);
        return;
    case A_IMPROVE: out->rank = 30; return;
    case A_PLAY:
    case A_PLAYDEV:
    case A_BUYDEV:
        out->rank = 40;
        if (main && count_kind(g, s, A_PLAY) + count_kind(g, s, A_PLAYDEV) > 3)
            set_group(out, de ? "Karte spielen" : "play a card");
        return;
    case A_BANK:
        out->rank = 50;
        if (f->kind != F_MAIN && f->kind != F_FLEET_TRADE)
            return;
        if (x < CAT_NKIND && count_kind(g, s, A_BANK) > 14)
            snprintf(out->group, sizeof out->group, de ? "%s an die Bank geben" : "give %s to the bank",
                     cat_kind_name(x, lang));
        else if (main)
            set_group(out, de ? "mit der Bank tauschen" : "trade with the bank");
        return;
    case A_PROPOSE: out->rank = 60; return;
    case A_OFFER: out->rank = 10; set_group(out, de ? "anbieten" : "offer"); return;
    case A_ASK: out->rank = 20; set_group(out, de ? "verlangen" : "ask for"); return;
    case A_SEND: out->rank = 30; return;
    case A_DICE:
        if (x >= 1 && x <= 6)
            snprintf(out->group, sizeof out->group, "%s %d", de ? "rot" : "red", x);
        return;
    case A_ROBBER:
    case A_MERCHANT:
    case A_SWAP1:
    case A_SWAP2:
        if (x >= CAT_NH)
            return;
        snprintf(out->key, sizeof out->key, "%c", 'A' + x);
        out->rank = 10;
        if (count_kind(g, s, k) > 12)
            hex_group(out, x, de);
        return;
    case A_END:
    case A_DONE:
    case A_CANCEL:
    case A_SKIP:
        out->rank = 90;
        return;
    }
}
