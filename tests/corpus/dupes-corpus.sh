#!/bin/sh
# tests/corpus/dupes-corpus.sh - sgfkit dupes on a Tygem collection
# (2,241 games) with 30 planted copies of its games: 10 turned or
# mirrored, 10 cut short (5 of them also mirrored), 10 with other
# players; every copy is found in its game's group with the right
# marks, and every group is checked against the moves as `convert -t
# json` reads them, not against our hashes: each game of a group is,
# under one of the 8 symmetries, the start of (or the whole of) the
# group's first game.  Then the collection without copies (--keep
# first) is the Tygem file byte for byte.  Prints "N passed, N failed".
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
src=$CORPUS/games/tygem/tygem_2005-11_resign.sgf

python3 - "$SGFKIT" "$src" "$tmp" <<'PY'
import json, random, subprocess, sys
sgfkit, src, tmp = sys.argv[1:4]
passed = failed = 0

def ok(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)

L = "abcdefghijklmnopqrs"

def sym(s, x, y, n=19):
    if s & 4:
        x = n - 1 - x
    for _ in range(s & 3):
        x, y = n - 1 - y, x
    return x, y

def moves_of(path):
    """Main-line moves of every game, as convert -t json reads them."""
    out = subprocess.run([sgfkit, "convert", "-t", "json", path],
                         capture_output=True, check=True).stdout
    games = []
    for line in out.decode().splitlines():
        d = json.loads(line)
        mv, k, nodes = [], 0, d["nodes"]
        while True:
            for c in ("B", "W"):
                if c in nodes[k]["props"]:
                    mv.append((c, nodes[k]["props"][c][0]))
            nxt = [i for i in range(k + 1, len(nodes))
                   if nodes[i].get("parent") == k]
            if not nxt:
                break
            k = nxt[0]
        games.append(mv)
    return games

def image(mv, s):
    r = []
    for c, p in mv:
        if len(p) == 2 and p[0] in L and p[1] in L:
            x, y = sym(s, L.index(p[0]), L.index(p[1]))
            p = L[x] + L[y]
        r.append((c, p))
    return r

# the source's games, two lines each: root, moves
lines = open(src, encoding="utf-8").read().splitlines()
roots, mlines = lines[0::2], lines[1::2]
rnd = random.Random(24)
picks = rnd.sample(range(len(roots)), 30)
planted, expect = [], {}
for n, g in enumerate(picks):
    root, mv = roots[g], mlines[g]
    toks = [t for t in mv.rstrip(")").split(";") if t]
    kind = n // 10
    if kind == 0:  # turned or mirrored
        s = 1 + n % 7
        toks = ["%s[%s]" % (c, "".join(L[v] for v in sym(s, L.index(p[0]), L.index(p[1]))))
                if len(p) == 2 else t
                for t in toks for c, p in [(t[0], t[2:4] if t[3:4] != "]" else "")]]
        expect[n] = (g, "symmetric")
    elif kind == 1:  # cut short, the odd ones mirrored too
        k = rnd.randrange(25, len(toks) - 5)
        toks = toks[:k]
        if n % 2:
            toks = ["%s[%s]" % (t[0], "".join(L[v] for v in sym(4, L.index(t[2]), L.index(t[3]))))
                    if t[3:4] != "]" else t for t in toks]
            expect[n] = (g, "truncated %d symmetric" % k)
        else:
            expect[n] = (g, "truncated %d" % k)
    else:  # relabelled
        root = root.replace("PB[", "PB[x", 1)
        expect[n] = (g, "same relabelled")
    planted.append(root + "\n;" + ";".join(toks) + ")\n")
with open(tmp + "/planted.sgf", "w", encoding="utf-8") as f:
    f.writelines(planted)

p = subprocess.run([sgfkit, "dupes", "--json", src, tmp + "/planted.sgf"],
                   capture_output=True)
ok(p.returncode == 1, "dupes exits 1 (%d): %s" % (p.returncode, p.stderr[:200]))
groups = [json.loads(l)["games"] for l in p.stdout.decode().splitlines()]
where = {}
for gi, grp in enumerate(groups):
    for m in grp:
        where[(m["file"] == src, m["game"])] = (gi, m)
for n, (g, marks) in expect.items():
    got = where.get((False, n + 1))
    head = where.get((True, g + 1))
    if not got or not head or got[0] != head[0]:
        ok(False, "planted copy %d of game %d (%s) not in its group"
           % (n + 1, g + 1, marks))
        continue
    m = got[1]
    have = ("truncated %d" % m["moves"] if m["truncated"] else "") + \
        (" symmetric" if m["symmetric"] else "") + \
        (" relabelled" if m["relabelled"] else "")
    have = have.strip() or "same"
    if have == "relabelled":
        have = "same relabelled"
    ok(have == marks, "planted copy %d: %s, want %s" % (n + 1, have, marks))
print("ok %d of 30 planted copies found with their marks" %
      sum(1 for n in expect if where.get((False, n + 1))))

# every group against the moves as read
moves = {True: moves_of(src), False: moves_of(tmp + "/planted.sgf")}
bad = 0
for grp in groups:
    h = moves[grp[0]["file"] == src][grp[0]["game"] - 1]
    for m in grp[1:]:
        mv = moves[m["file"] == src][m["game"] - 1]
        if not any(image(mv, s) == h[:len(mv)] for s in range(8)):
            bad += 1
            print("FAIL group of %s:%d: %s:%d is not its start" %
                  (grp[0]["file"], grp[0]["game"], m["file"], m["game"]))
ok(bad == 0, "%d groups checked against convert -t json" % len(groups))
print("ok %d groups, each game the start of its group's first" % len(groups))

# without the copies: the Tygem file as it was
out = tmp + "/clean.sgf"
subprocess.run([sgfkit, "dupes", "--keep", "first", "-o", out, src,
                tmp + "/planted.sgf"], capture_output=True)
orig = open(src, "rb").read()
kept = open(out, "rb").read()
nsrc_dups = sum(1 for grp in groups for m in grp[1:] if m["file"] == src)
if nsrc_dups == 0:
    ok(kept == orig, "--keep first gives the Tygem file byte for byte")
else:
    ok(len(kept) < len(orig), "--keep first drops the file's own copies")
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
