#include <stdlib.h>
#include <string.h>
#include "items.h"
#include "taskset.h"

/* The shared empty blocks: const, so a write through one faults. */
static const struct task_status no_status;
static const struct task_io no_io;
static const struct task_smaps no_smaps;
static const struct task_ns_inodes no_ns;

void task_clear(struct task *t)
{
	memset(t, 0, sizeof(*t));
	t->status = (struct task_status *)&no_status;
	t->io = (struct task_io *)&no_io;
	t->smaps = (struct task_smaps *)&no_smaps;
	t->ns = (struct task_ns_inodes *)&no_ns;
}

/* One freed block of each kind is kept for the next row that needs one:
 * rows printed as they come free a block a row, and calloc and free
 * were a tenth of ps's own work per row.  The slots are swapped
 * atomically, as rows are filled by several threads. */
static void *spare_status, *spare_io, *spare_smaps, *spare_ns;

static void *block_take(void **spare, size_t size)
{
	void *b = __atomic_exchange_n(spare, NULL, __ATOMIC_ACQ_REL);

	if (!b)
		return calloc(1, size);
	memset(b, 0, size);
	return b;
}

static void block_give(void **spare, void *b)
{
	free(__atomic_exchange_n(spare, b, __ATOMIC_ACQ_REL));
}

/* The row's own block: allocated on first use. */
#define BLOCK_OWN(fn, type, member, none)                              \
	type *fn(struct task *t)                                        \
	{                                                               \
		if (t->member == &none)                                 \
			t->member = block_take(&spare_##member,         \
					       sizeof(type));           \
		return t->member;                                       \
	}
BLOCK_OWN(task_status_own, struct task_status, status, no_status)
BLOCK_OWN(task_io_own, struct task_io, io, no_io)
BLOCK_OWN(task_smaps_own, struct task_smaps, smaps, no_smaps)
BLOCK_OWN(task_ns_own, struct task_ns_inodes, ns, no_ns)
#undef BLOCK_OWN

/* What a row owns, by item type, from the item table: the strings and
 * blobs a backend allocated (so a new string field is freed and copied
 * without a line here). */
#define T_INT_OWNED(op, b, f)
#define T_UINT_OWNED(op, b, f)
#define T_LONG_OWNED(op, b, f)
#define T_ULONG_OWNED(op, b, f)
#define T_ULL_OWNED(op, b, f)
#define T_U64_OWNED(op, b, f)
#define T_CHAR_OWNED(op, b, f)
#define T_STR_OWNED(op, b, f)
#define T_STRP_OWNED(op, b, f) op##_str(&b->f, &bad);
#define T_BLOB_OWNED(op, b, f) op##_blob(&b->f, &bad);

/* Each leaves the row safe to free again; a string of the shared empty
 * block is always NULL, so it is never written. */
static void free_str(char **s, int *bad)
{
	(void)bad;
	if (*s) {
		free(*s);
		*s = NULL;
	}
}

static void free_blob(struct task_blob *b, int *bad)
{
	(void)bad;
	if (b->data) {
		free(b->data);
		b->data = NULL;
		b->len = 0;
	}
}

/* Frees the row's own blocks (their strings are freed already). */
static void free_blocks(struct task *t)
{
	if (t->status != &no_status)
		block_give(&spare_status, t->status);
	if (t->io != &no_io)
		block_give(&spare_io, t->io);
	if (t->smaps != &no_smaps)
		block_give(&spare_smaps, t->smaps);
	if (t->ns != &no_ns)
		block_give(&spare_ns, t->ns);
	t->status = (struct task_status *)&no_status;
	t->io = (struct task_io *)&no_io;
	t->smaps = (struct task_smaps *)&no_smaps;
	t->ns = (struct task_ns_inodes *)&no_ns;
}

void task_free_strings(struct task *t)
{
	int bad = 0;

#define FREE_OWNED(id, nm, ty, grp, field, ...) \
	ty##_OWNED(free, GROUP_BASE(t, grp), field)
	ITEM_LIST(FREE_OWNED)
#undef FREE_OWNED
	(void)bad;
	free_blocks(t);
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

/* A block of its own for the copy (the shared empty one stays shared;
 * without memory, the copy gets the empty one and bad is set). */
static void copy_block(void **b, const void *none, size_t size, int *bad)
{
	void *c;

	if (*b == none)
		return;
	c = malloc(size);
	if (c)
		memcpy(c, *b, size);
	else
		*bad = 1;
	*b = c ? c : (void *)none;
}

int task_copy(struct task *dst, const struct task *src)
{
	struct task *t = dst;
	int bad = 0;

	*dst = *src;
	copy_block((void **)&dst->status, &no_status, sizeof(*dst->status), &bad);
	copy_block((void **)&dst->io, &no_io, sizeof(*dst->io), &bad);
	copy_block((void **)&dst->smaps, &no_smaps, sizeof(*dst->smaps), &bad);
	copy_block((void **)&dst->ns, &no_ns, sizeof(*dst->ns), &bad);
#define COPY_OWNED(id, nm, ty, grp, field, ...) \
	ty##_OWNED(copy, GROUP_BASE(t, grp), field)
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

void task_set_commit(struct task_set *s)
{
	if (!s->sink || !s->n)
		return;
	for (size_t i = 0; i < s->n; i++)
		s->sink(&s->v[i], s->sink_arg);
	s->handed += s->n;
	s->last_tgid = s->v[s->n - 1].tgid;
	task_set_clear(s);
}

void task_set_free(struct task_set *s)
{
	task_set_clear(s);
	free(s->v);
	s->v = NULL;
	s->cap = 0;
}
