#!/usr/bin/env python3
"""sgfread.py - an independent SGF reader for the round-trip test.

Written from the SGF FF[4] text, not from sgfkit's C code: it decodes a
file (BOM, UTF-16, the first game's CA, UTF-8, a few East-Asian guesses),
splits it into game trees and prints one line per game: a normalised
dump of the tree (preorder list of [parent, [[id, [values...]], ...]]),
values unescaped, lower-case letters dropped from identifiers, repeated
properties of a node merged, FF and CA of the root left out (a writer
sets them).  It applies the same common recoveries a robust reader
must (junk around games, a missing ';' after '(', a ']' inside text that
cannot end the value, a missing final ')').

    sgfread.py FILE...        one line per game: "<md5> <file> <game>"
    sgfread.py -v FILE...     the dumps themselves
"""
import codecs
import hashlib
import json
import re
import sys

CODECS = {
    "UTF8": "utf-8", "USASCII": "utf-8", "ASCII": "utf-8",
    "GB2312": "gb18030", "EUCCN": "gb18030", "GBK": "gb18030",
    "CP936": "gb18030", "GB18030": "gb18030",
    "BIG5": "big5hkscs", "CP950": "big5hkscs", "BIG5HKSCS": "big5hkscs",
    "SHIFTJIS": "cp932", "SJIS": "cp932", "MSKANJI": "cp932",
    "CP932": "cp932", "WINDOWS31J": "cp932", "EUCJP": "euc_jp",
    "ISO2022JP": "iso2022_jp_2", "EUCKR": "cp949", "CP949": "cp949",
    "UHC": "cp949", "KSC5601": "cp949",
    "LATIN1": "latin-1", "ISO88591": "latin-1",
    "UTF16": "utf-16", "UTF16LE": "utf-16-le", "UTF16BE": "utf-16-be",
}

VALUE_FOLLOW = re.compile(r"\s*(?:[\[;()]|[A-Za-z]+\s*\[|$)")
TREE_START = re.compile(r"\((?:\s*\()*\s*(?:;|[A-Z][A-Za-z]*\s*\[)")


def codec_for(name):
    key = re.sub(r"[-_\s]", "", name).upper()
    if key in CODECS:
        return CODECS[key]
    try:
        codecs.lookup(name.strip())
        return name.strip()
    except LookupError:
        return None


def decode(data):
    if data.startswith(codecs.BOM_UTF8):
        return data[3:].decode("utf-8", "replace")
    if data.startswith(codecs.BOM_UTF16_LE):
        return data[2:].decode("utf-16-le", "replace")
    if data.startswith(codecs.BOM_UTF16_BE):
        return data[2:].decode("utf-16-be", "replace")
    if len(data) > 3 and data[0] == 0 and data[1] == ord("("):
        return data.decode("utf-16-be", "replace")
    if len(data) > 3 and data[1] == 0 and data[0] == ord("("):
        return data.decode("utf-16-le", "replace")
    m = re.search(rb"CA\s*\[([^\]]{1,40})\]", data[:65536])
    if m:
        c = codec_for(m.group(1).decode("latin-1"))
        if c and c.startswith("utf-16"):
            c = None
        if c == "utf-8":
            return data.decode("utf-8", "replace")
        if c:
            try:
                return data.decode(c)
            except UnicodeDecodeError:
                pass
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    for c, marks in (("cp932", r"[\u3040-\u30ff]"),
                     ("cp949", r"[\uac00-\ud7a3]"),
                     ("gb18030", r"[\u4e00-\u9fff]"),
                     ("big5hkscs", r"[\u4e00-\u9fff]")):
        try:
            t = data.decode(c)
        except UnicodeDecodeError:
            continue
        if re.search(marks, t):
            return t
    return data.decode("latin-1")


def unescape(v):
    if "\\" not in v:  # most values: nothing to do
        return v
    out = []
    i, n = 0, len(v)
    while i < n:
        c = v[i]
        if c == "\\" and i + 1 < n:
            i += 1
            c = v[i]
            if c in "\r\n":
                if i + 1 < n and v[i + 1] in "\r\n" and v[i + 1] != c:
                    i += 1
                i += 1
                continue
        out.append(c)
        i += 1
    return "".join(out)


