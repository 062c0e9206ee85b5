/* Interactive top: the frame loop that waits for keys between frames,
 * the messages and prompts on the message line, and the commands. */
#ifndef TOP_INTER_H
#define TOP_INTER_H

#include <stdbool.h>
#include <stddef.h>

/* Runs until 'q'; returns the exit status. */
int interactive(void);

/* Shows " msg " in the message colours for a moment. */
void inter_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Asks on the message line; false when the user gave up (Esc). */
bool inter_prompt(const char *prompt, char *buf, size_t size);
/* Asks for a number of at most size - 1 characters (size <= 64), read
 * by strtol in base: 1 with *value set; 0 for an empty answer; -1 when
 * the user gave up or typed something else (then the reference's
 * "Unacceptable integer" is shown). */
int inter_prompt_long(const char *prompt, size_t size, int base,
		      long *value);
/* Asks on the message line for one key, which it returns. */
/* Waits for a key on a screen of its own, redrawing it (draw) after a
 * resize. */
int inter_wait_key(void (*draw)(void));
int inter_ask_key(const char *prompt);

/* The commands (keys.c): false when the key is unknown. */
bool keys_do(int key);
extern bool Quit;

#endif
