/*
 * output.c - where results go: output files written beside their
 * target and renamed into place, names of outputs per input, the JSON
 * string writer, and the run's summary.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli_internal.h"
#include "cmd.h"

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
 * on stdout is quiet, as in grep: told by EPIPE, or by the pipe itself
 * when the stream's error flag was set by an earlier write and errno
 * has changed since (isatty() on stderr leaves ENOTTY behind: 'write
 * error on standard output: Inappropriate ioctl for device' after
 * `sgfkit info - | head -n 1`). */
void
cli_write_failed(struct cli *c, int err)
{
	if (c->out_err_)
		return;
	c->out_err_ = true;
	__atomic_store_n(&c->stop, true, __ATOMIC_RELAXED);
	c->status = EXIT_USAGE;
	if (c->out == stdout) {
		if (err != EPIPE && !cmd_reader_gone(fileno(stdout)))
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
			cli_write_failed(c, errno);
		return c->out_err_ ? -1 : 0;
	}
	if (fflush(c->out) || ferror(c->out))
		cli_write_failed(c, errno);
	if (fclose(c->out) && !c->out_err_)
		cli_write_failed(c, errno);
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
/* Records as read                                                     */

int
cli_write_record(const struct sgf_game *g, struct cli_res *r, FILE *out)
{
	if (!r->record) {
		const struct sgf_diag *d;

		for (d = g->diags; d; d = d->next)
			if (d->code == SGF_W_MISSING_PAREN)
				cli_report_diag(g, r, d);
		return sgf_write_sgf(out, g, 0);
	}
	if (fwrite_unlocked(r->record, 1, r->record_len, out) !=
		r->record_len ||
	    putc_unlocked('\n', out) == EOF)
		return -1;
	return 0;
}

/* ------------------------------------------------------------------ */
/* JSON strings                                                        */

void
cli_json_str(FILE *f, const char *s)
{
	if (!s)
		fputs_unlocked("null", f);
	else
		sgf_json_str(f, s, strlen(s), SGF_JSON_STR_UESC);
}

/* ------------------------------------------------------------------ */
/* Summary                                                             */

static int
cmp_code(const void *a, const void *b)
{
	/* an entry of cli_summary.codes, through its first member */
	const char *const *x = a, *const *y = b;

	return strcmp(*x, *y);
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
			cli_write_failed(c, errno);
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
