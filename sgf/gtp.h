/*
 * gtp.h - the Go Text Protocol (GTP 2): its vertices, its responses,
 * what may stand in them, and a record told as GTP commands.
 *
 * One module for every part of sgfkit that speaks or reads GTP: the
 * reader of GTP scripts (sgf/gtp.c, `convert -f gtp`), the writer of
 * them (`convert -t gtp`), the client that asks an engine for its dead
 * stones (`score --engine`, cmd/engine.c), and a server that answers
 * GTP commands.  Vertex names, response parsing and quoting exist here
 * once.
 *
 * Text only: nothing here reads or writes a file descriptor, starts a
 * process, prints or exits (the client's pipes and processes are in
 * cmd/engine.c).  Every function is safe to call from several threads.
 *
 * Coordinates are sgfkit's: x from the left, y from the top, 0-based, as
 * in SGF.  GTP counts rows from the bottom and names columns A to Z
 * without I, so boards of at most 25 columns have vertex names.
 */
#ifndef SGF_GTP_H
#define SGF_GTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "sgf.h"

#define GTP_MAX_SIDE   25 /* columns with a letter: A..Z without I */
#define GTP_VERTEX_MAX 8  /* "pass", "Z25" and the NUL */

/* "Q16", "q16", "Q016" or "pass" (any case; s[0..len) need not end in a
 * NUL) on a board of cols x rows.  Returns 1 and the point in *x, *y;
 * 0 for a pass; -1 when s is not a vertex of this board. */
int gtp_vertex_parse(const char *s, size_t len, int cols, int rows, int *x,
		     int *y);

/* The column letter of x (0 <= x < GTP_MAX_SIDE): A..Z without I. */
char gtp_column_letter(int x);

/* The vertex of point (x, y) on a board of `rows` rows: "Q16"; "pass"
 * when x < 0.  GTP has no name for x >= GTP_MAX_SIDE: there two letters,
 * "AB30" (check's problems name points of boards up to 52 so). */
void gtp_vertex_name(int x, int y, int rows, char buf[GTP_VERTEX_MAX]);

/* "b", "black", "w", "white" in any case: 'B' or 'W'; else 0. */
int gtp_colour_parse(const char *s);

/* ---------------------------------------------------------------------
 * Commands: "[id] command_name [arguments]", one a line.
 */

#define GTP_MAX_WORDS 32 /* command name and arguments kept */

struct gtp_command {
	long id;		   /* its id, or -1 */
	int argc;		   /* words kept: argv[0] is the command name */
	bool too_many;		   /* more words than GTP_MAX_WORDS: those
				    * after are not in argv */
	char *argv[GTP_MAX_WORDS]; /* inside the parsed line */
};

/* Read one command line (without its newline) as GTP 2 says (section
 * 3.1): control characters but HT dropped, HT as a space, '#' and what
 * follows it dropped, then words split on spaces; a first word of
 * digits only is the id (a larger id than 999999999 is kept as that).
 * The line is changed in place; argv points into it.  Returns 1 for a
 * command (argc >= 1), 0 for a line with nothing to answer (empty,
 * blank, a comment, or an id alone). */
int gtp_command_parse(char *line, struct gtp_command *c);

/* ---------------------------------------------------------------------
 * Responses: "=[id] text" or "?[id] text", ended by an empty line.
 */

/* The most a response may hold: a babbling engine's output is cut off
 * here rather than read without end. */
#define GTP_REPLY_MAX (64 * 1024)

struct gtp_reply {
	bool ok;    /* '=': success; '?': failure */
	long id;    /* the id it carries, or -1 */
	char *text; /* inside the parsed buffer, NUL-terminated: the lines
		     * after '=' or '?' and the id, joined by '\n', with
		     * CRs and the space after the id removed and trailing
		     * blanks trimmed ("" for an empty response) */
};

