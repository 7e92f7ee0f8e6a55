"""The upper half of a card, what players see while placing (never the answer).

A module of its own so that showing a card (`fauna animal show`) does not load the game: the
events, judge and dealing modules are most of a quick query's import time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.fauna.animals import MEASURE_TITLES, MEASURES, Animal


@dataclass(frozen=True)
class CardFront:
    """What players see while placing: class, names, number of areas and the measures asked."""

    cls: str
    name: str
    scientific: str
    n_areas: int
    measures: tuple[tuple[str, str, bool], ...]  # (measure, scale key, open); open False = N/A

    def to_dict(self) -> dict[str, Any]:
        return {"class": self.cls, "name": self.name, "scientific": self.scientific, "areas": self.n_areas,
                "measures": [{"measure": m, "title": MEASURE_TITLES[m], "scale": s, "open": o}
                             for m, s, o in self.measures]}


def card_front(animal: Animal) -> CardFront:
    """The upper half of a card, never showing the answer."""
    measures = []
    for m in MEASURES:  # in card order
        if m in animal.measures:
            scale = "weight" if m == "weight" else "tail" if m == "tail" else "length"
            measures.append((m, scale, animal.measures[m] is not None))
    return CardFront(animal.cls, animal.name, animal.scientific, animal.n_areas, tuple(measures))
