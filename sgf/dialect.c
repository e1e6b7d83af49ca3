/*
 * dialect.c - server dialects of SGF rewritten into standard SGF (the
 * `--normalize` of convert).  FORMATS.md sections 4 and 5, SGF.md 5
 * and 8.
 *
 * The interpretation itself (what KM[375] means) lives in gameinfo.c so
 * that info, check and score read dialects the same way without changing
 * the record; this file changes the record, and says what it changed.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fmt_internal.h"
#include "formats.h"
#include "gameinfo.h"
#include "internal.h"

static void
report(struct sgf_dialect_report *rep, unsigned bit, const char *fmt, ...)
{
	va_list ap;

	if (!rep)
		return;
	rep->fixed |= bit;
	if (rep->nnotes >= SGF_DIALECT_NOTES)
		return;
	va_start(ap, fmt);
	vsnprintf(rep->notes[rep->nnotes++], sizeof(rep->notes[0]), fmt, ap);
	va_end(ap);
}

static struct sgf_prop *
root_prop(struct sgf_game *g, const char *id)
{
	return (struct sgf_prop *)sgf_node_prop_id(g->root, id);
}

static const char *
root_val(struct sgf_game *g, const char *id)
{
	struct sgf_prop *p = root_prop(g, id);

	return p ? p->values->s : NULL;
}

/* A copy of a value for notes: values point into the arena and stay, but
 * a property set afterwards replaces them. */
static void
copy(char *dst, size_t n, const char *s)
{
	snprintf(dst, n, "%s", s ? s : "");
}

/* "1時間" -> 3600, "30秒" -> 30, "60" -> 60; -1 if not understood. */
static long
seconds_text(const char *s)
{
	char *end;
	long v;

	while (*s && !isdigit((unsigned char)*s))
		s++;
	if (!*s)
		return -1;
	v = strtol(s, &end, 10);
	while (*end == ' ')
		end++;
	if (!*end || !strncmp(end, "秒", strlen("秒")) ||
	    !strncmp(end, "초", strlen("초")) || *end == 's')
		return v;
	if (!strncmp(end, "分", strlen("分")) ||
	    !strncmp(end, "분", strlen("분")) || *end == 'm')
		return v * 60;
	if (!strncmp(end, "時間", strlen("時間")) ||
	    !strncmp(end, "시간", strlen("시간")) || *end == 'h')
		return v * 3600;
	return -1;
}

static long
number_in(const char *s)
{
	while (*s && !isdigit((unsigned char)*s))
		s++;
	return *s ? strtol(s, NULL, 10) : -1;
}

/* Cyberoro / Nihon Ki-in root properties (sgfutils nk2sgf): TE->EV,
 * RD->DT, KO->KM (root without KM), HD->HA, LT/LC->OT, TM text->s. */
