/* test_score.c - counting: POSITIONS.md S1-S6 and the seed example. */
#include "../../rules/score.h"
#include "unit.h"

/* Rows of "B", "W", "." (spaces ignored), top row first; 'x' and 'o'
 * are black and white stones marked dead. */
static void
load(struct score_pos *p, int w, int h, const char *rows)
{
	memset(p, 0, sizeof(*p));
	p->w = w;
	p->h = h;
	int i = 0;
	for (const char *s = rows; *s && i < w * h; s++) {
		switch (*s) {
		case 'B':
			p->color[i++] = SCORE_BLACK;
			break;
		case 'W':
			p->color[i++] = SCORE_WHITE;
			break;
		case 'x':
			p->dead[i] = 1;
			p->color[i++] = SCORE_BLACK;
			break;
		case 'o':
			p->dead[i] = 1;
			p->color[i++] = SCORE_WHITE;
			break;
		case '.':
			i++;
			break;
		default:
			break;
		}
	}
}

static struct score_opts
opts(double komi)
{
	struct score_opts o;
	memset(&o, 0, sizeof(o));
	o.komi = komi;
	return o;
}

static void
seki_with_eyes_counts_in_area_only(void)
{
	struct score_pos p;
	struct score_result r;
	struct score_opts o = opts(0);
	load(&p, 7, 7,
	     ". B . W . W B"
	     "B B W W W W B"
	     "W W W B B B B"
	     "B B B B . . ."
	     ". . . . . . ."
	     ". . . . . . ."
	     ". . . . . . .");
	/* server convention: seki eyes are territory like any point */
	score_count(&p, &o, &r);
	CHECK_INT(r.jp[SCORE_BLACK].total, 25);
	CHECK_INT(r.jp[SCORE_WHITE].total, 1);
	/* strict (Art. 8): they are nobody's */
	o.strict = true;
	score_count(&p, &o, &r);
	CHECK_INT(r.jp[SCORE_BLACK].total, 24);
	CHECK_INT(r.jp[SCORE_WHITE].total, 0);
	CHECK_INT(r.cn[SCORE_BLACK].total, 38);
	CHECK_INT(r.cn[SCORE_WHITE].total, 10);
	CHECK_INT(r.seki, 1);
	CHECK_INT(r.mark[2], SCORE_M_SEKI);
	CHECK_INT(r.mark[0], SCORE_M_BSEKIEYE);
	CHECK_INT(r.mark[4], SCORE_M_WSEKIEYE);
	o.komi = 6.5;
	score_count(&p, &o, &r);
	CHECK(r.jp_margin == 17.5);
}

static const char *s2 = ". . . . B . . . ."
			". . . B . B . . ."
			"B B B B B B B B B"
			"B B B B B B B B B"
			"B B B B W W W W W"
			"W W W W . . . . ."
			"W W W W W W W W W"
			"W W W W W W . . ."
			". . . . . . . . .";

static void
seed_example_counts_40_to_41_and_16_to_17(void)
{
	struct score_pos p;
	struct score_result r;
	struct score_opts o = opts(0);
	load(&p, 9, 9, s2);
	p.captured[SCORE_WHITE] = 1;
	score_count(&p, &o, &r);
	CHECK_INT(r.cn[SCORE_BLACK].stones, 25);
	CHECK_INT(r.cn[SCORE_BLACK].area, 15);
	CHECK_INT(r.cn[SCORE_BLACK].total, 40);
	CHECK_INT(r.cn[SCORE_WHITE].stones, 24);
	CHECK_INT(r.cn[SCORE_WHITE].area, 17);
	CHECK_INT(r.cn[SCORE_WHITE].total, 41);
	CHECK_INT(r.jp[SCORE_BLACK].territory, 15);
	CHECK_INT(r.jp[SCORE_BLACK].captures, 1);
	CHECK_INT(r.jp[SCORE_BLACK].total, 16);
	CHECK_INT(r.jp[SCORE_WHITE].total, 17);
	CHECK_INT(r.dame, 0);
	o.komi = 7.5;
	score_count(&p, &o, &r);
	CHECK(r.cn_margin == -8.5);
	o.komi = 6.5;
	score_count(&p, &o, &r);
	CHECK(r.jp_margin == -7.5);
	char buf[16];
	score_format_margin(r.jp_margin, buf, sizeof(buf));
	CHECK_STR(buf, "W+7.5");
}

