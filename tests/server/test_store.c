/*
 * test_store.c - the server's storage (store.h) on both databases: SQLite
 * and PostgreSQL (a throw-away cluster, scripts/pg-cluster.sh).  The same
 * checks run on each: games with their facts, the lease fence on moves,
 * accounts and sessions, login buckets, ratings and results, chat and
 * mutes, leases and servers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../harness.h"
#include "tsrv.h"

typedef struct seen {
    int games;
    srv_game_row last;
} seen;

static int on_game(void *ctx, const srv_game_row *g)
{
    seen *s = ctx;
    s->games++;
    s->last = *g;
    s->last.options = NULL;
    return 1;
}

static int count_rating(void *ctx, const srv_rating_row *r)
{
    int *n = ctx;
    (*n) += r->games;
    return 1;
}

static int chat_seen(void *ctx, const srv_chat_row *m)
{
    char *out = ctx;
    strcat(out, m->text);
    strcat(out, "|");
    return 1;
}

static int mute_seen(void *ctx, int seat, int target)
{
    int *n = ctx;
    *n += seat * 10 + target + 100;
    return 1;
}

static int id_seen(void *ctx, const char *id)
{
    char *out = ctx;
    strcat(out, id);
    strcat(out, ",");
    return 1;
}

static void store_suite(kt_t *T, srv_store *st)
{
    srv_game_row g;
    memset(&g, 0, sizeof g);
    snprintf(g.id, sizeof g.id, "g1");
    snprintf(g.game, sizeof g.game, "dominion");
    g.players = 2;
    g.seed = UINT64_C(18000000000000000000);
    g.options = "kingdom=a,b";
    g.timing = (srv_timing){.mode = SRV_TURNBASED, .per_move = 1, .base_ms = 86400000,
                            .on_timeout = SRV_TIMEOUT_LOSE};
    g.seats[0].account = 7;
    snprintf(g.seats[0].token, sizeof g.seats[0].token, "tok0");
    g.seats[1].bot = 1;
    snprintf(g.seats[1].spec, sizeof g.seats[1].spec, "hard");
    KT_CHECK(srv_store_create(st, &g));
    KT_CHECK(!srv_store_create(st, &g));
    /* a move with its facts; the lease fence on a shared database */
    srv_game_row after = g;
    after.nacts = 1;
    after.pending = 2;
    after.clock.left[0] = 5000;
    after.clock.since[1] = 1234567890123LL;
    long long prev = 0;
    char holder[64];
    KT_EQ(srv_store_lease_take(st, "g1", "A", 1000, 5000, &prev, holder, sizeof holder), 1);
    KT_EQ(srv_store_lease_take(st, "g1", "B", 2000, 5000, &prev, holder, sizeof holder), 0);
    KT_STREQ(holder, "A");
    KT_CHECK(srv_store_append_facts(st, "g1", 0, 0, "buy Silver", 1, &after, "A"));
    KT_CHECK(!srv_store_append_facts(st, "g1", 0, 0, "again", 1, &after, "A")); /* index taken */
    if (srv_store_shared(st)) /* B does not hold the lease: its move is not stored */
        KT_CHECK(!srv_store_append_facts(st, "g1", 1, 1, "end turn", 1, &after, "B"));
    KT_EQ(srv_store_lease_take(st, "g1", "B", 7000, 5000, &prev, holder, sizeof holder), 1);
    KT_EQ(prev, 1000); /* A's last renewal: expires 6000 - ttl 5000 */
    if (srv_store_shared(st))
        KT_CHECK(!srv_store_append_facts(st, "g1", 1, 1, "end turn", 1, &after, "A"));
    KT_CHECK(srv_store_append_facts(st, "g1", 1, 1, "end turn", 2, NULL, "B"));
    char ids[256] = "";
    KT_CHECK(srv_store_lease_renew(st, "B", 8000, 5000, id_seen, ids));
    KT_STREQ(ids, "g1,");
    ids[0] = '\0';
    KT_CHECK(srv_store_lease_orphans(st, 14000, 10, id_seen, ids));
    KT_STREQ(ids, "g1,");
    KT_CHECK(srv_store_lease_drop(st, "g1", "B"));
    KT_CHECK(srv_store_server_beat(st, "A", "/s/a/", 5));
    char url[64];
    KT_EQ(srv_store_server_url(st, "A", url, sizeof url), 1);
    KT_STREQ(url, "/s/a/");
    seen s;
    memset(&s, 0, sizeof s);
    srv_store_visitor v = {.on_game = on_game, .ctx = &s};
    KT_EQ(srv_store_game(st, "g1", &v), 1);
    KT_CHECK(s.last.seed == UINT64_C(18000000000000000000));
    KT_EQ(s.last.timing.mode, SRV_TURNBASED);
    KT_EQ(s.last.timing.base_ms, 86400000);
    KT_EQ(s.last.timing.on_timeout, SRV_TIMEOUT_LOSE);
    KT_EQ(s.last.pending, 2);
    KT_EQ(s.last.clock.left[0], 5000);
    KT_EQ(s.last.clock.since[1], 1234567890123LL);
    KT_EQ(s.last.seats[0].account, 7);
    KT_EQ(s.last.last_move, 2);
    long long since = s.last.updated;
    KT_CHECK(since > 0);
    memset(&s, 0, sizeof s);
    KT_CHECK(srv_store_changed(st, since, &v));
    KT_EQ(s.games, 0);
    KT_CHECK(srv_store_set_over(st, "g1", SRV_FINISHED));
    KT_CHECK(srv_store_changed(st, since - 1, &v));
    KT_EQ(s.games, 1);
    char id[SRV_ID_LEN];
    int seat = -1;
    KT_EQ(srv_store_find_token(st, "tok0", id, &seat), 1);
    KT_STREQ(id, "g1");
    KT_EQ(seat, 0);
    KT_EQ(srv_store_find_token(st, "nope", id, &seat), 0);

    /* accounts and sessions */
    srv_account a;
    memset(&a, 0, sizeof a);
    snprintf(a.name, sizeof a.name, "Jürgen");
    snprintf(a.key, sizeof a.key, "jürgen");
    snprintf(a.pwhash, sizeof a.pwhash, "$argon2id$fake");
    a.created = 42;
    KT_EQ(srv_store_account_add(st, &a), 1);
    KT_CHECK(a.id > 0);
    srv_account b = a;
    KT_EQ(srv_store_account_add(st, &b), 2); /* taken */
    srv_account c;
    KT_EQ(srv_store_account_by_key(st, "jürgen", &c), 1);
    KT_STREQ(c.name, "Jürgen");
    KT_EQ(c.id, a.id);
    KT_EQ(srv_store_account_by_key(st, "nobody", &c), 0);
    KT_EQ(srv_store_account_by_id(st, a.id, &c), 1);
    KT_CHECK(srv_store_session_add(st, "h1", a.id, 1000));
    KT_CHECK(srv_store_session_add(st, "h2", a.id, 1000));
    long long acc = 0, exp = 0;
    KT_EQ(srv_store_session_get(st, "h1", 500, &acc, &exp), 1);
    KT_EQ(acc, a.id);
    KT_EQ(srv_store_session_get(st, "h1", 1000, &acc, &exp), 0); /* expired */
    KT_CHECK(srv_store_session_extend(st, "h1", 3000));
    KT_EQ(srv_store_session_get(st, "h1", 1000, &acc, &exp), 1);
    KT_CHECK(srv_store_session_del_account(st, a.id));
    KT_EQ(srv_store_session_get(st, "h1", 1000, &acc, &exp), 0);
    long long wait = 0;
    KT_EQ(srv_store_login_take(st, "jürgen", 1000, 0.5, 2, &wait), 1);
    KT_EQ(srv_store_login_take(st, "jürgen", 1000, 0.5, 2, &wait), 1);
    KT_EQ(srv_store_login_take(st, "jürgen", 1000, 0.5, 2, &wait), 0);
    KT_EQ(wait, 3);
    KT_EQ(srv_store_login_take(st, "jürgen", 3100, 0.5, 2, &wait), 1); /* refilled */
    KT_CHECK(srv_store_login_reset(st, "jürgen"));
    KT_EQ(srv_store_login_take(st, "jürgen", 3100, 0.5, 2, &wait), 1);

    /* ratings and results */
    srv_result_row res = {.seat = 0, .account = a.id, .rank = 0, .rated = 1, .before = 1500,
                          .after = 1516};
    snprintf(res.game_id, sizeof res.game_id, "g1");
    srv_rating_row rat = {.account = a.id, .rating = 1516, .games = 1, .wins = 1};
    snprintf(rat.game, sizeof rat.game, "dominion");
    KT_CHECK(srv_store_game_results(st, &res, 1, &rat, 1));
    KT_CHECK(srv_store_game_results(st, &res, 1, &rat, 1)); /* a result is written once */
    srv_rating_row got;
    KT_EQ(srv_store_rating_get(st, a.id, "dominion", &got), 1);
    KT_CHECK(got.rating > 1515.9 && got.rating < 1516.1);
    KT_STREQ(got.name, "Jürgen");
    KT_EQ(srv_store_rating_get(st, a.id, "catan", &got), 0);
    int games = 0;
    KT_CHECK(srv_store_ratings_top(st, "dominion", 10, count_rating, &games));
    KT_CHECK(srv_store_ratings_of(st, a.id, count_rating, &games));
    KT_EQ(games, 2);

    /* chat and mutes */
    for (int i = 0; i < 5; i++) {
        srv_chat_row m = {.n = i, .channel = i & 1, .seat = i % 2 ? -1 : 0, .at = i};
        snprintf(m.text, sizeof m.text, "<b>%d</b>", i);
        KT_CHECK(srv_store_chat_add(st, "g1", &m));
    }
    char text[256] = "";
    KT_CHECK(srv_store_chat_load(st, "g1", 3, chat_seen, text));
    KT_STREQ(text, "<b>2</b>|<b>3</b>|<b>4</b>|");
    KT_CHECK(srv_store_mute(st, "g1", 0, 1, 1));
    KT_CHECK(srv_store_mute(st, "g1", 0, 1, 1));
    KT_CHECK(srv_store_mute(st, "g1", 1, -1, 1));
    int mutes = 0;
    KT_CHECK(srv_store_mutes(st, "g1", mute_seen, &mutes));
    KT_EQ(mutes, (0 * 10 + 1 + 100) + (1 * 10 - 1 + 100));
    KT_CHECK(srv_store_mute(st, "g1", 0, 1, 0));
    KT_CHECK(srv_store_delete(st, "g1"));
    memset(&s, 0, sizeof s);
    KT_EQ(srv_store_game(st, "g1", &v), 0);
}

