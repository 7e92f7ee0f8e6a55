"""Arctic's `expert` bot: a determinised search (rules/core/search.py) with the planner's playouts to the end.

Hidden from a player: the other hands, every penalty pile (drawn or discarded face down; the owner's own
is redrawn too, which costs the bot a little memory, never fairness), the cards others placed face down
with the fox, the draw pile and the reserve, and the other players' totems. A world keeps every public
fact and the bot's own hand, pile and totem, and deals the rest again from their sorted pool.

The search tries the four moves the planner rates best from the bot's own view (its own choice first) and
compares them in the same worlds (common random numbers: each world is dealt once
and every candidate is played in it, so a difference between two moves is the moves' and not the deals'),
plays each world to the end with the planner for every seat (the planner is the opponent it must beat, so
the playouts model that opponent well) and drops the weaker half of the candidates after each round
(sequential halving, Karnin, Koren and Somekh 2013), so most of the budget goes to the moves that compete.
"""

from __future__ import annotations

import math
from functools import cached_property
from typing import Any

from rules.arctic.bots import PlannerBot, _PlaceContext, _Seen
from rules.arctic.cards import ANIMALS, COMP, MAIN, WILD
from rules.arctic.scoring import naming_work, placement_work, score_player
from rules.arctic.state import ArcticState
from rules.core.rng import SplitMix64
from rules.core.search import ROLLOUT_LIMIT, ExpertBot, think_option

DEFAULT_THINK = 48  # work per decision in playouts of PLAYOUT_MOVES moves each (docs/computer-players.md)
PLAYOUT_MOVES = 100  # moves of a two-player playout from the start: `think` counts work in playouts this long
WORLD_CAP = 1  # worlds per candidate at most, in multiples of `think` (near the end a playout is a few moves)
HORIZON = ROLLOUT_LIMIT  # playouts run to the end of the game
# Moves searched: the planner's best few. Searching every move in 40 worlds over 90 decisions of two
# planner games, the best was among the planner's best four 69 times; a wider field splits the budget.
SHORTLIST = 4
# Wild-card scoring counted as work beside the moves (a pile of many face-down cards is dear to score):
STATES_PER_MOVE = 25  # run states stepped to rate placements (scoring.placement_work) costing about one move
CELLS_PER_MOVE = 2  # entries of the end's naming programme (scoring.naming_work) costing about one move
MARGIN = 8.0  # points of final lead that make half the difference between a loss and a win in a playout's result


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


def _lead(state: ArcticState, seat: int) -> int:
    """`seat`'s points (totem included) less the best other player's."""
    final = state.final  # the scores the game's end kept (score_player again would name the wild cards twice)
    if final is None:
        final = [score_player(state.piles[s], len(state.penalties[s]), state.totems[s], state.tokens)
                 for s in range(state.n)]
    totals = [score.total for score in final]
    return totals[seat] - max(t for s, t in enumerate(totals) if s != seat)


def evaluate(state: ArcticState, seat: int) -> float:
    """A position's worth to `seat` in [0, 1]: its points (totem included) against the best other player's."""
    return 1.0 / (1.0 + math.exp(-_lead(state, seat) / 6.0))


def result(state: ArcticState, seat: int) -> float:
    """A finished playout's worth to `seat` in [0, 1]: half for winning, half for the margin.

    The win alone is a coin with few tosses per move; the margin tells a near loss from a rout.
    """
    won = 1.0 if state.is_over and state.winners[0] == state.names[seat] else 0.0
    return 0.5 * won + 0.5 / (1.0 + math.exp(-_lead(state, seat) / MARGIN))


class _StateSeen:
    """The facts the planner reads from its view (bots._Seen), read straight from a world's state instead.

    Only for playouts, where the world is already dealt from the expert's view: building the player's
    view (every card's name) costs more than the planner's own thinking. The facts only some moves need
    (tokens, powers, the leader) are read when first asked for.
    """

    def __init__(self, state: ArcticState) -> None:
        me = state.current
        self.state = state
        self.me = me
        self.hand = state.hands[me]
        self.pile = state.piles[me]
        self.river = state.river
        self.totem = ANIMALS[state.totems[me]]
        self.penalties = len(state.penalties[me])
        top = self.pile[-1] if self.pile else -1
        self.top_animal = MAIN[top] if 0 <= top < WILD else -1
        self.place_ctx: _PlaceContext | None = None

    @cached_property
    def turn(self) -> dict[str, Any]:
        state = self.state
        vis = state.vis if state.phase != "place" else -1
        return {"place_target": state.place_target, "placed": state.placed,
                "draw_target": state.draw_target if state.phase != "place" else None,
                "tokens_to_move": [ANIMALS[MAIN[vis]], ANIMALS[COMP[vis]]] if vis >= 0 else None}

    @cached_property
    def tokens(self) -> dict[str, int]:
        return {ANIMALS[a]: self.state.tokens[a] for a in range(6)}

    @cached_property
    def sides(self) -> dict[str, str]:
        return {ANIMALS[a]: "AB"[self.state.sides[a]] for a in range(6)}

    @cached_property
    def leader(self) -> str:
        state = self.state
        names = state.names
        return max((len(state.piles[s]) - len(state.penalties[s]), names[s]) for s in range(state.n)
                   if s != self.me)[1]


