/* PS_PERSONALITY: which historical ps the options imitate.  Each name
 * sets a few behaviour bits and the format macros the BSD letters
 * (j l s u v) and the SysV letters (-f -fl -j -l) expand to. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "library/profile.h"
#include "library/sysinfo.h"
#include "personality.h"

struct personality pers;

/* Named column lists; -o accepts these names too. Sorted by name. */
static const struct macro {
	const char *name, *list;
} macros[] = {
	{ "DFMT", "pid,tname,state,cputime,cmd" },
	{ "DefBSD", "pid,tname,stat,bsdtime,args" },
	{ "DefSysV", "pid,tname,time,cmd" },
	{ "END_BSD", "state,tname,cputime,comm" },
	{ "END_SYS5", "state,tname,time,command" },
	{ "F5FMT", "uname,pid,ppid,c,start,tname,time,cmd" },
	{ "FB_", "pid,tt,stat,time,command" },
	{ "FB_j", "user,pid,ppid,pgid,sess,jobc,stat,tt,time,command" },
	{ "FB_l", "uid,pid,ppid,cpu,pri,nice,vsz,rss,wchan,stat,tt,time,command" },
	{ "FB_u", "user,pid,pcpu,pmem,vsz,rss,tt,stat,start,time,command" },
	{ "FB_v", "pid,stat,time,sl,re,pagein,vsz,rss,lim,tsiz,pcpu,pmem,command" },
	{ "FD_", "pid,tty,time,comm" },
	{ "FD_f", "user,pid,ppid,start_time,tty,time,comm" },
	{ "FD_fj", "user,pid,ppid,start_time,tty,time,pgid,sid,comm" },
	{ "FD_j", "pid,tty,time,pgid,sid,comm" },
	{ "FD_l", "flags,state,uid,pid,ppid,priority,nice,vsz,wchan,tty,time,comm" },
	{ "FD_lj", "flags,state,uid,pid,ppid,priority,nice,vsz,wchan,tty,time,pgid,sid,comm" },
	{ "FL5FMT", "f,state,uid,pid,ppid,pcpu,pri,nice,rss,wchan,start,time,command" },
	{ "FLASK_context", "pid,context,args" },
	{ "HP_", "pid,tty,time,comm" },
	{ "HP_f", "user,pid,ppid,cpu,stime,tty,time,args" },
	{ "HP_fl", "flags,state,user,pid,ppid,cpu,intpri,nice,addr,sz,wchan,stime,tty,time,args" },
	{ "HP_l", "flags,state,uid,pid,ppid,cpu,intpri,nice,addr,sz,wchan,tty,time,comm" },
	{ "J390", "pid,sid,pgrp,tname,atime,args" },
	{ "JFMT", "user,pid,ppid,pgid,sess,jobc,state,tname,cputime,command" },
	{ "L5FMT", "f,state,uid,pid,ppid,c,pri,nice,addr,sz,wchan,tt,time,ucmd" },
	{ "LFMT", "uid,pid,ppid,cp,pri,nice,vsz,rss,wchan,state,tname,cputime,command" },
	{ "OL_X", "pid,start_stack,esp,eip,timeout,alarm,stat,tname,bsdtime,args" },
	{ "OL_j", "ppid,pid,pgid,sid,tname,tpgid,stat,uid,bsdtime,args" },
	{ "OL_l", "flags,uid,pid,ppid,priority,nice,vsz,rss,wchan,stat,tname,bsdtime,args" },
	{ "OL_m", "pid,tname,majflt,minflt,m_trs,m_drs,m_size,m_swap,rss,m_share,vm_lib,m_dt,args" },
	{ "OL_s", "uid,pid,pending,sig_block,sig_ignore,caught,stat,tname,bsdtime,args" },
	{ "OL_u", "user,pid,pcpu,pmem,vsz,rss,tname,stat,start_time,bsdtime,args" },
	{ "OL_v", "pid,tname,stat,bsdtime,maj_flt,m_trs,m_drs,rss,pmem,args" },
	{ "RD_", "pid,tname,state,bsdtime,comm" },
	{ "RD_f", "uid,pid,ppid,start_time,tname,bsdtime,args" },
	{ "RD_fj", "uid,pid,ppid,start_time,tname,bsdtime,pgid,sid,args" },
	{ "RD_j", "pid,tname,state,bsdtime,pgid,sid,comm" },
	{ "RD_l", "flags,state,uid,pid,ppid,priority,nice,wchan,tname,bsdtime,comm" },
	{ "RD_lj", "flags,state,uid,pid,ppid,priority,nice,wchan,tname,bsdtime,pgid,sid,comm" },
	{ "RUSAGE", "minflt,majflt,nswap,inblock,oublock,msgsnd,msgrcv,nsigs,nvcsw,nivcsw" },
	{ "SCHED", "user,pcpu,pri,usrpri,nice,psxpri,psr,policy,pset" },
	{ "SFMT", "uid,pid,cursig,sig,sigmask,sigignore,sigcatch,stat,tname,command" },
	{ "Std_f", "uid_hack,pid,ppid,c,stime,tname,time,cmd" },
	{ "Std_fl", "f,s,uid_hack,pid,ppid,c,opri,ni,addr,sz,wchan,stime,tname,time,cmd" },
	{ "Std_l", "f,s,uid,pid,ppid,c,opri,ni,addr,sz,wchan,tname,time,ucmd" },
	{ "THREAD", "user,pcpu,pri,scnt,wchan,usertime,systime" },
	{ "UFMT", "uname,pid,pcpu,pmem,vsz,rss,tt,state,start,time,command" },
	{ "VFMT", "pid,tt,state,time,sl,pagein,vsz,rss,pcpu,pmem,command" },
};

