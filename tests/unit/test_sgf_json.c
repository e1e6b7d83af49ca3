/*
 * test_sgf_json.c - the JSON document of a game, and reading it back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgf/sgf.h"
#include "unit.h"

static char *
to_json(const struct sgf_game *g)
{
	char *s = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&s, &len);

	CHECK_INT(sgf_write_json(f, g), 0);
	fclose(f);
	return s;
}

static char *
to_sgf(const struct sgf_game *g)
{
	char *s = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&s, &len);

	CHECK_INT(sgf_write_sgf(f, g, 0), 0);
	fclose(f);
	return s;
}

static void
the_document_is_a_flat_preorder_list(void)
{
	const char *in =
	    "(;FF[4]SZ[19]C[a \"quote\" \\] and\nline](;B[pd];W[dp])"
	    "(;B[dd]AB[aa][bb]))";
	struct sgf_game **v = NULL;
	int n = sgf_parse_all(in, strlen(in), "x.sgf", NULL, &v);
	char *js;

	CHECK_INT(n, 1);
	if (n != 1)
		return;
	js = to_json(v[0]);
	CHECK_STR(js, "{\"file\":\"x.sgf\",\"game\":1,\"charset\":\"UTF-8\","
		      "\"nodes\":[{\"props\":{\"FF\":[\"4\"],\"SZ\":[\"19\"],"
		      "\"C\":[\"a \\\"quote\\\" ] and\\nline\"]}},"
		      "{\"parent\":0,\"props\":{\"B\":[\"pd\"]}},"
		      "{\"parent\":1,\"props\":{\"W\":[\"dp\"]}},"
		      "{\"parent\":0,\"props\":{\"B\":[\"dd\"],\"AB\":[\"aa\","
		      "\"bb\"]}}]}");
	CHECK(strchr(js, '\n') == NULL);
	free(js);
	sgf_game_free(v[0]);
	free(v);
}

static void
json_lines_read_back_to_the_same_sgf(void)
{
	const char *in = "(;GM[1]C[one](;B[aa])(;B[bb];W[cc]))\n"
			 "(;GM[1]PB[黑]XX[unknown][two];B[])";
	struct sgf_game **v = NULL, **w = NULL;
	int n = sgf_parse_all(in, strlen(in), "x.sgf", NULL, &v), m, i;
	char *lines = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&lines, &len);

	CHECK_INT(n, 2);
	for (i = 0; i < n; i++) {
		sgf_write_json(f, v[i]);
		fputc('\n', f);
	}
	fclose(f);
	m = sgf_parse_json(lines, len, "x.json", NULL, &w);
	CHECK_INT(m, n);
	for (i = 0; i < n && i < m; i++) {
		char *a = to_sgf(v[i]), *b = to_sgf(w[i]);
		CHECK_STR(a, b);
		CHECK_INT(w[i]->index, i + 1);
		CHECK_INT(w[i]->nerrors, 0);
		free(a);
		free(b);
	}
	for (i = 0; i < n; i++)
		sgf_game_free(v[i]);
	for (i = 0; i < m; i++)
		sgf_game_free(w[i]);
	free(v);
	free(w);
	free(lines);
}

/* An escaped ':' in a composed value is not the ':' between its parts
 * (issue 22: AP[My\:App:1.0] came back AP[My:App:1.0], another value,
 * in SGF and through JSON).  Composed values and those of unknown
 * properties keep "\:" and "\\"; text values do not need them. */
