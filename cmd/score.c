/*
 * score.c - `sgfkit score`: count finished games under Japanese and
 * Chinese rules, estimate dead stones, compare with the recorded
 * result; text for people, JSON Lines for programs, SVG pictures.
 */
#include <errno.h>
#include <float.h>
#include <getopt.h>
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../rules/diagram.h"
#include "../rules/rules.h"
#include "../rules/score.h"
#include "../sgf/gameinfo.h"
#include "../sgf/gtp.h"
#include "cli.h"
#include "cmd.h"
#include "engine.h"
#include "judge.h"

struct score_ctx {
	bool json, mismatch, quiet, no_board;
	struct score_game_opts o; /* rules, komi, move, dead stones */
	const char *svg;	  /* --svg FILE */
	bool svg_per_game;	  /* FILE has %d, %f or %n */
	bool svg_stdout;	  /* FILE is "-": the picture, not the report */
	/* the writing thread has drawn the one picture (no placeholder);
	 * read by the workers, which then stop drawing */
	atomic_int svg_done;
	bool svg_failed;
	struct cli_names seen; /* pictures drawn, and whose */
	const char *engine;    /* --engine or SGFKIT_ENGINE */
	double engine_timeout; /* --engine-timeout, seconds */
	struct judge *judge;   /* its engines, with --engine */
};

static const char score_usage[] =
    "usage: sgfkit score [OPTIONS] [FILE|DIR|-]...\n"
    "\n"
    "Count each game's final position (dead stones estimated) under\n"
    "Japanese (territory) and Chinese (area) rules, give the result under\n"
    "the game's rules and say whether it agrees with RE.\n"
    "\n"
    "options:\n"
    "      --json             one JSON object per game (JSON Lines)\n"
    "      --mismatch         print only games whose result disagrees with\n"
    "                         RE (exit status 1 if there is any)\n"
    "  -m, --move N           count the position after move N\n"
    "      --rules NAME       rule set (default: the game's RU, else\n"
    "                         japanese)\n"
    "      --komi K           komi (default: KM, else the rule set's)\n"
    "      --dead POINTS      these stones are dead (SGF points, \"aa:cc\"\n"
    "                         rectangles, separated by commas or spaces);\n"
    "                         nothing is estimated\n"
    "      --all-alive        every stone is alive (Tromp-Taylor)\n"
    "      --engine COMMAND   a GTP engine says which stones are dead: the\n"
    "                         command and its arguments as one word\n"
    "                         (default: $SGFKIT_ENGINE; without either,\n"
    "                         the built-in estimate)\n"
    "      --engine-timeout S seconds the engine may take for each answer\n"
    "                         (default 60)\n"
    "      --strict           strict Japanese territory: false-eye points\n"
    "                         that must be filled are not counted\n"
    "      --svg FILE         draw the scored board as SVG; in FILE %d is the\n"
    "                         game's number in its input, %f the input's\n"
    "                         name, %n the game's number in the run\n"
    "                         (without them: the first game scored only);\n"
    "                         - writes the picture instead of the report\n"
    "      --no-board         text output without the board diagram\n"
    "      --playouts N       Monte Carlo playouts per game (default 128)\n"
    "      --seed N           random seed of the playouts (fixed default)\n"
    "  -q, --quiet            print nothing; summary and exit status only\n"
    "  -f, --from FORMAT      input format: sgf, json or auto (default)\n"
    "  -h, --help             this help\n";

/* One scored game, everything the printers need: the count, and who
 * judged it with --engine.  r comes first: score_judge() finds the
 * whole from it. */
struct scored {
	struct score_game_result r;
	struct judge_verdict engine; /* method "engine" */
};

static void
point_name(int p, int w, char out[3])
{
	out[0] = sgf_coord_letter(p % w);
	out[1] = sgf_coord_letter(p / w);
	out[2] = 0;
}

/* Column label as on a real board: A..T without I. */
static char
col_label(int x)
{
	return x < GTP_MAX_SIDE ? gtp_column_letter(x) : '?';
}

/* score_game_opts.judge with --engine: the engine's dead stones. */
static int
score_judge(void *ctx, const struct sgf_game *g, struct score_game_result *r,
	    char *why, size_t n)
{
	const struct score_ctx *sc = ctx;
	struct scored *s = (struct scored *)r;

	return judge_dead(sc->judge, g, sc->o.move, r->komi, &r->rules, &r->pos,
			  r->ri.next, &s->engine, why, n)
		   ? -1
		   : 0;
}

