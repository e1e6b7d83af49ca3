# JSON games whose property names are no SGF identifiers: each name is
# an error at the document (the game is not converted, exit 1), where
# before they became values of the property before them; a repeated
# key is merged (AB[aa][bb]) and bytes that are not UTF-8 are replaced, with
# warnings, and the SGF written reads back clean
cd "$TOP/testdata/sgf"
"$SGFKIT" convert -t sgf json-bad-names.json 2>&1
echo "exit $?"
"$SGFKIT" convert -t sgf json-repairs.json 2>&1
echo "exit $?"
"$SGFKIT" convert -t sgf json-repairs.json 2>/dev/null |
	"$SGFKIT" check --no-summary - 2>&1
echo "exit $?"
