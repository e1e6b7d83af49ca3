/*
 * estimate.c - dead-stone estimation: Benson first, then Monte Carlo
 * ownership, then decisions per group of chains (races between unclear
 * groups, and seki between short-of-liberty chains, read by race.c),
 * then exact reading of small enclosed groups
 * (lifedeath.c), and of the opponent's stones inside them for seki,
 * then a last look at groups killed next to a roomy area
 * of their own, at dragons with two eyes, and at races whose winner
 * those steps found alive.
 *
 * Every constant below was measured on ../shared/corpus/scored (OGS and
 * Tygem sets, tests/corpus/score_eval.py); see man/sgfkit-score.1.  Each
 * may be given at build time (make CPPFLAGS=-DALIVE_MARGIN=0.25 ...), so
 * that a new value is judged by score_eval.py --tune on the folds it was
 * not chosen on.
 */
#include <string.h>

#include "benson.h"
#include "board.h"
#include "dragon.h"
#include "lifedeath.h"
#include "playout.h"
#include "race.h"
#include "score.h"
#include "grid.h"

/* A group is dead unless the playouts give its points to its owner by
 * at least this mean margin: light random playouts favour the defender
 * (random attackers rarely finish a kill), so an even split is a dead
 * group, not an unsettled one.  Chosen by five folds over the OGS,
 * Tygem and GNU Go sets (score_eval.py --tune, 0.1 to 0.45): 0.3 was
 * the best on the other four folds in four folds of five; OGS agrees
 * at every value from 0.1 to 0.45. */
#ifndef OPEN_OWNER
#define OPEN_OWNER 0.5
#endif
#ifndef ALIVE_MARGIN
#define ALIVE_MARGIN 0.3
#endif
/* Two groups of both colours within this band of zero, side by side,
 * are a race the playouts split evenly. */
#ifndef RACE_BAND
#define RACE_BAND 0.3
#endif
/* ...and the winner of such a race is only trusted for groups of at
 * least one point in this many of the board (12 stones on 19x19, 3 on
 * 9x9). */
#ifndef RACE_MIN_STONES_DIV
#define RACE_MIN_STONES_DIV 30
#endif
/* ...and a group inside the other's eye space of at most this many
 * empty points is no partner in such a race (encloser(); measured:
 * 4 to 40 give the same agreement, above the largest killable eye). */
#ifndef INSIDE_MAX
#define INSIDE_MAX 8
#endif
/* Reading races between two unclear chains (race.c): nodes per
 * reading, readings per position; RACE_READ 0 turns it off. */
#ifndef RACE_READ
#define RACE_READ 1
#endif
#ifndef RACE_BUDGET
#define RACE_BUDGET 1000
#endif
#define RACE_MAX_READS 24
#ifndef RACE_MAX_LIBS
#define RACE_MAX_LIBS 12
#endif
#ifndef RACE_PARTNER
#define RACE_PARTNER 0
#endif
/* A chain the playouts keep alive, but by a margin of at most
 * ALIVE_MARGIN + READ_BAND, is read too when it races a chain called
 * dead; losing whoever moves first, it dies (RACE_UNSURE 0: only two
 * chains called dead are read). */
#ifndef RACE_UNSURE
#define RACE_UNSURE 1
#endif
/* ... and only in a short race, of at most this many liberties in all
 * (without this bound, 40 Tygem games take 4.6% more instructions, and
 * the scored corpus gives the same results). */
#ifndef RACE_UNSURE_LIBS
#define RACE_UNSURE_LIBS 6
#endif
/* A chain that lost a race whoever moved first to a chain step 5 could
 * not show alive dies when a later step shows it (step 7c; 0: the
 * pair is left to the playouts' comparison and to reading). */
#ifndef RACE_LATE
#define RACE_LATE 1
#endif
/* Seki between two chains side by side, read whatever the playouts
 * said (SEKI_PAIRS 0 turns it off): at most SEKI_PAIR_LIBS liberties
 * each, set before it was measured (measured after: 3 loses the two
 * Tygem games it fixes, 6 changes nothing on the scored sets). */
#ifndef SEKI_PAIRS
#define SEKI_PAIRS 1
#endif
#ifndef SEKI_PAIR_LIBS
#define SEKI_PAIR_LIBS 4
#endif
/* Reading closed groups for seki (step 6b); SEKI_READ 0 turns it off. */
#ifndef SEKI_READ
#define SEKI_READ 1
#endif
/* ...and at most this many readings per position (each within
 * LD_BUDGET nodes): a bound on the step's time whatever the board. */
#define SEKI_MAX_READS 24
/* Reading closed groups: nodes per reading, problems per colour. */
#ifndef LD_BUDGET
#define LD_BUDGET 2000
#endif
#define LD_PROBLEMS 16
/* ...and a wall around a closed group with fewer than three liberties
 * is safe when the playouts give it this mean margin. */
#ifndef WALL_SURE
#define WALL_SURE 0.8
#endif
/* A group whose mean margin is this close to ALIVE_MARGIN is decided
 * on twice the playouts. */
#ifndef BORDER
#define BORDER 0.15
#endif
/* Semi-closed groups (enclosed by their own stones and the attacker's
 * safe walls) are read when their mean margin is within this band of
 * ALIVE_MARGIN: further out the playouts are trusted.  A wall is an
 * attacker group the playouts give to its owner by WALL_SURE with at
 * least WALL_OUTSIDE liberties next to no defender stone. */
#ifndef READ_BAND
#define READ_BAND 0.5
#endif
#ifndef WALL_OUTSIDE
#define WALL_OUTSIDE 2
#endif
/* A wall chain of fewer than three liberties that shares one with the
 * group it walls is no safe wall, whatever the playouts say: its owner
 * cannot fill that liberty without putting the wall in atari. */
