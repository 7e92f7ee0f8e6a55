"""The random-playout fast paths of Arctic, ExoFauna and Evo (rules/<game>/playout.py) against State.apply.

A search bot trusts `play_out` to be the game: the same random stream must give the same moves, the same
final state and the same scores as drawing a legal move and applying it with every check and event.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.arctic.playout import play_out as arctic_play_out
from rules.core.registry import load_rules
from rules.core.rng import SplitMix64
from rules.evo.playout import play_out as evo_play_out
from rules.exofauna.playout import play_out as exofauna_play_out

FAST = {"arctic": arctic_play_out, "exofauna": exofauna_play_out, "evo": evo_play_out}
SKIP_KEYS = {"_events", "_legal", "opening_events", "opening"}  # event lists: the fast path builds none


def new_state(game: str, players: int, seed: int, **game_options: Any) -> Any:
    rules = load_rules(game)
    doc = {"game": {"rules": game, **game_options},
           "players": [{"name": f"p{i}", "bot": "random"} for i in range(1, players + 1)]}
    return rules.new_state(rules.config_from_dict(doc, "test", None), seed)


def slow_play_out(state: Any, rng: SplitMix64) -> Any:
    """The reference: every move drawn from the legal list and applied with its check and events."""
    while not state.is_over:
        moves = state.legal_moves()
        state.apply(moves[rng.below(len(moves))], state.to_move)
    return state


def fingerprint(state: Any) -> dict[str, Any]:
    """Everything a state holds but its event lists, its rng as a number, and what a spectator sees."""
    out = {k: v for k, v in vars(state).items() if k not in SKIP_KEYS}
    if "rng" in out:
        out["rng"] = out["rng"].state
    out["view"] = state.view(None)
    out["scores"] = state.scores()
    out["winners"] = state.winners
    return out


def sizes(game: str) -> list[int]:
    rules = load_rules(game)
    return list(range(rules.min_players, rules.max_players + 1))


CASES = [(game, n) for game in FAST for n in sizes(game)]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_fast_playout_plays_the_moves_of_apply_under_the_same_random_stream(game, players):
    for seed in range(8):
        slow, fast = new_state(game, players, seed), new_state(game, players, seed)
        slow_rng, fast_rng = SplitMix64(1000 + seed), SplitMix64(1000 + seed)
        slow_play_out(slow, slow_rng)
        assert FAST[game](fast, fast_rng) is fast and fast.is_over
        assert fast.history == slow.history and len(fast.history) > 10
        assert fast_rng.state == slow_rng.state
        assert fingerprint(fast) == fingerprint(slow)


@pytest.mark.parametrize("game", list(FAST))
def test_a_playout_from_the_middle_of_a_game_on_a_copy_leaves_the_game_alone(game):
    """Search plays out copies of the position it stands in; the position must not move."""
    n = load_rules(game).max_players
    state = new_state(game, n, 5)
    rng = SplitMix64(3)
    for _ in range(40):
        moves = state.legal_moves()
        state.apply(moves[rng.below(len(moves))])
    before = fingerprint(state)
    copy = state.copy()
    assert fingerprint(copy) == before
    FAST[game](copy, SplitMix64(9))
    assert copy.is_over and fingerprint(state) == before
    again = slow_play_out(state.copy(), SplitMix64(9))
    assert fingerprint(again) == fingerprint(copy)


def test_the_fast_playout_stops_a_game_that_offers_no_move():
    state = new_state("arctic", 2, 1)
    state.phase = "tokens and then some"  # a broken rule: not over, yet nothing to do
    assert state.legal_moves() == []
    rng = SplitMix64(4)
    with pytest.raises(ValueError, match="offered no legal move"):
        arctic_play_out(state, rng)
    assert rng.state == 4
