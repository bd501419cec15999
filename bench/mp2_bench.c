/*
 * mp2_bench.c - standalone driver for Marco Polo II (not linked into
 * kontor): random-play speed through the public API, game lengths, and
 * bot matches for the balance figures in docs/marco_polo_2.md.
 *
 * Build (after `make GAMES=mp2 BUILD=build/mp2`):
 *   cc -O2 -Iinclude -Isrc bench/mp2_bench.c build/mp2/libkontor.a -lm -o build/mp2/mp2-bench
 * Usage:
 *   mp2-bench speed [games] [players] [options]
 *   mp2-bench digest [games]
 *       behaviour digest: hashes every legal-action list, every choice and
 *       every final state of random games in 2-4 players, base and
 *       Caravans, drafted and fixed characters (a speed change must keep
 *       it unchanged).
 *   mp2-bench match <games> <players> <options> <bot0> <bot1> ...
 *       bots by seat, rotated each game; prints win rates, scores,
 *       win rates by character and normal-action usage.
 * Data layout: no state beyond local variables; results are printed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/game.h"
#include "games/mp2/mp2.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* CPU time of this process: on a shared machine the wall clock also counts
 * time spent waiting for a core. */
static double cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int speed(int games, int np, const char *opts)
{
    kt_game *g;
    kt_err err;
    if (kt_game_new("mp2", opts, np, 1, NULL, &g, &err) != KT_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    kt_state *s = kt_state_new(g);
    kt_action buf[KT_LEGAL_MAX];
    kt_rng r;
    kt_rng_seed(&r, 42);
    long total = 0, legal_sum = 0, maxlen = 0;
    double t0 = now(), c0 = cpu();
    for (int i = 0; i < games; i++) {
        kt_state_init(g, s);
        long n = 0;
        while (!kt_is_over(g, s)) {
            int k = kt_legal(g, s, buf, KT_LEGAL_MAX);
            legal_sum += k;
            kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)k)]);
            n++;
        }
        total += n;
        if (n > maxlen)
            maxlen = n;
    }
    double dt = now() - t0, dc = cpu() - c0;
    printf("mp2 %dp '%s': %d games, %ld actions (avg %.0f, max %ld), avg legal %.1f, %.2fM actions/s "
           "wall, %.2fM actions/s cpu, %.0f games/s cpu\n",
           np, opts, games, total, (double)total / games, maxlen, (double)legal_sum / total,
           total / dt / 1e6, total / dc / 1e6, games / dc);
    kt_state_free(g, s);
    kt_game_free(g);
    return 0;
}

/* FNV-1a over 32-bit words. */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

