/*
 * symmetry.c - the 8 symmetries of the board applied to a whole record
 * (--rotate, --flip: data augmentation, finding duplicate games).
 */
#include <string.h>

#include "formats.h"

void
sgf_sym_point(int sym, int cols, int rows, int x, int y, int *ox, int *oy)
{
	int w = cols, h = rows, t;

	if (sym & 4)
		x = w - 1 - x;
	for (int k = 0; k < (sym & 3); k++) {
		/* a quarter turn clockwise: (x, y) -> (h - 1 - y, x) */
		t = x;
		x = h - 1 - y;
		y = t;
		t = w;
		w = h;
		h = t;
	}
	*ox = x;
	*oy = y;
}

/* Map the two letters at s in place; -1 if they are not a point. */
static int
map_pt(char *s, int sym, int cols, int rows)
{
	int x = sgf_coord(s[0]), y = sgf_coord(s[1]), ox, oy;

	if (x < 0 || y < 0 || x >= cols || y >= rows)
		return -1;
	sgf_sym_point(sym, cols, rows, x, y, &ox, &oy);
	s[0] = sgf_coord_letter(ox);
	s[1] = sgf_coord_letter(oy);
	return 0;
}

enum kind { K_NONE, K_MOVE, K_LIST, K_LABEL, K_PAIR };

static enum kind
kind_of(const struct sgf_prop *p)
{
	static const char *const lists[] = {"AB", "AW", "AE", "TB", "TW",
					    "MA", "CR", "SQ", "TR", "SL",
					    "DD", "VW", "M",  "L",  NULL};

	if (p->pid == SGF_P_B || p->pid == SGF_P_W)
		return K_MOVE;
	if (p->pid == SGF_P_LB)
		return K_LABEL;
	if (p->pid == SGF_P_AR || p->pid == SGF_P_LN)
		return K_PAIR;
	for (size_t i = 0; lists[i]; i++)
		if (!strcmp(p->id, lists[i]))
			return K_LIST;
	return K_NONE;
}

static int
map_value(struct sgf_game *g, struct sgf_value *v, enum kind k, int sym,
	  int cols, int rows)
{
	char *s;

	if (v->len == 0)
		return 0; /* pass, or an empty list (VW[]) */
	if (k == K_MOVE && v->len == 2 && !memcmp(v->s, "tt", 2) &&
	    cols <= 19 && rows <= 19)
		return 0; /* old-style pass */
	s = sgf_game_strdup(g, v->s, v->len);
	if (!s)
		return -1;
	switch (k) {
	case K_MOVE:
		if (v->len != 2 || map_pt(s, sym, cols, rows))
			return -1;
		break;
	case K_LIST:
		if (v->len == 2) {
			if (map_pt(s, sym, cols, rows))
				return -1;
		} else if (v->len == 5 && s[2] == ':') {
			/* a rectangle: the images of two opposite corners
			 * span it; write upper-left:lower-right */
			int x1, y1, x2, y2;
			if (map_pt(s, sym, cols, rows) ||
			    map_pt(s + 3, sym, cols, rows))
				return -1;
			x1 = sgf_coord(s[0]), y1 = sgf_coord(s[1]);
			x2 = sgf_coord(s[3]), y2 = sgf_coord(s[4]);
			s[0] = sgf_coord_letter(x1 < x2 ? x1 : x2);
			s[1] = sgf_coord_letter(y1 < y2 ? y1 : y2);
			s[3] = sgf_coord_letter(x1 < x2 ? x2 : x1);
			s[4] = sgf_coord_letter(y1 < y2 ? y2 : y1);
		} else {
			return -1;
		}
		break;
	case K_LABEL:
		if (v->len < 3 || s[2] != ':' || map_pt(s, sym, cols, rows))
			return -1;
		break;
	case K_PAIR:
		if (v->len != 5 || s[2] != ':' || map_pt(s, sym, cols, rows) ||
		    map_pt(s + 3, sym, cols, rows))
			return -1;
		break;
	default:
		return 0;
	}
	v->s = s;
	return 0;
}

int
sgf_transform(struct sgf_game *g, int sym, const char **why, uint32_t *at)
{
	int cols, rows;
	struct sgf_node *n;

	if (at)
		*at = UINT32_MAX;
	if (sym < 0 || sym > 7) {
		*why = "symmetry must be 0 to 7";
		return -1;
	}
	if (!g || !g->root || sym == 0)
		return 0;
	if (sgf_board_size(g, &cols, &rows) < 0) {
		*why = "malformed board size";
		return -1;
	}
	/* walk every node without recursion */
	for (n = g->root; n; n = sgf_node_next(n)) {
		for (struct sgf_prop *p = n->props; p; p = p->next) {
			enum kind k = kind_of(p);
			if (k == K_NONE)
				continue;
			for (struct sgf_value *v = p->values; v; v = v->next)
				if (map_value(g, v, k, sym, cols, rows) < 0) {
					*why = "malformed point";
					if (at)
						*at = v->off;
					return -1;
				}
		}
	}
	if ((sym & 1) && cols != rows) {
		char sz[16];
		snprintf(sz, sizeof(sz), "%d:%d", rows, cols);
		sgf_prop_set(g, g->root, "SZ", sz, strlen(sz));
	}
	return 0;
}
