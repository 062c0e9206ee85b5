/* Command-line parsing: UNIX (dashed), BSD (bare) and GNU (--long)
 * options, mixed freely.  Like the reference, a first pass reads each
 * word by its own syntax; if that fails, a second pass reads dashed words
 * as BSD options too, and if that also fails the first error is shown. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "library/profile.h"
#include "lists.h"
#include "format_build.h"
#include "arena.h"
#include "options.h"
#include "personality.h"

struct parser {
	int argc;
	char **argv;
	int at;                 /* index of the word being parsed */
	const char *flag;       /* the letter being parsed */
	bool force_bsd;         /* second pass */
	struct ps_args *a;
	unsigned per;           /* personality bits for this pass */
};

enum arg_kind { ARG_BSD, ARG_SYSV, ARG_GNU, ARG_PID, ARG_PGRP, ARG_SESS,
		ARG_END, ARG_FAIL };

static int is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static enum arg_kind arg_kind(const char *s)
{
	if (is_alpha(s[0]))
		return ARG_BSD;
	if (s[0] >= '0' && s[0] <= '9')
		return ARG_PID;
	if (s[0] == '+')
		return ARG_SESS;
	if (s[0] != '-')
		return ARG_FAIL;
	if (is_alpha(s[1]))
		return ARG_SYSV;
	if (s[1] >= '0' && s[1] <= '9')
		return ARG_PGRP;
	if (s[1] != '-')
		return ARG_FAIL;
	if (is_alpha(s[2]))
		return ARG_GNU;
	return s[2] == '\0' ? ARG_END : ARG_FAIL;
}

/* The option's argument: the rest of this word, or the next word. */
static const char *opt_arg(struct parser *p)
{
	if (p->flag[1])
		return p->flag + 1;
	if (p->at + 1 >= p->argc || !p->argv[p->at + 1][0])
		return NULL;
	return p->argv[++p->at];
}

int info_cols, info_rows;

static void defer(struct ps_args *a, char kind, const char *arg)
{
	struct deferred *d = arena_alloc(sizeof(*d)), **tail = &a->deferred;

	d->arg = arena_strdup(arg);
	d->kind = kind;
	while (*tail)
		tail = &(*tail)->next;
	*tail = d;
}

static const char *list_or(struct parser *p, enum sel_kind kind,
			   const char *missing)
{
	const char *arg = opt_arg(p);

	if (!arg)
		return missing;
	return parse_sel_list(arg, kind, &p->a->lists);
}

static const char *quick_list(struct parser *p, const char *arg,
			      const char *missing)
{
	struct sel_list *l = NULL;
	const char *err;

	if (!arg)
		return missing;
	p->a->quick_count++;
	err = parse_sel_list(arg, SEL_PID, &l);
	if (err)
		return err;
	/* Quick pids print in the order given. */
	for (size_t i = l->n; i-- > 0;) {
		int *v = arena_grow(p->a->quick_pids,
				    p->a->nquick * sizeof(int),
				    (p->a->nquick + 1) * sizeof(int));

		v[p->a->nquick++] = l->v[i].id;
		p->a->quick_pids = v;
	}
	return NULL;
}

