// SPDX-License-Identifier: GPL-2.0
/*
 * Dump strategies: which tasks an answer lists, in which order, and how to
 * resume between reads.
 *
 * The walks follow procfs: processes in ascending tgid order as readdir of
 * /proc lists them (find_ge_pid() + PIDTYPE_TGID), threads in thread-list
 * order as /proc/PID/task lists them, children in ->children order as
 * /proc/PID/task/TID/children lists them.  A resume position is a number
 * (next tgid) or a referenced task plus its index, re-checked on every
 * step, so nothing is held locked between reads and exits are harmless:
 * a task alive for the whole dump is listed once, new and exiting tasks
 * may or may not be.
 */
#include <linux/pid.h>
#include <linux/pid_namespace.h>
#include <linux/rcupdate.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/ptrace.h>
#include <linux/slab.h>
#include "td.h"

static void td_put(struct task_struct **t)
{
	if (*t)
		put_task_struct(*t);
	*t = NULL;
}

void td_iter_release(struct td_iter *it)
{
	td_put(&it->start);
	td_put(&it->group);
	td_put(&it->last);
	kfree(it->list);
	it->list = NULL;
}

/* The task with id nr in ns, referenced, or NULL. */
struct task_struct *td_find_task(struct pid_namespace *ns, u32 nr)
{
	struct task_struct *task;

	rcu_read_lock();
	task = pid_task(find_pid_ns(nr, ns), PIDTYPE_PID);
	if (task)
		get_task_struct(task);
	rcu_read_unlock();
	return task;
}

int td_iter_init(struct td_ctx *ctx, u32 strategy, u32 pid)
{
	struct td_iter *it = &ctx->it;
	struct task_struct *task;

	memset(it, 0, sizeof(*it));
	it->strategy = strategy;
	it->tgid_next = 1;
	if (strategy == TASK_DIAG_DUMP_ALL ||
	    strategy == TASK_DIAG_DUMP_ALL_THREAD ||
	    strategy == TASK_DIAG_DUMP_ALL_PROC_THREAD)
		return 0;
	/* LIST: the ids follow the request (td_list_parse()) */
	if (strategy == TASK_DIAG_DUMP_LIST)
		return pid ? -EINVAL : 0;

	if (!pid || pid > INT_MAX)
		return -EINVAL;
	task = td_find_task(ctx->pid_ns, pid);
	if (!task)
		return -ESRCH;
	/* /proc/PID lookups fail for tasks hidden by hidepid=2 or 4 */
	if (!td_visible(ctx, task, HIDEPID_INVISIBLE)) {
		put_task_struct(task);
		return -ESRCH;
	}
	/*
	 * hidepid=1: /proc/PID/task and .../children cannot be opened
	 * (proc_pid_permission()'s EPERM); ONE is /proc/PID itself, whose
	 * groups td_fill.c withholds
	 */
	if (strategy != TASK_DIAG_DUMP_ONE &&
	    !td_visible(ctx, task, HIDEPID_NO_ACCESS)) {
		put_task_struct(task);
		return -EPERM;
	}
	if (strategy == TASK_DIAG_DUMP_THREAD ||
	    strategy == TASK_DIAG_DUMP_PROC_THREAD) {
		struct task_struct *leader;

		rcu_read_lock();
		leader = READ_ONCE(task->group_leader);
		get_task_struct(leader);
		rcu_read_unlock();
		put_task_struct(task);
		task = leader;
	}
	it->start = task;
	return 0;
}

/*
 * Next thread-group leader with tgid >= it->tgid_next that the opener may
 * see, referenced.
 */
static struct task_struct *td_next_tgid(struct td_ctx *ctx)
{
	struct td_iter *it = &ctx->it;
	struct task_struct *task;
	struct pid *pid;

	for (;;) {
		task = NULL;
		rcu_read_lock();
		for (;;) {
			pid = find_ge_pid(it->tgid_next, ctx->pid_ns);
			if (!pid)
				break;
			it->tgid_next = pid_nr_ns(pid, ctx->pid_ns) + 1;
			task = pid_task(pid, PIDTYPE_TGID);
			if (task) {
				get_task_struct(task);
				it->group_pid = pid;
				it->group_nr = it->tgid_next - 1;
				break;
			}
		}
		rcu_read_unlock();
		if (!task)
			return NULL;
		if (td_visible(ctx, task, HIDEPID_INVISIBLE))
			return task;
		put_task_struct(task);
		cond_resched();
	}
}

/*
 * Next thread of leader's group after it->last (the leader first),
 * referenced.  If it->last has left the group the walk resumes by index,
 * as procfs does.
 */
