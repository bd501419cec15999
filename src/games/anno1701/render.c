/*
 * render.c - the terminal view of Anno 1701 (gamedef.render): two
 * settlements side by side in 120 columns, at most 30 lines, then the
 * shared display and what is going on.
 *
 * What a viewer may not see never appears: the opponent's hand shows as
 * eras unless the viewer knows the cards.
 */
#include <stdio.h>
#include <string.h>

#include "anno1701.h"

/* ------------------------------------------------------------ render */

#define COLW 61

static void good_line(const an_cfg *c, const an_player *pl, int centre, int de, kt_buf *b)
{
    const an_set *st = &c->set[pl->set];
    kt_buf_printf(b, "%s ", de ? (centre ? "rechts" : "links ") : (centre ? "right" : "left "));
    if (pl->gold[centre] == 0) {
        kt_buf_sgr(b, "1;31");
        kt_buf_puts(b, "CHAOS");
        kt_buf_sgr(b, "0");
    } else {
        kt_buf_printf(b, "%dg   ", pl->gold[centre]);
    }
    for (int l = 0; l < AN_NLAND; l++)
        if (st->land[l].centre == centre)
            kt_buf_printf(b, " %s(%d)=%d", an_good_name(st->land[l].good, de), st->land[l].die,
                          pl->land[l]);
    kt_buf_putc(b, '\n');
}

/* Words of `text` wrapped into lines of at most w columns after `lead`.
 * text NULL is the text of a buffer whose allocation failed: b fails too
 * (kt_render then reports out of memory instead of a board without it). */
static void wrapped(kt_buf *b, const char *lead, const char *text, size_t w)
{
    if (!text) {
        b->oom = 1;
        return;
    }
    size_t col = kt_utf8_width(lead);
    kt_buf_puts(b, lead);
    const char *p = text;
    while (*p) {
        const char *e = strstr(p, ", ");
        size_t n = e ? (size_t)(e - p) + 1 : strlen(p);
        char word[80];
        snprintf(word, sizeof word, "%.*s", (int)(n < 79 ? n : 79), p);
        size_t ww = kt_utf8_width(word);
        if (col + ww + 1 > w && col > kt_utf8_width(lead)) {
            kt_buf_puts(b, "\n  ");
            col = 2;
        } else if (p != text) {
            kt_buf_putc(b, ' ');
            col++;
        }
        kt_buf_puts(b, word);
        col += ww;
        p += n;
        while (*p == ' ')
            p++;
    }
    kt_buf_putc(b, '\n');
}

static void hand_text(const an_cfg *c, const an_state *s, int p, int viewer, int de, kt_buf *b)
{
    const an_player *pl = &s->pl[p];
    kt_buf h;
    kt_buf_init_alloc(&h, b->a);
    for (int i = 0; i < pl->nh; i++) {
        int see = viewer == KT_OMNISCIENT || viewer == p ||
                  (viewer == 1 - p && ((pl->known >> i) & 1));
        static const char *const roman[] = {"", "I", "II", "III"};
        if (see)
            kt_buf_printf(&h, "%s%s", i ? ", " : "", an_def_name(c, pl->hand[i], de));
        else
            kt_buf_printf(&h, "%s[%s]", i ? ", " : "", roman[c->def[pl->hand[i]].era]);
    }
    wrapped(b, "Hand: ", pl->nh ? h.p : (de ? "leer" : "empty"), COLW - 2);
    kt_buf_free(&h);
}

