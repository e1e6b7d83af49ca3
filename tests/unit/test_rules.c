/*
 * test_rules.c - the rules replay: the data-driven cases of
 * testdata/rules/positions.txt (every position of POSITIONS.md under
 * each rule set it lists), rule-set names, and the replay's handling of
 * deep trees, many variations and big boards.
 */
#include <stdbool.h>

#include "../../rules/board.h"
#include "../../rules/check.h"
#include "../../rules/rules.h"
#include "unit.h"

/* Games parsed by parse(), freed at the end of main(). */
static struct sgf_game *kept[1024];
static size_t nkept;

static void
free_kept(void)
{
	while (nkept)
		sgf_game_free(kept[--nkept]);
}

/* Parse the first game of text with the real parser.  The game lives
 * until the end of the tests. */
static struct sgf_game *
parse(const char *text)
{
	struct sgf_game **games = NULL;
	struct sgf_game *g;
	int n = sgf_parse_all(text, strlen(text), "test.sgf", NULL, &games);

	if (n < 1)
		return NULL;
	g = games[0];
	while (n > 1)
		sgf_game_free(games[--n]);
	free(games);
	if (nkept < sizeof(kept) / sizeof(kept[0]))
		kept[nkept++] = g;
	return g;
}

/* Render the problems as "code@move[:point][/variation]" joined by
 * spaces, or "none". */
static void
render(const struct check_list *l, char *buf, size_t n)
{
	size_t i, k = 0;

	buf[0] = 0;
	if (!l->n) {
		snprintf(buf, n, "none");
		return;
	}
	for (i = 0; i < l->n && k < n; i++) {
		const struct check_problem *p = &l->v[i];
		k += (size_t)snprintf(buf + k, n - k, "%s%s@%d%s%s%s%s",
				      i ? " " : "", p->code, p->move,
				      p->point[0] ? ":" : "", p->point,
				      p->variation[0] ? "/" : "", p->variation);
	}
}

static int
ko_of(const char *s)
{
	if (!strcmp(s, "simple"))
		return RULES_KO_SIMPLE;
	if (!strcmp(s, "positional"))
		return RULES_KO_POSITIONAL;
	if (!strcmp(s, "situational"))
		return RULES_KO_SITUATIONAL;
	if (!strcmp(s, "natural"))
		return RULES_KO_NATURAL;
	return -2;
}

/* Run one rule line ("chinese/ko=simple: superko@7:bg") on g.  Returns
 * true if the problems match. */
static bool
run_case(struct sgf_game *g, const char *line, char *got, size_t ngot)
{
	char spec[128], want[512], name[64];
	const char *colon = strchr(line, ':');
	struct check_opts o;
	struct check_list l;
	char *tok, *save;
	bool ok;

	if (!colon || (size_t)(colon - line) >= sizeof(spec))
		return false;
	memcpy(spec, line, (size_t)(colon - line));
	spec[colon - line] = 0;
	snprintf(want, sizeof(want), "%s", colon + 1);
	while (want[0] == ' ')
		memmove(want, want + 1, strlen(want));
	want[strcspn(want, "\n")] = 0;
	check_opts_default(&o);
	tok = strtok_r(spec, "/", &save);
	snprintf(name, sizeof(name), "%s", tok);
	o.rules = name;
	while ((tok = strtok_r(NULL, "/", &save))) {
		if (!strncmp(tok, "ko=", 3))
			o.ko = ko_of(tok + 3);
		else if (!strcmp(tok, "suicide=allow"))
			o.suicide = 1;
		else if (!strcmp(tok, "suicide=forbid"))
			o.suicide = 0;
	}
	check_list_init(&l);
	CHECK_INT(check_game(g, &o, &l), 0);
	render(&l, got, ngot);
	ok = strcmp(got, want) == 0;
	if (!ok)
		fprintf(stderr, "  %s: got '%s', want '%s'\n", line, got, want);
	check_list_release(&l);
	return ok;
}

/* Every case of positions.txt, with the real keys and with the keys
 * of the repetition history cut to `mask` (0: every position collides
 * with every other), which must change nothing: a hit is confirmed on
 * the earlier position and on its side (P6's board comes back with
 * the other player to move: a superko only under positional rules). */
static void
positions_file_verdicts_mask(uint64_t mask)
{
	size_t len;
	char *text = unit_slurp("testdata/rules/positions.txt", &len);
	char *line, *save, got[1024], name[128] = "";
	struct sgf_game *g = NULL;
	int cases = 0, failed = 0;

	CHECK(text != NULL);
	if (!text)
		return;
	check_test_key_mask(mask);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#' || line[0] == 0)
			continue;
		if (line[0] == '[') {
			snprintf(name, sizeof(name), "%s", line);
			continue;
		}
		if (line[0] == '(') {
			g = parse(line);
			continue;
		}
		if (!g)
			continue;
		cases++;
		if (!run_case(g, line, got, sizeof(got))) {
			fprintf(stderr, "  in case %s\n", name);
			failed++;
		}
	}
	CHECK_INT(failed, 0);
	CHECK(cases >= 100);
	check_test_key_mask(~(uint64_t)0);
	free(text);
}

static void
positions_file_verdicts(void)
{
	positions_file_verdicts_mask(~(uint64_t)0);
	positions_file_verdicts_mask(0);
	positions_file_verdicts_mask(1);
}

