/*
 * score.c - counting a position under territory and area rules.
 *
 * Everything here works on the plain grid of struct score_pos so that
 * the same counter serves estimated, user-given and no dead stones.
 */
#include <stdio.h>
#include <string.h>

#include "score.h"
#include "grid.h"

/* Chains of the living stones: id per point (-1 for empty), and the
 * number of liberties per chain. */
struct chains {
	int16_t id[SCORE_MAX_POINTS];
	int16_t libs[SCORE_MAX_POINTS];
	int n;
};

static void
find_chains(int w, int h, const uint8_t *c, struct chains *ch)
{
	int np = w * h, stack[SCORE_MAX_POINTS];
	uint16_t seen[SCORE_MAX_POINTS];
	memset(seen, 0, sizeof(seen));
	ch->n = 0;
	for (int p = 0; p < np; p++)
		ch->id[p] = -1;
	for (int p = 0; p < np; p++) {
		if (c[p] == SCORE_EMPTY || ch->id[p] >= 0)
			continue;
		int id = ch->n++, sp = 0, libs = 0;
		ch->id[p] = (int16_t)id;
		stack[sp++] = p;
		while (sp > 0) {
			int q = stack[--sp], nb[4], k = grid_nbrs(w, h, q, nb);
			for (int i = 0; i < k; i++) {
				int r = nb[i];
				if (c[r] == SCORE_EMPTY) {
					if (seen[r] != id + 1) {
						seen[r] = (uint16_t)(id + 1);
						libs++;
					}
				} else if (c[r] == c[q] && ch->id[r] < 0) {
					ch->id[r] = (int16_t)id;
					stack[sp++] = r;
				}
			}
		}
		ch->libs[id] = (int16_t)libs;
	}
}

/* Liberties the chain of colour col would have after col plays the
 * empty point p (merging every adjacent chain of col), or a large
 * number when the move captures something. */
static int
libs_after(int w, int h, const uint8_t *c, const struct chains *ch, int p,
	   int col)
{
	int nb[4], k = grid_nbrs(w, h, p, nb), np = w * h;
	int members[4], nm = 0, libs = 0;
	static _Thread_local uint8_t mark[SCORE_MAX_POINTS];
	int touched[SCORE_MAX_POINTS], nt = 0;
	for (int i = 0; i < k; i++) {
		int r = nb[i];
		if (c[r] == SCORE_EMPTY) {
			if (!mark[r]) {
				mark[r] = 1;
				touched[nt++] = r;
				libs++;
			}
		} else if (c[r] == col) {
			int id = ch->id[r], dup = 0;
			for (int j = 0; j < nm; j++)
				dup |= members[j] == id;
			if (!dup)
				members[nm++] = id;
		} else if (ch->libs[ch->id[r]] == 1) {
			libs = 1000; /* captures: never self-atari */
		}
	}
	if (nm > 0) {
		for (int q = 0; q < np; q++) {
			int in = 0;
			if (c[q] != col)
				continue;
			for (int j = 0; j < nm; j++)
				in |= ch->id[q] == members[j];
			if (!in)
				continue;
			int nb2[4], k2 = grid_nbrs(w, h, q, nb2);
			for (int i = 0; i < k2; i++) {
				int r = nb2[i];
				if (c[r] == SCORE_EMPTY && r != p && !mark[r]) {
					mark[r] = 1;
					touched[nt++] = r;
					libs++;
				}
			}
		}
	}
	for (int i = 0; i < nt; i++)
		mark[touched[i]] = 0;
	/* p itself was counted when it neighbours nothing: never, p is
	 * the played point and is not its own neighbour. */
	return libs;
}

/* A false eye in the strict sense: a one-point region of colour col
 * with too many diagonals held by the opponent's living stones (two in
 * the centre, one on the edge). */
