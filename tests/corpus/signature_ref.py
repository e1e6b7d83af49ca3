#!/usr/bin/env python3
"""signature_ref.py - the game signatures of `sgfkit info`, computed again.

Written from the definitions in man/sgfkit-info.1 (SIGNATURES), not from
sgf/signature.c, on the independent reader sgfread.py: it builds each
image's whole move text and takes the smallest, where the C code keeps
a set of tied symmetries and never writes a text.

    signature_ref.py FILE...   one line per game of Go:
                               FILE<TAB>GAME<TAB>moves_hash<TAB>
                               canonical_hash<TAB>dyer<TAB>dyer_canonical
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sgfread  # noqa: E402

M64 = (1 << 64) - 1
P1 = 0x9E3779B185EBCA87
P2 = 0xC2B2AE3D27D4EB4F
P3 = 0x165667B19E3779F9
P5 = 0x27D4EB2F165667C5
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def xround(acc, word):
    acc = (acc + word * P2) & M64
    acc = ((acc << 31) | (acc >> 33)) & M64
    return (acc * P1) & M64


def sig_hash(text):
    """8-byte little-endian words (zero padded), the length, final mix."""
    acc = P5
    padded = text + b"\0" * (-len(text) % 8)
    for i in range(0, len(padded), 8):
        acc = xround(acc, int.from_bytes(padded[i:i + 8], "little"))
    h = xround(acc, len(text))
    h ^= h >> 33
    h = (h * P2) & M64
    h ^= h >> 29
    h = (h * P3) & M64
    h ^= h >> 32
    return "%016x" % h


def board_size(root):
    sz = root.get("SZ")
    if sz is None:
        return 19, 19
    v = sz[0].strip()
    try:
        if ":" in v:
            a, b = v.split(":", 1)
            c, r = int(a), int(b)
        else:
            c = r = int(v)
    except ValueError:
        return 19, 19
    if not (1 <= c <= 52 and 1 <= r <= 52):
        return 19, 19
    return c, r


def sym_point(sym, w, h, x, y):
    """Flip left-right if sym & 4, then sym & 3 quarter turns clockwise."""
    if sym & 4:
        x = w - 1 - x
    for _ in range(sym & 3):
        x, y = h - 1 - y, x
        w, h = h, w
    return x, y


def point(v, cols, rows):
    if len(v) != 2 or v[0] not in LETTERS or v[1] not in LETTERS:
        return None
    x, y = LETTERS.index(v[0]), LETTERS.index(v[1])
    if x >= cols or y >= rows:
        return None
    return x, y


def point_list(v, cols, rows):
    if len(v) == 2:
        p = point(v, cols, rows)
        return [p] if p else []
    if len(v) == 5 and v[2] == ":":
        a, b = point(v[:2], cols, rows), point(v[3:], cols, rows)
        if not a or not b:
            return []
        return [(x, y)
                for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1)
                for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1)]
    return []


def main_line(nodes):
    """The main line's nodes as dicts of id -> values."""
    line, k = [], 0
    while True:
        line.append(dict((p[0], p[1]) for p in nodes[k][1]))
        if k + 1 < len(nodes) and nodes[k + 1][0] == k:
            k += 1
        else:
            return line


def events(line, cols, rows):
    """Per node: (setup [(colour, point)], moves [(colour, point)])."""
    out = []
    for node in line:
        setup = set()
        for pid, c in (("AB", "b"), ("AW", "w"), ("AE", "e")):
            for v in node.get(pid, []):
                for p in point_list(v, cols, rows):
                    setup.add((c, p))
        moves = []
        for pid in node:  # the order read (a node rarely has both)
            if pid in ("B", "W"):
                vals = node[pid]
                moves.append((pid, point(vals[0] if vals else "", cols,
                                         rows)))
        out.append((setup, moves))
    return out


def pt_text(sym, cols, rows, p):
    if p is None:
        return "--"
    x, y = sym_point(sym, cols, rows, p[0], p[1])
    return LETTERS[x] + LETTERS[y]


def move_text(ev, sym, cols, rows):
    t = ["S" + LETTERS[cols - 1] + LETTERS[rows - 1]]
    for setup, moves in ev:
        t.extend(sorted(c + pt_text(sym, cols, rows, p) for c, p in setup))
        t.extend(c + pt_text(sym, cols, rows, p) for c, p in moves)
    return "".join(t).encode("ascii")


def syms(cols, rows):
    return [s for s in range(8) if cols == rows or not s & 1]


def signature(nodes):
    root = dict((p[0], p[1]) for p in nodes[0][1])
    gm = root.get("GM", ["1"])[0].strip()
    if gm.isdigit() and int(gm) != 1:
        return None
    cols, rows = board_size(root)
    ev = events(main_line(nodes), cols, rows)
    moves = [p for _, ms in ev for _, p in ms]
    dyer_pts = [moves[n - 1] if n <= len(moves) else None
                for n in (20, 40, 60, 31, 51, 71)]
    texts = [move_text(ev, s, cols, rows) for s in syms(cols, rows)]
    dyers = ["".join(pt_text(s, cols, rows, p) for p in dyer_pts)
             for s in syms(cols, rows)]
    return (sig_hash(texts[0]), sig_hash(min(texts)), dyers[0], min(dyers))


def main():
    for f in sys.argv[1:]:
        with open(f, "rb") as fh:
            data = fh.read()
        for i, g in enumerate(sgfread.games(sgfread.decode(data))):
            s = signature(g) if g else None
            if s:
                print("\t".join((f, str(i + 1)) + s))


if __name__ == "__main__":
    main()
