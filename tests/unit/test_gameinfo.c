/* test_gameinfo.c - results, komi dialects and game information. */
#include <math.h>

#include "../../sgf/gameinfo.h"
#include "unit.h"

static void
result(const char *s, enum sgf_result_kind kind, char winner, double margin)
{
	struct sgf_result r;

	sgf_result_parse(s, &r);
	if (r.kind != kind || r.winner != winner ||
	    (kind == SGF_RES_SCORE && r.margin != margin)) {
		fprintf(stderr, "%s: '%s' -> kind %d winner %c margin %g\n",
			unit_current, s, r.kind, r.winner ? r.winner : '-',
			r.margin);
		unit_failed_checks++;
	}
}

static void
standard_results_are_read(void)
{
	result("B+3.5", SGF_RES_SCORE, 'B', 3.5);
	result("W+0.5", SGF_RES_SCORE, 'W', 0.5);
	result("W+Resign", SGF_RES_RESIGN, 'W', 0);
	result("B+R", SGF_RES_RESIGN, 'B', 0);
	result("B+T", SGF_RES_TIME, 'B', 0);
	result("W+Time", SGF_RES_TIME, 'W', 0);
	result("B+F", SGF_RES_FORFEIT, 'B', 0);
	result("W+", SGF_RES_WIN, 'W', 0);
	result("0", SGF_RES_DRAW, 0, 0);
	result("Draw", SGF_RES_DRAW, 0, 0);
	result("Void", SGF_RES_VOID, 0, 0);
	result("?", SGF_RES_UNKNOWN, 0, 0);
	result("W+0", SGF_RES_DRAW, 0, 0);
	result(" B+12 ", SGF_RES_SCORE, 'B', 12);
	/* a locale's decimal comma (q5Go wrote them) */
	result("B+2,5", SGF_RES_SCORE, 'B', 2.5);
	result("W+12,5", SGF_RES_SCORE, 'W', 12.5);
	/* what strtod would take but no record means */
	result("B+0x10", SGF_RES_WIN, 'B', 0);
	result("B+1e1", SGF_RES_WIN, 'B', 0);
	result("B+2,5,5", SGF_RES_WIN, 'B', 0);
	result("B+,5", SGF_RES_WIN, 'B', 0);
}

static void
cjk_results_are_read(void)
{
	result("黑中盘胜", SGF_RES_RESIGN, 'B', 0);
	result("白中盘胜", SGF_RES_RESIGN, 'W', 0);
	result("黒中押し勝ち", SGF_RES_RESIGN, 'B', 0);
	result("白5.5目勝ち", SGF_RES_SCORE, 'W', 5.5);
	result("흑 1.5집 승", SGF_RES_SCORE, 'B', 1.5);
	result("294수 흑0.5집승", SGF_RES_SCORE, 'B', 0.5);
	result("백불계승", SGF_RES_RESIGN, 'W', 0);
	result("흑 시간승", SGF_RES_TIME, 'B', 0);
	result("黑胜1又3/4子", SGF_RES_SCORE, 'B', 3.5);
	/* one reader for RE and the other formats' text (issue 23): what
	 * only fmt_result_text read before */
	result("흑 3집반 승", SGF_RES_SCORE, 'B', 3.5);
	result("흑 3집 반 승", SGF_RES_SCORE, 'B', 3.5);
	result("黑中盘负", SGF_RES_RESIGN, 'W', 0);
	result("White wins by resignation", SGF_RES_RESIGN, 'W', 0);
	result("Black wins by 2.5 points", SGF_RES_SCORE, 'B', 2.5);
	result("White loses on time", SGF_RES_TIME, 'B', 0);
	result("jigo", SGF_RES_DRAW, 0, 0);
	/* 3.5 stones (zi) of two points each */
	result("白胜3子半", SGF_RES_SCORE, 'W', 7);
	/* the winner, and no margin from what strtod would read */
	result("白1e999目勝ち", SGF_RES_WIN, 'W', 0);
	result("黒0x10目勝ち", SGF_RES_WIN, 'B', 0);
}

