/*
 * progress.c - the progress bar drawn on stderr during a run.
 */
#include <getopt.h>

#include "cli.h"
#include "cli_internal.h"
#include "cmd.h"

static double
elapsed(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	       (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

void
cli_progress_draw(struct cli *c, struct progress *p, size_t files_done,
		  uint64_t bytes_done, bool force)
{
	struct timespec now;
	double t, rate;
	char eta[64] = "";

	if (!p->on)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (!force && elapsed(&p->last, &now) < 0.1)
		return;
	p->last = now;
	t = elapsed(&p->start, &now);
	rate = t > 0 ? (double)c->sum.games / t : 0;
	if (p->bytes_known && p->bytes_total && bytes_done && t > 0) {
		double frac = (double)bytes_done / (double)p->bytes_total;
		double left = frac > 0 ? t / frac - t : 0;
		if (frac > 1)
			frac = 1;
		if (left < 0)
			left = 0;
		snprintf(eta, sizeof(eta), " %3.0f%% ETA %d:%02d", frac * 100,
			 (int)left / 60, (int)left % 60);
	}
	fprintf(stderr, "\r%s: %zu/%zu files, %lu games, %.0f games/s%s\033[K",
		cmd_progname, files_done, p->files_total, c->sum.games, rate,
		eta);
	fflush(stderr);
	p->drawn = true;
}

void
cli_progress_clear(struct progress *p)
{
	if (p->drawn) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
}
