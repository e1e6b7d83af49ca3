#!/usr/bin/env python3
"""paired.py - compare commands by CPU time on a machine whose speed drifts.

usage: paired.py [-n ROUNDS] LABEL=COMMAND... [-- INPUT...]

Runs the commands in turns, round after round (every other round
backwards, so that none always runs first), each with the INPUTs
appended, output to /dev/null.  Prints, per command, the median and the
least CPU time (user + system, from wait4) and the median of each
round's ratio of the first command's time to its own: its speed
against the first, 100% for the first itself.  Paired rounds cancel a
drift that best-of-N runs one command after the other take for a
difference between commands: on the machine where this was written,
one binary's `sgfkit info` over the Tygem games took 0.31 s to 0.62 s.

Example: one change, before and after, against info:
    python3 tests/bench/paired.py -n 31 info='./sgfkit info -j 1' \\
        old='/tmp/sgfkit-old dupes -j 1' new='./sgfkit dupes -j 1' \\
        -- ../shared/corpus/games/tygem/*.sgf

A command that exits with a status other than 0 or 1 (sgfkit's "found
a problem") stops the run: its time would not be the work's.
"""
import os
import statistics
import sys


def usage(msg):
    sys.stderr.write("paired.py: %s\n" % msg)
    sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
    sys.exit(2)


def run(argv, devnull):
    """CPU seconds of one run of argv, and its exit status."""
    pid = os.fork()
    if pid == 0:
        try:
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    _, status, ru = os.wait4(pid, 0)
    return ru.ru_utime + ru.ru_stime, os.waitstatus_to_exitcode(status)


def main(args):
    rounds = 15
    if args[:1] == ["-n"]:
        if len(args) < 2 or not args[1].isdigit() or int(args[1]) < 1:
            usage("-n wants a number of rounds, 1 or more")
        rounds = int(args[1])
        args = args[2:]
    inputs = []
    if "--" in args:
        k = args.index("--")
        args, inputs = args[:k], args[k + 1:]
    cmds = []
    for a in args:
        label, eq, cmd = a.partition("=")
        if not eq or not label or not cmd.split():
            usage("'%s' is not LABEL=COMMAND" % a)
        cmds.append((label, cmd.split() + inputs))
    if not cmds:
        usage("no command")
    times = {label: [] for label, _ in cmds}
    devnull = os.open(os.devnull, os.O_WRONLY)
    for r in range(rounds):
        for label, argv in cmds if r % 2 == 0 else cmds[::-1]:
            t, code = run(argv, devnull)
            if code not in (0, 1):
                sys.exit("paired.py: %s exited with %d" % (label, code))
            times[label].append(max(t, 1e-6))
    first = times[cmds[0][0]]
    for label, _ in cmds:
        v = times[label]
        ratio = statistics.median(f / x for f, x in zip(first, v))
        print("%-12s median %.3f s  least %.3f s  speed against %s %4.0f%%"
              % (label, statistics.median(v), min(v), cmds[0][0],
                 100 * ratio))
    print("(%d rounds)" % rounds)


if __name__ == "__main__":
    main(sys.argv[1:])
