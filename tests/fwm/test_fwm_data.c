/*
 * test_fwm_data.c - Fugger, Welser, Medici: the component data.  The
 * built-in files load with the seed's counts; errors name the file, line,
 * record and field; a data directory replaces the built-in data; every
 * record carries its provenance.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/core/embed.h"
#include "fwm_helpers.h"

static const char *const files[5] = {"map.txt", "calendar.txt", "cards.txt", "track.txt",
                                     "decks.txt"};

/* Copies the built-in files into a new directory, replacing `from` by `to`
 * in `file` (NULL: no change).  Returns the directory (static buffer of
 * the caller). */
static int data_dir(kt_t *T, char *dir, size_t cap, const char *file, const char *from,
                    const char *to)
{
    snprintf(dir, cap, "/tmp/fwm-data-XXXXXX");
    if (!mkdtemp(dir)) {
        KT_FAIL("mkdtemp failed");
        return 0;
    }
    for (int i = 0; i < 5; i++) {
        char key[64], path[512];
        snprintf(key, sizeof key, "fwm/%s", files[i]);
        const kt_embedded *e = kt_embedded_find(key);
        if (!KT_CHECK(e != NULL))
            return 0;
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        FILE *f = fopen(path, "wb");
        if (!f)
            return 0;
        const char *text = (const char *)e->data;
        const char *hit = file && strcmp(file, files[i]) == 0 ? strstr(text, from) : NULL;
        if (file && strcmp(file, files[i]) == 0 && !hit)
            KT_FAIL("'%s' not found in %s", from, files[i]);
        if (hit) {
            fwrite(text, 1, (size_t)(hit - text), f);
            fputs(to, f);
            fputs(hit + strlen(from), f);
        } else {
            fputs(text, f);
        }
        fclose(f);
    }
    return 1;
}

static void rm_dir(const char *dir)
{
    for (int i = 0; i < 5; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        remove(path);
    }
    rmdir(dir);
}

/* kt_game_new with the changed data must fail with `want` in the message. */
static void bad(kt_t *T, const char *file, const char *from, const char *to, const char *want)
{
    char dir[256], opts[400];
    if (!data_dir(T, dir, sizeof dir, file, from, to))
        return;
    snprintf(opts, sizeof opts, "data_dir=%s", dir);
    kt_game *g = NULL;
    kt_err err = {0, ""};
    kt_status st = kt_game_new("fwm", opts, 3, 1, NULL, &g, &err);
    KT_EQ(st, KT_EINVAL);
    KT_CHECK(g == NULL);
    if (!strstr(err.msg, want))
        KT_FAIL("message '%s' lacks '%s'", err.msg, want);
    kt_game_free(g);
    rm_dir(dir);
}

KT_TEST(fwm_data_builtin_loads_with_the_seed_counts)
{
    kt_scn c = fwm_scn(T, NULL, 3, NULL);
    KT_REQUIRE(c.s);
    const fwm_cfg *cf = C(&c);
    int n[CT_NTYPES] = {0}, towns = 0, seas = 0;
    for (int i = 0; i < cf->ncard; i++)
        if (cf->card[i].level == 1)
            n[cf->card[i].type]++;
    KT_EQ(n[CT_DEMAND], 24);
    KT_EQ(n[CT_SUPPLY], 11);
    KT_EQ(n[CT_EVENT], 6);
    KT_EQ(n[CT_FAIR], 2);
    for (int a = 0; a < cf->narea; a++)
        seas += cf->area[a].sea;
    KT_EQ(seas, 4); /* the seed's four sea areas */
    for (int i = 0; i < cf->nsp; i++)
        towns += cf->sp[i].kind == SK_TOWN;
    KT_CHECK(towns >= 7);
    const char *seed_towns[7] = {"AUG", "NUR", "FLO", "KOL", "VEN", "SUD", "POR"};
    for (int i = 0; i < 7; i++)
        KT_CHECK(fwm_sp(&c, seed_towns[i]) >= 0);
    KT_EQ(cf->sp[fwm_sp(&c, "AUG")].tax, 300);
    KT_EQ(cf->sp[fwm_sp(&c, "NUR")].tax, 300);
    KT_EQ(cf->sp[fwm_sp(&c, "FLO")].tax, 400);
    KT_CHECK(cf->sp[fwm_sp(&c, "KOL")].toll);
    KT_CHECK(fwm_area_find(cf, "kurrhein") >= 0);
    /* all eleven events of the seed exist */
    int ev[EV_N] = {0};
    for (int i = 0; i < cf->ncard; i++)
        ev[cf->card[i].event]++;
    for (int e = 1; e < EV_N; e++)
        KT_CHECK(ev[e] > 0);
    /* the map is connected: every space reaches every other */
    for (int a = 0; a < cf->nsp; a++)
        KT_CHECK(cf->dist[0][0][a] != 255);
    kt_scn_free(&c);
}

