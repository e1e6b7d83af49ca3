/*
 * sgf.h - the SGF record model: read, build, write.
 *
 * A game record is a tree of nodes; each node holds its properties in
 * the order they were read, each property one or more values.  This
 * module knows nothing about Go rules or about the command line: it
 * turns bytes into trees and trees into bytes, and reports what it had
 * to repair on the way.
 *
 * Reading happens in two steps so that a stream of games can be split
 * on one thread and parsed on many:
 *
 *   struct sgf_reader *rd = sgf_reader_open_fd(fd, "game.sgf", &limits);
 *   struct sgf_chunk ch;
 *   while (sgf_reader_next(rd, &ch) > 0) {       // one game's raw bytes
 *       struct sgf_game *g = sgf_parse_chunk(&ch, &limits);
 *       ... use g ...
 *       sgf_game_free(g);
 *   }
 *   sgf_reader_close(rd);
 *
 * Ownership, once for the whole API:
 *   - A struct sgf_game owns everything reachable from it: its text,
 *     nodes, properties, values and diagnostics all live in one arena,
 *     and sgf_game_free() is the only free call.  Pointers into a game
 *     stay valid until that call and are never shared between games.
 *   - A struct sgf_chunk owns its bytes (malloc'd); sgf_parse_chunk()
 *     takes them over and frees or adopts them, so after the call the
 *     chunk is empty.  sgf_chunk_release() frees an unparsed chunk.
 *   - Strings returned by sgf_write_*() are malloc'd; the caller frees.
 *
 * Text: every value is stored as UTF-8 with SGF escapes already
 * removed ("\]" -> "]", "\\" -> "\", backslash-newline dropped); line
 * breaks and other whitespace are kept as read.  Values of composed
 * properties (AP, LB, FG, AR, LN, SZ) and of properties we do not know
 * keep "\:" and "\\" as read: in "AP[My\:App:1.0]" the second ':' is
 * the one between the parts, and without its escape the first could
 * not be told from it.  A '\' in such a value is always one of those
 * two escapes, except in a value built by a caller, where a lone one
 * is a backslash.  Values are NUL terminated and also carry their
 * length.  Writers add the escapes back.
 *
 * Positions: diagnostics carry 1-based line and column in the input
 * file (columns count characters of the decoded text).  Properties
 * and nodes keep a byte offset into the game text; sgf_game_linecol()
 * turns it into line and column only when someone asks, because that
 * is rare and scanning is cheap compared with storing.
 *
 * Library code never prints and never exits.
 */
#ifndef SGF_H
#define SGF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Largest board side SGF can express (a-z, A-Z). */
#define SGF_MAX_SIDE 52

/* ---------------------------------------------------------------------
 * Limits on everything read from input.  Zero in a field means "use the
 * default".  cmd/ exposes the ones a user may need to raise.
 */
struct sgf_limits {
	size_t max_game_bytes; /* raw bytes of one game tree; default 256 MiB */
	size_t max_value_bytes; /* one property value; default 64 MiB */
	size_t max_nodes;	/* nodes in one game; default 10,000,000 */
	size_t max_props;	/* properties in one node; default 10,000 */
	size_t max_values;	/* values of one property; default 100,000 */
	size_t max_diags;	/* diagnostics kept per game; default 200 */
};
void sgf_limits_default(struct sgf_limits *l);

/* ---------------------------------------------------------------------
 * Diagnostics.  Every repair or failure is one diagnostic with a stable
 * code (the name in sgf_code_name(), used in JSON output and tests).
 */
enum sgf_severity { SGF_WARNING = 1, SGF_ERROR = 2 };

