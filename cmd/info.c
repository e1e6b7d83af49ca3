/* info.c - placeholder until the subcommand lands (scaffolding). */
#include "cmd.h"

int
cmd_info(int argc, char **argv)
{
	cmd_error("'info' is not implemented yet");
	return EXIT_USAGE;
}
