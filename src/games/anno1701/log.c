/*
 * log.c - the game log of Anno 1701 (gamedef.events).
 *
 * The action is re-applied to a copy of the state before it with a trace
 * (an_trace: small records written by the rules as they happen: dice,
 * production per landscape and building, gold gained and paid, goods,
 * cards drawn, voyage cards and fights, tokens, the end).  Each record
 * becomes one event line; production of one player in one dice phase is
 * gathered into one line.  Cards drawn, searched, put under a pile or seen
 * with the Spy are told to their owner; the others read the public form
 * ("draws a card from pile I-a").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "anno1701.h"
#include "../../core/mem.h"

/* the English or the German text (needs a local `de`) */
#define L(en_, de_) (de ? (de_) : (en_))

typedef struct lg {
    const an_cfg *c;
    kt_log *log;
    int de;
    kt_buf prod[AN_NP]; /* production gathered per player */
} lg;

static const char *roman(int n)
{
    static const char *const r[] = {"-", "I", "II", "III", "IV"};
    return n >= 0 && n <= 4 ? r[n] : "?";
}

static void flush_prod(lg *g)
{
    for (int p = 0; p < AN_NP; p++)
        if (g->prod[p].len) {
            kt_log_addf(g->log, KT_VIS_ALL, "produce", p, "%s %d:%s", g->de ? "Spieler" : "Player",
                        p + 1, g->prod[p].p);
            kt_buf_reset(&g->prod[p]);
        }
}

/* One item of a player's production line, "Player 1: cloth +1, brick +1,
 * wood +1 (Sawmill), a good of choice (Guild House)": a building's good
 * is written with the gain that follows its TR_PRODB (see an_log_events),
 * so no item ends in a bare building name. */
static void prod_item(lg *g, const an_state *s, const an_trace_ev *e)
{
    const an_cfg *c = g->c;
    int de = g->de, p = e->p;
    kt_buf *b = &g->prod[p];
    const char *sep = b->len ? "," : "";
    if (e->type == TR_LAND) {
        const an_land *ld = &c->set[s->pl[p].set].land[e->a];
        kt_buf_printf(b, "%s %s %s", sep, an_good_name(ld->good, de),
                      e->b == 0 ? "+1" : e->b == 1 ? L("(full)", "(voll)")
                                                   : L("(blocked: chaos)", "(blockiert: Chaos)"));
    } else if (e->type == TR_SHIPUP) {
        if (e->b)
            kt_buf_printf(b, L("%s ship %s -> %s", "%s Schiff %s -> %s"), sep, roman(e->a),
                          roman(e->a + 1));
        else
            kt_buf_printf(b, L("%s ship %s (no change)", "%s Schiff %s (unverändert)"), sep,
                          e->a ? roman(e->a) : L("damaged", "beschädigt"));
    } else if (e->type == TR_PRODB && e->b) {
        kt_buf_printf(b, "%s %s (%s)", sep, L("a good of choice", "eine Ware nach Wahl"),
                      an_def_name(c, e->a, de));
    }
}

static void card_line(lg *g, const an_trace_ev *e)
{
    const an_cfg *c = g->c;
    int de = g->de, p = e->p;
    const char *card = an_def_name(c, e->b, de);
    static const char *const era[] = {"", "I", "II", "III"};
    switch (e->type) {
    case TR_DRAW:
        kt_log_addf(g->log, KT_VIS_ONLY(p), "draw", p, L("You draw %s from pile %s.",
                                                         "Du ziehst %s von Stapel %s."),
                    card, an_pile_name(e->a));
        kt_log_addf(g->log, KT_VIS_EXCEPT(p), "draw", p,
                    L("Player %d draws a card from pile %s.", "Spieler %d zieht eine Karte von "
                                                               "Stapel %s."),
                    p + 1, an_pile_name(e->a));
        break;
    case TR_SEARCHED:
        kt_log_addf(g->log, KT_VIS_ONLY(p), "draw", p, L("You take %s from pile %s.",
                                                         "Du nimmst %s aus Stapel %s."),
                    card, an_pile_name(e->a));
        kt_log_addf(g->log, KT_VIS_EXCEPT(p), "draw", p,
                    L("Player %d searches pile %s and takes a card.",
                      "Spieler %d durchsucht Stapel %s und nimmt eine Karte."),
                    p + 1, an_pile_name(e->a));
        break;
    case TR_PUTUNDER:
        kt_log_addf(g->log, KT_VIS_ONLY(p), "exchange", p,
                    L("You put %s under pile %s.", "Du legst %s unter Stapel %s."), card,
                    an_pile_name(e->a));
        kt_log_addf(g->log, KT_VIS_EXCEPT(p), "exchange", p,
                    L("Player %d puts a card of era %s under pile %s.",
                      "Spieler %d legt eine Karte der Epoche %s unter Stapel %s."),
                    p + 1, era[c->def[e->b].era], an_pile_name(e->a));
        break;
    default:
        break;
    }
}

