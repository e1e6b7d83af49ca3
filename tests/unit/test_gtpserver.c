/*
 * test_gtpserver.c - the GTP session (rules/gtpserver.h): legality as
 * check judges it, undo, scoring, and a long session that stays the
 * same game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/gtpserver.h"
#include "unit.h"

/* The answer to one line: "=text" or "?text" (static buffer). */
static const char *
ask(struct gtpserver *s, const char *line)
{
	static char out[4096];
	char buf[256];
	struct gtpserver_answer a;

	snprintf(buf, sizeof(buf), "%s", line);
	if (!gtpserver_line(s, buf, &a))
		return "";
	snprintf(out, sizeof(out), "%c%s", a.ok ? '=' : '?', a.text);
	return out;
}

static void
a_ko_recapture_is_refused_and_legal_after_a_threat(void)
{
	struct gtpserver_opts o = {0};
	struct gtpserver *s = gtpserver_new(&o);

	CHECK(s != NULL);
	CHECK_STR(ask(s, "boardsize 5"), "=");
	/* a ko on C3/D3: White C3 takes the black stone on D3 */
	const char *moves[] = {"play b b3", "play w d4", "play b c4",
			       "play w d2", "play b c2", "play w e3",
			       "play b d3", "play w c3"};
	for (size_t i = 0; i < sizeof(moves) / sizeof(moves[0]); i++)
		CHECK_STR(ask(s, moves[i]), "=");
	/* Black may not retake at once */
	CHECK_STR(ask(s, "is_legal b d3"), "=0");
	CHECK_STR(ask(s, "play b d3"), "?illegal move");
	/* the refused move left nothing behind; after a threat and its
	 * answer the ko may be taken */
	CHECK_STR(ask(s, "play b a1"), "=");
	CHECK_STR(ask(s, "play w a5"), "=");
	CHECK_STR(ask(s, "is_legal b d3"), "=1");
	/* occupied */
	CHECK_STR(ask(s, "is_legal w c4"), "=0");
	CHECK_STR(ask(s, "undo"), "=");
	CHECK_STR(ask(s, "undo"), "=");
	CHECK_STR(ask(s, "is_legal b d3"), "=0");
	gtpserver_free(s);
}

static void
suicide_follows_the_rule_set(void)
{
	struct gtpserver_opts o = {0};
	struct gtpserver *s;

	/* two black stones in the corner, surrounded: B filling its last
	 * liberty removes its own two stones */
	const char *setup[] = {"boardsize 5", "play b a1", "play b a2",
			       "play w b1",   "play w b2", "play w b3",
			       "play w a4",   "play w e4", "play w d5"};
	for (int tt = 0; tt < 2; tt++) {
		o.rules = tt ? "tromp-taylor" : NULL;
		s = gtpserver_new(&o);
		CHECK(s != NULL);
		for (size_t i = 0; i < sizeof(setup) / sizeof(setup[0]); i++)
			CHECK_STR(ask(s, setup[i]), "=");
		CHECK_STR(ask(s, "is_legal b a3"), tt ? "=1" : "=0");
		/* a lone stone's suicide is illegal everywhere */
		CHECK_STR(ask(s, "is_legal b e5"), "=0");
		gtpserver_free(s);
	}
}

static void
final_score_counts_as_score_does(void)
{
	struct gtpserver_opts o = {.has_komi = true, .komi = 0.5};
	struct gtpserver *s = gtpserver_new(&o);

	CHECK(s != NULL);
	CHECK_STR(ask(s, "boardsize 5"), "=");
	/* a wall on column C: Black owns A and B, White D and E */
	const char *m[] = {"c1", "c2", "c3", "c4", "c5"};
	for (int i = 0; i < 5; i++) {
		char l[32];
		snprintf(l, sizeof(l), "play b %s", m[i]);
		CHECK_STR(ask(s, l), "=");
		snprintf(l, sizeof(l), "play w d%d", i + 1);
		CHECK_STR(ask(s, l), "=");
	}
	/* territory 10 to 5, komi 0.5 */
	CHECK_STR(ask(s, "final_score"), "=B+4.5");
	CHECK_STR(ask(s, "final_status_list dead"), "=");
	CHECK_STR(ask(s, "final_status_list alive"),
		  "=C5 C4 C3 C2 C1\nD5 D4 D3 D2 D1");
	CHECK_STR(ask(s, "kgs-rules chinese"), "=");
	CHECK_STR(ask(s, "final_score"), "=B+4.5");
	CHECK_STR(ask(s, "komi 4.5"), "=");
	CHECK_STR(ask(s, "final_score"), "=B+0.5");
	CHECK_STR(ask(s, "komi 5"), "=");
	CHECK_STR(ask(s, "final_score"), "=0");
	/* a komi of -0 is 0: the record said KM[-0] */
	CHECK_STR(ask(s, "komi -0"), "=");
	CHECK(strstr(ask(s, "printsgf"), "KM[0]") != NULL);
	/* and only a decimal number is a komi */
	CHECK_STR(ask(s, "komi 0x10"), "?komi not a float");
	CHECK_STR(ask(s, "komi 1e1"), "?komi not a float");
	gtpserver_free(s);
}

static void
a_long_session_stays_the_same_game(void)
{
	struct gtpserver_opts o = {0};
	struct gtpserver *s = gtpserver_new(&o);
	char before[4096];
	int bad = 0;

	CHECK(s != NULL);
	CHECK_STR(ask(s, "boardsize 9"), "=");
	CHECK_STR(ask(s, "play b e5"), "=");
	CHECK_STR(ask(s, "play w e6"), "=");
	snprintf(before, sizeof(before), "%s", ask(s, "printsgf"));
	/* refused moves, probes and undone moves leave garbage that the
	 * session sweeps out from time to time: the game stays */
	for (int i = 0; i < 20000; i++) {
		bad += strcmp(ask(s, "is_legal b d5"), "=1") != 0;
		bad += strcmp(ask(s, "play w e5"), "?illegal move") != 0;
		if (i % 100 == 0) {
			bad += strcmp(ask(s, "play b a1"), "=") != 0;
			bad += strcmp(ask(s, "undo"), "=") != 0;
		}
	}
	CHECK_INT(bad, 0);
	CHECK_STR(ask(s, "printsgf"), before);
	gtpserver_free(s);
}

int
main(void)
{
	RUN(a_ko_recapture_is_refused_and_legal_after_a_threat);
	RUN(suicide_follows_the_rule_set);
	RUN(final_score_counts_as_score_does);
	RUN(a_long_session_stays_the_same_game);
	return UNIT_DONE();
}
