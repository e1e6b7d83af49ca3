/*
 * board.c - the fast Go board (see board.h and ../shared/docs/BOARD.md).
 */
#include <stddef.h>
#include <string.h>

#include "board_play.h"

/* ---------------------------------------------------------------------
 * Small helpers.
 */
#define NBR_ONE(color) BOARD_NBR_ONE_(color)

static inline void
empty_add(struct board *b, bpt pt)
{
	b->c[pt].empty_at = (int16_t)b->nempty;
	b->empty[b->nempty++] = pt;
}

/* ---------------------------------------------------------------------
 * Setting up.
 */
int
board_init(struct board *b, int w, int h)
{
	int rc = board_layout(&w, &h, &b->stride, &b->ncells), i, x, y;

	b->w = w;
	b->h = h;
	b->ko = BPT_NONE;
	b->ko_color = 0;
	b->captures[0] = b->captures[1] = b->captures[2] = 0;
	b->key = 0;
	b->nempty = 0;
	b->empty_stale = false;
	/* an empty board, built directly (no flood fill): walls
	 * everywhere, then the points with their neighbour counts */
	memset(b->c, 0, (size_t)b->ncells * sizeof(b->c[0]));
	memset(b->col, BOARD_WALL, (size_t)b->ncells);
	for (i = 0; i < b->ncells; i++)
		b->c[i].color = BOARD_WALL;
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			bpt pt = board_pt(b, x, y);
			int walls =
			    (x == 0) + (x == w - 1) + (y == 0) + (y == h - 1);
			b->c[pt].color = BOARD_EMPTY;
			b->c[pt].nbr =
			    (uint16_t)(NBR_ONE(BOARD_WALL) * walls +
				       NBR_ONE(BOARD_EMPTY) * (4 - walls));
			b->col[pt] = BOARD_EMPTY;
			empty_add(b, pt);
		}
	return rc;
}

void
board_copy(struct board *dst, const struct board *src)
{
	if (dst == src)
		return;
	memcpy(dst, src, offsetof(struct board, col));
	memcpy(dst->col, src->col, (size_t)src->ncells);
	memcpy(dst->c, src->c, (size_t)src->ncells * sizeof(src->c[0]));
	if (!src->empty_stale)
		memcpy(dst->empty, src->empty,
		       (size_t)src->nempty * sizeof(src->empty[0]));
}

void
board_untouch(struct board *b)
{
	int i;

	for (i = 0; i < b->ncells; i++) {
		int c = b->c[i].color;
		if (c == BOARD_BLACK || c == BOARD_WHITE)
			b->c[i].flags |= BOARD_F_TOUCHED;
		else
			b->c[i].flags &= (uint8_t)~BOARD_F_TOUCHED;
	}
}

void
board_rebuild(struct board *b)
{
	int i, s = b->stride;
	bpt stack[BOARD_ARR];

	b->key = 0;
	b->nempty = 0;
	b->empty_stale = false;
	/* colours, neighbour counts, key, empty list */
	for (i = 0; i < b->ncells; i++) {
		struct board_cell *c = &b->c[i];
		c->nbr = 0;
		c->head = 0;
		c->next = 0;
		c->nstones = 0;
		c->nlibs = 0;
		b->col[i] = c->color;
		if (c->color == BOARD_WALL)
			continue;
		b->key ^= board_zob_[i][c->color];
		if (c->color == BOARD_EMPTY)
			empty_add(b, (bpt)i);
	}
	for (i = 0; i < b->ncells; i++) {
		if (b->c[i].color == BOARD_WALL)
			continue;
		b->c[i].nbr = (uint16_t)(NBR_ONE(b->c[i - 1].color) +
					 NBR_ONE(b->c[i + 1].color) +
					 NBR_ONE(b->c[i - s].color) +
					 NBR_ONE(b->c[i + s].color));
	}
	/* chains by flood fill; head = first stone found */
	for (i = 0; i < b->ncells; i++) {
		int color = b->c[i].color, sp = 0, n = 0, libs = 0;
		bpt prev;

		if ((color != BOARD_BLACK && color != BOARD_WHITE) ||
		    b->c[i].head)
			continue;
		stack[sp++] = (bpt)i;
		b->c[i].head = (bpt)i;
		prev = (bpt)i;
		while (sp) {
			bpt p = stack[--sp];
			bpt nb[4] = {(bpt)(p - 1), (bpt)(p + 1), (bpt)(p - s),
				     (bpt)(p + s)};
			int k;

			n++;
			if (p != i) {
				b->c[prev].next = p;
				prev = p;
			}
			for (k = 0; k < 4; k++) {
				bpt q = nb[k];
				if (b->c[q].color == color && !b->c[q].head) {
					b->c[q].head = (bpt)i;
					stack[sp++] = q;
				}
			}
		}
		b->c[prev].next = (bpt)i;
		/* count distinct liberties */
		{
			bpt p = (bpt)i;
			do {
				bpt nb[4] = {(bpt)(p - 1), (bpt)(p + 1),
					     (bpt)(p - s), (bpt)(p + s)};
				int k;
				for (k = 0; k < 4; k++) {
					bpt q = nb[k];
					if (b->c[q].color != BOARD_EMPTY)
						continue;
					/* count q once: only from its first
					 * chain neighbour in a fixed order */
					{
						bpt r[4] = {
						    (bpt)(q - 1), (bpt)(q + 1),
						    (bpt)(q - s), (bpt)(q + s)};
						int j;
						for (j = 0; j < 4; j++)
							if (b->c[r[j]].color ==
								color &&
							    b->c[r[j]].head ==
								i)
								break;
						if (r[j] == p)
							libs++;
					}
				}
				p = b->c[p].next;
			} while (p != i);
		}
		b->c[i].nstones = (uint16_t)n;
		b->c[i].nlibs = (uint16_t)libs;
	}
}

