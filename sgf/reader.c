/*
 * reader.c - cut an input stream into one chunk per game tree.
 *
 * The reader keeps only the bytes of the game being cut (plus one read
 * buffer), so a stream of a million games needs the memory of its
 * largest game.  Cutting is a tight scan over byte classes: outside
 * values only '[', '(' and ')' matter, inside values only ']' and '\\'.
 * A ']' ends a value only where SGFC's heuristic says so (see
 * value_end_ok), exactly as the parser decides, so both agree on where
 * a game ends.  Games whose charset hides ASCII bytes inside multi-byte
 * characters (Shift_JIS, Big5, GBK/GB18030, ISO-2022-JP) are cut again
 * with a charset-aware scan once their charset is known.  The parser
 * (parse.c) reads the chunks; it calls this file, never the reverse.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "internal.h"

#define READ_SIZE	 ((size_t)64 * 1024) /* first buffer: 2x */
#define MAX_READER_DIAGS 50

enum scan_mode { M_BYTE, M_DBCS, M_ISO2022 };

/* Byte classes of the scanner.  The buffer always ends with a NUL
 * sentinel, so the inner loops need no bounds check. */
enum {
	C_PLAIN = 0,
	C_SYNTAX, /* '[' '(' ')' outside values, ']' '\\' inside */
	C_LEAD,	  /* DBCS lead byte: the next byte belongs to it */
	C_HIGH,	  /* first byte >= 0x80 of a game (BYTE mode) */
	C_NUL,	  /* end of the buffer, or a NUL byte */
	C_NL,	  /* '\n': lines are counted while scanning */
	C_ESC,	  /* 0x1B: ISO-2022 escape */
};

struct scan {
	size_t pos;
	size_t depth;
	uint64_t nl;   /* newlines between the game start and pos */
	size_t lastnl; /* index of the last of them */
	int inval;
	int typed;     /* the value is of a property that is never text */
	size_t esc_at; /* the byte after the last escaping '\\' */
	int dbl;       /* ISO-2022: inside a two-byte run */
	int esc;       /* saw ESC (0x1B) */
	int high;      /* saw a byte >= 0x80 */
	const unsigned char *vc, *oc;
};

/* The input of a descriptor: plain read(), which returns what a pipe
 * holds (gzread() would wait until its whole request is filled, so a
 * game arriving alone would not be cut until the next ones came), a
 * gzip stream inflated as it comes, and the inflated bytes the caller looked
 * at. */
struct input {
	int fd; /* -1: none (memory reader, or all decoded) */
	int close_fd;
	int looked;	    /* the first bytes were checked for gzip */
	z_stream *z;	    /* set once gzip was seen */
	int zend;	    /* a gzip member ended: another may follow */
	unsigned char *raw; /* bytes read and not yet used */
	size_t rawlen, rawpos;
	/* the stream's first bytes, inflated, that the caller looked at
	 * (sgf_reader_peek): served before anything else */
	unsigned char *ahead;
	size_t aheadlen, aheadpos;
	const char *what; /* a message for EIO */
};

#define RAW_SIZE ((size_t)32 * 1024) /* below the mmap threshold */

struct sgf_reader {
	struct input in;
	unsigned char *buf; /* owned; buf[len] == 0 */
	size_t cap, start, len;
	int eof, ioerr, started;
	int nowait; /* fill(): return FILL_WAIT rather than block */
	const char *file;
	struct sgf_limits lim;
	unsigned index;
	uint64_t line, offset;
	/* the line of start began at buf[lnstart] when lnset; else before
	 * what the buffer holds, and buf[0] is at column col */
	uint32_t col;
	size_t lnstart;
	int lnset;
	/* get_col()'s last answer: buf[cpos] is at column ccol (valid when
	 * cvalid), so that many games on one line cost linear time */
	size_t cpos;
	uint32_t ccol;
	int cvalid;
	const char *stream_cs; /* from a BOM */
	int decoded;	       /* buf holds UTF-8 decoded from stream_cs */
	unsigned char dv[256], dov[256]; /* DBCS tables */
	enum scan_mode mode;
	struct sgf_diag *diags, *dtail;
	unsigned ndiags;
	/* where junk between games began (jset): diagnostics name it
	 * there, not where the next game or the input's end is */
	uint64_t jline;
	uint32_t jcol;
	int jset;
};

/* BYTE-mode tables, built once: with C_HIGH (until the first high byte
 * of a game is seen) and without. */
static unsigned char tv_hi[256], to_hi[256], tv_lo[256], to_lo[256];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void
base_tables(unsigned char *v, unsigned char *o)
{
	memset(v, 0, 256);
	memset(o, 0, 256);
	v[']'] = v['\\'] = C_SYNTAX;
	o['['] = o['('] = o[')'] = C_SYNTAX;
	v[0] = o[0] = C_NUL;
	v['\n'] = o['\n'] = C_NL;
	v[0x1B] = o[0x1B] = C_ESC;
}

