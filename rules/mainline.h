/*
 * mainline.h - the one replay of a record's main line as an SGF viewer
 * executes it (setup stones placed, captures made, no legality check),
 * on rules/board.h, for `score` (the position to count) and the
 * diagrams (the position to draw).  `check` judges the moves instead:
 * rules/replay.c.
 *
 * Moves are counted from 1; move N is the N-th B or W property of the
 * main line (passes count).  Library code: never prints, never exits.
 */
#ifndef RULES_MAINLINE_H
#define RULES_MAINLINE_H

#include <stdbool.h>

#include "../sgf/sgf.h"
#include "board.h"

/* What to do and what to tell.  A move that cannot be played (on an
 * occupied point, or not a point at all) is skipped: it counts as a
 * move and is left off the board, as check and score skip it. */
struct mainline_policy {
	/* moves to play: < 0 all, 0 the setup before the first move (the
	 * setup in the first move's node included), N the position after
	 * move N (no setup after it) */
	long upto;
	/* when not NULL, num[y * w + x] is the number of the move that put
	 * the stone there (0 for setup stones and empty points) */
	long *num;
	/* when not NULL, called for each move skipped: its property, its
	 * number, its point (x < 0: not a point) and a static reason */
	void (*skipped)(void *ctx, const struct sgf_prop *p, long move, int x,
			int y, const char *why);
	/* when not NULL, called for each setup value (AB, AW, AE) that is
	 * not a point or not on the board; the rest is still placed */
	void (*bad_setup)(void *ctx, const struct sgf_prop *p,
			  const struct sgf_value *v);
	void *ctx;
};

/* What the replay did. */
struct mainline_result {
	long moves;	    /* moves replayed (passes and skipped included) */
	long total_moves;   /* moves in the whole main line */
	long skipped;	    /* moves not played */
	int end_passes;	    /* consecutive passes at the end of the replay */
	int last_x, last_y; /* last move's point; -1 when none or a pass */
	char last_colour;   /* 'B', 'W', or 0 when no move yet */
	/* stones taken off the board by their colour, [BOARD_BLACK] and
	 * [BOARD_WHITE]: captured by the other side, or suicided */
	unsigned lost[3];
};

/* Initialise *b to w x h (at most BOARD_MAX_SIDE, the caller checks)
 * and replay the main line of g on it under *pol, filling *res. */
void mainline_replay(const struct sgf_game *g, int w, int h, struct board *b,
		     const struct mainline_policy *pol,
		     struct mainline_result *res);

#endif
