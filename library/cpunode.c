#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include "cpunode.h"

/* The M of the first "nodeM" entry (M all digits) in cpuN's directory. */
static int read_node(int cpu)
{
	char path[64];
	struct dirent *d;
	DIR *dir;
	int node = -1;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d", cpu);
	dir = opendir(path);
	if (!dir)
		return -1;
	while ((d = readdir(dir))) {
		const char *p = d->d_name + 4;
		int v = 0;

		if (d->d_name[0] != 'n' || d->d_name[1] != 'o' ||
		    d->d_name[2] != 'd' || d->d_name[3] != 'e' || !*p)
			continue;
		while (*p >= '0' && *p <= '9' && v < 1000000)
			v = v * 10 + (*p++ - '0');
		if (!*p) {
			node = v;
			break;
		}
	}
	closedir(dir);
	return node;
}

int cpu_numa_node(int cpu)
{
	static int *nodes;      /* -2: not read yet */
	static int count;

	if (cpu < 0)
		return -1;
	if (cpu >= count) {
		int *n = realloc(nodes, (size_t)(cpu + 1) * sizeof(*n));

		if (!n)
			return read_node(cpu);
		for (int i = count; i <= cpu; i++)
			n[i] = -2;
		nodes = n;
		count = cpu + 1;
	}
	if (nodes[cpu] == -2)
		nodes[cpu] = read_node(cpu);
	return nodes[cpu];
}
