/*
 * replay.c - replay a game record under a rule set and report every
 * problem in it (check_game, declared in check.h).
 *
 * What the replay does, in the words the man page uses:
 *
 * Lines.  The main line and every variation are replayed.  Each
 * variation starts from the position where it leaves its parent (the
 * board is taken back there by undoing the changes logged since, at a
 * cost of what changed, not of the board; nothing is replayed twice).
 * The tree is walked without recursion, so trees of any depth are
 * fine.
 *
 * Move numbers.  Every B or W node counts as one move, passes included,
 * from the start of the game along the line the move is in: the first
 * move of a variation that branches off before move 40 is move 40.
 * Setup nodes (AB, AW, AE) do not count.
 *
 * Variations.  The main line (first child everywhere) is written "" (in
 * text output: no variation).  Any other line is written as the list of
 * the places where it leaves the first child, each as MOVE.CHILD joined
 * by "-": "40.2" is the second variation at move 40 (the line whose
 * move 40 is the first move of the second child of the node after move
 * 39); "40.2-45.3" then takes the third variation at its move 45.
 *
 * Setup.  AB, AW and AE may appear in any node.  Stones are placed with
 * no rule check; then every chain left without liberty is removed (both
 * colours at once).  A setup node starts a new repetition history: the
 * position after the setup is the first entry, positions before it are
 * forgotten (they belong to a different sequence of play), and the ko
 * point is cleared.  PL sets the player to move.
 *
 * Repetition history (superko).  Under positional superko the history
 * holds the position at the start of the line (after the setup of the
 * root or of the last setup node) and every position created by a board
 * play; a pass creates no new position.  Under situational superko it
 * holds (position, player to move) for the start and after every move,
 * passes included.  Under natural situational superko (BGA) it holds
 * (position, player who created it) for positions created by board
 * plays only, and the simple-ko rule applies as well.  Every rule set
 * also applies the simple-ko rule first, and an immediate recapture is
 * reported as "ko" rather than "superko".  Keys are 64-bit Zobrist
 * hashes; every hash hit is confirmed against the earlier position
 * itself (and its side), so a hash collision can never reject a legal
 * move.  Under simple-ko rule
 * sets the same history (situational) finds long cycles, reported once
 * per line as the warning "cycle".
 *
 * Illegal moves.  The replay keeps going as SGF viewers do: a ko,
 * superko or suicide move is executed (suicide removes the player's own
 * stones); a move on an occupied point, off the board or malformed is
 * skipped, leaving the board as it was.  After a superko error the rest
 * of that line usually goes on around the same cycle, so only the first
 * superko error (and the first cycle warning) of a line is reported.
 *
 * Rule set.  --rules, else the game's RU (every spelling of RULESETS.md
 * section 5, KataGo's compact and JSON forms, free text such as
 * "Japanese rules"; an RU we cannot read gives the warning "rules" and
 * Japanese), else Japanese.  --ko and --suicide then override.  A lone
 * stone may never be suicided, whatever the rule set.
 *
 * End of the game.  A board play after two consecutive passes gets the
 * warning "move-after-end" (play may legally resume under AGA, NZ and
 * Tromp-Taylor after a dispute, so this is only a warning).  Under AGA
 * and BGA rules White must pass last: B-pass W-pass ends the game,
 * W-pass B-pass does not.  Passes never clear the repetition history.
 *
 * Handicap.  Several black moves before White's first move are handicap
 * placement (no turn-order warning) unless PL said White was to play.
 * At White's first move of the main line the black stones on the board
 * are compared with HA (warning "handicap" if they differ, or if HA is 0
 * or 1 and two or more were placed), and under rule sets with fixed
 * placement (japanese, korean) with the standard points of
 * ../shared/docs/SGF.md section 9: for 2 to 4 stones any of the four
 * corner star points (both traditions of the third stone, and OGS's old
 * layouts), for 5 to 9 exactly the standard points; boards without a
 * fixed placement (even sizes above 4 stones, below 7x7, rectangles) are
 * not checked.
 *
 * Limits.  At most 1000 problems are reported per game; then one
 * "too-many-problems" notice (an error if an error was left out).
 *
 * Long games.  max_moves counts moves as the seeds' house rule does
 * ("225 moves on 19x19, 125 on 13x13, 75 on 9x9 ... two spots are
 * covered on each move"): one move is a black and a white play, so
 * max_moves N allows 2N B/W nodes on a line, and the first node past
 * them gets the warning "long-game" (once per line), numbered as above.
 */
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sgf/formats.h"
#include "../sgf/gtp.h"
#include "history.h"
#include "replay_board.h"
#include "check.h"

/* See check_test_key_mask(). */
static uint64_t test_key_mask = ~(uint64_t)0;

void
check_test_key_mask(uint64_t mask)
{
	test_key_mask = mask;
}

void
check_opts_default(struct check_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->ko = -1;
	o->suicide = -1;
}

/* ---------------------------------------------------------------------
 * Replay state.
 */
enum hmode { HM_POS, HM_SIT, HM_NAT };

/* Everything that belongs to one line and is restored on branching. */
struct line {
	int move;	    /* moves (B/W nodes) so far */
	int last_color;	    /* colour of the last move or of PL's opposite */
	bool last_by_pl;    /* last_color was set by PL, not by a move */
	int passes;	    /* consecutive passes */
	int last_pass;	    /* colour of the last of them */
	bool white_moved;   /* White has made a move on this line */
	bool start_pending; /* start of history not yet recorded */
	bool cycle_warned, superko_warned, long_warned;
	int fast; /* the colour whose next move may take fast_node(), or 0 */
	size_t epoch; /* first history entry of the current epoch */
	int varlen;
	char var[64];
};

/* A branching node whose later children are still to be replayed.  The
 * board is not saved: going back to it undoes the log of changes
 * (see undo_to()), which costs what changed since, not the board. */
struct frame {
	const struct sgf_node *next;	/* next child to replay */
	unsigned child;			/* its 1-based index */
	struct line line;		/* line state at the branching node */
	size_t hist_n, nlog, ncp, nrec; /* the history's there */
	unsigned captures[2];		/* the board's captures, */
	bpt ko;				/* ko point */
	uint8_t ko_color;		/* and ko colour there */
};

