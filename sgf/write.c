/*
 * write.c - canonical FF[4] SGF out of a tree.
 *
 * The tree is walked with parent and sibling links, never recursively.
 * Output is built in a buffer and written with one fwrite per game.
 * Layout (default): the root's properties on lines of about 72
 * columns, then moves two to a line (a black and a white move), every
 * node with more than a move on its own line, every variation on a new
 * line.  SGF_WRITE_COMPACT puts the whole game on one line.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define WRAP 72

/* Bytes a value cannot copy as they are: ']' and '\\' take an escape,
 * '\n' moves the line start. */
static const unsigned char wesc[256] = {
    ['\n'] = 1,
    [']'] = 1,
    ['\\'] = 1,
};

struct wbuf {
	char *p;
	size_t n, cap;
	size_t ls; /* index just after the last '\n' */
	size_t nv; /* values begun on this line (see COL) */
	int nomem;
};

/* The layout column: bytes on the line, not counting each value's '['
 * (the first layout did so, and golden outputs depend on its wraps). */
#define COL(w) ((w)->n - (w)->ls - (w)->nv)

static int
grow(struct wbuf *w, size_t need)
{
	size_t cap = w->cap ? w->cap : 4096;
	char *p;

	while (cap - w->n < need)
		cap *= 2;
	p = realloc(w->p, cap);
	if (!p) {
		w->nomem = 1;
		return -1;
	}
	w->p = p;
	w->cap = cap;
	return 0;
}

/* Room for `need` more bytes; the put functions below rely on it. */
static inline int
reserve(struct wbuf *w, size_t need)
{
	if (w->cap - w->n >= need)
		return 0;
	return w->nomem ? -1 : grow(w, need);
}

static inline void
put(struct wbuf *w, const char *s, size_t n)
{
	if (reserve(w, n))
		return;
	memcpy(w->p + w->n, s, n);
	w->n += n;
}

static inline void
putc_(struct wbuf *w, char c)
{
	if (reserve(w, 1))
		return;
	w->p[w->n++] = c;
	if (c == '\n') {
		w->ls = w->n;
		w->nv = 0;
	}
}

static void
newline(struct wbuf *w)
{
	putc_(w, '\n');
}

/* Property with its values, ']' and '\\' escaped; in a composed value
 * the escapes it kept, "\\:" and "\\\\", are written as they are. */
static void
put_prop(struct wbuf *w, const struct sgf_prop *p)
{
	const struct sgf_value *v;
	size_t need = 72; /* identifiers have at most 64 letters */
	const char *id;
	char *o;
	int composed = sgf_pid_composed(p->pid);

	for (v = p->values; v; v = v->next)
		need += 2 * (size_t)v->len + 2;
	if (reserve(w, need))
		return;
	o = w->p + w->n;
	for (id = p->id; *id && id - p->id < 64; id++)
		*o++ = *id;
	for (v = p->values; v; v = v->next) {
		const char *s = v->s, *e = s + v->len, *q = s;
		*o++ = '[';
		w->nv++;
		/* the bytes before the first one that needs care in one
		 * copy: most values have none */
		while (q < e && !wesc[(unsigned char)*q])
			q++;
		memcpy(o, s, (size_t)(q - s));
		o += q - s;
		for (s = q; s < e; s++) {
			char c = *s;
			if (wesc[(unsigned char)c]) {
				if (c == '\n') {
					w->ls = (size_t)(o + 1 - w->p);
					w->nv = 0;
				} else if (c == '\\' && composed && s + 1 < e &&
					   (s[1] == ':' || s[1] == '\\')) {
					/* an escape the value kept (see
					 * sgf_pid_composed): as it is */
					*o++ = *s++;
					c = *s;
				} else {
					*o++ = '\\';
				}
			}
			*o++ = c;
		}
		*o++ = ']';
	}
	w->n = (size_t)(o - w->p);
}

