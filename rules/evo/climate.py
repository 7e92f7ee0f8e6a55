"""Evo's climate phase: a new round draws a climate token, the wheel turns, a window opens for climate cards.

The meteorite, among the last three tokens, ends the game instead (end.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.evo import auction, cards, data, end
from rules.evo.shared import METEORITE, TOKEN_STEPS, Event, new_record

if TYPE_CHECKING:
    from rules.evo.state import State


def token_text(token: str) -> str:
    """A climate token that turns the wheel, in words (the meteorite has a line of its own)."""
    steps = TOKEN_STEPS[token]
    if steps == 0:
        return "0 (no change)"
    return f"{token} ({abs(steps)} {'clockwise' if steps > 0 else 'anticlockwise'})"


def wheel_text(state: State) -> str:
    """The wheel's position and rings in words."""
    rings = state.wheel_data.rings[state.wheel]
    parts = [f"{r} {'/'.join(t for t in data.TERRAINS if rings[t] == r)}" for r in data.RINGS
             if any(rings[t] == r for t in data.TERRAINS)]
    return f"{state.wheel} ({', '.join(parts)})"


def new_round(state: State, ev: list[Event]) -> None:
    """Start a round: its climate token turns the wheel (or the meteorite ends the game), then the window."""
    state.reset_phase_fields()
    state.round += 1
    state.token = state.tokens.pop(0)
    state.revealed.append(state.token)
    state.record = new_record(state.round, state.token, state.wheel, state.mp)
    if state.token == METEORITE:
        ev.append(Event("meteorite", f"round {state.round} climate: the meteorite, the game ends"))
        end.finish(state, ev)
        return
    state.token_move = TOKEN_STEPS[state.token]
    state.wheel = (state.wheel + state.token_move) % len(state.wheel_data.rings)
    state.record.wheel = state.wheel
    ev.append(Event("climate", f"round {state.round} climate: token {token_text(state.token)}, "
                               f"wheel {wheel_text(state)}"))
    state.window = cards.window(state, "climate")
    if state.window:
        state.phase = "climate"
    else:
        auction.mutation(state, ev)


def after_climate_window(state: State, ev: list[Event]) -> None:
    """The last player's pass closes the window; a played card leaves it open ("Can you play multiple event
    cards in one turn? Yes, as long as timing conditions are met.").

    Rules edition 1 (logs from before) closed it after any climate card, and once one had been played in a
    game every later window closed after its first decision too: kept so that those logs replay."""
    if state.config.edition < 2 and state.climate_card_played:
        state.window = []
    if not state.window:
        auction.mutation(state, ev)
