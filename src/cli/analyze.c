/*
 * analyze.c - `kontor analyze RECORD --seat N`: how well one seat played a
 * recorded game (docs/analysis.md), through the public analysis API
 * (kontor.h, "post-game analysis").  Three outputs: a text report (the
 * costliest decisions with the position as that seat saw it, what was
 * played and what the search preferred), the library's JSON (--json), and
 * an SVG chart of the win chance over the game (--svg FILE).  English or
 * German (--lang).  `kontor analyze --calibrate ...` is calibrate.c.
 *
 * Data: an_cli holds the parsed arguments; the record, its configuration
 * and the analysis come from the library, the final result from replaying
 * the record here.  The report is written to stdout; progress (on a
 * terminal) and errors to stderr.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze.h"
#include "play.h"
#include "svg.h"

#define ANALYZE_MAX_FILE ((size_t)64 << 20)

static void analyze_usage(FILE *f)
{
    fprintf(f,
            "usage: kontor analyze RECORD --seat N [--budget N] [--threads T] [--seed S]\n"
            "                      [--depth D] [--time MS] [--from A] [--to A] [--top K]\n"
            "                      [--json] [--svg FILE] [--lang en|de] [-o key=value]\n"
            "                      [--no-progress]\n"
            "       kontor analyze --calibrate GAME --seats SPEC,SPEC... [--games N] ...\n"
            "                      (see kontor analyze --calibrate --help)\n\n"
            "How well player N (1 = first) played a recorded game: at each of their decisions\n"
            "with a choice, a search from what that player could see finds the action it\n"
            "prefers, and both actions are played on in the same sampled worlds to estimate\n"
            "the player's chance to win after each.  Prints the costliest decisions with the\n"
            "position as the player saw it (docs/analysis.md).\n"
            "  --budget N   simulations per decision (default 1000): half for the search,\n"
            "               half for the playouts; the same budget and seed give the same\n"
            "               report, whatever --threads\n"
            "  --threads T  decisions analysed at once (default 1)\n"
            "  --seed S     seed of the analysis (default 1)\n"
            "  --depth D    playout length before the game's evaluation (default -1: to the\n"
            "               end of the game)\n"
            "  --time MS    milliseconds per decision instead of a budget (not reproducible)\n"
            "  --from A, --to A  only the decisions at action numbers A.. (as in replay)\n"
            "  --top K      how many of the costliest decisions to show (default 5)\n"
            "  --json       the library's JSON instead of the text\n"
            "  --svg FILE   a chart of the win chance over the game\n"
            "  -o key=value any other analysis option (worlds=, search=, z=, policy=, mcts=)\n");
}

typedef struct an_cli {
    const char *file, *svg;
    int seat, lang, json, top, noprog;
    char opts[1024];
} an_cli;

/* English or German text: both are literals, so printf formats stay
 * checked by the compiler. */
#define TR(lang, en, de) ((lang) == KT_LANG_DE ? (de) : (en))

static const char *const sev_en[4] = {"", "INACCURACY", "MISTAKE", "BLUNDER"};
static const char *const sev_de[4] = {"", "UNGENAUIGKEIT", "FEHLER", "GROBER FEHLER"};

static int parse_args(int argc, char **argv, an_cli *c)
{
    long long x;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        size_t n = strlen(c->opts);
        char *o = c->opts + n;
        size_t room = sizeof c->opts - n;
        const char *sep = n ? ";" : "";
        if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
            analyze_usage(stdout);
            return 0;
        } else if (!strcmp(s, "--seat") && v) {
            if (!cli_parse_int(v, 1, KT_MAX_PLAYERS, &x)) {
                fprintf(stderr, "kontor analyze: --seat needs a player number from 1 to %d\n",
                        KT_MAX_PLAYERS);
                return 2;
            }
            c->seat = (int)x;
            i++;
        } else if (!strcmp(s, "--top") && v) {
            if (!cli_parse_int(v, 0, 100000, &x)) {
                fprintf(stderr, "kontor analyze: --top needs a number >= 0\n");
                return 2;
            }
            c->top = (int)x;
            i++;
        } else if (!strcmp(s, "--lang") && v) {
            if (strcmp(v, "en") && strcmp(v, "de")) {
                fprintf(stderr, "kontor analyze: --lang must be en or de\n");
                return 2;
            }
            c->lang = !strcmp(v, "de") ? KT_LANG_DE : KT_LANG_EN;
            i++;
        } else if (!strcmp(s, "--svg") && v) {
            c->svg = argv[++i];
        } else if ((!strcmp(s, "--budget") || !strcmp(s, "--threads") || !strcmp(s, "--seed") ||
                    !strcmp(s, "--depth") || !strcmp(s, "--time") || !strcmp(s, "--from") ||
                    !strcmp(s, "--to")) &&
                   v) {
            snprintf(o, room, "%s%s=%s", sep, s + 2, v); /* the library checks the value */
            i++;
        } else if ((!strcmp(s, "-o") || !strcmp(s, "--option")) && v && strchr(v, '=')) {
            snprintf(o, room, "%s%s", sep, v);
            i++;
        } else if (!strcmp(s, "--json")) {
            c->json = 1;
        } else if (!strcmp(s, "--no-progress")) {
            c->noprog = 1;
        } else if (s[0] != '-' && !c->file) {
            c->file = s;
        } else {
            fprintf(stderr, "kontor analyze: unexpected argument '%s'%s\n", s,
                    s[0] == '-' && !v ? " (it needs a value)" : "");
            analyze_usage(stderr);
            return 2;
        }
    }
    if (!c->file || !c->seat) {
        fprintf(stderr, "kontor analyze: give a record and the player to analyse, e.g. "
                        "`kontor analyze game.json --seat 1`\n");
        return 2;
    }
    return -1;
}