static const char *parse_sysv(struct parser *p)
{
	struct ps_args *a = p->a;
	const char *arg;

	for (p->flag = p->argv[p->at] + 1; *p->flag; p->flag++) {
		switch (*p->flag) {
		case 'A': case 'e':
			a->all = true;
			break;
		case 'C':
			return list_or(p, SEL_COMM,
				       "list of command names must follow -C");
		case 'D':
			if (!profile.ps_date_format)
				return "unsupported SysV option";
			arg = opt_arg(p);
			if (!arg)
				return "date format must follow -D";
			a->date_format = arg;
			/* 4.0.4 reads on through the rest of the word,
			 * even the format's own letters */
			break;
		case 'F':
			a->format_flags |= FF_Uf;
			a->modifiers |= FM_F;
			a->unix_f = true;
			break;
		case 'G':
			return list_or(p, SEL_RGID,
				       "list of real groups must follow -G");
		case 'H':
			a->forest = 'u';
			break;
		case 'L':
			a->thread_flags |= TF_U_L;
			break;
		case 'M': case 'Z':
			a->modifiers |= FM_M;
			break;
		case 'N':
			a->negate = true;
			break;
		case 'O':
			arg = opt_arg(p);
			if (!arg)
				return "format or sort specification must follow -O";
			defer(a, 'O', arg);
			return NULL;
		case 'P':
			a->modifiers |= FM_P;
			break;
		case 'T':
			a->thread_flags |= TF_U_T;
			break;
		case 'U':
			return list_or(p, SEL_RUID,
				       "list of real users must follow -U");
		case 'V':
			if (p->argc != 2 || strcmp(p->argv[1], "-V"))
				return "the option is exclusive: -V";
			a->show_version = true;
			break;
		case 'a':
			a->simple |= SS_U_a;
			break;
		case 'c':
			a->modifiers |= FM_c;
			break;
		case 'd':
			a->simple |= SS_U_d;
			break;
		case 'f':
			a->format_flags |= FF_Uf;
			a->unix_f = true;
			break;
		case 'g':
			arg = opt_arg(p);
			if (!arg)
				return "list of session leaders OR effective group names must follow -g";
			if (!parse_sel_list(arg, SEL_SESS, &a->lists))
				return NULL;
			if (!parse_sel_list(arg, SEL_EGID, &a->lists))
				return NULL;
			return "list of session leaders OR effective group IDs was invalid";
		case 'j':
			if (pers.sysv_j)
				a->format_flags |= FF_Uj;
			else
				a->modifiers |= FM_j;
			break;
		case 'l':
			a->format_flags |= FF_Ul;
			break;
		case 'm':
			a->thread_flags |= TF_U_m;
			break;
		case 'o':
			arg = opt_arg(p);
			if (!arg)
				return "format specification must follow -o";
			defer(a, 'o', arg);
			return NULL;
		case 'p':
			return list_or(p, SEL_PID,
				       "list of process IDs must follow -p");
		case 'q':
			return quick_list(p, opt_arg(p),
					  "List of process IDs must follow -q.");
		case 's':
			return list_or(p, SEL_SESS,
				       "list of session IDs must follow -s");
		case 't':
			return list_or(p, SEL_TTY,
				       "list of terminals (pty, tty...) must follow -t");
		case 'u':
			return list_or(p, SEL_EUID,
				       "list of users must follow -u");
		case 'w':
			a->w_count++;
			break;
		case 'x':
			if (p->per & PER_SVR4_x) {
				a->modifiers |= FM_y;
			} else if (p->per & PER_HPUX_x) {
				a->w_count += 2;
				a->unix_f = true;
			} else {
				return "must set personality to get -x option";
			}
			break;
		case 'y':
			a->modifiers |= FM_y;
			break;
		case '-':
			return "embedded '-' among SysV options makes no sense";
		default:
			return "unsupported SysV option";
		}
	}
	return NULL;
}

/* T, and t without a list: our own terminal, resolved at selection. */
static void own_tty_list(struct ps_args *a)
{
	if (parse_sel_list("-", SEL_TTY, &a->lists) == NULL)
		a->lists->v[0].id = OWN_TTY;
}

