#include <stdlib.h>
#include <string.h>
#include "items.h"
#include "taskset.h"

void task_clear(struct task *t)
{
	memset(t, 0, sizeof(*t));
}

/* What a row owns, by item type, from the item table: the strings and
 * blobs a backend allocated (so a new string field is freed and copied
 * without a line here). */
#define T_INT_OWNED(op, f)
#define T_UINT_OWNED(op, f)
#define T_LONG_OWNED(op, f)
#define T_ULONG_OWNED(op, f)
#define T_ULL_OWNED(op, f)
#define T_U64_OWNED(op, f)
#define T_CHAR_OWNED(op, f)
#define T_STR_OWNED(op, f)
#define T_STRP_OWNED(op, f) op##_str(&t->f, &bad);
#define T_BLOB_OWNED(op, f) op##_blob(&t->f, &bad);

static void free_str(char **s, int *bad)
{
	(void)bad;
	free(*s);
}

static void free_blob(struct task_blob *b, int *bad)
{
	(void)bad;
	free(b->data);
}

void task_free_strings(struct task *t)
{
	int bad = 0;

#define FREE_OWNED(id, nm, ty, grp, field) ty##_OWNED(free, field)
	ITEM_LIST(FREE_OWNED)
#undef FREE_OWNED
	(void)bad;
}

static void copy_blob(struct task_blob *b, int *bad)
{
	char *d;

	if (!b->data)
		return;
	d = malloc(b->len + 1);
	if (!d) {
		b->data = NULL;
		b->len = 0;
		*bad = 1;
		return;
	}
	memcpy(d, b->data, b->len + 1);
	b->data = d;
}

static void copy_str(char **s, int *bad)
{
	if (*s && !(*s = strdup(*s)))
		*bad = 1;
}

int task_copy(struct task *dst, const struct task *src)
{
	struct task *t = dst;
	int bad = 0;

	*dst = *src;
#define COPY_OWNED(id, nm, ty, grp, field) ty##_OWNED(copy, field)
	ITEM_LIST(COPY_OWNED)
#undef COPY_OWNED
	return bad ? -1 : 0;
}

struct task *task_set_push(struct task_set *s)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 1024;
		struct task *v = realloc(s->v, cap * sizeof(*v));

		if (!v)
			return NULL;
		s->v = v;
		s->cap = cap;
	}
	task_clear(&s->v[s->n]);
	return &s->v[s->n++];
}

void task_set_pop(struct task_set *s)
{
	if (s->n) {
		s->n--;
		task_free_strings(&s->v[s->n]);
	}
}

void task_set_truncate(struct task_set *s, size_t n)
{
	while (s->n > n)
		task_set_pop(s);
}

void task_set_clear(struct task_set *s)
{
	for (size_t i = 0; i < s->n; i++)
		task_free_strings(&s->v[i]);
	s->n = 0;
}

void task_set_free(struct task_set *s)
{
	task_set_clear(s);
	free(s->v);
	s->v = NULL;
	s->cap = 0;
}
