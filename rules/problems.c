/*
 * problems.c - the problem list shared by the parser's diagnostics and the
 * rules replay.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "../sgf/gameinfo.h"
#include "check.h"

void
check_list_init(struct check_list *l)
{
	memset(l, 0, sizeof(*l));
}

void
check_list_release(struct check_list *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}

int
check_list_add(struct check_list *l, const struct check_problem *p)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 16;
		struct check_problem *v = realloc(l->v, cap * sizeof(*v));
		if (!v)
			return -1;
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n++] = *p;
	if (p->severity == CHECK_ERROR)
		l->nerrors++;
	else
		l->nwarnings++;
	return 0;
}

void
check_add_syntax(struct check_list *l, const struct sgf_game *g)
{
	const struct sgf_diag *d;

	for (d = g->diags; d; d = d->next) {
		struct check_problem p;

		memset(&p, 0, sizeof(p));
		p.severity =
		    d->severity == SGF_ERROR ? CHECK_ERROR : CHECK_WARNING;
		p.code = d->severity == SGF_ERROR ? "syntax"
						  : sgf_code_name(d->code);
		strncpy(p.message, d->msg, sizeof(p.message) - 1);
		p.line = d->line;
		p.column = d->col;
		check_list_add(l, &p);
	}
}

void
check_add_dialect(struct check_list *l, const struct sgf_game *g)
{
	struct sgf_gameinfo gi;
	int i;

	if (!g->root)
		return;
	sgf_gameinfo_root(g, &gi); /* the notes: no need to walk the tree */
	for (i = 0; i < gi.nnotes && i < SGF_GAMEINFO_NOTES; i++) {
		struct check_problem p;

		memset(&p, 0, sizeof(p));
		p.severity = CHECK_WARNING;
		p.code = "dialect";
		snprintf(p.message, sizeof(p.message), "%s", gi.notes[i]);
		sgf_game_linecol(g, gi.note_off[i], &p.line, &p.column);
		check_list_add(l, &p);
	}
}
