/*
 * cli_internal.h - declarations shared by the files of the batch
 * plumbing and by nothing else (the commands use cli.h).  batch.c
 * drives a run and calls the others; inputs.c, output.c and
 * progress.c call none of each other.
 */
#ifndef CLI_INTERNAL_H
#define CLI_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "cli.h"

/* ------------------------------------------------------------------ */
/* The list of inputs (inputs.c)                                       */

struct input {
	char *name; /* as given or found */
	int err;    /* errno from stat/opendir, reported in order */
	const char *errwhat;
	uint64_t size; /* 0 if unknown (stdin, pipes) */
};

struct inputs {
	struct input *v;
	size_t n, cap;
	uint64_t total_bytes;
	bool total_known;
};

/* Append an input: `name` is copied; `err` (an errno, 0 if none) and
 * `what` ("cannot open") are reported when its turn comes; `size` in
 * bytes, 0 if unknown.  Returns 0, or -1 out of memory. */
int cli_inputs_add(struct inputs *in, const char *name, int err,
		   const char *what, uint64_t size);
/* Add an operand: "-" (stdin), a file, or a directory walked with -r
 * (filtered by --ext, sorted).  Returns 0, or -1 out of memory. */
int cli_add_operand(struct cli *c, struct inputs *in, const char *name);
/* Add the names listed in c->files_from.  Returns 0, or -1 (a message
 * printed when it cannot be read; none out of memory). */
int cli_add_files_from(struct cli *c, struct inputs *in);

/* ------------------------------------------------------------------ */
/* Sources: one open input, cut into chunks (inputs.c)                 */

struct src {
	const struct sgf_format_info *fmt;
	const char *name;
	int fd;
	struct sgf_reader *rd;
	struct sgf_reader *raw; /* while the format is chosen */
	struct sgf_cutter *cut; /* other formats: cut from raw's bytes */
	int poll_fd; /* stdin when it is not a regular file, else -1 */
};

/* Is the pipe or terminal `fd` (-1: none) waiting for its writer? */
bool cli_input_idle(int fd);
/* Open input `name` ("-": stdin) into s and choose its format (-f,
 * else extension, else content).  Returns 0, or -1 with errno. */
int cli_src_open(struct cli *c, struct src *s, const char *name);
/* Next chunk (one game) of s: 1, 0 at the end, -1 on error (message
 * in *err).  With `nowait`, as sgf_reader_next_nowait(). */
int cli_src_next(struct cli *c, struct src *s, struct sgf_chunk *ch,
		 struct sgf_diag *err, bool nowait);
/* Close s and free what it holds. */
void cli_src_close(struct src *s);

/* ------------------------------------------------------------------ */
/* Output (output.c)                                                   */

/* Report a write error (errno `err`) on c->out once, and stop the run.
 * A closed pipe on stdout is quiet. */
void cli_write_failed(struct cli *c, int err);

/* ------------------------------------------------------------------ */
/* Progress bar (progress.c)                                           */

struct progress {
	bool on;
	struct timespec start, last;
	size_t files_total;
	uint64_t bytes_total;
	bool bytes_known;
	bool drawn;
};

/* Draw the bar if p->on, at most every 0.1 s unless `force`. */
void cli_progress_draw(struct cli *c, struct progress *p, size_t files_done,
		       uint64_t bytes_done, bool force);
/* Erase the bar if it was drawn. */
void cli_progress_clear(struct progress *p);

#endif