#ifndef WALL_SHARED
#define WALL_SHARED 1
#endif
/* An area of this many empty points bordered only by one colour's
 * stones (and the opponent's dead ones) is room enough to live: more
 * than the largest killable eye shape (six points), with a margin
 * (measured: 6 to 8 give the same agreement, 12 and up fix fewer
 * games). */
#ifndef ROOM_MIN
#define ROOM_MIN 8
#endif
/* Each step below may be turned off at build time, so that what it
 * earns is measured on the folds like any new rule
 * (tests/corpus/ablate.py): RACE_READ, RACE_PAIRS and SEKI_PAIRS in
 * step 5, LD_ROUNDS the rounds of step 6 (0, 1 or 2), SEKI_READ step
 * 6b, ROOMY step 7, DRAGON_EYES step 7b, RACE_LATE step 7c, BORDER 0
 * the second batch of playouts. */
#ifndef RACE_PAIRS
#define RACE_PAIRS 1
#endif
#ifndef LD_ROUNDS
#define LD_ROUNDS 2
#endif
/* A closed group that lives with its owner first and dies with the
 * attacker first is decided by the rules and the side to move
 * (unsettled(), step 6); LD_UNSETTLED 0 leaves it to the playouts. */
#ifndef LD_UNSETTLED
#define LD_UNSETTLED 1
#endif
#ifndef ROOMY
#define ROOMY 1
#endif
#ifndef DRAGON_EYES
#define DRAGON_EYES 1
#endif

/* The fate of closed group p, which lives with its owner first and
 * dies with the attacker first: 1 alive, 0 dead, -1 left to the
 * playouts.
 * - After two passes under territory rules it is dead: its status is
 *   confirmed with the attacker first (Japanese 1989, Art. 7 and 10).
 * - Otherwise the side to move decides: play goes on (area rules), or
 *   the record stopped with that side to move, which takes the vital
 *   point.  A kill that needs a ko is left to the playouts: the owner
 *   may have threats.
 * Before the reader played the points of captured defender stones,
 * the side to move lost agreement with the records that stop without
 * two passes (six games, all misreads); now no game of the scored
 * corpus changes. */
static int
unsettled(const struct board *b, const struct ld_problem *pr,
	  const struct score_estimate_opts *o)
{
	int dc = pr->defender;
	if (o->end_passes >= 2 && o->confirm_opponent_first)
		return 0;
	if (o->to_move == dc)
		return 1;
	return ld_read_no_ko(b, pr, BOARD_OPP(dc), LD_BUDGET) == 0 ? 0 : -1;
}

void
score_estimate_opts_default(struct score_estimate_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->seed = 0x5eed5c07e5ULL;
	o->to_move = SCORE_BLACK;
	o->last = -1;
}

static int
find(int *par, int a)
{
	while (par[a] != a)
		a = par[a] = par[par[a]];
	return a;
}

/* Do the chain through a, of fewer than three liberties, and the chain
 * through c share a liberty? */
static bool
shares_lib(const struct board *b, bpt a, bpt c)
{
	bpt l[2];
	int n = board_chain_libs(b, a, l, 2);
	for (int i = 0; i < n; i++) {
		bpt nb[4] = {l[i] - 1, l[i] + 1, l[i] - b->stride,
			     l[i] + b->stride};
		for (int k = 0; k < 4; k++)
			if (board_color(b, nb[k]) == board_color(b, c) &&
			    board_head(b, nb[k]) == board_head(b, c))
				return true;
	}
	return false;
}

/* The attacker's chains around a closed group (its walls) cannot be
 * captured by the group from outside its regions: each is
 * unconditionally alive, or alive by the playouts with three liberties
 * or more (or fewer, when the playouts give its points to its owner in
 * nine playouts out of ten: the liberties it lacks are then taken by
 * dead stones, unless one of them is also the group's: WALL_SHARED).
 * Otherwise the group may win a race against a wall, which reading
 * inside the regions does not see. */
static bool
safe_walls(const struct board *b, const struct ld_problem *pr,
	   const uint8_t *alive, const int16_t *cid, const uint8_t *cdead,
	   const double *gm)
{
	int w = b->w;
	for (int i = 0; i < pr->n; i++) {
		bpt q = pr->area[i];
		bpt nb[4] = {q - 1, q + 1, q - b->stride, q + b->stride};
		for (int j = 0; j < 4; j++) {
			if (board_color(b, nb[j]) != pr->defender)
				continue;
			bpt s = nb[j];
			do {
				bpt n2[4] = {s - 1, s + 1, s - b->stride,
					     s + b->stride};
				for (int k = 0; k < 4; k++) {
					bpt t = n2[k];
					if (board_color(b, t) !=
					    BOARD_OPP(pr->defender))
						continue;
					int g =
					    board_y(b, t) * w + board_x(b, t);
					int inside = 0;
					for (int a = 0; a < pr->n; a++)
						inside |= pr->area[a] == t;
					if (alive[g] || inside)
						continue;
					if (cdead[cid[g]] ||
					    (board_libs(b, t) < 3 &&
					     (gm[cid[g]] < WALL_SURE ||
					      (WALL_SHARED &&
					       shares_lib(b, t, nb[j])))))
						return false;
				}
				s = board_next(b, s);
			} while (s != nb[j]);
		}
	}
	return true;
}

