/*
 * test_omniscient_log.c - the log read by an omniscient viewer (`kontor
 * replay` with `v all`, --omniscient) shows each event once: a game writes
 * an event's private form for its player and then the public form for the
 * others, and the omniscient reader keeps the private one only (issue 29:
 * "Player 1 draws Copper x4, Estate" was followed by "Player 1 draws 5
 * cards").
 *
 * Measured per action of random play of every game: the omniscient log has
 * no more events than the largest log of a single player (every player's
 * log has one form of each event).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../harness.h"

static int tol_count(const kt_game *g, const kt_state *b, int actor, kt_action a,
                     const kt_state *after, int viewer)
{
    char *js = kt_events_json(g, b, actor, a, after, viewer, KT_LANG_EN, NULL);
    int n = 0;
    for (const char *p = js ? js : ""; (p = strstr(p, "\"kind\":")) != NULL; p++)
        n++;
    kt_free(js);
    return n;
}

KT_TEST(core_omniscient_log_shows_each_event_once)
{
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const kt_gameinfo *info = kt_game_info(gi);
        kt_game *g;
        kt_err err;
        KT_OKS(kt_game_new(info->name, NULL, info->default_players, 3, NULL, &g, &err), &err);
        kt_state *s = kt_state_new(g), *before = kt_state_new(g);
        kt_bot *bot;
        KT_OKS(kt_bot_new(g, "random", 9, &bot, &err), &err);
        int over = 0, actions = 0;
        for (int k = 0; k < kt_t_scaled(1500) && !kt_is_over(g, s); k++) {
            kt_action a;
            int p = kt_to_move(g, s);
            KT_OKS(kt_bot_choose(bot, s, &a, &err), &err);
            kt_state_copy(g, before, s);
            KT_OKS(kt_apply(g, s, a, &err), &err);
            int omni = tol_count(g, before, p, a, s, KT_OMNISCIENT), most = 0;
            for (int v = 0; v < kt_game_players(g); v++) {
                int n = tol_count(g, before, p, a, s, v);
                most = n > most ? n : most;
            }
            if (omni > most && over++ < 3) {
                char *js = kt_events_json(g, before, p, a, s, KT_OMNISCIENT, KT_LANG_EN, NULL);
                printf("      %s: %d omniscient events, a player sees at most %d: %s\n",
                       info->name, omni, most, js ? js : "");
                kt_free(js);
            }
            actions++;
        }
        printf("      %s: %d actions, %d with more omniscient events than any player's\n",
               info->name, actions, over);
        KT_EQ(over, 0);
        kt_bot_free(bot);
        kt_state_free(g, before);
        kt_state_free(g, s);
        kt_game_free(g);
    }
}
