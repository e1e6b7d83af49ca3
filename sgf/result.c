/*
 * result.c - the result of a game read from text: RE as SGF writes it
 * and as servers write it (Chinese, Japanese and Korean words, English
 * sentences), the result KGS writes only in the last comment, and a
 * result written back as SGF RE text.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fmt_internal.h"
#include "formats.h"
#include "gameinfo.h"
#include "internal.h"

static int
starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static const char *
find(const char *s, const char *needle)
{
	return strstr(s, needle);
}

/* The first decimal number in s (ASCII digits), or -1 if none. */
static int
first_number(const char *s, double *v)
{
	const char *p;

	for (p = s; *p; p++)
		if (isdigit((unsigned char)*p))
			return sgf_decimal(p, v) ? 0 : -1;
	return -1;
}

/* Results written as CJK text: 黑中盘胜, 白5.5目勝ち, 흑 1.5집 승,
 * 294수 흑0.5집승, 백불계승, 黑胜1又3/4子 ... */
static int
parse_cjk_result(const char *s, struct sgf_result *r)
{
	const char *black[] = {"黑", "黒", "흑"};
	const char *white[] = {"白", "백"};
	const char *bp = NULL, *wp = NULL, *p;
	const char *after;
	size_t i;
	double v;

	for (i = 0; i < 3; i++)
		if ((p = find(s, black[i])) && (!bp || p < bp))
			bp = p;
	for (i = 0; i < 2; i++)
		if ((p = find(s, white[i])) && (!wp || p < wp))
			wp = p;
	if (find(s, "和") || find(s, "持碁") || find(s, "무승부") ||
	    find(s, "ジゴ")) {
		r->kind = SGF_RES_DRAW;
		return 0;
	}
	if (!bp && !wp)
		return -1;
	/* The colour named first is the winner ("白棋12子" too). */
	r->winner = (bp && (!wp || bp < wp)) ? 'B' : 'W';
	after = r->winner == 'B' ? bp : wp;
	if (find(after, "中盘") || find(after, "中押") || find(after, "불계") ||
	    find(after, "中盤")) {
		r->kind = SGF_RES_RESIGN;
		return 0;
	}
	if (find(after, "时间") || find(after, "時間") || find(after, "시간") ||
	    find(after, "超时")) {
		r->kind = SGF_RES_TIME;
		return 0;
	}
	if (first_number(after, &v) == 0) {
		/* 1又3/4子 = 1.75 zi; 子 counts stones (zi) = 2 points */
		const char *you = find(after, "又");
		if (you) {
			int a, b;
			if (sscanf(you + strlen("又"), "%d/%d", &a, &b) == 2 &&
			    b > 0)
				v += (double)a / b;
		}
		if (find(after, "半"))
			v += 0.5;
		if (find(after, "子"))
			v *= 2;
		r->kind = SGF_RES_SCORE;
		r->margin = v;
		return 0;
	}
	if (find(after, "半")) {
		r->kind = SGF_RES_SCORE;
		r->margin = 0.5;
		return 0;
	}
	r->kind = SGF_RES_WIN;
	return 0;
}

/* r->margin was read: a score, or "W+0" (Fox) a draw. */
static int
score_result(struct sgf_result *r)
{
	if (r->margin == 0) {
		r->kind = SGF_RES_DRAW;
		r->winner = 0;
	} else {
		r->kind = SGF_RES_SCORE;
	}
	return 0;
}

