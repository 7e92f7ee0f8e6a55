"""The animal deck: cards with a green and a black side, each side one animal with sourced facts."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rules.core import data
from rules.core.errors import DataError, UnknownAnimal
from rules.core.names import normalize, suggest
from rules.fauna.board import BOARD_FILES, Board

MEASURES = ("weight", "length", "total_length", "height", "tail")
SIZE_MEASURES = ("length", "total_length", "height")
MEASURE_TITLES = {
    "weight": "weight",
    "length": "length (head and body, without tail)",
    "total_length": "total length (with tail)",
    "height": "height (standing)",
    "tail": "tail length",
}
SIDES = ("green", "black")
NA = "n/a"
_KEYS = {"card", "side", "name", "scientific", "class", "areas", *MEASURES, "booklet", "sources", "note"}


@dataclass(frozen=True)
class Source:
    """A public reference a fact was checked against."""

    title: str
    url: str = ""


@dataclass(frozen=True)
class Animal:
    """One side of a card. `measures` maps each asked measure to its value (kg or cm) or None for N/A."""

    card: int
    side: str
    name: str
    scientific: str
    cls: str
    areas: tuple[str, ...]
    measures: dict[str, Fraction | None] = field(hash=False, compare=False)
    booklet: str = ""
    sources: tuple[Source, ...] = ()
    note: str = ""

    @property
    def n_areas(self) -> int:
        """Number of areas printed on the card front."""
        return len(self.areas)

    @property
    def size_measure(self) -> str | None:
        """Which of length / total_length / height the card asks on the length scale, if any."""
        for m in SIZE_MEASURES:
            if m in self.measures:
                return m
        return None

    def scale_measure(self, scale_key: str) -> str | None:
        """The measure this card puts on a scale ('weight', 'length' or 'tail'), if asked."""
        if scale_key == "length":
            return self.size_measure
        return scale_key if scale_key in self.measures else None

    def scale_value(self, scale_key: str) -> Fraction | None:
        """The answer for a scale, or None when the scale is closed (not asked, or N/A)."""
        m = self.scale_measure(scale_key)
        return None if m is None else self.measures[m]

    def open_values(self) -> dict[str, Fraction]:
        """The answer on each scale a piece may be placed on for this animal, by scale key in board order."""
        values = {k: self.scale_value(k) for k in ("weight", "length", "tail")}
        return {k: v for k, v in values.items() if v is not None}

    def open_measures(self) -> dict[str, str]:
        """The card's measure on each scale a piece may be placed on ('length': 'total_length'), in board order."""
        return {k: m for k in self.open_values() if (m := self.scale_measure(k)) is not None}

    def open_scales(self) -> list[str]:
        """Scale keys a piece may be placed on for this animal, in board order."""
        return list(self.open_values())


@dataclass
class Deck:
    """All animals, by card; lookups by common or scientific name, forgiving of case."""

    animals: list[Animal]
    files: list[str]

    def __post_init__(self) -> None:
        self._by_key: dict[str, Animal] = {}
        self._names: dict[str, str] = {}
        for a in self.animals:
            for label in (a.name, a.scientific):
                key = normalize(label)
                if key in self._by_key:
                    raise DataError(f"deck: {label!r} is used by two animals")
                self._by_key[key] = a
                self._names[key] = label
        self.cards: dict[int, dict[str, Animal]] = {}
        for a in self.animals:
            sides = self.cards.setdefault(a.card, {})
            if a.side in sides:
                raise DataError(f"deck: card {a.card} has two {a.side} sides ({sides[a.side].name}, {a.name})")
            sides[a.side] = a

    @classmethod
    def default(cls) -> Deck:
        """Every animal in data/animals/, loaded once."""
        return _default_deck()

    def animal(self, name: str) -> Animal:
        """Animal by common or scientific name, or UnknownAnimal with suggestions."""
        found = self._by_key.get(normalize(name))
        if found is None:
            raise UnknownAnimal(name, suggest(name, self._names))
        return found

    def names(self) -> list[str]:
        """Common names, sorted."""
        return sorted(a.name for a in self.animals)


def _measure(raw: dict[str, Any], key: str, where: str) -> Fraction | None:
    v = raw[key]
    if isinstance(v, str) and v.strip().lower() == NA:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v <= 0:
        raise DataError(f"{where}: {key} must be a positive number or \"n/a\", not {v!r}")
    return Fraction(repr(v)) if isinstance(v, float) else Fraction(v)


def parse_animal(raw: dict[str, Any], where: str, board: Board) -> Animal:
    """Validate one [[animal]] table of the deck schema (data/animals/README.md)."""
    unknown = sorted(set(raw) - _KEYS)
    if unknown:
        raise DataError(f"{where}: unknown key {unknown[0]!r}")
    for key in ("card", "side", "name", "scientific", "class", "areas", "sources"):
        if key not in raw:
            raise DataError(f"{where}: missing {key!r}")
    if not isinstance(raw["card"], int) or raw["card"] < 1:
        raise DataError(f"{where}: card must be a positive whole number")
    if raw["side"] not in SIDES:
        raise DataError(f"{where}: side must be 'green' or 'black'")
    areas = []
    for name in raw["areas"]:
        area = board.find(name)
        if area is None or area.name != name:
            raise DataError(f"{where}: {name!r} is not a board area name" + (f" (use {area.name!r})" if area else ""))
        if name in areas:
            raise DataError(f"{where}: area {name!r} listed twice")
        areas.append(name)
    if not areas:
        raise DataError(f"{where}: an animal needs at least one area")
    measures = {k: _measure(raw, k, where) for k in MEASURES if k in raw}
    if sum(k in measures for k in SIZE_MEASURES) > 1:
        raise DataError(f"{where}: a card asks at most one of length, total_length and height")
    sources = []
    for s in raw["sources"]:
        if not isinstance(s, dict) or not s.get("title"):
            raise DataError(f"{where}: each source needs a title")
        sources.append(Source(str(s["title"]), str(s.get("url", ""))))
    if not sources:
        raise DataError(f"{where}: at least one source is required")
    return Animal(raw["card"], raw["side"], raw["name"], raw["scientific"], raw["class"], tuple(areas), measures,
                  str(raw.get("booklet", "")).strip(), tuple(sources), str(raw.get("note", "")))


@lru_cache(maxsize=1)
def _default_deck() -> Deck:
    return data.cached_build("deck", [*BOARD_FILES, *deck_files()], [__file__], _build_deck)


def _build_deck() -> Deck:
    board = Board.default()
    files = data.list_files("animals", ".toml")
    animals = []
    for rel in files:
        doc = data.load_toml(rel)
        for i, raw in enumerate(doc.get("animal", []), 1):
            animals.append(parse_animal(raw, f"{rel}: animal {i} ({raw.get('name', '?')})", board))
    if not animals:
        raise DataError("the deck is empty: data/animals/ holds no [[animal]] entries")
    animals.sort(key=lambda a: (a.card, SIDES.index(a.side)))
    return Deck(animals, files)


def deck_files() -> list[str]:
    """Data files of the deck (for the data fingerprint)."""
    return data.list_files("animals", ".toml")
