/*
 * test_online.c - playing online with accounts (issue 32), on SQLite:
 * sign-up, login, logout everywhere and their limits (account.c through
 * srv_api_run, the call the HTTP endpoints make); seats taken by accounts;
 * pairwise Elo and a rated game against a bot that changes the rating,
 * the profile and the leaderboard (rating.c, profile.c); clocks that run
 * out (clock.c: a bot takes the seat, or the seat loses); the chat of a
 * table and of its spectators (chat.c); the lobby's status words.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../harness.h"
#include "server/srv_int.h"
#include "tsrv.h"
#include "tws.h"

/* One call of /api/<path> as httpapi.c makes it; the answer stays in a. */
static int tapi(srv *S, srv_api_call *a, const char *path, const char *body, const char *session,
                const char *addr)
{
    free(a->json);
    memset(a, 0, sizeof *a);
    snprintf(a->path, sizeof a->path, "%s", path);
    a->body = body;
    a->len = strlen(body);
    snprintf(a->session, sizeof a->session, "%s", session ? session : "");
    snprintf(a->addr, sizeof a->addr, "%s", addr);
    snprintf(a->addr_key, sizeof a->addr_key, "%s", addr);
    srv_api_run(S, a);
    return a->status;
}

/* Sign up name (password "correct horse"); its session secret into sess. */
static int tsignup(srv *S, const char *name, char *sess)
{
    srv_api_call a = {0};
    char body[200];
    snprintf(body, sizeof body, "{\"name\":\"%s\",\"password\":\"correct horse\"}", name);
    int st = tapi(S, &a, "signup", body, NULL, "192.0.2.1");
    int ok = st == 200 && a.set_cookie == 1 && strlen(a.set_session) == 64;
    if (ok)
        snprintf(sess, 72, "%s", a.set_session);
    else
        fprintf(stderr, "signup %s: %d %s\n", name, st, a.json ? a.json : "");
    free(a.json);
    return ok;
}

/* Did t receive a message containing s? */
static int tsaw_text(tconn *t, const char *s)
{
    int hit = 0;
    pthread_mutex_lock(&t->mu);
    for (int i = 0; i < t->n && !hit; i++)
        hit = strstr(t->msg[i], s) != NULL;
    pthread_mutex_unlock(&t->mu);
    return hit;
}

/* A connection logged in with the session secret. */
static tconn *topen_as(srv *S, const char *sess)
{
    tconn *t = topen(S);
    if (t)
        srv_conn_set_session(t->c, sess);
    return t;
}

