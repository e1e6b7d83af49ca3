/*
 * judge.h - dead stones from a GTP engine, for `score --engine`.
 *
 * A judge keeps a pool of engine processes (cmd/engine.h): a worker
 * thread takes one for a game and gives it back, so there are never
 * more engines than threads scoring at once, and each is started once
 * for many games.  An engine that fails (dies, hangs past the timeout,
 * babbles) is killed and its game gets an error; the next game starts
 * a new one.  An engine that refuses a command ('?') stays.
 *
 * For each game the engine is told: boardsize, clear_board, komi (the
 * komi sgfkit counts with), the rules where it has a command for them
 * (kata-set-rules, else kgs-rules; GNU Go has neither), the handicap,
 * setup stones and the moves of the main line up to the counted one by
 * `play`, less the passes that end them, two by two (gtp.h; measured in
 * the man page); then it is asked `final_status_list dead` and, where
 * it answers, `final_status_list seki`.  Each stone it names stands for
 * its whole chain.  sgfkit's counter does the rest.
 */
#ifndef CMD_JUDGE_H
#define CMD_JUDGE_H

#include <stdbool.h>
#include <stdint.h>

#include "../rules/rules.h"
#include "../rules/score.h"
#include "../sgf/sgf.h"

struct judge;

/* A judge that runs `command` (as engine_start() splits it) and waits
 * at most `timeout` seconds for each answer.  Starts nothing yet.
 * Returns NULL when out of memory. */
struct judge *judge_new(const char *command, double timeout);

/* Stop every engine (each asked to quit, then killed if it stays) and
 * free j.  No judge_dead() may be running. */
void judge_free(struct judge *j);

/* What the engine said beyond the dead stones. */
struct judge_verdict {
	char name[64], version[64]; /* its `name` and `version` */
	bool stones;	 /* it was shown the position stone by stone, not the
			  * moves (see judge_dead) */
	bool seki_known; /* it answered final_status_list seki */
	uint8_t seki[SCORE_MAX_POINTS]; /* stones it calls seki */
};

/* Set pos->dead from the engine's dead stones for game g: pos is the
 * position score_replay() made of g after move `upto` (< 0: the end),
 * to_move (SCORE_BLACK or SCORE_WHITE) the side to play next, `komi`
 * and `rules` what it is counted with.  When the record cannot be
 * replayed in GTP (AE) or the engine refuses one of its moves (a ko
 * recapture, a suicide, a move on a stone: illegal by its rules), the
 * engine is shown pos itself, stone by stone, and v->stones is set.
 * Returns 0; -1 with why[0..n) when the engine could not judge the game
 * (it failed, it refused a command, its answer does not fit the
 * position, a board that is not square).  Safe to call from several
 * threads at once. */
int judge_dead(struct judge *j, const struct sgf_game *g, int upto, double komi,
	       const struct rules *rules, struct score_pos *pos, int to_move,
	       struct judge_verdict *v, char *why, size_t n);

/* The rules as sent to an engine that has `kata-set-rules`: KataGo's
 * JSON of the rule set's switches (ko, scoring, tax, suicide,
 * whiteHandicapBonus).  Written to buf[0..n). */
void judge_katago_rules(const struct rules *r, char *buf, size_t n);
/* ... and to one that has `kgs-rules`: japanese, chinese, aga or
 * new_zealand, the nearest of the four. */
const char *judge_kgs_rules(const struct rules *r);

#endif