void
board_recolor(struct board *b, const bpt *pts, const uint8_t *colors, int n)
{
	/* stamps: a stone already given its chain in this call, and a
	 * liberty already counted for the chain being filled */
	static _Thread_local uint32_t seen[BOARD_ARR], libmark[BOARD_ARR];
	static _Thread_local uint32_t gen, lgen;
	struct board_cell *const cell = b->c;
	const int S = b->stride;
	const int off[4] = {-1, 1, -S, S};
	bpt stack[BOARD_ARR];
	int i, k;

	if (n <= 0)
		return;
	if (++gen == 0) { /* wrapped: forget every stamp */
		memset(seen, 0, sizeof(seen));
		gen = 1;
	}
	/* colours, key, count of empty points, neighbour counts */
	for (i = 0; i < n; i++) {
		int p = pts[i], old = cell[p].color, c = colors[i];
		uint16_t d = (uint16_t)(NBR_ONE(c) - NBR_ONE(old));
		if (old == c)
			continue;
		b->key ^= board_zob_[p][old] ^ board_zob_[p][c];
		b->nempty += (c == BOARD_EMPTY) - (old == BOARD_EMPTY);
		cell[p].color = (uint8_t)c;
		b->col[p] = (uint8_t)c;
		for (k = 0; k < 4; k++)
			cell[p + off[k]].nbr =
			    (uint16_t)(cell[p + off[k]].nbr + d);
		if (c == BOARD_EMPTY) {
			cell[p].head = 0;
			cell[p].next = 0;
		}
	}
	b->empty_stale = true;
	/* the chains through the points and their neighbours */
	for (i = 0; i < n; i++) {
		int j;
		for (j = -1; j < 4; j++) {
			int q = pts[i] + (j < 0 ? 0 : off[j]),
			    color = cell[q].color;
			int sp = 0, nst = 0, libs = 0, prev = q;
			if ((color != BOARD_BLACK && color != BOARD_WHITE) ||
			    seen[q] == gen)
				continue;
			if (++lgen == 0) {
				memset(libmark, 0, sizeof(libmark));
				lgen = 1;
			}
			seen[q] = gen;
			stack[sp++] = (bpt)q;
			while (sp) {
				int p = stack[--sp];
				cell[p].head = (bpt)q;
				if (p != q) {
					cell[prev].next = (bpt)p;
					prev = p;
				}
				nst++;
				for (k = 0; k < 4; k++) {
					int r = p + off[k];
					int cr = cell[r].color;
					if (cr == color && seen[r] != gen) {
						seen[r] = gen;
						stack[sp++] = (bpt)r;
					} else if (cr == BOARD_EMPTY &&
						   libmark[r] != lgen) {
						libmark[r] = lgen;
						libs++;
					}
				}
			}
			cell[prev].next = (bpt)q;
			cell[q].nstones = (uint16_t)nst;
			cell[q].nlibs = (uint16_t)libs;
		}
	}
}

void
board_put(struct board *b, bpt pt, int color)
{
	if (!board_on(b, pt) || color < BOARD_EMPTY || color > BOARD_WHITE)
		return;
	b->c[pt].color = (uint8_t)color;
	b->col[pt] = (uint8_t)color;
	if (color != BOARD_EMPTY)
		b->c[pt].flags |= BOARD_F_TOUCHED;
}

/* Remove the chain through pt: every stone becomes empty and gives one
 * liberty to each distinct adjacent chain.  Returns the stones removed;
 * their points go to out[] if out is not NULL. */
