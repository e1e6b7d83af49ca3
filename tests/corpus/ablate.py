#!/usr/bin/env python3
"""
ablate.py - what each part of the dead-stone estimator earns on games
it was not tuned on (issue 19).

usage: ablate.py SGFKIT CORPUS [--sets ogs,tygem,gnugo] [--seeds N]
                 [--jobs N] [NAME=VALUE ...]

The parts of the estimator that can be turned off at build time are the
switches of rules/*.c (today estimate.c and playout.c): each
`#ifndef NAME` / `#define NAME 1`, plus LD_ROUNDS=0, LD_ROUNDS=1 (step
6 without its second round) and BORDER=0 (no second batch of playouts
near the threshold).  Name others as NAME=VALUE to measure those instead.

Each is built off, one at a time, in a build directory of its own under
a temporary directory (`make BUILD=... CPPFLAGS=-DNAME=VALUE`), and
scored on the corpus under N seeds (default 3) against SGFKIT, the
tree's build with every part on.  Per part and set it prints:

  changed    games whose count differs between on and off (any seed)
  in-sample  winner/exact games on minus off, over the whole set
  fold-out   each fold scored by whichever of off and on is better on
             the other four folds (score_eval.py --tune with off as the
             baseline), minus off: what the part earns on games it was
             not chosen on
  unstable   games whose count differs among the seeds, on/off (a part
             may earn stability rather than agreement)
  chosen     which was chosen for folds 1-5

and a verdict: "earns" when the fold-out gain is a game or more on some
set (winner or exact, the mean over the seeds) and a loss of a game or
more on none, "costs" the other way round, "mixed" when both, else
"nothing": less than a game either way is the playouts' noise, and a
part that changes one game is chosen in the four folds without it and
earns nothing in the fifth.
A part that earns nothing is no evidence for or against the idea
behind it: the scored corpus may hold too few games of its kind.

About a minute and a half per part with three seeds on two cores.
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import score_eval as se  # noqa: E402

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXTRA = ("LD_ROUNDS=0", "LD_ROUNDS=1", "BORDER=0")


def settings():
    """{NAME: default} for every `#ifndef NAME` / `#define NAME value`
    in rules/*.c: what a build may set with -DNAME=VALUE."""
    out = {}
    rules = os.path.join(TOP, "rules")
    for f in sorted(os.listdir(rules)):
        if f.endswith(".c"):
            with open(os.path.join(rules, f), encoding="utf-8") as src:
                for m in re.finditer(r"^#ifndef (\w+)\n#define \1 (.*)$",
                                     src.read(), re.M):
                    out[m.group(1)] = m.group(2).strip()
    return out


def switches():
    """NAME=0 for every setting whose default is 1 (the parts that can
    be turned off), then EXTRA."""
    return [n + "=0" for n, v in settings().items() if v == "1"] + \
        list(EXTRA)


def unstable(rows):
    """Games whose count is not the same under every seed."""
    return sum(len(set(r[3])) > 1 for r in rows)


def build(flag, tmp, jobs):
    """The path of a binary built with -D`flag`, or None."""
    name = flag.replace("=", "_").lower()
    bdir = os.path.join(tmp, "build-" + name)
    binary = os.path.join(tmp, "sgfkit-" + name)
    r = subprocess.run(
        ["make", "-s", "-j", str(jobs), "BUILD=" + bdir, "BIN=" + binary,
         "CPPFLAGS=-D" + flag, binary],
        cwd=TOP, capture_output=True, text=True, check=False)
    if r.returncode != 0:
        sys.stderr.write(f"ablate: building with -D{flag} failed:\n"
                         f"{r.stderr[-2000:]}")
        return None
    return binary


def main():
    args = sys.argv[1:]
    if args[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return 0

    def opt(name, default):
        if name not in args:
            return default
        i = args.index(name)
        if i + 1 >= len(args):
            return None
        v = args[i + 1]
        del args[i:i + 2]
        return v
    sets = opt("--sets", "ogs,tygem,gnugo")
    seeds = opt("--seeds", "3")
    jobs = opt("--jobs", "2")
    if sets is None or seeds is None or jobs is None or \
            not seeds.isdigit() or int(seeds) < 1 or \
            not jobs.isdigit() or int(jobs) < 1 or len(args) < 2:
        sys.stderr.write(__doc__)
        return 2
    sgfkit, corpus, flags = args[0], args[1], args[2:] or switches()
    bad = [f for f in flags
           if not re.fullmatch(r"[A-Z_][A-Z0-9_]*=[\w.]+", f)]
    if bad:
        sys.stderr.write(f"ablate: not NAME=VALUE: {bad[0]}\n")
        return 2
    known = settings()
    bad = [f for f in flags if f.split("=")[0] not in known]
    if bad:
        sys.stderr.write(f"ablate: no rules/*.c file has #ifndef "
                         f"{bad[0].split('=')[0]}\n")
        return 2
    scored = os.path.join(corpus, "scored")
    if not os.path.isfile(os.path.join(scored, "manifest.tsv")):
        sys.stderr.write(f"ablate: no scored corpus at {corpus}\n")
        return 2
    manifest = se.load_manifest(scored)
    sets = sets.split(",")
    on = se.score_seeds(sgfkit, scored, sets, manifest, int(seeds))
    print(f"ablate: each part off against {sgfkit} (on), seeds: {seeds}; "
          "games: changed, in-sample on-off, fold-out on-off "
          "(winner/exact), games unstable under the seeds on/off")
    failed = 0
    with tempfile.TemporaryDirectory(prefix="sgfkit-ablate-") as tmp:
        for flag in flags:
            binary = build(flag, tmp, int(jobs))
            if binary is None:
                failed = 1
                continue
            off = se.score_seeds(binary, scored, sets, manifest,
                                 int(seeds))
            results = [off, on]
            bad = se.same_games(["off", "on"], results)
            if bad:
                print(f"{flag}: {bad}")
                failed = 1
                continue
            fo = se.fold_out(results, "winner", "all")
            gains = []
            for k, (picks, (_, w, e)) in fo.items():
                _, ow, oe = se.counts(off[k])
                _, nw, ne = se.counts(on[k])
                gains.append((w - ow, e - oe))
                print(f"{flag:22} {se.label(k)}  changed "
                      f"{se.changed_games(off[k], on[k]):3}  in-sample "
                      f"{se.signed(nw - ow)}/{se.signed(ne - oe)}  "
                      f"fold-out {se.signed(w - ow)}/{se.signed(e - oe)}"
                      f"  unstable {unstable(on[k])}/{unstable(off[k])}"
                      f"  chosen "
                      f"{' '.join(('off', 'on')[i] for i in picks)}")
            up = any(a >= 1 - 1e-6 or b >= 1 - 1e-6 for a, b in gains)
            down = any(a <= -1 + 1e-6 or b <= -1 + 1e-6 for a, b in gains)
            verdict = ("mixed" if down else "earns") if up else \
                "costs" if down else "nothing"
            print(f"{flag:22} verdict: {verdict}")
    return failed


if __name__ == "__main__":
    sys.exit(main())
