/* One row of process data, filled by a backend.
 *
 * Every field is typed and in the unit the kernel reports, so programs never
 * re-parse text.  A field is valid only when its data group was requested
 * (see items.h); otherwise it holds the "missing" value a backend leaves:
 * zero for numbers, NULL for strings. */
#ifndef PROCPS_TD_TASK_H
#define PROCPS_TD_TASK_H

#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include "itemlist.h"

enum { TASK_COMM_MAX = 64 };

/* Namespaces, in the order of their items (ITEM_NS_CGROUP..ITEM_NS_UTS). */
enum task_ns {
	TASK_NS_CGROUP, TASK_NS_IPC, TASK_NS_MNT, TASK_NS_NET, TASK_NS_PID,
	TASK_NS_TIME, TASK_NS_USER, TASK_NS_UTS, TASK_NS_COUNT
};

/* A raw byte vector from /proc (cmdline, environ, cgroup): NUL separated. */
struct task_blob {
	char *data;       /* NULL when unavailable (permission, vanished) */
	size_t len;
};

/* The groups most rows never need keep their fields in blocks of their
 * own, allocated for a row only when its group is filled: top keeps a row
 * per task between refreshes, and at 50,000 tasks a row holding every
 * field cost 41 MB.  A row without a block points at a shared block of
 * zeros that is read-only (a write through it faults), so reading a field
 * whose group was not fetched gives the missing value, as for the rest. */
/* The fields of a block, declared from ITEM_LIST's rows (itemlist.h) of
 * the groups that live there: X(block) expands to them. */
#define TASK_CTYPE_T_INT        int
#define TASK_CTYPE_T_UINT       unsigned
#define TASK_CTYPE_T_LONG       long
#define TASK_CTYPE_T_ULONG      unsigned long
#define TASK_CTYPE_T_ULL        unsigned long long
#define TASK_CTYPE_T_U64        uint64_t
#define TASK_CTYPE_T_CHAR       char
#define TASK_CTYPE_T_STR        char
#define TASK_CTYPE_T_STRP       char *
#define TASK_CTYPE_T_BLOB       struct task_blob
/* and the array bound after the name: only T_STR has one */
#define TASK_CDIM_T_STR         [TASK_COMM_MAX]
#define TASK_CDIM_T_INT
#define TASK_CDIM_T_UINT
#define TASK_CDIM_T_LONG
#define TASK_CDIM_T_ULONG
#define TASK_CDIM_T_ULL
#define TASK_CDIM_T_U64
#define TASK_CDIM_T_CHAR
#define TASK_CDIM_T_STRP
#define TASK_CDIM_T_BLOB
/* TB_SAME(a, b): 1 when blocks a and b are one, else 0 */
#define TB_SAME_CORE_CORE       ~, 1
#define TB_SAME_STATUS_STATUS   ~, 1
#define TB_SAME_IO_IO           ~, 1
#define TB_SAME_SMAPS_SMAPS     ~, 1
#define TB_TEST_(...)           TB_SECOND_(__VA_ARGS__, 0, )
#define TB_WHEN_0(...)
#define TB_WHEN_1(...)          __VA_ARGS__
#define TB_FIELD_(blk, ty, field, ...)                                       \
	TB_PASTE(TB_WHEN_,                                                   \
		 TB_TEST_(TB_OF(TB_SAME_##blk##_, TB_FIRST_(__VA_ARGS__, )))) \
	(TASK_CTYPE_##ty field TB_PASTE(TASK_CDIM_, ty);)
#define TASK_FIELDS_CORE(id, nm, ty, grp, field, ...)   TB_FIELD_(CORE, ty, field, grp)
#define TASK_FIELDS_STATUS(id, nm, ty, grp, field, ...) TB_FIELD_(STATUS, ty, field, grp)
#define TASK_FIELDS_IO(id, nm, ty, grp, field, ...)     TB_FIELD_(IO, ty, field, grp)
#define TASK_FIELDS_SMAPS(id, nm, ty, grp, field, ...)  TB_FIELD_(SMAPS, ty, field, grp)

/* The groups most rows never need keep their fields in blocks of their
 * own, allocated for a row only when its group is filled: top keeps a row
 * per task between refreshes, and at 50,000 tasks a row holding every
 * field cost 41 MB.  A row without a block points at a shared block of
 * zeros that is read-only (a write through it faults), so reading a field
 * whose group was not fetched gives the missing value, as for the rest. */
struct task_status {
	int status_nlwp;   /* Threads: (no item; the parsers' tests read it) */
	ITEM_LIST(TASK_FIELDS_STATUS)
};

struct task_io {
	ITEM_LIST(TASK_FIELDS_IO)
};

struct task_smaps {                       /* smaps_rollup, KiB */
	ITEM_LIST(TASK_FIELDS_SMAPS)
};

struct task_ns_inodes {
	unsigned long ino[TASK_NS_COUNT]; /* inode numbers, 0 if unknown */
};

struct task {
	/* the fields of the groups that live in the row: the identity
	 * (tid == tgid for a process row), stat, the owner of /proc/PID
	 * (euid/egid), statm, the strings and small files */
	ITEM_LIST(TASK_FIELDS_CORE)

	/* the blocks (see above): never NULL after task_clear */
	struct task_status *status;
	struct task_io *io;
	struct task_smaps *smaps;
	struct task_ns_inodes *ns;

	/* bookkeeping */
	unsigned groups_filled;           /* bit per group actually read */
	int is_thread_row;                /* a thread shown under -L/-T/H/m */
	int is_kernel_thread;             /* PF_KTHREAD set */
};

/* An empty row: zeros, no strings, every block the shared empty one. */
void task_clear(struct task *t);
/* The row's own block, allocated (zeroed) on first use; NULL when memory
 * ran out.  Fillers call these before writing a block's fields. */
struct task_status *task_status_own(struct task *t);
struct task_io *task_io_own(struct task *t);
struct task_smaps *task_smaps_own(struct task *t);
struct task_ns_inodes *task_ns_own(struct task *t);
/* Frees what the row owns, its strings and blocks, leaving it without
 * them (freeing it again does nothing). */
void task_free_strings(struct task *t);
/* A copy with strings and blocks of its own (the ones it could not copy
 * are missing); 0, or -1 when memory ran out. */
int task_copy(struct task *dst, const struct task *src);

#endif
