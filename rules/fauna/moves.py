"""Moves as players write them ('Tasmania', 'weight 200-500 kg', 'weight 18', 'pass') and back."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Literal

from rules.core.errors import MoveSyntaxError
from rules.core.limits import MAX_MOVE_CHARS, excerpt
from rules.fauna.board import Board
from rules.fauna.scales import Scales

# What a player may type before a scale space, longest first; all name one of the three scales.
SCALE_WORDS = (
    ("total length", "length"), ("body length", "length"), ("tail length", "tail"),
    ("weight", "weight"), ("mass", "weight"), ("length", "length"), ("height", "length"),
    ("size", "length"), ("tail", "tail"),
)


# The board spot a placement takes, as the rules look it up: ('area', name) or ('scale', key, 0-based space).
Target = tuple[str, str] | tuple[str, str, int]


@dataclass(frozen=True, slots=True)
class AreaMove:
    """A piece placed on a map area, named by the board's own name for it ('Tasmania')."""

    area: str
    target: Target = field(init=False, compare=False, repr=False)  # ('area', area), built once: looked up every move
    kind: ClassVar[Literal["area"]] = "area"

    def __post_init__(self) -> None:
        object.__setattr__(self, "target", ("area", self.area))

    def text(self, scales: Scales | None = None, units: str = "metric") -> str:
        """The move as a player writes it: the area's name."""
        return self.area


@dataclass(frozen=True, slots=True)
class ScaleMove:
    """A piece placed on a space of a scale: the scale's key ('weight', 'length', 'tail') and the 0-based space."""

    scale: str
    space: int
    target: Target = field(init=False, compare=False, repr=False)  # ('scale', scale, space), built once
    kind: ClassVar[Literal["scale"]] = "scale"

    def __post_init__(self) -> None:
        object.__setattr__(self, "target", ("scale", self.scale, self.space))

    def text(self, scales: Scales | None = None, units: str = "metric") -> str:
        """The move as a player writes it, e.g. 'weight 200-500 kg', in the given scales and units."""
        scales = scales or Scales.default()
        return f"{self.scale} {scales.get(self.scale).label(self.space, units)}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Placing no more pieces this round."""

    kind: ClassVar[Literal["pass"]] = "pass"

    def text(self, scales: Scales | None = None, units: str = "metric") -> str:
        return "pass"


Move = AreaMove | ScaleMove | Pass  # what a player does on a turn; parse_move(m.text(...)) == m
Placement = AreaMove | ScaleMove  # a move that puts a piece on a spot
PASS = Pass()


def parse_move(text: str, board: Board | None = None, scales: Scales | None = None, units: str = "metric") -> Move:
    """Read a move; areas match case-insensitively with aliases and suggestions, scales by label, value or number."""
    board = board or Board.default()
    scales = scales or Scales.default()
    if len(text) > MAX_MOVE_CHARS:  # before any work on it: a move is a few words
        raise MoveSyntaxError(f"a move of {len(text):,} characters ({excerpt(text, 30)}); a move has at most "
                              f"{MAX_MOVE_CHARS}")
    raw = " ".join(text.split())
    if not raw:
        raise MoveSyntaxError("empty move: write an area, a scale space such as 'weight 200-500 kg', or 'pass'")
    low = raw.lower()
    if low == "pass":
        return PASS
    for word, key in SCALE_WORDS:
        if low == word:
            example = scales.get(key).label(5, units)
            raise MoveSyntaxError(f"{raw!r} needs a space: e.g. '{word} {example}' or '{word} 6'")
        if low.startswith(word + " "):
            scale = scales.get(key)
            return ScaleMove(key, scales.parse_space(scale, raw[len(word) + 1:], units))
    return AreaMove(board.area(raw).name)


class MoveTexts:
    """Moves read and written in one game setup (board, scales, units), remembered: both are pure and frequent."""

    LIMIT = 20000  # texts remembered; anything can be typed, so the memory is bounded

    def __init__(self, board: Board, scales: Scales, units: str) -> None:
        self.board, self.scales, self.units = board, scales, units
        self.parsed: dict[str, Move] = {}
        self.written: dict[int, tuple[Move, str]] = {}
        self.spots: dict[int, tuple[tuple[Move, ...], tuple[str, ...]]] = {}

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

    def spot_texts(self, moves: tuple[Move, ...]) -> tuple[str, ...]:
        """The texts of a card's spots, in spot order (one tuple per spot list: evaluations look pieces up by spot)."""
        hit = self.spots.get(id(moves))
        if hit is None or hit[0] is not moves:
            if len(self.spots) >= self.LIMIT:
                self.spots.clear()
            hit = self.spots[id(moves)] = (moves, tuple(m.text(self.scales, self.units) for m in moves))
        return hit[1]
