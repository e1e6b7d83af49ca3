/*
 * cli.c - batch plumbing shared by the subcommands (see cli.h).
 *
 * Threads: with -j 1 everything runs inline on the main thread (the
 * honest one-core baseline).  With -j N, N threads (the main thread
 * and N - 1 more) take turns: one at a time cuts the next job from the
 * input (a batch of games, so that locking costs little per game) and
 * then processes it into memory streams itself; finished jobs are
 * written strictly in sequence order by whichever thread is free, one
 * at a time.  At most `window` jobs are in flight, so memory is
 * bounded by the window times the batch size plus the largest game,
 * whatever the length of the stream.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../sgf/formats.h"
#include "cli.h"
#include "cmd.h"

/* ------------------------------------------------------------------ */
/* Input formats                                                       */

static bool
detect_json(const char *buf, size_t len)
{
	size_t i = 0;

	if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3))
		i = 3;
	while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' ||
			   buf[i] == '\n'))
		i++;
	return i < len && buf[i] == '{';
}

static int
parse_json(const char *buf, size_t len, const char *file,
	   const struct sgf_limits *lim, struct sgf_game ***games)
{
	return sgf_parse_json(buf, len, file, lim, games);
}

/* GIB, NGF, UGF: whole files, one game each (sgf/formats.h). */
static bool
detect_gib(const char *buf, size_t len)
{
	return sgf_format_detect(buf, len, NULL) == SGF_FMT_GIB;
}

static bool
detect_ngf(const char *buf, size_t len)
{
	return sgf_format_detect(buf, len, NULL) == SGF_FMT_NGF;
}

static bool
detect_ugf(const char *buf, size_t len)
{
	return sgf_format_detect(buf, len, NULL) == SGF_FMT_UGF;
}

static bool
detect_ogs(const char *buf, size_t len)
{
	return sgf_format_detect(buf, len, NULL) == SGF_FMT_OGS;
}

static bool
detect_gtp(const char *buf, size_t len)
{
	return sgf_format_detect(buf, len, NULL) == SGF_FMT_GTP;
}

static int
parse_one(enum sgf_format f, const char *buf, size_t len, const char *file,
	  struct sgf_game ***games)
{
	struct sgf_game *g = sgf_read_format(f, buf, len, file);

	if (!g)
		return -1;
	*games = malloc(sizeof(**games));
	if (!*games) {
		sgf_game_free(g);
		return -1;
	}
	(*games)[0] = g;
	return 1;
}

static int
parse_gib(const char *buf, size_t len, const char *file,
	  const struct sgf_limits *lim, struct sgf_game ***games)
{
	return parse_one(SGF_FMT_GIB, buf, len, file, games);
}

static int
parse_ngf(const char *buf, size_t len, const char *file,
	  const struct sgf_limits *lim, struct sgf_game ***games)
{
	return parse_one(SGF_FMT_NGF, buf, len, file, games);
}

static int
parse_ogs(const char *buf, size_t len, const char *file,
	  const struct sgf_limits *lim, struct sgf_game ***games)
{
	return parse_one(SGF_FMT_OGS, buf, len, file, games);
}

static int
parse_gtp(const char *buf, size_t len, const char *file,
	  const struct sgf_limits *lim, struct sgf_game ***games)
{
	return parse_one(SGF_FMT_GTP, buf, len, file, games);
}

static int
parse_ugf(const char *buf, size_t len, const char *file,
	  const struct sgf_limits *lim, struct sgf_game ***games)
{
	return parse_one(SGF_FMT_UGF, buf, len, file, games);
}

/* Other formats are added here: a name for -f, their extensions for
 * --ext and detection by name, a content detector for stdin and unknown
 * extensions, and a parser.  SGF must stay last: it is the fallback
 * when nothing else matches. */
const struct cli_informat cli_informats[] = {
    /* before json: an online-go.com game is a JSON document too */
    {"ogs", "", CLI_IN_WHOLE, detect_ogs, parse_ogs},
    {"json", "json,jsonl,ndjson", CLI_IN_LINES, detect_json, parse_json},
    {"gib", "gib", CLI_IN_WHOLE, detect_gib, parse_gib},
    {"gtp", "gtp,tst", CLI_IN_WHOLE, detect_gtp, parse_gtp},
    {"ngf", "ngf", CLI_IN_WHOLE, detect_ngf, parse_ngf},
    {"ugf", "ugf,ugi", CLI_IN_WHOLE, detect_ugf, parse_ugf},
    {"sgf", "sgf", CLI_IN_STREAM, NULL, NULL},
    {NULL, NULL, 0, NULL, NULL},
};

const struct cli_informat *
cli_informat_find(const char *name)
{
	const struct cli_informat *f;

	for (f = cli_informats; f->name; f++)
		if (!strcasecmp(f->name, name))
			return f;
	return NULL;
}

/* Does `name` end in ".EXT" or ".EXT.gz" for an EXT in the comma list? */
static bool
ext_in_list(const char *name, const char *list)
{
	const char *dot, *end = name + strlen(name);
	size_t n;

	if (end - name > 3 && !strcasecmp(end - 3, ".gz"))
		end -= 3;
	for (dot = end; dot > name && dot[-1] != '.' && dot[-1] != '/'; dot--)
		;
	if (dot == name || dot[-1] != '.')
		return false;
	n = (size_t)(end - dot);
	while (*list) {
		const char *comma = strchr(list, ',');
		size_t m = comma ? (size_t)(comma - list) : strlen(list);

		if (m == n && !strncasecmp(list, dot, n))
			return true;
		list += m;
		if (*list == ',')
			list++;
	}
	return false;
}

static const struct cli_informat *
format_by_name(const char *name)
{
	const struct cli_informat *f;

	for (f = cli_informats; f->name; f++)
		if (ext_in_list(name, f->exts))
			return f;
	return NULL;
}

static const struct cli_informat *
format_by_content(const char *buf, size_t len)
{
	const struct cli_informat *f, *sgf = NULL;

	for (f = cli_informats; f->name; f++) {
		if (f->detect && f->detect(buf, len))
			return f;
		if (!strcmp(f->name, "sgf"))
			sgf = f;
	}
	return sgf;
}