struct ctx {
	/* kept from game to game (per thread): allocations */
	struct history h;
	struct frame *frames;
	size_t capframes;
	struct rboard *empty; /* an empty board of the last size used */
	/* scratch for undo_to() and do_setup() */
	uint8_t umark[BOARD_ARR], ucol[BOARD_ARR], ucols[BOARD_ARR];
	bpt upts[BOARD_ARR];
	/* fast_node()'s decoding of a point "xy": xtab[x] + ytab[y] is
	 * the point, or FAST_BAD or more for anything else; built for a
	 * board of tab_cols x tab_rows */
	int32_t xtab[256], ytab[256];
	int tab_cols, tab_rows;
	/* the last rule-set name read, and what rules_from_name() made of
	 * it: a collection usually says the same RU in every game */
	char ru_name[64];
	struct rules ru_rules;
	int ru_rc;
	uint64_t side[3]; /* side-to-move keys (fixed: set once) */
	/* reset for each game: from `g` up to `b` */
	const struct sgf_game *g;
	const struct check_opts *o;
	struct check_list *out;
	struct rules rules;
	enum hmode hmode;
	bool multi_suicide;
	int cols, rows;
	int ha; /* HA, -1 if absent or unreadable */
	uint32_t ha_off;
	bool ha_checked;
	size_t nframes;
	int err;
	uint64_t kmask;	  /* check_test_key_mask at the start of the game */
	uint64_t mkey[3]; /* key of the history entry after a play of
			   * each colour: XOR-ed into the board's key */
	int mside[3];	  /* and its side (see struct hist_entry) */
	size_t logmax;	  /* most log entries one move adds: w * h + 1 */
	long log_hi;	  /* the log may need to grow when longer than this */
	long nlog_lim;	  /* min(log_hi, cp_next - 1): one test a move */
	int fast_limit;	  /* fast_node() only while L.move is below this */
	bool forced;	  /* the node being played has KO[]: see report() */
	int nreported;	  /* problems added for this game */
	size_t cap_at;	  /* index of the too-many-problems notice */
	bool lc_valid;	  /* cache of linecol() */
	uint32_t lc_off, lc_line, lc_col;
	struct line L;
	struct rboard b; /* initialised by rboard_init */
};

/* One context per thread, reused so that checking a game allocates
 * nothing in the common case; freed when the thread exits.  A context
 * whose growable arrays hold more than CTX_KEEP_BYTES is freed instead
 * of kept, so memory does not stay at the peak of one huge game. */
#define CTX_KEEP_BYTES (4u << 20)
/* Problems reported for one game at most (then one warning says so). */
#define CHECK_MAX_PROBLEMS 1000
static pthread_key_t ctx_key;
static pthread_once_t ctx_once = PTHREAD_ONCE_INIT;

static void
ctx_free(void *p)
{
	struct ctx *c = p;

	if (!c)
		return;
	hist_release(&c->h);
	free(c->frames);
	free(c->empty);
	free(c);
}

/* What the growable arrays of c hold, in bytes. */
static size_t
ctx_bytes(const struct ctx *c)
{
	const struct history *h = &c->h;
	size_t words = ((size_t)h->ncells + 63) / 64;

	return h->cap * sizeof(*h->e) +
	       ((size_t)h->mask + 1) * sizeof(*h->head) +
	       h->caplog * sizeof(*h->log) +
	       h->capcp * ((size_t)h->ncells + sizeof(*h->cplog)) +
	       h->caprec * (sizeof(*h->recpos) + words * sizeof(*h->recbits)) +
	       c->capframes * sizeof(*c->frames);
}

/* The log length past which a move must first call log_prep(). */
static inline void
set_log_lim(struct ctx *c)
{
	long cp = (long)c->h.cp_next - 1;

	c->nlog_lim = c->log_hi < cp ? c->log_hi : cp;
}

static void
ctx_make_key(void)
{
	pthread_key_create(&ctx_key, ctx_free);
}

static const char *
color_name(int c)
{
	return c == BOARD_BLACK ? "black" : "white";
}

/* SGF letter of a 0-based coordinate. */
static void
set_point(struct check_problem *p, const struct ctx *c, int x, int y)
{
	p->point[0] = sgf_coord_letter(x);
	p->point[1] = sgf_coord_letter(y);
	p->point[2] = 0;
	gtp_vertex_name(x, y, c->rows, p->vertex);
}

/* Line and column of a byte offset.  sgf_game_linecol() scans from the
 * start of the game, so a game with many problems would be quadratic:
 * problems come mostly in file order, so scan on from the last one
 * (same rules: lines end at '\n', columns count UTF-8 characters). */
static void
linecol(struct ctx *c, uint32_t off, struct check_problem *p)
{
	const unsigned char *t = (const unsigned char *)c->g->text;
	uint32_t i;

	if (!t || !c->g->text_len)
		return;
	if (off > c->g->text_len)
		off = (uint32_t)c->g->text_len;
	if (!c->lc_valid || off < c->lc_off) {
		sgf_game_linecol(c->g, off, &c->lc_line, &c->lc_col);
		c->lc_off = off;
		c->lc_valid = true;
	}
	for (i = c->lc_off; i < off; i++) {
		if (t[i] == '\n') {
			c->lc_line++;
			c->lc_col = 1;
		} else if ((t[i] & 0xC0) != 0x80) {
			c->lc_col++;
		}
	}
	c->lc_off = off;
	p->line = c->lc_line;
	p->column = c->lc_col;
}

/* Append a problem.  x < 0 means no point.  Cold: most moves report
 * nothing, and do_move() keeps its fast path tighter without it. */
static void report(struct ctx *c, enum check_severity sev, const char *code,
		   uint32_t off, int move, int x, int y, const char *fmt, ...)
    __attribute__((format(printf, 8, 9), cold));

static void
report(struct ctx *c, enum check_severity sev, const char *code, uint32_t off,
       int move, int x, int y, const char *fmt, ...)
{
	struct check_problem p;
	va_list ap;
	/* KO[] (FF[4]) marks a move the record plays although it knows
	 * it is illegal (a teaching record, an engine's forced line): the
	 * problem is still named, as a warning, and the game stays valid
	 * (also past the cap below) */
	bool forced = c->forced && sev == CHECK_ERROR &&
		      (!strcmp(code, "occupied") || !strcmp(code, "ko") ||
		       !strcmp(code, "suicide") || !strcmp(code, "superko"));

	if (forced)
		sev = CHECK_WARNING;
	/* a bound on what one game can produce: a broken record can hold
	 * a million illegal moves, and nobody reads past the first ones */
	if (c->nreported >= CHECK_MAX_PROBLEMS) {
		if (c->nreported++ == CHECK_MAX_PROBLEMS) {
			memset(&p, 0, sizeof(p));
			p.severity = CHECK_WARNING;
			p.code = "too-many-problems";
			snprintf(p.message, sizeof(p.message),
				 "too-many-problems: more than %d problems in "
				 "this game; the rest are not reported",
				 CHECK_MAX_PROBLEMS);
			p.move = move;
			linecol(c, off, &p);
			memcpy(p.variation, c->L.var, sizeof(p.variation));
			c->cap_at = c->out->n;
			if (check_list_add(c->out, &p))
				c->err = -1;
		}
		/* an error left unreported still makes the game invalid:
		 * the notice itself becomes an error */
		if (sev == CHECK_ERROR && !c->err && c->cap_at < c->out->n &&
		    c->out->v[c->cap_at].severity == CHECK_WARNING) {
			c->out->v[c->cap_at].severity = CHECK_ERROR;
			c->out->nwarnings--;
			c->out->nerrors++;
		}
		return;
	}
	c->nreported++;
	memset(&p, 0, sizeof(p));
	p.severity = sev;
	p.code = code;
	/* The code travels separately (printed as "[code]", a JSON key),
	 * so the message is only the sentence. */
	va_start(ap, fmt);
	vsnprintf(p.message, sizeof(p.message), fmt, ap);
	va_end(ap);
	if (forced) {
		size_t len = strlen(p.message);
		snprintf(p.message + len, sizeof(p.message) - len,
			 " (KO[] in the node: the record forces it)");
	}
	p.move = move;
	if (x >= 0)
		set_point(&p, c, x, y);
	linecol(c, off, &p);
	memcpy(p.variation, c->L.var, sizeof(p.variation));
	if (check_list_add(c->out, &p))
		c->err = -1;
}

