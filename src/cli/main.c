/*
 * main.c - the `kontor` command: dispatches to subcommands.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static void usage(FILE *f)
{
    fprintf(f,
            "kontor %s - engine and play platform for trading board games\n\n"
            "usage: kontor <command> [options]\n\n"
            "commands:\n"
            "  games [GAME [NAME]]     list games, options, bot levels and bots; with GAME its\n"
            "                          components; with NAME what that component does\n"
            "  play GAME --seats ...   play in the terminal against bots (easy, medium, hard)\n"
            "                          or friends (hot seat)\n"
            "  sim GAME --seats ...    mass simulation with statistics\n"
            "  tournament GAME --bots  round robin between bots, ratings and charts\n"
            "  merge FILES...          merge sharded sim/tournament results\n"
            "  replay FILE             step through a recorded game, or print its log (--log)\n"
            "  analyze FILE --seat N   how well a player played a recorded game: win chance\n"
            "                          over the game and the costliest decisions\n"
            "  protocol                line-based JSON protocol on stdin/stdout\n"
            "  serve                   play in the browser: lobby, bots, friends, replays\n"
            "  bench                   speed benchmark and behaviour fingerprint\n"
            "  help                    this text\n\n"
            "`kontor <command> --help` describes a command's options.\n",
            KT_VERSION);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version")) {
        printf("kontor %s\n", KT_VERSION);
        return 0;
    }
    static const struct {
        const char *name;
        int (*fn)(int, char **);
    } cmds[] = {
        {"games", cli_games},   {"play", cli_play},         {"sim", cli_sim},
        {"replay", cli_replay}, {"protocol", cli_protocol}, {"bench", cli_bench},
        {"tournament", cli_tournament}, {"merge", cli_merge},   {"analyze", cli_analyze},
        {"serve", cli_serve}, /* play in the browser (src/server) */
    };
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (!strcmp(cmd, cmds[i].name))
            return cmds[i].fn(argc - 1, argv + 1);
    fprintf(stderr, "kontor: unknown command '%s'\n\n", cmd);
    usage(stderr);
    return 2;
}