static struct task_struct *td_next_thread(struct td_iter *it,
					  struct task_struct *leader)
{
	struct task_struct *pos = NULL, *t;
	unsigned int n;

	rcu_read_lock();
	if (!it->last) {
		if (pid_alive(leader))
			pos = leader;
	} else if (pid_alive(it->last)) {
		pos = next_thread(it->last);
		if (thread_group_leader(pos))
			pos = NULL;
	} else if (pid_alive(leader) && it->index < get_nr_threads(leader)) {
		n = it->index;
		t = leader;
		pos = NULL;
		do {
			if (!n--) {
				pos = t;
				break;
			}
			t = next_thread(t);
		} while (t != leader);
	}
	if (pos)
		get_task_struct(pos);
	rcu_read_unlock();

	td_put(&it->last);
	if (pos) {
		it->last = pos;
		get_task_struct(pos);
		it->index++;
	}
	return pos;
}

/* Next child of it->start, as get_children_pid() in fs/proc/array.c. */
static struct task_struct *td_next_child(struct td_iter *it)
{
	struct task_struct *parent = it->start, *pos = NULL, *t;
	unsigned int n;

	read_lock(td_sym.tasklist_lock);
	if (!pid_alive(parent))
		goto out;
	t = it->last;
	if (t && t->real_parent == parent && !list_empty(&t->sibling)) {
		if (!list_is_last(&t->sibling, &parent->children))
			pos = list_next_entry(t, sibling);
		goto out;
	}
	n = it->index;
	list_for_each_entry(t, &parent->children, sibling) {
		if (!n--) {
			pos = t;
			break;
		}
	}
out:
	if (pos)
		get_task_struct(pos);
	read_unlock(td_sym.tasklist_lock);

	td_put(&it->last);
	if (pos) {
		it->last = pos;
		get_task_struct(pos);
		it->index++;
	}
	return pos;
}

/* The process message of a group: its leader, with it->process set. */
static struct task_struct *td_process_msg(struct td_iter *it,
					  struct task_struct *leader)
{
	it->process = true;
	get_task_struct(leader);
	return leader;
}

/*
 * The next task of the answer, referenced, or NULL at the end.  whole says
 * whether process-wide figures (summed over threads) are wanted;
 * it->process whether this is a group's process message.
 */
struct task_struct *td_iter_next(struct td_ctx *ctx, bool *whole)
{
	struct td_iter *it = &ctx->it;
	struct task_struct *task;

	it->process = false;
	if (it->done)
		return NULL;
	*whole = true;
	switch (it->strategy) {
	case TASK_DIAG_DUMP_ALL:
		task = td_next_tgid(ctx);
		break;
	case TASK_DIAG_DUMP_LIST:
		task = td_list_next(ctx, whole);
		break;
	case TASK_DIAG_DUMP_ONE:
		task = it->start;
		get_task_struct(task);
		it->done = true;
		break;
	case TASK_DIAG_DUMP_CHILDREN:
		do {
			task = td_next_child(it);
			if (!task || td_visible(ctx, task, HIDEPID_INVISIBLE))
				break;
			put_task_struct(task);
		} while (1);
		break;
	case TASK_DIAG_DUMP_PROC_THREAD:
		if (!it->proc_sent) {
			it->proc_sent = true;
			return td_process_msg(it, it->start);
		}
		fallthrough;
	case TASK_DIAG_DUMP_THREAD:
		*whole = false;
		task = td_next_thread(it, it->start);
		break;
	case TASK_DIAG_DUMP_ALL_THREAD:
	case TASK_DIAG_DUMP_ALL_PROC_THREAD:
		*whole = false;
		for (;;) {
			if (!it->group) {
				it->group = td_next_tgid(ctx);
				if (!it->group)
					break;
				td_put(&it->last);
				it->index = 0;
				it->sealed = !td_visible(ctx, it->group,
							 HIDEPID_NO_ACCESS);
				if (it->strategy ==
				    TASK_DIAG_DUMP_ALL_PROC_THREAD) {
					*whole = true;
					return td_process_msg(it, it->group);
				}
			}
			/*
			 * hidepid=1 and a group the opener cannot enter: its
			 * /proc/PID/task cannot be listed, so no thread of it
			 * is, beyond the process /proc lists (the leader)
			 */
			task = NULL;
			if (!it->sealed || (!it->index && it->strategy ==
					    TASK_DIAG_DUMP_ALL_THREAD))
				task = td_next_thread(it, it->group);
			if (task)
				return task;
			td_put(&it->group);
			cond_resched();
		}
		task = NULL;
		break;
	default:
		task = NULL;
	}
	if (!task)
		it->done = true;
	return task;
}
