/* convert.c - placeholder until the subcommand lands (scaffolding). */
#include "cmd.h"

int
cmd_convert(int argc, char **argv)
{
	cmd_error("'convert' is not implemented yet");
	return EXIT_USAGE;
}
