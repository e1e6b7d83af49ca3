#!/bin/sh
# gtp-score.sh - every other game of the scored corpus through one
# sgfkit gtp session (loadsgf + final_score) gives the result sgfkit
# score gives (issue 25: the referee counts as the scorer does).
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}" "${TOP:=.}"
exec python3 - "$SGFKIT" "$CORPUS" "$TOP" <<'PY'
import glob, json, subprocess, sys
sys.path.insert(0, sys.argv[3] + "/tests/corpus")
from gtp_session import run_script
from gtp_referee import margin

sgfkit, corpus = sys.argv[1:3]
files = sorted(glob.glob(corpus + "/scored/*/*.sgf"))[::2]
cmds = []
for f in files:
    cmds += ["loadsgf " + f, "final_score"]
# the scorer on the other core while the session runs
p = subprocess.Popen([sgfkit, "score", "--json", "-j1"] + files,
                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                     text=True)
answers = run_script([sgfkit, "gtp"], cmds, timeout=1200)
score = {}
for line in p.communicate()[0].splitlines():
    o = json.loads(line)
    if o.get("game") == 1:
        score[o["file"]] = o.get("result")
passed = failed = unscorable = 0
for i, f in enumerate(files):
    loaded, final = answers[2 * i], answers[2 * i + 1]
    want = score.get(f)
    if want is None:
        # score refuses it (a board GTP has no name for...): gtp too
        ok = loaded.startswith("?") or final.startswith("?")
        unscorable += 1
    else:
        ok = final.startswith("= ") and \
            abs(margin(final[2:]) - margin(want)) < 1e-6
    if ok:
        passed += 1
    else:
        failed += 1
        if failed <= 10:
            print("FAIL %s: gtp %r then %r, score %r" % (f, loaded, final,
                                                          want))
print("gtp-score: %d games (every other of scored/), %d that score "
      "refuses" % (len(files), unscorable))
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
