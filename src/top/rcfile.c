#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "top.h"
#include "fields.h"
#include "filter.h"
#include "rctail.h"
#include "rcfile.h"

struct config Rc;
char Rc_path[4096];

#define SYS_RESTRICT "/etc/toprc"
#define SYS_DEFAULTS "/etc/topdefaultrc"

/* A slot's value is the field index offset by 37 (the reference keeps
 * the fields as the characters '%' onwards), shifted left, with the
 * visibility in bit 0. */
enum { FIELD_OFFSET = 37, RC_VERSION = 'k' };

/* The four windows with the compiled defaults (--disable-modern-top):
 * name, sort field and colors; Def also lists its visible fields, the
 * others take their slots from the tables below. */
static const struct win_default {
	const char *name;
	int visible[12];
	int nvisible;
	int sortindx;
	int colors[4];
} win_defaults[WIN_COUNT] = {
	{ "Def", { 0, 3, 14, 15, 22, 24, 27, 31, 18, 21, 20, 32 }, 12, 18,
	  { 1, 1, 3, 1 } },
	{ "Job", { 0 }, 0, 0, { 6, 6, 7, 6 } },
	{ "Mem", { 0 }, 0, 21, { 5, 5, 4, 5 } },
	{ "Usr", { 0 }, 0, 3, { 3, 3, 2, 3 } },
};

/* The default slot values of the windows other than Def, exactly as the
 * reference writes them: irregular enough to list rather than compute. */
static const int job_slots[] = {
	75, 77, 115, 111, 117, 80, 103, 105, 137, 119, 123, 128, 120, 79,
	139, 82, 84, 86, 88, 90, 92, 94, 96, 98, 100, 106, 108, 112, 124,
	126, 130, 132, 134, 140 };
static const int mem_slots[] = {
	75, 117, 119, 120, 123, 125, 127, 129, 131, 154, 132, 156, 135, 136,
	102, 104, 111, 139, 76, 78, 80, 82, 84, 86, 88, 90, 92, 94, 96, 98,
	100, 106, 108, 112, 114, 140, 142, 144, 146, 148, 150, 152 };
static const int usr_slots[] = {
	75, 77, 79, 81, 85, 97, 115, 111, 117, 137, 139, 82, 86, 88, 90, 92,
	94, 98, 100, 102, 104, 106, 108, 112, 118, 120, 122, 124, 126, 128,
	130, 132, 134, 140 };

static void fill_slots(struct window *w, const int *head, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		w->fieldscur[i] = head[i];
	/* the tail is every later field, hidden, in table order */
	for (; i < PFLAGS_SIZE; i++)
		w->fieldscur[i] = (int)((FIELD_OFFSET + i) << 1);
}

static void set_defaults(void)
{
	static const int *const heads[WIN_COUNT] = {
		NULL, job_slots, mem_slots, usr_slots };
	static const size_t nheads[WIN_COUNT] = {
		0, sizeof(job_slots) / sizeof(int),
		sizeof(mem_slots) / sizeof(int),
		sizeof(usr_slots) / sizeof(int) };

	memset(&Rc, 0, sizeof(Rc));
	Rc.mode_irixps = 1;
	Rc.delay = 3.0;
	Rc.summ_mscale = 1;
	for (int i = 0; i < WIN_COUNT; i++) {
		struct window *w = &Rc.win[i];
		const struct win_default *d = &win_defaults[i];

		strcpy(w->name, d->name);
		if (i == 0) {
			int slots[PFLAGS_SIZE], n = 0;
			bool shown[FLD_COUNT] = { false };

			for (int k = 0; k < d->nvisible; k++) {
				slots[n++] = ((FIELD_OFFSET + d->visible[k]) << 1) | 1;
				shown[d->visible[k]] = true;
			}
			for (int f = 0; f < FLD_COUNT; f++)
				if (!shown[f])
					slots[n++] = (FIELD_OFFSET + f) << 1;
			fill_slots(w, slots, (size_t)n);
		} else {
			fill_slots(w, heads[i], nheads[i]);
		}
		w->winflags = 193844;
		w->sortindx = d->sortindx;
		/* the compiled default; toprc files written by 'W' say 0 */
		w->double_up = 1;
		w->summclr = d->colors[0];
		w->msgsclr = d->colors[1];
		w->headclr = d->colors[2];
		w->taskclr = d->colors[3];
	}
}

int rc_slot_field(const struct window *w, int slot)
{
	int v = w->fieldscur[slot];

	if (!(v & 1))
		return -1;
	return (v >> 1) - FIELD_OFFSET;
}

