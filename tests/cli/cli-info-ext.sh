# --ext chooses what -r reads
cd "$TOP/testdata/cli"
"$SGFKIT" info --no-header -r --ext txt archive | cut -f 1,2
"$SGFKIT" info --no-header -r --ext .txt,sgf archive | cut -f 1,2
