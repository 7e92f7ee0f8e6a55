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
from coverage_pause import unmeasured_from

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
    """Coverage counts the first two games; the other four run with its tracer paused."""
    phases: Counter[str] = Counter()
    for seed in range(6):
        with unmeasured_from(2, seed):
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
    monkeypatch.setattr(playout, "_COMPILED", None)  # a compiled copy (tools/build_native.py) has its own editions
    same_playout(state, 11)


def test_a_game_that_offers_no_move_stops_the_playout_unchanged():
    state = new_state("evo", 3, 2)
    state.phase = "setup"  # a broken rule: not over, yet nobody to move
    before = fingerprint(state)
    rng = SplitMix64(4)
    with pytest.raises(ValueError, match="offered no legal move"):
        playout.play_out(state, rng)
    assert rng.state == 4 and fingerprint(state) == before


def _to_phase(state: Any, phase: str, rng: SplitMix64) -> bool:
    """Random legal moves until the phase begins; False if the game ended first."""
    while not state.is_over and state.phase != phase:
        moves = state.legal_moves()
        state.apply(moves[rng.below(len(moves))])
    return not state.is_over


def _walled_in(seed: int, hand: list[str] | None) -> tuple[Any, int] | None:
    """A game at its births in which a seat still to breed is walled in by the others' dinosaurs, holding
    `hand` (None: its hand emptied into the discard), or None if the game does not get there."""
    state = new_state("evo", 3 + seed % 3, 300 + seed)
    if not _to_phase(state, "birth", SplitMix64(seed)):
        return None
    waiting = [s for s in state.order if s != state.birth_seat and state.births_left[s] > 0]
    if not waiting:
        return None
    seat = waiting[-1]
    if hand is None:
        state.discard += state.hand[seat]
        state.hand[seat] = []
    else:
        state.hand = [[c for c in h if c not in hand] for h in state.hand]
        state.hand[seat] = list(hand)
        state.discard = [c for c in state.discard if c not in hand]
        state.deck = [c for c in state.deck if c not in hand]
    reach = state.board.neighbors if not state.genes[seat].get("thick shell") and not state.fx[seat]["reach3"] \
        else [state.board.within(s, 3) for s in range(state.board.size)]
    others = [o for o in range(state.n) if o != seat]
    for s in list(state.pos[seat]):
        for u in reach[s]:
            if state.occ[u] < 0:
                room = [o for o in others if state.count[o] < 8]
                if not room:
                    break
                state.put(u, room[u % len(room)])
    if any(state.occ[u] < 0 for s in state.pos[seat] for u in reach[s]):
        return None  # the others ran out of dinosaurs before the wall was closed
    return state, seat


def test_a_walled_in_species_that_may_hold_a_birth_card_still_decides_alike():
    """From rules edition 2 a species with cards in hand is asked at its birth turn while a Birth card is not yet
    all discarded (cards.may_hold: the others cannot tell which cards it holds), even with no room for a baby: it
    then has 'skip' alone. Here the walled-in seat holds a Survival card only, so only may_hold keeps it in."""
    asked = 0
    for seed in range(12):
        found = _walled_in(seed, ["hardy"])
        if found is None:
            continue
        state, seat = found
        before = len(state.history)
        fast = same_playout(state, 900 + seed)
        births = [m for p, m in fast.history[before:before + 3 * state.n] if p == state.names[seat]]
        asked += bool(births) and births[0].kind == "skip"
    assert asked >= 3


def test_a_species_with_no_room_for_a_baby_is_passed_over_alike():
    """birth.next_birth passes over a species with a birth left but no free space within reach; the fast search
    for the next birth (written into the births loop) must do the same. Here a seat waiting for its birth turn is
    walled in by the others' dinosaurs, and its hand is emptied so that no Birth card keeps it in."""
    walled = 0
    for seed in range(12):
        found = _walled_in(seed, None)
        if found is None:
            continue
        state, seat = found
        walled += 1
        same_playout(state, 900 + seed)
    assert walled >= 3


def test_a_first_mover_with_nothing_to_do_is_passed_over_alike():
    """movement.next_mover passes over a turn with nothing to do, the first one of the phase too. A species with no
    dinosaur on the island (and no card) moves first, having the fewest, and can do nothing: its turn in every
    round is passed over by apply, and so must it be by the playout's movement, which begins the phase's first
    turn itself."""
    passed = 0
    for seed in range(6):
        state = new_state("evo", 3 + seed % 3, 600 + seed)
        if not _to_phase(state, "auction", SplitMix64(seed)):
            continue
        seat = seed % state.n
        for s in list(state.pos[seat]):
            state.lift(s)
        state.discard += state.hand[seat]
        state.hand[seat] = []
        before = len(state.history)
        fast = same_playout(state, 960 + seed)
        passed += not [m for p, m in fast.history[before:] if p == state.names[seat] and m.kind == "done"]
    assert passed >= 2  # (the others bought an event card later, and are asked for it)