/* Reads one window entry; false when it is malformed. */
static bool read_window(FILE *fp, struct window *w, int version)
{
	bool seen[PFLAGS_SIZE + FIELD_OFFSET * 2] = { false };

	if (fscanf(fp, "%3s\tfieldscur=", w->name) != 1)
		return false;
	for (int j = 0; j < PFLAGS_SIZE; j++)
		if (fscanf(fp, "%d", &w->fieldscur[j]) != 1)
			return false;
	if (fscanf(fp, "\twinflags=%d, sortindx=%d, maxtasks=%d, "
		   "graph_cpus=%d, graph_mems=%d", &w->winflags, &w->sortindx,
		   &w->maxtasks, &w->graph_cpus, &w->graph_mems) != 5)
		return false;
	if (w->sortindx < 0 || w->sortindx >= FLD_COUNT || w->maxtasks < 0 ||
	    w->graph_cpus < 0 || w->graph_cpus > 2 ||
	    w->graph_mems < 0 || w->graph_mems > 2)
		return false;
	if (version > 'j') {
		if (fscanf(fp, ", double_up=%d, combine_cpus=%d, core_types=%d",
			   &w->double_up, &w->combine_cpus,
			   &w->core_types) != 3)
			return false;
		/* up to 8 abreast ('4' with graphs) */
		if (w->double_up < 0 || w->double_up > 7 ||
		    w->combine_cpus < 0 || w->core_types < 0 ||
		    w->core_types > 3)
			return false;
	} else {
		w->double_up = w->combine_cpus = w->core_types = 0;
	}
	if (fscanf(fp, "\tsummclr=%d, msgsclr=%d, headclr=%d, taskclr=%d\n",
		   &w->summclr, &w->msgsclr, &w->headclr, &w->taskclr) != 4)
		return false;
	if (w->summclr < 0 || w->summclr > 255 || w->msgsclr < 0 ||
	    w->msgsclr > 255 || w->headclr < 0 || w->headclr > 255 ||
	    w->taskclr < 0 || w->taskclr > 255)
		return false;
	/* every real field exactly once among the first slots */
	for (int x = 0; x < FLD_COUNT; x++) {
		int f = (w->fieldscur[x] >> 1) - FIELD_OFFSET;

		if (f < 0 || f >= FLD_COUNT || seen[f])
			return false;
		seen[f] = true;
	}
	return true;
}

/* Parses one rcfile; NULL on success, else the message to die with. */
static const char *read_file(FILE *fp, const char *name, double *delay)
{
	static char msg[4096 + 64];
	char line[1024];
	int whole, fract, cur;
	char id;

	snprintf(msg, sizeof(msg),
		 "incompatible rcfile, you should delete '%s'", name);
	if (!fgets(line, sizeof(line), fp))
		return msg;
	if (fscanf(fp, "Id:%c, Mode_altscr=%d, Mode_irixps=%d, "
		   "Delay_time=%d.%d, Curwin=%d\n", &id, &Rc.mode_altscr,
		   &Rc.mode_irixps, &whole, &fract, &cur) != 6 ||
	    cur < 0 || cur >= WIN_COUNT)
		return msg;
	Rc.curwin = cur;
	/* the reference adds the fraction as thousandths */
	*delay = (double)((float)whole + (float)fract / 1000);
	for (int i = 0; i < WIN_COUNT; i++) {
		if (!read_window(fp, &Rc.win[i], id)) {
			snprintf(msg, sizeof(msg),
				 "window entry #%d corrupt, please delete '%s'",
				 i + 1, name);
			return msg;
		}
	}
	if (fscanf(fp, "Fixed_widest=%d, Summ_mscale=%d, Task_mscale=%d, "
		   "Zero_suppress=%d, Tics_scaled=%d\n", &Rc.fixed_widest,
		   &Rc.summ_mscale, &Rc.task_mscale, &Rc.zero_suppress,
		   &Rc.tics_scaled) < 0)
		return NULL;
	rctail_load(fp);
	if (Rc.fixed_widest < -1 || Rc.fixed_widest > SCREEN_MAX)
		Rc.fixed_widest = 0;
	if (Rc.summ_mscale < 0 || Rc.summ_mscale > 5)
		Rc.summ_mscale = 0;
	if (Rc.task_mscale < 0 || Rc.task_mscale > 4)
		Rc.task_mscale = 0;
	if (Rc.zero_suppress < 0 || Rc.zero_suppress > 1)
		Rc.zero_suppress = 0;
	if (Rc.tics_scaled < 0 || Rc.tics_scaled > 7)
		Rc.tics_scaled = 0;
	return NULL;
}

