# JSON Lines, one object per game; the summary is the last object
cd "$TOP/testdata/cli"
"$SGFKIT" info --json tygem3.sgf ok.sgf | sed 's/"seconds":[0-9.]*,"games_per_second":[0-9]*/"seconds":T,"games_per_second":R/'
