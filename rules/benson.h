/*
 * benson.h - unconditional life (Benson's algorithm) on a colour grid.
 *
 * A chain is pass-alive when the opponent cannot capture it even by
 * playing any number of moves in a row while its owner passes.  The
 * scorer never questions such chains, and opponent stones inside the
 * small regions they enclose are dead.
 */
#ifndef BENSON_H
#define BENSON_H

#include <stdint.h>

/* color[]: w*h points (index y*w+x), 0 empty, 1 black, 2 white; w, h
 * at most 25.  On return alive[p] is 1 for every stone of a pass-alive
 * chain, and terr[p] is 1 (black) or 2 (white) for every point (empty
 * or holding an opponent stone) of a region enclosed by pass-alive
 * chains of that colour and vital to one of them: such points can
 * never be the opponent's.  Never fails; uses only the stack. */
void benson_solve(int w, int h, const uint8_t *color, uint8_t *alive,
		  uint8_t *terr);

#endif
