/*
 * data.c - const component tables for Catan and Cities & Knights.
 *
 * Layout: geometry tables (hexes, vertices, edges, harbours and bit masks
 * derived from them) generated once from axial coordinates and checked
 * against a recomputation by the catan_geometry tests; then the component
 * census (terrain, tokens, harbours, cards) with provenance marks:
 *   [R]  ../shared/reference/catan_ck.md (section given)
 *   [S]  the seed ../shared/seeds/002_5bda19cca9a4de1a.txt
 *   [C]  catanatron map.py BASE topology (harbour positions; fact only)
 * Names: English per the 4th-edition books, German as printed in the
 * German editions as far as known (cosmetic, see docs/catan.md).
 */
#include "catan.h"

/* hexes in reading order (rows top to bottom), axial (q, r) */
const int8_t cat_hex_qr[CAT_NH][2] = {{0, -2}, {1, -2}, {2, -2}, {-1, -1}, {0, -1}, {1, -1}, {2, -1}, {-2, 0}, {-1, 0}, {0, 0}, {1, 0}, {2, 0}, {-2, 1}, {-1, 1}, {0, 1}, {1, 1}, {-2, 2}, {-1, 2}, {0, 2}};
/* corners of each hex: N, NE, SE, S, SW, NW */
const uint8_t cat_hex_v[CAT_NH][6] = {
    {0, 4, 8, 12, 7, 3},
    {1, 5, 9, 13, 8, 4},
    {2, 6, 10, 14, 9, 5},
    {7, 12, 17, 22, 16, 11},
    {8, 13, 18, 23, 17, 12},
    {9, 14, 19, 24, 18, 13},
    {10, 15, 20, 25, 19, 14},
    {16, 22, 28, 33, 27, 21},
    {17, 23, 29, 34, 28, 22},
    {18, 24, 30, 35, 29, 23},
    {19, 25, 31, 36, 30, 24},
    {20, 26, 32, 37, 31, 25},
    {28, 34, 39, 43, 38, 33},
    {29, 35, 40, 44, 39, 34},
    {30, 36, 41, 45, 40, 35},
    {31, 37, 42, 46, 41, 36},
    {39, 44, 48, 51, 47, 43},
    {40, 45, 49, 52, 48, 44},
    {41, 46, 50, 53, 49, 45}};
/* vertex position: x in half hex widths, y in quarter hex heights */
const int8_t cat_v_xy[CAT_NV][2] = {
    {-2, -8}, {0, -8}, {2, -8}, {-3, -7}, {-1, -7}, {1, -7}, {3, -7}, {-3, -5},
    {-1, -5}, {1, -5}, {3, -5}, {-4, -4}, {-2, -4}, {0, -4}, {2, -4}, {4, -4},
    {-4, -2}, {-2, -2}, {0, -2}, {2, -2}, {4, -2}, {-5, -1}, {-3, -1}, {-1, -1},
    {1, -1}, {3, -1}, {5, -1}, {-5, 1}, {-3, 1}, {-1, 1}, {1, 1}, {3, 1},
    {5, 1}, {-4, 2}, {-2, 2}, {0, 2}, {2, 2}, {4, 2}, {-4, 4}, {-2, 4},
    {0, 4}, {2, 4}, {4, 4}, {-3, 5}, {-1, 5}, {1, 5}, {3, 5}, {-3, 7},
    {-1, 7}, {1, 7}, {3, 7}, {-2, 8}, {0, 8}, {2, 8}};
