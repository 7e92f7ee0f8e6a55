"""The shape of an Arctic view (`ArcticState.view`), so a view file from the outside is checked whole before use."""

from __future__ import annotations

from rules.arctic.cards import ANIMALS, NAME
from rules.core.limits import MAX_NAME_CHARS
from rules.core.shape import Bool, Const, Int, KeysOf, ListOf, MapOf, Opt, Record, Shape, Text

_PLAYER = Text(1, MAX_NAME_CHARS)
_ANIMAL = Text(choices=frozenset(ANIMALS))
_CARD = Text(choices=frozenset(NAME))
_COUNT = Int(0, 1_000)
_POINTS = Int(-100_000, 100_000)
PHASES = ("place", "tokens", "walrus", "draw", "discard", "over")

VIEW_SHAPE: Shape = Record(
    required={
        "game": Const("arctic"), "player": Opt(_PLAYER), "seq": Int(0, 10**9), "round": _COUNT,
        "to_move": Opt(_PLAYER), "phase": Text(choices=PHASES), "first": _PLAYER, "end_triggered": Bool(),
        "final_round": Bool(), "over": Bool(), "landscape": ListOf(_COUNT, len(ANIMALS), 1),
        "tokens": KeysOf(lambda view: ANIMALS, _COUNT),
        "powers": KeysOf(lambda view: ANIMALS, Record({"side": Text(choices=("A", "B")), "holder": Opt(_PLAYER)})),
        "river": ListOf(_CARD, len(NAME)), "draw_pile": _COUNT, "reserve": _COUNT,
        "players": ListOf(Record(
            required={"name": _PLAYER, "pile": ListOf(Text(1, 40), len(NAME)), "visible": Opt(_CARD),
                      "pile_size": _COUNT, "penalties": _COUNT, "hand_size": _COUNT,
                      "powers": ListOf(_ANIMAL, len(ANIMALS))},
            optional={"totem": _ANIMAL}), 6, 1),
    },
    optional={
        "turn": Record({"player": _PLAYER, "place_target": _COUNT, "placed": _COUNT, "draw_target": Opt(_COUNT),
                        "taken": _COUNT, "used": ListOf(_ANIMAL, len(ANIMALS)),
                        "tokens_to_move": Opt(ListOf(_ANIMAL, 2, 2))}),
        "hand": ListOf(_CARD, len(NAME)), "totem": _ANIMAL,
        "scores": MapOf(_PLAYER, _POINTS, 6), "winners": ListOf(_PLAYER, 6),
    })