/* ------------------------------------------------------------ text report */

/* One character per decision for its win chance, 8 heights. */
static void sparkline(const kt_analysis *a, int lang)
{
    static const char *const bar[8] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
    static const char mark[4] = {' ', 'i', 'M', 'B'};
    int n = kt_analysis_count(a), width = 100;
    printf(TR(lang, "Win chance after each decision (one mark per decision; low = 0%%, high = "
                    "100%%):\n",
              "Siegchance nach jeder Entscheidung (ein Zeichen pro Entscheidung; niedrig = 0 %%, "
              "hoch = 100 %%):\n"));
    for (int at = 0; at < n; at += width) {
        int end = at + width < n ? at + width : n, marks = 0;
        printf("  ");
        for (int i = at; i < end; i++) {
            const kt_analysis_move *m = kt_analysis_move_at(a, i);
            double v = m->done ? m->win_played : NAN;
            int h = isfinite(v) ? (int)(v * 8) : -1;
            printf("%s", h < 0 ? " " : bar[h > 7 ? 7 : h]);
            marks += m->done && m->severity;
        }
        printf("\n");
        if (!marks)
            continue;
        printf("  ");
        for (int i = at; i < end; i++) {
            const kt_analysis_move *m = kt_analysis_move_at(a, i);
            putchar(m->done ? mark[m->severity] : ' ');
        }
        printf("\n");
    }
    printf(TR(lang, "Marks below: i inaccuracy, M mistake, B blunder.\n",
              "Zeichen darunter: i Ungenauigkeit, M Fehler, B grober Fehler.\n"));
}

static void print_indented(const char *text, const char *pad)
{
    for (const char *p = text; p && *p;) {
        size_t len = strcspn(p, "\n");
        printf("%s%.*s\n", pad, (int)len, p);
        p += len + (p[len] == '\n');
    }
}

static void print_move(const kt_game *g, const kt_analysis *a, int rank, int i, int lang)
{
    const kt_analysis_move *m = kt_analysis_move_at(a, i);
    const kt_state *s = kt_analysis_position(a, i);
    int seat = kt_analysis_seat(a);
    char played[256], best[256];
    kt_action_text_as(g, s, seat, m->played, seat, lang, played, sizeof played);
    kt_action_text_as(g, s, seat, m->best, seat, lang, best, sizeof best);
    printf("\n%2d. ", rank + 1);
    printf(TR(lang, "action %d, turn %u", "Aktion %d, Zug %u"), m->index + 1, m->turn);
    printf("%s%s\n", m->severity ? " - " : "", TR(lang, sev_en, sev_de)[m->severity]);
    const char *pl = TR(lang, "played:", "gespielt:"), *pr = TR(lang, "preferred:", "bevorzugt:");
    printf("    %-11s %-40s %5.1f%%\n", pl, played, 100 * m->win_played);
    if (m->best == m->played) {
        printf("    %-11s %s\n", pr, TR(lang, "the search agrees", "die Suche stimmt zu"));
        return;
    }
    printf("    %-11s %-40s %5.1f%%\n", pr, best, 100 * m->win_best);
    printf(TR(lang, "    loss %.1f ± %.1f points of win chance",
              "    Verlust %.1f ± %.1f Prozentpunkte Siegchance"),
           100 * m->loss, 100 * m->loss_se);
    printf("%s\n", m->severity ? ""
                               : TR(lang, "; within the noise: not counted as a mistake",
                                    "; im Rauschen: nicht als Fehler gezählt"));
    if (isfinite(m->score_played) && isfinite(m->score_best))
        printf(TR(lang, "    expected points %.1f against %.1f, place %.2f against %.2f\n",
                  "    erwartete Punkte %.1f statt %.1f, Platz %.2f statt %.2f\n"),
               m->score_played, m->score_best, m->place_played, m->place_best);
    char *view;
    kt_render_text(g, s, seat, lang, &view, NULL);
    printf(TR(lang, "    The position as player %d saw it:\n",
              "    Die Stellung, wie Spieler %d sie sah:\n"),
           seat + 1);
    print_indented(view, "  "); /* renders are up to ~118 columns: 120 with this */
    kt_free(view);
}

