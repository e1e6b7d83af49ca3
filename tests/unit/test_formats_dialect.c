/*
 * test_formats_dialect.c - server dialects of SGF read (gameinfo) and
 * rewritten (sgf_normalize), on real files in testdata/fmt/, and the 8
 * symmetries.  Expected values were read by hand from the files.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgf/formats.h"
#include "sgf/gameinfo.h"
#include "unit.h"

#define DATA "testdata/fmt/"

static struct sgf_game *
parse(const char *name)
{
	size_t len;
	char *buf = unit_slurp(name, &len);
	struct sgf_game **games = NULL, *g = NULL;
	int n;

	if (!buf)
		return NULL;
	n = sgf_parse_all(buf, len, name, NULL, &games);
	if (n >= 1) {
		g = games[0];
		for (int i = 1; i < n; i++)
			sgf_game_free(games[i]);
	}
	free(games);
	free(buf);
	return g;
}

static const char *
root(const struct sgf_game *g, const char *id)
{
	const struct sgf_prop *p =
	    g && g->root ? sgf_node_prop_id(g->root, id) : NULL;

	return p ? p->values->s : NULL;
}

static int
has_note(const struct sgf_gameinfo *gi, const char *a, const char *b)
{
	for (int i = 0; i < gi->nnotes; i++)
		if (strstr(gi->notes[i], a) && (!b || strstr(gi->notes[i], b)))
			return 1;
	return 0;
}

static int
has_fix(const struct sgf_dialect_report *r, const char *a)
{
	for (int i = 0; i < r->nnotes; i++)
		if (strstr(r->notes[i], a))
			return 1;
	return 0;
}

/* fox_go_server_komi.sgf: KM[375] (7.5 points), RE[W+12.75] in zi (25.5
 * points), AP[GNU Go:3.8] ... AP[foxwq]. */
static void
fox_komi_in_hundredths(void)
{
	struct sgf_game *g = parse(DATA "fox_go_server_komi.sgf");
	struct sgf_gameinfo gi;
	struct sgf_dialect_report rep;

	CHECK(g && g->root);
	sgf_gameinfo(g, &gi);
	CHECK(gi.has_komi && fabs(gi.komi - 7.5) < 1e-9);
	CHECK(has_note(&gi, "375", "7.5"));
	CHECK_INT(gi.result.winner, 'W');
	CHECK(fabs(gi.result.margin - 25.5) < 1e-9);
	/* convert keeps the raw values unless told */
	CHECK_STR(root(g, "KM"), "375");
	CHECK(sgf_normalize(g, SGF_FIX_ALL, &rep) >= 3);
	CHECK_STR(root(g, "KM"), "7.5");
	CHECK_STR(root(g, "RE"), "W+25.5");
	CHECK_STR(root(g, "AP"), "foxwq");
	CHECK(sgf_node_prop_id(g->root, "AP")->nvalues == 1);
	CHECK(has_fix(&rep, "KM[375]") && has_fix(&rep, "KM[7.5]"));
	CHECK(has_fix(&rep, "RE[W+12.75]"));
	CHECK(rep.fixed & SGF_FIX_DUP_AP);
	/* normalising twice changes nothing more */
	CHECK_INT(sgf_normalize(g, SGF_FIX_ALL, &rep), 0);
	sgf_game_free(g);
}

/* fox_go_server_japanese.sgf: KM[650] = 6.5, RE[B+0.50], every move in
 * its own nested variation. */
static void
fox_nesting_and_komi_650(void)
{
	struct sgf_game *g = parse(DATA "fox_go_server_japanese.sgf");
	struct sgf_gameinfo gi;
	struct sgf_dialect_report rep;
	size_t len, moves = 0;
	char *raw = unit_slurp(DATA "fox_go_server_japanese.sgf", &len);

	/* the main line: every ";B[" and ";W[" before the first ')',
	 * where the first commentary variation closes */
	for (size_t i = 0; raw && i + 2 < len && raw[i] != ')'; i++)
		if (raw[i] == ';' && (raw[i + 1] == 'B' || raw[i + 1] == 'W') &&
		    raw[i + 2] == '[')
			moves++;
	free(raw);
	CHECK(g && g->root);
	sgf_gameinfo(g, &gi);
	CHECK(fabs(gi.komi - 6.5) < 1e-9);
	CHECK(has_note(&gi, "650", NULL));
	CHECK(moves > 200);
	CHECK_INT(gi.moves, (long)moves);
	CHECK(g->root->child && g->root->child->nchildren == 2);
	CHECK(sgf_normalize(g, SGF_FIX_ALL, &rep) >= 2);
	CHECK(rep.fixed & SGF_FIX_FOX_NESTING);
	/* the main line stays whole and has no branch left */
	sgf_gameinfo(g, &gi);
	CHECK_INT(gi.moves, (long)moves);
	for (const struct sgf_node *n = g->root; n; n = n->child)
		CHECK(n->nchildren <= 1);
	CHECK_INT(g->nnodes, (long)moves + 1); /* root and the moves */
	CHECK_STR(root(g, "KM"), "6.5");
	CHECK_STR(root(g, "RE"), "B+0.50");
	sgf_game_free(g);
}

