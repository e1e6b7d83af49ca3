/*
 * ngf.c - WBaduk / Cyberoro NGF records: reader and writer.
 *
 * Layout (FORMATS.md section 2): 12 header lines (title, size, White
 * "name rank", Black, site, handicap, unknown, komi, date, minutes,
 * result text, move count), then one "PM<counter><B|W><x><y><y><x>"
 * line per move with letters 'B' = first line ('A' = pass).  Komi gets
 * .5 added in even games.  A variant writes "GI"-prefixed header lines
 * in another order; it is read by pattern.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fmt_internal.h"
#include "internal.h"
#include "gameinfo.h"

#define NGF_HEADER 12

struct slice {
	const char *s;
	size_t len;
	unsigned line;
};

static int
slice_int(const struct slice *v, long *out)
{
	const char *s = v->s;
	size_t len = v->len;
	long x = 0;
	int neg = 0;

	fmt_trim(&s, &len);
	if (len && *s == '-')
		neg = 1, s++, len--;
	if (len == 0 || len > 9)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		x = x * 10 + (s[i] - '0');
	}
	*out = neg ? -x : x;
	return 0;
}

/* "LQC         9DP" -> PW[LQC] WR[9p].  The last word is the rank when
 * it reads as one or stands after padding (the name field is eleven
 * wide); otherwise it is part of the name: "Lee Sedol" is a name, as a
 * writer that knows no rank leaves it. */
static void
ngf_player(struct sgf_game *g, const struct slice *v, const char *pid,
	   const char *rid)
{
	const char *s = v->s, *sp;
	size_t len = v->len;
	char rank[64];

	/* no name, only a rank after the padding */
	if (len && s[0] == ' ') {
		const char *t = s;
		size_t tl = len;
		fmt_trim(&t, &tl);
		if (tl && !memchr(t, ' ', tl) &&
		    fmt_rank(t, tl, rank, sizeof(rank))) {
			sgf_prop_set(g, g->root, rid, rank, strlen(rank));
			return;
		}
	}
	fmt_trim(&s, &len);
	sp = len ? memrchr(s, ' ', len) : NULL;
	if (sp && sp > s) {
		size_t rl = (size_t)(s + len - sp - 1);
		int padded = sp[-1] == ' ';

		if (fmt_rank(sp + 1, rl, rank, sizeof(rank)) || padded) {
			fmt_set_trim(g, g->root, pid, s, (size_t)(sp - s));
			if (rank[0])
				sgf_prop_set(g, g->root, rid, rank,
					     strlen(rank));
			return;
		}
	}
	fmt_set_trim(g, g->root, pid, s, len);
}

/* "20170316 [09:37]" or "2006-9-5" -> DT. */
static int
ngf_date(struct sgf_game *g, const struct slice *v)
{
	const char *s = v->s;
	size_t len = v->len;
	int y, m, d;
	char buf[64];

	fmt_trim(&s, &len);
	snprintf(buf, sizeof(buf), "%.*s", (int)(len < 63 ? len : 63), s);
	if (len >= 8 && isdigit((unsigned char)buf[0]) &&
	    sscanf(buf, "%4d%2d%2d", &y, &m, &d) == 3 &&
	    !isdigit((unsigned char)buf[8]) && buf[4] != '-')
		;
	else if (sscanf(buf, "%d-%d-%d", &y, &m, &d) == 3)
		;
	else
		return -1;
	if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1 || d > 31)
		return -1;
	fmt_set(g, g->root, "DT", "%04d-%02d-%02d", y, m, d);
	return 0;
}

static void
ngf_result(struct sgf_game *g, const char *s, size_t len)
{
	char buf[512], re[64];

	snprintf(buf, sizeof(buf), "%.*s", (int)(len < 511 ? len : 511), s);
	if (fmt_result_text(buf, re, sizeof(re)) == 0)
		sgf_prop_set(g, g->root, "RE", re, strlen(re));
}

static void
ngf_komi(struct sgf_game *g, long handicap, double komi)
{
	char num[32];

	/* NGF stores komi without the half point in even games; "-0" is
	 * -0.5 */
	if (handicap == 0 && komi == floor(komi))
		komi += signbit(komi) ? -0.5 : 0.5;
	fmt_number(komi, num, sizeof(num));
	sgf_prop_set(g, g->root, "KM", num, strlen(num));
}

static int
ngf_coord(char c, int size)
{
	int v = c - 'B';

	return v >= 0 && v < size ? v : -2;
}

