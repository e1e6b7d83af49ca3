# Errors in an online-go.com record are at the value that is wrong (issue
# 22: all at 1:1), and what check finds in a move read from another
# format is at that move: its JSON array, its GIB, NGF or GTP line (they
# were at 1:1 or had no column)
# (in a directory of its own: the tests share one)
mkdir fmt-positions.d && cd fmt-positions.d || exit 2
cat >bad.json <<'JSON'
{"width": 9, "height": 9, "komi": 6.5,
 "moves": [[2, 2, 100],
    [2, "x", 200], [3, 3, 300]]}
JSON
printf '{"width": 90, "height": 9, "moves": []}\n' >wide.json
cat >init.json <<'JSON'
{"gamedata": {"width": 9, "height": 9, "handicap": 2,
  "initial_state": {"black": "", "white": "zzqq"},
  "moves": [[2, 2, 100]]}}
JSON
printf '{"width": 9, "height": 9, "moves": {"a": 1}}\n' >moves.json
for f in bad wide init moves; do
	"$SGFKIT" convert -f ogs $f.json 2>&1
done
cat >occ.json <<'JSON'
{"width": 9, "height": 9, "komi": 6.5,
 "moves": [[2, 2, 100], [2, 2, 200], [3, 3, 300]]}
JSON
printf '\\HS\r\n\\[GAMEBLACKNAME=a\\]\r\n\\HE\r\n\\GS\r\n2 1 0\r\nINI 0 1 0 &4\r\nSTO 0 2 1 3 3\r\nSTO 0 3 2 3 3\r\n\\GE\r\n' >occ.gib
printf 'Rated game\n19\nA 1D\nB 1D\nsite\n0\n0\n6\n20170316\n5\nBlack wins!\n2\nPMABBREER\nPMACWREER\n' >occ.ngf
printf 'boardsize 9\n\nplay b c3\nplay w c3\n' >occ.gtp
"$SGFKIT" check --no-summary -f ogs occ.json 2>&1
"$SGFKIT" check --no-summary occ.gib occ.ngf occ.gtp 2>&1
echo "exit $?"
