/*
 * cli.h - the batch plumbing every subcommand shares: inputs, threads,
 * ordered output, summary, progress.
 *
 * A subcommand fills a struct cli with its callbacks and options, lets
 * cli_parse_opt() handle the shared options inside its getopt_long
 * loop, and calls cli_run() with the operands.  The plumbing then:
 *
 *   - expands the operands: files, directories with -r (filtered by
 *     --ext), "-" or nothing for stdin, --files-from lists (-0 for NUL
 *     separated);
 *   - cuts every input into games (a stream of SGF collections, JSON
 *     Lines, or a whole-file format; .gz is read transparently), in
 *     memory bounded by the largest game and a fixed window;
 *   - runs cli->process() on each game in -j N threads;
 *   - writes each game's output in input order, whatever N is;
 *   - keeps the summary (games, valid, invalid by problem code, scored,
 *     agreeing with RE) and draws a progress bar on a terminal.
 *
 * process() runs on worker threads: it may only touch the game, its
 * struct cli_res and read-only data in ctx.  The hooks file_begin() and
 * file_end() run on the writing thread, in input order, and may write
 * to cli->out or switch it (convert -d).
 */
#ifndef CLI_H
#define CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "../sgf/formats.h"
#include "../sgf/sgf.h"

struct sgf_gameinfo; /* ../sgf/gameinfo.h */

/* Per-game result filled by process(). */
struct cli_res {
	FILE *out;	/* this game's output (a memory stream); write freely */
	FILE *err_;	/* private: see cli_err() */
	unsigned flags; /* CLI_R_* */
	/* Something for cli->game_end: one block from malloc(), which
	 * game_end then owns (free()d for it if the run stops first). */
	void *keep;
	/* With cli->records: the record's bytes as read (an SGF game tree
	 * from its '(' to its ')'), to write it byte for byte; NULL for a
	 * game read from another format or decoded from UTF-16, which is
	 * written as SGF instead (cli_write_record). */
	const char *record;
	size_t record_len;
	/* private: problem codes seen in this game (for the summary) */
	const char *codes_[16];
	unsigned ncodes_;
	struct cli_job *job_;
};
enum cli_res_flags {
	CLI_R_INVALID = 1 << 0,	 /* the game has an error (exit status 1) */
	CLI_R_SCORED = 1 << 1,	 /* score: the game was counted */
	CLI_R_AGREE = 1 << 2,	 /* score: the count agrees with RE */
	CLI_R_DISAGREE = 1 << 3, /* score: the count disagrees with RE */
	CLI_R_SKIPPED = 1 << 4,	 /* nothing was produced for this game */
};

/* Messages for stderr, printed in input order with the game's output.
 * Returns a memory stream; write whole lines. */
FILE *cli_err(struct cli_res *r);
/* Count a problem code for the summary ("invalid by problem code").
 * `code` must be a string that lives for the whole run (a literal or
 * sgf_code_name()).  Counted once per game. */
void cli_res_code(struct cli_res *r, const char *code);

/* Print the reader's errors for game `g` on stderr as FILE:LINE:COL:
 * error: MESSAGE [CODE] and count their codes for the summary; with
 * `warnings`, its warnings too, in order (uncounted: they do not make
 * a game invalid).  `convert` shows them, since a warning may say
 * that something read is not in the output; `info` and `score` leave
 * them to `check`. */
void cli_report_diags(const struct sgf_game *g, struct cli_res *r,
		      bool warnings);
/* Print "FILE:LINE:COL: " on stderr for byte offset `off` of game g's
 * text, the head of a message about that place (the caller writes the
 * rest of the line). */
void cli_report_at(const struct sgf_game *g, struct cli_res *r, uint32_t off);
/* Print one of them (d, from g->diags) as cli_report_diags() does. */
void cli_report_diag(const struct sgf_game *g, struct cli_res *r,
		     const struct sgf_diag *d);
/* Print the notes of gi (the dialects sgf_gameinfo_root() interpreted
 * in game g) on stderr as FILE:LINE:COL: warning: NOTE, each at the
 * value it is about.  Uncounted: a note does not make a game invalid. */