struct sgf_game *
sgf_read_ngf(const char *buf, size_t len, const char *file)
{
	struct sgf_game *g;
	struct fmt_lines it;
	struct slice head[NGF_HEADER];
	struct slice gi[32];
	int nhead = 0, ngi = 0, size = 19, moves = 0;
	long handicap = 0, v;
	double komi = 0;
	bool gi_form = false, in_moves = false;
	const char *s;
	char *text;
	size_t tlen, l;
	struct sgf_node *last;

	g = fmt_game_new(buf, len, file, NULL, &text, &tlen);
	if (!g)
		return NULL;
	if (!g->root) {
		fmt_error(g, 0, "out of memory");
		return g;
	}
	fmt_lines_init(&it, text, tlen);
	/* pass 1: header */
	while (!in_moves && fmt_lines_next(&it, &s, &l)) {
		if (l > FMT_MAX_LINE) {
			fmt_error(g, it.line, "line longer than %u bytes",
				  FMT_MAX_LINE);
			return g;
		}
		if (it.line == 1 && fmt_prefix(s, l, "GI"))
			gi_form = true;
		if (gi_form) {
			if (fmt_prefix(s, l, "PM")) {
				in_moves = true;
				break;
			}
			if (!fmt_prefix(s, l, "GI")) {
				fmt_error(g, it.line,
					  "expected a 'GI' header line or "
					  "the first 'PM' move");
				return g;
			}
			if (ngi < 32)
				gi[ngi++] =
				    (struct slice){s + 2, l - 2, it.line};
			continue;
		}
		head[nhead++] = (struct slice){s, l, it.line};
		if (nhead == NGF_HEADER)
			break;
	}
	fmt_set(g, g->root, "GM", "1");
	fmt_set(g, g->root, "FF", "4");
	if (!gi_form) {
		if (nhead < NGF_HEADER) {
			fmt_error(g, it.line ? it.line : 1,
				  "expected %d NGF header lines, the file "
				  "ends after %d",
				  NGF_HEADER, nhead);
			return g;
		}
		if (slice_int(&head[1], &v) || v < 2 || v > 52) {
			fmt_error(g, 2,
				  "expected the board size (2 to 52) "
				  "on line 2 of the NGF header");
			return g;
		}
		size = (int)v;
		if (slice_int(&head[5], &handicap) || handicap < 0 ||
		    handicap > 9) {
			fmt_error(g, 6,
				  "expected the handicap (0 to 9) on "
				  "line 6 of the NGF header");
			return g;
		}
		{
			char kb[32];
			const char *ks = head[7].s;
			size_t kl = head[7].len;
			fmt_trim(&ks, &kl);
			snprintf(kb, sizeof(kb), "%.*s",
				 (int)(kl < 31 ? kl : 31), ks);
			if (kl == 0 || sgf_real(kb, &komi) < 0) {
				fmt_error(g, 8,
					  "expected the komi on line 8 "
					  "of the NGF header");
				return g;
			}
		}
		fmt_set(g, g->root, "SZ", "%d", size);
		fmt_set_trim(g, g->root, "GN", head[0].s, head[0].len);
		ngf_player(g, &head[3], "PB", "BR");
		ngf_player(g, &head[2], "PW", "WR");
		fmt_set_trim(g, g->root, "PC", head[4].s, head[4].len);
		ngf_komi(g, handicap, komi);
		ngf_date(g, &head[8]);
		ngf_result(g, head[10].s, head[10].len);
	} else {
		/* GI form: event, player 1 (White), player 2 (Black), then
		 * by pattern: a date, and after it size, handicap, unknown,
		 * komi, moves (the order of the 12-line form). */
		int date_at = -1, k = 0;
		long nums[8];
		if (ngi < 3) {
			fmt_error(g, it.line,
				  "expected at least 3 'GI' header lines");
			return g;
		}
		for (int i = 3; i < ngi; i++) {
			if (date_at < 0 && memchr(gi[i].s, '-', gi[i].len) &&
			    ngf_date(g, &gi[i]) == 0) {
				date_at = i;
				continue;
			}
			if (date_at >= 0 && k < 8 && slice_int(&gi[i], &v) == 0)
				nums[k++] = v;
		}
		if (k >= 1) {
			if (nums[0] < 2 || nums[0] > 52) {
				fmt_error(g, gi[date_at + 1].line,
					  "expected the board size (2 to 52)");
				return g;
			}
			size = (int)nums[0];
		}
		if (k >= 2)
			handicap = nums[1];
		if (handicap < 0 || handicap > 9) {
			fmt_error(g, gi[date_at + 2].line,
				  "expected the handicap (0 to 9)");
			return g;
		}
		if (k >= 4)
			komi = (double)nums[3];
		fmt_set(g, g->root, "SZ", "%d", size);
		fmt_set_trim(g, g->root, "EV", gi[0].s, gi[0].len);
		ngf_player(g, &gi[2], "PB", "BR");
		ngf_player(g, &gi[1], "PW", "WR");
		if (k >= 4)
			ngf_komi(g, handicap, komi);
	}
	if (handicap >= 2 && fmt_handicap(g, g->root, size, (int)handicap)) {
		fmt_error(g, gi_form ? 1 : 6,
			  "no handicap placement for %ld stones on %dx%d",
			  handicap, size, size);
		return g;
	}
	last = g->root;
	/* moves; in the GI form the current line is the first move */
	for (int first = in_moves; first || fmt_lines_next(&it, &s, &l);
	     first = 0) {
		int x, y;
		char c;

		fmt_trim(&s, &l);
		if (l == 0)
			continue;
		if (fmt_prefix(s, l, "IDB[") || fmt_prefix(s, l, "GI")) {
			/* GI-form trailer: "IDB[211] result[EndTxt]" */
			const char *rb = memchr(s, ']', l);
			if (rb && fmt_prefix(s, l, "IDB[")) {
				size_t rl = (size_t)(s + l - rb - 1);
				const char *e =
				    memmem(rb + 1, rl, "[EndTxt]", 8);
				if (e)
					rl = (size_t)(e - rb - 1);
				ngf_result(g, rb + 1, rl);
			}
			continue;
		}
		if (!fmt_prefix(s, l, "PM") || l < 9 ||
		    (s[4] != 'B' && s[4] != 'W')) {
			fmt_error(g, it.line,
				  "expected a move 'PM<nn><B|W><xyyx>'");
			return g;
		}
		c = s[4];
		if (!memcmp(s + 5, "AAAA", 4)) {
			x = y = -1;
		} else {
			x = ngf_coord(s[5], size);
			y = ngf_coord(s[6], size);
			if (x < 0 || y < 0 || s[7] != s[6] || s[8] != s[5]) {
				fmt_error(g, it.line,
					  "expected a move 'PM<nn><B|W><xyyx>' "
					  "with letters B to %c",
					  'B' + size - 1);
				return g;
			}
		}
		if (++moves > FMT_MAX_MOVES) {
			fmt_error(g, it.line, "more than %d moves",
				  FMT_MAX_MOVES);
			return g;
		}
		last = fmt_move(g, last, c, x, y, (uint32_t)(s - text));
		if (!last) {
			fmt_error(g, it.line, "out of memory");
			return g;
		}
	}
	return g;
}

