/*
 * board.h - a fast Go board for replay, legality checks and playouts.
 *
 * Layout, coordinates, colours and Zobrist keys: layout.h, shared with
 * the replay board.
 *
 * Chains: every stone knows its chain head (head[]) and the next stone
 * of its chain (circular list); the head holds the exact number of
 * stones and of distinct liberties.  Chains are merged by size (the
 * smaller one is relabelled).  Each point keeps nibble-packed counts of
 * its neighbours of each colour, so "no empty neighbour" and "eye-like"
 * are one mask test.  Empty points are kept in a list (O(1) add and
 * remove) for playouts.
 *
 * The struct is visible so callers can put boards on the stack and copy
 * them, but its fields are private: use the accessors below.  A board is
 * about 54 KB at the maximum size; board_copy() copies only the part a
 * board of its size uses (about 8 KB for 19x19).
 *
 * Library code: never prints, never exits, never allocates.
 */
#ifndef BOARD_H
#define BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout.h"

/* Result of a legality test. */
enum board_err {
	BOARD_OK = 0,
	BOARD_OFFBOARD, /* not a point of this board */
	BOARD_OCCUPIED, /* a stone is already there */
	BOARD_KO,	/* simple ko: immediate single-stone recapture */
	BOARD_SUICIDE	/* the played chain would have no liberty */
};

/* Private: one cell.  Chain fields are meaningful at the head only. */
struct board_cell {
	uint8_t color;
	uint8_t flags; /* BOARD_F_* */
	uint16_t nbr;  /* neighbour counts, 4 bits per colour (index) */
	bpt head, next;
	uint16_t nstones, nlibs;
	int16_t empty_at; /* index in empty[] when empty */
	int16_t pad;	  /* 16 bytes: indexing is a shift */
};
#define BOARD_F_TOUCHED 1 /* occupied or played since board_untouch() */

struct board {
	/* header: copied whole by board_copy() */
	int w, h, stride, ncells;
	bpt ko; /* point where ko_color may not play next, or 0 */
	uint8_t ko_color;
	unsigned captures[3]; /* stones captured by BLACK / WHITE */
	uint64_t key;	      /* positional Zobrist key */
	int nempty;
	bool empty_stale; /* board_play_inline() (board_play.h) left empty[]
			   * behind */
	/* arrays: only the first ncells / nempty entries are used */
	uint8_t col[BOARD_ARR]; /* the colour of each cell, as in c[] */
	struct board_cell c[BOARD_ARR];
	bpt empty[BOARD_ARR];
};

/* Set up an empty w x h board (1 <= w, h <= BOARD_MAX_SIDE).  Returns 0,
 * or -1 if the size is out of range (the board is then 19x19). */
int board_init(struct board *b, int w, int h);
/* Copy src into dst, touching only the cells a board of src's size uses. */
void board_copy(struct board *dst, const struct board *src);

/* Coordinates.  board_pt() returns BPT_NONE for a point off the board. */
static inline bpt
board_pt(const struct board *b, int x, int y)
{
	if (x < 0 || y < 0 || x >= b->w || y >= b->h)
		return BPT_NONE;
	return (bpt)((x + 1) + (y + 1) * b->stride);
}
static inline int
board_x(const struct board *b, bpt pt)
{
	return pt % b->stride - 1;
}
static inline int
board_y(const struct board *b, bpt pt)
{
	return pt / b->stride - 1;
}
static inline bool
board_on(const struct board *b, bpt pt)
{
	return pt > 0 && pt < b->ncells && b->c[pt].color != BOARD_WALL;
}