static void
rule_set_names(void)
{
	struct rules r;
	static const struct {
		const char *name;
		enum rules_id id;
	} t[] = {
	    {"Japanese", RULES_JAPANESE},
	    {"japanese", RULES_JAPANESE},
	    {"JP", RULES_JAPANESE},
	    {"jp", RULES_JAPANESE},
	    {"Japan", RULES_JAPANESE},
	    {"Japanese rules", RULES_JAPANESE},
	    {"日本ルール", RULES_JAPANESE},
	    {"Korean", RULES_KOREAN},
	    {"ko", RULES_KOREAN},
	    {"KO", RULES_KOREAN},
	    {"Korea", RULES_KOREAN},
	    {"한국", RULES_KOREAN},
	    {"Chinese", RULES_CHINESE},
	    {"CN", RULES_CHINESE},
	    {"zh", RULES_CHINESE},
	    {"China", RULES_CHINESE},
	    {"Chinese, Pair Go", RULES_CHINESE},
	    {"chinese-ogs", RULES_CHINESE},
	    {"chinese_kgs", RULES_CHINESE},
	    {"中国规则", RULES_CHINESE},
	    {"AGA", RULES_AGA},
	    {"us", RULES_AGA},
	    {"BGA", RULES_BGA},
	    {"French", RULES_BGA},
	    {"NZ", RULES_NZ},
	    {"New Zealand", RULES_NZ},
	    {"new_zealand", RULES_NZ},
	    {"new-zealand", RULES_NZ},
	    {"newzealand", RULES_NZ},
	    {"GOE", RULES_ING},
	    {"Ing", RULES_ING},
	    {"SST", RULES_ING},
	    {"Tromp-Taylor", RULES_TROMP_TAYLOR},
	    {"TrompTaylor", RULES_TROMP_TAYLOR},
	    {"tromp_taylor", RULES_TROMP_TAYLOR},
	    {"tromp taylor", RULES_TROMP_TAYLOR},
	    {"  Chinese  ", RULES_CHINESE},
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		int rc = rules_from_name(&r, t[i].name);
		if (rc != 0 || r.id != t[i].id)
			fprintf(stderr, "  '%s' -> %d (%s)\n", t[i].name, rc,
				r.name);
		CHECK_INT(rc, 0);
		CHECK_INT(r.id, t[i].id);
	}
	CHECK_INT(rules_from_name(&r, "nonsense"), -1);
	CHECK_INT(r.id, RULES_JAPANESE);
	CHECK_INT(rules_from_name(&r, ""), -1);
	CHECK_INT(rules_from_name(&r, NULL), -1);
	/* Pairing is not Ing */
	CHECK_INT(rules_from_name(&r, "Pairing"), -1);

	rules_from_name(&r, "chinese");
	CHECK_INT(r.ko, RULES_KO_POSITIONAL);
	CHECK_INT(r.scoring, RULES_AREA);
	CHECK_INT(r.hbonus, RULES_HB_N);
	CHECK(r.komi == 7.5);
	rules_from_name(&r, "aga");
	CHECK_INT(r.ko, RULES_KO_SITUATIONAL);
	CHECK_INT(r.hbonus, RULES_HB_N_MINUS_1);
	rules_from_name(&r, "bga");
	CHECK_INT(r.ko, RULES_KO_NATURAL);
	rules_from_name(&r, "nz");
	CHECK(r.suicide);
	CHECK(r.komi == 7.0);
	CHECK_INT(r.hbonus, RULES_HB_NONE);
	rules_from_name(&r, "japanese");
	CHECK(!r.suicide);
	CHECK(r.long_cycle_void);
	CHECK_INT(r.scoring, RULES_TERRITORY);
	CHECK(!r.seki_eyes_count);
	CHECK(r.komi == 6.5);
	rules_from_name(&r, "tromp-taylor");
	CHECK(r.suicide);
	CHECK_INT(r.ko, RULES_KO_POSITIONAL);
	CHECK_STR(r.name, "tromp-taylor");
	rules_from_name(&r, "aga-button");
	CHECK(r.komi == 7.0);
	rules_from_name(&r, "stone-scoring");
	CHECK_INT(r.ko, RULES_KO_SIMPLE);
	CHECK_INT(r.scoring, RULES_AREA);
}

static void
katago_compact_and_json_forms(void)
{
	struct rules r;

	CHECK_INT(rules_from_name(&r, "koSIMPLEscoreAREAtaxSEKIsui0whbNfpok1"),
		  0);
	CHECK_INT(r.id, RULES_CUSTOM);
	CHECK_INT(r.ko, RULES_KO_SIMPLE);
	CHECK_INT(r.scoring, RULES_AREA);
	CHECK(!r.seki_eyes_count);
	CHECK(!r.suicide);
	CHECK_INT(r.hbonus, RULES_HB_N);
	CHECK_INT(rules_from_name(&r, "koPOSITIONALscoreAREAtaxNONEsui1"), 0);
	CHECK_INT(r.ko, RULES_KO_POSITIONAL);
	CHECK(r.suicide);
	CHECK(r.seki_eyes_count);
	CHECK_INT(rules_from_name(&r,
				  "koSITUATIONALscoreTERRITORYtaxALLsui0button1"
				  "whbN-1komi7.5"),
		  0);
	CHECK_INT(r.ko, RULES_KO_SITUATIONAL);
	CHECK_INT(r.scoring, RULES_TERRITORY);
	CHECK_INT(r.hbonus, RULES_HB_N_MINUS_1);
	CHECK(r.komi == 7.5);
	CHECK_INT(rules_from_name(&r, "koSIMPLEscoreBOGUS"), -1);
	CHECK_INT(rules_from_name(&r, "{\"ko\":\"POSITIONAL\",\"scoring\":"
				      "\"AREA\",\"tax\":\"NONE\",\"suicide\":"
				      "true,\"whiteHandicapBonus\":\"0\","
				      "\"komi\":7}"),
		  0);
	CHECK_INT(r.ko, RULES_KO_POSITIONAL);
	CHECK(r.suicide);
	CHECK(r.komi == 7.0);
	CHECK_INT(r.hbonus, RULES_HB_NONE);
	/* komi is a number as KataGo writes one: strtod took nan (score's
	 * JSON then printed "komi":nan) and 0x10 */
	CHECK_INT(rules_from_name(&r, "koSIMPLEscoreAREAkomiNAN"), -1);
	CHECK_INT(rules_from_name(&r, "koSIMPLEscoreAREAkomi0x10"), -1);
	CHECK_INT(rules_from_name(&r, "koSIMPLEscoreAREAkomi-3.5"), 0);
	CHECK(r.komi == -3.5);
	CHECK_INT(rules_from_name(&r, "{\"ko\":\"SIMPLE\",\"komi\":nan}"), 0);
	CHECK(r.komi == r.komi); /* not NaN: the default stays */
	CHECK_STR(rules_ko_name(RULES_KO_SITUATIONAL), "situational superko");
}

