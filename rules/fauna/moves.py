"""Moves as players write them ('Tasmania', 'weight 200-500 kg', 'weight 18', 'pass') and back."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.errors import MoveSyntaxError
from rules.fauna.board import Board
from rules.fauna.scales import Scales

# What a player may type before a scale space, longest first; all name one of the three scales.
SCALE_WORDS = (
    ("total length", "length"), ("body length", "length"), ("tail length", "tail"),
    ("weight", "weight"), ("mass", "weight"), ("length", "length"), ("height", "length"),
    ("size", "length"), ("tail", "tail"),
)


@dataclass(frozen=True, slots=True)
class Move:
    """A placement on an area, a placement on a scale space (0-based), or a pass."""

    kind: str  # "area", "scale" or "pass"
    area: str | None = None
    scale: str | None = None
    space: int | None = None
    target: tuple = field(init=False, compare=False, repr=False)  # the board spot the move takes (see __post_init__)

    def __post_init__(self) -> None:
        # ('area', name) or ('scale', key, space): built once, as the rules look spots up by it on every move
        object.__setattr__(self, "target", ("area", self.area) if self.kind == "area"
                           else ("scale", self.scale, self.space))

    @classmethod
    def place_area(cls, name: str) -> Move:
        return cls("area", area=name)

    @classmethod
    def place_scale(cls, scale: str, space: int) -> Move:
        return cls("scale", scale=scale, space=space)

    @classmethod
    def pass_(cls) -> Move:
        return PASS

    def text(self, scales: Scales | None = None, units: str = "metric") -> str:
        """The move as a player writes it; parse_move reads it back to the same move."""
        if self.kind == "pass":
            return "pass"
        if self.kind == "area":
            return self.area
        scales = scales or Scales.default()
        return f"{self.scale} {scales.get(self.scale).label(self.space, units)}"


PASS = Move("pass")


def parse_move(text: str, board: Board | None = None, scales: Scales | None = None, units: str = "metric") -> Move:
    """Read a move; areas match case-insensitively with aliases and suggestions, scales by label, value or number."""
    board = board or Board.default()
    scales = scales or Scales.default()
    raw = " ".join(text.split())
    if not raw:
        raise MoveSyntaxError("empty move: write an area, a scale space such as 'weight 200-500 kg', or 'pass'")
    low = raw.lower()
    if low == "pass":
        return PASS
    for word, key in SCALE_WORDS:
        if low == word:
            raise MoveSyntaxError(f"{raw!r} needs a space: e.g. '{word} {scales.get(key).label(5, units)}' or '{word} 6'")
        if low.startswith(word + " "):
            scale = scales.get(key)
            return Move("scale", scale=key, space=scales.parse_space(scale, raw[len(word) + 1:], units))
    return Move("area", area=board.area(raw).name)


_TEXTS: dict[tuple, tuple[Board, Scales, MoveTexts]] = {}


class MoveTexts:
    """Moves read and written in one game setup (board, scales, units), remembered: both are pure and frequent."""

    LIMIT = 20000  # texts remembered; anything can be typed, so the memory is bounded

    def __init__(self, board: Board, scales: Scales, units: str) -> None:
        self.board, self.scales, self.units = board, scales, units
        self.parsed: dict[str, Move] = {}
        self.written: dict[int, tuple[Move, str]] = {}

    def parse(self, text: str) -> Move:
        move = self.parsed.get(text)
        if move is None:
            move = parse_move(text, self.board, self.scales, self.units)
            if len(self.parsed) >= self.LIMIT:
                self.parsed.clear()
            self.parsed[text] = move
        return move

    def text(self, move: Move) -> str:
        hit = self.written.get(id(move))  # by identity: hashing a Move costs more than writing most of them
        if hit is None:
            if len(self.written) >= self.LIMIT:
                self.written.clear()
            hit = self.written[id(move)] = (move, move.text(self.scales, self.units))  # holds the move: ids stay unique
        return hit[1]


def move_texts(board: Board, scales: Scales, units: str) -> MoveTexts:
    """The shared MoveTexts of a setup (the entry holds the board and scales, so their ids stay theirs)."""
    key = (id(board), id(scales), units)
    hit = _TEXTS.get(key)
    if hit is None:
        if len(_TEXTS) > 64:
            _TEXTS.clear()
        hit = _TEXTS[key] = (board, scales, MoveTexts(board, scales, units))
    return hit[2]
