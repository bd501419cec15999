/*
 * helpers.c - shared helpers of the Dominion tests (see helpers.h).
 */
#include <stdio.h>
#include <string.h>

#include "helpers.h"

char *dom_t_get(kt_scn *c, const char *path)
{
    if (!c->g)
        return NULL;
    char *js = kt_state_json(c->g, c->s);
    char *v = kt_json_at(js, path);
    kt_free(js);
    return v;
}

long dom_t_int(kt_scn *c, const char *path)
{
    char *v = dom_t_get(c, path);
    long x = -99999;
    if (v && ((v[0] >= '0' && v[0] <= '9') || v[0] == '-'))
        x = strtol(v, NULL, 10);
    free(v);
    return x;
}

int dom_t_len(kt_scn *c, const char *path)
{
    char *v = dom_t_get(c, path);
    if (!v || v[0] != '[') {
        free(v);
        return -1;
    }
    int n = 0, depth = 0, instr = 0;
    for (const char *p = v; *p; p++) {
        if (instr) {
            if (*p == '\\' && p[1])
                p++;
            else if (*p == '"')
                instr = 0;
            continue;
        }
        if (*p == '"')
            instr = 1;
        else if (*p == '[' || *p == '{')
            depth++;
        else if (*p == ']' || *p == '}')
            depth--;
        else if (*p == ',' && depth == 1)
            n++;
    }
    if (strcmp(v, "[]") != 0)
        n++;
    free(v);
    return n;
}

int dom_t_do_all(kt_t *T, kt_scn *c, const char *actions, const char *file, int line)
{
    char buf[256];
    const char *p = actions;
    while (*p) {
        size_t n = strcspn(p, "|");
        if (n >= sizeof buf)
            n = sizeof buf - 1;
        memcpy(buf, p, n);
        buf[n] = '\0';
        if (!kt_t_do(T, c, buf, file, line))
            return 0;
        p += n;
        if (*p == '|')
            p++;
    }
    return 1;
}

static kt_scn phase_scn(kt_t *T, const char *kingdom, int np, const char *players,
                        const char *phase, int coins)
{
    char opts[512], patch[8192];
    snprintf(opts, sizeof opts, "kingdom=%s", kingdom);
    snprintf(patch, sizeof patch,
             "{\"header\":{\"decision\":\"%s\"},\"state\":{\"phase\":\"%s\",\"supply\":null,"
             "\"turn\":{\"coins\":%d},\"players\":{%s}}}",
             phase, phase, coins, players);
    return kt_scn_new(T, "dominion", opts, np, 7, patch);
}

kt_scn dom_t_action(kt_t *T, const char *kingdom, int np, const char *players)
{
    return phase_scn(T, kingdom, np, players, "action", 0);
}

kt_scn dom_t_buy(kt_t *T, const char *kingdom, int np, const char *players, int coins)
{
    return phase_scn(T, kingdom, np, players, "buy", coins);
}
