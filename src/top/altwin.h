/* The alternate display's commands (A, a, w, G, -, _, +). */
#ifndef TOP_ALTWIN_H
#define TOP_ALTWIN_H

#include <stdbool.h>

/* False when key is not one of them. */
bool altwin_key(int key);

#endif
