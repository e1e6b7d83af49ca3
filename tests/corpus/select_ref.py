#!/usr/bin/env python3
"""select_ref.py - `sgfkit select --pattern`, computed again.

Written from man/sgfkit-select.1 (PATTERNS), not from rules/pattern.c,
on the independent reader sgfread.py: a plain replay of each main line
on a list of points, captures found by flood fill (the C code keeps
chains and pseudo-liberties on the replay board, a prefilter and a count
of differing points per variant), every pattern variant compared whole
at every position.

    select_ref.py --make DIR FILE...
        write patterns taken from positions of the games to DIR/p*.sgf
        (windows around a move, around captured stones, a corner shape,
        a 9x9 one), chosen by a fixed rule so that runs agree
    select_ref.py PATTERN FILE...
        for each set of flags (-, all-symmetries, swap-colours and
        all-symmetries,swap-colours) and each game of Go where PATTERN
        stands under them: FLAGS<TAB>FILE<TAB>GAME<TAB>move<TAB>
        symmetry<TAB>swapped (true/false)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sgfread  # noqa: E402
from signature_ref import (LETTERS, board_size, main_line, point,  # noqa
                           point_list, sym_point)

EMPTY, BLACK, WHITE = 0, 1, 2


class Board:
    def __init__(self, cols, rows):
        self.cols, self.rows = cols, rows
        self.b = [EMPTY] * (cols * rows)
        self.nb = []
        for i in range(cols * rows):
            x, y = i % cols, i // cols
            self.nb.append([j for j, ok in ((i - 1, x > 0),
                                            (i + 1, x < cols - 1),
                                            (i - cols, y > 0),
                                            (i + cols, y < rows - 1)) if ok])

    def chain(self, i):
        """The chain through stone i and whether it has a liberty."""
        b, nb, c = self.b, self.nb, self.b[i]
        seen, stack, lib = {i}, [i], False
        while stack:
            p = stack.pop()
            for q in nb[p]:
                if b[q] == EMPTY:
                    lib = True
                elif b[q] == c and q not in seen:
                    seen.add(q)
                    stack.append(q)
        return seen, lib

    def remove(self, stones):
        for p in stones:
            self.b[p] = EMPTY

    def play(self, i, c):
        """c on the empty point i: opponent chains without liberty go,
        then the player's own (suicide)."""
        self.b[i] = c
        for q in self.nb[i]:
            if self.b[q] == 3 - c:
                stones, lib = self.chain(q)
                if not lib:
                    self.remove(stones)
        stones, lib = self.chain(i)
        if not lib:
            self.remove(stones)

    def setup_done(self):
        """Every chain without liberty goes, both colours at once."""
        dead, seen = [], set()
        for i, c in enumerate(self.b):
            if c != EMPTY and i not in seen:
                stones, lib = self.chain(i)
                seen |= stones
                if not lib:
                    dead.append(stones)
        for stones in dead:
            self.remove(stones)


def is_go(root):
    gm = root.get("GM", ["1"])[0].strip() if root.get("GM") else "1"
    return not (gm.isdigit() and int(gm) != 1)


def positions(nodes, cols, rows):
    """(moves played, board) at each position of the main line: after
    the root's setup, after each later node's setup, after each move
    played (a move on an occupied point or off the board is skipped,
    and counts)."""
    bd = Board(cols, rows)
    moves = 0
    for k, node in enumerate(main_line(nodes)):
        setup = False
        for pid, vals in node.items():
            if pid in ("AB", "AW", "AE"):
                setup = True
                c = {"AB": BLACK, "AW": WHITE, "AE": EMPTY}[pid]
                for v in vals:
                    for x, y in point_list(v, cols, rows):
                        bd.b[y * cols + x] = c
        if setup:
            bd.setup_done()
        if setup or k == 0:
            yield moves, bd
        for pid, vals in node.items():
            if pid not in ("B", "W"):
                continue
            moves += 1
            p = point(vals[0] if vals else "", cols, rows)
            if p is None:
                continue
            i = p[1] * cols + p[0]
            if bd.b[i] != EMPTY:
                continue
            bd.play(i, BLACK if pid == "B" else WHITE)
            yield moves, bd


def read_pattern(path):
    with open(path, "rb") as f:
        nodes = next(sgfread.games(sgfread.decode(f.read())))
    root = dict((p[0], p[1]) for p in nodes[0][1])
    cols, rows = board_size(root)
    pts = {}
    for pid, c in (("AB", BLACK), ("AW", WHITE), ("AE", EMPTY)):
        for v in root.get(pid, []):
            for x, y in point_list(v, cols, rows):
                pts[(x, y)] = c
    return cols, rows, pts


def variants(cols, rows, pts, flags):
    """[(sym, swapped, [(index, colour)])], in the order of the man
    page.  Images equal to an earlier one are kept: at a position the
    earlier one is first anyway."""
    out = []
    for sym in range(8 if "all-symmetries" in flags else 1):
        if sym & 1 and cols != rows:
            continue
        for swap in (0, 1) if "swap-colours" in flags else (0,):
            img = {}
            for (x, y), c in pts.items():
                sx, sy = sym_point(sym, cols, rows, x, y)
                img[sy * cols + sx] = 3 - c if swap and c else c
            out.append((sym, bool(swap), sorted(img.items())))
    return out


