/*
 * play.h - the pieces of `kontor play` (play.c: the game loop and records;
 * screen.c: what a human sees and types; menu.c: menus folded into groups;
 * input.c: line reading; events.c: the game log) and of `kontor replay`.
 * Everything here uses the public API only (kontor/kontor.h).
 */
#ifndef KT_CLI_PLAY_H
#define KT_CLI_PLAY_H

#include <signal.h>
#include <stddef.h>

#include "cli.h"

/* ---- text ---- */

/* A growing string (malloc'd; p is NULL until something is added). */
typedef struct cli_sb {
    char *p;
    size_t len, cap;
} cli_sb;
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void cli_sb_printf(cli_sb *b, const char *fmt, ...);
void cli_sb_put(cli_sb *b, const char *s, size_t n);
void cli_sb_free(cli_sb *b);
/* Visible columns of UTF-8 text (ANSI colour sequences have no width). */
size_t cli_width(const char *s);
/* Byte offset where the first `cols` visible columns of s end. */
size_t cli_width_cut(const char *s, size_t cols);
/* Text for matching typed words: ASCII lower case, umlauts folded to
 * ae/oe/ue/ss, whitespace collapsed and trimmed. */
void cli_norm(const char *in, char *out, size_t cap);
/* Number of lines of s (a last line without '\n' counts). */
int cli_count_lines(const char *s);
/* Longest line of s in visible columns. */
size_t cli_max_width(const char *s);

/* ---- the game log ---- */

typedef struct cli_event {
    char kind[24];
    int player; /* -1: none */
    char text[480];
} cli_event;
/* Events of a kt_events_json array into out (at most cap); returns how
 * many were stored, -1 when the text is not such an array. */
int cli_events_parse(const char *json, cli_event *out, int cap);

/* ---- input ---- */

typedef struct cli_input {
    void *el, *hist; /* libedit's EditLine and History, or NULL */
    cli_lines lines; /* plain reader when not a terminal */
    char prompt[96];
    char *buf;
} cli_input;
/* allow_edit 0: plain reading even on a terminal. */
void cli_input_open(cli_input *in, int allow_edit);
int cli_input_read(cli_input *in, const char *prompt, const char **line);
void cli_input_close(cli_input *in);

/* ---- menus ---- */

typedef struct cli_mitem {
    kt_action a;
    int rank, legal; /* sort rank; index in the legal list (stable ties) */
    int group;       /* group id (game's group or the first word), -1: none */
    int folded;      /* shown inside its group's submenu */
    char text[200];
    char key[16];
    char note[96]; /* shown beside the text ("forest 8, hills 5, sea"), never typed */
} cli_mitem;

typedef struct cli_mentry {
    int item;     /* index in items, or -1 for a folded group */
    int group;    /* group id when item < 0 */
    char sel[16]; /* what the user types: a number, a letter or the key */
} cli_mentry;

typedef struct cli_menu {
    cli_mitem *items; /* sorted by rank */
    int n;
    char (*gname)[64];
    int *gsize, ngroups;
    cli_mentry *top, *sub;
    int ntop, nsub;
    int open;    /* the group whose submenu is shown, or -1 */
    int letters; /* entries without a key get letters (some key is a number) */
} cli_menu;

/* Menu of pending player `player`'s legal actions; groups are folded until
 * the top level has at most max_top entries.  Returns 0 when out of memory. */
int cli_menu_build(cli_menu *m, const kt_game *g, const kt_state *s, int player, int lang,
                   int max_top);
void cli_menu_free(cli_menu *m);
/* The same in steps (tests build menus of made-up items): room for n
 * items, add each in legal order, then sort and fold. */
int cli_menu_alloc(cli_menu *m, int n);
void cli_menu_add(cli_menu *m, kt_action a, int rank, const char *text, const char *group,
                  const char *key);
void cli_menu_finish(cli_menu *m, int max_top);
/* Fold until the top level has at most `max_top` entries: level 0 the
 * game's groups, 1 also groups by first word, 2 also a lone group whose
 * items are picked by numbers on the board (screen short of lines). */
void cli_menu_refold(cli_menu *m, int max_top, int level);
/* What the user typed: 1 = an action (in *out), 2 = a group was opened,
 * 0 = not a selector, key or group name of this menu. */
