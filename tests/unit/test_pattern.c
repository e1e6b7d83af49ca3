/* test_pattern.c - position patterns (rules/pattern.h): what a pattern
 * file may hold, its variants, and where it first stands.  pattern.c is
 * included to reach the prefilter. */
#include "../../rules/pattern.c"
#include "unit.h"

static struct pattern *
pat(const char *text, unsigned flags, struct pattern_error *err)
{
	return pattern_read(text, strlen(text), "p.sgf", flags, err);
}

static struct sgf_game *
game(const char *sgf)
{
	struct sgf_game **games = NULL, *g = NULL;
	int n = sgf_parse_all(sgf, strlen(sgf), "t.sgf", NULL, &games);

	if (n >= 1)
		g = games[0];
	for (int i = 1; i < n; i++)
		sgf_game_free(games[i]);
	free(games);
	return g;
}

/* The move where text's pattern first stands in sgf (-1: nowhere), its
 * symmetry and swap in *sym and *swap. */
static long
find(const char *text, unsigned flags, const char *sgf, int *sym, bool *swap)
{
	struct pattern_error err;
	struct pattern *p = pat(text, flags, &err);
	struct sgf_game *g = game(sgf);
	struct pattern_match m = {-1, -1, false};
	long r = -1;

	if (p && g && pattern_find(p, g, &m) == 1)
		r = m.move;
	if (sym)
		*sym = m.sym;
	if (swap)
		*swap = m.swap;
	pattern_free(p);
	sgf_game_free(g);
	return r;
}

static void
a_bad_pattern_is_refused_where_it_is_wrong(void)
{
	static const struct {
		const char *text;
		uint32_t line, col;
		const char *msg;
	} bad[] = {
	    {"(;AB[pd]\n;W[qq])", 2, 1, "a second node"},
	    {"(;AB[pd]W[qq])", 1, 9, "a move (W)"},
	    {"(;SZ[9]AB[aa]\n  AW[ii][jj])", 2, 9, "'jj' is not a point"},
	    {"(;AB[aa:cc]AE[bb])", 1, 14, "already named"},
	    {"(;GM[1]C[x])", 1, 2, "no point named"},
	    {"(;AB[pd])(;AB[dd])", 1, 11, "a second game tree"},
	    {"(;SZ[0]AB[aa])", 1, 3, "board size '0'"},
	    {"(;GM[4]AB[aa])", 1, 3, "not a game of Go"},
	    {"", 1, 1, "no SGF game tree"},
	    {"(;AB[pd", 1, 5, "input ends inside a value"},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct pattern_error err;
		CHECK(pat(bad[i].text, 0, &err) == NULL);
		CHECK_INT(err.line, bad[i].line);
		CHECK_INT(err.col, bad[i].col);
		CHECK(strstr(err.msg, bad[i].msg) != NULL);
	}
}

static void
a_file_over_the_limit_is_refused_unread(void)
{
	struct pattern_error err;
	struct pattern *p;
	char *big = malloc(PATTERN_MAX_BYTES + 1);

	memset(big, ' ', PATTERN_MAX_BYTES + 1);
	memcpy(big, "(;AB[pd])", 9);
	CHECK(pattern_read(big, PATTERN_MAX_BYTES + 1, "p.sgf", 0, &err) ==
	      NULL);
	CHECK_INT(err.line, 0);
	/* at the limit it is read */
	p = pattern_read(big, PATTERN_MAX_BYTES, "p.sgf", 0, &err);
	CHECK(p != NULL);
	pattern_free(p);
	free(big);
}

static void
variants_that_repeat_an_earlier_one_are_dropped(void)
{
	struct pattern_error err;
	struct pattern *p;
	int cols, rows;

	/* the centre of 9x9 is its own image: one variant, or two with
	 * the colours exchanged */
	p = pat("(;SZ[9]AB[ee])", PATTERN_SYMMETRIES, &err);
	CHECK_INT(pattern_nvariants(p), 1);
	pattern_free(p);
	p = pat("(;SZ[9]AB[ee])", PATTERN_SYMMETRIES | PATTERN_SWAP, &err);
	CHECK_INT(pattern_nvariants(p), 2);
	pattern_free(p);
	/* a corner point: four corners, in two colours */
	p = pat("(;SZ[9]AB[aa])", PATTERN_SYMMETRIES | PATTERN_SWAP, &err);
	CHECK_INT(pattern_nvariants(p), 8);
	pattern_free(p);
	/* empty points only: swapping changes nothing */
	p = pat("(;AE[pd])", PATTERN_SWAP, &err);
	CHECK_INT(pattern_nvariants(p), 1);
	CHECK_INT(pattern_npoints(p), 1);
	pattern_free(p);
	/* a rectangle keeps its shape under 4 symmetries only */
	p = pat("(;SZ[13:9]AB[ab]AW[cd])", PATTERN_SYMMETRIES, &err);
	CHECK_INT(pattern_nvariants(p), 4);
	pattern_size(p, &cols, &rows);
	CHECK_INT(cols, 13);
	CHECK_INT(rows, 9);
	pattern_free(p);
}

