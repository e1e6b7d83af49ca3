/*
 * formats.c - the table of record formats ({name, extensions, detect,
 * read, write}), and what goes by it: a format from its name, from a
 * file's extension or from a file's first bytes, and the readers and
 * writers reached through it.  The command line chooses formats with
 * this table too; the readers and writers themselves are in their own
 * files (parse.c, json.c, gib.c, ngf.c, ugf.c, ogs.c, gtp.c).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fmt_internal.h"
#include "gtp.h"
#include "internal.h"

/* ------------------------------------------------------------------ */
/* Detection                                                           */

static bool
looks_ngf(const char *buf, size_t len)
{
	struct fmt_lines it;
	const char *s;
	size_t l;
	int pm = 0, gi = 0;

	fmt_lines_init(&it, buf, len < 65536 ? len : 65536);
	while (fmt_lines_next(&it, &s, &l) && it.line < 200) {
		if (it.line == 1 && fmt_prefix(s, l, "GI"))
			gi = 1;
		if (it.line == 2 && !gi) {
			const char *t = s;
			size_t tl = l;
			fmt_trim(&t, &tl);
			if (tl == 0 || tl > 2 || !isdigit((unsigned char)t[0]))
				return false;
		}
		if (l >= 9 && fmt_prefix(s, l, "PM") &&
		    (s[4] == 'B' || s[4] == 'W'))
			pm++;
	}
	return gi || pm > 0;
}

enum sgf_format
sgf_format_detect(const char *buf, size_t len, const char *name)
{
	size_t i = 0;
	const char *ext = name ? strrchr(name, '.') : NULL;
	enum sgf_format byname =
	    ext ? sgf_format_from_name(ext + 1) : SGF_FMT_UNKNOWN;

	if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3))
		i = 3;
	while (i < len && isspace((unsigned char)buf[i]))
		i++;
	if (i == len)
		return byname;
	if (len - i >= 3 && !memcmp(buf + i, "\\HS", 3))
		return SGF_FMT_GIB;
	if (memmem(buf, len < 4096 ? len : 4096, "\\[GIBOKIND=", 11) ||
	    (len - i >= 3 && !memcmp(buf + i, "\\GS", 3)))
		return SGF_FMT_GIB;
	{
		/* UGF: optional '#' comment lines, then [Header] */
		size_t j = i;
		while (j < len && buf[j] == '#') {
			while (j < len && buf[j] != '\n')
				j++;
			while (j < len && isspace((unsigned char)buf[j]))
				j++;
		}
		if (len - j >= 8 && !strncasecmp(buf + j, "[Header]", 8))
			return SGF_FMT_UGF;
	}
	if (buf[i] == '(')
		return SGF_FMT_SGF;
	if (buf[i] == '{')
		return sgf_looks_ogs(buf + i, len - i) ? SGF_FMT_OGS
						       : SGF_FMT_JSON;
	if (looks_ngf(buf + i, len - i))
		return SGF_FMT_NGF;
	if (sgf_looks_gtp(buf + i, len - i))
		return SGF_FMT_GTP;
	if (memmem(buf, len, "(;", 2))
		return SGF_FMT_SGF;
	return byname;
}

/* The table's detectors: each asks whether the file is its format, in
 * the table's order (sgf_format_sniff()).  JSON is any document that
 * starts with '{' (after a BOM and blanks) and is not an online-go.com
 * game, which comes before it. */
static bool
detect_json(const char *buf, size_t len)
{
	size_t i = 0;

	if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3))
		i = 3;
	while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' ||
			   buf[i] == '\n'))
		i++;
	return i < len && buf[i] == '{';
}

static bool
detect_gib(const char *buf, size_t len)
{
	return sgf_format_detect(buf, len, NULL) == SGF_FMT_GIB;
}

static bool
detect_ngf(const char *buf, size_t len)
{
	return sgf_format_detect(buf, len, NULL) == SGF_FMT_NGF;
}

static bool
detect_ugf(const char *buf, size_t len)
{
	return sgf_format_detect(buf, len, NULL) == SGF_FMT_UGF;
}

static bool
detect_ogs(const char *buf, size_t len)
{
	return sgf_format_detect(buf, len, NULL) == SGF_FMT_OGS;
}

static bool
detect_gtp(const char *buf, size_t len)
{
	return sgf_format_detect(buf, len, NULL) == SGF_FMT_GTP;
}

/* ------------------------------------------------------------------ */
/* Readers and writers as the table holds them                        */

int
sgf_format_read(const struct sgf_format_info *f, const char *buf, size_t len,
		const char *file, const struct sgf_limits *lim,
		struct sgf_game ***games)
{
	struct sgf_game *g;

	if (!f->read_one)
		return f->read_all(buf, len, file, lim, games);
	if (!(g = f->read_one(buf, len, file)))
		return -1;
	*games = malloc(sizeof(**games));
	if (!*games) {
		sgf_game_free(g);
		return -1;
	}
	(*games)[0] = g;
	return 1;
}

static int
write_sgf(FILE *out, const struct sgf_game *g, const struct sgf_write_opts *o,
	  const char **why, struct sgf_write_notes *notes)
{
	return sgf_write_sgf(out, g, o->flags);
}

