/* arena.c: see arena.h.  Each block carries a header linking it into a
 * doubly linked list, so a grown block can drop its old copy at once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena.h"

struct block {
	struct block *prev, *next;
	max_align_t data[];
};

static struct block *blocks;

static struct block *header_of(void *p)
{
	return (struct block *)((char *)p - offsetof(struct block, data));
}

void *arena_alloc(size_t size)
{
	struct block *b;

	if (size > (size_t)-1 - sizeof(*b) ||
	    !(b = calloc(1, sizeof(*b) + size))) {
		fputs("out of memory\n", stderr);
		exit(1);
	}
	b->next = blocks;
	if (blocks)
		blocks->prev = b;
	blocks = b;
	return b->data;
}

static char *copy(const char *s, size_t len)
{
	char *d = arena_alloc(len + 1);

	memcpy(d, s, len);
	return d;
}

char *arena_strndup(const char *s, size_t n)
{
	return copy(s, strnlen(s, n));
}

char *arena_strdup(const char *s)
{
	return copy(s, strlen(s));
}

static void unlink_block(struct block *b)
{
	if (b->prev)
		b->prev->next = b->next;
	else
		blocks = b->next;
	if (b->next)
		b->next->prev = b->prev;
}

void *arena_grow(void *p, size_t old_size, size_t new_size)
{
	void *n = arena_alloc(new_size);

	if (p) {
		memcpy(n, p, old_size < new_size ? old_size : new_size);
		unlink_block(header_of(p));
		free(header_of(p));
	}
	return n;
}

void arena_free_all(void)
{
	while (blocks) {
		struct block *next = blocks->next;

		free(blocks);
		blocks = next;
	}
}