static void
tables_build(void)
{
	int c;

	base_tables(tv_lo, to_lo);
	base_tables(tv_hi, to_hi);
	for (c = 0x80; c < 256; c++)
		tv_hi[c] = to_hi[c] = C_HIGH;
}

/* The column of buf[start], in characters.  What was consumed since the
 * line began counts: a game before this one on the same line too. */
static uint32_t
get_col(struct sgf_reader *rd)
{
	const unsigned char *b = rd->buf;
	size_t i = rd->lnset ? rd->lnstart : 0;
	uint32_t c = rd->lnset ? 1 : rd->col;

	if (rd->cvalid && rd->cpos >= i && rd->cpos <= rd->start) {
		i = rd->cpos;
		c = rd->ccol;
	}
	for (; i < rd->start; i++) {
		/* a BOM (U+FEFF, before a file or between concatenated
		 * ones) has no width */
		if (b[i] == 0xEF && i + 2 < rd->start && b[i + 1] == 0xBB &&
		    b[i + 2] == 0xBF) {
			i += 2;
			continue;
		}
		c += (b[i] & 0xC0) != 0x80;
	}
	rd->cpos = rd->start;
	rd->ccol = c;
	rd->cvalid = 1;
	return c;
}

static void
rdiag_at(struct sgf_reader *rd, enum sgf_code code, enum sgf_severity sev,
	 uint64_t line, uint32_t col, const char *msg)
{
	struct sgf_diag *d;

	if (rd->ndiags >= MAX_READER_DIAGS)
		return;
	d = calloc(1, sizeof(*d));
	if (!d)
		return;
	d->code = code;
	d->severity = sev;
	d->line = (uint32_t)line;
	d->col = col;
	snprintf(d->msg, sizeof(d->msg), "%s", msg);
	if (rd->dtail)
		rd->dtail->next = d;
	else
		rd->diags = d;
	rd->dtail = d;
	rd->ndiags++;
}

/* A diagnostic at the consumed mark. */
static void
rdiag(struct sgf_reader *rd, enum sgf_code code, enum sgf_severity sev,
      const char *msg)
{
	rdiag_at(rd, code, sev, rd->line, get_col(rd), msg);
}

static void
set_mode(struct sgf_reader *rd, struct scan *st, enum scan_mode m,
	 const char *cs)
{
	int c;

	rd->mode = m;
	if (m == M_DBCS) {
		base_tables(rd->dv, rd->dov);
		for (c = 0x80; c < 256; c++)
			if (sgf_charset_is_lead(cs, (unsigned char)c))
				rd->dv[c] = rd->dov[c] = C_LEAD;
		st->vc = rd->dv;
		st->oc = rd->dov;
	} else {
		st->vc = tv_hi;
		st->oc = to_hi;
	}
}

static void input_close(struct input *in);

static struct sgf_reader *
reader_new(const char *file, const struct sgf_limits *lim)
{
	struct sgf_reader *rd = calloc(1, sizeof(*rd));

	if (!rd)
		return NULL;
	pthread_once(&tables_once, tables_build);
	rd->in.fd = -1;
	rd->file = file;
	sgf_limits_fill(&rd->lim, lim);
	rd->line = 1;
	rd->col = 1;
	rd->buf = malloc(1);
	if (!rd->buf) {
		free(rd);
		return NULL;
	}
	rd->buf[0] = 0;
	return rd;
}

struct sgf_reader *
sgf_reader_open_fd(int fd, int close_fd, const char *file,
		   const struct sgf_limits *lim)
{
	struct sgf_reader *rd = reader_new(file, lim);

	if (!rd)
		return NULL;
	rd->in.raw = malloc(RAW_SIZE);
	if (!rd->in.raw) {
		sgf_reader_close(rd);
		errno = ENOMEM;
		return NULL;
	}
	rd->in.fd = fd;
	rd->in.close_fd = close_fd;
	return rd;
}

struct sgf_reader *
sgf_reader_open(const char *path, const char *file,
		const struct sgf_limits *lim)
{
	int fd;
	struct sgf_reader *rd;

	if (!strcmp(path, "-"))
		return sgf_reader_open_fd(0, 0, file ? file : "-", lim);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	rd = sgf_reader_open_fd(fd, 1, file ? file : path, lim);
	if (!rd) {
		int e = errno;
		close(fd);
		errno = e;
	}
	return rd;
}

struct sgf_reader *
sgf_reader_open_mem(const char *buf, size_t len, const char *file,
		    const struct sgf_limits *lim)
{
	struct sgf_reader *rd = reader_new(file, lim);
	unsigned char *b;

	if (!rd)
		return NULL;
	/* a copy with the sentinel the scanner relies on */
	b = malloc(len + 1);
	if (!b) {
		sgf_reader_close(rd);
		return NULL;
	}
	memcpy(b, buf, len);
	b[len] = 0;
	free(rd->buf);
	rd->buf = b;
	rd->len = rd->cap = len;
	rd->eof = 1;
	return rd;
}