enum sgf_code {
	SGF_OK = 0,
	/* warnings: something was repaired, nothing was lost */
	SGF_W_JUNK_BEFORE,	 /* bytes before the first '(' */
	SGF_W_JUNK_AFTER,	 /* bytes after a game that are not a game */
	SGF_W_MISSING_SEMI,	 /* '(' not followed by ';' */
	SGF_W_UNESCAPED_BRACKET, /* ']' inside text that was not the end */
	SGF_W_MISSING_PAREN,	 /* game not closed by ')' at end of input */
	SGF_W_DUPLICATE_PROP,	 /* same property twice in a node: merged */
	SGF_W_LOWERCASE_ID,	 /* FF[1]-FF[3] long name such as AddBlack */
	SGF_W_EMPTY_VARIATION,	 /* "()" with no node: dropped */
	SGF_W_CHARSET,		 /* charset guessed, unknown or mis-declared */
	SGF_W_BAD_CHARS,	 /* bytes invalid in the charset: replaced */
	SGF_W_BAD_VALUE,	 /* a value that does not fit its type */
	SGF_W_OTHER,
	/* errors: the game (or part of it) could not be read */
	SGF_E_SYNTAX,	 /* unrecoverable syntax error */
	SGF_E_TRUNCATED, /* input ended inside a value */
	SGF_E_LIMIT,	 /* a limit of struct sgf_limits was exceeded */
	SGF_E_NOT_SGF,	 /* no game tree found at all */
	SGF_E_IO,	 /* read error */
	SGF_E_NOMEM,
	SGF_E_FORMAT, /* another format's reader failed (GIB ...) */
	SGF_CODE_COUNT
};
const char *sgf_code_name(enum sgf_code c); /* e.g. "missing-semicolon" */

struct sgf_diag {
	enum sgf_code code;
	enum sgf_severity severity;
	uint32_t line, col; /* 1-based, in the input file; 0 if unknown */
	char msg[160];	    /* lower case, no final period */
	struct sgf_diag *next;
};

/* ---------------------------------------------------------------------
 * The tree.
 */

/* Known property identifiers, for fast dispatch; SGF_P_OTHER for the
 * rest (the identifier string is always kept). */
/* clang-format off */
enum sgf_pid {
	SGF_P_OTHER = 0,
	SGF_P_B, SGF_P_W, SGF_P_AB, SGF_P_AW, SGF_P_AE, SGF_P_PL, SGF_P_KO,
	SGF_P_MN, SGF_P_C, SGF_P_N, SGF_P_FF, SGF_P_GM, SGF_P_SZ, SGF_P_CA,
	SGF_P_AP, SGF_P_ST, SGF_P_PB, SGF_P_PW, SGF_P_BR, SGF_P_WR, SGF_P_RE,
	SGF_P_KM, SGF_P_HA, SGF_P_RU, SGF_P_DT, SGF_P_EV, SGF_P_GN, SGF_P_PC,
	SGF_P_RO, SGF_P_TM, SGF_P_OT, SGF_P_GC, SGF_P_SO, SGF_P_US, SGF_P_AN,
	SGF_P_CP, SGF_P_BT, SGF_P_WT, SGF_P_ON, SGF_P_LB, SGF_P_AR, SGF_P_LN,
	SGF_P_TB, SGF_P_TW, SGF_P_MA, SGF_P_CR, SGF_P_SQ, SGF_P_TR, SGF_P_SL,
	SGF_P_DD, SGF_P_VW, SGF_P_FG, SGF_P_PM, SGF_P_BL, SGF_P_WL, SGF_P_OB,
	SGF_P_OW,
	SGF_P_COUNT
};
/* clang-format on */
enum sgf_pid sgf_pid_of(const char *id); /* canonical id -> enum */

struct sgf_value {
	const char *s; /* UTF-8, unescaped, NUL terminated */
	uint32_t len;  /* bytes, without the NUL */
	uint32_t off;  /* byte offset of '[' in the game text, for positions */
	struct sgf_value *next;
};

struct sgf_prop {
	const char *id; /* canonical: upper-case letters only ("AB") */
	enum sgf_pid pid;
	uint32_t off; /* byte offset of the identifier in the game text */
	uint32_t nvalues;
	struct sgf_value *values; /* at least one (possibly empty "") */
	struct sgf_prop *next;	  /* next property of the same node, in order */
};

struct sgf_node {
	struct sgf_prop *props;	 /* in the order read; may be NULL */
	struct sgf_node *parent; /* NULL for the root */
	struct sgf_node *child;	 /* first child = main line; NULL at a leaf */
	struct sgf_node *next;	 /* next sibling (another variation) */
	uint32_t off;		 /* byte offset of ';' in the game text */
	uint32_t nchildren;
};