static void
problem_fields_are_filled(void)
{
	struct sgf_game *g = parse("(;GM[1]SZ[19]\n;B[pd];W[dp]\n;B[pd])");
	struct check_opts o;
	struct check_list l;

	check_opts_default(&o);
	check_list_init(&l);
	CHECK_INT(check_game(g, &o, &l), 0);
	CHECK_INT(l.n, 1);
	CHECK_INT(l.nerrors, 1);
	if (l.n == 1) {
		const struct check_problem *p = &l.v[0];
		CHECK_STR(p->code, "occupied");
		CHECK_INT(p->severity, CHECK_ERROR);
		CHECK_INT(p->move, 3);
		CHECK_STR(p->point, "pd");
		CHECK_STR(p->vertex, "Q16");
		CHECK_INT(p->line, 3);
		CHECK_INT(p->column, 3); /* the '[' of ;B[pd] */
		CHECK_STR(p->variation, "");
		CHECK(strstr(p->message, "occupied") != NULL);
		CHECK(strncmp(p->message, "occupied:", 9) != 0);
		CHECK(strstr(p->message, "black") != NULL);
	}
	check_list_release(&l);
}

static void
messages_name_the_rule(void)
{
	struct sgf_game *g =
	    parse("(;GM[1]FF[4]SZ[9]AB[ba][ab][bc][ha][ib][hc][gb][bf][ag][bh]"
		  "AW[ca][db][cc][bb][ga][fb][gc][cf][dg][ch][bg]PL[W];W[ii];"
		  "B[cb];W[hb];B[cg];W[bb];B[gb];W[bg])");
	struct check_opts o;
	struct check_list l;

	check_opts_default(&o);
	o.rules = "chinese";
	check_list_init(&l);
	check_game(g, &o, &l);
	CHECK_INT(l.n, 1);
	if (l.n)
		CHECK_STR(l.v[0].message,
			  "white recreates the position after move 1 "
			  "(positional superko, chinese)");
	check_list_release(&l);
	o.rules = "japanese";
	check_list_init(&l);
	check_game(g, &o, &l);
	CHECK_INT(l.n, 1);
	if (l.n) {
		CHECK_INT(l.v[0].severity, CHECK_WARNING);
		CHECK(strstr(l.v[0].message, "no result") != NULL);
	}
	check_list_release(&l);
}

static void
rules_come_from_ru_unless_overridden(void)
{
	struct sgf_game *g = parse("(;SZ[5]RU[NZ]AB[aa][ba]AW[ab][bb][cb][da]"
				   "[db]PL[B];B[ca])");
	struct sgf_game *u = parse("(;SZ[5]RU[Klingon];B[aa])");
	struct check_opts o;
	struct check_list l;

	check_opts_default(&o);
	check_list_init(&l);
	check_game(g, &o, &l);
	CHECK_INT(l.n, 0); /* NZ allows the multi-stone suicide */
	check_list_release(&l);
	o.rules = "japanese";
	check_list_init(&l);
	check_game(g, &o, &l);
	CHECK_INT(l.nerrors, 1);
	check_list_release(&l);
	o.rules = NULL;
	o.suicide = 0;
	check_list_init(&l);
	check_game(g, &o, &l);
	CHECK_INT(l.nerrors, 1);
	check_list_release(&l);
	check_opts_default(&o);
	check_list_init(&l);
	check_game(u, &o, &l);
	CHECK_INT(l.n, 1);
	if (l.n) {
		CHECK_STR(l.v[0].code, "rules");
		CHECK_INT(l.v[0].severity, CHECK_WARNING);
	}
	check_list_release(&l);
}

static void
long_game_and_main_line_only(void)
{
	struct sgf_game *g =
	    parse("(;SZ[9];B[aa];W[bb];B[cc](;W[dd];B[ee])(;W[aa]))");
	struct check_opts o;
	struct check_list l;

	check_opts_default(&o);
	o.max_moves = 2; /* two moves of each player: 4 plays */
	check_list_init(&l);
	check_game(g, &o, &l);
	CHECK_INT(l.n, 2);
	if (l.n == 2) {
		CHECK_STR(l.v[0].code, "long-game");
		CHECK_INT(l.v[0].move, 5);
		CHECK_STR(l.v[1].code, "occupied");
	}
	check_list_release(&l);
	o.main_line_only = 1;
	o.max_moves = 0;
	check_list_init(&l);
	check_game(g, &o, &l);
	CHECK_INT(l.n, 0);
	check_list_release(&l);
}

/* A line of n moves over the whole board with a pair of passes now and
 * then.  With `comb`, every move also has a sibling (a pass) after the
 * rest of the line, so n branching nodes wait at once: a deep tree must
 * not recurse and its saved positions must stay small. */
