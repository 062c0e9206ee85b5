/* Cell printers for systemd's names: slice, unit, session, owner, user
 * unit, machine and seat, from the row's cgroup item.  They also read
 * what is not per process: the cgroup layout, init's cgroup (through
 * library/sysinfo.c, once) and systemd's files under /run/systemd. */
#include <ctype.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/vfs.h>
#include <unistd.h>
#include "library/sysinfo.h"
#include "print.h"

/* What libsystemd's sd_pid_get_* find in the task's systemd cgroup path
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

	if (state)
		return state > 0 ? root : NULL;
	state = -1;
	n = sys_init_cgroup(buf, sizeof(buf));
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
