/* Default sanitizer options baked into the sanitized build by sanitize.sh
 * (linked through configure's LIBS), because the test suite runs ps and
 * top with a clean environment where ASAN_OPTIONS would not survive.
 *  - no leak report at exit: ps frees nothing on its way out, by design,
 *    and a report on stderr would fail every byte comparison (valgrind.sh
 *    is where leaks are looked at);
 *  - no complaint that the runtime is not first in the library list:
 *    the snapshot runner preloads libfaketime into every program;
 *  - every report also goes to REPORT_DIR/<program>.<pid>, so sanitize.sh
 *    can list them after make check. */
#ifndef REPORT_DIR
#define REPORT_DIR "/tmp/procps-td-sanitize/reports"
#endif

const char *__asan_default_options(void);
const char *__ubsan_default_options(void);

const char *__asan_default_options(void)
{
	return "detect_leaks=0:abort_on_error=0:halt_on_error=1:"
	       "verify_asan_link_order=0:log_path=" REPORT_DIR "/asan";
}

const char *__ubsan_default_options(void)
{
	return "print_stacktrace=1:halt_on_error=1:log_path=" REPORT_DIR "/ubsan";
}
