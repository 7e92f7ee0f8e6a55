"""Statistics of the animal deck and the sanity checks a naturalist runs over it before it ships.

Everything here is pure: it reads a Deck, the Board and the Scales and returns plain values or lists
of problem strings, so the CLI (`fauna animal stats`), the tests and tools/check_animals.py share it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rules.fauna.animals import SIDES, Animal, Deck
from rules.fauna.board import Board
from rules.fauna.scales import Scales
from rules.fauna.scoring import ScoringTable

# The class groups the issue asks the box to cover (another class, written in lower case, is allowed).
CLASS_GROUPS = ("mammal", "bird", "reptile", "amphibian", "fish", "insect", "arachnid", "crustacean", "mollusc")

# Which card measure on the length scale a class may use: the body-plan rules of data/animals/README.md.
# None stands for "the length scale is not asked" (rays, whose disc width is none of the measures).
SIZE_RULES: dict[str, set[str | None]] = {
    "mammal": {"length", "total_length", "height"},
    "bird": {"total_length", "height"},
    "reptile": {"length", "total_length"},
    "amphibian": {"length", "total_length"},
    "fish": {"total_length", None},
    "insect": {"length"},
    "arachnid": {"length", "total_length"},
    "crustacean": {"length", "total_length"},
    "mollusc": {"length"},
}


@dataclass(frozen=True)
class Band:
    """A generous plausible range for log10(grams / cm^3) of an animal of some class and size measure."""

    low: float
    high: float
    why: str


# Weight against the cube of the size measure, per class and measure. A gram/kilogram slip moves the
# value by 3 (x1000) and a centimetre/metre slip by 6, so each band (about 1.5-2.5 wide around the
# class norm) catches both while leaving room for stocky and slender builds.
BANDS: dict[tuple[str, str], Band] = {
    ("mammal", "length"): Band(-2.5, -0.6, "head and body; apes and other short, stocky bodies sit near the top"),
    ("mammal", "total_length"): Band(-2.7, -1.1, "whales, dolphins, sirenians and fur seals, tail included"),
    ("mammal", "height"): Band(-2.7, -0.2, "standing height; elephants near the top, the giraffe near the bottom"),
    ("bird", "total_length"): Band(-3.6, -1.0, "bill to tail tip; long tails and streamers sit low"),
    ("bird", "height"): Band(-3.4, -1.2, "standing height of ratites, cranes, flamingos and penguins"),
    ("reptile", "length"): Band(-2.2, 0.0, "carapace of turtles and snout-vent length of lizards"),
    ("reptile", "total_length"): Band(-3.3, -1.4, "lizards and crocodilians with their tails"),
    ("amphibian", "length"): Band(-2.0, -0.2, "snout-vent length of frogs and toads"),
    ("amphibian", "total_length"): Band(-3.4, -1.1, "salamanders with their tails"),
    ("fish", "total_length"): Band(-2.9, -0.6, "snout to tail tip; deep-bodied fish sit high"),
    ("insect", "length"): Band(-2.8, -0.6, "body length"),
    ("arachnid", "length"): Band(-1.7, 0.2, "spider body length; round abdomens sit high"),
    ("arachnid", "total_length"): Band(-3.4, -1.8, "scorpions with their slender tails"),
    ("crustacean", "total_length"): Band(-2.7, -1.0, "lobsters, crayfish, shrimps and krill to the tail fan"),
    ("crustacean", "length"): Band(-1.7, 0.2, "body of crabs, legs not counted"),
    ("mollusc", "length"): Band(-2.8, -0.3, "mantle of cephalopods, shell of snails and clams, body of slugs"),
}

# Body plans the class bands do not fit, named by genus with the reason; each gets its own band.
SHAPE_EXCEPTIONS: dict[str, Band] = {
    # Snakes: long and thin, far lighter than a lizard of the same total length.
    "Dendroaspis": Band(-4.7, -3.0, "snake (black mamba)"),
    "Ophiophagus": Band(-4.7, -3.0, "snake (king cobra)"),
    "Malayopython": Band(-4.2, -2.6, "snake (reticulated python)"),
    "Eunectes": Band(-4.0, -2.4, "snake (anaconda, heavy-bodied)"),
    "Vipera": Band(-4.0, -2.4, "snake (adder)"),
    "Crotalus": Band(-3.8, -2.2, "snake (rattlesnake)"),
    "Bitis": Band(-3.4, -1.8, "snake (Gaboon viper, the heaviest viper)"),
    "Naja": Band(-4.4, -2.6, "snake (cobra)"),
    "Cerastes": Band(-4.0, -2.4, "snake (horned viper)"),
    "Chrysopelea": Band(-4.7, -3.0, "snake (flying snake)"),
    "Hydrophis": Band(-4.4, -2.6, "snake (sea snake)"),
    # Eel-like fish and the ribbon-shaped oarfish.
    "Anguilla": Band(-3.4, -2.0, "eel"),
    "Regalecus": Band(-4.4, -2.6, "oarfish, a very long flat ribbon"),
    # The olm is a thin, eel-like cave salamander.
    "Proteus": Band(-3.8, -2.4, "olm, eel-like salamander"),
    # Long-legged crabs carry much of their weight in the legs, outside the measured body.
    "Macrocheira": Band(-1.2, 0.7, "spider crab: heavy legs outside the carapace"),
}


def _genus(animal: Animal) -> str:
    return animal.scientific.split()[0] if animal.scientific else ""


def size_band(animal: Animal) -> Band | None:
    """The weight-length band that applies to an animal, or None when its class and measure have none."""
    exception = SHAPE_EXCEPTIONS.get(_genus(animal))
    if exception is not None:
        return exception
    measure = animal.size_measure
    return BANDS.get((animal.cls, measure)) if measure else None


def log_density(animal: Animal) -> float | None:
    """log10 of weight in grams over the cube of the size measure in cm, when both are known."""
    known = weight_and_size(animal)
    return None if known is None else _log_density(known[0], known[2])


def weight_and_size(animal: Animal) -> tuple[Fraction, str, Fraction] | None:
    """(weight in kg, size measure, size in cm) when the card gives both."""
    weight = animal.measures.get("weight")
    measure = animal.size_measure
    size = animal.measures.get(measure) if measure else None
    if weight is None or measure is None or size is None:
        return None
    return weight, measure, size


def _density_problems(animal: Animal, where: str) -> list[str]:
    """A weight implausible for the size: the sign of a gram/kilogram or centimetre/metre slip."""
    known = weight_and_size(animal)
    band = size_band(animal)
    if known is None or band is None:
        return []
    weight, measure, size = known
    density = _log_density(weight, size)
    if band.low <= density <= band.high:
        return []
    return [f"{where}: {float(weight):g} kg for {float(size):g} cm ({measure}) is outside the plausible band "
            f"for a {band.why} (log10 g/cm3 = {density:.2f}, band {band.low} to {band.high}); "
            f"check for a gram/kilogram or centimetre/metre slip"]


def _log_density(weight: Fraction, size: Fraction) -> float:
    return math.log10(float(weight) * 1000) - 3 * math.log10(float(size))


_SCIENTIFIC = re.compile(r"^[A-Z][a-z]+ [a-z]+(?: [a-z]+)?$")
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")
_URL = re.compile(r"^https?://\S+$")


def animal_problems(animal: Animal, scales: Scales | None = None) -> list[str]:
    """Slips a naturalist would catch in one animal: names, measures against its body plan, texts, sources.

    With `scales`, a measure exactly on a boundary of a metric space must come with a note giving the
    range it is the middle of, since a player cannot otherwise tell which side of the boundary is meant.
    """
    where = f"card {animal.card} {animal.side} ({animal.name})"
    out: list[str] = []
    if scales is not None and not animal.note:
        for m, v in animal.measures.items():
            if v is None:
                continue
            scale = scales.for_measure(m)
            if any(sp.lower == v for sp in scale.side("metric").spaces):
                out.append(f"{where}: {m} {float(v):g} lies exactly on a boundary of the {scale.title.lower()} scale; "
                           "add a note giving the range it is the middle of (data/animals/README.md)")
    if not re.fullmatch(r"[a-z]+", animal.cls):
        out.append(f"{where}: class {animal.cls!r} should be one lower-case word")
    if not _SCIENTIFIC.match(animal.scientific):
        out.append(f"{where}: scientific name {animal.scientific!r} is not 'Genus species [subspecies]'")
    allowed = SIZE_RULES.get(animal.cls)
    if allowed is not None and animal.size_measure not in allowed:
        asked = animal.size_measure or "no length measure"
        out.append(f"{where}: a {animal.cls} card asks {', '.join(sorted(m or 'none' for m in allowed))} "
                   f"on the length scale, not {asked} (see data/animals/README.md)")
    tail = animal.measures.get("tail")
    total = animal.measures.get("total_length")
    body = animal.measures.get("length")
    if "tail" in animal.measures and "total_length" in animal.measures and tail is not None and total is not None:
        if tail >= total:
            out.append(f"{where}: tail {float(tail):g} cm is not shorter than the total length {float(total):g} cm")
        elif tail > total * Fraction(4, 5):
            out.append(f"{where}: tail {float(tail):g} cm leaves under a fifth of the total length for head and body")
    if tail is not None and body is not None and tail > body * Fraction(3):
        out.append(f"{where}: tail {float(tail):g} cm is over three times the head-and-body length "
                   f"{float(body):g} cm; is length the total length?")
    if "height" in animal.measures and animal.cls not in ("mammal", "bird"):
        out.append(f"{where}: only standing mammals and birds are measured by height")
    out.extend(_density_problems(animal, where))
    sentences = len(_SENTENCE_END.findall(animal.booklet.strip()))
    if not animal.booklet.strip():
        out.append(f"{where}: no booklet text")
    elif not 1 <= sentences <= 3:
        out.append(f"{where}: the booklet text has {sentences} sentences; it should have one to three")
    if not animal.sources:
        out.append(f"{where}: no source")
    for s in animal.sources:
        if s.url and not _URL.match(s.url):
            out.append(f"{where}: source {s.title!r} has a malformed URL {s.url!r}")
    titles = [s.title for s in animal.sources]
    if len(set(titles)) != len(titles):
        out.append(f"{where}: a source is listed twice")
    return out


@dataclass(frozen=True)
class Count:
    """One row of a count table: how many animals, and how many of them on each side of the cards."""

    label: str
    total: int
    green: int
    black: int

    def to_dict(self) -> dict[str, Any]:
        """Plain form for JSON."""
        return {"label": self.label, "total": self.total, "green": self.green, "black": self.black}


@dataclass(frozen=True)
class ScaleSpan:
    """How an animal measure covers one board scale: how many cards ask it, its extremes, spaces used."""

    scale: str
    asked: int
    not_available: int
    smallest: tuple[str, Fraction] | None
    largest: tuple[str, Fraction] | None
    spaces_used: tuple[int, ...]
    spaces: int

    def to_dict(self, scales: Scales) -> dict[str, Any]:
        """Plain form for JSON, values in stored units (kg or cm) and spaces by their printed labels."""
        s = scales.get(self.scale)

        def end(v: tuple[str, Fraction] | None) -> dict[str, Any] | None:
            return None if v is None else {"animal": v[0], "value": float(v[1]),
                                           "space": s.label(s.space_of(v[1], "metric"), "metric")}

        return {"scale": self.scale, "asked": self.asked, "not_available": self.not_available,
                "smallest": end(self.smallest), "largest": end(self.largest),
                "spaces_used": len(self.spaces_used), "spaces": self.spaces}


@dataclass
class DeckStats:
    """The balance of a deck: by side, class, continent, area-count band and area, and scale coverage."""

    animals: int
    cards: int
    by_difficulty: list[Count]
    by_class: list[Count]
    by_continent: list[Count]
    by_band: list[Count]
    per_area: list[tuple[str, str, Count]] = field(default_factory=list)  # (area, continent, count), fewest first
    scales: list[ScaleSpan] = field(default_factory=list)
    fewest_areas: tuple[str, int] | None = None
    most_areas: tuple[str, int] | None = None

    def to_dict(self, scales: Scales) -> dict[str, Any]:
        """Plain form for JSON."""
        return {
            "animals": self.animals,
            "cards": self.cards,
            "by_difficulty": [c.to_dict() for c in self.by_difficulty],
            "by_class": [c.to_dict() for c in self.by_class],
            "by_continent": [c.to_dict() for c in self.by_continent],
            "by_area_count": [c.to_dict() for c in self.by_band],
            "per_area": [{"area": a, "continent": cont, **c.to_dict()} for a, cont, c in self.per_area],
            "fewest_areas": None if self.fewest_areas is None else {"animal": self.fewest_areas[0],
                                                                    "areas": self.fewest_areas[1]},
            "most_areas": None if self.most_areas is None else {"animal": self.most_areas[0],
                                                                "areas": self.most_areas[1]},
            "scales": [s.to_dict(scales) for s in self.scales],
        }


def _count(label: str, animals: list[Animal]) -> Count:
    green = sum(1 for a in animals if a.side == "green")
    return Count(label, len(animals), green, len(animals) - green)


def deck_stats(deck: Deck, board: Board, scales: Scales, table: ScoringTable) -> DeckStats:
    """Count the deck by side, class, continent (oceans included), area-count band of the scoring table and area."""
    animals = list(deck.animals)
    by_difficulty = [_count(side, [a for a in animals if a.side == side]) for side in SIDES]
    classes = list(CLASS_GROUPS) + sorted({a.cls for a in animals} - set(CLASS_GROUPS))
    by_class = [_count(c, [a for a in animals if a.cls == c]) for c in classes]
    continent_of = {a.name: a.continent for a in board.areas}
    continents: list[str] = []
    for a in board.areas:
        if a.continent not in continents:
            continents.append(a.continent)
    by_continent = [_count(c, [a for a in animals if any(continent_of[x] == c for x in a.areas)])
                    for c in continents]
    by_band = [_count(row.span, [a for a in animals if table.row_for(a.n_areas) is row]) for row in table.rows]
    per_area = [(area.name, area.continent, _count(area.name, [a for a in animals if area.name in a.areas]))
                for area in board.areas]
    per_area.sort(key=lambda t: (t[2].total, board.names.index(t[0])))
    spans = []
    for sc in scales:
        asked = [a for a in animals if a.scale_measure(sc.key) is not None]
        known = [(a.name, v) for a in asked if (v := a.scale_value(sc.key)) is not None]
        known.sort(key=lambda t: (t[1], t[0]))
        used = sorted({sc.space_of(v, "metric") for _, v in known})
        spans.append(ScaleSpan(sc.key, len(asked), len(asked) - len(known), known[0] if known else None,
                               known[-1] if known else None, tuple(used), len(sc)))
    by_n = sorted(animals, key=lambda a: (a.n_areas, a.name))
    return DeckStats(len(animals), len(deck.cards), by_difficulty, by_class, by_continent, by_band, per_area,
                     spans, (by_n[0].name, by_n[0].n_areas) if by_n else None,
                     (by_n[-1].name, by_n[-1].n_areas) if by_n else None)


@dataclass(frozen=True)
class Balance:
    """What 'balanced like the box' means, as numbers the deck must meet."""

    cards: int = 180
    min_animals_per_area: int = 5
    max_fewest_areas: int = 1
    min_most_areas: int = 30
    min_weight_spaces: int = 20
    min_length_spaces: int = 14
    min_tail_spaces: int = 10


def balance_problems(deck: Deck, board: Board, scales: Scales, table: ScoringTable,
                     balance: Balance = Balance()) -> list[str]:
    """Where the deck falls short of the box: card count and sides, class groups, continents, areas, scales."""
    out: list[str] = []
    stats = deck_stats(deck, board, scales, table)
    numbers = sorted(deck.cards)
    if numbers != list(range(1, balance.cards + 1)):
        missing = sorted(set(range(1, balance.cards + 1)) - set(numbers))
        extra = sorted(set(numbers) - set(range(1, balance.cards + 1)))
        out.append(f"deck: cards should be numbered 1-{balance.cards}; missing {missing[:10]}, extra {extra[:10]}")
    for n in numbers:
        sides = deck.cards[n]
        if set(sides) != set(SIDES):
            out.append(f"deck: card {n} has {', '.join(sorted(sides))} but needs one green and one black side")
    for c in stats.by_class:
        if c.label in CLASS_GROUPS and c.total == 0:
            out.append(f"deck: no {c.label} in the deck")
    for c in stats.by_continent:
        if c.total == 0:
            out.append(f"deck: no animal lives in {c.label}")
    for area, _, c in stats.per_area:
        if c.total < balance.min_animals_per_area:
            out.append(f"deck: only {c.total} animals live in {area} (at least {balance.min_animals_per_area})")
    for c in stats.by_band:
        if c.total == 0:
            out.append(f"deck: no animal lives in {c.label} areas (a row of the scoring table)")
    if stats.fewest_areas and stats.fewest_areas[1] > balance.max_fewest_areas:
        out.append(f"deck: no island endemic; the fewest areas is {stats.fewest_areas[1]}")
    if stats.most_areas and stats.most_areas[1] < balance.min_most_areas:
        out.append(f"deck: no cosmopolitan animal; the most areas is {stats.most_areas[1]}")
    need = {"weight": balance.min_weight_spaces, "length": balance.min_length_spaces, "tail": balance.min_tail_spaces}
    for span in stats.scales:
        if len(span.spaces_used) < need.get(span.scale, 0):
            out.append(f"deck: the {span.scale} scale has animals in only {len(span.spaces_used)} of {span.spaces} "
                       f"spaces (at least {need[span.scale]})")
    return out


def deck_problems(deck: Deck, board: Board, scales: Scales, table: ScoringTable) -> list[str]:
    """Every problem found in a whole deck: per-animal checks, then the balance of the box."""
    out: list[str] = []
    binomials: dict[str, str] = {}
    for a in deck.animals:
        out.extend(animal_problems(a, scales))
        key = " ".join(a.scientific.split()[:2]).lower()
        if key in binomials:
            out.append(f"card {a.card} {a.side} ({a.name}): species {key!r} is already in the deck as {binomials[key]}")
        binomials.setdefault(key, a.name)
    out.extend(balance_problems(deck, board, scales, table))
    return out