static void
an_escaped_colon_in_a_composed_value_survives(void)
{
	const char *in = "(;AP[My\\:App:1.0]LB[aa:a\\:b][bb:c\\\\d]"
			 "SZ[19]XX[p\\:q\\\\r\\]s]C[x\\:y\\\\z])";
	const char *want =
	    "(;FF[4]CA[UTF-8]AP[My\\:App:1.0]LB[aa:a\\:b][bb:c\\\\d]SZ[19]"
	    "XX[p\\:q\\\\r\\]s]C[x:y\\\\z])\n";
	struct sgf_game **v = NULL, **w = NULL;
	int n = sgf_parse_all(in, strlen(in), "x.sgf", NULL, &v), m;
	char *js, *a, *b;

	CHECK_INT(n, 1);
	if (n != 1)
		return;
	CHECK_STR(sgf_root_value(v[0], SGF_P_AP), "My\\:App:1.0");
	CHECK_STR(sgf_root_value(v[0], SGF_P_C), "x:y\\z");
	a = to_sgf(v[0]);
	CHECK_STR(a, want);
	js = to_json(v[0]);
	CHECK(strstr(js, "\"AP\":[\"My\\\\:App:1.0\"]") != NULL);
	CHECK(strstr(js, "\"LB\":[\"aa:a\\\\:b\",\"bb:c\\\\\\\\d\"]") != NULL);
	m = sgf_parse_json(js, strlen(js), "x.json", NULL, &w);
	CHECK_INT(m, 1);
	if (m == 1) {
		b = to_sgf(w[0]);
		CHECK_STR(b, want);
		free(b);
		sgf_game_free(w[0]);
	}
	free(w);
	free(js);
	free(a);
	sgf_game_free(v[0]);
	free(v);

	/* a value built by a caller: a lone '\' is a backslash */
	{
		struct sgf_game *g = sgf_game_new("b", 1);
		struct sgf_node *r = sgf_node_add(g, NULL);
		sgf_prop_add(g, r, "AP", "a\\b\\:c:1", 8);
		a = to_sgf(g);
		CHECK_STR(a, "(;FF[4]CA[UTF-8]AP[a\\\\b\\:c:1])\n");
		free(a);
		sgf_game_free(g);
	}
}

static void
bad_documents_are_errors_of_their_own(void)
{
	const char *in =
	    "{\"nodes\":[{\"props\":{\"C\":[\"ok\"]}}]}\n"
	    "not json at all\n"
	    "{\"nodes\":[{\"props\":{}},{\"parent\":5,\"props\":{}}]}\n"
	    "{\"nodes\":[{\"props\":{\"B\":[1]}}]}\n";
	struct sgf_game **w = NULL;
	int m = sgf_parse_json(in, strlen(in), "bad.json", NULL, &w), i;

	CHECK_INT(m, 4);
	if (m == 4) {
		CHECK_INT(w[0]->nerrors, 0);
		CHECK_STR(sgf_root_value(w[0], SGF_P_C), "ok");
		CHECK(w[1]->nerrors > 0);
		CHECK(w[2]->nerrors > 0);
		CHECK(w[3]->nerrors > 0);
		CHECK_INT(w[1]->diags->code, SGF_E_FORMAT);
	}
	for (i = 0; i < m; i++)
		sgf_game_free(w[i]);
	free(w);
}

/* A syntax error is reported at the byte where the document goes wrong,
 * as a line and column of the buffer; the reader goes on at the next line that
 * starts with
 * '{', so a document printed over many lines is one game, and a broken
 * one costs only itself. */
