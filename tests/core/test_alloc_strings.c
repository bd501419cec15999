/*
 * test_alloc_strings.c - nothing of the library bypasses the caller's
 * allocator: a whole scenario in every game (a configuration made with
 * options and the data tables it reads, a bad option, states, the random
 * and mcts bots (with the default prior, which asks the game's heuristic
 * bot) and every bot of the game itself, legal lists,
 * observations, renders, prompts, events, saves and loads, records, errors
 * with explanations, and a session driven through the protocol with its
 * own bots, views, saves, records, refusals and a component's help, and
 * the calls without an object given the allocator: component listings,
 * explanations, study options) makes every allocation through it,
 * returned strings included.
 *
 * How the tests know that nothing bypassed the allocator (two independent
 * checks, neither a malloc hook):
 *  - the test binary is linked with --wrap=malloc,calloc,realloc
 *    (tests/alloc_count.c): every call to those from the library counts.
 *    The tagging allocator below takes its memory from __real_realloc,
 *    which the wrap does not count, so the scenario must leave the count
 *    exactly where it was: zero calls outside the allocator;
 *  - the allocator tags each of its blocks (a word before the block), and
 *    every string the library returns must sit in a tagged block (right
 *    behind the hidden string header of src/core/mem.h), and every block
 *    the allocator is asked to free or resize must carry the tag, with the
 *    size the library states.
 * On the code before strings and options went through the allocator both
 * fail: the strings were malloc'd (untagged, counted), and so were option
 * values; on the code before the games' bots and data tables did, the
 * count fails in every game (the bots' structs, fwm's deck table and
 * mp2's record arrays were malloc'd); on the code before the calls without
 * an object took an allocator (kt_game_components, kt_game_describe,
 * kt_options_for_study, and a session's "help"), the count fails in every
 * game.  Nothing is allowed for: no
 * allocation of the scenario may bypass the allocator.
 *
 * Data layout of a tagged block: [size][TAG][the caller's bytes ...].
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/core/game.h"
#include "../../src/core/mem.h"
#include "../harness.h"

void *__real_realloc(void *p, size_t n);

#define TAG 0x7461676765645f61ULL /* "tagged_a" */

typedef struct tally {
    long allocs, frees, live;
    long long bytes;  /* live bytes by the sizes the library states */
    long every;       /* fail every `every`-th allocation (0: never) */
    long failed;      /* allocations refused */
    int untagged;     /* a free or resize of a block without the tag */
    int size_lies;    /* a free or resize whose osize was not the block's size */
    int strings;      /* returned strings checked */
    int foreign;      /* returned strings not in a tagged block */
} tally;

static void *tag_fn(void *ud, void *p, size_t osize, size_t nsize)
{
    tally *t = ud;
    unsigned long long *blk = p ? (unsigned long long *)p - 2 : NULL;
    if (blk && blk[1] != TAG) {
        t->untagged++;
        return NULL; /* not ours: never hand it to the C library */
    }
    if (blk && blk[0] != osize)
        t->size_lies++;
    if (nsize == 0) {
        if (blk) {
            t->frees++;
            t->live--;
            t->bytes -= (long long)osize;
            blk[1] = 0;
            free(blk); /* free is not counted by the wrap */
        }
        return NULL;
    }
    t->allocs++;
    if (t->every && t->allocs % t->every == 0) {
        t->failed++;
        return NULL;
    }
    unsigned long long *q = __real_realloc(blk, nsize + 2 * sizeof *q);
    if (!q)
        return NULL;
    if (!blk)
        t->live++;
    t->bytes += (long long)nsize - (long long)(blk ? osize : 0);
    q[0] = nsize;
    q[1] = TAG;
    return q + 2;
}

/* A returned string: in a tagged block, right behind its header. */
static void take(tally *t, char *s)
{
    if (!s)
        return;
    t->strings++;
    const unsigned long long *w = (const unsigned long long *)(void *)(s - sizeof(kt_strhdr));
    if (w[-1] != TAG)
        t->foreign++;
    kt_free(s);
}