static const char *parse_bsd(struct parser *p)
{
	struct ps_args *a = p->a;
	const char *arg;

	p->flag = p->argv[p->at];
	if (*p->flag == '-')
		p->flag++;
	for (; *p->flag; p->flag++) {
		switch (*p->flag) {
		case 'H':
			a->thread_flags |= TF_B_H;
			break;
		case 'L':
			if (p->argc != 2 || strcmp(p->argv[1], "L"))
				return "the option is exclusive: L";
			a->list_specs = true;
			break;
		case 'M':
			a->thread_flags |= TF_B_m;
			break;
		case 'Z':
			a->modifiers |= FM_M;
			break;
		case 'O':
			arg = opt_arg(p);
			if (!arg)
				return "format or sort specification must follow O";
			defer(a, 'B', arg);
			return NULL;
		case 'S':
			a->cumulative = true;
			break;
		case 'T':
			own_tty_list(a);
			break;
		case 'U':
			arg = opt_arg(p);
			if (!arg)
				return "list of users must follow U";
			return parse_sel_list(arg, SEL_EUID, &a->lists);
		case 'V':
			if (p->argc != 2 || strcmp(p->argv[1], "V"))
				return "the option is exclusive: V";
			a->show_version = true;
			break;
		case 'W':
			return "obsolete W option not supported (you have a /dev/drum?)";
		case 'X':
			a->format_flags |= FF_BX;
			break;
		case 'a':
			a->simple |= SS_B_a;
			break;
		case 'c':
			a->bsd_c = true;
			break;
		case 'e':
			a->bsd_e = true;
			break;
		case 'f':
			a->forest = 'b';
			break;
		case 'g':
			a->simple |= SS_B_g;
			break;
		case 'h':
			if (a->header != -1)
				return "only one heading option may be specified";
			a->header = (p->per & PER_BSD_h) ? 1 : 0;
			break;
		case 'j':
			a->format_flags |= FF_Bj;
			break;
		case 'k':
			arg = opt_arg(p);
			if (!arg)
				return "long sort specification must follow 'k'";
			defer(a, 'k', arg);
			return NULL;
		case 'l':
			a->format_flags |= FF_Bl;
			break;
		case 'm':
			if (p->per & PER_OLD_m)
				a->format_flags |= FF_Lm;
			else if (p->per & PER_BSD_m)
				defer(a, 'k', "pmem");
			else
				a->thread_flags |= TF_B_m;
			break;
		case 'n':
			a->numeric_names = true;
			break;
		case 'o':
			arg = opt_arg(p);
			if (!arg)
				return "format specification must follow o";
			defer(a, 'o', arg);
			return NULL;
		case 'p':
			arg = opt_arg(p);
			if (!arg)
				return "list of process IDs must follow p";
			return parse_sel_list(arg, SEL_PID, &a->lists);
		case 'q':
			return quick_list(p, opt_arg(p),
					  "List of process IDs must follow q.");
		case 'r':
			a->running_only = true;
			break;
		case 's':
			a->format_flags |= FF_Bs;
			break;
		case 't':
			arg = opt_arg(p);
			if (!arg) {
				own_tty_list(a);
				return NULL;
			}
			return parse_sel_list(arg, SEL_TTY, &a->lists);
		case 'u':
			a->format_flags |= FF_Bu;
			break;
		case 'v':
			a->format_flags |= FF_Bv;
			break;
		case 'w':
			a->w_count++;
			break;
		case 'x':
			a->simple |= SS_B_x;
			break;
		default:
			return "unsupported option (BSD syntax)";
		}
	}
	return NULL;
}

/* Bare pids, "-PGRP" and "+SESSION" words: they take every word left,
 * one id each. */
static const char *parse_trailing(struct parser *p)
{
	for (; p->at < p->argc; p->at++) {
		const char *w = p->argv[p->at];
		enum sel_kind kind = SEL_PID;
		char *end;
		unsigned long n;
		struct sel_list *l;

		if (*w == '-') {
			kind = SEL_PGRP;
			w++;
		} else if (*w == '+') {
			kind = SEL_SESS;
			w++;
		}
		n = strtoul(w, &end, 0);
		if (*end)
			return "process ID list syntax error";
		if (n < 1 || n > 0x7fffffffUL)
			return "process ID out of range";
		/* one more id on this kind's list */
		for (l = p->a->lists; l && l->kind != kind; l = l->next)
			;
		if (!l || l->kind != kind || !l->is_trailing) {
			if (parse_sel_list("1", kind, &p->a->lists))
				return "out of memory";
			l = p->a->lists;
			l->is_trailing = true;
			l->v[0].id = (int)n;
		} else {
			l->v = arena_grow(l->v, l->n * sizeof(*l->v),
					  (l->n + 1) * sizeof(*l->v));
			l->v[l->n++].id = (int)n;
		}
	}
	p->at = p->argc - 1;
	return NULL;
}

static const char *gnu_number(struct parser *p, const char *arg, long *out,
			      const char *missing)
{
	char *end;
	long v;

	if (!arg)
		return missing;
	v = strtol(arg, &end, 0);
	if (*end || v <= 0 || v >= 2000000000)
		return missing;
	*out = v;
	(void)p;
	return NULL;
}

struct gnu_opt {
	const char *name;
	int id;
};

enum {
	G_Group, G_User, G_cols, G_columns, G_context, G_cumulative,
	G_date_format, G_deselect, G_forest, G_format, G_group, G_header,
	G_help, G_info, G_lines, G_no_header, G_pid, G_ppid, G_quick_pid, G_rows, G_sid,
	G_signames, G_sort, G_tty, G_user, G_version, G_width,
};

