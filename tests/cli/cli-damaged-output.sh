# Damaged input: score reports the parser's errors and exits 1 (it
# still scores what could be read); convert -o leaves no output file
# when no game could be converted, and keeps a file that has one.
cd "$TOP/testdata/cli"
"$SGFKIT" score --no-board truncated.sgf 2>&1 >/dev/null; echo "score exit $?"
"$SGFKIT" convert -o "$OLDPWD/none.sgf" notsgf.sgf truncated.sgf \
	2>"$OLDPWD/err"
echo "convert exit $?"
sed "s|$OLDPWD|TMP|" "$OLDPWD/err"
test -e "$OLDPWD/none.sgf" && echo "none.sgf exists" || echo "no none.sgf"
"$SGFKIT" convert -o "$OLDPWD/some.sgf" ok.sgf truncated.sgf 2>&1
echo "convert exit $?"
test -s "$OLDPWD/some.sgf" && echo "some.sgf written"
mkdir "$OLDPWD/d"
"$SGFKIT" convert -d "$OLDPWD/d" ok.sgf truncated.sgf 2>&1
echo "convert -d exit $?"
ls "$OLDPWD/d"
