#include <stdio.h>
#include <string.h>
#include <time.h>
#include "library/coretype.h"
#include "library/profile.h"
#include "bottom.h"
#include "screen.h"
#include "summary.h"
#include "numa.h"
#include "term.h"
#include "top.h"

/* Two summary items share a line with this between them (double_up):
 * a blank in the header colours, then a plain one. */
static const char adjoin[] = " ~6 ~1";
/* How many more summary lines share a row with the first ('4'): the
 * window's double_up, 0 while the cpus are summed or shown by node. */
static int Nup;
/* Summary lines written so far in this frame. */
static int Shown;
/* The row being filled, and how many lines wait in it. */
static char Row[SCREEN_MAX * 16];
static int Row_waiting;

/* A summary line in markup, cut at the screen width.  The reference
 * first cuts its markup at 509 bytes, which lines of several cpus
 * abreast reach before a wide screen's edge. */
static void put_line(const char *s)
{
	char cut[510];
	size_t n = strnlen(s, sizeof(cut) - 1);

	memcpy(cut, s, n);
	cut[n] = '\0';
	scr_line(cut);
	Shown++;
}

/*
 * Adds a line to the row: it waits for the next ones until Nup + 1 share
 * the row, unless nobuf (the last of its kind) says to write the row now;
 * "" writes whatever waits.
 */
static void row_add(const char *s, bool nobuf)
{
	size_t n = strlen(Row);

	snprintf(Row + n, sizeof(Row) - n, "%s", s);
	if (s[0] && Nup && !nobuf && ++Row_waiting <= Nup) {
		n = strlen(Row);
		snprintf(Row + n, sizeof(Row) - n, "%s", adjoin);
		return;
	}
	if (!Row[0])
		return;
	put_line(Row);
	Row[0] = '\0';
	Row_waiting = 0;
}

/* Whether k more lines fit above the message line and the header (and
 * a bottom window): the interactive screen drops what does not fit. */
static bool room(int k)
{
	return !scr_interactive() || Shown + k + 1 < Screen_rows - Bottom_rows;
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
		 users, users == 1 || (users == 0 && !profile.users_zero_plural) ?
		 "user" : "users", av[0], av[1], av[2]);
}

static int len_clamp(int len)
{
	return len < 10 ? 10 : len > 100 ? 100 : len;
}

/* The width of a cpu graph's bar: what the numbers before it (25 cells,
 * 12 with three or more abreast), the "] " after it and the blanks
 * between the graphs of a row leave, but never under 10 or over 100. */
static int graph_len_cpus(void)
{
	int num = Nup + 1, pfx = Nup < 2 ? 25 : 12;

	if (!Nup)
		return len_clamp(Screen_cols - 27);
	return len_clamp((Screen_cols - 2 * Nup - num * (pfx + 2)) / num);
}

/* The memory graphs go two abreast; beside three or more cpus a row,
 * each is as wide as a whole number of cpu graphs with their gaps, as
 * many as fit in 100 cells, less one graph's numbers and gap. */
static int graph_len_mems(void)
{
	int cpu, len;

	if (Nup < 2)
		return graph_len_cpus();
	cpu = 12 + graph_len_cpus() + 2;
	for (len = cpu; len + cpu + 2 <= 100;)
		len += cpu + 2;
	return len - (12 + 2);
}

/* Appends n cells of c to buf. */
static size_t cells(char *buf, size_t k, size_t size, int n, char c)
{
	for (; n > 0 && k + 1 < size; n--)
		buf[k++] = c;
	buf[k] = '\0';
	return k;
}

/* A bar of len cells for two percentages in markup: '|' for style 1
 * (the first part bold, the second in the summary colour), blanks for
 * style 2 (both reversed, in the message and header colours). */
static void graph_bar(char *buf, size_t size, float p1, float p2, int len,
		      int style)
{
	/* each part is rounded on its own */
	int n1 = (int)(p1 * (float)len / 100.0f + 0.5f);
	int n2 = n1 + (int)(p2 * (float)len / 100.0f + 0.5f);
	char c = style == 1 ? '|' : ' ';
	size_t k = 0;

	n2 = n2 > len ? len : n2 < 0 ? 0 : n2;
	n1 = n1 > n2 ? n2 : n1 < 0 ? 0 : n1;
	buf[0] = '\0';
	/* an empty part has no colour change either: the markup counts
	 * against the reference's line buffer (put_line) */
	k = cells(buf, k, size, n1, c);
	if (n1) {
		k = cells(buf, k, size - 2, 1, '~');
		k = cells(buf, k, size, 1, style == 1 ? '5' : '4');
	}
	k = cells(buf, k, size, n2 - n1, c);
	if (n2 > n1) {
		k = cells(buf, k, size - 2, 1, '~');
		k = cells(buf, k, size, 1, style == 1 ? '3' : '6');
	}
	cells(buf, k, size, len - n2, ' ');
}

