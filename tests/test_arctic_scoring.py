"""Arctic scoring of piles with wild cards: the exact best total for any number of face-down fox-A cards.

The simple wild-card rules (join a neighbouring run, ties to the earlier animal, a run of their own) are
rule cases in tests/cases/arctic/scoring.toml; these piles are too long to read well as cases.
"""

from __future__ import annotations

import itertools
import math
import random

from coverage_pause import unmeasured, unmeasured_from

from rules.arctic import RULES
from rules.arctic.cards import ANIMALS, MAIN, RUN_POINTS, WILD
from rules.arctic.config import ArcticConfig, PlayerSpec
from rules.arctic.scoring import best_animals, best_total, face_up_runs, score_player, total_of, total_with
from rules.core.bots import play_out, seat_bots


def pile(*words: str) -> list[int]:
    """Pile entries bottom first: an animal's name is a face-up card of it, '?' a face-down (wild) card."""
    out: list[int] = []
    for n, w in enumerate(words):
        out.append(WILD + 7 if w == "?" else ANIMALS.index(w) * 5 + n % 5)
    return out


def scored(words: list[str]) -> tuple[int, list[str]]:
    """(points from runs and diversity, the animal chosen for each wild card bottom first)."""
    sc = score_player(pile(*words), 0, 0, [0] * 6)  # the totem's token on the 0 card: runs and diversity only
    assert sc.totem == 0 and sc.penalties == 0
    return sc.total, [ANIMALS[a] for a in sc.wild]


# Two walrus, a wild card, a moose, a wild card, three moose: the first wild card scores more at once as a
# walrus (a run of three) but most in the end as a moose, with the second one (a moose run of six).
TRAP = ["walrus", "walrus", "?", "moose", "?", "moose", "moose", "moose", "orca"]
# Wild cards each between an orca and a puffin: two choices each.
ORCA_PUFFIN = [w for k in range(11) for w in ("?", "puffin" if k % 2 == 0 else "orca")]


def test_wild_cards_look_ahead_whatever_their_number() -> None:
    assert scored(TRAP + ORCA_PUFFIN) == (28, ["moose", "moose"] + ["orca"] * 8 + ["puffin", "puffin", "orca"])
    # one more orca-puffin wild card: the first wild card is still a moose (the moose run of six), not a walrus
    total, wild = scored(TRAP + ORCA_PUFFIN + ["?", "orca"])
    assert wild[:2] == ["moose", "moose"]
    assert total == 28
    # two wild cards side by side between orcas: a fox pair (and one more animal in the diversity) beats orca
    total, wild = scored(TRAP + ORCA_PUFFIN + ["orca", "?", "?", "orca"])
    assert wild[:2] == ["moose", "moose"] and wild[-2:] == ["fox", "fox"]
    assert total == 33


def test_wild_cards_side_by_side_make_a_run_of_their_own_when_it_scores_most() -> None:
    total, wild = scored(["orca"] * 6 + ["?"] * 4 + ["orca", "?", "puffin"])
    assert (total, wild) == (25, ["fox", "fox", "fox", "fox", "puffin"])
    assert scored(["orca"] * 6 + ["?"] * 5 + ["orca"]) == (26, ["fox"] * 5)  # orca 15, fox 10, diversity 1
    assert scored(["puffin"] + ["?"] * 5 + ["orca"] * 6) == (31, ["puffin"] * 5)  # a puffin run of six is worth more
    assert scored(["?"] * 5 + ["puffin"] * 6) == (26, ["fox"] * 5)  # at the bottom too


def test_many_wild_cards_under_one_card_split_between_runs() -> None:
    # the issue's minimal piles: seven face-down cards under a fox, and five between six foxes and six moose
    assert scored(["?"] * 7 + ["fox"]) == (17, ["moose", "moose"] + ["fox"] * 5)
    assert scored(["fox"] * 6 + ["?"] * 5 + ["moose"] * 6) == (43, ["walrus"] * 5)
    # sixteen under a fox: moose and fox runs of six, a walrus run of five, diversity 3
    assert scored(["?"] * 16 + ["fox"]) == (15 + 10 + 15 + 3, ["moose"] * 6 + ["walrus"] * 5 + ["fox"] * 5)


def test_a_lone_wild_card_joins_the_neighbour_that_scores_more() -> None:
    # a moose, a wild card and three walrus: joining the walrus run (four: +3) beats a moose pair (+1, diversity +2)?
    total, wild = scored(["moose", "?", "walrus", "walrus", "walrus"])
    assert (total, wild) == (6, ["walrus"])
    # with two other pairs in the pile a fourth animal with a run raises the diversity more: the moose pair wins
    total, wild = scored(["fox", "fox", "orca", "orca", "moose", "?", "walrus", "walrus", "walrus"])
    assert (total, wild) == (1 + 1 + 1 + 3 + 6, ["moose"])


