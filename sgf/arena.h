/*
 * arena.h - private: the block arena behind every struct sgf_game.
 *
 * A game's nodes, properties, values, copied strings and diagnostics are
 * carved out of 64 KiB blocks; sgf_arena_free() releases them all at once.
 * Freed standard blocks go to a small per-thread cache so that a stream
 * of games reuses the same few blocks instead of calling malloc for each.
 * Malloc'd buffers (the game text) can be adopted: they are freed with
 * the arena.
 */
#ifndef SGF_ARENA_H
#define SGF_ARENA_H

#include <stddef.h>

struct block;
struct adopted;

/* Visible only for the inline fast path of sgf_arena_alloc(). */
struct sgf_arena {
	struct block *head; /* current standard block, then older ones */
	struct block *big;  /* dedicated blocks for large requests */
	unsigned char *cur, *end;
	struct adopted *adopted;
	size_t bytes;
};

#define SGF_ARENA_ALIGN 16

/* A new empty arena, or NULL when out of memory. */
struct sgf_arena *sgf_arena_new(void);
/* n bytes aligned for any type, uninitialised; NULL when out of memory. */
void *sgf_arena_alloc_slow(struct sgf_arena *a, size_t n);
static inline void *
sgf_arena_alloc(struct sgf_arena *a, size_t n)
{
	size_t r = (n + SGF_ARENA_ALIGN - 1) & ~(size_t)(SGF_ARENA_ALIGN - 1);

	if (r && (size_t)(a->end - a->cur) >= r) {
		void *p = a->cur;
		a->cur += r;
		return p;
	}
	return sgf_arena_alloc_slow(a, n);
}
/* Same, zero filled. */
void *sgf_arena_zalloc(struct sgf_arena *a, size_t n);
/* Free `p` (from malloc) together with the arena.  Returns 0, or -1 when
 * out of memory (p is then freed at once). */
int sgf_arena_adopt(struct sgf_arena *a, void *p);
/* Release every block and adopted buffer; a may be NULL. */
void sgf_arena_free(struct sgf_arena *a);
/* Bytes held by the arena (for tests and benchmarks). */
size_t sgf_arena_size(const struct sgf_arena *a);

#endif