static void gold_line(lg *g, const an_trace_ev *e)
{
    int de = g->de, p = e->p;
    if (e->type == TR_GOLD) {
        if (e->b)
            kt_log_addf(g->log, KT_VIS_ALL, "gold", p,
                        L("Player %d gains %d gold (%d lost: the centres are full).",
                          "Spieler %d erhält %d Gold (%d verfällt: die Zentren sind voll)."),
                        p + 1, e->a, e->b);
        else if (e->a)
            kt_log_addf(g->log, KT_VIS_ALL, "gold", p, L("Player %d gains %d gold.",
                                                         "Spieler %d erhält %d Gold."),
                        p + 1, e->a);
        return;
    }
    /* TR_PAID: a from the left centre, b from the right, c = receiver + 1 */
    if (e->c)
        kt_log_addf(g->log, KT_VIS_ALL, "pay", p,
                    L("Player %d pays %d gold (%d left, %d right) to player %d.",
                      "Spieler %d zahlt %d Gold (%d links, %d rechts) an Spieler %d."),
                    p + 1, e->a + e->b, e->a, e->b, e->c);
    else
        kt_log_addf(g->log, KT_VIS_ALL, "pay", p, L("Player %d pays %d gold (%d left, %d right).",
                                                    "Spieler %d zahlt %d Gold (%d links, %d "
                                                    "rechts)."),
                    p + 1, e->a + e->b, e->a, e->b);
}

static void voyage_line(lg *g, const an_trace_ev *e)
{
    const an_cfg *c = g->c;
    int de = g->de, p = e->p;
    switch (e->type) {
    case TR_VCARD:
        kt_log_addf(g->log, KT_VIS_ALL, "voyage", p, L("Voyage card %d: %s.",
                                                       "Handelsfahrtkarte %d: %s."),
                    e->b, de ? c->vdef[e->a].de : c->vdef[e->a].name);
        break;
    case TR_FIGHT: {
        const an_vdef *v = &c->vdef[e->a];
        kt_log_addf(g->log, KT_VIS_ALL, "fight", p,
                    L("Fight against %s: die %d + strength against die %d + %d: %s.",
                      "Kampf gegen %s: Würfel %d + Stärke gegen Würfel %d + %d: %s."),
                    de ? v->de : v->name, e->b, e->c, v->strength,
                    e->d ? L("won", "gewonnen") : L("lost", "verloren"));
        break;
    }
    case TR_SHIP:
        kt_log_addf(g->log, KT_VIS_ALL, "ship", p, L("Player %d's ship: %s -> %s.",
                                                     "Schiff von Spieler %d: %s -> %s."),
                    p + 1, e->a ? roman(e->a) : L("damaged", "beschädigt"),
                    e->b ? roman(e->b) : L("damaged", "beschädigt"));
        break;
    case TR_SPEEDCMP:
        kt_log_addf(g->log, KT_VIS_ALL, "voyage", p, L("Speed %d against the opponent's %d.",
                                                       "Tempo %d gegen %d des Gegners."),
                    e->a, e->b);
        break;
    case TR_FLOTSAM:
        kt_log_addf(g->log, KT_VIS_ALL, "roll", p, L("Flotsam: the die shows %d.",
                                                     "Treibgut: der Würfel zeigt %d."),
                    e->a);
        break;
    case TR_VEND:
        kt_log_addf(g->log, KT_VIS_ALL, "voyage", p,
                    L("The voyage of player %d ends after %d card(s).",
                      "Die Handelsfahrt von Spieler %d endet nach %d Karte(n)."),
                    p + 1, e->a);
        break;
    default:
        break;
    }
}

