#!/bin/sh
# tests/peers/run.sh - our cases modelled on other projects' test suites
# (sgfmill, @sabaki/sgf, @sabaki/go-board, SGFC, KataGo's rules tests,
# the Rust sgf-parse), run through sgfkit.  Written by us from reading
# their public tests: no file of theirs is copied.
# valgrind: skip (about 3.5 minutes of CI's valgrind lane; make sanitize and make check run them)
#
# One file per project, tests/peers/PROJECT.cases, one block per case:
#
#   === name
#   source: the peer's test it is modelled on
#   verdict: agreed
#            | differs: the choice sgfkit makes, and where it is written
#            | fixed: what was wrong in sgfkit (issue 22)
#   file: in.sgf                  (optional: the input's name)
#   input: a line of the input, as it is (repeat for more lines)
#   input%b: a line with printf %b escapes (\\ \n \0NNN, for bytes)
#   run: sgfkit's arguments, run in a fresh directory
#   exit: the exit status (optional, default 0)
#   expect:
#   the output, standard output then standard error, to the next ===
#
# Prints one line per case ("ok", or "FAIL" and a diff), the count of
# each project's verdicts ("peers: sgfmill: 12 cases: 9 agreed, 2
# differ (documented), 1 fixed") and "N passed, N failed"; exits 1 on a
# failure.
: "${SGFKIT:=./sgfkit}" "${TOP:=.}"
case $SGFKIT in /*) ;; *) SGFKIT=$PWD/${SGFKIT#./} ;; esac
dir=$(cd "$TOP/tests/peers" && pwd) || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

# run the case whose fields are in the shell variables below
run_case() {
	w="$tmp/case"
	rm -rf "$w" && mkdir "$w" || exit 2
	if [ -z "$verdict" ] || [ -z "$source" ] || [ -z "$runargs" ]; then
		echo "FAIL $proj/$name: no source, verdict or run line"
		fail=$((fail + 1))
		return
	fi
	cp "$tmp/input" "$w/$file"
	(cd "$w" && eval "\"\$SGFKIT\" $runargs" >out 2>err)
	rc=$?
	# (blank lines at the end of either are not compared: a case's
	# expected output ends where a blank line precedes the next case)
	cat "$w/out" "$w/err" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$w/got"
	sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$tmp/expect" >"$w/want"
	mv "$w/want" "$tmp/expect"
	if [ "$rc" != "${want_exit:-0}" ]; then
		echo "FAIL $proj/$name: exit $rc, want ${want_exit:-0}"
		sed 's/^/    /' "$w/got" | head -n 20
		fail=$((fail + 1))
	elif ! cmp -s "$tmp/expect" "$w/got"; then
		echo "FAIL $proj/$name: output differs"
		diff -u "$tmp/expect" "$w/got" | sed 's/^/    /' | head -n 40
		fail=$((fail + 1))
	else
		echo "ok $proj/$name"
		pass=$((pass + 1))
	fi
	case $verdict in
	agreed*) agreed=$((agreed + 1)) ;;
	differs*) differs=$((differs + 1)) ;;
	fixed*) fixed=$((fixed + 1)) ;;
	*)
		echo "FAIL $proj/$name: verdict '$verdict' is not agreed, differs or fixed"
		fail=$((fail + 1))
		;;
	esac
}

reset_case() {
	name=$1 source= verdict= runargs= want_exit= file=in.sgf
	: >"$tmp/input"
	: >"$tmp/expect"
	inexpect=0
}

for cases in "$dir"/*.cases; do
	proj=$(basename "$cases" .cases)
	agreed=0 differs=0 fixed=0 name= inexpect=0
	while IFS= read -r line || [ -n "$line" ]; do
		case $line in
		"=== "*)
			[ -n "$name" ] && run_case
			reset_case "${line#=== }"
			continue
			;;
		esac
		if [ "$inexpect" = 1 ]; then
			printf '%s\n' "$line" >>"$tmp/expect"
			continue
		fi
		case $line in
		"#"* | "") ;;
		"source: "*) source=${line#source: } ;;
		"verdict: "*) verdict=${line#verdict: } ;;
		"file: "*) file=${line#file: } ;;
		"input: "*) printf '%s\n' "${line#input: }" >>"$tmp/input" ;;
		"input%b: "*) printf '%b\n' "${line#input%b: }" >>"$tmp/input" ;;
		"run: "*) runargs=${line#run: } ;;
		"exit: "*) want_exit=${line#exit: } ;;
		"expect:") inexpect=1 ;;
		*)
			echo "FAIL $proj: unknown line in $(basename "$cases"): $line"
			fail=$((fail + 1))
			;;
		esac
	done <"$cases"
	[ -n "$name" ] && run_case
	echo "peers: $proj: $((agreed + differs + fixed)) cases: $agreed agreed, $differs differ (documented), $fixed fixed"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
