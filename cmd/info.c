/*
 * info.c - `sgfkit info`: one line of game information per game, as a
 * TSV table with a header line or as JSON Lines.
 *
 * Columns: file, game, size, black, white, black_rank, white_rank,
 * result, komi, rules, handicap, date, moves.  Tabs and line breaks in
 * values become spaces so that every game stays on one line.
 */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../sgf/gameinfo.h"
#include "cli.h"
#include "cmd.h"

struct info_ctx {
	bool json;
	bool no_warnings; /* no dialect notes on stderr */
};

static const char info_usage[] =
    "usage: sgfkit info [OPTIONS] [FILE|DIR|-]...\n"
    "\n"
    "Print one line of game information per game: a table with a header\n"
    "(file, game, size, black, white, black_rank, white_rank, result,\n"
    "komi, rules, handicap, date, moves), tab-separated, or JSON Lines.\n"
    "\n"
    "options:\n"
    "      --json             one JSON object per game (JSON Lines)\n"
    "      --no-header        no header line in the table\n"
    "      --no-warnings      no notes on stderr about dialect values read\n"
    "  -f, --from FORMAT      input format: sgf, json or auto (default)\n"
    "  -h, --help             this help\n";

/* A TSV field: tabs, CR and LF become spaces. */
static void
tsv_field(FILE *f, const char *s)
{
	if (!s)
		return;
	for (;;) {
		size_t n = strcspn(s, "\t\n\r");
		fwrite_unlocked(s, 1, n, f);
		if (!s[n])
			return;
		putc_unlocked(' ', f);
		s += n + 1;
	}
}

static void
put_num(FILE *f, long v)
{
	char buf[24], *p = buf + sizeof(buf);
	unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;

	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	fwrite_unlocked(p, 1, (size_t)(buf + sizeof(buf) - p), f);
}

/* Komi as "%g" writes it; halves below 10000 (nearly all komi) without
 * printf, which costs more than the rest of the line. */
static void
put_komi(FILE *f, double k)
{
	char buf[32];
	int n;

	if (fabs(k) < 10000 && k * 2 == floor(k * 2)) {
		double a = fabs(k);
		long whole = (long)a;
		if (signbit(k))
			putc_unlocked('-', f);
		put_num(f, whole);
		if (a != (double)whole)
			fputs_unlocked(".5", f);
		return;
	}
	n = snprintf(buf, sizeof(buf), "%g", k);
	fwrite_unlocked(buf, 1, (size_t)n, f);
}

