/*
 * fuzz_gtp.c - libFuzzer target for the GTP module (sgf/gtp.h): the
 * response parser on what an engine may write, as the client reads it
 * (response after response, in place), the vertices in each response,
 * and the quoting of a response written: whatever the text, the
 * response written must parse back whole, as one response.  Built and
 * run by `make fuzz`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgf/gtp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1), *out = NULL;
	size_t off = 0, outlen = 0;
	struct gtp_reply r;
	FILE *f;
	long k;

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = 0;
	while (off < size &&
	       (k = gtp_reply_parse(buf + off, size - off, &r)) > 0) {
		if ((size_t)k > size - off || !r.text || r.text < buf + off ||
		    r.text >= buf + off + k)
			abort();
		for (const char *p = r.text; *p;) {
			int x, y;
			size_t l;
			p += strspn(p, " \t\n");
			l = strcspn(p, " \t\n");
			if (l && gtp_vertex_parse(p, l, 19, 19, &x, &y) == 1 &&
			    (x < 0 || x >= 19 || y < 0 || y >= 19))
				abort();
			p += l;
		}
		gtp_text_line(r.text);
		off += (size_t)k;
	}
	/* the input as a response's text: written, it reads back whole */
	memcpy(buf, data, size);
	buf[size] = 0;
	f = open_memstream(&out, &outlen);
	if (f) {
		gtp_reply_write(f, size % 2, (long)(size % 7) - 1, buf);
		fclose(f);
		k = gtp_reply_parse(out, outlen, &r);
		if (k != (long)outlen)
			abort();
		free(out);
	}
	free(buf);
	return 0;
}
