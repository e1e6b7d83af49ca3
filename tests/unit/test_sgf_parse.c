/*
 * test_sgf_parse.c - the reader, the parser, queries and the SGF writer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zlib.h>

#include "sgf/sgf.h"
#include "unit.h"

/* Parse a string that holds exactly `want` games; returns the first. */
static struct sgf_game **
parse_n(const char *s, int want)
{
	struct sgf_game **v = NULL;
	int n = sgf_parse_all(s, strlen(s), "t.sgf", NULL, &v);

	CHECK_INT(n, want);
	if (n != want) {
		while (n > 0)
			sgf_game_free(v[--n]);
		free(v);
		return NULL;
	}
	return v;
}

static void
free_all(struct sgf_game **v, int n)
{
	int i;

	if (!v)
		return;
	for (i = 0; i < n; i++)
		sgf_game_free(v[i]);
	free(v);
}

static char *
write_sgf(const struct sgf_game *g, unsigned flags)
{
	char *s = NULL;
	size_t len;
	FILE *f = open_memstream(&s, &len);

	CHECK_INT(sgf_write_sgf(f, g, flags), 0);
	fclose(f);
	return s;
}

static int
has_diag(const struct sgf_game *g, enum sgf_code c)
{
	const struct sgf_diag *d;

	for (d = g->diags; d; d = d->next)
		if (d->code == c)
			return 1;
	return 0;
}

static const struct sgf_diag *
find_diag(const struct sgf_game *g, enum sgf_code c)
{
	const struct sgf_diag *d;

	for (d = g->diags; d; d = d->next)
		if (d->code == c)
			return d;
	return NULL;
}

static void
a_simple_game_is_read_in_order(void)
{
	struct sgf_game **v = parse_n(
	    "(;GM[1]FF[4]SZ[9]PB[Black]XY[odd][x]\n;B[ee];W[];B[tt])", 1);
	struct sgf_game *g;
	const struct sgf_prop *p;
	const struct sgf_node *n;

	if (!v)
		return;
	g = v[0];
	CHECK(g->root != NULL);
	CHECK_INT(g->nnodes, 4);
	CHECK_INT(g->nerrors, 0);
	CHECK_INT(g->nwarnings, 0);
	CHECK_INT(g->index, 1);
	CHECK_STR(g->charset, "UTF-8");
	p = g->root->props;
	CHECK_STR(p->id, "GM");
	CHECK_INT(p->pid, SGF_P_GM);
	p = p->next->next->next;
	CHECK_STR(p->id, "PB");
	CHECK_STR(p->values->s, "Black");
	p = p->next;
	CHECK_STR(p->id, "XY");
	CHECK_INT(p->pid, SGF_P_OTHER);
	CHECK_INT(p->nvalues, 2);
	CHECK_STR(p->values->next->s, "x");
	CHECK_STR(sgf_root_value(g, SGF_P_PB), "Black");
	CHECK(sgf_node_prop_id(g->root, "XY") == p);
	n = g->root->child;
	CHECK(n && n->parent == g->root && !n->next);
	CHECK_STR(sgf_node_prop(n, SGF_P_B)->values->s, "ee");
	CHECK_INT(sgf_node_prop(n->child, SGF_P_W)->values->len, 0);
	free_all(v, 1);
}

static void
escapes_and_soft_breaks_are_removed(void)
{
	struct sgf_game **v =
	    parse_n("(;C[a\\]b\\\\c\\:d\\\ne\\\r\nf\nraw])", 1);
	const char *s;

	if (!v)
		return;
	s = v[0]->root->props->values->s;
	CHECK_STR(s, "a]b\\c:def\nraw");
	CHECK_INT(v[0]->root->props->values->len, strlen("a]b\\c:def\nraw"));
	free_all(v, 1);
}

static void
writer_escapes_and_sets_ff_and_ca(void)
{
	struct sgf_game **v =
	    parse_n("(;FF[3]GM[1]CA[ISO-8859-1]C[x\\]y\\\\z];B[aa])", 1);
	char *s;

	if (!v)
		return;
	s = write_sgf(v[0], SGF_WRITE_COMPACT);
	CHECK_STR(s, "(;FF[4]GM[1]CA[UTF-8]C[x\\]y\\\\z];B[aa])\n");
	free(s);
	free_all(v, 1);
	v = parse_n("(;GM[1];B[aa])", 1);
	if (!v)
		return;
	s = write_sgf(v[0], SGF_WRITE_COMPACT);
	CHECK_STR(s, "(;FF[4]CA[UTF-8]GM[1];B[aa])\n");
	free(s);
	free_all(v, 1);
}

