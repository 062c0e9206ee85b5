/* Cell printers for the less common columns: signal masks, memory
 * segments, fault and I/O counters, namespaces, cgroups, systemd and
 * container names, security labels, and the reference's test columns.
 * Each writes into o->buf and returns the cells it used. */
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/vfs.h>
#include <unistd.h>
#include "library/cpunode.h"
#include "library/escape.h"
#include "library/names.h"
#include "print.h"

enum { COLWID = 240, TEXT_MAX = 128 * 1024 };

/* A text cell cut to the room the column has, through the display
 * layer's escaping. */
static int text_cell(struct out *o, const char *text)
{
	int cells = o->max_rightward;

	escape_cells(o->buf, text, OUTBUF_SIZE, &cells);
	return o->max_rightward - cells;
}

/* ---- the reference's test columns ----
 * They cycle through fixed values by the count of rows left until the
 * next header: it starts at 1 and counts down, one step per row, and
 * restarts from rows - 1 at each repeated header (--headers). */

static unsigned row_counter(const struct task *t)
{
	(void)t;
	return (unsigned)ctx.test_row;
}

int pr_t_left(struct out *o, const struct task *t)
{
	static const char *const v[] = {
		"tty7", "pts/9999", "iseries/vtty42", "ttySMX0", "3270/tty4",
	};

	return fmt_text(o->buf, v[row_counter(t) % 5u]);
}

int pr_t_left2(struct out *o, const struct task *t)
{
	static const char *const v[] = {
		"tty7", "pts/9999", "ttySMX0", "3270/tty4",
	};

	return fmt_text(o->buf, v[row_counter(t) % 4u]);
}

int pr_t_right(struct out *o, const struct task *t)
{
	static const char *const v[] = {
		"999-23:59:59", "99-23:59:59", "9-23:59:59", "59:59",
	};

	return fmt_text(o->buf, v[row_counter(t) % 4u]);
}

int pr_t_right2(struct out *o, const struct task *t)
{
	static const char *const v[] = {
		"999-23:59:59", "99-23:59:59", "9-23:59:59",
	};

	return fmt_text(o->buf, v[row_counter(t) % 3u]);
}

/* Like args: cut to the room left. */
static int cut_cell(struct out *o, const char *s)
{
	size_t len = strlen(s);

	if (len > (size_t)o->max_rightward)
		len = (size_t)o->max_rightward;
	memcpy(o->buf, s, len);
	o->buf[len] = '\0';
	return (int)len;
}

int pr_t_unlimited(struct out *o, const struct task *t)
{
	static const char *const v[] = {
		"[123456789-12345] <defunct>", "ps", "123456789-123456",
	};

	return cut_cell(o, v[row_counter(t) % 3u]);
}

int pr_t_unlimited2(struct out *o, const struct task *t)
{
	static const char *const v[] = {
		"unlimited", "[123456789-12345] <defunct>", "ps",
		"123456789-123456",
	};

	return cut_cell(o, v[row_counter(t) % 4u]);
}

/* ---- signal masks ---- */

/* pending, sig, sig_pend: the process-wide (shared) pending set, but
 * a thread other than the leader shows its own set, as the reference's
 * library fills it. */
int pr_sig(struct out *o, const struct task *t)
{
	return sigset_cell(o, t->tid != t->tgid ? t->sig_pending : t->sig_shared);
}
/* ---- memory ----
 * The old BSD segment columns come from stat: the code segment is
 * end_code - start_code, the rest of the address space is "data". */

static long code_kib(const struct task *t)
{
	if (!t->vsize)
		return 0;
	return (long)((t->end_code - t->start_code) >> 10);
}

static long data_kib(const struct task *t)
{
	if (!t->vsize)
		return 0;
	return (long)((t->vsize - t->end_code + t->start_code) >> 10);
}

int pr_trs(struct out *o, const struct task *t)  { return fmt_ll(o->buf, code_kib(t)); }
int pr_drs(struct out *o, const struct task *t)  { return fmt_ll(o->buf, data_kib(t)); }
/* size: what could be swapped, data plus stack. */
int pr_swapable(struct out *o, const struct task *t)
{
	return fmt_ull(o->buf, t->vm_data + t->vm_stack);
}

