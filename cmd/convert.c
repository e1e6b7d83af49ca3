/*
 * convert.c - `sgfkit convert`: rewrite records as canonical SGF, JSON,
 * GIB, NGF, a GTP script or a diagram (txt, svg), from SGF, JSON, GIB,
 * NGF or UGF (input formats: sgf_formats in sgf/formats.c).
 *
 * Output formats are a table (outformats[]): a name for -t, the file
 * extension used with -d, and a writer for one game: the record
 * format's of sgf/formats.h, or a diagram's.  Adding a format
 * is adding a row.  Games that could not be read are reported with
 * file:line:column and left out whole: nothing half-converted.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../rules/diagram.h"
#include "../sgf/formats.h"
#include "cli.h"
#include "cmd.h"

struct conv_ctx;

struct outformat {
	const char *name; /* for -t */
	const char *ext;  /* with -d */
	/* a record format (its writer is write_record's), or
	 * SGF_FMT_UNKNOWN for a diagram */
	enum sgf_format record;
	/* Write one game; returns 0, or -1 with *why set (NULL: errno).
	 * What the format could not keep goes into *notes. */
	int (*write)(FILE *out, const struct sgf_game *g,
		     const struct conv_ctx *cc, const char **why,
		     struct sgf_write_notes *notes);
	bool buffered; /* written to memory first: all or nothing */
	bool single;   /* one game per file (GIB, NGF, SVG) */
};

struct conv_ctx {
	const struct outformat *to;
	unsigned flags; /* SGF_WRITE_* */
	const char *dir;
	long upto;	/* -m: moves shown by txt, svg, gtp; -1 all */
	bool numbers;	/* svg --numbers */
	bool normalize; /* --normalize: dialects rewritten */
	bool warnings;	/* the reader's warnings on stderr */
	int sym;	/* --rotate/--flip/--symmetry: 0..7 */
	/* -d: the names written; the output of an input whose name was
	 * taken goes to a stream that throws it away */
	struct cli_names names;
	bool dropping;
	/* the output is the input being read (-d into the input's own
	 * directory, -o naming an input): it is replaced only if every
	 * game was converted, or the games that were not would be lost */
	const char *output; /* -o */
	bool inplace;
};

/* A record format: its writer in sgf_formats[]. */
static int
write_record(FILE *out, const struct sgf_game *g, const struct conv_ctx *cc,
	     const char **why, struct sgf_write_notes *notes)
{
	const struct sgf_write_opts o = {.flags = cc->flags, .upto = cc->upto};

	return sgf_format_info(cc->to->record)->write(out, g, &o, why, notes);
}

static int
write_txt(FILE *out, const struct sgf_game *g, const struct conv_ctx *cc,
	  const char **why, struct sgf_write_notes *notes)
{
	return diagram_write_txt(out, g, cc->upto, why, notes);
}

static int
write_svg(FILE *out, const struct sgf_game *g, const struct conv_ctx *cc,
	  const char **why, struct sgf_write_notes *notes)
{
	return diagram_write_svg(out, g, cc->upto, cc->numbers, why, notes);
}

/* clang-format off */
static const struct outformat outformats[] = {
    /* name, extension, record format, writer, buffered, one game per file */
    {"sgf", "sgf", SGF_FMT_SGF, write_record, false, false},
    {"json", "json", SGF_FMT_JSON, write_record, false, false},
    {"gib", "gib", SGF_FMT_GIB, write_record, true, true},
    {"ngf", "ngf", SGF_FMT_NGF, write_record, true, true},
    {"gtp", "gtp", SGF_FMT_GTP, write_record, true, false},
    {"txt", "txt", SGF_FMT_UNKNOWN, write_txt, true, false},
    {"svg", "svg", SGF_FMT_UNKNOWN, write_svg, true, true},
    {NULL, NULL, SGF_FMT_UNKNOWN, NULL, false, false},
};
/* clang-format on */

