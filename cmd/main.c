/*
 * main.c - the sgfkit program: global options and subcommand dispatch.
 *
 * Each subcommand lives in its own file and is listed in commands[].
 * After it returns, main checks that everything written to stdout
 * really reached it (a full disk or a closed pipe must not look like
 * success), as git's run_builtin does.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

static const struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
} commands[] = {
    {"check", cmd_check, "report syntax and rules problems in records"},
    {"convert", cmd_convert,
     "convert records to SGF, JSON, GIB, NGF, GTP or a diagram"},
    {"dupes", cmd_dupes, "find records that are the same game"},
    {"gtp", cmd_gtp, "referee and score for Go programs (GTP 2)"},
    {"info", cmd_info, "one line of game information per game"},
    {"score", cmd_score, "find dead stones and count finished games"},
    {"select", cmd_select, "write the records that match conditions"},
};

static void
usage(FILE *f)
{
	size_t i;

	fprintf(f,
		"usage: %s COMMAND [OPTIONS] [FILE|-]...\n"
		"       %s --help | --version\n\ncommands:\n",
		cmd_progname, cmd_progname);
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].help);
	fprintf(f,
		"\nRun '%s COMMAND --help' for a command's options; "
		"see sgfkit(1).\n",
		cmd_progname);
}

/* Flush stdout and report a write error (EPIPE is quiet, as in grep). */
static int
finish_stdout(int rc)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		if (errno == EPIPE || cmd_reader_gone(fileno(stdout)))
			return rc ? rc : EXIT_USAGE;
		cmd_error("write error on standard output: %s",
			  strerror(errno));
		return EXIT_USAGE;
	}
	return rc;
}

int
main(int argc, char **argv)
{
	size_t i;

	/* A closed pipe (sgfkit ... | head) ends us quietly through EPIPE
	 * on write instead of a signal; commands stop on the write error. */
	signal(SIGPIPE, SIG_IGN);
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return finish_stdout(EXIT_OK);
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
		printf("sgfkit %s\n", SGFKIT_VERSION);
		return finish_stdout(EXIT_OK);
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (!strcmp(argv[1], commands[i].name))
			return finish_stdout(
			    commands[i].fn(argc - 1, argv + 1));
	}
	if (argv[1][0] == '-')
		cmd_error("unknown option '%s'", argv[1]);
	else
		cmd_error("'%s' is not a sgfkit command", argv[1]);
	return cmd_usage_error(NULL);
}