KT_TEST(server_online_signup_login_logout_everywhere)
{
    tserver ts;
    KT_REQUIRE(tstart(&ts, "acct", 1));
    srv *S = ts.S;
    char sess[72];
    KT_REQUIRE(tsignup(S, "Anna", sess));
    srv_api_call a = {0};
    /* the name is taken, whatever its case */
    KT_EQ(tapi(S, &a, "signup", "{\"name\":\"aNNA\",\"password\":\"another one\"}", NULL,
               "192.0.2.1"), 409);
    KT_CHECK(strstr(a.json, "taken") != NULL);
    /* bad names and passwords say what is wrong */
    KT_EQ(tapi(S, &a, "signup", "{\"name\":\"<b>x</b>\",\"password\":\"long enough\"}", NULL,
               "192.0.2.1"), 400);
    KT_EQ(tapi(S, &a, "signup", "{\"name\":\"Bert\",\"password\":\"short\"}", NULL,
               "192.0.2.1"), 400);
    KT_EQ(tapi(S, &a, "signup", "not json", NULL, "192.0.2.1"), 400);
    /* a wrong password and an unknown name get the same answer */
    KT_EQ(tapi(S, &a, "login", "{\"name\":\"anna\",\"password\":\"wrong password\"}", NULL,
               "192.0.2.1"), 401);
    char wrong[512];
    snprintf(wrong, sizeof wrong, "%s", a.json);
    KT_EQ(tapi(S, &a, "login", "{\"name\":\"nobody\",\"password\":\"wrong password\"}", NULL,
               "192.0.2.1"), 401);
    KT_STREQ(a.json, wrong);
    KT_EQ(tapi(S, &a, "login", "{\"name\":\"anna\",\"password\":\"correct horse\"}", NULL,
               "192.0.2.1"), 200);
    KT_EQ(a.set_cookie, 1);
    KT_CHECK(strstr(a.json, "\"name\":\"Anna\"") != NULL);
    char sess2[72];
    snprintf(sess2, sizeof sess2, "%s", a.set_session);
    KT_CHECK(strcmp(sess, sess2) != 0);
    /* the database keeps only hashes of sessions and passwords */
    srv_account acc;
    KT_EQ(srv_store_account_by_key(S->st, "anna", &acc), 1);
    KT_CHECK(strncmp(acc.pwhash, "$argon2id$", 10) == 0);
    KT_CHECK(strstr(acc.pwhash, "correct") == NULL);
    long long who = 0, exp = 0;
    KT_EQ(srv_store_session_get(S->st, sess, srv_unix_ms(), &who, &exp), 0);
    /* two browsers logged in */
    tconn *t1 = topen_as(S, sess), *t2 = topen_as(S, sess2), *anon = topen(S);
    char *r = treq(t1, "{\"cmd\":\"whoami\"}");
    KT_CHECK(strstr(r, "\"account\":{\"name\":\"Anna\"}") != NULL);
    free(r);
    r = treq(anon, "{\"cmd\":\"whoami\"}");
    KT_CHECK(strstr(r, "\"account\":null") != NULL);
    free(r);
    r = treq(t2, "{\"cmd\":\"whoami\"}");
    KT_CHECK(strstr(r, "Anna") != NULL);
    free(r);
    /* logout (this browser): the cookie goes, the other session stays */
    KT_EQ(tapi(S, &a, "logout", "", sess2, "192.0.2.1"), 200);
    KT_EQ(a.set_cookie, 2);
    srv_api_call b = {0};
    KT_EQ(tapi(S, &b, "login", "{\"name\":\"ANNA\",\"password\":\"correct horse\"}", NULL,
               "192.0.2.1"), 200);
    snprintf(sess2, sizeof sess2, "%s", b.set_session);
    /* logout everywhere: every session goes and open connections close */
    KT_EQ(tapi(S, &a, "logout-all", "", sess, "192.0.2.1"), 200);
    KT_EQ(srv_store_session_get(S->st, sess2, srv_unix_ms(), &who, &exp), 0);
    pthread_mutex_lock(&t1->mu);
    KT_CHECK(t1->closed && t1->close_code == SRV_CLOSE_LOGGED_OUT);
    pthread_mutex_unlock(&t1->mu);
    pthread_mutex_lock(&anon->mu);
    KT_CHECK(!anon->closed);
    pthread_mutex_unlock(&anon->mu);
    tconn *t3 = topen_as(S, sess2);
    r = treq(t3, "{\"cmd\":\"whoami\"}");
    KT_CHECK(strstr(r, "\"account\":null") != NULL);
    free(r);
    free(a.json);
    free(b.json);
    tclose(t1);
    tclose(t2);
    tclose(t3);
    tclose(anon);
    tstop(&ts, 1);
}

/* Refills slower than any machine hashes (the tests count exact refusals). */
static void slow_refill(srv_config *c) { c->login_every_s = 1e6; }

KT_TEST(server_online_login_attempts_are_limited_per_name_and_per_address)
{
    tserver ts;
    KT_REQUIRE(tstart_with(&ts, "acctlim", 1, slow_refill));
    srv *S = ts.S;
    srv_peers_limit(&S->peers, SRV_PEER_LOGIN, 1e-6, 20); /* 20 at once; then practically none */
    char sess[72];
    KT_REQUIRE(tsignup(S, "Carla", sess));
    srv_api_call a = {0};
    char addr[32];
    /* per name: 10 attempts (from ten addresses), then even the right
     * password waits */
    for (int i = 0; i < 10; i++) {
        snprintf(addr, sizeof addr, "198.51.100.%d", i + 1);
        KT_EQ(tapi(S, &a, "login", "{\"name\":\"carla\",\"password\":\"guess guess\"}", NULL,
                   addr),
              401);
    }
    KT_EQ(tapi(S, &a, "login", "{\"name\":\"carla\",\"password\":\"correct horse\"}", NULL,
               "198.51.100.99"), 429);
    KT_CHECK(strstr(a.json, "this name") != NULL);
    /* per address: 20 attempts at once over any names */
    int refused = 0;
    for (int i = 0; i < 25; i++) {
        char body[100];
        snprintf(body, sizeof body, "{\"name\":\"user%d\",\"password\":\"guess guess\"}", i);
        refused += tapi(S, &a, "login", body, NULL, "203.0.113.7") == 429;
    }
    KT_EQ(refused, 5);
    KT_CHECK(strstr(a.json, "your address") != NULL);
    free(a.json);
    tstop(&ts, 1);
}

