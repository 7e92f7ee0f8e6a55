"""The replay log, which is also the play-by-e-mail game file: write it, read it back, verify every line.

A log is UTF-8 text, one record per line, every line ending in ` @HASH`: HASH is the first 32 hex
digits of SHA-256 over the previous line's HASH, a newline and this line's text, starting from 32
zeros, so each line carries a hash of everything before it and of itself. Layout (replays/README.md
has the full description):

    fauna-log 2                                  format name and version
    seed 7                                       the seed actually used
    data sha256:<64 hex>                         fingerprint of the data files the game used
    preset "published" / units / cards / start / goal / player ...   the effective config
    round 1 alice starts: card 17 green Red fox  a round begins (the card's front only)
    1 alice: Tasmania                            move 1, by alice
    score 1 Red fox: alice +8 =8, bob +0 =0      the round's evaluation
    over alice wins: alice 121, bob 80           the end of a finished game, or instead:
    next 38 bob                                  closing line of an unfinished game: who moves next

Only the moves are read from a log; every other line is re-derived from the config, the seed and
the moves, and must match byte for byte. The module is pure: it neither prints nor writes files.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.errors import ConfigError, FaunaError, IllegalMove, ReplayMismatch
from rules.core.limits import InputRefused, load_json, raw_decode_json
from rules.core.log import CHAIN_START, EDITED, LogFormatError, chain, decode_log
from rules.core.log import LineReader as _Reader
from rules.core.log import short as _short
from rules.fauna import data
from rules.fauna.animals import Deck, deck_files
from rules.fauna.board import Board
from rules.fauna.config import Config
from rules.fauna.events import Event, RoundStarted
from rules.fauna.game import State, new_game
from rules.fauna.moves import Move
from rules.fauna.scales import Scales
from rules.fauna.scoring import PRESET_NAMES, preset, preset_files

FORMAT = "fauna-log"
VERSION = 2  # 2: cards drawn from the box as rounds begin (1 shuffled the whole box first)
BOARD_FILES = ("board.toml", "adjacency.csv", "scales.toml")
HEADER_KEYS = ("fauna-log", "seed", "data", "preset", "units", "cards", "start", "goal", "player")

_MOVE = re.compile(r"^([0-9]{1,20}) ([^:]+): (.+)$", re.S)
_FINGERPRINT = re.compile(r"^sha256:([0-9a-f]{64})$")
_NUMBER = re.compile(r"^(0|[1-9][0-9]{0,19})$")


class LogError(FaunaError):
    """A game that cannot be written as a log (it does not use the installed data)."""


class DataChanged(ReplayMismatch):
    """A log recorded with other data files than the installed ones."""


def data_files(config: Config) -> list[str]:
    """The data files a game depends on: board, adjacency, scales, the deck, and its bundled preset."""
    files = list(BOARD_FILES) + deck_files()
    if _bundled(config):
        files += [f for f in preset_files() if f == f"presets/{config.table.name}.toml"]
    return files


def data_fingerprint(config: Config) -> str:
    """SHA-256 over the data a game uses (a custom preset is in the config itself, so not here)."""
    return data.fingerprint(data_files(config))


def _bundled(config: Config) -> bool:
    return config.table.name in PRESET_NAMES and config.table == preset(config.table.name)


def _js(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def header_lines(config: Config, seed: int, fingerprint: str, start: str) -> list[str]:
    """The header texts (without hashes): format, seed, data fingerprint, then the effective config."""
    game = config.to_dict()["game"]
    out = [f"{FORMAT} {VERSION}", f"seed {seed}", f"data sha256:{fingerprint}", f"preset {_js(game['preset'])}",
           f"units {_js(config.units)}", f"cards {_js(config.cards)}", f"start {_js(start)}",
           f"goal {config.target}"]
    for p in config.players:
        extra = {k: v for k, v in (("bot", p.bot), ("skill", p.skill)) if v is not None}
        out.append(f"player {_js(p.name)}" + (f" {_js(extra)}" if extra else ""))
    return out


def round_line(e: RoundStarted) -> str:
    """A round begins: who holds the lion, and the card drawn (its front only)."""
    return f"round {e.round} {e.starting_player} starts: card {e.card} {e.side} {e.animal}"


def score_line(round_no: int, animal: str, names: Sequence[str], before: list[int], after: list[int]) -> str:
    """A round's evaluation: points won and the new total of every player."""
    return f"score {round_no} {animal}: " + ", ".join(f"{n} +{a - b} ={a}" for n, b, a in
                                                    zip(names, before, after, strict=True))


