/*
 * score_replay.c - the position to count: the main line replayed as an
 * SGF viewer would (rules/mainline.c; illegal moves are executed when
 * possible, `check` is the tool that reports them), told as score.h
 * has it.
 */
#include <string.h>

#include "../sgf/sgf.h"
#include "board.h"
#include "mainline.h"
#include "score.h"

/* mainline_policy.skipped: note the first move not played. */
static void
first_skip(void *ctx, const struct sgf_prop *p, long move, int x, int y,
	   const char *why)
{
	struct score_replay_info *info = ctx;
	(void)x;
	(void)y;
	if (info->skip_why)
		return;
	info->skip_move = move;
	info->skip_prop = p;
	info->skip_why = why;
}

int
score_replay(const struct sgf_game *g, int upto, struct score_pos *pos,
	     struct score_replay_info *info)
{
	static _Thread_local struct board b;
	struct mainline_policy pol = {
	    .upto = upto, .skipped = first_skip, .ctx = info};
	struct mainline_result res;
	int w = 19, h = 19;

	memset(info, 0, sizeof(*info));
	memset(pos, 0, sizeof(*pos));
	info->next = SCORE_BLACK;
	info->last = -1;
	sgf_board_size(g, &w, &h);
	if (w > SCORE_MAX_SIDE || h > SCORE_MAX_SIDE || !g->root)
		return -1;
	pos->w = w;
	pos->h = h;
	mainline_replay(g, w, h, &b, &pol, &res);
	info->moves = (int)res.moves;
	info->total_moves = (int)res.total_moves;
	info->skipped = (int)res.skipped;
	info->end_passes = res.end_passes;
	info->next = res.last_colour == 'B' ? SCORE_WHITE : SCORE_BLACK;
	info->last = res.last_x < 0 ? -1 : res.last_y * w + res.last_x;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			pos->color[y * w + x] =
			    (uint8_t)board_color(&b, board_pt(&b, x, y));
	pos->captured[SCORE_BLACK] = (int)res.lost[BOARD_BLACK];
	pos->captured[SCORE_WHITE] = (int)res.lost[BOARD_WHITE];
	return 0;
}
