/*
 * test_formats.c - GIB, NGF and UGF readers and writers.
 *
 * The expectations for the samples in testdata/fmt/ were read by hand
 * from the files themselves (see the comment above each test for the
 * lines they come from), not copied from the program's output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgf/fmt_internal.h"
#include "sgf/formats.h"
#include "sgf/gameinfo.h"
#include "unit.h"

#define DATA "testdata/fmt/"

static struct sgf_game *
load(const char *name, enum sgf_format *fmt)
{
	size_t len;
	char *buf = unit_slurp(name, &len);
	struct sgf_game *g;
	enum sgf_format f;

	if (!buf)
		return NULL;
	f = sgf_format_detect(buf, len, name);
	if (fmt)
		*fmt = f;
	g = sgf_read_format(f, buf, len, name);
	free(buf);
	return g;
}

static const char *
root(const struct sgf_game *g, const char *id)
{
	const struct sgf_prop *p;

	if (!g || !g->root)
		return NULL;
	p = sgf_node_prop_id(g->root, id);
	return p ? p->values->s : NULL;
}

/* All values of a root property joined: "dp pd dd". */
static const char *
root_all(const struct sgf_game *g, const char *id, char *buf, size_t n)
{
	const struct sgf_prop *p;
	size_t k = 0;

	buf[0] = 0;
	if (!g || !g->root || !(p = sgf_node_prop_id(g->root, id)))
		return buf;
	for (const struct sgf_value *v = p->values; v; v = v->next)
		k += (size_t)snprintf(buf + k, n - k, "%s%s", k ? " " : "",
				      v->s);
	return buf;
}

struct line {
	long n;
	char first[16], last[16];
};

/* Count the moves of the main line, keep the first and last as
 * "B[qd]". */
static struct line
main_line(const struct sgf_game *g)
{
	struct line l;

	memset(&l, 0, sizeof(l));
	if (!g || !g->root)
		return l;
	for (const struct sgf_node *n = g->root; n; n = n->child) {
		for (const struct sgf_prop *p = n->props; p; p = p->next) {
			if (p->pid != SGF_P_B && p->pid != SGF_P_W)
				continue;
			snprintf(l.last, sizeof(l.last), "%s[%s]", p->id,
				 p->values->s);
			if (l.n++ == 0)
				memcpy(l.first, l.last, sizeof(l.first));
		}
	}
	return l;
}

/* euc-kr.gib: GAMEBLACKNAME=dustkd1015 (1급), GAMEWHITENAME=dongjik (1급),
 * GONGJE:65, GRLT:7 (흑 시간승: Black on time), INI 0 1 0, moves
 * STO 0 2 1 16 2 ... STO 0 50 1 1 4, GAMETAG C2015:08:29. */
static void
gib_korean_sample_is_read(void)
{
	enum sgf_format f;
	struct sgf_game *g = load(DATA "euc-kr.gib", &f);
	struct line l = main_line(g);

	CHECK_INT(f, SGF_FMT_GIB);
	CHECK(g && g->nerrors == 0);
	CHECK_STR(g->charset, "CP949");
	CHECK_INT(l.n, 49);
	CHECK_STR(l.first, "B[qc]");
	CHECK_STR(l.last, "B[be]");
	CHECK_STR(root(g, "PB"), "dustkd1015");
	CHECK_STR(root(g, "BR"), "1k");
	CHECK_STR(root(g, "PW"), "dongjik");
	CHECK_STR(root(g, "WR"), "1k");
	CHECK_STR(root(g, "KM"), "6.5");
	CHECK_STR(root(g, "RE"), "B+T");
	CHECK(root(g, "HA") == NULL && root(g, "AB") == NULL);
	CHECK_STR(root(g, "DT"), "2015-08-29");
	CHECK_STR(root(g, "GN"), "승강급 대국");
	CHECK_STR(root(g, "SZ"), "19");
	sgf_game_free(g);
}

/* gb2312.gib: 石下之臣(2段) Black, harpmaster(3段) White, GONGJE:0,
 * GRLT:1 ZIPSU:110 (白11目胜), INI 0 1 5, STO 0 2 2 16 13 ...
 * STO 0 269 1 3 8. */
static void
gib_chinese_handicap_sample_is_read(void)
{
	struct sgf_game *g = load(DATA "gb2312.gib", NULL);
	struct line l = main_line(g);
	char ab[64];

	CHECK(g && g->nerrors == 0);
	CHECK_STR(g->charset, "GB18030");
	CHECK_INT(l.n, 268);
	CHECK_STR(l.first, "W[qn]");
	CHECK_STR(l.last, "B[di]");
	CHECK_STR(root(g, "PB"), "石下之臣");
	CHECK_STR(root(g, "BR"), "2d");
	CHECK_STR(root(g, "PW"), "harpmaster");
	CHECK_STR(root(g, "WR"), "3d");
	CHECK_STR(root(g, "KM"), "0");
	CHECK_STR(root(g, "RE"), "W+11");
	CHECK_STR(root(g, "HA"), "5");
	CHECK_STR(root_all(g, "AB", ab, sizeof(ab)), "dp pd dd pp jj");
	CHECK_STR(root(g, "DT"), "2012-11-22");
	sgf_game_free(g);
}

/* utf8.gib: jy512 (15K) Black, leejw977 (10K) White, 3 stones, GRLT:255
 * (unfinished: no result), STO 0 2 2 15 15 ... STO 0 119 1 10 8.  The
 * third handicap stone is Tygem's upper-left dd. */
static void
gib_three_stones_use_tygem_placement(void)
{
	struct sgf_game *g = load(DATA "utf8.gib", NULL);
	struct line l = main_line(g);
	char ab[64];

	CHECK(g && g->nerrors == 0);
	CHECK_STR(g->charset, "UTF-8");
	CHECK_INT(l.n, 118);
	CHECK_STR(l.first, "W[pp]");
	CHECK_STR(l.last, "B[ki]");
	CHECK_STR(root(g, "PB"), "jy512");
	CHECK_STR(root(g, "BR"), "15k");
	CHECK_STR(root(g, "PW"), "leejw977");
	CHECK_STR(root(g, "WR"), "10k");
	CHECK_STR(root(g, "KM"), "0");
	CHECK(root(g, "RE") == NULL);
	CHECK_STR(root(g, "HA"), "3");
	CHECK_STR(root_all(g, "AB", ab, sizeof(ab)), "dp pd dd");
	CHECK_STR(root(g, "PL"), "W");
	CHECK_STR(root(g, "DT"), "2016-03-26");
	sgf_game_free(g);
}

/* even.ngf: line 3 "LQC 9DP" White, line 4 "CYY 9DP" Black, handicap 0,
 * komi 7 (+.5), "Black wins by 0.5!", 333 moves PMABBREER ... PMMVBOMMO. */
static void
ngf_even_sample_is_read(void)
{
	enum sgf_format f;
	struct sgf_game *g = load(DATA "even.ngf", &f);
	struct line l = main_line(g);

	CHECK_INT(f, SGF_FMT_NGF);
	CHECK(g && g->nerrors == 0);
	CHECK_INT(l.n, 333);
	CHECK_STR(l.first, "B[qd]");
	CHECK_STR(l.last, "B[nl]");
	CHECK_STR(root(g, "PW"), "LQC");
	CHECK_STR(root(g, "WR"), "9p");
	CHECK_STR(root(g, "PB"), "CYY");
	CHECK_STR(root(g, "BR"), "9p");
	CHECK_STR(root(g, "KM"), "7.5");
	CHECK_STR(root(g, "RE"), "B+0.5");
	CHECK(root(g, "HA") == NULL);
	CHECK_STR(root(g, "DT"), "2017-03-16");
	CHECK_STR(root(g, "PC"), "www.cyberoro.com");
	sgf_game_free(g);
}

