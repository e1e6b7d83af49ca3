/*
 * fuzz_signature.c - libFuzzer target for the game signatures
 * (sgf_signature): any record, any board size from 1 to 52, setup lists
 * and rectangles, passes and values that are not points.
 *
 * Every game of the input is signed whole and cut after each of its
 * first moves: none of it may crash, leak or read out of bounds, and
 * the signatures must keep their promises: a game cut after its last
 * move has every move, and cut past its end is the whole game; the
 * prefix hash at mark M is the canonical hash of the game cut at M
 * moves, and is set exactly when the game has M moves; the canonical
 * Dyer signature is no greater than the Dyer signature.  Each game as
 * the reader cuts it is also signed straight from its text
 * (sgf_signature_chunk): when that takes the game, the parser must find
 * no error in it and give the same signatures, whole and cut, and the
 * same PB, PW and DT.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sgf/sgf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_game(const struct sgf_game *g)
{
	struct sgf_signature s, cut;

	if (sgf_signature(g, 0, &s) < 0)
		return;
	if (strcmp(s.dyer_canonical, s.dyer) > 0 || strlen(s.dyer) != 12)
		abort();
	/* a cut past the end is the whole game; a cut at the last move
	 * has every move (setup after it is left out) */
	if (sgf_signature(g, s.nmoves + 1, &cut) < 0 ||
	    cut.canonical != s.canonical || cut.moves != s.moves ||
	    sgf_signature(g, s.nmoves, &cut) < 0 || cut.nmoves != s.nmoves)
		abort();
	for (int i = 0; i < SGF_SIGNATURE_PREFIXES; i++) {
		long m = sgf_signature_prefix_moves[i];
		if ((s.nmoves >= m) != (s.prefix[i] != 0))
			abort();
		/* a node may hold two moves: the cut is where M is
		 * reached, as for the prefix */
		if (s.nmoves >= m && (sgf_signature(g, m, &cut) < 0 ||
				      cut.canonical != s.prefix[i]))
			abort();
	}
	for (long k = 1; k < s.nmoves && k < 8; k++)
		if (sgf_signature(g, k, &cut) < 0 || cut.nmoves < k)
			abort();
}

static bool
same_sig(const struct sgf_signature *a, const struct sgf_signature *b)
{
	return a->moves == b->moves && a->canonical == b->canonical &&
	       a->nmoves == b->nmoves && a->sym == b->sym &&
	       !memcmp(a->prefix, b->prefix, sizeof(a->prefix)) &&
	       !strcmp(a->dyer, b->dyer) &&
	       !strcmp(a->dyer_canonical, b->dyer_canonical);
}

/* The text path against the tree path on one chunk (consumed). */
static void
check_chunk(struct sgf_chunk *ch)
{
	static const enum sgf_pid ids[3] = {SGF_P_PB, SGF_P_PW, SGF_P_DT};
	static const long cuts[4] = {0, 1, 3, 21};
	struct sgf_signature t[4], g4;
	const char *v[3];
	size_t len[3];
	char val[3][256];
	struct sgf_game *g;
	bool plain;

	plain = !sgf_signature_chunk(ch, NULL, 0, &t[0], ids, 3, v, len);
	for (int k = 0; plain && k < 3; k++) {
		/* the values point into the chunk, which the parser takes */
		size_t l =
		    len[k] < sizeof(val[k]) ? len[k] : sizeof(val[k]) - 1;
		if (v[k])
			memcpy(val[k], v[k], l);
		val[k][l] = 0;
		if (v[k] && len[k] >= sizeof(val[k]))
			v[k] = NULL; /* too long to keep: not compared */
	}
	for (int k = 1; plain && k < 4; k++)
		if (sgf_signature_chunk(ch, NULL, cuts[k], &t[k], NULL, 0, NULL,
					NULL))
			abort(); /* plain whole, plain cut */
	g = sgf_parse_chunk(ch, NULL);
	if (!g || !plain) {
		sgf_game_free(g);
		return;
	}
	if (g->nerrors || sgf_game_type(g) != 1)
		abort();
	for (int k = 0; k < 4; k++)
		if (sgf_signature(g, cuts[k], &g4) < 0 || !same_sig(&g4, &t[k]))
			abort();
	for (int k = 0; k < 3; k++) {
		const char *r = sgf_root_value(g, ids[k]);
		if (!r != !v[k] && !(v[k] == NULL && len[k] >= 256))
			abort();
		if (r && v[k] && (strlen(r) != len[k] || strcmp(r, val[k])))
			abort();
	}
	sgf_game_free(g);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgf_game **games = NULL;
	struct sgf_reader *rd;
	struct sgf_chunk ch;
	int n = sgf_parse_all((const char *)data, size, "fuzz", NULL, &games);

	for (int i = 0; i < n; i++) {
		check_game(games[i]);
		sgf_game_free(games[i]);
	}
	free(games);
	rd = sgf_reader_open_mem((const char *)data, size, "fuzz", NULL);
	while (rd && sgf_reader_next(rd, &ch, NULL) > 0)
		check_chunk(&ch);
	sgf_reader_close(rd);
	return 0;
}