KT_TEST(server_online_elo_is_pairwise_and_bots_keep_their_rating)
{
    double r[3] = {1500, 1500, 1500}, out[3];
    int rank[3] = {0, 1, 2}, fixed[3] = {0, 0, 0};
    srv_elo(2, r, rank, fixed, 32, out);
    KT_CHECK(fabs(out[0] - 1516) < 1e-9 && fabs(out[1] - 1484) < 1e-9);
    /* three players: the winner beats both (+16 each, over n-1 = 2) */
    srv_elo(3, r, rank, fixed, 32, out);
    KT_CHECK(fabs(out[0] - 1516) < 1e-9 && fabs(out[1] - 1500) < 1e-9 &&
             fabs(out[2] - 1484) < 1e-9);
    /* a tie with an equal player changes nothing; a bot never changes */
    int tie[2] = {0, 0}, bot[2] = {0, 1};
    double rb[2] = {1500, 1812};
    srv_elo(2, r, tie, fixed, 32, out);
    KT_CHECK(fabs(out[0] - 1500) < 1e-9);
    srv_elo(2, rb, rank, bot, 32, out);
    KT_CHECK(out[0] > 1500 + 16 && fabs(out[1] - 1812) < 1e-9); /* beating a stronger bot */
}

/* Play seat t to the end of the game (bots answer); 1 when it is over. */
static int play_out(tserver *ts, tconn *t, const char *id)
{
    for (int i = 0; i < 3000; i++) {
        sgame *g = srv_find_game(ts->S, id);
        pthread_mutex_lock(&g->mu);
        int over = sgame_is_over(g);
        pthread_mutex_unlock(&g->mu);
        srv_game_unref(ts->S, g);
        if (over)
            return 1;
        if (!tmove(t))
            srv_wait_idle(ts->S, 2000);
    }
    return 0;
}

KT_TEST(server_online_rated_game_against_a_bot_updates_rating_profile_and_leaderboard)
{
    tserver ts;
    KT_REQUIRE(tstart_rate(&ts, "rated", 1, 1000));
    srv *S = ts.S;
    char sess[72];
    KT_REQUIRE(tsignup(S, "Dora", sess));
    tconn *anon = topen(S);
    char id[SRV_ID_LEN], tok[SRV_TOKEN_LEN];
    /* rated games need an account */
    char *r = treq(anon, "{\"cmd\":\"create\",\"game\":\"dominion\",\"players\":2,\"rated\":true,"
                         "\"seats\":[{\"human\":true,\"you\":true},{\"bot\":\"random\"}]}");
    KT_CHECK(strstr(r, "log in") != NULL);
    free(r);
    tconn *t = topen_as(S, sess);
    KT_REQUIRE(tcreate(t, "dominion", "[{\"human\":true,\"you\":true},{\"bot\":\"random\"}]",
                       "\"preset=First Game;turn_limit=3\",\"rated\":true", id, tok));
    KT_REQUIRE(tattach(t, tok));
    char *v = tview(t);
    KT_CHECK(v && strstr(v, "\"rated\":true") && strstr(v, "\"name\":\"Dora\""));
    free(v);
    KT_CHECK(tmove(t));
    r = treq(t, "{\"cmd\":\"undo\"}"); /* no take-backs in a rated game */
    KT_CHECK(strstr(r, "rated") != NULL);
    free(r);
    KT_REQUIRE(play_out(&ts, t, id));
    srv_wait_idle(S, 2000);
    /* the result and the new rating */
    srv_account acc;
    KT_EQ(srv_store_account_by_key(S->st, "dora", &acc), 1);
    srv_rating_row row;
    KT_EQ(srv_store_rating_get(S->st, acc.id, "dominion", &row), 1);
    KT_EQ(row.games, 1);
    KT_EQ(row.wins + row.losses + row.draws, 1);
    KT_CHECK(row.rating != 1500.0);
    KT_CHECK((row.wins == 1) == (row.rating > 1500.0));
    r = treq(anon, "{\"cmd\":\"profile\",\"name\":\"dora\"}");
    KT_CHECK(tis_ok(r) && strstr(r, "\"name\":\"Dora\"") && strstr(r, "\"finished\":[{"));
    KT_CHECK(strstr(r, id) != NULL && strstr(r, "\"rated\":true") != NULL);
    KT_CHECK(strstr(r, "token") == NULL); /* a profile never shows a seat's link */
    free(r);
    r = treq(anon, "{\"cmd\":\"leaderboard\",\"game\":\"dominion\"}");
    KT_CHECK(tis_ok(r) && strstr(r, "\"players\":[{\"name\":\"Dora\""));
    KT_CHECK(strstr(r, "\"level\":\"medium\",\"spec\":\"heuristic\",\"rating\":1500") != NULL);
    KT_CHECK(strstr(r, "\"level\":\"random\",\"spec\":\"random\",\"rating\":573") != NULL);
    free(r);
    r = treq(anon, "{\"cmd\":\"profile\",\"name\":\"nobody\"}");
    KT_CHECK(strstr(r, "\"ok\":false") != NULL);
    free(r);
    tclose(t);
    tclose(anon);
    tstop(&ts, 1);
}

