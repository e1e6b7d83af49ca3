/*
 * dragon.c - dragons and the worth of their eye spaces (see dragon.h).
 */
#include <string.h>

#include "dragon.h"
#include "grid.h"

#define NP DRAGON_MAX_POINTS
/* An eye space this large gives two eyes: no killing shape has more
 * than six points (LIFEDEATH.md section 1). */
#define EYE_BIG 7

static int
uf_find(int16_t *par, int a)
{
	while (par[a] != a)
		a = par[a] = par[par[a]];
	return a;
}

static void
uf_union(int16_t *par, int a, int b)
{
	a = uf_find(par, a);
	b = uf_find(par, b);
	if (a != b)
		par[a] = (int16_t)b;
}

/* The chains of the grid: id per stone (-1 elsewhere), colour, number
 * of liberties, a stone of each. */
struct chains {
	int n;
	int16_t id[NP];
	uint8_t color[NP];
	int16_t libs[NP];
	int16_t stone[NP];
};

static void
find_chains(int w, int h, const uint8_t *col, struct chains *ch)
{
	int np = w * h, stack[NP];
	int16_t seen[NP];
	ch->n = 0;
	for (int p = 0; p < np; p++) {
		ch->id[p] = -1;
		seen[p] = -1;
	}
	for (int p = 0; p < np; p++) {
		if (!col[p] || ch->id[p] >= 0)
			continue;
		int id = ch->n++, sp = 0, libs = 0;
		ch->id[p] = (int16_t)id;
		ch->color[id] = col[p];
		ch->stone[id] = (int16_t)p;
		stack[sp++] = p;
		while (sp > 0) {
			int q = stack[--sp], nb[4], k = grid_nbrs(w, h, q, nb);
			for (int i = 0; i < k; i++) {
				int t = nb[i];
				if (!col[t]) {
					if (seen[t] != id) {
						seen[t] = (int16_t)id;
						libs++;
					}
				} else if (col[t] == col[p] && ch->id[t] < 0) {
					ch->id[t] = (int16_t)id;
					stack[sp++] = t;
				}
			}
		}
		ch->libs[id] = (int16_t)libs;
	}
}

/* Could colour o play the empty point p and keep two liberties (or
 * capture)?  If not, a liberty of the other colour's chains at p
 * cannot be taken from them: a stone there is captured at once. */
static int
safe_for(int w, int h, const uint8_t *col, const struct chains *ch, int p,
	 int o)
{
	int nb[4], k = grid_nbrs(w, h, p, nb), libs = 0;
	int found[2], nf = 0;
	for (int i = 0; i < k; i++) {
		int t = nb[i];
		if (!col[t])
			libs++;
		else if (col[t] != o && ch->libs[ch->id[t]] == 1)
			return 1; /* captures */
	}
	if (libs >= 2)
		return 1;
	/* the liberties of o's chains next to p, other than p, found by
	 * walking them (each has at most two) */
	for (int i = 0; i < k; i++) {
		int t = nb[i], stack[NP], sp = 0, cid;
		static _Thread_local uint8_t seen[NP];
		int visited[NP], nv = 0;
		if (col[t] != o)
			continue;
		cid = ch->id[t];
		if (ch->libs[cid] >= 3)
			return 1;
		seen[t] = 1;
		visited[nv++] = t;
		stack[sp++] = t;
		while (sp > 0) {
			int q = stack[--sp], n2[4], k2 = grid_nbrs(w, h, q, n2);
			for (int j = 0; j < k2; j++) {
				int u = n2[j];
				if (!col[u] && u != p &&
				    (nf == 0 || found[0] != u)) {
					found[nf++] = u;
					if (nf + libs >= 2)
						break;
				} else if (col[u] == o && ch->id[u] == cid &&
					   !seen[u]) {
					seen[u] = 1;
					visited[nv++] = u;
					stack[sp++] = u;
				}
			}
			if (nf + libs >= 2)
				break;
		}
		for (int j = 0; j < nv; j++)
			seen[visited[j]] = 0;
		if (nf + libs >= 2)
			return 1;
	}
	return 0;
}

