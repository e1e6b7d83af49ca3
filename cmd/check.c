/* check.c - placeholder until the subcommand lands (scaffolding). */
#include "cmd.h"

int
cmd_check(int argc, char **argv)
{
	cmd_error("'check' is not implemented yet");
	return EXIT_USAGE;
}
