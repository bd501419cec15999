/*
 * setup.c - a new game of Dominion: the configuration from the validated
 * options (gamedef.setup) and the start position (gamedef.init).
 *
 * dom_cfg is derived once per configuration: the kingdom (explicit list,
 * preset, or drawn at random from the seed and written back so the
 * canonical options reproduce it), the supply piles in display order with
 * their sizes for the player count (1 player = goldfish with 2-player
 * sizes), and `total[id]`, the number of copies of each card in the game,
 * which check() uses for card conservation.  The start position (dom_init,
 * dom_deal, dom_clear) and the derived counters of a loaded state
 * (dom_derive) are here too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dominion.h"
#include "../../core/mem.h"

/* ------------------------------------------------------------ options */

static int is_kingdom(int id)
{
    return id > 0 && id < DOM_NCARDS && dom_cards[id].kind == DOM_K_KINGDOM;
}

/* Split a comma list; calls fn(name, ctx, a) for every non-empty item.  `a`
 * is the allocator of the game being set up: an unknown name's suggestion
 * is written through it. */
typedef kt_status (*item_fn)(const char *name, void *ctx, const kt_allocator *a, kt_err *err);
static kt_status each_item(const char *text, item_fn fn, void *ctx, const kt_allocator *a,
                           kt_err *err)
{
    const char *p = text;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char name[96];
        if (len >= sizeof name)
            len = sizeof name - 1;
        memcpy(name, p, len);
        name[len] = '\0';
        p = e ? e + 1 : p + strlen(p);
        char norm[96];
        kt_text_norm(name, norm, sizeof norm);
        if (!norm[0])
            continue;
        kt_status st = fn(name, ctx, a, err);
        if (st != KT_OK)
            return st;
    }
    return KT_OK;
}

static kt_status unknown(const char *what, const char *name, const kt_allocator *a, kt_err *err)
{
    char norm[96];
    kt_text_norm(name, norm, sizeof norm);
    kt_buf b;
    kt_buf_init_alloc(&b, a);
    dom_card_suggest(name, KT_LANG_EN, &b);
    kt_status st = kt_seterr(err, KT_EUNKNOWN, "dominion option '%s': unknown card '%s'%s%s%s",
                             what, norm, b.len ? " (did you mean " : "", b.len ? b.p : "",
                             b.len ? "?)" : "");
    kt_buf_free(&b);
    return st;
}

typedef struct klist {
    uint8_t *out;
    int *n;
} klist;

static kt_status add_kingdom(const char *name, void *ctx, const kt_allocator *a, kt_err *err)
{
    klist *k = ctx;
    int id = dom_card_find(name);
    if (!id)
        return unknown("kingdom", name, a, err);
    if (!is_kingdom(id))
        return kt_seterr(err, KT_EINVAL,
                         "dominion option 'kingdom': %s is not a kingdom card of the base game "
                         "(2nd edition) or Plunder",
                         dom_cards[id].en);
    for (int i = 0; i < *k->n; i++)
        if (k->out[i] == id)
            return kt_seterr(err, KT_EINVAL, "dominion option 'kingdom': %s is listed twice",
                             dom_cards[id].en);
    if (*k->n >= 10)
        return kt_seterr(err, KT_EINVAL, "dominion option 'kingdom': more than 10 cards listed");
    k->out[(*k->n)++] = (uint8_t)id;
    return KT_OK;
}

static kt_status parse_kingdom(const char *text, uint8_t *out, int *n, const kt_allocator *a,
                               kt_err *err)
{
    *n = 0;
    klist k = {out, n};
    return each_item(text, add_kingdom, &k, a, err);
}

static kt_status add_event(const char *name, void *ctx, const kt_allocator *a, kt_err *err)
{
    dom_cfg *c = ctx;
    int id = dom_card_find(name);
    if (!id)
        return unknown("events", name, a, err);
    if (dom_cards[id].kind != DOM_K_EVENT)
        return kt_seterr(err, KT_EINVAL, "dominion option 'events': %s is not an Event",
                         dom_cards[id].en);
    for (int i = 0; i < c->nevents; i++)
        if (c->events[i] == id)
            return kt_seterr(err, KT_EINVAL, "dominion option 'events': %s is listed twice",
                             dom_cards[id].en);
    if (c->nevents >= DOM_MAXEV)
        return kt_seterr(err, KT_EINVAL, "dominion option 'events': too many Events");
    c->events[c->nevents++] = (uint8_t)id;
    return KT_OK;
}