/* ------------------------------------------------------------------ */
/* Writer                                                               */

static void
ngf_rank(const char *r, char *out, size_t n)
{
	size_t k = 0;
	char norm[64];

	if (!r) {
		out[0] = 0;
		return;
	}
	/* "9 Dan" as "9D": one word, which the reader takes for a rank */
	if (fmt_rank(r, strlen(r), norm, sizeof(norm)))
		r = norm;
	for (; *r && k + 3 < n; r++) {
		if (*r == 'p') {
			out[k++] = 'D';
			out[k++] = 'P';
		} else {
			out[k++] = (char)toupper((unsigned char)*r);
		}
	}
	out[k] = 0;
}

static void
one_line(const char *s, char *out, size_t n)
{
	size_t k = 0;

	for (; s && *s && k + 1 < n; s++)
		out[k++] = *s == '\n' || *s == '\r' ? ' ' : *s;
	out[k] = 0;
}

/* "name rank", the name padded to eleven.  A reader takes the last word
 * for the rank if it reads as one or stands after padding: a rank it
 * would not know ("NR") after a name of eleven or more gets two
 * spaces, so that it still stands apart. */
static void
put_player(FILE *out, const char *name, const char *rank)
{
	fprintf(out, "%-11s%s%s\r\n", name,
		rank[0] && strlen(name) >= 11 ? "  " : " ", rank);
}

