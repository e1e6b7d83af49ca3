# --svg writes a well-formed SVG that rsvg-convert renders
cd "$TOP/testdata/score" || exit 1
out=$(mktemp -d) || exit 1
trap 'rm -rf "$out"' EXIT
"$SGFKIT" score -q --no-summary --svg "$out/b.svg" ogs-19x19.sgf || echo "score failed"
python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); print(r.tag, r.get("width"), r.get("height")); print(sum(1 for e in r.iter() if e.tag.endswith("circle")) > 200)' "$out/b.svg"
if command -v rsvg-convert >/dev/null 2>&1; then
	rsvg-convert -o "$out/b.png" "$out/b.svg" && [ -s "$out/b.png" ] &&
		echo "rendered"
else
	echo "rendered"
fi
# %d: one picture per game
cat s2-seed.sgf s4-dame.sgf >"$out/two.sgf"
"$SGFKIT" score -q --no-summary --svg "$out/g%d.svg" "$out/two.sgf"
ls "$out" | grep '^g'
# a picture that cannot be written is an error (exit 2), nothing left
"$SGFKIT" score -q --no-summary --svg "$out/none/b.svg" s4-dame.sgf 2>/dev/null
echo "exit $?"
ls "$out" | grep -c tmp || true
