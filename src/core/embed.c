/*
 * embed.c - lookup in the table of embedded data files (see embed.h).
 */
#include "embed.h"

#include <string.h>

const kt_embedded *kt_embedded_find(const char *path)
{
    for (const kt_embedded *e = kt_embedded_files(); e->path; e++)
        if (strcmp(e->path, path) == 0)
            return e;
    return NULL;
}