static void player_block(const an_cfg *c, const an_state *s, int p, int viewer, int de, kt_buf *b)
{
    const an_player *pl = &s->pl[p];
    static const char *const roman[] = {"-", "I", "II", "III", "IV"};
    kt_buf_sgr(b, "1");
    kt_buf_printf(b, de ? "Spieler %d (%s)%s" : "Player %d (%s)%s", p + 1,
                  de ? c->set[pl->set].de : c->set[pl->set].name,
                  viewer == p ? (de ? " = du" : " = you") : "");
    kt_buf_sgr(b, "0");
    kt_buf_printf(b, de ? "  Königin %d/%d  Gold %d  Unmut %d\n" : "  queen %d/%d  gold %d  "
                                                                   "discontent %d\n",
                  an_queen(c, pl), c->k.queen_goal, an_gold(pl), an_discontent(c, pl));
    kt_buf_printf(b, "%s %d, %s %d, %s %d, %s %d\n", an_level_name(c, 0, de), pl->lvl[0],
                  an_level_name(c, 1, de), pl->lvl[1], an_level_name(c, 2, de), pl->lvl[2],
                  an_level_name(c, 3, de), pl->lvl[3]);
    good_line(c, pl, 0, de, b);
    good_line(c, pl, 1, de, b);
    kt_buf_puts(b, de ? "Waren:" : "goods:");
    for (int g = 0; g < AN_NGOODS; g++)
        kt_buf_printf(b, " %s %d", an_good_name(g, de), an_goods(c, pl, g));
    kt_buf_putc(b, '\n');
    kt_buf_printf(b, de ? "Schiff %s (Würfel %d) Tempo %d Stärke %d | Rum %d Tabak %d\n"
                        : "ship %s (die %d) speed %d strength %d | rum %d tobacco %d\n",
                  roman[pl->ship], c->set[pl->set].ship_die, an_speed(c, pl), an_cannons(c, pl),
                  pl->rum, pl->tob);
    kt_buf bl;
    kt_buf_init_alloc(&bl, b->a);
    for (int i = 0; i < pl->nb; i++) {
        const an_def *d = &c->def[pl->build[i]];
        kt_buf_printf(&bl, "%s%s", i ? ", " : "", de ? d->de : d->name);
        if (d->die)
            kt_buf_printf(&bl, "(%d)", d->die);
        if (d->queen)
            kt_buf_printf(&bl, "*%d", d->queen);
    }
    char lead[60];
    snprintf(lead, sizeof lead, de ? "Gebäude %d/%d, %d Säcke: " : "buildings %d/%d, %d bags: ",
             pl->nb, c->k.spaces, an_bags(c, pl));
    wrapped(b, lead, pl->nb ? bl.p : "-", COLW - 2);
    kt_buf_free(&bl);
    hand_text(c, s, p, viewer, de, b);
}

/* Two blocks side by side: left column padded to COLW. */
static void side_by_side(kt_buf *out, const char *a, const char *b)
{
    const char *pa = a, *pb = b;
    while (*pa || *pb) {
        const char *ea = strchr(pa, '\n'), *eb = strchr(pb, '\n');
        size_t na = ea ? (size_t)(ea - pa) : strlen(pa), nb = eb ? (size_t)(eb - pb) : strlen(pb);
        kt_buf_put(out, pa, na);
        kt_buf_pad_to(out, COLW);
        kt_buf_put(out, pb, nb);
        kt_buf_putc(out, '\n');
        pa += na + (ea ? 1 : 0);
        pb += nb + (eb ? 1 : 0);
    }
}

static void header(const an_cfg *c, const an_state *s, int de, kt_buf *out)
{
    kt_buf_printf(out, de ? "Anno 1701 - Zug %u" : "Anno 1701 - turn %u", s->h.turn);
    if (s->h.turn_player >= 0)
        kt_buf_printf(out, de ? ", Spieler %d am Zug" : ", player %d's turn", s->h.turn_player + 1);
    if (s->die)
        kt_buf_printf(out, de ? " | Würfel %d, Ereignis: %s" : " | die %d, event: %s", s->die,
                      an_event_name(s->event, de));
    kt_buf_puts(out, de ? " | Handelsmacht: " : " | trade power: ");
    kt_buf_printf(out, s->trade_power < 0 ? "-" : "P%d", s->trade_power + 1);
    kt_buf_puts(out, de ? ", Seemacht: " : ", sea power: ");
    kt_buf_printf(out, s->sea_power < 0 ? "-" : "P%d", s->sea_power + 1);
    kt_buf_putc(out, '\n');
    kt_buf_puts(out, de ? "Stapel:" : "piles:");
    for (int k = 0; k < AN_NPILE; k++)
        kt_buf_printf(out, " %s %d", an_pile_name(k), s->plen[k]);
    kt_buf_printf(out, de ? " | Vorrat: %s %d, %s %d, %s %d\nAblage:" : " | supply: %s %d, %s "
                                                                          "%d, %s %d\ndiscard:",
                  an_level_name(c, 1, de), s->supply[1], an_level_name(c, 2, de), s->supply[2],
                  an_level_name(c, 3, de), s->supply[3]);
    int any = 0;
    for (int d = 0; d < c->ndef; d++)
        if (s->disc[d])
            kt_buf_printf(out, "%s %s%s", any++ ? "," : "", an_def_name(c, d, de),
                          s->disc[d] > 1 ? (s->disc[d] > 2 ? " x3" : " x2") : "");
    if (!any)
        kt_buf_puts(out, " -");
    kt_buf_putc(out, '\n');
}