/* The attacker's stones that reading may take as safe walls around the
 * groups of colour dc (wall[p] = 1): those of pass-alive chains, and
 * with `playouts` set, those of groups the playouts give to the
 * attacker by WALL_SURE that have WALL_OUTSIDE liberties or more away
 * from the defender's stones (a group short of such liberties may be
 * in a race with the very group it encloses). */
static void
find_walls(int w, int h, const uint8_t *col, const uint8_t *alive,
	   const int16_t *cid, int *par, const double *gm, int dc,
	   bool playouts, uint8_t *wall)
{
	int np = w * h, outside[SCORE_MAX_POINTS];
	for (int p = 0; p < np; p++)
		outside[p] = 0;
	for (int p = 0; p < np && playouts; p++) {
		int nb[4], k, g[4], ng = 0, near = 0;
		if (col[p])
			continue;
		k = grid_nbrs(w, h, p, nb);
		for (int i = 0; i < k; i++)
			near |= col[nb[i]] == dc;
		if (near)
			continue;
		for (int i = 0; i < k; i++) {
			if (col[nb[i]] != 3 - dc)
				continue;
			int a = find(par, cid[nb[i]]), dup = 0;
			for (int j = 0; j < ng; j++)
				dup |= g[j] == a;
			if (!dup)
				g[ng++] = a;
		}
		for (int j = 0; j < ng; j++)
			outside[g[j]]++;
	}
	for (int p = 0; p < np; p++)
		wall[p] =
		    col[p] == 3 - dc &&
		    (alive[p] || (playouts && gm[cid[p]] >= WALL_SURE &&
				  outside[find(par, cid[p])] >= WALL_OUTSIDE));
}

/* Chains of colour c that the decisions so far call dead but that
 * border a roomy area of their own: an area of at least ROOM_MIN empty
 * points (counting through the opponent's dead stones) whose every
 * other border is a stone of colour c.  No eye shape that large can be
 * killed, and c can connect through it, so the chains' whole groups
 * live: the light playouts lose such groups when the opponent's random
 * moves inside the area are not answered (revive[] is per group root). */
static void
roomy_groups(int w, int h, const uint8_t *col, const int16_t *cid,
	     const uint8_t *cdead, int *par, int c, uint8_t *revive)
{
	int np = w * h, stack[SCORE_MAX_POINTS], members[SCORE_MAX_POINTS];
	uint8_t seen[SCORE_MAX_POINTS];
	memset(seen, 0, sizeof(seen));
	for (int p0 = 0; p0 < np; p0++) {
		if (seen[p0] || col[p0] == c ||
		    (col[p0] == 3 - c && !cdead[cid[p0]]))
			continue;
		int sp = 0, nm = 0, nempty = 0, open = 0;
		seen[p0] = 1;
		stack[sp++] = p0;
		while (sp > 0) {
			int q = stack[--sp], nb[4], k = grid_nbrs(w, h, q, nb);
			members[nm++] = q;
			nempty += col[q] == SCORE_EMPTY;
			for (int i = 0; i < k; i++) {
				int t = nb[i];
				if (col[t] == c)
					continue;
				if (col[t] == 3 - c && !cdead[cid[t]]) {
					open = 1; /* a living opponent stone */
					continue;
				}
				if (!seen[t]) {
					seen[t] = 1;
					stack[sp++] = t;
				}
			}
		}
		if (open || nempty < ROOM_MIN)
			continue;
		for (int j = 0; j < nm; j++) {
			int nb[4], k = grid_nbrs(w, h, members[j], nb);
			for (int i = 0; i < k; i++)
				if (col[nb[i]] == c && cdead[cid[nb[i]]])
					revive[find(par, cid[nb[i]])] = 1;
		}
	}
}

/* The group that encloses the group of the stone at p0 alone (its
 * root in par[]), or -1: flooding from p0 through its group's stones
 * and the empty points around them meets stones of one opponent group
 * only, no other group of its own colour, and no more than INSIDE_MAX
 * empty points.  Such a group is no partner in a race with its
 * encloser: it is a stone in the encloser's eye space (the vital point
 * of a bulky five, say), and the encloser's life is a matter of that
 * eye space, on which the playouts' verdict stands. */
static int
encloser(int w, int h, const uint8_t *col, const int16_t *cid, int *par, int p0)
{
	int stack[SCORE_MAX_POINTS], sp = 0, nempty = 0, enc = -1;
	int c = col[p0], g = find(par, cid[p0]);
	uint8_t seen[SCORE_MAX_POINTS];
	memset(seen, 0, (size_t)(w * h));
	seen[p0] = 1;
	stack[sp++] = p0;
	while (sp > 0) {
		int q = stack[--sp], nb[4], k = grid_nbrs(w, h, q, nb);
		for (int a = 0; a < k; a++) {
			int t = nb[a];
			if (seen[t])
				continue;
			if (col[t] == 3 - c) {
				int e = find(par, cid[t]);
				if (enc >= 0 && e != enc)
					return -1;
				enc = e;
				continue;
			}
			if (col[t] == c && find(par, cid[t]) != g)
				return -1;
			if (col[t] == SCORE_EMPTY && ++nempty > INSIDE_MAX)
				return -1;
			seen[t] = 1;
			stack[sp++] = t;
		}
	}
	return enc;
}

/* Is chain x among the stones a race's loser loses: the group of root
 * `loser` when it is called dead, else (a chain called alive) only the
 * chain `lchain` that was read, whose group may live without it? */
static bool
lost(int *par, const uint8_t *cdead, int x, int loser, int lchain)
{
	return cdead[lchain] ? find(par, x) == loser : x == lchain;
}

/* The winner of a race (the chain through p0) against the chain lchain
 * of the group of root `loser` lives when, with the loser's stones
 * (lost()) taken off the board, its dragon has two eyes even with the
 * attacker moving first (as in step 7b): capturing a lone stone inside
 * a wall gains a liberty, not life. */
