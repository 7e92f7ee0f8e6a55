"""Evo's `expert` bot: the shared determinised search (rules/core/search.py) and what it may not see.

Hidden from a player: the other players' event cards and the order of the event deck, the order of the
gene bag and which unique genes wait in it, the order of the climate tokens still to come (the next one
is seen with Sixth Sense) and the one set aside, and every future roll of the die. A world keeps every
public fact and the bot's own cards, and deals the rest again from sorted pools with its own generator.
"""

from __future__ import annotations

import math
from typing import Any

from rules.core.rng import SplitMix64
from rules.core.search import ExpertBot, think_option
from rules.evo import data
from rules.evo.bots import HeuristicBot
from rules.evo.state import METEORITE, State

DEFAULT_THINK = 40  # playouts per decision: about a second on one core for three players (README: Computer players)
HORIZON = 24  # decisions played by the heuristic policy after the candidate before the position is judged


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


def evaluate(state: State, seat: int) -> float:
    """A position's worth to `seat` in [0, 1]: mutation points and dinosaurs (next income) against the best other's."""
    worth = [state.mp[s] + state.count[s] for s in range(state.n)]
    lead = worth[seat] - max(w for s, w in enumerate(worth) if s != seat)
    return 1.0 / (1.0 + math.exp(-lead / 4.0))


def heuristic_move(state: State) -> Any:
    """The heuristic bot's move for whoever is to move (the playouts' policy)."""
    seat = state.to_move_seat
    assert seat is not None
    return HeuristicBot(state.seed, seat).choose(state)


def make_expert(options: dict[str, Any], seed: int, seat: int) -> ExpertBot:
    """The expert bot of a seat; `think` (playouts per decision) is its one option."""
    return ExpertBot(seed, seat, think_option(options, DEFAULT_THINK, "Evo"), determinize, evaluate=evaluate,
                     horizon=HORIZON, policy=heuristic_move)
