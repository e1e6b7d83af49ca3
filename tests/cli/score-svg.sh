# --svg writes a well-formed SVG that rsvg-convert renders
cd "$TOP/testdata/score" || exit 1
out=$(mktemp -d) || exit 1
trap 'rm -rf "$out"' EXIT
"$SGFKIT" score -q --no-summary --svg "$out/b.svg" ogs-19x19.sgf || echo "score failed"
# the root element, its size and the stones (grep and sed: make check
# needs nothing beyond the build tools)
sed -n 's/^<svg xmlns="\([^"]*\)" width="\([0-9]*\)" height="\([0-9]*\)".*/{\1}svg \2 \3/p' "$out/b.svg"
n=$(grep -o '<circle' "$out/b.svg" | wc -l)
[ "$n" -gt 200 ] && echo "more than 200 circles"
# well formed and rendered: rsvg-convert (.ci/run installs it), else an
# XML parser if python3 is there, else at least the closing tag
if command -v rsvg-convert >/dev/null 2>&1; then
	rsvg-convert -o "$out/b.png" "$out/b.svg" && [ -s "$out/b.png" ] &&
		echo "rendered"
elif command -v python3 >/dev/null 2>&1; then
	python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$out/b.svg" &&
		echo "rendered"
else
	[ "$(tail -n 1 "$out/b.svg")" = "</svg>" ] && echo "rendered"
fi
# %d: one picture per game
cat s2-seed.sgf s4-dame.sgf >"$out/two.sgf"
"$SGFKIT" score -q --no-summary --svg "$out/g%d.svg" "$out/two.sgf"
ls "$out" | grep '^g'
# a picture that cannot be written is an error (exit 2), nothing left
"$SGFKIT" score -q --no-summary --svg "$out/none/b.svg" s4-dame.sgf 2>/dev/null
echo "exit $?"
ls "$out" | grep -c tmp || true