/* ---------------------------------------------------------------------
 * Points.
 */
enum move_kind { MV_POINT, MV_PASS, MV_OFF, MV_BAD };

static enum move_kind
decode_move(const struct ctx *c, const struct sgf_value *v, int *x, int *y)
{
	const char *s = v->s;
	size_t len = v->len;

	if (len == 2 && s[0] != 't') { /* the common case */
		*x = sgf_coord(s[0]);
		*y = sgf_coord(s[1]);
		if (*x < 0 || *y < 0)
			return MV_BAD;
		if (*x >= c->cols || *y >= c->rows)
			return MV_OFF;
		return MV_POINT;
	}
	/* trailing or leading blanks are tolerated */
	while (len && (*s == ' ' || *s == '\n' || *s == '\r' || *s == '\t')) {
		s++;
		len--;
	}
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\n' ||
		       s[len - 1] == '\r' || s[len - 1] == '\t'))
		len--;
	if (len == 0)
		return MV_PASS;
	if (len != 2)
		return MV_BAD;
	*x = sgf_coord(s[0]);
	*y = sgf_coord(s[1]);
	if (*x < 0 || *y < 0)
		return MV_BAD;
	if (s[0] == 't' && s[1] == 't' && c->cols <= 19 && c->rows <= 19)
		return MV_PASS;
	if (*x >= c->cols || *y >= c->rows)
		return MV_OFF;
	return MV_POINT;
}

/* Apply one setup value (a point or an "aa:cc" rectangle).  Returns 0,
 * or -1 if the value is malformed. */
static int
setup_value(struct ctx *c, const struct sgf_value *v, int color)
{
	int x0, y0, x1, y1, x, y;
	const char *s = v->s;

	if (v->len == 2) {
		x0 = x1 = sgf_coord(s[0]);
		y0 = y1 = sgf_coord(s[1]);
	} else if (v->len == 5 && s[2] == ':') {
		x0 = sgf_coord(s[0]);
		y0 = sgf_coord(s[1]);
		x1 = sgf_coord(s[3]);
		y1 = sgf_coord(s[4]);
		if (x1 < x0) {
			int t = x0;
			x0 = x1;
			x1 = t;
		}
		if (y1 < y0) {
			int t = y0;
			y0 = y1;
			y1 = t;
		}
	} else if (v->len == 0) {
		return 0; /* AE[] and the like: nothing */
	} else {
		return -1;
	}
	if (x0 < 0 || y0 < 0 || x1 < 0 || y1 < 0)
		return -1;
	if (x1 >= c->cols || y1 >= c->rows) {
		/* "tt" in a setup list is not a pass: off the board */
		return -2;
	}
	for (y = y0; y <= y1; y++)
		for (x = x0; x <= x1; x++)
			rboard_put(&c->b, rboard_pt(&c->b, x, y), color);
	return 0;
}

/* ---------------------------------------------------------------------
 * History keys.
 */
static inline uint64_t
sit_key(const struct ctx *c, int to_move)
{
	return (rboard_key(&c->b) ^ c->side[to_move]) & c->kmask;
}

static inline uint64_t
pos_key(const struct ctx *c)
{
	return rboard_key(&c->b) & c->kmask;
}

/* Record the start of the current epoch, now that the player to move is
 * known (the mover of the first move). */
static void
record_start(struct ctx *c, int mover)
{
	uint64_t key;
	int side;

	c->L.start_pending = false;
	/* the positions of this epoch are rebuilt from here on */
	if (hist_checkpoint(&c->h, rboard_colors(&c->b)))
		c->err = -1;
	set_log_lim(c);
	if (c->hmode == HM_NAT)
		return; /* a setup position has no creator */
	side = c->hmode == HM_POS ? 0 : mover;
	key = c->hmode == HM_POS ? pos_key(c) : sit_key(c, mover);
	if (hist_find(&c->h, key, side, rboard_colors(&c->b), c->L.epoch) >= 0)
		return;
	/* the position before the move being played: L.move counts that
	 * move already (it said "set up after move 1" of the start) */
	if (hist_push(&c->h, key, side | HIST_START, c->L.move - 1))
		c->err = -1;
}

/* Describe the earlier position of history entry idx. */
static void
describe(const struct ctx *c, long idx, char *buf, size_t n)
{
	const struct hist_entry *e = &c->h.e[idx];

	if ((e->side & HIST_START) && e->move == 0)
		snprintf(buf, n, "the starting position");
	else if (e->side & HIST_START)
		snprintf(buf, n, "the position set up after move %d",
			 (int)e->move);
	else
		snprintf(buf, n, "the position after move %d", (int)e->move);
}

/* ---------------------------------------------------------------------
 * Handicap.
 */

