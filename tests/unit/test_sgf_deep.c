/*
 * test_sgf_deep.c - depth never costs C stack: a million nested
 * variations are read, written as SGF and JSON, and read back, all on a
 * thread with a 256 KiB stack.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgf/sgf.h"
#include "unit.h"

#define DEPTH 1000000

static char *
deep_input(size_t *len)
{
	/* (;B[aa](;W[bb](;B[aa] ... ))) */
	size_t cap = (size_t)DEPTH * 8 + 16, n = 0;
	char *s = malloc(cap);
	int i;

	if (!s)
		return NULL;
	for (i = 0; i < DEPTH; i++) {
		memcpy(s + n, i % 2 ? "(;W[bb]" : "(;B[aa]", 7);
		n += 7;
	}
	memset(s + n, ')', DEPTH);
	n += DEPTH;
	s[n] = 0;
	*len = n;
	return s;
}

struct result {
	int games, errors, depth_ok, written_ok, json_ok;
	size_t nodes, renodes;
};

static void *
work(void *arg)
{
	struct result *r = arg;
	size_t len, olen = 0, jlen = 0;
	char *in = deep_input(&len), *out = NULL, *js = NULL;
	struct sgf_game **v = NULL, **w = NULL;
	const struct sgf_node *n;
	size_t d = 0;
	FILE *f;
	int m;

	if (!in)
		return NULL;
	r->games = sgf_parse_all(in, len, "deep", NULL, &v);
	free(in);
	if (r->games != 1)
		return NULL;
	r->errors = (int)v[0]->nerrors;
	r->nodes = v[0]->nnodes;
	for (n = v[0]->root; n; n = n->child)
		d++;
	r->depth_ok = d == DEPTH;
	f = open_memstream(&out, &olen);
	sgf_write_sgf(f, v[0], SGF_WRITE_COMPACT);
	fclose(f);
	f = open_memstream(&js, &jlen);
	sgf_write_json(f, v[0]);
	fclose(f);
	sgf_game_free(v[0]);
	free(v);
	m = sgf_parse_all(out, olen, "out", NULL, &w);
	if (m == 1) {
		r->renodes = w[0]->nnodes;
		r->written_ok = w[0]->nerrors == 0;
		sgf_game_free(w[0]);
	}
	free(w);
	free(out);
	m = sgf_parse_json(js, jlen, "json", NULL, &w);
	if (m == 1) {
		r->json_ok = w[0]->nnodes == DEPTH && w[0]->nerrors == 0;
		sgf_game_free(w[0]);
	}
	free(w);
	free(js);
	return NULL;
}

static void
a_million_nested_variations_fit_a_small_stack(void)
{
	pthread_t t;
	pthread_attr_t a;
	struct result r;

	memset(&r, 0, sizeof(r));
	pthread_attr_init(&a);
	pthread_attr_setstacksize(&a, 256 * 1024);
	CHECK_INT(pthread_create(&t, &a, work, &r), 0);
	pthread_join(t, NULL);
	pthread_attr_destroy(&a);
	CHECK_INT(r.games, 1);
	CHECK_INT(r.errors, 0);
	CHECK_INT(r.nodes, DEPTH);
	CHECK(r.depth_ok);
	CHECK_INT(r.renodes, DEPTH);
	CHECK(r.written_ok);
	CHECK(r.json_ok);
}

static void
unclosed_nesting_is_a_warning_not_a_crash(void)
{
	size_t len;
	char *in = deep_input(&len);
	struct sgf_game **v = NULL;
	int n;

	if (!in)
		return;
	/* cut all the closing parentheses: missing ')' is recovered */
	in[(size_t)DEPTH * 7] = 0;
	n = sgf_parse_all(in, (size_t)DEPTH * 7, "open", NULL, &v);
	CHECK_INT(n, 1);
	if (n == 1) {
		CHECK_INT(v[0]->nnodes, DEPTH);
		CHECK_INT(v[0]->nerrors, 0);
		CHECK(v[0]->nwarnings >= 1);
		sgf_game_free(v[0]);
	}
	free(v);
	free(in);
}

int
main(void)
{
	RUN(a_million_nested_variations_fit_a_small_stack);
	RUN(unclosed_nesting_is_a_warning_not_a_crash);
	return UNIT_DONE();
}
