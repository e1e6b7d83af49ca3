/*
 * signature.c - signatures of a game's moves (sgf.h, "Signatures"): the
 * hash of its move text, the hash of the canonical text (the smallest of
 * its images under the board's symmetries), prefix hashes, and the Dyer
 * signature.  Definitions in man/sgfkit-info.1, SIGNATURES.
 *
 * The canonical text is found in one walk without writing any text:
 * the symmetries whose images are still tied for the smallest are kept
 * in a set, each token is mapped under each of them and those whose
 * token is larger leave the set.  The images of the symmetries in the
 * set are then the same text so far, which one running hash takes in.
 * After a few moves one symmetry is left (two only for a game that is
 * symmetric so far), and a move costs one mapping: two loads from
 * tables made once per board size (struct symtab).  Read straight from
 * the text (sgf_signature_chunk), the common nodes after that are taken
 * in a tight loop with the hash in registers (walk_run): most of a
 * collection's moves go through it, and `dupes` runs at about `info`'s
 * speed.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "formats.h"
#include "internal.h"

const long sgf_signature_prefix_moves[SGF_SIGNATURE_PREFIXES] = {20, 40, 80,
								 160, 320};

/* XXH64's primes */
#define P1 0x9E3779B185EBCA87ULL
#define P2 0xC2B2AE3D27D4EB4FULL
#define P3 0x165667B19E3779F9ULL
#define P5 0x27D4EB2F165667C5ULL

static inline uint64_t
xround(uint64_t acc, uint64_t in)
{
	acc += in * P2;
	acc = (acc << 31) | (acc >> 33);
	return acc * P1;
}

static uint64_t
avalanche(uint64_t h)
{
	h ^= h >> 33;
	h *= P2;
	h ^= h >> 29;
	h *= P3;
	h ^= h >> 32;
	return h;
}

/* The hashes of the two texts of a walk, the move text as written and
 * the canonical one, taken in side by side: they have one length. */
struct hpair {
	uint64_t acc[2], word[2], len;
	unsigned nword; /* bytes in word[] */
};

static void
h_init(struct hpair *h)
{
	memset(h, 0, sizeof(*h));
	h->acc[0] = h->acc[1] = P5;
}

/* A token of each text, its 3 bytes in text order from the lowest
 * (little-endian, as they go into the words).  The walk's cost is
 * mostly here: a few shifts a token, a round every 8 bytes. */
static inline void __attribute__((always_inline))
h_tokens(struct hpair *h, uint64_t a, uint64_t b)
{
	unsigned n = h->nword;

	h->len += 3;
	h->word[0] |= a << (8 * n);
	h->word[1] |= b << (8 * n);
	if (n < 5) {
		h->nword = n + 3;
		return;
	}
	h->acc[0] = xround(h->acc[0], h->word[0]);
	h->acc[1] = xround(h->acc[1], h->word[1]);
	/* the bytes that did not fit (none when n is 5) */
	h->word[0] = n == 5 ? 0 : a >> (8 * (8 - n));
	h->word[1] = n == 5 ? 0 : b >> (8 * (8 - n));
	h->nword = n - 5;
}

/* The hash of text i (0: as written, 1: canonical) so far. */
static uint64_t
h_final(const struct hpair *h, int i)
{
	uint64_t acc = h->acc[i];

	if (h->nword)
		acc = xround(acc, h->word[i]);
	return avalanche(xround(acc, h->len));
}

uint64_t
sgf_signature_hash(const void *text, size_t len)
{
	const unsigned char *p = text;
	uint64_t acc = P5;
	size_t i = 0;

	/* whole words, the first byte the lowest, then the rest */
	for (; i + 8 <= len; i += 8) {
		uint64_t w;
		memcpy(&w, p + i, sizeof(w));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		w = __builtin_bswap64(w);
#endif
		acc = xround(acc, w);
	}
	if (i < len) {
		uint64_t w = 0;
		for (size_t k = 0; i + k < len; k++)
			w |= (uint64_t)p[i + k] << (8 * k);
		acc = xround(acc, w);
	}
	return avalanche(xround(acc, len));
}

