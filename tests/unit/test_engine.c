/*
 * test_engine.c - the GTP engine client (cmd/engine.c) against
 * tests/fake-engine.sh in each of its modes: answers, refusals, a
 * crash, a hang, babble, a flood, words out of turn, an engine that
 * does not start.  After each, no child process may be left, zombie or
 * not.  Run from the top of the tree (tests/run.sh does).
 */
#include <errno.h>
#include <signal.h>
#include <sys/wait.h>

#include "../../cmd/engine.c"
#include "unit.h"

#define FAKE "sh tests/fake-engine.sh "

/* No child of ours is left: all were reaped. */
static bool
no_children(void)
{
	return waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD;
}

static bool
has(const char *s, const char *part)
{
	if (!strstr(s, part)) {
		fprintf(stderr, "  '%s' lacks '%s'\n", s, part);
		return false;
	}
	return true;
}

static void
commands_are_split_like_words_of_a_shell(void)
{
	char out[256], *argv[ENGINE_WORDS_MAX + 1], why[128];

	CHECK_INT(split_words("  gnugo --mode gtp ", out, argv, why, 128), 3);
	CHECK_STR(argv[0], "gnugo");
	CHECK_STR(argv[2], "gtp");
	CHECK(argv[3] == NULL);
	CHECK_INT(
	    split_words("k 'a b' \"c \\\" d\" e\\ f", out, argv, why, 128), 4);
	CHECK_STR(argv[1], "a b");
	CHECK_STR(argv[2], "c \" d");
	CHECK_STR(argv[3], "e f");
	CHECK_INT(split_words("k 'a b", out, argv, why, 128), -1);
	CHECK(has(why, "unbalanced '"));
	CHECK_INT(split_words("   ", out, argv, why, 128), -1);
	CHECK(has(why, "empty"));
	CHECK_INT(engine_command_check("katago gtp -model m.bin.gz", why, 128),
		  0);
}

static void
an_engine_answers_and_quits(void)
{
	char why[512];
	const char *t;
	struct engine *e;

	setenv("FAKE_DEAD", "D4 E5", 1);
	e = engine_start(FAKE "ok", why, sizeof(why));
	CHECK(e != NULL);
	if (!e)
		return;
	CHECK_INT(engine_ask(e, "name", 5, &t, why, sizeof(why)), ENGINE_OK);
	CHECK_STR(t, "Fake Engine");
	CHECK_INT(engine_ask(e, "boardsize 9", 5, &t, why, sizeof(why)),
		  ENGINE_OK);
	CHECK_STR(t, "");
	CHECK_INT(
	    engine_ask(e, "final_status_list dead", 5, &t, why, sizeof(why)),
	    ENGINE_OK);
	CHECK_STR(t, "D4 E5");
	engine_stop(e, true);
	CHECK(no_children());
}

static void
a_refusal_leaves_the_engine_working(void)
{
	char why[512];
	const char *t;
	struct engine *e = engine_start(FAKE "refuse", why, sizeof(why));

	CHECK(e != NULL);
	if (!e)
		return;
	CHECK_INT(
	    engine_ask(e, "final_status_list dead", 5, &t, why, sizeof(why)),
	    ENGINE_REFUSED);
	CHECK_STR(t, "cannot score this");
	CHECK_INT(engine_ask(e, "version", 5, &t, why, sizeof(why)), ENGINE_OK);
	CHECK_STR(t, "1.0");
	engine_stop(e, true);
	CHECK(no_children());
}

/* Start MODE, ask final_status_list dead with `timeout`: it must fail
 * with a message holding `part`, and leave nothing behind. */
static void
fails(const char *mode, double timeout, const char *part, const char *part2)
{
	char cmd[128], why[512];
	const char *t;
	struct engine *e;
	struct timespec t0, t1;

	snprintf(cmd, sizeof(cmd), FAKE "%s", mode);
	e = engine_start(cmd, why, sizeof(why));
	CHECK(e != NULL);
	if (!e)
		return;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	CHECK_INT(engine_ask(e, "final_status_list dead", timeout, &t, why,
			     sizeof(why)),
		  ENGINE_FAILED);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	CHECK(has(why, part));
	if (part2)
		CHECK(has(why, part2));
	/* no hang: the timeout and a second to reap, at most */
	CHECK(t1.tv_sec - t0.tv_sec <= (long)timeout + 2);
	engine_stop(e, false);
	CHECK(no_children());
}

static void
failures_are_reported_and_leave_no_process(void)
{
	fails("crash", 5,
	      "no answer to 'final_status_list dead': it exited "
	      "with status 3",
	      "(stderr: 'fake-engine: segmentation fault')");
	fails("hang", 0.5, "no answer to 'final_status_list dead' within 0.5 s",
	      NULL);
	fails("babble", 5, "is not GTP: 'I think that Q16 is dead'", NULL);
	fails("flood", 5, "is longer than 65536 bytes", NULL);
	/* a flood on stderr does not keep the client past the deadline */
	fails("errflood", 0.5,
	      "no answer to 'final_status_list dead' within 0.5 s",
	      "(stderr: '");
	fails("nostart", 5, "it exited with status 1",
	      "(stderr: 'fake-engine: cannot load the network')");
}

static void
words_out_of_turn_are_not_taken_for_an_answer(void)
{
	char why[512];
	const char *t;
	struct engine *e;

	setenv("FAKE_DEAD", "C3", 1);
	e = engine_start(FAKE "unasked", why, sizeof(why));
	CHECK(e != NULL);
	if (!e)
		return;
	CHECK_INT(
	    engine_ask(e, "final_status_list dead", 5, &t, why, sizeof(why)),
	    ENGINE_OK);
	CHECK_STR(t, "C3");
	/* the extra line may take a moment to come */
	usleep(200000);
	CHECK_INT(engine_ask(e, "name", 5, &t, why, sizeof(why)),
		  ENGINE_FAILED);
	CHECK(has(why, "wrote 'by the way, I like this game' unasked"));
	engine_stop(e, false);
	CHECK(no_children());
}

static void
a_program_that_does_not_exist_does_not_start(void)
{
	char why[512];
	struct engine *e =
	    engine_start("sgfkit-no-such-engine --gtp", why, sizeof(why));

	CHECK(e == NULL);
	CHECK(has(why, "cannot start 'sgfkit-no-such-engine': No such file"));
	CHECK(no_children());
}

int
main(void)
{
	/* engine.h's contract, as sgfkit's main() keeps it: an engine that
	 * dies while it is written to must not kill the test (exit 141
	 * under load in make check) */
	signal(SIGPIPE, SIG_IGN);
	RUN(commands_are_split_like_words_of_a_shell);
	RUN(an_engine_answers_and_quits);
	RUN(a_refusal_leaves_the_engine_working);
	RUN(failures_are_reported_and_leave_no_process);
	RUN(words_out_of_turn_are_not_taken_for_an_answer);
	RUN(a_program_that_does_not_exist_does_not_start);
	return UNIT_DONE();
}
