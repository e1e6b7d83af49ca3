/*
 * race.c - reading a capturing race between two chains (see race.h).
 *
 * A minimax search over three values (a captures b, seki, b captures a)
 * with a transposition table of proven values.  A value is stored only
 * when it is proven, so it holds at any depth, and iterative deepening
 * reuses every proof of the shallower passes.  Moves are tried in the
 * order that proves a race soonest: captures, the opponent's liberties
 * that are not shared, shared liberties, approach moves, one's own
 * liberties, the moves on third chains (and the captures that save
 * them), a pass.  The move set is
 * checked against a search of every legal move on small boards
 * (tests/unit/test_exhaustive.c): a move missing here makes the
 * reader prove what the race does not give.
 */
#include <string.h>

#include "race.h"
#include "search.h"

#define TT_SIZE	  8192 /* power of two */
#define MOVES_MAX 32   /* points tried at one node */
/* An eye-like point between the racing chain and another chain of its
 * side is tried when one of them is short of liberties (gen_moves();
 * 0: never, as any eye of its own) */
#ifndef RACE_JOIN_EYE
#define RACE_JOIN_EYE 1
#endif
/* ...and so are the moves on the third chains next to the racing ones
 * that decide the count (gen_moves(); 0: not) */
#ifndef RACE_THIRD
#define RACE_THIRD 1
#endif

/* ...and a chain of mine in atari next to their racing chain is saved
 * by capturing an opponent chain in atari next to it, not only by
 * extending it (0: extending only) */
#ifndef RACE_SAVE_CAPTURE
#define RACE_SAVE_CAPTURE 1
#endif
/* ...and an eye-like point of mine that saves a chain of mine in atari
 * is tried wherever that chain is (0: only next to my racing chain,
 * RACE_JOIN_EYE) */
#ifndef RACE_EYE_SAVE
#define RACE_EYE_SAVE 1
#endif
/* Approach moves include the liberties of my chains (of three
 * liberties or fewer) next to a liberty of theirs that I cannot fill
 * without self-atari: the stone there would join them, and their
 * extra liberty makes the fill safe (0: only the empty points next to
 * that liberty) */
#ifndef RACE_APPROACH_CHAIN
#define RACE_APPROACH_CHAIN 1
#endif

struct tt_entry {
	uint64_t key;
	uint32_t gen;
	int8_t value;
	/* with value RACE_UNKNOWN: the plies left below the node when the
	 * depth cut it (a shallower search of it can be no better) */
	int8_t left;
};

struct race_ctx {
	bpt a, b; /* a stone of each racing chain, as at the root */
	int ca;	  /* colour of chain a */
	int nodes, budget, max_depth;
	int cut; /* depth or budget ran out somewhere below */
	bpt path[RACE_MAX_DEPTH];
	uint8_t pathcol[RACE_MAX_DEPTH];
};

static _Thread_local struct board root, work;
static _Thread_local struct tt_entry tt[TT_SIZE];
static _Thread_local uint32_t tt_gen;

/* Append q to mv[] unless it is there already or mv[] is full. */
static void
add_move(bpt *mv, int *n, bpt q)
{
	for (int i = 0; i < *n; i++)
		if (mv[i] == q)
			return;
	if (*n < MOVES_MAX)
		mv[(*n)++] = q;
}

static bool
is_lib_of(const bpt *libs, int n, bpt q)
{
	for (int i = 0; i < n; i++)
		if (libs[i] == q)
			return true;
	return false;
}

/* Append the last liberty of each opponent chain in atari next to the
 * chain through c: the captures that save c. */
static void
add_captures(const struct board *b, bpt c, bpt *cand, int *nc)
{
	int col = board_color(b, c);
	bpt t = c;
	do {
		bpt nb[4] = {t - 1, t + 1, t - b->stride, t + b->stride};
		for (int j = 0; j < 4; j++) {
			bpt l;
			if (board_color(b, nb[j]) == BOARD_OPP(col) &&
			    board_libs(b, nb[j]) == 1 &&
			    board_chain_libs(b, nb[j], &l, 1) == 1)
				add_move(cand, nc, l);
		}
		t = board_next(b, t);
	} while (t != c);
}

/* The moves of `to_move` (whose racing chain is mine, the other's
 * theirs), best first, legal under simple ko. */
