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

/* A move of the record that could not be played on the board (a
 * point already occupied, or no point at all: x < 0). */
struct diagram_skip {
	long move;     /* its number */
	int x, y;      /* its point, or -1 */
	char colour;   /* 'B' or 'W' */
	char text[16]; /* the value, when it is not a point ("zz") */
	const char *why;
};
#define DIAGRAM_MAX_SKIPPED 64

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
	/* moves not played, in order (the first DIAGRAM_MAX_SKIPPED of
	 * nskipped) */
	int nskipped;
	struct diagram_skip skipped[DIAGRAM_MAX_SKIPPED];
};

/* Replay the main line of g into *pos (which the caller allocates: it
 * is large).  A move on an occupied point or that is not a point is not
 * played (as check and score skip it): it counts as a move, is kept in
 * pos->skipped and noted in *notes ("not-played"; notes may be NULL);
 * so is a setup value that is not a point, left out.  Returns 0, or -1
 * with *why set to a static message (no tree, not Go, a malformed
 * board size). */
int diagram_position(const struct sgf_game *g, long upto,
		     struct diagram_pos *pos, const char **why,
		     struct sgf_write_notes *notes);

/* ASCII diagram after `upto` moves: column letters (GTP style, no I)
 * and row numbers on all sides, X black, O white, the last move in
 * parentheses, a move not played in square brackets, '+' for star
 * points, then a line naming the last move, one per move not played
 * ("Not played: move 3, White A9, is on an occupied point") and one
 * with the captures.  Notes as diagram_position().  Returns 0, or -1
 * with *why set. */
int diagram_write_txt(FILE *out, const struct sgf_game *g, long upto,
		      const char **why, struct sgf_write_notes *notes);

/* SVG picture after `upto` moves: wooden board, lines, star points,
 * coordinates, stones, a ring on the last move, a red cross on the
 * point of a move not played, and with `numbers` the number of the move
 * that played each stone.  Standalone SVG 1.1.  Notes as
 * diagram_position().  Returns 0, or -1 with *why set. */
int diagram_write_svg(FILE *out, const struct sgf_game *g, long upto,
		      bool numbers, const char **why,
		      struct sgf_write_notes *notes);

/* The SVG frame of a board of cols x rows points, the point (x, y) at
 * (margin + x * cell, margin + y * cell), for the diagrams and `score`'s
 * picture, so that both draw one board.  diagram_svg_open() writes the
 * XML declaration and opens the <svg> element (the caller writes its
 * <title> next and closes the element at the end);
 * diagram_svg_board() writes the wooden board, its lines, the star
 * points and the coordinates on all four sides (GTP letters up to 25
 * columns, SGF letters beyond), each in a group of its own. */
void diagram_svg_open(FILE *out, int cols, int rows, int margin, int cell);
void diagram_svg_board(FILE *out, int cols, int rows, int margin, int cell);

#endif
