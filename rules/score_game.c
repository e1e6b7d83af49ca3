/*
 * score_game.c - score one game record (score.h, score_game()): its
 * rules and komi, the position after the replay, its dead stones (the
 * estimator, a given list, none, or a caller's judge), the count, and
 * how the count compares with RE.  `score` and `gtp` both score here.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../sgf/gameinfo.h"
#include "../sgf/sgf.h"
#include "score.h"

static const char *
ended_name(const struct score_game_result *s)
{
	switch (s->gi.result.kind) {
	case SGF_RES_RESIGN:
		return "resignation";
	case SGF_RES_TIME:
		return "time";
	case SGF_RES_FORFEIT:
		return "forfeit";
	case SGF_RES_VOID:
		return "void";
	default:
		break;
	}
	if (s->ri.end_passes >= 2)
		return "two-passes";
	if (s->ri.end_passes == 1)
		return "one-pass";
	return "none";
}

/* score_dead_list: mark the stones at the listed points dead. */
struct dead_put {
	struct score_pos *pos;
	int n;
};
static void
dead_one(int x, int y, void *ctx)
{
	struct dead_put *d = ctx;
	int p = y * d->pos->w + x;
	/* off this board: no stone there, like an empty point */
	if (x >= d->pos->w || y >= d->pos->h)
		return;
	if (d->pos->color[p] != SCORE_EMPTY) {
		d->pos->dead[p] = 1;
		d->n++;
	}
}

/* The list is read for the largest board, so that it means the same
 * points on every game's. */
int
score_dead_list(const char *list, struct score_pos *pos)
{
	struct dead_put d = {pos, 0};
	const char *s = list;
	while (*s) {
		size_t n;
		while (*s == ',' || *s == ' ' || *s == '[' || *s == ']')
			s++;
		n = strcspn(s, ", []");
		if (n == 0)
			break;
		if (sgf_point_list(s, n, SCORE_MAX_SIDE, SCORE_MAX_SIDE,
				   dead_one, &d) < 0)
			return -1;
		s += n;
	}
	return d.n;
}

double
score_game_komi(const struct score_game_opts *o, const struct sgf_gameinfo *gi,
		const struct rules *r)
{
	if (o->has_komi)
		return o->komi;
	if (gi->has_komi)
		return gi->komi;
	return gi->handicap >= 2 ? 0.5 : r->komi;
}

