# --json: a run of one game prints that game's object only, so that
# `score --json game.sgf | jq -r .japanese.result` gives one answer;
# two games, an unreadable file, or score -q (no game printed) keep
# the summary object.  Each output line is shown as its first key and
# value (no jq: make check needs nothing beyond the build tools).
head1() { sed -E 's/^\{("[a-z]*":("[^"]*"|[a-z0-9]*)).*/\1/'; }
cd "$TOP/testdata/score"
echo "== score, one game"
"$SGFKIT" score --json ogs-9x9.sgf | head1
echo "== score -q, one game"
"$SGFKIT" score --json -q ogs-9x9.sgf | head1
echo "== score, two games"
"$SGFKIT" score --json ogs-9x9.sgf s2-seed.sgf | head1
cd "$TOP/testdata/cli"
echo "== check, one game from stdin"
"$SGFKIT" check --json - < ok.sgf | head1
echo "== check, one game and an unreadable file"
"$SGFKIT" check --json ok.sgf no-such-file.sgf 2>/dev/null | head1
echo "== info, three games in one file"
"$SGFKIT" info --json tygem3.sgf | head1
