/* The security label columns (context, label, zone), from the label item
 * (/proc/PID/attr/current, read by the backend). */
#include <ctype.h>
#include <string.h>
#include "print.h"

/* With no SELinux policy loaded the reference shows the task's LSM
 * attribute, up to the first unprintable byte, or "-". */
int pr_context(struct out *o, const struct task *t)
{
	const char *label = t->label;
	size_t len = 0;

	if (label)
		while (len < OUTBUF_SIZE - 1 &&
		       isprint((unsigned char)label[len]))
			len++;
	if (!len)
		return fmt_dash(o->buf);
	memcpy(o->buf, label, len);
	o->buf[len] = '\0';
	return (int)len;
}
