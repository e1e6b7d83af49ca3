/* scaffolding: removed when the parser lands */
#include "sgf.h"
const char *
sgf_code_name(enum sgf_code c)
{
	return "unknown";
}