/* ------------------------------------------------------------------ */
/* Text */

static char
mark_char(int m)
{
	switch (m) {
	case SCORE_M_BSTONE:
		return 'X';
	case SCORE_M_WSTONE:
		return 'O';
	case SCORE_M_BDEAD:
		return 'x';
	case SCORE_M_WDEAD:
		return 'o';
	case SCORE_M_BTERR:
		return 'b';
	case SCORE_M_WTERR:
		return 'w';
	case SCORE_M_SEKI:
		return 's';
	case SCORE_M_BSEKIEYE:
	case SCORE_M_WSEKIEYE:
		return 'e';
	case SCORE_M_BFALSE:
	case SCORE_M_WFALSE:
		return 'f';
	default:
		return '.';
	}
}

static void
put_board(FILE *f, const struct scored *s)
{
	int w = s->r.pos.w, h = s->r.pos.h;
	fputs("   ", f);
	for (int x = 0; x < w; x++)
		fprintf(f, " %c", col_label(x));
	fputc('\n', f);
	for (int y = 0; y < h; y++) {
		fprintf(f, "%2d ", h - y);
		for (int x = 0; x < w; x++)
			fprintf(f, " %c", mark_char(s->r.res.mark[y * w + x]));
		fprintf(f, " %2d\n", h - y);
	}
	fputs("   ", f);
	for (int x = 0; x < w; x++)
		fprintf(f, " %c", col_label(x));
	fputs("\n   X O stones, x o dead, b w territory, . dame, s seki,\n"
	      "   e seki eye, f must-fill point (neither is territory with "
	      "--strict)\n",
	      f);
}

static void
put_text(FILE *f, struct sgf_game *g, const struct scored *s,
	 const struct score_ctx *sc)
{
	const struct score_result *r = &s->r.res;
	fprintf(f, "%s", g->file);
	if (g->index > 1)
		fprintf(f, " (game %u)", g->index);
	fprintf(f, ": %dx%d, %s rules%s, komi %.15g", s->r.pos.w, s->r.pos.h,
		s->r.rules.name,
		s->r.rules_unknown   ? " (RU not recognised)"
		: s->r.rules_assumed ? " (no RU: the default)"
				     : "",
		s->r.komi);
	if (s->r.gi.handicap >= 2)
		fprintf(f, ", handicap %d", s->r.gi.handicap);
	fprintf(f, ", %d moves", s->r.ri.moves);
	if (sc->o.move >= 0)
		fprintf(f, " (of %d)", s->r.ri.total_moves);
	fprintf(f, ", ended: %s%s\n", s->r.ended,
		s->r.open ? " (an open position: the count is an estimate)"
			  : "");
	char jm[32], cm[32];
	score_format_margin(r->jp_margin, jm, sizeof(jm));
	score_format_margin(r->cn_margin, cm, sizeof(cm));
	/* a reverse komi is a term taken away: "- 5.5 komi", not "+ -5.5" */
	fprintf(
	    f,
	    "  Japanese: Black %.15g = %d territory + %d captures + %d dead; "
	    "White %.15g = %d territory + %d captures + %d dead %s %.15g komi "
	    "(%s)\n",
	    r->jp[1].total, r->jp[1].territory, r->jp[1].captures,
	    r->jp[1].dead, r->jp[2].total, r->jp[2].territory,
	    r->jp[2].captures, r->jp[2].dead, r->jp[2].komi < 0 ? "-" : "+",
	    fabs(r->jp[2].komi), jm);
	fprintf(
	    f,
	    "  Chinese:  Black %.15g = %d stones + %d area; White %.15g = %d "
	    "stones + %d area %s %.15g komi",
	    r->cn[1].total, r->cn[1].stones, r->cn[1].area, r->cn[2].total,
	    r->cn[2].stones, r->cn[2].area, r->cn[2].komi < 0 ? "-" : "+",
	    fabs(r->cn[2].komi));
	if (r->cn[2].bonus)
		fprintf(f, " + %.15g handicap", r->cn[2].bonus);
	fprintf(f, " (%s)\n", cm);
	fprintf(f, "  Dame %d, seki points %d, dead stones (%s", r->dame,
		r->seki, s->r.method);
	if (s->engine.name[0])
		fprintf(f, " %s %s%s", s->engine.name, s->engine.version,
			s->engine.stones ? ", shown the position stone by stone"
					 : "");
	fputs("):", f);
	int nd = 0;
	for (int p = 0; p < s->r.pos.w * s->r.pos.h; p++)
		if (s->r.pos.dead[p] && s->r.pos.color[p]) {
			char pn[3];
			point_name(p, s->r.pos.w, pn);
			fprintf(f, " %s", pn);
			nd++;
		}
	fprintf(f, "%s\n", nd ? "" : " none");
	fprintf(f, "  Result: %s (%s counting%s)", s->r.result,
		s->r.rules.scoring == RULES_AREA ? "area" : "territory",
		sc->o.strict ? ", strict" : "");
	if (s->r.gi.result_raw)
		fprintf(f, "; recorded %s: %s", s->r.recorded,
			s->r.agrees == 1   ? "agrees"
			: s->r.agrees == 0 ? "DISAGREES"
					   : "nothing to compare");
	else
		fputs("; no recorded result", f);
	/* The rules were assumed (Japanese, the default), and RE is the
	 * Chinese count's result: the record was likely counted so. */
	if (s->r.chinese_would_agree)
		fputs(", but Chinese rules give it (try --rules chinese)", f);
	fputc('\n', f);
	if (!sc->no_board)
		put_board(f, s);
}

