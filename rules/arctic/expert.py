"""Arctic's `expert` bot: the shared determinised search (rules/core/search.py) and what it may not see.

Hidden from a player: the other hands, every penalty pile (drawn or discarded face down; the owner's own
is redrawn too, which costs the bot a little memory, never fairness), the cards others placed face down
with the fox, the draw pile and the reserve, and the other players' totems. A world keeps every public
fact and the bot's own hand, pile and totem, and deals the rest again from their sorted pool.
"""

from __future__ import annotations

import math
from typing import Any

from rules.arctic.bots import PlannerBot
from rules.arctic.cards import WILD
from rules.arctic.scoring import score_player
from rules.arctic.state import ArcticState
from rules.core.rng import SplitMix64
from rules.core.search import ExpertBot, think_option

DEFAULT_THINK = 60  # playouts per decision: under a second on one core for two players (README: Computer players)
HORIZON = 12  # decisions played by the planner after the candidate before the position is judged


def determinize(state: ArcticState, seat: int, rng: SplitMix64) -> ArcticState:
    """A copy of the game in which everything `seat` cannot see is dealt again at random from its pool."""
    w = state.copy()
    n = w.n
    pool: list[int] = []
    for s in range(n):
        if s != seat:
            pool += w.hands[s]
            pool += [e - WILD for e in w.piles[s] if e >= WILD]
        pool += w.penalties[s]
    pool += w.draw
    pool += w.reserve
    pool.sort()
    rng.shuffle(pool)
    at = 0

    def deal(count: int) -> list[int]:
        nonlocal at
        out = pool[at:at + count]
        at += count
        return out

    for s in range(n):
        if s != seat:
            w.hands[s] = deal(len(w.hands[s]))
            w.piles[s] = [deal(1)[0] + WILD if e >= WILD else e for e in w.piles[s]]
        w.penalties[s] = deal(len(w.penalties[s]))
    w.draw = deal(len(w.draw))
    w.reserve = deal(len(w.reserve))
    totems = sorted(t for t in range(6) if t != w.totems[seat])
    rng.shuffle(totems)
    w.totems = [w.totems[s] if s == seat else totems[s - (s > seat)] for s in range(n)]
    return w


def evaluate(state: ArcticState, seat: int) -> float:
    """A position's worth to `seat` in [0, 1]: its points (totem included) against the best other player's."""
    totals = [score_player(state.piles[s], len(state.penalties[s]), state.totems[s], state.tokens).total
              for s in range(state.n)]
    lead = totals[seat] - max(t for s, t in enumerate(totals) if s != seat)
    return 1.0 / (1.0 + math.exp(-lead / 6.0))


def planner_move(state: ArcticState) -> Any:
    """The planner's move for whoever is to move (the playouts' policy)."""
    return PlannerBot(state.seed, state.current).choose(state)


def _play(state: ArcticState, move: Any) -> Any:
    return state.play(move)


def make_expert(options: dict[str, Any], seed: int, seat: int) -> ExpertBot:
    """The expert bot of a seat; `think` (playouts per decision) is its one option."""
    return ExpertBot(seed, seat, think_option(options, DEFAULT_THINK, "Arctic"), determinize, evaluate=evaluate,
                     horizon=HORIZON, step=_play, policy=planner_move)
