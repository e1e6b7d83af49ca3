# one object per game: file, game, valid, problems (with position); summary last
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$TOP/testdata/cli"
"$SGFKIT" check --json ok.sgf truncated.sgf notsgf.sgf > "$T/out.json"
rc=$?
sed 's/"seconds":[0-9.]*,"games_per_second":[0-9]*/"seconds":T,"games_per_second":R/' "$T/out.json"
exit $rc
