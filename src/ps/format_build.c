/* From options to columns: -o lists, the default formats of -f -l -j
 * and of BSD j l s u v, and the sort keys of --sort, k and O. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "library/sysinfo.h"
#include "format_build.h"
#include "sortkeys.h"

struct column *column_for(const struct spec *s)
{
	struct column *c = calloc(1, sizeof(*c));

	if (!c) {
		fputs("out of memory\n", stderr);
		exit(1);
	}
	c->spec = s;
	c->header = s->header;
	c->width = s->width;
	if (s->flags & SF_PIDMAX) {
		int d = (int)sys_pid_digits(), h = (int)strlen(s->header);

		c->width = d > h ? d : h;
	}
	c->align = (enum align)s->align;
	return c;
}

static void append(struct column **list, struct column *c)
{
	while (*list)
		list = &(*list)->next;
	*list = c;
}

/* A comma/blank separated list of "spec[:width][=header]" items. */
static const char *parse_plain_list(const char *arg, struct column **out)
{
	static char errbuf[256];
	char *buf, *save = NULL, *tok;
	const char *p;
	int need = 1;

	buf = strdup(arg);
	for (p = arg;; p++) {
		if (!*p || strchr(" ,\t\n", *p)) {
			if (need) {
				free(buf);
				return "improper format list";
			}
			need = 1;
			if (!*p)
				break;
		} else {
			need = 0;
		}
	}
	for (tok = strtok_r(buf, " ,\t\n", &save); tok;
	     tok = strtok_r(NULL, " ,\t\n", &save)) {
		char *eq = strchr(tok, '='), *colon;
		const char *header = NULL;
		long width = -1;
		const struct spec *s;
		struct column *c;

		if (eq) {
			*eq = '\0';
			header = eq + 1;
		}
		colon = strchr(tok, ':');
		if (colon) {
			char *end;

			*colon = '\0';
			if (colon[1] < '1' || colon[1] > '9') {
				free(buf);
				return "column widths must be unsigned decimal numbers";
			}
			width = strtol(colon + 1, &end, 10);
			if (*end) {
				free(buf);
				return "column widths must be unsigned decimal numbers";
			}
		}
		s = spec_find(tok);
		if (!s) {
			snprintf(errbuf, sizeof(errbuf),
				 "unknown user-defined format specifier \"%s\"",
				 tok);
			free(buf);
			return errbuf;
		}
		c = column_for(s);
		if (header) {
			int h = (int)strlen(header);

			c->header = strdup(header);
			if (h > c->width)
				c->width = h;
		}
		if (width > 0)
			c->width = (int)width;
		append(out, c);
	}
	free(buf);
	return NULL;
}

/* A -o list; one that fails as a plain list but holds a '%' is read as
 * AIX descriptors, whose error then wins. */
static const char *parse_format_list(const char *arg, struct column **out)
{
	struct column *cols = NULL;
	const char *err = parse_plain_list(arg, &cols);

	if (err && strchr(arg, '%')) {
		cols = NULL;
		err = parse_aix_format(arg, &cols);
	}
	if (err)
		return err;
	while (*out)
		out = &(*out)->next;
	*out = cols;
	return NULL;
}

static void push_spec(struct column **list, const char *name)
{
	const struct spec *s = spec_find(name);
	struct column *c;

	if (!s) {
		fprintf(stderr, "ps: internal error: no format spec \"%s\"\n",
			name);
		exit(1);
	}
	c = column_for(s);

	c->next = *list;
	*list = c;
}

/* The default columns of -f -F -l -y -j -c -L -T -M -P, built back to
 * front the way the reference builds them. */
static const char *sysv_default(const struct ps_args *a, struct column **l)
{
	unsigned ff = a->format_flags, fm = a->modifiers, tf = a->thread_flags;

	if ((fm & FM_y) && !(ff & FF_Ul))
		return "modifier -y without format -l makes no sense";
	if (a->prefer_bsd) {
		push_spec(l, ff ? "cmd" : "args");
		push_spec(l, "bsdtime");
		if (!(ff & FF_Ul))
			push_spec(l, "stat");
	} else {
		push_spec(l, (ff & FF_Uf) ? "cmd" : "ucmd");
		push_spec(l, "time");
	}
	push_spec(l, "tname");
	if (ff & FF_Uf)
		push_spec(l, "stime");
	if (fm & FM_F) {
		if (!(fm & FM_P))
			push_spec(l, "psr");
		if (!((ff & FF_Ul) && (fm & FM_y)))
			push_spec(l, "rss");
	}
	if (ff & FF_Ul)
		push_spec(l, "wchan");
	if ((fm & FM_F) || (ff & FF_Ul))
		push_spec(l, "sz");
	if (ff & FF_Ul)
		push_spec(l, (fm & FM_y) ? "rss" : "addr_1");
	if (ff & FF_Uc) {
		push_spec(l, "pri");
		push_spec(l, "class");
	} else if (ff & FF_Ul) {
		push_spec(l, "ni");
		push_spec(l, "opri");
	}
	if ((tf & TF_U_L) && (ff & FF_Uf))
		push_spec(l, "nlwp");
	if ((ff & (FF_Uf | FF_Ul)) && !(ff & FF_Uc))
		push_spec(l, "c");
	if (fm & FM_P)
		push_spec(l, "psr");
	if (tf & TF_U_L)
		push_spec(l, "lwp");
	if (tf & TF_U_T)
		push_spec(l, "spid");
	if (ff & FF_Uj) {
		push_spec(l, "sid");
		push_spec(l, "pgid");
	}
	if (ff & (FF_Uf | FF_Ul))
		push_spec(l, "ppid");
	push_spec(l, "pid");
	if (ff & FF_Uf)
		push_spec(l, "uid_hack");
	else if (ff & FF_Ul)
		push_spec(l, "uid");
	if (ff & FF_Ul) {
		push_spec(l, "s");
		if (!(fm & FM_y))
			push_spec(l, "f");
	}
	if (fm & FM_M)
		push_spec(l, "label");
	return NULL;
}