static char *
deep_record(int n, bool comb)
{
	size_t cap = (size_t)n * 24 + 64, k = 0;
	char *s = malloc(cap);
	int i;

	k += (size_t)sprintf(s + k, "(;SZ[19]");
	for (i = 0; i < n; i++) {
		int x = (i * 7) % 19, y = (i * 11 / 19) % 19;
		const char *col = (i & 1) ? "W" : "B";
		if (comb)
			k += (size_t)sprintf(s + k, "(");
		if (i % 50 < 2)
			k += (size_t)sprintf(s + k, ";%s[]", col);
		else
			k += (size_t)sprintf(s + k, ";%s[%c%c]", col, 'a' + x,
					     'a' + y);
	}
	if (comb)
		for (i = n - 1; i >= 0; i--)
			k += (size_t)sprintf(s + k, ")(;%s[])",
					     (i & 1) ? "W" : "B");
	k += (size_t)sprintf(s + k, ")");
	return s;
}

static void
deep_trees_replay_without_recursion(void)
{
	char *text = deep_record(200000, false);
	struct sgf_game *g = parse(text);
	struct check_opts o;
	struct check_list l;

	check_opts_default(&o);
	o.rules = "chinese";
	check_list_init(&l);
	CHECK_INT(check_game(g, &o, &l), 0);
	/* many moves land on occupied points: the first 1000 problems
	 * are reported, then one warning says the rest are not */
	CHECK_INT(l.n, 1001);
	if (l.n) {
		CHECK_STR(l.v[l.n - 1].code, "too-many-problems");
		CHECK(l.v[l.n - 1].move <= 200000);
	}
	CHECK(l.nerrors > 0);
	check_list_release(&l);
	free(text);

	text = deep_record(20000, true);
	g = parse(text);
	check_list_init(&l);
	CHECK_INT(check_game(g, &o, &l), 0);
	CHECK(l.n > 0 && l.n <= 1001);
	/* the last problems come from the side lines, deepest first */
	check_list_release(&l);
	free(text);
}

static void
an_error_past_the_problem_cap_keeps_the_game_invalid(void)
{
	static char text[16384];
	size_t k = 0;
	int i;
	struct sgf_game *g;
	struct check_opts o;
	struct check_list l;

	k +=
	    (size_t)snprintf(text + k, sizeof(text) - k, "(;SZ[9];B[aa];W[bb]");
	for (i = 0; i < 1200; i++) /* White passes again and again */
		k += (size_t)snprintf(text + k, sizeof(text) - k, ";W[]");
	k += (size_t)snprintf(text + k, sizeof(text) - k, ";B[aa])");
	g = parse(text);
	check_opts_default(&o);
	check_list_init(&l);
	CHECK_INT(check_game(g, &o, &l), 0);
	CHECK_INT(l.n, 1001);
	CHECK_INT(l.nerrors, 1);
	if (l.n == 1001) {
		CHECK_STR(l.v[0].code, "turn-order");
		CHECK_STR(l.v[1000].code, "too-many-problems");
		CHECK_INT(l.v[1000].severity, CHECK_ERROR);
	}
	check_list_release(&l);
}

static void
big_and_rectangular_boards(void)
{
	struct sgf_game *g = parse("(;SZ[52];B[ZZ];W[Za];B[aZ];W[tt])");
	struct sgf_game *r = parse("(;SZ[7:3];B[gc];W[ga];B[hc])");
	struct check_opts o;
	struct check_list l;

	check_opts_default(&o);
	check_list_init(&l);
	check_game(g, &o, &l);
	CHECK_INT(l.n, 0);
	check_list_release(&l);
	check_list_init(&l);
	check_game(r, &o, &l);
	CHECK_INT(l.n, 1);
	if (l.n) {
		CHECK_STR(l.v[0].code, "off-board");
		CHECK_INT(l.v[0].move, 3);
	}
	check_list_release(&l);
	/* vertex names on the big board: column 51 is two letters */
	g = parse("(;SZ[52];B[ZZ];W[ZZ])");
	check_list_init(&l);
	check_game(g, &o, &l);
	CHECK_INT(l.n, 1);
	if (l.n) {
		CHECK_STR(l.v[0].point, "ZZ");
		CHECK_STR(l.v[0].vertex, "BB1");
	}
	check_list_release(&l);
}

/* ---------------------------------------------------------------------
 * Real games made illegal on purpose (testdata/rules/real.sgf): an
 * inserted move on an occupied point, an inserted suicide, an inserted
 * immediate ko recapture, and a variation holding an occupied move must
 * each be caught at the right move, point, line and column.
 */
struct mv {
	int color, x, y; /* x < 0: pass */
};

static int
main_line(const struct sgf_game *g, struct mv *v, int max, int *cols, int *rows)
{
	const struct sgf_node *n;
	int k = 0;

	sgf_board_size(g, cols, rows);
	for (n = g->root; n && k < max; n = n->child) {
		const struct sgf_prop *p;
		for (p = n->props; p && k < max; p = p->next) {
			int x, y, r;
			if (p->pid != SGF_P_B && p->pid != SGF_P_W)
				continue;
			r = sgf_point(p->values->s, p->values->len, *cols,
				      *rows, &x, &y);
			v[k].color =
			    p->pid == SGF_P_B ? BOARD_BLACK : BOARD_WHITE;
			v[k].x = r == 1 ? x : -1;
			v[k].y = r == 1 ? y : -1;
			k++;
		}
	}
	return k;
}

/* Write moves [0, n) as a game; insert `ins` (if ins.color) before
 * index at; with `var`, the inserted move becomes a second child at
 * that node instead.  *off gets the offset of the inserted '['. */
