/* test_dragon.c - dragons and the worth of their eye spaces
 * (rules/dragon.c). */
#include "../../rules/dragon.h"
#include "../../rules/score.h"
#include "unit.h"

/* Rows of "B", "W", "." (spaces ignored), top row first; "x" and "o"
 * are black and white stones the caller counts as dead. */
static void
load(uint8_t *col, uint8_t *dead, int w, int h, const char *rows)
{
	int i = 0;
	memset(col, 0, (size_t)(w * h));
	memset(dead, 0, (size_t)(w * h));
	for (const char *s = rows; *s && i < w * h; s++) {
		switch (*s) {
		case 'x':
			dead[i] = 1;
			/* fall through */
		case 'B':
			col[i++] = SCORE_BLACK;
			break;
		case 'o':
			dead[i] = 1;
			/* fall through */
		case 'W':
			col[i++] = SCORE_WHITE;
			break;
		case '.':
			i++;
			break;
		default:
			break;
		}
	}
}

static int
at(int w, int x, int y)
{
	return y * w + x;
}

/* Two separate eyes of one chain: alive whoever moves. */
static void
two_eyes_of_one_chain(void)
{
	static struct dragons d;
	uint8_t col[81], dead[81];
	load(col, dead, 9, 9,
	     ". B . B W . . . ."
	     "B B B B W . . . ."
	     "W W W W W . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . .");
	dragon_find(9, 9, col, dead, &d);
	int g = d.id[at(9, 1, 0)];
	CHECK(g >= 0);
	CHECK_INT(d.color[g], SCORE_BLACK);
	CHECK_INT(d.stones[g], 6);
	CHECK_INT(d.eyes_att[g], 2);
	CHECK_INT(d.eyes_def[g], 2);
}

/* Straight three, vital point open: one eye if the attacker moves
 * first, two if the owner does. */
static void
straight_three_depends_on_who_moves(void)
{
	static struct dragons d;
	uint8_t col[81], dead[81];
	load(col, dead, 9, 9,
	     ". . . B W . . . ."
	     "B B B B W . . . ."
	     "W W W W W . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . .");
	dragon_find(9, 9, col, dead, &d);
	int g = d.id[at(9, 3, 0)];
	CHECK_INT(d.eyes_att[g], 1);
	CHECK_INT(d.eyes_def[g], 2);
}

/* Square four and a bulky five are one eye whoever moves; a straight
 * four is two. */
static void
killing_shapes_and_living_ones(void)
{
	static struct dragons d;
	uint8_t col[81], dead[81];
	load(col, dead, 9, 9,
	     ". . B W . . . . ."
	     ". . B W . . . . ."
	     "B B B W . . . . ."
	     "W W W W . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . .");
	dragon_find(9, 9, col, dead, &d);
	int g = d.id[at(9, 2, 0)];
	CHECK_INT(d.eyes_att[g], 1);
	CHECK_INT(d.eyes_def[g], 1);

	load(col, dead, 9, 9,
	     ". . . . B W . . ."
	     "B B B B B W . . ."
	     "W W W W W W . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . .");
	dragon_find(9, 9, col, dead, &d);
	g = d.id[at(9, 4, 0)];
	CHECK_INT(d.eyes_att[g], 2);

	/* bulky five in the corner: a 2x2 square and one point */
	load(col, dead, 9, 9,
	     ". . . B W . . . ."
	     ". . B B W . . . ."
	     "B B B W W . . . ."
	     "W W W W . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . .");
	dragon_find(9, 9, col, dead, &d);
	g = d.id[at(9, 3, 0)];
	CHECK_INT(d.eyes_att[g], 1);
	CHECK_INT(d.eyes_def[g], 2);
}

/* A one-point eye between two chains that nothing else joins is
 * false: the chains are two dragons and the point counts for none. */
static void
false_eye_between_two_chains(void)
{
	static struct dragons d;
	uint8_t col[81], dead[81];
	load(col, dead, 9, 9,
	     ". B W . . . . . ."
	     "B W W . . . . . ."
	     "W W . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . .");
	dragon_find(9, 9, col, dead, &d);
	CHECK(d.id[at(9, 1, 0)] != d.id[at(9, 0, 1)]);
	CHECK_INT(d.eyes_def[d.id[at(9, 1, 0)]], 0);
	CHECK_INT(d.eyes_def[d.id[at(9, 0, 1)]], 0);
}

/* Chains around a space of several points of which some are not
 * liberties of every chain: the opponent fills a chain's liberties
 * from outside, so the space is no sure eye (it gives at most one). */
static void
space_not_shared_by_its_chains_is_no_sure_eye(void)
{
	static struct dragons d;
	uint8_t col[81], dead[81];
	/* the three-point space c9 d9 e9 touches the chain a8-c8 only at
	 * c9, and the chain d8-f9 only at d9 e9 */
	load(col, dead, 9, 9,
	     "W B . . . B W . ."
	     "B B B W B B W . ."
	     "W W W W W W W . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . .");
	dragon_find(9, 9, col, dead, &d);
	int g = d.id[at(9, 1, 0)];
	CHECK(g >= 0);
	CHECK(d.eyes_att[g] < 2);
}

/* Dead stones inside an eye space: whether they can be taken, and what
 * shape they leave, is for reading; the space counts for no sure eye
 * unless seven or more points are empty. */
static void
dead_stones_inside_are_for_reading(void)
{
	static struct dragons d;
	uint8_t col[81], dead[81];
	load(col, dead, 9, 9,
	     ". o . B W . . . ."
	     "B B B B W . . . ."
	     "W W W W W . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . .");
	dragon_find(9, 9, col, dead, &d);
	int g = d.id[at(9, 3, 0)];
	CHECK_INT(d.eyes_att[g], 0);
	CHECK_INT(d.eyes_def[g], 1);

	/* the same stone alive by the caller's judgement: no eye space */
	load(col, dead, 9, 9,
	     ". W . B W . . . ."
	     "B B B B W . . . ."
	     "W W W W W . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . .");
	dragon_find(9, 9, col, dead, &d);
	g = d.id[at(9, 3, 0)];
	CHECK_INT(d.eyes_def[g], 0);
}

/* Two chains sharing two liberties (miai) are one dragon. */
static void
miai_joins_chains(void)
{
	static struct dragons d;
	uint8_t col[81], dead[81];
	load(col, dead, 9, 9,
	     ". . . . . . . . ."
	     ". B B . . . . . ."
	     ". . . B B . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     ". . . . . . . . .");
	dragon_find(9, 9, col, dead, &d);
	/* b8-c8 and d7-e7 touch c7 and d8: two shared liberties */
	CHECK_INT(d.id[at(9, 1, 1)], d.id[at(9, 3, 2)]);
	CHECK_INT(d.stones[d.id[at(9, 1, 1)]], 4);
}

int
main(void)
{
	RUN(two_eyes_of_one_chain);
	RUN(straight_three_depends_on_who_moves);
	RUN(killing_shapes_and_living_ones);
	RUN(false_eye_between_two_chains);
	RUN(space_not_shared_by_its_chains_is_no_sure_eye);
	RUN(dead_stones_inside_are_for_reading);
	RUN(miai_joins_chains);
	return UNIT_DONE();
}
