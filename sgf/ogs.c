/*
 * ogs.c - online-go.com game records in their REST JSON form (the
 * `gamedata` of api/v1/games/{id}, alone or wrapped), FORMATS.md 7.1.
 *
 * Moves are [x, y, time_ms, ...] with x, y 0-based from the upper left
 * and a negative coordinate for a pass.  Handicap stones are in
 * initial_state ("pddp": SGF point pairs); with free placement and no
 * initial_state the first `handicap` moves are Black's stones (as
 * lightvector/ogstosgf reads them); with fixed placement and no
 * initial_state OGS's own points are used (3 stones: pp pd dp).
 */
#include <cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fmt_internal.h"
#include "internal.h"

#define OGS_MAX_BYTES (16u << 20)

static const cJSON *
item(const cJSON *o, const char *k)
{
	return cJSON_GetObjectItemCaseSensitive(o, k);
}

static int
num(const cJSON *o, const char *k, double *v)
{
	const cJSON *i = item(o, k);

	/* cJSON reads 1e999 as inf; no id, size, time or komi is near
	 * 1e15, and a double beyond int's range may not be cast to one */
	if (!cJSON_IsNumber(i) || !isfinite(i->valuedouble) ||
	    fabs(i->valuedouble) > 1e15)
		return -1;
	*v = i->valuedouble;
	return 0;
}

static const char *
str(const cJSON *o, const char *k)
{
	const cJSON *i = item(o, k);

	return cJSON_IsString(i) ? i->valuestring : NULL;
}

/* ------------------------------------------------------------------
 * Where things are in the document.  cJSON keeps no positions, so the
 * reader finds the value an error is about (or a move, for what check
 * finds in it) with this scanner over the text cJSON accepted: it is
 * valid JSON, so the scanner only skips values and never recurses.
 */
#define JS_NONE ((size_t)-1)