/* lim: the RSS limit in KiB, "xx" for none. */
int pr_lim(struct out *o, const struct task *t)
{
	if (t->rsslim == (unsigned long)-1)
		return fmt_text(o->buf, "xx");
	return snprintf(o->buf, COLWID, "%5lu", t->rsslim >> 10);
}

/* With S (cumulative), the faults of reaped children count too. */
int pr_majflt(struct out *o, const struct task *t)
{
	unsigned long n = t->majflt;

	if (ctx.cumulative)
		n += t->cmajflt;
	return fmt_ull(o->buf, n);
}

int pr_minflt(struct out *o, const struct task *t)
{
	unsigned long n = t->minflt;

	if (ctx.cumulative)
		n += t->cminflt;
	return fmt_ull(o->buf, n);
}

/* ---- CPU shares ---- */

/* cp: per-mill of the task's life spent on a CPU, "%3u", capped. */
int pr_cp(struct out *o, const struct task *t)
{
	unsigned long long et = (unsigned long long)
		(elapsed_seconds(t) * (double)ctx.hertz);
	unsigned pm = 0;

	if (et)
		pm = (unsigned)(cpu_ticks(t) * 1000ULL / et);
	if (pm > 999)
		pm = 999;
	return snprintf(o->buf, COLWID, "%3u", pm);
}

/* The library's utilization: percent of the time since the task began,
 * measured against the uptime reading, 0 for a task younger than it. */
double utilization(const struct task *t, int children)
{
	double life = (double)ctx.boot_tics - (double)t->start_time;
	unsigned long long used = t->utime + t->stime;

	if (children)
		used += t->cutime + t->cstime;
	if (life > 0)
		return (double)used * 100.0 / life;
	return 0;
}

static int util_cell(struct out *o, double cu)
{
	if (cu > 99.0)
		cu = 99.999;
	return snprintf(o->buf, COLWID, "%#.3f", cu);
}

int pr_cuu(struct out *o, const struct task *t) { return util_cell(o, utilization(t, 0)); }
int pr_cuc(struct out *o, const struct task *t) { return util_cell(o, utilization(t, 1)); }

/* sgi_p: the CPU of a running task, '*' for any other. */
int pr_sgi_p(struct out *o, const struct task *t)
{
	if (t->state == 'R')
		return fmt_ull(o->buf, (unsigned)t->processor);
	return fmt_text(o->buf, "*");
}

/* numa: the memory node of the task's CPU, -1 when unknown. */
int pr_numa(struct out *o, const struct task *t)
{
	return fmt_ll(o->buf, cpu_numa_node(t->processor));
}

/* ---- login uid, autogroup ---- */

/* luid: the login uid, "-" when unset (or unreadable). */
int pr_luid(struct out *o, const struct task *t)
{
	if (!(t->groups_filled & GROUP_BIT(GRP_LOGIN)) ||
	    (int)t->loginuid == -1)
		return fmt_dash(o->buf);
	return fmt_ll(o->buf, (int)t->loginuid);
}

/* ag_id is -1 and ag_nice 0 for a task without an autogroup file. */
int pr_agid(struct out *o, const struct task *t)
{
	if (!(t->groups_filled & GROUP_BIT(GRP_AUTOGROUP)))
		return fmt_ll(o->buf, -1);
	return fmt_ll(o->buf, t->autogroup_id);
}

int pr_agnice(struct out *o, const struct task *t)
{
	if (!(t->groups_filled & GROUP_BIT(GRP_AUTOGROUP)))
		return fmt_ll(o->buf, 0);
	return fmt_ll(o->buf, t->autogroup_nice);
}

/* ---- executable, supplementary groups ---- */

int pr_exe(struct out *o, const struct task *t)
{
	static char text[TEXT_MAX];

	if (!t->exe)
		return text_cell(o, "-");
	escape_lib(text, t->exe, sizeof(text));
	return text_cell(o, text);
}

