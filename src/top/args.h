/* The command line, parsed after the toprc so that toggles like -c and
 * -i reverse what the file remembered. */
#ifndef TOP_ARGS_H
#define TOP_ARGS_H

void args_parse(int argc, char **argv);

#endif
