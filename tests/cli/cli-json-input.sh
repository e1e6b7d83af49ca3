# JSON Lines on stdin are recognised by content; a bad line is one bad game
cd "$TOP/testdata/cli"
{ "$SGFKIT" convert -t json ok.sgf; echo 'not json'; "$SGFKIT" convert -t json ko.sgf; } > "$OLDPWD/g.jsonl" 2>/dev/null
cd "$OLDPWD"
"$SGFKIT" info --no-header < g.jsonl 2>&1
echo "exit $?"
"$SGFKIT" info --no-header g.jsonl 2>&1 | cut -f 1,2
