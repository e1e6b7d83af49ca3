/*
 * rules_replay.c - benchmark driver for the rules replay (built by
 * tests/bench/rules-replay.sh, not part of `make check`).
 *
 *   rules_replay [-r RULES] [-n ROUNDS] [-p | -P] FILE...
 *
 * Reads and parses the games one by one, as `sgfkit check` does, and
 * times check_game() alone on each game right after it is parsed (the
 * tree is then in cache, as in real use).  Does this ROUNDS times and
 * prints games, moves, the median total replay time of a round, moves/s
 * and ns/move (CPU time of the thread, so other load does not count).  With -p
 * it replays the raw board of the main line only (board_play, no history, no
 * checks); with -P the same on the replay board check_game uses
 * (rboard_play).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../../rules/board.h"
#include "../../rules/check.h"
#include "../../rules/replay_board.h"
#include "../../sgf/sgf.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static long
count_moves(const struct sgf_game *g)
{
	const struct sgf_node *n = g->root;
	long moves = 0;

	/* main line and variations: every node with B or W */
	while (n) {
		if (sgf_node_prop(n, SGF_P_B) || sgf_node_prop(n, SGF_P_W))
			moves++;
		n = sgf_node_next(n);
	}
	return moves;
}

/* Is p a play on the board?  Then its colour and point. */
static bool
move_of(const struct sgf_prop *p, int cols, int rows, int *color, int *x,
	int *y)
{
	if (p->pid != SGF_P_B && p->pid != SGF_P_W)
		return false;
	*color = p->pid == SGF_P_B ? BOARD_BLACK : BOARD_WHITE;
	return sgf_point(p->values->s, p->values->len, cols, rows, x, y) == 1;
}

/* Raw board replay of the main line: the floor under check_game. */
static long
raw_replay(const struct sgf_game *g, struct board *b)
{
	const struct sgf_node *n;
	int cols, rows;
	long played = 0;

	sgf_board_size(g, &cols, &rows);
	board_init(b, cols, rows);
	for (n = g->root; n; n = n->child) {
		const struct sgf_prop *p;
		for (p = n->props; p; p = p->next) {
			int x, y, color;
			bpt pt;
			if (!move_of(p, cols, rows, &color, &x, &y))
				continue;
			pt = board_pt(b, x, y);
			if (board_color(b, pt) != BOARD_EMPTY)
				continue;
			board_play(b, color, pt, NULL);
			played++;
		}
	}
	return played;
}

/* The same on the replay board, which check_game() uses. */
static long
raw_rreplay(const struct sgf_game *g, struct rboard *b)
{
	static bpt removed[BOARD_MAX_SIDE * BOARD_MAX_SIDE];
	const struct sgf_node *n;
	int cols, rows, sui;
	long played = 0;

	sgf_board_size(g, &cols, &rows);
	rboard_init(b, cols, rows);
	for (n = g->root; n; n = n->child) {
		const struct sgf_prop *p;
		for (p = n->props; p; p = p->next) {
			int x, y, color;
			bpt pt;
			if (!move_of(p, cols, rows, &color, &x, &y))
				continue;
			pt = rboard_pt(b, x, y);
			if (rboard_color(b, pt) != BOARD_EMPTY)
				continue;
			rboard_play(b, color, pt, &sui, removed);
			played++;
		}
	}
	return played;
}

int
main(int argc, char **argv)
{
	const char *rules = NULL;
	int rounds = 5, raw = 0, opt, r;
	size_t ngames = 0;
	long moves = 0, problems = 0;
	double *t;
	static struct board b;
	static struct rboard rb;

	while ((opt = getopt(argc, argv, "r:n:pP")) != -1) {
		if (opt == 'r')
			rules = optarg;
		else if (opt == 'n')
			rounds = atoi(optarg);
		else if (opt == 'p')
			raw = 1;
		else if (opt == 'P')
			raw = 2;
		else
			return 2;
	}
	t = calloc((size_t)(rounds > 0 ? rounds : 1), sizeof(*t));
	for (r = 0; r < rounds; r++) {
		int k;
		ngames = 0;
		moves = 0;
		problems = 0;
		for (k = optind; k < argc; k++) {
			struct sgf_reader *rd =
			    sgf_reader_open(argv[k], argv[k], NULL);
			struct sgf_chunk ch;
			if (!rd)
				continue;
			while (sgf_reader_next(rd, &ch, NULL) > 0) {
				struct sgf_game *g = sgf_parse_chunk(&ch, NULL);
				double t0;
				if (!g)
					break;
				moves += count_moves(g);
				ngames++;
				t0 = now();
				if (raw == 1) {
					raw_replay(g, &b);
				} else if (raw == 2) {
					raw_rreplay(g, &rb);
				} else {
					struct check_opts o;
					struct check_list l;
					check_opts_default(&o);
					o.rules = rules;
					check_list_init(&l);
					check_game(g, &o, &l);
					problems += (long)l.n;
					check_list_release(&l);
				}
				t[r] += now() - t0;
				sgf_game_free(g);
			}
			sgf_reader_close(rd);
		}
	}
	if (!ngames) {
		fprintf(stderr, "rules_replay: no games\n");
		return 1;
	}
	qsort(t, (size_t)rounds, sizeof(*t), cmp_double);
	printf("%s%s%s: %zu games, %ld moves, %ld problems, median %.3f s: "
	       "%.2f M moves/s, %.1f ns/move, %.0f games/s\n",
	       raw == 1	  ? "raw board"
	       : raw == 2 ? "raw replay board"
			  : "check_game",
	       rules ? " --rules " : "", rules ? rules : "", ngames, moves,
	       problems, t[rounds / 2], (double)moves / t[rounds / 2] / 1e6,
	       t[rounds / 2] * 1e9 / (double)moves,
	       (double)ngames / t[rounds / 2]);
	free(t);
	return 0;
}
