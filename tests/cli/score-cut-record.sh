# a record that lost its closing ')' (cut between nodes) is repaired and
# scored, and the reader's warning is passed on: on stderr in text mode,
# in "warnings" with --json; a warning does not change the exit status
cd "$TOP/testdata/score"
tr -d ')' <ogs-9x9.sgf | "$SGFKIT" score --no-summary --no-board - 2>&1 >/dev/null
echo "exit $?"
tr -d ')' <ogs-9x9.sgf | "$SGFKIT" score --json --no-summary - 2>&1 |
	sed 's/.*"warnings"/"warnings"/'
