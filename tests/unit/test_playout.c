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

int
main(void)
{
	RUN(nakade_point_is_the_vital_point_of_killing_shapes);
	return UNIT_DONE();
}
