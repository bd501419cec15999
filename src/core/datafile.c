/*
 * datafile.c - reading a game's component data file (see datafile.h).
 *
 * Data layout: none of its own; a kt_datafile is filled here and freed by
 * kt_datafile_close, through the allocator it was opened with.
 */
#include "datafile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "embed.h"
#include "game.h"
#include "mem.h"

/* A regular file of at most KT_DATAFILE_MAX bytes, text without NULs.  The
 * size may change while it is read: at most one byte more than the limit
 * is read, and a file that grew past it is refused. */
#define DISK_BLOCK ((size_t)KT_DATAFILE_MAX + 2)

static char *read_disk(const kt_allocator *a, const char *path, kt_err *err)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        kt_seterr(err, KT_EIO, "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        kt_seterr(err, KT_EIO, "cannot read %s: not a regular file", path);
        return NULL;
    }
    if (st.st_size > KT_DATAFILE_MAX) {
        close(fd);
        kt_seterr(err, KT_EINVAL, "%s: larger than %d bytes", path, KT_DATAFILE_MAX);
        return NULL;
    }
    char *buf = kt_mem_alloc(a, DISK_BLOCK);
    size_t n = 0;
    while (buf && n <= KT_DATAFILE_MAX) {
        ssize_t k = read(fd, buf + n, KT_DATAFILE_MAX + 1 - n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        n += (size_t)k;
    }
    close(fd);
    if (!buf) {
        kt_seterr(err, KT_ENOMEM, "out of memory reading %s", path);
        return NULL;
    }
    if (n > KT_DATAFILE_MAX) {
        kt_mem_free(a, buf, DISK_BLOCK);
        kt_seterr(err, KT_EINVAL, "%s: larger than %d bytes", path, KT_DATAFILE_MAX);
        return NULL;
    }
    buf[n] = '\0';
    if (memchr(buf, '\0', n)) {
        kt_mem_free(a, buf, DISK_BLOCK);
        kt_seterr(err, KT_EINVAL, "%s: not a text file", path);
        return NULL;
    }
    return buf;
}

kt_status kt_datafile_open(kt_datafile *df, const kt_allocator *a, const char *game,
                           const char *dir, const char *file, int writable, kt_err *err)
{
    memset(df, 0, sizeof *df);
    if (a)
        df->a = *a;
    if (dir && *dir) {
        if (strlen(dir) + strlen(file) + 2 > sizeof df->name)
            return kt_seterr(err, KT_EINVAL, "%s option data_dir: path longer than %d bytes", game,
                             (int)(sizeof df->name - 2 - strlen(file)));
        size_t dl = strlen(dir), fl = strlen(file); /* fits: checked above */
        memcpy(df->name, dir, dl);
        df->name[dl] = '/';
        memcpy(df->name + dl + 1, file, fl + 1);
        df->owned = read_disk(&df->a, df->name, err);
        if (!df->owned)
            return err && err->code != KT_OK ? err->code : KT_EIO;
        df->owned_size = DISK_BLOCK;
        df->text = df->owned;
        return KT_OK;
    }
    snprintf(df->name, sizeof df->name, "%s/%s", game, file);
    const kt_embedded *e = kt_embedded_find(df->name);
    if (!e)
        return kt_seterr(err, KT_EINTERNAL, "embedded data file %s is missing", df->name);
    if (!writable) {
        df->text = (const char *)e->data;
        return KT_OK;
    }
    df->owned = kt_mem_alloc(&df->a, e->len + 1);
    if (!df->owned)
        return kt_seterr(err, KT_ENOMEM, "out of memory reading %s", df->name);
    df->owned_size = e->len + 1;
    memcpy(df->owned, e->data, e->len + 1);
    df->text = df->owned;
    return KT_OK;
}

void kt_datafile_close(kt_datafile *df)
{
    kt_mem_free(&df->a, df->owned, df->owned_size);
    df->owned = NULL;
    df->owned_size = 0;
    df->text = NULL;
}
