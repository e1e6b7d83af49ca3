/*
 * gtpserver.c - a GTP 2 session that referees and scores (gtpserver.h):
 * each command line answered from the game kept as an SGF record.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../sgf/formats.h"
#include "../sgf/gtp.h"
#include "../sgf/sgf.h"
#include "check.h"
#include "diagram.h"
#include "gtpserver.h"
#include "rules.h"
#include "score.h"

#define MAX_KOMI 1000 /* as score --komi */

struct gtpserver {
	struct sgf_game *g;   /* the game: root, then the main line */
	struct sgf_node *end; /* its last node */
	long moves;	      /* B and W properties along it */
	int size;
	char *file;    /* the game's name: "gtp", or the file loaded */
	char *rules;   /* the rule set named, or NULL */
	bool has_komi; /* komi for new boards */
	double komi;
	const char *version;
	/* nodes and values left in the game's arena by undo, refused
	 * moves and changed properties: past a bound the game is copied
	 * afresh, so that memory does not grow with the session */
	unsigned long garbage;
	/* the last count, kept while nothing changes */
	struct score_game_result *res;
	bool res_valid;
	char *text; /* the response */
	size_t len;
};

/* The moves (B, W) in node n. */
static int
node_moves(const struct sgf_node *n)
{
	int k = 0;
	for (const struct sgf_prop *p = n->props; p; p = p->next)
		k += p->pid == SGF_P_B || p->pid == SGF_P_W;
	return k;
}

/* A new empty board: the root with GM, FF, SZ, and KM and RU when the
 * session has them. */
static int
new_board(struct gtpserver *s)
{
	struct sgf_game *g = sgf_game_new(s->file, 1);
	char v[32];
	int n;

	if (!g || !sgf_node_add(g, NULL))
		goto oom;
	n = snprintf(v, sizeof(v), "%d", s->size);
	if (!sgf_prop_add(g, g->root, "GM", "1", 1) ||
	    !sgf_prop_add(g, g->root, "FF", "4", 1) ||
	    !sgf_prop_add(g, g->root, "SZ", v, (size_t)n))
		goto oom;
	if (s->has_komi) {
		n = snprintf(v, sizeof(v), "%.15g", s->komi);
		if (!sgf_prop_add(g, g->root, "KM", v, (size_t)n))
			goto oom;
	}
	if (s->rules &&
	    !sgf_prop_add(g, g->root, "RU", s->rules, strlen(s->rules)))
		goto oom;
	sgf_game_free(s->g);
	s->g = g;
	s->end = g->root;
	s->moves = 0;
	s->garbage = 0;
	s->res_valid = false;
	return 0;
oom:
	sgf_game_free(g);
	return -1;
}

/* The game copied afresh (its main line), leaving the garbage behind. */
static int
compact(struct gtpserver *s)
{
	struct sgf_game *g = sgf_game_new(s->file, 1);
	struct sgf_node *parent = NULL, *c = NULL;

	if (!g)
		return -1;
	for (const struct sgf_node *n = s->g->root; n; n = n->child) {
		if (!(c = sgf_node_add(g, parent)))
			goto oom;
		for (const struct sgf_prop *p = n->props; p; p = p->next) {
			struct sgf_prop *q = NULL;
			for (const struct sgf_value *v = p->values; v;
			     v = v->next) {
				q = q ? (sgf_prop_add_value(g, q, v->s, v->len)
					     ? q
					     : NULL)
				      : sgf_prop_add(g, c, p->id, v->s, v->len);
				if (!q)
					goto oom;
			}
		}
		parent = c;
	}
	sgf_game_free(s->g);
	s->g = g;
	s->end = c;
	s->garbage = 0;
	return 0;
oom:
	sgf_game_free(g);
	return -1;
}

static void
changed(struct gtpserver *s, unsigned long garbage)
{
	s->res_valid = false;
	s->garbage += garbage;
	if (s->garbage > 4096 + 4 * (unsigned long)s->moves)
		compact(s); /* (out of memory: the game stays as it is) */
}

/* Append a node with colour's move at (x, y) (x < 0: a pass). */
static struct sgf_node *
append_move(struct gtpserver *s, int colour, int x, int y)
{
	struct sgf_node *n = sgf_node_add(s->g, s->end);
	const char id[2] = {(char)colour, 0};
	const char pt[2] = {sgf_coord_letter(x), sgf_coord_letter(y)};

	if (n && !sgf_prop_add(s->g, n, id, pt, x < 0 ? 0 : 2))
		return NULL;
	return n;
}