static void
syntax_errors_have_positions(void)
{
	const char *in = "{\"nodes\":[{\"props\":{\"C\":[\"one\"]}}]}\n"
			 "{\n"
			 "  \"nodes\": [\n"
			 "    {\"props\": {\"C\": [\"two\"]}}\n"
			 "  ]\n"
			 "}\n"
			 "{\"nodes\":[{\"props\":{\"C\":[\"x\" \"y\"]}}]}\n"
			 "{\n"
			 "  \"nodes\": [\n"
			 "    {\"props\": {\"C\": [\"three\"]}},\n"
			 "    {\"props\": ]\n"
			 "{\"nodes\":[{\"props\":{\"C\":[\"four\"]}}]}\n"
			 "{\"nodes\":[";
	struct sgf_game **w = NULL;
	int m = sgf_parse_json(in, strlen(in), "pos.json", NULL, &w), i;

	CHECK_INT(m, 6);
	if (m == 6) {
		CHECK_STR(sgf_root_value(w[0], SGF_P_C), "one");
		CHECK_STR(sgf_root_value(w[1], SGF_P_C), "two");
		CHECK_INT(w[1]->nerrors, 0);
		/* the second of two strings with no comma: line 7, column 30 */
		CHECK(w[2]->nerrors > 0);
		if (w[2]->diags) {
			CHECK_INT(w[2]->diags->line, 7);
			CHECK_INT(w[2]->diags->col, 30);
		}
		/* the ']' where a value should be */
		CHECK(w[3]->nerrors > 0);
		if (w[3]->diags) {
			CHECK_INT(w[3]->diags->line, 11);
			CHECK_INT(w[3]->diags->col, 15);
		}
		CHECK_STR(sgf_root_value(w[4], SGF_P_C), "four");
		CHECK(w[5]->nerrors > 0);
		if (w[5]->diags) {
			CHECK_INT(w[5]->diags->line, 13);
			CHECK(strstr(w[5]->diags->msg, "unterminated") != NULL);
		}
	}
	for (i = 0; i < m; i++)
		sgf_game_free(w[i]);
	free(w);

	/* an open string runs on to line 3; the reader goes back to line
	 * 2, whose error is before the first one's */
	in = "{\"nodes\":[{\"props\":{\"C\":[\"abc\n{bad}\n\"x\n";
	w = NULL;
	m = sgf_parse_json(in, strlen(in), "back.json", NULL, &w);
	CHECK_INT(m, 2);
	if (m == 2 && w[0]->diags && w[1]->diags) {
		CHECK_INT(w[0]->diags->line, 3);
		CHECK_INT(w[1]->diags->line, 2);
		CHECK_INT(w[1]->diags->col, 2); /* the 'b': no '"' */
	}
	for (i = 0; i < m; i++)
		sgf_game_free(w[i]);
	free(w);
}

/* Whatever the JSON reader keeps must come out as the same SGF: a name
 * that is no identifier would be written as values of the property
 * before it ("" and "a]b" made CA[UTF-8][x][v]), a repeated key as a
 * repeated property, and bytes that are not UTF-8 under CA[UTF-8]. */
static void
json_names_and_values_that_sgf_cannot_hold(void)
{
	const char *in =
	    "{\"nodes\":[{\"props\":{\"SZ\":[\"19\"],\"\":[\"x\"],"
	    "\"a]b\":[\"v\"],\"ko\":[\"1\"],\"B C\":[\"dd\"],"
	    "\"AddWhite\":[\"cc\"],\"AB\":[\"aa\"],\"AB\":[\"bb\"],"
	    "\"C\":[\"caf\xe9 \xff!\"]}}]}";
	struct sgf_game **w = NULL, **back = NULL;
	int m = sgf_parse_json(in, strlen(in), "ids.json", NULL, &w), nb;
	char *a, *b;

	CHECK_INT(m, 1);
	if (m != 1)
		return;
	CHECK_INT(w[0]->nerrors, 4); /* "", "a]b", "ko", "B C" */
	a = to_sgf(w[0]);
	CHECK_STR(a, "(;FF[4]CA[UTF-8]SZ[19]AW[cc]AB[aa][bb]"
		     "C[caf\xEF\xBF\xBD \xEF\xBF\xBD!])\n");
	nb = sgf_parse_all(a, strlen(a), "back.sgf", NULL, &back);
	CHECK_INT(nb, 1);
	if (nb == 1) {
		CHECK_INT(back[0]->nerrors, 0);
		CHECK_INT(back[0]->nwarnings, 0);
		b = to_sgf(back[0]);
		CHECK_STR(b, a);
		free(b);
		sgf_game_free(back[0]);
	}
	free(back);
	free(a);
	sgf_game_free(w[0]);
	free(w);
}

/* The SGF limits hold for JSON too: nodes, properties per node, values
 * per property and value length, each an error that drops the rest. */
