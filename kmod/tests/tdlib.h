/* SPDX-License-Identifier: GPL-2.0 */
/* Test-side client of /proc/task-diag: requests, and a strict parser. */
#ifndef TDLIB_H
#define TDLIB_H

#include <stddef.h>
#include <stdint.h>
#include <linux/task_diag.h>

#define TD_PATH "/proc/task-diag"
#define TD_ALL_GROUPS_V1 ((1ULL << __TASK_DIAG_GROUP_MAX) - 1 - \
			  TASK_DIAG_SHOW(TASK_DIAG_VMA) - \
			  TASK_DIAG_SHOW(TASK_DIAG_VMA_STAT))

struct td_bytes {
	char *data;
	size_t len;
};

/* One task, merged from all its messages. */
struct td_task {
	uint32_t pid, tgid;
	uint64_t have;		/* bit n: attribute type n was present */
	uint64_t withheld;	/* TASK_DIAG_WITHHELD, 0 if absent */
	struct task_diag_base base;
	struct task_diag_creds cred;
	struct task_diag_stat stat;
	struct task_diag_statm statm;
	struct task_diag_io io;
	struct task_diag_ns ns;
	struct task_diag_oom oom;
	struct task_diag_loginuid login;
	struct td_bytes var[__TASK_DIAG_GROUP_MAX];	/* variable groups */
	int nmsgs;		/* messages this task took */
};

/* return non-zero from the callback to stop early (dump is drained) */
typedef int (*td_task_cb)(const struct td_task *t, void *arg);

int td_open(const char *path);
/* 0 or -errno */
int td_request(int fd, uint64_t show, uint32_t strategy, uint32_t pid,
	       uint32_t seq);
/* the same with request flags (TASK_DIAG_REQ_*) */
int td_request_flags(int fd, uint64_t show, uint32_t flags,
		     uint32_t strategy, uint32_t pid, uint32_t seq);
int td_write_raw(int fd, const void *buf, size_t len);
/*
 * Read the answer with read() buffers of bufsize bytes, checking framing.
 * Returns the number of tasks, or -1 with a message in err (protocol
 * violation) or -errno (a read failed).
 */
long td_collect(int fd, size_t bufsize, uint32_t seq, td_task_cb cb,
		void *arg, char *err, size_t errlen);
/*
 * Called by td_collect() after each read() with the bytes it returned,
 * before they are parsed (tests that change tasks between two reads of
 * an answer); NULL: none.
 */
extern void (*td_after_read)(const char *buf, size_t n);
/* Drain and discard; returns bytes read or -errno. */
long td_drain(int fd, size_t bufsize);
/* Version handshake; 0 or -errno. */
int td_version(int fd, struct task_diag_version *v);
void td_task_free(struct td_task *t);
int td_is_variable(unsigned int type);

/* results: every test prints PASS:/FAIL: lines through these */
extern int td_passes, td_fails;
void pass(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int td_summary(void);
double now_s(void);

#endif
