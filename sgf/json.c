/*
 * json.c - games as JSON documents and back, with a reader of our own
 * (see "Reading" for why not cJSON).
 *
 * Schema (one document per game, printed on one line):
 *
 *   {"file": "x.sgf",          name of the input ("-" for stdin)
 *    "game": 1,                1-based index of the game in that input
 *    "charset": "UTF-8",       charset the record was decoded from
 *    "nodes": [                the tree as a flat list, in preorder
 *      {"props": {"FF": ["4"], "SZ": ["19"]}},       node 0: the root
 *      {"parent": 0, "props": {"B": ["pd"]}},        node 1
 *      ...]}
 *
 * - nodes[i].parent is the index of the parent node; the root (node 0)
 *   has none.  A parent always comes before its children, and children
 *   appear in order: the first child of a node is its main line.
 * - props maps each property identifier to its values, in the order of
 *   the record; values are strings as in the SGF after unescaping
 *   (UTF-8, "\]" read as "]", soft line breaks removed), as sgf.h stores
 *   them: composed values (AP, LB, FG, AR, LN, SZ) and values of unknown
 *   properties keep "\:" and "\\".  A node without properties has
 *   "props": {}.
 * - The list is flat so that neither writing nor reading recurses on the
 *   depth of the game tree.
 *
 * Several games are written as JSON Lines (one document per line);
 * sgf_parse_json() reads one document or JSON Lines.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* A byte that is not UTF-8 is U+FFFD: values are UTF-8 by now, but a
 * file name is whatever bytes the file system holds. */
void
sgf_json_str(FILE *out, const char *s, size_t len, unsigned flags)
{
	static const char hex[] = "0123456789abcdef";
	size_t run = 0;

	putc('"', out);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		const char *e;

		if (c >= 0x80) {
			size_t k = sgf_utf8_char_len(s + i, len - i);
			if (k) {
				i += k - 1;
				continue;
			}
			fwrite(s + run, 1, i - run, out);
			run = i + 1;
			fputs("\\ufffd", out);
			continue;
		}
		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		fwrite(s + run, 1, i - run, out);
		run = i + 1;
		switch (c) {
		case '"':
			e = "\\\"";
			break;
		case '\\':
			e = "\\\\";
			break;
		case '\b':
			e = flags & SGF_JSON_STR_UESC ? "\\u0008" : "\\b";
			break;
		case '\f':
			e = flags & SGF_JSON_STR_UESC ? "\\u000c" : "\\f";
			break;
		case '\n':
			e = "\\n";
			break;
		case '\r':
			e = "\\r";
			break;
		case '\t':
			e = "\\t";
			break;
		default:
			fputs("\\u00", out);
			putc(hex[c >> 4], out);
			putc(hex[c & 15], out);
			continue;
		}
		fputs(e, out);
	}
	fwrite(s + run, 1, len - run, out);
	putc('"', out);
}

static void
put_json_node(FILE *out, const struct sgf_node *n, long parent)
{
	const struct sgf_prop *p;
	const struct sgf_value *v;

	if (parent >= 0)
		fprintf(out, "{\"parent\":%ld,\"props\":{", parent);
	else
		fputs("{\"props\":{", out);
	for (p = n->props; p; p = p->next) {
		if (p != n->props)
			putc(',', out);
		sgf_json_str(out, p->id, strlen(p->id), 0);
		fputs(":[", out);
		for (v = p->values; v; v = v->next) {
			if (v != p->values)
				putc(',', out);
			sgf_json_str(out, v->s, v->len, 0);
		}
		putc(']', out);
	}
	fputs("}}", out);
}

/* Written straight to out, node by node: a DOM of the whole tree cost
 * 2 GB and 10 s for a 5 MB record of 5 million nodes. */
