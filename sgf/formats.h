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
	SGF_FMT_OGS, /* online-go.com REST JSON (gamedata) */
	SGF_FMT_GTP, /* a GTP command script */
};

/* How a file of the format holds its games, which is how the command
 * line cuts an input into games before reading each. */
enum sgf_format_kind {
	SGF_FMT_STREAM, /* SGF: games cut by sgf_reader, one chunk each */
	SGF_FMT_LINES,	/* JSON: one chunk per top-level value, JSON Lines
			 * or printed over many lines */
	SGF_FMT_WHOLE,	/* one game per file (GIB, NGF, UGF, OGS, GTP) */
};

/* What a writer may be asked besides the game: SGF_WRITE_* flags for
 * SGF, and for GTP the last move written (-1: all). */
struct sgf_write_opts {
	unsigned flags;
	long upto;
};

/* One record format. */
struct sgf_format_info {
	enum sgf_format id;
	const char *name; /* for the command line: "sgf", "gib" ... */
	const char *exts; /* comma-separated extensions, lower case */
	enum sgf_format_kind kind;
	/* Does this start of a file look like this format?  NULL for SGF,
	 * the fallback: it has no test of its own. */
	bool (*detect)(const char *buf, size_t len);
	/* A whole-file format (GIB, NGF, UGF, OGS, GTP): its one game,
	 * as sgf_read_gib(); NULL for SGF and JSON, which hold many. */
	struct sgf_game *(*read_one)(const char *buf, size_t len,
				     const char *file);
	/* SGF and JSON: every game of a buffer, as sgf_parse_json(); NULL
	 * for the others.  sgf_format_read() asks the one there is. */
	int (*read_all)(const char *buf, size_t len, const char *file,
			const struct sgf_limits *lim, struct sgf_game ***games);
	/* Write one game (a JSON document ends its line); returns 0, or
	 * -1 with *why set to a static message (NULL: errno).  What the
	 * format cannot keep goes into *notes (may be NULL).  NULL when
	 * the format is only read (UGF, OGS). */
	int (*write)(FILE *out, const struct sgf_game *g,
		     const struct sgf_write_opts *o, const char **why,
		     struct sgf_write_notes *notes);
};
/* Every format, in the order their detectors are asked (the last, SGF,
 * has none), ended by an entry whose name is NULL. */
extern const struct sgf_format_info sgf_formats[];
/* Read every game of a buffer in format f into a malloc'd array
 * (*games; the caller frees each game and the array).  Returns the
 * number of games, or -1 when nothing could be made (out of memory). */
int sgf_format_read(const struct sgf_format_info *f, const char *buf,
		    size_t len, const char *file, const struct sgf_limits *lim,
		    struct sgf_game ***games);
/* The entry of format f, or NULL for SGF_FMT_UNKNOWN. */
const struct sgf_format_info *sgf_format_info(enum sgf_format f);
/* The entry named `name` (any case; extensions are not names), or
 * NULL. */
const struct sgf_format_info *sgf_format_by_name(const char *name);
/* Does the file name end in ".EXT" or ".EXT.gz" for an EXT of the
 * comma-separated list (any case)? */
bool sgf_name_has_ext(const char *name, const char *list);
/* The entry whose extensions hold the file name's (".gz" left aside:
 * "a.gib.gz" is GIB), or NULL. */
const struct sgf_format_info *sgf_format_by_ext(const char *name);
/* The first entry whose detector takes the start of a file; SGF when
 * none does.  Never NULL. */
const struct sgf_format_info *sgf_format_sniff(const char *buf, size_t len);

/* "sgf", "json", "gib", "ngf", "ugf", "ogs", "gtp"; "unknown" for the
 * rest. */
const char *sgf_format_name(enum sgf_format f);
/* Name or extension (case-insensitive; "ugi" is UGF) -> format;
 * SGF_FMT_UNKNOWN if it is not one of ours. */
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
/* An online-go.com game in its REST JSON form (FORMATS.md 7.1). */
struct sgf_game *sgf_read_ogs(const char *buf, size_t len, const char *file);
/* A GTP command script (FORMATS.md 6): boardsize, komi, clear_board,
 * fixed_handicap, set_free_handicap, play, undo and the rules commands
 * are replayed into a record; other commands are ignored; a script
 * that loads records (loadsgf) cannot be converted alone. */
struct sgf_game *sgf_read_gtp(const char *buf, size_t len, const char *file);
/* Does this JSON look like an online-go.com game rather than sgfkit's
 * own JSON? */
bool sgf_looks_ogs(const char *buf, size_t len);
/* Do the first lines look like GTP commands? */
bool sgf_looks_gtp(const char *buf, size_t len);
/* Dispatch on `f` (GIB, NGF, UGF, OGS, GTP; NULL for the others). */
struct sgf_game *sgf_read_format(enum sgf_format f, const char *buf, size_t len,
				 const char *file);