static void misc_line(lg *g, const an_state *s, const an_trace_ev *e)
{
    const an_cfg *c = g->c;
    int de = g->de, p = e->p;
    switch (e->type) {
    case TR_START:
        kt_log_addf(g->log, KT_VIS_ALL, "turn", p, L("Turn %u: player %d.", "Zug %u: Spieler %d."),
                    s->h.turn, p + 1);
        break;
    case TR_ROLL:
        kt_log_addf(g->log, KT_VIS_ALL, "roll", p, L("Player %d rolls %d and %s.",
                                                     "Spieler %d würfelt %d und %s."),
                    p + 1, e->a, an_event_name(e->b, de));
        break;
    case TR_EVENT:
        kt_log_addf(g->log, KT_VIS_ALL, "event", -1, L("Event: %s.", "Ereignis: %s."),
                    an_event_name(e->a, de));
        break;
    case TR_TAX:
        kt_log_addf(g->log, KT_VIS_ALL, "tax", p, L("Player %d: tax for %d.",
                                                    "Spieler %d: Steuern für %d."),
                    p + 1, e->a);
        break;
    case TR_NOFIRE:
        kt_log_addf(g->log, KT_VIS_ALL, "event", p,
                    L("Player %d's fire station saves %d gold.",
                      "Die Feuerwehr von Spieler %d spart %d Gold."),
                    p + 1, e->a);
        break;
    case TR_GAIN: /* b now, c lost, d placed by the player's choice next */
        if (e->b + e->d)
            kt_log_addf(g->log, KT_VIS_ALL, "gain", p, L("Player %d gains %d %s.",
                                                         "Spieler %d erhält %d %s."),
                        p + 1, e->b + e->d, an_item_name(e->a, de));
        if (e->c)
            kt_log_addf(g->log, KT_VIS_ALL, "gain", p,
                        L("Player %d: %d %s lost: no landscape may take it (full, or its "
                          "village centre in chaos).",
                          "Spieler %d: %d %s verfällt: keine Landschaft kann sie aufnehmen "
                          "(voll oder ihr Dorfzentrum im Chaos)."),
                        p + 1, e->c, an_item_name(e->a, de));
        break;
    case TR_PLACE: {
        const an_land *ld = &c->set[s->pl[p].set].land[e->a];
        kt_log_addf(g->log, KT_VIS_ALL, "place", p, L("Player %d puts 1 %s on landscape %c.",
                                                      "Spieler %d legt 1 %s auf Landschaft %c."),
                    p + 1, an_good_name(e->b, de), ld->letter);
        break;
    }
    case TR_LOSTGOOD:
        kt_log_addf(g->log, KT_VIS_ALL, "lose", p, L("Player %d gives up 1 %s.",
                                                     "Spieler %d gibt 1 %s ab."),
                    p + 1, an_good_name(e->a, de));
        break;
    case TR_STEAL:
        kt_log_addf(g->log, KT_VIS_ALL, "steal", p, L("Player %d takes 1 %s from player %d.",
                                                      "Spieler %d nimmt 1 %s von Spieler %d."),
                    p + 1, an_good_name(e->a, de), 2 - p);
        break;
    case TR_TOKEN: {
        const char *tok = e->a ? L("sea power", "Seemacht") : L("trade power", "Handelsmacht");
        if (e->p == AN_NONE)
            kt_log_addf(g->log, KT_VIS_ALL, "token", -1, L("Nobody holds the %s now.",
                                                           "Niemand hat jetzt die %s."),
                        tok);
        else
            kt_log_addf(g->log, KT_VIS_ALL, "token", p, L("Player %d takes the %s.",
                                                          "Spieler %d erhält die %s."),
                        p + 1, tok);
        break;
    }
    case TR_CANCELLED:
        kt_log_addf(g->log, KT_VIS_ALL, "cancel", p,
                    L("Player %d cancels the %s with the Theatre.",
                      "Spieler %d wehrt %s mit dem Theater ab."),
                    p + 1, an_act_key(e->a));
        break;
    case TR_TOOK:
        kt_log_addf(g->log, KT_VIS_ONLY(p) | KT_VIS_ONLY(1 - p), "spy", p,
                    L("Player %d takes %s from player %d's hand.",
                      "Spieler %d nimmt %s aus der Hand von Spieler %d."),
                    p + 1, an_def_name(c, e->a, de), 2 - p);
        kt_log_addf(g->log, KT_VIS_ALL & ~(KT_VIS_ONLY(p) | KT_VIS_ONLY(1 - p)), "spy", p,
                    L("Player %d takes a card from player %d's hand.",
                      "Spieler %d nimmt eine Karte aus der Hand von Spieler %d."),
                    p + 1, 2 - p);
        break;
    case TR_END: {
        char why[120];
        if (e->a == END_QUEEN)
            snprintf(why, sizeof why, L("%d queen marks", "%d Königinnen-Zeichen"),
                     an_queen(c, &s->pl[p]));
        else if (e->a == END_MERCHANT)
            snprintf(why, sizeof why, L("%d merchants", "%d Kaufleute"), s->pl[p].lvl[3]);
        else
            snprintf(why, sizeof why, "%s",
                     L("the opponent's village centres are both in chaos",
                       "beide Dorfzentren des Gegners sind im Chaos"));
        kt_log_addf(g->log, KT_VIS_ALL, "end", p, L("Player %d wins: %s.", "Spieler %d gewinnt: "
                                                                           "%s."),
                    p + 1, why);
        break;
    }
    default:
        break;
    }
}