/* Traits are placed after the kingdom is known: "Trait" or "Trait:Pile". */
static kt_status add_trait(const char *item, void *ctx, const kt_allocator *a, kt_err *err)
{
    dom_cfg *c = ctx;
    char name[96], pile[96] = "";
    const char *colon = strchr(item, ':');
    size_t len = colon ? (size_t)(colon - item) : strlen(item);
    if (len >= sizeof name)
        len = sizeof name - 1;
    memcpy(name, item, len);
    name[len] = '\0';
    if (colon)
        snprintf(pile, sizeof pile, "%s", colon + 1);
    int id = dom_card_find(name);
    if (!id)
        return unknown("traits", name, a, err);
    if (dom_cards[id].kind != DOM_K_TRAIT)
        return kt_seterr(err, KT_EINVAL, "dominion option 'traits': %s is not a Trait",
                         dom_cards[id].en);
    for (int i = 0; i < c->ntraits; i++)
        if (c->traits[i] == id)
            return kt_seterr(err, KT_EINVAL, "dominion option 'traits': %s is listed twice",
                             dom_cards[id].en);
    int pid = 0;
    if (colon) {
        char norm[96];
        kt_text_norm(pile, norm, sizeof norm);
        pid = norm[0] ? dom_card_find(pile) : 0;
        if (norm[0] && !pid)
            return unknown("traits", pile, a, err);
        if (pid) {
            int in = 0;
            for (int i = 0; i < c->nkingdom; i++)
                in |= c->kingdom[i] == pid;
            if (!in)
                return kt_seterr(err, KT_EINVAL,
                                 "dominion option 'traits': %s can only go on a kingdom pile of "
                                 "this game, and %s is not one",
                                 dom_cards[id].en, dom_cards[pid].en);
            if (!dom_is(pid, DOM_T_ACTION | DOM_T_TREASURE))
                return kt_seterr(err, KT_EINVAL,
                                 "dominion option 'traits': %s can only go on an Action or "
                                 "Treasure pile, not %s",
                                 dom_cards[id].en, dom_cards[pid].en);
            for (int i = 0; i < c->ntraits; i++)
                if (c->trait_pile[i] == pid)
                    return kt_seterr(err, KT_EINVAL,
                                     "dominion option 'traits': %s already carries %s (one "
                                     "Trait per pile)",
                                     dom_cards[pid].en, dom_cards[c->traits[i]].en);
        }
    }
    if (c->ntraits >= DOM_MAXEV)
        return kt_seterr(err, KT_EINVAL, "dominion option 'traits': too many Traits");
    c->traits[c->ntraits] = (uint8_t)id;
    c->trait_pile[c->ntraits++] = (uint8_t)pid;
    return KT_OK;
}

/* Piles without a Trait get one at random among the eligible piles. */
static kt_status place_traits(dom_cfg *c, kt_rng *r, kt_err *err)
{
    for (int t = 0; t < c->ntraits; t++) {
        if (c->trait_pile[t])
            continue;
        uint8_t ok[10];
        int n = 0;
        for (int i = 0; i < c->nkingdom; i++) {
            int id = c->kingdom[i], taken = 0;
            for (int k = 0; k < c->ntraits; k++)
                taken |= c->trait_pile[k] == id;
            if (!taken && dom_is(id, DOM_T_ACTION | DOM_T_TREASURE))
                ok[n++] = (uint8_t)id;
        }
        if (!n)
            return kt_seterr(err, KT_EINVAL,
                             "dominion option 'traits': no Action or Treasure kingdom pile is "
                             "left for %s",
                             dom_cards[c->traits[t]].en);
        c->trait_pile[t] = ok[kt_rng_below(r, (uint32_t)n)];
    }
    return KT_OK;
}

/* Letters only: "first-game", "First Game" and "firstgame" all match. */
static void preset_key(const char *in, char *out, size_t cap)
{
    char t[96];
    kt_text_norm(in, t, sizeof t);
    size_t o = 0;
    for (const char *q = t; *q && o + 1 < cap; q++)
        if (*q >= 'a' && *q <= 'z')
            out[o++] = *q;
    out[o] = '\0';
}