static size_t
write_game(char *buf, size_t cap, int cols, int rows, const struct mv *v, int n,
	   int at, struct mv ins, bool var, size_t *off)
{
	size_t k = 0;
	int i;

	k += (size_t)snprintf(buf + k, cap - k, "(;GM[1]SZ[%d:%d]RU[Japanese]",
			      cols, rows);
	for (i = 0; i <= n; i++) {
		if (i == at && ins.color && var) {
			k += (size_t)snprintf(buf + k, cap - k, "(");
		} else if (i == at && ins.color) {
			k += (size_t)snprintf(buf + k, cap - k, ";%c",
					      ins.color == BOARD_BLACK ? 'B'
								       : 'W');
			*off = k;
			k += (size_t)snprintf(buf + k, cap - k, "[%c%c]",
					      'a' + ins.x, 'a' + ins.y);
		}
		if (i == n)
			break;
		if (v[i].x < 0)
			k += (size_t)snprintf(buf + k, cap - k, ";%c[]",
					      v[i].color == BOARD_BLACK ? 'B'
									: 'W');
		else
			k += (size_t)snprintf(buf + k, cap - k, ";%c[%c%c]",
					      v[i].color == BOARD_BLACK ? 'B'
									: 'W',
					      'a' + v[i].x, 'a' + v[i].y);
	}
	if (var && at < n && ins.color) {
		/* the game's own move stays the first child */
		k += (size_t)snprintf(buf + k, cap - k, ")(;%c",
				      ins.color == BOARD_BLACK ? 'B' : 'W');
		*off = k;
		k += (size_t)snprintf(buf + k, cap - k, "[%c%c])", 'a' + ins.x,
				      'a' + ins.y);
	}
	k += (size_t)snprintf(buf + k, cap - k, ")");
	return k;
}

/* Check text; the only error must be `code` at move `move`, point
 * (x, y), column off + 1 (one-line text), in variation `var`. */
static bool
caught(const char *text, const char *code, int move, int x, int y, size_t off,
       const char *var)
{
	struct sgf_game *g = parse(text);
	struct check_opts o;
	struct check_list l;
	char point[3] = {(char)('a' + x), (char)('a' + y), 0};
	size_t i, nerr = 0;
	bool ok = false;

	check_opts_default(&o);
	check_list_init(&l);
	if (g && check_game(g, &o, &l) == 0) {
		for (i = 0; i < l.n; i++) {
			const struct check_problem *p = &l.v[i];
			if (p->severity != CHECK_ERROR)
				continue;
			nerr++;
			ok = !strcmp(p->code, code) && p->move == move &&
			     !strcmp(p->point, point) && p->line == 1 &&
			     p->column == off + 1 && !strcmp(p->variation, var);
			if (!ok)
				fprintf(stderr,
					"  got %s@%d:%s %u:%u var '%s', want "
					"%s@%d:%s 1:%zu var '%s'\n",
					p->code, p->move, p->point, p->line,
					p->column, p->variation, code, move,
					point, off + 1, var);
		}
	}
	if (nerr != 1) {
		fprintf(stderr, "  %zu errors for %s@%d\n", nerr, code, move);
		ok = false;
	}
	check_list_release(&l);
	return ok;
}

static void
real_games_made_illegal_are_caught(void)
{
	size_t len;
	char *text = unit_slurp("testdata/rules/real.sgf", &len);
	struct sgf_game **games = NULL;
	static struct mv v[1000];
	static char buf[20000];
	static struct board b;
	int n, gi, kinds[4] = {0, 0, 0, 0};

	CHECK(text != NULL);
	if (!text)
		return;
	n = sgf_parse_all(text, len, "real.sgf", NULL, &games);
	CHECK(n >= 5);
	for (gi = 0; gi < n; gi++) {
		int cols, rows, nm, i, x, y;
		bool done_occ = false, done_sui = false, done_ko = false;
		size_t off;
		nm = main_line(games[gi], v, 1000, &cols, &rows);
		board_init(&b, cols, rows);
		for (i = 0; i < nm; i++) {
			int c = v[i].color;
			struct mv ins = {c, -1, -1};
			if (!done_occ && i >= 20) {
				/* the first stone on the board */
				for (y = 0; y < rows && ins.x < 0; y++)
					for (x = 0; x < cols; x++)
						if (board_color(
							&b,
							board_pt(&b, x, y))) {
							ins.x = x;
							ins.y = y;
							break;
						}
				write_game(buf, sizeof(buf), cols, rows, v, nm,
					   i, ins, false, &off);
				CHECK(caught(buf, "occupied", i + 1, ins.x,
					     ins.y, off, ""));
				/* the same move as a variation at move i+1 */
				write_game(buf, sizeof(buf), cols, rows, v, nm,
					   i, ins, true, &off);
				{
					char var[16];
					snprintf(var, sizeof(var), "%d.2",
						 i + 1);
					CHECK(caught(buf, "occupied", i + 1,
						     ins.x, ins.y, off, var));
				}
				kinds[0]++;
				kinds[3]++;
				done_occ = true;
			}
			if (!done_sui && i >= 10) {
				for (y = 0; y < rows && !done_sui; y++)
					for (x = 0; x < cols && !done_sui;
					     x++) {
						bpt q = board_pt(&b, x, y);
						if (board_color(&b, q) ||
						    board_suicide_kind(&b, c,
								       q) != 1)
							continue;
						ins.x = x;
						ins.y = y;
						write_game(buf, sizeof(buf),
							   cols, rows, v, nm, i,
							   ins, false, &off);
						CHECK(caught(buf, "suicide",
							     i + 1, x, y, off,
							     ""));
						kinds[1]++;
						done_sui = true;
					}
			}
			if (v[i].x >= 0)
				board_play(&b, c, board_pt(&b, v[i].x, v[i].y),
					   NULL);
			else
				board_pass(&b);
			if (!done_ko && b.ko && i + 1 < nm) {
				/* the opponent retakes at once (the game
				 * is cut after it) */
				struct mv re = {BOARD_OPP(c), board_x(&b, b.ko),
						board_y(&b, b.ko)};
				write_game(buf, sizeof(buf), cols, rows, v,
					   i + 1, i + 1, re, false, &off);
				CHECK(caught(buf, "ko", i + 2, re.x, re.y, off,
					     ""));
				kinds[2]++;
				done_ko = true;
			}
		}
		sgf_game_free(games[gi]);
	}
	free(games);
	free(text);
	/* every kind of mutant was made from several games */
	CHECK(kinds[0] >= 5);
	CHECK(kinds[1] >= 3);
	CHECK(kinds[2] >= 3);
	CHECK(kinds[3] >= 5);
}

