"""Error types raised by the rules, each with a message a player can act on."""

from __future__ import annotations


class FaunaError(Exception):
    """Base of every error the engine raises on purpose; the CLI turns it into one line."""


class UnknownName(FaunaError):
    """A name (area, animal, scale, player) that matches nothing; carries suggestions."""

    what = "name"

    def __init__(self, name: str, suggestions: list[str] | tuple[str, ...] = ()) -> None:
        self.name = name
        self.suggestions = list(suggestions)
        msg = f"unknown {self.what} {name!r}"
        if self.suggestions:
            msg += "; did you mean " + " or ".join(repr(s) for s in self.suggestions) + "?"
        super().__init__(msg)


class UnknownPlayer(UnknownName):
    """No player of the game has this name (--as NAME)."""

    what = "player"


class UnknownArea(UnknownName):
    """No board area has this name or alias."""

    what = "area"


class UnknownAnimal(UnknownName):
    """No animal in the deck has this name."""

    what = "animal"


class IllegalMove(FaunaError):
    """A move the rules do not allow now, with the reason; `line` is set when it came from a script."""

    line: int | None = None


class MoveSyntaxError(IllegalMove):
    """Text that cannot be read as a move at all."""


class ConfigError(FaunaError):
    """A game configuration with a bad or unknown key; the message names the key."""

    def __init__(self, message: str, key: str | None = None) -> None:
        self.key = key
        super().__init__(message)


class DataError(FaunaError):
    """A data file (board, scales, presets, deck) that breaks its schema."""


class ReplayMismatch(FaunaError):
    """A replay or game file whose history does not verify."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(message)
