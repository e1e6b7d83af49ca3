/* test_playout.c - the playout policy's tactical rules (playout.c is
 * included to reach its static helpers). */
#include "../../rules/playout.c"
#include "unit.h"

/* Padded points of a 9x9 board from "x,y" pairs. */
static int
pts(const struct board *b, bpt *out, const int *xy, int n)
{
	for (int i = 0; i < n; i++)
		out[i] = board_pt(b, xy[2 * i], xy[2 * i + 1]);
	return n;
}

static void
nakade_point_is_the_vital_point_of_killing_shapes(void)
{
	static struct board b;
	bpt p[5];
	board_init(&b, 9, 9);
	/* straight three: the middle */
	static const int three[] = {2, 4, 3, 4, 4, 4};
	CHECK(nakade_point(&b, p, pts(&b, p, three, 3)) == board_pt(&b, 3, 4));
	/* bent three: the corner */
	static const int bent[] = {2, 4, 3, 4, 3, 5};
	CHECK(nakade_point(&b, p, pts(&b, p, bent, 3)) == board_pt(&b, 3, 4));
	/* pyramid four: the centre */
	static const int pyr[] = {2, 4, 3, 4, 4, 4, 3, 5};
	CHECK(nakade_point(&b, p, pts(&b, p, pyr, 4)) == board_pt(&b, 3, 4));
	/* cross five: the centre */
	static const int cross[] = {3, 3, 2, 4, 3, 4, 4, 4, 3, 5};
	CHECK(nakade_point(&b, p, pts(&b, p, cross, 5)) == board_pt(&b, 3, 4));
	/* straight and bent four, the square, two points: no vital point
	 * (two eyes whoever plays first, or one eye anyway) */
	static const int line4[] = {1, 4, 2, 4, 3, 4, 4, 4};
	CHECK(nakade_point(&b, p, pts(&b, p, line4, 4)) == BPT_NONE);
	static const int bent4[] = {2, 4, 3, 4, 4, 4, 4, 5};
	CHECK(nakade_point(&b, p, pts(&b, p, bent4, 4)) == BPT_NONE);
	static const int square[] = {2, 4, 3, 4, 2, 5, 3, 5};
	CHECK(nakade_point(&b, p, pts(&b, p, square, 4)) == BPT_NONE);
	static const int two[] = {2, 4, 3, 4};
	CHECK(nakade_point(&b, p, pts(&b, p, two, 2)) == BPT_NONE);
}

/* Rows of "B", "W", "." into a board. */
static void
load(struct board *b, int w, int h, const char *rows)
{
	int i = 0;
	board_init(b, w, h);
	for (const char *s = rows; *s && i < w * h; s++) {
		if (*s == 'B' || *s == 'W')
			board_put(b, board_pt(b, i % w, i / w),
				  *s == 'B' ? BOARD_BLACK : BOARD_WHITE);
		if (*s == 'B' || *s == 'W' || *s == '.')
			i++;
	}
	board_setup_done(b);
}

/* A race: White's five stones on the second line have one liberty, b2,
 * and Black's group around them has a two-point eye and b2.  Black
 * takes the five stones and lives; White can save them only by joining
 * them to its wall at b2 first.  Light random play leaves the race to
 * chance; a chain already in atari at the start is taken by the
 * opponent at its first chance. */
static const char *race = ". . . . . . . . ."
			  ". . . . . . . . ."
			  ". . . . . . . . ."
			  ". . . . . . . . ."
			  ". . . . . . . . ."
			  "W W W W W W W W W"
			  "W B B B B B B B W"
			  "W . W W W W W B ."
			  "W B B B B B B B .";

static void
chains_in_atari_at_the_start_are_captured(void)
{
	static struct board b;
	bpt list[4];
	load(&b, 9, 9, race);
	CHECK_INT(atari_chains(&b, list, 4), 1);
	CHECK(board_head(&b, list[0]) == board_head(&b, board_pt(&b, 2, 7)));
	CHECK(atari_capture(&b, BOARD_BLACK, list, 1) == board_pt(&b, 1, 7));
	CHECK(atari_capture(&b, BOARD_WHITE, list, 1) == BPT_NONE);

	static int own[BOARD_ARR];
	struct playout_opts po = {128, 0x5eed5c07e5ULL, BOARD_BLACK, NULL,
				  BPT_NONE};
	CHECK_INT(playout_ownership(&b, &po, own, NULL), 128);
	/* Black owns the five stones' points and its own stones in most
	 * playouts (about one in five before this rule) */
	for (int x = 2; x <= 6; x++)
		CHECK(own[board_pt(&b, x, 7)] > 96);
	CHECK(own[board_pt(&b, 1, 6)] > 96);
}

