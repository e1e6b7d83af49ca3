/*
 * select.c - `sgfkit select`: the records that match every condition
 * given on their game information (players, date, size, handicap,
 * komi, result, rule set, moves, ranks), on the points played, on a
 * position pattern (rules/pattern.h) or on the check of `sgfkit
 * check`; written byte for byte as read (a collection again), or as
 * names (-l) or JSON Lines.  Exit status as grep's: 0 a match, 1 none,
 * 2 trouble.  The conditions are tested cheapest first: game
 * information, points played, the pattern, the check.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/check.h"
#include "../rules/pattern.h"
#include "../sgf/gtp.h"
#include "../sgf/gameinfo.h"
#include "cli.h"
#include "cmd.h"

enum select_out { OUT_RECORDS, OUT_LIST, OUT_JSON };

/* --played: points as given, read on each game's board (a GTP vertex's
 * row counts from the bottom, so its point depends on the size). */
#define PLAYED_MAX 64
struct played_pt {
	char s[8]; /* "pd" (SGF letters) or "Q16" (a GTP vertex) */
	bool gtp;
};

struct select_ctx {
	const char *player, *black, *white; /* substrings (exact with -x) */
	bool exact, invert;
	bool has_date, has_size, has_handicap, has_komi, has_margin, has_moves;
	struct cli_range date, size, handicap, komi, margin, moves;
	/* ranks: either player's, Black's, White's (sgf_rank_value) */
	bool has_rank, has_brank, has_wrank;
	struct cli_range rank, brank, wrank;
	struct played_pt played[PLAYED_MAX];
	int nplayed;
	bool has_played_moves;
	struct cli_range played_moves;
	const struct pattern *pattern;
	char winner;	   /* 'B', 'W' or 0 */
	int result;	   /* enum sgf_result_kind, or -1 */
	const char *rules; /* canonical rule set name, or NULL */
	int valid;	   /* 1 --valid, 0 --invalid, -1 neither */
	enum select_out out;
	atomic_ulong matches;
};

static const char select_usage[] =
    "usage: sgfkit select [OPTIONS] [FILE|DIR|-]...\n"
    "\n"
    "Write the records that match every condition given, byte for byte\n"
    "as read, so that the output is a collection again.  A RANGE is N,\n"
    "N..M, N.. or ..M.  Exit status 0: a record matched, 1: none, 2:\n"
    "trouble.\n"
    "\n"
    "conditions:\n"
    "      --player NAME      black or white player contains NAME\n"
    "      --black NAME       black player (PB) contains NAME\n"
    "      --white NAME       white player (PW) contains NAME\n"
    "  -x, --exact            names are whole values, not substrings\n"
    "                         (case is ignored either way)\n"
    "      --date RANGE       date (DT) from YYYY[-MM[-DD]] to another\n"
    "      --size RANGE       board size (both sides of a rectangle)\n"
    "      --handicap RANGE   handicap stones\n"
    "      --komi RANGE       komi\n"
    "      --winner B|W       the result's winner\n"
    "      --result KIND      score, resign, time, forfeit or draw\n"
    "      --margin RANGE     winning margin of a counted result\n"
    "      --rules NAME       rule set (RU) as the rules module names it:\n"
    "                         japanese also matches RU[jp], Japanese ...\n"
    "      --moves RANGE      moves along the main line\n"
    "      --rank RANGE       Black's or White's rank (BR, WR) is in RANGE:\n"
    "                         30k..1k, 1d..9d, 1p..9p in that order\n"
    "      --black-rank RANGE, --white-rank RANGE\n"
    "                         Black's rank, White's rank\n"
    "      --played POINTS    every point of the list (q16,d4 or pd,dp) was\n"
    "                         played by a move of the main line\n"
    "      --played-moves RANGE\n"
    "                         ... by a move numbered in RANGE (from 1)\n"
    "      --pattern FILE     the position of FILE (an SGF node of AB, AW\n"
    "                         and AE points; other points do not matter)\n"
    "                         stands on the board at some move of the main\n"
    "                         line, at the points where FILE has it\n"
    "      --all-symmetries   ... or one of its rotations and reflections\n"
    "      --swap-colours     ... or with the colours exchanged\n"
    "      --valid            no error under `sgfkit check`\n"
    "      --invalid          an error under `sgfkit check`\n"
    "  -v, --invert-match     the records that do not match\n"
    "\n"
    "output:\n"
    "  -l, --list             FILE<TAB>GAME per match, not the records\n"
    "      --json             one JSON object per match (JSON Lines)\n"
    "  -o, --output FILE      write to FILE (never half written)\n"
    "  -f, --from FORMAT      input format: sgf, json or auto (default)\n"
    "  -h, --help             this help\n";