static void
variations_are_written_back(void)
{
	const char *in = "(;GM[1](;B[aa];W[bb](;B[cc])(;B[dd];W[ee]))(;B[ff]))";
	struct sgf_game **v = parse_n(in, 1);
	char *s;

	if (!v)
		return;
	CHECK_INT(v[0]->root->nchildren, 2);
	s = write_sgf(v[0], SGF_WRITE_COMPACT);
	CHECK_STR(s, "(;FF[4]CA[UTF-8]GM[1](;B[aa];W[bb](;B[cc])(;B[dd];W[ee]))"
		     "(;B[ff]))\n");
	free(s);
	/* the readable layout parses back to the same compact form */
	s = write_sgf(v[0], 0);
	CHECK(strchr(s, '\n') != strrchr(s, '\n'));
	{
		struct sgf_game **w = parse_n(s, 1);
		char *s2 = w ? write_sgf(w[0], SGF_WRITE_COMPACT) : NULL;
		CHECK_STR(s2, "(;FF[4]CA[UTF-8]GM[1](;B[aa];W[bb](;B[cc])(;B["
			      "dd];W[ee]))(;B[ff]))\n");
		free(s2);
		free_all(w, 1);
	}
	free(s);
	free_all(v, 1);
}

static void
default_layout_puts_two_moves_on_a_line(void)
{
	struct sgf_game **v =
	    parse_n("(;GM[1]SZ[19];B[aa];W[bb];B[cc];W[dd];B[ee]C[hi])", 1);
	char *s;

	if (!v)
		return;
	s = write_sgf(v[0], 0);
	CHECK_STR(s, "(;FF[4]CA[UTF-8]GM[1]SZ[19]\n;B[aa];W[bb]\n;B[cc];W[dd]\n"
		     ";B[ee]C[hi])\n");
	free(s);
	free_all(v, 1);
}

static void
collections_give_one_game_each(void)
{
	struct sgf_game **v =
	    parse_n("(;GM[1]C[one])\n(;GM[1]C[two])junk(;C[three])", 3);

	if (!v)
		return;
	CHECK_STR(v[0]->root->props->next->values->s, "one");
	CHECK_INT(v[1]->index, 2);
	CHECK_INT(v[1]->line, 2);
	CHECK_STR(v[2]->root->props->values->s, "three");
	CHECK(has_diag(v[2], SGF_W_JUNK_BEFORE));
	free_all(v, 3);
}

static void
ff3_lowercase_identifiers_are_reduced(void)
{
	struct sgf_game **v = parse_n("(;GaMe[1]SiZe[9]AddBlack[aa][bb])", 1);
	const struct sgf_prop *p;

	if (!v)
		return;
	p = v[0]->root->props;
	CHECK_STR(p->id, "GM");
	CHECK_STR(p->next->id, "SZ");
	CHECK_STR(p->next->next->id, "AB");
	CHECK_INT(p->next->next->pid, SGF_P_AB);
	CHECK(has_diag(v[0], SGF_W_LOWERCASE_ID));
	CHECK_INT(v[0]->nerrors, 0);
	free_all(v, 1);
}

static void
recoveries_are_warnings_with_positions(void)
{
	struct sgf_game **v;
	const struct sgf_diag *d;
	char *s;

	/* missing ';', duplicate property, missing ')' */
	v = parse_n("Mail header\n(GM[1]C[a]\n C[b];B[aa]", 1);
	if (!v)
		return;
	CHECK_INT(v[0]->nerrors, 0);
	CHECK(has_diag(v[0], SGF_W_JUNK_BEFORE));
	d = find_diag(v[0], SGF_W_MISSING_SEMI);
	CHECK(d && d->line == 2 && d->col == 1);
	d = find_diag(v[0], SGF_W_DUPLICATE_PROP);
	CHECK(d && d->line == 3 && d->col == 2);
	CHECK(has_diag(v[0], SGF_W_MISSING_PAREN));
	s = write_sgf(v[0], SGF_WRITE_COMPACT);
	CHECK_STR(s, "(;FF[4]CA[UTF-8]GM[1]C[a][b];B[aa])\n");
	free(s);
	free_all(v, 1);

	/* an unescaped ']' in a comment (SGFC's heuristic) */
	v = parse_n("(;C[see [1] and ]x] here];B[aa])", 1);
	if (!v)
		return;
	CHECK_STR(v[0]->root->props->values->s, "see [1] and ]x] here");
	d = find_diag(v[0], SGF_W_UNESCAPED_BRACKET);
	CHECK(d && d->line == 1 && d->col == 11);
	CHECK_INT(v[0]->nnodes, 2);
	free_all(v, 1);
}

/* A property whose value was left out (issue 22): the ']' before it
 * ends the value before (the identifier and what follows are plainly
 * SGF), the missing value is an error at the identifier, and the rest
 * of the game is read: its moves, its variations. */
