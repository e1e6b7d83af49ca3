# convert shows the reader's warnings on stderr, in check's form: a GIB
# WIT line left out of the output is not lost silently; --no-warnings
# keeps errors only; warnings do not change the exit status
cd "$TOP/testdata/fmt"
"$SGFKIT" convert --compact wit-line.gib 2>&1
echo "exit $?"
"$SGFKIT" convert --compact --no-warnings wit-line.gib 2>&1
echo "exit $?"
# an SGF record's warnings too: a repeated property merged, a missing )
printf '(;SZ[9]C[a]C[b];B[ee]' | "$SGFKIT" convert --compact - 2>&1
echo "exit $?"
