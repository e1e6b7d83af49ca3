/*
 * fuzz_gtpserver.c - libFuzzer target for the GTP session
 * (rules/gtpserver.h): the input's lines are fed to one session as
 * commands, as `sgfkit gtp` feeds them, and each answer must be a
 * response that reads back whole once written.  loadsgf is left out (it
 * opens files by name); the lines and the counts (final_score and
 * final_status_list estimate a whole board) are bounded so that a run
 * stays quick.  Built and run by `make fuzz`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/gtpserver.h"
#include "sgf/gtp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_LINES  400
#define MAX_SCORES 8

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gtpserver_opts o = {.version = "fuzz"};
	struct gtpserver *s;
	char *buf = malloc(size + 1), *line, *next;
	int lines = 0, scores = 0;

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = 0;
	/* the first byte picks the rules: the ko and suicide checks */
	if (size && data[0] % 3 == 1)
		o.rules = "chinese";
	else if (size && data[0] % 3 == 2)
		o.rules = "tromp-taylor";
	s = gtpserver_new(&o);
	for (line = buf; s && line && lines < MAX_LINES; line = next) {
		struct gtpserver_answer a;
		char *out = NULL;
		size_t outlen = 0;
		FILE *f;

		next = memchr(line, '\n', (size_t)(buf + size - line));
		if (next)
			*next++ = 0;
		if (strstr(line, "loadsgf"))
			continue;
		if (strstr(line, "final_s") && ++scores > MAX_SCORES)
			continue;
		lines++;
		if (!gtpserver_line(s, line, &a))
			continue;
		if (!a.text)
			abort();
		f = open_memstream(&out, &outlen);
		if (f) {
			struct gtp_reply r;
			gtp_reply_write(f, a.ok, a.id, a.text);
			fclose(f);
			if (gtp_reply_parse(out, outlen, &r) != (long)outlen ||
			    r.ok != a.ok || r.id != a.id)
				abort();
			free(out);
		}
		if (a.quit)
			break;
	}
	gtpserver_free(s);
	free(buf);
	return 0;
}
