# --max-game-bytes: a larger game is an error for that game only
cd "$TOP/testdata/cli"
"$SGFKIT" info --no-header --max-game-bytes 200 tygem3.sgf ok.sgf 2>&1
echo "exit $?"
"$SGFKIT" info --no-header --max-game-bytes 1K ok.sgf 2>&1
echo "exit $?"
# a whole-file record (GIB) is its file's one game: an error of its own,
# and the next file is read
out=$OLDPWD/max-game-bytes.txt
cd "$TOP/testdata"
"$SGFKIT" info --no-header --max-game-bytes 200 fmt/utf8.gib fmt/amateur.ugf \
	cli/ok.sgf >"$out" 2>&1
echo "exit $?"
cut -f 1-3 "$out"
cd "$TOP/testdata/cli"
# a size that does not fit is a usage error, not a wrapped one (2^54+1
# kilobytes was 1 K, and skipped every game)
"$SGFKIT" info --no-header --max-game-bytes 18014398509481985K ok.sgf 2>&1
echo "exit $?"
"$SGFKIT" info --max-game-bytes 1x ok.sgf 2>&1
