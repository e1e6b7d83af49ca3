# dupes confirms a cut copy by reading again only the longer game's
# bytes when it can, else the input through: a gzip input (offsets are
# into the inflated text), a stream that was gzip, and longer games not
# in the plain form (a comment with an escape: signed from their tree)
# give the groups of the plain files (dupes-planted).
mkdir dupes-reread.d && cd dupes-reread.d || exit 2
cp "$TOP"/testdata/dupes/*.sgf . || exit 2
gzip -c games.sgf >games.sgf.gz
sed 's/^(;/(;C[a \\] b]/' games.sgf >escaped.sgf
"$SGFKIT" dupes games.sgf.gz cut.sgf mirrorcut.sgf short.sgf
echo "exit $?"
gzip -c games.sgf | "$SGFKIT" dupes - cut.sgf mirrorcut.sgf
echo "exit $?"
"$SGFKIT" dupes escaped.sgf cut.sgf mirrorcut.sgf short.sgf
echo "exit $?"