/* A call that may fail only for want of memory, and then says so. */
static int fine(kt_t *T, const tally *t, kt_status st, const kt_err *err, const char *what)
{
    if (st == KT_OK)
        return 1;
    if (t->every && st == KT_ENOMEM && err->msg[0])
        return 0;
    KT_FAIL("%s: %s (%s)", what, kt_strerror(st), err->msg);
    return 0;
}

static const char *const requests[] = {
    "{\"cmd\":\"new\",\"game\":\"GAME\",\"seed\":5,\"options\":\"turn_limit=60\"}",
    "{\"cmd\":\"new\",\"game\":\"GAME\",\"options\":\"no_such_option=1\"}",
    "{\"cmd\":\"new\",\"game\":\"GAME\",\"seed\":5}",
    "{\"cmd\":\"bot\",\"spec\":\"random\",\"apply\":true}",
    "{\"cmd\":\"bot\",\"spec\":\"mcts:iters=40:rollout=random\",\"apply\":true}",
    "{\"cmd\":\"bot\",\"spec\":\"heuristic\",\"apply\":true}",
    "{\"cmd\":\"bot\",\"spec\":\"mcts:iters=40:no_such=1\"}",
    "{\"cmd\":\"legal\",\"lang\":\"de\"}",
    "{\"cmd\":\"apply\",\"action\":\"fly to the moon\"}",
    "{\"cmd\":\"observe\",\"player\":1}",
    "{\"cmd\":\"render\",\"player\":0,\"color\":true}",
    "{\"cmd\":\"status\",\"lang\":\"de\"}",
    "{\"cmd\":\"log\",\"player\":0,\"since\":0}",
    "{\"cmd\":\"undo\",\"steps\":1}",
    "{\"cmd\":\"record\"}",
    "{\"cmd\":\"state\"}",
    "{\"cmd\":\"no_such_command\"}",
    "{\"cmd\":",
};
#define NREQ ((int)(sizeof requests / sizeof requests[0]))

/* A component of each game that kt_game_describe explains (a game added
 * without a row here fails objectless_part). */
static const char *const known_component[][2] = {
    {"dominion", "Smithy"}, {"catan", "Spy"}, {"mp2", "G02"}, {"anno1701", "Spy"}, {"fwm", "koeln"},
};

static const char *component_of(const char *game)
{
    for (size_t i = 0; i < sizeof known_component / sizeof known_component[0]; i++)
        if (strcmp(known_component[i][0], game) == 0)
            return known_component[i][1];
    return NULL;
}

static void session_part(kt_t *T, tally *t, const kt_allocator *a, const char *game)
{
    kt_session *S = NULL;
    kt_err err;
    if (!fine(T, t, kt_session_new(NULL, a, &S, &err), &err, "kt_session_new"))
        return;
    char req[256];
    for (int i = 0; i < NREQ; i++) {
        const char *at = strstr(requests[i], "GAME");
        if (at)
            snprintf(req, sizeof req, "%.*s%s%s", (int)(at - requests[i]), requests[i], game,
                     at + 4);
        else
            snprintf(req, sizeof req, "%s", requests[i]);
        char *r = kt_session_request(S, KT_OMNISCIENT, req, strlen(req), NULL);
        /* a refusal says why; without failures the good requests succeed */
        if (!t->every && strstr(req, "no_such") == NULL && strstr(req, "moon") == NULL &&
            req[strlen(req) - 1] == '}' && (!r || strncmp(r, "{\"ok\":true", 10)))
            KT_FAIL("%s -> %.200s", req, r ? r : "(null)");
        take(t, r);
    }
    /* a component's explanation, in the session's memory */
    const char *name = component_of(game);
    if (name) {
        snprintf(req, sizeof req, "{\"cmd\":\"help\",\"name\":\"%s\",\"lang\":\"de\"}", name);
        char *r = kt_session_request(S, KT_OMNISCIENT, req, strlen(req), NULL);
        if (!t->every && (!r || strncmp(r, "{\"ok\":true", 10)))
            KT_FAIL("%s -> %.200s", req, r ? r : "(null)");
        take(t, r);
    }
    kt_session_free(S);
}

