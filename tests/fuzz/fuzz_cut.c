/*
 * fuzz_cut.c - libFuzzer target for the cutter of formats other than
 * SGF (sgf/cut.c): JSON cut into one chunk per value, under a small
 * max_game_bytes so that values over it are skipped too.
 *
 * The input goes through a memfd, as a file does, first byte aside: it
 * picks the limit.  Every chunk must lie within the input, in order and
 * without overlap, start at the line and column it says, and be read as
 * JSON games; a whole-file cut must give back the input itself.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sgf/sgf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The line and column (1-based, columns in UTF-8 characters) of byte
 * `off` of d. */
static void
linecol(const uint8_t *d, size_t off, uint64_t *line, uint32_t *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off; i++) {
		if (d[i] == '\n') {
			++*line;
			*col = 1;
		} else if ((d[i] & 0xC0) != 0x80) {
			++*col;
		}
	}
}

static void
cut(const uint8_t *d, size_t n, int lines, size_t max)
{
	struct sgf_limits lim;
	struct sgf_reader *rd;
	struct sgf_cutter *k;
	struct sgf_chunk ch;
	struct sgf_diag err;
	uint64_t end = 0;
	int fd = memfd_create("fuzz", 0), r;

	if (fd < 0)
		return;
	if (n && write(fd, d, n) != (ssize_t)n) {
		close(fd);
		return;
	}
	lseek(fd, 0, SEEK_SET);
	sgf_limits_default(&lim);
	lim.max_game_bytes = max;
	rd = sgf_reader_open_fd(fd, 1, "f", &lim);
	if (!rd) {
		close(fd);
		return;
	}
	k = sgf_cutter_open(rd, lines, "f", &lim);
	if (!k) {
		sgf_reader_close(rd);
		return;
	}
	while ((r = sgf_cutter_next(k, &ch, &err, 0)) == 1) {
		if (!lines) {
			/* (a gzip input is inflated: only plain input is
			 * given back as it is) */
			if (!(ch.flags & SGF_CHUNK_TOO_BIG) &&
			    (n < 2 || d[0] != 0x1f || d[1] != 0x8b) &&
			    (ch.len != n || memcmp(ch.data, d, n)))
				abort();
		} else if (!(ch.flags & SGF_CHUNK_TOO_BIG) &&
			   (n < 2 || d[0] != 0x1f || d[1] != 0x8b)) {
			uint64_t line;
			uint32_t col;
			if (ch.offset < end || ch.offset + ch.len > n ||
			    memcmp(ch.data, d + ch.offset, ch.len) ||
			    ch.data[ch.len] != 0)
				abort();
			linecol(d, (size_t)ch.offset, &line, &col);
			if (line != ch.line || col != ch.col)
				abort();
			end = ch.offset + ch.len;
			{
				struct sgf_game **games = NULL;
				int g = sgf_parse_json(ch.data, ch.len, "f",
						       &lim, &games);
				for (int i = 0; i < g; i++)
					sgf_game_free(games[i]);
				free(games);
			}
		}
		free(ch.data);
	}
	sgf_cutter_close(k);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t max;

	if (size < 1)
		return 0;
	/* 16 to 4096 bytes a game, or the default */
	max = data[0] == 0xff ? 256u << 20 : 16u << (data[0] % 9);
	cut(data + 1, size - 1, 1, max);
	cut(data + 1, size - 1, 0, max);
	return 0;
}
