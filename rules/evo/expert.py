"""Evo's `expert` bot: a determinised search over the heuristic's best moves, and what it may not see.

The search (EvoExpert) keeps the heuristic bot's `WIDTH` best-scored moves, plays each in the same dealt
worlds, following the heuristic bot (read from the state, rules/evo/policy.py) for every seat to the end
of the round, and judges the position by the points each player would end with if its dinosaurs lived on;
sequential halving spends the playouts on the moves that stay ahead. Measured in docs/computer-players.md.

Hidden from a player: the other players' event cards and the order of the event deck, the order of the
gene bag and which unique genes wait in it, the order of the climate tokens still to come (the next one
is seen with Sixth Sense) and the one set aside, and every future roll of the die. A world keeps every
public fact and the bot's own cards, and deals the rest again from sorted pools with its own generator.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from rules.core.protocol import decision_stream
from rules.core.rng import SplitMix64
from rules.core.search import EXPERT_LABEL, ROLLOUT_LIMIT, ExpertBot, think_option, win_share
from rules.evo import data
from rules.evo.policy import heuristic_move, score
from rules.evo.state import METEORITE, State

DEFAULT_THINK = 120  # playouts per decision (README: Computer players)
HORIZON = 24  # decisions the shared search's playouts would follow the heuristic (unused by EvoExpert's round horizon)
WIDTH = 6  # candidates kept, by the heuristic's score, for the search
ROUNDS = 1  # round ends a playout plays through before it is judged
SOFTNESS = 3.0  # mutation points that make one projected total e (2.7) times as likely to win as another
WORK_PER_PLAYOUT = 640  # work units a decision may spend per playout of `think` (about 2.3 ms of CPU each)
WORLD_WORK = 100  # work units of dealing a world, and of each copy of it per candidate (each about 0.4 ms)


def _shuffled(items: list[Any], rng: SplitMix64) -> list[Any]:
    out = sorted(items)
    rng.shuffle(out)
    return out


def determinize(state: State, seat: int, rng: SplitMix64) -> State:
    """A copy of the game in which what `seat` cannot see is dealt again and the die is a new generator."""
    w = state.copy()
    # event cards: the other hands and the deck
    others = [s for s in range(w.n) if s != seat]
    pool = _shuffled([c for s in others for c in w.hand[s]] + w.deck, rng)
    at = 0
    for s in others:
        k = len(w.hand[s])
        w.hand[s] = pool[at:at + k]
        at += k
    w.deck = pool[at:]
    # the gene bag: its order, and which unique genes are in it (those no one has seen)
    uniques = set(data.unique_genes()[0])
    seen = {g for genes in w.genes for g in genes} | set(w.lab)
    unseen = _shuffled([g for g in uniques if g not in seen], rng)
    bag = [g for g in w.bag if g not in uniques]
    bag += unseen[:len(w.bag) - len(bag)]
    w.bag = _shuffled(bag, rng)
    # the climate tokens to come (the meteorite among the last three) and the one set aside
    known = 1 if w.tokens and w.gene(seat, "sixth sense") else 0
    rest = w.tokens[known:]
    movers = _shuffled([t for t in rest if t != METEORITE] + [w.removed_token], rng)
    w.removed_token = movers.pop()
    if METEORITE in rest:
        last = min(3, len(rest))
        movers.insert(len(rest) - last + rng.below(last), METEORITE)
    w.tokens = w.tokens[:known] + movers
    # the die
    w.rng = SplitMix64(rng.next())
    return w


def income_rounds_left(state: State) -> float:
    """How many more incomes the game is expected to pay from here, as every player can work it out.

    The meteorite lies among the last three tokens, each place alike; the round under way pays one more.
    """
    if state.is_over:
        return 0.0
    left = len(state.tokens)
    last = min(3, left)
    return 1.0 + left - (last + 1) / 2.0


def projected(state: State) -> list[float]:
    """Each seat's mutation points at the end if its dinosaurs on the island now lived on and scored every round."""
    rounds = income_rounds_left(state)
    return [state.mp[s] + state.count[s] * rounds for s in range(state.n)]


def evaluate(state: State, seat: int) -> float:
    """A position's worth to `seat` in [0, 1]: its share of the win, softened from the projected final points."""
    points = projected(state)
    top = max(points)
    weights = [math.exp((p - top) / SOFTNESS) for p in points]
    return weights[seat] / sum(weights)


