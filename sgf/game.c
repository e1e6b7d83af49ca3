/*
 * game.c - the game object: limits, diagnostics, the building API,
 * queries and positions.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void
sgf_limits_default(struct sgf_limits *l)
{
	l->max_game_bytes = (size_t)256 << 20;
	l->max_value_bytes = (size_t)64 << 20;
	l->max_nodes = 10000000;
	l->max_props = 10000;
	l->max_values = 100000;
	l->max_diags = 200;
}

void
sgf_limits_fill(struct sgf_limits *out, const struct sgf_limits *in)
{
	struct sgf_limits d;

	sgf_limits_default(&d);
	if (!in) {
		*out = d;
		return;
	}
	*out = *in;
	if (!out->max_game_bytes)
		out->max_game_bytes = d.max_game_bytes;
	if (!out->max_value_bytes)
		out->max_value_bytes = d.max_value_bytes;
	if (!out->max_nodes)
		out->max_nodes = d.max_nodes;
	if (!out->max_props)
		out->max_props = d.max_props;
	if (!out->max_values)
		out->max_values = d.max_values;
	if (!out->max_diags)
		out->max_diags = d.max_diags;
}

static const char *const code_names[SGF_CODE_COUNT] = {
    [SGF_OK] = "ok",
    [SGF_W_JUNK_BEFORE] = "junk-before",
    [SGF_W_JUNK_AFTER] = "junk-after",
    [SGF_W_MISSING_SEMI] = "missing-semicolon",
    [SGF_W_UNESCAPED_BRACKET] = "unescaped-bracket",
    [SGF_W_MISSING_PAREN] = "missing-paren",
    [SGF_W_DUPLICATE_PROP] = "duplicate-property",
    [SGF_W_LOWERCASE_ID] = "lowercase-identifier",
    [SGF_W_EMPTY_VARIATION] = "empty-variation",
    [SGF_W_CHARSET] = "charset",
    [SGF_W_BAD_CHARS] = "bad-characters",
    [SGF_W_BAD_VALUE] = "bad-value",
    [SGF_W_OTHER] = "other",
    [SGF_E_SYNTAX] = "syntax-error",
    [SGF_E_TRUNCATED] = "truncated",
    [SGF_E_LIMIT] = "limit-exceeded",
    [SGF_E_NOT_SGF] = "not-sgf",
    [SGF_E_IO] = "io-error",
    [SGF_E_NOMEM] = "out-of-memory",
    [SGF_E_FORMAT] = "format-error",
};

const char *
sgf_code_name(enum sgf_code c)
{
	if ((unsigned)c >= SGF_CODE_COUNT || !code_names[c])
		return "unknown";
	return code_names[c];
}

/* In enum order, so that sgf_pid_names[pid] is the identifier. */
const char *const sgf_pid_names[SGF_P_COUNT] = {
    "",	  "B",	"W",  "AB", "AW", "AE", "PL", "KO", "MN", "C",	"N",  "FF",
    "GM", "SZ", "CA", "AP", "ST", "PB", "PW", "BR", "WR", "RE", "KM", "HA",
    "RU", "DT", "EV", "GN", "PC", "RO", "TM", "OT", "GC", "SO", "US", "AN",
    "CP", "BT", "WT", "ON", "LB", "AR", "LN", "TB", "TW", "MA", "CR", "SQ",
    "TR", "SL", "DD", "VW", "FG", "PM", "BL", "WL", "OB", "OW",
};

const char *
sgf_pid_name(enum sgf_pid pid)
{
	if ((unsigned)pid >= SGF_P_COUNT)
		return "";
	return sgf_pid_names[pid];
}

enum sgf_pid
sgf_pid_lookup(const char *id, size_t len)
{
	return sgf_pid_lookup_inline(id, len);
}

enum sgf_pid
sgf_pid_of(const char *id)
{
	return id ? sgf_pid_lookup(id, strlen(id)) : SGF_P_OTHER;
}

/* ------------------------------------------------------------------ */

struct sgf_game *
sgf_game_new_lim(const char *file, unsigned index, const struct sgf_limits *lim)
{
	struct sgf_arena *a = sgf_arena_new();
	struct game_x *x;

	if (!a)
		return NULL;
	x = sgf_arena_zalloc(a, sizeof(*x));
	if (!x) {
		sgf_arena_free(a);
		return NULL;
	}
	x->g.arena = a;
	x->g.file = file;
	x->g.index = index;
	x->g.charset = "UTF-8";
	x->g.text = "";
	x->g.line = 1;
	x->col0 = 1;
	x->lc_line = 1;
	x->lc_col = 1;
	sgf_limits_fill(&x->lim, lim);
	return &x->g;
}

