/* From options to columns: -o lists, the default formats of -f -l -j
 * and of BSD j l s u v, and the sort keys of --sort, k and O. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "library/profile.h"
#include "arena.h"
#include "format_aix.h"
#include "format_build.h"
#include "personality.h"
#include "sortkeys.h"

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
	if (!buf)
		return "out of memory";
	for (p = arg;; p++) {
		if (!*p && p != arg)
			break;  /* one trailing separator is fine */
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
		if (!s && macro_find(tok)) {
			struct column *m = NULL;

			if (width > 0) {
				free(buf);
				return "can not set width for a macro (multi-column) format specifier";
			}
			parse_plain_list(macro_find(tok), &m);
			for (struct column *c = m; c && header; c = c->next) {
				int h = (int)strlen(header);

				c->header = arena_strdup(header);
				if (h > c->width)
					c->width = h;
			}
			append(out, m);
			continue;
		}
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

			c->header = arena_strdup(header);
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
	struct column *c;

	if ((fm & FM_y) && !(ff & FF_Ul))
		return "modifier -y without format -l makes no sense";
	if (a->prefer_bsd) {
		push_spec(l, ff ? "cmd" : "args");
		push_spec(l, "bsdtime");
		if (!(ff & FF_Ul))
			push_spec(l, "stat");
	} else {
		push_spec(l, ((ff & FF_Uf) || a->unix_f) ? "cmd" : "ucmd");
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
	if ((ff & FF_Ul) && !(fm & FM_y) && (pers.bits & PER_IRIX_l)) {
		/* "SZ:RSS": a literal colon between two columns */
		push_spec(l, "sgi_rss");
		c = arena_alloc(sizeof(*c));
		c->header = ":";
		c->width = 1;
		c->align = AL_NONE;
		c->next = *l;
		*l = c;
	}
	if ((fm & FM_F) || (ff & FF_Ul))
		push_spec(l, "sz");
	if (ff & FF_Ul)
		push_spec(l, (fm & FM_y) ? "rss" :
			  (pers.bits & (PER_ZAP_ADDR | PER_IRIX_l)) ? "sgi_p" :
			  "addr_1");
	if (fm & FM_c) {
		push_spec(l, "pri");
		push_spec(l, "class");
	} else if (ff & FF_Ul) {
		push_spec(l, "ni");
		push_spec(l, (pers.bits & PER_IRIX_l) ? "priority" : "opri");
	}
	if ((tf & TF_U_L) && (ff & FF_Uf))
		push_spec(l, "nlwp");
	if ((ff & (FF_Uf | FF_Ul)) && !(fm & FM_c))
		push_spec(l, "c");
	if (fm & FM_P)
		push_spec(l, "psr");
	if (tf & TF_U_L)
		push_spec(l, "lwp");
	if (fm & FM_j) {
		push_spec(l, "sid");
		push_spec(l, "pgid");
	}
	if (ff & (FF_Uf | FF_Ul))
		push_spec(l, "ppid");
	if (tf & TF_U_T)
		push_spec(l, "spid");
	push_spec(l, "pid");
	if (ff & FF_Uf)
		push_spec(l, (pers.bits & PER_SANE_USER) ? "user" : "uid_hack");
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

/* --sort and k: "[+|-]spec,..." */
static const char *parse_sort_list(const char *arg, struct sort_key **out)
{
	char *buf = strdup(arg), *save = NULL, *tok;
	struct sort_key *keys = NULL, **tail = &keys;

	if (!buf)
		return "out of memory";
	if (!*arg) {
		free(buf);
		return "long sort specification must follow 'k'";
	}
	/* like a format list: no empty item, one trailing comma allowed */
	for (const char *p = arg; *p; p++)
		if (*p == ',' && (p == arg || p[1] == ',')) {
			free(buf);
			return "improper sort list";
		}
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		struct sort_key *k = arena_alloc(sizeof(*k));
		const struct spec *s;

		if (*tok == '+') {
			tok++;
		} else if (*tok == '-') {
			k->reverse = 1;
			tok++;
		}
		s = sort_spec_find(tok);
		if (!s) {
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

/* The macro a format-flag combination names, "" for the SysV
 * generator, NULL when the flags conflict. */
static const char *flags_macro(unsigned ff)
{
	const char *m;

	switch (ff) {
	case 0:                 m = NULL; break;
	case FF_Uf | FF_Ul:     m = pers.sysv_fl; break;
	case FF_Uf:             m = pers.sysv_f; break;
	case FF_Ul:             m = pers.sysv_l; break;
	case FF_Uj:             m = pers.sysv_j; break;
	case FF_Uj | FF_Ul:     return "RD_lj";
	case FF_Uj | FF_Uf:     return "RD_fj";
	case FF_Bj:             return pers.bsd_j;
	case FF_Bl:             return pers.bsd_l;
	case FF_Bs:             return pers.bsd_s;
	case FF_Bu:             return pers.bsd_u;
	case FF_Bv:             return pers.bsd_v;
	case FF_BX:             return "OL_X";
	case FF_Lm:             return "OL_m";
	case FF_Fc:             return "FLASK_context";
	default:                return NULL;
	}
	return m ? m : "";
}

static struct column **find_header(struct column **l, const char *h)
{
	for (; *l; l = &(*l)->next)
		if ((*l)->spec && !strcmp((*l)->header, h))
			return l;
	return NULL;
}

/* Puts the spec's column after the first column headed h. */
static bool add_after(struct column **l, const char *h, const char *spec)
{
	struct column **at = find_header(l, h), *c;

	if (!at)
		return false;
	c = column_for(spec_find(spec));
	c->next = (*at)->next;
	(*at)->next = c;
	return true;
}

static bool delete_header(struct column **l, const char *h)
{
	struct column **at = find_header(l, h);

	if (!at)
		return false;
	*at = (*at)->next;
	return true;
}

static _Noreturn void internal_error(const char *msg)
{
	extern char *program_invocation_name;

	fflush(stdout);
	fprintf(stderr, "%s:src/ps/%s: internal error: %s\n",
		program_invocation_name, profile.ps_sortformat_at, msg);
	exit(1);
}

/* What the modifiers and -L/-T do to a macro's columns. */
static const char *adjust_macro(struct ps_args *a, struct column **l)
{
	unsigned fm = a->modifiers, tf = a->thread_flags;
	bool must_use = (tf & (TF_U_L | TF_U_T)) &&
			(tf & (TF_B_m | TF_U_m | TF_B_H));

	if (fm & FM_j) {
		if (!add_after(l, "PPID", "pgid") && !add_after(l, "PID", "pgid"))
			internal_error("no PID or PPID for -j option");
		if (!add_after(l, "PGID", "sid"))
			internal_error("lost my PGID");
	}
	if (fm & FM_y) {
		delete_header(l, "F");
		if (add_after(l, "ADDR", "rss"))
			delete_header(l, "ADDR");
	}
	if (fm & FM_c) {
		delete_header(l, "%CPU");
		delete_header(l, "CPU");
		delete_header(l, "CP");
		delete_header(l, "C");
		delete_header(l, "NI");
		if (!add_after(l, "PRI", "class"))
			internal_error("no PRI for -c option");
		delete_header(l, "PRI");
		add_after(l, "CLS", "pri");
	}
	if (tf & TF_U_T) {
		if (!add_after(l, "PID", "spid") && must_use)
			return "-T with H/-m/m but no PID for SPID to follow";
	}
	if (tf & TF_U_L) {
		static const char *const after[] = {
			"SID", "SESS", "PGID", "PGRP", "PPID", "PID",
		};
		bool done = false;

		for (size_t i = 0; i < 6 && !done; i++)
			done = add_after(l, after[i], "lwp");
		if (!done && must_use)
			return "-L with H/-m/m but no PID/PGID/SID/SESS for NLWP to follow";
		add_after(l, "%CPU", "nlwp");
	}
	if (fm & FM_M)
		push_spec(l, "label");
	if ((pers.bits & PER_ZAP_ADDR) && (a->format_flags & FF_Ul) &&
	    add_after(l, "ADDR", "sgi_p"))
		delete_header(l, "ADDR");
	if ((pers.bits & PER_SANE_USER) && (a->format_flags & FF_Uf) &&
	    add_after(l, "UID", "user"))
		delete_header(l, "UID");
	return NULL;
}

const char *build_formats(struct ps_args *a, struct format_result *r)
{
	struct column *cols = NULL;
	const char *err = NULL, *env, *macro;
	bool have_o = false;
	int sorts = 0;
	unsigned tf = a->thread_flags;
	bool must_use = (tf & (TF_U_L | TF_U_T)) &&
			(tf & (TF_B_m | TF_U_m | TF_B_H));

	memset(r, 0, sizeof(*r));
	for (struct deferred *d = a->deferred; d; d = d->next) {
		if (d->kind == 'o') {
			have_o = true;
			err = parse_format_list(d->arg, &cols);
		} else if (d->kind == 'O') {
			/* -O: pid, the given columns, then the defaults */
			struct column *mid = NULL;

			if (have_o)
				return "option -O can not follow other format options";
			err = parse_format_list(d->arg, &mid);
			if (!err) {
				have_o = true;
				wrap_O(&cols, mid, false);
			}
		} else if (d->kind == 'B') {
			/* BSD O: one-letter sort keys, else like -O (first
			 * format only); when both fail the sort complaint is
			 * shown */
			struct column *mid = NULL;

			err = parse_short_sort(d->arg, &r->sort);
			if (!err) {
				sorts++;
			} else if (!parse_format_list(d->arg, &mid)) {
				if (have_o)
					return "option O is neither first format nor sort order";
				err = NULL;
				have_o = true;
				wrap_O(&cols, mid, true);
			}
		} else {
			sorts++;
			err = parse_sort_list(d->arg, &r->sort);
		}
		if (err)
			return err;
	}
	if (sorts > 1)
		return "multiple sort options";
	/* $PS_FORMAT stands in for the defaults only. */
	env = getenv("PS_FORMAT");
	if (!have_o && !a->format_flags && !a->modifiers && env && *env) {
		if (must_use)
			return "tell <procps@freelists.org> what you want (-L/-T, -m/m/H, and $PS_FORMAT)";
		err = parse_format_list(env, &cols);
		if (!err)
			goto done;
		cols = NULL;
		fprintf(stderr, "warning: $PS_FORMAT ignored. (%s)\n", err);
	}
	if (have_o) {
		if (a->format_flags)
			return "conflicting format options";
		if (a->modifiers)
			return "can not use output modifiers with user-defined output";
		if (must_use)
			return "-L/-T with H/m/-m and -o/-O/o/O is nonsense";
		goto done;
	}
	macro = flags_macro(a->format_flags & ~FF_Uc);
	if (!macro)
		return "conflicting format options";
	if (!*macro) {
		err = sysv_default(a, &cols);
		if (err)
			return err;
		goto done;
	}
	parse_format_list(macro, &cols);
	err = adjust_macro(a, &cols);
	if (err)
		return err;
done:
	r->columns = cols;
	r->no_header = true;
	for (struct column *c = cols; c; c = c->next)
		if (c->spec && c->header[0])
			r->no_header = false;
	return NULL;
}
