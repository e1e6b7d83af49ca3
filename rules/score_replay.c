/*
 * score_replay.c - the position to count: replay a record's main line
 * on the board, as an SGF viewer would (illegal moves are executed
 * when possible; `check` is the tool that reports them).
 */
#include <string.h>

#include "../sgf/sgf.h"
#include "board.h"
#include "score.h"

struct put_ctx {
	struct board *b;
	int color;
};

static void
put_one(int x, int y, void *ctx)
{
	struct put_ctx *pc = ctx;
	bpt p = board_pt(pc->b, x, y);
	if (p != BPT_NONE)
		board_put(pc->b, p, pc->color);
}

int
score_replay(const struct sgf_game *g, int upto, struct score_pos *pos,
	     struct score_replay_info *info)
{
	static _Thread_local struct board b;
	int w = 19, h = 19;
	unsigned capd[3] = {0, 0, 0};

	memset(info, 0, sizeof(*info));
	memset(pos, 0, sizeof(*pos));
	info->next = SCORE_BLACK;
	info->last = -1;
	sgf_board_size(g, &w, &h);
	if (w > SCORE_MAX_SIDE || h > SCORE_MAX_SIDE || !g->root)
		return -1;
	board_init(&b, w, h);
	pos->w = w;
	pos->h = h;
	bool stopped = false;
	for (const struct sgf_node *n = g->root; n; n = n->child) {
		bool setup = false;
		for (const struct sgf_prop *p = n->props; p; p = p->next) {
			int col;
			if (p->pid == SGF_P_AB)
				col = BOARD_BLACK;
			else if (p->pid == SGF_P_AW)
				col = BOARD_WHITE;
			else if (p->pid == SGF_P_AE)
				col = BOARD_EMPTY;
			else
				continue;
			if (stopped)
				continue;
			struct put_ctx pc = {&b, col};
			for (const struct sgf_value *v = p->values; v;
			     v = v->next)
				sgf_point_list(v->s, v->len, w, h, put_one,
					       &pc);
			setup = true;
		}
		if (setup && !stopped)
			board_setup_done(&b);
		for (const struct sgf_prop *p = n->props; p; p = p->next) {
			int col, x, y;
			if (p->pid == SGF_P_B)
				col = BOARD_BLACK;
			else if (p->pid == SGF_P_W)
				col = BOARD_WHITE;
			else
				continue;
			info->total_moves++;
			if (upto == 0) /* the position before any move */
				stopped = true;
			if (stopped)
				continue;
			info->moves++;
			info->next =
			    col == BOARD_BLACK ? SCORE_WHITE : SCORE_BLACK;
			info->last = -1;
			int k = sgf_point(p->values->s, p->values->len, w, h,
					  &x, &y);
			if (k <= 0) {
				if (k == 0) {
					board_pass(&b);
					info->end_passes++;
				} else {
					info->skipped++;
				}
			} else {
				bpt q = board_pt(&b, x, y);
				info->end_passes = 0;
				info->last = y * w + x;
				if (board_color(&b, q) != BOARD_EMPTY) {
					info->skipped++;
				} else {
					int sui = 0;
					capd[BOARD_OPP(col)] +=
					    (unsigned)board_play(&b, col, q,
								 &sui);
					capd[col] += (unsigned)sui;
				}
			}
			if (upto > 0 && info->moves >= upto)
				stopped = true;
		}
	}
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			pos->color[y * w + x] =
			    (uint8_t)board_color(&b, board_pt(&b, x, y));
	pos->captured[SCORE_BLACK] = (int)capd[SCORE_BLACK];
	pos->captured[SCORE_WHITE] = (int)capd[SCORE_WHITE];
	return 0;
}
