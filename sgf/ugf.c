/*
 * ugf.c - PandaNet UGF / UGI records (reader).
 *
 * Layout (FORMATS.md section 3): sections "[Name]" of lines; [Header]
 * holds Key=Value items, [Data] one move per line "XY,C#,n,t" (column
 * and row letters from 'A', rows from the bottom when
 * CoordinateType=IGS; move number 0 = setup stone; first letter Y or Z
 * = pass), [Figure] ".Text,<move>" comments and [ReviewComment]
 * ".Comment,<node>" comments (node 1 is the root, node n+1 move n).
 * Review variations ([ReviewNode] VARIATION blocks) are not read: the
 * main line is the [Data] section.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fmt_internal.h"
#include "internal.h"

struct ugf {
	struct sgf_game *g;
	int size;
	bool igs;
	struct sgf_node **nodes; /* nodes[k] = node after move k */
	size_t nnodes, cap;
	/* comment being collected */
	struct sgf_node *cnode;
	char *ctext;
	size_t clen, ccap;
	uint32_t off; /* of the line being read, in the text */
};

static int
push_node(struct ugf *u, struct sgf_node *n)
{
	if (u->nnodes == u->cap) {
		size_t nc = u->cap ? u->cap * 2 : 512;
		struct sgf_node **nn = realloc(u->nodes, nc * sizeof(*nn));
		if (!nn)
			return -1;
		u->nodes = nn;
		u->cap = nc;
	}
	u->nodes[u->nnodes++] = n;
	return 0;
}

static void
flush_comment(struct ugf *u)
{
	if (u->cnode && u->clen) {
		const struct sgf_prop *old = sgf_node_prop(u->cnode, SGF_P_C);
		/* two blocks for one node: keep both */
		if (old) {
			size_t ol = old->values->len;
			char *t = malloc(ol + 1 + u->clen);
			if (t) {
				memcpy(t, old->values->s, ol);
				t[ol] = '\n';
				memcpy(t + ol + 1, u->ctext, u->clen);
				sgf_prop_set(u->g, u->cnode, "C", t,
					     ol + 1 + u->clen);
				free(t);
			}
		} else {
			sgf_prop_set(u->g, u->cnode, "C", u->ctext, u->clen);
		}
	}
	u->cnode = NULL;
	u->clen = 0;
}

static int
add_comment_line(struct ugf *u, const char *s, size_t l)
{
	if (!u->cnode)
		return 0;
	if (u->clen + l + 2 > u->ccap) {
		size_t nc = (u->clen + l + 2) * 2;
		char *t;
		if (nc > (64u << 20))
			return -1;
		t = realloc(u->ctext, nc);
		if (!t)
			return -1;
		u->ctext = t;
		u->ccap = nc;
	}
	if (u->clen)
		u->ctext[u->clen++] = '\n';
	memcpy(u->ctext + u->clen, s, l);
	u->clen += l;
	return 0;
}

static void
split2(const char *s, size_t l, const char **a, size_t *al, const char **b,
       size_t *bl)
{
	const char *c = memchr(s, ',', l);

	*a = s;
	*al = c ? (size_t)(c - s) : l;
	*b = c ? c + 1 : s + l;
	*bl = c ? (size_t)(s + l - c - 1) : 0;
}

static void
player(struct ugf *u, const char *v, size_t l, const char *pid, const char *rid)
{
	const char *name, *rest, *rank, *tail;
	size_t nl, rl, kl, tl;
	char r[64];

	split2(v, l, &name, &nl, &rest, &rl);
	split2(rest, rl, &rank, &kl, &tail, &tl);
	fmt_set_trim(u->g, u->g->root, pid, name, nl);
	fmt_trim(&rank, &kl);
	if (kl) {
		fmt_rank(rank, kl, r, sizeof(r));
		sgf_prop_set(u->g, u->g->root, rid, r, strlen(r));
	}
}

