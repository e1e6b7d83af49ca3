#!/usr/bin/env python3
"""Our dead stones against GNU Go's (issue 19's second opinion).

usage: gnugo_compare.py SGFKIT [--corpus DIR] [--list] [--tsv FILE]
                        [--cached-only] [--fill-max N] [--gnugo CMD]
                        [--cache DIR] [-j N] DIR|FILE...

For every SGF record (directories are read recursively for *.sgf):
our dead list (`sgfkit score --json`, the "dead" field), GNU Go's
(`final_status_list dead` and `seki`, from gnugo_dead.py's cache, GNU Go
asked for the files not in it), and the game counted by sgfkit with
GNU Go's dead list instead of ours (`sgfkit score --json --dead LIST`).
Games are grouped by set and board size: a file of the scored corpus
(`--corpus`, default ../shared/corpus) by its manifest set, any other
by the name of the directory given on the command line.

Prints, per group: games compared, games where the two dead lists are
the same, games where they differ; with a recorded result (RE; the
manifest's for corpus files, else the file's own RE, which for
gnugo_selfplay.py games is GNU Go's own count), winner / exact
agreement of our count and of GNU Go's dead list counted by sgfkit.
Then the disagreements, per disputed chain (a chain with a stone in one
list and not in the other):
  - direction: "GNU Go dead, we alive" or "we dead, GNU Go alive", and
    colour;
  - size: 1, 2-3, 4-9, 10+ stones;
  - atari: one liberty;
  - seki: the chain is in GNU Go's seki list, touches a stone of it, or
    has a liberty that is one of our seki points;
  - place: corner (a stone on lines 1-3 from two edges), edge (a stone
    on line 1 or 2), else centre;
and per game: how many points the count moves (our margin less the
margin with GNU Go's list, under the game's rules), whether the winner
changes, and, where RE exists, which count agrees with it exactly
(ours, GNU Go's, both, neither).  --list prints each disagreeing game
with its disputed chains as SGF points, to read with
`sgfkit score FILE` (the board) and `sgfkit score --dead LIST FILE`.  --tsv FILE writes the same, one line
per disputed chain with a header, for other tools.

--cached-only asks GNU Go nothing; --fill-max N asks it for at most N
files not in the cache (the others are counted as "not cached"; that is
what `make bench` does, tests/bench/score-gnugo.sh).  -j N runs N
sgfkit processes at once (default 2); GNU Go runs one file at a time.
"""
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gnugo_dead  # noqa: E402
from score_eval import margin  # noqa: E402


def files_of(args):
    out = []
    for a in args:
        if os.path.isdir(a):
            for root, dirs, names in os.walk(a):
                dirs.sort()
                for n in sorted(names):
                    if n.lower().endswith(".sgf"):
                        out.append((a, os.path.join(root, n)))
        else:
            out.append((os.path.dirname(a) or ".", a))
    return out


def manifest_of(corpus):
    m = {}
    path = os.path.join(corpus, "scored", "manifest.tsv")
    if not os.path.exists(path):
        return m
    with open(path, encoding="utf-8") as f:
        head = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(head, line.rstrip("\n").split("\t")))
            m[os.path.realpath(os.path.join(corpus, "scored",
                                            row["file"]))] = row
    return m


def score_json(sgfkit, files, extra=()):
    """{file: first game's JSON} for one `sgfkit score --json` run."""
    p = subprocess.run([sgfkit, "score", "--json", "--no-progress",
                        "--no-summary", "-j1", *extra, "--files-from", "-"],
                       input="\n".join(files) + "\n", capture_output=True,
                       text=True, check=False)
    out = {}
    for line in p.stdout.splitlines():
        d = json.loads(line)
        if "file" in d and d["file"] not in out:
            out[d["file"]] = d
    return out