/* BSD j l s u v X: fixed lists. */
static const char *bsd_default(unsigned ff)
{
	if (ff & FF_Bj)
		return "ppid,pid,pgid,sid,tname,tpgid,stat,uid,bsdtime,args";
	if (ff & FF_Bl)
		return "f,uid,pid,ppid,priority,nice,vsz,rss,wchan,stat,tname,bsdtime,args";
	if (ff & FF_Bs)
		return "uid,pid,pending,blocked,ignored,caught,stat,tname,bsdtime,args";
	if (ff & FF_Bu)
		return "user,pid,%cpu,%mem,vsz,rss,tname,stat,start_time,bsdtime,args";
	if (ff & FF_Bv)
		return "pid,tname,stat,bsdtime,maj_flt,m_trs,m_drs,rss,%mem,args";
	if (ff & FF_BX)
		return "pid,stackp,esp,eip,tmout,alarm,stat,tname,bsdtime,args";
	return NULL;
}

/* --sort and k: "[+|-]spec,..." */
static const char *parse_sort_list(const char *arg, struct sort_key **out)
{
	char *buf = strdup(arg), *save = NULL, *tok;
	struct sort_key *keys = NULL, **tail = &keys;

	if (!*arg) {
		free(buf);
		return "long sort specification must follow 'k'";
	}
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		struct sort_key *k = calloc(1, sizeof(*k));
		const struct spec *s;

		if (*tok == '+') {
			tok++;
		} else if (*tok == '-') {
			k->reverse = 1;
			tok++;
		}
		s = sort_spec_find(tok);
		if (!s) {
			free(k);
			free(buf);
			return "unknown sort specifier";
		}
		k->spec = s;
		*tail = k;
		tail = &k->next;
	}
	free(buf);
	/* Earlier --sort options come first as keys. */
	*tail = *out;
	*out = keys;
	return NULL;
}

/* pid, the given columns, then the SysV or BSD trailer. */
static void wrap_O(struct column **cols, struct column *mid, bool bsd)
{
	struct column *head = NULL;

	parse_plain_list("pid", &head);
	head->next = mid;
	parse_plain_list(bsd ? "state,tname,cputime,comm"
			     : "state,tname,time,command", &mid);
	while (*cols)
		cols = &(*cols)->next;
	*cols = head;
}

const char *build_formats(struct ps_args *a, struct format_result *r)
{
	struct column *cols = NULL;
	const char *err = NULL;
	bool have_o = false;

	memset(r, 0, sizeof(*r));
	for (struct deferred *d = a->deferred; d; d = d->next) {
		if (d->kind == 'o') {
			have_o = true;
			err = parse_format_list(d->arg, &cols);
		} else if (d->kind == 'O') {
			/* -O: pid, the given columns, then the defaults */
			struct column *mid = NULL;

			err = parse_format_list(d->arg, &mid);
			if (!err) {
				have_o = true;
				wrap_O(&cols, mid, false);
			}
		} else if (d->kind == 'B') {
			/* BSD O: one-letter sort keys, else like -O; when
			 * both fail the sort complaint is shown */
			struct column *mid = NULL;

			err = parse_short_sort(d->arg, &r->sort);
			if (err && !parse_format_list(d->arg, &mid)) {
				err = NULL;
				have_o = true;
				wrap_O(&cols, mid, true);
			}
		} else {
			err = parse_sort_list(d->arg, &r->sort);
		}
		if (err)
			return err;
	}
	if (!have_o) {
		const char *env = getenv("PS_FORMAT");
		const char *bsd = bsd_default(a->format_flags);

		if (env && *env && !a->format_flags && !a->modifiers) {
			if (parse_format_list(env, &cols)) {
				cols = NULL;
			}
		}
		if (!cols && bsd)
			err = parse_format_list(bsd, &cols);
		else if (!cols && (a->format_flags || a->modifiers ||
				   (a->thread_flags & (TF_U_L | TF_U_T))))
			err = sysv_default(a, &cols);
		else if (!cols)
			err = parse_format_list(a->prefer_bsd ?
				"pid,tname,stat,bsdtime,args" :
				"pid,tname,time,ucmd", &cols);
		if (err)
			return err;
	}
	r->columns = cols;
	r->no_header = true;
	for (struct column *c = cols; c; c = c->next)
		if (c->spec && c->header[0])
			r->no_header = false;
	return NULL;
}
