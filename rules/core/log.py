"""The hash-chained game log that every game writes, verifies and continues (it is also the e-mail game file).

A log is UTF-8 text, one record per line, every line ending in ` @HASH`: HASH is the first 32 hex
digits of SHA-256 over the previous line's HASH, a newline and this line's text, starting from 32
zeros, so each line carries a hash of everything before it and of itself. Layout:

    GAME-log N                    the game's header (its `header_lines`): format, seed, effective config
    ...                           the game's opening lines (public facts before the first move)
    SEQ PLAYER: MOVE              one line per decision, in the game's move language
    ...                           the game's lines after that move (round ends, scores, the end)
    next SEQ PLAYER               closing line of an unfinished game: who decides next (not permanent)

Only the move texts are read from a log; every other line is re-derived by the game's rules from the
config, the seed and the moves, and must match byte for byte, so a log can never say something its
moves do not imply. A game whose lines record facts as they come into play (a card's facts when it is
drawn; `GameRules.facts`) is re-run with the facts its log recorded, so a data update never breaks it.
Verifying compares each line whole with the line the writer derives; only a line that differs goes to the
careful checks that say how. The module is pure: it neither prints nor writes files. Fauna's own log
(`rules/fauna/replay.py`) uses the same chain and reader with a writer of its own.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.core.errors import FaunaError, ReplayMismatch
from rules.core.limits import MAX_LINE_CHARS, InputRefused, check_line_lengths, excerpt

if TYPE_CHECKING:
    from rules.core.protocol import GameRules

HASH_DIGITS = 32
KEY_FORMAT = "fauna-key 2"  # the first line of a referee's key file (rules/core/referee.py)
VIEW_FORMAT = "fauna-view 2"  # the first line of a player's view file (the same)
KEY_FORMATS = ("fauna-key 1", KEY_FORMAT)  # every version still read (1: before players had secrets)
VIEW_FORMATS = ("fauna-view 1", VIEW_FORMAT)
CHAIN_START = "0" * HASH_DIGITS
EDITED = "this line was edited, or a line just before it was removed, added or moved"

_LINE = re.compile(rf"^(.*) @([0-9a-f]{{{HASH_DIGITS}}})$", re.S)
_MOVE = re.compile(r"^([0-9]{1,20}) ([^:]+): (.+)$", re.S)  # ASCII digits only


class LogFormatError(FaunaError):
    """A log that is not readable as a log at all (not UTF-8, a line without its hash, a bad header)."""


def chain(previous: str, body: str) -> str:
    """The hash a line carries: SHA-256 of the previous line's hash, a newline and this line's text."""
    return hashlib.sha256(f"{previous}\n{body}".encode()).hexdigest()[:HASH_DIGITS]


def short(text: str, width: int = 90) -> str:
    """A quoted excerpt of a line for an error message, control characters escaped, never much over `width`."""
    return excerpt(text, width - 2)


def decode_log(raw: bytes, source: str) -> str:
    """Log bytes as text; bytes that are not UTF-8 are a format error naming their line."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise LogFormatError(f"{source}:{line}: not UTF-8 text (byte {raw[exc.start]:#04x}): not a fauna log, "
                             "or the file was damaged") from None


class LineReader:
    """The lines of a log with helpers that check each against what the writer expects.

    With `first` (e.g. 'fauna-log 2') a file whose first line is not that format's is refused at once
    as not a log at all (exit 2), before any line is read; every line is bounded in length.
    """

    def __init__(self, text: str, source: str, what: str = "fauna game log", first: str | None = None) -> None:
        self.source = source
        if text.startswith("\ufeff"):
            text = text[1:]
        if not text:
            raise LogFormatError(f"{source}:1: the file is empty: not a {what}")
        if text.startswith(KEY_FORMAT + " "):  # never quoted: its first line holds the secret salt
            raise LogFormatError(f"{source}:1: a referee's key file (secret: it holds the seed), not a {what}; "
                                 "give it with --key KEY")
        if first is not None and not text.startswith(first.split(" ")[0] + " ") and not first.startswith(text):
            raise LogFormatError(f"{source}:1: not a {what}: the first line should be '{first} @...', found "
                                 f"{short(text.split(chr(10), 1)[0], 40)}")
        lines = text.split("\n")
        try:
            check_line_lengths(lines, MAX_LINE_CHARS)
        except InputRefused as exc:
            raise LogFormatError(f"{source}:{exc.line}: {exc.message}: not a fauna log line") from None
        if lines[-1]:  # the text does not end in a line end
            n = len(lines)
            raise ReplayMismatch(f"{source}:{n}: the last line has no line end: the file was cut short", n)
        lines.pop()
        self.lines = lines
        if "\r" in text:  # a copy that went through a CRLF system
            self.lines = [ln[:-1] if ln.endswith("\r") else ln for ln in self.lines]

    def where(self, i: int) -> str:
        return f"{self.source}:{i + 1}"

    def split(self, i: int) -> tuple[str, str]:
        """(text, hash) of line i, or LogFormatError when it does not end in a hash."""
        m = _LINE.match(self.lines[i])
        if not m:
            raise LogFormatError(f"{self.where(i)}: malformed line: expected 'TEXT @HASH' ending in a "
                                 f"{HASH_DIGITS}-digit lowercase hex hash, found {short(self.lines[i])}")
        return m.group(1), m.group(2)

    def expect(self, i: int, line: str) -> tuple[str, str]:
        """Line i must be exactly `line`; else ReplayMismatch 'expected ..., found ...'."""
        text, want = line.rsplit(" @", 1)
        if i >= len(self.lines):
            raise ReplayMismatch(f"{self.where(len(self.lines) - 1)}: expected {short(text)} after this line, "
                                 "found the end of the file (truncated?)", len(self.lines))
        body, found = self.split(i)
        if body != text:
            raise ReplayMismatch(f"{self.where(i)}: expected {short(text)}, found {short(body)}", i + 1)
        if found != want:
            raise ReplayMismatch(f"{self.where(i)}: expected hash {want}, found {found}: {EDITED}", i + 1)
        return body, found


class GameLog:
    """Builds the log of a protocol game line by line while it is played, keeping the running hash."""

    def __init__(self, rules: GameRules, state: Any) -> None:
        if state.history:
            raise ValueError("a GameLog starts from a new game")
        self.rules = rules
        self.state = state
        self.lines: list[str] = []
        self.head = CHAIN_START
        for text in rules.header_lines(state):
            self._add(text)
        self.header_count = len(self.lines)
        for text in rules.opening_lines(state):
            self._add(text)

    def _add(self, text: str) -> None:
        self.head = chain(self.head, text)
        self.lines.append(f"{text} @{self.head}")

    def play(self, player: str, move: Any) -> list[Any]:
        """Apply a move (checked for `player`) and add its line and the game's lines after it; returns events."""
        state = self.state
        if isinstance(move, str):
            move = state.parse(move)
        events: list[Any] = state.apply(move, player)
        self._add(f"{state.seq} {player}: {state.move_text(state.history[-1][1])}")
        for text in self.rules.lines_after(state, events):
            self._add(text)
        return events

    def closing_line(self) -> str | None:
        """The last line of an unfinished game, naming the next decision and its player; None when over."""
        if self.state.is_over:
            return None
        text = f"next {self.state.seq + 1} {self.state.to_move}"
        return f"{text} @{chain(self.head, text)}"

    def text(self) -> str:
        """The whole log so far."""
        closing = self.closing_line()
        return "\n".join(self.lines + ([closing] if closing else [])) + "\n"


@dataclass(slots=True)
class Record:
    """One verified line of a log: its number, kind, text and hash; moves keep their number and player."""

    line: int
    kind: str  # header, move, next, or the first word of a game's own line
    text: str
    hash: str
    seq: int | None = None
    player: str | None = None


class VerifiedHistory:
    """What every verified log answers (the shared one and Fauna's): its head hash and its latest move."""

    records: Sequence[Any]  # line records, each with a `kind` ("move", ...)
    writer: Any  # the writer that continues the log; its `head` is the last permanent line's hash

    @property
    def head(self) -> str:
        """Hash of the last permanent line: it stands for the whole history."""
        head: str = self.writer.head
        return head

    def last_move(self) -> Any:
        """The record of the latest move, if any."""
        for r in reversed(self.records):
            if r.kind == "move":
                return r
        return None


@dataclass
class LoadedGame(VerifiedHistory):
    """A verified log of a protocol game: the state it leads to, its records, and its writer to continue it."""

    source: str
    rules: GameRules
    state: Any
    records: list[Record]
    writer: GameLog
    events: list[Any]  # every event of the verified moves, in order
    complete: bool  # verified to the end of the file (False when stopped early by `until`)


def load_game_log(text: str, source: str, rules: GameRules, *, until: int | None = None) -> LoadedGame:
    """Re-run a protocol game's log from its header and moves, checking every line; stop after move `until`.

    A game that records facts as they come into play (`rules.facts`) plays the facts its lines record, not
    the installed data's. Raises LogFormatError (not readable as a log: exit 2) or ReplayMismatch (does not
    verify: exit 4), each naming FILE:LINE of the first bad line.
    """
    fmt = f"{rules.log_format} {rules.log_version}"
    rd = LineReader(text, source, f"{rules.title} game log", fmt)
    body, _ = rd.split(0)  # the reader refused a first line of another format
    if body != fmt:
        raise LogFormatError(f"{rd.where(0)}: unsupported log format {short(body)}; this fauna reads '{fmt}'")
    texts = []
    for i in range(len(rd.lines)):
        m = _LINE.match(rd.lines[i])
        if not m:
            break
        texts.append(m.group(1))
    try:
        config, seed, _used = rules.parse_header(texts, source)
        state = rules.start_from_log(config, seed, texts)
    except FaunaError as exc:
        if isinstance(exc, (LogFormatError, ReplayMismatch)):
            raise
        raise LogFormatError(str(exc) if str(exc).startswith(source) else f"{rd.where(0)}: {exc}") from None
    writer = GameLog(rules, state)
    records: list[Record] = []
    for i, line in enumerate(writer.lines):
        body, h = rd.expect(i, line)
        records.append(Record(i + 1, "header" if i < writer.header_count else body.split(" ", 1)[0], body, h))
    verifier = _MoveVerifier(rd, writer, records)
    complete = verifier.run(until)
    return LoadedGame(source, rules, state, records, writer, verifier.events, complete)


class _MoveVerifier:
    """Walks the lines after the opening: each move is read and played, and the lines it implies must follow.

    The common case is fast: a line that starts as the next move's must is taken as that move, and every line
    is compared whole with the line the writer derives; only a line that differs goes to the careful checks,
    which name it and say what differs (the same checks, in the same order, as reading each line apart).
    """

    def __init__(self, rd: LineReader, writer: GameLog, records: list[Record]) -> None:
        self.rd, self.writer, self.records = rd, writer, records
        self.pos = len(writer.lines)
        self.events: list[Any] = []  # every event of the verified moves, in order

    def run(self, until: int | None) -> bool:
        """Verify to the end (True), or stop after move `until` (False)."""
        rd, writer, records, events = self.rd, self.writer, self.records, self.events
        state, lines, written = writer.state, rd.lines, writer.lines
        n_lines = len(lines)
        while True:
            if state.is_over:
                self._expect_end(self.pos, "the game's last line")
                return True
            if until is not None and state.seq >= until:
                return False
            pos = self.pos
            seq, who = state.seq + 1, state.to_move
            if pos >= n_lines:
                raise ReplayMismatch(f"{rd.where(pos - 1)}: expected move {seq} by {who} or the closing line "
                                     f"'next {seq} {who}' after this line, found the end of the file (truncated?)",
                                     pos)
            line = lines[pos]
            prefix = f"{seq} {who}: "
            if line[-HASH_DIGITS - 2:-HASH_DIGITS] == " @" and line.startswith(prefix) \
                    and len(line) > len(prefix) + HASH_DIGITS + 2:
                move = line[len(prefix):-HASH_DIGITS - 2]  # a well-formed move line: its hash is checked below
            else:
                found = self._other_line(pos, seq, who)
                if found is None:  # the closing line, verified
                    return True
                move = found
            before = len(written)
            try:
                events += writer.play(who, move)
            except FaunaError as exc:
                rd.split(pos)  # a malformed line is a format error before it is an illegal move
                raise ReplayMismatch(f"{rd.where(pos)}: expected a legal move {seq} by {who}, found "
                                     f"{short(move)}: {exc}", pos + 1) from None
            for j in range(before, len(written)):
                wline = written[j]
                if pos >= n_lines or lines[pos] != wline:
                    rd.expect(pos, wline)  # raises, saying how the line differs
                text_j = wline[:-HASH_DIGITS - 2]
                if j == before:
                    records.append(Record(pos + 1, "move", text_j, wline[-HASH_DIGITS:], seq, who))
                else:
                    records.append(Record(pos + 1, text_j.split(" ", 1)[0], text_j, wline[-HASH_DIGITS:]))
                pos += 1
            self.pos = pos

    def _expect_end(self, pos: int, after: str) -> None:
        lines = self.rd.lines
        if pos < len(lines):
            raise ReplayMismatch(f"{self.rd.where(pos)}: expected the end of the file after {after}, found "
                                 f"{short(lines[pos])}", pos + 1)

    def _other_line(self, pos: int, seq: int, who: str) -> str | None:
        """A line that is not a well-formed move line: the closing line (None once verified), or a move the careful
        checks read (its text) or explain (ReplayMismatch, LogFormatError)."""
        rd = self.rd
        body, h = rd.split(pos)
        if body.startswith("next "):
            closing = self.writer.closing_line()
            assert closing is not None
            rd.expect(pos, closing)
            self.records.append(Record(pos + 1, "next", body, h))
            self._expect_end(pos + 1, "the closing 'next' line")
            return None
        return move_text(rd, pos, body, seq, who)


def move_text(rd: LineReader, pos: int, body: str, seq: int, who: str | None) -> str:
    """The move text of line `pos` (its text `body`), checked to be move `seq` by `who` (ReplayMismatch otherwise)."""
    m = _MOVE.match(body)
    if not m:
        raise ReplayMismatch(f"{rd.where(pos)}: expected move {seq} by {who} (as '{seq} {who}: MOVE') or the closing "
                             f"line 'next {seq} {who}', found {short(body)}", pos + 1)
    if int(m.group(1)) != seq:
        raise ReplayMismatch(f"{rd.where(pos)}: expected move number {seq}, found {m.group(1)} in {short(body)}",
                             pos + 1)
    if m.group(2) != who:
        raise ReplayMismatch(f"{rd.where(pos)}: expected move {seq} by {who}, found one by {short(m.group(2))}",
                             pos + 1)
    return m.group(3)


__all__ = ["CHAIN_START", "EDITED", "GameLog", "HASH_DIGITS", "LineReader", "LoadedGame", "LogFormatError", "Record",
           "chain", "decode_log", "load_game_log", "move_text", "short"]
