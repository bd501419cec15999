/*
 * test_learn.c - fixed action spaces and numeric observations (kontor.h,
 * "learning") on every registered game that has them.
 *
 * Along random games, at every position: each legal action has an index in
 * range, no two share one, and kt_index_action maps it back; at some
 * positions every index of the space is tried, and exactly the legal ones
 * are accepted (the mask equals the legal list).  Observation vectors have
 * the game's length and finite values, and do not depend on what their
 * player cannot see: the game's encoder gives identical vectors for the
 * state and for a determinization of it for that player (hidden cards,
 * decks, goals resampled), and the spectator's vector is identical for
 * determinizations for any player.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/game.h"
#include "../harness.h"

typedef struct lrn_cfg {
    const char *game, *options;
    int players; /* 0: every player count of the game */
} lrn_cfg;

/* Further configurations beyond each game's defaults (used when the game is
 * compiled in): the variants whose actions the defaults never offer. */
static const lrn_cfg extra_cfgs[] = {
    {"catan", "variant=base", 0},
    {"mp2", "caravans=1", 0},
    {"mp2", "caravans=1;characters=Donata Badoer,Vidal Badoer,Piedro Tartarino", 3},
    {"mp2", "characters=Mailin & Tian Chin,Isabella Donati,Filippo Vitello,De Wu", 4},
    {"dominion", "sets=plunder;landscapes=4", 0},
    {"anno1701", "gold_pay=auto;last_gold=refuse;trade_offers=3;trader=buy;pirate_hunt=opponent", 0},
    {"fwm", "mode=full", 3},
};

typedef struct lrn_stats {
    long positions, full_masks, obs_checks, hidden_changed, private_differs;
} lrn_stats;

static uint64_t lrn_next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Legal actions of s: indices in range, distinct, mapped back. */
static void check_indices(kt_t *T, const kt_game *g, const kt_state *s, const kt_action *legal,
                          int n, int space, uint8_t *seen, const char *where)
{
    int bad = 0;
    for (int i = 0; i < n && bad < 3; i++) {
        int idx = kt_action_index(g, s, legal[i]);
        kt_action back = 0;
        kt_err err;
        char text[128];
        if (idx < 0 || idx >= space) {
            kt_action_text(g, s, legal[i], KT_OMNISCIENT, KT_LANG_EN, text, sizeof text);
            KT_FAIL("%s: legal action '%s' (%08x) has index %d outside 0..%d", where, text,
                    legal[i], idx, space - 1);
            bad++;
            continue;
        }
        if (seen[idx]) {
            kt_action_text(g, s, legal[i], KT_OMNISCIENT, KT_LANG_EN, text, sizeof text);
            KT_FAIL("%s: index %d of '%s' is shared with another legal action", where, idx, text);
            bad++;
        }
        seen[idx] = 1;
        if (kt_index_action(g, s, idx, &back, &err) != KT_OK || back != legal[i]) {
            kt_action_text(g, s, legal[i], KT_OMNISCIENT, KT_LANG_EN, text, sizeof text);
            KT_FAIL("%s: index %d of '%s' maps back to %08x (%s)", where, idx, text, back,
                    err.msg);
            bad++;
        }
    }
    KT_CHECK(bad == 0);
}

/* Every index of the space: accepted exactly when it is in seen[]. */
static void check_full_mask(kt_t *T, const kt_game *g, const kt_state *s, int space,
                            const uint8_t *seen, const char *where)
{
    int wrong = 0;
    for (int idx = 0; idx < space; idx++) {
        kt_action a;
        kt_status st = kt_index_action(g, s, idx, &a, NULL);
        if ((st == KT_OK) != (seen[idx] != 0) && wrong++ < 3)
            KT_FAIL("%s: index %d is %s but %s in the legal list", where, idx,
                    st == KT_OK ? "accepted" : "refused", seen[idx] ? "is" : "is not");
        if (st != KT_OK && st != KT_EILLEGAL && wrong++ < 3)
            KT_FAIL("%s: index %d gives status %d", where, idx, (int)st);
    }
    KT_CHECK(wrong == 0);
}

static int vec_equal(const float *a, const float *b, int n, int *first)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i]) {
            *first = i;
            return 0;
        }
    return 1;
}