# A value: any character, an escaped pair, or a ']' that cannot end the
# value because what follows it cannot follow a value (SGFC's rule).
VAL = r"\[((?:[^\]\\]|\\.|\](?!\s*(?:[\[;()]|[A-Za-z]+\s*\[|$)))*)\]"
VALUE = re.compile(VAL, re.S)
TOKEN = re.compile(r"\s*(?:(\()|(\))|(;)|([A-Za-z]+)\s*((?:" + VAL +
                   r"\s*)+)|(\[)|([A-Za-z]+)|(.))", re.S)


# A run of nodes that hold one move each and nothing else (";B[pd]",
# the bulk of most records), read in one match: the same nodes the
# token loop would make, many times faster.  A value with '\\' or ']'
# in it, a second value or property, or a lower-case letter in the
# identifier ends the run, and the token loop reads on.
RUN = re.compile(r"(?:\s*;\s*[BW]\s*\[[^\]\\]*\](?=\s*[;()]))+")
RUN_NODE = re.compile(r";\s*([BW])\s*\[([^\]\\]*)\]")


def parse_tree(t, i):
    """Parse one tree starting at t[i] == '('.  Returns (nodes, end)."""
    nodes = []  # [parent, [[id, [values]]]]
    stack = []
    cur = -1
    in_seq = False
    n = len(t)
    match = TOKEN.match
    run = RUN.match
    while i < n:
        r = run(t, i)
        if r:
            # each node's parent is the one before it; the first's is cur
            k = len(nodes) - 1
            nodes.extend([[k + j if j else cur, [[ident, [v]]]]
                          for j, (ident, v) in
                          enumerate(RUN_NODE.findall(t, i, r.end()))])
            cur = len(nodes) - 1
            in_seq = True
            i = r.end()
            continue
        m = match(t, i)
        if not m:
            return nodes, n
        i = m.end()
        if m.group(3):
            nodes.append([cur, []])
            cur = len(nodes) - 1
            in_seq = True
        elif m.group(4):
            ident = m.group(4)
            if not ident.isupper():
                # FF[1]-FF[3] identifiers may have lower-case letters
                ident = "".join(ch for ch in ident if ch.isupper())
            if not in_seq:
                nodes.append([cur, []])
                cur = len(nodes) - 1
                in_seq = True
            values = [unescape(v) for v in VALUE.findall(m.group(5))]
            if not ident:
                continue
            props = nodes[cur][1]
            for p in props:
                if p[0] == ident:
                    p[1].extend(values)
                    break
            else:
                props.append([ident, values])
        elif m.group(1):
            stack.append(cur)
            in_seq = False
        elif m.group(2):
            if not stack:
                continue
            cur = stack.pop()
            in_seq = False
            if not stack:
                return nodes, i
        elif m.group(7):  # a value without identifier, or unterminated
            v = VALUE.match(t, i - 1)
            if not v:
                return nodes, n
            i = v.end()
    return nodes, n


def games(text):
    i = 0
    while True:
        m = TREE_START.search(text, i)
        if not m:
            return
        nodes, i = parse_tree(text, m.start())
        if nodes:
            root = nodes[0][1]
            nodes[0][1] = [p for p in root if p[0] not in ("FF", "CA")]
        yield nodes


def main():
    verbose = False
    files = sys.argv[1:]
    if files and files[0] == "-v":
        verbose = True
        files = files[1:]
    k = 0
    for f in files:
        with open(f, "rb") as fh:
            data = fh.read()
        for i, g in enumerate(games(decode(data))):
            k += 1
            s = json.dumps(g, ensure_ascii=False)
            if verbose:
                print(s)
            else:
                print(hashlib.md5(s.encode("utf-8", "surrogatepass"))
                      .hexdigest(), f, i + 1)


if __name__ == "__main__":
    main()
