/*
 * gtpsetup.c - a record told as GTP commands (gtp.h): the script of
 * `convert -t gtp`, and how `score --engine` sets up a game in an
 * engine.  Both say it the same way, so that what a user replays by
 * hand is what the engine was shown.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt_internal.h"
#include "gameinfo.h"
#include "gtp.h"

struct collect {
	int xs[GTP_MAX_SIDE * GTP_MAX_SIDE], ys[GTP_MAX_SIDE * GTP_MAX_SIDE];
	int n;
};

static void
collect_point(int x, int y, void *ctx)
{
	struct collect *c = ctx;

	if (c->n < GTP_MAX_SIDE * GTP_MAX_SIDE) {
		c->xs[c->n] = x;
		c->ys[c->n] = y;
		c->n++;
	}
}

/* The points of n's property pid; a value that is not a point is left
 * out with a note: the rest of the game is still worth replaying. */
static void
collect_prop(const struct sgf_node *n, enum sgf_pid pid, int size,
	     struct collect *c, struct sgf_write_notes *notes)
{
	for (const struct sgf_prop *p = n->props; p; p = p->next) {
		if (p->pid != pid)
			continue;
		for (const struct sgf_value *v = p->values; v; v = v->next) {
			char t[16];
			if (sgf_point_list(v->s, v->len, size, size,
					   collect_point, c) >= 0)
				continue;
			sgf_value_excerpt(v, t, sizeof(t));
			sgf_write_note(notes, v->off, "not-played",
				       "%s value '%s' is not a point: left out "
				       "of the script",
				       p->id, t);
		}
	}
}

static bool
is_fixed(const struct collect *ab, int size)
{
	int xs[9], ys[9];

	if (ab->n < 2 || ab->n > 9 ||
	    sgf_fixed_handicap(size, ab->n, xs, ys) != ab->n)
		return false;
	for (int i = 0; i < ab->n; i++) {
		bool found = false;
		for (int j = 0; j < ab->n; j++)
			if (ab->xs[i] == xs[j] && ab->ys[i] == ys[j])
				found = true;
		if (!found)
			return false;
	}
	return true;
}

/* The number of moves to send: `upto` of them (all when < 0), less the
 * passes that end them, two by two, when asked. */
static long
moves_to_send(const struct sgf_game *g, const struct gtp_setup *o, int size)
{
	long moves = 0, last_stone = 0;

	for (const struct sgf_node *n = g->root; n; n = n->child)
		for (const struct sgf_prop *p = n->props; p; p = p->next) {
			int x, y;
			if (p->pid != SGF_P_B && p->pid != SGF_P_W)
				continue;
			if (o->upto >= 0 && moves >= o->upto)
				goto done;
			moves++;
			/* a malformed point is not a pass: the caller's
			 * walk reports it */
			if (sgf_point(p->values->s, p->values->len, size, size,
				      &x, &y) != 0)
				last_stone = moves;
		}
done:
	return o->drop_end_passes ? moves - (moves - last_stone) / 2 * 2
				  : moves;
}

/* emit() a formatted line; its result, or 0. */
static int say(int (*emit)(void *, const char *), void *ctx, const char *fmt,
	       ...) __attribute__((format(printf, 3, 4)));
static int
say(int (*emit)(void *, const char *), void *ctx, const char *fmt, ...)
{
	char line[GTP_MAX_SIDE * GTP_MAX_SIDE * 4 + 32];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	return emit(ctx, line);
}

/* The handicap and setup stones of node n. */
static int
setup_stones(const struct sgf_node *n, bool root, int size, struct collect *ab,
	     struct collect *aw, struct sgf_write_notes *notes,
	     int (*emit)(void *, const char *), void *ctx, const char **why)
{
	char v[GTP_VERTEX_MAX];
	int rc = 0;

	ab->n = aw->n = 0;
	collect_prop(n, SGF_P_AB, size, ab, notes);
	collect_prop(n, SGF_P_AW, size, aw, notes);
	if (sgf_node_prop(n, SGF_P_AE)) {
		*why = "AE (removing stones) cannot be replayed in GTP";
		return -1;
	}
	if (root && aw->n == 0 && is_fixed(ab, size))
		return say(emit, ctx, "fixed_handicap %d", ab->n);
	if (root && aw->n == 0 && ab->n >= 2) {
		/* one line: the handicap is set at once */
		char line[GTP_MAX_SIDE * GTP_MAX_SIDE * 4 + 32];
		size_t o =
		    (size_t)snprintf(line, sizeof(line), "set_free_handicap");
		for (int i = 0; i < ab->n && o < sizeof(line); i++) {
			gtp_vertex_name(ab->xs[i], ab->ys[i], size, v);
			o += (size_t)snprintf(line + o, sizeof(line) - o, " %s",
					      v);
		}
		return emit(ctx, line);
	}
	for (int i = 0; i < ab->n && !rc; i++) {
		gtp_vertex_name(ab->xs[i], ab->ys[i], size, v);
		rc = say(emit, ctx, "play black %s", v);
	}
	for (int i = 0; i < aw->n && !rc; i++) {
		gtp_vertex_name(aw->xs[i], aw->ys[i], size, v);
		rc = say(emit, ctx, "play white %s", v);
	}
	return rc;
}