static const char *home_dir(void)
{
	const char *home = getenv("HOME");

	if (!home || home[0] != '/') {
		const struct passwd *pw = getpwuid(getuid());

		home = pw ? pw->pw_dir : NULL;
		if (!home || home[0] != '/')
			return NULL;
	}
	return home;
}

/* The per-user file: ~/.NAMErc if it exists, else the XDG location,
 * creating its directories on the way (even in batch mode). */
static FILE *open_user_file(const char *myname, char *path, size_t size)
{
	const char *home = home_dir(), *xdg = getenv("XDG_CONFIG_HOME");
	FILE *fp = NULL;

	if (home) {
		snprintf(path, size, "%s/.%src", home, myname);
		fp = fopen(path, "r");
		if (fp)
			return fp;
	}
	if (!xdg || xdg[0] != '/') {
		if (!home)
			return NULL;
		snprintf(path, size, "%s/.config", home);
		mkdir(path, 0700);
		snprintf(path, size, "%s/.config/procps", home);
	} else {
		snprintf(path, size, "%s/procps", xdg);
	}
	/* A directory that cannot be made shows when W writes the file,
	 * whose name the message gives, as the reference's does. */
	mkdir(path, 0700);
	size_t len = strlen(path);

	snprintf(path + len, size - len, "/%src", myname);
	return fopen(path, "r");
}

void rc_load(const char *myname)
{
	char path[4096];
	const char *err = NULL;
	double delay = 3.0;
	FILE *fp;

	set_defaults();
	fp = fopen(SYS_RESTRICT, "r");
	if (fp) {
		char line[1024];

		if (fgets(line, sizeof(line), fp)) {
			float d;

			Opt.secure = true;
			if (fgets(line, sizeof(line), fp) &&
			    sscanf(line, "%f", &d) == 1)
				Rc.delay = d;
		}
		fclose(fp);
	}
	delay = Rc.delay;
	path[0] = '\0';
	fp = open_user_file(myname, path, sizeof(path));
	snprintf(Rc_path, sizeof(Rc_path), "%s", path);
	if (fp) {
		err = read_file(fp, path, &delay);
		fclose(fp);
	} else if ((fp = fopen(SYS_DEFAULTS, "r"))) {
		err = read_file(fp, SYS_DEFAULTS, &delay);
		fclose(fp);
	}
	if (err)
		die("%s", err);
	if (getuid() == 0)
		Opt.secure = false;
	if (!Opt.secure)
		Rc.delay = delay;
}

int rc_write(void)
{
	FILE *fp = Rc_path[0] ? fopen(Rc_path, "w") : NULL;

	if (!fp)
		return -1;
	fprintf(fp, "%s's Config File (Linux processes with windows)\n",
		Myname);
	fprintf(fp, "Id:%c, Mode_altscr=%d, Mode_irixps=%d, Delay_time=%d.%d, "
		"Curwin=%d\n", RC_VERSION, Rc.mode_altscr, Rc.mode_irixps,
		(int)Rc.delay,
		(int)((Rc.delay - (int)Rc.delay) * 1000), Rc.curwin);
	for (int i = 0; i < WIN_COUNT; i++) {
		const struct window *w = &Rc.win[i];

		fprintf(fp, "%s\tfieldscur=", w->name);
		for (int j = 0; j < PFLAGS_SIZE; j++) {
			if (j && j % 20 == 0)
				fputs("\n\t\t  ", fp);
			fprintf(fp, "%4d ", w->fieldscur[j]);
		}
		fprintf(fp, "\n\twinflags=%d, sortindx=%d, maxtasks=%d, "
			"graph_cpus=%d, graph_mems=%d, double_up=%d, "
			"combine_cpus=%d, core_types=%d\n", w->winflags,
			w->sortindx, w->maxtasks, w->graph_cpus, w->graph_mems,
			w->double_up, w->combine_cpus, w->core_types);
		fprintf(fp, "\tsummclr=%d, msgsclr=%d, headclr=%d, "
			"taskclr=%d\n", w->summclr, w->msgsclr, w->headclr,
			w->taskclr);
	}
	fprintf(fp, "Fixed_widest=%d, Summ_mscale=%d, Task_mscale=%d, "
		"Zero_suppress=%d, Tics_scaled=%d\n", Rc.fixed_widest,
		Rc.summ_mscale, Rc.task_mscale, Rc.zero_suppress,
		Rc.tics_scaled);
	rctail_save(fp);
	return fclose(fp) ? -1 : 0;
}