int
sgf_write_ngf(FILE *out, const struct sgf_game *g, const char **why,
	      struct sgf_write_notes *notes)
{
	struct sgf_gameinfo gi;
	struct fmt_move *mv;
	int ha, y = 0, mo = 0, d = 0;
	long n;
	char name[256], rank[64], title[256], place[256], res[64] = "";
	double komi;

	sgf_gameinfo(g, &gi);
	if (gi.cols != gi.rows || gi.cols > 25) {
		*why = "NGF has square boards of at most 25x25 only";
		return -1;
	}
	n = fmt_handicap_main_line(g, gi.cols, "NGF", &mv, &ha, why, notes);
	if (n < 0)
		return -1;
	one_line(gi.game_name ? gi.game_name : gi.event, title, sizeof(title));
	fprintf(out, "%s\r\n%d\r\n", title, gi.cols);
	one_line(gi.white, name, sizeof(name));
	ngf_rank(gi.white_rank, rank, sizeof(rank));
	put_player(out, name, rank);
	one_line(gi.black, name, sizeof(name));
	ngf_rank(gi.black_rank, rank, sizeof(rank));
	put_player(out, name, rank);
	one_line(gi.place, place, sizeof(place));
	komi = gi.has_komi ? gi.komi : 0;
	/* even games store komi without its half point: a komi that has
	 * none (KM[7], KM[0]) or another fraction cannot be kept */
	if (ha == 0 && komi != floor(komi))
		komi = komi < 0 ? ceil(komi) : floor(komi);
	if (ha == 0 && gi.has_komi &&
	    komi + (signbit(komi) ? -0.5 : 0.5) != gi.komi) {
		char was[32], back[32];
		fmt_number(gi.komi, was, sizeof(was));
		fmt_number(komi + (signbit(komi) ? -0.5 : 0.5), back,
			   sizeof(back));
		sgf_write_note(notes, fmt_komi_off(g), "not-kept",
			       "komi %s: an even game's komi in NGF has a "
			       "half point: it reads back as %s",
			       was, back);
	}
	{
		char num[32];
		fmt_number(komi, num, sizeof(num));
		if (komi == 0 && signbit(komi)) /* -0.5 without its half */
			snprintf(num, sizeof(num), "-0");
		fprintf(out, "%s\r\n%d\r\n0\r\n%s\r\n", place, ha, num);
	}
	if (gi.date && sscanf(gi.date, "%d-%d-%d", &y, &mo, &d) == 3)
		fprintf(out, "%04d%02d%02d [00:00]\r\n", y, mo, d);
	else
		fputs("\r\n", out);
	fputs("0\r\n", out);
	{
		/* "Black wins by 2.5!", "White wins on time!", "Draw!" */
		const char *who = gi.result.winner == 'B' ? "Black" : "White";
		char how[48] = "";

		switch (gi.result.kind) {
		case SGF_RES_SCORE:
			fmt_number(gi.result.margin, how + 4, sizeof(how) - 4);
			memcpy(how, " by ", 4);
			break;
		case SGF_RES_RESIGN:
			strcpy(how, " by resign");
			break;
		case SGF_RES_TIME:
			strcpy(how, " on time");
			break;
		case SGF_RES_FORFEIT:
			strcpy(how, " by forfeit");
			break;
		case SGF_RES_WIN:
			break;
		case SGF_RES_DRAW:
			who = NULL;
			snprintf(res, sizeof(res), "Draw!");
			break;
		case SGF_RES_NONE:
			who = NULL;
			break;
		default: /* Void, ?, text we cannot read */
			who = NULL;
			sgf_write_note(notes, fmt_root_off(g, SGF_P_RE),
				       "not-kept",
				       "RE[%.40s]: NGF has no void or unknown "
				       "result: left out",
				       gi.result_raw);
			break;
		}
		if (who)
			snprintf(res, sizeof(res), "%s wins%s!", who, how);
	}
	fprintf(out, "%s\r\n%ld\r\n", res, n);
	for (long i = 0; i < n; i++) {
		long k = i + 1;
		char x = mv[i].x < 0 ? 'A' : (char)('B' + mv[i].x);
		char yy = mv[i].x < 0 ? 'A' : (char)('B' + mv[i].y);
		fprintf(out, "PM%c%c%c%c%c%c%c\r\n",
			(char)('A' + (k / 26) % 26), (char)('A' + k % 26),
			mv[i].colour, x, yy, yy, x);
	}
	free(mv);
	if (ferror(out)) {
		*why = "write error";
		return -1;
	}
	return 0;
}