int
sgf_result_parse(const char *s, struct sgf_result *r)
{
	char buf[64];
	size_t n;
	const char *m;
	bool comma;

	memset(r, 0, sizeof(*r));
	r->kind = SGF_RES_UNKNOWN;
	if (!s)
		return -1;
	while (isspace((unsigned char)*s))
		s++;
	n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	if (n == 0 || n >= sizeof(buf))
		return n == 0 ? (r->kind = SGF_RES_NONE, 0) : -1;
	memcpy(buf, s, n);
	buf[n] = 0;

	if ((buf[0] == 'B' || buf[0] == 'W' || buf[0] == 'b' ||
	     buf[0] == 'w') &&
	    buf[1] == '+') {
		m = buf + 2; /* the common case, tested first */
	} else if (!strcmp(buf, "0") || !strcasecmp(buf, "draw") ||
		   !strcasecmp(buf, "jigo") || !strcasecmp(buf, "D")) {
		r->kind = SGF_RES_DRAW;
		return 0;
	} else if (!strcasecmp(buf, "void") || !strcasecmp(buf, "no result")) {
		r->kind = SGF_RES_VOID;
		return 0;
	} else if (!strcmp(buf, "?")) {
		return 0;
	} else if (starts_with(buf, "Black+") || starts_with(buf, "black+") ||
		   starts_with(buf, "White+") || starts_with(buf, "white+")) {
		m = buf + 6;
	} else {
		return parse_cjk_result(buf, r) == 0 ? 0 : -1;
	}

	r->winner = toupper((unsigned char)buf[0]);
	while (isspace((unsigned char)*m))
		m++;
	if (!*m) {
		r->kind = SGF_RES_WIN;
		return 0;
	}
	/* a number (tested first: it is none of the words below) */
	if (((*m >= '0' && *m <= '9') || *m == '.') &&
	    sgf_real_comma(m, &r->margin, &comma) == 0 && r->margin >= 0)
		return score_result(r);
	if (!strcasecmp(m, "R") || !strcasecmp(m, "Resign") ||
	    !strcasecmp(m, "Resignation")) {
		r->kind = SGF_RES_RESIGN;
		return 0;
	}
	if (!strcasecmp(m, "T") || !strcasecmp(m, "Time")) {
		r->kind = SGF_RES_TIME;
		return 0;
	}
	if (!strcasecmp(m, "F") || !strcasecmp(m, "Forfeit")) {
		r->kind = SGF_RES_FORFEIT;
		return 0;
	}
	if (sgf_real_comma(m, &r->margin, &comma) == 0 && r->margin >= 0)
		return score_result(r);
	r->kind = SGF_RES_WIN; /* "B+something" still names the winner */
	return -1;
}

void
sgf_result_format(const struct sgf_result *r, char *buf, size_t n)
{
	switch (r->kind) {
	case SGF_RES_SCORE:
		snprintf(buf, n, "%c+%.15g", r->winner, r->margin);
		break;
	case SGF_RES_DRAW:
		snprintf(buf, n, "0");
		break;
	case SGF_RES_RESIGN:
		snprintf(buf, n, "%c+R", r->winner);
		break;
	case SGF_RES_TIME:
		snprintf(buf, n, "%c+T", r->winner);
		break;
	case SGF_RES_FORFEIT:
		snprintf(buf, n, "%c+F", r->winner);
		break;
	case SGF_RES_WIN:
		snprintf(buf, n, "%c+", r->winner);
		break;
	case SGF_RES_VOID:
		snprintf(buf, n, "Void");
		break;
	case SGF_RES_NONE:
		snprintf(buf, n, "%s", "");
		break;
	default:
		snprintf(buf, n, "?");
		break;
	}
}

bool
sgf_result_standard(const char *s)
{
	const char *m;

	if (!strcmp(s, "0") || !strcmp(s, "Draw") || !strcmp(s, "Void") ||
	    !strcmp(s, "?"))
		return true;
	if ((s[0] != 'B' && s[0] != 'W') || s[1] != '+')
		return false;
	m = s + 2;
	if (!*m || !strcmp(m, "R") || !strcmp(m, "Resign") || !strcmp(m, "T") ||
	    !strcmp(m, "Time") || !strcmp(m, "F") || !strcmp(m, "Forfeit"))
		return true;
	{
		char *end;
		strtod(m, &end);
		return end != m && !*end && isdigit((unsigned char)*m);
	}
}

static const char *
find_any(const char *s, const char *const *words, size_t *wlen)
{
	const char *best = NULL;

	for (size_t i = 0; words[i]; i++) {
		const char *p = strstr(s, words[i]);
		if (p && (!best || p < best)) {
			best = p;
			*wlen = strlen(words[i]);
		}
	}
	return best;
}

