/* sim.c - placeholder until the subcommand lands (being written now). */
#include <stdio.h>

#include "cli.h"

int cli_sim(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "kontor sim: not available in this build yet\n");
    return 2;
}
