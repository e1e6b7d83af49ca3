/*
 * test_gtp.c - the GTP module (sgf/gtp.h): vertices, responses and
 * their quoting, a record told as commands.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgf/gtp.h"
#include "sgf/sgf.h"
#include "unit.h"

static void
vertices_read_as_gtp_names_them(void)
{
	int x = -1, y = -1;

	CHECK_INT(gtp_vertex_parse("Q16", 3, 19, 19, &x, &y), 1);
	CHECK_INT(x, 15);
	CHECK_INT(y, 3);
	/* any case, leading zeros: one point, however spelt */
	CHECK_INT(gtp_vertex_parse("q016", 4, 19, 19, &x, &y), 1);
	CHECK_INT(x, 15);
	CHECK_INT(y, 3);
	CHECK_INT(gtp_vertex_parse("A1", 2, 9, 9, &x, &y), 1);
	CHECK_INT(x, 0);
	CHECK_INT(y, 8);
	/* J is the ninth column: there is no I */
	CHECK_INT(gtp_vertex_parse("J9", 2, 9, 9, &x, &y), 1);
	CHECK_INT(x, 8);
	CHECK_INT(y, 0);
	CHECK_INT(gtp_vertex_parse("PASS", 4, 19, 19, &x, &y), 0);
	CHECK_INT(gtp_vertex_parse("I5", 2, 19, 19, &x, &y), -1);
	CHECK_INT(gtp_vertex_parse("K9", 2, 9, 9, &x, &y), -1);
	CHECK_INT(gtp_vertex_parse("A10", 3, 9, 9, &x, &y), -1);
	CHECK_INT(gtp_vertex_parse("A0", 2, 9, 9, &x, &y), -1);
	CHECK_INT(gtp_vertex_parse("A+1", 3, 9, 9, &x, &y), -1);
	CHECK_INT(gtp_vertex_parse("A", 1, 9, 9, &x, &y), -1);
	CHECK_INT(gtp_vertex_parse("", 0, 9, 9, &x, &y), -1);
	/* only len bytes are read */
	CHECK_INT(gtp_vertex_parse("D4 D5", 2, 19, 19, &x, &y), 1);
	/* 25 columns: Z is the last */
	CHECK_INT(gtp_vertex_parse("Z25", 3, 25, 25, &x, &y), 1);
	CHECK_INT(x, 24);
	CHECK_INT(y, 0);
}

static void
vertex_names_round_trip_on_every_board(void)
{
	char v[GTP_VERTEX_MAX];
	int bad = 0;

	for (int size = 2; size <= GTP_MAX_SIDE; size++)
		for (int y = 0; y < size; y++)
			for (int x = 0; x < size; x++) {
				int x2, y2;
				gtp_vertex_name(x, y, size, v);
				if (gtp_vertex_parse(v, strlen(v), size, size,
						     &x2, &y2) != 1 ||
				    x2 != x || y2 != y)
					bad++;
			}
	CHECK_INT(bad, 0);
	gtp_vertex_name(8, 0, 19, v);
	CHECK_STR(v, "J19");
	gtp_vertex_name(-1, -1, 19, v);
	CHECK_STR(v, "pass");
	/* past Z, two letters: check names the points of 52x52 so */
	gtp_vertex_name(25, 0, 52, v);
	CHECK_STR(v, "AA52");
	gtp_vertex_name(51, 51, 52, v);
	CHECK_STR(v, "BB1");
	CHECK_INT(gtp_colour_parse("B"), 'B');
	CHECK_INT(gtp_colour_parse("white"), 'W');
	CHECK_INT(gtp_colour_parse("WHITE"), 'W');
	CHECK_INT(gtp_colour_parse("blue"), 0);
}

static long
parse(const char *in, struct gtp_reply *r, char *buf)
{
	strcpy(buf, in);
	return gtp_reply_parse(buf, strlen(in), r);
}

static void
replies_are_parsed_when_complete(void)
{
	char buf[256];
	struct gtp_reply r;

	CHECK_INT(parse("= Q16 D4\n\n", &r, buf), 10);
	CHECK(r.ok);
	CHECK_INT(r.id, -1);
	CHECK_STR(r.text, "Q16 D4");
	CHECK_INT(parse("?12 illegal move\n\n= next\n\n", &r, buf), 18);
	CHECK(!r.ok);
	CHECK_INT(r.id, 12);
	CHECK_STR(r.text, "illegal move");
	/* empty response, with an id */
	CHECK_INT(parse("=3\n\n", &r, buf), 4);
	CHECK(r.ok);
	CHECK_INT(r.id, 3);
	CHECK_STR(r.text, "");
	/* several lines; CRLF; blank lines before it are skipped */
	CHECK_INT(parse("\n\r\n=7 a b\r\nc d\r\n\r\n", &r, buf), 18);
	CHECK_INT(r.id, 7);
	CHECK_STR(r.text, "a b\nc d");
	/* incomplete: nothing consumed, and the buffer is untouched */
	CHECK_INT(parse("= Q16", &r, buf), 0);
	CHECK_INT(parse("= Q16\n", &r, buf), 0);
	CHECK_INT(parse("= Q16\n\r", &r, buf), 0);
	CHECK_STR(buf, "= Q16\n\r");
	CHECK_INT(parse("", &r, buf), 0);
	CHECK_INT(parse("\n\n", &r, buf), 0);
	/* not a response */
	CHECK_INT(parse("hello\n\n", &r, buf), -1);
	CHECK_INT(parse("Q16", &r, buf), -1);
	CHECK_INT(parse("=12x\n\n", &r, buf), -1);
}

