/*
 * pattern.c - position patterns (pattern.h).
 *
 * How a search stays cheap: most games never hold the pattern, and most
 * of those can be told without a replay.  Every stone on the board was
 * put there by a move or a setup of its colour, so a variant can stand
 * only in a game whose main line puts a black stone, at some time, on
 * each of its black points and a white one on each of its white points.
 * pattern_find() first walks the main line once, noting the points each
 * colour plays or sets up (two bitsets of the board), and drops the
 * variants whose points are not all among them; when none is left the
 * game is answered without a replay.  Otherwise the main line is
 * replayed on the replay board (replay_board.h), and each variant keeps
 * the number of its points that differ from the board: a move changes
 * only the point played and the stones it captures, and the points of
 * the pattern there are found through a table by cell, so a move costs
 * the pattern nothing unless it touches one of its points.  A variant
 * stands where its count is 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sgf/formats.h"
#include "pattern.h"
#include "replay_board.h"

#define WORDS	   ((SGF_MAX_SIDE * SGF_MAX_SIDE + 63) / 64)
#define MAX_POINTS (SGF_MAX_SIDE * SGF_MAX_SIDE)

struct variant {
	int sym;
	bool swap;
	/* the points that need a black ([0]) and a white ([1]) stone, by
	 * y * cols + x; words [wlo, whi) may be nonzero */
	uint64_t need[2][WORDS];
	int wlo, whi;
	int miss0; /* points differing from the empty board */
};

struct pattern {
	int cols, rows, npoints, nvar;
	struct variant var[PATTERN_MAX_VARIANTS];
	/* by cell of the replay board: the (variant, colour wanted) pairs
	 * ent_var[], ent_want[] from start[pt] to start[pt + 1] */
	uint16_t start[BOARD_ARR + 1];
	uint8_t ent_var[PATTERN_MAX_VARIANTS * MAX_POINTS];
	uint8_t ent_want[PATTERN_MAX_VARIANTS * MAX_POINTS];
	/* the cells that have pairs */
	bpt cells[MAX_POINTS];
	int ncells;
};

/* ------------------------------------------------------------------ */
/* Reading                                                             */

/* The points as read: colour wanted + 1 by y * cols + x (0: not named),
 * and the value that named each. */
struct grid {
	uint8_t want[MAX_POINTS];
	int cols, rows, color, n;
	bool clash;
	/* each variant's colour wanted + 1 by point, to drop repeats */
	uint8_t img[PATTERN_MAX_VARIANTS][MAX_POINTS];
};

static void
grid_add(int x, int y, void *ctx)
{
	struct grid *gr = ctx;
	uint8_t *w = &gr->want[y * gr->cols + x];

	if (*w && *w != gr->color + 1)
		gr->clash = true;
	if (!*w)
		gr->n++;
	*w = (uint8_t)(gr->color + 1);
}

static struct pattern *
fail(struct pattern_error *err, const struct sgf_game *g, uint32_t off,
     const char *fmt, const char *arg)
{
	if (g)
		sgf_game_linecol(g, off, &err->line, &err->col);
	snprintf(err->msg, sizeof(err->msg), fmt, arg ? arg : "");
	return NULL;
}

