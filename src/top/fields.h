/* The task-area fields: one table row per field, in the reference's
 * order (the index is what toprc files and 'sortindx' store). */
#ifndef TOP_FIELDS_H
#define TOP_FIELDS_H

#include <stdbool.h>
#include "library/items.h"
#include "top.h"

enum field_id {
	F_PID, F_PPID, F_UID, F_USER, F_RUID, F_RUSER, F_SUID, F_SUSER,
	F_GID, F_GROUP, F_PGRP, F_TTY, F_TPGID, F_SID, F_PR, F_NI, F_NTH,
	F_P, F_CPU, F_TIME, F_TIMEP, F_MEM, F_VIRT, F_SWAP, F_RES, F_CODE,
	F_DATA, F_SHR, F_NMAJ, F_NMIN, F_NDRT, F_S, F_COMMAND, F_WCHAN,
	F_FLAGS, F_CGROUPS, F_SUPGIDS, F_SUPGRPS, F_TGID, F_OOMA, F_OOMS,
	F_ENVIRON, F_VMJ, F_VMN, F_USED, F_NSIPC, F_NSMNT, F_NSNET, F_NSPID,
	F_NSUSER, F_NSUTS, F_LXC, F_RSAN, F_RSFD, F_RSLK, F_RSSH, F_CGNAME,
	F_NU, F_LOGID, F_EXE, F_RSS, F_PSS, F_PSAN, F_PSFD, F_PSSH, F_USS,
	F_IOR, F_IOROP, F_IOW, F_IOWOP, F_AGID, F_AGNI, F_STARTED,
	F_ELAPSED, F_CUU, F_CUC, F_NSCGROUP, F_NSTIME,
	FLD_COUNT
};

/* What a frame knows when it formats cells. */
struct frame {
	float etscale;          /* %CPU per tick of delta */
	float cpu_pmax;         /* %CPU ceiling */
	unsigned long mem_total;/* KiB, for %MEM */
	double uptime;          /* seconds, from the last reap */
	int task_mscale;        /* -e */
	int winflags;
	int varcolsz;           /* width of variable-width columns */
	bool restricted;        /* %CPU, %MEM and utilization show '?' */
};

const char *field_name(int f);
/* What the Fields Management screen says of it. */
const char *field_desc(int f);
/* 0 when set at start-up, -1 for variable width. */
int field_width(int f);
bool field_is_variable(int f);
/* Settles the widths that depend on the system (pid digits, cpus). */
void fields_init(int pid_digits, int cpu_count, bool irix, bool threads);
/* The data groups the field needs. */
group_mask field_groups(int f, int winflags);
/* -1 when no field has that exact name. */
int field_by_name(const char *name);

/* The cell of field f for row r: padded to its width plus the gap. */
const char *field_cell(int f, const struct row *r, const struct frame *fr);
/* The header cell, the same width. */
const char *field_header(int f, const struct frame *fr);
/* s padded to field f's own width (not the variable columns' shared
 * one), justified right. */
const char *field_pad(int f, const char *s);

/* Seconds since boot at the last reap, for sorting by %CUU/%CUC. */
extern double Sort_uptime;

/* Orders a and b by field f as the reference's sort does (ascending);
 * rows hold their task. */
int field_compare(int f, const struct row *a, const struct row *b,
		  int winflags);

/* The unpadded text of a text field (CGROUPS, ENVIRON...). */
const char *field_text(int f, const struct row *r, char *buf, size_t size);

/* The text of the COMMAND cell (name or command line). */
const char *field_command(const struct row *r, int winflags, char *buf,
			  size_t size);

#endif
