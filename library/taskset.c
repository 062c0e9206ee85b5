#include <stdlib.h>
#include <string.h>
#include "taskset.h"

void task_clear(struct task *t)
{
	memset(t, 0, sizeof(*t));
}

void task_free_strings(struct task *t)
{
	free(t->supgids);
	free(t->cmdline.data);
	free(t->environ.data);
	free(t->cgroup.data);
	free(t->wchan);
	free(t->exe);
}

static int copy_blob(struct task_blob *b)
{
	char *d;

	if (!b->data)
		return 0;
	d = malloc(b->len + 1);
	if (!d) {
		b->data = NULL;
		b->len = 0;
		return -1;
	}
	memcpy(d, b->data, b->len + 1);
	b->data = d;
	return 0;
}

static int copy_str(char **s)
{
	if (*s && !(*s = strdup(*s)))
		return -1;
	return 0;
}

int task_copy(struct task *dst, const struct task *src)
{
	int bad = 0;

	*dst = *src;
	bad |= copy_str(&dst->supgids);
	bad |= copy_blob(&dst->cmdline);
	bad |= copy_blob(&dst->environ);
	bad |= copy_blob(&dst->cgroup);
	bad |= copy_str(&dst->wchan);
	bad |= copy_str(&dst->exe);
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
