/*
 * protocol.c - `kontor protocol`: one JSON request per stdin line, one JSON
 * reply per stdout line (documented in docs/protocol.md).
 *
 * Session data: the current configuration and state, a stack of snapshots
 * for undo (state before each applied action), the record of the game, and
 * a small cache of bots keyed by spec+seed so repeated "bot" requests reuse
 * one bot (and its arenas).  Every malformed or failing request gets
 * {"ok":false,"error":KIND,"message":TEXT} and leaves the session as it
 * was; only "quit" or end of input ends the process.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/json.h"

#define PROTO_MAX_LINE (16u << 20)
#define PROTO_BOTS 16

typedef struct pbot {
    char spec[256];
    uint64_t seed;
    kt_bot *bot;
} pbot;

typedef struct proto {
    kt_game *g;
    kt_state *s;
    unsigned char *snaps;
    size_t nsnaps, capsnaps;
    kt_record *rec;
    pbot bots[PROTO_BOTS];
    int nbots;
} proto;

static const char *status_kind(kt_status s)
{
    switch (s) {
    case KT_OK: return "ok";
    case KT_EINVAL: return "invalid";
    case KT_EUNKNOWN: return "unknown";
    case KT_EILLEGAL: return "illegal";
    case KT_EPARSE: return "parse";
    case KT_ESTATE: return "state";
    case KT_ENOMEM: return "nomem";
    case KT_EOVER: return "over";
    case KT_EIO: return "io";
    case KT_EINTERNAL: return "internal";
    }
    return "internal";
}

static void reply_begin(kt_jw *w, const kt_jv *ref)
{
    kt_jw_obj(w);
    kt_jw_kbool(w, "ok", 1);
    if (ref) {
        kt_jw_key(w, "ref");
        kt_jw_value(w, ref);
    }
}

static void send_line(kt_buf *b)
{
    if (b->oom) {
        fputs("{\"ok\":false,\"error\":\"nomem\",\"message\":\"out of memory\"}\n", stdout);
    } else {
        fwrite(b->p, 1, b->len, stdout);
        fputc('\n', stdout);
    }
    fflush(stdout);
}

static void send_error(const kt_jv *ref, kt_status st, const char *msg)
{
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    kt_jw_obj(&w);
    kt_jw_kbool(&w, "ok", 0);
    if (ref) {
        kt_jw_key(&w, "ref");
        kt_jw_value(&w, ref);
    }
    kt_jw_kstr(&w, "error", status_kind(st));
    kt_jw_kstr(&w, "message", msg);
    kt_jw_obj_end(&w);
    send_line(&b);
    kt_buf_free(&b);
}

static void proto_clear(proto *P)
{
    for (int i = 0; i < P->nbots; i++)
        kt_bot_free(P->bots[i].bot);
    P->nbots = 0;
    kt_record_free(P->rec);
    P->rec = NULL;
    if (P->g)
        kt_state_free(P->g, P->s);
    kt_game_free(P->g);
    P->g = NULL;
    P->s = NULL;
    P->nsnaps = 0;
}

static void write_status(kt_jw *w, proto *P)
{
    kt_jw_kstr(w, "game", kt_game_name(P->g));
    kt_jw_kint(w, "players", kt_game_players(P->g));
    kt_jw_kstr(w, "status", kt_is_over(P->g, P->s) ? "over" : "running");
    kt_jw_kint(w, "to_move", kt_to_move(P->g, P->s));
    kt_jw_kint(w, "turn_player", kt_turn_player(P->g, P->s));
    kt_jw_kstr(w, "decision", kt_decision(P->g, P->s));
    kt_jw_kint(w, "turn", kt_turn_number(P->g, P->s));
    kt_jw_kint(w, "actions", (long long)kt_action_count(P->g, P->s));
    if (kt_is_over(P->g, P->s)) {
        kt_result r;
        kt_result_get(P->g, P->s, &r);
        kt_jw_key(w, "result");
        kt_jw_obj(w);
        kt_jw_kbool(w, "finished", r.finished);
        kt_jw_key(w, "scores");
        kt_jw_arr(w);
        for (int p = 0; p < r.nplayers; p++)
            kt_jw_num(w, r.score[p]);
        kt_jw_arr_end(w);
        kt_jw_key(w, "winners");
        kt_jw_arr(w);
        for (int p = 0; p < r.nplayers; p++)
            if ((r.winners >> p) & 1u)
                kt_jw_int(w, p);
        kt_jw_arr_end(w);
        kt_jw_kint(w, "turns", r.turns);
        kt_jw_obj_end(w);
    }
}

static int lang_of(const kt_jv *req, kt_status *st, const char **msg)
{
    const kt_jv *l = kt_jv_get(req, "lang");
    if (!l)
        return KT_LANG_EN;
    if (l->type == KT_JSTR && !strcmp(l->s, "de"))
        return KT_LANG_DE;
    if (l->type == KT_JSTR && !strcmp(l->s, "en"))
        return KT_LANG_EN;
    *st = KT_EINVAL;
    *msg = "\"lang\" must be \"en\" or \"de\"";
    return -1;
}

/* Optional integer member; returns 0 and sets an error when present but bad. */
static int get_int(const kt_jv *req, const char *key, long long lo, long long hi, long long *out,
                   char *msg, size_t cap)
{
    const kt_jv *v = kt_jv_get(req, key);
    if (!v)
        return 1;
    if (v->type != KT_JNUM || !v->isint || (v->neg ? -(long long)v->u : (long long)v->u) < lo ||
        (!v->neg && v->u > (unsigned long long)hi)) {
        snprintf(msg, cap, "\"%s\" must be an integer in %lld..%lld", key, lo, hi);
        return 0;
    }
    *out = v->neg ? -(long long)v->u : (long long)v->u;
    return 1;
}

