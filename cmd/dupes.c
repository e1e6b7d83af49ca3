/*
 * dupes.c - `sgfkit dupes`: groups of records that are the same game
 * (the same moves, turned or mirrored, cut short, or with other players
 * or date), one line per group; with --keep, the collection without the
 * copies, each record written as read.
 *
 * Memory is a few dozen bytes a game, never the games.  Pass 1 keeps
 * each game's signatures (sgf_signature: canonical hash, moves hash,
 * prefix hashes) and a hash of PB, PW and DT.  A game of k moves is a
 * candidate copy of every longer game whose prefix hash at the largest
 * mark up to k is its own; pass 2 reads again the longer game of each
 * candidate and confirms a copy when its canonical hash over its first
 * k moves is the copy's.  It reads only that game's bytes, where pass 1
 * found them (confirm_alone), or, for a gzip input or a game pass 1
 * had to parse, the input through, parsing only those games (the
 * batch's want_game hook).  With --keep, pass 3
 * writes every record but the copies.  Standard input is spooled to a
 * temporary file, since it is read more than once.
 *
 * Passes 1 and 2 sign a game in the plain form most collections use
 * (no setup, no variation, no escape: sgf_signature_chunk) straight
 * from its text, without building its tree (the batch's fast_game
 * hook); the parser takes the others.  The two give the same
 * signatures, which test_signature and fuzz_signature hold them to.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cmd.h"

/* One game of pass 1: 72 bytes. */
struct dgame {
	uint64_t canon, moves, meta;
	/* the prefix hashes' top halves: a match only makes a candidate,
	 * which pass 2 confirms on the whole canonical hash */
	uint32_t prefix[SGF_SIGNATURE_PREFIXES];
	uint32_t file, index; /* input (files[]), game number in it */
	int32_t nmoves;
	/* where its bytes are in the input file when it was signed from
	 * them (len 0: it was not, or the input is gzip), for pass 2 to
	 * read only those */
	uint32_t len;
	uint64_t offset;
};

/* An input as pass 1 read it. */
struct dfile {
	char *name; /* for the report ("-" for standard input) */
	char *path; /* to read again */
};

/* A candidate: game a (shorter) the start of game b? */
struct pair {
	uint32_t a, b;
	bool ok;    /* confirmed: b's first moves are a, maybe turned */
	bool ident; /* and not turned */
};

struct dupes {
	bool json, truncated;
	long min_moves;
	struct dgame *g;
	size_t n, cap;
	struct dfile *files;
	size_t nfiles, capfiles;
	const char *spool; /* standard input's copy, or NULL */
	bool oom;
	/* pass 2: the pairs, by b; the current file's among them */
	struct pair *pairs;
	size_t npairs;
	size_t from, to; /* pairs[from..to) have b in the current file */
	/* order_by_key's buffers */
	struct keyed *sortbuf;
	uint32_t *sortcount;
	/* pass 3: the games of the current file to drop, sorted */
	uint32_t *drop;
	size_t ndrop;
};

static const char dupes_usage[] =
    "usage: sgfkit dupes [OPTIONS] [FILE|DIR|-]...\n"
    "\n"
    "Find records that are the same game: the same moves, the same moves\n"
    "turned or mirrored, a copy cut short, the same moves with other\n"
    "players or date.  One line per group: the longest game, then each\n"
    "copy with how it differs.  Exit status 0: none, 1: duplicates.\n"
    "\n"
    "options:\n"
    "      --json             one JSON object per group (JSON Lines)\n"
    "      --min-moves N      a cut copy has at least N moves (20 or more;\n"
    "                         default 20)\n"
    "      --no-truncated     no cut copies: whole games only\n"
    "      --keep first|longest\n"
    "                         write the records without the copies to -o,\n"
    "                         keeping each group's first or longest game\n"
    "  -o, --output FILE      where --keep writes (never an input)\n";

/* ------------------------------------------------------------------ */
/* Pass 1: signatures                                                  */

/* PB, PW and DT: the game-information a relabelled copy differs in. */
static const enum sgf_pid meta_ids[3] = {SGF_P_PB, SGF_P_PW, SGF_P_DT};

/* A hash of the values of meta_ids (NULL: absent), each cut at 250
 * bytes (a hash of the start is enough) and ended by a NUL. */
