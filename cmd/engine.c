/*
 * engine.c - a GTP engine in a child process (engine.h): posix_spawn
 * with three pipes, one command at a time, poll() against a deadline.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../sgf/gtp.h"
#include "engine.h"

extern char **environ;

/* How much of the engine's stderr is kept: enough for its last line. */
#define TAIL_MAX 512
/* How long a stopping engine has to go by itself, in milliseconds. */
#define QUIT_WAIT_MS 2000

struct engine {
	pid_t pid;
	bool reaped;
	int in, out, err; /* our ends: its stdin, stdout, stderr */
	long next_id;
	size_t off, len;	     /* buf[off..len): read, not consumed */
	char buf[GTP_REPLY_MAX + 1]; /* its stdout */
	char how[96];		     /* how it ended, once reaped */
	char tail[TAIL_MAX + 1];     /* the end of its stderr */
	size_t tail_len;
	char tail_line[TAIL_MAX + 1]; /* engine_stderr_tail() */
};

/* ------------------------------------------------------------------ */
/* The command line                                                    */

/* Split `s` into words in out (NUL-separated, same size as s at most)
 * with pointers in argv.  Returns the number of words, or -1 with
 * why. */
static int
split_words(const char *s, char *out, char **argv, char *why, size_t n)
{
	int argc = 0;
	char *w = out;

	if (strlen(s) >= ENGINE_CMD_MAX) {
		snprintf(why, n, "the engine command is longer than %d bytes",
			 ENGINE_CMD_MAX);
		return -1;
	}
	for (;;) {
		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (!*s)
			break;
		if (argc == ENGINE_WORDS_MAX) {
			snprintf(why, n,
				 "the engine command has more than %d words",
				 ENGINE_WORDS_MAX);
			return -1;
		}
		argv[argc++] = w;
		while (*s && *s != ' ' && *s != '\t' && *s != '\n') {
			char q = *s;
			if (q == '\'' || q == '"') {
				s++;
				while (*s && *s != q) {
					if (q == '"' && *s == '\\' &&
					    (s[1] == '"' || s[1] == '\\'))
						s++;
					*w++ = *s++;
				}
				if (!*s) {
					snprintf(why, n,
						 "unbalanced %c in the engine "
						 "command",
						 q);
					return -1;
				}
				s++;
			} else if (q == '\\' && s[1]) {
				s++;
				*w++ = *s++;
			} else {
				*w++ = *s++;
			}
		}
		*w++ = 0;
	}
	argv[argc] = NULL;
	if (!argc) {
		snprintf(why, n, "the engine command is empty");
		return -1;
	}
	return argc;
}

int
engine_command_check(const char *command, char *why, size_t n)
{
	char *out = malloc(strlen(command) + 1);
	char *argv[ENGINE_WORDS_MAX + 1];
	int rc;

	if (!out) {
		snprintf(why, n, "out of memory");
		return -1;
	}
	rc = split_words(command, out, argv, why, n);
	free(out);
	return rc < 0 ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* The process                                                         */

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void
close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* Keep the end of what the engine wrote on stderr. */
static void
tail_add(struct engine *e, const char *p, size_t len)
{
	if (len >= TAIL_MAX) {
		p += len - TAIL_MAX;
		len = TAIL_MAX;
	}
	if (e->tail_len + len > TAIL_MAX) {
		size_t drop = e->tail_len + len - TAIL_MAX;
		memmove(e->tail, e->tail + drop, e->tail_len - drop);
		e->tail_len -= drop;
	}
	memcpy(e->tail + e->tail_len, p, len);
	e->tail_len += len;
}

/* Read what stderr has, 64 KiB at most (an engine that floods its
 * stderr must not keep us here past a deadline); closes it at its
 * end. */
static void
drain_err(struct engine *e)
{
	char b[4096];
	ssize_t r;

	for (int i = 0; i < 16 && e->err >= 0; i++) {
		r = read(e->err, b, sizeof(b));
		if (r > 0) {
			tail_add(e, b, (size_t)r);
			continue;
		}
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0 || errno != EAGAIN)
			close_fd(&e->err);
		break;
	}
}