/* handicap2.ngf: White ace550 7D*, Black p81587 5D*, handicap 2, komi 0
 * (kept), "White wins by  resign!", 189 moves PMABWQRRQ ... PMHHWHOOH. */
static void
ngf_handicap_sample_is_read(void)
{
	struct sgf_game *g = load(DATA "handicap2.ngf", NULL);
	struct line l = main_line(g);
	char ab[64];

	CHECK(g && g->nerrors == 0);
	CHECK_INT(l.n, 189);
	CHECK_STR(l.first, "W[pq]");
	CHECK_STR(l.last, "W[gn]");
	CHECK_STR(root(g, "PW"), "ace550");
	CHECK_STR(root(g, "WR"), "7d*");
	CHECK_STR(root(g, "PB"), "p81587");
	CHECK_STR(root(g, "BR"), "5d*");
	CHECK_STR(root(g, "KM"), "0");
	CHECK_STR(root(g, "RE"), "W+R");
	CHECK_STR(root(g, "HA"), "2");
	CHECK_STR(root_all(g, "AB", ab, sizeof(ab)), "dp pd");
	sgf_game_free(g);
}

/* gb2312.ngf, the GI form: GI韩国十段战, GI朴承华 初段 (White, as line 3 of
 * the 12-line form), GI李载雄 五段, GI2006-9-5, GI19, GI0 (handicap),
 * GI0, GI6 (komi, +.5), GI211; 211 moves PMABBREER ... PMIDBKOOK;
 * "IDB[211] 黑中盘胜" = Black wins by resignation. */
static void
ngf_gi_form_is_read(void)
{
	struct sgf_game *g = load(DATA "gb2312.ngf", NULL);
	struct line l = main_line(g);

	CHECK(g && g->nerrors == 0);
	CHECK_STR(g->charset, "GB18030");
	CHECK_INT(l.n, 211);
	CHECK_STR(l.first, "B[qd]");
	CHECK_STR(l.last, "B[jn]");
	CHECK_STR(root(g, "EV"), "韩国十段战");
	CHECK_STR(root(g, "PW"), "朴承华");
	CHECK_STR(root(g, "WR"), "1d");
	CHECK_STR(root(g, "PB"), "李载雄");
	CHECK_STR(root(g, "BR"), "5d");
	CHECK_STR(root(g, "KM"), "6.5");
	CHECK_STR(root(g, "RE"), "B+R");
	CHECK_STR(root(g, "DT"), "2006-09-05");
	sgf_game_free(g);
}

/* amateur.ugf: PlayerB=kaziwami,7d PlayerW=YINNI,8d Hdcp=0,-5.50
 * Winner=B,7.50 Date=2019/03/08,...,2019/03/09; CoordinateType=IGS;
 * [Data] QP,B1,1 (Q = x 16, P = 16th row from the bottom = y 3 -> qd)
 * ... NK,W1,254 (n, 11th row from the bottom = y 8 -> ni). */
static void
ugf_sample_is_read(void)
{
	enum sgf_format f;
	struct sgf_game *g = load(DATA "amateur.ugf", &f);
	struct line l = main_line(g);

	CHECK_INT(f, SGF_FMT_UGF);
	CHECK(g && g->nerrors == 0);
	CHECK_INT(l.n, 254);
	CHECK_STR(l.first, "B[qd]");
	CHECK_STR(l.last, "W[ni]");
	CHECK_STR(root(g, "PB"), "kaziwami");
	CHECK_STR(root(g, "BR"), "7d");
	CHECK_STR(root(g, "PW"), "YINNI");
	CHECK_STR(root(g, "WR"), "8d");
	CHECK_STR(root(g, "KM"), "-5.5");
	CHECK_STR(root(g, "RE"), "B+7.5");
	CHECK(root(g, "HA") == NULL);
	CHECK_STR(root(g, "DT"), "2019-03-08,09");
	CHECK_STR(root(g, "RU"), "Japanese");
	sgf_game_free(g);
}

/* review.ugi: 222 moves, the last three YA passes; GJ,B1,219 is gj;
 * .Comment,1 goes to the root, .Comment,19 to move 18. */
static void
ugi_review_keeps_passes_and_comments(void)
{
	struct sgf_game *g = load(DATA "review.ugi", NULL);
	struct line l = main_line(g);
	const struct sgf_node *n;
	const struct sgf_prop *c;
	int k = 0;

	CHECK(g && g->nerrors == 0);
	CHECK_INT(l.n, 222);
	CHECK_STR(l.first, "B[qd]");
	CHECK_STR(l.last, "W[]");
	CHECK_STR(root(g, "PB"), "ken03110");
	CHECK_STR(root(g, "BR"), "2k");
	CHECK_STR(root(g, "PW"), "apetresc");
	CHECK_STR(root(g, "WR"), "2k?");
	CHECK_STR(root(g, "KM"), "6.5");
	CHECK_STR(root(g, "RE"), "B+2.5");
	c = g && g->root ? sgf_node_prop(g->root, SGF_P_C) : NULL;
	CHECK(c && strstr(c->values->s, "Let's begin"));
	for (n = g && g->root ? g->root : NULL; n && k < 18; n = n->child)
		k++;
	CHECK(n && sgf_node_prop(n, SGF_P_W));
	c = n ? sgf_node_prop(n, SGF_P_C) : NULL;
	CHECK(c && strstr(c->values->s, "white is ahead"));
	for (n = g && g->root ? g->root : NULL, k = 0; n && k < 219;
	     n = n->child)
		k++;
	CHECK(n && sgf_node_prop(n, SGF_P_B) &&
	      !strcmp(sgf_node_prop(n, SGF_P_B)->values->s, "gj"));
	sgf_game_free(g);
}

/* The content decides, not the name. */
static void
detection_reads_content(void)
{
	static const char gib[] = "\\HS\r\n\\[GAMENAME=x\\]\r\n\\HE\r\n";
	static const char ugf[] = "# comment\n[Header]\nSize=9\n";
	static const char ngf[] = "Rated game\n19\nA 1D\nB 1D\nsite\n0\n0\n6\n"
				  "20170316\n5\nBlack wins!\n1\nPMABBREER\n";
	static const char sgf[] = "\n (;GM[1])";

	CHECK_INT(sgf_format_detect(gib, strlen(gib), "x.sgf"), SGF_FMT_GIB);
	CHECK_INT(sgf_format_detect(ugf, strlen(ugf), "x.gib"), SGF_FMT_UGF);
	CHECK_INT(sgf_format_detect(ngf, strlen(ngf), NULL), SGF_FMT_NGF);
	CHECK_INT(sgf_format_detect(sgf, strlen(sgf), "x.ngf"), SGF_FMT_SGF);
	CHECK_INT(sgf_format_detect("{}", 2, NULL), SGF_FMT_JSON);
	CHECK_INT(sgf_format_detect("", 0, "a.ugi"), SGF_FMT_UGF);
	CHECK_INT(sgf_format_detect("hello", 5, NULL), SGF_FMT_UNKNOWN);
	CHECK_INT(sgf_format_from_name("UGI"), SGF_FMT_UGF);
}

/* The table the command line goes by: its detectors in order (an OGS
 * game before any JSON, SGF the fallback), names and extensions. */
