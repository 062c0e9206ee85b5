/* System-wide numbers for top's summary area: the files of /proc they
 * come from are read here, in the library, as the reference reads them. */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <utmp.h>
#include "cpunode.h"
#include "profile.h"
#include "sessions.h"
#include "sysinfo.h"
#include "sysstat.h"

/* Reads a whole file into a growing buffer (kept for the next call). */
static char *slurp(const char *path, char **buf, size_t *cap)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t len = 0;
	ssize_t n;

	if (fd < 0)
		return NULL;
	for (;;) {
		if (*cap - len < 2) {
			size_t c = *cap ? *cap * 2 : 8192;
			char *b = realloc(*buf, c);

			if (!b)
				break;
			*buf = b;
			*cap = c;
		}
		n = read(fd, *buf + len, *cap - len - 1);
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	if (!*buf)
		return NULL;
	(*buf)[len] = '\0';
	return *buf;
}

static void parse_tics(const char *p, struct cpu_tics *t)
{
	unsigned long long *v[] = { &t->user, &t->nice, &t->system, &t->idle,
				    &t->iowait, &t->irq, &t->softirq,
				    &t->steal, &t->guest, &t->guest_nice };
	char *end;

	memset(t, 0, sizeof(*t));
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		*v[i] = strtoull(p, &end, 10);
		if (end == p)
			break;
		p = end;
	}
}

int cpus_read(struct cpu_set *s)
{
	static char *buf;
	static size_t cap;
	const char *p;
	int n = 0;

	if (!slurp("/proc/stat", &buf, &cap))
		return -1;
	s->sum.id = -1;
	s->sum.prev = s->sum.now;
	for (p = buf; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (strncmp(p, "cpu", 3) != 0)
			continue;
		if (p[3] == ' ') {
			parse_tics(p + 4, &s->sum.now);
			continue;
		}
		if (p[3] < '0' || p[3] > '9')
			continue;
		if (n >= s->count) {
			struct cpu_stat *c = realloc(s->cpu,
						     (size_t)(n + 1) * sizeof(*c));

			if (!c)
				return -1;
			s->cpu = c;
			memset(&c[n], 0, sizeof(*c));
			s->count = n + 1;
		}
		s->cpu[n].prev = s->cpu[n].now;
		s->cpu[n].id = atoi(p + 3);
		parse_tics(strchr(p + 3, ' '), &s->cpu[n].now);
		n++;
	}
	s->count = n;
	return 0;
}

static unsigned long mem_field(const char *buf, const char *key)
{
	size_t klen = strlen(key);

	for (const char *p = buf; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (strncmp(p, key, klen) == 0 && p[klen] == ':')
			return strtoul(p + klen + 1, NULL, 10);
	return 0;
}

int meminfo_read(struct mem_info *m)
{
	static char *buf;
	static size_t cap;
	unsigned long cached;

	if (!slurp("/proc/meminfo", &buf, &cap))
		return -1;
	m->total = mem_field(buf, "MemTotal");
	m->free = mem_field(buf, "MemFree");
	m->avail = mem_field(buf, "MemAvailable");
	cached = mem_field(buf, "Cached") + mem_field(buf, "SReclaimable");
	m->buff_cache = mem_field(buf, "Buffers") + cached;
	if (m->avail > m->total || !strstr(buf, "MemAvailable:"))
		m->avail = m->free;
	m->used = m->total - m->avail;
	m->swap_total = mem_field(buf, "SwapTotal");
	m->swap_free = mem_field(buf, "SwapFree");
	m->swap_used = m->swap_total - m->swap_free;
	return 0;
}

bool stat_usable(void)
{
	static char *buf;
	static size_t cap;
	unsigned long long v[8];

	return slurp("/proc/stat", &buf, &cap) &&
	       sscanf(buf, "cpu %llu %llu %llu %llu %llu %llu %llu %llu",
		      &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
		      &v[7]) == 8;
}

bool meminfo_usable(void)
{
	static char *buf;
	static size_t cap;

	return slurp("/proc/meminfo", &buf, &cap) && *buf;
}

int loadavg_read(double av[3])
{
	static int calls;
	char buf[128] = "";
	FILE *f = fopen("/proc/loadavg", "re");

	av[0] = av[1] = av[2] = 0;
	if (!f) {
		/* the reference prints zeros at first, then "nan" for the
		 * one-minute average when the file is missing */
		if (calls++)
			av[0] = NAN;
		return -1;
	}
	if (fgets(buf, sizeof(buf), f))
		sscanf(buf, "%lf %lf %lf", &av[0], &av[1], &av[2]);
	fclose(f);
	return 0;
}

double uptime_read(void)
{
	return sys_uptime();
}

int users_count(void)
{
	struct utmp *ut;
	int n = profile.users_logind ? logind_user_sessions() : -1;

	if (n >= 0)
		return n;
	n = 0;
	setutent();
	while ((ut = getutent()))
		if (ut->ut_type == USER_PROCESS && ut->ut_user[0])
			n++;
	endutent();
	return n;
}

int numa_node_of(int cpu)
{
	return cpu_numa_node(cpu);
}
