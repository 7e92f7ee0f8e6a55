"""Structural mutations of fauna's files that keep their integrity checks valid, so the parsers behind them are reached.

A byte flip in a game file only ever tests the hash check. These mutations edit what a forger or a
broken mail program would (whole lines swapped, duplicated, dropped or taken from another file; a
header value or a JSON value replaced by a wrong type, a value nested thousands deep, a 5,000-digit
number, superscript or Arabic-Indic digits, U+202E, U+2028, NUL, a BOM, a move text from another game)
and then recompute what guards the file: the hash chain of logs, key, public and view files
(`rechain`), the `check` line of move files (`recheck`). Damage to the encoding itself (CRLF line ends,
a BOM, a cut in the middle of a character, bytes that are not UTF-8) is applied after that, as a mail
program would.
"""

from __future__ import annotations

import hashlib
import json
import random
import re

from rules.core.log import CHAIN_START, chain

_HASHED = re.compile(r"^(.*) @([0-9a-f]{32})$", re.S)
_NUMBER = re.compile(r"\d+")
_MOVE_LINE = re.compile(r"^((?:move )?\d+ [^:]+: )(.+)$", re.S)


def _deep(n: int, kind: str = "[") -> str:
    return "[" * n + "]" * n if kind == "[" else '{"a": ' * n + "1" + "}" * n


DIGITS = ["²", "٣", "９", "⁵", "²³", "1²", "9" * 5000, "1" * 25, "18446744073709551616", "-1", "0", "00", "+1",
          "1.5", "1e999", "1_0", "nan", "", " 1", "0x10", "999999", "4294967296", "9" * 20, "9" * 12]
TEXTS = ["\u202e", "\u2028", "\u2029", "\x00", "\ufeff", "\r", "\x1b]0;pwned\x07", "\x1b[2J", "\u200b", "e\u0301",
         "\x85", "\t", ";", ":", "#", "'", '"', "\\", " @" + "0" * 32, "A" * 300, "A" * 17000, "²", "٣", "null", " "]
JSON_VALUES = [_deep(1000), _deep(5000), _deep(17), _deep(1000, "{"), "9" * 5000, "-" + "9" * 5000, "1e999",
               "-1e999", "1.5", "-0", "-1", "0", "2", "null", "true", "false", "[]", "{}", '""', '"x"', "[1,2]",
               '["arctic"]', '["fauna"]', '{"seq": 1}', '{"seq": "1", "player": 1}', '"\\u202e"', '"\\u0000"',
               '"\\ud800"', "NaN", "Infinity", "[1, [2, [3]]]", '"' + "A" * 20000 + '"', '"²"', '{"": null}']
TOML_VALUES = ["[" * 600 + "]" * 600, "{ a = " * 40 + "1" + " }" * 40, "9" * 5000, "-" + "9" * 5000, "1e999", "nan",
               "inf", "-inf", "1.5", "-1", "0", "true", '""', '"²"', '"٣"', '"\\u202e"', '"\\u0000"', '"\\u2028"',
               "[]", "{}", '["x", 1]', "1979-05-27", '"' + "A" * 20000 + '"', "'''\n'''", '"arctic"', '"evo"',
               '"exofauna"', '"fauna"', '"random"', '"heuristic"', '"planner"', "0x7fffffffffffffff", "1_000"]


# -- the integrity layer --------------------------------------------------------------------------------------------

def split_hashed(text: str) -> list[tuple[str, bool]]:
    """The lines of a hash-chained file as (text, hashed): the hash is dropped, to be recomputed by `rechain`."""
    out = []
    for line in text.split("\n"):
        m = _HASHED.match(line)
        out.append((m.group(1), True) if m else (line, False))
    return out


def rechain(lines: list[tuple[str, bool]]) -> str:
    """Lines joined with a valid hash chain over the hashed ones (a key file's first line carries none)."""
    head, out = CHAIN_START, []
    for body, hashed in lines:
        if hashed:
            head = chain(head, body)
            out.append(f"{body} @{head}")
        else:
            out.append(body)
    return "\n".join(out)


