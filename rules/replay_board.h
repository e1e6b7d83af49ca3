/*
 * replay_board.h - a board for replaying records only (check's replay).
 *
 * Why a second board: the replay asks less of a board than the
 * playouts do (no list of empty points, no neighbour counts, no exact
 * liberty counts), and board.h's board must keep its list of empty
 * points in its exact order, on which the playouts' results depend.
 * This one keeps only what the replay reads, with fewer instructions
 * and fewer mispredicted branches per move (check over the corpus:
 * 1.36 s of user time before it, 0.90 s with it and the replay's other
 * changes).
 *
 * Pseudo-liberties: a chain keeps at its head the number of (stone,
 * empty neighbour) pairs, so a liberty shared by k of its stones counts
 * k times.  That number is 0 exactly when the chain has no liberty, and
 * a play only adds or subtracts from it, with no test of whether a
 * liberty is new; "one liberty" is not known from it, which only ko
 * (a lone stone, whose count is exact) and the suicide test (which
 * counts the incidences at the point played) need, and both manage.
 *
 * Layout, points, colours and Zobrist keys are those of layout.h (same
 * padded stride, board_zob_[][]), so board_key(), board_colors() and
 * rboard's counterparts agree for the same stones: the replay's
 * repetition history does not care which board made a key.
 *
 * Empty points and wall cells are their own head: a play decrements
 * the count of the head of each of its four neighbours without looking
 * at their colour, and the slots of cells that are not chains absorb
 * the ones that are not chains (each its own slot, so that the four
 * decrements of a move do not queue on one).  Nothing reads those
 * slots as counts; a stone played on a point sets the point's slot
 * before anything reads it.
 *
 * Its functions and types keep the short prefix rboard_ ("replay
 * board"), as board.h's keep board_.
 *
 * Library code: never prints, never exits, never allocates.
 */
#ifndef RULES_REPLAY_BOARD_H
#define RULES_REPLAY_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout.h"

struct rboard {
	int w, h, stride, ncells;
	bpt ko; /* point where ko_color may not play next, or 0 */
	uint8_t ko_color;
	unsigned captures[3]; /* stones captured by BLACK / WHITE */
	uint64_t key;	      /* positional Zobrist key, as board_key() */
	/* by cell; only the first ncells are used */
	uint8_t col[BOARD_ARR];	    /* colour (walls BOARD_WALL) */
	uint8_t touched[BOARD_ARR]; /* see board_touched() */
	uint16_t head[BOARD_ARR];   /* chain head; the cell if not a stone */
	uint16_t next[BOARD_ARR];   /* next stone of the chain (circular) */
	uint16_t plibs[BOARD_ARR];  /* pseudo-liberties, at the head */
	uint16_t nst[BOARD_ARR];    /* stones, at the head */
};

/* Set up an empty w x h board (1 <= w, h <= BOARD_MAX_SIDE).  Returns 0,
 * or -1 if the size is out of range (the board is then 19x19). */
int rboard_init(struct rboard *b, int w, int h);
/* Copy src into dst, touching only the cells a board of src's size
 * uses. */
void rboard_copy(struct rboard *dst, const struct rboard *src);

static inline int
rboard_color(const struct rboard *b, bpt pt)
{
	return b->col[pt];
}
/* As board_colors(): identical bytes for identical stones. */
static inline const uint8_t *
rboard_colors(const struct rboard *b)
{
	return b->col;
}
static inline int
rboard_ncells(const struct rboard *b)
{
	return b->ncells;
}
static inline uint64_t
rboard_key(const struct rboard *b)
{
	return b->key;
}
static inline bpt
rboard_pt(const struct rboard *b, int x, int y)
{
	if (x < 0 || y < 0 || x >= b->w || y >= b->h)
		return BPT_NONE;
	return (bpt)((x + 1) + (y + 1) * b->stride);
}
static inline int
rboard_x(const struct rboard *b, bpt pt)
{
	return pt % b->stride - 1;
}
static inline int
rboard_y(const struct rboard *b, bpt pt)
{
	return pt / b->stride - 1;
}
/* As board_touched() and board_set_touched(). */
static inline bool
rboard_touched(const struct rboard *b, bpt pt)
{
	return b->touched[pt];
}
static inline void
rboard_set_touched(struct rboard *b, bpt pt, bool on)
{
	b->touched[pt] = on;
}
/* Is some neighbour of pt empty? */
static inline bool
rboard_empty_nbr(const struct rboard *b, bpt pt)
{
	const uint8_t *c = b->col;

	return !c[pt - 1] | !c[pt + 1] | !c[pt - b->stride] |
	       !c[pt + b->stride];
}

/* As board_suicide_kind(): 0 (not a suicide), 1 (the lone new stone),
 * 2 (a chain of several stones).  Does not change the board. */
int rboard_suicide_kind(const struct rboard *b, int color, bpt pt);

/* As board_pass(). */
void rboard_pass(struct rboard *b);

/* As board_put(), board_setup_done() and board_untouch(). */
void rboard_put(struct rboard *b, bpt pt, int color);
int rboard_setup_done(struct rboard *b);
void rboard_untouch(struct rboard *b);

/* As board_recolor(): give the n points pts[] the colours colors[]
 * (each point once); key and chains through or next to a changed point
 * follow.  Ko, captures and touched flags are left alone; chains
 * without liberty are not removed.  Costs what changed, not the
 * board. */
