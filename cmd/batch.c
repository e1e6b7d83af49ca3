/*
 * batch.c - the run: inputs cut into batches of games (jobs),
 * processed on worker threads, and written in input order.
 *
 * Threads: with -j 1 everything runs inline on the main thread (the
 * honest one-core baseline).  With -j N, N threads (the main thread
 * and N - 1 more) take turns: one at a time cuts the next job from the
 * input (a batch of games, so that locking costs little per game) and
 * then processes it into memory streams itself; finished jobs are
 * written strictly in sequence order by whichever thread is free, one
 * at a time.  At most `window` jobs are in flight, so memory is
 * bounded by the window times the batch size plus the largest game,
 * whatever the length of the stream.
 */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli_internal.h"
#include "cmd.h"
#include "../sgf/gameinfo.h"

/* ------------------------------------------------------------------ */
/* Jobs                                                                */

/* A batch is cut by one thread at a time (the scan for game ends is
 * sequential) and then processed by the same thread: batches must be
 * big enough that the threads rarely queue for the cut.  At 64 games
 * -j 2 ran info 1.83x and convert 1.70x faster than -j 1 over the
 * corpus; at 256 games (the byte cap stops most Tygem batches near
 * 200) 1.95x and 1.94x (hyperfine, 2026-11-24). */
#define BATCH_GAMES 256
#define BATCH_BYTES (256 * 1024)
/* A batch of a command with costly games (cli.batch_games) is also cut
 * at this many bytes, so that a stream of big records is split as
 * finely as one of small ones. */
#define BATCH_BYTES_SMALL (16 * 1024)

/* A job's output: a growing buffer behind a FILE (fopencookie), and
 * buffers recycled from job to job.  A fresh open_memstream() per job
 * cost a page fault for every 4 KiB written, because buffers past
 * malloc's mmap threshold come back from the kernel as new pages each
 * time (convert spent a quarter of its time in the kernel). */
struct obuf {
	char *p;
	size_t len, cap;
};

#define OBUF_POOL     32
#define OBUF_KEEP_MAX ((size_t)8 << 20) /* larger buffers are freed */
static struct obuf obuf_pool[OBUF_POOL];
static int obuf_npool;
static pthread_mutex_t obuf_mu = PTHREAD_MUTEX_INITIALIZER;