static void
json_games_are_bounded_like_sgf(void)
{
	const char *in = "{\"nodes\":[{\"props\":{\"C\":[\"long\"],"
			 "\"AB\":[\"aa\",\"bb\"],\"GN\":[\"x\"]}},"
			 "{\"parent\":0},{\"parent\":1}]}";
	struct sgf_limits lim;
	struct sgf_game **w = NULL;
	const struct sgf_diag *d;
	int m, nlimit = 0;

	memset(&lim, 0, sizeof(lim));
	lim.max_nodes = 2;
	lim.max_props = 2;
	lim.max_values = 1;
	lim.max_value_bytes = 3;
	m = sgf_parse_json(in, strlen(in), "lim.json", &lim, &w);
	CHECK_INT(m, 1);
	if (m != 1)
		return;
	CHECK_INT(w[0]->nnodes, 2);
	for (d = w[0]->diags; d; d = d->next)
		nlimit += d->code == SGF_E_LIMIT;
	CHECK_INT(nlimit, 4); /* nodes, C too long, AB[bb], GN third */
	CHECK(sgf_node_prop(w[0]->root, SGF_P_C) == NULL);
	CHECK_INT(sgf_node_prop(w[0]->root, SGF_P_AB)->nvalues, 1);
	CHECK(sgf_node_prop(w[0]->root, SGF_P_GN) == NULL);
	sgf_game_free(w[0]);
	free(w);
}

/* "\u0000" must not end a value ("a\u0000b" read by cJSON came back as
 * "a"): it is U+FFFD, with a warning, as a NUL byte in SGF; an escaped
 * backslash before "u0000" is text and stays. */
static void
json_nul_escapes_do_not_cut_values(void)
{
	const char *in = "{\"nodes\":[{\"props\":{\"C\":[\"a\\u0000b\","
			 "\"c\\\\u0000d\"]}}]}\n{\"nodes\":[{\"props\":{}}]}";
	struct sgf_game **w = NULL;
	const struct sgf_value *c;
	int m = sgf_parse_json(in, strlen(in), "nul.json", NULL, &w);

	CHECK_INT(m, 2);
	if (m != 2)
		return;
	c = sgf_node_prop(w[0]->root, SGF_P_C)->values;
	CHECK_STR(c->s, "a\xEF\xBF\xBD"
			"b");
	CHECK_STR(c->next->s, "c\\u0000d");
	CHECK_INT(w[0]->nwarnings, 1);
	CHECK_INT(w[0]->diags->code, SGF_W_BAD_CHARS);
	CHECK_INT(w[1]->nwarnings, 0);
	sgf_game_free(w[0]);
	sgf_game_free(w[1]);
	free(w);
}

/* Every diagnostic inside a document has the line and column of what it
 * is about, not the document's start. */
static void
diagnostics_inside_documents_have_positions(void)
{
	const char *in =
	    "{\"nodes\":[{\"props\":{\"SZ\":[\"9\"]}},\n"
	    "  {\"parent\":0,\"props\":{\"B\":[7],\"x\":[\"a\"]}},\n"
	    "  {\"parent\":9,\"props\":{}}]}\n";
	struct sgf_game **w = NULL;
	const struct sgf_diag *d;
	int m = sgf_parse_json(in, strlen(in), "at.json", NULL, &w);

	CHECK_INT(m, 1);
	if (m != 1)
		return;
	CHECK_INT(w[0]->nnodes, 2);
	CHECK_INT(w[0]->nerrors, 3);
	d = w[0]->diags;
	if (d) { /* the 7 */
		CHECK_INT(d->line, 2);
		CHECK_INT(d->col, 29);
		CHECK(strstr(d->msg, "not a string") != NULL);
		d = d->next;
	}
	if (d) { /* the name "x" */
		CHECK_INT(d->line, 2);
		CHECK_INT(d->col, 32);
		d = d->next;
	}
	if (d) { /* the third node */
		CHECK_INT(d->line, 3);
		CHECK_INT(d->col, 3);
		CHECK(strstr(d->msg, "\"parent\"") != NULL);
	}
	sgf_game_free(w[0]);
	free(w);
}

/* Members in any order, members we do not know (skipped whatever they
 * hold, and not warned about), the first of repeated members, and
 * strings with every kind of escape: all as RFC 8259 reads them. */
