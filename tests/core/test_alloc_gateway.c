/*
 * test_alloc_gateway.c - the allocations of a session (its game, states,
 * history, record, request parsing, reply buffers), of a search bot (mcts
 * and the random bot: struct, spec, tree, worlds) and the text behind a
 * returned string go through the caller's allocator (src/core/mem.h) with
 * the true sizes, and all of it comes back; a failing allocator at any one
 * of those allocations gets KT_ENOMEM (or the protocol's "nomem" reply) and
 * nothing leaks.
 *
 * The first test also checks that the scenario makes no process allocation
 * outside the allocator (tests/alloc_count.c counts them; the counting
 * allocator's own realloc, one per call, is all there may be): the fwm
 * data tables read at each setup and the game's heuristic bot behind the
 * mcts prior included.  test_alloc_strings.c proves the same in every game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../harness.h"

typedef struct counting {
    long allocs, frees, live;
    long long bytes; /* live bytes by the sizes the library states */
    long fail_at;    /* the allocation that fails (-1: none) */
    int size_lies;   /* a free or resize whose osize was not the block's size */
} counting;

/* Each block starts with its size so the stated osize can be checked. */
static void *count_fn(void *ud, void *p, size_t osize, size_t nsize)
{
    counting *c = ud;
    size_t *blk = p ? (size_t *)p - 2 : NULL;
    if (blk && blk[0] != osize)
        c->size_lies++;
    if (nsize == 0) {
        if (blk) {
            c->frees++;
            c->live--;
            c->bytes -= (long long)osize;
            free(blk);
        }
        return NULL;
    }
    if (c->fail_at >= 0 && c->allocs == c->fail_at) {
        c->allocs++;
        return NULL;
    }
    c->allocs++;
    size_t *q = realloc(blk, nsize + 2 * sizeof(size_t));
    if (!q)
        return NULL;
    if (!blk)
        c->live++;
    c->bytes += (long long)nsize - (long long)(blk ? osize : 0);
    q[0] = nsize;
    return q + 2;
}

static char *ask(kt_session *S, const char *r) { return kt_session_request(S, KT_OMNISCIENT, r, strlen(r), NULL); }

static const char *const script[] = {
    "{\"cmd\":\"new\",\"game\":\"fwm\",\"players\":3,\"seed\":5}",
    "{\"cmd\":\"bot\",\"spec\":\"random\",\"apply\":true}",
    "{\"cmd\":\"bot\",\"spec\":\"mcts:iters=60:rollout=random\",\"apply\":true}",
    "{\"cmd\":\"bot\",\"spec\":\"random\",\"apply\":true}",
    "{\"cmd\":\"legal\",\"lang\":\"de\"}",
    "{\"cmd\":\"observe\",\"player\":1}",
    "{\"cmd\":\"undo\",\"steps\":1}",
    "{\"cmd\":\"record\"}",
    "{\"cmd\":\"status\"}",
};
#define NSCRIPT ((int)(sizeof script / sizeof script[0]))

KT_TEST(alloc_gateway_a_session_its_search_bot_and_strings_use_the_allocator_with_true_sizes)
{
    counting c = {0, 0, 0, 0, -1, 0};
    kt_allocator a = {count_fn, &c};
    long long before = kt_t_alloc_count();
    kt_session *S;
    kt_err err;
    KT_OKS(kt_session_new(NULL, &a, &S, &err), &err);
    long search = 0;
    for (int i = 0; i < NSCRIPT; i++) {
        long at = c.allocs;
        char *r = ask(S, script[i]);
        if (!KT_CHECK(r && !strncmp(r, "{\"ok\":true", 10)))
            printf("      %s -> %.300s\n", script[i], r ? r : "(null)");
        kt_free(r);
        if (strstr(script[i], "mcts"))
            search = c.allocs - at;
    }
    /* the search bot: kt_bot and its spec, the mcts struct, its workers and
     * root list, a worker's nodes, world, legal list, children and set, and
     * the request's own parse, reply, history and record */
    if (!KT_CHECK(search >= 12))
        printf("      the mcts request made %ld allocator calls\n", search);
    /* a returned string of a configuration made with the allocator */
    char *obs = kt_observe_json(kt_session_game(S), kt_session_state(S), 0, KT_LANG_EN);
    KT_CHECK(obs != NULL);
    kt_free(obs);
    kt_session_free(S);
    long long process = kt_t_alloc_count() - before;
    KT_CHECK(c.allocs > 50);
    /* the counting allocator's own realloc calls (one per call) are in
     * `process` too: nothing else may be */
    if (!KT_EQ(process - c.allocs, 0))
        printf("      allocator %ld calls; %lld process allocations outside it\n", c.allocs,
               process - c.allocs);
    KT_EQ(c.live, 0);
    KT_EQ(c.bytes, 0);
    KT_EQ(c.size_lies, 0);
}

KT_TEST(alloc_gateway_a_failing_allocator_gets_nomem_and_leaks_nothing)
{
    int failures = 0, completed = 0;
    for (long n = 0; n < 4000 && !completed; n += n < 200 ? 1 : 37) {
        counting c = {0, 0, 0, 0, n, 0};
        kt_allocator a = {count_fn, &c};
        kt_session *S = NULL;
        kt_err err;
        kt_status st = kt_session_new(NULL, &a, &S, &err);
        if (st != KT_OK) {
            KT_EQ(st, KT_ENOMEM);
            KT_EQ(c.live, 0);
            failures++;
            continue;
        }
        int all_ok = 1;
        for (int i = 0; i < NSCRIPT; i++) {
            char *r = ask(S, script[i]);
            /* the nomem reply falls back to malloc when the allocator refuses */
            KT_REQUIRE(r != NULL);
            if (strncmp(r, "{\"ok\":true", 10)) {
                all_ok = 0;
                /* the refusal says why; a nomem is the only expected one */
                if (!KT_CHECK(strstr(r, "\"nomem\"") || strstr(r, "no game yet") ||
                              strstr(r, "out of memory")))
                    printf("      allocation %ld, %s -> %.300s\n", n, script[i], r);
            }
            kt_free(r);
        }
        kt_session_free(S);
        KT_EQ(c.live, 0);
        KT_EQ(c.bytes, 0);
        KT_EQ(c.size_lies, 0);
        failures += !all_ok;
        completed = all_ok && c.allocs <= n;
    }
    KT_CHECK(failures > 40); /* the failure hit many different allocations */
    KT_CHECK(completed);      /* and past the last one everything worked */
}
