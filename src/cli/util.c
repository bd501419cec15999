/*
 * util.c - argument parsing and small helpers shared by the subcommands.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "play.h"

int cli_parse_u64(const char *s, uint64_t *out)
{
    if (!s || !*s || *s == '-')
        return 0;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (*end || errno)
        return 0;
    *out = v;
    return 1;
}

int cli_parse_int(const char *s, long long lo, long long hi, long long *out)
{
    if (!s || !*s)
        return 0;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (*end || errno || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

int cli_split(char *s, char sep, char **out, int cap)
{
    int n = 0;
    if (!s || !*s)
        return 0;
    while (n < cap) {
        out[n++] = s;
        char *e = strchr(s, sep);
        if (!e)
            break;
        *e = '\0';
        s = e + 1;
    }
    return n;
}

char *cli_read_file(const char *path, size_t *len)
{
    char why[200];
    return cli_read_file_max(path, CLI_FILE_MAX, len, why, sizeof why);
}

/* Read at most `max` bytes: a file that is larger (or endless, like
 * /dev/zero) is refused instead of filling memory. */
char *cli_read_file_max(const char *path, size_t max, size_t *len, char *why, size_t whycap)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, whycap, "cannot read '%s': %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap);
    int toolong = 0;
    while (buf) {
        size_t r = fread(buf + n, 1, cap - n - 1, f);
        n += r;
        if (n + 1 < cap)
            break;
        if (n > max) {
            toolong = 1;
            break;
        }
        cap *= 2;
        char *nb = realloc(buf, cap);
        if (!nb) {
            free(buf);
            buf = NULL;
        } else {
            buf = nb;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad || toolong || n > max) {
        if (toolong || n > max)
            snprintf(why, whycap, "'%s' is larger than %zu MiB (not a kontor file?)", path,
                     max >> 20);
        else
            snprintf(why, whycap, "cannot read '%s': %s", path,
                     buf ? "read error" : "out of memory");
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

/* Write all of text to fd and fsync it (a device that cannot be synced,
 * like a terminal, is fine).  0 with errno set on failure. */
static int ut_write_all(int fd, const char *text, size_t len)
{
    while (len) {
        ssize_t w = write(fd, text, len);
        if (w < 0 && errno == EINTR)
            continue; /* a signal's flag is handled by the caller afterwards */
        if (w <= 0) {
            if (w == 0)
                errno = EIO;
            return 0;
        }
        text += w;
        len -= (size_t)w;
    }
    return fsync(fd) == 0 || errno == EINVAL || errno == EROFS;
}

static void ut_dir_of(const char *path, char *out, size_t cap)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(out, cap, ".");
    else if (slash == path)
        snprintf(out, cap, "/");
    else
        snprintf(out, cap, "%.*s", (int)(slash - path), path);
}

int cli_write_durable(const char *path, const char *text, size_t len, char *why, size_t whycap)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* a device or pipe: no rename over it, write in place */
        int fd = open(path, O_WRONLY | O_TRUNC);
        if (fd < 0 || !ut_write_all(fd, text, len)) {
            snprintf(why, whycap, "cannot write '%s': %s", path, strerror(errno));
            if (fd >= 0)
                close(fd);
            return 0;
        }
        if (close(fd) != 0) {
            snprintf(why, whycap, "cannot write '%s': %s", path, strerror(errno));
            return 0;
        }
        return 1;
    }
    char tmp[4200];
    if (strlen(path) > 4000) {
        snprintf(why, whycap, "file name too long");
        return 0;
    }
    snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(why, whycap, "cannot create '%s': %s", path, strerror(errno));
        return 0;
    }
    mode_t mask = umask(0);
    umask(mask);
    int ok = fchmod(fd, 0666 & ~mask) == 0 && ut_write_all(fd, text, len);
    int e = errno;
    if (close(fd) != 0 && ok) {
        ok = 0;
        e = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = 0;
        e = errno;
    }
    if (!ok) {
        unlink(tmp);
        snprintf(why, whycap, "cannot write '%s': %s", path, strerror(e));
        return 0;
    }
    /* the rename itself reaches the disk with the folder */
    char dir[4200];
    ut_dir_of(path, dir, sizeof dir);
    int dfd = open(dir, O_RDONLY);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return 1;
}

void cli_lines_init(cli_lines *in, FILE *f, size_t max)
{
    memset(in, 0, sizeof *in);
    in->f = f;
    in->max = max;
}

void cli_lines_free(cli_lines *in)
{
    free(in->line);
    in->line = NULL;
}

/* Next line without its end (\n, \r\n): 1 with *len set, 0 at end of input,
 * -1 for a line longer than max (skipped up to its end; memory stays
 * bounded).  in->line is NUL terminated. */
