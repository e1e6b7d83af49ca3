#!/bin/sh
# tests/corpus/run.sh - `make corpus-check`: every tests/corpus/*-*.sh
# script runs with $SGFKIT and $CORPUS set, prints "N passed, N failed"
# and exits non-zero on failure.  Needs ../shared/corpus (or CORPUS=).
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}"
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
case $SGFKIT in /*) ;; *) SGFKIT=$top/${SGFKIT#./} ;; esac
case $CORPUS in /*) ;; *) CORPUS=$top/$CORPUS ;; esac
if [ ! -d "$CORPUS" ]; then
	echo "corpus-check: no corpus at $CORPUS" >&2
	exit 2
fi
export SGFKIT CORPUS TOP="$top"
pass=0
fail=0
for t in tests/corpus/*-*.sh; do
	[ -f "$t" ] || continue
	echo "== $(basename "$t")"
	t0=$(date +%s)
	out=$(sh "$t" 2>&1)
	rc=$?
	echo "$out" | tail -n 30
	# where CI's time goes (it must stay under 20 minutes)
	echo "($(basename "$t"): $(($(date +%s) - t0)) s)"
	line=$(echo "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
	p=$(echo "$line" | sed -n 's/.*\b\([0-9][0-9]*\) passed.*/\1/p')
	f=$(echo "$line" | sed -n 's/.*\b\([0-9][0-9]*\) failed.*/\1/p')
	[ $rc -ne 0 ] && [ "${f:-0}" -eq 0 ] && f=1
	pass=$((pass + ${p:-0}))
	fail=$((fail + ${f:-0}))
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
