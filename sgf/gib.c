/*
 * gib.c - Tygem / eWeiqi GIB records: reader and writer.
 *
 * Layout (FORMATS.md section 1): a header of \[KEY=VALUE\] lines between
 * \HS and \HE, then the game between \GS and \GE: INI gives the
 * handicap, STO a move (colour 1 Black, 2 White, x and y 0-based from
 * the upper left), SKI a pass by the side to move.  Handicap stones are
 * not listed: Tygem places them itself, the third stone upper-left.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fmt_internal.h"
#include "gameinfo.h"

#define GIB_MAX_ITEMS 256

struct gib_item {
	const char *key, *val; /* NUL terminated, in the game's arena */
	size_t klen, vlen;
	unsigned line;
};

struct gib {
	struct sgf_game *g;
	struct gib_item items[GIB_MAX_ITEMS];
	int nitems;
};

static const struct gib_item *
item(const struct gib *r, const char *key)
{
	for (int i = 0; i < r->nitems; i++)
		if (!strcmp(r->items[i].key, key))
			return &r->items[i];
	return NULL;
}

/* Sub-field `name` of a comma list "A:1,B:2" (GAMEINFOMAIN) or of the
 * GAMETAG form "G65,W7" (colon absent: name is a letter prefix).  The
 * value is copied into buf; returns 1 when found. */
static int
subfield(const char *list, const char *name, bool colon, char *buf, size_t n)
{
	size_t nl = strlen(name);
	const char *p = list;

	while (p && *p) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);

		while (len && isspace((unsigned char)*p))
			p++, len--;
		if (len > nl && !memcmp(p, name, nl) &&
		    (!colon || p[nl] == ':')) {
			size_t off = nl + (colon ? 1 : 0);
			snprintf(buf, n, "%.*s", (int)(len - off), p + off);
			return 1;
		}
		p = e ? e + 1 : NULL;
	}
	return 0;
}

static int
to_int(const char *s, long *v)
{
	char *end;

	while (*s == ' ')
		s++;
	if (!*s)
		return -1;
	*v = strtol(s, &end, 10);
	while (*end == ' ')
		end++;
	return *end ? -1 : 0;
}

/* Read "\[KEY=VALUE\]" into an item; without `closed`, the item's "\]"
 * is missing and the value runs to the end of s. */
static int
header_item(struct gib *r, const char *s, size_t len, unsigned line,
	    bool closed)
{
	const char *eq;
	struct gib_item *it;

	if (len < (closed ? 5u : 3u) || memcmp(s, "\\[", 2) ||
	    (closed && memcmp(s + len - 2, "\\]", 2)))
		return fmt_error(r->g, line,
				 "expected '\\[KEY=VALUE\\]' or '\\HE' in the "
				 "GIB header");
	s += 2;
	len -= closed ? 4 : 2;
	eq = memchr(s, '=', len);
	if (!eq)
		return fmt_error(r->g, line,
				 "expected '=' in the GIB header item");
	if (r->nitems == GIB_MAX_ITEMS)
		return fmt_error(r->g, line, "more than %d GIB header items",
				 GIB_MAX_ITEMS);
	it = &r->items[r->nitems++];
	it->klen = (size_t)(eq - s);
	it->key = sgf_game_strdup(r->g, s, it->klen);
	it->vlen = len - it->klen - 1;
	it->val = sgf_game_strdup(r->g, eq + 1, it->vlen);
	it->line = line;
	return it->key && it->val ? 0 : fmt_error(r->g, line, "out of memory");
}

/* "leejw977 (10K)" -> name and rank. */
static void
player(struct gib *r, const char *key, const char *pid, const char *rid)
{
	const struct gib_item *it = item(r, key);
	const char *s, *open;
	size_t len;
	char rank[64];

	if (!it)
		return;
	s = it->val;
	len = it->vlen;
	fmt_trim(&s, &len);
	/* " (9p)" is a rank and no name; "(guest)" a name */
	if (len && s[len - 1] == ')' && (open = memrchr(s, '(', len)) != NULL &&
	    (fmt_rank(open + 1, (size_t)(s + len - 1 - open - 1), rank,
		      sizeof(rank)) ||
	     open > s)) {
		fmt_set_trim(r->g, r->g->root, pid, s, (size_t)(open - s));
		if (rank[0])
			sgf_prop_set(r->g, r->g->root, rid, rank, strlen(rank));
	} else {
		fmt_set_trim(r->g, r->g->root, pid, s, len);
	}
}

