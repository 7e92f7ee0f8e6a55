"""The replay log, which is also the play-by-e-mail game file: write it, read it back, verify every line.

A log is UTF-8 text, one record per line, every line ending in ` @HASH`: HASH is the first 32 hex
digits of SHA-256 over the previous line's HASH, a newline and this line's text, starting from 32
zeros, so each line carries a hash of everything before it and of itself. Layout of `fauna-log 3`
(replays/README.md has the full description, and format 2's):

    fauna-log 3                                  format name and version
    seed 7                                       the seed actually used
    box green 1-180 black 1-180                  the box the seed deals from: card numbers per side
    board sha256:<64 hex>                        fingerprint of the board, scales and bundled preset
    preset "published" / units / cards / start / goal / player ...   the effective config
    round 1 alice starts: card 17 green Red fox  a round begins (the card's front only)
    front 1 {"areas": 3, ...} sealed BASE64      the card's front facts, its answer sealed
    1 alice: Tasmania                            move 1, by alice
    answer 1 Red fox: {"areas": [...], ...}      the round's answer, once it is evaluated
    score 1 Red fox: alice +8 =8, bob +0 =0      the round's evaluation
    over alice wins: alice 121, bob 80           the end of a finished game, or instead:
    next 38 bob                                  closing line of an unfinished game: who moves next

Only the moves, and in format 3 the facts of each card (front and sealed answer), are read from a log;
every other line is re-derived from the config, the seed, the box, those facts and the moves, and must
match byte for byte. So a format-3 game plays on with the facts it was dealt whatever the installed
deck says today. The module is pure: it neither prints nor writes files.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, overload

from rules.core.errors import ConfigError, FaunaError, IllegalMove, ReplayMismatch
from rules.core.limits import InputRefused, load_json, raw_decode_json
from rules.core.log import CHAIN_START, EDITED, LogFormatError, VerifiedHistory, chain, decode_log, move_text
from rules.core.log import LineReader as _Reader
from rules.core.log import short as _short
from rules.fauna import data
from rules.fauna.animals import MEASURES, Animal, Deck, deck_files
from rules.fauna.board import Board
from rules.fauna.config import Config
from rules.fauna.dealing import BoxContents, DealtDeck, parse_box_text
from rules.fauna.events import Event, RoundStarted
from rules.fauna.game import State, new_game
from rules.fauna.moves import Move
from rules.fauna.scales import Scales
from rules.fauna.scoring import PRESET_NAMES, preset, preset_files
from rules.fauna.setup import load_game

if TYPE_CHECKING:
    from rules.core.protocol import GameRules

FORMAT = "fauna-log"
VERSION = 3  # 3: each card's facts recorded as it comes into play; 2: facts from the installed data
VERSIONS = (2, 3)  # the versions this fauna reads (it writes VERSION)
BOARD_FILES = ("board.toml", "adjacency.csv", "scales.toml")
HEADER_KEYS = {2: ("fauna-log", "seed", "data", "preset", "units", "cards", "start", "goal", "player"),
               3: ("fauna-log", "seed", "box", "board", "preset", "units", "cards", "start", "goal", "player")}
_SETTINGS = ("preset", "units", "cards", "start", "goal")

_FINGERPRINT = re.compile(r"^sha256:([0-9a-f]{64})$")
_NUMBER = re.compile(r"^(0|[1-9][0-9]{0,19})$")
_ROUND = re.compile(r"^round ([1-9][0-9]{0,8}) .+ starts: card ([1-9][0-9]{0,5}) (green|black) (.+)$", re.S)
_VALUE = re.compile(r"^[0-9]{1,20}(?:\.[0-9]{1,20}|/[1-9][0-9]{0,20})?$")
_FRONT = re.compile(r"^front ([1-9][0-9]{0,8}) (\{.*\}) sealed ([A-Za-z0-9+/=]+)$", re.S)


class LogError(FaunaError):
    """A game that cannot be written as a log (it does not use the installed data)."""


class DataChanged(ReplayMismatch):
    """A log recorded with other data files than the installed ones."""


# -- fingerprints ---------------------------------------------------------------------------------------

def _bundled(config: Config) -> bool:
    return config.table.name in PRESET_NAMES and config.table == preset(config.table.name)


def board_files(config: Config) -> list[str]:
    """The data a format-3 game takes from the installed data: board, adjacency, scales and its bundled preset."""
    files = list(BOARD_FILES)
    if _bundled(config):
        files += [f for f in preset_files() if f == f"presets/{config.table.name}.toml"]
    return files


def data_files(config: Config) -> list[str]:
    """The data files a format-2 game depends on: board, adjacency, scales, its bundled preset and the deck."""
    return board_files(config)[:3] + deck_files() + board_files(config)[3:]


def data_fingerprint(config: Config) -> str:
    """SHA-256 over every data file a format-2 game uses (a custom preset is in the config itself, so not here)."""
    return data.fingerprint(data_files(config))


def board_fingerprint(config: Config) -> str:
    """SHA-256 over the board, scales and bundled preset: what a format-3 game still takes from the installed data."""
    return data.fingerprint(board_files(config))


def fingerprint_for(config: Config, version: int) -> str:
    """The installed data's fingerprint as a log of `version` records it."""
    return data_fingerprint(config) if version == 2 else board_fingerprint(config)