/* Accessors (pt must be < b->ncells). */
static inline int
board_color(const struct board *b, bpt pt)
{
	return b->c[pt].color;
}
static inline bpt
board_head(const struct board *b, bpt pt)
{
	return b->c[pt].head;
}
/* Next stone of the chain through pt (circular). */
static inline bpt
board_next(const struct board *b, bpt pt)
{
	return b->c[pt].next;
}
static inline int
board_libs(const struct board *b, bpt pt)
{
	return b->c[b->c[pt].head].nlibs;
}
static inline int
board_stones(const struct board *b, bpt pt)
{
	return b->c[b->c[pt].head].nstones;
}
/* The liberties of the chain through pt, at most max of them, into
 * out[] (in the order the chain's stones are walked); returns how many.
 * Stops at max: board_chain_libs(b, pt, &l, 1) is a chain in atari's
 * last liberty. */
static inline int
board_chain_libs(const struct board *b, bpt pt, bpt *out, int max)
{
	int n = 0;
	bpt s = pt;
	do {
		bpt nb[4] = {s - 1, s + 1, s - b->stride, s + b->stride};
		for (int j = 0; j < 4; j++) {
			if (b->c[nb[j]].color != BOARD_EMPTY)
				continue;
			int k = 0;
			while (k < n && out[k] != nb[j])
				k++;
			if (k < n)
				continue;
			out[n++] = nb[j];
			if (n == max)
				return n;
		}
		s = b->c[s].next;
	} while (s != pt);
	return n;
}
/* Number of neighbours of pt of colour `color` (wall included). */
static inline int
board_nbr_count(const struct board *b, bpt pt, int color)
{
	return (b->c[pt].nbr >> (4 * color)) & 15;
}
static inline int
board_nempty(const struct board *b)
{
	return b->nempty;
}
/* The i-th empty point (0 <= i < board_nempty()), in no set order; not
 * after board_play_inline() until board_rebuild() or
 * board_setup_done(). */
static inline bpt
board_empty_at(const struct board *b, int i)
{
	return b->empty[i];
}
static inline uint64_t
board_key(const struct board *b)
{
	return b->key;
}
/* The colour of every cell, board_ncells(b) bytes indexed by point
 * (walls included).  Two boards of the same size hold the same stones
 * iff these bytes are equal. */
static inline const uint8_t *
board_colors(const struct board *b)
{
	return b->col;
}
static inline int
board_ncells(const struct board *b)
{
	return b->ncells;
}

/* True when every neighbour of the empty point pt is `color` or wall. */
static inline bool
board_is_eyelike(const struct board *b, bpt pt, int color)
{
	return board_nbr_count(b, pt, color) +
		   board_nbr_count(b, pt, BOARD_WALL) ==
	       4;
}

/* The part of board_suicide_kind() for one neighbour (private): -1 if
 * it makes the move safe, 1 if it is a friend in atari, 0 otherwise. */
static inline int
board_suicide_nbr_(const struct board *b, int color, int q)
{
	int c = b->c[q].color, libs;

	if (c == BOARD_WALL)
		return 0;
	libs = b->c[b->c[q].head].nlibs;
	if (c == color)
		return libs > 1 ? -1 : 1;
	return libs == 1 ? -1 : 0; /* an enemy in atari is captured */
}

/* Would `color` on the empty point pt leave its chain without liberty?
 * Returns 0 (no), 1 (suicide of the lone new stone), 2 (suicide of a
 * chain of several stones).  Does not change the board.  Inline: the
 * playouts ask it of every surrounded point they look at. */
static inline int
board_suicide_kind(const struct board *b, int color, bpt pt)
{
	const int s = b->stride;
	int a, f = 0;

	if (board_nbr_count(b, pt, BOARD_EMPTY))
		return 0;
	if ((a = board_suicide_nbr_(b, color, pt - 1)) < 0)
		return 0;
	f |= a;
	if ((a = board_suicide_nbr_(b, color, pt + 1)) < 0)
		return 0;
	f |= a;
	if ((a = board_suicide_nbr_(b, color, pt - s)) < 0)
		return 0;
	f |= a;
	if ((a = board_suicide_nbr_(b, color, pt + s)) < 0)
		return 0;
	f |= a;
	return f ? 2 : 1;
}

