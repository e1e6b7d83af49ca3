# A record whose input ends before its ')' is read as repaired, and
# select and dupes --keep write it as repaired, with the reader's
# warning: written as read, it would swallow every record written after
# it.  The records around it are still written byte for byte as read.
mkdir records-unterminated.d && cd records-unterminated.d || exit 2
d=$TOP/testdata/select
# records 1 (lines 1-72) and 2 (73-141) of games.sgf, 2 without its ')'
sed -n 1,141p "$d/games.sgf" | head -c -2 >cut.sgf
sed -n 1,72p "$d/games.sgf" >one.sgf
sed -n 73,141p "$d/games.sgf" | head -c -2 | "$SGFKIT" convert - 2>/dev/null >two.sgf
"$SGFKIT" select cut.sgf "$d/games.sgf" >sel.sgf 2>err.txt
echo "select: exit $?"
cat err.txt
"$SGFKIT" info sel.sgf 2>/dev/null | tail -n +2 | wc -l
{ cat one.sgf two.sgf; cat "$d/games.sgf"; } | cmp - sel.sgf &&
	echo "select: record 1 as read, 2 as repaired, then the file as read"
"$SGFKIT" dupes --keep first -o kept.sgf cut.sgf "$d/games.sgf" >/dev/null 2>err.txt
echo "dupes: exit $?"
cat err.txt
{ cat one.sgf two.sgf; sed -n '142,$p' "$d/games.sgf"; } | cmp - kept.sgf &&
	echo "dupes --keep: the same, without the copies of 1 and 2"
