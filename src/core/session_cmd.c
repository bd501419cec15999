/*
 * session_cmd.c - the JSON protocol of a session (docs/protocol.md): the
 * request entry (kt_session_request, kt_session_call), the command table
 * with each command's needs, and the commands that do not play the game:
 * load, record, bot, analyze and the catalogue (games, help, version, quit).
 * The commands that play are in session.c.
 *
 * Data layout: `commands` is one row per command (name, SS_* needs, JSON
 * handler); the needs are checked in the row's order - a game, the host,
 * full-state rights - before the handler reads anything.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session_int.h"

/* ------------------------------------------------------------ load */

/* Would loading this full state read files (its options)?  Checked before
 * kt_load_json, which sets the configuration up. */
static int state_reads_files(const kt_session *S, const char *json)
{
    kt_jdoc d;
    if (kt_json_parse_alloc(json, strlen(json), &S->alloc, &d, NULL) != KT_OK)
        return 0; /* the loader reports it */
    const kt_jv *g = kt_jv_get(d.root, "game"), *o = kt_jv_get(d.root, "options");
    int r = g && o && g->type == KT_JSTR && o->type == KT_JSTR && kt_options_read_files(g->s, o->s);
    kt_json_free(&d);
    return r;
}

static void cmd_load(sreq *q)
{
    const kt_jv *sv = kt_jv_get(q->req, "state");
    if (!sv || (sv->type != KT_JOBJ && sv->type != KT_JSTR)) {
        ss_fail(q, KT_EINVAL, "\"load\" needs \"state\" (a full-state object or its text)");
        return;
    }
    char *text = NULL;
    if (sv->type == KT_JOBJ) {
        kt_buf b;
        kt_buf_init_alloc(&b, &q->S->alloc);
        kt_jw w;
        kt_jw_init(&w, &b);
        kt_jw_value(&w, sv);
        text = kt_str_take(&b);
        if (!text) {
            ss_fail(q, KT_ENOMEM, "out of memory");
            return;
        }
    }
    kt_game *g;
    kt_state *s;
    kt_err err;
    if (!q->S->lim.allow_files && state_reads_files(q->S, text ? text : sv->s)) {
        kt_free(text);
        ss_fail(q, KT_EINVAL, "options that read files are not allowed in this session");
        return;
    }
    kt_status st = kt_load_json(text ? text : sv->s, &q->S->alloc, &g, &s, &err);
    kt_free(text);
    if (st != KT_OK) {
        ss_fail_err(q, &err);
        return;
    }
    if (ss_refuse_files(q, g)) {
        kt_state_free(g, s);
        kt_game_free(g);
        return;
    }
    if (ss_install(q, g, s, 1))
        ss_reply_status(q, NULL, NULL);
}

/* ------------------------------------------------------------ record */

/* The record as one line: kt_record_json puts one action per line, and JSON
 * text outside strings may drop its newlines and indentation. */
static char *one_line(char *js)
{
    if (!js)
        return NULL;
    char *o = js;
    for (char *p = js; *p; p++) {
        if (*p == '\n') {
            while (p[1] == ' ')
                p++;
            continue;
        }
        *o++ = *p;
    }
    *o = '\0';
    return js;
}

typedef struct rec_ctx {
    kt_jw *w;
    int viewer;
} rec_ctx;

static int rec_one(sreq *q, size_t i, const kt_state *before, const kt_state *after, void *ctx)
{
    KT_UNUSED(after);
    rec_ctx *c = ctx;
    char txt[256];
    kt_action_text_as(q->S->g, before, q->S->actor[i], q->S->acts[i], c->viewer, KT_LANG_EN, txt,
                      sizeof txt);
    kt_jw_obj(c->w);
    kt_jw_kint(c->w, "player", q->S->actor[i]);
    kt_jw_kstr(c->w, "action", txt);
    kt_jw_obj_end(c->w);
    return 1;
}

