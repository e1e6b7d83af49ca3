# An escaped ':' inside a part of a composed value is kept, in SGF and
# through JSON (issue 22: AP[My\:App:1.0] came back AP[My:App:1.0], the
# program 'My' version 'App:1.0')
printf '(;AP[My\\:App:1.0]LB[aa:a\\:b]XX[p\\:q];B[aa])\n' >ap.sgf
"$SGFKIT" convert --compact ap.sgf
"$SGFKIT" convert -t json ap.sgf | tee ap.json
echo
"$SGFKIT" convert -f json --compact ap.json
