# A record without RU is counted under the default rules (Japanese), and
# the output says the rules were assumed.  When RE is the other count's
# result, the text says so and names the option that would agree; JSON
# gives rules_from and recorded_matches.  With RU or --rules, no hint.
# valgrind: skip (eight full estimates take 28 s)
# (the other score goldens take the estimate through valgrind; what
# this adds is the text of the assumed rules: make sanitize runs it)
# s4-dame: Japanese B+1, Chinese W+2 (one dame point).
sed 's/RU\[Japanese\]//; s/RE\[B+1\]/RE[W+2]/' \
	"$TOP/testdata/score/s4-dame.sgf" >area.sgf
sed 's/RU\[Japanese\]//; s/RE\[B+1\]/RE[W+5]/' \
	"$TOP/testdata/score/s4-dame.sgf" >neither.sgf
sed 's/RE\[B+1\]/RE[W+2]/' "$TOP/testdata/score/s4-dame.sgf" >stated.sgf
sed 's/RU\[Japanese\]/RU[Chinese]/' \
	"$TOP/testdata/score/s4-dame.sgf" >chinese.sgf
sed 's/RU\[Japanese\]/RU[house rules]/; s/RE\[B+1\]/RE[W+2]/' \
	"$TOP/testdata/score/s4-dame.sgf" >unknown.sgf
for f in area.sgf neither.sgf stated.sgf chinese.sgf unknown.sgf; do
	"$SGFKIT" score --no-board --no-summary "$f" | sed -n '1p;5p'
done
"$SGFKIT" score --no-board --no-summary --rules japanese area.sgf | sed -n 5p
"$SGFKIT" score --no-board --no-summary --rules chinese area.sgf | sed -n 5p
for f in area.sgf neither.sgf stated.sgf chinese.sgf unknown.sgf; do
	"$SGFKIT" score --json --no-summary "$f" |
		sed 's/.*\("rules":"[a-z]*","rules_from":"[a-z]*"\).*\("result":.*"recorded_matches":[^]]*\]*\).*/\1 \2/'
done
"$SGFKIT" score --json --no-summary --rules chinese area.sgf |
	sed 's/.*\("rules_from":"[a-z]*"\).*/\1/'
# --mismatch still lists the game: the hint does not change agreement
"$SGFKIT" score --mismatch --no-board --no-summary area.sgf >/dev/null
echo "exit $?"
# A handicap game: Chinese rules add compensation (2 here) and, without
# KM, their own komi; the hint is given when that result is RE's, not
# when RE is the area count without them (Japanese B+5.5, area count
# B+4.5, Chinese rules B+2.5)
printf '(;GM[1]FF[4]SZ[5]HA[2]KM[0.5]RE[B+4.5]AB[ca:ce]AW[da:de]\n;W[aa];B[];W[];B[])\n' >ha-area.sgf
sed 's/B+4.5/B+2.5/' ha-area.sgf >ha-chinese.sgf
for f in ha-area.sgf ha-chinese.sgf; do
	"$SGFKIT" score --no-board --no-summary "$f" | sed -n 5p
	"$SGFKIT" score --no-board --no-summary --rules chinese "$f" | sed -n 5p
done
