# .gz is read transparently, by name and on stdin
work=$PWD # the test's own directory: testdata is read, never written
cd "$TOP/testdata/cli"
"$SGFKIT" info --no-header archive/2006/c.sgf.gz | cut -f 1,2,13
"$SGFKIT" info --no-header - < archive/2006/c.sgf.gz | cut -f 1,2,13
cat archive/2006/c.sgf.gz | "$SGFKIT" info --no-header | cut -f 1,2,13
# other formats are recognised after inflating, on a pipe too: a
# gzipped GIB and UGF on stdin need no -f
cd "$TOP/testdata/fmt"
gzip -c utf8.gib | "$SGFKIT" info --no-header - | cut -f 1,2,4,5,13
gzip -c amateur.ugf | "$SGFKIT" info --no-header - | cut -f 1,2,4,5,13
gzip -c even.ngf >"$work/even.sgf.gz"
"$SGFKIT" info --no-header "$work/even.sgf.gz" | cut -f 2,4,5,13