static int snap_push(proto *P)
{
    size_t sz = kt_state_size(P->g);
    if (P->nsnaps == P->capsnaps) {
        size_t cap = P->capsnaps ? P->capsnaps * 2 : 64;
        unsigned char *p = realloc(P->snaps, cap * sz);
        if (!p)
            return 0;
        P->snaps = p;
        P->capsnaps = cap;
    }
    memcpy(P->snaps + P->nsnaps * sz, P->s, sz);
    P->nsnaps++;
    return 1;
}

static void opt_text(const kt_jv *o, kt_buf *b)
{
    if (o->type == KT_JSTR) {
        kt_buf_puts(b, o->s);
        return;
    }
    int first = 1;
    for (const kt_jv *c = o->child; c; c = c->next) {
        kt_buf_printf(b, "%s%s=", first ? "" : ";", c->key);
        first = 0;
        if (c->type == KT_JSTR)
            kt_buf_puts(b, c->s);
        else if (c->type == KT_JBOOL)
            kt_buf_puts(b, c->b ? "1" : "0");
        else if (c->type == KT_JNUM && c->isint)
            kt_buf_printf(b, "%s%llu", c->neg ? "-" : "", (unsigned long long)c->u);
        else if (c->type == KT_JARR) {
            int f2 = 1;
            for (const kt_jv *e = c->child; e; e = e->next) {
                if (e->type == KT_JSTR)
                    kt_buf_printf(b, "%s%s", f2 ? "" : ",", e->s);
                f2 = 0;
            }
        }
    }
}

static void cmd_new(proto *P, const kt_jv *req, const kt_jv *ref)
{
    const kt_jv *gname = kt_jv_get(req, "game");
    const kt_jv *opts = kt_jv_get(req, "options");
    char msg[256];
    long long players = 0, seed = 0;
    if (!gname || gname->type != KT_JSTR) {
        send_error(ref, KT_EINVAL, "\"new\" needs \"game\" (a string)");
        return;
    }
    if (!get_int(req, "players", 0, KT_MAX_PLAYERS, &players, msg, sizeof msg) ||
        !get_int(req, "seed", 0, INT64_MAX, &seed, msg, sizeof msg)) {
        send_error(ref, KT_EINVAL, msg);
        return;
    }
    if (opts && opts->type != KT_JSTR && opts->type != KT_JOBJ) {
        send_error(ref, KT_EINVAL, "\"options\" must be a string \"k=v;k=v\" or an object");
        return;
    }
    const kt_jv *sv = kt_jv_get(req, "seed");
    uint64_t useed = sv ? (uint64_t)seed : cli_time_seed();
    kt_buf ob;
    kt_buf_init(&ob);
    if (opts)
        opt_text(opts, &ob);
    kt_game *g;
    kt_err err;
    kt_status st = kt_game_new(gname->s, ob.p ? ob.p : "", (int)players, useed, NULL, &g, &err);
    kt_buf_free(&ob);
    if (st != KT_OK) {
        send_error(ref, st, err.msg);
        return;
    }
    kt_state *s = kt_state_new(g);
    kt_record *rec = s ? kt_record_new(g) : NULL;
    if (!rec) {
        kt_state_free(g, s);
        kt_game_free(g);
        send_error(ref, KT_ENOMEM, "out of memory");
        return;
    }
    proto_clear(P);
    P->g = g;
    P->s = s;
    P->rec = rec;
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    reply_begin(&w, ref);
    kt_jw_kstr(&w, "options", kt_game_options(g));
    kt_jw_kint(&w, "seed", (long long)kt_game_seed(g));
    write_status(&w, P);
    kt_jw_obj_end(&w);
    send_line(&b);
    kt_buf_free(&b);
}

