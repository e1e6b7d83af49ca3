/*
 * fmt_common.c - what the GIB, NGF and UGF readers and writers share:
 * line iteration, errors with line numbers, handicap placement, ranks
 * written as text, the main line for writers.  Results in words are
 * result.c's, numbers number.c's.  Their text is decoded
 * by sgf_decode_text() in charset.c.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fmt_internal.h"
#include "internal.h"

/* ------------------------------------------------------------------ */
/* Lines, games, diagnostics                                            */

void
fmt_lines_init(struct fmt_lines *it, const char *text, size_t len)
{
	it->p = text;
	it->end = text + len;
	it->line = 0;
}

int
fmt_lines_next(struct fmt_lines *it, const char **s, size_t *len)
{
	const char *q;

	if (it->p >= it->end)
		return 0;
	q = it->p;
	while (q < it->end && *q != '\n' && *q != '\r')
		q++;
	*s = it->p;
	*len = (size_t)(q - it->p);
	if (q < it->end && *q == '\r') {
		q++;
		if (q < it->end && *q == '\n')
			q++;
	} else if (q < it->end) {
		q++;
	}
	it->p = q;
	it->line++;
	return 1;
}

struct sgf_game *
fmt_game_new(const char *buf, size_t len, const char *file, const char *hint,
	     char **text, size_t *tlen)
{
	struct sgf_game *g = sgf_game_new(file, 1);
	const char *cs;
	bool lossy;
	char *t;

	if (!g)
		return NULL;
	t = sgf_decode_text(buf, len, hint, tlen, &cs, &lossy);
	if (!t) {
		sgf_game_free(g);
		return NULL;
	}
	*text = sgf_game_strdup(g, t, *tlen);
	free(t);
	if (!*text) {
		sgf_game_free(g);
		return NULL;
	}
	g->text = *text;
	g->text_len = *tlen;
	g->charset = cs;
	g->line = 1;
	/* the text is decoded whole, before any structure is read: the
	 * record's start is where it is known to be (as for a game in
	 * another charset than UTF-8 in SGF) */
	if (lossy)
		sgf_game_diag_at(g, SGF_W_BAD_CHARS, SGF_WARNING, 1, 1,
				 "bytes invalid in %s replaced", cs);
	if (!g->root)
		g->root = sgf_node_add(g, NULL);
	return g;
}

static void
add_diag(struct sgf_game *g, enum sgf_code code, enum sgf_severity sev,
	 unsigned line, const char *fmt, va_list ap)
{
	char msg[sizeof(((struct sgf_diag *)0)->msg)];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	/* through the game's own list: it keeps the tail and the limit */
	sgf_game_diag_at(g, code, sev, line, line ? 1 : 0, "%s", msg);
}

int
fmt_error(struct sgf_game *g, unsigned line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_diag(g, SGF_E_FORMAT, SGF_ERROR, line, fmt, ap);
	va_end(ap);
	g->root = NULL;
	g->nnodes = 0;
	return -1;
}

int
fmt_error_off(struct sgf_game *g, uint32_t off, const char *fmt, ...)
{
	char msg[sizeof(((struct sgf_diag *)0)->msg)];
	uint32_t line, col;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	sgf_game_linecol(g, off, &line, &col);
	sgf_game_diag_at(g, SGF_E_FORMAT, SGF_ERROR, line, col, "%s", msg);
	g->root = NULL;
	g->nnodes = 0;
	return -1;
}

void
fmt_warning(struct sgf_game *g, unsigned line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_diag(g, SGF_W_BAD_VALUE, SGF_WARNING, line, fmt, ap);
	va_end(ap);
}

void
fmt_set(struct sgf_game *g, struct sgf_node *n, const char *id, const char *fmt,
	...)
{
	char buf[512];
	va_list ap;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (k < 0)
		return;
	if ((size_t)k >= sizeof(buf))
		k = sizeof(buf) - 1;
	sgf_prop_set(g, n, id, buf, (size_t)k);
}

void
fmt_trim(const char **s, size_t *len)
{
	while (*len && (**s == ' ' || **s == '\t')) {
		(*s)++;
		(*len)--;
	}
	while (*len && ((*s)[*len - 1] == ' ' || (*s)[*len - 1] == '\t'))
		(*len)--;
}

