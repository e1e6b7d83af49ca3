#!/bin/sh
# score-agreement.sh - scoring accuracy per set (winner %, exact %) and
# the median time per 19x19 game on one core (`score -j1`, one process
# per game, so start-up and parsing are included).
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}"
here=$(cd "$(dirname "$0")/../corpus" && pwd)
python3 "$here/score_eval.py" "$SGFKIT" "$CORPUS" --sets ogs,tygem,gnugo
python3 - "$SGFKIT" "$CORPUS" <<'PY'
import glob, os, subprocess, sys, time
sgfkit, corpus = sys.argv[1], sys.argv[2]
for pat, label in (("ogs/19x19__*.sgf", "ogs 19x19"),
                   ("ogs/9x9__*.sgf", "ogs 9x9"),
                   ("tygem/*.sgf", "tygem 19x19")):
    files = sorted(glob.glob(os.path.join(corpus, "scored", pat)))[:150]
    times = []
    for f in files:
        t = time.perf_counter()
        subprocess.run([sgfkit, "score", "-j1", "-q", "--no-summary", f],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    if times:
        print(f"{label}: median {times[len(times)//2]:.1f} ms per game "
              f"(whole process, {len(times)} games)")
# in-process figure: one run over the directory, divided by the games
for d, label in (("ogs", "ogs"), ("tygem", "tygem")):
    t = time.perf_counter()
    out = subprocess.run([sgfkit, "score", "-j1", "-q", "--no-summary",
                          "-r", os.path.join(corpus, "scored", d)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    n = len(glob.glob(os.path.join(corpus, "scored", d, "*.sgf")))
    dt = (time.perf_counter() - t) * 1000
    print(f"{label}: {dt / max(n, 1):.2f} ms per game on average "
          f"(one process, -j1, {n} games)")
PY