void
sgf_reader_close(struct sgf_reader *rd)
{
	struct sgf_diag *d;

	if (!rd)
		return;
	input_close(&rd->in);
	free(rd->buf);
	while ((d = rd->diags)) {
		rd->diags = d->next;
		free(d);
	}
	free(rd);
}

const struct sgf_diag *
sgf_reader_diags(const struct sgf_reader *rd)
{
	return rd->diags;
}

enum { FILL_WAIT = -2 };

/* Would a read of the descriptor wait?  (Never for a regular file.) */
static int
would_wait(int fd)
{
	struct pollfd p = {fd, POLLIN, 0};

	return fd >= 0 && poll(&p, 1, 0) == 0;
}

static void
input_close(struct input *in)
{
	if (in->z) {
		inflateEnd(in->z);
		free(in->z);
	}
	if (in->close_fd && in->fd >= 0)
		close(in->fd);
	free(in->raw);
	free(in->ahead);
	memset(in, 0, sizeof(*in));
	in->fd = -1;
}

/* Bytes of the descriptor into in->raw (after what it still holds):
 * one read(), which returns what is there.
 * Returns the count, 0 at end of input, -1 on error (errno), FILL_WAIT
 * when `nowait` and nothing is ready. */
static ssize_t
raw_more(struct input *in, int nowait)
{
	size_t room;
	ssize_t k;

	if (in->rawpos > 0) {
		memmove(in->raw, in->raw + in->rawpos, in->rawlen - in->rawpos);
		in->rawlen -= in->rawpos;
		in->rawpos = 0;
	}
	room = RAW_SIZE - in->rawlen;
	if (nowait && would_wait(in->fd))
		return FILL_WAIT;
	do
		k = read(in->fd, in->raw + in->rawlen, room);
	while (k < 0 && errno == EINTR);
	if (k > 0)
		in->rawlen += (size_t)k;
	return k;
}

/* Is input held that can be delivered without reading? */
static int
input_pending(const struct input *in)
{
	return in->rawpos < in->rawlen || in->aheadpos < in->aheadlen;
}

/* Up to n of the held bytes src[*pos..len) into out. */
static ssize_t
take(const unsigned char *src, size_t len, size_t *pos, unsigned char *out,
     size_t n)
{
	size_t m = len - *pos < n ? len - *pos : n;

	memcpy(out, src + *pos, m);
	*pos += m;
	return (ssize_t)m;
}

/* Up to n bytes of the stream (inflated if it is gzip) into out,
 * after what sgf_reader_peek() took.  Returns the count (> 0), 0 at
 * the end, -1 on error (errno, and in->what for bad compressed data),
 * FILL_WAIT as raw_more(). */
static ssize_t
input_next(struct input *in, unsigned char *out, size_t n, int nowait)
{
	ssize_t k;

	if (!in->looked) {
		/* two bytes decide: the gzip magic, or plain text */
		while (in->rawlen - in->rawpos < 2) {
			k = raw_more(in, nowait);
			if (k <= 0) {
				if (k == 0)
					break;
				return k;
			}
		}
		in->looked = 1;
		if (in->rawlen - in->rawpos >= 2 &&
		    in->raw[in->rawpos] == 0x1f &&
		    in->raw[in->rawpos + 1] == 0x8b) {
			in->z = calloc(1, sizeof(*in->z));
			if (!in->z ||
			    inflateInit2(in->z, 16 + MAX_WBITS) != Z_OK) {
				free(in->z);
				in->z = NULL;
				errno = ENOMEM;
				return -1;
			}
		}
	}
	if (!in->z) {
		/* plain: what is held, else one read() straight into out */
		if (in->rawpos < in->rawlen)
			return take(in->raw, in->rawlen, &in->rawpos, out, n);
		if (nowait && would_wait(in->fd))
			return FILL_WAIT;
		do
			k = read(in->fd, out, n);
		while (k < 0 && errno == EINTR);
		return k;
	}
	for (;;) {
		int r;
		size_t got;

		if (in->rawpos == in->rawlen ||
		    (in->zend && in->rawlen - in->rawpos < 2)) {
			k = raw_more(in, nowait);
			if (k < 0)
				return k;
			if (k == 0) {
				if (in->zend || in->rawpos < in->rawlen)
					return 0; /* trailing bytes ignored */
				in->what = "compressed data ends early";
				errno = EIO;
				return -1;
			}
			continue;
		}
		if (in->zend) {
			/* another gzip member, or trailing bytes that
			 * gzip itself ignores */
			if (in->raw[in->rawpos] != 0x1f ||
			    in->raw[in->rawpos + 1] != 0x8b)
				return 0;
			inflateReset(in->z);
			in->zend = 0;
		}
		in->z->next_in = in->raw + in->rawpos;
		in->z->avail_in = (unsigned)(in->rawlen - in->rawpos);
		in->z->next_out = out;
		in->z->avail_out = n > UINT_MAX ? UINT_MAX : (unsigned)n;
		r = inflate(in->z, Z_NO_FLUSH);
		in->rawpos = in->rawlen - in->z->avail_in;
		got = (size_t)(in->z->next_out - out);
		if (r == Z_STREAM_END)
			in->zend = 1;
		else if (r != Z_OK && r != Z_BUF_ERROR) {
			in->what = "invalid compressed data";
			errno = EIO;
			return -1;
		}
		if (got)
			return (ssize_t)got;
	}
}