static void
a_value_left_out_is_an_error_and_the_game_goes_on(void)
{
	struct sgf_game **v;
	const struct sgf_node *n;
	const struct sgf_diag *d;

	v = parse_n("(;GM[1]SZ[9]PB[Lee]PW;B[cc];W[dd];B[ee])", 1);
	if (!v)
		return;
	CHECK_STR(sgf_root_value(v[0], SGF_P_PB), "Lee");
	CHECK(!sgf_node_prop(v[0]->root, SGF_P_PW));
	CHECK(!has_diag(v[0], SGF_W_UNESCAPED_BRACKET));
	d = find_diag(v[0], SGF_E_SYNTAX);
	CHECK(d && d->line == 1 && d->col == 20);
	CHECK_STR(d ? d->msg : NULL, "property 'PW' has no value: dropped");
	CHECK_INT(v[0]->nerrors, 1);
	CHECK_INT(v[0]->nnodes, 4);
	free_all(v, 1);

	/* before a variation: one game, both lines kept */
	v = parse_n("(;SZ[9]KM[6.5]PB(;B[cc];W[dd])(;B[ee];W[ff]))", 1);
	if (!v)
		return;
	n = v[0]->root;
	CHECK_STR(sgf_root_value(v[0], SGF_P_KM), "6.5");
	CHECK_INT(n->nchildren, 2);
	CHECK_INT(v[0]->nnodes, 5);
	d = find_diag(v[0], SGF_E_SYNTAX);
	CHECK(d && d->line == 1 && d->col == 15);
	CHECK(!has_diag(v[0], SGF_W_JUNK_AFTER));
	free_all(v, 1);

	/* at the end of a variation and of the game */
	v = parse_n("(;C[x](;B[aa]N[a]GN)(;B[bb]))(;C[y]PL)", 2);
	if (!v)
		return;
	CHECK_INT(v[0]->root->nchildren, 2);
	CHECK_STR(sgf_node_prop(v[0]->root->child, SGF_P_N)->values->s, "a");
	CHECK_INT(v[0]->nerrors, 1);
	CHECK_STR(sgf_root_value(v[1], SGF_P_C), "y");
	CHECK_INT(v[1]->nerrors, 1);
	free_all(v, 2);
}

/* The repair of an unescaped ']' is for text: a ']' always ends a move,
 * a point, a number; and text that only looks like an identifier is
 * still text. */
static void
an_unescaped_bracket_is_text_only_in_text(void)
{
	struct sgf_game **v;

	v = parse_n("(;SZ[9]KM[6.5] komi]AB[aa]x]C[c];B[cc] c];W[dd])", 1);
	if (!v)
		return;
	CHECK_STR(sgf_root_value(v[0], SGF_P_KM), "6.5");
	CHECK_STR(sgf_root_value(v[0], SGF_P_C), "c");
	CHECK_STR(sgf_node_prop(v[0]->root, SGF_P_AB)->values->s, "aa");
	CHECK_STR(sgf_node_prop(v[0]->root->child, SGF_P_B)->values->s, "cc");
	CHECK(!has_diag(v[0], SGF_W_UNESCAPED_BRACKET));
	CHECK_INT(v[0]->nnodes, 3);
	free_all(v, 1);

	v = parse_n("(;C[note [A] B;x and [B] W(y) and [C] OK; fine]B[aa])", 1);
	if (!v)
		return;
	CHECK_STR(sgf_root_value(v[0], SGF_P_C),
		  "note [A] B;x and [B] W(y) and [C] OK; fine");
	CHECK_INT(v[0]->nnodes, 1);
	free_all(v, 1);
}

/* A '(' right after a variation's '(' (SGFC's "illegal variation
 * start", line 21 of its test file): ignored, with a warning, by the
 * parser and the reader alike, so that the game ends where its ')'
 * balance the '(' that count. */
static void
a_second_open_paren_in_a_variation_is_ignored(void)
{
	struct sgf_game **v;

	v = parse_n("(;GM[1](;B[aa]) ((;W[bb])\n(;B[cc]))(;C[next])", 2);
	if (!v)
		return;
	CHECK_INT(v[0]->root->nchildren, 3);
	CHECK(has_diag(v[0], SGF_W_EMPTY_VARIATION));
	CHECK(!has_diag(v[0], SGF_W_JUNK_AFTER));
	CHECK_STR(sgf_root_value(v[1], SGF_P_C), "next");
	free_all(v, 2);
	/* a tree without a root sequence is not that: one game */
	v = parse_n("((;C[a])(;C[b]))", 1);
	free_all(v, 1);
}

/* The reader cuts those games where the parser ends them, also across
 * its buffers: thousands of games with values left out. */
static void
reader_agrees_on_values_left_out_across_buffers(void)
{
	char path[] = "/tmp/sgfXXXXXX";
	int fd = mkstemp(path);
	FILE *f;
	struct sgf_reader *rd;
	struct sgf_chunk ch;
	int i, n = 0, bad = 0;

	CHECK(fd >= 0);
	if (fd < 0)
		return;
	f = fdopen(fd, "w");
	for (i = 0; i < 10000; i++)
		fprintf(f,
			"(;SZ[9]KM[6.5]PB(;B[cc];W[dd])(;B[ee];W[ff]))\n"
			"(;C[%d]PW\n;B[cc]HA[2] x];W[dd]((;B[ee])))\n",
			i);
	fclose(f);
	rd = sgf_reader_open(path, "x", NULL);
	CHECK(rd != NULL);
	while (rd && sgf_reader_next(rd, &ch, NULL) > 0) {
		struct sgf_game *g = sgf_parse_chunk(&ch, NULL);
		if (!g->root || g->nnodes != (n % 2 ? 4 : 5) ||
		    has_diag(g, SGF_W_JUNK_AFTER) ||
		    has_diag(g, SGF_W_MISSING_PAREN))
			bad++;
		n++;
		sgf_game_free(g);
	}
	CHECK_INT(n, 20000);
	CHECK_INT(bad, 0);
	sgf_reader_close(rd);
	unlink(path);
}