/* Is the node a lone move (B or W with one short value)? */
static int
simple_move(const struct sgf_node *n)
{
	const struct sgf_prop *p = n->props;

	return p && !p->next && (p->pid == SGF_P_B || p->pid == SGF_P_W) &&
	       p->nvalues == 1 && p->values->len <= 2;
}

static void
put_root(struct wbuf *w, const struct sgf_node *n, int compact)
{
	const struct sgf_prop *p;
	int have_ff = 0, have_ca = 0;

	for (p = n->props; p; p = p->next) {
		have_ff |= p->pid == SGF_P_FF;
		have_ca |= p->pid == SGF_P_CA;
	}
	putc_(w, ';');
	if (!have_ff)
		put(w, "FF[4]", 5);
	if (!have_ca && !have_ff)
		put(w, "CA[UTF-8]", 9);
	for (p = n->props; p; p = p->next) {
		size_t before = w->n;
		if (!compact && COL(w) > 1 && COL(w) >= WRAP)
			newline(w);
		if (p->pid == SGF_P_FF) {
			put(w, "FF[4]", 5);
			if (!have_ca)
				put(w, "CA[UTF-8]", 9);
		} else if (p->pid == SGF_P_CA) {
			put(w, "CA[UTF-8]", 9);
		} else {
			put_prop(w, p);
		}
		/* a long property went past the margin: break after it */
		if (!compact && w->n - before > WRAP && p->next)
			newline(w);
	}
}

static void
put_node(struct wbuf *w, const struct sgf_node *n, int compact)
{
	const struct sgf_prop *p;

	putc_(w, ';');
	for (p = n->props; p; p = p->next) {
		if (!compact && COL(w) >= WRAP && p != n->props)
			newline(w);
		put_prop(w, p);
	}
}

/* Write the two-byte move n (its letters s0 s1, colour id0) and then,
 * in one loop, the run of such moves that follows it as only children:
 * the bulk of every record.  The layout is what build() would make of
 * them one by one (two moves to a line).  Returns the last node
 * written.  Room for one move is reserved by the caller. */
static const struct sgf_node *
move_run(struct wbuf *w, const struct sgf_node *n, char id0, unsigned char s0,
	 unsigned char s1, int compact, int *on_line)
{
	/* w's fields in locals: the bytes stored below may alias them */
	char *base = w->p, *o = base + w->n, *end = base + w->cap;
	size_t ls = w->ls, nv = w->nv;
	int line = *on_line;

	for (;;) {
		const struct sgf_node *c;
		const struct sgf_prop *p;
		const char *v;
		char m[6] = {';', id0, '[', (char)s0, (char)s1, ']'};

		memcpy(o, m, 6);
		o += 6;
		nv++;
		c = n->child;
		if (!c || c->next)
			break;
		p = c->props;
		if (!p || p->next || (p->pid != SGF_P_B && p->pid != SGF_P_W) ||
		    p->nvalues != 1 || p->values->len != 2)
			break;
		v = p->values->s;
		s0 = (unsigned char)v[0];
		s1 = (unsigned char)v[1];
		if (wesc[s0] | wesc[s1])
			break;
		if (end - o < 8) {
			w->n = (size_t)(o - base);
			if (reserve(w, 8))
				break;
			base = w->p;
			o = base + w->n;
			end = base + w->cap;
		}
		id0 = p->id[0];
		n = c;
		/* build()'s layout for a simple move after a simple one */
		if (!compact) {
			if ((size_t)(o - base) - ls - nv > 1 && line >= 2) {
				*o++ = '\n';
				ls = (size_t)(o - base);
				nv = 0;
				line = 0;
			}
			line++;
		}
	}
	w->n = (size_t)(o - base);
	w->ls = ls;
	w->nv = nv;
	*on_line = line;
	return n;
}

