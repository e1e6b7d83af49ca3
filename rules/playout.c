/*
 * playout.c - light Monte Carlo playouts for dead-stone estimation.
 */
#include <string.h>

#include "playout.h"

/* Chains in atari at the start that the playouts watch. */
#define ATARI_MAX 16
/* The largest killing shape (rabbity six). */
#define PLAYOUT_NAKADE_MAX 6
/* Each rule of the policy below may be turned off at build time (0),
 * so that what it earns is measured on the folds like any new rule
 * (tests/corpus/ablate.py): the vital point after a capture,
 * playing into false eyes, refusing self-atari, capturing and extending
 * after the last move, capturing the chains in atari at the start,
 * answering the record's last atari, and the uniform random move. */
#ifndef PLAYOUT_NAKADE
#define PLAYOUT_NAKADE 1
#endif
#ifndef PLAYOUT_FALSE_EYES
#define PLAYOUT_FALSE_EYES 1
#endif
#ifndef PLAYOUT_SELF_ATARI
#define PLAYOUT_SELF_ATARI 1
#endif
#ifndef PLAYOUT_CAPTURE
#define PLAYOUT_CAPTURE 1
#endif
#ifndef PLAYOUT_ATARI_START
#define PLAYOUT_ATARI_START 1
#endif
#ifndef PLAYOUT_ANSWER
#define PLAYOUT_ANSWER 1
#endif
/* 0: the random move is the first acceptable point from a random place
 * in the list of empty points (the choice before 2026-11-29). */
#ifndef PLAYOUT_UNIFORM
#define PLAYOUT_UNIFORM 1
#endif

static inline uint64_t
rnd(uint64_t *s)
{
	/* xorshift64*: small, fast and the same everywhere */
	uint64_t x = *s;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545F4914F6CDD1DULL;
}

/* A number in [0, n), n > 0: the high 32 bits scaled without a
 * division. */
static inline int
draw(uint64_t *s, int n)
{
	return (int)(((rnd(s) >> 32) * (uint64_t)n) >> 32);
}

/* Liberties (capped at 2) the chain of `color` would have after playing
 * the empty point pt; 2 when the move captures something. */
static int
libs_after(const struct board *b, int color, bpt pt)
{
	bpt nb[4] = {pt - 1, pt + 1, pt - b->stride, pt + b->stride};
	bpt found[2] = {0, 0};
	int nf = 0;
	for (int i = 0; i < 4; i++) {
		bpt q = nb[i];
		int c = board_color(b, q);
		if (c == BOARD_EMPTY) {
			if (nf == 0 || found[0] != q)
				found[nf++] = q;
			if (nf >= 2)
				return 2;
		} else if (c == BOARD_OPP(color) && board_libs(b, q) == 1) {
			return 2;
		}
	}
	bpt walked[4];
	int nw = 0;
	for (int i = 0; i < 4; i++) {
		bpt q = nb[i];
		if (board_color(b, q) != color)
			continue;
		/* a chain with 3+ liberties keeps 2 after losing pt; one
		 * with pt as its only liberty brings none, and a chain met
		 * twice brings nothing new: neither is walked */
		int libs = board_libs(b, q);
		if (libs >= 3)
			return 2;
		bpt hd = board_head(b, q);
		int seen = libs < 2;
		for (int k = 0; k < nw; k++)
			seen |= walked[k] == hd;
		if (seen)
			continue;
		walked[nw++] = hd;
		bpt s = q;
		do {
			bpt nb2[4] = {s - 1, s + 1, s - b->stride,
				      s + b->stride};
			for (int j = 0; j < 4; j++) {
				bpt l = nb2[j];
				if (l == pt || board_color(b, l) != BOARD_EMPTY)
					continue;
				if (nf == 0 || found[0] != l)
					found[nf++] = l;
				if (nf >= 2)
					return 2;
			}
			s = board_next(b, s);
		} while (s != q);
	}
	return nf;
}

/* The liberty of the chain through pt, which has exactly one. */
static bpt
last_liberty(const struct board *b, bpt pt)
{
	bpt l;
	return board_chain_libs(b, pt, &l, 1) ? l : BPT_NONE;
}