static void
errors_stay_within_their_game(void)
{
	struct sgf_game **v =
	    parse_n("(;C[ok])(;B[aa];%%W[bb])(;C[never closed", 3);

	if (!v)
		return;
	CHECK_INT(v[0]->nerrors, 0);
	CHECK(v[1]->nerrors > 0);
	CHECK(has_diag(v[1], SGF_E_SYNTAX));
	CHECK_INT(v[1]->nnodes, 2);
	CHECK(has_diag(v[2], SGF_E_TRUNCATED));
	free_all(v, 3);
}

static void
limits_give_errors(void)
{
	struct sgf_limits lim;
	struct sgf_game **v = NULL;
	const char *in = "(;C[0123456789];B[aa];W[bb])(;C[short])";
	int n;

	memset(&lim, 0, sizeof(lim));
	lim.max_value_bytes = 5;
	n = sgf_parse_all(in, strlen(in), "t", &lim, &v);
	CHECK_INT(n, 2);
	if (n == 2) {
		CHECK(has_diag(v[0], SGF_E_LIMIT));
		CHECK_INT(v[1]->nerrors, 0);
	}
	free_all(v, n);
	memset(&lim, 0, sizeof(lim));
	lim.max_nodes = 2;
	n = sgf_parse_all(in, strlen(in), "t", &lim, &v);
	CHECK_INT(n, 2);
	if (n == 2) {
		CHECK(has_diag(v[0], SGF_E_LIMIT));
		CHECK_INT(v[0]->nnodes, 2);
	}
	free_all(v, n);
	memset(&lim, 0, sizeof(lim));
	lim.max_game_bytes = 20;
	n = sgf_parse_all(in, strlen(in), "t", &lim, &v);
	CHECK_INT(n, 2);
	if (n == 2) {
		CHECK(has_diag(v[0], SGF_E_LIMIT));
		CHECK(v[0]->root == NULL);
		CHECK_INT(v[1]->nerrors, 0);
		CHECK_STR(sgf_root_value(v[1], SGF_P_C), "short");
	}
	free_all(v, n);
}

static void
points_and_point_lists(void)
{
	int x = -1, y = -1;

	CHECK_INT(sgf_point("pd", 2, 19, 19, &x, &y), 1);
	CHECK(x == 15 && y == 3);
	CHECK_INT(sgf_point("", 0, 19, 19, &x, &y), 0);
	CHECK_INT(sgf_point("tt", 2, 19, 19, &x, &y), 0);
	CHECK_INT(sgf_point("tt", 2, 21, 21, &x, &y), 1);
	CHECK(x == 19 && y == 19);
	CHECK_INT(sgf_point("sa", 2, 19, 19, &x, &y), 1);
	CHECK_INT(sgf_point("ta", 2, 19, 19, &x, &y), -1);
	CHECK_INT(sgf_point("Az", 2, 52, 52, &x, &y), 1);
	CHECK(x == 26 && y == 25);
	CHECK_INT(sgf_point("a", 1, 19, 19, &x, &y), -1);
	CHECK_INT(sgf_point_list("aa:cc", 5, 19, 19, NULL, NULL), 9);
	CHECK_INT(sgf_point_list("cc:aa", 5, 19, 19, NULL, NULL), 9);
	CHECK_INT(sgf_point_list("dd", 2, 19, 19, NULL, NULL), 1);
	CHECK_INT(sgf_point_list("aa:zz", 5, 19, 19, NULL, NULL), -1);
	CHECK_INT(sgf_point_list("aa-cc", 5, 19, 19, NULL, NULL), -1);
}

static void
board_sizes(void)
{
	struct sgf_game **v =
	    parse_n("(;SZ[19:13])(;SZ[9])(;SZ[53])(;C[x])", 4);
	int c, r;

	if (!v)
		return;
	CHECK_INT(sgf_board_size(v[0], &c, &r), 0);
	CHECK(c == 19 && r == 13);
	CHECK_INT(sgf_board_size(v[1], &c, &r), 0);
	CHECK(c == 9 && r == 9);
	CHECK_INT(sgf_board_size(v[2], &c, &r), -1);
	CHECK(c == 19 && r == 19);
	CHECK_INT(sgf_board_size(v[3], &c, &r), 0);
	CHECK(c == 19 && r == 19);
	free_all(v, 4);
}

