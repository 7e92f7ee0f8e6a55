"""The board's three scales (weight, length/height, tail) on the metric and the imperial side."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import pairwise
from typing import Any

from rules.core import data
from rules.core.errors import DataError, IllegalMove
from rules.core.names import suggest

UNITS = ("metric", "imperial")

# Words a player may type for a unit, mapped to the unit names of data/scales.toml.
UNIT_WORDS = {
    "g": "g", "gram": "g", "grams": "g", "gr": "g",
    "kg": "kg", "kgs": "kg", "kilo": "kg", "kilos": "kg", "kilogram": "kg", "kilograms": "kg",
    "t": "t", "tonne": "t", "tonnes": "t",
    "cm": "cm", "centimetre": "cm", "centimetres": "cm", "centimeter": "cm", "centimeters": "cm",
    "m": "m", "metre": "m", "metres": "m", "meter": "m", "meters": "m",
    "oz": "oz", "ounce": "oz", "ounces": "oz",
    "lb": "lb", "lbs": "lb", "pound": "lb", "pounds": "lb",
    "ton": "ton", "tons": "ton",
    "in": "in", "inch": "in", "inches": "in", '"': "in",
    "ft": "ft", "foot": "ft", "feet": "ft", "'": "ft",
}


def fmt_number(x: Fraction) -> str:
    """A boundary as printed: 500, 1.5, or 1/16 for the small imperial fractions."""
    if x.denominator == 1:
        return str(x.numerator)
    if x < 1 and x.denominator in (2, 4, 8, 16, 32):
        return f"{x.numerator}/{x.denominator}"
    return format(float(x), "g")


@dataclass(frozen=True)
class Space:
    """One space of a scale: [lower, upper) in stored units (kg or cm); upper None = open end."""

    index: int  # 0-based; players count from 1
    lower: Fraction
    upper: Fraction | None
    label: str


@dataclass(frozen=True)
class ScaleSide:
    """One printed side (metric or imperial) of a scale."""

    units: str
    spaces: tuple[Space, ...]
    _lowers: tuple[Fraction, ...]
    unit_factors: dict[str, Fraction]  # unit name -> Fraction of stored units
    display_units: tuple[tuple[str, Fraction], ...] = ()  # (unit, factor) used on this side, smallest first

    def format_value(self, value: Fraction) -> str:
        """A stored value in this side's units, three significant figures: '390 kg', '4.5 g', '1.2 t'."""
        unit, factor = self.display_units[0]
        for u, f in self.display_units:
            if value >= f:
                unit, factor = u, f
        x = float(value / factor)
        if x >= 100:
            text = str(round(x))
        elif x >= 10:
            text = f"{x:.1f}"
        else:
            text = f"{x:.2f}"
        if "." in text:
            text = text.rstrip("0").rstrip(".")
        return f"{text} {unit}"

    def space_of(self, value: Fraction) -> int:
        """0-based space a value falls in: lower bound included, tiny values in the first, huge in the last."""
        if value < 0:
            raise ValueError("a measure cannot be negative")
        return bisect_right(self._lowers, value) - 1  # the first lower bound is 0, the last space open-ended


@dataclass(frozen=True)
class Scale:
    """A scale of the board and the card measures it takes."""

    key: str
    title: str
    measures: tuple[str, ...]
    sides: dict[str, ScaleSide]  # units -> ScaleSide

    def side(self, units: str) -> ScaleSide:
        """The metric or imperial side."""
        return self.sides[units]

    def space_of(self, value: Fraction, units: str) -> int:
        """0-based space of a stored value (kg or cm) on the given side."""
        return self.sides[units].space_of(value)

    def label(self, index: int, units: str) -> str:
        """Printed label of a space, e.g. '200-500 kg'."""
        return self.sides[units].spaces[index].label

    def __len__(self) -> int:
        return len(self.sides["metric"].spaces)


_DASHES = re.compile(r"\s*(?:-|–|—|to)\s*")
_VALUE = re.compile(r"^([0-9]+(?:\.[0-9]+)?|[0-9]+/[0-9]+)\s*([a-z\"']+)$")  # ASCII digits only


def _squash(text: str) -> str:
    return _DASHES.sub("-", text.strip().lower()).replace(" ", "")