static void
set_result(struct gib *r)
{
	const struct gib_item *main = item(r, "GAMEINFOMAIN");
	const struct gib_item *tag = item(r, "GAMETAG");
	const struct gib_item *text = item(r, "GAMERESULT");
	char code[32], zip[32], re[64];
	long c = -1, z = 0;

	if (main && subfield(main->val, "GRLT", true, code, sizeof(code)) &&
	    to_int(code, &c) == 0) {
		if (subfield(main->val, "ZIPSU", true, zip, sizeof(zip)))
			to_int(zip, &z);
	} else if (tag && subfield(tag->val, "W", false, code, sizeof(code)) &&
		   to_int(code, &c) == 0) {
		if (subfield(tag->val, "Z", false, zip, sizeof(zip)))
			to_int(zip, &z);
	} else {
		c = -1;
	}
	switch (c) {
	case 0:
	case 1: {
		char num[32];
		fmt_number((double)z / 10.0, num, sizeof(num));
		snprintf(re, sizeof(re), "%c+%s", c == 0 ? 'B' : 'W', num);
		break;
	}
	case 3:
	case 4:
		snprintf(re, sizeof(re), "%c+R", c == 3 ? 'B' : 'W');
		break;
	case 7:
	case 8:
		snprintf(re, sizeof(re), "%c+T", c == 7 ? 'B' : 'W');
		break;
	default:
		/* 255 = unfinished; other codes are unknown: the text, if
		 * any, is the only source then */
		if (!text || !text->vlen ||
		    fmt_result_text(text->val, re, sizeof(re)) != 0)
			return;
	}
	sgf_prop_set(r->g, r->g->root, "RE", re, strlen(re));
}

static void
set_komi(struct gib *r)
{
	const struct gib_item *main = item(r, "GAMEINFOMAIN");
	const struct gib_item *tag = item(r, "GAMETAG");
	const struct gib_item *gj = item(r, "GAMEGONGJE");
	char buf[32], num[32];
	long v;

	if (main && subfield(main->val, "GONGJE", true, buf, sizeof(buf)) &&
	    to_int(buf, &v) == 0)
		;
	else if (tag && subfield(tag->val, "G", false, buf, sizeof(buf)) &&
		 to_int(buf, &v) == 0)
		;
	else if (gj && to_int(gj->val, &v) == 0)
		;
	else
		return;
	fmt_number((double)v / 10.0, num, sizeof(num));
	sgf_prop_set(r->g, r->g->root, "KM", num, strlen(num));
}

/* "2015- 8-29-22-56-58" or "2012年11月22日 ..." or GAMETAG's
 * "2015:08:29:22:56": the first three numbers are the date. */
static int
date_of(const char *s, char *out, size_t n)
{
	long v[3];
	int k = 0;

	while (*s && k < 3) {
		if (isdigit((unsigned char)*s)) {
			char *end;
			v[k++] = strtol(s, &end, 10);
			s = end;
		} else {
			s++;
		}
	}
	if (k < 3 || v[0] < 1000 || v[0] > 9999 || v[1] < 1 || v[1] > 12 ||
	    v[2] < 1 || v[2] > 31)
		return -1;
	snprintf(out, n, "%04ld-%02ld-%02ld", v[0], v[1], v[2]);
	return 0;
}

static void
set_date(struct gib *r)
{
	const struct gib_item *tag = item(r, "GAMETAG");
	const struct gib_item *sub = item(r, "GAMEINFOSUB");
	const struct gib_item *gd = item(r, "GAMEDATE");
	char buf[64], dt[32];

	if (tag && subfield(tag->val, "C", false, buf, sizeof(buf)) &&
	    date_of(buf, dt, sizeof(dt)) == 0)
		;
	else if (sub && subfield(sub->val, "GDATE", true, buf, sizeof(buf)) &&
		 date_of(buf, dt, sizeof(dt)) == 0)
		;
	else if (gd && date_of(gd->val, dt, sizeof(dt)) == 0)
		;
	else
		return;
	sgf_prop_set(r->g, r->g->root, "DT", dt, strlen(dt));
}

