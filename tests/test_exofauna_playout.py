"""ExoFauna's random-playout fast path (rules/exofauna/playout.py) against State.apply, over many games and positions.

The fast path writes the rules of `State` out once more, for speed, so it is checked where a rule could differ:
full and quick games from many seeds, a playout started from every position of whole games (so every kind of
pending decision, deep in an Action's stack of frames, is a starting point), and every move and ending the
rules have must come up (so a branch of the loop cannot go untested).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.registry import load_rules
from rules.core.rng import SplitMix64
from rules.exofauna.moves import VERBS
from rules.exofauna.playout import play_out
from rules.exofauna.state import State


def new_state(seed: int, quick: bool = False) -> State:
    rules = load_rules("exofauna")
    doc = {"game": {"rules": "exofauna", "quick": quick},
           "players": [{"name": "ann", "bot": "random"}, {"name": "bo", "bot": "random"}]}
    state = rules.new_state(rules.config_from_dict(doc, "test", None), seed)
    assert isinstance(state, State)
    return state


def slow_play_out(state: State, rng: SplitMix64) -> State:
    """The reference: every move drawn from the legal list and applied with its check and events."""
    while not state.is_over:
        moves = state.legal_moves()
        state.apply(moves[rng.below(len(moves))], state.to_move)
    return state


def fingerprint(state: State) -> dict[str, Any]:
    """Everything the state holds but its cached move list, and what a spectator and each player see."""
    out = {k: v for k, v in vars(state).items() if k != "_legal"}
    out["views"] = [state.view(None)] + [state.view(n) for n in state.names]
    out["scores"] = state.scores()
    out["winners"] = state.winners
    return out


def both_ways(state: State, seed: int) -> State:
    """Play a copy of `state` out fast and another slowly from the same stream; they must agree exactly."""
    fast, slow = state.copy(), state.copy()
    fast_rng, slow_rng = SplitMix64(seed), SplitMix64(seed)
    assert play_out(fast, fast_rng) is fast
    slow_play_out(slow, slow_rng)
    assert fast.history == slow.history
    assert fast_rng.state == slow_rng.state
    assert fingerprint(fast) == fingerprint(slow)
    return fast


@pytest.mark.parametrize("quick", [False, True])
def test_fast_playouts_of_many_games_are_the_games_apply_plays(quick):
    verbs: set[str] = set()
    both_reached = 0
    for seed in range(40):
        end = both_ways(new_state(seed, quick), 7000 + seed)
        assert end.is_over and len(end.winners) == 1 and len(end.resolutions) >= end.goal
        verbs |= {m.verb for _, m in end.history}
        both_reached += all(len(c) >= end.goal for c in end.claimed)
    assert verbs == set(VERBS)  # every kind of move came up, and matched
    if quick:  # both players reach the goal in one turn: the first to claim it wins (State._first_to_goal)
        assert both_reached > 0


def test_a_playout_from_every_position_of_whole_games_is_the_one_apply_plays():
    kinds: set[str] = set()
    for seed in (3, 11, 29):
        state = new_state(seed)
        rng = SplitMix64(seed)
        step = 0
        while not state.is_over:
            kinds.add(state.decision())
            before = fingerprint(state)
            both_ways(state, 100 * seed + step)
            assert fingerprint(state) == before  # the copies were played, not the game
            moves = state.legal_moves()
            state.apply(moves[rng.below(len(moves))])
            step += 1
        both_ways(state, seed)  # a finished game stays as it is
    assert kinds == {"action", "discard4", "swarm", "scav", "take", "pdis", "adapt"}


def test_the_same_stream_gives_the_same_playout_and_another_stream_another():
    a, b, c = new_state(5), new_state(5), new_state(5)
    play_out(a, SplitMix64(1))
    play_out(b, SplitMix64(1))
    play_out(c, SplitMix64(2))
    assert a.history == b.history and fingerprint(a) == fingerprint(b)
    assert a.history != c.history


def test_a_copy_holds_every_attribute_and_shares_no_list_that_changes():
    state = new_state(8)
    rng = SplitMix64(8)
    for _ in range(60):
        moves = state.legal_moves()
        state.apply(moves[rng.below(len(moves))])
    copy = state.copy()
    assert list(vars(copy)) == list(vars(state))  # a new attribute of State is copied too
    assert fingerprint(copy) == fingerprint(state)
    shared = {"d", "nm", "config", "_names", "by_colour", "_winners"}  # never changed in place
    for key, value in vars(state).items():
        if isinstance(value, list):
            assert key not in shared and getattr(copy, key) is not value, key
            for i, item in enumerate(value):
                if isinstance(item, list):
                    assert getattr(copy, key)[i] is not item, (key, i)