static void
winner(struct ugf *u, const char *v, size_t l)
{
	const char *w, *m;
	size_t wl, ml;
	char re[64];

	split2(v, l, &w, &wl, &m, &ml);
	fmt_trim(&w, &wl);
	fmt_trim(&m, &ml);
	if (wl == 0)
		return;
	switch (w[0]) {
	case 'B':
	case 'W':
		if (ml == 0)
			snprintf(re, sizeof(re), "%c+", w[0]);
		else if (m[0] == 'C')
			snprintf(re, sizeof(re), "%c+R", w[0]);
		else if (m[0] == 'F')
			snprintf(re, sizeof(re), "%c+F", w[0]);
		else if (m[0] == 'T')
			snprintf(re, sizeof(re), "%c+T", w[0]);
		else {
			char num[32], buf[32];
			double margin;
			snprintf(buf, sizeof(buf), "%.*s",
				 (int)(ml < 31 ? ml : 31), m);
			if (sgf_real(buf, &margin) < 0 || margin < 0) {
				snprintf(re, sizeof(re), "%c+", w[0]);
			} else {
				fmt_number(margin, num, sizeof(num));
				snprintf(re, sizeof(re), "%c+%s", w[0], num);
			}
		}
		break;
	case 'D':
		snprintf(re, sizeof(re), "0");
		break;
	case 'N':
	case 'O':
		snprintf(re, sizeof(re), "Void");
		break;
	case 'E':
		snprintf(re, sizeof(re), "?");
		break;
	default: /* A unfinished, P playing */
		return;
	}
	sgf_prop_set(u->g, u->g->root, "RE", re, strlen(re));
}

/* "2019/03/08,22:09:00,2019/03/09,07:16:59" -> "2019-03-08,09" */
static void
date(struct ugf *u, const char *v, size_t l)
{
	char buf[128];
	int y1, m1, d1, y2, m2, d2, k;
	char dt[64];

	snprintf(buf, sizeof(buf), "%.*s", (int)(l < 127 ? l : 127), v);
	k = sscanf(buf, "%d/%d/%d,%*[^,],%d/%d/%d", &y1, &m1, &d1, &y2, &m2,
		   &d2);
	if (k < 3 || y1 < 1000 || m1 < 1 || m1 > 12 || d1 < 1 || d1 > 31)
		return;
	snprintf(dt, sizeof(dt), "%04d-%02d-%02d", y1, m1, d1);
	if (k == 6 && !(y1 == y2 && m1 == m2 && d1 == d2) && y2 >= 1000 &&
	    m2 >= 1 && m2 <= 12 && d2 >= 1 && d2 <= 31) {
		size_t n = strlen(dt);
		if (y2 != y1)
			snprintf(dt + n, sizeof(dt) - n, ",%04d-%02d-%02d", y2,
				 m2, d2);
		else if (m2 != m1)
			snprintf(dt + n, sizeof(dt) - n, ",%02d-%02d", m2, d2);
		else
			snprintf(dt + n, sizeof(dt) - n, ",%02d", d2);
	}
	sgf_prop_set(u->g, u->g->root, "DT", dt, strlen(dt));
}

static int
header(struct ugf *u, const char *s, size_t l, unsigned line, long *handicap)
{
	const char *eq = memchr(s, '=', l), *v;
	size_t kl, vl;
	struct sgf_game *g = u->g;

	if (!eq)
		return 0; /* free text in the header is tolerated */
	kl = (size_t)(eq - s);
	v = eq + 1;
	vl = l - kl - 1;
#define KEY(k) (kl == strlen(k) && !memcmp(s, k, kl))
	if (KEY("Title")) {
		fmt_set_trim(g, g->root, "GN", v, vl);
	} else if (KEY("Place")) {
		fmt_set_trim(g, g->root, "PC", v, vl);
	} else if (KEY("Date")) {
		date(u, v, vl);
	} else if (KEY("Rule")) {
		fmt_trim(&v, &vl);
		if (vl == 3 && !memcmp(v, "JPN", 3))
			fmt_set(g, g->root, "RU", "Japanese");
		else if (vl >= 2 && !memcmp(v, "CH", 2))
			fmt_set(g, g->root, "RU", "Chinese");
		else
			fmt_set_trim(g, g->root, "RU", v, vl);
	} else if (KEY("Size")) {
		char b[16];
		long n;
		char *end;
		snprintf(b, sizeof(b), "%.*s", (int)(vl < 15 ? vl : 15), v);
		n = strtol(b, &end, 10);
		if (end == b || *end || n < 2 || n > 52)
			return fmt_error(g, line,
					 "expected 'Size=' with a board size "
					 "of 2 to 52");
		u->size = (int)n;
		fmt_set(g, g->root, "SZ", "%ld", n);
	} else if (KEY("Hdcp")) {
		const char *h, *k;
		size_t hl, kkl;
		char b[32], num[32];
		char *end;
		split2(v, vl, &h, &hl, &k, &kkl);
		snprintf(b, sizeof(b), "%.*s", (int)(hl < 31 ? hl : 31), h);
		*handicap = strtol(b, &end, 10);
		if (end == b || *handicap < 0 || *handicap > 9)
			return fmt_error(g, line,
					 "expected 'Hdcp=<handicap>,<komi>' "
					 "with a handicap of 0 to 9");
		fmt_trim(&k, &kkl);
		if (kkl) {
			double km;
			snprintf(b, sizeof(b), "%.*s",
				 (int)(kkl < 31 ? kkl : 31), k);
			if (sgf_real(b, &km) < 0)
				return fmt_error(g, line,
						 "expected a number as komi "
						 "in 'Hdcp='");
			fmt_number(km, num, sizeof(num));
			sgf_prop_set(g, g->root, "KM", num, strlen(num));
		}
		if (*handicap >= 2)
			fmt_set(g, g->root, "HA", "%ld", *handicap);
	} else if (KEY("Winner")) {
		winner(u, v, vl);
	} else if (KEY("PlayerB")) {
		player(u, v, vl, "PB", "BR");
	} else if (KEY("PlayerW")) {
		player(u, v, vl, "PW", "WR");
	} else if (KEY("Copyright")) {
		fmt_set_trim(g, g->root, "CP", v, vl);
	} else if (KEY("Writer")) {
		fmt_set_trim(g, g->root, "US", v, vl);
	} else if (KEY("Commentator")) {
		fmt_set_trim(g, g->root, "AN", v, vl);
	} else if (KEY("Comment")) {
		fmt_set_trim(g, g->root, "GC", v, vl);
	} else if (KEY("CoordinateType")) {
		fmt_trim(&v, &vl);
		u->igs = vl == 3 && !memcmp(v, "IGS", 3);
	}
#undef KEY
	return 0;
}