struct sgf_arena; /* private: see sgf/arena.h */

struct sgf_game {
	struct sgf_node *root; /* NULL if nothing could be read */
	const char *file;      /* name as given by the caller (not owned) */
	unsigned index;	       /* 1-based game number in the file */
	uint64_t line;	       /* line of the game's '(' in the file */
	/* (the column of the '(' is kept privately, see sgf_game_linecol) */
	const char *charset; /* charset the text was decoded from */
	const char *text;    /* decoded game text (offsets point here) */
	size_t text_len;
	struct sgf_diag *diags; /* in order of position */
	unsigned nwarnings, nerrors;
	size_t nnodes;
	struct sgf_arena *arena;
};

/* ---------------------------------------------------------------------
 * Reading.
 */

/* One game tree's raw bytes as cut from the input by the reader.
 * data[len] must be a NUL byte (the reader's chunks have it): the
 * parser uses it as a sentinel. */
struct sgf_chunk {
	char *data; /* malloc'd (len + 1 bytes); owned by the chunk */
	size_t len;
	const char *file; /* not owned */
	unsigned index;	  /* 1-based game number within the file */
	uint64_t line;	  /* line of the first byte in the file */
	/* byte offset of the first byte in the file (in the inflated
	 * text with SGF_CHUNK_INFLATED) */
	uint64_t offset;
	const char *charset; /* charset if known (BOM, CA, guess), or NULL */
	unsigned flags;	     /* SGF_CHUNK_* */
	uint32_t col;	     /* column of the first byte (1-based; 0 = 1) */
	/* with SGF_CHUNK_JUNK_BEFORE: where that junk began (0: not
	 * known), so that the warning names it there */
	uint64_t junk_line;
	uint32_t junk_col;
};
enum sgf_chunk_flags {
	SGF_CHUNK_JUNK_BEFORE = 1 << 0,	 /* reader skipped junk before it */
	SGF_CHUNK_UNTERMINATED = 1 << 1, /* input ended before its ')' */
	/* The game exceeded max_game_bytes: the reader skipped it and the
	 * chunk is empty; sgf_parse_chunk() reports it as an error. */
	SGF_CHUNK_TOO_BIG = 1 << 2,
	/* data is already UTF-8, decoded from `charset` (UTF-16 streams) */
	SGF_CHUNK_DECODED = 1 << 3,
	SGF_CHUNK_ASCII = 1 << 4, /* every byte < 0x80: no decoding needed */
	/* the input is gzip: offset counts the inflated bytes, so the
	 * file does not hold data at offset */
	SGF_CHUNK_INFLATED = 1 << 5,
};
void sgf_chunk_release(struct sgf_chunk *ch);

struct sgf_reader;

/* Open a reader on a file descriptor (not closed by the reader unless
 * close_fd is set) or on a file name ("-" is stdin).  A .gz stream is
 * decompressed transparently.  `file` is the name used in diagnostics;
 * it is not copied and must outlive the reader.  Returns NULL with
 * errno set on failure. */
struct sgf_reader *sgf_reader_open(const char *path, const char *file,
				   const struct sgf_limits *lim);
struct sgf_reader *sgf_reader_open_fd(int fd, int close_fd, const char *file,
				      const struct sgf_limits *lim);
/* Open a reader on a memory buffer (copied: the caller keeps it). */
struct sgf_reader *sgf_reader_open_mem(const char *buf, size_t len,
				       const char *file,
				       const struct sgf_limits *lim);

/* Cut the next game tree.  Returns 1 and fills *ch, 0 at end of input,
 * -1 on a read error (*err filled, if not NULL; later calls return 0).
 * A game larger than max_game_bytes is skipped without being held in
 * memory and comes back as a chunk flagged SGF_CHUNK_TOO_BIG, so that it
 * is reported as an error for that game and the stream goes on.  Memory
 * held by the reader is bounded by the largest game, not by the stream.
 * The reader finds each game's charset (BOM, CA, guess) while cutting,
 * because Shift_JIS, Big5 and GBK text can hide ']' and '\' bytes. */