static void cmd_legal(proto *P, const kt_jv *req, const kt_jv *ref)
{
    kt_status st = KT_OK;
    const char *m = NULL;
    int lang = lang_of(req, &st, &m);
    char msg[128];
    long long viewer = -1;
    if (lang < 0 || !get_int(req, "viewer", -1, kt_game_players(P->g) - 1, &viewer, msg, sizeof msg)) {
        send_error(ref, KT_EINVAL, m ? m : msg);
        return;
    }
    if (!kt_jv_get(req, "viewer"))
        viewer = kt_to_move(P->g, P->s);
    kt_action acts[KT_LEGAL_MAX];
    int n = kt_legal(P->g, P->s, acts, KT_LEGAL_MAX);
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    reply_begin(&w, ref);
    write_status(&w, P);
    char *pr = kt_prompt(P->g, P->s, lang);
    kt_jw_kstr(&w, "prompt", pr ? pr : "");
    kt_free(pr);
    kt_jw_key(&w, "legal");
    kt_jw_arr(&w);
    char txt[256];
    for (int i = 0; i < n; i++) {
        kt_action_text(P->g, P->s, acts[i], (int)viewer, lang, txt, sizeof txt);
        kt_jw_obj(&w);
        kt_jw_kint(&w, "id", acts[i]);
        kt_jw_kstr(&w, "text", txt);
        kt_jw_obj_end(&w);
    }
    kt_jw_arr_end(&w);
    kt_jw_obj_end(&w);
    send_line(&b);
    kt_buf_free(&b);
}

static void reply_status(proto *P, const kt_jv *ref, const char *extra_key, const char *extra)
{
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    reply_begin(&w, ref);
    if (extra_key)
        kt_jw_kstr(&w, extra_key, extra);
    write_status(&w, P);
    kt_jw_obj_end(&w);
    send_line(&b);
    kt_buf_free(&b);
}

static void do_apply(proto *P, kt_action a, const kt_jv *ref)
{
    kt_err err;
    if (!kt_is_legal(P->g, P->s, a)) {
        kt_status st = kt_apply(P->g, P->s, a, &err); /* produces the message */
        send_error(ref, st, err.msg);
        return;
    }
    char txt[256];
    kt_action_text(P->g, P->s, a, -1, KT_LANG_EN, txt, sizeof txt);
    if (!snap_push(P) || kt_record_add(P->rec, P->s, a) != KT_OK) {
        send_error(ref, KT_ENOMEM, "out of memory");
        return;
    }
    kt_apply_trusted(P->g, P->s, a);
    reply_status(P, ref, "applied", txt);
}

static void cmd_apply(proto *P, const kt_jv *req, const kt_jv *ref)
{
    const kt_jv *act = kt_jv_get(req, "action");
    const kt_jv *id = kt_jv_get(req, "id");
    kt_err err;
    kt_action a;
    if (act && act->type == KT_JSTR) {
        kt_status st = kt_action_parse(P->g, P->s, act->s, &a, &err);
        if (st != KT_OK) {
            send_error(ref, st, err.msg);
            return;
        }
    } else if (id && id->type == KT_JNUM && id->isint && !id->neg && id->u <= UINT32_MAX) {
        a = (kt_action)id->u;
    } else {
        send_error(ref, KT_EINVAL, "\"apply\" needs \"action\" (text) or \"id\" (a legal id)");
        return;
    }
    do_apply(P, a, ref);
}

/* Reply {"ok":true,KEY:<json>} for an already encoded JSON value; takes
 * ownership of js (NULL means allocation failure). */