static int
info_process(struct sgf_game *g, struct cli_res *r, void *ctx)
{
	const struct info_ctx *ic = ctx;
	struct sgf_gameinfo gi;
	FILE *f = r->out;

	if (g->nerrors) {
		r->flags |= CLI_R_INVALID;
		cli_report_errors(g, r);
	}
	if (!g->root) {
		r->flags |= CLI_R_SKIPPED;
		return 0;
	}
	sgf_gameinfo(g, &gi);
	if (ic->json) {
		fputs_unlocked("{\"file\":", f);
		cli_json_str(f, g->file);
		fputs_unlocked(",\"game\":", f);
		put_num(f, (long)g->index);
		fputs_unlocked(",\"size\":", f);
		if (gi.cols == gi.rows) {
			put_num(f, gi.cols);
		} else {
			putc_unlocked('"', f);
			put_num(f, gi.cols);
			putc_unlocked('x', f);
			put_num(f, gi.rows);
			putc_unlocked('"', f);
		}
		fputs_unlocked(",\"black\":", f);
		cli_json_str(f, gi.black);
		fputs_unlocked(",\"white\":", f);
		cli_json_str(f, gi.white);
		fputs_unlocked(",\"black_rank\":", f);
		cli_json_str(f, gi.black_rank);
		fputs_unlocked(",\"white_rank\":", f);
		cli_json_str(f, gi.white_rank);
		fputs_unlocked(",\"result\":", f);
		cli_json_str(f, gi.result_raw);
		fputs_unlocked(",\"komi\":", f);
		if (gi.has_komi)
			put_komi(f, gi.komi);
		else
			fputs_unlocked("null", f);
		fputs_unlocked(",\"rules\":", f);
		cli_json_str(f, gi.rules);
		fputs_unlocked(",\"handicap\":", f);
		put_num(f, gi.handicap);
		fputs_unlocked(",\"date\":", f);
		cli_json_str(f, gi.date);
		fputs_unlocked(",\"moves\":", f);
		put_num(f, gi.moves);
		fputs_unlocked(",\"event\":", f);
		cli_json_str(f, gi.event);
		fputs_unlocked(",\"game_name\":", f);
		cli_json_str(f, gi.game_name);
		fputs_unlocked(",\"place\":", f);
		cli_json_str(f, gi.place);
		fputs_unlocked(",\"notes\":[", f);
		for (int i = 0; i < gi.nnotes && i < SGF_GAMEINFO_NOTES; i++) {
			if (i)
				putc_unlocked(',', f);
			cli_json_str(f, gi.notes[i]);
		}
		fputs_unlocked("]}\n", f);
		return 0;
	}
	tsv_field(f, g->file);
	putc_unlocked('\t', f);
	put_num(f, (long)g->index);
	putc_unlocked('\t', f);
	put_num(f, gi.cols);
	if (gi.cols != gi.rows) {
		putc_unlocked('x', f);
		put_num(f, gi.rows);
	}
	putc_unlocked('\t', f);
	tsv_field(f, gi.black);
	putc_unlocked('\t', f);
	tsv_field(f, gi.white);
	putc_unlocked('\t', f);
	tsv_field(f, gi.black_rank);
	putc_unlocked('\t', f);
	tsv_field(f, gi.white_rank);
	putc_unlocked('\t', f);
	tsv_field(f, gi.result_raw);
	putc_unlocked('\t', f);
	if (gi.has_komi)
		put_komi(f, gi.komi);
	putc_unlocked('\t', f);
	tsv_field(f, gi.rules);
	putc_unlocked('\t', f);
	put_num(f, gi.handicap);
	putc_unlocked('\t', f);
	tsv_field(f, gi.date);
	putc_unlocked('\t', f);
	put_num(f, gi.moves);
	putc_unlocked('\n', f);
	/* dialects were interpreted: say what was taken to mean what */
	for (int i = 0;
	     !ic->no_warnings && i < gi.nnotes && i < SGF_GAMEINFO_NOTES; i++)
		fprintf(cli_err(r), "%s: game %u: warning: %s\n", g->file,
			g->index, gi.notes[i]);
	return 0;
}

int
cmd_info(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"json", no_argument, NULL, 'J'},
	    {"no-header", no_argument, NULL, 'H'},
	    {"no-warnings", no_argument, NULL, 'W'},
	    CLI_LONGOPTS,
	    {NULL, 0, NULL, 0},
	};
	struct info_ctx ic = {false};
	struct cli c;
	bool header = true;
	int opt;

	cli_init(&c, "info");
	cli_argv0(argv, "info");
	optind = 1;
	while ((opt = cli_getopt(&c, argc, argv, "" CLI_SHORTOPTS, opts,
				 info_usage)) != -1) {
		switch (opt) {
		case 'J':
			ic.json = c.json = true;
			break;
		case 'H':
			header = false;
			break;
		case 'W':
			ic.no_warnings = true;
			break;
		case CLI_OPT_EXIT:
			return c.exit_status;
		default:
			return cmd_usage_error("info");
		}
	}
	c.process = info_process;
	c.ctx = &ic;
	if (!ic.json && header)
		fputs("file\tgame\tsize\tblack\twhite\tblack_rank\twhite_rank\t"
		      "result\tkomi\trules\thandicap\tdate\tmoves\n",
		      stdout);
	/* The table has no room for a summary line: only JSON gets one on
	 * stdout, and a terminal gets it on stderr. */
	return cli_run(&c, argc - optind, argv + optind);
}