static int
fix_nk(struct sgf_game *g, struct sgf_dialect_report *rep)
{
	struct sgf_node *r = g->root;
	struct sgf_prop *p;
	int fixes = 0;
	char raw[128], buf[64];
	static const struct {
		const char *from, *to;
	} moves[] = {{"TE", "EV"}, {"RD", "DT"}};

	/* a root with neither TE nor RD nor HD nor LT is not this dialect */
	if (!root_prop(g, "TE") && !root_prop(g, "RD") && !root_prop(g, "HD") &&
	    !root_prop(g, "LT"))
		return 0;
	for (size_t i = 0; i < 2; i++) {
		p = root_prop(g, moves[i].from);
		if (!p || root_prop(g, moves[i].to))
			continue;
		copy(raw, sizeof(raw), p->values->s);
		sgf_prop_set(g, r, moves[i].to, p->values->s, p->values->len);
		sgf_prop_remove(r, p);
		report(rep, SGF_FIX_NK,
		       "%s[%s] is the %s in Cyberoro/Nihon Ki-in "
		       "records: written %s",
		       moves[i].from, raw, i == 0 ? "event" : "date",
		       moves[i].to);
		fixes++;
	}
	p = root_prop(g, "KO");
	if (p && !root_prop(g, "KM")) {
		double k;
		copy(raw, sizeof(raw), p->values->s);
		if (sgf_komi_text(raw, &k) == 0) {
			fmt_number(k, buf, sizeof(buf));
			sgf_prop_set(g, r, "KM", buf, strlen(buf));
			sgf_prop_remove(r, p);
			report(rep, SGF_FIX_NK,
			       "KO[%s] in the root is komi (Cyberoro/Nihon "
			       "Ki-in): "
			       "written KM[%s]",
			       raw, buf);
			fixes++;
		}
	}
	p = root_prop(g, "HD");
	if (p && !root_prop(g, "HA")) {
		long h = number_in(p->values->s);
		copy(raw, sizeof(raw), p->values->s);
		if (h >= 0 && h <= 9) {
			sgf_prop_remove(r, p);
			if (h >= 2)
				fmt_set(g, r, "HA", "%ld", h);
			report(rep, SGF_FIX_NK,
			       "HD[%s] is the handicap (Cyberoro): %s", raw,
			       h >= 2 ? "written HA" : "even game, dropped");
			fixes++;
		}
	}
	{
		struct sgf_prop *lt = root_prop(g, "LT"),
				*lc = root_prop(g, "LC");
		if (lt && !root_prop(g, "OT")) {
			long s = seconds_text(lt->values->s);
			long c = lc ? number_in(lc->values->s) : 1;
			if (s > 0 && c > 0) {
				fmt_set(g, r, "OT", "%ldx%ld byo-yomi", c, s);
				report(rep, SGF_FIX_NK,
				       "LT[%s]%s%s%s are byo-yomi seconds and "
				       "periods: written OT[%ldx%ld byo-yomi]",
				       lt->values->s, lc ? " LC[" : "",
				       lc ? lc->values->s : "", lc ? "]" : "",
				       c, s);
				sgf_prop_remove(r, lt);
				if (lc)
					sgf_prop_remove(r, lc);
				fixes++;
			}
		}
	}
	p = root_prop(g, "TM");
	if (p) {
		char *end;
		strtod(p->values->s, &end);
		if (end == p->values->s || *end) {
			long s = seconds_text(p->values->s);
			copy(raw, sizeof(raw), p->values->s);
			if (s >= 0) {
				fmt_set(g, r, "TM", "%ld", s);
				report(
				    rep, SGF_FIX_NK,
				    "TM[%s] is time as text: written TM[%ld] "
				    "(seconds)",
				    raw, s);
				fixes++;
			}
		}
	}
	return fixes;
}

/* "B+2,5": a margin with a decimal comma, and nothing else odd. */
static bool
is_comma_result(const char *s)
{
	if ((s[0] != 'B' && s[0] != 'W') || s[1] != '+')
		return false;
	s += 2;
	if (!isdigit((unsigned char)*s))
		return false;
	s += strspn(s, "0123456789");
	return *s == ',' && isdigit((unsigned char)s[1]) &&
	       !s[1 + strspn(s + 1, "0123456789")];
}

/* KM, then RE, with the interpretation of gameinfo.c. */
static int
fix_komi_result(struct sgf_game *g, unsigned which,
		struct sgf_dialect_report *rep)
{
	struct sgf_gameinfo gi;
	struct sgf_prop *p;
	char raw[128], buf[64];
	int fixes = 0;

	sgf_gameinfo(g, &gi);
	p = root_prop(g, "KM");
	if ((which & SGF_FIX_KOMI) && p && gi.has_komi && gi.komi_form) {
		copy(raw, sizeof(raw), p->values->s);
		fmt_number(gi.komi, buf, sizeof(buf));
		sgf_prop_set(g, g->root, "KM", buf, strlen(buf));
		report(rep, SGF_FIX_KOMI, "KM[%s] is %s: written KM[%s]", raw,
		       gi.komi_form, buf);
		fixes++;
	}
	p = root_prop(g, "RE");
	if (p && gi.result_raw && gi.result.kind != SGF_RES_UNKNOWN &&
	    gi.result.kind != SGF_RES_NONE) {
		bool std = sgf_result_standard(p->values->s);
		bool zi = false;
		if (std && gi.result.kind == SGF_RES_SCORE) {
			double m = strtod(p->values->s + 2, NULL);
			zi = fabs(m - gi.result.margin) > 1e-9;
		}
		if ((zi && (which & SGF_FIX_ZI_RESULT)) ||
		    (!std && (which & SGF_FIX_RESULT_TEXT))) {
			copy(raw, sizeof(raw), p->values->s);
			sgf_result_format(&gi.result, buf, sizeof(buf));
			sgf_prop_set(g, g->root, "RE", buf, strlen(buf));
			report(rep,
			       zi ? SGF_FIX_ZI_RESULT : SGF_FIX_RESULT_TEXT,
			       "RE[%s] is %s: written RE[%s]", raw,
			       zi ? "a margin in stones (zi)"
			       : is_comma_result(raw)
				   ? "written with a decimal comma"
				   : "a result in words",
			       buf);
			fixes++;
		}
	}
	return fixes;
}