const char *
engine_stderr_tail(struct engine *e)
{
	size_t end = e->tail_len, start;

	/* the last line with something on it */
	while (end > 0 && (e->tail[end - 1] == '\n' ||
			   e->tail[end - 1] == '\r' || e->tail[end - 1] == ' '))
		end--;
	start = end;
	while (start > 0 && e->tail[start - 1] != '\n')
		start--;
	memcpy(e->tail_line, e->tail + start, end - start);
	e->tail_line[end - start] = 0;
	gtp_text_line(e->tail_line);
	return e->tail_line;
}

/* Reap the child if it has ended, waiting up to ms milliseconds for
 * it; with kill_it, kill it when it is still there then.  Returns
 * whether it is reaped; e->how says how it ended. */
static bool
reap(struct engine *e, int ms, bool kill_it)
{
	int st = 0;
	pid_t r = 0;

	if (e->reaped)
		return true;
	for (int waited = 0;; waited += 10) {
		while ((r = waitpid(e->pid, &st, WNOHANG)) < 0 &&
		       errno == EINTR)
			;
		if (r != 0 || waited >= ms)
			break;
		usleep(10000);
	}
	if (r == 0) {
		if (!kill_it)
			return false;
		kill(e->pid, SIGKILL);
		while ((r = waitpid(e->pid, &st, 0)) < 0 && errno == EINTR)
			;
	}
	e->reaped = true;
	if (r < 0)
		snprintf(e->how, sizeof(e->how), "it is gone");
	else if (WIFEXITED(st))
		snprintf(e->how, sizeof(e->how), "it exited with status %d",
			 WEXITSTATUS(st));
	else if (WIFSIGNALED(st))
		snprintf(e->how, sizeof(e->how), "it was killed by signal %d",
			 WTERMSIG(st));
	else
		snprintf(e->how, sizeof(e->how), "it ended");
	return true;
}

/* The program argv[0] names: itself when it holds a '/', else the first
 * executable file of that name in PATH, as execvp() looks.  Looked up
 * here rather than left to posix_spawnp(), whose exec failure some
 * environments (valgrind) turn into a child that exits 127: the error
 * is the same everywhere.  Returns 0, or an errno. */
static int
find_program(const char *name, char *out, size_t n)
{
	const char *path = getenv("PATH"), *p;
	struct stat st;
	int err = ENOENT;

	if (strchr(name, '/')) {
		snprintf(out, n, "%s", name);
		if (stat(out, &st))
			return errno;
		return S_ISREG(st.st_mode) && !access(out, X_OK) ? 0 : EACCES;
	}
	if (!path || !*path)
		path = "/bin:/usr/bin";
	for (p = path;; p++) {
		size_t l = strcspn(p, ":");
		/* an empty entry is the current directory */
		if ((size_t)snprintf(out, n, "%.*s%s%s", (int)l, p,
				     l ? "/" : "", name) < n &&
		    !stat(out, &st) && S_ISREG(st.st_mode)) {
			if (!access(out, X_OK))
				return 0;
			err = EACCES;
		}
		p += l;
		if (!*p)
			break;
	}
	return err;
}

