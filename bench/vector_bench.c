/*
 * vector_bench.c - standalone driver for the vectorised environment (not
 * linked into kontor): agent steps per CPU second of kt_vec_step, each with
 * the learner's observation and int8 mask written, random opponents, the
 * learner's action a random legal one drawn in C (-1).  The profile target
 * of issue 30 (perf record ./vector_bench mp2 64 3).
 *
 *   vector_bench GAME [NUM_ENVS=64] [SECONDS=2] [NORMALIZE=0] [BANDWIDTH=1] [ROUNDS=0]
 *
 * ROUNDS > 0 runs exactly that many kt_vec_step calls after the reset
 * instead of SECONDS of CPU: the same work every run, for instruction
 * counts (valgrind --tool=callgrind vector_bench fwm 64 0 0 0 200).
 * Build: cc -O2 -Iinclude bench/vector_bench.c build/release/libkontor.a -lm -lpthread
 * Prints agent steps/s, game actions/s (learner and bots), actions per
 * agent step and the observation bytes written per second, then the write
 * bandwidth (memset, per CPU second) of a buffer the size of the games'
 * observation rows and of 512 MB, and what share of each the observations
 * take; then (not timed) how much of a row a step changes: the cells and
 * the 64-byte lines that differ from the row before the step, averaged
 * over 100 steps of every game (a lower bound of what a step must store).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kontor/kontor.h"

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); /* CPU time: the machine is shared */
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: vector_bench GAME [NUM_ENVS] [SECONDS] [NORMALIZE] [BANDWIDTH] [ROUNDS]\n");
        return 2;
    }
    int n = argc > 2 ? atoi(argv[2]) : 64;
    double secs = argc > 3 ? atof(argv[3]) : 2.0;
    kt_game *g;
    kt_err err;
    if (kt_game_new(argv[1], kt_game_study_options(argv[1]), 0, 1, NULL, &g, &err) != KT_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    kt_vec_config c;
    kt_vec_config_init(&c);
    c.num_envs = n;
    c.normalize = argc > 4 ? atoi(argv[4]) : 0;
    kt_vec *v;
    if (kt_vec_new(g, &c, 1, &v, &err) != KT_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    size_t obs = (size_t)kt_obs_size(g), space = (size_t)kt_action_space(g), nn = (size_t)n;
    kt_vec_buffers b = {
        .obs = calloc(nn * obs, sizeof(float)), .mask = calloc(nn * space, 1),
        .reward = calloc(nn, sizeof(float)), .terminated = calloc(nn, 1),
        .truncated = calloc(nn, 1),
    };
    int64_t *a = malloc(sizeof *a * nn);
    if (!b.obs || !b.mask || !b.reward || !b.terminated || !b.truncated || !a)
        return 1;
    for (size_t k = 0; k < nn; k++)
        a[k] = -1;
    if (kt_vec_bind(v, &b, &err) != KT_OK || kt_vec_reset(v, 1, &err) != KT_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    long long steps = 0, a0 = kt_vec_actions(v), rounds = argc > 6 ? atoll(argv[6]) : 0;
    double t0 = cpu_now();
    if (rounds > 0) /* for tools that trace stores (valgrind --tool=lackey) */
        fprintf(stderr, "observation rows at %p, %zu bytes\n", (void *)b.obs,
                nn * obs * sizeof(float));
    for (long long r = 0; r < rounds; r++)
        kt_vec_step(v, a, &err);
    steps += rounds * n;
    while (rounds <= 0 && cpu_now() - t0 < secs) {
        for (int r = 0; r < 16; r++)
            kt_vec_step(v, a, &err);
        steps += 16LL * n;
    }
    double dt = cpu_now() - t0;
    long long acts = kt_vec_actions(v) - a0;
    printf("%s, %d games: %.0f agent steps/s, %.0f game actions/s, %.2f actions/step, "
           "observation %zu floats: %.2f GB/s written\n",
           argv[1], n, (double)steps / dt, (double)acts / dt, (double)acts / (double)steps, obs,
           (double)steps / dt * (double)obs * 4 / 1e9);
    /* what the memory takes: memset of a buffer as large as the games'
     * observation rows (the caches they stay in) and of 512 MB (main
     * memory), bytes per CPU second */
    double obs_bw = (double)steps / dt * (double)obs * 4;
    size_t sizes[2] = {nn * obs * sizeof(float), (size_t)512 << 20};
    const char *what[2] = {"the observation buffer's size", "512 MB (main memory)"};
    int bandwidth = argc > 5 ? atoi(argv[5]) : 1; /* 0: not (for perf record) */
    for (int i = 0; i < 2 && bandwidth; i++) {
        unsigned char *buf = malloc(sizes[i]);
        if (!buf)
            break;
        memset(buf, 1, sizes[i]);
        double done = 0, w0 = cpu_now();
        while (cpu_now() - w0 < 0.5) {
            memset(buf, (int)done & 1, sizes[i]);
            __asm__ volatile("" : : "r"(buf) : "memory"); /* the stores are kept */
            done += (double)sizes[i];
        }
        double bw = done / (cpu_now() - w0);
        printf("  memset of %s: %.2f GB/s; the observations take %.0f%% of it\n", what[i],
               bw / 1e9, 100 * obs_bw / bw);
        free(buf);
    }
    if (bandwidth) {
        /* what a step changes in the rows: cells, and lines of 16 cells */
        float *before = malloc(nn * obs * sizeof(float));
        long long cells = 0, lines = 0, rows = 0;
        for (int r = 0; before && r < 100; r++) {
            memcpy(before, b.obs, nn * obs * sizeof(float));
            kt_vec_step(v, a, &err);
            for (size_t k = 0; k < nn; k++, rows++) {
                const float *x = before + k * obs, *y = b.obs + k * obs;
                for (size_t i = 0; i < obs; i += 16) {
                    size_t e = i + 16 < obs ? i + 16 : obs, d = 0;
                    for (size_t j = i; j < e; j++)
                        d += memcmp(&x[j], &y[j], sizeof *x) != 0;
                    cells += (long long)d;
                    lines += d > 0;
                }
            }
        }
        if (rows)
            printf("  a step changes %.0f cells (%.0f bytes) in %.1f of the row's %zu lines of "
                   "16 cells\n", (double)cells / (double)rows, 4.0 * (double)cells / (double)rows,
                   (double)lines / (double)rows, (obs + 15) / 16);
        free(before);
    }
    kt_vec_free(v);
    kt_game_free(g);
    free(b.obs), free(b.mask), free(b.reward), free(b.terminated), free(b.truncated), free(a);
    return 0;
}
