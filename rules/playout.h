/*
 * playout.h - Monte Carlo ownership from a (nearly) finished position.
 *
 * Light playouts on a copy of the board: random legal moves that never
 * fill one's own eye (an eye-like point that is not false), never play
 * in territory that Benson
 * proved safe, capture a chain left in atari by the opponent's last
 * move or already in atari at the start (the largest first), and
 * refuse self-atari of two or more stones (so seki groups survive);
 * after a capture of three to five stones that leaves a
 * killing shape (straight or bent three, pyramid four, cross five) the
 * side that lost them plays its vital point (nakade), as a player
 * would.  When the last move of the record left a chain of the side to
 * move in atari that it can join to a chain with three liberties or
 * more, every playout starts with that answer.  Each point is then
 * counted for the colour of its stone or of the stones around it.  The
 * random stream is a fixed-seed xorshift, so the same input always gives
 * the same map.
 */
#ifndef PLAYOUT_H
#define PLAYOUT_H

#include <stdint.h>

#include "board.h"

struct playout_opts {
	int playouts; /* number of playouts (split between who starts) */
	/* the random stream's state; 0, which xorshift cannot hold, is
	 * 0x9E3779B97F4A7C15: the one seed that gives the same playouts
	 * as another (2^64 seeds, 2^64 - 1 states) */
	uint64_t seed;
	int first;	       /* BOARD_BLACK / BOARD_WHITE: who moves first in
				* even-numbered playouts; odd ones start with
				* the other colour */
	const uint8_t *forbid; /* per padded point: 1 = never play here
				* (pass-alive territory); may be NULL */
	bpt last;	       /* the stone of the last move of the record
				* (the opponent of `first`), or BPT_NONE */
};

/* Run the playouts from *b (not changed).  own[pt] receives, for every
 * padded point of the board, (black - white) ownership counts summed
 * over the playouts (so -playouts .. +playouts); empty[pt] how many
 * playouts ended with pt empty (may be NULL).  Returns the number of
 * playouts run. */
int playout_ownership(const struct board *b, const struct playout_opts *o,
		      int *own, int *empty);

#endif
