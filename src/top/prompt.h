/* The message line: messages and prompts.  A bottom layer of the
 * interactive files: it calls the screen, nothing that calls it. */
#ifndef TOP_PROMPT_H
#define TOP_PROMPT_H

#include <stdbool.h>
#include <stddef.h>

/* Set when the user ended top (^C in a prompt, a terminal gone). */
extern bool Quit;

/* Shows " msg " in the message colours for a moment. */
void prompt_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Asks on the message line; false when the user gave up (Esc). */
bool prompt_line(const char *prompt, char *buf, size_t size);
/* Asks for a number of at most size - 1 characters (size <= 64), read
 * by strtol in base: 1 with *value set; 0 for an empty answer; -1 when
 * the user gave up or typed something else (then the reference's
 * "Unacceptable integer" is shown). */
int prompt_long(const char *prompt, size_t size, int base, long *value);
/* Asks on the message line for one key, which it returns. */
int prompt_key(const char *prompt);
/* Waits for a key on a screen of its own, redrawing it (draw) after a
 * resize. */
int prompt_wait_key(void (*draw)(void));

#endif