/* One cpu's states over the last interval. */
static void cpu_text(char *buf, size_t size, const char *label,
		     const struct cpu_stat *c)
{
#define D(f) ((long long)(c->now.f - c->prev.f))
	long long u = D(user), s = D(system), n = D(nice), i = D(idle),
		  w = D(iowait), x = D(irq), y = D(softirq), z = D(steal),
		  g = D(guest) + D(guest_nice);
	/* the library's total counts the guests' ticks too (both releases) */
	long long tot = u + s + n + i + w + x + y + z + g, idle = i;
	float scale;

	if (tot < 1)
		idle = tot = 1;
	scale = 100.0f / (float)tot;
	/* 4.0.4 counts the guests' ticks as system time, outside the total */
	if (profile.top_guest_in_sy)
		s += g;
	if (Curwin->graph_cpus) {
		float p1 = (float)(u + n) * scale, p2 = (float)(s + x + y) * scale;
		char bar[SCREEN_MAX + 8];

		graph_bar(bar, sizeof(bar), p1, p2, graph_len_cpus(),
			  Curwin->graph_cpus);
		if (Nup > 1)
			snprintf(buf, size, "%s~3%3.0f[~1%s] ~1", label,
				 p1 + p2, bar);
		else
			snprintf(buf, size,
				 "%s ~3%#5.1f~2/%-#5.1f~3 %3.0f[~1%s] ~1",
				 label, p1, p2, p1 + p2, bar);
		return;
	}
	snprintf(buf, size,
		 "%s~3%#5.1f ~2us,~3%#5.1f ~2sy,~3%#5.1f ~2ni,~3%#5.1f ~2id,~3"
		 "%#5.1f ~2wa,~3%#5.1f ~2hi,~3%#5.1f ~2si,~3%#5.1f ~2st~3 ~1",
		 label,
		 (float)u * scale, (float)s * scale, (float)n * scale,
		 (float)idle * scale, (float)w * scale, (float)x * scale,
		 (float)y * scale, (float)z * scale);
#undef D
}

/* Adds the ticks of b to a. */
static void tics_add(struct cpu_tics *a, const struct cpu_tics *b)
{
	a->user += b->user;
	a->nice += b->nice;
	a->system += b->system;
	a->idle += b->idle;
	a->iowait += b->iowait;
	a->irq += b->irq;
	a->softirq += b->softirq;
	a->steal += b->steal;
	a->guest += b->guest;
	a->guest_nice += b->guest_nice;
}

/* Whether a line of this core type shows: '5' can keep to P-cores or
 * to E-cores, and then the lines of no single core (the summary, the
 * nodes, combined cpus) are left out too. */
static bool type_shown(enum core_type type)
{
	switch (Curwin->core_types) {
	case 2:
		return type == CORE_P;
	case 3:
		return type == CORE_E;
	default:
		return true;
	}
}

/* The line of the cpus from *i on: one cpu, labelled with its core type
 * while '5' tells them apart, or with '!' the sum of a group of them,
 * labelled with the first and last ids.  Returns the line's core type. */
static enum core_type cpu_next(char *buf, size_t size,
			       const struct cpu_set *cpus, int *i, int group)
{
	struct cpu_stat sum = { 0 };
	char label[32], ids[24];
	int first = *i, n;

	if (!group) {
		enum core_type type = core_type_of(cpus->cpu[first].id);

		snprintf(label, sizeof(label), "%%Cp%c%-3d:",
			 Curwin->core_types ? "uEP"[type] : 'u',
			 cpus->cpu[first].id);
		cpu_text(buf, size, label, &cpus->cpu[first]);
		(*i)++;
		return type;
	}
	for (n = 0; n < group && first + n < cpus->count; n++) {
		tics_add(&sum.now, &cpus->cpu[first + n].now);
		tics_add(&sum.prev, &cpus->cpu[first + n].prev);
	}
	snprintf(ids, sizeof(ids), "%d-%d", cpus->cpu[first].id,
		 cpus->cpu[first + n - 1].id);
	snprintf(label, sizeof(label), "%-7.7s:", ids);
	cpu_text(buf, size, label, &sum);
	*i += n;
	return CORE_UNSURE;
}

