/* How the reference shows the raw text of a string item, where it is not
 * the text as read: the rules ps and top share (one function per item). */
#ifndef PROCPS_TD_ITEMTEXT_H
#define PROCPS_TD_ITEMTEXT_H

#include <stddef.h>

/* A rule may cut the text into buf: this much serves every rule. */
enum { ITEM_TEXT_BUF = 64 };

/* /proc/PID/wchan (raw NULL when unreadable): "?" when unreadable or
 * empty, "-" for "0", otherwise the symbol cut to 63 bytes (procps-ng
 * reads that much) without one leading '.' and then leading '_'.  The
 * result is raw, buf (when it was cut) or a constant. */
const char *wchan_text(const char *raw, char *buf, size_t size);

#endif