static int
nonblocking(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

struct engine *
engine_start(const char *command, char *why, size_t n)
{
	struct engine *e = calloc(1, sizeof(*e));
	char *words = malloc(strlen(command) + 1);
	char *argv[ENGINE_WORDS_MAX + 1];
	int pin[2] = {-1, -1}, pout[2] = {-1, -1}, perr[2] = {-1, -1};
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t none, def;
	char prog[4096];
	int rc;

	if (!e || !words) {
		snprintf(why, n, "out of memory");
		goto fail;
	}
	e->in = e->out = e->err = -1;
	if (split_words(command, words, argv, why, n) < 0)
		goto fail;
	if ((rc = find_program(argv[0], prog, sizeof(prog)))) {
		snprintf(why, n, "cannot start '%s': %s", argv[0],
			 strerror(rc));
		goto fail;
	}
	if (pipe2(pin, O_CLOEXEC) || pipe2(pout, O_CLOEXEC) ||
	    pipe2(perr, O_CLOEXEC)) {
		snprintf(why, n, "cannot make pipes: %s", strerror(errno));
		goto fail;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, pin[0], 0);
	posix_spawn_file_actions_adddup2(&fa, pout[1], 1);
	posix_spawn_file_actions_adddup2(&fa, perr[1], 2);
	posix_spawnattr_init(&at);
	/* sgfkit ignores SIGPIPE; the engine gets the default, and no
	 * signal blocked */
	sigemptyset(&none);
	sigemptyset(&def);
	sigaddset(&def, SIGPIPE);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setsigdefault(&at, &def);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK |
					  POSIX_SPAWN_SETSIGDEF);
	rc = posix_spawn(&e->pid, prog, &fa, &at, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	if (rc) {
		snprintf(why, n, "cannot start '%s': %s", argv[0],
			 strerror(rc));
		goto fail;
	}
	close(pin[0]);
	close(pout[1]);
	close(perr[1]);
	e->in = pin[1];
	e->out = pout[0];
	e->err = perr[0];
	/* a full pipe or a silent engine must not block us past the
	 * deadline */
	nonblocking(e->in);
	nonblocking(e->out);
	nonblocking(e->err);
	e->next_id = 1;
	free(words);
	return e;
fail:
	for (int i = 0; i < 2; i++) {
		if (pin[i] >= 0)
			close(pin[i]);
		if (pout[i] >= 0)
			close(pout[i]);
		if (perr[i] >= 0)
			close(perr[i]);
	}
	free(words);
	free(e);
	return NULL;
}

/* The engine is gone or useless: say why, with how it ended (when it
 * has) and its last words on stderr. */
static enum engine_status failed(struct engine *e, char *why, size_t n,
				 const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static enum engine_status
failed(struct engine *e, char *why, size_t n, const char *fmt, ...)
{
	const char *tail;
	va_list ap;
	size_t o;

	va_start(ap, fmt);
	vsnprintf(why, n, fmt, ap);
	va_end(ap);
	drain_err(e);
	o = strlen(why);
	if (reap(e, 0, false) && o < n)
		o += (size_t)snprintf(why + o, n - o, ": %s", e->how);
	tail = engine_stderr_tail(e);
	if (*tail && o < n)
		snprintf(why + o, n - o, " (stderr: '%.160s')", tail);
	return ENGINE_FAILED;
}

/* Its stdout ended: it is going or gone.  Reap it, so that the message
 * can say how it ended. */
static enum engine_status
ended(struct engine *e, const char *command, char *why, size_t n)
{
	drain_err(e);
	reap(e, 1000, true);
	return failed(e, why, n, "no answer to '%.60s'", command);
}

/* Write all of s before the deadline: 0, -1 on an error (the engine
 * closed its stdin), -2 at the deadline. */
static int
write_all(struct engine *e, const char *s, size_t len, double deadline)
{
	while (len) {
		ssize_t w = write(e->in, s, len);
		if (w > 0) {
			s += w;
			len -= (size_t)w;
			continue;
		}
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && errno != EAGAIN)
			return -1;
		double left = deadline - now();
		struct pollfd p = {e->in, POLLOUT, 0};
		if (left <= 0)
			return -2;
		poll(&p, 1, (int)(left * 1000) + 1);
	}
	return 0;
}

/* Read stdout (and stderr) until buf holds one complete response or
 * the deadline passes.  Returns as gtp_reply_parse() (> 0: complete,
 * -1: not GTP), 0 at the deadline, -2 at the end of stdout, -3 when
 * the response would not fit in GTP_REPLY_MAX bytes. */
static long
read_reply(struct engine *e, double deadline, struct gtp_reply *r)
{
	for (;;) {
		long k = gtp_reply_parse(e->buf, e->len, r);
		if (k != 0)
			return k;
		if (e->len >= GTP_REPLY_MAX)
			return -3;
		double left = deadline - now();
		if (left <= 0)
			return 0;
		struct pollfd p[2] = {{e->out, POLLIN, 0}, {e->err, POLLIN, 0}};
		nfds_t np = e->err >= 0 ? 2 : 1;
		if (poll(p, np, (int)(left * 1000) + 1) < 0 && errno != EINTR)
			return -2;
		if (np == 2 && p[1].revents)
			drain_err(e);
		if (!p[0].revents)
			continue;
		ssize_t got =
		    read(e->out, e->buf + e->len, GTP_REPLY_MAX - e->len);
		if (got > 0)
			e->len += (size_t)got;
		else if (got == 0 || (errno != EAGAIN && errno != EINTR))
			return -2;
	}
}

/* Up to 60 bytes of buf[from..to), printable, in out[64]. */
static const char *
shown(const char *buf, size_t from, size_t to, char out[64])
{
	size_t l = to - from < 60 ? to - from : 60;

	memcpy(out, buf + from, l);
	out[l] = 0;
	gtp_text_line(out);
	return out;
}

enum engine_status
engine_ask(struct engine *e, const char *command, double timeout,
	   const char **text, char *why, size_t n)
{
	char line[ENGINE_CMD_MAX + 32], show[64];
	double deadline = now() + timeout;
	struct gtp_reply r;
	long id = e->next_id++, k;
	int len, w;

	*text = "";
	if (e->reaped || e->in < 0)
		return failed(e, why, n, "not running");
	/* What came unasked since the last response: from an engine
	 * that talks out of turn, it would be taken for the next
	 * answer. */
	if (e->off == e->len) {
		ssize_t got;
		e->off = e->len = 0;
		got = read(e->out, e->buf, GTP_REPLY_MAX);
		if (got > 0)
			e->len = (size_t)got;
	}
	if (e->off < e->len)
		return failed(e, why, n, "wrote '%s' unasked before '%.60s'",
			      shown(e->buf, e->off, e->len, show), command);
	drain_err(e);
	len = snprintf(line, sizeof(line), "%ld %s\n", id, command);
	if (len < 0 || (size_t)len >= sizeof(line))
		return failed(e, why, n, "command too long");
	w = write_all(e, line, (size_t)len, deadline);
	if (w == -2)
		return failed(e, why, n, "did not read '%.60s' within %g s",
			      command, timeout);
	if (w < 0)
		return ended(e, command, why, n);
	k = read_reply(e, deadline, &r);
	if (k == 0)
		return failed(e, why, n, "no answer to '%.60s' within %g s",
			      command, timeout);
	if (k == -2)
		return ended(e, command, why, n);
	if (k == -3)
		return failed(e, why, n,
			      "the answer to '%.60s' is longer than %d bytes",
			      command, GTP_REPLY_MAX);
	if (k < 0)
		return failed(e, why, n,
			      "the answer to '%.60s' is not GTP: '%s'", command,
			      shown(e->buf, 0, e->len, show));
	if (r.id >= 0 && r.id != id)
		return failed(e, why, n,
			      "the answer to '%.60s' is for command %ld, not "
			      "%ld",
			      command, r.id, id);
	/* r.text lies in buf[0..k); what follows stays for the next
	 * call to find */
	e->off = (size_t)k;
	*text = r.text;
	return r.ok ? ENGINE_OK : ENGINE_REFUSED;
}

void
engine_stop(struct engine *e, bool gently)
{
	if (!e)
		return;
	if (gently && !e->reaped && e->in >= 0) {
		const char *t;
		char why[160];
		if (engine_ask(e, "quit", QUIT_WAIT_MS / 1000.0, &t, why,
			       sizeof(why)) == ENGINE_FAILED)
			gently = false;
	}
	/* EOF on its stdin: a GTP engine stops reading and goes */
	close_fd(&e->in);
	if (!gently && !e->reaped)
		kill(e->pid, SIGKILL);
	reap(e, gently ? QUIT_WAIT_MS : 1000, true);
	close_fd(&e->out);
	close_fd(&e->err);
	free(e);
}
