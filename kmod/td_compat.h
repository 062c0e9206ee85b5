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
 * Indirect branch tracking (6.12 is built with CONFIG_X86_KERNEL_IBT; 6.1
 * is not): on a CPU that enforces it, an indirect call must land on an
 * ENDBR64, and the kernel seals (overwrites) that instruction in every
 * function it never calls indirectly.  Calling a function found by name
 * through a pointer is then only possible if its ENDBR64 is intact.
 */
#ifdef CONFIG_X86_KERNEL_IBT
#include <asm/cpufeature.h>
#include <asm/ibt.h>
static inline bool td_callable(const void *fn)
{
	return !cpu_feature_enabled(X86_FEATURE_IBT) ||
	       *(const u32 *)fn == gen_endbr();
}

/* A kprobe on a function sits past its ENDBR64 (sealed or not). */
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

static inline bool td_callable(const void *fn)
{
	return true;
}
#endif

#endif /* _TD_COMPAT_H */