static void reply_raw(const kt_jv *ref, const char *key, char *js)
{
    if (!js) {
        send_error(ref, KT_ENOMEM, "out of memory");
        return;
    }
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    reply_begin(&w, ref);
    kt_jw_key(&w, key);
    kt_jw_raw(&w, js);
    kt_jw_obj_end(&w);
    kt_free(js);
    send_line(&b);
    kt_buf_free(&b);
}

static void cmd_view(proto *P, const kt_jv *req, const kt_jv *ref, int render)
{
    kt_status st = KT_OK;
    const char *m = NULL;
    int lang = lang_of(req, &st, &m);
    char msg[128];
    long long player = -1;
    if (lang < 0 || !get_int(req, "player", -1, kt_game_players(P->g) - 1, &player, msg, sizeof msg)) {
        send_error(ref, KT_EINVAL, m ? m : msg);
        return;
    }
    if (!render && !kt_jv_get(req, "player")) {
        send_error(ref, KT_EINVAL, "\"observe\" needs \"player\" (0-based, -1 = spectator)");
        return;
    }
    if (!render) {
        reply_raw(ref, "observation", kt_observe_json(P->g, P->s, (int)player, lang));
        return;
    }
    char *v = kt_render(P->g, P->s, (int)player, lang);
    if (!v) {
        send_error(ref, KT_ENOMEM, "out of memory");
        return;
    }
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    reply_begin(&w, ref);
    kt_jw_kstr(&w, "text", v);
    kt_jw_obj_end(&w);
    kt_free(v);
    send_line(&b);
    kt_buf_free(&b);
}

static void cmd_state(proto *P, const kt_jv *ref)
{
    reply_raw(ref, "state", kt_state_json(P->g, P->s));
}

static void cmd_load(proto *P, const kt_jv *req, const kt_jv *ref)
{
    const kt_jv *sv = kt_jv_get(req, "state");
    if (!sv || (sv->type != KT_JOBJ && sv->type != KT_JSTR)) {
        send_error(ref, KT_EINVAL, "\"load\" needs \"state\" (a full-state object or its text)");
        return;
    }
    char *text = NULL;
    if (sv->type == KT_JOBJ) {
        kt_buf b;
        kt_buf_init(&b);
        kt_jw w;
        kt_jw_init(&w, &b);
        kt_jw_value(&w, sv);
        text = kt_buf_take(&b);
    }
    kt_game *g;
    kt_state *s;
    kt_err err;
    kt_status st = kt_load_json(text ? text : sv->s, NULL, &g, &s, &err);
    free(text);
    if (st != KT_OK) {
        send_error(ref, st, err.msg);
        return;
    }
    kt_record *rec = kt_record_new(g);
    if (!rec) {
        kt_state_free(g, s);
        kt_game_free(g);
        send_error(ref, KT_ENOMEM, "out of memory");
        return;
    }
    proto_clear(P);
    P->g = g;
    P->s = s;
    P->rec = rec;
    reply_status(P, ref, NULL, NULL);
}

static void cmd_undo(proto *P, const kt_jv *req, const kt_jv *ref)
{
    char msg[128];
    long long steps = 1;
    if (!get_int(req, "steps", 1, 1000000, &steps, msg, sizeof msg)) {
        send_error(ref, KT_EINVAL, msg);
        return;
    }
    if ((size_t)steps > P->nsnaps) {
        snprintf(msg, sizeof msg, "cannot undo %lld action(s): only %zu recorded", steps,
                 P->nsnaps);
        send_error(ref, KT_EINVAL, msg);
        return;
    }
    size_t sz = kt_state_size(P->g);
    P->nsnaps -= (size_t)steps;
    memcpy(P->s, P->snaps + P->nsnaps * sz, sz);
    kt_record_truncate(P->rec, kt_record_length(P->rec) - (int)steps);
    reply_status(P, ref, NULL, NULL);
}