/* land hexes touching each vertex (-1 = sea) */
const int8_t cat_v_hex[CAT_NV][3] = {
    {0, -1, -1}, {1, -1, -1}, {2, -1, -1}, {0, -1, -1}, {0, 1, -1}, {1, 2, -1},
    {2, -1, -1}, {0, 3, -1}, {0, 1, 4}, {1, 2, 5}, {2, 6, -1}, {3, -1, -1},
    {0, 3, 4}, {1, 4, 5}, {2, 5, 6}, {6, -1, -1}, {3, 7, -1}, {3, 4, 8},
    {4, 5, 9}, {5, 6, 10}, {6, 11, -1}, {7, -1, -1}, {3, 7, 8}, {4, 8, 9},
    {5, 9, 10}, {6, 10, 11}, {11, -1, -1}, {7, -1, -1}, {7, 8, 12}, {8, 9, 13},
    {9, 10, 14}, {10, 11, 15}, {11, -1, -1}, {7, 12, -1}, {8, 12, 13}, {9, 13, 14},
    {10, 14, 15}, {11, 15, -1}, {12, -1, -1}, {12, 13, 16}, {13, 14, 17}, {14, 15, 18},
    {15, -1, -1}, {12, 16, -1}, {13, 16, 17}, {14, 17, 18}, {15, 18, -1}, {16, -1, -1},
    {16, 17, -1}, {17, 18, -1}, {18, -1, -1}, {16, -1, -1}, {17, -1, -1}, {18, -1, -1}};
/* neighbouring vertices and the edges to them, same order (-1 = none) */
const int8_t cat_v_adj[CAT_NV][3] = {
    {3, 4, -1}, {4, 5, -1}, {5, 6, -1}, {0, 7, -1}, {0, 1, 8}, {1, 2, 9},
    {2, 10, -1}, {3, 11, 12}, {4, 12, 13}, {5, 13, 14}, {6, 14, 15}, {7, 16, -1},
    {7, 8, 17}, {8, 9, 18}, {9, 10, 19}, {10, 20, -1}, {11, 21, 22}, {12, 22, 23},
    {13, 23, 24}, {14, 24, 25}, {15, 25, 26}, {16, 27, -1}, {16, 17, 28}, {17, 18, 29},
    {18, 19, 30}, {19, 20, 31}, {20, 32, -1}, {21, 33, -1}, {22, 33, 34}, {23, 34, 35},
    {24, 35, 36}, {25, 36, 37}, {26, 37, -1}, {27, 28, 38}, {28, 29, 39}, {29, 30, 40},
    {30, 31, 41}, {31, 32, 42}, {33, 43, -1}, {34, 43, 44}, {35, 44, 45}, {36, 45, 46},
    {37, 46, -1}, {38, 39, 47}, {39, 40, 48}, {40, 41, 49}, {41, 42, 50}, {43, 51, -1},
    {44, 51, 52}, {45, 52, 53}, {46, 53, -1}, {47, 48, -1}, {48, 49, -1}, {49, 50, -1}};
const int8_t cat_v_edge[CAT_NV][3] = {
    {0, 1, -1}, {2, 3, -1}, {4, 5, -1}, {0, 6, -1}, {1, 2, 7}, {3, 4, 8},
    {5, 9, -1}, {6, 10, 11}, {7, 12, 13}, {8, 14, 15}, {9, 16, 17}, {10, 18, -1},
    {11, 12, 19}, {13, 14, 20}, {15, 16, 21}, {17, 22, -1}, {18, 23, 24}, {19, 25, 26},
    {20, 27, 28}, {21, 29, 30}, {22, 31, 32}, {23, 33, -1}, {24, 25, 34}, {26, 27, 35},
    {28, 29, 36}, {30, 31, 37}, {32, 38, -1}, {33, 39, -1}, {34, 40, 41}, {35, 42, 43},
    {36, 44, 45}, {37, 46, 47}, {38, 48, -1}, {39, 40, 49}, {41, 42, 50}, {43, 44, 51},
    {45, 46, 52}, {47, 48, 53}, {49, 54, -1}, {50, 55, 56}, {51, 57, 58}, {52, 59, 60},
    {53, 61, -1}, {54, 55, 62}, {56, 57, 63}, {58, 59, 64}, {60, 61, 65}, {62, 66, -1},
    {63, 67, 68}, {64, 69, 70}, {65, 71, -1}, {66, 67, -1}, {68, 69, -1}, {70, 71, -1}};
