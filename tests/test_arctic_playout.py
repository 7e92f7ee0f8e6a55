"""Arctic's random playout (rules/arctic/playout.py) against drawing from `legal_moves` and calling `apply`.

The fast path keeps its own counters, lists each step's decisions in its own code and hands the rare powers
to the state's `play`; so it is compared here with every power side fixed both ways, from fresh games and from
positions in every phase of a turn, and the games compared must between them use every kind of move.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from coverage_pause import unmeasured

from rules.arctic.cases import build, parse_cases
from rules.arctic.moves import DECK, PENALTY
from rules.arctic.playout import play_out
from rules.arctic.state import LIMIT
from rules.core.registry import load_rules
from rules.core.rng import GOLDEN, MIX1, MIX2, SplitMix64

CASES = Path(__file__).parent / "cases" / "arctic"
ANIMALS = ("fox", "moose", "walrus", "orca", "puffin", "bear")
SIDES = ["AAAAAA", "BBBBBB", "ABABAB", "BABABA", "AABBAB", "BBAABA"]


def new_state(players: int, seed: int, sides: str) -> Any:
    rules = load_rules("arctic")
    doc = {"game": {"rules": "arctic", "powers": dict(zip(ANIMALS, sides, strict=True))},
           "players": [{"name": f"p{i}", "bot": "random"} for i in range(1, players + 1)]}
    return rules.new_state(rules.config_from_dict(doc, "test", None), seed)


def slow_play_out(state: Any, rng: SplitMix64, seen: set[str] | None = None) -> Any:
    """The reference; `seen` collects the corners it went through (a stalled round, a turn with no visible card)."""
    while not state.is_over:
        moves = state.legal_moves()
        events = state.apply(moves[rng.below(len(moves))], state.to_move)
        if seen is not None:
            seen |= {"stalled round" for e in events if e.kind == "trigger" and e.b == "stalled"}
            if state.phase in ("draw", "discard") and state.vis < 0:
                seen.add("no visible card")
    return state


def fingerprint(state: Any) -> dict[str, Any]:
    out = {k: v for k, v in vars(state).items() if k not in ("_events", "opening_events")}
    out["view"] = state.view(None)
    out["scores"] = state.scores()
    out["winners"] = state.winners
    return out


def kind(move: tuple[str, int, int]) -> str:
    """A move's kind, with the fox's two placements and the deck and penalty takes told apart."""
    if move[0] == "place":
        return ("place", "place under", "place bottom")[move[2]]
    if move[0] == "take" and move[1] in (DECK, PENALTY):
        return "take deck" if move[1] == DECK else "take penalty"
    return move[0]


EVERY_KIND = {"place", "place under", "place bottom", "token", "walrus", "moose", "swap", "back", "orca", "bear",
              "take", "take deck", "take penalty", "discard", "skip"}


def compare(state: Any, seed: int, seen: set[str] | None = None) -> set[str]:
    """Play a copy out both ways from `state`; they must agree on everything. The kinds of move played."""
    slow, fast = state.copy(), state.copy()
    before = len(state.history)
    slow_rng, fast_rng = SplitMix64(seed), SplitMix64(seed)
    slow_play_out(slow, slow_rng, seen)
    assert play_out(fast, fast_rng) is fast and fast.is_over
    assert fast.history == slow.history
    assert fast_rng.state == slow_rng.state
    assert fingerprint(fast) == fingerprint(slow)
    return {kind(m) for _, m in slow.history[before:]}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("sides", SIDES)
def test_the_playout_equals_apply_with_every_power_side_from_fresh_games(players, sides):
    for seed in range(4):
        compare(new_state(players, 100 + seed, sides), 7000 + seed)


@pytest.mark.parametrize("players", [2, 4])
def test_the_playout_equals_apply_from_every_phase_of_a_turn_and_plays_every_kind_of_move(players):
    """Start from positions along random games (every phase, the end triggered, the final round)."""
    kinds: set[str] = set()
    phases: set[tuple[str, bool, bool]] = set()
    for g, sides in enumerate(SIDES):
        state = new_state(players, 40 + g, sides)
        rng = SplitMix64(g)
        step = 0
        while not state.is_over:
            if step % 7 == 0:
                phases.add((state.phase, state.end_triggered, state.final_round))
                kinds |= compare(state, 90 + step)
            moves = state.legal_moves()
            state.apply(moves[rng.below(len(moves))])
            step += 1
    assert {p for p, _, _ in phases} == {"place", "tokens", "walrus", "draw", "discard"}
    assert any(t for _, t, _ in phases) and any(f for _, _, f in phases)
    assert kinds == EVERY_KIND


def test_a_playout_of_a_finished_game_changes_nothing():
    state = slow_play_out(new_state(3, 5, "ABABAB"), SplitMix64(1))
    before = fingerprint(state)
    rng = SplitMix64(2)
    assert play_out(state, rng) is state and fingerprint(state) == before and rng.state == 2


def test_the_playout_equals_apply_from_the_positions_of_the_rule_cases():
    """The rule cases set up the corners random games seldom reach: a round without a draw, no visible card.

    Coverage counts the lines of the first stream from each position; the other three run with its tracer paused.
    """
    seen: set[str] = set()
    cases = [c for path in sorted(CASES.glob("*.toml")) for c in parse_cases(path.read_text(encoding="utf-8"))]
    for i, case in enumerate(cases):
        state = build(case)
        for j in range(len(case.moves) + 1):  # from the set-up and after each of its moves, several streams each
            if state.is_over:
                break
            compare(state, 1000 * i + 10 * j, seen)
            with unmeasured():
                for seed in range(1, 4):
                    compare(state, 1000 * i + 10 * j + seed, seen)
            if j < len(case.moves):
                who, _, move = case.moves[j].rpartition(":")
                state.apply(move.strip(), who.strip() or None)
    assert seen == {"stalled round", "no visible card"}


def test_a_round_without_a_draw_is_closed_by_the_playout_itself():
    """The last player of a round discards (a decision the playout makes itself), and the round had no draw."""
    state = new_state(2, 3, "AAAAAA")
    last = (state.first + 1) % 2
    state.reserve += state.draw  # the draw pile is empty, the reserve not: only a stalled round ends the game
    state.draw = []
    while len(state.hands[last]) <= LIMIT + 1:
        state.hands[last].append(state.reserve.pop())
    state.current, state.phase, state.drawn, state.vis = last, "discard", False, -1
    assert len(state.river) == 6 and state.legal_moves()[0][0] == "discard"
    seen: set[str] = set()
    compare(state, 11, seen)
    assert "stalled round" in seen


def test_a_turn_ends_with_no_visible_card_when_the_playout_skips_the_last_power():
    """An empty hand and pile, the bear's B side to use or skip: skipping leaves no visible card."""
    state = new_state(2, 4, "BBBBBB")
    me = state.current
    state.reserve += state.hands[me]
    state.hands[me] = []
    state.holders[5] = me  # the polar bear
    state.penalties[me].append(state.draw.pop())
    state._begin_turn()
    state._settle()
    assert state.legal_moves() == [("bear", 1 - me, 0), ("skip", 0, 0)]
    seen: set[str] = set()
    for seed in range(8):
        compare(state, seed, seen)
    assert "no visible card" in seen


