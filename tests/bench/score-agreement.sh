#!/bin/sh
# score-agreement.sh - scoring accuracy per set (winner %, exact %), on
# the whole set and on its five folds (issue 19: per fold, mean, minimum;
# with one binary the fold-out figure is the whole-set figure), and the
# median and slowest time per game on one core (`score -j1`, one process per
# game, so start-up and parsing are included).
# SCORE_VARIANTS="name=BIN,..." also prints the fold-out figures of
# tuning over $SGFKIT and those variants (score_eval.py --tune).
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}"
here=$(cd "$(dirname "$0")/../corpus" && pwd)
python3 "$here/score_eval.py" "$SGFKIT" "$CORPUS" --sets ogs,tygem,gnugo \
	--folds
if [ -n "$SCORE_VARIANTS" ]; then
	python3 "$here/score_eval.py" "$SGFKIT" "$CORPUS" \
		--sets ogs,tygem,gnugo --tune "$SCORE_VARIANTS"
fi
python3 - "$SGFKIT" "$CORPUS" <<'PY'
# CPU time (user + system) of the child, so that other load on the
# machine does not count; wall-clock medians are printed beside it.
import glob, os, subprocess, sys, time
sgfkit, corpus = sys.argv[1], sys.argv[2]

def run(args):
    t = time.perf_counter()
    p = subprocess.Popen(args, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    _, _, ru = os.wait4(p.pid, 0)
    return (ru.ru_utime + ru.ru_stime) * 1000, (time.perf_counter() - t) * 1000

for pat, label in (("ogs/19x19__*.sgf", "ogs 19x19"),
                   ("ogs/9x9__*.sgf", "ogs 9x9"),
                   ("tygem/*.sgf", "tygem 19x19")):
    files = sorted(glob.glob(os.path.join(corpus, "scored", pat)))[:150]
    cpu, wall = [], []
    for f in files:
        c, w = run([sgfkit, "score", "-j1", "-q", "--no-summary", f])
        cpu.append(c)
        wall.append(w)
    cpu.sort()
    wall.sort()
    if cpu:
        print(f"{label}: median {cpu[len(cpu)//2]:.1f} ms CPU per game "
              f"(the slowest {cpu[-1]:.1f}), "
              f"{wall[len(wall)//2]:.1f} ms wall (one process per game, "
              f"start-up and parsing included, {len(cpu)} games)")
for d in ("ogs", "tygem"):
    n = len(glob.glob(os.path.join(corpus, "scored", d, "*.sgf")))
    c, w = run([sgfkit, "score", "-j1", "-q", "--no-summary", "-r",
                os.path.join(corpus, "scored", d)])
    print(f"{d}: {c / max(n, 1):.2f} ms CPU per game on average "
          f"(one process, -j1, {n} games)")
PY
