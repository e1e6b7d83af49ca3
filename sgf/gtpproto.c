/*
 * gtpproto.c - GTP 2 text: command lines, vertices, colours, responses
 * and their quoting (gtp.h).  The reader of GTP scripts is sgf/gtp.c, the
 * record told as commands sgf/gtpsetup.c.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gtp.h"

int
gtp_vertex_parse(const char *s, size_t len, int cols, int rows, int *x, int *y)
{
	int c, row = 0;
	size_t i;

	if (len == 4 && !strncasecmp(s, "pass", 4))
		return 0;
	if (len < 2 || len > 5)
		return -1;
	c = toupper((unsigned char)s[0]);
	if (c < 'A' || c > 'Z' || c == 'I')
		return -1;
	c = c - 'A' - (c > 'I');
	for (i = 1; i < len; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		row = row * 10 + (s[i] - '0');
	}
	if (c >= cols || row < 1 || row > rows)
		return -1;
	*x = c;
	*y = rows - row;
	return 1;
}

char
gtp_column_letter(int x)
{
	return (char)('A' + x + (x >= 8));
}

void
gtp_vertex_name(int x, int y, int rows, char buf[GTP_VERTEX_MAX])
{
	if (x < 0) {
		strcpy(buf, "pass");
		return;
	}
	if (x < GTP_MAX_SIDE)
		snprintf(buf, GTP_VERTEX_MAX, "%c%d", gtp_column_letter(x),
			 rows - y);
	else /* beyond GTP: two letters, as a spreadsheet names them */
		snprintf(buf, GTP_VERTEX_MAX, "%c%c%d",
			 gtp_column_letter(x / GTP_MAX_SIDE - 1),
			 gtp_column_letter(x % GTP_MAX_SIDE), rows - y);
}

int
gtp_colour_parse(const char *s)
{
	if (!strcasecmp(s, "b") || !strcasecmp(s, "black"))
		return 'B';
	if (!strcasecmp(s, "w") || !strcasecmp(s, "white"))
		return 'W';
	return 0;
}

int
gtp_command_parse(char *line, struct gtp_command *c)
{
	char *w = line, *p;
	int first = 1;

	/* preprocessing, in place: what is left is words and spaces */
	for (p = line; *p && *p != '#'; p++) {
		unsigned char ch = (unsigned char)*p;
		if (ch == '\t')
			*w++ = ' ';
		else if (ch >= 0x20 && ch != 0x7f)
			*w++ = (char)ch;
	}
	*w = 0;
	c->id = -1;
	c->argc = 0;
	c->too_many = false;
	for (p = line; *p;) {
		char *word;
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		word = p;
		while (*p && *p != ' ')
			p++;
		if (*p)
			*p++ = 0;
		if (first && strspn(word, "0123456789") == strlen(word)) {
			long id = 0;
			for (char *d = word; *d; d++)
				id = id > 99999999 ? 999999999
						   : id * 10 + (*d - '0');
			c->id = id;
		} else if (c->argc < GTP_MAX_WORDS) {
			c->argv[c->argc++] = word;
		} else {
			c->too_many = true;
		}
		first = 0;
	}
	return c->argc > 0;
}

/* The end of the line that starts at p (its '\n'), or NULL when the
 * buffer ends first. */
static char *
line_end(char *p, char *end)
{
	return memchr(p, '\n', (size_t)(end - p));
}

/* Is [p, e) empty once a CR before the newline is dropped? */
static bool
blank_line(const char *p, const char *e)
{
	return e == p || (e == p + 1 && *p == '\r');
}

long
gtp_reply_parse(char *buf, size_t len, struct gtp_reply *r)
{
	char *p = buf, *end = buf + len, *e, *text, *w;

	/* empty lines between responses */
	while (p < end && (e = line_end(p, end)) && blank_line(p, e))
		p = e + 1;
	if (p == end)
		return 0;
	if (*p != '=' && *p != '?')
		return -1;
	/* find the empty line that ends it before touching anything */
	for (e = line_end(p, end); e; e = line_end(e + 1, end))
		if (e + 1 < end &&
		    (e[1] == '\n' ||
		     (e[1] == '\r' && e + 2 < end && e[2] == '\n')))
			break;
	if (!e)
		return 0;
	e++; /* the empty line */
	r->ok = *p == '=';
	r->id = -1;
	p++;
	if (isdigit((unsigned char)*p)) {
		long id = 0;
		while (isdigit((unsigned char)*p)) {
			if (id < 100000000)
				id = id * 10 + (*p - '0');
			p++;
		}
		if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
			return -1;
		r->id = id;
	}
	if (*p == ' ' || *p == '\t')
		p++;
	/* copy down without CRs; inner newlines stay */
	text = w = p;
	for (; p < e; p++)
		if (*p != '\r')
			*w++ = *p;
	while (w > text && isspace((unsigned char)w[-1]))
		w--;
	*w = 0;
	r->text = text;
	/* the empty line, LF or CRLF */
	if (*e == '\r')
		e++;
	return (long)(e + 1 - buf);
}

void
gtp_reply_write(FILE *f, bool ok, long id, const char *text)
{
	const char *p = text ? text : "";
	/* nothing written on this line yet: never so on the first, which
	 * holds the '=' (a text that starts with a newline, a board,
	 * starts on the next line, as GNU Go's showboard) */
	bool line_empty = false;
	size_t pending = 0; /* newlines held back */

	putc(ok ? '=' : '?', f);
	if (id >= 0)
		fprintf(f, "%ld", id);
	putc(' ', f);
	for (; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (c == '\n' || c == '\r') {
			/* an empty line would end the response: keep
			 * newlines only between lines with something on
			 * them */
			if (!line_empty)
				pending = 1;
			line_empty = true;
			continue;
		}
		if (pending) {
			putc('\n', f);
			pending = 0;
		}
		putc(c < 0x20 || c == 0x7f ? ' ' : c, f);
		line_empty = false;
	}
	fputs("\n\n", f);
}

size_t
gtp_text_line(char *s)
{
	char *w = s;
	bool space = true; /* drops blanks at the start */

	for (char *p = s; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (c <= 0x20 || c == 0x7f) {
			if (!space)
				*w++ = ' ';
			space = true;
			continue;
		}
		*w++ = (char)c;
		space = false;
	}
	if (w > s && w[-1] == ' ')
		w--;
	*w = 0;
	return (size_t)(w - s);
}

bool
gtp_word_ok(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if ((unsigned char)*s <= 0x20 || *s == 0x7f || *s == '#')
			return false;
	return true;
}