static void
results_format_as_sgf(void)
{
	struct sgf_result r = {SGF_RES_SCORE, 'W', 7.5};
	char buf[32];

	sgf_result_format(&r, buf, sizeof(buf));
	CHECK_STR(buf, "W+7.5");
	r.kind = SGF_RES_RESIGN;
	sgf_result_format(&r, buf, sizeof(buf));
	CHECK_STR(buf, "W+R");
	r.kind = SGF_RES_DRAW;
	sgf_result_format(&r, buf, sizeof(buf));
	CHECK_STR(buf, "0");
}

static struct sgf_game *
parse1(const char *text)
{
	struct sgf_game **games = NULL, *g;
	int n = sgf_parse_all(text, strlen(text), "t.sgf", NULL, &games);

	if (n < 1)
		return NULL;
	g = games[0];
	while (n > 1)
		sgf_game_free(games[--n]);
	free(games);
	return g;
}

static void
game_information_is_collected(void)
{
	struct sgf_gameinfo gi;
	struct sgf_game *g =
	    parse1("(;GM[1]FF[4]SZ[13]PB[Honinbo]PW[Meijin]BR[9p]WR[8p]"
		   "KM[6.5]RU[Japanese]DT[1846-09-11]RE[B+2]"
		   ";B[dd];W[jj];B[];W[])");

	CHECK(g != NULL);
	if (!g)
		return;
	sgf_gameinfo(g, &gi);
	CHECK_INT(gi.cols, 13);
	CHECK_INT(gi.rows, 13);
	CHECK_STR(gi.black, "Honinbo");
	CHECK_STR(gi.white, "Meijin");
	CHECK_STR(gi.black_rank, "9p");
	CHECK_STR(gi.white_rank, "8p");
	CHECK(gi.has_komi && gi.komi == 6.5);
	CHECK_STR(gi.rules, "Japanese");
	CHECK_STR(gi.date, "1846-09-11");
	CHECK_INT(gi.result.kind, SGF_RES_SCORE);
	CHECK_INT(gi.result.winner, 'B');
	CHECK_INT(gi.moves, 4);
	CHECK_INT(gi.nnotes, 0);
	sgf_game_free(g);
}