static const char convert_usage[] =
    "usage: sgfkit convert [OPTIONS] [FILE|DIR|-]...\n"
    "\n"
    "Rewrite records as canonical FF[4] SGF (UTF-8), as JSON (one\n"
    "document per game, JSON Lines), as GIB or NGF, as a GTP script, or\n"
    "as a diagram (txt, svg) of the position after a move.  Several\n"
    "inputs are concatenated, or written one output file per input with\n"
    "-d.\n"
    "\n"
    "options:\n"
    "  -t, --to FORMAT        output format: sgf (default), json, gib,\n"
    "                         ngf, gtp, txt, svg\n"
    "  -f, --from FORMAT      input format: auto (default: by content,\n"
    "                         then by extension), sgf, json, gib, ngf,\n"
    "                         ugf, ogs (online-go.com JSON), gtp\n"
    "  -o, --output FILE      write to FILE (replaced only when complete)\n"
    "  -d, --dir DIR          one output per input in DIR, same name with\n"
    "                         the output format's extension\n"
    "      --compact          SGF: one line per game (line breaks in\n"
    "                         comments are kept)\n"
    "  -m, --move N           txt, svg, gtp: the position after move N\n"
    "                         (default: the end)\n"
    "      --numbers          svg: move numbers on the stones\n"
    "      --normalize        rewrite server dialects (Fox komi, zi komi\n"
    "                         and results, Cyberoro/Nihon Ki-in roots, ...)\n"
    "                         into standard SGF; a note for each on stderr\n"
    "      --rotate DEG       rotate the board 90, 180 or 270 degrees\n"
    "                         clockwise\n"
    "      --flip             mirror the board left to right (before\n"
    "                         --rotate)\n"
    "      --symmetry N       one of the 8 symmetries, 0-7 (flip = 4 +)\n"
    "      --no-warnings      report errors only (the reader's warnings,\n"
    "                         such as a line of another format left out,\n"
    "                         are shown by default)\n"
    "  -h, --help             this help\n";

/* What the writer could not keep, as warnings in the form of the
 * reader's, at the value each is about (unless --no-warnings). */
static void
put_notes(const struct sgf_game *g, struct cli_res *r,
	  const struct conv_ctx *cc, const struct sgf_write_notes *notes)
{
	unsigned i;

	if (!cc->warnings)
		return;
	for (i = 0; i < notes->n && i < SGF_WRITE_NOTES; i++) {
		const struct sgf_write_note *d = &notes->v[i];
		if (d->off) {
			cli_report_at(g, r, d->off);
		} else {
			fprintf(cli_err(r), "%s:%lu: ", g->file,
				(unsigned long)g->line);
		}
		fprintf(cli_err(r), "warning: %s [%s]\n", d->msg, d->code);
	}
	if (notes->n > SGF_WRITE_NOTES)
		fprintf(cli_err(r),
			"%s: game %u: warning: %u more like these\n", g->file,
			g->index, notes->n - SGF_WRITE_NOTES);
}

static int
convert_process(struct sgf_game *g, struct cli_res *r, void *ctx)
{
	const struct conv_ctx *cc = ctx;
	const char *why = NULL;
	struct sgf_write_notes notes;
	uint32_t at;

	cli_report_diags(g, r, cc->warnings);
	if (g->nerrors || !g->root) {
		r->flags |= CLI_R_INVALID | CLI_R_SKIPPED;
		if (!g->nerrors)
			fprintf(cli_err(r),
				"%s:%lu: error: game %u has no nodes\n",
				g->file, (unsigned long)g->line, g->index);
		fprintf(cli_err(r), "%s: game %u not converted\n", g->file,
			g->index);
		return 0;
	}
	if (cc->to->single && g->index > 1) {
		/* a second game of a collection would make the file invalid */
		fprintf(cli_err(r),
			"%s: game %u not converted: %s holds one game per "
			"file\n",
			g->file, g->index, cc->to->name);
		r->flags |= CLI_R_INVALID;
		return 0;
	}
	if (cc->normalize) {
		struct sgf_dialect_report rep;
		if (sgf_normalize(g, SGF_FIX_ALL, &rep))
			for (int i = 0; i < rep.nnotes; i++)
				fprintf(cli_err(r),
					"%s: game %u: normalized: %s\n",
					g->file, g->index, rep.notes[i]);
	}
	if (cc->sym && sgf_transform(g, cc->sym, &why, &at)) {
		if (at != UINT32_MAX) {
			cli_report_at(g, r, at);
			fputs("error: ", cli_err(r));
		} else {
			fprintf(cli_err(r), "%s: error: ", g->file);
		}
		fprintf(cli_err(r),
			"game %u cannot be transformed: %s: not converted\n",
			g->index, why);
		r->flags |= CLI_R_INVALID;
		return 0;
	}
	why = NULL;
	notes.n = 0;
	if (cc->to->buffered) {
		/* all or nothing: a writer that fails half-way leaves no
		 * output for the game */
		char *buf = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&buf, &len);
		int rc = mem ? cc->to->write(mem, g, cc, &why, &notes) : -1;
		if (mem && fclose(mem))
			rc = -1;
		if (rc == 0 && fwrite(buf, 1, len, r->out) != len)
			rc = -1, why = NULL;
		free(buf);
		if (rc == 0) {
			put_notes(g, r, cc, &notes);
			return 0;
		}
	} else if (cc->to->write(r->out, g, cc, &why, &notes) == 0) {
		put_notes(g, r, cc, &notes);
		return 0;
	}
	fprintf(cli_err(r), "%s: game %u: cannot write %s: %s\n", g->file,
		g->index, cc->to->name, why ? why : strerror(errno));
	r->flags |= CLI_R_INVALID;
	return 0;
}