class Scales:
    """The three scales, looked up by key ("weight", "length", "tail") or by the measure a card asks."""

    def __init__(self, scales: list[Scale]) -> None:
        self.scales = scales
        self._by_key = {s.key: s for s in scales}
        self._by_measure = {m: s for s in scales for m in s.measures}
        self._labels: dict[tuple[str, str], dict[str, int]] = {}
        for s in scales:
            for units, side in s.sides.items():
                table: dict[str, int] = {}
                for sp in side.spaces:
                    table[_squash(sp.label)] = sp.index
                    # Also accept the unit on both ends: "200 kg-500 kg".
                    parts = sp.label.split("-")
                    if len(parts) == 2 and " " not in parts[0] and " " in parts[1]:
                        unit = parts[1].split(" ")[1]
                        table[_squash(f"{parts[0]} {unit}-{parts[1]}")] = sp.index
                table[_squash(f"{side.spaces[-1].label.split('-')[0]}+")] = side.spaces[-1].index
                self._labels[(s.key, units)] = table

    @classmethod
    def default(cls) -> Scales:
        """The board's scales from data/scales.toml, loaded once."""
        return _default_scales()

    def __iter__(self) -> Iterator[Scale]:
        return iter(self.scales)

    def get(self, key: str) -> Scale:
        """Scale by key."""
        return self._by_key[key]

    def for_measure(self, measure: str) -> Scale:
        """The scale a card measure is placed on (length, total_length and height share one)."""
        return self._by_measure[measure]

    def parse_space(self, scale: Scale, text: str, units: str) -> int:
        """0-based space from what a player typed: '200-500 kg', '18' (18th space) or '350 kg'."""
        side = scale.side(units)
        t = text.strip()
        if re.fullmatch(r"[0-9]+", t):  # ASCII digits: int() would also read '٣' or '３'
            n = int(t)
            if 1 <= n <= len(side.spaces):
                return n - 1
            raise IllegalMove(f"the {scale.title.lower()} scale has spaces 1 to {len(side.spaces)}, not {n}")
        found = self._labels[(scale.key, units)].get(_squash(t))
        if found is not None:
            return found
        m = _VALUE.match(t.lower())
        if m:
            unit = UNIT_WORDS.get(m.group(2))
            if unit in side.unit_factors:
                if re.fullmatch(r"[0-9]+/0+", m.group(1)):
                    raise IllegalMove(f"{t!r}: a fraction cannot have 0 below the line")
                return side.space_of(Fraction(m.group(1)) * side.unit_factors[unit])
            if unit is not None:
                raise IllegalMove(f"{m.group(2)!r} is not a unit of the {units} side; this game is {units}")
        labels = [sp.label for sp in side.spaces]
        hints = suggest(t, {_squash(label): label for label in labels}, limit=2)
        hint = f"; did you mean {' or '.join(repr(h) for h in hints)}?" if hints else ""
        raise IllegalMove(
            f"{t!r} is not a space of the {scale.title.lower()} scale ({units}); "
            f"write a range such as {labels[len(labels) // 2]!r}, "
            f"a value such as '3 {side.display_units[0][0]}', "
            f"or the space number 1-{len(labels)}{hint}"
        )


def _build_side(units: str, raw: list[Any], factors: dict[str, Fraction], where: str) -> ScaleSide:
    bounds: list[tuple[Fraction, str, Fraction]] = []  # (stored value, unit, number as printed)
    for item in raw:
        try:
            number, unit = item
            num = Fraction(str(number))
            bounds.append((num * factors[unit], unit, num))
        except (ValueError, KeyError, TypeError) as exc:
            raise DataError(f"scales.toml: {where} {units}: bad boundary {item!r}") from exc
    if any(b[0] >= c[0] for b, c in pairwise(bounds)):
        raise DataError(f"scales.toml: {where} {units}: boundaries must increase")
    if not bounds or bounds[0][0] != 0:  # so any measure from 0 up has a space (see ScaleSide.space_of)
        raise DataError(f"scales.toml: {where} {units}: the first boundary must be 0")
    spaces = []
    for i, (lo, hi) in enumerate(pairwise(bounds)):
        if lo[1] == hi[1] or lo[2] == 0:
            label = f"{fmt_number(lo[2])}-{fmt_number(hi[2])} {hi[1]}"
        else:
            label = f"{fmt_number(lo[2])} {lo[1]}-{fmt_number(hi[2])} {hi[1]}"
        last = i == len(bounds) - 2
        spaces.append(Space(i, lo[0], None if last else hi[0], label))
    used = sorted({(b[1], factors[b[1]]) for b in bounds}, key=lambda uf: uf[1])
    return ScaleSide(units, tuple(spaces), tuple(s.lower for s in spaces), dict(factors), tuple(used))


@lru_cache(maxsize=1)
def _default_scales() -> Scales:
    # kept built (a pickle in the CLI's cache): labelling every space is a good part of a short game's start-up
    return data.cached_build("scales", SCALE_FILES, [__file__], lambda: scales_from_doc(data.load_toml("scales.toml")))


def scales_from_doc(doc: dict[str, Any]) -> Scales:
    """The scales of a scales.toml document (data/scales.toml's schema); a bad document is a DataError."""
    factors = {u: {k: Fraction(v) for k, v in doc["units"][u].items()} for u in UNITS}
    scales = []
    for raw in doc["scale"]:
        sides = {u: _build_side(u, raw[u], factors[u], raw["key"]) for u in UNITS}
        if len(sides["metric"].spaces) != len(sides["imperial"].spaces):
            raise DataError(f"scales.toml: {raw['key']}: both sides need the same number of spaces")
        scales.append(Scale(raw["key"], raw["title"], tuple(raw["measures"]), sides))
    return Scales(scales)


SCALE_FILES = ["scales.toml"]