def board(sgfkit, path):
    """{(x, y): 'B' or 'W'} of the final position, and the size, from
    the text board of `sgfkit score` (X O stones, x o dead stones)."""
    out = subprocess.run([sgfkit, "score", "--no-summary", path],
                         capture_output=True, text=True,
                         check=False).stdout
    rows = [r.split() for r in out.splitlines()
            if r[:3].strip().isdigit() and len(r.split()) > 2]
    g = {}
    for r in rows:
        y = len(rows) - int(r[0])
        for x, c in enumerate(r[1:-1]):
            if c in "Xx":
                g[(x, y)] = "B"
            elif c in "Oo":
                g[(x, y)] = "W"
    return g, len(rows)


def pt(p):
    return chr(97 + p[0]) + chr(97 + p[1])


def of_pt(s):
    return (ord(s[0]) - 97, ord(s[1]) - 97)


def near(p, size):
    x, y = p
    for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
        if 0 <= q[0] < size and 0 <= q[1] < size:
            yield q


def chain(g, p, size):
    col, todo, seen, libs = g[p], [p], {p}, set()
    while todo:
        q = todo.pop()
        for r in near(q, size):
            if r not in g:
                libs.add(r)
            elif g[r] == col and r not in seen:
                seen.add(r)
                todo.append(r)
    return sorted(seen), libs


def place(stones, size):
    def line(v):
        return min(v, size - 1 - v) + 1
    if any(line(x) <= 3 and line(y) <= 3 for x, y in stones):
        return "corner"
    if any(min(line(x), line(y)) <= 2 for x, y in stones):
        return "edge"
    return "centre"


def size_class(n):
    return "1" if n == 1 else "2-3" if n <= 3 else "4-9" if n <= 9 \
        else "10+"


def disputed(sgfkit, path, ours, gg, gg_seki, our_seki):
    """The disputed chains of a game: dicts with the stones, the
    direction, colour, size, liberties, seki, place."""
    g, size = board(sgfkit, path)
    diff = set(ours) ^ set(gg)
    gseki = {of_pt(s) for s in gg_seki}
    oseki = {of_pt(s) for s in our_seki}
    seen, out = set(), []
    for s in sorted(diff):
        p = of_pt(s)
        if p in seen or p not in g:
            continue
        stones, libs = chain(g, p, size)
        seen.update(stones)
        touching = {r for q in stones for r in near(q, size) if r in g}
        out.append({
            "stones": [pt(q) for q in stones],
            "dir": "GNU Go dead, we alive" if s in gg else
                   "we dead, GNU Go alive",
            "colour": g[p],
            "size": len(stones),
            "libs": len(libs),
            "seki": bool(set(stones) & gseki or touching & gseki or
                         libs & oseki),
            "place": place(stones, size),
        })
    return out


