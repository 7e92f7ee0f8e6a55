"""Arctic's expert: its playout policy is the planner exactly, its shortlist is the planner's, and a peek is caught.

The fairness of its decisions over many positions is tested with the other games' in tests/test_expert.py;
here a search that plays in copies of the truth is shown to change its mind on Arctic twins, so that test
would catch an Arctic expert that peeked.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.arctic.bots import PlannerBot
from rules.arctic.cards import WILD
from rules.arctic.expert import PLAYOUT_MOVES, ArcticExpert, determinize, make_expert, planner_move
from rules.core.bots import seat_bots
from rules.core.registry import load_rules
from rules.core.rng import SplitMix64
from tests.test_expert import positions, twin_arctic


def _games(n: int, seeds: range) -> list[Any]:
    """Every position of planner-and-random games of `n` players (the planner in even seats)."""
    rules = load_rules("arctic")
    players = [{"name": f"p{i}", "bot": "planner" if i % 2 == 0 else "random"} for i in range(n)]
    config = rules.config_from_dict({"game": {"rules": "arctic"}, "players": players}, "test", None)
    out = []
    for seed in seeds:
        state = rules.new_state(config, seed)
        bots = seat_bots(rules, config, seed)
        while not state.is_over:
            out.append(state.copy())
            bot = bots[state.current]
            assert bot is not None
            state.play(bot.choose(state))
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_playout_policy_is_the_planner(n: int) -> None:
    """The view-free planner of the playouts picks what PlannerBot picks from the player's view, everywhere."""
    checked = 0
    for state in _games(n, range(70, 74)):
        assert planner_move(state) == PlannerBot(state.seed, state.current).choose(state), (n, state.seq)
        checked += 1
    assert checked > 300


def test_the_shortlist_holds_the_planners_move() -> None:
    """The search never drops the planner's own choice, so it can only deviate from it on evidence."""
    for state in _games(2, range(80, 82)):
        legal = state.legal_moves()
        if len(legal) > 1:
            bot = make_expert({}, state.seed, state.current)
            short = bot.shortlist(state, legal)  # type: ignore[attr-defined]
            assert legal[short[0]] == PlannerBot(state.seed, state.current).choose(state)
            assert len(short) == min(len(legal), 4) and len(set(short)) == len(short)


def _work(state: Any, think: int) -> tuple[int, int]:
    """The moves the expert's playouts simulate in one decision, and the worlds it deals."""
    moves = worlds = 0

    def policy(world: Any) -> Any:
        nonlocal moves
        moves += 1
        return planner_move(world)

    def deal(s: Any, seat: int, rng: SplitMix64) -> Any:
        nonlocal worlds
        worlds += 1
        return determinize(s, seat, rng)

    bot = replace(make_expert({"think": think}, state.seed, state.current), policy=policy, determinize=deal)
    bot.choose(state)
    return moves, worlds


@pytest.mark.parametrize("n", [2, 4])
def test_a_decision_costs_about_its_think_in_moves_early_and_late(n: int) -> None:
    """Work is counted in simulated moves: the first decision of a four-player game (long playouts) stays near
    think × PLAYOUT_MOVES, and one near the end (short playouts) spends its moves on more worlds than think."""
    think = 24
    budget = think * PLAYOUT_MOVES
    states = [s for s in _games(n, range(90, 91)) if len(s.legal_moves()) > 1]
    first, late = states[0], states[-12]
    moves, _ = _work(first, think)
    assert budget // 2 <= moves <= budget * 3 // 2, moves
    moves, worlds = _work(late, think)
    assert moves <= budget * 3 // 2
    assert worlds > think // 2, worlds


def test_a_search_that_peeks_is_caught() -> None:
    """The same search in copies of the truth changes its mind on the fairness test's own twins (its teeth).

    tests/test_expert.py checks the fair expert on these positions and twins (every 6th decision of two games,
    twins drawn in order from SplitMix64(99)); here the search that plays in the truth decides differently
    on half of them. Its worlds are all the same, so a small think decides as a large one would.
    """
    rng = SplitMix64(99)
    differ = 0
    checked = 0
    for state, seat, bot in positions("arctic", 2, 6):
        peek = ArcticExpert(bot.seed, seat, 4, lambda s, _seat, _rng: s.copy(), evaluate=bot.evaluate,
                            horizon=bot.horizon, policy=bot.policy)
        other = twin_arctic(state, seat, rng)
        assert other.view(state.names[seat]) == state.view(state.names[seat])
        differ += peek.choose(other) != peek.choose(state)
        checked += 1
    assert checked >= 8 and differ >= checked // 4


def _forget() -> None:
    """Empty every remembered score, as a fresh process (a replay, an e-mail game on another machine) starts."""
    from rules.arctic import bots, scoring

    for cached in (scoring._frontier, scoring.placement_work, scoring._named, bots._animals_total):
        cached.cache_clear()


def test_scoring_face_down_cards_is_counted_as_work_and_decides_the_same_whatever_is_remembered() -> None:
    """A pile of many face-down cards is dear to score: its decision plays fewer moves instead of taking longer,
    and the count depends on the piles only, so the same decision comes with or without scores remembered."""
    think = 24
    states = [s for s in _games(2, range(90, 91)) if len(s.legal_moves()) > 1 and len(s.piles[s.current]) >= 12]
    state = states[0]
    me = state.current
    face_up = [e % WILD for e in state.piles[me]]
    state.piles[me] = [e + WILD if k % 3 != 2 else e for k, e in enumerate(face_up)]  # two in three face down
    wild_moves, wild_worlds = _work(state, think)
    _forget()
    assert _work(state, think) == (wild_moves, wild_worlds)
    state.piles[me] = face_up
    plain_moves, _ = _work(state, think)
    assert wild_moves < plain_moves * 2 // 3, (wild_moves, plain_moves)