static int preset_find(const char *name)
{
    char a[96], b[96];
    preset_key(name, a, sizeof a);
    for (int i = 0; i < dom_npresets; i++) {
        preset_key(dom_presets[i].name, b, sizeof b);
        if (strcmp(a, b) == 0)
            return i;
        if (dom_presets[i].name_de) {
            preset_key(dom_presets[i].name_de, b, sizeof b);
            if (strcmp(a, b) == 0)
                return i;
        }
    }
    if (strcmp(a, "silverandgold") == 0) /* "&" spelled out */
        return preset_find("Silver & Gold");
    if (strcmp(a, "heroldeundabenteurer") == 0)
        return preset_find("Herolde & Abenteurer");
    if (strcmp(a, "vergrabenundvergessen") == 0)
        return preset_find("Vergraben & vergessen");
    return -1;
}

static kt_status parse_until(const char *text, dom_cfg *c, kt_err *err)
{
    const char *eq = strchr(text, '=');
    if (!eq)
        return kt_seterr(err, KT_EINVAL,
                         "dominion option 'until': expected CARD=N such as provinces=4, got '%s'",
                         text);
    char name[64];
    size_t len = (size_t)(eq - text);
    if (len >= sizeof name)
        len = sizeof name - 1;
    memcpy(name, text, len);
    name[len] = '\0';
    int id = dom_card_find(name);
    if (!id) { /* plural: provinces, duchies, golds */
        char norm[64];
        kt_text_norm(name, norm, sizeof norm);
        size_t l = strlen(norm);
        if (l > 3 && strcmp(norm + l - 3, "ies") == 0) {
            norm[l - 3] = 'y';
            norm[l - 2] = '\0';
            id = dom_card_find(norm);
        }
        if (!id && l > 1 && norm[l - 1] == 's') {
            norm[l - 1] = '\0';
            id = dom_card_find(norm);
        }
    }
    if (!id || dom_cards[id].kind == DOM_K_EVENT || dom_cards[id].kind == DOM_K_TRAIT)
        return kt_seterr(err, KT_EUNKNOWN, "dominion option 'until': unknown card '%s'", name);
    char *end;
    long n = strtol(eq + 1, &end, 10);
    if (!eq[1] || *end || n < 1 || n > 60)
        return kt_seterr(err, KT_EINVAL,
                         "dominion option 'until': '%s' is not a count from 1 to 60", eq + 1);
    c->until_card = (uint8_t)id;
    c->until_n = (uint8_t)n;
    return KT_OK;
}

static int by_cost_name(int x, int y)
{
    if (dom_cards[x].cost != dom_cards[y].cost)
        return dom_cards[x].cost - dom_cards[y].cost;
    return strcmp(dom_cards[x].en, dom_cards[y].en);
}

/* The kingdom in supply order (cost, then name): an insertion sort, as
 * kingdoms have ten cards and a fresh one is drawn for every game of a
 * study (qsort cost 2,000 instructions a call). */
static void sort_kingdom(uint8_t *k, int n)
{
    for (int i = 1; i < n; i++) {
        uint8_t x = k[i];
        int j = i;
        for (; j > 0 && by_cost_name(k[j - 1], x) > 0; j--)
            k[j] = k[j - 1];
        k[j] = x;
    }
}

static int in_set(int id, int sets)
{
    /* sets: 0 all, 1 base, 2 plunder */
    return sets == 0 || (sets == 1 && dom_cards[id].set == DOM_SET_BASE2) ||
           (sets == 2 && dom_cards[id].set == DOM_SET_PLUNDER);
}

/* Complete the kingdom at random.  Landscapes (Events and Traits) are
 * shuffled in with the kingdom randomizers (seed 004: "mischt sie in die
 * Platzhalterkarten ein"); those turned up before the 10th kingdom card
 * join the game, at most `maxland`. */
static void draw_random(dom_cfg *c, kt_rng *r, int sets, int maxland, int landscapes)
{
    uint8_t pool[DOM_NCARDS];
    int np = 0;
    for (int id = 1; id < DOM_NCARDS; id++) {
        int taken = 0;
        for (int i = 0; i < c->nkingdom; i++)
            taken |= c->kingdom[i] == id;
        if (is_kingdom(id) && !taken && in_set(id, sets))
            pool[np++] = (uint8_t)id;
        if (landscapes && (dom_cards[id].kind == DOM_K_EVENT || dom_cards[id].kind == DOM_K_TRAIT))
            pool[np++] = (uint8_t)id;
    }
    kt_shuffle_u8(r, pool, (uint32_t)np);
    int nland = 0;
    for (int i = 0; i < np && c->nkingdom < 10; i++) {
        int id = pool[i];
        if (is_kingdom(id)) {
            c->kingdom[c->nkingdom++] = (uint8_t)id;
        } else if (nland < maxland) {
            nland++;
            if (dom_cards[id].kind == DOM_K_EVENT)
                c->events[c->nevents++] = (uint8_t)id;
            else {
                c->traits[c->ntraits] = (uint8_t)id;
                c->trait_pile[c->ntraits++] = 0;
            }
        }
    }
}