int sgf_reader_next(struct sgf_reader *rd, struct sgf_chunk *ch,
		    struct sgf_diag *err);
/* The same, except that when the next game needs more input and none
 * is ready on the reader's descriptor (a pipe whose writer is slow: a
 * feed of games that trickles in), it returns SGF_READER_WAIT at once,
 * having consumed nothing, instead of blocking in read().  A caller
 * holding results can then deliver them before it waits; the next call
 * (to either function) takes up the same game.  Costs a poll() only
 * when the reader's buffer runs dry, not one per game. */
#define SGF_READER_WAIT 2
int sgf_reader_next_nowait(struct sgf_reader *rd, struct sgf_chunk *ch,
			   struct sgf_diag *err);
/* The input's bytes as they come (inflated if it is gzip), for
 * records in other formats that the caller cuts itself: up to n bytes
 * into buf.  Only for a reader from sgf_reader_open_fd() (after any
 * sgf_reader_peek()) that is never asked for games.  Returns the
 * count, 0 at the end, -1 on a read error (*err filled, if not NULL),
 * or SGF_READ_WAIT, having read nothing, when `nowait` and nothing is
 * ready on the descriptor. */
#define SGF_READ_WAIT (-2)
long sgf_reader_read(struct sgf_reader *rd, char *buf, size_t n, int nowait,
		     struct sgf_diag *err);
/* Look at the start of the input (inflated if it is gzip) without
 * using it up, to guess its format: each call reads once more (it may
 * block) and copies the bytes looked at so far, at most n, into buf;
 * the reader then serves them again, as games or through
 * sgf_reader_read().  Only for a reader from sgf_reader_open_fd(),
 * before anything else is read, and n <= SGF_PEEK_MAX.  Returns the
 * count (no more than the last call's: the end of the input), or -1 on
 * a read error (*err filled, if not NULL). */
#define SGF_PEEK_MAX 4096
long sgf_reader_peek(struct sgf_reader *rd, char *buf, size_t n,
		     struct sgf_diag *err);
/* Other formats than SGF are cut into games by a cutter (cut.c), from
 * the bytes of a reader opened with sgf_reader_open_fd() (which
 * sgf_reader_peek() may have looked at): JSON (`lines`) into one chunk
 * per top-level value, JSON Lines or documents printed over many lines,
 * each with the line, column and offset where it starts, and a line
 * that is no value as a chunk of its own; any other format into one
 * chunk, the whole input (an empty one too).  A game over
 * lim->max_game_bytes (lim NULL: the defaults) is not held in memory:
 * its chunk is empty and flagged SGF_CHUNK_TOO_BIG.  The cutter takes
 * over `raw` and closes it; `file` names the chunks and must outlive
 * the cutter.  Returns NULL when out of memory (raw is then still the
 * caller's). */
struct sgf_cutter;
struct sgf_cutter *sgf_cutter_open(struct sgf_reader *raw, int lines,
				   const char *file,
				   const struct sgf_limits *lim);
/* The next chunk: 1 with *ch filled (ch->data malloc'd, the caller's),
 * 0 at the end, -1 on a read error or when out of memory (*err, which
 * must not be NULL, says which); with `nowait`, SGF_READER_WAIT as
 * sgf_reader_next_nowait() returns it. */
int sgf_cutter_next(struct sgf_cutter *k, struct sgf_chunk *ch,
		    struct sgf_diag *err, int nowait);
/* Close a cutter and its reader (NULL: nothing). */
void sgf_cutter_close(struct sgf_cutter *k);
/* Diagnostics about the stream itself (junk after the last game...),
 * valid until sgf_reader_close(). */
const struct sgf_diag *sgf_reader_diags(const struct sgf_reader *rd);
void sgf_reader_close(struct sgf_reader *rd);

/* Parse one chunk into a game.  Never returns NULL except when out of
 * memory: a game that cannot be read comes back with root == NULL (or
 * a partial tree) and nerrors > 0.  Takes over ch->data. */
struct sgf_game *sgf_parse_chunk(struct sgf_chunk *ch,
				 const struct sgf_limits *lim);