static void
format_table_chooses(void)
{
	static const char ogs[] = "{\"gamedata\": {\"moves\": []}}";
	static const char gibjson[] = "{\"x\": \"\\[GIBOKIND=Global\\]\"}";

	CHECK_STR(sgf_format_sniff(ogs, strlen(ogs))->name, "ogs");
	CHECK_STR(sgf_format_sniff("\n{}", 3)->name, "json");
	/* a JSON document stays JSON whatever it holds */
	CHECK_STR(sgf_format_sniff(gibjson, strlen(gibjson))->name, "json");
	CHECK_STR(sgf_format_sniff("\\HS\n", 4)->name, "gib");
	CHECK_STR(sgf_format_sniff("hello", 5)->name, "sgf");
	CHECK_STR(sgf_format_sniff("", 0)->name, "sgf");
	CHECK_STR(sgf_format_by_ext("dir.ngf/a.UGI.gz")->name, "ugf");
	CHECK_STR(sgf_format_by_ext("a.tst")->name, "gtp");
	CHECK(!sgf_format_by_ext("gib"));
	CHECK(!sgf_format_by_ext("a.gz"));
	CHECK(sgf_name_has_ext("x.JSONL", "json,jsonl"));
	CHECK(!sgf_name_has_ext("x.jso", "json,jsonl"));
	CHECK_STR(sgf_format_by_name("GTP")->name, "gtp");
	CHECK(!sgf_format_by_name("tst"));
	CHECK(!sgf_format_info(SGF_FMT_UGF)->write);
	CHECK(sgf_format_info(SGF_FMT_NGF)->write);
	CHECK_INT(sgf_format_info(SGF_FMT_JSON)->kind, SGF_FMT_LINES);
	CHECK_STR(sgf_format_name(SGF_FMT_UNKNOWN), "unknown");
}

/* One table of rule names for online-go.com, kgs-rules and
 * kata-set-rules (issue 23: ogs.c and gtp.c had one each). */
static void
rule_names_are_one_table(void)
{
	CHECK_STR(fmt_rules_name("japanese"), "Japanese");
	CHECK_STR(fmt_rules_name("AGA"), "AGA");
	CHECK_STR(fmt_rules_name("nz"), "NZ");
	CHECK_STR(fmt_rules_name("new_zealand"), "NZ");
	CHECK_STR(fmt_rules_name("new-zealand"), "NZ");
	CHECK_STR(fmt_rules_name("ing"), "Ing");
	CHECK_STR(fmt_rules_name("Tromp-Taylor"), "Tromp-Taylor");
	CHECK_STR(fmt_rules_name("stone-scoring"), "stone-scoring");
}

static struct sgf_game *
read_str(enum sgf_format f, const char *s)
{
	return sgf_read_format(f, s, strlen(s), "t");
}

static unsigned
first_error_line(const struct sgf_game *g)
{
	for (const struct sgf_diag *d = g->diags; d; d = d->next)
		if (d->severity == SGF_ERROR)
			return d->line;
	return 0;
}

static void
unreadable_files_get_a_line_and_no_tree(void)
{
	struct sgf_game *g;

	/* GIB cut before \GE */
	g = read_str(SGF_FMT_GIB, "\\HS\n\\[GAMETAG=G65\\]\n\\HE\n\\GS\n2 1 0\n"
				  "INI 0 1 0 &4\nSTO 0 2 1 3 3\n");
	CHECK(g->nerrors == 1 && g->root == NULL);
	CHECK(strstr(g->diags->msg, "\\GE") != NULL);
	sgf_game_free(g);
	/* a bad move line: line 6 */
	g = read_str(SGF_FMT_GIB, "\\HS\n\\HE\n\\GS\nINI 0 1 0 &4\n"
				  "STO 0 2 1 3 3\nSTO 0 3 x 3 4\n\\GE\n");
	CHECK(g->root == NULL);
	CHECK_INT(first_error_line(g), 6);
	CHECK(strstr(g->diags->msg, "STO 0 <move>") != NULL);
	sgf_game_free(g);
	/* off the board */
	g = read_str(SGF_FMT_GIB, "\\HS\n\\HE\n\\GS\nSTO 0 2 1 19 3\n\\GE\n");
	CHECK(g->root == NULL);
	CHECK_INT(first_error_line(g), 4);
	sgf_game_free(g);
	/* not GIB at all */
	g = read_str(SGF_FMT_GIB, "\n\nhello\n");
	CHECK(g->root == NULL);
	CHECK_INT(first_error_line(g), 3);
	sgf_game_free(g);
	/* NGF: board size missing on line 2 */
	g = read_str(SGF_FMT_NGF, "t\nxx\nA 1D\nB 1D\ns\n0\n0\n6\n2017\n5\n"
				  "r\n1\nPMABBREER\n");
	CHECK(g->root == NULL);
	CHECK_INT(first_error_line(g), 2);
	sgf_game_free(g);
	/* NGF: broken move on line 14 */
	g = read_str(SGF_FMT_NGF, "t\n19\nA 1D\nB 1D\ns\n0\n0\n6\n2017\n5\n"
				  "r\n2\nPMABBREER\nPMACWEEXE\n");
	CHECK(g->root == NULL);
	CHECK_INT(first_error_line(g), 14);
	sgf_game_free(g);
	/* NGF: truncated header */
	g = read_str(SGF_FMT_NGF, "t\n19\nA 1D\n");
	CHECK(g->root == NULL && g->nerrors == 1);
	sgf_game_free(g);
	/* UGF: bad move line 5 */
	g = read_str(SGF_FMT_UGF,
		     "[Header]\nSize=19\n[Data]\nQP,B1,1,0\nQ,W1,2,0\n");
	CHECK(g->root == NULL);
	CHECK_INT(first_error_line(g), 5);
	sgf_game_free(g);
	/* UGF: no header */
	g = read_str(SGF_FMT_UGF, "[Data]\nQP,B1,1,0\n");
	CHECK(g->root == NULL);
	CHECK_INT(first_error_line(g), 1);
	sgf_game_free(g);
}

static void
gib_passes_belong_to_the_side_to_move(void)
{
	struct sgf_game *g =
	    read_str(SGF_FMT_GIB, "\\HS\n\\[GAMEINFOMAIN=GRLT:3,ZIPSU:0,"
				  "GONGJE:75,LINE:9\\]\n\\HE\n\\GS\n2 1 0\n"
				  "INI 0 1 2 &4\nSTO 0 2 2 4 4\nSKI 0 3\n"
				  "SKI 0 4\n\\GE\n");
	struct line l = main_line(g);
	char ab[32];

	CHECK(g->nerrors == 0);
	CHECK_STR(root(g, "SZ"), "9");
	CHECK_STR(root(g, "KM"), "7.5");
	CHECK_STR(root(g, "RE"), "B+R");
	CHECK_STR(root_all(g, "AB", ab, sizeof(ab)), "cg gc");
	CHECK_INT(l.n, 3);
	CHECK_STR(l.first, "W[ee]");
	CHECK_STR(l.last, "W[]");
	sgf_game_free(g);
}

