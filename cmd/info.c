/*
 * info.c - `sgfkit info`: one line of game information per game, as a
 * TSV table with a header line or as JSON Lines.
 *
 * Columns: file, game, size, black, white, black_rank, white_rank,
 * result, komi, rules, handicap, date, moves; with --signatures the
 * signatures of the moves (sgf_signature()) too: moves_hash,
 * canonical_hash, dyer, dyer_canonical, empty for a game that is not
 * Go.  Tabs and line breaks in
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
	bool signatures;  /* the signature columns */
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
    "  -s, --signatures       the moves' signatures too: moves_hash,\n"
    "                         canonical_hash, dyer, dyer_canonical\n"
    "  -f, --from FORMAT      input format: sgf, json or auto (default)\n"
    "  -h, --help             this help\n";

/* A TSV line built in memory (flushed to f when the buffer fills). */
struct line {
	char b[2048];
	size_t n;
	FILE *f;
};

static void
line_flush(struct line *L)
{
	fwrite_unlocked(L->b, 1, L->n, L->f);
	L->n = 0;
}

static void
line_put(struct line *L, const char *s, size_t n)
{
	if (sizeof(L->b) - L->n < n) {
		line_flush(L);
		if (n > sizeof(L->b)) {
			fwrite_unlocked(s, 1, n, L->f);
			return;
		}
	}
	memcpy(L->b + L->n, s, n);
	L->n += n;
}

static inline void
line_putc(struct line *L, char c)
{
	if (L->n == sizeof(L->b))
		line_flush(L);
	L->b[L->n++] = c;
}

/* A TSV field: tabs, CR and LF become spaces. */
static void
line_tsv(struct line *L, const char *s)
{
	if (!s)
		return;
	for (;;) {
		char *o = L->b + L->n, *e = L->b + sizeof(L->b);
		while (o < e && *s) {
			char ch = *s++;
			*o++ =
			    ch == '\t' || ch == '\n' || ch == '\r' ? ' ' : ch;
		}
		L->n = (size_t)(o - L->b);
		if (!*s)
			return;
		line_flush(L);
	}
}

/* Decimal digits of v into the end of buf[24]; returns the start. */
static char *
num_text(char *end, long v)
{
	char *p = end;
	unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;

	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	return p;
}

static void
line_num(struct line *L, long v)
{
	char buf[24], *p = num_text(buf + sizeof(buf), v);

	line_put(L, p, (size_t)(buf + sizeof(buf) - p));
}

/* Komi as "%g" writes it; halves below 10000 (nearly all komi) without
 * printf, which costs more than the rest of the line. */
static int
komi_text(char *buf, size_t size, double k)
{
	if (fabs(k) < 10000 && k * 2 == floor(k * 2)) {
		double a = fabs(k);
		long whole = (long)a;
		char num[24], *p = num_text(num + sizeof(num), whole);
		size_t n = 0, len = (size_t)(num + sizeof(num) - p);
		if (signbit(k))
			buf[n++] = '-';
		memcpy(buf + n, p, len);
		n += len;
		if (a != (double)whole) {
			buf[n++] = '.';
			buf[n++] = '5';
		}
		return (int)n;
	}
	return snprintf(buf, size, "%g", k);
}

static void
line_komi(struct line *L, double k)
{
	char buf[32];

	line_put(L, buf, (size_t)komi_text(buf, sizeof(buf), k));
}

/* A hash as 16 lower-case hex digits into buf[16]. */
static void
hash_text(char *buf, uint64_t h)
{
	for (int i = 15; i >= 0; i--, h >>= 4)
		buf[i] = "0123456789abcdef"[h & 15];
}

static void
put_num(FILE *f, long v)
{
	char buf[24], *p = num_text(buf + sizeof(buf), v);

	fwrite_unlocked(p, 1, (size_t)(buf + sizeof(buf) - p), f);
}

static void
put_komi(FILE *f, double k)
{
	char buf[32];

	fwrite_unlocked(buf, 1, (size_t)komi_text(buf, sizeof(buf), k), f);
}

