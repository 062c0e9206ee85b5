/* NUMA nodes for the '2' and '3' views, through libnuma as the
 * reference gets them. */
#ifndef TOP_NUMA_H
#define TOP_NUMA_H

/* How many nodes; 0 when libnuma cannot be loaded. */
int numa_total(void);

/* The node of a cpu, -1 when unknown. */
int numa_cpu_node(int cpu);

/* The node '3' expanded, -1 for all of them. */
extern int Numa_sel;

#endif
