"""Scoring tables (the published one, the reference-manual variant, or a custom file)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from rules.core import data
from rules.core.errors import ConfigError, DataError
from rules.core.names import normalize, suggest


@dataclass(frozen=True)
class Row:
    """Points per piece for animals living in min..max areas (max None: no upper limit)."""

    min: int
    max: int | None
    correct: int
    adjacent: int

    @property
    def span(self) -> str:
        """The row's area count as printed: '3-4', '1', '17+'."""
        if self.max is None:
            return f"{self.min}+"
        return str(self.min) if self.min == self.max else f"{self.min}-{self.max}"


@dataclass(frozen=True)
class ScoringTable:
    """A whole preset: the map rows and the scale points."""

    name: str
    description: str
    rows: tuple[Row, ...]
    scale_correct: int  # a table file may leave these out: from_dict fills in 7 and 3
    scale_adjacent: int

    def row_for(self, n_areas: int) -> Row:
        """The row that applies to an animal living in n_areas areas."""
        for row in self.rows:
            if n_areas >= row.min and (row.max is None or n_areas <= row.max):
                return row
        raise DataError(f"preset {self.name}: no row for {n_areas} areas")

    def to_dict(self) -> dict[str, Any]:
        """Plain form, as written in a preset file (for logs and JSON)."""
        rows = []
        for r in self.rows:
            d: dict[str, int] = {"min": r.min}
            if r.max is not None:
                d["max"] = r.max
            d.update(correct=r.correct, adjacent=r.adjacent)
            rows.append(d)
        return {"name": self.name, "description": self.description, "scale_correct": self.scale_correct,
                "scale_adjacent": self.scale_adjacent, "row": rows}

    @classmethod
    def from_dict(cls, doc: dict[str, Any], where: str) -> ScoringTable:
        """Validate a preset document: rows start at 1, leave no gap and end open."""
        allowed = {"name", "description", "scale_correct", "scale_adjacent", "row"}
        for key in doc:
            if key not in allowed:
                raise ConfigError(f"{where}: unknown key {key!r} (allowed: {', '.join(sorted(allowed))})", key)
        rows_raw = doc.get("row")
        if not isinstance(rows_raw, list) or not rows_raw:
            raise ConfigError(f"{where}: a scoring table needs [[row]] entries", "row")
        rows = []
        expect = 1
        for i, r in enumerate(rows_raw, 1):
            if not isinstance(r, dict):
                raise ConfigError(f"{where}: row {i} must be a table with min, max, correct and adjacent", "row")
            for key in r:
                if key not in ("min", "max", "correct", "adjacent"):
                    raise ConfigError(f"{where}: row {i}: unknown key {key!r}", key)
            for key in ("min", "correct", "adjacent"):
                if not isinstance(r.get(key), int) or isinstance(r.get(key), bool) or r[key] < 0:
                    raise ConfigError(f"{where}: row {i}: {key!r} must be a whole number >= 0", key)
            mx = r.get("max")
            if mx is not None and (not isinstance(mx, int) or isinstance(mx, bool) or mx < r["min"]):
                raise ConfigError(f"{where}: row {i}: 'max' must be a whole number >= min", "max")
            if r["min"] != expect:
                raise ConfigError(f"{where}: row {i} starts at {r['min']} areas, expected {expect} "
                                  "(no gaps or overlaps)", "min")
            if mx is None and i != len(rows_raw):
                raise ConfigError(f"{where}: row {i} has no 'max' but is not the last row", "max")
            rows.append(Row(r["min"], mx, r["correct"], r["adjacent"]))
            if mx is not None:  # an open row is the last (checked above): nothing follows it
                expect = mx + 1
        if rows[-1].max is not None:
            raise ConfigError(f"{where}: the last row must have no 'max' (it covers every larger count)", "max")
        sc, sa = doc.get("scale_correct", 7), doc.get("scale_adjacent", 3)
        for key, v in (("scale_correct", sc), ("scale_adjacent", sa)):
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise ConfigError(f"{where}: {key!r} must be a whole number >= 0", key)
        name = doc.get("name", "custom")
        if not isinstance(name, str) or not name:
            raise ConfigError(f"{where}: 'name' must be a text", "name")
        return cls(name, str(doc.get("description", "")), tuple(rows), sc, sa)


PRESET_NAMES = ("published", "reference-manual")


@cache
def preset(name: str) -> ScoringTable:
    """A bundled preset by name ('published' or 'reference-manual')."""
    key = normalize(name)
    for p in PRESET_NAMES:
        if normalize(p) == key:
            rel = f"presets/{p}.toml"
            try:
                return ScoringTable.from_dict(data.load_toml(rel), rel)
            except ConfigError as exc:
                raise DataError(str(exc)) from exc
    hints = suggest(name, {normalize(p): p for p in PRESET_NAMES})
    raise ConfigError(
        f"unknown preset {name!r}; the bundled presets are {', '.join(PRESET_NAMES)}"
        + (f" (did you mean {hints[0]!r}?)" if hints else "") + ", or give the path of a table file",
        "preset",
    )


def preset_files() -> list[str]:
    """Data files of the bundled presets (for the data fingerprint)."""
    return [f"presets/{p}.toml" for p in PRESET_NAMES]
