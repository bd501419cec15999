/*
 * test_datarec.c - the shared record reader of the games' data files
 * (src/core/datarec.c) on files written here: comments and blank lines,
 * names and fields, provenance with and without ref=, numbers, lists and
 * names, and every refusal naming file, line and field (in quiet mode
 * without repeating what the file holds).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/core/datarec.h"
#include "../harness.h"

static const char *const marks[] = {"seed", "rulebook", "public", "recon"};

/* Writes `text` as dir/t.txt; returns the directory (static). */
static const char *write_file(const char *text)
{
    static char dir[64];
    snprintf(dir, sizeof dir, "/tmp/kt_datarec_XXXXXX");
    if (!mkdtemp(dir))
        return NULL;
    char path[128];
    snprintf(path, sizeof path, "%s/t.txt", dir);
    FILE *f = fopen(path, "wb");
    if (!f)
        return NULL;
    fputs(text, f);
    fclose(f);
    return dir;
}

static void remove_file(const char *dir)
{
    char path[128];
    snprintf(path, sizeof path, "%s/t.txt", dir);
    unlink(path);
    rmdir(dir);
}

static kt_drspec spec_of(unsigned flags)
{
    kt_drspec s = {.game = "test", .file = "t.txt", .kinds = "town,route", .src = marks,
                   .nsrc = 4, .min_names = 1, .max_names = 2, .flags = flags};
    return s;
}

/* Writes `text` and opens it with the spec of `flags`: the directory, or NULL. */
static const char *open_text(kt_dr *d, kt_drspec *sp, kt_err *err, unsigned flags,
                             const char *text)
{
    const char *dir = write_file(text);
    *sp = spec_of(flags);
    memset(d, 0, sizeof *d);
    return dir && kt_dr_open(d, sp, NULL, dir, err) ? dir : NULL;
}

/* Reads every record of `text` with a field reader that takes n=0..9 and
 * name=; 1 when all were fine, else 0 with the message in err. */
static int read_all(const char *text, unsigned flags, kt_err *err)
{
    const char *dir = write_file(text);
    if (!dir)
        return -1;
    kt_drspec sp = spec_of(flags);
    kt_dr d = {0};
    int ok = kt_dr_open(&d, &sp, NULL, dir, err);
    kt_drec r;
    int t;
    while (ok && (t = kt_dr_next(&d, &r)) > 0) {
        int n;
        char name[8];
        const char *v = kt_dr_get(&r, "name");
        ok = kt_dr_int(&d, &r, "n", 0, 9, 0, 0, &n) && (!v || kt_dr_text(&d, &r, "name", v, name,
                                                                           sizeof name)) &&
             kt_dr_done(&d, &r, NULL);
    }
    ok = ok && !d.failed;
    kt_dr_close(&d);
    remove_file(dir);
    return ok;
}

static void refused(kt_t *T, const char *text, unsigned flags, const char *want,
                    const char *never)
{
    kt_err err = {0, ""};
    int ok = read_all(text, flags, &err);
    KT_CHECK(ok == 0);
    if (!strstr(err.msg, want))
        KT_FAIL("message '%s' lacks '%s'", err.msg, want);
    if (never && strstr(err.msg, never))
        KT_FAIL("message '%s' quotes '%s'", err.msg, never);
}

KT_TEST(core_datarec_splits_records_with_comments_names_and_provenance)
{
    kt_drspec sp;
    kt_err err = {0, ""};
    kt_dr d;
    const char *dir = open_text(&d, &sp, &err, KT_DR_REF | KT_DR_SPACES,
                                "# a comment\n\n  town AUG n=3 name=Augs_burg src=seed  # end\n"
                                "route AUG NUR n=1 src=recon ref=a_note\r\n");
    KT_REQUIRE(dir);
    kt_drec *all = NULL;
    int n = 0;
    KT_REQUIRE(kt_dr_all(&d, &all, &n));
    KT_EQ(n, 2);
    KT_EQ(all[0].line, 3);
    KT_CHECK(strcmp(all[0].kind, "town") == 0 && all[0].nnames == 1);
    KT_CHECK(strcmp(all[0].name[0], "AUG") == 0);
    KT_CHECK(strcmp(kt_dr_get(&all[0], "name"), "Augs burg") == 0); /* KT_DR_SPACES */
    int x = -1;
    KT_CHECK(kt_dr_int(&d, &all[0], "n", 0, 9, 0, 1, &x) && x == 3);
    uint8_t src = 9;
    KT_CHECK(kt_dr_done(&d, &all[0], &src) && src == 0);
    KT_EQ(all[1].line, 4);
    KT_CHECK(all[1].nnames == 2 && strcmp(all[1].name[1], "NUR") == 0);
    KT_CHECK(kt_dr_int(&d, &all[1], "n", 0, 9, 0, 1, &x) && x == 1);
    KT_CHECK(kt_dr_done(&d, &all[1], &src) && src == 3);
    KT_CHECK(!d.failed);
    kt_dr_all_free(&d, all);
    kt_dr_close(&d);
    remove_file(dir);
}