static void
komi_dialects_are_interpreted_with_a_note(void)
{
	/* komi as read, and how many notes say why (-1: not asked); form
	 * is gameinfo's komi_form, "" when it must be NULL, NULL when not
	 * asked */
	static const struct {
		const char *sgf;
		bool has;
		double komi;
		int nnotes;
		const char *form;
	} cases[] = {
	    /* Fox's hundredths */
	    {"(;GM[1]FF[4]KM[375];B[aa])", true, 7.5, 1, NULL},
	    {"(;GM[1]FF[4]KM[650];B[aa])", true, 6.5, 1, NULL},
	    {"(;GM[1]FF[4]KO[6.5];B[aa])", true, 6.5, -1, NULL},
	    /* below 200 too, when the record says it is Fox's: KM[50] is
	     * a handicap game's half point */
	    {"(;GM[1]FF[4]KM[50]HA[2]AP[GNU Go:3.8]AP[foxwq]AB[dp][pd];W[dd])",
	     true, 0.5, 1, "komi in hundredths (Fox)"},
	    {"(;GM[1]FF[4]KM[50]HA[2]AP[FoxWQ:3.1]AB[dp][pd];W[dd])", true, 0.5,
	     -1, NULL},
	    {"(;GM[1]FF[4]KM[50]HA[2]AB[dp][pd];W[dd])", true, 50, 0, ""},
	    /* ...and a Fox KM that is not a multiple of a quarter is
	     * points */
	    {"(;GM[1]FF[4]KM[7]AP[foxwq];B[aa])", true, 7, -1, NULL},
	    /* hexadecimal and exponents are not SGF reals */
	    {"(;GM[1]FF[4]KM[0x10];B[aa])", false, 0, 1, NULL},
	    {"(;GM[1]FF[4]KM[65e-1];B[aa])", false, 0, -1, NULL},
	    /* komi in words: no inf (score's JSON printed "komi":inf) */
	    {"(;GM[1]FF[4]KO[黒1e999目];B[aa])", false, 0, -1, NULL},
	    /* a long spelling still goes through strtod */
	    {"(;GM[1]FF[4]KM[6.500000000000000000];B[aa])", true, 6.5, 0, NULL},
	};
	struct sgf_gameinfo gi;
	struct sgf_game *g;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		g = parse1(cases[i].sgf);
		sgf_gameinfo(g, &gi);
		CHECK(gi.has_komi == cases[i].has);
		if (cases[i].has)
			CHECK(gi.komi == cases[i].komi);
		if (cases[i].nnotes >= 0)
			CHECK_INT(gi.nnotes, cases[i].nnotes);
		if (cases[i].form && !cases[i].form[0])
			CHECK(gi.komi_form == NULL);
		else if (cases[i].form)
			CHECK_STR(gi.komi_form, cases[i].form);
		sgf_game_free(g);
	}

	/* a negative zero is zero: output said "komi -0" */
	static const char *const zeros[] = {
	    "(;GM[1]FF[4]KM[-0];B[aa])", "(;GM[1]FF[4]KM[-0.0];B[aa])",
	    "(;GM[1]FF[4]KM[-0.00000000000000000];B[aa])",
	    "(;GM[1]FF[4]KM[-0,0];B[aa])"};
	for (size_t i = 0; i < sizeof(zeros) / sizeof(zeros[0]); i++) {
		g = parse1(zeros[i]);
		sgf_gameinfo(g, &gi);
		CHECK(gi.has_komi && gi.komi == 0 && !signbit(gi.komi));
		sgf_game_free(g);
	}

	g = parse1("(;GM[1]FF[4]KM[2.75]RE[W+0.25];B[aa])");
	sgf_gameinfo(g, &gi);
	CHECK(gi.komi == 5.5);
	CHECK(gi.result.margin == 0.5);
	CHECK_INT(gi.nnotes, 2);
	sgf_game_free(g);

	/* decimal comma */
	g = parse1("(;GM[1]FF[4]KM[6,5]RE[W+0,5];B[aa])");
	sgf_gameinfo(g, &gi);
	CHECK(gi.has_komi && gi.komi == 6.5);
	CHECK_STR(gi.komi_form, "written with a decimal comma");
	CHECK(gi.result.kind == SGF_RES_SCORE && gi.result.margin == 0.5);
	CHECK_INT(gi.nnotes, 2);
	if (gi.nnotes == 2) {
		CHECK_STR(gi.notes[0],
			  "komi '6,5' read as 6.5 (decimal comma)");
		CHECK_STR(gi.notes[1], "result 'W+0,5' read as W+0.5");
		/* each note points at its property's value: the '[' of KM's
		 * at byte 14, of RE's at byte 21, for the positions of the
		 * warnings */
		CHECK_INT((int)gi.note_off[0], 14);
		CHECK_INT((int)gi.note_off[1], 21);
	}
	sgf_game_free(g);

	/* a note about a value that is not in the root's properties (KGS:
	 * the result in the last comment) points at the root */
	g = parse1("(;GM[1]FF[4]SZ[9];B[aa];W[bb]C[White wins by resignation.\n"
		   "W+R])");
	sgf_gameinfo(g, &gi);
	CHECK_INT(gi.nnotes, 1);
	if (gi.nnotes == 1)
		CHECK_INT((int)gi.note_off[0], 1);
	sgf_game_free(g);
}

static void
handicap_falls_back_to_the_setup_stones(void)
{
	struct sgf_gameinfo gi;
	struct sgf_game *g;

	g = parse1("(;GM[1]FF[4]AB[dp][pd][dd];W[pp])");
	sgf_gameinfo(g, &gi);
	CHECK_INT(gi.handicap, 3);
	sgf_game_free(g);
	g = parse1("(;GM[1]FF[4]HA[2]AB[dp][pd];W[pp])");
	sgf_gameinfo(g, &gi);
	CHECK_INT(gi.handicap, 2);
	sgf_game_free(g);
	g = parse1("(;GM[1]FF[4]AB[dp][pd];B[pp])");
	sgf_gameinfo(g, &gi);
	CHECK_INT(gi.handicap, 0);
	sgf_game_free(g);
	/* HA is a number of stones on the board, else ignored with a note
	 * (atoi read HA[99999999999] as a negative number); the setup
	 * stones are counted instead */
	{
		static const char *const bad[] = {"99999999999", "-3", "abc",
						  "362", "2x"};
		char buf[128];
		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			snprintf(buf, sizeof(buf),
				 "(;GM[1]FF[4]HA[%s]AB[dp][pd];W[pp])", bad[i]);
			g = parse1(buf);
			sgf_gameinfo(g, &gi);
			CHECK_INT(gi.handicap, 2);
			CHECK_INT(gi.nnotes, 1);
			sgf_game_free(g);
		}
	}
	g = parse1("(;GM[1]FF[4]HA[ 3 ];B[pp])");
	sgf_gameinfo(g, &gi);
	CHECK_INT(gi.handicap, 3);
	CHECK_INT(gi.nnotes, 0);
	sgf_game_free(g);
}