/* edge endpoints, lower vertex first; edges sorted by endpoints */
const uint8_t cat_e_v[CAT_NE][2] = {
    {0, 3}, {0, 4}, {1, 4}, {1, 5}, {2, 5}, {2, 6}, {3, 7}, {4, 8},
    {5, 9}, {6, 10}, {7, 11}, {7, 12}, {8, 12}, {8, 13}, {9, 13}, {9, 14},
    {10, 14}, {10, 15}, {11, 16}, {12, 17}, {13, 18}, {14, 19}, {15, 20}, {16, 21},
    {16, 22}, {17, 22}, {17, 23}, {18, 23}, {18, 24}, {19, 24}, {19, 25}, {20, 25},
    {20, 26}, {21, 27}, {22, 28}, {23, 29}, {24, 30}, {25, 31}, {26, 32}, {27, 33},
    {28, 33}, {28, 34}, {29, 34}, {29, 35}, {30, 35}, {30, 36}, {31, 36}, {31, 37},
    {32, 37}, {33, 38}, {34, 39}, {35, 40}, {36, 41}, {37, 42}, {38, 43}, {39, 43},
    {39, 44}, {40, 44}, {40, 45}, {41, 45}, {41, 46}, {42, 46}, {43, 47}, {44, 48},
    {45, 49}, {46, 50}, {47, 51}, {48, 51}, {48, 52}, {49, 52}, {49, 53}, {50, 53}};
/* neighbouring land hexes (-1 = none) */
const int8_t cat_hex_adj[CAT_NH][6] = {
    {1, 3, 4, -1, -1, -1},
    {2, 0, 4, 5, -1, -1},
    {1, 5, 6, -1, -1, -1},
    {4, 0, 7, 8, -1, -1},
    {5, 1, 0, 3, 8, 9},
    {6, 2, 1, 4, 9, 10},
    {2, 5, 10, 11, -1, -1},
    {8, 3, 12, -1, -1, -1},
    {9, 4, 3, 7, 12, 13},
    {10, 5, 4, 8, 13, 14},
    {11, 6, 5, 9, 14, 15},
    {6, 10, 15, -1, -1, -1},
    {13, 8, 7, 16, -1, -1},
    {14, 9, 8, 12, 16, 17},
    {15, 10, 9, 13, 17, 18},
    {11, 10, 14, 18, -1, -1},
    {17, 13, 12, -1, -1, -1},
    {18, 14, 13, 16, -1, -1},
    {15, 14, 17, -1, -1, -1}};
/* harbour edges, clockwise from the top left [C] (catanatron BASE topology) */
const uint8_t cat_port_v[CAT_NPORT][2] = {{0, 3}, {1, 5}, {10, 15}, {26, 32}, {42, 46}, {49, 52}, {47, 51}, {33, 38}, {11, 16}};
/* outer and inner rings clockwise from the top left corner, then the centre */
const uint8_t cat_ring_order[CAT_NH] = {0, 1, 2, 6, 11, 15, 18, 17, 16, 12, 7, 3, 4, 5, 10, 14, 13, 8, 9};
/* bit masks derived from the tables above (checked by catan_geometry tests) */
const uint64_t cat_v_nbrmask[CAT_NV] = {
    0x0000000000000018ULL, 0x0000000000000030ULL, 0x0000000000000060ULL,
    0x0000000000000081ULL, 0x0000000000000103ULL, 0x0000000000000206ULL,
    0x0000000000000404ULL, 0x0000000000001808ULL, 0x0000000000003010ULL,
    0x0000000000006020ULL, 0x000000000000c040ULL, 0x0000000000010080ULL,
    0x0000000000020180ULL, 0x0000000000040300ULL, 0x0000000000080600ULL,
    0x0000000000100400ULL, 0x0000000000600800ULL, 0x0000000000c01000ULL,
    0x0000000001802000ULL, 0x0000000003004000ULL, 0x0000000006008000ULL,
    0x0000000008010000ULL, 0x0000000010030000ULL, 0x0000000020060000ULL,
    0x00000000400c0000ULL, 0x0000000080180000ULL, 0x0000000100100000ULL,
    0x0000000200200000ULL, 0x0000000600400000ULL, 0x0000000c00800000ULL,
    0x0000001801000000ULL, 0x0000003002000000ULL, 0x0000002004000000ULL,
    0x0000004018000000ULL, 0x0000008030000000ULL, 0x0000010060000000ULL,
    0x00000200c0000000ULL, 0x0000040180000000ULL, 0x0000080200000000ULL,
    0x0000180400000000ULL, 0x0000300800000000ULL, 0x0000601000000000ULL,
    0x0000402000000000ULL, 0x000080c000000000ULL, 0x0001018000000000ULL,
    0x0002030000000000ULL, 0x0004060000000000ULL, 0x0008080000000000ULL,
    0x0018100000000000ULL, 0x0030200000000000ULL, 0x0020400000000000ULL,
    0x0001800000000000ULL, 0x0003000000000000ULL, 0x0006000000000000ULL};