static void
any_member_order_and_every_escape(void)
{
	const char *in =
	    "{\"x\":{\"a\":[1,-2.5e+3,true,false,null,{\"b\":[]},\"\\\"\","
	    "\"\\u0000\\ud800\"]},"
	    "\"nodes\":[{\"props\":{\"C\":[\"\\u00e9\\u4e2d\\ud83d\\ude00"
	    "\\/\\b\\t\\\\\"]},\"props\":{\"GN\":[\"no\"]}},"
	    "{\"props\":{\"B\":[\"aa\"]},\"extra\":[[[]]],\"parent\":0}],"
	    "\"game\":7}\n"
	    "{\"nodes\":[{\"props\":{\"C\":[\"\\ud800x\\udc00\",\"a\\u0000"
	    "\\u0000\"]}}]}";
	struct sgf_game **w = NULL;
	const struct sgf_prop *c;
	int m = sgf_parse_json(in, strlen(in), "order.json", NULL, &w);

	CHECK_INT(m, 2);
	if (m != 2)
		return;
	CHECK_INT(w[0]->nerrors, 0);
	CHECK_INT(w[0]->nwarnings, 0);
	CHECK_INT(w[0]->index, 7);
	CHECK_INT(w[0]->nnodes, 2);
	CHECK_STR(sgf_root_value(w[0], SGF_P_C),
		  "\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80/\b\t\\");
	CHECK(sgf_node_prop(w[0]->root, SGF_P_GN) == NULL);
	CHECK(w[0]->root->child &&
	      sgf_node_prop(w[0]->root->child, SGF_P_B) != NULL);
	/* lone surrogates and NULs: U+FFFD, a warning for each kind */
	c = sgf_node_prop(w[1]->root, SGF_P_C);
	CHECK(c != NULL);
	if (c) {
		CHECK_STR(c->values->s, "\xEF\xBF\xBDx\xEF\xBF\xBD");
		CHECK_STR(c->values->next->s, "a\xEF\xBF\xBD\xEF\xBF\xBD");
	}
	CHECK_INT(w[1]->nwarnings, 2);
	sgf_game_free(w[0]);
	sgf_game_free(w[1]);
	free(w);
}

/* What cJSON refused is refused, at its byte: bad numbers, escapes and
 * literals, and values nested deeper than 1000 levels (a million '['
 * must not recurse). */
static void
bad_json_is_refused_at_its_byte(void)
{
	static const struct {
		const char *doc;
		unsigned col;
		const char *msg;
	} bad[] = {
	    {"{\"nodes\":[],\"x\":01}", 18, "expected ',' or '}'"},
	    {"{\"nodes\":[],\"x\":1.}", 19, "bad number"},
	    {"{\"nodes\":[],\"x\":-}", 18, "bad number"},
	    {"{\"nodes\":[],\"x\":\"\\q\"}", 18, "bad escape"},
	    {"{\"nodes\":[],\"x\":\"\\u12g4\"}", 18, "bad \\u escape"},
	    {"{\"nodes\":[],\"x\":tru}", 17, "expected a value"},
	    {"{\"nodes\":[],\"x\":[1,]}", 20, "expected a value"},
	    {"{\"nodes\":[],\"x\" 1}", 17, "expected ':'"},
	    {"{\"nodes\":[],}", 13, "expected a name in quotes"},
	    {"{\"nodes\":[{\"props\":{\"C\":[\"ab", 26, "unterminated string"},
	    /* just past the text, not on the next line */
	    {"{\"nodes\":[{\"props\":{}}  \n", 23, "unterminated"},
	};
	struct sgf_game **w;
	size_t depth = 1000000, k;
	char *deep;
	int m;

	for (k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		w = NULL;
		m = sgf_parse_json(bad[k].doc, strlen(bad[k].doc), "bad.json",
				   NULL, &w);
		CHECK_INT(m, 1);
		if (m != 1)
			continue;
		CHECK(w[0]->diags != NULL);
		if (w[0]->diags) {
			CHECK_INT(w[0]->diags->col, bad[k].col);
			CHECK(strstr(w[0]->diags->msg, bad[k].msg) != NULL);
		}
		sgf_game_free(w[0]);
		free(w);
	}

	deep = malloc(depth + 64);
	if (!deep)
		return;
	for (k = 1000; k <= 1001; k++) {
		size_t n = (size_t)sprintf(deep, "{\"x\":");
		memset(deep + n, '[', k);
		memset(deep + n + k, ']', k);
		strcpy(deep + n + 2 * k, ",\"nodes\":[{\"props\":{}}]}");
		w = NULL;
		m = sgf_parse_json(deep, strlen(deep), "deep.json", NULL, &w);
		CHECK_INT(m, 1);
		if (m == 1) {
			CHECK_INT(w[0]->nerrors, k == 1000 ? 0 : 1);
			sgf_game_free(w[0]);
		}
		free(w);
	}
	memcpy(deep, "{\"x\":", 5);
	memset(deep + 5, '[', depth);
	w = NULL;
	m = sgf_parse_json(deep, depth + 5, "deep.json", NULL, &w);
	CHECK_INT(m, 1);
	if (m == 1) {
		CHECK(strstr(w[0]->diags->msg, "nested deeper") != NULL);
		CHECK_INT(w[0]->diags->col, 1006);
		sgf_game_free(w[0]);
	}
	free(w);
	free(deep);
}