/* Exactly n landscapes for a kingdom given in full (option landscapes). */
static void draw_landscapes(dom_cfg *c, kt_rng *r, int n)
{
    uint8_t pool[DOM_NCARDS];
    int np = 0;
    for (int id = DOM_FIRST_EVENT; id < DOM_NCARDS; id++) {
        int have = 0;
        for (int i = 0; i < c->nevents; i++)
            have |= c->events[i] == id;
        for (int i = 0; i < c->ntraits; i++)
            have |= c->traits[i] == id;
        if (!have)
            pool[np++] = (uint8_t)id;
    }
    kt_shuffle_u8(r, pool, (uint32_t)np);
    for (int i = 0; i < np && n > 0; i++) {
        int id = pool[i];
        if (dom_cards[id].kind == DOM_K_EVENT) {
            if (c->nevents >= DOM_MAXEV)
                continue;
            c->events[c->nevents++] = (uint8_t)id;
        } else {
            if (c->ntraits >= DOM_MAXEV)
                continue;
            c->traits[c->ntraits] = (uint8_t)id;
            c->trait_pile[c->ntraits++] = 0;
        }
        n--;
    }
}

/* Append "sep" and "name" to list (capacity cap, NUL-terminated); without
 * snprintf, which dominated the setup of fresh kingdoms. */
static void list_add(char *list, size_t cap, const char *sep, const char *name)
{
    size_t l = strlen(list), a = strlen(sep), b = strlen(name);
    if (l + a + b >= cap)
        return; /* cannot happen: 1 KB holds 16 "Trait:Pile" pairs of the longest names */
    memcpy(list + l, sep, a);
    memcpy(list + l + a, name, b + 1);
}

static kt_status write_back(kt_game *g, const dom_cfg *c, int kingdom, kt_err *err)
{
    char list[1024] = "";
    kt_status st;
    if (kingdom) {
        for (int i = 0; i < c->nkingdom; i++)
            list_add(list, sizeof list, i ? "," : "", dom_cards[c->kingdom[i]].en);
        if ((st = kt_game_set_opt(g, "kingdom", list, err)) != KT_OK)
            return st;
    }
    list[0] = '\0';
    for (int i = 0; i < c->nevents; i++)
        list_add(list, sizeof list, i ? "," : "", dom_cards[c->events[i]].en);
    if ((c->nevents || kt_game_opt_given(g, "events")) &&
        (st = kt_game_set_opt(g, "events", list, err)) != KT_OK)
        return st;
    list[0] = '\0';
    for (int i = 0; i < c->ntraits; i++) {
        list_add(list, sizeof list, i ? "," : "", dom_cards[c->traits[i]].en);
        list_add(list, sizeof list, ":", dom_cards[c->trait_pile[i]].en);
    }
    if ((c->ntraits || kt_game_opt_given(g, "traits")) &&
        (st = kt_game_set_opt(g, "traits", list, err)) != KT_OK)
        return st;
    return KT_OK;
}

/* Every card, Event or Trait of the game that needs an engine path. */
static uint32_t hooks_of(const dom_cfg *c)
{
    static const uint8_t gain_cards[] = {
        DOM_SIREN, DOM_GONDOLA, DOM_BURIED_TREASURE, DOM_WEALTHY_VILLAGE, DOM_ABUNDANCE,
        DOM_TASKMASTER, DOM_CAGE, DOM_SECLUDED_SHRINE, DOM_MINING_ROAD, DOM_CUTTHROAT,
        DOM_SEARCH, DOM_STOWAWAY, DOM_MAPMAKER};
    uint32_t h = 0;
    for (size_t i = 0; i < sizeof gain_cards; i++)
        if (c->in_supply[gain_cards[i]])
            h |= DOM_H_GAIN;
    if (c->loot)
        h |= DOM_H_GAIN; /* Doubloons, Insignia */
    for (int i = 0; i < c->nevents; i++) {
        int e = c->events[i];
        if (e == DOM_DELIVER || e == DOM_RUSH || e == DOM_MIRROR)
            h |= DOM_H_GAIN;
        if (e == DOM_AVOID)
            h |= DOM_H_SHUFFLE;
    }
    for (int i = 0; i < c->ntraits; i++) {
        switch (c->traits[i]) {
        case DOM_CURSED: case DOM_FAWNING: case DOM_HASTY: case DOM_NEARBY: case DOM_PIOUS:
        case DOM_RICH:
            h |= DOM_H_GAIN;
            break;
        case DOM_FATED: h |= DOM_H_SHUFFLE; break;
        case DOM_FRIENDLY: case DOM_PATIENT: h |= DOM_H_CLEANUP; break;
        case DOM_SHY: h |= DOM_H_START; break;
        case DOM_RECKLESS: case DOM_INSPIRING: h |= DOM_H_PLAY; break;
        default: break;
        }
    }
    if (c->in_supply[DOM_TRICKSTER])
        h |= DOM_H_CLEANUP;
    if (c->shaman)
        h |= DOM_H_START;
    return h;
}