/* -d: DIR/NAME with the extension replaced ("a/b.sgf.gz" -> DIR/b.json). */
static char *
dir_output_name(const char *dir, const char *name, const char *ext)
{
	size_t n;
	const char *stem = cli_input_stem(name, &n);
	char *p;

	return asprintf(&p, "%s/%.*s.%s", dir, (int)n, stem, ext) < 0 ? NULL
								      : p;
}

static ssize_t
discard(void *cookie, const char *buf, size_t n)
{
	return (ssize_t)n;
}

/* Are a and b the same file (not only the same name)? */
static bool
same_file(const char *a, const char *b)
{
	struct stat x, y;

	return strcmp(a, "-") && stat(a, &x) == 0 && stat(b, &y) == 0 &&
	       x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

/* -o: is this input the output? */
static void
out_file_begin(struct cli *c, struct cli_file *f)
{
	struct conv_ctx *cc = c->ctx;

	if (same_file(f->path, cc->output))
		cc->inplace = true;
}

static void
dir_file_begin(struct cli *c, struct cli_file *f)
{
	struct conv_ctx *cc = c->ctx;
	char *path = dir_output_name(cc->dir, f->name, cc->to->ext);
	const char *other;

	cc->inplace = path && same_file(f->path, path);

	if (path && (other = cli_names_add(&cc->names, path, f->name, 0))) {
		/* a/game.sgf and b/game.sgf: the second would replace the
		 * first's output */
		cmd_error("'%s' not converted: '%s' is the output name of '%s'",
			  f->name, path, other);
		c->status = EXIT_USAGE;
		c->out = fopencookie(NULL, "w",
				     (cookie_io_functions_t){.write = discard});
		if (c->out)
			cc->dropping = true;
		else
			__atomic_store_n(&c->stop, true, __ATOMIC_RELAXED);
	} else if (!path || cli_output_open(c, path)) {
		__atomic_store_n(&c->stop, true, __ATOMIC_RELAXED);
	}
	free(path);
}

static void
dir_file_end(struct cli *c, struct cli_file *f)
{
	struct conv_ctx *cc = c->ctx;

	if (cc->dropping) {
		cc->dropping = false;
		fclose(c->out);
		c->out = stdout;
		return;
	}
	/* An input that could not be read, or of which no game could be
	 * converted, leaves no output behind. */
	if (cc->inplace && f->invalid && !f->unreadable) {
		cmd_error("'%s' left unchanged: it is its own output, and %u "
			  "of its %u games could not be converted",
			  f->name, f->invalid, f->games);
		cli_output_close(c, false);
		return;
	}
	cli_output_close(c, !f->unreadable && f->games > f->invalid);
}

int
cmd_convert(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"to", required_argument, NULL, 't'},
	    {"output", required_argument, NULL, 'o'},
	    {"dir", required_argument, NULL, 'd'},
	    {"compact", no_argument, NULL, 'C'},
	    {"move", required_argument, NULL, 'm'},
	    {"numbers", no_argument, NULL, 'N'},
	    {"normalize", no_argument, NULL, 'Z'},
	    {"no-warnings", no_argument, NULL, 'W'},
	    {"rotate", required_argument, NULL, 'R'},
	    {"flip", no_argument, NULL, 'F'},
	    {"symmetry", required_argument, NULL, 'S'},
	    CLI_LONGOPTS,
	    {NULL, 0, NULL, 0},
	};
	struct conv_ctx cc = {
	    .to = &outformats[0], .upto = -1, .warnings = true};
	int rotate = 0, flip = 0, symmetry = -1;
	long n;
	const char *output = NULL;
	struct cli c;
	int opt, rc;
	const struct outformat *of;

	cli_init(&c, "convert");
	cli_argv0(argv, "convert");
	optind = 1;
	while ((opt = cli_getopt(&c, argc, argv, "t:o:d:m:" CLI_SHORTOPTS, opts,
				 convert_usage)) != -1) {
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
		case 'o':
			output = optarg;
			break;
		case 'd':
			cc.dir = optarg;
			break;
		case 'C':
			cc.flags |= SGF_WRITE_COMPACT;
			break;
		case 'm':
			if (cli_opt_long(optarg, 0, LONG_MAX, "move number",
					 NULL, &cc.upto))
				return cmd_usage_error("convert");
			break;
		case 'N':
			cc.numbers = true;
			break;
		case 'Z':
			cc.normalize = true;
			break;
		case 'W':
			cc.warnings = false;
			break;
		case 'R': {
			const char *hint = "(0, 90, 180 or 270)";
			if (cli_opt_long(optarg, 0, 270, "rotation", hint,
					 &n) ||
			    (n % 90 &&
			     cli_opt_invalid("rotation", optarg, hint)))
				return cmd_usage_error("convert");
			rotate = (int)n;
			break;
		}
		case 'F':
			flip = 1;
			break;
		case 'S':
			if (cli_opt_long(optarg, 0, 7, "symmetry", "(0 to 7)",
					 &n))
				return cmd_usage_error("convert");
			symmetry = (int)n;
			break;
		case CLI_OPT_EXIT:
			return c.exit_status;
		default:
			return cmd_usage_error("convert");
		}
	}
	if (symmetry >= 0 && (rotate || flip)) {
		cmd_error("--symmetry cannot be used with --rotate or --flip");
		return cmd_usage_error("convert");
	}
	cc.sym = symmetry >= 0 ? symmetry : flip * 4 + rotate / 90;
	if (cc.to->single && !cc.dir &&
	    (argc - optind > 1 || c.recursive || c.files_from)) {
		cmd_error("%s holds one game per file: use -d DIR with several "
			  "inputs",
			  cc.to->name);
		return cmd_usage_error("convert");
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
	if (output) {
		cc.output = output;
		c.file_begin = out_file_begin;
		if (cli_output_open(&c, output))
			return EXIT_USAGE;
	}
	rc = cli_run(&c, argc - optind, argv + optind);
	if (output) {
		/* Replace the output only with a complete conversion: not
		 * after a write error or an unreadable input, and not with
		 * an empty file when no game could be converted. */
		bool any = c.sum.valid > 0;
		bool lose = cc.inplace && c.sum.invalid > 0;
		if (cli_output_close(&c, rc != EXIT_USAGE && any && !lose))
			rc = EXIT_USAGE;
		else if (lose)
			cmd_error(
			    "'%s' left unchanged: it is also an input, and "
			    "%lu game%s could not be converted",
			    output, c.sum.invalid,
			    c.sum.invalid == 1 ? "" : "s");
		else if (rc == EXIT_USAGE)
			cmd_error("'%s' left unchanged", output);
		else if (!any) {
			cmd_error("'%s' not written: no game was converted",
				  output);
			if (rc == EXIT_OK) /* an empty input: nothing done */
				rc = EXIT_PROBLEM;
		}
	}
	cli_names_free(&cc.names);
	return rc;
}