def test_the_issue_game_scores_its_wild_pile_at_its_best() -> None:
    """3 players, all powers A, seed 13165959772785532043: bob's seven face-down cards under a fox score -7, not -9."""
    seed = 13165959772785532043
    config = ArcticConfig(players=(PlayerSpec("alice", "planner"), PlayerSpec("bob", "random"),
                                   PlayerSpec("carol", "random")), seed=seed, powers=("A",) * 6)
    state = RULES.new_state(config, seed)
    state = play_out(state, seat_bots(RULES, config, seed)) or state
    assert state.over
    assert sum(1 for e in state.piles[1] if e >= WILD) == 7
    score = state.score_of(1)
    assert (score.animal_points[0], score.animal_points[1], score.diversity) == (15, 1, 1)
    assert score.total == -7


def _brute_total(animals: list[int]) -> int:
    """Runs and diversity of a pile with every card named, written out plainly (no code shared with scoring.py)."""
    longest = [0] * 6
    run = 0
    for i, a in enumerate(animals):
        run = run + 1 if i and animals[i - 1] == a else 1
        longest[a] = max(longest[a], run)
    points = [RUN_POINTS[min(r, len(RUN_POINTS) - 1)] for r in longest]
    kinds = sum(1 for r in longest if r >= 2)
    return sum(points) + RUN_POINTS[min(kinds, len(RUN_POINTS) - 1)]


def _brute_force(seq: list[int], domains: list[tuple[int, ...]]) -> tuple[int, list[int]]:
    """The best total and the first best choice (pile order, earlier animals first) by trying every combination."""
    wild = [i for i, a in enumerate(seq) if a < 0]
    trial = list(seq)
    best, first = -1, []
    for choice in itertools.product(*domains):
        for i, a in zip(wild, choice, strict=True):
            trial[i] = a
        total = _brute_total(trial)
        if total > best:
            best, first = total, list(choice)
    return best, first


def _random_pile(rng: random.Random) -> list[int]:
    """Up to 14 face-up cards and up to 12 face-down ones, scattered or in blocks under face-up cards."""
    seq = [rng.randrange(6) for _ in range(rng.randint(1, 14))]
    if rng.random() < 0.3:  # few animals: long runs, and wild cards that merge them
        seq = [a % 2 for a in seq]
    for _ in range(rng.randint(0, 12)):
        if rng.random() < 0.5:
            seq.insert(rng.randint(0, len(seq)), -1)
        else:
            seq.insert(rng.choice([i for i, a in enumerate(seq) if a >= 0]), -1)
    return seq


def _check_a_random_pile(rng: random.Random) -> int | None:
    """Check the scorer against brute force on a random pile: its number of wild cards (None: too many combinations)."""
    seq = _random_pile(rng)
    wild = [i for i, a in enumerate(seq) if a < 0]
    domains = []
    for i in wild:
        side = [seq[j] for j in (i - 1, i + 1) if 0 <= j < len(seq)]
        domains.append(tuple(sorted(set(side))) if side and all(a >= 0 for a in side) else tuple(range(6)))
    combos = 1
    for d in domains:
        combos *= len(d)
    if combos > 256:
        return None
    entries = [a * 5 if a >= 0 else WILD + 2 for a in seq]
    animals, chosen = best_animals(entries)
    total = best_total(entries)
    assert _brute_total(animals) == total  # the choices reported score the total reported
    assert _brute_force(seq, domains) == (total, chosen), seq
    if len(domains) <= 3:  # every animal for every wild card: the same best total
        assert _brute_force(seq, [tuple(range(6))] * len(wild))[0] == total, seq
    return len(wild)


def test_the_best_total_matches_brute_force_on_random_piles() -> None:
    """10,000 random piles of up to 12 wild cards, each small enough to try every combination, agree with the scorer.

    A wild card side by side with another tries every animal. A lone one tries its neighbours only (a run of
    one scores nothing, and naming a neighbour never shortens a run), which is also where the scorer keeps
    its choice among equal totals. Piles of more combinations are left to the examples above. Coverage counts
    the lines of the first 1,000; the other 9,000 run every assertion with its tracer paused.
    """
    rng = random.Random(30)
    counts: list[int] = []
    while len(counts) < 1_000:
        if (n := _check_a_random_pile(rng)) is not None:
            counts.append(n)
    with unmeasured():
        while len(counts) < 10_000:
            if (n := _check_a_random_pile(rng)) is not None:
                counts.append(n)
    most_wild = max(counts)
    assert most_wild >= 10


def test_a_pile_without_wild_cards_scores_its_runs() -> None:
    entries = [MAIN.index(1), MAIN.index(1), MAIN.index(2)]
    assert best_animals(entries) == ([1, 1, 2], [])
    assert best_total(entries) == 1 + 0


