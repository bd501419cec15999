/*
 * test_an_learn.c - Anno 1701's fixed action space and observation vector
 * (src/games/anno1701/learn.c; the layout is documented in docs/python.md,
 * "Anno 1701", and the offsets used here are the documented ones).
 *
 * Random games under several rule configurations: at every position each
 * legal action has an index in range that no other legal action shares and
 * that maps back to the same action (through the game's hooks and through
 * kontor.h); every engine action kind occurs; the observation has its fixed
 * length and finite values, and is identical for the state and for
 * determinizations of it for its observer (the spectator: for either
 * player).  Scenarios check the documented indices, the Spy's reveal in
 * the vector, and that neither hook allocates.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/game.h"
#include "../../src/games/anno1701/learn.h"
#include "an_helpers.h"

#define SPACE 749
#define OBS 865
#define TRADE 832 /* the trade block */
#define PBLOCK(k) (320 + (k) * 256) /* player block k (0 = the observer) */
#define P_HAND 42
#define PF_SEEN 128
#define PF_SHOWN 192

/* Rule configurations whose legal lists differ (payments, trader, hunt,
 * voyages, offers, costs). */
static const char *const cfgs[] = {
    NULL,
    "gold_pay=auto;last_gold=refuse;trade_offers=3",
    "trader=buy;pirate_hunt=opponent;voyage_min=1",
    "settler_cost=example;tax=mark;trade_offers=0;lion=2",
    "voyage_min=4;trade_offers=20;bishop_church=0;last_gold=refuse",
};
#define NCFG ((int)(sizeof cfgs / sizeof cfgs[0]))

typedef struct lt_run {
    long positions, legal, obs, changed, differs;
    long kinds[AN_NACT];
} lt_run;

static uint64_t lt_next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Every legal action of s: an index in range, not shared, mapped back. */
static int check_actions(kt_t *T, const kt_game *g, const kt_state *s, const kt_action *legal,
                         int n, uint8_t *seen, lt_run *run, const char *where)
{
    int ok = 1;
    for (int i = 0; i < n && ok; i++) {
        int idx = an_action_index(g, s, legal[i]);
        kt_action back = 0;
        kt_err err;
        char text[128];
        kt_action_text(g, s, legal[i], KT_OMNISCIENT, KT_LANG_EN, text, sizeof text);
        if (idx < 0 || idx >= SPACE || kt_action_index(g, s, legal[i]) != idx) {
            KT_FAIL("%s: '%s' has index %d (kontor.h: %d)", where, text, idx,
                    kt_action_index(g, s, legal[i]));
            ok = 0;
        } else if (seen[idx]) {
            KT_FAIL("%s: '%s' shares index %d", where, text, idx);
            ok = 0;
        } else if (an_index_action(g, s, idx) != legal[i] ||
                   kt_index_action(g, s, idx, &back, &err) != KT_OK || back != legal[i]) {
            KT_FAIL("%s: index %d of '%s' maps back to %08x", where, idx, text,
                    an_index_action(g, s, idx));
            ok = 0;
        } else {
            seen[idx] = 1;
            run->kinds[AN_AK(legal[i])]++;
        }
    }
    for (int i = 0; i < n; i++) {
        int idx = an_action_index(g, s, legal[i]);
        if (idx >= 0 && idx < SPACE)
            seen[idx] = 0;
    }
    run->legal += n;
    return KT_CHECK(ok);
}

static int finite_all(const float *o)
{
    for (int i = 0; i < OBS; i++)
        if (!isfinite(o[i]))
            return 0;
    return 1;
}

static float block_sum(const float *o, int at, int n)
{
    float t = 0;
    for (int i = 0; i < n; i++)
        t += o[at + i];
    return t;
}

/* The hand fields say what the view rules allow: the own hand in full, of
 * the opponent's only the cards a Spy showed, nothing for a spectator. */
