/*
 * parse.c - one game's text to a tree.
 *
 * The parser is a loop over the decoded (UTF-8) text with an explicit
 * stack for '(' ... ')', so nesting depth costs heap, never C stack.
 * Values without escapes are used in place: the closing ']' is
 * overwritten with NUL and the value points into the text.  Values with
 * escapes are unescaped into the arena, so the text keeps its newlines
 * where they were and positions can still be computed from it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct frame {
	struct sgf_node *parent; /* node the variation hangs from (or NULL) */
	struct sgf_node *first;	 /* first node of the variation, once read */
};

struct parser {
	struct sgf_game *g;
	struct game_x *x;
	unsigned char *t;
	size_t n;
	const struct sgf_limits *lim;
	struct frame *stack;
	size_t sp, cap;
	struct sgf_node *cur; /* last node of the current sequence */
	int in_seq;	      /* cur may take properties */
	struct sgf_node *hint_parent, *hint_last; /* last child of a node */
	struct sgf_prop *lastprop;
	size_t nprops;
	struct sgf_propidx idx; /* cur's properties (idx.mask: known pids) */
	int stop;
	int done;	      /* the tree's final ')' was read */
	const char *value_cs; /* decode each value from this charset */
	int after_pop;	      /* last token was a variation's ')' */
};

static void
diag(struct parser *ps, enum sgf_code c, enum sgf_severity sev, size_t off,
     const char *msg, const char *arg)
{
	if (arg)
		sgf_game_diag(ps->g, c, sev, (uint32_t)off, msg, arg);
	else
		sgf_game_diag(ps->g, c, sev, (uint32_t)off, "%s", msg);
}

static void
nomem(struct parser *ps, size_t off)
{
	diag(ps, SGF_E_NOMEM, SGF_ERROR, off, "out of memory", NULL);
	ps->stop = 1;
}

static int
push(struct parser *ps, size_t off)
{
	if (ps->sp == ps->cap) {
		size_t cap = ps->cap ? ps->cap * 2 : 64;
		struct frame *s = realloc(ps->stack, cap * sizeof(*s));
		if (!s) {
			nomem(ps, off);
			return -1;
		}
		ps->stack = s;
		ps->cap = cap;
	}
	ps->stack[ps->sp].parent = ps->cur;
	ps->stack[ps->sp].first = NULL;
	ps->sp++;
	return 0;
}

static struct sgf_node *
new_node_slow(struct parser *ps, size_t off)
{
	struct sgf_game *g = ps->g;
	struct sgf_node *n, *p = ps->cur, *s;

	if (g->nnodes >= ps->lim->max_nodes) {
		sgf_game_diag(g, SGF_E_LIMIT, SGF_ERROR, (uint32_t)off,
			      "more than %zu nodes in one game (limit)",
			      ps->lim->max_nodes);
		ps->stop = 1;
		return NULL;
	}
	n = sgf_arena_alloc(g->arena, sizeof(*n));
	if (!n) {
		nomem(ps, off);
		return NULL;
	}
	n->props = NULL;
	n->child = NULL;
	n->next = NULL;
	n->nchildren = 0;
	n->off = (uint32_t)off;
	n->parent = p;
	if (!p && g->root) {
		/* "((;a)(;b))": a second tree where a sequence belongs */
		diag(ps, SGF_W_OTHER, SGF_WARNING, off,
		     "game tree without a root sequence: later trees made "
		     "variations of the first root",
		     NULL);
		p = g->root;
		n->parent = p;
	}
	if (!p) {
		g->root = n;
	} else {
		if (!p->child) {
			p->child = n;
		} else {
			s = ps->hint_parent == p && ps->hint_last
				? ps->hint_last
				: p->child;
			while (s->next)
				s = s->next;
			s->next = n;
		}
		p->nchildren++;
	}
	ps->hint_parent = p;
	ps->hint_last = n;
	if (ps->sp && !ps->stack[ps->sp - 1].first)
		ps->stack[ps->sp - 1].first = n;
	g->nnodes++;
	ps->cur = n;
	ps->in_seq = 1;
	ps->after_pop = 0;
	ps->lastprop = NULL;
	ps->nprops = 0;
	sgf_propidx_reset(&ps->idx);
	return n;
}