static int digest(int games)
{
    static const char *const cfgs[] = {
        "", "caravans=1", "characters=mongke,dewu,abha,mailin",
        "characters=filippo,isabella,gantulga,abha",
        "caravans=1;characters=tebaldo,piedro,vidal,donata",
        "caravans=1;characters=mailin,donata,piedro,gantulga",
        "first_player=last;mongke_end_oasis=1;extra_post_bonus=0;filippo_own=use;"
        "isabella_reroll=1;mailin_posts=last;goal_match=shield"};
    uint64_t all = 0xcbf29ce484222325ull;
    long actions = 0;
    kt_action buf[KT_LEGAL_MAX];
    for (int np = 2; np <= 4; np++)
        for (size_t ci = 0; ci < sizeof cfgs / sizeof cfgs[0]; ci++) {
            char o[256];
            snprintf(o, sizeof o, "%s", cfgs[ci]);
            if (np < 4 && strstr(o, "characters=")) {
                /* keep the first np names */
                char *l = strstr(o, "characters=") + 11;
                for (int k = 0; k < np; k++) {
                    l = strchr(l, ',');
                    if (!l)
                        break;
                    if (k == np - 1)
                        *l = 0;
                    else
                        l++;
                }
            }
            kt_game *g;
            kt_err err;
            if (kt_game_new("mp2", o, np, 7, NULL, &g, &err) != KT_OK) {
                fprintf(stderr, "%s\n", err.msg);
                return 1;
            }
            kt_state *s = kt_state_new(g);
            kt_rng r;
            kt_rng_seed(&r, 1000 + (uint64_t)np * 31 + ci);
            uint64_t h = 0xcbf29ce484222325ull;
            for (int i = 0; i < games; i++) {
                kt_state_init_seed(g, s, (uint64_t)i + 1);
                while (!kt_is_over(g, s)) {
                    int k = kt_legal(g, s, buf, KT_LEGAL_MAX);
                    h = fnv(h, &k, sizeof k);
                    h = fnv(h, buf, sizeof *buf * (size_t)k);
                    kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)k)]);
                    actions++;
                }
                uint64_t sh = kt_state_hash(g, s);
                h = fnv(h, &sh, sizeof sh);
            }
            printf("  %dp %-60s %016llx\n", np, o, (unsigned long long)h);
            all = fnv(all, &h, sizeof h);
            kt_state_free(g, s);
            kt_game_free(g);
        }
    printf("digest %016llx over %ld actions\n", (unsigned long long)all, actions);
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double pct(const double *v, int n, double q)
{
    return n ? v[(int)(q * (n - 1))] : 0;
}

