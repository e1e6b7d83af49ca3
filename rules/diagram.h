/*
 * diagram.h - writers that need a board: the position after move N as
 * an ASCII diagram or an SVG picture, and a GTP command script that
 * replays the game in an engine.
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

/* GTP vertex of a point ("Q16"); "pass" for x < 0.  Boards up to 25
 * columns (GTP skips the letter I).  buf needs 8 bytes. */
void diagram_gtp_vertex(int x, int y, int rows, char *buf);

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

/* GTP script replaying the main line up to `upto` moves: boardsize,
 * clear_board, komi, the handicap (fixed_handicap when the root's AB
 * stones are the GTP fixed placement, set_free_handicap for other
 * black-only setups, else play commands), then one play per move.
 * Square boards of at most 25x25 only.  Returns 0, or -1 with *why. */
int diagram_write_gtp(FILE *out, const struct sgf_game *g, long upto,
		      const char **why);

#endif
