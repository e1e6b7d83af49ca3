/*
 * history.c - the repetition history of `check`'s replay (superko):
 * the entries, their chains, the log and the checkpoints (history.h).
 */
#include <stdlib.h>
#include <string.h>

#include "history.h"

int
hist_init(struct history *h)
{
	memset(h, 0, sizeof(*h));
	h->mask = 1023;
	h->head = calloc(h->mask + 1, sizeof(*h->head));
	return h->head ? 0 : -1;
}

void
hist_release(struct history *h)
{
	free(h->head);
	free(h->e);
	free(h->log);
	free(h->cp);
	free(h->cplog);
	free(h->recpos);
	free(h->recbits);
	memset(h, 0, sizeof(*h));
}

/* Does entry e hold exactly the position `col` (colour bytes, see
 * rboard_colors()) with this side?  The position of e is rebuilt from
 * its checkpoint, the last one taken at or before it (checkpoints come
 * in log order, and one is taken at the start of each epoch, so that
 * one is in e's epoch), and the log. */
bool
hist_same(const struct history *h, const struct hist_entry *e, int side,
	  const uint8_t *col)
{
	uint8_t buf[BOARD_ARR];
	size_t i, lo = 0, hi = h->ncp, cp;

	if ((e->side & 0xff) != side)
		return false;
	while (hi - lo > 1) { /* cplog[lo] <= e->log < cplog[hi] */
		size_t mid = lo + (hi - lo) / 2;
		if (h->cplog[mid] <= e->log)
			lo = mid;
		else
			hi = mid;
	}
	cp = lo;
	memcpy(buf, h->cp + cp * (size_t)h->ncells, (size_t)h->ncells);
	for (i = h->cplog[cp]; i < e->log; i++)
		buf[h->log[i] & LOG_PT_MASK] = (uint8_t)LOG_NEW(h->log[i]);
	return memcmp(buf, col, (size_t)h->ncells) == 0;
}

int
hist_grow(struct history *h)
{
	if (h->n == h->cap) {
		size_t cap = h->cap ? h->cap * 2 : 256;
		struct hist_entry *e = realloc(h->e, cap * sizeof(*e));
		if (!e)
			return -1;
		h->e = e;
		h->cap = cap;
	}
	if (h->n + 1 > (size_t)h->mask + 1) {
		uint32_t size = (h->mask + 1) * 2, *t;
		size_t i;
		if (size > UINT32_MAX / 2 || !(t = calloc(size, sizeof(*t))))
			return -1;
		free(h->head);
		h->head = t;
		h->mask = size - 1;
		/* relink in order: chains stay newest first */
		for (i = 0; i < h->n; i++) {
			uint32_t *hd = &h->head[h->e[i].key & h->mask];
			h->e[i].prev = *hd;
			*hd = (uint32_t)(i + 1);
		}
	}
	h->room = h->cap < (size_t)h->mask + 1 ? h->cap : (size_t)h->mask + 1;
	return 0;
}

void
hist_truncate(struct history *h, size_t n)
{
	while (h->n > n) {
		const struct hist_entry *e = &h->e[--h->n];
		h->head[e->key & h->mask] = e->prev;
	}
}

/* Remove every entry (no chain is left to restore): clear the heads of
 * the entries, or the whole table when a game filled a fair part of
 * it (memset(), whose wide stores beat a loop of ours in time if not in
 * instructions). */
void
hist_clear(struct history *h)
{
	size_t i, slots = (size_t)h->mask + 1;

	if (h->n * 8 > slots) {
		memset(h->head, 0, slots * sizeof(*h->head));
	} else {
		for (i = 0; i < h->n; i++)
			h->head[h->e[i].key & h->mask] = 0;
	}
	h->n = 0;
	h->nlog = 0;
}

/* Take a checkpoint of the board's colours. */
int
hist_checkpoint(struct history *h, const uint8_t *col)
{
	if (h->ncp == h->capcp) {
		size_t cap = h->capcp ? h->capcp * 2 : 64;
		uint8_t *p = realloc(h->cp, cap * (size_t)h->ncells);
		uint32_t *l;
		if (!p)
			return -1;
		h->cp = p;
		if (!(l = realloc(h->cplog, cap * sizeof(*l))))
			return -1;
		h->cplog = l;
		h->capcp = cap;
	}
	memcpy(h->cp + h->ncp * (size_t)h->ncells, col, (size_t)h->ncells);
	h->cplog[h->ncp++] = (uint32_t)h->nlog;
	h->cp_next = h->nlog + HIST_CP_EVERY;
	return 0;
}

/* Forget the checkpoints past the first ncp. */
void
hist_cp_truncate(struct history *h, size_t ncp)
{
	h->ncp = ncp;
	h->cp_next = ncp ? h->cplog[ncp - 1] + (size_t)HIST_CP_EVERY : 0;
}
