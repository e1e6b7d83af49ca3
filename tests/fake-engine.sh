#!/bin/sh
# fake-engine.sh MODE - a GTP engine for the protocol tests of
# `sgfkit score --engine` (tests/cli/score-engine*.sh,
# tests/unit/test_engine.c).  It answers what sgfkit sends; in a MODE
# other than `ok` it misbehaves at `final_status_list`:
#
#   ok       answer: final_status_list dead is $FAKE_DEAD (vertices),
#            final_status_list seki is $FAKE_SEKI
#   refuse   answer it with '? cannot score this'
#   crash    exit 3, with a last word on stderr
#   hang     never answer (sleep)
#   babble   answer with lines that are not GTP
#   flood    answer with output that never ends (no blank line)
#   errflood never answer, and write on stderr without end
#   unasked  answer, then write a line nobody asked for
#   nostart  exit at once with a message on stderr (an engine that
#            does not start)
#   noseki   refuse final_status_list seki (and answer dead)
#   old      GTP 1: no list_commands
#
# With $FAKE_ONCE naming a file, the misbehaviour happens once: the
# first engine to misbehave creates the file, later ones (restarts)
# answer as `ok` does.  $FAKE_LOG, when set, gets every command
# received (without its id); $FAKE_PIDS gets each engine's process id.
# $FAKE_RULESCMD is the rules command it lists (default kata-set-rules;
# empty: none, as GNU Go).  $FAKE_ILLEGAL names a vertex whose first
# `play` it refuses as an illegal move.
mode=${1:-ok}
[ -n "$FAKE_PIDS" ] && echo $$ >>"$FAKE_PIDS"
if [ "$mode" = nostart ]; then
	echo "fake-engine: cannot load the network" >&2
	exit 1
fi
if [ -n "$FAKE_ONCE" ] && [ "$mode" != ok ]; then
	if [ -e "$FAKE_ONCE" ]; then
		mode=ok
	else
		: >"$FAKE_ONCE"
	fi
fi

answer() { # id text
	printf '=%s %s\n\n' "$1" "$2"
}

while IFS= read -r line; do
	# shellcheck disable=SC2086
	set -- $line
	id=
	case $1 in
	[0-9]*) id=$1 && shift ;;
	esac
	[ $# -gt 0 ] || continue
	cmd=$1
	shift
	[ -n "$FAKE_LOG" ] && echo "$cmd${1+ $*}" >>"$FAKE_LOG"
	case $cmd in
	name) answer "$id" "Fake Engine" ;;
	version) answer "$id" "1.0" ;;
	protocol_version) answer "$id" 2 ;;
	list_commands)
		if [ "$mode" = old ]; then
			printf '?%s unknown command\n\n' "$id"
		else
			answer "$id" "$(printf '%s\n' name version \
				protocol_version list_commands boardsize \
				clear_board komi play fixed_handicap \
				set_free_handicap final_status_list \
				${FAKE_RULESCMD-kata-set-rules} quit)"
		fi
		;;
	quit)
		answer "$id" ""
		exit 0
		;;
	play)
		# $FAKE_ILLEGAL: a vertex refused once, as an illegal move
		if [ -n "$FAKE_ILLEGAL" ] && [ "$2" = "$FAKE_ILLEGAL" ]; then
			FAKE_ILLEGAL=
			printf '?%s illegal move\n\n' "$id"
		else
			answer "$id" ""
		fi
		;;
	final_status_list)
		case $mode.$1 in
		refuse.*) printf '?%s cannot score this\n\n' "$id" ;;
		crash.*)
			echo "fake-engine: segmentation fault" >&2
			exit 3
			;;
		hang.*) exec sleep 600 ;;
		babble.*) printf 'I think\nthat Q16 is dead\n\n' ;;
		errflood.*)
			# stdout stays open (fd 3): no end, no answer
			exec yes 'warning: still thinking' 3>&1 >&2
			;;
		flood.*)
			printf '=%s ' "$id"
			exec yes 'Q16 Q16 Q16 Q16 Q16 Q16 Q16 Q16'
			;;
		unasked.dead)
			# one write: the words come with the answer
			printf '=%s %s\n\nby the way, I like this game\n' \
				"$id" "$FAKE_DEAD"
			;;
		noseki.seki) printf '?%s unknown command\n\n' "$id" ;;
		*.dead) answer "$id" "$FAKE_DEAD" ;;
		*) answer "$id" "$FAKE_SEKI" ;;
		esac
		;;
	*) answer "$id" "" ;;
	esac
done
