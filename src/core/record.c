/*
 * record.c - game records: configuration + seed + the action texts.
 *
 * JSON form:
 *   {"kontor_record":1,"game":"dominion","players":2,"seed":7,
 *    "options":"kingdom=...","seats":["human","bot:bmu"],
 *    "actions":["play Village","buy Silver",...]}
 * Actions are stored as omniscient English text (kt_action_text viewer
 * KT_OMNISCIENT), which is stable across engine versions as long as the
 * rules are, and human-readable.  Replay parses each text against the legal
 * actions.  An action of a pending player other than the player to move
 * (simultaneous decisions, see kt_pending) is stored as
 *   {"player":2,"action":"bid 300"}
 * with the 0-based player; `actor[i]` is -1 for the plain form.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "mem.h"

struct kt_record {
    const kt_game *g;
    char *seat[KT_MAX_PLAYERS];
    char **act;
    int8_t *actor; /* -1: the player to move; else the pending player who acted */
    int n, cap;
};

/* All of a record's memory comes from its configuration's allocator. */
static void *rmem(const kt_game *g, void *p, size_t osize, size_t nsize)
{
    return kt_mem(&g->alloc, p, osize, nsize);
}

static char *dupstr(const kt_game *g, const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = rmem(g, NULL, 0, n);
    if (p)
        memcpy(p, s, n);
    return p;
}

static void freestr(const kt_game *g, char *s)
{
    if (s)
        rmem(g, s, strlen(s) + 1, 0);
}

kt_record *kt_record_new(const kt_game *g)
{
    kt_record *r = rmem(g, NULL, 0, sizeof *r);
    if (r) {
        memset(r, 0, sizeof *r);
        r->g = g;
    }
    return r;
}

static kt_status rec_push(kt_record *r, const char *text, int actor)
{
    if (r->n == r->cap) {
        int cap = r->cap ? r->cap * 2 : 256;
        char **a = rmem(r->g, NULL, 0, sizeof *a * (size_t)cap);
        int8_t *who = rmem(r->g, NULL, 0, sizeof *who * (size_t)cap);
        if (!a || !who) {
            if (a)
                rmem(r->g, a, sizeof *a * (size_t)cap, 0);
            if (who)
                rmem(r->g, who, sizeof *who * (size_t)cap, 0);
            return KT_ENOMEM;
        }
        if (r->n) {
            memcpy(a, r->act, sizeof *a * (size_t)r->n);
            memcpy(who, r->actor, sizeof *who * (size_t)r->n);
        }
        if (r->act)
            rmem(r->g, r->act, sizeof *a * (size_t)r->cap, 0);
        if (r->actor)
            rmem(r->g, r->actor, sizeof *who * (size_t)r->cap, 0);
        r->act = a;
        r->actor = who;
        r->cap = cap;
    }
    char *t = dupstr(r->g, text);
    if (!t)
        return KT_ENOMEM;
    r->actor[r->n] = (int8_t)actor;
    r->act[r->n++] = t;
    return KT_OK;
}

kt_status kt_record_add_to_move(kt_record *r, const kt_state *before, kt_action a)
{
    char txt[256];
    kt_action_text_to_move(r->g, before, a, KT_OMNISCIENT, KT_LANG_EN, txt, sizeof txt);
    return rec_push(r, txt, -1);
}

kt_status kt_record_add_as(kt_record *r, const kt_state *before, int player, kt_action a)
{
    kt_role role = kt_player_role(r->g, before, player);
    if (role == KT_ROLE_MOVER)
        return kt_record_add_to_move(r, before, a);
    if (role == KT_ROLE_BAD)
        return KT_EINVAL;
    char txt[256];
    kt_action_text_as(r->g, before, player, a, KT_OMNISCIENT, KT_LANG_EN, txt, sizeof txt);
    return rec_push(r, txt, player);
}

int kt_record_actor(const kt_record *r, int i)
{
    return i >= 0 && i < r->n ? r->actor[i] : -1;
}

kt_status kt_record_set_seat(kt_record *r, int seat, const char *label)
{
    if (seat < 0 || seat >= KT_MAX_PLAYERS)
        return KT_EINVAL;
    char *t = dupstr(r->g, label ? label : "");
    if (!t)
        return KT_ENOMEM;
    freestr(r->g, r->seat[seat]);
    r->seat[seat] = t;
    return KT_OK;
}

int kt_record_length(const kt_record *r) { return r->n; }

const char *kt_record_action(const kt_record *r, int i)
{
    return i >= 0 && i < r->n ? r->act[i] : NULL;
}

const char *kt_record_seat(const kt_record *r, int seat)
{
    return seat >= 0 && seat < KT_MAX_PLAYERS && r->seat[seat] ? r->seat[seat] : "";
}

void kt_record_truncate(kt_record *r, int n)
{
    while (r->n > n && r->n > 0)
        freestr(r->g, r->act[--r->n]);
}