/* fox_go_server_handicap.sgf: HA[2], KM[0], ";AB[pd][dp];W[dc]". */
static void
fox_setup_node_merged_into_root(void)
{
	struct sgf_game *g = parse(DATA "fox_go_server_handicap.sgf");
	struct sgf_dialect_report rep;
	const struct sgf_prop *ab;

	CHECK(g && g->root && g->root->child);
	CHECK(root(g, "AB") == NULL);
	sgf_normalize(g, SGF_FIX_ALL, &rep);
	CHECK(rep.fixed & SGF_FIX_FOX_SETUP);
	ab = sgf_node_prop(g->root, SGF_P_AB);
	CHECK(ab && ab->nvalues == 2);
	CHECK(ab && !strcmp(ab->values->s, "pd") &&
	      !strcmp(ab->values->next->s, "dp"));
	CHECK_STR(root(g, "HA"), "2");
	CHECK(g->root->child && sgf_node_prop(g->root->child, SGF_P_W));
	CHECK_STR(sgf_node_prop(g->root->child, SGF_P_W)->values->s, "dc");
	sgf_game_free(g);
}

/* katago-foxlike.sgf: KM[325] = 3.25 zi = 6.5, RE[draw], HA[2] and
 * ";AB[pd][dp]". */
static void
fox_like_draw_and_zi_komi(void)
{
	struct sgf_game *g = parse(DATA "katago-foxlike.sgf");
	struct sgf_gameinfo gi;
	struct sgf_dialect_report rep;

	sgf_gameinfo(g, &gi);
	CHECK(fabs(gi.komi - 6.5) < 1e-9);
	CHECK_INT(gi.result.kind, SGF_RES_DRAW);
	sgf_normalize(g, SGF_FIX_ALL, &rep);
	CHECK_STR(root(g, "KM"), "6.5");
	CHECK_STR(root(g, "RE"), "0");
	CHECK_STR(root(g, "AP"), "foxwq");
	CHECK(sgf_node_prop(g->root, SGF_P_AB) != NULL);
	sgf_game_free(g);
}

/* 943.sgf: KM[2.75] = 5.5, RE[W+0.25] = W+0.5 (Chinese zi). */
static void
chinese_quarter_stones(void)
{
	struct sgf_game *g = parse(DATA "943.sgf");
	struct sgf_gameinfo gi;
	struct sgf_dialect_report rep;

	sgf_gameinfo(g, &gi);
	CHECK(fabs(gi.komi - 5.5) < 1e-9);
	CHECK(fabs(gi.result.margin - 0.5) < 1e-9);
	CHECK(has_note(&gi, "2.75", NULL) && has_note(&gi, "W+0.25", NULL));
	CHECK_STR(root(g, "KM"), "2.75");
	CHECK_INT(sgf_normalize(g, SGF_FIX_ALL, &rep), 2);
	CHECK_STR(root(g, "KM"), "5.5");
	CHECK_STR(root(g, "RE"), "W+0.5");
	CHECK_STR(root(g, "EV"), "1990 Chinese Individual Championship");
	sgf_game_free(g);
}

/* analyze-sgf-t-oro-1.sgf: "(" without ";", TE[2020-2021 퓨처스리그
 * 8R3G-1], RD[2021-01-17], TM[1시간], LT[60], LC[1], HD[0],
 * RE[294수 흑0.5집승]. */
