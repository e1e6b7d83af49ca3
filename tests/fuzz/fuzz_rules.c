/*
 * fuzz_rules.c - libFuzzer target for the rules replay: every game the
 * parser reads from the input is replayed under a rule set picked by
 * the first byte (and with variations on or off), and the problem list
 * must be consistent.  Built and run by `make fuzz`.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/check.h"
#include "sgf/sgf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *names[] = {"japanese", "chinese",	  "aga", "bga",
				      "nz",	  "tromp-taylor", NULL,	 "ing"};
	struct sgf_game **games = NULL;
	struct check_opts o;
	int n, i;
	unsigned sel = size ? data[0] : 0;

	if (size > 1 << 16)
		return 0;
	n = sgf_parse_all((const char *)data, size, "fuzz", NULL, &games);
	check_opts_default(&o);
	o.rules = names[sel & 7];
	o.main_line_only = (sel >> 3) & 1;
	o.max_moves = (sel >> 4) & 1 ? 3 : 0;
	if ((sel >> 5) & 1)
		o.suicide = 1;
	for (i = 0; i < n; i++) {
		struct check_list l;
		size_t k;
		unsigned e = 0;
		check_list_init(&l);
		if (check_game(games[i], &o, &l) == 0) {
			for (k = 0; k < l.n; k++) {
				if (l.v[k].severity == CHECK_ERROR)
					e++;
				if (!l.v[k].code || !l.v[k].message[0] ||
				    strlen(l.v[k].point) > 2 || l.v[k].move < 0)
					abort();
			}
			if (e != l.nerrors || l.n > 1001)
				abort();
		}
		check_list_release(&l);
		sgf_game_free(games[i]);
	}
	free(games);
	return 0;
}