const uint64_t cat_v_emask[CAT_NV][2] = {
    {0x0000000000000003ULL, 0x0ULL}, {0x000000000000000cULL, 0x0ULL},
    {0x0000000000000030ULL, 0x0ULL}, {0x0000000000000041ULL, 0x0ULL},
    {0x0000000000000086ULL, 0x0ULL}, {0x0000000000000118ULL, 0x0ULL},
    {0x0000000000000220ULL, 0x0ULL}, {0x0000000000000c40ULL, 0x0ULL},
    {0x0000000000003080ULL, 0x0ULL}, {0x000000000000c100ULL, 0x0ULL},
    {0x0000000000030200ULL, 0x0ULL}, {0x0000000000040400ULL, 0x0ULL},
    {0x0000000000081800ULL, 0x0ULL}, {0x0000000000106000ULL, 0x0ULL},
    {0x0000000000218000ULL, 0x0ULL}, {0x0000000000420000ULL, 0x0ULL},
    {0x0000000001840000ULL, 0x0ULL}, {0x0000000006080000ULL, 0x0ULL},
    {0x0000000018100000ULL, 0x0ULL}, {0x0000000060200000ULL, 0x0ULL},
    {0x0000000180400000ULL, 0x0ULL}, {0x0000000200800000ULL, 0x0ULL},
    {0x0000000403000000ULL, 0x0ULL}, {0x000000080c000000ULL, 0x0ULL},
    {0x0000001030000000ULL, 0x0ULL}, {0x00000020c0000000ULL, 0x0ULL},
    {0x0000004100000000ULL, 0x0ULL}, {0x0000008200000000ULL, 0x0ULL},
    {0x0000030400000000ULL, 0x0ULL}, {0x00000c0800000000ULL, 0x0ULL},
    {0x0000301000000000ULL, 0x0ULL}, {0x0000c02000000000ULL, 0x0ULL},
    {0x0001004000000000ULL, 0x0ULL}, {0x0002018000000000ULL, 0x0ULL},
    {0x0004060000000000ULL, 0x0ULL}, {0x0008180000000000ULL, 0x0ULL},
    {0x0010600000000000ULL, 0x0ULL}, {0x0021800000000000ULL, 0x0ULL},
    {0x0042000000000000ULL, 0x0ULL}, {0x0184000000000000ULL, 0x0ULL},
    {0x0608000000000000ULL, 0x0ULL}, {0x1810000000000000ULL, 0x0ULL},
    {0x2020000000000000ULL, 0x0ULL}, {0x40c0000000000000ULL, 0x0ULL},
    {0x8300000000000000ULL, 0x0ULL}, {0x0c00000000000000ULL, 0x1ULL},
    {0x3000000000000000ULL, 0x2ULL}, {0x4000000000000000ULL, 0x4ULL},
    {0x8000000000000000ULL, 0x18ULL}, {0x0000000000000000ULL, 0x61ULL},
    {0x0000000000000000ULL, 0x82ULL}, {0x0000000000000000ULL, 0xcULL},
    {0x0000000000000000ULL, 0x30ULL}, {0x0000000000000000ULL, 0xc0ULL}};
const uint64_t cat_hex_vmask[CAT_NH] = {
    0x0000000000001199ULL, 0x0000000000002332ULL, 0x0000000000004664ULL,
    0x0000000000431880ULL, 0x0000000000863100ULL, 0x00000000010c6200ULL,
    0x000000000218c400ULL, 0x0000000218610000ULL, 0x0000000430c20000ULL,
    0x0000000861840000ULL, 0x00000010c3080000ULL, 0x0000002186100000ULL,
    0x000008c610000000ULL, 0x0000118c20000000ULL, 0x0000231840000000ULL,
    0x0000463080000000ULL, 0x0009988000000000ULL, 0x0013310000000000ULL,
    0x0026620000000000ULL};

