/*
 * inputs.c - what the batch commands read: the format of an input (by
 * -f, else by content over extension, from sgf/formats.h), the list of
 * inputs (operands, directories walked with -r, --files-from), and the
 * source that hands out one open input's games: SGF cut by sgf_reader,
 * other formats by sgf_cutter (sgf/cut.c).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../sgf/formats.h"
#include "cli.h"
#include "cli_internal.h"
#include "cmd.h"

/* ------------------------------------------------------------------ */
/* The list of inputs                                                  */

int
cli_inputs_add(struct inputs *in, const char *name, int err, const char *what,
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
		return cli_inputs_add(in, root, err, "cannot read directory",
				      0);
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
			if (sgf_name_has_ext(p, c->exts))
				cli_inputs_add(in, p, errno, "cannot open", 0);
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
				cli_inputs_add(in, p, err,
					       "cannot read directory", 0);
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
		if (S_ISREG(sb.st_mode) && sgf_name_has_ext(p, c->exts))
			cli_inputs_add(in, p, 0, NULL, (uint64_t)sb.st_size);
		free(p);
	}
	free(st);
	return 0;
}

int
cli_add_operand(struct cli *c, struct inputs *in, const char *name)
{
	struct stat sb;

	if (!strcmp(name, "-"))
		return cli_inputs_add(in, "-", 0, NULL, 0);
	if (stat(name, &sb))
		return cli_inputs_add(in, name, errno, "cannot open", 0);
	if (S_ISDIR(sb.st_mode)) {
		if (!c->recursive)
			return cli_inputs_add(
			    in, name, EISDIR,
			    "cannot read (use -r for directories)", 0);
		return walk_dir(c, in, name);
	}
	return cli_inputs_add(in, name, 0, NULL,
			      S_ISREG(sb.st_mode) ? (uint64_t)sb.st_size : 0);
}

/* --files-from: one name per line (or NUL separated with -0). */
int
cli_add_files_from(struct cli *c, struct inputs *in)
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
		if (cli_add_operand(c, in, line)) {
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

/* Is a pipe or terminal input waiting for its writer?  Then batches
 * are cut short and the output flushed, so that a stream of games that
 * trickles in (a server feed) is answered game by game. */
bool
cli_input_idle(int fd)
{
	struct pollfd p = {fd, POLLIN, 0};

	return fd >= 0 && poll(&p, 1, 0) == 0;
}

void
cli_src_close(struct src *s)
{
	if (s->rd)
		sgf_reader_close(s->rd);
	if (s->raw)
		sgf_reader_close(s->raw);
	sgf_cutter_close(s->cut);
	if (s->fd > 0)
		close(s->fd);
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
int
cli_src_open(struct cli *c, struct src *s, const char *name)
{
	const struct sgf_format_info *fmt = c->informat;
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
		fmt = sgf_format_by_ext(name);
	if (!c->informat) {
		/* The content decides over the name: a GIB or UGF file
		 * saved as .sgf is still read as what it is. */
		const struct sgf_format_info *byc;
		np = peek_input(s->raw, peek, !S_ISREG(sb.st_mode));
		byc = sgf_format_sniff(peek, np);
		if (!fmt || (byc && byc != fmt && byc->detect))
			fmt = byc;
	}
	s->fmt = fmt;
	if (fmt->kind == SGF_FMT_STREAM) {
		s->rd = s->raw;
		s->raw = NULL;
	} else {
		s->cut = sgf_cutter_open(s->raw, fmt->kind == SGF_FMT_LINES,
					 s->name, &c->limits);
		if (!s->cut) {
			sgf_reader_close(s->raw);
			s->raw = NULL;
			if (!is_stdin)
				close(s->fd);
			s->fd = -1;
			errno = ENOMEM;
			return -1;
		}
		s->raw = NULL; /* the cutter's now */
	}
	return 0;
}

int
cli_src_next(struct cli *c, struct src *s, struct sgf_chunk *ch,
	     struct sgf_diag *err, bool nowait)
{
	if (s->rd)
		return nowait ? sgf_reader_next_nowait(s->rd, ch, err)
			      : sgf_reader_next(s->rd, ch, err);
	return sgf_cutter_next(s->cut, ch, err, nowait);
}