int
fmt_result_text(const char *s, char *out, size_t n)
{
	static const char *const black[] = {"Black", "black", "黒",
					    "黑",    "흑",    NULL};
	static const char *const white[] = {"White", "white", "白", "백", NULL};
	static const char *const lose[] = {"lose", "负", "負", "패", NULL};
	static const char *const resign[] = {"resign", "Resign", "中押", "中盘",
					     "中盤",   "불계",	 NULL};
	static const char *const timeout[] = {"time", "Time", "時間", "시간",
					      "超时", "超時", NULL};
	static const char *const forfeit[] = {"forfeit", "Forfeit", NULL};
	static const char *const draw[] = {"jigo", "Jigo",   "draw", "Draw",
					   "持碁", "무승부", "和棋", NULL};
	const char *b, *w, *first, *p;
	size_t bl = 0, wl = 0, k = 0;
	char winner;
	double margin = -1;

	if (find_any(s, draw, &k)) {
		snprintf(out, n, "0");
		return 0;
	}
	b = find_any(s, black, &bl);
	w = find_any(s, white, &wl);
	if (!b && !w)
		return -1;
	first = !w || (b && b < w) ? b : w;
	winner = first == b ? 'B' : 'W';
	if (find_any(first, lose, &k))
		winner = winner == 'B' ? 'W' : 'B';
	if (find_any(s, resign, &k)) {
		snprintf(out, n, "%c+R", winner);
		return 0;
	}
	if (find_any(s, timeout, &k)) {
		snprintf(out, n, "%c+T", winner);
		return 0;
	}
	if (find_any(s, forfeit, &k)) {
		snprintf(out, n, "%c+F", winner);
		return 0;
	}
	/* the first number after the winner's name is the margin */
	for (p = first; *p; p++) {
		if (isdigit((unsigned char)*p)) {
			const char *end = sgf_decimal(p, &margin);
			if (!end) {
				margin = -1;
				break;
			}
			if (!strncmp(end, "目半", strlen("目半")) ||
			    !strncmp(end, "집반", strlen("집반")) ||
			    !strncmp(end, "집 반", strlen("집 반")))
				margin += 0.5;
			else if (!strncmp(end, "子", strlen("子")))
				margin *= 2;
			break;
		}
	}
	if (margin < 0 && (strstr(first, "半目") || strstr(first, "반집")))
		margin = 0.5;
	if (margin < 0) {
		snprintf(out, n, "%c+", winner);
		return 0;
	}
	{
		char num[32];
		fmt_number(margin, num, sizeof(num));
		snprintf(out, n, "%c+%s", winner, num);
	}
	return 0;
}

static const struct sgf_node *
last_main(const struct sgf_game *g)
{
	const struct sgf_node *n = g->root;

	while (n && n->child)
		n = n->child;
	return n;
}

/* One line that is a result by itself. */
static int
line_result(const char *s, size_t len, char *buf, size_t n)
{
	char line[128];
	const char *t = s;
	size_t l = len;

	fmt_trim(&t, &l);
	while (l && (t[l - 1] == '.' || t[l - 1] == '!'))
		l--;
	if (l == 0 || l >= sizeof(line))
		return -1;
	memcpy(line, t, l);
	line[l] = 0;
	if (sgf_result_standard(line) && strcmp(line, "?")) {
		snprintf(buf, n, "%s", line);
		return 0;
	}
	if (!strncmp(line, "Black wins", 10) ||
	    !strncmp(line, "White wins", 10) || !strncmp(line, "B wins", 6) ||
	    !strncmp(line, "W wins", 6)) {
		if (line[0] == 'B' && line[1] == ' ')
			memmove(line + 5, line + 1, strlen(line)),
			    memcpy(line, "Black", 5);
		else if (line[0] == 'W' && line[1] == ' ')
			memmove(line + 5, line + 1, strlen(line)),
			    memcpy(line, "White", 5);
		return fmt_result_text(line, buf, n);
	}
	return -1;
}

int
sgf_result_from_comment(const struct sgf_game *g, char *buf, size_t n)
{
	const struct sgf_node *last = g && g->root ? last_main(g) : NULL;
	const struct sgf_prop *c = last ? sgf_node_prop(last, SGF_P_C) : NULL;
	const char *s, *e;

	if (!c)
		return -1;
	/* the last line that is a result wins: chat comes before it */
	s = c->values->s;
	e = s + c->values->len;
	while (e > s) {
		const char *b = e;
		while (b > s && b[-1] != '\n')
			b--;
		if (line_result(b, (size_t)(e - b), buf, n) == 0)
			return 0;
		e = b > s ? b - 1 : s;
	}
	return -1;
}
