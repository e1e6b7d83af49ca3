/*
 * internal.h - private to sgf/: what the reader, parser, charset code
 * and writers share.  Not part of the public interface.
 */
#ifndef SGF_INTERNAL_H
#define SGF_INTERNAL_H

#include <stdbool.h>
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
	/* where junk before the game began, outside its text (0: none) */
	uint32_t junk_line, junk_col;
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
/* Upper-case letters in one property identifier, read from SGF or JSON:
 * longer ones are errors, not truncated. */
#define SGF_MAX_ID_LEN 64
#define SGF_MAX_ID_STR "64"

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

/* The rest of value_end_ok() for letters after the ']' (id..end) that
 * are not followed by '[': 1 if they are an identifier of upper-case
 * letters and SGF structure plainly starts after it, a node (';' then
 * an identifier and its '[', or ';', '(' or ')'), a variation ("(;")
 * or the end of one (')' then '(', ')' or the end).  Text seldom looks
 * like that, while "PB[Lee]PW;B[cc]" and "PB[Lee]PW(;B[cc]" are
 * records whose writer left a value out: that is an error the parser
 * reports, not text that runs on over the nodes after it.  Returns 1,
 * 0, or -1 when more input is needed and `at_eof` is 0.  Out of line:
 * value_end_ok() is inlined in the scanners' loops, and this is
 * rare. */
static int __attribute__((noinline, unused))
value_end_structure(const unsigned char *p, const unsigned char *end,
		    int at_eof)
{
	unsigned char c;

	for (; is_letter(*p); p++)
		if (!is_upper(*p))
			return 0;
	while (p < end && is_ws(*p))
		p++;
	if (p >= end)
		return at_eof ? 1 : -1;
	c = *p++;
	if (c != ';' && c != '(' && c != ')')
		return 0;
	while (p < end && is_ws(*p))
		p++;
	if (p >= end)
		return at_eof ? c != '(' : -1;
	if (c == '(')
		return *p == ';';
	if (c == ')')
		return *p == '(' || *p == ')';
	if (*p == ';' || *p == '(' || *p == ')')
		return 1;
	if (!is_upper(*p))
		return 0;
	while (p < end && is_upper(*p))
		p++;
	while (p < end && is_ws(*p))
		p++;
	if (p >= end)
		return at_eof ? 0 : -1;
	return *p == '[';
}

/* SGFC's heuristic for a ']' inside text: the ']' at p[-1] ends the value
 * only if what follows can follow a value: whitespace then '[', ';', '(',
 * ')', end of input, an identifier followed by '[', or an identifier
 * without a value before plain structure (value_end_structure).
 * Returns 1 (ends the value), 0 (part of the text), or -1 when more input
 * than p..end is needed to decide and `at_eof` is 0. */
static inline int
value_end_ok(const unsigned char *p, const unsigned char *end, int at_eof)
{
	const unsigned char *id;

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
	id = p;
	while (p < end && is_letter(*p))
		p++;
	while (p < end && is_ws(*p))
		p++;
	if (p >= end)
		return at_eof ? 1 : -1;
	if (*p == '[')
		return 1;
	return value_end_structure(id, end, at_eof);
}

/* Properties whose values are never text: moves, points, numbers,
 * reals, colours (FF[4] section "Properties", and SZ, FF, GM).  A ']'
 * always ends such a value: the repair of an unescaped ']' above is
 * for text, and "KM[6.5]PB(;B[cc]" must not read KM as "6.5]PB(;B[cc".
 * A bit for each pid; the reader and the parser ask the same mask, so
 * that they agree on where a game ends. */