/* Does the name s match the condition pat? */
static bool
name_match(const char *s, const char *pat, bool exact)
{
	if (!s)
		return false;
	return exact ? strcasecmp(s, pat) == 0 : strcasestr(s, pat) != NULL;
}

/* Is the rank s (BR or WR) in r?  A rank not read matches nothing. */
static bool
rank_in(const char *s, const struct cli_range *r)
{
	double v;

	return !sgf_rank_value(s, &v) && cli_range_has(r, v);
}

/* Every game-information condition (the cheap ones). */
static bool
info_match(const struct select_ctx *sc, const struct sgf_gameinfo *gi)
{
	double d;

	if (sc->player && !name_match(gi->black, sc->player, sc->exact) &&
	    !name_match(gi->white, sc->player, sc->exact))
		return false;
	if (sc->black && !name_match(gi->black, sc->black, sc->exact))
		return false;
	if (sc->white && !name_match(gi->white, sc->white, sc->exact))
		return false;
	if (sc->has_size && (!cli_range_has(&sc->size, gi->cols) ||
			     !cli_range_has(&sc->size, gi->rows)))
		return false;
	if (sc->has_handicap && !cli_range_has(&sc->handicap, gi->handicap))
		return false;
	if (sc->has_komi &&
	    (!gi->has_komi || !cli_range_has(&sc->komi, gi->komi)))
		return false;
	if (sc->winner && gi->result.winner != sc->winner)
		return false;
	if (sc->result >= 0 && (int)gi->result.kind != sc->result)
		return false;
	if (sc->has_margin && (gi->result.kind != SGF_RES_SCORE ||
			       !cli_range_has(&sc->margin, gi->result.margin)))
		return false;
	if (sc->has_moves && !cli_range_has(&sc->moves, (double)gi->moves))
		return false;
	if (sc->has_date &&
	    (cli_date_value(gi->date, &d) || !cli_range_has(&sc->date, d)))
		return false;
	if (sc->has_rank && !rank_in(gi->black_rank, &sc->rank) &&
	    !rank_in(gi->white_rank, &sc->rank))
		return false;
	if (sc->has_brank && !rank_in(gi->black_rank, &sc->brank))
		return false;
	if (sc->has_wrank && !rank_in(gi->white_rank, &sc->wrank))
		return false;
	if (sc->rules) {
		struct rules ru;
		if (!gi->rules || rules_from_name(&ru, gi->rules) ||
		    strcmp(ru.name, sc->rules))
			return false;
	}
	return true;
}

/* --played: was every point of the list played by a move of the main
 * line (numbered in --played-moves, when given)?  A point that is not
 * on this game's board was not. */