static void
building_api_makes_a_writable_game(void)
{
	struct sgf_game *g = sgf_game_new("built", 1);
	struct sgf_node *r, *n;
	struct sgf_prop *p;
	char *s;

	r = sgf_node_add(g, NULL);
	sgf_prop_add(g, r, "GM", "1", 1);
	sgf_prop_add(g, r, "SZ", "19", 2);
	p = sgf_prop_add(g, r, "AB", "aa", 2);
	sgf_prop_add_value(g, p, "bb", 2);
	n = sgf_node_add(g, r);
	sgf_prop_add(g, n, "B", "cc", 2);
	sgf_prop_add(g, n, "C", "a]b", 3);
	sgf_node_add(g, r);
	sgf_prop_set(g, r, "SZ", "13", 2);
	sgf_prop_remove(r, (struct sgf_prop *)sgf_node_prop(r, SGF_P_GM));
	sgf_game_diag(g, SGF_W_OTHER, SGF_WARNING, 0, "note %d", 1);
	CHECK_INT(g->nwarnings, 1);
	CHECK_STR(g->diags->msg, "note 1");
	CHECK_INT(r->nchildren, 2);
	CHECK_INT(g->nnodes, 3);
	s = write_sgf(g, SGF_WRITE_COMPACT);
	CHECK_STR(s, "(;FF[4]CA[UTF-8]SZ[13]AB[aa][bb](;B[cc]C[a\\]b])(;))\n");
	free(s);
	sgf_game_free(g);
}

/* A NUL byte is no text: downstream every value is a C string (cJSON
 * wrote "a" for "a\0b", so the JSON of a game lost the rest), and one
 * from UTF-16 decoding (U+0000) is the same.  Both parser paths and the
 * building API replace it with U+FFFD; the parser says so. */
static void
nul_bytes_in_values_become_replacement_characters(void)
{
	static const char in[] = "(;FF[4]C[a\0b]GN[\\\0x];B[aa])";
	struct sgf_game **v = NULL, *g;
	const struct sgf_value *c;
	int n = sgf_parse_all(in, sizeof(in) - 1, "t.sgf", NULL, &v);
	struct sgf_node *r;
	char *s;

	CHECK_INT(n, 1);
	if (n != 1)
		return;
	c = sgf_node_prop(v[0]->root, SGF_P_C)->values;
	CHECK_INT(c->len, 5);
	CHECK_STR(c->s, "a\xEF\xBF\xBD"
			"b");
	CHECK_STR(sgf_root_value(v[0], SGF_P_GN), "\xEF\xBF\xBDx");
	CHECK_INT(v[0]->nwarnings, 2);
	CHECK(has_diag(v[0], SGF_W_BAD_CHARS));
	free_all(v, n);

	g = sgf_game_new("t", 1);
	r = sgf_node_add(g, NULL);
	sgf_prop_add(g, r, "C", "x\0y", 3);
	s = write_sgf(g, SGF_WRITE_COMPACT);
	CHECK_STR(s, "(;FF[4]CA[UTF-8]C[x\xEF\xBF\xBDy])\n");
	free(s);
	sgf_game_free(g);
}

static void
code_names_are_stable(void)
{
	CHECK_STR(sgf_code_name(SGF_W_MISSING_SEMI), "missing-semicolon");
	CHECK_STR(sgf_code_name(SGF_E_LIMIT), "limit-exceeded");
	CHECK_STR(sgf_code_name(SGF_CODE_COUNT), "unknown");
	CHECK_INT(sgf_pid_of("AB"), SGF_P_AB);
	CHECK_INT(sgf_pid_of("OW"), SGF_P_OW);
	CHECK_INT(sgf_pid_of("ZZ"), SGF_P_OTHER);
	CHECK_INT(sgf_pid_of("ABC"), SGF_P_OTHER);
}

static void
reader_cuts_a_stream_from_a_file_descriptor(void)
{
	char path[] = "/tmp/sgfXXXXXX";
	int fd = mkstemp(path);
	FILE *f;
	struct sgf_reader *rd;
	struct sgf_chunk ch;
	int i, n = 0;

	CHECK(fd >= 0);
	if (fd < 0)
		return;
	f = fdopen(fd, "w");
	/* enough games to cross the reader's buffer several times */
	for (i = 0; i < 20000; i++)
		fprintf(f,
			"(;GM[1]C[game %d with a ] bracket]\n;B[aa];W[bb])\n",
			i);
	fclose(f);
	rd = sgf_reader_open(path, "x", NULL);
	CHECK(rd != NULL);
	while (rd && sgf_reader_next(rd, &ch, NULL) > 0) {
		struct sgf_game *g = sgf_parse_chunk(&ch, NULL);
		char want[64];
		snprintf(want, sizeof(want), "game %d with a ] bracket", n);
		if (n == 0 || n == 19999 || n == 7777) {
			CHECK_STR(sgf_root_value(g, SGF_P_C), want);
			CHECK_INT(g->line, 2 * n + 1);
			CHECK_INT(g->nnodes, 3);
		}
		n++;
		sgf_game_free(g);
	}
	CHECK_INT(n, 20000);
	sgf_reader_close(rd);
	unlink(path);
}