static bool
false_eye(int w, int h, const uint8_t *live, int p, int col)
{
	int x = p % w, y = p / w, bad = 0, off = 0;
	static const int d[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
	for (int i = 0; i < 4; i++) {
		int xx = x + d[i][0], yy = y + d[i][1];
		if (xx < 0 || yy < 0 || xx >= w || yy >= h) {
			off = 1;
			continue;
		}
		if (live[yy * w + xx] == (3 - col))
			bad++;
	}
	return off ? bad >= 1 : bad >= 2;
}

void
score_count(const struct score_pos *pos, const struct score_opts *o,
	    struct score_result *r)
{
	int w = pos->w, h = pos->h, np = w * h;
	uint8_t live[SCORE_MAX_POINTS];
	int16_t reg[SCORE_MAX_POINTS];
	int rsize[SCORE_MAX_POINTS];
	uint8_t rmask[SCORE_MAX_POINTS], rseki[SCORE_MAX_POINTS];
	uint8_t seki[SCORE_MAX_POINTS], sekichain[SCORE_MAX_POINTS];
	int stack[SCORE_MAX_POINTS], nreg = 0;
	struct chains ch;

	memset(r, 0, sizeof(*r));
	for (int p = 0; p < np; p++)
		live[p] = pos->dead[p] ? SCORE_EMPTY : pos->color[p];
	find_chains(w, h, live, &ch);

	/* Empty regions after the dead stones are lifted. */
	for (int p = 0; p < np; p++)
		reg[p] = -1;
	for (int p = 0; p < np; p++) {
		if (live[p] != SCORE_EMPTY || reg[p] >= 0)
			continue;
		int id = nreg++, sp = 0;
		rsize[id] = 0;
		rmask[id] = 0;
		reg[p] = (int16_t)id;
		stack[sp++] = p;
		while (sp > 0) {
			int q = stack[--sp], nb[4], k = grid_nbrs(w, h, q, nb);
			rsize[id]++;
			for (int i = 0; i < k; i++) {
				int t = nb[i];
				if (live[t] != SCORE_EMPTY)
					rmask[id] |= live[t];
				else if (reg[t] < 0) {
					reg[t] = (int16_t)id;
					stack[sp++] = t;
				}
			}
		}
	}

	/* Seki liberties: empty points next to both colours that neither
	 * side can fill without leaving its own chain in atari. */
	memset(seki, 0, sizeof(seki));
	memset(sekichain, 0, sizeof(sekichain));
	for (int p = 0; p < np; p++) {
		int nb[4], k, has[3] = {0, 0, 0};
		if (live[p] != SCORE_EMPTY || rmask[reg[p]] != 3)
			continue;
		k = grid_nbrs(w, h, p, nb);
		for (int i = 0; i < k; i++)
			has[live[nb[i]]] = 1;
		if (!has[SCORE_BLACK] || !has[SCORE_WHITE])
			continue;
		if (libs_after(w, h, live, &ch, p, SCORE_BLACK) <= 1 &&
		    libs_after(w, h, live, &ch, p, SCORE_WHITE) <= 1) {
			seki[p] = 1;
			for (int i = 0; i < k; i++)
				if (live[nb[i]] != SCORE_EMPTY)
					sekichain[ch.id[nb[i]]] = 1;
		}
	}
	/* A one-colour region is a seki eye when every chain around it is
	 * in seki. */
	for (int i = 0; i < nreg; i++)
		rseki[i] = 0;
	{
		uint8_t any[SCORE_MAX_POINTS], all[SCORE_MAX_POINTS];
		for (int i = 0; i < nreg; i++) {
			any[i] = 0;
			all[i] = 1;
		}
		for (int p = 0; p < np; p++) {
			int nb[4], k;
			if (live[p] == SCORE_EMPTY)
				continue;
			k = grid_nbrs(w, h, p, nb);
			for (int i = 0; i < k; i++) {
				int t = nb[i];
				if (live[t] != SCORE_EMPTY)
					continue;
				if (sekichain[ch.id[p]])
					any[reg[t]] = 1;
				else
					all[reg[t]] = 0;
			}
		}
		for (int i = 0; i < nreg; i++)
			rseki[i] = any[i] && all[i] && rmask[i] != 3;
	}

	/* Must-fill points: a chain that still touches dame and has one
	 * liberty left inside its own territory will be in atari once the
	 * dame are filled, and its owner must then fill that point. */
	uint8_t teire[SCORE_MAX_POINTS];
	memset(teire, 0, sizeof(teire));
	if (o->strict) {
		int16_t dl[SCORE_MAX_POINTS], tl[SCORE_MAX_POINTS];
		int last[SCORE_MAX_POINTS];
		for (int i = 0; i < ch.n; i++)
			dl[i] = tl[i] = 0;
		for (int q = 0; q < np; q++) {
			int nb[4], k, ids[4], ni = 0;
			if (live[q] != SCORE_EMPTY || seki[q])
				continue;
			k = grid_nbrs(w, h, q, nb);
			for (int i = 0; i < k; i++) {
				int t = nb[i], id, dup = 0;
				if (live[t] == SCORE_EMPTY)
					continue;
				id = ch.id[t];
				for (int j = 0; j < ni; j++)
					dup |= ids[j] == id;
				if (dup)
					continue;
				ids[ni++] = id;
				if (rmask[reg[q]] == 3)
					dl[id]++;
				else if (rmask[reg[q]] == live[t]) {
					tl[id]++;
					last[id] = q;
				}
			}
		}
		for (int i = 0; i < ch.n; i++)
			if (dl[i] > 0 && tl[i] == 1)
				teire[last[i]] = 1;
	}

	/* Marks and counts. */
	for (int p = 0; p < np; p++) {
		int c = pos->color[p];
		if (c != SCORE_EMPTY && !pos->dead[p]) {
			r->mark[p] =
			    c == SCORE_BLACK ? SCORE_M_BSTONE : SCORE_M_WSTONE;
			r->cn[c].stones++;
			continue;
		}
		if (c != SCORE_EMPTY) /* dead: a prisoner for the other side */
			r->jp[3 - c].dead++;
		int m = rmask[reg[p]], own = 0;
		if (m == SCORE_BLACK || m == SCORE_WHITE)
			own = m;
		else if (m == 3 && !seki[p] && pos->owner_hint[p])
			own = pos->owner_hint[p];
		if (c != SCORE_EMPTY)
			r->mark[p] =
			    c == SCORE_BLACK ? SCORE_M_BDEAD : SCORE_M_WDEAD;
		if (seki[p]) {
			r->mark[p] = SCORE_M_SEKI;
			r->seki++;
			continue;
		}
		if (!own) {
			if (c == SCORE_EMPTY)
				r->mark[p] = SCORE_M_DAME;
			r->dame++;
			continue;
		}
		r->cn[own].area++;
		if (m == own && rseki[reg[p]]) {
			/* Strict rules (Art. 8) give seki eyes to nobody;
			 * servers count them as territory like any other
			 * enclosed point (measured on the OGS games). */
			if (c == SCORE_EMPTY)
				r->mark[p] = own == SCORE_BLACK
						 ? SCORE_M_BSEKIEYE
						 : SCORE_M_WSEKIEYE;
			if (!o->strict)
				r->jp[own].territory++;
			continue;
		}
		if ((o->strict && rsize[reg[p]] == 1 && m == own &&
		     false_eye(w, h, live, p, own)) ||
		    (teire[p] && m == own)) {
			if (c == SCORE_EMPTY)
				r->mark[p] = own == SCORE_BLACK
						 ? SCORE_M_BFALSE
						 : SCORE_M_WFALSE;
			continue;
		}
		if (c == SCORE_EMPTY)
			r->mark[p] =
			    own == SCORE_BLACK ? SCORE_M_BTERR : SCORE_M_WTERR;
		r->jp[own].territory++;
	}

	for (int c = SCORE_BLACK; c <= SCORE_WHITE; c++) {
		r->jp[c].captures = pos->captured[3 - c];
		r->jp[c].total =
		    r->jp[c].territory + r->jp[c].captures + r->jp[c].dead;
		r->cn[c].total = r->cn[c].stones + r->cn[c].area;
	}
	r->jp[SCORE_WHITE].komi = o->komi;
	r->cn[SCORE_WHITE].komi = o->komi;
	if (o->handicap >= 2) {
		if (o->hbonus == RULES_HB_N)
			r->cn[SCORE_WHITE].bonus = o->handicap;
		else if (o->hbonus == RULES_HB_N_MINUS_1)
			r->cn[SCORE_WHITE].bonus = o->handicap - 1;
	}
	r->jp[SCORE_WHITE].total += o->komi;
	r->cn[SCORE_WHITE].total += o->komi + r->cn[SCORE_WHITE].bonus;
	r->jp_margin = r->jp[SCORE_BLACK].total - r->jp[SCORE_WHITE].total;
	r->cn_margin = r->cn[SCORE_BLACK].total - r->cn[SCORE_WHITE].total;
}

void
score_format_margin(double margin, char *buf, int n)
{
	if (margin > -1e-9 && margin < 1e-9)
		snprintf(buf, (size_t)n, "0");
	else
		snprintf(buf, (size_t)n, "%c+%.15g", margin > 0 ? 'B' : 'W',
			 margin > 0 ? margin : -margin);
}

int
score_chain(const struct score_pos *pos, int p, uint8_t *mark)
{
	int stack[SCORE_MAX_POINTS], sp = 0, n = 0, col;

	if (p < 0 || p >= pos->w * pos->h ||
	    (col = pos->color[p]) == SCORE_EMPTY)
		return 0;
	memset(mark, 0, (size_t)(pos->w * pos->h));
	mark[p] = 1;
	stack[sp++] = p;
	while (sp > 0) {
		int q = stack[--sp], nb[4],
		    k = grid_nbrs(pos->w, pos->h, q, nb);
		n++;
		for (int i = 0; i < k; i++)
			if (pos->color[nb[i]] == col && !mark[nb[i]]) {
				mark[nb[i]] = 1;
				stack[sp++] = nb[i];
			}
	}
	return n;
}
