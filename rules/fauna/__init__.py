"""Fauna, the animal trivia board game: board, scales, scoring, deck and the game itself.

    from rules.fauna import Board
    Board.default().adjacent("Tasmania", "Tasman Sea")   # True
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the checker sees the real names; at run time __getattr__ imports each on first use
    from rules.core.errors import (
        ConfigError,
        DataError,
        FaunaError,
        IllegalMove,
        MoveSyntaxError,
        ReplayMismatch,
        UnknownAnimal,
        UnknownArea,
        UnknownName,
    )
    from rules.fauna.animals import Animal, Deck
    from rules.fauna.board import Area, Board
    from rules.fauna.config import Config, PlayerSpec
    from rules.fauna.front import CardFront, card_front
    from rules.fauna.game import State, new_game
    from rules.fauna.moves import PASS, AreaMove, Move, Pass, ScaleMove, parse_move
    from rules.fauna.scales import Scales
    from rules.fauna.scoring import ScoringTable, preset

_WHERE = {
    "ConfigError": "rules.core.errors", "DataError": "rules.core.errors", "FaunaError": "rules.core.errors",
    "IllegalMove": "rules.core.errors", "MoveSyntaxError": "rules.core.errors", "ReplayMismatch": "rules.core.errors",
    "UnknownAnimal": "rules.core.errors", "UnknownArea": "rules.core.errors", "UnknownName": "rules.core.errors",
    "Animal": "rules.fauna.animals", "Deck": "rules.fauna.animals", "Area": "rules.fauna.board",
    "Board": "rules.fauna.board", "Config": "rules.fauna.config", "PlayerSpec": "rules.fauna.config",
    "CardFront": "rules.fauna.front", "State": "rules.fauna.game", "card_front": "rules.fauna.front",
    "new_game": "rules.fauna.game", "PASS": "rules.fauna.moves", "Move": "rules.fauna.moves",
    "AreaMove": "rules.fauna.moves", "ScaleMove": "rules.fauna.moves", "Pass": "rules.fauna.moves",
    "parse_move": "rules.fauna.moves", "Scales": "rules.fauna.scales", "ScoringTable": "rules.fauna.scoring",
    "preset": "rules.fauna.scoring",
}


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use, so a query that needs only the board loads only it."""
    if name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'rules.fauna' has no attribute {name!r}")


__all__ = [
    "Animal", "Area", "AreaMove", "Board", "CardFront", "Config", "ConfigError", "DataError", "Deck", "FaunaError",
    "IllegalMove", "Move", "MoveSyntaxError", "PASS", "Pass", "PlayerSpec", "ReplayMismatch", "ScaleMove", "Scales",
    "ScoringTable", "State",
    "UnknownAnimal", "UnknownArea", "UnknownName", "card_front", "new_game", "parse_move", "preset",
]