/* Observations: length, finite values, independence of hidden information. */
static void check_obs(kt_t *T, const kt_game *g, const kt_state *s, kt_state *tmp, int size,
                      float *o1, float *o2, uint64_t *rnd, lrn_stats *st, const char *where)
{
    int np = kt_game_players(g);
    for (int p = KT_SPECTATOR; p < np; p++) {
        int got = kt_obs_vector(g, s, p, o1, size);
        if (got != size) {
            KT_FAIL("%s: kt_obs_vector for %d returned %d, want %d", where, p, got, size);
            return;
        }
        for (int i = 0; i < size; i++)
            if (!isfinite(o1[i])) {
                KT_FAIL("%s: observation of %d has a non-finite value at %d", where, p, i);
                return;
            }
        /* the encoder itself on the true state and on resampled worlds */
        memset(o1, 0, sizeof *o1 * (size_t)size);
        g->def->obs_vector(g, s, p, o1);
        for (int k = 0; k < 2; k++) {
            int as = p >= 0 ? p : (int)(lrn_next(rnd) % (uint64_t)np);
            kt_determinize(g, s, as, lrn_next(rnd), tmp);
            st->hidden_changed += !kt_state_equal(g, s, tmp);
            memset(o2, 0, sizeof *o2 * (size_t)size);
            g->def->obs_vector(g, tmp, p, o2);
            int at = -1;
            if (!vec_equal(o1, o2, size, &at)) {
                KT_FAIL("%s: observation of %d changes with what it cannot see (field %d: "
                        "%g vs %g; determinized for %d)", where, p, at, (double)o1[at],
                        (double)o2[at], as);
                return;
            }
        }
    }
    /* a player's view holds something the spectator's lacks, now and then */
    if (np > 0) {
        g->def->obs_vector(g, s, 0, o1);
        g->def->obs_vector(g, s, KT_SPECTATOR, o2);
        int at;
        st->private_differs += !vec_equal(o1, o2, size, &at);
    }
    st->obs_checks++;
}

static void learn_games(kt_t *T, const char *game, const char *options, int players, int games,
                        long max_actions, lrn_stats *st)
{
    kt_err err;
    kt_game *g = NULL;
    if (!KT_OKS(kt_game_new(game, options, players, 1000 + (uint64_t)players, NULL, &g, &err),
                &err))
        return;
    int space = kt_action_space(g), size = kt_obs_size(g);
    KT_REQUIRE(space > 0 && size > 0);
    kt_state *s = kt_state_new(g), *tmp = kt_state_new(g);
    kt_action *legal = malloc(sizeof *legal * KT_LEGAL_MAX);
    uint8_t *seen = calloc((size_t)space, 1);
    float *o1 = malloc(sizeof *o1 * (size_t)size), *o2 = malloc(sizeof *o2 * (size_t)size);
    KT_REQUIRE(s && tmp && legal && seen && o1 && o2);
    uint64_t rnd = 0x9e3779b97f4a7c15ULL + (unsigned)players;
    char where[160];
    /* more games while the positions are too few for the checks below:
     * random play may end early by the rules (Anno 1701: the last gold is
     * spent within ~40 actions) */
    for (int gi = 0; gi < games || (st->positions < 150 && gi < 200); gi++) {
        kt_state_init_seed(g, s, 77 + (uint64_t)gi * 1009 + (uint64_t)players);
        for (long k = 0; k < max_actions && !kt_is_over(g, s); k++) {
            snprintf(where, sizeof where, "%s [%s] %dp game %d action %ld", game,
                     options ? options : "", players, gi, k);
            int n = kt_legal(g, s, legal, KT_LEGAL_MAX);
            KT_REQUIRE(n > 0);
            check_indices(T, g, s, legal, n, space, seen, where);
            st->positions++;
            if (lrn_next(&rnd) % 97 == 0 && st->full_masks < 40) {
                check_full_mask(T, g, s, space, seen, where);
                st->full_masks++;
            }
            if (lrn_next(&rnd) % 11 == 0)
                check_obs(T, g, s, tmp, size, o1, o2, &rnd, st, where);
            for (int i = 0; i < n; i++) {
                int idx = kt_action_index(g, s, legal[i]);
                if (idx >= 0 && idx < space)
                    seen[idx] = 0;
            }
            if (T->failures)
                goto out;
            kt_apply_trusted(g, s, legal[lrn_next(&rnd) % (uint64_t)n]);
        }
        if (kt_is_over(g, s))
            check_obs(T, g, s, tmp, size, o1, o2, &rnd, st, "end of game");
    }
out:
    free(o1);
    free(o2);
    free(seen);
    free(legal);
    kt_state_free(g, tmp);
    kt_state_free(g, s);
    kt_game_free(g);
}