static void
a_pattern_stands_after_captures_not_before(void)
{
	static const char game_a[] = "(;SZ[9];B[cc];W[dc];B[gg];W[cd];B[gc]"
				     ";W[bc];B[gd];W[cb])";
	/* cc empty among its four white neighbours: after the capture */
	CHECK_INT(
	    find("(;SZ[9]AW[bc][dc][cd][cb]AE[cc])", 0, game_a, NULL, NULL), 8);
	/* the black stone there: until it is captured */
	CHECK_INT(find("(;SZ[9]AB[cc]AW[bc][dc][cd])", 0, game_a, NULL, NULL),
		  6);
	CHECK_INT(find("(;SZ[9]AB[cc]AW[cb])", 0, game_a, NULL, NULL), -1);
	/* a suicide leaves nothing */
	CHECK_INT(
	    find("(;SZ[9]AW[aa])", 0, "(;SZ[9]AB[ab][ba];W[aa])", NULL, NULL),
	    -1);
	/* a move on an occupied point is skipped, and counts */
	CHECK_INT(find("(;SZ[9]AB[cc]AW[dc])", 0,
		       "(;SZ[9];B[cc];W[cc];B[ee];W[dc])", NULL, NULL),
		  4);
}

static void
setup_counts_at_its_node(void)
{
	/* root setup: move 0; setup after two moves: move 2; setup that
	 * leaves a chain without liberty removes it */
	CHECK_INT(find("(;SZ[9]AB[cc])", 0, "(;SZ[9]AB[cc])", NULL, NULL), 0);
	CHECK_INT(find("(;SZ[9]AB[cc])", 0, "(;SZ[9];B[ee];W[gg];AB[cc])", NULL,
		       NULL),
		  2);
	CHECK_INT(
	    find("(;SZ[9]AB[aa])", 0, "(;SZ[9]AB[aa]AW[ab][ba])", NULL, NULL),
	    -1);
	/* empty points only stand on the empty board at once */
	CHECK_INT(find("(;SZ[9]AE[aa:ii])", 0, "(;SZ[9];B[ee])", NULL, NULL),
		  0);
}

static void
symmetry_and_colours_are_reported(void)
{
	int sym;
	bool swap;

	/* the upper right star point is dd after three quarter turns (3),
	 * and after the mirror (4): the first is reported */
	CHECK_INT(
	    find("(;AB[pd])", PATTERN_SYMMETRIES, "(;;B[dd])", &sym, &swap), 1);
	CHECK_INT(sym, 3);
	CHECK(!swap);
	/* and pp after one quarter turn clockwise */
	CHECK_INT(
	    find("(;AB[pd])", PATTERN_SYMMETRIES, "(;;B[pp])", &sym, &swap), 1);
	CHECK_INT(sym, 1);
	CHECK_INT(find("(;AB[pd])", PATTERN_SWAP, "(;;W[pd])", &sym, &swap), 1);
	CHECK_INT(sym, 0);
	CHECK(swap);
	CHECK_INT(find("(;AB[pd])", 0, "(;;W[pd])", NULL, NULL), -1);
	CHECK_INT(
	    find("(;AB[pd])", PATTERN_SYMMETRIES, "(;;W[pd])", NULL, NULL), -1);
}

static void
other_boards_and_games_do_not_match(void)
{
	CHECK_INT(find("(;AB[cc])", 0, "(;SZ[9];B[cc])", NULL, NULL), -1);
	CHECK_INT(find("(;SZ[9]AB[cc])", 0, "(;GM[2]SZ[9];B[cc])", NULL, NULL),
		  -1);
}

static void
the_prefilter_drops_what_was_never_played(void)
{
	struct pattern_error err;
	struct pattern *p = pat("(;SZ[9]AB[cc]AW[dc])",
				PATTERN_SYMMETRIES | PATTERN_SWAP, &err);
	struct sgf_game *g;

	/* black played cc, white never dc: only the swapped images whose
	 * points each colour touched are left (white on cc is missing) */
	g = game("(;SZ[9];B[cc];W[ee])");
	CHECK(prefilter(p, g) == 0);
	sgf_game_free(g);
	/* both played where the pattern has them: its first variant */
	g = game("(;SZ[9];B[cc];W[dc])");
	CHECK(prefilter(p, g) & 1);
	sgf_game_free(g);
	/* setup counts as played */
	g = game("(;SZ[9]AB[cc]AW[dc])");
	CHECK(prefilter(p, g) & 1);
	sgf_game_free(g);
	pattern_free(p);
}

int
main(void)
{
	RUN(a_bad_pattern_is_refused_where_it_is_wrong);
	RUN(a_file_over_the_limit_is_refused_unread);
	RUN(variants_that_repeat_an_earlier_one_are_dropped);
	RUN(a_pattern_stands_after_captures_not_before);
	RUN(setup_counts_at_its_node);
	RUN(symmetry_and_colours_are_reported);
	RUN(other_boards_and_games_do_not_match);
	RUN(the_prefilter_drops_what_was_never_played);
	return UNIT_DONE();
}
