/*
 * score.h - count a finished position: dead stones, territory, area.
 *
 * The counting code works on a plain colour grid (index y * w + x) so
 * that it can be tested on hand-made positions and used with dead
 * stones from any source: the estimator (score_estimate), the user
 * (--dead) or nobody (--all-alive).
 *
 * Counting conventions (see man/sgfkit-score.1):
 *   - Japanese (territory): empty points enclosed by one colour's living
 *     stones, plus the points under the opponent's dead stones; plus
 *     prisoners (captured during play and dead stones removed); komi to
 *     White.  Seki eyes and dame count for nobody.  Server style (the
 *     default) counts every enclosed point; strict style drops the
 *     points of false eyes, which the strict rule says must be filled.
 *   - Chinese (area): living stones plus enclosed empty points (seki
 *     eyes included), komi and handicap compensation to White.
 */
#ifndef SCORE_H
#define SCORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../sgf/gameinfo.h"
#include "rules.h"

#define SCORE_MAX_SIDE	 25
#define SCORE_MAX_POINTS (SCORE_MAX_SIDE * SCORE_MAX_SIDE)

enum { SCORE_EMPTY = 0, SCORE_BLACK = 1, SCORE_WHITE = 2 };

/* What a point is worth in the final count (score_result.mark). */
enum score_mark {
	SCORE_M_DAME = 0, /* empty, nobody's */
	SCORE_M_BSTONE,	  /* living black stone */
	SCORE_M_WSTONE,	  /* living white stone */
	SCORE_M_BTERR,	  /* black territory (empty) */
	SCORE_M_WTERR,	  /* white territory (empty) */
	SCORE_M_BDEAD,	  /* dead black stone: White's point */
	SCORE_M_WDEAD,	  /* dead white stone: Black's point */
	SCORE_M_SEKI,	  /* empty point of a seki (shared liberty) */
	SCORE_M_BSEKIEYE, /* eye of a black seki group: area only */
	SCORE_M_WSEKIEYE, /* eye of a white seki group: area only */
	SCORE_M_BFALSE,	  /* black enclosed point dropped by --strict */
	SCORE_M_WFALSE,	  /* white enclosed point dropped by --strict */
};

/* A position to count. */
struct score_pos {
	int w, h;			 /* 1..SCORE_MAX_SIDE */
	uint8_t color[SCORE_MAX_POINTS]; /* SCORE_EMPTY/BLACK/WHITE */
	uint8_t dead[SCORE_MAX_POINTS];	 /* 1: stone is dead */
	/* Empty points settled by the estimator when the players left a
	 * boundary open: SCORE_BLACK or SCORE_WHITE makes an empty point
	 * that touches both colours count as that colour's; 0 = by
	 * flood fill only. */
	uint8_t owner_hint[SCORE_MAX_POINTS];
	int captured[3]; /* stones of colour c captured
			  * during play ([1] black, [2] white) */
	/* Set by score_estimate(): the position was estimated as an open
	 * one (the record did not end by counting, or stones stand on
	 * fewer than one point in SCORE_OPEN_STONES_DIV and the line does
	 * not end with a pass), cheaply: a count of such a position is an
	 * estimate, not a final count. */
	bool open;
};

struct score_opts {
	double komi;
	int handicap;			  /* HA; compensation when >= 2 */
	enum rules_handicap_bonus hbonus; /* area compensation rule */
	bool strict; /* strict Japanese: false eyes, must-fill points next
		      * to unfilled dame and seki eyes are not territory */
};

struct score_side_jp {
	int territory; /* enclosed empty points + points of dead stones */
	int captures;  /* opponent stones captured during play */
	int dead;      /* opponent dead stones removed */
	double komi;
	double total;
};
struct score_side_cn {
	int stones; /* living stones */
	int area;   /* enclosed empty points (incl. seki eyes) */
	double komi;
	double bonus; /* handicap compensation */
	double total;
};

struct score_result {
	struct score_side_jp jp[3]; /* [SCORE_BLACK], [SCORE_WHITE] */
	struct score_side_cn cn[3];
	double jp_margin; /* black minus white */
	double cn_margin;
	int dame, seki;			/* counts of such points */
	uint8_t mark[SCORE_MAX_POINTS]; /* enum score_mark per point */
};

