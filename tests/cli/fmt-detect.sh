# the content decides the format: stdin, and a GIB file named .sgf
cd "$TOP/testdata/fmt"
"$SGFKIT" convert --compact - < handicap2.ngf | cut -c1-80
"$SGFKIT" convert --compact - < amateur.ugf | cut -c1-80
cp utf8.gib "$OLDPWD/misnamed.sgf"
"$SGFKIT" convert --compact "$OLDPWD/misnamed.sgf" | cut -c1-80
"$SGFKIT" convert -f gib --compact - < utf8.gib | cut -c1-80
