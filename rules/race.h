/*
 * race.h - reading a capturing race (semeai) between two chains.
 *
 * Two chains of opposite colours that lack two eyes each live or die by
 * which one runs out of liberties first.  Counting liberties settles
 * the plain cases, but not those that decide games: shared liberties
 * that neither side can fill (seki), an eye against no eye, a tiger's
 * mouth that needs an approach move first, a capture that gains
 * liberties.  race_read() reads them: both sides play only where the
 * race is decided (the liberties of the two chains; the points next to
 * a liberty that would be self-atari to fill, and the liberties of the
 * chains a stone there would join; captures of chains in atari next to
 * a racing chain; ataris of a chain of two liberties that takes one of
 * the mover's; the saving of the mover's chains in atari next to the
 * other racing chain, by extending or by capturing; an eye-like point
 * of the mover's only where it connects or saves a chain in atari),
 * under the simple-ko rule with no ko threats, to a node budget with
 * iterative deepening.  A race that a third chain of more liberties
 * decides, or eyes made away from the two chains, is beyond it.
 *
 * Library code: never prints, never exits, never allocates; the search
 * depth is bounded by RACE_MAX_DEPTH whatever the input.
 */
#ifndef RACE_H
#define RACE_H

#include "board.h"

#define RACE_MAX_DEPTH 40 /* plies (passes included) */

/* Outcome of a race, from the point of view of chain a. */
enum race_result {
	RACE_UNKNOWN = -1, /* out of budget or depth */
	RACE_LOSE = 0,	   /* b captures a */
	RACE_SEKI = 1,	   /* neither can capture the other: both live */
	RACE_WIN = 2	   /* a captures b */
};

/* Read the race between the chain through a and the chain through bb
 * (stones of opposite colours on b) with `first` (BOARD_BLACK or
 * BOARD_WHITE) to play, within `budget` nodes.  Outside the points the
 * race is played on, the board is taken as it stands.  b is not
 * changed.  Not reentrant across threads' boards: each thread has its
 * own search state. */
enum race_result race_read(const struct board *b, bpt a, bpt bb, int first,
			   int budget);

#endif
