/*
 * lifedeath.c - exact reading of small enclosed groups (see lifedeath.h).
 */
#include <string.h>

#include "lifedeath.h"
#include "search.h"
#include "grid.h"

#define GMAX (25 * 25)

/* ------------------------------------------------------------------ */
/* Finding closed groups on the grid */

static int
uf_find(int16_t *par, int a)
{
	while (par[a] != a)
		a = par[a] = par[par[a]];
	return a;
}

int
ld_find(const struct board *b, const uint8_t *color, int col,
	struct ld_problem *out, int max)
{
	return ld_find_walls(b, color, NULL, col, out, max);
}

int
ld_find_walls(const struct board *b, const uint8_t *color, const uint8_t *wall,
	      int col, struct ld_problem *out, int max)
{
	int w = b->w, h = b->h, np = w * h, nch = 0, nrg = 0, nout = 0;
	int16_t cid[GMAX], rid[GMAX], par[GMAX], csize[GMAX];
	int16_t rsize[GMAX], stack[GMAX], rep[GMAX];
	uint8_t big[GMAX], used[GMAX];

	if (np > GMAX)
		return 0;
	for (int p = 0; p < np; p++)
		cid[p] = rid[p] = -1;
	/* chains of col, regions of the other points */
	for (int p = 0; p < np; p++) {
		int same = color[p] == col;
		if (wall && wall[p])
			continue;
		if ((same && cid[p] >= 0) || (!same && rid[p] >= 0))
			continue;
		int id = same ? nch++ : nrg++, sp = 0, n = 0;
		int16_t *lab = same ? cid : rid;
		lab[p] = (int16_t)id;
		stack[sp++] = (int16_t)p;
		while (sp > 0) {
			int q = stack[--sp], nb[4], k = grid_nbrs(w, h, q, nb);
			n++;
			for (int i = 0; i < k; i++) {
				int t = nb[i];
				if (wall && wall[t])
					continue;
				if ((color[t] == col) == same && lab[t] < 0) {
					lab[t] = (int16_t)id;
					stack[sp++] = (int16_t)t;
				}
			}
		}
		if (same)
			csize[id] = (int16_t)n;
		else
			rsize[id] = (int16_t)n;
	}
	/* chains next to one small region share their fate; a chain with
	 * a liberty in a large region is open */
	for (int i = 0; i < nch; i++) {
		par[i] = (int16_t)i;
		big[i] = 0;
	}
	for (int r = 0; r < nrg; r++)
		rep[r] = -1;
	for (int p = 0; p < np; p++) {
		int nb[4], k;
		if (color[p] == col || (wall && wall[p]))
			continue;
		k = grid_nbrs(w, h, p, nb);
		for (int i = 0; i < k; i++) {
			int t = nb[i], r = rid[p];
			if (color[t] != col)
				continue;
			if (rsize[r] > LD_MAX_AREA) {
				if (color[p] == 0)
					big[cid[t]] = 1;
				continue;
			}
			if (rep[r] < 0) {
				rep[r] = cid[t];
			} else {
				int a = uf_find(par, rep[r]);
				int c = uf_find(par, cid[t]);
				if (a != c)
					par[a] = (int16_t)c;
			}
		}
	}
	/* the small regions of each group, in a second pass per group */
	for (int i = 0; i < nch; i++) {
		int r = uf_find(par, i);
		big[r] |= big[i];
	}
	memset(used, 0, sizeof(used));
	for (int g = 0; g < nch && nout < max; g++) {
		if (uf_find(par, g) != g || big[g])
			continue;
		struct ld_problem *pr = &out[nout];
		int best = -1, n = 0, ok = 1;
		pr->defender = col;
		for (int p = 0; p < np && ok; p++) {
			if (wall && wall[p])
				continue;
			if (color[p] == col) {
				if (uf_find(par, cid[p]) == g &&
				    (best < 0 ||
				     csize[cid[p]] > csize[cid[best]]))
					best = p;
				continue;
			}
			if (rsize[rid[p]] > LD_MAX_AREA || used[p])
				continue;
			/* a point of a small region next to the group */
			int nb[4], k = grid_nbrs(w, h, p, nb), mine = 0;
			for (int j = 0; j < k; j++)
				if (color[nb[j]] == col &&
				    uf_find(par, cid[nb[j]]) == g)
					mine = 1;
			if (!mine)
				continue;
			/* take its whole region */
			int r = rid[p];
			for (int q = 0; q < np; q++) {
				if (rid[q] != r || color[q] == col || used[q] ||
				    (wall && wall[q]))
					continue;
				if (n >= LD_MAX_AREA) {
					ok = 0;
					break;
				}
				used[q] = 1;
				pr->area[n++] = board_pt(b, q % w, q / w);
			}
		}
		if (!ok || n == 0 || best < 0)
			continue;
		pr->n = n;
		pr->main = board_pt(b, best % w, best / w);
		nout++;
	}
	return nout;
}

