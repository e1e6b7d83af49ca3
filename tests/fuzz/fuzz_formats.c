/*
 * fuzz_formats.c - libFuzzer target for the GIB, NGF and UGF readers,
 * the GIB/NGF writers, the diagram writers and the symmetries on what
 * the readers accept.  Built and run by `make fuzz`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "rules/diagram.h"
#include "sgf/formats.h"
#include "sgf/gtp.h"
#include "sgf/gameinfo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum sgf_format fmts[] = {
	    SGF_FMT_GIB, SGF_FMT_NGF, SGF_FMT_UGF, SGF_FMT_OGS, SGF_FMT_GTP};
	FILE *null = fopen("/dev/null", "w");

	if (!null)
		return 0;
	sgf_format_detect((const char *)data, size, NULL);
	for (size_t i = 0; i < 5; i++) {
		struct sgf_game *g =
		    sgf_read_format(fmts[i], (const char *)data, size, "f");
		const char *why;

		if (!g)
			continue;
		if (g->root) {
			/* a KM the reader wrote is a number we read back
			 * (GTP 'komi nan' once wrote KM[nan]) */
			struct sgf_gameinfo gi;
			sgf_gameinfo_root(g, &gi);
			if (gi.komi_raw && !gi.has_komi)
				abort();
			sgf_write_gib(null, g, &why, NULL);
			sgf_write_ngf(null, g, &why, NULL);
			diagram_write_txt(null, g, -1, &why, NULL);
			gtp_write_script(null, g, 10, &why, NULL);
			sgf_normalize(g, SGF_FIX_ALL, NULL);
			sgf_transform(g, (int)(size % 8), &why, NULL);
			sgf_write_sgf(null, g, 0);
		}
		sgf_game_free(g);
	}
	fclose(null);
	return 0;
}
