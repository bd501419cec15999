/*
 * httpapi.c - the account endpoints over plain HTTP (POST /api/signup,
 * /api/login, /api/logout, /api/logout-all), since only an HTTP response
 * can set an HttpOnly cookie: a page's script never sees the session.
 *
 * A request runs on the loop thread only as far as reading it: the Origin
 * check (a page of another site may not log anybody in or out), the body
 * (JSON, at most API_BODY_MAX bytes) and the cookie.  The work (Argon2id
 * takes tens of milliseconds and 64 MiB) goes to a worker (account.c's
 * srv_api_run); the answer comes back to the loop as a message.  The
 * client may hang up meanwhile: h2o then frees the request, and a small
 * slot in the request's memory pool, whose dispose callback runs then,
 * tells the call that there is nobody left to answer.
 *
 * Cookie: kontor_session=<64 hex digits>; Path=/; HttpOnly;
 * SameSite=Strict; Max-Age (30 days); Secure when the request came by TLS
 * (here or at a trusted proxy).  The WebSocket's handshake carries it
 * (net_session_cookie reads it there).
 *
 * Data layout: api_job (malloc'd) holds the srv_api_call, the h2o request
 * (loop thread; NULL once h2o freed it), the message to the loop and the
 * slot (in the request's pool) that points back at the job.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/net.h"

#define API_BODY_MAX 4096
#define COOKIE_NAME "kontor_session"

typedef struct api_slot {
    struct api_job *job;
} api_slot;

typedef struct api_job {
    srv_http *h;
    h2o_req_t *req;  /* loop thread; NULL when the client went */
    api_slot *slot;
    int tls;
    h2o_multithread_message_t msg;
    srv_api_call a;
    char body[];
} api_job;

/* The request's pool is freed (answered, or the client hung up). */
static void on_slot_dispose(void *p)
{
    api_slot *s = p;
    if (s->job) {
        s->job->req = NULL;
        s->job->slot = NULL;
    }
}

/* The session secret of a request's Cookie headers into out ("" none). */
void net_session_cookie(h2o_req_t *req, char *out, size_t cap)
{
    out[0] = '\0';
    static const char name[] = COOKIE_NAME "=";
    for (ssize_t i = -1; (i = h2o_find_header(&req->headers, H2O_TOKEN_COOKIE, i)) != -1;) {
        const char *v = req->headers.entries[i].value.base;
        size_t n = req->headers.entries[i].value.len;
        for (size_t k = 0; k + sizeof name - 1 <= n; k++) {
            if ((k && v[k - 1] != ' ' && v[k - 1] != ';') || memcmp(v + k, name, sizeof name - 1))
                continue;
            size_t s = k + sizeof name - 1, e = s;
            while (e < n && v[e] != ';' && v[e] != ' ')
                e++;
            int hex = e - s == 64;
            for (size_t j = s; hex && j < e; j++)
                hex = (v[j] >= '0' && v[j] <= '9') || (v[j] >= 'a' && v[j] <= 'f');
            if (hex && cap > 64) {
                memcpy(out, v + s, 64);
                out[64] = '\0';
                return;
            }
        }
    }
}

static void api_worker(void *arg)
{
    api_job *j = arg;
    srv_api_run(j->h->S, &j->a);
    srv_http *h = j->h;
    h2o_multithread_send_message(&h->api, &j->msg);
    pthread_mutex_lock(&h->live_mu); /* stopping waits for this */
    h->live--;
    pthread_cond_broadcast(&h->live_cv);
    pthread_mutex_unlock(&h->live_mu);
}

static void job_free(api_job *j)
{
    free(j->a.json);
    free(j);
}