/* ------------------------------------------------------------------ */
/* Reading */

#define TT_SIZE 4096
/* Iterative deepening: the reading is searched to LD_FIRST_DEPTH
 * plies, then to twice that, and so on up to LD_MAX_DEPTH, every pass
 * reusing the proofs of the shallower ones, within LD_DEEPEN_SHARE
 * percent of the node budget; what is still unknown then is searched
 * depth first to LD_MAX_DEPTH with the rest, which proves what needs
 * long lines at less cost than the passes' re-searching.  A depth-first
 * search alone spends its budget on long lines of captures and retakes
 * before it tries the short ones that settle most groups.  Measured
 * without labels, on every reading of the estimator (budget 2,000
 * nodes) in the scored corpus (6,669) and in a third of games/tygem
 * (13,477), the readings left unknown:
 *   depth first alone                     327  1,056
 *   passes of 3 plies alone               316  1,016
 *   passes of 2 plies, 50%, depth first   293    919
 *   passes of 3 plies, 50%, depth first   288    936
 *   passes of 4 plies, 50%, depth first   325    952
 * (before, when a hit in the table counted as a node: depth first 415
 * and 1,259 of slightly different sets).  No reading was proved one value by
 * one variant and another by another.  Passes of 3 cost 1.5 points of
 * instructions less than passes of 2 (callgrind, 40 OGS games). */
#ifndef LD_FIRST_DEPTH
#define LD_FIRST_DEPTH 3
#endif
#ifndef LD_DEEPEN_SHARE
#define LD_DEEPEN_SHARE 50
#endif

struct tt_entry {
	uint64_t key;
	uint32_t gen;
	int8_t result; /* the node's value, or -1: cut by the depth */
	/* with result -1: the plies left below the node when the depth
	 * cut it (a search of it with no more plies can be no better) */
	int8_t left;
};

/* The defender's stones whose points are played once captured: those
 * of its chains of at most LD_EXTRA_CHAIN stones next to the regions,
 * the main chain's excepted, LD_EXTRA_MAX in all; LD_EXTRA 0 reads the
 * regions alone, as before 2026-11-29.  Chains of up to 16 stones cost
 * 9.6% more instructions over 40 OGS games (3 stones: 2.5%) and agree
 * with the full search of test_exhaustive no better: none of either
 * disagrees on its samples, nor on 3,000 problems of other seeds. */
#define LD_EXTRA_MAX 16
#ifndef LD_EXTRA_CHAIN
#define LD_EXTRA_CHAIN 3
#endif
#ifndef LD_EXTRA
#define LD_EXTRA 1
#endif

struct ld_ctx {
	const struct ld_problem *p;
	int nodes, budget;
	int aborted;
	int max_depth; /* of this pass of the iterative deepening */
	int cut;       /* the depth cut a line below the node */
	int top;       /* the value of life: 1, or 2 when reading for seki */
	bpt target;    /* reading for seki: the attacker's stone in question */
	int no_ko;     /* the attacker may not take a ko (ld_read_no_ko) */
	/* the stones of the defender's small chains next to the regions
	 * (defender_stones()): where one is captured, its points are
	 * played like the regions' (a stone taken back at once, an eye
	 * made) */
	bpt extra[LD_EXTRA_MAX];
	int nextra;
	uint32_t gen;
	/* the moves from the root to the current node */
	bpt path[LD_MAX_DEPTH + 1];
	uint8_t pathcol[LD_MAX_DEPTH + 1];
};

/* Two boards per thread: the root of the reading and the current node,
 * rebuilt from the root and the path when the search backs up (a stack
 * of boards would cost every process its pages at start-up). */