/* The hard level has a fixed rating like the others, in every game
 * (rating.c, docs/server.md "Ratings"), above the medium level's: the
 * leaderboard lists it (as a lower bound where it was measured with less
 * search), and a rated game against it counts with exactly that rating. */
KT_TEST(server_online_hard_bots_have_fixed_ratings_and_rated_games_against_them_count)
{
    static const char *const games[] = {"dominion", "mp2", "anno1701", "fwm", "catan"};
    for (int i = 0; i < 5; i++) {
        if (!kt_game_find(games[i]))
            continue;
        double hard = srv_bot_rating(games[i], "hard");
        const char *spec = kt_game_level(games[i], "hard");
        KT_CHECK(hard > srv_bot_rating(games[i], "medium"));
        KT_CHECK(spec && srv_bot_rating(games[i], spec) == hard); /* a level and its bot agree */
        KT_EQ(srv_bot_rating_is_bound(games[i], spec), srv_bot_rating_is_bound(games[i], "hard"));
        printf("    %s: hard (%s) %.0f, medium %.0f\n", games[i], spec ? spec : "?", hard,
               srv_bot_rating(games[i], "medium"));
    }
    tserver ts;
    KT_REQUIRE(tstart_rate(&ts, "ratedhard", 1, 1000));
    srv *S = ts.S;
    char sess[72];
    KT_REQUIRE(tsignup(S, "Hedda", sess));
    tconn *t = topen_as(S, sess), *anon = topen(S);
    char id[SRV_ID_LEN], tok[SRV_TOKEN_LEN], want[96];
    KT_REQUIRE(tcreate(t, "dominion", "[{\"human\":true,\"you\":true},{\"bot\":\"hard\"}]",
                       "\"preset=First Game;turn_limit=2\",\"rated\":true", id, tok));
    KT_REQUIRE(tattach(t, tok));
    char *v = tview(t);
    KT_CHECK(v && strstr(v, "\"rated\":true"));
    free(v);
    KT_REQUIRE(play_out(&ts, t, id));
    srv_wait_idle(S, 5000);
    srv_account acc;
    KT_EQ(srv_store_account_by_key(S->st, "hedda", &acc), 1);
    srv_rating_row row;
    KT_REQUIRE(srv_store_rating_get(S->st, acc.id, "dominion", &row) == 1);
    KT_EQ(row.games, 1);
    /* Elo against the hard bot's own fixed rating */
    double r[2] = {1500, srv_bot_rating("dominion", "hard")}, out[2];
    int rank[2], fixed[2] = {0, 1};
    rank[0] = row.wins ? 0 : row.draws ? 0 : 1;
    rank[1] = row.wins ? 1 : 0;
    srv_elo(2, r, rank, fixed, 32, out);
    printf("    Hedda against the hard bot (%.0f): %s, 1500 -> %.1f\n", r[1],
           row.wins ? "won" : row.draws ? "drew" : "lost", row.rating);
    KT_CHECK(fabs(row.rating - out[0]) < 1e-6);
    char *p = treq(anon, "{\"cmd\":\"profile\",\"name\":\"hedda\"}");
    KT_CHECK(tis_ok(p) && strstr(p, id) && strstr(p, "\"rated\":true"));
    free(p);
    p = treq(anon, "{\"cmd\":\"leaderboard\",\"game\":\"dominion\"}");
    snprintf(want, sizeof want, "\"level\":\"hard\",\"spec\":\"%s\",\"rating\":%lld",
             kt_game_level("dominion", "hard"), (long long)(r[1] + 0.5));
    KT_CHECK(tis_ok(p) && strstr(p, want) != NULL);
    KT_CHECK(strstr(p, "\"at_least\"") == NULL); /* measured at its own search time */
    free(p);
    if (kt_game_find("fwm")) { /* measured with a tenth of its search: shown as "at least" */
        p = treq(anon, "{\"cmd\":\"leaderboard\",\"game\":\"fwm\"}");
        KT_CHECK(strstr(p, "\"level\":\"hard\",\"spec\":\"mcts:time=1000\",\"rating\":1750,"
                           "\"at_least\":true") != NULL);
        free(p);
    }
    tclose(t);
    tclose(anon);
    tstop(&ts, 1);
}