static int check_hands(kt_t *T, const an_state *s, int viewer, const float *o, const char *where)
{
    for (int k = 0; k < AN_NP; k++) {
        int q = viewer >= 0 ? (viewer + k) % AN_NP : k;
        const an_player *pl = &s->pl[q];
        int known = 0;
        for (int i = 0; i < pl->nh; i++)
            known += (pl->known >> i) & 1;
        float want = viewer == q ? (float)pl->nh : viewer >= 0 ? (float)known : 0.0f;
        float shown = viewer == q ? (float)known : 0.0f;
        if (o[PBLOCK(k) + P_HAND] != (float)pl->nh ||
            block_sum(o, PBLOCK(k) + PF_SEEN, 64) != want ||
            block_sum(o, PBLOCK(k) + PF_SHOWN, 64) != shown) {
            KT_FAIL("%s: viewer %d, hand of %d: size %g seen %g shown %g (want %d, %g, %g)",
                    where, viewer, q, (double)o[PBLOCK(k) + P_HAND],
                    (double)block_sum(o, PBLOCK(k) + PF_SEEN, 64),
                    (double)block_sum(o, PBLOCK(k) + PF_SHOWN, 64), pl->nh, (double)want,
                    (double)shown);
            return 0;
        }
    }
    return 1;
}

/* For every viewer: finite, the documented hand fields, and identical on
 * two determinizations for that viewer (spectator: for each player). */
static int check_obs(kt_t *T, const kt_game *g, const kt_state *s, kt_state *tmp, float *o1,
                     float *o2, uint64_t *rnd, lt_run *run, const char *where)
{
    for (int v = KT_SPECTATOR; v < AN_NP; v++) {
        an_obs_vector(g, s, v, o1);
        if (!finite_all(o1) || !check_hands(T, (const an_state *)s, v, o1, where)) {
            KT_FAIL("%s: observation of %d is not finite or shows the wrong hand", where, v);
            return 0;
        }
        for (int k = 0; k < 2; k++) {
            int as = v >= 0 ? v : k;
            kt_determinize(g, s, as, lt_next(rnd), tmp);
            run->changed += !kt_state_equal(g, s, tmp);
            an_obs_vector(g, tmp, v, o2);
            if (memcmp(o1, o2, sizeof *o1 * OBS) != 0) {
                int at = 0;
                while (o1[at] == o2[at])
                    at++;
                KT_FAIL("%s: observation of %d differs at %d (%g vs %g) after determinizing "
                        "for %d", where, v, at, (double)o1[at], (double)o2[at], as);
                return 0;
            }
        }
    }
    an_obs_vector(g, s, KT_SPECTATOR, o2);
    run->differs += memcmp(o1, o2, sizeof *o1 * OBS) != 0;
    run->obs++;
    return 1;
}

static void play_config(kt_t *T, const char *opts, int games, lt_run *run)
{
    kt_game *g = NULL;
    kt_err err;
    if (!KT_OKS(kt_game_new("anno1701", opts, 2, 7, NULL, &g, &err), &err))
        return;
    KT_EQ(kt_action_space(g), SPACE);
    KT_EQ(kt_obs_size(g), OBS);
    kt_state *s = kt_state_new(g), *tmp = kt_state_new(g);
    kt_action *legal = malloc(sizeof *legal * KT_LEGAL_MAX);
    uint8_t *seen = calloc(SPACE, 1);
    float *o1 = malloc(sizeof *o1 * OBS), *o2 = malloc(sizeof *o2 * OBS);
    KT_REQUIRE(s && tmp && legal && seen && o1 && o2);
    /* every other game mostly follows the heuristic bot: longer games with
     * more buildings, voyages and Spies than random play reaches */
    kt_bot *bot = NULL;
    KT_REQUIRE(KT_OKS(kt_bot_new(g, "heuristic", 11, &bot, &err), &err));
    uint64_t rnd = 0x2545f4914f6cdd1dULL;
    char where[160];
    for (int gi = 0; gi < games && !T->failures; gi++) {
        kt_state_init_seed(g, s, 500 + (uint64_t)gi);
        for (long k = 0; k < 4000 && !kt_is_over(g, s) && !T->failures; k++) {
            snprintf(where, sizeof where, "[%s] game %d action %ld", opts ? opts : "", gi, k);
            int n = kt_legal(g, s, legal, KT_LEGAL_MAX);
            KT_REQUIRE(n > 0);
            check_actions(T, g, s, legal, n, seen, run, where);
            if (k % 3 == 0)
                check_obs(T, g, s, tmp, o1, o2, &rnd, run, where);
            run->positions++;
            kt_action a = legal[lt_next(&rnd) % (uint64_t)n];
            if (gi % 2 && lt_next(&rnd) % 5 && kt_bot_choose(bot, s, &a, &err) != KT_OK)
                KT_FAIL("%s: the bot failed: %s", where, err.msg);
            kt_apply_trusted(g, s, a);
        }
        check_obs(T, g, s, tmp, o1, o2, &rnd, run, "end of game");
    }
    kt_bot_free(bot);
    free(o1);
    free(o2);
    free(seen);
    free(legal);
    kt_state_free(g, tmp);
    kt_state_free(g, s);
    kt_game_free(g);
}

