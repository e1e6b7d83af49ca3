#!/usr/bin/env python3
"""Our count against the curated answers of GNU Go's scoring tests
(issue 19's "curated end-of-game positions").

usage: gnugo_curated.py SGFKIT [--games DIR] [--corpus DIR] [--list]
                         [--strict] [--seeds N] [--cache DIR] TST...

TST is one of GNU Go's regression test files that ask for a final score
(regression/score.tst and score2.tst in GNU Go 3.8: 57 tests, numbers 2
to 60 without 38 and 44, which are commented out; 59 and 60 load games
of games/nngs/): each test is `loadsgf games/scoring/scoreN.sgf [MOVE]`,
a numbered `final_score` (or `new_score`) and the curated answer
`#? [W\\+100.5]`, with a trailing `*` where GNU Go 3.8 itself is known
to fail it.  Commented-out tests (`#loadsgf`) are not counted.  Each
record is looked up by its path in the test file, then by its base name,
in --games DIR (default: the directory of the TST file, then its
games/scoring/): neither the test files nor the records are in this
tree (GPL).  Debian's source package has them:
    apt-get source --download-only gnugo    (needs a deb-src line)
    tar xzf gnugo_3.8.orig.tar.gz           (gnugo-3.8/regression/)

Every record is counted by `sgfkit score --json` (dead stones
estimated, the game's rules, else Japanese as GNU Go's final_score) and
its "result" compared with the answer.  --strict counts
with `score --strict` (neither the eyes of groups in seki nor the
points that must be filled are territory) where the default is the
server convention that the records' own RE follow; GNU Go's answers lie
between the two (seki eyes nobody's, points to fill territory).
--seeds N counts each test by its mean over N seeds (the default, then
--seed 1 to N-1): a dragon near the threshold goes either way with the
seed, and one seed's figure moves by a test or two.  Prints the tests
found, records
missing, winner and exact agreement, and GNU Go's own figure (the tests
not marked `*`); the same again for the records that are in the scored
corpus (--corpus, default ../shared/corpus: its manifest's source_path
of set gnugo; our constants were measured on their RE, which is not
always the curated answer) and for the others, never measured before;
with --list, every test we miss, with our Japanese and Chinese results.
Where gnugo_dead.py's cache (--cache, its default) holds GNU Go's dead
list for every record, the figures of that list counted by sgfkit
(`score --dead`) are printed too; GNU Go is not run (fill the cache
with gnugo_dead.py).  Exit status 0, or 2 on bad usage.

Example:
    python3 tests/corpus/gnugo_curated.py ./sgfkit \\
        gnugo-3.8/regression/score.tst gnugo-3.8/regression/score2.tst
"""
import argparse
import json
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gnugo_dead  # noqa: E402
from score_eval import margin  # noqa: E402


def parse_tst(path):
    """The tests of one .tst file: (number, record path, move or None,
    answer, GNU Go fails it)."""
    tests, load, num = [], None, None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            m = re.match(r"loadsgf\s+(\S+)(?:\s+(\d+))?$", line)
            if m:
                load = (m.group(1), int(m.group(2)) if m.group(2) else None)
                continue
            m = re.match(r"(\d+)\s+(final_score|new_score)\b", line)
            if m and load:
                num = int(m.group(1))
                continue
            m = re.match(r"#\?\s*\[(.*)\](\*?)\s*$", line)
            if m and load and num is not None:
                answer = m.group(1).replace("\\", "")
                tests.append((num, load[0], load[1], answer,
                              m.group(2) == "*"))
                num = None
    return tests


def first_json(cmd):
    """The first JSON line `cmd` prints, or {}."""
    out = subprocess.run(cmd, capture_output=True, text=True)
    try:
        return json.loads(out.stdout.splitlines()[0])
    except (IndexError, ValueError):
        return {}


def find_record(rel, dirs):
    base = os.path.basename(rel)
    for d in dirs:
        for p in (os.path.join(d, rel), os.path.join(d, base)):
            if os.path.isfile(p):
                return p
    return None


