/* test_signature.c - game signatures (sgf_signature): what changes them
 * and what does not. */
#include "../../sgf/formats.h"
#include "../../sgf/sgf.h"
#include "unit.h"

static struct sgf_signature
sig_of(const char *sgf, long max_moves)
{
	struct sgf_game **games = NULL;
	struct sgf_signature s;
	int n = sgf_parse_all(sgf, strlen(sgf), "t.sgf", NULL, &games);

	memset(&s, 0, sizeof(s));
	if (n >= 1)
		sgf_signature(games[0], max_moves, &s);
	for (int i = 0; i < n; i++)
		sgf_game_free(games[i]);
	free(games);
	return s;
}

/* Values from tests/corpus/signature_ref.py (Python, written apart). */
static void
the_hash_is_the_documented_one(void)
{
	CHECK(sgf_signature_hash("", 0) == 0xd177c6a3f06bc4b6ULL);
	CHECK(sgf_signature_hash("Sss", 3) == 0x812539f4c3dccb72ULL);
	CHECK(sgf_signature_hash("SssBpdWdp", 9) == 0x66688d9e1f378f2dULL);
	CHECK(sgf_signature_hash("abcdefgh", 8) == 0x18845379b193ab35ULL);
	/* an empty game is the board token alone */
	CHECK(sig_of("(;SZ[19])", 0).moves == 0x812539f4c3dccb72ULL);
	CHECK(sig_of("(;SZ[19];B[pd];W[dp])", 0).moves ==
	      0x66688d9e1f378f2dULL);
}

static void
metadata_comments_and_layout_do_not_count(void)
{
	struct sgf_signature a = sig_of("(;SZ[19];B[pd];W[dp];B[pp])", 0);
	struct sgf_signature b =
	    sig_of("(;GM[1]FF[4]SZ[19]PB[x]PW[y]DT[2020]\n"
		   "  ;B[pd]C[first] ;W[dp]BL[30]\n;B[pp]TR[aa]"
		   "(;W[dd])(;W[cc]))",
		   3);
	struct sgf_signature c = sig_of("(;SZ[19];B[pd];W[dp];B[pq])", 0);

	CHECK(a.moves == b.moves);
	CHECK(a.canonical == b.canonical);
	CHECK(a.moves != c.moves);
	CHECK_INT(b.nmoves, 3);
}

static void
setup_order_and_rectangles_do_not_count(void)
{
	struct sgf_signature a = sig_of("(;AB[aa][ab][ba][bb]AW[dd];B[pd])", 0);
	struct sgf_signature b = sig_of("(;AW[dd]AB[bb:aa][ab][aa];B[pd])", 0);
	struct sgf_signature c = sig_of("(;AB[aa][ab][ba];B[pd])", 0);

	CHECK(a.moves == b.moves);
	CHECK(a.canonical == b.canonical);
	CHECK(a.moves != c.moves);
}

/* The 8 images of one game by hand: 19x19, B[pd] W[dc] B[qq]. */
static void
every_symmetry_gives_the_canonical_hash(void)
{
	static const char *const games[] = {
	    "(;SZ[19];B[pd];W[dc];B[qq])", /* as played */
	    "(;SZ[19];B[pp];W[qd];B[cq])", /* a quarter turn */
	    "(;SZ[19];B[dp];W[pq];B[cc])", /* half a turn */
	    "(;SZ[19];B[dd];W[cp];B[qc])", /* three quarters */
	    "(;SZ[19];B[dd];W[pc];B[cq])", /* mirrored */
	    "(;SZ[19];B[pd];W[qp];B[cc])", "(;SZ[19];B[pp];W[dq];B[qc])",
	    "(;SZ[19];B[dp];W[cd];B[qq])",
	};
	struct sgf_signature s0 = sig_of(games[0], 0);

	for (int i = 1; i < 8; i++) {
		struct sgf_signature s = sig_of(games[i], 0);
		CHECK(s.canonical == s0.canonical);
		CHECK(s.moves != s0.moves);
	}
	/* a different game is not one of them */
	CHECK(sig_of("(;SZ[19];B[pd];W[cd];B[qq])", 0).canonical !=
	      s0.canonical);
	/* the board counts */
	CHECK(sig_of("(;SZ[18];B[pd];W[dc];B[qq])", 0).canonical !=
	      s0.canonical);
}

/* A rectangle has four symmetries, not eight. */
static void
a_rectangle_is_not_turned_a_quarter(void)
{
	struct sgf_signature a = sig_of("(;SZ[19:13];B[ac])", 0);
	struct sgf_signature b = sig_of("(;SZ[19:13];B[sk])", 0); /* 180 */
	struct sgf_signature c = sig_of("(;SZ[13:19];B[ca])", 0);

	CHECK(a.canonical == b.canonical);
	CHECK(a.canonical != c.canonical);
}