# -- the lines ------------------------------------------------------------------------------------------

def _js(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def header_lines(config: Config, seed: int, fingerprint: str, start: str, *, version: int = VERSION,
                 box: str | None = None) -> list[str]:
    """The header texts (without hashes): format, seed, (format 3: box,) fingerprint, then the effective config.

    `box` is the box as its line gives it (the setup's `box_text`).
    """
    game = config.to_dict()["game"]
    if version == 2:
        out = [f"{FORMAT} 2", f"seed {seed}", f"data sha256:{fingerprint}"]
    else:
        if box is None:
            raise ValueError("a format-3 header records its box")
        out = [f"{FORMAT} {version}", f"seed {seed}", f"box {box}", f"board sha256:{fingerprint}"]
    out += [f"preset {_js(game['preset'])}", f"units {_js(config.units)}", f"cards {_js(config.cards)}",
            f"start {_js(start)}", f"goal {config.target}"]
    for p in config.players:
        extra = {k: v for k, v in (("bot", p.bot), ("skill", p.skill)) if v is not None}
        out.append(f"player {_js(p.name)}" + (f" {_js(extra)}" if extra else ""))
    return out


def state_header_lines(state: State, version: int = VERSION) -> list[str]:
    """The header of a new game's log, fingerprinted against the installed data."""
    return header_lines(state.config, state.seed, fingerprint_for(state.config, version), state.names[state.start],
                        version=version, box=state.setup.box_text if version >= 3 else None)


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


# -- a card's facts, as format 3 records them -------------------------------------------------------------

def value_text(v: Fraction) -> str:
    """A measured value (kg or cm) as exact decimal text: '1400', '0.003' (a fraction as 'N/D' if need be)."""
    if v.denominator == 1:
        return str(v.numerator)
    as_float = repr(float(v))
    return as_float if "e" not in as_float and Fraction(as_float) == v else f"{v.numerator}/{v.denominator}"


def front_facts(animal: Animal) -> dict[str, Any]:
    """What the card's front shows: class, scientific name, number of areas, the measures asked and which are N/A."""
    return {"class": animal.cls, "scientific": animal.scientific, "areas": animal.n_areas,
            "asks": [m for m in MEASURES if m in animal.measures],
            "n/a": [m for m in MEASURES if m in animal.measures and animal.measures[m] is None]}


def answer_facts(animal: Animal) -> dict[str, Any]:
    """The card's answer: its areas and each measured value (kg, cm) as exact decimal text."""
    out: dict[str, Any] = {"areas": list(animal.areas)}
    for m in MEASURES:
        v = animal.measures.get(m)
        if v is not None:
            out[m] = value_text(v)
    return out


def _keystream(seed: int, round_no: int, n: int) -> bytes:
    """SHA-256 of 'fauna-seal\\nSEED\\nROUND\\nBLOCK' for blocks 0, 1, ... joined, cut to n bytes."""
    prefix = hashlib.sha256(f"fauna-seal\n{seed}\n{round_no}\n".encode())  # hashed once, extended per block
    out = []
    for block in range((n + 31) // 32):
        h = prefix.copy()
        h.update(str(block).encode())
        out.append(h.digest())
    return b"".join(out)[:n]


def seal(seed: int, round_no: int, text: str) -> str:
    """The answer hidden in the round's front line: XOR with a SHA-256 stream of the seed and round, in base64.

    Not a secret from anyone who has the seed (which an open e-mail game shows): it keeps the answer out of
    sight, as the back of a card is, and keeps the dealt facts in the file while the round is played.
    """
    raw = text.encode("utf-8")
    return base64.b64encode(_xor(raw, _keystream(seed, round_no, len(raw)))).decode("ascii")


def _xor(a: bytes, b: bytes) -> bytes:
    return (int.from_bytes(a, "big") ^ int.from_bytes(b, "big")).to_bytes(len(a), "big")


def unseal(seed: int, round_no: int, sealed: str) -> str:
    """The inverse of seal; ValueError when it is not sealed text."""
    raw = base64.b64decode(sealed, validate=True)
    return _xor(raw, _keystream(seed, round_no, len(raw))).decode("utf-8")


_FACTS_TEXT: dict[tuple[int, str], tuple[Animal, str, str]] = {}


def facts_text(animal: Animal) -> tuple[str, str]:
    """The JSON of a card's front facts and of its answer, as format 3 writes them.

    Remembered per card side, for the animal object it was worked out for (every game of a deck shows
    the same animals; an animal with other facts on the same card side is worked out afresh).
    """
    key = (animal.card, animal.side)
    hit = _FACTS_TEXT.get(key)
    if hit is not None and hit[0] is animal:
        return hit[1], hit[2]
    front, answer = _js(front_facts(animal)), _js(answer_facts(animal))
    if len(_FACTS_TEXT) > 4096:
        _FACTS_TEXT.clear()
    _FACTS_TEXT[key] = (animal, front, answer)
    return front, answer


_FRONT_LINES: dict[tuple[int, int, int, str], tuple[Animal, str]] = {}


def front_line(round_no: int, animal: Animal, seed: int) -> str:
    """Format 3, after the round line: the front's facts, and the answer sealed until the evaluation.

    Remembered per seed, round and card side, for the animal object it was written for: verifying a log
    reads each front line (recorded_cards) and then writes it (to compare), and sealing is a hash per line.
    """
    key = (seed, round_no, animal.card, animal.side)
    hit = _FRONT_LINES.get(key)
    if hit is not None and hit[0] is animal:
        return hit[1]
    front, answer = facts_text(animal)
    text = f"front {round_no} {front} sealed {seal(seed, round_no, answer)}"
    if len(_FRONT_LINES) > 4096:
        _FRONT_LINES.clear()
    _FRONT_LINES[key] = (animal, text)
    return text


def answer_line(round_no: int, animal: Animal) -> str:
    """Format 3, before the score line: the answer the round was evaluated with."""
    return f"answer {round_no} {animal.name}: {facts_text(animal)[1]}"


def animal_from_facts(card: int, side: str, name: str, front: Any, answer: Any) -> Animal:
    """An animal rebuilt from a log's facts; ValueError unless they are exactly what fauna writes for one."""
    if not isinstance(front, dict) or not isinstance(answer, dict):
        raise ValueError("facts must be JSON objects")
    asks, na, areas = front.get("asks"), front.get("n/a"), answer.get("areas")
    if not isinstance(asks, list) or not isinstance(na, list) or not isinstance(areas, list):
        raise ValueError("facts without their lists")
    board = Board.default()
    for a in areas:
        found = board.find(a) if isinstance(a, str) else None
        if found is None or found.name != a:
            raise ValueError(f"{a!r} is not an area of the board")
    measures: dict[str, Fraction | None] = {}
    for m in asks:
        if m not in MEASURES:
            raise ValueError(f"{m!r} is not a measure")
        text = answer.get(m)
        if m not in na and (not isinstance(text, str) or not _VALUE.match(text)):  # bounded before Fraction reads it
            raise ValueError(f"{m} must be a decimal number as text")
        measures[m] = None if m in na else Fraction(str(text))
    if any(v is not None and v <= 0 for v in measures.values()):
        raise ValueError("a measured value must be a positive number")
    animal = Animal(card, side, name, str(front.get("scientific")), str(front.get("class")), tuple(areas), measures)
    if front_facts(animal) != front or answer_facts(animal) != answer:
        raise ValueError("facts not as fauna writes them")
    return animal


def recorded_cards(lines: Sequence[str], seed: int, installed: Deck | None = None, *,
                   hashed: bool = True) -> dict[tuple[int, str], Animal]:
    """The facts a format-3 log recorded per card (round line, then front line with the sealed answer).

    `lines` end in ' @HASH' (the file's lines), or with `hashed` False are their texts. A card whose
    recorded facts are the installed deck's is the installed animal itself (so what the rules worked out
    for it is shared between games). Lines that do not read as such are skipped here: verifying the log
    then stops at them, naming the line.
    """
    installed_cards = installed.cards if installed is not None else None
    out: dict[tuple[int, str], Animal] = {}
    end = -34 if hashed else None
    for i in range(1, len(lines)):
        line = lines[i]
        if not line.startswith("front "):
            continue
        m = _FRONT.match(line[:end])
        r = _ROUND.match(lines[i - 1][:end])
        if not m or not r or m.group(1) != r.group(1):
            continue
        card, side, name = int(r.group(2)), r.group(3), r.group(4)
        same = installed_cards.get(card, {}).get(side) if installed_cards is not None else None
        if same is not None and same.name == name and line[:end] == front_line(int(m.group(1)), same, seed):
            out.setdefault((card, side), same)  # the facts the installed deck gives: its own object
            continue
        try:
            animal = animal_from_facts(card, side, name, load_json(m.group(2)),
                                       load_json(unseal(seed, int(m.group(1)), m.group(3))))
        except (ValueError, InputRefused, ZeroDivisionError):
            continue
        out.setdefault((card, side), animal)
    return out


# -- writing --------------------------------------------------------------------------------------------

class LogWriter:
    """Builds a log line by line while a game is played, keeping the running hash."""

    def __init__(self, state: State, fingerprint: str | None = None, version: int | None = None) -> None:
        if state.history:
            raise ValueError("a LogWriter starts from a new game")
        version = log_version(state) if version is None else version
        _check_installed_data(state, version)
        self.state = state
        self.version = version
        self.fingerprint = fingerprint or fingerprint_for(state.config, version)
        self.lines: list[str] = []
        self._scores = list(state.score)  # at the start of the round
        self.head = CHAIN_START
        self.header_count = 0
        box = state.setup.box_text if version >= 3 else None
        for text in header_lines(state.config, state.seed, self.fingerprint, state.names[state.start],
                                 version=version, box=box):
            self._add(text)
        self.header_count = len(self.lines)
        self._open_round()

    def _add(self, text: str) -> None:
        self.head = chain(self.head, text)
        self.lines.append(f"{text} @{self.head}")

    def _open_round(self) -> None:
        state = self.state
        self._add(round_line(state.started_event()))
        if self.version >= 3:
            self._add(front_line(state.round, state.animal, state.seed))

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
            animal = state.box.card(card_pos)
            if self.version >= 3:
                self._add(answer_line(rnd, animal))
            self._add(score_line(rnd, animal.name, state.names, self._scores, state.score))
            self._scores = list(state.score)
            if state.over:
                self._add(over_line(state.winners, state.names, state.score))
            else:
                self._open_round()
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


def log_version(state: State) -> int:
    """The log format a game is recorded in: its log's, when it was read from one, else the one fauna writes."""
    deck = state.deck
    return deck.log_version if isinstance(deck, DealtDeck) else VERSION


def replay_start(state: State) -> State:
    """The same game at its start: same config, seed, data and box (for re-deriving a log or its events)."""
    return state.setup.new_state(state.config, state.seed)


def log_text(state: State, fingerprint: str | None = None, version: int | None = None) -> str:
    """The complete log of a game so far, re-derived from its config, seed and moves."""
    writer = LogWriter(replay_start(state), fingerprint, version)
    for player, move in state.history:
        writer.play(player, move)
    return writer.text()


def _check_installed_data(state: State, version: int) -> None:
    deck = state.deck
    base = deck.base if isinstance(deck, DealtDeck) else deck
    if base is not Deck.default() or state.board is not Board.default() or state.scales is not Scales.default():
        raise LogError("a replay log can only record a game played on the installed board, scales and deck")


# -- reading --------------------------------------------------------------------------------------------

@dataclass(slots=True)
class Record:
    """One verified line of a log: its number, kind, text and hash; moves keep their number, player and round."""

    line: int
    kind: str  # header, round, front, move, answer, score, over, next
    text: str
    hash: str
    seq: int | None = None
    player: str | None = None
    round: int | None = None  # of a move


@dataclass
class LoadedLog(VerifiedHistory):
    """A verified log: the game state it leads to, its records, and a writer to continue it."""

    source: str
    state: State
    records: Sequence[Record]  # every verified line, in file order
    writer: LogWriter
    fingerprint: str  # as recorded
    installed: str  # of the installed data
    complete: bool  # verified to the end of the file (False when stopped early by `until`)
    version: int = VERSION
    round_events: list[list[Event]] | None = None  # with load_log(round_events=True): each round-ending move's events

    @property
    def rules(self) -> GameRules:
        """Fauna's RULES, as a LoadedGame of the shared reader names its game."""
        from rules.core.registry import load_rules

        return load_rules("fauna")

    @property
    def data_changed(self) -> bool:
        """Whether the log's fingerprint differs from the installed data's (format 3: board, scales, preset only)."""
        return self.fingerprint != self.installed

    def next_move_check(self, player: str, expected_seq: int | None = None) -> None:
        """Refuse a move by `player` made on a stale view of this game, naming who moved last and when."""
        next_move_check(self, player, expected_seq)

    def events(self) -> list[Event]:
        """Every event of the verified moves, in order (re-derived: verifying builds none)."""
        state = self.state
        game = replay_start(state)
        out: list[Event] = []
        for player, move in state.history:
            out += game.apply(move, player)
        return out


@dataclass
class Header:
    """What a log's header says: the config, the seed, the recorded fingerprint (and its line), the box."""

    version: int
    config: Config
    seed: int
    fingerprint: str
    fingerprint_line: int
    box: BoxContents | None  # format 3
    box_line: str | None = None  # format 3: the box as its line gives it (what box_text writes for `box`)


def load_log(text: str, source: str = "<log>", *, ignore_data_change: bool = False, until: int | None = None,
             installed: str | None = None, round_events: bool = False) -> LoadedLog:
    """Re-run a log from its config, seed and moves, checking every line; stop after move `until` if given.

    Raises LogFormatError (not a readable log: exit 2) or ReplayMismatch (it does not verify: exit 4),
    each naming FILE:LINE of the first bad line. A fingerprint that differs from the installed data's
    raises DataChanged unless `ignore_data_change` (format 2: any data file; format 3: the board, scales
    or preset, since its cards' facts are in the log). `installed` is the installed fingerprint of a
    format-2 log when the caller has it already (a format-3 one is quick to take).
    """
    rd = _Reader(text, source, "fauna game log", f"{FORMAT} {VERSION}")
    header = _read_header(rd)
    if header.version != 2 or installed is None:
        installed = fingerprint_for(header.config, header.version)
    if header.fingerprint != installed and not ignore_data_change:
        raise _data_changed(rd, header, installed)
    state = _start_state(rd, header)
    writer = LogWriter(state, header.fingerprint)
    marks = _verify_opening(rd, writer)
    verifier = _MoveVerifier(rd, writer, marks, round_events)
    complete = verifier.run(until)
    return LoadedLog(source, state, _Records(marks, rd.lines), writer, header.fingerprint, installed, complete,
                     header.version, verifier.round_events)


def _data_changed(rd: _Reader, header: Header, installed: str) -> DataChanged:
    """The refusal of a log whose recorded data differs from the installed data, saying what it means."""
    where, recorded = rd.where(header.fingerprint_line), header.fingerprint
    if header.version == 2:
        return DataChanged(
            f"{where}: this game ('{FORMAT} 2') was recorded with other game data (sha256:{recorded[:16]}...) than "
            f"the installed data (sha256:{installed[:16]}...): the board, scales, presets or animals changed since, "
            f"and a '{FORMAT} 2' game takes its cards' facts from the installed data. To go on, use the fauna "
            "release it was started with, or --ignore-data-change (it then fails at the first line the change "
            f"affects); games started now are written as '{FORMAT} {VERSION}', which keeps its cards' facts",
            header.fingerprint_line + 1)
    return DataChanged(
        f"{where}: this game was played on another board, scales or scoring preset (sha256:{recorded[:16]}...) "
        f"than the installed ones (sha256:{installed[:16]}...); its cards' facts are in the file, but these are "
        "not. Use --ignore-data-change to go on anyway (it then fails at the first line the change affects)",
        header.fingerprint_line + 1)


def _start_state(rd: _Reader, header: Header) -> State:
    """The game at its start: format 3 deals from its recorded box and plays its cards' recorded facts."""
    base = Deck.default()
    if header.version == 2:  # the installed box and facts, kept with the game so it goes on in format 2
        installed = load_game(header.config)
        deck = DealtDeck(base, installed.box, None, log_version=2, box_line=installed.box_text)
    else:
        assert header.box is not None
        deck = DealtDeck(base, header.box, recorded_cards(rd.lines, header.seed, base), box_line=header.box_line)
    try:
        return new_game(header.config, header.seed, deck=deck)
    except ConfigError as exc:  # e.g. a box without a card of the game's colour
        raise LogFormatError(f"{rd.where(2)}: {exc}") from None


class _Records(Sequence[Record]):
    """A verified log's Records, made from the marks verifying left when first asked for (most replays never ask)."""

    def __init__(self, marks: list[Mark], lines: list[str]) -> None:
        self._marks, self._lines = marks, lines
        self._made: list[Record] | None = None

    def _all(self) -> list[Record]:
        if self._made is None:
            lines = self._lines
            self._made = [Record(i + 1, kind, lines[i][:-34], lines[i][-32:], seq, who, rnd)
                          for i, kind, seq, who, rnd in self._marks]
        return self._made

    def __len__(self) -> int:
        return len(self._marks)

    @overload
    def __getitem__(self, i: int) -> Record: ...

    @overload
    def __getitem__(self, i: slice) -> list[Record]: ...

    def __getitem__(self, i: int | slice) -> Record | list[Record]:
        return self._all()[i]

    def __iter__(self) -> Iterator[Record]:
        return iter(self._all())


Mark = tuple[int, str, int | None, str | None, int | None]  # a line: index, kind, and a move's seq, player, round


def _verify_opening(rd: _Reader, writer: LogWriter) -> list[Mark]:
    """The header and the first round's lines must be exactly the writer's."""
    marks: list[Mark] = []
    for i, line in enumerate(writer.lines):
        body, _ = rd.expect(i, line)
        marks.append((i, "header" if i < writer.header_count else body.split(" ", 1)[0], None, None, None))
    return marks


class _MoveVerifier:
    """Walks the lines after the opening: each move is read and played, and the lines it implies must follow.

    Each verified line leaves a mark (a small tuple); the Records are made from them only if asked for.
    """

    def __init__(self, rd: _Reader, writer: LogWriter, marks: list[Mark], round_events: bool = False) -> None:
        self.rd, self.writer, self.marks = rd, writer, marks
        self.state = writer.state
        self.lines = rd.lines
        self.pos = len(writer.lines)
        # with round_events, the events of each move that ends a round (the log's next line says so) are kept,
        # so `fauna replay` draws the round tables from this one pass instead of playing the game again
        self.round_events: list[list[Event]] | None = [] if round_events else None

    def run(self, until: int | None) -> bool:
        """Verify to the end (True), or stop after move `until` (False).

        This loop is most of a replay's time, so the common case (a well-formed move line) is read here and
        the lines the writer adds after the move are compared in place; anything else goes to the careful
        checks, which name the line and what differs.
        """
        state, lines, writer, marks, rd = self.state, self.lines, self.writer, self.marks, self.rd
        n_lines, names, written, keep = len(lines), state.names, writer.lines, self.round_events
        while True:
            if state.over:
                self._expect_end("the game's last line")
                return True
            if until is not None and state.seq >= until:
                return False
            pos = self.pos
            if pos >= n_lines:
                self._truncated()
            line = lines[pos]
            seq, who, rnd = state.seq + 1, names[state.to_move_index], state.round
            prefix = f"{seq} {who}: "
            if line[-34:-32] == " @" and line.startswith(prefix) and len(line) > len(prefix) + 34:
                text = line[len(prefix):-34]  # a well-formed move line: its hash is checked with the rest
            else:
                found = self._other_line()
                if found is None:  # the closing line, verified
                    return True
                text = found
            ends = keep is not None and pos + 1 < n_lines and lines[pos + 1].startswith(("score ", "answer "))
            before = len(written)
            try:
                events = writer.play(who, state.parse(text), events=ends)  # the rules check the move once, here
            except FaunaError as exc:
                rd.split(pos)  # a malformed line is a format error before it is an illegal move
                raise _illegal(rd, pos, state, text, exc) from None
            if ends and keep is not None and len(events) > 1:
                keep.append(events)
            if line != written[before]:
                rd.expect(pos, written[before])  # raises, saying how the line differs
            marks.append((pos, "move", seq, who, rnd))
            pos += 1
            if len(written) > before + 1:  # the evaluation and the next round's card, after a round's end
                for wline in written[before + 1:]:
                    if pos >= n_lines or lines[pos] != wline:
                        rd.expect(pos, wline)
                    marks.append((pos, wline[:wline.index(" ")], None, None, None))
                    pos += 1
            self.pos = pos

    def _expect_end(self, after: str, at: int | None = None) -> None:
        pos = self.pos if at is None else at
        if pos < len(self.lines):
            raise ReplayMismatch(f"{self.rd.where(pos)}: expected the end of the file after {after}, found "
                                 f"{_short(self.lines[pos])}", pos + 1)

    def _truncated(self) -> None:
        state, pos = self.state, self.pos
        closing = self.writer.next_line()
        raise ReplayMismatch(f"{self.rd.where(pos - 1)}: expected move {state.seq + 1} by {state.to_move} or the "
                             f"closing line {_short(closing.rsplit(' @', 1)[0])} after this line, found the end "
                             "of the file (truncated?)", pos)

    def _other_line(self) -> str | None:
        """A line that is not a well-formed move line: the closing line (None once verified), or a move the
        careful checks read (its text) or explain (ReplayMismatch, LogFormatError)."""
        state, pos = self.state, self.pos
        body, _ = self.rd.split(pos)
        if body.startswith("next "):
            self.rd.expect(pos, self.writer.next_line())
            self.marks.append((pos, "next", None, None, None))
            self._expect_end("the closing 'next' line", pos + 1)
            return None
        return _read_move(self.rd, pos, body, state)


def _read_move(rd: _Reader, pos: int, body: str, state: State) -> str:
    """The move text on line `pos`, checked for number and player (ReplayMismatch otherwise)."""
    return move_text(rd, pos, body, state.seq + 1, state.to_move)


def _illegal(rd: _Reader, pos: int, state: State, text: str, exc: FaunaError) -> ReplayMismatch:
    """The mismatch for a move line the rules refuse (unreadable, or illegal in the position)."""
    return ReplayMismatch(f"{rd.where(pos)}: expected a legal move {state.seq + 1} by {state.to_move}, found "
                          f"{_short(text)}: {exc}", pos + 1)


def _read_version(rd: _Reader) -> int:
    """The format version on the first line: one this fauna reads, or LogFormatError saying which it reads."""
    if not rd.lines[0].startswith(f"{FORMAT} "):
        raise LogFormatError(f"{rd.where(0)}: not a fauna game log: the first line should be '{FORMAT} {VERSION} @...'")
    body, _ = rd.split(0)
    if body == f"{FORMAT} 1":
        raise LogFormatError(f"{rd.where(0)}: this log is '{FORMAT} 1', written by an older fauna that shuffled the "
                             f"whole box before the first round; this fauna draws cards as rounds begin and reads "
                             f"'{FORMAT} 2' and '{FORMAT} 3', so it cannot re-run this game")
    for v in VERSIONS:
        if body == f"{FORMAT} {v}":
            return v
    raise LogFormatError(f"{rd.where(0)}: unsupported log format {_short(body)}; this fauna reads "
                         + " and ".join(f"'{FORMAT} {v}'" for v in VERSIONS))


def _read_header(rd: _Reader) -> Header:
    """Parse and hash-check the header lines into the game's config, seed, fingerprint and box."""
    version = _read_version(rd)
    keys = HEADER_KEYS[version]
    values, players, end = _header_values(rd, keys)
    _check_header_complete(rd, keys, values, players, end)
    config = _header_config(rd, values, players)
    fp_key = "data" if version == 2 else "board"
    if version < 3:
        return Header(version, config, values["seed"][1], values[fp_key][1], values[fp_key][0], None)
    return Header(version, config, values["seed"][1], values[fp_key][1], values[fp_key][0], values["box"][1],
                  rd.split(values["box"][0])[0].removeprefix("box "))


def _header_values(rd: _Reader, keys: tuple[str, ...]
                   ) -> tuple[dict[str, tuple[int, Any]], list[tuple[int, dict[str, Any]]], int]:
    """Each header line's value by key (with its line), the player lines, and the line after the header."""
    lines = rd.lines
    head = CHAIN_START
    values: dict[str, tuple[int, Any]] = {}  # key -> (line, value as _header_value reads it)
    players: list[tuple[int, dict[str, Any]]] = []
    i = 0
    while i < len(lines):
        body, h = rd.split(i)
        key, _, value = body.partition(" ")
        if key not in keys:
            break
        want = chain(head, body)
        if h != want:
            raise ReplayMismatch(f"{rd.where(i)}: expected hash {want}, found {h}: {EDITED}", i + 1)
        head = want
        if i == 0:
            values[key] = (0, value)
        elif key == "player":
            players.append((i, _player_value(rd, i, value)))
        elif key in values:
            raise LogFormatError(f"{rd.where(i)}: the header gives '{key}' twice (first on line {values[key][0] + 1})")
        else:
            values[key] = (i, _header_value(rd, i, key, value))
        i += 1
    return values, players, i


def _check_header_complete(rd: _Reader, keys: tuple[str, ...], values: dict[str, tuple[int, Any]],
                           players: list[tuple[int, dict[str, Any]]], end: int) -> None:
    """Every header key must be there: a file ending inside the header is truncated, else malformed."""
    n = len(rd.lines)
    for key in keys[1:]:
        if key not in values and not (key == "player" and players) and end == n:
            raise ReplayMismatch(f"{rd.where(end - 1)}: the file ends inside the header, before its '{key}' line "
                                 "(truncated?)", end)
    for key in keys[1:-1]:
        if key not in values:
            raise LogFormatError(f"{rd.where(min(end, n - 1))}: the header has no '{key}' line")
    if not players:
        raise LogFormatError(f"{rd.where(min(end, n - 1))}: the header has no 'player' lines")


def _header_config(rd: _Reader, values: dict[str, tuple[int, Any]], players: list[tuple[int, dict[str, Any]]]
                   ) -> Config:
    """The effective config the header gives; a bad value names its line."""
    doc = {"game": {k: values[k][1] for k in _SETTINGS}, "players": [p for _, p in players]}
    try:
        return Config.from_dict(doc, "<log>")
    except ConfigError as exc:
        key = (exc.key or "").split(".")[-1] if (exc.key or "").startswith("game.") else exc.key or ""
        line = players[0][0] if key.startswith("players") else values.get(key, values["preset"])[0]
        msg = str(exc).removeprefix("<log>: ")
        raise LogFormatError(f"{rd.where(line)}: {msg}") from None


def _header_value(rd: _Reader, i: int, key: str, value: str) -> Any:
    if key in ("seed", "goal"):
        if not _NUMBER.match(value) or int(value) >= 2**64:
            raise LogFormatError(f"{rd.where(i)}: {key} must be a whole number, found {_short(value)}")
        return int(value)
    if key in ("data", "board"):
        m = _FINGERPRINT.match(value)
        if not m:
            raise LogFormatError(f"{rd.where(i)}: {key} must be 'sha256:' and 64 hex digits, found {_short(value)}")
        return m.group(1)
    if key == "box":
        try:
            return parse_box_text(value)
        except ValueError as exc:
            raise LogFormatError(f"{rd.where(i)}: box: {exc}, found {_short(value)}") from None
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
           "VERSION", "VERSIONS", "board_fingerprint", "chain", "data_files", "data_fingerprint", "decode_log",
           "header_lines", "load_log", "log_text", "next_move_check"]
