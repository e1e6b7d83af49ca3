/*
 * test_formats_diagram.c - txt, svg and gtp writers (rules/diagram.c).
 *
 * The GTP script is checked against GNU Go: the stones GNU Go lists
 * after replaying it must be the stones of our board.  The SVG is
 * rendered with rsvg-convert.  Both tools are skipped (and said so on
 * stderr) when they are not installed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules/diagram.h"
#include "sgf/formats.h"
#include "sgf/gtp.h"
#include "unit.h"

#define DATA "testdata/fmt/"

static struct sgf_game *
load(const char *name)
{
	size_t len;
	char *buf = unit_slurp(name, &len);
	struct sgf_game *g;

	if (!buf)
		return NULL;
	g = sgf_read_format(sgf_format_detect(buf, len, name), buf, len, name);
	free(buf);
	return g;
}

static char *
to_string(int (*fn)(FILE *, const struct sgf_game *, long, const char **,
		    struct sgf_write_notes *),
	  const struct sgf_game *g, long upto)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	const char *why = NULL;
	int r = fn(f, g, upto, &why, NULL);

	fclose(f);
	if (r) {
		fprintf(stderr, "writer failed: %s\n", why);
		free(buf);
		return NULL;
	}
	return buf;
}

/* A 9x9 game built by hand: Black captures the white stone in the
 * corner with its 3rd move. */
static struct sgf_game *
capture_game(void)
{
	static const char *const mv[][2] = {
	    {"B", "ba"}, {"W", "aa"}, {"B", "ab"}, {"W", "ee"}};
	struct sgf_game *g = sgf_game_new("t", 1);
	struct sgf_node *n = sgf_node_add(g, NULL);

	sgf_prop_add(g, n, "SZ", "9", 1);
	sgf_prop_add(g, n, "KM", "7", 1);
	for (size_t i = 0; i < 4; i++) {
		n = sgf_node_add(g, n);
		sgf_prop_add(g, n, mv[i][0], mv[i][1], 2);
	}
	return g;
}

static void
txt_shows_stones_last_move_and_captures(void)
{
	struct sgf_game *g = capture_game();
	char *t = to_string(diagram_write_txt, g, 3);

	CHECK(t != NULL);
	if (t) {
		/* row 9: A9 empty (captured), B9 black and the last move
		 * is A8 */
		CHECK(strstr(t, "  9 . X . . . . . . . 9") != NULL);
		CHECK(strstr(t, "  8(X). . . . . . . . 8") != NULL);
		CHECK(strstr(t, "    A B C D E F G H J") != NULL);
		CHECK(strstr(t, "Move 3: Black (X) A8") != NULL);
		CHECK(strstr(t, "Captures: Black 1, White 0") != NULL);
		CHECK(strstr(t, "  5 . . . . + . . . . 5") != NULL);
	}
	free(t);
	t = to_string(diagram_write_txt, g, -1);
	CHECK(t && strstr(t, "  5 . . . .(O). . . . 5") != NULL);
	CHECK(t && strstr(t, "Move 4: White (O) E5") != NULL);
	free(t);
	sgf_game_free(g);
}

/* utf8.gib: 3 handicap stones dp pd dd; move 1 is W[pp] = Q4. */
static void
txt_of_a_handicap_game(void)
{
	struct sgf_game *g = load(DATA "utf8.gib");
	char *t = to_string(diagram_write_txt, g, 1);

	CHECK(t != NULL);
	if (t) {
		CHECK(
		    strstr(t, "  4 . . . X . . . . . + . . . . .(O). . . 4") !=
		    NULL);
		CHECK(
		    strstr(t, " 16 . . . X . . . . . + . . . . . X . . . 16") !=
		    NULL);
		CHECK(strstr(t, "Move 1: White (O) Q4") != NULL);
		CHECK(strstr(t, "jy512 (B) - leejw977 (W)") != NULL);
	}
	free(t);
	sgf_game_free(g);
}

/* A move on an occupied point, or that is no point, does not block the
 * diagram (issue 22: "cannot write txt: a move on an occupied point"):
 * it is skipped, as check and score skip it, marked, and noted at its
 * value; a setup value that is no point is left out the same way. */