static int match(int games, int np, const char *opts, char **bots)
{
    double wins[8] = {0}, score[8] = {0};
    double cwin[MP2_NCHAR] = {0}, cn[MP2_NCHAR] = {0}, cscore[MP2_NCHAR] = {0};
    long act[MP2_NSPACES] = {0};
    double sum_score = 0, min_s = 1e9, max_s = -1e9, win_s = 0;
    double parts[8] = {0}, posts = 0, done = 0, imp = 0, held = 0;
    double cparts[MP2_NCHAR][10] = {{0}};
    /* per character: travel, market, contracts, city-card actions, black
     * dice bought, routes completed, Vidal's free contracts and exchanges,
     * Filippo's tiles used, money bag */
    double cact[MP2_NCHAR][9] = {{0}};
    long cuse[MP2_NCARDS] = {0}; /* city-card uses by card */
    /* all final scores and the winners' (for the percentiles) */
    enum { MAXSC = 200000 };
    static double all_s[MAXSC], win_sc[MAXSC];
    int nall = 0, nwin = 0;
    kt_action buf[KT_LEGAL_MAX];
    /* "randchars" in the options: random distinct characters per game by
     * option (no draft), so that character win rates are not skewed by
     * which characters the bots prefer in the draft */
    int randchars = strstr(opts, "randchars") != NULL;
    int caravans = strstr(opts, "caravans=1") != NULL;
    kt_rng cr;
    kt_rng_seed(&cr, 99);
    for (int i = 0; i < games; i++) {
        kt_game *g;
        kt_err err;
        char o[1024];
        /* the given options without "randchars" */
        o[0] = 0;
        {
            char tmp[512];
            snprintf(tmp, sizeof tmp, "%s", opts);
            char *save = NULL;
            for (char *t = strtok_r(tmp, ";", &save); t; t = strtok_r(NULL, ";", &save))
                if (strcmp(t, "randchars") != 0) {
                    size_t l = strlen(o);
                    snprintf(o + l, sizeof o - l, "%s%s", l ? ";" : "", t);
                }
        }
        if (randchars) {
            uint8_t pool[MP2_NCHAR];
            int n = caravans ? MP2_NCHAR : MP2_NBASECHAR;
            for (int k = 0; k < n; k++)
                pool[k] = (uint8_t)k;
            kt_shuffle_u8(&cr, pool, (uint32_t)n);
            size_t l = strlen(o);
            l += (size_t)snprintf(o + l, sizeof o - l, "%scharacters=", l ? ";" : "");
            for (int p = 0; p < np; p++) {
                char nm[32];
                snprintf(nm, sizeof nm, "%s", mp2_char_name(pool[p], KT_LANG_EN));
                char *sp = strchr(nm, ' ');
                if (sp)
                    *sp = 0;
                l += (size_t)snprintf(o + l, sizeof o - l, "%s%s", p ? "," : "", nm);
            }
        }
        if (kt_game_new("mp2", o, np, (uint64_t)i + 1, NULL, &g, &err) != KT_OK) {
            fprintf(stderr, "%s\n", err.msg);
            return 1;
        }
        kt_bot *b[MP2_MAXP];
        int botof[MP2_MAXP];
        for (int p = 0; p < np; p++) {
            botof[p] = (p + i) % np; /* rotate seats */
            if (kt_bot_new(g, bots[botof[p]], (uint64_t)(i * 7 + p), &b[p], &err) != KT_OK) {
                fprintf(stderr, "%s\n", err.msg);
                return 1;
            }
        }
        kt_state *s = kt_state_new(g);
        while (!kt_is_over(g, s)) {
            int p = kt_to_move(g, s);
            kt_action a;
            if (kt_bot_choose(b[p], s, &a, &err) != KT_OK) {
                fprintf(stderr, "bot error: %s\n", err.msg);
                return 1;
            }
            if (((mp2_state *)s)->nstack == 0) {
                int ch = ((mp2_state *)s)->pl[p].character, k = MP2_AKIND(a);
                if (k == A_PLACE) {
                    int sp = (int)(MP2_AARG(a) & 0xff);
                    act[sp]++;
                    if (sp >= SP_TRAVEL1 && sp <= SP_TRAVEL3)
                        cact[ch][0]++;
                    else if (sp <= SP_BOOK3B)
                        cact[ch][1]++;
                    else if (sp == SP_CONTRACTS)
                        cact[ch][2]++;
                    else if (sp >= SP_CARD) {
                        cact[ch][3]++;
                        cuse[((mp2_state *)s)->card_slot[sp - SP_CARD]]++;
                    }
                }
                cact[ch][4] += k == A_BUYBLACK;
                cact[ch][5] += k == A_CVDONE;
                cact[ch][6] += k == A_VIDAL || (k == A_COMPLETE && (MP2_AARG(a) & 2));
                cact[ch][7] += k == A_FILIPPO;
                cact[ch][8] += k == A_BAG;
            }
            kt_apply_trusted(g, s, a);
            (void)buf;
        }
        kt_result res;
        kt_result_get(g, s, &res);
        const mp2_state *ms = (const mp2_state *)s;
        {
            int sc[MP2_MAXP], det[MP2_MAXP][8];
            mp2_final_scores((const mp2_cfg *)g->cfg, ms, sc, det);
            for (int p = 0; p < np; p++) {
                int ch = ms->pl[p].character;
                for (int k = 0; k < 8; k++) {
                    parts[k] += det[p][k];
                    cparts[ch][k] += det[p][k];
                }
                cparts[ch][8] += ms->pl[p].nposts;
                cparts[ch][9] += ms->pl[p].ndone;
                posts += ms->pl[p].nposts;
                done += ms->pl[p].ndone;
                imp += __builtin_popcount((unsigned)(ms->pl[p].seals >> 4));
                held += __builtin_popcount((unsigned)(ms->pl[p].seals & 15));
            }
        }
        for (int p = 0; p < np; p++) {
            wins[botof[p]] += res.reward[p];
            score[botof[p]] += res.score[p];
            int ch = ms->pl[p].character;
            cn[ch] += 1;
            cwin[ch] += res.reward[p];
            cscore[ch] += res.score[p];
            sum_score += res.score[p];
            if (nall < MAXSC)
                all_s[nall++] = res.score[p];
            if (res.rank[p] == 0 && nwin < MAXSC)
                win_sc[nwin++] = res.score[p];
            if (res.score[p] < min_s)
                min_s = res.score[p];
            if (res.score[p] > max_s)
                max_s = res.score[p];
            if (res.rank[p] == 0)
                win_s += res.score[p] * res.reward[p];
        }
        kt_state_free(g, s);
        for (int p = 0; p < np; p++)
            kt_bot_free(b[p]);
        kt_game_free(g);
    }
    printf("mp2 %dp '%s', %d games\n", np, opts, games);
    for (int k = 0; k < np; k++)
        printf("  seat-bot %d %-20s win %.3f  avg score %.1f\n", k, bots[k], wins[k] / games,
               score[k] / games);
    printf("  scores: mean %.1f, winner mean %.1f, min %.0f, max %.0f\n", sum_score / (games * np),
           win_s / games, min_s, max_s);
    qsort(all_s, (size_t)nall, sizeof all_s[0], cmp_double);
    qsort(win_sc, (size_t)nwin, sizeof win_sc[0], cmp_double);
    printf("  score percentiles 10/25/50/75/90: all %.0f/%.0f/%.0f/%.0f/%.0f, winners "
           "%.0f/%.0f/%.0f/%.0f/%.0f\n",
           pct(all_s, nall, 0.1), pct(all_s, nall, 0.25), pct(all_s, nall, 0.5),
           pct(all_s, nall, 0.75), pct(all_s, nall, 0.9), pct(win_sc, nwin, 0.1),
           pct(win_sc, nwin, 0.25), pct(win_sc, nwin, 0.5), pct(win_sc, nwin, 0.75),
           pct(win_sc, nwin, 0.9));
    double pn = (double)games * np;
    printf("  per player: VP in play %.1f, goal %.1f, shields %.1f, goods %.1f, coins %.1f, "
           "contract majority %.1f, caravans %.1f; posts %.1f, contracts done %.1f, seals %.1f "
           "(improved %.1f)\n",
           parts[0] / pn, parts[1] / pn, parts[2] / pn, parts[3] / pn, parts[4] / pn, parts[5] / pn,
           parts[6] / pn, posts / pn, done / pn, held / pn, imp / pn);
    printf("  by character (win rate +- 95%% interval, vs fair %.3f; band %.3f-%.3f):\n", 1.0 / np,
           0.65 / np, 1.35 / np);
    for (int ch = 0; ch < MP2_NCHAR; ch++)
        if (cn[ch] > 0)
            printf("    %-20s n=%5.0f win %.3f +-%.3f avg %5.1f (play %4.1f goal %4.1f shields %4.1f "
                   "goods %3.1f maj %3.1f cv %3.1f; posts %3.1f contracts %3.1f)\n",
                   mp2_char_name(ch, KT_LANG_EN), cn[ch], cwin[ch] / cn[ch],
                   1.96 * sqrt(cwin[ch] / cn[ch] * (1 - cwin[ch] / cn[ch]) / cn[ch]),
                   cscore[ch] / cn[ch],
                   cparts[ch][0] / cn[ch], cparts[ch][1] / cn[ch], cparts[ch][2] / cn[ch],
                   cparts[ch][3] / cn[ch], cparts[ch][5] / cn[ch], cparts[ch][6] / cn[ch],
                   cparts[ch][8] / cn[ch], cparts[ch][9] / cn[ch]);
    printf("  actions per game by character (travel market contracts cards | black routes "
           "vidal filippo bag):\n");
    for (int ch = 0; ch < MP2_NCHAR; ch++)
        if (cn[ch] > 0)
            printf("    %-20s %4.1f %4.1f %4.1f %4.1f | %4.1f %4.1f %4.1f %4.1f %4.1f\n",
                   mp2_char_name(ch, KT_LANG_EN), cact[ch][0] / cn[ch], cact[ch][1] / cn[ch],
                   cact[ch][2] / cn[ch], cact[ch][3] / cn[ch], cact[ch][4] / cn[ch],
                   cact[ch][5] / cn[ch], cact[ch][6] / cn[ch], cact[ch][7] / cn[ch],
                   cact[ch][8] / cn[ch]);
    long tot = 0;
    for (int i = 0; i < MP2_NSPACES; i++)
        tot += act[i];
    printf("  normal actions (share):");
    static const char *const nm[] = {"book1", "book2", "book3a", "book3b", "khan", "seals",
                                     "contracts", "travel1", "travel2", "travel3"};
    for (int i = 0; i < MP2_NBASESP; i++)
        printf(" %s %.3f", nm[i], (double)act[i] / (double)(tot ? tot : 1));
    long sp = 0, cc = 0;
    for (int i = SP_SPECIAL; i < SP_CARD; i++)
        sp += act[i];
    for (int i = SP_CARD; i < SP_BAG; i++)
        cc += act[i];
    printf(" special %.3f cards %.3f\n", (double)sp / (double)(tot ? tot : 1),
           (double)cc / (double)(tot ? tot : 1));
    {
        kt_game *g;
        kt_err err;
        if (kt_game_new("mp2", NULL, np, 1, NULL, &g, &err) == KT_OK) {
            const mp2_cfg *cf = g->cfg;
            printf("  city-card uses per game:");
            for (int k = 0; k < MP2_NCARDS; k++)
                printf(" %s %.2f", cf->card[k].id, (double)cuse[k] / games);
            printf("\n");
            kt_game_free(g);
        }
    }
    return 0;
}

