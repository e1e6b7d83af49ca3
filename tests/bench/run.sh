#!/bin/sh
# tests/bench/run.sh - `make bench`: runs every tests/bench/*-*.sh with
# $SGFKIT and $CORPUS set; each prints its figures.  Not part of check.
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}"
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
case $SGFKIT in /*) ;; *) SGFKIT=$top/${SGFKIT#./} ;; esac
case $CORPUS in /*) ;; *) CORPUS=$top/$CORPUS ;; esac
export SGFKIT CORPUS TOP="$top"
rc=0
for t in tests/bench/*-*.sh; do
	[ -f "$t" ] || continue
	echo "== $(basename "$t")"
	sh "$t" || rc=1
done
exit $rc