static void
an_illegal_move_is_drawn_marked_and_noted(void)
{
	static const char rec[] =
	    "(;SZ[9]AB[cc][zz];B[ee];W[ee];B[dd];W[zz];B[ff])";
	struct sgf_game **v = NULL;
	struct sgf_write_notes notes = {0};
	struct diagram_pos *pos = malloc(sizeof(*pos));
	const char *why = NULL;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	int n = sgf_parse_all(rec, sizeof(rec) - 1, "t", NULL, &v);

	CHECK_INT(n, 1);
	if (n != 1 || !pos)
		return;
	f = open_memstream(&buf, &len);
	CHECK_INT(diagram_write_txt(f, v[0], -1, &why, &notes), 0);
	fclose(f);
	CHECK(buf && strstr(buf, "  5 . . . .[X]. . . . 5\n"));
	CHECK(buf && strstr(buf, "  4 . . . . .(X). . . 4\n"));
	CHECK(buf && strstr(buf, "Move 5: Black (X) F4\n"
				 "Not played: move 2, White E5, is on an "
				 "occupied point\n"
				 "Not played: move 4, White 'zz', is not a "
				 "point\n"));
	free(buf);
	CHECK_INT(notes.n, 3);
	CHECK_STR(notes.v[0].code, "not-played");
	CHECK_INT(notes.v[0].off, 13); /* AB's [zz] */
	CHECK_INT(notes.v[1].off, 25); /* W[ee] */
	CHECK_STR(notes.v[1].msg, "move 2 (W E5) is on an occupied point: "
				  "not played in the diagram");
	/* the position after move 2 is the one after move 1, with the
	 * move not played marked; the picture has its red cross */
	CHECK_INT(diagram_position(v[0], 2, pos, &why, NULL), 0);
	CHECK_INT(pos->moves, 2);
	CHECK_INT(pos->nskipped, 1);
	CHECK_INT(board_color(&pos->b, board_pt(&pos->b, 4, 4)), BOARD_BLACK);
	buf = NULL;
	f = open_memstream(&buf, &len);
	CHECK_INT(diagram_write_svg(f, v[0], -1, false, &why, NULL), 0);
	fclose(f);
	CHECK(buf && strstr(buf, "<title>move 2 not played</title>"));
	free(buf);
	/* gtp leaves out what is no point, and writes the rest */
	notes.n = 0;
	buf = NULL;
	f = open_memstream(&buf, &len);
	CHECK_INT(gtp_write_script(f, v[0], -1, &why, &notes), 0);
	fclose(f);
	CHECK_STR(buf, "boardsize 9\nclear_board\nplay black C7\n"
		       "play black E5\nplay white E5\nplay black D6\n"
		       "play black F4\n");
	CHECK_INT(notes.n, 2);
	free(buf);
	free(pos);
	sgf_game_free(v[0]);
	free(v);
}

/* GNU Go installs into /usr/games on Debian, often not in PATH. */
static const char *
gnugo_path(void)
{
	if (system("command -v gnugo >/dev/null 2>&1") == 0)
		return "gnugo";
	if (access("/usr/games/gnugo", X_OK) == 0)
		return "/usr/games/gnugo";
	return NULL;
}

static int
have(const char *tool)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null 2>&1", tool);
	return system(cmd) == 0;
}

/* Vertices of one colour on our board, sorted like a set: a 361-char
 * map. */
static void
our_map(const struct diagram_pos *p, char *map)
{
	memset(map, '.', 361);
	map[361] = 0;
	for (int y = 0; y < p->rows; y++)
		for (int x = 0; x < p->cols; x++) {
			int c = board_color(&p->b, board_pt(&p->b, x, y));
			map[y * 19 + x] = c == BOARD_BLACK   ? 'X'
					  : c == BOARD_WHITE ? 'O'
							     : '.';
		}
}

/* Parse GNU Go's "= A1 B2 ..." answer to list_stones into the map. */
static void
mark(char *map, const char *line, char c)
{
	const char *p = line;

	while (*p) {
		while (*p == ' ' || *p == '=')
			p++;
		if (*p >= 'A' && *p <= 'T') {
			int x = *p - 'A' - (*p > 'I');
			int row = atoi(p + 1);
			if (x >= 0 && x < 19 && row >= 1 && row <= 19)
				map[(19 - row) * 19 + x] = c;
			while (*p && *p != ' ')
				p++;
		} else if (*p) {
			p++;
		}
	}
}

