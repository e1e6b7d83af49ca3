/*
 * convert.c - `sgfkit convert`: rewrite records as canonical SGF or as
 * JSON, from SGF or JSON (and, through cli_informats, other formats).
 *
 * Output formats are a table (outformats[]): a name for -t, the file
 * extension used with -d, and a writer for one game.  Adding a format
 * is adding a row.  Games that could not be read are reported with
 * file:line:column and left out whole: nothing half-converted.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cmd.h"

struct outformat {
	const char *name; /* for -t */
	const char *ext;  /* with -d */
	/* Write one game; returns 0 or -1. */
	int (*write)(FILE *out, const struct sgf_game *g, unsigned flags);
};

static int
write_sgf(FILE *out, const struct sgf_game *g, unsigned flags)
{
	return sgf_write_sgf(out, g, flags);
}

/* JSON Lines: one document per game, one per line. */
static int
write_json(FILE *out, const struct sgf_game *g, unsigned flags)
{
	if (sgf_write_json(out, g))
		return -1;
	return putc_unlocked('\n', out) == EOF ? -1 : 0;
}

static const struct outformat outformats[] = {
    {"sgf", "sgf", write_sgf},
    {"json", "json", write_json},
    {NULL, NULL, NULL},
};

struct conv_ctx {
	const struct outformat *to;
	unsigned flags; /* SGF_WRITE_* */
	const char *dir;
};

static const char convert_usage[] =
    "usage: sgfkit convert [OPTIONS] [FILE|DIR|-]...\n"
    "\n"
    "Rewrite records as canonical FF[4] SGF (UTF-8) or as JSON (one\n"
    "document per game, JSON Lines).  Several inputs are concatenated,\n"
    "or written one output file per input with -d.\n"
    "\n"
    "options:\n"
    "  -t, --to FORMAT        output format: sgf (default) or json\n"
    "  -f, --from FORMAT      input format: sgf, json or auto (default:\n"
    "                         by extension, then by content)\n"
    "  -o, --output FILE      write to FILE (replaced only when complete)\n"
    "  -d, --dir DIR          one output per input in DIR, same name with\n"
    "                         the output format's extension\n"
    "      --compact          SGF: one line per game\n"
    "  -h, --help             this help\n";

static int
convert_process(struct sgf_game *g, struct cli_res *r, void *ctx)
{
	const struct conv_ctx *cc = ctx;
	const struct sgf_diag *d;

	if (g->nerrors || !g->root) {
		r->flags |= CLI_R_INVALID | CLI_R_SKIPPED;
		for (d = g->diags; d; d = d->next) {
			if (d->severity != SGF_ERROR)
				continue;
			fprintf(cli_err(r), "%s:%u:%u: error: %s [%s]\n",
				g->file, d->line, d->col, d->msg,
				sgf_code_name(d->code));
			cli_res_code(r, sgf_code_name(d->code));
		}
		if (!g->nerrors)
			fprintf(cli_err(r),
				"%s:%lu: error: game %u has no nodes\n",
				g->file, (unsigned long)g->line, g->index);
		fprintf(cli_err(r), "%s: game %u not converted\n", g->file,
			g->index);
		return 0;
	}
	if (cc->to->write(r->out, g, cc->flags)) {
		fprintf(cli_err(r), "%s: game %u: cannot write: %s\n", g->file,
			g->index, strerror(errno));
		r->flags |= CLI_R_INVALID;
	}
	return 0;
}