/* The same, from the start of the stream: the peeked bytes first. */
static ssize_t
input_read(struct input *in, unsigned char *out, size_t n, int nowait)
{
	if (in->aheadpos < in->aheadlen)
		return take(in->ahead, in->aheadlen, &in->aheadpos, out, n);
	return input_next(in, out, n, nowait);
}

/* Read more input.  Returns 1 when bytes were added, 0 at end of input,
 * -1 on error, FILL_WAIT (nothing done) when rd->nowait is set and no
 * input is ready.  Consumed bytes (before start) are dropped first;
 * *shift says by how much positions held by the caller move down. */
static int
fill(struct sgf_reader *rd, size_t *shift)
{
	ssize_t n;

	*shift = 0;
	if (rd->eof || rd->in.fd < 0)
		return 0;
	if (rd->nowait && !input_pending(&rd->in) && would_wait(rd->in.fd))
		return FILL_WAIT;
	if (rd->start > 0) {
		/* rd->start becomes the buffer's first byte */
		if (!rd->lnset || rd->lnstart < rd->start) {
			rd->col = get_col(rd);
			rd->lnset = 0;
		} else {
			rd->lnstart -= rd->start;
		}
		rd->cvalid = 0;
		memmove(rd->buf, rd->buf + rd->start, rd->len - rd->start);
		*shift = rd->start;
		rd->len -= rd->start;
		rd->start = 0;
	}
	if (rd->cap - rd->len < READ_SIZE) {
		size_t cap = rd->cap > 1 ? rd->cap * 2 : READ_SIZE * 2;
		unsigned char *b;
		while (cap - rd->len < READ_SIZE)
			cap *= 2;
		b = realloc(rd->buf, cap + 1);
		if (!b) {
			rd->ioerr = ENOMEM;
			return -1;
		}
		rd->buf = b;
		rd->cap = cap;
	}
	n = input_read(&rd->in, rd->buf + rd->len, rd->cap - rd->len,
		       rd->nowait);
	if (n == FILL_WAIT) {
		rd->buf[rd->len] = 0;
		return FILL_WAIT;
	}
	if (n < 0) {
		rd->ioerr = errno ? errno : EIO;
		rd->buf[rd->len] = 0;
		return -1;
	}
	if (n == 0) {
		rd->eof = 1;
		rd->buf[rd->len] = 0;
		return 0;
	}
	rd->len += (size_t)n;
	rd->buf[rd->len] = 0;
	return 1;
}

/* Move the consumed mark to p, counting lines (junk between games). */
static void
advance(struct sgf_reader *rd, size_t p)
{
	const unsigned char *b = rd->buf;
	size_t i;

	for (i = rd->start; i < p; i++)
		if (b[i] == '\n') {
			rd->line++;
			rd->lnstart = i + 1;
			rd->lnset = 1;
		}
	rd->offset += p - rd->start;
	rd->start = p;
}

/* Junk between games begins at p: note where (the first time), moving
 * the consumed mark there (junk is skipped anyway). */
static void
note_junk(struct sgf_reader *rd, size_t p)
{
	if (rd->jset)
		return;
	advance(rd, p);
	rd->jline = rd->line;
	rd->jcol = get_col(rd);
	rd->jset = 1;
}

/* Move the consumed mark to st->pos, using the scanner's line count. */
static void
consume_scanned(struct sgf_reader *rd, struct scan *st)
{
	if (st->nl) {
		rd->line += st->nl;
		rd->lnstart = st->lastnl + 1;
		rd->lnset = 1;
		st->nl = 0;
	}
	rd->offset += st->pos - rd->start;
	rd->start = st->pos;
}

/* Decode a UTF-16 stream as a whole (such files are small: editors write
 * them one game at a time).  The stream is then read from memory. */
static int
decode_utf16(struct sgf_reader *rd, const char *cs)
{
	size_t shift, outlen, nbad;
	char *u;
	int r;

	while ((r = fill(rd, &shift)) > 0)
		if (rd->len > rd->lim.max_game_bytes)
			break;
	if (r < 0)
		return -1;
	u = sgf_charset_to_utf8(cs, (char *)rd->buf + rd->start,
				rd->len - rd->start, &outlen, &nbad);
	if (!u) {
		rd->ioerr = ENOMEM;
		return -1;
	}
	free(rd->buf);
	input_close(&rd->in);
	rd->buf = (unsigned char *)u;
	rd->start = 0;
	rd->len = rd->cap = outlen;
	rd->eof = 1;
	rd->decoded = 1;
	rd->stream_cs = cs;
	rd->lnset = 0;
	rd->col = 1;
	rd->cvalid = 0;
	if (outlen >= 3 && !memcmp(u, "\xEF\xBB\xBF", 3)) {
		rd->start = 3;
		rd->offset += 3;
	}
	return 0;
}

