#!/bin/sh
# Records built to find quadratic work and memory in the readers: each
# must read in time and memory in proportion to its size (a run of
# seconds here is a regression).  Prints the best of 3 wall-clock
# seconds, MB per second and the peak resident memory.
#   props    300 nodes of 10,000 distinct identifiers (SGF, then JSON):
#            finding a repeat walked the node's list (67 s and 101 s at
#            f2be3dd; 0.4 s and 0.6 s since)
#   repeats  one node: XA[a]XB[b] 40,000 times, each a repeat to merge
#            (appending walked the property's values: 2.6 s, now 0.00)
#   values   one JSON property of 4 million values (8.7 s with cJSON)
#   nodes    a JSON game of a million nodes (cJSON held 18 bytes of
#            memory a byte)
: "${SGFKIT:=./sgfkit}"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
run() { # label file: best of 3
	label=$1 f=$2 b= m=
	for i in 1 2 3; do
		/usr/bin/time -f "%e %M" -o "$tmp/t" \
			"$SGFKIT" convert -t sgf "$f" >/dev/null 2>&1
		set -- $(tail -n 1 "$tmp/t")
		if [ -z "$b" ] || awk "BEGIN{exit !($1 < $b)}"; then
			b=$1 m=$2
		fi
	done
	awk -v l="$label" -v t="$b" -v m="$m" -v s="$(wc -c <"$f")" \
	    'BEGIN { if (t <= 0) t = 0.001;
		printf "%-34s %6.2f s %7.1f MB/s %6.0f MB peak\n", l, t,
		    s / 1e6 / t, m / 1024 }'
}
awk 'BEGIN { printf "(";
	for (n = 0; n < 300; n++) { printf ";";
		for (k = 0; k < 10000; k++)
			printf "X%c%c%c[]", 65 + int(k / 676) % 26,
			    65 + int(k / 26) % 26, 65 + k % 26 }
	print ")" }' >"$tmp/props.sgf"
run "props: SGF $(($(wc -c <"$tmp/props.sgf") / 1000000)) MB" "$tmp/props.sgf"
"$SGFKIT" convert -t json "$tmp/props.sgf" >"$tmp/props.json"
run "props: JSON $(($(wc -c <"$tmp/props.json") / 1000000)) MB" "$tmp/props.json"
awk 'BEGIN { printf "(;"; for (i = 0; i < 40000; i++) printf "XA[a]XB[b]";
	print ")" }' >"$tmp/repeats.sgf"
run "repeats: SGF" "$tmp/repeats.sgf"
awk 'BEGIN { printf "{\"nodes\":[{\"props\":{";
	for (i = 0; i < 40000; i++) printf "%s\"XA\":[\"a\"],\"XB\":[\"b\"]",
	    i ? "," : ""; print "}}]}" }' >"$tmp/repeats.json"
run "repeats: JSON" "$tmp/repeats.json"
awk 'BEGIN { printf "{\"nodes\":[{\"props\":{\"AB\":[\"aa\"";
	for (i = 1; i < 4000000; i++) printf ",\"aa\""; print "]}}]}" }' \
	>"$tmp/values.json"
run "values: JSON 4 M values" "$tmp/values.json"
awk 'BEGIN { printf "{\"nodes\":[{\"props\":{\"SZ\":[\"19\"]}}";
	for (i = 1; i < 1000000; i++)
		printf ",{\"parent\":%d,\"props\":{\"B\":[\"aa\"]}}", i - 1;
	print "]}" }' >"$tmp/nodes.json"
run "nodes: JSON 1 M nodes $(($(wc -c <"$tmp/nodes.json") / 1000000)) MB" "$tmp/nodes.json"
