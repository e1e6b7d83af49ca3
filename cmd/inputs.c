/*
 * inputs.c - what the batch commands read: the format of an input (by
 * -f, else by content over extension, from sgf/formats.h), the list of
 * inputs (operands, directories walked with -r, --files-from), and the
 * source that cuts one open input into chunks of one game each.
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
		int cut = s->fmt->kind == SGF_FMT_LINES && s->buf
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
			if (s->fmt->kind == SGF_FMT_WHOLE && !s->index) {
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
			if (s->fmt->kind != SGF_FMT_LINES) {
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
		if (s->pos && s->fmt->kind == SGF_FMT_LINES) {
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

int
cli_src_next(struct cli *c, struct src *s, struct sgf_chunk *ch,
	     struct sgf_diag *err, bool nowait)
{
	if (s->rd)
		return nowait ? sgf_reader_next_nowait(s->rd, ch, err)
			      : sgf_reader_next(s->rd, ch, err);
	return src_next_raw(c, s, ch, err, nowait);
}