def over_line(winners: tuple[str, ...], names: Sequence[str], scores: list[int]) -> str:
    """The end: who won and the final scores."""
    who = f"{winners[0]} wins" if len(winners) == 1 else f"{', '.join(winners)} share the win"
    return f"over {who}: " + ", ".join(f"{p} {s}" for p, s in zip(names, scores, strict=True))


class LogWriter:
    """Builds a log line by line while a game is played, keeping the running hash."""

    def __init__(self, state: State, fingerprint: str | None = None) -> None:
        if state.history:
            raise ValueError("a LogWriter starts from a new game")
        _check_installed_data(state)
        self.state = state
        self.fingerprint = fingerprint or data_fingerprint(state.config)
        self.lines: list[str] = []
        self._scores = list(state.score)  # at the start of the round
        self.head = CHAIN_START
        self.header_count = 0
        for text in header_lines(state.config, state.seed, self.fingerprint, state.names[state.start]):
            self._add(text)
        self.header_count = len(self.lines)
        self._add(round_line(state.started_event()))

    def _add(self, text: str) -> None:
        self.head = chain(self.head, text)
        self.lines.append(f"{text} @{self.head}")

    def play(self, player: str, move: Move | str, *, events: bool = True) -> list[Event]:
        """Apply a move for `player` and add its line and what follows from it (evaluation, next round).

        The lines are derived from the state, so writing a log and verifying one (which plays without
        building events) cannot disagree; the events are returned for display.
        """
        state = self.state
        if isinstance(move, str):
            move = state.parse(move)
        rnd, card_pos = state.round, state.card_pos
        out = state.apply(move, player, quiet=not events)
        self._add(f"{state.seq} {player}: {state.move_text(state.history[-1][1])}")
        if state.round != rnd or state.over:  # scores change only here, so the last ones are the round's start
            self._add(score_line(rnd, state.box.card(card_pos).name, state.names, self._scores, state.score))
            self._scores = list(state.score)
            if state.over:
                self._add(over_line(state.winners, state.names, state.score))
            else:
                self._add(round_line(state.started_event()))
        return out

    def closing_line(self) -> str | None:
        """The last line of an unfinished game, naming the next move and its player; None when over."""
        return None if self.state.is_over else self.next_line()

    def next_line(self) -> str:
        """The line naming the next move and its player, with its hash (the closing line while the game goes on)."""
        text = f"next {self.state.seq + 1} {self.state.names[self.state.to_move_index]}"
        return f"{text} @{chain(self.head, text)}"

    def text(self) -> str:
        """The whole log so far."""
        closing = self.closing_line()
        return "\n".join(self.lines + ([closing] if closing else [])) + "\n"


def log_text(state: State, fingerprint: str | None = None) -> str:
    """The complete log of a game so far, re-derived from its config, seed and moves."""
    writer = LogWriter(new_game(state.config, state.seed, board=state.board, scales=state.scales, deck=state.deck),
                       fingerprint)
    for player, move in state.history:
        writer.play(player, move)
    return writer.text()


def _check_installed_data(state: State) -> None:
    if state.deck is not Deck.default() or state.board is not Board.default() or state.scales is not Scales.default():
        raise LogError("a replay log can only record a game played on the installed board, scales and deck")


@dataclass(slots=True)
class Record:
    """One verified line of a log: its number, kind, text and hash; moves keep their number, player and round."""

    line: int
    kind: str  # header, round, move, score, over, next
    text: str
    hash: str
    seq: int | None = None
    player: str | None = None
    round: int | None = None  # of a move