KT_TEST(anno_learn_every_legal_action_round_trips_and_observations_hide_what_is_hidden)
{
    lt_run run = {0};
    /* never fewer than 20 games per configuration: the check that every
     * kind of action occurred needs them (the sanitizer stages run at a
     * quarter scale, where action kind 21 did not occur) */
    int games = kt_t_scaled(20) < 20 ? 20 : kt_t_scaled(20);
    for (int i = 0; i < NCFG && !T->failures; i++)
        play_config(T, cfgs[i], games, &run);
    KT_REQUIRE(!T->failures);
    printf("  %ld positions, %ld legal actions, %ld observation checks\n", run.positions,
           run.legal, run.obs);
    for (int k = 0; k < AN_NACT; k++)
        printf("%s%d:%ld", k ? " " : "  kinds ", k, run.kinds[k]);
    printf("\n");
    KT_CHECK(run.positions > 2000);
    KT_CHECK(run.obs > 500);
    KT_CHECK(run.changed > 0);
    KT_CHECK(run.differs > 0);
    /* the round trip was exercised on every kind of action */
    for (int k = 0; k < AN_NACT; k++)
        if (!run.kinds[k])
            KT_FAIL("action kind %d never occurred in random play", k);
}

/* Off the legal lists too: every index decodes to an action that encodes
 * back to it, except the exchange and lodge indices of card slots the data
 * does not use (their pile depends on the card's era). */
KT_TEST(anno_learn_every_index_decodes_and_encodes_back)
{
    kt_scn c = an_scn(T, NULL, NULL, NULL, NULL);
    KT_REQUIRE(c.g);
    int ndef = AC(&c)->ndef, unused = 0, retired = 0;
    for (int i = 0; i < SPACE; i++) {
        kt_action a = an_index_action(c.g, c.s, i);
        if (an_action_index(c.g, c.s, a) == i)
            continue;
        int exch = (i >= 343 && i < 343 + 128) || (i >= 471 && i < 471 + 128);
        int slot = i < 471 ? (i - 343) / 2 : (i - 471) / 2;
        if (exch && slot >= ndef && a == 0)
            unused++;
        else if (i >= 54 && i <= 77 && a == 0)
            retired++;
        else
            KT_FAIL("index %d decodes to %08x which encodes to %d", i, a,
                    an_action_index(c.g, c.s, a));
    }
    KT_EQ(unused, 2 * 2 * (64 - ndef));
    KT_EQ(retired, 24);
    KT_EQ(an_index_action(c.g, c.s, -1), 0);
    KT_EQ(an_index_action(c.g, c.s, SPACE), 0);
    KT_EQ(an_action_index(c.g, c.s, AN_ACT(AN_NACT, 0, 0, 0)), -1);
    KT_EQ(an_action_index(c.g, c.s, AN_ACT(A_END, 0, 0, 1)), -1);
    KT_EQ(an_action_index(c.g, c.s, AN_ACT(A_BANK, 6, 0, 0)), -1);
    KT_EQ(an_action_index(c.g, c.s, AN_ACT(A_OFFER, 1, 0, 0)), -1);
    KT_EQ(an_action_index(c.g, c.s, AN_ACT(A_GIVE, 6, 0, 0)), -1);
    KT_EQ(an_action_index(c.g, c.s, AN_ACT(A_PLACE, 8, 0, 0)), -1);
    KT_EQ(an_action_index(c.g, c.s, AN_ACT(A_EXCH, 0, 2, 0)), -1); /* era I card, era II pile */
    KT_EQ(an_action_index(c.g, c.s, AN_ACT(A_EXCH, ndef, 0, 0)), -1);
    kt_scn_free(&c);
}

static void expect_index(kt_t *T, kt_scn *c, const char *text, int index)
{
    kt_action a;
    kt_err err;
    if (!KT_OKS(kt_action_parse(c->g, c->s, text, &a, &err), &err))
        return;
    if (!KT_EQ(kt_action_index(c->g, c->s, a), index))
        KT_FAIL("'%s'", text);
}

