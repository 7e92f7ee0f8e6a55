"""What happened, as data: the CLI, logs and tables render these; the rules never print."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple


@dataclass(frozen=True)
class Event:
    """Base of all events; `to_dict` gives the JSON form with an 'event' tag."""

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        return {"event": type(self).__name__.lower(), **d}


@dataclass(frozen=True)
class Placed(Event):
    """A piece went on an area or scale space."""

    seq: int
    round: int
    player: str
    move: str
    hand: int  # pieces left in the player's hand


@dataclass(frozen=True)
class Passed(Event):
    """A player is done for the round; `auto` when they had no piece left to place."""

    seq: int
    round: int
    player: str
    auto: bool = False


class PieceScore(NamedTuple):
    """One piece's result: where it lay, the verdict (correct / adjacent / nothing), points and why.

    A named tuple, not a frozen dataclass: a long replay makes tens of thousands, and a frozen dataclass
    takes twice as long to make (0.016 s of the 0.17 s a 21,316-move log takes to verify).
    """

    player: str
    move: str
    verdict: str
    points: int
    reason: str


class PlayerRound(NamedTuple):
    """One player's round: points, new total, pieces back in hand, pieces lost to the stock (named tuple: as above)."""

    player: str
    points: int
    total: int
    returned: int
    lost: int


@dataclass(frozen=True)
class Answer:
    """The card's lower half: areas and each asked measure with its correct space."""

    areas: tuple[str, ...]
    measures: tuple[tuple[str, str, str, str], ...]  # (measure, scale, value text, correct space label)


@dataclass(frozen=True)
class RoundEvaluated(Event):
    """The evaluation of a round."""

    round: int
    animal: str
    scientific: str
    n_areas: int
    answer: Answer
    pieces: tuple[PieceScore, ...]
    players: tuple[PlayerRound, ...]

    def to_dict(self) -> dict[str, Any]:
        d = super().to_dict()  # asdict keeps named tuples as tuples: the JSON form names their fields
        d["pieces"] = [p._asdict() for p in self.pieces]
        d["players"] = [p._asdict() for p in self.players]
        return d


@dataclass(frozen=True)
class Upkeep(Event):
    """Between rounds: pieces taken back from the stock and refills to three, per player."""

    round: int
    took_back: tuple[tuple[str, int], ...]
    refilled: tuple[tuple[str, int], ...]
    hands: tuple[tuple[str, int], ...]
    stock: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class RoundStarted(Event):
    """A new round: its number, the starting player (who holds the lion) and the card drawn."""

    round: int
    starting_player: str
    animal: str
    card: int
    side: str


@dataclass(frozen=True)
class GameOver(Event):
    """The game ended after an evaluation; tied leaders share the win."""

    round: int
    winners: tuple[str, ...]
    scores: tuple[tuple[str, int], ...] = field(default=())