/* The vital point of a small region of empty points (just emptied by a
 * capture), or BPT_NONE: the killing shapes of LIFEDEATH.md, told by
 * their number of points n, of adjacencies e and the degree of their
 * best-connected point: straight or bent three (n 3, its middle),
 * pyramid four (n 4, a point of degree 3), crossed five (n 5, degree
 * 4), bulky five (n 5, e 5: a square and one point; its point of
 * degree 3) and rabbity six (n 6, e 6, degree 4).  Whoever plays it
 * first decides whether the region makes one eye or two (nakade). */
static bpt
nakade_point(const struct board *b, const bpt *pts, int n)
{
	int deg[PLAYOUT_NAKADE_MAX], best = -1, nmax = 0, e = 0;
	if (n < 3 || n > PLAYOUT_NAKADE_MAX)
		return BPT_NONE;
	for (int i = 0; i < n; i++) {
		deg[i] = 0;
		for (int j = 0; j < n; j++) {
			int d = pts[i] - pts[j];
			if (d == 1 || d == -1 || d == b->stride ||
			    d == -b->stride)
				deg[i]++;
		}
		e += deg[i];
		if (best < 0 || deg[i] > deg[best]) {
			best = i;
			nmax = 1;
		} else if (deg[i] == deg[best]) {
			nmax++;
		}
	}
	e /= 2;
	if (nmax != 1)
		return BPT_NONE;
	if (e == n - 1 && deg[best] == n - 1 && n <= 5)
		return pts[best]; /* three, pyramid four, crossed five */
	if ((n == 5 && e == 5 && deg[best] == 3) ||
	    (n == 6 && e == 6 && deg[best] == 4))
		return pts[best]; /* bulky five, rabbity six */
	return BPT_NONE;
}

/* An eye-like point of `color` that is false: opponent stones on two of
 * its diagonals, or on one at the edge.  It is no eye, and filling it
 * may be the only way to join a chain to the others (a group that
 * looks like a seki is then killed). */
static bool
false_eye(const struct board *b, bpt pt, int color)
{
	const int s = b->stride, opc = BOARD_OPP(color);
	const int c0 = board_color(b, pt - s - 1),
		  c1 = board_color(b, pt - s + 1);
	const int c2 = board_color(b, pt + s - 1),
		  c3 = board_color(b, pt + s + 1);
	int opp = (c0 == opc) + (c1 == opc) + (c2 == opc) + (c3 == opc);
	int edge = (c0 == BOARD_WALL) | (c1 == BOARD_WALL) |
		   (c2 == BOARD_WALL) | (c3 == BOARD_WALL);
	return opp >= (edge ? 1 : 2);
}

/* Is the empty point pt (one of the board's empty points) a move the
 * random policy may play? */
static bool
acceptable(const struct board *b, int color, bpt pt, const uint8_t *forbid)
{
	if (forbid && forbid[pt])
		return false;
	if (board_is_eyelike(b, pt, color) &&
	    !(PLAYOUT_FALSE_EYES && false_eye(b, pt, color)))
		return false;
	/* With an empty neighbour a move is never suicide, and never a ko
	 * recapture (the ko point is enclosed by the capturing side). */
	if (board_nbr_count(b, pt, BOARD_EMPTY) == 0 &&
	    board_legal(b, color, pt, false) != BOARD_OK)
		return false;
	/* Self-atari of a chain of two or more stones is refused, so that
	 * seki survives (allowing small sacrifices for nakade was tried and
	 * lost more seki than it won kills).  A move with no stone of its
	 * own colour beside it makes a lone stone: no need to count. */
	return !PLAYOUT_SELF_ATARI || board_nbr_count(b, pt, color) == 0 ||
	       libs_after(b, color, pt) >= 2;
}

/* A capture of an opponent chain the last move left in atari (the
 * last move's own chain or its neighbours), or BPT_NONE. */
static bpt
capture_move(const struct board *b, int color, bpt last, const uint8_t *forbid)
{
	if (last <= BPT_PASS)
		return BPT_NONE;
	bpt nb[5] = {last, last - 1, last + 1, last - b->stride,
		     last + b->stride};
	for (int i = 0; i < 5; i++) {
		bpt q = nb[i];
		if (board_color(b, q) != BOARD_OPP(color) ||
		    board_libs(b, q) != 1)
			continue;
		bpt l = last_liberty(b, q);
		if (l != BPT_NONE &&
		    board_legal(b, color, l, false) == BOARD_OK)
			return l;
	}
	/* own chain next to the last move in atari: extend if it helps */
	for (int i = 1; i < 5; i++) {
		bpt q = nb[i];
		if (board_color(b, q) != color || board_libs(b, q) != 1)
			continue;
		bpt l = last_liberty(b, q);
		if (l != BPT_NONE && !(forbid && forbid[l]) &&
		    board_legal(b, color, l, false) == BOARD_OK &&
		    libs_after(b, color, l) >= 2)
			return l;
	}
	return BPT_NONE;
}

