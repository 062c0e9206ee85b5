/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Differences between the kernels the module is built for: Debian 12's
 * 6.1 and its 6.12 (the series Debian 13 ships).  Everything that depends
 * on the kernel version is here, nowhere else.
 */
#ifndef _TD_COMPAT_H
#define _TD_COMPAT_H

#include <linux/version.h>
#include <linux/capability.h>
#include <linux/fs.h>

/* kernel_cap_t became a single u64 in 6.3 */
static inline u64 td_cap_u64(kernel_cap_t c)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 3, 0)
	return c.val;
#else
	return ((u64)c.cap[1] << 32) | c.cap[0];
#endif
}

/*
 * no_llseek went in 6.12: nonseekable_open() alone makes lseek() fail with
 * ESPIPE there.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define TD_PROC_LSEEK	NULL
#else
#define TD_PROC_LSEEK	no_llseek
#endif

/*
 * /proc/PID/statm and status sum the per-cpu RSS counters exactly since
 * get_mm_counter_sum() came (6.12 stable updates, 6.16); before, they
 * read the approximate total, as /proc/PID/stat still does.
 */
#ifdef TD_HAVE_MM_COUNTER_SUM
#define td_mm_counter(mm, member)	get_mm_counter_sum(mm, member)
#else
#define td_mm_counter(mm, member)	get_mm_counter(mm, member)
#endif

/*
 * A kprobe on a function sits past its ENDBR64 (sealed or not) where the
 * kernel is built for indirect branch tracking (6.12, not 6.1).
 */
#ifdef CONFIG_X86_KERNEL_IBT
#include <asm/ibt.h>
static inline void *td_kprobe_func(void *addr)
{
	return is_endbr(*(const u32 *)(addr - ENDBR_INSN_SIZE)) ?
	       addr - ENDBR_INSN_SIZE : addr;
}
#else
static inline void *td_kprobe_func(void *addr)
{
	return addr;
}
#endif

#endif /* _TD_COMPAT_H */
