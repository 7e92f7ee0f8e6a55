"""Limits on untrusted input, checked where input enters, so the engine below may assume sane values.

Every game reads text that people write or mail to each other: configs and presets (TOML), move
scripts, game logs (lines with JSON values), rule-case files and command-line arguments. Python's
own parsers have edges that turn hostile input into crashes or unbounded work: tomllib and json
recurse once per nesting level (RecursionError), `int()` refuses more than 4,300 digits
(ValueError), a `Fraction` with denominator 0 divides by zero, `float('nan')` compares false with
everything. This module holds one documented limit per such edge and small helpers that apply
them, each raising `InputRefused` (a FaunaError, so the CLI prints one line and exit code 2) with a
message that quotes at most a short, escaped excerpt of the input. Nothing here knows any game.

The limits (docs/file-formats.md "Limits" repeats them; a real game never comes near any of them):

- `MAX_LINE_CHARS`: characters on one line of any text file (script, log, case file).
- `MAX_MOVE_CHARS`: characters of one move as a player writes it.
- `MAX_NAME_CHARS`: characters of a player's name; names are printable, visible text, NFC-normalised, with
  no word mixing Latin, Cyrillic and Greek letters.
- `MAX_INT_DIGITS`: digits of a whole number written in text (2^64 has 20).
- `MAX_NESTING`: nesting depth of arrays and tables in TOML, and of JSON values.
- `MAX_GOAL`, `MAX_IDLE_ROUNDS`: the highest goal a game may set, and how many rounds in a row
  computer players may play without anyone scoring before the engine gives up on the game.
- `MAX_*_BYTES`: the size of each kind of file (see `read_bounded` in this module).
"""

from __future__ import annotations

import os
import re
import stat
import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rules.core.errors import FaunaError
from rules.core.names import mixed_alphabets

if TYPE_CHECKING:
    from pathlib import Path

MAX_LINE_CHARS = 16_384
MAX_MOVE_CHARS = 200
MAX_NAME_CHARS = 24
MAX_INT_DIGITS = 20
MAX_NESTING = 16
MAX_GOAL = 1_000
MAX_IDLE_ROUNDS = 200
EXCERPT_CHARS = 60

MAX_CONFIG_BYTES = 1 << 20   # a config or a scoring table (preset) file
MAX_SCRIPT_BYTES = 16 << 20  # a move script
MAX_LOG_BYTES = 64 << 20     # a replay log / game file (a long game is a few hundred kilobytes)
MAX_CASE_BYTES = 8 << 20     # a rule-case file