/* A stone of each chain in atari on b (at most n of them); returns how
 * many. */
static int
atari_chains(const struct board *b, bpt *out, int n)
{
	int k = 0;
	for (int y = 0; y < b->h && k < n; y++)
		for (int x = 0; x < b->w && k < n; x++) {
			bpt p = board_pt(b, x, y);
			int c = board_color(b, p);
			if ((c == BOARD_BLACK || c == BOARD_WHITE) &&
			    board_head(b, p) == p && board_libs(b, p) == 1)
				out[k++] = p;
		}
	return k;
}

/* The capture of the largest opponent chain, among those through the
 * stones of list[], that is (still) in atari, or BPT_NONE: a player
 * does not leave such a chain to random play. */
static bpt
atari_capture(const struct board *b, int color, const bpt *list, int n)
{
	bpt best = BPT_NONE;
	int most = 0;
	for (int i = 0; i < n; i++) {
		bpt q = list[i];
		if (board_color(b, q) != BOARD_OPP(color) ||
		    board_libs(b, q) != 1 || board_stones(b, q) <= most)
			continue;
		bpt l = last_liberty(b, q);
		if (l != BPT_NONE &&
		    board_legal(b, color, l, false) == BOARD_OK) {
			best = l;
			most = board_stones(b, q);
		}
	}
	return best;
}

/* A point drawn uniformly from the empty points that acceptable()
 * allows `color`, or BPT_NONE when there is none.
 *
 * Why not the first acceptable point from a random place in the list:
 * near the end of a game most empty points are refused (eyes, self-
 * atari), and that scan picks the point after a long run of refused
 * ones far more often than the others.  Which point follows which run
 * is an accident of the list's order, so a group's fate could turn
 * with the board's orientation, whatever the seed.  Drawing without
 * replacement gives every acceptable point the same chance, tests no
 * point twice and costs no more (callgrind, 40 OGS games: 1% fewer
 * instructions). */
static bpt
random_move(const struct board *b, int color, uint64_t *rs,
	    const uint8_t *forbid)
{
	int n = board_nempty(b);
	if (!PLAYOUT_UNIFORM) {
		int start = n > 0 ? (int)(rnd(rs) % (uint64_t)n) : 0;
		for (int k = 0; k < n; k++) {
			bpt q = board_empty_at(b, (start + k) % n);
			if (acceptable(b, color, q, forbid))
				return q;
		}
		return BPT_NONE;
	}
	bpt left[BOARD_ARR]; /* the points not drawn yet */
	for (int i = 0; i < n; i++)
		left[i] = board_empty_at(b, i);
	while (n > 0) {
		int i = draw(rs, n);
		bpt q = left[i];
		if (acceptable(b, color, q, forbid))
			return q;
		left[i] = left[--n];
	}
	return BPT_NONE;
}

static void
one_playout(struct board *b, int color, uint64_t *rs, const uint8_t *forbid,
	    const bpt *atari, int natari)
{
	int maxmoves = 3 * b->w * b->h, passes = 0;
	bpt last = BPT_NONE, capd[PLAYOUT_NAKADE_MAX + 2];
	int ncapd = 0;
	for (int m = 0; m < maxmoves && passes < 2; m++) {
		bpt mv = BPT_NONE;
		if (PLAYOUT_NAKADE && ncapd) {
			mv = nakade_point(b, capd, ncapd);
			if (mv != BPT_NONE &&
			    (board_color(b, mv) != BOARD_EMPTY ||
			     board_legal(b, color, mv, false) != BOARD_OK))
				mv = BPT_NONE;
		}
		if (PLAYOUT_CAPTURE && mv == BPT_NONE)
			mv = capture_move(b, color, last, forbid);
		if (PLAYOUT_ATARI_START && mv == BPT_NONE)
			mv = atari_capture(b, color, atari, natari);
		if (mv == BPT_NONE)
			mv = random_move(b, color, rs, forbid);
		if (mv == BPT_NONE) {
			board_pass(b);
			ncapd = 0;
			passes++;
			last = BPT_PASS;
		} else {
			/* stones about to be captured: a small chain in atari
			 * next to mv */
			bpt nb[4] = {mv - 1, mv + 1, mv - b->stride,
				     mv + b->stride};
			ncapd = 0;
			for (int i = 0; i < 4; i++) {
				bpt q = nb[i];
				if (board_color(b, q) != BOARD_OPP(color) ||
				    board_libs(b, q) != 1)
					continue;
				if (board_stones(b, q) + ncapd >
				    PLAYOUT_NAKADE_MAX) {
					ncapd = PLAYOUT_NAKADE_MAX + 1;
					break;
				}
				bpt sq = q;
				int dup = 0;
				for (int k = 0; k < ncapd; k++)
					dup |= capd[k] == q;
				if (dup)
					continue;
				do {
					capd[ncapd++] = sq;
					sq = board_next(b, sq);
				} while (sq != q);
			}
			if (ncapd > PLAYOUT_NAKADE_MAX)
				ncapd = 0;
			board_play(b, color, mv, NULL);
			passes = 0;
			last = mv;
		}
		color = BOARD_OPP(color);
	}
}