/* JSON Lines: one document per game, one per line. */
static int
write_json(FILE *out, const struct sgf_game *g, const struct sgf_write_opts *o,
	   const char **why, struct sgf_write_notes *notes)
{
	if (sgf_write_json(out, g))
		return -1;
	return putc_unlocked('\n', out) == EOF ? -1 : 0;
}

static int
write_gtp(FILE *out, const struct sgf_game *g, const struct sgf_write_opts *o,
	  const char **why, struct sgf_write_notes *notes)
{
	return gtp_write_script(out, g, o->upto, why, notes);
}

static int
write_gib(FILE *out, const struct sgf_game *g, const struct sgf_write_opts *o,
	  const char **why, struct sgf_write_notes *notes)
{
	return sgf_write_gib(out, g, why, notes);
}

static int
write_ngf(FILE *out, const struct sgf_game *g, const struct sgf_write_opts *o,
	  const char **why, struct sgf_write_notes *notes)
{
	return sgf_write_ngf(out, g, why, notes);
}

/* ------------------------------------------------------------------ */
/* The table                                                           */

/* clang-format off */
const struct sgf_format_info sgf_formats[] = {
    /* in detection order: an online-go.com game is a JSON document too,
     * and SGF, the fallback, is last */
    {SGF_FMT_OGS, "ogs", "", SGF_FMT_WHOLE, detect_ogs, sgf_read_ogs, NULL,
     NULL},
    {SGF_FMT_JSON, "json", "json,jsonl,ndjson", SGF_FMT_LINES, detect_json,
     NULL, sgf_parse_json, write_json},
    {SGF_FMT_GIB, "gib", "gib", SGF_FMT_WHOLE, detect_gib, sgf_read_gib, NULL,
     write_gib},
    {SGF_FMT_GTP, "gtp", "gtp,tst", SGF_FMT_WHOLE, detect_gtp, sgf_read_gtp,
     NULL, write_gtp},
    {SGF_FMT_NGF, "ngf", "ngf", SGF_FMT_WHOLE, detect_ngf, sgf_read_ngf, NULL,
     write_ngf},
    {SGF_FMT_UGF, "ugf", "ugf,ugi", SGF_FMT_WHOLE, detect_ugf, sgf_read_ugf,
     NULL, NULL},
    {SGF_FMT_SGF, "sgf", "sgf", SGF_FMT_STREAM, NULL, NULL, sgf_parse_all,
     write_sgf},
    {SGF_FMT_UNKNOWN, NULL, NULL, 0, NULL, NULL, NULL, NULL},
};
/* clang-format on */

const struct sgf_format_info *
sgf_format_info(enum sgf_format f)
{
	const struct sgf_format_info *t;

	for (t = sgf_formats; t->name; t++)
		if (t->id == f)
			return t;
	return NULL;
}

const struct sgf_format_info *
sgf_format_by_name(const char *name)
{
	const struct sgf_format_info *t;

	for (t = sgf_formats; t->name; t++)
		if (!strcasecmp(t->name, name))
			return t;
	return NULL;
}

/* Is the n bytes at s one of the comma list's words (any case)? */
static bool
in_list(const char *s, size_t n, const char *list)
{
	while (*list) {
		const char *comma = strchr(list, ',');
		size_t m = comma ? (size_t)(comma - list) : strlen(list);

		if (m == n && !strncasecmp(list, s, n))
			return true;
		list += m;
		if (*list == ',')
			list++;
	}
	return false;
}

bool
sgf_name_has_ext(const char *name, const char *list)
{
	const char *dot, *end = name + strlen(name);

	if (end - name > 3 && !strcasecmp(end - 3, ".gz"))
		end -= 3;
	for (dot = end; dot > name && dot[-1] != '.' && dot[-1] != '/'; dot--)
		;
	if (dot == name || dot[-1] != '.')
		return false;
	return in_list(dot, (size_t)(end - dot), list);
}

const struct sgf_format_info *
sgf_format_by_ext(const char *name)
{
	const struct sgf_format_info *t;

	for (t = sgf_formats; t->name; t++)
		if (sgf_name_has_ext(name, t->exts))
			return t;
	return NULL;
}

const struct sgf_format_info *
sgf_format_sniff(const char *buf, size_t len)
{
	const struct sgf_format_info *t;

	for (t = sgf_formats; t->detect; t++)
		if (t->detect(buf, len))
			return t;
	return t; /* SGF */
}

const char *
sgf_format_name(enum sgf_format f)
{
	const struct sgf_format_info *t = sgf_format_info(f);

	return t ? t->name : "unknown";
}

enum sgf_format
sgf_format_from_name(const char *name)
{
	const struct sgf_format_info *t;

	if (!name)
		return SGF_FMT_UNKNOWN;
	for (t = sgf_formats; t->name; t++)
		if (!strcasecmp(name, t->name) ||
		    in_list(name, strlen(name), t->exts))
			return t->id;
	return SGF_FMT_UNKNOWN;
}

struct sgf_game *
sgf_read_format(enum sgf_format f, const char *buf, size_t len,
		const char *file)
{
	const struct sgf_format_info *t = sgf_format_info(f);

	return t && t->read_one ? t->read_one(buf, len, file) : NULL;
}