struct sgf_game *
sgf_game_new(const char *file, unsigned index)
{
	return sgf_game_new_lim(file, index, NULL);
}

void
sgf_game_free(struct sgf_game *g)
{
	if (g)
		sgf_arena_free(g->arena);
}

void *
sgf_game_alloc(struct sgf_game *g, size_t n)
{
	return sgf_arena_alloc(g->arena, n);
}

char *
sgf_game_strdup(struct sgf_game *g, const char *s, size_t len)
{
	char *p = sgf_arena_alloc(g->arena, len + 1);

	if (p) {
		memcpy(p, s, len);
		p[len] = 0;
	}
	return p;
}

const char *
sgf_value_no_nul(struct sgf_game *g, const char *s, uint32_t *len)
{
	size_t nul = 0, n = *len;
	char *d, *w;

	for (size_t i = 0; i < n; i++)
		nul += s[i] == 0;
	if (!nul)
		return s;
	d = sgf_arena_alloc(g->arena, n + 2 * nul + 1);
	if (!d)
		return NULL;
	w = d;
	for (size_t i = 0; i < n; i++) {
		if (s[i]) {
			*w++ = s[i];
		} else {
			memcpy(w, "\xEF\xBF\xBD", 3);
			w += 3;
		}
	}
	*w = 0;
	*len = (uint32_t)(w - d);
	return d;
}

static void
game_vdiag(struct sgf_game *g, enum sgf_code code, enum sgf_severity sev,
	   uint32_t line, uint32_t col, const char *fmt, va_list ap)
{
	struct game_x *x = gx(g);
	struct sgf_diag *d;

	if (sev == SGF_ERROR)
		g->nerrors++;
	else
		g->nwarnings++;
	if (x->ndiags >= x->lim.max_diags)
		return;
	d = sgf_arena_zalloc(g->arena, sizeof(*d));
	if (!d)
		return;
	x->ndiags++;
	if (x->ndiags == x->lim.max_diags) {
		/* The last slot says that the list is cut short. */
		d->code = SGF_W_OTHER;
		d->severity = SGF_WARNING;
		d->line = line;
		d->col = col;
		snprintf(d->msg, sizeof(d->msg),
			 "too many problems; further ones not listed");
	} else {
		d->code = code;
		d->severity = sev;
		d->line = line;
		d->col = col;
		vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	}
	if (x->tail)
		x->tail->next = d;
	else
		g->diags = d;
	x->tail = d;
}

void
sgf_game_diag_at(struct sgf_game *g, enum sgf_code code, enum sgf_severity sev,
		 uint32_t line, uint32_t col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	game_vdiag(g, code, sev, line, col, fmt, ap);
	va_end(ap);
}

void
sgf_text_linecol(const char *t, size_t from, size_t to, uint32_t *line,
		 uint32_t *col)
{
	uint32_t l = *line, c = *col; /* (t may alias them, for all C knows) */

	for (size_t i = from; i < to; i++)
		if (t[i] == '\n') {
			l++;
			c = 1;
		} else if ((t[i] & 0xC0) != 0x80) {
			c++;
		}
	*line = l;
	*col = c;
}

/* Line and column of `off`, scanning forward from the cached position
 * when the offsets come in increasing order (the parser's case). */
static void
linecol_cached(struct sgf_game *g, uint32_t off, uint32_t *line, uint32_t *col)
{
	struct game_x *x = gx(g);

	if (off > g->text_len)
		off = (uint32_t)g->text_len;
	if (off < x->lc_off || !x->lc_line) {
		x->lc_off = 0;
		x->lc_line = 1;
		x->lc_col = 1;
	}
	sgf_text_linecol(g->text, x->lc_off, off, &x->lc_line, &x->lc_col);
	x->lc_off = off;
	*line = (uint32_t)g->line + x->lc_line - 1;
	*col = x->lc_line == 1 ? x->lc_col + x->col0 - 1 : x->lc_col;
}

void
sgf_game_linecol(const struct sgf_game *g, uint32_t off, uint32_t *line,
		 uint32_t *col)
{
	uint32_t l = 1, c = 1;

	if (off > g->text_len)
		off = (uint32_t)g->text_len;
	sgf_text_linecol(g->text, 0, off, &l, &c);
	*line = (uint32_t)g->line + l - 1;
	*col = l == 1 ? c + gx(g)->col0 - 1 : c;
}

