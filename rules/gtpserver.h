/*
 * gtpserver.h - a GTP 2 session that referees and scores (`sgfkit gtp`):
 * a command line in, a response text out.
 *
 * The session keeps the game as an SGF record (sgf/sgf.h's building
 * API) and asks the rest of sgfkit about it: a move is illegal exactly
 * when check_game() reports it under the session's rule set (check.h),
 * final_score and final_status_list come from score_game() (score.h),
 * showboard is the text diagram (diagram.h), printsgf the SGF writer.
 * It plays no moves: genmove is refused.
 *
 * Library code: nothing here prints or exits.  The command reads the
 * lines and writes the responses (gtp_reply_write() in sgf/gtp.h).
 */
#ifndef RULES_GTPSERVER_H
#define RULES_GTPSERVER_H

#include <stdbool.h>
#include <stddef.h>

struct gtpserver_opts {
	const char *rules; /* a rule set's name (rules_from_name()), or
			    * NULL: each record's RU, else Japanese */
	bool has_komi;	   /* komi of the boards boardsize and
			    * clear_board make; else none is written
			    * and score_game_komi() chooses */
	double komi;
	const char *version; /* the `version` answer (not copied) */
};

/* One response: "=" (ok) or "?", the command's id (-1: none) and the
 * text (owned by the session, valid until the next call). */
struct gtpserver_answer {
	bool ok;
	long id;
	const char *text;
	bool quit; /* the command was quit: end the session */
};

struct gtpserver;

/* A session on an empty 19x19 board.  Returns NULL when out of memory
 * or when o->rules names no rule set. */
struct gtpserver *gtpserver_new(const struct gtpserver_opts *o);
void gtpserver_free(struct gtpserver *s);

/* Answer one command line (without its newline; changed in place, as
 * gtp_command_parse() reads it).  Returns 1 with the response in *a, or
 * 0 when the line asks nothing (empty, a comment): GTP answers nothing
 * then.  Memory stays bounded however long the session. */
int gtpserver_line(struct gtpserver *s, char *line, struct gtpserver_answer *a);

/* The response to a line that was too long to read (the command's
 * words are lost): an error with the id of its start, which is
 * changed in place as gtpserver_line() changes a line. */
void gtpserver_too_long(struct gtpserver *s, char *start, size_t max,
			struct gtpserver_answer *a);

#endif