@dataclass
class LoadedLog:
    """A verified log: the game state it leads to, its records, and a writer to continue it."""

    source: str
    state: State
    records: list[Record]
    writer: LogWriter
    fingerprint: str  # as recorded
    installed: str  # of the installed data
    complete: bool  # verified to the end of the file (False when stopped early by `until`)

    @property
    def data_changed(self) -> bool:
        return self.fingerprint != self.installed

    @property
    def head(self) -> str:
        """Hash of the last permanent line: it stands for the whole history."""
        return self.writer.head

    def last_move(self) -> Record | None:
        """The record of the latest move, if any."""
        for r in reversed(self.records):
            if r.kind == "move":
                return r
        return None

    def events(self) -> list[Event]:
        """Every event of the verified moves, in order (re-derived: verifying builds none)."""
        state = self.state
        game = new_game(state.config, state.seed, board=state.board, scales=state.scales, deck=state.deck)
        out: list[Event] = []
        for player, move in state.history:
            out += game.apply(move, player)
        return out


def load_log(text: str, source: str = "<log>", *, ignore_data_change: bool = False, until: int | None = None,
             installed: str | None = None) -> LoadedLog:
    """Re-run a log from its config, seed and moves, checking every line; stop after move `until` if given.

    Raises LogFormatError (not a readable log: exit 2) or ReplayMismatch (it does not verify: exit 4),
    each naming FILE:LINE of the first bad line. A data fingerprint that differs from the installed
    data raises DataChanged unless `ignore_data_change`.
    """
    rd = _Reader(text, source, "fauna game log", f"{FORMAT} {VERSION}")
    config, seed, fingerprint, data_line = _read_header(rd)
    installed = installed or data_fingerprint(config)
    if fingerprint != installed and not ignore_data_change:
        raise DataChanged(
            f"{rd.where(data_line)}: this game was recorded with other game data (sha256:{fingerprint[:16]}...) than "
            f"the installed data (sha256:{installed[:16]}...): the board, scales, presets or animals changed since; "
            "use --ignore-data-change to go on anyway (it then fails at the first line the change affects)",
            data_line + 1)
    state = new_game(config, seed)
    writer = LogWriter(state, fingerprint)
    records: list[Record] = []
    for i, line in enumerate(writer.lines):
        body, h = rd.expect(i, line)
        records.append(Record(i + 1, "header" if i < writer.header_count else "round", body, h))
    pos = len(writer.lines)
    lines = rd.lines
    n_lines = len(lines)
    names = state.names
    complete = True
    while True:
        if state.over:
            if pos < n_lines:
                raise ReplayMismatch(f"{rd.where(pos)}: expected the end of the file after the game's last line, "
                                     f"found {_short(lines[pos])}", pos + 1)
            break
        if until is not None and state.seq >= until:
            complete = False
            break
        if pos >= n_lines:
            closing = writer.next_line()
            raise ReplayMismatch(f"{rd.where(pos - 1)}: expected move {state.seq + 1} by {state.to_move} or the "
                                 f"closing line {_short(closing.rsplit(' @', 1)[0])} after this line, found the end "
                                 "of the file (truncated?)", pos)
        line = lines[pos]
        seq, who, rnd = state.seq + 1, names[state.to_move_index], state.round
        prefix = f"{seq} {who}: "
        if line[-34:-32] == " @" and line.startswith(prefix) and len(line) > len(prefix) + 34:
            text = line[len(prefix):-34]  # a well-formed move line: its hash is checked below, with the rest
        else:  # a closing line, or a line the careful checks explain
            body, h = rd.split(pos)
            if body.startswith("next "):
                rd.expect(pos, writer.next_line())
                records.append(Record(pos + 1, "next", body, h))
                if pos + 1 < n_lines:
                    raise ReplayMismatch(f"{rd.where(pos + 1)}: expected the end of the file after the closing "
                                         f"'next' line, found {_short(lines[pos + 1])}", pos + 2)
                break
            text = _read_move(rd, pos, body, state)
        written = writer.lines
        before = len(written)
        try:
            writer.play(who, state.parse(text), events=False)  # the rules check the move once, here
        except FaunaError as exc:
            rd.split(pos)  # a malformed line is a format error before it is an illegal move
            raise _illegal(rd, pos, state, text, exc) from None
        wline = written[before]
        if line != wline:
            rd.expect(pos, wline)  # raises, saying how the line differs
        records.append(Record(pos + 1, "move", wline[:-34], wline[-32:], seq, who, rnd))
        pos += 1
        for j in range(before + 1, len(written)):  # the evaluation and the next round's card, after a round's last move
            wline = written[j]
            if pos >= n_lines or lines[pos] != wline:
                rd.expect(pos, wline)
            body = wline[:-34]
            records.append(Record(pos + 1, body.split(" ", 1)[0], body, wline[-32:]))
            pos += 1
    return LoadedLog(source, state, records, writer, fingerprint, installed, complete)