void
sgf_game_relocate(struct sgf_game *g, uint64_t line, uint32_t col)
{
	struct game_x *x = gx(g);

	line = line ? line : 1;
	col = col ? col : 1;
	for (struct sgf_diag *d = g->diags; d; d = d->next) {
		if (!d->line) {
			d->line = (uint32_t)line;
			d->col = col;
		} else {
			if (d->line == 1)
				d->col += col - 1;
			d->line += (uint32_t)line - 1;
		}
	}
	if (g->line <= 1)
		x->col0 += col - 1;
	g->line = (g->line ? g->line : 1) + line - 1;
}

void
sgf_game_diag(struct sgf_game *g, enum sgf_code code, enum sgf_severity sev,
	      uint32_t off, const char *fmt, ...)
{
	va_list ap;
	uint32_t line = 0, col = 0;

	if (g->text_len)
		linecol_cached(g, off, &line, &col);
	va_start(ap, fmt);
	game_vdiag(g, code, sev, line, col, fmt, ap);
	va_end(ap);
}

void
sgf_write_note(struct sgf_write_notes *w, uint32_t off, const char *code,
	       const char *fmt, ...)
{
	va_list ap;

	if (!w)
		return;
	if (w->n < SGF_WRITE_NOTES) {
		struct sgf_write_note *d = &w->v[w->n];
		d->off = off;
		d->code = code;
		va_start(ap, fmt);
		vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
		va_end(ap);
	}
	w->n++;
}

void
sgf_value_excerpt(const struct sgf_value *v, char *buf, size_t n)
{
	size_t k = 0, i;

	for (i = 0; i < v->len && i < 8 && k + 4 < n; i++)
		buf[k++] = v->s[i] >= 0x20 && v->s[i] < 0x7f ? v->s[i] : '?';
	if (i < v->len && k + 4 < n)
		buf[k++] = '.', buf[k++] = '.', buf[k++] = '.';
	buf[k] = 0;
}

/* ------------------------------------------------------------------
 * Building.
 */
struct sgf_node *
sgf_node_add(struct sgf_game *g, struct sgf_node *parent)
{
	struct sgf_node *n = sgf_arena_zalloc(g->arena, sizeof(*n));

	if (!n)
		return NULL;
	n->parent = parent;
	if (!parent) {
		if (!g->root) {
			g->root = n;
		} else {
			/* A second root becomes a sibling variation of the
			 * first is not expressible: hang it under the root. */
			n->parent = g->root;
			parent = g->root;
		}
	}
	if (parent) {
		if (!parent->child) {
			parent->child = n;
		} else {
			struct sgf_node *s = parent->child;
			while (s->next)
				s = s->next;
			s->next = n;
		}
		parent->nchildren++;
	}
	g->nnodes++;
	return n;
}

size_t
sgf_canon_letters(const char *id, char *buf)
{
	size_t n = 0;

	for (size_t i = 0; id[i] && n < SGF_MAX_ID_LEN; i++)
		if (is_upper((unsigned char)id[i]))
			buf[n++] = id[i];
	buf[n] = 0;
	return n;
}

static const char *
canon_id(struct sgf_game *g, const char *id, enum sgf_pid *pid)
{
	char buf[SGF_MAX_ID_LEN + 1];
	size_t n = sgf_canon_letters(id, buf);

	*pid = sgf_pid_lookup(buf, n);
	if (*pid != SGF_P_OTHER)
		return sgf_pid_names[*pid];
	return sgf_game_strdup(g, buf, n);
}

struct sgf_value *
sgf_prop_add_value(struct sgf_game *g, struct sgf_prop *p, const char *val,
		   size_t len)
{
	return sgf_prop_append(g, p, NULL, val, len);
}

struct sgf_value *
sgf_prop_append(struct sgf_game *g, struct sgf_prop *p, struct sgf_value *last,
		const char *val, size_t len)
{
	struct sgf_value *v = sgf_arena_zalloc(g->arena, sizeof(*v));
	struct sgf_value **pp;

	if (!v)
		return NULL;
	v->s = sgf_game_strdup(g, val ? val : "", val ? len : 0);
	if (!v->s)
		return NULL;
	v->len = (uint32_t)(val ? len : 0);
	if (memchr(v->s, 0, v->len) &&
	    !(v->s = sgf_value_no_nul(g, v->s, &v->len)))
		return NULL;
	if (last) {
		last->next = v;
	} else {
		for (pp = &p->values; *pp; pp = &(*pp)->next)
			;
		*pp = v;
	}
	p->nvalues++;
	return v;
}

