#!/bin/sh
# tests/run.sh - everything `make check` runs; needs only this tree.
#
#   1. unit tests: every $BUILD/tests/test_* binary (each prints
#      "N passed, N failed");
#   2. golden CLI tests: tests/cli/NAME.sh is run with $SGFKIT set; its
#      stdout must equal tests/cli/NAME.out and its exit status
#      tests/cli/NAME.exit (0 when that file is absent); under VALGRIND
#      one with a "# valgrind: skip (WHY)" line is not run, as suites;
#   3. script suites: every tests/suite/*.sh, which prints its own
#      "N passed, N failed" line and exits non-zero on failure; its
#      "not run (...)" lines (checks skipped for want of an optional
#      tool such as jq or mandoc) and "fixed ..." lines (a case a
#      suite expected to fail passes now: update its expectation) are
#      passed on.  Under VALGRIND a suite whose head has a line
#      "# valgrind: skip (WHY)" is not run and says so: the costly
#      ones, whose code the unit and golden tests already take through
#      valgrind (make sanitize still runs them);
#   4. peer cases: tests/peers/run.sh, cases modelled on other projects'
#      test suites (sgfmill, @sabaki/sgf, go-board, SGFC, KataGo,
#      sgf-parse); its "peers: PROJECT: ..." lines, the verdicts
#      counted per project, are passed on (not under VALGRIND when its
#      head says "# valgrind: skip (WHY)");
# Prints one line per failure and a final "N passed, N failed".
# VALGRIND=valgrind runs unit tests and the CLI under valgrind.

: "${SGFKIT:=./sgfkit}" "${BUILD:=build}"
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
case $SGFKIT in /*) ;; *) SGFKIT=$top/${SGFKIT#./} ;; esac
if [ -n "$VALGRIND" ]; then
	vg="$VALGRIND -q --error-exitcode=99 --leak-check=full --suppressions=$top/tests/valgrind.supp"
	real=$SGFKIT
	SGFKIT=$top/$BUILD/sgfkit-vg
	printf '#!/bin/sh\nexec %s %s "$@"\n' "$vg" "$real" >"$SGFKIT"
	chmod +x "$SGFKIT"
else
	vg=
fi
export SGFKIT TOP="$top"
pass=0
fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

add_counts() { # "$line" from a sub-runner
	p=$(echo "$1" | sed -n 's/.*\b\([0-9][0-9]*\) passed.*/\1/p')
	f=$(echo "$1" | sed -n 's/.*\b\([0-9][0-9]*\) failed.*/\1/p')
	pass=$((pass + ${p:-0}))
	fail=$((fail + ${f:-1}))
}

for t in "$BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	out=$($vg "$t" 2>"$tmp/err")
	rc=$?
	line=$(echo "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
	if [ $rc -ne 0 ]; then
		echo "FAIL unit $(basename "$t") (exit $rc)"
		sed 's/^/    /' "$tmp/err" | head -n 40
		[ -n "$line" ] || line="0 passed, 1 failed"
	fi
	add_counts "$line"
done

# The reason a script gives for not running under valgrind ("# valgrind:
# skip (WHY)" on one line of its head), or nothing.
vg_skip() {
	[ -n "$VALGRIND" ] && sed -n '1,30s/^# valgrind: skip (\(.*\))$/\1/p' "$1"
}

for t in tests/cli/*.sh; do
	[ -f "$t" ] || continue
	name=${t%.sh}
	why=$(vg_skip "$t")
	if [ -n "$why" ]; then
		echo "cli $(basename "$name"): not run (under valgrind: $why)"
		continue
	fi
	want_rc=0
	[ -f "$name.exit" ] && want_rc=$(cat "$name.exit")
	# a hang is a failure (exit 124), not a stuck `make check`
	(cd "$tmp" && timeout 120 sh "$top/$t") >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" != "$want_rc" ]; then
		echo "FAIL cli $(basename "$name"): exit $rc, want $want_rc"
		sed 's/^/    /' "$tmp/err" | head -n 20
		fail=$((fail + 1))
	elif [ -f "$name.out" ] && ! cmp -s "$name.out" "$tmp/out"; then
		echo "FAIL cli $(basename "$name"): output differs"
		diff -u "$name.out" "$tmp/out" | head -n 40 | sed 's/^/    /'
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
done

for t in tests/suite/*.sh; do
	[ -f "$t" ] || continue
	why=$(vg_skip "$t")
	if [ -n "$why" ]; then
		echo "$(basename "$t"): not run (under valgrind: $why)"
		continue
	fi
	out=$(sh "$t" 2>&1)
	rc=$?
	line=$(echo "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
	if [ $rc -ne 0 ]; then
		echo "FAIL suite $(basename "$t") (exit $rc)"
		echo "$out" | grep -v -E '^ok ' | head -n 40 | sed 's/^/    /'
		[ -n "$line" ] || line="0 passed, 1 failed"
	fi
	# what a suite left out for want of an optional tool, and cases
	# expected to fail that pass now
	echo "$out" | grep -E '^(not run|fixed) ' | sed "s|^|$(basename "$t"): |"
	add_counts "$line"
done

why=$(vg_skip tests/peers/run.sh)
if [ -n "$why" ]; then
	echo "peers: not run (under valgrind: $why)"
else
	out=$(sh tests/peers/run.sh 2>&1)
	rc=$?
	line=$(echo "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' |
		tail -n 1)
	if [ $rc -ne 0 ]; then
		echo "FAIL peers (exit $rc)"
		echo "$out" | grep -v -E '^(ok|peers:) ' | head -n 60 |
			sed 's/^/    /'
		[ -n "$line" ] || line="0 passed, 1 failed"
	fi
	echo "$out" | grep '^peers: '
	add_counts "$line"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
