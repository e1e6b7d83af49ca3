#!/bin/sh
# tests/corpus/same_output.sh - a change that must not change behaviour
# (a redesign step, a speed-up) gives the same bytes as the binary before
# it, for every command, over testdata/ and the corpus.  A tool, not a
# check: make corpus-check runs only the *-*.sh scripts.
#
#   sh tests/corpus/same_output.sh [--quick] OLD NEW
#
# OLD and NEW are two sgfkit binaries (build the old one from a worktree
# of the commit before the change).  Each runs check --json, info
# --json, score --json and convert to every output format (sgf, json,
# gib, ngf, gtp, txt, svg, and sgf --normalize) over each set; standard
# output, standard error and the exit status are compared.  Sets:
# testdata/ and the corpus's edge/, formats/ and scored/; without
# --quick also games/ (check, info and score only: 146 MB, some
# minutes).  Prints "same" or the first lines of the difference per
# command and set, and "N passed, N failed".
: "${CORPUS:=../shared/corpus}" "${TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
quick=false
if [ "$1" = --quick ]; then
	quick=true
	shift
fi
if [ $# -ne 2 ] || [ ! -x "$1" ] || [ ! -x "$2" ]; then
	echo "usage: same_output.sh [--quick] OLD NEW (two sgfkit binaries)" >&2
	exit 2
fi
old=$1 new=$2
case $CORPUS in /*) ;; *) CORPUS=$TOP/$CORPUS ;; esac
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

# run BIN NAME ARGS...: output, errors and status of BIN ARGS in $tmp/NAME
run() {
	bin=$1 name=$2
	shift 2
	"$bin" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
	echo "exit $?" >>"$tmp/$name.err"
	# the binary's own path may appear in messages
	sed -i "s|$bin|SGFKIT|g" "$tmp/$name.err"
}

# same LABEL ARGS...: OLD and NEW agree on sgfkit ARGS
same() {
	label=$1
	shift
	run "$old" a "$@"
	run "$new" b "$@"
	if cmp -s "$tmp/a.out" "$tmp/b.out" && cmp -s "$tmp/a.err" "$tmp/b.err"; then
		echo "same      $label"
		pass=$((pass + 1))
	else
		echo "DIFFERENT $label"
		{
			diff "$tmp/a.out" "$tmp/b.out"
			diff "$tmp/a.err" "$tmp/b.err"
		} | head -n 10 | sed 's/^/    /'
		fail=$((fail + 1))
	fi
}

sets="$TOP/testdata"
for s in edge formats scored; do
	[ -d "$CORPUS/$s" ] && sets="$sets $CORPUS/$s"
done
for d in $sets; do
	setname=${d#"$TOP"/}
	setname=${setname#"$CORPUS"/}
	same "check $setname" check --json --no-summary -r "$d"
	same "info $setname" info --json --no-summary -r "$d"
	same "score $setname" score --json --no-summary -r -j 2 "$d"
	for t in sgf json gib ngf gtp txt svg; do
		same "convert -t $t $setname" convert -t "$t" -r "$d"
	done
	same "convert --normalize $setname" convert --normalize -r "$d"
done
if ! $quick && [ -d "$CORPUS/games" ]; then
	same "check games" check --json --no-summary -r "$CORPUS/games"
	same "info games" info --json --no-summary -r "$CORPUS/games"
	same "score games" score --json --no-summary -r -j 2 "$CORPUS/games"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
