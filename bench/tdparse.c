/* SPDX-License-Identifier: GPL-2.0-or-later
 *
 * tdparse: what the task_diag reply parser costs per task, without a
 * module (the host cannot load one).  Builds one read's worth of answers
 * as ps aux asks them (base, creds, stat, statm, cmdline) and parses it again
 * and again, printing the best of REPS passes:
 *
 *   tdparse [-n REPS] [-t TASKS_PER_PASS] [-g GROUP,...]
 *   -> "tdparse: N tasks per pass, best of REPS: X ns per task"
 *
 * -g also fills a row of those data groups from each record, as the
 * backend does (td_fill_task into a task set emptied per process), e.g.
 * ps aux's: -g stat,stat_acct,stat_vm,stat_ids,owner,status_vm,cmdline.
 *
 * The perf profiles of the guest put td_parse_chunk and libnl at 4-8 % of
 * top's and ps's CPU there; this isolates that part.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "backends/task_diag/td_fill.h"
#include "backends/task_diag/td_parse.h"
#include "library/taskset.h"
#include "backends/task_diag/tests/td_build.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int count(const struct td_rec *r, void *arg)
{
	*(uint64_t *)arg += r->pid + r->stat.utime + r->var[TASK_DIAG_CMDLINE].len;
	return 0;
}

/* -g: each record becomes a row, and the set is emptied per process */
static struct task_set rows;
static group_mask fill_groups;
static struct td_units units;

static int fill(const struct td_rec *r, void *arg)
{
	struct task *t = task_set_push(&rows);

	if (!t || td_fill_task(r, fill_groups, &units, t) < 0)
		return -1;
	*(uint64_t *)arg += (uint64_t)t->tgid;
	task_set_clear(&rows);
	return 0;
}

static int parse_groups(char *list)
{
	for (char *g = strtok(list, ","); g; g = strtok(NULL, ",")) {
		int i = 0;

		while (i < GRP_COUNT && strcmp(group_names[i], g))
			i++;
		if (i == GRP_COUNT) {
			fprintf(stderr, "tdparse: no data group %s\n", g);
			return -1;
		}
		fill_groups |= GROUP_BIT(i);
	}
	return 0;
}

static struct tb b;

int main(int argc, char **argv)
{
	int reps = 2000, tasks = 100, opt;
	double best = 1e9;
	uint64_t sink = 0;
	struct td_parser p;

	while ((opt = getopt(argc, argv, "n:t:g:")) != -1) {
		if (opt == 'n')
			reps = atoi(optarg);
		else if (opt == 't')
			tasks = atoi(optarg);
		else if (opt != 'g' || parse_groups(optarg) < 0)
			return 2;
	}
	td_units_init(&units);
	if (reps < 1 || tasks < 1 || tasks > 400) {
		fputs("usage: tdparse [-n REPS] [-t TASKS (1-400)]\n", stderr);
		return 2;
	}
	for (int i = 0; i < tasks; i++) {
		struct task_diag_base base = { .pid = 1000 + i, .tgid = 1000 + i,
					       .ppid = 1 };
		struct task_diag_creds cr = { 0 };
		struct task_diag_stat st = { .utime = (uint64_t)i * 7 };
		struct task_diag_statm sm = { .has_mm = 1, .size = 2000,
					      .resident = 300 };
		char cmd[40];
		int n = snprintf(cmd, sizeof(cmd), "/usr/bin/sleep%c%d", 0, i);

		strcpy(base.comm, "sleep");
		tb_begin(&b, 1, 1000 + i, 1000 + i, 0);
		tb_attr(&b, TASK_DIAG_BASE, &base, sizeof(base));
		tb_attr(&b, TASK_DIAG_CRED, &cr, sizeof(cr));
		tb_attr(&b, TASK_DIAG_STAT, &st, sizeof(st));
		tb_attr(&b, TASK_DIAG_STATM, &sm, sizeof(sm));
		tb_attr(&b, TASK_DIAG_CMDLINE, cmd, (size_t)n + 1);
		tb_end(&b);
	}
	td_parser_init(&p, 1);
	for (int r = 0; r < reps; r++) {
		double t0 = now();

		td_parser_reset(&p, 1);
		if (td_parse_chunk(&p, b.buf, b.len, fill_groups ? fill : count,
				   &sink) ||
		    td_parse_finish(&p)) {
			fputs("tdparse: the built answer did not parse\n", stderr);
			return 1;
		}
		t0 = now() - t0;
		if (t0 < best)
			best = t0;
	}
	td_parser_free(&p);
	task_set_free(&rows);
	printf("tdparse: %d tasks per pass (%zu bytes), best of %d: %.1f ns per task (%llu)\n",
	       tasks, b.len, reps, best * 1e9 / tasks,
	       (unsigned long long)(sink % 10));
	return 0;
}
