# Where no pseudo-terminal can be made (a bare chroot without /dev/pts),
# or script(1) is missing, the progress suite says "not run" for its
# checks under a terminal and runs the others (issue 22: make check
# failed there).  A stand-in script(1) fails as util-linux's does.
# (in a directory of its own: the tests share one)
mkdir suite-progress-no-pty.d && cd suite-progress-no-pty.d || exit 2
mkdir -p bin
cat >bin/script <<'SH'
#!/bin/sh
echo "script: failed to create pseudo-terminal: No such file or directory" >&2
exit 1
SH
chmod +x bin/script
PATH="$PWD/bin:$PATH" sh "$TOP/tests/suite/cli-progress.sh"
echo "exit $?"
# without script(1) at all: a PATH with sh and the tools the suite uses
# (and valgrind, which make check VALGRIND=valgrind runs sgfkit under)
mkdir -p nobin
for t in sh mktemp rm grep cat head; do
	p=$(command -v $t) && ln -s "$p" nobin/$t
done
# Debian's valgrind is a script that runs "$0.bin": a link would not do
if p=$(command -v valgrind); then
	printf '#!/bin/sh\nexec %s "$@"\n' "$p" >nobin/valgrind
	chmod +x nobin/valgrind
fi
PATH="$PWD/nobin" sh "$TOP/tests/suite/cli-progress.sh"
echo "exit $?"