static void
results_in_text_are_understood(void)
{
	static const char *const cases[][2] = {
	    {"Black wins by 0.5!", "B+0.5"},
	    {"White wins by  resign!", "W+R"},
	    {"Black wins by 16.5 points! >> White(66):Black(89)", "B+16.5"},
	    {"White loses on time", "B+T"},
	    {"white wins by resignation", "W+R"},
	    {"黒中押し勝ち!", "B+R"},
	    {"白5.5目勝ち!", "W+5.5"},
	    {"흑 1.5집 승", "B+1.5"},
	    {"232手完、黒2目半勝ち", "B+2.5"},
	    {"294수 흑0.5집승", "B+0.5"},
	    {"백불계승", "W+R"},
	    {"흑 시간승", "B+T"},
	    {"白11目胜", "W+11"},
	    {"黑中盘胜(现场消息)", "B+R"},
	    {"흑 6집반 승", "B+6.5"},
	    {"White wins by forfeit!", "W+F"},
	    {"Black wins!", "B+"},
	    /* what only sgf_result_parse read before (issue 23) */
	    {"黑胜1又3/4子", "B+3.5"},
	    {"白胜3子半", "W+7"},
	    {"黑时间胜", "B+T"},
	    {"黒ジゴ", "0"},
	};
	char re[32];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		re[0] = 0;
		CHECK_INT(fmt_result_text(cases[i][0], re, sizeof(re)), 0);
		CHECK_STR(re, cases[i][1]);
	}
	CHECK_INT(fmt_result_text("Progressing!", re, sizeof(re)), -1);
	/* strtod would read 1e999 as inf and 0x10 as 16: the winner is
	 * known, the margin is not */
	CHECK_INT(fmt_result_text("白1e999目胜", re, sizeof(re)), 0);
	CHECK_STR(re, "W+");
	CHECK_INT(fmt_result_text("黑0x10目胜", re, sizeof(re)), 0);
	CHECK_STR(re, "B+");
}

/* A KM value as the game says it (NULL if none). */
static const char *
komi_of(const struct sgf_game *g)
{
	const struct sgf_prop *p =
	    g && g->root ? sgf_node_prop(g->root, SGF_P_KM) : NULL;

	return p && p->values ? p->values->s : NULL;
}

/* Where a reader takes a number (komi, a margin), "nan", "inf", "1e999"
 * or "0x10" is not one: no KM[inf] or KM[1000000000000000010979...]
 * reaches the SGF, and no inf reaches score's JSON. */
static void
numbers_in_other_formats_are_real_numbers(void)
{
	static const char *const bad[] = {"nan",  "inf",   "1e308",
					  "0x10", "1e999", "6.5e0"};
	char buf[256];
	struct sgf_game *g;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(buf, sizeof(buf), "boardsize 9\nkomi %s\nplay b e5\n",
			 bad[i]);
		g = read_str(SGF_FMT_GTP, buf);
		CHECK(g && g->nerrors == 1 && first_error_line(g) == 2);
		CHECK(komi_of(g) == NULL);
		sgf_game_free(g);

		snprintf(buf, sizeof(buf),
			 "[Header]\nSize=9\nHdcp=0,%s\nWinner=B,%s\n"
			 "[Data]\nEE,B1,1,0\n",
			 bad[i], bad[i]);
		g = read_str(SGF_FMT_UGF, buf);
		CHECK(g && g->nerrors == 1 && first_error_line(g) == 3);
		CHECK(komi_of(g) == NULL);
		sgf_game_free(g);
	}
	/* cJSON reads 1e999 as inf */
	for (int i = 0; i < 2; i++) {
		snprintf(buf, sizeof(buf),
			 "{\"width\": 9, \"height\": 9, \"komi\": %s, "
			 "\"start_time\": %s, \"moves\": [[2, 2, 0]]}",
			 i ? "1e999" : "1e308", i ? "-1e999" : "1e300");
		g = sgf_read_ogs(buf, strlen(buf), "t.json");
		CHECK(g && g->nerrors == 0 && g->nnodes == 2);
		CHECK(komi_of(g) == NULL);
		CHECK(g && !sgf_node_prop(g->root, SGF_P_DT));
		sgf_game_free(g);
	}
	g = read_str(SGF_FMT_UGF, "[Header]\nSize=9\nHdcp=0,6.50\n"
				  "Winner=W,0x10\n[Data]\nEE,B1,1,0\n");
	CHECK(g && g->nerrors == 0);
	CHECK_STR(komi_of(g), "6.5");
	{
		const struct sgf_prop *re =
		    g ? sgf_node_prop(g->root, SGF_P_RE) : NULL;
		CHECK(re && !strcmp(re->values->s, "W+"));
	}
	sgf_game_free(g);
}

static void
ranks_are_normalised(void)
{
	static const char *const cases[][2] = {
	    {"10K", "10k"},    {"9DP", "9p"},	{"7D*", "7d*"},
	    {"1급", "1k"},     {"3段", "3d"},	{"初段", "1d"},
	    {"五段", "5d"},    {"2k?", "2k?"},	{"P9段", "9p"},
	    {"pro", "pro"},    {"15级", "15k"}, {"9단", "9d"},
	    {"9 Dan", "9d"},   {"1 kyu", "1k"}, {"3DAN", "3d"},
	    {"2 Kyu?", "2k?"},
	};
	char out[32];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int known = fmt_rank(cases[i][0], strlen(cases[i][0]), out,
				     sizeof(out));
		CHECK_STR(out, cases[i][1]);
		/* copied as it was only when it is not a rank */
		CHECK_INT(known, strcmp(cases[i][0], "pro") != 0);
	}
	CHECK_INT(fmt_rank("Sedol", 5, out, sizeof(out)), 0);
	CHECK_INT(fmt_rank("Jr", 2, out, sizeof(out)), 0);
}

static void
handicap_tables_follow_gtp(void)
{
	int xs[9], ys[9];

	/* SGF.md section 9: 19x19 9 stones dp pd dd pp dj pj jp jd jj */
	CHECK_INT(sgf_fixed_handicap(19, 9, xs, ys), 9);
	CHECK(xs[4] == 3 && ys[4] == 9 && xs[6] == 9 && ys[6] == 15);
	CHECK(xs[8] == 9 && ys[8] == 9);
	/* 13x13 3 stones dj jd dd */
	CHECK_INT(sgf_fixed_handicap(13, 3, xs, ys), 3);
	CHECK(xs[0] == 3 && ys[0] == 9 && xs[2] == 3 && ys[2] == 3);
	/* 9x9 2 stones cg gc */
	CHECK_INT(sgf_fixed_handicap(9, 2, xs, ys), 2);
	CHECK(xs[0] == 2 && ys[0] == 6);
	CHECK_INT(sgf_fixed_handicap(10, 5, xs, ys), 0);
	CHECK_INT(sgf_fixed_handicap(5, 2, xs, ys), 0);
	CHECK_INT(sgf_fixed_handicap(19, 1, xs, ys), 0);
}

/* Write with a writer, read back with the reader: every move and the
 * header fields we understand survive. */
