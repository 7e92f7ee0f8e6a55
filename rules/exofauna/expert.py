"""ExoFauna/Duo's `expert` bot: the shared determinised search (rules/core/search.py) and what it may not see.

Hidden from a player: the other hand and the order of both decks below their face-up tops. A world keeps
the holes, the tops, the deck and hand sizes and the bot's own hand, and deals the rest again from their
sorted pool. (Discards go face up under a deck, so a player with a perfect memory knows a little more of
the decks' bottoms; the bot forgets it, which costs strength, never fairness.)
"""

from __future__ import annotations

import math
from typing import Any

from rules.core.rng import SplitMix64
from rules.core.search import ExpertBot, think_option
from rules.exofauna.bots import HeuristicBot, hole_value
from rules.exofauna.state import EMPTY, State

DEFAULT_THINK = 200  # playouts per decision: well under a second on one core (README: Computer players)
HORIZON = 8  # decisions played by the heuristic policy after the candidate before the position is judged


def determinize(state: State, seat: int, rng: SplitMix64) -> State:
    """A copy of the game in which the other hand and the decks below their tops are dealt again."""
    w = state.copy()
    me = w.colour_of(w.names[seat])
    other = 1 - me
    pool = list(w.hands[other]) + w.decks[0][1:] + w.decks[1][1:]
    pool.sort()
    rng.shuffle(pool)
    h = len(w.hands[other])
    w.hands[other] = pool[:h]
    rest = pool[h:]
    below0 = max(0, len(w.decks[0]) - 1)
    w.decks = [w.decks[0][:1] + rest[:below0], w.decks[1][:1] + rest[below0:]]
    w._legal = None
    return w


def evaluate(state: State, seat: int) -> float:
    """A position's worth to `seat` in [0, 1]: holes claimed, the holes' majorities, own-colour cards at hand."""
    me = state.colour_of(state.names[seat])
    size = state.d.hole_size
    lead = 2.0 * (len(state.claimed[me]) - len(state.claimed[1 - me]))
    for h in (0, 1):
        cols = [c & 1 for c in state.holes[h] if c != EMPTY]
        lead += hole_value(cols, state.hole_colour[h], me, size)
    for k in (0, 1):
        own = sum(1 for c in state.hands[k] if c & 1 == k)
        lead += (0.1 if k == me else -0.1) * own
    return 1.0 / (1.0 + math.exp(-lead))


def heuristic_move(state: State) -> Any:
    """The heuristic bot's move for whoever is to move (the playouts' policy)."""
    return HeuristicBot(state.seed, state.names.index(state.to_move)).choose(state)


def make_expert(options: dict[str, Any], seed: int, seat: int) -> ExpertBot:
    """The expert bot of a seat; `think` (playouts per decision) is its one option."""
    return ExpertBot(seed, seat, think_option(options, DEFAULT_THINK, "ExoFauna/Duo"), determinize,
                     evaluate=evaluate, horizon=HORIZON, policy=heuristic_move)