/* The variants of the points in gr under flags into p. */
static void
make_variants(struct pattern *p, struct grid *gr, unsigned flags)
{
	uint8_t(*img)[MAX_POINTS] = gr->img;
	int cols = gr->cols, rows = gr->rows, n = cols * rows;
	uint16_t count[BOARD_ARR + 1];
	int stride = cols + 1;

	p->nvar = 0;
	for (int sym = 0; sym < 8; sym++) {
		if (sym && !(flags & PATTERN_SYMMETRIES))
			break;
		/* a quarter turn of a rectangle is another board */
		if ((sym & 1) && cols != rows)
			continue;
		for (int swap = 0; swap < 2; swap++) {
			struct variant *v = &p->var[p->nvar];
			uint8_t *im = img[p->nvar];
			bool repeat = false;
			if (swap && !(flags & PATTERN_SWAP))
				break;
			memset(im, 0, (size_t)n);
			for (int i = 0; i < n; i++) {
				int x, y, c = gr->want[i];
				if (!c)
					continue;
				sgf_sym_point(sym, cols, rows, i % cols,
					      i / cols, &x, &y);
				if (swap && c != BOARD_EMPTY + 1)
					c = BOARD_OPP(c - 1) + 1;
				im[y * cols + x] = (uint8_t)c;
			}
			for (int k = 0; k < p->nvar && !repeat; k++)
				repeat = !memcmp(img[k], im, (size_t)n);
			if (repeat)
				continue;
			memset(v, 0, sizeof(*v));
			v->sym = sym;
			v->swap = swap;
			v->wlo = WORDS;
			for (int i = 0; i < n; i++) {
				int c = im[i] - 1;
				if (c == BOARD_BLACK || c == BOARD_WHITE) {
					v->need[c - 1][i / 64] |= 1ull
								  << (i % 64);
					v->miss0++;
					if (i / 64 < v->wlo)
						v->wlo = i / 64;
					v->whi = i / 64 + 1;
				}
			}
			p->nvar++;
		}
	}
	/* the table by cell: count, then place */
	memset(count, 0, sizeof(count));
	for (int k = 0; k < p->nvar; k++)
		for (int i = 0; i < n; i++)
			if (img[k][i])
				count[(i % cols + 1) +
				      (i / cols + 1) * stride]++;
	p->start[0] = 0;
	p->ncells = 0;
	for (int pt = 0; pt < BOARD_ARR; pt++) {
		p->start[pt + 1] = (uint16_t)(p->start[pt] + count[pt]);
		if (count[pt])
			p->cells[p->ncells++] = (bpt)pt;
	}
	memset(count, 0, sizeof(count));
	for (int k = 0; k < p->nvar; k++)
		for (int i = 0; i < n; i++)
			if (img[k][i]) {
				int pt =
				    (i % cols + 1) + (i / cols + 1) * stride;
				int e = p->start[pt] + count[pt]++;
				p->ent_var[e] = (uint8_t)k;
				p->ent_want[e] = (uint8_t)(img[k][i] - 1);
			}
}

struct pattern *
pattern_read(const char *text, size_t len, const char *file, unsigned flags,
	     struct pattern_error *err)
{
	struct sgf_limits lim;
	struct sgf_game **games = NULL, *g;
	struct pattern *p = NULL;
	struct grid *gr = NULL;
	const struct sgf_diag *d;
	int ng;

	memset(err, 0, sizeof(*err));
	if (len > PATTERN_MAX_BYTES) {
		snprintf(err->msg, sizeof(err->msg),
			 "a pattern file is at most %d bytes",
			 PATTERN_MAX_BYTES);
		return NULL;
	}
	sgf_limits_default(&lim);
	ng = sgf_parse_all(text, len, file, &lim, &games);
	if (ng < 0) {
		snprintf(err->msg, sizeof(err->msg), "out of memory");
		return NULL;
	}
	if (ng == 0 || !games[0]->root) {
		for (d = ng ? games[0]->diags : NULL; d; d = d->next)
			if (d->severity == SGF_ERROR)
				break;
		err->line = d ? d->line : 1;
		err->col = d ? d->col : 1;
		snprintf(err->msg, sizeof(err->msg), "%s",
			 d ? d->msg : "no SGF game tree found");
		goto out;
	}
	g = games[0];
	for (d = g->diags; d; d = d->next)
		if (d->severity == SGF_ERROR) {
			err->line = d->line;
			err->col = d->col;
			snprintf(err->msg, sizeof(err->msg), "%s", d->msg);
			goto out;
		}
	if (ng > 1) {
		fail(err, games[1], games[1]->root ? games[1]->root->off : 0,
		     "a second game tree: a pattern is one node%s", NULL);
		goto out;
	}
	if (sgf_game_type(g) != 1) {
		const struct sgf_prop *gm = sgf_node_prop(g->root, SGF_P_GM);
		fail(err, g, gm ? gm->off : g->root->off, "%s", SGF_NOT_GO_WHY);
		goto out;
	}
	gr = calloc(1, sizeof(*gr));
	p = calloc(1, sizeof(*p));
	if (!gr || !p) {
		snprintf(err->msg, sizeof(err->msg), "out of memory");
		goto out;
	}
	if (sgf_board_size(g, &gr->cols, &gr->rows) < 0) {
		const struct sgf_prop *sz = sgf_node_prop(g->root, SGF_P_SZ);
		fail(err, g, sz ? sz->off : g->root->off,
		     "board size '%s' is not 1 to 52 (SZ[19] or SZ[19:13])",
		     sz ? sz->values->s : "");
		goto out;
	}
	if (g->root->child) {
		fail(err, g, g->root->child->off,
		     "a second node: a pattern is one node%s", NULL);
		goto out;
	}
	for (const struct sgf_prop *pr = g->root->props; pr; pr = pr->next) {
		if (pr->pid == SGF_P_B || pr->pid == SGF_P_W) {
			fail(err, g, pr->off,
			     "a move (%s) in a pattern: AB, AW and AE name "
			     "its points",
			     pr->id);
			goto out;
		}
		if (pr->pid != SGF_P_AB && pr->pid != SGF_P_AW &&
		    pr->pid != SGF_P_AE)
			continue;
		gr->color = pr->pid == SGF_P_AB	  ? BOARD_BLACK
			    : pr->pid == SGF_P_AW ? BOARD_WHITE
						  : BOARD_EMPTY;
		for (const struct sgf_value *v = pr->values; v; v = v->next) {
			char ex[40];
			if (sgf_point_list(v->s, v->len, gr->cols, gr->rows,
					   grid_add, gr) > 0 &&
			    !gr->clash)
				continue;
			sgf_value_excerpt(v, ex, sizeof(ex));
			if (gr->clash)
				fail(err, g, v->off,
				     "'%s' names a point already named in "
				     "another colour",
				     ex);
			else
				fail(err, g, v->off,
				     "'%s' is not a point or rectangle of "
				     "the board",
				     ex);
			goto out;
		}
	}
	if (!gr->n) {
		fail(err, g, g->root->off,
		     "no point named: AB, AW and AE name a pattern's "
		     "points%s",
		     NULL);
		goto out;
	}
	p->cols = gr->cols;
	p->rows = gr->rows;
	p->npoints = gr->n;
	make_variants(p, gr, flags);
	free(gr);
	for (int i = 0; i < ng; i++)
		sgf_game_free(games[i]);
	free(games);
	return p;
out:
	free(gr);
	free(p);
	for (int i = 0; i < ng; i++)
		sgf_game_free(games[i]);
	free(games);
	return NULL;
}

