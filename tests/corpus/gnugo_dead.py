#!/usr/bin/env python3
"""GNU Go's dead stones for SGF records: a second opinion for the
scorer on games without trusted labels (issue 19).

usage: gnugo_dead.py [-j N] [--cache DIR] [--gnugo CMD] [--cached-only]
                     FILE...

Loads each record in `gnugo --mode gtp` (`loadsgf FILE`: the whole main
line) and asks `final_status_list dead` and `final_status_list seki`.
Prints one line per file, tab-separated: the file, the dead stones as
SGF points (sorted, space-separated), the seki stones likewise, or the
file and "error: ..." when GNU Go refused it.

GNU Go is slow (about a second per 19x19 position), so answers are kept
in a cache directory (default $XDG_CACHE_HOME/sgfkit-gnugo, else
~/.cache/sgfkit-gnugo) under the SHA-1 of the file's bytes and of GNU
Go's version: a second run over the same files costs nothing.
--cached-only asks GNU Go nothing and prints "not cached" for the files
it has no answer for (GNU Go need not be installed: the version is then
taken as "GNU Go 3.8").  gnugo_compare.py imports cached_line() and
parse_line().
"""
import hashlib
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from gnugo_selfplay import find_gnugo

COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
# The version the cache was filled with, for --cached-only where GNU Go
# is not installed.
VERSION = "GNU Go 3.8"


def gtp(cmd, script):
    """Run a GTP script; the list of responses ('=' or '?' stripped)."""
    p = subprocess.run(cmd + ["--mode", "gtp", "--quiet"], input=script,
                       capture_output=True, text=True, timeout=600)
    out, cur = [], None
    for line in p.stdout.splitlines():
        if cur is None:
            if line.startswith("=") or line.startswith("?"):
                cur = [line]
        elif line.strip() == "":
            out.append("\n".join(cur))
            cur = None
        else:
            cur.append(line)
    if cur is not None:
        out.append("\n".join(cur))
    return out


def to_sgf(vertex, size):
    col = COLS.index(vertex[0].upper())
    row = int(vertex[1:])
    return chr(97 + col) + chr(97 + size - row)


def points(resp, size):
    body = resp[1:].split()
    return sorted(to_sgf(v, size) for v in body)


def judge(cmd, path):
    script = (f"loadsgf {os.path.abspath(path)}\nquery_boardsize\n"
              "final_status_list dead\nfinal_status_list seki\nquit\n")
    r = gtp(cmd, script)
    if len(r) < 4 or r[0].startswith("?"):
        why = r[0][1:].strip() if r else "no answer"
        return None, why
    size = int(r[1][1:].strip())
    return (points(r[2], size), points(r[3], size)), None


def default_cache():
    base = os.environ.get("XDG_CACHE_HOME") or \
        os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "sgfkit-gnugo")


def version_of(cmd):
    """GNU Go's version line, or None if it does not run."""
    try:
        return subprocess.run(cmd + ["--version"], capture_output=True,
                              text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        return None


def cached_line(path, cache, version, cmd=None):
    """The cached answer for `path` (the text after the file name on an
    output line), asking GNU Go (`cmd`) when it is not cached; None when
    it is not cached and `cmd` is None."""
    with open(path, "rb") as f:
        h = hashlib.sha1(f.read() + version.encode()).hexdigest()
    cf = os.path.join(cache, h)
    if os.path.exists(cf):
        with open(cf, encoding="utf-8") as f:
            return f.read()
    if cmd is None:
        return None
    res, why = judge(cmd, path)
    if res is None:
        line = "error: " + why
    else:
        line = " ".join(res[0]) + "\t" + " ".join(res[1])
    os.makedirs(cache, exist_ok=True)
    tmp = cf + ".tmp%d" % os.getpid()
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(line)
    os.replace(tmp, cf)
    return line


def parse_line(line):
    """(dead points, seki points) from a cached answer, or None for an
    error or a missing answer."""
    if line is None or line.startswith("error:"):
        return None
    dead, _, seki = line.partition("\t")
    return dead.split(), seki.split()


def main():
    args = sys.argv[1:]
    jobs, cache, cmd = os.cpu_count() or 1, None, [find_gnugo() or "gnugo"]
    cached_only = False
    files = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-j":
            jobs = int(args[i + 1])
            i += 2
        elif a == "--cache":
            cache = args[i + 1]
            i += 2
        elif a == "--gnugo":
            cmd = args[i + 1].split()
            i += 2
        elif a == "--cached-only":
            cached_only = True
            i += 1
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            files.append(a)
            i += 1
    if cache is None:
        cache = default_cache()
    os.makedirs(cache, exist_ok=True)
    version = version_of(cmd) or (VERSION if cached_only else None)
    if version is None:
        print(f"gnugo_dead.py: cannot run {' '.join(cmd)}", file=sys.stderr)
        return 2

    def one(path):
        line = cached_line(path, cache, version,
                           None if cached_only else cmd)
        return "not cached" if line is None else line

    with ThreadPoolExecutor(max_workers=jobs) as ex:
        for path, line in zip(files, ex.map(one, files)):
            print(f"{path}\t{line}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