void
fmt_set_trim(struct sgf_game *g, struct sgf_node *n, const char *id,
	     const char *s, size_t len)
{
	fmt_trim(&s, &len);
	if (len)
		sgf_prop_set(g, n, id, s, len);
}

bool
fmt_prefix(const char *s, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	return len >= n && !memcmp(s, prefix, n);
}

struct sgf_node *
fmt_move(struct sgf_game *g, struct sgf_node *parent, char colour, int x, int y,
	 uint32_t off)
{
	struct sgf_node *n = sgf_node_add(g, parent);
	struct sgf_prop *p;
	char pt[2];
	const char id[2] = {colour, 0};

	if (!n)
		return NULL;
	if (x < 0) {
		p = sgf_prop_add(g, n, id, "", 0);
	} else {
		pt[0] = sgf_coord_letter(x);
		pt[1] = sgf_coord_letter(y);
		p = sgf_prop_add(g, n, id, pt, 2);
	}
	/* where the move is in the input, for what check finds in it */
	n->off = off;
	if (p)
		p->off = p->values->off = off;
	return n;
}

/* ------------------------------------------------------------------ */
/* Handicap                                                             */

int
sgf_fixed_handicap(int size, int n, int *xs, int *ys)
{
	int lo, hi, mid, k = 0;
	int edge = size >= 13 ? 4 : 3;

	if (size < 7 || n < 2 || n > 9)
		return 0;
	if ((size % 2 == 0 || size == 7) && n > 4)
		return 0;
	lo = edge - 1;
	hi = size - edge;
	mid = size / 2;
#define PUT(a, b) (xs[k] = (a), ys[k] = (b), k++)
	PUT(lo, hi);
	PUT(hi, lo);
	if (n >= 3)
		PUT(lo, lo);
	if (n >= 4)
		PUT(hi, hi);
	if (n >= 6) {
		PUT(lo, mid);
		PUT(hi, mid);
	}
	if (n >= 8) {
		PUT(mid, hi);
		PUT(mid, lo);
	}
	if (n % 2 == 1 && n >= 5)
		PUT(mid, mid);
#undef PUT
	return k;
}

int
fmt_handicap(struct sgf_game *g, struct sgf_node *root, int size, int n)
{
	int xs[9], ys[9], k = sgf_fixed_handicap(size, n, xs, ys);
	struct sgf_prop *p = NULL;

	if (k == 0)
		return -1;
	fmt_set(g, root, "HA", "%d", n);
	for (int i = 0; i < k; i++) {
		char pt[2] = {sgf_coord_letter(xs[i]), sgf_coord_letter(ys[i])};
		if (!p)
			p = sgf_prop_set(g, root, "AB", pt, 2);
		else
			sgf_prop_add_value(g, p, pt, 2);
	}
	fmt_set(g, root, "PL", "W");
	return 0;
}

/* ------------------------------------------------------------------ */
/* Ranks, numbers, results                                              */

static int
same_set(const int *ax, const int *ay, int na, const int *bx, const int *by,
	 int nb)
{
	if (na != nb)
		return 0;
	for (int i = 0; i < na; i++) {
		int found = 0;
		for (int j = 0; j < nb; j++)
			if (ax[i] == bx[j] && ay[i] == by[j])
				found = 1;
		if (!found)
			return 0;
	}
	return 1;
}

/* The root's AB stones must be the standard placement (any order);
 * returns the handicap (0 when there are no stones) or -1. */
static int
check_handicap(int size, const int *abx, const int *aby, int nab)
{
	int xs[9], ys[9];

	if (nab == 0)
		return 0;
	if (nab < 2 || nab > 9 || sgf_fixed_handicap(size, nab, xs, ys) != nab)
		return -1;
	return same_set(abx, aby, nab, xs, ys, nab) ? nab : -1;
}

const char *
fmt_rules_name(const char *s)
{
	static const char *const t[][2] = {{"japanese", "Japanese"},
					   {"chinese", "Chinese"},
					   {"korean", "Korean"},
					   {"aga", "AGA"},
					   {"nz", "NZ"},
					   {"new_zealand", "NZ"},
					   {"new-zealand", "NZ"},
					   {"ing", "Ing"},
					   {"tromp-taylor", "Tromp-Taylor"}};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (!strcasecmp(s, t[i][0]))
			return t[i][1];
	return s;
}

