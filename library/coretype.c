#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "coretype.h"

/* One core: the first processor seen with its id and the last other one
 * (a third thread replaces the second: only two are remembered, so the
 * middle threads of a 4-way SMT core belong to no core, as in procps). */
struct core {
	int id, type;
	int thread1, thread2;   /* thread2 -1: a single-thread core */
};

static struct core *cores;
static int ncores, seen_cpus;

static void core_add(int id, int cpu)
{
	struct core *c;

	for (int i = 0; i < ncores; i++) {
		c = &cores[i];
		if (c->id != id)
			continue;
		if (cpu != c->thread1 && cpu != c->thread2) {
			c->thread2 = cpu;
			c->type = CORE_P;
		}
		return;
	}
	c = realloc(cores, (size_t)(ncores + 1) * sizeof(*c));
	if (!c)
		return;
	cores = c;
	cores[ncores++] = (struct core){ id, CORE_UNSURE, cpu, -1 };
}

/* Without any P-core every type stays unsure; with one, each
 * single-thread core is an E-core. */
static void cores_classify(void)
{
	int any_p = 0;

	for (int i = 0; i < ncores; i++)
		any_p |= cores[i].type == CORE_P;
	if (!any_p)
		return;
	for (int i = 0; i < ncores; i++)
		if (cores[i].thread2 < 0)
			cores[i].type = CORE_E;
}

/*
 * Each "processor : N" line starts an entry; its core is the "core id"
 * that follows, or N itself when a blank line ends the entry first.  The
 * file is read in 1 KiB pieces, so a longer line (x86's flags) counts as
 * several, as it does for the reference.
 */
static bool cores_scan(void)
{
	char buf[1024];
	int cpu = 0, id = 0;
	bool whole = false;
	FILE *fp = fopen("/proc/cpuinfo", "r");

	ncores = 0;
	if (!fp)
		return false;
	while (fgets(buf, sizeof(buf), fp)) {
		if (buf[0] != 'p' || !strstr(buf, "processor"))
			continue;
		sscanf(buf, "processor : %d", &cpu);
		for (;;) {
			if (!fgets(buf, sizeof(buf), fp))
				goto done;
			if (buf[0] == '\n') {
				id = cpu;
				break;
			}
			if (buf[0] == 'c' && strstr(buf, "core id")) {
				sscanf(buf, "core id : %d", &id);
				break;
			}
		}
		core_add(id, cpu);
	}
	whole = true;
done:
	fclose(fp);
	cores_classify();
	return whole;
}

void core_types_check(int cpu_count)
{
	if (cpu_count <= seen_cpus)
		return;
	seen_cpus = cpu_count;
	cores_scan();
}

bool cpuinfo_whole(void)
{
	return cores_scan();
}

enum core_type core_type_of(int cpu)
{
	for (int i = 0; i < ncores; i++)
		if (cores[i].thread1 == cpu || cores[i].thread2 == cpu)
			return (enum core_type)cores[i].type;
	return CORE_UNSURE;
}