/* A game cut after N moves has the canonical hash that the whole game
 * has for its first N moves, whichever symmetry the cut copy is in. */
static void
a_cut_copy_has_the_prefix_hash(void)
{
	char whole[4096], cut[4096], turned[4096];
	size_t a = 0, b = 0, c = 0;

	a += (size_t)snprintf(whole + a, sizeof(whole) - a, "(;SZ[19]");
	b += (size_t)snprintf(cut + b, sizeof(cut) - b, "(;SZ[19]PB[z]");
	c += (size_t)snprintf(turned + c, sizeof(turned) - c, "(;SZ[19]");
	for (int i = 0; i < 100; i++) {
		int x = (i * 7 + 3) % 19, y = (i * 11 + 5) % 19;
		char col = i % 2 ? 'W' : 'B';
		a += (size_t)snprintf(whole + a, sizeof(whole) - a, ";%c[%c%c]",
				      col, 'a' + x, 'a' + y);
		if (i < 40) {
			b += (size_t)snprintf(cut + b, sizeof(cut) - b,
					      ";%c[%c%c]", col, 'a' + x,
					      'a' + y);
			/* mirrored left-right */
			c += (size_t)snprintf(turned + c, sizeof(turned) - c,
					      ";%c[%c%c]", col, 'a' + 18 - x,
					      'a' + y);
		}
	}
	snprintf(whole + a, sizeof(whole) - a, ")");
	snprintf(cut + b, sizeof(cut) - b, ")");
	snprintf(turned + c, sizeof(turned) - c, ")");

	struct sgf_signature w = sig_of(whole, 0), w40 = sig_of(whole, 40);
	struct sgf_signature k = sig_of(cut, 0), t = sig_of(turned, 0);

	CHECK_INT(w.nmoves, 100);
	CHECK_INT(k.nmoves, 40);
	CHECK(w.prefix[1] == k.canonical);
	CHECK(w40.canonical == k.canonical);
	CHECK(t.canonical == k.canonical);
	CHECK(t.prefix[0] == w.prefix[0]);
	CHECK(w.prefix[2] != 0 && w.prefix[3] == 0 && w.prefix[4] == 0);
	CHECK(w.canonical != k.canonical);
}

static void
dyer_is_the_points_of_six_moves(void)
{
	char g[4096];
	size_t n = 0;

	n += (size_t)snprintf(g + n, sizeof(g) - n, "(;SZ[19]");
	for (int i = 1; i <= 80; i++) {
		/* move i at column i % 19, row i / 19 */
		n += (size_t)snprintf(g + n, sizeof(g) - n, ";%c[%c%c]",
				      i % 2 ? 'B' : 'W', 'a' + i % 19,
				      'a' + i / 19);
	}
	snprintf(g + n, sizeof(g) - n, ")");
	/* 20: (1,1) bb; 40: (2,2) cc; 60: (3,3) dd; 31: (12,1) mb;
	 * 51: (13,2) nc; 71: (14,3) od */
	CHECK_STR(sig_of(g, 0).dyer, "bbccddmbncod");
	/* the smallest image: the transposition keeps the diagonal points
	 * and swaps the letters of the others */
	CHECK_STR(sig_of(g, 0).dyer_canonical, "bbccddbmcndo");
	CHECK_STR(sig_of("(;B[pd];W[])", 0).dyer, "------------");
}

/* sgf_signature_chunk on the first chunk of text: 0 with the same
 * signatures as the parsed game's (and *pb as its PB), or 1. */
static int
chunk_sig(const char *text, long max_moves, char *pb, size_t npb)
{
	static const enum sgf_pid ids[1] = {SGF_P_PB};
	struct sgf_reader *rd =
	    sgf_reader_open_mem(text, strlen(text), "t", NULL);
	struct sgf_signature t, g;
	struct sgf_chunk ch;
	const char *v;
	size_t len;
	int r = -1;

	if (rd && sgf_reader_next(rd, &ch, NULL) > 0) {
		struct sgf_game *game;
		r = sgf_signature_chunk(&ch, NULL, max_moves, &t, ids, 1, &v,
					&len);
		if (!r && pb)
			snprintf(pb, npb, "%.*s", v ? (int)len : 6,
				 v ? v : "(none)");
		game = sgf_parse_chunk(&ch, NULL);
		if (!r) {
			CHECK(game && game->nerrors == 0);
			CHECK(game && sgf_signature(game, max_moves, &g) == 0);
			CHECK(g.moves == t.moves && g.canonical == t.canonical);
			CHECK(g.nmoves == t.nmoves && g.sym == t.sym);
			CHECK(!memcmp(g.prefix, t.prefix, sizeof(g.prefix)));
			CHECK_STR(g.dyer, t.dyer);
			CHECK_STR(g.dyer_canonical, t.dyer_canonical);
		}
		sgf_game_free(game);
	}
	sgf_reader_close(rd);
	return r;
}

