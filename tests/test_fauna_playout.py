"""Fauna's random-bot playout loop (rules/fauna/playout.py) against RandomBot.choose and State.apply, everywhere.

The loop writes the rules of `State` out once more, for speed, and draws a round's decisions ahead, so it is
checked where a rule could differ: whole games of two to six random bots on every kind of card, a playout
started from every position of whole games (after passes, mid-round, on the last move), positions set up so
that a rarely taken branch must run (an empty hand to move, a draw the generator's rejection throws away), and
the bench's own playout (rules/fauna/benchwork.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.rng import GOLDEN, MASK, MIX1, MIX2, SplitMix64
from rules.fauna import PASS, Config, PlayerSpec, new_game
from rules.fauna import playout as playout_module
from rules.fauna.benchwork import fast_play_out
from rules.fauna.bots import DECISION_STEP, RandomBot, play_out
from rules.fauna.game import State
from rules.fauna.playout import first_draws


def random_game(players: int, seed: int, **game: Any) -> State:
    return new_game(Config(tuple(PlayerSpec(f"p{i}", "random") for i in range(players)), **game), seed)


def slow_play_out(state: State, bots: list[RandomBot]) -> State:
    """The reference: each bot's choice applied with every check (events built and dropped)."""
    while not state.is_over:
        move = bots[state.to_move_index].choose(state)
        assert move in state.legal_moves()
        state.apply(move, state.to_move)
    return state


def fingerprint(state: State) -> dict[str, Any]:
    """Everything the state holds (its box and front cache as what they show), and what a spectator sees."""
    out = {k: v for k, v in vars(state).items() if k not in ("box", "_front")}
    out["card_shown"] = state.animal
    out["view"] = state.view(None)
    out["evaluated"] = state.evaluated
    return out


def seat_bots(state: State, seed: int) -> list[RandomBot]:
    rng = SplitMix64(seed)
    return [RandomBot(SplitMix64(rng.next())) for _ in state.names]


def both_ways(state: State, seed: int) -> State:
    """Play a copy of `state` out through the loop and another move by move; they must agree exactly."""
    fast, slow = state.copy(), state.copy()
    rounds: list[tuple[int, tuple[int, ...], Any]] = []
    assert play_out(fast, seat_bots(fast, seed),
                    on_round=lambda s: rounds.append((s.round, tuple(s.score), s.evaluated))) is fast
    slow_play_out(slow, seat_bots(slow, seed))
    assert fast.history == slow.history
    assert fingerprint(fast) == fingerprint(slow)
    assert fast.is_over
    if state.is_over:
        assert rounds == []
    else:
        assert rounds[-1][:2] == (slow.round, tuple(slow.score)) and len(rounds) == slow.round - state.round + 1
    return fast


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_whole_games_of_random_bots_are_the_games_apply_plays(players):
    passes = 0
    for seed in range(10):
        cards = ("green", "black", "mixed")[seed % 3]
        units = ("metric", "imperial")[seed % 2]
        end = both_ways(random_game(players, seed, cards=cards, units=units), 500 + seed)
        assert len(end.history) > 40
        passes += sum(1 for _, m in end.history if m == PASS)
    assert passes > 0  # a pass breaks a round's order of moves: it came up, and matched


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (2, 8), (6, 21)])
def test_a_playout_from_every_position_of_whole_games_is_the_one_apply_plays(players, seed):
    state = random_game(players, seed, goal=40)
    bots = seat_bots(state, seed)
    mid_round_after_a_pass = 0
    step = 0
    while not state.is_over:
        before = fingerprint(state)
        both_ways(state, 1000 * seed + step)
        assert fingerprint(state) == before  # the copies were played, not the game
        mid_round_after_a_pass += any(state.passed) and bool(state.round_spots)
        state.apply(bots[state.to_move_index].choose(state))
        step += 1
    both_ways(state, seed)  # a finished game stays as it is
    assert step > 100 and mid_round_after_a_pass > 0


def test_the_bench_playout_is_the_random_bots_game():
    for seed in range(6):
        fast, slow = random_game(4, seed), random_game(4, seed)
        rng = SplitMix64(seed)
        assert fast_play_out(fast, rng) is fast
        slow_play_out(slow, seat_bots(slow, seed))
        assert fast.history == slow.history and fingerprint(fast) == fingerprint(slow)


class AskedRandomBot(RandomBot):
    """A random bot that bots.play_out asks move by move (its loop for other bots), with the same decisions."""