/* ---- census ---- */

/* [R 1.1] 19 land hexes: desert 1, hills 3, forest 4, pasture 4, fields 4, mountains 3 */
const uint8_t cat_terrain_count[T_COUNT] = {1, 3, 4, 4, 4, 3};
/* [R 1.6] what each terrain yields (resource; commodity for a city) */
const int8_t cat_terrain_res[T_COUNT] = {-1, K_BRICK, K_LUMBER, K_WOOL, K_GRAIN, K_ORE};
const int8_t cat_terrain_com[T_COUNT] = {-1, -1, K_PAPER, K_CLOTH, -1, K_COIN};
/* [R 1.1] variable-setup token order A..R, laid along the spiral skipping the desert */
const uint8_t cat_spiral_numbers[CAT_NH - 1] = {5, 2, 6, 3, 8, 10, 9, 12, 11,
                                                4, 8, 10, 9, 4, 5, 6, 3, 11};
/* [R 1.1] token multiset: 2 and 12 once, 3..6 and 8..11 twice */
const uint8_t cat_number_count[13] = {0, 0, 1, 2, 2, 2, 2, 0, 2, 2, 2, 2, 1};
/* [R 1.1] harbours: one 2:1 per resource, four 3:1 */
const uint8_t cat_port_count[6] = {1, 1, 1, 1, 1, 4};

/* [R 1.2] beginner map, rows top to bottom (hexes A..S) */
const uint8_t cat_beginner_terrain[CAT_NH] = {
    T_MOUNTAINS, T_PASTURE, T_FOREST,
    T_FIELDS, T_HILLS, T_PASTURE, T_HILLS,
    T_FIELDS, T_FOREST, T_DESERT, T_FOREST, T_MOUNTAINS,
    T_FOREST, T_MOUNTAINS, T_FIELDS, T_PASTURE,
    T_HILLS, T_FIELDS, T_PASTURE};
const uint8_t cat_beginner_number[CAT_NH] = {10, 2, 9, 12, 6, 4, 10, 9, 11, 0,
                                             3, 8, 8, 3, 4, 5, 5, 6, 11};
/* [R 1.2] beginner harbours in cyclic order (M/L: starting point unverified) */
const uint8_t cat_beginner_port[CAT_NPORT] = {K_ORE, PORT_ANY, K_WOOL, PORT_ANY, PORT_ANY,
                                              K_BRICK, K_LUMBER, PORT_ANY, K_GRAIN};

/* [R 1.8] trade is paid with cloth, politics with coin, science with paper */
const uint8_t cat_track_commodity[3] = {K_CLOTH, K_COIN, K_PAPER};

/* [S] counts per card, 18 per colour; [R 1.12] confirms every count */
const cat_card_info cat_progress[CAT_NPROG] = {
    {"commercial_harbor", "Commercial Harbor", "Handelshafen", TR_TRADE, 2},
    {"master_merchant", "Master Merchant", "Handelsmeister", TR_TRADE, 2},
    {"merchant", "Merchant", "Kaufmann", TR_TRADE, 6},
    {"merchant_fleet", "Merchant Fleet", "Handelsflotte", TR_TRADE, 2},
    {"resource_monopoly", "Resource Monopoly", "Rohstoffmonopol", TR_TRADE, 4},
    {"trade_monopoly", "Trade Monopoly", "Handelsmonopol", TR_TRADE, 2},
    {"bishop", "Bishop", "Bischof", TR_POLITICS, 2},
    {"constitution", "Constitution", "Verfassung", TR_POLITICS, 1},
    {"deserter", "Deserter", "Deserteur", TR_POLITICS, 2},
    {"diplomat", "Diplomat", "Diplomat", TR_POLITICS, 2},
    {"intrigue", "Intrigue", "Intrige", TR_POLITICS, 2},
    {"saboteur", "Saboteur", "Saboteur", TR_POLITICS, 2},
    {"spy", "Spy", "Spion", TR_POLITICS, 3},
    {"warlord", "Warlord", "Kriegsherr", TR_POLITICS, 2},
    {"wedding", "Wedding", "Hochzeit", TR_POLITICS, 2},
    {"alchemist", "Alchemist", "Alchemist", TR_SCIENCE, 2},
    {"crane", "Crane", "Kran", TR_SCIENCE, 2},
    {"engineer", "Engineer", "Ingenieur", TR_SCIENCE, 1},
    {"inventor", "Inventor", "Erfinder", TR_SCIENCE, 2},
    {"irrigation", "Irrigation", "Bewässerung", TR_SCIENCE, 2},
    {"medicine", "Medicine", "Medizin", TR_SCIENCE, 2},
    {"mining", "Mining", "Bergbau", TR_SCIENCE, 2},
    {"printer", "Printer", "Buchdruck", TR_SCIENCE, 1},
    {"road_building", "Road Building", "Straßenbau", TR_SCIENCE, 2},
    {"smith", "Smith", "Schmied", TR_SCIENCE, 2},
};

