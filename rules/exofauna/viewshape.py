"""The shape of an ExoFauna/Duo view (`State.view`), so a view file from the outside is checked whole before use."""

from __future__ import annotations

from typing import Any

from rules.core.limits import MAX_NAME_CHARS
from rules.core.shape import Bool, Const, Int, KeysOf, ListOf, Opt, Record, Shape, Text

_PLAYER = Text(1, MAX_NAME_CHARS)
_WORD = Text(1, 40)
_COUNT = Int(0, 1_000)
_CARD = Record({"name": _WORD, "colour": _WORD})
_MAX_SPACES = 8  # a Watering Hole is a 3x3 grid around its hole card


def _spaces(view: Any) -> list[str]:
    return list(view["spaces"])


VIEW_SHAPE: Shape = Record(
    required={
        "game": Const("exofauna"), "quick": Bool(), "goal": Int(1, 10), "turn": Int(0, 10**6),
        "to_move": Opt(_PLAYER), "action": _COUNT, "actions": _COUNT, "actions_used": _COUNT,
        "decision": _WORD, "asked": Text(0, 1_000),
        "spaces": ListOf(Text(1, 10), _MAX_SPACES, 1),
        "grid": KeysOf(_spaces, ListOf(Int(0, 2), 2, 2)),
        "next_to": KeysOf(_spaces, ListOf(Text(1, 10), _MAX_SPACES)),
        "players": ListOf(Record({"name": _PLAYER, "colour": _WORD, "hand_size": _COUNT, "deck_size": _COUNT,
                                  "deck_top": Opt(_CARD), "claimed": ListOf(_WORD, 10)}), 2, 2),
        "holes": ListOf(Record({"label": Text(1, 10), "colour": _WORD, "start_card": Bool(),
                                "spaces": KeysOf(_spaces, Opt(_CARD))}), 2, 2),
        "over": Bool(), "winners": ListOf(_PLAYER, 2), "you": Opt(_PLAYER),
    },
    optional={"played_at": Text(0, 100), "hand": ListOf(_CARD, 100)})