/* A false seki: Black's corner shares t7 with White's t6, and White
 * cannot fill t7 (self-atari) until it joins t6 to its wall through t5,
 * an eye-like point of White's that is false (Black's s6 on a diagonal,
 * at the edge).  Playouts that never fill an eye-like point keep the
 * corner alive in seki every time; filling false eyes kills it. */
static const char *false_seki = ". . . . . . . . ."
				"W W W W W W W W W"
				"W W W W W W W W B"
				"W W W W W W W B B"
				"W W W W W W B . B"
				"W W W W W W B B ."
				"W W W W W W W B W"
				"W W W W W W W W ."
				". . . . . . . . W";

static void
false_eyes_are_filled(void)
{
	static struct board b;
	load(&b, 9, 9, false_seki);
	/* t5: false for White (s6 on a diagonal, at the edge) */
	CHECK(board_is_eyelike(&b, board_pt(&b, 8, 7), BOARD_WHITE));
	CHECK(false_eye(&b, board_pt(&b, 8, 7), BOARD_WHITE));
	CHECK(acceptable(&b, BOARD_WHITE, board_pt(&b, 8, 7), NULL));
	/* s8: Black's true eye */
	CHECK(!false_eye(&b, board_pt(&b, 7, 4), BOARD_BLACK));
	CHECK(!acceptable(&b, BOARD_BLACK, board_pt(&b, 7, 4), NULL));

	static int own[BOARD_ARR];
	struct playout_opts po = {128, 0x5eed5c07e5ULL, BOARD_BLACK, NULL,
				  BPT_NONE};
	CHECK_INT(playout_ownership(&b, &po, own, NULL), 128);
	/* the corner is White's in most playouts */
	CHECK(own[board_pt(&b, 8, 2)] < -96);
	CHECK(own[board_pt(&b, 7, 6)] < -96);
}

/* The race again, as a record that stops right after Black's h2 put
 * White's five stones in atari: White has not had the chance to answer
 * and would join them to its wall at b2, after which Black's group is
 * the one short of liberties.  The same chain in atari with the last
 * move elsewhere (at b1) was left so by White, and is not saved. */
static void
an_atari_by_the_last_move_is_answered(void)
{
	static struct board b;
	static int own[BOARD_ARR];
	load(&b, 9, 9, race);
	bpt h2 = board_pt(&b, 7, 7), b1 = board_pt(&b, 1, 8);
	CHECK(atari_answer(&b, BOARD_WHITE, h2, NULL) == board_pt(&b, 1, 7));
	CHECK(atari_answer(&b, BOARD_WHITE, b1, NULL) == BPT_NONE);
	CHECK(atari_answer(&b, BOARD_WHITE, BPT_NONE, NULL) == BPT_NONE);
	/* a move of the side to move itself is no atari to answer */
	CHECK(atari_answer(&b, BOARD_BLACK, h2, NULL) == BPT_NONE);

	struct playout_opts po = {128, 0x5eed5c07e5ULL, BOARD_WHITE, NULL, h2};
	CHECK_INT(playout_ownership(&b, &po, own, NULL), 128);
	for (int x = 2; x <= 6; x++)
		CHECK(own[board_pt(&b, x, 7)] < -96);
	/* without the answer Black takes them whenever it moves first */
	po.last = b1;
	CHECK_INT(playout_ownership(&b, &po, own, NULL), 128);
	for (int x = 2; x <= 6; x++)
		CHECK(own[board_pt(&b, x, 7)] > 0);
}

int
main(void)
{
	RUN(nakade_point_is_the_vital_point_of_killing_shapes);
	RUN(chains_in_atari_at_the_start_are_captured);
	RUN(false_eyes_are_filled);
	RUN(an_atari_by_the_last_move_is_answered);
	return UNIT_DONE();
}
