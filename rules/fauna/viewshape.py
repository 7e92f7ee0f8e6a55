"""The shape of a Fauna view (`State.view`), so a view file from the outside is checked whole before use."""

from __future__ import annotations

from typing import Any

from rules.core.limits import MAX_NAME_CHARS
from rules.core.shape import Also, Bool, Int, KeysOf, ListOf, MapOf, Opt, Record, Shape, Text

_PLAYER = Text(1, MAX_NAME_CHARS)
_WORD = Text(1, 200)
_COUNT = Int(0, 100_000)


def _players(view: Any) -> list[str]:
    return list(view["scores"])


def _one_of_players(value: Any, view: Any) -> str | None:
    return None if value in view["scores"] else f"{value!r} is not a player"


_IN_PLAYERS = Also(_PLAYER, _one_of_players)

VIEW_SHAPE: Shape = Record({
    "scores": MapOf(_PLAYER, _COUNT, 6),  # first: its keys are the players the other keys name
    "round": _COUNT, "starting_player": _IN_PLAYERS,
    "card": Record({"class": _WORD, "name": _WORD, "scientific": _WORD, "areas": _COUNT,
                    "measures": ListOf(Record({"measure": _WORD, "title": _WORD, "scale": _WORD, "open": Bool()}),
                                       10)}),
    "taken": ListOf(Record({"spot": _WORD, "player": _IN_PLAYERS}), 1_000),
    "hands": KeysOf(_players, _COUNT), "stock": KeysOf(_players, _COUNT), "passed": ListOf(_IN_PLAYERS, 6),
    "to_move": Opt(_IN_PLAYERS), "over": Bool(), "winners": ListOf(_IN_PLAYERS, 6),
})