def _unshift(z: int, s: int) -> int:
    """The x with x ^ (x >> s) == z (64 bits)."""
    x = z
    for _ in range(64 // s + 1):
        x = z ^ (x >> s)
    return x


def stream_rejecting_its_first_draw() -> int:
    """A SplitMix64 seed whose first output is 2**64 - 1, which `below(n)` rejects for every n not a power of 2."""
    two64 = 1 << 64
    z = _unshift(two64 - 1, 31)
    z = _unshift(z * pow(MIX2, -1, two64) % two64, 27)
    z = _unshift(z * pow(MIX1, -1, two64) % two64, 30)
    return (z - GOLDEN) % two64


def test_a_rejected_draw_is_drawn_again_as_below_does():
    seed = stream_rejecting_its_first_draw()
    assert SplitMix64(seed).next() == (1 << 64) - 1
    state = new_state(4, 1, "ABABAB")
    assert (1 << 64) % len(state.legal_moves())  # the first decision's count is no power of 2
    compare(state, seed)


def test_a_copy_shares_no_list_with_its_original():
    """A search plays out copies by the thousand; any list shared with the position would let a playout move it."""
    state = new_state(4, 8, "ABABAB")
    rng = SplitMix64(8)
    for _ in range(60):
        moves = state.legal_moves()
        state.apply(moves[rng.below(len(moves))])
    copy = state.copy()
    lists = 0
    for key, value in vars(state).items():
        if isinstance(value, list) and key not in ("opening_events", "totems", "_events"):  # fixed, or fresh
            assert copy.__dict__[key] is not value, key
            for a, b in zip(value, copy.__dict__[key], strict=True):
                assert not isinstance(a, list) or a is not b, key
            lists += 1
    assert lists == 9  # history, hands, piles, penalties, river, draw, reserve, tokens, holders
    before = fingerprint(state)
    play_out(copy, SplitMix64(1))
    assert fingerprint(state) == before


def test_a_decision_among_64_or_more_moves_draws_as_below_does():
    """A big hand with the puffin's A side: every hand card for every river card, beyond the inline draw's table."""
    state = new_state(3, 6, "AAAAAA")
    me = state.current
    while len(state.hands[me]) < 12:
        state.hands[me].append(state.draw.pop())
    state.holders[4] = me  # the puffin
    state._begin_turn()
    state._settle()
    assert len(state.legal_moves()) >= 64
    for seed in range(3):
        compare(state, seed)
