/*
 * diagram.c - the position after move N as text or SVG.
 */
#include <stdlib.h>
#include <string.h>

#include "../sgf/formats.h"
#include "../sgf/gameinfo.h"
#include "../sgf/gtp.h"
#include "diagram.h"
#include "mainline.h"

struct replay_ctx {
	struct diagram_pos *pos;
	struct sgf_write_notes *notes;
};

/* A setup value that is not a point is left out, with a note: the rest
 * of the diagram is still worth drawing. */
static void
bad_setup(void *ctx, const struct sgf_prop *p, const struct sgf_value *v)
{
	struct replay_ctx *c = ctx;
	char t[16];

	sgf_value_excerpt(v, t, sizeof(t));
	sgf_write_note(c->notes, v->off, "not-played",
		       "%s value '%s' is not a point: left out of the diagram",
		       p->id, t);
}

/* A move that could not be played: kept for the picture, noted. */
static void
skip_move(void *ctx, const struct sgf_prop *p, long move, int x, int y,
	  const char *why)
{
	struct replay_ctx *c = ctx;
	struct diagram_pos *pos = c->pos;
	char where[24];

	if (pos->nskipped < DIAGRAM_MAX_SKIPPED) {
		struct diagram_skip *k = &pos->skipped[pos->nskipped];
		k->move = move;
		k->x = x;
		k->y = y;
		k->colour = p->id[0];
		k->why = why;
		sgf_value_excerpt(p->values, k->text, sizeof(k->text));
	}
	pos->nskipped++;
	if (x >= 0 && pos->cols <= 25) {
		gtp_vertex_name(x, y, pos->rows, where);
	} else {
		char t[16];
		sgf_value_excerpt(p->values, t, sizeof(t));
		snprintf(where, sizeof(where), "'%s'", t);
	}
	sgf_write_note(c->notes, p->values->off, "not-played",
		       "move %ld (%s %s) %s: not played in the diagram", move,
		       p->id, where, why);
}

int
diagram_position(const struct sgf_game *g, long upto, struct diagram_pos *pos,
		 const char **why, struct sgf_write_notes *notes)
{
	struct replay_ctx ctx = {pos, notes};
	/* a move that cannot be played is skipped, as check and score do,
	 * marked, and noted: the position is still worth drawing */
	struct mainline_policy pol = {.upto = upto,
				      .num = pos->num,
				      .skipped = skip_move,
				      .bad_setup = bad_setup,
				      .ctx = &ctx};
	struct mainline_result res;

	memset(pos->num, 0, sizeof(pos->num));
	pos->moves = 0;
	pos->last_x = pos->last_y = -1;
	pos->last_colour = 0;
	pos->captured_by_black = pos->captured_by_white = 0;
	pos->nskipped = 0;
	if (!g || !g->root) {
		*why = "empty record";
		return -1;
	}
	if (sgf_game_type(g) != 1) {
		*why = SGF_NOT_GO_WHY;
		return -1;
	}
	if (sgf_board_size(g, &pos->cols, &pos->rows) < 0) {
		*why = "malformed board size";
		return -1;
	}
	/* After move N, nothing after it; with N = 0, every setup before
	 * the first move (the position before any move, as score -m 0
	 * has it: the stones of a problem or of a handicap). */
	mainline_replay(g, pos->cols, pos->rows, &pos->b, &pol, &res);
	pos->moves = res.moves;
	pos->last_x = res.last_x;
	pos->last_y = res.last_y;
	pos->last_colour = res.last_colour;
	pos->captured_by_black = res.lost[BOARD_WHITE];
	pos->captured_by_white = res.lost[BOARD_BLACK];
	return 0;
}

/* Is (x, y) the point of a move that was not played? */
static bool
skipped_at(const struct diagram_pos *pos, int x, int y)
{
	int n = pos->nskipped < DIAGRAM_MAX_SKIPPED ? pos->nskipped
						    : DIAGRAM_MAX_SKIPPED;

	for (int i = 0; i < n; i++)
		if (pos->skipped[i].x == x && pos->skipped[i].y == y)
			return true;
	return false;
}

/* Column label: GTP letters (no I) up to 25 columns, SGF letters
 * beyond. */
static char
col_label(int x, int cols)
{
	if (cols <= 25)
		return gtp_column_letter(x);
	return sgf_coord_letter(x);
}

static bool
star_point(int x, int y, int cols, int rows)
{
	int xs[9], ys[9], n;

	if (cols != rows)
		return false;
	n = sgf_fixed_handicap(cols,
			       cols % 2 == 0 ? 4
			       : cols >= 15  ? 9
					     : 5,
			       xs, ys);
	for (int i = 0; i < n; i++)
		if (xs[i] == x && ys[i] == y)
			return true;
	return false;
}

static void
txt_columns(FILE *out, int cols)
{
	fputs("   ", out);
	for (int x = 0; x < cols; x++)
		fprintf(out, " %c", col_label(x, cols));
	fputc('\n', out);
}