def test_a_species_at_full_supply_when_births_begin_plays_out_as_apply():
    """A species with all its dinosaurs out at the births takes one off for each baby (its own count per dinosaur
    taken off): given its full supply at the start of movement, in games of every size."""
    full = taken_off = 0
    for seed in range(10):
        state = new_state("evo", 2 + seed % 4, 400 + seed)
        if not _to_phase(state, "movement", SplitMix64(seed)):
            continue
        seat = state.order[-(seed % 2)]  # the first to give birth, or the last
        state.genes[seat].pop("killer babies", None)
        free = [u for u in range(state.board.size) if state.occ[u] < 0]
        while state.count[seat] < 8 and free:
            state.put(free.pop(seed % len(free)), seat)
        full += state.count[seat] == 8
        fast = same_playout(state, 950 + seed)
        taken_off += sum(m.kind == "birth" and bool(m.b) for _, m in fast.history)
    assert full >= 5 and taken_off >= 5


@pytest.mark.parametrize("seed", [0, 1, 2**64 - 1, 2**64 - 70 * 0x9E3779B97F4A7C15 % 2**64, 0x0123456789ABCDEF])
def test_the_stream_drawn_ahead_is_splitmix64s(seed):
    """Three batches and more, from states near the wrap-around of 2**64: the numbers and the state after."""
    from itertools import islice

    from rules.evo.playdraws import BATCH, Draws

    rng = SplitMix64(seed)
    expected = [rng.next() for _ in range(3 * BATCH + 5)]
    draws = Draws(seed)
    assert list(islice(draws.outputs, len(expected))) == expected
    draws.rejected = 2
    assert draws.state(len(expected) - 2) == rng.state


def _unshift(z: int, s: int) -> int:
    """The x with x ^ (x >> s) == z (64 bits)."""
    x = z
    for _ in range(64 // s + 1):
        x = z ^ (x >> s)
    return x


def _seed_drawing(value: int, ahead: int) -> int:
    """A SplitMix64 seed whose output number `ahead` (from 0) is `value`: SplitMix64's mixing run backwards."""
    from rules.core.rng import GOLDEN, MIX1, MIX2

    two64 = 1 << 64
    z = _unshift(value, 31)
    z = _unshift(z * pow(MIX2, -1, two64) % two64, 27)
    z = _unshift(z * pow(MIX1, -1, two64) % two64, 30)
    return (z - (ahead + 1) * GOLDEN) % two64


@pytest.mark.parametrize("value", [2**64 - 1, 2**64 - 2**31])
def test_outputs_below_would_reject_are_rejected_alike_in_every_phase(value):
    """The fast path's draws have no rejection test of their own (playdraws.HighOutput does it): an output of
    2**64 - 1, which below(n) rejects for every n not a power of 2, or of 2**64 - 2**31, which it takes, met at
    decisions of every kind through a five-player game."""
    from rules.core.rng import GOLDEN

    kinds: Counter[str] = Counter()
    wanted = {"move", "birth", "bid", "keep"}
    aheads = [*range(0, 330, 11), *range(5, 330, 11), *range(8, 330, 11)]  # more, until every kind is met
    for number, ahead in enumerate(aheads):
        if number >= 30 and (value != 2**64 - 1 or wanted <= set(kinds)):
            break
        seed = _seed_drawing(value, ahead)
        assert SplitMix64((seed + ahead * GOLDEN) % 2**64).next() == value
        state = new_state("evo", 5, 61)
        first = len(state.history)
        fast = same_playout(state, seed)
        rng = SplitMix64(seed)
        slow_play_out(state, rng)
        drawn = (rng.state - seed) * pow(GOLDEN, -1, 2**64) % 2**64  # outputs: a decision's, or rejected
        if drawn > len(fast.history) - first:
            kinds[decision(fast.history[first + ahead][1])] += 1
    if value == 2**64 - 1:
        assert wanted <= set(kinds), kinds
    else:
        assert not kinds


def test_a_playout_leaves_its_stream_to_be_freed_at_once():
    """The outputs' generator refers back to its Draws (for HighOutput); a playout must break that cycle, or
    each one would leave its stream, a batch of outputs and their big integers for the collector."""
    import gc

    from rules.evo.playdraws import Draws

    state = new_state("evo", 5, 61)
    enabled = gc.isenabled()
    gc.collect()  # (streams other tests left, e.g. one drawn from by hand)
    gc.disable()
    try:
        playout.play_out(state, SplitMix64(3))
        assert not [o for o in gc.get_objects() if type(o) is Draws]
    finally:
        if enabled:
            gc.enable()
