#!/bin/sh
# tests/corpus/fmt-formats.sh - every sample of $CORPUS/formats/ converts
# correctly: moves, first and last move, players, ranks, komi, result,
# handicap stones (read by hand from each file, see the comments in
# tests/unit/test_formats.c); X -> SGF -> X round trips; the GTP script
# replayed by GNU Go gives our board; the SVG renders; dialects are
# normalised.  Prints "N passed, N failed".
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}"
F=$CORPUS/formats
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
GNUGO=$(command -v gnugo || { [ -x /usr/games/gnugo ] && echo /usr/games/gnugo; })

python3 - "$SGFKIT" "$F" "$tmp" "$GNUGO" <<'PY'
import os, re, subprocess, sys
sgfkit, F, tmp, gnugo = sys.argv[1:5]
passed = failed = 0

def ok(cond, what):
    global passed, failed
    if cond:
        passed += 1
        print("ok", what)
    else:
        failed += 1
        print("FAIL", what)

def run(args, data=None):
    p = subprocess.run([sgfkit] + args, input=data, capture_output=True)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")

def root_props(sgf):
    head = sgf.split(";")[1]
    return dict(re.findall(r"([A-Z]+)\[((?:[^\]\\]|\\.)*)\]", head))

def moves(sgf):
    return re.findall(r";([BW])\[([a-t]{0,2})\]", sgf)

# file: (moves, first, last, PB, BR, PW, WR, KM, RE, AB)
expect = {
 "gib/euc-kr.gib": (49, "B[qc]", "B[be]", "dustkd1015", "1k", "dongjik", "1k", "6.5", "B+T", ""),
 "gib/gb2312.gib": (268, "W[qn]", "B[di]", "石下之臣", "2d", "harpmaster", "3d", "0", "W+11", "dp pd dd pp jj"),
 "gib/utf8.gib": (118, "W[pp]", "B[ki]", "jy512", "15k", "leejw977", "10k", "0", None, "dp pd dd"),
 "ngf/even.ngf": (333, "B[qd]", "B[nl]", "CYY", "9p", "LQC", "9p", "7.5", "B+0.5", ""),
 "ngf/handicap2.ngf": (189, "W[pq]", "W[gn]", "p81587", "5d*", "ace550", "7d*", "0", "W+R", "dp pd"),
 "ngf/gb2312.ngf": (211, "B[qd]", "B[jn]", "李载雄", "5d", "朴承华", "1d", "6.5", "B+R", ""),
 "ugf/amateur.ugf": (254, "B[qd]", "W[ni]", "kaziwami", "7d", "YINNI", "8d", "-5.5", "B+7.5", ""),
 "ugf/review.ugi": (222, "B[qd]", "W[]", "ken03110", "2k", "apetresc", "2k?", "6.5", "B+2.5", ""),
 # online-go.com JSON: winner id against black_player_id, rank 30 = 1d
 "json/surround-ogs-game-23871959.json": (137, "W[dd]", "W[ag]", "bsktrgt", "1k", "hhs214", "2d", "0.5", "W+R", "pd dp"),
 "json/surround-ogs-game-25076729.json": (53, "B[gf]", "B[ac]", "Phidzad", "9k", "Youngparist", "8k", "5.5", "B+R", ""),
 "json/surround-ogs-game-25291907.json": (15, "W[qp]", "W[of]", "Masamune fan", "1d", "masamune_40b", "9d", "0.5", None, "dc cp"),
 "json/surround-ogs-game-25758368.json": (200, "B[md]", "W[]", "on_alpes", "1k", "Kevin052601", "2k", "6.5", "B+9.5", ""),
 # the SGF that GNU Go's regression script loads
 "gtp/games-nicklas-nicklas4.sgf": (81, "B[cc]", "B[tt]", "Black", None, "White", None, "5.5", "W+53.5", ""),
}
for name, e in sorted(expect.items()):
    path = os.path.join(F, name)
    rc, out, err = run(["convert", "--compact", path])
    sgf = out.decode("utf-8")
    ok(rc == 0, name + ": converts")
    m = moves(sgf)
    r = root_props(sgf)
    ab = " ".join(re.findall(r"\[([a-s]{2})\]", re.search(r"AB((?:\[[a-s]{2}\])*)", sgf).group(1))) if "AB[" in sgf else ""
    got = (len(m), "%s[%s]" % m[0] if m else None, "%s[%s]" % m[-1] if m else None,
           r.get("PB"), r.get("BR"), r.get("PW"), r.get("WR"), r.get("KM"), r.get("RE"), ab)
    for k, (g, w) in enumerate(zip(got, e)):
        ok(g == w, "%s: %s = %r (want %r)" % (name, ["moves", "first", "last", "PB", "BR", "PW", "WR", "KM", "RE", "AB"][k], g, w))
    # round trip through SGF and back to the format (GIB, NGF)
    ext = name.split(".")[-1]
    if ext in ("gib", "ngf"):
        rc1, x, _ = run(["convert", "-t", ext, "-"], out)
        rc2, back, _ = run(["convert", "--compact", "-"], x)
        keys = ("PB", "PW", "BR", "WR", "KM", "RE", "HA", "DT", "SZ")
        ra, rb = root_props(out.decode()), root_props(back.decode())
        ok(rc1 == 0 and rc2 == 0 and moves(out.decode()) == moves(back.decode()) and
           all(ra.get(k) == rb.get(k) for k in keys) and
           ("AB" in out.decode()) == ("AB" in back.decode()),
           name + ": SGF -> %s -> SGF keeps moves, players, ranks, result, komi, handicap, date" % ext)
    # SVG renders
    rc, svg, _ = run(["convert", "-t", "svg", "--numbers", path])
    p = subprocess.run(["rsvg-convert", "-o", os.path.join(tmp, "x.png")], input=svg, capture_output=True)
    png = open(os.path.join(tmp, "x.png"), "rb").read(8) if p.returncode == 0 else b""
    ok(rc == 0 and png.startswith(b"\x89PNG"), name + ": SVG renders")
    # GTP in GNU Go gives our final board (square boards)
    if gnugo and "SZ[15:17]" not in sgf:
        rc, gtp, _ = run(["convert", "-t", "gtp", path])
        script = gtp + b"list_stones black\nlist_stones white\n"
        g = subprocess.run([gnugo, "--mode", "gtp"], input=script, capture_output=True).stdout.decode()
        answers = [a for a in g.split("\n\n") if a.strip()]
        errors = [a for a in answers if a.startswith("?")]
        theirs = {}
        for colour, a in zip("XO", answers[-2:]):
            for v in a[1:].split():
                theirs[v] = colour
        rc, txt, _ = run(["convert", "-t", "txt", path])
        ours = {}
        cols = "ABCDEFGHJKLMNOPQRST"
        for line in txt.decode().splitlines():
            mm = re.match(r"^\s*(\d+)(.*)\s(\d+)$", line)
            if not mm:
                continue
            row = mm.group(1)
            cells = mm.group(2)[1::2]
            for i, c in enumerate(cells):
                if c in "XO":
                    ours[cols[i] + row] = c
        ok(not errors and theirs == ours, name + ": GNU Go replays the GTP script to our board (%d stones)" % len(ours))