/* The move by which `color` saves its largest chain that the
 * opponent's last move (at `last`) left in atari, joining it to
 * another of its chains with three liberties or more; or BPT_NONE.
 * Records often stop right after such an atari: the player to move
 * has not had the chance to answer it.  A chain left in atari earlier
 * is not saved: that it was not answered usually means it is dead. */
static bpt
atari_answer(const struct board *b, int color, bpt last, const uint8_t *forbid)
{
	bpt best = BPT_NONE;
	int most = 0;
	if (last <= BPT_PASS || board_color(b, last) != BOARD_OPP(color))
		return BPT_NONE;
	bpt nb[4] = {last - 1, last + 1, last - b->stride, last + b->stride};
	for (int i = 0; i < 4; i++) {
		bpt q = nb[i];
		if (board_color(b, q) != color || board_libs(b, q) != 1 ||
		    board_stones(b, q) <= most)
			continue;
		bpt l = last_liberty(b, q);
		if (l == BPT_NONE || (forbid && forbid[l]) ||
		    board_legal(b, color, l, false) != BOARD_OK)
			continue;
		bpt ln[4] = {l - 1, l + 1, l - b->stride, l + b->stride};
		int join = 0;
		for (int j = 0; j < 4; j++)
			join |= board_color(b, ln[j]) == color &&
				board_head(b, ln[j]) != board_head(b, q) &&
				board_libs(b, ln[j]) >= 3;
		if (join) {
			best = l;
			most = board_stones(b, q);
		}
	}
	return best;
}

int
playout_ownership(const struct board *b, const struct playout_opts *o, int *own,
		  int *empty)
{
	static _Thread_local struct board pb;
	uint64_t rs = o->seed ? o->seed : 0x9E3779B97F4A7C15ULL;
	bpt atari[ATARI_MAX];
	int natari = atari_chains(b, atari, ATARI_MAX);
	bpt answer = PLAYOUT_ANSWER
			 ? atari_answer(b, o->first, o->last, o->forbid)
			 : BPT_NONE;
	memset(own, 0, sizeof(int) * (size_t)b->ncells);
	if (empty)
		memset(empty, 0, sizeof(int) * (size_t)b->ncells);
	for (int n = 0; n < o->playouts; n++) {
		int first = (n & 1) ? BOARD_OPP(o->first) : o->first;
		board_copy(&pb, b);
		if (answer != BPT_NONE) {
			/* every playout starts with the answer */
			board_play(&pb, o->first, answer, NULL);
			first = BOARD_OPP(o->first);
		}
		one_playout(&pb, first, &rs, o->forbid, atari, natari);
		for (int y = 0; y < b->h; y++)
			for (int x = 0; x < b->w; x++) {
				bpt p = board_pt(b, x, y);
				int c = board_color(&pb, p);
				if (c == BOARD_EMPTY) {
					if (empty)
						empty[p]++;
					int nb = board_nbr_count(&pb, p,
								 BOARD_BLACK);
					int nw = board_nbr_count(&pb, p,
								 BOARD_WHITE);
					c = nb && !nw	? BOARD_BLACK
					    : nw && !nb ? BOARD_WHITE
							: 0;
				}
				int v = c == BOARD_BLACK   ? 1
					: c == BOARD_WHITE ? -1
							   : 0;
				own[p] += v;
			}
	}
	return o->playouts;
}