static int
info_process(struct sgf_game *g, struct cli_res *r, void *ctx)
{
	const struct info_ctx *ic = ctx;
	struct sgf_gameinfo gi;
	struct sgf_signature sig;
	char moves_hex[16], canon_hex[16];
	bool sigs, go;
	FILE *f = r->out;

	if (g->nerrors) {
		r->flags |= CLI_R_INVALID;
		cli_report_diags(g, r, false);
	}
	if (!g->root) {
		r->flags |= CLI_R_SKIPPED;
		return 0;
	}
	sgf_gameinfo(g, &gi);
	sigs = ic->signatures;
	go = sigs && sgf_game_type(g) == 1 && sgf_signature(g, 0, &sig) == 0;
	if (go) {
		hash_text(moves_hex, sig.moves);
		hash_text(canon_hex, sig.canonical);
	}
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
		if (go) {
			fputs_unlocked(",\"moves_hash\":\"", f);
			fwrite_unlocked(moves_hex, 1, 16, f);
			fputs_unlocked("\",\"canonical_hash\":\"", f);
			fwrite_unlocked(canon_hex, 1, 16, f);
			fputs_unlocked("\",\"dyer\":\"", f);
			fputs_unlocked(sig.dyer, f);
			fputs_unlocked("\",\"dyer_canonical\":\"", f);
			fputs_unlocked(sig.dyer_canonical, f);
			putc_unlocked('"', f);
		} else if (sigs) {
			fputs_unlocked(
			    ",\"moves_hash\":null,\"canonical_hash\":"
			    "null,\"dyer\":null,\"dyer_canonical\":"
			    "null",
			    f);
		}
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
	{
		/* the line is built in memory and written at once: a
		 * dozen stdio calls cost more than the rest of it */
		struct line L = {.n = 0, .f = f};
		line_tsv(&L, g->file);
		line_putc(&L, '\t');
		line_num(&L, (long)g->index);
		line_putc(&L, '\t');
		line_num(&L, gi.cols);
		if (gi.cols != gi.rows) {
			line_putc(&L, 'x');
			line_num(&L, gi.rows);
		}
		line_putc(&L, '\t');
		line_tsv(&L, gi.black);
		line_putc(&L, '\t');
		line_tsv(&L, gi.white);
		line_putc(&L, '\t');
		line_tsv(&L, gi.black_rank);
		line_putc(&L, '\t');
		line_tsv(&L, gi.white_rank);
		line_putc(&L, '\t');
		line_tsv(&L, gi.result_raw);
		line_putc(&L, '\t');
		if (gi.has_komi)
			line_komi(&L, gi.komi);
		line_putc(&L, '\t');
		line_tsv(&L, gi.rules);
		line_putc(&L, '\t');
		line_num(&L, gi.handicap);
		line_putc(&L, '\t');
		line_tsv(&L, gi.date);
		line_putc(&L, '\t');
		line_num(&L, gi.moves);
		if (go) {
			line_putc(&L, '\t');
			line_put(&L, moves_hex, 16);
			line_putc(&L, '\t');
			line_put(&L, canon_hex, 16);
			line_putc(&L, '\t');
			line_put(&L, sig.dyer, 12);
			line_putc(&L, '\t');
			line_put(&L, sig.dyer_canonical, 12);
		} else if (sigs) {
			line_put(&L, "\t\t\t\t", 4);
		}
		line_putc(&L, '\n');
		line_flush(&L);
	}
	/* dialects were interpreted: say what was taken to mean what */
	if (!ic->no_warnings)
		cli_report_notes(g, r, &gi);
	return 0;
}

int
cmd_info(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"json", no_argument, NULL, 'J'},
	    {"no-header", no_argument, NULL, 'H'},
	    {"no-warnings", no_argument, NULL, 'W'},
	    {"signatures", no_argument, NULL, 's'},
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
	while ((opt = cli_getopt(&c, argc, argv, "s" CLI_SHORTOPTS, opts,
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
		case 's':
			ic.signatures = true;
			break;
		case CLI_OPT_EXIT:
			return c.exit_status;
		default:
			return cmd_usage_error("info");
		}
	}
	c.process = info_process;
	c.ctx = &ic;
	if (!ic.json && header) {
		fputs("file\tgame\tsize\tblack\twhite\tblack_rank\twhite_rank\t"
		      "result\tkomi\trules\thandicap\tdate\tmoves",
		      stdout);
		fputs(ic.signatures ? "\tmoves_hash\tcanonical_hash\tdyer\t"
				      "dyer_canonical\n"
				    : "\n",
		      stdout);
	}
	/* The table has no room for a summary line: only JSON gets one on
	 * stdout, and a terminal gets it on stderr. */
	return cli_run(&c, argc - optind, argv + optind);
}
