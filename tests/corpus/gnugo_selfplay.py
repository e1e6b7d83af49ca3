#!/usr/bin/env python3
"""Finished games without trusted labels, for the second opinion of
issue 19: GNU Go plays GNU Go to two passes, every game reproducible
from a seed.

usage: gnugo_selfplay.py [--seed S] [--games 9:100,13:50,19:40]
                         [--levels 9:1-10,13:1-10,19:1-10] [--only SIZE:I]
                         [--gnugo CMD] [-j N] OUTDIR

Writes OUTDIR/gg{size}-s{seed}-{index}.sgf (the directory is created; it
belongs outside the source tree: generated games are not committed).
Game i of a size is drawn from Random("{seed}/{size}/{i}") alone:
Black's and White's level (uniform in the size's range) and GNU Go
random seed, the rules (Japanese with komi 6.5 or Chinese with komi
7.5, half each) and a short random opening (0 to size/4 moves on the
third line or higher, played before GNU Go takes over, so that games of
equal levels differ).  One `gnugo --mode gtp --never-resign
--{japanese,chinese}-rules` process plays both sides: before each
genmove it gets that player's `level` and `set_random_seed`, and
`clear_cache` when the two levels differ (the cache of reading results
was filled at the other side's depth).  The game ends after two passes
in a row.  A game that reaches 4 x size^2 moves (a ko cycle: GNU Go
forbids only simple ko), or where GNU Go resigns anyway, is written as
.capped, not .sgf: it is not a finished game.  RE is GNU Go's own
`final_score` (it finishes the game internally, then counts) at level
10 after the passes: GNU Go's count, not a trusted label.  GC says all
of this and the command that makes the game again (`--only SIZE:I`);
the file has no date, so the same seed gives the same bytes (and
gnugo_dead.py's cache keys).

Games are made in an interleaved order (9, 13, 19, 9, ...) in
proportion to the counts, so a run stopped early has every size.
Existing outputs are skipped: run the same command again to continue.
OUTDIR/selfplay.tsv gets one line per game made: file, size, levels,
moves, GNU Go CPU seconds per move of each side, the referee's CPU
seconds, RE; use it to choose levels for a time budget.  Run it under
`nice`; -j N plays N games at once (one GNU Go process each).

GNU Go CPU seconds per generated move, levels 1-3 / 4-6 / 7-9 (the
first 93 games of seed 1, 2026-11-26): 9x9 0.03 / 0.07 / 0.2 (42 moves
on average), 13x13 0.06 / 0.12 / 0.21 (93 moves), 19x19 0.19 / 0.32 /
0.6 (224 moves); a game is 5 s on 9x9, 13 s on 13x13 and 81 s on 19x19
on average (19x19 up to 190 s).  The default 100 + 50 + 40 games with
levels 1-10 are about 75 minutes of one core; on the shared machine,
under nice and a load of 9, they take several hours.

Example (the set measured for issue 19):
    nice -n 15 python3 tests/corpus/gnugo_selfplay.py --seed 1 \\
        --games 9:100,13:50,19:40 /work/gnugo-selfplay/s1
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def find_gnugo():
    """GNU Go's path: $GNUGO, else gnugo on PATH, else Debian's
    /usr/games/gnugo (not on root's PATH); None when there is none.  The
    one place the corpus tools look for it."""
    for g in (os.environ.get("GNUGO"), shutil.which("gnugo"),
              "/usr/games/gnugo"):
        if g and os.access(g, os.X_OK):
            return g
    return None


class GTP:
    """One GNU Go process spoken to in GTP, one command at a time."""

    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)

    def __call__(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            r = self.p.stdout.readline()
            if r == "":
                raise RuntimeError(f"GNU Go exited after '{line}'")
            if r.strip() == "" and lines:
                break
            if r.strip() == "":
                continue
            lines.append(r.rstrip("\n"))
        head = lines[0]
        if head.startswith("?"):
            raise RuntimeError(f"GNU Go refused '{line}': {head}")
        return "\n".join([head[1:].strip()] + lines[1:]).strip()

    def close(self):
        try:
            self("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.p.wait()


def parse_map(text, conv):
    out = {}
    for part in text.split(","):
        k, v = part.split(":")
        out[int(k)] = conv(v)
    return out


def parse_range(v):
    lo, _, hi = v.partition("-")
    return int(lo), int(hi or lo)


def spec(seed, size, index, levels):
    """Everything about game `index` of `size`, from the seed alone."""
    rng = random.Random(f"{seed}/{size}/{index}")
    lo, hi = levels
    s = {
        "levels": (rng.randint(lo, hi), rng.randint(lo, hi)),
        "seeds": (rng.randrange(1, 2**31), rng.randrange(1, 2**31)),
        "rules": rng.choice(("Japanese", "Chinese")),
    }
    s["komi"] = 6.5 if s["rules"] == "Japanese" else 7.5
    first, last = 2, size - 3  # third line or higher, 0-based
    pts = [(x, y) for x in range(first, last + 1)
           for y in range(first, last + 1)]
    rng.shuffle(pts)
    s["opening"] = pts[:rng.randint(0, size // 4)]
    return s


def vertex(p, size):
    return f"{COLS[p[0]]}{size - p[1]}"


def sgf_point(v, size):
    if v.upper() == "PASS":
        return ""
    return chr(97 + COLS.index(v[0].upper())) + chr(97 + size - int(v[1:]))


def play(gnugo, seed, size, index, levels, version):
    s = spec(seed, size, index, levels)
    rules = s["rules"].lower()
    cmd = gnugo + ["--mode", "gtp", "--quiet", "--never-resign",
                   f"--{rules}-rules"]
    g = GTP(cmd)
    moves, cpu, gen = [], [0.0, 0.0], [0, 0]
    try:
        g(f"boardsize {size}")
        g("clear_board")
        g(f"komi {s['komi']}")
        passes = 0
        cap = 4 * size * size
        while passes < 2 and len(moves) < cap:
            side = len(moves) % 2
            colour = "black" if side == 0 else "white"
            if len(moves) < len(s["opening"]):
                v = vertex(s["opening"][len(moves)], size)
                g(f"play {colour} {v}")
            else:
                g(f"level {s['levels'][side]}")
                g(f"set_random_seed {s['seeds'][side]}")
                if s["levels"][0] != s["levels"][1]:
                    g("clear_cache")
                t = float(g("cputime"))
                v = g(f"genmove {colour}")
                cpu[side] += float(g("cputime")) - t
                gen[side] += 1
                if v.upper() == "RESIGN":  # despite --never-resign
                    break
            passes = passes + 1 if v.upper() == "PASS" else 0
            moves.append(sgf_point(v, size))
        capped = passes < 2  # the move cap, or a resignation
        result, ref = "", 0.0
        if not capped:
            g("level 10")
            g("clear_cache")
            t = float(g("cputime"))
            result = g("final_score")
            ref = float(g("cputime")) - t
    finally:
        g.close()
    lb, lw = s["levels"]
    op = len(s["opening"])
    here = f"tests/corpus/gnugo_selfplay.py --seed {seed} --only " \
        f"{size}:{index} --levels {size}:{levels[0]}-{levels[1]} OUTDIR"
    gc = (f"Made by {here} (that command makes this file again). "
          f"{version}, one process '{' '.join(cmd)}' playing both "
          f"sides to two passes: Black level {lb} set_random_seed "
          f"{s['seeds'][0]}, White level {lw} set_random_seed "
          f"{s['seeds'][1]}")
    if lb != lw:
        gc += ", clear_cache before each genmove"
    gc += f"; komi {s['komi']}; "
    gc += f"moves 1-{op} random (opening). " if op else \
        "no random opening. "
    gc += "RE is GNU Go's final_score at level 10 after the passes, " \
        "not a trusted label."
    gc = gc.replace("\\", "\\\\").replace("]", "\\]")
    name = f"gg{size}-s{seed}-{index:04d}"
    body = "".join(f";{'BW'[i % 2]}[{m}]" for i, m in enumerate(moves))
    sgf = (f"(;GM[1]FF[4]CA[UTF-8]AP[sgfkit gnugo_selfplay.py:1]"
           f"SZ[{size}]KM[{s['komi']}]RU[{s['rules']}]"
           f"PB[GNU Go level {lb}]PW[GNU Go level {lw}]" +
           (f"RE[{result}]" if result else "") +
           f"GC[{gc}]\n{body})\n")
    stats = [name + (".capped" if capped else ".sgf"), size, lb, lw,
             len(moves),
             f"{cpu[0] / max(1, gen[0]):.3f}",
             f"{cpu[1] / max(1, gen[1]):.3f}", f"{ref:.2f}",
             result or "capped"]
    return name + (".capped" if capped else ".sgf"), sgf, stats


def main():
    ap = argparse.ArgumentParser(
        description="GNU Go self-play games to two passes (issue 19).",
        epilog="See the head comment of this file.")
    ap.add_argument("outdir")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", default="9:100,13:50,19:40",
                    help="games per size, SIZE:N,... (default %(default)s)")
    ap.add_argument("--levels", default="",
                    help="level range per size, SIZE:LO-HI,... "
                    "(default 1-10 for every size)")
    ap.add_argument("--only", help="make one game, SIZE:INDEX")
    ap.add_argument("--gnugo", default=find_gnugo() or "gnugo",
                    help="GNU Go command (default: $GNUGO, gnugo on "
                    "PATH or /usr/games/gnugo)")
    ap.add_argument("-j", type=int, default=1, help="games at once")
    a = ap.parse_args()
    gnugo = a.gnugo.split()
    levels = {9: (1, 10), 13: (1, 10), 19: (1, 10)}
    if a.levels:
        levels.update(parse_map(a.levels, parse_range))
    try:
        version = subprocess.run(gnugo + ["--version"], capture_output=True,
                                 text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        print(f"gnugo_selfplay.py: cannot run {a.gnugo}", file=sys.stderr)
        return 2
    if a.only:
        size, index = parse_range(a.only.replace(":", "-"))
        tasks = [(size, index)]
    else:
        counts = parse_map(a.games, int)
        tasks = sorted(((size, i) for size, n in counts.items()
                        for i in range(n)),
                       key=lambda t: ((t[1] + 0.5) / counts[t[0]], t[0]))
    os.makedirs(a.outdir, exist_ok=True)
    todo = [t for t in tasks
            if not any(os.path.exists(os.path.join(
                a.outdir, f"gg{t[0]}-s{a.seed}-{t[1]:04d}{ext}"))
                for ext in (".sgf", ".capped"))]
    print(f"gnugo_selfplay.py: {len(tasks) - len(todo)} of {len(tasks)} "
          f"games already in {a.outdir}, making {len(todo)}", flush=True)
    log = os.path.join(a.outdir, "selfplay.tsv")

    def one(t):
        size, index = t
        if size not in levels:
            raise SystemExit(f"gnugo_selfplay.py: no levels for size {size}")
        t0 = time.time()
        name, sgf, stats = play(gnugo, a.seed, size, index, levels[size],
                                version)
        path = os.path.join(a.outdir, name)
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write(sgf)
        os.replace(path + ".tmp", path)
        with open(log, "a", encoding="utf-8") as f:
            f.write("\t".join(map(str, stats)) + "\n")
        return f"{name}: {stats[4]} moves, levels {stats[2]}/{stats[3]}, " \
            f"{stats[8]}, {time.time() - t0:.0f} s"

    with ThreadPoolExecutor(max_workers=max(1, a.j)) as ex:
        for line in ex.map(one, todo):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