/* ------------------------------------------------------------------ */
/* JSON */

static void
put_points(FILE *f, const struct scored *s, int which)
{
	int n = 0;
	fputc('[', f);
	for (int p = 0; p < s->r.pos.w * s->r.pos.h; p++) {
		bool in = which == 0   ? s->r.pos.dead[p] && s->r.pos.color[p]
			  : which == 1 ? s->r.res.mark[p] == SCORE_M_SEKI
				       : s->engine.seki[p];
		if (!in)
			continue;
		char pn[3];
		point_name(p, s->r.pos.w, pn);
		fprintf(f, "%s\"%s\"", n++ ? "," : "", pn);
	}
	fputc(']', f);
}

/* The reader's warning that the game was not closed by ')' at the end
 * of its input, or NULL. The record was repaired and is scored, but it
 * may have been cut short, so its count may be of a game that went on:
 * the one warning a score must pass on. */
static const struct sgf_diag *
cut_warning(const struct sgf_game *g)
{
	for (const struct sgf_diag *d = g->diags; d; d = d->next)
		if (d->code == SGF_W_MISSING_PAREN)
			return d;
	return NULL;
}

/* The warning for moves the replay could not play (score_replay_info:
 * the first of them, and how many), in buf; false when there is none.
 * Such a record is counted as an SGF viewer shows it; check says what
 * is wrong with it. */
static bool
skip_warning(const struct scored *s, char *buf, size_t n)
{
	const struct score_replay_info *ri = &s->r.ri;
	const struct sgf_prop *p = ri->skip_prop;
	if (!ri->skipped || !p)
		return false;
	/* the value as read, its first 8 bytes at most */
	const struct sgf_value *v = p->values;
	int len = v && v->len < 8 ? (int)v->len : 8;
	snprintf(buf, n,
		 "move %ld (%s[%.*s%s]) %s and was not played (%d move%s not "
		 "played in all); the position counted is the one a viewer "
		 "shows (sgfkit check reports such moves)",
		 ri->skip_move, p->id, len, v ? v->s : "",
		 v && v->len > 8 ? "..." : "", ri->skip_why, ri->skipped,
		 ri->skipped > 1 ? "s" : "");
	return true;
}

