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
 * Dyer signature is no greater than the Dyer signature.
 */
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

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sgf_game **games = NULL;
	int n = sgf_parse_all((const char *)data, size, "fuzz", NULL, &games);

	for (int i = 0; i < n; i++) {
		check_game(games[i]);
		sgf_game_free(games[i]);
	}
	free(games);
	return 0;
}