void cli_report_notes(const struct sgf_game *g, struct cli_res *r,
		      const struct sgf_gameinfo *gi);

/* Information about one input, for the file hooks. */
struct cli_file {
	const char *name; /* as given (or found under a directory) */
	const char *path; /* to open; "-" for stdin */
	unsigned games;	  /* games read from it (in file_end) */
	unsigned invalid; /* games with CLI_R_INVALID (in file_end) */
	bool unreadable;  /* could not be opened or read (in file_end) */
	const struct sgf_diag *diags; /* stream diagnostics (in file_end) */
};

struct cli_summary {
	/* a file read but without a game (not SGF, empty) is in nogame,
	 * and also one of the games, invalid */
	unsigned long files, unreadable, nogame;
	unsigned long games, valid, invalid, scored, agree, disagree;
	double seconds;
	struct {
		const char *code;
		unsigned long n;
	} codes[64];
	unsigned ncodes;
};

struct cli {
	/* Set by the command before cli_run(). */
	const char *cmd; /* "check", for messages */
	int (*process)(struct sgf_game *g, struct cli_res *r, void *ctx);
	void (*file_begin)(struct cli *c, struct cli_file *f);
	void (*file_end)(struct cli *c, struct cli_file *f);
	/* SGF streams: is the game of chunk ch (ch->index in file
	 * ch->file) wanted?  Called on a worker thread before the game is
	 * parsed; a game not wanted is dropped unread, as if it were not
	 * there.  NULL: every game (for a later pass over games chosen by
	 * an earlier one). */
	bool (*want_game)(struct cli *c, const struct sgf_chunk *ch);
	/* SGF streams: take the game of chunk ch without a parse?  Called
	 * on a worker thread after want_game, with r as process() gets it
	 * (r->record is not set); returns true when it did what process()
	 * would have (r->keep, r->flags, output), false to have the game
	 * parsed and handed to process().  NULL: every game parsed. */
	bool (*fast_game)(struct cli *c, const struct sgf_chunk *ch,
			  struct cli_res *r);
	/* Pass each game's record bytes to process() (struct cli_res). */
	bool records;
	/* Runs on the writing thread after a game's output, in input order
	 * whatever -j is, for each game whose process() set r->keep;
	 * game_no is the game's number in the whole run, from 1. */
	void (*game_end)(struct cli *c, unsigned long game_no, void *keep);
	void *ctx;
	/* Human summary on stderr also when it is not a terminal (check's
	 * one-line summary). */
	bool summary_always;
	/* The command prints nothing per game (score -q): the JSON summary
	 * is its only output, even for one game. */
	bool summary_only;
	/* file_end prints the stream diagnostics itself (check); else
	 * the errors among them go to stderr. */
	bool own_stream_diags;
	/* Games per batch of work (0: batch.c's BATCH_GAMES, sized for games
	 * that cost microseconds, as in check and info).  A command whose
	 * games cost milliseconds (score) asks for small batches, so that
	 * -j N keeps N threads busy to the end of a short run. */
	int batch_games;
	/* Format forced with -f (NULL: by extension, then content). */
	const struct sgf_format_info *informat;
	struct sgf_limits limits;

	/* Shared options (cli_parse_opt). */
	bool recursive, null_sep, json, no_summary;
	int progress; /* -1 auto, 0 off, 1 on */
	int jobs;     /* 0: all cores */
	char exts[128];
	const char *files_from;

	/* Output: stdout unless changed (cli_output_open). */
	FILE *out;
	int status; /* EXIT_* so far; cli_run() returns the final one */
	bool stop;  /* set on a fatal write error: stop everything */
	struct cli_summary sum;
	int exit_status; /* set by cli_getopt() with CLI_OPT_EXIT */

	/* private */
	char *tmp_path_, *out_path_;
	bool out_err_;
	bool out_is_err_; /* stdout and stderr are one file: interleave */
};

/* Make getopt's own messages say "sgfkit CMD: unrecognized option". */
void cli_argv0(char **argv, const char *cmd);

/* Initialise with defaults (stdout, -j all cores, --ext sgf). */
void cli_init(struct cli *c, const char *cmd);