/* A node in a sequence: the common case inline, the rest above. */
static inline struct sgf_node *
new_node(struct parser *ps, size_t off)
{
	struct sgf_node *n, *p = ps->cur;
	struct sgf_game *g = ps->g;

	if (!p || p->child || g->nnodes >= ps->lim->max_nodes ||
	    (ps->sp && !ps->stack[ps->sp - 1].first))
		return new_node_slow(ps, off);
	n = sgf_arena_alloc(g->arena, sizeof(*n));
	if (!n)
		return new_node_slow(ps, off);
	n->props = NULL;
	n->child = NULL;
	n->next = NULL;
	n->nchildren = 0;
	n->off = (uint32_t)off;
	n->parent = p;
	p->child = n;
	p->nchildren = 1;
	ps->hint_parent = p;
	ps->hint_last = n;
	g->nnodes++;
	ps->cur = n;
	ps->in_seq = 1;
	ps->after_pop = 0;
	ps->lastprop = NULL;
	ps->nprops = 0;
	sgf_propidx_reset(&ps->idx);
	return n;
}

/* Unescape t[a..b) into a new arena string.  A `composed` value
 * (sgf_pid_composed) keeps "\\:" and "\\\\": without them the ':'
 * between its parts could not be told from a ':' inside one
 * (AP[My\\:App:1.0] is "My:App" version "1.0"). */
static char *
unescape(struct parser *ps, size_t a, size_t b, int composed, uint32_t *outlen)
{
	const unsigned char *t = ps->t;
	char *d = sgf_arena_alloc(ps->g->arena, b - a + 1), *w = d;
	size_t r;

	if (!d)
		return NULL;
	for (r = a; r < b; r++) {
		unsigned char c = t[r];
		if (c == '\\' && r + 1 < b) {
			c = t[++r];
			if (c == '\n' || c == '\r') {
				/* soft line break: drop "\\" and the break */
				if (r + 1 < b &&
				    (t[r + 1] == '\n' || t[r + 1] == '\r') &&
				    t[r + 1] != c)
					r++;
				continue;
			}
			if (composed && (c == ':' || c == '\\'))
				*w++ = '\\';
		}
		*w++ = (char)c;
	}
	*w = 0;
	*outlen = (uint32_t)(w - d);
	return d;
}

/* Text with 8-bit structure but UTF-16 values (SGFC's mixed-encoding
 * test): decode one value.  Returns 0 when out of memory. */
static int
value_decode(struct parser *ps, struct sgf_value *v)
{
	size_t outlen, nbad;
	char *u, *d;

	/* only values that are UTF-16 (numbers, points stay ASCII); the
	 * others must at least be valid UTF-8 */
	if (v->len % 2 || !memchr(v->s, 0, v->len)) {
		if (sgf_utf8_valid((const unsigned char *)v->s, v->len) ==
		    v->len)
			return 1;
		u = sgf_charset_to_utf8("UTF-8", v->s, v->len, &outlen, &nbad);
	} else {
		u = sgf_charset_to_utf8(ps->value_cs, v->s, v->len, &outlen,
					&nbad);
	}
	if (!u)
		return 0;
	d = sgf_game_strdup(ps->g, u, outlen);
	free(u);
	if (!d)
		return 0;
	if (nbad)
		diag(ps, SGF_W_BAD_CHARS, SGF_WARNING, v->off,
		     "invalid characters in a value replaced by U+FFFD", NULL);
	v->s = d;
	v->len = (uint32_t)outlen;
	return 1;
}

/* Skip one value starting at t[i] == '['.  A ']' in the value of a
 * property that is never text (`typed`: sgf_pid_typed) always ends it.
 * Returns the index of the closing ']' or (size_t)-1 when the input
 * ends inside the value. */
static size_t
value_end(struct parser *ps, size_t i, int typed, int *has_esc, int *has_nul,
	  int *warned)
{
	const unsigned char *t = ps->t;
	size_t n = ps->n, j = i + 1;

	for (;;) {
		unsigned char c;
		/* NUL ends the text; ']' and '\\' need a look */
		while ((c = t[j]) != ']' && c != '\\' && c != 0)
			j++;
		if (c == ']') {
			if (typed || value_end_ok(t + j + 1, t + n, 1))
				return j;
			if (!*warned) {
				diag(ps, SGF_W_UNESCAPED_BRACKET, SGF_WARNING,
				     j,
				     "unescaped ']' inside a value kept "
				     "as text",
				     NULL);
				*warned = 1;
			}
			j++;
		} else if (c == '\\') {
			*has_esc = 1;
			if (j + 1 >= n)
				return (size_t)-1;
			if (t[j + 1] == 0)
				*has_nul = 1;
			j += 2;
		} else {
			if (j >= n)
				return (size_t)-1;
			*has_nul = 1; /* a NUL byte inside the value */
			j++;
		}
	}
}

