#!/bin/sh
# The bash and zsh completions offer every long option each subcommand's
# --help lists (so they cannot fall behind the program), and complete
# option values.  The zsh part runs zsh's real completion system in a
# pseudo-terminal (tests/zsh/complete.zsh); it is skipped, and says so,
# when zsh is not installed (.ci/run installs it).
: "${SGFKIT:=./sgfkit}" "${TOP:=.}"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# long options of a subcommand, from its --help
helpopts() {
	"$SGFKIT" "$1" --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u
}
# words missing from $2 (one per line) that are in $1 (one per line)
missing() {
	printf '%s\n' "$1" >"$tmp/want"
	printf '%s\n' "$2" | tr ' ' '\n' | sort -u >"$tmp/got"
	comm -23 "$tmp/want" "$tmp/got" | tr '\n' ' '
}
bashc() { # bash completion of the words "$@" (the last is completed)
	bash -c '. "$0/completions/sgfkit.bash"
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _sgfkit
		echo "${COMPREPLY[*]}"' "$TOP" "$@" 2>/dev/null
}
zshc() { # zsh completion of the line "$1"
	timeout 30 zsh "$TOP/tests/zsh/complete.zsh" "$TOP/completions" "$1" |
		tr '\n' ' ' | sed 's/ $//'
}
havezsh=false
command -v zsh >/dev/null 2>&1 && havezsh=true
$havezsh || echo "not run (zsh is not installed): the zsh completion"

for cmd in check convert dupes gtp info score select; do
	want=$(helpopts $cmd)
	[ -n "$want" ] || { ko "$cmd --help lists no options"; continue; }
	m=$(missing "$want" "$(bashc sgfkit $cmd --)")
	[ -z "$m" ] && ok || ko "bash: sgfkit $cmd -- lacks $m"
	if $havezsh; then
		m=$(missing "$want" "$(zshc "sgfkit $cmd --" | tr ' ' '\n' |
			sed 's/=$//')")
		[ -z "$m" ] && ok || ko "zsh: sgfkit $cmd -- lacks $m"
	fi
done

# values
check_values() { # shell line expected
	case $1 in
	bash) shift; got=$(bashc $1) ;;
	zsh) shift; got=$(zshc "$1") ;;
	esac
	[ "$got" = "$2" ] && ok || ko "$1: '$2' expected, got '$got'"
}
check_values bash "sgfkit c" "check convert"
check_values bash "sgfkit check --ko s" "simple situational"
check_values bash "sgfkit convert --rotate 1" "180"
check_values bash "sgfkit score --rules a" "aga"
check_values bash "sgfkit gtp --r" "--rules"
check_values bash "sgfkit gtp --rules c" "chinese"
if $havezsh; then
	check_values zsh "sgfkit c" "check convert"
	check_values zsh "sgfkit check --ko " "positional simple situational"
	check_values zsh "sgfkit convert -t " "gib gtp json ngf sgf svg txt"
	check_values zsh "sgfkit score --rules " \
		"aga bga chinese ing japanese korean nz tromp-taylor"
else
	echo "zsh not installed: zsh completion not tested"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