static void
set_time(struct gib *r)
{
	const struct gib_item *main = item(r, "GAMEINFOMAIN");
	char buf[64];
	long t, b, p;

	if (!main || !subfield(main->val, "GTIME", true, buf, sizeof(buf)) ||
	    sscanf(buf, "%ld-%ld-%ld", &t, &b, &p) != 3)
		return;
	if (t <= 0 && b <= 0)
		return; /* no time limit given */
	fmt_set(r->g, r->g->root, "TM", "%ld", t);
	if (b > 0 && p > 0)
		fmt_set(r->g, r->g->root, "OT", "%ldx%ld byo-yomi", p, b);
}

static int
board_size(struct gib *r)
{
	const struct gib_item *main = item(r, "GAMEINFOMAIN");
	char buf[32];
	long v;

	if (main && subfield(main->val, "LINE", true, buf, sizeof(buf)) &&
	    to_int(buf, &v) == 0 && v >= 2 && v <= 52)
		return (int)v;
	return 19;
}

/* Split a game line into at most 8 blank-separated words. */
static int
words(const char *s, size_t len, const char **w, size_t *wl, int max)
{
	int n = 0;
	size_t i = 0;

	while (i < len && n < max) {
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i == len)
			break;
		w[n] = s + i;
		while (i < len && s[i] != ' ' && s[i] != '\t')
			i++;
		wl[n] = (size_t)(s + i - w[n]);
		n++;
	}
	return n;
}

static int
word_int(const char *w, size_t wl, long *v)
{
	long x = 0;

	if (wl == 0 || wl > 9)
		return -1;
	for (size_t i = 0; i < wl; i++) {
		if (!isdigit((unsigned char)w[i]))
			return -1;
		x = x * 10 + (w[i] - '0');
	}
	*v = x;
	return 0;
}

