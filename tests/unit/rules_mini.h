/*
 * rules_mini.h - a tiny SGF reader for the rules tests, used until the
 * real parser is merged.  Builds a struct sgf_game with malloc'd nodes
 * (never freed: tests only).  Handles "(", ";", ")", property ids and
 * bracketed values with "\]" escapes; enough for hand-written records.
 */
#ifndef RULES_MINI_H
#define RULES_MINI_H

#include <stdlib.h>
#include <string.h>

#include "../../sgf/sgf.h"

static enum sgf_pid
mini_pid(const char *id)
{
	static const struct {
		const char *id;
		enum sgf_pid pid;
	} t[] = {{"B", SGF_P_B},   {"W", SGF_P_W},   {"AB", SGF_P_AB},
		 {"AW", SGF_P_AW}, {"AE", SGF_P_AE}, {"PL", SGF_P_PL},
		 {"SZ", SGF_P_SZ}, {"HA", SGF_P_HA}, {"RU", SGF_P_RU},
		 {"KO", SGF_P_KO}};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (!strcmp(t[i].id, id))
			return t[i].pid;
	return SGF_P_OTHER;
}

static struct sgf_game *
mini_parse(const char *text)
{
	struct sgf_game *g = calloc(1, sizeof(*g));
	struct sgf_node **stack = malloc(sizeof(*stack) * 1000000), *cur = NULL,
			*last;
	int sp = 0;
	const char *s = text;

	g->text = text;
	g->text_len = strlen(text);
	g->line = 1;
	g->index = 1;
	while (*s) {
		if (*s == '(') {
			stack[sp++] = cur;
			s++;
		} else if (*s == ')') {
			cur = stack[--sp];
			s++;
		} else if (*s == ';') {
			struct sgf_node *n = calloc(1, sizeof(*n));
			n->off = (uint32_t)(s - text);
			n->parent = cur;
			if (!cur) {
				g->root = n;
			} else if (!cur->child) {
				cur->child = n;
				cur->nchildren = 1;
			} else {
				for (last = cur->child; last->next;
				     last = last->next)
					;
				last->next = n;
				cur->nchildren++;
			}
			g->nnodes++;
			cur = n;
			s++;
		} else if (*s >= 'A' && *s <= 'Z') {
			struct sgf_prop *p = calloc(1, sizeof(*p)), **pp;
			struct sgf_value **vp = &p->values;
			char *id = calloc(1, 8);
			int n = 0;
			p->off = (uint32_t)(s - text);
			while ((*s >= 'A' && *s <= 'Z') ||
			       (*s >= 'a' && *s <= 'z')) {
				if (*s >= 'A' && *s <= 'Z' && n < 7)
					id[n++] = *s;
				s++;
			}
			p->id = id;
			p->pid = mini_pid(id);
			while (*s == ' ' || *s == '\n')
				s++;
			while (*s == '[') {
				struct sgf_value *v = calloc(1, sizeof(*v));
				const char *e = s + 1;
				char *buf;
				size_t k = 0;
				while (*e && *e != ']')
					e += (*e == '\\' && e[1]) ? 2 : 1;
				buf = calloc(1, (size_t)(e - s) + 1);
				v->off = (uint32_t)(s - text);
				s++;
				while (*s && *s != ']') {
					if (*s == '\\' && s[1])
						s++;
					buf[k++] = *s++;
				}
				if (*s)
					s++;
				v->s = buf;
				v->len = (uint32_t)k;
				*vp = v;
				vp = &v->next;
				p->nvalues++;
				while (*s == ' ' || *s == '\n')
					s++;
			}
			for (pp = &cur->props; *pp; pp = &(*pp)->next)
				; /* few properties per node */
			*pp = p;
		} else {
			s++;
		}
	}
	return g;
}

#endif
