/*
 * gtp.c - `sgfkit gtp`: a GTP 2 referee and scorer on stdin and stdout.
 * The options, the read loop with its bounded line reader, and the
 * printing; the session that answers is rules/gtpserver.c.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/gtpserver.h"
#include "../rules/rules.h"
#include "../sgf/gtp.h"
#include "cli.h"
#include "cmd.h"

/* The longest command line read: a longer one is read to its end
 * without being kept, and answered with an error. */
#define GTP_LINE_MAX (16 * 1024)

static const char gtp_usage[] =
    "usage: sgfkit gtp [OPTIONS]\n"
    "\n"
    "Answer GTP 2 commands on standard input, on standard output: a\n"
    "referee (play and is_legal refuse what check calls illegal) and a\n"
    "scorer (final_score, final_status_list) for Go programs and match\n"
    "runners.  It plays no moves.\n"
    "\n"
    "options:\n"
    "      --rules NAME       rule set (default: a loaded record's RU,\n"
    "                         else japanese)\n"
    "      --komi K           komi of new boards (default: a loaded\n"
    "                         record's KM, else as score chooses it)\n"
    "  -h, --help             this help\n";

/* One line of in into buf (n bytes), without its newline.  Returns its
 * length, SIZE_MAX at the end of the input, or n when the line was
 * longer: it is then read to its end and buf holds its start. */
static size_t
read_line(FILE *in, char *buf, size_t n)
{
	size_t len = 0;
	int c;

	while ((c = getc(in)) != EOF && c != '\n')
		if (c == 0)
			continue; /* a control byte, which GTP drops */
		else if (len < n)
			buf[len++] = (char)c;
		else
			len = n; /* (read on, not kept) */
	if (c == EOF && len == 0)
		return SIZE_MAX;
	if (len < n)
		buf[len] = 0;
	return len;
}

int
cmd_gtp(int argc, char **argv)
{
	enum { O_RULES = 0x2000, O_KOMI };
	static const struct option opts[] = {
	    {"rules", required_argument, NULL, O_RULES},
	    {"komi", required_argument, NULL, O_KOMI},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	struct gtpserver_opts so;
	struct gtpserver *s;
	struct rules tmp;
	char *buf;
	int opt;

	memset(&so, 0, sizeof(so));
	so.version = SGFKIT_VERSION;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (opt) {
		case O_RULES:
			if (!*optarg || rules_from_name(&tmp, optarg)) {
				cmd_error("unknown rule set '%s'", optarg);
				return cmd_usage_error("gtp");
			}
			so.rules = optarg;
			break;
		case O_KOMI:
			if (cli_opt_double(optarg, "+-0123456789.", -1000, 1000,
					   "komi", NULL, &so.komi))
				return cmd_usage_error("gtp");
			so.has_komi = true;
			break;
		case 'h':
			fputs(gtp_usage, stdout);
			return EXIT_OK;
		default:
			return cmd_usage_error("gtp");
		}
	}
	if (optind < argc) {
		cmd_error("'gtp' reads commands on standard input, not '%s'",
			  argv[optind]);
		return cmd_usage_error("gtp");
	}
	buf = malloc(GTP_LINE_MAX + 1);
	s = buf ? gtpserver_new(&so) : NULL;
	if (!s) {
		free(buf);
		cmd_error("out of memory");
		return EXIT_USAGE;
	}
	for (;;) {
		struct gtpserver_answer a;
		size_t len = read_line(stdin, buf, GTP_LINE_MAX);
		if (len == SIZE_MAX)
			break;
		if (len == GTP_LINE_MAX) {
			buf[64] = 0; /* its id is at the start */
			gtpserver_too_long(s, buf, GTP_LINE_MAX, &a);
		} else if (!gtpserver_line(s, buf, &a)) {
			continue;
		}
		gtp_reply_write(stdout, a.ok, a.id, a.text);
		/* a controller waits for each answer */
		if (fflush(stdout) || a.quit)
			break;
	}
	gtpserver_free(s);
	free(buf);
	return EXIT_OK;
}