static int
gen_moves(const struct board *b, int to_move, bpt mine, bpt theirs, bpt *mv)
{
	bpt ml[MOVES_MAX], tl[MOVES_MAX], cand[MOVES_MAX];
	int nml = board_chain_libs(b, mine, ml, MOVES_MAX);
	int ntl = board_chain_libs(b, theirs, tl, MOVES_MAX);
	int nc = 0, n = 0;

	/* captures of opponent chains in atari next to my chain (they
	 * gain liberties) or that are the racing chain itself */
	add_captures(b, mine, cand, &nc);
	if (ntl == 1)
		add_move(cand, &nc, tl[0]);
	/* their liberties that are not mine, then the shared ones */
	for (int i = 0; i < ntl; i++)
		if (!is_lib_of(ml, nml, tl[i]))
			add_move(cand, &nc, tl[i]);
	for (int i = 0; i < ntl; i++)
		if (is_lib_of(ml, nml, tl[i]))
			add_move(cand, &nc, tl[i]);
	/* approach moves: next to a liberty of theirs that I cannot fill
	 * without self-atari, the empty points from which to approach */
	for (int i = 0; i < ntl; i++) {
		bpt q = tl[i];
		if (board_legal(b, to_move, q, false) == BOARD_OK &&
		    board_suicide_kind(b, to_move, q) == 0) {
			/* a fill that leaves my new chain one liberty is
			 * self-atari unless it captures */
			int libs_after = 0;
			bpt nb[4] = {q - 1, q + 1, q - b->stride,
				     q + b->stride};
			for (int j = 0; j < 4; j++)
				libs_after +=
				    board_color(b, nb[j]) == BOARD_EMPTY;
			if (libs_after >= 2)
				continue;
		}
		bpt nb[4] = {q - 1, q + 1, q - b->stride, q + b->stride};
		for (int j = 0; j < 4; j++)
			if (board_color(b, nb[j]) == BOARD_EMPTY && nb[j] != q)
				add_move(cand, &nc, nb[j]);
		/* ...and the liberties of my chains next to it, which the
		 * stone at q would join (RACE_APPROACH_CHAIN) */
		for (int j = 0; j < 4 && RACE_APPROACH_CHAIN; j++) {
			bpt l[4];
			if (board_color(b, nb[j]) != to_move ||
			    board_head(b, nb[j]) == board_head(b, mine))
				continue;
			int k = board_chain_libs(b, nb[j], l, 4);
			for (int m = 0; m < k && k <= 3; m++)
				if (l[m] != q)
					add_move(cand, &nc, l[m]);
		}
	}
	/* my own liberties: extending out of a short count */
	for (int i = 0; i < nml; i++)
		add_move(cand, &nc, ml[i]);
	/* the third chains (RACE_THIRD): an opponent's chain of two
	 * liberties next to my chain that takes one of mine (a stone
	 * played into my liberties shortens my count unless I take it),
	 * and a chain of mine in atari next to theirs (its capture would
	 * give them liberties) */
	bpt t = mine;
	do {
		bpt nb[4] = {t - 1, t + 1, t - b->stride, t + b->stride};
		for (int j = 0; j < 4 && RACE_THIRD; j++) {
			bpt l2[2];
			if (board_color(b, nb[j]) != BOARD_OPP(to_move) ||
			    board_libs(b, nb[j]) != 2 ||
			    board_head(b, nb[j]) == board_head(b, theirs) ||
			    board_chain_libs(b, nb[j], l2, 2) != 2 ||
			    !(is_lib_of(ml, nml, l2[0]) ||
			      is_lib_of(ml, nml, l2[1])))
				continue;
			add_move(cand, &nc, l2[0]);
			add_move(cand, &nc, l2[1]);
		}
		t = board_next(b, t);
	} while (t != mine);
	t = theirs;
	do {
		bpt nb[4] = {t - 1, t + 1, t - b->stride, t + b->stride};
		for (int j = 0; j < 4 && RACE_THIRD; j++) {
			bpt l;
			if (board_color(b, nb[j]) == to_move &&
			    board_libs(b, nb[j]) == 1 &&
			    board_chain_libs(b, nb[j], &l, 1) == 1) {
				add_move(cand, &nc, l);
				if (RACE_SAVE_CAPTURE)
					add_captures(b, nb[j], cand, &nc);
			}
		}
		t = board_next(b, t);
	} while (t != theirs);

	for (int i = 0; i < nc; i++) {
		bpt q = cand[i];
		if (board_legal(b, to_move, q, false) != BOARD_OK)
			continue;
		/* never fill an eye of my own: it is a liberty the
		 * opponent cannot take; but a liberty of my racing chain
		 * next to another chain of mine is a connection, worth
		 * filling when one of the two is short of liberties: it
		 * saves the other chain from capture, or joins my chain
		 * of two liberties or fewer to the other's (RACE_JOIN_EYE;
		 * waiting for atari loses races: the differential check
		 * of race_read found more errors that way) */
		if (board_is_eyelike(b, q, to_move)) {
			int cap = 0, next = 0, join = 0, save = 0;
			bpt nb[4] = {q - 1, q + 1, q - b->stride,
				     q + b->stride};
			for (int j = 0; j < 4; j++) {
				cap |= board_color(b, nb[j]) ==
					   BOARD_OPP(to_move) &&
				       board_libs(b, nb[j]) == 1;
				if (board_color(b, nb[j]) != to_move)
					continue;
				if (board_head(b, nb[j]) == board_head(b, mine))
					next = 1;
				else if (board_libs(b, nb[j]) == 1)
					join = save = 1;
				else
					join |= board_libs(b, mine) <= 2;
			}
			if (!cap && !(RACE_JOIN_EYE && next && join) &&
			    !(RACE_EYE_SAVE && save))
				continue;
		}
		mv[n++] = q;
	}
	return n;
}

