#!/usr/bin/env python3
"""Agreement of `sgfkit score` with the recorded results of the scored
corpus, per set and board size.  Used by tests/corpus/score-agreement.sh
and tests/bench/score-agreement.sh.

usage: score_eval.py SGFKIT CORPUS [--sets ogs,tygem] [--list] [--explain]
                     [--bars]
Prints one line per (set, size): games, winner %, exact %.  With --bars,
checks the issue's bar and exits 1 if any figure is below it.  With
--list, prints every game whose margin differs from RE.  With --explain,
also looks for one chain whose fate, turned over (`--dead`), gives RE's
margin: "revive" (we call it dead; the players left it on the board) or
"kill"; a game no single chain explains is "none"; and counts the games
that agree with RE although a chain we remove was in atari, against the
"revive" games whose chain was in atari (the players left such chains
on the board in some games and removed them in others).  Slow: one run
of sgfkit per chain of each wrong game, and one per game.
"""
import json
import os
import re
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
# (100/100, 100/100, 99.1/90.3 on 2026-11-24), so that a change that
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


def board_chains(sgfkit, path):
    """The chains of the final position, from the text board of `sgfkit
    score` (X O stones, x o dead stones, anything else an empty point),
    as (SGF points, number of liberties, dead as estimated)."""
    out = subprocess.run([sgfkit, "score", "--no-summary", path],
                         capture_output=True, text=True, check=False).stdout
    rows = [l.split() for l in out.splitlines()
            if re.match(r"^\s*\d+ ", l)]
    g = {}
    for r in rows:
        y = len(rows) - int(r[0])
        for x, c in enumerate(r[1:1 + len(rows[0]) - 2]):
            g[(x, y)] = c
    seen, chains = set(), []
    for p in sorted(g):
        if p in seen or g[p] not in "XOxo":
            continue
        seen.add(p)
        todo, ch, libs = [p], [], set()
        while todo:
            q = todo.pop()
            ch.append(chr(97 + q[0]) + chr(97 + q[1]))
            for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                r = (q[0] + d[0], q[1] + d[1])
                if r not in g:
                    continue
                if g[r] not in "XOxo":
                    libs.add(r)
                elif g[r] == g[p] and r not in seen:
                    seen.add(r)
                    todo.append(r)
        chains.append((ch, len(libs), g[p] in "xo"))
    return chains


def explain(sgfkit, path, dead, want):
    """One chain whose fate turned over gives `want`, or "none"."""
    dead = set(dead)
    for ch, libs, _ in board_chains(sgfkit, path):
        was = ch[0] in dead
        new = dead - set(ch) if was else dead | set(ch)
        out = subprocess.run(
            [sgfkit, "score", "--json", "--no-summary", "--dead",
             ",".join(sorted(new)), path],
            capture_output=True, text=True, check=False).stdout
        if margin(json.loads(out.splitlines()[0])["result"]) == want:
            return ("revive " if was else "kill ") + \
                f"{ch[0]} ({len(ch)} stone{'s' if len(ch) > 1 else ''}" + \
                (", in atari)" if libs == 1 else ")")
    return "none"


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
    atari_agree = 0
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
            if want == got and "--explain" in args and any(
                    dead and libs == 1
                    for _, libs, dead in board_chains(sgfkit, d["file"])):
                atari_agree += 1
            if want != got:
                why = ""
                if "--explain" in args:
                    why = explain(sgfkit, d["file"], d["dead"], want)
                wrong.append((key, d["result"], row["result"],
                              "winner" if not same else "margin", why))
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
    if "--list" in args or "--explain" in args:
        for w in wrong:
            print("wrong", *w)
    if "--explain" in args:
        kinds = {}
        for w in wrong:
            k = w[4].split(" ")[0]
            kinds[k] = kinds.get(k, 0) + 1
        print("explained by one chain:",
              ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
        n_exact = sum(st[2] for st in stats.values())
        in_atari = sum(w[4].startswith("revive") and "in atari" in w[4]
                       for w in wrong)
        print(f"revived chain in atari: {in_atari} of "
              f"{kinds.get('revive', 0)} revive games; games that agree "
              f"with RE with a chain in atari removed: "
              f"{atari_agree} of {n_exact}")
    if "--bars" in args:
        checked = sum(1 for k in stats if k in BARS)
        print(f"{checked - failed} passed, {failed} failed")
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
