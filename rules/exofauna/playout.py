"""Random playouts of ExoFauna for search bots: uniform random decisions to the end, without the legality check.

`play_out(state, rng)` plays exactly the moves that `state.apply(moves[rng.below(len(moves))])` over
`moves = state.legal_moves()` would (tests/test_playout.py compares the two move for move); it does what
`State.apply` does after its check, as each move comes from the legal list, because a search bot spends
nearly all its time here.
"""

from __future__ import annotations

from rules.core.playout import random_moves
from rules.core.rng import SplitMix64
from rules.exofauna.events import Event
from rules.exofauna.moves import Move
from rules.exofauna.state import State


def play_out(state: State, rng: SplitMix64) -> State:
    """Play uniformly random decisions from `rng` until the game ends; the state is changed and returned."""
    history = state.history

    def play(m: Move) -> None:  # State.apply after its check
        state._legal = None
        who = state.by_colour[state.turn_colour]
        history.append((who, m))
        state.seq += 1
        ev: list[Event] = []  # dropped
        state._do(m, who, ev)
        state._settle(ev)

    random_moves(rng, lambda: state.over, state.legal_moves, play)
    return state