/* Value of the node for chain a (race_result), or RACE_UNKNOWN. */
static int
solve(struct race_ctx *cx, int depth, int to_move, int passes)
{
	const struct board *b = &work;
	if (board_color(b, cx->a) != cx->ca)
		return RACE_LOSE;
	if (board_color(b, cx->b) != BOARD_OPP(cx->ca))
		return RACE_WIN;
	if (passes >= 2)
		return RACE_SEKI;
	if (depth >= cx->max_depth) {
		cx->cut = 1;
		return RACE_UNKNOWN;
	}
	if (++cx->nodes > cx->budget) {
		cx->cut = 1;
		return RACE_UNKNOWN;
	}
	uint64_t key = search_node_key(b, to_move, passes);
	struct tt_entry *e = &tt[key & (TT_SIZE - 1)];
	int left = cx->max_depth - depth;
	if (e->gen == tt_gen && e->key == key) {
		if (e->value != RACE_UNKNOWN)
			return e->value;
		if (e->left >= left) {
			cx->cut = 1;
			return RACE_UNKNOWN;
		}
	}

	bool for_a = to_move == cx->ca;
	int goal = for_a ? RACE_WIN : RACE_LOSE;
	int best = for_a ? RACE_LOSE : RACE_WIN, unknown = 0;
	bpt mv[MOVES_MAX + 1];
	int nm = gen_moves(b, to_move, for_a ? cx->a : cx->b,
			   for_a ? cx->b : cx->a, mv);
	mv[nm++] = BPT_PASS;
	for (int i = 0; i < nm; i++) {
		if (i > 0) {
			/* back to this node */
			search_replay(&work, &root, cx->path, cx->pathcol,
				      depth);
		}
		cx->path[depth] = mv[i];
		cx->pathcol[depth] = (uint8_t)to_move;
		int v;
		if (mv[i] == BPT_PASS) {
			board_pass(&work);
			v = solve(cx, depth + 1, BOARD_OPP(to_move),
				  passes + 1);
		} else {
			board_play(&work, to_move, mv[i], NULL);
			v = solve(cx, depth + 1, BOARD_OPP(to_move), 0);
		}
		if (v == RACE_UNKNOWN) {
			unknown = 1;
			continue;
		}
		if (v == goal) {
			best = v;
			unknown = 0;
			break;
		}
		if (for_a ? v > best : v < best)
			best = v;
	}
	e->key = key;
	e->gen = tt_gen;
	e->value = (int8_t)(unknown ? RACE_UNKNOWN : best);
	e->left = (int8_t)left;
	return unknown ? RACE_UNKNOWN : best;
}

enum race_result
race_read(const struct board *b, bpt a, bpt bb, int first, int budget)
{
	int ca = board_color(b, a);
	if ((ca != BOARD_BLACK && ca != BOARD_WHITE) ||
	    board_color(b, bb) != BOARD_OPP(ca))
		return RACE_UNKNOWN;
	if (++tt_gen == 0)
		tt_gen = 1;
	struct race_ctx cx;
	memset(&cx, 0, sizeof(cx));
	cx.a = a;
	cx.b = bb;
	cx.ca = ca;
	cx.budget = budget;
	board_copy(&root, b);
	for (int d = 8;; d += 8) {
		if (d > RACE_MAX_DEPTH)
			d = RACE_MAX_DEPTH;
		cx.max_depth = d;
		cx.cut = 0;
		board_copy(&work, &root);
		int v = solve(&cx, 0, first, 0);
		if (v != RACE_UNKNOWN)
			return (enum race_result)v;
		if (cx.nodes > budget || d == RACE_MAX_DEPTH)
			return RACE_UNKNOWN;
	}
}