/* supgid: the numeric list, copied as it is, cut to the room left. */
int pr_supgid(struct out *o, const struct task *t)
{
	const char *s = t->supgids && *t->supgids ? t->supgids : "-";

	return cut_cell(o, s);
}

/* supgrp: the same list by name. */
int pr_supgrp(struct out *o, const struct task *t)
{
	static char text[TEXT_MAX];
	const char *s = t->supgids;
	size_t n = 0;

	if (!s || !*s)
		return text_cell(o, "-");
	while (*s) {
		char *end;
		unsigned long gid;
		int len;

		while (*s == ',')
			s++;
		gid = strtoul(s, &end, 10);
		if (end == s)
			break;
		s = end;
		len = snprintf(text + n, sizeof(text) - n, "%s%s",
			       n ? "," : "", group_name((gid_t)gid));
		if (len < 0 || (size_t)len >= sizeof(text) - n)
			break;
		n += (size_t)len;
	}
	text[n] = '\0';
	return text_cell(o, text);
}

/* ---- cgroups ----
 * The cgroup lines that are not a bare root ("...:/"), each through the
 * library's escaping, joined with commas; "-" when none is left. */

const char *cgroup_text(const struct task *t)
{
	static char text[TEXT_MAX], line[TEXT_MAX];
	static const struct task *last;
	const char *p, *end;
	size_t n = 0;

	if (t == last)
		return text;
	last = t;
	text[0] = '\0';
	if (t->cgroup.data) {
		p = t->cgroup.data;
		end = p + t->cgroup.len;
		/* trailing NULs don't count; a last blank is dropped */
		while (end > p && end[-1] == '\0')
			end--;
		if (end > p && t->cgroup.data[t->cgroup.len - 1] == ' ')
			end--;
		while (p < end) {
			const char *stop = p;
			size_t len;

			while (stop < end && *stop != '\n' && *stop != '\0')
				stop++;
			len = (size_t)(stop - p);
			if (len && p[len - 1] != '/' && len < sizeof(line)) {
				memcpy(line, p, len);
				line[len] = '\0';
				if (n && n + 1 < sizeof(text))
					text[n++] = ',';
				n += escape_lib(text + n, line, sizeof(text) - n);
			}
			p = stop + 1;
		}
	}
	if (!n)
		strcpy(text, "-");
	return text;
}

int pr_cgroup(struct out *o, const struct task *t)
{
	return text_cell(o, cgroup_text(t));
}

/* cgname: what follows the first ":name=", else the whole text. */
int pr_cgname(struct out *o, const struct task *t)
{
	const char *s = cgroup_text(t), *name = strstr(s, ":name=");

	if (name && name[6])
		s = name + 6;
	return text_cell(o, s);
}

/* lxc: the container name after the last lxc delimiter on the first
 * line that has one, "-" outside a container. */
int pr_lxc(struct out *o, const struct task *t)
{
	static const char *const delims[] = {
		"lxc.payload.", "lxc.payload/", "lxc/",
	};
	static char text[TEXT_MAX];
	const char *p = NULL, *delim = NULL, *q;
	size_t dl, len;

	if (!t->cgroup.data || !t->cgroup.len)
		return fmt_dash(o->buf);
	for (size_t i = 0; i < 3 && !p; i++) {
		delim = delims[i];
		p = strstr(t->cgroup.data, delim);
	}
	if (!p)
		return fmt_dash(o->buf);
	dl = strlen(delim);
	len = strcspn(p, "\n");
	if (len >= sizeof(text))
		len = sizeof(text) - 1;
	memcpy(text, p, len);
	text[len] = '\0';
	q = text;
	do {
		p = q + dl;
	} while ((q = strstr(p, delim)));
	len = strcspn(p, "/");
	return snprintf(o->buf, COLWID, "%.*s", (int)len, p);
}

/* ---- systemd ----
 * What libsystemd's sd_pid_get_* find in the task's systemd cgroup path
 * (the name=systemd hierarchy, or the unified one): slices first, then
 * the unit.  No daemon is asked; machine and seat come from the files
 * systemd keeps under /run. */

