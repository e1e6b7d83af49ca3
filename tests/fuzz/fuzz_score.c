/*
 * fuzz_score.c - libFuzzer target for scoring: every game the parser
 * reads from the input is replayed to its final position (or to a move
 * picked by the first byte), its dead stones are estimated with a few
 * playouts, and it is counted both ways; the counts must add up.
 * Built and run by `make fuzz` (a hang shows as a libFuzzer timeout).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "rules/rules.h"
#include "rules/score.h"
#include "sgf/gameinfo.h"
#include "sgf/sgf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct score_pos pos;
	static struct score_result res;
	struct sgf_game **games = NULL;
	unsigned sel = size ? data[0] : 0;
	int n;

	if (size > 1 << 16)
		return 0;
	n = sgf_parse_all((const char *)data, size, "fuzz", NULL, &games);
	for (int i = 0; i < n; i++) {
		struct score_replay_info ri;
		struct score_estimate_opts eo;
		struct score_opts so = {0};
		struct sgf_gameinfo gi;
		struct rules r;

		/* komi and margins are finite, whatever KM, KO, RE or RU
		 * say: score prints them as JSON numbers */
		sgf_gameinfo_root(games[i], &gi);
		if ((gi.has_komi && !isfinite(gi.komi)) ||
		    !isfinite(gi.result.margin))
			abort();
		if (gi.rules && rules_from_name(&r, gi.rules) == 0 &&
		    !isfinite(r.komi))
			abort();
		if (games[i]->root &&
		    score_replay(games[i], (sel & 1) ? (int)(sel >> 1) : -1,
				 &pos, &ri) == 0) {
			score_estimate_opts_default(&eo);
			eo.playouts = 4;
			eo.to_move = ri.next;
			if (score_estimate(&pos, &eo))
				abort();
			so.komi = 6.5;
			so.handicap = (int)(sel >> 5);
			so.strict = (sel >> 4) & 1;
			score_count(&pos, &so, &res);
			/* every point is counted at most once */
			for (int c = 1; c <= 2; c++)
				if (res.jp[c].territory < 0 ||
				    res.cn[c].stones + res.cn[c].area >
					pos.w * pos.h ||
				    !isfinite(res.jp[c].total) ||
				    !isfinite(res.cn[c].total))
					abort();
		}
		sgf_game_free(games[i]);
	}
	free(games);
	return 0;
}