MOVE_KEYS = ("game", "seq", "player", "move", "after")


def recheck(text: str) -> str:
    """A move file whose `check` line matches its other lines as the reader will read them (first of each key)."""
    lines = text.split("\n")
    values: dict[str, str] = {}
    for ln in lines:
        key, _, value = ln.strip().partition(" ")
        if key in MOVE_KEYS and key not in values:
            values[key] = value.strip()
    if len(values) < len(MOVE_KEYS):
        return text
    seq = values["seq"]
    if seq.isascii() and seq.isdigit() and len(seq) <= 12:
        seq = str(int(seq))
    body = "\n".join([f"game {values['game']}", f"seq {seq}", f"player {values['player']}",
                      f"move {' '.join(values['move'].split())}", f"after {values['after']}"])
    check = hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    out, done = [], False
    for ln in lines:
        if ln.strip().startswith("check ") and not done:
            out.append(f"check {check}")
            done = True
        else:
            out.append(ln)
    return "\n".join(out)


# -- edits of one line --------------------------------------------------------------------------------------------

def _json_spans(line: str) -> list[tuple[int, int]]:
    """Where whole JSON values start and end in a line (after a space: `player "ann" {"bot": "x"}` has two)."""
    dec = json.JSONDecoder()
    spans, i = [], 0
    while i < len(line):
        if line[i] in '{["' and (i == 0 or line[i - 1] == " "):
            try:
                _, end = dec.raw_decode(line, i)
            except (ValueError, RecursionError):
                i += 1
                continue
            spans.append((i, end))
            i = end
        else:
            i += 1
    return spans


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


_MARK = "\x00FUZZ\x00"


def mutate_json(text: str, rng: random.Random, donors: list[str]) -> str:
    """One node of a JSON value replaced, removed or given a sibling; raw text so 5,000-deep values fit too."""
    value = json.loads(text)
    path = () if rng.random() < 0.3 else rng.choice(list(_paths(value)))  # the whole value, often: a wrong type
    raw = rng.choice(JSON_VALUES + [json.dumps(d, ensure_ascii=False) for d in donors[:1]])
    if rng.random() < 0.15:
        raw = json.dumps(rng.choice(TEXTS) if rng.random() < 0.5 else rng.choice(donors or ["x"]),
                         ensure_ascii=rng.random() < 0.3)
    if not path:
        return raw
    parent = value
    for p in path[:-1]:
        parent = parent[p]
    last = path[-1]
    op = rng.random()
    if op < 0.25 and (isinstance(parent, list) or op < 0.15):  # a key or an item removed
        del parent[last]
    elif op < 0.35 and isinstance(parent, dict):
        parent[rng.choice(["x", "seq", "player", "", last + "x" if isinstance(last, str) else "y"])] = _MARK
    elif op < 0.42 and isinstance(parent, list):
        parent.insert(rng.randrange(len(parent) + 1), _MARK)
    else:
        parent[last] = _MARK
    out = json.dumps(value, ensure_ascii=False, sort_keys=rng.random() < 0.8)
    return out.replace(json.dumps(_MARK), raw)


def mutate_line(line: str, rng: random.Random, donors: list[str], moves: list[str]) -> str:
    """One edit of one line: a value, a JSON node, a number, a move text, a hostile character, or a cut."""
    kind = rng.randrange(9)
    if kind <= 1 or (kind == 8 and ("{" in line or "[" in line)):
        spans = _json_spans(line)
        if spans:
            a, b = rng.choice(spans)
            try:
                return line[:a] + mutate_json(line[a:b], rng, donors) + line[b:]
            except (ValueError, RecursionError):
                pass
    if kind == 2 and " " in line:  # the value of a header line ('seed 7', 'quick false', 'head H seq N game G')
        key = line.split(" ", 1)[0]
        same = [d.split(" ", 1)[1] for d in donors if d.startswith(key + " ") and " " in d]
        pool = JSON_VALUES + DIGITS + TEXTS + (same * 3)
        return f"{key} {rng.choice(pool)}"
    if kind == 3 and _NUMBER.search(line):
        matches = list(_NUMBER.finditer(line))
        m = rng.choice(matches)
        return line[:m.start()] + rng.choice(DIGITS) + line[m.end():]
    if kind == 4 and moves:
        m = _MOVE_LINE.match(line)
        if m:
            text = rng.choice(moves)
            if rng.random() < 0.3:
                text = text + rng.choice(TEXTS)
            return m.group(1) + text
    if kind == 5 and line:  # a word replaced by a word of another line
        words = line.split(" ")
        other = rng.choice(donors).split(" ") if donors else ["x"]
        words[rng.randrange(len(words))] = rng.choice(other)
        return " ".join(words)
    if kind == 6:
        return line[: rng.randrange(len(line) + 1)]
    j = rng.randrange(len(line) + 1)
    return line[:j] + rng.choice(TEXTS) + line[j:]