static int
adjacent(int w, int a, int b)
{
	int d = a - b;
	return ((d == 1 || d == -1) && a / w == b / w) || d == w || d == -w;
}

/* The adjacencies of the region pts[0..n), the point of highest degree
 * (its index), that degree, and whether no other point has it. */
static void
shape(int w, const int *pts, int n, int *edges, int *best, int *deg_best,
      int *unique)
{
	int deg[EYE_BIG], e = 0, b = 0;
	for (int i = 0; i < n; i++) {
		deg[i] = 0;
		for (int j = 0; j < n; j++)
			deg[i] += adjacent(w, pts[i], pts[j]);
		e += deg[i];
		if (deg[i] > deg[b])
			b = i;
	}
	*edges = e / 2;
	*best = b;
	*deg_best = deg[b];
	*unique = 1;
	for (int i = 0; i < n; i++)
		if (i != b && deg[i] == deg[b])
			*unique = 0;
}

/* The worth (min, max) of an eye space of n < EYE_BIG points pts[],
 * and its vital point (index in pts, or -1): the pairs of LIFEDEATH.md
 * section 1. */
static void
space_worth(int w, int h, const int *pts, int n, int *mn, int *mx, int *vital)
{
	int e, b, nd, uniq;
	*vital = -1;
	*mn = *mx = 2;
	if (n <= 2) {
		*mn = *mx = 1;
		return;
	}
	shape(w, pts, n, &e, &b, &nd, &uniq);
	if (n == 3) {
		*mn = 1;
		*vital = b; /* the middle */
		return;
	}
	if (n == 4 && e == 4) {
		*mn = *mx = 1; /* square four */
		return;
	}
	if ((n == 4 && nd == 3) || (n == 5 && nd == 4) ||
	    (n == 5 && e == 5 && nd == 3 && uniq) ||
	    (n == 6 && e == 6 && nd == 4)) {
		*mn = 1; /* pyramid, crossed, bulky, rabbity */
		*vital = b;
		return;
	}
	if (n == 6 && e == 7) {
		/* the 2x3 rectangle: two eyes on the side, not in the
		 * corner once the outside liberties are gone */
		int minx = w, maxx = 0, miny = h, maxy = 0;
		for (int i = 0; i < n; i++) {
			int x = pts[i] % w, y = pts[i] / w;
			minx = x < minx ? x : minx;
			maxx = x > maxx ? x : maxx;
			miny = y < miny ? y : miny;
			maxy = y > maxy ? y : maxy;
		}
		if ((minx == 0 || maxx == w - 1) &&
		    (miny == 0 || maxy == h - 1))
			*mn = 1;
	}
}

/* Regions of one colour's eye spaces, as found by find_spaces(). */
struct spaces {
	int n;
	int16_t first[NP + 1]; /* chains around space i: around[first[i]..
				* first[i + 1]) */
	int16_t around[4 * NP];
	int16_t size[NP], nempty[NP];
	int16_t at[NP]; /* a point of the space */
	uint8_t mn[NP], mx[NP];
};

/* The eye spaces of colour c: regions of points without a stone of c,
 * with an empty point and no living opponent stone, with the chains
 * around each and its worth.  A one-point space's worth is decided
 * later (it depends on how its neighbours are connected). */
