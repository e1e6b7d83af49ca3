/*
 * layout.h - what the two boards (board.h, replay_board.h) share, so
 * that a point, a colour and a Zobrist key mean the same on both.
 *
 * Layout (KataGo style, see ../shared/docs/BOARD.md section 4): a padded
 * one-dimensional array with stride w + 1, so one wall column serves as
 * the right edge of a row and the left edge of the next.  The point
 * (x, y), 0-based from the upper left as in SGF, is
 *
 *	pt = (x + 1) + (y + 1) * (w + 1)
 *
 * and its neighbours are pt - 1, pt + 1, pt - stride, pt + stride.
 * Cells 0 (BPT_NONE) and 1 (BPT_PASS) are wall cells and therefore never
 * real points.  Boards may be rectangular, 1x1 .. 52x52.
 *
 * Hashing: a 64-bit Zobrist key of the stones only (positional), from a
 * table filled by splitmix64 with a fixed seed, so keys are the same on
 * every run and platform.  board_side_key() gives the extra key for the
 * side to move (situational superko).  The board also keeps the colours
 * alone, one byte per cell (board_colors()), so that a position can be
 * saved and compared cheaply (a hash hit confirmed exactly).
 *
 *
 * Library code: never prints, never exits.
 */
#ifndef RULES_LAYOUT_H
#define RULES_LAYOUT_H

#include <stdint.h>

#define BOARD_MAX_SIDE	 52
#define BOARD_STRIDE_MAX (BOARD_MAX_SIDE + 1)
#define BOARD_ARR	 ((BOARD_MAX_SIDE + 2) * (BOARD_MAX_SIDE + 1) + 1)

typedef int16_t bpt; /* padded point index */
enum { BPT_NONE = 0, BPT_PASS = 1 };

enum board_color {
	BOARD_EMPTY = 0,
	BOARD_BLACK = 1,
	BOARD_WHITE = 2,
	BOARD_WALL = 3
};
#define BOARD_OPP(c) ((c) ^ 3)

/* The layout of a w x h board, the same on both boards: sets *stride
 * and *ncells, and makes sure the key table is filled.  Returns 0, or -1
 * if the size is out of range (*w and *h are then 19). */
int board_layout(int *w, int *h, int *stride, int *ncells);
/* Key of the side to move, XOR-ed into board_key() for situational
 * superko. */
uint64_t board_side_key(int color);
/* Zobrist key of a stone of `color` on pt. */
uint64_t board_zobrist(bpt pt, int color);

/* Zobrist keys by cell and colour (layout.c), for the boards' inline
 * plays: filled by board_layout(), read-only after. */
extern uint64_t board_zob_[BOARD_ARR][3];

#endif
