/*
 * formats.h - other record formats (GIB, NGF, UGF/UGI), server dialects
 * of SGF, and the 8 board symmetries.
 *
 * Readers turn a whole file held in memory into a struct sgf_game built
 * with the building API of sgf.h, so every other part of sgfkit sees one
 * record model.  Writers go the other way for GIB and NGF.  None of
 * GIB, NGF or UGF has a published specification: the facts used here are
 * those of ../shared/docs/FORMATS.md, cross-checked between converters.
 *
 * Ownership: as in sgf.h, a returned game owns everything reachable from
 * it and is freed with sgf_game_free().  Buffers passed in are only read
 * and may be freed after the call.
 *
 * Errors: a reader never returns NULL except when out of memory.  A
 * record that cannot be read comes back with root == NULL and
 * nerrors > 0; its diagnostics (code SGF_E_FORMAT) carry the 1-based line
 * in the input and say what was expected.  Nothing is half-built: when
 * there is an error, there is no tree.
 *
 * Text: the files declare no charset (UGF has Lang=).  Text is decoded
 * to UTF-8: valid UTF-8 stays as it is, otherwise the format's usual
 * encodings are tried (EUC-KR/CP949, GB18030, CP932) with a hint from
 * the file itself (GIBOKIND, Lang=) and a byte-pattern guess.  The
 * charset used is in game->charset.
 *
 * Library code: never prints, never exits, never recurses on input.
 */
#ifndef SGF_FORMATS_H
#define SGF_FORMATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "sgf.h"

enum sgf_format {
	SGF_FMT_UNKNOWN = 0,
	SGF_FMT_SGF,
	SGF_FMT_JSON,
	SGF_FMT_GIB,
	SGF_FMT_NGF,
	SGF_FMT_UGF, /* UGF and UGI: same layout */
};

/* "sgf", "json", "gib", "ngf", "ugf"; "unknown" for the rest. */
const char *sgf_format_name(enum sgf_format f);
/* Name (case-insensitive; "ugi" is UGF) -> format; SGF_FMT_UNKNOWN if the
 * name is not one of ours. */
enum sgf_format sgf_format_from_name(const char *name);
/* Guess the format of a file from its first bytes (the content decides;
 * the file name, which may be NULL, only breaks ties such as an empty
 * file).  Returns SGF_FMT_UNKNOWN when nothing fits. */
enum sgf_format sgf_format_detect(const char *buf, size_t len,
				  const char *name);

/* Readers: one game from a whole file in memory.  `file` is the name
 * used in diagnostics (not copied; must outlive the game). */
struct sgf_game *sgf_read_gib(const char *buf, size_t len, const char *file);
struct sgf_game *sgf_read_ngf(const char *buf, size_t len, const char *file);
struct sgf_game *sgf_read_ugf(const char *buf, size_t len, const char *file);
/* Dispatch on `f` (GIB, NGF or UGF only; NULL for the others). */
struct sgf_game *sgf_read_format(enum sgf_format f, const char *buf, size_t len,
				 const char *file);

/* Writers: the main line of `g` as GIB (UTF-8, CRLF, GIBOKIND=Global)
 * or NGF (UTF-8, the 12-line header).  Fields written: players, ranks,
 * result, komi, handicap, date, board size (GIB: LINE:), game name and
 * place; setup stones other than the standard handicap cannot be
 * expressed and make the writer fail.  Returns 0, or -1 with *why set to
 * a static message (errno is set on a write error). */
int sgf_write_gib(FILE *out, const struct sgf_game *g, const char **why);
int sgf_write_ngf(FILE *out, const struct sgf_game *g, const char **why);

/* Decode text of unknown charset to UTF-8.  `hint` is a charset name to
 * try first (or NULL).  Returns a malloc'd NUL-terminated string (caller
 * frees) with its length in *outlen and the charset used in *charset (a
 * static string), or NULL when out of memory.  Bytes invalid in every
 * candidate become U+FFFD and *lossy is set. */