/* The long options every batch command accepts; put CLI_LONGOPTS in the
 * command's struct option table and "rj:0" in its short options. */
enum {
	CLI_OPT_EXT = 0x1000,
	CLI_OPT_FILES_FROM,
	CLI_OPT_NO_SUMMARY,
	CLI_OPT_PROGRESS,
	CLI_OPT_NO_PROGRESS,
	CLI_OPT_MAX_GAME_BYTES,
};
#define CLI_SHORTOPTS "rj:0f:h"
#define CLI_LONGOPTS                                                           \
	{"recursive", no_argument, NULL, 'r'},                                 \
	    {"from", required_argument, NULL, 'f'},                            \
	    {"help", no_argument, NULL, 'h'},                                  \
	    {"jobs", required_argument, NULL, 'j'},                            \
	    {"null", no_argument, NULL, '0'},                                  \
	    {"ext", required_argument, NULL, CLI_OPT_EXT},                     \
	    {"files-from", required_argument, NULL, CLI_OPT_FILES_FROM},       \
	    {"no-summary", no_argument, NULL, CLI_OPT_NO_SUMMARY},             \
	    {"progress", no_argument, NULL, CLI_OPT_PROGRESS},                 \
	    {"no-progress", no_argument, NULL, CLI_OPT_NO_PROGRESS},           \
	{                                                                      \
		"max-game-bytes", required_argument, NULL,                     \
		    CLI_OPT_MAX_GAME_BYTES                                     \
	}
/* Help text for those options, to print in a command's --help. */
extern const char cli_opts_help[];

/* Handle one shared option from getopt_long.  Returns 1 if handled, 0
 * if the option is not a shared one, -1 on a bad argument (message
 * printed). */
int cli_parse_opt(struct cli *c, int opt, const char *arg);

/* Numeric option values, read whole or refused: "invalid WHAT 'ARG'"
 * on stderr, followed by " HINT" when `hint` is not NULL ("invalid
 * rotation '45' (0, 90, 180 or 270)"), else by the range taken
 * ("invalid number of jobs '0' (1 to 1024)"), and -1 returned.  Each wording
 * is the caller's, so a command keeps its messages. */
/* A decimal integer from min to max (as strtol reads it).  Returns 0
 * with *out set, or -1 (message printed). */
int cli_opt_long(const char *arg, long min, long max, const char *what,
		 const char *hint, long *out);
/* A decimal number made only of the bytes in `chars` (so that strtod
 * does not also take "0x10", "1e1" or "inf"), from min to max.
 * Returns 0 with *out set, or -1 (message printed). */
int cli_opt_double(const char *arg, const char *chars, double min, double max,
		   const char *what, const char *hint, double *out);
/* A range of values, both ends included: "N" (N alone), "N..M", "N.."
 * (N or more) or "..M" (M or less); an end left out is -HUGE_VAL or
 * HUGE_VAL.  Every range option of every command is read here, so that
 * they all take one syntax. */
struct cli_range {
	double lo, hi;
};
enum cli_range_kind {
	CLI_RANGE_INT,	/* whole numbers from min to max */
	CLI_RANGE_NUM,	/* decimal numbers (digits, '.', '-') from min to max */
	CLI_RANGE_DATE, /* dates YYYY, YYYY-MM or YYYY-MM-DD as YYYYMMDD: a
			 * low end partly given is its first day (2005 is
			 * 20050000), a high end its last (20059999) */
	CLI_RANGE_RANK, /* ranks 30k .. 9p as sgf_rank_value() numbers them
			 * (min and max unused) */
};
/* Read a range of `kind`.  Returns 0 with *out set, or -1 with "invalid
 * WHAT 'ARG' HINT" printed (an end that is not a value, one outside
 * min..max, lo above hi, or ".." alone). */
int cli_opt_range(const char *arg, enum cli_range_kind kind, double min,
		  double max, const char *what, const char *hint,
		  struct cli_range *out);
