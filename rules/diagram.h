/*
 * diagram.h - writers that need a board: the position after move N as
 * an ASCII diagram or an SVG picture.  (The GTP script that replays a
 * game in an engine is gtp_write_script(), sgf/gtp.h.)
 *
 * The main line is replayed with rules/board.h as SGF viewers do (setup
 * stones placed, captures made, no legality check): a diagram shows the
 * record, not a judgement of it.  Moves are counted from 1; move N is
 * the N-th B or W property of the main line (passes count).
 *
 * Library code: never prints to stdout or stderr; writes only to the
 * FILE given; never exits.
 */
#ifndef RULES_DIAGRAM_H
#define RULES_DIAGRAM_H

#include <stdbool.h>
#include <stdio.h>

#include "board.h"
#include "../sgf/sgf.h"

/* The position after `upto` moves (all of them when upto < 0 or beyond
 * the end). */
struct diagram_pos {
	struct board b;
	int cols, rows;
	long moves;	    /* moves replayed */
	int last_x, last_y; /* last move's point; -1 when none or a pass */
	char last_colour;   /* 'B', 'W', or 0 when no move yet */
	unsigned captured_by_black, captured_by_white;
	/* move number that put each stone there (0 for setup stones), by
	 * y * cols + x; for --numbers */
	long num[BOARD_MAX_SIDE * BOARD_MAX_SIDE];
};

/* Replay the main line of g into *pos (which the caller allocates: it
 * is large).  Returns 0, or -1 with *why set to a static message (a
 * move on an occupied point, a malformed point, no tree). */
int diagram_position(const struct sgf_game *g, long upto,
		     struct diagram_pos *pos, const char **why);

/* ASCII diagram after `upto` moves: column letters (GTP style, no I)
 * and row numbers on all sides, X black, O white, the last move in
 * parentheses, '+' for star points, then a line naming the last move
 * and one with the captures.  Returns 0, or -1 with *why set. */
int diagram_write_txt(FILE *out, const struct sgf_game *g, long upto,
		      const char **why);

/* SVG picture after `upto` moves: wooden board, lines, star points,
 * coordinates, stones, a ring on the last move, and with `numbers` the
 * number of the move that played each stone.  Standalone SVG 1.1.
 * Returns 0, or -1 with *why set. */
int diagram_write_svg(FILE *out, const struct sgf_game *g, long upto,
		      bool numbers, const char **why);

#endif