def _policy_move(state: State) -> Any:
    """The heuristic bot's move for whoever is to move (the playouts' policy), read from the state."""
    return heuristic_move(state)


def candidates(marks: list[float], width: int, rng: SplitMix64) -> list[int]:
    """The indices of the `width` best-marked moves, equal marks in a drawn order (as the heuristic draws among
    its ties): in legal_moves' order, the island's top-left first, the search kept and played top-left moves."""
    draws = [rng.next() for _ in marks]
    return sorted(range(len(marks)), key=lambda i: (-marks[i], draws[i]))[:width]


@dataclass
class EvoExpert(ExpertBot):
    """The expert with Evo's search: the heuristic's best `width` moves, compared in the same worlds.

    Each candidate move is played in the same dealt worlds (and the same dice) as the others, so a
    difference between two moves is the moves', not the worlds'; sequential halving (Karnin, Koren and
    Somekh, 2013) drops the worse half of the candidates each stage and spends the playouts on the rest.
    A playout follows the heuristic bot for every seat to the end of the round after next's start
    (`rounds` round ends) and `evaluate` judges it there.

    The work of a decision is capped at `think` x `WORK_PER_PLAYOUT` units, counted, not timed (so the
    decision is the same on any machine): a unit is one legal move the playouts' policy weighs (about
    3.6 microseconds of CPU), and a world dealt or copied costs `WORLD_WORK`. Stage k of the halving
    deals no more worlds once the decision has spent k/stages of the cap (it always deals one), which
    keeps the slowest decisions (a whole round played out late in the game, when many dinosaurs make
    many moves) well within the 1 s bound; about nine decisions in ten never reach the cap.
    """

    width: int = WIDTH
    rounds: int = ROUNDS

    def choose(self, state: Any) -> Any:
        """The best candidate after the search; a lone legal move (or a lone candidate) is played at once."""
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0]
        seat = self.seat
        marks = [score(state, seat, m) for m in legal]
        rng = decision_stream(self.seed, seat, state.seq, EXPERT_LABEL)
        alive = candidates(marks, self.width, rng)
        totals = dict.fromkeys(alive, 0.0)
        visits = dict.fromkeys(alive, 0)
        stages = max(1, math.ceil(math.log2(len(alive))))
        budget, work = self.think * WORK_PER_PLAYOUT, 0
        for stage in range(stages):
            if len(alive) == 1:
                break
            cap = budget * (stage + 1) // stages  # what this stage's halving may have spent, all told
            for n in range(max(1, self.think // (len(alive) * stages))):
                if n and work >= cap:
                    break
                world = self.determinize(state, seat, rng)
                ties = rng.next()
                work += WORLD_WORK * (1 + len(alive))
                for k in alive:
                    w = world.copy()
                    w.perform(legal[k], seat)
                    worth, spent = self.judge(w, SplitMix64(ties))
                    totals[k] += worth
                    visits[k] += 1
                    work += spent
            alive.sort(key=lambda k: -totals[k] / visits[k])  # stable: the marks, then the draws, break ties
            alive = alive[:(len(alive) + 1) // 2]
        return legal[alive[0]]

    def judge(self, world: State, draw: SplitMix64) -> tuple[float, int]:
        """Play a world on with the heuristic for every seat to the end of `rounds` rounds.

        Returns its worth to this seat and the work spent: the legal moves the heuristic weighed.
        """
        end = world.round + self.rounds
        work = 0
        for _ in range(ROLLOUT_LIMIT):
            if world.phase == "over" or world.round >= end:
                break
            seat = world.to_move_seat
            assert seat is not None
            legal = world.legal_moves()
            work += len(legal)
            world.perform(heuristic_move(world, draw, legal), seat)
        if world.is_over:
            return win_share(world, self.seat), work
        return evaluate(world, self.seat), work


def make_expert(options: dict[str, Any], seed: int, seat: int) -> ExpertBot:
    """The expert bot of a seat; `think` (playouts per decision) is its one option."""
    return EvoExpert(seed, seat, think_option(options, DEFAULT_THINK, "Evo"), determinize, evaluate=evaluate,
                     horizon=HORIZON, policy=_policy_move)
