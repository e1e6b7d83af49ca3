/*
 * gameinfo.h - the game-information properties of a record, read and
 * interpreted: players, ranks, result, komi, handicap, rules, date.
 *
 * Servers write these in dialects (komi in hundredths on Fox, Chinese
 * quarter-stone komi, Cyberoro's KO[] for komi, results as free text).
 * sgf_gameinfo() interprets them and records each reinterpretation as a
 * note naming the raw value and what it was taken to mean, so callers
 * can warn.  The record itself is never changed here.
 */
#ifndef SGF_GAMEINFO_H
#define SGF_GAMEINFO_H

#include <stdbool.h>

#include "sgf.h"

enum sgf_result_kind {
	SGF_RES_NONE,	 /* no RE */
	SGF_RES_SCORE,	 /* B+3.5, W+0.5 */
	SGF_RES_DRAW,	 /* 0, Draw, jigo */
	SGF_RES_RESIGN,	 /* B+R */
	SGF_RES_TIME,	 /* B+T */
	SGF_RES_FORFEIT, /* B+F */
	SGF_RES_WIN,	 /* B+ (margin unknown) */
	SGF_RES_VOID,	 /* Void, no result */
	SGF_RES_UNKNOWN, /* ?, or text we could not read */
};

struct sgf_result {
	enum sgf_result_kind kind;
	char winner;   /* 'B', 'W', or 0 (draw, void, unknown) */
	double margin; /* points, for SGF_RES_SCORE */
};

#define SGF_GAMEINFO_NOTES 8
struct sgf_gameinfo {
	int cols, rows;		   /* board size (SZ), default 19x19 */
	const char *black, *white; /* PB, PW or NULL */
	const char *black_rank, *white_rank; /* BR, WR or NULL */
	const char *result_raw;		     /* RE as written, or NULL */
	struct sgf_result result;	     /* RE interpreted */
	bool has_komi;
	double komi; /* KM interpreted (0 if absent) */
	const char *komi_raw;
	const char *komi_form; /* how KM was read when not as written
				* ("komi in hundredths (Fox)"), or NULL */
	int handicap;	       /* HA, or when HA is missing the black
				* stones placed before White's first move
				* (AB, or two or more B moves); 0 if none */
	const char *rules;     /* RU as written, or NULL */
	const char *date;      /* DT as written, or NULL */
	const char *event, *game_name, *place; /* EV, GN, PC */
	long moves; /* B and W nodes along the main line */
	int nnotes; /* reinterpretations made */
	char notes[SGF_GAMEINFO_NOTES][160];
	/* byte offset in the game text of the value each note is about
	 * (the root's when there is none), for sgf_game_linecol() */
	uint32_t note_off[SGF_GAMEINFO_NOTES];
};

/* Read and interpret the root's game information.  Strings point into
 * the game and live as long as it does.  Never fails. */
void sgf_gameinfo(const struct sgf_game *g, struct sgf_gameinfo *gi);
/* The same without walking the tree: only the root is read, and
 * gi->moves is -1.  For callers that count moves themselves or need
 * none (the dialect notes of check). */
void sgf_gameinfo_root(const struct sgf_game *g, struct sgf_gameinfo *gi);

/* A rank (BR, WR) as a number on one scale, so that ranks compare:
 * kyu ranks 1 - N (30k is -29, 1k is 0), amateur dan ranks N (1d to
 * 9d), professional ranks 9 + N (1p is 10, 9p is 18), so 30k < ... <
 * 1k < 1d < ... < 9d < 1p < ... < 9p.  The rank is read as the other
 * formats' readers read one ("9 Dan", "10K", "3段", "1급", "P9段"; a
 * rating mark '?' or '*' after it is allowed).  Returns 0 with *out
 * set, or -1 when s is not such a rank (also 0k, 10d and up, 10p and
 * up, 100k and up). */
int sgf_rank_value(const char *s, double *out);

/* Parse an RE value ("B+3.5", "W+Resign", "0", "Void", "黑中盘胜" ...).
 * Returns 0 when the text was understood, -1 otherwise (kind is then
 * SGF_RES_UNKNOWN). */
int sgf_result_parse(const char *s, struct sgf_result *r);
/* Write a result as SGF RE text ("B+3.5", "W+R", "0", "Void", "?"). */
void sgf_result_format(const struct sgf_result *r, char *buf, size_t n);

#endif