static void
cyberoro_root(void)
{
	struct sgf_game *g = parse(DATA "analyze-sgf-t-oro-1.sgf");
	struct sgf_gameinfo gi;
	struct sgf_dialect_report rep;

	CHECK(g && g->root && g->nerrors == 0);
	sgf_gameinfo(g, &gi);
	CHECK_STR(gi.event, "2020-2021 퓨처스리그 8R3G-1");
	CHECK_STR(gi.date, "2021-01-17");
	CHECK_INT(gi.result.kind, SGF_RES_SCORE);
	CHECK_INT(gi.result.winner, 'B');
	CHECK(fabs(gi.result.margin - 0.5) < 1e-9);
	CHECK_STR(gi.black, "백찬희");
	CHECK_STR(gi.white_rank, "8단");
	sgf_normalize(g, SGF_FIX_ALL, &rep);
	CHECK_STR(root(g, "EV"), "2020-2021 퓨처스리그 8R3G-1");
	CHECK_STR(root(g, "DT"), "2021-01-17");
	CHECK_STR(root(g, "TM"), "3600");
	CHECK_STR(root(g, "OT"), "1x60 byo-yomi");
	CHECK_STR(root(g, "RE"), "B+0.5");
	CHECK(root(g, "TE") == NULL && root(g, "RD") == NULL &&
	      root(g, "HD") == NULL && root(g, "HA") == NULL);
	CHECK(has_fix(&rep, "RE[294수 흑0.5집승]"));
	sgf_game_free(g);
	/* analyze-sgf-t-oro-2.sgf: RE[226수 백불계승] = W+R */
	g = parse(DATA "analyze-sgf-t-oro-2.sgf");
	sgf_gameinfo(g, &gi);
	CHECK_INT(gi.result.kind, SGF_RES_RESIGN);
	CHECK_INT(gi.result.winner, 'W');
	sgf_normalize(g, SGF_FIX_ALL, NULL);
	CHECK_STR(root(g, "RE"), "W+R");
	CHECK_STR(root(g, "EV"), "제13회 춘란배 4강");
	sgf_game_free(g);
}

/* nihon-kiin.sgf (Shift_JIS, no CA): KO[黒6目半] = komi 6.5,
 * RE[257手完, 黒中押し勝ち] = B+R, TE/RD, LT[30秒] LC[5回], TM[1時間]. */
static void
nihon_kiin_record(void)
{
	struct sgf_game *g = parse(DATA "nihon-kiin.sgf");
	struct sgf_gameinfo gi;
	struct sgf_dialect_report rep;

	CHECK(g && g->root);
	sgf_gameinfo(g, &gi);
	CHECK(gi.has_komi && fabs(gi.komi - 6.5) < 1e-9);
	CHECK(has_note(&gi, "KO[黒6目半]", "6.5"));
	CHECK_INT(gi.result.kind, SGF_RES_RESIGN);
	CHECK_INT(gi.result.winner, 'B');
	CHECK_STR(gi.event, "第1回ソパルコサノル世界最高棋士決定戦第9戦");
	CHECK_STR(gi.date, "2025-06-12");
	CHECK_INT(gi.moves, 8);
	sgf_normalize(g, SGF_FIX_ALL, &rep);
	CHECK_STR(root(g, "KM"), "6.5");
	CHECK(root(g, "KO") == NULL);
	CHECK_STR(root(g, "RE"), "B+R");
	CHECK_STR(root(g, "TM"), "3600");
	CHECK_STR(root(g, "OT"), "5x30 byo-yomi");
	CHECK_STR(root(g, "DT"), "2025-06-12");
	sgf_game_free(g);
}

/* kgs__yagr-FKleolio.sgf: the root's RE[B+15.50] comes after the chat
 * comment "yagr [8k\]: GTP Engine ..." (escaped bracket); HA[2],
 * AB[pd][dp], KM[0.50]. */
static void
kgs_result_after_chat(void)
{
	struct sgf_game *g = parse(DATA "kgs__yagr-FKleolio.sgf");
	struct sgf_gameinfo gi;

	CHECK(g && g->root);
	sgf_gameinfo(g, &gi);
	CHECK_INT(gi.result.kind, SGF_RES_SCORE);
	CHECK_INT(gi.result.winner, 'B');
	CHECK(fabs(gi.result.margin - 15.5) < 1e-9);
	CHECK(fabs(gi.komi - 0.5) < 1e-9);
	CHECK_INT(gi.handicap, 2);
	CHECK(strstr(root(g, "C"), "yagr [8k]: GTP Engine") != NULL);
	/* nothing to normalise in a standard record */
	CHECK_INT(sgf_normalize(g, SGF_FIX_ALL, NULL), 0);
	sgf_game_free(g);
}