/* Nodes, properties and values keep their offsets in the document's
 * text, so that what the rules find later has a line and column too;
 * sgf_game_relocate() moves those and the diagnostics to where the
 * buffer starts in its file.  Columns count characters, as in SGF. */
static void
offsets_give_positions_in_the_file(void)
{
	const char *in = "{\"nodes\":[{\"props\":{\"C\":[\"\xE4\xB8\xAD\"]}}]} "
			 "{\"nodes\":[{\"props\":{\"C\":[\"\xE4\xB8\xAD\"],"
			 "\"ko\":[]}},\n {\"parent\":0,\n  \"props\":{\"B\":"
			 "[\"ee\"]}}]}";
	struct sgf_game **w = NULL;
	const struct sgf_prop *b;
	uint32_t line, col;
	int m = sgf_parse_json(in, strlen(in), "off.json", NULL, &w);

	CHECK_INT(m, 2);
	if (m != 2)
		return;
	/* the second document starts at column 35 (byte 37), its root
	 * node at column 45 */
	sgf_game_linecol(w[1], w[1]->root->off, &line, &col);
	CHECK_INT(line, 1);
	CHECK_INT(col, 45);
	CHECK(w[1]->diags != NULL); /* "ko": not an identifier */
	if (w[1]->diags) {
		CHECK_INT(w[1]->diags->line, 1);
		CHECK_INT(w[1]->diags->col, 65);
	}
	b = w[1]->root->child ? sgf_node_prop(w[1]->root->child, SGF_P_B)
			      : NULL;
	CHECK(b != NULL);
	if (b) {
		sgf_game_linecol(w[1], b->off, &line, &col);
		CHECK_INT(line, 3);
		CHECK_INT(col, 12);
		sgf_game_linecol(w[1], b->values->off, &line, &col);
		CHECK_INT(col, 17);
	}
	/* a buffer that starts at line 10, column 5 of its file */
	sgf_game_relocate(w[1], 10, 5);
	sgf_game_linecol(w[1], w[1]->root->off, &line, &col);
	CHECK_INT(line, 10);
	CHECK_INT(col, 49);
	if (b) {
		sgf_game_linecol(w[1], b->values->off, &line, &col);
		CHECK_INT(line, 12);
		CHECK_INT(col, 17);
	}
	if (w[1]->diags) {
		CHECK_INT(w[1]->diags->line, 10);
		CHECK_INT(w[1]->diags->col, 69);
	}
	sgf_game_free(w[0]);
	sgf_game_free(w[1]);
	free(w);
}

/* As in SGF: repeated names merge into the property of their own node,
 * in order, however many the node has (3,000 names, two repeated, AB
 * three times), and a second node with the same names is not a repeat. */
