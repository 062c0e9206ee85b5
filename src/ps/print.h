#ifndef PROCPS_TD_PS_PRINT_H
#define PROCPS_TD_PS_PRINT_H

#include "output.h"

/* Cell printers, one per kind of column (print*.c). */
#define PRINTER(name) int pr_##name(struct out *o, const struct task *t)
PRINTER(nop); PRINTER(pid); PRINTER(tid); PRINTER(ppid); PRINTER(pgid);
PRINTER(sid); PRINTER(tpgid); PRINTER(tname); PRINTER(tt); PRINTER(tty4);
PRINTER(stat); PRINTER(state); PRINTER(euser); PRINTER(ruser);
PRINTER(suser); PRINTER(fuser); PRINTER(euid); PRINTER(ruid);
PRINTER(suid); PRINTER(fuid); PRINTER(egroup); PRINTER(rgroup);
PRINTER(sgroup); PRINTER(fgroup); PRINTER(egid); PRINTER(rgid);
PRINTER(sgid); PRINTER(fgid); PRINTER(nice); PRINTER(pri);
PRINTER(opri); PRINTER(priority); PRINTER(pri_api); PRINTER(pri_bar);
PRINTER(pri_baz); PRINTER(pri_foo); PRINTER(rtprio); PRINTER(class);
PRINTER(sched); PRINTER(pcpu); PRINTER(c); PRINTER(pmem); PRINTER(vsz);
PRINTER(rss); PRINTER(sz); PRINTER(time); PRINTER(times); PRINTER(etime);
PRINTER(etimes); PRINTER(stime); PRINTER(start); PRINTER(lstart);
PRINTER(bsdstart); PRINTER(bsdtime); PRINTER(comm); PRINTER(args);
PRINTER(fname); PRINTER(nlwp); PRINTER(wchan); PRINTER(flags);
PRINTER(psr); PRINTER(dash);
/* print_more.c */
PRINTER(t_left); PRINTER(t_left2); PRINTER(t_right); PRINTER(t_right2);
PRINTER(t_unlimited); PRINTER(t_unlimited2); PRINTER(sig); PRINTER(tsig);
PRINTER(sigmask); PRINTER(sigignore); PRINTER(sigcatch); PRINTER(trs);
PRINTER(drs); PRINTER(vsize_bytes); PRINTER(swapable); PRINTER(pss);
PRINTER(uss); PRINTER(lim); PRINTER(majflt); PRINTER(minflt);
PRINTER(stackp); PRINTER(esp); PRINTER(eip); PRINTER(cp); PRINTER(cuu);
PRINTER(cuc); PRINTER(sgi_p); PRINTER(numa); PRINTER(rchars);
PRINTER(wchars); PRINTER(rops); PRINTER(wops); PRINTER(rbytes);
PRINTER(wbytes); PRINTER(wcbytes); PRINTER(oom); PRINTER(oomadj);
PRINTER(luid); PRINTER(agid); PRINTER(agnice); PRINTER(cgroupns);
PRINTER(ipcns); PRINTER(mntns); PRINTER(netns); PRINTER(pidns);
PRINTER(timens); PRINTER(userns); PRINTER(utsns); PRINTER(exe);
PRINTER(supgid); PRINTER(supgrp); PRINTER(cgroup); PRINTER(cgname);
PRINTER(lxc); PRINTER(sd_slice); PRINTER(sd_unit); PRINTER(sd_session);
PRINTER(sd_ouid); PRINTER(sd_uunit); PRINTER(sd_machine); PRINTER(sd_seat);
PRINTER(context);
#undef PRINTER

/* -1, 0 or 1 as x is below, equal to or above y. */
#define NUMCMP(x, y) ((x) < (y) ? -1 : (x) > (y))

/* Comparators for --sort (compare.c). */
#define COMPARE(name) int cmp_##name(const struct task *a, const struct task *b)
COMPARE(pid); COMPARE(tid); COMPARE(ppid); COMPARE(pgid); COMPARE(sid);
COMPARE(tpgid); COMPARE(tty); COMPARE(state); COMPARE(euser);
COMPARE(ruser); COMPARE(euid); COMPARE(ruid); COMPARE(egroup);
COMPARE(egid); COMPARE(rgid); COMPARE(nice); COMPARE(priority);
COMPARE(rtprio); COMPARE(policy); COMPARE(pcpu); COMPARE(pmem);
COMPARE(vsz); COMPARE(rss); COMPARE(time); COMPARE(start); COMPARE(comm);
COMPARE(args); COMPARE(nlwp); COMPARE(flags); COMPARE(psr);
COMPARE(wchan); COMPARE(sz);
/* print_more.c */
COMPARE(noop); COMPARE(flt_maj); COMPARE(flt_min); COMPARE(io_rchar);
COMPARE(io_wchar); COMPARE(io_syscr); COMPARE(io_syscw); COMPARE(io_rbytes);
COMPARE(io_wbytes); COMPARE(io_cbytes); COMPARE(pss); COMPARE(uss);
COMPARE(oom); COMPARE(oomadj); COMPARE(rsslim); COMPARE(luid);
COMPARE(agid); COMPARE(agnice); COMPARE(stackp); COMPARE(esp);
COMPARE(eip); COMPARE(numa); COMPARE(cuc); COMPARE(sig); COMPARE(tsig);
COMPARE(sigmask); COMPARE(sigignore); COMPARE(sigcatch);
COMPARE(cgroupns); COMPARE(ipcns); COMPARE(mntns); COMPARE(netns);
COMPARE(pidns); COMPARE(timens); COMPARE(userns); COMPARE(utsns);
COMPARE(cgroup); COMPARE(cgname); COMPARE(exe); COMPARE(supgid);
COMPARE(supgrp); COMPARE(lxc); COMPARE(sd_slice); COMPARE(sd_unit);
COMPARE(sd_session); COMPARE(sd_ouid); COMPARE(sd_uunit);
COMPARE(sd_machine); COMPARE(sd_seat); COMPARE(suid); COMPARE(fuid);
COMPARE(sgid); COMPARE(suser); COMPARE(fuser); COMPARE(rgroup);
COMPARE(sgroup); COMPARE(fgroup); COMPARE(fsgid); COMPARE(elapsed);
#undef COMPARE

/* Helpers shared by printers. */
double elapsed_seconds(const struct task *t);
unsigned long long cpu_ticks(const struct task *t);
const char *cmdline_text(const struct task *t);   /* escaped, cached */
const char *comm_text(const struct task *t);      /* escaped */

#endif