int
score_game(struct sgf_game *g, const struct score_game_opts *o,
	   struct score_game_result *s, char *why, size_t n, uint32_t *line,
	   uint32_t *col)
{
	memset(s, 0, sizeof(*s));
	if (sgf_game_type(g) != 1) {
		const struct sgf_prop *gm = sgf_node_prop(g->root, SGF_P_GM);
		sgf_game_linecol(g, gm->off, line, col);
		snprintf(why, n, "GM[%.20s] is not Go: it cannot be scored",
			 gm->values->s);
		return -1;
	}
	sgf_gameinfo(g, &s->gi);
	/* the game did not end by counting: its position is open */
	bool unfinished = s->gi.result.kind == SGF_RES_RESIGN ||
			  s->gi.result.kind == SGF_RES_TIME ||
			  s->gi.result.kind == SGF_RES_FORFEIT;
	const char *rname = o->rules ? o->rules : s->gi.rules;
	if (rname && *rname) {
		if (rules_from_name(&s->rules, rname)) {
			s->rules_unknown = true;
			if (o->rules) {
				snprintf(why, n, "unknown rule set '%s'",
					 rname);
				return -1;
			}
		}
	} else {
		rules_default(&s->rules);
	}
	s->rules_assumed = !o->rules && (!rname || !*rname || s->rules_unknown);
	s->komi = score_game_komi(o, &s->gi, &s->rules);

	if (score_replay(g, o->move, &s->pos, &s->ri)) {
		/* The only refusal: SZ asks for more than the counter holds
		 * (sgf_board_size() allows up to 52).  Point at the SZ. */
		const struct sgf_prop *sz =
		    g->root ? sgf_node_prop(g->root, SGF_P_SZ) : NULL;
		int w = 19, h = 19;
		sgf_board_size(g, &w, &h);
		if (sz)
			sgf_game_linecol(g, sz->off, line, col);
		snprintf(why, n,
			 "a %dx%d board cannot be scored (at most %dx%d)", w, h,
			 SCORE_MAX_SIDE, SCORE_MAX_SIDE);
		return -1;
	}
	if (o->dead_mode == SCORE_DEAD_GIVEN) {
		if (score_dead_list(o->dead, &s->pos) < 0) {
			snprintf(why, n, "invalid point list '%s'", o->dead);
			return -1;
		}
		s->method = "given";
	} else if (o->dead_mode == SCORE_DEAD_NONE) {
		s->method = "all-alive";
	} else if (o->dead_mode == SCORE_DEAD_JUDGE) {
		if (o->judge(o->judge_ctx, g, s, why, n))
			return -2;
		s->method = "engine";
	} else {
		struct score_estimate_opts eo = o->est;
		eo.to_move = s->ri.next;
		eo.last = s->ri.last;
		eo.unfinished = unfinished;
		eo.end_passes = s->ri.end_passes;
		eo.confirm_opponent_first = s->rules.scoring == RULES_TERRITORY;
		score_estimate(&s->pos, &eo);
		s->method = "estimate";
	}
	struct score_opts so;
	memset(&so, 0, sizeof(so));
	so.komi = s->komi;
	so.handicap = s->gi.handicap;
	so.hbonus = s->rules.hbonus;
	so.strict = o->strict;
	score_count(&s->pos, &so, &s->res);
	s->margin = s->rules.scoring == RULES_AREA ? s->res.cn_margin
						   : s->res.jp_margin;
	score_format_margin(s->margin, s->result, sizeof(s->result));
	s->agrees = s->re_match = -1;
	if (s->gi.result_raw) {
		/* for the text line: cut between characters, not inside
		 * one, and no control character breaks the line */
		const char *raw = s->gi.result_raw;
		size_t len = strlen(raw), max = sizeof(s->recorded) - 4;
		if (len > max) {
			len = max;
			while (len && ((unsigned char)raw[len] & 0xc0) == 0x80)
				len--;
		}
		for (size_t i = 0; i < len; i++)
			s->recorded[i] =
			    (unsigned char)raw[i] < 0x20 ? ' ' : raw[i];
		strcpy(s->recorded + len, raw[len] ? "..." : "");
	}
	if (s->gi.result.kind == SGF_RES_SCORE ||
	    s->gi.result.kind == SGF_RES_DRAW) {
		double rm = s->gi.result.kind == SGF_RES_DRAW ? 0
			    : s->gi.result.winner == 'B' ? s->gi.result.margin
							 : -s->gi.result.margin;
		s->agrees = fabs(rm - s->margin) < 1e-6;
		s->re_match =
		    (fabs(rm - s->res.jp_margin) < 1e-6 ? SCORE_MATCH_JAPANESE
							: 0) |
		    (fabs(rm - s->res.cn_margin) < 1e-6 ? SCORE_MATCH_CHINESE
							: 0);
		if (!s->agrees && s->rules_assumed) {
			/* count again as --rules chinese would: the same
			 * board, Chinese komi and compensation */
			struct rules cn;
			struct score_result alt;
			rules_from_name(&cn, "chinese");
			so.hbonus = cn.hbonus;
			if (!o->has_komi && !s->gi.has_komi &&
			    s->gi.handicap < 2)
				so.komi = cn.komi;
			score_count(&s->pos, &so, &alt);
			s->chinese_would_agree =
			    fabs(rm - alt.cn_margin) < 1e-6;
		}
	}
	s->ended = ended_name(s);
	s->open = s->pos.open || unfinished;
	return 0;
}