int cli_menu_pick(cli_menu *m, const char *input, kt_action *out);
/* The entries of the current level (submenu when open) as lines in columns
 * of at most `width` columns; returns the number of lines written. */
int cli_menu_render(const cli_menu *m, int width, int color, int lang, cli_sb *out);

/* ---- the play session ---- */

typedef struct cli_seat {
    int human;
    char label[128];
    kt_bot *bot;
    size_t seen; /* actions of the history this human has been shown */
} cli_seat;

typedef struct cli_pl {
    kt_game *g;
    kt_state *s;
    cli_seat seats[KT_MAX_PLAYERS];
    int nseats, nhumans;
    int lang;      /* KT_LANG_EN / KT_LANG_DE */
    int color;     /* ANSI colours allowed */
    int tty;       /* stdout is a terminal: clear the screen between players */
    int rows, cols; /* screen budget (40 x 120) */
    kt_record *rec;           /* NULL for a game continued from a saved state */
    const char *record_path;  /* NULL: no record file */
    unsigned char *hist;      /* state before action i, kt_state_size each */
    kt_action *acts;
    signed char *actor;
    uint32_t *seen;           /* per action, the players it showed something hidden (bit p) */
    size_t n, cap;
    int last_viewer;          /* human who saw the screen last, -1 */
    int no_you;               /* the log names every player (replay), never "You" */
    const char *load_path;    /* the game continues a saved position */
    cli_input in;
    volatile sig_atomic_t *stop; /* set by SIGTERM/SIGHUP/SIGINT */
    /* a value typed ahead of a choice made in steps ("price 900" when the
     * game first offers ranges "price 880-1100"): each next decision of
     * that player takes the step that contains it, until it is reached */
    char ahead[128];
    int ahead_player;
} cli_pl;

enum { CLI_TURN_APPLY = 1, CLI_TURN_UNDO, CLI_TURN_QUIT, CLI_TURN_EOF };

/* The state before action i of the history. */
const kt_state *cli_play_before(const cli_pl *P, size_t i);
/* Lines of the log of actions [from, to) as `viewer` may see them. */
void cli_play_log(const cli_pl *P, size_t from, size_t to, int viewer, cli_sb *out);
/* One human decision of pending player p: shows the screen, reads lines
 * until an action is chosen (*out) or a command ends the turn. */
int cli_human_turn(cli_pl *P, int p, kt_action *out);
/* The screen pending player p would see now (tests): log lines that scroll
 * by first in `above`, the screen itself in `screen`.  0 when out of
 * memory. */
int cli_screen_for(cli_pl *P, int p, cli_sb *above, cli_sb *screen);
/* Apply action a of pending player p, keeping history and record. */
int cli_play_apply(cli_pl *P, int p, kt_action a);
/* The help text of the commands (`help` alone). */
void cli_play_help(const cli_pl *P, int p, cli_sb *out);
/* `help NAME`: a component of the game. */
void cli_play_describe(const cli_pl *P, const char *name);
/* Run a whole game: returns the exit status (0 finished or left by the
 * user, non-zero on failure, stop by signal or end of input). */
int cli_play_run(cli_pl *P);
void cli_play_free(cli_pl *P);

/* Colours on stdout: a terminal, NO_COLOR unset or empty, TERM not dumb. */
int cli_color_wanted(void);

/* ---- records on disk ---- */

/* Replace the file at `path` by `text` so that it always holds either the
 * old or the new text: a temporary file beside it, fsync, rename, fsync of
 * the folder.  Something that is not a regular file (/dev/full, a pipe) is
 * written in place.  Returns 0 with the reason in `why` on failure. */
int cli_write_durable(const char *path, const char *text, size_t len, char *why, size_t whycap);

/* German and English command words of play (hilfe/help, ...). */
typedef enum cli_cmd {
    CLI_CMD_NONE = 0,
    CLI_CMD_HELP,
    CLI_CMD_BOARD,
    CLI_CMD_LOG,
    CLI_CMD_UNDO,
    CLI_CMD_SAVE,
    CLI_CMD_QUIT,
    CLI_CMD_BACK
} cli_cmd;
/* The command word at the start of `line` (the rest, trimmed, in *arg). */
cli_cmd cli_command(const char *line, const char **arg);

#endif