char *sgf_decode_text(const char *buf, size_t len, const char *hint,
		      size_t *outlen, const char **charset, bool *lossy);

/* Fixed handicap points in the order of the GTP 2 table (Tygem's order:
 * the 3rd stone upper-left), SGF.md section 9.  Fills xs/ys (0-based from
 * the upper left) and returns the number of stones, or 0 when the board
 * has no fixed placement for n stones. */
int sgf_fixed_handicap(int size, int n, int *xs, int *ys);

/* ---------------------------------------------------------------------
 * SGF server dialects (FORMATS.md sections 4 and 5, SGF.md section 8).
 */
enum sgf_dialect_fix {
	SGF_FIX_FOX_KOMI = 1 << 0,    /* KM[375] -> KM[7.5] */
	SGF_FIX_ZI_KOMI = 1 << 1,     /* KM[3.75] -> KM[7.5] */
	SGF_FIX_ZI_RESULT = 1 << 2,   /* RE[W+0.25] -> RE[W+0.5] */
	SGF_FIX_ORO = 1 << 3,	      /* KO->KM, TE->EV, RD->DT, HD->HA ... */
	SGF_FIX_DUP_AP = 1 << 4,      /* two AP values: keep the first */
	SGF_FIX_FOX_NESTING = 1 << 5, /* one variation per move flattened */
	SGF_FIX_FOX_SETUP = 1 << 6,   /* ;AB[] per stone merged into root */
	SGF_FIX_OGS_HA1 = 1 << 7,     /* HA[1] + single AB stone -> B move */
	SGF_FIX_KGS_RESULT = 1 << 8,  /* result only in a closing comment */
	SGF_FIX_NIHON_KIIN = 1 << 9,  /* Nihon Ki-in property meanings */
	SGF_FIX_ALL = (1 << 10) - 1
};

#define SGF_DIALECT_NOTES 16
struct sgf_dialect_report {
	unsigned fixed; /* SGF_FIX_* bits that applied */
	int nnotes;
	char notes[SGF_DIALECT_NOTES][160]; /* "KM[375] is Fox's ..." */
};

/* Rewrite the dialect quirks of `g` in place into standard SGF (the
 * `--normalize` of convert).  `which` selects the fixes (SGF_FIX_ALL
 * for all).  Each fix made is described in *rep (may be NULL).  Returns
 * the number of fixes made. */
int sgf_normalize(struct sgf_game *g, unsigned which,
		  struct sgf_dialect_report *rep);

/* Interpret a KM value with the dialect rules: Fox hundredths when
 * |v| >= 100 (when >= 200 per FORMATS.md, 100..199 only for values
 * ending in 25/50/75), then Chinese zi (quarter values <= 4 doubled).
 * Returns 0 and *komi, with *dialect set to a short description when a
 * dialect rule was used (NULL otherwise); -1 if not a number. */
int sgf_komi_interpret(const char *raw, double *komi, const char **dialect);

/* ---------------------------------------------------------------------
 * Symmetries.  sym: 0 identity, 1 rotate 90 degrees clockwise, 2 rotate
 * 180, 3 rotate 270, 4 flip left-right (mirror in the vertical axis),
 * 5 flip then rotate 90, 6 flip then 180 (= flip top-bottom), 7 flip
 * then 270 (transpose).
 */
/* Apply symmetry `sym` to every point-valued property of every node
 * (B, W, AB, AW, AE, TB, TW, MA, CR, SQ, TR, SL, DD, VW, the points of
 * LB, AR, LN; compressed lists are expanded where a rectangle would not
 * stay a rectangle... they always do, so "aa:cc" maps corner to corner).
 * Non-square boards accept only symmetries that keep the shape (0, 2,
 * 4, 6).  Returns 0, or -1 with *why set (malformed point, bad sym). */
int sgf_transform(struct sgf_game *g, int sym, const char **why);
/* Map one point (0-based from the upper left) on a cols x rows board. */
void sgf_sym_point(int sym, int cols, int rows, int x, int y, int *ox, int *oy);

#endif
