"""gtp_session.py - what the GTP tests share: run a GTP program on a
script of commands and read its answers; keep one program in a
conversation.  Imported by the suites and corpus tests of `sgfkit gtp`
(issue 25)."""
import subprocess


def split_answers(text):
    """A GTP transcript -> the list of its responses, each without its
    blank line ("= C3", "? illegal move")."""
    out, cur = [], []
    for line in text.split("\n"):
        if line == "":
            if cur:
                out.append("\n".join(cur))
                cur = []
        else:
            cur.append(line)
    if cur:
        out.append("\n".join(cur))
    return out


def run_script(argv, commands, timeout=600):
    """The answers of program argv to the commands (one a line)."""
    p = subprocess.run(argv, input="\n".join(commands) + "\n",
                       capture_output=True, text=True, timeout=timeout)
    return split_answers(p.stdout)


class Engine:
    """One GTP program in a conversation: ask() sends a command and
    returns (ok, text)."""

    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True,
                                  bufsize=1)

    def ask(self, command):
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise EOFError("%s: no answer to '%s'" % (self.p.args[0],
                                                          command))
            line = line.rstrip("\r\n")
            if line == "" and lines:
                break
            if line != "" or lines:
                lines.append(line)
        first = lines[0]
        text = first[1:].lstrip("0123456789").strip()
        rest = "\n".join(lines[1:])
        return first[0] == "=", (text + ("\n" + rest if rest else "")).strip()

    def close(self):
        try:
            self.ask("quit")
        except (EOFError, BrokenPipeError):
            pass
        self.p.wait(timeout=30)
