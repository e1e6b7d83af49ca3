/*
 * arena.c - block arena with a per-thread cache of free blocks.
 */
#include <pthread.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

#define BLOCK_SIZE ((size_t)64 * 1024)
#define BIG_ALLOC  (BLOCK_SIZE / 4) /* larger requests get their own block */
#define CACHE_MAX  32
#define ALIGN	   16

struct block {
	struct block *next;
	size_t size; /* usable bytes after the header */
	alignas(ALIGN) unsigned char data[];
};

struct adopted {
	void *p;
	struct adopted *next;
};

/* The cache: blocks of BLOCK_SIZE freed by arenas of this thread.  A
 * pthread key with a destructor frees it when the thread exits. */
struct cache {
	struct block *free;
	unsigned n;
};
static _Thread_local struct cache tcache;
static pthread_key_t cache_key;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;

static void
cache_destroy(void *arg)
{
	struct cache *c = arg;

	while (c->free) {
		struct block *b = c->free;
		c->free = b->next;
		free(b);
	}
	c->n = 0;
}

static void
cache_init(void)
{
	(void)pthread_key_create(&cache_key, cache_destroy);
}

static struct block *
block_get(void)
{
	struct block *b = tcache.free;

	if (b) {
		tcache.free = b->next;
		tcache.n--;
		return b;
	}
	b = malloc(sizeof(*b) + BLOCK_SIZE);
	if (b)
		b->size = BLOCK_SIZE;
	return b;
}

static void
block_put(struct block *b)
{
	if (b->size != BLOCK_SIZE || tcache.n >= CACHE_MAX) {
		free(b);
		return;
	}
	if (tcache.n == 0 && !tcache.free) {
		pthread_once(&cache_once, cache_init);
		pthread_setspecific(cache_key, &tcache);
	}
	b->next = tcache.free;
	tcache.free = b;
	tcache.n++;
}

struct sgf_arena *
sgf_arena_new(void)
{
	struct block *b = block_get();
	struct sgf_arena *a;

	if (!b)
		return NULL;
	b->next = NULL;
	a = (struct sgf_arena *)b->data;
	memset(a, 0, sizeof(*a));
	a->head = b;
	a->cur = b->data + ((sizeof(*a) + ALIGN - 1) & ~(size_t)(ALIGN - 1));
	a->end = b->data + b->size;
	a->bytes = sizeof(*b) + b->size;
	return a;
}

void *
sgf_arena_alloc_slow(struct sgf_arena *a, size_t n)
{
	struct block *b;
	void *p;

	n = (n + ALIGN - 1) & ~(size_t)(ALIGN - 1);
	if (n == 0)
		n = ALIGN;
	if ((size_t)(a->end - a->cur) >= n) {
		p = a->cur;
		a->cur += n;
		return p;
	}
	if (n > BIG_ALLOC) {
		if (n > SIZE_MAX - sizeof(*b))
			return NULL;
		b = malloc(sizeof(*b) + n);
		if (!b)
			return NULL;
		b->size = n;
		b->next = a->big;
		a->big = b;
		a->bytes += sizeof(*b) + n;
		return b->data;
	}
	b = block_get();
	if (!b)
		return NULL;
	b->next = a->head;
	a->head = b;
	a->cur = b->data + n;
	a->end = b->data + b->size;
	a->bytes += sizeof(*b) + b->size;
	return b->data;
}

void *
sgf_arena_zalloc(struct sgf_arena *a, size_t n)
{
	void *p = sgf_arena_alloc(a, n);

	if (p)
		memset(p, 0, n);
	return p;
}

int
sgf_arena_adopt(struct sgf_arena *a, void *p)
{
	struct adopted *ad = sgf_arena_alloc(a, sizeof(*ad));

	if (!ad) {
		free(p);
		return -1;
	}
	ad->p = p;
	ad->next = a->adopted;
	a->adopted = ad;
	return 0;
}

size_t
sgf_arena_size(const struct sgf_arena *a)
{
	return a ? a->bytes : 0;
}

void
sgf_arena_free(struct sgf_arena *a)
{
	struct block *b, *big;
	struct adopted *ad;

	if (!a)
		return;
	for (ad = a->adopted; ad; ad = ad->next)
		free(ad->p);
	big = a->big;
	while (big) {
		b = big;
		big = b->next;
		free(b);
	}
	/* The arena struct lives in the oldest block: read the list first. */
	b = a->head;
	while (b) {
		struct block *next = b->next;
		block_put(b);
		b = next;
	}
}
