/*
 * report.c - how the program speaks to its user on stderr: its name,
 * errors and warnings in git's style, the hint after a usage error, and
 * whether a failed write to stdout was only a reader that has gone.
 * Every command and main() use these; they call nothing back.
 */
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>

#include "cmd.h"

const char *cmd_progname = "sgfkit";

static void
vmsg(const char *kind, const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: %s: ", cmd_progname, kind);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void
cmd_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg("error", fmt, ap);
	va_end(ap);
}

void
cmd_warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg("warning", fmt, ap);
	va_end(ap);
}

int
cmd_usage_error(const char *cmd)
{
	if (cmd)
		fprintf(stderr, "Try '%s %s --help'.\n", cmd_progname, cmd);
	else
		fprintf(stderr, "Try '%s --help'.\n", cmd_progname);
	return EXIT_USAGE;
}

bool
cmd_reader_gone(int fd)
{
	/* the write end of a pipe or FIFO whose reader has closed it
	 * polls as an error (Linux and the BSDs) */
	struct pollfd pf = {.fd = fd, .events = POLLOUT, .revents = 0};
	return poll(&pf, 1, 0) == 1 && (pf.revents & POLLERR);
}