def main():
    ap = argparse.ArgumentParser(add_help=False)
    ap.add_argument("sgfkit")
    ap.add_argument("tst", nargs="+")
    ap.add_argument("--games")
    ap.add_argument("--corpus", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
        "shared", "corpus"))
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--seeds", type=int, default=1)
    ap.add_argument("--cache", default=gnugo_dead.default_cache())
    ap.add_argument("-h", "--help", action="store_true")
    if "-h" in sys.argv[1:] or "--help" in sys.argv[1:]:
        print(__doc__)
        return 0
    a = ap.parse_args()
    if a.seeds < 1:
        ap.error("--seeds must be 1 or more")
    rows, missing = [], []
    for tst in a.tst:
        d = os.path.dirname(os.path.abspath(tst))
        dirs = [a.games] if a.games else [d, os.path.join(d, "games",
                                                          "scoring")]
        for num, rel, move, answer, gnugo_fails in parse_tst(tst):
            path = find_record(rel, dirs)
            if path is None:
                missing.append(rel)
                continue
            cmd = [a.sgfkit, "score", "--json", path]
            if a.strict:
                cmd[3:3] = ["--strict"]
            if move is not None:
                cmd[3:3] = ["-m", str(max(move - 1, 0))]
            js = first_json(cmd)
            # the other seeds' results, for the means (--seeds)
            js["seeds"] = [js.get("result")] + [
                first_json(cmd[:3] + ["--seed", str(k)] + cmd[3:])
                .get("result") for k in range(1, a.seeds)]
            gg = gnugo_dead.parse_line(gnugo_dead.cached_line(
                path, a.cache, gnugo_dead.VERSION))
            if gg is not None:
                gg = first_json(cmd[:3] + ["--dead", ",".join(gg[0])] +
                                cmd[3:])
            rows.append((os.path.basename(tst), num, rel, answer,
                         gnugo_fails, js, gg))
    seen = set()
    manifest = os.path.join(a.corpus, "scored", "manifest.tsv")
    if os.path.isfile(manifest):
        with open(manifest, encoding="utf-8") as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if len(cols) > 10 and cols[1] == "gnugo":
                    seen.add(cols[10])
    print(f"tests {len(rows) + len(missing)}  records missing "
          f"{len(missing)}  counted {len(rows)}")
    groups = [("all", rows)]
    if seen:
        groups += [
            ("in the corpus", [r for r in rows
                               if "regression/" + r[2] in seen]),
            ("not in the corpus", [r for r in rows
                                   if "regression/" + r[2] not in seen])]
    for name, rs in groups:
        n = len(rs)
        ns = a.seeds
        exact = sum(x == r[3] for r in rs for x in r[5]["seeds"]) / ns
        winner = sum((margin(x or "") or 0) * (margin(r[3]) or 0) > 0
                     for r in rs for x in r[5]["seeds"]) / ns
        gnugo = sum(not r[4] for r in rs)
        if not n:
            continue
        line = (f"{name:18} {n:3}  sgfkit winner {round(winner, 2):g}/{n} "
                f"exact {round(exact, 2):g}/{n}"
                + (f" (means over {ns} seeds)" if ns > 1 else "") +
                f"  GNU Go 3.8 (tests not marked *) exact "
                f"{gnugo}/{n}")
        if all(r[6] is not None for r in rs):
            gw = sum((margin(r[6].get("result", "")) or 0) *
                     (margin(r[3]) or 0) > 0 for r in rs)
            ge = sum(r[6].get("result") == r[3] for r in rs)
            line += f"  GNU Go's dead list counted by sgfkit winner " \
                    f"{gw}/{n} exact {ge}/{n}"
        print(line)
    for rel in missing:
        print(f"missing {rel}")
    if a.list:
        for tst, num, rel, answer, fails, js, gg in rows:
            right = sum(v == answer for v in js["seeds"])
            if right == len(js["seeds"]):
                continue
            jp = js.get("japanese", {}).get("result")
            cn = js.get("chinese", {}).get("result")
            print(f"miss {tst}:{num} {rel} answer {answer}"
                  f"{' (GNU Go fails)' if fails else ''}  ours "
                  f"{js.get('result')} (japanese {jp}, chinese {cn}, "
                  f"ended {js.get('ended')})"
                  + (f"  exact under {right} of {a.seeds} seeds"
                     if a.seeds > 1 else "")
                  + (f"  with GNU Go's dead list {gg.get('result')}"
                     if gg is not None else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