int
gtp_setup_commands(const struct sgf_game *g, const struct gtp_setup *o,
		   int (*emit)(void *ctx, const char *line), void *ctx,
		   const char **why)
{
	struct sgf_gameinfo gi;
	struct collect *ab = NULL, *aw = NULL;
	long seen = 0, send;
	char v[GTP_VERTEX_MAX], num[32];
	int size, rc;

	if (!g || !g->root) {
		*why = "empty record";
		return -1;
	}
	if (sgf_game_type(g) != 1) {
		*why = SGF_NOT_GO_WHY;
		return -1;
	}
	sgf_gameinfo(g, &gi);
	if (gi.cols != gi.rows || gi.cols > GTP_MAX_SIDE) {
		*why = "GTP has square boards of at most 25x25 only";
		return -1;
	}
	size = gi.cols;
	send = moves_to_send(g, o, size);
	ab = malloc(sizeof(*ab));
	aw = malloc(sizeof(*aw));
	if (!ab || !aw) {
		*why = "out of memory";
		rc = -1;
		goto out;
	}
	if ((rc = say(emit, ctx, "boardsize %d", size)) ||
	    (rc = emit(ctx, "clear_board")))
		goto out;
	if (o->komi_set || gi.has_komi) {
		fmt_number(o->komi_set ? o->komi : gi.komi, num, sizeof(num));
		if ((rc = say(emit, ctx, "komi %s", num)))
			goto out;
	}
	for (const struct sgf_node *n = g->root; n; n = n->child) {
		if ((rc = setup_stones(n, n == g->root, size, ab, aw, o->notes,
				       emit, ctx, why)))
			goto out;
		for (const struct sgf_prop *p = n->props; p; p = p->next) {
			int x, y, r;
			if (p->pid != SGF_P_B && p->pid != SGF_P_W)
				continue;
			if (o->upto >= 0 && seen >= o->upto)
				goto out;
			if (++seen > send) /* a pass left out */
				continue;
			r = sgf_point(p->values->s, p->values->len, size, size,
				      &x, &y);
			if (r < 0) {
				/* one move GTP cannot say does not block the
				 * others (each play names its colour) */
				char t[16];
				sgf_value_excerpt(p->values, t, sizeof(t));
				sgf_write_note(o->notes, p->values->off,
					       "not-played",
					       "move %ld (%s '%s') is not a "
					       "point: left out of the script",
					       seen, p->id, t);
				continue;
			}
			if (r == 0)
				x = y = -1;
			gtp_vertex_name(x, y, size, v);
			if ((rc =
				 say(emit, ctx, "play %s %s",
				     p->pid == SGF_P_B ? "black" : "white", v)))
				goto out;
		}
		/* the setup of later nodes is not part of the position
		 * after move `upto`; with upto 0, the setup before the
		 * first move is, in whatever node it is (as the diagrams
		 * and score -m 0 take it) */
		if (o->upto > 0 && seen >= o->upto)
			break;
	}
out:
	free(ab);
	free(aw);
	return rc;
}

int
gtp_position_commands(int size, const unsigned char *colour, int first,
		      double komi, int (*emit)(void *ctx, const char *line),
		      void *ctx)
{
	char v[GTP_VERTEX_MAX], num[32];
	int rc;

	fmt_number(komi, num, sizeof(num));
	if ((rc = say(emit, ctx, "boardsize %d", size)) ||
	    (rc = emit(ctx, "clear_board")) ||
	    (rc = say(emit, ctx, "komi %s", num)))
		return rc;
	for (int i = 0; i < 2; i++) {
		int col = i == 0 ? first : 3 - first;
		for (int p = 0; p < size * size; p++) {
			if (colour[p] != col)
				continue;
			gtp_vertex_name(p % size, p / size, size, v);
			if ((rc = say(emit, ctx, "play %s %s",
				      col == 1 ? "black" : "white", v)))
				return rc;
		}
	}
	return 0;
}

static int
put_line(void *ctx, const char *line)
{
	FILE *f = ctx;

	fputs(line, f);
	putc('\n', f);
	return 0;
}

int
gtp_write_script(FILE *out, const struct sgf_game *g, long upto,
		 const char **why, struct sgf_write_notes *notes)
{
	struct gtp_setup o;
	int rc;

	memset(&o, 0, sizeof(o));
	o.upto = upto;
	o.notes = notes;
	rc = gtp_setup_commands(g, &o, put_line, out, why);
	if (!rc && ferror(out)) {
		*why = "write error";
		rc = -1;
	}
	return rc;
}
