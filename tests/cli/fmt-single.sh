# GIB, NGF and SVG hold one game per file
cd "$TOP/testdata/cli"
"$SGFKIT" convert -t gib ok.sgf tygem3.sgf 2>&1; echo "exit $?"
"$SGFKIT" convert -t svg tygem3.sgf 2>&1 >/dev/null; echo "exit $?"
"$SGFKIT" convert -t ngf -d "$OLDPWD/ngf-dir" ok.sgf tygem3.sgf 2>&1; echo "exit $?"
ls "$OLDPWD/ngf-dir"