static ssize_t
obuf_write(void *cookie, const char *buf, size_t n)
{
	struct obuf *b = cookie;

	if (b->cap - b->len < n) {
		size_t cap = b->cap ? b->cap : 64 * 1024;
		char *p;
		while (cap - b->len < n) {
			if (cap > SIZE_MAX / 2) {
				errno = ENOMEM;
				return 0;
			}
			cap *= 2;
		}
		p = realloc(b->p, cap);
		if (!p) {
			errno = ENOMEM;
			return 0; /* fopencookie: 0 is an error */
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, buf, n);
	b->len += n;
	return (ssize_t)n;
}

/* Open a FILE writing into *b, with a buffer from the pool. */
static FILE *
obuf_open(struct obuf *b)
{
	static const cookie_io_functions_t io = {.write = obuf_write};

	pthread_mutex_lock(&obuf_mu);
	if (obuf_npool)
		*b = obuf_pool[--obuf_npool];
	else
		memset(b, 0, sizeof(*b));
	pthread_mutex_unlock(&obuf_mu);
	b->len = 0;
	return fopencookie(b, "w", io);
}

/* Give b's memory back to the pool (or free it). */
static void
obuf_release(struct obuf *b)
{
	if (!b->p)
		return;
	pthread_mutex_lock(&obuf_mu);
	if (obuf_npool < OBUF_POOL && b->cap <= OBUF_KEEP_MAX) {
		obuf_pool[obuf_npool++] = *b;
		b->p = NULL;
	}
	pthread_mutex_unlock(&obuf_mu);
	free(b->p);
	memset(b, 0, sizeof(*b));
}

struct job_code {
	const char *code;
	unsigned long n;
};

struct cli_job {
	unsigned long seq;
	size_t input; /* index into inputs */
	const struct sgf_format_info *fmt;
	bool begin, end, unreadable;
	struct sgf_chunk *chunks;
	size_t nchunks;
	uint64_t bytes_done;	/* input bytes consumed up to this job */
	struct sgf_diag *diags; /* end of file: stream diagnostics (copy) */
	char *openerr;		/* message for stderr, written in order */
	/* results */
	struct obuf outb; /* the games' output, in order */
	char *err;
	size_t errlen;
	FILE *errf;
	/* where each game's messages go among the output: after
	 * outb.p[0..out) come err[..err), so that stdout and stderr
	 * interleave game by game however the games were batched */
	struct err_mark {
		size_t out, err;
	} * marks;
	size_t nmarks, capmarks;
	/* each game's r->keep, in order, when there is a game_end */
	void **keeps;
	size_t nkeeps, capkeeps;
	unsigned long games, invalid, scored, agree, disagree;
	struct job_code codes[32];
	unsigned ncodes;
	int done;
};

FILE *
cli_err(struct cli_res *r)
{
	struct cli_job *j = r->job_;

	if (!j->errf)
		j->errf = open_memstream(&j->err, &j->errlen);
	return j->errf ? j->errf : stderr;
}

void
cli_report_diag(const struct sgf_game *g, struct cli_res *r,
		const struct sgf_diag *d)
{
	bool err = d->severity == SGF_ERROR;

	fprintf(cli_err(r), "%s:%u:%u: %s: %s [%s]\n", g->file, d->line, d->col,
		err ? "error" : "warning", d->msg, sgf_code_name(d->code));
	if (err)
		cli_res_code(r, sgf_code_name(d->code));
}

void
cli_report_diags(const struct sgf_game *g, struct cli_res *r, bool warnings)
{
	const struct sgf_diag *d;

	for (d = g->diags; d; d = d->next)
		if (warnings || d->severity == SGF_ERROR)
			cli_report_diag(g, r, d);
}

void
cli_report_at(const struct sgf_game *g, struct cli_res *r, uint32_t off)
{
	uint32_t line, col;
	sgf_game_linecol(g, off, &line, &col);
	fprintf(cli_err(r), "%s:%u:%u: ", g->file, line, col);
}

void
cli_report_notes(const struct sgf_game *g, struct cli_res *r,
		 const struct sgf_gameinfo *gi)
{
	for (int i = 0; i < gi->nnotes && i < SGF_GAMEINFO_NOTES; i++) {
		cli_report_at(g, r, gi->note_off[i]);
		fprintf(cli_err(r), "warning: %s\n", gi->notes[i]);
	}
}

void
cli_res_code(struct cli_res *r, const char *code)
{
	unsigned i;

	for (i = 0; i < r->ncodes_; i++)
		if (r->codes_[i] == code || !strcmp(r->codes_[i], code))
			return;
	if (r->ncodes_ < sizeof(r->codes_) / sizeof(r->codes_[0]))
		r->codes_[r->ncodes_++] = code;
}

static void
job_free(struct cli_job *j)
{
	size_t i;
	struct sgf_diag *d, *nd;

	for (i = 0; i < j->nchunks; i++)
		sgf_chunk_release(&j->chunks[i]);
	free(j->chunks);
	for (d = j->diags; d; d = nd) {
		nd = d->next;
		free(d);
	}
	if (j->errf)
		fclose(j->errf);
	free(j->openerr);
	obuf_release(&j->outb);
	free(j->err);
	free(j->marks);
	for (size_t k = 0; k < j->nkeeps; k++)
		free(j->keeps[k]);
	free(j->keeps);
	free(j);
}

static void
job_count_code(struct cli_job *j, const char *code)
{
	unsigned i;

	for (i = 0; i < j->ncodes; i++)
		if (j->codes[i].code == code ||
		    !strcmp(j->codes[i].code, code)) {
			j->codes[i].n++;
			return;
		}
	if (j->ncodes < sizeof(j->codes) / sizeof(j->codes[0])) {
		j->codes[j->ncodes].code = code;
		j->codes[j->ncodes++].n = 1;
	}
}

/* What follows a game's process() (or fast_game()): its keep, where its
 * messages go, the counts.  file and index name it in a message. */
static void
game_done(struct cli *c, struct cli_job *j, FILE *out, struct cli_res *r,
	  const char *file, unsigned index)
{
	unsigned i;

	if (c->game_end) {
		if (j->nkeeps == j->capkeeps) {
			size_t cap = j->capkeeps ? j->capkeeps * 2 : 8;
			void **k = realloc(j->keeps, cap * sizeof(*k));
			if (k) {
				j->keeps = k;
				j->capkeeps = cap;
			}
		}
		if (j->nkeeps < j->capkeeps) {
			j->keeps[j->nkeeps++] = r->keep;
		} else {
			/* the keeps would no longer line up with the games'
			 * numbers: stop, as on any lack of memory */
			free(r->keep);
			fprintf(cli_err(r), "%s: game %u: out of memory\n",
				file, index);
			__atomic_store_n(&c->stop, true, __ATOMIC_RELAXED);
		}
	}
	if (j->errf && (fflush(j->errf), j->errlen) &&
	    (!j->nmarks || j->marks[j->nmarks - 1].err != j->errlen)) {
		/* this game wrote messages: note where they go */
		if (j->nmarks == j->capmarks) {
			size_t cap = j->capmarks ? j->capmarks * 2 : 8;
			struct err_mark *m =
			    realloc(j->marks, cap * sizeof(*m));
			if (m) {
				j->marks = m;
				j->capmarks = cap;
			}
		}
		if (j->nmarks < j->capmarks) {
			fflush(out);
			j->marks[j->nmarks].out = j->outb.len;
			j->marks[j->nmarks].err = j->errlen;
			j->nmarks++;
		}
	}
	j->games++;
	if (r->flags & CLI_R_INVALID)
		j->invalid++;
	if (r->flags & CLI_R_SCORED)
		j->scored++;
	if (r->flags & CLI_R_AGREE)
		j->agree++;
	if (r->flags & CLI_R_DISAGREE)
		j->disagree++;
	for (i = 0; i < r->ncodes_; i++)
		job_count_code(j, r->codes_[i]);
}

static void
process_game(struct cli *c, struct cli_job *j, FILE *out, struct sgf_game *g,
	     const char *record, size_t record_len)
{
	struct cli_res r;

	memset(&r, 0, sizeof(r));
	r.out = out;
	r.job_ = j;
	r.record = record;
	r.record_len = record_len;
	c->process(g, &r, c->ctx);
	game_done(c, j, out, &r, g->file, g->index);
}

/* The command's fast_game() on chunk ch: true when it took the game
 * without a parse. */
static bool
fast_game(struct cli *c, struct cli_job *j, FILE *out,
	  const struct sgf_chunk *ch)
{
	struct cli_res r;

	memset(&r, 0, sizeof(r));
	r.out = out;
	r.job_ = j;
	if (!c->fast_game(c, ch, &r))
		return false;
	game_done(c, j, out, &r, ch->file, ch->index);
	return true;
}

/* A game standing for input that could not be parsed at all (a bad
 * JSON line): processed like any other so that every command reports
 * it in its own format. */
static struct sgf_game *
broken_game(const struct sgf_chunk *ch, const char *fmt)
{
	struct sgf_game *g = sgf_game_new(ch->file, ch->index);

	if (!g)
		return NULL;
	sgf_game_diag(g, SGF_E_SYNTAX, SGF_ERROR, 0, "not a readable %s record",
		      fmt);
	sgf_game_relocate(g, ch->line, ch->col);
	return g;
}

/* Parse and process every chunk of a job (worker side). */
static void
job_run(struct cli *c, struct cli_job *j)
{
	FILE *out = obuf_open(&j->outb);
	size_t i;

	if (!out) {
		j->done = 1;
		return;
	}
	for (i = 0; i < j->nchunks; i++) {
		struct sgf_chunk *ch = &j->chunks[i];

		/* (a game over --max-game-bytes is an empty chunk that
		 * sgf_parse_chunk() reports, whatever its format) */
		if (j->fmt->kind == SGF_FMT_STREAM ||
		    (ch->flags & SGF_CHUNK_TOO_BIG)) {
			struct sgf_game *g;
			char *rec = NULL;
			size_t reclen = ch->len;
			if (c->want_game && !c->want_game(c, ch)) {
				sgf_chunk_release(ch);
				continue;
			}
			if (c->fast_game && fast_game(c, j, out, ch)) {
				sgf_chunk_release(ch);
				continue;
			}
			/* the bytes as read, before the parser takes them.
			 * Not for UTF-16, which comes decoded, nor for a game
			 * whose input ended before its ')': its bytes would
			 * swallow the records written after it, so it is
			 * written as the parser repaired it. */
			if (c->records && ch->data &&
			    !(ch->flags &
			      (SGF_CHUNK_DECODED | SGF_CHUNK_UNTERMINATED))) {
				rec = malloc(reclen ? reclen : 1);
				if (rec)
					memcpy(rec, ch->data, reclen);
			}
			g = sgf_parse_chunk(ch, &c->limits);
			if (g) {
				process_game(c, j, out, g, rec,
					     rec ? reclen : 0);
				sgf_game_free(g);
			}
			free(rec);
		} else {
			struct sgf_game **games = NULL;
			int n = sgf_format_read(j->fmt, ch->data, ch->len,
						ch->file, &c->limits, &games);
			int k;

			if (n <= 0) {
				struct sgf_game *g =
				    broken_game(ch, j->fmt->name);
				if (g) {
					process_game(c, j, out, g, NULL, 0);
					sgf_game_free(g);
				}
			}
			for (k = 0; k < n; k++) {
				games[k]->file = ch->file;
				games[k]->index = j->fmt->kind == SGF_FMT_LINES
						      ? ch->index + (unsigned)k
						      : (unsigned)k + 1;
				if (j->fmt->kind == SGF_FMT_LINES)
					sgf_game_relocate(games[k], ch->line,
							  ch->col);
				process_game(c, j, out, games[k], NULL, 0);
				sgf_game_free(games[k]);
			}
			free(games);
			sgf_chunk_release(ch);
		}
	}
	fclose(out);
	if (j->errf) {
		fclose(j->errf);
		j->errf = NULL;
	}
	free(j->chunks);
	j->chunks = NULL;
	j->nchunks = 0;
}

/* ------------------------------------------------------------------ */
/* The reading side: inputs -> jobs                                    */

struct feeder {
	struct inputs *in;
	size_t next_input;
	bool open;
	struct src src;
	unsigned long seq;
	uint64_t bytes_before; /* bytes of the inputs already finished */
	size_t batch_games, batch_bytes; /* where a batch is cut */
};

static struct cli_job *
job_new(struct feeder *fd, size_t input)
{
	struct cli_job *j = calloc(1, sizeof(*j));

	if (!j)
		return NULL;
	j->seq = fd->seq++;
	j->input = input;
	return j;
}

static struct sgf_diag *
copy_diags(const struct sgf_diag *d)
{
	struct sgf_diag *head = NULL, **tail = &head;

	for (; d; d = d->next) {
		struct sgf_diag *n = malloc(sizeof(*n));
		if (!n)
			break;
		*n = *d;
		n->next = NULL;
		*tail = n;
		tail = &n->next;
	}
	return head;
}

/* Next job: a batch of chunks of the current input, or a marker for an
 * input that could not be opened.  NULL at the end of all inputs. */
static struct cli_job *
feed(struct cli *c, struct feeder *fd)
{
	struct cli_job *j;
	size_t cap = 0, bytes = 0;

	for (;;) {
		if (!fd->open) {
			struct input *in;

			if (fd->next_input >= fd->in->n || c->stop)
				return NULL;
			in = &fd->in->v[fd->next_input];
			j = job_new(fd, fd->next_input++);
			if (!j)
				return NULL;
			j->begin = true;
			if (in->err || cli_src_open(c, &fd->src, in->name)) {
				int e = in->err ? in->err : errno;
				const char *what =
				    in->errwhat ? in->errwhat : "cannot open";
				int k;
				if (e == EISDIR && !c->recursive)
					k = asprintf(&j->openerr,
						     "'%s' is a directory "
						     "(use -r to read it)",
						     in->name);
				else
					k = asprintf(&j->openerr, "%s '%s': %s",
						     what, in->name,
						     strerror(e));
				if (k < 0)
					j->openerr = NULL;
				cli_src_close(&fd->src);
				j->end = j->unreadable = true;
				fd->bytes_before += in->size;
				j->bytes_done = fd->bytes_before;
				return j;
			}
			fd->open = true;
			j->fmt = fd->src.fmt;
		} else {
			j = job_new(fd, fd->next_input - 1);
			if (!j)
				return NULL;
			j->fmt = fd->src.fmt;
		}
		break;
	}
	for (;;) {
		struct sgf_chunk ch;
		struct sgf_diag err;
		int r;

		memset(&err, 0, sizeof(err));
		/* A pipe whose writer is slow (a feed of games): with games
		 * in hand, do not wait for the next one, answer these
		 * first.  The reader asks the pipe only when its buffer
		 * runs dry, not once per game. */
		r = cli_src_next(c, &fd->src, &ch, &err,
				 j->nchunks > 0 && fd->src.poll_fd >= 0);
		if (r == SGF_READER_WAIT)
			return j;
		if (r > 0) {
			if (j->nchunks == cap) {
				struct sgf_chunk *v;
				cap = cap ? cap * 2 : 16;
				v = realloc(j->chunks, cap * sizeof(*v));
				if (!v) {
					sgf_chunk_release(&ch);
					r = -1;
					snprintf(err.msg, sizeof(err.msg),
						 "out of memory");
				} else {
					j->chunks = v;
				}
			}
			if (r > 0) {
				j->chunks[j->nchunks++] = ch;
				bytes += ch.len;
				j->bytes_done =
				    fd->bytes_before + ch.offset + ch.len;
				if (j->nchunks >= fd->batch_games ||
				    bytes >= fd->batch_bytes)
					return j;
				continue;
			}
		}
		/* end of this input (or an error reading it) */
		struct input *in = &fd->in->v[j->input];
		if (r < 0) {
			if (err.line && err.col) {
				if (asprintf(&j->openerr, "%s:%u:%u: %s",
					     in->name, err.line, err.col,
					     err.msg) < 0)
					j->openerr = NULL;
			} else if (err.line) {
				if (asprintf(&j->openerr, "%s:%u: %s", in->name,
					     err.line, err.msg) < 0)
					j->openerr = NULL;
			} else if (asprintf(&j->openerr, "cannot read '%s': %s",
					    in->name, err.msg) < 0) {
				j->openerr = NULL;
			}
			j->unreadable = true;
		}
		if (fd->src.rd)
			j->diags = copy_diags(sgf_reader_diags(fd->src.rd));
		cli_src_close(&fd->src);
		fd->open = false;
		j->end = true;
		fd->bytes_before += in->size;
		j->bytes_done = fd->bytes_before;
		return j;
	}
}

/* ------------------------------------------------------------------ */
/* The writing side: jobs -> output, in order                          */

struct writer {
	struct inputs *in;
	struct cli_file cur;
	size_t files_done;
	struct progress prog;
};

static void
sum_add_code(struct cli_summary *s, const char *code, unsigned long n)
{
	unsigned i;

	for (i = 0; i < s->ncodes; i++)
		if (!strcmp(s->codes[i].code, code)) {
			s->codes[i].n += n;
			return;
		}
	if (s->ncodes < sizeof(s->codes) / sizeof(s->codes[0])) {
		s->codes[s->ncodes].code = code;
		s->codes[s->ncodes++].n = n;
	}
}

static void
emit(struct cli *c, struct writer *w, struct cli_job *j)
{
	unsigned i;

	if (j->begin) {
		memset(&w->cur, 0, sizeof(w->cur));
		w->cur.name = w->in->v[j->input].name;
		w->cur.path = w->cur.name;
		c->sum.files++;
		if (c->file_begin && !c->stop)
			c->file_begin(c, &w->cur);
	}
	{
		/* the output, with each game's messages after its own
		 * lines (stdout flushed first, so that the two streams
		 * interleave game by game when they go to one place) */
		size_t o = 0, e = 0, k;
		for (k = 0; k <= j->nmarks; k++) {
			size_t oe =
			    k < j->nmarks ? j->marks[k].out : j->outb.len;
			size_t ee = k < j->nmarks ? j->marks[k].err : j->errlen;
			if (oe > o && !c->stop &&
			    (fwrite_unlocked(j->outb.p + o, 1, oe - o,
					     c->out) != oe - o ||
			     ferror_unlocked(c->out)))
				cli_write_failed(c, errno);
			o = oe;
			if (ee > e) {
				if (w->prog.drawn)
					cli_progress_clear(&w->prog);
				if (!c->stop && c->out_is_err_)
					fflush(c->out);
				fwrite(j->err + e, 1, ee - e, stderr);
			}
			e = ee;
		}
	}
	if (j->openerr) {
		if (w->prog.drawn)
			cli_progress_clear(&w->prog);
		cmd_error("%s", j->openerr);
	}
	for (size_t k = 0; k < j->nkeeps; k++) {
		if (!j->keeps[k])
			continue;
		if (w->prog.drawn)
			cli_progress_clear(&w->prog);
		if (c->stop)
			free(j->keeps[k]);
		else
			c->game_end(c, c->sum.games + k + 1, j->keeps[k]);
		j->keeps[k] = NULL;
	}
	w->cur.games += (unsigned)j->games;
	w->cur.invalid += (unsigned)j->invalid;
	c->sum.games += j->games;
	c->sum.invalid += j->invalid;
	c->sum.valid += j->games - j->invalid;
	c->sum.scored += j->scored;
	c->sum.agree += j->agree;
	c->sum.disagree += j->disagree;
	for (i = 0; i < j->ncodes; i++)
		sum_add_code(&c->sum, j->codes[i].code, j->codes[i].n);
	if (j->invalid && c->status == EXIT_OK)
		c->status = EXIT_PROBLEM;
	if (j->end) {
		if (j->unreadable) {
			w->cur.unreadable = true;
			c->sum.unreadable++;
			c->status = EXIT_USAGE;
		}
		w->cur.diags = j->diags;
		/* An error of the stream itself (no game at all in a
		 * file): counted as one invalid game, so that the summary's
		 * valid and invalid add up to its games and its codes count
		 * invalid games, as for any other problem. */
		for (const struct sgf_diag *d = j->diags; d; d = d->next) {
			if (d->severity != SGF_ERROR)
				continue;
			if (!c->own_stream_diags) {
				cli_progress_clear(&w->prog);
				fprintf(stderr, "%s:%u:%u: error: %s [%s]\n",
					w->cur.name, d->line, d->col, d->msg,
					sgf_code_name(d->code));
			}
			sum_add_code(&c->sum, sgf_code_name(d->code), 1);
			c->sum.games++;
			c->sum.invalid++;
			c->sum.nogame++;
			w->cur.invalid++;
			if (c->status == EXIT_OK)
				c->status = EXIT_PROBLEM;
		}
		if (c->file_end && !c->stop)
			c->file_end(c, &w->cur);
		w->cur.diags = NULL;
		w->files_done++;
	}
	cli_progress_draw(c, &w->prog, w->files_done, j->bytes_done, false);
}

/* ------------------------------------------------------------------ */
/* Threads                                                             */

struct pool {
	struct cli *c;
	struct feeder *fd;
	struct writer *w;
	pthread_mutex_t mu;
	pthread_cond_t cv;     /* any change below: broadcast */
	struct cli_job **ring; /* jobs in flight, by seq % window */
	size_t window;
	unsigned long next_write, next_seq;
	bool eof, feeding, emitting;
};

/* Every thread runs this loop, the main thread too: write the next job
 * in sequence if it is finished and nobody is writing, else cut the
 * next job from the input and process it, else wait.  The thread that
 * cuts a batch also parses it, while the batch's bytes are still in its
 * own core's cache: with a reader thread handing batches to workers,
 * every game crossed cores on the way, and -j 2 spent a fifth more
 * CPU time than -j 1 on light work such as info. */
static void
pool_loop(struct pool *p)
{
	struct cli *c = p->c;
	struct cli_job *j;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		j = p->ring[p->next_write % p->window];
		if (!p->emitting && j && j->done) {
			p->emitting = true;
			p->ring[p->next_write % p->window] = NULL;
			p->next_write++;
			pthread_mutex_unlock(&p->mu);
			emit(c, p->w, j);
			job_free(j);
			pthread_mutex_lock(&p->mu);
			p->emitting = false;
			pthread_cond_broadcast(&p->cv);
			continue;
		}
		if (c->stop || (p->eof && p->next_write == p->next_seq))
			break;
		if (!p->eof && !p->feeding &&
		    p->next_seq - p->next_write < p->window) {
			struct feeder *fd = p->fd;
			if (fd->open && cli_input_idle(fd->src.poll_fd)) {
				/* A pipe waiting for its writer: answer the
				 * games in flight before blocking on the
				 * read (the writer may wait for them). */
				if (p->next_seq != p->next_write ||
				    p->emitting) {
					pthread_cond_wait(&p->cv, &p->mu);
					continue;
				}
				fflush(c->out);
			}
			p->feeding = true;
			pthread_mutex_unlock(&p->mu);
			j = feed(c, fd);
			pthread_mutex_lock(&p->mu);
			p->feeding = false;
			pthread_cond_broadcast(&p->cv);
			if (!j) {
				p->eof = true;
				continue;
			}
			p->next_seq = j->seq + 1;
			p->ring[j->seq % p->window] = j;
			if (j->nchunks && !c->stop) {
				pthread_mutex_unlock(&p->mu);
				job_run(c, j);
				pthread_mutex_lock(&p->mu);
			}
			j->done = 1;
			continue;
		}
		pthread_cond_wait(&p->cv, &p->mu);
	}
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
}

