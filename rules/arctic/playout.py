"""Random playouts of Arctic for search bots: uniform random decisions to the end, without the legality check.

`play_out(state, rng)` plays exactly the moves that `state.apply(moves[rng.below(len(moves))])` over
`moves = state.legal_moves()` would (tests/test_playout.py compares the two move for move); it skips the
check, as each move comes from the legal list, because a search bot spends nearly all its time here.
"""

from __future__ import annotations

from rules.arctic.state import ArcticState
from rules.core.playout import random_moves
from rules.core.rng import SplitMix64


def play_out(state: ArcticState, rng: SplitMix64) -> ArcticState:
    """Play uniformly random decisions from `rng` until the game ends; the state is changed and returned."""
    random_moves(rng, lambda: state.over, state.legal_moves, state.play)
    return state