static bool
revive_winner(int w, int h, const uint8_t *col, const int16_t *cid, int *par,
	      uint8_t *cdead, int nch, int p0, int loser, int lchain,
	      uint8_t *raced)
{
	static _Thread_local struct dragons dr;
	uint8_t c2[SCORE_MAX_POINTS], dd[SCORE_MAX_POINTS];
	int np = w * h;
	for (int p = 0; p < np; p++) {
		c2[p] = col[p] && lost(par, cdead, cid[p], loser, lchain)
			    ? 0
			    : col[p];
		dd[p] = c2[p] && cdead[cid[p]];
	}
	/* A chain called alive that loses is captured by filling all its
	 * liberties, the shared ones too: the winner has stones there, and
	 * its eyes are judged with them (a chain of a group called dead is
	 * judged as before: its group's points are the winner's to use). */
	for (int p = 0; !cdead[lchain] && p < np; p++) {
		if (col[p] != SCORE_EMPTY)
			continue;
		int nb[4], k = grid_nbrs(w, h, p, nb);
		for (int t = 0; t < k; t++)
			if (cid[nb[t]] == lchain && col[nb[t]]) {
				c2[p] = col[p0];
				break;
			}
	}
	dragon_find(w, h, c2, dd, &dr);
	int g = dr.id[p0];
	if (g < 0 || dr.eyes_att[g] < 2 || dr.min_libs[g] < 2)
		return false;
	int r = find(par, cid[p0]);
	raced[r] = 1;
	for (int x = 0; x < nch; x++)
		if (find(par, x) == r)
			cdead[x] = 0;
	return true;
}

/* May chain i (of the chain ids in cid[]) race in read_races()?  Called
 * dead, but not far from the margin; or (RACE_UNSURE) called alive,
 * but not far over it. */
static bool
race_unclear(int i, const uint8_t *cdead, const double *gm)
{
	if (cdead[i])
		return gm[i] >= -RACE_BAND && gm[i] <= RACE_BAND;
	return RACE_UNSURE && gm[i] <= ALIVE_MARGIN + READ_BAND;
}

/* Chain lchain, of the group of root `loser`, is captured whoever moves
 * first by the chain through p0.  When the winner lives (called alive,
 * or revive_winner()), the loser is dead (its group too when it was
 * called dead), and its group is marked raced[].  Otherwise the winner
 * is noted in beaten[lchain] (its chain id + 1): should a later step
 * find that it lives, the loser dies then (RACE_LATE). */
static void
race_lost(int w, int h, const uint8_t *col, const int16_t *cid, int *par,
	  uint8_t *cdead, int nch, int p0, int loser, int lchain,
	  uint8_t *raced, int16_t *beaten)
{
	if (cdead[cid[p0]] && !revive_winner(w, h, col, cid, par, cdead, nch,
					     p0, loser, lchain, raced)) {
		beaten[lchain] = (int16_t)(cid[p0] + 1);
		return;
	}
	raced[loser] = 1;
	cdead[lchain] = 1; /* if the group was dead, it still is */
}

/* Races between two unclear groups side by side (race_unclear(), at
 * least one called dead): for each pair of adjacent chains of such
 * groups, read the race with each side first (race_read).  A group
 * whose chain is never captured, whoever moves first, lives (it wins
 * the race or it is a seki), and the pair is marked raced[] (per group
 * root) so that the playouts' comparison of step 5 does not decide it
 * again; a group captured whoever moves first is dead (when its winner
 * lives) and is marked too.  A race whose outcome depends on the side
 * to move, or that reading does not settle, is left to step 5.
 *
 * Why a chain called alive is read as well: light random playouts give
 * a race to the side with an eye, or with more liberties to fill
 * before its own, much more often than the race itself does
 * (LIFEDEATH.md: eye against no eye, approach moves), so the loser can
 * come out alive by a fair margin. */
static void
read_races(const struct board *b, int w, int h, const uint8_t *col,
	   const uint8_t *alive, const int16_t *cid, int *par, const double *gm,
	   uint8_t *cdead, int nch, uint8_t *raced, int16_t *beaten)
{
	int np = w * h, reads = 0;
	uint8_t done[SCORE_MAX_POINTS];
	for (int i = 0; i < nch; i++)
		done[i] = 0;
	/* the pairs of two chains called dead first, so that the others
	 * cannot take their readings */
	for (int t = 0; t < np * (1 + RACE_UNSURE) && reads < RACE_MAX_READS;
	     t++) {
		int p = t % np, both = t < np;
		int c = col[p], i = cid[p];
		if (c != SCORE_BLACK || alive[p] || !race_unclear(i, cdead, gm))
			continue;
		int nb[4], k = grid_nbrs(w, h, p, nb);
		for (int n = 0; n < k && reads < RACE_MAX_READS; n++) {
			int q = nb[n], j = cid[q];
			if (col[q] != SCORE_WHITE || alive[q] ||
			    !race_unclear(j, cdead, gm) ||
			    (both ? !(cdead[i] && cdead[j])
				  : cdead[i] == cdead[j]))
				continue;
			/* one reading per pair of chains */
			if (done[i] && done[j])
				continue;
			bpt a = board_pt(b, p % w, p / w);
			bpt bb = board_pt(b, q % w, q / w);
			/* more liberties than this is no race reading can
			 * settle within its budget */
			int libs = board_libs(b, a) + board_libs(b, bb);
			if (libs > (both ? RACE_MAX_LIBS : RACE_UNSURE_LIBS)) {
				done[i] = done[j] = 1;
				continue;
			}
			int v1, v2;
			reads++;
			done[i] = done[j] = 1;
			if (both) {
				v1 = race_read(b, a, bb, BOARD_BLACK,
					       RACE_BUDGET);
				v2 = race_read(b, a, bb, BOARD_WHITE,
					       RACE_BUDGET);
			} else {
				/* only the loss of the chain called alive
				 * changes anything, and one reading shows
				 * it: a chain captured although it moves
				 * first (it may pass) is captured whoever
				 * does */
				int lose = cdead[i] ? RACE_WIN : RACE_LOSE;
				v1 = v2 = race_read(b, a, bb,
						    cdead[i] ? BOARD_WHITE
							     : BOARD_BLACK,
						    RACE_BUDGET);
				if (v1 != lose)
					continue;
			}
			if (v1 == RACE_UNKNOWN || v2 == RACE_UNKNOWN)
				continue;
			int lo = v1 < v2 ? v1 : v2, hi = v1 < v2 ? v2 : v1;
			int ri = find(par, i), rj = find(par, j);
			if (hi == RACE_LOSE)
				race_lost(w, h, col, cid, par, cdead, nch, q,
					  ri, i, raced, beaten);
			if (lo == RACE_WIN)
				race_lost(w, h, col, cid, par, cdead, nch, p,
					  rj, j, raced, beaten);
			if (lo == RACE_SEKI && hi == RACE_SEKI) {
				raced[ri] = raced[rj] = 1;
				for (int x = 0; x < nch; x++)
					if (find(par, x) == ri ||
					    find(par, x) == rj)
						cdead[x] = 0;
			}
		}
	}
}

