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

/* The first of `words` in s, or NULL. */
static const char *
find_any(const char *s, const char *const *words)
{
	const char *best = NULL;

	for (size_t i = 0; words[i]; i++) {
		const char *p = strstr(s, words[i]);
		if (p && (!best || p < best))
			best = p;
	}
	return best;
}

/* p past `word` if the word is there, else p. */
static const char *
skip(const char *p, const char *word)
{
	size_t n = strlen(word);

	return strncmp(p, word, n) ? p : p + n;
}

/* The margin after a winner's name: the first number ("5.5"), then a
 * fraction ("1又3/4": one and three quarters), a unit (目 or 집
 * points, 子 stones of two points each), a half (半, 반): 5目半 = 5.5,
 * 3집 반 = 3.5, 1又3/4子 = 3.5, 3子半 = 7.  Without a number, 半目 or
 * 반집 is half a point.  Returns 0 with *v, or -1. */
static int
margin_words(const char *s, double *v)
{
	const char *p = s, *q;
	bool zi;
	int a, b, len;

	while (*p && !isdigit((unsigned char)*p))
		p++;
	if (!*p) {
		if (!strstr(s, "半目") && !strstr(s, "반집"))
			return -1;
		*v = 0.5;
		return 0;
	}
	if (!(p = sgf_decimal(p, v)))
		return -1;
	q = skip(p, "又");
	if (q != p && isdigit((unsigned char)*q) &&
	    sscanf(q, "%4d/%4d%n", &a, &b, &len) == 2 && b > 0) {
		*v += (double)a / b;
		p = q + len;
	}
	while (*p == ' ')
		p++;
	q = skip(p, "子");
	zi = q != p;
	if (!zi)
		q = skip(skip(p, "目"), "집");
	while (*q == ' ')
		q++;
	if (skip(q, "半") != q || skip(q, "반") != q)
		*v += 0.5;
	if (zi)
		*v *= 2;
	return 0;
}

/* A result in words: Chinese, Japanese, Korean (黑中盘胜, 白5.5目勝ち,
 * 흑 1.5집 승, 294수 흑0.5집승, 백불계승, 黑胜1又3/4子) or English
 * ("White wins by resignation", "Black wins by 3.5 points").  The
 * colour named first is the winner ("白棋12子" too), or the loser when
 * a word for losing follows (黑负); how the game was won is read after
 * that name.  Returns 0 with *r filled, -1 when no colour is named. */
static int
result_words(const char *s, struct sgf_result *r)
{
	static const char *const black[] = {"黑",    "黒",    "흑",
					    "Black", "black", NULL};
	static const char *const white[] = {"白", "백", "White", "white", NULL};
	static const char *const lose[] = {"负", "負", "패", "lose", NULL};
	static const char *const draw[] = {"和",   "持碁", "무승부",
					   "ジゴ", "jigo", "Jigo",
					   "draw", "Draw", NULL};
	static const char *const resign[] = {"中盘",   "中押",	 "中盤", "불계",
					     "resign", "Resign", NULL};
	static const char *const timeout[] = {"时间", "時間", "시간", "超时",
					      "超時", "time", "Time", NULL};
	static const char *const forfeit[] = {"forfeit", "Forfeit", NULL};
	const char *bp = find_any(s, black), *wp = find_any(s, white);
	const char *after;

	if (find_any(s, draw)) {
		r->kind = SGF_RES_DRAW;
		return 0;
	}
	if (!bp && !wp)
		return -1;
	r->winner = (bp && (!wp || bp < wp)) ? 'B' : 'W';
	after = r->winner == 'B' ? bp : wp;
	if (find_any(after, lose))
		r->winner = r->winner == 'B' ? 'W' : 'B';
	if (find_any(after, resign))
		r->kind = SGF_RES_RESIGN;
	else if (find_any(after, timeout))
		r->kind = SGF_RES_TIME;
	else if (find_any(after, forfeit))
		r->kind = SGF_RES_FORFEIT;
	else if (margin_words(after, &r->margin) == 0)
		r->kind = SGF_RES_SCORE;
	else
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
		return result_words(buf, r) == 0 ? 0 : -1;
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

int
fmt_result_text(const char *s, char *out, size_t n)
{
	struct sgf_result r;
	int rc;

	/* an RE of 64 bytes or more is no result (sgf_result_parse); a
	 * line of another format's header may be a long sentence */
	if (strlen(s) < 64) {
		rc = sgf_result_parse(s, &r);
	} else {
		memset(&r, 0, sizeof(r));
		rc = result_words(s, &r);
	}
	if (rc || r.kind == SGF_RES_NONE || r.kind == SGF_RES_UNKNOWN)
		return -1;
	if (r.kind == SGF_RES_SCORE) {
		char num[32];
		fmt_number(r.margin, num, sizeof(num));
		snprintf(out, n, "%c+%s", r.winner, num);
	} else {
		sgf_result_format(&r, out, n);
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