# GTP scripts: KataGo's rules script (no moves, last rules NZ); GNU Go's
# regression script loads other records (line 8): an error, no output
rc, out, err = run(["convert", "--compact", os.path.join(F, "gtp/katago-tests-gtp-rules.txt")])
ok(rc == 0 and root_props(out.decode()).get("RU") == "NZ", "gtp/katago-tests-gtp-rules.txt: RU[NZ]")
rc, out, err = run(["convert", os.path.join(F, "gtp/gnugo-regression-nicklas3.tst")])
ok(rc == 1 and out == b"" and "nicklas3.tst:8:1: error: 'loadsgf" in err, "gtp/gnugo-regression-nicklas3.tst: loadsgf is an error at line 8")

# dialects: raw values kept by default, standard ones with --normalize
dialects = [
 ("../edge/sabaki-sgf/fox_go_server_komi.sgf", {"KM": "375"}, {"KM": "7.5", "RE": "W+25.5", "AP": "foxwq"}),
 ("../edge/sabaki-sgf/fox_go_server_japanese.sgf", {"KM": "650"}, {"KM": "6.5", "RE": "B+0.50"}),
 ("../edge/sabaki-sgf/fox_go_server_handicap.sgf", {"KM": "0"}, {"HA": "2", "AB": "pd"}),
 ("../edge/sgfutils/943.sgf", {"KM": "2.75", "RE": "W+0.25"}, {"KM": "5.5", "RE": "W+0.5"}),
 ("../edge/sabaki-sgf/nihon-kiin.sgf", {"KO": "黒6目半"}, {"KM": "6.5", "RE": "B+R", "DT": "2025-06-12"}),
 ("sgf-dialects/analyze-sgf-t-oro-1.sgf", {"RE": "294수 흑0.5집승"}, {"RE": "B+0.5", "DT": "2021-01-17"}),
 ("sgf-dialects/analyze-sgf-t-oro-2.sgf", {"RE": "226수 백불계승"}, {"RE": "W+R"}),
 ("sgf-dialects/katago-foxlike.sgf", {"KM": "325", "RE": "draw"}, {"KM": "6.5", "RE": "0"}),
]
for name, raw, norm in dialects:
    path = os.path.join(F, name)
    rc, out, _ = run(["convert", "--compact", path])
    r = root_props(out.decode())
    for k, v in raw.items():
        ok(r.get(k) == v, "%s: kept %s[%s] (got %r)" % (name, k, v, r.get(k)))
    rc, out, err = run(["convert", "--compact", "--normalize", path])
    r = root_props(out.decode())
    for k, v in norm.items():
        ok(r.get(k) == v, "%s: --normalize %s[%s] (got %r)" % (name, k, v, r.get(k)))
    ok("normalized:" in err, name + ": notes on stderr")

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