/* The mark before cell x of row y: '(' / ')' around the last move,
 * '[' / ']' around a move that was not played (the cell's own opening
 * mark first when two meet). */
static char
txt_mark(const struct diagram_pos *pos, int x, int y)
{
	bool last = x == pos->last_x && y == pos->last_y;

	if (x < pos->cols && skipped_at(pos, x, y))
		return '[';
	if (last)
		return '(';
	if (x > 0 && skipped_at(pos, x - 1, y))
		return ']';
	if (x > 0 && x - 1 == pos->last_x && y == pos->last_y)
		return ')';
	return ' ';
}

int
diagram_write_txt(FILE *out, const struct sgf_game *g, long upto,
		  const char **why, struct sgf_write_notes *notes)
{
	struct diagram_pos *pos = malloc(sizeof(*pos));
	struct sgf_gameinfo gi;

	if (!pos) {
		*why = "out of memory";
		return -1;
	}
	if (diagram_position(g, upto, pos, why, notes) < 0) {
		free(pos);
		return -1;
	}
	sgf_gameinfo(g, &gi);
	if (gi.black || gi.white)
		fprintf(out, "%s (B) - %s (W)\n", gi.black ? gi.black : "?",
			gi.white ? gi.white : "?");
	txt_columns(out, pos->cols);
	for (int y = 0; y < pos->rows; y++) {
		int row = pos->rows - y;
		fprintf(out, "%3d", row);
		for (int x = 0; x < pos->cols; x++) {
			int c = board_color(&pos->b, board_pt(&pos->b, x, y));
			fputc(txt_mark(pos, x, y), out);
			fputc(c == BOARD_BLACK			       ? 'X'
			      : c == BOARD_WHITE		       ? 'O'
			      : star_point(x, y, pos->cols, pos->rows) ? '+'
								       : '.',
			      out);
		}
		fputc(txt_mark(pos, pos->cols, y), out);
		fprintf(out, "%d\n", row);
	}
	txt_columns(out, pos->cols);
	if (pos->moves == 0) {
		fputs("Move 0\n", out);
	} else {
		char v[GTP_VERTEX_MAX];
		gtp_vertex_name(pos->last_x, pos->last_y, pos->rows, v);
		if (pos->cols > 25 && pos->last_x >= 0)
			snprintf(v, sizeof(v), "%c%c",
				 col_label(pos->last_x, pos->cols),
				 col_label(pos->last_y, pos->rows));
		fprintf(out, "Move %ld: %s %s\n", pos->moves,
			pos->last_colour == 'B' ? "Black (X)" : "White (O)", v);
	}
	for (int i = 0; i < pos->nskipped && i < DIAGRAM_MAX_SKIPPED; i++) {
		const struct diagram_skip *k = &pos->skipped[i];
		char v[24];
		if (k->x >= 0 && pos->cols <= 25)
			gtp_vertex_name(k->x, k->y, pos->rows, v);
		else if (k->x >= 0)
			snprintf(v, sizeof(v), "%c%c",
				 col_label(k->x, pos->cols),
				 col_label(k->y, pos->rows));
		else
			snprintf(v, sizeof(v), "'%s'", k->text);
		fprintf(out, "Not played: move %ld, %s %s, %s\n", k->move,
			k->colour == 'B' ? "Black" : "White", v, k->why);
	}
	if (pos->nskipped > DIAGRAM_MAX_SKIPPED)
		fprintf(out, "Not played: %d more moves\n",
			pos->nskipped - DIAGRAM_MAX_SKIPPED);
	fprintf(out, "Captures: Black %u, White %u\n", pos->captured_by_black,
		pos->captured_by_white);
	free(pos);
	if (ferror(out)) {
		*why = "write error";
		return -1;
	}
	return 0;
}

static void
xml_text(FILE *out, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '&':
			fputs("&amp;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		default:
			/* control characters are not allowed in XML 1.0 */
			if ((unsigned char)*s >= 0x20 || *s == '\t' ||
			    *s == '\n')
				fputc(*s, out);
		}
	}
}

void
diagram_svg_open(FILE *out, int cols, int rows, int margin, int cell)
{
	int w = 2 * margin + (cols - 1) * cell;
	int h = 2 * margin + (rows - 1) * cell;
	fprintf(out,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
		"width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
		w, h, w, h);
}

