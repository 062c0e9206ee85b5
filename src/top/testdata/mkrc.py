#!/usr/bin/env python3
"""Writes the toprc files the batch corpus uses, in the format the
reference's 'W' writes (Debian defaults for every window but Def).

    mkrc.py            regenerate every directory below
"""
import os

HEAD = "top's Config File (Linux processes with windows)\n"
OTHERS = [
    ("Job", [75, 77, 115, 111, 117, 80, 103, 105, 137, 119, 123, 128, 120, 79,
             139, 82, 84, 86, 88, 90, 92, 94, 96, 98, 100, 106, 108, 112, 124,
             126, 130, 132, 134, 140], 0, (6, 6, 7, 6)),
    ("Mem", [75, 117, 119, 120, 123, 125, 127, 129, 131, 154, 132, 156, 135,
             136, 102, 104, 111, 139, 76, 78, 80, 82, 84, 86, 88, 90, 92, 94,
             96, 98, 100, 106, 108, 112, 114, 140, 142, 144, 146, 148, 150,
             152], 21, (5, 5, 4, 5)),
    ("Usr", [75, 77, 79, 81, 85, 97, 115, 111, 117, 137, 139, 82, 86, 88, 90,
             92, 94, 98, 100, 102, 104, 106, 108, 112, 118, 120, 122, 124, 126,
             128, 130, 132, 134, 140], 3, (3, 3, 2, 3)),
]


def slots(head):
    out = list(head)
    while len(out) < 100:
        out.append((37 + len(out)) << 1)
    return out


def def_slots(visible):
    vals = [((37 + f) << 1) | 1 for f in visible]
    vals += [(37 + f) << 1 for f in range(78) if f not in visible]
    return slots(vals)


def window(name, vals, winflags, sortindx, colors, graph=(0, 0, 0, 0)):
    s = name + "\tfieldscur="
    for i, v in enumerate(vals):
        if i and i % 20 == 0:
            s += "\n\t\t  "
        s += "%4d " % v
    s += ("\n\twinflags=%d, sortindx=%d, maxtasks=0, graph_cpus=%d, "
          "graph_mems=%d, double_up=%d, combine_cpus=%d, core_types=%d\n"
          % ((winflags, sortindx) + tuple(graph) + (0,) * (5 - len(graph))))
    s += "\tsummclr=%d, msgsclr=%d, headclr=%d, taskclr=%d\n" % colors
    return s


def rcfile(visible, winflags=193844, sortindx=18, extra="", delay="3.0",
           last="Fixed_widest=0, Summ_mscale=1, Task_mscale=0, "
                "Zero_suppress=0, Tics_scaled=0\n",
           altscr=0, curwin=0, graph=(0, 0, 0, 0), colors=(1, 1, 3, 1),
           others_winflags=193844):
    """graph: graph_cpus, graph_mems, double_up, combine_cpus and
    (optional) core_types of Def;
    altscr, curwin: Mode_altscr and Curwin."""
    s = HEAD + ("Id:k, Mode_altscr=%d, Mode_irixps=1, Delay_time=%s, "
                "Curwin=%d\n" % (altscr, delay, curwin))
    s += window("Def", def_slots(visible), winflags, sortindx, colors, graph)
    for name, head, sortx, colors in OTHERS:
        s += window(name, slots(head), others_winflags, sortx, colors)
    return s + last + extra


FILTERS = ("\nbegin: saved other filter data -------------------\n"
           "window #0, osel_tot=2\n"
           "\ttype=79,\tfilter=PID>2000\n"
           "\ttype=111,\tfilter=COMMAND=bash\n"
           "window #2, osel_tot=1\n"
           "\ttype=111,\tfilter=!nTH=2\n"
           "end  : saved other filter data -------------------\n")
# 'Y' entries: files and pipelines, a comment, a control byte, a file
# that is missing, output wider and longer than the screen
INSPECT = ("pipe\tStatus\tcat /proc/%d/status 2>&1\n"
           "file\tStat\t/proc/%d/stat\n"
           "# pipe\tIgnored\techo no\n"
           "pipe\tCtl\tprintf 'a\\tb\\001c\\351d\\n'\n"
           "file\tMissing\t/nonexistent/%d\n"
           "pipe\tLong\tseq -s ' ' 1 400; seq 1 100\n"
           "pipe\tNone\ttrue\n")