/* First look at the stream: a BOM or UTF-16 without one. */
static int
start_stream(struct sgf_reader *rd)
{
	size_t shift;
	const unsigned char *b;
	size_t n, i, z_even = 0, z_odd = 0;

	rd->started = 1;
	while (!rd->eof && rd->len - rd->start < 4)
		if (fill(rd, &shift) < 0)
			return -1;
	b = rd->buf + rd->start;
	n = rd->len - rd->start;
	if (n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF) {
		rd->stream_cs = "UTF-8";
		rd->start += 3;
		rd->offset += 3;
		return 0;
	}
	if (n >= 2 && b[0] == 0xFF && b[1] == 0xFE)
		return decode_utf16(rd, "UTF-16LE");
	if (n >= 2 && b[0] == 0xFE && b[1] == 0xFF)
		return decode_utf16(rd, "UTF-16BE");
	for (i = 0; i + 1 < n && i < 64; i += 2) {
		z_even += b[i] == 0;
		z_odd += b[i + 1] == 0;
	}
	if (n >= 4 && z_odd >= 2 && !z_even && b[1] == 0)
		return decode_utf16(rd, "UTF-16LE");
	if (n >= 4 && z_even >= 2 && !z_odd && b[0] == 0)
		return decode_utf16(rd, "UTF-16BE");
	return 0;
}

enum { SCAN_END, SCAN_MORE };

/* Is the byte before b[at], white space aside, a '(' (and not before
 * b[lo])? */
static int
after_open(const unsigned char *b, size_t lo, size_t at)
{
	while (at > lo && is_ws(b[at - 1]))
		at--;
	return at > lo && b[at - 1] == '(';
}

/* typed_value() for what its fast path leaves. */
static int __attribute__((noinline))
typed_value_slow(const unsigned char *b, size_t lo, size_t at, int prev)
{
	char id[SGF_MAX_ID_LEN];
	size_t i = at, e, k = 0;

	while (i > lo && is_ws(b[i - 1]))
		i--;
	if (i > lo && b[i - 1] == ']')
		return prev;
	for (e = i; i > lo && is_letter(b[i - 1]); i--)
		;
	for (; i < e; i++)
		if (is_upper(b[i])) {
			if (k == sizeof(id))
				return 0; /* too long: not a known one */
			id[k++] = (char)b[i];
		}
	return k && sgf_pid_typed(sgf_pid_lookup_inline(id, k));
}

/* Is the value whose '[' is at b[at] one of a property that is never
 * text (sgf_pid_typed), as the parser will find?  Its identifier is
 * read backwards from the '[' (the upper-case letters of the letters
 * before it, as the parser keeps them); after a ']' it is the next
 * value of the same property (`prev`).  Nothing before b[lo] is
 * looked at.  Inline for the usual "XY[" and "][". */
static inline int
typed_value(const unsigned char *b, size_t lo, size_t at, int prev)
{
	unsigned char c1, c0;

	if (at < lo + 3)
		return typed_value_slow(b, lo, at, prev);
	c1 = b[at - 1];
	if (c1 == ']')
		return prev;
	c0 = b[at - 2];
	if (is_upper(c1) && !is_letter(c0))
		return sgf_pid_typed((enum sgf_pid)sgf_pid_table[c1 - 'A'][0]);
	if (is_upper(c1) && is_upper(c0) && !is_letter(b[at - 3]))
		return sgf_pid_typed(
		    (enum sgf_pid)sgf_pid_table[c0 - 'A'][c1 - 'A' + 1]);
	return typed_value_slow(b, lo, at, prev);
}

/* In a value of a charset whose trail bytes may be '\\' or ']' (GBK,
 * GB18030, Big5, Shift_JIS), b[p] is a lead byte and b[p + 1] a '\\':
 * is that '\\' an escape a writer that escapes bytes, not characters,
 * put before the trail byte b[p + 2] (as SGFC reads such files: its
 * test of GB18030 "\xd6\xb8\x93\\]\x99\xe0" is 指揮權, 揮 being
 * 0x93 0x5D)?  Yes before a '\\' (a trail '\\' so escaped); before a
 * ']' only when that ']' cannot end the value (`typed`, or what follows
 * cannot follow a value): then the '\\' is the trail byte of its own
 * character (0x93 0x5C is 揬) and the ']' ends the value, as a writer
 * that knows the charset writes it.  1 yes, 0 no, -1 when more input
 * is needed. */
static int
escaped_trail(const unsigned char *b, size_t p, size_t n, int eof, int typed)
{
	int r;

	if (p + 2 >= n)
		return eof ? 0 : -1;
	if (b[p + 2] == '\\')
		return 1;
	if (b[p + 2] != ']' || typed)
		return 0;
	r = value_end_ok(b + p + 3, b + n, eof);
	return r < 0 ? -1 : !r;
}