static void *
worker_main(void *arg)
{
	pool_loop(arg);
	return NULL;
}

static void
run_threads(struct cli *c, struct feeder *fd, struct writer *w, int jobs)
{
	struct pool p;
	pthread_t *th = calloc((size_t)jobs, sizeof(*th));
	int i, started = 0;

	memset(&p, 0, sizeof(p));
	p.c = c;
	p.fd = fd;
	p.w = w;
	p.window = (size_t)jobs * 4 + 4;
	p.ring = calloc(p.window, sizeof(*p.ring));
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.cv, NULL);
	if (!th || !p.ring) {
		cmd_error("out of memory");
		c->status = EXIT_USAGE;
		goto out;
	}
	/* jobs - 1 more threads: the main thread is one of the N */
	for (i = 0; i < jobs - 1; i++)
		if (!pthread_create(&th[i], NULL, worker_main, &p))
			started++;
	if (!started) {
		cmd_error("cannot start threads");
		c->status = EXIT_USAGE;
		goto out;
	}
	pool_loop(&p);
	for (i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	/* after a stop: free what is still in flight */
	for (; p.next_write < p.next_seq; p.next_write++) {
		struct cli_job *j = p.ring[p.next_write % p.window];
		if (j)
			job_free(j);
	}
out:
	pthread_mutex_destroy(&p.mu);
	pthread_cond_destroy(&p.cv);
	free(p.ring);
	free(th);
}