/* The kingdom, Events and Traits from the options (a preset, an explicit
 * list, or drawn from the seed and written back), and the "until" goal. */
static kt_status choose_kingdom(kt_game *g, dom_cfg *c, kt_err *err)
{
    const char *ktext = kt_game_opt_str(g, "kingdom");
    const char *ptext = kt_game_opt_str(g, "preset");
    const char *etext = kt_game_opt_str(g, "events");
    const char *ttext = kt_game_opt_str(g, "traits");
    int sets = (int)kt_game_opt_int(g, "sets");
    int maxland = (int)kt_game_opt_int(g, "landscapes");
    c->journey_errata = kt_game_opt_int(g, "journey") == 1;
    const kt_allocator *A = &g->alloc;
    kt_rng r;
    kt_rng_seed(&r, kt_seed_derive(g->seed, 0x6b696e67)); /* "king" */
    kt_status st;
    if (ptext[0]) {
        if (ktext[0])
            return kt_seterr(err, KT_EINVAL,
                             "dominion options 'kingdom' and 'preset' exclude each other");
        int pi = preset_find(ptext);
        if (pi < 0) {
            char list[1400] = "";
            for (int i = 0; i < dom_npresets; i++) {
                if (!dom_presets[i].cards)
                    continue;
                size_t l = strlen(list);
                snprintf(list + l, sizeof list - l, "%s%s", i ? ", " : "", dom_presets[i].name);
                if (dom_presets[i].name_de && strcmp(dom_presets[i].name_de, dom_presets[i].name)) {
                    l = strlen(list);
                    snprintf(list + l, sizeof list - l, "/%s", dom_presets[i].name_de);
                }
            }
            return kt_seterr(err, KT_EUNKNOWN, "dominion option 'preset': unknown preset '%s' "
                                               "(available: %s)",
                             ptext, list);
        }
        const dom_preset *pr = &dom_presets[pi];
        if (!pr->cards)
            return kt_seterr(err, KT_EINVAL,
                             "dominion option 'preset': %s (%s) needs cards kontor does not "
                             "have: %s",
                             pr->name, pr->name_de ? pr->name_de : pr->name, pr->missing);
        if ((etext[0] || ttext[0]) && (pr->events[0] || pr->traits[0]))
            return kt_seterr(err, KT_EINVAL,
                             "dominion option 'preset': %s brings its own Events and Traits; "
                             "'events' and 'traits' cannot change them",
                             pr->name);
        c->preset = pi;
        if ((st = parse_kingdom(pr->cards, c->kingdom, &c->nkingdom, A, err)) != KT_OK)
            return st;
        if ((st = each_item(pr->events, add_event, c, A, err)) != KT_OK)
            return st;
        if ((st = each_item(pr->traits, add_trait, c, A, err)) != KT_OK)
            return st;
        if ((st = each_item(etext, add_event, c, A, err)) != KT_OK)
            return st;
        if ((st = each_item(ttext, add_trait, c, A, err)) != KT_OK)
            return st;
        if ((st = place_traits(c, &r, err)) != KT_OK)
            return st;
        if ((etext[0] || ttext[0]) && (st = write_back(g, c, 0, err)) != KT_OK)
            return st;
    } else {
        if ((st = parse_kingdom(ktext, c->kingdom, &c->nkingdom, A, err)) != KT_OK)
            return st;
        if ((st = each_item(etext, add_event, c, A, err)) != KT_OK)
            return st;
        int explicit_land = kt_game_opt_given(g, "events") || kt_game_opt_given(g, "traits");
        int random = c->nkingdom < 10;
        if (random)
            draw_random(c, &r, sets, maxland, !explicit_land && sets != 1 && maxland > 0);
        if ((st = each_item(ttext, add_trait, c, A, err)) != KT_OK)
            return st;
        if (!random && !explicit_land && kt_game_opt_given(g, "landscapes")) {
            draw_landscapes(c, &r, maxland);
            /* the drawn landscapes are written back; drawing again from the
             * canonical options must not add more */
            if ((st = kt_game_set_opt(g, "landscapes", "0", err)) != KT_OK)
                return st;
        }
        if ((st = place_traits(c, &r, err)) != KT_OK)
            return st;
        sort_kingdom(c->kingdom, c->nkingdom);
        if ((st = write_back(g, c, 1, err)) != KT_OK)
            return st;
    }
    sort_kingdom(c->kingdom, c->nkingdom);
    const char *utext = kt_game_opt_str(g, "until");
    if (utext[0] && (st = parse_until(utext, c, err)) != KT_OK)
        return st;
    return KT_OK;
}