/* Count *pos under both conventions.  Dead stones are removed first;
 * seki liberties are recognised statically (an empty point touching
 * both colours that neither can fill without putting its own chain in
 * atari).  Never fails. */
void score_count(const struct score_pos *pos, const struct score_opts *o,
		 struct score_result *r);

/* The chain of the stone at point p (y * w + x) of *pos: sets mark[q]
 * to 1 for each of its stones and 0 for every other point (mark holds
 * w * h bytes) and returns how many there are; 0, mark untouched, when
 * p is empty or off the board.  For dead stones named one at a time
 * (an engine's list), which stand for their chains. */
int score_chain(const struct score_pos *pos, int p, uint8_t *mark);

/* Write a margin as SGF RE text: "B+3.5", "W+0.5", "0". */
void score_format_margin(double margin, char *buf, int n);

/* Dead-stone estimation. */
#define SCORE_PLAYOUTS	      128 /* per final position, by default */
#define SCORE_OPEN_PLAYOUTS   32  /* per open position, by default */
#define SCORE_OPEN_STONES_DIV 8	  /* fewer stones than points / 8: open */
struct score_estimate_opts {
	int playouts;  /* per position; 0 = the default for its kind */
	uint64_t seed; /* fixed by default */
	int to_move;   /* SCORE_BLACK / SCORE_WHITE: who plays next */
	int last;      /* y*w+x of the stone of the last move (played by
			* the other side), or -1 (a pass, or unknown) */
	/* The record says the game did not end by counting (resignation,
	 * time, forfeit): the position is open, and is estimated cheaply
	 * (SCORE_OPEN_PLAYOUTS unless playouts is given, no second look
	 * at the groups near the threshold). */
	bool unfinished;
	/* Consecutive passes at the end of the line.  With one or more
	 * the players declared this position finished: it is estimated
	 * however few stones stand on it.  (A result that is a count is
	 * not enough: records of test positions carry one.)  With two or
	 * more and confirm_opponent_first, a closed group that lives or
	 * dies by who moves first is dead (estimate.c, unsettled()). */
	int end_passes;
	/* Territory rules (Japanese 1989, Korean): a group's status is
	 * confirmed with its opponent moving first. */
	bool confirm_opponent_first;
};
void score_estimate_opts_default(struct score_estimate_opts *o);

/* Fill pos->dead (and pos->owner_hint) from the stones of pos by
 * Benson's unconditional life, Monte Carlo playouts and per-group
 * decisions, and pos->open (see there).  A position with stones on
 * fewer than one point in SCORE_OPEN_STONES_DIV whose line does not
 * end with a pass (o->end_passes 0) is not estimated at all: no
 * stone is dead, and only enclosed regions count.  Deterministic for a
 * given seed.  Returns 0, or -1 if the board is too large. */
int score_estimate(struct score_pos *pos, const struct score_estimate_opts *o);

/* Main-line replay (rules/score_replay.c). */
struct sgf_game;
struct sgf_prop;
struct score_replay_info {
	int moves;	/* B and W moves replayed (passes included) */
	int next;	/* SCORE_BLACK or SCORE_WHITE: who plays next */
	int end_passes; /* consecutive passes at the end of the line */
	int skipped;	/* moves on occupied or off-board points, ignored */
	/* the first of them: its number, its B or W property (in the
	 * game replayed) and why it was not played (a static phrase: "is
	 * not a point", "is on an occupied point") */
	long skip_move;
	const struct sgf_prop *skip_prop;
	const char *skip_why;
	int total_moves; /* moves in the whole main line */
	int last;	 /* y*w+x of the last move replayed, -1 when
			  * there is none or it was a pass */
};

/* Replay the main line of g (setup properties and moves, captures as
 * an SGF viewer executes them, whatever the rules) up to and including
 * move `upto` (0: the setup before any move; < 0: to the end) and put the
 * position in *pos (colours and stones captured; dead and hints cleared).
 * Returns 0, or -1 when the board is larger than SCORE_MAX_SIDE or not
 * square-free of SZ errors. */
int score_replay(const struct sgf_game *g, int upto, struct score_pos *pos,
		 struct score_replay_info *info);

