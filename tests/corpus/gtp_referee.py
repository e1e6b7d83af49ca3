#!/usr/bin/env python3
"""gtp_referee.py - a referee loop (issue 25): GNU Go plays itself on
9x9 (a fixed seed per game, a low level so that it is quick); every move
goes through `sgfkit gtp` (play must accept it), which scores the game
at its end (final_score); the record it prints (printsgf), saved to a
file and scored by `sgfkit score`, must give the same result.  GNU Go's
own final_score is shown beside.

    python3 tests/corpus/gtp_referee.py [--games N] [--seed S] [--keep DIR]
        SGFKIT

GNU Go is $GNUGO, else gnugo on PATH, else /usr/games/gnugo; without it
the loop says "not run".
Prints a line per game and "N passed, N failed"; exit status 1 on a
failure."""
import argparse, json, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gnugo_selfplay import GTP
from gtp_session import gnugo_or_not_run


def margin(result):
    """"B+3.5" -> 3.5, "W+2.0" -> -2.0, "0" -> 0."""
    if result in ("0", "Draw"):
        return 0.0
    side, _, num = result.partition("+")
    return float(num) * (1 if side.upper() == "B" else -1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", type=int, default=1)
    ap.add_argument("--keep", help="keep the records in this directory")
    ap.add_argument("sgfkit")
    a = ap.parse_args()
    a.gnugo = gnugo_or_not_run("the GTP referee loop")
    tmp = None if a.keep else tempfile.TemporaryDirectory()
    out = a.keep or tmp.name
    os.makedirs(out, exist_ok=True)
    passed = failed = 0
    for g in range(a.games):
        seed = a.seed + g
        go = GTP([a.gnugo, "--mode", "gtp", "--level", str(a.level),
                  "--seed", str(seed)])
        ref = GTP([a.sgfkit, "gtp"])
        why, ours, sgf = None, "", ""
        for e in (go, ref):
            e("boardsize 9")
            e("clear_board")
            e("komi 6.5")
        colour, passes, moves = "black", 0, 0
        while passes < 2 and moves < 200:
            mv = go("genmove " + colour)
            if mv.lower() == "resign":
                break
            try:
                ref("play %s %s" % (colour, mv))
            except RuntimeError as e:
                why = "move %d, %s %s: %s" % (moves + 1, colour, mv, e)
                break
            passes = passes + 1 if mv.lower() == "pass" else 0
            moves += 1
            colour = "white" if colour == "black" else "black"
        try:
            ours = ref("final_score")
            sgf = ref("printsgf")
        except RuntimeError as e:
            why = why or str(e)
        gnugo = go("final_score")
        go.close()
        ref.close()
        path = os.path.join(out, "referee-%d.sgf" % seed)
        with open(path, "w") as f:
            f.write(sgf + "\n")
        p = subprocess.run([a.sgfkit, "score", "--json", path],
                           capture_output=True, text=True)
        try:
            scored = json.loads(p.stdout.splitlines()[0])["result"]
        except (IndexError, KeyError, ValueError):
            scored = "none (%s)" % p.stderr.strip()
        if why is None and (scored.startswith("none") or
                            abs(margin(ours) - margin(scored)) > 1e-6):
            why = "sgfkit gtp says %s, sgfkit score %s" % (ours, scored)
        print("game %d (seed %d): %d moves, sgfkit gtp %s, sgfkit score "
              "%s, GNU Go %s%s" % (g + 1, seed, moves, ours, scored, gnugo,
                                   "" if why is None else ": FAIL " + why))
        if why is None:
            passed += 1
        else:
            failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
