"""Evo's designed data (boards, wheel, tokens, die, genes, cards), read once from data/evo/."""

from __future__ import annotations

import importlib.util
import os
import tomllib
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from rules.core.errors import DataError

TERRAINS = ("beach", "plains", "hills", "mountains")
RINGS = ("ideal", "hot", "cold", "deadly")


@lru_cache(maxsize=1)
def data_dir() -> str:
    """The data/evo folder: the checkout's when running from source, else the installed fauna_data copy."""
    here = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__)))), "data", "evo")
    if os.path.isfile(os.path.join(here, "boards.toml")):
        return here
    spec = importlib.util.find_spec("fauna_data")  # the installed package form of data/
    if spec is None or spec.origin is None:  # pragma: no cover - only a broken install gets here
        raise DataError("cannot find the Evo data files (data/evo/boards.toml); reinstall the package")
    return os.path.join(os.path.dirname(os.path.realpath(spec.origin)), "evo")


@cache
def load(name: str) -> dict[str, Any]:
    """A parsed data file of data/evo by file name."""
    path = os.path.join(data_dir(), name)
    try:
        with open(path, "rb") as f:
            return tomllib.loads(f.read().decode("utf-8").replace("\r\n", "\n"))
    except OSError as exc:
        raise DataError(f"cannot read data file evo/{name}: {exc.strerror}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"evo/{name}: {exc}") from exc


@dataclass(frozen=True)
class Card:
    """An event card: when it may be played, what it aims at, what it does."""

    name: str
    timing: str
    target: str
    effect: str
    text: str


@dataclass(frozen=True)
class Face:
    """A face of the combat die and when the attacker wins on it."""

    name: str
    wins: str


@dataclass(frozen=True)
class Wheel:
    """The climate wheel: per position, the ring of each terrain."""

    rings: tuple[dict[str, str], ...]
    start: int

    def ideal(self, position: int) -> str:
        """The terrain in the ideal ring at a position."""
        return next(t for t, r in self.rings[position].items() if r == "ideal")


@lru_cache(maxsize=1)
def cards() -> tuple[Card, ...]:
    """The fifteen event cards in data order."""
    out = []
    for c in load("cards.toml")["card"]:
        if c["timing"] not in ("climate", "movement", "birth", "survival"):
            raise DataError(f"evo/cards.toml: card {c['name']!r} has an unknown timing {c['timing']!r}")
        out.append(Card(c["name"], c["timing"], c["target"], c["effect"], c["text"]))
    return tuple(out)


@lru_cache(maxsize=1)
def card_by_name() -> dict[str, Card]:
    """Cards by name."""
    return {c.name: c for c in cards()}


@lru_cache(maxsize=1)
def die() -> tuple[Face, ...]:
    """The six faces of the combat die."""
    faces = tuple(Face(f["name"], f["wins"]) for f in load("die.toml")["face"])
    if len(faces) != 6:
        raise DataError("evo/die.toml: the die needs six faces")
    return faces


@lru_cache(maxsize=1)
def wheel() -> Wheel:
    """The climate wheel from climate.toml."""
    doc = load("climate.toml")
    rings = []
    for p in doc["position"]:
        ring = {}
        for r in RINGS:
            for t in ([p["ideal"]] if r == "ideal" else p[r]):
                ring[t] = r
        if sorted(ring) != sorted(TERRAINS):
            raise DataError("evo/climate.toml: every position must place each terrain in exactly one ring")
        rings.append(ring)
    return Wheel(tuple(rings), int(doc["start"]))


@lru_cache(maxsize=1)
def token_counts() -> dict[str, int]:
    """Movement climate tokens by kind ("+1", "-1", "0", "+2") and how many of each."""
    return {str(k): int(v) for k, v in load("climate.toml")["tokens"].items()}


@lru_cache(maxsize=1)
def normal_genes() -> dict[str, int]:
    """The normal gene kinds and how many tokens of each."""
    return {str(k): int(v) for k, v in load("genes.toml")["normal"].items()}


@lru_cache(maxsize=1)
def unique_genes() -> tuple[tuple[str, ...], int]:
    """The twelve unique gene names and how many enter each game."""
    u = load("genes.toml")["unique"]
    return tuple(u["names"]), int(u["in_game"])


RULES_4 = "rules-4.toml"  # the numbers rules edition 4 changes (issue 30)
RULES_5 = "rules-5.toml"  # rules edition 5's numbers and its event column that nobody outbids (issue 30)
RULES_6 = "rules-6.toml"  # rules edition 6's numbers: edition 5's, two players starting with the seed's 6 each
RULES_7 = "rules-7.toml"  # rules edition 7's numbers: edition 6's, with new start rows for 3-5 players
RULES_8 = "rules-8.toml"  # rules edition 8's numbers: edition 7's, the fourth of four players starting with 8
# the numbers file of each rules edition from 4 on
RULES_FILES = {4: RULES_4, 5: RULES_5, 6: RULES_6, 7: RULES_7, 8: RULES_8}
SEED_START_MP = 6  # "Each player starts with 6 MP" (the seed): every place, in editions 1-3


@dataclass(frozen=True)
class EditionRules:
    """The numbers of a rules edition that later editions changed: what the event column adds, the start."""

    event_mp: int  # mutation points the event column's winner gains with its card
    start_mp: dict[int, tuple[int, ...]]  # per player count, the start by place on the first round's track
    event_held: bool = False  # editions 5-7: the first bid on the event column holds it (nobody outbids it)

    def start(self, players: int) -> tuple[int, ...]:
        """Mutation points at the start by place on the first initiative track (the seed: 6 each)."""
        return self.start_mp.get(players, (SEED_START_MP,) * players)


def rules_file(edition: int) -> str | None:
    """The numbers file a rules edition is played by (None before edition 4: the seed's numbers)."""
    return RULES_FILES[min(edition, max(RULES_FILES))] if edition >= 4 else None


@cache
def edition_rules(edition: int) -> EditionRules:
    """The event column's bonus and the start of a rules edition: editions 1-3 the seed's, 4 rules-4.toml's,
    5 rules-5.toml's (with the event column nobody outbids), 6 to 8 rules-6.toml's to rules-8.toml's."""
    name = rules_file(edition)
    if name is None:
        return EditionRules(0, {})
    doc = load(name)
    mp = doc["event"]["mp"]
    if type(mp) is not int or not 0 <= mp <= 6:
        raise DataError(f"evo/{name}: event.mp must be a whole number from 0 to 6, not {mp!r}")
    held = doc["event"].get("held", False)
    if type(held) is not bool:
        raise DataError(f"evo/{name}: event.held must be true or false, not {held!r}")
    start: dict[int, tuple[int, ...]] = {}
    for players in range(2, 6):
        row = doc["start"].get(str(players))
        if (not isinstance(row, list) or len(row) != players
                or not all(type(x) is int and 0 <= x <= 20 for x in row)):
            raise DataError(f"evo/{name}: start.{players} must list {players} start mutation points (0 to 20)")
        start[players] = tuple(row)
    return EditionRules(mp, start, held)