/* Legality under simple ko: off board, occupied, the ko point of the
 * colour to play, or suicide (a multi-stone suicide is allowed when
 * multi_suicide is set; a lone-stone suicide never is).  Never changes
 * the board. */
static inline enum board_err
board_legal(const struct board *b, int color, bpt pt, bool multi_suicide)
{
	int k;

	if (!board_on(b, pt))
		return BOARD_OFFBOARD;
	if (b->c[pt].color != BOARD_EMPTY)
		return BOARD_OCCUPIED;
	if (pt == b->ko && color == b->ko_color)
		return BOARD_KO;
	k = board_suicide_kind(b, color, pt);
	if (k == 1 || (k == 2 && !multi_suicide))
		return BOARD_SUICIDE;
	return BOARD_OK;
}

/* Key of the position after `color` plays the empty point pt (captures
 * and suicide included), without changing the board. */
uint64_t board_key_after(const struct board *b, int color, bpt pt);

/* Play `color` on the empty point pt of the board, whatever the rules
 * say: captures opponent chains left without liberty, then removes the
 * player's own chain if it has none (suicide, as SGF viewers execute
 * it).  Sets the simple-ko point.  Returns the number of opponent stones
 * captured; *suicided (if not NULL) gets the number of own stones
 * removed.  pt must be empty and on the board. */
int board_play(struct board *b, int color, bpt pt, int *suicided);
/* board_play(), also writing to removed[] the points whose stone it
 * took away: the captured stones, then the player's own stones if the
 * move was a suicide (the caller learns how many from the return value
 * and *suicided).  removed[] must have room for w * h points.  For a
 * replay that must rebuild earlier positions. */
int board_play_rec(struct board *b, int color, bpt pt, int *suicided,
		   bpt *removed);
/* A pass: clears the ko point. */
void board_pass(struct board *b);

/* Setup (AB, AW, AE): board_put() changes the colour of a point with no
 * rule at all (chains are left stale); after a batch of board_put()
 * calls, board_setup_done() rebuilds the chains, removes every chain
 * left without liberty (both colours, at once) and clears the ko point.
 * It returns the number of stones removed. */
void board_put(struct board *b, bpt pt, int color);
int board_setup_done(struct board *b);

/* Start a superko epoch: only the points occupied now count as ever
 * occupied. */
void board_untouch(struct board *b);
/* True if pt was occupied or played since the last board_untouch() (or
 * is occupied now): a stone played on an untouched point makes a
 * position never seen in this epoch, unless it is a suicide. */
static inline bool
board_touched(const struct board *b, bpt pt)
{
	return b->c[pt].flags & BOARD_F_TOUCHED;
}
/* Set or clear that flag of pt (a replay going back to an earlier
 * position). */
static inline void
board_set_touched(struct board *b, bpt pt, bool on)
{
	if (on)
		b->c[pt].flags |= BOARD_F_TOUCHED;
	else
		b->c[pt].flags &= (uint8_t)~BOARD_F_TOUCHED;
}

/* Give the n points pts[] the colours colors[] (each point once) and
 * bring what derives from colours up to date around them: neighbour
 * counts, key, colour bytes, the count of empty points, and the chains
 * through or next to a changed point (found again by flood fill, so
 * their heads may change).  The ko point, the captures and the touched
 * flags are left alone; the list of empty points is left stale, as by
 * board_play_inline().  A chain left without liberty is not removed:
 * the caller sets a position that arose in play.  The cost is that of
 * the changed points and of the chains they touch, not of the board. */
void board_recolor(struct board *b, const bpt *pts, const uint8_t *colors,
		   int n);

/* Rebuild every derived field (chains, liberties, neighbour counts,
 * empty list, key, colour bytes) from the colours alone.  Does not
 * remove chains without liberty. */
void board_rebuild(struct board *b);

/* Recompute everything from the colours by flood fill and compare with
 * the incremental state.  Returns 0 if consistent, else a positive code
 * naming the first mismatch (for tests). */
int board_check_consistency(const struct board *b);

#endif
