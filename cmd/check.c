/*
 * check.c - `sgfkit check`: report the syntax problems found by the
 * parser and the rules problems found by replaying every line of every
 * game (rules/check.h), compiler style or as JSON Lines.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/check.h"
#include "cli.h"
#include "cmd.h"

enum list_mode { LIST_NONE, LIST_WITH, LIST_WITHOUT };

struct check_ctx {
	struct check_opts opts;
	bool json, quiet, no_warnings;
	enum list_mode list;
};

static const char check_usage[] =
    "usage: sgfkit check [OPTIONS] [FILE|DIR|-]...\n"
    "\n"
    "Report syntax problems and illegal moves (occupied points, suicide,\n"
    "ko and superko) in every line of every game.  Prints\n"
    "FILE:LINE:COL: error: MESSAGE [code] per problem and a summary on\n"
    "stderr; exit status 0 if every game is valid, 1 if any has an error.\n"
    "\n"
    "options:\n"
    "      --json             one JSON object per game (JSON Lines)\n"
    "  -l, --files-with-errors    print only names of files with errors\n"
    "  -L, --files-without-errors print only names of files without\n"
    "  -q, --quiet            print nothing; exit status only\n"
    "      --no-warnings      report errors only\n"
    "      --rules NAME       rule set (default: the game's RU, else\n"
    "                         japanese)\n"
    "      --ko RULE          simple, positional, situational or natural\n"
    "      --suicide WHAT     allow or forbid multi-stone suicide\n"
    "      --max-moves N      warn about lines longer than N moves\n"
    "      --main-line        check the main line only\n"
    "  -f, --from FORMAT      input format: sgf, json or auto (default)\n"
    "  -h, --help             this help\n";

/* "(move 12, Q16, variation 2.1)" from what is known. */
static void
put_where(FILE *f, const struct sgf_game *g, const struct check_problem *p)
{
	int n = 0;

	if (p->move > 0)
		fprintf(f, "%smove %d", n++ ? ", " : " (", p->move);
	if (p->vertex[0])
		fprintf(f, "%s%s", n++ ? ", " : " (", p->vertex);
	else if (p->point[0])
		fprintf(f, "%s%s", n++ ? ", " : " (", p->point);
	if (p->variation[0])
		fprintf(f, "%svariation %s", n++ ? ", " : " (", p->variation);
	if (g->index > 1)
		fprintf(f, "%sgame %u", n++ ? ", " : " (", g->index);
	if (n)
		putc(')', f);
}

static void
put_text(FILE *f, const struct sgf_game *g, const struct check_problem *p)
{
	if (p->line)
		fprintf(f, "%s:%u:%u: ", g->file, p->line, p->column);
	else
		fprintf(f, "%s:%lu: ", g->file, (unsigned long)g->line);
	fputs(p->severity == CHECK_ERROR ? "error: " : "warning: ", f);
	fputs(p->message, f);
	put_where(f, g, p);
	fprintf(f, " [%s]\n", p->code);
}

static void
json_int_or_null(FILE *f, const char *key, long v)
{
	fprintf(f, ",\"%s\":", key);
	if (v > 0)
		fprintf(f, "%ld", v);
	else
		fputs("null", f);
}

static void
json_str_or_null(FILE *f, const char *key, const char *s)
{
	fprintf(f, ",\"%s\":", key);
	cli_json_str(f, s && s[0] ? s : NULL);
}

static void
put_json(FILE *f, const struct sgf_game *g, const struct check_list *l,
	 const struct check_ctx *cc)
{
	size_t i;
	bool first = true;

	fputs("{\"file\":", f);
	cli_json_str(f, g->file);
	fprintf(f,
		",\"game\":%u,\"line\":%lu,\"valid\":%s,\"errors\":%u,"
		"\"warnings\":%u,\"problems\":[",
		g->index, (unsigned long)g->line, l->nerrors ? "false" : "true",
		l->nerrors, cc->no_warnings ? 0 : l->nwarnings);
	for (i = 0; i < l->n; i++) {
		const struct check_problem *p = &l->v[i];

		if (cc->no_warnings && p->severity != CHECK_ERROR)
			continue;
		fputs(first ? "{" : ",{", f);
		first = false;
		fprintf(f, "\"severity\":\"%s\",\"code\":",
			p->severity == CHECK_ERROR ? "error" : "warning");
		cli_json_str(f, p->code);
		fputs(",\"message\":", f);
		cli_json_str(f, p->message);
		json_int_or_null(f, "move", p->move);
		json_str_or_null(f, "point", p->point);
		json_str_or_null(f, "vertex", p->vertex);
		json_int_or_null(f, "line", (long)p->line);
		json_int_or_null(f, "column", (long)p->column);
		fputs(",\"variation\":", f);
		cli_json_str(f, p->variation);
		putc('}', f);
	}
	fputs("]}\n", f);
}