/* 20 main-line moves on distinct points; at every node two more
 * children after the main one: a move on the point the main line takes
 * two moves later (legal: empty at that depth) and a move on the point
 * just played (occupied).  Twenty branching nodes wait at once, more
 * than the pool of full copies, so both ways of saving a position are
 * used and must agree. */
static void
saved_positions_restore_exactly(void)
{
	char text[4096], want[2048], got[2048];
	size_t k = 0, w = 0;
	int i, n = 20;
	struct sgf_game *g;
	struct check_opts o;
	struct check_list l;

	k += (size_t)snprintf(text + k, sizeof(text) - k, "(;SZ[19]");
	for (i = 0; i < n; i++)
		k += (size_t)snprintf(text + k, sizeof(text) - k, "(;%c[%c%c]",
				      i & 1 ? 'W' : 'B', 'a' + i % 19,
				      'a' + i / 19 + 2);
	for (i = n - 1; i >= 1; i--) {
		/* siblings of move i+1 (index i): same colour */
		int j = i + 2 < n ? i + 2 : i;
		k += (size_t)snprintf(
		    text + k, sizeof(text) - k, ")(;%c[%c%c])(;%c[%c%c])",
		    i & 1 ? 'W' : 'B', 'a' + j % 19, 'a' + j / 19 + 2,
		    i & 1 ? 'W' : 'B', 'a' + (i - 1) % 19,
		    'a' + (i - 1) / 19 + 2);
	}
	k += (size_t)snprintf(text + k, sizeof(text) - k, "))");
	for (i = n - 1; i >= 1; i--) {
		/* the ".2" sibling is legal (near the end it takes the
		 * main line's own point, empty at that depth too) */
		w += (size_t)snprintf(want + w, sizeof(want) - w,
				      "%soccupied@%d:%c%c/%d.3", w ? " " : "",
				      i + 1, 'a' + (i - 1) % 19,
				      'a' + (i - 1) / 19 + 2, i + 1);
	}
	g = parse(text);
	CHECK(g != NULL);
	if (!g)
		return;
	check_opts_default(&o);
	check_list_init(&l);
	CHECK_INT(check_game(g, &o, &l), 0);
	render(&l, got, sizeof(got));
	if (strcmp(got, want))
		fprintf(stderr, "  got  %s\n  want %s\n", got, want);
	CHECK_STR(got, want);
	check_list_release(&l);
}

/* All problems of g under o, one per line, every field. */
static char *
render_all(struct sgf_game *g, const struct check_opts *o)
{
	struct check_list l;
	char *buf = NULL;
	size_t n = 0, i;
	FILE *f = open_memstream(&buf, &n);

	check_list_init(&l);
	CHECK_INT(check_game(g, o, &l), 0);
	for (i = 0; f && i < l.n; i++)
		fprintf(f, "%d %s %s %d %s %s %u:%u %s\n", l.v[i].severity,
			l.v[i].code, l.v[i].message, l.v[i].move, l.v[i].point,
			l.v[i].vertex, l.v[i].line, l.v[i].column,
			l.v[i].variation);
	if (f)
		fclose(f);
	check_list_release(&l);
	return buf;
}

/* The repetition history keeps keys only and confirms a key hit on the
 * earlier position, rebuilt from a checkpoint and the log of changes.
 * testdata/rules/cycles.sgf holds 33 random games on tiny boards (a
 * generator's output, with variations, setup, passes and illegal
 * moves) whose lines repeat positions, some more than 60 moves apart
 * (past a checkpoint).  With the keys cut to a few bits, so that hash
 * hits are mostly collisions (mask 0: every lookup confirms against
 * every earlier position of its epoch), every problem must stay the
 * same; the repetitions found are pinned to what the replay reported
 * when it kept a packed copy of every position. */