static char *
written(bool ok, long id, const char *text)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	gtp_reply_write(f, ok, id, text);
	fclose(f);
	return buf;
}

static void
reply_text_is_quoted_so_it_ends_where_it_should(void)
{
	char *t = written(true, 5, "C3 D4");
	CHECK_STR(t, "=5 C3 D4\n\n");
	free(t);
	t = written(false, -1, "unknown command");
	CHECK_STR(t, "? unknown command\n\n");
	free(t);
	/* an empty line inside would end the response: it goes; control
	 * characters become spaces; lines stay */
	t = written(true, 1,
		    "a\n\n\r\nb\x01"
		    "c\n");
	CHECK_STR(t, "=1 a\nb c\n\n");
	free(t);
	t = written(true, 2, "\n\n= forged\n\n");
	CHECK_STR(t, "=2 \n= forged\n\n");
	free(t);
	/* a board starts on its own line */
	t = written(true, -1, "\n  A B\n2 . .");
	CHECK_STR(t, "= \n  A B\n2 . .\n\n");
	free(t);
	/* what is written reads back */
	{
		struct gtp_reply r;
		long n;
		t = written(false, 9, "x\n\ny");
		n = (long)strlen(t);
		CHECK(gtp_reply_parse(t, (size_t)n, &r) == n);
		CHECK_STR(r.text, "x\ny");
		free(t);
	}
}

static void
text_for_one_line_and_words(void)
{
	char s[] = "  illegal\tmove\n\n (ko)\x7f ";
	CHECK_INT(gtp_text_line(s), 17);
	CHECK_STR(s, "illegal move (ko)");
	CHECK(gtp_word_ok("/tmp/a.sgf"));
	CHECK(!gtp_word_ok("/tmp/a b.sgf"));
	CHECK(!gtp_word_ok("a#b"));
	CHECK(!gtp_word_ok("a\nb"));
	CHECK(!gtp_word_ok(""));
}

static struct sgf_game *
game(const char *sgf)
{
	struct sgf_game **v = NULL, *g;
	int n = sgf_parse_all(sgf, strlen(sgf), "mem", NULL, &v);

	if (n < 1)
		return NULL;
	g = v[0];
	for (int i = 1; i < n; i++)
		sgf_game_free(v[i]);
	free(v);
	return g;
}

struct lines {
	char text[4096];
	int n, stop_at;
};

static int
add_line(void *ctx, const char *line)
{
	struct lines *l = ctx;
	size_t o = strlen(l->text);

	snprintf(l->text + o, sizeof(l->text) - o, "%s\n", line);
	return ++l->n == l->stop_at ? 7 : 0;
}

