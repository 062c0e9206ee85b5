/* logind's sessions, read as libsystemd's sd_get_sessions() and
 * sd_session_get_class() read them: the session files of
 * /run/systemd/sessions (regular files, neither hidden nor backups), each
 * an environment-style file with a CLASS= line. */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "sessions.h"

#define SESSIONS_DIR "/run/systemd/sessions"

/* Names libsystemd skips when it lists a directory. */
static bool skipped_name(const char *name)
{
	static const char *const suffixes[] = {
		"~", ".rpmnew", ".rpmsave", ".rpmorig", ".dpkg-old",
		".dpkg-new", ".dpkg-tmp", ".dpkg-dist", ".dpkg-bak",
		".dpkg-backup", ".dpkg-remove", ".ucf-new", ".ucf-old",
		".ucf-dist", ".swp", ".bak", ".old", ".new",
	};
	size_t n = strlen(name);

	if (name[0] == '.')
		return true;
	for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		size_t k = strlen(suffixes[i]);

		if (n > k && !strcmp(name + n - k, suffixes[i]))
			return true;
	}
	return false;
}

/* Whether the session file's CLASS (quotes removed) starts with "user". */
static bool user_class(const char *id)
{
	char path[sizeof(SESSIONS_DIR) + 256 + 2], line[512];
	bool user = false;
	FILE *f;

	snprintf(path, sizeof(path), SESSIONS_DIR "/%s", id);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		const char *v = line + 6;

		if (strncmp(line, "CLASS=", 6))
			continue;
		if (*v == '"' || *v == '\'')
			v++;
		user = !strncmp(v, "user", 4);
	}
	fclose(f);
	return user;
}

int logind_user_sessions(void)
{
	struct stat st;
	struct dirent *de;
	int sessions = 0, users = 0;
	DIR *d;

	if (lstat("/run/systemd/system", &st) < 0 || !S_ISDIR(st.st_mode))
		return -1;
	d = opendir(SESSIONS_DIR);
	if (!d)
		return -1;
	while ((de = readdir(d))) {
		if (de->d_type != DT_REG && de->d_type != DT_LNK &&
		    de->d_type != DT_UNKNOWN)
			continue;
		if (skipped_name(de->d_name))
			continue;
		sessions++;
		users += user_class(de->d_name);
	}
	closedir(d);
	return sessions ? users : -1;
}