KT_TEST(server_online_accounts_take_seats_and_see_their_turn_in_my_games)
{
    tserver ts;
    KT_REQUIRE(tstart(&ts, "myg", 1));
    srv *S = ts.S;
    char se[72], sf[72];
    KT_REQUIRE(tsignup(S, "Emil", se));
    KT_REQUIRE(tsignup(S, "Frida", sf));
    tconn *e = topen_as(S, se), *f = topen_as(S, sf);
    char id[SRV_ID_LEN], tok[SRV_TOKEN_LEN], tok1[SRV_TOKEN_LEN], m[200];
    KT_REQUIRE(tcreate(e, "dominion", TWO_HUMANS, "\"preset=First Game\"", id, tok));
    snprintf(m, sizeof m, "{\"cmd\":\"join\",\"game\":\"%s\"}", id);
    char *r = treq(f, m);
    KT_REQUIRE(tjstr(r, "token", NULL, tok1, sizeof tok1));
    free(r);
    KT_REQUIRE(tattach(e, tok) && tattach(f, tok1));
    char *v = tview(f); /* the seats carry the accounts' names */
    KT_CHECK(v && strstr(v, "\"name\":\"Emil\"") && strstr(v, "\"name\":\"Frida\""));
    free(v);
    /* "my games" from a new browser of the same account, no links needed */
    tconn *e2 = topen_as(S, se);
    r = treq(e2, "{\"cmd\":\"mygames\"}");
    KT_CHECK(strstr(r, id) != NULL);
    int emil_first = tmy_turn(e);
    KT_CHECK(strstr(r, emil_first ? "\"your_turn\":1" : "\"your_turn\":0") != NULL);
    free(r);
    /* a link without an account counts too (the lobby sends its links) */
    tconn *anon = topen(S);
    snprintf(m, sizeof m, "{\"cmd\":\"mygames\",\"tokens\":[\"%s\"]}", tok1);
    r = treq(anon, m);
    KT_CHECK(strstr(r, id) != NULL);
    free(r);
    r = treq(anon, "{\"cmd\":\"mygames\",\"tokens\":[\"nothing\"]}");
    KT_CHECK(strstr(r, "\"games\":[]") != NULL);
    free(r);
    tclose(e);
    tclose(e2);
    tclose(f);
    tclose(anon);
    tstop(&ts, 1);
}

/* Wait (up to ms) until the game's facts say it: over, or seat p a bot. */
static int wait_for(srv *S, const char *id, int want_over, int seat_bot, int ms)
{
    for (int i = 0; i < ms / 50; i++) {
        sgame *g = srv_find_game(S, id);
        pthread_mutex_lock(&g->mu);
        int ok = want_over ? g->row.over == SRV_FINISHED : g->row.seats[seat_bot].bot;
        pthread_mutex_unlock(&g->mu);
        srv_game_unref(S, g);
        if (ok)
            return 1;
        nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = 50000000}, NULL);
    }
    return 0;
}