/* Once per game: kept out of do_move()'s fast path. */
static void __attribute__((cold, noinline))
check_handicap(struct ctx *c, uint32_t woff)
{
	int blacks = 0, whites = 0;
	uint32_t off = c->ha >= 0 ? c->ha_off : woff;
	const struct rboard *b = &c->b;

	c->ha_checked = true;
	{
		/* sixteen colour bytes at a time, counted in byte lanes
		 * (a comparison gives 0xff, which subtracted adds one; a
		 * lane sees at most BOARD_ARR / 16 < 256 cells) */
		typedef uint8_t v16u __attribute__((vector_size(16)));
		const uint8_t *col = rboard_colors(b);
		const v16u one = {1, 1, 1, 1, 1, 1, 1, 1,
				  1, 1, 1, 1, 1, 1, 1, 1};
		v16u nb = {0}, nw = {0};
		int i, n = rboard_ncells(b);
		_Static_assert(BOARD_ARR / 16 < 256, "a lane cannot overflow");
		for (i = 0; i + 16 <= n; i += 16) {
			v16u x;
			memcpy(&x, col + i, 16);
			nb -= (v16u)(x == one);
			nw -= (v16u)(x == one + one);
		}
		for (; i < n; i++) {
			blacks += col[i] == BOARD_BLACK;
			whites += col[i] == BOARD_WHITE;
		}
		for (i = 0; i < 16; i++) {
			blacks += nb[i];
			whites += nw[i];
		}
	}
	if (whites)
		return; /* a setup position, not a handicap */
	if (c->ha >= 2 && blacks != c->ha) {
		report(c, CHECK_WARNING, "handicap", off, 0, -1, 0,
		       "HA[%d] but %d black stone%s on the board at white's "
		       "first move",
		       c->ha, blacks, blacks == 1 ? "" : "s");
		return;
	}
	if (c->ha >= 0 && c->ha <= 1 && blacks >= 2) {
		report(c, CHECK_WARNING, "handicap", off, 0, -1, 0,
		       "HA[%d] but %d black stones were placed before white's "
		       "first move",
		       c->ha, blacks);
		return;
	}
	if (c->ha >= 2 &&
	    (c->rules.id == RULES_JAPANESE || c->rules.id == RULES_KOREAN)) {
		int xs[9], ys[9], k, i, on = 0;
		/* fixed placement on odd square boards only (SGF.md 9) */
		if (c->cols != c->rows || !(c->cols & 1))
			return;
		/* 2 to 4 stones: any of the four corner star points, which
		 * accepts both traditions of the third stone and OGS's old
		 * dd+pp / dd+pd+pp layouts; 5 to 9: the exact points */
		k = sgf_fixed_handicap(c->cols, blacks < 4 ? 4 : blacks, xs,
				       ys);
		if (!k)
			return; /* no fixed placement on this board */
		for (i = 0; i < k; i++)
			on += rboard_color(b, rboard_pt(b, xs[i], ys[i])) ==
			      BOARD_BLACK;
		if (on != blacks)
			report(c, CHECK_WARNING, "handicap", off, 0, -1, 0,
			       "the %d handicap stones are not on the "
			       "standard points (fixed placement, %s rules)",
			       blacks, c->rules.name);
	}
}

/* ---------------------------------------------------------------------
 * One node.
 */
/* Before a setup node changes the board: a setup record (the log
 * position and the touched flags), and the colours kept in c->ucol to
 * log what the setup changed afterwards (setup_log()). */
static int
setup_record(struct ctx *c)
{
	struct history *h = &c->h;
	const struct rboard *b = &c->b;
	size_t words = ((size_t)h->ncells + 63) / 64, i;
	uint64_t *w;

	if (h->nrec == h->caprec) {
		size_t cap = h->caprec ? h->caprec * 2 : 16;
		uint32_t *pos = realloc(h->recpos, cap * sizeof(*pos));
		uint64_t *bits;
		if (!pos)
			return -1;
		h->recpos = pos;
		bits = realloc(h->recbits, cap * words * sizeof(*bits));
		if (!bits)
			return -1;
		h->recbits = bits;
		h->caprec = cap;
	}
	h->recpos[h->nrec] = (uint32_t)h->nlog;
	w = h->recbits + h->nrec * words;
	memset(w, 0, words * sizeof(*w));
	for (i = 0; i < (size_t)h->ncells; i++)
		if (rboard_touched(b, (bpt)i))
			w[i >> 6] |= 1ULL << (i & 63);
	h->nrec++;
	memcpy(c->ucol, rboard_colors(b), (size_t)h->ncells);
	return 0;
}

/* After a setup node: log every point whose colour it changed. */
static int
setup_log(struct ctx *c)
{
	struct history *h = &c->h;
	const uint8_t *col = rboard_colors(&c->b);
	int i;

	if (hist_log_reserve(h, (size_t)h->ncells))
		return -1;
	c->log_hi = (long)h->caplog - (long)c->logmax;
	set_log_lim(c);
	for (i = 0; i < h->ncells; i++)
		if (col[i] != c->ucol[i])
			h->log[h->nlog++] = LOG_ENTRY(i, col[i], c->ucol[i]);
	return 0;
}

static void
do_setup(struct ctx *c, const struct sgf_node *n)
{
	const struct sgf_prop *p;
	bool any = false;

	if (setup_record(c)) {
		c->err = -1;
		return;
	}
	for (p = n->props; p; p = p->next) {
		int color;
		const struct sgf_value *v;
		if (p->pid == SGF_P_AB)
			color = BOARD_BLACK;
		else if (p->pid == SGF_P_AW)
			color = BOARD_WHITE;
		else if (p->pid == SGF_P_AE)
			color = BOARD_EMPTY;
		else
			continue;
		any = true;
		for (v = p->values; v; v = v->next) {
			int r = setup_value(c, v, color);
			if (r == -1)
				report(c, CHECK_ERROR, "bad-move", v->off,
				       c->L.move, -1, 0,
				       "%s value '%.20s' is not a point or a "
				       "rectangle",
				       p->id, v->s);
			else if (r == -2)
				report(c, CHECK_ERROR, "off-board", v->off,
				       c->L.move, -1, 0,
				       "%s value '%.20s' is outside the %dx%d "
				       "board",
				       p->id, v->s, c->cols, c->rows);
		}
	}
	if (!any) {
		c->h.nrec--;
		return;
	}
	rboard_setup_done(&c->b);
	rboard_untouch(&c->b);
	if (setup_log(c))
		c->err = -1;
	/* new repetition epoch */
	c->L.epoch = c->h.n;
	c->L.start_pending = true;
}

/* Before a move, when the log may be full or a checkpoint is due:
 * grow the log, take the checkpoint (of the position before the move;
 * any spacing of checkpoints is fine).  Returns 0, or -1 with c->err
 * set. */
static int __attribute__((noinline)) log_prep(struct ctx *c)
{
	struct history *h = &c->h;

	if ((long)h->nlog > c->log_hi) {
		if (hist_log_reserve(h, c->logmax)) {
			c->err = -1;
			return -1;
		}
		c->log_hi = (long)h->caplog - (long)c->logmax;
	}
	if (h->nlog >= h->cp_next && hist_checkpoint(h, rboard_colors(&c->b))) {
		c->err = -1;
		return -1;
	}
	set_log_lim(c);
	return 0;
}

/* Give the log entries of the stones a move by `color` removed their
 * old colour: ncap captured, then nsui of its own. */
static void
log_removed(uint16_t *lg, int ncap, int nsui, int color)
{
	int i;

	for (i = 0; i < ncap; i++)
		lg[i] = LOG_ENTRY(lg[i], BOARD_EMPTY, BOARD_OPP(color));
	for (; i < ncap + nsui; i++)
		lg[i] = LOG_ENTRY(lg[i], BOARD_EMPTY, color);
}

/* Play `color` on the empty point pt of the board (move number
 * `move`), logging the changes, and look the new position up in the
 * history of the epoch.  Returns the index of the earlier entry it
 * repeats, -1 after pushing it as a new entry, or -2 when out of
 * memory (c->err is then set).  *suip gets the number of the player's
 * own stones removed (a suicide). */