static void
detach(struct gtpserver *s, struct sgf_node *n)
{
	struct sgf_node *p = n->parent;
	p->child = NULL;
	p->nchildren = 0;
}

/* Is colour's move at (x, y) legal after the game's moves?  As check
 * says: no error at that move under the session's rules.  keep: play
 * it when it is.  Returns 1, 0, or -1 when out of memory. */
static int
try_move(struct gtpserver *s, int colour, int x, int y, bool keep)
{
	struct sgf_node *n = append_move(s, colour, x, y);
	struct check_opts co;
	struct check_list l;
	bool legal = true;
	int rc;

	if (!n)
		return -1;
	check_opts_default(&co);
	co.rules = s->rules;
	co.main_line_only = 1;
	check_list_init(&l);
	rc = check_game(s->g, &co, &l);
	for (size_t i = 0; i < l.n; i++)
		if (l.v[i].severity == CHECK_ERROR &&
		    l.v[i].move == s->moves + 1 && !l.v[i].variation[0])
			legal = false;
	check_list_release(&l);
	if (rc == 0 && legal && keep) {
		s->end = n;
		s->moves++;
		changed(s, 0);
		return 1;
	}
	detach(s, n);
	changed(s, 1);
	return rc ? -1 : legal;
}

/* Any stone or move on the board? */
static bool
board_empty(const struct gtpserver *s)
{
	return s->end == s->g->root && !sgf_node_prop(s->g->root, SGF_P_AB) &&
	       !sgf_node_prop(s->g->root, SGF_P_AW);
}

/* The vertices of points (x, y) in board order (from the top left,
 * row by row), as GNU Go lists them. */
static void
put_vertices(FILE *f, int size, const int *xs, const int *ys, int n)
{
	bool first = true;
	for (int y = 0; y < size; y++)
		for (int x = 0; x < size; x++)
			for (int i = 0; i < n; i++)
				if (xs[i] == x && ys[i] == y) {
					char v[GTP_VERTEX_MAX];
					gtp_vertex_name(x, y, size, v);
					fprintf(f, "%s%s", first ? "" : " ", v);
					first = false;
					break;
				}
}

/* Add the stones at xs, ys as AB, with HA and PL[W]. */
static int
put_handicap(struct gtpserver *s, const int *xs, const int *ys, int n)
{
	struct sgf_prop *p = NULL;
	char v[16];
	int k = snprintf(v, sizeof(v), "%d", n);

	for (int i = 0; i < n; i++) {
		char pt[2] = {sgf_coord_letter(xs[i]), sgf_coord_letter(ys[i])};
		p = p ? (sgf_prop_add_value(s->g, p, pt, 2) ? p : NULL)
		      : sgf_prop_add(s->g, s->g->root, "AB", pt, 2);
		if (!p)
			return -1;
	}
	changed(s, 0);
	return sgf_prop_set(s->g, s->g->root, "HA", v, (size_t)k) &&
		       sgf_prop_set(s->g, s->g->root, "PL", "W", 1)
		   ? 0
		   : -1;
}

/* The game scored as `sgfkit score` scores it (cached until the game
 * changes); NULL with why when it cannot be. */
static const struct score_game_result *
scored(struct gtpserver *s, char *why, size_t n)
{
	struct score_game_opts o;
	uint32_t line = 0, col = 0;

	if (s->res_valid)
		return s->res;
	memset(&o, 0, sizeof(o));
	o.rules = s->rules;
	o.move = -1;
	o.dead_mode = SCORE_DEAD_ESTIMATE;
	score_estimate_opts_default(&o.est);
	if (score_game(s->g, &o, s->res, why, n, &line, &col))
		return NULL;
	s->res_valid = true;
	return s->res;
}

