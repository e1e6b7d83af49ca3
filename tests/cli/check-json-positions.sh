# An illegal move read from JSON is reported at the line and column of
# its value, as from SGF: in documents printed over many lines, in two
# documents side by side, and with columns counted in characters (the
# comment before the second document is two characters, six bytes).
"$SGFKIT" check --no-summary "$TOP/testdata/sgf/json-pretty-and-damaged.json" 2>&1 |
	sed "s|$TOP/||"
printf '%s %s\n' '{"nodes":[{"props":{"C":["中文"]}}]}' \
	'{"nodes":[{"props":{"SZ":["9"]}},{"parent":0,"props":{"B":["ee"]}},{"parent":1,"props":{"W":["ee"]}}]}' |
	"$SGFKIT" check --no-summary - 2>&1
