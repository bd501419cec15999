/*
 * gen_corpus.c - writes the fuzzers' seed corpora from real games, so they
 * always match the current formats: gen_corpus DIR makes
 *   DIR/load/     full states of every game at several points of random games
 *   DIR/record/   records of random games (and of games cut short)
 *   DIR/protocol/ request sequences touching every command, for every game
 *   DIR/options/  "GAME\nOPTIONS" with the canonical options of random setups
 *   DIR/data/     every embedded data file, after its selector byte (fuzz_data.c)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../src/core/embed.h"
#include "kontor/kontor.h"

static void put(const char *dir, const char *sub, const char *name, const char *text)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, sub);
    if (mkdir(path, 0755) != 0 && errno != EEXIST) {
        perror(path);
        exit(1);
    }
    snprintf(path, sizeof path, "%s/%s/%s", dir, sub, name);
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
        perror(path);
        exit(1);
    }
}

static uint64_t next(uint64_t *x)
{
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    return *x;
}

static void one_game(const char *dir, const char *name, int players, int k)
{
    kt_game *g;
    kt_err err;
    if (kt_game_new(name, NULL, players, (uint64_t)k + 1, NULL, &g, &err) != KT_OK)
        return;
    kt_state *s = kt_state_new(g);
    kt_record *r = kt_record_new(g);
    kt_action *acts = malloc(sizeof *acts * (size_t)kt_game_max_legal(g));
    uint64_t x = 0x1234567u + (uint64_t)k;
    char file[256];
    long n = 0, stops[4] = {0, 25, 200, 100000};
    int stop = 0;
    while (1) {
        if (stop < 4 && (n >= stops[stop] || kt_is_over(g, s))) {
            char *js = kt_state_json(g, s);
            snprintf(file, sizeof file, "%s-%dp-%d-%ld.json", name, players, k, n);
            put(dir, "load", file, js);
            kt_free(js);
            stop++;
        }
        if (kt_is_over(g, s) || n > 20000)
            break;
        int m = kt_legal(g, s, acts, kt_game_max_legal(g));
        kt_action a = acts[next(&x) % (uint64_t)m];
        kt_record_add(r, s, a);
        kt_apply_trusted(g, s, a);
        n++;
        if (n == 40) {
            char *js = kt_record_json(r);
            snprintf(file, sizeof file, "%s-%dp-%d-short.json", name, players, k);
            put(dir, "record", file, js);
            kt_free(js);
        }
    }
    char *js = kt_record_json(r);
    snprintf(file, sizeof file, "%s-%dp-%d-full.json", name, players, k);
    put(dir, "record", file, js);
    kt_free(js);
    char opt[4096];
    snprintf(opt, sizeof opt, "%s\n%s", name, kt_game_options(g));
    snprintf(file, sizeof file, "%s-%dp-%d.txt", name, players, k);
    put(dir, "options", file, opt);
    free(acts);
    kt_record_free(r);
    kt_state_free(g, s);
    kt_game_free(g);
}

static void protocol_seq(const char *dir, const char *name, int players)
{
    char text[4096], file[256];
    snprintf(text, sizeof text,
             "{\"cmd\":\"new\",\"game\":\"%s\",\"players\":%d,\"seed\":5}\n"
             "{\"cmd\":\"legal\",\"lang\":\"de\"}\n"
             "{\"cmd\":\"bot\",\"spec\":\"random\",\"apply\":true}\n"
             "{\"cmd\":\"bot\",\"spec\":\"heuristic\",\"apply\":true}\n"
             "@1{\"cmd\":\"legal\"}\n"
             "@s{\"cmd\":\"render\"}\n"
             "{\"cmd\":\"observe\",\"player\":1}\n"
             "{\"cmd\":\"log\",\"player\":-1,\"since\":0}\n"
             "{\"cmd\":\"record\"}\n"
             "@0{\"cmd\":\"record\"}\n"
             "{\"cmd\":\"undo\",\"steps\":1}\n"
             "{\"cmd\":\"status\",\"ref\":[1,\"x\"]}\n"
             "{\"cmd\":\"help\",\"name\":\"x\"}\n"
             "{\"cmd\":\"state\"}\n",
             name, players);
    snprintf(file, sizeof file, "%s.txt", name);
    put(dir, "protocol", file, text);
}

/* Each embedded data file as fuzz_data.c reads it: 'A' + its index, then its text. */
static void data_seeds(const char *dir)
{
    const kt_embedded *e = kt_embedded_files();
    for (int i = 0; e[i].path && i < 190; i++) {
        char *text = malloc(e[i].len + 2), name[64];
        if (!text)
            exit(1);
        text[0] = (char)('A' + i);
        memcpy(text + 1, e[i].data, e[i].len + 1);
        snprintf(name, sizeof name, "file-%d.txt", i);
        put(dir, "data", name, text);
        free(text);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gen_corpus DIR\n");
        return 2;
    }
    if (mkdir(argv[1], 0755) != 0 && errno != EEXIST) {
        perror(argv[1]);
        return 1;
    }
    for (int i = 0; i < kt_game_count(); i++) {
        const kt_gameinfo *gi = kt_game_info(i);
        for (int p = gi->min_players; p <= gi->max_players; p++)
            one_game(argv[1], gi->name, p, p);
        protocol_seq(argv[1], gi->name, gi->default_players);
    }
    data_seeds(argv[1]);
    put(argv[1], "protocol", "games.txt", "{\"cmd\":\"games\"}\n{\"cmd\":\"version\"}\n");
    return 0;
}
