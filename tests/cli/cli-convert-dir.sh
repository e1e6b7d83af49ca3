# -d: one output per input, name kept, extension changed
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$TOP/testdata/cli"
"$SGFKIT" convert -t json -d "$T/out" ok.sgf archive/2006/c.sgf.gz archive/2005/nested/b.SGF; echo "exit $?"
ls "$T/out"
"$SGFKIT" convert -d "$T/out2" -r archive; echo "exit $?"
ls "$T/out2"
cmp "$T/out2/a.sgf" - <<EOT && echo "a.sgf converted"
$("$SGFKIT" convert archive/2005/a.sgf)
EOT
# two inputs of one name: the second is an error, not a silent overwrite
mkdir -p "$T/x" "$T/y"
cp ok.sgf "$T/x/g.sgf"
cp archive/2005/a.sgf "$T/y/g.sgf"
"$SGFKIT" convert -d "$T/out3" "$T/x/g.sgf" "$T/y/g.sgf" 2>&1 | sed "s|$T/||g"
ls "$T/out3"
cmp -s "$T/out3/g.sgf" - <<EOT && echo "the first input's output is kept"
$("$SGFKIT" convert ok.sgf)
EOT
"$SGFKIT" convert -d "$T/out3" "$T/x/g.sgf" "$T/y/g.sgf" 2>/dev/null
echo "exit $?"