static void
find_spaces(int w, int h, const uint8_t *col, const uint8_t *dead,
	    const struct chains *ch, int c, struct spaces *sp)
{
	int np = w * h, stack[NP], pts[NP], na = 0;
	static _Thread_local uint8_t met[NP];
	uint8_t seen[NP];
	memset(seen, 0, (size_t)np);
	sp->n = 0;
	sp->first[0] = 0;
	for (int p0 = 0; p0 < np; p0++) {
		if (col[p0] == c || seen[p0])
			continue;
		int top = 0, n = 0, nempty = 0, live = 0, start = na;
		seen[p0] = 1;
		stack[top++] = p0;
		while (top > 0) {
			int q = stack[--top], nb[4], k = grid_nbrs(w, h, q, nb);
			pts[n++] = q;
			if (!col[q])
				nempty++;
			else if (!dead[q])
				live = 1;
			for (int i = 0; i < k; i++) {
				int t = nb[i];
				if (col[t] == c) {
					int id = ch->id[t];
					if (!met[id] && na < 4 * NP) {
						met[id] = 1;
						sp->around[na++] = (int16_t)id;
					}
				} else if (!seen[t]) {
					seen[t] = 1;
					stack[top++] = t;
				}
			}
		}
		for (int i = start; i < na; i++)
			met[sp->around[i]] = 0;
		if (live || nempty == 0 || na == start) {
			na = start;
			continue;
		}
		/* A space around several chains is an eye of each only when
		 * each of its empty points is a liberty of all of them;
		 * otherwise the opponent fills a chain's liberties outside
		 * until its owner must fill the space to save it. */
		int shared = 1;
		for (int i = 0; i < n && shared && na - start > 1; i++) {
			int nb[4], k, q = pts[i], touch = 0;
			if (col[q])
				continue;
			k = grid_nbrs(w, h, q, nb);
			for (int j = start; j < na; j++) {
				int adj = 0;
				for (int m = 0; m < k; m++)
					adj |= ch->id[nb[m]] == sp->around[j];
				touch += adj;
			}
			shared = touch == na - start;
		}
		int r = sp->n++, mn, mx, vital;
		sp->first[r + 1] = (int16_t)na;
		sp->size[r] = (int16_t)n;
		sp->nempty[r] = (int16_t)nempty;
		sp->at[r] = (int16_t)p0;
		if (!shared && n > 1) {
			mn = 0;
			mx = 1;
		} else if (nempty < n && nempty < EYE_BIG) {
			/* stones of the opponent inside: whether they can
			 * be captured, and what shape their capture leaves,
			 * is for reading to say */
			mn = 0;
			mx = 1;
		} else if (n >= EYE_BIG) {
			mn = mx = 2;
		} else if (n == 1) {
			mn = mx = 1;
		} else {
			space_worth(w, h, pts, n, &mn, &mx, &vital);
		}
		sp->mn[r] = (uint8_t)mn;
		sp->mx[r] = (uint8_t)mx;
	}
}

void
dragon_find(int w, int h, const uint8_t *col, const uint8_t *dead,
	    struct dragons *d)
{
	static _Thread_local struct chains ch;
	static _Thread_local struct spaces spc[3];
	int np = w * h;
	int16_t par[NP];
	uint8_t eyept[NP];

	memset(d, 0, sizeof(*d));
	if (w < 1 || h < 1 || np > NP)
		return;
	find_chains(w, h, col, &ch);
	for (int i = 0; i < ch.n; i++)
		par[i] = (int16_t)i;
	for (int c = 1; c <= 2; c++)
		find_spaces(w, h, col, dead, &ch, c, &spc[c]);
	/* one-point eye spaces: not a link between the chains around them
	 * (that is what makes an eye false) */
	memset(eyept, 0, (size_t)np);
	for (int c = 1; c <= 2; c++)
		for (int r = 0; r < spc[c].n; r++)
			if (spc[c].size[r] == 1)
				eyept[spc[c].at[r]] = 1;

