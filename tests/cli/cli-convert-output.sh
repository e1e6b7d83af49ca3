# -o writes the file whole; after an unreadable input it is left unchanged
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$TOP/testdata/cli"
"$SGFKIT" convert -o "$T/out.sgf" ok.sgf; echo "exit $?"
cmp -s "$T/out.sgf" - <<EOT && echo "same as stdout"
$("$SGFKIT" convert ok.sgf)
EOT
echo "before" > "$T/keep.sgf"
"$SGFKIT" convert -o "$T/keep.sgf" ok.sgf missing.sgf 2>"$T/err"; echo "exit $?"
sed "s|$T/||" "$T/err"; rm "$T/err"
cat "$T/keep.sgf"
ls "$T" | sort