/* ------------------------------------------------------------------ */
/* Options                                                             */

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
			    !(c->informat = cli_informat_find(optarg))) {
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
	char *end;
	long n;

	switch (opt) {
	case 'r':
		c->recursive = true;
		return 1;
	case '0':
		c->null_sep = true;
		return 1;
	case 'j':
		errno = 0;
		n = strtol(arg, &end, 10);
		if (errno || *end || end == arg || n < 1 || n > 1024) {
			cmd_error("invalid number of jobs '%s'", arg);
			return -1;
		}
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

/* ------------------------------------------------------------------ */
/* Output files                                                        */

/* The temporary output being written, removed if we are interrupted
 * (Ctrl-C, kill) so that nothing half-written stays behind. */
static char *volatile tmp_in_progress;

static void
on_fatal_signal(int sig)
{
	char *p = tmp_in_progress;

	if (p)
		unlink(p);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
track_tmp(char *path)
{
	static bool installed;

	if (!installed) {
		struct sigaction sa;
		int sigs[] = {SIGINT, SIGTERM, SIGHUP};
		size_t i;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_fatal_signal;
		sigemptyset(&sa.sa_mask);
		for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
			sigaction(sigs[i], &sa, NULL);
		installed = true;
	}
	tmp_in_progress = path;
}

static mode_t
current_umask(void)
{
	mode_t m = umask(0);

	umask(m);
	return m;
}

const char *
cli_input_stem(const char *name, size_t *len)
{
	const char *base = strrchr(name, '/'), *dot;
	size_t n;

	base = base ? base + 1 : name;
	if (!strcmp(name, "-") || !*base) {
		*len = 5;
		return "stdin";
	}
	n = strlen(base);
	if (n > 3 && !strcmp(base + n - 3, ".gz"))
		n -= 3;
	/* the last extension; a leading dot is the name's own */
	for (dot = base + n - 1; dot > base && *dot != '.'; dot--)
		;
	*len = dot > base ? (size_t)(dot - base) : n;
	return base;
}

static uint64_t
name_hash(const char *s)
{
	uint64_t h = 1469598103934665603u; /* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return h;
}

const char *
cli_names_add(struct cli_names *t, const char *name, const char *file,
	      unsigned game)
{
	size_t i, nl = strlen(name);
	int ol;
	char *e;

	if (2 * (t->n + 1) > t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 64;
		char **o = calloc(cap, sizeof(*o));
		if (!o)
			return NULL;
		for (i = 0; i < t->cap; i++)
			if (t->v[i]) {
				size_t j = name_hash(t->v[i]) & (cap - 1);
				while (o[j])
					j = (j + 1) & (cap - 1);
				o[j] = t->v[i];
			}
		free(t->v);
		t->v = o;
		t->cap = cap;
	}
	for (i = name_hash(name) & (t->cap - 1); t->v[i];
	     i = (i + 1) & (t->cap - 1))
		if (!strcmp(t->v[i], name))
			return t->v[i] + nl + 1;
	ol = game ? snprintf(NULL, 0, "%s game %u", file, game)
		  : (int)strlen(file);
	if (!(e = malloc(nl + 1 + (size_t)ol + 1)))
		return NULL;
	memcpy(e, name, nl + 1);
	if (game)
		snprintf(e + nl + 1, (size_t)ol + 1, "%s game %u", file, game);
	else
		memcpy(e + nl + 1, file, (size_t)ol + 1);
	t->v[i] = e;
	t->n++;
	return NULL;
}

void
cli_names_free(struct cli_names *t)
{
	for (size_t i = 0; i < t->cap; i++)
		free(t->v[i]);
	free(t->v);
	memset(t, 0, sizeof(*t));
}

/* Where an output named path goes.  Returns 1 for a device or a FIFO,
 * written in place (never a file renamed over it); else 0, with *real
 * the file to write beside and rename over (a symbolic link's target,
 * so that the link stays; malloc'd, or NULL for path itself), *mode the
 * mode to give it (the file's own, else what fopen would give). */
static int
output_target(const char *path, char **real, mode_t *mode)
{
	struct stat st;

	*real = NULL;
	*mode = 0666 & ~current_umask();
	if (stat(path, &st))
		return 0;
	if (!S_ISREG(st.st_mode))
		return 1;
	*mode = st.st_mode & 07777;
	*real = realpath(path, NULL);
	return 0;
}

/* A new file beside path, to be renamed over it: its name in *tmp
 * (malloc'd) and a stream on it, with the given mode.  NULL with errno
 * (and *tmp NULL, nothing left behind) on failure. */
static FILE *
open_beside(const char *path, mode_t mode, char **tmp)
{
	int fd, e;
	FILE *f;

	if (!(*tmp = malloc(strlen(path) + 16))) {
		errno = ENOMEM;
		return NULL;
	}
	sprintf(*tmp, "%s.tmp.XXXXXX", path);
	if ((fd = mkstemp(*tmp)) >= 0) {
		fchmod(fd, mode); /* mkstemp makes 0600 */
		if ((f = fdopen(fd, "w")))
			return f;
		e = errno;
		close(fd);
		remove(*tmp);
		errno = e;
	}
	free(*tmp);
	*tmp = NULL;
	return NULL;
}

int
cli_write_whole(const char *path, const char *data, size_t len)
{
	char *real, *tmp;
	mode_t mode;
	int e;
	FILE *f;

	if (output_target(path, &real, &mode)) {
		if (!(f = fopen(path, "w")))
			return -1;
		if (fwrite(data, 1, len, f) != len) {
			e = errno;
			fclose(f);
			errno = e;
			return -1;
		}
		return fclose(f) ? -1 : 0;
	}
	if (real)
		path = real;
	if (!(f = open_beside(path, mode, &tmp))) {
		e = errno;
		free(real);
		errno = e;
		return -1;
	}
	e = 0;
	if (fwrite(data, 1, len, f) != len)
		e = errno;
	if (fclose(f) && !e)
		e = errno;
	if (!e && rename(tmp, path))
		e = errno;
	if (e)
		remove(tmp);
	free(tmp);
	free(real);
	errno = e;
	return e ? -1 : 0;
}

int
cli_output_open(struct cli *c, const char *path)
{
	mode_t mode;
	char *target = NULL;

	if (!strcmp(path, "-")) {
		c->out = stdout;
		return 0;
	}
	if (output_target(path, &target, &mode)) {
		/* a device or a FIFO (-o /dev/stdout, a named pipe): write
		 * to it, never rename a file over it */
		c->out_path_ = strdup(path);
		if (!c->out_path_ || !(c->out = fopen(path, "w"))) {
			if (c->out_path_)
				cmd_error("cannot open '%s': %s", path,
					  strerror(errno));
			else
				cmd_error("out of memory");
			free(c->out_path_);
			c->out_path_ = NULL;
			c->out = stdout;
			c->status = EXIT_USAGE;
			return -1;
		}
		c->out_err_ = false;
		return 0;
	}
	c->out_path_ = strdup(target ? target : path);
	free(target);
	if (!c->out_path_ ||
	    !(c->out = open_beside(c->out_path_, mode, &c->tmp_path_))) {
		cmd_error("cannot create a file beside '%s': %s", path,
			  strerror(c->out_path_ ? errno : ENOMEM));
		free(c->out_path_);
		c->out_path_ = NULL;
		c->out = stdout;
		c->status = EXIT_USAGE;
		return -1;
	}
	track_tmp(c->tmp_path_);
	c->out_err_ = false;
	return 0;
}

/* Report a write error on c->out once, and stop the run.  A closed pipe
 * on stdout is quiet, as in grep. */
static void
write_failed(struct cli *c, int err)
{
	if (c->out_err_)
		return;
	c->out_err_ = true;
	__atomic_store_n(&c->stop, true, __ATOMIC_RELAXED);
	c->status = EXIT_USAGE;
	if (c->out == stdout) {
		if (err != EPIPE)
			cmd_error("write error on standard output: %s",
				  strerror(err));
		/* Drop what is buffered so main's final flush does not
		 * report the same failure again. */
		__fpurge(stdout);
		clearerr(stdout);
	} else {
		cmd_error("write error on '%s': %s", c->out_path_,
			  strerror(err));
	}
}

int
cli_output_close(struct cli *c, bool keep)
{
	int rc = 0;

	if (c->out == stdout) {
		if (fflush(stdout) || ferror(stdout))
			write_failed(c, errno);
		return c->out_err_ ? -1 : 0;
	}
	if (fflush(c->out) || ferror(c->out))
		write_failed(c, errno);
	if (fclose(c->out) && !c->out_err_)
		write_failed(c, errno);
	c->out = stdout;
	if (!c->tmp_path_) {
		/* written in place (a device or a FIFO) */
		rc = c->out_err_ ? -1 : 0;
	} else if (keep && !c->out_err_) {
		if (rename(c->tmp_path_, c->out_path_)) {
			cmd_error("cannot rename '%s' to '%s': %s",
				  c->tmp_path_, c->out_path_, strerror(errno));
			c->status = EXIT_USAGE;
			unlink(c->tmp_path_);
			rc = -1;
		}
	} else {
		unlink(c->tmp_path_);
		rc = c->out_err_ ? -1 : 0;
	}
	if (c->tmp_path_)
		tmp_in_progress = NULL;
	free(c->tmp_path_);
	free(c->out_path_);
	c->tmp_path_ = c->out_path_ = NULL;
	c->out_err_ = false;
	return rc;
}

/* ------------------------------------------------------------------ */
/* JSON strings                                                        */

void
cli_json_strn(FILE *f, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, start = 0;

	putc_unlocked('"', f);
	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];
		const char *esc = NULL;
		char u[7];

		if (ch >= 0x80) {
			/* game text is UTF-8 by now, but a file name is
			 * whatever bytes the file system holds, and JSON
			 * must be UTF-8: a byte that is not is U+FFFD */
			size_t len = sgf_utf8_char_len(s + i, n - i);
			if (len) {
				i += len - 1;
				continue;
			}
			esc = "\\ufffd";
		} else if (ch >= 0x20 && ch != '"' && ch != '\\') {
			continue;
		}
		switch (esc ? 256 : ch) { /* 256: esc is U+FFFD already */
		case 256:
			break;
		case '"':
			esc = "\\\"";
			break;
		case '\\':
			esc = "\\\\";
			break;
		case '\n':
			esc = "\\n";
			break;
		case '\r':
			esc = "\\r";
			break;
		case '\t':
			esc = "\\t";
			break;
		default:
			u[0] = '\\', u[1] = 'u', u[2] = '0', u[3] = '0';
			u[4] = hex[ch >> 4], u[5] = hex[ch & 15], u[6] = 0;
			esc = u;
		}
		fwrite_unlocked(s + start, 1, i - start, f);
		fputs_unlocked(esc, f);
		start = i + 1;
	}
	fwrite_unlocked(s + start, 1, n - start, f);
	putc_unlocked('"', f);
}

void
cli_json_str(FILE *f, const char *s)
{
	if (!s)
		fputs_unlocked("null", f);
	else
		cli_json_strn(f, s, strlen(s));
}

/* ------------------------------------------------------------------ */
/* The list of inputs                                                  */

struct input {
	char *name; /* as given or found */
	int err;    /* errno from stat/opendir, reported in order */
	const char *errwhat;
	uint64_t size; /* 0 if unknown (stdin, pipes) */
};

struct inputs {
	struct input *v;
	size_t n, cap;
	uint64_t total_bytes;
	bool total_known;
};

static int
inputs_add(struct inputs *in, const char *name, int err, const char *what,
	   uint64_t size)
{
	if (in->n == in->cap) {
		size_t cap = in->cap ? in->cap * 2 : 64;
		struct input *v = realloc(in->v, cap * sizeof(*v));
		if (!v)
			return -1;
		in->v = v;
		in->cap = cap;
	}
	in->v[in->n].name = strdup(name);
	if (!in->v[in->n].name)
		return -1;
	in->v[in->n].err = err;
	in->v[in->n].errwhat = what;
	in->v[in->n].size = size;
	in->total_bytes += size;
	if (!size)
		in->total_known = false;
	in->n++;
	return 0;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *
path_join(const char *dir, const char *name)
{
	size_t a = strlen(dir), b = strlen(name);
	char *p = malloc(a + b + 2);

	if (!p)
		return NULL;
	memcpy(p, dir, a);
	if (a && dir[a - 1] != '/')
		p[a++] = '/';
	memcpy(p + a, name, b + 1);
	return p;
}

/* Sorted entries of a directory (without . and ..), or NULL. */
static char **
list_dir(const char *path, size_t *n, int *err)
{
	DIR *d = opendir(path);
	struct dirent *e;
	char **v = NULL;
	size_t cap = 0;

	*n = 0;
	if (!d) {
		*err = errno;
		return NULL;
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (*n == cap) {
			char **nv;
			cap = cap ? cap * 2 : 32;
			nv = realloc(v, cap * sizeof(*v));
			if (!nv)
				break;
			v = nv;
		}
		if (!(v[*n] = strdup(e->d_name)))
			break;
		(*n)++;
	}
	closedir(d);
	if (*n)
		qsort(v, *n, sizeof(*v), cmp_str);
	*err = 0;
	if (!v)
		v = calloc(1, sizeof(*v));
	return v;
}

/* Walk a directory depth first in name order, without recursion (a
 * deep tree must not exhaust the stack).  Symbolic links to
 * directories are not followed, so cycles cannot happen. */
static int
walk_dir(struct cli *c, struct inputs *in, const char *root)
{
	struct frame {
		char *path;
		char **names;
		size_t n, i;
	} *st = NULL;
	size_t depth = 0, cap = 0;
	int err;
	char **names;
	size_t n;

	names = list_dir(root, &n, &err);
	if (!names)
		return inputs_add(in, root, err, "cannot read directory", 0);
	cap = 16;
	st = malloc(cap * sizeof(*st));
	if (!st)
		return -1;
	st[0] = (struct frame){strdup(root), names, n, 0};
	depth = 1;
	while (depth) {
		struct frame *f = &st[depth - 1];
		char *p;
		struct stat sb, lsb;

		if (f->i == f->n) {
			size_t k;
			for (k = 0; k < f->n; k++)
				free(f->names[k]);
			free(f->names);
			free(f->path);
			depth--;
			continue;
		}
		p = path_join(f->path, f->names[f->i++]);
		if (!p)
			return -1;
		if (stat(p, &sb)) {
			/* dangling link or vanished: report it if it would
			 * have been read */
			if (ext_in_list(p, c->exts))
				inputs_add(in, p, errno, "cannot open", 0);
			free(p);
			continue;
		}
		if (S_ISDIR(sb.st_mode)) {
			if (lstat(p, &lsb) || S_ISLNK(lsb.st_mode)) {
				free(p);
				continue;
			}
			names = list_dir(p, &n, &err);
			if (!names) {
				inputs_add(in, p, err, "cannot read directory",
					   0);
				free(p);
				continue;
			}
			if (depth == cap) {
				struct frame *ns;
				cap *= 2;
				ns = realloc(st, cap * sizeof(*st));
				if (!ns)
					return -1;
				st = ns;
			}
			st[depth++] = (struct frame){p, names, n, 0};
			continue;
		}
		if (S_ISREG(sb.st_mode) && ext_in_list(p, c->exts))
			inputs_add(in, p, 0, NULL, (uint64_t)sb.st_size);
		free(p);
	}
	free(st);
	return 0;
}

static int
add_operand(struct cli *c, struct inputs *in, const char *name)
{
	struct stat sb;

	if (!strcmp(name, "-"))
		return inputs_add(in, "-", 0, NULL, 0);
	if (stat(name, &sb))
		return inputs_add(in, name, errno, "cannot open", 0);
	if (S_ISDIR(sb.st_mode)) {
		if (!c->recursive)
			return inputs_add(
			    in, name, EISDIR,
			    "cannot read (use -r for directories)", 0);
		return walk_dir(c, in, name);
	}
	return inputs_add(in, name, 0, NULL,
			  S_ISREG(sb.st_mode) ? (uint64_t)sb.st_size : 0);
}

/* --files-from: one name per line (or NUL separated with -0). */
static int
add_files_from(struct cli *c, struct inputs *in)
{
	FILE *f =
	    strcmp(c->files_from, "-") ? fopen(c->files_from, "r") : stdin;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int rc = 0;

	if (!f) {
		cmd_error("cannot open '%s': %s", c->files_from,
			  strerror(errno));
		return -1;
	}
	while ((n = getdelim(&line, &cap, c->null_sep ? '\0' : '\n', f)) > 0) {
		if (line[n - 1] == (c->null_sep ? '\0' : '\n'))
			line[--n] = 0;
		if (!c->null_sep && n && line[n - 1] == '\r')
			line[--n] = 0;
		if (!n)
			continue;
		if (add_operand(c, in, line)) {
			rc = -1;
			break;
		}
	}
	if (ferror(f)) {
		cmd_error("cannot read '%s': %s", c->files_from,
			  strerror(errno));
		rc = -1;
	}
	free(line);
	if (f != stdin)
		fclose(f);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Sources: one open input, cut into chunks                            */

struct src {
	const struct cli_informat *fmt;
	const char *name;
	int fd;
	struct sgf_reader *rd;
	struct sgf_reader *raw; /* other formats: only the bytes (gzip too) */
	/* line and whole-file readers */
	char *buf;
	size_t len, cap, pos;
	bool eof;
	unsigned index;
	uint64_t line, offset; /* of buf[pos] */
	/* the column (1-based) of buf[col_at], on the line of buf[pos]:
	 * src_col() counts on to pos only when a column is asked for,
	 * which a line of JSON Lines, taken whole, never needs */
	uint32_t col;
	size_t col_at;
	/* JSON: the scan of the value that starts at pos, kept across
	 * reads so that a large value arriving through a pipe in small
	 * reads is scanned once */
	size_t jn;  /* bytes of it scanned */
	size_t jnl; /* bytes of it known to hold no newline */
	long jdepth;
	bool jstr, jesc;
	char jlast; /* the last byte scanned that is not white space */
	/* JSON: a value over --max-game-bytes is being scanned to its end
	 * and let go of as it is scanned; it started at skip_line:skip_col,
	 * byte skip_offset of the input */
	bool jskip;
	uint64_t skip_line, skip_offset;
	uint32_t skip_col;
	int poll_fd; /* stdin when it is not a regular file, else -1 */
};

/* Is a pipe or terminal input waiting for its writer?  Then batches
 * are cut short and the output flushed, so that a stream of games that
 * trickles in (a server feed) is answered game by game. */
static bool
input_idle(int fd)
{
	struct pollfd p = {fd, POLLIN, 0};

	return fd >= 0 && poll(&p, 1, 0) == 0;
}

static void
src_close(struct src *s)
{
	if (s->rd)
		sgf_reader_close(s->rd);
	if (s->raw)
		sgf_reader_close(s->raw);
	if (s->fd > 0)
		close(s->fd);
	free(s->buf);
	memset(s, 0, sizeof(*s));
	s->fd = -1;
}

static bool
prefix_enough(const char *p, size_t n)
{
	size_t i;

	if (n < 4)
		return false;
	for (i = 0; i < n; i++)
		if (!strchr(" \t\r\n", p[i]) && (unsigned char)p[i] < 0x80)
			return true;
	return n >= 512;
}

/* The first bytes of an input, inflated if it is gzip, without using
 * them up: all of SGF_PEEK_MAX from a file, and from a pipe only
 * enough to decide (a BOM, the first character that is not blank), as
 * waiting for a full block would delay a trickling stream.  A read
 * error is left for the reading proper to report. */
static size_t
peek_input(struct sgf_reader *rd, char *buf, bool pipe)
{
	size_t n = 0;

	while (n < SGF_PEEK_MAX && !(pipe && prefix_enough(buf, n))) {
		long k = sgf_reader_peek(rd, buf, SGF_PEEK_MAX, NULL);
		if (k < 0 || (size_t)k <= n)
			break;
		n = (size_t)k;
	}
	return n;
}

/* Open an input and choose its format.  Returns 0, or -1 with errno. */
static int
src_open(struct cli *c, struct src *s, const char *name)
{
	const struct cli_informat *fmt = c->informat;
	struct stat sb;
	bool is_stdin = !strcmp(name, "-");
	char peek[SGF_PEEK_MAX];
	size_t np;

	memset(s, 0, sizeof(*s));
	s->name = is_stdin ? "-" : name;
	s->poll_fd = -1;
	s->fd = is_stdin ? 0 : open(name, O_RDONLY | O_CLOEXEC);
	if (s->fd < 0)
		return -1;
	if (fstat(s->fd, &sb) == 0 && is_stdin && !S_ISREG(sb.st_mode))
		s->poll_fd = 0;
	if (fstat(s->fd, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		if (!is_stdin)
			close(s->fd);
		s->fd = -1;
		errno = EISDIR;
		return -1;
	}
	/* One reader either way: it reads plain and gzip input alike.
	 * SGF is cut into games by it; the line and whole-file formats
	 * only take its bytes. */
	s->raw = sgf_reader_open_fd(s->fd, 0, s->name, &c->limits);
	if (!s->raw)
		return -1;
	if (!fmt && !is_stdin)
		fmt = format_by_name(name);
	if (!c->informat) {
		/* The content decides over the name: a GIB or UGF file
		 * saved as .sgf is still read as what it is. */
		const struct cli_informat *byc;
		np = peek_input(s->raw, peek, !S_ISREG(sb.st_mode));
		byc = format_by_content(peek, np);
		if (!fmt || (byc && byc != fmt && byc->detect))
			fmt = byc;
	}
	s->fmt = fmt;
	if (fmt->kind == CLI_IN_STREAM) {
		s->rd = s->raw;
		s->raw = NULL;
	}
	s->line = 1;
	s->col = 1;
	return 0;
}

/* Move s->pos to `to`, keeping its line (and the means to its
 * column). */
static void
src_advance(struct src *s, size_t to)
{
	const char *p = s->buf + s->pos, *e = s->buf + to, *nl;

	while ((nl = memchr(p, '\n', (size_t)(e - p)))) {
		s->line++;
		s->col = 1;
		p = nl + 1;
		s->col_at = (size_t)(p - s->buf);
	}
	s->pos = to;
}

/* The column of buf[pos].  Columns count characters, as in SGF: not
 * the later bytes of a UTF-8 sequence. */
static uint32_t
src_col(struct src *s)
{
	for (; s->col_at < s->pos; s->col_at++)
		s->col += (s->buf[s->col_at] & 0xC0) != 0x80;
	return s->col;
}

/* Does the line p (len bytes, starting with '{') hold "}{" or "} {",
 * two documents side by side?  (Inside a string too: the scan then
 * finds there is only one.) */
static bool
side_by_side(const char *p, size_t len)
{
	const char *q = p + 1, *e = p + len;

	while ((q = memchr(q, '{', (size_t)(e - q)))) {
		if (q[-1] == '}' ||
		    (q[-1] == ' ' && q - 2 >= p && q[-2] == '}'))
			return true;
		q++;
	}
	return false;
}

/* Cut the next JSON chunk out of s->buf: one top-level object or array
 * (JSON Lines, or a document pretty-printed over many lines as jq
 * prints it), or, when what comes next is not one, the rest of its
 * line.  A value still open at the end of a line ends there when the
 * next line starts with '{' in its first column and either goes on
 * with '"' (a line of JSON Lines: no line inside a document printed
 * with an indent starts so) or the line that ends cannot go on to the
 * next (it ends inside a string, or on a byte other than { [ , :): a
 * truncated line costs its own game, not the ones after it.  Returns 1
 * with [*start, *end) set, 0 when more input is needed, -1 at the end
 * of the input. */
static int
json_cut(struct src *s, size_t *start, size_t *end)
{
	char *b = s->buf;
	size_t n = s->len, i;

	/* (a value being skipped goes on where its scan stopped) */
	i = s->pos;
	while (!s->jskip && i < n &&
	       (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n'))
		i++;
	src_advance(s, i);
	if (s->pos >= n && !(s->jskip && s->eof))
		return s->eof ? -1 : 0;
	*start = s->pos;
	if (s->jn == 0 && !s->jskip) {
		/* A line that is not a value, or that is one line of JSON
		 * Lines (it ends on '}' or ']' and holds no "}{"), is
		 * taken whole: memchr costs a fraction of the scan below, which
		 * only documents printed over many lines, damaged lines and
		 * documents side by side need. */
		char *nl =
		    memchr(b + s->pos + s->jnl, '\n', n - s->pos - s->jnl);
		size_t e;
		if (!nl && !s->eof) {
			s->jnl = n - s->pos;
			return 0;
		}
		e = nl ? (size_t)(nl - b) : n;
		while (e > s->pos && (b[e - 1] == ' ' || b[e - 1] == '\t' ||
				      b[e - 1] == '\r'))
			e--;
		if ((b[s->pos] != '{' && b[s->pos] != '[') ||
		    ((b[e - 1] == '}' || b[e - 1] == ']') &&
		     !side_by_side(b + s->pos, e - s->pos))) {
			*end = e;
			goto cut;
		}
	}
	/* the scan's state in locals: stores through s would be reloaded
	 * after every byte read through b */
	long depth = s->jdepth;
	bool str = s->jstr, esc = s->jesc;
	char last = s->jlast;
	for (i = s->pos + s->jn; i < n; i++) {
		char c = b[i];
		if (str && !esc) {
			/* the bulk of a document: skip to what ends a string */
			while (i < n && (c = b[i]) != '"' && c != '\\' &&
			       c != '\n')
				i++;
			if (i == n)
				break;
			last = '"';
		}
		if (c == '\n') {
			bool broken = str || !last || !strchr("{[,:", last);
			if (i + 2 >= n && !s->eof)
				break;
			if (i + 1 < n && b[i + 1] == '{' &&
			    (broken || (i + 2 < n && b[i + 2] == '"'))) {
				*end = i;
				goto cut;
			}
			/* no raw newline inside a JSON string: a string
			 * open here is broken, so stop reading it as one */
			str = esc = false;
			continue;
		}
		if (c != ' ' && c != '\t' && c != '\r')
			last = c;
		if (str) {
			if (esc)
				esc = false;
			else if (c == '\\')
				esc = true;
			else if (c == '"')
				str = false;
		} else if (c == '"') {
			str = true;
		} else if (c == '{' || c == '[') {
			depth++;
		} else if ((c == '}' || c == ']') && --depth == 0) {
			*end = i + 1;
			goto cut;
		}
	}
	if (!s->eof) {
		s->jn = i - s->pos;
		s->jdepth = depth;
		s->jstr = str;
		s->jesc = esc;
		s->jlast = last;
		return 0;
	}
	*end = n;
cut:
	s->jn = s->jnl = 0;
	s->jdepth = 0;
	s->jstr = s->jesc = s->jskip = false;
	s->jlast = 0;
	return 1;
}

/* A game over --max-game-bytes starts at pos: where it is reported. */
static void
skip_mark(struct src *s)
{
	s->skip_line = s->line;
	s->skip_col = src_col(s);
	s->skip_offset = s->offset + s->pos;
}

/* The chunk standing for a game over --max-game-bytes, which started at
 * line:col, byte `offset` of the input: empty and flagged, so that it is
 * an error of its own game, as in SGF. */
static int
too_big_chunk(struct src *s, struct sgf_chunk *ch, uint64_t line, uint32_t col,
	      uint64_t offset)
{
	ch->data = calloc(1, 1);
	if (!ch->data)
		return -1;
	ch->flags = SGF_CHUNK_TOO_BIG;
	ch->line = line;
	ch->col = col;
	ch->offset = offset;
	ch->index = ++s->index;
	return 1;
}

/* Next chunk from a JSON or whole-file source: 1, 0 at the end, -1 on
 * error (message in *err). */
static int
src_next_raw(struct cli *c, struct src *s, struct sgf_chunk *ch,
	     struct sgf_diag *err, bool nowait)
{
	size_t max = c->limits.max_game_bytes;

	memset(ch, 0, sizeof(*ch));
	ch->file = s->name;
	for (;;) {
		ssize_t k;
		size_t start, e;
		bool skipping = s->jskip;
		int cut = s->fmt->kind == CLI_IN_LINES && s->buf
			      ? json_cut(s, &start, &e)
			      : 0;

		if (cut < 0)
			return 0;
		if (cut > 0 && (skipping || e - start > max)) {
			if (!skipping) /* (start is pos) */
				skip_mark(s);
			src_advance(s, e);
			if (too_big_chunk(s, ch, s->skip_line, s->skip_col,
					  s->skip_offset) < 0)
				goto nomem;
			return 1;
		}
		if (cut > 0) {
			ch->line = s->line;
			ch->col = src_col(s);
			ch->offset = s->offset + start;
			src_advance(s, e);
			while (e > start &&
			       (s->buf[e - 1] == ' ' || s->buf[e - 1] == '\t' ||
				s->buf[e - 1] == '\r'))
				e--;
			ch->data = malloc(e - start + 1);
			if (!ch->data)
				goto nomem;
			memcpy(ch->data, s->buf + start, e - start);
			ch->data[e - start] = 0;
			ch->len = e - start;
			ch->index = ++s->index;
			return 1;
		}
		if (s->eof) {
			/* a whole-file record is one game, an empty file
			 * too: its reader says what is missing */
			if (s->fmt->kind == CLI_IN_WHOLE && !s->index) {
				if (!s->buf && !(s->buf = calloc(1, 1)))
					goto nomem;
				ch->data = s->buf;
				ch->len = s->len;
				ch->index = ++s->index;
				ch->line = 1;
				s->buf = NULL;
				s->len = s->cap = s->pos = 0;
				return 1;
			}
			return 0;
		}
		/* what is left from pos holds no whole game: one game is
		 * that large (checked before every read, not only when the
		 * buffer grows, which would let it reach twice the limit;
		 * reads stop one byte past it, so none asks for 0 bytes).
		 * JSON scans on to the value's end, letting go of what it
		 * has scanned, and the game is an error of its own; a
		 * whole-file record is the one game of its input. */
		if (s->len - s->pos > max && !s->jskip) {
			if (s->fmt->kind != CLI_IN_LINES) {
				s->eof = true;
				s->len = s->pos = 0;
				if (too_big_chunk(s, ch, 1, 1, 0) < 0)
					goto nomem;
				return 1;
			}
			s->jskip = true;
			skip_mark(s);
			s->jnl = 0;
			continue; /* scan what is held before reading more */
		}
		if (s->jskip) {
			src_advance(s, s->pos + s->jn);
			s->jn = 0;
		}
		/* compact, grow, read more */
		if (s->pos && s->fmt->kind == CLI_IN_LINES) {
			src_col(s); /* before the bytes it counts go */
			s->col_at = 0;
			memmove(s->buf, s->buf + s->pos, s->len - s->pos);
			s->offset += s->pos;
			s->len -= s->pos;
			s->pos = 0;
		}
		if (s->cap - s->len < 65536) {
			size_t cap = s->cap ? s->cap * 2 : 1 << 17;
			char *nb;
			nb = realloc(s->buf, cap + 1);
			if (!nb)
				goto nomem;
			s->buf = nb;
			s->cap = cap;
		}
		/* no more than one byte past the limit pending (a value
		 * being skipped holds next to nothing) */
		size_t want =
		    s->jskip ? s->cap - s->len : max + 1 - (s->len - s->pos);
		if (want > s->cap - s->len)
			want = s->cap - s->len;
		k = sgf_reader_read(s->raw, s->buf + s->len, want, nowait, err);
		if (k == SGF_READ_WAIT)
			return SGF_READER_WAIT;
		if (k < 0)
			return -1;
		if (k == 0)
			s->eof = true;
		s->len += (size_t)k;
	}
nomem:
	err->code = SGF_E_NOMEM;
	err->severity = SGF_ERROR;
	snprintf(err->msg, sizeof(err->msg), "out of memory");
	return -1;
}

static int
src_next(struct cli *c, struct src *s, struct sgf_chunk *ch,
	 struct sgf_diag *err, bool nowait)
{
	if (s->rd)
		return nowait ? sgf_reader_next_nowait(s->rd, ch, err)
			      : sgf_reader_next(s->rd, ch, err);
	return src_next_raw(c, s, ch, err, nowait);
}

/* ------------------------------------------------------------------ */
/* Jobs                                                                */

/* A batch is cut by one thread at a time (the scan for game ends is
 * sequential) and then processed by the same thread: batches must be
 * big enough that the threads rarely queue for the cut.  At 64 games
 * -j 2 ran info 1.83x and convert 1.70x faster than -j 1 over the
 * corpus; at 256 games (the byte cap stops most Tygem batches near
 * 200) 1.95x and 1.94x (hyperfine, 2026-11-24). */
#define BATCH_GAMES 256
#define BATCH_BYTES (256 * 1024)
/* A batch of a command with costly games (cli.batch_games) is also cut
 * at this many bytes, so that a stream of big records is split as
 * finely as one of small ones. */
#define BATCH_BYTES_SMALL (16 * 1024)

/* A job's output: a growing buffer behind a FILE (fopencookie), and
 * buffers recycled from job to job.  A fresh open_memstream() per job
 * cost a page fault for every 4 KiB written, because buffers past
 * malloc's mmap threshold come back from the kernel as new pages each
 * time (convert spent a quarter of its time in the kernel). */
struct obuf {
	char *p;
	size_t len, cap;
};

#define OBUF_POOL     32
#define OBUF_KEEP_MAX ((size_t)8 << 20) /* larger buffers are freed */
static struct obuf obuf_pool[OBUF_POOL];
static int obuf_npool;
static pthread_mutex_t obuf_mu = PTHREAD_MUTEX_INITIALIZER;

static ssize_t
obuf_write(void *cookie, const char *buf, size_t n)
{
	struct obuf *b = cookie;

	if (b->cap - b->len < n) {
		size_t cap = b->cap ? b->cap : 64 * 1024;
		char *p;
		while (cap - b->len < n) {
			if (cap > SIZE_MAX / 2) {
				errno = ENOMEM;
				return 0;
			}
			cap *= 2;
		}
		p = realloc(b->p, cap);
		if (!p) {
			errno = ENOMEM;
			return 0; /* fopencookie: 0 is an error */
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, buf, n);
	b->len += n;
	return (ssize_t)n;
}

/* Open a FILE writing into *b, with a buffer from the pool. */
static FILE *
obuf_open(struct obuf *b)
{
	static const cookie_io_functions_t io = {.write = obuf_write};

	pthread_mutex_lock(&obuf_mu);
	if (obuf_npool)
		*b = obuf_pool[--obuf_npool];
	else
		memset(b, 0, sizeof(*b));
	pthread_mutex_unlock(&obuf_mu);
	b->len = 0;
	return fopencookie(b, "w", io);
}

/* Give b's memory back to the pool (or free it). */
static void
obuf_release(struct obuf *b)
{
	if (!b->p)
		return;
	pthread_mutex_lock(&obuf_mu);
	if (obuf_npool < OBUF_POOL && b->cap <= OBUF_KEEP_MAX) {
		obuf_pool[obuf_npool++] = *b;
		b->p = NULL;
	}
	pthread_mutex_unlock(&obuf_mu);
	free(b->p);
	memset(b, 0, sizeof(*b));
}

struct job_code {
	const char *code;
	unsigned long n;
};

struct cli_job {
	unsigned long seq;
	size_t input; /* index into inputs */
	const struct cli_informat *fmt;
	bool begin, end, unreadable;
	struct sgf_chunk *chunks;
	size_t nchunks;
	uint64_t bytes_done;	/* input bytes consumed up to this job */
	struct sgf_diag *diags; /* end of file: stream diagnostics (copy) */
	char *openerr;		/* message for stderr, written in order */
	/* results */
	struct obuf outb; /* the games' output, in order */
	char *err;
	size_t errlen;
	FILE *errf;
	/* where each game's messages go among the output: after
	 * outb.p[0..out) come err[..err), so that stdout and stderr
	 * interleave game by game however the games were batched */
	struct err_mark {
		size_t out, err;
	} * marks;
	size_t nmarks, capmarks;
	/* each game's r->keep, in order, when there is a game_end */
	void **keeps;
	size_t nkeeps, capkeeps;
	unsigned long games, invalid, scored, agree, disagree;
	struct job_code codes[32];
	unsigned ncodes;
	int done;
};

FILE *
cli_err(struct cli_res *r)
{
	struct cli_job *j = r->job_;

	if (!j->errf)
		j->errf = open_memstream(&j->err, &j->errlen);
	return j->errf ? j->errf : stderr;
}

void
cli_report_diags(const struct sgf_game *g, struct cli_res *r, bool warnings)
{
	const struct sgf_diag *d;

	for (d = g->diags; d; d = d->next) {
		bool err = d->severity == SGF_ERROR;

		if (!err && !warnings)
			continue;
		fprintf(cli_err(r), "%s:%u:%u: %s: %s [%s]\n", g->file, d->line,
			d->col, err ? "error" : "warning", d->msg,
			sgf_code_name(d->code));
		if (err)
			cli_res_code(r, sgf_code_name(d->code));
	}
}

void
cli_res_code(struct cli_res *r, const char *code)
{
	unsigned i;

	for (i = 0; i < r->ncodes_; i++)
		if (r->codes_[i] == code || !strcmp(r->codes_[i], code))
			return;
	if (r->ncodes_ < sizeof(r->codes_) / sizeof(r->codes_[0]))
		r->codes_[r->ncodes_++] = code;
}

static void
job_free(struct cli_job *j)
{
	size_t i;
	struct sgf_diag *d, *nd;

	for (i = 0; i < j->nchunks; i++)
		sgf_chunk_release(&j->chunks[i]);
	free(j->chunks);
	for (d = j->diags; d; d = nd) {
		nd = d->next;
		free(d);
	}
	if (j->errf)
		fclose(j->errf);
	free(j->openerr);
	obuf_release(&j->outb);
	free(j->err);
	free(j->marks);
	for (size_t k = 0; k < j->nkeeps; k++)
		free(j->keeps[k]);
	free(j->keeps);
	free(j);
}

static void
job_count_code(struct cli_job *j, const char *code)
{
	unsigned i;

	for (i = 0; i < j->ncodes; i++)
		if (j->codes[i].code == code ||
		    !strcmp(j->codes[i].code, code)) {
			j->codes[i].n++;
			return;
		}
	if (j->ncodes < sizeof(j->codes) / sizeof(j->codes[0])) {
		j->codes[j->ncodes].code = code;
		j->codes[j->ncodes++].n = 1;
	}
}

static void
process_game(struct cli *c, struct cli_job *j, FILE *out, struct sgf_game *g)
{
	struct cli_res r;
	unsigned i;

	memset(&r, 0, sizeof(r));
	r.out = out;
	r.job_ = j;
	c->process(g, &r, c->ctx);
	if (c->game_end) {
		if (j->nkeeps == j->capkeeps) {
			size_t cap = j->capkeeps ? j->capkeeps * 2 : 8;
			void **k = realloc(j->keeps, cap * sizeof(*k));
			if (k) {
				j->keeps = k;
				j->capkeeps = cap;
			}
		}
		if (j->nkeeps < j->capkeeps) {
			j->keeps[j->nkeeps++] = r.keep;
		} else {
			/* the keeps would no longer line up with the games'
			 * numbers: stop, as on any lack of memory */
			free(r.keep);
			fprintf(cli_err(&r), "%s: game %u: out of memory\n",
				g->file, g->index);
			__atomic_store_n(&c->stop, true, __ATOMIC_RELAXED);
		}
	}
	if (j->errf && (fflush(j->errf), j->errlen) &&
	    (!j->nmarks || j->marks[j->nmarks - 1].err != j->errlen)) {
		/* this game wrote messages: note where they go */
		if (j->nmarks == j->capmarks) {
			size_t cap = j->capmarks ? j->capmarks * 2 : 8;
			struct err_mark *m =
			    realloc(j->marks, cap * sizeof(*m));
			if (m) {
				j->marks = m;
				j->capmarks = cap;
			}
		}
		if (j->nmarks < j->capmarks) {
			fflush(out);
			j->marks[j->nmarks].out = j->outb.len;
			j->marks[j->nmarks].err = j->errlen;
			j->nmarks++;
		}
	}
	j->games++;
	if (r.flags & CLI_R_INVALID)
		j->invalid++;
	if (r.flags & CLI_R_SCORED)
		j->scored++;
	if (r.flags & CLI_R_AGREE)
		j->agree++;
	if (r.flags & CLI_R_DISAGREE)
		j->disagree++;
	for (i = 0; i < r.ncodes_; i++)
		job_count_code(j, r.codes_[i]);
}

/* A game standing for input that could not be parsed at all (a bad
 * JSON line): processed like any other so that every command reports
 * it in its own format. */
static struct sgf_game *
broken_game(const struct sgf_chunk *ch, const char *fmt)
{
	struct sgf_game *g = sgf_game_new(ch->file, ch->index);

	if (!g)
		return NULL;
	sgf_game_diag(g, SGF_E_SYNTAX, SGF_ERROR, 0, "not a readable %s record",
		      fmt);
	sgf_game_relocate(g, ch->line, ch->col);
	return g;
}

/* Parse and process every chunk of a job (worker side). */
static void
job_run(struct cli *c, struct cli_job *j)
{
	FILE *out = obuf_open(&j->outb);
	size_t i;

	if (!out) {
		j->done = 1;
		return;
	}
	for (i = 0; i < j->nchunks; i++) {
		struct sgf_chunk *ch = &j->chunks[i];

		/* (a game over --max-game-bytes is an empty chunk that
		 * sgf_parse_chunk() reports, whatever its format) */
		if (j->fmt->kind == CLI_IN_STREAM ||
		    (ch->flags & SGF_CHUNK_TOO_BIG)) {
			struct sgf_game *g = sgf_parse_chunk(ch, &c->limits);
			if (g) {
				process_game(c, j, out, g);
				sgf_game_free(g);
			}
		} else {
			struct sgf_game **games = NULL;
			int n = j->fmt->parse(ch->data, ch->len, ch->file,
					      &c->limits, &games);
			int k;

			if (n <= 0) {
				struct sgf_game *g =
				    broken_game(ch, j->fmt->name);
				if (g) {
					process_game(c, j, out, g);
					sgf_game_free(g);
				}
			}
			for (k = 0; k < n; k++) {
				games[k]->file = ch->file;
				games[k]->index = j->fmt->kind == CLI_IN_LINES
						      ? ch->index + (unsigned)k
						      : (unsigned)k + 1;
				if (j->fmt->kind == CLI_IN_LINES)
					sgf_game_relocate(games[k], ch->line,
							  ch->col);
				process_game(c, j, out, games[k]);
				sgf_game_free(games[k]);
			}
			free(games);
			sgf_chunk_release(ch);
		}
	}
	fclose(out);
	if (j->errf) {
		fclose(j->errf);
		j->errf = NULL;
	}
	free(j->chunks);
	j->chunks = NULL;
	j->nchunks = 0;
}

/* ------------------------------------------------------------------ */
/* The reading side: inputs -> jobs                                    */

struct feeder {
	struct inputs *in;
	size_t next_input;
	bool open;
	struct src src;
	unsigned long seq;
	uint64_t bytes_before; /* bytes of the inputs already finished */
	size_t batch_games, batch_bytes; /* where a batch is cut */
};

static struct cli_job *
job_new(struct feeder *fd, size_t input)
{
	struct cli_job *j = calloc(1, sizeof(*j));

	if (!j)
		return NULL;
	j->seq = fd->seq++;
	j->input = input;
	return j;
}

static struct sgf_diag *
copy_diags(const struct sgf_diag *d)
{
	struct sgf_diag *head = NULL, **tail = &head;

	for (; d; d = d->next) {
		struct sgf_diag *n = malloc(sizeof(*n));
		if (!n)
			break;
		*n = *d;
		n->next = NULL;
		*tail = n;
		tail = &n->next;
	}
	return head;
}

/* Next job: a batch of chunks of the current input, or a marker for an
 * input that could not be opened.  NULL at the end of all inputs. */
static struct cli_job *
feed(struct cli *c, struct feeder *fd)
{
	struct cli_job *j;
	size_t cap = 0, bytes = 0;

	for (;;) {
		if (!fd->open) {
			struct input *in;

			if (fd->next_input >= fd->in->n || c->stop)
				return NULL;
			in = &fd->in->v[fd->next_input];
			j = job_new(fd, fd->next_input++);
			if (!j)
				return NULL;
			j->begin = true;
			if (in->err || src_open(c, &fd->src, in->name)) {
				int e = in->err ? in->err : errno;
				const char *what =
				    in->errwhat ? in->errwhat : "cannot open";
				int k;
				if (e == EISDIR && !c->recursive)
					k = asprintf(&j->openerr,
						     "'%s' is a directory "
						     "(use -r to read it)",
						     in->name);
				else
					k = asprintf(&j->openerr, "%s '%s': %s",
						     what, in->name,
						     strerror(e));
				if (k < 0)
					j->openerr = NULL;
				src_close(&fd->src);
				j->end = j->unreadable = true;
				fd->bytes_before += in->size;
				j->bytes_done = fd->bytes_before;
				return j;
			}
			fd->open = true;
			j->fmt = fd->src.fmt;
		} else {
			j = job_new(fd, fd->next_input - 1);
			if (!j)
				return NULL;
			j->fmt = fd->src.fmt;
		}
		break;
	}
	for (;;) {
		struct sgf_chunk ch;
		struct sgf_diag err;
		int r;

		memset(&err, 0, sizeof(err));
		/* A pipe whose writer is slow (a feed of games): with games
		 * in hand, do not wait for the next one, answer these
		 * first.  The reader asks the pipe only when its buffer
		 * runs dry, not once per game. */
		r = src_next(c, &fd->src, &ch, &err,
			     j->nchunks > 0 && fd->src.poll_fd >= 0);
		if (r == SGF_READER_WAIT)
			return j;
		if (r > 0) {
			if (j->nchunks == cap) {
				struct sgf_chunk *v;
				cap = cap ? cap * 2 : 16;
				v = realloc(j->chunks, cap * sizeof(*v));
				if (!v) {
					sgf_chunk_release(&ch);
					r = -1;
					snprintf(err.msg, sizeof(err.msg),
						 "out of memory");
				} else {
					j->chunks = v;
				}
			}
			if (r > 0) {
				j->chunks[j->nchunks++] = ch;
				bytes += ch.len;
				j->bytes_done =
				    fd->bytes_before + ch.offset + ch.len;
				if (j->nchunks >= fd->batch_games ||
				    bytes >= fd->batch_bytes)
					return j;
				continue;
			}
		}
		/* end of this input (or an error reading it) */
		struct input *in = &fd->in->v[j->input];
		if (r < 0) {
			if (err.line && err.col) {
				if (asprintf(&j->openerr, "%s:%u:%u: %s",
					     in->name, err.line, err.col,
					     err.msg) < 0)
					j->openerr = NULL;
			} else if (err.line) {
				if (asprintf(&j->openerr, "%s:%u: %s", in->name,
					     err.line, err.msg) < 0)
					j->openerr = NULL;
			} else if (asprintf(&j->openerr, "cannot read '%s': %s",
					    in->name, err.msg) < 0) {
				j->openerr = NULL;
			}
			j->unreadable = true;
		}
		if (fd->src.rd)
			j->diags = copy_diags(sgf_reader_diags(fd->src.rd));
		src_close(&fd->src);
		fd->open = false;
		j->end = true;
		fd->bytes_before += in->size;
		j->bytes_done = fd->bytes_before;
		return j;
	}
}

/* ------------------------------------------------------------------ */
/* Progress                                                            */

struct progress {
	bool on;
	struct timespec start, last;
	size_t files_total;
	uint64_t bytes_total;
	bool bytes_known;
	bool drawn;
};

static double
elapsed(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	       (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

static void
progress_draw(struct cli *c, struct progress *p, size_t files_done,
	      uint64_t bytes_done, bool force)
{
	struct timespec now;
	double t, rate;
	char eta[64] = "";

	if (!p->on)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (!force && elapsed(&p->last, &now) < 0.1)
		return;
	p->last = now;
	t = elapsed(&p->start, &now);
	rate = t > 0 ? (double)c->sum.games / t : 0;
	if (p->bytes_known && p->bytes_total && bytes_done && t > 0) {
		double frac = (double)bytes_done / (double)p->bytes_total;
		double left = frac > 0 ? t / frac - t : 0;
		if (frac > 1)
			frac = 1;
		if (left < 0)
			left = 0;
		snprintf(eta, sizeof(eta), " %3.0f%% ETA %d:%02d", frac * 100,
			 (int)left / 60, (int)left % 60);
	}
	fprintf(stderr, "\r%s: %zu/%zu files, %lu games, %.0f games/s%s\033[K",
		cmd_progname, files_done, p->files_total, c->sum.games, rate,
		eta);
	fflush(stderr);
	p->drawn = true;
}

static void
progress_clear(struct progress *p)
{
	if (p->drawn) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
}

/* ------------------------------------------------------------------ */
/* The writing side: jobs -> output, in order                          */

struct writer {
	struct inputs *in;
	struct cli_file cur;
	size_t files_done;
	struct progress prog;
};

static void
sum_add_code(struct cli_summary *s, const char *code, unsigned long n)
{
	unsigned i;

	for (i = 0; i < s->ncodes; i++)
		if (!strcmp(s->codes[i].code, code)) {
			s->codes[i].n += n;
			return;
		}
	if (s->ncodes < sizeof(s->codes) / sizeof(s->codes[0])) {
		s->codes[s->ncodes].code = code;
		s->codes[s->ncodes++].n = n;
	}
}

static void
emit(struct cli *c, struct writer *w, struct cli_job *j)
{
	unsigned i;

	if (j->begin) {
		memset(&w->cur, 0, sizeof(w->cur));
		w->cur.name = w->in->v[j->input].name;
		w->cur.path = w->cur.name;
		c->sum.files++;
		if (c->file_begin && !c->stop)
			c->file_begin(c, &w->cur);
	}
	{
		/* the output, with each game's messages after its own
		 * lines (stdout flushed first, so that the two streams
		 * interleave game by game when they go to one place) */
		size_t o = 0, e = 0, k;
		for (k = 0; k <= j->nmarks; k++) {
			size_t oe =
			    k < j->nmarks ? j->marks[k].out : j->outb.len;
			size_t ee = k < j->nmarks ? j->marks[k].err : j->errlen;
			if (oe > o && !c->stop &&
			    (fwrite_unlocked(j->outb.p + o, 1, oe - o,
					     c->out) != oe - o ||
			     ferror_unlocked(c->out)))
				write_failed(c, errno);
			o = oe;
			if (ee > e) {
				if (w->prog.drawn)
					progress_clear(&w->prog);
				if (!c->stop && c->out_is_err_)
					fflush(c->out);
				fwrite(j->err + e, 1, ee - e, stderr);
			}
			e = ee;
		}
	}
	if (j->openerr) {
		if (w->prog.drawn)
			progress_clear(&w->prog);
		cmd_error("%s", j->openerr);
	}
	for (size_t k = 0; k < j->nkeeps; k++) {
		if (!j->keeps[k])
			continue;
		if (w->prog.drawn)
			progress_clear(&w->prog);
		if (c->stop)
			free(j->keeps[k]);
		else
			c->game_end(c, c->sum.games + k + 1, j->keeps[k]);
		j->keeps[k] = NULL;
	}
	w->cur.games += (unsigned)j->games;
	w->cur.invalid += (unsigned)j->invalid;
	c->sum.games += j->games;
	c->sum.invalid += j->invalid;
	c->sum.valid += j->games - j->invalid;
	c->sum.scored += j->scored;
	c->sum.agree += j->agree;
	c->sum.disagree += j->disagree;
	for (i = 0; i < j->ncodes; i++)
		sum_add_code(&c->sum, j->codes[i].code, j->codes[i].n);
	if (j->invalid && c->status == EXIT_OK)
		c->status = EXIT_PROBLEM;
	if (j->end) {
		if (j->unreadable) {
			w->cur.unreadable = true;
			c->sum.unreadable++;
			c->status = EXIT_USAGE;
		}
		w->cur.diags = j->diags;
		/* An error of the stream itself (no game at all in a
		 * file): counted as one invalid game, so that the summary's
		 * valid and invalid add up to its games and its codes count
		 * invalid games, as for any other problem. */
		for (const struct sgf_diag *d = j->diags; d; d = d->next) {
			if (d->severity != SGF_ERROR)
				continue;
			if (!c->own_stream_diags) {
				progress_clear(&w->prog);
				fprintf(stderr, "%s:%u:%u: error: %s [%s]\n",
					w->cur.name, d->line, d->col, d->msg,
					sgf_code_name(d->code));
			}
			sum_add_code(&c->sum, sgf_code_name(d->code), 1);
			c->sum.games++;
			c->sum.invalid++;
			c->sum.nogame++;
			w->cur.invalid++;
			if (c->status == EXIT_OK)
				c->status = EXIT_PROBLEM;
		}
		if (c->file_end && !c->stop)
			c->file_end(c, &w->cur);
		w->cur.diags = NULL;
		w->files_done++;
	}
	progress_draw(c, &w->prog, w->files_done, j->bytes_done, false);
}

/* ------------------------------------------------------------------ */
/* Threads                                                             */

struct pool {
	struct cli *c;
	struct feeder *fd;
	struct writer *w;
	pthread_mutex_t mu;
	pthread_cond_t cv;     /* any change below: broadcast */
	struct cli_job **ring; /* jobs in flight, by seq % window */
	size_t window;
	unsigned long next_write, next_seq;
	bool eof, feeding, emitting;
};

/* Every thread runs this loop, the main thread too: write the next job
 * in sequence if it is finished and nobody is writing, else cut the
 * next job from the input and process it, else wait.  The thread that
 * cuts a batch also parses it, while the batch's bytes are still in its
 * own core's cache: with a reader thread handing batches to workers,
 * every game crossed cores on the way, and -j 2 spent a fifth more
 * CPU time than -j 1 on light work such as info. */
static void
pool_loop(struct pool *p)
{
	struct cli *c = p->c;
	struct cli_job *j;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		j = p->ring[p->next_write % p->window];
		if (!p->emitting && j && j->done) {
			p->emitting = true;
			p->ring[p->next_write % p->window] = NULL;
			p->next_write++;
			pthread_mutex_unlock(&p->mu);
			emit(c, p->w, j);
			job_free(j);
			pthread_mutex_lock(&p->mu);
			p->emitting = false;
			pthread_cond_broadcast(&p->cv);
			continue;
		}
		if (c->stop || (p->eof && p->next_write == p->next_seq))
			break;
		if (!p->eof && !p->feeding &&
		    p->next_seq - p->next_write < p->window) {
			struct feeder *fd = p->fd;
			if (fd->open && input_idle(fd->src.poll_fd)) {
				/* A pipe waiting for its writer: answer the
				 * games in flight before blocking on the
				 * read (the writer may wait for them). */
				if (p->next_seq != p->next_write ||
				    p->emitting) {
					pthread_cond_wait(&p->cv, &p->mu);
					continue;
				}
				fflush(c->out);
			}
			p->feeding = true;
			pthread_mutex_unlock(&p->mu);
			j = feed(c, fd);
			pthread_mutex_lock(&p->mu);
			p->feeding = false;
			pthread_cond_broadcast(&p->cv);
			if (!j) {
				p->eof = true;
				continue;
			}
			p->next_seq = j->seq + 1;
			p->ring[j->seq % p->window] = j;
			if (j->nchunks && !c->stop) {
				pthread_mutex_unlock(&p->mu);
				job_run(c, j);
				pthread_mutex_lock(&p->mu);
			}
			j->done = 1;
			continue;
		}
		pthread_cond_wait(&p->cv, &p->mu);
	}
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
}

static void *
worker_main(void *arg)
{
	pool_loop(arg);
	return NULL;
}

static void
run_threads(struct cli *c, struct feeder *fd, struct writer *w, int jobs)
{
	struct pool p;
	pthread_t *th = calloc((size_t)jobs, sizeof(*th));
	int i, started = 0;

	memset(&p, 0, sizeof(p));
	p.c = c;
	p.fd = fd;
	p.w = w;
	p.window = (size_t)jobs * 4 + 4;
	p.ring = calloc(p.window, sizeof(*p.ring));
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.cv, NULL);
	if (!th || !p.ring) {
		cmd_error("out of memory");
		c->status = EXIT_USAGE;
		goto out;
	}
	/* jobs - 1 more threads: the main thread is one of the N */
	for (i = 0; i < jobs - 1; i++)
		if (!pthread_create(&th[i], NULL, worker_main, &p))
			started++;
	if (!started) {
		cmd_error("cannot start threads");
		c->status = EXIT_USAGE;
		goto out;
	}
	pool_loop(&p);
	for (i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	/* after a stop: free what is still in flight */
	for (; p.next_write < p.next_seq; p.next_write++) {
		struct cli_job *j = p.ring[p.next_write % p.window];
		if (j)
			job_free(j);
	}
out:
	pthread_mutex_destroy(&p.mu);
	pthread_cond_destroy(&p.cv);
	free(p.ring);
	free(th);
}

static void
run_inline(struct cli *c, struct feeder *fd, struct writer *w)
{
	struct cli_job *j;

	for (;;) {
		if (fd->open && input_idle(fd->src.poll_fd))
			fflush(c->out);
		if (!(j = feed(c, fd)))
			break;
		if (j->nchunks && !c->stop)
			job_run(c, j);
		emit(c, w, j);
		job_free(j);
		if (c->stop)
			break;
	}
}

/* ------------------------------------------------------------------ */
/* Summary                                                             */

static double
now_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int
cmp_code(const void *a, const void *b)
{
	const struct job_code *x = a, *y = b;

	return strcmp(x->code, y->code);
}

void
cli_print_summary(struct cli *c)
{
	struct cli_summary *s = &c->sum;
	double rate = s->seconds > 0 ? (double)s->games / s->seconds : 0;
	unsigned i;

	if (c->no_summary || c->stop)
		return;
	qsort(s->codes, s->ncodes, sizeof(s->codes[0]), cmp_code);
	if (c->json) {
		FILE *f = c->out;
		/* The object of a lone game already says all the summary
		 * would, and a script reading one field of it
		 * (`score --json game.sgf | jq -r .japanese.result`) would
		 * get a second, null answer: as wc prints no total for one
		 * file, a run of one game has no summary object. */
		if (s->games == 1 && !s->unreadable && !s->nogame &&
		    !c->summary_only)
			return;
		fprintf(f,
			"{\"summary\":true,\"command\":\"%s\",\"files\":%lu,"
			"\"unreadable\":%lu,\"games\":%lu,\"valid\":%lu,"
			"\"invalid\":%lu,\"problems\":{",
			c->cmd, s->files, s->unreadable, s->games, s->valid,
			s->invalid);
		for (i = 0; i < s->ncodes; i++) {
			if (i)
				putc(',', f);
			cli_json_str(f, s->codes[i].code);
			fprintf(f, ":%lu", s->codes[i].n);
		}
		fprintf(f,
			"},\"scored\":%lu,\"agree\":%lu,\"disagree\":%lu,"
			"\"seconds\":%.3f,\"games_per_second\":%.0f}\n",
			s->scored, s->agree, s->disagree, s->seconds, rate);
		if (ferror(f))
			write_failed(c, errno);
		return;
	}
	if (!c->summary_always && !isatty(2))
		return;
	fprintf(stderr,
		"%s %s: %lu game%s in %lu file%s: %lu valid, %lu invalid",
		cmd_progname, c->cmd, s->games, s->games == 1 ? "" : "s",
		s->files, s->files == 1 ? "" : "s", s->valid, s->invalid);
	if (s->ncodes) {
		fputs(" (", stderr);
		for (i = 0; i < s->ncodes; i++)
			fprintf(stderr, "%s%s %lu", i ? ", " : "",
				s->codes[i].code, s->codes[i].n);
		fputc(')', stderr);
	}
	if (s->unreadable)
		fprintf(stderr, ", %lu unreadable", s->unreadable);
	if (s->scored)
		fprintf(stderr, "; %lu scored, %lu agree with RE, %lu disagree",
			s->scored, s->agree, s->disagree);
	if (isatty(2))
		fprintf(stderr, "; %.2f s, %.0f games/s", s->seconds, rate);
	fputc('\n', stderr);
}

/* ------------------------------------------------------------------ */

int
cli_run(struct cli *c, int argc, char **argv)
{
	struct inputs in;
	struct feeder fd;
	struct writer w;
	double t0 = now_seconds();
	int i, jobs = c->jobs;
	size_t k;

	memset(&in, 0, sizeof(in));
	in.total_known = true;
	for (i = 0; i < argc; i++)
		if (add_operand(c, &in, argv[i])) {
			cmd_error("out of memory");
			return EXIT_USAGE;
		}
	if (c->files_from && add_files_from(c, &in)) {
		c->status = EXIT_USAGE;
		goto done;
	}
	if (!argc && !c->files_from)
		inputs_add(&in, "-", 0, NULL, 0);

	memset(&fd, 0, sizeof(fd));
	fd.in = &in;
	fd.src.fd = -1;
	fd.batch_games =
	    c->batch_games > 0 ? (size_t)c->batch_games : BATCH_GAMES;
	fd.batch_bytes = c->batch_games > 0 ? BATCH_BYTES_SMALL : BATCH_BYTES;
	memset(&w, 0, sizeof(w));
	w.in = &in;
	{
		/* Messages go after their game's output lines; that needs
		 * a flush of stdout before each, but only when both streams
		 * end up in one place (a terminal, 2>&1). */
		struct stat s1, s2;
		c->out_is_err_ = c->out == stdout && fstat(1, &s1) == 0 &&
				 fstat(2, &s2) == 0 && s1.st_dev == s2.st_dev &&
				 s1.st_ino == s2.st_ino;
	}
	w.prog.on = c->progress == 1 || (c->progress < 0 && isatty(2));
	w.prog.files_total = in.n;
	w.prog.bytes_total = in.total_bytes;
	w.prog.bytes_known = in.total_known;
	clock_gettime(CLOCK_MONOTONIC, &w.prog.start);
	w.prog.last = w.prog.start;

	if (jobs <= 0) {
		long n = sysconf(_SC_NPROCESSORS_ONLN);
		jobs = n > 0 ? (int)(n > 64 ? 64 : n) : 1;
	}
	if (jobs == 1)
		run_inline(c, &fd, &w);
	else
		run_threads(c, &fd, &w, jobs);
	if (fd.open)
		src_close(&fd.src);
	/* Stopped in the middle of a per-input output (convert -d): drop
	 * the temporary file rather than leave a half-written output. */
	if (c->file_end && c->tmp_path_)
		cli_output_close(c, false);
	if (!c->stop && (fflush(c->out) || ferror(c->out)))
		write_failed(c, errno);
	progress_draw(c, &w.prog, w.files_done, in.total_bytes, true);
	progress_clear(&w.prog);
	c->sum.seconds = now_seconds() - t0;
	cli_print_summary(c);
	if (!c->stop && c->out == stdout && (fflush(stdout) || ferror(stdout)))
		write_failed(c, errno);
done:
	for (k = 0; k < in.n; k++)
		free(in.v[k].name);
	free(in.v);
	return c->status;
}
