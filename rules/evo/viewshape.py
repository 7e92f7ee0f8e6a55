"""The shape of an Evo view (`State.view`), so a view file from the outside is checked whole before use.

The island in a view must be the installed one for its player count (space names, terrain): the pictures
look spaces up by the names its rows give.
"""

from __future__ import annotations

from typing import Any

from rules.core.limits import MAX_NAME_CHARS
from rules.core.shape import Also, Bool, Const, Either, Int, KeysOf, ListOf, MapOf, Opt, Record, Shape, Text
from rules.evo.board import board_for, board_of
from rules.evo.data import RINGS, TERRAINS

_PLAYER = Text(1, MAX_NAME_CHARS)
_WORD = Text(1, 40)
_COUNT = Int(0, 10_000)
_POINTS = Int(-100_000, 100_000)
_SPACE = Text(1, 4)


def _players(view: Any) -> list[str]:
    return list(view["players"])


def _distinct(value: Any, view: Any) -> str | None:
    return None if len(set(value)) == len(value) else "names a player twice"


def _island(board: Any, view: Any) -> str | None:
    if board_of(board["players"], board["rows"]) is None:
        return f"not a {board['players']}-player island of the installed Evo"
    return None


def _terrain(terrain: Any, view: Any) -> str | None:
    island = board_of(view["board"]["players"], view["board"]["rows"]) or board_for(view["board"]["players"])
    if terrain != dict(zip(island.names, island.terrain, strict=True)):
        return "not the terrain of the island's spaces"
    return None


def _one_of_players(value: Any, view: Any) -> str | None:
    return None if value in view["players"] else f"{value!r} is not a player"


_IN_PLAYERS = Also(_PLAYER, _one_of_players)

VIEW_SHAPE: Shape = Record(
    required={
        "game": Const("evo"), "players": Also(ListOf(_PLAYER, 5, 2), _distinct), "you": Opt(_PLAYER),
        "round": _COUNT, "phase": _WORD, "to_move": Opt(_IN_PLAYERS), "over": Bool(),
        "winners": ListOf(_IN_PLAYERS, 5),
        "board": Also(Record({"players": Int(2, 5), "rows": ListOf(Text(1, 30), 26, 1)}), _island),
        "dinosaurs": KeysOf(_players, ListOf(_SPACE, 100)),
        "terrain": Also(MapOf(_SPACE, Text(choices=TERRAINS), 200), _terrain),
        "coastal": ListOf(_SPACE, 200),
        "wheel": Record({"position": _COUNT, "rings": KeysOf(lambda view: TERRAINS, Text(choices=RINGS)),
                         "ideal": Text(choices=TERRAINS)}),
        "token": Text(0, 20), "tokens_left": _COUNT, "revealed": ListOf(_WORD, 100),
        "initiative": ListOf(_IN_PLAYERS, 5), "mp": KeysOf(_players, _POINTS),
        "genes": KeysOf(_players, MapOf(_WORD, Int(1, 100), 100)), "cards_held": KeysOf(_players, _COUNT),
        "event_deck": _COUNT, "discard": ListOf(_WORD, 100), "bag": _COUNT,
        "lab": ListOf(Record({"item": _WORD, "bid": Opt(_COUNT), "by": Opt(_IN_PLAYERS)}), 20),
        "lost": KeysOf(_players, Record({"climate": _COUNT, "combat": _COUNT})),
        "steps": Opt(_COUNT), "births_left": Opt(KeysOf(_players, _COUNT)),
        "effects": KeysOf(_players, MapOf(_WORD, Either((Bool(), _POINTS), "a number or true/false"), 50)),
    },
    optional={"edition": Int(1, 100), "keeping": Record({"kept": ListOf(_SPACE, 100), "of": _COUNT}),
              "hand": ListOf(_WORD, 100), "next_token": _WORD})