static void
dead_stone_inside_territory_is_lifted(void)
{
	struct score_pos p;
	struct score_result r;
	struct score_opts o = opts(0);
	load(&p, 9, 9,
	     ". o . . B . . . ."
	     ". . . B . B . . ."
	     "B B B B B B B B B"
	     "B B B B B B B B B"
	     "B B B B W W W W W"
	     "W W W W . . . . ."
	     "W W W W W W W W W"
	     "W W W W W W . . ."
	     ". . . . . . . . .");
	score_count(&p, &o, &r);
	CHECK_INT(r.jp[SCORE_BLACK].total, 16);
	CHECK_INT(r.jp[SCORE_BLACK].dead, 1);
	CHECK_INT(r.jp[SCORE_WHITE].total, 17);
	CHECK_INT(r.cn[SCORE_BLACK].total, 40);
	CHECK_INT(r.cn[SCORE_WHITE].total, 41);
	CHECK_INT(r.mark[1], SCORE_M_WDEAD);
	/* Tromp-Taylor: nothing removed */
	p.dead[1] = 0;
	score_count(&p, &o, &r);
	CHECK_INT(r.cn[SCORE_BLACK].total, 33);
	CHECK_INT(r.cn[SCORE_WHITE].total, 42);
}

static void
dame_counts_for_nobody(void)
{
	struct score_pos p;
	struct score_result r;
	struct score_opts o = opts(0);
	load(&p, 9, 9,
	     ". . . . . . . . ."
	     ". . . . . . . . ."
	     "B B B B B B B B B"
	     "B B B B B B B B B"
	     "B B B . W W W W W"
	     "W W W W . . . . ."
	     "W W W W W W W W W"
	     "W W W W W W . . ."
	     ". . . . . . . . .");
	score_count(&p, &o, &r);
	CHECK_INT(r.cn[SCORE_BLACK].total, 39);
	CHECK_INT(r.cn[SCORE_WHITE].total, 41);
	CHECK_INT(r.jp[SCORE_BLACK].total, 18);
	CHECK_INT(r.jp[SCORE_WHITE].total, 17);
	CHECK_INT(r.dame, 1);
	CHECK_INT(r.seki, 0);
	CHECK_INT(r.mark[4 * 9 + 3], SCORE_M_DAME);
}

static void
bent_four_counted_dead(void)
{
	struct score_pos p;
	struct score_result r;
	struct score_opts o = opts(0);
	load(&p, 7, 7,
	     ". B . o B . ."
	     "B o o o B . ."
	     ". o o o B . ."
	     "o o o o B . ."
	     "B B B B B . ."
	     ". . . . . . ."
	     ". . . . . . .");
	score_count(&p, &o, &r);
	CHECK_INT(r.jp[SCORE_BLACK].total, 49);
	CHECK_INT(r.jp[SCORE_WHITE].total, 0);
	CHECK_INT(r.cn[SCORE_BLACK].total, 49);
	CHECK_INT(r.cn[SCORE_WHITE].total, 0);
}

static void
handicap_compensation_per_rule_set(void)
{
	struct score_pos p;
	struct score_result r;
	struct score_opts o = opts(0.5);
	memset(&p, 0, sizeof(p));
	p.w = p.h = 19;
	for (int y = 0; y < 19; y++)
		for (int x = 0; x < 19; x++)
			p.color[y * 19 + x] =
			    x < 10 ? SCORE_BLACK : SCORE_WHITE;
	o.handicap = 4;
	o.hbonus = RULES_HB_N;
	score_count(&p, &o, &r);
	CHECK_INT(r.cn[SCORE_BLACK].total, 190);
	CHECK(r.cn_margin == 14.5);
	o.hbonus = RULES_HB_N_MINUS_1;
	score_count(&p, &o, &r);
	CHECK(r.cn_margin == 15.5);
	o.hbonus = RULES_HB_NONE;
	score_count(&p, &o, &r);
	CHECK(r.cn_margin == 18.5);
	o.hbonus = RULES_HB_N;
	o.handicap = 1; /* no compensation below two stones */
	score_count(&p, &o, &r);
	CHECK(r.cn_margin == 18.5);
}

static void
strict_convention_drops_false_eyes(void)
{
	struct score_pos p;
	struct score_result r;
	struct score_opts o = opts(0);
	/* Black's point at b1... the corner eye at aa is false: White holds
	 * the diagonal bb. */
	load(&p, 5, 5,
	     ". B W . ."
	     "B W W . ."
	     "W W . . ."
	     ". . . . ."
	     ". . . . .");
	score_count(&p, &o, &r);
	CHECK_INT(r.jp[SCORE_BLACK].territory, 1);
	o.strict = true;
	score_count(&p, &o, &r);
	CHECK_INT(r.jp[SCORE_BLACK].territory, 0);
	CHECK_INT(r.cn[SCORE_BLACK].area, 1);
	CHECK_INT(r.mark[0], SCORE_M_BFALSE);
}

int
main(void)
{
	RUN(seki_with_eyes_counts_in_area_only);
	RUN(seed_example_counts_40_to_41_and_16_to_17);
	RUN(dead_stone_inside_territory_is_lifted);
	RUN(dame_counts_for_nobody);
	RUN(bent_four_counted_dead);
	RUN(handicap_compensation_per_rule_set);
	RUN(strict_convention_drops_false_eyes);
	return UNIT_DONE();
}