KT_TEST(server_store_sqlite_keeps_accounts_ratings_chat_and_leases)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "/tmp/kontor-test-%d-store2.db", (int)getpid());
    unlink(path);
    srv_store *st = srv_store_open(path, 0, err, sizeof err);
    KT_REQUIRE(st);
    KT_CHECK(!srv_store_shared(st));
    store_suite(T, st);
    srv_store_close(st);
    unlink(path);
}

KT_TEST(server_store_postgresql_keeps_accounts_ratings_chat_and_leases)
{
    char conninfo[256], err[512];
    KT_REQUIRE(tpg_start(conninfo, sizeof conninfo));
    srv_store *st = srv_store_open(conninfo, 1, err, sizeof err);
    if (!st)
        printf("    %s\n", err);
    KT_REQUIRE(st);
    KT_CHECK(srv_store_shared(st));
    store_suite(T, st);
    srv_store_close(st);
    /* a second server opening the same database finds the schema there */
    st = srv_store_open(conninfo, 1, err, sizeof err);
    KT_CHECK(st != NULL);
    srv_store_close(st);
    KT_CHECK(srv_store_open("postgresql:///nodb?host=/nonexistent", 1, err, sizeof err) == NULL);
    KT_CHECK(strstr(err, "cannot connect to PostgreSQL") != NULL);
}

