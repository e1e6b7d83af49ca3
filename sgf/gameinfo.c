/*
 * gameinfo.c - read and interpret the game-information properties.
 *
 * Results and komi are where servers disagree most with the standard,
 * so both are read as the spellings seen in real archives (see
 * ../shared/docs/SGF.md section 5 and RULESETS.md notes on zi; the
 * readers are result.c's and number.c's) and gi->notes says what was
 * made of them.
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fmt_internal.h"
#include "formats.h"
#include "gameinfo.h"
#include "internal.h"

/* A note about the value at byte offset off of the game text. */
static void
note(struct sgf_gameinfo *gi, uint32_t off, const char *fmt, ...)
{
	va_list ap;

	if (gi->nnotes >= SGF_GAMEINFO_NOTES)
		return;
	gi->note_off[gi->nnotes] = off;
	va_start(ap, fmt);
	vsnprintf(gi->notes[gi->nnotes++], sizeof(gi->notes[0]), fmt, ap);
	va_end(ap);
}

/* A quarter value such as 3.75 or 0.25: Chinese results in zi. */
static int
is_quarter(double v)
{
	double f = fabs(v) - floor(fabs(v));

	return fabs(f - 0.25) < 1e-9 || fabs(f - 0.75) < 1e-9;
}

/* ---------------------------------------------------------------------
 * Komi.
 */

/* Interpret a komi value: plain points, Fox hundredths of a zi
 * (KM[375] = 3.75 zi = 7.5), Chinese quarter-stone zi (KM[3.75]), or
 * points with a decimal comma (KM[6,5]).  fox: the record says it
 * comes from Fox (AP[foxwq]), whose KM is always in hundredths, also
 * below 200: KM[50] is the half point of a handicap game.  Sets
 * gi->komi_form when the value was not taken as written.  Returns 0
 * with *komi set, -1 if not a number. */
static int
interpret_komi(struct sgf_gameinfo *gi, const char *raw, uint32_t off, bool fox,
	       double *komi, int *zi)
{
	double v;
	bool comma;

	*zi = 0;
	if (sgf_real_comma(raw, &v, &comma) < 0)
		return -1;
	if (comma) {
		gi->komi_form = "written with a decimal comma";
		note(gi, off, "komi '%s' read as %.15g (decimal comma)", raw,
		     v);
	}
	/* Fox writes whole numbers: KM[250.5] is no hundredths */
	if (v == floor(v) &&
	    (fabs(v) >= 200 || (fox && v != 0 && fmod(fabs(v), 25) == 0))) {
		double p = v / 100;
		if (is_quarter(p) && fabs(p) <= 4) {
			*zi = 1;
			p *= 2;
		}
		gi->komi_form = "komi in hundredths (Fox)";
		note(gi, off,
		     "komi '%s' read as %.15g (hundredths, Fox dialect)", raw,
		     p);
		v = p;
	} else if (is_quarter(v) && fabs(v) <= 4) {
		gi->komi_form = "komi in stones (zi, Chinese)";
		note(gi, off, "komi '%s' read as %.15g (quarter stones, zi)",
		     raw, v * 2);
		*zi = 1;
		v *= 2;
	}
	/* KM[-0] is 0 (sgf_real keeps the sign for NGF's "-0", -0.5):
	 * a negative zero would print as "komi -0" */
	*komi = v == 0 ? 0 : v;
	return 0;
}

int
sgf_root_is_fox(const struct sgf_node *root)
{
	for (const struct sgf_prop *p = root->props; p; p = p->next)
		if (p->pid == SGF_P_AP)
			for (const struct sgf_value *v = p->values; v;
			     v = v->next)
				if (strcasestr(v->s, "foxwq"))
					return 1;
	return 0;
}

/* ---------------------------------------------------------------------
 * The whole record.
 */

/* The root's known properties by pid (the first of each, as
 * sgf_node_prop() finds it): one pass over the root instead of one per
 * value looked up. */
struct root_ix {
	const struct sgf_prop *p[SGF_P_COUNT];
};

static void
root_ix_build(struct root_ix *ix, const struct sgf_node *root)
{
	const struct sgf_prop *p;

	memset(ix, 0, sizeof(*ix));
	for (p = root->props; p; p = p->next)
		if (p->pid != SGF_P_OTHER && (unsigned)p->pid < SGF_P_COUNT &&
		    !ix->p[p->pid])
			ix->p[p->pid] = p;
}

static const char *
value_or_null(const struct root_ix *ix, enum sgf_pid pid)
{
	const struct sgf_prop *p = ix->p[pid];
	const char *v = p && p->values ? p->values->s : NULL;

	return v && *v ? v : NULL;
}

