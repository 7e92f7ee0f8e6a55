"""Fauna, the animal trivia board game: board, scales, scoring, deck and the game itself.

    from rules.fauna import Board
    Board.default().adjacent("Tasmania", "Tasman Sea")   # True
"""

import importlib

_WHERE = {
    "ConfigError": "rules.core.errors", "DataError": "rules.core.errors", "FaunaError": "rules.core.errors",
    "IllegalMove": "rules.core.errors", "MoveSyntaxError": "rules.core.errors", "ReplayMismatch": "rules.core.errors",
    "UnknownAnimal": "rules.core.errors", "UnknownArea": "rules.core.errors", "UnknownName": "rules.core.errors",
    "Animal": "rules.fauna.animals", "Deck": "rules.fauna.animals", "Area": "rules.fauna.board",
    "Board": "rules.fauna.board", "Config": "rules.fauna.config", "PlayerSpec": "rules.fauna.config",
    "CardFront": "rules.fauna.game", "State": "rules.fauna.game", "card_front": "rules.fauna.game",
    "new_game": "rules.fauna.game", "PASS": "rules.fauna.moves", "Move": "rules.fauna.moves",
    "parse_move": "rules.fauna.moves", "Scales": "rules.fauna.scales", "ScoringTable": "rules.fauna.scoring",
    "preset": "rules.fauna.scoring",
}


def __getattr__(name):
    """Import a public name's module on first use, so a query that needs only the board loads only it."""
    if name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'rules.fauna' has no attribute {name!r}")


__all__ = [
    "Animal", "Area", "Board", "CardFront", "Config", "ConfigError", "DataError", "Deck", "FaunaError", "IllegalMove",
    "Move", "MoveSyntaxError", "PASS", "PlayerSpec", "ReplayMismatch", "Scales", "ScoringTable", "State",
    "UnknownAnimal", "UnknownArea", "UnknownName", "card_front", "new_game", "parse_move", "preset",
]
