"""Random playouts of Evo for search bots: uniform random decisions to the end, without the legality check.

`play_out(state, rng)` plays exactly the moves that `state.apply(moves[rng.below(len(moves))])` over
`moves = state.legal_moves()` would (tests/test_playout.py compares the two move for move); it does what
`State.apply` does after its check, as each move comes from the legal list, because a search bot spends
nearly all its time here. The game's own random stream (dice, cards) is the state's, as in `apply`.
"""

from __future__ import annotations

from rules.core.playout import random_moves
from rules.core.rng import SplitMix64
from rules.evo.moves import STEP_KINDS, Move
from rules.evo.state import Event, State


def play_out(state: State, rng: SplitMix64) -> State:
    """Play uniformly random decisions from `rng` until the game ends; the state is changed and returned."""
    names = state.names
    history = state.history

    def play(m: Move) -> None:  # State.apply after its check
        seat = state.to_move_seat
        assert seat is not None
        state.seq += 1
        history.append((names[seat], m))
        ev: list[Event] = []  # dropped
        k = m.kind
        if k == "play":
            state._play(m, seat, ev)
        elif k == "pass":
            state.window.pop(0)
            if state.phase == "climate":
                state._after_climate_window(ev)
            else:
                state._after_survival_window(ev)
        elif k == "bid":
            state._bid(m, seat, ev)
        elif k == "initiative":
            state.order.remove(seat)
            state.order.insert(m.n - 1, seat)
            state._start_movement(ev)
        elif k == "done":
            state._next_mover(ev)
        elif k in STEP_KINDS:
            state._step(m, seat, ev)
        elif k == "escape":
            state._escape(m, ev)
        elif k in ("birth", "skip"):
            state._birth(m, seat, ev)
        elif k == "keep":
            state.kept.append(state._space(m.a))
            if len(state.kept) == state.keep_target:
                state._judge(seat, ev)
                state._next_survivor(ev)

    random_moves(rng, lambda: state.is_over, state.legal_moves, play)
    return state