def print_classes(c, g):
    """The classes of the disputed chains (c) and games (g) of a group."""
    def seq(t, keys):
        return ", ".join(f"{k} {t.get(p + k, 0)}" for p, k in keys)
    pad = " " * 19
    print(f"{pad}disputed chains {c.get('chains', 0)}: GNU Go dead, we "
          f"alive: " + seq(c, [("GNU Go dead, we alive: ", k)
                              for k in "BW"]) +
          "; we dead, GNU Go alive: " +
          seq(c, [("we dead, GNU Go alive: ", k) for k in "BW"]))
    print(f"{pad}  stones " +
          seq(c, [("size ", k) for k in ("1", "2-3", "4-9", "10+")]) +
          f"; in atari {c.get('in atari', 0)}, seki {c.get('seki', 0)}; "
          + seq(c, [("", k) for k in ("corner", "edge", "centre")]))
    print(f"{pad}games: count moves by " +
          seq(g, [("count moves ", k) for k in ("0", "1-2", "3-10",
                                                "11+")]) +
          f" points, winner changes {g.get('winner changes', 0)}; "
          "exact with RE: " +
          seq(g, [("exact: ", k) for k in ("ours", "GNU Go's", "both",
                                           "neither")]))


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if args else 2
    sgfkit = args.pop(0)
    corpus, cache, cmd = "../shared/corpus", None, ["gnugo"]
    listing = cached_only = False
    tsv = None
    fill_max, jobs, inputs = None, 2, []
    while args:
        a = args.pop(0)
        if a == "--corpus":
            corpus = args.pop(0)
        elif a == "--cache":
            cache = args.pop(0)
        elif a == "--gnugo":
            cmd = args.pop(0).split()
        elif a == "--list":
            listing = True
        elif a == "--tsv":
            tsv = args.pop(0)
        elif a == "--cached-only":
            cached_only = True
        elif a == "--fill-max":
            fill_max = int(args.pop(0))
        elif a == "-j":
            jobs = int(args.pop(0))
        else:
            inputs.append(a)
    cache = cache or gnugo_dead.default_cache()
    version = gnugo_dead.version_of(cmd)
    if version is None:
        cached_only, version = True, gnugo_dead.VERSION
    manifest = manifest_of(corpus)
    files = files_of(inputs)

    def group(top, f):
        row = manifest.get(os.path.realpath(f))
        if row:
            return f"{row['set']} {row['board_size']}x{row['board_size']}"
        return os.path.basename(os.path.normpath(top))

    ours = score_json(sgfkit, [f for _, f in files])
    asked = 0
    answers = {}
    for _, f in files:
        line = gnugo_dead.cached_line(f, cache, version)
        if line is None and not cached_only and \
                (fill_max is None or asked < fill_max):
            asked += 1
            line = gnugo_dead.cached_line(f, cache, version, cmd)
        answers[f] = line

    def with_gg(f):
        a = gnugo_dead.parse_line(answers[f])
        if a is None or f not in ours:
            return f, None
        d = score_json(sgfkit, [f], ["--dead", ",".join(a[0])])
        return f, d.get(f)

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
        theirs = dict(ex.map(with_gg, [f for _, f in files]))

    stats, chains, games, listed = {}, {}, {}, []

    def bump(tab, grp, key, n=1):
        t = tab.setdefault(grp, {})
        t[key] = t.get(key, 0) + n

    for top, f in files:
        grp = group(top, f)
        d = ours.get(f)
        if d is None:
            bump(stats, grp, "not scored")
            continue
        if answers[f] is None:
            bump(stats, grp, "not cached")
            continue
        a = gnugo_dead.parse_line(answers[f])
        t = theirs.get(f)
        if a is None or t is None:
            bump(stats, grp, "GNU Go error")
            continue
        bump(stats, grp, "games")
        row = manifest.get(os.path.realpath(f))
        want = margin(row["result"] if row else d.get("recorded") or "")
        mo, mg = margin(d["result"]), margin(t["result"])
        if want is not None and mo is not None and mg is not None:
            bump(stats, grp, "with RE")
            for who, m in (("ours", mo), ("gnugo", mg)):
                bump(stats, grp, f"{who} winner",
                     (m > 0) == (want > 0) and (m < 0) == (want < 0))
                bump(stats, grp, f"{who} exact", m == want)
        if set(d["dead"]) == set(a[0]):
            bump(stats, grp, "same")
            continue
        bump(stats, grp, "differ")
        cs = disputed(sgfkit, f, d["dead"], a[0], a[1], d["seki"])
        for c in cs:
            bump(chains, grp, "chains")
            bump(chains, grp, f"{c['dir']}: {c['colour']}")
            bump(chains, grp, f"size {size_class(c['size'])}")
            if c["libs"] == 1:
                bump(chains, grp, "in atari")
            if c["seki"]:
                bump(chains, grp, "seki")
            bump(chains, grp, c["place"])
        moved = None if mo is None or mg is None else mo - mg
        if moved is not None:
            am = abs(moved)
            bump(games, grp, "count moves " + (
                "0" if am == 0 else "1-2" if am <= 2 else "3-10"
                if am <= 10 else "11+"))
            if (mo > 0) != (mg > 0) or (mo < 0) != (mg < 0):
                bump(games, grp, "winner changes")
        right = ""
        if want is not None and mo is not None and mg is not None:
            right = {(True, True): "both", (True, False): "ours",
                     (False, True): "GNU Go's",
                     (False, False): "neither"}[(mo == want, mg == want)]
            bump(games, grp, f"exact: {right}")
        listed.append((grp, f, d["result"], t["result"],
                       (row["result"] if row else d.get("recorded")) or "",
                       right, cs, a[0]))

    if not files:
        print("gnugo_compare.py: no records")
        return 2
    if not any(s.get("games") for s in stats.values()):
        print("not run (no GNU Go answer cached" +
              (" and gnugo not found)" if cached_only else ")"))
        return 0
    print(f"GNU Go's dead list ({version}, final_status_list) against "
          f"ours ({os.path.basename(sgfkit)} score)")
    for grp in sorted(stats):
        s = stats[grp]
        n = s.get("games", 0)
        line = f"{grp:18} games {n:5}  same dead {s.get('same', 0):5}  " \
            f"differ {s.get('differ', 0):4}"
        for k in ("not cached", "GNU Go error", "not scored"):
            if s.get(k):
                line += f"  ({k} {s[k]})"
        print(line)
        r = s.get("with RE", 0)
        if r:
            print(f"{'':18} vs RE ({r}): ours winner "
                  f"{100 * s['ours winner'] / r:6.2f}% exact "
                  f"{100 * s['ours exact'] / r:6.2f}%; GNU Go's dead list "
                  f"counted by sgfkit winner "
                  f"{100 * s['gnugo winner'] / r:6.2f}% exact "
                  f"{100 * s['gnugo exact'] / r:6.2f}%")
        if grp in chains:
            print_classes(chains[grp], games.get(grp, {}))
    if len(stats) > 1 and chains:
        tc, tg = {}, {}
        for src, dst in ((chains, tc), (games, tg)):
            for t in src.values():
                for k, v in t.items():
                    dst[k] = dst.get(k, 0) + v
        n = sum(s.get("games", 0) for s in stats.values())
        print(f"{'all':18} games {n:5}  same dead "
              f"{sum(s.get('same', 0) for s in stats.values()):5}  differ "
              f"{sum(s.get('differ', 0) for s in stats.values()):4}")
        print_classes(tc, tg)
    if asked:
        print(f"(asked GNU Go for {asked} records not in the cache)")
    if tsv:
        with open(tsv, "w", encoding="utf-8") as out:
            out.write("group\tfile\tdirection\tcolour\tstones\tsize\t"
                      "liberties\tseki\tplace\tours\twith_gnugo_dead\t"
                      "recorded\texact\n")
            for grp, f, ro, rg, re_, right, cs, gdead in listed:
                for c in cs:
                    out.write("\t".join(map(str, (
                        grp, f, c["dir"], c["colour"], ",".join(c["stones"]),
                        c["size"], c["libs"], int(c["seki"]), c["place"],
                        ro, rg, re_, right))) + "\n")
    if listing:
        for grp, f, ro, rg, re_, right, cs, gdead in listed:
            print(f"\n{f} [{grp}]: ours {ro}, with GNU Go's dead list "
                  f"{rg}, RE {re_ or '-'}" +
                  (f" (exact: {right})" if right else ""))
            for c in cs:
                flags = [f"{c['size']} stone{'s' if c['size'] > 1 else ''}",
                         c["place"]]
                if c["libs"] == 1:
                    flags.append("in atari")
                if c["seki"]:
                    flags.append("seki")
                print(f"  {c['dir']}: {c['colour']} "
                      f"{','.join(c['stones'])} ({', '.join(flags)})")
            print(f"  see: sgfkit score {f}; "
                  f"sgfkit score --dead '{','.join(gdead)}' {f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
