// SPDX-License-Identifier: GPL-2.0
/*
 * task_diag: the transactional file /proc/task-diag.
 *
 * write() takes one request and validates it completely; read() answers
 * it in whole netlink messages until it returns 0.  Each open file keeps
 * its own state and the opener's credentials, which every check and every
 * id mapping uses (see include/uapi/linux/task_diag.h for the protocol).
 *
 * Unloading: procfs entries of modules are safe to remove while open.
 * remove_proc_entry() waits for reads and writes in progress and then
 * releases every still-open file through ->proc_release; later calls on
 * those files fail with EIO without entering the module.
 */
#include <linux/module.h>
#include <linux/mm.h>
#include <linux/cred.h>
#include <linux/netlink.h>
#include <linux/pid_namespace.h>
#include <linux/proc_fs.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include "td.h"

#define TD_KNOWN_GROUPS	(TASK_DIAG_SHOW(__TASK_DIAG_GROUP_MAX) - 1)

static void td_end(struct td_ctx *ctx)
{
	td_iter_release(&ctx->it);
	ctx->st.active = false;
	ctx->active = false;
	ctx->version_pending = false;
	ctx->ended = false;
	ctx->err = 0;
	td_stage_release(&ctx->st);
	/* keep a small stage for the next request, drop a bigger one */
	if (ctx->st.cap > TD_STAGE_KEEP)
		td_stage_free(&ctx->st);
}

static int td_open(struct inode *inode, struct file *file)
{
	struct td_ctx *ctx;
	int ret = td_lsm_unconfined();

	if (ret)
		return ret;
	ctx = kzalloc(sizeof(*ctx), TD_GFP);
	if (!ctx)
		return -ENOMEM;
	mutex_init(&ctx->lock);
	ctx->cred = get_cred(file->f_cred);
	ctx->opener = get_task_pid(current, PIDTYPE_TGID);
	ctx->fs_info = proc_sb_info(inode->i_sb);
	ctx->pid_ns = get_pid_ns(ctx->fs_info->pid_ns);
	file->private_data = ctx;
	return nonseekable_open(inode, file);
}

static int td_release(struct inode *inode, struct file *file)
{
	struct td_ctx *ctx = file->private_data;

	td_end(ctx);
	td_stage_free(&ctx->st);
	put_pid_ns(ctx->pid_ns);
	put_cred(ctx->cred);
	put_pid(ctx->opener);
	mutex_destroy(&ctx->lock);
	kfree(ctx);
	return 0;
}

static int td_parse_get(struct td_ctx *ctx, const char *payload, size_t len)
{
	struct task_diag_pid req;
	const struct cred *old;
	int ret;

	if (len < sizeof(req))
		return -EINVAL;
	memcpy(&req, payload, sizeof(req));
	/* LIST's ids follow the request; other requests' tails are zero */
	if (req.dump_strategy != TASK_DIAG_DUMP_LIST &&
	    memchr_inv(payload + sizeof(req), 0, len - sizeof(req)))
		return -E2BIG;
	if ((req.flags & ~TD_REQ_FLAGS) ||
	    req.dump_strategy >= __TASK_DIAG_DUMP_MAX)
		return -EINVAL;
	if (!(td_supported_strategies() & BIT(req.dump_strategy)))
		return -EOPNOTSUPP;
	if (req.show_flags & ~TD_KNOWN_GROUPS)
		return -EINVAL;
	if (req.show_flags & ~td_supported_groups())
		return -EOPNOTSUPP;

	old = override_creds(ctx->cred);
	ret = td_iter_init(ctx, req.dump_strategy, req.pid);
	revert_creds(old);
	if (!ret && req.dump_strategy == TASK_DIAG_DUMP_LIST)
		ret = td_list_parse(&ctx->it, payload + sizeof(req),
				    len - sizeof(req));
	if (ret)
		return ret;
	ctx->show = req.show_flags;
	ctx->req_flags = req.flags;
	return 0;
}

static ssize_t td_write(struct file *file, const char __user *ubuf,
			size_t len, loff_t *ppos)
{
	struct td_ctx *ctx = file->private_data;
	struct nlmsghdr *nlh;
	char *buf;
	int ret;

	if (len < NLMSG_HDRLEN)
		return -EINVAL;
	if (len > TASK_DIAG_MAX_REQUEST_SIZE)
		return -E2BIG;
	buf = kmalloc(len, TD_GFP);
	if (!buf)
		return -ENOMEM;
	if (copy_from_user(buf, ubuf, len)) {
		kfree(buf);
		return -EFAULT;
	}
	nlh = (struct nlmsghdr *)buf;

	ret = mutex_lock_interruptible(&ctx->lock);
	if (ret)
		goto out_free;
	if (ctx->active) {
		ret = -EBUSY;
		goto out_unlock;
	}
	if (nlh->nlmsg_len != len) {
		ret = -EINVAL;
		goto out_unlock;
	}
	switch (nlh->nlmsg_type) {
	case TASK_DIAG_CMD_VERSION:
		ret = memchr_inv(buf + NLMSG_HDRLEN, 0, len - NLMSG_HDRLEN) ?
		      -E2BIG : 0;
		ctx->version_pending = !ret;
		break;
	case TASK_DIAG_CMD_GET:
		ret = td_parse_get(ctx, buf + NLMSG_HDRLEN, len - NLMSG_HDRLEN);
		break;
	default:
		ret = -EINVAL;
	}
	if (!ret) {
		ctx->seq = nlh->nlmsg_seq;
		ctx->active = true;
		ctx->ended = false;
		ctx->err = 0;
		ctx->st.active = false;
	}
out_unlock:
	mutex_unlock(&ctx->lock);
out_free:
	kfree(buf);
	return ret ? ret : len;
}

