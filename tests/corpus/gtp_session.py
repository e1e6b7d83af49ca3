"""gtp_session.py - what the GTP tests share: run a GTP program on a
script of commands and read its answers; find GNU Go.  Imported by the
suites and corpus tests of `sgfkit gtp` (issue 25); a program kept in a
conversation is gnugo_selfplay.GTP."""
import os, subprocess, sys

from gnugo_selfplay import find_gnugo


def split_answers(text):
    """A GTP transcript -> the list of its responses, each without its
    blank line ("= C3", "? illegal move")."""
    out, cur = [], []
    for line in text.split("\n"):
        if line == "":
            if cur:
                out.append("\n".join(cur))
                cur = []
        else:
            cur.append(line)
    if cur:
        out.append("\n".join(cur))
    return out


def run_script(argv, commands, timeout=600):
    """The answers of program argv to the commands (one a line)."""
    p = subprocess.run(argv, input="\n".join(commands) + "\n",
                       capture_output=True, text=True, timeout=timeout)
    return split_answers(p.stdout)


def gnugo_or_not_run(what):
    """GNU Go's path (gnugo_selfplay.find_gnugo()); without it, say "not
    run" and exit 0."""
    path = find_gnugo()
    if not path:
        print("not run (gnugo is not installed): %s" % what)
        print("0 passed, 0 failed")
        sys.exit(0)
    return path
