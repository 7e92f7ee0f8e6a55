"""The expert's playout policy (rules/evo/policy.py) makes exactly the heuristic bot's moves, read from the state."""

from __future__ import annotations

import pytest

from rules.core.rng import SplitMix64
from rules.evo.bots import HeuristicBot
from rules.evo.config import Config, PlayerSpec
from rules.evo.policy import heuristic_move
from rules.evo.state import new_state


@pytest.mark.parametrize(("players", "edition"),
                         [(2, 3), (3, 3), (4, 3), (5, 3), (3, 2), (4, 1), (3, 4), (3, 5), (5, 5)])
def test_the_policy_moves_as_the_heuristic_bot_does(players: int, edition: int) -> None:
    """Whole games, every decision of every seat: the same move (tie-breaks included) as HeuristicBot.choose."""
    cfg = Config(tuple(PlayerSpec(f"p{i}", "heuristic") for i in range(players)), edition=edition)
    kinds: set[str] = set()
    for seed in (3, 4):
        state = new_state(cfg, seed)
        while not state.is_over:
            seat = state.to_move_seat
            assert seat is not None
            move = HeuristicBot(seed, seat).choose(state)
            assert heuristic_move(state) == move, (seed, state.seq)
            kinds.add(move.kind)
            state.apply(move)
    assert {"bid", "move", "birth", "pass"} <= kinds  # the games reached the main kinds of decision


def test_the_policy_draws_ties_from_the_generator_it_is_given() -> None:
    """A search's playouts draw equal moves from the search's generator, not from the other bots' streams."""
    cfg = Config(tuple(PlayerSpec(f"p{i}", "heuristic") for i in range(3)))
    state = new_state(cfg, 8)
    differ = 0
    for k in range(40):
        if state.is_over:
            break
        a, b = heuristic_move(state, SplitMix64(k)), heuristic_move(state, SplitMix64(k + 1000))
        differ += a != b
        assert a in state.legal_moves() and b in state.legal_moves()
        state.apply(heuristic_move(state))
    assert differ > 0