/* Bytes that end the fast scan of a value: ']', an escape, a NUL. */
static const unsigned char vstop[256] = {
    [0] = 1,
    [']'] = 1,
    ['\\'] = 1,
};

/* The common case, in few instructions: a known one- or two-letter
 * identifier, not yet in the node, with one value without escapes.
 * Returns the index after it, or 0 to take the general path. */
static inline size_t
property_fast(struct parser *ps, size_t i)
{
	unsigned char *t = ps->t;
	size_t k = i + 1, j;
	enum sgf_pid pid;
	struct sgf_prop *p;
	struct sgf_value *v;
	unsigned char c;

	/* values that need decoding one by one take the general path */
	if (!ps->in_seq || ps->value_cs)
		return 0;
	if (is_upper(t[k]))
		k++;
	if (t[k] != '[')
		return 0;
	pid = sgf_pid_lookup_inline((const char *)t + i, k - i);
	if (pid == SGF_P_OTHER || (ps->idx.mask & ((uint64_t)1 << pid)) ||
	    ps->nprops >= ps->lim->max_props)
		return 0;
	/* one table look-up a byte; t[n] is 0, so the scan stops */
	for (j = k + 1; !vstop[t[j]]; j++)
		;
	if (t[j] != ']')
		return 0;
	if (j - k - 1 > ps->lim->max_value_bytes)
		return 0;
	/* what follows must end the value and not be another value */
	c = t[j + 1];
	if (c != ';' && c != ')' && c != '(' && !is_upper(c)) {
		size_t q = j + 1;
		if (value_end_ok(t + q, t + ps->n, 1) != 1)
			return 0;
		while (q < ps->n && is_ws(t[q]))
			q++;
		if (t[q] == '[')
			return 0;
	} else if (is_upper(c) && value_end_ok(t + j + 1, t + ps->n, 1) != 1) {
		return 0;
	}
	p = sgf_arena_alloc(ps->g->arena, sizeof(*p) + sizeof(*v));
	if (!p)
		return 0;
	v = (struct sgf_value *)(p + 1);
	v->s = (const char *)t + k + 1;
	v->len = (uint32_t)(j - k - 1);
	v->off = (uint32_t)k;
	v->next = NULL;
	t[j] = 0;
	p->id = sgf_pid_names[pid];
	p->pid = pid;
	p->off = (uint32_t)i;
	p->nvalues = 1;
	p->values = v;
	p->next = NULL;
	if (ps->lastprop)
		ps->lastprop->next = p;
	else
		ps->cur->props = p;
	ps->lastprop = p;
	ps->nprops++;
	sgf_propidx_known(&ps->idx, p, v);
	return j + 1;
}

/* The bulk of every record, ";B[pd]" followed by ';', '(' or ')': the
 * node, its property and its value in one allocation, with exactly what
 * new_node() and property_fast() would make of it.  A run of such nodes
 * (";B[pd];W[dp];B[pp]...") is taken in one loop: what holds for the
 * first node of the run (its parent has no child yet, no variation is
 * waiting for its first node, the limits allow one property of two
 * bytes) holds for the next ones too, so each further node costs only
 * its own bytes and stores.  Returns the index after the last value
 * taken, or 0 (nothing changed) to take the general path. */
