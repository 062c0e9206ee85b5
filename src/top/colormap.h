/* 'Z': the colour mapping screen of the current window. */
#ifndef TOP_COLORMAP_H
#define TOP_COLORMAP_H

void colormap_run(void);

#endif
