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
	bool empty_stale; /* board_play_inline() left empty[] behind */
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

/* Would `color` on the empty point pt leave its chain without liberty?
 * Returns 0 (no), 1 (suicide of the lone new stone), 2 (suicide of a
 * chain of several stones).  Does not change the board. */
int board_suicide_kind(const struct board *b, int color, bpt pt);

/* Legality under simple ko: off board, occupied, the ko point of the
 * colour to play, or suicide (a multi-stone suicide is allowed when
 * multi_suicide is set; a lone-stone suicide never is).  Never changes
 * the board. */
enum board_err board_legal(const struct board *b, int color, bpt pt,
			   bool multi_suicide);

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

/* ---------------------------------------------------------------------
 * The play itself, inline: board_play() and board_play_rec() are this
 * code, and a replay loop may call board_play_inline() (the contract of
 * board_play_rec(), removed may be NULL) to have it without a call.
 * board_play_inline() also leaves the list of empty points behind (a
 * replay does not need it): board_nempty() stays right, board_empty_at()
 * is wrong until board_rebuild() or board_setup_done(), and board_play()
 * must not be used on the board until then either.
 * Names ending in '_' are private to it.  Internally points are ints
 * and neighbours are reached through a cell pointer, which spares the
 * sign extensions of bpt arithmetic.
 */
#define BOARD_NBR_ONE_(color) ((uint16_t)(1u << (4 * (color))))
/* Merge two chains (heads h1 != h2, same colour); returns the head. */
int board_merge_(struct board *b, int h1, int h2);
/* Remove the chain through pt (see board.c). */
int board_remove_chain_(struct board *b, bpt pt, bpt *out);

/* Add the lone stone c0 (point pt, a chain of its own) to the friendly
 * chain h next to it: each empty neighbour e of pt that h did not touch
 * becomes a liberty of h, and `add` more (-1 when pt is the new stone:
 * it was a liberty of h).  When pt is e's only neighbour of its colour,
 * h cannot touch e; otherwise e's other neighbours are looked at (pt's
 * head is not h yet). */
#define BOARD_JOIN_LIB_(e, o1, o2, o3)                                         \
	((e)->color == BOARD_EMPTY &&                                          \
	 (((e)->nbr & BOARD_NBR_ONE_(color) * 15) == BOARD_NBR_ONE_(color) ||  \
	  !((e)[o1].head == h || (e)[o2].head == h || (e)[o3].head == h)))

static inline void __attribute__((always_inline))
board_join_(struct board *b, struct board_cell *c0, const int color, int h,
	    int pt, int add)
{
	struct board_cell *const cell = b->c;
	const ptrdiff_t S = b->stride;

	if (c0->nbr & 15) {
		add += BOARD_JOIN_LIB_(c0 - 1, -1, -S, S);
		add += BOARD_JOIN_LIB_(c0 + 1, 1, -S, S);
		add += BOARD_JOIN_LIB_(c0 - S, -1, 1, -S);
		add += BOARD_JOIN_LIB_(c0 + S, -1, 1, S);
	}
	cell[h].nlibs = (uint16_t)(cell[h].nlibs + add);
	cell[h].nstones++;
	c0->head = (bpt)h;
	c0->next = cell[h].next;
	cell[h].next = (bpt)pt;
}

/* The enemy chain of the neighbour cq of the new stone loses the
 * liberty pt, once (the heads seen so far are eh[0 .. ne-1]); a chain
 * left without liberty is captured at once, and its stones then read
 * as empty to the later neighbours. */
#define BOARD_ENEMY_(cq)                                                       \
	do {                                                                   \
		if ((cq)->color == opp) {                                      \
			int h_ = (cq)->head;                                   \
			if ((ne < 1 || eh[0] != h_) &&                         \
			    (ne < 2 || eh[1] != h_) &&                         \
			    (ne < 3 || eh[2] != h_)) {                         \
				eh[ne++] = h_;                                 \
				if (!--cell[h_].nlibs) {                       \
					captured += board_remove_chain_(       \
					    b, (bpt)h_,                        \
					    rec ? rec + captured : NULL);      \
					capat = h_;                            \
					ncap++;                                \
				}                                              \
			}                                                      \
		}                                                              \
	} while (0)

/* A friendly chain through cq other than the new stone's merges with
 * it (it loses the liberty pt first); a lone stone joins it the cheap
 * way. */
#define BOARD_FRIEND_(cq)                                                      \
	do {                                                                   \
		if ((cq)->color == color && (cq)->head != head) {              \
			int h_ = (cq)->head;                                   \
			if (cell[h_].nstones == 1) {                           \
				board_join_(b, cq, color, head, h_, 0);        \
			} else {                                               \
				cell[h_].nlibs--;                              \
				head = board_merge_(b, head, h_);              \
			}                                                      \
		}                                                              \
	} while (0)