static void learn_config(kt_t *T, const char *game, const char *options, int players,
                         lrn_stats *st)
{
    const kt_gameinfo *gi = kt_game_find(game);
    for (int np = gi->min_players; np <= gi->max_players && !T->failures; np++)
        if (!players || np == players)
            learn_games(T, game, options, np, kt_t_scaled(6), 3000, st);
}

KT_TEST(core_learn_action_space_and_observations_on_every_game)
{
    int tested = 0;
    for (int i = 0; i < kt_game_count() && !T->failures; i++) {
        const char *name = kt_game_info(i)->name;
        kt_game *g = NULL;
        if (kt_game_new(name, NULL, kt_game_info(i)->default_players, 1, NULL, &g, NULL) !=
            KT_OK)
            continue;
        int has = kt_action_space(g) > 0;
        kt_game_free(g);
        if (!has)
            continue;
        lrn_stats st = {0};
        learn_config(T, name, NULL, 0, &st);
        for (size_t k = 0; k < sizeof extra_cfgs / sizeof extra_cfgs[0]; k++)
            if (!strcmp(extra_cfgs[k].game, name))
                learn_config(T, name, extra_cfgs[k].options, extra_cfgs[k].players, &st);
        if (T->failures)
            break;
        /* the checks ran and could have failed */
        KT_CHECK(st.positions > 100);
        KT_CHECK(st.full_masks > 0);
        KT_CHECK(st.obs_checks > 10);
        if (!KT_CHECK(st.hidden_changed > 0))
            KT_FAIL("%s: no determinization changed anything", name);
        if (!KT_CHECK(st.private_differs > 0))
            KT_FAIL("%s: a player's observation never differs from the spectator's", name);
        printf("  %s: %ld positions, %ld full masks, %ld observation checks\n", name,
               st.positions, st.full_masks, st.obs_checks);
        tested++;
    }
    KT_CHECK(tested > 0);
}

/* The games that have encoders today keep them (a game that drops its hooks
 * fails here rather than silently leaving the test above). */
KT_TEST(core_learn_games_with_encoders)
{
    static const char *const with[] = {"dominion", "catan", "mp2", "anno1701", "fwm"};
    for (size_t i = 0; i < sizeof with / sizeof with[0]; i++) {
        if (!kt_game_find(with[i]))
            continue;
        kt_game *g = NULL;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new(with[i], NULL, kt_game_find(with[i])->default_players, 1, NULL, &g, &err), &err));
        KT_CHECK(kt_action_space(g) > 0);
        KT_CHECK(kt_obs_size(g) > 0);
        kt_game_free(g);
    }
    KT_CHECK(1);
}

/* Bad arguments: out-of-range indices, short buffers, bad players, a game
 * that is over. */
KT_TEST(core_learn_bad_arguments)
{
    kt_game *g = NULL;
    kt_err err;
    const char *name = kt_game_find("dominion") ? "dominion" : kt_game_info(0)->name;
    KT_REQUIRE(KT_OKS(kt_game_new(name, NULL, 2, 5, NULL, &g, &err), &err));
    int space = kt_action_space(g), size = kt_obs_size(g);
    if (space == 0) {
        KT_CHECK(kt_obs_size(g) == 0 || size > 0);
        kt_game_free(g);
        return;
    }
    kt_state *s = kt_state_new(g);
    kt_action a = 12345;
    KT_EQ(kt_index_action(g, s, -1, &a, &err), KT_EINVAL);
    KT_EQ(kt_index_action(g, s, space, &a, &err), KT_EINVAL);
    KT_EQ(a, 12345);
    KT_EQ(kt_action_index(g, s, 0xffffffffu), -1);
    float *o = calloc((size_t)size + 1, sizeof *o);
    KT_EQ(kt_obs_vector(g, s, 0, o, size - 1), -1);
    KT_EQ(kt_obs_vector(g, s, 2, o, size), -1);
    KT_EQ(kt_obs_vector(g, s, -3, o, size), -1);
    KT_EQ(kt_obs_vector(g, s, KT_SPECTATOR, o, size), size);
    free(o);
    kt_state_free(g, s);
    kt_game_free(g);
}
