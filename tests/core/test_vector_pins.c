/*
 * test_vector_pins.c - what the learning interfaces write, pinned (issue
 * 30): a speed change to the vector environment or to an encoder must leave
 * every byte the same.  Two hashes per configuration:
 *   walk    kt_obs_vector of every seat and the spectator, and the legal
 *           action indices, along fixed random walks (the encoder alone);
 *   vector  every row a vector environment writes (observations, int8
 *           masks, rewards, end flags, seats, final observations) over fixed
 *           steps with random legal actions drawn in C, in the three
 *           autoreset modes, once with normalised observations.
 * A change meant to alter an observation or the environment updates the pin
 * here in the same commit and says why.  Games not compiled in are skipped.
 * The marks of obs_vector_marked (game.h), by which the vector environment
 * clears only part of a row, are checked apart: they must cover every cell
 * the encoder wrote, or an old value would stay in a row; and with a memo
 * (the encoder's note of what the row holds), the cells it leaves must be
 * the new observation's.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/game.h"
#include "../harness.h"

typedef struct vpin {
    const char *game, *options; /* options added to the study options */
    uint64_t walk, vector;
} vpin;

static const vpin vpins[] = {
    {.game = "dominion", .walk = 0x58a23667c34549d4ULL, .vector = 0x1ce211ba10d8254dULL},
    {.game = "catan", .walk = 0x62e6fe4cae0d9e1fULL, .vector = 0x3587ff64e34b5993ULL},
    {.game = "mp2", .walk = 0x412e474b24314ab3ULL, .vector = 0x545f80afd48b20c9ULL},
    {.game = "mp2", .options = "caravans=1", .walk = 0xdcf1f69c7f30920fULL,
     .vector = 0x81693baf8459eae6ULL},
    {.game = "anno1701", .walk = 0x106e7a473f62d115ULL, .vector = 0xb25fcb26b3b85decULL},
    {.game = "fwm", .walk = 0xed40cef4fd335976ULL, .vector = 0x3f912b569be6809aULL},
    {.game = "fwm", .options = "mode=full", .walk = 0x8999f0fec51741b0ULL,
     .vector = 0xc71c1a54fdc5a39dULL},
};

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

static kt_game *vp_game(kt_t *T, const vpin *p)
{
    char *opts;
    kt_err err;
    kt_game *g = NULL;
    if (!KT_OKS(kt_options_for_study(p->game, p->options ? p->options : "", NULL, &opts, NULL,
                                     &err),
                &err))
        return NULL;
    int players = kt_game_find(p->game)->default_players;
    kt_status st = kt_game_new(p->game, opts, players, 1, NULL, &g, &err);
    kt_free(opts);
    KT_OKS(st, &err);
    return g;
}

