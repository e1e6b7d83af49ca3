# rules problems: move number, point and variation; the rules options
cd "$TOP/testdata/cli"
"$SGFKIT" check --no-summary ko.sgf occupied.sgf suicide.sgf variation.sgf ok.sgf
echo "exit $?"
echo "--main-line:"
"$SGFKIT" check --no-summary --main-line variation.sgf; echo "exit $?"
echo "--json:"
"$SGFKIT" check --json --no-summary variation.sgf ko.sgf; echo "exit $?"
echo "--rules:"
"$SGFKIT" check --no-summary --rules chinese ko.sgf; echo "exit $?"
"$SGFKIT" check --rules nonsense ok.sgf 2>&1; echo "exit $?"
echo "-l / -L:"
"$SGFKIT" check -l ko.sgf ok.sgf occupied.sgf
"$SGFKIT" check -L ko.sgf ok.sgf occupied.sgf; echo "exit $?"