/* Host with full rights: the replayable record.  Anybody else: the actions
 * as that viewer saw them (hidden details redacted; not replayable). */
static void cmd_record(sreq *q)
{
    kt_session *S = q->S;
    if (ss_is_host(q) && S->lim.allow_full_state) {
        if (S->loaded) {
            ss_fail(q, KT_ESTATE, "no record: this game began with \"load\" from a position, not "
                               "from the rules' start (use \"state\" to save it)");
            return;
        }
        ss_reply_raw(q, "record", one_line(kt_record_json(S->rec)));
        return;
    }
    int viewer;
    if (!ss_get_viewer(q, 0, &viewer))
        return;
    kt_jw w;
    ss_reply_begin(q, &w);
    kt_jw_kbool(&w, "redacted", 1);
    kt_jw_kint(&w, "player", viewer);
    kt_jw_key(&w, "record");
    kt_jw_obj(&w);
    kt_jw_kstr(&w, "game", kt_game_name(S->g));
    kt_jw_kint(&w, "players", kt_game_players(S->g));
    kt_jw_kstr(&w, "options", kt_game_options(S->g));
    kt_jw_key(&w, "actions");
    kt_jw_arr(&w);
    rec_ctx c = {&w, viewer};
    if (!ss_walk(q, 0, S->nacts, rec_one, &c)) {
        ss_fail(q, KT_ENOMEM, "out of memory");
        return;
    }
    kt_jw_arr_end(&w);
    kt_jw_obj_end(&w);
    kt_jw_obj_end(&w);
}

/* ------------------------------------------------------------ bots */

static kt_bot *get_bot(sreq *q, const char *spec, uint64_t seed)
{
    kt_session *S = q->S;
    for (int i = 0; i < S->nbots; i++)
        if (S->bots[i].seed == seed && !strcmp(S->bots[i].spec, spec))
            return S->bots[i].bot;
    if (strlen(spec) >= sizeof S->bots[0].spec) {
        ss_fail(q, KT_EINVAL, "bot spec too long (at most %zu bytes)", sizeof S->bots[0].spec - 1);
        return NULL;
    }
    if (!S->lim.allow_files && kt_bot_spec_reads_files(S->g, spec)) {
        ss_fail(q, KT_EINVAL, "bots that read files are not allowed in this session");
        return NULL;
    }
    kt_bot *b;
    kt_err err;
    if (kt_bot_new(S->g, spec, seed, &b, &err) != KT_OK) {
        ss_fail_err(q, &err);
        return NULL;
    }
    kt_bot_set_time_cap(b, S->lim.max_bot_ms);
    if (S->nbots == SESS_BOTS) { /* evict the oldest */
        kt_bot_free(S->bots[0].bot);
        memmove(S->bots, S->bots + 1, sizeof S->bots[0] * (SESS_BOTS - 1));
        S->nbots--;
    }
    sess_bot *sb = &S->bots[S->nbots++];
    snprintf(sb->spec, sizeof sb->spec, "%s", spec);
    sb->seed = seed;
    sb->bot = b;
    return b;
}