/*
 * Fill ubuf with as many messages as fit (60 KiB at the most); 0
 * with ctx->ended at the end.  The messages are built in a buffer of this
 * read, whose last page is the streams' scratch page, and copied out at
 * once; nothing of it is kept between reads.
 */
static ssize_t td_dump(struct td_ctx *ctx, char __user *ubuf, size_t count)
{
	struct task_struct *task;
	size_t off = 0;
	ssize_t n;
	bool whole;
	char *out;
	int ret = 0;

	count = min_t(size_t, count, TD_OUT_SIZE - PAGE_SIZE);
	out = kvmalloc(count + PAGE_SIZE, TD_GFP);
	if (!out)
		return -ENOMEM;
	ctx->st.page = out + count;
	for (;;) {
		if (!ctx->st.active) {
			if (fatal_signal_pending(current)) {
				ret = -EINTR;
				break;
			}
			task = td_iter_next(ctx, &whole);
			if (!task) {
				ctx->ended = true;
				break;
			}
			ret = td_fill_task(ctx, task, whole);
			put_task_struct(task);
			if (ret > 0) {          /* gone meanwhile: next one */
				ret = 0;
				continue;
			}
			if (ret) {
				ctx->st.active = false;
				break;
			}
		}
		n = td_stage_emit(&ctx->st, out + off, count - off, ctx->seq);
		if (n < 0) {
			ret = n;
			break;
		}
		off += n;
		/* the staged task did not fit completely: the buffer is full */
		if (!n || ctx->st.active)
			break;
		cond_resched();
	}
	ctx->st.page = NULL;
	if (off && copy_to_user(ubuf, out, off)) {
		off = 0;
		ret = -EFAULT;
	}
	kvfree(out);
	if (off) {
		/* report the error with the next read, after this data */
		ctx->err = ret;
		return off;
	}
	if (ret)
		return ret;
	/* TASK_DIAG_MIN_READ_SIZE makes every first message fit */
	return ctx->ended ? 0 : -EINVAL;
}

static ssize_t td_read(struct file *file, char __user *ubuf, size_t count,
		       loff_t *ppos)
{
	struct td_ctx *ctx = file->private_data;
	const struct cred *old;
	ssize_t ret;

	ret = mutex_lock_interruptible(&ctx->lock);
	if (ret)
		return ret;
	if (!ctx->active) {
		ret = 0;
	} else if (count < TASK_DIAG_MIN_READ_SIZE) {
		ret = -EINVAL;
	} else if (ctx->err) {
		ret = ctx->err;
		td_end(ctx);
	} else if (ctx->version_pending) {
		ret = td_emit_version(ubuf, count, ctx->seq);
		ctx->version_pending = false;
		ctx->ended = true;
		if (ret < 0)
			td_end(ctx);
	} else if (ctx->ended) {
		td_end(ctx);
		ret = 0;
	} else {
		old = override_creds(ctx->cred);
		ret = td_dump(ctx, ubuf, count);
		revert_creds(old);
		if (ret <= 0)
			td_end(ctx);
	}
	mutex_unlock(&ctx->lock);
	return ret;
}

static const struct proc_ops td_proc_ops = {
	.proc_open = td_open,
	.proc_release = td_release,
	.proc_read = td_read,
	.proc_write = td_write,
	.proc_lseek = TD_PROC_LSEEK,
};

static int __init td_init(void)
{
	int ret;

	BUILD_BUG_ON(sizeof(struct task_diag_pid) != 24);
	BUILD_BUG_ON(sizeof(struct task_diag_msg) != 12);
	BUILD_BUG_ON(sizeof(struct task_diag_base) != 128);
	BUILD_BUG_ON(sizeof(struct task_diag_creds) != 80);
	BUILD_BUG_ON(sizeof(struct task_diag_stat) != 304);
	BUILD_BUG_ON(sizeof(struct task_diag_statm) != 160);
	BUILD_BUG_ON(sizeof(struct task_diag_io) != 56);
	BUILD_BUG_ON(sizeof(struct task_diag_ns) != 80);
	BUILD_BUG_ON(sizeof(struct task_diag_version) != 32);
	/* the largest fixed attribute fits a minimum read with its headers */
	BUILD_BUG_ON(NLMSG_HDRLEN + sizeof(struct task_diag_msg) + NLA_HDRLEN +
		     sizeof(struct task_diag_stat) > TASK_DIAG_MIN_READ_SIZE);

	ret = td_syms_init();
	if (ret)
		return ret;
	/*
	 * World-writable on purpose: a write only poses a question to this
	 * descriptor, and every answer is filtered by the opener's rights.
	 */
	if (!proc_create("task-diag", 0666, NULL, &td_proc_ops))
		return -ENOMEM;
	pr_info("task_diag: version %d, groups %#llx, strategies %#x\n",
		TASK_DIAG_VERSION, td_supported_groups(),
		td_supported_strategies());
	return 0;
}

static void __exit td_exit(void)
{
	remove_proc_entry("task-diag", NULL);
}

module_init(td_init);
module_exit(td_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("task_diag: bulk per-task data through /proc/task-diag");
MODULE_VERSION("1");