/* Resume scanning a game at st->pos.  SCAN_END with st->pos just after
 * the final ')', or SCAN_MORE when the buffer ran out (st->pos at a
 * point where scanning can resume once more bytes are there). */
static int
scan(struct sgf_reader *rd, struct scan *st)
{
	unsigned char *b = rd->buf;
	size_t n = rd->len, p = st->pos;
	int eof = rd->eof;

	for (;;) {
		unsigned char c, k;
		if (st->dbl) {
			while ((c = b[p]) != 0x1B && c != '\n' && c != 0)
				p++;
			k = c == 0x1B ? C_ESC : c == '\n' ? C_NL : C_NUL;
		} else if (st->inval) {
			const unsigned char *vc = st->vc;
			while (!(k = vc[c = b[p]]))
				p++;
		} else {
			const unsigned char *oc = st->oc;
			while (!(k = oc[c = b[p]]))
				p++;
		}
		switch (k) {
		case C_NUL:
			if (p >= n)
				goto more;
			p++; /* a NUL byte in the input */
			continue;
		case C_NL:
			st->nl++;
			st->lastnl = p++;
			continue;
		case C_HIGH:
			/* note it once, then scan without the check */
			st->high = 1;
			st->vc = tv_lo;
			st->oc = to_lo;
			p++;
			continue;
		case C_ESC:
			st->esc = 1;
			if (rd->mode == M_ISO2022) {
				if (p + 2 >= n && !eof)
					goto more;
				if (p + 2 < n && b[p + 1] == '$')
					st->dbl = 1;
				else if (p + 2 < n && b[p + 1] == '(')
					st->dbl = 0;
			}
			p++;
			continue;
		case C_LEAD:
			if (p + 1 >= n && !eof)
				goto more;
			if (b[p + 1] == '\n') { /* not a trail byte after all */
				p++;
				continue;
			}
			/* (not after an escape of the whole character:
			 * "\\" lead "\\" trail would become "\\\\") */
			if (st->inval && b[p + 1] == '\\' && p != st->esc_at) {
				int r = escaped_trail(b, p, n, eof, st->typed);
				if (r < 0)
					goto more;
				if (r) {
					/* "\\" before the lead byte, where
					 * the parser reads it after decoding:
					 * an escape of the whole character */
					b[p + 1] = b[p];
					b[p] = '\\';
					p += 3;
					continue;
				}
			}
			p += p + 1 < n ? 2 : 1;
			continue;
		}
		/* C_SYNTAX */
		if (st->inval) {
			if (c == ']') {
				int r = st->typed ? 1
						  : value_end_ok(b + p + 1,
								 b + n, eof);
				if (r < 0)
					goto more;
				p++;
				if (r)
					st->inval = 0;
			} else { /* '\\' escapes the next character */
				if (p + 1 >= n) {
					if (!eof)
						goto more;
					p = n;
					continue;
				}
				/* only ']' and '\\' lose their meaning; any
				 * other byte is classified by the loop as if
				 * unescaped, so that an escaped high byte,
				 * lead byte, newline or ESC is noted */
				c = b[p + 1];
				p += c == ']' || c == '\\' ? 2 : 1;
				st->esc_at = p; /* escaped, if not passed */
			}
			continue;
		}
		p++;
		if (c == '[') {
			/* moves, "[pd]" then ';', '(' or ')', and ";B[" or
			 * ";W[" after them: what the value loop and
			 * value_end_ok() would do, in few steps (the NUL
			 * sentinel stops the reads at the buffer's end) */
			const unsigned char *vc = st->vc;
			unsigned char d;
			for (;;) {
				if (vc[b[p]] || vc[b[p + 1]] ||
				    b[p + 2] != ']' ||
				    ((d = b[p + 3]) != ';' && d != '(' &&
				     d != ')')) {
					st->inval = 1;
					st->typed = typed_value(
					    b, rd->start, p - 1, st->typed);
					break;
				}
				p += 3;
				if (d != ';' ||
				    (b[p + 1] != 'B' && b[p + 1] != 'W') ||
				    b[p + 2] != '[')
					break;
				p += 3;
			}
		} else if (c == '(') {
			/* a '(' right after a variation's '(' is ignored,
			 * as the parser does */
			if (st->depth < 2 || !after_open(b, rd->start, p - 1))
				st->depth++;
		} else if (st->depth > 0 && --st->depth == 0) { /* ')' */
			st->pos = p;
			return SCAN_END;
		}
	}
more:
	st->pos = p > n ? n : p;
	return SCAN_MORE;
}