def mutate_lines(lines: list, rng: random.Random, donors: list, edit, focus: list[int] | None = None) -> list:
    """One structural edit of a list of lines: swap, duplicate, drop, insert a line from another file, or edit one.

    `focus`: the lines a reader parses (headers, moves) rather than re-derives; most edits go there.
    """
    lines = list(lines)
    if not lines:
        return [rng.choice(donors)] if donors else lines
    i = rng.choice(focus) if focus and rng.random() < 0.75 else rng.randrange(len(lines))
    op = rng.randrange(10)
    if op == 0 and len(lines) > 1:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 1:
        lines.insert(rng.randrange(len(lines) + 1), lines[i])
    elif op == 2:
        del lines[i]
    elif op == 3 and donors:
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(donors))
    elif op == 4 and donors:
        lines[i] = rng.choice(donors)
    elif op == 5:
        del lines[rng.randrange(len(lines)):]  # truncation
    else:
        lines[i] = edit(lines[i])
    return lines


def damage_bytes(data: bytes, rng: random.Random) -> bytes:
    """Damage below the line level, after the checks are recomputed: CRLF, BOM, a cut, bytes that are not UTF-8."""
    op = rng.randrange(7)
    if op == 0:
        return data.replace(b"\n", b"\r\n")
    if op == 1:
        return b"\xef\xbb\xbf" + data
    if op == 2 and data:
        return data[: rng.randrange(len(data))]
    if op == 3:
        i = rng.randrange(len(data) + 1)
        return data[:i] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\xf4\x90\x80\x80"]) + data[i:]
    if op == 4:
        return data.replace(b"\n", b"\r")
    if op == 5:
        return data + rng.choice([b"\n", b"\n\n", b"trailing", b"\x00", b" "])
    return data.replace(b"\n", b"\n\n", 1)


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


# -- whole files --------------------------------------------------------------------------------------------------

def _parsed_lines(lines: list[tuple[str, bool]], rng: random.Random) -> list[int]:
    """Indexes of lines a reader parses rather than re-derives: the header (up to the first move), or the moves."""
    header, moves, first_move = [], [], True
    for i, (body, _) in enumerate(lines):
        is_move = bool(_MOVE_LINE.match(body))
        first_move = first_move and not is_move
        if first_move or body.startswith(("next ", "reveal ", "view ", "legal ", "head ", "game ", "player ")):
            header.append(i)
        elif is_move:
            moves.append(i)
    return header if rng.random() < 0.5 or not moves else moves


def mutate_chained(data: bytes, rng: random.Random, donors: list[str], moves: list[str]) -> bytes:
    """A log, key, public or view file with 1-3 structural edits and (mostly) its hash chain recomputed."""
    lines = split_hashed(data.decode("utf-8"))
    donor_lines = [(d, True) for d in donors]
    bodies = [b for b, _ in lines if b]

    def edit(item):
        body, hashed = item
        return (mutate_line(body, rng, bodies + donors, moves), hashed)

    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        lines = mutate_lines(lines, rng, donor_lines, edit, _parsed_lines(lines, rng))
    out = _encode(rechain(lines)) if rng.random() < 0.92 else _encode("\n".join(
        f"{b} @{'0' * 32}" if h else b for b, h in lines))
    if rng.random() < 0.12:
        out = damage_bytes(out, rng)
    return out


