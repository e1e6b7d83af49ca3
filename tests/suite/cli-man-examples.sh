#!/bin/sh
# Every command in the EXAMPLES sections of man/*.1 (and in the
# README's examples) runs (in a copy of
# testdata/cli, one copy per page, in order) and exits 0 or 1, never 2: the docs cannot go stale.
# valgrind: skip (every example of every page takes 60 s)
# (the golden tests run the same commands through valgrind)
: "${SGFKIT:=./sgfkit}" "${TOP:=.}"
pass=0 fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
ln -s "$SGFKIT" "$tmp/bin/sgfkit"
# run_example LABEL CMD: run CMD in $tmp/w and count it.  An example
# that pipes into a tool the machine lacks (jq, parallel: .ci/run
# installs them, a user's machine may not have them) is not run, and
# the output says so; sgfkit itself missing is a failure.
run_example() {
	(cd "$tmp/w" && PATH="$tmp/bin:$PATH" sh -c "$2") \
		>"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	tool=
	[ $rc -eq 127 ] &&
		tool=$(sed -n 's/^sh: .*: \([^ :]*\): \(command \)\{0,1\}not found$/\1/p' \
			"$tmp/err" | head -n 1)
	if [ -n "$tool" ] && [ "$tool" != sgfkit ]; then
		echo "not run ($tool is not installed) $1: $2"
	elif [ $rc -le 1 ] && ! grep -q "Try 'sgfkit" "$tmp/err"; then
		pass=$((pass + 1))
		echo "ok $1: $2"
	else
		fail=$((fail + 1))
		echo "FAIL $1: $2 (exit $rc)"
		head -n 5 "$tmp/err"
	fi
}
for page in "$TOP"/man/*.1; do
	# .Dl lines after .Sh EXAMPLES, mdoc escapes undone
	sed -n '/^\.Sh EXAMPLES/,/^\.Sh /s/^\.Dl //p' "$page" |
		sed 's/\\-/-/g; s/\\e/\\/g' >"$tmp/cmds"
	n=0
	# one working copy per page: later examples may use earlier output
	rm -rf "$tmp/w"
	cp -r "$TOP/testdata/cli" "$tmp/w"
	while IFS= read -r cmd; do
		n=$((n + 1))
		run_example "$(basename "$page")" "$cmd"
	done <"$tmp/cmds"
	if [ $n -eq 0 ]; then
		fail=$((fail + 1))
		echo "FAIL $(basename "$page"): no EXAMPLES"
	fi
done
# The README's examples too (the block after "Examples, run from").
sed -n '/^Examples, run from/,/^See /s/^    \(sgfkit .*\)$/\1/p' \
	"$TOP/README.md" >"$tmp/cmds"
rm -rf "$tmp/w" "$tmp/fmt"
cp -r "$TOP/testdata/cli" "$tmp/w"
[ -d "$TOP/testdata/fmt" ] && cp -r "$TOP/testdata/fmt" "$tmp/fmt"
n=0
while IFS= read -r cmd; do
	n=$((n + 1))
	run_example README "$cmd"
done <"$tmp/cmds"
if [ $n -lt 10 ]; then
	fail=$((fail + 1))
	echo "FAIL README: only $n examples found"
fi
# the pages are clean mdoc: mandoc's linter (installed by .ci/run), else
# groff's warnings; neither on the machine: not checked, and said so
for page in "$TOP"/man/*.1; do
	if command -v mandoc >/dev/null 2>&1; then
		mandoc -Tlint -Wwarning "$page" >"$tmp/lint" 2>&1
	elif command -v groff >/dev/null 2>&1; then
		groff -mdoc -ww -z "$page" >"$tmp/lint" 2>&1
	else
		echo "not run (no mandoc or groff): lint of $(basename "$page")"
		continue
	fi
	if [ -s "$tmp/lint" ]; then
		fail=$((fail + 1))
		echo "FAIL lint $(basename "$page"):"
		head -n 5 "$tmp/lint"
	else
		pass=$((pass + 1))
	fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