static void
many_properties_and_repeats_merge_in_their_node(void)
{
	size_t cap = 2 * 3000 * 24 + 4096, n = 0;
	char *t = malloc(cap);
	struct sgf_game **w = NULL;
	const struct sgf_prop *p;
	const struct sgf_node *nd;
	int m, k, node, np;

	if (!t)
		return;
	n += (size_t)sprintf(t + n, "{\"nodes\":[");
	for (node = 0; node < 2; node++) {
		n += (size_t)sprintf(t + n, "%s\"props\":{\"AB\":[\"aa\"]",
				     node ? ",{\"parent\":0," : "{");
		for (k = 0; k < 3000; k++)
			n += (size_t)sprintf(
			    t + n, ",\"X%c%c%c\":[\"%d\"]", 'A' + k / 676 % 26,
			    'A' + k / 26 % 26, 'A' + k % 26, k);
		n += (size_t)sprintf(t + n,
				     ",\"AB\":[\"bb\"],\"XAAA\":[\"again\"],"
				     "\"XELJ\":[\"z2\"],\"AB\":[\"cc\"]}}");
	}
	n += (size_t)sprintf(t + n, "]}");
	m = sgf_parse_json(t, n, "many.json", NULL, &w);
	CHECK_INT(m, 1);
	if (m == 1) {
		CHECK_INT(w[0]->nerrors, 0);
		CHECK_INT(w[0]->nwarnings, 2 * 4);
		CHECK_INT(w[0]->nnodes, 2);
		for (node = 0, nd = w[0]->root; nd && node < 2;
		     node++, nd = nd->child) {
			for (np = 0, p = nd->props; p; p = p->next)
				np++;
			CHECK_INT(np, 1 + 3000);
			p = sgf_node_prop_id(nd, "AB");
			CHECK(p && p->nvalues == 3);
			if (p && p->nvalues == 3)
				CHECK_STR(p->values->next->next->s, "cc");
			p = sgf_node_prop_id(nd, "XAAA");
			CHECK(p && p->nvalues == 2);
			if (p && p->nvalues == 2)
				CHECK_STR(p->values->next->s, "again");
			p = sgf_node_prop_id(nd, "XELJ");
			CHECK(p && p->nvalues == 2);
		}
		sgf_game_free(w[0]);
	}
	free(w);
	free(t);
}

/* One escaper for the library's documents and the command's JSON Lines:
 * they differ only in how '\b' and '\f' are written, as they always
 * have. */
static void
json_strings_escape_controls_and_bytes_that_are_not_utf8(void)
{
	static const char in[] = "a\bb\fc/d\x7f\x01\x1f\"\\\n\r\t"
				 "\xc3\xa9\xff\xe2\x82!\0z";
	static const struct {
		unsigned flags;
		const char *want;
	} t[] = {
	    {0, "\"a\\bb\\fc/d\x7f\\u0001\\u001f\\\"\\\\\\n\\r\\t"
		"\xc3\xa9\\ufffd\\ufffd\\ufffd!\\u0000z\""},
	    {SGF_JSON_STR_UESC,
	     "\"a\\u0008b\\u000cc/d\x7f\\u0001\\u001f\\\"\\\\\\n\\r"
	     "\\t\xc3\xa9\\ufffd\\ufffd\\ufffd!\\u0000z\""},
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char *s = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&s, &len);

		sgf_json_str(f, in, sizeof(in) - 1, t[i].flags);
		fclose(f);
		CHECK_STR(s, t[i].want);
		free(s);
	}
}

int
main(void)
{
	RUN(the_document_is_a_flat_preorder_list);
	RUN(json_lines_read_back_to_the_same_sgf);
	RUN(an_escaped_colon_in_a_composed_value_survives);
	RUN(bad_documents_are_errors_of_their_own);
	RUN(syntax_errors_have_positions);
	RUN(json_names_and_values_that_sgf_cannot_hold);
	RUN(json_games_are_bounded_like_sgf);
	RUN(json_nul_escapes_do_not_cut_values);
	RUN(diagnostics_inside_documents_have_positions);
	RUN(any_member_order_and_every_escape);
	RUN(bad_json_is_refused_at_its_byte);
	RUN(offsets_give_positions_in_the_file);
	RUN(many_properties_and_repeats_merge_in_their_node);
	RUN(json_strings_escape_controls_and_bytes_that_are_not_utf8);
	return UNIT_DONE();
}
