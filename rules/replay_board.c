/*
 * replay_board.c - the replay board (see replay_board.h).
 */
#include <string.h>

#include "replay_board.h"

int
rboard_init(struct rboard *b, int w, int h)
{
	int rc = board_layout(&w, &h, &b->stride, &b->ncells), i, x, y;

	b->w = w;
	b->h = h;
	b->ko = BPT_NONE;
	b->ko_color = 0;
	b->captures[0] = b->captures[1] = b->captures[2] = 0;
	b->key = 0;
	memset(b->col, BOARD_WALL, (size_t)b->ncells);
	memset(b->touched, 0, (size_t)b->ncells);
	for (i = 0; i < b->ncells; i++)
		b->head[i] = (uint16_t)i;
	memset(b->next, 0, (size_t)b->ncells * sizeof(b->next[0]));
	memset(b->plibs, 0, (size_t)b->ncells * sizeof(b->plibs[0]));
	memset(b->nst, 0, (size_t)b->ncells * sizeof(b->nst[0]));
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			b->col[rboard_pt(b, x, y)] = BOARD_EMPTY;
	return rc;
}

void
rboard_copy(struct rboard *dst, const struct rboard *src)
{
	size_t n = (size_t)src->ncells;

	if (dst == src)
		return;
	memcpy(dst, src, offsetof(struct rboard, col));
	memcpy(dst->col, src->col, n);
	memcpy(dst->touched, src->touched, n);
	memcpy(dst->head, src->head, n * sizeof(src->head[0]));
	memcpy(dst->next, src->next, n * sizeof(src->next[0]));
	memcpy(dst->plibs, src->plibs, n * sizeof(src->plibs[0]));
	memcpy(dst->nst, src->nst, n * sizeof(src->nst[0]));
}

void
rboard_pass(struct rboard *b)
{
	b->ko = BPT_NONE;
	b->ko_color = 0;
}

/* ---------------------------------------------------------------------
 * Playing.
 */
int
rboard_remove_(struct rboard *b, int h, bpt *out)
{
	uint16_t *const head = b->head, *const pl = b->plibs;
	const int S = b->stride, color = b->col[h];
	uint64_t key = b->key;
	int n = 0, p = h;

	do {
		int next = b->next[p];
		b->col[p] = BOARD_EMPTY;
		key ^= board_zob_[p][color];
		head[p] = (uint16_t)p;
		/* each stone around gains an incidence; the other cells
		 * credit their own slot, which no one reads */
		pl[head[p - 1]]++;
		pl[head[p + 1]]++;
		pl[head[p - S]]++;
		pl[head[p + S]]++;
		if (out)
			out[n] = (bpt)p;
		n++;
		p = next;
	} while (p != h);
	b->key = key;
	return n;
}

int
rboard_merge_(struct rboard *b, int h1, int h2)
{
	int big = h1, small = h2, p, t;

	/* the smaller chain is relabelled: O(n log n) over a game */
	if (b->nst[h2] > b->nst[h1]) {
		big = h2;
		small = h1;
	}
	p = small;
	do {
		b->head[p] = (uint16_t)big;
		p = b->next[p];
	} while (p != small);
	b->nst[big] = (uint16_t)(b->nst[big] + b->nst[small]);
	b->plibs[big] = (uint16_t)(b->plibs[big] + b->plibs[small]);
	t = b->next[big];
	b->next[big] = b->next[small];
	b->next[small] = (uint16_t)t;
	return big;
}

int
rboard_play_black_(struct rboard *b, int pt, int *suicided, bpt *removed)
{
	return rboard_play_(b, BOARD_BLACK, pt, suicided, removed);
}

int
rboard_play_white_(struct rboard *b, int pt, int *suicided, bpt *removed)
{
	return rboard_play_(b, BOARD_WHITE, pt, suicided, removed);
}

int
rboard_play_suicide_(struct rboard *b, int hd, int *suicided, bpt *removed)
{
	int color = b->col[hd], n = rboard_remove_(b, hd, removed);

	b->captures[BOARD_OPP(color)] += (unsigned)n;
	*suicided = n;
	return 0;
}

/* The slow paths below name the four neighbours one by one: a local
 * array of them, written with one vector store and read back with
 * scalar loads, stalls on store forwarding. */

int
rboard_play_merge_(struct rboard *b, int color, int pt, int h, int *suicided,
		   bpt *removed)
{
	const int S = b->stride;
	int hd = h;

#define MERGE_AT(q)                                                            \
	if (b->col[q] == color && b->head[q] != hd)                            \
		hd = rboard_merge_(b, hd, b->head[q]);
	MERGE_AT(pt - 1)
	MERGE_AT(pt + 1)
	MERGE_AT(pt - S)
	MERGE_AT(pt + S)
	if (!b->plibs[hd])
		return rboard_play_suicide_(b, hd, suicided, removed);
	return 0;
}