static void
a_huge_game_in_a_stream_is_skipped_in_bounded_memory(void)
{
	char path[] = "/tmp/sgfbigXXXXXX";
	int fd = mkstemp(path), i;
	FILE *f;
	struct sgf_limits lim;
	struct sgf_reader *rd;
	struct sgf_chunk ch;
	struct sgf_game *g[3];
	int n = 0;

	CHECK(fd >= 0);
	if (fd < 0)
		return;
	f = fdopen(fd, "w");
	fputs("(;C[first])\n(;C[", f);
	for (i = 0; i < 4 << 20; i++) /* a 4 MiB comment, over the limit */
		fputc(i % 64 == 63 ? '\n' : 'x', f);
	fputs("];B[aa])\n(;C[third])\n", f);
	fclose(f);
	memset(&lim, 0, sizeof(lim));
	lim.max_game_bytes = 1 << 20;
	rd = sgf_reader_open(path, "big", &lim);
	CHECK(rd != NULL);
	while (rd && n < 3 && sgf_reader_next(rd, &ch, NULL) > 0) {
		if (n == 1)
			CHECK(ch.flags & SGF_CHUNK_TOO_BIG);
		g[n++] = sgf_parse_chunk(&ch, &lim);
	}
	CHECK_INT(n, 3);
	if (n == 3) {
		CHECK_STR(sgf_root_value(g[0], SGF_P_C), "first");
		CHECK(g[1]->root == NULL);
		CHECK(g[1]->diags && g[1]->diags->code == SGF_E_LIMIT);
		CHECK_INT(g[1]->line, 2);
		CHECK_STR(sgf_root_value(g[2], SGF_P_C), "third");
		/* lines were counted through the skipped game */
		CHECK_INT(g[2]->line, 2 + (4 << 20) / 64 + 1);
	}
	while (n > 0)
		sgf_game_free(g[--n]);
	sgf_reader_close(rd);
	unlink(path);
}

/* gzip bytes of `text` (one member), written with zlib. */
static size_t
gz_of(const char *text, unsigned char *out, size_t cap)
{
	z_stream z;
	size_t n;

	memset(&z, 0, sizeof(z));
	if (deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK)
		return 0;
	z.next_in = (unsigned char *)text;
	z.avail_in = (unsigned)strlen(text);
	z.next_out = out;
	z.avail_out = (unsigned)cap;
	deflate(&z, Z_FINISH);
	n = cap - z.avail_out;
	deflateEnd(&z);
	return n;
}

/* A game that arrives alone on a pipe is cut at once (the writer keeps
 * the pipe open); with nowait, an empty pipe answers SGF_READER_WAIT
 * and the game is still there afterwards. */
static void
reader_cuts_a_game_that_arrives_alone_on_a_pipe(void)
{
	int p[2];
	struct sgf_reader *rd;
	struct sgf_chunk ch;
	const char *g1 = "(;C[one])\n", *g2 = "(;C[two]";

	CHECK(pipe(p) == 0);
	rd = sgf_reader_open_fd(p[0], 1, "pipe", NULL);
	CHECK(rd != NULL);
	if (!rd)
		return;
	CHECK(write(p[1], g1, strlen(g1)) == (ssize_t)strlen(g1));
	CHECK_INT(sgf_reader_next(rd, &ch, NULL), 1);
	CHECK(ch.len == 9 && !memcmp(ch.data, "(;C[one])", 9));
	sgf_chunk_release(&ch);
	/* half a game: nowait does not block and consumes nothing */
	CHECK(write(p[1], g2, strlen(g2)) == (ssize_t)strlen(g2));
	CHECK_INT(sgf_reader_next_nowait(rd, &ch, NULL), SGF_READER_WAIT);
	CHECK_INT(sgf_reader_next_nowait(rd, &ch, NULL), SGF_READER_WAIT);
	CHECK(write(p[1], ")", 1) == 1);
	close(p[1]);
	CHECK_INT(sgf_reader_next_nowait(rd, &ch, NULL), 1);
	CHECK(ch.len == 9 && !memcmp(ch.data, "(;C[two])", 9));
	CHECK_INT(ch.index, 2);
	sgf_chunk_release(&ch);
	CHECK_INT(sgf_reader_next(rd, &ch, NULL), 0);
	sgf_reader_close(rd);
}

/* gzip on a descriptor: several members back to back (what `cat a.gz
 * b.gz` gives), inflated bytes the caller peeked at served again,
 * trailing bytes after the last member ignored as gzip does, a cut-off
 * member an error. */