static inline long __attribute__((always_inline))
play_and_look(struct ctx *c, int color, bpt pt, int move, int *suip)
{
	struct rboard *b = &c->b;
	struct history *h = &c->h;
	/* a stone on a point untouched in this epoch makes a new
	 * position, unless it is a suicide */
	bool untouched = !rboard_touched(b, pt), fresh = untouched;
	uint64_t key;
	int sui, side, cap;
	uint16_t *lg;
	long idx;

	/* log the changes, so that this position can be rebuilt and the
	 * board taken back */
	*suip = 0;
	if ((long)h->nlog > c->nlog_lim && log_prep(c))
		return -2;
	lg = h->log + h->nlog;
	lg[0] = LOG_ENTRY(pt, color, BOARD_EMPTY); /* LOG_RETOUCH below */
	/* the removed points come as bpt, which a log entry with a new
	 * colour empty and no old colour is; the old colour is added */
	cap = rboard_play(b, color, pt, &sui, (bpt *)(lg + 1));
	*suip = sui;
	if (cap | sui) {
		log_removed(h->log + h->nlog + 1, cap, sui, color);
		h->nlog += (size_t)cap + (size_t)sui;
		if (sui)
			fresh = false;
	}
	h->nlog++;
	key = (rboard_key(b) ^ c->mkey[color]) & c->kmask;
	side = c->mside[color];
	if (!fresh) {
		if (!untouched) /* the placed stone's entry */
			h->log[h->nlog - 1 - (size_t)cap - (size_t)sui] =
			    LOG_ENTRY(pt, color, LOG_RETOUCH);
		idx = hist_find(h, key, side, rboard_colors(b), c->L.epoch);
		if (idx >= 0)
			return idx;
	}
	if (hist_push(h, key, side, move)) {
		c->err = -1;
		return -2;
	}
	return -1;
}

/* A legal board play recreated the earlier position of history entry
 * idx: a cycle warning under simple ko, else a superko error (once per
 * line each). */
static void __attribute__((cold, noinline))
repetition(struct ctx *c, const struct sgf_value *v, int move, int x, int y,
	   int color, long idx)
{
	struct line *L = &c->L;
	char what[64];

	if (c->rules.ko == RULES_KO_SIMPLE) {
		if (L->cycle_warned)
			return;
		L->cycle_warned = true;
		describe(c, idx, what, sizeof(what));
		report(c, CHECK_WARNING, "cycle", v->off, move, x, y,
		       "%s recreates %s with %s to play; %s rules allow it, "
		       "but a game that keeps cycling ends in no result",
		       color_name(color), what, color_name(BOARD_OPP(color)),
		       c->rules.name);
		return;
	}
	if (L->superko_warned)
		return;
	L->superko_warned = true;
	describe(c, idx, what, sizeof(what));
	if (c->hmode == HM_SIT)
		report(c, CHECK_ERROR, "superko", v->off, move, x, y,
		       "%s recreates %s with %s to play (%s, %s)",
		       color_name(color), what, color_name(BOARD_OPP(color)),
		       rules_ko_name(c->rules.ko), c->rules.name);
	else if (c->hmode == HM_NAT)
		report(c, CHECK_ERROR, "superko", v->off, move, x, y,
		       "%s recreates %s, which %s itself created (%s, "
		       "%s)",
		       color_name(color), what, color_name(color),
		       rules_ko_name(c->rules.ko), c->rules.name);
	else
		report(c, CHECK_ERROR, "superko", v->off, move, x, y,
		       "%s recreates %s (%s, %s)", color_name(color), what,
		       rules_ko_name(c->rules.ko), c->rules.name);
}

/* A suicide of `kind` (see board_suicide_kind()) the rules forbid. */
static void __attribute__((cold, noinline))
report_suicide(struct ctx *c, const struct sgf_value *v, int move, int x, int y,
	       int color, int kind)
{
	if (kind == 1)
		report(c, CHECK_ERROR, "suicide", v->off, move, x, y,
		       "%s stone has no liberty and captures nothing "
		       "(a lone stone may never be suicided)",
		       color_name(color));
	else
		report(c, CHECK_ERROR, "suicide", v->off, move, x, y,
		       "%s removes its own stones (multi-stone suicide "
		       "is illegal under %s rules)",
		       color_name(color), c->rules.name);
}

static void
do_move(struct ctx *c, const struct sgf_prop *p, int color)
{
	struct rboard *b = &c->b;
	struct line *L = &c->L;
	const struct sgf_value *v = p->values;
	int x = -1, y = -1, move;
	enum move_kind k = decode_move(c, v, &x, &y);
	bpt pt;
	bool illegal = false;
	int kind, sui;
	uint64_t key;
	long idx;

	move = ++L->move;
	if (L->start_pending)
		record_start(c, color);
	/* a move is one value; B[ee][ff] is neither one move nor two */
	if (v->next)
		report(c, CHECK_ERROR, "bad-move", v->next->off, move,
		       k == MV_POINT ? x : -1, y,
		       "%s move has %u values: only the first is played",
		       color_name(color), p->nvalues);
	/* turn order: several black moves before White's first are
	 * handicap placement */
	if (L->last_color == color &&
	    !(color == BOARD_BLACK && !L->white_moved && !L->last_by_pl))
		report(c, CHECK_WARNING, "turn-order", p->off, move,
		       k == MV_POINT ? x : -1, y,
		       "%s plays twice in a row (%s was to play)",
		       color_name(color), color_name(BOARD_OPP(color)));
	if (color == BOARD_WHITE && !L->white_moved) {
		L->white_moved = true;
		if (!c->ha_checked && L->var[0] == 0)
			check_handicap(c, p->off);
	}
	L->last_color = color;
	L->last_by_pl = false;
	/* the house rule's "move" is one turn of each player */
	if (c->o->max_moves > 0 && move > 2 * (long)c->o->max_moves &&
	    !L->long_warned) {
		L->long_warned = true;
		report(c, CHECK_WARNING, "long-game", p->off, move,
		       k == MV_POINT ? x : -1, y,
		       "the line is longer than %d moves (%ld plays; a "
		       "move is one play of each player)",
		       c->o->max_moves, 2 * (long)c->o->max_moves);
	}
	if (k == MV_PASS) {
		rboard_pass(b);
		L->passes++;
		L->last_pass = color;
		if (c->hmode == HM_SIT) {
			key = sit_key(c, BOARD_OPP(color));
			if (hist_find(&c->h, key, BOARD_OPP(color),
				      rboard_colors(b), L->epoch) < 0) {
				if (hist_push(&c->h, key, BOARD_OPP(color),
					      move))
					c->err = -1;
			}
		}
		return;
	}
	if (k == MV_BAD) {
		report(c, CHECK_ERROR, "bad-move", v->off, move, -1, 0,
		       "%s move '%.20s' is not a point", color_name(color),
		       v->s);
		rboard_pass(b);
		return;
	}
	if (k == MV_OFF) {
		report(c, CHECK_ERROR, "off-board", v->off, move, -1, 0,
		       "%s move '%.20s' is outside the %dx%d board",
		       color_name(color), v->s, c->cols, c->rows);
		rboard_pass(b);
		return;
	}
	/* two passes end the game; under AGA rules (and BGA's) White
	 * must pass last, so B-pass W-pass ends but W-pass B-pass does
	 * not */
	if (L->passes >= 2 &&
	    ((c->rules.id != RULES_AGA && c->rules.id != RULES_BGA) ||
	     L->last_pass == BOARD_WHITE))
		report(c, CHECK_WARNING, "move-after-end", p->off, move, x, y,
		       "%s plays after %s passes ended the game",
		       color_name(color), L->passes == 2 ? "two" : "the");
	L->passes = 0;
	/* decode_move() checked the bounds */
	pt = (bpt)((x + 1) + (y + 1) * b->stride);
	if (rboard_color(b, pt) != BOARD_EMPTY) {
		report(c, CHECK_ERROR, "occupied", v->off, move, x, y,
		       "%s plays on a point occupied by a %s stone",
		       color_name(color), color_name(rboard_color(b, pt)));
		rboard_pass(b);
		return;
	}
	if (pt == b->ko && color == b->ko_color) {
		report(c, CHECK_ERROR, "ko", v->off, move, x, y,
		       "%s retakes the ko at once, restoring the position "
		       "before %s's last move (simple ko, %s)",
		       color_name(color), color_name(BOARD_OPP(color)),
		       c->rules.name);
		illegal = true;
	}
	kind = illegal ? 0 : rboard_suicide_kind(b, color, pt);
	if (kind == 1 || (kind == 2 && !c->multi_suicide)) {
		report_suicide(c, v, move, x, y, color, kind);
		illegal = true;
	}
	idx = play_and_look(c, color, pt, move, &sui);
	if (idx >= 0 && !illegal)
		repetition(c, v, move, x, y, color, idx);
}

