/*
 * pattern.h - position patterns: the first position of a record's main
 * line where a pattern of stones and empty points stands on the board
 * (`sgfkit select --pattern`).
 *
 * A pattern is an SGF record of one node whose AB, AW and AE name the
 * points that must hold a black stone, a white stone, or nothing; the
 * points it does not name do not matter.  It is anchored where it is
 * written: it matches at those very points of a board of its own size
 * (SZ, 19 by default), and is never moved across the board, as a whole
 * board position is compared.  Its variants are its images under the
 * board's symmetries (PATTERN_SYMMETRIES: the 8 of a square board, the
 * 4 that keep a rectangle's shape; numbered as sgf_sym_point() numbers
 * them) and with the colours exchanged (PATTERN_SWAP), an image equal
 * to an earlier one dropped.  Variants are ordered by symmetry, then the
 * colours as written before the colours exchanged.
 *
 * The positions of a main line are replayed as an SGF viewer replays
 * them (rules/mainline.h): setup stones placed and chains left without
 * liberty by them removed, captures made, a move on an occupied point
 * or not on the board skipped (it still counts as a move).  The first
 * position is the one after the root's setup (the empty board when it
 * has none); then the one after each node's setup and after each move.
 *
 * Library code: never prints, never exits; pattern_find() allocates
 * nothing, so that worker threads share one pattern.
 */
#ifndef RULES_PATTERN_H
#define RULES_PATTERN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../sgf/sgf.h"

#define PATTERN_MAX_VARIANTS 16
/* The largest pattern file read (bytes): a pattern is one node. */
#define PATTERN_MAX_BYTES (1 << 20)

enum pattern_flags {
	PATTERN_SYMMETRIES = 1 << 0, /* the board's symmetries too */
	PATTERN_SWAP = 1 << 1,	     /* the colours exchanged too */
};

/* Why a pattern file was refused: a message (lower case, no final
 * period) and its position in the file (1-based; 0 when it has none,
 * as for a file over PATTERN_MAX_BYTES). */
struct pattern_error {
	uint32_t line, col;
	char msg[160];
};

struct pattern; /* opaque: see pattern.c */

/* Read the pattern in text[0..len) (the contents of file `file`, named
 * in nothing but messages) with its variants under `flags`.  Returns a
 * pattern to free with pattern_free(), or NULL with *err filled: a text
 * over PATTERN_MAX_BYTES, the reader's first error, not exactly one
 * game tree of one node, a game that is not Go, a bad SZ, a move, a
 * value of AB, AW or AE that is not a point or rectangle of the board,
 * a point named in two colours, or no point named at all. */
struct pattern *pattern_read(const char *text, size_t len, const char *file,
			     unsigned flags, struct pattern_error *err);
void pattern_free(struct pattern *p);

/* The pattern's board size, points named, and variants. */
void pattern_size(const struct pattern *p, int *cols, int *rows);
int pattern_npoints(const struct pattern *p);
int pattern_nvariants(const struct pattern *p);

/* Where a pattern first stands. */
struct pattern_match {
	long move; /* moves played before that position (0: at the start) */
	int sym;   /* the variant's symmetry (0 as written) */
	bool swap; /* the variant's colours are exchanged */
};

/* Does some variant of p stand on the board at some position of g's
 * main line?  Returns 1 with *m set to the first such position (and
 * the first variant there), else 0: also for a game that is not Go or
 * whose board is not of the pattern's size.  Reads g only. */
int pattern_find(const struct pattern *p, const struct sgf_game *g,
		 struct pattern_match *m);

#endif
