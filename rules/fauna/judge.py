"""The scoring rules applied to a card: which spots score, how much, why, and the answer side of the card.

A `Judge` serves one game setup (board, scales, scoring table, units) and remembers what it worked out
per animal, since every game on that setup asks the same questions; the setup (rules.fauna.setup) owns it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from rules.fauna.animals import Animal
from rules.fauna.board import Board
from rules.fauna.events import Answer
from rules.fauna.moves import AreaMove, Placement, ScaleMove, Target
from rules.fauna.scales import Scales
from rules.fauna.scoring import ScoringTable

# Where a piece's points come from (State.tally counts them per player, with pieces placed and lost).
MAP_CORRECT, MAP_ADJACENT, SCALES, PLACED, LOST = range(5)
TALLY_KEYS = ("map_correct", "map_adjacent", "scales", "placed", "lost")
MEASURES = ("weight", "length", "total_length", "height", "tail")  # in card order

K = TypeVar("K")
V = TypeVar("V")


@dataclass(frozen=True)
class Spots:
    """Every spot a piece could take for one set of open scales, as prebuilt moves and their targets.

    Order: areas in board order, then each open scale's spaces; a game refers to a spot by its position
    in this order. Built once per board, scales and open scales, so turns need not build Move objects.
    """

    moves: tuple[Placement, ...]
    targets: tuple[Target, ...]
    n_areas: int
    index: dict[Target, int]  # target -> position


@dataclass(frozen=True, eq=False)
class CardScores:
    """One animal scored against every spot of its card, by position in its Spots: the rules applied once.

    One object per animal and setup, compared and hashed by identity: a bot keys what it works out for a
    card by the card object itself, which is quicker than hashing what the card holds.
    """

    spots: Spots
    verdicts: tuple[str, ...]  # correct / adjacent / nothing
    points: tuple[int, ...]
    sources: tuple[int, ...]  # MAP_CORRECT, MAP_ADJACENT or SCALES (for a spot that scores)
    correct: dict[str, int]  # open scale -> its correct space
    best_first: tuple[int, ...]  # spots from most points to fewest, ties in spot order (the naturalist's walk)
    whys: list[str | None]  # the reason given for a piece on each spot, filled in as pieces are evaluated


def make_spots(board: Board, scales: Scales, open_scales: tuple[str, ...]) -> Spots:
    """All spots (free or not) for a card whose open scales are `open_scales`, in legal-move order."""
    moves: list[Placement] = [AreaMove(name) for name in board.names]
    n_areas = len(moves)
    for k in open_scales:
        moves.extend(ScaleMove(k, i) for i in range(len(scales.get(k))))
    targets = tuple(m.target for m in moves)
    return Spots(tuple(moves), targets, n_areas, {t: i for i, t in enumerate(targets)})


class Judge:
    """The map and scale rules for one setup, with what they found per animal remembered."""

    LIMIT = 4096  # animals remembered per kind of answer (decks are a few hundred; tests make more)

    def __init__(self, board: Board, scales: Scales, table: ScoringTable, units: str) -> None:
        self.board, self.scales, self.table, self.units = board, scales, table, units
        self.neighbors = {n: tuple(board.neighbors(n)) for n in board.names}
        # per card side, for the animal object worked out (another animal on the same side is worked out afresh)
        self._cards: dict[tuple[int, str], tuple[Animal, CardScores]] = {}
        self._answers: dict[tuple[int, str], tuple[Animal, Answer]] = {}
        self._spots: dict[tuple[str, ...], Spots] = {}

    def spots(self, open_scales: tuple[str, ...]) -> Spots:
        """The spots of a card whose open scales are `open_scales` (built once per setup and open scales)."""
        hit = self._spots.get(open_scales)
        if hit is None:
            hit = self._spots[open_scales] = make_spots(self.board, self.scales, open_scales)
        return hit

    def _keep(self, memo: dict[K, V], key: K, value: V) -> None:
        if len(memo) >= self.LIMIT:
            memo.clear()
        memo[key] = value

    def correct_space(self, animal: Animal, scale_key: str) -> int | None:
        """0-based correct space of the animal on a scale in this setup's units (None: closed)."""
        value = animal.scale_value(scale_key)
        return None if value is None else self.scales.get(scale_key).space_of(value, self.units)

    def card(self, animal: Animal) -> CardScores:
        """Verdict, points and source of every spot of the animal's card."""
        key = (animal.card, animal.side)
        hit = self._cards.get(key)
        if hit is not None and hit[0] is animal:
            return hit[1]
        spots = self.spots(tuple(animal.open_scales()))
        row = self.table.row_for(animal.n_areas)
        homes = set(animal.areas)
        near: set[str] = set()
        if row.adjacent > 0:  # adjacency is symmetric: the areas next to a home are its neighbours
            for home in animal.areas:
                near.update(self.neighbors[home])
        verdicts, points, sources = [], [], []
        correct = {k: self.scales.get(k).space_of(v, self.units) for k, v in animal.open_values().items()}
        for move in spots.moves:
            if isinstance(move, AreaMove):
                if move.area in homes:
                    verdict, pts, source = "correct", row.correct, MAP_CORRECT
                elif move.area in near:
                    verdict, pts, source = "adjacent", row.adjacent, MAP_ADJACENT
                else:
                    verdict, pts, source = "nothing", 0, MAP_CORRECT
            else:
                verdict, pts = self.space_verdict(move.space, correct[move.scale])
                source = SCALES
            verdicts.append(verdict)
            points.append(pts)
            sources.append(source)
        order = tuple(sorted(range(len(points)), key=lambda k: (-points[k], k)))
        card = CardScores(spots, tuple(verdicts), tuple(points), tuple(sources), correct, order, [None] * len(points))
        self._keep(self._cards, key, (animal, card))
        return card

    def space_verdict(self, space: int, correct: int) -> tuple[str, int]:
        """The scale rule: the correct space, else a neighbouring space, else nothing."""
        d = abs(space - correct)
        if d == 0:
            return "correct", self.table.scale_correct
        if d == 1:
            return "adjacent", self.table.scale_adjacent
        return "nothing", 0

    def canonical(self, move: Placement) -> Placement:
        """The move with its area under the board's own name ('tasmania' -> 'Tasmania'); UnknownArea if none."""
        if isinstance(move, AreaMove) and move.area not in self.neighbors:
            return AreaMove(self.board.area(move.area).name)
        return move

    def points(self, move: Placement, animal: Animal) -> tuple[str, int]:
        """(verdict, points) for one piece against an animal.

        A spot the card does not have (a scale it does not ask, or a closed one) scores nothing.
        """
        return self._points(self.canonical(move), animal)

    def _points(self, move: Placement, animal: Animal) -> tuple[str, int]:
        card = self.card(animal)
        k = card.spots.index.get(move.target)
        if k is None:
            return "nothing", 0
        return card.verdicts[k], card.points[k]

    def reason(self, move: Placement, animal: Animal) -> tuple[str, int, str]:
        """(verdict, points, why) for one piece, the why naming the table's row or the correct space."""
        move = self.canonical(move)
        verdict, points = self._points(move, animal)
        return verdict, points, self._why(move, animal, verdict)

    def whys_at(self, animal: Animal, card: CardScores, ks: Iterable[int]) -> list[str]:
        """The reasons for pieces on spots `ks` of the animal's card `card` (as `reason` gives them), each spot's
        worked out once: a round's evaluation asks for all its pieces at once."""
        whys, moves, verdicts = card.whys, card.spots.moves, card.verdicts
        out = []
        area_why = None
        for k in ks:
            why = whys[k]
            if why is None:
                move = moves[k]
                if isinstance(move, AreaMove):
                    area_why = area_why or self._area_reasons(animal)
                    why = area_why(move.area, verdicts[k])
                else:
                    why = self._why(move, animal, verdicts[k])
                whys[k] = why
            out.append(why)
        return out

    def _area_reasons(self, animal: Animal) -> Callable[[str, str], str]:
        """The reason for a piece on an area, as a function of (area, verdict) with the card's row worked out once."""
        n = animal.n_areas
        row = self.table.row_for(n)
        areas_word = "area" if n == 1 else "areas"
        band = f"{row.span} {areas_word}"
        homes, neighbors = animal.areas, self.neighbors

        def why(area: str, verdict: str) -> str:
            if verdict == "correct":
                return f"lives here; {n} {areas_word}, row {band}: {row.correct} points"
            near = [a for a in neighbors[area] if a in homes]
            if near:
                named = ", ".join(near[:3]) + (" ..." if len(near) > 3 else "")
                if verdict == "adjacent":
                    return f"next to {named}; {n} {areas_word}, row {band}: {row.adjacent} points"
                return f"next to {named}, but the row {band} gives nothing for adjacent areas"
            return "not a home area and not next to one"

        return why

    def _why(self, move: Placement, animal: Animal, verdict: str) -> str:
        table = self.table
        if isinstance(move, AreaMove):
            return self._area_reasons(animal)(move.area, verdict)
        correct = self.card(animal).correct.get(move.scale)
        scale = self.scales.get(move.scale)
        if correct is None:
            return f"the {scale.title.lower()} scale is closed for this animal"
        label = scale.label(correct, self.units)
        if verdict == "correct":
            return f"correct space: {table.scale_correct} points"
        if verdict == "adjacent":
            return f"next to the correct space {label}: {table.scale_adjacent} points"
        return f"the correct space is {label}"

    def answer(self, animal: Animal) -> Answer:
        """The lower half of the card in this setup's units."""
        key = (animal.card, animal.side)
        hit = self._answers.get(key)
        if hit is not None and hit[0] is animal:
            return hit[1]
        rows = []
        for m in MEASURES:
            if m not in animal.measures:
                continue
            scale = self.scales.for_measure(m)
            v = animal.measures[m]
            if v is None:
                rows.append((m, scale.key, "N/A", "closed"))
            else:
                side = scale.side(self.units)
                rows.append((m, scale.key, side.format_value(v), side.spaces[side.space_of(v)].label))
        answer = Answer(animal.areas, tuple(rows))
        self._keep(self._answers, key, (animal, answer))
        return answer
