/*
 * test_an_data.c - Anno 1701's component data: the seed's counts hold, every
 * record carries a provenance, bad data files are refused with the file,
 * line, record and field named, the data_dir option replaces the built-in
 * data, and every component has help in English and German.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/core/embed.h"
#include "../../src/core/game.h"
#include "an_helpers.h"

static const char *const files[] = {"game.txt", "start.txt", "inhabitants.txt", "era.txt",
                                    "voyages.txt"};

/* A directory with copies of the built-in data files. */
static char *data_copy(void)
{
    char tmpl[] = "/tmp/an_data_XXXXXX";
    char *dir = mkdtemp(tmpl);
    if (!dir)
        return NULL;
    dir = strdup(dir);
    for (int i = 0; i < 5; i++) {
        char path[300], name[64];
        snprintf(name, sizeof name, "anno1701/%s", files[i]);
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        const kt_embedded *e = kt_embedded_find(name);
        FILE *f = fopen(path, "wb");
        if (!e || !f) {
            if (f)
                fclose(f);
            free(dir);
            return NULL;
        }
        fwrite(e->data, 1, e->len, f);
        fclose(f);
    }
    return dir;
}

static void data_rm(char *dir)
{
    for (int i = 0; i < 5; i++) {
        char path[300];
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
    free(dir);
}

/* Replace the first `from` in dir/file by `to`. */
static int edit(const char *dir, const char *file, const char *from, const char *to)
{
    char path[300];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *at = strstr(buf, from);
    if (!at)
        return 0;
    f = fopen(path, "wb");
    if (!f)
        return 0;
    fwrite(buf, 1, (size_t)(at - buf), f);
    fputs(to, f);
    fputs(at + strlen(from), f);
    fclose(f);
    return 1;
}

/* Loading with the edit refuses with a message containing every `want`. */
static void refused(kt_t *T, const char *file, const char *from, const char *to,
                    const char *want1, const char *want2)
{
    char *dir = data_copy();
    KT_REQUIRE(dir);
    KT_REQUIRE(edit(dir, file, from, to));
    char opts[400];
    snprintf(opts, sizeof opts, "data_dir=%s", dir);
    kt_game *g = NULL;
    kt_err err = {0, ""};
    KT_CHECK(kt_game_new("anno1701", opts, 2, 1, NULL, &g, &err) != KT_OK);
    KT_CHECK(g == NULL);
    if (!strstr(err.msg, want1) || (want2 && !strstr(err.msg, want2)))
        KT_FAIL("message '%s' lacks '%s' / '%s'", err.msg, want1, want2 ? want2 : "");
    data_rm(dir);
}

KT_TEST(anno_data_counts_match_the_seed)
{
    kt_scn c = an_scn(T, NULL, NULL, NULL, NULL);
    KT_REQUIRE(c.g);
    const an_cfg *k = AC(&c);
    int era[4] = {0}, acts = 0, kinds = 0; /* action cards: 13 copies of 8 kinds */
    for (int d = 0; d < k->ndef; d++) {
        era[k->def[d].era] += k->def[d].copies;
        if (k->def[d].family == FAM_ACTION)
            acts += k->def[d].copies, kinds |= 1 << k->def[d].act;
        KT_CHECK(k->def[d].src <= SRC_ANALOGY);
    }
    KT_EQ(era[1], 18);
    KT_EQ(era[2], 18);
    KT_EQ(era[3], 18);
    KT_EQ(kinds, 0x1fe); /* the eight action cards of the seed */
    KT_EQ(acts, 13);
    int inh = k->level[1].copies + k->level[2].copies + k->level[3].copies;
    KT_EQ(54 + 2 * AN_NSTART + inh + AN_NVOY, 120);
    KT_EQ(k->k.pile_size, 9);
    KT_EQ(k->k.land_cap, 3);
    KT_EQ(k->k.ware_cap, 3);
    KT_EQ(k->k.centre_start[0] + k->k.centre_start[1], 6);                      /* seed: 6 gold */
    KT_EQ(k->k.discontent[k->k.centre_start[0]] + k->k.discontent[k->k.centre_start[1]], 2);
    KT_EQ(k->k.discontent[0], 4);                                                /* chaos: 4 */
    KT_EQ(2 * k->k.centre_cap, 8);                                               /* 8 gold */
    KT_EQ(k->k.queen_goal, 7);
    KT_EQ(k->k.merchant_goal, 2);
    KT_EQ(k->k.spaces, 16);
    /* seed costs: settler 2 cloth + 2 food (example: 2 wood + 2 cloth), citizen 2 food + 2 rum
     * + 1 tobacco, merchant 2 food + 2 rum + 2 tobacco; cannon foundry brick + wood + tools */
    KT_EQ(k->level[1].cost[GD_CLOTH] * 10 + k->level[1].cost[GD_FOOD], 22);
    KT_EQ(k->level[1].alt[GD_WOOD] * 10 + k->level[1].alt[GD_CLOTH], 22);
    KT_EQ(k->level[2].cost[GD_FOOD] * 100 + k->level[2].rum * 10 + k->level[2].tob, 221);
    KT_EQ(k->level[3].cost[GD_FOOD] * 100 + k->level[3].rum * 10 + k->level[3].tob, 222);
    int foundry = an_t_def(&c, "Cannon Foundry");
    KT_REQUIRE(foundry >= 0);
    KT_EQ(k->def[foundry].cost[GD_BRICK] + k->def[foundry].cost[GD_WOOD] +
              k->def[foundry].cost[GD_TOOLS],
          3);
    /* the start sets: 18 lettered cards each, 8 landscapes of every good */
    for (int si = 0; si < 2; si++) {
        int goods = 0;
        for (int l = 0; l < AN_NLAND; l++)
            goods |= 1 << k->set[si].land[l].good;
        KT_EQ(goods, 0x1f);
        KT_EQ(k->set[si].letters[AN_NSTART - 1], 'A' + AN_NSTART - 1);
    }
    kt_scn_free(&c);
}

KT_TEST(anno_data_refuses_bad_files_naming_file_line_record_field)
{
    refused(T, "era.txt", "cost=1b+1w+1t cannons=2", "cost=1b+1x+1t cannons=2", "era.txt line",
            "(building M08): field 'cost'");
    refused(T, "era.txt", "copies=2 src=recon ref=effect_seed;copies_recon\naction   A02",
            "copies=3 src=recon ref=effect_seed;copies_recon\naction   A02", "era 1 has 19 cards",
            NULL);
    refused(T, "voyages.txt", "strength=1 demand=1", "strength=1 demand=7", "voyages.txt line",
            "field 'demand': 7 is outside 1..3");
    refused(T, "start.txt", "good=wood  die=1 centre=B", "good=wood  die=9 centre=B",
            "start.txt line", "(start H): field 'die'");
    refused(T, "inhabitants.txt", "copies=7", "copies=7 colour=red", "inhabitants.txt line",
            "field 'colour': unknown field");
    refused(T, "game.txt", "scalar hand_size         value=3  src=seed",
            "scalar hand_size         value=3  src=guess", "game.txt line",
            "field 'src': 'guess' is not one of seed, public, recon, analogy");
    refused(T, "voyages.txt", "kind=cliffs name=Dangerous_Cliffs", "kind=reef name=Dangerous_Cliffs",
            "voyages.txt line", "field 'kind'");
    refused(T, "game.txt", "face 6 event=pirate_hunt", "face 6 event=fire",
            "event fire must be on exactly one face", NULL);
    /* found by fuzz_data: a second V03 instead of V06 made saves that did
     * not load back ("the voyage deck is not the 14 voyage cards") */
    refused(T, "voyages.txt", "voyage V06 kind=trader", "voyage V03 kind=trader",
            "voyage id V03 is used twice", NULL);
}

KT_TEST(anno_data_dir_replaces_the_built_in_data)
{
    char *dir = data_copy();
    KT_REQUIRE(dir);
    /* an owner's value: the Chapel costs 2 wood */
    KT_REQUIRE(edit(dir, "era.txt", "de=Kapelle          cost=1w+1b", "de=Kapelle          cost=2w"));
    char opts[400];
    snprintf(opts, sizeof opts, "data_dir=%s", dir);
    kt_scn c = an_scn(T, opts, "{\"hand\":[\"L07\"],\"land\":[2,1,1,0,1,1,1,1]}", NULL, NULL);
    if (c.g) {
        KT_CHECK(LEGAL(&c, "build Chapel"));
        KT_DO(&c, "build Chapel");
        KT_EQ(an_t_goods(&c, 0, GD_WOOD), 1);
        KT_EQ(an_t_goods(&c, 0, GD_BRICK), 0);
    }
    kt_scn_free(&c);
    /* a missing directory is an error naming it */
    kt_game *g = NULL;
    kt_err err = {0, ""};
    KT_CHECK(kt_game_new("anno1701", "data_dir=/nonexistent/anno", 2, 1, NULL, &g, &err) != KT_OK);
    KT_CHECK(strstr(err.msg, "/nonexistent/anno/game.txt") != NULL);
    data_rm(dir);
}

KT_TEST(anno_help_explains_every_component_in_english_and_german)
{
    kt_scn c = an_scn(T, NULL, NULL, NULL, NULL);
    KT_REQUIRE(c.g);
    const an_cfg *k = AC(&c);
    int missing = 0;
    for (int lang = 0; lang < 2; lang++) {
        for (int d = 0; d < k->ndef; d++) {
            char *out = NULL;
            kt_err err;
            const char *name = lang ? k->def[d].de : k->def[d].name;
            if (kt_game_describe("anno1701", name, lang, NULL, &out, &err) != KT_OK ||
                strlen(out) < 40)
                missing++, printf("      no help for %s\n", name);
            kt_free(out);
        }
        for (int d = 0; d < k->nvdef; d++) {
            char *out = NULL;
            kt_err err;
            if (kt_game_describe("anno1701", lang ? k->vdef[d].de : k->vdef[d].name, lang, NULL,
                                 &out, &err) != KT_OK)
                missing++;
            kt_free(out);
        }
        static const char *const other[2][16] = {
            {"Pioneer", "Settler", "Citizen", "Merchant", "Lion", "Dragon", "Village Centre",
             "Overview", "Ship", "Number Die", "Event Die", "Trade Power", "Sea Power", "Fire",
             "Rum Warehouse", "Ore Mine"},
            {"Pionier", "Siedler", "Bürger", "Kaufmann", "Löwe", "Drache", "Dorfzentrum",
             "Übersicht", "Schiff", "Zahlenwürfel", "Ereigniswürfel", "Handelsmacht", "Seemacht",
             "Feuer", "Tabaklager", "Lehmgrube"}};
        for (int i = 0; i < 16; i++) {
            char *out = NULL;
            kt_err err;
            if (kt_game_describe("anno1701", other[lang][i], lang, NULL, &out, &err) != KT_OK)
                missing++, printf("      no help for %s\n", other[lang][i]);
            kt_free(out);
        }
    }
    KT_EQ(missing, 0);
    char *out = NULL;
    kt_err err;
    KT_OKS(kt_game_describe("anno1701", "kanonengiesserei", KT_LANG_DE, NULL, &out, &err), &err);
    KT_CHECK(out && strstr(out, "Kosten: 1 Holz, 1 Ziegel, 1 Werkzeug") != NULL);
    kt_free(out);
    KT_OKS(kt_game_describe("anno1701", "Spy", KT_LANG_EN, NULL, &out, &err), &err);
    KT_CHECK(out && strstr(out, "hand") != NULL);
    kt_free(out);
    KT_CHECK(kt_game_describe("anno1701", "Settlers of Catan", KT_LANG_EN, NULL, &out, &err) ==
             KT_EUNKNOWN);
    char *list = kt_game_components("anno1701", KT_LANG_DE, NULL);
    KT_CHECK(list && strstr(list, "Epoche III") && strstr(list, "Wirbelsturm"));
    kt_free(list);
    KT_CHECK(kt_game_notice("anno1701") && strstr(kt_game_notice("anno1701"), "anno_1701.md"));
    kt_scn_free(&c);
}

/* The shared record reader (core/datarec) on Anno 1701's files: a malformed
 * line, an unknown provenance, a number out of range and a missing field are
 * each refused naming file and line, and no game is made. */
KT_TEST(anno_data_shared_reader_names_file_and_line)
{
    refused(T, "era.txt", "cost=1b+1w+1t cannons=2", "cost=1b+1w+1t cannons=2 stray",
            "era.txt line 56 (building M08)", "word 8: a name after the key=value fields");
    refused(T, "inhabitants.txt", "copies=5 cost=2f+2rum+1tob queen=2 src=recon",
            "copies=5 cost=2f+2rum+1tob queen=2 src=reconstructed",
            "inhabitants.txt line 15 (inhabitant citizen): field 'src'",
            "'reconstructed' is not one of seed, public, recon, analogy");
    refused(T, "start.txt", "good=wood  die=1 centre=B", "good=wood  die=0 centre=B",
            "start.txt line 33 (start H): field 'die'", "0 is outside 1..6");
    refused(T, "start.txt", "good=wood  die=1 centre=B", "good=wood  centre=B",
            "start.txt line 33 (start H): field 'die'", "missing");
    refused(T, "era.txt", "building M08 era=2", "building era=2",
            "era.txt line 56 (building)", "a building record starts 'building <name>");
}