static uint64_t
meta_hash(const char *const v[3], const size_t len[3])
{
	char buf[768];
	size_t n = 0;

	for (int i = 0; i < 3; i++) {
		size_t l = v[i] ? len[i] : 0;
		if (l > 250)
			l = 250;
		memcpy(buf + n, v[i] ? v[i] : "", l);
		n += l;
		buf[n++] = 0;
	}
	return sgf_signature_hash(buf, n);
}

/* Keep a game's signatures for game_end. */
static void
scan_keep(struct cli_res *r, const struct sgf_signature *sig, uint64_t meta,
	  unsigned index, const struct sgf_chunk *ch)
{
	struct dgame *d = malloc(sizeof(*d));

	if (!d)
		return;
	d->canon = sig->canonical;
	d->moves = sig->moves;
	d->meta = meta;
	for (int t = 0; t < SGF_SIGNATURE_PREFIXES; t++)
		d->prefix[t] = (uint32_t)(sig->prefix[t] >> 32);
	d->index = index;
	d->nmoves = sig->nmoves > INT32_MAX ? INT32_MAX : (int32_t)sig->nmoves;
	d->offset = ch ? ch->offset : 0;
	d->len =
	    ch && !(ch->flags & SGF_CHUNK_INFLATED) && ch->len <= UINT32_MAX
		? (uint32_t)ch->len
		: 0;
	r->keep = d;
}

static int
scan_process(struct sgf_game *g, struct cli_res *r, void *ctx)
{
	struct sgf_signature sig;
	const char *v[3];
	size_t len[3];

	(void)ctx;
	if (g->nerrors) {
		r->flags |= CLI_R_INVALID;
		cli_report_diags(g, r, false);
	}
	if (sgf_game_type(g) != 1 || sgf_signature(g, 0, &sig) < 0) {
		r->flags |= CLI_R_SKIPPED;
		return 0;
	}
	for (int i = 0; i < 3; i++) {
		v[i] = sgf_root_value(g, meta_ids[i]);
		len[i] = v[i] ? strlen(v[i]) : 0;
	}
	scan_keep(r, &sig, meta_hash(v, len), g->index, NULL);
	return 0;
}

/* Pass 1 without a parse, for a game in the plain form (most of a
 * collection): its signatures and game information read straight from
 * the text, as scan_process() would have them. */
static bool
scan_fast(struct cli *c, const struct sgf_chunk *ch, struct cli_res *r)
{
	struct sgf_signature sig;
	const char *v[3];
	size_t len[3];

	if (sgf_signature_chunk(ch, &c->limits, 0, &sig, meta_ids, 3, v, len))
		return false;
	scan_keep(r, &sig, meta_hash(v, len), ch->index, ch);
	return true;
}

/* Games come before their file's file_end: the current file is the
 * number of files ended. */
static void
scan_game_end(struct cli *c, unsigned long game_no, void *keep)
{
	struct dupes *dp = c->ctx;
	struct dgame *d = keep;

	(void)game_no;
	if (dp->n == dp->cap) {
		size_t cap = dp->cap ? dp->cap * 2 : 1024;
		struct dgame *v = realloc(dp->g, cap * sizeof(*v));
		if (!v) {
			dp->oom = true;
			free(d);
			return;
		}
		dp->g = v;
		dp->cap = cap;
	}
	d->file = (uint32_t)dp->nfiles;
	dp->g[dp->n++] = *d;
	free(d);
}

static void
scan_file_end(struct cli *c, struct cli_file *f)
{
	struct dupes *dp = c->ctx;
	struct dfile *v = dp->files;
	bool spooled = dp->spool && !strcmp(f->path, dp->spool);

	if (dp->nfiles == dp->capfiles) {
		size_t cap = dp->capfiles ? dp->capfiles * 2 : 16;
		v = realloc(dp->files, cap * sizeof(*v));
		if (!v) {
			dp->oom = true;
			return;
		}
		dp->files = v;
		dp->capfiles = cap;
	}
	v[dp->nfiles].name = strdup(spooled ? "-" : f->name);
	v[dp->nfiles].path = strdup(f->path);
	if (!v[dp->nfiles].name || !v[dp->nfiles].path)
		dp->oom = true;
	dp->nfiles++;
}