int
sgf_write_json(FILE *out, const struct sgf_game *g)
{
	const struct sgf_node *n = g->root;
	const char *file = g->file ? g->file : "-";
	const char *cs = g->charset ? g->charset : "UTF-8";
	long *stack = NULL, idx = 0;
	size_t sp = 0, cap = 0;
	int r = -1;

	fputs("{\"file\":", out);
	sgf_json_str(out, file, strlen(file), 0);
	fprintf(out, ",\"game\":%u,\"charset\":", g->index);
	sgf_json_str(out, cs, strlen(cs), 0);
	fputs(",\"nodes\":[", out);
	/* preorder walk; stack[] holds the indices of the ancestors */
	while (n) {
		if (idx)
			putc(',', out);
		put_json_node(out, n, sp ? stack[sp - 1] : -1);
		if (n->child) {
			if (sp == cap) {
				long *ns;
				cap = cap ? cap * 2 : 256;
				ns = realloc(stack, cap * sizeof(*ns));
				if (!ns) {
					errno = ENOMEM;
					goto out;
				}
				stack = ns;
			}
			stack[sp++] = idx;
			n = n->child;
		} else {
			while (n && !n->next) {
				n = n->parent;
				if (sp)
					sp--;
			}
			if (n)
				n = n->next;
		}
		idx++;
	}
	fputs("]}", out);
	r = ferror(out) ? -1 : 0;
out:
	free(stack);
	return r;
}

/* ---------------------------------------------------------------------
 * Reading.
 *
 * A pull parser over the buffer, not cJSON.  cJSON builds a tree of the
 * whole document before anyone looks at it: about 18 bytes of memory per
 * byte of JSON (a 159 MB game of 4 million nodes took 2.8 GB and 8.6 s,
 * the same game as SGF 650 MB and 1.4 s), and it keeps no positions.
 * Here each value goes into the game's arena as it is read, so a game
 * costs about what it costs when read from SGF (that game: 780 MB and
 * 1.8 s), and every diagnostic has a line and column.  Only our schema is
 * understood; any other value is checked for syntax and skipped.
 */

/* Arrays and objects nested in a value we skip (cJSON's limit). */
#define JR_MAX_DEPTH 1000

/* A decoded string: NUL-terminated; `lng` when bytes past the `keep`
 * asked of jr_string() were dropped. */
struct jbuf {
	char *p;
	size_t n, cap;
	bool lng;
};

struct jr {
	const char *s; /* the buffer */
	size_t len, pos;
	const char *err; /* the first syntax error (static text), or NULL */
	size_t err_at;
	/* per document: NULs and lone UTF-16 surrogates read as U+FFFD, byte
	 * sequences invalid in UTF-8 repaired; where the first of each is
	 * (the string that holds it) */
	size_t nul, lone, nbad;
	size_t nul_at, lone_at, bad_at;
	struct jbuf k, v; /* the last key, the last value */
	size_t lc_at;	  /* s[lc_at] is at line:col */
	uint32_t line, col;
	size_t doc_at; /* the document's start, at doc_line:doc_col */
	uint32_t doc_line, doc_col;
	/* the properties of the node being read, and its last */
	struct sgf_propidx idx;
	struct sgf_prop *lastprop;
};

/* Line and column of s[at], scanning on from the last position asked.
 * Diagnostics come in order, except a document's own warnings (at its
 * start) and a resync after a syntax error: those scan on from the
 * document's start, not from the buffer's, so that a buffer of many
 * documents costs one pass. */
static void
jr_linecol(struct jr *r, size_t at, uint32_t *line, uint32_t *col)
{
	if (at < r->lc_at) {
		bool doc = at >= r->doc_at && r->doc_line;
		r->lc_at = doc ? r->doc_at : 0;
		r->line = doc ? r->doc_line : 1;
		r->col = doc ? r->doc_col : 1;
	}
	sgf_text_linecol(r->s, r->lc_at, at, &r->line, &r->col);
	r->lc_at = at;
	*line = r->line;
	*col = r->col;
}

static void jr_diag(struct jr *r, struct sgf_game *g, size_t at,
		    enum sgf_code code, enum sgf_severity sev, const char *fmt,
		    ...) __attribute__((format(printf, 6, 7)));
static void
jr_diag(struct jr *r, struct sgf_game *g, size_t at, enum sgf_code code,
	enum sgf_severity sev, const char *fmt, ...)
{
	char msg[256];
	uint32_t line, col;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	jr_linecol(r, at, &line, &col);
	sgf_game_diag_at(g, code, sev, line, col, "%s", msg);
}

/* Note the first syntax error; returns false for the caller to
 * return.  One at the end of the buffer is "unterminated", placed just
 * past the last byte that is not white space: the end of the text,
 * not the start of the next line.  (An unterminated string is placed
 * at its '"' instead, where it went wrong.) */
static bool
jr_fail(struct jr *r, size_t at, const char *what)
{
	if (r->err)
		return false;
	if (at >= r->len) {
		at = r->len;
		while (at && (r->s[at - 1] == ' ' || r->s[at - 1] == '\t' ||
			      r->s[at - 1] == '\r' || r->s[at - 1] == '\n'))
			at--;
		what = "unterminated";
	}
	r->err = what;
	r->err_at = at;
	return false;
}