/* The line of one node: the ticks of its cpus summed. */
static void node_text(char *buf, size_t size, const struct cpu_set *cpus,
		      int node)
{
	struct cpu_stat sum = { 0 };
	char label[32];

	for (int i = 0; i < cpus->count; i++)
		if (numa_cpu_node(cpus->cpu[i].id) == node) {
			tics_add(&sum.now, &cpus->cpu[i].now);
			tics_add(&sum.prev, &cpus->cpu[i].prev);
		}
	snprintf(label, sizeof(label), "%%Node%-2d:", node);
	cpu_text(buf, size, label, &sum);
}

/* A line of its own, if its core type shows. */
static void line_alone(const char *line, enum core_type type)
{
	if (type_shown(type))
		row_add(line, true);
}

/* '2': the summary then every node; '3': one node then its cpus. */
static void show_nodes(const struct cpu_set *cpus)
{
	char line[1024], label[32];
	int tot = numa_total();

	if (Numa_sel < 0) {
		if (!room(1))
			return;
		cpu_text(line, sizeof(line), "%Cpu(s):", &cpus->sum);
		line_alone(line, CORE_UNSURE);
		for (int n = 0; n < tot && room(1); n++) {
			node_text(line, sizeof(line), cpus, n);
			line_alone(line, CORE_UNSURE);
		}
		return;
	}
	if (!room(1))
		return;
	node_text(line, sizeof(line), cpus, Numa_sel);
	line_alone(line, CORE_UNSURE);
	for (int i = 0; i < cpus->count && room(1); i++) {
		if (numa_cpu_node(cpus->cpu[i].id) != Numa_sel)
			continue;
		/* a node's cpus are labelled without their core type */
		snprintf(label, sizeof(label), "%%Cpu%-3d:", cpus->cpu[i].id);
		cpu_text(line, sizeof(line), label, &cpus->cpu[i]);
		line_alone(line, core_type_of(cpus->cpu[i].id));
	}
}

static void show_cpus(const struct cpu_set *cpus)
{
	char line[1024];
	int combine = Curwin->combine_cpus;

	/* /proc/cpuinfo is read only once the core types matter */
	if (Curwin->core_types)
		core_types_check(cpus->count);
	if ((Curwin->winflags & WF_CPUNODE) && numa_total()) {
		show_nodes(cpus);
	} else if (Curwin->winflags & WF_CPUSUM) {
		if (room(1)) {
			cpu_text(line, sizeof(line), "%Cpu(s):", &cpus->sum);
			line_alone(line, CORE_UNSURE);
		}
	} else {
		/* combining all the cpus or more is no combining; a toprc's
		 * value N means groups of N + 1 in 4.0.2, of N in 4.0.4 */
		if (combine >= cpus->count)
			combine = 0;
		else if (combine && !profile.top_combine_groups_of_n)
			combine++;
		for (int i = 0; i < cpus->count && room(1);) {
			enum core_type type = cpu_next(line, sizeof(line), cpus,
						       &i, combine);

			/* the last cpu's line ends its row */
			if (type_shown(type))
				row_add(line, i >= cpus->count);
		}
	}
	/* a row whose last cpu was left out still waits */
	row_add("", true);
}

/* "%#.1f " in at most 9 characters, the 9th becoming '+' when cut. */
static void mem_num(char *b, float v)
{
	/* KiB are whole numbers, larger units have one decimal */
	if (snprintf(b, 10, Rc.summ_mscale ? "%#.1f " : "%.0f ", v) > 9)
		b[8] = '+';
}

