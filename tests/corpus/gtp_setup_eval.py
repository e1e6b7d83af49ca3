#!/usr/bin/env python3
"""How faithfully `sgfkit score --engine` shows a game to GNU Go, and
how `loadsgf` would have: the measurement behind issue 20's choice of
`play` (see sgfkit-score(1), ENGINES).  Not part of corpus-check: it
asks GNU Go twice or three times per game.

usage: gtp_setup_eval.py SGFKIT FILE...

For each record it runs `SGFKIT score --engine` with GNU Go behind a
`tee` that logs what sgfkit sends, replays that log (up to
final_status_list) in a fresh GNU Go and asks `list_stones black` and
`white` (when the engine failed, after the setup, the position is
compared all the same, and the error shown); and it has GNU Go
`loadsgf` the record up to the same move
(the final passes left out as sgfkit leaves them out: two by two).
Both positions are compared with the one sgfkit counts (the board of
`score --all-alive`).  One line per record: "play=ok|DIFF" (with
"stones" when the engine was shown the position stone by stone after
refusing a move), "loadsgf=ok|DIFF|refused", then totals.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

from gnugo_selfplay import find_gnugo

COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def gnugo_path():
    return find_gnugo() or "gnugo"


def gtp(script):
    """Responses of a GNU Go run of `script`, '='/'?' kept."""
    p = subprocess.run([gnugo_path(), "--mode", "gtp", "--quiet"],
                       input=script, capture_output=True, text=True,
                       check=False)
    out, cur = [], None
    for line in p.stdout.splitlines():
        if cur is None:
            if line[:1] in ("=", "?"):
                cur = [line]
        elif not line.strip():
            out.append("\n".join(cur))
            cur = None
        else:
            cur.append(line)
    return out


def ours(sgfkit, path):
    """Black and white stones of the position sgfkit counts, as GTP
    vertices, from the text board of score --all-alive; and its moves."""
    out = subprocess.run([sgfkit, "score", "--all-alive", "--no-summary",
                          path], capture_output=True, text=True,
                         check=False).stdout
    b, w, moves = set(), set(), 0
    m = re.search(r", (\d+) moves", out)
    if m:
        moves = int(m.group(1))
    for line in out.splitlines():
        r = re.match(r"^\s*(\d+) (.*)$", line)
        if not r:
            continue
        row = int(r.group(1))
        for i, c in enumerate(r.group(2).split()[:25]):
            if c == "X":
                b.add(f"{COLS[i]}{row}")
            elif c == "O":
                w.add(f"{COLS[i]}{row}")
    return b, w, moves


def stones(resp):
    return set(resp[1:].split()) if resp and resp[0] == "=" else None


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    sgfkit = sys.argv[1]
    tot = {"play": 0, "stones": 0, "loadsgf": 0, "n": 0}
    for path in sys.argv[2:]:
        b, w, moves = ours(sgfkit, path)
        with tempfile.NamedTemporaryFile("r", suffix=".log") as log:
            eng = f"sh -c 'tee {log.name} | {gnugo_path()} --mode gtp'"
            p = subprocess.run([sgfkit, "score", "--json", "-j", "1",
                                "--engine", eng, path],
                               capture_output=True, text=True, check=False)
            shown = "stones" if '"shown":"stones"' in p.stdout else "moves"
            for line in p.stdout.splitlines():
                o = json.loads(line)
                if "error" in o:
                    # the position is still compared: the log has it
                    shown = "error: " + o["error"]
            sent = []
            for line in log.read().splitlines():
                cmd = line.split(" ", 1)[1] if " " in line else line
                if cmd.startswith("boardsize"):
                    sent = []
                if cmd.startswith("final_status_list"):
                    break
                sent.append(cmd)
        r = gtp("\n".join(sent) + "\nlist_stones black\nlist_stones white\n")
        play_ok = (len(r) >= 2 and stones(r[-2]) == b and
                   stones(r[-1]) == w)
        # loadsgf: the position before move N+1 is the one after move
        # N; the final passes go two by two, as sgfkit drops them
        gtp_lines = subprocess.run([sgfkit, "convert", "-t", "gtp", path],
                                   capture_output=True, text=True,
                                   check=False).stdout.splitlines()
        k = len(gtp_lines)
        while k and gtp_lines[k - 1].endswith(" pass"):
            k -= 1
        drop = (len(gtp_lines) - k) // 2 * 2
        r = gtp(f"loadsgf {os.path.abspath(path)} {moves - drop + 1}\n"
                "list_stones black\nlist_stones white\n")
        if not r or r[0][0] == "?":
            load = "refused"
        elif stones(r[-2]) == b and stones(r[-1]) == w:
            load = "ok"
        else:
            load = "DIFF"
        tot["n"] += 1
        tot["play"] += play_ok
        tot["stones"] += shown == "stones"
        tot["loadsgf"] += load == "ok"
        print(f"{path}\tplay={'ok' if play_ok else 'DIFF'}"
              f"{' (stones)' if shown == 'stones' else ''}"
              f"{' (' + shown + ')' if shown.startswith('error') else ''}\t"
              f"loadsgf={load}", flush=True)
    n = tot["n"]
    print(f"{n} records: play {tot['play']}/{n} faithful "
          f"({tot['stones']} shown stone by stone), loadsgf "
          f"{tot['loadsgf']}/{n} faithful")
    return 0


if __name__ == "__main__":
    sys.exit(main())