/* SGF's letters: value -> letter, letter -> value (-1: not one). */
static const char letters[] =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
/* clang-format off */
static const signed char letter_val[256] = {
	['a'] = 1, ['b'] = 2, ['c'] = 3, ['d'] = 4, ['e'] = 5, ['f'] = 6,
	['g'] = 7, ['h'] = 8, ['i'] = 9, ['j'] = 10, ['k'] = 11, ['l'] = 12,
	['m'] = 13, ['n'] = 14, ['o'] = 15, ['p'] = 16, ['q'] = 17,
	['r'] = 18, ['s'] = 19, ['t'] = 20, ['u'] = 21, ['v'] = 22,
	['w'] = 23, ['x'] = 24, ['y'] = 25, ['z'] = 26,
	['A'] = 27, ['B'] = 28, ['C'] = 29, ['D'] = 30, ['E'] = 31,
	['F'] = 32, ['G'] = 33, ['H'] = 34, ['I'] = 35, ['J'] = 36,
	['K'] = 37, ['L'] = 38, ['M'] = 39, ['N'] = 40, ['O'] = 41,
	['P'] = 42, ['Q'] = 43, ['R'] = 44, ['S'] = 45, ['T'] = 46,
	['U'] = 47, ['V'] = 48, ['W'] = 49, ['X'] = 50, ['Y'] = 51,
	['Z'] = 52,
};
/* clang-format on */
/* (stored plus one, so that the table's zeros are "not a letter") */
#define LETTER(c) (letter_val[(unsigned char)(c)] - 1)

#define PASS_XY	  0xffff /* a move's point: pass (or not a point) */
#define PASS_TEXT (('-' << 8) | '-')

/* A token from its key (first byte highest, as compared) to text order
 * from the lowest byte (as hashed). */
static inline uint64_t
token_le(uint32_t t)
{
	return (t >> 16) | (t & 0xff00) | (uint64_t)(t & 0xff) << 16;
}

/* A symmetry as a map of (x, y): every one of the eight sends x to a
 * function of x or of y alone, so the image is (ox + sx * u, oy + sy *
 * v) where (u, v) is (x, y), or (y, x) when the map swaps them. */
struct symmap {
	int ox, oy, sx, sy;
	bool swap;
};

static void
symmap_make(struct symmap *m, int sym, int cols, int rows)
{
	int x0, y0, x1, y1, x2, y2;

	sgf_sym_point(sym, cols, rows, 0, 0, &x0, &y0);
	sgf_sym_point(sym, cols, rows, 1, 0, &x1, &y1);
	sgf_sym_point(sym, cols, rows, 0, 1, &x2, &y2);
	m->ox = x0;
	m->oy = y0;
	m->swap = x1 == x0; /* x's image moves along y */
	m->sx = m->swap ? x2 - x0 : x1 - x0;
	m->sy = m->swap ? y1 - y0 : y2 - y0;
}

/* The symmetries of one board size as tables indexed by a value's
 * letter bytes.  part[sym][i][c] is what the letter c at
 * place i of a value (0: x, 1: y) gives a move's tokens (first letter
 * << 8 | second << 16): in its high half, the letter that c maps to in
 * its place (a map that swaps x and y puts x's image second); in its
 * low half, c itself in its place, as written.  When c is not a
 * letter of a point of the board, the entry is NOT_POINT alone, so
 * that one test of the two entries' union finds either.  A walk starts
 * for every game, most games of a collection have one size, and the
 * tables make both tokens of a move two loads: kept per thread, made
 * again when the size changes. */
#define NOT_POINT ((uint64_t)1 << 31)
struct symtab {
	int cols, rows;
	uint64_t part[8][2][256];
};
static _Thread_local struct symtab symtab_cache;

static const struct symtab *
symtab_get(int cols, int rows)
{
	struct symtab *t = &symtab_cache;

	if (t->cols == cols && t->rows == rows)
		return t;
	for (int sym = 0; sym < 8; sym++) {
		struct symmap m;
		symmap_make(&m, sym, cols, rows);
		for (int c = 0; c < 256; c++)
			t->part[sym][0][c] = t->part[sym][1][c] = NOT_POINT;
		for (int i = 0; letters[i]; i++) {
			unsigned char c = (unsigned char)letters[i];
			/* the image letters that coordinate i gives: the
			 * image's x when it is x (u), its y when it is y (v) */
			int a = m.ox + m.sx * i, b = m.oy + m.sy * i;
			uint64_t u = a >= 0 && a < SGF_MAX_SIDE
					 ? (uint64_t)letters[a] << 8
					 : 0;
			uint64_t v = b >= 0 && b < SGF_MAX_SIDE
					 ? (uint64_t)letters[b] << 16
					 : 0;
			if (i < cols)
				t->part[sym][0][c] =
				    (m.swap ? v : u) << 32 | (uint64_t)c << 8;
			if (i < rows)
				t->part[sym][1][c] =
				    (m.swap ? u : v) << 32 | (uint64_t)c << 16;
		}
	}
	t->cols = cols;
	t->rows = rows;
	return t;
}