struct sgf_prop *
sgf_prop_add(struct sgf_game *g, struct sgf_node *n, const char *id,
	     const char *val, size_t len)
{
	return sgf_prop_add_after(g, n, NULL, id, val, len);
}

struct sgf_prop *
sgf_prop_add_after(struct sgf_game *g, struct sgf_node *n,
		   struct sgf_prop *last, const char *id, const char *val,
		   size_t len)
{
	struct sgf_prop *p = sgf_arena_zalloc(g->arena, sizeof(*p));
	struct sgf_prop **pp;

	if (!p)
		return NULL;
	p->id = canon_id(g, id, &p->pid);
	if (!p->id || !sgf_prop_add_value(g, p, val, len))
		return NULL;
	if (last) {
		last->next = p;
	} else {
		for (pp = &n->props; *pp; pp = &(*pp)->next)
			;
		*pp = p;
	}
	return p;
}

struct sgf_propslot {
	struct sgf_prop *p;
	struct sgf_value *tail;
	uint32_t gen;
};

static size_t
id_hash(const char *id, size_t len)
{
	uint32_t h = 2166136261u; /* FNV-1a */

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)id[i]) * 16777619u;
	return h;
}

/* The slot of id, or the empty slot where it would go. */
static struct sgf_propslot *
propidx_slot(struct sgf_propidx *x, const char *id, size_t len)
{
	size_t m = x->cap - 1, i = id_hash(id, len) & m;

	for (;; i = (i + 1) & m) {
		struct sgf_propslot *s = &x->slot[i];
		if (s->gen != x->gen ||
		    (!strncmp(s->p->id, id, len) && !s->p->id[len]))
			return s;
	}
}

struct sgf_prop *
sgf_propidx_find(struct sgf_propidx *x, enum sgf_pid pid, const char *id,
		 size_t len, struct sgf_value **tail)
{
	struct sgf_propslot *s;

	if (pid != SGF_P_OTHER) {
		if (!(x->mask & ((uint64_t)1 << pid)))
			return NULL;
		*tail = x->kt[pid];
		return x->kp[pid];
	}
	if (!x->used)
		return NULL;
	s = propidx_slot(x, id, len);
	if (s->gen != x->gen)
		return NULL;
	*tail = s->tail;
	return s->p;
}

int
sgf_propidx_put(struct sgf_propidx *x, struct sgf_prop *p,
		struct sgf_value *tail)
{
	size_t len = strlen(p->id);
	struct sgf_propslot *s;

	if (p->pid != SGF_P_OTHER) {
		sgf_propidx_known(x, p, tail);
		return 0;
	}
	if ((x->used + 1) * 2 > x->cap) {
		/* grow: move this node's slots, drop older ones */
		struct sgf_propslot *old = x->slot;
		size_t ocap = x->cap, cap = x->cap ? x->cap * 2 : 64;
		x->slot = calloc(cap, sizeof(*x->slot));
		if (!x->slot) {
			x->slot = old;
			return -1;
		}
		x->cap = cap;
		for (size_t i = 0; i < ocap; i++)
			if (old[i].gen == x->gen)
				*propidx_slot(x, old[i].p->id,
					      strlen(old[i].p->id)) = old[i];
		free(old);
	}
	s = propidx_slot(x, p->id, len);
	if (s->gen != x->gen)
		x->used++;
	s->p = p;
	s->tail = tail;
	s->gen = x->gen;
	return 0;
}

void
sgf_propidx_free(struct sgf_propidx *x)
{
	free(x->slot);
	x->slot = NULL;
	x->cap = x->used = 0;
}

struct sgf_prop *
sgf_prop_find(struct sgf_node *n, const char *id)
{
	char buf[SGF_MAX_ID_LEN + 1];

	sgf_canon_letters(id, buf);
	for (struct sgf_prop *p = n->props; p; p = p->next)
		if (!strcmp(p->id, buf))
			return p;
	return NULL;
}

struct sgf_prop *
sgf_prop_set(struct sgf_game *g, struct sgf_node *n, const char *id,
	     const char *val, size_t len)
{
	struct sgf_prop *p = sgf_prop_find(n, id);

	if (!p)
		return sgf_prop_add(g, n, id, val, len);
	p->values = NULL;
	p->nvalues = 0;
	return sgf_prop_add_value(g, p, val, len) ? p : NULL;
}

void
sgf_prop_remove(struct sgf_node *n, struct sgf_prop *p)
{
	struct sgf_prop **pp;

	for (pp = &n->props; *pp; pp = &(*pp)->next)
		if (*pp == p) {
			*pp = p->next;
			p->next = NULL;
			return;
		}
}