static inline size_t
move_node_fast(struct parser *ps, size_t i)
{
	/* what may follow a move's value in the fast path */
	static const unsigned char after[256] = {
	    [';'] = 1, ['('] = 1, [')'] = 1};
	/* the three structs of a move node, as one arena allocation */
	enum {
		SZ = (sizeof(struct sgf_node) + sizeof(struct sgf_prop) +
		      sizeof(struct sgf_value) + SGF_ARENA_ALIGN - 1) &
		     ~(SGF_ARENA_ALIGN - 1)
	};
	unsigned char *t = ps->t;
	struct sgf_node *n, *par = ps->cur;
	struct sgf_game *g = ps->g;
	struct sgf_arena *a = g->arena;
	struct sgf_prop *p = NULL;
	struct sgf_value *v;
	size_t start = i, nnodes = g->nnodes, max_nodes = ps->lim->max_nodes;
	/* Locals, not a->cur or sgf_pid_names[]: the NUL stored into the
	 * text below may alias anything, and would force reloads. */
	unsigned char *cur = a->cur, *end = a->end;
	const char *idb = sgf_pid_names[SGF_P_B], *idw = sgf_pid_names[SGF_P_W];
	int white = 0;
	unsigned char c;

	if (ps->after_pop || !par || par->child || ps->value_cs ||
	    (ps->sp && !ps->stack[ps->sp - 1].first) ||
	    ps->lim->max_props < 1 || ps->lim->max_value_bytes < 2)
		return 0;
	for (;;) {
		unsigned char col = t[i + 1];
		/* t[n] is 0: no byte below is read past it */
		if ((col != 'B' && col != 'W') || t[i + 2] != '[' ||
		    vstop[t[i + 3]] || vstop[t[i + 4]] || t[i + 5] != ']')
			break;
		c = t[i + 6];
		if (!after[c] || nnodes >= max_nodes)
			break;
		if ((size_t)(end - cur) < SZ) {
			a->cur = cur;
			n = sgf_arena_alloc_slow(a, SZ);
			cur = a->cur;
			end = a->end;
			if (!n)
				break;
		} else {
			n = (struct sgf_node *)(void *)cur;
			cur += SZ;
		}
		white = col == 'W';
		p = (struct sgf_prop *)(n + 1);
		v = (struct sgf_value *)(p + 1);
		/* child and nchildren are set when the next node of the
		 * run is hung below this one, or after the loop */
		n->props = p;
		n->next = NULL;
		n->off = (uint32_t)i;
		n->parent = par;
		par->child = n;
		par->nchildren = 1;
		v->s = (const char *)t + i + 3;
		v->len = 2;
		v->off = (uint32_t)(i + 2);
		v->next = NULL;
		p->id = white ? idw : idb;
		p->pid = white ? SGF_P_W : SGF_P_B;
		p->off = (uint32_t)(i + 1);
		p->nvalues = 1;
		p->values = v;
		p->next = NULL;
		t[i + 5] = 0;
		nnodes++;
		par = n;
		i += 6;
		if (c != ';')
			break;
	}
	a->cur = cur;
	if (i == start)
		return 0;
	par->child = NULL;
	par->nchildren = 0;
	g->nnodes = nnodes;
	ps->hint_parent = par->parent;
	ps->hint_last = par;
	ps->cur = par;
	ps->in_seq = 1;
	ps->lastprop = p;
	ps->nprops = 1;
	sgf_propidx_reset(&ps->idx);
	sgf_propidx_known(&ps->idx, p, p->values);
	return i;
}