/* Writers: the main line of `g` as GIB (UTF-8, CRLF, GIBOKIND=Global)
 * or NGF (UTF-8, the 12-line header).  Fields written: players, ranks,
 * result, komi, handicap, date, board size (GIB: LINE:), game name and
 * place; setup stones other than the standard handicap cannot be
 * expressed and make the writer fail.  A value the format cannot hold
 * as it is (NGF: an even game's komi without a half point; GIB: komi
 * or margin in finer steps than tenths; both: a Void, unknown or
 * unreadable result) is written as near as the format allows, or left
 * out, with a note "not-kept" in *notes (may be NULL); so are the
 * game's variations and main-line comments (one note).  Returns 0, or
 * -1 with *why set to a static message (errno is set on a write
 * error). */
int sgf_write_gib(FILE *out, const struct sgf_game *g, const char **why,
		  struct sgf_write_notes *notes);
int sgf_write_ngf(FILE *out, const struct sgf_game *g, const char **why,
		  struct sgf_write_notes *notes);

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
	SGF_FIX_KOMI = 1 << 0,	    /* Fox KM[375] -> 7.5, zi KM[3.75] -> 7.5 */
	SGF_FIX_ZI_RESULT = 1 << 1, /* RE[W+0.25] with zi komi -> W+0.5 */
	SGF_FIX_RESULT_TEXT = 1 << 2, /* RE[294수 흑0.5집승] -> B+0.5 */
	SGF_FIX_NK = 1 << 3,	      /* Cyberoro / Nihon Ki-in root: TE, RD,
				       * KO, HD, LT, LC, TM text */
	SGF_FIX_DUP_AP = 1 << 4,      /* AP[GNU Go:3.8]...AP[foxwq] */
	SGF_FIX_FOX_NESTING = 1 << 5, /* one variation per move */
	SGF_FIX_FOX_SETUP = 1 << 6,   /* ;AB[] nodes before the first move */
	SGF_FIX_OGS_HA1 = 1 << 7,     /* HA[1] written as one AB stone */
	SGF_FIX_KGS_RESULT = 1 << 8,  /* result only in the last comment */
	SGF_FIX_ALL = (1 << 9) - 1
};

#define SGF_DIALECT_NOTES 16
struct sgf_dialect_report {
	unsigned fixed; /* SGF_FIX_* bits that applied */
	int nnotes;
	char notes[SGF_DIALECT_NOTES][200]; /* "KM[375] ... written KM[7.5]" */
};

/* Rewrite the dialect quirks of `g` in place into standard SGF (the
 * `--normalize` of convert).  `which` selects the fixes (SGF_FIX_ALL
 * for all).  Each fix made is described in *rep (may be NULL), naming
 * the raw value and what was written instead.  Returns the number of
 * fixes made. */
int sgf_normalize(struct sgf_game *g, unsigned which,
		  struct sgf_dialect_report *rep);

/* A result written only in the comment of the last main-line node (KGS
 * writes the game's end after the chat): a line that is an SGF result
 * ("W+Resign", "B+3.5") or an English sentence ("White wins by
 * resignation").  Fills buf with SGF RE text and returns 0, or -1. */
int sgf_result_from_comment(const struct sgf_game *g, char *buf, size_t n);

/* Komi written as text (Nihon Ki-in KO[黒6目半], Korean 6집반, "6.5"):
 * returns 0 with *komi, or -1. */
int sgf_komi_text(const char *s, double *komi);

/* ---------------------------------------------------------------------
 * Symmetries.  sym: 0 identity, 1 rotate 90 degrees clockwise, 2 rotate
 * 180, 3 rotate 270, 4 flip left-right (mirror in the vertical axis),
 * 5 flip then rotate 90, 6 flip then 180 (= flip top-bottom), 7 flip
 * then 270 (transpose).
 */
/* Apply symmetry `sym` to every point-valued property of every node:
 * B, W (passes stay passes), AB, AW, AE, TB, TW, MA, CR, SQ, TR, SL,
 * DD, VW, and the points of LB, AR, LN.  A compressed list "aa:cc" maps
 * to the rectangle between the images of its corners.  On a rectangular
 * board a quarter turn swaps the sides of SZ.  Returns 0, or -1 with
 * *why set (malformed point, sym out of 0..7) and, when `at` is not
 * NULL, *at the offset of the value at fault in the game text (for
 * sgf_game_linecol; UINT32_MAX if none); the tree may then be partly
 * transformed. */
int sgf_transform(struct sgf_game *g, int sym, const char **why, uint32_t *at);
/* Map one point (0-based from the upper left) on a cols x rows board. */
void sgf_sym_point(int sym, int cols, int rows, int x, int y, int *ox, int *oy);

#endif
