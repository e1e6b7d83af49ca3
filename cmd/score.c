/* score.c - placeholder until the subcommand lands (scaffolding). */
#include "cmd.h"

int
cmd_score(int argc, char **argv)
{
	cmd_error("'score' is not implemented yet");
	return EXIT_USAGE;
}
