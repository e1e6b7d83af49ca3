/*
 * dragon.h - dragons (chains of one colour that live or die together)
 * and the eyes their eye spaces are worth, on a colour grid.
 *
 * The estimator (estimate.c) decides life and death per dragon, not per
 * chain: the playouts are blind to exact eye shapes, so a dragon whose
 * eye spaces give two eyes whoever moves first is alive whatever the
 * playouts say, and one that cannot make two eyes even moving first
 * lives only by a race, a seki or an escape (LIFEDEATH.md, sections 1
 * and 4).
 *
 * An eye space of colour c is a maximal connected set of points that
 * hold no stone of c (a region), holding at least one empty point and
 * no opponent stone that the caller counts as alive: the opponent's
 * stones in it are dead by the caller's judgement.  Its worth is a pair
 * (min, max): the eyes it gives when the attacker moves first in it and
 * when the owner does, from its size and shape (the killing shapes of
 * LIFEDEATH.md section 1), an opponent stone on its vital point, and
 * for a one-point space the false-eye test on its diagonals.
 *
 * Chains of c belong to one dragon when they border a common eye space
 * of two points or more, share two liberties (miai), or share one
 * liberty that the opponent cannot take without being captured at once
 * (one-point eyes aside).  A one-point space whose chains are not so
 * joined is a false eye, worth nothing; a larger space around several
 * chains is a sure eye only when every empty point of it is a liberty
 * of each (else the opponent fills a chain's outside liberties until
 * its owner must fill the space): otherwise it is worth (0, 1).  So is
 * a space with fewer than seven empty points around opponent stones:
 * whether those can be taken, and what shape they leave, is for
 * reading to say.
 *
 * Library code: never prints, never exits, never allocates.
 */
#ifndef DRAGON_H
#define DRAGON_H

#include <stdint.h>

#define DRAGON_MAX_POINTS (25 * 25)

struct dragons {
	int n;				  /* dragons */
	int16_t id[DRAGON_MAX_POINTS];	  /* dragon of each stone, -1 */
	uint8_t color[DRAGON_MAX_POINTS]; /* per dragon: 1 black, 2 white */
	int16_t stones[DRAGON_MAX_POINTS];
	/* eyes with the attacker moving first and with the owner moving
	 * first (each space counted as LIFEDEATH.md's pairs, capped at 2
	 * a space; the sum capped at 4) */
	uint8_t eyes_att[DRAGON_MAX_POINTS];
	uint8_t eyes_def[DRAGON_MAX_POINTS];
	/* fewest liberties of a chain of the dragon */
	uint8_t min_libs[DRAGON_MAX_POINTS];
};

/* Find the dragons of the position col[] (w*h points, index y*w+x,
 * 0 empty, 1 black, 2 white; w, h at most 25) given the caller's
 * judgement dead[] (1 for a stone the caller counts as dead: only
 * opponent stones inside an eye space are affected).  Fills *d. */
void dragon_find(int w, int h, const uint8_t *col, const uint8_t *dead,
		 struct dragons *d);

#endif
