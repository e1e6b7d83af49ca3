/*
 * fuzz_json.c - libFuzzer target for the JSON game reader.
 *
 * The input is read as JSON games (one document or JSON Lines).  Each
 * game is written as SGF, and that SGF must read back without errors,
 * with as many nodes and the same text when written again: whatever the
 * JSON reader accepts is a record the SGF writer can keep whole.  The
 * game is also written as JSON and read back to the same SGF.  Every
 * node, property and value must point at its own start in the text,
 * for the positions of what the rules find in it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgf/sgf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The compact SGF of g (malloc'd), or NULL. */
static char *
sgf_text(const struct sgf_game *g, size_t *len)
{
	char *out = NULL;
	FILE *f = open_memstream(&out, len);

	if (!f)
		return NULL;
	sgf_write_sgf(f, g, SGF_WRITE_COMPACT);
	fclose(f);
	return out;
}

/* Every node, property and value of g points into g->text at the
 * byte that starts it in the JSON: '{', the name's '"', the value's '"'
 * (or the '[' of an empty list).  Iterative: trees are deep. */
static void
check_offsets(const struct sgf_game *g)
{
	const struct sgf_node *n = g->root;

	while (n) {
		if (n->off >= g->text_len || g->text[n->off] != '{')
			abort();
		for (const struct sgf_prop *p = n->props; p; p = p->next) {
			if (p->off >= g->text_len || g->text[p->off] != '"')
				abort();
			for (const struct sgf_value *v = p->values; v;
			     v = v->next)
				if (v->off >= g->text_len ||
				    (g->text[v->off] != '"' &&
				     g->text[v->off] != '['))
					abort();
		}
		n = sgf_node_next(n);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgf_limits lim;
	struct sgf_game **games = NULL;
	int n;

	memset(&lim, 0, sizeof(lim));
	lim.max_nodes = 100000;
	n = sgf_parse_json((const char *)data, size, "fuzz", &lim, &games);
	for (int i = 0; i < n; i++) {
		struct sgf_game *g = games[i], **back = NULL, **jback = NULL;
		char *sgf, *again, *json = NULL;
		size_t len, alen, jlen;
		FILE *f;
		int nb, nj;

		if (!g->root)
			continue;
		check_offsets(g);
		sgf = sgf_text(g, &len);
		if (!sgf)
			continue;
		nb = sgf_parse_all(sgf, len, "back", &lim, &back);
		if (nb != 1 || back[0]->nerrors || back[0]->nnodes != g->nnodes)
			abort();
		again = sgf_text(back[0], &alen);
		if (!again || alen != len || memcmp(again, sgf, len))
			abort();
		free(again);

		f = open_memstream(&json, &jlen);
		if (f) {
			sgf_write_json(f, g);
			fclose(f);
			nj = sgf_parse_json(json, jlen, "json", &lim, &jback);
			if (nj != 1 || jback[0]->nerrors)
				abort();
			again = sgf_text(jback[0], &alen);
			if (!again || alen != len || memcmp(again, sgf, len))
				abort();
			free(again);
			while (nj > 0)
				sgf_game_free(jback[--nj]);
			free(jback);
			free(json);
		}
		while (nb > 0)
			sgf_game_free(back[--nb]);
		free(back);
		free(sgf);
	}
	while (n > 0)
		sgf_game_free(games[--n]);
	free(games);
	return 0;
}