static void
round_trip(const char *file, enum sgf_format f)
{
	struct sgf_game *a = load(file, NULL), *b;
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	const char *why = NULL;
	static const char *const ids[] = {
	    "PB", "PW", "BR", "WR",	"KM",	  "RE",	    "HA",    "AB",
	    "DT", "SZ", "PC", "GIB:GN", "GIB:TM", "GIB:OT", "GIB:GC"};
	struct line la, lb;
	int r;

	r = f == SGF_FMT_GIB ? sgf_write_gib(out, a, &why, NULL)
			     : sgf_write_ngf(out, a, &why, NULL);
	fclose(out);
	CHECK_INT(r, 0);
	b = sgf_read_format(f, buf, len, "rt");
	CHECK(b->nerrors == 0);
	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		char x[128], y[128];
		const char *id = ids[i];
		/* "GIB:" fields are kept by GIB only */
		if (!strncmp(id, "GIB:", 4)) {
			if (f != SGF_FMT_GIB)
				continue;
			id += 4;
		}
		root_all(a, id, x, sizeof(x));
		root_all(b, id, y, sizeof(y));
		if (strcmp(x, y))
			fprintf(stderr, "%s: %s[%s] became [%s]\n", file, id, x,
				y);
		CHECK_STR(x, y);
	}
	la = main_line(a);
	lb = main_line(b);
	CHECK_INT(la.n, lb.n);
	/* every move, not only the ends */
	for (const struct sgf_node *p = a->root, *q = b->root; p || q;
	     p = p->child, q = q->child) {
		const struct sgf_prop *mp, *mq;
		CHECK(p && q);
		if (!p || !q)
			break;
		mp = sgf_node_prop(p, SGF_P_B) ? sgf_node_prop(p, SGF_P_B)
					       : sgf_node_prop(p, SGF_P_W);
		mq = sgf_node_prop(q, SGF_P_B) ? sgf_node_prop(q, SGF_P_B)
					       : sgf_node_prop(q, SGF_P_W);
		CHECK((mp == NULL) == (mq == NULL));
		if (mp && mq) {
			CHECK_STR(mp->id, mq->id);
			CHECK_STR(mp->values->s, mq->values->s);
		}
	}
	sgf_game_free(a);
	sgf_game_free(b);
	free(buf);
}

static void
gib_written_and_read_back_is_the_same(void)
{
	round_trip(DATA "euc-kr.gib", SGF_FMT_GIB);
	round_trip(DATA "gb2312.gib", SGF_FMT_GIB);
	round_trip(DATA "utf8.gib", SGF_FMT_GIB);
}

static void
ngf_written_and_read_back_is_the_same(void)
{
	round_trip(DATA "even.ngf", SGF_FMT_NGF);
	round_trip(DATA "handicap2.ngf", SGF_FMT_NGF);
}

/* A name of several words, or one that ends in parentheses, is not a
 * name and a rank: the NGF line "Lee Sedol" and the GIB item
 * "Cho (Jr)" came back as PB[Lee] BR[Sedol] and PW[Cho] WR[Jr]. */
static void
names_of_several_words_survive_gib_and_ngf(void)
{
	static const char *const sgf[] = {
	    "(;SZ[19]PB[Lee Sedol]PW[Cho (Jr)];B[pd])",
	    "(;SZ[19]PB[Lee Sedol]BR[9p]PW[Cho (Jr)]WR[3k];B[pd])",
	    "(;SZ[19]PB[abcdefghijklmn]BR[1d]PW[a b c d e f g h]WR[2k];B[pd])",
	    /* a rank the reader does not know, after a long name */
	    "(;SZ[19]PB[ABCDEFGHIJK]BR[NR]PW[GoFigure (GoFigure 0.1)]WR[NR]"
	    ";B[pd])",
	    /* ranks and no names (AlphaGo Zero's self-play records) */
	    "(;SZ[19]BR[9p]WR[9p];B[pd])",
	    /* two words and a rank; a name in parentheses alone */
	    "(;SZ[19]PB[Ke Jie]BR[9d]PW[(guest)];B[pd])",
	    /* commas in the game's name and place (GIB wrote spaces) */
	    "(;SZ[19]PB[Lee, Sedol]GN[a,b]PC[Seoul, Korea];B[pd])",
	};
	static const char *const ids[] = {"PB", "BR", "PW", "WR", "GN", "PC"};

	for (size_t i = 0; i < sizeof(sgf) / sizeof(sgf[0]); i++) {
		for (int f = 0; f < 2; f++) {
			enum sgf_format fmt = f ? SGF_FMT_NGF : SGF_FMT_GIB;
			struct sgf_game **v = NULL, *b;
			const char *why = NULL;
			char *buf = NULL;
			size_t len = 0;
			FILE *out = open_memstream(&buf, &len);
			int n = sgf_parse_all(sgf[i], strlen(sgf[i]), "mem",
					      NULL, &v);

			CHECK_INT(n, 1);
			CHECK_INT(fmt == SGF_FMT_GIB
				      ? sgf_write_gib(out, v[0], &why, NULL)
				      : sgf_write_ngf(out, v[0], &why, NULL),
				  0);
			fclose(out);
			b = sgf_read_format(fmt, buf, len, "rt");
			for (size_t k = 0; k < 6; k++) {
				char x[128], y[128];
				root_all(v[0], ids[k], x, sizeof(x));
				root_all(b, ids[k], y, sizeof(y));
				CHECK_STR(y, x);
			}
			sgf_game_free(b);
			sgf_game_free(v[0]);
			free(v);
			free(buf);
		}
	}
}

/* NGF keeps an even game's komi without its half point: -0.5 is "-0"
 * (it was written "0", read back as +0.5). */
static void
ngf_komi_and_result_survive(void)
{
	static const char *const komi[] = {"-0.5", "-1.5", "0.5", "6.5",
					   "-7.5"};
	/* and a result without a margin, or by forfeit (NGF wrote none) */
	static const char *const re[] = {"B+", "W+", "B+F", "W+R", "0"};

	for (size_t i = 0; i < sizeof(komi) / sizeof(komi[0]); i++) {
		char sgf[128], x[32];
		struct sgf_game **v = NULL, *b;
		const char *why = NULL;
		char *buf = NULL;
		size_t len = 0;
		FILE *out = open_memstream(&buf, &len);
		int n;

		snprintf(sgf, sizeof(sgf), "(;SZ[19]KM[%s]RE[%s];B[pd];W[dp])",
			 komi[i], re[i]);
		n = sgf_parse_all(sgf, strlen(sgf), "mem", NULL, &v);
		CHECK_INT(n, 1);
		CHECK_INT(sgf_write_ngf(out, v[0], &why, NULL), 0);
		fclose(out);
		b = sgf_read_format(SGF_FMT_NGF, buf, len, "rt");
		root_all(b, "KM", x, sizeof(x));
		CHECK_STR(x, komi[i]);
		root_all(b, "RE", x, sizeof(x));
		CHECK_STR(x, re[i]);
		sgf_game_free(b);
		sgf_game_free(v[0]);
		free(v);
		free(buf);
	}
}

/* What GIB or NGF cannot hold is written as near as it can be, or left
 * out, and noted at its value (issue 22: KM[7] came back from NGF as
 * 7.5, RE[B+F] from GIB as B+, Void and ? vanished, all silently). */