static void
put_json(FILE *f, struct sgf_game *g, const struct scored *s,
	 const struct score_ctx *sc)
{
	const struct score_result *r = &s->r.res;
	char jm[32], cm[32];
	score_format_margin(r->jp_margin, jm, sizeof(jm));
	score_format_margin(r->cn_margin, cm, sizeof(cm));
	fputs("{\"file\":", f);
	cli_json_str(f, g->file);
	fprintf(f, ",\"game\":%u,\"size\":[%d,%d],\"rules\":", g->index,
		s->r.pos.w, s->r.pos.h);
	cli_json_str(f, s->r.rules.name);
	fprintf(f, ",\"rules_from\":\"%s\"",
		sc->o.rules	     ? "option"
		: s->r.rules_assumed ? "default"
				     : "record");
	fprintf(f,
		",\"komi\":%.15g,\"handicap\":%d,\"moves\":%d,\"ended\":\"%s\","
		"\"position\":\"%s\",\"convention\":\"%s\",\"method\":\"%s\","
		"\"dead\":",
		s->r.komi, s->r.gi.handicap, s->r.ri.moves, s->r.ended,
		s->r.open ? "open" : "final",
		sc->o.strict ? "strict" : "server", s->r.method);
	put_points(f, s, 0);
	fputs(",\"seki\":", f);
	put_points(f, s, 1);
	if (s->engine.name[0]) {
		/* who judged, and the stones it called seki (null: it
		 * did not say) */
		fputs(",\"engine\":{\"name\":", f);
		cli_json_str(f, s->engine.name);
		fputs(",\"version\":", f);
		cli_json_str(f, s->engine.version);
		/* how it was shown the game: the record's moves, or the
		 * position's stones when it refused a move */
		fprintf(f, ",\"shown\":\"%s\",\"seki\":",
			s->engine.stones ? "stones" : "moves");
		if (s->engine.seki_known)
			put_points(f, s, 2);
		else
			fputs("null", f);
		fputc('}', f);
	}
	fprintf(f,
		",\"dame\":%d,\"japanese\":{\"black\":{\"territory\":%d,"
		"\"captures\":%d,\"dead\":%d,\"total\":%.15g},\"white\":{"
		"\"territory\":%d,\"captures\":%d,\"dead\":%d,\"komi\":%.15g,"
		"\"total\":%.15g},\"result\":\"%s\"}",
		r->dame, r->jp[1].territory, r->jp[1].captures, r->jp[1].dead,
		r->jp[1].total, r->jp[2].territory, r->jp[2].captures,
		r->jp[2].dead, r->jp[2].komi, r->jp[2].total, jm);
	fprintf(f,
		",\"chinese\":{\"black\":{\"stones\":%d,\"area\":%d,"
		"\"total\":%.15g},\"white\":{\"stones\":%d,\"area\":%d,"
		"\"komi\":%.15g,\"handicap\":%.15g,\"total\":%.15g},\"result\":"
		"\"%s\"}",
		r->cn[1].stones, r->cn[1].area, r->cn[1].total, r->cn[2].stones,
		r->cn[2].area, r->cn[2].komi, r->cn[2].bonus, r->cn[2].total,
		cm);
	fprintf(f, ",\"result\":\"%s\",\"recorded\":", s->r.result);
	cli_json_str(f, s->r.gi.result_raw);
	fprintf(f, ",\"agrees\":%s",
		s->r.agrees == 1   ? "true"
		: s->r.agrees == 0 ? "false"
				   : "null");
	if (s->r.re_match < 0)
		fputs(",\"recorded_matches\":null", f);
	else
		fprintf(
		    f, ",\"recorded_matches\":[%s%s%s]",
		    s->r.re_match & SCORE_MATCH_JAPANESE ? "\"japanese\"" : "",
		    s->r.re_match ==
			    (SCORE_MATCH_JAPANESE | SCORE_MATCH_CHINESE)
			? ","
			: "",
		    s->r.re_match & SCORE_MATCH_CHINESE ? "\"chinese\"" : "");
	/* the game-info values read in a server dialect, as check warns,
	 * and a sign that the record was cut */
	const struct sgf_diag *cut = cut_warning(g);
	const char *w[SGF_GAMEINFO_NOTES + 2];
	char skip[256];
	int nw = 0;
	for (int i = 0; i < s->r.gi.nnotes && i < SGF_GAMEINFO_NOTES; i++)
		w[nw++] = s->r.gi.notes[i];
	if (cut)
		w[nw++] = cut->msg;
	if (skip_warning(s, skip, sizeof(skip)))
		w[nw++] = skip;
	fputs(",\"warnings\":[", f);
	for (int i = 0; i < nw; i++) {
		if (i)
			fputc(',', f);
		cli_json_str(f, w[i]);
	}
	fputs("]}\n", f);
}

/* ------------------------------------------------------------------ */
/* SVG */

/* The picture of a scored game, on f: the diagrams' board
 * (diagram_svg_board) with the count's marks on it. */