static int
check_process(struct sgf_game *g, struct cli_res *r, void *ctx)
{
	const struct check_ctx *cc = ctx;
	struct check_list l;
	size_t i;

	check_list_init(&l);
	check_add_syntax(&l, g);
	check_add_dialect(&l, g);
	if (g->root && check_game(g, &cc->opts, &l)) {
		struct check_problem p;
		memset(&p, 0, sizeof(p));
		p.severity = CHECK_ERROR;
		p.code = "internal";
		snprintf(p.message, sizeof(p.message),
			 "out of memory while replaying");
		check_list_add(&l, &p);
	}
	if (!g->root && !g->nerrors) {
		struct check_problem p;
		memset(&p, 0, sizeof(p));
		p.severity = CHECK_ERROR;
		p.code = "syntax";
		snprintf(p.message, sizeof(p.message), "game has no nodes");
		check_list_add(&l, &p);
	}
	if (l.nerrors)
		r->flags |= CLI_R_INVALID;
	for (i = 0; i < l.n; i++)
		if (l.v[i].severity == CHECK_ERROR)
			cli_res_code(r, l.v[i].code);
	if (cc->quiet || cc->list != LIST_NONE) {
		/* nothing per game */
	} else if (cc->json) {
		put_json(r->out, g, &l, cc);
	} else {
		for (i = 0; i < l.n; i++)
			if (!cc->no_warnings || l.v[i].severity == CHECK_ERROR)
				put_text(r->out, g, &l.v[i]);
	}
	check_list_release(&l);
	return 0;
}

/* The stream's own problems as one object with "game": null. */
static void
put_stream_json(FILE *f, const struct cli_file *cf, const struct check_ctx *cc)
{
	const struct sgf_diag *d;
	unsigned ne = 0, nw = 0;
	bool first = true;

	for (d = cf->diags; d; d = d->next)
		d->severity == SGF_ERROR ? ne++ : nw++;
	if (cc->no_warnings && !ne)
		return;
	fputs("{\"file\":", f);
	cli_json_str(f, cf->name);
	fprintf(f,
		",\"game\":null,\"line\":null,\"valid\":%s,\"errors\":%u,"
		"\"warnings\":%u,\"problems\":[",
		ne ? "false" : "true", ne, cc->no_warnings ? 0 : nw);
	for (d = cf->diags; d; d = d->next) {
		if (cc->no_warnings && d->severity != SGF_ERROR)
			continue;
		fputs(first ? "{" : ",{", f);
		first = false;
		fprintf(f, "\"severity\":\"%s\",\"code\":",
			d->severity == SGF_ERROR ? "error" : "warning");
		cli_json_str(f, sgf_code_name(d->code));
		fputs(",\"message\":", f);
		cli_json_str(f, d->msg);
		fputs(",\"move\":null,\"point\":null,\"vertex\":null", f);
		json_int_or_null(f, "line", (long)d->line);
		json_int_or_null(f, "column", (long)d->col);
		fputs(",\"variation\":\"\"}", f);
	}
	fputs("]}\n", f);
}

/* Problems of the stream itself (junk after the last game). */
static void
check_file_end(struct cli *c, struct cli_file *f)
{
	const struct check_ctx *cc = c->ctx;
	const struct sgf_diag *d;

	if (!cc->quiet && !cc->json && cc->list == LIST_NONE)
		for (d = f->diags; d; d = d->next)
			if (!cc->no_warnings || d->severity == SGF_ERROR)
				fprintf(c->out, "%s:%u:%u: %s: %s [%s]\n",
					f->name, d->line, d->col,
					d->severity == SGF_ERROR ? "error"
								 : "warning",
					d->msg, sgf_code_name(d->code));
	if (!cc->quiet && cc->json && cc->list == LIST_NONE && f->diags)
		put_stream_json(c->out, f, cc);
	if (cc->list == LIST_WITH && (f->invalid || f->unreadable))
		fprintf(c->out, "%s\n", f->name);
	else if (cc->list == LIST_WITHOUT && !f->invalid && !f->unreadable)
		fprintf(c->out, "%s\n", f->name);
}