static void
reader_inflates_gzip_members_and_prepended_bytes(void)
{
	static unsigned char z1[256], z2[256];
	size_t n1 = gz_of("(;C[first])\n", z1, sizeof(z1));
	size_t n2 = gz_of("(;C[second])(;C[third])\n", z2, sizeof(z2));
	char path[] = "/tmp/sgfgzXXXXXX";
	int fd = mkstemp(path);
	struct sgf_reader *rd;
	struct sgf_chunk ch;
	struct sgf_diag err;
	const char *want[] = {"(;C[first])", "(;C[second])", "(;C[third])"};
	char buf[64];
	int n = 0;

	CHECK(fd >= 0 && n1 > 10 && n2 > 10);
	if (fd < 0)
		return;
	CHECK(write(fd, z1, n1) == (ssize_t)n1);
	CHECK(write(fd, z2, n2) == (ssize_t)n2);
	CHECK(write(fd, "junk", 4) == 4);
	lseek(fd, 0, SEEK_SET);
	rd = sgf_reader_open_fd(fd, 0, "gz", NULL);
	/* the caller looks at the first 5 inflated bytes, then more: the
	 * same bytes again, and the first member ends there */
	CHECK(rd && sgf_reader_peek(rd, buf, 5, NULL) == 5 &&
	      !memcmp(buf, "(;C[f", 5));
	CHECK(sgf_reader_peek(rd, buf, sizeof(buf), NULL) == 12 &&
	      !memcmp(buf, "(;C[first])\n", 12));
	while (rd && sgf_reader_next(rd, &ch, NULL) > 0) {
		if (n < 3)
			CHECK(ch.len == strlen(want[n]) &&
			      !memcmp(ch.data, want[n], ch.len));
		n++;
		sgf_chunk_release(&ch);
	}
	CHECK_INT(n, 3);
	sgf_reader_close(rd);

	/* cut off inside the second member: the first game, then an
	 * error that names the cause */
	CHECK(ftruncate(fd, (off_t)(n1 + n2 / 2)) == 0);
	lseek(fd, 0, SEEK_SET);
	rd = sgf_reader_open_fd(fd, 0, "gz", NULL);
	CHECK_INT(sgf_reader_next(rd, &ch, &err), 1);
	sgf_chunk_release(&ch);
	CHECK_INT(sgf_reader_next(rd, &ch, &err), -1);
	CHECK(strstr(err.msg, "compressed data ends early") != NULL);
	sgf_reader_close(rd);
	close(fd);
	unlink(path);
}

/* sgf_reader_read(): the bytes themselves, for other formats, through
 * the same input layer (peeked bytes, gzip members, a cut-off member
 * named as such; and nowait on an empty pipe).  sgf_reader_peek() only
 * before reading, and no more than SGF_PEEK_MAX. */
static void
reader_read_gives_the_inflated_bytes(void)
{
	static unsigned char z1[256], z2[256];
	const char *t1 = "\\HS\\\n", *t2 = "STO 0 2 1 3 3\n";
	size_t n1 = gz_of(t1, z1, sizeof(z1)), n2 = gz_of(t2, z2, sizeof(z2));
	char path[] = "/tmp/sgfrdXXXXXX", buf[256];
	int fd = mkstemp(path), p[2];
	struct sgf_reader *rd;
	struct sgf_diag err;
	size_t got = 0;
	long k = 0;

	CHECK(fd >= 0 && n1 > 10 && n2 > 10);
	if (fd < 0)
		return;
	CHECK(write(fd, z1, n1) == (ssize_t)n1);
	CHECK(write(fd, z2, n2) == (ssize_t)n2);
	lseek(fd, 0, SEEK_SET);
	rd = sgf_reader_open_fd(fd, 0, "gz", NULL);
	CHECK(rd && sgf_reader_peek(rd, buf, 3, NULL) == 3 &&
	      !memcmp(buf, t1, 3));
	CHECK_INT(sgf_reader_peek(rd, buf, SGF_PEEK_MAX + 1, &err), -1);
	while (rd && (k = sgf_reader_read(rd, buf + got, 4, 0, &err)) > 0)
		got += (size_t)k;
	CHECK(got == strlen(t1) + strlen(t2) && !memcmp(buf, t1, strlen(t1)) &&
	      !memcmp(buf + strlen(t1), t2, strlen(t2)));
	CHECK_INT(sgf_reader_peek(rd, buf, 3, NULL), -1); /* after reading */
	sgf_reader_close(rd);

	CHECK(ftruncate(fd, (off_t)(n1 + n2 / 2)) == 0);
	lseek(fd, 0, SEEK_SET);
	rd = sgf_reader_open_fd(fd, 0, "gz", NULL);
	while (rd && (k = sgf_reader_read(rd, buf, sizeof(buf), 0, &err)) > 0)
		;
	CHECK_INT(k, -1);
	CHECK(strstr(err.msg, "compressed data ends early") != NULL);
	sgf_reader_close(rd);
	close(fd);
	unlink(path);

	CHECK(pipe(p) == 0);
	rd = sgf_reader_open_fd(p[0], 1, "pipe", NULL);
	CHECK(write(p[1], "ab", 2) == 2);
	CHECK_INT(sgf_reader_read(rd, buf, sizeof(buf), 1, NULL), 2);
	CHECK_INT(sgf_reader_read(rd, buf, sizeof(buf), 1, NULL),
		  SGF_READ_WAIT);
	close(p[1]);
	CHECK_INT(sgf_reader_read(rd, buf, sizeof(buf), 1, NULL), 0);
	sgf_reader_close(rd);
}