/* The supply piles with their sizes, the card lists and the card totals
 * (card conservation in check()). */
static void size_piles(dom_cfg *c)
{
    /* Supply sizes (reference §1.3); 1 player uses the 2-player sizes. */
    int sz = c->np < 2 ? 2 : c->np;
    int vic = sz <= 2 ? 8 : 12;
    c->start[DOM_COPPER] = 7;
    c->start[DOM_ESTATE] = 3;
    c->pile0[DOM_COPPER] = (uint8_t)(60 - 7 * sz);
    c->pile0[DOM_SILVER] = 40;
    c->pile0[DOM_GOLD] = 30;
    c->pile0[DOM_ESTATE] = (uint8_t)vic;
    c->pile0[DOM_DUCHY] = (uint8_t)vic;
    c->pile0[DOM_PROVINCE] = (uint8_t)vic;
    c->pile0[DOM_CURSE] = (uint8_t)(10 * (sz - 1));
    for (int id = DOM_COPPER; id <= DOM_CURSE; id++)
        c->piles[c->npiles++] = (uint8_t)id;
    for (int i = 0; i < c->nkingdom; i++) {
        int id = c->kingdom[i];
        c->piles[c->npiles++] = (uint8_t)id;
        c->pile0[id] = (uint8_t)((dom_cards[id].types & DOM_T_VICTORY) ? vic : 10);
    }
    for (int i = 0; i < c->npiles; i++)
        c->in_supply[c->piles[i]] = 1;
    for (int w = 0; w < DOM_NIDS / 16; w++) {
        int any = 0;
        for (int b = 0; b < 16; b++) {
            c->pc_mask[c->npc][b] = c->in_supply[16 * w + b];
            any |= c->in_supply[16 * w + b];
        }
        if (any)
            c->pc_idx[c->npc++] = (uint8_t)w;
    }
    for (int i = 0; i < c->ntraits; i++)
        c->trait_of[c->trait_pile[i]] = c->traits[i];
    /* the Loot pile only when something refers to Loot (seed 004) */
    for (int i = 0; i < c->nkingdom; i++)
        c->loot |= (dom_cards[c->kingdom[i]].flags & DOM_CF_LOOTREF) != 0;
    for (int i = 0; i < c->nevents; i++)
        c->loot |= (dom_cards[c->events[i]].flags & DOM_CF_LOOTREF) != 0;
    for (int i = 0; i < c->ntraits; i++)
        c->loot |= (dom_cards[c->traits[i]].flags & DOM_CF_LOOTREF) != 0;
    c->shaman = c->in_supply[DOM_SHAMAN];
    for (int id = 1; id < DOM_NCARDS; id++) {
        int loot = c->loot && dom_cards[id].kind == DOM_K_LOOT;
        if (!c->in_supply[id] && !c->start[id] && !loot)
            continue;
        c->ids[c->nids++] = (uint8_t)id;
        if (dom_cards[id].types & DOM_T_ACTION)
            c->act_ids[c->nact++] = (uint8_t)id;
        if (dom_cards[id].types & DOM_T_TREASURE)
            c->tre_ids[c->ntre++] = (uint8_t)id;
        c->total[id] = (uint16_t)(c->pile0[id] + c->np * c->start[id] + (loot ? 2 : 0));
        c->ncards = (uint16_t)(c->ncards + c->total[id]);
    }
}

/* Costs, the hooks the kingdom needs and the engine's and bots' fast
 * paths, derived once per configuration. */
