"""Random playouts of ExoFauna for search bots: uniform random decisions to the end, without the legality check.

`play_out(state, rng)` plays exactly the moves that `state.apply(moves[rng.below(len(moves))])` over
`moves = state.legal_moves()` would (tests/test_playout.py compares the two move for move and state for
state). It does what `State.apply` does after its check, as each move comes from the legal list; an Action
(a card of the hand to a free space) is picked from the hand and the free spaces without listing every
pair, because a search bot spends nearly all its time here and Actions are its most frequent decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.rng import SplitMix64, draw_below
from rules.exofauna.events import Event
from rules.exofauna.moves import Move
from rules.exofauna.state import EMPTY, State


def play_out(state: State, rng: SplitMix64) -> State:
    """Play uniformly random decisions from `rng` until the game ends; the state is changed and returned."""
    x = rng.state
    record = state.history.append
    by_colour, hands, holes, stack = state.by_colour, state.hands, state.holes, state.stack
    plays = state.nm.plays
    legal_moves, do, settle = state.legal_moves, state._do, state._settle
    moves: Sequence[Move] = ()
    try:
        while not state.over:
            me = state.turn_colour
            if not stack and not state.discarding:  # an Action: each distinct card to each free space
                cards = sorted(set(hands[me]))
                free0 = holes[0].count(EMPTY)
                ns = free0 + holes[1].count(EMPTY)  # the free spaces, the first hole's first
                n = len(cards) * ns
            else:
                moves = legal_moves()
                ns, n = 0, len(moves)
            if n == 0:
                raise ValueError("a game that is not over offered no legal move")
            x, k = draw_below(x, n)
            if ns:
                j = k % ns
                h = 0 if j < free0 else 1
                if h:
                    j -= free0
                hole = holes[h]
                s = hole.index(EMPTY)
                for _ in range(j):  # the j-th free space of the hole
                    s = hole.index(EMPTY, s + 1)
                m = plays[cards[k // ns]][h][s]
            else:
                m = moves[k]
            state._legal = None  # State.apply after its check
            who = by_colour[me]
            record((who, m))
            state.seq += 1
            ev: list[Event] = []  # dropped
            do(m, who, ev)
            settle(ev)
    finally:
        rng.state = x
    return state