/* The status final_status_list asks for, of the stone at p. */
enum status { ST_ALIVE, ST_DEAD, ST_SEKI };
static enum status
status_of(const struct score_game_result *r, const uint8_t *chain)
{
	int w = r->pos.w, h = r->pos.h;
	bool seki = false;
	for (int p = 0; p < w * h; p++) {
		if (!chain[p])
			continue;
		if (r->pos.dead[p])
			return ST_DEAD;
		/* a living chain with a liberty shared in seki, or a seki
		 * eye, lives in seki */
		int x = p % w, y = p / w;
		int nb[4] = {x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1,
			     y > 0 ? p - w : -1, y < h - 1 ? p + w : -1};
		for (int i = 0; i < 4; i++) {
			int m = nb[i] < 0 ? 0 : r->res.mark[nb[i]];
			if (m == SCORE_M_SEKI || m == SCORE_M_BSEKIEYE ||
			    m == SCORE_M_WSEKIEYE)
				seki = true;
		}
	}
	return seki ? ST_SEKI : ST_ALIVE;
}

/* final_status_list: one chain a line, as GNU Go. */
static void
status_list(FILE *f, const struct score_game_result *r, enum status want)
{
	int w = r->pos.w, np = w * r->pos.h;
	uint8_t done[SCORE_MAX_POINTS], chain[SCORE_MAX_POINTS];
	bool first = true;

	memset(done, 0, sizeof(done));
	for (int p = 0; p < np; p++) {
		if (done[p] || !r->pos.color[p] ||
		    !score_chain(&r->pos, p, chain))
			continue;
		enum status st = status_of(r, chain);
		if (!first && st == want)
			fputc('\n', f);
		for (int q = 0; q < np; q++) {
			if (!chain[q])
				continue;
			done[q] = 1;
			if (st == want) {
				char v[GTP_VERTEX_MAX];
				gtp_vertex_name(q % w, q / w, r->pos.h, v);
				fprintf(f, "%s%s", q == p ? "" : " ", v);
			}
		}
		if (st == want)
			first = false;
	}
}

/* The game of `file`, its main line to the position before move
 * `before` (0: all), or NULL with why. */
static struct sgf_game *
load(const char *file, long before, char *why, size_t n)
{
	struct sgf_reader *rd = sgf_reader_open(file, file, NULL);
	struct sgf_chunk ch;
	struct sgf_game *g = NULL;
	int w = 0, h = 0;

	if (!rd) {
		snprintf(why, n, "cannot open '%s': %s", file, strerror(errno));
		return NULL;
	}
	if (sgf_reader_next(rd, &ch, NULL) == 1)
		g = sgf_parse_chunk(&ch, NULL);
	sgf_reader_close(rd);
	if (!g || !g->root) {
		snprintf(why, n, "cannot open or parse '%s'", file);
		goto fail;
	}
	if (sgf_game_type(g) != 1) {
		snprintf(why, n, "'%s' is %s", file, SGF_NOT_GO_WHY);
		goto fail;
	}
	if (sgf_board_size(g, &w, &h) || w != h || w > GTP_MAX_SIDE) {
		snprintf(why, n,
			 "'%s': a %dx%d board (GTP boards are square, "
			 "at most %dx%d)",
			 file, w, h, GTP_MAX_SIDE, GTP_MAX_SIDE);
		goto fail;
	}
	/* the main line only, cut before the node of move `before` */
	long moves = 0;
	for (struct sgf_node *nd = g->root; nd; nd = nd->child) {
		moves += node_moves(nd);
		if (nd->child) {
			nd->child->next = NULL;
			nd->nchildren = 1;
		}
		if (before > 0 && nd->child &&
		    moves + node_moves(nd->child) >= before) {
			nd->child = NULL;
			nd->nchildren = 0;
		}
	}
	return g;
fail:
	sgf_game_free(g);
	return NULL;
}

/* ------------------------------------------------------------------ */
/* Commands.  Each writes its answer's text on f and returns true for
 * success ("="), false for failure ("?"). */

typedef bool (*handler)(struct gtpserver *s, FILE *f, int argc, char **argv);

static bool
fail(FILE *f, const char *msg)
{
	fputs(msg, f);
	return false;
}

static bool
c_protocol_version(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	fputs("2", f);
	return true;
}

static bool
c_name(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	fputs("sgfkit", f);
	return true;
}

static bool
c_version(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	fputs(s->version ? s->version : "", f);
	return true;
}

static bool known(const char *name);
static void list(FILE *f);

static bool
c_known_command(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	if (argc < 2)
		return fail(f, "syntax error");
	fputs(known(argv[1]) ? "true" : "false", f);
	return true;
}

static bool
c_list_commands(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	list(f);
	return true;
}

