# the output does not depend on -j
cd "$TOP/testdata/cli"
for c in "info" "info --json --no-summary" "check --no-summary" "convert" "convert -t json"; do
	a=$(for i in 1 2 3 4 5 6 7 8; do cat tygem3.sgf ok.sgf ko.sgf truncated.sgf; done | "$SGFKIT" $c -j 1 2>&1)
	b=$(for i in 1 2 3 4 5 6 7 8; do cat tygem3.sgf ok.sgf ko.sgf truncated.sgf; done | "$SGFKIT" $c -j 4 2>&1)
	[ "$a" = "$b" ] && echo "$c: same" || echo "$c: DIFFERENT"
done