static void
hash_collisions_change_no_verdict(void)
{
	static const int kos[] = {RULES_KO_SIMPLE, RULES_KO_POSITIONAL,
				  RULES_KO_SITUATIONAL, RULES_KO_NATURAL};
	static const int want[] = {38, 42, 38, 38}; /* cycle, superko */
	static const uint64_t masks[] = {0, 1, 0xff};
	size_t len;
	char *text = unit_slurp("testdata/rules/cycles.sgf", &len);
	struct sgf_game **games = NULL;
	int n, i, k, m, reps[4] = {0, 0, 0, 0}, same = 0, runs = 0;

	CHECK(text != NULL);
	if (!text)
		return;
	n = sgf_parse_all(text, len, "cycles.sgf", NULL, &games);
	CHECK_INT(n, 33);
	for (i = 0; i < n; i++) {
		for (k = 0; k < 4; k++) {
			struct check_opts o;
			char *ref, *p;
			check_opts_default(&o);
			o.rules = "japanese";
			o.ko = kos[k];
			check_test_key_mask(~(uint64_t)0);
			ref = render_all(games[i], &o);
			for (p = ref; p && (p = strstr(p, " cycle ")); p++)
				reps[k]++;
			for (p = ref; p && (p = strstr(p, " superko ")); p++)
				reps[k]++;
			for (m = 0; m < 3; m++) {
				char *got;
				check_test_key_mask(masks[m]);
				got = render_all(games[i], &o);
				runs++;
				same += ref && got && !strcmp(ref, got);
				free(got);
			}
			free(ref);
		}
		sgf_game_free(games[i]);
	}
	check_test_key_mask(~(uint64_t)0);
	free(games);
	free(text);
	CHECK_INT(same, runs);
	for (k = 0; k < 4; k++)
		CHECK_INT(reps[k], want[k]);
}

/* ---------------------------------------------------------------------
 * Variations against their lines.  A random tree (5x5: moves anywhere,
 * passes, setup nodes, some PL) is written one node per text line; each
 * of its lines from the root to a leaf is written alone the same way.
 * The problems the tree gets for a node must be those the node gets in
 * any line through it, replayed with no variation at all: so going
 * back to a branching node (which undoes the log of changes) must leave
 * the board, the touched flags and the history as they were there.
 */
#define VT_MAXN 400
struct vt {
	char node[VT_MAXN][48]; /* node text, ";B[cc]" ... */
	int parent[VT_MAXN];
	int n;
	char *tree;		/* the tree, one node per line after the root */
	int tree_line[VT_MAXN]; /* text line of each node in the tree */
};

static uint64_t vt_rng = 88172645463325252ULL;
static unsigned
vt_rnd(unsigned n)
{
	vt_rng ^= vt_rng << 13;
	vt_rng ^= vt_rng >> 7;
	vt_rng ^= vt_rng << 17;
	return (unsigned)(vt_rng % n);
}

static void
vt_node(struct vt *t, int id, int *color)
{
	char *s = t->node[id];
	unsigned r = vt_rnd(100);
	int k = 0;

	if (r < 6) { /* setup, sometimes with a move */
		k += snprintf(s + k, 48 - (size_t)k, ";%s[%c%c]%s[%c%c]",
			      vt_rnd(2) ? "AB" : "AW", 'a' + vt_rnd(5),
			      'a' + vt_rnd(5), vt_rnd(3) ? "AE" : "AB",
			      'a' + vt_rnd(5), 'a' + vt_rnd(5));
		if (vt_rnd(2))
			return;
	} else {
		k += snprintf(s + k, 48 - (size_t)k, ";");
	}
	if (r >= 6 && r < 9)
		k += snprintf(s + k, 48 - (size_t)k, "PL[%c]",
			      vt_rnd(2) ? 'B' : 'W');
	if (r >= 9 && r < 14)
		*color = BOARD_OPP(*color); /* out of turn */
	if (r >= 14 && r < 20)
		snprintf(s + k, 48 - (size_t)k, "%c[]",
			 *color == BOARD_BLACK ? 'B' : 'W');
	else
		snprintf(s + k, 48 - (size_t)k, "%c[%c%c]",
			 *color == BOARD_BLACK ? 'B' : 'W', 'a' + vt_rnd(5),
			 'a' + vt_rnd(5));
	*color = BOARD_OPP(*color);
}

/* Write the subtree from node id: one node a line, every child of a
 * node with several in parentheses. */
static size_t
vt_emit(struct vt *t, int id, const int *first, const int *next, size_t k,
	size_t cap, int *line)
{
	for (;;) {
		int c, nk = 0;
		k +=
		    (size_t)snprintf(t->tree + k, cap - k, "\n%s", t->node[id]);
		t->tree_line[id] = (*line)++;
		for (c = first[id]; c >= 0; c = next[c])
			nk++;
		if (nk == 0)
			return k;
		if (nk == 1) {
			id = first[id];
			continue;
		}
		for (c = first[id]; c >= 0; c = next[c]) {
			k += (size_t)snprintf(t->tree + k, cap - k, "(");
			k = vt_emit(t, c, first, next, k, cap, line);
			k += (size_t)snprintf(t->tree + k, cap - k, ")");
		}
		return k;
	}
}

/* A random tree: a line of 1..30 nodes under `parent`, ending in 0..3
 * children that are lines again (explicit stack: no recursion). */
static void
vt_make(struct vt *t)
{
	int stack[VT_MAXN], color[VT_MAXN], sp = 0;
	size_t cap = 1 << 16, k = 0;
	/* the text: written depth first, a '(' before every child of a
	 * node with several, its ')' after the subtree */
	int first[VT_MAXN], next[VT_MAXN], i, line = 2;

	t->n = 0;
	stack[sp] = -1;
	color[sp++] = BOARD_BLACK;
	while (sp && t->n < VT_MAXN - 40) {
		int par = stack[--sp], col = color[sp];
		int len = 1 + (int)vt_rnd(t->n < 20 ? 30 : 12), kids, j;
		for (j = 0; j < len; j++) {
			int id = t->n++;
			t->parent[id] = par;
			vt_node(t, id, &col);
			par = id;
		}
		kids = t->n < VT_MAXN - 80 ? (int)vt_rnd(4) : 0;
		for (j = 0; j < kids; j++) {
			stack[sp] = par;
			color[sp++] = col;
		}
	}
	/* children lists in creation order */
	for (i = 0; i < t->n; i++)
		first[i] = next[i] = -1;
	for (i = t->n - 1; i >= 0; i--)
		if (t->parent[i] >= 0) {
			next[i] = first[t->parent[i]];
			first[t->parent[i]] = i;
		}
	t->tree = malloc(cap);
	k += (size_t)snprintf(t->tree + k, cap - k, "(;SZ[5]");
	k = vt_emit(t, 0, first, next, k, cap, &line);
	snprintf(t->tree + k, cap - k, ")\n");
}

