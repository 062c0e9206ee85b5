/* The interactive commands, one binding per key. */
#ifndef TOP_KEYS_H
#define TOP_KEYS_H

#include <stdbool.h>

/* Runs the command of key; false when the key is unknown. */
bool keys_do(int key);

#endif
