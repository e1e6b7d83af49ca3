#!/bin/sh
# make install DESTDIR=... puts the binary, every man page and both
# completions in place, and the installed binary runs.
: "${SGFKIT:=./sgfkit}" "${TOP:=.}"
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; }
d=$(mktemp -d) || exit 2
trap 'rm -rf "$d"' EXIT
if ! make -C "$TOP" -s install DESTDIR="$d" PREFIX=/usr BIN="$SGFKIT" -o "$SGFKIT" >"$d.log" 2>&1; then
	ko "make install failed: $(tail -n 5 "$d.log")"
fi
rm -f "$d.log"
[ -x "$d/usr/bin/sgfkit" ] && ok "binary installed" || ko "binary missing"
for m in "$TOP"/man/*.1; do
	b=$(basename "$m")
	[ -f "$d/usr/share/man/man1/$b" ] && ok "man page $b" || ko "man page $b missing"
done
for b in sgfkit.1 sgfkit-check.1 sgfkit-info.1 sgfkit-convert.1; do
	[ -f "$TOP/man/$b" ] && ok "$b exists" || ko "$b missing from man/"
done
[ -f "$d/usr/share/bash-completion/completions/sgfkit" ] && ok "bash completion" ||
	ko "bash completion missing"
[ -f "$d/usr/share/zsh/site-functions/_sgfkit" ] && ok "zsh completion" ||
	ko "zsh completion missing"
"$d/usr/bin/sgfkit" --version >/dev/null && ok "installed binary runs" ||
	ko "installed binary does not run"
# the bash completion offers the subcommands
if command -v bash >/dev/null; then
	out=$(bash -c ". '$d/usr/share/bash-completion/completions/sgfkit'
		COMP_WORDS=(sgfkit c); COMP_CWORD=1; _sgfkit; echo \${COMPREPLY[*]}" 2>/dev/null)
	[ "$out" = "check convert" ] && ok "bash completion completes 'c'" ||
		ko "bash completion gave '$out'"
	out=$(bash -c ". '$d/usr/share/bash-completion/completions/sgfkit'
		COMP_WORDS=(sgfkit check --ko s); COMP_CWORD=3; _sgfkit; echo \${COMPREPLY[*]}" 2>/dev/null)
	[ "$out" = "simple situational" ] && ok "bash completion of --ko" ||
		ko "bash completion of --ko gave '$out'"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