def test_the_run_state_scores_a_face_up_pile_and_one_more_card_as_best_total_does() -> None:
    """The planner's shortcut (the pile's runs so far, then one more card) agrees with scoring the whole pile.

    Piles of up to 25 face-up cards, long runs included (longer than the points table); a pile with a wild
    card has no run state, so the planner scores it whole.
    """
    rng = random.Random(31)
    cards = range(len(MAIN))
    for _ in range(3000):
        entries = [rng.choice(cards) for _ in range(rng.randrange(0, 26))]
        if entries and rng.random() < 0.5:  # long runs of one animal
            entries += [c for c in cards if MAIN[c] == MAIN[entries[-1]]][:rng.randrange(1, 9)]
        runs = face_up_runs(tuple(entries))
        assert runs is not None
        assert total_of(runs) == best_total(entries), entries
        card = rng.choice(cards)
        assert total_with(runs, card) == best_total(entries + [card]), (entries, card)
    assert face_up_runs((1, WILD + 2, 3)) is None


def test_wild_cards_not_decided_yet_make_no_run() -> None:
    """A pile entry not named yet (-1) belongs to no animal's run."""
    from rules.arctic.scoring import longest_runs

    assert longest_runs([-1, -1, -1, 0]) == [1, 0, 0, 0, 0, 0]
    assert longest_runs([2, -1, 2, 2]) == [0, 0, 2, 0, 0, 0]


def test_naming_few_wild_cards_by_trial_agrees_with_the_dynamic_programme() -> None:
    """Piles of few namings skip the programme (`_by_trial`); on 5,000 such piles both give the same names and total.

    Coverage counts the lines of the first 500; the others run with its tracer paused.
    """
    from rules.arctic.scoring import TRIAL_LIMIT, _by_trial, _candidates, _Optimum, _step

    def check(seq: list[int]) -> int:
        """Compare the trial and the programme on one pile: its number of combinations (0: not a trial's pile)."""
        wild = [i for i, a in enumerate(seq) if a < 0]
        domains = [_candidates(seq, i) for i in wild]
        combos = math.prod(len(d) for d in domains)
        if not wild or combos > TRIAL_LIMIT:
            return 0
        opt = _Optimum(list(seq), dict(zip(wild, domains, strict=True)))
        target = opt.best(0, 0)
        state, pos, chosen = 0, 0, []  # the programme's own choice, as best_animals made it before the trial
        for i in wild:
            while pos < i:
                state = _step(state, seq[pos] if seq[pos] >= 0 else chosen[wild.index(pos)])
                pos += 1
            chosen.append(next(a for a in domains[len(chosen)] if opt.best(i + 1, _step(state, a)) == target))
        assert _by_trial(seq, wild, domains) == (tuple(chosen), target), seq
        assert best_animals([a * 5 if a >= 0 else WILD for a in seq])[1] == chosen
        return combos

    rng = random.Random(31)
    combos: list[int] = []
    while len(combos) < 500:
        if n := check(_random_pile(rng)):
            combos.append(n)
    with unmeasured():
        while len(combos) < 5_000:
            if n := check(_random_pile(rng)):
                combos.append(n)
    most = max(combos)
    assert most == TRIAL_LIMIT == 36  # two wild cards side by side, every animal for each


def test_a_pile_scored_from_the_pile_below_totals_as_the_programme_does() -> None:
    """`animals_total` (the planner's: the run states after the pile below, remembered) equals `best_total`.

    3,000 random piles of up to 24 cards and 9 face-down ones, blocks of them side by side included, each
    then grown card by card from the top as the planner's placements grow it (a face-up card, or a face-down
    one under the top card), so that remembered piles below are reused.
    """
    from rules.arctic.scoring import animals_total

    one = [MAIN.index(a) for a in range(len(ANIMALS))]

    def programme(seq: tuple[int, ...]) -> int:
        return best_total([one[a] if a >= 0 else WILD for a in seq])

    rng = random.Random(32)
    most_wild = 0
    for n in range(3000):
        share = (0.1, 0.3, 0.5, 0.8)[n % 4]
        seq = tuple(-1 if rng.random() < share else rng.randrange(6) for _ in range(rng.randrange(0, 18)))
        if seq.count(-1) > 7:
            continue
        with unmeasured_from(300, n):  # coverage counts the first 300 piles; the rest run its lines again
            for _ in range(3):
                assert animals_total(seq) == programme(seq), seq
                most_wild = max(most_wild, seq.count(-1))
                card = rng.randrange(6)
                seq = seq[:-1] + (-1,) + seq[-1:] if seq and rng.random() < 0.3 else seq + (card,)
    assert most_wild >= 8