/* The calls without an object take the allocator as an argument: the
 * component listing in both languages, a component's explanation (and a
 * refusal, which keeps nothing), the study options and the added ones. */
static void objectless_part(kt_t *T, tally *t, const kt_allocator *a, const char *game)
{
    for (int lang = KT_LANG_EN; lang <= KT_LANG_DE; lang++) {
        char *list = kt_game_components(game, lang, a);
        KT_CHECK(list != NULL || t->every);
        take(t, list);
    }
    const char *name = component_of(game);
    KT_CHECK(name != NULL);
    kt_err err;
    char *text = NULL;
    if (name &&
        fine(T, t, kt_game_describe(game, name, KT_LANG_DE, a, &text, &err), &err, "describe"))
        KT_CHECK(text && strlen(text) > 10);
    take(t, text);
    text = NULL;
    kt_status st = kt_game_describe(game, "no such component", KT_LANG_EN, a, &text, &err);
    KT_CHECK((st == KT_EUNKNOWN || (t->every && st == KT_ENOMEM)) && !text);
    char *opts = NULL, *added = NULL;
    if (fine(T, t, kt_options_for_study(game, "turn_limit=80", a, &opts, &added, &err), &err,
             "study options"))
        KT_CHECK(opts && added && strstr(opts, "turn_limit=80"));
    take(t, opts);
    take(t, added);
}

static void views(tally *t, const kt_game *g, const kt_state *s)
{
    char *out = NULL;
    kt_observe(g, s, 0, KT_LANG_DE, &out, NULL);
    take(t, out);
    kt_render_text(g, s, KT_OMNISCIENT, KT_LANG_EN | KT_COLOR, &out, NULL);
    take(t, out);
    take(t, kt_prompt_as(g, s, KT_TO_MOVE, KT_LANG_EN));
}

/* Plays `steps` actions with the bots, with every view and a record. */
static void play_part(kt_t *T, tally *t, kt_game *g, kt_state *s, kt_bot *bot, int steps)
{
    kt_record *rec = kt_record_new(g);
    kt_state *before = kt_state_new(g);
    kt_action legal[KT_LEGAL_MAX];
    kt_err err;
    for (int i = 0; i < steps && before && !kt_is_over(g, s); i++) {
        KT_CHECK(kt_legal_as(g, s, KT_TO_MOVE, legal, KT_LEGAL_MAX) > 0);
        views(t, g, s);
        kt_action act;
        if (!fine(T, t, kt_bot_choose_as(bot, s, KT_TO_MOVE, &act, &err), &err, "choose"))
            break;
        kt_state_copy(g, before, s);
        int actor = kt_to_move(g, s);
        if (!fine(T, t, kt_apply_as(g, s, KT_TO_MOVE, act, &err), &err, "apply"))
            break;
        if (rec)
            kt_record_add_as(rec, before, actor, act);
        take(t, kt_events_json(g, before, actor, act, s, 0, KT_LANG_EN, NULL));
        char *why = NULL;
        kt_reveal_text(g, before, actor, act, s, 0, KT_LANG_DE, &why, NULL);
        take(t, why);
    }
    kt_action none;
    KT_CHECK(kt_action_parse_as(g, s, KT_TO_MOVE, "fly to the moon", &none, &err) != KT_OK);
    if (rec) {
        char *json = kt_record_json(rec);
        kt_record *back = NULL;
        kt_game *bg = NULL;
        if (json && fine(T, t, kt_record_load(json, &g->alloc, &back, &bg, &err), &err, "load"))
            kt_record_free(back), kt_game_free(bg);
        take(t, json);
        kt_record_free(rec);
    }
    kt_state_free(g, before);
}

/* A rule file for Dominion's file bot, good or with a misspelt card (whose
 * error suggests names); the path, or NULL when it cannot be written. */
static const char *rule_file(char *path, size_t cap, int good)
{
    snprintf(path, cap, "/tmp/kt_alloc_rules_%d_%d.bot", (int)getpid(), good);
    FILE *f = fopen(path, "w");
    if (!f)
        return NULL;
    fputs(good ? "name money\nbuy Province\nbuy Gold\nbuy Silver if money < 12\n"
               : "buy Provnce\n",
          f);
    return fclose(f) == 0 ? path : NULL;
}

