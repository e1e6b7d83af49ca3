/*
 * test_rboard.c - the replay board against board.h's board: random
 * games with captures, suicides and ko on square and rectangular
 * boards from 1x1 to 52x52, setup batches and undo by recolouring,
 * compared move by move (colours, key, captures, removed points, ko,
 * suicide kind, touched flags), with rboard's own consistency check.
 */
#include "../../rules/board.h"
#include "../../rules/replay_board.h"
#include "unit.h"

/* A fixed generator, so that a failure is reproducible. */
static uint64_t rng_state;

static unsigned
rnd(unsigned n)
{
	rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)(rng_state >> 33) % n;
}

/* What happened over a run: the test asserts each kind was seen, so a
 * run that never exercised it cannot pass by accident. */
struct seen {
	long moves, captures, multi_captures, suicides, multi_suicides, kos,
	    merges, setups,
	    undos; /* merges: moves next to two friends or more */
};

/* Do the two boards hold the same position and state? */
static int
same(const struct board *ref, const struct rboard *rb)
{
	int i;

	if (board_ncells(ref) != rboard_ncells(rb))
		return 0;
	if (memcmp(board_colors(ref), rboard_colors(rb),
		   (size_t)board_ncells(ref)))
		return 0;
	if (board_key(ref) != rboard_key(rb))
		return 0;
	if (ref->ko != rb->ko || ref->ko_color != rb->ko_color)
		return 0;
	if (ref->captures[BOARD_BLACK] != rb->captures[BOARD_BLACK] ||
	    ref->captures[BOARD_WHITE] != rb->captures[BOARD_WHITE])
		return 0;
	for (i = 0; i < board_ncells(ref); i++)
		if (board_touched(ref, (bpt)i) != rboard_touched(rb, (bpt)i))
			return 0;
	return 1;
}

/* Sort a list of points (insertion sort: the lists are short). */
static void
sort_pts(bpt *p, int n)
{
	int i, j;

	for (i = 1; i < n; i++) {
		bpt t = p[i];
		for (j = i; j > 0 && p[j - 1] > t; j--)
			p[j] = p[j - 1];
		p[j] = t;
	}
}

/* One move by `color` on the empty point pt, on both boards; checks
 * the suicide kind before and everything after. */
static void
play_both(struct board *ref, struct rboard *rb, int color, bpt pt,
	  struct seen *s)
{
	static bpt r1[BOARD_MAX_SIDE * BOARD_MAX_SIDE],
	    r2[BOARD_MAX_SIDE * BOARD_MAX_SIDE];
	int sui1 = -1, sui2 = -1, cap1, cap2, kind, nb, i;
	int friends = 0;

	kind = board_suicide_kind(ref, color, pt);
	CHECK_INT(rboard_suicide_kind(rb, color, pt), kind);
	for (i = 0; i < 4; i++) {
		int d[4] = {-1, 1, -ref->stride, ref->stride};
		friends += board_color(ref, (bpt)(pt + d[i])) == color;
	}
	cap1 = board_play_rec(ref, color, pt, &sui1, r1);
	cap2 = rboard_play(rb, color, pt, &sui2, r2);
	CHECK_INT(cap2, cap1);
	CHECK_INT(sui2, sui1);
	nb = cap1 + sui1;
	if (cap1 == cap2 && sui1 == sui2) {
		sort_pts(r1, cap1);
		sort_pts(r2, cap2);
		sort_pts(r1 + cap1, sui1);
		sort_pts(r2 + cap2, sui2);
		CHECK(!memcmp(r1, r2, (size_t)nb * sizeof(r1[0])));
	}
	CHECK(same(ref, rb));
	CHECK_INT(rboard_check_consistency(rb), 0);
	s->moves++;
	s->captures += cap1 > 0;
	s->multi_captures += cap1 > 1;
	s->suicides += sui1 > 0;
	s->multi_suicides += sui1 > 1;
	s->kos += ref->ko != BPT_NONE;
	s->merges += friends >= 2 && !sui1;
	if (sui1)
		CHECK_INT(kind, sui1 == 1 ? 1 : 2);
	else if (!cap1)
		CHECK_INT(kind, 0);
}

