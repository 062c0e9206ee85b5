/* Interactive top: the frame loop that draws a frame, waits for a key
 * until the delay is over and hands the key to keys_do (keys.h).  The
 * message line and its prompts are prompt.h's. */
#ifndef TOP_INTER_H
#define TOP_INTER_H

/* Runs until 'q'; returns the exit status. */
int interactive(void);

#endif