static void
run_inline(struct cli *c, struct feeder *fd, struct writer *w)
{
	struct cli_job *j;

	for (;;) {
		if (fd->open && cli_input_idle(fd->src.poll_fd))
			fflush(c->out);
		if (!(j = feed(c, fd)))
			break;
		if (j->nchunks && !c->stop)
			job_run(c, j);
		emit(c, w, j);
		job_free(j);
		if (c->stop)
			break;
	}
}

/* ------------------------------------------------------------------ */

static double
now_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int
cli_run(struct cli *c, int argc, char **argv)
{
	struct inputs in;
	struct feeder fd;
	struct writer w;
	double t0 = now_seconds();
	int i, jobs = c->jobs;
	size_t k;

	memset(&in, 0, sizeof(in));
	in.total_known = true;
	for (i = 0; i < argc; i++)
		if (cli_add_operand(c, &in, argv[i])) {
			cmd_error("out of memory");
			return EXIT_USAGE;
		}
	if (c->files_from && cli_add_files_from(c, &in)) {
		c->status = EXIT_USAGE;
		goto done;
	}
	if (!argc && !c->files_from)
		cli_inputs_add(&in, "-", 0, NULL, 0);

	memset(&fd, 0, sizeof(fd));
	fd.in = &in;
	fd.src.fd = -1;
	fd.batch_games =
	    c->batch_games > 0 ? (size_t)c->batch_games : BATCH_GAMES;
	fd.batch_bytes = c->batch_games > 0 ? BATCH_BYTES_SMALL : BATCH_BYTES;
	memset(&w, 0, sizeof(w));
	w.in = &in;
	{
		/* Messages go after their game's output lines; that needs
		 * a flush of stdout before each, but only when both streams
		 * end up in one place (a terminal, 2>&1). */
		struct stat s1, s2;
		c->out_is_err_ = c->out == stdout && fstat(1, &s1) == 0 &&
				 fstat(2, &s2) == 0 && s1.st_dev == s2.st_dev &&
				 s1.st_ino == s2.st_ino;
	}
	w.prog.on = c->progress == 1 || (c->progress < 0 && isatty(2));
	w.prog.files_total = in.n;
	w.prog.bytes_total = in.total_bytes;
	w.prog.bytes_known = in.total_known;
	clock_gettime(CLOCK_MONOTONIC, &w.prog.start);
	w.prog.last = w.prog.start;

	if (jobs <= 0) {
		long n = sysconf(_SC_NPROCESSORS_ONLN);
		jobs = n > 0 ? (int)(n > 64 ? 64 : n) : 1;
	}
	if (jobs == 1)
		run_inline(c, &fd, &w);
	else
		run_threads(c, &fd, &w, jobs);
	if (fd.open)
		cli_src_close(&fd.src);
	/* Stopped in the middle of a per-input output (convert -d): drop
	 * the temporary file rather than leave a half-written output. */
	if (c->file_end && c->tmp_path_)
		cli_output_close(c, false);
	if (!c->stop && (fflush(c->out) || ferror(c->out)))
		cli_write_failed(c, errno);
	cli_progress_draw(c, &w.prog, w.files_done, in.total_bytes, true);
	cli_progress_clear(&w.prog);
	c->sum.seconds = now_seconds() - t0;
	cli_print_summary(c);
	if (!c->stop && c->out == stdout && (fflush(stdout) || ferror(stdout)))
		cli_write_failed(c, errno);
done:
	for (k = 0; k < in.n; k++)
		free(in.v[k].name);
	free(in.v);
	return c->status;
}