void
pattern_free(struct pattern *p)
{
	free(p);
}

void
pattern_size(const struct pattern *p, int *cols, int *rows)
{
	*cols = p->cols;
	*rows = p->rows;
}

int
pattern_npoints(const struct pattern *p)
{
	return p->npoints;
}

int
pattern_nvariants(const struct pattern *p)
{
	return p->nvar;
}

/* ------------------------------------------------------------------ */
/* Finding                                                             */

struct played {
	uint64_t bits[2][WORDS]; /* [colour - 1], by y * cols + x */
	int cols, color;
};

static void
played_add(int x, int y, void *ctx)
{
	struct played *pl = ctx;
	int i = y * pl->cols + x;

	pl->bits[pl->color - 1][i / 64] |= 1ull << (i % 64);
}

/* The variants that can stand in g at all (see the top of the file). */
static unsigned
prefilter(const struct pattern *p, const struct sgf_game *g)
{
	struct played pl;
	unsigned live = 0;

	memset(pl.bits, 0, sizeof(pl.bits));
	pl.cols = p->cols;
	for (const struct sgf_node *n = g->root; n; n = n->child)
		for (const struct sgf_prop *pr = n->props; pr; pr = pr->next) {
			int x, y;
			switch (pr->pid) {
			case SGF_P_B:
			case SGF_P_W:
				if (sgf_point(pr->values->s, pr->values->len,
					      p->cols, p->rows, &x, &y) == 1) {
					pl.color = pr->pid == SGF_P_B
						       ? BOARD_BLACK
						       : BOARD_WHITE;
					played_add(x, y, &pl);
				}
				break;
			case SGF_P_AB:
			case SGF_P_AW:
				pl.color = pr->pid == SGF_P_AB ? BOARD_BLACK
							       : BOARD_WHITE;
				for (const struct sgf_value *v = pr->values; v;
				     v = v->next)
					sgf_point_list(v->s, v->len, p->cols,
						       p->rows, played_add,
						       &pl);
				break;
			default:
				break;
			}
		}
	for (int k = 0; k < p->nvar; k++) {
		const struct variant *v = &p->var[k];
		uint64_t lack = 0;
		for (int w = v->wlo; w < v->whi; w++)
			lack |= (v->need[0][w] & ~pl.bits[0][w]) |
				(v->need[1][w] & ~pl.bits[1][w]);
		if (!lack)
			live |= 1u << k;
	}
	return live;
}