/* The examples docs/python.md gives, and the card slots of the data file. */
KT_TEST(anno_learn_documented_indices)
{
    kt_scn c = an_scn(T, NULL,
                      "{\"hand\":[\"L01\",\"A03\",\"M06\"],\"ship\":2,"
                      "\"land\":[3,3,3,3,3,3,3,3]}",
                      NULL, NULL);
    KT_REQUIRE(c.g);
    const an_cfg *cf = AC(&c);
    KT_STREQ(cf->def[0].id, "L01");
    KT_STREQ(cf->def[12].id, "A01");
    KT_STREQ(cf->def[14].id, "A03");
    expect_index(T, &c, "end turn", 0);
    expect_index(T, &c, "build Lumberjack's Hut", 150);
    expect_index(T, &c, "sail", 278);
    expect_index(T, &c, "sail with Captain", 293);
    expect_index(T, &c, "bank: 3 wood for 1 gold", 23);
    int ex = -1;
    kt_action legal[KT_LEGAL_MAX];
    int n = kt_legal(c.g, c.s, legal, KT_LEGAL_MAX);
    for (int i = 0; i < n; i++)
        if (AN_AK(legal[i]) == A_EXCH && AN_AX(legal[i]) == an_t_def(&c, "School") &&
            AN_AY(legal[i]) == 3)
            ex = kt_action_index(c.g, c.s, legal[i]);
    /* the School is era II: piles 2 and 3; the second one is position 1 */
    KT_EQ(ex, 343 + an_t_def(&c, "School") * 2 + 1);
    for (int k = 0; k < AN_NKINDS; k++)
        for (int t = 0; t < AN_NKINDS; t++) {
            kt_action a = AN_ACT(A_BANK, k, t, 0);
            if (kt_is_legal(c.g, c.s, a))
                KT_EQ(kt_action_index(c.g, c.s, a), 18 + k * 6 + t);
        }
    kt_scn_free(&c);
}

/* The trade's indices (727..748, appended) and the trade block of the
 * observation: the offer as it is composed and answered, the declined
 * offer, the landscapes that may take goods, the good to place. */
KT_TEST(anno_learn_trade_indices_and_the_trade_block)
{
    kt_scn c = an_scn(T, "trade_offers=3", "{\"gold\":[0,3]}", NULL, NULL);
    KT_REQUIRE(c.g);
    float o0[OBS], o1[OBS];
    expect_index(T, &c, "offer a trade", 727);
    an_obs_vector(c.g, c.s, 0, o0);
    KT_EQ(o0[62], 3);                 /* offers left */
    KT_EQ(o0[TRADE + 15], 0);         /* bounded */
    KT_EQ(o0[PBLOCK(0) + 47 + 0], 0); /* H: left centre in chaos */
    KT_EQ(o0[PBLOCK(0) + 47 + 4], 1); /* L: right centre, room */
    KT_DO(&c, "offer a trade");
    expect_index(T, &c, "give 1 wood", 728);
    expect_index(T, &c, "ask for 1 gold", 739);
    KT_DO(&c, "give 1 wood");
    KT_DO(&c, "give 1 wood");
    KT_DO(&c, "ask for 1 gold");
    expect_index(T, &c, "make the offer", 740);
    an_obs_vector(c.g, c.s, 1, o1);
    KT_EQ(o1[TRADE + 0], 1);          /* composing */
    KT_EQ(o1[TRADE + 1 + GD_WOOD], 2);
    KT_EQ(o1[TRADE + 7 + AN_GOLD], 1);
    KT_EQ(o1[TRADE + 13 + 1], 1);     /* the maker is the opponent of observer 1 */
    KT_DO(&c, "make the offer");
    an_obs_vector(c.g, c.s, 1, o1);
    KT_EQ(o1[63], 1);
    KT_EQ(o1[TRADE + 0], 0);
    KT_DO(&c, "decline");
    an_obs_vector(c.g, c.s, 0, o0);
    KT_EQ(o0[TRADE + 21 + GD_WOOD], 2); /* the declined offer stays for the phase */
    KT_EQ(o0[TRADE + 27 + AN_GOLD], 1);
    KT_EQ(o0[62], 2);
    kt_scn_free(&c);
    /* the placement: 741 + landscape */
    c = an_scn(T, NULL, "{\"hand\":[\"A02\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Inventor");
    KT_DO(&c, "take food");
    expect_index(T, &c, "put food on J (die 3, left)", 741 + 2);
    expect_index(T, &c, "put food on N (die 6, right)", 741 + 6);
    an_obs_vector(c.g, c.s, 0, o0);
    KT_EQ(o0[TRADE + 16 + GD_FOOD], 1);
    KT_EQ(o0[TRADE + 15], 1);         /* trade_offers=any */
    kt_scn_free(&c);
}