int
rboard_play_capture_(struct rboard *b, int color, int pt, int *suicided,
		     bpt *removed)
{
	const int S = b->stride;
	const int opp = BOARD_OPP(color);
	int captured = 0, ncap = 0, capat = 0, lib, h, hd;

	*suicided = 0;
	/* a chain met twice is empty by the second time; the new stone
	 * has no head yet (its own slot, which the removals credit, and
	 * which is set below if it heads a chain) */
#define CAPTURE_AT(q)                                                          \
	if (b->col[q] == opp && !b->plibs[b->head[q]]) {                       \
		capat = b->head[q];                                            \
		captured += rboard_remove_(                                    \
		    b, capat, removed ? removed + captured : NULL);            \
		ncap++;                                                        \
	}
	CAPTURE_AT(pt - 1)
	CAPTURE_AT(pt + 1)
	CAPTURE_AT(pt - S)
	CAPTURE_AT(pt + S)
#undef CAPTURE_AT
	b->captures[color] += (unsigned)captured;
	lib = (b->col[pt - 1] == BOARD_EMPTY) +
	      (b->col[pt + 1] == BOARD_EMPTY) +
	      (b->col[pt - S] == BOARD_EMPTY) + (b->col[pt + S] == BOARD_EMPTY);
	h = b->col[pt - 1] == color   ? b->head[pt - 1]
	    : b->col[pt + 1] == color ? b->head[pt + 1]
	    : b->col[pt - S] == color ? b->head[pt - S]
	    : b->col[pt + S] == color ? b->head[pt + S]
				      : 0;
	if (!h) {
		b->head[pt] = (uint16_t)pt;
		b->next[pt] = (uint16_t)pt;
		b->nst[pt] = 1;
		b->plibs[pt] = (uint16_t)lib;
		hd = pt;
	} else {
		b->head[pt] = (uint16_t)h;
		b->next[pt] = b->next[h];
		b->next[h] = (uint16_t)pt;
		b->nst[h]++;
		b->plibs[h] = (uint16_t)(b->plibs[h] + lib);
		hd = h;
		MERGE_AT(pt - 1)
		MERGE_AT(pt + 1)
		MERGE_AT(pt - S)
		MERGE_AT(pt + S)
	}
	/* a capture leaves the stone a liberty; a lone stone's count of
	 * incidences is its exact number of liberties */
	if (!b->plibs[hd]) {
		rboard_play_suicide_(b, hd, suicided,
				     removed ? removed + captured : NULL);
	} else if (captured == 1 && ncap == 1 && hd == pt &&
		   b->plibs[pt] == 1) {
		b->ko = (bpt)capat;
		b->ko_color = (uint8_t)opp;
	}
	return captured;
}
#undef MERGE_AT

int
rboard_suicide_kind(const struct rboard *b, int color, bpt pt)
{
	const int S = b->stride;
	const int q[4] = {pt - 1, pt + 1, pt - S, pt + S};
	int i, j, f = 0;

	if (rboard_empty_nbr(b, pt))
		return 0;
	for (i = 0; i < 4; i++) {
		int c = b->col[q[i]], h = b->head[q[i]], k = 0;
		if (c == BOARD_WALL)
			continue;
		/* the chain's incidences at pt: the rest are elsewhere */
		for (j = 0; j < 4; j++)
			k += b->col[q[j]] == c && b->head[q[j]] == h;
		if (c == color) {
			if (b->plibs[h] > k)
				return 0; /* a friend with another liberty */
			f = 1;
		} else if (b->plibs[h] == k) {
			return 0; /* an enemy whose last liberty is pt */
		}
	}
	return f ? 2 : 1;
}

/* ---------------------------------------------------------------------
 * Setup and undo.
 */
void
rboard_put(struct rboard *b, bpt pt, int color)
{
	if (pt <= 0 || pt >= b->ncells || b->col[pt] == BOARD_WALL ||
	    color < BOARD_EMPTY || color > BOARD_WHITE)
		return;
	b->col[pt] = (uint8_t)color;
	if (color != BOARD_EMPTY)
		b->touched[pt] = 1;
}

/* Find the chain through the stone q again by flood fill: head q,
 * list, size and pseudo-liberties.  seen[] stamps its stones with
 * gen. */
static void
refill(struct rboard *b, int q, uint32_t *seen, uint32_t gen)
{
	const int S = b->stride, color = b->col[q];
	const int off[4] = {-1, 1, -S, S};
	bpt stack[BOARD_ARR];
	int sp = 0, nst = 0, libs = 0, prev = q, k;

	seen[q] = gen;
	stack[sp++] = (bpt)q;
	while (sp) {
		int p = stack[--sp];
		b->head[p] = (uint16_t)q;
		if (p != q) {
			b->next[prev] = (uint16_t)p;
			prev = p;
		}
		nst++;
		for (k = 0; k < 4; k++) {
			int r = p + off[k], cr = b->col[r];
			if (cr == color && seen[r] != gen) {
				seen[r] = gen;
				stack[sp++] = (bpt)r;
			}
			libs += cr == BOARD_EMPTY;
		}
	}
	b->next[prev] = (uint16_t)q;
	b->nst[q] = (uint16_t)nst;
	b->plibs[q] = (uint16_t)libs;
}

