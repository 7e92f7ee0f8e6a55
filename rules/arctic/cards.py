"""The Arctic card set and numbers, read once from data/arctic/arctic.toml, with cards as small integers.

A card is an int: set d (1-4), animal a (0-5) and draw value k (1-5) give id (d-1)*30 + a*5 + (k-1),
so the hot paths (legal moves, apply) index flat tuples instead of building objects.
"""

from __future__ import annotations

import importlib.resources
import os
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules.core.errors import DataError

WILD = 1000  # a pile entry >= WILD is the card (entry - WILD) lying face down (a fox-A wild card)


def _data_path() -> str:
    """The checkout's data/arctic/arctic.toml, else the installed fauna_data copy."""
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
    path = os.path.join(here, "data", "arctic", "arctic.toml")
    if os.path.isfile(path):
        return path
    try:
        return str(importlib.resources.files("fauna_data").joinpath("arctic", "arctic.toml"))
    except ModuleNotFoundError as exc:  # pragma: no cover - only a broken install gets here
        raise DataError("cannot find data/arctic/arctic.toml; reinstall the package") from exc


@dataclass(frozen=True)
class ArcticData:
    """The game's fixed numbers: animals, landscape, run points, hand sizes, power texts."""

    animals: tuple[str, ...]
    aliases: dict[str, str]
    landscape: tuple[int, ...]
    token_start: int
    run_points: tuple[int, ...]
    value_sum: int
    draw_values: tuple[int, ...]
    hand_start: int
    hand_limit: int
    river_size: int
    reserve_per_extra_player: int
    first_placement: int
    min_players: int
    max_players: int
    powers: dict[str, dict[str, str]]


def _ints(doc: dict[str, Any], key: str) -> tuple[int, ...]:
    value = doc.get(key)
    if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
        raise DataError(f"data/arctic/arctic.toml: {key} must be a list of whole numbers")
    return tuple(value)


def _int(doc: dict[str, Any], key: str) -> int:
    value = doc.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise DataError(f"data/arctic/arctic.toml: {key} must be a whole number")
    return value


@lru_cache(maxsize=1)
def load() -> ArcticData:
    """Read and check the data file once per process."""
    path = _data_path()
    try:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"cannot read {path}: {exc}") from exc
    animals = tuple(doc.get("animals", ()))
    if len(animals) != 6 or not all(isinstance(a, str) for a in animals):
        raise DataError("data/arctic/arctic.toml: animals must list the 6 animals")
    powers = doc.get("powers", {})
    for a in animals:
        if set(powers.get(a, {})) != {"A", "B"}:
            raise DataError(f"data/arctic/arctic.toml: powers.{a} needs an A and a B text")
    data = ArcticData(
        animals=animals, aliases=dict(doc.get("aliases", {})), landscape=_ints(doc, "landscape"),
        token_start=_int(doc, "token_start"), run_points=_ints(doc, "run_points"), value_sum=_int(doc, "value_sum"),
        draw_values=_ints(doc, "draw_values"), hand_start=_int(doc, "hand_start"), hand_limit=_int(doc, "hand_limit"),
        river_size=_int(doc, "river_size"), reserve_per_extra_player=_int(doc, "reserve_per_extra_player"),
        first_placement=_int(doc, "first_placement"), min_players=_int(doc, "min_players"),
        max_players=_int(doc, "max_players"), powers={a: dict(powers[a]) for a in animals})
    if len(data.landscape) != 6 or not 0 <= data.token_start < 6 or len(data.draw_values) != 5:
        raise DataError("data/arctic/arctic.toml: landscape needs 6 values, draw_values 5, token_start 0-5")
    return data


DATA = load()
ANIMALS: tuple[str, ...] = DATA.animals
LANDSCAPE: tuple[int, ...] = DATA.landscape
RUN_POINTS: tuple[int, ...] = DATA.run_points
SET_SIZE = 30


def run_points(length: int) -> int:
    """Points of a run (or a diversity count): 2/3/4/5/6+ -> 1/3/6/10/15."""
    return RUN_POINTS[min(length, len(RUN_POINTS) - 1)]


def _build() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[str, ...]]:
    main, comp, draw, place, names = [], [], [], [], []
    for d in range(1, DATA.max_players + 1):
        for a in range(6):
            for k in DATA.draw_values:
                off = ((k + d - 2) % 5) + 1
                c = (a + off) % 6
                main.append(a)
                comp.append(c)
                draw.append(k)
                place.append(DATA.value_sum - k)
                names.append(f"{ANIMALS[a]}/{ANIMALS[c]} {DATA.value_sum - k}-{k}")
    return tuple(main), tuple(comp), tuple(draw), tuple(place), tuple(names)


MAIN, COMP, DRAW, PLACE, NAME = _build()
BY_NAME: dict[str, int] = {n: i for i, n in enumerate(NAME)}


def deck_for(players: int) -> list[int]:
    """The cards of a game: one set of 30 per player, in id order (shuffled by the state)."""
    return list(range(SET_SIZE * players))
