/*
 * cli_run.c - in-process command runner for tests (see cli_run.h).
 */
#include "cli_run.h"
#include "../test_games.h"
#include "duel.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *slurp(FILE *f)
{
    fflush(f);
    long n = ftell(f);
    rewind(f);
    char *s = malloc((size_t)(n > 0 ? n : 0) + 1);
    if (!s)
        return NULL;
    size_t r = n > 0 ? fread(s, 1, (size_t)n, f) : 0;
    s[r] = '\0';
    return s;
}

const rn_games kt_test_duel_games = KT_T_GAMES(kt_test_duel);

cli_cap cli_run(cli_body fn, const char *cmd, const char *args, const rn_games *games)
{
    cli_cap c = {-1, NULL, NULL};
    char buf[4096];
    char *argv[128];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", args);
    argv[argc++] = (char *)cmd;
    for (char *t = strtok(buf, " "); t && argc < 127; t = strtok(NULL, " "))
        argv[argc++] = t;
    argv[argc] = NULL;
    FILE *out = tmpfile(), *err = tmpfile();
    if (!out || !err) {
        if (out)
            fclose(out);
        if (err)
            fclose(err);
        return c;
    }
    c.rc = fn(argc, argv, out, err, games);
    c.out = slurp(out);
    c.err = slurp(err);
    fclose(out);
    fclose(err);
    return c;
}

void cli_cap_free(cli_cap *c)
{
    free(c->out);
    free(c->err);
    c->out = c->err = NULL;
}

static int timing_key(const char *k)
{
    static const char *const keys[] = {"seconds", "threads", "games_per_s", "actions_per_s",
                                       "decision_ms", "decision_seconds", NULL};
    for (int i = 0; keys[i]; i++)
        if (!strcmp(k, keys[i]))
            return 1;
    return 0;
}

static void write_stripped(kt_jw *w, const kt_jv *v)
{
    if (v->type == KT_JOBJ) {
        kt_jw_obj(w);
        for (const kt_jv *c = v->child; c; c = c->next) {
            if (timing_key(c->key))
                continue;
            kt_jw_key(w, c->key);
            write_stripped(w, c);
        }
        kt_jw_obj_end(w);
    } else if (v->type == KT_JARR) {
        kt_jw_arr(w);
        for (const kt_jv *c = v->child; c; c = c->next)
            write_stripped(w, c);
        kt_jw_arr_end(w);
    } else {
        kt_jw_value(w, v);
    }
}

char *cli_strip_timing(const char *json)
{
    kt_jdoc doc;
    if (!json || kt_json_parse(json, strlen(json), &doc, NULL) != KT_OK)
        return NULL;
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    write_stripped(&w, doc.root);
    kt_json_free(&doc);
    return kt_buf_take(&b);
}

void cli_tmpname(char *out, size_t cap)
{
    snprintf(out, cap, "/tmp/kt_test_XXXXXX");
    int fd = mkstemp(out);
    if (fd >= 0)
        close(fd);
}

int cli_write(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    int bad = fputs(text, f) < 0;
    bad |= fclose(f) != 0;
    return bad ? -1 : 0;
}
