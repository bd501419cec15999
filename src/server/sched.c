/*
 * sched.c - the bot runners and their fair scheduler (docs/server.md,
 * "Bots: a fair share of the runners").
 *
 * A bot decision is a job (game, seat, epoch).  `--bot-threads` runners
 * take jobs; a runner thinks on a copy of the game's state and hands the
 * answer to a worker, which applies and stores it (a runner never waits
 * for the disk).  Two rules keep one game's long searches from starving
 * the others' bots (issue 31.6: 8 all-bot "hard" games made every other
 * bot wait 2.6-11 s):
 *
 *   1. Which job next: the waiting job of the game whose bots used the
 *      least CPU lately (`share`: CPU milliseconds, halved every
 *      SCHED_HALFLIFE_MS), the oldest first among equals; a game runs one
 *      job at a time (its bots deciding at once take turns).  A game
 *      whose bots answer in a millisecond therefore goes before the next
 *      search of a game that has been searching for seconds.
 *   2. Time slice: when a job of a game that is not running waits and
 *      every runner is busy, the search that has run longest, if it has
 *      run at least `bot_slice_ms`, is asked to answer now (kt_bot_cancel:
 *      it plays the best move found so far).  A waiting bot thus gets a
 *      runner within about one slice however many searches are running;
 *      on a busy server searches get shorter, on a quiet one they keep
 *      their whole budget (`--bot-ms`, the spec's own time).
 *
 * Tasks (analysis.c: post-game analyses, hints) are jobs too: they run on
 * the runners, count towards their game's share, and rule 2 hurries them
 * through srv_task_hurried (they stop after the step they are in and
 * queue themselves again).  With several runners, tasks never hold the
 * last one (`ntasks`, may_start): a bot always finds a runner free of them;
 * with a single runner rule 2 is what keeps them from holding it.
 *
 * A supervisor thread applies rule 2; it sleeps until a job waits with
 * every runner busy, then wakes when the oldest search reaches its slice.
 * Whatever can make rule 2 apply wakes it: a new job, a job's end, and a
 * runner starting a job (all runners may be busy then).
 *
 * Data layout: srv_sched (srv_int.h) holds the waiting jobs in arrival
 * order (a list: at most one job per bot seat, so it stays short), the
 * runners and counters; each sgame's share, share_at and running belong to
 * the scheduler's lock.  Lock order: a game's lock may be held while
 * taking the scheduler's (srv_enqueue), never the other way round.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server/srv_int.h"

#define SCHED_HALFLIFE_MS 10000.0

double srv_sched_decayed(const sgame *g, long long now_ms)
{
    if (g->share <= 0 || now_ms <= g->share_at)
        return g->share;
    return g->share * exp2(-(double)(now_ms - g->share_at) / SCHED_HALFLIFE_MS);
}

/* May job j start now (lock held)?  Not while its game runs a job, and a
 * task not while tasks hold every runner but one. */
static int may_start(const srv_sched *q, const sjob *j)
{
    if (j->g->running)
        return 0;
    return !j->run || q->nrunners < 2 || q->ntasks < q->nrunners - 1;
}

sjob *srv_sched_pick(srv_sched *q, long long now_ms)
{
    sjob **best = NULL;
    double best_share = 0;
    for (sjob **pp = &q->jobs; *pp; pp = &(*pp)->next) {
        sgame *g = (*pp)->g;
        if (!may_start(q, *pp))
            continue;
        double s = srv_sched_decayed(g, now_ms);
        if (!best || s < best_share) { /* strictly less: the older one wins ties */
            best = pp;
            best_share = s;
        }
    }
    if (!best)
        return NULL;
    sjob *j = *best;
    *best = j->next;
    j->next = NULL;
    q->njobs--;
    return j;
}