/* [R 1.1] base development deck: 14 knights, 5 VP, 2 each of the others */
const cat_card_info cat_devcards[CAT_NDEV] = {
    {"knight", "Knight", "Ritter", 0, 14},
    {"victory_point", "Victory Point", "Siegpunkt", 0, 5},
    {"road_building", "Road Building", "Straßenbau", 0, 2},
    {"year_of_plenty", "Year of Plenty", "Erfindung", 0, 2},
    {"monopoly", "Monopoly", "Monopol", 0, 2},
};

const char *const cat_kind_key[CAT_NKIND] = {"brick", "lumber", "wool", "grain",
                                             "ore",   "paper",  "cloth", "coin"};
const char *const cat_kind_en[CAT_NKIND] = {"brick", "lumber", "wool", "grain",
                                            "ore",   "paper",  "cloth", "coin"};
const char *const cat_kind_de[CAT_NKIND] = {"Lehm", "Holz",   "Wolle", "Getreide",
                                            "Erz",  "Papier", "Tuch",  "Münze"};
const char *const cat_terrain_key[T_COUNT] = {"desert", "hills",  "forest",
                                              "pasture", "fields", "mountains"};
const char *const cat_terrain_en[T_COUNT] = {"Desert", "Hills",  "Forest",
                                             "Pasture", "Fields", "Mountains"};
const char *const cat_terrain_de[T_COUNT] = {"Wüste",    "Hügelland", "Wald",
                                             "Weideland", "Ackerland", "Gebirge"};
const char *const cat_track_key[3] = {"trade", "politics", "science"};
const char *const cat_track_en[3] = {"trade", "politics", "science"};
const char *const cat_track_de[3] = {"Handel", "Politik", "Wissenschaft"};
/* [R 1.8] older (4th edition) level names; cosmetic only */
const char *const cat_level_en[3][5] = {
    {"Market", "Trading House", "Merchant Guild", "Bank", "Great Exchange"},
    {"Town Hall", "Church", "Fortress", "Cathedral", "High Assembly"},
    {"Abbey", "Library", "Aqueduct", "Theater", "University"}};
const char *const cat_level_de[3][5] = {
    {"Markt", "Handelshaus", "Gilde", "Bank", "Großbörse"},
    {"Rathaus", "Kirche", "Festung", "Kathedrale", "Hohes Haus"},
    {"Kloster", "Bibliothek", "Aquädukt", "Theater", "Universität"}};

/* frame names: the decision kinds (hdr.decision) first, then procedures */
const char *const cat_frame_key[F_NKINDS] = {
    "setup_build", "setup_road", "roll", "alchemist", "main", "discard", "robber", "steal",
    "aqueduct", "progress_discard", "city_loss", "defender_draw", "metropolis",
    "trade_compose", "trade_respond", "trade_choose", "relocate_knight", "target", "spy_pick",
    "master_merchant_pick", "deserter_remove", "deserter_place", "diplomat",
    "diplomat_rebuild", "intrigue", "inventor_first", "inventor_second", "merchant",
    "monopoly_resource", "monopoly_commodity", "fleet_trade", "crane", "medicine", "engineer",
    "smith", "road_building", "give", "harbor_offer", "harbor_give", "year_of_plenty",
    "p_roll", "p_attack", "p_draws", "p_trade", "p_harbor", "p_endturn"};
