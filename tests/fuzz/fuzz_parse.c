/*
 * fuzz_parse.c - libFuzzer target for the SGF reader, parser and writers.
 *
 * Every input is cut into games, each game parsed, written as SGF and
 * as JSON, and the SGF read back: none of it may crash, leak or hang.
 * The written SGF must read back without errors (the writer only makes
 * valid SGF) and with the same number of nodes, and the JSON must read
 * back to the same SGF.  Every value is UTF-8, as sgf.h promises,
 * whatever charset the input declared.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgf/internal.h" /* sgf_utf8_valid */
#include "sgf/sgf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
values_are_utf8(const struct sgf_game *g)
{
	for (const struct sgf_node *n = g->root; n; n = sgf_node_next(n))
		for (const struct sgf_prop *p = n->props; p; p = p->next)
			for (const struct sgf_value *v = p->values; v;
			     v = v->next)
				if (sgf_utf8_valid((const unsigned char *)v->s,
						   v->len) != v->len)
					abort();
}

/* g written as JSON must read back to the same compact SGF. */
static void
json_round_trip(const struct sgf_game *g, const char *sgf, size_t len)
{
	struct sgf_game **back = NULL;
	char *json = NULL, *again = NULL;
	size_t jlen = 0, alen = 0;
	FILE *f = open_memstream(&json, &jlen);
	int n;

	if (!f)
		return;
	sgf_write_json(f, g);
	fclose(f);
	n = sgf_parse_json(json, jlen, "json", NULL, &back);
	if (n != 1 || back[0]->nerrors)
		abort();
	f = open_memstream(&again, &alen);
	if (f) {
		sgf_write_sgf(f, back[0], SGF_WRITE_COMPACT);
		fclose(f);
		if (alen != len || memcmp(again, sgf, len))
			abort();
	}
	free(again);
	sgf_game_free(back[0]);
	free(back);
	free(json);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgf_limits lim;
	struct sgf_reader *rd;
	struct sgf_chunk ch;

	memset(&lim, 0, sizeof(lim));
	lim.max_nodes = 100000;
	rd = sgf_reader_open_mem((const char *)data, size, "fuzz", &lim);
	if (!rd)
		return 0;
	while (sgf_reader_next(rd, &ch, NULL) > 0) {
		struct sgf_game *g = sgf_parse_chunk(&ch, &lim), **back = NULL;
		char *out = NULL;
		size_t len = 0;
		FILE *f;
		int n;

		if (!g)
			continue;
		values_are_utf8(g);
		f = open_memstream(&out, &len);
		sgf_write_sgf(f, g, 0);
		fclose(f);
		free(out);
		out = NULL;
		f = open_memstream(&out, &len);
		sgf_write_sgf(f, g, SGF_WRITE_COMPACT);
		fclose(f);
		n = sgf_parse_all(out, len, "back", &lim, &back);
		if (g->root && (n != 1 || back[0]->nerrors ||
				back[0]->nnodes != g->nnodes))
			abort();
		while (n > 0)
			sgf_game_free(back[--n]);
		free(back);
		if (g->root)
			json_round_trip(g, out, len);
		free(out);
		sgf_game_free(g);
	}
	sgf_reader_close(rd);
	return 0;
}
