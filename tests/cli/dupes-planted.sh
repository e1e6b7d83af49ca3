# dupes finds the planted set of testdata/dupes (see its make.sh)
# exactly: A turned (symmetric) and mirrored and cut at 45 (truncated
# 45 symmetric), B cut at 60 (truncated 60), C copied (same) and
# relabelled (same relabelled); not B's 10-move start (under
# --min-moves) nor the other game.  Then JSON, --min-moves 50 (the
# 45-move copy is not one), --no-truncated, the same from a stream,
# and a set without copies (exit 0).
cd "$TOP/testdata/dupes" || exit 2
set -- games.sgf rotated.sgf cut.sgf relabel.sgf mirrorcut.sgf short.sgf other.sgf
"$SGFKIT" dupes "$@"
echo "exit $?"
"$SGFKIT" dupes --json "$@"
"$SGFKIT" dupes --min-moves 50 "$@"
"$SGFKIT" dupes --no-truncated "$@"
cat "$@" | "$SGFKIT" dupes
echo "exit $?"
cat games.sgf | "$SGFKIT" dupes - short.sgf other.sgf
echo "exit $?"
"$SGFKIT" dupes --min-moves 19 "$@" 2>&1
echo "exit $?"
