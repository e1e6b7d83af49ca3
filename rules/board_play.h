/*
 * board_play.h - the play of board.h, inline: private to rules/ (the
 * board's own file and the tests that hold it to board_play()).
 * board.h's board_play() and board_play_rec() are this code.
 */
#ifndef RULES_BOARD_PLAY_H
#define RULES_BOARD_PLAY_H

#include "board.h"

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
