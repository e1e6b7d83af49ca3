#!/bin/sh
# Life-and-death positions (testdata/lifedeath/cases.tsv, see its
# README): `sgfkit score --json` on each final position, its dead list
# compared with the expected one.
#
#   sh tests/suite/lifedeath.sh [--strict] [--rewrite] [--seeds N] [PATTERN...]
#
# One line per case: "ok" (right, as expected), "FAIL" (wrong although
# the manifest's today column says pass: a regression, the suite exits
# 1), "known" (wrong, and today says fail), "fixed" (right although
# today says fail: not a failure, but time to set today to pass), each
# with the stones missing from the estimate and the extra ones.  Then
# the count per class, "N of M positions right", and the "N passed, N
# failed" line of tests/run.sh (known and fixed cases pass).
#   --strict   every wrong case fails, whatever today says
#   --rewrite  also print the manifest with today set from this run
#              (to stdout, after the report; nothing is written)
#   --seeds N  also run each case under --seed 1 to N-1 and say on its
#              line under how many of the N seeds it is right, and the
#              total after the counts (the verdicts are the default
#              seed's): a case right by the playouts' luck shows here
#   PATTERN    run only the cases whose file name contains one of them
# valgrind: skip (70 full estimates take 80 s)
# (test_lifedeath, test_dragon and the score goldens take the same code
# through valgrind)
: "${SGFKIT:=./sgfkit}" "${TOP:=.}"
D=$TOP/testdata/lifedeath
strict=false
rewrite=false
seeds=1
pats=
while [ $# -gt 0 ]; do
	case $1 in
	--strict) strict=true ;;
	--rewrite) rewrite=true ;;
	--seeds)
		case ${2:-x} in
		*[!0-9]* | 0*)
			echo "lifedeath.sh: --seeds needs a number of 1 or more" >&2
			exit 2
			;;
		esac
		seeds=$2
		shift
		;;
	-h | --help)
		sed -n '2,22s/^# \{0,1\}//p' "$0"
		exit 0
		;;
	-*)
		echo "lifedeath.sh: unknown option '$1'" >&2
		exit 2
		;;
	*) pats="$pats $1" ;;
	esac
	shift
done
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# sorted, space-separated, trimmed
norm() {
	printf '%s\n' "$1" | tr ' ' '\n' | sed '/^$/d' | sort | tr '\n' ' ' |
		sed 's/ $//'
}
# words of $1 that are not in $2
minus() {
	printf '%s\n' "$1" | tr ' ' '\n' | sed '/^$/d' | sort >"$tmp/a"
	printf '%s\n' "$2" | tr ' ' '\n' | sed '/^$/d' | sort >"$tmp/b"
	comm -23 "$tmp/a" "$tmp/b" | tr '\n' ' ' | sed 's/ $//'
}

# the manifest without comments, one case a line, fields joined by a
# character no field holds (tabs would merge empty fields in `read`)
if [ ! -f "$D/cases.tsv" ]; then
	echo "FAIL cannot read $D/cases.tsv"
	echo "0 passed, 1 failed"
	exit 1
fi
awk -F '\t' '!/^#/ && NF { if (NF != 7) { print "BAD\t" NR; next }
	print $1 "|" $2 "|" $3 "|" $4 "|" $5 "|" $6 }' "$D/cases.tsv" >"$tmp/cases"

n=0 right=0 pass=0 fail=0
: >"$tmp/classes"
: >"$tmp/today"
while IFS='|' read -r file class want seki rules today; do
	case $file in
	BAD*)
		echo "FAIL cases.tsv line ${file#BAD	}: not 7 tab-separated fields"
		fail=$((fail + 1))
		continue
		;;
	esac
	if [ -n "$pats" ]; then
		hit=false
		for p in $pats; do
			case $file in *"$p"*) hit=true ;; esac
		done
		$hit || continue
	fi
	n=$((n + 1))
	set -- score --json
	[ -n "$rules" ] && [ "$rules" != "-" ] && set -- "$@" --rules "$rules"
	"$SGFKIT" "$@" "$D/$file" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	got=$(sed -n 's/.*"dead":\[\([^]]*\)\].*/\1/p' "$tmp/out" | head -n 1 |
		tr -d '"' | tr ',' ' ')
	want=$(norm "$want")
	got=$(norm "$got")
	if [ $rc -gt 1 ] || ! grep -q '"dead":\[' "$tmp/out"; then
		ok=false
		why="sgfkit exit $rc: $(head -c 200 "$tmp/err")"
	elif [ "$got" = "$want" ]; then
		ok=true
	else
		ok=false
		miss=$(minus "$want" "$got")
		extra=$(minus "$got" "$want")
		why="missing: ${miss:--}; extra: ${extra:--}"
	fi
	# the other seeds: only counted
	k=0
	$ok && k=1
	s=1
	while [ $s -lt "$seeds" ]; do
		"$SGFKIT" "$@" --seed $s "$D/$file" 2>/dev/null |
			sed -n 's/.*"dead":\[\([^]]*\)\].*/\1/p' | head -n 1 |
			tr -d '"' | tr ',' ' ' >"$tmp/seed"
		[ "$(norm "$(cat "$tmp/seed")")" = "$want" ] && k=$((k + 1))
		s=$((s + 1))
	done
	allk=$((${allk:-0} + k))
	of=
	[ "$seeds" -gt 1 ] && of=" [right under $k of $seeds seeds]"
	if $ok; then
		right=$((right + 1))
		echo "$class 1" >>"$tmp/classes"
		echo "$file pass" >>"$tmp/today"
		if [ "$today" = fail ]; then
			echo "fixed $file ($class): now right, set today to pass$of"
		else
			echo "ok $file ($class)$of"
		fi
		pass=$((pass + 1))
	else
		echo "$class 0" >>"$tmp/classes"
		echo "$file fail" >>"$tmp/today"
		if [ "$today" = fail ] && ! $strict; then
			echo "known $file ($class): $why$of"
			pass=$((pass + 1))
		else
			echo "FAIL $file ($class): $why$of"
			fail=$((fail + 1))
		fi
	fi
done <"$tmp/cases"

echo "by class (right of total):"
awk '{ t[$1]++; r[$1] += $2; if (!($1 in o)) o[$1] = ++k }
	END { for (c in o) ord[o[c]] = c
	      for (i = 1; i <= k; i++) { c = ord[i]
	      printf "  %-16s %2d of %2d\n", c, r[c], t[c] } }' "$tmp/classes"
echo "$right of $n positions right"
[ "$seeds" -gt 1 ] &&
	echo "$((${allk:-0})) of $((n * seeds)) right under $seeds seeds each"
if $rewrite; then
	echo "--- cases.tsv with today from this run:"
	awk -F '\t' -v OFS='\t' 'NR == FNR { t[$1] = $2; next }
		!/^#/ && NF == 7 && ($1 in t) { $6 = t[$1] } { print }' \
		FS=' ' "$tmp/today" FS='\t' "$D/cases.tsv"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