#define SGF_PID_BIT(p) ((uint64_t)1 << (p))
#define SGF_TYPED_PIDS                                                         \
	(SGF_PID_BIT(SGF_P_B) | SGF_PID_BIT(SGF_P_W) | SGF_PID_BIT(SGF_P_AB) | \
	 SGF_PID_BIT(SGF_P_AW) | SGF_PID_BIT(SGF_P_AE) |                       \
	 SGF_PID_BIT(SGF_P_PL) | SGF_PID_BIT(SGF_P_KO) |                       \
	 SGF_PID_BIT(SGF_P_MN) | SGF_PID_BIT(SGF_P_FF) |                       \
	 SGF_PID_BIT(SGF_P_GM) | SGF_PID_BIT(SGF_P_SZ) |                       \
	 SGF_PID_BIT(SGF_P_ST) | SGF_PID_BIT(SGF_P_KM) |                       \
	 SGF_PID_BIT(SGF_P_HA) | SGF_PID_BIT(SGF_P_TM) |                       \
	 SGF_PID_BIT(SGF_P_AR) | SGF_PID_BIT(SGF_P_LN) |                       \
	 SGF_PID_BIT(SGF_P_TB) | SGF_PID_BIT(SGF_P_TW) |                       \
	 SGF_PID_BIT(SGF_P_MA) | SGF_PID_BIT(SGF_P_CR) |                       \
	 SGF_PID_BIT(SGF_P_SQ) | SGF_PID_BIT(SGF_P_TR) |                       \
	 SGF_PID_BIT(SGF_P_SL) | SGF_PID_BIT(SGF_P_DD) |                       \
	 SGF_PID_BIT(SGF_P_VW) | SGF_PID_BIT(SGF_P_PM) |                       \
	 SGF_PID_BIT(SGF_P_BL) | SGF_PID_BIT(SGF_P_WL) |                       \
	 SGF_PID_BIT(SGF_P_OB) | SGF_PID_BIT(SGF_P_OW))
static inline int
sgf_pid_typed(enum sgf_pid pid)
{
	return (SGF_TYPED_PIDS >> pid) & 1;
}

/* Properties whose values are composed, two parts around a ':' (AP
 * name:version, LB point:text, FG, AR, LN, SZ columns:rows), and every
 * property we do not know, which may be.  In such a value "\:" is a
 * colon inside a part and ':' the one between the parts, so their
 * values keep "\:" and "\\" as read (sgf.h, "Text"); the writer
 * writes them back as they are. */
#define SGF_COMPOSED_PIDS                                                      \
	(SGF_PID_BIT(SGF_P_OTHER) | SGF_PID_BIT(SGF_P_AP) |                    \
	 SGF_PID_BIT(SGF_P_LB) | SGF_PID_BIT(SGF_P_FG) |                       \
	 SGF_PID_BIT(SGF_P_AR) | SGF_PID_BIT(SGF_P_LN) |                       \
	 SGF_PID_BIT(SGF_P_SZ))
static inline int
sgf_pid_composed(enum sgf_pid pid)
{
	return (SGF_COMPOSED_PIDS >> pid) & 1;
}

/* Is `p` (of `len` bytes before the end) the start of a game tree: '('
 * then whitespace then ';', or (missing ';') an identifier then '['?
 * 1 yes, 0 no, -1 undecided before `end` (only when !at_eof).  The
 * reader cuts games there and the parser skips junk up to one, so both
 * agree (reader.c). */
int sgf_is_tree_start(const unsigned char *p, const unsigned char *end,
		      int at_eof);

/* Private chunk flag: the reader's charset detection had something to
 * say (guessed, wrong or unknown CA); the parser repeats it to report. */
#define SGF_CHUNK_CS_NOTE (1u << 16)

/* pid of a one- or two-letter identifier: [first - 'A'][second - 'A' + 1,
 * or 0 for one letter]; 0 (SGF_P_OTHER) elsewhere. */
