/*
 * test_games.c - test-only games as the runner's rn_games (see
 * test_games.h).  ctx is the game's definition.
 */
#include "test_games.h"

#include <string.h>

const kt_gameinfo *kt_t_def_find(const void *ctx, const char *name)
{
    const kt_gamedef *d = ctx;
    return name && !strcmp(name, d->info.name) ? &d->info : NULL;
}

kt_status kt_t_def_study(const void *ctx, const char *name, const char *options, char **out,
                         char **added, kt_err *err)
{
    (void)name;
    return kt_options_for_study_def(ctx, options, NULL, out, added, err);
}

kt_status kt_t_def_make(const void *ctx, const char *name, const char *options, int players,
                        uint64_t seed, kt_game **out, kt_err *err)
{
    (void)name;
    return kt_game_new_def(ctx, options, players, seed, NULL, out, err);
}