/* quit (the caller ends the session) and kgs-game_over: nothing to
 * do but answer */
static bool
c_nothing(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	return true;
}

static bool
c_boardsize(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	char *end;
	long n;

	if (argc < 2)
		return fail(f, "boardsize not an integer");
	errno = 0;
	n = strtol(argv[1], &end, 10);
	if (end == argv[1] || *end)
		return fail(f, "boardsize not an integer");
	if (errno || n < 1 || n > GTP_MAX_SIDE)
		return fail(f, "unacceptable size");
	int old = s->size;
	s->size = (int)n;
	if (new_board(s)) {
		s->size = old;
		return fail(f, "out of memory");
	}
	return true;
}

static bool
c_clear_board(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	/* loadsgf may have named the game after its file */
	free(s->file);
	s->file = strdup("gtp");
	if (!s->file || new_board(s))
		return fail(f, "out of memory");
	return true;
}

static bool
c_komi(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	char *end, v[32];
	double k;
	int n;

	if (argc < 2)
		return fail(f, "komi not a float");
	errno = 0;
	k = strtod(argv[1], &end);
	/* a decimal number: strtod would also take "0x10" or "1e1" */
	if (end == argv[1] || *end || errno || !isfinite(k) ||
	    argv[1][strspn(argv[1], "+-0123456789.")] || fabs(k) > MAX_KOMI)
		return fail(f, "komi not a float");
	if (k == 0)
		k = 0; /* "-0": KM[-0] in printsgf */
	s->has_komi = true;
	s->komi = k;
	n = snprintf(v, sizeof(v), "%.15g", k);
	if (!sgf_prop_set(s->g, s->g->root, "KM", v, (size_t)n))
		return fail(f, "out of memory");
	changed(s, 1);
	return true;
}

/* colour and vertex of play and is_legal; 0 when they are not */
static int
colour_vertex(const struct gtpserver *s, int argc, char **argv, int *x, int *y)
{
	int c, k;
	if (argc < 3 || !(c = gtp_colour_parse(argv[1])))
		return 0;
	k = gtp_vertex_parse(argv[2], strlen(argv[2]), s->size, s->size, x, y);
	if (k < 0)
		return 0;
	if (k == 0)
		*x = *y = -1;
	return c;
}

/* play (keep) and is_legal */
static bool
move(struct gtpserver *s, FILE *f, int argc, char **argv, bool keep)
{
	int x, y, c = colour_vertex(s, argc, argv, &x, &y), k;

	if (!c)
		return fail(f, "invalid color or coordinate");
	k = try_move(s, c, x, y, keep);
	if (k < 0)
		return fail(f, "out of memory");
	if (keep)
		return k ? true : fail(f, "illegal move");
	fputs(k ? "1" : "0", f);
	return true;
}

static bool
c_play(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	return move(s, f, argc, argv, true);
}

static bool
c_is_legal(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	return move(s, f, argc, argv, false);
}

static bool
c_undo(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	struct sgf_node *n = s->end;
	unsigned long dropped = 0;

	/* back to the node of the last move, nodes without one too */
	while (n != s->g->root && !node_moves(n)) {
		n = n->parent;
		dropped++;
	}
	if (n == s->g->root)
		return fail(f, "cannot undo");
	s->moves -= node_moves(n);
	s->end = n->parent;
	detach(s, n);
	changed(s, dropped + 1);
	return true;
}

static bool
c_fixed_handicap(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	int xs[9], ys[9], k;
	char *end;
	long n;

	if (argc < 2)
		return fail(f, "handicap not an integer");
	n = strtol(argv[1], &end, 10);
	if (end == argv[1] || *end)
		return fail(f, "handicap not an integer");
	if (!board_empty(s))
		return fail(f, "board not empty");
	k = n >= 2 && n <= 9 ? sgf_fixed_handicap(s->size, (int)n, xs, ys) : 0;
	if (k == 0)
		return fail(f, "invalid handicap");
	if (put_handicap(s, xs, ys, k))
		return fail(f, "out of memory");
	put_vertices(f, s->size, xs, ys, k);
	return true;
}

