/* The help screen ('h' and '?'). */
#include <stdio.h>
#include "library/profile.h"
#include "help.h"
#include "screen.h"
#include "top.h"

/* The help screen in pieces: the toggles' two lines and the last
 * commands' lines differ between the profiles (4.0.4 has '5' and ^P). */
static const char help_global[] =
	"\n"
	"  Z~2,~1B~2,E,e   Global: '~1Z~2' colors; '~1B~2' bold; '~1E~2'/'~1e~2' "
	"summary/task memory scale\n";

static const char help_toggles_402[] =
	"  l,t,m,I   Toggle: '~1l~2' load avg; '~1t~2' task/cpu; '~1m~2' memory; "
	"'~1I~2' Irix mode\n"
	"  0,1,2,3,4 Toggle: '~10~2' zeros; '~11~2/~12~2/~13~2' cpu/numa views; "
	"'~14~2' cpus two abreast\n";

static const char help_toggles_404[] =
	"  l,t,m,I,0 Toggle: '~1l~2' load avg; '~1t~2' task/cpu; '~1m~2' memory; "
	"'~1I~2' Irix; '~10~2' zeros\n"
	"  1,2,3,4,5 Toggle: '~11~2/~12~2/~13~2' cpu/numa views; '~14~2' cpus "
	"abreast; '~15~2' P/E-cores\n";

static const char help_body[] =
	"  f,X       Fields: '~1f~2' add/remove/order/sort; '~1X~2' increase "
	"fixed-width fields\n"
	"\n"
	"  L,&,<,> . Locate: '~1L~2'/'~1&~2' find/again; Move sort column: "
	"'~1<~2'/'~1>~2' left/right\n"
	"  R,H,J,C . Toggle: '~1R~2' Sort; '~1H~2' Threads; '~1J~2' Num justify; "
	"'~1C~2' Coordinates\n"
	"  c,i,S,j . Toggle: '~1c~2' Cmd name/line; '~1i~2' Idle; '~1S~2' Time; "
	"'~1j~2' Str justify\n"
	"  x~2,~1y~2     . Toggle highlights: '~1x~2' sort field; '~1y~2' running "
	"tasks\n"
	"  z~2,~1b~2     . Toggle: '~1z~2' color/mono; '~1b~2' bold/reverse (only "
	"if 'x' or 'y')\n"
	"  u,U,o,O . Filter by: '~1u~2'/'~1U~2' effective/any user; '~1o~2'/'~1O~2'"
	" other criteria\n"
	"  n,#,^O  . Set: '~1n~2'/'~1#~2' max tasks displayed; Show: ~1Ctrl~2+'~1O~2'"
	" other filter(s)\n"
	"  V,v,F   . Toggle: '~1V~2' forest view; '~1v~2' hide/show children; "
	"'~1F~2' keep focused\n"
	"\n"
	"  d,k,r,^R '~1d~2' set delay; '~1k~2' kill; '~1r~2' renice; ~1Ctrl~2+'~1R~2'"
	" renice autogroup\n"
	"  ^G,K,N,U  View: ctl groups ~1^G~2; cmdline ~1^K~2; environment ~1^N~2; "
	"supp groups ~1^U~2\n";

static const char help_last_402[] =
	"  W,Y,!,^E  Write cfg '~1W~2'; Inspect '~1Y~2'; Combine Cpus '~1!~2'; "
	"Scale time ~1^E~2'\n"
	"  q         Quit\n";

static const char help_last_404[] =
	"  Y,!,^E,P  Inspect '~1Y~2'; Combine Cpus '~1!~2'; Scale time ~1^E~2; "
	"View namespaces ~1^P~2\n"
	"  W,q       Write config file '~1W~2'; Quit '~1q~2'\n";

static const char help_foot[] =
	"          ( commands shown with '.' require a ~1visible~2 task display "
	"~1window~2 ) \n"
	"Press '~1h~2' or '~1?~2' for help with ~1Windows~2,\n";