static _Thread_local struct board root, work;
static _Thread_local struct tt_entry tt[TT_SIZE];
static _Thread_local uint32_t tt_gen;

static int
in_area(const struct ld_problem *p, bpt q)
{
	for (int i = 0; i < p->n; i++)
		if (p->area[i] == q)
			return i;
	return -1;
}

/* Benson's test restricted to the problem's regions: does the main
 * chain have two regions each of whose empty points are all its
 * liberties (or those of chains that pass the same test)? */
static int
local_alive(const struct board *b, const struct ld_problem *p)
{
	/* two vital regions hold two liberties of the main chain at least:
	 * most nodes of a kill fail here */
	if (board_libs(b, p->main) < 2)
		return 0;
	int d = p->defender, n = p->n;
	int8_t rid[LD_MAX_AREA];
	int nr = 0;
	bpt vital[LD_MAX_AREA][4], adj[LD_MAX_AREA][8];
	int nvital[LD_MAX_AREA], nadj[LD_MAX_AREA], hasempty[LD_MAX_AREA];
	int valid[LD_MAX_AREA];
	bpt heads[2 * LD_MAX_AREA];
	int nh = 0, alive[2 * LD_MAX_AREA];

	for (int i = 0; i < n; i++)
		rid[i] = -1;
	for (int i = 0; i < n; i++) {
		if (rid[i] >= 0 || board_color(b, p->area[i]) == d)
			continue;
		int r = nr++, st[LD_MAX_AREA], sp = 0, first = 1;
		nvital[r] = nadj[r] = hasempty[r] = 0;
		valid[r] = 1;
		rid[i] = (int8_t)r;
		st[sp++] = i;
		while (sp > 0) {
			int a = st[--sp];
			bpt q = p->area[a];
			bpt nb[4] = {q - 1, q + 1, q - b->stride,
				     q + b->stride};
			bpt hs[4];
			int nhs = 0;
			for (int j = 0; j < 4; j++) {
				bpt t = nb[j];
				int c = board_color(b, t);
				if (c == d) {
					bpt hd = board_head(b, t);
					int dup = 0;
					for (int k = 0; k < nhs; k++)
						dup |= hs[k] == hd;
					if (!dup)
						hs[nhs++] = hd;
					dup = 0;
					for (int k = 0; k < nadj[r]; k++)
						dup |= adj[r][k] == hd;
					if (!dup && nadj[r] < 8)
						adj[r][nadj[r]++] = hd;
				} else if (c != BOARD_WALL) {
					int ai = in_area(p, t);
					if (ai < 0)
						/* a wall (or a point left
						 * out): the attacker can
						 * fill the region */
						valid[r] = 0;
					else if (rid[ai] < 0) {
						rid[ai] = (int8_t)r;
						st[sp++] = ai;
					}
				}
			}
			if (board_color(b, q) != BOARD_EMPTY)
				continue;
			hasempty[r] = 1;
			if (first) {
				first = 0;
				for (int k = 0; k < nhs; k++)
					vital[r][k] = hs[k];
				nvital[r] = nhs;
			} else {
				int m = 0;
				for (int k = 0; k < nvital[r]; k++) {
					int keep = 0;
					for (int j = 0; j < nhs; j++)
						keep |= hs[j] == vital[r][k];
					if (keep)
						vital[r][m++] = vital[r][k];
				}
				nvital[r] = m;
			}
		}
	}
	/* the chains that border the regions */
	for (int r = 0; r < nr; r++)
		for (int k = 0; k < nadj[r]; k++) {
			int dup = 0;
			for (int j = 0; j < nh; j++)
				dup |= heads[j] == adj[r][k];
			if (!dup && nh < 2 * LD_MAX_AREA) {
				alive[nh] = 1;
				heads[nh++] = adj[r][k];
			}
		}
	for (;;) {
		int changed = 0;
		for (int j = 0; j < nh; j++) {
			if (!alive[j])
				continue;
			int cnt = 0;
			for (int r = 0; r < nr; r++) {
				if (!valid[r] || !hasempty[r])
					continue;
				for (int k = 0; k < nvital[r]; k++)
					cnt += vital[r][k] == heads[j];
			}
			if (cnt < 2) {
				alive[j] = 0;
				changed = 1;
				for (int r = 0; r < nr; r++)
					for (int k = 0; k < nadj[r]; k++)
						if (adj[r][k] == heads[j])
							valid[r] = 0;
			}
		}
		if (!changed)
			break;
	}
	bpt mh = board_head(b, p->main);
	for (int j = 0; j < nh; j++)
		if (heads[j] == mh)
			return alive[j];
	return 0;
}

