"""The Fauna world map: 75 areas, their aliases and the 204 adjacent pairs, read from data/."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rules.core import data
from rules.core.errors import DataError, UnknownArea
from rules.core.names import normalize, suggest


@dataclass(frozen=True)
class Area:
    """One board area; `kind` is "land" or "marine"."""

    name: str
    kind: str
    continent: str
    aliases: tuple[str, ...] = ()
    includes: str = ""

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Link:
    """Why two areas are adjacent: a land border, a coast, a sea line or the map's edge wrap."""

    a: str
    b: str
    kind: str


@dataclass
class Board:
    """The map with case-insensitive, alias-aware lookups and adjacency questions."""

    areas: list[Area]
    links: list[Link]
    _by_key: dict[str, Area] = field(default_factory=dict, repr=False)
    _names: dict[str, str] = field(default_factory=dict, repr=False)
    _neighbors: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    _link: dict[frozenset[str], Link] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for area in self.areas:
            for label in (area.name, *area.aliases):
                key = normalize(label)
                other = self._by_key.get(key)
                if other is not None and other.name != area.name:
                    raise DataError(f"board: {label!r} names both {other.name} and {area.name}")
                self._by_key[key] = area
                self._names[key] = label
        adj: dict[str, set[str]] = {a.name: set() for a in self.areas}
        for link in self.links:
            if link.a not in adj or link.b not in adj:
                raise DataError(f"adjacency: unknown area in pair {link.a} | {link.b}")
            if link.a == link.b:
                raise DataError(f"adjacency: {link.a} cannot border itself")
            pair = frozenset((link.a, link.b))
            if pair in self._link:
                raise DataError(f"adjacency: pair {link.a} | {link.b} listed twice")
            self._link[pair] = link
            adj[link.a].add(link.b)
            adj[link.b].add(link.a)
        self._neighbors = {name: tuple(sorted(ns)) for name, ns in adj.items()}

    @classmethod
    def default(cls) -> Board:
        """The published board, loaded from data/ once and shared."""
        return _default_board()

    def area(self, name: str | Area) -> Area:
        """The area a name or alias stands for, or UnknownArea with suggestions."""
        if isinstance(name, Area):
            return name
        found = self._by_key.get(normalize(name))
        if found is None:
            raise UnknownArea(name, suggest(name, self._names))
        return found

    def find(self, name: str) -> Area | None:
        """Like area(), but None for a miss."""
        return self._by_key.get(normalize(name))

    def adjacent(self, a: str | Area, b: str | Area) -> bool:
        """True when the two areas share a border, a coast, a sea line or an edge-wrap label."""
        return frozenset((self.area(a).name, self.area(b).name)) in self._link

    def link(self, a: str | Area, b: str | Area) -> Link | None:
        """How two areas are joined, or None."""
        return self._link.get(frozenset((self.area(a).name, self.area(b).name)))

    def neighbors(self, name: str | Area) -> list[str]:
        """Names of the adjacent areas, alphabetically."""
        return list(self._neighbors[self.area(name).name])

    def neighbor_links(self, name: str | Area) -> list[tuple[str, str]]:
        """(neighbour, kind of link) for each area adjacent to `name`, alphabetically."""
        area = self.area(name).name
        return [(n, self._link[frozenset((area, n))].kind) for n in self._neighbors[area]]

    @property
    def pairs(self) -> list[tuple[str, str]]:
        """Every adjacent pair once, each pair and the list sorted alphabetically."""
        return sorted((min(link.a, link.b), max(link.a, link.b)) for link in self._link.values())

    @property
    def names(self) -> list[str]:
        """Area names in board order."""
        return [a.name for a in self.areas]


@lru_cache(maxsize=1)
def _default_board() -> Board:
    links = [Link(r["area_a"], r["area_b"], r["link"]) for r in data.load_csv("adjacency.csv")]
    return Board(areas_from_doc(data.load_toml("board.toml")), links)


def areas_from_doc(doc: dict[str, Any]) -> list[Area]:
    """The areas of a board.toml document, in board order; a bad entry is a DataError naming it."""
    areas = []
    for i, raw in enumerate(doc.get("area", []), 1):
        try:
            kind = raw["kind"]
            if kind not in ("land", "marine"):
                raise DataError(f"board.toml: area {raw.get('name')} has kind {kind!r}")
            areas.append(Area(raw["name"], kind, raw["continent"], tuple(raw.get("aliases", ())),
                              raw.get("includes", "")))
        except KeyError as exc:
            raise DataError(f"board.toml: area {i} lacks {exc.args[0]!r}") from exc
    return areas


BOARD_FILES = ["board.toml", "adjacency.csv"]