static void
values_gib_and_ngf_cannot_hold_are_noted(void)
{
	static const struct {
		const char *km, *re;
		enum sgf_format f;
		const char *km_back, *re_back; /* "" for none */
		unsigned notes;
		const char *first;
	} t[] = {
	    {"6.5", "B+F", SGF_FMT_GIB, "6.5", "B+F", 0, NULL},
	    {"7", "W+R", SGF_FMT_GIB, "7", "W+R", 0, NULL},
	    {"6.25", "W+3.25", SGF_FMT_GIB, "6.3", "W+3.3", 2,
	     "komi 6.25: GIB keeps tenths: it reads back as 6.3"},
	    {"6.5", "Void", SGF_FMT_GIB, "6.5", "", 1,
	     "RE[Void]: GIB has no void or unknown result: left out"},
	    {"6.5", "?", SGF_FMT_GIB, "6.5", "", 1, NULL},
	    {"7", "B+F", SGF_FMT_NGF, "7.5", "B+F", 1,
	     "komi 7: an even game's komi in NGF has a half point: it "
	     "reads back as 7.5"},
	    {"0", "B+2", SGF_FMT_NGF, "0.5", "B+2", 1, NULL},
	    {"6.5", "Void", SGF_FMT_NGF, "6.5", "", 1,
	     "RE[Void]: NGF has no void or unknown result: left out"},
	    {"-0.5", "?", SGF_FMT_NGF, "-0.5", "", 1, NULL},
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char sgf[128], x[32];
		struct sgf_game **v = NULL, *b;
		struct sgf_write_notes notes = {0};
		const char *why = NULL;
		char *buf = NULL;
		size_t len = 0;
		FILE *out = open_memstream(&buf, &len);
		int n;

		snprintf(sgf, sizeof(sgf), "(;SZ[19]KM[%s]RE[%s];B[pd];W[dp])",
			 t[i].km, t[i].re);
		n = sgf_parse_all(sgf, strlen(sgf), "mem", NULL, &v);
		CHECK_INT(n, 1);
		CHECK_INT(t[i].f == SGF_FMT_GIB
			      ? sgf_write_gib(out, v[0], &why, &notes)
			      : sgf_write_ngf(out, v[0], &why, &notes),
			  0);
		fclose(out);
		CHECK_INT(notes.n, t[i].notes);
		if (t[i].first && notes.n) {
			CHECK_STR(notes.v[0].msg, t[i].first);
			CHECK_STR(notes.v[0].code, "not-kept");
			CHECK(notes.v[0].off > 0);
		}
		b = sgf_read_format(t[i].f, buf, len, "rt");
		root_all(b, "KM", x, sizeof(x));
		CHECK_STR(x, t[i].km_back);
		root_all(b, "RE", x, sizeof(x));
		CHECK_STR(x, t[i].re_back);
		sgf_game_free(b);
		sgf_game_free(v[0]);
		free(v);
		free(buf);
	}
}

/* GIB and NGF hold the main line's moves: a game's variations (however
 * deep its tree: the count walks it without recursion) and its main
 * line's comments are counted in one note, at the first of them; a
 * game without them gets none. */
static void
gib_and_ngf_note_variations_and_comments(void)
{
	static const struct {
		const char *sgf, *msg;
		uint32_t off;
	} t[] = {
	    {"(;SZ[19]KM[6.5];B[pd];W[dp])", NULL, 0},
	    {"(;SZ[19]KM[6.5];B[pd](;W[dp])(;W[dd])(;W[pp]C[off the line]))",
	     "2 variations left out", 30},
	    {"(;SZ[19]KM[6.5]C[a];B[pd]C[b](;W[dp](;B[dd])(;B[pp]))(;W[dd]))",
	     "2 variations and 2 comments left out", 16},
	    {"(;SZ[19]KM[6.5];B[pd]C[b];W[dp])", "1 comment left out", 22},
	};
	enum { DEEP = 50000 };
	char *deep = malloc(16 * DEEP + 64), *d = deep;

	CHECK(deep != NULL);
	if (!deep)
		return;
	/* DEEP levels of two children each, the second going on */
	d += sprintf(d, "(;SZ[19]KM[6.5]");
	for (int i = 0; i < DEEP; i++)
		d += sprintf(d, "(;B[tt])(;W[tt]");
	for (int i = 0; i <= DEEP; i++)
		*d++ = ')';
	*d = 0;
	for (size_t i = 0; i <= sizeof(t) / sizeof(t[0]); i++) {
		const char *sgf =
		    i < sizeof(t) / sizeof(t[0]) ? t[i].sgf : deep;
		for (int f = 0; f < 2; f++) {
			struct sgf_game **v = NULL;
			struct sgf_write_notes notes = {0};
			const char *why = NULL;
			char *buf = NULL, want[160];
			size_t len = 0;
			FILE *out = open_memstream(&buf, &len);
			int n =
			    sgf_parse_all(sgf, strlen(sgf), "mem", NULL, &v);

			CHECK_INT(n, 1);
			CHECK_INT(f ? sgf_write_ngf(out, v[0], &why, &notes)
				    : sgf_write_gib(out, v[0], &why, &notes),
				  0);
			fclose(out);
			if (i == sizeof(t) / sizeof(t[0])) {
				snprintf(want, sizeof(want),
					 "%s holds the main line's moves and "
					 "the game information: %d variations "
					 "left out",
					 f ? "NGF" : "GIB", DEEP);
				CHECK_INT(notes.n, 1);
				CHECK_STR(notes.v[0].msg, want);
			} else if (!t[i].msg) {
				CHECK_INT(notes.n, 0);
			} else {
				snprintf(want, sizeof(want),
					 "%s holds the main line's moves and "
					 "the game information: %s",
					 f ? "NGF" : "GIB", t[i].msg);
				CHECK_INT(notes.n, 1);
				CHECK_STR(notes.v[0].msg, want);
				CHECK_STR(notes.v[0].code, "not-kept");
				CHECK_INT(notes.v[0].off, t[i].off);
			}
			sgf_game_free(v[0]);
			free(v);
			free(buf);
		}
	}
	free(deep);
}

/* Handicap stones set up after a root of comments are the handicap to
 * GIB and NGF too (they refused them: "setup stones after the first
 * node cannot be written"); setup after the first move is still
 * refused. */
static void
gib_and_ngf_take_the_handicap_after_a_comment(void)
{
	static const char *const in[] = {
	    "(;SZ[19]C[hello];AB[pd][dp];W[qq])",
	    "(;SZ[19]C[hello];B[pd];AB[dp];W[qq])",
	};

	for (int f = 0; f < 2; f++)
		for (int i = 0; i < 2; i++) {
			struct sgf_game **v = NULL, *b;
			const char *why = NULL;
			char *buf = NULL, x[32];
			size_t len = 0;
			FILE *out = open_memstream(&buf, &len);
			int n = sgf_parse_all(in[i], strlen(in[i]), "mem", NULL,
					      &v),
			    r;

			CHECK_INT(n, 1);
			r = f ? sgf_write_ngf(out, v[0], &why, NULL)
			      : sgf_write_gib(out, v[0], &why, NULL);
			fclose(out);
			CHECK_INT(r, i ? -1 : 0);
			if (r == 0) {
				b = sgf_read_format(f ? SGF_FMT_NGF
						      : SGF_FMT_GIB,
						    buf, len, "rt");
				CHECK_STR(root(b, "HA"), "2");
				root_all(b, "AB", x, sizeof(x));
				CHECK_STR(x, "dp pd");
				CHECK_INT(main_line(b).n, 1);
				sgf_game_free(b);
			}
			sgf_game_free(v[0]);
			free(v);
			free(buf);
		}
}

static void
writers_refuse_what_they_cannot_express(void)
{
	struct sgf_game *g = sgf_game_new("t", 1);
	struct sgf_node *r = sgf_node_add(g, NULL);
	FILE *out = fopen("/dev/null", "w");
	const char *why = NULL;

	sgf_prop_add(g, r, "SZ", "19", 2);
	sgf_prop_add(g, r, "AB", "aa", 2); /* not a handicap placement */
	CHECK_INT(sgf_write_gib(out, g, &why, NULL), -1);
	CHECK(why && strstr(why, "setup"));
	why = NULL;
	CHECK_INT(sgf_write_ngf(out, g, &why, NULL), -1);
	CHECK(why && strstr(why, "setup"));
	fclose(out);
	sgf_game_free(g);
}

/* Shift_JIS text declared by Lang=SJIS: 山田 = 8E 52 93 63, 5段 = 35 92 69;
 * [Figure] .Text,2 comments the second move; winner codes. */