/* The Spy's look: the whole hand of the victim, for the spy. */
static void reveal_line(lg *g, const an_state *before, const an_trace_ev *e)
{
    int de = g->de, p = e->p, o = e->a;
    const an_player *op = &before->pl[o];
    kt_buf b;
    kt_buf_init_alloc(&b, kt_log_alloc(g->log));
    for (int i = 0; i < op->nh; i++)
        kt_buf_printf(&b, "%s%s", i ? ", " : "", an_def_name(g->c, op->hand[i], de));
    kt_log_addf(g->log, KT_VIS_ONLY(p), "reveal", p, L("Player %d's hand: %s.",
                                                       "Hand von Spieler %d: %s."),
                o + 1, b.p ? b.p : "-");
    kt_log_addf(g->log, KT_VIS_EXCEPT(p), "reveal", p,
                L("Player %d looks at player %d's hand.",
                  "Spieler %d sieht sich die Hand von Spieler %d an."),
                p + 1, o + 1);
    kt_buf_free(&b);
}

static void action_line(lg *g, const an_state *s, kt_action a)
{
    const an_cfg *c = g->c;
    int de = g->de, p = s->h.to_move;
    switch (AN_AK(a)) {
    case A_SEND:
    case A_ACCEPT:
    case A_NO: {
        int tt = s->nstack ? s->stack[s->nstack - 1].t : K_NONE;
        if (tt != K_OFFER && !(tt == K_COMPOSE && AN_AK(a) == A_SEND))
            break;
        kt_buf b;
        kt_buf_init_alloc(&b, kt_log_alloc(g->log));
        an_offer_text(s->give, s->get, de ? KT_LANG_DE : KT_LANG_EN, &b);
        if (AN_AK(a) == A_SEND)
            kt_log_addf(g->log, KT_VIS_ALL, "trade", p, L("Player %d offers player %d %s.",
                                                          "Spieler %d bietet Spieler %d %s."),
                        p + 1, 2 - p, b.p);
        else
            kt_log_addf(g->log, KT_VIS_ALL, "trade", p,
                        AN_AK(a) == A_ACCEPT ? L("Player %d accepts: %s.",
                                                 "Spieler %d nimmt an: %s.")
                                             : L("Player %d declines %s.",
                                                 "Spieler %d lehnt ab: %s."),
                        p + 1, b.p);
        kt_buf_free(&b);
        break;
    }
    case A_BUILD:
        kt_log_addf(g->log, KT_VIS_ALL, "build", p, L("Player %d builds %s.", "Spieler %d baut %s."),
                    p + 1, an_def_name(c, AN_AX(a), de));
        break;
    case A_UPGRADE:
        kt_log_addf(g->log, KT_VIS_ALL, "upgrade", p, L("Player %d: a %s becomes a %s.",
                                                        "Spieler %d: ein %s wird %s."),
                    p + 1, de ? c->level[AN_AX(a)].de : c->level[AN_AX(a)].name,
                    de ? c->level[AN_AX(a) + 1].de : c->level[AN_AX(a) + 1].name);
        break;
    case A_PLAY:
        kt_log_addf(g->log, KT_VIS_ALL, "play", p, L("Player %d plays %s.", "Spieler %d spielt %s."),
                    p + 1, an_def_name(c, AN_AX(a), de));
        break;
    case A_SAIL:
        kt_log_addf(g->log, KT_VIS_ALL, "voyage", p, L("Player %d sets sail%s%s.",
                                                       "Spieler %d sticht in See%s%s."),
                    p + 1, AN_AX(a) == AN_NONE ? "" : L(" with the ", " mit "),
                    AN_AX(a) == AN_NONE ? "" : an_def_name(c, AN_AX(a), de));
        break;
    default:
        break;
    }
}