def first_matches(nodes, cols, rows, var):
    """For each variant, the first position (its number in the walk and
    its moves) where it stands, or None."""
    first = [None] * len(var)
    left = len(var)
    for k, (moves, bd) in enumerate(positions(nodes, cols, rows)):
        b = bd.b
        for v, (sym, swap, pts) in enumerate(var):
            if first[v] is not None:
                continue
            for i, c in pts:
                if b[i] != c:
                    break
            else:
                first[v] = (k, moves)
                left -= 1
        if not left:
            break
    return first


def each_game(files):
    for f in files:
        with open(f, "rb") as fh:
            text = sgfread.decode(fh.read())
        for i, nodes in enumerate(sgfread.games(text)):
            if nodes:
                yield f, i + 1, nodes


FLAG_SETS = ("-", "all-symmetries", "swap-colours",
             "all-symmetries,swap-colours")


def search(pattern, files):
    """One replay a game for the four sets of flags: each variant's
    first position; a set's answer is the earliest position of its
    variants, the first variant in order there."""
    cols, rows, pts = read_pattern(pattern)
    var = variants(cols, rows, pts, FLAG_SETS[-1])
    sets = [[v for v, (sym, swap, _) in enumerate(var)
             if (sym == 0 or "all-symmetries" in fs) and
             (not swap or "swap-colours" in fs)] for fs in FLAG_SETS]
    for f, n, nodes in each_game(files):
        root = dict((p[0], p[1]) for p in nodes[0][1])
        if not is_go(root) or board_size(root) != (cols, rows):
            continue
        first = first_matches(nodes, cols, rows, var)
        for fs, enabled in zip(FLAG_SETS, sets):
            hits = [(first[v][0], v) for v in enabled if first[v]]
            if hits:
                _, v = min(hits)
                print("%s\t%s\t%d\t%d\t%d\t%s" % (
                    fs, f, n, first[v][1], var[v][0],
                    "true" if var[v][1] else "false"))


def window(bd, cx, cy, r):
    """AB, AW, AE of the points within r of (cx, cy) on the board."""
    props = {BLACK: [], WHITE: [], EMPTY: []}
    for y in range(max(0, cy - r), min(bd.rows, cy + r + 1)):
        for x in range(max(0, cx - r), min(bd.cols, cx + r + 1)):
            props[bd.b[y * bd.cols + x]].append(LETTERS[x] + LETTERS[y])
    return props


def write_pattern(path, cols, rows, props):
    text = "(;GM[1]FF[4]SZ[%s]" % (
        str(cols) if cols == rows else "%d:%d" % (cols, rows))
    for pid, c in (("AB", BLACK), ("AW", WHITE), ("AE", EMPTY)):
        if props[c]:
            text += pid + "".join("[%s]" % p for p in props[c])
    with open(path, "w") as f:
        f.write(text + ")\n")


def make(outdir, files):
    """Patterns from the games: the 3x3 window around move 30 of the
    3rd, 60th and 200th games of 19x19, the 3x3 window around the first
    capture of the 10th game with one and of the 100th, and the 5x5
    window around move 15 of the 5th 9x9 game."""
    n19 = n9 = ncap = 0
    want_move = {3: 30, 60: 30, 200: 30}
    want_cap = (10, 100)
    k = 0
    for f, n, nodes in each_game(files):
        root = dict((p[0], p[1]) for p in nodes[0][1])
        if not is_go(root):
            continue
        cols, rows = board_size(root)
        if (cols, rows) == (9, 9):
            n9 += 1
            if n9 == 5:
                for moves, bd in positions(nodes, cols, rows):
                    if moves == 15:
                        k += 1
                        write_pattern("%s/p%d.sgf" % (outdir, k), 9, 9,
                                      window(bd, 4, 4, 2))
                        break
            continue
        if (cols, rows) != (19, 19):
            continue
        n19 += 1
        if n19 in want_move:
            line = [p for node in main_line(nodes) for pid, v in node.items()
                    if pid in ("B", "W") for p in [point(v[0], 19, 19)]]
            last = None
            for moves, bd in positions(nodes, cols, rows):
                if moves == want_move[n19] and len(line) >= moves:
                    last = line[moves - 1]
                    if last:
                        k += 1
                        write_pattern("%s/p%d.sgf" % (outdir, k), 19, 19,
                                      window(bd, last[0], last[1], 1))
                    break
        # the first capture: a stone gone from a point
        before = None
        for moves, bd in positions(nodes, cols, rows):
            if before is not None:
                gone = [i for i, c in enumerate(before)
                        if c != EMPTY and bd.b[i] == EMPTY]
                if gone:
                    ncap += 1
                    if ncap in want_cap:
                        k += 1
                        write_pattern("%s/p%d.sgf" % (outdir, k), 19, 19,
                                      window(bd, gone[0] % 19,
                                             gone[0] // 19, 1))
                    break
            before = list(bd.b)
    # a corner shape: the star point, the small knight's approach, the
    # 3-3 point and the point under the star point empty
    k += 1
    write_pattern("%s/p%d.sgf" % (outdir, k), 19, 19,
                  {BLACK: ["pd"], WHITE: ["qf"], EMPTY: ["qc", "pe"]})


def main():
    a = sys.argv[1:]
    if len(a) >= 2 and a[0] == "--make":
        make(a[1], a[2:])
    elif len(a) >= 2:
        search(a[0], a[1:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