static void
ugf_shift_jis_figure_and_winner_codes(void)
{
	static const char ugf[] =
	    "[Header]\r\nLang=SJIS\r\nSize=9\r\nHdcp=2,0.50\r\n"
	    "Winner=W,C\r\nCoordinateType=IGS\r\n"
	    "PlayerB=\x8e\x52\x93\x63,5\x92\x69\r\nPlayerW=b,3d\r\n"
	    "[Data]\r\nCC,B1,0,0\r\nGG,B1,0,0\r\nEE,W1,1,0\r\n"
	    "ZZ,B1,2,0\r\n[Figure]\r\n.Text,2\r\n\x8e\x52\r\n"
	    ".EndText\r\n";
	static const struct {
		const char *winner, *re;
	} codes[] = {{"B,7.50", "B+7.5"}, {"W,C", "W+R"},   {"B,F", "B+F"},
		     {"D", "0"},	  {"N1,E", "Void"}, {"A,", NULL}};
	struct sgf_game *g = sgf_read_ugf(ugf, sizeof(ugf) - 1, "t");
	struct line l = main_line(g);
	char ab[32];

	CHECK(g->nerrors == 0);
	CHECK_STR(g->charset, "CP932");
	CHECK_STR(root(g, "PB"), "山田");
	CHECK_STR(root(g, "BR"), "5d");
	CHECK_STR(root(g, "RE"), "W+R");
	CHECK_STR(root(g, "HA"), "2");
	CHECK_STR(root(g, "KM"), "0.5");
	/* IGS rows from the bottom: CC = (2, 9-1-2) = cg, GG = gc */
	CHECK_STR(root_all(g, "AB", ab, sizeof(ab)), "cg gc");
	CHECK_INT(l.n, 2);
	CHECK_STR(l.first, "W[ee]");
	CHECK_STR(l.last, "B[]");
	CHECK(g->root && g->root->child && g->root->child->child &&
	      sgf_node_prop(g->root->child->child, SGF_P_C) &&
	      !strcmp(sgf_node_prop(g->root->child->child, SGF_P_C)->values->s,
		      "山"));
	sgf_game_free(g);
	for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
		char buf[128];
		int n = snprintf(buf, sizeof(buf),
				 "[Header]\nWinner=%s\n[Data]\nQP,B1,1,0\n",
				 codes[i].winner);
		g = sgf_read_ugf(buf, (size_t)n, "t");
		if (codes[i].re)
			CHECK_STR(root(g, "RE"), codes[i].re);
		else
			CHECK(root(g, "RE") == NULL);
		sgf_game_free(g);
	}
}

/* An NGF in Shift_JIS, no declaration: the bytes are recognised. */
static void
ngf_shift_jis_is_guessed(void)
{
	static const char ngf[] =
	    "\x83\x8c\x81\x5b\x83\x65\x83\x42\x83\x93\x83\x4f\n"
	    "19\nA 1D\nB 2K\nsite\n0\n0\n6\n20170316 [09:37]\n5\n"
	    "\x8d\x95\x92\x86\x89\x9f\x82\xb5\x8f\x9f\x82\xbf!\n1\n"
	    "PMABBREER\n";
	struct sgf_game *g = sgf_read_ngf(ngf, sizeof(ngf) - 1, "t");

	CHECK(g->nerrors == 0);
	CHECK_STR(g->charset, "CP932");
	CHECK_STR(root(g, "GN"), "レーティング");
	CHECK_STR(root(g, "RE"), "B+R"); /* 黒中押し勝ち! */
	CHECK_STR(root(g, "BR"), "2k");
	CHECK_STR(root(g, "KM"), "6.5");
	sgf_game_free(g);
}

/* A header value running over a line end (GAMETIME, sgfutils' kludge),
 * CRLF line ends, and the result in words when there is no code. */
static void
gib_header_value_over_two_lines(void)
{
	static const char gib[] =
	    "\\HS\r\n\\[GAMETIME=Time limit 20minute :\r\n 30 second\\]\r\n"
	    "\\[GAMEBLACKNAME=a b (3D)\\]\r\n\\[GAMERESULT=white wins by "
	    "resignation\\]\r\n\\HE\r\n\\GS\r\n2 1 0\r\nINI 0 1 0 &4\r\n"
	    "STO 0 2 1 3 3\r\n\\GE\r\n\\RS\r\nanything\r\n\\RE\r\n";
	struct sgf_game *g = sgf_read_gib(gib, sizeof(gib) - 1, "t");
	struct line l = main_line(g);

	CHECK(g->nerrors == 0);
	CHECK_STR(root(g, "PB"), "a b");
	CHECK_STR(root(g, "BR"), "3d");
	CHECK_STR(root(g, "RE"), "W+R");
	CHECK_INT(l.n, 1);
	CHECK_STR(l.first, "B[dd]");
	sgf_game_free(g);
}

/* An item whose "\]" was left out ends with its line (issue 22): it
 * took the next item in ("PW[abc\n\\[GAMEBLACKNAME=xyz]"), as an
 * SGF value left out took the nodes after it.  A warning says so. */
static void
gib_item_left_open_does_not_take_the_next(void)
{
	static const char gib[] =
	    "\\HS\r\n\\[GAMEWHITENAME=abc (2D)\r\n"
	    "\\[GAMEBLACKNAME=xyz (3D)\\]\r\n\\[GAMERESULT=black wins by "
	    "resignation\r\n\\HE\r\n\\GS\r\n2 1 0\r\nINI 0 1 0 &4\r\n"
	    "STO 0 2 1 3 3\r\n\\GE\r\n";
	struct sgf_game *g = sgf_read_gib(gib, sizeof(gib) - 1, "t");

	CHECK_INT(g->nerrors, 0);
	CHECK_INT(g->nwarnings, 2);
	CHECK(g->diags && g->diags->line == 2);
	CHECK_STR(root(g, "PW"), "abc");
	CHECK_STR(root(g, "WR"), "2d");
	CHECK_STR(root(g, "PB"), "xyz");
	CHECK_STR(root(g, "BR"), "3d");
	CHECK_STR(root(g, "RE"), "B+R");
	CHECK_INT(main_line(g).n, 1);
	sgf_game_free(g);
}

/* surround-ogs-game-25076729.json: 9x9, black_player_id 778820 =
 * winner, outcome Resignation, komi 5.5, ranks 21.9 (9k) and 22.07
 * (8k), 53 moves [6,5] ... [0,2]. */
static void
ogs_game_is_read(void)
{
	enum sgf_format f;
	struct sgf_game *g = load(DATA "surround-ogs-game-25076729.json", &f);
	struct line l = main_line(g);

	CHECK_INT(f, SGF_FMT_OGS);
	CHECK(g && g->nerrors == 0);
	CHECK_INT(l.n, 53);
	CHECK_STR(l.first, "B[gf]");
	CHECK_STR(l.last, "B[ac]");
	CHECK_STR(root(g, "SZ"), "9");
	CHECK_STR(root(g, "PB"), "Phidzad");
	CHECK_STR(root(g, "BR"), "9k");
	CHECK_STR(root(g, "PW"), "Youngparist");
	CHECK_STR(root(g, "WR"), "8k");
	CHECK_STR(root(g, "KM"), "5.5");
	CHECK_STR(root(g, "RE"), "B+R");
	CHECK_STR(root(g, "RU"), "Japanese");
	sgf_game_free(g);
}

/* surround-ogs-game-25291907.json: free handicap 2, no initial_state:
 * the first two moves [3,2] [2,15] are Black's stones; then White
 * [16,15]; 17 entries, so 15 moves, the last [14,5]; still playing. */