struct sgf_game *
sgf_read_gib(const char *buf, size_t len, const char *file)
{
	struct gib *r = calloc(1, sizeof(*r));
	struct sgf_game *g;
	struct fmt_lines it;
	const char *hint = NULL, *s;
	char *text;
	size_t tlen, l;
	enum { BEFORE, HEADER, BETWEEN, GAME, AFTER } st = BEFORE;
	struct sgf_node *last;
	int size = 19, moves = 0;
	long handicap = 0;
	char next = 'B';

	if (!r)
		return NULL;
	if (memmem(buf, len < 8192 ? len : 8192, "GIBOKIND=China", 14))
		hint = "GB18030";
	else if (memmem(buf, len < 8192 ? len : 8192, "GIBOKIND=Korea", 14))
		hint = "CP949";
	g = fmt_game_new(buf, len, file, hint, &text, &tlen);
	if (!g) {
		free(r);
		return NULL;
	}
	r->g = g;
	if (!g->root) {
		fmt_error(g, 0, "out of memory");
		goto out;
	}
	last = g->root;
	fmt_lines_init(&it, text, tlen);
	while (fmt_lines_next(&it, &s, &l)) {
		const char *w[8];
		size_t wl[8];
		int nw;
		long n, c, x, y;

		if (l > FMT_MAX_LINE) {
			fmt_error(g, it.line, "line longer than %u bytes",
				  FMT_MAX_LINE);
			goto out;
		}
		fmt_trim(&s, &l);
		if (st == AFTER)
			break; /* commentary blocks (\RS ... \RE) are skipped */
		if (l == 0)
			continue;
		switch (st) {
		case BEFORE:
			if (l != 3 || memcmp(s, "\\HS", 3)) {
				fmt_error(g, it.line,
					  "expected '\\HS' (start of a GIB "
					  "header)");
				goto out;
			}
			st = HEADER;
			break;
		case HEADER:
			if (l == 3 && !memcmp(s, "\\HE", 3)) {
				st = BETWEEN;
				size = board_size(r);
				fmt_set(g, g->root, "GM", "1");
				fmt_set(g, g->root, "FF", "4");
				fmt_set(g, g->root, "SZ", "%d", size);
				break;
			}
			/* a value may run over line ends (GAMETIME): join
			 * lines until the closing \], but not the next
			 * item or the header's end: an item whose \] was
			 * left out ends with its own lines, and the items
			 * after it are read */
			if (fmt_prefix(s, l, "\\[") &&
			    (l < 4 || memcmp(s + l - 2, "\\]", 2))) {
				const char *start = s, *end = s + l, *t;
				unsigned first = it.line, lastl = it.line;
				struct fmt_lines back;
				size_t k = 0, tl;
				bool closed = false;
				while (k++ < 8) {
					back = it;
					if (!fmt_lines_next(&it, &t, &tl))
						break;
					fmt_trim(&t, &tl);
					if (fmt_prefix(t, tl, "\\[") ||
					    (tl == 3 &&
					     !memcmp(t, "\\HE", 3))) {
						it = back;
						break;
					}
					end = t + tl;
					lastl = it.line;
					if (tl >= 2 &&
					    !memcmp(t + tl - 2, "\\]", 2)) {
						closed = true;
						break;
					}
				}
				if (!closed)
					fmt_warning(g, first,
						    "GIB header item without "
						    "its closing '\\]': read "
						    "to the end of line %u",
						    lastl);
				if (header_item(r, start, (size_t)(end - start),
						first, closed) < 0)
					goto out;
				break;
			}
			if (header_item(r, s, l, it.line, true) < 0)
				goto out;
			break;
		case BETWEEN:
			if (l != 3 || memcmp(s, "\\GS", 3)) {
				fmt_error(g, it.line,
					  "expected '\\GS' (start of the GIB "
					  "moves)");
				goto out;
			}
			st = GAME;
			break;
		case GAME:
			if (l == 3 && !memcmp(s, "\\GE", 3)) {
				st = AFTER;
				break;
			}
			nw = words(s, l, w, wl, 8);
			if (isdigit((unsigned char)s[0]))
				break; /* "2 1 0", "<N> 0 &4" */
			if (wl[0] == 3 && !memcmp(w[0], "INI", 3)) {
				if (nw < 4 ||
				    word_int(w[3], wl[3], &handicap) ||
				    handicap > 9) {
					fmt_error(g, it.line,
						  "expected 'INI 0 1 "
						  "<handicap>' with a "
						  "handicap of 0 to 9");
					goto out;
				}
				if (handicap >= 2) {
					if (fmt_handicap(g, g->root, size,
							 (int)handicap) < 0) {
						fmt_error(g, it.line,
							  "no handicap "
							  "placement for %ld "
							  "stones on %dx%d",
							  handicap, size, size);
						goto out;
					}
					next = 'W';
				}
			} else if (wl[0] == 3 && !memcmp(w[0], "STO", 3)) {
				if (nw < 6 || word_int(w[2], wl[2], &n) ||
				    word_int(w[3], wl[3], &c) ||
				    word_int(w[4], wl[4], &x) ||
				    word_int(w[5], wl[5], &y) ||
				    (c != 1 && c != 2)) {
					fmt_error(g, it.line,
						  "expected 'STO 0 <move> "
						  "<colour 1|2> <x> <y>'");
					goto out;
				}
				if (x >= size || y >= size) {
					fmt_error(g, it.line,
						  "move %ld at %ld,%ld is off "
						  "the %dx%d board",
						  n, x, y, size, size);
					goto out;
				}
				if (++moves > FMT_MAX_MOVES) {
					fmt_error(g, it.line,
						  "more than %d moves",
						  FMT_MAX_MOVES);
					goto out;
				}
				last = fmt_move(g, last, c == 1 ? 'B' : 'W',
						(int)x, (int)y,
						(uint32_t)(s - text));
				next = c == 1 ? 'W' : 'B';
			} else if (wl[0] == 3 && !memcmp(w[0], "SKI", 3)) {
				if (++moves > FMT_MAX_MOVES) {
					fmt_error(g, it.line,
						  "more than %d moves",
						  FMT_MAX_MOVES);
					goto out;
				}
				last = fmt_move(g, last, next, -1, -1,
						(uint32_t)(s - text));
				next = next == 'B' ? 'W' : 'B';
			} else if (wl[0] == 3 && (!memcmp(w[0], "IDX", 3) ||
						  !memcmp(w[0], "REM", 3) ||
						  !memcmp(w[0], "WIT", 3) ||
						  !memcmp(w[0], "SUR", 3))) {
				fmt_warning(g, it.line,
					    "GIB '%.3s' line ignored", w[0]);
			} else {
				fmt_error(g, it.line,
					  "expected a GIB move line (STO, SKI, "
					  "INI) or '\\GE'");
				goto out;
			}
			if (!last) {
				fmt_error(g, it.line, "out of memory");
				goto out;
			}
			break;
		case AFTER:
			break;
		}
	}
	if (st == BEFORE) {
		fmt_error(g, it.line ? it.line : 1,
			  "expected '\\HS' (start of a GIB header)");
		goto out;
	}
	if (st != AFTER) {
		fmt_error(g, it.line,
			  "expected '%s' before the end of the file",
			  st == HEADER	  ? "\\HE"
			  : st == BETWEEN ? "\\GS"
					  : "\\GE");
		goto out;
	}
	player(r, "GAMEBLACKNAME", "PB", "BR");
	player(r, "GAMEWHITENAME", "PW", "WR");
	set_komi(r);
	set_result(r);
	set_date(r);
	set_time(r);
	{
		const struct gib_item *gn = item(r, "GAMENAME");
		const struct gib_item *pc = item(r, "GAMEPLACE");
		const struct gib_item *gc = item(r, "GAMECOMMENT");
		if (gn)
			fmt_set_trim(g, g->root, "GN", gn->val, gn->vlen);
		if (pc)
			fmt_set_trim(g, g->root, "PC", pc->val, pc->vlen);
		if (gc)
			fmt_set_trim(g, g->root, "GC", gc->val, gc->vlen);
	}
out:
	free(r);
	return g;
}