void rboard_recolor(struct rboard *b, const bpt *pts, const uint8_t *colors,
		    int n);

/* Recompute chains and key from the colours and compare.  Returns 0 if
 * consistent, else a positive code naming the first mismatch (for
 * tests). */
int rboard_check_consistency(const struct rboard *b);

/* ---------------------------------------------------------------------
 * The play, inline for the replay loop.  Names ending in '_' are
 * private to it.
 */
/* Remove the chain with head h; returns its stones, written to out[]
 * (if not NULL). */
int rboard_remove_(struct rboard *b, int h, bpt *out);
/* Merge chains h1 != h2 of one colour; returns the head. */
int rboard_merge_(struct rboard *b, int h1, int h2);
/* The rest of rboard_play() once it has placed the stone and taken
 * the point from the chains around: when it captures (see rboard.c). */
int rboard_play_capture_(struct rboard *b, int color, int pt, int *suicided,
			 bpt *removed);
/* The rest when the stone, already joined to the chain h, also joins
 * other chains; and when the stone's chain hd has no liberty. */
int rboard_play_merge_(struct rboard *b, int color, int pt, int h,
		       int *suicided, bpt *removed);
int rboard_play_suicide_(struct rboard *b, int hd, int *suicided, bpt *removed);

/* rboard_play() for a constant colour.  The rare cases (a capture, a
 * merge of chains, a suicide) leave through calls that finish the
 * move, so that nothing need be kept across them. */
static inline int __attribute__((always_inline))
rboard_play_(struct rboard *b, const int color, const int pt, int *suicided,
	     bpt *removed)
{
	const ptrdiff_t S = b->stride;
	uint8_t *const cp = b->col + pt;
	uint16_t *const hp = b->head + pt, *const pl = b->plibs;
	const int opp = BOARD_OPP(color);
	const int c0 = cp[-1], c1 = cp[1], c2 = cp[-S], c3 = cp[S];
	const int h0 = hp[-1], h1 = hp[1], h2 = hp[-S], h3 = hp[S];
	int lib, h, m0, m1, m2, m3;

	*cp = (uint8_t)color;
	b->touched[pt] = 1;
	b->key ^= board_zob_[pt][color];
	b->ko = BPT_NONE;
	b->ko_color = 0;
	/* every chain around loses one incidence per neighbour */
	pl[h0]--;
	pl[h1]--;
	pl[h2]--;
	pl[h3]--;
	if (__builtin_expect(((c0 == opp) & !pl[h0]) | ((c1 == opp) & !pl[h1]) |
				 ((c2 == opp) & !pl[h2]) |
				 ((c3 == opp) & !pl[h3]),
			     0))
		return rboard_play_capture_(b, color, pt, suicided, removed);
	*suicided = 0;
	/* the friend with the largest head, if any (any friend would do:
	 * max, unlike a chain of tests, compiles without a branch) */
	m0 = c0 == color ? h0 : 0;
	m1 = c1 == color ? h1 : 0;
	m2 = c2 == color ? h2 : 0;
	m3 = c3 == color ? h3 : 0;
	h = m0 > m1 ? m0 : m1;
	lib = m2 > m3 ? m2 : m3;
	h = h > lib ? h : lib;
	lib = (c0 == BOARD_EMPTY) + (c1 == BOARD_EMPTY) + (c2 == BOARD_EMPTY) +
	      (c3 == BOARD_EMPTY);
	if (!h) {
		/* a chain of its own */
		*hp = (uint16_t)pt;
		b->next[pt] = (uint16_t)pt;
		b->nst[pt] = 1;
		pl[pt] = (uint16_t)lib;
		if (__builtin_expect(!lib, 0))
			return rboard_play_suicide_(b, pt, suicided, removed);
		return 0;
	}
	/* joins that friend */
	*hp = (uint16_t)h;
	b->next[pt] = b->next[h];
	b->next[h] = (uint16_t)pt;
	b->nst[h]++;
	pl[h] = (uint16_t)(pl[h] + lib);
	/* another friendly chain too: the friends' heads, none above h,
	 * do not add up to h once per friend */
	if (__builtin_expect(m0 + m1 + m2 + m3 !=
				 h * ((c0 == color) + (c1 == color) +
				      (c2 == color) + (c3 == color)),
			     0))
		return rboard_play_merge_(b, color, pt, h, suicided, removed);
	if (__builtin_expect(!pl[h], 0))
		return rboard_play_suicide_(b, h, suicided, removed);
	return 0;
}

/* As board_play_rec(): play `color` on the empty point pt whatever the
 * rules say, capture opponent chains left without liberty, then remove
 * the player's chain if it has none (suicide).  Sets the simple-ko
 * point.  Returns the opponent stones captured; *suicided gets the own
 * stones removed; removed[] (if not NULL, room for w * h points) gets
 * the captured points, then the suicided ones. */
int rboard_play_black_(struct rboard *b, int pt, int *suicided, bpt *removed);
int rboard_play_white_(struct rboard *b, int pt, int *suicided, bpt *removed);
static inline int __attribute__((always_inline))
rboard_play(struct rboard *b, int color, int pt, int *suicided, bpt *removed)
{
	if (color == BOARD_WHITE)
		return rboard_play_white_(b, pt, suicided, removed);
	return rboard_play_black_(b, pt, suicided, removed);
}

#endif
