# score --engine: a GTP engine (tests/fake-engine.sh) says which stones
# are dead and sgfkit counts; the engine is told the rules (KataGo's
# kata-set-rules, which the fake lists), the komi sgfkit counts with
# and the moves without the passes that end them; its name and version
# are in the output, text and JSON
cd "$TOP/testdata/score" || exit 1
log=$(mktemp) || exit 1
trap 'rm -f "$log"' EXIT
export FAKE_LOG="$log" FAKE_DEAD="B9"
eng="sh $TOP/tests/fake-engine.sh ok"
"$SGFKIT" score --no-summary --no-board --engine "$eng" s3-dead-stone.sgf
echo "exit $?"
echo "-- told:"
cat "$log"
: >"$log"
"$SGFKIT" score --json --rules chinese --komi 7.5 --engine "$eng" \
	s3-dead-stone.sgf | sed 's/,"dame".*//'
echo "-- told:"
grep -v '^play' "$log"
# a vertex stands for its chain; the engine's seki stones are shown as
# it says them
FAKE_DEAD="A7" FAKE_SEKI="B9" "$SGFKIT" score --json --engine "$eng" \
	s3-dead-stone.sgf | sed 's/.*\("dead":[^]]*\]\).*\("engine":{[^}]*}\).*/\1 \2/'
# a move the engine refuses (illegal by its rules: a ko recapture, a
# suicide) would leave it another position: it is shown the position
# stone by stone instead, and the output says so
: >"$log"
FAKE_ILLEGAL=E5 "$SGFKIT" score --json --engine "$eng" s3-dead-stone.sgf |
	grep -o '"engine":{[^}]*}'
: >"$log"
FAKE_ILLEGAL=E5 "$SGFKIT" score --no-board --no-summary --engine "$eng" \
	s3-dead-stone.sgf | grep 'dead stones'
grep -n -e '^boardsize' -e '^komi' -e 'E5$' -e '^final' "$log"
# SGFKIT_ENGINE: the same, for scripts; --engine wins; --all-alive and
# an empty SGFKIT_ENGINE need no engine
SGFKIT_ENGINE="$eng" "$SGFKIT" score --json s3-dead-stone.sgf |
	grep -o '"method":"[a-z-]*","dead":[^]]*\]'
SGFKIT_ENGINE="no-such-engine" "$SGFKIT" score --json --engine "$eng" \
	s3-dead-stone.sgf | grep -o '"method":"[a-z-]*"'
SGFKIT_ENGINE="$eng" "$SGFKIT" score --json --all-alive s3-dead-stone.sgf |
	grep -o '"method":"[a-z-]*"'
SGFKIT_ENGINE= "$SGFKIT" score --json s3-dead-stone.sgf |
	grep -o '"method":"[a-z-]*"'
# an engine with kgs-rules only is told the nearest of its four rule
# sets; one without a rules command (GNU Go) or without list_commands
# (GTP 1) is told none
for r in kgs-rules ""; do
	: >"$log"
	FAKE_RULESCMD=$r "$SGFKIT" score -q --no-summary --rules nz \
		--engine "$eng" s3-dead-stone.sgf
	grep -e rules -e '^komi' "$log"
done
: >"$log"
"$SGFKIT" score -q --no-summary --engine "sh $TOP/tests/fake-engine.sh old" \
	s3-dead-stone.sgf
echo "rules commands: $(grep -c rules "$log")"