def _read_move(rd: _Reader, pos: int, body: str, state: State) -> str:
    """The move text on line `pos`, checked for number and player (ReplayMismatch otherwise)."""
    seq, who = state.seq + 1, state.to_move
    m = _MOVE.match(body)
    if not m:
        raise ReplayMismatch(f"{rd.where(pos)}: expected move {seq} by {who} (as '{seq} {who}: MOVE') or the closing "
                             f"line 'next {seq} {who}', found {_short(body)}", pos + 1)
    if int(m.group(1)) != seq:
        raise ReplayMismatch(f"{rd.where(pos)}: expected move number {seq}, found {m.group(1)} in {_short(body)}",
                             pos + 1)
    if m.group(2) != who:
        raise ReplayMismatch(f"{rd.where(pos)}: expected move {seq} by {who}, found one by {_short(m.group(2))}",
                             pos + 1)
    return m.group(3)


def _illegal(rd: _Reader, pos: int, state: State, text: str, exc: FaunaError) -> ReplayMismatch:
    """The mismatch for a move line the rules refuse (unreadable, or illegal in the position)."""
    return ReplayMismatch(f"{rd.where(pos)}: expected a legal move {state.seq + 1} by {state.to_move}, found "
                          f"{_short(text)}: {exc}", pos + 1)


def _read_header(rd: _Reader) -> tuple[Config, int, str, int]:
    """Parse and hash-check the header lines; returns config, seed, recorded fingerprint, data line index."""
    lines = rd.lines
    first = lines[0]
    if not first.startswith(f"{FORMAT} "):
        raise LogFormatError(f"{rd.where(0)}: not a fauna game log: the first line should be '{FORMAT} {VERSION} @...'")
    body, _ = rd.split(0)
    if body == f"{FORMAT} 1":
        raise LogFormatError(f"{rd.where(0)}: this log is '{FORMAT} 1', written by an older fauna that shuffled the "
                             f"whole box before the first round; this fauna draws cards as rounds begin and reads "
                             f"'{FORMAT} {VERSION}', so it cannot re-run this game")
    if body != f"{FORMAT} {VERSION}":
        raise LogFormatError(f"{rd.where(0)}: unsupported log format {_short(body)}; this fauna reads "
                             f"'{FORMAT} {VERSION}'")
    head = CHAIN_START
    values: dict[str, tuple[int, Any]] = {}  # key -> (line, value as _header_value reads it)
    players: list[tuple[int, dict[str, Any]]] = []
    i = 0
    while i < len(lines):
        body, h = rd.split(i)
        key, _, value = body.partition(" ")
        if key not in HEADER_KEYS:
            break
        want = chain(head, body)
        if h != want:
            raise ReplayMismatch(f"{rd.where(i)}: expected hash {want}, found {h}: {EDITED}", i + 1)
        head = want
        if i == 0:
            values[key] = (0, VERSION)
        elif key == "player":
            players.append((i, _player_value(rd, i, value)))
        elif key in values:
            raise LogFormatError(f"{rd.where(i)}: the header gives '{key}' twice (first on line {values[key][0] + 1})")
        else:
            values[key] = (i, _header_value(rd, i, key, value))
        i += 1
    for key in HEADER_KEYS[1:]:
        if key not in values and not (key == "player" and players) and i == len(lines):
            raise ReplayMismatch(f"{rd.where(i - 1)}: the file ends inside the header, before its '{key}' line "
                                 "(truncated?)", i)
    for key in HEADER_KEYS[1:-1]:
        if key not in values:
            raise LogFormatError(f"{rd.where(min(i, len(lines) - 1))}: the header has no '{key}' line")
    if not players:
        raise LogFormatError(f"{rd.where(min(i, len(lines) - 1))}: the header has no 'player' lines")
    doc = {"game": {k: values[k][1] for k in ("preset", "units", "cards", "start", "goal")},
           "players": [p for _, p in players]}
    try:
        config = Config.from_dict(doc, "<log>")
    except ConfigError as exc:
        key = (exc.key or "").split(".")[-1] if (exc.key or "").startswith("game.") else exc.key or ""
        line = players[0][0] if key.startswith("players") else values.get(key, values["preset"])[0]
        msg = str(exc).removeprefix("<log>: ")
        raise LogFormatError(f"{rd.where(line)}: {msg}") from None
    return config, values["seed"][1], values["data"][1], values["data"][0]