KT_TEST(server_online_turn_based_clock_expires_and_the_seat_loses)
{
    tserver ts;
    KT_REQUIRE(tstart(&ts, "clock", 1));
    srv *S = ts.S;
    tconn *t = topen(S), *w = topen(S);
    char id[SRV_ID_LEN], tok[SRV_TOKEN_LEN];
    char *r = treq(t, "{\"cmd\":\"create\",\"game\":\"dominion\",\"players\":2,\"seats\":[{\"human\""
                      ":true}],\"timing\":{\"mode\":\"turn\",\"days\":0}}");
    KT_CHECK(strstr(r, "\"ok\":false") != NULL); /* 0 days is not a clock */
    free(r);
    KT_REQUIRE(tcreate(t, "dominion", TWO_HUMANS,
                       "\"preset=First Game\",\"timing\":{\"mode\":\"turn\",\"base_s\":2,"
                       "\"timeout\":\"lose\"}",
                       id, tok));
    KT_REQUIRE(tattach(t, tok));
    char *v = tview(t);
    KT_CHECK(v && strstr(v, "\"table\":{\"mode\":\"turn\"") && strstr(v, "\"running\":true"));
    free(v);
    char m[100];
    snprintf(m, sizeof m, "{\"cmd\":\"spectate\",\"game\":\"%s\"}", id);
    free(treq(w, m));
    KT_REQUIRE(wait_for(S, id, 1, 0, 6000)); /* seat 1 never moves: it loses on time */
    v = tview(w);
    KT_CHECK(v && strstr(v, "\"forfeit\":[0]") && strstr(v, "\"ended\":true"));
    free(v);
    KT_CHECK(!tmove(t)); /* the game is over */
    tclose(t);
    tclose(w);
    tstop(&ts, 0);
    /* stored: a restart sees a finished game with the forfeit */
    KT_REQUIRE(tstart(&ts, "clock", 0));
    sgame *g = srv_find_game(ts.S, id);
    KT_REQUIRE(g);
    KT_EQ(g->row.over, SRV_FINISHED);
    KT_EQ(g->row.forfeit, 1u);
    srv_game_unref(ts.S, g);
    tstop(&ts, 1);
}

KT_TEST(server_online_realtime_clock_expires_and_a_bot_takes_the_seat)
{
    tserver ts;
    KT_REQUIRE(tstart(&ts, "clockbot", 1));
    srv *S = ts.S;
    tconn *t = topen(S);
    char id[SRV_ID_LEN], tok[SRV_TOKEN_LEN];
    KT_REQUIRE(tcreate(t, "dominion", HUMAN_BOT,
                       "\"preset=First Game;turn_limit=2\",\"timing\":{\"mode\":\"realtime\","
                       "\"per\":\"game\",\"base_s\":1,\"inc_s\":0,\"timeout\":\"bot\"}",
                       id, tok));
    KT_REQUIRE(tattach(t, tok));
    KT_REQUIRE(wait_for(S, id, 0, 0, 5000));
    pthread_mutex_lock(&t->mu);
    KT_CHECK(t->closed); /* the player's page learns it and reconnects as a watcher */
    pthread_mutex_unlock(&t->mu);
    KT_REQUIRE(wait_for(S, id, 1, 0, 20000)); /* the bots play it to its end */
    tconn *u = topen(S);
    char m[100];
    snprintf(m, sizeof m, "{\"cmd\":\"attach\",\"token\":\"%s\"}", tok);
    char *r = treq(u, m);
    KT_CHECK(strstr(r, "\"timed_out\":true") && strstr(r, "\"seat\":-1"));
    free(r);
    tclose(t);
    tclose(u);
    tstop(&ts, 1);
}

KT_TEST(server_online_realtime_clock_adds_the_fischer_increment_once_per_turn)
{
    tserver ts;
    KT_REQUIRE(tstart_rate(&ts, "fischer", 1, 1000));
    tconn *t = topen(ts.S);
    char id[SRV_ID_LEN], tok[SRV_TOKEN_LEN];
    KT_REQUIRE(tcreate(t, "dominion", HUMAN_BOT,
                       "\"preset=First Game\",\"timing\":{\"mode\":\"realtime\",\"per\":\"game\","
                       "\"base_s\":60,\"inc_s\":5}",
                       id, tok));
    KT_REQUIRE(tattach(t, tok));
    sgame *g = srv_find_game(ts.S, id);
    long long left = 60000;
    int moves = 0;
    /* a turn of several clicks is one stretch: the bank changes only when
     * the turn is over (the bot's turn: the clock stands) */
    for (int i = 0; i < 200 && left == 60000; i++) {
        moves += tmove(t);
        srv_wait_idle(ts.S, 2000);
        pthread_mutex_lock(&g->mu);
        left = g->row.clock.left[0];
        pthread_mutex_unlock(&g->mu);
    }
    KT_CHECK(moves >= 2);
    KT_CHECK(left > 60000 && left <= 65000); /* 60 s - the turn's time + 5 s */
    pthread_mutex_lock(&g->mu);
    KT_EQ(g->row.clock.left[1], 0); /* bots have no clock */
    KT_EQ(g->row.clock.since[1], 0);
    pthread_mutex_unlock(&g->mu);
    srv_game_unref(ts.S, g);
    tclose(t);
    tstop(&ts, 1);
}