/* Is x in r? */
static inline bool
cli_range_has(const struct cli_range *r, double x)
{
	return x >= r->lo && x <= r->hi;
}
/* The date at the start of s (a DT value: "2005-11-02", "1990-11",
 * "2005-11-02,03") as YYYYMMDD, a part not given as 00.  Returns 0, or
 * -1 when s does not start with a year. */
int cli_date_value(const char *s, double *out);
/* Print the message of a bad value as those two do (for a check they
 * cannot make, such as a rotation by a multiple of 90) and return -1. */
int cli_opt_invalid(const char *what, const char *arg, const char *hint);

enum { CLI_OPT_EXIT = -2 };
/* getopt_long() for a batch command: `shortopts` and `longopts` are the
 * command's own plus CLI_SHORTOPTS and CLI_LONGOPTS.  The shared options
 * (inputs, -j, -f/--from, -h/--help, ...) are handled here; returns the
 * next option that is the command's own, -1 after the last option, or
 * CLI_OPT_EXIT when the command must return c->exit_status at once:
 * after --help (`usage`, then the shared options' help, on stdout;
 * status 0) or after a bad or unknown option (message and usage hint
 * on stderr; status 2). */
int cli_getopt(struct cli *c, int argc, char **argv, const char *shortopts,
	       const struct option *longopts, const char *usage);

/* Send the output to `path` instead of stdout: written to a temporary
 * file beside it and renamed by cli_output_close(), so it is never
 * half-written (as cli_write_whole(): a link's target is written, the
 * file keeps its mode, a device or a FIFO is written in place).  "-" is
 * stdout.  Returns 0, or -1 (message printed). */
int cli_output_open(struct cli *c, const char *path);
/* Finish the output opened by cli_output_open: flush, and rename into
 * place if `keep` and nothing failed, else remove.  Returns 0, or -1
 * (message printed, c->status set). */
int cli_output_close(struct cli *c, bool keep);

/* Run over the operands (argv[0..argc-1], may be empty: stdin) and
 * return the exit status: EXIT_OK, EXIT_PROBLEM when a game had
 * CLI_R_INVALID, EXIT_USAGE when an input was unreadable or a write
 * failed (also c->status). */
int cli_run(struct cli *c, int argc, char **argv);

/* Print the summary (JSON line on c->out with --json, except after a
 * run of one game, else a human line on stderr when appropriate).
 * Called by cli_run. */
void cli_print_summary(struct cli *c);

/* An input's name without its directory and extension, for naming
 * outputs after it: "a/b.sgf.gz" -> "b", "-" -> "stdin".  Returns a
 * pointer into name and the stem's length in *len (or "stdin"). */
const char *cli_input_stem(const char *name, size_t *len);

/* The output names a run has written, and whose each is, so that two
 * inputs never silently share one (convert -d, score --svg).  Zero it
 * to start. */
struct cli_names {
	char **v; /* "NAME\0FILE" or "NAME\0FILE game N", by hash of NAME */
	size_t cap, n;
};
/* Note NAME as written for FILE (game > 0: that game of it).  Returns
 * NULL if it is new, else whose it already is ("a/game.sgf game 2"). */
const char *cli_names_add(struct cli_names *t, const char *name,
			  const char *file, unsigned game);
void cli_names_free(struct cli_names *t);

/* Write data to path whole: beside it first and renamed over it, so
 * never half written; a symbolic link's target is written and the link
 * stays, the file keeps its mode, and a device or a FIFO is written in
 * place.  Returns 0, or -1 with errno. */
int cli_write_whole(const char *path, const char *data, size_t len);

/* Write game g as read: r->record and a newline when there is one,
 * else g as SGF (sgf_write_sgf).  A game whose input ended before its
 * ')' has no record bytes (they would swallow what is written after
 * them): it is written as repaired, and the reader's warning that says
 * so is printed.  Returns 0, or -1 on a write error. */
int cli_write_record(const struct sgf_game *g, struct cli_res *r, FILE *out);

/* For hand-written JSON Lines (faster than building a cJSON tree for
 * every game): write s as a quoted, escaped string, as
 * sgf_json_str(SGF_JSON_STR_UESC) does (NULL writes null). */
void cli_json_str(FILE *f, const char *s);

#endif