/* Where systemd keeps its own cgroup tree, as libsystemd decides it:
 * the unified ("0::") line when /sys/fs/cgroup, or the hybrid
 * /sys/fs/cgroup/unified or .../systemd, is cgroup2; the name=systemd
 * line on a v1-only layout; none otherwise. */
enum { CG_UNKNOWN, CG_NONE, CG_UNIFIED, CG_LEGACY };

static int fs_type_is(const char *path, unsigned long magic)
{
	struct statfs fs;

	return statfs(path, &fs) == 0 && (unsigned long)fs.f_type == magic;
}

static int cgroup_layout(void)
{
	static int layout = CG_UNKNOWN;

	if (layout != CG_UNKNOWN)
		return layout;
	layout = CG_NONE;
	if (fs_type_is("/sys/fs/cgroup/", CGROUP2_SUPER_MAGIC))
		layout = CG_UNIFIED;
	else if (fs_type_is("/sys/fs/cgroup/", TMPFS_MAGIC)) {
		if (fs_type_is("/sys/fs/cgroup/unified/", CGROUP2_SUPER_MAGIC) ||
		    fs_type_is("/sys/fs/cgroup/systemd/", CGROUP2_SUPER_MAGIC))
			layout = CG_UNIFIED;
		else if (fs_type_is("/sys/fs/cgroup/systemd/",
				    CGROUP_SUPER_MAGIC))
			layout = CG_LEGACY;
	}
	return layout;
}

/* Does the controller list "a,b,c" hold word? */
static int has_word(const char *list, size_t len, const char *word)
{
	size_t wl = strlen(word);

	while (len) {
		size_t n = 0;

		while (n < len && list[n] != ',')
			n++;
		if (n == wl && !memcmp(list, word, wl))
			return 1;
		if (n == len)
			break;
		list += n + 1;
		len -= n + 1;
	}
	return 0;
}

/* The systemd path in a cgroup file's text. */
static int systemd_line(const char *data, size_t dlen, char *out, size_t size)
{
	const char *p = data, *end = data + dlen;
	int layout = cgroup_layout();

	if (layout != CG_UNIFIED && layout != CG_LEGACY)
		return -1;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *stop = nl ? nl : end, *c1, *c2 = NULL;

		c1 = memchr(p, ':', (size_t)(stop - p));
		if (c1)
			c2 = memchr(c1 + 1, ':', (size_t)(stop - c1 - 1));
		if (c2 && (layout == CG_UNIFIED ?
			   (c1 - p == 1 && *p == '0') :
			   has_word(c1 + 1, (size_t)(c2 - c1 - 1),
				    "name=systemd"))) {
			size_t len = (size_t)(stop - c2 - 1);

			if (len >= size)
				return -1;
			memcpy(out, c2 + 1, len);
			out[len] = '\0';
			return 0;
		}
		p = stop + 1;
	}
	return -1;
}

/* systemd's path_startswith: prefix matched component by component;
 * returns where the rest of path starts, or NULL. */
static const char *path_after(const char *path, const char *prefix)
{
	if ((*path == '/') != (*prefix == '/'))
		return NULL;
	for (;;) {
		size_t r, k;

		path += strspn(path, "/");
		prefix += strspn(prefix, "/");
		k = strcspn(prefix, "/");
		if (!k)
			return path;
		r = strcspn(path, "/");
		if (r != k || memcmp(path, prefix, r))
			return NULL;
		path += r;
		prefix += k;
	}
}

/* The tree's root: init's own path without "/init.scope" (or the older
 * "/system.slice", "/system"), read once. */
static const char *systemd_root(void)
{
	static char root[4096];
	static int state;       /* 0 unread, 1 read, -1 failed */
	char buf[8192];
	static const char *const tails[] = {
		"/init.scope", "/system.slice", "/system",
	};
	ssize_t n;
	int fd;

	if (state)
		return state > 0 ? root : NULL;
	state = -1;
	fd = open("/proc/1/cgroup", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0 || systemd_line(buf, (size_t)n, root, sizeof(root)) < 0)
		return NULL;
	for (size_t i = 0; i < sizeof(tails) / sizeof(tails[0]); i++) {
		size_t rl = strlen(root), tl = strlen(tails[i]);

		if (rl >= tl && !strcmp(root + rl - tl, tails[i])) {
			root[rl - tl] = '\0';
			break;
		}
	}
	state = 1;
	return root;
}