static void print_result(const kt_game *g, const kt_record *r, int seat, int lang)
{
    kt_state *s = kt_state_new(g);
    if (!s || kt_record_replay(r, g, -1, s, NULL) != KT_OK || !kt_is_over(g, s)) {
        printf("%s\n", TR(lang, "The record ends before the game does.",
                          "Die Aufzeichnung endet vor dem Spiel."));
        kt_state_free(g, s);
        return;
    }
    kt_result res;
    kt_result_get(g, s, &res);
    const char *unit = kt_game_length_unit(kt_game_name(g), lang);
    int shared = 0;
    for (int p = 0; p < res.nplayers; p++)
        shared += (int)((res.winners >> p) & 1u);
    if ((res.winners >> seat) & 1u && shared > 1)
        printf(TR(lang, "Result: player %d shared the win with %g points after %u %s.\n",
                  "Ergebnis: Spieler %d teilte den Sieg mit %g Punkten nach %u %s.\n"),
               seat + 1, res.score[seat], res.turns, unit);
    else if ((res.winners >> seat) & 1u)
        printf(TR(lang, "Result: player %d won with %g points after %u %s.\n",
                  "Ergebnis: Spieler %d gewann mit %g Punkten nach %u %s.\n"),
               seat + 1, res.score[seat], res.turns, unit);
    else
        printf(TR(lang, "Result: player %d finished in place %d of %d with %g points after %u "
                        "%s.\n",
                  "Ergebnis: Spieler %d wurde %d. von %d mit %g Punkten nach %u %s.\n"),
               seat + 1, res.rank[seat] + 1, res.nplayers, res.score[seat], res.turns, unit);
    kt_state_free(g, s);
}

static void print_summary(const kt_analysis *a, int lang)
{
    int cnt[4] = {0, 0, 0, 0}, judged = 0, agree = 0;
    double sum = 0;
    for (int i = 0; i < kt_analysis_count(a); i++) {
        const kt_analysis_move *m = kt_analysis_move_at(a, i);
        if (!m->done)
            continue;
        cnt[m->severity]++;
        judged++;
        agree += m->best == m->played;
        sum += m->loss > 0 ? m->loss : 0;
    }
    printf(TR(lang, "Summary: blunders %d, mistakes %d, inaccuracies %d; on average %.1f points "
                    "of win chance lost per decision.\n",
              "Zusammenfassung: grobe Fehler %d, Fehler %d, Ungenauigkeiten %d; im Mittel %.1f "
              "Prozentpunkte Siegchance pro Entscheidung verloren.\n"),
           cnt[3], cnt[2], cnt[1], judged ? 100 * sum / judged : 0.0);
    printf(TR(lang, "The search chose the same action in %d of %d decisions.\n",
              "Die Suche wählte in %d von %d Entscheidungen dieselbe Aktion.\n"),
           agree, judged);
}

