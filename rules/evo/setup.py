"""Evo's set-up from the seed, the opening up to the first decision, and entering a phase from a hand-set position.

The seed's draws come in a fixed order (genes into the bag, event cards, climate tokens, initiative,
dinosaurs): changing it would change every recorded game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.evo import auction, birth, climate, data, movement, survival
from rules.evo.shared import METEORITE, Event, new_record

if TYPE_CHECKING:
    from rules.evo.state import State


def deal(state: State) -> None:
    """Shuffle the piles, choose the unique genes, the initiative order and the starting spaces."""
    rng = state.rng
    state.deck = [c.name for c in data.cards()]
    rng.shuffle(state.deck)
    uniques, in_game = data.unique_genes()
    chosen = list(uniques)
    rng.shuffle(chosen)
    state.uniques = sorted(chosen[:in_game])
    state.bag = [g for g, k in data.normal_genes().items() for _ in range(k)] + list(state.uniques)
    rng.shuffle(state.bag)
    movers = [t for t, k in data.token_counts().items() for _ in range(k)]
    rng.shuffle(movers)
    state.removed_token = movers.pop()
    bottom = movers[:2] + [METEORITE]
    rng.shuffle(bottom)
    state.tokens = movers[2:] + bottom  # top first; the meteorite is among the last three
    state.order = list(range(state.n))
    rng.shuffle(state.order)
    if state.config.start is not None:
        first = state.names.index(state.config.start)
        state.order.remove(first)
        state.order.insert(0, first)
    # rules edition 4: the start's mutation points by place on this first track (earlier editions: 6 each)
    start_mp = data.edition_rules(state.config.edition).start(state.n)
    state.mp = [start_mp[state.order.index(seat)] for seat in range(state.n)]
    state.start_mp = list(state.mp)
    pairs = list(state.board.start_pairs)
    rng.shuffle(pairs)
    for seat in range(state.n):
        for space in pairs[seat]:
            state.put(space, seat)
    state.start_spaces = [[state.board.names[s] for s in pairs[seat]] for seat in range(state.n)]


def start(state: State) -> None:
    """Run the set-up's public facts and the first round up to the first decision (events in `opening`)."""
    names = state.names
    ev = [Event("setup", "start: " + ", ".join(f"{names[s]} {'+'.join(state.start_spaces[s])}"
                                                for s in range(state.n))),
          Event("setup", "initiative: " + ", ".join(names[s] for s in state.order))]
    if state.config.edition >= 4:  # the start by place on the track (editions 1-3: 6 each, no line in their logs)
        ev.append(Event("setup", "mutation points: " + ", ".join(f"{names[s]} {state.mp[s]}" for s in state.order)))
    climate.new_round(state, ev)
    state.opening = ev


def enter(state: State, phase: str, turn: str | None = None) -> list[Event]:
    """Begin a phase from a position set up by hand (rule cases); the round is the current one."""
    ev: list[Event] = []
    state.opening = ev
    if phase == "climate":
        climate.new_round(state, ev)
        return ev
    n = state.n
    state.round = max(state.round, 1)
    state.record = new_record(state.round, state.token, state.wheel, state.mp)
    if phase == "auction":
        if state.lab:
            state.bids = [None] * len(state.lab)
            state.outbid = [0] * n
            state.phase = "auction"
            state.unplaced = list(state.order)
            auction.next_bidder(state, ev)
        else:
            auction.mutation(state, ev)
    elif phase == "initiative":
        movement.initiative(state, ev)
    elif phase == "movement":
        state.phase = "movement"
        state.turn = state.order.index(state.names.index(turn)) - 1 if turn else -1
        movement.next_mover(state, ev)
    elif phase == "birth":
        birth.start_birth(state, ev)
    elif phase == "survival":
        survival.start_survival(state, ev)
    else:
        raise ValueError(f"unknown phase {phase!r}")
    return ev
