/*
 * mainline.c - replay a record's main line as an SGF viewer would, under
 * a policy: where to stop, what to record (see mainline.h).
 */
#include <string.h>

#include "mainline.h"

struct put_ctx {
	struct board *b;
	long *num;
	int w;
	int color;
	int bad;
};

static void
put_point(int x, int y, void *ctx)
{
	struct put_ctx *c = ctx;
	bpt pt = board_pt(c->b, x, y);

	if (pt == BPT_NONE) {
		c->bad = 1;
		return;
	}
	board_put(c->b, pt, c->color);
	if (c->num)
		c->num[y * c->w + x] = 0;
}

/* AB, AW, AE of one node.  Returns whether it had any. */
static bool
setup(const struct sgf_node *n, struct board *b, int w, int h,
      const struct mainline_policy *pol)
{
	struct put_ctx c = {b, pol->num, w, 0, 0};
	bool any = false;

	for (const struct sgf_prop *p = n->props; p; p = p->next) {
		if (p->pid == SGF_P_AB)
			c.color = BOARD_BLACK;
		else if (p->pid == SGF_P_AW)
			c.color = BOARD_WHITE;
		else if (p->pid == SGF_P_AE)
			c.color = BOARD_EMPTY;
		else
			continue;
		for (const struct sgf_value *v = p->values; v; v = v->next) {
			c.bad = 0;
			if ((sgf_point_list(v->s, v->len, w, h, put_point, &c) <
				 0 ||
			     c.bad) &&
			    pol->bad_setup)
				pol->bad_setup(pol->ctx, p, v);
		}
		any = true;
	}
	return any;
}

/* After setup or captures, forget the numbers of empty points. */
static void
sync_numbers(const struct board *b, int w, int h, long *num)
{
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			if (board_color(b, board_pt(b, x, y)) == BOARD_EMPTY)
				num[y * w + x] = 0;
}

static void
skip(const struct mainline_policy *pol, struct mainline_result *res,
     const struct sgf_prop *p, int x, int y, const char *why)
{
	res->skipped++;
	if (pol->skipped)
		pol->skipped(pol->ctx, p, res->moves, x, y, why);
}

void
mainline_replay(const struct sgf_game *g, int w, int h, struct board *b,
		const struct mainline_policy *pol, struct mainline_result *res)
{
	bool stopped = false;

	memset(res, 0, sizeof(*res));
	res->last_x = res->last_y = -1;
	board_init(b, w, h);
	if (pol->num)
		memset(pol->num, 0, sizeof(*pol->num) * (size_t)w * (size_t)h);
	for (const struct sgf_node *n = g->root; n; n = n->child) {
		/* nothing after move N, not even setup */
		if (pol->upto > 0 && res->moves >= pol->upto)
			stopped = true;
		if (!stopped && setup(n, b, w, h, pol)) {
			board_setup_done(b);
			if (pol->num)
				sync_numbers(b, w, h, pol->num);
		}
		for (const struct sgf_prop *p = n->props; p; p = p->next) {
			int x, y, r, color, got, dead = 0;
			bpt pt;

			if (p->pid != SGF_P_B && p->pid != SGF_P_W)
				continue;
			res->total_moves++;
			if (pol->upto >= 0 && res->moves >= pol->upto)
				stopped = true;
			if (stopped)
				continue;
			color = p->pid == SGF_P_B ? BOARD_BLACK : BOARD_WHITE;
			r = sgf_point(p->values->s, p->values->len, w, h, &x,
				      &y);
			res->moves++;
			res->last_colour = p->pid == SGF_P_B ? 'B' : 'W';
			res->last_x = res->last_y = -1;
			if (r < 0) {
				skip(pol, res, p, -1, -1, "is not a point");
				continue;
			}
			if (r == 0) {
				board_pass(b);
				res->end_passes++;
				continue;
			}
			res->end_passes = 0;
			res->last_x = x;
			res->last_y = y;
			pt = board_pt(b, x, y);
			if (board_color(b, pt) != BOARD_EMPTY) {
				skip(pol, res, p, x, y,
				     "is on an occupied point");
				continue;
			}
			got = board_play(b, color, pt, &dead);
			res->lost[BOARD_OPP(color)] += (unsigned)got;
			res->lost[color] += (unsigned)dead;
			if (pol->num) {
				pol->num[y * w + x] = res->moves;
				if (got || dead)
					sync_numbers(b, w, h, pol->num);
			}
		}
	}
}