static const unsigned char sgf_pid_table[26][27] = {
    [1][0] = 1,	   /* B */
    [22][0] = 2,   /* W */
    [0][2] = 3,	   /* AB */
    [0][23] = 4,   /* AW */
    [0][5] = 5,	   /* AE */
    [15][12] = 6,  /* PL */
    [10][15] = 7,  /* KO */
    [12][14] = 8,  /* MN */
    [2][0] = 9,	   /* C */
    [13][0] = 10,  /* N */
    [5][6] = 11,   /* FF */
    [6][13] = 12,  /* GM */
    [18][26] = 13, /* SZ */
    [2][1] = 14,   /* CA */
    [0][16] = 15,  /* AP */
    [18][20] = 16, /* ST */
    [15][2] = 17,  /* PB */
    [15][23] = 18, /* PW */
    [1][18] = 19,  /* BR */
    [22][18] = 20, /* WR */
    [17][5] = 21,  /* RE */
    [10][13] = 22, /* KM */
    [7][1] = 23,   /* HA */
    [17][21] = 24, /* RU */
    [3][20] = 25,  /* DT */
    [4][22] = 26,  /* EV */
    [6][14] = 27,  /* GN */
    [15][3] = 28,  /* PC */
    [17][15] = 29, /* RO */
    [19][13] = 30, /* TM */
    [14][20] = 31, /* OT */
    [6][3] = 32,   /* GC */
    [18][15] = 33, /* SO */
    [20][19] = 34, /* US */
    [0][14] = 35,  /* AN */
    [2][16] = 36,  /* CP */
    [1][20] = 37,  /* BT */
    [22][20] = 38, /* WT */
    [14][14] = 39, /* ON */
    [11][2] = 40,  /* LB */
    [0][18] = 41,  /* AR */
    [11][14] = 42, /* LN */
    [19][2] = 43,  /* TB */
    [19][23] = 44, /* TW */
    [12][1] = 45,  /* MA */
    [2][18] = 46,  /* CR */
    [18][17] = 47, /* SQ */
    [19][18] = 48, /* TR */
    [18][12] = 49, /* SL */
    [3][4] = 50,   /* DD */
    [21][23] = 51, /* VW */
    [5][7] = 52,   /* FG */
    [15][13] = 53, /* PM */
    [1][12] = 54,  /* BL */
    [22][12] = 55, /* WL */
    [14][2] = 56,  /* OB */
    [14][23] = 57, /* OW */
};

extern const char *const sgf_pid_names[SGF_P_COUNT];

/* pid of an upper-case identifier of `len` bytes. */
static inline enum sgf_pid
sgf_pid_lookup_inline(const char *id, size_t len)
{
	unsigned a, b;

	if (len - 1 > 1)
		return SGF_P_OTHER;
	a = (unsigned)(unsigned char)id[0] - 'A';
	if (a >= 26)
		return SGF_P_OTHER;
	if (len == 1)
		return (enum sgf_pid)sgf_pid_table[a][0];
	b = (unsigned)(unsigned char)id[1] - 'A';
	if (b >= 26)
		return SGF_P_OTHER;
	return (enum sgf_pid)sgf_pid_table[a][b + 1];
}

/* gameinfo.c */
/* Does the root name Fox (AP[foxwq], often as the second of two AP, in
 * whatever case a tool that copied it wrote it)?  Its KM is hundredths
 * and its records nest commentary; gameinfo and the normalizer ask. */
int sgf_root_is_fox(const struct sgf_node *root);

/* result.c */
/* Is s an RE value exactly as SGF writes it ("B+3.5", "W+R", "0",
 * "Draw", "Void", "?")? */
bool sgf_result_standard(const char *s);

/* number.c */
/* A whole value as a number, SGF's Real ("6.5", "-0.5", " 375 "), also
 * a long spelling ("7.500000000000"); not hexadecimal, exponents, inf
 * or nan, which strtod would take.  Returns 0 with *v set (finite, at
 * most 1e6 either way), -1 if s is not such a number. */
int sgf_real(const char *s, double *v);
/* sgf_real(), also taking a decimal comma ("6,5"): editors that print
 * with the user's locale write it (q5Go under a Polish locale wrote
 * KM[6,5]).  Sets *comma when it was one. */
int sgf_real_comma(const char *s, double *v, bool *comma);
/* A number inside text ("白5.5目勝ち" at the 5): ASCII digits, then a
 * point and digits, not followed by an ASCII letter or digit, or by
 * a point and a digit.
 * Returns the end of it with *v set, or NULL if p is not at such a
 * number or the number is over 1e6. */
const char *sgf_decimal(const char *p, double *v);

/* game.c */
/* Count lines and columns over t[from, to), going on from *line:*col
 * at t[from]: a column is a character, not each byte of its UTF-8. */
void sgf_text_linecol(const char *t, size_t from, size_t to, uint32_t *line,
		      uint32_t *col);
/* The canonical form of an identifier, as properties store it: its
 * upper-case letters (at most SGF_MAX_ID_LEN), into buf (SGF_MAX_ID_LEN
 * + 1 bytes).  Returns their number. */