int
board_remove_chain_(struct board *b, bpt pt, bpt *out)
{
	struct board_cell *const cell = b->c;
	const ptrdiff_t S = b->stride;
	const int color = cell[pt].color;
	const uint16_t d = (uint16_t)(NBR_ONE(BOARD_EMPTY) - NBR_ONE(color));
	uint64_t key = b->key;
	int n = 0, p = pt;

	do {
		struct board_cell *c = &cell[p];
		int next = c->next;
		bpt h0 = 0, h1 = 0, h2 = 0, h;

		c->color = BOARD_EMPTY;
		c[-1].nbr += d;
		c[1].nbr += d;
		c[-S].nbr += d;
		c[S].nbr += d;
		key ^= board_zob_[p][color];
		b->col[p] = BOARD_EMPTY;
		if (!b->empty_stale) {
			c->empty_at = (int16_t)b->nempty;
			b->empty[b->nempty] = (bpt)p;
		}
		b->nempty++;
		c->head = 0;
		c->next = 0;
		if (out)
			out[n] = (bpt)p;
		n++;
		/* each distinct chain around gains the point; a stone of
		 * the removed chain has head 0 by now or head pt, which
		 * gains nothing that counts (it is removed too) */
		if ((h = c[-1].head) != 0) {
			cell[h].nlibs++;
			h0 = h;
		}
		if ((h = c[1].head) != 0 && h != h0) {
			cell[h].nlibs++;
			h1 = h;
		}
		if ((h = c[-S].head) != 0 && h != h0 && h != h1) {
			cell[h].nlibs++;
			h2 = h;
		}
		if ((h = c[S].head) != 0 && h != h0 && h != h1 && h != h2)
			cell[h].nlibs++;
		p = next;
	} while (p != pt);
	b->key = key;
	return n;
}

int
board_setup_done(struct board *b)
{
	bpt dead[BOARD_ARR];
	int nd = 0, i, removed = 0;

	board_rebuild(b);
	for (i = 0; i < b->ncells; i++) {
		int c = b->c[i].color;
		if ((c == BOARD_BLACK || c == BOARD_WHITE) &&
		    b->c[i].head == i && b->c[i].nlibs == 0)
			dead[nd++] = (bpt)i;
	}
	for (i = 0; i < nd; i++)
		removed += board_remove_chain_(b, dead[i], NULL);
	b->ko = BPT_NONE;
	b->ko_color = 0;
	return removed;
}

/* ---------------------------------------------------------------------
 * Legality.
 */
static uint64_t
chain_key(const struct board *b, bpt pt)
{
	uint64_t k = 0;
	bpt p = pt;
	int color = b->c[pt].color;

	do {
		k ^= board_zob_[p][color];
		p = b->c[p].next;
	} while (p != pt);
	return k;
}

uint64_t
board_key_after(const struct board *b, int color, bpt pt)
{
	int s = b->stride, k, j, nh = 0;
	bpt nb[4] = {(bpt)(pt - 1), (bpt)(pt + 1), (bpt)(pt - s),
		     (bpt)(pt + s)};
	bpt heads[4];
	uint64_t key = b->key ^ board_zob_[pt][color];
	bool captures = false;

	for (k = 0; k < 4; k++) {
		int c = b->c[nb[k]].color;
		bpt h;
		if (c != BOARD_OPP(color))
			continue;
		h = b->c[nb[k]].head;
		if (b->c[h].nlibs != 1)
			continue;
		for (j = 0; j < nh; j++)
			if (heads[j] == h)
				break;
		if (j < nh)
			continue;
		heads[nh++] = h;
		key ^= chain_key(b, h);
		captures = true;
	}
	if (!captures && board_suicide_kind(b, color, pt)) {
		/* own chain removed: the new stone and every friendly
		 * chain in atari around it */
		key ^= board_zob_[pt][color];
		nh = 0;
		for (k = 0; k < 4; k++) {
			bpt h;
			if (b->c[nb[k]].color != color)
				continue;
			h = b->c[nb[k]].head;
			for (j = 0; j < nh; j++)
				if (heads[j] == h)
					break;
			if (j < nh)
				continue;
			heads[nh++] = h;
			key ^= chain_key(b, h);
		}
	}
	return key;
}

/* ---------------------------------------------------------------------
 * Playing.  Internally points are ints and neighbours are reached
 * through a cell pointer, which spares the sign extensions of bpt
 * arithmetic on the hot path.
 */

/* Is the empty point e a liberty of the chain h? */
static inline bool
lib_of(const struct board_cell *e, ptrdiff_t S, int h)
{
	return e[-1].head == h || e[1].head == h || e[-S].head == h ||
	       e[S].head == h;
}

