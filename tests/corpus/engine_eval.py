#!/usr/bin/env python3
"""`sgfkit score --engine` with GNU Go against GNU Go asked directly,
on a sample of the OGS set (issue 20).  Used by
tests/corpus/engine-gnugo.sh.

usage: engine_eval.py SGFKIT CORPUS [--all] [--per-size N] [-j N]

For every game of the sample, the dead stones of
`sgfkit score --engine 'gnugo --mode gtp'` must be those GNU Go gives
when asked directly (gnugo_dead.py: loadsgf of the whole record, then
final_status_list dead); each game is a test.  Then it prints the
agreement with RE (winner, exact margin) of the counts made with GNU
Go's dead stones, per board size, beside the built-in estimator's on
the same games.  The sample is every k-th game of each size, sorted by
name, N per size (default 20: GNU Go takes about a second per 19x19
position, twice per game here); --all takes every game.  Without GNU
Go (`gnugo` on PATH or /usr/games/gnugo) it says "not run".
"""
import json
import os
import subprocess
import sys

from gnugo_selfplay import find_gnugo

HERE = os.path.dirname(os.path.abspath(__file__))


def sample(corpus, per_size, everything):
    d = os.path.join(corpus, "scored", "ogs")
    out = []
    for size in ("19x19", "9x9"):
        files = sorted(f for f in os.listdir(d)
                       if f.startswith(size + "__") and f.endswith(".sgf"))
        if not everything and per_size < len(files):
            step = len(files) / per_size
            files = [files[int(i * step)] for i in range(per_size)]
        out += [(size, os.path.join(d, f)) for f in files]
    return out


def score(sgfkit, files, jobs, extra):
    """file -> JSON object of `sgfkit score --json`, or {"error": ...}."""
    p = subprocess.run([sgfkit, "score", "--json", "--no-summary",
                        "-j", str(jobs)] + extra + files,
                       capture_output=True, text=True, check=False)
    res = {}
    for line in p.stdout.splitlines():
        o = json.loads(line)
        res[o["file"]] = o
    return res


def winner(r):
    return r[0] if r and r[0] in "BW" else "0"


def figures(label, games, res):
    n = w = e = 0
    for f in games:
        o = res.get(f)
        if not o or "result" not in o or not o.get("recorded"):
            continue
        n += 1
        w += winner(o["result"]) == winner(o["recorded"])
        e += o.get("agrees") is True
    if n:
        print(f"  {label}: winner {w}/{n} ({100 * w / n:.1f}%), "
              f"exact {e}/{n} ({100 * e / n:.1f}%)")


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print(__doc__)
        return 2
    sgfkit, corpus = args[0], args[1]
    per_size, everything, jobs = 20, False, 2
    i = 2
    while i < len(args):
        if args[i] == "--all":
            everything = True
        elif args[i] == "--per-size":
            i += 1
            per_size = int(args[i])
        elif args[i] == "-j":
            i += 1
            jobs = int(args[i])
        i += 1
    gnugo = find_gnugo()
    if not gnugo:
        print("not run (gnugo is not installed): score --engine with "
              "GNU Go")
        print("0 passed, 0 failed")
        return 0
    games = sample(corpus, per_size, everything)
    files = [f for _, f in games]
    engine = score(sgfkit, files, jobs,
                   ["--engine", gnugo + " --mode gtp"])
    builtin = score(sgfkit, files, jobs, [])
    p = subprocess.run([sys.executable, os.path.join(HERE, "gnugo_dead.py"),
                        "-j", str(jobs), "--gnugo", gnugo] + files,
                       capture_output=True, text=True, check=False)
    direct = {}
    for line in p.stdout.splitlines():
        parts = line.split("\t")
        direct[parts[0]] = parts[1] if len(parts) > 1 else "error: ?"
    passed = failed = 0
    for f in files:
        o = engine.get(f, {})
        d = direct.get(f, "error: no answer from gnugo_dead.py")
        if "dead" not in o:
            print(f"FAIL {f}: score --engine: {o.get('error', 'no output')}")
            failed += 1
        elif d.startswith("error"):
            print(f"FAIL {f}: GNU Go asked directly: {d}")
            failed += 1
        elif sorted(o["dead"]) != sorted(d.split()):
            print(f"FAIL {f}: dead stones differ: score --engine "
                  f"{' '.join(sorted(o['dead']))}; GNU Go {d}")
            failed += 1
        else:
            passed += 1
    for size in ("19x19", "9x9"):
        gs = [f for s, f in games if s == size]
        print(f"OGS {size}, {len(gs)} games:")
        figures("GNU Go's dead stones (score --engine)", gs, engine)
        figures("built-in estimate", gs, builtin)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