/* -d: DIR/NAME with the extension replaced ("a/b.sgf.gz" -> DIR/b.json). */
static char *
dir_output_name(const char *dir, const char *name, const char *ext)
{
	const char *base = strrchr(name, '/');
	size_t n;
	char *p, *dot;

	base = base ? base + 1 : name;
	if (!strcmp(name, "-"))
		base = "stdin";
	if (asprintf(&p, "%s/%s", dir, base) < 0)
		return NULL;
	n = strlen(p);
	if (n > 3 && !strcmp(p + n - 3, ".gz"))
		p[n - 3] = 0;
	dot = strrchr(p, '.');
	if (dot && dot > p + strlen(dir) + 1)
		*dot = 0;
	n = strlen(p);
	dot = realloc(p, n + strlen(ext) + 2);
	if (!dot) {
		free(p);
		return NULL;
	}
	p = dot;
	p[n] = '.';
	strcpy(p + n + 1, ext);
	return p;
}

static void
dir_file_begin(struct cli *c, struct cli_file *f)
{
	const struct conv_ctx *cc = c->ctx;
	char *path = dir_output_name(cc->dir, f->name, cc->to->ext);

	if (!path || cli_output_open(c, path))
		c->stop = true;
	free(path);
}

static void
dir_file_end(struct cli *c, struct cli_file *f)
{
	/* An input that could not be read leaves no output behind. */
	cli_output_close(c, !f->unreadable);
}

int
cmd_convert(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"to", required_argument, NULL, 't'},
	    {"from", required_argument, NULL, 'f'},
	    {"output", required_argument, NULL, 'o'},
	    {"dir", required_argument, NULL, 'd'},
	    {"compact", no_argument, NULL, 'C'},
	    {"help", no_argument, NULL, 'h'},
	    CLI_LONGOPTS,
	    {NULL, 0, NULL, 0},
	};
	struct conv_ctx cc = {&outformats[0], 0, NULL};
	const char *output = NULL;
	struct cli c;
	int opt, rc;
	const struct outformat *of;

	cli_init(&c, "convert");
	cli_argv0(argv, "convert");
	optind = 1;
	while ((opt = getopt_long(argc, argv, "t:f:o:d:h" CLI_SHORTOPTS, opts,
				  NULL)) != -1) {
		switch (opt) {
		case 't':
			for (of = outformats; of->name; of++)
				if (!strcmp(of->name, optarg))
					break;
			if (!of->name) {
				cmd_error("unknown output format '%s'", optarg);
				return cmd_usage_error("convert");
			}
			cc.to = of;
			break;
		case 'f':
			if (strcmp(optarg, "auto") &&
			    !(c.informat = cli_informat_find(optarg))) {
				cmd_error("unknown input format '%s'", optarg);
				return cmd_usage_error("convert");
			}
			break;
		case 'o':
			output = optarg;
			break;
		case 'd':
			cc.dir = optarg;
			break;
		case 'C':
			cc.flags |= SGF_WRITE_COMPACT;
			break;
		case 'h':
			fputs(convert_usage, stdout);
			fputs(cli_opts_help, stdout);
			return EXIT_OK;
		default:
			rc = cli_parse_opt(&c, opt, optarg);
			if (rc == 1)
				break;
			return cmd_usage_error("convert");
		}
	}
	if (output && cc.dir) {
		cmd_error("-o and -d cannot be used together");
		return cmd_usage_error("convert");
	}
	c.process = convert_process;
	c.ctx = &cc;
	if (cc.dir) {
		struct stat sb;
		if (stat(cc.dir, &sb) && mkdir(cc.dir, 0777) &&
		    errno != EEXIST) {
			cmd_error("cannot create directory '%s': %s", cc.dir,
				  strerror(errno));
			return EXIT_USAGE;
		}
		c.file_begin = dir_file_begin;
		c.file_end = dir_file_end;
	}
	if (output && cli_output_open(&c, output))
		return EXIT_USAGE;
	rc = cli_run(&c, argc - optind, argv + optind);
	if (output) {
		/* Replace the output only with a complete conversion: not
		 * after a write error or an unreadable input. */
		if (cli_output_close(&c, rc != EXIT_USAGE))
			rc = EXIT_USAGE;
		else if (rc == EXIT_USAGE)
			cmd_error("'%s' left unchanged", output);
	}
	return rc;
}