/* Parse a property at t[i] (a letter).  Returns the index after it. */
static size_t
property(struct parser *ps, size_t i)
{
	unsigned char *t = ps->t;
	size_t n = ps->n, start = i, idlen = 0;
	char id[SGF_MAX_ID_LEN + 1];
	int lower = 0, toolong = 0, drop = 0, typed;
	enum sgf_pid pid;
	struct sgf_prop *p, *dup;
	struct sgf_value *last = NULL, *spare = NULL;
	uint32_t nvalues = 0;

	for (; is_letter(t[i]); i++) {
		if (is_lower(t[i]))
			lower = 1;
		else if (idlen < SGF_MAX_ID_LEN)
			id[idlen++] = (char)t[i];
		else
			toolong = 1;
	}
	id[idlen] = 0;
	while (i < n && is_ws(t[i]))
		i++;
	if (t[i] != '[') {
		/* letters not followed by a value: a property whose value
		 * was left out (SGFC's E_NO_PROP_VALUES), or not a
		 * property at all; what follows is read on */
		if (idlen && !toolong && !lower)
			sgf_game_diag(
			    ps->g, SGF_E_SYNTAX, SGF_ERROR, (uint32_t)start,
			    "property '%s' has no value: dropped", id);
		else
			sgf_game_diag(ps->g, SGF_E_SYNTAX, SGF_ERROR,
				      (uint32_t)start,
				      "'%.*s' is not followed by a value: "
				      "skipped",
				      (int)(i - start > 40 ? 40 : i - start),
				      (const char *)t + start);
		return i;
	}
	if (toolong) {
		sgf_game_diag(ps->g, SGF_E_LIMIT, SGF_ERROR, (uint32_t)start,
			      "property identifier longer than %d letters: "
			      "dropped",
			      SGF_MAX_ID_LEN);
		drop = 1;
	} else if (idlen == 0) {
		sgf_game_diag(ps->g, SGF_E_SYNTAX, SGF_ERROR, (uint32_t)start,
			      "property identifier '%.*s' has no upper-case "
			      "letter: dropped",
			      (int)(i - start > 40 ? 40 : i - start),
			      (const char *)t + start);
		drop = 1;
	} else if (lower) {
		sgf_game_diag(ps->g, SGF_W_LOWERCASE_ID, SGF_WARNING,
			      (uint32_t)start,
			      "lower-case letters in identifier '%.*s' "
			      "dropped: '%s'",
			      (int)(i - start > 40 ? 40 : i - start),
			      (const char *)t + start, id);
	}
	if (!drop && (!ps->cur || !ps->in_seq)) {
		/* a property where a node should start: assume the ';' */
		diag(ps, SGF_W_MISSING_SEMI, SGF_WARNING, start,
		     ps->cur ? "properties after a variation: made a new "
			       "variation"
			     : "missing ';' before the first property",
		     NULL);
		if (!new_node(ps, start))
			return n;
	}
	pid = sgf_pid_lookup_inline(id, idlen);
	typed = sgf_pid_typed(pid);
	dup = drop ? NULL : sgf_propidx_find(&ps->idx, pid, id, idlen, &last);
	p = NULL;
	if (!drop) {
		if (dup) {
			sgf_game_diag(ps->g, SGF_W_DUPLICATE_PROP, SGF_WARNING,
				      (uint32_t)start,
				      "property '%s' repeated in a node: "
				      "values merged",
				      id);
			p = dup; /* its values go on after `last` */
			nvalues = p->nvalues;
		} else {
			if (ps->nprops >= ps->lim->max_props) {
				sgf_game_diag(ps->g, SGF_E_LIMIT, SGF_ERROR,
					      (uint32_t)start,
					      "more than %zu properties in one "
					      "node (limit)",
					      ps->lim->max_props);
				ps->stop = 1;
				return n;
			}
			/* the property and its first value in one piece */
			p = sgf_arena_alloc(ps->g->arena,
					    sizeof(*p) +
						sizeof(struct sgf_value));
			if (!p) {
				nomem(ps, start);
				return n;
			}
			spare = (struct sgf_value *)(p + 1);
			p->values = NULL;
			p->next = NULL;
			p->nvalues = 0;
			p->pid = pid;
			p->off = (uint32_t)start;
			p->id = pid != SGF_P_OTHER
				    ? sgf_pid_names[pid]
				    : sgf_game_strdup(ps->g, id, idlen);
			if (!p->id) {
				nomem(ps, start);
				return n;
			}
		}
	}
	while (t[i] == '[') {
		int has_esc = 0, has_nul = 0, warned = 0;
		size_t e = value_end(ps, i, typed, &has_esc, &has_nul, &warned);
		struct sgf_value *v;

		if (e == (size_t)-1) {
			diag(ps, SGF_E_TRUNCATED, SGF_ERROR, i,
			     "input ends inside a value", NULL);
			ps->stop = 1;
			break;
		}
		if (e - i - 1 > ps->lim->max_value_bytes) {
			sgf_game_diag(ps->g, SGF_E_LIMIT, SGF_ERROR,
				      (uint32_t)i,
				      "value longer than %zu bytes (limit)",
				      ps->lim->max_value_bytes);
			ps->stop = 1;
			break;
		}
		if (!drop) {
			if (nvalues >= ps->lim->max_values) {
				sgf_game_diag(ps->g, SGF_E_LIMIT, SGF_ERROR,
					      (uint32_t)i,
					      "more than %zu values in one "
					      "property (limit)",
					      ps->lim->max_values);
				ps->stop = 1;
				break;
			}
			if (spare) {
				v = spare;
				spare = NULL;
			} else {
				v = sgf_arena_alloc(ps->g->arena, sizeof(*v));
			}
			if (!v) {
				nomem(ps, i);
				break;
			}
			v->off = (uint32_t)i;
			v->next = NULL;
			if (has_esc) {
				v->s = unescape(ps, i + 1, e,
						sgf_pid_composed(pid), &v->len);
				if (!v->s) {
					nomem(ps, i);
					break;
				}
			} else {
				t[e] = 0;
				v->s = (const char *)t + i + 1;
				v->len = (uint32_t)(e - i - 1);
			}
			if (ps->value_cs && !value_decode(ps, v)) {
				nomem(ps, i);
				break;
			}
			if ((has_nul || ps->value_cs) &&
			    memchr(v->s, 0, v->len)) {
				v->s = sgf_value_no_nul(ps->g, v->s, &v->len);
				if (!v->s) {
					nomem(ps, i);
					break;
				}
				diag(ps, SGF_W_BAD_CHARS, SGF_WARNING, i,
				     "NUL byte in a value replaced by U+FFFD",
				     NULL);
			}
			if (last)
				last->next = v;
			else
				p->values = v;
			last = v;
			nvalues++;
		}
		i = e + 1;
		while (i < n && is_ws(t[i]))
			i++;
	}
	if (p && !dup && p->values) {
		p->nvalues = nvalues;
		if (ps->lastprop)
			ps->lastprop->next = p;
		else
			ps->cur->props = p;
		ps->lastprop = p;
		ps->nprops++;
		if (sgf_propidx_put(&ps->idx, p, last) < 0)
			nomem(ps, start);
	} else if (dup) {
		dup->nvalues = nvalues;
		if (sgf_propidx_put(&ps->idx, dup, last) < 0)
			nomem(ps, start);
	}
	return i;
}

