/* 'Y': the Inspect screens. */
#ifndef TOP_INSPECT_H
#define TOP_INSPECT_H

/* Asks for a pid and shows the toprc's Inspect entries for it. */
void inspect_key(void);

#endif