int
sgf_is_tree_start(const unsigned char *p, const unsigned char *end, int at_eof)
{
	const unsigned char *lim = end - p > 4096 ? p + 4096 : end;

	p++; /* the '(' */
	for (;;) {
		while (p < lim && is_ws(*p))
			p++;
		if (p < lim && *p == '(') {
			p++;
			continue;
		}
		break;
	}
	if (p >= lim)
		return lim < end || at_eof ? (lim < end) : -1;
	if (*p == ';')
		return 1;
	if (!is_upper(*p))
		return 0;
	while (p < lim && is_letter(*p))
		p++;
	while (p < lim && is_ws(*p))
		p++;
	if (p >= lim)
		return lim < end || at_eof ? (lim < end) : -1;
	return *p == '[';
}

static int next_game(struct sgf_reader *rd, struct sgf_chunk *ch,
		     struct sgf_diag *err);

int
sgf_reader_next(struct sgf_reader *rd, struct sgf_chunk *ch,
		struct sgf_diag *err)
{
	rd->nowait = 0;
	return next_game(rd, ch, err);
}

int
sgf_reader_next_nowait(struct sgf_reader *rd, struct sgf_chunk *ch,
		       struct sgf_diag *err)
{
	int r;

	/* the stream's first look (BOM, UTF-16) always reads */
	rd->nowait = rd->started;
	r = next_game(rd, ch, err);
	rd->nowait = 0;
	return r;
}

static int
next_game(struct sgf_reader *rd, struct sgf_chunk *ch, struct sgf_diag *err)
{
	size_t p, shift, e;
	int junk = 0, r, too_big = 0, bom = 0, unterminated = 0;
	struct scan st;
	uint64_t gline, goff;
	uint32_t gcol;
	const char *cs;
	struct cs_info info;

	memset(ch, 0, sizeof(*ch));
	if (rd->ioerr)
		return 0;
	if (!rd->started && start_stream(rd) < 0)
		goto ioerr;

	/* 1. find the start of the next game tree */
	p = rd->start;
	junk = rd->jset; /* (from a call that returned SGF_READER_WAIT) */
	for (;;) {
		const unsigned char *b = rd->buf;
		while (p < rd->len) {
			unsigned char c = b[p];
			if (c == '(') {
				r = sgf_is_tree_start(b + p, b + rd->len,
						      rd->eof);
				if (r == 1)
					goto found;
				if (r < 0)
					break;
				junk = 1;
				note_junk(rd, p);
				p++;
			} else if (is_ws(c)) {
				p++;
			} else if (c == 0xEF && p + 2 < rd->len &&
				   b[p + 1] == 0xBB && b[p + 2] == 0xBF) {
				bom = 1; /* a BOM between concatenated files */
				p += 3;
			} else {
				junk = 1;
				note_junk(rd, p);
				p++;
			}
		}
		advance(rd, p);
		if (rd->eof) {
			if (junk && rd->index == 0)
				rdiag_at(rd, SGF_E_NOT_SGF, SGF_ERROR,
					 rd->jline, rd->jcol,
					 "no game tree found");
			else if (junk)
				rdiag_at(rd, SGF_W_JUNK_AFTER, SGF_WARNING,
					 rd->jline, rd->jcol,
					 "junk after the last game ignored");
			else if (rd->index == 0)
				/* white space includes every control
				 * character, so a lone 0x1f is not "empty" */
				rdiag(rd, SGF_E_NOT_SGF, SGF_ERROR,
				      rd->offset > 0
					  ? "no game tree found (only white "
					    "space)"
					  : "no game tree found (empty input)");
			rd->jset = 0;
			return 0;
		}
		r = fill(rd, &shift);
		if (r == FILL_WAIT)
			return SGF_READER_WAIT;
		if (r < 0)
			goto ioerr;
		p = rd->start;
	}
found:
	advance(rd, p);
	gline = rd->line;
	gcol = get_col(rd);
	goff = rd->offset;

	memset(&st, 0, sizeof(st));
	set_mode(rd, &st, M_BYTE, NULL);
rescan:
	st.pos = rd->start;
	st.depth = 0;
	st.nl = 0;
	st.inval = st.dbl = 0; /* high and esc stay known */
	if (rd->mode == M_BYTE) {
		st.vc = tv_hi;
		st.oc = to_hi;
	}
	for (;;) {
		if (scan(rd, &st) == SCAN_END)
			break;
		if (rd->eof) {
			unterminated = 1;
			st.pos = rd->len;
			break;
		}
		if (st.pos - rd->start > rd->lim.max_game_bytes) {
			/* too big: keep scanning, drop what was scanned */
			too_big = 1;
			consume_scanned(rd, &st);
			rd->nowait =
			    0; /* what was dropped cannot be read again */
		}
		r = fill(rd, &shift);
		if (r == FILL_WAIT)
			return SGF_READER_WAIT;
		if (r < 0)
			goto ioerr;
		st.pos -= shift;
		st.lastnl -= shift;
		st.esc_at = st.esc_at >= shift ? st.esc_at - shift : (size_t)-1;
	}
	e = st.pos;
	if (e - rd->start > rd->lim.max_game_bytes)
		too_big = 1;

	/* 2. the charset decides whether the cut was right */
	cs = rd->stream_cs ? rd->stream_cs : bom ? "UTF-8" : NULL;
	memset(&info, 0, sizeof(info));
	if (!too_big && !cs) {
		if (st.high || st.esc) {
			cs = sgf_charset_detect((char *)rd->buf + rd->start,
						e - rd->start, &info);
			if (rd->mode == M_BYTE) {
				enum cs_kind k = sgf_charset_kind(cs);
				if (k == CS_DBCS_LOW_TRAIL) {
					set_mode(rd, &st, M_DBCS, cs);
					goto rescan;
				}
				if (k == CS_ISO2022) {
					set_mode(rd, &st, M_ISO2022, cs);
					goto rescan;
				}
			}
		} else {
			cs = "UTF-8";
		}
	}

	/* 3. the chunk */
	ch->file = rd->file;
	ch->index = ++rd->index;
	ch->line = gline;
	ch->col = gcol;
	ch->offset = goff;
	ch->charset = cs;
	if (junk) {
		ch->flags |= SGF_CHUNK_JUNK_BEFORE;
		ch->junk_line = rd->jline;
		ch->junk_col = rd->jcol;
	}
	rd->jset = 0;
	if (unterminated)
		ch->flags |= SGF_CHUNK_UNTERMINATED;
	if (rd->decoded)
		ch->flags |= SGF_CHUNK_DECODED;
	if (rd->in.z)
		ch->flags |= SGF_CHUNK_INFLATED;
	if (too_big) {
		ch->flags |= SGF_CHUNK_TOO_BIG;
		ch->data = calloc(1, 1);
		ch->len = 0;
	} else {
		if (!st.high && !st.esc)
			ch->flags |= SGF_CHUNK_ASCII;
		if (info.how != CS_DECLARED)
			ch->flags |= SGF_CHUNK_CS_NOTE;
		ch->len = e - rd->start;
		ch->data = malloc(ch->len + 1);
		if (ch->data) {
			memcpy(ch->data, rd->buf + rd->start, ch->len);
			ch->data[ch->len] = 0;
		}
	}
	if (!ch->data) {
		ch->len = 0;
		rd->ioerr = ENOMEM;
		goto ioerr;
	}
	st.pos = e;
	consume_scanned(rd, &st);
	return 1;

ioerr:
	if (err) {
		memset(err, 0, sizeof(*err));
		err->code = rd->ioerr == ENOMEM ? SGF_E_NOMEM : SGF_E_IO;
		err->severity = SGF_ERROR;
		err->line = (uint32_t)rd->line;
		err->col = get_col(rd);
		snprintf(err->msg, sizeof(err->msg), "read error: %s",
			 rd->ioerr == EIO && rd->in.what
			     ? rd->in.what
			     : strerror(rd->ioerr ? rd->ioerr : EIO));
	}
	if (!rd->ioerr)
		rd->ioerr = EIO;
	return -1;
}

