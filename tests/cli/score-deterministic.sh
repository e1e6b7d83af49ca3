# identical results run to run and whatever the number of threads
cd "$TOP/testdata/score"
"$SGFKIT" score --json --no-summary -j1 *.sgf >"$OLDPWD/a.json"
"$SGFKIT" score --json --no-summary -j2 *.sgf >"$OLDPWD/b.json"
"$SGFKIT" score --json --no-summary -j2 *.sgf >"$OLDPWD/c.json"
cmp "$OLDPWD/a.json" "$OLDPWD/b.json" && cmp "$OLDPWD/b.json" "$OLDPWD/c.json" && echo identical
wc -l <"$OLDPWD/a.json"
