# every subcommand has --help on stdout, exit 0
for c in check info convert gtp; do
	"$SGFKIT" $c --help | head -n 1 || exit 1
	"$SGFKIT" $c -h >/dev/null || exit 1
done