static const struct gnu_opt gnu_opts[] = {
	{ "Group", G_Group }, { "User", G_User }, { "cols", G_cols },
	{ "columns", G_columns }, { "context", G_context },
	{ "cumulative", G_cumulative },
	{ "date-format", G_date_format },
	{ "deselect", G_deselect },
	{ "forest", G_forest }, { "format", G_format }, { "group", G_group },
	{ "header", G_header }, { "headers", G_header },
	{ "heading", G_header }, { "headings", G_header }, { "help", G_help },
	{ "info", G_info }, { "lines", G_lines },
	{ "no-header", G_no_header }, { "no-headers", G_no_header },
	{ "no-heading", G_no_header }, { "no-headings", G_no_header },
	{ "noheader", G_no_header }, { "noheaders", G_no_header },
	{ "noheading", G_no_header }, { "noheadings", G_no_header },
	{ "pid", G_pid }, { "ppid", G_ppid }, { "quick-pid", G_quick_pid },
	{ "rows", G_rows }, { "sid", G_sid }, { "signames", G_signames },
	{ "sort", G_sort },
	{ "tty", G_tty }, { "user", G_user }, { "version", G_version },
	{ "width", G_width },
};

/* The long options only a profile has (Debian 13's 4.0.4). */
static bool gnu_in_profile(int id)
{
	if (id == G_date_format)
		return profile.ps_date_format;
	if (id == G_signames)
		return profile.ps_signames;
	return true;
}

static const char *parse_gnu(struct parser *p)
{
	struct ps_args *a = p->a;
	const char *word = p->argv[p->at] + 2, *eq = strpbrk(word, "=:");
	size_t len = eq ? (size_t)(eq - word) : strlen(word);
	const char *arg = NULL;
	const struct gnu_opt *o = NULL;
	int takes_arg;

	for (size_t i = 0; i < sizeof(gnu_opts) / sizeof(gnu_opts[0]); i++)
		if (strlen(gnu_opts[i].name) == len &&
		    !strncmp(gnu_opts[i].name, word, len) &&
		    gnu_in_profile(gnu_opts[i].id))
			o = &gnu_opts[i];
	if (!o)
		return "unknown gnu long option";
	switch (o->id) {
	case G_context: case G_cumulative: case G_deselect: case G_forest:
	case G_header: case G_info: case G_no_header: case G_signames:
	case G_version:
		takes_arg = 0;
		break;
	case G_help:
		takes_arg = 2;  /* optional, and only as the next word */
		break;
	default:
		takes_arg = 1;
	}
	if (eq && takes_arg == 0) {
		static char msg[64];
		const char *name = NULL;

		switch (o->id) {
		case G_cumulative: name = "cumulative"; break;
		case G_deselect: name = "deselect"; break;
		case G_forest: name = "forest"; break;
		case G_header: name = "heading"; break;
		case G_no_header: name = "no-heading"; break;
		}
		if (name) {
			snprintf(msg, sizeof(msg),
				 "option --%s does not take an argument", name);
			return msg;
		}
	}
	if (takes_arg == 1) {
		if (eq && eq[1])
			arg = eq + 1;
		else if (eq)
			arg = NULL;
		else if (p->at + 1 < p->argc)
			arg = p->argv[++p->at];
	}
	switch (o->id) {
	case G_Group:
		return arg ? parse_sel_list(arg, SEL_RGID, &a->lists)
			   : "list of real groups must follow --Group";
	case G_User:
		return arg ? parse_sel_list(arg, SEL_RUID, &a->lists)
			   : "list of real users must follow --User";
	case G_cols: case G_columns: case G_width:
		return gnu_number(p, arg, &a->cols,
			"number of columns must follow --cols, --width, or --columns");
	case G_lines: case G_rows:
		return gnu_number(p, arg, &a->rows,
			"number of rows must follow --rows or --lines");
	case G_context:
		a->format_flags |= FF_Fc;
		return NULL;
	case G_date_format:
		if (!arg || !*arg)
			return "date format must follow --date-format";
		a->date_format = arg;
		return NULL;
	case G_cumulative:
		a->cumulative = true;
		return NULL;
	case G_signames:
		a->signal_names = true;
		return NULL;
	case G_deselect:
		a->negate = true;
		return NULL;
	case G_forest:
		a->forest = 'b';
		return NULL;
	case G_format:
		if (!arg)
			return "format specification must follow --format";
		defer(a, 'o', arg);
		return NULL;
	case G_group:
		return arg ? parse_sel_list(arg, SEL_EGID, &a->lists)
			   : "list of effective groups must follow --group";
	case G_header: case G_no_header:
		if (a->header != -1)
			return "only one heading option may be specified";
		a->header = o->id == G_header;
		return NULL;
	case G_help:
		a->help = true;
		if (eq)
			a->help_topic = (char *)eq + 1;
		else if (p->at + 1 < p->argc)
			a->help_topic = p->argv[++p->at];
		return NULL;
	case G_info:
		if (p->argc != 2 || strcmp(p->argv[1], "--info"))
			return "the option is exclusive: --info";
		personality_info(info_cols, info_rows);
		exit(0);
	case G_pid:
		return arg ? parse_sel_list(arg, SEL_PID, &a->lists)
			   : "list of process IDs must follow --pid";
	case G_ppid:
		return arg ? parse_sel_list(arg, SEL_PPID, &a->lists)
			   : "list of process IDs must follow --ppid";
	case G_quick_pid:
		return quick_list(p, arg,
				  "List of process IDs must follow --quick-pid.");
	case G_sid:
		return arg ? parse_sel_list(arg, SEL_SESS, &a->lists)
			   : "some sid thing(s) must follow --sid";
	case G_sort:
		if (!arg)
			return "long sort specification must follow --sort";
		defer(a, 's', arg);
		return NULL;
	case G_tty:
		return arg ? parse_sel_list(arg, SEL_TTY, &a->lists)
			   : "list of ttys must follow --tty";
	case G_user:
		return arg ? parse_sel_list(arg, SEL_EUID, &a->lists)
			   : "list of effective users must follow --user";
	case G_version:
		if (p->argc != 2 || strcmp(p->argv[1], "--version"))
			return "the option is exclusive: --version";
		a->show_version = true;
		return NULL;
	}
	return "unknown gnu long option";
}