/* Skip garbage at t[i]; one error for the whole run. */
static size_t
garbage(struct parser *ps, size_t i)
{
	unsigned char *t = ps->t;
	size_t start = i;

	while (i < ps->n && !is_letter(t[i]) && t[i] != ';' && t[i] != '(' &&
	       t[i] != ')' && t[i] != '[')
		i++;
	sgf_game_diag(ps->g, SGF_E_SYNTAX, SGF_ERROR, (uint32_t)start,
		      "unexpected '%.*s': skipped",
		      (int)(i - start > 20 ? 20 : i - start),
		      (const char *)t + start);
	return i;
}

static void
parse_text(struct parser *ps, unsigned flags)
{
	unsigned char *t = ps->t;
	size_t n = ps->n, i = 0, junk = (size_t)-1;

	/* find the tree: junk before it is skipped with a warning */
	for (; i < n; i++) {
		if (t[i] == '(' && sgf_is_tree_start(t + i, t + n, 1) == 1)
			break;
		if (t[i] == 0xEF && i + 2 < n && t[i + 1] == 0xBB &&
		    t[i + 2] == 0xBF) {
			i += 2; /* a BOM */
			continue;
		}
		if (!is_ws(t[i]) && junk == (size_t)-1)
			junk = i;
	}
	if (junk == (size_t)-1 && (flags & SGF_CHUNK_JUNK_BEFORE) &&
	    ps->x->junk_line)
		/* junk the reader skipped, before this game's text */
		sgf_game_diag_at(ps->g, SGF_W_JUNK_BEFORE, SGF_WARNING,
				 ps->x->junk_line, ps->x->junk_col,
				 "junk before the game tree skipped");
	else if (junk != (size_t)-1 || (flags & SGF_CHUNK_JUNK_BEFORE))
		diag(ps, SGF_W_JUNK_BEFORE, SGF_WARNING,
		     junk != (size_t)-1 ? junk : i,
		     "junk before the game tree skipped", NULL);
	if (i >= n) {
		diag(ps, SGF_E_NOT_SGF, SGF_ERROR, 0, "no game tree found",
		     NULL);
		return;
	}
	while (i < n && !ps->stop) {
		unsigned char c = t[i];

		switch (c) {
		case ';': {
			size_t f = move_node_fast(ps, i);
			if (f) {
				i = f;
				break;
			}
		}
			if (ps->after_pop)
				diag(ps, SGF_W_OTHER, SGF_WARNING, i,
				     "node after a variation: made a new "
				     "variation",
				     NULL);
			ps->after_pop = 0;
			if (!new_node(ps, i))
				return;
			i++;
			break;
		case '(': {
			size_t j = i + 1;
			while (j < n && is_ws(t[j]))
				j++;
			if (ps->sp && t[j] == '(') {
				/* "(;a((;b" inside a tree: a variation starts
				 * with a node, so the second '(' is ignored,
				 * as SGFC does ("illegal variation start"),
				 * and the reader, which cut the game so */
				diag(ps, SGF_W_EMPTY_VARIATION, SGF_WARNING, j,
				     "'(' where a variation's first node "
				     "belongs: ignored",
				     NULL);
				while (t[j] == '(')
					for (j++; j < n && is_ws(t[j]); j++)
						;
			}
			if (t[j] == ')') {
				diag(ps, SGF_W_EMPTY_VARIATION, SGF_WARNING, i,
				     "empty variation '()' dropped", NULL);
				i = j + 1;
				break;
			}
			if (push(ps, i))
				return;
			ps->in_seq = 0;
			ps->after_pop = 0;
			if (is_letter(t[j])) {
				diag(ps, SGF_W_MISSING_SEMI, SGF_WARNING, i,
				     "missing ';' after '('", NULL);
				if (!new_node(ps, j))
					return;
			}
			i = j;
			break;
		}
		case ')':
			if (ps->sp == 0) {
				i = garbage(ps, i);
				if (i < n && t[i] == ')')
					i++;
				break;
			}
			ps->sp--;
			ps->cur = ps->stack[ps->sp].parent;
			ps->in_seq = 0;
			ps->after_pop = 1;
			if (ps->stack[ps->sp].first) {
				ps->hint_parent = ps->cur;
				ps->hint_last = ps->stack[ps->sp].first;
			}
			i++;
			if (ps->sp == 0) {
				ps->done = 1;
				goto after;
			}
			break;
		case '[':
			diag(ps, SGF_E_SYNTAX, SGF_ERROR, i,
			     "value without a property identifier: skipped",
			     NULL);
			{
				int e1 = 0, z1 = 0, w1 = 1;
				size_t e = value_end(ps, i, 0, &e1, &z1, &w1);
				if (e == (size_t)-1) {
					diag(ps, SGF_E_TRUNCATED, SGF_ERROR, i,
					     "input ends inside a value", NULL);
					return;
				}
				i = e + 1;
			}
			break;
		default:
			if (is_ws(c))
				i++;
			else if (is_letter(c)) {
				size_t f =
				    is_upper(c) ? property_fast(ps, i) : 0;
				i = f ? f : property(ps, i);
			} else
				i = garbage(ps, i);
		}
	}
	if (ps->stop)
		return;
	if (ps->sp > 0) {
		diag(ps, SGF_W_MISSING_PAREN, SGF_WARNING, n,
		     "missing ')' at the end of the game: added", NULL);
		return;
	}
after:
	while (i < n && is_ws(t[i]))
		i++;
	if (i < n)
		diag(ps, SGF_W_JUNK_AFTER, SGF_WARNING, i,
		     "junk after the game tree ignored", NULL);
}

