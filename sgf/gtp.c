/*
 * gtp.c - GTP command scripts (and transcripts) read as a record,
 * FORMATS.md section 6.
 *
 * The commands that set up and play a game are replayed into a tree:
 * boardsize, clear_board, komi, fixed_handicap, set_free_handicap,
 * play, undo, genmove followed by its "= vertex" answer, and the rules
 * commands (kgs-rules, kata-set-rules), each line read by
 * gtp_command_parse() as a server reads it.  Other commands are
 * ignored.  A script that loads records (loadsgf, as GNU Go's
 * regression tests do) describes positions of other files, not a game:
 * it is an error.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fmt_internal.h"
#include "gtp.h"
#include "internal.h"

struct gtp {
	struct sgf_game *g;
	int size;
	struct sgf_node *last;
	long moves;
	uint32_t off; /* of the line being read, in the text */
};

static void
add_stone(struct gtp *r, int x, int y)
{
	char pt[2] = {sgf_coord_letter(x), sgf_coord_letter(y)};
	struct sgf_prop *p =
	    (struct sgf_prop *)sgf_node_prop(r->g->root, SGF_P_AB);

	if (p)
		sgf_prop_add_value(r->g, p, pt, 2);
	else
		sgf_prop_add(r->g, r->g->root, "AB", pt, 2);
}

static void
clear(struct gtp *r)
{
	struct sgf_prop *p;

	r->g->root->child = NULL;
	r->g->root->nchildren = 0;
	r->last = r->g->root;
	r->moves = 0;
	while ((p = (struct sgf_prop *)sgf_node_prop(r->g->root, SGF_P_AB)))
		sgf_prop_remove(r->g->root, p);
	if ((p = (struct sgf_prop *)sgf_node_prop(r->g->root, SGF_P_HA)))
		sgf_prop_remove(r->g->root, p);
	if ((p = (struct sgf_prop *)sgf_node_prop(r->g->root, SGF_P_PL)))
		sgf_prop_remove(r->g->root, p);
}

/* One script is one game: a new board after moves or stones starts it
 * again, and what came before is not in the output.  Say so. */
static void
dropped(struct gtp *r, unsigned line, const char *cmd)
{
	if (r->moves || sgf_node_prop(r->g->root, SGF_P_AB))
		fmt_warning(r->g, line,
			    "'%s' after moves or stones: the game before it "
			    "is dropped (one game per GTP script)",
			    cmd);
}

static int
play(struct gtp *r, int colour, const char *v, unsigned line)
{
	int x = -1, y = -1,
	    k = gtp_vertex_parse(v, strlen(v), r->size, r->size, &x, &y);

	if (k < 0)
		return fmt_error(r->g, line,
				 "expected a vertex such as D4 or 'pass', "
				 "not '%s'",
				 v);
	if (++r->moves > FMT_MAX_MOVES)
		return fmt_error(r->g, line, "more than %d moves",
				 FMT_MAX_MOVES);
	r->last = fmt_move(r->g, r->last, (char)colour, k ? x : -1, y, r->off);
	return r->last ? 0 : fmt_error(r->g, line, "out of memory");
}