/* Where a note about the root's property pid points: its value, as the
 * writers' notes do (fmt_root_off), or the root when it has none (a
 * value found elsewhere). */
static uint32_t
note_off(const struct sgf_game *g, enum sgf_pid pid)
{
	uint32_t off = fmt_root_off(g, pid);

	return off ? off : g->root->off;
}

static void
count_point(int x, int y, void *ctx)
{
	(*(int *)ctx)++;
}

/* The handicap of a record without HA (OGS and others omit it), read
 * from the main line up to White's first move: the black stones set
 * up before it (in the root or a later node: nodes of comments or
 * markup in between change nothing) when White moves first, or Black's
 * moves before it when there are two or more (free placement written
 * as moves), with any such stones.  0 otherwise, and for white or
 * removed stones before it, which make a position, not a handicap. */
static int
implicit_handicap(const struct sgf_game *g, int cols, int rows)
{
	int stones = 0, bmoves = 0;

	for (const struct sgf_node *n = g->root; n; n = n->child) {
		bool b = false, w = false, pass = false;

		for (const struct sgf_prop *p = n->props; p; p = p->next) {
			if (p->pid == SGF_P_AW || p->pid == SGF_P_AE)
				return 0;
			if (p->pid == SGF_P_AB) {
				if (bmoves)
					return 0;
				for (const struct sgf_value *v = p->values; v;
				     v = v->next)
					sgf_point_list(v->s, v->len, cols, rows,
						       count_point, &stones);
			} else if (p->pid == SGF_P_W) {
				w = true;
			} else if (p->pid == SGF_P_B) {
				int x, y;
				b = true;
				pass |= sgf_point(p->values->s, p->values->len,
						  cols, rows, &x, &y) == 0;
			}
		}
		if ((w && b) || (pass && bmoves < 2))
			return 0;
		if (w || pass)
			return bmoves >= 2 ? stones + bmoves
			       : bmoves	   ? 0
					   : stones;
		bmoves += b;
	}
	return 0;
}

/* B and W properties along the main line. */
static int
main_line_moves(const struct sgf_node *n)
{
	const struct sgf_prop *p;
	int moves = 0;

	for (; n; n = n->child)
		for (p = n->props; p; p = p->next)
			if (p->pid == SGF_P_B || p->pid == SGF_P_W)
				moves++;
	return moves;
}

void
sgf_gameinfo(const struct sgf_game *g, struct sgf_gameinfo *gi)
{
	sgf_gameinfo_root(g, gi);
	if (g && g->root)
		gi->moves = main_line_moves(g->root);
}