static int systemd_path(const struct task *t, char *out, size_t size)
{
	char full[4096];
	const char *root, *rest;

	if (!t->cgroup.data ||
	    systemd_line(t->cgroup.data, t->cgroup.len, full, sizeof(full)) < 0 ||
	    !(root = systemd_root()))
		return -1;
	rest = path_after(full, root);
	if (rest && rest > full)
		rest--;         /* keep the slash before the rest */
	else
		rest = full;
	return snprintf(out, size, "%s", rest) < (int)size ? 0 : -1;
}

static int unit_char(int c)
{
	return isalnum(c) || c == ':' || c == '-' || c == '_' || c == '.' ||
	       c == '\\';
}

/* A plain or instance unit name ("a.service", "getty@tty1.service"). */
static int unit_valid(const char *s, size_t n, int instance_ok)
{
	static const char *const types[] = {
		"service", "mount", "swap", "socket", "target", "device",
		"automount", "timer", "path", "slice", "scope",
	};
	const char *dot = NULL, *at = NULL;

	if (!n || n > 255 || s[0] == '@' || s[0] == '.')
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '.')
			dot = s + i;
		else if (s[i] == '@') {
			if (at)
				return 0;
			at = s + i;
		} else if (!unit_char((unsigned char)s[i]))
			return 0;
	}
	if (!dot || (at && (!instance_ok || at + 1 >= dot)))
		return 0;
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (strlen(types[i]) == (size_t)(s + n - dot - 1) &&
		    !memcmp(types[i], dot + 1, strlen(types[i])))
			return 1;
	return 0;
}

/* One path component, with the cgroup escape ('_' prefix) removed. */
static size_t component(const char *p, const char **name)
{
	size_t n = strcspn(p, "/");

	*name = p;
	if (n && *p == '_') {
		(*name)++;
		n--;
	}
	return n;
}

static int slice_component(const char *p)
{
	const char *name;
	size_t n = component(p, &name);

	return n >= 7 && !memcmp(name + n - 6, ".slice", 6) &&
	       unit_valid(name, n, 0);
}

static const char *skip_slices(const char *p)
{
	for (;;) {
		p += strspn(p, "/");
		if (!slice_component(p))
			return p;
		p += strcspn(p, "/");
	}
}

static int path_slice(const char *p, char *out, size_t size)
{
	const char *last = NULL, *name;
	size_t n;

	for (;;) {
		p += strspn(p, "/");
		if (!slice_component(p))
			break;
		last = p;
		p += strcspn(p, "/");
	}
	if (!last)
		return snprintf(out, size, "%s", "-.slice") < 0 ? -1 : 0;
	n = component(last, &name);
	return snprintf(out, size, "%.*s", (int)n, name) < 0 ? -1 : 0;
}

static int path_unit(const char *p, char *out, size_t size)
{
	const char *name;
	size_t n;

	p = skip_slices(p);
	n = component(p, &name);
	if (n < 3 || !unit_valid(name, n, 1) ||
	    (n >= 6 && !memcmp(name + n - 6, ".slice", 6)))
		return -1;
	return snprintf(out, size, "%.*s", (int)n, name) < 0 ? -1 : 0;
}

static int path_session(const char *p, char *out, size_t size)
{
	char unit[256];
	size_t n;

	if (path_unit(p, unit, sizeof(unit)) < 0 ||
	    strncmp(unit, "session-", 8))
		return -1;
	n = strlen(unit);
	if (n < 8 + 1 + 6 || strcmp(unit + n - 6, ".scope"))
		return -1;
	unit[n - 6] = '\0';
	for (const char *c = unit + 8; *c; c++)
		if (!isalnum((unsigned char)*c))
			return -1;
	return snprintf(out, size, "%s", unit + 8) < 0 ? -1 : 0;
}