static void
plain_records_are_signed_from_their_text_as_from_their_tree(void)
{
	char pb[64];

	CHECK_INT(chunk_sig("(;GM[1]FF[4]SZ[19]PB[Lee]PW[Cho]\n;B[qd];W[dp]"
			    ";B[];W[tt];B[pp])",
			    0, pb, sizeof(pb)),
		  0);
	CHECK_STR(pb, "Lee");
	CHECK_INT(chunk_sig("(;SZ[9];B[ee];W[cc];B[gg])", 2, NULL, 0), 0);
	CHECK_INT(chunk_sig("(;SZ[13:9]C[a comment];B[aa]C[x];W[mi]BL[30])", 0,
			    pb, sizeof(pb)),
		  0);
	CHECK_STR(pb, "(none)");
	/* a node with a B and a W; values not points of the board */
	CHECK_INT(chunk_sig("(;SZ[9];B[aa]W[bb];B[zz];W[abc])", 0, NULL, 0), 0);
	/* 25 moves: the prefix at 20 */
	CHECK_INT(chunk_sig("(;;B[aa];W[ba];B[ca];W[da];B[ea];W[fa];B[ga]"
			    ";W[ha];B[ia];W[ja];B[ka];W[la];B[ma];W[na];B[oa]"
			    ";W[pa];B[qa];W[ra];B[sa];W[ab];B[bb];W[cb];B[db]"
			    ";W[eb];B[fb])",
			    0, NULL, 0),
		  0);
}

static const char L[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/* The moves of a game of n moves on a cols x rows board from seed:
 * points spread over the board (kind 0), with passes now and then (1:
 * an empty value, 2: "tt" on 19x19) and values off the board (3), so
 * that runs of common nodes are cut at every kind of node. */
static void
game_moves(int cols, int rows, int n, unsigned seed, int *kind, int *x, int *y)
{
	for (int i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		x[i] = (int)(seed >> 8) % cols;
		y[i] = (int)(seed >> 20) % rows;
		kind[i] = i % 37 == 36				     ? 1
			  : i % 53 == 52 && cols == 19 && rows == 19 ? 2
			  : i % 71 == 70 && cols < 52 && rows < 52   ? 3
								     : 0;
	}
}

/* That game written turned by symmetry sym, into buf. */
static void
long_game(char *buf, size_t size, int cols, int rows, int n, unsigned seed,
	  int sym)
{
	int kind[400], x[400], y[400], tc = cols, tr = rows;
	size_t k;

	if (sym & 1) {
		tc = rows;
		tr = cols;
	}
	game_moves(cols, rows, n, seed, kind, x, y);
	k = (size_t)snprintf(buf, size, "(;GM[1]SZ[%d:%d]PB[x]", tc, tr);
	for (int i = 0; i < n && k + 16 < size; i++) {
		int ox, oy;
		k += (size_t)snprintf(buf + k, size - k, ";%c[", "BW"[i % 2]);
		if (kind[i] == 2)
			k += (size_t)snprintf(buf + k, size - k, "tt");
		else if (kind[i] == 3)
			k += (size_t)snprintf(buf + k, size - k, "%c%c", L[tc],
					      'a');
		else if (kind[i] == 0) {
			sgf_sym_point(sym, cols, rows, x[i], y[i], &ox, &oy);
			k += (size_t)snprintf(buf + k, size - k, "%c%c", L[ox],
					      L[oy]);
		}
		k += (size_t)snprintf(buf + k, size - k, "]");
	}
	snprintf(buf + k, size - k, ")");
}

/* The signatures of that game as man/sgfkit-info.1 defines them, from
 * the texts themselves: the moves hash is the hash of the move text,
 * the canonical one the hash of the smallest of its images. */
static void
reference_hashes(int cols, int rows, int n, unsigned seed, uint64_t *moves,
		 uint64_t *canon)
{
	int kind[400], x[400], y[400];
	static char text[8][3 + 3 * 400], best[3 + 3 * 400];
	size_t len = 3 + 3 * (size_t)n;

	game_moves(cols, rows, n, seed, kind, x, y);
	for (int sym = 0; sym < 8; sym++) {
		char *t = text[sym];
		t[0] = 'S';
		t[1] = L[cols - 1];
		t[2] = L[rows - 1];
		for (int i = 0; i < n; i++) {
			int ox, oy;
			t[3 + 3 * i] = "BW"[i % 2];
			if (kind[i]) {
				t[4 + 3 * i] = t[5 + 3 * i] = '-';
				continue;
			}
			sgf_sym_point(sym, cols, rows, x[i], y[i], &ox, &oy);
			t[4 + 3 * i] = L[ox];
			t[5 + 3 * i] = L[oy];
		}
		if (sym == 0 ||
		    ((cols == rows || !(sym & 1)) && memcmp(t, best, len) < 0))
			memcpy(best, t, len);
	}
	*moves = sgf_signature_hash(text[0], len);
	*canon = sgf_signature_hash(best, len);
}

/* Long games under each symmetry, cut at and around every mark (the
 * prefixes, the Dyer moves, max_moves): the text's fast runs agree with
 * the tree's, and both with the hashes of the texts themselves. */
static void
long_games_are_signed_alike_from_text_and_tree(void)
{
	static const int sizes[][2] = {{19, 19}, {9, 9},   {25, 25},
				       {52, 52}, {19, 13}, {7, 30}};
	static const long cuts[] = {0,	1,   19,  20,  21,  30,	 31,  32,  71,
				    72, 159, 160, 161, 319, 320, 321, 400, 401};
	static char buf[8192];

	for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
		int cols = sizes[z][0], rows = sizes[z][1];
		uint64_t moves, canon;
		reference_hashes(cols, rows, 400, (unsigned)z + 7, &moves,
				 &canon);
		for (int sym = 0; sym < 8; sym++) {
			struct sgf_signature s;
			if (cols != rows && (sym & 1))
				continue;
			long_game(buf, sizeof(buf), cols, rows, 400,
				  (unsigned)z + 7, sym);
			for (size_t c = 0; c < sizeof(cuts) / sizeof(cuts[0]);
			     c++)
				CHECK_INT(chunk_sig(buf, cuts[c], NULL, 0), 0);
			s = sig_of(buf, 0);
			CHECK(s.nmoves == 400);
			/* a pass, or a value off the board, is "--" in
			 * every image */
			CHECK(s.canonical == canon);
			if (sym == 0)
				CHECK(s.moves == moves);
		}
	}
}

