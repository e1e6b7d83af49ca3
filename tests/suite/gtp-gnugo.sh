#!/bin/sh
# sgfkit gtp and GNU Go (gnugo --mode gtp) given the same scripted
# sessions give the same answers to the protocol and legality commands
# (issue 25): core commands and their errors, handicaps, then is_legal
# at every point for both colours after each move of real games and of
# sequences with captures, snapback, ko and suicide.  "not run" without
# gnugo (.ci/run installs it).
# valgrind: skip (tens of thousands of is_legal)
# (test_gtpserver and gtp-protocol take the same code through valgrind)
: "${SGFKIT:=./sgfkit}" "${TOP:=.}"
exec python3 - "$SGFKIT" "$TOP" <<'PY'
import subprocess, sys
sys.path.insert(0, sys.argv[2] + "/tests/corpus")
from gtp_session import gnugo_or_not_run, run_script

sgfkit, top = sys.argv[1:3]
gnugo = gnugo_or_not_run("sgfkit gtp against GNU Go")
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
passed = failed = 0


def sweep(size):
    """is_legal for both colours at every point."""
    return ["is_legal %s %s%d" % (c, LETTERS[x], y)
            for c in ("b", "w") for y in range(1, size + 1)
            for x in range(size)]


def compare(name, commands):
    global passed, failed
    ours = run_script([sgfkit, "gtp"], commands)
    theirs = run_script([gnugo, "--mode", "gtp", "--level", "1"], commands)
    if len(ours) != len(theirs):
        print("FAIL %s: %d answers from sgfkit, %d from GNU Go"
              % (name, len(ours), len(theirs)))
        failed += 1
        return
    bad = [(c, o, t) for c, o, t in zip(
        [c for c in commands if c.strip() and not c.startswith("#")],
        ours, theirs) if o != t]
    if bad:
        failed += 1
        print("FAIL %s: %d of %d answers differ, first:" % (name, len(bad),
                                                            len(ours)))
        for c, o, t in bad[:5]:
            print("    %-24s sgfkit %r, GNU Go %r" % (c, o, t))
    else:
        passed += 1


# the core commands and their errors
core = ["protocol_version", "5 protocol_version", "boardsize x",
        "boardsize 30", "boardsize 9", "clear_board", "komi x", "komi 6.5",
        "play x d4", "play b z9", "play b", "play b tt", "play b d4",
        "play w d4", "play w pass", "undo", "undo", "undo", "foo",
        "7 foo", "fixed_handicap 1", "fixed_handicap 10",
        "final_status_list foo"]
core += ["known_command %s" % c for c in (
    "protocol_version", "name", "version", "known_command",
    "list_commands", "quit", "boardsize", "clear_board", "komi", "play",
    "undo", "fixed_handicap", "set_free_handicap", "showboard",
    "final_score", "final_status_list", "loadsgf", "printsgf", "is_legal",
    "nonsense")]
for size in (7, 9, 13, 19):
    core.append("boardsize %d" % size)
    for n in range(2, 10):
        core += ["clear_board", "fixed_handicap %d" % n]
core += ["clear_board", "set_free_handicap C3 D4 Q16", "play w c3",
         "is_legal b d4", "is_legal w e5", "set_free_handicap e5 e6",
         "fixed_handicap 2", "clear_board", "set_free_handicap e5 e5"]
# loadsgf answers the colour to play: after the last move, PL, a
# handicap
core += ["loadsgf %s/testdata/score/%s" % (top, f) for f in (
    "s6-handicap.sgf", "s3-dead-stone.sgf", "ogs-9x9.sgf",
    "ogs-9x9-vital-point.sgf", "s1-seki.sgf")]
core += ["loadsgf %s/testdata/score/ogs-9x9.sgf %d" % (top, n)
         for n in (1, 2, 3, 30)]
compare("core commands", core)

# sequences with captures, a snapback, a ko and suicides
shapes = {
    "ko": ["play b b3", "play w d4", "play b c4", "play w d2",
           "play b c2", "play w e3", "play b d3", "play w c3",
           "play b d3", "play b a9", "play w a1", "play b d3",
           "play w c3", "undo", "play w j9", "play b j1"],
    "snapback": ["play b a2", "play b b2", "play b c1", "play w a3",
                 "play w b3", "play w c2", "play w d1", "play b b1",
                 "play w a1", "play b a1"],
    "suicide": ["play b a2", "play b b1", "play w a3", "play w b2",
                "play w c1", "play b a1", "play w a1", "play b j9",
                "play w j8", "play w h9", "play b j9"],
}
for name, moves in shapes.items():
    cmds = ["boardsize 9", "clear_board"] + sweep(9)
    for m in moves:
        cmds += [m] + sweep(9)
    compare(name, cmds)

# real games: their moves, and a sweep after each (every fifth move on
# the large boards: GNU Go takes a while)
games = subprocess.run(
    [sgfkit, "convert", "-t", "gtp", top + "/testdata/score/ogs-9x9.sgf",
     top + "/testdata/score/ogs-9x9-vital-point.sgf",
     top + "/testdata/score/ogs-19x19.sgf"],
    capture_output=True, text=True).stdout
for i, script in enumerate(games.split("boardsize")[1:]):
    lines = ("boardsize" + script).strip().split("\n")
    size = int(lines[0].split()[1])
    cmds, moves = [], 0
    for line in lines:
        cmds.append(line)
        if line.startswith("play"):
            moves += 1
            if size <= 9 or moves % 25 == 0:
                cmds += sweep(size)
    compare("game %d (%dx%d, %d moves)" % (i + 1, size, size, moves), cmds)
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