static int enqueue(srv *S, sgame *g, int seat,
                   void (*run)(srv *S, srv_runner *r, sjob *j), void *arg)
{
    sjob *j = calloc(1, sizeof *j);
    if (!j)
        return 0; /* the next change kicks the bots again */
    j->g = g;
    j->seat = seat;
    j->epoch = g->epoch;
    j->run = run;
    j->arg = arg;
    srv_sched *q = &S->sched;
    pthread_mutex_lock(&q->mu);
    if (q->stopping) {
        pthread_mutex_unlock(&q->mu);
        free(j);
        return 0;
    }
    atomic_fetch_add(&g->refs, 1);
    if (!run)
        g->seat[seat].thinking = 1;
    j->seq = q->seq++;
    j->queued_ms = srv_now_ms();
    sjob **pp = &q->jobs;
    while (*pp)
        pp = &(*pp)->next;
    *pp = j;
    q->njobs++;
    pthread_cond_signal(&q->cv);
    pthread_cond_signal(&q->supcv);
    pthread_mutex_unlock(&q->mu);
    return 1;
}

void srv_enqueue(srv *S, sgame *g, int seat) { enqueue(S, g, seat, NULL, NULL); }

int srv_enqueue_task(srv *S, sgame *g, void (*run)(srv *S, srv_runner *r, sjob *j), void *arg)
{
    return enqueue(S, g, 0, run, arg);
}

int srv_task_hurried(srv *S, srv_runner *r)
{
    pthread_mutex_lock(&S->sched.mu);
    int h = r->hurried || S->sched.stopping;
    pthread_mutex_unlock(&S->sched.mu);
    return h;
}

static double thread_cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1000.0 + (double)t.tv_nsec / 1e6;
}

static void *runner_main(void *arg)
{
    srv_runner *r = arg;
    srv *S = r->S;
    srv_sched *q = &S->sched;
    pthread_mutex_lock(&q->mu);
    for (;;) {
        sjob *j = NULL;
        while (!q->stopping && !(j = srv_sched_pick(q, srv_now_ms())))
            pthread_cond_wait(&q->cv, &q->mu);
        if (q->stopping) {
            if (j) { /* back to the list: srv_sched_stop frees it */
                j->next = q->jobs;
                q->jobs = j;
                q->njobs++;
            }
            break;
        }
        sgame *g = j->g;
        g->running++;
        q->ntasks += j->run != NULL;
        r->job = j;
        r->start_ms = srv_now_ms();
        r->hurried = 0;
        /* what rule 2 bounds: the wait for a runner, not the wait behind
         * the game's own job (one job of a game runs at a time) */
        long long ready = j->queued_ms > g->free_at ? j->queued_ms : g->free_at;
        if (!j->run && r->start_ms - ready > g->wait_max_ms)
            g->wait_max_ms = r->start_ms - ready;
        q->nbusy++;
        /* every runner may be busy now: the supervisor, which sleeps while
         * one is free, must look again (it may have looked while this
         * runner was between two jobs, and would then sleep through a
         * whole search: an 8 s wait in the CI's ThreadSanitizer runs) */
        pthread_cond_signal(&q->supcv);
        pthread_mutex_unlock(&q->mu);
        double c0 = thread_cpu_ms();
        if (j->run)
            j->run(S, r, j);
        else
            srv_bot_job(S, r, j);
        double used = thread_cpu_ms() - c0;
        pthread_mutex_lock(&q->mu);
        long long now = srv_now_ms();
        g->share = srv_sched_decayed(g, now) + used;
        g->share_at = now;
        if (--g->running == 0)
            g->free_at = now;
        q->ntasks -= j->run != NULL;
        r->job = NULL;
        r->bot = NULL;
        q->nbusy--;
        pthread_cond_broadcast(&q->cv); /* the game may run its next job */
        pthread_cond_signal(&q->supcv);
        pthread_mutex_unlock(&q->mu);
        srv_game_unref(S, g);
        free(j);
        if (S->cfg.test_runner_gap_ms > 0) /* tests: srv_config */
            nanosleep(&(struct timespec){(time_t)(S->cfg.test_runner_gap_ms / 1000),
                                         (long)(S->cfg.test_runner_gap_ms % 1000) * 1000000L},
                      NULL);
        pthread_mutex_lock(&q->mu);
    }
    pthread_mutex_unlock(&q->mu);
    return NULL;
}