static void cmd_bot(sreq *q)
{
    kt_session *S = q->S;
    const kt_jv *spec = kt_jv_get(q->req, "spec");
    long long seed = 1;
    int apply = 0, player;
    if (q->seat == KT_SPECTATOR) {
        ss_fail(q, KT_EINVAL, "spectators cannot ask bots for moves");
        return;
    }
    if (!spec || spec->type != KT_JSTR) {
        ss_fail(q, KT_EINVAL, "\"bot\" needs \"spec\" (e.g. \"heuristic\", \"hard\", "
                           "\"mcts:time=200\")");
        return;
    }
    if (!ss_get_int(q, "seed", 0, INT64_MAX, &seed) || !ss_get_bool(q, "apply", &apply) ||
        !ss_get_player(q, "player", 0, kt_to_move(S->g, S->s), &player))
        return;
    if (kt_is_over(S->g, S->s)) {
        ss_fail(q, KT_EOVER, "the game is over");
        return;
    }
    if (!((kt_pending(S->g, S->s) >> player) & 1u)) {
        ss_fail(q, KT_EILLEGAL, "player %d has nothing to decide now", player);
        return;
    }
    kt_bot *b = get_bot(q, spec->s, (uint64_t)seed);
    if (!b)
        return;
    pthread_mutex_lock(&S->mu);
    S->running = b;
    pthread_mutex_unlock(&S->mu);
    kt_action a;
    kt_err err;
    kt_status st = kt_bot_choose_as(b, S->s, player, &a, &err);
    pthread_mutex_lock(&S->mu);
    S->running = NULL;
    pthread_mutex_unlock(&S->mu);
    if (st != KT_OK) {
        ss_fail_err(q, &err);
        return;
    }
    if (apply) {
        ss_do_apply(q, player, a);
        return;
    }
    char txt[256];
    kt_action_text_as(S->g, S->s, player, a, player, KT_LANG_EN, txt, sizeof txt);
    kt_jw w;
    ss_reply_begin(q, &w);
    kt_jw_kint(&w, "id", a);
    kt_jw_kstr(&w, "text", txt);
    kt_jw_kint(&w, "player", player);
    kt_jw_obj_end(&w);
}

/* ------------------------------------------------------------ analysis */

/* {"cmd":"analyze","player":0,"options":"budget=200","lang":"de"}: how well a
 * player played this game so far (kontor.h "post-game analysis"), from that
 * player's information only.  The host may analyse any player at any time;
 * a player's seat only itself, only once the game is over (during play it
 * would be a hint) and on one thread; spectators not at all.  Where the
 * session caps bot time, each decision gets at most that time.  kt_session_cancel ends it
 * early: the reply then holds what was done ("complete": false). */
static void cmd_analyze(sreq *q)
{
    kt_session *S = q->S;
    const kt_jv *o = kt_jv_get(q->req, "options");
    int lang, player;
    if (q->seat == KT_SPECTATOR) {
        ss_fail(q, KT_EINVAL, "spectators cannot analyse a player's decisions");
        return;
    }
    if (ss_is_host(q) && !kt_jv_get(q->req, "player")) {
        ss_fail(q, KT_EINVAL, "\"analyze\" needs \"player\" (0-based)");
        return;
    }
    if (!ss_get_lang(q, &lang) || !ss_get_player(q, "player", 0, 0, &player))
        return;
    if (o && (o->type != KT_JSTR || o->slen > 1000)) {
        ss_fail(q, KT_EINVAL, "\"options\" must be a string \"budget=200;seed=1\" (kontor analyze "
                           "--help lists them)");
        return;
    }
    if (!ss_is_host(q) && !kt_is_over(S->g, S->s)) {
        ss_fail(q, KT_EINVAL, "a player may analyse the game once it is over (during play the "
                           "analysis would be a hint)");
        return;
    }
    if (S->loaded || !S->rec) {
        ss_fail(q, KT_ESTATE, "no record to analyse: this game began with \"load\"");
        return;
    }
    char opts[1100];
    snprintf(opts, sizeof opts, "%s", o ? o->s : "");
    if (!ss_is_host(q) && strstr(opts, "threads=")) {
        ss_fail(q, KT_EINVAL, "threads are the host's to give: leave out \"threads=\"");
        return;
    }
    if (S->lim.max_bot_ms > 0 && strstr(opts, "time=")) {
        ss_fail(q, KT_EINVAL, "this session caps the time per decision: leave out \"time=\"");
        return;
    }
    if (S->lim.max_bot_ms > 0) {
        size_t n = strlen(opts);
        snprintf(opts + n, sizeof opts - n, "%stime=%lld", n ? ";" : "", S->lim.max_bot_ms);
    }
    kt_analysis *a;
    kt_err err;
    if (kt_analysis_new(S->g, S->rec, player, opts, &a, &err) != KT_OK) {
        ss_fail_err(q, &err);
        return;
    }
    pthread_mutex_lock(&S->mu);
    S->analysis = a;
    pthread_mutex_unlock(&S->mu);
    kt_status st = kt_analysis_run(a, NULL, NULL, &err);
    pthread_mutex_lock(&S->mu);
    S->analysis = NULL;
    pthread_mutex_unlock(&S->mu);
    if (st != KT_OK)
        ss_fail_err(q, &err);
    else
        ss_reply_raw(q, "analysis", kt_analysis_json(a, lang));
    kt_analysis_free(a);
}