/* SGFC's file that triggers nearly every error it knows */
static void
sgfc_test_file_gives_sensible_diagnostics(void)
{
	size_t len;
	char *buf = unit_slurp("testdata/sgf/sgfc-test.sgf", &len);
	struct sgf_game **v = NULL;
	const struct sgf_diag *d;
	int n, i, seen = 0;

	CHECK(buf != NULL);
	if (!buf)
		return;
	n = sgf_parse_all(buf, len, "test.sgf", NULL, &v);
	CHECK_INT(n, 22);
	for (i = 0; i < n; i++)
		for (d = v[i]->diags; d; d = d->next) {
			CHECK(d->line > 0 && d->col > 0);
			if (d->code == SGF_W_LOWERCASE_ID && d->line == 16 &&
			    d->col == 2)
				seen |= 1;
			if (d->code == SGF_W_EMPTY_VARIATION && d->line == 12)
				seen |= 2;
			if (d->code == SGF_W_DUPLICATE_PROP && d->line == 28)
				seen |= 4;
			if (d->code == SGF_W_MISSING_SEMI && d->line == 36)
				seen |= 8;
			if (d->code == SGF_E_TRUNCATED && i == 21)
				seen |= 16;
			if (d->code == SGF_W_OTHER && d->line == 66)
				seen |= 32; /* ";" after a variation */
		}
	CHECK_INT(seen, 63);
	CHECK_INT(v[0]->nerrors, 4); /* junk inside the tree, long id */
	CHECK(v[21]->root != NULL);  /* truncated: what was read is kept */
	for (i = 0; i < n; i++)
		sgf_game_free(v[i]);
	free(v);
	free(buf);
}

/* Repeated identifiers merge into the property of their own node, in
 * order, however many the node has: 3,000 identifiers we do not know
 * (the index of a node's properties grows past its first table), two
 * of them repeated, AB three times, then a node with the same
 * identifiers, which are not repeats of the first node's. */
static void
many_properties_and_repeats_merge_in_their_node(void)
{
	size_t cap = 2 * 3000 * 16 + 4096, n = 0;
	char *t = malloc(cap);
	struct sgf_game **w = NULL;
	const struct sgf_prop *p;
	const struct sgf_value *v;
	int m, k, node, np;

	if (!t)
		return;
	n += (size_t)sprintf(t + n, "(");
	for (node = 0; node < 2; node++) {
		n += (size_t)sprintf(t + n, ";AB[aa]");
		for (k = 0; k < 3000; k++)
			n += (size_t)sprintf(
			    t + n, "X%c%c%c[%d]", 'A' + k / 676 % 26,
			    'A' + k / 26 % 26, 'A' + k % 26, k);
		/* XELJ is k = 2999 */
		n += (size_t)sprintf(t + n, "AB[bb]XAAA[again]XELJ[z2]AB[cc]");
	}
	n += (size_t)sprintf(t + n, ")");
	m = sgf_parse_all(t, n, "many.sgf", NULL, &w);
	CHECK_INT(m, 1);
	if (m == 1) {
		const struct sgf_node *nd = w[0]->root;
		CHECK_INT(w[0]->nerrors, 0);
		CHECK_INT(w[0]->nwarnings, 2 * 4); /* 4 repeats a node */
		for (node = 0; nd && node < 2; node++, nd = nd->child) {
			for (np = 0, p = nd->props; p; p = p->next)
				np++;
			CHECK_INT(np, 1 + 3000);
			p = sgf_node_prop_id(nd, "AB");
			CHECK(p && p->nvalues == 3);
			if (p) {
				v = p->values;
				CHECK_STR(v->s, "aa");
				CHECK_STR(v->next->s, "bb");
				CHECK_STR(v->next->next->s, "cc");
			}
			p = sgf_node_prop_id(nd, "XAAA");
			CHECK(p && p->nvalues == 2);
			if (p) {
				CHECK_STR(p->values->s, "0");
				CHECK_STR(p->values->next->s, "again");
			}
			p = sgf_node_prop_id(nd, "XELJ");
			CHECK(p && p->nvalues == 2);
			if (p)
				CHECK_STR(p->values->next->s, "z2");
		}
		sgf_game_free(w[0]);
	}
	free(w);
	free(t);
}

int
main(void)
{
	RUN(a_simple_game_is_read_in_order);
	RUN(escapes_and_soft_breaks_are_removed);
	RUN(writer_escapes_and_sets_ff_and_ca);
	RUN(variations_are_written_back);
	RUN(default_layout_puts_two_moves_on_a_line);
	RUN(collections_give_one_game_each);
	RUN(ff3_lowercase_identifiers_are_reduced);
	RUN(recoveries_are_warnings_with_positions);
	RUN(a_value_left_out_is_an_error_and_the_game_goes_on);
	RUN(an_unescaped_bracket_is_text_only_in_text);
	RUN(a_second_open_paren_in_a_variation_is_ignored);
	RUN(reader_agrees_on_values_left_out_across_buffers);
	RUN(errors_stay_within_their_game);
	RUN(limits_give_errors);
	RUN(points_and_point_lists);
	RUN(board_sizes);
	RUN(building_api_makes_a_writable_game);
	RUN(nul_bytes_in_values_become_replacement_characters);
	RUN(code_names_are_stable);
	RUN(reader_cuts_a_stream_from_a_file_descriptor);
	RUN(a_huge_game_in_a_stream_is_skipped_in_bounded_memory);
	RUN(reader_cuts_a_game_that_arrives_alone_on_a_pipe);
	RUN(reader_inflates_gzip_members_and_prepended_bytes);
	RUN(reader_read_gives_the_inflated_bytes);
	RUN(sgfc_test_file_gives_sensible_diagnostics);
	RUN(many_properties_and_repeats_merge_in_their_node);
	return UNIT_DONE();
}