class InputRefused(FaunaError):
    """Input that breaks a documented limit or cannot be read safely; `line` is 1-based when known.

    The message never names the file (the caller knows it and prefixes `FILE:LINE: `), so each
    reader can raise its own error type with the message.
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        self.message = message
        super().__init__(message)


# -- display ------------------------------------------------------------------------------------------------------

_UNSAFE_CATEGORIES = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def _unsafe(ch: str) -> bool:
    return unicodedata.category(ch) in _UNSAFE_CATEGORIES


def escape_control(text: str) -> str:
    r"""`text` with every control, format, separator or unassigned character written as \xNN / \uNNNN.

    Anything read from a file (a name, a line quoted in an error) goes through this before it reaches
    a terminal, so an escape sequence in a received game file cannot retitle a window or hide text,
    and a message stays on one line.
    """
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch == " " or not _unsafe(ch):
            out.append(ch)
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)


def excerpt(text: str, width: int = EXCERPT_CHARS) -> str:
    """A short quoted, escaped excerpt of untrusted text for an error message: 'abc...' (N characters)."""
    short = text if len(text) <= width else text[:width]
    quoted = "'" + escape_control(short).replace("'", "\\'") + "'"
    return quoted if len(text) <= width else f"{quoted[:-1]}...' ({len(text):,} characters)"


# -- names and numbers ----------------------------------------------------------------------------------------------

def check_name(name: str, max_chars: int = MAX_NAME_CHARS, what: str = "name") -> str:
    """A name as NFC text of 1..max_chars printable characters without leading or trailing space.

    Nor may a name hide anything or pass for another: no space but ' ' and no blank or invisible letter (U+2800,
    Hangul fillers, ...), and no word that mixes Latin, Cyrillic and Greek letters (rules.core.names).

    Returns the NFC form (so 'é' typed as e + accent and as one character is one name); raises
    InputRefused saying what is wrong. Games add their own forbidden characters on top. Names that pass
    are remembered (a log's header names its players several times, and every log of a group the same).
    """
    if not isinstance(name, str):
        raise InputRefused(f"{what} must be a text")
    hit = _GOOD_NAMES.get((name, max_chars))
    if hit is not None:
        return hit
    nfc = unicodedata.normalize("NFC", name)
    if not nfc:
        raise InputRefused(f"{what} is empty")
    if len(nfc) > max_chars:
        raise InputRefused(f"{what} {excerpt(nfc)} is longer than {max_chars} characters")
    bad = next((ch for ch in nfc if _unsafe(ch)), None)
    if bad is not None:
        raise InputRefused(f"{what} {excerpt(nfc)} holds the control or separator character U+{ord(bad):04X}; "
                           "names are printable text")
    if nfc != nfc.strip():
        raise InputRefused(f"{what} {excerpt(nfc)} starts or ends with a space")
    blank = next((ch for i, ch in enumerate(nfc) if _blank(ch, nfc[i - 1] if i else "")), None)
    if blank is not None:
        raise InputRefused(f"{what} {excerpt(nfc)} holds U+{ord(blank):04X} {unicodedata.name(blank, '')}, which "
                           "shows as nothing or as a space; names are visible text")
    mixed = mixed_alphabets(nfc)
    if mixed is not None:
        odd, main, letter = mixed
        raise InputRefused(f"{what} {excerpt(nfc)} mixes {odd} and {main} letters in one word (U+{ord(letter):04X} "
                           f"{unicodedata.name(letter, '')} among {main} letters), so it can pass for another name; "
                           "write each word in one alphabet")
    if len(_GOOD_NAMES) >= 4096:
        _GOOD_NAMES.clear()
    _GOOD_NAMES[(name, max_chars)] = nfc
    return nfc


_GOOD_NAMES: dict[tuple[str, int], str] = {}  # (name, limit) -> its NFC form, for names that passed
# letters that show as nothing or as a blank: Braille blank, Hangul fillers, invisible marks
_BLANK_LETTERS = frozenset("\u2800\u115f\u1160\u3164\uffa0\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f")


def _blank(ch: str, before: str) -> bool:
    """A character that looks like nothing or like a space, where a name would hide it: any space but ' ', a blank
    letter, or a variation selector that follows no symbol (after a letter it changes nothing that shows)."""
    if ch in _BLANK_LETTERS or (ch != " " and unicodedata.category(ch) == "Zs"):
        return True
    variation = "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef"
    return variation and not (before and unicodedata.category(before) == "So")


_DIGITS = re.compile(r"[0-9]+")


def safe_int(text: str, max_digits: int = MAX_INT_DIGITS, what: str = "number") -> int:
    """A whole number of at most `max_digits` decimal digits (ASCII only), else InputRefused."""
    if not isinstance(text, str) or not _DIGITS.fullmatch(text):
        raise InputRefused(f"{what} must be a whole number, found {excerpt(str(text))}")
    if len(text) > max_digits:
        raise InputRefused(f"{what} has {len(text):,} digits; at most {max_digits} are allowed")
    return int(text)


def check_int_range(value: object, low: int, high: int, what: str) -> int:
    """`value` as an int in low..high (bool is not a number here), else InputRefused naming `what`."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        shown = excerpt(str(value)) if isinstance(value, str) else (
            f"a number of {len(str(value)):,} digits" if isinstance(value, int) and abs(value) > 10**30
            else repr(value))
        raise InputRefused(f"{what} must be a whole number from {low} to {high}, not {shown}")
    return value