/* ------------------------------------------------------------------
 * Queries.
 */
struct sgf_node *
sgf_node_next(const struct sgf_node *n)
{
	if (n->child)
		return n->child;
	while (n && !n->next)
		n = n->parent;
	return n ? n->next : NULL;
}

const struct sgf_prop *
sgf_node_prop(const struct sgf_node *n, enum sgf_pid pid)
{
	const struct sgf_prop *p;

	if (!n || pid == SGF_P_OTHER)
		return NULL;
	for (p = n->props; p; p = p->next)
		if (p->pid == pid)
			return p;
	return NULL;
}

const struct sgf_prop *
sgf_node_prop_id(const struct sgf_node *n, const char *id)
{
	const struct sgf_prop *p;

	if (!n || !id)
		return NULL;
	for (p = n->props; p; p = p->next)
		if (!strcmp(p->id, id))
			return p;
	return NULL;
}

const char *
sgf_root_value(const struct sgf_game *g, enum sgf_pid pid)
{
	const struct sgf_prop *p = g ? sgf_node_prop(g->root, pid) : NULL;

	return p && p->values ? p->values->s : NULL;
}

static int
parse_side(const char *s, size_t len, int *out)
{
	size_t i = 0;
	int v = 0;

	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i == len)
		return -1;
	for (; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
		v = v * 10 + (s[i] - '0');
		if (v > 1000)
			return -1;
	}
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i != len || v < 1 || v > SGF_MAX_SIDE)
		return -1;
	*out = v;
	return 0;
}

long
sgf_game_type(const struct sgf_game *g)
{
	const struct sgf_prop *p = g ? sgf_node_prop(g->root, SGF_P_GM) : NULL;
	const char *s;
	char *end;
	long v;

	if (!p || !p->values)
		return 1;
	s = p->values->s;
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s < '0' || *s > '9')
		return 1;
	v = strtol(s, &end, 10);
	while (*end == ' ' || *end == '\t')
		end++;
	return *end ? 1 : v;
}

int
sgf_size_value(const char *s, size_t len, int *cols, int *rows)
{
	const char *colon = memchr(s, ':', len);
	int c, r;

	if (colon) {
		if (parse_side(s, (size_t)(colon - s), &c) ||
		    parse_side(colon + 1, len - (size_t)(colon - s) - 1, &r))
			return -1;
	} else {
		if (parse_side(s, len, &c))
			return -1;
		r = c;
	}
	*cols = c;
	*rows = r;
	return 0;
}

int
sgf_board_size(const struct sgf_game *g, int *cols, int *rows)
{
	const struct sgf_prop *p = g ? sgf_node_prop(g->root, SGF_P_SZ) : NULL;

	*cols = *rows = 19;
	if (!p || !p->values)
		return 0;
	if (sgf_size_value(p->values->s, p->values->len, cols, rows)) {
		*cols = *rows = 19;
		return -1;
	}
	return 0;
}

int
sgf_point(const char *s, size_t len, int cols, int rows, int *x, int *y)
{
	int a, b;

	if (len == 0)
		return 0;
	if (len != 2)
		return -1;
	if (s[0] == 't' && s[1] == 't' && cols <= 19 && rows <= 19)
		return 0;
	a = sgf_coord(s[0]);
	b = sgf_coord(s[1]);
	if (a < 0 || b < 0 || a >= cols || b >= rows)
		return -1;
	*x = a;
	*y = b;
	return 1;
}

int
sgf_point_list(const char *s, size_t len, int cols, int rows,
	       void (*fn)(int x, int y, void *ctx), void *ctx)
{
	int x0, y0, x1, y1, x, y, n = 0;

	if (len == 0)
		return 0; /* an empty elist */
	if (len == 2) {
		if (sgf_point(s, len, cols, rows, &x0, &y0) != 1)
			return -1;
		if (fn)
			fn(x0, y0, ctx);
		return 1;
	}
	if (len != 5 || s[2] != ':')
		return -1;
	if (sgf_point(s, 2, cols, rows, &x0, &y0) != 1 ||
	    sgf_point(s + 3, 2, cols, rows, &x1, &y1) != 1)
		return -1;
	/* FF[4] wants upper-left then lower-right; accept either order. */
	if (x1 < x0) {
		x = x0;
		x0 = x1;
		x1 = x;
	}
	if (y1 < y0) {
		y = y0;
		y0 = y1;
		y1 = y;
	}
	for (y = y0; y <= y1; y++)
		for (x = x0; x <= x1; x++) {
			if (fn)
				fn(x, y, ctx);
			n++;
		}
	return n;
}
