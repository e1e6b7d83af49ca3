# An escaped ':' inside a part of a composed value is kept, in SGF and
# through JSON (issue 22: AP[My\:App:1.0] came back AP[My:App:1.0], the
# program 'My' version 'App:1.0')
# (in a directory of its own: the tests share one)
mkdir convert-composed-colon.d && cd convert-composed-colon.d || exit 2
printf '(;AP[My\\:App:1.0]LB[aa:a\\:b]XX[p\\:q];B[aa])\n' >ap.sgf
"$SGFKIT" convert --compact ap.sgf
"$SGFKIT" convert -t json ap.sgf | tee ap.json
echo
"$SGFKIT" convert -f json --compact ap.json
