"""The bot driver every game shares: seat the computer players of a config and let them move in turn."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rules.core.errors import FaunaError
from rules.core.protocol import Bot, GameRules

MAX_DECISIONS = 1_000_000  # a bots-only game longer than this is a bug in a game's rules, not a long game


class GameTooLong(FaunaError):
    """A game that did not end within MAX_DECISIONS decisions (a bug: the rules must always end a game)."""


def seat_bots(rules: GameRules, config: Any, seed: int) -> list[Bot | None]:
    """One bot per seat whose player has `bot = KIND` in the config (None for a human)."""
    out: list[Bot | None] = []
    for seat, p in enumerate(config.players):
        kind = getattr(p, "bot", None)
        if kind is None:
            out.append(None)
            continue
        options = {k: v for k, v in (("skill", getattr(p, "skill", None)), ("think", getattr(p, "think", None)))
                   if v is not None}
        out.append(rules.make_bot(kind, options, seed, seat))
    return out


def bot_turns(state: Any, bots: Sequence[Bot | None]) -> Iterator[tuple[str, Any, list[Any]]]:
    """Let computer players decide until a human is to decide or the game ends: (player, move, events) each."""
    names = list(state.names)
    count = 0
    while not state.is_over:
        player = state.to_move
        bot = bots[names.index(player)]
        if bot is None:
            return
        move = bot.choose(state)
        events = state.apply(move, player)
        yield player, move, events
        count += 1
        if count >= MAX_DECISIONS:  # the message says how many were made
            raise GameTooLong(f"the computer players made {MAX_DECISIONS} decisions without ending the game "
                              f"(seed {state.seed}); this is a bug in the rules, please report it")


def play_out(state: Any, bots: Sequence[Bot | None]) -> Any:
    """Play a bots-only game to its end (every seat must have a bot)."""
    if any(b is None for b in bots):
        raise FaunaError("play_out needs a computer player in every seat")
    for _ in bot_turns(state, bots):
        pass
    return state
