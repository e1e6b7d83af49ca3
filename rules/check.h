/*
 * check.h - replay a game record and report every problem in it.
 *
 * The replay walks the whole tree (main line and every variation) and
 * produces a flat list of problems in tree order.  Syntax diagnostics
 * from the parser are converted into the same form so that the command
 * line prints one kind of thing.
 */
#ifndef CHECK_H
#define CHECK_H

#include <stdint.h>

#include "../sgf/gtp.h"
#include "../sgf/sgf.h"
#include "rules.h"

enum check_severity { CHECK_WARNING = 1, CHECK_ERROR = 2 };

/* One problem.  Strings are owned by the list (arena of the list). */
struct check_problem {
	enum check_severity severity;
	const char *code;  /* "syntax", "occupied", "suicide", "ko", ... */
	char message[200]; /* lower case, no final period */
	int move;	   /* move number along its variation, 0 if none */
	char point[4];	   /* SGF letters ("pd"), "" if none */
	char vertex[GTP_VERTEX_MAX]; /* gtp_vertex_name() ("Q16"), "" if none */
	uint32_t line, column; /* 1-based position in the file, 0 if unknown */
	char variation[64];    /* "" for the main line; see man page */
};

struct check_list {
	struct check_problem *v;
	size_t n, cap;
	unsigned nerrors, nwarnings;
};

void check_list_init(struct check_list *l);
void check_list_release(struct check_list *l);
/* Append a copy of *p; returns 0 or -1 when out of memory. */
int check_list_add(struct check_list *l, const struct check_problem *p);

/* Convert the parser's diagnostics of g into problems (code "syntax"
 * for errors, the diagnostic's code name for warnings). */
void check_add_syntax(struct check_list *l, const struct sgf_game *g);

/* Add one "dialect" warning per reinterpretation that sgf_gameinfo()
 * made (Fox komi in hundredths, quarter-stone komi, KO[] as komi ...),
 * positioned at the root node, so check says what it took a raw value
 * to mean. */
void check_add_dialect(struct check_list *l, const struct sgf_game *g);

/* ---------------------------------------------------------------------
 * Rules replay (rules/replay.c).
 */
struct check_opts {
	const char *rules;  /* --rules name, or NULL: the game's RU, else
			     * Japanese */
	int ko;		    /* -1: the rule set's; else enum rules_ko */
	int suicide;	    /* -1: the rule set's; 0 forbid; 1 allow */
	int max_moves;	    /* > 0: warn "long-game" past this many moves */
	int main_line_only; /* skip variations */
};
void check_opts_default(struct check_opts *o);

/* Replay every line of g under the options' rules and append each
 * problem to *out, in tree order.  Does not add the syntax diagnostics
 * (see check_add_syntax).  Returns 0, or -1 when out of memory. */
int check_game(const struct sgf_game *g, const struct check_opts *o,
	       struct check_list *out);

/* Tests only: AND every repetition-history key with `mask` (all ones
 * by default) from the next check_game() on, so that a test can force
 * hash collisions (mask 0: every key collides) and see that they never
 * change a verdict.  Not thread-safe: call it with no check running. */
void check_test_key_mask(uint64_t mask);
#endif