/* The image token (first letter << 8 | second << 16) under symmetry sym
 * of a point whose value's letters are c0, c1, both on the board. */
static inline uint32_t
sym_token(const struct symtab *t, int sym, unsigned char c0, unsigned char c1)
{
	return (uint32_t)((t->part[sym][0][c0] | t->part[sym][1][c1]) >> 32);
}

/* The two letters of the image under symmetry sym of point xy (x << 8
 * | y, or PASS_XY) as text: first letter << 8 | second, ordered as the
 * text is. */
static inline uint32_t
map_text(const struct symtab *t, int sym, uint32_t xy)
{
	uint32_t tok;

	if (xy == PASS_XY)
		return PASS_TEXT;
	tok = sym_token(t, sym, (unsigned char)letters[xy >> 8],
			(unsigned char)letters[xy & 0xff]);
	return (tok >> 8 & 0xff) << 8 | tok >> 16;
}

/* A node's setup points, repeats dropped: at most one per colour and
 * point.  Allocated on the first node with setup. */
#define SETUP_MAX (3 * SGF_MAX_SIDE * SGF_MAX_SIDE)
struct setup {
	uint32_t pt[SETUP_MAX]; /* colour byte << 16 | x << 8 | y */
	uint32_t key[SETUP_MAX], best[SETUP_MAX], ident[SETUP_MAX];
	unsigned char seen[SETUP_MAX / 8 + 1];
	size_t n;
	int cols;
	uint32_t colour;
};

/* The bit of st->seen for point xy (x << 8 | y) in colour c. */
static size_t
seen_bit(uint32_t c, uint32_t xy)
{
	size_t plane = c == 'b' ? 0 : c == 'e' ? 1 : 2;

	return (plane * SGF_MAX_SIDE + (xy & 0xff)) * SGF_MAX_SIDE + (xy >> 8);
}

