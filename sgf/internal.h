/*
 * internal.h - private to sgf/: what the reader, parser, charset code
 * and writers share.  Not part of the public interface.
 */
#ifndef SGF_INTERNAL_H
#define SGF_INTERNAL_H

#include <stdint.h>

#include "arena.h"
#include "sgf.h"

/* A game with the bookkeeping the public struct does not show.  The
 * public struct comes first so the two pointers are interchangeable. */
struct game_x {
	struct sgf_game g;
	struct sgf_limits lim;
	struct sgf_diag *tail;
	size_t ndiags;
	uint32_t col0; /* column of the first byte of text in the file */
	/* incremental line/column cache for diagnostics in offset order */
	uint32_t lc_off, lc_line, lc_col;
};

static inline struct game_x *
gx(const struct sgf_game *g)
{
	return (struct game_x *)g;
}

/* Byte classes shared by the reader's splitter and the parser. */
static inline int
is_ws(unsigned char c)
{
	return c <= ' ';
}
static inline int
is_upper(unsigned char c)
{
	return c >= 'A' && c <= 'Z';
}
static inline int
is_lower(unsigned char c)
{
	return c >= 'a' && c <= 'z';
}
static inline int
is_letter(unsigned char c)
{
	return is_upper(c) || is_lower(c);
}

/* SGFC's heuristic for a ']' inside text: the ']' at p[-1] ends the value
 * only if what follows can follow a value: whitespace then '[', ';', '(',
 * ')', end of input, or an identifier followed by '['.  Returns 1 (ends
 * the value), 0 (part of the text), or -1 when more input than p..end is
 * needed to decide and `at_eof` is 0. */
static inline int
value_end_ok(const unsigned char *p, const unsigned char *end, int at_eof)
{
	while (p < end && is_ws(*p))
		p++;
	if (p >= end)
		return at_eof ? 1 : -1;
	switch (*p) {
	case '[':
	case ';':
	case '(':
	case ')':
		return 1;
	}
	if (!is_letter(*p))
		return 0;
	while (p < end && is_letter(*p))
		p++;
	while (p < end && is_ws(*p))
		p++;
	if (p >= end)
		return at_eof ? 1 : -1;
	return *p == '[';
}

/* Is `p` (of `len` bytes before the end) the start of a game tree: '('
 * then whitespace then ';', or (missing ';') an identifier then '['?
 * 1 yes, 0 no, -1 undecided before `end` (only when !at_eof). */
int sgf_is_tree_start(const unsigned char *p, const unsigned char *end,
		      int at_eof);

/* Private chunk flag: the reader's charset detection had something to
 * say (guessed, wrong or unknown CA); the parser repeats it to report. */
#define SGF_CHUNK_CS_NOTE (1u << 16)

/* game.c */
struct sgf_game *sgf_game_new_lim(const char *file, unsigned index,
				  const struct sgf_limits *lim);
/* Add a diagnostic with a position already known. */
void sgf_game_diag_at(struct sgf_game *g, enum sgf_code code,
		      enum sgf_severity sev, uint32_t line, uint32_t col,
		      const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
void sgf_limits_fill(struct sgf_limits *out, const struct sgf_limits *in);
/* Canonical id string for a pid (static storage). */
const char *sgf_pid_name(enum sgf_pid pid);
/* pid of an upper-case identifier of `len` bytes. */
enum sgf_pid sgf_pid_lookup(const char *id, size_t len);

/* charset.c */
enum cs_kind {
	CS_ASCII_SAFE = 0, /* every byte < 0x80 is itself (UTF-8, EUC, ...) */
	CS_DBCS_LOW_TRAIL, /* trail bytes may be '\\' or ']' (SJIS, Big5,
			      GBK/GB18030) */
	CS_ISO2022,	   /* 7-bit with escape sequences (ISO-2022-JP) */
	CS_UTF16,	   /* needs decoding before any scanning */
};
struct cs_info {
	enum {
		CS_DECLARED = 0,     /* CA, BOM, or plain ASCII/UTF-8 */
		CS_GUESSED,	     /* no CA: guessed from the bytes */
		CS_WRONG_DECLARED,   /* CA did not fit the bytes */
		CS_UNKNOWN_DECLARED, /* CA names no charset we know */
	} how;
	char declared[48]; /* the CA value as read, if any */
};
/* Find the charset of one game's raw bytes: BOM, then CA in the root,
 * then a guess.  Returns a canonical name (static storage), never NULL;
 * *info says how it was found. */
const char *sgf_charset_detect(const char *data, size_t len,
			       struct cs_info *info);
enum cs_kind sgf_charset_kind(const char *cs);
/* Is the name UTF-8 (or ASCII, a subset)? */
int sgf_charset_is_utf8(const char *cs);
/* Lead byte test for CS_DBCS_LOW_TRAIL charsets. */
int sgf_charset_is_lead(const char *cs, unsigned char c);
/* Validate UTF-8; returns the offset of the first bad byte or len. */
size_t sgf_utf8_valid(const unsigned char *s, size_t len);
/* Decode `len` bytes in charset `cs` to UTF-8 (malloc'd, NUL terminated,
 * length in *outlen).  Invalid sequences become U+FFFD and are counted
 * in *nbad.  NULL when out of memory or when cs is unknown to iconv
 * (*nbad is then (size_t)-1). */
char *sgf_charset_to_utf8(const char *cs, const char *in, size_t len,
			  size_t *outlen, size_t *nbad);

/* parse.c */
void charset_diag(struct sgf_game *g, const char *cs,
		  const struct cs_info *info);

#endif