def test_an_empty_hand_to_move_passes_as_the_bots_loop_has_it_do():
    """Only a position set up so has an empty hand to move (apply would refuse its pass): as bots.play_out had it."""
    for seed in range(4):
        for everyone in (False, True):
            state = random_game(3, seed)
            for p in range(3) if everyone else (state.to_move_index,):
                state.hand[p], state.stock[p] = 0, 6
            fast, asked = state.copy(), state.copy()
            play_out(fast, seat_bots(fast, seed))
            play_out(asked, [AskedRandomBot(b.stream) for b in seat_bots(asked, seed)])
            assert fast.history[0] == (state.to_move, PASS)
            assert fast.history == asked.history and fingerprint(fast) == fingerprint(asked)


def unmix(z: int) -> int:
    """The SplitMix64 state whose output is `z` (the output function is a bijection on 64-bit numbers)."""
    def unshift(y: int, k: int) -> int:
        x = y
        for _ in range(64 // k + 1):
            x = y ^ (x >> k)
        return x

    z = unshift(z, 31)
    z = (z * pow(MIX2, -1, 1 << 64)) & MASK
    z = unshift(z, 27)
    z = (z * pow(MIX1, -1, 1 << 64)) & MASK
    return unshift(z, 30)


def test_a_draw_the_rejection_throws_away_is_drawn_again_as_below_does():
    """Outputs at the top of the 64-bit range are rejected by `below`; the loop must skip them the same way."""
    assert SplitMix64(unmix(2**64 - 1) - GOLDEN).next() == 2**64 - 1
    for target in (2**64 - 1, 2**64 - 2):
        state = random_game(4, 7)
        cur = state.to_move_index
        bots = seat_bots(state, 7)
        first = unmix(target)  # the decision's first draw gives `target`: base + (seq + 1) * step + GOLDEN
        base = (first - GOLDEN - (state.seq + 1) * DECISION_STEP) & MASK
        bots[cur] = RandomBot(SplitMix64(base))
        fast, slow = state.copy(), state.copy()
        play_out(fast, [RandomBot(SplitMix64(b.stream.state)) for b in bots])
        slow_play_out(slow, bots)
        assert fast.history == slow.history and fingerprint(fast) == fingerprint(slow)


def test_a_taken_spot_drawn_is_drawn_again_from_the_same_stream():
    """The first draw of a decision naming a taken spot: the loop draws on, as `RandomBot.pick_spot` does."""
    state = random_game(2, 4)
    bots = seat_bots(state, 4)
    state.apply(bots[state.to_move_index].choose(state))
    taken = state.round_spots[0]
    cur, n_spots = state.to_move_index, len(state.owner)
    z = n_spots * 12345 + taken  # below(n_spots) of this output is the taken spot
    base = (unmix(z) - GOLDEN - (state.seq + 1) * DECISION_STEP) & MASK
    bots[cur] = RandomBot(SplitMix64(base))
    fast, slow = state.copy(), state.copy()
    play_out(fast, [RandomBot(SplitMix64(b.stream.state)) for b in bots])
    slow_play_out(slow, bots)
    assert slow.history[1] != (slow.names[cur], state.card.spots.moves[taken])
    assert fast.history == slow.history and fingerprint(fast) == fingerprint(slow)


def test_the_batched_draws_are_the_generator_s():
    rng = SplitMix64(99)
    for m in (1, 2, 7, 36):
        starts = [rng.next() for _ in range(m)]
        step = rng.next() * 1000  # the move's step need not be below 2**64
        lanes = sum(s << (playout_module.LANE_BITS * t) for t, s in enumerate(starts))
        want = [SplitMix64((s + step + t * DECISION_STEP - GOLDEN) & MASK).next() for t, s in enumerate(starts)]
        assert list(first_draws(lanes, m, step)) == want


def test_full_tables_of_round_plans_and_history_entries_are_emptied_and_the_games_stay_the_same(monkeypatch):
    monkeypatch.setattr(playout_module, "MAX_PLANS", 2)
    monkeypatch.setattr(playout_module, "_PLANS", {})
    monkeypatch.setattr(playout_module, "MAX_SPOTS", 1)
    monkeypatch.setattr(playout_module, "MAX_TABLES", 1)
    for seed in range(3):
        players = tuple(PlayerSpec(f"t{seed}-{i}", "random") for i in range(5 - seed))  # a new table each time
        end = both_ways(new_game(Config(players), seed), seed)
    assert len(playout_module._PLANS) <= 2
    tables = end.setup.memo["playout.entries"]
    assert len(tables) == 1 and all(len(kinds) <= 1 for kinds in tables.values())