KT_TEST(core_datarec_refuses_naming_file_line_record_and_field)
{
    refused(T, "town AUG n=3 src=seed\ntown NUR n=12 src=seed\n", 0,
            "t.txt line 2 (town NUR): field 'n': 12 is outside 0..9", NULL);
    refused(T, "town AUG n=x3 src=seed\n", 0, "line 1 (town AUG): field 'n': 'x3' is not a number",
            NULL);
    refused(T, "town AUG n=3 src=guess\n", 0,
            "line 1 (town AUG): field 'src': 'guess' is not one of seed, rulebook, public, recon",
            NULL);
    refused(T, "town AUG n=3\n", 0, "line 1 (town AUG): field 'src': missing", NULL);
    refused(T, "town AUG n=3 colour=red src=seed\n", 0,
            "field 'colour': unknown field for a town record", NULL);
    refused(T, "town AUG n=3 src=seed ref=x\n", 0, "field 'ref': unknown field", NULL); /* no REF */
    refused(T, "town AUG n=3 src=seed ref=\n", KT_DR_REF, "field 'ref': empty", NULL);
    refused(T, "\n\ncity AUG n=3 src=seed\n", 0,
            "line 3 (?): unknown record kind 'city' (expected town,route)", NULL);
    refused(T, "town n=3 src=seed\n", 0, "a town record starts 'town <name> key=value", NULL);
    refused(T, "town A B C n=3 src=seed\n", 0, "word 4: more than 2 names", NULL);
    refused(T, "town AUG n=3 NUR src=seed\n", 0, "word 4: a name after the key=value fields",
            NULL);
    refused(T, "town AUG n=3 n=4 src=seed\n", 0, "field 'n': given twice", NULL);
    refused(T, "town AUG =3 src=seed\n", 0, "word 3: a field with no key", NULL);
    refused(T, "town AUG name=Muenchen_ist_lang src=seed\n", 0,
            "field 'name': a name has 1..7 characters", NULL);
    char lng[1200];
    memset(lng, 'a', sizeof lng - 1);
    lng[sizeof lng - 1] = '\0';
    memcpy(lng, "town A x=", 9);
    refused(T, lng, 0, "t.txt line 1 (?): line longer than 1023 bytes", NULL);
    refused(T, "town A a=1 b=1 c=1 d=1 e=1 f=1 g=1 h=1 i=1 j=1 k=1 l=1 m=1 o=1 p=1 q=1 r=1\n",
            0, "too many words (at most 16 fields)", NULL);
}

KT_TEST(core_datarec_quiet_messages_quote_nothing_from_the_file)
{
    refused(T, "town Zq7 n=3 src=Zq7\n", KT_DR_QUIET,
            "t.txt line 1 (town): field 'src': is not one of seed, rulebook, public, recon", "Zq7");
    refused(T, "town A n=Zq7 src=seed\n", KT_DR_QUIET, "field 'n': not a number", "Zq7");
    refused(T, "town A n=-123456 src=seed\n", KT_DR_QUIET, "field 'n': outside 0..9", "123456");
    refused(T, "town A n=1 Zq7=1 src=seed\n", KT_DR_QUIET,
            "line 1 (town): key=value field 2 is not known for a town record", "Zq7");
    refused(T, "Zq7 A n=1 src=seed\n", KT_DR_QUIET,
            "line 1 (record): a record starts with its kind (town,route)", "Zq7");
    refused(T, "town A n=1 n=2 src=seed\n", KT_DR_QUIET, "word 4: field given twice", NULL);
}