static void derive_fast_paths(dom_cfg *c)
{
    /* costs; Cheap applies for the whole game, never below $0 */
    for (int id = 0; id < DOM_NCARDS; id++) {
        int cost = dom_cards[id].cost;
        if (c->trait_of[id] == DOM_CHEAP && cost > 0)
            cost--;
        c->cost[id] = (uint8_t)cost;
    }
    /* Treasures that must be played through an effect frame */
    for (int id = 1; id < DOM_NCARDS; id++) {
        int t = c->trait_of[id];
        c->slow[id] = (uint8_t)((dom_cards[id].flags & DOM_CF_SPECIAL) || t == DOM_RECKLESS ||
                                t == DOM_INSPIRING || dom_cards[id].cards);
    }
    c->hooks = hooks_of(c);
    /* fast paths of the engine and bots */
    for (int i = 0; i < c->ntre; i++) {
        int t = c->tre_ids[i];
        const dom_card *d = &dom_cards[t];
        if (!(d->flags & DOM_CF_AUTO)) {
            c->manual_tre[c->nmanual_tre++] = (uint8_t)t;
            continue;
        }
        if (c->slow[t]) {
            c->slow_tre[c->nslow_tre++] = (uint8_t)t;
            continue;
        }
        /* play_plain_treasures adds the packed fields; an Action-Treasure
         * or a negative bonus (none in the sets) takes the general path */
        if ((d->types & DOM_T_ACTION) || d->coins < 0 || d->actions < 0 || d->buys < 0)
            c->fast_odd = 1;
        else
            c->fast_inc[c->nfast_tre] = (uint64_t)d->coins | (uint64_t)d->actions << 16 |
                                        (uint64_t)d->buys << 32 | (uint64_t)(t == DOM_SILVER) << 48;
        c->fast_tre[c->nfast_tre++] = (uint8_t)t;
    }
    for (int i = 0; i < c->nids; i++)
        if (dom_is(c->ids[i], DOM_T_DURATION))
            c->stays = 1;
    for (int i = 0; i < c->nevents; i++)
        if (c->events[i] == DOM_JOURNEY)
            c->stays = 1;
    c->plain_gain = !(c->hooks & DOM_H_GAIN) && !c->until_n;
    for (int id = 0; id < DOM_NIDS; id++)
        c->hand_inc[id] = (uint32_t)((dom_cards[id].types & DOM_T_ACTION) != 0) |
                          (uint32_t)((dom_cards[id].types & DOM_T_TREASURE) != 0) << 16;
    for (int i = 0; i < c->nids; i++) {
        int id = c->ids[i];
        for (int k = 0; k < c->start[id] && c->nstart_deck < sizeof c->start_deck; k++) {
            c->start_deck[c->nstart_deck++] = (uint8_t)id;
            c->start_vp = (int16_t)(c->start_vp + dom_cards[id].vp);
            if (dom_cards[id].types & DOM_T_TREASURE)
                c->start_money = (uint16_t)(c->start_money + dom_cards[id].coins);
        }
    }
    c->plain_end = !(c->hooks & (DOM_H_CLEANUP | DOM_H_START | DOM_H_SHUFFLE)) && !c->stays &&
                   !c->ntraits;
}

kt_status dom_setup(kt_game *g, kt_err *err)
{
    dom_cfg tmp;
    memset(&tmp, 0, sizeof tmp);
    dom_cfg *c = &tmp;
    c->np = g->nplayers;
    c->preset = -1;
    kt_status st = choose_kingdom(g, c, err);
    if (st != KT_OK)
        return st;
    size_piles(c);
    derive_fast_paths(c);
    if (c->ncards > DOM_MAXC)
        return kt_seterr(err, KT_EINTERNAL, "dominion: %d cards exceed the capacity %d",
                         c->ncards, DOM_MAXC);

    dom_cfg *cfg = kt_game_alloc(g, sizeof *cfg);
    if (!cfg)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    memcpy(cfg, c, sizeof *cfg);
    /* only the players of this game; rounded up to 8 so that arrays of
     * states (history buffers) keep every state aligned */
    size_t bytes = offsetof(dom_state, pl) + (size_t)c->np * sizeof(dom_player);
    g->state_size = (bytes + 7) & ~(size_t)7;
    g->max_legal = DOM_MAX_LEGAL;
    return KT_OK;
}

/* ------------------------------------------------------------ start position */