size_t sgf_canon_letters(const char *id, char *buf);
struct sgf_game *sgf_game_new_lim(const char *file, unsigned index,
				  const struct sgf_limits *lim);
/* Add a diagnostic with a position already known. */
void sgf_game_diag_at(struct sgf_game *g, enum sgf_code code,
		      enum sgf_severity sev, uint32_t line, uint32_t col,
		      const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
void sgf_limits_fill(struct sgf_limits *out, const struct sgf_limits *in);
/* s (len bytes) with each NUL byte replaced by U+FFFD, copied to g's
 * arena when there is one (*len updated), else s itself; NULL when out of
 * memory.  Values are C strings to everyone downstream (JSON, gameinfo),
 * so none may hold a NUL. */
const char *sgf_value_no_nul(struct sgf_game *g, const char *s, uint32_t *len);
/* sgf_prop_add_value() for a caller that knows the property's last
 * value: `last` (or NULL, to find it).  Appending a long list one value
 * at a time is then linear, not quadratic. */
struct sgf_value *sgf_prop_append(struct sgf_game *g, struct sgf_prop *p,
				  struct sgf_value *last, const char *val,
				  size_t len);
/* sgf_prop_add() for a caller that knows the node's last property:
 * `last` (or NULL, to find it). */
struct sgf_prop *sgf_prop_add_after(struct sgf_game *g, struct sgf_node *n,
				    struct sgf_prop *last, const char *id,
				    const char *val, size_t len);
/* The properties of one node by identifier, each with its last value,
 * for readers that add properties and values one at a time: finding a
 * repeated identifier, or the end of its values, must not walk the
 * node's lists.  It did: a node of 10,000 properties took 5e7
 * comparisons (a 15 MB record of 300 such nodes, 68 s), and 200,000
 * repeats of AB[aa] in a node, 1.2 MB, took 7.5 s. */
struct sgf_propslot;
struct sgf_propidx {
	uint64_t mask;			   /* known pids in the node */
	struct sgf_prop *kp[SGF_P_COUNT];  /* the property of each */
	struct sgf_value *kt[SGF_P_COUNT]; /* and its last value */
	/* other identifiers: open addressing, cap a power of two (or 0);
	 * a slot of an older node's generation is empty */
	struct sgf_propslot *slot;
	size_t cap, used;
	uint32_t gen;
};
/* The index starts empty for a new node (it is zeroed at first). */
static inline void
sgf_propidx_reset(struct sgf_propidx *x)
{
	x->mask = 0;
	x->used = 0;
	x->gen++;
}
/* Note a known property of the node and its last value. */
static inline void
sgf_propidx_known(struct sgf_propidx *x, struct sgf_prop *p,
		  struct sgf_value *tail)
{
	x->mask |= (uint64_t)1 << p->pid;
	x->kp[p->pid] = p;
	x->kt[p->pid] = tail;
}
/* The node's property with identifier id (len upper-case letters; pid
 * its pid), or NULL; *tail is then its last value. */
struct sgf_prop *sgf_propidx_find(struct sgf_propidx *x, enum sgf_pid pid,
				  const char *id, size_t len,
				  struct sgf_value **tail);
/* Note p, new to the node or found in it, with its last value.  Returns
 * -1 when out of memory. */
int sgf_propidx_put(struct sgf_propidx *x, struct sgf_prop *p,
		    struct sgf_value *tail);
void sgf_propidx_free(struct sgf_propidx *x);

/* The property of n whose identifier is id's canonical form (its
 * upper-case letters, as sgf_prop_add() stores it), or NULL. */
struct sgf_prop *sgf_prop_find(struct sgf_node *n, const char *id);
/* Canonical id string for a pid (static storage). */
const char *sgf_pid_name(enum sgf_pid pid);
extern const char *const sgf_pid_names[SGF_P_COUNT];

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
/* An SZ value ("19", "19:13", blanks around each side allowed) as
 * sgf_board_size() reads it.  Returns 0 with *cols and *rows set, or -1
 * (they are then untouched). */
int sgf_size_value(const char *s, size_t len, int *cols, int *rows);
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