const char *macro_find(const char *name)
{
	for (size_t i = 0; i < sizeof(macros) / sizeof(macros[0]); i++)
		if (!strcmp(macros[i].name, name))
			return macros[i].list;
	return NULL;
}

static void set_bsd_fb(void)
{
	pers.bsd_j = "FB_j";
	pers.bsd_l = "FB_l";
	pers.bsd_u = "FB_u";
	pers.bsd_v = "FB_v";
}

static bool is(const char *name, const char *list)
{
	/* list: names separated by '|' */
	size_t n = strlen(name);

	for (const char *p = list; *p;) {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);

		if (len == n && !strncmp(p, name, n))
			return true;
		if (!bar)
			break;
		p = bar + 1;
	}
	return false;
}

void personality_init(void)
{
	const char *s = getenv("PS_PERSONALITY");
	char name[16];
	size_t len;

	memset(&pers, 0, sizeof(pers));
	pers.bsd_j = "OL_j";
	pers.bsd_l = "OL_l";
	pers.bsd_s = "OL_s";
	pers.bsd_u = "OL_u";
	pers.bsd_v = "OL_v";
	pers.text = "You found a bug!";
	if (!s || !*s)
		s = getenv("CMD_ENV");
	if (!s || !*s)
		s = "unknown";
	if (getenv("I_WANT_A_BROKEN_PS"))
		s = "old";
	len = strlen(s);
	if (len > 15)
		return;
	pers.text = s;
	for (size_t i = 0; i <= len; i++)
		name[i] = (char)tolower((unsigned char)s[i]);

	if (is(name, "bsd")) {
		pers.bits = PER_FORCE_BSD | PER_BSD_h | PER_BSD_m;
		pers.prefer_bsd = true;
		set_bsd_fb();
	} else if (is(name, "old")) {
		pers.bits = PER_FORCE_BSD | PER_OLD_m;
		pers.prefer_bsd = true;
	} else if (is(name, "debian|gnu")) {
		pers.bits = PER_GOOD_o | PER_OLD_m;
		pers.prefer_bsd = true;
		pers.sysv_f = "RD_f";
		pers.sysv_j = "RD_j";
		pers.sysv_l = "RD_l";
	} else if (is(name, "linux")) {
		pers.bits = PER_GOOD_o | PER_ZAP_ADDR | PER_SANE_USER;
	} else if (is(name, "aix")) {
		set_bsd_fb();
	} else if (is(name, "tru64|compaq|digital")) {
		pers.bits = PER_GOOD_o | PER_BSD_h;
		pers.prefer_bsd = true;
		pers.sysv_f = "F5FMT";
		pers.sysv_fl = "FL5FMT";
		pers.sysv_j = "JFMT";
		pers.sysv_l = "L5FMT";
		pers.bsd_j = "JFMT";
		pers.bsd_l = "LFMT";
		pers.bsd_s = "SFMT";
		pers.bsd_u = "UFMT";
		pers.bsd_v = "VFMT";
	} else if (is(name, "sunos4")) {
		pers.bits = PER_NO_DEFAULT_g;
		pers.prefer_bsd = true;
		set_bsd_fb();
	} else if (is(name, "irix|sgi")) {
		const char *x = getenv("_XPG");

		if (!(x && x[0] > '0' && x[0] <= '9'))
			pers.bits = PER_IRIX_l;
	} else if (is(name, "os390|s390|390")) {
		pers.sysv_j = "J390";
	} else if (is(name, "hp|hpux")) {
		pers.bits = PER_HPUX_x;
	} else if (is(name, "svr4|sysv|sco")) {
		pers.bits = PER_SVR4_x;
	}
	/* default, unknown, posix, solaris2, unix, unix95, unix98 and
	 * names nobody knows: the defaults, silently */
}

static const char *none(const char *s)
{
	return s ? s : "(none)";
}

void personality_info(int screen_cols, int screen_rows)
{
	int tty = sys_own_tty_nr();

	fprintf(stderr,
		"BSD j    %s\nBSD l    %s\nBSD s    %s\nBSD u    %s\n"
		"BSD v    %s\nSysV -f  %s\nSysV -fl %s\nSysV -j  %s\n"
		"SysV -l  %s\n\n",
		none(pers.bsd_j), none(pers.bsd_l), none(pers.bsd_s),
		none(pers.bsd_u), none(pers.bsd_v), none(pers.sysv_f),
		none(pers.sysv_fl), none(pers.sysv_j), none(pers.sysv_l));
	fprintf(stderr, "procps-ng version %s\nCompiled with: %s\n\n",
		profile.ng_version, profile.ps_compiled_with);
	fprintf(stderr, "header_gap=-1 lines_to_next_header=1\n"
		"screen_cols=%d screen_rows=%d\n\n", screen_cols, screen_rows);
	fprintf(stderr, "personality=0x%08x (from \"%s\")\n"
		"EUID=%d TTY=%d,%d page_size=%ld\n",
		pers.bits, pers.text, (int)geteuid(), (tty >> 8) & 0xfff,
		(tty & 0xff) | ((tty >> 12) & 0xfff00), sysconf(_SC_PAGESIZE));
	fprintf(stderr, "sizeof(proc_t)=8 sizeof(long)=8 sizeof(long)=8\n"
		"archdefs: x86_64\n");
}