/* A Spy shows the opponent's hand to the observer's vector and to nobody
 * else's; the victim's vector marks what the spy knows. */
KT_TEST(anno_learn_spy_reveals_cards_in_the_vector)
{
    kt_scn c =
        an_scn(T, NULL, "{\"hand\":[\"A04\"]}", "{\"hand\":[\"L03\",\"M06\",\"H08\"]}", NULL);
    KT_REQUIRE(c.g);
    float o0[OBS], o1[OBS], os[OBS];
    int farm = an_t_def(&c, "Farm"), school = an_t_def(&c, "School");
    an_obs_vector(c.g, c.s, 0, o0);
    KT_EQ(o0[PBLOCK(1) + P_HAND], 3);
    KT_EQ(block_sum(o0, PBLOCK(1) + PF_SEEN, 64), 0);
    KT_EQ(o0[PBLOCK(1) + P_HAND + 1 + 0], 1); /* eras of the backs: I, II, III */
    KT_EQ(o0[PBLOCK(1) + P_HAND + 1 + 1], 1);
    KT_DO(&c, "play Spy");
    an_obs_vector(c.g, c.s, 0, o0);
    an_obs_vector(c.g, c.s, 1, o1);
    an_obs_vector(c.g, c.s, KT_SPECTATOR, os);
    KT_EQ(o0[PBLOCK(1) + PF_SEEN + farm], 1);
    KT_EQ(o0[PBLOCK(1) + PF_SEEN + school], 1);
    KT_EQ(o1[PBLOCK(0) + PF_SHOWN + school], 1);
    KT_EQ(block_sum(os, PBLOCK(1) + PF_SEEN, 64), 0);
    KT_DO(&c, "take School");
    an_obs_vector(c.g, c.s, 0, o0);
    an_obs_vector(c.g, c.s, 1, o1);
    KT_EQ(o0[PBLOCK(0) + PF_SEEN + school], 1);
    KT_EQ(o0[PBLOCK(0) + PF_SHOWN + school], 1); /* the victim knows it */
    KT_EQ(o0[PBLOCK(1) + PF_SEEN + farm], 1);
    KT_EQ(o1[PBLOCK(1) + PF_SEEN + school], 1);
    kt_scn_free(&c);
}

typedef struct lt_count {
    long calls;
} lt_count;

static void *lt_alloc(void *ud, void *p, size_t osize, size_t nsize)
{
    KT_UNUSED(osize);
    ((lt_count *)ud)->calls++;
    if (nsize == 0) {
        free(p);
        return NULL;
    }
    return realloc(p, nsize);
}

/* The encoders (and the index calls of kontor.h) never allocate. */
KT_TEST(anno_learn_encoders_do_not_allocate)
{
    lt_count cnt = {0};
    kt_allocator al = {lt_alloc, &cnt};
    kt_game *g = NULL;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("anno1701", NULL, 2, 3, &al, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    kt_action legal[KT_LEGAL_MAX];
    float o[OBS];
    KT_REQUIRE(s);
    kt_state_init_seed(g, s, 9);
    long before = cnt.calls, steps = 0, sum = 0;
    uint64_t rnd = 77;
    for (int k = 0; k < 3000 && !kt_is_over(g, s); k++, steps++) {
        int n = kt_legal(g, s, legal, KT_LEGAL_MAX);
        for (int i = 0; i < n; i++) {
            int idx = kt_action_index(g, s, legal[i]);
            kt_action back;
            sum += kt_index_action(g, s, idx, &back, NULL) == KT_OK;
        }
        for (int v = KT_SPECTATOR; v < AN_NP; v++)
            an_obs_vector(g, s, v, o);
        kt_apply_trusted(g, s, legal[lt_next(&rnd) % (uint64_t)n]);
    }
    KT_CHECK(steps > 20 && sum >= steps);
    KT_EQ(cnt.calls, before);
    kt_state_free(g, s);
    kt_game_free(g);
}