	/* Solid links: two shared liberties, or one the opponent cannot
	 * take, other than one-point eyes; and a common eye space of two
	 * points or more. */
	{
		/* pairs of chains met at a liberty, counted */
		static _Thread_local int16_t pa[4 * NP], pb[4 * NP];
		static _Thread_local uint8_t pc[4 * NP];
		int npair = 0;
		for (int p = 0; p < np; p++) {
			int nb[4], k, ids[4], n = 0;
			if (col[p] || eyept[p])
				continue;
			k = grid_nbrs(w, h, p, nb);
			for (int i = 0; i < k; i++) {
				int id = ch.id[nb[i]], dup = 0;
				if (id < 0)
					continue;
				for (int j = 0; j < n; j++)
					dup |= ids[j] == id;
				if (!dup)
					ids[n++] = id;
			}
			for (int i = 0; i < n; i++)
				for (int j = i + 1; j < n; j++) {
					int a = ids[i], b = ids[j];
					if (ch.color[a] != ch.color[b])
						continue;
					if (!safe_for(w, h, col, &ch, p,
						      3 - ch.color[a])) {
						uf_union(par, a, b);
						continue;
					}
					if (a > b) {
						int t = a;
						a = b;
						b = t;
					}
					int found = 0;
					for (int m = 0; m < npair; m++)
						if (pa[m] == a && pb[m] == b) {
							found = 1;
							if (++pc[m] >= 2)
								uf_union(par, a,
									 b);
							break;
						}
					if (!found && npair < 4 * NP) {
						pa[npair] = (int16_t)a;
						pb[npair] = (int16_t)b;
						pc[npair++] = 1;
					}
				}
		}
	}
	for (int c = 1; c <= 2; c++) {
		struct spaces *sp = &spc[c];
		for (int r = 0; r < sp->n; r++)
			if (sp->size[r] >= 2)
				for (int i = sp->first[r] + 1;
				     i < sp->first[r + 1]; i++)
					uf_union(par, sp->around[sp->first[r]],
						 sp->around[i]);
	}
	/* A one-point eye is real when the chains around it are linked
	 * without it: then it joins them for good.  Otherwise it is
	 * false, and worth nothing. */
	for (int c = 1; c <= 2; c++) {
		struct spaces *sp = &spc[c];
		for (int r = 0; r < sp->n; r++) {
			if (sp->size[r] != 1)
				continue;
			int root = uf_find(par, sp->around[sp->first[r]]);
			for (int i = sp->first[r] + 1; i < sp->first[r + 1];
			     i++)
				if (uf_find(par, sp->around[i]) != root)
					sp->mn[r] = sp->mx[r] = 0;
		}
	}

	/* Dragons: roots of the union. */
	int16_t did[NP];
	for (int i = 0; i < ch.n; i++)
		did[i] = -1;
	d->n = 0;
	for (int i = 0; i < ch.n; i++) {
		int r = uf_find(par, i);
		if (did[r] < 0) {
			did[r] = (int16_t)d->n;
			d->color[d->n] = ch.color[i];
			d->min_libs[d->n] = 255;
			d->n++;
		}
		int di = did[r];
		if (ch.libs[i] < d->min_libs[di])
			d->min_libs[di] = (uint8_t)ch.libs[i];
	}
	for (int p = 0; p < np; p++) {
		d->id[p] = -1;
		if (col[p]) {
			d->id[p] = did[uf_find(par, ch.id[p])];
			d->stones[d->id[p]]++;
		}
	}
	/* Eyes per dragon: the attacker spoils one space where the first
	 * move matters, the owner answers in another.  A space around
	 * several dragons (a false eye) counts for none. */
	int summin[NP], gains[NP];
	for (int i = 0; i < d->n; i++)
		summin[i] = gains[i] = 0;
	for (int c = 1; c <= 2; c++) {
		struct spaces *sp = &spc[c];
		for (int r = 0; r < sp->n; r++) {
			int di = did[uf_find(par, sp->around[sp->first[r]])];
			summin[di] += sp->mn[r];
			gains[di] += sp->mx[r] > sp->mn[r];
		}
	}
	for (int i = 0; i < d->n; i++) {
		int a = summin[i] + gains[i] / 2;
		int b = summin[i] + (gains[i] + 1) / 2;
		d->eyes_att[i] = (uint8_t)(a > 4 ? 4 : a);
		d->eyes_def[i] = (uint8_t)(b > 4 ? 4 : b);
	}
}
