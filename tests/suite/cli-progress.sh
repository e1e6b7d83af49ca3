#!/bin/sh
# The progress bar: on stderr when it is a terminal (a pseudo-terminal
# made by script(1)), never otherwise, and forced by the options.
: "${SGFKIT:=./sgfkit}" "${TOP:=.}"
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
D=$TOP/testdata/cli
# The checks under a terminal need script(1) and a pseudo-terminal for
# it; without either (a bare chroot has no /dev/pts) they are not run,
# as other suites do without an optional tool, and the rest still is.
tty=
if ! command -v script >/dev/null 2>&1; then
	tty="script(1) is not installed"
elif ! script -qec true /dev/null >/dev/null 2>&1; then
	tty="script(1) cannot make a pseudo-terminal here"
fi
if [ -n "$tty" ]; then
	echo "not run ($tty): the progress bar and the summary on a terminal"
else
	# under a terminal: stdout to a file, stderr (the terminal) captured
	script -qec "'$SGFKIT' info -r '$D/archive' > '$tmp/out'" "$tmp/tty" >/dev/null 2>&1
	if grep -q "files, .* games/s" "$tmp/tty"; then
		ok "progress bar drawn on a terminal"
	else
		ko "no progress bar on a terminal: $(cat -v "$tmp/tty" | head -c 300)"
	fi
	grep -q "games/s" "$tmp/out" && ko "progress bar leaked into stdout" ||
		ok "stdout stays clean under a terminal"
	script -qec "'$SGFKIT' info --no-progress -r '$D/archive' > '$tmp/out'" "$tmp/tty2" >/dev/null 2>&1
	grep -q "files, .* games/s" "$tmp/tty2" && ko "--no-progress still draws" ||
		ok "--no-progress on a terminal: no bar"
fi
# not a terminal: nothing
"$SGFKIT" info -r "$D/archive" >/dev/null 2>"$tmp/err"
[ -s "$tmp/err" ] && ko "stderr not empty off a terminal: $(cat "$tmp/err")" ||
	ok "no progress bar when stderr is a file"
"$SGFKIT" info --progress -r "$D/archive" >/dev/null 2>"$tmp/err"
grep -q "files, .* games/s" "$tmp/err" && ok "--progress forces the bar" ||
	ko "--progress: no bar"
# the human summary goes to a terminal, not to a file
if [ -z "$tty" ]; then
	grep -q "sgfkit info: .* games in .* files" "$tmp/tty" &&
		ok "summary on a terminal" || ko "no summary on a terminal"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
