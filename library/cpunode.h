/* CPU -> NUMA node, as sysfs links them (cpuN/nodeM), for ps's NUMA
 * column and top's. */
#ifndef PROCPS_TD_CPUNODE_H
#define PROCPS_TD_CPUNODE_H

/* The memory node of a CPU, -1 when unknown; sysfs is read once per CPU. */
int cpu_numa_node(int cpu);

#endif
