# Seki between two chains side by side, read whatever the playouts say
# (estimate.c, read_seki_pairs).  Three positions:
#  - race-shared-libs-seki: no eye against no eye, one outside liberty
#    each and two shared: a seki, nothing dead (the playouts killed the
#    black chain);
#  - tygem-seki-pair (Tygem 476932185, RE W+7.5): White's 14 stones from
#    K19 to G12 share J19, J17 and J15 with Black's H-column chain: a
#    seki the playouts called dead for White (B+23.5);
#  - tygem-ring-no-seki (Tygem 124956289, RE B+4.5): Black's K10-L10
#    (jj, kj) inside a White ring looks like a seki while the dead Black
#    stones around the ring stand; it is not read, and stays dead.
cd "$TOP/testdata"
for f in lifedeath/race-shared-libs-seki.sgf score/tygem-seki-pair.sgf \
	score/tygem-ring-no-seki.sgf; do
	out=$("$SGFKIT" score --json --no-summary "$f")
	echo "$f"
	echo "$out" | grep -o '"result":"[^"]*","recorded":[^,]*,"agrees":[a-z]*'
	echo "$out" | grep -o '"dead":\[[^]]*\]' |
		sed 's/.*"jj","kj".*/K10-L10 dead/; s/"dead":\[\]/nothing dead/'
done