static void
setup_add(int x, int y, void *ctx)
{
	struct setup *st = ctx;
	uint32_t xy = (uint32_t)x << 8 | (uint32_t)y;
	size_t bit = seen_bit(st->colour, xy);

	if (st->seen[bit / 8] & (1u << (bit % 8)))
		return;
	st->seen[bit / 8] |= (unsigned char)(1u << (bit % 8));
	st->pt[st->n++] = st->colour << 16 | xy;
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* The node's setup tokens under symmetry sym, sorted, into out. */
static void
setup_image(const struct setup *st, const struct symtab *t, int sym,
	    uint32_t *out)
{
	for (size_t i = 0; i < st->n; i++)
		out[i] = (st->pt[i] & 0xff0000) |
			 map_text(t, sym, st->pt[i] & 0xffff);
	qsort(out, st->n, sizeof(*out), cmp_u32);
}

struct walk {
	int cols, rows;
	long moves;
	/* the Dyer signature: its points, the next of its moves */
	uint32_t dyer_xy[6];
	int nd;
	long dyer_next;
	unsigned cand; /* symmetries tied for the smallest image */
	const struct symtab *tab;
	struct hpair h;
	struct setup *st;
	/* the prefix hashes: the next to take, its move */
	int np;
	long prefix_next;
};

/* Take in a node's setup; -1 when out of memory. */
static int
walk_setup(struct walk *w, const struct sgf_node *n)
{
	const struct sgf_prop *p;
	struct setup *st = w->st;
	unsigned cand = 0;

	for (p = n->props; p; p = p->next) {
		uint32_t c = p->pid == SGF_P_AB	  ? 'b'
			     : p->pid == SGF_P_AW ? 'w'
			     : p->pid == SGF_P_AE ? 'e'
						  : 0;
		if (!c)
			continue;
		if (!st) {
			st = w->st = malloc(sizeof(*st));
			if (!st)
				return -1;
			st->n = 0;
			memset(st->seen, 0, sizeof(st->seen));
		}
		st->colour = c;
		for (const struct sgf_value *v = p->values; v; v = v->next)
			sgf_point_list(v->s, v->len, w->cols, w->rows,
				       setup_add, st);
	}
	if (!st || !st->n)
		return 0;
	/* the image as written, for the moves hash */
	setup_image(st, w->tab, 0, st->ident);
	/* the smallest image among the tied symmetries */
	for (unsigned sym = 0; sym < 8; sym++) {
		int c = -1;
		if (!(w->cand & (1u << sym)))
			continue;
		setup_image(st, w->tab, (int)sym, st->key);
		if (cand) {
			size_t i = 0;
			while (i < st->n && st->key[i] == st->best[i])
				i++;
			c = i == st->n ? 0 : st->key[i] < st->best[i] ? -1 : 1;
		}
		if (c < 0) {
			memcpy(st->best, st->key, st->n * sizeof(*st->key));
			cand = 0;
		}
		if (c <= 0)
			cand |= 1u << sym;
	}
	w->cand = cand;
	for (size_t i = 0; i < st->n; i++) {
		size_t bit = seen_bit(st->pt[i] >> 16, st->pt[i] & 0xffff);
		h_tokens(&w->h, token_le(st->ident[i]), token_le(st->best[i]));
		/* clear what this node marked, not the whole table */
		st->seen[bit / 8] = 0;
	}
	st->n = 0;
	return 0;
}

/* The Dyer signature's moves (its text has them in the order 20, 40,
 * 60, 31, 51, 71) in the order they come, with the place of each in
 * the text. */
static const long dyer_sorted[6] = {20, 31, 40, 51, 60, 71};
static const int dyer_slot[6] = {0, 3, 1, 4, 2, 5};

/* Take in a move of colour c ('B' or 'W') whose value is the len bytes
 * at v (a move without a value: NULL). */
static inline void __attribute__((always_inline))
walk_move(struct walk *w, uint64_t c, const char *v, size_t len)
{
	uint64_t t = '-' << 8 | '-' << 16, best;
	uint32_t xy = PASS_XY;
	unsigned cand = w->cand;
	int x = -1, y = -1;

	if (v && len == 2) {
		x = LETTER(v[0]);
		y = LETTER(v[1]);
		if ((unsigned)x < (unsigned)w->cols &&
		    (unsigned)y < (unsigned)w->rows) {
			xy = (uint32_t)x << 8 | (uint32_t)y;
			/* as written: the value's own letters */
			t = (uint64_t)(unsigned char)v[0] << 8 |
			    (uint64_t)(unsigned char)v[1] << 16;
		}
	}
	if (++w->moves == w->dyer_next) {
		w->dyer_xy[dyer_slot[w->nd]] = xy;
		w->dyer_next = ++w->nd < 6 ? dyer_sorted[w->nd] : 0;
	}
	if (!(cand & (cand - 1))) {
		/* one symmetry left: its letters from the tables */
		if (xy == PASS_XY)
			best = t;
		else
			best =
			    sym_token(w->tab, __builtin_ctz(cand),
				      (unsigned char)v[0], (unsigned char)v[1]);
	} else {
		/* more than one left: keep those with the smallest token */
		uint32_t img[8], min = 0xffffffff;
		for (unsigned s = 0; s < 8; s++)
			if (cand & (1u << s)) {
				img[s] = map_text(w->tab, (int)s, xy);
				if (img[s] < min)
					min = img[s];
			}
		for (unsigned s = 0; s < 8; s++)
			if ((cand & (1u << s)) && img[s] != min)
				cand &= ~(1u << s);
		w->cand = cand;
		best = token_le(min);
	}
	h_tokens(&w->h, c | t, c | best);
}

/* Take in the move of property m (B or W).  Out of line: the tree
 * walk is faster with one copy of walk_move() than with one inlined
 * at each of its calls. */
static void __attribute__((noinline))
walk_prop(struct walk *w, const struct sgf_prop *m)
{
	const struct sgf_value *v = m->values;

	if (v)
		walk_move(w, m->pid == SGF_P_B ? 'B' : 'W', v->s, v->len);
	else
		walk_move(w, m->pid == SGF_P_B ? 'B' : 'W', NULL, 0);
}

/* The Dyer text of the points xy[] under symmetry sym. */
static void
dyer_text(const struct symtab *t, int sym, const uint32_t *xy, char *out)
{
	for (int i = 0; i < 6; i++) {
		uint32_t k = map_text(t, sym, xy[i]);
		out[2 * i] = (char)(k >> 8);
		out[2 * i + 1] = (char)k;
	}
	out[12] = 0;
}

/* The symmetries of a cols x rows board, a bit each: all eight of a
 * square; a quarter turn of a rectangle is another board. */
static unsigned
board_syms(int cols, int rows)
{
	return cols == rows ? 0xff : 0x55;
}

/* Start a walk of a cols x rows board. */
static void
walk_begin(struct walk *w, int cols, int rows)
{
	w->cols = cols;
	w->rows = rows;
	w->tab = symtab_get(cols, rows);
	w->cand = board_syms(cols, rows);
	w->st = NULL;
	h_init(&w->h);
	{
		uint32_t board = (uint32_t)'S' << 16 |
				 (uint32_t)letters[w->cols - 1] << 8 |
				 (uint32_t)letters[w->rows - 1];
		h_tokens(&w->h, token_le(board), token_le(board));
	}
	w->moves = 0;
	w->nd = 0;
	w->dyer_next = dyer_sorted[0];
	for (int i = 0; i < 6; i++)
		w->dyer_xy[i] = PASS_XY;
	w->np = 0;
	w->prefix_next = sgf_signature_prefix_moves[0];
}

/* The end of a node: the prefix hashes it reaches.  Returns whether
 * the walk stops there (max_moves reached, 0: never). */
static inline bool __attribute__((always_inline))
walk_node_end(struct walk *w, struct sgf_signature *s, long max_moves)
{
	if (w->moves >= w->prefix_next) {
		while (w->np < SGF_SIGNATURE_PREFIXES &&
		       w->moves >= sgf_signature_prefix_moves[w->np])
			s->prefix[w->np++] = h_final(&w->h, 1);
		w->prefix_next = w->np < SGF_SIGNATURE_PREFIXES
				     ? sgf_signature_prefix_moves[w->np]
				     : LONG_MAX;
	}
	return max_moves > 0 && w->moves >= max_moves;
}

/* The signatures from the walk, into s (whose prefixes it filled). */
static void
walk_end(struct walk *w, struct sgf_signature *s)
{
	int best = 0;

	free(w->st);
	s->moves = h_final(&w->h, 0);
	s->canonical = h_final(&w->h, 1);
	s->nmoves = w->moves;
	s->sym = __builtin_ctz(w->cand);
	dyer_text(w->tab, 0, w->dyer_xy, s->dyer);
	/* the smallest image: compared token by token, most symmetries
	 * part at the first */
	for (int sym = 1; sym < 8; sym++) {
		if (!(board_syms(w->cols, w->rows) & (1u << sym)))
			continue;
		for (int i = 0; i < 6; i++) {
			uint32_t a = map_text(w->tab, sym, w->dyer_xy[i]);
			uint32_t b = map_text(w->tab, best, w->dyer_xy[i]);
			if (a != b) {
				if (a < b)
					best = sym;
				break;
			}
		}
	}
	dyer_text(w->tab, best, w->dyer_xy, s->dyer_canonical);
}

/* A run of common moves (once one symmetry is left, up to the next
 * mark): most of a game.  Its hash state is kept in locals, which the
 * compiler keeps in registers where struct hpair, stored through a
 * pointer, goes to memory at each move: bits pending in w0, w1 (nb of
 * them, a multiple of 8 below 64), as h_tokens() keeps bytes. */
struct hrun {
	uint64_t acc0, acc1, w0, w1;
	unsigned nb;
};

static inline void __attribute__((always_inline))
hrun_begin(struct hrun *r, const struct hpair *h)
{
	r->acc0 = h->acc[0];
	r->acc1 = h->acc[1];
	r->w0 = h->word[0];
	r->w1 = h->word[1];
	r->nb = 8 * h->nword;
}

/* Take in a move's tokens (3 bytes each, as h_tokens()). */
static inline void __attribute__((always_inline))
hrun_take(struct hrun *r, uint64_t t0, uint64_t t1)
{
	r->w0 |= t0 << r->nb;
	r->w1 |= t1 << r->nb;
	r->nb += 24;
	if (r->nb >= 64) {
		r->acc0 = xround(r->acc0, r->w0);
		r->acc1 = xround(r->acc1, r->w1);
		r->nb -= 64;
		/* the bits that did not fit (none when nb is 0) */
		r->w0 = r->nb ? t0 >> (24 - r->nb) : 0;
		r->w1 = r->nb ? t1 >> (24 - r->nb) : 0;
	}
}

/* Back into the walk, k moves taken. */
static inline void __attribute__((always_inline))
hrun_end(const struct hrun *r, struct walk *w, size_t k)
{
	w->h.acc[0] = r->acc0;
	w->h.acc[1] = r->acc1;
	w->h.word[0] = r->w0;
	w->h.word[1] = r->w1;
	w->h.nword = r->nb / 8;
	w->h.len += 3 * k;
	w->moves += (long)k;
}

/* How many moves a run may take: every one before the next mark (a
 * prefix, a Dyer move, max_moves), where the general walk takes over. */
static inline size_t
run_length(const struct walk *w, long max_moves)
{
	long mark = w->prefix_next;

	if (w->dyer_next > 0 && w->dyer_next < mark)
		mark = w->dyer_next;
	if (max_moves > 0 && max_moves < mark)
		mark = max_moves;
	return mark - 1 > w->moves ? (size_t)(mark - 1 - w->moves) : 0;
}

/* A run over a tree: the nodes from n whose one property is a move to
 * a point of the board, once one symmetry is left, up to a mark: two
 * table loads a move, as walk_run() from text.  Returns the first node
 * not taken (NULL at the end of the line). */
static const struct sgf_node *
walk_tree_run(struct walk *w, const struct sgf_node *n, long max_moves)
{
	int sym = __builtin_ctz(w->cand);
	const uint64_t *px = w->tab->part[sym][0], *py = w->tab->part[sym][1];
	size_t len = run_length(w, max_moves), k;
	struct hrun r;

	hrun_begin(&r, &w->h);
	for (k = 0; n && k < len; k++, n = n->child) {
		const struct sgf_prop *p = n->props;
		const struct sgf_value *v;
		uint64_t t, c;
		if (!p || p->next || (p->pid != SGF_P_B && p->pid != SGF_P_W))
			break;
		v = p->values;
		if (!v || v->len != 2)
			break;
		t = px[(unsigned char)v->s[0]] | py[(unsigned char)v->s[1]];
		if (t & NOT_POINT)
			break;
		c = p->pid == SGF_P_B ? 'B' : 'W';
		hrun_take(&r, c | (t & 0xffffffff), c | t >> 32);
	}
	hrun_end(&r, w, k);
	return n;
}

int
sgf_signature(const struct sgf_game *g, long max_moves, struct sgf_signature *s)
{
	struct walk w;
	const struct sgf_node *n;
	int cols, rows;

	memset(s, 0, sizeof(*s));
	if (!g || !g->root)
		return -1;
	sgf_board_size(g, &cols, &rows);
	walk_begin(&w, cols, rows);
	for (n = g->root; n; n = n->child) {
		const struct sgf_prop *p, *mv[2];
		bool setup = false, more = false;
		int nmv = 0;

		if (n != g->root && !(w.cand & (w.cand - 1)) &&
		    !(n = walk_tree_run(&w, n, max_moves)))
			break;

		for (p = n->props; p; p = p->next) {
			if (p->pid == SGF_P_B || p->pid == SGF_P_W) {
				more |= nmv == 2;
				if (nmv < 2)
					mv[nmv++] = p;
			} else if (p->pid == SGF_P_AB || p->pid == SGF_P_AW ||
				   p->pid == SGF_P_AE) {
				setup = true;
			}
		}
		if (setup && walk_setup(&w, n) < 0) {
			free(w.st);
			memset(s, 0, sizeof(*s));
			return -1;
		}
		/* a node holds a B and a W at most, the parser merging
		 * repeats; a tree built otherwise may hold more */
		if (!more)
			for (int i = 0; i < nmv; i++)
				walk_prop(&w, mv[i]);
		else
			for (p = n->props; p; p = p->next)
				if (p->pid == SGF_P_B || p->pid == SGF_P_W)
					walk_prop(&w, p);
		if (walk_node_end(&w, s, max_moves))
			break;
	}
	walk_end(&w, s);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Straight from the text                                              */

/* The scan of a chunk: p moves over text[0..n), which ends in a NUL. */
struct scan {
	const unsigned char *p, *end;
	struct sgf_limits lim;
};

static void
scan_ws(struct scan *sc)
{
	while (sc->p < sc->end && is_ws(*sc->p))
		sc->p++;
}

/* An identifier of 1 to 4 upper-case letters (a longer one, or one with
 * lower-case letters, is not the plain form): its pid, or -1. */
static int
scan_id(struct scan *sc)
{
	char id[5];
	int n = 0;

	while (sc->p < sc->end && is_upper(*sc->p)) {
		if (n == 4)
			return -1;
		id[n++] = (char)*sc->p++;
	}
	if (!n || (sc->p < sc->end && is_lower(*sc->p)))
		return -1;
	return (int)sgf_pid_lookup_inline(id, (size_t)n);
}

/* The bytes that end a plain value's scan: ']', an escape, a NUL. */
static const bool value_stop[256] = {[0] = true, [']'] = true, ['\\'] = true};

/* Does the ']' before p end its value (value_end_ok)?  The common case
 * first, a property of one or two letters and its '[' right after it
 * (the data ends in a NUL: each byte read is checked before the next
 * is). */
static inline bool
value_ends(const unsigned char *p, const unsigned char *end)
{
	if (*p == '[' || *p == ';' || *p == ')' ||
	    (is_upper(p[0]) &&
	     (p[1] == '[' || (is_upper(p[1]) && p[2] == '['))))
		return true;
	return value_end_ok(p, end, 1) == 1;
}

/* The values of a property at '[' (blanks before it skipped): the
 * first one's bytes in *v, *len.  Returns 0, or -1 when they are not
 * plain: an escape, a NUL, a ']' the parser would keep as text, no
 * value, or over the limits. */
static int
scan_values(struct scan *sc, const char **v, size_t *len)
{
	size_t nv = 0;

	scan_ws(sc);
	if (sc->p >= sc->end || *sc->p != '[')
		return -1;
	while (sc->p < sc->end && *sc->p == '[') {
		const unsigned char *q = sc->p + 1;
		/* to the first ']', '\\' or NUL (the data ends in one) */
		while (!value_stop[*q])
			q++;
		if (q >= sc->end || *q != ']' || !value_ends(q + 1, sc->end) ||
		    (size_t)(q - sc->p - 1) > sc->lim.max_value_bytes ||
		    ++nv > sc->lim.max_values)
			return -1;
		if (nv == 1) {
			*v = (const char *)sc->p + 1;
			*len = (size_t)(q - sc->p - 1);
		}
		sc->p = q + 1;
		scan_ws(sc);
	}
	return 0;
}

/* One property of a node, at its identifier (blanks before it
 * skipped): its pid, with its first value in *v, *len; NOPROP when the
 * node has no more, NOTPLAIN for setup, an identifier or values not
 * plain, or a node over the limit of properties (*nprops counts). */
enum { NOPROP = -2, NOTPLAIN = -1 };
static int
scan_prop(struct scan *sc, size_t *nprops, const char **v, size_t *len)
{
	int pid;

	scan_ws(sc);
	if (sc->p >= sc->end || !is_upper(*sc->p))
		return NOPROP;
	pid = scan_id(sc);
	if (pid < 0 || pid == SGF_P_AB || pid == SGF_P_AW || pid == SGF_P_AE ||
	    ++*nprops > sc->lim.max_props || scan_values(sc, v, len))
		return NOTPLAIN;
	return pid;
}

/* A move's identifier letter; what may follow a node. */
static const bool move_letter[256] = {['B'] = true, ['W'] = true};
static const bool node_next[256] = {[';'] = true, [')'] = true};

/* The run of common nodes (";B[pd]", letters of points of the board)
 * at p (a ';') once one symmetry is left, up to the next move that
 * ends at a prefix, Dyer or max_moves mark, or the node limit: taken
 * in with two table loads a move, most of a game's time.  Returns
 * where the run stopped (a ';' the caller takes, or the ')' after the
 * last node).  The data ends in a NUL: each byte read is checked
 * before the next is. */
static const unsigned char *
walk_run(struct walk *w, const unsigned char *p, size_t *nodes,
	 size_t max_nodes, long max_moves)
{
	int sym = __builtin_ctz(w->cand);
	const uint64_t *px = w->tab->part[sym][0], *py = w->tab->part[sym][1];
	size_t n = run_length(w, max_moves), k;
	struct hrun r;

	if (*nodes >= max_nodes)
		return p;
	if (n > max_nodes - *nodes)
		n = max_nodes - *nodes;
	hrun_begin(&r, &w->h);
	for (k = 0; k < n; k++) {
		unsigned c = p[1], e;
		uint64_t t;
		if (!move_letter[c] || p[2] != '[')
			break;
		t = px[p[3]];
		if (t & NOT_POINT)
			break;
		t |= py[p[4]];
		if ((t & NOT_POINT) || p[5] != ']')
			break;
		e = p[6];
		if (!node_next[e])
			break;
		hrun_take(&r, c | (t & 0xffffffff), c | t >> 32);
		p += 6;
		if (e != ';') {
			k++;
			break;
		}
	}
	hrun_end(&r, w, k);
	*nodes += k;
	return p;
}

int
sgf_signature_chunk(const struct sgf_chunk *ch, const struct sgf_limits *lim,
		    long max_moves, struct sgf_signature *s,
		    const enum sgf_pid *ids, int nids, const char **vals,
		    size_t *lens)
{
	struct scan sc;
	struct walk w;
	const char *sz = NULL, *gm = NULL;
	size_t szlen = 0, gmlen = 0, nodes = 1, nprops = 0;
	int cols = 19, rows = 19;
	bool stopped;
	uint64_t asked = 0; /* a bit for each pid in ids[] */

	memset(s, 0, sizeof(*s));
	for (int i = 0; i < nids; i++) {
		vals[i] = NULL;
		lens[i] = 0;
		if (ids[i] != SGF_P_OTHER)
			asked |= SGF_PID_BIT(ids[i]);
	}
	if (!ch->data || !(ch->flags & SGF_CHUNK_ASCII) ||
	    (ch->flags & (SGF_CHUNK_JUNK_BEFORE | SGF_CHUNK_UNTERMINATED |
			  SGF_CHUNK_TOO_BIG | SGF_CHUNK_DECODED)) ||
	    !ch->charset || !sgf_charset_is_utf8(ch->charset))
		return 1;
	sgf_limits_fill(&sc.lim, lim);
	sc.p = (const unsigned char *)ch->data;
	sc.end = sc.p + ch->len;
	/* "(;" and the root's properties */
	scan_ws(&sc);
	if (sc.p >= sc.end || *sc.p++ != '(')
		return 1;
	scan_ws(&sc);
	if (sc.p >= sc.end || *sc.p++ != ';')
		return 1;
	for (;;) {
		const char *v = NULL;
		size_t len = 0;
		int pid = scan_prop(&sc, &nprops, &v, &len);
		if (pid == NOPROP)
			break;
		if (pid == NOTPLAIN || pid == SGF_P_B || pid == SGF_P_W)
			return 1;
		if (pid == SGF_P_SZ && !sz) {
			sz = v;
			szlen = len;
		} else if (pid == SGF_P_GM && !gm) {
			gm = v;
			gmlen = len;
		}
		if (!(asked & SGF_PID_BIT(pid)))
			continue;
		for (int i = 0; i < nids; i++)
			if ((int)ids[i] == pid && !vals[i]) {
				vals[i] = v;
				lens[i] = len;
			}
	}
	if ((gm && (gmlen != 1 || gm[0] != '1')) ||
	    (sz && sgf_size_value(sz, szlen, &cols, &rows)))
		return 1;
	walk_begin(&w, cols, rows);
	stopped = walk_node_end(&w, s, max_moves);
	/* the nodes: moves and other properties, no setup */
	while (sc.p < sc.end && *sc.p == ';') {
		if (!stopped && !(w.cand & (w.cand - 1))) {
			sc.p = walk_run(&w, sc.p, &nodes, sc.lim.max_nodes,
					max_moves);
			if (*sc.p != ';')
				break;
		}
		const unsigned char *t = sc.p + 1;
		const char *mv[2];
		size_t mvlen[2];
		bool black[2];
		int nmv = 0;

		if (++nodes > sc.lim.max_nodes)
			return 1;
		/* the common node, in few instructions: ";B[pd]" or ";W[]"
		 * then ';' or ')'.  A move's value ends at its first ']'
		 * (it is never text); data ends in a NUL, so that each
		 * byte read is checked before the next is. */
		if ((t[0] == 'B' || t[0] == 'W') && t[1] == '[') {
			const unsigned char *q = NULL;
			if (t[2] == ']')
				q = t + 2;
			else if (t[2] && t[2] != '\\' && t[3] && t[3] != '\\' &&
				 t[3] != ']' && t[4] == ']')
				q = t + 4;
			if (q && (q[1] == ';' || q[1] == ')')) {
				if (!stopped) {
					walk_move(&w, t[0], (const char *)t + 2,
						  (size_t)(q - t - 2));
					stopped =
					    walk_node_end(&w, s, max_moves);
				}
				sc.p = q + 1;
				continue;
			}
		}
		sc.p++;
		nprops = 0;
		for (;;) {
			const char *v = NULL;
			size_t len = 0;
			int pid = scan_prop(&sc, &nprops, &v, &len);
			if (pid == NOPROP)
				break;
			if (pid == NOTPLAIN)
				return 1;
			if (pid != SGF_P_B && pid != SGF_P_W)
				continue;
			/* a B or a W twice is merged by the parser: not
			 * plain */
			for (int i = 0; i < nmv; i++)
				if (black[i] == (pid == SGF_P_B))
					return 1;
			black[nmv] = pid == SGF_P_B;
			mv[nmv] = v;
			mvlen[nmv++] = len;
		}
		/* past max_moves the rest is only checked to be plain */
		if (stopped)
			continue;
		for (int i = 0; i < nmv; i++)
			walk_move(&w, black[i] ? 'B' : 'W', mv[i], mvlen[i]);
		stopped = walk_node_end(&w, s, max_moves);
	}
	/* ")" and nothing after it; a variation is not plain */
	if (sc.p >= sc.end || *sc.p++ != ')')
		return 1;
	scan_ws(&sc);
	if (sc.p != sc.end)
		return 1;
	walk_end(&w, s);
	return 0;
}
