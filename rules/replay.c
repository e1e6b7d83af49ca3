/* replay.c - scaffolding until the rules engine lands: checks nothing. */
#include <string.h>

#include "check.h"

void
check_opts_default(struct check_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->ko = -1;
	o->suicide = -1;
}

int
check_game(const struct sgf_game *g, const struct check_opts *o,
	   struct check_list *out)
{
	return 0;
}