KT_TEST(server_online_chat_is_per_table_spectators_apart_muted_and_stored)
{
    tserver ts;
    KT_REQUIRE(tstart(&ts, "chat", 1));
    srv *S = ts.S;
    tconn *a = topen(S), *b = topen(S), *s = topen(S);
    char id[SRV_ID_LEN], tok0[SRV_TOKEN_LEN], tok1[SRV_TOKEN_LEN], m[300];
    KT_REQUIRE(tcreate(a, "dominion", TWO_HUMANS, "\"preset=First Game\"", id, tok0));
    snprintf(m, sizeof m, "{\"cmd\":\"join\",\"game\":\"%s\",\"name\":\"Bo\"}", id);
    char *r = treq(b, m);
    KT_REQUIRE(tjstr(r, "token", NULL, tok1, sizeof tok1));
    free(r);
    KT_REQUIRE(tattach(a, tok0) && tattach(b, tok1));
    snprintf(m, sizeof m, "{\"cmd\":\"spectate\",\"game\":\"%s\"}", id);
    free(treq(s, m));
    int nb = tcount(b), ns = tcount(s);
    /* markup is text: stored and sent as written, JSON-escaped */
    r = treq(a, "{\"cmd\":\"chat\",\"text\":\"<img src=x onerror=alert(1)> \\\"hi\\\"\"}");
    KT_CHECK(tis_ok(r));
    free(r);
    KT_CHECK(tcount(b) > nb && tcount(s) > ns);
    KT_CHECK(tsaw_text(b, "onerror=alert(1)") && tsaw_text(b, "\\\"hi\\\""));
    /* control characters and empty or long texts are refused */
    r = treq(a, "{\"cmd\":\"chat\",\"text\":\"a\\u0007b\"}");
    KT_CHECK(strstr(r, "\"ok\":false") != NULL);
    free(r);
    r = treq(a, "{\"cmd\":\"chat\",\"text\":\"   \"}");
    KT_CHECK(strstr(r, "empty") != NULL);
    free(r);
    /* the spectators' chat does not reach the players */
    nb = tcount(b);
    r = treq(s, "{\"cmd\":\"chat\",\"text\":\"play Smithy!\"}");
    KT_CHECK(tis_ok(r));
    free(r);
    KT_EQ(tcount(b), nb);
    KT_CHECK(tsaw_text(s, "play Smithy!"));
    /* b mutes a: a's messages stop reaching b, not the spectator */
    r = treq(b, "{\"cmd\":\"mute\",\"seat\":0,\"on\":true}");
    KT_CHECK(tis_ok(r));
    free(r);
    nb = tcount(b);
    ns = tcount(s);
    r = treq(a, "{\"cmd\":\"chat\",\"text\":\"muted words\"}");
    free(r);
    KT_EQ(tcount(b), nb);
    KT_CHECK(tcount(s) > ns);
    /* rate limit: a burst, then "too fast" */
    int refused = 0;
    for (int i = 0; i < 12; i++) {
        r = treq(a, "{\"cmd\":\"chat\",\"text\":\"spam\"}");
        refused += strstr(r, "too fast") != NULL;
        free(r);
    }
    KT_CHECK(refused >= 8);
    tclose(a);
    tclose(b);
    tclose(s);
    tstop(&ts, 0);
    /* stored with the game: a new spectator reads the table's history, b's
     * mute holds after a restart */
    KT_REQUIRE(tstart(&ts, "chat", 0));
    tconn *s2 = topen(ts.S), *b2 = topen(ts.S);
    snprintf(m, sizeof m, "{\"cmd\":\"spectate\",\"game\":\"%s\"}", id);
    free(treq(s2, m));
    KT_CHECK(tsaw_text(s2, "onerror") && tsaw_text(s2, "play Smithy!"));
    KT_REQUIRE(tattach(b2, tok1));
    /* a muted seat's messages are hidden, earlier ones too */
    KT_CHECK(!tsaw_text(b2, "muted words") && !tsaw_text(b2, "onerror"));
    KT_CHECK(!tsaw_text(b2, "play Smithy!")); /* the spectators' chat, while the game runs */
    KT_CHECK(tsaw_text(b2, "\"push\":\"chat\",\"history\":true"));
    tclose(s2);
    tclose(b2);
    tstop(&ts, 1);
}

