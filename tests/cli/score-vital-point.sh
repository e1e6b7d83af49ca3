# A white group whose only eye space is a bulky five with Black's stone
# on its vital point (OGS game 78544): the playouts call the group dead,
# and the lone black stone inside, as unclear as the group, is no partner
# in a capturing race that would revive it.  Recorded B+39.5.
cd "$TOP/testdata/score"
"$SGFKIT" score --no-summary ogs-9x9-vital-point.sgf
