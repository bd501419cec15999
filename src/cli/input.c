/*
 * input.c - reading the player's lines: line editing with history (Debian's
 * libedit) when both stdin and stdout are terminals, plain bounded line
 * reading otherwise (tests and scripts drive `kontor play` through a pipe).
 *
 * Data layout: cli_input holds either the EditLine and History handles
 * (libedit) or a cli_lines reader on stdin, plus the prompt the libedit
 * prompt callback returns (reached through EL_CLIENTDATA: no globals).
 * Built without libedit (CLI_LIBEDIT undefined) only the plain reader
 * exists.
 */
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef CLI_LIBEDIT
#include <histedit.h>
#endif

/* libedit is not built with MemorySanitizer: what it writes into our
 * memory looks uninitialised to an MSan build unless marked. */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#include <sanitizer/msan_interface.h>
#define IN_WRITTEN(p, n) __msan_unpoison((p), (n))
#endif
#endif
#ifndef IN_WRITTEN
#define IN_WRITTEN(p, n) ((void)(p), (void)(n))
#endif

#include "play.h"

#define CLI_INPUT_MAX 4096

#ifdef CLI_LIBEDIT
static char *in_prompt_cb(EditLine *el)
{
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    IN_WRITTEN(&data, sizeof data);
    return data ? ((cli_input *)data)->prompt : (char *)"> ";
}

/* libedit decodes typed characters with the C library's multibyte
 * functions: in the "C" locale every byte above 127 is dropped ("zurück"
 * arrives as "zurck").  Only the character type is set, from the user's
 * environment when that is UTF-8 (what kontor prints), else C.UTF-8;
 * numbers keep the "C" format. */
static void in_utf8_ctype(void)
{
    const char *l = setlocale(LC_CTYPE, "");
    const char *cs = l ? nl_langinfo(CODESET) : NULL;
    if (!cs || (strcmp(cs, "UTF-8") && strcmp(cs, "utf8")))
        setlocale(LC_CTYPE, "C.UTF-8");
}

static int in_edit_open(cli_input *in)
{
    in_utf8_ctype();
    EditLine *el = el_init("kontor", stdin, stdout, stderr);
    History *h = history_init();
    HistEvent ev;
    if (!el || !h) {
        if (el)
            el_end(el);
        if (h)
            history_end(h);
        return 0;
    }
    history(h, &ev, H_SETSIZE, 500);
    history(h, &ev, H_SETUNIQUE, 1);
    el_set(el, EL_CLIENTDATA, (void *)in);
    el_set(el, EL_PROMPT, in_prompt_cb);
    el_set(el, EL_EDITOR, "emacs");
    el_set(el, EL_HIST, history, h);
    el_source(el, NULL); /* the user's ~/.editrc, if any */
    in->el = el;
    in->hist = h;
    return 1;
}
#endif

void cli_input_open(cli_input *in, int allow_edit)
{
    memset(in, 0, sizeof *in);
    cli_lines_init(&in->lines, stdin, CLI_INPUT_MAX);
#ifdef CLI_LIBEDIT
    if (allow_edit && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
        in_edit_open(in);
#else
    (void)allow_edit;
#endif
}

void cli_input_close(cli_input *in)
{
#ifdef CLI_LIBEDIT
    if (in->el)
        el_end((EditLine *)in->el);
    if (in->hist)
        history_end((History *)in->hist);
#endif
    in->el = in->hist = NULL;
    cli_lines_free(&in->lines);
    free(in->buf);
    in->buf = NULL;
}

/* One line without its end into in->buf.  1: a line; 0: end of input or
 * interrupted by a signal (the caller checks its signal flag). */
int cli_input_read(cli_input *in, const char *prompt, const char **line)
{
    snprintf(in->prompt, sizeof in->prompt, "%s", prompt);
#ifdef CLI_LIBEDIT
    if (in->el) {
        int n = 0;
        const char *l = el_gets((EditLine *)in->el, &n);
        IN_WRITTEN(&n, sizeof n);
        IN_WRITTEN(&l, sizeof l);
        if (!l || n <= 0)
            return 0;
        IN_WRITTEN(l, (size_t)n + 1);
        size_t len = strcspn(l, "\r\n");
        if (len > CLI_INPUT_MAX)
            len = CLI_INPUT_MAX;
        char *b = realloc(in->buf, len + 1);
        if (!b)
            return 0;
        memcpy(b, l, len);
        b[len] = '\0';
        in->buf = b;
        if (len) {
            HistEvent ev;
            history((History *)in->hist, &ev, H_ENTER, b);
        }
        *line = b;
        return 1;
    }
#endif
    fputs(prompt, stdout);
    fflush(stdout);
    for (;;) {
        size_t len;
        int r = cli_lines_next(&in->lines, &len);
        if (r == 0)
            return 0;
        if (r < 0) {
            printf("  (line longer than %d bytes ignored)\n%s", CLI_INPUT_MAX, prompt);
            fflush(stdout);
            continue;
        }
        /* echo what was read when it does not come from a terminal, so a
         * transcript shows the choices */
        if (!isatty(STDIN_FILENO))
            printf("%s\n", in->lines.line);
        *line = in->lines.line;
        return 1;
    }
}