/* Parse the one game of text; the caller frees it. */
static struct sgf_game *
parse_own(const char *text)
{
	struct sgf_game **games = NULL, *g;
	int n = sgf_parse_all(text, strlen(text), "test.sgf", NULL, &games);

	if (n < 1) {
		free(games);
		return NULL;
	}
	g = games[0];
	while (n > 1)
		sgf_game_free(games[--n]);
	free(games);
	return g;
}

/* Append each problem of l to out[] of the node on its text line:
 * node_of_line[line] (or -1: no node). */
static void
vt_collect(const struct check_list *l, const int *node_of_line, int nlines,
	   char (*out)[512])
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		const struct check_problem *p = &l->v[i];
		int id = (int)p->line < nlines ? node_of_line[p->line] : -1;
		char *o;
		size_t k;
		if (id < 0)
			continue;
		o = out[id];
		k = strlen(o);
		snprintf(o + k, 512 - k, "%s|%s|%d|%s;", p->code, p->message,
			 p->move, p->point);
	}
}

static void
variations_replay_as_their_lines(void)
{
	static struct vt t;
	static char tree_probs[VT_MAXN][512], line_probs[VT_MAXN][512];
	static const char *rules[] = {"chinese", "aga", "bga", "japanese",
				      "nz"};
	static int node_of_line[VT_MAXN + 8];
	int trees, lines = 0, bad = 0, problems = 0, setups = 0;

	for (trees = 0; trees < 40; trees++) {
		struct sgf_game *g;
		int r, i, leaf;
		vt_make(&t);
		g = parse_own(t.tree);
		CHECK(g != NULL);
		if (!g) {
			free(t.tree);
			continue;
		}
		for (i = 0; i < t.n; i++)
			setups += strchr(t.node[i], 'A') != NULL;
		for (r = 0; r < 5; r++) {
			struct check_opts o;
			struct check_list l;
			check_opts_default(&o);
			o.rules = rules[r];
			memset(tree_probs, 0, sizeof(tree_probs));
			for (i = 0; i < VT_MAXN + 8; i++)
				node_of_line[i] = -1;
			for (i = 0; i < t.n; i++)
				node_of_line[t.tree_line[i]] = i;
			check_list_init(&l);
			CHECK_INT(check_game(g, &o, &l), 0);
			problems += (int)l.n;
			vt_collect(&l, node_of_line, VT_MAXN + 8, tree_probs);
			check_list_release(&l);
			/* every leaf's line alone */
			for (leaf = 0; leaf < t.n; leaf++) {
				static char text[VT_MAXN * 48 + 32];
				int path[VT_MAXN], np = 0, j, id;
				size_t k = 0;
				struct sgf_game *lg;
				for (j = 0; j < t.n && t.parent[j] != leaf; j++)
					;
				if (j < t.n)
					continue; /* not a leaf */
				for (id = leaf; id >= 0; id = t.parent[id])
					path[np++] = id;
				k += (size_t)snprintf(
				    text + k, sizeof(text) - k, "(;SZ[5]");
				for (i = 0; i < VT_MAXN + 8; i++)
					node_of_line[i] = -1;
				for (j = np - 1; j >= 0; j--) {
					k += (size_t)snprintf(
					    text + k, sizeof(text) - k, "\n%s",
					    t.node[path[j]]);
					node_of_line[2 + (np - 1 - j)] =
					    path[j];
				}
				snprintf(text + k, sizeof(text) - k, ")");
				lg = parse_own(text);
				if (!lg) {
					bad++;
					continue;
				}
				memset(line_probs, 0, sizeof(line_probs));
				check_list_init(&l);
				CHECK_INT(check_game(lg, &o, &l), 0);
				vt_collect(&l, node_of_line, VT_MAXN + 8,
					   line_probs);
				check_list_release(&l);
				sgf_game_free(lg);
				for (j = 0; j < np; j++)
					if (strcmp(tree_probs[path[j]],
						   line_probs[path[j]]) &&
					    bad++ < 3)
						fprintf(stderr,
							"  %s node %d: tree "
							"'%s' line '%s'\n",
							rules[r], path[j],
							tree_probs[path[j]],
							line_probs[path[j]]);
				lines++;
			}
		}
		sgf_game_free(g);
		free(t.tree);
	}
	CHECK_INT(bad, 0);
	CHECK(lines > 200);
	CHECK(setups > 20);
	CHECK(problems > 500);
}

int
main(void)
{
	RUN(positions_file_verdicts);
	RUN(rule_set_names);
	RUN(katago_compact_and_json_forms);
	RUN(problem_fields_are_filled);
	RUN(messages_name_the_rule);
	RUN(rules_come_from_ru_unless_overridden);
	RUN(long_game_and_main_line_only);
	if (!getenv("SKIP_DEEP"))
		RUN(deep_trees_replay_without_recursion);
	RUN(big_and_rectangular_boards);
	RUN(an_error_past_the_problem_cap_keeps_the_game_invalid);
	RUN(real_games_made_illegal_are_caught);
	RUN(saved_positions_restore_exactly);
	RUN(hash_collisions_change_no_verdict);
	RUN(variations_replay_as_their_lines);
	free_kept();
	return UNIT_DONE();
}