static int
data_line(struct ugf *u, const char *s, size_t l, unsigned line,
	  struct sgf_node **last)
{
	const char *f[4];
	size_t fl[4];
	int nf = 0, x, y;
	long num;
	char colour, b[16], *end;
	const char *p = s, *e = s + l;

	while (nf < 4 && p <= e) {
		const char *c = memchr(p, ',', (size_t)(e - p));
		f[nf] = p;
		fl[nf] = c ? (size_t)(c - p) : (size_t)(e - p);
		nf++;
		if (!c)
			break;
		p = c + 1;
	}
	if (nf < 3 || fl[0] != 2 || fl[1] < 1 ||
	    (f[1][0] != 'B' && f[1][0] != 'W'))
		return fmt_error(u->g, line,
				 "expected a move 'XY,<B|W><n>,<move>,<time>'");
	colour = f[1][0];
	snprintf(b, sizeof(b), "%.*s", (int)(fl[2] < 15 ? fl[2] : 15), f[2]);
	num = strtol(b, &end, 10);
	if (end == b || *end || num < 0)
		return fmt_error(
		    u->g, line, "expected a move number in 'XY,%c1,<move>,...'",
		    colour);
	x = f[0][0] - 'A';
	y = f[0][1] - 'A';
	if (f[0][0] == 'Y' || f[0][0] == 'Z') {
		if (u->size <= 24 || x >= u->size || y >= u->size)
			x = y = -1; /* pass */
	}
	if (x != -1) {
		if (x < 0 || x >= u->size || y < 0 || y >= u->size)
			return fmt_error(u->g, line,
					 "move '%.2s' is off the %dx%d board",
					 f[0], u->size, u->size);
		if (u->igs)
			y = u->size - 1 - y;
	}
	if (num == 0) {
		/* setup stone */
		char pt[2] = {sgf_coord_letter(x), sgf_coord_letter(y)};
		struct sgf_prop *pr;
		const char *id = colour == 'B' ? "AB" : "AW";
		if (x < 0)
			return fmt_error(u->g, line,
					 "a setup stone cannot be a pass");
		pr = (struct sgf_prop *)sgf_node_prop_id(u->g->root, id);
		if (pr)
			sgf_prop_add_value(u->g, pr, pt, 2);
		else
			sgf_prop_add(u->g, u->g->root, id, pt, 2);
		return 0;
	}
	if (u->nnodes > FMT_MAX_MOVES)
		return fmt_error(u->g, line, "more than %d moves",
				 FMT_MAX_MOVES);
	*last = fmt_move(u->g, *last, colour, x, y, u->off);
	if (!*last || push_node(u, *last))
		return fmt_error(u->g, line, "out of memory");
	return 0;
}

/* ".Text,12" or ".Comment,13": node of that number, or NULL. */
static struct sgf_node *
comment_target(struct ugf *u, const char *s, size_t l, size_t skip, int base)
{
	char b[16], *end;
	long n;

	if (l <= skip)
		return NULL;
	snprintf(b, sizeof(b), "%.*s", (int)(l - skip < 15 ? l - skip : 15),
		 s + skip);
	n = strtol(b, &end, 10) - base;
	if (end == b || n < 0 || (size_t)n >= u->nnodes)
		return NULL;
	return u->nodes[n];
}