/* Merge the chains with heads h1 and h2 (distinct, same colour); returns
 * the head of the result.  The smaller chain joins the larger one: its
 * stones take the new head as they are walked, so a liberty it shares
 * with itself is counted once, and one it shares with the larger chain
 * not at all. */
int
board_merge_(struct board *b, int h1, int h2)
{
	struct board_cell *const cell = b->c;
	const ptrdiff_t S = b->stride;
	int big = h1, small = h2, p, t, add = 0;

	if (cell[h2].nstones > cell[h1].nstones) {
		big = h2;
		small = h1;
	}
	p = small;
	do {
		struct board_cell *c = &cell[p];
		if (c->nbr & 15) { /* some empty neighbour */
			add += c[-1].color == BOARD_EMPTY &&
			       !lib_of(c - 1, S, big);
			add +=
			    c[1].color == BOARD_EMPTY && !lib_of(c + 1, S, big);
			add += c[-S].color == BOARD_EMPTY &&
			       !lib_of(c - S, S, big);
			add +=
			    c[S].color == BOARD_EMPTY && !lib_of(c + S, S, big);
		}
		c->head = (bpt)big;
		p = c->next;
	} while (p != small);
	cell[big].nstones = (uint16_t)(cell[big].nstones + cell[small].nstones);
	cell[big].nlibs = (uint16_t)(cell[big].nlibs + add);
	/* splice the two circular lists */
	t = cell[big].next;
	cell[big].next = cell[small].next;
	cell[small].next = (bpt)t;
	return big;
}

/* board.h's inline play, with the colour a constant: the masks and
 * offsets that depend on it fold away. */
int
board_play(struct board *b, int color, bpt pt, int *suicided)
{
	if (color == BOARD_WHITE)
		return board_play_(b, BOARD_WHITE, pt, suicided, NULL, true);
	return board_play_(b, BOARD_BLACK, pt, suicided, NULL, true);
}

int
board_play_rec(struct board *b, int color, bpt pt, int *suicided, bpt *removed)
{
	if (color == BOARD_WHITE)
		return board_play_(b, BOARD_WHITE, pt, suicided, removed, true);
	return board_play_(b, BOARD_BLACK, pt, suicided, removed, true);
}

void
board_pass(struct board *b)
{
	b->ko = BPT_NONE;
	b->ko_color = 0;
}

/* ---------------------------------------------------------------------
 * Consistency check (tests): recompute from colours and compare.
 */
int
board_check_consistency(const struct board *b)
{
	static _Thread_local struct board ref;
	int i, n = 0;

	board_copy(&ref, b);
	board_rebuild(&ref);
	if (ref.key != b->key)
		return 1;
	if (ref.nempty != b->nempty)
		return 2;
	for (i = 0; i < b->ncells; i++) {
		const struct board_cell *c = &b->c[i], *r = &ref.c[i];
		if (b->col[i] != c->color)
			return 3;
		if (c->color != r->color)
			return 4;
		if (c->color == BOARD_WALL)
			continue;
		if (c->nbr != r->nbr)
			return 5;
		if (c->color == BOARD_EMPTY) {
			if (!b->empty_stale &&
			    (c->empty_at < 0 || c->empty_at >= b->nempty ||
			     b->empty[c->empty_at] != i))
				return 6;
			n++;
			continue;
		}
		/* same partition: heads may differ, sizes and libs not */
		if (b->c[c->head].color != c->color)
			return 7;
		if (b->c[c->head].nstones != ref.c[r->head].nstones)
			return 8;
		if (b->c[c->head].nlibs != ref.c[r->head].nlibs)
			return 9;
		if (b->c[c->next].head != c->head)
			return 10;
		if (b->c[i - 1].color == c->color &&
		    b->c[i - 1].head != c->head)
			return 11;
		if (b->c[i - b->stride].color == c->color &&
		    b->c[i - b->stride].head != c->head)
			return 11;
	}
	if (n != b->nempty)
		return 12;
	/* every chain's circular list has nstones members */
	for (i = 0; i < b->ncells; i++) {
		const struct board_cell *c = &b->c[i];
		int cnt = 0;
		bpt p;
		if ((c->color != BOARD_BLACK && c->color != BOARD_WHITE) ||
		    c->head != i)
			continue;
		p = (bpt)i;
		do {
			if (b->c[p].head != i)
				return 13;
			p = b->c[p].next;
			if (++cnt > b->c[i].nstones)
				return 14;
		} while (p != i);
		if (cnt != c->nstones)
			return 14;
	}
	return 0;
}