static void respond(api_job *j)
{
    h2o_req_t *req = j->req;
    const srv_api_call *a = &j->a;
    req->res.status = a->status ? a->status : 500;
    req->res.reason = a->status == 200 ? "OK" : "Error";
    h2o_add_header(&req->pool, &req->res.headers, H2O_TOKEN_CONTENT_TYPE, NULL,
                   H2O_STRLIT("application/json; charset=utf-8"));
    h2o_add_header(&req->pool, &req->res.headers, H2O_TOKEN_CACHE_CONTROL, NULL,
                   H2O_STRLIT("no-store"));
    if (a->set_cookie) {
        char c[256];
        int n = snprintf(c, sizeof c, COOKIE_NAME "=%s; Path=/; Max-Age=%lld; HttpOnly; "
                                      "SameSite=Strict%s",
                         a->set_cookie == 1 ? a->set_session : "",
                         a->set_cookie == 1 ? a->max_age_s : 0LL, j->tls ? "; Secure" : "");
        h2o_iovec_t v = h2o_strdup(&req->pool, c, (size_t)n);
        h2o_add_header(&req->pool, &req->res.headers, H2O_TOKEN_SET_COOKIE, NULL, v.base, v.len);
    }
    const char *body = a->json ? a->json : "{\"ok\":false,\"error\":\"internal\"}";
    h2o_iovec_t b = h2o_strdup(&req->pool, body, strlen(body));
    h2o_send_inline(req, b.base, b.len);
}

void net_api_done(h2o_multithread_receiver_t *r, h2o_linklist_t *messages)
{
    SRV_UNUSED(r);
    while (!h2o_linklist_is_empty(messages)) {
        h2o_multithread_message_t *m =
            H2O_STRUCT_FROM_MEMBER(h2o_multithread_message_t, link, messages->next);
        h2o_linklist_unlink(&m->link);
        api_job *j = H2O_STRUCT_FROM_MEMBER(api_job, msg, m);
        if (j->req) {
            j->slot->job = NULL; /* the pool may outlive the job */
            respond(j);
        }
        job_free(j);
    }
}

void net_api_drain(srv_http *h)
{
    while (!h2o_linklist_is_empty(&h->api._messages)) {
        h2o_multithread_message_t *m =
            H2O_STRUCT_FROM_MEMBER(h2o_multithread_message_t, link, h->api._messages.next);
        h2o_linklist_unlink(&m->link);
        job_free(H2O_STRUCT_FROM_MEMBER(api_job, msg, m));
    }
}

static int api_refuse(h2o_req_t *req, int status, const char *reason, const char *msg)
{
    h2o_send_error_generic(req, status, reason, msg, 0);
    return 0;
}

int net_on_api(srv_http *h, h2o_req_t *req, const char *client, int tls)
{
    if (!h2o_memis(req->method.base, req->method.len, H2O_STRLIT("POST")))
        return api_refuse(req, 405, "Method Not Allowed", "POST only\n");
    const char *p = req->path_normalized.base;
    size_t n = req->path_normalized.len;
    if (n <= 5 || n - 5 >= sizeof((srv_api_call *)0)->path)
        return api_refuse(req, 404, "Not Found", "signup, login, logout or logout-all\n");
    if (req->entity.len > API_BODY_MAX)
        return api_refuse(req, 413, "Payload Too Large", "at most 4096 bytes\n");
    api_job *j = calloc(1, sizeof *j + req->entity.len + 1);
    api_slot *slot = j ? h2o_mem_alloc_shared(&req->pool, sizeof *slot, on_slot_dispose) : NULL;
    if (!slot) {
        free(j);
        return api_refuse(req, 503, "Service Unavailable", "out of memory\n");
    }
    slot->job = j;
    j->h = h;
    j->req = req;
    j->slot = slot;
    j->tls = tls;
    memcpy(j->a.path, p + 5, n - 5);
    if (req->entity.len)
        memcpy(j->body, req->entity.base, req->entity.len);
    j->a.body = j->body;
    j->a.len = req->entity.len;
    net_session_cookie(req, j->a.session, sizeof j->a.session);
    snprintf(j->a.addr, sizeof j->a.addr, "%s", client);
    if (!srv_addr_key(client, j->a.addr_key, sizeof j->a.addr_key))
        snprintf(j->a.addr_key, sizeof j->a.addr_key, "local");
    pthread_mutex_lock(&h->live_mu);
    h->live++;
    pthread_mutex_unlock(&h->live_mu);
    if (!srv_post(h->S, api_worker, j)) {
        pthread_mutex_lock(&h->live_mu);
        h->live--;
        pthread_cond_broadcast(&h->live_cv);
        pthread_mutex_unlock(&h->live_mu);
        slot->job = NULL;
        free(j);
        return api_refuse(req, 503, "Service Unavailable", "the server is stopping\n");
    }
    return 0;
}