/* Unknown card names while Dominion's options and rule files are read:
 * refused with a suggestion, which is written through the allocator. */
static void dominion_names(kt_t *T, tally *t, kt_game *g, const kt_allocator *a)
{
    kt_game *bad = NULL;
    kt_err err;
    kt_status st = kt_game_new("dominion", "kingdom=Smithe", 0, 1, a, &bad, &err);
    KT_CHECK(st != KT_OK && (t->every || strstr(err.msg, "did you mean") != NULL));
    char path[128], spec[160];
    if (!rule_file(path, sizeof path, 0))
        return;
    snprintf(spec, sizeof spec, "file=%s", path);
    kt_bot *b = NULL;
    st = kt_bot_new(g, spec, 1, &b, &err);
    KT_CHECK(st != KT_OK && (t->every || strstr(err.msg, "did you mean") != NULL));
    remove(path);
}

/* Every bot of the game itself, two actions each; only a bot this
 * configuration cannot have (Dominion's smithy without Smithy in the
 * kingdom: "needs Smithy") may be refused, saying what it needs. */
static void game_bots(kt_t *T, tally *t, kt_game *g, kt_state *s)
{
    char rules[128];
    int made = 0;
    for (int i = 0; i < g->def->nbots; i++) {
        const char *name = g->def->bots[i].info.name;
        char spec[200];
        if (strcmp(name, "file") == 0) {
            if (!rule_file(rules, sizeof rules, 1))
                continue;
            snprintf(spec, sizeof spec, "file=%s", rules);
        } else {
            snprintf(spec, sizeof spec, "%s", name);
        }
        kt_bot *b = NULL;
        kt_err err;
        kt_status st = kt_bot_new(g, spec, 5 + (uint64_t)i, &b, &err);
        if (strcmp(name, "file") == 0)
            remove(rules);
        if (st == KT_EINVAL && strstr(err.msg, " needs "))
            continue;
        if (!fine(T, t, st, &err, spec))
            continue;
        made++;
        play_part(T, t, g, s, b, 2);
        kt_bot_free(b);
    }
    KT_CHECK(t->every || made >= (g->def->nbots > 1 ? g->def->nbots - 1 : 1));
}

/* The research side: a vector environment (its games' states, bots, lists,
 * scale) and an analysis of the current position (its options, moves,
 * workers, ranking, JSON) come from the game's allocator too.  One analysis
 * thread, since the tally is not thread-safe.  The caller's buffers come
 * from __real_realloc, which the wrap does not count. */
static void research_part(kt_t *T, tally *t, kt_game *g, const kt_state *s)
{
    kt_err err;
    kt_vec_config c;
    kt_vec_config_init(&c);
    c.num_envs = 3;
    c.normalize = 1;
    kt_vec *v = NULL;
    if (fine(T, t, kt_vec_new(g, &c, 5, &v, &err), &err, "kt_vec_new")) {
        size_t no = (size_t)kt_obs_size(g), na = (size_t)kt_action_space(g), n = 3;
        float *obs = __real_realloc(NULL, sizeof(float) * no * n);
        int8_t *mask = __real_realloc(NULL, na * n);
        float *rew = __real_realloc(NULL, sizeof(float) * n);
        uint8_t *flags = __real_realloc(NULL, 2 * n);
        kt_vec_buffers b = {.obs = obs, .mask = mask, .reward = rew, .terminated = flags,
                            .truncated = flags + n};
        if (KT_CHECK(obs && mask && rew && flags) && KT_OKS(kt_vec_bind(v, &b, &err), &err) &&
            fine(T, t, kt_vec_reset(v, 9, &err), &err, "kt_vec_reset")) {
            int64_t act[3];
            for (int step = 0; step < 20; step++) {
                for (size_t k = 0; k < n; k++) {
                    act[k] = 0;
                    for (size_t j = 0; j < na; j++)
                        if (mask[k * na + j]) {
                            act[k] = (int64_t)j;
                            break;
                        }
                }
                if (!fine(T, t, kt_vec_step(v, act, &err), &err, "kt_vec_step"))
                    break;
            }
        }
        free(obs);
        free(mask);
        free(rew);
        free(flags);
        kt_vec_free(v);
    }
    int player = -1;
    for (int p = 0; p < kt_game_players(g) && player < 0; p++)
        if ((kt_pending(g, s) >> p) & 1u)
            player = p;
    kt_analysis *a = NULL;
    if (player >= 0 && fine(T, t, kt_analysis_new_position(g, s, player, NULL, "budget=8;threads=1",
                                                           &a, &err), &err, "analysis")) {
        if (fine(T, t, kt_analysis_run(a, NULL, NULL, &err), &err, "kt_analysis_run")) {
            KT_CHECK(kt_analysis_ranked(a, 0) >= -1);
            take(t, kt_analysis_json(a, KT_LANG_DE));
        }
        kt_analysis_free(a);
    }
}