static void situation(const an_cfg *c, const an_state *s, int viewer, int de, kt_buf *out)
{
    if (s->phase == PH_VOYAGE && s->h.status == KT_RUNNING) {
        int p = s->h.turn_player;
        char lead[120];
        snprintf(lead, sizeof lead,
                 de ? "Handelsfahrt von Spieler %d: Tempo %d, Stärke %d, Karten: "
                    : "voyage of player %d: speed %d, strength %d, cards: ",
                 p + 1, s->vspeed, an_cannons(c, &s->pl[p]) + s->vbonus);
        kt_buf cards;
        kt_buf_init_alloc(&cards, out->a);
        for (int i = 0; i < s->vpos; i++)
            kt_buf_printf(&cards, "%s%s", i ? ", " : "",
                          de ? c->vdef[s->voy[i]].de : c->vdef[s->voy[i]].name);
        if (s->fight[0])
            kt_buf_printf(&cards, de ? ", letzter Kampf: %d gegen %d" : ", last fight: %d vs %d",
                          s->fight[0], s->fight[1]);
        wrapped(out, lead, cards.p ? cards.p : "-", 118);
        kt_buf_free(&cards);
    }
    const an_task *t = s->nstack ? &s->stack[s->nstack - 1] : NULL;
    if (t && t->t == K_SEARCH && (viewer == KT_OMNISCIENT || viewer == t->p)) {
        kt_buf_printf(out, de ? "Stapel %s von oben:" : "pile %s from the top:",
                      an_pile_name(t->x));
        for (int i = 0; i < s->plen[t->x]; i++)
            kt_buf_printf(out, "%s %s", i ? "," : "", an_def_name(c, s->pile[t->x][i], de));
        kt_buf_putc(out, '\n');
    }
    if (t && (t->t == K_COMPOSE || t->t == K_OFFER)) { /* public, as at the table */
        int maker = t->t == K_COMPOSE ? t->p : 1 - t->p;
        kt_buf_printf(out, de ? "Angebot von Spieler %d%s: " : "offer of player %d%s: ", maker + 1,
                      t->t == K_COMPOSE ? (de ? " (entsteht)" : " (being made)") : "");
        an_offer_text(s->give, s->get, de ? KT_LANG_DE : KT_LANG_EN, out);
        kt_buf_putc(out, '\n');
    }
    if (s->h.status == KT_FINISHED) {
        static const char *const en[] = {"", "7 queen marks", "two merchants",
                                         "both village centres of the opponent in chaos"};
        static const char *const ge[] = {"", "7 Königinnen-Zeichen", "zwei Kaufleute",
                                         "beide Dorfzentren des Gegners im Chaos"};
        kt_buf_printf(out, de ? "Spielende: Spieler %d gewinnt (%s).\n"
                              : "Game over: player %d wins (%s).\n",
                      s->winner + 1, de ? ge[s->end] : en[s->end]);
    } else if (s->h.status == KT_STOPPED) {
        kt_buf_puts(out, de ? "Das Spiel wurde angehalten (Zuglimit): kein Sieger.\n"
                            : "The game was stopped (turn limit): no winner.\n");
    }
}

void an_render(const kt_game *g, const kt_state *st, int viewer, int lang, kt_buf *out)
{
    const an_cfg *c = an_config(g);
    const an_state *s = (const an_state *)st;
    int de = lang == KT_LANG_DE;
    header(c, s, de, out);
    kt_buf a, b;
    kt_buf_init_alloc(&a, &g->alloc);
    kt_buf_init_alloc(&b, &g->alloc);
    a.color = b.color = out->color;
    player_block(c, s, 0, viewer, de, &a);
    player_block(c, s, 1, viewer, de, &b);
    side_by_side(out, a.p ? a.p : "", b.p ? b.p : "");
    kt_buf_free(&a);
    kt_buf_free(&b);
    situation(c, s, viewer, de, out);
    kt_buf_puts(out, de ? "Legende: Ware(n)=k Landschaft mit Würfelzahl n und k Waren (höchstens 3), "
                          "ng Gold im Dorfzentrum,\n  CHAOS: kein Gold, Landschaften ohne "
                          "Zuwachs; (n) Würfelzahl, *k Königinnen-Zeichen, [I] Karte der "
                          "Epoche I, - kaputt\n"
                        : "legend: good(n)=k landscape with die number n holding k goods (at most "
                          "3), ng gold on the village centre,\n  CHAOS: no gold, its landscapes "
                          "take no goods; (n) die number, *k queen marks, [I] hidden card of era "
                          "I, - damaged\n");
}