struct sgf_game *
sgf_read_ugf(const char *buf, size_t len, const char *file)
{
	struct ugf u;
	struct sgf_game *g;
	struct fmt_lines it;
	const char *hint = NULL, *s;
	char *text;
	size_t tlen, l;
	enum { NONE, HEADER, DATA, FIGURE, REVIEWCOMMENT, OTHER } sec = NONE;
	bool seen_header = false, setup_done = false;
	long handicap = 0;
	struct sgf_node *last;

	memset(&u, 0, sizeof(u));
	u.size = 19;
	if (memmem(buf, len < 8192 ? len : 8192, "Lang=SJIS", 9) ||
	    memmem(buf, len < 8192 ? len : 8192, "Lang=JPN", 8))
		hint = "CP932";
	g = fmt_game_new(buf, len, file, hint, &text, &tlen);
	if (!g)
		return NULL;
	u.g = g;
	if (!g->root) {
		fmt_error(g, 0, "out of memory");
		return g;
	}
	fmt_set(g, g->root, "GM", "1");
	fmt_set(g, g->root, "FF", "4");
	fmt_set(g, g->root, "SZ", "19");
	last = g->root;
	if (push_node(&u, g->root)) {
		fmt_error(g, 0, "out of memory");
		return g;
	}
	fmt_lines_init(&it, text, tlen);
	while (fmt_lines_next(&it, &s, &l)) {
		const char *t = s;
		size_t tl = l;

		u.off = (uint32_t)(s - text);
		if (l > FMT_MAX_LINE) {
			fmt_error(g, it.line, "line longer than %u bytes",
				  FMT_MAX_LINE);
			goto out;
		}
		fmt_trim(&t, &tl);
		if (tl >= 2 && t[0] == '[' && t[tl - 1] == ']') {
			flush_comment(&u);
#define SEC(n) (tl == strlen(n) && !strncasecmp(t, n, tl))
			if (SEC("[Header]"))
				sec = HEADER, seen_header = true;
			else if (SEC("[Data]"))
				sec = DATA;
			else if (SEC("[Figure]"))
				sec = FIGURE;
			else if (SEC("[ReviewComment]"))
				sec = REVIEWCOMMENT;
			else
				sec = OTHER;
#undef SEC
			if (!seen_header) {
				fmt_error(g, it.line,
					  "expected '[Header]' before other "
					  "UGF sections");
				goto out;
			}
			continue;
		}
		if (sec == NONE) {
			if (tl == 0 || t[0] == '#')
				continue;
			fmt_error(g, it.line,
				  "expected '[Header]' (start of a UGF file)");
			goto out;
		}
		switch (sec) {
		case HEADER:
			if (tl && header(&u, t, tl, it.line, &handicap) < 0)
				goto out;
			break;
		case DATA:
			if (tl && data_line(&u, t, tl, it.line, &last) < 0)
				goto out;
			break;
		case FIGURE:
			if (fmt_prefix(t, tl, ".Text,")) {
				flush_comment(&u);
				u.cnode = comment_target(&u, t, tl, 6, 0);
			} else if (fmt_prefix(t, tl, ".EndText")) {
				flush_comment(&u);
			} else if (u.cnode && add_comment_line(&u, t, tl)) {
				fmt_error(g, it.line, "comment too long");
				goto out;
			}
			break;
		case REVIEWCOMMENT:
			if (fmt_prefix(t, tl, ".Comment,")) {
				flush_comment(&u);
				u.cnode = comment_target(&u, t, tl, 9, 1);
			} else if (u.cnode && add_comment_line(&u, t, tl)) {
				fmt_error(g, it.line, "comment too long");
				goto out;
			}
			break;
		default:
			break;
		}
	}
	flush_comment(&u);
	if (!seen_header) {
		fmt_error(g, it.line ? it.line : 1,
			  "expected '[Header]' (start of a UGF file)");
		goto out;
	}
	setup_done = sgf_node_prop(g->root, SGF_P_AB) != NULL;
	if (handicap >= 2 && !setup_done) {
		if (fmt_handicap(g, g->root, u.size, (int)handicap) < 0) {
			fmt_error(g, 0, "no handicap placement for %ld stones",
				  handicap);
			goto out;
		}
	} else if (handicap >= 2) {
		fmt_set(g, g->root, "PL", "W");
	}
out:
	free(u.nodes);
	free(u.ctext);
	return g;
}
