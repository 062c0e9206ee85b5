#ifndef PS_ARENA_H
#define PS_ARENA_H
/* What ps builds from its command line (columns, sort keys, selection
 * lists, header strings) lives until ps exits.  It is allocated from
 * one arena so that arena_free_all() releases all of it at once,
 * including what a failed first parse pass built before the BSD retry.
 * Allocation failure prints "out of memory" and exits 1. */
#include <stddef.h>

void *arena_alloc(size_t size);                 /* zeroed */
char *arena_strdup(const char *s);
char *arena_strndup(const char *s, size_t n);
/* Grows a block from arena_alloc (or NULL); the new part is zeroed. */
void *arena_grow(void *p, size_t old_size, size_t new_size);
void arena_free_all(void);

#endif
