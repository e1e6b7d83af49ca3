/*
 * fuzz_pattern.c - libFuzzer target for the pattern reader and search
 * (rules/pattern.h): any bytes as a pattern file, read with no flag and
 * with every variant.  A pattern read must keep its promises: at least
 * one point and one variant, at most PATTERN_MAX_VARIANTS; searched in
 * its own file (one node, no move) it can only stand at move 0, and in
 * fixed games with captures, suicide, setup and a skipped move it never
 * reports a move past the game's last.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/pattern.h"
#include "sgf/sgf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char fixed[] =
    "(;SZ[9];B[cc];W[dc];B[gg];W[cd];B[gc];W[bc];B[gd];W[cb];B[cc])"
    "(;SZ[9]AB[ab][ba];W[aa];B[ee];W[ee];AW[ii]AE[ee])"
    "(;SZ[19];B[pd];W[dp];B[pp];W[dd];B[tt];W[])"
    "(;SZ[13:9]AB[ab]AW[cd];B[aa];W[mi])";

static void
search(const struct pattern *p, const char *text, size_t len, long max_move)
{
	struct sgf_game **games = NULL;
	int n = sgf_parse_all(text, len, "fuzz", NULL, &games);

	for (int i = 0; i < n; i++) {
		struct pattern_match m;
		if (pattern_find(p, games[i], &m) == 1 &&
		    (m.move < 0 || m.move > max_move || m.sym < 0 || m.sym > 7))
			abort();
		sgf_game_free(games[i]);
	}
	free(games);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const unsigned flags[2] = {0, PATTERN_SYMMETRIES | PATTERN_SWAP};

	for (int f = 0; f < 2; f++) {
		struct pattern_error err;
		struct pattern *p = pattern_read((const char *)data, size,
						 "fuzz", flags[f], &err);
		if (!p) {
			if (!err.msg[0])
				abort(); /* refused without a reason */
			continue;
		}
		if (pattern_npoints(p) < 1 || pattern_nvariants(p) < 1 ||
		    pattern_nvariants(p) > PATTERN_MAX_VARIANTS ||
		    (!flags[f] && pattern_nvariants(p) != 1))
			abort();
		search(p, (const char *)data, size, 0);
		search(p, fixed, sizeof(fixed) - 1, 9);
		pattern_free(p);
	}
	return 0;
}
