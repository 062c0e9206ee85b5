#include <stdio.h>
#include <string.h>
#include <time.h>
#include "summary.h"
#include "term.h"
#include "top.h"

/* Two summary items share a line with this between them (double_up). */
static const char adjoin[] = "  ";

/* A summary line, cut at the screen width. */
static void put_line(const char *s)
{
	term_printf("%.*s\n", Screen_cols, s);
}

static void uptime_text(char *buf, size_t size)
{
	double up = uptime_read(), av[3];
	time_t now = time(NULL);
	struct tm *tm = localtime(&now);
	int secs = (int)up, days = secs / (60 * 60 * 24);
	int mins = secs / 60, hours = mins / 60 % 24, users;
	size_t n;

	mins %= 60;
	n = (size_t)snprintf(buf, size, " %02d:%02d:%02d up ", tm->tm_hour,
			     tm->tm_min, tm->tm_sec);
	if (days)
		n += (size_t)snprintf(buf + n, size - n, "%d %s, ", days,
				      days > 1 ? "days" : "day");
	if (hours)
		n += (size_t)snprintf(buf + n, size - n, "%2d:%02d, ", hours,
				      mins);
	else
		n += (size_t)snprintf(buf + n, size - n, "%d min, ", mins);
	users = users_count();
	loadavg_read(av);
	snprintf(buf + n, size - n, "%2d %s,  load average: %.2f, %.2f, %.2f",
		 users, users > 1 ? "users" : "user", av[0], av[1], av[2]);
}

/* One cpu's states over the last interval. */
static void cpu_text(char *buf, size_t size, const char *label,
		     const struct cpu_stat *c)
{
#define D(f) ((long long)(c->now.f - c->prev.f))
	long long u = D(user), s = D(system), n = D(nice), i = D(idle),
		  w = D(iowait), x = D(irq), y = D(softirq), z = D(steal);
	long long tot = u + s + n + i + w + x + y + z, idle = i;
	float scale;

	if (tot < 1)
		idle = tot = 1;
	scale = 100.0f / (float)tot;
	snprintf(buf, size,
		 "%s%#5.1f us,%#5.1f sy,%#5.1f ni,%#5.1f id,%#5.1f wa,"
		 "%#5.1f hi,%#5.1f si,%#5.1f st ", label,
		 (float)u * scale, (float)s * scale, (float)n * scale,
		 (float)idle * scale, (float)w * scale, (float)x * scale,
		 (float)y * scale, (float)z * scale);
#undef D
}

static int show_cpus(const struct cpu_set *cpus, bool double_up)
{
	char line[1024], one[256], label[32];
	int lines = 0;

	if (Curwin->winflags & WF_CPUSUM) {
		cpu_text(line, sizeof(line), "%Cpu(s):", &cpus->sum);
		put_line(line);
		return 1;
	}
	for (int i = 0; i < cpus->count;) {
		snprintf(label, sizeof(label), "%%Cpu%-3d:", cpus->cpu[i].id);
		cpu_text(line, sizeof(line), label, &cpus->cpu[i]);
		i++;
		if (double_up && i < cpus->count) {
			snprintf(label, sizeof(label), "%%Cpu%-3d:",
				 cpus->cpu[i].id);
			cpu_text(one, sizeof(one), label, &cpus->cpu[i]);
			strcat(line, adjoin);
			strcat(line, one);
			i++;
		}
		put_line(line);
		lines++;
	}
	return lines;
}

/* "%#.1f " in at most 9 characters, the 9th becoming '+' when cut. */
static void mem_num(char *b, float v)
{
	/* KiB are whole numbers, larger units have one decimal */
	if (snprintf(b, 10, Rc.summ_mscale ? "%#.1f " : "%.0f ", v) > 9)
		b[8] = '+';
}

static int show_memory(const struct mem_info *m, bool double_up)
{
	static const char *const labels[] = { "KiB", "MiB", "GiB", "TiB",
					      "PiB", "EiB" };
	char v[9][16], l1[256], l2[256];
	float div = 1;

	for (int i = 0; i < Rc.summ_mscale; i++)
		div *= 1024;
	mem_num(v[0], (float)m->total / div);
	mem_num(v[1], (float)m->free / div);
	mem_num(v[2], (float)m->used / div);
	mem_num(v[3], (float)m->buff_cache / div);
	mem_num(v[5], (float)m->swap_total / div);
	mem_num(v[6], (float)m->swap_free / div);
	mem_num(v[7], (float)m->swap_used / div);
	mem_num(v[8], (float)m->avail / div);
	snprintf(l1, sizeof(l1), "%s %s: %9.9stotal, %9.9sfree, %9.9sused, "
		 "%9.9sbuff/cache     ", labels[Rc.summ_mscale], "Mem ",
		 v[0], v[1], v[2], v[3]);
	snprintf(l2, sizeof(l2), "%s %s: %9.9stotal, %9.9sfree, %9.9sused. "
		 "%9.9savail Mem ", labels[Rc.summ_mscale], "Swap", v[5], v[6],
		 v[7], v[8]);
	if (double_up) {
		char both[600];

		snprintf(both, sizeof(both), "%s%s%s", l1, adjoin, l2);
		put_line(both);
		return 1;
	}
	put_line(l1);
	put_line(l2);
	return 2;
}

int summary_show(const struct cpu_set *cpus, const struct mem_info *mem,
		 const struct task_counts *counts)
{
	char line[512];
	int n = 0, flags = Curwin->winflags;
	/* the compiled default doubles up, but not while cpus are summed */
	bool double_up = Curwin->double_up && !(flags & WF_CPUSUM);

	if (flags & WF_LOADAV) {
		char up[256];

		uptime_text(up, sizeof(up));
		snprintf(line, sizeof(line), "%s -%s", Myname, up);
		put_line(line);
		n++;
	}
	if (flags & WF_STATES) {
		snprintf(line, sizeof(line),
			 "%s: %3u total, %3u running, %3u sleeping, %3u stopped, "
			 "%3u zombie", Opt.threads ? "Threads" : "Tasks",
			 counts->total, counts->running, counts->sleeping,
			 counts->stopped, counts->zombie);
		put_line(line);
		n++;
		n += show_cpus(cpus, double_up);
	}
	if (flags & WF_MEMORY)
		n += show_memory(mem, double_up);
	return n;
}