static struct sgf_game *
build(const char *const (*props)[2], size_t n)
{
	struct sgf_game *g = sgf_game_new("t", 1);
	struct sgf_node *node = sgf_node_add(g, NULL);

	for (size_t i = 0; i < n; i++) {
		if (!strcmp(props[i][0], ";")) {
			node = sgf_node_add(g, node);
			continue;
		}
		sgf_prop_add(g, node, props[i][0], props[i][1],
			     strlen(props[i][1]));
	}
	return g;
}

/* No result property, the end of the game after the chat in the last
 * comment. */
static void
result_only_in_last_comment(void)
{
	static const char *const p[][2] = {
	    {"SZ", "19"},
	    {";", ""},
	    {"B", "pd"},
	    {";", ""},
	    {"W", "dd"},
	    {"C", "bob [3k]: B+R? no\nalice [2k]: thx\nW+Resign"}};
	struct sgf_game *g = build(p, sizeof(p) / sizeof(p[0]));
	struct sgf_gameinfo gi;
	struct sgf_dialect_report rep;

	sgf_gameinfo(g, &gi);
	CHECK_INT(gi.result.kind, SGF_RES_RESIGN);
	CHECK_INT(gi.result.winner, 'W');
	CHECK(has_note(&gi, "last comment", NULL));
	sgf_normalize(g, SGF_FIX_ALL, &rep);
	CHECK_STR(root(g, "RE"), "W+Resign");
	CHECK(rep.fixed & SGF_FIX_KGS_RESULT);
	sgf_game_free(g);
}

/* OGS writes a handicap of 1 as HA[1] with one AB stone. */
static void
ogs_handicap_one(void)
{
	static const char *const p[][2] = {
	    {"SZ", "19"}, {"HA", "1"}, {"AB", "dd"}, {";", ""},
	    {"W", "pp"},  {";", ""},   {"B", "pd"}};
	struct sgf_game *g = build(p, sizeof(p) / sizeof(p[0]));
	struct sgf_dialect_report rep;
	const struct sgf_node *n;

	CHECK_INT(sgf_normalize(g, SGF_FIX_ALL, &rep), 1);
	CHECK(root(g, "AB") == NULL);
	n = g->root->child;
	CHECK(n && sgf_node_prop(n, SGF_P_B) &&
	      !strcmp(sgf_node_prop(n, SGF_P_B)->values->s, "dd"));
	CHECK(n && n->parent == g->root && n->child && n->child->parent == n &&
	      sgf_node_prop(n->child, SGF_P_W));
	CHECK(n && n->child && n->child->child &&
	      sgf_node_prop(n->child->child, SGF_P_B));
	sgf_game_free(g);
}

static void
only_selected_fixes_are_made(void)
{
	struct sgf_game *g = parse(DATA "943.sgf");

	CHECK_INT(sgf_normalize(g, SGF_FIX_KOMI, NULL), 1);
	CHECK_STR(root(g, "KM"), "5.5");
	CHECK_STR(root(g, "RE"), "W+0.25");
	sgf_game_free(g);
}

static void
symmetry_maps_points(void)
{
	int x, y;

	/* pd = (15, 3) on 19x19 */
	sgf_sym_point(1, 19, 19, 15, 3, &x, &y); /* quarter turn cw */
	CHECK(x == 15 && y == 15);
	sgf_sym_point(2, 19, 19, 15, 3, &x, &y);
	CHECK(x == 3 && y == 15);
	sgf_sym_point(3, 19, 19, 15, 3, &x, &y);
	CHECK(x == 3 && y == 3);
	sgf_sym_point(4, 19, 19, 15, 3, &x, &y); /* mirror */
	CHECK(x == 3 && y == 3);
	sgf_sym_point(6, 19, 19, 15, 3, &x, &y); /* top-bottom */
	CHECK(x == 15 && y == 15);
	sgf_sym_point(7, 19, 19, 15, 2, &x, &y); /* transpose */
	CHECK(x == 2 && y == 15);
	/* the 8 images of an asymmetric point are all different */
	{
		int seen[8][2];
		for (int s = 0; s < 8; s++) {
			sgf_sym_point(s, 19, 19, 16, 3, &seen[s][0],
				      &seen[s][1]);
			for (int t = 0; t < s; t++)
				CHECK(seen[s][0] != seen[t][0] ||
				      seen[s][1] != seen[t][1]);
		}
	}
}

