#!/bin/sh
# Throughput of info, convert -t sgf and check over the games of the
# corpus, at -j1 and -j2: MB/s, games/s, peak RSS; then the same stream
# ten times over (peak memory must not grow with the stream).
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
find "$CORPUS/games" -type f \( -name '*.sgf' -o -name '*.SGF' \) | sort |
	xargs cat >"$tmp/all.sgf"
bytes=$(wc -c <"$tmp/all.sgf")
games=$("$SGFKIT" info --no-header -j 2 "$tmp/all.sgf" 2>/dev/null | wc -l)
mb=$(echo "$bytes" | awk '{printf "%.1f", $1 / 1e6}')
echo "stream: $mb MB, $games games (readable), one file"
run() { # label, then the command; prints seconds, MB/s, games/s, RSS
	label=$1
	shift
	best=
	for i in 1 2 3 4 5; do
		# wall time from date (ns), not time's %e (10 ms steps: too
		# coarse for the -j2 speed-up of a 0.2 s run)
		t0=$(date +%s%N)
		/usr/bin/time -f "%e %M %U %S" -o "$tmp/t0" "$@" >/dev/null 2>&1
		t1=$(date +%s%N)
		# (time writes "Command exited with non-zero status" first
		# when check finds problems)
		tail -n 1 "$tmp/t0" >"$tmp/t"
		t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", (b - a) / 1e9 }')
		rss=$(cut -d' ' -f2 "$tmp/t")
		cpu=$(awk '{print $3 + $4}' "$tmp/t")
		if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then
			best=$t
			bestrss=$rss
			bestcpu=$cpu
		fi
	done
	awk -v l="$label" -v t="$best" -v b="$bytes" -v g="$games" -v r="$bestrss" \
		-v cpu="$bestcpu" 'BEGIN { if (t <= 0) t = 0.001;
		if (cpu <= 0) cpu = 0.001;
		printf "%-20s %6.3f s %6.1f MB/s %7.0f games/s %5.1f MB RSS | cpu %.2f s: %6.1f MB/s %7.0f games/s per cpu-second\n",
		l, t, b / 1e6 / t, g / t, r / 1024, cpu, b / 1e6 / cpu, g / cpu }'
	echo "$label $best" >>"$tmp/times"
}
for c in "info" "convert -t sgf" "check"; do
	for j in 1 2; do
		run "$c -j$j" "$SGFKIT" $c -j $j --no-summary "$tmp/all.sgf"
	done
	t1=$(awk -v l="$c -j1" '$0 ~ "^"l" " {print $NF}' "$tmp/times")
	t2=$(awk -v l="$c -j2" '$0 ~ "^"l" " {print $NF}' "$tmp/times")
	awk -v c="$c" -v a="$t1" -v b="$t2" 'BEGIN { if (b > 0)
		printf "%-28s %.2fx\n", c " -j2 speed-up", a / b }'
done
# memory against stream length: the same stream ten times on stdin
for j in 1 2; do
	/usr/bin/time -f "%e %M" -o "$tmp/t1" "$SGFKIT" info -j $j --no-summary - \
		<"$tmp/all.sgf" >/dev/null 2>&1
	tail -n 1 "$tmp/t1" >"$tmp/t1x" && mv "$tmp/t1x" "$tmp/t1"
	i=0
	while [ $i -lt 10 ]; do cat "$tmp/all.sgf"; i=$((i + 1)); done |
		/usr/bin/time -f "%e %M" -o "$tmp/t10" "$SGFKIT" info -j $j \
			--no-summary - >/dev/null 2>&1
	tail -n 1 "$tmp/t10" >"$tmp/t10x" && mv "$tmp/t10x" "$tmp/t10"
	awk -v j=$j -v a="$(cut -d' ' -f2 "$tmp/t1")" -v b="$(cut -d' ' -f2 "$tmp/t10")" \
		-v t="$(cut -d' ' -f1 "$tmp/t10")" -v by="$bytes" \
		'BEGIN { printf "info -j%d stdin x1: %.1f MB peak; x10: %.1f MB peak (%.0f MB/s)\n",
		j, a / 1024, b / 1024, by * 10 / 1e6 / (t > 0 ? t : 0.001) }'
done