char *kt_record_json(const kt_record *r)
{
    kt_buf b;
    kt_buf_init_alloc(&b, &r->g->alloc);
    kt_jw w;
    kt_jw_init(&w, &b);
    kt_jw_obj(&w);
    kt_jw_kint(&w, "kontor_record", 1);
    kt_jw_kstr(&w, "game", kt_game_name(r->g));
    kt_jw_kint(&w, "players", kt_game_players(r->g));
    kt_jw_key(&w, "seed");
    uint64_t seed = kt_game_seed(r->g);
    if (seed <= (1ULL << 53)) {
        kt_jw_uint(&w, seed);
    } else {
        char t[32];
        snprintf(t, sizeof t, "%llu", (unsigned long long)seed);
        kt_jw_str(&w, t);
    }
    kt_jw_kstr(&w, "options", kt_game_options(r->g));
    kt_jw_key(&w, "seats");
    kt_jw_arr(&w);
    for (int p = 0; p < kt_game_players(r->g); p++)
        kt_jw_str(&w, kt_record_seat(r, p));
    kt_jw_arr_end(&w);
    kt_jw_key(&w, "actions");
    kt_jw_arr(&w);
    for (int i = 0; i < r->n; i++) {
        kt_buf_puts(&b, i ? ",\n  " : "\n  ");
        w.after_key = 1; /* separator written by hand for one action per line */
        if (r->actor[i] >= 0) {
            kt_jw_obj(&w);
            kt_jw_kint(&w, "player", r->actor[i]);
            kt_jw_kstr(&w, "action", r->act[i]);
            kt_jw_obj_end(&w);
        } else {
            kt_jw_str(&w, r->act[i]);
        }
    }
    kt_jw_arr_end(&w);
    kt_jw_obj_end(&w);
    kt_buf_putc(&b, '\n');
    return kt_str_take(&b);
}

void kt_record_free(kt_record *r)
{
    if (!r)
        return;
    kt_record_truncate(r, 0);
    for (int p = 0; p < KT_MAX_PLAYERS; p++)
        freestr(r->g, r->seat[p]);
    if (r->act)
        rmem(r->g, r->act, sizeof *r->act * (size_t)r->cap, 0);
    if (r->actor)
        rmem(r->g, r->actor, sizeof *r->actor * (size_t)r->cap, 0);
    rmem(r->g, r, sizeof *r, 0);
}

kt_status kt_record_load(const char *json, const kt_allocator *alloc, kt_record **rec_out,
                         kt_game **game_out, kt_err *err)
{
    *rec_out = NULL;
    *game_out = NULL;
    kt_jdoc doc;
    kt_status st = kt_json_parse_alloc(json, json ? strlen(json) : 0, alloc, &doc, err);
    if (st != KT_OK)
        return st;
    kt_jr r;
    kt_jr_init(&r, err, "");
    const kt_jv *root = doc.root;
    long long ver, np;
    uint64_t seed;
    const char *game = NULL, *opts = NULL;
    const kt_jv *acts = NULL, *seats = NULL;
    if (kt_jr_only(&r, root, "kontor_record,game,players,seed,options,seats,actions") &&
        kt_jr_int(&r, root, "kontor_record", 1, 1, &ver) && (game = kt_jr_str(&r, root, "game")) &&
        kt_jr_int(&r, root, "players", 1, KT_MAX_PLAYERS, &np) &&
        kt_jr_u64(&r, root, "seed", &seed) && (opts = kt_jr_str(&r, root, "options")))
        acts = kt_jr_arr(&r, root, "actions", 0, 100000000);
    if (!acts) {
        kt_json_free(&doc);
        return err ? err->code : KT_ESTATE;
    }
    seats = kt_jv_get(root, "seats");
    kt_game *g = NULL;
    st = kt_game_new(game, opts, (int)np, seed, alloc, &g, err);
    kt_record *rec = st == KT_OK ? kt_record_new(g) : NULL;
    if (st == KT_OK && !rec)
        st = kt_seterr(err, KT_ENOMEM, "out of memory");
    int i = 0;
    for (const kt_jv *c = acts->child; st == KT_OK && c; c = c->next, i++) {
        const kt_jv *who = c->type == KT_JOBJ ? kt_jv_get(c, "player") : NULL;
        const kt_jv *txt = c->type == KT_JOBJ ? kt_jv_get(c, "action") : c;
        if (c->type == KT_JOBJ &&
            (c->n != 2 || !who || who->type != KT_JNUM || !who->isint || who->neg ||
             who->u >= (uint64_t)np))
            st = kt_seterr(err, KT_ESTATE,
                           "field 'actions[%d]': expected {\"player\":0..%lld,\"action\":TEXT}",
                           i, np - 1);
        else if (!txt || txt->type != KT_JSTR)
            st = kt_seterr(err, KT_ESTATE, "field 'actions[%d]': expected a string", i);
        else if (rec_push(rec, txt->s, who ? (int)who->u : -1) != KT_OK)
            st = kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    if (st == KT_OK && seats && seats->type == KT_JARR) {
        int p = 0;
        for (const kt_jv *c = seats->child; c && p < KT_MAX_PLAYERS; c = c->next, p++)
            if (c->type == KT_JSTR && kt_record_set_seat(rec, p, c->s) != KT_OK)
                st = kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    kt_json_free(&doc);
    if (st != KT_OK) {
        kt_record_free(rec);
        kt_game_free(g);
        return st;
    }
    *rec_out = rec;
    *game_out = g;
    return KT_OK;
}

kt_status kt_record_replay(const kt_record *r, const kt_game *g, int n, kt_state *s, kt_err *err)
{
    if (n < 0 || n > r->n)
        n = r->n;
    kt_state_init(g, s);
    for (int i = 0; i < n; i++) {
        kt_action a;
        int who = r->actor[i];
        kt_status st = kt_action_parse_as(g, s, who, r->act[i], &a, err); /* -1: to move */
        if (st == KT_OK && who >= 0)
            st = kt_apply_as(g, s, who, a, err);
        else if (st == KT_OK)
            kt_apply_trusted(g, s, a);
        if (st != KT_OK) {
            if (err) {
                char m[KT_ERRLEN];
                snprintf(m, sizeof m, "%s", err->msg);
                snprintf(err->msg, sizeof err->msg, "record action %d ('%.60s'): %.220s", i + 1,
                         r->act[i], m);
            }
            return st;
        }
    }
    return KT_OK;
}
