/*
 * test_sgf_tool.c - a small driver over the sgf/ library, for the corpus
 * round-trip test and the parser benchmark while (and after) the sgfkit
 * command exists.  Without arguments it runs its own checks (the
 * testdata round trip), as every tests/unit binary does.
 *
 *   test_sgf_tool [-t sgf|json|none] [-f sgf|json] [-c] [-d] FILE...
 *
 *   -t   output: canonical SGF (default), JSON Lines, or nothing (parse
 *        only; prints a summary on stderr: bytes, games, nodes, time)
 *   -f   input format
 *   -c   compact SGF
 *   -d   print diagnostics on stderr as FILE:LINE:COL: CODE: MESSAGE
 * Exit status 1 if any game had an error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sgf/sgf.h"
#include "unit.h"

static int opt_diag, opt_compact;
static const char *opt_to = "sgf", *opt_from = "sgf";
static unsigned long long n_games, n_nodes, n_bytes, n_errors;

static void
print_diags(const struct sgf_game *g)
{
	const struct sgf_diag *d;

	for (d = g->diags; d; d = d->next)
		fprintf(stderr, "%s:%u:%u: %s: %s (game %u)\n", g->file,
			d->line, d->col, sgf_code_name(d->code), d->msg,
			g->index);
}

static int
emit(struct sgf_game *g)
{
	n_games++;
	n_nodes += g->nnodes;
	if (g->nerrors)
		n_errors++;
	if (opt_diag)
		print_diags(g);
	if (!strcmp(opt_to, "sgf"))
		return sgf_write_sgf(stdout, g,
				     opt_compact ? SGF_WRITE_COMPACT : 0);
	if (!strcmp(opt_to, "json")) {
		int r = sgf_write_json(stdout, g);
		putchar('\n');
		return r;
	}
	return 0;
}

static int
run_file(const char *path)
{
	if (!strcmp(opt_from, "json")) {
		size_t len;
		char *buf = unit_slurp(path, &len);
		struct sgf_game **games;
		int n, i;

		if (!buf) {
			perror(path);
			return 2;
		}
		n_bytes += len;
		n = sgf_parse_json(buf, len, path, NULL, &games);
		free(buf);
		for (i = 0; i < n; i++) {
			emit(games[i]);
			sgf_game_free(games[i]);
		}
		free(games);
		return n < 0 ? 2 : 0;
	}
	struct sgf_reader *rd = sgf_reader_open(path, path, NULL);
	struct sgf_chunk ch;
	struct sgf_diag err;
	const struct sgf_diag *d;
	int r;

	if (!rd) {
		perror(path);
		return 2;
	}
	while ((r = sgf_reader_next(rd, &ch, &err)) > 0) {
		struct sgf_game *g;
		n_bytes += ch.len;
		if (!strcmp(opt_to, "split")) {
			/* benchmark the reader alone */
			n_games++;
			sgf_chunk_release(&ch);
			continue;
		}
		g = sgf_parse_chunk(&ch, NULL);
		if (!g)
			return 2;
		emit(g);
		sgf_game_free(g);
	}
	if (r < 0)
		fprintf(stderr, "%s:%u:%u: %s\n", path, err.line, err.col,
			err.msg);
	if (opt_diag)
		for (d = sgf_reader_diags(rd); d; d = d->next)
			fprintf(stderr, "%s:%u:%u: %s: %s\n", path, d->line,
				d->col, sgf_code_name(d->code), d->msg);
	sgf_reader_close(rd);
	return r < 0 ? 2 : 0;
}

/* ------------------------------------------------------------------
 * Self test: every testdata/sgf file round-trips through SGF and JSON.
 */
static char *
to_sgf(struct sgf_game *g, size_t *len)
{
	char *s = NULL;
	FILE *f = open_memstream(&s, len);

	sgf_write_sgf(f, g, 0);
	fclose(f);
	return s;
}

static void
roundtrip_file(const char *path)
{
	size_t len, l1, l2;
	char *buf = unit_slurp(path, &len);
	struct sgf_game **a, **b;
	int n, m, i;

	CHECK(buf != NULL);
	if (!buf)
		return;
	n = sgf_parse_all(buf, len, path, NULL, &a);
	CHECK(n > 0);
	for (i = 0; i < n; i++) {
		char *s1 = to_sgf(a[i], &l1), *s2;
		m = sgf_parse_all(s1, l1, "out", NULL, &b);
		CHECK_INT(m, a[i]->root ? 1 : 0);
		if (m == 1) {
			s2 = to_sgf(b[0], &l2);
			if (l1 != l2 || memcmp(s1, s2, l1)) {
				fprintf(stderr, "%s game %d: not stable\n",
					path, i + 1);
				CHECK(0);
			}
			CHECK_INT(b[0]->nerrors, 0);
			free(s2);
			sgf_game_free(b[0]);
		}
		free(b);
		free(s1);
		sgf_game_free(a[i]);
	}
	free(a);
	free(buf);
}

static void
testdata_files_round_trip_stably(void)
{
	FILE *p = popen("ls testdata/sgf/*.sgf 2>/dev/null", "r");
	char line[4096];
	int n = 0;

	CHECK(p != NULL);
	if (!p)
		return;
	while (fgets(line, sizeof(line), p)) {
		line[strcspn(line, "\n")] = 0;
		roundtrip_file(line);
		n++;
	}
	pclose(p);
	CHECK(n > 0);
}

int
main(int argc, char **argv)
{
	int c, rc = 0;
	struct timespec t0, t1;

	if (argc == 1) {
		RUN(testdata_files_round_trip_stably);
		return UNIT_DONE();
	}
	while ((c = getopt(argc, argv, "t:f:cd")) != -1) {
		switch (c) {
		case 't':
			opt_to = optarg;
			break;
		case 'f':
			opt_from = optarg;
			break;
		case 'c':
			opt_compact = 1;
			break;
		case 'd':
			opt_diag = 1;
			break;
		default:
			return 2;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (; optind < argc; optind++) {
		int r = run_file(argv[optind]);
		if (r > rc)
			rc = r;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (!strcmp(opt_to, "none") || !strcmp(opt_to, "split")) {
		double s = (double)(t1.tv_sec - t0.tv_sec) +
			   (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
		fprintf(stderr,
			"%llu bytes, %llu games, %llu nodes, %llu with errors, "
			"%.3f s, %.1f MB/s, %.0f games/s\n",
			n_bytes, n_games, n_nodes, n_errors, s,
			(double)n_bytes / 1e6 / s, (double)n_games / s);
	}
	if (fflush(stdout))
		rc = 2;
	return rc ? rc : n_errors ? 1 : 0;
}