KT_TEST(server_online_lobby_marks_games_nobody_plays_inactive)
{
    tserver ts;
    KT_REQUIRE(tstart(&ts, "inactive", 1));
    ts.S->cfg.inactive_s = 1;
    tconn *t = topen(ts.S);
    char id[SRV_ID_LEN], tok[SRV_TOKEN_LEN];
    KT_REQUIRE(tcreate(t, "dominion", HUMAN_BOT, "\"preset=First Game\"", id, tok));
    KT_REQUIRE(tattach(t, tok));
    KT_CHECK(tmove(t));
    char *r = treq(t, "{\"cmd\":\"list\"}");
    KT_CHECK(strstr(r, "\"status\":\"running\"") != NULL); /* watched: running */
    free(r);
    tclose(t); /* the player closes the page */
    tconn *u = topen(ts.S);
    sleep(2);
    r = treq(u, "{\"cmd\":\"list\"}");
    KT_CHECK(strstr(r, "\"status\":\"inactive\"") != NULL);
    free(r);
    tclose(u);
    tstop(&ts, 1);
}

/* ------------------------------------------------------------ over HTTP */

/* POST /api/<path> with body from `origin` (NULL: no Origin); the status,
 * the response head in head. */
static int tpost(int port, const char *path, const char *body, const char *origin, char *head,
                 size_t cap)
{
    tws w;
    if (!tws_connect_raw(&w, port, 0))
        return 0;
    char req[8192], org[200] = "";
    if (origin)
        snprintf(org, sizeof org, "Origin: %s\r\n", origin);
    snprintf(req, sizeof req, "POST /api/%s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n%sContent-Type: "
                              "application/json\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n%s",
             path, port, org, strlen(body), body);
    int status = 0;
    head[0] = '\0';
    if (tws_write(&w, req, strlen(req)) && tws_http_head(&w, 5000, head, cap))
        sscanf(head, "HTTP/1.%*d %d", &status);
    tws_close(&w);
    return status;
}

KT_TEST(server_online_http_api_sets_an_httponly_cookie_the_websocket_carries)
{
    alarm(120);
    tserver ts;
    KT_REQUIRE(tstart(&ts, "httpapi", 1));
    srv_http_config hc;
    srv_http_config_default(&hc);
    hc.listen = "127.0.0.1:0";
    hc.web_root = "web";
    char err[256], head[4096], origin[64];
    srv_http *h = srv_http_start(ts.S, &hc, err, sizeof err);
    KT_REQUIRE(h);
    int port = srv_http_port(h);
    snprintf(origin, sizeof origin, "http://127.0.0.1:%d", port);
    const char *body = "{\"name\":\"Ines\",\"password\":\"correct horse\"}";
    /* a page of another site may not sign anybody up or in */
    KT_EQ(tpost(port, "signup", body, "https://evil.example", head, sizeof head), 403);
    KT_EQ(tpost(port, "signup", body, origin, head, sizeof head), 200);
    const char *sc = strstr(head, "kontor_session=");
    KT_REQUIRE(sc);
    KT_CHECK(strstr(sc, "HttpOnly") && strstr(sc, "SameSite=Strict") && strstr(sc, "Max-Age="));
    KT_CHECK(strstr(sc, "Secure") == NULL); /* plain HTTP here; TLS adds it */
    KT_CHECK(sc[15 + 64] == ';'); /* kontor_session=<64 hex digits>; */
    char cookie[120];
    snprintf(cookie, sizeof cookie, "Cookie: other=1; %.79s\r\n", sc);
    /* the WebSocket carries the cookie: the connection is Ines's */
    tws w;
    char extra[300];
    snprintf(extra, sizeof extra, "Origin: %s\r\n%s", origin, cookie);
    KT_EQ(tws_open(&w, port, 0, extra, 0), 101);
    KT_CHECK(tws_text(&w, "{\"cmd\":\"whoami\",\"ref\":1}"));
    char *r = tws_reply(&w, "1", 5000);
    KT_CHECK(r && strstr(r, "\"name\":\"Ines\""));
    free(r);
    tws_close(&w);
    /* wrong methods and paths, oversized bodies */
    KT_EQ(tws_get(&w, port, 0, "/api/login", head, sizeof head), 405);
    tws_close(&w);
    KT_EQ(tpost(port, "nothing", "{}", origin, head, sizeof head), 404);
    char big[6000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    KT_EQ(tpost(port, "login", big, origin, head, sizeof head), 413);
    KT_EQ(tpost(port, "login", "{\"name\":\"ines\",\"password\":\"nope nope\"}", origin, head,
                sizeof head),
          401);
    srv_http_stop(h);
    tstop(&ts, 1);
}
