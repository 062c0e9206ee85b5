/* The terminal layer: everything top writes goes through here.
 *
 * Batch mode asks terminfo for the "dumb" terminal (so every capability
 * is empty and the width is 80 unless $COLUMNS says otherwise); the
 * interactive mode can later fill in the capability strings and cursor
 * moves without touching the code that builds the screen. */
#ifndef TOP_TERM_H
#define TOP_TERM_H

/* Sets up terminfo.  Returns 0, or -1 when the terminal is unknown. */
int term_setup(int batch);
/* The width and height terminfo (or the tty) reports; -1 if unknown. */
int term_columns(void);
int term_lines(void);

/* Output, buffered on stdout. */
void term_puts(const char *s);
void term_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A line of the task area: trailing blanks are dropped, as the reference
 * does in batch mode. */
void term_put_trimmed(const char *s);
void term_flush(void);

#endif