static int
fix_dup_ap(struct sgf_game *g, struct sgf_dialect_report *rep)
{
	struct sgf_prop *first = NULL, *p, *next;
	int n = 0;
	char kept[128], dropped[256] = "";

	for (p = g->root->props; p; p = p->next)
		if (!strcmp(p->id, "AP"))
			n += (int)p->nvalues;
	if (n < 2)
		return 0;
	/* keep the last value: Fox puts the program that wrote the file
	 * (foxwq) after a copied "GNU Go:3.8" */
	for (p = g->root->props; p; p = next) {
		next = p->next;
		if (strcmp(p->id, "AP"))
			continue;
		for (struct sgf_value *v = p->values; v; v = v->next) {
			size_t k = strlen(dropped);
			copy(kept, sizeof(kept), v->s);
			snprintf(dropped + k, sizeof(dropped) - k, "[%s]",
				 v->s);
		}
		if (!first)
			first = p;
		else
			sgf_prop_remove(g->root, p);
	}
	sgf_prop_set(g, g->root, "AP", kept, strlen(kept));
	report(rep, SGF_FIX_DUP_AP, "AP%s: kept AP[%s]", dropped, kept);
	return 1;
}

static bool
only_props(const struct sgf_node *n, const char *const *ids)
{
	for (const struct sgf_prop *p = n->props; p; p = p->next) {
		bool ok = false;
		for (size_t i = 0; ids[i]; i++)
			if (!strcmp(p->id, ids[i]))
				ok = true;
		if (!ok)
			return false;
	}
	return n->props != NULL;
}

static void
count_pt(int x, int y, void *ctx)
{
	(*(int *)ctx)++;
}

/* Fox: ";AB[dd];AB[pd]" or ";AB[pd][dp]" nodes before White's first
 * move: merged into the root, HA recomputed. */
static int
fix_fox_setup(struct sgf_game *g, struct sgf_dialect_report *rep)
{
	static const char *const ab_only[] = {"AB", NULL};
	struct sgf_node *r = g->root, *n;
	struct sgf_prop *rab;
	int merged = 0, stones = 0, cols, rows;
	char ha_raw[16] = "";

	sgf_board_size(g, &cols, &rows);
	while ((n = r->child) && r->nchildren == 1 && only_props(n, ab_only) &&
	       n->nchildren <= 1) {
		const struct sgf_prop *p = sgf_node_prop(n, SGF_P_AB);
		rab = root_prop(g, "AB");
		for (const struct sgf_value *v = p->values; v; v = v->next) {
			if (!rab)
				rab = sgf_prop_add(g, r, "AB", v->s, v->len);
			else
				sgf_prop_add_value(g, rab, v->s, v->len);
		}
		/* unlink n */
		r->child = n->child;
		r->nchildren = n->nchildren;
		if (n->child)
			n->child->parent = r;
		g->nnodes--;
		merged++;
	}
	if (!merged)
		return 0;
	rab = root_prop(g, "AB");
	for (struct sgf_value *v = rab ? rab->values : NULL; v; v = v->next)
		sgf_point_list(v->s, v->len, cols, rows, count_pt, &stones);
	copy(ha_raw, sizeof(ha_raw), root_val(g, "HA"));
	if (stones >= 2 && strcmp(ha_raw, "") && atoi(ha_raw) != stones)
		report(rep, SGF_FIX_FOX_SETUP,
		       "HA[%s] did not match the %d "
		       "handicap stones",
		       ha_raw, stones);
	if (stones >= 2)
		fmt_set(g, r, "HA", "%d", stones);
	report(rep, SGF_FIX_FOX_SETUP,
	       "%d setup node%s before the first move (Fox): stones merged "
	       "into the root's AB",
	       merged, merged > 1 ? "s" : "");
	return 1;
}

/* OGS: HA[1] (Black first, no komi) written as one AB stone and White's
 * move: the stone is Black's first move. */