static void
jr_ws(struct jr *r)
{
	while (r->pos < r->len &&
	       (r->s[r->pos] == ' ' || r->s[r->pos] == '\n' ||
		r->s[r->pos] == '\r' || r->s[r->pos] == '\t'))
		r->pos++;
}

/* The byte at pos, or -1 at the end. */
static int
jr_peek(const struct jr *r)
{
	return r->pos < r->len ? (unsigned char)r->s[r->pos] : -1;
}

/* The offset of s[at] in the document's text (g->text): where nodes,
 * properties and values are, for the positions of what the rules find
 * in them later. */
static uint32_t
jr_off(const struct jr *r, size_t at)
{
	size_t off = at - r->doc_at;

	return off < UINT32_MAX ? (uint32_t)off : UINT32_MAX;
}

/* Append n bytes to b, keeping no more than `keep` in all. */
static bool
jb_put(struct jbuf *b, const char *p, size_t n, size_t keep)
{
	if (n > keep - b->n) {
		b->lng = true;
		n = keep - b->n;
	}
	if (!n)
		return true;
	if (b->n + n >= b->cap) {
		size_t cap =
		    b->cap * 2 > b->n + n + 1 ? b->cap * 2 : b->n + n + 1;
		char *np = realloc(b->p, cap);
		if (!np)
			return false;
		b->p = np;
		b->cap = cap;
	}
	memcpy(b->p + b->n, p, n);
	b->n += n;
	return true;
}

static int
hex4(const unsigned char *s)
{
	int v = 0;

	for (int i = 0; i < 4; i++) {
		int c = s[i], d;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			d = (c | 0x20) - 'a' + 10;
		else
			return -1;
		v = v * 16 + d;
	}
	return v;
}

/* The string at pos (its '"'), decoded into b (at most `keep` bytes
 * kept; 0 to check it only).  A NUL, escaped or not, is U+FFFD, as a
 * NUL byte in SGF: values are C strings downstream.  So is a lone
 * UTF-16 surrogate, which JavaScript writes and no UTF-8 can hold.
 * Control bytes pass, as cJSON lets them. */
static bool
jr_string(struct jr *r, struct jbuf *b, size_t keep)
{
	static const char fffd[] = "\xEF\xBF\xBD";
	const unsigned char *s = (const unsigned char *)r->s;
	size_t i = r->pos + 1, len = r->len;

	b->n = 0;
	b->lng = false;
	if (keep && !b->p) {
		if (!(b->p = malloc(64)))
			return jr_fail(r, r->pos, "out of memory");
		b->cap = 64;
	}
	for (;;) {
		size_t run = i;
		char u[4];
		long cp;
		int ul;

		while (i < len && s[i] != '"' && s[i] != '\\' && s[i])
			i++;
		if (!jb_put(b, r->s + run, i - run, keep))
			return jr_fail(r, run, "out of memory");
		if (i >= len)
			return jr_fail(r, r->pos, "unterminated string");
		if (s[i] == '"')
			break;
		if (!s[i]) {
			/* (not in what is skipped) */
			if (keep && r->nul++ == 0)
				r->nul_at = r->pos;
			i++;
			if (!jb_put(b, fffd, 3, keep))
				return jr_fail(r, i, "out of memory");
			continue;
		}
		if (i + 1 >= len)
			return jr_fail(r, r->pos, "unterminated string");
		switch (s[i + 1]) {
		case '"':
		case '\\':
		case '/':
			cp = s[i + 1];
			break;
		case 'b':
			cp = '\b';
			break;
		case 'f':
			cp = '\f';
			break;
		case 'n':
			cp = '\n';
			break;
		case 'r':
			cp = '\r';
			break;
		case 't':
			cp = '\t';
			break;
		case 'u':
			if (len - i < 6 || (cp = hex4(s + i + 2)) < 0)
				return jr_fail(r, i, "bad \\u escape");
			i += 4;
			if (cp >= 0xD800 && cp < 0xDC00 && len - i >= 8 &&
			    s[i + 2] == '\\' && s[i + 3] == 'u') {
				int lo = hex4(s + i + 4);
				if (lo >= 0xDC00 && lo < 0xE000) {
					cp = 0x10000 + ((cp - 0xD800) << 10) +
					     (lo - 0xDC00);
					i += 6;
				}
			}
			if (cp >= 0xD800 && cp < 0xE000) {
				cp = 0xFFFD;
				if (keep && r->lone++ == 0)
					r->lone_at = r->pos;
			} else if (!cp) {
				cp = 0xFFFD;
				if (keep && r->nul++ == 0)
					r->nul_at = r->pos;
			}
			break;
		default:
			return jr_fail(r, i, "bad escape");
		}
		i += 2;
		if (cp < 0x80) {
			u[0] = (char)cp;
			ul = 1;
		} else if (cp < 0x800) {
			u[0] = (char)(0xC0 | cp >> 6);
			u[1] = (char)(0x80 | (cp & 0x3F));
			ul = 2;
		} else if (cp < 0x10000) {
			u[0] = (char)(0xE0 | cp >> 12);
			u[1] = (char)(0x80 | (cp >> 6 & 0x3F));
			u[2] = (char)(0x80 | (cp & 0x3F));
			ul = 3;
		} else {
			u[0] = (char)(0xF0 | cp >> 18);
			u[1] = (char)(0x80 | (cp >> 12 & 0x3F));
			u[2] = (char)(0x80 | (cp >> 6 & 0x3F));
			u[3] = (char)(0x80 | (cp & 0x3F));
			ul = 4;
		}
		if (!jb_put(b, u, (size_t)ul, keep))
			return jr_fail(r, i, "out of memory");
	}
	if (b->p)
		b->p[b->n] = '\0';
	r->pos = i + 1;
	return true;
}