/* Stamps of refill(), per thread: a new generation per call forgets
 * the last call's in O(1). */
static _Thread_local uint32_t seen_[BOARD_ARR], gen_;

static uint32_t
next_gen(void)
{
	if (++gen_ == 0) { /* wrapped: forget every stamp */
		memset(seen_, 0, sizeof(seen_));
		gen_ = 1;
	}
	return gen_;
}

/* Rebuild chains and key from the colours. */
static void
rebuild(struct rboard *b)
{
	uint32_t gen = next_gen();
	int i;

	b->key = 0;
	for (i = 0; i < b->ncells; i++) {
		int c = b->col[i];
		if (c != BOARD_BLACK && c != BOARD_WHITE) {
			b->head[i] = (uint16_t)i;
			continue;
		}
		b->key ^= board_zob_[i][c];
	}
	for (i = 0; i < b->ncells; i++) {
		int c = b->col[i];
		if ((c == BOARD_BLACK || c == BOARD_WHITE) && seen_[i] != gen)
			refill(b, i, seen_, gen);
	}
}

int
rboard_setup_done(struct rboard *b)
{
	bpt dead[BOARD_ARR];
	int nd = 0, i, removed = 0;

	rebuild(b);
	/* every chain without liberty goes, both colours at once */
	for (i = 0; i < b->ncells; i++) {
		int c = b->col[i];
		if ((c == BOARD_BLACK || c == BOARD_WHITE) && b->head[i] == i &&
		    !b->plibs[i])
			dead[nd++] = (bpt)i;
	}
	for (i = 0; i < nd; i++)
		removed += rboard_remove_(b, dead[i], NULL);
	b->ko = BPT_NONE;
	b->ko_color = 0;
	return removed;
}

void
rboard_untouch(struct rboard *b)
{
	int i;

	for (i = 0; i < b->ncells; i++)
		b->touched[i] =
		    b->col[i] == BOARD_BLACK || b->col[i] == BOARD_WHITE;
}

void
rboard_recolor(struct rboard *b, const bpt *pts, const uint8_t *colors, int n)
{
	const int S = b->stride;
	const int off[5] = {0, -1, 1, -S, S};
	uint32_t gen;
	int i, j;

	if (n <= 0)
		return;
	for (i = 0; i < n; i++) {
		int p = pts[i], old = b->col[p], c = colors[i];
		if (old == c)
			continue;
		b->key ^= board_zob_[p][old] ^ board_zob_[p][c];
		b->col[p] = (uint8_t)c;
		if (c == BOARD_EMPTY)
			b->head[p] = (uint16_t)p;
	}
	/* the chains through the points and their neighbours: any chain
	 * whose stones or liberties changed is one of them */
	gen = next_gen();
	for (i = 0; i < n; i++)
		for (j = 0; j < 5; j++) {
			int q = pts[i] + off[j], c = b->col[q];
			if ((c == BOARD_BLACK || c == BOARD_WHITE) &&
			    seen_[q] != gen)
				refill(b, q, seen_, gen);
		}
}

int
rboard_check_consistency(const struct rboard *b)
{
	static _Thread_local struct rboard ref;
	int i;

	rboard_copy(&ref, b);
	rebuild(&ref);
	if (ref.key != b->key)
		return 1;
	for (i = 0; i < b->ncells; i++) {
		int c = b->col[i], h = b->head[i];
		if (c != BOARD_BLACK && c != BOARD_WHITE) {
			if (h != i)
				return 2;
			continue;
		}
		/* same partition: heads may differ, sizes and counts not */
		if (h <= 0 || h >= b->ncells || b->col[h] != c)
			return 3;
		if (b->nst[h] != ref.nst[ref.head[i]])
			return 4;
		if (b->plibs[h] != ref.plibs[ref.head[i]])
			return 5;
		if (b->head[b->next[i]] != h)
			return 6;
		if ((b->col[i - 1] == c) != (b->head[i - 1] == h))
			return 7;
		if ((b->col[i - b->stride] == c) !=
		    (b->head[i - b->stride] == h))
			return 7;
	}
	/* every chain's circular list has nst members */
	for (i = 0; i < b->ncells; i++) {
		int c = b->col[i], cnt = 0, p = i;
		if ((c != BOARD_BLACK && c != BOARD_WHITE) || b->head[i] != i)
			continue;
		do {
			if (b->head[p] != i)
				return 8;
			p = b->next[p];
			if (++cnt > b->nst[i])
				return 9;
		} while (p != i);
		if (cnt != b->nst[i])
			return 9;
	}
	return 0;
}
