# dupes --keep writes the collection without the copies, each record
# byte for byte as read: first (each group's first game in input
# order) and longest (its longest, the first of them), from files and
# from a stream; an output that is one of the inputs is refused, named
# as it is or through a link, and left as it was.
mkdir dupes-keep.d && cd dupes-keep.d || exit 2
d=$TOP/testdata/dupes
set -- "$d/games.sgf" "$d/rotated.sgf" "$d/cut.sgf" "$d/relabel.sgf" \
	"$d/mirrorcut.sgf" "$d/short.sgf" "$d/other.sgf"
"$SGFKIT" dupes --keep first -o first.sgf "$@" >/dev/null
echo "exit $?"
cat "$d/games.sgf" "$d/short.sgf" "$d/other.sgf" | cmp - first.sgf && echo "first: games, short, other as read"
"$SGFKIT" dupes --keep longest -o longest.sgf "$d/cut.sgf" "$d/games.sgf" "$d/mirrorcut.sgf" >/dev/null
{ sed -n 3,4p "$d/cut.sgf"; sed -n 1,4p "$d/games.sgf"; } | cmp - longest.sgf &&
	echo "longest: C's first copy (cut.sgf:2), A, B as read"
cat "$d/rotated.sgf" "$d/games.sgf" | "$SGFKIT" dupes --keep longest -o stream.sgf
{ cat "$d/rotated.sgf"; sed -n 3,6p "$d/games.sgf"; } | cmp - stream.sgf &&
	echo "stream: the turned copy first, B, C as read"
cp "$d/games.sgf" mine.sgf
ln -s "$PWD/mine.sgf" link.sgf
"$SGFKIT" dupes --keep first -o mine.sgf mine.sgf "$d/rotated.sgf" 2>&1
echo "exit $?"
"$SGFKIT" dupes --keep first -o link.sgf mine.sgf "$d/rotated.sgf" 2>&1
echo "exit $?"
cmp mine.sgf "$d/games.sgf" && echo "mine.sgf untouched"
"$SGFKIT" dupes --keep first "$d/games.sgf" 2>&1
echo "exit $?"
"$SGFKIT" dupes --keep all -o x.sgf "$d/games.sgf" 2>&1
echo "exit $?"
# an input without a game is reported once (pass 3 read it again and
# said it twice), and the others are kept
printf 'not a record\n' >junk.sgf
"$SGFKIT" dupes --keep first -o kept.sgf junk.sgf "$d/games.sgf" 2>&1 >/dev/null |
	grep -c 'no game tree found'
cmp kept.sgf "$d/games.sgf" && echo "junk beside games.sgf: games.sgf as read"
rm junk.sgf kept.sgf
ls