static void
symmetry_rewrites_every_point_property(void)
{
	static const char *const p[][2] = {
	    {"SZ", "19"},    {"AB", "aa:bb"}, {"AW", "pd"}, {"LB", "cd:x"},
	    {"AR", "aa:cc"}, {";", ""},	      {"B", "pd"},  {"TR", "aa"},
	    {";", ""},	     {"W", ""},	      {";", ""},    {"B", "tt"},
	    {"C", "aa bb"}};
	struct sgf_game *g = build(p, sizeof(p) / sizeof(p[0]));
	const char *why;
	const struct sgf_node *n;

	CHECK_INT(sgf_transform(g, 1, &why, NULL), 0);
	/* (x, y) -> (18 - y, x) */
	CHECK_STR(root(g, "AB"), "ra:sb");
	CHECK_STR(root(g, "AW"), "pp");
	CHECK_STR(root(g, "LB"), "pc:x");
	CHECK_STR(root(g, "AR"), "sa:qc");
	n = g->root->child;
	CHECK_STR(sgf_node_prop(n, SGF_P_B)->values->s, "pp");
	CHECK_STR(sgf_node_prop(n, SGF_P_TR)->values->s, "sa");
	CHECK_STR(sgf_node_prop(n->child, SGF_P_W)->values->s, "");
	CHECK_STR(sgf_node_prop(n->child->child, SGF_P_B)->values->s, "tt");
	CHECK_STR(sgf_node_prop(n->child->child, SGF_P_C)->values->s, "aa bb");
	/* three more quarter turns give the record back */
	for (int i = 0; i < 3; i++)
		CHECK_INT(sgf_transform(g, 1, &why, NULL), 0);
	CHECK_STR(root(g, "AB"), "aa:bb");
	CHECK_STR(root(g, "AR"), "aa:cc");
	CHECK_STR(sgf_node_prop(g->root->child, SGF_P_B)->values->s, "pd");
	CHECK_INT(sgf_transform(g, 8, &why, NULL), -1);
	sgf_game_free(g);
}

static void
symmetry_on_a_rectangle(void)
{
	static const char *const p[][2] = {
	    {"SZ", "19:13"}, {";", ""}, {"B", "sa"}};
	struct sgf_game *g = build(p, sizeof(p) / sizeof(p[0]));
	const char *why;

	/* (18, 0) on 19 columns x 13 rows, quarter turn: (12, 18) */
	CHECK_INT(sgf_transform(g, 1, &why, NULL), 0);
	CHECK_STR(root(g, "SZ"), "13:19");
	CHECK_STR(sgf_node_prop(g->root->child, SGF_P_B)->values->s, "ms");
	sgf_game_free(g);
}

/* An SZ that is no board size is read as 19x19 and says so; a good
 * one (square, rectangular, the largest) says nothing. */
static void
bad_board_size_is_noted(void)
{
	static const char *const bad[] = {"999", "0",	 "53", "abc",
					  "",	 "19:0", "-9"};
	static const struct {
		const char *sz;
		int cols, rows;
	} good[] = {{"9", 9, 9}, {"19:13", 19, 13}, {"52", 52, 52}};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *const p[][2] = {
		    {"SZ", bad[i]}, {";", ""}, {"B", "aa"}};
		struct sgf_game *g = build(p, 3);
		struct sgf_gameinfo gi;

		sgf_gameinfo(g, &gi);
		CHECK_INT(gi.cols, 19);
		CHECK_INT(gi.rows, 19);
		CHECK(has_note(&gi, "is not a board size", "read as 19x19"));
		sgf_game_free(g);
	}
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		const char *const p[][2] = {{"SZ", good[i].sz}};
		struct sgf_game *g = build(p, 1);
		struct sgf_gameinfo gi;

		sgf_gameinfo(g, &gi);
		CHECK_INT(gi.cols, good[i].cols);
		CHECK_INT(gi.rows, good[i].rows);
		CHECK_INT(gi.nnotes, 0);
		sgf_game_free(g);
	}
}

int
main(void)
{
	RUN(fox_komi_in_hundredths);
	RUN(fox_nesting_and_komi_650);
	RUN(fox_setup_node_merged_into_root);
	RUN(fox_like_draw_and_zi_komi);
	RUN(chinese_quarter_stones);
	RUN(cyberoro_root);
	RUN(nihon_kiin_record);
	RUN(kgs_result_after_chat);
	RUN(result_only_in_last_comment);
	RUN(ogs_handicap_one);
	RUN(only_selected_fixes_are_made);
	RUN(symmetry_maps_points);
	RUN(symmetry_rewrites_every_point_property);
	RUN(symmetry_on_a_rectangle);
	RUN(bad_board_size_is_noted);
	return UNIT_DONE();
}