static bool
c_set_free_handicap(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	int xs[GTP_MAX_WORDS], ys[GTP_MAX_WORDS], n = argc - 1;

	if (!board_empty(s))
		return fail(f, "board not empty");
	for (int i = 0; i < n; i++) {
		char *v = argv[i + 1];
		if (gtp_vertex_parse(v, strlen(v), s->size, s->size, &xs[i],
				     &ys[i]) != 1)
			return fail(f, "invalid coordinate");
		for (int j = 0; j < i; j++)
			if (xs[j] == xs[i] && ys[j] == ys[i])
				return fail(f, "repeated vertex");
	}
	if (n < 2 || n >= s->size * s->size)
		return fail(f, "invalid handicap");
	if (put_handicap(s, xs, ys, n))
		return fail(f, "out of memory");
	return true;
}

static bool
c_showboard(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	const char *why = NULL;

	fputc('\n', f);
	if (diagram_write_txt(f, s->g, -1, &why, NULL))
		return fail(f, why ? why : "cannot draw the board");
	return true;
}

static bool
c_final_score(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	char why[256];
	const struct score_game_result *r = scored(s, why, sizeof(why));

	if (!r)
		return fail(f, why);
	/* GNU Go's form: one decimal, "0" for a draw */
	if (fabs(r->margin) < 1e-9)
		fputs("0", f);
	else
		fprintf(f, "%c+%.1f", r->margin > 0 ? 'B' : 'W',
			fabs(r->margin));
	return true;
}

static bool
c_final_status_list(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	static const char *const names[] = {"alive", "dead", "seki"};
	char why[256];
	const struct score_game_result *r;
	int want = -1;

	for (int i = 0; argc >= 2 && i < 3; i++)
		if (!strcasecmp(argv[1], names[i]))
			want = i;
	if (want < 0)
		return fail(f, "invalid status");
	if (!(r = scored(s, why, sizeof(why))))
		return fail(f, why);
	status_list(f, r, (enum status)want);
	return true;
}

static bool
c_loadsgf(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	struct sgf_game *g;
	char why[512], *end, *file;
	long before = 0;

	if (argc < 2)
		return fail(f, "syntax error");
	if (argc >= 3) {
		errno = 0;
		before = strtol(argv[2], &end, 10);
		if (end == argv[2] || *end || errno || before < 1)
			return fail(f, "move number not a positive integer");
	}
	if (!(file = strdup(argv[1])))
		return fail(f, "out of memory");
	if (!(g = load(file, before, why, sizeof(why)))) {
		free(file);
		return fail(f, why);
	}
	sgf_game_free(s->g);
	free(s->file);
	s->file = file;
	g->file = file;
	s->g = g;
	sgf_board_size(g, &s->size, &s->size);
	s->moves = 0;
	char last = 0; /* colour of the last move */
	for (struct sgf_node *n = g->root; n; n = n->child) {
		s->moves += node_moves(n);
		s->end = n;
		for (const struct sgf_prop *p = n->props; p; p = p->next)
			if (p->pid == SGF_P_B || p->pid == SGF_P_W)
				last = *p->id;
	}
	/* komi for the boards to come: the record's, as GNU Go takes it */
	struct sgf_gameinfo gi;
	sgf_gameinfo_root(g, &gi);
	if (gi.has_komi) {
		s->has_komi = true;
		s->komi = gi.komi;
	}
	s->res_valid = false;
	s->garbage = 0;
	/* who plays next: the other side after a move; before any, PL,
	 * else White after a handicap, as GNU Go says */
	const char *pl = sgf_root_value(g, SGF_P_PL);
	if (!last && pl)
		last = *pl == 'W' || *pl == 'w' ? 'B' : 'W';
	else if (!last)
		last = gi.handicap >= 2 ? 'B' : 'W';
	fputs(last == 'B' ? "white" : "black", f);
	return true;
}

static bool
c_printsgf(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	if (argc > 1)
		return fail(f, "printsgf writes to the response only");
	if (sgf_write_sgf(f, s->g, 0))
		return fail(f, "cannot write the record");
	return true;
}

static bool
c_kgs_rules(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	struct rules r;
	char *name;

	if (argc < 2 || rules_from_name(&r, argv[1]))
		return fail(f, "unknown rule set");
	if (!(name = strdup(argv[1])))
		return fail(f, "out of memory");
	free(s->rules);
	s->rules = name;
	if (!sgf_prop_set(s->g, s->g->root, "RU", name, strlen(name)))
		return fail(f, "out of memory");
	changed(s, 1);
	return true;
}