static kt_bot *get_bot(proto *P, const char *spec, uint64_t seed, kt_err *err)
{
    for (int i = 0; i < P->nbots; i++)
        if (P->bots[i].seed == seed && !strcmp(P->bots[i].spec, spec))
            return P->bots[i].bot;
    kt_bot *b;
    if (strlen(spec) >= sizeof P->bots[0].spec) {
        snprintf(err->msg, sizeof err->msg, "bot spec too long");
        err->code = KT_EINVAL;
        return NULL;
    }
    if (kt_bot_new(P->g, spec, seed, &b, err) != KT_OK)
        return NULL;
    if (P->nbots == PROTO_BOTS) { /* evict the oldest */
        kt_bot_free(P->bots[0].bot);
        memmove(P->bots, P->bots + 1, sizeof P->bots[0] * (PROTO_BOTS - 1));
        P->nbots--;
    }
    pbot *pb = &P->bots[P->nbots++];
    snprintf(pb->spec, sizeof pb->spec, "%s", spec);
    pb->seed = seed;
    pb->bot = b;
    return b;
}

static void cmd_bot(proto *P, const kt_jv *req, const kt_jv *ref)
{
    const kt_jv *spec = kt_jv_get(req, "spec");
    const kt_jv *ap = kt_jv_get(req, "apply");
    char msg[128];
    long long seed = 1;
    if (!spec || spec->type != KT_JSTR) {
        send_error(ref, KT_EINVAL, "\"bot\" needs \"spec\" (e.g. \"heuristic\", \"mcts:time=200\")");
        return;
    }
    if (!get_int(req, "seed", 0, INT64_MAX, &seed, msg, sizeof msg) ||
        (ap && ap->type != KT_JBOOL)) {
        send_error(ref, KT_EINVAL, ap && ap->type != KT_JBOOL ? "\"apply\" must be a boolean" : msg);
        return;
    }
    if (kt_is_over(P->g, P->s)) {
        send_error(ref, KT_EOVER, "the game is over");
        return;
    }
    kt_err err;
    kt_bot *b = get_bot(P, spec->s, (uint64_t)seed, &err);
    if (!b) {
        send_error(ref, err.code, err.msg);
        return;
    }
    kt_action a;
    kt_status st = kt_bot_choose(b, P->s, &a, &err);
    if (st != KT_OK) {
        send_error(ref, st, err.msg);
        return;
    }
    if (ap && ap->b) {
        do_apply(P, a, ref);
        return;
    }
    char txt[256];
    kt_action_text(P->g, P->s, a, -1, KT_LANG_EN, txt, sizeof txt);
    kt_buf b2;
    kt_buf_init(&b2);
    kt_jw w;
    kt_jw_init(&w, &b2);
    reply_begin(&w, ref);
    kt_jw_kint(&w, "id", a);
    kt_jw_kstr(&w, "text", txt);
    kt_jw_obj_end(&w);
    send_line(&b2);
    kt_buf_free(&b2);
}

static void cmd_record(proto *P, const kt_jv *ref)
{
    reply_raw(ref, "record", kt_record_json(P->rec));
}

static void cmd_games(const kt_jv *ref)
{
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    reply_begin(&w, ref);
    kt_jw_key(&w, "games");
    kt_jw_arr(&w);
    for (int i = 0; i < kt_game_count(); i++) {
        const kt_gameinfo *gi = kt_game_info(i);
        kt_jw_obj(&w);
        kt_jw_kstr(&w, "name", gi->name);
        kt_jw_kstr(&w, "title", gi->title);
        kt_jw_kint(&w, "min_players", gi->min_players);
        kt_jw_kint(&w, "max_players", gi->max_players);
        kt_jw_key(&w, "options");
        kt_jw_arr(&w);
        for (int k = 0; k < gi->nopts; k++) {
            kt_jw_obj(&w);
            kt_jw_kstr(&w, "name", gi->opts[k].name);
            kt_jw_kstr(&w, "default", gi->opts[k].def ? gi->opts[k].def : "");
            kt_jw_kstr(&w, "help", gi->opts[k].help);
            kt_jw_obj_end(&w);
        }
        kt_jw_arr_end(&w);
        kt_jw_key(&w, "bots");
        kt_jw_arr(&w);
        for (int k = 0; kt_game_bot(gi->name, k); k++)
            kt_jw_str(&w, kt_game_bot(gi->name, k)->name);
        kt_jw_arr_end(&w);
        kt_jw_obj_end(&w);
    }
    kt_jw_arr_end(&w);
    kt_jw_obj_end(&w);
    send_line(&b);
    kt_buf_free(&b);
}