static int
parse_choice(const char *opt, const char *arg, const char *const *names)
{
	int i;

	for (i = 0; names[i]; i++)
		if (!strcmp(arg, names[i]))
			return i;
	cmd_error("invalid argument '%s' for '--%s'", arg, opt);
	return -1;
}

int
cmd_check(int argc, char **argv)
{
	enum {
		O_JSON = 0x2000,
		O_RULES,
		O_KO,
		O_SUICIDE,
		O_MAX_MOVES,
		O_MAIN_LINE,
		O_NO_WARNINGS
	};
	static const struct option opts[] = {
	    {"json", no_argument, NULL, O_JSON},
	    {"files-with-errors", no_argument, NULL, 'l'},
	    {"files-without-errors", no_argument, NULL, 'L'},
	    {"quiet", no_argument, NULL, 'q'},
	    {"no-warnings", no_argument, NULL, O_NO_WARNINGS},
	    {"rules", required_argument, NULL, O_RULES},
	    {"ko", required_argument, NULL, O_KO},
	    {"suicide", required_argument, NULL, O_SUICIDE},
	    {"max-moves", required_argument, NULL, O_MAX_MOVES},
	    {"main-line", no_argument, NULL, O_MAIN_LINE},
	    CLI_LONGOPTS,
	    {NULL, 0, NULL, 0},
	};
	static const char *const ko_names[] = {"simple", "positional",
					       "situational", "natural", NULL};
	static const char *const suicide_names[] = {"forbid", "allow", NULL};
	struct check_ctx cc;
	struct cli c;
	int opt;
	long n;

	memset(&cc, 0, sizeof(cc));
	check_opts_default(&cc.opts);
	cli_init(&c, "check");
	cli_argv0(argv, "check");
	optind = 1;
	while ((opt = cli_getopt(&c, argc, argv, "lLq" CLI_SHORTOPTS, opts,
				 check_usage)) != -1) {
		switch (opt) {
		case O_JSON:
			cc.json = c.json = true;
			break;
		case 'l':
			cc.list = LIST_WITH;
			break;
		case 'L':
			cc.list = LIST_WITHOUT;
			break;
		case 'q':
			cc.quiet = true;
			break;
		case O_NO_WARNINGS:
			cc.no_warnings = true;
			break;
		case O_RULES:
			if (!*optarg) {
				cmd_error("empty rule set name");
				return cmd_usage_error("check");
			}
			{
				struct rules r;
				if (rules_from_name(&r, optarg)) {
					cmd_error("unknown rule set '%s'",
						  optarg);
					return cmd_usage_error("check");
				}
			}
			cc.opts.rules = optarg;
			break;
		case O_KO:
			if ((cc.opts.ko =
				 parse_choice("ko", optarg, ko_names)) < 0)
				return cmd_usage_error("check");
			break;
		case O_SUICIDE:
			if ((cc.opts.suicide = parse_choice("suicide", optarg,
							    suicide_names)) < 0)
				return cmd_usage_error("check");
			break;
		case O_MAX_MOVES:
			if (cli_opt_long(optarg, 1, 100000000,
					 "number of moves", NULL, &n))
				return cmd_usage_error("check");
			cc.opts.max_moves = (int)n;
			break;
		case O_MAIN_LINE:
			cc.opts.main_line_only = 1;
			break;
		case CLI_OPT_EXIT:
			return c.exit_status;
		default:
			return cmd_usage_error("check");
		}
	}
	if (cc.quiet || cc.list != LIST_NONE) {
		c.no_summary = true;
		c.progress = cc.quiet ? 0 : c.progress;
	}
	c.summary_always = !cc.json;
	c.process = check_process;
	c.file_end = check_file_end;
	c.own_stream_diags = true;
	c.ctx = &cc;
	return cli_run(&c, argc - optind, argv + optind);
}
