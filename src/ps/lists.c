/* Selection lists: "-p 1,2 3", "-u root", "-t pts/1"... parsed as the
 * reference parses them, with its messages. */
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "arena.h"
#include "lists.h"

static const char *parse_pid(const char *s, union sel_value *v)
{
	char *end;
	unsigned long n = strtoul(s, &end, 0);

	if (*end)
		return "process ID list syntax error";
	if (n < 1 || n > 0x7fffffffUL)
		return "process ID out of range";
	v->id = (int)n;
	return NULL;
}

static const char *parse_uid(const char *s, union sel_value *v)
{
	char *end;
	unsigned long n = strtoul(s, &end, 0);

	if (*end) {
		struct passwd *pw = getpwnam(s);

		if (!pw)
			return "user name does not exist";
		n = pw->pw_uid;
	}
	if (n > 0xfffffffeUL)
		return "user ID out of range";
	v->id = (int)n;
	return NULL;
}

static const char *parse_gid(const char *s, union sel_value *v)
{
	char *end;
	unsigned long n = strtoul(s, &end, 0);

	if (*end) {
		struct group *gr = getgrnam(s);

		if (!gr)
			return "group name does not exist";
		n = gr->gr_gid;
	}
	if (n > 0xfffffffeUL)
		return "group ID out of range";
	v->id = (int)n;
	return NULL;
}

static const char *parse_cmd(const char *s, union sel_value *v)
{
	snprintf(v->name, sizeof(v->name), "%s", s);
	return NULL;
}

/* A tty is named by path, by "pts/N", "ttyN", "N", or "-"/"?" for none.
 * Its value is the device number in /proc/PID/stat's encoding. */
static const char *parse_tty(const char *s, union sel_value *v)
{
	static const char *const forms[] = {
		"/dev/pts/%s", "/dev/%s", "/dev/tty%s", "/dev/pty%s",
		"/dev/%snsole",
	};
	char path[4096];
	struct stat st;

	if (s[0] == '/') {
		if (stat(s, &st) >= 0)
			goto found;
		return "TTY could not be found";
	}
	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		snprintf(path, sizeof(path), forms[i], s);
		if (stat(path, &st) >= 0)
			goto found;
	}
	if (!strcmp(s, "-") || !strcmp(s, "?") ||
	    (s[0] && !s[1] && stat(s, &st) >= 0)) {
		v->id = 0;
		return NULL;
	}
	return "TTY could not be found";
found:
	if (!S_ISCHR(st.st_mode))
		return "list member was not a TTY";
	v->id = (int)tty_encode(st.st_rdev);
	return NULL;
}

unsigned tty_encode(dev_t dev)
{
	unsigned maj = major(dev), min = minor(dev);

	return (min & 0xff) | (maj << 8) | ((min & ~0xffu) << 12);
}

typedef const char *(*item_parser)(const char *, union sel_value *);

static item_parser parser_for(enum sel_kind kind)
{
	switch (kind) {
	case SEL_PID: case SEL_PPID: case SEL_SESS: case SEL_PGRP:
		return parse_pid;
	case SEL_EUID: case SEL_RUID:
		return parse_uid;
	case SEL_EGID: case SEL_RGID:
		return parse_gid;
	case SEL_TTY:
		return parse_tty;
	case SEL_COMM:
		return parse_cmd;
	}
	return parse_pid;
}

static int is_sep(char c)
{
	return c == ' ' || c == ',' || c == '\t';
}

const char *parse_sel_list(const char *arg, enum sel_kind kind,
			   struct sel_list **out)
{
	struct sel_list *l;
	size_t items = 0, i;
	int need = 1;
	const char *p, *err;
	char *buf, *walk;

	/* Every separator must sit between two items. */
	for (p = arg; ; p++) {
		if (!*p || is_sep(*p)) {
			if (need)
				return "improper list";
			need = 1;
			if (!*p)
				break;
		} else {
			if (need)
				items++;
			need = 0;
		}
	}
	buf = strdup(arg);
	if (!buf)
		return "out of memory";
	l = arena_alloc(sizeof(*l));
	l->v = arena_alloc(items * sizeof(*l->v));
	l->kind = kind;
	l->n = items;
	walk = buf;
	/* The reference fills the array from the end. */
	for (i = items; i-- > 0;) {
		char *sep = strpbrk(walk, " ,\t");

		if (sep)
			*sep = '\0';
		err = parser_for(kind)(walk, &l->v[i]);
		if (err) {
			free(buf);
			return err;
		}
		walk = sep ? sep + 1 : walk + strlen(walk);
	}
	free(buf);
	l->next = *out;
	*out = l;
	return NULL;
}