/* How many liberties chains i and j (ids in cid[]) share; -1 when a
 * third chain called dead touches either of them. */
static int
shared_libs(int w, int h, const uint8_t *col, const int16_t *cid,
	    const uint8_t *cdead, int i, int j)
{
	int shared = 0;
	for (int e = 0; e < w * h; e++) {
		int nb[4], k = grid_nbrs(w, h, e, nb), ti = 0, tj = 0;
		for (int u = 0; u < k; u++) {
			if (!col[nb[u]])
				continue;
			ti |= cid[nb[u]] == i;
			tj |= cid[nb[u]] == j;
		}
		if (!col[e])
			shared += ti && tj;
		else if (cid[e] != i && cid[e] != j && cdead[cid[e]] &&
			 (ti || tj))
			return -1;
	}
	return shared;
}

/* Light playouts fill shared liberties and so kill one side of every
 * seki, often with confidence, where step 5 reads no race.  A pair of
 * adjacent chains of both colours, one of them called dead, each with
 * at most SEKI_PAIR_LIBS liberties and two or more of them shared, is
 * read with each side first (race_read); a seki both ways leaves both
 * chains alive, and their groups are marked raced[].  The reading takes
 * every other stone as it stands, so a pair next to a third chain
 * called dead is not read: capturing that chain gives liberties (a ring
 * that looks short of liberties next to dead stones is no seki). */
static void
read_seki_pairs(const struct board *b, int w, int h, const uint8_t *col,
		const uint8_t *alive, const int16_t *cid, int *par,
		uint8_t *cdead, uint8_t *raced)
{
	int np = w * h, reads = 0, tried[RACE_MAX_READS][2];
	for (int p = 0; p < np && reads < RACE_MAX_READS; p++) {
		int i = cid[p];
		if (col[p] != SCORE_BLACK || alive[p])
			continue;
		int nb[4], k = grid_nbrs(w, h, p, nb);
		for (int t = 0; t < k && reads < RACE_MAX_READS; t++) {
			int q = nb[t], j = cid[q], seen = 0;
			if (col[q] != SCORE_WHITE || alive[q] ||
			    (!cdead[i] && !cdead[j]))
				continue;
			bpt a = board_pt(b, p % w, p / w);
			bpt bb = board_pt(b, q % w, q / w);
			if (board_libs(b, a) > SEKI_PAIR_LIBS ||
			    board_libs(b, bb) > SEKI_PAIR_LIBS)
				continue;
			for (int r = 0; r < reads; r++)
				seen |= tried[r][0] == i && tried[r][1] == j;
			if (seen ||
			    shared_libs(w, h, col, cid, cdead, i, j) < 2)
				continue;
			tried[reads][0] = i;
			tried[reads][1] = j;
			reads++;
			if (race_read(b, a, bb, BOARD_BLACK, RACE_BUDGET) !=
				RACE_SEKI ||
			    race_read(b, a, bb, BOARD_WHITE, RACE_BUDGET) !=
				RACE_SEKI)
				continue;
			cdead[i] = cdead[j] = 0;
			raced[find(par, i)] = raced[find(par, j)] = 1;
		}
	}
}

/* Mean ownership of each chain's group from the group's point of view
 * (gm[], -1..1) and the group's number of stones (gcnt[]), from the
 * chains' ownership sums over n playouts and their sizes. */
static void
group_means(int nch, int *par, const double *sum, const int *ccnt, int n,
	    double *gm, int *gcnt)
{
	double gsum[SCORE_MAX_POINTS];
	int g[SCORE_MAX_POINTS];
	for (int i = 0; i < nch; i++) {
		gsum[i] = 0;
		g[i] = 0;
	}
	for (int i = 0; i < nch; i++) {
		int a = find(par, i);
		gsum[a] += sum[i];
		g[a] += ccnt[i];
	}
	for (int i = 0; i < nch; i++) {
		int a = find(par, i);
		gm[i] = gsum[a] / (g[a] * (double)n);
		gcnt[i] = g[a];
	}
}

