/*
 * test_fwm_terminal.c - Fugger, Welser, Medici in `kontor play` (issue 29):
 * a price typed at once ("price 900") where the game asks for it in steps
 * of ranges ("price 20-980", "price 900-980", "price 900") takes every
 * step; the position comes from a scenario, saved and continued with
 * `kontor play --load`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../harness.h"
#include "fwm_helpers.h"

#define DISPLAY "\"open\":[{\"card\":\"A03\",\"due\":5,\"seq\":1},{\"card\":\"N09\",\"due\":6,\"seq\":2}," \
                "{\"card\":\"N01\",\"due\":7,\"seq\":3},{\"card\":\"N02\",\"due\":8,\"seq\":4}],\"seq\":4," \
                "\"deck\":[\"N03\",\"N05\"],\"where\":{\"A03\":\"open\",\"N09\":\"open\",\"N01\":\"open\"," \
                "\"N02\":\"open\",\"N03\":\"deck\",\"N05\":\"deck\"},\"known\":{\"A03\":1,\"N09\":1,\"N01\":1,\"N02\":1}"

static char *ft_run(const char *args, const char *input)
{
    char self[4096], cmd[9000];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return NULL;
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    char in[64] = "/tmp/kt_fwm_in_XXXXXX";
    int fd = mkstemp(in);
    if (fd < 0)
        return NULL;
    if (write(fd, input, strlen(input)) < 0) {
        close(fd);
        return NULL;
    }
    close(fd);
    snprintf(cmd, sizeof cmd, "NO_COLOR=1 '%s/kontor' %s < %s 2>&1", self, args, in);
    FILE *p = popen(cmd, "r");
    char *out = NULL;
    size_t len = 0, cap = 0;
    char buf[4096];
    size_t r;
    while (p && (r = fread(buf, 1, sizeof buf, p)) > 0) {
        if (len + r + 1 > cap) {
            cap = (len + r + 1) * 2;
            char *nb = realloc(out, cap);
            if (!nb)
                break;
            out = nb;
        }
        memcpy(out + len, buf, r);
        len += r;
        out[len] = '\0';
    }
    if (p)
        pclose(p);
    unlink(in);
    return out;
}

KT_TEST(fwm_terminal_price_typed_at_once_takes_every_step)
{
    char patch[4096];
    snprintf(patch, sizeof patch,
             "{\"state\":{\"players\":{\"2\":{\"merchants\":{\"A\":{\"at\":\"AUG\",\"cargo\":"
             "{\"spice\":2,\"metal\":1},\"stamp\":3}}}},%s}}",
             DISPLAY);
    kt_scn c = fwm_scn(T, NULL, 3, patch);
    KT_REQUIRE(c.s);
    AS(&c, 2, "end turn");
    AS(&c, 2, "sell to player 1 in Augsburg");
    AS(&c, 2, "add spice");
    AS(&c, 2, "done");
    KT_STREQ(kt_decision(c.g, c.s), "offer_price");
    char *js = kt_state_json(c.g, c.s);
    char path[64] = "/tmp/kt_fwm_state_XXXXXX";
    int fd = mkstemp(path);
    KT_REQUIRE(fd >= 0 && js);
    KT_REQUIRE(write(fd, js, strlen(js)) == (ssize_t)strlen(js));
    close(fd);
    kt_free(js);
    char args[256];
    snprintf(args, sizeof args, "play fwm --seats easy,easy,human --load %s", path);
    char *out = ft_run(args, "price 900\nquit\nyes\n");
    KT_REQUIRE(out);
    const char *typed = strstr(out, "> price 900\n");
    KT_CHECK(typed && strstr(typed, "> price 900-980\n") && strstr(typed, "> price 900\n"));
    if (!KT_CHECK(strstr(out, "1 spice for 900 FL") && !strstr(out, "not a legal action")))
        printf("%s\n", out);
    free(out);
    unlink(path);
    kt_scn_free(&c);
}