/* Convenience for tests and small tools: parse every game in a buffer.
 * Returns the number of games put in *games (malloc'd array of game
 * pointers, caller frees each game and the array), or -1. */
int sgf_parse_all(const char *buf, size_t len, const char *file,
		  const struct sgf_limits *lim, struct sgf_game ***games);

void sgf_game_free(struct sgf_game *g);

/* Byte offset in g->text -> 1-based line and column in the file. */
void sgf_game_linecol(const struct sgf_game *g, uint32_t off, uint32_t *line,
		      uint32_t *col);

/* A game parsed from a buffer that is part of a file (a JSON document
 * cut from a stream) has positions in that buffer: move them, its
 * diagnostics and what sgf_game_linecol() gives, to the file, where the
 * buffer starts at line:col (1-based; col 0 is 1).  A diagnostic
 * without a position gets the buffer's start. */
void sgf_game_relocate(struct sgf_game *g, uint64_t line, uint32_t col);

/* ---------------------------------------------------------------------
 * Queries.
 */
/* The node after n in preorder (n's first child, else the next
 * variation of n or of its nearest ancestor that has one), NULL after
 * the last: `for (n = g->root; n; n = sgf_node_next(n))` visits every
 * node, main line first, without recursion.  (Not const, as strchr:
 * the caller's game may be writable.) */
struct sgf_node *sgf_node_next(const struct sgf_node *n);
const struct sgf_prop *sgf_node_prop(const struct sgf_node *n,
				     enum sgf_pid pid);
const struct sgf_prop *sgf_node_prop_id(const struct sgf_node *n,
					const char *id);
/* First value of a property of the root, or NULL. */
const char *sgf_root_value(const struct sgf_game *g, enum sgf_pid pid);

/* The game's type, GM: 1 for Go (also when the root has no GM or its
 * value is not a number, as SGFC assumes), else the number written
 * (SGF's list: 2 Othello, 3 chess, 4 Gomoku ...).  Rules, scores and
 * Go diagrams are for GM 1 only. */
long sgf_game_type(const struct sgf_game *g);
/* What the writers of Go formats (GIB, NGF, GTP, diagrams) say of such
 * a game. */
#define SGF_NOT_GO_WHY "not a game of Go (GM is not 1)"

/* Board size from SZ (default 19; "19:13" gives 19 columns, 13 rows).
 * Returns 0, or -1 if SZ is malformed or out of 1..52 (sizes then 19). */
int sgf_board_size(const struct sgf_game *g, int *cols, int *rows);

/* SGF's point letters (SGF.md): 'a'..'z' are 0..25, 'A'..'Z' 26..51.
 * sgf_coord(): the coordinate of a letter, or -1 for any other byte;
 * sgf_coord_letter(): the letter of a coordinate 0..51.  The one codec:
 * readers, writers, the symmetries and the replay all use these. */
static inline int
sgf_coord(char c)
{
	if (c >= 'a' && c <= 'z')
		return c - 'a';
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 26;
	return -1;
}

static inline char
sgf_coord_letter(int v)
{
	return (char)(v < 26 ? 'a' + v : 'A' + v - 26);
}

/* Decode a point "pd" -> x=15, y=3 (0-based from the upper left).
 * Returns 1 for a point, 0 for a pass ("" always, "tt" when both sides
 * are <= 19), -1 if malformed or off the board. */
int sgf_point(const char *s, size_t len, int cols, int rows, int *x, int *y);
/* Expand a point-list value, including "aa:cc" rectangles (corners in
 * either order, as @sabaki/sgf reads them): calls fn for
 * each point.  Returns the number of points, -1 if malformed. */
int sgf_point_list(const char *s, size_t len, int cols, int rows,
		   void (*fn)(int x, int y, void *ctx), void *ctx);

