/* test_benson.c - unconditional life on small boards. */
#include "../../rules/benson.h"
#include "unit.h"

static int
load(uint8_t *c, const char *rows)
{
	int i = 0;
	for (const char *s = rows; *s; s++)
		if (*s == 'B' || *s == 'W' || *s == '.')
			c[i++] = *s == 'B' ? 1 : *s == 'W' ? 2 : 0;
	return i;
}

static void
two_eyes_are_pass_alive_and_stone_inside_is_dead(void)
{
	uint8_t c[49], alive[49], terr[49];
	load(c, ". B W . B . B"
		"B B B B B B B"
		". . . . . . ."
		". . . . . . ."
		". . . . . W ."
		". . . . . . ."
		". . . . . . .");
	benson_solve(7, 7, c, alive, terr);
	CHECK_INT(alive[1], 1);
	CHECK_INT(alive[7], 1);
	CHECK_INT(terr[0], 1); /* eye aa */
	CHECK_INT(terr[2], 1); /* the white stone in ca is inside */
	CHECK_INT(terr[3], 1);
	CHECK_INT(terr[5], 1);
	CHECK_INT(alive[2], 0);
	CHECK_INT(terr[20], 0); /* open board: nobody's */
	CHECK_INT(alive[4 * 7 + 5], 0);
}

static void
one_eye_is_not_alive(void)
{
	uint8_t c[25], alive[25], terr[25];
	load(c, ". B . . ."
		"B B . . ."
		". . . . ."
		". . . . ."
		". . . . .");
	benson_solve(5, 5, c, alive, terr);
	CHECK_INT(alive[1], 0);
	CHECK_INT(terr[0], 0);
}

static void
big_eye_with_unreachable_point_is_not_vital(void)
{
	uint8_t c[25], alive[25], terr[25];
	/* the 3x3 inside region's centre is no liberty: not vital, and
	 * the ring has one other eye only */
	load(c, "B B B B B"
		"B . . . B"
		"B . . . B"
		"B . . . B"
		"B B B B B");
	benson_solve(5, 5, c, alive, terr);
	CHECK_INT(alive[0], 0);
	load(c, ". B . B ."
		"B B B B B"
		". . . . ."
		"W W W W W"
		". W . W .");
	benson_solve(5, 5, c, alive, terr);
	CHECK_INT(alive[1], 1);
	CHECK_INT(alive[20 + 1], 1);
	CHECK_INT(terr[0], 1);
	CHECK_INT(terr[24], 2);
	CHECK_INT(terr[12], 0); /* the shared middle row is dame */
}

int
main(void)
{
	RUN(two_eyes_are_pass_alive_and_stone_inside_is_dead);
	RUN(one_eye_is_not_alive);
	RUN(big_eye_with_unreachable_point_is_not_vital);
	return UNIT_DONE();
}