/* A random empty point of the board, or BPT_NONE if it has none. */
static bpt
random_empty(const struct board *b)
{
	int n = 0, x, y, k;

	for (y = 0; y < b->h; y++)
		for (x = 0; x < b->w; x++)
			n += board_color(b, board_pt(b, x, y)) == BOARD_EMPTY;
	if (!n)
		return BPT_NONE;
	k = (int)rnd((unsigned)n);
	for (y = 0; y < b->h; y++)
		for (x = 0; x < b->w; x++) {
			bpt pt = board_pt(b, x, y);
			if (board_color(b, pt) == BOARD_EMPTY && !k--)
				return pt;
		}
	return BPT_NONE;
}

/* A random game of `moves` moves on a w x h board, with passes, a
 * setup batch now and then, and undo by recolouring to an earlier
 * position now and then, all on both boards. */
static void
random_game(int w, int h, int moves, struct seen *s)
{
	static struct board ref, snap;
	static struct rboard rb;
	static bpt pts[BOARD_ARR];
	static uint8_t cols[BOARD_ARR];
	int i, color = BOARD_BLACK, have_snap = 0;

	CHECK_INT(board_init(&ref, w, h), 0);
	CHECK_INT(rboard_init(&rb, w, h), 0);
	CHECK(same(&ref, &rb));
	for (i = 0; i < moves; i++) {
		unsigned r = rnd(100);
		bpt pt;

		if (r < 2) { /* pass */
			board_pass(&ref);
			rboard_pass(&rb);
		} else if (r < 4) { /* a setup batch, then a new epoch */
			int k, n = 1 + (int)rnd(6);
			for (k = 0; k < n; k++) {
				bpt q = board_pt(&ref, (int)rnd((unsigned)w),
						 (int)rnd((unsigned)h));
				int c = (int)rnd(3);
				board_put(&ref, q, c);
				rboard_put(&rb, q, c);
			}
			CHECK_INT(rboard_setup_done(&rb),
				  board_setup_done(&ref));
			if (rnd(2)) {
				board_untouch(&ref);
				rboard_untouch(&rb);
			}
			CHECK(same(&ref, &rb));
			CHECK_INT(rboard_check_consistency(&rb), 0);
			s->setups++;
		} else if (r < 6 && have_snap) {
			/* back to the snapshot, as the replay's undo does:
			 * only the points that differ are given */
			int n = 0, k;
			const uint8_t *now = board_colors(&ref),
				      *then = board_colors(&snap);
			for (k = 0; k < board_ncells(&ref); k++)
				if (now[k] != then[k]) {
					pts[n] = (bpt)k;
					cols[n++] = then[k];
				}
			board_recolor(&ref, pts, cols, n);
			rboard_recolor(&rb, pts, cols, n);
			/* recolouring keeps ko, captures and flags as
			 * they were: give both the snapshot's */
			ref.ko = rb.ko = snap.ko;
			ref.ko_color = rb.ko_color = snap.ko_color;
			ref.captures[1] = rb.captures[1] = snap.captures[1];
			ref.captures[2] = rb.captures[2] = snap.captures[2];
			for (k = 0; k < board_ncells(&ref); k++) {
				bool t = board_touched(&snap, (bpt)k);
				board_set_touched(&ref, (bpt)k, t);
				rboard_set_touched(&rb, (bpt)k, t);
			}
			board_rebuild(&ref); /* board_play() needs its list */
			CHECK(same(&ref, &rb));
			CHECK_INT(rboard_check_consistency(&rb), 0);
			s->undos++;
		} else if ((pt = random_empty(&ref)) != BPT_NONE) {
			play_both(&ref, &rb, color, pt, s);
		}
		if (rnd(20) == 0) {
			board_copy(&snap, &ref);
			have_snap = 1;
		}
		if (rnd(10))
			color = BOARD_OPP(color);
	}
}