/* ---------------------------------------------------------------------
 * Signatures: names of a game's moves, for finding the same game in
 * other records (sgfkit info, dupes).  How each is computed is written
 * down in sgfkit-info(1), SIGNATURES, so that another tool can compute
 * them too; tests/corpus/signature_ref.py does.
 *
 * The move text of a main line is a string of 3-byte tokens: the board
 * ("S" and the SGF letters of cols - 1 and rows - 1), then, node by
 * node, the node's setup points (b, w or e and the point; sorted,
 * repeats dropped) and its moves (B or W and the point, "--" for a pass
 * or a value that is not a point of the board).  Its image under a
 * symmetry maps every point (on a rectangular board only the four
 * symmetries that keep its shape); the canonical text is the smallest
 * image (bytes compared), all of them being of the same length.
 */
#define SGF_SIGNATURE_PREFIXES 5 /* prefix hashes: 20, 40, 80, 160, 320 */
struct sgf_signature {
	uint64_t moves;	    /* hash of the move text as the record has it */
	uint64_t canonical; /* hash of the canonical text */
	/* canonical hashes of the main line up to the node of move 20, 40,
	 * 80, 160 and 320 (sgf_signature_prefix_moves[]); 0 where the game
	 * is shorter */
	uint64_t prefix[SGF_SIGNATURE_PREFIXES];
	long nmoves; /* moves (B and W properties) in the text */
	/* the points of moves 20, 40, 60, 31, 51, 71 as SGF letters ("--"
	 * for a pass or a missing move), and the smallest of its images */
	char dyer[13], dyer_canonical[13];
	int sym; /* a symmetry (formats.h's numbering) giving the
		  * canonical text */
};
extern const long sgf_signature_prefix_moves[SGF_SIGNATURE_PREFIXES];
/* Compute the signatures of g's main line, as far as the node where its
 * max_moves-th move is (0: the whole line), so that the canonical hash
 * of a game cut at N moves is that of its first N moves.  Reads only
 * the tree; no allocation.  Returns 0, or -1 when g has no tree (*s is
 * then zeroed). */
int sgf_signature(const struct sgf_game *g, long max_moves,
		  struct sgf_signature *s);
/* The signatures of chunk ch's game read straight from its text,
 * without building the tree: for a game in the plain form most
 * collections use, and the form alone (a root of properties without
 * setup or moves, then nodes of B, W and other properties but no
 * setup, no variation, no escape, no NUL byte, every ']' where the
 * parser ends a value, ASCII in a UTF-8 chunk, GM absent or 1, a
 * well-formed SZ, within *lim (NULL: the defaults)).  For such a game
 * the result is sgf_signature()'s on the parsed game, and the parser
 * would report no error.  With ids[0..nids), vals[i] and lens[i] get
 * the first value of the root's property ids[i] (a pointer into
 * ch->data, as the parser would give it), or NULL and 0.  Returns 0,
 * or 1 when the game is not in that form: parse it (sgf_parse_chunk)
 * and call sgf_signature().  Reads ch; no allocation. */
int sgf_signature_chunk(const struct sgf_chunk *ch,
			const struct sgf_limits *lim, long max_moves,
			struct sgf_signature *s, const enum sgf_pid *ids,
			int nids, const char **vals, size_t *lens);
/* The hash of a text, as the signatures use it: the text read as 8-byte
 * little-endian words (the last padded with zeros) mixed with XXH64's
 * round, then its length, then XXH64's final mix. */
uint64_t sgf_signature_hash(const void *text, size_t len);

/* ---------------------------------------------------------------------
 * Building (used by other-format readers and JSON input).  Everything
 * is allocated in the game's arena.  Strings are copied.
 */
struct sgf_game *sgf_game_new(const char *file, unsigned index);
struct sgf_node *sgf_node_add(struct sgf_game *g, struct sgf_node *parent);
/* Append a property with one value (more with sgf_prop_add_value). */
struct sgf_prop *sgf_prop_add(struct sgf_game *g, struct sgf_node *n,
			      const char *id, const char *val, size_t len);
struct sgf_value *sgf_prop_add_value(struct sgf_game *g, struct sgf_prop *p,
				     const char *val, size_t len);
/* Replace all values of a property (creating it if absent). */
struct sgf_prop *sgf_prop_set(struct sgf_game *g, struct sgf_node *n,
			      const char *id, const char *val, size_t len);