static void show_memory(const struct mem_info *m)
{
	static const char *const labels[] = { "KiB", "MiB", "GiB", "TiB",
					      "PiB", "EiB" };
	char v[9][16], l1[1024], l2[1024];
	float div = 1;

	for (int i = 0; i < Rc.summ_mscale; i++)
		div *= 1024;
	if (Curwin->graph_mems) {
		float tm = m->total ? (float)m->total : 1;
		float ts = m->swap_total ? (float)m->swap_total : 1;
		/* used: what neither free nor buff/cache holds; misc: the
		 * rest of what is not available, when there is any */
		float used = (float)m->total - (float)m->free -
			     (float)m->buff_cache;
		float pu = used * 100.0f / tm;
		float pm = ((float)m->total - (float)m->avail - used) *
			   100.0f / tm;
		float ps = (float)m->swap_used * 100.0f / ts;
		char bar[SCREEN_MAX + 8];
		int len = graph_len_mems();

		if (pm < 0 || pu + pm > 100.0f)
			pm = 0;
		mem_num(v[0], (float)m->total / div);
		mem_num(v[1], (float)m->swap_total / div);
		graph_bar(bar, sizeof(bar), pu, pm, len, Curwin->graph_mems);
		/* three or more abreast: the percentage alone */
		if (Nup > 1)
			snprintf(l1, sizeof(l1), "%s %s~3%3.0f[~1%s] ~1",
				 labels[Rc.summ_mscale], "Mem ", pu + pm, bar);
		else
			snprintf(l1, sizeof(l1),
				 "%s %s:~3%#5.1f~2/%-9.9s~3[~1%s] ~1",
				 labels[Rc.summ_mscale], "Mem ", pu + pm, v[0],
				 bar);
		/* swap is drawn as the second part */
		graph_bar(bar, sizeof(bar), 0, ps, len, Curwin->graph_mems);
		if (Nup > 1)
			snprintf(l2, sizeof(l2), "%s %s~3%3.0f[~1%s] ~1",
				 labels[Rc.summ_mscale], "Swap", ps, bar);
		else
			snprintf(l2, sizeof(l2),
				 "%s %s:~3%#5.1f~2/%-9.9s~3[~1%s] ~1",
				 labels[Rc.summ_mscale], "Swap", ps, v[1], bar);
		goto out;
	}
	mem_num(v[0], (float)m->total / div);
	mem_num(v[1], (float)m->free / div);
	mem_num(v[2], (float)m->used / div);
	mem_num(v[3], (float)m->buff_cache / div);
	mem_num(v[5], (float)m->swap_total / div);
	mem_num(v[6], (float)m->swap_free / div);
	mem_num(v[7], (float)m->swap_used / div);
	mem_num(v[8], (float)m->avail / div);
	snprintf(l1, sizeof(l1), "%s %s:~3 %9.9s~2total,~3 %9.9s~2free,~3 "
		 "%9.9s~2used,~3 %9.9s~2buff/cache~3 ~1    ",
		 labels[Rc.summ_mscale], "Mem ", v[0], v[1], v[2], v[3]);
	snprintf(l2, sizeof(l2), "%s %s:~3 %9.9s~2total,~3 %9.9s~2free,~3 "
		 "%9.9s~2used.~3 %9.9s~2avail Mem ~3",
		 labels[Rc.summ_mscale], "Swap", v[5], v[6], v[7], v[8]);
out:
	/* Mem waits for Swap when lines share rows */
	row_add(l1, false);
	row_add(l2, true);
}

static void states_line(const struct task_counts *counts)
{
	char line[512];

	snprintf(line, sizeof(line),
		 "%s:~3 %3u ~2total,~3 %3u ~2running,~3 %3u ~2sleeping,~3 "
		 "%3u ~2stopped,~3 %3u ~2zombie~3",
		 Opt.threads ? "Threads" : "Tasks",
		 counts->total, counts->running, counts->sleeping,
		 counts->stopped, counts->zombie);
	put_line(line);
}

int summary_show(const struct cpu_set *cpus, const struct mem_info *mem,
		 const struct task_counts *counts)
{
	char line[512];
	int flags = Curwin->winflags;

	/* the compiled default doubles up, but not while cpus are summed
	 * or shown by node */
	Nup = flags & (WF_CPUSUM | WF_CPUNODE) ? 0 : Curwin->double_up;
	Shown = 0;
	Row[0] = '\0';
	Row_waiting = 0;
	/* restricted (no cpus, no memory: frame.c): the task states alone,
	 * which need no room for a cpu line under them */
	if (!cpus) {
		if ((flags & WF_STATES) && room(1))
			states_line(counts);
		return Shown;
	}
	if ((flags & WF_LOADAV) && room(1)) {
		char up[256];
		char title[16];

		/* the alternate display names the current window */
		if (Rc.mode_altscr)
			snprintf(title, sizeof(title), "%d:%s",
				 (int)(Curwin - Rc.win) + 1, Curwin->name);
		uptime_text(up, sizeof(up));
		snprintf(line, sizeof(line), "%s%s -%s~1",
			 Rc.mode_altscr ? title : Myname,
			 /* reversed while its task area shows */
			 Rc.mode_altscr && (flags & WF_TASKON) ? "~6" : "", up);
		put_line(line);
	}
	if ((flags & WF_STATES) && room(2)) {
		states_line(counts);
		show_cpus(cpus);
	}
	if ((flags & WF_MEMORY) && room(2))
		show_memory(mem);
	return Shown;
}
