/*
 * fmt_internal.h - helpers shared by the GIB, NGF and UGF readers and
 * writers (private to sgf/).
 */
#ifndef SGF_FMT_INTERNAL_H
#define SGF_FMT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "formats.h"
#include "sgf.h"

/* Longest line any of the formats may have; longer is an error. */
#define FMT_MAX_LINE (1u << 20)
/* Most moves a record may hold. */
#define FMT_MAX_MOVES 100000

/* Iterate over lines of decoded text; CR, LF and CRLF all end a line. */
struct fmt_lines {
	const char *p, *end;
	unsigned line; /* 1-based number of the line last returned */
};
void fmt_lines_init(struct fmt_lines *it, const char *text, size_t len);
/* Next line without its end; returns 0 at the end of the text. */
int fmt_lines_next(struct fmt_lines *it, const char **s, size_t *len);

/* A game for a reader: text decoded, g->text and g->charset set. */
struct sgf_game *fmt_game_new(const char *buf, size_t len, const char *file,
			      const char *hint, char **text, size_t *tlen);
/* Record an error at `line` (1-based) and drop the tree.  Always -1. */
int fmt_error(struct sgf_game *g, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same at byte `off` of g->text (line and column). */
int fmt_error_off(struct sgf_game *g, uint32_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A warning (bad-value) at `line` (1-based). */
void fmt_warning(struct sgf_game *g, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Set a root (or any node) property from a formatted string. */
void fmt_set(struct sgf_game *g, struct sgf_node *n, const char *id,
	     const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Set a property from a (s, len) slice with surrounding blanks trimmed;
 * nothing when it is empty. */
void fmt_set_trim(struct sgf_game *g, struct sgf_node *n, const char *id,
		  const char *s, size_t len);
/* Append a move node; x < 0 is a pass.  `off` is where the move is in
 * g->text (its line's first character, or its JSON array), so that what
 * check finds in the move is reported there; 0 for none. */
struct sgf_node *fmt_move(struct sgf_game *g, struct sgf_node *parent,
			  char colour, int x, int y, uint32_t off);
/* Add the fixed handicap stones (Tygem order) as AB, HA and PL[W].
 * Returns 0, -1 if the board has no placement for n stones. */
int fmt_handicap(struct sgf_game *g, struct sgf_node *root, int size, int n);

/* Normalise a rank ("10K*" -> "10k", "9DP" -> "9p", "3段" -> "3d",
 * "1급" -> "1k"); unrecognised ranks are copied trimmed.  Returns 1 if
 * it was a rank, 0 if it was copied: a reader that must tell a rank
 * from the last word of a name asks. */
int fmt_rank(const char *s, size_t len, char *out, size_t n);
/* A result in free text (English, Japanese, Korean, Chinese) -> SGF RE
 * ("B+R", "W+5.5", "0"); returns 0 when understood.  (result.c) */
int fmt_result_text(const char *s, char *out, size_t n);
/* A rule set's name as a server or engine writes it ("japanese",
 * "new_zealand", "tromp-taylor": online-go.com, kgs-rules,
 * kata-set-rules) -> RU text ("Japanese", "NZ", "Tromp-Taylor"); other
 * names come back as they are. */
const char *fmt_rules_name(const char *s);
/* Komi as SGF text: "6.5", "0", "-5.5" (no trailing zeros).
 * (number.c) */
void fmt_number(double v, char *out, size_t n);

/* Trim blanks (space, tab) on both sides of a slice. */
void fmt_trim(const char **s, size_t *len);
bool fmt_prefix(const char *s, size_t len, const char *prefix);

/* Main-line walk for writers: setup stones of the root and the moves. */
struct fmt_move {
	char colour; /* 'B' or 'W' */
	int x, y;    /* -1 for a pass */
};
/* For a writer of a format that holds a square board's main line, the
 * standard handicap placement and the game information, and nothing
 * else (GIB, NGF; `format` names it): the main line's moves in *moves
 * (malloc'd, caller frees) and the handicap in *ha (0: none).  Returns
 * the number of moves; or -1 with *why set and nothing to free, for a
 * move that is not a point, setup after the first move, or setup
 * stones other than the standard handicap.  On success, one "not-kept"
 * note goes to *notes (may be NULL) when g has variations or comments
 * on its main line, with their numbers, at the first of them. */
long fmt_handicap_main_line(const struct sgf_game *g, int size,
			    const char *format, struct fmt_move **moves,
			    int *ha, const char **why,
			    struct sgf_write_notes *notes);

/* Where a writer's note points: the value of the root's property pid,
 * and the komi's (KM, else Cyberoro's KO); 0 when absent. */
uint32_t fmt_root_off(const struct sgf_game *g, enum sgf_pid pid);
uint32_t fmt_komi_off(const struct sgf_game *g);

#endif
