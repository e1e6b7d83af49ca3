/*
 * lifedeath.h - reading the life of small enclosed groups.
 *
 * A closed group is a set of chains of one colour (the defender) all of
 * whose liberties lie in small regions (at most LD_MAX_AREA points that
 * are empty or hold the attacker's stones) enclosed by the group alone:
 * nothing outside those regions can change its fate.  Such groups are
 * where light playouts go wrong (a sacrifice that kills by nakade, a
 * false eye, a seki that is not one), and they are small enough to read
 * exactly: both sides play only in the regions (and on the points of
 * the defender's small chains next to them, once captured: a stone
 * taken may be taken back, an eye made where it stood), and the group
 * lives if
 * its largest chain becomes pass-alive (Benson's test restricted to the
 * regions) or the attacker has nothing better than to pass; it dies when
 * that chain is captured.  Reading for seki (ld_read_seki) tells the two
 * lives apart: with one of the attacker's stones inside still standing
 * when both pass, both live.  The defender never fills its own eye-like
 * point except to join a chain in atari to the others around it.  Ko is
 * read under the simple-ko rule with no threats; the search deepens
 * iteratively, a few plies a pass, and stops at a fixed depth and node
 * budget.
 *
 * The attacker's stones around a group may be declared safe walls
 * (ld_find_walls): a group enclosed by its own stones and such walls is
 * then read the same way ("semi-closed"); the caller vouches for the
 * walls.
 *
 * Library code: never prints, never exits, never allocates; the search
 * depth is bounded by LD_MAX_DEPTH whatever the input.
 */
#ifndef LIFEDEATH_H
#define LIFEDEATH_H

#include <stdint.h>

#include "board.h"

#define LD_MAX_AREA  10 /* points of the regions of one problem */
#define LD_MAX_DEPTH 24 /* plies (passes included) */

struct ld_problem {
	int defender; /* BOARD_BLACK or BOARD_WHITE */
	bpt main;     /* a stone of the defender's largest chain */
	int n;	      /* points of the regions */
	bpt area[LD_MAX_AREA];
};

/* The closed groups of colour `col` on the grid color[] (w*h points,
 * index y*w+x, 0 empty, 1 black, 2 white) of board b (the same
 * position): at most `max` problems are written to out[]; returns how
 * many. */
int ld_find(const struct board *b, const uint8_t *color, int col,
	    struct ld_problem *out, int max);

/* As ld_find(), with some of the attacker's stones taken as safe walls
 * (wall[p] = 1 on the grid; wall may be NULL): they are part of no
 * region, so a group enclosed by its own stones and such walls is
 * closed too, and a region that touches a wall is never an eye (the
 * attacker can fill it from the wall).  Reading such a problem assumes
 * that the walls are never captured from outside the regions. */
int ld_find_walls(const struct board *b, const uint8_t *color,
		  const uint8_t *wall, int col, struct ld_problem *out,
		  int max);

/* Read problem p on b with `first` (BOARD_BLACK or BOARD_WHITE) to play:
 * 1 when the defender's main chain lives, 0 when the attacker captures
 * it, -1 when reading ran out of depth or of `budget` nodes.  b is not
 * changed. */
int ld_read(const struct board *b, const struct ld_problem *p, int first,
	    int budget);

/* As ld_read(), with the attacker never taking a ko (a capture of one
 * stone that the defender could take back at once): the defender wins
 * every ko, as a player with threats enough would.  Where ld_read()
 * kills and this lives, the kill needs a ko. */
int ld_read_no_ko(const struct board *b, const struct ld_problem *p, int first,
		  int budget);

/* Is the attacker's stone at target, in problem p's regions on b, in
 * seki with the defender's group: can the defender neither capture it
 * nor make its eyes pass-alive?  Read with the defender first and three
 * outcomes (main chain captured; both living, the target standing after
 * two passes; the defender alone alive): 1 when the best the defender
 * can reach is both living, 0 when it can do better (or target is not
 * the attacker's), -1 when reading ran out of depth or budget.  The
 * caller checks apart that the group lives with the attacker first
 * (ld_read).  b is not changed. */
int ld_read_seki(const struct board *b, const struct ld_problem *p, bpt target,
		 int budget);

#endif
