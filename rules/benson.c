/*
 * benson.c - Benson's unconditional life, done separately per colour.
 *
 * Regions are the maximal connected sets of points not holding the
 * colour under test.  A region is vital to an adjacent chain when all
 * of its empty points are liberties of that chain.  Chains with fewer
 * than two vital regions are discarded, then regions that touch a
 * discarded chain, until nothing changes.
 */
#include <string.h>

#include "benson.h"
#include "grid.h"

#define BMAXP (25 * 25)
#define VMAX  4

static void
solve_colour(int w, int h, const uint8_t *color, int col, uint8_t *alive,
	     uint8_t *terr)
{
	int np = w * h, stack[BMAXP];
	int16_t cid[BMAXP], rid[BMAXP];
	int nch = 0, nrg = 0;
	/* per region: vital chains (at most VMAX, since every empty point
	 * has at most four neighbours), validity */
	int16_t vital[BMAXP][VMAX];
	uint8_t nvital[BMAXP], rvalid[BMAXP], hasempty[BMAXP];
	uint8_t calive[BMAXP];

	for (int p = 0; p < np; p++) {
		cid[p] = -1;
		rid[p] = -1;
	}
	/* chains of col */
	for (int p = 0; p < np; p++) {
		if (color[p] != col || cid[p] >= 0)
			continue;
		int id = nch++, sp = 0;
		cid[p] = (int16_t)id;
		stack[sp++] = p;
		while (sp > 0) {
			int q = stack[--sp], nb[4], k = grid_nbrs(w, h, q, nb);
			for (int i = 0; i < k; i++)
				if (color[nb[i]] == col && cid[nb[i]] < 0) {
					cid[nb[i]] = (int16_t)id;
					stack[sp++] = nb[i];
				}
		}
	}
	if (nch == 0)
		return;
	/* regions of not-col, with their vital chains */
	for (int p = 0; p < np; p++) {
		if (color[p] == col || rid[p] >= 0)
			continue;
		int id = nrg++, sp = 0;
		nvital[id] = 0;
		hasempty[id] = 0;
		rvalid[id] = 1;
		rid[p] = (int16_t)id;
		stack[sp++] = p;
		int first = 1;
		while (sp > 0) {
			int q = stack[--sp], nb[4], k = grid_nbrs(w, h, q, nb);
			int adj[4], nadj = 0;
			for (int i = 0; i < k; i++) {
				int t = nb[i];
				if (color[t] == col) {
					int dup = 0;
					for (int j = 0; j < nadj; j++)
						dup |= adj[j] == cid[t];
					if (!dup)
						adj[nadj++] = cid[t];
				} else if (rid[t] < 0) {
					rid[t] = (int16_t)id;
					stack[sp++] = t;
				}
			}
			if (color[q] != 0)
				continue;
			/* an empty point: intersect */
			hasempty[id] = 1;
			if (first) {
				first = 0;
				for (int j = 0; j < nadj; j++)
					vital[id][j] = (int16_t)adj[j];
				nvital[id] = (uint8_t)nadj;
			} else {
				int m = 0;
				for (int j = 0; j < nvital[id]; j++) {
					int keep = 0;
					for (int i = 0; i < nadj; i++)
						keep |= adj[i] == vital[id][j];
					if (keep)
						vital[id][m++] = vital[id][j];
				}
				nvital[id] = (uint8_t)m;
			}
		}
	}
	for (int i = 0; i < nch; i++)
		calive[i] = 1;
	for (;;) {
		int changed = 0;
		int nv[BMAXP];
		for (int i = 0; i < nch; i++)
			nv[i] = 0;
		for (int r = 0; r < nrg; r++) {
			if (!rvalid[r] || !hasempty[r])
				continue;
			for (int j = 0; j < nvital[r]; j++)
				nv[vital[r][j]]++;
		}
		for (int i = 0; i < nch; i++)
			if (calive[i] && nv[i] < 2) {
				calive[i] = 0;
				changed = 1;
			}
		if (!changed)
			break;
		/* drop regions touching a dead chain */
		for (int p = 0; p < np; p++) {
			if (color[p] != col || calive[cid[p]])
				continue;
			int nb[4], k = grid_nbrs(w, h, p, nb);
			for (int i = 0; i < k; i++)
				if (color[nb[i]] != col)
					rvalid[rid[nb[i]]] = 0;
		}
	}
	for (int p = 0; p < np; p++) {
		if (color[p] == col) {
			if (calive[cid[p]])
				alive[p] = 1;
			continue;
		}
		int r = rid[p], ok = 0;
		if (!rvalid[r] || !hasempty[r])
			continue;
		for (int j = 0; j < nvital[r]; j++)
			ok |= calive[vital[r][j]];
		if (ok)
			terr[p] = (uint8_t)col;
	}
}

void
benson_solve(int w, int h, const uint8_t *color, uint8_t *alive, uint8_t *terr)
{
	memset(alive, 0, (size_t)(w * h));
	memset(terr, 0, (size_t)(w * h));
	if (w < 1 || h < 1 || w * h > BMAXP)
		return;
	solve_colour(w, h, color, 1, alive, terr);
	solve_colour(w, h, color, 2, alive, terr);
}