static inline int __attribute__((always_inline))
board_play_(struct board *b, const int color, int pt, int *suicided, bpt *rec,
	    const bool keep_empty)
{
	struct board_cell *const cell = b->c;
	struct board_cell *const c0 = &cell[pt];
	const ptrdiff_t S = b->stride;
	const int opp = BOARD_OPP(color);
	const unsigned nbr = c0->nbr;
	const uint16_t d =
	    (uint16_t)(BOARD_NBR_ONE_(color) - BOARD_NBR_ONE_(BOARD_EMPTY));
	int captured = 0, ncap = 0, ne = 0, head = pt, capat = 0, eh[4];

	/* the stone: colour, neighbour counts, key, empty list */
	c0->color = (uint8_t)color;
	b->col[pt] = (uint8_t)color;
	c0->flags |= BOARD_F_TOUCHED;
	c0[-1].nbr += d;
	c0[1].nbr += d;
	c0[-S].nbr += d;
	c0[S].nbr += d;
	b->key ^= board_zob_[pt][color];
	if (keep_empty) {
		int i = c0->empty_at, last = b->empty[--b->nempty];
		b->empty[i] = (bpt)last;
		cell[last].empty_at = (int16_t)i;
	} else {
		b->nempty--;
		b->empty_stale = true;
	}
	/* a chain of its own */
	c0->head = (bpt)pt;
	c0->next = (bpt)pt;
	c0->nstones = 1;
	c0->nlibs = (uint16_t)(nbr & 15);
	b->ko = BPT_NONE;
	b->ko_color = 0;
	if (suicided)
		*suicided = 0;
	/* no stone around: nothing else changes (common early on), unless
	 * there is no point around either (a 1x1 board: suicide) */
	if (!(nbr & (BOARD_NBR_ONE_(BOARD_BLACK) * 15 |
		     BOARD_NBR_ONE_(BOARD_WHITE) * 15)) &&
	    (nbr & 15))
		return 0;
	/* enemies first: captures give the new stone its liberties before
	 * it joins its friends */
	if ((nbr & BOARD_NBR_ONE_(opp) * 15) == BOARD_NBR_ONE_(opp)) {
		/* one enemy stone around: no chain to count twice */
		struct board_cell *e = c0[-1].color == opp   ? c0 - 1
				       : c0[1].color == opp  ? c0 + 1
				       : c0[-S].color == opp ? c0 - S
							     : c0 + S;
		int h = e->head;
		if (!--cell[h].nlibs) {
			captured = board_remove_chain_(b, (bpt)h, rec);
			capat = h;
			ncap = 1;
			b->captures[color] += (unsigned)captured;
		}
	} else if (nbr & BOARD_NBR_ONE_(opp) * 15) {
		BOARD_ENEMY_(c0 - 1);
		BOARD_ENEMY_(c0 + 1);
		BOARD_ENEMY_(c0 - S);
		BOARD_ENEMY_(c0 + S);
		if (captured)
			b->captures[color] += (unsigned)captured;
	}
	if (nbr & BOARD_NBR_ONE_(color) * 15) {
		/* the lone stone joins the first friend, which is cheap;
		 * any other friendly chain then merges */
		struct board_cell *f = c0[-1].color == color   ? c0 - 1
				       : c0[1].color == color  ? c0 + 1
				       : c0[-S].color == color ? c0 - S
							       : c0 + S;
		head = f->head;
		board_join_(b, c0, color, head, pt, -1);
		if ((nbr & BOARD_NBR_ONE_(color) * 15) !=
		    BOARD_NBR_ONE_(color)) {
			BOARD_FRIEND_(c0 - 1);
			BOARD_FRIEND_(c0 + 1);
			BOARD_FRIEND_(c0 - S);
			BOARD_FRIEND_(c0 + S);
		}
	}
	if (cell[head].nlibs == 0) {
		int n = board_remove_chain_(b, (bpt)head,
					    rec ? rec + captured : NULL);
		b->captures[opp] += (unsigned)n;
		if (suicided)
			*suicided = n;
	} else if (captured == 1 && ncap == 1 && head == pt && c0->nlibs == 1) {
		b->ko = (bpt)capat;
		b->ko_color = (uint8_t)opp;
	}
	return captured;
}

static inline int __attribute__((always_inline))
board_play_inline(struct board *b, int color, bpt pt, int *suicided,
		  bpt *removed)
{
	if (color == BOARD_WHITE)
		return board_play_(b, BOARD_WHITE, pt, suicided, removed,
				   false);
	return board_play_(b, BOARD_BLACK, pt, suicided, removed, false);
}

#endif
