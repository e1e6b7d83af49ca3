/*
 * history.h - the repetition history of `check`'s replay (superko,
 * rules/replay.c): a stack of positions (one entry per position on the
 * current path) with chained hashing over it.  Entries are only
 * ever removed from the top (the tree walk is depth first), so each
 * chain is newest first and popping an entry restores its chain head.
 *
 * An entry holds the 64-bit key, not the position: a key hit is
 * confirmed against the earlier position rebuilt from a checkpoint (a
 * copy of the board's colours taken every HIST_CP_EVERY changes along
 * the path, and at the start of each epoch) and the log of every colour
 * change since (by moves and by setup nodes).  Hits are rare (real
 * repetitions and a 2^-64 collision), so this costs far less than
 * keeping a copy of every position, and a collision can never reject a
 * legal move.  The same log, read backwards, takes the board back to a
 * branching node (undo_to()).
 */
#ifndef RULES_HISTORY_H
#define RULES_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "replay_board.h"

struct hist_entry {
	uint64_t key;
	uint32_t prev; /* previous entry of the chain, index + 1; 0: none */
	uint32_t log;  /* log length when this position arose */
	int32_t move;  /* move number after which this position arose */
	/* the side to move (situational) or creator (natural), and
	 * HIST_START for the start of a line or a setup position */
	uint16_t side;
};
#define HIST_START 0x100

/* A log entry: a point, its new colour and its old colour, 16 bits.
 * A stone played on an empty point: old colour empty if the point was
 * untouched in its epoch (see rboard_touched()), so that going back
 * clears the flag again, LOG_RETOUCH (3, never a real colour) if it was
 * touched already.  (Setup records restore the flags around setups.) */
#define LOG_PT_BITS 12
#define LOG_PT_MASK ((1u << LOG_PT_BITS) - 1)
#define LOG_ENTRY(pt, new, old)                                                \
	((uint16_t)((unsigned)(pt) | (unsigned)(new) << LOG_PT_BITS |          \
		    (unsigned)(old) << (LOG_PT_BITS + 2)))
#define LOG_NEW(e)  (((unsigned)(e) >> LOG_PT_BITS) & 3)
#define LOG_OLD(e)  ((unsigned)(e) >> (LOG_PT_BITS + 2))
#define LOG_RETOUCH 3
_Static_assert(BOARD_ARR <= 1 << LOG_PT_BITS, "a point fits a log entry");
/* Changes between checkpoints: bounds the work of confirming a hit. */
#define HIST_CP_EVERY 64

struct history {
	struct hist_entry *e;
	size_t n, cap;
	uint32_t *head; /* chain heads by key & mask: entry index + 1 */
	uint32_t mask;
	size_t room;   /* hist_push() may add without growing while n < room */
	uint16_t *log; /* changes along the path: LOG_ENTRY */
	size_t nlog, caplog;
	uint8_t *cp;	 /* checkpoints: ncells colours each */
	uint32_t *cplog; /* log length at each checkpoint */
	size_t ncp, capcp;
	size_t cp_next; /* log length that calls for the next checkpoint */
	/* setup records: the log length at each setup node on the path,
	 * with the touched flags just before it (the setup's colour
	 * changes are in the log, but it resets every flag) */
	uint32_t *recpos;
	uint64_t *recbits; /* (ncells + 63) / 64 words each */
	size_t nrec, caprec;
	int ncells;
};

/* Set up an empty history (one allocation: the chain heads).  Returns 0,
 * or -1 when out of memory. */
int hist_init(struct history *h);
/* Free everything h holds and zero it. */
void hist_release(struct history *h);
/* Does entry e hold exactly the position `col` (colour bytes, see
 * rboard_colors()) with this side?  Rebuilt from a checkpoint and the
 * log: for confirming a key hit. */
bool hist_same(const struct history *h, const struct hist_entry *e, int side,
	       const uint8_t *col);
/* The slow path of hist_push(): grow the entries or the chain table.
 * Returns 0, or -1 when out of memory (h unchanged). */
int hist_grow(struct history *h);
/* Pop entries down to n, restoring their chain heads. */
void hist_truncate(struct history *h, size_t n);
/* Remove every entry and empty the log (checkpoints are the caller's). */
void hist_clear(struct history *h);
/* Take a checkpoint of the board's colours `col` (h->ncells bytes) at
 * the log's length.  Returns 0, or -1 when out of memory. */
int hist_checkpoint(struct history *h, const uint8_t *col);
/* Forget the checkpoints past the first ncp. */
void hist_cp_truncate(struct history *h, size_t ncp);

/* Find an entry with index >= base holding this key, this side and
 * exactly this position; returns its index or -1. */
static inline long
hist_find(const struct history *h, uint64_t key, int side, const uint8_t *col,
	  size_t base)
{
	uint32_t i;

	for (i = h->head[key & h->mask]; i > base; i = h->e[i - 1].prev)
		if (h->e[i - 1].key == key &&
		    hist_same(h, &h->e[i - 1], side, col))
			return (long)(i - 1);
	return -1;
}

/* Push a position (inline fast path; hist_grow() when something is
 * full).  The position must be the board's now, at the log's length.
 * `side` may include HIST_START. */
static inline int __attribute__((always_inline))
hist_push(struct history *h, uint64_t key, int side, int move)
{
	struct hist_entry *e;
	uint32_t *hd;

	if (h->n >= h->room) {
		if (hist_grow(h))
			return -1;
	}
	e = &h->e[h->n];
	hd = &h->head[key & h->mask];
	e->key = key;
	e->prev = *hd;
	e->log = (uint32_t)h->nlog;
	e->move = move;
	e->side = (uint16_t)side;
	*hd = (uint32_t)++h->n;
	return 0;
}

/* Make room in the log for `more` changes. */
static inline int
hist_log_reserve(struct history *h, size_t more)
{
	if (h->nlog + more > h->caplog) {
		size_t cap = h->caplog ? h->caplog * 2 : 4096;
		uint16_t *l;
		while (cap < h->nlog + more)
			cap *= 2;
		if (!(l = realloc(h->log, cap * sizeof(*l))))
			return -1;
		h->log = l;
		h->caplog = cap;
	}
	return 0;
}

#endif