/* ------------------------------------------------------------------ */
/* Writer                                                               */

static void
put_item(FILE *out, const char *key, const char *val)
{
	fprintf(out, "\\[%s=%s\\]\r\n", key, val ? val : "");
}

/* A header value must not break the line or the \] delimiter. */
static void
clean(const char *s, char *out, size_t n)
{
	size_t k = 0;

	for (; s && *s && k + 1 < n; s++) {
		if (*s == '\n' || *s == '\r')
			out[k++] = ' ';
		else if (*s == '\\' && s[1] == ']')
			out[k++] = ']', s++;
		else
			out[k++] = *s;
	}
	out[k] = 0;
}

/* For GAMEINFOSUB and GAMETAG lists, commas would end the field. */
static void
clean_list(const char *s, char *out, size_t n)
{
	clean(s, out, n);
	for (char *p = out; *p; p++)
		if (*p == ',')
			*p = ' ';
}

/* "name (rank)".  A reader takes what is in the last parentheses for
 * the rank, so a name that ends in some ("Cho (Jr)") gets an empty
 * pair when there is no rank. */
static void
player_item(char *out, size_t n, const char *name, const char *rank)
{
	size_t len = strlen(name);

	if (rank)
		snprintf(out, n, "%s (%s)", name, rank);
	else if (len && name[len - 1] == ')')
		snprintf(out, n, "%s ()", name);
	else
		snprintf(out, n, "%s", name);
}

/* A number GIB keeps in tenths (komi, margin): x * 10 rounded, with a
 * note when that is not x ("KM[6.25]" would read back as 6.3). */
static int
tenths(const struct sgf_game *g, double x, uint32_t off, const char *what,
       struct sgf_write_notes *notes)
{
	int t = (int)(x * 10 + (x < 0 ? -0.5 : 0.5));

	if (fabs(t - x * 10) > 1e-6) {
		char was[32], back[32];
		fmt_number(x, was, sizeof(was));
		fmt_number(t / 10.0, back, sizeof(back));
		sgf_write_note(notes, off, "not-kept",
			       "%s %s: GIB keeps tenths: it reads back as %s",
			       what, was, back);
	}
	return t;
}