static bool
is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* A number as RFC 8259 writes it; *v is its value if it is a whole
 * number written without fraction or exponent, below 10^15, else -1. */
static bool
jr_number(struct jr *r, long long *v)
{
	const char *s = r->s;
	size_t i = r->pos, len = r->len;
	long long x = 0;
	bool whole = true;

	if (i < len && s[i] == '-') {
		whole = false;
		i++;
	}
	if (i >= len || !is_digit(s[i]))
		return jr_fail(r, i, "bad number");
	if (s[i] == '0')
		i++;
	else
		for (; i < len && is_digit(s[i]); i++)
			if (x < 100000000000000LL)
				x = x * 10 + (s[i] - '0');
			else
				whole = false;
	if (i < len && s[i] == '.') {
		whole = false;
		if (++i >= len || !is_digit(s[i]))
			return jr_fail(r, i, "bad number");
		while (i < len && is_digit(s[i]))
			i++;
	}
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		whole = false;
		if (++i < len && (s[i] == '+' || s[i] == '-'))
			i++;
		if (i >= len || !is_digit(s[i]))
			return jr_fail(r, i, "bad number");
		while (i < len && is_digit(s[i]))
			i++;
	}
	r->pos = i;
	*v = whole ? x : -1;
	return true;
}

/* A member's name and its ':', white space skipped on both sides. */
static bool
jr_key(struct jr *r, struct jbuf *b, size_t keep)
{
	jr_ws(r);
	if (jr_peek(r) != '"')
		return jr_fail(r, r->pos, "expected a name in quotes");
	if (!jr_string(r, b, keep))
		return false;
	jr_ws(r);
	if (jr_peek(r) != ':')
		return jr_fail(r, r->pos, "expected ':'");
	r->pos++;
	jr_ws(r);
	return true;
}

static bool
key_is(const struct jr *r, const char *name)
{
	return !r->k.lng && r->k.p && !strcmp(r->k.p, name);
}

/* Into an array or object (pos is at its '[' or '{'): 1 if a first
 * element or member follows, 0 if it is empty (and passed). */
static int
jr_open(struct jr *r, char close)
{
	r->pos++;
	jr_ws(r);
	if (jr_peek(r) == close) {
		r->pos++;
		return 0;
	}
	return 1;
}

/* After an element or member: 1 if another follows (the ',' passed), 0
 * at the closing byte (passed), -1 on a syntax error. */