int cli_lines_next(cli_lines *in, size_t *len)
{
    size_t n = 0;
    int c, over = 0, any = 0;
    while ((c = getc(in->f)) != EOF) {
        any = 1;
        if (c == '\n')
            break;
        if (over)
            continue;
        if (n + 2 > in->cap) {
            size_t cap = in->cap ? in->cap * 2 : 4096;
            if (cap > in->max + 2)
                cap = in->max + 2;
            if (n + 2 > cap) {
                over = 1;
                continue;
            }
            char *p = realloc(in->line, cap);
            if (!p) {
                over = 1;
                continue;
            }
            in->line = p;
            in->cap = cap;
        }
        in->line[n++] = (char)c;
    }
    if (!any)
        return 0;
    if (over)
        return -1;
    while (n && in->line[n - 1] == '\r')
        n--;
    if (!in->line) {
        in->line = malloc(1);
        if (!in->line)
            return -1;
        in->cap = 1;
    }
    in->line[n] = '\0';
    *len = n;
    return 1;
}

double cli_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

uint64_t cli_time_seed(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    uint64_t x = (uint64_t)t.tv_sec * 1000000007ULL ^ (uint64_t)t.tv_nsec;
    x ^= x >> 31;
    x *= 0x9e3779b97f4a7c15ULL;
    return (x ^ (x >> 29)) % 1000000000ULL; /* short enough to type back */
}

static void opt_append(cli_game_args *a, const char *kv)
{
    size_t n = strlen(a->options);
    snprintf(a->options + n, sizeof a->options - n, "%s%s", n ? ";" : "", kv);
}

int cli_flag_in(const char *flag, const char *list)
{
    size_t fl = strlen(flag);
    for (const char *p = list; p && *p;) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n == fl && !strncmp(p, flag, n))
            return 1;
        if (!e)
            break;
        p = e + 1;
    }
    return 0;
}

int cli_parse_game_args(int argc, char **argv, cli_game_args *a, const char *cmd,
                        const char *valflags, const char *boolflags)
{
    memset(a, 0, sizeof *a);
    a->lang = KT_LANG_EN;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        long long x;
        if (arg[0] != '-') {
            if (a->game) {
                if (a->nrest < 128)
                    a->rest[a->nrest++] = argv[i];
                continue;
            }
            a->game = arg;
        } else if (!strcmp(arg, "--players") || !strcmp(arg, "-p")) {
            if (!cli_parse_int(val, 1, KT_MAX_PLAYERS, &x)) {
                fprintf(stderr, "kontor %s: --players needs a number from 1 to %d\n", cmd,
                        KT_MAX_PLAYERS);
                return 2;
            }
            a->players = (int)x;
            i++;
        } else if (!strcmp(arg, "--seed")) {
            if (!cli_parse_u64(val, &a->seed)) {
                fprintf(stderr, "kontor %s: --seed needs a non-negative 64-bit integer\n", cmd);
                return 2;
            }
            a->seed_given = 1;
            i++;
        } else if (!strcmp(arg, "--lang")) {
            if (!val || (strcmp(val, "en") && strcmp(val, "de"))) {
                fprintf(stderr, "kontor %s: --lang must be en or de\n", cmd);
                return 2;
            }
            a->lang = !strcmp(val, "de") ? KT_LANG_DE : KT_LANG_EN;
            i++;
        } else if (!strcmp(arg, "--option") || !strcmp(arg, "-o")) {
            if (!val || !strchr(val, '=')) {
                fprintf(stderr, "kontor %s: %s needs key=value\n", cmd, arg);
                return 2;
            }
            opt_append(a, val);
            i++;
        } else {
            /* --key value where key is a game option; else the command's */
            const kt_gameinfo *gi = a->game ? kt_game_find(a->game) : NULL;
            const char *key = arg + (arg[1] == '-' ? 2 : 1);
            int is_opt = 0;
            for (int k = 0; gi && k < gi->nopts; k++)
                if (!strcmp(gi->opts[k].name, key))
                    is_opt = 1;
            int nc;
            const kt_optinfo *co = kt_common_options(&nc);
            for (int k = 0; k < nc; k++)
                if (!strcmp(co[k].name, key))
                    is_opt = 1;
            if (is_opt) {
                if (!val) {
                    fprintf(stderr, "kontor %s: %s needs a value\n", cmd, arg);
                    return 2;
                }
                char kv[2048];
                snprintf(kv, sizeof kv, "%s=%s", key, val);
                opt_append(a, kv);
                i++;
            } else if (cli_flag_in(arg, valflags)) {
                if (!val) {
                    fprintf(stderr, "kontor %s: %s needs a value\n", cmd, arg);
                    return 2;
                }
                if (a->nrest < 126) {
                    a->rest[a->nrest++] = argv[i];
                    a->rest[a->nrest++] = argv[++i];
                }
            } else if (cli_flag_in(arg, boolflags)) {
                if (a->nrest < 127)
                    a->rest[a->nrest++] = argv[i];
            } else {
                fprintf(stderr, "kontor %s: unknown option '%s'%s (see kontor %s --help)\n", cmd,
                        arg, gi ? "" : " (or give the game first)", cmd);
                return 2;
            }
        }
    }
    if (!a->seed_given)
        a->seed = cli_time_seed();
    return 0;
}
