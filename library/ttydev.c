#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include "ttydev.h"

struct tty_driver {
	char name[32];          /* "pts", "ttyS" (without "/dev/") */
	unsigned major, minor_first, minor_last;
	int devfs_style;        /* name ended in "%d" */
	struct tty_driver *next;
};

static struct tty_driver *drivers;
static int drivers_loaded;

/* /proc/tty/drivers: "name  /dev/path  major  minors  type". */
static void load_drivers(void)
{
	FILE *f;
	char line[256];

	drivers_loaded = 1;
	f = fopen("/proc/tty/drivers", "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *path = strstr(line, " /dev/"), *end;
		struct tty_driver *d;
		size_t len;
		unsigned long a, b;

		if (!path)
			continue;
		path += 6;
		end = strchr(path, ' ');
		if (!end)
			continue;
		len = (size_t)(end - path);
		d = calloc(1, sizeof(*d));
		if (!d)
			break;
		if (len >= 2 && strncmp(end - 2, "%d", 2) == 0) {
			len -= 2;
			d->devfs_style = 1;
		}
		if (len >= sizeof(d->name))
			len = sizeof(d->name) - 1;
		memcpy(d->name, path, len);
		while (*end == ' ')
			end++;
		a = strtoul(end, &end, 10);
		d->major = (unsigned)a;
		while (*end == ' ')
			end++;
		a = strtoul(end, &end, 10);
		b = a;
		if (*end == '-')
			b = strtoul(end + 1, &end, 10);
		d->minor_first = (unsigned)a;
		d->minor_last = (unsigned)b;
		d->next = drivers;
		drivers = d;
	}
	fclose(f);
}

static int node_is(const char *path, unsigned maj, unsigned min)
{
	struct stat st;

	return stat(path, &st) == 0 && major(st.st_rdev) == maj &&
	       minor(st.st_rdev) == min;
}

static int from_drivers(char *buf, size_t size, unsigned maj, unsigned min)
{
	struct tty_driver *d;
	struct stat st;

	if (!drivers_loaded)
		load_drivers();
	for (d = drivers; d; d = d->next)
		if (d->major == maj && d->minor_first <= min &&
		    d->minor_last >= min)
			break;
	if (!d)
		return 0;
	snprintf(buf, size, "/dev/%s%u", d->name, min);       /* ttyS0 */
	if (stat(buf, &st) < 0) {
		snprintf(buf, size, "/dev/%s/%u", d->name, min); /* pts/3 */
		if (stat(buf, &st) < 0) {
			if (d->devfs_style)
				return 0;
			snprintf(buf, size, "/dev/%s", d->name);
			if (stat(buf, &st) < 0)
				return 0;
		}
	}
	return major(st.st_rdev) == maj && minor(st.st_rdev) == min;
}

static int from_link(char *buf, size_t size, unsigned maj, unsigned min,
		     int pid, const char *fd)
{
	char path[64];
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%d/%s", pid, fd);
	n = readlink(path, buf, size - 1);
	if (n < 0)
		return 0;
	buf[n] = '\0';
	return node_is(buf, maj, min);
}

/* Device names by major number for drivers missing from the table. */
static int from_guess(char *buf, size_t size, unsigned maj, unsigned min)
{
	static const struct {
		unsigned major;
		const char *fmt;
	} simple[] = {
		{ 11, "ttyB%u" }, { 17, "ttyH%u" }, { 19, "ttyC%u" },
		{ 22, "ttyD%u" }, { 23, "ttyD%u" }, { 24, "ttyE%u" },
		{ 32, "ttyX%u" }, { 43, "ttyI%u" }, { 46, "ttyR%u" },
		{ 48, "ttyL%u" }, { 57, "ttyP%u" }, { 71, "ttyF%u" },
		{ 75, "ttyW%u" }, { 78, "ttyM%u" }, { 105, "ttyV%u" },
		{ 112, "ttyM%u" }, { 148, "ttyT%u" }, { 154, "ttySR%u" },
		{ 164, "ttyCH%u" }, { 166, "ttyACM%u" }, { 172, "ttyMX%u" },
		{ 174, "ttySI%u" }, { 188, "ttyUSB%u" }, { 208, "ttyU%u" },
		{ 216, "ttyUB%u" }, { 224, "ttyY%u" }, { 227, "3270/tty%u" },
		{ 229, "iseries/vtty%u" }, { 256, "ttyEQ%u" },
	};
	char name[48];

	name[0] = '\0';
	if (maj == 4) {
		if (min < 64)
			snprintf(name, sizeof(name), "tty%u", min);
		else if (min < 128)
			snprintf(name, sizeof(name), "ttyS%u", min - 64);
		else {
			unsigned m = min - 128;

			snprintf(name, sizeof(name), "tty%c%c",
				 "pqrstuvwxyzabcde"[(m >> 4) & 15],
				 "0123456789abcdef"[m & 15]);
		}
	} else if (maj >= 136 && maj <= 143) {
		snprintf(name, sizeof(name), "pts/%u", min + (maj - 136) * 256);
	} else if (maj == 156) {
		snprintf(name, sizeof(name), "ttySR%u", min + 256);
	} else {
		for (size_t i = 0; i < sizeof(simple) / sizeof(simple[0]); i++)
			if (simple[i].major == maj) {
				snprintf(name, sizeof(name), simple[i].fmt, min);
				break;
			}
	}
	if (!name[0])
		return 0;
	snprintf(buf, size, "/dev/%s", name);
	return node_is(buf, maj, min);
}

void tty_name(char *out, size_t chop, int tty_nr, int pid, unsigned abbrev)
{
	char buf[4096];
	char *name = buf;
	unsigned maj = ((unsigned)tty_nr >> 8) & 0xfff;
	unsigned min = ((unsigned)tty_nr & 0xff) |
		       (((unsigned)tty_nr >> 12) & 0xfff00);
	size_t n;

	if (tty_nr == 0 ||
	    !(from_drivers(buf, sizeof(buf), maj, min) ||
	      from_link(buf, sizeof(buf), maj, min, pid, "fd/2") ||
	      from_guess(buf, sizeof(buf), maj, min) ||
	      from_link(buf, sizeof(buf), maj, min, pid, "fd/255"))) {
		strcpy(out, "?");
		return;
	}
	if ((abbrev & TTY_ABBREV_DEV) && !strncmp(name, "/dev/", 5) && name[5])
		name += 5;
	if ((abbrev & TTY_ABBREV_TTY) && !strncmp(name, "tty", 3) && name[3])
		name += 3;
	if ((abbrev & TTY_ABBREV_PTS) && !strncmp(name, "pts/", 4) && name[4])
		name += 4;
	for (n = 0; n < chop && name[n]; n++) {
		unsigned char c = (unsigned char)name[n];

		out[n] = (c <= ' ' || c > 126) ? '?' : (char)c;
	}
	out[n] = '\0';
}