/* Remember the node's value (or -1, cut with `left` plies to go).  An
 * entry of -1 also says that the position failed local_alive(): every
 * node is tested before it is searched. */
static void
tt_put(struct tt_entry *e, uint64_t key, uint32_t gen, int result, int left)
{
	e->key = key;
	e->gen = gen;
	e->result = (int8_t)result;
	e->left = (int8_t)left;
}

/* The value of the node for the defender: 0 the attacker captures the
 * main chain, cx->top the defender lives, -1 unknown.  When reading for
 * seki (cx->top 2), a life that ends in two passes with the attacker's
 * stone cx->target still standing is worth 1: both live. */
static int
solve(struct ld_ctx *cx, int depth, int to_move, int passes)
{
	const struct ld_problem *p = cx->p;
	const struct board *b = &work;
	int d = p->defender, top = cx->top;

	if (board_color(b, p->main) != d)
		return 0;
	/* the table first: the passes of the deepening come back to the
	 * same nodes, and Benson's test is the dearest step of a node */
	uint64_t key = search_node_key(b, to_move, passes);
	struct tt_entry *e = &tt[key & (TT_SIZE - 1)];
	int left = cx->max_depth - depth;
	bool hit = e->gen == cx->gen && e->key == key;
	if (hit) {
		if (e->result >= 0)
			return e->result;
		if (e->left >= left) {
			cx->cut = 1;
			return -1;
		}
	}
	if (!hit && local_alive(b, p)) {
		tt_put(e, key, cx->gen, top, left);
		return top;
	}
	if (passes >= 2)
		return top == 2 && board_color(b, cx->target) == BOARD_OPP(d)
			   ? 1
			   : top;
	if (cx->aborted)
		return -1;
	if (depth >= cx->max_depth) {
		/* a leaf of this pass: the next one need not test it */
		cx->cut = 1;
		tt_put(e, key, cx->gen, -1, 0);
		return -1;
	}
	/* the budget counts the nodes whose moves are searched */
	if (++cx->nodes > cx->budget) {
		cx->aborted = 1;
		return -1;
	}

	/* the defender maximises the value, the attacker minimises it */
	int want = to_move == d ? top : 0, unknown = 0, res;
	int best = to_move == d ? 0 : top;
	/* moves: every legal point of the regions and of the defender's
	 * captured chains, captures first, then a pass; the defender
	 * never fills its own eye unless that saves a chain in atari
	 * (chains that share an eye may need joining) */
	bpt mv[LD_MAX_AREA + LD_EXTRA_MAX + 1];
	int nm = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < p->n + cx->nextra; i++) {
			bpt q = i < p->n ? p->area[i] : cx->extra[i - p->n];
			if (board_color(b, q) != BOARD_EMPTY)
				continue;
			bpt nb[4] = {q - 1, q + 1, q - b->stride,
				     q + b->stride};
			if (to_move == d && board_is_eyelike(b, q, d)) {
				/* unless it joins a chain in atari to the
				 * others around the eye */
				int atari = 0;
				for (int j = 0; j < 4; j++)
					atari |= board_color(b, nb[j]) == d &&
						 board_libs(b, nb[j]) == 1;
				if (!atari)
					continue;
			}
			if (board_legal(b, to_move, q, false) != BOARD_OK)
				continue;
			int cap = 0;
			for (int j = 0; j < 4; j++)
				cap |= board_color(b, nb[j]) ==
					   BOARD_OPP(to_move) &&
				       board_libs(b, nb[j]) == 1;
			if (cap == (pass == 0))
				mv[nm++] = q;
		}
	mv[nm++] = BPT_PASS;
	for (int i = 0; i < nm; i++) {
		if (i > 0) {
			/* back to this node */
			search_replay(&work, &root, cx->path, cx->pathcol,
				      depth);
		}
		cx->path[depth] = mv[i];
		cx->pathcol[depth] = (uint8_t)to_move;
		if (mv[i] == BPT_PASS) {
			board_pass(&work);
			res = solve(cx, depth + 1, BOARD_OPP(to_move),
				    passes + 1);
		} else {
			board_play(&work, to_move, mv[i], NULL);
			/* a ko taken by the attacker: the defender, with
			 * threats enough, takes it back; the next move
			 * starts from this node again, as after any move */
			if (cx->no_ko && to_move != d && work.ko)
				continue;
			res = solve(cx, depth + 1, BOARD_OPP(to_move), 0);
		}
		if (res == want) {
			best = res;
			break;
		}
		if (res < 0)
			unknown = 1;
		else if (to_move == d ? res > best : res < best)
			best = res;
	}
	if (best != want && unknown) {
		if (cx->aborted)
			return -1;
		/* cut by the depth alone */
		best = -1;
	}
	tt_put(e, key, cx->gen, best, left);
	return best;
}