static bool
c_genmove(struct gtpserver *s, FILE *f, int argc, char **argv)
{
	return fail(f, "sgfkit plays no moves: it referees and scores");
}

/* The commands, in list_commands order.  genmove is answered (with a
 * refusal) but neither listed nor known. */
static const struct {
	const char *name;
	handler fn;
	bool listed;
} table[] = {
    {"protocol_version", c_protocol_version, true},
    {"name", c_name, true},
    {"version", c_version, true},
    {"known_command", c_known_command, true},
    {"list_commands", c_list_commands, true},
    {"quit", c_nothing, true},
    {"boardsize", c_boardsize, true},
    {"clear_board", c_clear_board, true},
    {"komi", c_komi, true},
    {"play", c_play, true},
    {"undo", c_undo, true},
    {"fixed_handicap", c_fixed_handicap, true},
    {"set_free_handicap", c_set_free_handicap, true},
    {"showboard", c_showboard, true},
    {"final_score", c_final_score, true},
    {"final_status_list", c_final_status_list, true},
    {"loadsgf", c_loadsgf, true},
    {"printsgf", c_printsgf, true},
    {"is_legal", c_is_legal, true},
    {"kgs-rules", c_kgs_rules, true},
    {"kgs-game_over", c_nothing, true},
    {"genmove", c_genmove, false},
};
#define NCOMMANDS (sizeof(table) / sizeof(table[0]))

static bool
known(const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (table[i].listed && !strcmp(table[i].name, name))
			return true;
	return false;
}

static void
list(FILE *f)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (table[i].listed)
			fprintf(f, "%s%s", i ? "\n" : "", table[i].name);
}

struct gtpserver *
gtpserver_new(const struct gtpserver_opts *o)
{
	struct gtpserver *s = calloc(1, sizeof(*s));
	struct rules r;

	if (!s)
		return NULL;
	s->size = 19;
	s->has_komi = o->has_komi;
	s->komi = o->komi;
	s->version = o->version;
	s->file = strdup("gtp");
	s->res = malloc(sizeof(*s->res));
	if (o->rules &&
	    (rules_from_name(&r, o->rules) || !(s->rules = strdup(o->rules))))
		goto fail;
	if (!s->file || !s->res || new_board(s))
		goto fail;
	return s;
fail:
	gtpserver_free(s);
	return NULL;
}

void
gtpserver_free(struct gtpserver *s)
{
	if (!s)
		return;
	sgf_game_free(s->g);
	free(s->file);
	free(s->rules);
	free(s->res);
	free(s->text);
	free(s);
}

/* Start an answer: *f writes into s->text. */
static FILE *
answer_open(struct gtpserver *s)
{
	free(s->text);
	s->text = NULL;
	s->len = 0;
	return open_memstream(&s->text, &s->len);
}

static void
answer_close(struct gtpserver *s, FILE *f, bool ok, long id,
	     struct gtpserver_answer *a)
{
	a->ok = ok;
	a->id = id;
	a->quit = false;
	if (!f || fclose(f)) {
		free(s->text);
		s->text = NULL;
		a->ok = false;
	}
	a->text = s->text ? s->text : "out of memory";
}

int
gtpserver_line(struct gtpserver *s, char *line, struct gtpserver_answer *a)
{
	struct gtp_command c;
	FILE *f;
	bool ok = false;
	size_t i;

	if (!gtp_command_parse(line, &c))
		return 0;
	f = answer_open(s);
	if (f) {
		for (i = 0; i < NCOMMANDS; i++)
			if (!strcmp(table[i].name, c.argv[0]))
				break;
		if (i == NCOMMANDS)
			ok = fail(f, "unknown command");
		else if (c.too_many)
			ok = fail(f, "syntax error: too many arguments");
		else
			ok = table[i].fn(s, f, c.argc, c.argv);
	}
	answer_close(s, f, ok, c.id, a);
	a->quit = f && !strcmp(c.argv[0], "quit");
	return 1;
}

void
gtpserver_too_long(struct gtpserver *s, char *start, size_t max,
		   struct gtpserver_answer *a)
{
	struct gtp_command c;
	FILE *f = answer_open(s);

	/* the id, when the start has one */
	gtp_command_parse(start, &c);
	if (f)
		fprintf(f, "command line too long (more than %zu bytes)", max);
	answer_close(s, f, false, c.id, a);
}