int
sgf_write_gib(FILE *out, const struct sgf_game *g, const char **why,
	      struct sgf_write_notes *notes)
{
	struct sgf_gameinfo gi;
	struct fmt_move *mv;
	int ha, grlt = 255, zipsu = 0, gongje;
	long n;
	char pb[256], pw[256], bn[300], wn[300], tmp[1400], gn[256], pc[256];
	char km[16], date[32] = "", dt_sub[32] = "", dt_tag[32] = "";
	char gtime[80], ttag[80];
	const char *res_text = "";
	int y = 0, mo = 0, d = 0;

	sgf_gameinfo(g, &gi);
	if (gi.cols != gi.rows) {
		*why = "GIB has square boards only";
		return -1;
	}
	n = fmt_handicap_main_line(g, gi.cols, "GIB", &mv, &ha, why, notes);
	if (n < 0)
		return -1;
	clean(gi.black, pb, sizeof(pb));
	clean(gi.white, pw, sizeof(pw));
	player_item(bn, sizeof(bn), pb, gi.black_rank);
	player_item(wn, sizeof(wn), pw, gi.white_rank);
	/* komi in tenths, once for the three items that hold it */
	gongje = gi.has_komi
		     ? tenths(g, gi.komi, fmt_komi_off(g), "komi", notes)
		     : 0;
	switch (gi.result.kind) {
	case SGF_RES_SCORE:
		grlt = gi.result.winner == 'B' ? 0 : 1;
		zipsu = tenths(g, gi.result.margin, fmt_root_off(g, SGF_P_RE),
			       "margin", notes);
		res_text =
		    gi.result.winner == 'B' ? "Black wins" : "White wins";
		break;
	case SGF_RES_RESIGN:
		grlt = gi.result.winner == 'B' ? 3 : 4;
		res_text = gi.result.winner == 'B'
			       ? "Black wins by resignation"
			       : "White wins by resignation";
		break;
	case SGF_RES_TIME:
		grlt = gi.result.winner == 'B' ? 7 : 8;
		res_text = gi.result.winner == 'B' ? "Black wins on time"
						   : "White wins on time";
		break;
	case SGF_RES_DRAW:
		res_text = "Draw";
		break;
	case SGF_RES_FORFEIT:
		/* no GRLT code: the text, which the reader reads */
		res_text = gi.result.winner == 'B' ? "Black wins by forfeit"
						   : "White wins by forfeit";
		break;
	case SGF_RES_WIN:
		res_text =
		    gi.result.winner == 'B' ? "Black wins" : "White wins";
		break;
	case SGF_RES_NONE:
		break;
	default: /* Void, ?, text we cannot read */
		sgf_write_note(notes, fmt_root_off(g, SGF_P_RE), "not-kept",
			       "RE[%.40s]: GIB has no void or unknown result: "
			       "left out",
			       gi.result_raw);
		break;
	}

	if (gi.date && sscanf(gi.date, "%d-%d-%d", &y, &mo, &d) == 3) {
		snprintf(date, sizeof(date), "%4d-%2d-%2d-00-00-00", y, mo, d);
		snprintf(dt_sub, sizeof(dt_sub), "%04d-%02d-%02d-00-00-00", y,
			 mo, d);
		snprintf(dt_tag, sizeof(dt_tag), "C%04d:%02d:%02d:00:00", y, mo,
			 d);
	}
	{
		/* TM[1200] OT[3x30 byo-yomi] -> GTIME:1200-30-3 */
		const char *tm = sgf_root_value(g, SGF_P_TM);
		const char *ot = sgf_root_value(g, SGF_P_OT);
		long t = 0, periods = 0, byo = 0;
		if (tm)
			t = strtol(tm, NULL, 10);
		if (ot && sscanf(ot, "%ldx%ld", &periods, &byo) != 2)
			periods = byo = 0;
		snprintf(gtime, sizeof(gtime), "%ld-%ld-%ld", t, byo, periods);
		snprintf(ttag, sizeof(ttag), "T%ld-%ld-%ld", byo, periods, t);
	}
	fmt_number(gi.has_komi ? gi.komi : 0, km, sizeof(km));
	/* the items keep commas; GAMEINFOSUB's list below cannot */
	clean(gi.game_name, gn, sizeof(gn));
	clean(gi.place, pc, sizeof(pc));

