/*
 * cut.c - cut the games out of an input in a format other than SGF,
 * beside reader.c, which cuts SGF: JSON into one chunk per top-level
 * value (JSON Lines, or documents printed over many lines), a
 * whole-file format (GIB, NGF, UGF, OGS, GTP) into one chunk.  The
 * bytes come from an sgf_reader (plain or gzip, files or pipes); games
 * over max_game_bytes are skipped as the SGF reader skips them, with a
 * chunk flagged SGF_CHUNK_TOO_BIG where they started.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "internal.h"

struct sgf_cutter {
	struct sgf_reader *raw; /* the bytes; closed with the cutter */
	const char *file;
	size_t max; /* max_game_bytes */
	bool lines; /* JSON: one value per chunk; else the whole input */
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
	/* JSON: a value over max_game_bytes is being scanned to its end
	 * and let go of as it is scanned; it started at skip_line:skip_col,
	 * byte skip_offset of the input */
	bool jskip;
	uint64_t skip_line, skip_offset;
	uint32_t skip_col;
};

struct sgf_cutter *
sgf_cutter_open(struct sgf_reader *raw, int lines, const char *file,
		const struct sgf_limits *lim)
{
	struct sgf_cutter *s = calloc(1, sizeof(*s));
	struct sgf_limits def;

	if (!s)
		return NULL;
	if (!lim) {
		sgf_limits_default(&def);
		lim = &def;
	}
	s->raw = raw;
	s->file = file;
	s->max = lim->max_game_bytes;
	s->lines = lines;
	s->line = 1;
	s->col = 1;
	return s;
}

void
sgf_cutter_close(struct sgf_cutter *s)
{
	if (!s)
		return;
	sgf_reader_close(s->raw);
	free(s->buf);
	free(s);
}

/* Move s->pos to `to`, keeping its line (and the means to its
 * column). */
static void
src_advance(struct sgf_cutter *s, size_t to)
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
src_col(struct sgf_cutter *s)
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
json_cut(struct sgf_cutter *s, size_t *start, size_t *end)
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
skip_mark(struct sgf_cutter *s)
{
	s->skip_line = s->line;
	s->skip_col = src_col(s);
	s->skip_offset = s->offset + s->pos;
}

/* The chunk standing for a game over --max-game-bytes, which started at
 * line:col, byte `offset` of the input: empty and flagged, so that it is
 * an error of its own game, as in SGF. */
static int
too_big_chunk(struct sgf_cutter *s, struct sgf_chunk *ch, uint64_t line,
	      uint32_t col, uint64_t offset)
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

int
sgf_cutter_next(struct sgf_cutter *s, struct sgf_chunk *ch,
		struct sgf_diag *err, int nowait)
{
	size_t max = s->max;

	memset(ch, 0, sizeof(*ch));
	ch->file = s->file;
	for (;;) {
		ssize_t k;
		size_t start, e;
		bool skipping = s->jskip;
		int cut = s->lines && s->buf ? json_cut(s, &start, &e) : 0;

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
			if (!s->lines && !s->index) {
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
			if (!s->lines) {
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
		if (s->pos && s->lines) {
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