static void
read_error(const struct sgf_reader *rd, struct sgf_diag *err)
{
	int e = errno;

	if (!err)
		return;
	memset(err, 0, sizeof(*err));
	err->code = e == ENOMEM ? SGF_E_NOMEM : SGF_E_IO;
	err->severity = SGF_ERROR;
	snprintf(err->msg, sizeof(err->msg), "read error: %s",
		 e == EIO && rd->in.what ? rd->in.what : strerror(e));
}

long
sgf_reader_read(struct sgf_reader *rd, char *buf, size_t n, int nowait,
		struct sgf_diag *err)
{
	ssize_t k;

	if (rd->started || !rd->in.raw) {
		errno = EINVAL;
		k = -1;
	} else {
		k = input_read(&rd->in, (unsigned char *)buf, n, nowait);
	}
	if (k == FILL_WAIT)
		return SGF_READ_WAIT;
	if (k < 0)
		read_error(rd, err);
	return (long)k;
}

long
sgf_reader_peek(struct sgf_reader *rd, char *buf, size_t n,
		struct sgf_diag *err)
{
	struct input *in = &rd->in;
	ssize_t k;

	if (rd->started || !in->raw || in->aheadpos || n > SGF_PEEK_MAX) {
		errno = EINVAL;
		read_error(rd, err);
		return -1;
	}
	if (!in->ahead) {
		in->ahead = malloc(SGF_PEEK_MAX);
		if (!in->ahead) {
			errno = ENOMEM;
			read_error(rd, err);
			return -1;
		}
	}
	if (in->aheadlen < n) {
		k = input_next(in, in->ahead + in->aheadlen, n - in->aheadlen,
			       0);
		if (k < 0) {
			read_error(rd, err);
			return -1;
		}
		in->aheadlen += (size_t)k;
	}
	k = (ssize_t)(in->aheadlen < n ? in->aheadlen : n);
	memcpy(buf, in->ahead, (size_t)k);
	return (long)k;
}

void
sgf_chunk_release(struct sgf_chunk *ch)
{
	if (!ch)
		return;
	free(ch->data);
	ch->data = NULL;
	ch->len = 0;
}