static bool
played_match(const struct select_ctx *sc, const struct sgf_game *g)
{
	int cols, rows, want[PLAYED_MAX];
	uint64_t seen = 0, all;
	long move = 0;

	sgf_board_size(g, &cols, &rows);
	for (int i = 0; i < sc->nplayed; i++) {
		const struct played_pt *p = &sc->played[i];
		int x, y, r;
		if (p->gtp)
			r = gtp_vertex_parse(p->s, strlen(p->s), cols, rows, &x,
					     &y);
		else
			r = sgf_point(p->s, 2, cols, rows, &x, &y);
		if (r != 1)
			return false;
		want[i] = y * cols + x;
	}
	all = sc->nplayed == 64 ? ~0ull : (1ull << sc->nplayed) - 1;
	for (const struct sgf_node *n = g->root; n; n = n->child)
		for (const struct sgf_prop *p = n->props; p; p = p->next) {
			int x, y, at;
			if (p->pid != SGF_P_B && p->pid != SGF_P_W)
				continue;
			move++;
			if (sc->has_played_moves &&
			    !cli_range_has(&sc->played_moves, (double)move))
				continue;
			if (sgf_point(p->values->s, p->values->len, cols, rows,
				      &x, &y) != 1)
				continue;
			at = y * cols + x;
			for (int i = 0; i < sc->nplayed; i++)
				if (want[i] == at)
					seen |= 1ull << i;
			if (seen == all)
				return true;
		}
	return false;
}

/* The verdict of `sgfkit check`: no error from the reader nor the
 * replay. */
static bool
game_valid(const struct sgf_game *g)
{
	struct check_opts o;
	struct check_list l;
	bool ok;

	if (g->nerrors || !g->root)
		return false;
	check_opts_default(&o);
	check_list_init(&l);
	/* out of memory is not a verdict of valid */
	ok = check_game(g, &o, &l) == 0 && l.nerrors == 0;
	check_list_release(&l);
	return ok;
}

static int
select_process(struct sgf_game *g, struct cli_res *r, void *ctx)
{
	struct select_ctx *sc = ctx;
	struct sgf_gameinfo gi;
	struct pattern_match pm;
	bool match, found = false;

	/* what the reader could not read is said, as info and dupes say
	 * it (a truncated record matched in silence before) */
	if (g->nerrors) {
		r->flags |= CLI_R_INVALID;
		cli_report_diags(g, r, false);
	}
	if (g->root)
		sgf_gameinfo(g, &gi);
	match = g->root && info_match(sc, &gi);
	if (match && sc->nplayed)
		match = played_match(sc, g);
	if (match && sc->pattern)
		match = found = pattern_find(sc->pattern, g, &pm) == 1;
	if (match && sc->valid >= 0)
		match = game_valid(g) == (sc->valid == 1);
	else if (!g->root && sc->valid == 0)
		match = true; /* a record without a game: only --invalid */
	if (match == sc->invert) {
		r->flags |= CLI_R_SKIPPED;
		return 0;
	}
	atomic_fetch_add_explicit(&sc->matches, 1, memory_order_relaxed);
	switch (sc->out) {
	case OUT_RECORDS:
		/* a write error shows on the stream, which the batch
		 * reports */
		cli_write_record(g, r, r->out);
		break;
	case OUT_LIST:
		for (const char *s = g->file; *s; s++)
			putc_unlocked(*s == '\t' || *s == '\n' ? ' ' : *s,
				      r->out);
		fprintf(r->out, "\t%u\n", g->index);
		break;
	case OUT_JSON:
		fputs_unlocked("{\"file\":", r->out);
		cli_json_str(r->out, g->file);
		fprintf(r->out, ",\"game\":%u,\"line\":%lu", g->index,
			(unsigned long)g->line);
		if (found)
			fprintf(r->out,
				",\"move\":%ld,\"symmetry\":%d,\"swapped\":%s",
				pm.move, pm.sym, pm.swap ? "true" : "false");
		fputs_unlocked("}\n", r->out);
		break;
	}
	return 0;
}