static void api_part(kt_t *T, tally *t, const kt_allocator *a, const char *game)
{
    kt_game *g = NULL;
    kt_err err;
    KT_CHECK(kt_game_new(game, "no_such_option=1", 0, 1, a, &g, &err) != KT_OK);
    KT_CHECK(kt_game_new(game, "turn_limit=soon", 0, 1, a, &g, &err) != KT_OK);
    if (!fine(T, t, kt_game_new(game, "turn_limit=80", 0, 7, a, &g, &err), &err, "game"))
        return;
    kt_state *s = kt_state_new(g);
    kt_bot *rnd = NULL, *mcts = NULL;
    if (s && fine(T, t, kt_bot_new(g, "random", 3, &rnd, &err), &err, "random") &&
        fine(T, t, kt_bot_new(g, "mcts:iters=30", 4, &mcts, &err), &err, "mcts")) {
        KT_CHECK(kt_bot_new(g, "mcts:no_such=1", 4, &(kt_bot *){NULL}, &err) != KT_OK);
        play_part(T, t, g, s, rnd, 25);
        play_part(T, t, g, s, mcts, 2);
        game_bots(T, t, g, s);
        if (kt_pending(g, s) != 0)
            research_part(T, t, g, s);
        if (strcmp(game, "dominion") == 0)
            dominion_names(T, t, g, a);
        char *save = kt_state_json(g, s);
        kt_game *g2 = NULL;
        kt_state *s2 = NULL;
        if (save && fine(T, t, kt_load_json(save, a, &g2, &s2, &err), &err, "kt_load_json")) {
            views(t, g2, s2);
            kt_state_free(g2, s2);
            kt_game_free(g2);
        }
        take(t, save);
    }
    kt_bot_free(rnd);
    kt_bot_free(mcts);
    kt_state_free(g, s);
    kt_game_free(g);
}

static void scenario(kt_t *T, tally *t, const char *game)
{
    kt_allocator a = {tag_fn, t};
    api_part(T, t, &a, game);
    session_part(T, t, &a, game);
    objectless_part(T, t, &a, game);
}

KT_TEST(alloc_strings_every_allocation_of_every_game_goes_through_the_allocator)
{
    for (int i = 0; i < kt_game_count(); i++) {
        const char *game = kt_game_info(i)->name;
        tally t;
        memset(&t, 0, sizeof t);
        long long before = kt_t_alloc_count();
        scenario(T, &t, game);
        long long outside = kt_t_alloc_count() - before;
        if (!KT_CHECK(outside == 0 && t.foreign == 0 && t.strings > 100))
            printf("      %s: %lld allocations outside the allocator, %d of %d strings not "
                   "from it\n",
                   game, outside, t.foreign, t.strings);
        KT_CHECK(t.allocs > 200);
        KT_EQ(t.live, 0);
        KT_EQ(t.bytes, 0);
        KT_EQ(t.untagged, 0);
        KT_EQ(t.size_lies, 0);
    }
}

