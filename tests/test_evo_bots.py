"""Evo's bots: random is uniform and reproducible, the heuristic one decides from its own view and wins."""

from __future__ import annotations

import pytest

from rules.core.errors import ConfigError
from rules.core.rng import SplitMix64
from rules.evo import RULES
from rules.evo.config import Config, PlayerSpec
from rules.evo.state import State, new_state


def play(kinds: list[str], seed: int) -> State:
    cfg = Config(tuple(PlayerSpec(f"p{i}", k) for i, k in enumerate(kinds)))
    state = new_state(cfg, seed)
    bots = [RULES.make_bot(k, {}, seed, i) for i, k in enumerate(kinds)]
    while not state.is_over:
        seat = state.names.index(state.to_move)
        state.apply(bots[seat].choose(state))
    return state


def test_random_bot_is_reproducible_and_legal() -> None:
    a, b = play(["random"] * 3, 5), play(["random"] * 3, 5)
    assert a.history == b.history
    assert play(["random"] * 3, 6).history != a.history


def test_heuristic_choice_ignores_what_it_cannot_see() -> None:
    state = new_state(Config(tuple(PlayerSpec(f"p{i}") for i in range(4))), 31)
    bot_for = {i: RULES.make_bot("heuristic", {}, 31, i) for i in range(4)}
    rng = SplitMix64(9)
    checked = 0
    while not state.is_over and state.seq < 400:
        seat = state.names.index(state.to_move)
        choice = bot_for[seat].choose(state)
        other = state.copy()
        for s in range(4):
            if s != seat:
                other.hand[s] = ["truce", "windfall"][: rng.below(3)]
        other.deck.reverse()
        other.tokens = other.tokens[::-1]
        other.bag.reverse()
        other.rng = SplitMix64(12345)
        assert bot_for[seat].choose(other) == choice
        checked += 1
        legal = state.legal_moves()
        state.apply(legal[rng.below(len(legal))] if rng.below(3) == 0 else choice)
    assert checked > 100


def test_heuristic_beats_random_in_three_player_games() -> None:
    games, wins = 24, 0
    for g in range(games):
        kinds = ["random"] * 3
        kinds[g % 3] = "heuristic"
        if f"p{g % 3}" in play(kinds, 1000 + g).winners:
            wins += 1
    print(f"heuristic won {wins} of {games} three-player games against two random bots")
    assert wins >= 0.8 * games


def test_bot_kinds_and_options() -> None:
    assert RULES.bot_kinds == ("heuristic", "random", "expert")
    with pytest.raises(ConfigError, match="no options"):
        RULES.make_bot("random", {"skill": 1}, 1, 0)
    with pytest.raises(ConfigError, match="unknown bot"):
        RULES.make_bot("clever", {}, 1, 0)