static int
fix_ogs_ha1(struct sgf_game *g, struct sgf_dialect_report *rep)
{
	struct sgf_node *r = g->root, *n, *old;
	struct sgf_prop *ab = root_prop(g, "AB");
	const char *ha = root_val(g, "HA");
	char pt[8];

	if (!ha || strcmp(ha, "1") || !ab || ab->nvalues != 1 ||
	    ab->values->len != 2 || root_prop(g, "AW") || !r->child ||
	    r->nchildren != 1 || !sgf_node_prop(r->child, SGF_P_W))
		return 0;
	copy(pt, sizeof(pt), ab->values->s);
	old = r->child;
	r->child = NULL;
	r->nchildren = 0;
	n = sgf_node_add(g, r);
	if (!n) {
		r->child = old;
		r->nchildren = 1;
		return 0;
	}
	sgf_prop_add(g, n, "B", pt, 2);
	n->child = old;
	n->nchildren = 1;
	for (struct sgf_node *c = old; c; c = c->next)
		c->parent = n;
	sgf_prop_remove(r, ab);
	report(rep, SGF_FIX_OGS_HA1,
	       "HA[1] with AB[%s] (OGS): the stone is Black's first move", pt);
	return 1;
}

static int
fix_kgs_result(struct sgf_game *g, struct sgf_dialect_report *rep)
{
	char re[64];

	if (root_prop(g, "RE") || sgf_result_from_comment(g, re, sizeof(re)))
		return 0;
	sgf_prop_set(g, g->root, "RE", re, strlen(re));
	report(rep, SGF_FIX_KGS_RESULT,
	       "no RE; the last comment ends with the result: written RE[%s]",
	       re);
	return 1;
}

/* Nodes in the subtree of s (s included), without recursion. */
static size_t
subtree_size(const struct sgf_node *s)
{
	const struct sgf_node *n = s;
	size_t k = 0;

	for (;;) {
		k++;
		if (n->child) {
			n = n->child;
			continue;
		}
		while (n != s && !n->next)
			n = n->parent;
		if (n == s)
			return k;
		n = n->next;
	}
}

/* Fox writes commentated games as one variation per move: every move of
 * the main line opens a new variation, and each has a sibling holding
 * the commentary's sequence ("(;W[dp] (;B[pq] ... )(;W[do]C[...]...)"),
 * so the record nests as deep as the game is long.  Normalising keeps
 * the main line only, written flat; the commentary variations are
 * dropped (and counted in the note).  Applies to Fox records (AP names
 * foxwq) with at least 10 such moves. */
static int
fix_fox_nesting(struct sgf_game *g, struct sgf_dialect_report *rep)
{
	struct sgf_node *n;
	size_t branched = 0, dropped = 0;

	if (!sgf_root_is_fox(g->root))
		return 0;
	for (n = g->root; n; n = n->child)
		if (n->nchildren > 1)
			branched++;
	if (branched < 10)
		return 0;
	for (n = g->root; n; n = n->child) {
		if (n->nchildren <= 1)
			continue;
		dropped += n->nchildren - 1;
		for (const struct sgf_node *v = n->child->next; v; v = v->next)
			g->nnodes -= subtree_size(v);
		n->child->next = NULL;
		n->nchildren = 1;
	}
	report(rep, SGF_FIX_FOX_NESTING,
	       "one variation per move (Fox): main line of %zu branching moves "
	       "written flat, %zu commentary variations dropped",
	       branched, dropped);
	return 1;
}

int
sgf_normalize(struct sgf_game *g, unsigned which,
	      struct sgf_dialect_report *rep)
{
	int fixes = 0;

	if (rep)
		memset(rep, 0, sizeof(*rep));
	if (!g || !g->root)
		return 0;
	if (which & SGF_FIX_NK)
		fixes += fix_nk(g, rep);
	if (which & (SGF_FIX_KOMI | SGF_FIX_ZI_RESULT | SGF_FIX_RESULT_TEXT))
		fixes += fix_komi_result(g, which, rep);
	if (which & SGF_FIX_DUP_AP)
		fixes += fix_dup_ap(g, rep);
	if (which & SGF_FIX_FOX_SETUP)
		fixes += fix_fox_setup(g, rep);
	if (which & SGF_FIX_OGS_HA1)
		fixes += fix_ogs_ha1(g, rep);
	if (which & SGF_FIX_KGS_RESULT)
		fixes += fix_kgs_result(g, rep);
	if (which & SGF_FIX_FOX_NESTING)
		fixes += fix_fox_nesting(g, rep);
	return fixes;
}