void dom_derive(const kt_game *g, dom_state *s)
{
    const dom_cfg *c = dom_config(g);
    s->nempty = (uint8_t)dom_empty_piles(c, s);
    for (int p = 0; p < c->np; p++) {
        dom_player *P = &s->pl[p];
        memset(P->own, 0, sizeof P->own);
        P->ncards = 0;
        P->vp = 0;
        P->money = 0;
        P->nhand = 0;
        P->hand_act = 0;
        P->hand_tre = 0;
        for (int id = 1; id < DOM_NIDS; id++) {
            for (int k = 0; k < P->hand[id]; k++) {
                dom_own_add(P, id);
                P->nhand++;
                if (dom_cards[id].types & DOM_T_ACTION)
                    P->hand_act++;
                if (dom_cards[id].types & DOM_T_TREASURE)
                    P->hand_tre++;
            }
        }
        for (int i = 0; i < P->ndeck; i++)
            dom_own_add(P, P->deck[i]);
        for (int i = 0; i < P->ndisc; i++)
            dom_own_add(P, P->disc[i]);
    }
    int nold = 0;
    for (int i = 0; i < s->nplay; i++) {
        dom_own_add(&s->pl[s->play[i].owner], s->play[i].card);
        nold += (s->play[i].flags & DOM_IP_OLD) != 0;
    }
    s->nold = (uint16_t)nold;
    for (int i = 0; i < s->naside; i++)
        dom_own_add(&s->pl[s->aside[i].owner], s->aside[i].card);
}

/* Shuffle the starting decks and draw the first hands (after Inherited). */
void dom_deal(const kt_game *g, dom_state *s)
{
    const dom_cfg *c = dom_config(g);
    for (int p = 0; p < c->np; p++)
        kt_shuffle_u8(&s->h.rng, s->pl[p].deck, s->pl[p].ndeck);
    for (int p = 0; p < c->np; p++)
        dom_draw(g, s, p, 5);
}

/* Smaller of a count read from a state and a capacity. */
static size_t capped(int n, int cap) { return (size_t)(n < cap ? n : cap); }

/* gamedef.clear: zero a state the engine wrote by clearing the parts in
 * use (unused zone slots are zero already): about 1 KB instead of 12. */
void dom_clear(const kt_game *g, kt_state *st)
{
    dom_state *s = dom_st(st);
    const dom_cfg *c = dom_config(g);
    memset(s->stack, 0, sizeof s->stack[0] * capped(s->nstack, DOM_STACK));
    memset(s->watch, 0, sizeof s->watch[0] * capped(s->nwatch, DOM_WATCH));
    memset(s->play, 0, sizeof s->play[0] * capped(s->nplay, DOM_MAXC));
    memset(s->aside, 0, sizeof s->aside[0] * capped(s->naside, DOM_MAXC));
    for (int p = 0; p < c->np; p++) {
        dom_player *P = &s->pl[p];
        memset(P->deck, 0, capped(P->ndeck, DOM_MAXC));
        memset(P->disc, 0, capped(P->ndisc, DOM_MAXC));
        memset(P, 0, offsetof(dom_player, deck)); /* counters, hand, pubhand, own */
    }
    memset(s, 0, offsetof(dom_state, stack)); /* header, turn, supply, trash, loot */
    size_t used = offsetof(dom_state, pl) + (size_t)c->np * sizeof(dom_player);
    if (g->state_size > used)
        memset((char *)s + used, 0, g->state_size - used); /* rounding */
}

void dom_init(const kt_game *g, kt_state *st)
{
    dom_state *s = dom_st(st);
    const dom_cfg *c = dom_config(g);
    s->winner = -1;
    s->h.turn_player = -1;
    memcpy(s->supply, c->pile0, sizeof s->supply);
    s->nempty = (uint8_t)dom_empty_piles(c, s);
    for (int p = 0; p < c->np; p++) {
        /* what dom_own_add gives for each card of the starting deck */
        dom_player *P = &s->pl[p];
        memcpy(P->deck, c->start_deck, c->nstart_deck);
        memcpy(P->own, c->start, sizeof P->own);
        P->ndeck = c->nstart_deck;
        P->ncards = c->nstart_deck;
        P->vp = c->start_vp;
        P->money = c->start_money;
    }
    if (c->loot) {
        /* the 30 Loots, shuffled face down */
        for (int id = DOM_FIRST_LOOT; id < DOM_FIRST_EVENT; id++)
            for (int k = 0; k < 2; k++)
                s->loot[s->nloot++] = (uint8_t)id;
        kt_shuffle_u8(&s->h.rng, s->loot, s->nloot);
    }
    int inherited = 0;
    for (int i = 0; i < c->ntraits; i++)
        inherited |= c->traits[i] == DOM_INHERITED;
    if (!inherited)
        dom_deal(g, s);
    s->phase = DOM_PH_SETUP;
    s->pstep = 0;
    dom_run(g, s);
}
