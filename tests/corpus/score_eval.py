#!/usr/bin/env python3
"""Agreement of `sgfkit score` with the recorded results of the scored
corpus, per set and board size.  Used by tests/corpus/score-agreement.sh
and tests/bench/score-agreement.sh.

usage: score_eval.py SGFKIT CORPUS [--sets ogs,tygem] [--list] [--bars]
Prints one line per (set, size): games, winner %, exact %.  With --bars,
checks the issue's bar and exits 1 if any figure is below it.  With
--list, prints every game whose margin differs from RE.
"""
import json
import os
import subprocess
import sys

# The bar of issue 4 (winner %, exact %), per (set, size).  Figures are
# printed with two decimals: 195 of 196 is 99.49%, under a 99.5% bar.
BARS = {
    ("ogs", "19"): (99.5, 98.5),
    ("ogs", "9"): (99.5, 99.5),
    ("tygem", "19"): (99.0, 93.0),
}
# With SCORE_BAR=regression: floors under what the estimator reaches
# (100/100, 100/99.5, 99.0/90.2 on 2026-11-24), so that a change that
# loses agreement fails even before the bar is met.  The playouts draw
# from the board's empty-point list, so a change to the board's internal
# order moves a few borderline Tygem games either way: the Tygem floor
# leaves room for that (about five games), the OGS floors for one game.
REGRESSION = {
    ("ogs", "19"): (99.4, 99.4),
    ("ogs", "9"): (99.4, 99.4),
    ("tygem", "19"): (98.7, 89.8),
}
if os.environ.get("SCORE_BAR") == "regression":
    BARS = REGRESSION


def margin(r):
    r = r.strip()
    if r in ("0", "Draw", "Jigo"):
        return 0.0
    if len(r) > 2 and r[0] in "BW" and r[1] == "+":
        try:
            v = float(r[2:])
        except ValueError:
            return None
        return v if r[0] == "B" else -v
    return None


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print(__doc__)
        return 2
    sgfkit, corpus = args[0], args[1]
    sets = ["ogs", "tygem"]
    if "--sets" in args:
        sets = args[args.index("--sets") + 1].split(",")
    scored = os.path.join(corpus, "scored")
    manifest = {}
    with open(os.path.join(scored, "manifest.tsv"), encoding="utf-8") as f:
        head = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(head, line.rstrip("\n").split("\t")))
            manifest[row["file"]] = row
    stats = {}
    wrong = []
    for s in sets:
        out = subprocess.run(
            [sgfkit, "score", "--json", "--no-progress", "-r",
             os.path.join(scored, s)],
            capture_output=True, text=True, check=False)
        for line in out.stdout.splitlines():
            d = json.loads(line)
            if d.get("summary"):
                continue
            key = d["file"].split("/scored/")[-1]
            row = manifest.get(key)
            if row is None:
                continue
            want = margin(row["result"])
            got = margin(d["result"])
            if want is None or got is None:
                continue
            k = (row["set"], row["board_size"])
            st = stats.setdefault(k, [0, 0, 0])
            st[0] += 1
            same = (want > 0) == (got > 0) and (want < 0) == (got < 0)
            st[1] += same
            st[2] += want == got
            if want != got:
                wrong.append((key, d["result"], row["result"],
                              "winner" if not same else "margin"))
    failed = 0
    for k in sorted(stats):
        n, w, e = stats[k]
        pw, pe = 100.0 * w / n, 100.0 * e / n
        line = f"{k[0]:6} {k[1]:>2}x{k[1]:<2} games {n:5}  " \
               f"winner {w:4}/{n:<4} {pw:6.2f}%  exact {e:4}/{n:<4} {pe:6.2f}%"
        if "--bars" in args and k in BARS:
            bw, be = BARS[k]
            ok = pw >= bw and pe >= be
            failed += not ok
            line = ("ok   " if ok else "FAIL ") + line + \
                f"  (bar {bw}% / {be}%)"
        print(line)
    if "--list" in args:
        for w in wrong:
            print("wrong", *w)
    if "--bars" in args:
        checked = sum(1 for k in stats if k in BARS)
        print(f"{checked - failed} passed, {failed} failed")
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