/* Write the tree of g into w. */
static void
build(struct wbuf *w, const struct sgf_game *g, int compact)
{
	const struct sgf_node *n = g->root, *root = g->root, *par;
	int on_line = 0; /* simple moves on the current line */
	int simple;
	int prev_simple = 0;

	putc_(w, '(');
	put_root(w, root, compact);
	for (;;) {
		if (n->child) {
			int many = n->child->next != NULL;
			n = n->child;
			if (many) {
				if (!compact)
					newline(w);
				putc_(w, '(');
				on_line = 0;
				prev_simple = 0;
			}
		} else {
			/* climb until a node with a next sibling */
			for (;;) {
				if (n == root) {
					putc_(w, ')');
					return;
				}
				par = n->parent;
				if (par->child->next)
					putc_(w, ')'); /* end of a variation */
				if (n->next && par->child->next) {
					n = n->next;
					if (!compact)
						newline(w);
					putc_(w, '(');
					on_line = 0;
					prev_simple = 0;
					break;
				}
				n = par;
			}
		}
		simple = simple_move(n);
		if (!compact) {
			if (COL(w) > 1 &&
			    (!simple || !prev_simple || on_line >= 2)) {
				newline(w);
				on_line = 0;
			}
			prev_simple = simple;
			on_line++;
		}
		if (simple && !reserve(w, 8)) {
			/* the bulk of every record: ";B[pd]"; a value of at
			 * most two bytes, checked with the class table */
			const struct sgf_value *v = n->props->values;
			const unsigned char *s = (const unsigned char *)v->s;
			uint32_t len = v->len;
			if (len == 2) {
				/* loaded before any store: a char store may
				 * alias anything, so the compiler would
				 * reload them after each one */
				unsigned char s0 = s[0], s1 = s[1];
				char id0 = n->props->id[0];
				if (!(wesc[s0] | wesc[s1])) {
					n = move_run(w, n, id0, s0, s1, compact,
						     &on_line);
					continue;
				}
			} else if (len == 0 || !wesc[s[0]]) { /* "" or "a" */
				char *o = w->p + w->n;
				o[0] = ';';
				o[1] = n->props->id[0];
				o[2] = '[';
				if (len == 1)
					o[3] = (char)s[0];
				o[3 + len] = ']';
				w->n += 4 + len;
				w->nv++;
				continue;
			}
		}
		put_node(w, n, compact);
	}
}

/* The output buffer, kept from game to game on each thread (a stream
 * of games then allocates nothing); one larger than this is freed.  A
 * pthread key frees it when the thread exits. */
#define WBUF_KEEP ((size_t)1 << 20)
static _Thread_local char *wbuf_keep;
static _Thread_local size_t wbuf_keep_cap;
static pthread_key_t wbuf_key;
static pthread_once_t wbuf_once = PTHREAD_ONCE_INIT;

static void
wbuf_destroy(void *p)
{
	free(p);
	wbuf_keep = NULL;
	wbuf_keep_cap = 0;
}

static void
wbuf_key_make(void)
{
	(void)pthread_key_create(&wbuf_key, wbuf_destroy);
}

int
sgf_write_sgf(FILE *out, const struct sgf_game *g, unsigned flags)
{
	struct wbuf w;
	int r = 0;

	if (!g || !g->root)
		return 0;
	memset(&w, 0, sizeof(w));
	w.p = wbuf_keep;
	w.cap = wbuf_keep_cap;
	/* about the size of the input: one allocation for most games */
	if (reserve(&w, g->text_len + g->text_len / 4 + 256) == 0) {
		build(&w, g, (flags & SGF_WRITE_COMPACT) != 0);
		newline(&w);
	}
	if (w.nomem) {
		r = -1;
		errno = ENOMEM;
	} else if (fwrite(w.p, 1, w.n, out) != w.n) {
		r = -1;
	}
	if (w.cap > WBUF_KEEP) {
		free(w.p);
		w.p = NULL;
		w.cap = 0;
	}
	if (w.p != wbuf_keep) {
		pthread_once(&wbuf_once, wbuf_key_make);
		(void)pthread_setspecific(wbuf_key, w.p);
	}
	wbuf_keep = w.p;
	wbuf_keep_cap = w.cap;
	return r;
}