static void
records_not_plain_are_left_to_the_parser(void)
{
	static const char *const not_plain[] = {
	    "(;AB[dd];B[pd])",		 /* setup */
	    "(;SZ[9];B[aa];AW[bb])",	 /* setup later */
	    "(;;B[aa](;W[bb])(;W[cc]))", /* variations */
	    "(;PB[a\\]b];B[aa])",	 /* an escape */
	    "(;C[x]y];B[aa])",		 /* a ']' kept as text */
	    "(;GM[2];B[aa])",		 /* not Go */
	    "(;SZ[x];B[aa])",		 /* a bad size */
	    "(;B[aa])",			 /* a move in the root */
	    "(;;B[aa]B[bb])",		 /* two B in a node */
	    "(;;Black[aa])",		 /* lower-case letters */
	    "(;PB[\xc3\xa9];B[aa])",	 /* not ASCII */
	    "junk(;;B[aa])",		 /* junk before */
	    "(;;B[aa]",			 /* unterminated */
	    "(;;B[aa];W",		 /* an identifier without value */
	    "(;;B[b]])",		 /* a stray ']' after a short value:
					    the parser skips it with an error
					    (found by fuzz_signature) */
	};
	for (size_t i = 0; i < sizeof(not_plain) / sizeof(not_plain[0]); i++)
		CHECK_INT(chunk_sig(not_plain[i], 0, NULL, 0), 1);
}

int
main(void)
{
	RUN(the_hash_is_the_documented_one);
	RUN(metadata_comments_and_layout_do_not_count);
	RUN(setup_order_and_rectangles_do_not_count);
	RUN(every_symmetry_gives_the_canonical_hash);
	RUN(a_rectangle_is_not_turned_a_quarter);
	RUN(a_cut_copy_has_the_prefix_hash);
	RUN(dyer_is_the_points_of_six_moves);
	RUN(plain_records_are_signed_from_their_text_as_from_their_tree);
	RUN(long_games_are_signed_alike_from_text_and_tree);
	RUN(records_not_plain_are_left_to_the_parser);
	printf("%d passed, %d failed\n", unit_passed, unit_failed);
	return unit_failed ? 1 : 0;
}
