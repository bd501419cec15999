/*
 * account.c - accounts (optional: invitation links keep working without
 * one): sign-up, login, logout, logout everywhere, the account of a
 * WebSocket connection, claiming a seat, and what the lobby asks about an
 * account (who am I, my games with "your turn").
 *
 * Passwords are hashed with Argon2id (libsodium's crypto_pwhash_str, its
 * "interactive" limits: 64 MiB and 2 passes), at most HASH_SLOTS at once so
 * that a burst of logins cannot take the server's memory; they run on the
 * core's workers, never on the network thread.  A login for a name that
 * does not exist still verifies a password (against a hash made at start)
 * and gets the same answer as a wrong password: the answer does not tell
 * which names exist (sign-up has to say that a name is taken; names are
 * public on profiles anyway).  Login attempts are limited per client
 * address (in memory, like the other limits per address) and per name (a
 * bucket in the database, shared by every server; names that do not exist
 * have buckets too, so the limit tells nothing either).
 *
 * Sessions: a login makes a random secret (256 bits from the kernel) that
 * goes to the browser in a cookie (HttpOnly, SameSite=Strict, Secure under
 * TLS; httpapi.c); the database keeps only its SHA-256, so a copy of the
 * database does not log anybody in.  A session lasts SESSION_DAYS after
 * its last use (extended at most daily).  Logging out everywhere deletes
 * every session of the account and closes its open WebSockets on every
 * server (NOTIFY on PostgreSQL).
 *
 * A connection's account: the WebSocket's handshake carries the cookie
 * (httpapi.c hands its secret over with srv_conn_set_session); the first
 * message that needs it looks the session up (on a worker) and again after
 * RECHECK_MS, so a session deleted elsewhere stops counting within that
 * time even without the notice.
 */
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server/srv_int.h"

#define HASH_SLOTS 2
#define SESSION_DAYS 30
#define RECHECK_MS 60000
#define NAME_MIN 3
#define NAME_MAX_CHARS 20
#define PASSWORD_MIN 8
#define PASSWORD_MAX 256 /* bytes: Argon2 takes any length; this bounds the work */
/* Per name: 10 attempts in a row, then one every 30 s (a token bucket). */
#define LOGIN_BURST 10.0 /* then one per cfg.login_every_s (30 s) */

struct srv_acct {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int hashing;
    char dummy[crypto_pwhash_STRBYTES]; /* verified against for unknown names ("" until the first) */
};

long long srv_unix_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* ------------------------------------------------------------ hashing */

static void slot_take(struct srv_acct *A)
{
    pthread_mutex_lock(&A->mu);
    while (A->hashing >= HASH_SLOTS)
        pthread_cond_wait(&A->cv, &A->mu);
    A->hashing++;
    pthread_mutex_unlock(&A->mu);
}

static void slot_give(struct srv_acct *A)
{
    pthread_mutex_lock(&A->mu);
    A->hashing--;
    pthread_cond_signal(&A->cv);
    pthread_mutex_unlock(&A->mu);
}

static int hash_password(struct srv_acct *A, const char *pw, size_t n, char *out)
{
    slot_take(A);
    int ok = crypto_pwhash_str(out, pw, n, crypto_pwhash_OPSLIMIT_INTERACTIVE,
                               crypto_pwhash_MEMLIMIT_INTERACTIVE) == 0;
    slot_give(A);
    return ok;
}

static int verify_password(struct srv_acct *A, const char *hash, const char *pw, size_t n)
{
    slot_take(A);
    int ok = crypto_pwhash_str_verify(hash, pw, n) == 0;
    slot_give(A);
    return ok;
}

int srv_acct_init(srv *S, char *err, size_t cap)
{
    if (sodium_init() < 0) {
        snprintf(err, cap, "libsodium could not be initialised");
        return 0;
    }
    struct srv_acct *A = calloc(1, sizeof *A);
    if (!A) {
        snprintf(err, cap, "out of memory");
        return 0;
    }
    pthread_mutex_init(&A->mu, NULL);
    pthread_cond_init(&A->cv, NULL);
    S->acct = A;
    return 1;
}

/* The hash a login for an unknown name is checked against: made at the
 * first such login (64 MiB and a few tens of ms that a server nobody logs
 * in to, and every test server, need not spend). */