void an_events(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
               kt_log *out)
{
    KT_UNUSED(after);
    const an_state *b = (const an_state *)before;
    an_state *s = kt_mem_alloc(&g->alloc, sizeof *s);
    an_trace *t = kt_mem_alloc(&g->alloc, sizeof *t);
    if (!s || !t) {
        kt_mem_free(&g->alloc, s, sizeof *s);
        kt_mem_free(&g->alloc, t, sizeof *t);
        return;
    }
    memcpy(s, b, sizeof *s);
    t->n = 0;
    lg L = {an_config(g), out, kt_log_lang(out) == KT_LANG_DE, {{0}}};
    kt_buf_init_alloc(&L.prod[0], &g->alloc);
    kt_buf_init_alloc(&L.prod[1], &g->alloc);
    action_line(&L, b, a);
    an_apply_traced(g, s, a, t);
    for (int i = 0; i < t->n; i++) {
        const an_trace_ev *e = &t->ev[i];
        if (e->type != TR_LAND && e->type != TR_SHIPUP && e->type != TR_PRODB &&
            !(e->type == TR_GAIN && i > 0 && t->ev[i - 1].type == TR_PRODB))
            flush_prod(&L);
        switch (e->type) {
        case TR_LAND:
        case TR_SHIPUP:
        case TR_PRODB:
            prod_item(&L, s, e);
            break;
        case TR_GAIN:
            if (i > 0 && t->ev[i - 1].type == TR_PRODB) {
                kt_buf *pb = &L.prod[e->p];
                int room = e->b || e->d;
                kt_buf_printf(pb, "%s %s %s (%s%s)", pb->len ? "," : "",
                              an_item_name(e->a, L.de), room ? "+1" : "+0",
                              an_def_name(L.c, t->ev[i - 1].a, L.de),
                              room ? "" : L.de ? ", kein Platz - voll oder Chaos"
                                               : ", no room - full or chaos");
                break;
            }
            misc_line(&L, s, e);
            break;
        case TR_DRAW:
        case TR_SEARCHED:
        case TR_PUTUNDER:
            card_line(&L, e);
            break;
        case TR_GOLD:
        case TR_PAID:
            gold_line(&L, e);
            break;
        case TR_VCARD:
        case TR_FIGHT:
        case TR_SHIP:
        case TR_SPEEDCMP:
        case TR_FLOTSAM:
        case TR_VEND:
            voyage_line(&L, e);
            break;
        case TR_REVEAL:
            reveal_line(&L, b, e);
            break;
        default:
            misc_line(&L, s, e);
            break;
        }
    }
    flush_prod(&L);
    kt_buf_free(&L.prod[0]);
    kt_buf_free(&L.prod[1]);
    kt_mem_free(&g->alloc, s, sizeof *s);
    kt_mem_free(&g->alloc, t, sizeof *t);
}