/* Value of a CJK numeral at s (UTF-8), with its byte length; -1 if it is
 * not one. */
static int
cjk_digit(const char *s, size_t len, size_t *n)
{
	static const char *const d[] = {"初", "一", "二", "三", "四", "五",
					"六", "七", "八", "九", "十"};
	static const int v[] = {1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};

	for (size_t i = 0; i < sizeof(d) / sizeof(d[0]); i++) {
		size_t k = strlen(d[i]);
		if (len >= k && !memcmp(s, d[i], k)) {
			*n = k;
			return v[i];
		}
	}
	return -1;
}

int
fmt_rank(const char *s, size_t len, char *out, size_t n)
{
	/* the longest first; ASCII in any case ("9 Dan", "10K", "9DP") */
	static const struct {
		const char *unit;
		char letter;
	} units[] = {{"dan", 'd'}, {"kyu", 'k'}, {"dp", 'p'}, {"p", 'p'},
		     {"k", 'k'},   {"d", 'd'},	 {"급", 'k'}, {"级", 'k'},
		     {"級", 'k'},  {"단", 'd'},	 {"段", 'd'}, {"프로", 'p'}};
	size_t i = 0, k;
	int num = 0, d;

	fmt_trim(&s, &len);
	if (len >= 3 && !memcmp(s, "P", 1) && isdigit((unsigned char)s[1])) {
		/* Fox writes professional ranks as "P9段" */
		size_t rest = len - 1;
		const char *r = s + 1;
		i = 0;
		while (i < rest && isdigit((unsigned char)r[i]))
			num = num * 10 + (r[i++] - '0');
		if (i < rest && !strncmp(r + i, "段", rest - i) &&
		    rest - i == strlen("段")) {
			snprintf(out, n, "%dp", num);
			return 1;
		}
		num = 0;
		i = 0;
	}
	while (i < len && isdigit((unsigned char)s[i]) && num < 1000)
		num = num * 10 + (s[i++] - '0');
	if (i == 0) {
		while (i < len && (d = cjk_digit(s + i, len - i, &k)) >= 0) {
			num = num == 10 ? 10 + d : num ? num * d : d;
			i += k;
		}
	}
	if (i == 0 || num == 0)
		goto raw;
	while (i < len && s[i] == ' ')
		i++;
	for (size_t u = 0; u < sizeof(units) / sizeof(units[0]); u++) {
		size_t ul = strlen(units[u].unit);
		if (len - i >= ul && !strncasecmp(s + i, units[u].unit, ul)) {
			const char *tail = s + i + ul;
			size_t tl = len - i - ul;
			/* only rating marks may follow: '*', '?' */
			for (size_t t = 0; t < tl; t++)
				if (tail[t] != '*' && tail[t] != '?')
					goto raw;
			snprintf(out, n, "%d%c%.*s", num, units[u].letter,
				 (int)tl, tail);
			return 1;
		}
	}
raw:
	snprintf(out, n, "%.*s", (int)len, s);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Main line for writers                                                */

static int
point_of(const struct sgf_value *v, int size, int *x, int *y)
{
	return sgf_point(v->s, v->len, size, size, x, y);
}

/* Collect the main line's moves (malloc'd array in *moves, caller frees)
 * and the AB points set up before the first move (in the root or a
 * later node), counting AW and AE ones in *naw.  Returns the number of
 * moves or -1 (*why set) for a move that is not a point, setup after
 * the first move... */
static long
main_line(const struct sgf_game *g, int size, struct fmt_move **moves, int *abx,
	  int *aby, int *nab, int maxab, int *naw, const char **why)
{
	const struct sgf_node *n;
	const struct sgf_prop *p;
	long cnt = 0, cap = 0;
	struct fmt_move *m = NULL;

	*nab = 0;
	*naw = 0;
	*moves = NULL;
	if (!g->root) {
		*why = "empty record";
		return -1;
	}
	if (sgf_game_type(g) != 1) {
		*why = SGF_NOT_GO_WHY;
		return -1;
	}
	for (n = g->root; n; n = n->child) {
		/* setup before the first move, in the root or in a node
		 * after it (past a comment): the handicap, if anything */
		for (p = cnt ? NULL : n->props; p; p = p->next) {
			if (p->pid == SGF_P_AW || p->pid == SGF_P_AE)
				*naw += (int)p->nvalues;
			if (p->pid != SGF_P_AB)
				continue;
			for (const struct sgf_value *v = p->values; v;
			     v = v->next) {
				int x, y;
				if (point_of(v, size, &x, &y) != 1 ||
				    *nab >= maxab) {
					*why = "setup stones cannot be written";
					free(m);
					return -1;
				}
				abx[*nab] = x;
				aby[*nab] = y;
				(*nab)++;
			}
		}
		for (p = n->props; p; p = p->next) {
			const struct sgf_value *v = p->values;
			int x, y, r;

			if (cnt && (p->pid == SGF_P_AB || p->pid == SGF_P_AW ||
				    p->pid == SGF_P_AE)) {
				*why = "setup stones after the first move "
				       "cannot be written";
				free(m);
				return -1;
			}
			if (p->pid != SGF_P_B && p->pid != SGF_P_W)
				continue;
			r = point_of(v, size, &x, &y);
			if (r < 0) {
				*why = "malformed move";
				free(m);
				return -1;
			}
			if (r == 0)
				x = y = -1;
			if (cnt == cap) {
				struct fmt_move *nm;
				cap = cap ? cap * 2 : 256;
				nm = realloc(m, (size_t)cap * sizeof(*m));
				if (!nm) {
					free(m);
					*why = "out of memory";
					return -1;
				}
				m = nm;
			}
			m[cnt].colour = p->pid == SGF_P_B ? 'B' : 'W';
			m[cnt].x = x;
			m[cnt].y = y;
			cnt++;
		}
	}
	*moves = m;
	return cnt;
}

/* One "not-kept" note in *notes (may be NULL) when g has variations or
 * comments on its main line, with their numbers, at the first of them;
 * `format` names the format. */
static void
note_left_out(const struct sgf_game *g, const char *format,
	      struct sgf_write_notes *notes)
{
	const struct sgf_node *n;
	unsigned long vars = 0, comments = 0;
	uint32_t off, voff = 0, coff = 0;

	if (!g->root)
		return;
	/* the variations: every node but a first child (sgf_node_next()
	 * walks the tree without recursion) */
	for (n = sgf_node_next(g->root); n; n = sgf_node_next(n))
		if (n != n->parent->child && !vars++)
			voff = n->off;
	for (n = g->root; n; n = n->child) {
		const struct sgf_prop *p = sgf_node_prop(n, SGF_P_C);
		if (p && !comments++)
			coff = p->values->off;
	}
	if (!vars && !comments)
		return;
	/* the first of them in the text (0: not known) */
	off = !voff ? coff : !coff ? voff : voff < coff ? voff : coff;
	char v[40] = "", c[40] = "";
	if (vars)
		snprintf(v, sizeof(v), "%lu variation%s%s", vars,
			 vars == 1 ? "" : "s", comments ? " and " : "");
	if (comments)
		snprintf(c, sizeof(c), "%lu comment%s", comments,
			 comments == 1 ? "" : "s");
	sgf_write_note(notes, off, "not-kept",
		       "%s holds the main line's moves and the game "
		       "information: %s%s left out",
		       format, v, c);
}

uint32_t
fmt_root_off(const struct sgf_game *g, enum sgf_pid pid)
{
	const struct sgf_prop *p = g ? sgf_node_prop(g->root, pid) : NULL;

	return p ? p->values->off : 0;
}

uint32_t
fmt_komi_off(const struct sgf_game *g)
{
	uint32_t off = fmt_root_off(g, SGF_P_KM);

	return off ? off : fmt_root_off(g, SGF_P_KO);
}

long
fmt_handicap_main_line(const struct sgf_game *g, int size, const char *format,
		       struct fmt_move **moves, int *ha, const char **why,
		       struct sgf_write_notes *notes)
{
	int abx[64], aby[64], nab, naw;
	long n = main_line(g, size, moves, abx, aby, &nab, 64, &naw, why);

	if (n < 0)
		return -1;
	if (naw > 0 || (*ha = check_handicap(size, abx, aby, nab)) < 0) {
		free(*moves);
		*moves = NULL;
		*why = "setup stones other than the standard handicap cannot "
		       "be written";
		return -1;
	}
	note_left_out(g, format, notes);
	return n;
}