KT_TEST(core_datarec_lists_of_numbers_and_choices)
{
    kt_drspec sp;
    kt_err err = {0, ""};
    kt_dr d;
    const char *dir =
        open_text(&d, &sp, &err, 0, "town A v=1,2,3 w=1,,2 x=4,99 k=road y= src=seed\n");
    KT_REQUIRE(dir);
    kt_drec r;
    KT_REQUIRE(kt_dr_next(&d, &r) == 1);
    int v[4];
    KT_EQ(kt_dr_ints(&d, &r, "v", 0, 9, v, 4), 3);
    KT_CHECK(v[0] == 1 && v[2] == 3);
    static const char *const kinds[] = {"sea", "", "road"};
    uint8_t k = 0;
    KT_CHECK(kt_dr_enum(&d, &r, "k", kinds, 3, 1, 0, &k) && k == 2);
    KT_CHECK(kt_dr_enum(&d, &r, "none", kinds, 3, 0, 1, &k) && k == 1); /* default */
    KT_EQ(kt_dr_ints(&d, &r, "v", 0, 9, v, 2), 0);                    /* more than cap */
    KT_CHECK(strstr(err.msg, "field 'v': more than 2 numbers") != NULL);
    /* the first error stays: later ones do not replace it */
    KT_EQ(kt_dr_ints(&d, &r, "x", 0, 9, v, 4), 0);
    KT_CHECK(strstr(err.msg, "field 'v'") != NULL);
    KT_CHECK(!kt_dr_done(&d, &r, NULL));
    kt_dr_close(&d);
    remove_file(dir);
    kt_dr d2 = {0};
    KT_REQUIRE(kt_dr_open(&d2, &sp, NULL, "/tmp/kt_datarec_none", &err) == 0);
    KT_EQ(d2.code, KT_EIO);
    KT_CHECK(strstr(err.msg, "/tmp/kt_datarec_none/t.txt") != NULL);
}

typedef struct town_t {
    uint8_t toll, ahead;
    uint16_t tax;
} town_t;

/* A field table fills bytes and 16-bit numbers, with defaults, and refuses
 * a missing required field or a number out of range, naming it. */
KT_TEST(core_datarec_field_tables_fill_a_struct)
{
    static const kt_drfield f[] = {
        {.key = "tax", KT_DRF(town_t, tax), .lo = 0, .hi = 5000, .required = 1},
        {.key = "toll", KT_DRF(town_t, toll), .lo = 0, .hi = 1, .def = 1},
        {.key = "ahead", KT_DRF(town_t, ahead), .lo = 0, .hi = 3},
    };
    kt_drspec sp;
    kt_err err = {0, ""};
    kt_dr d;
    const char *dir = open_text(&d, &sp, &err, 0,
                                "town A tax=4000 ahead=2 src=seed\ntown B toll=0 src=seed\n"
                                "town C tax=1 ahead=4 src=seed\n");
    KT_REQUIRE(dir);
    kt_drec r;
    town_t t = {9, 9, 9};
    KT_REQUIRE(kt_dr_next(&d, &r) == 1);
    KT_CHECK(kt_dr_fields(&d, &r, f, 3, &t) && kt_dr_done(&d, &r, NULL));
    KT_CHECK(t.tax == 4000 && t.toll == 1 && t.ahead == 2);
    KT_REQUIRE(kt_dr_next(&d, &r) == 1);
    KT_CHECK(!kt_dr_fields(&d, &r, f, 3, &t));
    KT_CHECK(strstr(err.msg, "t.txt line 2 (town B): field 'tax': missing") != NULL);
    kt_dr_close(&d);
    kt_dr d2 = {0};
    KT_REQUIRE(kt_dr_open(&d2, &sp, NULL, dir, &err));
    KT_REQUIRE(kt_dr_next(&d2, &r) == 1 && kt_dr_next(&d2, &r) == 1 && kt_dr_next(&d2, &r) == 1);
    KT_CHECK(!kt_dr_fields(&d2, &r, f, 3, &t));
    KT_CHECK(strstr(err.msg, "line 3 (town C): field 'ahead': 4 is outside 0..3") != NULL);
    kt_dr_close(&d2);
    remove_file(dir);
}