def check_move_length(text: str) -> None:
    """Refuse a move longer than MAX_MOVE_CHARS before any work on it (a move is a few words): exit 3."""
    if len(text) > MAX_MOVE_CHARS:
        from rules.core.errors import MoveSyntaxError  # a move error, not an InputRefused: exit 3 as for any move

        raise MoveSyntaxError(f"a move of {len(text):,} characters ({excerpt(text, 30)}); a move has at most "
                              f"{MAX_MOVE_CHARS}")


# -- lines --------------------------------------------------------------------------------------------------------

def check_lines(text: str, max_chars: int = MAX_LINE_CHARS) -> None:
    """Refuse text with a line longer than `max_chars` (InputRefused carries the line number)."""
    if len(text) <= max_chars:
        return
    check_line_lengths(text.split("\n"), max_chars)


def check_line_lengths(lines: list[str], max_chars: int = MAX_LINE_CHARS) -> None:
    """check_lines for text split into lines already (a log: splitting two megabytes twice costs)."""
    if max(map(len, lines), default=0) <= max_chars:  # the common case, without a loop in Python
        return
    for n, line in enumerate(lines, 1):
        if len(line) > max_chars:
            raise InputRefused(f"line of {len(line):,} characters; at most {max_chars:,} are allowed", n)


