"""Arctic scoring of piles with many wild cards: every choice is tried up to 4096 combinations, then less.

The simple wild-card rules (join a neighbouring run, ties to the earlier animal, a run of their own) are
rule cases in tests/cases/arctic/scoring.toml; these piles are too long to read well as cases.
"""

from __future__ import annotations

from rules.arctic.cards import ANIMALS, WILD
from rules.arctic.scoring import score_player


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


def test_exactly_4096_combinations_are_all_tried() -> None:
    words = TRAP + ORCA_PUFFIN  # 12 wild cards with two choices (the second wild card has one): 2**12
    total, wild = scored(words)
    assert wild[:2] == ["moose", "moose"]
    assert total == 28


def test_a_pile_of_many_choices_still_scores_its_best_when_grouped_wild_cards_join_neighbours() -> None:
    # 2 * 6 * 6 * 6 * 6 = 2592 combinations: all tried, so the four wild cards make a fox run of their own
    total, wild = scored(["orca"] * 6 + ["?"] * 4 + ["orca", "?", "puffin"])
    assert (total, wild) == (25, ["fox", "fox", "fox", "fox", "puffin"])


def test_over_4096_combinations_wild_cards_side_by_side_only_join_their_neighbours() -> None:
    # five wild cards side by side: 6**5 = 7776 combinations, so each tries only the animals around the group
    total, wild = scored(["orca"] * 6 + ["?"] * 5 + ["orca"])
    assert (total, wild) == (15, ["orca"] * 5)  # a fox run of five would have scored 10 more
    assert scored(["puffin"] + ["?"] * 5 + ["orca"] * 6) == (31, ["puffin"] * 5)  # each sees both ends
    assert scored(["?"] * 5 + ["puffin"] * 6) == (15, ["puffin"] * 5)  # at the bottom: only the card above


def test_neighbours_only_are_all_tried_up_to_4096_combinations() -> None:
    # two wild cards side by side make 36 * 4096 combinations; between orcas they join the orca run, 4096 left
    total, wild = scored(TRAP + ORCA_PUFFIN + ["orca", "?", "?", "orca"])
    assert wild[:2] == ["moose", "moose"] and wild[-2:] == ["orca", "orca"]
    assert total == 31


def test_beyond_4096_combinations_wild_cards_are_chosen_one_by_one_from_the_bottom() -> None:
    # one more orca-puffin wild card: 2**13 combinations; each wild card takes what scores most at its turn
    total, wild = scored(TRAP + ORCA_PUFFIN + ["?", "orca"])
    assert wild[:2] == ["walrus", "moose"]  # the walrus run of three now, not the moose run of six later
    assert wild[2:4] == ["orca", "puffin"]
    assert total == 23
    # a moose, a wild card and three walrus: joining the walrus run (four) scores more than a moose pair
    total, wild = scored(["moose", "?", "walrus", "walrus", "walrus"] + ORCA_PUFFIN + ["?", "orca", "?", "puffin"])
    assert wild[0] == "walrus"


def test_wild_cards_not_decided_yet_make_no_run():
    """While the greedy choice walks a pile of many wild cards, the undecided ones (-1) belong to no animal."""
    from rules.arctic.scoring import longest_runs

    assert longest_runs([-1, -1, -1, 0]) == [1, 0, 0, 0, 0, 0]
    assert longest_runs([2, -1, 2, 2]) == [0, 0, 2, 0, 0, 0]