/* Without HA, the handicap is also found after a node of comments only
 * and in free placement written as Black's moves (issue 22: both read
 * as 0, and score gave such games no handicap komi or compensation). */
static void
handicap_is_found_past_comments_and_in_black_moves(void)
{
	static const struct {
		const char *sgf;
		int want;
	} t[] = {
	    {"(;SZ[19]AB[dd][pp];W[qq])", 2},
	    {"(;SZ[19]C[hello];AB[dd][pp];W[qq])", 2},
	    {"(;SZ[19]AB[dd][pp];C[comment]LB[aa:x];W[qq])", 2},
	    {"(;SZ[19]AB[dd];C[more];AB[pp][dp];W[qq])", 3},
	    {"(;SZ[19];B[dd];B[pp];B[dp];W[qq];B[aa])", 3},
	    {"(;SZ[19];C[placement];B[dd]C[one];B[pp];W[qq])", 2},
	    {"(;SZ[19];B[dd];B[pp];B[])", 2},
	    /* not a handicap: an even game, a position, a mixed node */
	    {"(;SZ[19];B[dd];W[pp];B[dp])", 0},
	    {"(;SZ[19];B[dd];B[tt])", 0},
	    {"(;SZ[19]AB[dd][pp]AW[aa];W[qq])", 0},
	    {"(;SZ[19]AB[dd][pp];AE[dd];W[qq])", 0},
	    {"(;SZ[19]AB[dd][pp];B[dp];W[qq])", 0},
	    {"(;SZ[19];B[dd];AB[pp];W[qq])", 0},
	    {"(;SZ[19];B[dd]W[pp])", 0},
	    {"(;SZ[19];B[dd];B[pp])", 0},
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct sgf_gameinfo gi;
		struct sgf_game *g = parse1(t[i].sgf);
		sgf_gameinfo(g, &gi);
		if (gi.handicap != t[i].want) {
			fprintf(stderr, "%s: handicap %d, want %d\n", t[i].sgf,
				gi.handicap, t[i].want);
			unit_failed_checks++;
		}
		sgf_game_free(g);
	}
}

/* sgf_rank_value: one scale, kyu below dan below professional. */
static void
ranks_are_ordered_on_one_scale(void)
{
	static const struct {
		const char *rank;
		double value;
	} ok[] = {
	    {"30k", -29}, {"1k", 0},
	    {"10K*", -9}, {"1d", 1},
	    {"9 Dan", 9}, {"9d?", 9},
	    {"1p", 10},	  {"9p", 18},
	    {"9DP", 18},  {"3\xe6\xae\xb5", 3},
	};
	static const char *const bad[] = {"",	  "0k", "10d", "10p", "100k",
					  "2100", "9x", "dan", NULL};
	double v;

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		v = -1000;
		CHECK_INT(sgf_rank_value(ok[i].rank, &v), 0);
		CHECK(v == ok[i].value);
	}
	for (size_t i = 0; bad[i]; i++)
		CHECK_INT(sgf_rank_value(bad[i], &v), -1);
	CHECK_INT(sgf_rank_value(NULL, &v), -1);
}

int
main(void)
{
	RUN(standard_results_are_read);
	RUN(cjk_results_are_read);
	RUN(results_format_as_sgf);
	RUN(game_information_is_collected);
	RUN(komi_dialects_are_interpreted_with_a_note);
	RUN(handicap_falls_back_to_the_setup_stones);
	RUN(handicap_is_found_past_comments_and_in_black_moves);
	RUN(ranks_are_ordered_on_one_scale);
	return UNIT_DONE();
}