static void
svg_draw(FILE *f, const struct scored *s)
{
	int w = s->r.pos.w, h = s->r.pos.h, u = 30, m = 40;

	diagram_svg_open(f, w, h, m, u);
	fprintf(f, "<title>%s %s</title>\n", s->r.result,
		s->r.rules.scoring == RULES_AREA ? "(area)" : "(territory)");
	diagram_svg_board(f, w, h, m, u);
	for (int p = 0; p < w * h; p++) {
		int cx = m + (p % w) * u, cy = m + (p / w) * u, mk;
		mk = s->r.res.mark[p];
		switch (mk) {
		case SCORE_M_BSTONE:
		case SCORE_M_WSTONE:
		case SCORE_M_BDEAD:
		case SCORE_M_WDEAD: {
			bool black =
			    mk == SCORE_M_BSTONE || mk == SCORE_M_BDEAD;
			bool dead = mk == SCORE_M_BDEAD || mk == SCORE_M_WDEAD;
			fprintf(f,
				"<circle cx=\"%d\" cy=\"%d\" r=\"%d\" "
				"fill=\"%s\" stroke=\"#000\"%s/>\n",
				cx, cy, u / 2 - 1, black ? "#000" : "#fff",
				dead ? " fill-opacity=\"0.45\"" : "");
			if (dead) {
				int d = u / 4;
				fprintf(
				    f,
				    "<path d=\"M%d %dL%d %dM%d %dL%d %d\" "
				    "stroke=\"#d00\" stroke-width=\"3\"/>\n",
				    cx - d, cy - d, cx + d, cy + d, cx - d,
				    cy + d, cx + d, cy - d);
			}
			/* territory under a dead stone */
			if (dead)
				fprintf(f,
					"<rect x=\"%d\" y=\"%d\" width=\"%d\" "
					"height=\"%d\" fill=\"%s\"/>\n",
					cx - u / 6, cy - u / 6, u / 3, u / 3,
					black ? "#fff" : "#000");
			break;
		}
		case SCORE_M_BTERR:
		case SCORE_M_WTERR:
			fprintf(f,
				"<rect x=\"%d\" y=\"%d\" width=\"%d\" "
				"height=\"%d\" fill=\"%s\" stroke=\"#000\"/>\n",
				cx - u / 6, cy - u / 6, u / 3, u / 3,
				mk == SCORE_M_BTERR ? "#000" : "#fff");
			break;
		case SCORE_M_SEKI:
		case SCORE_M_BSEKIEYE:
		case SCORE_M_WSEKIEYE:
			fprintf(f,
				"<circle cx=\"%d\" cy=\"%d\" r=\"%d\" "
				"fill=\"none\" stroke=\"#06c\" "
				"stroke-width=\"2\"/>\n",
				cx, cy, u / 5);
			break;
		case SCORE_M_BFALSE:
		case SCORE_M_WFALSE:
			fprintf(f,
				"<path d=\"M%d %dL%d %dL%d %dZ\" fill=\"none\" "
				"stroke=\"#06c\" stroke-width=\"2\"/>\n",
				cx, cy - u / 5, cx - u / 5, cy + u / 6,
				cx + u / 5, cy + u / 6);
			break;
		default:
			break;
		}
	}
	fputs("</svg>\n", f);
}

/* What a worker hands the writing thread: one game's picture and whose
 * it is, in one block. */
struct svg_keep {
	unsigned index; /* the game's number in its input */
	size_t len;	/* of the text */
	char *file;	/* the input's name, after the text */
	char text[];
};

static struct svg_keep *
svg_keep_new(const struct sgf_game *g, const struct scored *s)
{
	char *buf = NULL;
	size_t len = 0, fl = strlen(g->file);
	FILE *f = open_memstream(&buf, &len);
	struct svg_keep *k = NULL;

	if (!f)
		return NULL;
	svg_draw(f, s);
	if (!ferror(f) && fclose(f) == 0 &&
	    (k = malloc(sizeof(*k) + len + 1 + fl + 1))) {
		k->index = g->index;
		k->len = len;
		memcpy(k->text, buf, len + 1);
		k->file = k->text + len + 1;
		memcpy(k->file, g->file, fl + 1);
	}
	free(buf);
	return k;
}

/* --svg's FILE for a game: %d its number in its input, %n in the whole
 * run, %f its input's name without directory and extension, %% a %;
 * any other character as it is.  Returns -1 if the name would not
 * fit. */
static int
svg_path(const char *pat, const struct svg_keep *k, unsigned long game_no,
	 char *out, size_t n)
{
	size_t o = 0;

	for (const char *p = pat; *p; p++) {
		char num[32];
		const char *add = num;
		size_t al;
		if (*p != '%' || !p[1] || !strchr("dnf%", p[1])) {
			add = p;
			al = 1;
		} else if (*++p == 'd') {
			al = (size_t)snprintf(num, sizeof(num), "%u", k->index);
		} else if (*p == 'n') {
			al = (size_t)snprintf(num, sizeof(num), "%lu", game_no);
		} else if (*p == 'f') {
			add = cli_input_stem(k->file, &al);
		} else {
			add = "%";
			al = 1;
		}
		if (o + al >= n)
			return -1;
		memcpy(out + o, add, al);
		o += al;
	}
	out[o] = 0;
	return 0;
}