/* ------------------------------------------------------------------ */
/* Pass 2: cut copies confirmed                                        */

static int
cmp_pair_b(const void *x, const void *y)
{
	const struct pair *a = x, *b = y;

	return a->b < b->b ? -1 : a->b > b->b ? 1 : a->a < b->a ? -1 : 1;
}

/* pairs[from..to) are the current file's, sorted by b and so by game
 * number: the first pair whose b has game number `index`. */
static size_t
pair_find(const struct dupes *dp, uint32_t index)
{
	size_t lo = dp->from, hi = dp->to;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (dp->g[dp->pairs[mid].b].index < index)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static bool
confirm_want(struct cli *c, const struct sgf_chunk *ch)
{
	const struct dupes *dp = c->ctx;
	size_t i = pair_find(dp, ch->index);

	return i < dp->to && dp->g[dp->pairs[i].b].index == ch->index;
}

/* Runs on worker threads: each pair is its b's alone.  The longer
 * game b is cut where the shorter game a ends: from its tree g, or from
 * its chunk ch when it is in the plain form (g NULL).  Returns false
 * when the chunk is not. */
static bool
confirm(struct dupes *dp, const struct sgf_game *g, const struct sgf_chunk *ch,
	unsigned index, const struct sgf_limits *lim)
{
	for (size_t i = pair_find(dp, index);
	     i < dp->to && dp->g[dp->pairs[i].b].index == index; i++) {
		struct pair *p = &dp->pairs[i];
		const struct dgame *a = &dp->g[p->a];
		struct sgf_signature sig;
		if (g && sgf_signature(g, a->nmoves, &sig) < 0)
			continue;
		/* whether a chunk is plain does not depend on the cut:
		 * the first pair tells, before any is changed */
		if (!g && sgf_signature_chunk(ch, lim, a->nmoves, &sig, NULL, 0,
					      NULL, NULL))
			return false;
		p->ok = sig.canonical == a->canon && sig.nmoves == a->nmoves;
		p->ident = p->ok && sig.moves == a->moves;
	}
	return true;
}

static int
confirm_process(struct sgf_game *g, struct cli_res *r, void *ctx)
{
	confirm(ctx, g, NULL, g->index, NULL);
	r->flags |= CLI_R_SKIPPED;
	return 0;
}

static bool
confirm_fast(struct cli *c, const struct sgf_chunk *ch, struct cli_res *r)
{
	if (!confirm(c->ctx, NULL, ch, ch->index, &c->limits))
		return false;
	r->flags |= CLI_R_SKIPPED;
	return true;
}

/* Read n bytes at offset off of fd into buf; -1 if it ends before. */
static int
read_at(int fd, char *buf, size_t n, uint64_t off)
{
	while (n) {
		ssize_t k = pread(fd, buf, n, (off_t)off);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		buf += k;
		n -= (size_t)k;
		off += (uint64_t)k;
	}
	return 0;
}

/* Confirm the pairs of one input (dp->pairs[from..to)) by reading only
 * the bytes of their longer games, where pass 1 found them: a few games
 * where reading the input through cuts all of it.  Only when pass 1
 * kept where each is (signed from its text, so its bytes alone are the
 * same game, in a file that is not gzip).  Returns 0, or -1 to read
 * the input through instead, as when the bytes read are not the game
 * pass 1 signed (the input changed). */
static int
confirm_alone(struct dupes *dp, const struct sgf_limits *lim, const char *path)
{
	char *buf = NULL;
	int fd, rc = 0;

	for (size_t i = dp->from; i < dp->to; i++)
		if (!dp->g[dp->pairs[i].b].len)
			return -1;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	for (size_t i = dp->from; i < dp->to && !rc; i++) {
		const struct dgame *b = &dp->g[dp->pairs[i].b];
		struct sgf_reader *rd = NULL;
		struct sgf_chunk ch;
		char *nb;
		if (i > dp->from && dp->pairs[i].b == dp->pairs[i - 1].b)
			continue;
		nb = realloc(buf, (size_t)b->len + 1);
		rc = -1;
		if (!nb)
			break;
		buf = nb;
		if (read_at(fd, buf, b->len, b->offset) == 0 &&
		    (rd = sgf_reader_open_mem(buf, b->len, path, lim)) &&
		    sgf_reader_next(rd, &ch, NULL) > 0) {
			/* b's own game, or the input changed */
			struct sgf_signature sig;
			if (!sgf_signature_chunk(&ch, lim, 0, &sig, NULL, 0,
						 NULL, NULL) &&
			    sig.moves == b->moves &&
			    sig.canonical == b->canon &&
			    confirm(dp, NULL, &ch, b->index, lim))
				rc = 0;
			sgf_chunk_release(&ch);
		}
		sgf_reader_close(rd);
	}
	free(buf);
	close(fd);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Grouping                                                            */

static uint32_t
uf_find(uint32_t *up, uint32_t x)
{
	while (up[x] != x) {
		up[x] = up[up[x]];
		x = up[x];
	}
	return x;
}

static void
uf_union(uint32_t *up, uint32_t a, uint32_t b)
{
	a = uf_find(up, a);
	b = uf_find(up, b);
	/* the root is the earlier game: groups come out in input order */
	if (a < b)
		up[b] = a;
	else if (b < a)
		up[a] = b;
}

/* A game's key in a sort, and its index. */
struct keyed {
	uint64_t key;
	uint32_t i;
};

/* Game g's key in order_by_key: its canonical hash, or its prefix hash
 * at mark t (the top half, where the buckets look). */
static inline uint64_t
sort_key(const struct dgame *g, int t)
{
	return t < 0 ? g->canon : (uint64_t)g->prefix[t] << 32;
}

/* Order ord[0..m) (game indices, increasing) by each game's key: its
 * canonical hash (t < 0) or its prefix hash at mark t; equal keys keep
 * their order.  The keys are hashes, spread evenly: one stable pass
 * puts them in buckets by their top bits (about one game a bucket),
 * and an insertion sort, which moves a key only past the few of its
 * bucket, finishes.  That is a few instructions a game and two passes
 * over memory, where qsort's comparisons each look into g[].  The
 * buffers are dp's, made once for the largest m.  Returns 0, or -1 out
 * of memory. */
static int
order_by_key(struct dupes *dp, uint32_t *ord, size_t m, int t)
{
	int bits = 8;
	struct keyed *b;
	uint32_t *count;

	while (bits < 16 && ((size_t)1 << bits) < m)
		bits++;
	if (!dp->sortbuf) {
		dp->sortbuf = malloc((dp->n ? dp->n : 1) * sizeof(*b));
		dp->sortcount = malloc(((1 << 16) + 1) * sizeof(*count));
		if (!dp->sortbuf || !dp->sortcount)
			return -1;
	}
	b = dp->sortbuf;
	count = dp->sortcount;
	memset(count, 0, (((size_t)1 << bits) + 1) * sizeof(*count));
	for (size_t j = 0; j < m; j++) {
		const struct dgame *g = &dp->g[ord[j]];
		count[(sort_key(g, t) >> (64 - bits)) + 1]++;
	}
	for (size_t d = 1; d <= (size_t)1 << bits; d++)
		count[d] += count[d - 1];
	for (size_t j = 0; j < m; j++) {
		const struct dgame *g = &dp->g[ord[j]];
		uint64_t key = sort_key(g, t);
		b[count[key >> (64 - bits)]++] = (struct keyed){key, ord[j]};
	}
	for (size_t j = 1; j < m; j++) {
		struct keyed x = b[j];
		size_t i = j;
		for (; i > 0 && b[i - 1].key > x.key; i--)
			b[i] = b[i - 1];
		b[i] = x;
	}
	for (size_t j = 0; j < m; j++)
		ord[j] = b[j].i;
	return 0;
}

/* The candidate pairs: game a of k moves (k >= min_moves) and every
 * longer game b with a's prefix hash at the largest mark up to k.
 * Returns 0, or -1 out of memory. */
static int
find_pairs(struct dupes *dp, uint32_t *ord)
{
	size_t cap = 0;

	for (int t = SGF_SIGNATURE_PREFIXES - 1; t >= 0; t--) {
		long mark = sgf_signature_prefix_moves[t];
		long next = t + 1 < SGF_SIGNATURE_PREFIXES
				? sgf_signature_prefix_moves[t + 1]
				: 0;
		size_t m = 0;

		for (size_t i = 0; i < dp->n; i++)
			if (dp->g[i].nmoves >= mark)
				ord[m++] = (uint32_t)i;
		if (order_by_key(dp, ord, m, t) < 0)
			return -1;
		for (size_t i = 0; i < m;) {
			size_t e = i + 1;
			while (e < m && dp->g[ord[e]].prefix[t] ==
					    dp->g[ord[i]].prefix[t])
				e++;
			/* ord[i..e): one start; pair each game a whose mark
			 * this is with the longer ones */
			for (size_t x = i; x < e && e - i > 1; x++) {
				const struct dgame *a = &dp->g[ord[x]];
				if (a->nmoves < dp->min_moves ||
				    (next && a->nmoves >= next))
					continue;
				for (size_t y = i; y < e; y++) {
					const struct dgame *b = &dp->g[ord[y]];
					if (b->nmoves <= a->nmoves)
						continue;
					if (dp->npairs == cap) {
						size_t nc = cap ? cap * 2 : 256;
						struct pair *v = realloc(
						    dp->pairs, nc * sizeof(*v));
						if (!v)
							return -1;
						dp->pairs = v;
						cap = nc;
					}
					dp->pairs[dp->npairs++] = (struct pair){
					    ord[x], ord[y], false, false};
				}
			}
			i = e;
		}
	}
	if (dp->npairs)
		qsort(dp->pairs, dp->npairs, sizeof(*dp->pairs), cmp_pair_b);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Report                                                              */

static void
put_tsv(FILE *f, const char *s)
{
	for (; *s; s++)
		putc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s, f);
}

/* The confirmed pair (a, b), or NULL. */
static const struct pair *
pair_of(const struct dupes *dp, uint32_t a, uint32_t b)
{
	size_t lo = 0, hi = dp->npairs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct pair *p = &dp->pairs[mid];
		if (p->b < b || (p->b == b && p->a < a))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < dp->npairs && dp->pairs[lo].a == a && dp->pairs[lo].b == b &&
	    dp->pairs[lo].ok)
		return &dp->pairs[lo];
	return NULL;
}

/* One group: head, then the members (input order) but the head. */
static void
report_group(const struct dupes *dp, FILE *out, const uint32_t *mem, size_t n,
	     uint32_t head)
{
	const struct dgame *h = &dp->g[head];

	if (dp->json)
		fputs("{\"games\":[", out);
	for (size_t k = 0; k <= n; k++) {
		uint32_t i = k ? mem[k - 1] : head;
		const struct dgame *d = &dp->g[i];
		bool cut = d->nmoves < h->nmoves, sym, relabelled;
		const struct pair *p;
		if (k && i == head)
			continue;
		p = cut ? pair_of(dp, i, head) : NULL;
		sym = cut ? !(p && p->ident) : d->moves != h->moves;
		relabelled = d->meta != h->meta;
		if (dp->json) {
			if (k)
				putc(',', out);
			fputs("{\"file\":", out);
			cli_json_str(out, dp->files[d->file].name);
			fprintf(out,
				",\"game\":%u,\"moves\":%ld,\"truncated\":%s,"
				"\"symmetric\":%s,\"relabelled\":%s}",
				d->index, (long)d->nmoves,
				k && cut ? "true" : "false",
				k && sym ? "true" : "false",
				k && relabelled ? "true" : "false");
			continue;
		}
		if (k)
			putc('\t', out);
		put_tsv(out, dp->files[d->file].name);
		fprintf(out, ":%u", d->index);
		if (!k)
			continue;
		if (cut)
			fprintf(out, " truncated %ld", (long)d->nmoves);
		if (sym)
			fputs(" symmetric", out);
		if (!cut && !sym)
			fputs(" same", out);
		if (relabelled)
			fputs(" relabelled", out);
	}
	fputs(dp->json ? "]}\n" : "\n", out);
}

/* Group the games; report each group; mark in drop[] the games --keep
 * leaves out (keep: 'f' first, 'l' longest, 0 none).  Returns the
 * number of groups, or -1 out of memory. */
static long
group(struct dupes *dp, FILE *out, int keep, bool *drop)
{
	uint32_t *up = malloc((dp->n ? dp->n : 1) * sizeof(*up));
	uint32_t *ord = malloc((dp->n ? dp->n : 1) * sizeof(*ord));
	uint32_t *head = NULL;
	long groups = 0;

	if (!up || !ord)
		goto oom;
	for (size_t i = 0; i < dp->n; i++)
		up[i] = (uint32_t)i;
	/* the same moves, turned or not */
	for (size_t i = 0; i < dp->n; i++)
		ord[i] = (uint32_t)i;
	if (order_by_key(dp, ord, dp->n, -1) < 0)
		goto oom;
	for (size_t i = 1; i < dp->n; i++)
		if (dp->g[ord[i]].canon == dp->g[ord[i - 1]].canon)
			uf_union(up, ord[i], ord[i - 1]);
	/* a cut copy joins the longest game it starts (the first such):
	 * joining every game it starts would join games that part after
	 * it */
	{
		uint32_t *bestb = malloc((dp->n ? dp->n : 1) * sizeof(*bestb));
		if (!bestb)
			goto oom;
		for (size_t i = 0; i < dp->n; i++)
			bestb[i] = UINT32_MAX;
		for (size_t i = 0; i < dp->npairs; i++) {
			const struct pair *p = &dp->pairs[i];
			uint32_t cur = bestb[p->a];
			if (!p->ok)
				continue;
			if (cur == UINT32_MAX ||
			    dp->g[p->b].nmoves > dp->g[cur].nmoves ||
			    (dp->g[p->b].nmoves == dp->g[cur].nmoves &&
			     p->b < cur))
				bestb[p->a] = p->b;
		}
		for (size_t i = 0; i < dp->n; i++)
			if (bestb[i] != UINT32_MAX)
				uf_union(up, (uint32_t)i, bestb[i]);
		free(bestb);
	}
	/* each group's head: its longest game, the first of them */
	head = malloc((dp->n ? dp->n : 1) * sizeof(*head));
	if (!head)
		goto oom;
	for (size_t i = 0; i < dp->n; i++)
		head[i] = UINT32_MAX;
	for (size_t i = 0; i < dp->n; i++) {
		uint32_t r = uf_find(up, (uint32_t)i);
		if (head[r] == UINT32_MAX ||
		    dp->g[i].nmoves > dp->g[head[r]].nmoves)
			head[r] = (uint32_t)i;
	}
	/* members in input order, group by group in the order of their
	 * first game (the root, see uf_union): a counting sort by root */
	{
		size_t *pos = calloc(dp->n + 1, sizeof(*pos));
		if (!pos)
			goto oom;
		for (size_t i = 0; i < dp->n; i++) {
			up[i] = uf_find(up, (uint32_t)i);
			pos[up[i] + 1]++;
		}
		for (size_t i = 1; i <= dp->n; i++)
			pos[i] += pos[i - 1];
		for (size_t i = 0; i < dp->n; i++)
			ord[pos[up[i]]++] = (uint32_t)i;
		free(pos);
	}
	/* ord holds the members of each root together, roots ascending,
	 * each group in input order */
	for (size_t s = 0; s < dp->n;) {
		uint32_t r = up[ord[s]];
		size_t e = s + 1;
		while (e < dp->n && up[ord[e]] == r)
			e++;
		if (e - s > 1) {
			groups++;
			report_group(dp, out, ord + s, e - s, head[r]);
			for (size_t k = s; k < e && keep; k++) {
				uint32_t kept = keep == 'f' ? r : head[r];
				if (ord[k] != kept)
					drop[ord[k]] = true;
			}
		}
		s = e;
	}
	free(up);
	free(ord);
	free(head);
	return groups;
oom:
	free(up);
	free(ord);
	free(head);
	return -1;
}

/* ------------------------------------------------------------------ */
/* Pass 3: the collection without the copies                           */

static int
cmp_u32(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;

	return a < b ? -1 : a > b;
}

static int
keep_process(struct sgf_game *g, struct cli_res *r, void *ctx)
{
	const struct dupes *dp = ctx;
	uint32_t index = g->index;

	if (bsearch(&index, dp->drop, dp->ndrop, sizeof(*dp->drop), cmp_u32)) {
		r->flags |= CLI_R_SKIPPED;
		return 0;
	}
	/* a write error shows on the stream, which the batch reports */
	cli_write_record(g, r, r->out);
	return 0;
}

/* ------------------------------------------------------------------ */
/* The command                                                         */

/* Copy standard input to a temporary file (it is read more than
 * once).  Returns its malloc'd name, or NULL (message printed). */
static char *
spool_stdin(void)
{
	const char *dir = getenv("TMPDIR");
	char *path;
	char buf[65536];
	ssize_t n;
	int fd;

	if (!dir || !*dir)
		dir = "/tmp";
	if (asprintf(&path, "%s/sgfkit-dupes-XXXXXX", dir) < 0)
		return NULL;
	fd = mkstemp(path);
	if (fd < 0) {
		cmd_error("cannot spool standard input in '%s': %s", dir,
			  strerror(errno));
		free(path);
		return NULL;
	}
	while ((n = read(0, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || write(fd, buf, (size_t)n) != n) {
			cmd_error("cannot spool standard input in '%s': %s",
				  path, strerror(errno));
			close(fd);
			unlink(path);
			free(path);
			return NULL;
		}
	}
	if (close(fd)) {
		cmd_error("cannot spool standard input in '%s': %s", path,
			  strerror(errno));
		unlink(path);
		free(path);
		return NULL;
	}
	return path;
}

/* A pass over one input with the options of the first. */
static int
run_file(const struct cli *opts, struct cli *c, const char *path)
{
	char *argv[1] = {(char *)path};

	c->limits = opts->limits;
	c->informat = opts->informat;
	c->jobs = opts->jobs;
	c->progress = 0;
	c->no_summary = true;
	return cli_run(c, 1, argv);
}

int
cmd_dupes(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"json", no_argument, NULL, 'J'},
	    {"min-moves", required_argument, NULL, 'M'},
	    {"no-truncated", no_argument, NULL, 'T'},
	    {"keep", required_argument, NULL, 'K'},
	    {"output", required_argument, NULL, 'o'},
	    CLI_LONGOPTS,
	    {NULL, 0, NULL, 0},
	};
	struct dupes dp;
	struct cli c;
	const char *output = NULL;
	char *spool = NULL, **args = NULL;
	bool *drop = NULL;
	int keep = 0, opt, status, nargs;
	long groups;

	memset(&dp, 0, sizeof(dp));
	dp.truncated = true;
	dp.min_moves = 20;
	cli_init(&c, "dupes");
	cli_argv0(argv, "dupes");
	optind = 1;
	while ((opt = cli_getopt(&c, argc, argv, "o:" CLI_SHORTOPTS, opts,
				 dupes_usage)) != -1) {
		switch (opt) {
		case 'J':
			dp.json = true;
			break;
		case 'M':
			if (cli_opt_long(optarg, 20, 100000000, "minimum",
					 "(20 or more moves)", &dp.min_moves))
				return cmd_usage_error("dupes");
			break;
		case 'T':
			dp.truncated = false;
			break;
		case 'K':
			if (!strcmp(optarg, "first") ||
			    !strcmp(optarg, "longest")) {
				keep = optarg[0];
				break;
			}
			cli_opt_invalid("--keep value", optarg,
					"(first or longest)");
			return cmd_usage_error("dupes");
		case 'o':
			output = optarg;
			break;
		case CLI_OPT_EXIT:
			return c.exit_status;
		default:
			return cmd_usage_error("dupes");
		}
	}
	if (!keep != !output) {
		cmd_error("--keep and -o go together");
		return cmd_usage_error("dupes");
	}
	/* standard input is read again: spooled */
	nargs = argc - optind;
	args = calloc((size_t)nargs + 1, sizeof(*args));
	if (!args) {
		cmd_error("out of memory");
		return EXIT_USAGE;
	}
	for (int i = 0; i < nargs; i++) {
		args[i] = argv[optind + i];
		if (strcmp(args[i], "-"))
			continue;
		if (!spool && !(spool = spool_stdin())) {
			free(args);
			return EXIT_USAGE;
		}
		args[i] = spool;
	}
	if (!nargs && !c.files_from) {
		if (!(spool = spool_stdin())) {
			free(args);
			return EXIT_USAGE;
		}
		args[nargs++] = spool;
	}
	dp.spool = spool;

	/* pass 1 */
	c.process = scan_process;
	c.fast_game = scan_fast;
	c.game_end = scan_game_end;
	c.file_end = scan_file_end;
	c.ctx = &dp;
	c.no_summary = true;
	status = cli_run(&c, nargs, args);
	status = status == EXIT_USAGE || dp.oom ? EXIT_USAGE : EXIT_OK;

	/* an output that is an input would be lost */
	if (output && status == EXIT_OK) {
		struct stat so, si;
		if (stat(output, &so) == 0)
			for (size_t f = 0; f < dp.nfiles; f++)
				if (stat(dp.files[f].path, &si) == 0 &&
				    si.st_dev == so.st_dev &&
				    si.st_ino == so.st_ino) {
					cmd_error("output '%s' is the input "
						  "'%s': not overwritten",
						  output, dp.files[f].name);
					status = EXIT_USAGE;
					goto out;
				}
	}

	/* pass 2: the cut copies confirmed where the longer games are */
	if (dp.truncated && status == EXIT_OK) {
		uint32_t *ord = malloc((dp.n ? dp.n : 1) * sizeof(*ord));
		if (!ord || find_pairs(&dp, ord)) {
			free(ord);
			cmd_error("out of memory");
			status = EXIT_USAGE;
			goto out;
		}
		free(ord);
		for (size_t i = 0; i < dp.npairs;) {
			uint32_t file = dp.g[dp.pairs[i].b].file;
			struct cli c2;
			dp.from = i;
			while (i < dp.npairs &&
			       dp.g[dp.pairs[i].b].file == file)
				i++;
			dp.to = i;
			if (!confirm_alone(&dp, &c.limits, dp.files[file].path))
				continue;
			cli_init(&c2, "dupes");
			c2.process = confirm_process;
			c2.fast_game = confirm_fast;
			c2.want_game = confirm_want;
			c2.ctx = &dp;
			if (run_file(&c, &c2, dp.files[file].path) ==
			    EXIT_USAGE)
				status = EXIT_USAGE;
		}
	}

	drop = calloc(dp.n ? dp.n : 1, sizeof(*drop));
	if (!drop || status != EXIT_OK) {
		if (!drop)
			cmd_error("out of memory");
		status = EXIT_USAGE;
		goto out;
	}
	groups = group(&dp, stdout, keep, drop);
	if (groups < 0) {
		cmd_error("out of memory");
		status = EXIT_USAGE;
		goto out;
	}
	if (fflush(stdout) || ferror(stdout)) {
		cmd_error("write error on standard output: %s",
			  strerror(errno));
		status = EXIT_USAGE;
		goto out;
	}
	status = groups ? EXIT_PROBLEM : EXIT_OK;

	/* pass 3: every record but the copies, input by input */
	if (keep) {
		struct cli c3;
		size_t g0 = 0;
		cli_init(&c3, "dupes");
		c3.process = keep_process;
		c3.records = true;
		/* an input without a game was reported by pass 1: not
		 * again (file_end is not set, so nothing prints them) */
		c3.own_stream_diags = true;
		c3.ctx = &dp;
		if (cli_output_open(&c3, output)) {
			status = EXIT_USAGE;
			goto out;
		}
		dp.drop = malloc((dp.n ? dp.n : 1) * sizeof(*dp.drop));
		for (size_t f = 0; dp.drop && f < dp.nfiles && !c3.stop; f++) {
			dp.ndrop = 0;
			for (; g0 < dp.n && dp.g[g0].file == f; g0++)
				if (drop[g0])
					dp.drop[dp.ndrop++] = dp.g[g0].index;
			if (run_file(&c, &c3, dp.files[f].path) == EXIT_USAGE)
				break;
		}
		if (!dp.drop)
			cmd_error("out of memory");
		if (!dp.drop || c3.status == EXIT_USAGE) {
			cli_output_close(&c3, false);
			status = EXIT_USAGE;
		} else if (cli_output_close(&c3, true)) {
			status = EXIT_USAGE;
		}
	}
out:
	if (spool)
		unlink(spool);
	free(spool);
	free(args);
	free(drop);
	free(dp.drop);
	free(dp.sortbuf);
	free(dp.sortcount);
	free(dp.g);
	free(dp.pairs);
	for (size_t f = 0; f < dp.nfiles; f++) {
		free(dp.files[f].name);
		free(dp.files[f].path);
	}
	free(dp.files);
	return status;
}
