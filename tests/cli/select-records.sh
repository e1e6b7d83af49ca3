# select writes the matching records byte for byte as read: all of
# testdata/select/games.sgf gives it back whole (each record there is
# followed by one newline), a subset is those records' bytes, from a
# file, a stream, a .gz and with -j 3 in input order, and -o writes a
# file; -v writes the others, so both parts together are the whole.
mkdir select-records.d && cd select-records.d || exit 2
d=$TOP/testdata/select
"$SGFKIT" select "$d/games.sgf" | cmp - "$d/games.sgf" && echo "all: the file as read"
# records 1 and 2 (lines 1-141): the two 9x9 games
"$SGFKIT" select --size 9 --valid "$d/games.sgf" >nine.sgf
sed -n 1,141p "$d/games.sgf" | cmp - nine.sgf && echo "9x9: records 1 and 2 as read"
"$SGFKIT" select --size 9 --valid -v "$d/games.sgf" >rest.sgf
cat nine.sgf rest.sgf | wc -l
sed -n '142,$p' "$d/games.sgf" | cmp - rest.sgf && echo "-v: the rest as read"
cat "$d/games.sgf" | "$SGFKIT" select --size 9 --valid | cmp - nine.sgf && echo "stdin: the same"
gzip -c "$d/games.sgf" >games.sgf.gz
"$SGFKIT" select -j 3 --size 9 --valid games.sgf.gz | cmp - nine.sgf && echo ".gz, -j 3: the same"
"$SGFKIT" select -j 3 --moves 0.. "$d/games.sgf" "$d/games.sgf" >twice.sgf
cat "$d/games.sgf" "$d/games.sgf" | cmp - twice.sgf && echo "-j 3: two inputs in order"
"$SGFKIT" select -o out.sgf --size 9 --valid "$d/games.sgf"
echo "exit $?"
cmp out.sgf nine.sgf && echo "-o: the same"
"$SGFKIT" select -o none.sgf --size 7 "$d/games.sgf"
echo "exit $?"
wc -c <none.sgf
