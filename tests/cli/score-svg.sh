# --svg writes a well-formed SVG that rsvg-convert renders
cd "$TOP/testdata/score" || exit 1
out=$(mktemp -d) || exit 1
trap 'rm -rf "$out"' EXIT
"$SGFKIT" score -q --no-summary --svg "$out/b.svg" ogs-19x19.sgf || echo "score failed"
# the root element, its size and the stones (grep and sed: make check
# needs nothing beyond the build tools)
sed -n 's/^<svg xmlns="\([^"]*\)".* width="\([0-9]*\)" height="\([0-9]*\)".*/{\1}svg \2 \3/p' "$out/b.svg"
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
# several inputs: %d repeats from file to file, so a second 'g1.svg' is
# an error naming whose picture it is (exit 2), never an overwrite
rm -f "$out"/g*.svg
"$SGFKIT" score -q --no-summary --svg "$out/g%d.svg" s2-seed.sgf s4-dame.sgf \
	2>"$out/err"
echo "exit $?"
sed "s|$out/||" "$out/err"
grep -o '<title>[^<]*' "$out/g1.svg"
# %f and %n tell them apart
"$SGFKIT" score -q --no-summary --svg "$out/%f-%d.svg" s2-seed.sgf s4-dame.sgf
"$SGFKIT" score -q --no-summary --svg "$out/n%n.svg" "$out/two.sgf" s3-dead-stone.sgf
ls "$out" | grep -e '-1\.svg$' -e '^n'
# without a placeholder the first game in input order is drawn, whatever
# -j is: a 19x19 game first, then small ones that finish sooner
for j in 1 4; do
	"$SGFKIT" score -q --no-summary -j$j --svg "$out/first.svg" ogs-19x19.sgf \
		s2-seed.sgf s4-dame.sgf s3-dead-stone.sgf s5-bent-four.sgf
	grep -o '<title>[^<]*' "$out/first.svg"
done
# %% is a %, any other % as written; %f drops only the last extension
cp s2-seed.sgf "$out/a.b.sgf"
"$SGFKIT" score -q --no-summary --svg "$out/q%x-%%-%f.svg" "$out/a.b.sgf"
ls "$out" | grep '^q'
# '-' is standard output: the picture of the first game, not the report
# (before, a file named '-' in the current directory)
(cd "$out" && "$SGFKIT" score --svg - "$TOP/testdata/score/s2-seed.sgf" \
	"$TOP/testdata/score/s4-dame.sgf" 2>/dev/null) >"$out/stdout.svg"
echo "exit $?"
head -n 1 "$out/stdout.svg"
grep -c '^<svg ' "$out/stdout.svg"
grep -o '<title>[^<]*' "$out/stdout.svg"
if [ -e "$out/-" ]; then echo "a file named '-'"; fi