/* A database written by the server before accounts (issue 31's schema)
 * gets the new columns, with the actions counted. */
KT_TEST(server_store_migrates_a_database_of_the_previous_server)
{
    char path[128], err[256], cmd[2048];
    snprintf(path, sizeof path, "/tmp/kontor-test-%d-old.db", (int)getpid());
    unlink(path);
    snprintf(cmd, sizeof cmd,
             "sqlite3 %s \"CREATE TABLE games(id TEXT PRIMARY KEY, game TEXT NOT NULL, players "
             "INTEGER NOT NULL, seed TEXT NOT NULL, options TEXT NOT NULL, name TEXT NOT NULL, "
             "listed INTEGER NOT NULL, over INTEGER NOT NULL, created INTEGER NOT NULL, rematch "
             "TEXT NOT NULL); CREATE TABLE seats(game_id TEXT NOT NULL, seat INTEGER NOT NULL, "
             "bot INTEGER NOT NULL, spec TEXT NOT NULL, token TEXT NOT NULL, name TEXT NOT NULL, "
             "claimed INTEGER NOT NULL, PRIMARY KEY(game_id, seat)); CREATE TABLE "
             "actions(game_id TEXT NOT NULL, n INTEGER NOT NULL, player INTEGER NOT NULL, text "
             "TEXT NOT NULL, at INTEGER NOT NULL DEFAULT 0, PRIMARY KEY(game_id, n)) WITHOUT "
             "ROWID; INSERT INTO games VALUES('old','dominion',2,'5','','',1,0,1,''); INSERT "
             "INTO seats VALUES('old',0,0,'','t','',1),('old',1,1,'random','','random',1); "
             "INSERT INTO actions VALUES('old',0,0,'a',1),('old',1,1,'b',2)\"",
             path);
    KT_REQUIRE(system(cmd) == 0);
    srv_store *st = srv_store_open(path, 0, err, sizeof err);
    if (!st)
        printf("    %s\n", err);
    KT_REQUIRE(st);
    seen s;
    memset(&s, 0, sizeof s);
    srv_store_visitor v = {.on_game = on_game, .ctx = &s};
    KT_EQ(srv_store_game(st, "old", &v), 1);
    KT_EQ(s.last.nacts, 2);
    KT_EQ(s.last.seats[1].bot, 1);
    KT_EQ(s.last.timing.mode, SRV_UNTIMED);
    srv_store_close(st);
    unlink(path);
}
