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

kt_scn dom_t_scene(kt_t *T, const char *opts, int np, int tp, const char *phase, int coins,
                   const char *members)
{
    char o[1024];
    static char patch[16384]; /* each test runs in its own process */
    snprintf(o, sizeof o, "landscapes=0;%s", opts);
    char turn[64] = "";
    if (!members || !strstr(members, "\"turn\":")) /* the members may set the turn */
        snprintf(turn, sizeof turn, ",\"turn\":{\"coins\":%d}", coins);
    snprintf(patch, sizeof patch,
             "{\"header\":{\"decision\":\"%s\",\"to_move\":%d,\"turn_player\":%d},"
             "\"state\":{\"phase\":\"%s\",\"supply\":null%s%s%s}}",
             phase, tp, tp, phase, turn, members && members[0] ? "," : "",
             members ? members : "");
    return kt_scn_new(T, "dominion", o, np, 7, patch);
}

static const char *const loot15[] = {"Amphora",  "Doubloons",  "Endless Chalice", "Figurehead",
                                     "Hammer",   "Insignia",   "Jewels",          "Orb",
                                     "Prize Goat", "Puzzle Box", "Sextant",        "Shield",
                                     "Spell Scroll", "Staff",  "Sword"};

static int take_name(char *list, const char *name)
{
    /* remove one occurrence of ",name," from a ",a,b,c," list */
    char key[64];
    snprintf(key, sizeof key, ",%s,", name);
    char *p = strstr(list, key);
    if (!p)
        return 0;
    memmove(p, p + strlen(key) - 1, strlen(p + strlen(key) - 1) + 1);
    return 1;
}

void dom_t_loot(char *buf, size_t cap, const char *tops, const char *gone)
{
    char rest[1024] = ",";
    for (int i = 0; i < 15; i++)
        for (int k = 0; k < 2; k++) {
            strncat(rest, loot15[i], sizeof rest - strlen(rest) - 1);
            strncat(rest, ",", sizeof rest - strlen(rest) - 1);
        }
    char tmp[512];
    snprintf(tmp, sizeof tmp, "%s", gone ? gone : "");
    for (char *t = strtok(tmp, ","); t; t = strtok(NULL, ","))
        take_name(rest, t);
    snprintf(buf, cap, "\"loot\":[");
    snprintf(tmp, sizeof tmp, "%s", tops ? tops : "");
    int first = 1;
    for (char *t = strtok(tmp, ","); t; t = strtok(NULL, ",")) {
        take_name(rest, t);
        size_t l = strlen(buf);
        snprintf(buf + l, cap - l, "%s\"%s\"", first ? "" : ",", t);
        first = 0;
    }
    char *save = NULL;
    for (char *t = strtok_r(rest, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        size_t l = strlen(buf);
        snprintf(buf + l, cap - l, "%s\"%s\"", first ? "" : ",", t);
        first = 0;
    }
    size_t l = strlen(buf);
    snprintf(buf + l, cap - l, "]");
}

int dom_t_count(kt_scn *c, const char *path, const char *card)
{
    char *v = dom_t_get(c, path);
    if (!v)
        return -1;
    char key[96];
    snprintf(key, sizeof key, "\"%s\"", card);
    int n = 0;
    for (const char *p = v; (p = strstr(p, key)) != NULL; p += strlen(key))
        n++;
    free(v);
    return n;
}

int dom_t_try(kt_scn *c, const char *text)
{
    kt_action a;
    kt_err err;
    if (!c->g || kt_action_parse(c->g, c->s, text, &a, &err) != KT_OK)
        return 0;
    return kt_apply(c->g, c->s, a, &err) == KT_OK;
}

int dom_t_owned(kt_scn *c, int p, const char *card)
{
    static const char *const zones[] = {"hand", "deck", "discard"};
    int n = 0;
    for (int z = 0; z < 3; z++) {
        char path[64];
        snprintf(path, sizeof path, "state.players.%d.%s", p, zones[z]);
        int k = dom_t_count(c, path, card);
        n += k > 0 ? k : 0;
    }
    return n;
}
