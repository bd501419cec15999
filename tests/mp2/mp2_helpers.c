/*
 * mp2_helpers.c - scenario and data-directory helpers for the mp2 tests
 * (see mp2_helpers.h).  No tests here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/core/embed.h"
#include "../../src/core/game.h"
#include "mp2_helpers.h"

kt_scn mp2_scn(kt_t *T, const char *opts, int np, const char *patch)
{
    kt_scn c = {NULL, NULL};
    kt_err err = {0, ""};
    kt_game *g;
    if (!KT_OKS(kt_game_new("mp2", opts, np, 1, NULL, &g, &err), &err))
        return c;
    kt_state *s = kt_state_new(g);
    kt_action buf[KT_LEGAL_MAX];
    for (int i = 0; i < 100 && strcmp(kt_decision(g, s), "turn") != 0; i++) {
        kt_legal(g, s, buf, KT_LEGAL_MAX);
        kt_apply_trusted(g, s, buf[0]);
    }
    if (!patch) {
        c.g = g;
        c.s = s;
        return c;
    }
    char *base = kt_state_json(g, s);
    char *merged = kt_json_merge_patch(base, patch, &err);
    kt_free(base);
    kt_state *s2 = kt_state_new(g);
    if (!merged) {
        KT_FAIL("scenario patch is not valid JSON: %s", err.msg);
        kt_state_free(g, s2);
        s2 = NULL;
    } else if (!KT_OKS(kt_state_load_json(g, merged, s2, &err), &err)) {
        kt_state_free(g, s2);
        s2 = NULL;
    }
    free(merged);
    kt_state_free(g, s);
    if (!s2) {
        kt_game_free(g);
        return c;
    }
    c.g = g;
    c.s = s2;
    return c;
}

int mp2_t_loc(const kt_scn *c, const char *name)
{
    for (int i = 0; i < MC(c)->nloc; i++)
        if (strcmp(MC(c)->loc[i].name, name) == 0)
            return i;
    return -1;
}

int mp2_t_contract(const kt_scn *c, const char *id)
{
    for (int i = 0; i < MP2_NCONTRACTS; i++)
        if (strcmp(MC(c)->contract[i].id, id) == 0)
            return i;
    return -1;
}

int mp2_t_card(const kt_scn *c, const char *id)
{
    for (int i = 0; i < MP2_NCARDS; i++)
        if (strcmp(MC(c)->card[i].id, id) == 0)
            return i;
    return -1;
}

int mp2_t_score(const kt_scn *c, int p)
{
    int score[MP2_MAXP];
    mp2_final_scores(MC(c), MS(c), score, NULL);
    return score[p];
}

static const char *const files[] = {"map.txt", "board.txt", "cards.txt", "contracts.txt",
                                    "tiles.txt"};

char *mp2_t_datadir(void)
{
    char tmpl[] = "/tmp/kt_mp2_data_XXXXXX";
    char *d = mkdtemp(tmpl);
    if (!d)
        return NULL;
    char *dir = malloc(strlen(d) + 1);
    strcpy(dir, d);
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[512], name[64];
        snprintf(name, sizeof name, "mp2/%s", files[i]);
        const kt_embedded *e = kt_embedded_find(name);
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        FILE *f = fopen(path, "wb");
        if (!e || !f) {
            if (f)
                fclose(f);
            mp2_t_rmdir(dir);
            return NULL;
        }
        fwrite(e->data, 1, e->len, f);
        fclose(f);
    }
    return dir;
}

void mp2_t_rmdir(char *dir)
{
    if (!dir)
        return;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
    free(dir);
}

int mp2_t_edit(const char *dir, const char *file, const char *from, const char *to)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t cap = 1 << 16;
    char *buf = malloc(cap);
    size_t n = buf ? fread(buf, 1, cap - 1, f) : 0;
    fclose(f);
    if (!buf)
        return 0;
    buf[n] = '\0';
    char *at = strstr(buf, from);
    FILE *o = at ? fopen(path, "wb") : NULL;
    if (o) {
        fwrite(buf, 1, (size_t)(at - buf), o);
        fputs(to, o);
        fputs(at + strlen(from), o);
        fclose(o);
    }
    free(buf);
    return o != NULL;
}

int mp2_t_pile_take(kt_t *T, const char *opts, int np, int k, char *pile, size_t pn, char *ids,
                    size_t in)
{
    kt_scn b = mp2_scn(T, opts, np, NULL);
    if (!b.g)
        return 0;
    const mp2_state *s = MS(&b);
    size_t n = (size_t)snprintf(pile, pn, "\"pile_unknown\":%d,\"pile\":[", s->pile_len - k);
    for (int i = 0; i < s->pile_len - k; i++)
        n += (size_t)snprintf(pile + n, pn - n, "%s\"%s\"", i ? "," : "", MC(&b)->contract[s->pile[i]].id);
    snprintf(pile + n, pn - n, "]");
    size_t m = 0;
    ids[0] = '\0';
    for (int i = 0; i < k; i++)
        m += (size_t)snprintf(ids + m, in - m, "%s\"%s\"", i ? "," : "",
                              MC(&b)->contract[s->pile[s->pile_len - 1 - i]].id);
    kt_scn_free(&b);
    return 1;
}