	fputs("\\HS\r\n", out);
	put_item(out, "GIBOKIND", "Global");
	put_item(out, "TYPE", "0");
	put_item(out, "SZAUDIO", "0");
	if (ha)
		snprintf(tmp, sizeof(tmp), "%d Handicap", ha);
	else
		snprintf(tmp, sizeof(tmp), "Even : Black gives %s", km);
	put_item(out, "GAMECONDITION", tmp);
	put_item(out, "GAMETIME", "");
	put_item(out, "GAMERESULT", res_text);
	snprintf(tmp, sizeof(tmp), "%d", zipsu);
	put_item(out, "GAMEZIPSU", tmp);
	put_item(out, "GAMEDUM", "0");
	snprintf(tmp, sizeof(tmp), "%d", gongje);
	put_item(out, "GAMEGONGJE", tmp);
	snprintf(tmp, sizeof(tmp), "%ld", n);
	put_item(out, "GAMETOTALNUM", tmp);
	put_item(out, "GAMENAME", gn);
	put_item(out, "GAMEDATE", date);
	put_item(out, "GAMEPLACE", pc);
	put_item(out, "GAMELECNAME", "");
	put_item(out, "GAMEWHITENAME", wn);
	put_item(out, "GAMEWHITENICK", pw);
	put_item(out, "GAMEBLACKNAME", bn);
	put_item(out, "GAMEBLACKNICK", pb);
	{
		char gc[1024];
		clean(sgf_root_value(g, SGF_P_GC), gc, sizeof(gc));
		put_item(out, "GAMECOMMENT", gc);
	}
	snprintf(tmp, sizeof(tmp),
		 "GBKIND:0,GTYPE:0,GCDT:0,GTIME:%s,GRLT:%d,ZIPSU:%d,"
		 "DUM:0,GONGJE:%d,TCNT:%ld,LINE:%d,AUSZ:0",
		 gtime, grlt, zipsu, gongje, n, gi.cols);
	put_item(out, "GAMEINFOMAIN", tmp);
	{
		char gnl[256], pcl[256];
		clean_list(gi.game_name, gnl, sizeof(gnl));
		clean_list(gi.place, pcl, sizeof(pcl));
		snprintf(tmp, sizeof(tmp),
			 "GNAMEF:0,GPLCF:0,GNAME:%s,GDATE:%s,GPLC:%s,GCMT:",
			 gnl, dt_sub, pcl);
		put_item(out, "GAMEINFOSUB", tmp);
	}
	{
		char pbl[256], pwl[256];
		clean_list(gi.black, pbl, sizeof(pbl));
		clean_list(gi.white, pwl, sizeof(pwl));
		snprintf(tmp, sizeof(tmp),
			 "S0,R0,D0,G%d,W%d,Z%d,%s,%s,I:%s,L:0,M:%s,N:0,"
			 "A:%s,B:%s,J:0,K:0",
			 gongje, grlt, zipsu, ttag, dt_tag, pwl, pbl, pwl, pbl);
	}
	put_item(out, "GAMETAG", tmp);
	fputs("\\HE\r\n\\GS\r\n2 1 0\r\n", out);
	fprintf(out, "%ld 0 &4\r\n", n + 1);
	fprintf(out, "INI 0 1 %d &4 \r\n", ha);
	for (long i = 0; i < n; i++) {
		if (mv[i].x < 0)
			fprintf(out, "SKI 0 %ld \r\n", i + 2);
		else
			fprintf(out, "STO 0 %ld %d %d %d \r\n", i + 2,
				mv[i].colour == 'B' ? 1 : 2, mv[i].x, mv[i].y);
	}
	fputs("\\GE\r\n", out);
	free(mv);
	if (ferror(out)) {
		*why = "write error";
		return -1;
	}
	return 0;
}