static int
jr_next(struct jr *r, char close)
{
	jr_ws(r);
	if (jr_peek(r) == ',') {
		r->pos++;
		jr_ws(r);
		return 1;
	}
	if (jr_peek(r) == close) {
		r->pos++;
		return 0;
	}
	jr_fail(r, r->pos,
		close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
	return -1;
}

/* Pass over any value, checking its syntax, without recursion. */
static bool
jr_skip(struct jr *r)
{
	unsigned char open[JR_MAX_DEPTH];
	struct jbuf none = {0};
	size_t d = 0;
	long long num;

	for (;;) {
		int c;

		jr_ws(r);
		c = jr_peek(r);
		if (c == '{' || c == '[') {
			if (d == JR_MAX_DEPTH)
				return jr_fail(
				    r, r->pos,
				    "nested deeper than 1000 levels");
			open[d++] = (unsigned char)(c == '{' ? '}' : ']');
			if (jr_open(r, (char)open[d - 1])) {
				if (c == '{' && !jr_key(r, &none, 0))
					return false;
				continue;
			}
			d--;
		} else if (c == '"') {
			if (!jr_string(r, &none, 0))
				return false;
		} else if (c == '-' || is_digit(c)) {
			if (!jr_number(r, &num))
				return false;
		} else if (c == 't' && r->len - r->pos >= 4 &&
			   !memcmp(r->s + r->pos, "true", 4)) {
			r->pos += 4;
		} else if (c == 'f' && r->len - r->pos >= 5 &&
			   !memcmp(r->s + r->pos, "false", 5)) {
			r->pos += 5;
		} else if (c == 'n' && r->len - r->pos >= 4 &&
			   !memcmp(r->s + r->pos, "null", 4)) {
			r->pos += 4;
		} else {
			return jr_fail(r, r->pos, "expected a value");
		}
		/* the value is complete: close what it completes */
		for (;;) {
			int more;
			if (!d)
				return true;
			more = jr_next(r, (char)open[d - 1]);
			if (more < 0)
				return false;
			if (more) {
				if (open[d - 1] == '}' && !jr_key(r, &none, 0))
					return false;
				break;
			}
			d--;
		}
	}
}

/* Check a JSON property name the way the SGF parser checks an
 * identifier: letters only, at least one upper-case, at most
 * SGF_MAX_ID_LEN of them.  Lower-case letters are dropped with a warning
 * (FF[3] long names such as "AddBlack").  Returns false, with an error,
 * for a name that would not survive as SGF: written out, "" or "a]b"
 * would turn into values of the property before it. */
static bool
json_id_ok(struct jr *r, struct sgf_game *g, size_t at, size_t node,
	   const char *key)
{
	size_t up = 0, low = 0, i;

	for (i = 0; key[i]; i++) {
		unsigned char c = (unsigned char)key[i];
		if (is_upper(c))
			up++;
		else if (is_lower(c))
			low++;
		else
			break;
	}
	if (key[i] || up == 0 || up > SGF_MAX_ID_LEN) {
		jr_diag(r, g, at,
			key[i] || up == 0 ? SGF_E_SYNTAX : SGF_E_LIMIT,
			SGF_ERROR,
			"JSON node %zu: property name \"%.40s\" is "
			"not an SGF identifier (%s): dropped",
			node, key,
			key[i]	  ? "a character that is not a letter"
			: up == 0 ? "no upper-case letter"
				  : "more than " SGF_MAX_ID_STR " letters");
		return false;
	}
	if (low)
		jr_diag(r, g, at, SGF_W_LOWERCASE_ID, SGF_WARNING,
			"JSON node %zu: lower-case letters in "
			"identifier '%.40s' dropped",
			node, key);
	return true;
}

/* Add one value to property *p of n (a new property if *p is NULL),
 * after *last, its last value if known; both are updated.  The value is
 * repaired if it is not valid UTF-8 (JSON text may hold any bytes, and
 * the SGF we write says CA[UTF-8]). */
static bool
json_add_value(struct jr *r, struct sgf_game *g, struct sgf_node *n,
	       struct sgf_prop **p, struct sgf_value **last, const char *s,
	       size_t len, size_t at)
{
	size_t outlen, bad = 0;
	char *fixed = NULL;

	if (sgf_utf8_valid((const unsigned char *)s, len) != len) {
		fixed = sgf_charset_to_utf8("UTF-8", s, len, &outlen, &bad);
		if (!fixed)
			return false;
		s = fixed;
		len = outlen;
		if (bad && !r->nbad)
			r->bad_at = at;
		r->nbad += bad;
	}
	if (*p) {
		*last = sgf_prop_append(g, *p, *last, s, len);
	} else {
		*p = r->lastprop =
		    sgf_prop_add_after(g, n, r->lastprop, r->k.p, s, len);
		*last = *p ? (*p)->values : NULL;
	}
	free(fixed);
	return *last != NULL;
}

/* The values of property r->k of node n (pos at the '['); p is the
 * property if the node has it already (a repeated name: merged), with
 * its last value. */
static bool
jr_values(struct jr *r, struct sgf_game *g, const struct sgf_limits *L,
	  size_t node, struct sgf_node *n, struct sgf_prop *p,
	  struct sgf_value *last, size_t kat)
{
	bool full = false, had = p != NULL;
	size_t open = r->pos;
	int more = jr_open(r, ']');

	if (!more && !p) {
		p = sgf_prop_add_after(g, n, r->lastprop, r->k.p, "", 0);
		if (!p)
			return jr_fail(r, r->pos, "out of memory");
		r->lastprop = p;
		last = p->values;
		p->off = jr_off(r, kat);
		last->off = jr_off(r, open);
	}
	for (; more > 0; more = jr_next(r, ']')) {
		size_t at = r->pos;
		if (jr_peek(r) != '"') {
			jr_diag(r, g, at, SGF_E_FORMAT, SGF_ERROR,
				"JSON node %zu: value of '%.40s' is not a "
				"string",
				node, r->k.p);
			if (!jr_skip(r))
				return false;
			continue;
		}
		if (!jr_string(r, &r->v, full ? 0 : L->max_value_bytes))
			return false;
		if (full)
			continue;
		if (r->v.lng) {
			jr_diag(r, g, at, SGF_E_LIMIT, SGF_ERROR,
				"JSON node %zu: value of '%.40s' longer than "
				"%zu bytes (limit): dropped",
				node, r->k.p, L->max_value_bytes);
			continue;
		}
		if (p && p->nvalues >= L->max_values) {
			jr_diag(r, g, at, SGF_E_LIMIT, SGF_ERROR,
				"JSON node %zu: more than %zu values of "
				"'%.40s' (limit): the rest dropped",
				node, L->max_values, r->k.p);
			full = true;
			continue;
		}
		if (!json_add_value(r, g, n, &p, &last, r->v.p, r->v.n, at))
			return jr_fail(r, at, "out of memory");
		last->off = jr_off(r, at);
		if (!had) {
			p->off = jr_off(r, kat);
			had = true;
		}
	}
	if (p && sgf_propidx_put(&r->idx, p, last) < 0)
		return jr_fail(r, r->pos, "out of memory");
	return more == 0;
}

/* The "props" object of node n (pos at its '{'). */
static bool
jr_props(struct jr *r, struct sgf_game *g, const struct sgf_limits *L,
	 size_t node, struct sgf_node *n)
{
	size_t nprops = 0, id_len;
	char id[SGF_MAX_ID_LEN + 1];
	int more;

	for (more = jr_open(r, '}'); more > 0; more = jr_next(r, '}')) {
		size_t at = r->pos;
		struct sgf_value *last = NULL;
		struct sgf_prop *p;

		if (!jr_key(r, &r->k, (size_t)-1))
			return false;
		if (jr_peek(r) != '[') {
			jr_diag(r, g, r->pos, SGF_E_FORMAT, SGF_ERROR,
				"JSON node %zu: property values must be an "
				"array",
				node);
			if (!jr_skip(r))
				return false;
			continue;
		}
		if (!json_id_ok(r, g, at, node, r->k.p)) {
			if (!jr_skip(r))
				return false;
			continue;
		}
		if (nprops++ >= L->max_props) {
			if (nprops == L->max_props + 1)
				jr_diag(r, g, at, SGF_E_LIMIT, SGF_ERROR,
					"JSON node %zu: more than %zu "
					"properties (limit): the rest dropped",
					node, L->max_props);
			if (!jr_skip(r))
				return false;
			continue;
		}
		id_len = sgf_canon_letters(r->k.p, id);
		p = sgf_propidx_find(&r->idx, sgf_pid_lookup(id, id_len), id,
				     id_len, &last);
		if (p)
			jr_diag(r, g, at, SGF_W_DUPLICATE_PROP, SGF_WARNING,
				"JSON node %zu: property '%s' repeated: "
				"values merged",
				node, p->id);
		if (!jr_values(r, g, L, node, n, p, last, at))
			return false;
	}
	return more == 0;
}

/* One element of "nodes" (pos at its '{'): a node of g, not yet linked;
 * *parent is its "parent" if that is a whole number, else -1. */
static struct sgf_node *
jr_node(struct jr *r, struct sgf_game *g, const struct sgf_limits *L,
	size_t node, long long *parent)
{
	struct sgf_node *n = sgf_game_alloc(g, sizeof(*n));
	bool have_parent = false, have_props = false;
	int more;

	*parent = -1;
	if (!n) {
		jr_fail(r, r->pos, "out of memory");
		return NULL;
	}
	memset(n, 0, sizeof(*n));
	n->off = jr_off(r, r->pos);
	sgf_propidx_reset(&r->idx);
	r->lastprop = NULL;
	/* cJSON, and most readers, take the first of repeated names */
	for (more = jr_open(r, '}'); more > 0; more = jr_next(r, '}')) {
		bool ok;
		if (!jr_key(r, &r->k, 8))
			return NULL;
		if (!have_parent && key_is(r, "parent") &&
		    (jr_peek(r) == '-' || is_digit(jr_peek(r)))) {
			have_parent = true;
			ok = jr_number(r, parent);
		} else if (!have_props && key_is(r, "props") &&
			   jr_peek(r) == '{') {
			have_props = true;
			ok = jr_props(r, g, L, node, n);
		} else {
			if (!have_props && key_is(r, "props"))
				jr_diag(r, g, r->pos, SGF_E_FORMAT, SGF_ERROR,
					"JSON node %zu: \"props\" must be an "
					"object",
					node);
			ok = jr_skip(r);
		}
		if (!ok)
			return NULL;
	}
	return more == 0 ? n : NULL;
}

/* The "nodes" array (pos at its '['): the game tree of g. */
static bool
jr_nodes(struct jr *r, struct sgf_game *g, const struct sgf_limits *L)
{
	/* v[i]: node i; last[i]: its last child so far */
	struct sgf_node **v = NULL, **last = NULL, *n;
	size_t i = 0, cap = 0;
	bool stop = false, ok = false;
	long long pi;
	int more;

	for (more = jr_open(r, ']'); more > 0; more = jr_next(r, ']')) {
		size_t at = r->pos;

		if (!stop && i >= L->max_nodes) {
			jr_diag(r, g, at, SGF_E_LIMIT, SGF_ERROR,
				"more than %zu nodes in one game (limit): the "
				"rest dropped",
				L->max_nodes);
			stop = true;
		} else if (!stop && jr_peek(r) != '{') {
			jr_diag(r, g, at, SGF_E_FORMAT, SGF_ERROR,
				"JSON node %zu is not an object: it and the "
				"rest dropped",
				i);
			stop = true;
		}
		if (stop) {
			if (!jr_skip(r))
				goto out;
			continue;
		}
		if (i == cap) {
			size_t nc = cap ? cap * 2 : 64;
			struct sgf_node **nv = realloc(v, nc * sizeof(*nv));
			if (nv)
				v = nv;
			nv = nv ? realloc(last, nc * sizeof(*nv)) : NULL;
			if (!nv) {
				jr_fail(r, at, "out of memory");
				goto out;
			}
			last = nv;
			cap = nc;
		}
		n = jr_node(r, g, L, i, &pi);
		if (!n)
			goto out;
		if (i > 0 && (pi < 0 || (size_t)pi >= i)) {
			jr_diag(r, g, at, SGF_E_FORMAT, SGF_ERROR,
				"JSON node %zu: \"parent\" must name an "
				"earlier node: it and the rest dropped",
				i);
			stop = true;
			continue;
		}
		if (i == 0) {
			g->root = n;
		} else {
			n->parent = v[pi];
			if (last[pi])
				last[pi]->next = n;
			else
				v[pi]->child = n;
			last[pi] = n;
			v[pi]->nchildren++;
		}
		last[i] = NULL;
		v[i++] = n;
		g->nnodes++;
	}
	ok = more == 0;
out:
	free(v);
	free(last);
	return ok;
}

/* One document (pos at its first byte) into g: false on a syntax
 * error (r->err), with g holding what was read before it. */
static bool
jr_document(struct jr *r, struct sgf_game *g, const struct sgf_limits *L)
{
	size_t start = r->pos;
	bool seen = false;
	long long num;
	int more;

	if (jr_peek(r) != '{') {
		if (!jr_skip(r))
			return false;
		jr_diag(r, g, start, SGF_E_FORMAT, SGF_ERROR,
			"JSON game without a \"nodes\" array (not an object)");
		return true;
	}
	for (more = jr_open(r, '}'); more > 0; more = jr_next(r, '}')) {
		bool ok;
		if (!jr_key(r, &r->k, 8))
			return false;
		if (!seen && key_is(r, "nodes") && jr_peek(r) == '[') {
			seen = true;
			ok = jr_nodes(r, g, L);
		} else if (key_is(r, "game") && is_digit(jr_peek(r))) {
			ok = jr_number(r, &num);
			if (ok && num >= 1 && num < 4000000000LL)
				g->index = (unsigned)num;
		} else {
			ok = jr_skip(r);
		}
		if (!ok)
			return false;
	}
	if (more < 0)
		return false;
	if (!seen)
		jr_diag(r, g, start, SGF_E_FORMAT, SGF_ERROR,
			"JSON game without a \"nodes\" array");
	return true;
}

/* The warning for `count` things of a document replaced by U+FFFD. */
static void
jr_replaced(struct jr *r, struct sgf_game *g, size_t at, size_t count,
	    const char *what, const char *where)
{
	if (count)
		jr_diag(r, g, at, SGF_W_BAD_CHARS, SGF_WARNING,
			"%zu %s%s %s replaced by U+FFFD%s", count, what,
			count == 1 ? "" : "s", where,
			count > 1 ? " (the first here)" : "");
}

int
sgf_parse_json(const char *buf, size_t len, const char *file,
	       const struct sgf_limits *lim, struct sgf_game ***games)
{
	struct sgf_game **v = NULL, *g;
	size_t n = 0, cap = 0;
	struct sgf_limits L;
	struct jr r;

	sgf_limits_fill(&L, lim);
	memset(&r, 0, sizeof(r));
	r.s = buf;
	r.len = len;
	r.line = r.col = 1;
	*games = NULL;
	for (;;) {
		size_t start;

		jr_ws(&r);
		if (r.pos >= len)
			break;
		if (n == cap) {
			struct sgf_game **nv;
			cap = cap ? cap * 2 : 8;
			nv = realloc(v, cap * sizeof(*nv));
			if (!nv)
				goto fail;
			v = nv;
		}
		start = r.pos;
		jr_linecol(&r, start, &r.doc_line, &r.doc_col);
		r.doc_at = start;
		r.err = NULL;
		r.nul = r.lone = r.nbad = 0;
		g = sgf_game_new_lim(file, (unsigned)n + 1, &L);
		if (!g)
			goto fail;
		if (jr_document(&r, g, &L)) {
			/* the text the offsets point into, where the
			 * document is in the buffer */
			char *t = sgf_game_alloc(g, r.pos - start + 1);
			if (!t) {
				sgf_game_free(g);
				goto fail;
			}
			memcpy(t, buf + start, r.pos - start);
			t[r.pos - start] = '\0';
			g->text = t;
			g->text_len = r.pos - start;
			g->line = r.doc_line;
			gx(g)->col0 = r.doc_col;
			jr_replaced(&r, g, r.nul_at, r.nul, "NUL",
				    "(\"\\u0000\") in strings");
			jr_replaced(&r, g, r.lone_at, r.lone,
				    "lone UTF-16 surrogate",
				    "(\"\\ud800\"...) in strings");
			jr_replaced(&r, g, r.bad_at, r.nbad, "byte sequence",
				    "invalid in UTF-8");
		} else {
			/* the document is an error of its own, at the byte
			 * where it failed; go on at the next line that starts
			 * with '{' (the next line of JSON Lines, not a line
			 * inside a document printed with an indent) */
			const char *nl = buf + start;
			sgf_game_free(g);
			g = sgf_game_new_lim(file, (unsigned)n + 1, &L);
			if (!g)
				goto fail;
			jr_diag(&r, g, r.err_at, SGF_E_FORMAT, SGF_ERROR,
				"not a JSON game document: %s", r.err);
			while (
			    (nl = memchr(nl, '\n', len - (size_t)(nl - buf))) &&
			    (nl + 1 >= buf + len || nl[1] != '{'))
				nl++;
			r.pos = nl ? (size_t)(nl - buf) + 1 : len;
		}
		v[n++] = g;
	}
	free(r.k.p);
	free(r.v.p);
	sgf_propidx_free(&r.idx);
	*games = v;
	return (int)n;
fail:
	while (n)
		sgf_game_free(v[--n]);
	free(v);
	free(r.k.p);
	free(r.v.p);
	sgf_propidx_free(&r.idx);
	return -1;
}