static void
do_node(struct ctx *c, const struct sgf_node *n)
{
	const struct sgf_prop *p = n->props;
	bool setup = false;
	int moves = 0; /* 1 B, 2 W, 3 both */

	/* the common node: one move and nothing else */
	if (p && !p->next) {
		if (p->pid == SGF_P_B) {
			do_move(c, p, BOARD_BLACK);
			return;
		}
		if (p->pid == SGF_P_W) {
			do_move(c, p, BOARD_WHITE);
			return;
		}
	}
	for (p = n->props; p; p = p->next) {
		if (p->pid == SGF_P_AB || p->pid == SGF_P_AW ||
		    p->pid == SGF_P_AE)
			setup = true;
		else if (p->pid == SGF_P_B || p->pid == SGF_P_W)
			moves |= p->pid == SGF_P_B ? 1 : 2;
		/* (KO[6.5] in a root is Cyberoro's komi, not this) */
		else if (p->pid == SGF_P_KO &&
			 (n->parent || !p->values || !p->values->len))
			c->forced = true;
	}
	/* FF[4] keeps a node to one move, and moves apart from setup
	 * (SGFC and sgfmill say so too); the replay goes on as viewers do:
	 * setup first, then the moves in the order written */
	if (moves == 3)
		report(c, CHECK_WARNING, "mixed-node", n->off, c->L.move + 1,
		       -1, 0,
		       "a node with both B and W (FF[4]: one move per "
		       "node): both played, in their order");
	else if (moves && setup)
		report(c, CHECK_WARNING, "mixed-node", n->off, c->L.move + 1,
		       -1, 0,
		       "a node with a move and setup (AB, AW or AE): the "
		       "setup is placed first (FF[4] keeps them apart)");
	if (setup)
		do_setup(c, n);
	for (p = n->props; p; p = p->next) {
		if (p->pid == SGF_P_B)
			do_move(c, p, BOARD_BLACK);
		else if (p->pid == SGF_P_W)
			do_move(c, p, BOARD_WHITE);
		else if (p->pid == SGF_P_PL && p->values->len >= 1) {
			char ch = p->values->s[0];
			if (ch == 'B' || ch == 'b' || ch == '1')
				c->L.last_color = BOARD_WHITE;
			else if (ch == 'W' || ch == 'w' || ch == '2')
				c->L.last_color = BOARD_BLACK;
			c->L.last_by_pl = true;
		}
	}
	c->forced = false;
}

/* Which colour may take fast_node() next (see struct line): the
 * opponent of the last mover, unless the next move needs one of
 * do_move()'s line checks (the start of an epoch to record, passes
 * that may have ended the game, White's first move, a colour not yet
 * known or set by PL).  So after a move on the fast path White has
 * moved, last_by_pl is false, and the fast colour simply alternates. */
static void
update_fast(struct line *L)
{
	L->fast = 0;
	if (L->start_pending || L->passes || L->last_by_pl ||
	    (L->last_color != BOARD_BLACK && L->last_color != BOARD_WHITE))
		return;
	if (L->last_color == BOARD_BLACK && !L->white_moved)
		return;
	L->fast = BOARD_OPP(L->last_color);
}

#define FAST_BAD (1 << 20)

/* Fill xtab and ytab (see struct ctx) for the board: the letters of
 * decode_move() that name a point of the board, except that a 't'
 * column on a board of 19 columns or fewer is left to do_move() ("tt"
 * may be a pass there). */
static void
fast_tables(struct ctx *c)
{
	int i;

	for (i = 0; i < 256; i++) {
		int k = sgf_coord((char)i);
		c->xtab[i] = k >= 0 && k < c->cols ? k + 1 : FAST_BAD;
		c->ytab[i] =
		    k >= 0 && k < c->rows ? (k + 1) * c->b.stride : FAST_BAD;
	}
	if (c->cols <= 19)
		c->xtab['t'] = FAST_BAD;
	c->tab_cols = c->cols;
	c->tab_rows = c->rows;
}

/* Is n a node fast_node() may take when `color` is to play: one B or
 * W of that colour on a point of the board (given xtab and ytab)?
 * Then *ptp gets the point and *vp the value.  Looks at the node
 * only, not at the board. */
static inline bool __attribute__((always_inline))
fast_decode(const struct ctx *c, const struct sgf_node *n, int color, int *ptp,
	    const struct sgf_value **vp)
{
	const struct sgf_prop *p = n->props;
	const struct sgf_value *v;
	int pti;

	if (!p || p->next ||
	    p->pid != (color == BOARD_BLACK ? SGF_P_B : SGF_P_W))
		return false;
	v = p->values;
	if (v->len != 2 || v->next)
		return false;
	pti = c->xtab[(unsigned char)v->s[0]] + c->ytab[(unsigned char)v->s[1]];
	if (pti >= FAST_BAD)
		return false;
	*ptp = pti;
	*vp = v;
	return true;
}