static const char *dummy_hash(struct srv_acct *A)
{
    pthread_mutex_lock(&A->mu);
    int ready = A->dummy[0] != '\0';
    pthread_mutex_unlock(&A->mu);
    if (ready)
        return A->dummy;
    unsigned char pw[16];
    char h[crypto_pwhash_STRBYTES];
    randombytes_buf(pw, sizeof pw);
    if (!hash_password(A, (const char *)pw, sizeof pw, h))
        return NULL;
    pthread_mutex_lock(&A->mu);
    if (!A->dummy[0])
        memcpy(A->dummy, h, sizeof h);
    pthread_mutex_unlock(&A->mu);
    return A->dummy;
}

void srv_acct_free(srv *S)
{
    if (!S->acct)
        return;
    pthread_mutex_destroy(&S->acct->mu);
    pthread_cond_destroy(&S->acct->cv);
    free(S->acct);
    S->acct = NULL;
}

/* The SHA-256 of a session secret, as hex. */
static void session_hash(const char *secret, char out[SRV_HASH_LEN])
{
    unsigned char h[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(h, (const unsigned char *)secret, strlen(secret));
    sodium_bin2hex(out, SRV_HASH_LEN, h, sizeof h);
}

/* ------------------------------------------------------------ names */

/* Account names: NAME_MIN..NAME_MAX_CHARS characters, a letter first;
 * letters of ASCII and Latin-1 (à-ÿ: German, French, Spanish, Nordic
 * names), digits, '_', '-', '.'.  The key that must be unique folds
 * upper to lower case (A-Z, À-Þ), so "Anna" and "anna" are one name.
 * Returns 1, or 0 with the reason. */
int srv_account_name(const char *s, size_t n, char *key, size_t cap, const char **why)
{
    size_t chars = 0, o = 0;
    *why = NULL;
    if (!srv_utf8_ok(s, n)) {
        *why = "is not UTF-8 text";
        return 0;
    }
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        unsigned cp = c;
        size_t k = 1;
        if (c >= 0x80) {
            if ((c & 0xe0) != 0xc0) {
                *why = "may only have letters (A-Z, à-ÿ), digits, _ - and .";
                return 0;
            }
            cp = (unsigned)(c & 0x1f) << 6 | ((unsigned char)s[i + 1] & 0x3fu);
            k = 2;
        }
        int letter = (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') ||
                     (cp >= 0xc0 && cp <= 0xff && cp != 0xd7 && cp != 0xf7);
        int other = (cp >= '0' && cp <= '9') || cp == '_' || cp == '-' || cp == '.';
        if (!letter && !other) {
            *why = "may only have letters (A-Z, à-ÿ), digits, _ - and .";
            return 0;
        }
        if (chars == 0 && !letter) {
            *why = "must begin with a letter";
            return 0;
        }
        if ((cp >= 'A' && cp <= 'Z') || (cp >= 0xc0 && cp <= 0xde && cp != 0xd7))
            cp += 0x20;
        if (o + 3 >= cap) {
            *why = "is too long";
            return 0;
        }
        if (cp < 0x80)
            key[o++] = (char)cp;
        else {
            key[o++] = (char)(0xc0 | (cp >> 6));
            key[o++] = (char)(0x80 | (cp & 0x3f));
        }
        chars++;
        i += k;
    }
    key[o] = '\0';
    if (chars < NAME_MIN || chars > NAME_MAX_CHARS) {
        *why = chars < NAME_MIN ? "is too short (3 characters at least)"
                                : "is too long (20 characters at most)";
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------------ the HTTP calls */

static void api_reply(srv_api_call *a, int status, const char *error, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void api_reply(srv_api_call *a, int status, const char *error, const char *fmt, ...)
{
    char msg[512] = "";
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
    }
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    kt_jw_obj(&w);
    kt_jw_kbool(&w, "ok", error == NULL);
    if (error) {
        kt_jw_kstr(&w, "error", error);
        kt_jw_kstr(&w, "message", msg);
    } else if (a->name[0]) {
        kt_jw_kstr(&w, "name", a->name);
    }
    kt_jw_obj_end(&w);
    free(a->json);
    a->json = kt_buf_take(&b);
    a->status = status;
}

/* Make a session for the account and say so in the reply's cookie. */
static int start_session(srv *S, srv_api_call *a, long long account)
{
    char secret[65], hash[SRV_HASH_LEN];
    if (!srv_random_hex(secret, 64)) {
        api_reply(a, 500, "internal", "no random numbers for the session");
        return 0;
    }
    session_hash(secret, hash);
    long long expires = srv_unix_ms() + SESSION_DAYS * 86400000LL;
    if (!srv_store_session_add(S->st, hash, account, expires)) {
        api_reply(a, 503, "io", "%s", SRV_STORE_ERROR(S->st));
        return 0;
    }
    snprintf(a->set_session, sizeof a->set_session, "%s", secret);
    a->set_cookie = 1;
    a->max_age_s = SESSION_DAYS * 86400LL;
    return 1;
}

typedef struct creds {
    char name[SRV_NAME_LEN], key[SRV_NAME_LEN];
    const char *pw;
    size_t pwlen;
    kt_jdoc doc;
} creds;

/* {"name":..., "password":...} from the body; 0 with the reply made. */
static int read_creds(srv_api_call *a, creds *c, int signup)
{
    kt_err e;
    if (!srv_utf8_ok(a->body, a->len) || kt_json_parse(a->body, a->len, &c->doc, &e) != KT_OK) {
        api_reply(a, 400, "invalid", "the request is not JSON text");
        return 0;
    }
    const kt_jv *name = kt_jv_get(c->doc.root, "name"), *pw = kt_jv_get(c->doc.root, "password");
    const char *why = NULL;
    if (!name || name->type != KT_JSTR || !pw || pw->type != KT_JSTR) {
        api_reply(a, 400, "invalid", "give \"name\" and \"password\"");
    } else if (!srv_account_name(name->s, name->slen, c->key, sizeof c->key, &why)) {
        /* a login with a malformed name is simply a wrong name */
        if (signup)
            api_reply(a, 400, "name", "the name %s", why);
        else
            api_reply(a, 401, "credentials", "wrong name or password");
    } else if (signup && (pw->slen < PASSWORD_MIN || pw->slen > PASSWORD_MAX ||
                          memchr(pw->s, '\0', pw->slen))) {
        api_reply(a, 400, "password", "the password needs %d to %d characters", PASSWORD_MIN,
                  PASSWORD_MAX);
    } else if (!signup && (pw->slen > PASSWORD_MAX || memchr(pw->s, '\0', pw->slen))) {
        api_reply(a, 401, "credentials", "wrong name or password");
    } else {
        snprintf(c->name, sizeof c->name, "%s", name->s);
        c->pw = pw->s;
        c->pwlen = pw->slen;
        return 1;
    }
    kt_json_free(&c->doc);
    return 0;
}

static int address_ok(srv *S, srv_api_call *a, int which, const char *what)
{
    if (srv_peers_take(&S->peers, a->addr_key, which, srv_now_ms()))
        return 1;
    api_reply(a, 429, "rate", "too many %s from your address; try again in a few minutes", what);
    return 0;
}

static void api_signup(srv *S, srv_api_call *a)
{
    creds c;
    if (!address_ok(S, a, SRV_PEER_SIGNUP, "new accounts") || !read_creds(a, &c, 1))
        return;
    srv_account acc;
    memset(&acc, 0, sizeof acc);
    snprintf(acc.name, sizeof acc.name, "%s", c.name);
    snprintf(acc.key, sizeof acc.key, "%s", c.key);
    acc.created = (long long)time(NULL);
    int ok = hash_password(S->acct, c.pw, c.pwlen, acc.pwhash);
    kt_json_free(&c.doc);
    if (!ok) {
        api_reply(a, 503, "internal", "the password could not be hashed (out of memory)");
        return;
    }
    int r = srv_store_account_add(S->st, &acc);
    if (r == 2) {
        api_reply(a, 409, "taken", "the name %s is taken; choose another", acc.name);
    } else if (!r) {
        api_reply(a, 503, "io", "%s", SRV_STORE_ERROR(S->st));
    } else if (start_session(S, a, acc.id)) {
        snprintf(a->name, sizeof a->name, "%s", acc.name);
        api_reply(a, 200, NULL, NULL);
        srv_log(S, "account %lld '%s' created from %s", acc.id, acc.name, a->addr);
    }
}

static void api_login(srv *S, srv_api_call *a)
{
    creds c;
    if (!address_ok(S, a, SRV_PEER_LOGIN, "login attempts") || !read_creds(a, &c, 0))
        return;
    long long wait = 0;
    double every = S->cfg.login_every_s > 0 ? S->cfg.login_every_s : 30;
    int took = srv_store_login_take(S->st, c.key, srv_unix_ms(), 1.0 / every, LOGIN_BURST, &wait);
    if (took != 1) {
        kt_json_free(&c.doc);
        if (took < 0)
            api_reply(a, 503, "io", "%s", SRV_STORE_ERROR(S->st));
        else
            api_reply(a, 429, "rate", "too many login attempts for this name; try again in %lld "
                                      "s", wait);
        return;
    }
    srv_account acc;
    int found = srv_store_account_by_key(S->st, c.key, &acc);
    /* the same work whether the name exists or not */
    const char *against = found == 1 ? acc.pwhash : dummy_hash(S->acct);
    int good = against && verify_password(S->acct, against, c.pw, c.pwlen);
    kt_json_free(&c.doc);
    if (found < 0) {
        api_reply(a, 503, "io", "%s", SRV_STORE_ERROR(S->st));
    } else if (found != 1 || !good) {
        api_reply(a, 401, "credentials", "wrong name or password");
    } else if (start_session(S, a, acc.id)) {
        srv_store_login_reset(S->st, acc.key);
        snprintf(a->name, sizeof a->name, "%s", acc.name);
        api_reply(a, 200, NULL, NULL);
    }
}

/* The account of the request's cookie (0 none). */
static long long api_account(srv *S, srv_api_call *a)
{
    if (!a->session[0])
        return 0;
    char hash[SRV_HASH_LEN];
    session_hash(a->session, hash);
    long long acc = 0, expires = 0;
    return srv_store_session_get(S->st, hash, srv_unix_ms(), &acc, &expires) == 1 ? acc : 0;
}

static void api_logout(srv *S, srv_api_call *a, int everywhere)
{
    long long acc = api_account(S, a);
    int ok = 1;
    if (a->session[0]) {
        char hash[SRV_HASH_LEN];
        session_hash(a->session, hash);
        ok = srv_store_session_del(S->st, hash);
    }
    if (everywhere && acc) {
        ok = ok && srv_store_session_del_account(S->st, acc);
        if (ok) {
            char note[64];
            snprintf(note, sizeof note, "logout %lld", acc);
            srv_store_notify(S->st, note); /* the other servers close its connections */
            srv_acct_kick(S, acc);
        }
    }
    if (!ok) {
        api_reply(a, 503, "io", "%s", SRV_STORE_ERROR(S->st));
        return;
    }
    a->set_cookie = 2; /* cleared either way */
    api_reply(a, 200, NULL, NULL);
}

void srv_api_run(srv *S, srv_api_call *a)
{
    if (!strcmp(a->path, "signup"))
        api_signup(S, a);
    else if (!strcmp(a->path, "login"))
        api_login(S, a);
    else if (!strcmp(a->path, "logout"))
        api_logout(S, a, 0);
    else if (!strcmp(a->path, "logout-all"))
        api_logout(S, a, 1);
    else
        api_reply(a, 404, "unknown", "no such endpoint (signup, login, logout, logout-all)");
}

/* ------------------------------------------------------------ connections */

void srv_conn_set_session(srv_conn *c, const char *secret)
{
    snprintf(c->session, sizeof c->session, "%s", secret ? secret : "");
}

long long srv_conn_account(srv_conn *c, char *name, size_t cap)
{
    srv *S = c->S;
    long long now = srv_now_ms();
    if (c->session[0] && (!c->account_at || now - c->account_at >= RECHECK_MS)) {
        char hash[SRV_HASH_LEN];
        session_hash(c->session, hash);
        long long acc = 0, expires = 0;
        long long unix_now = srv_unix_ms();
        int r = srv_store_session_get(S->st, hash, unix_now, &acc, &expires);
        srv_account a;
        if (r == 1 && srv_store_account_by_id(S->st, acc, &a) == 1) {
            pthread_mutex_lock(&c->mu);
            c->account = acc;
            snprintf(c->account_name, sizeof c->account_name, "%s", a.name);
            pthread_mutex_unlock(&c->mu);
            if (expires - unix_now < (SESSION_DAYS - 1) * 86400000LL)
                srv_store_session_extend(S->st, hash, unix_now + SESSION_DAYS * 86400000LL);
        } else if (r == 0 || r == 1) { /* gone (a failed lookup keeps what was known) */
            pthread_mutex_lock(&c->mu);
            c->account = 0;
            c->account_name[0] = '\0';
            c->session[0] = '\0';
            pthread_mutex_unlock(&c->mu);
        }
        c->account_at = now;
    }
    if (name)
        snprintf(name, cap, "%s", c->account_name);
    return c->account;
}

void srv_acct_kick(srv *S, long long account)
{
    pthread_mutex_lock(&S->cmu);
    for (srv_conn *o = S->conns; o; o = o->next) {
        pthread_mutex_lock(&o->mu);
        int mine = o->account == account;
        pthread_mutex_unlock(&o->mu);
        if (mine)
            srv_conn_kick(o, SRV_CLOSE_LOGGED_OUT, "logged out everywhere");
    }
    pthread_mutex_unlock(&S->cmu);
}

/* ------------------------------------------------------------ commands */

void srv_cmd_whoami(srv_conn *c, const char *ref)
{
    char name[SRV_NAME_LEN];
    long long acc = srv_conn_account(c, name, sizeof name);
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_key(&w, "account");
    if (acc) {
        kt_jw_obj(&w);
        kt_jw_kstr(&w, "name", name);
        kt_jw_obj_end(&w);
    } else {
        kt_jw_null(&w);
    }
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
}

/* One game of the list "my games": the seat, its link, whose turn. */
static void write_my_game(const srv *c_srv, kt_jw *w, sgame *g, int seat, int lang,
                          long long now)
{
    kt_jw_obj(w);
    kt_jw_kstr(w, "game", g->row.id);
    kt_jw_kstr(w, "name", g->row.game);
    kt_jw_kstr(w, "title", srv_game_title(g->row.game, lang));
    kt_jw_kstr(w, "label", g->row.name);
    kt_jw_kint(w, "seat", seat);
    kt_jw_kstr(w, "token", g->row.seats[seat].bot ? "" : g->row.seats[seat].token);
    kt_jw_kstr(w, "status", sgame_status(c_srv, g, now / 1000));
    int mine = !g->row.over && ((g->row.pending >> seat) & 1u) && !g->row.seats[seat].bot;
    kt_jw_kbool(w, "your_turn", mine);
    kt_jw_kint(w, "mode", g->row.timing.mode);
    long long left = srv_clock_left(g, seat, now);
    if (mine && left >= 0)
        kt_jw_kint(w, "left_ms", left);
    kt_jw_kint(w, "actions", g->row.nacts);
    kt_jw_obj_end(w);
}

/* The account's games (newest first): every running one, and the
 * finished ones of the last days. */
void srv_cmd_mygames(srv_conn *c, const kt_jv *req, const char *ref)
{
    srv *S = c->S;
    long long acc = srv_conn_account(c, NULL, 0);
    const kt_jv *tokens = kt_jv_get(req, "tokens");
    if (tokens && (tokens->type != KT_JARR || tokens->n > 64)) {
        srv_reply_error(c, ref, "invalid", "\"tokens\" is a list of at most 64 seat links");
        return;
    }
    long long now = srv_unix_ms();
    int turns = 0, shown = 0;
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_key(&w, "games");
    kt_jw_arr(&w);
    pthread_mutex_lock(&S->mu);
    for (int i = S->ngames - 1; i >= 0 && shown < 100; i--) {
        sgame *g = S->games[i];
        pthread_mutex_lock(&g->mu);
        for (int p = 0; p < g->row.players && !g->gone; p++) {
            const srv_seat_row *r = &g->row.seats[p];
            int held = acc && r->account == acc;
            for (const kt_jv *t = tokens ? tokens->child : NULL; t && !held; t = t->next)
                held = t->type == KT_JSTR && !r->bot && srv_token_eq(t->s, r->token);
            if (!held || (g->row.over && now / 1000 - g->touched > 7 * 86400))
                continue;
            write_my_game(S, &w, g, p, c->lang, now);
            turns += !g->row.over && ((g->row.pending >> p) & 1u) && !r->bot;
            shown++;
            break;
        }
        pthread_mutex_unlock(&g->mu);
    }
    pthread_mutex_unlock(&S->mu);
    kt_jw_arr_end(&w);
    kt_jw_kint(&w, "your_turn", turns);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
}

/* The seat this connection holds by its link becomes its account's: the
 * account's name is shown, its rating counts, and "my games" lists it
 * from any browser where the account is logged in. */
int srv_claim_seat(srv_conn *c, sgame *g, int seat, char *err, size_t cap)
{
    char name[SRV_NAME_LEN];
    long long acc = srv_conn_account(c, name, sizeof name);
    if (!acc) {
        snprintf(err, cap, "log in first");
        return 0;
    }
    srv_seat_row r = g->row.seats[seat];
    if (r.account == acc)
        return 1;
    if (r.account) {
        snprintf(err, cap, "this seat belongs to another account");
        return 0;
    }
    for (int p = 0; p < g->row.players; p++)
        if (p != seat && g->row.seats[p].account == acc) {
            snprintf(err, cap, "your account already has seat %d of this game", p + 1);
            return 0;
        }
    r.account = acc;
    r.claimed = 1;
    snprintf(r.name, sizeof r.name, "%s", name);
    if (!srv_store_set_seat(c->S->st, g->row.id, seat, &r)) {
        snprintf(err, cap, "%s", SRV_STORE_ERROR(c->S->st));
        return 0;
    }
    g->row.seats[seat] = r;
    return 1;
}