void
diagram_svg_board(FILE *out, int cols, int rows, int margin, int cell)
{
	int w = 2 * margin + (cols - 1) * cell;
	int h = 2 * margin + (rows - 1) * cell;
	fprintf(out,
		"<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" "
		"fill=\"#dcb35c\"/>\n<g stroke=\"#000\" stroke-width=\"1\">\n",
		w, h);
	for (int x = 0; x < cols; x++)
		fprintf(out,
			"<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
			margin + x * cell, margin, margin + x * cell,
			margin + (rows - 1) * cell);
	for (int y = 0; y < rows; y++)
		fprintf(out,
			"<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
			margin, margin + y * cell, margin + (cols - 1) * cell,
			margin + y * cell);
	fputs("</g>\n<g fill=\"#000\">\n", out);
	for (int y = 0; y < rows; y++)
		for (int x = 0; x < cols; x++)
			if (star_point(x, y, cols, rows))
				fprintf(
				    out,
				    "<circle cx=\"%d\" cy=\"%d\" r=\"3\"/>\n",
				    margin + x * cell, margin + y * cell);
	fputs("</g>\n<g font-family=\"sans-serif\" font-size=\"12\" "
	      "text-anchor=\"middle\" fill=\"#000\">\n",
	      out);
	for (int x = 0; x < cols; x++) {
		char c = col_label(x, cols);
		fprintf(out, "<text x=\"%d\" y=\"%d\">%c</text>\n",
			margin + x * cell, margin / 2, c);
		fprintf(out, "<text x=\"%d\" y=\"%d\">%c</text>\n",
			margin + x * cell, h - margin / 2 + 8, c);
	}
	for (int y = 0; y < rows; y++) {
		fprintf(out, "<text x=\"%d\" y=\"%d\">%d</text>\n", margin / 2,
			margin + y * cell + 4, rows - y);
		fprintf(out, "<text x=\"%d\" y=\"%d\">%d</text>\n",
			w - margin / 2, margin + y * cell + 4, rows - y);
	}
	fputs("</g>\n", out);
}

int
diagram_write_svg(FILE *out, const struct sgf_game *g, long upto, bool numbers,
		  const char **why, struct sgf_write_notes *notes)
{
	struct diagram_pos *pos = malloc(sizeof(*pos));
	struct sgf_gameinfo gi;
	const int cell = 24, margin = 36;

	if (!pos) {
		*why = "out of memory";
		return -1;
	}
	if (diagram_position(g, upto, pos, why, notes) < 0) {
		free(pos);
		return -1;
	}
	sgf_gameinfo(g, &gi);
	diagram_svg_open(out, pos->cols, pos->rows, margin, cell);
	fputs("<title>", out);
	xml_text(out, gi.black ? gi.black : "?");
	fputs(" (B) - ", out);
	xml_text(out, gi.white ? gi.white : "?");
	fprintf(out, " (W), move %ld</title>\n", pos->moves);
	diagram_svg_board(out, pos->cols, pos->rows, margin, cell);
	fputs("<g stroke=\"#000\" stroke-width=\"1\">\n", out);
	for (int y = 0; y < pos->rows; y++)
		for (int x = 0; x < pos->cols; x++) {
			int c = board_color(&pos->b, board_pt(&pos->b, x, y));
			if (c == BOARD_EMPTY)
				continue;
			fprintf(out,
				"<circle cx=\"%d\" cy=\"%d\" r=\"%d\" "
				"fill=\"%s\"/>\n",
				margin + x * cell, margin + y * cell,
				cell / 2 - 1,
				c == BOARD_BLACK ? "#000" : "#fff");
		}
	fputs("</g>\n", out);
	if (numbers) {
		fputs("<g font-family=\"sans-serif\" font-size=\"10\" "
		      "text-anchor=\"middle\">\n",
		      out);
		for (int y = 0; y < pos->rows; y++)
			for (int x = 0; x < pos->cols; x++) {
				long k = pos->num[y * pos->cols + x];
				int c = board_color(&pos->b,
						    board_pt(&pos->b, x, y));
				bool last =
				    x == pos->last_x && y == pos->last_y;
				if (k == 0 || c == BOARD_EMPTY)
					continue;
				fprintf(out,
					"<text x=\"%d\" y=\"%d\" fill=\"%s\">"
					"%ld</text>\n",
					margin + x * cell,
					margin + y * cell + 4,
					last		   ? "#d00"
					: c == BOARD_BLACK ? "#fff"
							   : "#000",
					k);
			}
		fputs("</g>\n", out);
	} else if (pos->last_x >= 0) {
		int c = board_color(
		    &pos->b, board_pt(&pos->b, pos->last_x, pos->last_y));
		fprintf(out,
			"<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" "
			"stroke=\"%s\" stroke-width=\"2\"/>\n",
			margin + pos->last_x * cell,
			margin + pos->last_y * cell, cell / 4,
			c == BOARD_BLACK ? "#fff" : "#000");
	}
	/* a red cross where a move could not be played */
	for (int i = 0; i < pos->nskipped && i < DIAGRAM_MAX_SKIPPED; i++) {
		const struct diagram_skip *k = &pos->skipped[i];
		int cx = margin + k->x * cell, cy = margin + k->y * cell,
		    d = cell / 4;
		if (k->x < 0)
			continue;
		fprintf(out,
			"<g stroke=\"#d00\" stroke-width=\"3\"><title>move "
			"%ld not played</title>"
			"<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
			"<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/></g>\n",
			k->move, cx - d, cy - d, cx + d, cy + d, cx - d, cy + d,
			cx + d, cy - d);
	}
	fputs("</svg>\n", out);
	free(pos);
	if (ferror(out)) {
		*why = "write error";
		return -1;
	}
	return 0;
}
