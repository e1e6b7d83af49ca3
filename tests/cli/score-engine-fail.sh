# score --engine: an engine that refuses, crashes, hangs past
# --engine-timeout, babbles, floods, talks out of turn or does not
# start gives its game an error line (text and JSON) with the problem
# code "engine" and exit status 1; a failed engine is killed and a new
# one started (the fake misbehaves once: $FAKE_ONCE), so the run goes
# on; no engine is left running
cd "$TOP/testdata/score" || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
export FAKE_PIDS="$tmp/pids" FAKE_DEAD=
for mode in refuse crash hang babble flood unasked nostart; do
	echo "== $mode"
	rm -f "$tmp/once"
	: >"$tmp/pids"
	# a second for the hang; time enough for the others on a busy
	# machine
	t=30
	[ $mode = hang ] && t=1
	FAKE_ONCE="$tmp/once" "$SGFKIT" score -j 1 --json --engine-timeout $t \
		--engine "sh $TOP/tests/fake-engine.sh $mode" \
		s3-dead-stone.sgf s4-dame.sgf s5-bent-four.sgf s1-seki.sgf \
		>"$tmp/out" 2>"$tmp/err"
	echo "exit $?"
	sed 's/\("method":"[a-z]*"\).*/\1/; s/,"seconds".*//' "$tmp/out"
	cat "$tmp/err"
	echo "engines started: $(wc -l <"$tmp/pids")"
	for p in $(cat "$tmp/pids"); do
		kill -0 "$p" 2>/dev/null && echo "engine $p still running"
	done
done
echo "== no such program"
"$SGFKIT" score --no-board --engine "sgfkit-no-such-engine gtp" \
	s3-dead-stone.sgf 2>&1
echo "exit $?"
echo "== usage errors"
"$SGFKIT" score --engine "gnugo 'gtp" s3-dead-stone.sgf 2>&1
echo "exit $?"
"$SGFKIT" score --engine "" s3-dead-stone.sgf 2>&1
echo "exit $?"
"$SGFKIT" score --engine gnugo --dead aa s3-dead-stone.sgf 2>&1
echo "exit $?"
"$SGFKIT" score --engine gnugo --engine-timeout 0 s3-dead-stone.sgf 2>&1
echo "exit $?"
SGFKIT_ENGINE="'" "$SGFKIT" score s3-dead-stone.sgf 2>&1
echo "exit $?"
