/*
 * grid.h - neighbours on a plain w x h grid of points p = y * w + x,
 * the layout the scoring modules (benson, lifedeath, owner, score) use
 * for their per-point arrays.  Internal to rules/.
 */
#ifndef RULES_GRID_H
#define RULES_GRID_H

/* Up to four orthogonal neighbours of p, into out; returns how many. */
static inline int
grid_nbrs(int w, int h, int p, int out[4])
{
	int x = p % w, y = p / w, n = 0;
	if (x > 0)
		out[n++] = p - 1;
	if (x < w - 1)
		out[n++] = p + 1;
	if (y > 0)
		out[n++] = p - w;
	if (y < h - 1)
		out[n++] = p + w;
	return n;
}

#endif
