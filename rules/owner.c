/*
 * owner.c - dead-stone estimation: Benson first, then Monte Carlo
 * ownership, then decisions per chain.
 */
#include <stdlib.h>
#include <string.h>

#include "benson.h"
#include "board.h"
#include "playout.h"
#include "score.h"

void
score_estimate_opts_default(struct score_estimate_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->playouts = 128;
	o->seed = 0x5eed5c07e5ULL;
	o->to_move = SCORE_BLACK;
}

int
score_estimate(struct score_pos *pos, const struct score_estimate_opts *o)
{
	int w = pos->w, h = pos->h, np = w * h;
	static _Thread_local struct board b;
	uint8_t alive[SCORE_MAX_POINTS], terr[SCORE_MAX_POINTS];
	static _Thread_local uint8_t forbid[BOARD_ARR];
	static _Thread_local int own[BOARD_ARR];
	bpt at[SCORE_MAX_POINTS];

	memset(pos->dead, 0, sizeof(pos->dead));
	memset(pos->owner_hint, 0, sizeof(pos->owner_hint));
	if (w < 1 || h < 1 || w > SCORE_MAX_SIDE || h > SCORE_MAX_SIDE)
		return -1;
	board_init(&b, w, h);
	for (int p = 0; p < np; p++) {
		at[p] = board_pt(&b, p % w, p / w);
		if (pos->color[p])
			board_put(&b, at[p], pos->color[p]);
	}
	board_setup_done(&b);

	benson_solve(w, h, pos->color, alive, terr);
	memset(forbid, 0, sizeof(forbid));
	for (int p = 0; p < np; p++)
		if (terr[p] && pos->color[p] == SCORE_EMPTY)
			forbid[at[p]] = 1;

	struct playout_opts po;
	po.playouts = o->playouts > 0 ? o->playouts : 128;
	po.seed = o->seed;
	po.first = o->to_move == SCORE_WHITE ? BOARD_WHITE : BOARD_BLACK;
	po.forbid = forbid;
	int n = playout_ownership(&b, &po, own, NULL);

	/* per chain: mean ownership from the chain's point of view */
	int16_t cid[SCORE_MAX_POINTS];
	double sum[SCORE_MAX_POINTS];
	int cnt[SCORE_MAX_POINTS], nch = 0;
	for (int p = 0; p < np; p++)
		cid[p] = -1;
	for (int p = 0; p < np; p++) {
		int c = pos->color[p];
		if (!c || cid[p] >= 0)
			continue;
		int id = nch++;
		sum[id] = 0;
		cnt[id] = 0;
		bpt s = at[p];
		do {
			int q = (board_y(&b, s)) * w + board_x(&b, s);
			cid[q] = (int16_t)id;
			sum[id] += own[s] * (c == SCORE_BLACK ? 1.0 : -1.0);
			cnt[id]++;
			s = board_next(&b, s);
		} while (s != at[p]);
	}
	/* chains that share a liberty share their fate: decide per group */
	int par[SCORE_MAX_POINTS];
	for (int i = 0; i < nch; i++)
		par[i] = i;
	int grp = getenv("GRP") ? atoi(getenv("GRP")) : 1;
	for (int p = 0; grp && p < np; p++) {
		if (pos->color[p])
			continue;
		int x = p % w, y = p / w, ids[4], cols[4], k = 0,
		    opp[3] = {0, 0, 0};
		if (x > 0) {
			ids[k] = p - 1;
			k++;
		}
		if (x < w - 1) {
			ids[k] = p + 1;
			k++;
		}
		if (y > 0) {
			ids[k] = p - w;
			k++;
		}
		if (y < h - 1) {
			ids[k] = p + w;
			k++;
		}
		for (int i = 0; i < k; i++) {
			cols[i] = pos->color[ids[i]];
			opp[cols[i]]++;
		}
		for (int i = 0; i < k; i++) {
			if (!cols[i])
				continue;
			if (grp == 2 && opp[3 - cols[i]])
				continue;
			for (int j = i + 1; j < k; j++) {
				if (cols[j] != cols[i])
					continue;
				int a = cid[ids[i]], bb = cid[ids[j]];
				while (par[a] != a)
					a = par[a];
				while (par[bb] != bb)
					bb = par[bb];
				if (a != bb)
					par[a] = bb;
			}
		}
	}
	double gsum[SCORE_MAX_POINTS];
	int gcnt[SCORE_MAX_POINTS];
	for (int i = 0; i < nch; i++) {
		gsum[i] = 0;
		gcnt[i] = 0;
	}
	for (int i = 0; i < nch; i++) {
		int a = i;
		while (par[a] != a)
			a = par[a];
		gsum[a] += sum[i];
		gcnt[a] += cnt[i];
	}
	for (int i = 0; i < nch; i++) {
		int a = i;
		while (par[a] != a)
			a = par[a];
		sum[i] = gsum[a];
		cnt[i] = gcnt[a];
	}
	/* Group aliveness (own point of view) per chain, and the best
	 * aliveness among opponent groups within distance two: an unclear
	 * group dies when an opponent group next to it is more alive. */
	double gm[SCORE_MAX_POINTS], oppbest[SCORE_MAX_POINTS];
	for (int i = 0; i < nch; i++) {
		gm[i] = sum[i] / (cnt[i] * (double)n);
		oppbest[i] = -2;
	}
	for (int p = 0; p < np; p++) {
		int c = pos->color[p];
		if (!c)
			continue;
		int x = p % w, y = p / w;
		for (int dy = -2; dy <= 2; dy++)
			for (int dx = -2; dx <= 2; dx++) {
				int xx = x + dx, yy = y + dy;
				if ((dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy) >
					2 ||
				    xx < 0 || yy < 0 || xx >= w || yy >= h)
					continue;
				int q = yy * w + xx;
				if (pos->color[q] != 3 - c)
					continue;
				double v = alive[q] ? 1.0 : gm[cid[q]];
				if (v > oppbest[cid[p]])
					oppbest[cid[p]] = v;
			}
	}
	double lo = getenv("LO") ? atof(getenv("LO")) : -0.2;
	double hi = getenv("HI") ? atof(getenv("HI")) : 0.2;
	for (int p = 0; p < np; p++) {
		int c = pos->color[p];
		if (!c)
			continue;
		if (alive[p])
			continue;
		if (terr[p] == 3 - c) {
			pos->dead[p] = 1;
			continue;
		}
		double m = gm[cid[p]];
		if (m < lo || (m < hi && oppbest[cid[p]] > m))
			pos->dead[p] = 1;
	}
	/* open boundaries: empty points the playouts give to one side */
	for (int p = 0; p < np; p++) {
		if (pos->color[p])
			continue;
		double m = own[at[p]] / (double)n;
		if (terr[p])
			pos->owner_hint[p] = terr[p];
		else if (m >= (getenv("TH") ? atof(getenv("TH")) : 2.0))
			pos->owner_hint[p] = SCORE_BLACK;
		else if (m <= -(getenv("TH") ? atof(getenv("TH")) : 2.0))
			pos->owner_hint[p] = SCORE_WHITE;
	}
	return 0;
}