/* The walk's own choices (splitmix64). */
static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = *x += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* kt_obs_vector of every seat and the spectator, and the legal indices,
 * along 6 random walks of up to 250 actions (choices from a splitmix64 of
 * the walk's own). */
static uint64_t walk_hash(const kt_game *g)
{
    int o = kt_obs_size(g), np = kt_game_players(g);
    float *obs = malloc(sizeof *obs * (size_t)o);
    kt_state *s = kt_state_new(g);
    int idx[KT_LEGAL_MAX];
    kt_action buf[KT_LEGAL_MAX];
    uint64_t h = 0xcbf29ce484222325ULL;
    for (uint64_t seed = 1; obs && s && seed <= 6; seed++) {
        kt_state_restart(g, s, seed);
        uint64_t x = 1000 + seed;
        for (int k = 0; k < 250 && !kt_is_over(g, s); k++) {
            for (int p = -1; p < np; p++) {
                kt_obs_vector(g, s, p, obs, o);
                h = fnv(h, obs, sizeof *obs * (size_t)o);
            }
            int n = kt_legal_indices(g, s, idx, KT_LEGAL_MAX);
            h = fnv(h, idx, sizeof *idx * (size_t)(n > 0 ? n : 0));
            n = kt_legal(g, s, buf, KT_LEGAL_MAX);
            kt_apply_trusted(g, s, buf[splitmix(&x) % (uint64_t)n]);
        }
    }
    kt_state_free(g, s);
    free(obs);
    return h;
}

/* Every byte a vector environment writes over `steps` steps of 5 games. */
static uint64_t vector_hash(kt_t *T, const kt_game *g, int mode, int normalize, int steps)
{
    enum { N = 5 };
    size_t o = (size_t)kt_obs_size(g), a = (size_t)kt_action_space(g);
    kt_vec_config c;
    kt_vec_config_init(&c);
    c.num_envs = N;
    c.seat = -1;
    c.autoreset = mode;
    c.normalize = normalize;
    c.max_steps = mode == KT_VEC_DISABLED ? 60 : 0;
    kt_vec *v;
    kt_err err;
    if (!KT_OKS(kt_vec_new(g, &c, 11, &v, &err), &err))
        return 0;
    kt_vec_buffers b = {
        .obs = calloc(N * o, sizeof(float)), .mask = calloc(N * a, 1),
        .reward = calloc(N, sizeof(float)), .terminated = calloc(N, 1),
        .truncated = calloc(N, 1), .seat = calloc(N, 1),
        .final_obs = mode == KT_VEC_SAME_STEP ? calloc(N * o, sizeof(float)) : NULL,
    };
    int64_t act[N];
    uint64_t h = 0xcbf29ce484222325ULL;
    if (b.obs && b.mask && b.reward && b.terminated && b.truncated && b.seat &&
        KT_OKS(kt_vec_bind(v, &b, &err), &err) && KT_OKS(kt_vec_reset(v, 3, &err), &err)) {
        for (int t = 0; t < steps; t++) {
            for (int k = 0; k < N; k++)
                act[k] = -1;
            kt_status st = kt_vec_step(v, act, &err);
            if (!KT_EQ(st, KT_OK))
                break;
            h = fnv(h, b.obs, sizeof(float) * N * o);
            h = fnv(h, b.mask, N * a);
            h = fnv(h, b.reward, sizeof(float) * N);
            h = fnv(h, b.terminated, N);
            h = fnv(h, b.truncated, N);
            h = fnv(h, b.seat, N);
            if (b.final_obs)
                h = fnv(h, b.final_obs, sizeof(float) * N * o);
            for (int k = 0; k < N && mode == KT_VEC_DISABLED; k++)
                if (b.terminated[k] || b.truncated[k])
                    KT_OKS(kt_vec_reset_env(v, k, &err), &err);
        }
    }
    kt_vec_free(v);
    free(b.obs), free(b.mask), free(b.reward), free(b.terminated), free(b.truncated);
    free(b.seat), free(b.final_obs);
    return h;
}

KT_TEST(core_vector_pins_observations_and_rows_of_every_game)
{
    int checked = 0;
    for (size_t i = 0; i < sizeof vpins / sizeof vpins[0]; i++) {
        const vpin *p = &vpins[i];
        if (!kt_game_find(p->game)) {
            printf("      %s: not compiled in, skipped\n", p->game);
            continue;
        }
        kt_game *g = vp_game(T, p);
        if (!g)
            continue;
        uint64_t w = walk_hash(g), vh = 0xcbf29ce484222325ULL;
        for (int mode = KT_VEC_NEXT_STEP; mode <= KT_VEC_DISABLED; mode++)
            vh = fnv(vh, (uint64_t[]){vector_hash(T, g, mode, 0, 400)}, 8);
        vh = fnv(vh, (uint64_t[]){vector_hash(T, g, KT_VEC_NEXT_STEP, 1, 200)}, 8);
        printf("      %-9s %-13s walk %016llx vector %016llx\n", p->game,
               p->options ? p->options : "", (unsigned long long)w, (unsigned long long)vh);
        if (!KT_CHECK(w == p->walk))
            printf("      %s: the observations changed (pinned walk %016llx)\n", p->game,
                   (unsigned long long)p->walk);
        if (!KT_CHECK(vh == p->vector))
            printf("      %s: the vector environment's rows changed (pinned %016llx)\n",
                   p->game, (unsigned long long)p->vector);
        kt_game_free(g);
        checked++;
    }
    KT_CHECK(checked > 0);
}

/* The vector environment's way with marks: the cells the last observation
 * marked are zeroed, then the next one is written over the rest. */
static void clear_marks(float *row, const uint32_t *marks, int n)
{
    for (int i = 0; i < n; i++)
        memset(row + (marks[i] & 0xffff), 0, sizeof *row * (marks[i] >> 16));
}

/* One observation of the sequence: `row` holds the previous one (marked by
 * *nmarks marks; with `memo`, the memo of that call); cleared by them and
 * written anew it must equal obs_vector's on zeros.  Marks stay inside the
 * row; too small a cap gives -1 and the same observation. */
static void marks_step(kt_t *T, const kt_game *g, const kt_state *s, int player, float *row,
                       float *fresh, uint32_t *marks, int *nmarks, uint8_t *memo)
{
    int o = g->def->obs_size(g), cap = o / 2 + 16;
    memset(fresh, 0, sizeof *fresh * (size_t)o);
    g->def->obs_vector(g, s, player, fresh);
    clear_marks(row, marks, *nmarks);
    *nmarks = g->def->obs_vector_marked(g, s, player, row, marks, cap, memo);
    KT_REQUIRE(*nmarks >= 0);
    for (int i = 0; i < *nmarks; i++) {
        int at = (int)(marks[i] & 0xffff), len = (int)(marks[i] >> 16);
        KT_REQUIRE(len >= 1 && at + len <= o);
    }
    for (int i = 0; i < o; i++)
        if (memcmp(&row[i], &fresh[i], sizeof *row)) {
            KT_FAIL("%s: cell %d is %g after the marks were cleared, not %g (player %d)",
                    kt_game_name(g), i, (double)row[i], (double)fresh[i], player);
            return;
        }
    float *tmp = malloc(sizeof *tmp * (size_t)o);
    KT_REQUIRE(tmp != NULL);
    memset(tmp, 0, sizeof *tmp * (size_t)o);
    if (*nmarks > 1) {
        uint32_t one;
        KT_EQ(g->def->obs_vector_marked(g, s, player, tmp, &one, 1, NULL), -1);
        KT_CHECK(!memcmp(tmp, fresh, sizeof *tmp * (size_t)o));
    }
    free(tmp);
}

/* The game of vpins[i] when it is compiled in and its encoder marks where
 * it writes (obs_vector_marked), else NULL. */
static kt_game *marked_game(kt_t *T, size_t i)
{
    if (!kt_game_find(vpins[i].game))
        return NULL;
    kt_game *g = vp_game(T, &vpins[i]);
    if (g && !g->def->obs_vector_marked) {
        kt_game_free(g);
        g = NULL;
    }
    return g;
}

/* Random walks through whole games (one after another in the same row, as
 * auto-reset does), the observer drawn anew at every step: spectator or
 * any seat.  Each observation twice: in a row without a memo and in one
 * with (as the vector environment keeps them: zero at first, then only
 * the encoder writes it). */
KT_TEST(core_vector_marks_clear_every_cell_an_encoder_may_leave)
{
    int checked = 0;
    for (size_t i = 0; i < sizeof vpins / sizeof vpins[0] && !T->failures; i++) {
        kt_game *g = marked_game(T, i);
        if (!g)
            continue;
        int o = kt_obs_size(g), np = kt_game_players(g), nmarks = 0, nmarks_m = 0;
        float *row = calloc((size_t)o, sizeof *row), *fresh = malloc(sizeof *fresh * (size_t)o);
        float *row_m = calloc((size_t)o, sizeof *row_m);
        uint32_t *marks = malloc(sizeof *marks * (size_t)(o / 2 + 16));
        uint32_t *marks_m = malloc(sizeof *marks_m * (size_t)(o / 2 + 16));
        uint8_t memo[KT_OBS_MEMO] = {0};
        kt_state *s = kt_state_new(g);
        kt_action buf[KT_LEGAL_MAX];
        KT_REQUIRE(row && fresh && row_m && marks && marks_m && s);
        uint64_t x = 5;
        int games = kt_t_scaled(6) < 4 ? 4 : kt_t_scaled(6); /* sanitizer runs would scale to 1 */
        for (uint64_t seed = 1; seed <= (uint64_t)games && !T->failures; seed++) {
            kt_state_restart(g, s, seed);
            while (!T->failures) {
                x = x * 6364136223846793005ULL + 1442695040888963407ULL;
                int player = (int)((x >> 33) % (uint64_t)(np + 1)) - 1;
                marks_step(T, g, s, player, row, fresh, marks, &nmarks, NULL);
                marks_step(T, g, s, player, row_m, fresh, marks_m, &nmarks_m, memo);
                checked++;
                if (kt_is_over(g, s))
                    break;
                int n = kt_legal(g, s, buf, KT_LEGAL_MAX);
                x = x * 6364136223846793005ULL + 1442695040888963407ULL;
                kt_apply_trusted(g, s, buf[(x >> 33) % (uint64_t)n]);
            }
        }
        kt_state_free(g, s);
        free(row), free(fresh), free(marks), free(row_m), free(marks_m);
        kt_game_free(g);
    }
    printf("    %d observations compared\n", checked);
    KT_CHECK(checked > 1000);
}

/* A row with a memo handed from any position to any other: positions
 * sampled along random walks of a few games, then visited in random
 * order by random observers, each observation checked as marks_step
 * does.  A walk moves one action at a time, so a memo that missed a field
 * which changes only together with another could pass it; a jump changes
 * everything at once.  (Fields shown only in rare positions need tests of
 * their own: fwm_learn_memo_row_shows_a_moves_new_fee_area.) */
KT_TEST(core_vector_memo_rows_survive_jumps_between_any_positions)
{
    enum { NPOS = 240, JUMPS = 3000 };
    int checked = 0;
    for (size_t i = 0; i < sizeof vpins / sizeof vpins[0] && !T->failures; i++) {
        const vpin *p = &vpins[i];
        kt_game *g = marked_game(T, i);
        if (!g)
            continue;
        enum { MAXKIND = 64 };
        int o = kt_obs_size(g), np = kt_game_players(g), nmarks = 0, npos = 0, flips = 0;
        int nkind = 0, bytes = 0;
        kt_state *kind[256] = {0};
        float *row = calloc((size_t)o, sizeof *row), *fresh = malloc(sizeof *fresh * (size_t)o);
        uint32_t *marks = malloc(sizeof *marks * (size_t)(o / 2 + 16));
        uint8_t memo[KT_OBS_MEMO] = {0};
        kt_state *s = kt_state_new(g), **pos = calloc(NPOS, sizeof *pos);
        kt_action buf[KT_LEGAL_MAX];
        KT_REQUIRE(row && fresh && marks && s && pos);
        uint64_t x = 11;
        /* every 7th position of walks through whole games */
        for (uint64_t seed = 1; npos < NPOS && seed < 40; seed++) {
            kt_state_restart(g, s, seed);
            for (int step = 0; npos < NPOS && !kt_is_over(g, s); step++) {
                if (!kind[s->h.decision] && nkind < MAXKIND) { /* the first of its kind */
                    kind[s->h.decision] = kt_state_new(g);
                    KT_REQUIRE(kind[s->h.decision]);
                    kt_state_copy(g, kind[s->h.decision], s);
                    nkind++;
                }
                if (step % 7 == 3) {
                    pos[npos] = kt_state_new(g);
                    KT_REQUIRE(pos[npos]);
                    kt_state_copy(g, pos[npos++], s);
                }
                int n = kt_legal(g, s, buf, KT_LEGAL_MAX);
                x = x * 6364136223846793005ULL + 1442695040888963407ULL;
                kt_apply_trusted(g, s, buf[(x >> 33) % (uint64_t)n]);
            }
        }
        KT_REQUIRE(npos > 20);
        /* every byte of a position of each decision kind changed in turn
         * (two bit patterns), where the check accepts it: a decision's
         * context (an FWM move's fees and robbery) shows only in its own
         * positions, which random jumps rarely pair */
        for (int d = 0; d < 256 && !T->failures; d++) {
            if (!kind[d])
                continue;
            for (size_t off = offsetof(kt_state_hdr, rng); off < kt_state_size(g); off++)
                for (unsigned bit = 0x01; bit <= 0x10 && !T->failures; bit <<= 4) {
                    kt_state_copy(g, s, kind[d]);
                    ((unsigned char *)s)[off] ^= (unsigned char)bit;
                    if (kt_check(g, s, NULL) != KT_OK)
                        continue;
                    marks_step(T, g, kind[d], 0, row, fresh, marks, &nmarks, memo);
                    marks_step(T, g, s, 0, row, fresh, marks, &nmarks, memo);
                    bytes++;
                }
        }
        for (int j = 0; j < JUMPS && !T->failures; j++) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            const kt_state *at = pos[(x >> 33) % (uint64_t)npos];
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            int player = (int)((x >> 33) % (uint64_t)(np + 1)) - 1;
            marks_step(T, g, at, player, row, fresh, marks, &nmarks, memo);
            checked++;
            /* the same position with one byte changed, where the game's
             * check still accepts it, for the same observer, and back:
             * a memo key that leaves out a field the row shows fails here */
            kt_state_copy(g, s, at);
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            size_t skip = offsetof(kt_state_hdr, rng); /* not magic and size */
            size_t off = skip + (size_t)((x >> 33) % (kt_state_size(g) - skip));
            ((unsigned char *)s)[off] ^= (unsigned char)(1u << ((x >> 20) & 7u));
            if (kt_check(g, s, NULL) != KT_OK)
                continue;
            marks_step(T, g, s, player, row, fresh, marks, &nmarks, memo);
            marks_step(T, g, at, player, row, fresh, marks, &nmarks, memo);
            flips++;
        }
        printf("      %s %s: %d positions, %d changed bytes the check accepted; %d decision "
               "kinds, %d of their bytes changed one by one\n", p->game,
               p->options ? p->options : "", npos, flips, nkind, bytes);
        for (int d = 0; d < 256; d++)
            if (kind[d])
                kt_state_free(g, kind[d]);
        KT_CHECK(flips > 50);
        for (int k = 0; k < npos; k++)
            kt_state_free(g, pos[k]);
        free(pos);
        kt_state_free(g, s);
        free(row), free(fresh), free(marks);
        kt_game_free(g);
    }
    printf("    %d observations compared\n", checked);
    KT_CHECK(checked > 1000);
}
