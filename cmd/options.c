/*
 * options.c - the options every batch command shares (cli_getopt,
 * cli_parse_opt) and the checks of numeric option values.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../sgf/gameinfo.h"
#include "cli.h"
#include "cmd.h"

const char cli_opts_help[] =
    "  -r, --recursive        read directories, recursively\n"
    "      --ext LIST         extensions read under directories "
    "(default sgf)\n"
    "      --files-from FILE  read input names from FILE ('-': stdin)\n"
    "  -0, --null             names in --files-from end with NUL\n"
    "  -j, --jobs N           worker threads (default: all cores)\n"
    "      --no-summary       no summary at the end\n"
    "      --progress         progress bar on stderr even if not a "
    "terminal\n"
    "      --no-progress      no progress bar\n"
    "      --max-game-bytes N largest game read (default 256M)\n";

void
cli_argv0(char **argv, const char *cmd)
{
	static char name[64];

	snprintf(name, sizeof(name), "%s %s", cmd_progname, cmd);
	argv[0] = name;
}

void
cli_init(struct cli *c, const char *cmd)
{
	memset(c, 0, sizeof(*c));
	c->cmd = cmd;
	c->out = stdout;
	c->progress = -1;
	/* Big writes into pipes and files (only effective before the
	 * first output, hence here); a terminal stays line buffered. */
	if (!isatty(1))
		setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	strcpy(c->exts, "sgf");
	sgf_limits_default(&c->limits);
}

int
cli_opt_invalid(const char *what, const char *arg, const char *hint)
{
	cmd_error("invalid %s '%s'%s%s", what, arg, hint ? " " : "",
		  hint ? hint : "");
	return -1;
}

/* The range a number must be in, for a caller that gives no hint of
 * its own: the message then says what would have been taken. */
static const char *
range_hint(double min, double max, char *buf, size_t n)
{
	if (max >= (double)LONG_MAX)
		snprintf(buf, n, "(%.15g or more)", min);
	else
		snprintf(buf, n, "(%.15g to %.15g)", min, max);
	return buf;
}

int
cli_opt_long(const char *arg, long min, long max, const char *what,
	     const char *hint, long *out)
{
	char *end, buf[64];
	long n;

	/* errno reset: strtol sets it only on failure */
	errno = 0;
	n = strtol(arg, &end, 10);
	if (errno || *end || end == arg || n < min || n > max)
		return cli_opt_invalid(what, arg,
				       hint ? hint
					    : range_hint((double)min,
							 (double)max, buf,
							 sizeof(buf)));
	*out = n;
	return 0;
}

int
cli_opt_double(const char *arg, const char *chars, double min, double max,
	       const char *what, const char *hint, double *out)
{
	char *end, buf[64];
	double x;

	errno = 0;
	x = strtod(arg, &end);
	/* !(in range) also refuses a NaN */
	if (arg[strspn(arg, chars)] || errno || *end || end == arg ||
	    !(x >= min && x <= max))
		return cli_opt_invalid(
		    what, arg,
		    hint ? hint : range_hint(min, max, buf, sizeof(buf)));
	/* "-0" is 0: a negative zero would print as "-0" */
	*out = x == 0 ? 0 : x;
	return 0;
}

/* A date YYYY[-MM[-DD]] at s as YYYYMMDD, a part left out as `pad`
 * (0 or 99); *end after it.  Returns 0 or -1. */
static int
read_date(const char *s, int pad, const char **end, double *out)
{
	long part[3] = {0, pad, pad};
	int n = 0;

	for (;;) {
		int digits = n == 0 ? 4 : 2;
		long v = 0;
		for (int i = 0; i < digits; i++, s++) {
			if (*s < '0' || *s > '9')
				return -1;
			v = v * 10 + (*s - '0');
		}
		part[n++] = v;
		if (n == 3 || *s != '-' || s[1] < '0' || s[1] > '9')
			break;
		s++;
	}
	if ((n > 1 && (part[1] < 1 || part[1] > 12)) ||
	    (n > 2 && (part[2] < 1 || part[2] > 31)))
		return -1;
	*end = s;
	*out = (double)(part[0] * 10000 + part[1] * 100 + part[2]);
	return 0;
}

int
cli_date_value(const char *s, double *out)
{
	const char *end;

	return s ? read_date(s, 0, &end, out) : -1;
}

/* One end of a range, n bytes at s.  Returns 0 or -1. */
static int
range_end(const char *s, size_t n, enum cli_range_kind kind, bool high,
	  double min, double max, double *out)
{
	char buf[64];
	const char *end;
	char *e;

	if (n == 0 || n >= sizeof(buf))
		return -1;
	memcpy(buf, s, n);
	buf[n] = 0;
	if (kind == CLI_RANGE_RANK)
		return sgf_rank_value(buf, out);
	if (kind == CLI_RANGE_DATE)
		return read_date(buf, high ? 99 : 0, &end, out) || *end ? -1
									: 0;
	if (buf[strspn(buf,
		       kind == CLI_RANGE_INT ? "0123456789-" : "0123456789.-")])
		return -1;
	errno = 0;
	*out = strtod(buf, &e);
	/* !(in range) also refuses a NaN */
	return errno || *e || e == buf || !(*out >= min && *out <= max) ? -1
									: 0;
}

