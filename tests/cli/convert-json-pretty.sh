# JSON input is cut into documents, not lines: a document printed over
# many lines (as jq prints it) reads back, two documents on one line are
# two games, and a damaged document costs only its own game, reported
# at the line and column where it breaks.
{
	"$SGFKIT" convert -t sgf --compact \
		"$TOP/testdata/sgf/json-pretty-and-damaged.json" 2>&1
	echo "exit $?"
} | sed "s|$TOP/||"
# A large game, its JSON pretty-printed (a line per value), through a
# pipe: the document arrives in many reads and reads back the same.
awk 'BEGIN { printf "(;GM[1]SZ[19]"; for (i = 0; i < 30000; i++)
	printf ";%s[%c%c]", i % 2 ? "W" : "B", 97 + i % 19, 97 + int(i / 19) % 19;
	print ")" }' >big.sgf
"$SGFKIT" convert -t json big.sgf | awk '{ gsub(/,/, ",\n  "); print }' >big.json
wc -l <big.json | awk '{ print ($1 > 60000) ? "many lines" : "few lines" }'
"$SGFKIT" convert -t sgf --compact big.sgf >direct.sgf
cat big.json | "$SGFKIT" convert -t sgf --compact - >piped.sgf
echo "exit $?"
cmp direct.sgf piped.sgf && echo "same SGF"
"$SGFKIT" info --no-header - <big.json | cut -f 13
# A document over --max-game-bytes is an error of its own game, JSON
# Lines or not, and the games after it are read, numbered as without the
# limit; no more than the limit is held in memory for it.
"$SGFKIT" convert -t sgf --max-game-bytes 400 \
	"$TOP/testdata/sgf/json-pretty-and-damaged.json" 2>&1 >/dev/null |
	sed "s|$TOP/||"
awk 'BEGIN { print "{\"nodes\":[{\"props\":{}}]}"; printf "  {\"nodes\":[";
	for (i = 0; i < 2000; i++) printf "          \n"; print "]}";
	print "{\"nodes\":[{\"props\":{\"SZ\":[\"9\"]}}]}" }' |
	"$SGFKIT" info --no-header --max-game-bytes 10000 - 2>&1
echo "exit $?"