void sgf_prop_remove(struct sgf_node *n, struct sgf_prop *p);
/* Add a diagnostic to a game (formatted message). */
void sgf_game_diag(struct sgf_game *g, enum sgf_code code,
		   enum sgf_severity sev, uint32_t off, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Arena allocation for callers that attach data to a game. */
void *sgf_game_alloc(struct sgf_game *g, size_t n);
char *sgf_game_strdup(struct sgf_game *g, const char *s, size_t len);

/* ---------------------------------------------------------------------
 * Writing.  All writers iterate; none recurses on tree depth.
 */
enum sgf_write_flags {
	SGF_WRITE_COMPACT = 1 << 0, /* one line per game */
};
/* The length of the well-formed UTF-8 character at s (n bytes left), or
 * 0 if the bytes there are not one (no overlong forms, surrogates or
 * code points past U+10FFFF).  For writers of JSON, which must be
 * UTF-8, of text that may not be: a file name's bytes. */
size_t sgf_utf8_char_len(const char *s, size_t n);

enum sgf_json_str_flags {
	/* '\b' and '\f' as \u0008 and \u000c (sgfkit's JSON Lines of
	 * info, check and score), not as cJSON writes them, \b and \f
	 * (sgf_write_json) */
	SGF_JSON_STR_UESC = 1 << 0,
};
/* Write s (len bytes) to out as a quoted JSON string: '"', '\\' and
 * control bytes escaped ('\n', '\r', '\t' short, others \u00XX),
 * well-formed UTF-8 as it is, each byte that is not UTF-8 as \ufffd,
 * '/' and DEL as they are.  flags: SGF_JSON_STR_*.  A write error is
 * left on the stream (ferror). */
void sgf_json_str(FILE *out, const char *s, size_t len, unsigned flags);

/* What a writer of a format that holds less than SGF (GIB, NGF, a
 * diagram) had to leave out or change, for the caller to report:
 * writers never print.  Each note names the value it is about by its
 * offset in the game text (v->off, for sgf_game_linecol(); 0 when
 * unknown, as for a game built from another format), a stable code
 * (static storage) and a message.  Notes past SGF_WRITE_NOTES are
 * counted in n and not kept. */
#define SGF_WRITE_NOTES 8
struct sgf_write_notes {
	unsigned n;
	struct sgf_write_note {
		uint32_t off;
		const char *code;
		char msg[160];
	} v[SGF_WRITE_NOTES];
};
/* Add a note to w (nothing when w is NULL). */
void sgf_write_note(struct sgf_write_notes *w, uint32_t off, const char *code,
		    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* The first bytes of v for a message, into buf (n bytes, at least 4):
 * printable ASCII (others as '?'), at most 8 bytes, "..." after more. */
void sgf_value_excerpt(const struct sgf_value *v, char *buf, size_t n);

/* Canonical FF[4] SGF, UTF-8, with FF[4] and CA[UTF-8] in the root.
 * Returns 0, or -1 with errno set on a write error. */
int sgf_write_sgf(FILE *out, const struct sgf_game *g, unsigned flags);
/* One JSON document on one line (no trailing newline), written as the
 * tree is walked (no copy of the game in memory).  Schema: see
 * man/sgfkit.1, "JSON FORMAT".  Returns 0, or -1 on a write error (errno
 * as the stream left it) or when out of memory. */
int sgf_write_json(FILE *out, const struct sgf_game *g);
/* Read games back from that JSON (one document after another, JSON
 * Lines or printed over many lines) into a malloc'd array of games
 * (*games, freed by the caller with each game).  lim (NULL: the
 * defaults) bounds nodes, properties, values and value length as for
 * SGF.  Every position (diagnostics, and sgf_game_linecol() of a node,
 * property or value: each game keeps its document as g->text) is a
 * line and column of buf; sgf_game_relocate() moves them when buf is
 * part of a file.  A document that is not JSON is a game of its own
 * with one error, where it breaks, and reading goes on at the next line
 * that starts with '{'.  Returns the number of games, or -1 when out of
 * memory. */
int sgf_parse_json(const char *buf, size_t len, const char *file,
		   const struct sgf_limits *lim, struct sgf_game ***games);

#endif