struct search {
	const struct pattern *p;
	struct rboard b;
	int miss[PATTERN_MAX_VARIANTS];
	int color; /* of the setup property being placed */
};

static void
setup_put(int x, int y, void *ctx)
{
	struct search *s = ctx;

	rboard_put(&s->b, rboard_pt(&s->b, x, y), s->color);
}

/* Point pt went from colour `from` to `to`: the variants' counts. */
static inline bool
change(struct search *s, bpt pt, int from, int to)
{
	const struct pattern *p = s->p;
	int e = p->start[pt], end = p->start[pt + 1];

	for (; e < end; e++) {
		int want = p->ent_want[e];
		s->miss[p->ent_var[e]] += (from == want) - (to == want);
	}
	return e != p->start[pt];
}

/* The counts from the board (after setup). */
static void
recount(struct search *s)
{
	const struct pattern *p = s->p;

	memset(s->miss, 0, sizeof(s->miss));
	for (int i = 0; i < p->ncells; i++) {
		bpt pt = p->cells[i];
		int c = rboard_color(&s->b, pt);
		for (int e = p->start[pt]; e < p->start[pt + 1]; e++)
			s->miss[p->ent_var[e]] += c != p->ent_want[e];
	}
}

/* The first live variant standing, or -1. */
static int
standing(const struct search *s, unsigned live)
{
	for (int k = 0; k < s->p->nvar; k++)
		if ((live & (1u << k)) && !s->miss[k])
			return k;
	return -1;
}

int
pattern_find(const struct pattern *p, const struct sgf_game *g,
	     struct pattern_match *m)
{
	struct search s;
	bpt removed[MAX_POINTS];
	unsigned live;
	long moves = 0;
	int cols, rows, k;

	if (!g || !g->root || sgf_game_type(g) != 1)
		return 0;
	sgf_board_size(g, &cols, &rows);
	if (cols != p->cols || rows != p->rows)
		return 0;
	live = prefilter(p, g);
	if (!live)
		return 0;
	s.p = p;
	rboard_init(&s.b, cols, rows);
	for (k = 0; k < p->nvar; k++)
		s.miss[k] = p->var[k].miss0;
	for (const struct sgf_node *n = g->root; n; n = n->child) {
		bool setup = false;
		for (const struct sgf_prop *pr = n->props; pr; pr = pr->next) {
			if (pr->pid != SGF_P_AB && pr->pid != SGF_P_AW &&
			    pr->pid != SGF_P_AE)
				continue;
			s.color = pr->pid == SGF_P_AB	? BOARD_BLACK
				  : pr->pid == SGF_P_AW ? BOARD_WHITE
							: BOARD_EMPTY;
			for (const struct sgf_value *v = pr->values; v;
			     v = v->next)
				sgf_point_list(v->s, v->len, cols, rows,
					       setup_put, &s);
			setup = true;
		}
		if (setup) {
			rboard_setup_done(&s.b);
			recount(&s);
		}
		if ((setup || n == g->root) && (k = standing(&s, live)) >= 0)
			goto found;
		for (const struct sgf_prop *pr = n->props; pr; pr = pr->next) {
			int x, y, r, color, got, dead = 0;
			bool touched;
			bpt pt;
			if (pr->pid != SGF_P_B && pr->pid != SGF_P_W)
				continue;
			moves++;
			r = sgf_point(pr->values->s, pr->values->len, cols,
				      rows, &x, &y);
			if (r <= 0) {
				if (r == 0)
					rboard_pass(&s.b);
				continue;
			}
			pt = rboard_pt(&s.b, x, y);
			if (rboard_color(&s.b, pt) != BOARD_EMPTY)
				continue; /* skipped, as a viewer does */
			color = pr->pid == SGF_P_B ? BOARD_BLACK : BOARD_WHITE;
			got = rboard_play(&s.b, color, pt, &dead, removed);
			touched = change(&s, pt, BOARD_EMPTY, color);
			for (int i = 0; i < got; i++)
				touched |=
				    change(&s, removed[i], BOARD_OPP(color),
					   BOARD_EMPTY);
			for (int i = 0; i < dead; i++)
				touched |= change(&s, removed[got + i], color,
						  BOARD_EMPTY);
			if (touched && (k = standing(&s, live)) >= 0)
				goto found;
		}
	}
	return 0;
found:
	m->move = moves;
	m->sym = p->var[k].sym;
	m->swap = p->var[k].swap;
	return 1;
}