/* cli->game_end: draw a game's picture, on the writing thread, so that
 * which game is drawn and what %n is do not depend on -j. */
static void
score_game_end(struct cli *c, unsigned long game_no, void *keep)
{
	struct score_ctx *sc = c->ctx;
	struct svg_keep *k = keep;
	char path[4096];
	const char *other;

	if (!sc->svg_per_game && atomic_load(&sc->svg_done)) {
		free(k);
		return;
	}
	atomic_store(&sc->svg_done, 1);
	if (svg_path(sc->svg, k, game_no, path, sizeof(path)) < 0) {
		cmd_error("%s: game %u: picture not drawn: the name from "
			  "'--svg %s' is too long",
			  k->file, k->index, sc->svg);
		sc->svg_failed = true;
	} else if (sc->svg_stdout) {
		/* the writing thread owns stdout; cli_run() reports a
		 * failed write at the end */
		fwrite(k->text, 1, k->len, stdout);
	} else if ((other =
			cli_names_add(&sc->seen, path, k->file, k->index))) {
		cmd_error("%s: game %u: picture not drawn: '%s' is the picture "
			  "of %s already (put %%f or %%n in the name)",
			  k->file, k->index, path, other);
		sc->svg_failed = true;
	} else if (cli_write_whole(path, k->text, k->len)) {
		cmd_error("cannot write '%s': %s", path, strerror(errno));
		sc->svg_failed = true;
	}
	free(k);
}

/* With --json, one object per game: this one says why the game has no
 * count, so that a pipeline sees every game. */
static void
put_json_error(FILE *f, const struct sgf_game *g, const char *why,
	       const struct score_ctx *sc)
{
	if (!sc->json || sc->quiet || sc->mismatch || sc->svg_stdout)
		return;
	fputs("{\"file\":", f);
	cli_json_str(f, g->file);
	fprintf(f, ",\"game\":%u,\"error\":", g->index);
	cli_json_str(f, why);
	fputs("}\n", f);
}

static int
score_process(struct sgf_game *g, struct cli_res *r, void *ctx)
{
	struct score_ctx *sc = ctx;
	struct scored *s = calloc(1, sizeof(*s)); /* engine: none yet */
	char why[512];
	uint32_t line = 0, col = 0;
	int rc;

	if (!s) {
		fprintf(cli_err(r), "%s: out of memory\n", g->file);
		r->flags |= CLI_R_INVALID;
		return 0;
	}
	/* A damaged record is still scored as far as it could be read,
	 * but its errors are reported and it counts as invalid (exit 1). */
	if (g->nerrors) {
		r->flags |= CLI_R_INVALID;
		cli_report_diags(g, r, false);
	}
	if (!g->root) {
		fprintf(cli_err(r), "%s: game %u: no game could be read\n",
			g->file, g->index);
		put_json_error(r->out, g, "no game could be read", sc);
		r->flags |= CLI_R_INVALID | CLI_R_SKIPPED;
		cli_res_code(r, "syntax");
		free(s);
		return 0;
	}
	if ((rc =
		 score_game(g, &sc->o, &s->r, why, sizeof(why), &line, &col))) {
		if (line)
			fprintf(cli_err(r), "%s:%u:%u: ", g->file, line, col);
		else
			fprintf(cli_err(r), "%s: ", g->file);
		fprintf(cli_err(r), "error: game %u: %s\n", g->index, why);
		put_json_error(r->out, g, why, sc);
		r->flags |= CLI_R_INVALID | CLI_R_SKIPPED;
		cli_res_code(r, rc == -2 ? "engine" : "unscorable");
		free(s);
		return 0;
	}
	r->flags |= CLI_R_SCORED;
	/* dialect notes and a cut record: text mode warns on stderr, JSON
	 * carries them */
	if (!sc->json && !sc->quiet) {
		const struct sgf_diag *cut = cut_warning(g);
		char skip[256];
		if (cut)
			cli_report_diag(g, r, cut);
		cli_report_notes(g, r, &s->r.gi);
		if (skip_warning(s, skip, sizeof(skip))) {
			cli_report_at(g, r, s->r.ri.skip_prop->off);
			fprintf(cli_err(r), "warning: game %u: %s\n", g->index,
				skip);
		}
	}
	if (s->r.agrees == 1)
		r->flags |= CLI_R_AGREE;
	else if (s->r.agrees == 0)
		r->flags |= CLI_R_DISAGREE;
	/* drawn here, written in input order by score_game_end() */
	if (sc->svg && (sc->svg_per_game || !atomic_load(&sc->svg_done)) &&
	    !(r->keep = svg_keep_new(g, s)))
		fprintf(cli_err(r), "%s: game %u: out of memory\n", g->file,
			g->index);
	if (!sc->quiet && !sc->svg_stdout &&
	    (!sc->mismatch || s->r.agrees == 0)) {
		if (sc->json)
			put_json(r->out, g, s, sc);
		else
			put_text(r->out, g, s, sc);
	}
	free(s);
	return 0;
}