/* --result's kinds. */
static int
result_kind(const char *s)
{
	static const struct {
		const char *name;
		enum sgf_result_kind kind;
	} kinds[] = {
	    {"score", SGF_RES_SCORE}, {"resign", SGF_RES_RESIGN},
	    {"time", SGF_RES_TIME},   {"forfeit", SGF_RES_FORFEIT},
	    {"draw", SGF_RES_DRAW},
	};
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(s, kinds[i].name))
			return (int)kinds[i].kind;
	return -1;
}

enum {
	OPT_PLAYER = 0x100,
	OPT_BLACK,
	OPT_WHITE,
	OPT_DATE,
	OPT_SIZE,
	OPT_HANDICAP,
	OPT_KOMI,
	OPT_WINNER,
	OPT_RESULT,
	OPT_MARGIN,
	OPT_RULES,
	OPT_MOVES,
	OPT_VALID,
	OPT_INVALID,
	OPT_JSON,
	OPT_RANK,
	OPT_BLACK_RANK,
	OPT_WHITE_RANK,
	OPT_PLAYED,
	OPT_PLAYED_MOVES,
	OPT_PATTERN,
	OPT_ALL_SYMMETRIES,
	OPT_SWAP_COLOURS,
};

/* --played's list into sc.  Returns 0, or -1 (message printed). */
static int
parse_played(struct select_ctx *sc, const char *arg)
{
	static const char hint[] =
	    "(points separated by commas: GTP vertices such as q16 or SGF "
	    "letters such as pd, at most 64)";
	const char *s = arg;

	sc->nplayed = 0;
	for (;;) {
		size_t n = strcspn(s, ",");
		struct played_pt *p = &sc->played[sc->nplayed];
		int x, y;
		if (n == 0 || n >= sizeof(p->s) || sc->nplayed == PLAYED_MAX)
			return cli_opt_invalid("points", arg, hint);
		memcpy(p->s, s, n);
		p->s[n] = 0;
		/* two letters are SGF's; a letter and a number GTP's,
		 * checked on the largest board GTP names */
		p->gtp =
		    !(n == 2 && sgf_coord(s[0]) >= 0 && sgf_coord(s[1]) >= 0);
		if (p->gtp &&
		    gtp_vertex_parse(p->s, n, 25, SGF_MAX_SIDE, &x, &y) != 1)
			return cli_opt_invalid("points", arg, hint);
		sc->nplayed++;
		if (!s[n])
			return 0;
		s += n + 1;
	}
}

/* Read the pattern file `path` (at most PATTERN_MAX_BYTES).  Returns
 * the pattern, or NULL (message printed: FILE:LINE:COL for what is
 * wrong in it). */