static void
random_games_agree_with_the_reference_board(void)
{
	static const int sizes[][3] = {
	    {1, 1, 10},	   {2, 2, 200},	   {3, 3, 400},	   {2, 5, 300},
	    {5, 2, 300},   {4, 4, 600},	   {5, 5, 800},	   {7, 3, 600},
	    {3, 7, 600},   {9, 9, 1500},   {13, 13, 1500}, {19, 19, 2000},
	    {19, 7, 1500}, {52, 52, 4000}, {52, 3, 1500},  {1, 52, 200},
	};
	struct seen s;
	size_t i;
	int g;

	memset(&s, 0, sizeof(s));
	rng_state = 20260401;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		for (g = 0; g < (sizes[i][0] * sizes[i][1] > 400 ? 2 : 6); g++)
			random_game(sizes[i][0], sizes[i][1], sizes[i][2], &s);
	/* every case the fast path has was met many times */
	CHECK(s.moves > 30000);
	CHECK(s.captures > 1000);
	CHECK(s.multi_captures > 100);
	CHECK(s.suicides > 100);
	CHECK(s.multi_suicides > 20);
	CHECK(s.kos > 50);
	CHECK(s.merges > 1000);
	CHECK(s.setups > 100);
	CHECK(s.undos > 100);
}

/* A ko on a 4x4 board: the lone stone that captures one stone is the
 * ko point's owner only when it has no other liberty. */
static void
ko_and_snapback_are_told_apart(void)
{
	static struct rboard rb;
	int sui;

	rboard_init(&rb, 4, 4);
	/*  . B W .
	 *  B W . W
	 *  . B W .
	 *  . . . .   black takes at c2 (x=2, y=1): ko */
	rboard_put(&rb, rboard_pt(&rb, 1, 0), BOARD_BLACK);
	rboard_put(&rb, rboard_pt(&rb, 2, 0), BOARD_WHITE);
	rboard_put(&rb, rboard_pt(&rb, 0, 1), BOARD_BLACK);
	rboard_put(&rb, rboard_pt(&rb, 1, 1), BOARD_WHITE);
	rboard_put(&rb, rboard_pt(&rb, 3, 1), BOARD_WHITE);
	rboard_put(&rb, rboard_pt(&rb, 1, 2), BOARD_BLACK);
	rboard_put(&rb, rboard_pt(&rb, 2, 2), BOARD_WHITE);
	CHECK_INT(rboard_setup_done(&rb), 0);
	CHECK_INT(
	    rboard_play(&rb, BOARD_BLACK, rboard_pt(&rb, 2, 1), &sui, NULL), 1);
	CHECK_INT(sui, 0);
	CHECK_INT(rb.ko, rboard_pt(&rb, 1, 1));
	CHECK_INT(rb.ko_color, BOARD_WHITE);
	CHECK_INT(rboard_check_consistency(&rb), 0);
	/* white passes; the ko is gone */
	rboard_pass(&rb);
	CHECK_INT(rb.ko, BPT_NONE);
}

/* A chain touching the point played several times: its pseudo
 * liberties count each incidence, and the suicide test must not take
 * them for liberties elsewhere. */
static void
incidences_at_the_point_are_not_other_liberties(void)
{
	static struct rboard rb;
	int sui;

	rboard_init(&rb, 3, 3);
	/*  W W W
	 *  W . W     black at b2 (x=1, y=1): a lone stone, suicide;
	 *  W W W     white at b2 fills its own last liberty: multi */
	{
		int x, y;
		for (y = 0; y < 3; y++)
			for (x = 0; x < 3; x++)
				if (x != 1 || y != 1)
					rboard_put(&rb, rboard_pt(&rb, x, y),
						   BOARD_WHITE);
	}
	CHECK_INT(rboard_setup_done(&rb), 0);
	/* white's ring touches b2 four times: four pseudo-liberties,
	 * one real liberty */
	CHECK_INT(rb.plibs[rb.head[rboard_pt(&rb, 0, 0)]], 4);
	CHECK_INT(rboard_suicide_kind(&rb, BOARD_WHITE, rboard_pt(&rb, 1, 1)),
		  2);
	/* black there captures the ring: not a suicide */
	CHECK_INT(rboard_suicide_kind(&rb, BOARD_BLACK, rboard_pt(&rb, 1, 1)),
		  0);
	CHECK_INT(
	    rboard_play(&rb, BOARD_WHITE, rboard_pt(&rb, 1, 1), &sui, NULL), 0);
	CHECK_INT(sui, 9);
	CHECK_INT(rb.captures[BOARD_BLACK], 9);
	CHECK_INT(rboard_check_consistency(&rb), 0);
}

int
main(void)
{
	RUN(random_games_agree_with_the_reference_board);
	RUN(ko_and_snapback_are_told_apart);
	RUN(incidences_at_the_point_are_not_other_liberties);
	return UNIT_DONE();
}