def _header_value(rd: _Reader, i: int, key: str, value: str) -> Any:
    if key in ("seed", "goal"):
        if not _NUMBER.match(value) or int(value) >= 2**64:
            raise LogFormatError(f"{rd.where(i)}: {key} must be a whole number, found {_short(value)}")
        return int(value)
    if key == "data":
        m = _FINGERPRINT.match(value)
        if not m:
            raise LogFormatError(f"{rd.where(i)}: data must be 'sha256:' and 64 hex digits, found {_short(value)}")
        return m.group(1)
    if key == "fauna-log":
        raise LogFormatError(f"{rd.where(i)}: a second '{FORMAT}' line inside the header")
    try:
        v = load_json(value)
    except InputRefused:
        raise LogFormatError(f"{rd.where(i)}: {key} must be a JSON value such as \"metric\", found "
                             f"{_short(value)}") from None
    if key == "preset":
        if isinstance(v, str) and v not in PRESET_NAMES:
            raise LogFormatError(f"{rd.where(i)}: preset {v!r} is not bundled ({', '.join(PRESET_NAMES)}); a log holds "
                                 "a custom scoring table inline")
        if not isinstance(v, (str, dict)):
            raise LogFormatError(f"{rd.where(i)}: preset must be a bundled name or a table")
    elif not isinstance(v, str):
        raise LogFormatError(f"{rd.where(i)}: {key} must be a quoted text, found {_short(value)}")
    return v


def _player_value(rd: _Reader, i: int, value: str) -> dict[str, Any]:
    try:
        name, end = raw_decode_json(value)
        rest = value[end:]
        extra = load_json(rest[1:]) if rest.startswith(" ") else None
        if rest and extra is None:
            raise ValueError
    except (ValueError, InputRefused):
        raise LogFormatError(f"{rd.where(i)}: expected 'player \"NAME\"' with an optional {{\"bot\": ...}}, found "
                             f"{_short(value)}") from None
    if not isinstance(name, str) or (extra is not None and not isinstance(extra, dict)):
        raise LogFormatError(f"{rd.where(i)}: expected 'player \"NAME\"' with an optional {{\"bot\": ...}}")
    return {"name": name, **(extra or {})}


def next_move_check(loaded: LoadedLog, player: str, expected_seq: int | None = None) -> None:
    """Refuse a move by `player` made on a stale view of the game, naming who moved last and when."""
    state = loaded.state
    last = loaded.last_move()
    last_text = (f"the last move was move {last.seq}, by {last.player} ({last.text.split(': ', 1)[1]})" if last
                 else "no move has been made yet")
    if state.is_over:
        raise IllegalMove(f"the game is over ({last_text})")
    nxt = state.seq + 1
    if expected_seq is not None and expected_seq != nxt:
        if expected_seq <= state.seq:
            raise IllegalMove(f"your copy is stale: move {expected_seq} was already made and {last_text}; "
                              f"move {nxt} is {state.to_move}'s")
        raise IllegalMove(f"there is no move {expected_seq - 1} yet: {last_text}; the next is move {nxt}, "
                          f"{state.to_move}'s")
    if player not in state.names:
        raise IllegalMove(f"{player!r} is not playing in this game (players: {', '.join(state.names)})")
    if player != state.to_move:
        if last is not None and last.player == player:
            raise IllegalMove(f"it is {state.to_move}'s turn (move {nxt}): {player} already moved, {last_text}")
        if state.passed[state.names.index(player)]:
            raise IllegalMove(f"{player} passed this round; it is {state.to_move}'s turn (move {nxt}), {last_text}")
        raise IllegalMove(f"it is {state.to_move}'s turn (move {nxt}), not {player}'s; {last_text}")


__all__ = ["CHAIN_START", "DataChanged", "FORMAT", "LoadedLog", "LogError", "LogFormatError", "LogWriter", "Record",
           "VERSION", "chain", "data_files", "data_fingerprint", "decode_log", "header_lines", "load_log", "log_text",
           "next_move_check"]