/* The common node, one B or W in turn on an empty point, not the ko
 * point, with nothing to report but a suicide or a repetition:
 * do_move() in short, inline in the walk, and on down the only child of
 * each node as long as the next node is one too (and reported
 * nothing).  Returns 1 when it took n, with *np the last node it
 * took; -1 when out of memory (c->err set); 0 when n is any other node,
 * having changed nothing (do_node() then does everything).
 *
 * The next node is decoded before the move is played: the chain of
 * loads from a node to its point then runs while the board works, and
 * is not redone when the play ends in a mispredicted branch (a
 * capture, a merge). */
static inline int __attribute__((always_inline))
fast_node(struct ctx *c, const struct sgf_node **np)
{
	const struct sgf_node *n = *np;
	struct rboard *b = &c->b;
	struct line *L = &c->L;
	const struct sgf_value *v;
	int move = L->move, done = 0, color = L->fast, pt;

	if (!color || !fast_decode(c, n, color, &pt, &v))
		return 0;
	for (;;) {
		const struct sgf_node *nx = n->child;
		const struct sgf_value *nv = NULL;
		int npt = 0, sui;
		bool more;
		long idx;

		/* occupied, maybe the ko point, a long game: do_move() */
		if (move >= c->fast_limit || rboard_color(b, (bpt)pt) ||
		    pt == b->ko)
			break;
		/* on down a line with no branch */
		more = nx && !nx->next &&
		       fast_decode(c, nx, BOARD_OPP(color), &npt, &nv);
		move++;
		L->fast = BOARD_OPP(color);
		/* a suicide is found by playing it (as do_move() would
		 * after its report): a lone stone removed is what
		 * board_suicide_kind() calls 1, several stones 2 */
		idx = play_and_look(c, color, (bpt)pt, move, &sui);
		done = 1;
		*np = n;
		if (__builtin_expect(idx != -1 || sui, 0)) {
			L->move = move;
			L->last_color = color;
			if (idx == -2)
				return -1;
			if (sui && (sui == 1 || !c->multi_suicide))
				report_suicide(c, v, move, rboard_x(b, (bpt)pt),
					       rboard_y(b, (bpt)pt), color,
					       sui == 1 ? 1 : 2);
			else if (idx >= 0)
				repetition(c, v, move, rboard_x(b, (bpt)pt),
					   rboard_y(b, (bpt)pt), color, idx);
			return c->err ? -1 : 1;
		}
		if (!more)
			break;
		n = nx;
		pt = npt;
		v = nv;
		color = BOARD_OPP(color);
	}
	if (done) {
		L->move = move;
		L->last_color = BOARD_OPP(L->fast);
	}
	return done;
}

/* ---------------------------------------------------------------------
 * Going back to a branching node: undo the log.
 */

/* Set every touched flag as setup record r says. */
static void
restore_flags(struct ctx *c, size_t r)
{
	const uint64_t *w =
	    c->h.recbits + r * (((size_t)c->h.ncells + 63) / 64);
	int i;

	for (i = 0; i < c->h.ncells; i++)
		rboard_set_touched(&c->b, (bpt)i, w[i >> 6] >> (i & 63) & 1);
}

/* Take the board back to where the log was `to` long and nrec setup
 * records were kept: every logged change after it undone (the oldest
 * colour of each point wins), touched flags cleared where a move
 * touched a point first and reset where a setup reset them, and the
 * chains around the changed points found again (rboard_recolor()). */
static void
undo_to(struct ctx *c, size_t to, size_t nrec)
{
	struct history *h = &c->h;
	struct rboard *b = &c->b;
	size_t i = h->nlog, r = h->nrec;
	int n = 0, k;

	while (i > to) {
		unsigned e = h->log[--i], pt = e & LOG_PT_MASK,
			 old = LOG_OLD(e);
		while (r > nrec && h->recpos[r - 1] > i)
			restore_flags(c, --r);
		if (old == BOARD_EMPTY)
			rboard_set_touched(b, (bpt)pt, false);
		else if (old == LOG_RETOUCH)
			old = BOARD_EMPTY;
		if (!c->umark[pt]) {
			c->umark[pt] = 1;
			c->upts[n++] = (bpt)pt;
		}
		c->ucol[pt] = (uint8_t)old;
	}
	while (r > nrec)
		restore_flags(c, --r);
	for (k = 0; k < n; k++) {
		c->ucols[k] = c->ucol[c->upts[k]];
		c->umark[c->upts[k]] = 0;
	}
	rboard_recolor(b, c->upts, c->ucols, n);
	h->nlog = to;
	h->nrec = nrec;
}

static void
var_append(struct line *L, int move, unsigned child)
{
	char buf[32];
	int n = snprintf(buf, sizeof(buf), "%s%d.%u", L->varlen ? "-" : "",
			 move, child);

	if (L->varlen < 0)
		return; /* already truncated */
	if (L->varlen + n > (int)sizeof(L->var) - 4) {
		memcpy(L->var + L->varlen, "...", 4);
		L->varlen = -1;
		return;
	}
	memcpy(L->var + L->varlen, buf, (size_t)n + 1);
	L->varlen += n;
}

/* ---------------------------------------------------------------------
 * The walk.
 */
static int
push_frame(struct ctx *c, const struct sgf_node *n)
{
	struct frame *f;

	if (c->nframes == c->capframes) {
		size_t cap = c->capframes ? c->capframes * 2 : 16;
		f = realloc(c->frames, cap * sizeof(*f));
		if (!f)
			return -1;
		c->frames = f;
		c->capframes = cap;
	}
	f = &c->frames[c->nframes];
	f->next = n->child->next;
	f->child = 2;
	f->line = c->L;
	f->hist_n = c->h.n;
	f->nlog = c->h.nlog;
	f->ncp = c->h.ncp;
	f->nrec = c->h.nrec;
	f->captures[0] = c->b.captures[BOARD_BLACK];
	f->captures[1] = c->b.captures[BOARD_WHITE];
	f->ko = c->b.ko;
	f->ko_color = c->b.ko_color;
	c->nframes++;
	return 0;
}

/* rules_from_name(), remembering the last name. */
static int
rules_from_name_cached(struct ctx *c, const char *name)
{
	size_t n = strlen(name);
	int rc;

	if (n < sizeof(c->ru_name) && c->ru_name[0] &&
	    memcmp(c->ru_name, name, n + 1) == 0) {
		c->rules = c->ru_rules;
		return c->ru_rc;
	}
	rc = rules_from_name(&c->rules, name);
	if (n && n < sizeof(c->ru_name)) {
		memcpy(c->ru_name, name, n + 1);
		c->ru_rules = c->rules;
		c->ru_rc = rc;
	}
	return rc;
}

