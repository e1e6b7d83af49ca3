# JSON is UTF-8 whatever the file names are: a name's bytes that are
# not UTF-8 (a Latin-1 name, a lone surrogate) become U+FFFD; good
# UTF-8, quotes and control characters are kept, escaped
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
for n in "$(printf 'caf\351')" "$(printf 'x\355\240\200y')" 'k"q\b' "$(printf 'tab\tnl')" '黑é'; do
	cp "$TOP/testdata/cli/ok.sgf" "$d/$n.sgf"
done
cd "$d" || exit 1
LC_ALL=C
export LC_ALL
for c in "info --json" "check --json" "score --json" "convert -t json"; do
	echo "$c:"
	"$SGFKIT" $c --no-summary -j1 -- *.sgf | grep -o '"file":"[^,]*",'
done