int
cli_opt_range(const char *arg, enum cli_range_kind kind, double min, double max,
	      const char *what, const char *hint, struct cli_range *out)
{
	const char *dots = strstr(arg, "..");
	size_t len = strlen(arg);
	struct cli_range r = {-HUGE_VAL, HUGE_VAL};

	if (!hint)
		hint = "(N, N..M, N.. or ..M)";
	if (!dots) {
		if (range_end(arg, len, kind, false, min, max, &r.lo))
			return cli_opt_invalid(what, arg, hint);
		if (kind == CLI_RANGE_DATE)
			range_end(arg, len, kind, true, min, max, &r.hi);
		else
			r.hi = r.lo;
	} else {
		size_t nlo = (size_t)(dots - arg), nhi = len - nlo - 2;
		if ((nlo == 0 && nhi == 0) ||
		    (nlo &&
		     range_end(arg, nlo, kind, false, min, max, &r.lo)) ||
		    (nhi &&
		     range_end(dots + 2, nhi, kind, true, min, max, &r.hi)) ||
		    r.lo > r.hi)
			return cli_opt_invalid(what, arg, hint);
	}
	*out = r;
	return 0;
}

static int
parse_size(const char *s, size_t *out)
{
	char *end;
	unsigned long long v;
	int shift = 0;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *s == '-')
		return -1;
	switch (*end) {
	case 'k':
	case 'K':
		shift = 10;
		end++;
		break;
	case 'm':
	case 'M':
		shift = 20;
		end++;
		break;
	case 'g':
	case 'G':
		shift = 30;
		end++;
		break;
	}
	/* a size that does not fit is an error, not a wrapped one
	 * (2^54 + 1 K was 1 K) */
	if (*end || v == 0 || v > (SIZE_MAX >> shift))
		return -1;
	v <<= shift;
	*out = (size_t)v;
	return 0;
}

int
cli_getopt(struct cli *c, int argc, char **argv, const char *shortopts,
	   const struct option *longopts, const char *usage)
{
	int opt, rc;

	for (;;) {
		opt = getopt_long(argc, argv, shortopts, longopts, NULL);
		switch (opt) {
		case -1:
			return -1;
		case 'f':
			if (strcmp(optarg, "auto") &&
			    !(c->informat = sgf_format_by_name(optarg))) {
				cmd_error("unknown input format '%s'", optarg);
				goto usage_error;
			}
			continue;
		case 'h':
			fputs(usage, stdout);
			fputs(cli_opts_help, stdout);
			c->exit_status = EXIT_OK;
			return CLI_OPT_EXIT;
		case '?': /* getopt_long() said what was wrong */
			goto usage_error;
		}
		rc = cli_parse_opt(c, opt, optarg);
		if (rc == 0)
			return opt;
		if (rc < 0)
			goto usage_error;
	}
usage_error:
	c->exit_status = cmd_usage_error(c->cmd);
	return CLI_OPT_EXIT;
}

int
cli_parse_opt(struct cli *c, int opt, const char *arg)
{
	long n;

	switch (opt) {
	case 'r':
		c->recursive = true;
		return 1;
	case '0':
		c->null_sep = true;
		return 1;
	case 'j':
		if (cli_opt_long(arg, 1, 1024, "number of jobs", NULL, &n))
			return -1;
		c->jobs = (int)n;
		return 1;
	case CLI_OPT_EXT:
		if (!*arg || strlen(arg) >= sizeof(c->exts)) {
			cmd_error("invalid extension list '%s'", arg);
			return -1;
		}
		/* accept ".sgf" and "sgf" alike */
		{
			size_t i, j = 0;
			for (i = 0; arg[i]; i++)
				if (arg[i] != '.' && arg[i] != ' ')
					c->exts[j++] = arg[i];
			c->exts[j] = 0;
		}
		return 1;
	case CLI_OPT_FILES_FROM:
		c->files_from = arg;
		return 1;
	case CLI_OPT_NO_SUMMARY:
		c->no_summary = true;
		return 1;
	case CLI_OPT_PROGRESS:
		c->progress = 1;
		return 1;
	case CLI_OPT_NO_PROGRESS:
		c->progress = 0;
		return 1;
	case CLI_OPT_MAX_GAME_BYTES:
		if (parse_size(arg, &c->limits.max_game_bytes)) {
			cmd_error("invalid size '%s'", arg);
			return -1;
		}
		return 1;
	}
	return 0;
}