static void
resolve_rules(struct ctx *c)
{
	const char *ru = sgf_root_value(c->g, SGF_P_RU);
	const struct check_opts *o = c->o;
	int color;

	if (o->rules) {
		rules_from_name_cached(c, o->rules);
	} else if (ru && *ru) {
		if (rules_from_name_cached(c, ru)) {
			const struct sgf_prop *p =
			    sgf_node_prop(c->g->root, SGF_P_RU);
			report(c, CHECK_WARNING, "rules", p ? p->off : 0, 0, -1,
			       0, "unknown rule set RU[%.40s], using %s", ru,
			       c->rules.name);
		}
	} else {
		rules_default(&c->rules);
	}
	if (o->ko >= RULES_KO_SIMPLE && o->ko <= RULES_KO_NATURAL)
		c->rules.ko = (enum rules_ko)o->ko;
	if (o->suicide == 0 || o->suicide == 1)
		c->rules.suicide = o->suicide == 1;
	c->multi_suicide = c->rules.suicide;
	switch (c->rules.ko) {
	case RULES_KO_POSITIONAL:
		c->hmode = HM_POS;
		break;
	case RULES_KO_NATURAL:
		c->hmode = HM_NAT;
		break;
	default:
		c->hmode = HM_SIT; /* situational, and cycles under simple ko */
		break;
	}
	/* the history entry after a board play by each colour: the
	 * position (positional), with the player to move (situational),
	 * or with the player who made it (natural) */
	for (color = BOARD_BLACK; color <= BOARD_WHITE; color++) {
		int side = c->hmode == HM_POS	? 0
			   : c->hmode == HM_SIT ? BOARD_OPP(color)
						: color;
		c->mside[color] = side;
		c->mkey[color] = side ? c->side[side] : 0;
	}
}

int
check_game(const struct sgf_game *g, const struct check_opts *o,
	   struct check_list *out)
{
	struct ctx *c;
	const struct sgf_node *n;
	const char *ha;
	int rc;

	if (!g || !g->root)
		return 0;
	if (sgf_game_type(g) != 1) {
		/* Othello, chess, Hex ... in SGF: Go's rules would call
		 * their moves illegal.  Said once, as a warning: the game
		 * is read and may be valid SGF. */
		const struct sgf_prop *gm = sgf_node_prop(g->root, SGF_P_GM);
		struct check_problem p;

		memset(&p, 0, sizeof(p));
		p.severity = CHECK_WARNING;
		p.code = "not-go";
		snprintf(p.message, sizeof(p.message),
			 "GM[%.20s] is not Go: its moves are not checked",
			 gm->values->s);
		sgf_game_linecol(g, gm->off, &p.line, &p.column);
		return check_list_add(out, &p);
	}
	pthread_once(&ctx_once, ctx_make_key);
	c = pthread_getspecific(ctx_key);
	if (c) {
		pthread_setspecific(ctx_key, NULL); /* in use */
	} else {
		c = calloc(1, sizeof(*c));
		if (!c)
			return -1;
	}
	memset(&c->g, 0, offsetof(struct ctx, b) - offsetof(struct ctx, g));
	c->g = g;
	c->o = o;
	c->out = out;
	/* a bad SZ reads as 19x19 (and sgf_gameinfo() notes it: check's
	 * "dialect" warning); a good one is within the board's limit */
	_Static_assert(SGF_MAX_SIDE <= BOARD_MAX_SIDE, "SZ beyond the board");
	sgf_board_size(g, &c->cols, &c->rows);
	/* copying a ready empty board is much cheaper than building one */
	if (!c->empty)
		c->empty = calloc(1, sizeof(*c->empty));
	if (!c->empty) {
		rboard_init(&c->b, c->cols, c->rows);
	} else {
		if (c->empty->w != c->cols || c->empty->h != c->rows ||
		    !c->empty->ncells)
			rboard_init(c->empty, c->cols, c->rows);
		rboard_copy(&c->b, c->empty);
	}
	if (!c->side[BOARD_BLACK]) {
		c->side[BOARD_BLACK] = board_side_key(BOARD_BLACK);
		c->side[BOARD_WHITE] = board_side_key(BOARD_WHITE);
	}
	resolve_rules(c);
	c->ha = -1;
	ha = sgf_root_value(g, SGF_P_HA);
	if (ha) {
		char *end;
		long v = strtol(ha, &end, 10);
		if (end != ha && v >= 0 && v <= 1000) {
			const struct sgf_prop *p =
			    sgf_node_prop(g->root, SGF_P_HA);
			c->ha = (int)v;
			c->ha_off = p ? p->off : 0;
		}
	}
	if (!c->h.head && hist_init(&c->h)) {
		ctx_free(c);
		return -1;
	}
	if (c->h.ncells != rboard_ncells(&c->b))
		/* the checkpoints and setup records change size */
		c->h.ncp = c->h.capcp = c->h.caprec = 0;
	c->h.ncells = rboard_ncells(&c->b);
	c->kmask = test_key_mask;
	c->logmax = (size_t)c->cols * (size_t)c->rows + 1;
	c->log_hi = (long)c->h.caplog - (long)c->logmax;
	set_log_lim(c);
	c->fast_limit = INT_MAX;
	if (o->max_moves > 0 && 2 * (long)o->max_moves < INT_MAX)
		c->fast_limit = 2 * o->max_moves;
	if (c->tab_cols != c->cols || c->tab_rows != c->rows)
		fast_tables(c);
	c->L.start_pending = true;
	n = g->root;
	while (n) {
		int r = fast_node(c, &n);
		if (r <= 0) {
			if (r < 0)
				break;
			do_node(c, n);
			update_fast(&c->L);
			if (c->err)
				break;
		}
		if (n->child) {
			if (n->child->next && !o->main_line_only &&
			    push_frame(c, n)) {
				c->err = -1;
				break;
			}
			n = n->child;
			continue;
		}
		/* a leaf: resume the innermost branching node */
		n = NULL;
		while (c->nframes) {
			struct frame *f = &c->frames[c->nframes - 1];
			if (!f->next) {
				c->nframes--;
				continue;
			}
			c->L = f->line;
			hist_truncate(&c->h, f->hist_n);
			undo_to(c, f->nlog, f->nrec);
			hist_cp_truncate(&c->h, f->ncp);
			set_log_lim(c);
			c->b.captures[BOARD_BLACK] = f->captures[0];
			c->b.captures[BOARD_WHITE] = f->captures[1];
			c->b.ko = f->ko;
			c->b.ko_color = f->ko_color;
			var_append(&c->L, c->L.move + 1, f->child);
			n = f->next;
			f->next = f->next->next;
			f->child++;
			break;
		}
	}
	rc = c->err;
	hist_clear(&c->h);
	hist_cp_truncate(&c->h, 0);
	c->h.nrec = 0;
	if (ctx_bytes(c) > CTX_KEEP_BYTES || pthread_setspecific(ctx_key, c))
		ctx_free(c);
	return rc;
}