void
sgf_gameinfo_root(const struct sgf_game *g, struct sgf_gameinfo *gi)
{
	struct root_ix ix;
	const struct sgf_prop *p;
	const char *v;
	uint32_t off;
	int zi = 0;

	memset(gi, 0, sizeof(*gi));
	gi->cols = gi->rows = 19;
	if (!g || !g->root)
		return;
	root_ix_build(&ix, g->root);
	if (sgf_board_size(g, &gi->cols, &gi->rows) < 0) {
		/* a game on an unknown board is still read (and replayed) on
		 * the default one, and says so */
		v = value_or_null(&ix, SGF_P_SZ);
		note(gi, note_off(g, SGF_P_SZ),
		     "SZ[%.20s] is not a board size (1 to %d a side): "
		     "read as 19x19",
		     v ? v : "", SGF_MAX_SIDE);
	}
	gi->black = value_or_null(&ix, SGF_P_PB);
	gi->white = value_or_null(&ix, SGF_P_PW);
	gi->black_rank = value_or_null(&ix, SGF_P_BR);
	gi->white_rank = value_or_null(&ix, SGF_P_WR);
	gi->rules = value_or_null(&ix, SGF_P_RU);
	gi->date = value_or_null(&ix, SGF_P_DT);
	gi->event = value_or_null(&ix, SGF_P_EV);
	gi->game_name = value_or_null(&ix, SGF_P_GN);
	gi->place = value_or_null(&ix, SGF_P_PC);

	/* Komi: KM, else Cyberoro's KO[] in a root without KM. */
	v = value_or_null(&ix, SGF_P_KM);
	off = note_off(g, SGF_P_KM);
	if (!v) {
		p = ix.p[SGF_P_KO];
		if (p && p->values->len) {
			double k;
			off = p->values->off;
			if (sgf_real(p->values->s, &k) == 0) {
				v = p->values->s;
				note(gi, off,
				     "KO[%s] in the root read as komi "
				     "(Cyberoro dialect)",
				     v);
			} else if (sgf_komi_text(p->values->s, &k) == 0) {
				/* Nihon Ki-in: KO[黒6目半] */
				gi->komi_raw = p->values->s;
				gi->komi = k;
				gi->has_komi = true;
				note(gi, off,
				     "KO[%s] in the root read as komi %.15g "
				     "(Nihon Ki-in dialect)",
				     p->values->s, k);
			}
		}
	}
	if (v) {
		gi->komi_raw = v;
		if (interpret_komi(gi, v, off, sgf_root_is_fox(g->root),
				   &gi->komi, &zi) == 0)
			gi->has_komi = true;
		else
			note(gi, off, "komi '%s' is not a number", v);
	}

	/* Result; margins of a zi-komi game are in zi too. */
	gi->result_raw = value_or_null(&ix, SGF_P_RE);
	off = note_off(g, SGF_P_RE);
	if (gi->result_raw) {
		if (sgf_result_parse(gi->result_raw, &gi->result) < 0)
			note(gi, off, "result '%s' not understood",
			     gi->result_raw);
		else if (gi->result.kind == SGF_RES_SCORE && zi &&
			 is_quarter(gi->result.margin)) {
			note(gi, off, "result '%s' read as %c+%.15g (zi)",
			     gi->result_raw, gi->result.winner,
			     gi->result.margin * 2);
			gi->result.margin *= 2;
		} else if (gi->result.kind == SGF_RES_SCORE &&
			   ((strncmp(gi->result_raw, "B+", 2) &&
			     strncmp(gi->result_raw, "W+", 2)) ||
			    strchr(gi->result_raw, ','))) {
			char buf[32];
			sgf_result_format(&gi->result, buf, sizeof(buf));
			note(gi, off, "result '%s' read as %s", gi->result_raw,
			     buf);
		}
	} else {
		char re[64];
		gi->result.kind = SGF_RES_NONE;
		/* KGS: the result may be only in the last comment, after
		 * the chat */
		if (sgf_result_from_comment(g, re, sizeof(re)) == 0 &&
		    sgf_result_parse(re, &gi->result) == 0)
			note(gi, off,
			     "no RE: result %s taken from the last comment "
			     "(KGS)",
			     re);
		else
			gi->result.kind = SGF_RES_NONE;
	}

	/* Cyberoro / Nihon Ki-in roots: TE is the event, RD the date, HD
	 * the handicap (FF[4] gives TE and KO other meanings) */
	if (!gi->event && !gi->date && sgf_node_prop_id(g->root, "RD")) {
		p = sgf_node_prop_id(g->root, "TE");
		if (p && p->values->len) {
			gi->event = p->values->s;
			note(gi, p->values->off,
			     "TE[%s] in the root read as the event", gi->event);
		}
		p = sgf_node_prop_id(g->root, "RD");
		if (p->values->len) {
			gi->date = p->values->s;
			note(gi, p->values->off,
			     "RD[%s] in the root read as the date", gi->date);
		}
	}

	/* Handicap: HA, else the AB stones of the root when White moves
	 * first (OGS and others omit HA). */
	v = value_or_null(&ix, SGF_P_HA);
	off = note_off(g, SGF_P_HA);
	if (!v && (p = sgf_node_prop_id(g->root, "HD")) && p->values->len &&
	    sgf_node_prop_id(g->root, "RD")) {
		v = p->values->s;
		off = p->values->off;
		if (atoi(v) != 0)
			note(gi, off, "HD[%s] in the root read as the handicap",
			     v);
	}
	if (v) {
		/* stones on the board: atoi read HA[99999999999] as a
		 * negative number and HA[-3] as -3 */
		const char *d = v + strspn(v, " \t");
		char *end;
		long ha = strtol(d, &end, 10);
		while (isspace((unsigned char)*end))
			end++;
		if (!isdigit((unsigned char)*d) || *end ||
		    ha > (long)gi->cols * gi->rows) {
			note(gi, off, "HA[%.20s] is not a handicap: ignored",
			     v);
			v = NULL;
		} else {
			gi->handicap = (int)ha;
		}
	}
	if (!v)
		gi->handicap = implicit_handicap(g, gi->cols, gi->rows);

	gi->moves = -1; /* not counted here: see sgf_gameinfo() */
}

int
sgf_rank_value(const char *s, double *out)
{
	char norm[32], *end;
	long n;

	/* fmt_rank writes "<N><k|d|p>" and the marks after it */
	if (!s || !fmt_rank(s, strlen(s), norm, sizeof(norm)))
		return -1;
	n = strtol(norm, &end, 10);
	if (n < 1 || end[strspn(end + 1, "*?") + 1])
		return -1;
	switch (*end) {
	case 'k':
		if (n > 99)
			return -1;
		*out = (double)(1 - n);
		return 0;
	case 'd':
	case 'p':
		if (n > 9)
			return -1;
		*out = (double)(*end == 'd' ? n : 9 + n);
		return 0;
	default:
		return -1;
	}
}