def mutate_move_file(data: bytes, rng: random.Random, donors: list[str], moves: list[str]) -> bytes:
    """A move file with an edited field or line and (mostly) its check recomputed, then perhaps mailed badly."""
    lines = data.decode("utf-8").split("\n")
    bodies = [ln for ln in lines if ln]

    def edit(line: str) -> str:
        key, _, value = line.partition(" ")
        r = rng.random()
        if key == "seq" and r < 0.6:
            return f"seq {rng.choice(DIGITS)}"
        if key == "move" and r < 0.5:
            return f"move {rng.choice(moves + TEXTS + ['A' * 300])}"
        if key == "player" and r < 0.5:
            return f"player {rng.choice(TEXTS + ['ann', 'ben', 'cat', 'nobody', 'ANN'])}"
        return mutate_line(line, rng, bodies + donors, moves)

    for _ in range(rng.choice((1, 1, 2, 3))):
        lines = mutate_lines(lines, rng, donors, edit)
    text = "\n".join(lines)
    if rng.random() < 0.9:
        text = recheck(text)
    r = rng.random()
    if r < 0.1:
        text = "\n".join("> " + ln for ln in text.split("\n"))
    elif r < 0.15:
        text = "Hi,\nhere is my move.\n\n" + text + "\n-- \nann\n"
    elif r < 0.2:
        text = text + "\n" + text  # the same move twice
    elif r < 0.25:
        text = "\n".join(ln[:20] + "\n" + ln[20:] if len(ln) > 20 else ln for ln in text.split("\n"))  # wrapped
    out = _encode(text)
    if rng.random() < 0.12:
        out = damage_bytes(out, rng)
    return out


def mutate_toml(data: bytes, rng: random.Random, donors: list[str], moves: list[str]) -> bytes:
    """A config or case file with lines moved or a `key = value` given a hostile or borrowed value."""
    lines = data.decode("utf-8").split("\n")
    values = [ln.split("=", 1)[1].strip() for ln in lines + donors if "=" in ln]

    def edit(line: str) -> str:
        if "=" in line and rng.random() < 0.55:
            key = line.split("=", 1)[0]
            r = rng.random()
            if r < 0.45:
                value = rng.choice(TOML_VALUES)
            elif r < 0.75 and values:
                value = rng.choice(values)
            elif r < 0.9 and moves:
                value = json.dumps(rng.choice(moves + TEXTS), ensure_ascii=rng.random() < 0.5)
            else:
                value = rng.choice(DIGITS) or "1"
            return f"{key}= {value}"
        return mutate_line(line, rng, donors, moves)

    return _edited_bytes(lines, rng, donors, edit)


def _edited_bytes(lines: list[str], rng: random.Random, donors: list[str], edit) -> bytes:
    """One to three structural edits of a small text file's lines (`edit` for one line), then, rarely, byte damage."""
    for _ in range(rng.choice((1, 1, 2, 3))):
        lines = mutate_lines(lines, rng, donors, edit)
    out = _encode("\n".join(lines))
    if rng.random() < 0.1:
        out = damage_bytes(out, rng)
    return out


def mutate_script(data: bytes, rng: random.Random, donors: list[str], moves: list[str]) -> bytes:
    """A move script with lines moved, a move from another game or player, or hostile text."""
    lines = data.decode("utf-8").split("\n")

    def edit(line: str) -> str:
        if ": " in line and rng.random() < 0.5:
            who, _, _ = line.partition(": ")
            if rng.random() < 0.2:
                who = rng.choice(["cat", "nobody", "ANN", "\u202eann", "ann\x00", "a" * 30, ""])
            return f"{who}: {rng.choice(moves + TEXTS + ['pass', 'A' * 250, 'x; ' * 100])}"
        return mutate_line(line, rng, donors, moves)

    return _edited_bytes(lines, rng, donors, edit)