def planner_move(state: ArcticState) -> Any:
    """The planner's move for whoever is to move (the playouts' policy), as PlannerBot.choose would pick it."""
    return PlannerBot(state.seed, state.current).pick(_StateSeen(state), state)


def _wild_animals(pile: list[int]) -> tuple[int, ...]:
    """A pile's animals (-1: face down) if it holds a face-down card, else () (its scoring costs no extra work)."""
    if not pile or max(pile) < WILD:
        return ()
    return tuple(MAIN[e] if e < WILD else -1 for e in pile)


def _play(state: ArcticState, move: Any) -> Any:
    return state.play(move)


class ArcticExpert(ExpertBot):
    """The shared expert with Arctic's search: same worlds for every candidate, halving the field each round."""

    def search(self, state: Any, legal: list[Any], rng: SplitMix64) -> int:
        """The index of the chosen move among `legal`, after about `think` × PLAYOUT_MOVES simulated moves.

        The work is counted in moves, not playouts, so a decision at the start (long playouts) costs no
        more than one near the end, where the same work buys more worlds (up to WORLD_CAP × think each).
        Each round spends its share of the moves on whole worlds, every surviving candidate played in each.
        """
        alive = self.shortlist(state, legal)
        n = len(legal)
        totals = [0.0] * n
        done = 0  # worlds every surviving candidate has been played in (the first `done` worlds)
        worlds: list[ArcticState] = []
        rounds = max(1, math.ceil(math.log2(len(alive))))
        share = self.think * PLAYOUT_MOVES // rounds
        cap = WORLD_CAP * self.think
        for r in range(rounds):
            spent = 0
            while True:
                worlds.append(self.determinize(state, self.seat, rng))
                for k in alive:
                    world = worlds[done].copy()
                    world.play(legal[k])
                    value, moves = self.rollout(world)
                    totals[k] += value
                    spent += moves + 1
                done += 1
                if spent >= share or done >= cap:
                    break
            alive.sort(key=lambda j: -totals[j])  # stable: equal totals keep the planner's order
            if r + 1 < rounds:
                alive = alive[:max(2, math.ceil(len(alive) / 2))]
        return alive[0]

    def shortlist(self, state: Any, legal: list[Any]) -> list[int]:
        """The indices of the SHORTLIST moves the planner rates best from this seat's view, best first."""
        planner = PlannerBot(self.seed, self.seat)
        seen = _Seen(state.view(state.names[self.seat]))
        values = planner.ratings(seen, state, legal)
        return sorted(range(len(legal)), key=lambda k: -values[k])[:SHORTLIST]

    def rollout(self, world: ArcticState) -> tuple[float, int]:
        """Play a world to its end (or the horizon) with the policy: its result for this bot's seat, and its work in
        moves: the moves simulated, and the wild-card scoring they needed (STATES_PER_MOVE, CELLS_PER_MOVE)."""
        policy = self.policy or planner_move
        limit = min(self.horizon, ROLLOUT_LIMIT)
        moves = states = cells = 0
        while moves < limit and not world.over:
            if world.phase == "place" and (animals := _wild_animals(world.piles[world.current])):
                states += placement_work(animals)
            world.play(policy(world))
            moves += 1
        if world.over:
            cells += sum(naming_work(animals) for pile in world.piles if (animals := _wild_animals(pile)))
        return result(world, self.seat), moves + states // STATES_PER_MOVE + cells // CELLS_PER_MOVE


def make_expert(options: dict[str, Any], seed: int, seat: int) -> ExpertBot:
    """The expert bot of a seat; `think` (playouts per decision) is its one option."""
    return ArcticExpert(seed, seat, think_option(options, DEFAULT_THINK, "Arctic"), determinize, evaluate=evaluate,
                        horizon=HORIZON, step=_play, policy=planner_move)
