"""Games by name: the engine finds a game's package through this table of strings, never by import."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from rules.core.errors import ConfigError
from rules.core.names import normalize, suggest

if TYPE_CHECKING:
    from rules.core.protocol import GameRules

GAMES: dict[str, str] = {"fauna": "rules.fauna.protocol", "arctic": "rules.arctic", "exofauna": "rules.exofauna",
                         "evo": "rules.evo"}
DEFAULT = "fauna"


def game_names() -> list[str]:
    """The games this engine plays, in a stable order."""
    return list(GAMES)


def load_rules(name: str) -> GameRules:
    """The RULES of a game by name; an unknown name is a ConfigError with suggestions."""
    module = GAMES.get(name)
    if module is None:
        hints = suggest(name, {normalize(n): n for n in GAMES})
        extra = "; did you mean " + " or ".join(repr(h) for h in hints) + "?" if hints else ""
        raise ConfigError(f"unknown game {name!r} (games: {', '.join(GAMES)}){extra}", "game.rules")
    return _rules_of(module)


def rules_for_log(first_line: str) -> GameRules | None:
    """The game whose log format begins `first_line` ('arctic-log 1 @...'), or None."""
    word = first_line.split(" ", 1)[0]
    for name, module in GAMES.items():
        if word == f"{name}-log":
            return _rules_of(module)
    return None


def _rules_of(module: str) -> GameRules:
    """The RULES a game package gives (see rules.core.protocol); anything else there is a programming error."""
    from rules.core.protocol import GameRules  # here, not at the top: a query that loads no game stays quick

    rules = importlib.import_module(module).RULES
    if not isinstance(rules, GameRules):
        raise TypeError(f"{module}.RULES is a {type(rules).__name__}, not a GameRules")
    return rules