/* Parse the response at the start of buf[0..len), changing the buffer
 * in place (the text is NUL-terminated where the response ended).
 * Empty lines before it are skipped, as the standard asks of
 * controllers; CRLF line ends are accepted.  Returns the number of bytes
 * the response took, blank line included (> 0); 0 when the response is
 * not complete yet (read more: nothing was changed); -1 when buf holds
 * something that is not a response (a line that starts with neither '='
 * nor '?', or an id that is not a number). */
long gtp_reply_parse(char *buf, size_t len, struct gtp_reply *r);

/* Write a response: "=id text\n\n" (id < 0: "= text\n\n"), or "?..."
 * when !ok.  The text is quoted as the protocol needs: control
 * characters (but newlines) become spaces and empty lines are left out,
 * so that it cannot end the response early or forge another one.  A
 * text that starts with a newline starts on the line after the '='
 * (showboard's board). */
void gtp_reply_write(FILE *f, bool ok, long id, const char *text);

/* Make text safe to show on one line, in place: control characters,
 * newlines included, become spaces; runs of spaces are squeezed; blanks
 * at both ends go.  Returns the new length.  For an engine's failure
 * message in sgfkit's own error lines. */
size_t gtp_text_line(char *s);

/* Can s be sent as one argument of a command?  Non-empty, no blank, no
 * control character and no '#' (which starts a comment). */
bool gtp_word_ok(const char *s);

/* ---------------------------------------------------------------------
 * A record as GTP commands.
 */
struct gtp_setup {
	long upto;	      /* moves of the main line to replay; < 0: all */
	bool drop_end_passes; /* leave out the passes that end the moves
			       * replayed, two by two: an engine told the
			       * two passes that end a game may judge it as
			       * it stands (KataGo does), and an odd pass
			       * stays so that the side to move is the
			       * record's */
	bool komi_set;	      /* send `komi` below rather than the
			       * record's KM (KM absent: no komi command) */
	double komi;
	/* where a move or setup value that is not a point is noted
	 * ("not-played") as it is left out; may be NULL */
	struct sgf_write_notes *notes;
};

/* The commands that set up the main line of g in an engine, one line
 * each without its newline, through emit(ctx, line): boardsize,
 * clear_board, komi, the handicap (fixed_handicap when the root's AB
 * stones are the GTP fixed placement, set_free_handicap for other
 * black-only root setups), `play` for other setup stones, then one
 * `play` per move (passes included, but those dropped by
 * drop_end_passes; the engine judges the moves: a play on an occupied
 * point is sent).  Moves are counted as everywhere in sgfkit: move N
 * is the N-th B or W property of the main line.  With upto 0, the setup
 * of every node before the first move.  A move or setup value that is
 * not a point is left out with a note in o->notes, as check and score
 * skip it.  Stops at the first emit() that returns non-zero and returns
 * that value.  Returns 0, or -1 with *why (static text) when the record
 * cannot be told in GTP: not Go (SGF_NOT_GO_WHY), a board that is not
 * square or is over 25x25, AE (stones removed). */
int gtp_setup_commands(const struct sgf_game *g, const struct gtp_setup *o,
		       int (*emit)(void *ctx, const char *line), void *ctx,
		       const char **why);

/* A position as GTP commands, stone by stone, through emit() as above:
 * boardsize, clear_board, komi, then `play` for each stone of
 * colour[y * size + x] (0 empty, 1 black, 2 white), those of colour
 * `first` first, so that the other colour plays last.  For a position
 * whose history GTP cannot replay: placing the stones of a position in
 * which every chain has a liberty captures nothing, so no move is
 * illegal.  Returns 0, or emit()'s first non-zero value. */
int gtp_position_commands(int size, const unsigned char *colour, int first,
			  double komi, int (*emit)(void *ctx, const char *line),
			  void *ctx);

/* gtp_setup_commands() for `convert -t gtp`: the record's own komi and
 * every move up to `upto` (< 0: all), one command a line on out; what
 * is left out is noted in *notes (may be NULL).  Returns 0, or -1 with
 * *why (also on a write error). */
int gtp_write_script(FILE *out, const struct sgf_game *g, long upto,
		     const char **why, struct sgf_write_notes *notes);

#endif