KT_TEST(fwm_data_errors_name_file_line_record_and_field)
{
    bad(T, "cards.txt", "card N07 level=1 type=demand town=LON", "card N07 level=1 type=demand town=XYZ",
        "cards.txt line");
    bad(T, "cards.txt", "card N07 level=1 type=demand town=LON", "card N07 level=1 type=demand town=XYZ",
        "(card N07): field 'town': unknown town 'XYZ'");
    bad(T, "cards.txt", "goods=spice:3:1300 ", "goods=spice:3:1310 ", "multiple of 20");
    bad(T, "map.txt", "route HAM LUB", "route HAM XXX", "(route HAM): a route joins two different towns");
    bad(T, "map.txt", "town KOL en=Cologne", "town KOL en=Cologne colour=red", "field 'colour': unknown field");
    bad(T, "calendar.txt", "cal jul1   en=early_July", "cal jul1   en=early_July fair=1",
        "field 'fair': a second fair space");
    bad(T, "track.txt", "iou=7-9 ", "iou=7-8 ", "the sum 9 has no outcome");
    bad(T, "decks.txt", "deck trading  supply pile=10-p open=2", "deck trading  supply pile=30 open=2",
        "wants 30 cards of a type of which 11 exist");
    bad(T, "cards.txt", "card E03 level=1", "card E03 level=2", "level 1 must hold");
}

KT_TEST(fwm_data_every_record_needs_its_provenance)
{
    bad(T, "map.txt", "town LON en=London            de=London            area=england     at=8,2   src=recon",
        "town LON en=London            de=London            area=england     at=8,2",
        "(town LON): field 'src': missing");
    bad(T, "cards.txt", "after=reserve src=recon", "after=reserve src=guess",
        "is not one of seed, rulebook, public, recon");
}

KT_TEST(fwm_data_directory_replaces_the_builtin_data)
{
    char dir[256], opts[400];
    KT_REQUIRE(data_dir(T, dir, sizeof dir, "cards.txt", "goods=spice:3:1300 ", "goods=spice:3:1500 "));
    snprintf(opts, sizeof opts, "data_dir=%s", dir);
    kt_game *g = NULL;
    kt_err err;
    if (KT_OKS(kt_game_new("fwm", opts, 3, 1, NULL, &g, &err), &err)) {
        const fwm_cfg *c = fwm_config(g);
        KT_EQ(c->card[fwm_card_find(c, "N07")].line[0].bound, 1500);
        KT_CHECK(kt_game_reads_files(g)); /* hosts serving untrusted clients refuse it */
    }
    kt_game_free(g);
    rm_dir(dir);
    /* a missing directory is an I/O error naming the path */
    kt_status st = kt_game_new("fwm", "data_dir=/nonexistent/fwm", 3, 1, NULL, &g, &err);
    KT_EQ(st, KT_EIO);
    KT_CHECK(strstr(err.msg, "/nonexistent/fwm/map.txt") != NULL);
}

/* The shared record reader (core/datarec) on FWM's files: a malformed line,
 * an unknown provenance, a number out of range and a missing field are each
 * refused naming file and line (bad() also checks that no game is made). */
KT_TEST(fwm_data_shared_reader_names_file_and_line)
{
    bad(T, "map.txt", "town KOL en=Cologne ", "town KOL en=Cologne =x ",
        "map.txt line 67 (town KOL): word 4: a field with no key");
    bad(T, "map.txt", "toll=1   src=seed", "toll=1   src=rumour",
        "map.txt line 67 (town KOL): field 'src': 'rumour' is not one of seed, rulebook, public, "
        "recon");
    bad(T, "calendar.txt", "month=1  winter=1", "month=13 winter=1",
        "calendar.txt line 19 (cal janfeb): field 'month': 13 is outside 1..12");
    bad(T, "cards.txt", "card N07 level=1 type=demand", "card N07 type=demand",
        "cards.txt line 36 (card N07): field 'level': missing");
    bad(T, "cards.txt", "card N07 level=1", "cardz N07 level=1",
        "cards.txt line 36 (?): unknown record kind 'cardz' (expected card)");
}
