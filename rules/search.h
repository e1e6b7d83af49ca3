/*
 * search.h - what the two local searches of the estimator share: the
 * reading of closed groups (lifedeath.c) and of capturing races
 * (race.c).  Both walk a game tree on one working board, keep the path
 * from the root, and go back to a node by replaying that path on a copy
 * of the root (a board copy is cheaper than undo information for the
 * few plies they read), and both key their tables of proven values the
 * same way.  Private to rules/.
 */
#ifndef SEARCH_H
#define SEARCH_H

#include <stdint.h>

#include "board.h"

/* The key of a search node: the position, the side to move, the passes
 * in a row and the ko point. */
static inline uint64_t
search_node_key(const struct board *b, int to_move, int passes)
{
	return board_key(b) ^ board_side_key(to_move) ^
	       ((uint64_t)passes * 0x9E3779B97F4A7C15ULL) ^
	       ((uint64_t)b->ko * 0xC2B2AE3D27D4EB4FULL);
}

/* Set work to root with the first depth moves of path[] played
 * (BPT_PASS a pass; pathcol[] the colours). */
static inline void
search_replay(struct board *work, const struct board *root, const bpt *path,
	      const uint8_t *pathcol, int depth)
{
	board_copy(work, root);
	for (int k = 0; k < depth; k++)
		if (path[k] == BPT_PASS)
			board_pass(work);
		else
			board_play(work, pathcol[k], path[k], NULL);
}

#endif