/* ---------------------------------------------------------------------
 * One game scored (rules/score_game.c): what `score` prints for a
 * record and `gtp` answers to final_score.
 */

/* Who says which stones are dead. */
enum score_dead_mode {
	SCORE_DEAD_ESTIMATE, /* score_estimate() */
	SCORE_DEAD_GIVEN,    /* the list in score_game_opts.dead */
	SCORE_DEAD_NONE,     /* every stone is alive (Tromp-Taylor) */
	SCORE_DEAD_JUDGE,    /* score_game_opts.judge (an engine) */
};

struct score_game_result;
struct score_game_opts {
	const char *rules; /* a rule set's name, or NULL: RU, else the
			    * default (Japanese) */
	bool has_komi;	   /* komi given: it wins over KM */
	double komi;
	int move; /* count the position after this move; < 0: the end */
	enum score_dead_mode dead_mode;
	const char *dead; /* SCORE_DEAD_GIVEN: the points (see
			   * score_dead_list) */
	bool strict;	  /* strict Japanese territory (score_opts) */
	struct score_estimate_opts est; /* SCORE_DEAD_ESTIMATE; to_move,
					 * last and unfinished are the
					 * game's */
	/* SCORE_DEAD_JUDGE: mark s->pos.dead for game g (s->komi,
	 * s->rules and s->ri are set); return 0, or -1 with why in
	 * why[n].  May be called from several threads at once. */
	int (*judge)(void *ctx, const struct sgf_game *g,
		     struct score_game_result *s, char *why, size_t n);
	void *judge_ctx;
};

/* score_game_result.re_match bits */
enum { SCORE_MATCH_JAPANESE = 1, SCORE_MATCH_CHINESE = 2 };

struct score_game_result {
	struct sgf_gameinfo gi;
	struct rules rules;
	bool rules_unknown; /* RU names no rule set we know */
	/* no rule set named by the options or a recognised RU: the
	 * default is an assumption, and output says so (RULESETS.md:
	 * never guess silently) */
	bool rules_assumed;
	double komi; /* score_game_komi() */
	struct score_pos pos;
	struct score_result res;
	struct score_replay_info ri;
	double margin;	   /* under the game's rules, black minus white */
	char result[32];   /* margin as RE text: "B+3.5", "0" */
	char recorded[64]; /* RE for one text line ("..." when cut) */
	int agrees;	   /* 1, 0, or -1 (RE has no score to compare) */
	/* the counts RE's margin equals: SCORE_MATCH_* bits, -1 if RE
	 * has no margin */
	int re_match;
	/* the rules were assumed, the result disagrees with RE, and
	 * Chinese rules would agree (their komi and handicap
	 * compensation, not only their way of counting) */
	bool chinese_would_agree;
	const char *ended; /* "two-passes", "resignation" ... (static) */
	/* an open position (the game did not end by counting, or the
	 * board is nearly empty): its count is an estimate */
	bool open;
	const char *method; /* "estimate", "given", "all-alive", "engine" */
};

/* The komi a game is counted with: the options' komi, else KM, else
 * 0.5 in a handicap game (two stones or more), else the rule set's. */
double score_game_komi(const struct score_game_opts *o,
		       const struct sgf_gameinfo *gi, const struct rules *r);

/* Mark dead the stones of *pos at the points of list (SGF points and
 * "aa:cc" rectangles, separated by commas, spaces or brackets), read for
 * the largest board so that a list means the same points on every
 * board; points off pos's board or empty are ignored.  Returns the
 * number of stones marked, or -1 when the list is malformed. */
int score_dead_list(const char *list, struct score_pos *pos);

/* Score game g (the main line, to o->move) into *s: rules, komi,
 * position, dead stones by o->dead_mode, both counts, the comparison
 * with RE.  Prints nothing; g is not changed.  Returns 0; -1 when the
 * game cannot be counted (not Go, a board over SCORE_MAX_SIDE, an
 * unknown o->rules or a malformed o->dead) with why in why[n] and its
 * place in the file in *line, *col (left alone when it has none); -2
 * when o->judge failed, with its why. */
int score_game(struct sgf_game *g, const struct score_game_opts *o,
	       struct score_game_result *s, char *why, size_t n, uint32_t *line,
	       uint32_t *col);

#endif
