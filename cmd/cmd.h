/*
 * cmd.h - what the sgfkit subcommands share.
 *
 * Adding a subcommand:
 *   1. write cmd/NAME.c with `int cmd_NAME(int argc, char **argv)`: its
 *      own getopt_long table, a usage text for --help, the work, and an
 *      exit code from enum exit_code;
 *   2. add it to commands[] in cmd/main.c and declare it below;
 *   3. add man/sgfkit-NAME.1 and a section in man/sgfkit.1, and the
 *      README example;
 *   4. add golden tests under tests/cli/.
 * Only cmd/ prints.  Library code returns errors with positions and the
 * command decides how to report them.
 */
#ifndef CMD_H
#define CMD_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

/* Exit statuses, documented in man/sgfkit.1 under EXIT STATUS. */
enum exit_code {
	EXIT_OK = 0,	  /* everything read was valid */
	EXIT_PROBLEM = 1, /* at least one record has a problem (or, for
			   * score --mismatch, a result disagrees) */
	EXIT_USAGE = 2,	  /* bad command line, or an input could not be
			   * opened or read */
};

extern const char *cmd_progname; /* "sgfkit" */

int cmd_convert(int argc, char **argv);
int cmd_gtp(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_dupes(int argc, char **argv);
int cmd_score(int argc, char **argv);
int cmd_select(int argc, char **argv);

/* Messages on stderr in git's style: "sgfkit: error: cannot open 'x'". */
void cmd_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cmd_warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print "Try 'sgfkit CMD --help'." and return EXIT_USAGE. */
int cmd_usage_error(const char *cmd);

/* True when fd is the write end of a pipe whose reader has gone: a
 * write error there is the quiet end of `sgfkit ... | head`, whatever
 * errno says by the time the error is seen (the stream's error flag
 * outlives the errno of the write that set it). */
bool cmd_reader_gone(int fd);

#endif
