#!/bin/sh
# Throughput of the other formats: GIB, NGF, UGF and OGS JSON read (2,000
# files of each sample set), and the GTP, txt, svg, GIB and NGF writers
# over one Tygem collection.  Prints seconds and files or games per second
# (the best of 3 runs).
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
best() { # label count command...: best of 3 wall-clock seconds
	label=$1 n=$2
	shift 2
	b=
	for i in 1 2 3; do
		/usr/bin/time -f "%e" -o "$tmp/t" "$@" >/dev/null 2>&1
		# (time says "Command exited with non-zero status" first)
		t=$(tail -n 1 "$tmp/t")
		if [ -z "$b" ] || awk "BEGIN{exit !($t < $b)}"; then b=$t; fi
	done
	awk -v l="$label" -v t="$b" -v n="$n" 'BEGIN { if (t <= 0) t = 0.001;
		printf "%-26s %6.2f s %9.0f per s\n", l, t, n / t }'
}
for fmt in gib ngf ugf json; do
	mkdir -p "$tmp/$fmt"
	i=0
	while [ $i -lt 500 ]; do
		for f in "$CORPUS/formats/$fmt"/*; do
			cp "$f" "$tmp/$fmt/$i-$(basename "$f")"
		done
		i=$((i + 1))
	done
	n=$(ls "$tmp/$fmt" | wc -l)
	best "read $fmt -> sgf ($n files)" "$n" \
		"$SGFKIT" convert -r --ext gib,ngf,ugf,ugi,json "$tmp/$fmt"
done
coll=$(ls "$CORPUS"/games/tygem/*.sgf 2>/dev/null | head -n 1)
[ -n "$coll" ] || exit 0
games=$("$SGFKIT" info --no-header "$coll" 2>/dev/null | wc -l)
for to in sgf gtp txt; do
	best "write $to ($games games)" "$games" "$SGFKIT" convert -t $to "$coll"
done
# GIB, NGF and SVG hold one game per file: the collection's games one
# per file (two lines per game in the Tygem sets), written with -d into
# memory where there is /dev/shm (creating files on a virtual disk can
# cost a millisecond each, which would be all this measured)
out=$(mktemp -d -p /dev/shm 2>/dev/null) || out=$tmp/out
trap 'rm -rf "$tmp" "$out"' EXIT
mkdir -p "$tmp/one" "$out"
awk -v d="$tmp/one" 'NR % 2 == 1 { f = sprintf("%s/%05d.sgf", d, (NR - 1) / 2) }
	{ print > f } NR % 2 == 0 { close(f) }' "$coll"
n=$(ls "$tmp/one" | wc -l)
for to in gib ngf svg; do
	best "write $to ($n files)" "$n" "$SGFKIT" convert -t $to -d "$out" \
		-r "$tmp/one"
done
