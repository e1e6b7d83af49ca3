#!/bin/sh
# Rules replay over the real corpus: no false errors.
#   1. games/ and scored/ under each game's own rules (RU, else
#      japanese), all variations: the only errors are the known broken
#      records listed below;
#   2. the same under --rules chinese (positional superko) and --rules
#      aga (situational superko): the only extra errors are superko
#      errors in the known long-cycle games (triple ko and the like,
#      legal under the records' Korean/Japanese rules, found as "cycle"
#      warnings in run 1);
#   3. edge/handmade/: each file's verdict.
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}"
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# "FILE GAME MOVE CODE" per error, sorted (FILE relative to the corpus)
errors() {
	"$SGFKIT" check --json --no-summary -r "$@" "$CORPUS/games" \
		"$CORPUS/scored" 2>/dev/null | python3 -c '
import json, sys
root = sys.argv[1].rstrip("/") + "/"
for line in sys.stdin:
    g = json.loads(line)
    for p in g.get("problems", []):
        if p["severity"] == "error":
            print(g["file"].replace(root, ""), g["game"], p["move"], p["code"])
' "$CORPUS" | sort
}

# The broken records: a Tygem record whose last four moves repeat the
# four before them (each lands on a stone already there).
cat >"$tmp/known" <<'EOT'
games/tygem/tygem_2011-04_resign.sgf 1688 152 occupied
games/tygem/tygem_2011-04_resign.sgf 1688 153 occupied
games/tygem/tygem_2011-04_resign.sgf 1688 154 occupied
games/tygem/tygem_2011-04_resign.sgf 1688 155 occupied
EOT
sort -o "$tmp/known" "$tmp/known"

errors >"$tmp/own"
if cmp -s "$tmp/own" "$tmp/known"; then
	ok "own rules: only the $(wc -l <"$tmp/known") known errors"
else
	ko "own rules: errors differ from the known list"
	diff "$tmp/known" "$tmp/own" | head -n 20
fi

# Games whose record repeats a position: legal under their rules, so
# a superko rule must reject exactly one move in each (one superko
# error per line is reported).  PSK also catches sending-two-
# returning-one repetitions that SSK allows.
cat >"$tmp/cycles_ssk" <<'EOT'
games/tygem/tygem_2006-03_resign.sgf 2309 219 superko
games/tygem/tygem_2007-03_resign.sgf 1392 164 superko
games/tygem/tygem_2009-03_resign.sgf 2754 238 superko
games/tygem/tygem_2009-07_resign.sgf 308 312 superko
games/tygem/tygem_2009-07_resign.sgf 640 244 superko
games/tygem/tygem_2009-11_resign.sgf 3028 128 superko
games/tygem/tygem_2010-07_resign.sgf 4003 167 superko
games/tygem/tygem_2010-07_resign.sgf 880 290 superko
games/tygem/tygem_2010-12_resign.sgf 4860 257 superko
games/tygem/tygem_2010-12_resign.sgf 619 186 superko
games/tygem/tygem_2011-10_resign.sgf 6607 228 superko
EOT
cat "$tmp/cycles_ssk" - >"$tmp/cycles_psk" <<'EOT'
games/ai/The_2nd_World_AI_Go_Open_2018__3-2_AQ_vs_Golaxy.SGF 1 319 superko
games/tygem/tygem_2009-11_resign.sgf 3012 309 superko
scored/gnugo/filllib10.sgf 1 237 superko
scored/gnugo/reading41.sgf 1 132 superko
EOT
sort "$tmp/known" "$tmp/cycles_psk" >"$tmp/want_psk"
sort "$tmp/known" "$tmp/cycles_ssk" >"$tmp/want_ssk"

errors --rules chinese >"$tmp/psk"
if cmp -s "$tmp/psk" "$tmp/want_psk"; then
	ok "--rules chinese: known errors + $(wc -l <"$tmp/cycles_psk") superko"
else
	ko "--rules chinese: errors differ"
	diff "$tmp/want_psk" "$tmp/psk" | head -n 20
fi
errors --rules aga >"$tmp/ssk"
if cmp -s "$tmp/ssk" "$tmp/want_ssk"; then
	ok "--rules aga: known errors + $(wc -l <"$tmp/cycles_ssk") superko"
else
	ko "--rules aga: errors differ"
	diff "$tmp/want_ssk" "$tmp/ssk" | head -n 20
fi
# the same cycles are warnings under the records' own rules
n=$("$SGFKIT" check --json --no-summary -r "$CORPUS/games/tygem" 2>/dev/null |
	grep -c '"code":"cycle"')
if [ "$n" -eq "$(wc -l <"$tmp/cycles_ssk")" ]; then
	ok "own rules: $n cycle warnings in the Tygem games"
else
	ko "own rules: $n cycle warnings, want $(wc -l <"$tmp/cycles_ssk")"
fi

# handmade verdicts: file, expected exit status, expected codes
while read -r f rc codes; do
	out=$("$SGFKIT" check --json --no-summary "$CORPUS/edge/handmade/$f" \
		2>/dev/null)
	got=$?
	c=$(echo "$out" | python3 -c '
import json, sys
for l in sys.stdin:
    g = json.loads(l)
    print(" ".join("%s@%d:%s%s" % (p["code"], p["move"], p["point"],
          "/" + p["variation"] if p["variation"] else "")
          for p in g["problems"]) or "none")')
	if [ "$got" = "$rc" ] && [ "$c" = "$codes" ]; then
		ok "handmade $f: $codes"
	else
		ko "handmade $f: exit $got, '$c'; want exit $rc, '$codes'"
	fi
done <<'EOT'
ok.sgf 0 none
occupied.sgf 1 occupied@2:ee
suicide.sgf 1 suicide@1:aa
ko-violation.sgf 1 ko@2:bb
illegal-in-variation.sgf 1 occupied@2:ee/2.2
EOT

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