static void
setup_drops_the_end_passes_and_sets_komi(void)
{
	struct sgf_game *g = game("(;SZ[9]KM[6.5]HA[2]AB[gc][cg];W[ee];B[]"
				  ";W[dd];B[];W[])");
	struct gtp_setup o;
	struct lines l;
	const char *why = NULL;

	CHECK(g != NULL);
	memset(&o, 0, sizeof(o));
	memset(&l, 0, sizeof(l));
	o.upto = -1;
	CHECK_INT(gtp_setup_commands(g, &o, add_line, &l, &why), 0);
	CHECK_STR(l.text, "boardsize 9\nclear_board\nkomi 6.5\n"
			  "fixed_handicap 2\nplay white E5\nplay black pass\n"
			  "play white D6\nplay black pass\nplay white pass\n");
	/* the two passes at the end go, a pass inside stays; komi
	 * given */
	memset(&l, 0, sizeof(l));
	o.drop_end_passes = true;
	o.komi_set = true;
	o.komi = 0.5;
	CHECK_INT(gtp_setup_commands(g, &o, add_line, &l, &why), 0);
	CHECK_STR(l.text, "boardsize 9\nclear_board\nkomi 0.5\n"
			  "fixed_handicap 2\nplay white E5\nplay black pass\n"
			  "play white D6\n");
	/* up to move 2: one pass at the end stays (Black passed, White
	 * is to play); up to move 4, with two, both go */
	memset(&l, 0, sizeof(l));
	o.upto = 2;
	CHECK_INT(gtp_setup_commands(g, &o, add_line, &l, &why), 0);
	CHECK_STR(l.text, "boardsize 9\nclear_board\nkomi 0.5\n"
			  "fixed_handicap 2\nplay white E5\nplay black pass\n");
	memset(&l, 0, sizeof(l));
	o.upto = -1;
	sgf_game_free(g);
	g = game("(;SZ[9];B[ee];W[];B[];W[])");
	CHECK_INT(gtp_setup_commands(g, &o, add_line, &l, &why), 0);
	CHECK_STR(l.text, "boardsize 9\nclear_board\nkomi 0.5\n"
			  "play black E5\nplay white pass\n");
	/* emit() stops it */
	memset(&l, 0, sizeof(l));
	l.stop_at = 2;
	CHECK_INT(gtp_setup_commands(g, &o, add_line, &l, &why), 7);
	CHECK_STR(l.text, "boardsize 9\nclear_board\n");
	sgf_game_free(g);

	/* what GTP cannot say */
	g = game("(;SZ[9]AB[aa];AE[aa];B[bb])");
	memset(&l, 0, sizeof(l));
	CHECK_INT(gtp_setup_commands(g, &o, add_line, &l, &why), -1);
	CHECK_STR(why, "AE (removing stones) cannot be replayed in GTP");
	sgf_game_free(g);
	g = game("(;SZ[9:13];B[bb])");
	CHECK_INT(gtp_setup_commands(g, &o, add_line, &l, &why), -1);
	sgf_game_free(g);
}

static void
a_position_is_told_stone_by_stone(void)
{
	/* 3x3: black A3 B2, white C1; White to play: White first */
	const unsigned char col[9] = {1, 0, 0, 0, 1, 0, 0, 0, 2};
	struct lines l;

	memset(&l, 0, sizeof(l));
	CHECK_INT(gtp_position_commands(3, col, 2, 6.5, add_line, &l), 0);
	CHECK_STR(l.text, "boardsize 3\nclear_board\nkomi 6.5\n"
			  "play white C1\nplay black A3\nplay black B2\n");
	memset(&l, 0, sizeof(l));
	l.stop_at = 4;
	CHECK_INT(gtp_position_commands(3, col, 1, 0, add_line, &l), 7);
	CHECK_STR(l.text, "boardsize 3\nclear_board\nkomi 0\nplay black A3\n");
}

static void
command_lines_are_read_as_gtp_2_preprocesses_them(void)
{
	struct gtp_command c;
	char l1[] = "12 play\tblack  D4 # a comment";
	char l2[] = "  \t # only a comment";
	char l3[] = "007";
	char l4[] = "na\001me\r";
	char l5[] = "1.5 name";
	char l6[] = "99999999999 name";
	char l7[64 + 3 * 40] = "set_free_handicap";

	CHECK_INT(gtp_command_parse(l1, &c), 1);
	CHECK_INT(c.id, 12);
	CHECK_INT(c.argc, 3);
	CHECK_STR(c.argv[0], "play");
	CHECK_STR(c.argv[1], "black");
	CHECK_STR(c.argv[2], "D4");
	CHECK(!c.too_many);
	/* nothing to answer: blank, a comment, an id alone */
	CHECK_INT(gtp_command_parse(l2, &c), 0);
	CHECK_INT(gtp_command_parse(l3, &c), 0);
	/* control characters go, as if never sent */
	CHECK_INT(gtp_command_parse(l4, &c), 1);
	CHECK_INT(c.id, -1);
	CHECK_STR(c.argv[0], "name");
	/* an id is digits only: "1.5" is a (bad) command name */
	CHECK_INT(gtp_command_parse(l5, &c), 1);
	CHECK_INT(c.id, -1);
	CHECK_STR(c.argv[0], "1.5");
	CHECK_INT(c.argc, 2);
	/* a long id stays a number */
	CHECK_INT(gtp_command_parse(l6, &c), 1);
	CHECK_INT(c.id, 999999999);
	/* words past GTP_MAX_WORDS are counted out, not written anywhere */
	for (int i = 0; i < 40; i++)
		strcat(l7, " D4");
	CHECK_INT(gtp_command_parse(l7, &c), 1);
	CHECK_INT(c.argc, GTP_MAX_WORDS);
	CHECK(c.too_many);
}

int
main(void)
{
	RUN(vertices_read_as_gtp_names_them);
	RUN(vertex_names_round_trip_on_every_board);
	RUN(replies_are_parsed_when_complete);
	RUN(reply_text_is_quoted_so_it_ends_where_it_should);
	RUN(text_for_one_line_and_words);
	RUN(setup_drops_the_end_passes_and_sets_komi);
	RUN(a_position_is_told_stone_by_stone);
	RUN(command_lines_are_read_as_gtp_2_preprocesses_them);
	return UNIT_DONE();
}
