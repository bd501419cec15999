/*
 * spots.h - what a spot on a board touches, for notes beside menu entries
 * (spots.c).  Everything comes from the public API: the action's targets
 * (kt_action_info_get) and the player's observation JSON.
 */
#ifndef KT_CLI_SPOTS_H
#define KT_CLI_SPOTS_H

#include <stddef.h>

#include "cli.h"

#define CLI_SPOT_HEXES 64     /* hexes of a board the notes can name */
#define CLI_SPOT_VERTICES 256 /* vertices of a board the notes can name */

/* A board's geometry as the observation gives it: per hex its terrain key
 * and number (0: none), per vertex the land hexes it touches (-1: none).
 * A vertex of a hex map touches three hexes; those not listed are sea. */
typedef struct cli_spots {
    int nhex, nvert;
    char terrain[CLI_SPOT_HEXES][16];
    int number[CLI_SPOT_HEXES];
    signed char vhex[CLI_SPOT_VERTICES][3];
} cli_spots;

/* Read the geometry from an observation JSON ("terrain", "numbers",
 * "vertex_hexes" at its top level).  1 when the board has them, 0 when it
 * has not (a game without vertices) or the text is not such an object. */
int cli_spots_parse(cli_spots *sp, const char *obs_json);
/* The note for vertex v in `lang` ("forest 8, hills 5, sea" / "Wald 8,
 * Hügel 5, Meer"); an empty string for a vertex the board does not have. */
void cli_spots_note(const cli_spots *sp, int v, int lang, char *out, size_t cap);

#endif
