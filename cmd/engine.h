/*
 * engine.h - a GTP engine in a child process: start it, ask it one
 * command at a time within a time limit, stop it.
 *
 * The transport of the GTP client; what its responses mean is read
 * with sgf/gtp.h.  Nothing here prints or exits: every failure comes
 * back as text for the caller to report.  An engine is used by one
 * thread at a time; several engines may run at once (the pipes are
 * close-on-exec, so one engine never holds another's).
 *
 * No process is left behind: engine_stop() always reaps the child,
 * killing it when it does not quit by itself, and a failed engine_ask()
 * has already reaped an engine that died.  SIGPIPE must be ignored by
 * the program (cmd/main.c does): a write to an engine that died is an
 * error, not the end of sgfkit.
 */
#ifndef CMD_ENGINE_H
#define CMD_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

/* Limits on what a user may give as the command. */
#define ENGINE_CMD_MAX	 4096
#define ENGINE_WORDS_MAX 64

struct engine;

/* Start `command`: words separated by blanks, where '...' quotes
 * literally, "..." quotes with \" and \\ inside, and a backslash
 * outside quotes takes the next character as it is.  There is no shell:
 * no variables, redirections or globs; the first word is looked up in
 * PATH.  The engine's stdin and stdout are pipes to us; its stderr is
 * read too and its last line kept for error messages.  Returns the
 * engine, or NULL with why[0..n) set (no such program, a command that
 * cannot be split, out of memory).  It has not been asked anything. */
struct engine *engine_start(const char *command, char *why, size_t n);

/* Check a command line as engine_start() would split it; 0, or -1
 * with why. */
int engine_command_check(const char *command, char *why, size_t n);

enum engine_status {
	ENGINE_OK,	/* '=': *text is the response */
	ENGINE_REFUSED, /* '?': *text is its message; the engine is fine */
	ENGINE_FAILED,	/* no usable answer (the engine died, took longer
			 * than the timeout, wrote something that is not
			 * a GTP response or a response longer than
			 * GTP_REPLY_MAX): why says which; only
			 * engine_stop() may follow */
};

/* Send `command` (one line without its newline; an id is added here)
 * and wait at most `timeout` seconds for its response.  *text is valid
 * until the next call.  Anything the engine wrote unasked before the
 * command is a failure, as is a response that carries another id. */
enum engine_status engine_ask(struct engine *e, const char *command,
			      double timeout, const char **text, char *why,
			      size_t n);

/* The last line the engine wrote on stderr, made printable ("" if
 * none): for the caller's error messages. */
const char *engine_stderr_tail(struct engine *e);

/* Stop the engine and free e.  `gently`: ask it to `quit` and give it
 * a moment; otherwise (or when it does not go) kill it.  The process
 * is always reaped. */
void engine_stop(struct engine *e, bool gently);

#endif
