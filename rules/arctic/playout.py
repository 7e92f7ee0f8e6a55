"""Random playouts of Arctic for search bots: uniform random decisions to the end, without checks or events.

`play_out(state, rng)` plays exactly the moves that `state.apply(moves[rng.below(len(moves))])` over
`moves = state.legal_moves()` would (tests/test_playout.py compares the two move for move and state for
state). The frequent decisions (placing a card when no power is on offer, taking from the river, discarding)
are picked and carried out here without listing every move or telling events; everything else goes through
`legal_moves` and `play`, and every automatic step after a decision through the state's own `_settle`,
because a search bot spends nearly all its time here.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.arctic.moves import Move
from rules.arctic.state import BEAR, FOX, MOOSE, ORCA, ArcticState
from rules.core.rng import SplitMix64, draw_below


def play_out(state: ArcticState, rng: SplitMix64) -> ArcticState:
    """Play uniformly random decisions from `rng` until the game ends; the state is changed and returned."""
    x = rng.state
    names = state.names
    record = state.history.append
    hands, piles, penalties, holders = state.hands, state.piles, state.penalties, state.holders
    settle, legal_moves, play = state._settle, state.legal_moves, state.play
    moves: list[Move] = []
    pre: Sequence[Move] = ()
    try:
        while not state.over:
            me = state.current
            ph = state.phase
            hand = hands[me]
            if ph == "place" and holders[FOX] != me and hand and state.placed < state.place_target:
                pre = state._pre_place() if state.placed == 0 else ()  # the powers before the first card
                nh = len(hand)
                n = nh + len(pre)
            elif ph == "discard":
                pre, nh = (), len(hand)
                n = nh
            elif ph == "draw" and me != holders[MOOSE] and me != holders[ORCA] and me != holders[BEAR]:
                nh, n = -2, len(state.river)  # no power of the player's own: the takes from the river are all
            else:
                moves = legal_moves()
                nh, n = -1, len(moves)
            if n == 0:
                raise ValueError("a game that is not over offered no legal move")
            x, k = draw_below(x, n)
            if nh < 0:
                mv = moves[k] if nh == -1 else ("take", state.river[k], 0)
                if mv[0] == "take" and mv[1] >= 0 and not state.orca_on:  # from the river, no refill
                    c = mv[1]
                    record((names[me], mv))
                    state.seq += 1
                    state.river.remove(c)
                    hand.append(c)
                    state.taken += 1
                    settle()
                else:
                    play(mv)
            elif k >= nh:
                play(pre[k - nh])
            else:
                c = hand[k]
                state.seq += 1
                del hand[k]
                if ph == "place":
                    record((names[me], ("place", c, 0)))
                    piles[me].append(c)
                    state.placed += 1
                    if hand and state.placed < state.place_target:  # _settle's first test: more cards to place
                        continue
                else:
                    record((names[me], ("discard", c, 0)))
                    penalties[me].append(c)
                settle()
    finally:
        rng.state = x
        state._events = []  # what _settle told along the way: nobody reads it
    return state



