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
