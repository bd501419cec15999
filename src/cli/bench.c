/* bench.c - placeholder until the subcommand lands (being written now). */
#include <stdio.h>

#include "cli.h"

int cli_bench(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "kontor bench: not available in this build yet\n");
    return 2;
}