static void report(const kt_game *g, const kt_record *r, const kt_analysis *a, const an_cli *c,
                   double secs)
{
    int lang = c->lang, seat = c->seat - 1;
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)kt_game_seed(g));
    const char *lab = kt_record_seat(r, seat);
    printf(TR(lang, "Analysis of player %d (%s): %s, %d players, seed %s\n",
              "Analyse von Spieler %d (%s): %s, %d Spieler, Seed %s\n"),
           c->seat, lab && *lab ? lab : "?", kt_game_title(kt_game_name(g), lang),
           kt_game_players(g), seed);
    print_result(g, r, seat, lang);
    kt_analysis_progress p;
    kt_analysis_progress_get(a, &p);
    char left[96] = "";
    if (p.done < p.decisions)
        snprintf(left, sizeof left,
                 TR(lang, "; %d not analysed (cancelled)", "; %d nicht analysiert (abgebrochen)"),
                 p.decisions - p.done);
    printf(TR(lang, "%d decisions with a choice analysed (%d with a single legal action "
                    "skipped)%s.\n",
              "%d Entscheidungen mit Wahl analysiert (%d mit nur einer erlaubten Aktion "
              "übersprungen)%s.\n"),
           p.done, kt_analysis_forced(a), left);
    const char *opts = kt_analysis_options_text(a);
    printf(TR(lang, "Options: %s\n(%.1f s, %lld simulations%s)\n",
              "Optionen: %s\n(%.1f s, %lld Simulationen%s)\n"),
           opts, secs, p.simulations,
           strstr(opts, ";time=0;") ? ""
                                    : TR(lang, "; a time budget: not reproducible",
                                         "; Zeitbudget: nicht reproduzierbar"));
    if (!kt_analysis_count(a)) {
        printf(TR(lang, "Player %d had no decision with a choice in this part of the record.\n",
                  "Spieler %d hatte in diesem Teil der Aufzeichnung keine Entscheidung mit "
                  "Wahl.\n"),
               c->seat);
        return;
    }
    print_summary(a, lang);
    printf("\n");
    sparkline(a, lang);
    printf(TR(lang, "\nThe costliest decisions:\n", "\nDie teuersten Entscheidungen:\n"));
    int shown = 0;
    for (int k = 0; shown < c->top; k++) {
        int i = kt_analysis_ranked(a, k);
        if (i < 0 || !(kt_analysis_move_at(a, i)->loss > 0))
            break;
        print_move(g, a, shown++, i, lang);
    }
    if (!shown)
        printf(TR(lang, "No decision lost win chance.\n",
                  "Keine Entscheidung hat Siegchance gekostet.\n"));
}

/* ------------------------------------------------------------ running */

static int show_progress(void *ud, const kt_analysis_progress *p)
{
    FILE *f = ud;
    fprintf(f, "\ranalysing: %d of %d decisions, %lld simulations ", p->done, p->decisions,
            p->simulations);
    fflush(f);
    return 0;
}

static int load_record(const char *file, kt_record **r, kt_game **g)
{
    char why[400];
    char *txt = cli_read_file_max(file, ANALYZE_MAX_FILE, NULL, why, sizeof why);
    if (!txt) {
        fprintf(stderr, "kontor analyze: %s\n", why);
        return 0;
    }
    kt_err err;
    kt_status st = kt_record_load(txt, NULL, r, g, &err);
    free(txt);
    if (st != KT_OK) {
        fprintf(stderr, "kontor analyze: %s: %s\n", file, err.msg);
        return 0;
    }
    return 1;
}

int cli_analyze(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--calibrate"))
            return cli_calibrate(argc, argv);
    an_cli c;
    memset(&c, 0, sizeof c);
    c.top = 5;
    int done = parse_args(argc, argv, &c);
    if (done >= 0)
        return done;
    kt_record *r;
    kt_game *g;
    if (!load_record(c.file, &r, &g))
        return 2;
    int rc = 2;
    kt_analysis *a = NULL;
    kt_err err;
    if (c.seat > kt_game_players(g)) {
        fprintf(stderr, "kontor analyze: --seat %d: the game has %d players\n", c.seat,
                kt_game_players(g));
        goto out;
    }
    if (kt_analysis_new(g, r, c.seat - 1, c.opts, &a, &err) != KT_OK) {
        fprintf(stderr, "kontor analyze: %s\n", err.msg);
        goto out;
    }
    FILE *prog = !c.noprog && isatty(STDERR_FILENO) ? stderr : NULL;
    double t0 = cli_now();
    kt_status st = kt_analysis_run(a, prog ? show_progress : NULL, prog, &err);
    double secs = cli_now() - t0;
    if (prog)
        fprintf(prog, "\r%60s\r", "");
    if (st != KT_OK) {
        fprintf(stderr, "kontor analyze: %s\n", err.msg);
        goto out;
    }
    if (c.svg && cli_analysis_svg(c.svg, g, r, a, c.lang) != 0)
        goto out;
    if (c.json) {
        char *js = kt_analysis_json(a, c.lang);
        if (!js) {
            fprintf(stderr, "kontor analyze: out of memory\n");
            goto out;
        }
        printf("%s\n", js);
        kt_free(js);
    } else {
        report(g, r, a, &c, secs);
    }
    rc = 0;
out:
    kt_analysis_free(a);
    kt_record_free(r);
    kt_game_free(g);
    return rc;
}