static int path_owner(const char *p, char *out, size_t size)
{
	char slice[256], *end;
	unsigned long uid;
	size_t n;

	if (path_slice(p, slice, sizeof(slice)) < 0 ||
	    strncmp(slice, "user-", 5))
		return -1;
	n = strlen(slice);
	if (n < 5 + 1 + 6 || strcmp(slice + n - 6, ".slice"))
		return -1;
	slice[n - 6] = '\0';
	uid = strtoul(slice + 5, &end, 10);
	if (*end || end == slice + 5 || uid >= 0xfffffffful)
		return -1;
	return snprintf(out, size, "%lu", uid) < 0 ? -1 : 0;
}

/* The unit inside a user's manager or session. */
static int path_user_unit(const char *p, char *out, size_t size)
{
	const char *name;
	size_t n;

	p = skip_slices(p);
	n = component(p, &name);
	if (!((n > 13 && !strncmp(name, "user@", 5) &&
	       !memcmp(name + n - 8, ".service", 8)) ||
	      (n > 14 && !strncmp(name, "session-", 8) &&
	       !memcmp(name + n - 6, ".scope", 6))))
		return -1;
	return path_unit(p + strcspn(p, "/"), out, size);
}

typedef int (*path_fn)(const char *p, char *out, size_t size);

static int systemd_cell(struct out *o, const struct task *t, path_fn fn)
{
	char path[4096], val[256];

	if (systemd_path(t, path, sizeof(path)) < 0 ||
	    fn(path, val, sizeof(val)) < 0)
		return fmt_dash(o->buf);
	return fmt_text(o->buf, val);
}

int pr_sd_slice(struct out *o, const struct task *t)   { return systemd_cell(o, t, path_slice); }
int pr_sd_unit(struct out *o, const struct task *t)    { return systemd_cell(o, t, path_unit); }
int pr_sd_session(struct out *o, const struct task *t) { return systemd_cell(o, t, path_session); }
int pr_sd_ouid(struct out *o, const struct task *t)    { return systemd_cell(o, t, path_owner); }
int pr_sd_uunit(struct out *o, const struct task *t)   { return systemd_cell(o, t, path_user_unit); }

static int machine_of(const char *p, char *out, size_t size)
{
	char unit[256], link[512];
	ssize_t n;

	if (path_unit(p, unit, sizeof(unit)) < 0)
		return -1;
	snprintf(link, sizeof(link), "/run/systemd/machines/unit:%s", unit);
	n = readlink(link, out, size - 1);
	if (n <= 0)
		return -1;
	out[n] = '\0';
	return 0;
}

static int seat_of(const char *p, char *out, size_t size)
{
	char session[256], file[512], line[512];
	int found = -1;
	FILE *f;

	if (path_session(p, session, sizeof(session)) < 0)
		return -1;
	snprintf(file, sizeof(file), "/run/systemd/sessions/%s", session);
	f = fopen(file, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "SEAT=", 5) && line[5] && line[5] != '\n') {
			line[strcspn(line, "\n")] = '\0';
			found = snprintf(out, size, "%s", line + 5) < 0 ? -1 : 0;
			break;
		}
	fclose(f);
	return found;
}

int pr_sd_machine(struct out *o, const struct task *t) { return systemd_cell(o, t, machine_of); }
int pr_sd_seat(struct out *o, const struct task *t)    { return systemd_cell(o, t, seat_of); }

/* ---- security label (context, label, zone) ----
 * With no SELinux policy loaded the reference shows the task's LSM
 * attribute, up to the first unprintable byte, or "-".  Read here, per
 * row: no backend group carries it yet. */
int pr_context(struct out *o, const struct task *t)
{
	char path[64];
	ssize_t n;
	size_t len = 0;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/attr/current", t->tgid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, o->buf, OUTBUF_SIZE - 1);
		close(fd);
		if (n > 0) {
			o->buf[n] = '\0';
			while (isprint((unsigned char)o->buf[len]))
				len++;
			o->buf[len] = '\0';
			if (len)
				return (int)len;
		}
	}
	return fmt_dash(o->buf);
}
