/*
 * layout.c - the boards' shared layout and Zobrist keys (see layout.h).
 */
#include <pthread.h>
#include <stdint.h>

#include "layout.h"

/* ---------------------------------------------------------------------
 * Zobrist keys: filled once, from splitmix64 with a fixed seed, so that
 * keys are reproducible everywhere.
 */
uint64_t board_zob_[BOARD_ARR][3];
static uint64_t zob_side[3];
static pthread_once_t zob_once = PTHREAD_ONCE_INIT;

static uint64_t
splitmix64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void
zob_fill(void)
{
	uint64_t s = 0x5367666b6974ULL; /* "Sgfkit": fixed on purpose */
	int i;

	for (i = 0; i < BOARD_ARR; i++) {
		board_zob_[i][BOARD_EMPTY] = 0;
		board_zob_[i][BOARD_BLACK] = splitmix64(&s);
		board_zob_[i][BOARD_WHITE] = splitmix64(&s);
	}
	zob_side[0] = 0;
	zob_side[BOARD_BLACK] = splitmix64(&s);
	zob_side[BOARD_WHITE] = splitmix64(&s);
}

uint64_t
board_side_key(int color)
{
	pthread_once(&zob_once, zob_fill);
	return color == BOARD_BLACK || color == BOARD_WHITE ? zob_side[color]
							    : 0;
}

uint64_t
board_zobrist(bpt pt, int color)
{
	pthread_once(&zob_once, zob_fill);
	if (pt < 0 || pt >= BOARD_ARR || color < 0 || color > 2)
		return 0;
	return board_zob_[pt][color];
}

int
board_layout(int *w, int *h, int *stride, int *ncells)
{
	int rc = 0;

	pthread_once(&zob_once, zob_fill);
	if (*w < 1 || *h < 1 || *w > BOARD_MAX_SIDE || *h > BOARD_MAX_SIDE) {
		*w = *h = 19;
		rc = -1;
	}
	*stride = *w + 1;
	*ncells = (*h + 2) * (*w + 1) + 1;
	return rc;
}
