"""Every Arctic game ends (decision 18): adversarial fixed policies over many seeds stay within a proven bound.

The bound: until the end is triggered, every round takes at least one card from the draw pile (a round
that takes none triggers the end at its close), and the draw pile never grows before the trigger; so with
D cards in the draw pile after the deal the end is triggered by the close of round D + 1 and the game is
over after round D + 2. A turn offers at most 28 decisions (3 powers before placing and a skip, 6 cards
placed, tokens and walrus, 3 powers while drawing, 6 cards taken, 7 discards from a hand of at most 14),
which bounds the loop that plays a game.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from coverage_pause import unmeasured

from rules.arctic.log import event_line
from rules.arctic.moves import PENALTY, Move
from rules.arctic.state import ArcticState, Event
from rules.arctic.tables import event_text
from rules.core.registry import load_rules
from rules.core.rng import SplitMix64

RULES = load_rules("arctic")
PER_TURN = 28
Policy = Callable[[list[Move], SplitMix64], Move]


def _prefer(*kinds: tuple[object, ...]) -> Policy:
    """Take the first offered move that starts like one of `kinds`, else the last legal move."""
    def pick(moves: list[Move], rng: SplitMix64) -> Move:
        for kind in kinds:
            for m in moves:
                if m[:len(kind)] == kind:
                    return m
        return moves[-1]
    return pick


POLICIES: dict[str, Policy] = {
    "last": lambda moves, rng: moves[-1],
    "first": lambda moves, rng: moves[0],
    "random": lambda moves, rng: moves[rng.below(len(moves))],
    "moose -1": _prefer(("moose", -1)),
    # never draw if it can be helped: lower the value, take a card back, draw from the penalty zone
    "stall": _prefer(("moose", -1), ("back",), ("take", PENALTY)),
}
# The power sides that let a player keep from drawing: moose A (draw value to 0), moose B (placement to
# 0), puffin B (a card back into the hand), polar bear A (takes from the penalty zone).
SIDES = [{}, {"moose": "A", "puffin": "B", "bear": "A"}, {"moose": "B", "puffin": "B", "bear": "A"}]


def new_game(seed: int, players: int, powers: dict[str, str]) -> ArcticState:
    doc = {"game": {"rules": "arctic", "powers": powers}, "players": [{"name": n} for n in "abcd"[:players]]}
    state = RULES.new_state(RULES.config_from_dict(doc, "termination", None), seed)
    assert isinstance(state, ArcticState)
    return state


def play(state: ArcticState, policy: Policy, seed: int) -> tuple[int, int, list[Event]]:
    """Play to the end or to the proven bound: (decisions, draw pile after the deal, trigger events)."""
    rng = SplitMix64(seed)
    deck = len(state.draw)
    cap = PER_TURN * state.n * (deck + 2)
    decisions = 0
    triggers: list[Event] = []
    while not state.is_over and decisions < cap:
        triggers += [e for e in state.play(policy(state.legal_moves(), rng)) if e.kind == "trigger"]
        decisions += 1
    return decisions, deck, triggers


@pytest.mark.parametrize("name", list(POLICIES))
@pytest.mark.parametrize("sides", range(len(SIDES)))
def test_every_game_ends_within_the_bound(name: str, sides: int) -> None:
    """Coverage counts the lines of the first 30 games; the others run with its tracer paused."""
    seeds = range(600) if sides == 0 else range(200)
    _games_end(name, sides, seeds[:30])
    with unmeasured():
        _games_end(name, sides, seeds[30:])


def _games_end(name: str, sides: int, seeds: range) -> None:
    for seed in seeds:
        players = 2 + seed % 3
        state = new_game(seed, players, SIDES[sides])
        decisions, deck, triggers = play(state, POLICIES[name], seed)
        assert state.is_over, f"{name}, sides {SIDES[sides]}, seed {seed}: not over after {decisions} decisions"
        assert state.round <= deck + 2, f"{name}, seed {seed}: {state.round} rounds, bound {deck + 2}"
        assert len(triggers) == 1, (seed, triggers)


def test_the_seed_that_never_ended_now_ends_by_a_round_without_drawing() -> None:
    """Two players, seed 225, always the last legal move: once ran for ever (moose -1 each turn)."""
    state = new_game(225, 2, {})
    decisions, deck, triggers = play(state, POLICIES["last"], 225)
    assert state.is_over and decisions < 3000
    assert [event_line(e) for e in triggers] == [
        "end triggered: a whole round without drawing; the reserve (5 cards) goes under the draw pile"]
    assert [event_text(e) for e in triggers] == [
        "A whole round passed without a card drawn: the end is triggered and the reserve (5 cards) "
        "goes under the draw pile."]
    assert state.round <= deck + 2