static const char *parse_all(struct parser *p)
{
	const char *err;

	for (p->at = 1; p->at < p->argc; p->at++) {
		switch (arg_kind(p->argv[p->at])) {
		case ARG_GNU:
			err = parse_gnu(p);
			break;
		case ARG_SYSV:
			if (!p->force_bsd) {
				err = parse_sysv(p);
				break;
			}
			/* fall through */
		case ARG_BSD:
			if (p->force_bsd && !(p->per & PER_FORCE_BSD) &&
			    arg_kind(p->argv[p->at]) == ARG_BSD)
				return "way bad";
			p->a->prefer_bsd = true;
			err = parse_bsd(p);
			break;
		case ARG_PID: case ARG_PGRP: case ARG_SESS:
			p->a->prefer_bsd = true;
			err = parse_trailing(p);
			break;
		default:
			err = "garbage option";
		}
		if (err)
			return err;
	}
	return NULL;
}

static void args_init(struct ps_args *a)
{
	memset(a, 0, sizeof(*a));
	a->header = -1;
	a->prefer_bsd = pers.prefer_bsd;
}

/* One pass: the words, then what depends on all of them. */
static const char *parse_pass(struct parser *p, struct format_result *fmt)
{
	const char *err;

	args_init(p->a);
	err = parse_all(p);
	if (!err)
		err = check_thread_options(p->a);
	if (!err)
		err = build_formats(p->a, fmt);
	return err;
}

void parse_arguments(int argc, char **argv, struct ps_args *a,
		     struct format_result *fmt)
{
	struct parser p = { argc, argv, 0, NULL, false, a, pers.bits };
	const char *err = NULL, *err2;

	/* A BSD personality reads every word as BSD from the start. */
	if (!(pers.bits & PER_FORCE_BSD)) {
		err = parse_pass(&p, fmt);
		if (!err)
			return;
	}
	/* Second chance: read dashed words as BSD options.  If that fails
	 * too, the first pass's complaint is the one shown. */
	p.force_bsd = true;
	if (!(p.per & (PER_OLD_m | PER_BSD_m)))
		p.per |= PER_OLD_m;
	err2 = parse_pass(&p, fmt);
	if (!err2)
		return;
	fail_usage((pers.bits & PER_FORCE_BSD) ? err2 : err);
}