DEFAULT = [0, 3, 14, 15, 22, 24, 27, 31, 18, 21, 20, 32]
CASES = {
    # every field, in three screens of at most 512 columns
    "all1": (list(range(0, 32)), {}),
    "all2": ([0] + list(range(33, 60)), {}),
    "all3": ([0] + list(range(60, 78)) + [32], {}),
    "default": (DEFAULT, {}),
    "forest": (DEFAULT, {"winflags": 193844 | 0x2}),
    "forest-cmd": (DEFAULT, {"winflags": 193844 | 0x2 | 0x80}),
    # Qsrt_NORMAL (0x4) off: low to high; Show_TASKON (0x10) off: no tasks
    "lowhigh": (DEFAULT, {"winflags": 193844 & ~0x4, "sortindx": 21}),
    "lowhigh-pid": (DEFAULT, {"winflags": 193844 & ~0x4, "sortindx": 0}),
    "notasks": (DEFAULT, {"winflags": 193844 & ~0x10, "sortindx": 0}),
    # all four windows (the 'A' key), shown from Curwin 2 on
    "altscr": (DEFAULT, {"altscr": 1}),
    "altscr-cur2": (DEFAULT, {"altscr": 1, "curwin": 2}),
    "altscr-hidden": (DEFAULT, {"altscr": 1,
                                "others_winflags": 193844 & ~0x10}),
    # colours, bold and highlighting asked for (batch mode prints none)
    "colors": (DEFAULT, {"winflags": 193844 | 0x800 | 0x400 | 0x200 | 0x100,
                         "colors": (2, 3, 4, 5)}),
    # the graph modes of 't' and 'm', two abreast, CPUs combined
    "graph-bars": (DEFAULT, {"graph": (1, 1, 0, 0)}),
    "graph-blocks": (DEFAULT, {"graph": (2, 2, 0, 0)}),
    "graph-double": (DEFAULT, {"graph": (1, 2, 1, 2), "winflags":
                               193844 & ~0x8000}),
    "percpu-double": (DEFAULT, {"graph": (0, 0, 1, 0), "winflags":
                                193844 & ~0x8000}),
    # '!': cpus combined in twos (text) and in fives (bars, abreast)
    "combine-text": (DEFAULT, {"graph": (0, 0, 0, 1), "winflags":
                               193844 & ~0x8000}),
    "combine-bars4": (DEFAULT, {"graph": (1, 0, 1, 4), "winflags":
                                193844 & ~0x8000}),
    # '4' up to 8 abreast: text (only a toprc gets it there), bars and
    # blocks; the memory graphs follow the cpus' widths
    "nup-text2": (DEFAULT, {"graph": (0, 0, 2, 0), "winflags":
                            193844 & ~0x8000}),
    "nup-bars3": (DEFAULT, {"graph": (1, 1, 3, 0), "winflags":
                            193844 & ~0x8000}),
    "nup-blocks7": (DEFAULT, {"graph": (2, 2, 7, 0), "winflags":
                              193844 & ~0x8000}),
    # '5': the core types labelled, P-cores alone (abreast), E-cores alone
    # (bars), and a summary line that no core type keeps
    "cores-labels": (DEFAULT, {"graph": (0, 0, 0, 0, 1), "winflags":
                               193844 & ~0x8000}),
    "cores-p": (DEFAULT, {"graph": (0, 0, 1, 0, 2), "winflags":
                          193844 & ~0x8000}),
    "cores-e": (DEFAULT, {"graph": (1, 0, 0, 0, 3), "winflags":
                          193844 & ~0x8000}),
    "cores-sum": (DEFAULT, {"graph": (0, 0, 0, 0, 2)}),
    "cores-combined": (DEFAULT, {"graph": (0, 0, 0, 2, 3), "winflags":
                                 193844 & ~0x8000}),
    # the alternate display with graphs and the cpus one by one
    "altscr-graph": (DEFAULT, {"altscr": 1, "graph": (2, 1, 1, 0),
                               "winflags": 193844 & ~0x8000}),
    "left-nums": ([0, 1, 3, 14, 15, 22, 31, 18, 20, 32],
                  {"winflags": 193844 & ~0x20000}),
    "right-strs": ([0, 3, 11, 31, 33, 32], {"winflags": 193844 | 0x40000}),
    "ctimes": ([0, 19, 20, 32], {"winflags": 193844 | 0x40}),
    "nosummary": (DEFAULT, {"winflags": 193844 & ~0x7000}),
    # the graphs a toprc keeps while their lines are off ('t', 'm')
    "nosummary-graphs": (DEFAULT, {"winflags": 193844 & ~0x7000,
                                   "graph": (2, 1, 0, 0)}),
    "sort-user": ([0, 3, 5, 9, 32], {"sortindx": 3}),
    "sort-cmd": (DEFAULT, {"sortindx": 32}),
    "zero": ([0, 15, 22, 23, 24, 18, 21, 20, 32],
             {"last": "Fixed_widest=0, Summ_mscale=2, Task_mscale=1, "
                      "Zero_suppress=1, Tics_scaled=0\n"}),
    "fields-only-var": ([32, 35, 41, 0], {}),
    "pid-last": ([3, 32, 0], {}),
    "none": ([], {}),
    # other filters ('o', 'O') as 'W' saves them, newest first
    "filters": (DEFAULT, {"extra": FILTERS}),
    "inspect": (DEFAULT, {"extra": INSPECT}),
    # entries after the filters are kept; before them, the filters are
    # not read at all and the whole rest is kept as it is
    "filters-inspect": (DEFAULT, {"extra": FILTERS +
                                  "pipe\tEcho\techo %d\n"}),
    "inspect-filters": (DEFAULT, {"extra": "pipe\tEcho\techo %d\n" +
                                  FILTERS}),
}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for name, (visible, kw) in CASES.items():
        d = os.path.join(here, name, "procps")
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "toprc"), "w") as f:
            f.write(rcfile(visible, **kw))
    # a corrupt entry, for the error message
    d = os.path.join(here, "corrupt", "procps")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "toprc"), "w") as f:
        f.write(rcfile([0, 3, 0]))


main()
