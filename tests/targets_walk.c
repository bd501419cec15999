/*
 * targets_walk.c - the random-play walk of targets_walk.h: one game after
 * another, every pending player's legal actions checked after each action.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "targets_walk.h"

int kt_t_json_has_int(const kt_jv *arr, const char *sub, int id)
{
    if (!arr || (arr->type != KT_JARR && arr->type != KT_JOBJ))
        return 0;
    for (const kt_jv *e = arr->child; e; e = e->next) {
        const kt_jv *v = sub ? kt_jv_get(e, sub) : e;
        if (v && v->type == KT_JNUM && v->isint && !v->neg && (int)v->u == id)
            return 1;
    }
    return 0;
}

static void note_verb(char *verbs, size_t cap, const char *verb)
{
    if (!verbs)
        return;
    char key[40];
    snprintf(key, sizeof key, ",%s,", verb);
    if (strstr(verbs, key))
        return;
    if (!verbs[0] && cap > 1)
        strcpy(verbs, ",");
    if (strlen(verbs) + strlen(verb) + 2 < cap) {
        strcat(verbs, verb);
        strcat(verbs, ",");
    }
}

/* Checks every legal action of pending player p; returns how many. */
static int check_player(kt_t *T, const kt_game *g, const kt_state *s, kt_state *det, int p,
                        uint64_t seed, kt_t_has_id has_id, char *verbs, size_t cap)
{
    kt_action acts[KT_LEGAL_MAX];
    int n = kt_legal_as(g, s, p, acts, KT_LEGAL_MAX);
    char *json = kt_observe_json(g, s, p, KT_LANG_EN);
    kt_jdoc doc = {0};
    kt_err err;
    if (!KT_CHECK(json && kt_json_parse(json, strlen(json), &doc, &err) == KT_OK)) {
        kt_free(json);
        return 0;
    }
    const kt_jv *obs = kt_jv_get(doc.root, "observation");
    if (!obs)
        obs = doc.root;
    kt_determinize(g, s, p, seed, det);
    int bad = 0;
    for (int i = 0; i < n && bad < 3; i++) {
        kt_action_info in, dn;
        kt_action_info_get(g, s, p, acts[i], &in);
        kt_action_info_get(g, det, p, acts[i], &dn);
        char txt[160];
        kt_action_text(g, s, acts[i], p, KT_LANG_EN, txt, sizeof txt);
        if (!in.verb[0]) {
            KT_FAIL("%s: action \"%s\" (decision %s) has no verb", kt_game_name(g), txt,
                    kt_decision(g, s));
            bad++;
        }
        note_verb(verbs, cap, in.verb);
        for (int k = 0; k < in.ntargets; k++)
            if (!has_id(obs, p, in.targets[k].kind, in.targets[k].id)) {
                KT_FAIL("%s: action \"%s\": target %s %d is not in player %d's observation",
                        kt_game_name(g), txt, in.targets[k].kind, in.targets[k].id, p);
                bad++;
            }
        if (memcmp(&in, &dn, sizeof in) != 0) {
            KT_FAIL("%s: action \"%s\": info differs on a determinized copy", kt_game_name(g), txt);
            bad++;
        }
    }
    if (!bad)
        KT_CHECK(1);
    kt_json_free(&doc);
    kt_free(json);
    return n;
}

long kt_t_targets_walk(kt_t *T, const char *name, const char *options, int np, uint64_t seed,
                       int games, int steps, kt_t_has_id has_id, char *verbs, size_t cap)
{
    long checked = 0;
    for (int gi = 0; gi < games; gi++) {
        kt_game *g = NULL;
        kt_err err;
        if (!KT_OKS(kt_game_new(name, options, np, seed + (uint64_t)gi, NULL, &g, &err), &err))
            return checked;
        kt_state *s = kt_state_new(g), *det = kt_state_new(g);
        if (!KT_CHECK(s && det))
            return checked;
        uint64_t r = seed * 2654435761u + (uint64_t)gi;
        for (int step = 0; step < steps && !kt_is_over(g, s); step++) {
            uint32_t pend = kt_pending(g, s);
            for (int p = 0; p < np; p++)
                if (pend >> p & 1)
                    checked += check_player(T, g, s, det, p, r + (uint64_t)step, has_id, verbs,
                                            cap);
            kt_action acts[KT_LEGAL_MAX];
            int p = kt_to_move(g, s);
            int n = kt_legal_as(g, s, p, acts, KT_LEGAL_MAX);
            if (!KT_CHECK(n > 0))
                break;
            r = r * 6364136223846793005u + 1442695040888963407u;
            kt_action a = acts[(r >> 33) % (uint64_t)n];
            if (p == kt_to_move(g, s)) {
                if (!KT_OKS(kt_apply(g, s, a, &err), &err))
                    break;
            } else {
                break;
            }
        }
        kt_state_free(g, det);
        kt_state_free(g, s);
        kt_game_free(g);
    }
    return checked;
}
