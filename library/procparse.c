/* Hand-written /proc parsers: no sscanf on hot paths.
 *
 * A cursor walks the buffer; every read checks the end, so a truncated or
 * garbled file can never make a parser read past what the kernel gave. */
#include <errno.h>
#include <string.h>
#include <stdint.h>
#include <stdlib.h>
#include "procparse.h"

struct cursor {
	const char *p, *end;
};

/* The first non-blank byte at or after p (end if none). */
static inline __attribute__((always_inline)) const char *
blanks_end(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

static void skip_blanks(struct cursor *c)
{
	c->p = blanks_end(c->p, c->end);
}

/* Reads an unsigned decimal number after blanks; 0 and -1 if there is
 * none.  Inline, on local pointers: stat alone is 45 of them per
 * process, and the calls were a third of ps's own instructions. */
static inline __attribute__((always_inline)) int
next_digits(struct cursor *c, unsigned long long *out, int allow_minus)
{
	const char *p = c->p, *end = c->end;
	unsigned long long v = 0;
	int neg = 0;

	p = blanks_end(p, end);
	if (allow_minus && p < end && *p == '-') {
		neg = 1;
		p++;
	}
	if (p >= end || (unsigned char)(*p - '0') > 9) {
		c->p = p;
		*out = 0;
		return -1;
	}
	do
		v = v * 10 + (unsigned)(*p++ - '0');
	while (p < end && (unsigned char)(*p - '0') <= 9);
	c->p = p;
	*out = neg ? 0 - v : v;
	return 0;
}

/* Reads an optionally negative decimal number; 0 if none. */
static inline int next_ll(struct cursor *c, long long *out)
{
	unsigned long long v;
	int rc = next_digits(c, &v, 1);

	*out = (long long)v;    /* two's complement: no signed overflow */
	return rc;
}

static inline int next_ull(struct cursor *c, unsigned long long *out)
{
	return next_digits(c, out, 0);
}

static uint64_t next_hex(struct cursor *c)
{
	uint64_t v = 0;

	skip_blanks(c);
	for (; c->p < c->end; c->p++) {
		char ch = *c->p;

		if (ch >= '0' && ch <= '9')
			v = v << 4 | (uint64_t)(ch - '0');
		else if (ch >= 'a' && ch <= 'f')
			v = v << 4 | (uint64_t)(ch - 'a' + 10);
		else if (ch >= 'A' && ch <= 'F')
			v = v << 4 | (uint64_t)(ch - 'A' + 10);
		else
			break;
	}
	return v;
}

static void next_line(struct cursor *c)
{
	const char *nl = memchr(c->p, '\n', (size_t)(c->end - c->p));

	c->p = nl ? nl + 1 : c->end;
}

/* Field setters for the numeric run after the state letter of stat. */
#define L(field)  { long long v; next_ll(&c, &v); t->field = v; }
#define U(field)  { unsigned long long v; next_ull(&c, &v); t->field = v; }
#define SKIP()    { long long v; next_ll(&c, &v); (void)v; }

int parse_stat(const char *buf, size_t len, struct task *t)
{
	/* comm runs from the first '(' to the LAST ')': a name may hold
	 * both characters and spaces. */
	const char *open = memchr(buf, '(', len);
	const char *close;
	struct cursor c;

	if (!open)
		return -1;
	/* memrchr: the byte-by-byte scan back from the end was a fifth
	 * of ps's own instructions for ps -ef */
	close = memrchr(open + 1, ')', (size_t)(buf + len - open - 1));
	if (!close)
		return -1;
	size_t n = (size_t)(close - open - 1);

	if (n >= sizeof(t->comm))
		n = sizeof(t->comm) - 1;
	memcpy(t->comm, open + 1, n);
	t->comm[n] = '\0';

	c.p = close + 1;
	c.end = buf + len;
	skip_blanks(&c);
	if (c.p >= c.end)
		return -1;
	t->state = *c.p++;
	L(ppid) L(pgrp) L(session) L(tty_nr) L(tpgid)
	U(flags) U(minflt) U(cminflt) U(majflt) U(cmajflt)
	U(utime) U(stime) L(cutime) L(cstime)
	L(priority) L(nice) L(nlwp)
	SKIP() /* itrealvalue */
	U(start_time) U(vsize) L(rss) U(rsslim)
	U(start_code) U(end_code) U(start_stack) U(kstk_esp) U(kstk_eip)
	SKIP() SKIP() SKIP() SKIP() /* signal, blocked, ignored, caught */
	U(wchan_addr)
	SKIP() SKIP() /* nswap, cnswap */
	L(exit_signal) L(processor) U(rt_priority) U(policy)
	return 0;
}
#undef L
#undef U
#undef SKIP

/* Compares a status key (up to the ':') with its name. */
static int key_is(const char *k, size_t klen, const char *name)
{
	return strlen(name) == klen && memcmp(k, name, klen) == 0;
}

static unsigned long status_kib(struct cursor *c)
{
	unsigned long long v;

	next_ull(c, &v);
	return (unsigned long)v;
}

static void status_ids(struct cursor *c, unsigned *r, unsigned *e,
		       unsigned *s, unsigned *f)
{
	unsigned long long v;

	next_ull(c, &v); *r = (unsigned)v;
	next_ull(c, &v); *e = (unsigned)v;
	next_ull(c, &v); *s = (unsigned)v;
	next_ull(c, &v); *f = (unsigned)v;
}

/* "Groups:\t4 24 27 \n" becomes "4,24,27"; an empty list becomes "". */
static char *status_groups(struct cursor *c)
{
	const char *nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
	const char *stop = nl ? nl : c->end;
	size_t cap = (size_t)(stop - c->p) + 1, n = 0;
	char *out = malloc(cap);

	if (!out)
		return NULL;
	while (c->p < stop) {
		skip_blanks(c);
		if (c->p >= stop)
			break;
		if (n)
			out[n++] = ',';
		while (c->p < stop && *c->p != ' ' && *c->p != '\t')
			out[n++] = *c->p++;
	}
	out[n] = '\0';
	return out;
}

int parse_status(const char *buf, size_t len, struct task *t)
{
	const char *p = buf, *end = buf + len;

	if (!task_status_own(t))
		return -ENOMEM;
	/* One search for the line's end; the key's colon is looked for
	 * only on lines whose first letter a kept key has (two searches
	 * per line were half of ps aux's own instructions on procfs).  A
	 * value is read within its line. */
	while (p < end) {
		const char *k = p;
		const char *nl = memchr(k, '\n', (size_t)(end - k));
		const char *eol = nl ? nl : end;
		const char *colon;

		p = nl ? nl + 1 : end;
		switch (k[0]) {
		case 'G': case 'R': case 'S': case 'T': case 'U': case 'V':
			break;
		default:
			continue;
		}
		colon = memchr(k, ':', (size_t)(eol - k));
		if (!colon)
			continue;
		struct cursor c = { colon + 1, eol };
		size_t klen = (size_t)(colon - k);
		unsigned long long v;

		switch (k[0]) {
		case 'G':
			if (key_is(k, klen, "Gid"))
				status_ids(&c, &t->status->rgid, &t->egid,
					   &t->status->sgid, &t->status->fgid);
			else if (key_is(k, klen, "Groups")) {
				free(t->status->supgids);
				t->status->supgids = status_groups(&c);
			}
			break;
		case 'R':
			if (key_is(k, klen, "RssAnon"))
				t->status->vm_rss_anon = status_kib(&c);
			else if (key_is(k, klen, "RssFile"))
				t->status->vm_rss_file = status_kib(&c);
			else if (key_is(k, klen, "RssShmem"))
				t->status->vm_rss_shared = status_kib(&c);
			break;
		case 'S':
			if (key_is(k, klen, "SigPnd"))
				t->status->sig_pending = next_hex(&c);
			else if (key_is(k, klen, "ShdPnd"))
				t->status->sig_shared = next_hex(&c);
			else if (key_is(k, klen, "SigBlk"))
				t->status->sig_blocked = next_hex(&c);
			else if (key_is(k, klen, "SigIgn"))
				t->status->sig_ignored = next_hex(&c);
			else if (key_is(k, klen, "SigCgt"))
				t->status->sig_caught = next_hex(&c);
			break;
		case 'T':
			if (key_is(k, klen, "Tgid")) {
				next_ull(&c, &v);
				t->tgid = (int)v;
			} else if (key_is(k, klen, "TracerPid")) {
				next_ull(&c, &v);
				t->status->tracer = (int)v;
			} else if (key_is(k, klen, "Threads")) {
				next_ull(&c, &v);
				t->status->status_nlwp = (int)v;
			}
			break;
		case 'U':
			if (key_is(k, klen, "Uid"))
				status_ids(&c, &t->status->ruid, &t->euid,
					   &t->status->suid, &t->status->fuid);
			break;
		case 'V':
			if (key_is(k, klen, "VmSize"))
				t->status->vm_size = status_kib(&c);
			else if (key_is(k, klen, "VmLck"))
				t->status->vm_lock = status_kib(&c);
			else if (key_is(k, klen, "VmRSS"))
				t->vm_rss = status_kib(&c);
			else if (key_is(k, klen, "VmData"))
				t->status->vm_data = status_kib(&c);
			else if (key_is(k, klen, "VmStk"))
				t->status->vm_stack = status_kib(&c);
			else if (key_is(k, klen, "VmExe"))
				t->status->vm_exe = status_kib(&c);
			else if (key_is(k, klen, "VmLib"))
				t->status->vm_lib = status_kib(&c);
			else if (key_is(k, klen, "VmSwap"))
				t->status->vm_swap = status_kib(&c);
			break;
		}
	}
	return 0;
}

int parse_statm(const char *buf, size_t len, struct task *t)
{
	struct cursor c = { buf, buf + len };
	unsigned long long v[7] = { 0 };

	for (int i = 0; i < 7; i++)
		if (next_ull(&c, &v[i]) < 0)
			break;
	t->sm_size = v[0];
	t->sm_resident = v[1];
	t->sm_shared = v[2];
	t->sm_text = v[3];
	t->sm_lib = v[4];
	t->sm_data = v[5];
	t->sm_dirty = v[6];
	return 0;
}

/* "key: value" lines; fn maps each key to a field. */
typedef void (*kv_fn)(const char *k, size_t klen, struct cursor *c,
		      struct task *t);

static void parse_kv(const char *buf, size_t len, struct task *t, kv_fn fn)
{
	struct cursor c = { buf, buf + len };

	while (c.p < c.end) {
		const char *colon = memchr(c.p, ':', (size_t)(c.end - c.p));
		const char *nl = memchr(c.p, '\n', (size_t)(c.end - c.p));

		if (colon && (!nl || colon < nl)) {
			const char *k = c.p;

			c.p = colon + 1;
			fn(k, (size_t)(colon - k), &c, t);
		}
		next_line(&c);
	}
}

/* A "key: value" file's keys, each with its field's offset. */
struct kv_field {
	const char *name;
	size_t off;
};

#define KV_COUNT(table) (sizeof(table) / sizeof((table)[0]))

/* The offset of key k in table, or -1 when the file's key is not kept. */
static long kv_offset(const struct kv_field *table, size_t n,
		      const char *k, size_t klen)
{
	for (size_t i = 0; i < n; i++)
		if (key_is(k, klen, table[i].name))
			return (long)table[i].off;
	return -1;
}

static const struct kv_field io_fields[] = {
	{ "rchar", offsetof(struct task_io, io_rchar) },
	{ "wchar", offsetof(struct task_io, io_wchar) },
	{ "syscr", offsetof(struct task_io, io_syscr) },
	{ "syscw", offsetof(struct task_io, io_syscw) },
	{ "read_bytes", offsetof(struct task_io, io_read_bytes) },
	{ "write_bytes", offsetof(struct task_io, io_write_bytes) },
	{ "cancelled_write_bytes",
	  offsetof(struct task_io, io_cancelled_write_bytes) },
};

static void io_key(const char *k, size_t klen, struct cursor *c,
		   struct task *t)
{
	long off = kv_offset(io_fields, KV_COUNT(io_fields), k, klen);

	if (off >= 0)
		next_ull(c, (unsigned long long *)((char *)t->io + off));
}

int parse_io(const char *buf, size_t len, struct task *t)
{
	if (!task_io_own(t))
		return -ENOMEM;
	parse_kv(buf, len, t, io_key);
	return 0;
}

static const struct kv_field smaps_fields[] = {
	{ "Rss", offsetof(struct task_smaps, sm_rss) },
	{ "Pss", offsetof(struct task_smaps, sm_pss) },
	{ "Pss_Anon", offsetof(struct task_smaps, sm_pss_anon) },
	{ "Pss_File", offsetof(struct task_smaps, sm_pss_file) },
	{ "Pss_Shmem", offsetof(struct task_smaps, sm_pss_shmem) },
	{ "Swap", offsetof(struct task_smaps, sm_swap) },
	{ "SwapPss", offsetof(struct task_smaps, sm_swap_pss) },
	{ "Locked", offsetof(struct task_smaps, sm_locked) },
};

static void smaps_key(const char *k, size_t klen, struct cursor *c,
		      struct task *t)
{
	unsigned long long v;
	long off;

	/* USS is what is private to the task: clean plus dirty. */
	if (key_is(k, klen, "Private_Clean") ||
	    key_is(k, klen, "Private_Dirty")) {
		next_ull(c, &v);
		t->smaps->sm_uss += (unsigned long)v;
		return;
	}
	off = kv_offset(smaps_fields, KV_COUNT(smaps_fields), k, klen);
	if (off >= 0) {
		next_ull(c, &v);
		*(unsigned long *)((char *)t->smaps + off) = (unsigned long)v;
	}
}

int parse_smaps_rollup(const char *buf, size_t len, struct task *t)
{
	if (!task_smaps_own(t))
		return -ENOMEM;
	parse_kv(buf, len, t, smaps_key);
	return 0;
}

/* "/autogroup-123 nice 0\n" */
int parse_autogroup(const char *buf, size_t len, struct task *t)
{
	struct cursor c = { buf, buf + len };
	const char *dash = memchr(buf, '-', len);
	long long v;

	if (!dash)
		return -1;
	c.p = dash + 1;
	if (next_ll(&c, &v) < 0)
		return -1;
	t->autogroup_id = (int)v;
	while (c.p < c.end && (*c.p < '0' || *c.p > '9') && *c.p != '-')
		c.p++;
	if (next_ll(&c, &v) == 0)
		t->autogroup_nice = (int)v;
	return 0;
}

int parse_int_file(const char *buf, size_t len, long long *out)
{
	struct cursor c = { buf, buf + len };

	return next_ll(&c, out);
}
