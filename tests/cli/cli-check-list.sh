# -l / -L: names of files with / without errors; -q: nothing
cd "$TOP/testdata/cli"
echo "-l:"; "$SGFKIT" check -l ok.sgf truncated.sgf tygem3.sgf; echo "exit $?"
echo "-L:"; "$SGFKIT" check -L ok.sgf truncated.sgf tygem3.sgf; echo "exit $?"
echo "-q:"; "$SGFKIT" check -q ok.sgf truncated.sgf 2>&1; echo "exit $?"
echo "-q valid:"; "$SGFKIT" check -q ok.sgf tygem3.sgf 2>&1; echo "exit $?"