static int trace(uint64_t seed, int np, const char *opts, const char *bot)
{
    kt_game *g;
    kt_err err;
    if (kt_game_new("mp2", opts, np, seed, NULL, &g, &err) != KT_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    kt_state *s = kt_state_new(g);
    kt_bot *b;
    if (kt_bot_new(g, bot, seed, &b, &err) != KT_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    char *r = kt_render(g, s, -1, KT_LANG_EN);
    printf("%s\n", r);
    kt_free(r);
    int lastround = 0;
    while (!kt_is_over(g, s)) {
        kt_action a;
        kt_bot_choose(b, s, &a, &err);
        char txt[256];
        kt_action_text(g, s, a, -1, KT_LANG_EN, txt, sizeof txt);
        printf("P%d [%s] %s\n", kt_to_move(g, s) + 1, kt_decision(g, s), txt);
        kt_apply_trusted(g, s, a);
        if (((mp2_state *)s)->round != lastround) {
            lastround = ((mp2_state *)s)->round;
            r = kt_render(g, s, -1, KT_LANG_EN);
            printf("%s\n", r);
            kt_free(r);
        }
    }
    r = kt_render(g, s, -1, KT_LANG_EN);
    printf("%s\n", r);
    kt_free(r);
    kt_bot_free(b);
    kt_state_free(g, s);
    kt_game_free(g);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "trace") == 0)
        return trace((uint64_t)atoll(argv[2]), argc > 3 ? atoi(argv[3]) : 3, argc > 4 ? argv[4] : "",
                     argc > 5 ? argv[5] : "random");
    if (argc >= 2 && strcmp(argv[1], "digest") == 0)
        return digest(argc > 2 ? atoi(argv[2]) : 300);
    if (argc >= 2 && strcmp(argv[1], "speed") == 0)
        return speed(argc > 2 ? atoi(argv[2]) : 200, argc > 3 ? atoi(argv[3]) : 3,
                     argc > 4 ? argv[4] : "");
    if (argc >= 6 && strcmp(argv[1], "match") == 0)
        return match(atoi(argv[2]), atoi(argv[3]), argv[4], argv + 5);
    fprintf(stderr, "usage: %s speed [games] [players] [options] | match games players options "
                    "bot...\n",
            argv[0]);
    return 2;
}