/* Is a job waiting whose game is not running (lock held)? */
static int someone_waits(srv_sched *q)
{
    for (sjob *j = q->jobs; j; j = j->next)
        if (may_start(q, j))
            return 1;
    return 0;
}

/* Rule 2 (lock held): hurry the longest search past its slice; returns
 * how long to sleep before looking again (-1: until signalled). */
static long long supervise(srv *S, srv_sched *q)
{
    if (q->nbusy < q->nrunners || !someone_waits(q))
        return -1;
    long long now = srv_now_ms(), slice = S->cfg.bot_slice_ms > 0 ? S->cfg.bot_slice_ms : 100;
    srv_runner *oldest = NULL;
    long long next = slice;
    for (int i = 0; i < q->nrunners; i++) {
        srv_runner *r = &q->runners[i];
        if (!r->job || r->hurried)
            continue;
        long long ran = now - r->start_ms;
        if (ran >= slice && (r->bot || r->job->run) && (!oldest || r->start_ms < oldest->start_ms))
            oldest = r;
        else if (slice - ran < next)
            next = slice - ran;
    }
    if (oldest) {
        if (oldest->bot)
            kt_bot_cancel(oldest->bot);
        oldest->hurried = 1; /* a task sees it through srv_task_hurried */
        q->hurries++;
        return 1;
    }
    return next > 1 ? next : 1;
}

static void *supervisor_main(void *arg)
{
    srv *S = arg;
    srv_sched *q = &S->sched;
    pthread_mutex_lock(&q->mu);
    while (!q->stopping) {
        long long wait = supervise(S, q);
        if (wait < 0) {
            pthread_cond_wait(&q->supcv, &q->mu);
            continue;
        }
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        t.tv_sec += (time_t)(wait / 1000);
        t.tv_nsec += (long)(wait % 1000) * 1000000L;
        if (t.tv_nsec >= 1000000000L) {
            t.tv_sec++;
            t.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&q->supcv, &q->mu, &t);
    }
    pthread_mutex_unlock(&q->mu);
    return NULL;
}

int srv_sched_start(srv *S, int runners, char *err, size_t cap)
{
    srv_sched *q = &S->sched;
    q->runners = calloc((size_t)runners, sizeof *q->runners);
    if (!q->runners) {
        snprintf(err, cap, "out of memory");
        return 0;
    }
    pthread_mutex_lock(&q->mu);
    for (int i = 0; i < runners; i++) {
        q->runners[i].S = S;
        if (pthread_create(&q->runners[i].th, NULL, runner_main, &q->runners[i]) != 0)
            break;
        q->nrunners++;
    }
    pthread_mutex_unlock(&q->mu);
    q->has_supervisor = pthread_create(&q->supervisor, NULL, supervisor_main, S) == 0;
    if (!q->nrunners || !q->has_supervisor) {
        snprintf(err, cap, "could not start the bot threads");
        return 0;
    }
    return 1;
}

void srv_sched_stop(srv *S)
{
    srv_sched *q = &S->sched;
    pthread_mutex_lock(&q->mu);
    q->stopping = 1;
    for (int i = 0; i < q->nrunners; i++)
        if (q->runners[i].bot)
            kt_bot_cancel(q->runners[i].bot);
    pthread_cond_broadcast(&q->cv);
    pthread_cond_broadcast(&q->supcv);
    pthread_mutex_unlock(&q->mu);
    for (int i = 0; i < q->nrunners; i++)
        pthread_join(q->runners[i].th, NULL);
    if (q->has_supervisor)
        pthread_join(q->supervisor, NULL);
    q->nrunners = 0;
    q->has_supervisor = 0;
    free(q->runners);
    q->runners = NULL;
    while (q->jobs) {
        sjob *j = q->jobs;
        q->jobs = j->next;
        if (!j->run) { /* a task's arg stays with its owner (srv_analyses_free) */
            pthread_mutex_lock(&j->g->mu);
            j->g->seat[j->seat].thinking = 0;
            pthread_mutex_unlock(&j->g->mu);
        }
        srv_game_unref(S, j->g);
        free(j);
    }
    q->njobs = 0;
}
