"""A whole turn in one mail: where the referee must stop because a decision rests on what its player could not see.

A player writes a turn ('a; b; c') from their view file. A decision that shows what was hidden (the game's
`final_reason`: a card drawn, a die rolled) may change what the later ones mean; the referee goes on past it
only with decisions that still fit and name nothing it showed (a card drawn, a new river card: a text new in
the player's view that none of the turn's own decisions named), and stops before the first that does not:
the player sends the rest, knowing what was shown, in the next mail.
"""

from __future__ import annotations

import re
from typing import Any

from rules.core.errors import FaunaError
from rules.core.protocol import GameRules


def _leaves(value: Any) -> set[str]:
    """The texts in a view (card names, labels), folded to lower case."""
    if isinstance(value, dict):
        return {t for v in value.values() for t in _leaves(v)}
    if isinstance(value, list):
        return {t for v in value for t in _leaves(v)}
    return {value.casefold()} if isinstance(value, str) and value.strip() else set()


def _names(text: str, word: str) -> bool:
    """Whether `text` holds `word` as whole words (not inside a longer word)."""
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text.casefold()) is not None


class TurnReader:
    """Follows one mail's decisions as they are applied: call `stop_before` before each and `applied` after it."""

    def __init__(self, rules: GameRules, state: Any, player: str) -> None:
        self.rules, self.state, self.player = rules, state, player
        self.shown: set[str] = set()  # what the revealing decisions of this mail showed the player
        self.reason: str | None = None  # what the last revealing decision did, in words that follow "it"
        self.revealer = ""  # that decision's text
        self._before: set[str] = set()
        self._seq = state.seq
        self._written: list[str] = []  # this mail's decisions as applied: what they name, the player knew

    def stop_before(self, text: str) -> str | None:
        """Why the referee stops before decision `text` (in words for its player), or None to apply it."""
        state = self.state
        self._before, self._seq = _leaves(state.view(self.player)), state.seq
        if self.reason is None:
            return None
        why = f"{self.revealer!r} {self.reason}"
        if state.is_over or state.to_move != self.player:
            return f"{why}, and then it was no longer your decision"
        try:
            move = state.check(state.parse(text), self.player)
        except FaunaError as exc:
            return f"{why}, after which {text!r} no longer fits ({exc})"
        named = sorted(w for w in self.shown if _names(state.move_text(move), w))
        if named:
            return f"{why}, and {text!r} names {named[0]!r}, which you could not see when you wrote it"
        return None

    def applied(self, text: str, events: list[Any]) -> None:
        """After decision `text` was applied with `events`: remember what it showed, if it revealed anything."""
        state = self.state
        self._written.append(state.move_text(state.history[self._seq][1]).casefold())
        reason = self.rules.final_reason(state, events)
        if reason:
            self.reason, self.revealer = reason, text
            self.shown |= {w for w in _leaves(state.view(self.player)) - self._before
                           if not any(_names(t, w) for t in self._written)}


__all__ = ["TurnReader"]