struct sgf_game *
sgf_read_gtp(const char *buf, size_t len, const char *file)
{
	struct sgf_game *g;
	struct fmt_lines it;
	struct gtp r;
	const char *s;
	char *text, *line = NULL;
	size_t tlen, l;
	int pending = 0; /* colour of a genmove waiting for its answer */
	int lines = 0;	 /* lines with a command or an answer */
	char km[32];

	g = fmt_game_new(buf, len, file, NULL, &text, &tlen);
	if (!g)
		return NULL;
	if (!g->root) {
		fmt_error(g, 0, "out of memory");
		return g;
	}
	memset(&r, 0, sizeof(r));
	r.g = g;
	r.size = 19;
	r.last = g->root;
	fmt_set(g, g->root, "GM", "1");
	fmt_set(g, g->root, "FF", "4");
	fmt_set(g, g->root, "SZ", "19");
	fmt_lines_init(&it, text, tlen);
	while (fmt_lines_next(&it, &s, &l)) {
		struct gtp_command gc;
		char **w = gc.argv, *cmd;
		int n, c;

		if (l > FMT_MAX_LINE) {
			fmt_error(g, it.line, "line longer than %u bytes",
				  FMT_MAX_LINE);
			break;
		}
		r.off = (uint32_t)(s - text);
		free(line);
		line = strndup(s, l);
		if (!line) {
			fmt_error(g, it.line, "out of memory");
			break;
		}
		if (!gtp_command_parse(line, &gc))
			continue;
		n = gc.argc;
		lines++;
		/* an answer: "= Q16" after genmove, "= resign" */
		if (w[0][0] == '=' || w[0][0] == '?') {
			const char *v =
			    w[0][1] && !isdigit((unsigned char)w[0][1])
				? w[0] + 1
			    : n > 1 ? w[1]
				    : "";
			if (pending && w[0][0] == '=' && *v) {
				if (!strcasecmp(v, "resign"))
					fmt_set(g, g->root, "RE", "%c+R",
						pending == 'B' ? 'W' : 'B');
				else if (play(&r, pending, v, it.line) < 0)
					break;
			}
			pending = 0;
			continue;
		}
		cmd = w[0];
		pending = 0;
		if (!strcmp(cmd, "boardsize") && n >= 2) {
			int sz = atoi(w[1]);
			if (sz < 2 || sz > 25) {
				fmt_error(g, it.line,
					  "expected 'boardsize N' with N from "
					  "2 to 25");
				break;
			}
			r.size = sz;
			fmt_set(g, g->root, "SZ", "%d", sz);
			dropped(&r, it.line, cmd);
			clear(&r);
		} else if (!strcmp(cmd, "clear_board")) {
			dropped(&r, it.line, cmd);
			clear(&r);
		} else if (!strcmp(cmd, "komi") && n >= 2) {
			double k;
			if (sgf_real(w[1], &k) < 0) {
				fmt_error(g, it.line,
					  "expected 'komi' with a number");
				break;
			}
			fmt_number(k, km, sizeof(km));
			sgf_prop_set(g, g->root, "KM", km, strlen(km));
		} else if (!strcmp(cmd, "fixed_handicap") && n >= 2) {
			if (r.moves || sgf_node_prop(g->root, SGF_P_AB) ||
			    fmt_handicap(g, g->root, r.size, atoi(w[1])) < 0) {
				fmt_error(g, it.line,
					  "no fixed handicap of '%s' stones "
					  "on an empty %dx%d board",
					  w[1], r.size, r.size);
				break;
			}
		} else if (!strcmp(cmd, "set_free_handicap") && n >= 3) {
			int x, y, bad = 0;
			if (r.moves) {
				fmt_error(g, it.line,
					  "set_free_handicap after moves");
				break;
			}
			/* as GTP says: on an empty board, each vertex
			 * once, or the command fails */
			if (sgf_node_prop(g->root, SGF_P_AB)) {
				fmt_error(g, it.line,
					  "set_free_handicap on a board that "
					  "has stones");
				break;
			}
			int xs[GTP_MAX_WORDS], ys[GTP_MAX_WORDS];
			for (int i = 1; i < n && !bad; i++) {
				if (gtp_vertex_parse(w[i], strlen(w[i]), r.size,
						     r.size, &x, &y) != 1)
					bad = 1;
				/* the point, not its spelling: D4, d04 */
				for (int j = 1; j < i && !bad; j++)
					if (xs[j] == x && ys[j] == y)
						bad = 2;
				if (!bad)
					add_stone(&r, x, y);
				xs[i] = x;
				ys[i] = y;
			}
			if (bad) {
				fmt_error(g, it.line,
					  bad == 2 ? "a vertex repeated after "
						     "set_free_handicap"
						   : "expected vertices after "
						     "set_free_handicap");
				break;
			}
			fmt_set(g, g->root, "HA", "%d", n - 1);
			fmt_set(g, g->root, "PL", "W");
		} else if (!strcmp(cmd, "play")) {
			if (n < 3 || !(c = gtp_colour_parse(w[1]))) {
				fmt_error(g, it.line,
					  "expected 'play <black|white> "
					  "<vertex>'");
				break;
			}
			if (play(&r, c, w[2], it.line) < 0)
				break;
		} else if (!strcmp(cmd, "genmove") ||
			   !strcmp(cmd, "reg_genmove") ||
			   !strcmp(cmd, "kgs-genmove_cleanup")) {
			if (n >= 2 && (c = gtp_colour_parse(w[1])) &&
			    strcmp(cmd, "reg_genmove"))
				pending = c;
		} else if (!strcmp(cmd, "undo")) {
			if (r.last != g->root) {
				struct sgf_node *p = r.last->parent;
				p->child = NULL;
				p->nchildren = 0;
				r.last = p;
				r.moves--;
			} else {
				/* GTP's undo fails here; the script goes on */
				fmt_warning(g, it.line,
					    "'undo' with no move to take back: "
					    "ignored");
			}
		} else if ((!strcmp(cmd, "kgs-rules") ||
			    !strcmp(cmd, "kata-set-rules")) &&
			   n >= 2) {
			const char *rn = fmt_rules_name(w[1]);
			sgf_prop_set(g, g->root, "RU", rn, strlen(rn));
		} else if (!strcmp(cmd, "loadsgf")) {
			fmt_error(g, it.line,
				  "'loadsgf %s' replays another record: a GTP "
				  "script that loads records is not a game",
				  n > 1 ? w[1] : "");
			break;
		}
	}
	free(line);
	/* an empty file, or comments only: not a game of an empty board */
	if (!lines && !g->nerrors)
		fmt_error(g, 1, "expected GTP commands, the file has none");
	return g;
}

bool
sgf_looks_gtp(const char *buf, size_t len)
{
	static const char *const cmds[] = {"boardsize",
					   "clear_board",
					   "komi",
					   "play",
					   "genmove",
					   "loadsgf",
					   "fixed_handicap",
					   "undo",
					   "set_free_handicap",
					   "kgs-rules",
					   "kata-set-rules",
					   "kata-get-rules",
					   "protocol_version",
					   "name",
					   "version",
					   "list_commands",
					   "showboard",
					   "final_score",
					   NULL};
	struct fmt_lines it;
	const char *s;
	size_t l;
	int seen = 0;

	fmt_lines_init(&it, buf, len < 4096 ? len : 4096);
	while (fmt_lines_next(&it, &s, &l) && seen < 3) {
		size_t i = 0, k;
		bool ok = false;

		while (i < l && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i == l || s[i] == '#')
			continue;
		while (i < l && isdigit((unsigned char)s[i]))
			i++;
		while (i < l && s[i] == ' ')
			i++;
		for (k = 0; cmds[k]; k++) {
			size_t cl = strlen(cmds[k]);
			if (l - i >= cl && !memcmp(s + i, cmds[k], cl) &&
			    (l - i == cl || s[i + cl] == ' ' ||
			     s[i + cl] == '\t'))
				ok = true;
		}
		if (!ok)
			return false;
		seen++;
	}
	return seen > 0;
}
