#!/usr/bin/env python3
"""Dead stones of records that stop early, judged by how the game went
on (issue 19: "records that stop early must still get dead groups
called dead").

usage: score_early.py SGFKIT [--back K,K,...] [--list] FILE...

Each FILE is a game played to its end (two passes), such as the games
tests/corpus/gnugo_selfplay.py makes.  For each K, the record is cut K
moves before its end (K = 1: after the first of the two passes; larger
K: with dame and boundaries still open) and `SGFKIT score -m N --json`
is asked for the dead stones there.  The answer to compare with comes
from the rest of the game: a stone on the board at move N is dead when
it is captured later in the game or is on GNU Go's list of dead stones
of the final position (tests/corpus/gnugo_dead.py, cached); every other
stone is alive.  So the label of a cut record is as good as the play
after the cut and GNU Go's judgement of the end.

Prints, per K: games, games whose dead set is exactly right, stones
judged wrongly (called alive / called dead), and games whose result
(counted by SGFKIT with its own dead stones, against the same count
with the label's) has the other winner.  --list names each game that
is not exactly right, with the stones it gets wrong.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MOVE = re.compile(r";\s*([BW])\[([a-z]{0,2})\]")


def moves_of(text):
    size = int(re.search(r"SZ\[(\d+)\]", text).group(1))
    setup = []
    for col, vals in re.findall(r"A([BW])((?:\[[a-z]{2}\])+)", text):
        for v in re.findall(r"\[([a-z]{2})\]", vals):
            setup.append((col, v))
    mv = [(c, p if p and p != "tt" else None) for c, p in MOVE.findall(text)]
    return size, setup, mv


def play(board, size, col, pt, stamp, birth, fate, t):
    """Play col at pt on board (dict point -> colour); stones removed get
    fate[birth id] = t."""
    x, y = ord(pt[0]) - 97, ord(pt[1]) - 97
    board[(x, y)] = col
    birth[(x, y)] = stamp
    opp = "W" if col == "B" else "B"

    def chain(p):
        c = board[p]
        seen, todo, libs = {p}, [p], 0
        while todo:
            q = todo.pop()
            for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                r = (q[0] + d[0], q[1] + d[1])
                if not (0 <= r[0] < size and 0 <= r[1] < size):
                    continue
                if r not in board:
                    libs += 1
                elif board[r] == c and r not in seen:
                    seen.add(r)
                    todo.append(r)
        return seen, libs

    for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        r = (x + d[0], y + d[1])
        if board.get(r) == opp:
            ch, libs = chain(r)
            if libs == 0:
                for q in ch:
                    fate[birth[q]] = t
                    del board[q]
                    del birth[q]
    ch, libs = chain((x, y))
    if libs == 0:
        for q in ch:
            fate[birth[q]] = t
            del board[q]
            del birth[q]


def pname(p):
    return chr(97 + p[0]) + chr(97 + p[1])


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 2
    sgfkit = args.pop(0)
    backs = [0, 1, 10, 20, 40]
    listing = False
    files = []
    while args:
        a = args.pop(0)
        if a == "--back":
            backs = [int(v) for v in args.pop(0).split(",")]
        elif a == "--list":
            listing = True
        else:
            files.append(a)
    gg = subprocess.run([sys.executable, os.path.join(HERE, "gnugo_dead.py"),
                         "-j", "2"] + files, capture_output=True, text=True)
    final_dead = {}
    for line in gg.stdout.splitlines():
        f, rest = line.split("\t", 1)
        if not rest.startswith("error"):
            final_dead[f] = set(rest.split("\t")[0].split())
    stats = {k: [0, 0, 0, 0, 0] for k in backs}
    for f in files:
        if f not in final_dead:
            continue
        with open(f, encoding="utf-8") as fh:
            size, setup, mv = moves_of(fh.read())
        # replay once, remembering when each stone is removed
        board, birth, fate = {}, {}, {}
        stamp = 0
        for col, pt in setup:
            x, y = ord(pt[0]) - 97, ord(pt[1]) - 97
            board[(x, y)] = col
            birth[(x, y)] = stamp
            stamp += 1
        snaps = [dict(birth)]
        for t, (col, pt) in enumerate(mv, 1):
            if pt is not None:
                play(board, size, col, pt, stamp, birth, fate, t)
                stamp += 1
            snaps.append(dict(birth))
        end = len(mv)
        for k in backs:
            n = end - k
            if n < 1:
                continue
            label = set()
            for p, b in snaps[n].items():
                if b in fate or pname(p) in final_dead[f]:
                    label.add(pname(p))
            out = subprocess.run([sgfkit, "score", "--json", "--no-summary",
                                  "-m", str(n), f],
                                 capture_output=True, text=True).stdout
            d = json.loads(out.splitlines()[0])
            ours = set(d.get("dead", []))
            given = ["--dead", ",".join(sorted(label))] if label \
                else ["--all-alive"]
            lab = subprocess.run(
                [sgfkit, "score", "--json", "--no-summary", "-m", str(n)] +
                given + [f],
                capture_output=True, text=True)
            if not lab.stdout:
                print(f"{f}: {lab.stderr.strip()}", file=sys.stderr)
                continue
            dl = json.loads(lab.stdout.splitlines()[0])
            st = stats[k]
            st[0] += 1
            st[1] += ours == label
            st[2] += len(label - ours)
            st[3] += len(ours - label)
            flip = (d["result"][0] != dl["result"][0])
            st[4] += flip
            if listing and ours != label:
                print(f"back {k:3} {f}: result {d['result']} (label "
                      f"{dl['result']}); called alive: "
                      f"{' '.join(sorted(label - ours))}; called dead: "
                      f"{' '.join(sorted(ours - label))}")
    for k in backs:
        n, ex, ca, cd, fl = stats[k]
        if n:
            print(f"cut {k:3} moves before the end: {n:4} games, dead set "
                  f"right {ex:4} ({100.0 * ex / n:5.1f}%), stones called "
                  f"alive {ca:4}, called dead {cd:4}, other winner {fl:3}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