static struct pattern *
load_pattern(const char *path, unsigned flags)
{
	struct pattern_error err;
	struct pattern *p;
	FILE *f = fopen(path, "rb");
	char *buf;
	size_t n;

	if (!f) {
		cmd_error("cannot open '%s': %s", path, strerror(errno));
		return NULL;
	}
	buf = malloc(PATTERN_MAX_BYTES + 1);
	if (!buf) {
		fclose(f);
		cmd_error("out of memory");
		return NULL;
	}
	n = fread(buf, 1, PATTERN_MAX_BYTES + 1, f);
	if (ferror(f)) {
		cmd_error("cannot read '%s': %s", path, strerror(errno));
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	p = pattern_read(buf, n, path, flags, &err);
	free(buf);
	if (!p) {
		if (err.line)
			fprintf(stderr, "%s:%u:%u: error: %s\n", path, err.line,
				err.col, err.msg);
		else
			fprintf(stderr, "%s: error: %s\n", path, err.msg);
	}
	return p;
}

int
cmd_select(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"player", required_argument, NULL, OPT_PLAYER},
	    {"black", required_argument, NULL, OPT_BLACK},
	    {"white", required_argument, NULL, OPT_WHITE},
	    {"exact", no_argument, NULL, 'x'},
	    {"date", required_argument, NULL, OPT_DATE},
	    {"size", required_argument, NULL, OPT_SIZE},
	    {"handicap", required_argument, NULL, OPT_HANDICAP},
	    {"komi", required_argument, NULL, OPT_KOMI},
	    {"winner", required_argument, NULL, OPT_WINNER},
	    {"result", required_argument, NULL, OPT_RESULT},
	    {"margin", required_argument, NULL, OPT_MARGIN},
	    {"rules", required_argument, NULL, OPT_RULES},
	    {"moves", required_argument, NULL, OPT_MOVES},
	    {"valid", no_argument, NULL, OPT_VALID},
	    {"invalid", no_argument, NULL, OPT_INVALID},
	    {"invert-match", no_argument, NULL, 'v'},
	    {"list", no_argument, NULL, 'l'},
	    {"json", no_argument, NULL, OPT_JSON},
	    {"rank", required_argument, NULL, OPT_RANK},
	    {"black-rank", required_argument, NULL, OPT_BLACK_RANK},
	    {"white-rank", required_argument, NULL, OPT_WHITE_RANK},
	    {"played", required_argument, NULL, OPT_PLAYED},
	    {"played-moves", required_argument, NULL, OPT_PLAYED_MOVES},
	    {"pattern", required_argument, NULL, OPT_PATTERN},
	    {"all-symmetries", no_argument, NULL, OPT_ALL_SYMMETRIES},
	    {"swap-colours", no_argument, NULL, OPT_SWAP_COLOURS},
	    {"swap-colors", no_argument, NULL, OPT_SWAP_COLOURS},
	    {"output", required_argument, NULL, 'o'},
	    CLI_LONGOPTS,
	    {NULL, 0, NULL, 0},
	};
	struct select_ctx sc = {.result = -1, .valid = -1};
	struct cli c;
	struct rules ru;
	const char *output = NULL, *pattern_file = NULL;
	struct pattern *pattern = NULL;
	unsigned pattern_flags = 0;
	int opt, status;

	atomic_init(&sc.matches, 0);
	cli_init(&c, "select");
	cli_argv0(argv, "select");
	optind = 1;
	while ((opt = cli_getopt(&c, argc, argv, "xvlo:" CLI_SHORTOPTS, opts,
				 select_usage)) != -1) {
		int bad = 0;
		switch (opt) {
		case OPT_PLAYER:
			sc.player = optarg;
			break;
		case OPT_BLACK:
			sc.black = optarg;
			break;
		case OPT_WHITE:
			sc.white = optarg;
			break;
		case 'x':
			sc.exact = true;
			break;
		case OPT_DATE:
			sc.has_date = true;
			bad =
			    cli_opt_range(optarg, CLI_RANGE_DATE, 0, 0, "date",
					  "(YYYY[-MM[-DD]], or a range A..B, "
					  "A.. or ..B of them)",
					  &sc.date);
			break;
		case OPT_SIZE:
			sc.has_size = true;
			bad = cli_opt_range(optarg, CLI_RANGE_INT, 1, 52,
					    "board size", NULL, &sc.size);
			break;
		case OPT_HANDICAP:
			sc.has_handicap = true;
			bad = cli_opt_range(optarg, CLI_RANGE_INT, 0, 1000,
					    "handicap", NULL, &sc.handicap);
			break;
		case OPT_KOMI:
			sc.has_komi = true;
			bad = cli_opt_range(optarg, CLI_RANGE_NUM, -1000, 1000,
					    "komi", NULL, &sc.komi);
			break;
		case OPT_MARGIN:
			sc.has_margin = true;
			bad = cli_opt_range(optarg, CLI_RANGE_NUM, 0, 10000,
					    "margin", NULL, &sc.margin);
			break;
		case OPT_MOVES:
			sc.has_moves = true;
			bad = cli_opt_range(optarg, CLI_RANGE_INT, 0, 1e9,
					    "number of moves", NULL, &sc.moves);
			break;
		case OPT_RANK:
		case OPT_BLACK_RANK:
		case OPT_WHITE_RANK: {
			static const char hint[] =
			    "(ranks such as 30k, 1d or 9p, or a range A..B, "
			    "A.. or ..B of them)";
			struct cli_range *rr = opt == OPT_RANK ? &sc.rank
					       : opt == OPT_BLACK_RANK
						   ? &sc.brank
						   : &sc.wrank;
			bool *has = opt == OPT_RANK	    ? &sc.has_rank
				    : opt == OPT_BLACK_RANK ? &sc.has_brank
							    : &sc.has_wrank;
			*has = true;
			bad = cli_opt_range(optarg, CLI_RANGE_RANK, 0, 0,
					    "rank", hint, rr);
			break;
		}
		case OPT_PLAYED:
			bad = parse_played(&sc, optarg);
			break;
		case OPT_PLAYED_MOVES:
			sc.has_played_moves = true;
			bad = cli_opt_range(optarg, CLI_RANGE_INT, 1, 1e9,
					    "move numbers", NULL,
					    &sc.played_moves);
			break;
		case OPT_PATTERN:
			pattern_file = optarg;
			break;
		case OPT_ALL_SYMMETRIES:
			pattern_flags |= PATTERN_SYMMETRIES;
			break;
		case OPT_SWAP_COLOURS:
			pattern_flags |= PATTERN_SWAP;
			break;
		case OPT_WINNER:
			if ((optarg[0] == 'B' || optarg[0] == 'W' ||
			     optarg[0] == 'b' || optarg[0] == 'w') &&
			    !optarg[1])
				sc.winner = optarg[0] & ~0x20;
			else
				bad = cli_opt_invalid("winner", optarg,
						      "(B or W)");
			break;
		case OPT_RESULT:
			sc.result = result_kind(optarg);
			if (sc.result < 0)
				bad = cli_opt_invalid(
				    "result", optarg,
				    "(score, resign, time, forfeit or draw)");
			break;
		case OPT_RULES:
			if (rules_from_name(&ru, optarg)) {
				cmd_error("unknown rule set '%s'", optarg);
				bad = -1;
			}
			sc.rules = ru.name;
			break;
		case OPT_VALID:
			sc.valid = 1;
			break;
		case OPT_INVALID:
			sc.valid = 0;
			break;
		case 'v':
			sc.invert = true;
			break;
		case 'l':
			sc.out = OUT_LIST;
			break;
		case OPT_JSON:
			sc.out = OUT_JSON;
			break;
		case 'o':
			output = optarg;
			break;
		case CLI_OPT_EXIT:
			return c.exit_status;
		default:
			return cmd_usage_error("select");
		}
		if (bad)
			return cmd_usage_error("select");
	}
	if (sc.has_played_moves && !sc.nplayed) {
		cmd_error("--played-moves needs --played");
		return cmd_usage_error("select");
	}
	if (pattern_flags && !pattern_file) {
		cmd_error("--all-symmetries and --swap-colours need --pattern");
		return cmd_usage_error("select");
	}
	if (pattern_file &&
	    !(pattern = load_pattern(pattern_file, pattern_flags)))
		return EXIT_USAGE;
	sc.pattern = pattern;
	c.process = select_process;
	c.ctx = &sc;
	c.records = sc.out == OUT_RECORDS;
	/* the output is records or names: no summary among them */
	c.no_summary = true;
	if (output && cli_output_open(&c, output)) {
		pattern_free(pattern);
		return EXIT_USAGE;
	}
	status = cli_run(&c, argc - optind, argv + optind);
	pattern_free(pattern);
	if (output && cli_output_close(&c, status != EXIT_USAGE))
		status = EXIT_USAGE;
	if (status == EXIT_USAGE || c.status == EXIT_USAGE)
		return EXIT_USAGE;
	return atomic_load(&sc.matches) ? EXIT_OK : EXIT_PROBLEM;
}