int
score_estimate(struct score_pos *pos, const struct score_estimate_opts *o)
{
	int w = pos->w, h = pos->h, np = w * h;
	static _Thread_local struct board b;
	static _Thread_local uint8_t forbid[BOARD_ARR];
	static _Thread_local int own[BOARD_ARR];
	uint8_t alive[SCORE_MAX_POINTS], terr[SCORE_MAX_POINTS];
	bpt at[SCORE_MAX_POINTS];
	int16_t cid[SCORE_MAX_POINTS];
	double sum[SCORE_MAX_POINTS], gm[SCORE_MAX_POINTS];
	int cnt[SCORE_MAX_POINTS], ccnt[SCORE_MAX_POINTS];
	int par[SCORE_MAX_POINTS], nch = 0;
	uint8_t cdead[SCORE_MAX_POINTS];

	memset(pos->dead, 0, sizeof(pos->dead));
	memset(pos->owner_hint, 0, sizeof(pos->owner_hint));
	pos->open = o->unfinished;
	if (w < 1 || h < 1 || w > SCORE_MAX_SIDE || h > SCORE_MAX_SIDE)
		return -1;

	board_init(&b, w, h);
	for (int p = 0; p < np; p++) {
		at[p] = board_pt(&b, p % w, p / w);
		if (pos->color[p])
			board_put(&b, at[p], pos->color[p]);
	}
	board_setup_done(&b);
	/* The colours as the board has them: a chain without liberty in
	 * the grid (possible only in a hand-made one) was removed by the
	 * setup, and is dead. */
	uint8_t col[SCORE_MAX_POINTS];
	int stones = 0;
	for (int p = 0; p < np; p++) {
		col[p] = (uint8_t)board_color(&b, at[p]);
		stones += col[p] != SCORE_EMPTY;
		if (pos->color[p] && !col[p])
			pos->dead[p] = 1;
	}
	/* A few stones on an open board: nothing to judge yet (and a
	 * stream of such records must cost next to nothing), unless the
	 * players declared it finished by a pass: a game given up after a
	 * few moves still has its dead stones. */
	if (!o->end_passes && stones * SCORE_OPEN_STONES_DIV < np) {
		pos->open = true;
		return 0;
	}

	/* 1. Unconditional life: never questioned; the playouts do not
	 * waste moves inside the territory it proves. */
	benson_solve(w, h, col, alive, terr);
	memset(forbid, 0, sizeof(forbid));
	for (int p = 0; p < np; p++)
		if (terr[p] && col[p] == SCORE_EMPTY)
			forbid[at[p]] = 1;

	/* 2. Ownership by playouts, half of them with each side first. */
	struct playout_opts po;
	po.playouts = o->playouts > 0 ? o->playouts
		      : o->unfinished ? SCORE_OPEN_PLAYOUTS
				      : SCORE_PLAYOUTS;
	po.seed = o->seed;
	po.first = o->to_move == SCORE_WHITE ? BOARD_WHITE : BOARD_BLACK;
	po.forbid = forbid;
	po.last = o->last >= 0 && o->last < np ? at[o->last] : BPT_NONE;
	int n = playout_ownership(&b, &po, own, NULL);

	/* 3. Chains, and their ownership from their own point of view. */
	for (int p = 0; p < np; p++)
		cid[p] = -1;
	for (int p = 0; p < np; p++) {
		int c = col[p];
		if (!c || cid[p] >= 0)
			continue;
		int id = nch++;
		sum[id] = 0;
		ccnt[id] = 0;
		bpt s = at[p];
		do {
			int q = board_y(&b, s) * w + board_x(&b, s);
			cid[q] = (int16_t)id;
			sum[id] += own[s] * (c == SCORE_BLACK ? 1.0 : -1.0);
			ccnt[id]++;
			s = board_next(&b, s);
		} while (s != at[p]);
	}

	/* 4. Chains that share a liberty share their fate: decide per
	 * group (the union of such chains of one colour). */
	for (int i = 0; i < nch; i++)
		par[i] = i;
	for (int p = 0; p < np; p++) {
		int nb[4], k, cols[4];
		if (col[p])
			continue;
		k = grid_nbrs(w, h, p, nb);
		for (int i = 0; i < k; i++)
			cols[i] = col[nb[i]];
		for (int i = 0; i < k; i++)
			for (int j = i + 1; j < k; j++)
				if (cols[i] && cols[j] == cols[i]) {
					int a = find(par, cid[nb[i]]);
					int bb = find(par, cid[nb[j]]);
					if (a != bb)
						par[a] = bb;
				}
	}
	group_means(nch, par, sum, ccnt, n, gm, cnt);

	/* A group near the threshold gets as many playouts again from
	 * another random stream, and is decided on all of them: fewer
	 * decisions are left to sampling noise. */
	{
		int border = 0;
		for (int p = 0; p < np; p++)
			if (col[p] && !alive[p] &&
			    gm[cid[p]] > ALIVE_MARGIN - BORDER &&
			    gm[cid[p]] < ALIVE_MARGIN + BORDER)
				border = 1;
		if (border && !o->unfinished) {
			static _Thread_local int own2[BOARD_ARR];
			struct playout_opts po2 = po;
			po2.seed = po.seed ^ 0xA5A5A5A5DEADBEEFULL;
			n += playout_ownership(&b, &po2, own2, NULL);
			for (int i = 0; i < nch; i++)
				sum[i] = 0;
			for (int p = 0; p < np; p++) {
				int c = col[p];
				own[at[p]] += own2[at[p]];
				if (c)
					sum[cid[p]] +=
					    own[at[p]] *
					    (c == SCORE_BLACK ? 1.0 : -1.0);
			}
			group_means(nch, par, sum, ccnt, n, gm, cnt);
		}
	}
	for (int i = 0; i < nch; i++)
		cdead[i] = gm[i] < ALIVE_MARGIN;

	/* 5. Two unclear groups of both colours side by side (a race the
	 * random playouts split evenly) cannot both be dead: the one the
	 * playouts like better lives, or the larger on a tie.  A group
	 * inside the other is not a race partner but a stone in its eye
	 * space. */
	uint8_t raced[SCORE_MAX_POINTS];  /* per group root */
	int16_t beaten[SCORE_MAX_POINTS]; /* per chain, race_lost() */
	memset(raced, 0, sizeof(raced));
	memset(beaten, 0, sizeof(beaten));
	if (RACE_READ)
		read_races(&b, w, h, col, alive, cid, par, gm, cdead, nch,
			   raced, beaten);
	/* (not in an open position: nobody settled its liberties) */
	if (SEKI_PAIRS && !o->unfinished)
		read_seki_pairs(&b, w, h, col, alive, cid, par, cdead, raced);
	if (RACE_PAIRS) {
		uint8_t loser[SCORE_MAX_POINTS], paired[SCORE_MAX_POINTS];
		memset(loser, 0, sizeof(loser));
		memset(paired, 0, sizeof(paired));
		int enc[SCORE_MAX_POINTS]; /* per group root, -2: not yet */
		for (int i = 0; i < nch; i++)
			enc[i] = -2;
		for (int p = 0; p < np; p++) {
			int g;
			if (!col[p] || alive[p] || !cdead[cid[p]] ||
			    gm[cid[p]] < -RACE_BAND || gm[cid[p]] > RACE_BAND)
				continue;
			g = find(par, cid[p]);
			if (enc[g] == -2)
				enc[g] = encloser(w, h, col, cid, par, p);
		}
		for (int p = 0; p < np; p++) {
			int c = col[p], i;
			if (!c || alive[p])
				continue;
			i = cid[p];
			if (raced[find(par, i)])
				continue;
			if (!cdead[i] || gm[i] < -RACE_BAND ||
			    gm[i] > RACE_BAND)
				continue;
			int x = p % w, y = p / w;
			for (int dy = -2; dy <= 2; dy++)
				for (int dx = -2; dx <= 2; dx++) {
					int xx = x + dx, yy = y + dy, q, j;
					if ((dx < 0 ? -dx : dx) +
						    (dy < 0 ? -dy : dy) >
						2 ||
					    xx < 0 || yy < 0 || xx >= w ||
					    yy >= h)
						continue;
					q = yy * w + xx;
					if (col[q] != 3 - c || alive[q])
						continue;
					j = cid[q];
					if (RACE_PARTNER == 0 &&
					    raced[find(par, j)])
						continue;
					if (!cdead[j] || gm[j] < -RACE_BAND ||
					    gm[j] > RACE_BAND ||
					    enc[find(par, j)] == find(par, i))
						continue;
					paired[i] = 1;
					if (gm[i] < gm[j] ||
					    (gm[i] == gm[j] && cnt[i] < cnt[j]))
						loser[i] = 1;
				}
		}
		for (int i = 0; i < nch; i++)
			if (paired[i] && !loser[i] &&
			    cnt[i] >= np / RACE_MIN_STONES_DIV)
				cdead[i] = 0;
	}

	/* 6. Closed groups (all liberties in small regions they enclose,
	 * with pass-alive attacker chains as walls) are read exactly: the
	 * main chain of one that lives even if the attacker plays first is
	 * alive; one that dies even if it plays first (and whose walls are
	 * safe) is dead, and the attacker's stones inside it are alive;
	 * one that lives or dies by who plays first is decided by the
	 * rules and the side to move (unsettled()).
	 * A second round reads the semi-closed groups that the playouts
	 * left near the threshold, with the attacker groups they call
	 * safe as walls too. */
	uint8_t decided[SCORE_MAX_POINTS];
	/* the second round's problems per colour, read again in 6b, and
	 * whether each lives with the attacker first (-1: not read yet) */
	struct ld_problem prs2[2][LD_PROBLEMS];
	int8_t lives2[2][LD_PROBLEMS];
	int npr2[2] = {0, 0};
	memset(decided, 0, sizeof(decided));
	for (int t = 0; t < 2 * LD_ROUNDS; t++) {
		int round = t / 2, dc = SCORE_BLACK + t % 2;
		struct ld_problem *prs = prs2[t % 2];
		uint8_t wall[SCORE_MAX_POINTS];
		find_walls(w, h, col, alive, cid, par, gm, dc, round == 1,
			   wall);
		int npr = ld_find_walls(&b, col, wall, dc, prs, LD_PROBLEMS);
		npr2[t % 2] = npr;
		memset(lives2[t % 2], -1, sizeof(lives2[0]));
		for (int k = 0; k < npr; k++) {
			const struct ld_problem *pr = &prs[k];
			int st = -1;
			int m = cid[board_y(&b, pr->main) * w +
				    board_x(&b, pr->main)];
			if (round == 1 &&
			    (decided[m] || gm[m] < ALIVE_MARGIN - READ_BAND ||
			     gm[m] > ALIVE_MARGIN + READ_BAND))
				continue;
			int att = ld_read(&b, pr, BOARD_OPP(dc), LD_BUDGET);
			lives2[t % 2][k] = att == 1;
			if (att == 1) {
				st = 1;
			} else if (safe_walls(&b, pr, alive, cid, cdead, gm)) {
				int def = ld_read(&b, pr, dc, LD_BUDGET);
				if (def == 0)
					st = 0;
				else if (LD_UNSETTLED && att == 0 && def == 1)
					st = unsettled(&b, pr, o);
			}
			if (st < 0)
				continue;
			decided[m] = 1;
			if (st == 1) {
				/* the main chain lives, and so do the chains
				 * that share a liberty with it: the playouts
				 * judged them as one group, and it is that
				 * judgement that reading has overruled (a
				 * lone stone next to the eyes would otherwise
				 * stay dead inside a living group) */
				int root = find(par, m);
				for (int i = 0; i < nch; i++)
					if (find(par, i) == root)
						cdead[i] = 0;
				continue;
			}
			for (int i = 0; i < pr->n; i++) {
				bpt q = pr->area[i];
				bpt nb[5] = {q, q - 1, q + 1, q - b.stride,
					     q + b.stride};
				for (int j = 0; j < 5; j++) {
					int c = board_color(&b, nb[j]);
					if (c != BOARD_BLACK &&
					    c != BOARD_WHITE)
						continue;
					int g = board_y(&b, nb[j]) * w +
						board_x(&b, nb[j]);
					cdead[cid[g]] = c == dc;
				}
			}
		}
	}

	/* 6b. Seki inside a closed group (the problems of step 6's second
	 * round, whose walls are the ones read here): the attacker's
	 * chains in the regions of a living group that the group can neither
	 * capture nor make harmless by pass-alive eyes (ld_read_seki, the
	 * defender first) live with it, and the points around them are no
	 * one's. Light playouts fill the shared liberties and kill one side. */
	int seki_reads = 0;
	for (int dc = SCORE_BLACK; SEKI_READ && dc <= SCORE_WHITE; dc++) {
		for (int k = 0; k < npr2[dc - SCORE_BLACK]; k++) {
			const struct ld_problem *pr =
			    &prs2[dc - SCORE_BLACK][k];
			int m = cid[board_y(&b, pr->main) * w +
				    board_x(&b, pr->main)];
			int8_t *lives = &lives2[dc - SCORE_BLACK][k];
			int seki = 0;
			for (int i = 0; i < pr->n; i++) {
				bpt q = pr->area[i];
				int g = board_y(&b, q) * w + board_x(&b, q);
				/* one reading per chain, from its head */
				if (col[g] != 3 - dc || !cdead[cid[g]] ||
				    board_head(&b, q) != q ||
				    seki_reads >= SEKI_MAX_READS)
					continue;
				seki_reads++;
				if (*lives < 0)
					*lives = ld_read(&b, pr, BOARD_OPP(dc),
							 LD_BUDGET) == 1;
				if (!*lives ||
				    ld_read_seki(&b, pr, q, LD_BUDGET) != 1)
					continue;
				seki = 1;
				cdead[cid[g]] = 0;
			}
			if (!seki)
				continue;
			int root = find(par, m);
			for (int i = 0; i < nch; i++)
				if (find(par, i) == root)
					cdead[i] = 0;
		}
	}

	/* 7. A group the decisions above killed next to a roomy area of
	 * its own lives after all. */
	for (int c = SCORE_BLACK; ROOMY && c <= SCORE_WHITE; c++) {
		uint8_t revive[SCORE_MAX_POINTS];
		memset(revive, 0, sizeof(revive));
		roomy_groups(w, h, col, cid, cdead, par, c, revive);
		for (int i = 0; i < nch; i++)
			if (revive[find(par, i)])
				cdead[i] = 0;
	}

	/* 7b. A dragon whose eye spaces give two eyes even when the
	 * attacker moves first lives, whatever the playouts said (none of
	 * its chains in atari: such a chain can be cut off). */
	if (DRAGON_EYES) {
		static _Thread_local struct dragons dr;
		uint8_t dd[SCORE_MAX_POINTS];
		for (int p = 0; p < np; p++)
			dd[p] = col[p] && cdead[cid[p]];
		dragon_find(w, h, col, dd, &dr);
		for (int p = 0; p < np; p++) {
			int g = dr.id[p];
			if (col[p] && g >= 0 && dr.eyes_att[g] >= 2 &&
			    dr.min_libs[g] >= 2)
				cdead[cid[p]] = 0;
		}
	}

	/* 7c. A chain that lost a race whoever moved first, to a chain
	 * that a later step found alive, is dead after all (step 5 could
	 * not tell that the winner lives, and left the pair to the
	 * playouts). */
	for (int i = 0; RACE_LATE && i < nch; i++)
		if (beaten[i] && !cdead[beaten[i] - 1])
			cdead[i] = 1;

	/* 8. Benson overrides everything. */
	for (int p = 0; p < np; p++) {
		int c = col[p];
		if (!c || alive[p])
			continue;
		if (terr[p] == 3 - c || cdead[cid[p]])
			pos->dead[p] = 1;
	}
	/* Points of pass-alive territory are that side's whatever the
	 * flood fill says (a dead stone may sit on the boundary). */
	for (int p = 0; p < np; p++)
		if (!col[p] && terr[p])
			pos->owner_hint[p] = terr[p];
	/* In an open position the open areas are counted for the side
	 * the playouts give them to (an estimate, as a score estimator
	 * gives one); in a final position they are dame. */
	for (int p = 0; p < np && o->unfinished; p++) {
		if (col[p] || terr[p])
			continue;
		if (own[at[p]] >= OPEN_OWNER * n)
			pos->owner_hint[p] = SCORE_BLACK;
		else if (own[at[p]] <= -OPEN_OWNER * n)
			pos->owner_hint[p] = SCORE_WHITE;
	}
	return 0;
}