static const char windows_body[] =
	"\n"
	". Use multiple ~1windows~2, each with separate config opts (color,"
	"fields,sort,etc)~1\n"
	". The 'current' window controls the ~1Summary Area~2 and responds to "
	"your ~1Commands~2\n"
	"  . that window's ~1task display~2 can be turned ~1Off~2 & ~1On~2, "
	"growing/shrinking others~1\n"
	"  . with ~1NO~2 task display, some commands will be ~1disabled~2 "
	"('i','R','n','c', etc)~1\n"
	"    until a ~1different window~2 has been activated, making it the "
	"'current' window~1\n"
	". You ~1change~2 the 'current' window by: ~1 1~2) cycling "
	"forward/backward;~1 2~2) choosing~1\n"
	"  a specific field group; or~1 3~2) exiting the color mapping or "
	"fields screens~1\n"
	". Commands ~1available anytime   -------------~2\n"
	"    A       . Alternate display mode toggle, show ~1Single~2 / "
	"~1Multiple~2 windows~1\n"
	"    g       . Choose another field group and make it 'current', or "
	"change now~1\n"
	"              by selecting a number from: ~1 1~2 =Def;~1 2~2 =Job;~1 3~2"
	" =Mem; or~1 4~2 =Usr~1\n"
	". Commands ~1requiring~2 '~1A~2' mode~1  -------------~2\n"
	"    G       . Change the ~1Name~2 of the 'current' window/field group~1\n"
	" ~1*~4  a , w   . Cycle through all four windows:  '~1a~2' Forward; "
	"'~1w~2' Backward~1\n"
	" ~1*~4  - , _   . Show/Hide:  '~1-~2' ~1Current~2 window; '~1_~2' all "
	"~1Visible~2/~1Invisible~2\n"
	"  The screen will be divided evenly between task displays.  But you "
	"can make~1\n"
	"  some ~1larger~2 or ~1smaller~2, using '~1n~2' and '~1i~2' commands.  "
	"Then later you could:~1\n"
	" ~1*~4  = , +   . Rebalance tasks:  '~1=~2' ~1Current~2 window; '~1+~2' "
	"~1Every~2 window~1\n"
	"              (this also forces the ~1current~2 or ~1every~2 window to "
	"become visible)~1\n"
	"\n"
	"In '~1A~2' mode, '~1*~4' keys are your ~1essential~2 commands.  Please "
	"try the '~1a~2' and '~1w~2'~1\n";

void help_windows(void)
{
	char head[256];

	scr_clear();
	snprintf(head, sizeof(head),
		 "Help for Windows / Field Groups~2 - \"Current Window\" = ~1 "
		 "%d:%s ~4\n", (int)(Curwin - Rc.win) + 1, Curwin->name);
	scr_special(head);
	scr_special(windows_body);
	scr_special("commands plus the 'g' sub-commands NOW.  Press <Enter> "
		    "to make 'Current' ");
	scr_puts(scr_clr_eos());
	scr_flush();
}

void help_show(void)
{
	char head[512];
	int n = (int)(Curwin - Rc.win) + 1;

	scr_clear();
	snprintf(head, sizeof(head),
		 "Help for Interactive Commands~2 - procps-ng %s\n"
		 "Window ~1%d:%s~4: ~1Cumulative mode ~3%s~2.  ~1System~4: "
		 "~1Delay ~3%.1f secs~2; ~1Secure mode ~3%s~2.\n",
		 profile.ng_version, n, Curwin->name,
		 (Curwin->winflags & WF_CTIMES) ? "On" : "Off", Rc.delay,
		 Opt.secure ? "On" : "Off");
	scr_special(head);
	scr_special(help_global);
	scr_special(profile.top_help_404 ? help_toggles_404 : help_toggles_402);
	scr_special(help_body);
	scr_special(profile.top_help_404 ? help_last_404 : help_last_402);
	scr_special(help_foot);
	scr_special("Type 'q' or <Esc> to continue ");
	scr_puts(scr_clr_eos());
	scr_flush();
}