/* ------------------------------------------------------------ catalogue */

const char *kt_opttype_name(kt_opttype t)
{
    switch (t) {
    case KT_OPT_INT: return "int";
    case KT_OPT_BOOL: return "bool";
    case KT_OPT_ENUM: return "enum";
    case KT_OPT_STR: return "text";
    case KT_OPT_PATH: return "path";
    }
    return "text";
}

static void write_opts(kt_jw *w, const kt_optinfo *o, int n)
{
    kt_jw_arr(w);
    for (int k = 0; k < n; k++) {
        kt_jw_obj(w);
        kt_jw_kstr(w, "name", o[k].name);
        kt_jw_kstr(w, "type", kt_opttype_name(o[k].type));
        kt_jw_kstr(w, "default", o[k].def ? o[k].def : "");
        if (o[k].type == KT_OPT_INT) {
            kt_jw_kint(w, "min", o[k].min);
            kt_jw_kint(w, "max", o[k].max);
        }
        if (o[k].type == KT_OPT_ENUM && o[k].choices)
            kt_jw_kstr(w, "choices", o[k].choices);
        kt_jw_kstr(w, "help", o[k].help ? o[k].help : "");
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
}

static void cmd_games(sreq *q)
{
    kt_jw w;
    ss_reply_begin(q, &w);
    kt_jw_key(&w, "games");
    kt_jw_arr(&w);
    for (int i = 0; i < kt_game_count(); i++) {
        const kt_gameinfo *gi = kt_game_info(i);
        kt_jw_obj(&w);
        kt_jw_kstr(&w, "name", gi->name);
        kt_jw_kstr(&w, "title", gi->title);
        kt_jw_kstr(&w, "summary", gi->summary);
        kt_jw_kint(&w, "min_players", gi->min_players);
        kt_jw_kint(&w, "max_players", gi->max_players);
        kt_jw_kint(&w, "default_players", gi->default_players);
        if (kt_game_notice(gi->name))
            kt_jw_kstr(&w, "notice", kt_game_notice(gi->name));
        kt_jw_key(&w, "options");
        write_opts(&w, gi->opts, gi->nopts);
        kt_jw_key(&w, "bots");
        kt_jw_arr(&w);
        for (int k = 0; kt_game_bot(gi->name, k); k++) {
            const kt_botinfo *bi = kt_game_bot(gi->name, k);
            kt_jw_obj(&w);
            kt_jw_kstr(&w, "name", bi->name);
            kt_jw_kstr(&w, "help", bi->help ? bi->help : "");
            kt_jw_key(&w, "options");
            write_opts(&w, bi->opts, bi->nopts);
            kt_jw_obj_end(&w);
        }
        kt_jw_arr_end(&w);
        kt_jw_key(&w, "levels");
        kt_jw_obj(&w);
        kt_jw_kstr(&w, "easy", kt_game_level(gi->name, "easy"));
        kt_jw_kstr(&w, "medium", kt_game_level(gi->name, "medium"));
        kt_jw_kstr(&w, "hard", kt_game_level(gi->name, "hard"));
        kt_jw_obj_end(&w);
        kt_jw_obj_end(&w);
    }
    kt_jw_arr_end(&w);
    kt_jw_obj_end(&w);
}

static void cmd_help(sreq *q)
{
    const kt_jv *game = kt_jv_get(q->req, "game");
    const kt_jv *name = kt_jv_get(q->req, "name");
    int lang;
    if (!ss_get_lang(q, &lang))
        return;
    const char *gname = game && game->type == KT_JSTR ? game->s
                        : q->S->g                   ? kt_game_name(q->S->g)
                                                    : NULL;
    if (!gname || !name || name->type != KT_JSTR) {
        ss_fail(q, KT_EINVAL, "\"help\" needs \"name\" (a component) and \"game\" unless a game is "
                           "running");
        return;
    }
    char *text = NULL;
    kt_err err;
    if (kt_game_describe(gname, name->s, lang, &q->S->alloc, &text, &err) != KT_OK) {
        ss_fail_err(q, &err);
        return;
    }
    kt_jw w;
    ss_reply_begin(q, &w);
    kt_jw_kstr(&w, "text", text);
    kt_jw_obj_end(&w);
    kt_free(text);
}

static void cmd_version(sreq *q)
{
    kt_jw w;
    ss_reply_begin(q, &w);
    kt_jw_kstr(&w, "kontor", kt_version());
    kt_jw_kint(&w, "protocol", 2);
    kt_jw_obj_end(&w);
}

static void cmd_quit(sreq *q)
{
    kt_jw w;
    ss_reply_begin(q, &w);
    kt_jw_obj_end(&w);
    q->quit = 1;
}

char *ss_nomem_reply(const kt_allocator *a)
{
    static const char msg[] = "{\"ok\":false,\"error\":\"nomem\",\"message\":\"out of memory\"}";
    return kt_str_dup(a, msg);
}

/* The reply when the session's allocator failed: from that allocator if it
 * has recovered, else the one kept in reserve (made from the same allocator
 * when the session was, and again by the next request that can), so that
 * every byte comes from the session's allocator and a reply is NULL only
 * when the allocator failed twice in a row with the reserve given out. */
static char *oom_reply(kt_session *S)
{
    char *r = ss_nomem_reply(&S->alloc);
    if (!r) {
        r = S->nomem;
        S->nomem = NULL;
    }
    return r;
}

/* ------------------------------------------------------------ dispatch */

typedef struct sess_cmd {
    const char *name;
    unsigned needs; /* SS_GAME, SS_HOST, SS_FULL */
    void (*fn)(sreq *q);
} sess_cmd;

static const sess_cmd commands[] = {
    {.name = "version", .needs = 0, .fn = cmd_version},
    {.name = "games", .needs = 0, .fn = cmd_games},
    {.name = "help", .needs = 0, .fn = cmd_help},
    {.name = "new", .needs = SS_HOST, .fn = ss_cmd_new},
    {.name = "load", .needs = SS_HOST | SS_FULL, .fn = cmd_load},
    {.name = "quit", .needs = 0, .fn = cmd_quit},
    {.name = "status", .needs = SS_GAME, .fn = ss_cmd_status},
    {.name = "legal", .needs = SS_GAME, .fn = ss_cmd_legal},
    {.name = "apply", .needs = SS_GAME, .fn = ss_cmd_apply},
    {.name = "undo", .needs = SS_GAME | SS_HOST, .fn = ss_cmd_undo},
    {.name = "observe", .needs = SS_GAME, .fn = ss_cmd_observe},
    {.name = "render", .needs = SS_GAME, .fn = ss_cmd_render},
    {.name = "state", .needs = SS_GAME | SS_FULL, .fn = ss_cmd_state},
    {.name = "bot", .needs = SS_GAME, .fn = cmd_bot},
    {.name = "record", .needs = SS_GAME, .fn = cmd_record},
    {.name = "log", .needs = SS_GAME, .fn = ss_cmd_log},
    {.name = "analyze", .needs = SS_GAME, .fn = cmd_analyze},
};
#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

static void unknown(sreq *q, const char *cmd)
{
    kt_buf known;
    kt_buf_init_alloc(&known, &q->S->alloc);
    for (int i = 0; i < NCOMMANDS; i++)
        kt_buf_printf(&known, "%s%s", i ? ", " : "", commands[i].name);
    ss_fail(q, KT_EUNKNOWN, "unknown command \"%.40s\" (known: %s)", cmd,
            known.p ? known.p : "");
    kt_buf_free(&known);
}

static void dispatch(sreq *q, const kt_jv *cmd)
{
    const sess_cmd *c = NULL;
    for (int i = 0; i < NCOMMANDS && !c; i++)
        if (!strcmp(cmd->s, commands[i].name))
            c = &commands[i];
    if (!c) {
        unknown(q, cmd->s);
        return;
    }
    if ((c->needs & SS_GAME) && !q->S->g) {
        ss_fail(q, KT_EINVAL, "no game yet: send \"new\" or \"load\" before \"%.40s\"", cmd->s);
        return;
    }
    if ((c->needs & SS_HOST) && !ss_need_host(q, c->name))
        return;
    char what[48];
    snprintf(what, sizeof what, "\"%s\"", c->name);
    if ((c->needs & SS_FULL) && !ss_need_full_state(q, what))
        return;
    c->fn(q);
}

/* A parsed request (or a parse failure already in q's reply). */
static void answer(sreq *q, const kt_jv *req, size_t len)
{
    if (len > q->S->lim.max_request) {
        ss_fail(q, KT_EINVAL, "request too long (limit %zu bytes)", q->S->lim.max_request);
        return;
    }
    q->req = req;
    q->ref = req->type == KT_JOBJ ? kt_jv_get(req, "ref") : NULL;
    const kt_jv *cmd = req->type == KT_JOBJ ? kt_jv_get(req, "cmd") : NULL;
    if (req->type != KT_JOBJ || !cmd || cmd->type != KT_JSTR)
        ss_fail(q, KT_EINVAL, "each request must be a JSON object with a \"cmd\" string");
    else
        dispatch(q, cmd);
}

kt_status kt_session_call(kt_session *S, int seat, const kt_jv *req, size_t len, kt_sreply *r,
                          int *quit)
{
    sreq q;
    if (quit)
        *quit = 0;
    if (ss_begin(&q, S, seat, "", 0))
        answer(&q, req, len);
    if (quit)
        *quit = q.quit;
    return ss_end(&q, r);
}

char *kt_session_request(kt_session *S, int seat, const char *text, size_t len, int *quit)
{
    sreq q;
    if (quit)
        *quit = 0;
    if (!S->nomem) /* the reserve was given out: take it again if we can */
        S->nomem = ss_nomem_reply(&S->alloc);
    if (ss_begin(&q, S, seat, "", 0)) {
        kt_jdoc doc;
        kt_err err;
        if (!text || len > S->lim.max_request)
            ss_fail(&q, KT_EINVAL, "request too long (limit %zu bytes)", S->lim.max_request);
        else if (kt_json_parse_alloc(text, len, &S->alloc, &doc, &err) != KT_OK)
            ss_fail(&q, KT_EPARSE, "%s", err.msg);
        else {
            answer(&q, doc.root, len);
            kt_json_free(&doc);
        }
    }
    if (quit)
        *quit = q.quit;
    kt_buf_free(&q.msg);
    char *out = kt_str_take(&q.out);
    return out ? out : oom_reply(S);
}

const char *kt_version(void) { return KT_VERSION; }

int kt_version_number(void)
{
    return KT_VERSION_MAJOR * 10000 + KT_VERSION_MINOR * 100 + KT_VERSION_PATCH;
}
