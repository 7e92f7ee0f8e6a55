"""The designed card set and hole layout, read once from data/exofauna/*.toml so the design lives in data."""

from __future__ import annotations

import importlib.resources
import os
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules.core.errors import DataError

INSTINCTS = ("predator", "swarming", "scavenger")
EFFECTS = ("ambush", "tunnel", "gorge", "lure", "brood", "drift", "scurry", "hatch")


@dataclass(frozen=True)
class Organism:
    """One of the eight Organisms: its name, Instinct and Adaptation as printed on the card."""

    index: int
    name: str
    instinct: str
    adaptation: str
    effect: str
    text: str


@dataclass(frozen=True)
class Design:
    """Everything the rules read from data: organisms, spaces, adjacency and the game's numbers."""

    organisms: tuple[Organism, ...]
    copies: int
    spaces: tuple[str, ...]
    grid: tuple[tuple[int, int], ...]
    next_to: tuple[tuple[int, ...], ...]
    colours: tuple[str, str]
    hand: int
    actions: int
    hole_size: int
    goal: int
    quick_goal: int
    holes: tuple[str, str]
    start_colours: tuple[int, int]


def data_dir() -> str:
    """The data folder: the checkout's data/exofauna when running from source, else the installed copy."""
    here = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__)))), "data")
    path = os.path.join(here, "exofauna")
    if os.path.isfile(os.path.join(path, "organisms.toml")):
        return path
    try:
        installed = importlib.resources.files("fauna_data")
    except ModuleNotFoundError as exc:  # pragma: no cover - only a broken install gets here
        raise DataError("cannot find data/exofauna; reinstall the package") from exc
    return os.path.join(str(installed), "exofauna")


def _read(name: str) -> dict[str, Any]:
    """One TOML file of data/exofauna, with its name in any error."""
    path = os.path.join(data_dir(), name)
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"data/exofauna/{name}: {exc}") from exc


def build_design(orgs: dict[str, Any], holes: dict[str, Any], game: dict[str, Any]) -> Design:
    """Check the three documents against their schema and build the Design."""
    organisms = []
    for i, o in enumerate(orgs.get("organism", [])):
        if o.get("instinct") not in INSTINCTS or o.get("effect") not in EFFECTS:
            raise DataError(f"organisms.toml: organism {i + 1}: bad instinct or effect")
        organisms.append(Organism(i, str(o["name"]), o["instinct"], str(o["adaptation"]), o["effect"], str(o["text"])))
    if len(organisms) != 8 or len({o.name.lower() for o in organisms}) != 8:
        raise DataError("organisms.toml: needs eight Organisms with different names")
    if sorted(o.effect for o in organisms) != sorted(EFFECTS):
        raise DataError("organisms.toml: every effect is used exactly once")
    spaces = tuple(str(s) for s in holes["spaces"])
    if len(spaces) != int(game["hole_size"]):
        raise DataError("holes.toml: a hole has hole_size spaces")
    index = {s: i for i, s in enumerate(spaces)}
    next_to = []
    for s in spaces:
        ns = tuple(index[n] for n in holes["next_to"][s])
        next_to.append(ns)
    for i, ns in enumerate(next_to):
        for j in ns:
            if i not in next_to[j]:
                raise DataError(f"holes.toml: next_to is not symmetric for {spaces[i]} and {spaces[j]}")
    grid = tuple((int(holes["grid"][s][0]), int(holes["grid"][s][1])) for s in spaces)
    colours = (str(game["colours"][0]), str(game["colours"][1]))
    start = tuple(colours.index(c) for c in game["start_colours"])
    return Design(tuple(organisms), int(orgs["copies"]), spaces, grid, tuple(next_to), colours, int(game["hand"]),
                  int(game["actions"]), int(game["hole_size"]), int(game["goal"]), int(game["quick_goal"]),
                  (str(game["holes"][0]), str(game["holes"][1])), (start[0], start[1]))


@lru_cache(maxsize=1)
def design() -> Design:
    """The design shipped in data/exofauna, loaded once."""
    return build_design(_read("organisms.toml"), _read("holes.toml"), _read("game.toml"))