/* Parse text (mutable, NUL terminated at t[n]) into g. */
static void
parse_into(struct sgf_game *g, unsigned char *t, size_t n, unsigned flags,
	   const char *value_cs)
{
	struct parser ps;

	memset(&ps, 0, sizeof(ps));
	ps.value_cs = value_cs;
	ps.g = g;
	ps.x = gx(g);
	ps.t = t;
	ps.n = n;
	ps.lim = &gx(g)->lim;
	parse_text(&ps, flags);
	free(ps.stack);
	sgf_propidx_free(&ps.idx);
}

void
charset_diag(struct sgf_game *g, const char *cs, const struct cs_info *info)
{
	switch (info->how) {
	case CS_DECLARED:
		break;
	case CS_GUESSED:
		sgf_game_diag_at(g, SGF_W_CHARSET, SGF_WARNING,
				 (uint32_t)g->line, gx(g)->col0,
				 "no CA property: charset guessed as %s", cs);
		break;
	case CS_WRONG_DECLARED:
		sgf_game_diag_at(g, SGF_W_CHARSET, SGF_WARNING,
				 (uint32_t)g->line, gx(g)->col0,
				 "CA[%s] does not fit the text: read as %s",
				 info->declared, cs);
		break;
	case CS_UNKNOWN_DECLARED:
		sgf_game_diag_at(g, SGF_W_CHARSET, SGF_WARNING,
				 (uint32_t)g->line, gx(g)->col0,
				 "unknown charset CA[%s]: read as %s",
				 info->declared, cs);
		break;
	}
}

