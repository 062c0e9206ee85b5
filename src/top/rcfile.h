/* The toprc: compiled-in defaults, and reading the files in the order the
 * reference looks for them. */
#ifndef TOP_RCFILE_H
#define TOP_RCFILE_H

/* Fills Rc with the defaults, then reads /etc/toprc, the user's file
 * (creating ~/.config/procps as the reference does) or /etc/topdefaultrc.
 * A corrupt file is fatal.  myname is argv[0]'s basename. */
void rc_load(const char *myname);

/* Visible field of a window slot, or -1 when the slot is hidden. */
int rc_slot_field(const struct window *w, int slot);

/* Where 'W' writes: the file read, or the one that would have been. */
extern char Rc_path[4096];
/* Writes Rc as the reference's 'W' does; 0 or -1. */
int rc_write(void);

#endif