/* Returns 0 when the session should end. */
static int handle(proto *P, const char *line, size_t len)
{
    kt_jdoc doc;
    kt_err err;
    if (kt_json_parse(line, len, &doc, &err) != KT_OK) {
        send_error(NULL, KT_EPARSE, err.msg);
        return 1;
    }
    const kt_jv *req = doc.root;
    const kt_jv *ref = kt_jv_get(req, "ref");
    const kt_jv *cmd = kt_jv_get(req, "cmd");
    int go_on = 1;
    if (req->type != KT_JOBJ || !cmd || cmd->type != KT_JSTR) {
        send_error(req->type == KT_JOBJ ? ref : NULL, KT_EINVAL,
                   "each line must be a JSON object with a \"cmd\" string");
    } else if (!strcmp(cmd->s, "quit")) {
        kt_buf b;
        kt_buf_init(&b);
        kt_jw w;
        kt_jw_init(&w, &b);
        reply_begin(&w, ref);
        kt_jw_obj_end(&w);
        send_line(&b);
        kt_buf_free(&b);
        go_on = 0;
    } else if (!strcmp(cmd->s, "version")) {
        kt_buf b;
        kt_buf_init(&b);
        kt_jw w;
        kt_jw_init(&w, &b);
        reply_begin(&w, ref);
        kt_jw_kstr(&w, "kontor", KT_VERSION);
        kt_jw_kint(&w, "protocol", 1);
        kt_jw_obj_end(&w);
        send_line(&b);
        kt_buf_free(&b);
    } else if (!strcmp(cmd->s, "games")) {
        cmd_games(ref);
    } else if (!strcmp(cmd->s, "new")) {
        cmd_new(P, req, ref);
    } else if (!strcmp(cmd->s, "load")) {
        cmd_load(P, req, ref);
    } else if (!P->g) {
        char msg[160];
        snprintf(msg, sizeof msg, "no game yet: send \"new\" or \"load\" before \"%.40s\"", cmd->s);
        send_error(ref, strcmp(cmd->s, "legal") && strcmp(cmd->s, "apply") &&
                                strcmp(cmd->s, "observe") && strcmp(cmd->s, "state") &&
                                strcmp(cmd->s, "render") && strcmp(cmd->s, "undo") &&
                                strcmp(cmd->s, "bot") && strcmp(cmd->s, "status") &&
                                strcmp(cmd->s, "record")
                            ? KT_EUNKNOWN
                            : KT_EINVAL,
                   msg);
    } else if (!strcmp(cmd->s, "status")) {
        reply_status(P, ref, NULL, NULL);
    } else if (!strcmp(cmd->s, "legal")) {
        cmd_legal(P, req, ref);
    } else if (!strcmp(cmd->s, "apply")) {
        cmd_apply(P, req, ref);
    } else if (!strcmp(cmd->s, "observe")) {
        cmd_view(P, req, ref, 0);
    } else if (!strcmp(cmd->s, "render")) {
        cmd_view(P, req, ref, 1);
    } else if (!strcmp(cmd->s, "state")) {
        cmd_state(P, ref);
    } else if (!strcmp(cmd->s, "undo")) {
        cmd_undo(P, req, ref);
    } else if (!strcmp(cmd->s, "bot")) {
        cmd_bot(P, req, ref);
    } else if (!strcmp(cmd->s, "record")) {
        cmd_record(P, ref);
    } else {
        char msg[200];
        snprintf(msg, sizeof msg,
                 "unknown command \"%.40s\" (known: version, games, new, load, status, legal, "
                 "apply, observe, render, state, undo, bot, record, quit)",
                 cmd->s);
        send_error(ref, KT_EUNKNOWN, msg);
    }
    kt_json_free(&doc);
    return go_on;
}

int cli_protocol(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: kontor protocol\n  JSON requests on stdin, one per line; replies on "
                   "stdout, one per line.\n  See docs/protocol.md.\n");
            return 0;
        }
        fprintf(stderr, "kontor protocol: unexpected argument '%s'\n", argv[i]);
        return 2;
    }
    proto P;
    memset(&P, 0, sizeof P);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) >= 0) {
        size_t len = (size_t)n;
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            len--;
        if (!len)
            continue;
        if (len > PROTO_MAX_LINE) {
            send_error(NULL, KT_EINVAL, "line too long (limit 16 MiB)");
            continue;
        }
        if (!handle(&P, line, len))
            break;
    }
    free(line);
    proto_clear(&P);
    free(P.snaps);
    return 0;
}