static void
ogs_free_handicap_is_setup(void)
{
	struct sgf_game *g = load(DATA "surround-ogs-game-25291907.json", NULL);
	struct line l = main_line(g);
	char ab[32];

	CHECK(g && g->nerrors == 0);
	CHECK_STR(root_all(g, "AB", ab, sizeof(ab)), "dc cp");
	CHECK_STR(root(g, "HA"), "2");
	CHECK_INT(l.n, 15);
	CHECK_STR(l.first, "W[qp]");
	CHECK_STR(l.last, "W[of]");
	CHECK(root(g, "RE") == NULL);
	CHECK_STR(root(g, "BR"), "1d");
	CHECK_STR(root(g, "WR"), "9d");
	sgf_game_free(g);
}

/* A broken OGS record is an error at the byte where it breaks; one over
 * 16 MiB is refused before cJSON holds it (about 20 bytes of memory per
 * byte: 90 MB took 2 GB). */
static void
ogs_bad_records_are_bounded(void)
{
	static const char bad[] = "{\"gamedata\": {\n  \"width\": 9,\n"
				  "  \"moves\": [[1, 2, 30], [x]]}}";
	size_t big = (16u << 20) + 1, n;
	struct sgf_game *g = sgf_read_ogs(bad, strlen(bad), "bad.json");
	char *buf;

	CHECK(g && g->nerrors == 1 && g->diags);
	if (g && g->diags) {
		CHECK_INT(g->diags->line, 3);
		CHECK_INT(g->diags->col, 26);
	}
	sgf_game_free(g);

	/* the limit is on the bytes, white space included */
	buf = malloc(big);
	if (!buf)
		return;
	n = (size_t)sprintf(buf, "{\"width\": 9, \"height\": 9, "
				 "\"moves\": [[2, 2, 0]]}");
	memset(buf + n, ' ', big - n);
	g = sgf_read_ogs(buf, big, "big.json");
	CHECK(g && g->nerrors == 1 && g->diags &&
	      strstr(g->diags->msg, "16 MiB") != NULL);
	sgf_game_free(g);
	g = sgf_read_ogs(buf, big - 1, "big.json");
	CHECK(g && g->nerrors == 0 && g->nnodes == 2);
	sgf_game_free(g);
	free(buf);
}

static void
gtp_scripts_are_read(void)
{
	static const char script[] =
	    "# a game\nboardsize 9\nkomi 7\nfixed_handicap 2\n"
	    "1 play white E5\nplay b C4\n2 genmove w\n=2 G3\n\n"
	    "play black pass\nplay white A1\nundo\nkgs-rules chinese\n";
	struct sgf_game *g;
	struct line l;
	char ab[32];

	CHECK_INT(sgf_format_detect(script, sizeof(script) - 1, NULL),
		  SGF_FMT_GTP);
	g = sgf_read_gtp(script, sizeof(script) - 1, "t");
	l = main_line(g);
	CHECK(g->nerrors == 0);
	CHECK_STR(root(g, "SZ"), "9");
	CHECK_STR(root(g, "KM"), "7");
	CHECK_STR(root(g, "RU"), "Chinese");
	CHECK_STR(root_all(g, "AB", ab, sizeof(ab)), "cg gc");
	CHECK_INT(l.n, 4);
	CHECK_STR(l.first, "W[ee]");
	CHECK_STR(l.last, "B[]");
	sgf_game_free(g);
	/* KataGo's rules script: no moves, the last rules win */
	g = load(DATA "katago-tests-gtp-rules.txt", NULL);
	CHECK(g && g->nerrors == 0);
	CHECK_STR(root(g, "RU"), "NZ");
	sgf_game_free(g);
	/* GNU Go's regression script loads other records at line 8 */
	g = load(DATA "gnugo-regression-nicklas3.tst", NULL);
	CHECK(g && g->root == NULL);
	CHECK_INT(first_error_line(g), 8);
	sgf_game_free(g);
	g = sgf_read_gtp("play black Z9\n", 14, "t");
	CHECK(g->root == NULL && first_error_line(g) == 1);
	sgf_game_free(g);
}

/* Fields of a record built here survive GIB: game comment, name, place,
 * time, a 9x9 board, passes. */
static void
gib_writer_keeps_built_fields(void)
{
	struct sgf_game *g = sgf_game_new("t", 1), *b;
	struct sgf_node *n = sgf_node_add(g, NULL);
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	const char *why;
	struct line l;

	sgf_prop_add(g, n, "SZ", "9", 1);
	sgf_prop_add(g, n, "GC", "hello\nworld", 11);
	sgf_prop_add(g, n, "GN", "Final", 5);
	sgf_prop_add(g, n, "PC", "Seoul", 5);
	sgf_prop_add(g, n, "TM", "600", 3);
	sgf_prop_add(g, n, "OT", "3x30 byo-yomi", 13);
	sgf_prop_add(g, n, "RE", "W+2.5", 5);
	n = sgf_node_add(g, n);
	sgf_prop_add(g, n, "B", "ee", 2);
	n = sgf_node_add(g, n);
	sgf_prop_add(g, n, "W", "", 0);
	CHECK_INT(sgf_write_gib(out, g, &why, NULL), 0);
	fclose(out);
	b = sgf_read_gib(buf, len, "t");
	l = main_line(b);
	CHECK(b->nerrors == 0);
	CHECK_STR(root(b, "SZ"), "9");
	CHECK_STR(root(b, "GC"), "hello world");
	CHECK_STR(root(b, "GN"), "Final");
	CHECK_STR(root(b, "PC"), "Seoul");
	CHECK_STR(root(b, "TM"), "600");
	CHECK_STR(root(b, "OT"), "3x30 byo-yomi");
	CHECK_STR(root(b, "RE"), "W+2.5");
	CHECK_INT(l.n, 2);
	CHECK_STR(l.last, "W[]");
	free(buf);
	sgf_game_free(b);
	sgf_game_free(g);
}

int
main(void)
{
	RUN(gib_korean_sample_is_read);
	RUN(format_table_chooses);
	RUN(rule_names_are_one_table);
	RUN(gib_chinese_handicap_sample_is_read);
	RUN(gib_three_stones_use_tygem_placement);
	RUN(ngf_even_sample_is_read);
	RUN(ngf_handicap_sample_is_read);
	RUN(ngf_gi_form_is_read);
	RUN(ugf_sample_is_read);
	RUN(ugi_review_keeps_passes_and_comments);
	RUN(detection_reads_content);
	RUN(unreadable_files_get_a_line_and_no_tree);
	RUN(gib_passes_belong_to_the_side_to_move);
	RUN(results_in_text_are_understood);
	RUN(ranks_are_normalised);
	RUN(handicap_tables_follow_gtp);
	RUN(gib_written_and_read_back_is_the_same);
	RUN(ngf_written_and_read_back_is_the_same);
	RUN(writers_refuse_what_they_cannot_express);
	RUN(names_of_several_words_survive_gib_and_ngf);
	RUN(ngf_komi_and_result_survive);
	RUN(values_gib_and_ngf_cannot_hold_are_noted);
	RUN(gib_and_ngf_take_the_handicap_after_a_comment);
	RUN(gib_and_ngf_note_variations_and_comments);
	RUN(ugf_shift_jis_figure_and_winner_codes);
	RUN(ngf_shift_jis_is_guessed);
	RUN(gib_header_value_over_two_lines);
	RUN(gib_item_left_open_does_not_take_the_next);
	RUN(ogs_game_is_read);
	RUN(ogs_free_handicap_is_setup);
	RUN(ogs_bad_records_are_bounded);
	RUN(gtp_scripts_are_read);
	RUN(gib_writer_keeps_built_fields);
	RUN(numbers_in_other_formats_are_real_numbers);
	return UNIT_DONE();
}