/* The stones of the defender's chains of at most LD_EXTRA_CHAIN stones
 * next to p's regions, the main chain's excepted, into out[] (at most
 * LD_EXTRA_MAX: a chain that does not fit is left out whole); returns
 * how many. */
static int
defender_stones(const struct board *b, const struct ld_problem *p, bpt *out)
{
	int n = 0;
	bpt mh = board_head(b, p->main);
	for (int i = 0; i < p->n; i++) {
		bpt q = p->area[i];
		bpt nb[4] = {q - 1, q + 1, q - b->stride, q + b->stride};
		for (int j = 0; j < 4; j++) {
			bpt t = nb[j];
			if (board_color(b, t) != p->defender ||
			    board_head(b, t) == mh)
				continue;
			int seen = 0;
			for (int k = 0; k < n; k++)
				seen |=
				    board_head(b, out[k]) == board_head(b, t);
			if (seen || n + board_stones(b, t) > LD_EXTRA_MAX ||
			    board_stones(b, t) > LD_EXTRA_CHAIN)
				continue;
			bpt s = t;
			do {
				out[n++] = s;
				s = board_next(b, s);
			} while (s != t);
		}
	}
	return n;
}

/* One reading of p on b, `first` to play, worth at most `top`. */
static int
read_problem(const struct board *b, const struct ld_problem *p, int first,
	     int budget, int top, bpt target, int no_ko)
{
	struct ld_ctx cx;
	memset(&cx, 0, sizeof(cx));
	cx.p = p;
	cx.top = top;
	cx.target = target;
	cx.no_ko = no_ko;
	if (LD_EXTRA)
		cx.nextra = defender_stones(b, p, cx.extra);
	if (++tt_gen == 0)
		tt_gen = 1;
	cx.gen = tt_gen;
	board_copy(&root, b);
	int v;
	cx.budget = (int)((long long)budget * LD_DEEPEN_SHARE / 100);
	for (int d = LD_FIRST_DEPTH;; d += LD_FIRST_DEPTH) {
		cx.max_depth = d < LD_MAX_DEPTH ? d : LD_MAX_DEPTH;
		cx.cut = 0;
		board_copy(&work, &root);
		v = solve(&cx, 0, first, 0);
		if (v >= 0 || cx.aborted || !cx.cut ||
		    cx.max_depth == LD_MAX_DEPTH)
			break;
	}
	if (v < 0 && cx.aborted) {
		/* the passes' share of the budget ran out: depth first */
		cx.budget = budget;
		cx.aborted = 0;
		cx.max_depth = LD_MAX_DEPTH;
		board_copy(&work, &root);
		v = solve(&cx, 0, first, 0);
	}
	return v;
}

int
ld_read(const struct board *b, const struct ld_problem *p, int first,
	int budget)
{
	return read_problem(b, p, first, budget, 1, BPT_NONE, 0);
}

int
ld_read_no_ko(const struct board *b, const struct ld_problem *p, int first,
	      int budget)
{
	return read_problem(b, p, first, budget, 1, BPT_NONE, 1);
}

int
ld_read_seki(const struct board *b, const struct ld_problem *p, bpt target,
	     int budget)
{
	if (board_color(b, target) != BOARD_OPP(p->defender))
		return 0;
	int v = read_problem(b, p, p->defender, budget, 2, target, 0);
	return v < 0 ? -1 : v == 1;
}