KT_TEST(alloc_strings_a_failing_allocator_gets_nomem_leaks_nothing_and_bypasses_nothing)
{
    static const long every[] = {2, 3, 5, 7, 11, 17, 31, 61, 127};
    for (int i = 0; i < kt_game_count(); i++) {
        const char *game = kt_game_info(i)->name;
        for (int k = 0; k < (int)(sizeof every / sizeof every[0]); k++) {
            tally t;
            memset(&t, 0, sizeof t);
            t.every = every[k];
            long long before = kt_t_alloc_count();
            scenario(T, &t, game);
            long long outside = kt_t_alloc_count() - before;
            if (!KT_CHECK(t.failed > 0 && outside == 0 && t.live == 0 && t.bytes == 0))
                printf("      %s, every %ld: %ld refused, %lld outside, %ld blocks live\n", game,
                       t.every, t.failed, outside, t.live);
            KT_EQ(t.untagged, 0);
            KT_EQ(t.size_lies, 0);
            KT_EQ(t.foreign, 0);
        }
    }
}

KT_TEST(alloc_strings_kt_free_of_null_does_nothing_and_strings_remember_their_allocator)
{
    kt_free(NULL);
    tally t;
    memset(&t, 0, sizeof t);
    kt_allocator a = {tag_fn, &t};
    kt_game *g = NULL;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("fwm", NULL, 3, 1, &a, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    KT_REQUIRE(s != NULL);
    long live = t.live;
    char *obs = kt_observe_json(g, s, 0, KT_LANG_EN);
    KT_REQUIRE(obs != NULL);
    KT_EQ(t.live, live + 1); /* one block: the string, header included */
    /* the string outlives nothing of its own: the game can go first */
    kt_state_free(g, s);
    kt_game_free(g);
    KT_EQ(t.live, 1);
    take(&t, obs);
    KT_EQ(t.live, 0);
    KT_EQ(t.foreign, 0);
    /* calls without an object use the allocator they are given; with NULL,
     * malloc, and kt_free releases those too */
    char *c = kt_game_components("fwm", KT_LANG_EN, NULL);
    KT_CHECK(c != NULL && kt_str_is_ours(c));
    kt_free(c);
    c = kt_game_components("fwm", KT_LANG_EN, &a);
    KT_REQUIRE(c != NULL);
    KT_EQ(t.live, 1);
    take(&t, c);
    KT_EQ(t.live, 0);
    KT_EQ(t.foreign, 0);
    KT_EQ(t.untagged, 0);
}

/* A session whose allocator fails answers "nomem" from the reply it keeps
 * in reserve, never from malloc; with the reserve given out and the
 * allocator still failing the reply is NULL (as kontor.h says), and once
 * the allocator works again the next request makes the reserve anew.  On
 * the code before, the reply came from malloc (1 allocation outside) and
 * the second request was not NULL. */
KT_TEST(alloc_strings_a_session_answers_nomem_from_its_reserve_not_from_malloc)
{
    tally t;
    memset(&t, 0, sizeof t);
    kt_allocator a = {tag_fn, &t};
    kt_session *S = NULL;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_session_new(NULL, &a, &S, &err), &err));
    static const char req[] = "{\"cmd\":\"version\"}";
    long long before = kt_t_alloc_count();
    t.every = 1; /* every allocation fails from here */
    char *r = kt_session_request(S, KT_OMNISCIENT, req, strlen(req), NULL);
    KT_CHECK(r && strstr(r, "\"error\":\"nomem\""));
    take(&t, r);
    r = kt_session_request(S, KT_OMNISCIENT, req, strlen(req), NULL);
    KT_CHECK(r == NULL); /* the reserve is out and cannot be made again */
    take(&t, r);
    t.every = 0; /* the allocator recovers */
    r = kt_session_request(S, KT_OMNISCIENT, req, strlen(req), NULL);
    KT_CHECK(r && strstr(r, "\"ok\":true"));
    take(&t, r);
    t.every = 1;
    r = kt_session_request(S, KT_OMNISCIENT, req, strlen(req), NULL);
    KT_CHECK(r && strstr(r, "\"error\":\"nomem\"")); /* from the new reserve */
    take(&t, r);
    KT_EQ(kt_t_alloc_count() - before, 0);
    t.every = 0;
    kt_session_free(S);
    KT_EQ(t.live, 0);
    KT_EQ(t.foreign, 0);
    KT_EQ(t.untagged, 0);
}