static void
gtp_matches_gnugo(const char *file, long upto)
{
	struct sgf_game *g = load(file);
	struct diagram_pos *pos = malloc(sizeof(*pos));
	char path[] = "/tmp/sgfkit-gtp-XXXXXX", cmd[256], line[4096];
	char ours[362], theirs[362];
	const char *why;
	int fd = mkstemp(path), errors = 0, answers = 0;
	FILE *f = fdopen(fd, "w"), *p;

	CHECK(gtp_write_script(f, g, upto, &why, NULL) == 0);
	fputs("list_stones black\nlist_stones white\nquit\n", f);
	fclose(f);
	CHECK(diagram_position(g, upto, pos, &why, NULL) == 0);
	our_map(pos, ours);
	memset(theirs, '.', 361);
	theirs[361] = 0;
	snprintf(cmd, sizeof(cmd), "%s --mode gtp < %s 2>/dev/null",
		 gnugo_path(), path);
	p = popen(cmd, "r");
	CHECK(p != NULL);
	/* answers in order: one per command; the list_stones answers
	 * are the last two non-empty ones before quit's */
	{
		char last[3][4096] = {"", "", ""};
		while (p && fgets(line, sizeof(line), p)) {
			line[strcspn(line, "\n")] = 0;
			if (line[0] == '?')
				errors++, fprintf(stderr, "gnugo: %s\n", line);
			if (line[0] == '=') {
				answers++;
				memmove(last[0], last[1], sizeof(last[0]));
				memmove(last[1], last[2], sizeof(last[0]));
				snprintf(last[2], sizeof(last[2]), "%s", line);
			}
		}
		mark(theirs, last[0], 'X');
		mark(theirs, last[1], 'O');
	}
	if (p)
		pclose(p);
	CHECK_INT(errors, 0);
	CHECK(answers > 3);
	CHECK_STR(theirs, ours);
	unlink(path);
	free(pos);
	sgf_game_free(g);
}

static void
gtp_replays_in_gnugo_to_our_position(void)
{
	if (!gnugo_path()) {
		fprintf(stderr, "gtp_replays_in_gnugo: SKIPPED, no gnugo\n");
		return;
	}
	/* 5 stones (fixed_handicap), 268 moves with captures */
	gtp_matches_gnugo(DATA "gb2312.gib", -1);
	gtp_matches_gnugo(DATA "gb2312.gib", 100);
	/* even game, 333 moves */
	gtp_matches_gnugo(DATA "even.ngf", -1);
	/* passes at the end */
	gtp_matches_gnugo(DATA "review.ugi", -1);
}

static void
gtp_script_uses_the_handicap_commands(void)
{
	struct sgf_game *g = load(DATA "utf8.gib");
	char *t = to_string(gtp_write_script, g, 2);

	CHECK(t && !strncmp(t,
			    "boardsize 19\nclear_board\nkomi 0\n"
			    "fixed_handicap 3\nplay white Q4\n"
			    "play black O3\n",
			    200));
	free(t);
	sgf_game_free(g);
	g = capture_game();
	t = to_string(gtp_write_script, g, -1);
	CHECK_STR(t, "boardsize 9\nclear_board\nkomi 7\nplay black B9\n"
		     "play white A9\nplay black A8\nplay white E5\n");
	free(t);
	sgf_game_free(g);
}

static int
svg(FILE *f, const struct sgf_game *g, long upto, const char **why,
    struct sgf_write_notes *notes)
{
	return diagram_write_svg(f, g, upto, true, why, notes);
}

static void
svg_is_valid_and_renders(void)
{
	struct sgf_game *g = load(DATA "gb2312.gib");
	char *t = to_string(svg, g, 150);
	char path[] = "/tmp/sgfkit-svg-XXXXXX", cmd[256];
	unsigned char magic[8] = {0};
	FILE *f;
	int fd;

	CHECK(t && strstr(t, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
	CHECK(t && strstr(t, ">150</text>") && !strstr(t, ">151</text>"));
	CHECK(t && strstr(t, "</svg>\n"));
	if (!have("rsvg-convert")) {
		fprintf(stderr, "svg_is_valid_and_renders: rsvg-convert "
				"SKIPPED, not installed\n");
		free(t);
		sgf_game_free(g);
		return;
	}
	fd = mkstemp(path);
	f = fdopen(fd, "w");
	fputs(t ? t : "", f);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "rsvg-convert -o %s.png %s 2>&1", path,
		 path);
	CHECK_INT(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), "%s.png", path);
	f = fopen(cmd, "rb");
	CHECK(f != NULL);
	if (f) {
		CHECK(fread(magic, 1, 8, f) == 8);
		CHECK(!memcmp(magic, "\x89PNG\r\n\x1a\n", 8));
		fclose(f);
	}
	unlink(cmd);
	unlink(path);
	free(t);
	sgf_game_free(g);
}

int
main(void)
{
	RUN(txt_shows_stones_last_move_and_captures);
	RUN(txt_of_a_handicap_game);
	RUN(an_illegal_move_is_drawn_marked_and_noted);
	RUN(gtp_script_uses_the_handicap_commands);
	RUN(gtp_replays_in_gnugo_to_our_position);
	RUN(svg_is_valid_and_renders);
	return UNIT_DONE();
}
