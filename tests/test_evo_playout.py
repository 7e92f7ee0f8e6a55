"""Evo's random-playout fast path (rules/evo/playout.py) against State.apply, beyond tests/test_playout.py.

The fast path copies the frequent rules without their events; these games check it in every rules edition
it plays, from fresh games and from positions in every phase, and check that the games used reach the rare
decisions (swims, flights, fights, escapes, Killer Babies, Adrenaline Rush, every card), so that an error
in any of those copies shows here.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rules.core.rng import SplitMix64
from rules.evo import playout, playtables
from rules.evo.config import EDITION
from tests.test_playout import fingerprint, new_state, slow_play_out


def same_playout(state: Any, seed: int) -> Any:
    """Play a copy of `state` out both ways from the same stream; they must agree in every field."""
    slow, fast = state.copy(), state.copy()
    slow_rng, fast_rng = SplitMix64(seed), SplitMix64(seed)
    slow_play_out(slow, slow_rng)
    assert playout.play_out(fast, fast_rng) is fast and fast.is_over
    assert fast.history == slow.history
    assert fast.seq == slow.seq == len(slow.history)
    assert fast_rng.state == slow_rng.state
    assert fingerprint(fast) == fingerprint(slow)
    return fast


def decision(move: Any) -> str:
    """A move's kind, with what tells the rare births and the cards apart."""
    kind = move.kind
    if kind == "birth":
        return kind + (" from" if move.b else "") + (" attack" if move.c else "")
    if kind == "play":
        return f"play {move.a}"
    return kind


@pytest.mark.parametrize("edition", range(1, EDITION + 1))  # an edition not in FAST_EDITIONS: the state's path
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fresh_games_play_out_as_apply_in_every_edition(edition, players):
    for seed in range(10):
        state = new_state("evo", players, 40 + seed, edition=edition)
        same_playout(state, 7000 + seed)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_positions_in_every_phase_play_out_as_apply(players):
    phases: Counter[str] = Counter()
    for seed in range(6):
        state = new_state("evo", players, 90 + seed)
        rng = SplitMix64(seed)
        while not state.is_over:
            phases[state.phase] += 1
            if rng.below(7) == 0:  # about one position in seven is played out from
                same_playout(state, 500 + state.seq)
            moves = state.legal_moves()
            state.apply(moves[rng.below(len(moves))])
    assert {"climate", "auction", "movement", "birth", "survival", "survival-cards"} <= set(phases)


ALL_EIGHT_OUT = [(3, 37), (4, 26), (4, 30), (5, 27)]  # (players, seed): random games in which all eight get out


def test_the_games_checked_reach_every_rare_decision():
    """If the rules' random games stopped reaching a rare decision, the equivalence tests would not see it."""
    seen: Counter[str] = Counter()
    games = [(players, seed) for players in (2, 3, 4, 5) for seed in range(10)] + ALL_EIGHT_OUT
    for players, seed in games:
        state = same_playout(new_state("evo", players, seed), 7000 + seed)
        seen.update(decision(m) for _, m in state.history)
    rare = {"swim", "fly", "attack", "escape", "initiative", "birth from", "birth attack", "skip", "pass", "done"}
    assert rare <= set(seen), rare - set(seen)
    cards = {f"play {c}" for c in playtables.timing_cards()["movement"] + playtables.timing_cards()["birth"]
             + playtables.timing_cards()["climate"] + playtables.timing_cards()["survival"]}
    assert cards <= set(seen), cards - set(seen)


GIVEN = [{"killer babies": 1, "eggs": 2}, {"thick shell": 1, "eggs": 1}, {"wings": 1, "legs": 1},
         {"flippers": 1, "strong thighs": 1}, {"regeneration": 1, "horns": 2}, {"chameleon skin": 1, "fur": 1}]


def test_species_given_rare_genes_from_the_start_play_out_as_apply():
    """Every seat starts with unique genes by hand (Killer Babies with Eggs reach births that take one off)."""
    seen: Counter[str] = Counter()
    for seed in range(12):
        players = 3 + seed % 3
        state = new_state("evo", players, 200 + seed)
        for s in range(players):
            state.genes[s].update(GIVEN[(seed + s) % len(GIVEN)])
        seen.update(decision(m) for _, m in same_playout(state, 8000 + seed).history)
    for players, seed in [(3, 23), (3, 29)]:  # everyone with Killer Babies and two Eggs: births that take one off
        state = new_state("evo", players, seed)
        for genes in state.genes:
            genes.update(GIVEN[0])
        seen.update(decision(m) for _, m in same_playout(state, 7000 + seed).history)
    assert {"birth from", "birth attack", "birth from attack", "swim", "fly", "escape"} <= set(seen)


def test_an_edition_the_fast_rules_do_not_know_is_played_by_the_state(monkeypatch):
    state = new_state("evo", 4, 3)
    monkeypatch.setattr(playout, "FAST_EDITIONS", ())
    same_playout(state, 11)


def test_a_game_that_offers_no_move_stops_the_playout_unchanged():
    state = new_state("evo", 3, 2)
    state.phase = "setup"  # a broken rule: not over, yet nobody to move
    before = fingerprint(state)
    rng = SplitMix64(4)
    with pytest.raises(ValueError, match="offered no legal move"):
        playout.play_out(state, rng)
    assert rng.state == 4 and fingerprint(state) == before