int
cmd_score(int argc, char **argv)
{
	enum {
		O_JSON = 0x2000,
		O_MISMATCH,
		O_RULES,
		O_KOMI,
		O_DEAD,
		O_ALL_ALIVE,
		O_STRICT,
		O_SVG,
		O_NO_BOARD,
		O_PLAYOUTS,
		O_SEED,
		O_ENGINE,
		O_ENGINE_TIMEOUT
	};
	static const struct option opts[] = {
	    {"json", no_argument, NULL, O_JSON},
	    {"mismatch", no_argument, NULL, O_MISMATCH},
	    {"move", required_argument, NULL, 'm'},
	    {"rules", required_argument, NULL, O_RULES},
	    {"komi", required_argument, NULL, O_KOMI},
	    {"dead", required_argument, NULL, O_DEAD},
	    {"all-alive", no_argument, NULL, O_ALL_ALIVE},
	    {"strict", no_argument, NULL, O_STRICT},
	    {"svg", required_argument, NULL, O_SVG},
	    {"no-board", no_argument, NULL, O_NO_BOARD},
	    {"playouts", required_argument, NULL, O_PLAYOUTS},
	    {"seed", required_argument, NULL, O_SEED},
	    {"engine", required_argument, NULL, O_ENGINE},
	    {"engine-timeout", required_argument, NULL, O_ENGINE_TIMEOUT},
	    {"quiet", no_argument, NULL, 'q'},
	    CLI_LONGOPTS,
	    {NULL, 0, NULL, 0},
	};
	static struct score_ctx sc;
	struct cli c;
	int opt, rc;
	char *end, why[256];
	bool engine_opt = false;

	memset(&sc, 0, sizeof(sc));
	sc.o.move = -1;
	sc.engine_timeout = 60;
	score_estimate_opts_default(&sc.o.est);
	cli_init(&c, "score");
	/* a game costs milliseconds: small batches keep every thread
	 * busy to the end of a run */
	c.batch_games = 8;
	optind = 1;
	while ((opt = cli_getopt(&c, argc, argv, "m:q" CLI_SHORTOPTS, opts,
				 score_usage)) != -1) {
		switch (opt) {
		case O_JSON:
			sc.json = c.json = true;
			break;
		case O_MISMATCH:
			sc.mismatch = true;
			break;
		case 'm': {
			long n;
			if (cli_opt_long(optarg, 0, 100000000, "move number",
					 NULL, &n))
				return cmd_usage_error("score");
			sc.o.move = (int)n;
			break;
		}
		case O_RULES: {
			struct rules tmp;
			if (!*optarg || rules_from_name(&tmp, optarg)) {
				cmd_error("unknown rule set '%s'", optarg);
				return cmd_usage_error("score");
			}
			sc.o.rules = optarg;
			break;
		}
		case O_KOMI:
			/* a number as SGF writes one */
			if (cli_opt_double(optarg, "+-0123456789.", -1000, 1000,
					   "komi", NULL, &sc.o.komi))
				return cmd_usage_error("score");
			sc.o.has_komi = true;
			break;
		case O_DEAD:
		case O_ALL_ALIVE: {
			enum score_dead_mode m =
			    opt == O_DEAD ? SCORE_DEAD_GIVEN : SCORE_DEAD_NONE;
			/* both say which stones are dead: neither wins */
			if (sc.o.dead_mode != SCORE_DEAD_ESTIMATE &&
			    sc.o.dead_mode != m) {
				cmd_error(
				    "'--dead' and '--all-alive' cannot be "
				    "used together");
				return cmd_usage_error("score");
			}
			sc.o.dead_mode = m;
			if (opt == O_DEAD)
				sc.o.dead = optarg;
			break;
		}
		case O_STRICT:
			sc.o.strict = true;
			break;
		case O_SVG:
			if (!*optarg) {
				cmd_error("empty file name for '--svg'");
				return cmd_usage_error("score");
			}
			sc.svg = optarg;
			sc.svg_stdout = !strcmp(optarg, "-");
			sc.svg_per_game = strstr(optarg, "%d") ||
					  strstr(optarg, "%f") ||
					  strstr(optarg, "%n");
			break;
		case O_NO_BOARD:
			sc.no_board = true;
			break;
		case O_PLAYOUTS: {
			long n;
			if (cli_opt_long(optarg, 1, 1000000,
					 "number of playouts", NULL, &n))
				return cmd_usage_error("score");
			sc.o.est.playouts = (int)n;
			break;
		}
		case O_SEED: {
			errno = 0;
			unsigned long long n = strtoull(optarg, &end, 0);
			/* (strtoull takes "-1" for 2^64 - 1) */
			if (errno || *end || end == optarg ||
			    strchr(optarg, '-')) {
				cmd_error("invalid seed '%s' (0 to "
					  "18446744073709551615)",
					  optarg);
				return cmd_usage_error("score");
			}
			/* as it is: 0 mapped to 1 made --seed 0 and
			 * --seed 1 the same (playout_ownership() has its
			 * own stand-in for a zero state) */
			sc.o.est.seed = n;
			break;
		}
		case O_ENGINE:
			if (engine_command_check(optarg, why, sizeof(why))) {
				cmd_error("%s", why);
				return cmd_usage_error("score");
			}
			sc.engine = optarg;
			engine_opt = true;
			break;
		case O_ENGINE_TIMEOUT:
			/* more than 0: the least double above it */
			if (cli_opt_double(optarg, "0123456789.", DBL_TRUE_MIN,
					   86400, "engine timeout",
					   "(seconds, more than 0 and at most "
					   "86400)",
					   &sc.engine_timeout))
				return cmd_usage_error("score");
			break;
		case 'q':
			sc.quiet = true;
			break;
		case CLI_OPT_EXIT:
			return c.exit_status;
		default:
			return cmd_usage_error("score");
		}
	}
	if (engine_opt && sc.o.dead_mode != SCORE_DEAD_ESTIMATE) {
		/* both say who decides which stones are dead */
		cmd_error("'--engine' and '%s' cannot be used together",
			  sc.o.dead_mode == SCORE_DEAD_GIVEN ? "--dead"
							     : "--all-alive");
		return cmd_usage_error("score");
	}
	if (!engine_opt && sc.o.dead_mode == SCORE_DEAD_ESTIMATE) {
		/* the environment's engine is a default: --dead and
		 * --all-alive need none, and an empty value is none */
		const char *env = getenv("SGFKIT_ENGINE");
		if (env && *env) {
			if (engine_command_check(env, why, sizeof(why))) {
				cmd_error("SGFKIT_ENGINE: %s", why);
				return EXIT_USAGE;
			}
			sc.engine = env;
		}
	}
	if (sc.o.dead_mode == SCORE_DEAD_ESTIMATE && sc.engine) {
		sc.o.dead_mode = SCORE_DEAD_JUDGE;
		sc.o.judge = score_judge;
		sc.o.judge_ctx = &sc;
		if (!(sc.judge = judge_new(sc.engine, sc.engine_timeout))) {
			cmd_error("out of memory");
			return EXIT_USAGE;
		}
	}
	if (sc.o.dead_mode == SCORE_DEAD_GIVEN) {
		/* validate the list once against a large board */
		struct score_pos *tmp = calloc(1, sizeof(*tmp));
		if (!tmp)
			return EXIT_USAGE;
		tmp->w = tmp->h = SCORE_MAX_SIDE;
		if (score_dead_list(sc.o.dead, tmp) < 0) {
			free(tmp);
			cmd_error("invalid point list '%s'", sc.o.dead);
			return cmd_usage_error("score");
		}
		free(tmp);
	}
	if (sc.quiet) {
		c.progress = 0;
		c.summary_only = true;
	}
	c.summary_always = !sc.json;
	c.process = score_process;
	if (sc.svg)
		c.game_end = score_game_end;
	c.ctx = &sc;
	rc = cli_run(&c, argc - optind, argv + optind);
	if (sc.mismatch && rc == EXIT_OK && c.sum.disagree > 0)
		rc = EXIT_PROBLEM;
	if (sc.svg_failed)
		rc = EXIT_USAGE;
	cli_names_free(&sc.seen);
	judge_free(sc.judge);
	return rc;
}