/* Decode the chunk's bytes to UTF-8 text owned by g. */
static unsigned char *
decode(struct sgf_game *g, struct sgf_chunk *ch, size_t *outlen,
       const char **value_cs)
{
	char *data = ch->data;
	size_t len = ch->len, nbad = 0, bad = 0;
	const char *cs = ch->charset;
	struct cs_info info;
	char *out;

	ch->data = NULL;
	ch->len = 0;
	if (!data) {
		data = calloc(1, 1);
		len = 0;
		if (!data)
			return NULL;
	}
	if (sgf_arena_adopt(g->arena, data))
		return NULL;
	*outlen = len;
	if (ch->flags & SGF_CHUNK_DECODED) {
		g->charset = cs ? cs : "UTF-8";
		return (unsigned char *)data;
	}
	memset(&info, 0, sizeof(info));
	if (!cs || (ch->flags & SGF_CHUNK_CS_NOTE)) {
		const char *d = sgf_charset_detect(data, len, &info);
		if (!cs)
			cs = d;
		charset_diag(g, cs, &info);
	}
	g->charset = cs;
	if (sgf_charset_kind(cs) == CS_UTF16 && len >= 2 && data[0] &&
	    data[1]) {
		/* 8-bit structure, UTF-16 values */
		*value_cs = cs;
		return (unsigned char *)data;
	}
	if (sgf_charset_is_utf8(cs)) {
		if (ch->flags & SGF_CHUNK_ASCII)
			return (unsigned char *)data;
		bad = sgf_utf8_valid((const unsigned char *)data, len);
		if (bad == len)
			return (unsigned char *)data;
	}
	out = sgf_charset_to_utf8(cs, data, len, outlen, &nbad);
	if (!out && nbad == (size_t)-1) {
		/* unknown to iconv: fall back to Latin-1, which always
		 * decodes */
		cs = "ISO-8859-1";
		g->charset = cs;
		out = sgf_charset_to_utf8(cs, data, len, outlen, &nbad);
	}
	if (!out || sgf_arena_adopt(g->arena, out))
		return NULL;
	if (nbad) {
		/* at the first bad byte when the text is UTF-8 up to it;
		 * in another charset characters are not bytes: the game */
		int utf8 = sgf_charset_is_utf8(cs);
		uint32_t l = 1, c = 1;
		if (utf8)
			sgf_text_linecol(data, 0, bad, &l, &c);
		sgf_game_diag_at(g, SGF_W_BAD_CHARS, SGF_WARNING,
				 (uint32_t)g->line + l - 1,
				 l == 1 ? gx(g)->col0 + c - 1 : c,
				 "%zu byte sequence%s invalid in %s replaced "
				 "by U+FFFD%s",
				 nbad, nbad == 1 ? "" : "s", cs,
				 nbad > 1 && utf8 ? " (the first here)" : "");
	}
	return (unsigned char *)out;
}

struct sgf_game *
sgf_parse_chunk(struct sgf_chunk *ch, const struct sgf_limits *lim)
{
	struct sgf_game *g = sgf_game_new_lim(ch->file, ch->index, lim);
	unsigned char *t;
	size_t n = 0;
	const char *value_cs = NULL;

	if (!g) {
		sgf_chunk_release(ch);
		return NULL;
	}
	g->line = ch->line ? ch->line : 1;
	gx(g)->col0 = ch->col ? ch->col : 1;
	gx(g)->junk_line = (uint32_t)ch->junk_line;
	gx(g)->junk_col = ch->junk_col;
	if (ch->flags & SGF_CHUNK_TOO_BIG) {
		sgf_game_diag_at(g, SGF_E_LIMIT, SGF_ERROR, (uint32_t)g->line,
				 gx(g)->col0,
				 "game longer than %zu bytes (limit): skipped",
				 gx(g)->lim.max_game_bytes);
		sgf_chunk_release(ch);
		return g;
	}
	t = decode(g, ch, &n, &value_cs);
	if (!t) {
		sgf_game_diag_at(g, SGF_E_NOMEM, SGF_ERROR, (uint32_t)g->line,
				 gx(g)->col0, "out of memory");
		return g;
	}
	g->text = (const char *)t;
	g->text_len = n;
	parse_into(g, t, n, ch->flags, value_cs);
	return g;
}

int
sgf_parse_all(const char *buf, size_t len, const char *file,
	      const struct sgf_limits *lim, struct sgf_game ***games)
{
	struct sgf_reader *rd = sgf_reader_open_mem(buf, len, file, lim);
	struct sgf_game **v = NULL, *g;
	struct sgf_chunk ch;
	size_t n = 0, cap = 0;
	int r;

	*games = NULL;
	if (!rd)
		return -1;
	while ((r = sgf_reader_next(rd, &ch, NULL)) > 0) {
		if (n == cap) {
			struct sgf_game **nv;
			cap = cap ? cap * 2 : 8;
			nv = realloc(v, cap * sizeof(*v));
			if (!nv) {
				sgf_chunk_release(&ch);
				r = -1;
				break;
			}
			v = nv;
		}
		g = sgf_parse_chunk(&ch, lim);
		if (!g) {
			r = -1;
			break;
		}
		v[n++] = g;
	}
	sgf_reader_close(rd);
	if (r < 0) {
		while (n)
			sgf_game_free(v[--n]);
		free(v);
		return -1;
	}
	*games = v;
	return (int)n;
}