static size_t
js_ws(const char *b, size_t n, size_t i)
{
	while (i < n &&
	       (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r'))
		i++;
	return i;
}

/* The index after the value (or key) that starts at b[i]. */
static size_t
js_skip(const char *b, size_t n, size_t i)
{
	size_t depth = 0;

	if (i >= n)
		return n;
	if (b[i] != '"' && b[i] != '{' && b[i] != '[') {
		while (i < n && !strchr(",]} \t\r\n", b[i]))
			i++;
		return i;
	}
	for (; i < n; i++) {
		if (b[i] == '"') {
			for (i++; i < n && b[i] != '"'; i++)
				if (b[i] == '\\')
					i++;
			if (!depth)
				return i + 1;
		} else if (b[i] == '{' || b[i] == '[') {
			depth++;
		} else if (b[i] == '}' || b[i] == ']') {
			if (--depth == 0)
				return i + 1;
		}
	}
	return n;
}

/* The value of member `key` of the object at b[obj] (its first, as
 * cJSON finds it), or JS_NONE. */
static size_t
js_member(const char *b, size_t n, size_t obj, const char *key)
{
	size_t kl = strlen(key), i;

	if (obj == JS_NONE || obj >= n || b[obj] != '{')
		return JS_NONE;
	for (i = js_ws(b, n, obj + 1); i < n && b[i] == '"';) {
		size_t k = i, v;
		bool match = i + kl + 1 < n && !memcmp(b + i + 1, key, kl) &&
			     b[i + kl + 1] == '"';
		i = js_ws(b, n, js_skip(b, n, k));
		v = js_ws(b, n, i + 1); /* after the ':' */
		if (match)
			return v;
		i = js_ws(b, n, js_skip(b, n, v));
		if (i < n && b[i] == ',')
			i = js_ws(b, n, i + 1);
	}
	return JS_NONE;
}

/* The element after the one at b[i] in its array, or JS_NONE. */
static size_t
js_next(const char *b, size_t n, size_t i)
{
	i = js_ws(b, n, js_skip(b, n, i));
	return i < n && b[i] == ',' ? js_ws(b, n, i + 1) : JS_NONE;
}

/* The first element of the array at b[arr], or JS_NONE. */
static size_t
js_first(const char *b, size_t n, size_t arr)
{
	size_t i;

	if (arr == JS_NONE || arr >= n || b[arr] != '[')
		return JS_NONE;
	i = js_ws(b, n, arr + 1);
	return i < n && b[i] != ']' ? i : JS_NONE;
}

/* The document's positions the reader needs. */
struct ogs_at {
	const char *b;
	size_t n;
	size_t doc, d; /* the document, the game (it or its "gamedata") */
};

static uint32_t
at_off(size_t off)
{
	return off == JS_NONE ? 0 : (uint32_t)off;
}

/* Member `key` of the game, or the game itself. */
static uint32_t
at_member(const struct ogs_at *a, const char *key)
{
	size_t v = js_member(a->b, a->n, a->d, key);

	return at_off(v != JS_NONE ? v : a->d);
}

/* OGS ranks are Glicko-derived floats: 30 is 1 dan (ogstosgf). */
static void
rank_text(double r, char *buf, size_t n)
{
	int k = (int)floor(r);

	if (k >= 30)
		snprintf(buf, n, "%dd", k - 29);
	else
		snprintf(buf, n, "%dk", 30 - k);
}

static void
player(struct sgf_game *g, const cJSON *players, const char *colour,
       const char *pid, const char *rid)
{
	const cJSON *p = item(players, colour);
	const char *name = str(p, "username");
	double r;
	char buf[16];

	if (name && *name)
		sgf_prop_set(g, g->root, pid, name, strlen(name));
	if (num(p, "rank", &r) == 0 && r > 0 && r < 60) {
		rank_text(r, buf, sizeof(buf));
		sgf_prop_set(g, g->root, rid, buf, strlen(buf));
	}
}

/* "pddp" -> AB[pd][dp]; returns the number of stones or -1. */
static int
stones(struct sgf_game *g, const char *s, const char *id, int w, int h)
{
	size_t n = strlen(s);
	struct sgf_prop *p = NULL;
	int x, y, k = 0;

	if (n % 2)
		return -1;
	for (size_t i = 0; i < n; i += 2) {
		if (sgf_point(s + i, 2, w, h, &x, &y) != 1)
			return -1;
		if (!p)
			p = sgf_prop_add(g, g->root, id, s + i, 2);
		else
			sgf_prop_add_value(g, p, s + i, 2);
		k++;
	}
	return k;
}

static void
result(struct sgf_game *g, const cJSON *d)
{
	const char *outcome = str(d, "outcome"), *phase = str(d, "phase");
	double winner, bid = -1, wid = -1, v;
	char c, re[64], num_s[32];
	const char *e;

	num(d, "black_player_id", &bid);
	num(d, "white_player_id", &wid);
	if (num(d, "winner", &winner) < 0) {
		if (phase && !strcmp(phase, "finished") && outcome)
			fmt_set(g, g->root, "RE", "Void");
		return;
	}
	c = winner == bid ? 'B' : winner == wid ? 'W' : 0;
	if (!c || !outcome)
		return;
	if ((e = sgf_decimal(outcome, &v)) && !strncmp(e, " point", 6)) {
		if (v == 0) {
			fmt_set(g, g->root, "RE", "0");
			return;
		}
		fmt_number(v, num_s, sizeof(num_s));
		snprintf(re, sizeof(re), "%c+%s", c, num_s);
	} else if (!strcmp(outcome, "Resignation")) {
		snprintf(re, sizeof(re), "%c+R", c);
	} else if (!strcmp(outcome, "Timeout")) {
		snprintf(re, sizeof(re), "%c+T", c);
	} else {
		/* Cancellation, Disconnection, Moderator Decision,
		 * Disqualification, Abandonment ... */
		snprintf(re, sizeof(re), "%c+F", c);
	}
	sgf_prop_set(g, g->root, "RE", re, strlen(re));
}

static void
time_control(struct sgf_game *g, const cJSON *d)
{
	const cJSON *tc = item(d, "time_control");
	const char *sys = str(tc, "system");
	double main_t, per, n, inc;

	if (!sys)
		return;
	if (!strcmp(sys, "byoyomi") && num(tc, "main_time", &main_t) == 0 &&
	    num(tc, "period_time", &per) == 0 && num(tc, "periods", &n) == 0) {
		fmt_set(g, g->root, "TM", "%.0f", main_t);
		fmt_set(g, g->root, "OT", "%.0fx%.0f byo-yomi", n, per);
	} else if (!strcmp(sys, "fischer") &&
		   num(tc, "initial_time", &main_t) == 0 &&
		   num(tc, "time_increment", &inc) == 0) {
		fmt_set(g, g->root, "TM", "%.0f", main_t);
		fmt_set(g, g->root, "OT", "%.0f fischer", inc);
	} else if (!strcmp(sys, "simple") && num(tc, "per_move", &per) == 0) {
		fmt_set(g, g->root, "OT", "%.0f simple", per);
	} else if (!strcmp(sys, "absolute") &&
		   num(tc, "total_time", &main_t) == 0) {
		fmt_set(g, g->root, "TM", "%.0f", main_t);
	}
}

/* OGS's fixed placement: as GTP's except 3 stones (pp pd dp). */
static int
ogs_fixed(int size, int n, int *xs, int *ys)
{
	int k = sgf_fixed_handicap(size, n, xs, ys);

	if (k == 3) {
		int hx[4], hy[4];
		sgf_fixed_handicap(size, 4, hx, hy);
		xs[2] = hx[3];
		ys[2] = hy[3];
	}
	return k;
}

struct sgf_game *
sgf_read_ogs(const char *buf, size_t len, const char *file)
{
	struct sgf_game *g = sgf_game_new(file, 1);
	cJSON *doc;
	const cJSON *d, *mv, *init;
	const char *end = NULL;
	double w = 19, h = 19, v, ha = 0;
	int width, height, nmoves, first = 0, placed = 0;
	char colour = 'B', kbuf[32];
	const char *s;
	struct sgf_node *last;
	bool free_ha;
	struct ogs_at at = {buf, len, 0, 0};
	size_t mpos, init_at;
	char *text;

	if (!g)
		return NULL;
	g->line = 1;
	g->charset = "UTF-8";
	/* cJSON holds a document in about 20 bytes of memory per byte (a
	 * 90 MB record took 2 GB); a real record is well under 1 MB */
	if (len > OGS_MAX_BYTES) {
		fmt_error(g, 1,
			  "online-go.com record larger than %u MiB (limit): "
			  "not read",
			  OGS_MAX_BYTES >> 20);
		return g;
	}
	doc = cJSON_ParseWithLengthOpts(buf, len, &end, 0);
	if (!doc) {
		uint32_t line = 1, col = 1;
		if (end && end >= buf && end <= buf + len)
			sgf_text_linecol(buf, 0, (size_t)(end - buf), &line,
					 &col);
		sgf_game_diag_at(g, SGF_E_FORMAT, SGF_ERROR, line, col,
				 "expected an online-go.com game (JSON)");
		return g;
	}
	/* the document is the game's text: errors, and what check finds
	 * in a move, are at their place in it */
	text = sgf_game_strdup(g, buf, len);
	if (!text) {
		fmt_error(g, 0, "out of memory");
		goto out;
	}
	g->text = text;
	g->text_len = len;
	at.doc = at.d = js_ws(buf, len, 0);
	if (len - at.doc >= 3 && !memcmp(buf + at.doc, "\xef\xbb\xbf", 3))
		at.doc = at.d = js_ws(buf, len, at.doc + 3); /* a BOM */
	d = item(doc, "gamedata");
	if (!cJSON_IsObject(d))
		d = doc;
	else
		at.d = js_member(buf, len, at.doc, "gamedata");
	mv = item(d, "moves");
	if (!cJSON_IsObject(d) || !cJSON_IsArray(mv)) {
		fmt_error_off(g, at_member(&at, "moves"),
			      "expected an online-go.com game with \"moves\"");
		goto out;
	}
	num(d, "width", &w);
	num(d, "height", &h);
	if (w < 1 || w > 52 || w != floor(w)) {
		fmt_error_off(g, at_member(&at, "width"),
			      "expected \"width\" and \"height\" of 1 to 52");
		goto out;
	}
	if (h < 1 || h > 52 || h != floor(h)) {
		fmt_error_off(g, at_member(&at, "height"),
			      "expected \"width\" and \"height\" of 1 to 52");
		goto out;
	}
	width = (int)w;
	height = (int)h;
	if (!g->root && !sgf_node_add(g, NULL)) {
		fmt_error(g, 0, "out of memory");
		goto out;
	}
	fmt_set(g, g->root, "GM", "1");
	fmt_set(g, g->root, "FF", "4");
	if (width == height)
		fmt_set(g, g->root, "SZ", "%d", width);
	else
		fmt_set(g, g->root, "SZ", "%d:%d", width, height);
	player(g, item(d, "players"), "black", "PB", "BR");
	player(g, item(d, "players"), "white", "PW", "WR");
	if (num(d, "komi", &v) == 0) {
		fmt_number(v, kbuf, sizeof(kbuf));
		sgf_prop_set(g, g->root, "KM", kbuf, strlen(kbuf));
	}
	if ((s = str(d, "rules")))
		fmt_set(g, g->root, "RU", "%s", fmt_rules_name(s));
	if ((s = str(d, "game_name")) && *s)
		fmt_set(g, g->root, "GN", "%s", s);
	if (num(d, "game_id", &v) == 0)
		fmt_set(g, g->root, "PC", "https://online-go.com/game/%.0f", v);
	if (num(d, "start_time", &v) == 0 && v > 0) {
		time_t t = (time_t)v;
		struct tm tm;
		if (gmtime_r(&t, &tm))
			fmt_set(g, g->root, "DT", "%04d-%02d-%02d",
				tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
	}
	time_control(g, d);
	result(g, d);
	num(d, "handicap", &ha);
	free_ha = cJSON_IsTrue(item(d, "free_handicap_placement"));
	init = item(d, "initial_state");
	init_at = js_member(buf, len, at.d, "initial_state");
	if ((s = str(init, "black")) && *s) {
		if ((placed = stones(g, s, "AB", width, height)) < 0) {
			fmt_error_off(
			    g, at_off(js_member(buf, len, init_at, "black")),
			    "expected SGF points in \"initial_state\"");
			goto out;
		}
	}
	if ((s = str(init, "white")) && *s &&
	    stones(g, s, "AW", width, height) < 0) {
		fmt_error_off(g, at_off(js_member(buf, len, init_at, "white")),
			      "expected SGF points in \"initial_state\"");
		goto out;
	}
	if (ha >= 2 && ha <= 9) {
		fmt_set(g, g->root, "HA", "%.0f", ha);
		if (!placed && free_ha) {
			first = (int)ha; /* Black's placements come first */
		} else if (!placed) {
			int xs[9], ys[9],
			    k = width == height
				    ? ogs_fixed(width, (int)ha, xs, ys)
				    : 0;
			for (int i = 0; i < k; i++) {
				char pt[2] = {sgf_coord_letter(xs[i]),
					      sgf_coord_letter(ys[i])};
				const struct sgf_prop *p =
				    sgf_node_prop(g->root, SGF_P_AB);
				if (p)
					sgf_prop_add_value(
					    g, (struct sgf_prop *)p, pt, 2);
				else
					sgf_prop_add(g, g->root, "AB", pt, 2);
			}
		}
		colour = 'W';
	}
	if ((s = str(d, "initial_player")) && !first)
		colour = !strcmp(s, "white") ? 'W' : 'B';
	last = g->root;
	nmoves = cJSON_GetArraySize(mv);
	if (nmoves > FMT_MAX_MOVES) {
		fmt_error_off(g, at_member(&at, "moves"), "more than %d moves",
			      FMT_MAX_MOVES);
		goto out;
	}
	/* the moves in the text, one after another as cJSON's */
	mpos = js_first(buf, len, js_member(buf, len, at.d, "moves"));
	for (int i = 0; i < nmoves;
	     i++, mpos = mpos == JS_NONE ? mpos : js_next(buf, len, mpos)) {
		const cJSON *m = cJSON_GetArrayItem(mv, i);
		const cJSON *xj = cJSON_GetArrayItem(m, 0);
		const cJSON *yj = cJSON_GetArrayItem(m, 1);
		int x, y;

		if (!cJSON_IsArray(m) || !cJSON_IsNumber(xj) ||
		    !cJSON_IsNumber(yj)) {
			fmt_error_off(g, at_off(mpos),
				      "move %d: expected [x, y, time]", i + 1);
			goto out;
		}
		x = xj->valueint;
		y = yj->valueint;
		if (x >= width || y >= height) {
			fmt_error_off(g, at_off(mpos),
				      "move %d at %d,%d is off the %dx%d board",
				      i + 1, x, y, width, height);
			goto out;
		}
		if (x < 0 || y < 0)
			x = y = -1;
		if (i < first) {
			/* free handicap placement */
			char pt[2] = {sgf_coord_letter(x), sgf_coord_letter(y)};
			const struct sgf_prop *p =
			    sgf_node_prop(g->root, SGF_P_AB);
			if (x < 0) {
				fmt_error_off(g, at_off(mpos),
					      "handicap stone %d is a pass",
					      i + 1);
				goto out;
			}
			if (p)
				sgf_prop_add_value(g, (struct sgf_prop *)p, pt,
						   2);
			else
				sgf_prop_add(g, g->root, "AB", pt, 2);
			continue;
		}
		last = fmt_move(g, last, colour, x, y, at_off(mpos));
		if (!last) {
			fmt_error(g, 0, "out of memory");
			goto out;
		}
		colour = colour == 'B' ? 'W' : 'B';
	}
	if (sgf_node_prop(g->root, SGF_P_AB) && ha >= 2)
		fmt_set(g, g->root, "PL", "W");
out:
	cJSON_Delete(doc);
	return g;
}

bool
sgf_looks_ogs(const char *buf, size_t len)
{
	size_t i = 0;
	size_t n = len < 65536 ? len : 65536;

	while (i < n && (buf[i] == ' ' || buf[i] == '\n' || buf[i] == '\r' ||
			 buf[i] == '\t'))
		i++;
	if (i == n || buf[i] != '{')
		return false;
	/* sgfkit's own JSON has "nodes"; OGS games have "moves" and the
	 * board's "width" (or a "gamedata" wrapper) */
	return memmem(buf, n, "\"moves\"", 7) &&
	       (memmem(buf, n, "\"width\"", 7) ||
		memmem(buf, n, "\"gamedata\"", 10)) &&
	       !memmem(buf, n, "\"nodes\"", 7);
}