def decode_utf8(raw: bytes) -> str:
    """Bytes as UTF-8 text (a leading BOM dropped), else InputRefused naming the line of the first bad byte."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise InputRefused(f"not UTF-8 text (byte {raw[exc.start]:#04x})", line) from None


# -- nesting, TOML and JSON -----------------------------------------------------------------------------------------

def nesting_depth(text: str, toml: bool = False, limit: int = MAX_NESTING) -> tuple[int, int]:
    """(deepest nesting of [ and {, line where it first exceeds `limit` or 0), outside strings and comments.

    JSON strings are "..." with backslash escapes; with `toml`, also '...' (literal), triple-quoted
    strings and # comments. A conservative scan: table headers count one or two levels, which is far
    below any limit.
    """
    depth = deepest = 0
    line = 1
    over = 0
    i, n = 0, len(text)
    if not any(c in text for c in "[{"):
        return 0, 0
    while i < n:
        c = text[i]
        if c in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if depth > limit and not over:
                    over = line
                    return deepest, over
        elif c in "]}":
            depth = max(depth - 1, 0)
        elif c == "\n":
            line += 1
        elif c == '"' or (toml and c == "'"):
            triple = toml and text.startswith(c * 3, i)
            if triple:
                end = text.find(c * 3, i + 3)
                end = n if end < 0 else end + 3
            else:
                j = i + 1
                while j < n and text[j] != c and text[j] != "\n":
                    j += 2 if (c == '"' and text[j] == "\\") else 1
                end = j + 1
            line += text.count("\n", i, min(end, n))
            i = end
            continue
        elif toml and c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        i += 1
    return deepest, over


_LONG_NUMBER = re.compile(r"[0-9][0-9_]{4000,}")
_BIG_LITERAL = re.compile(r"0[xob][0-9a-fA-F_]{15,}|[0-9][0-9_]{20,}")
_TOML_POS = re.compile(r"\s*\(at line (\d+), column (\d+)\)")


def load_toml(text: str, max_nesting: int = MAX_NESTING) -> dict[str, Any]:
    """TOML text as a dict, with nesting and number size bounded; any problem is InputRefused with its line."""
    _, over = nesting_depth(text, toml=True, limit=max_nesting)
    if over:
        raise InputRefused(f"arrays or tables nested more than {max_nesting} deep", over)
    import tomllib  # imported where used: a quick query that reads no config should not pay for it

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = _TOML_POS.search(msg)
        detail = _TOML_POS.sub("", msg).strip()
        if m:
            raise InputRefused(f"malformed TOML: {detail} (column {m.group(2)})", int(m.group(1))) from None
        raise InputRefused(f"malformed TOML: {detail}", max(text.count("\n"), 1)) from None
    except (ValueError, RecursionError, MemoryError) as exc:  # int() of too many digits, too deep
        m = _LONG_NUMBER.search(text)
        if m:
            digits = len(m.group(0).replace("_", ""))
            raise InputRefused(f"a number of {digits:,} digits; at most {MAX_INT_DIGITS} are allowed",
                               text.count("\n", 0, m.start()) + 1) from None
        raise InputRefused(f"TOML that cannot be read safely ({type(exc).__name__})") from None
    try:
        _check_numbers(doc, ())
    except InputRefused as exc:
        m = _BIG_LITERAL.search(text)
        raise InputRefused(exc.message, text.count("\n", 0, m.start()) + 1 if m else None) from None
    return doc


_INT_LIMIT = 10**MAX_INT_DIGITS


def _check_numbers(value: object, path: tuple[object, ...]) -> None:
    """Refuse whole numbers of more than MAX_INT_DIGITS digits anywhere (TOML's 0x/0o/0b forms escape int()'s limit)."""
    if isinstance(value, dict):
        for k, v in value.items():
            _check_numbers(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _check_numbers(v, (*path, i))
    elif isinstance(value, int) and not isinstance(value, bool) and not -_INT_LIMIT < value < _INT_LIMIT:
        where = ".".join(str(p) for p in path) or "a value"
        raise InputRefused(f"{escape_control(where)}: a whole number of more than {MAX_INT_DIGITS} digits")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise InputRefused(f"a number of {len(text):,} digits; at most {MAX_INT_DIGITS} are allowed")
    return int(text)


def _no_constant(name: str) -> float:
    raise InputRefused(f"{name} is not a number fauna accepts")


def load_json(text: str, max_nesting: int = MAX_NESTING) -> Any:
    """A JSON value with nesting and whole numbers bounded, and NaN/Infinity refused; else InputRefused."""
    value, end = raw_decode_json(text, max_nesting)
    if text[end:].strip():
        raise InputRefused(f"extra text after the JSON value: {excerpt(text[end:])}")
    return value


def raw_decode_json(text: str, max_nesting: int = MAX_NESTING) -> tuple[Any, int]:
    """Like json.JSONDecoder().raw_decode with the bounds of `load_json`: (value, end index)."""
    _, over = nesting_depth(text, limit=max_nesting)
    if over:
        raise InputRefused(f"JSON nested more than {max_nesting} deep")
    import json  # imported where used, as tomllib above

    dec = json.JSONDecoder(parse_int=_bounded_int, parse_constant=_no_constant)
    try:
        value, end = dec.raw_decode(text)
    except InputRefused:
        raise
    except (ValueError, RecursionError) as exc:
        raise InputRefused(f"not a JSON value: {excerpt(text)} ({type(exc).__name__})") from None
    if _SURROGATE_ESCAPE.search(text, 0, end) and _has_lone_surrogate(value):
        raise InputRefused(f"a JSON text holding half a character (a lone \\uD800-\\uDFFF escape): {excerpt(text)}")
    return value, end


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # how a surrogate gets into a JSON string: escaped


def _has_lone_surrogate(value: object) -> bool:
    """Whether a decoded JSON value holds a lone surrogate: no character, and no UTF-8 text (or hash) can hold it."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_has_lone_surrogate(k) or _has_lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_lone_surrogate(v) for v in value)
    return False


# -- files --------------------------------------------------------------------------------------------------------

def check_path(path: str | os.PathLike[str]) -> str:
    """The path as a string, refusing an empty one (which would mean the current folder) or one with a NUL."""
    p = os.fspath(path)  # str: the path is typed as text (a PathLike[str] gives str)
    if not p:
        raise InputRefused("an empty file name")
    if "\x00" in p:
        raise InputRefused(f"{excerpt(p)}: a file name cannot hold a NUL character")
    return p


def read_bounded(path: str | os.PathLike[str], max_bytes: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `max_bytes`, read once through one descriptor.

    Refuses, with InputRefused starting with the path: a missing file, a folder, a device, a FIFO
    or a socket (opened without blocking, so a FIFO cannot hang the reader), and a file that grows
    past the limit while read (/dev/zero-like files and /proc files are never trusted for size).
    """
    p = check_path(path)
    shown = escape_control(p)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(p, flags)
    except FileNotFoundError:
        raise InputRefused(f"{shown}: no such {what}") from None
    except IsADirectoryError:
        raise InputRefused(f"{shown}: is a directory, not a {what}") from None
    except OSError as exc:
        raise InputRefused(f"{shown}: cannot read: {exc.strerror}") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise InputRefused(f"{shown}: is a directory, not a {what}")
        if not stat.S_ISREG(st.st_mode):
            raise InputRefused(f"{shown}: not a regular file (a device, FIFO or socket); a {what} must be a file")
        if st.st_size > max_bytes:
            raise InputRefused(f"{shown}: {st.st_size:,} bytes; a {what} may have at most {max_bytes:,}")
        chunks = []
        total = 0
        while True:
            try:
                chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            except BlockingIOError:  # pragma: no cover - regular files do not block
                continue
            except OSError as exc:
                raise InputRefused(f"{shown}: cannot read: {exc.strerror}") from None
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise InputRefused(f"{shown}: more than {max_bytes:,} bytes; a {what} may have at most that many")
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_bounded_text(path: str | Path, max_bytes: int, what: str = "file",
                      max_line: int = MAX_LINE_CHARS) -> str:
    """A bounded regular file as UTF-8 text with bounded lines; errors start with 'PATH:LINE: ' when a line is known."""
    raw = read_bounded(path, max_bytes, what)
    shown = escape_control(os.fspath(path))
    try:
        text = decode_utf8(raw)
        check_lines(text, max_line)
    except InputRefused as exc:
        raise InputRefused(f"{shown}:{exc.line}: {exc.message}" + (f" (a {what})" if "UTF-8" in exc.message else ""),
                           exc.line) from None
    return text


class ProgressGuard:
    """Stops a loop of computer players' moves that no longer leads anywhere (a table that pays nothing).

    Call `see(round_no, scores)` after each move; after `limit` rounds in a row in which no score
    changed, it raises InputRefused, which is cheaper and clearer than a game that never ends.
    """

    def __init__(self, limit: int = MAX_IDLE_ROUNDS) -> None:
        self.limit = limit
        self.round: int | None = None
        self.scores: tuple[int, ...] | None = None
        self.idle = 0

    def see(self, round_no: int, scores: Iterable[int]) -> None:
        if round_no == self.round:
            return
        now = tuple(scores)
        if self.round is not None:
            self.idle = self.idle + 1 if now == self.scores else 0
        self.round, self.scores = round_no, now
        if self.idle >= self.limit:
            raise InputRefused(f"no one has scored in {self.limit} rounds in a row: with this scoring table and "
                               "these players the game would never end")


__all__ = [
    "EXCERPT_CHARS",
    "MAX_CASE_BYTES",
    "MAX_CONFIG_BYTES",
    "MAX_GOAL",
    "MAX_IDLE_ROUNDS",
    "MAX_INT_DIGITS",
    "MAX_LINE_CHARS",
    "MAX_LOG_BYTES",
    "MAX_MOVE_CHARS",
    "MAX_NAME_CHARS",
    "MAX_NESTING",
    "MAX_SCRIPT_BYTES",
    "InputRefused",
    "ProgressGuard",
    "check_int_range",
    "check_line_lengths",
    "check_lines",
    "check_move_length",
    "check_name",
    "check_path",
    "decode_utf8",
    "escape_control",
    "excerpt",
    "load_json",
    "load_toml",
    "nesting_depth",
    "raw_decode_json",
    "read_bounded",
    "read_bounded_text",
]
