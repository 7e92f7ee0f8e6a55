"""Scoring a personal pile: the longest run per animal, diversity, and the best animals for wild cards."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from rules.arctic.cards import ANIMALS, LANDSCAPE, MAIN, WILD, run_points

COMBINATION_LIMIT = 4096  # wild-card choices tried in full up to this many combinations


def longest_runs(animals: list[int]) -> list[int]:
    """Longest run of consecutive cards per animal (index = animal); a wild card not decided yet (-1) is in no run."""
    best = [0] * 6
    for a, run in itertools.groupby(animals):
        if a >= 0:  # (an index of -1 would have counted undecided wild cards as a run of the last animal)
            best[a] = max(best[a], len(list(run)))
    return best


def runs_total(runs: list[int]) -> int:
    """Points from runs plus diversity."""
    return sum(run_points(r) for r in runs) + run_points(sum(1 for r in runs if r >= 2))


def _candidates(seq: list[int], i: int, few: bool) -> list[int]:
    """The animals worth trying for the wild card at position i.

    A wild card next to another wild card may start a run of its own: every animal (unless `few`,
    for piles with very many wild cards). A lone wild card can only help by joining a neighbour's
    run, and naming a neighbour's animal never shortens any run, so its face-up neighbours suffice.
    """
    wild_below = i > 0 and seq[i - 1] < 0
    wild_above = len(seq) > i + 1 and seq[i + 1] < 0
    if (wild_below or wild_above) and not few:
        return list(range(6))
    out: list[int] = []
    for step in (-1, 1):
        j = i + step
        while 0 <= j < len(seq) and seq[j] < 0:
            j += step
        if 0 <= j < len(seq) and seq[j] not in out:
            out.append(seq[j])
    return sorted(out) or list(range(6))


def best_animals(entries: list[int]) -> tuple[list[int], list[int]]:
    """The pile's main animals with each wild card given the animal that scores most (ties: earlier animal).

    Returns (animal per entry, chosen animal per wild card in pile order). Every useful combination
    is tried (see `_candidates`); a pile with so many wild cards that this passes 4096 combinations
    tries only neighbours, and beyond that chooses greedily left to right.
    """
    seq = [MAIN[e] if e < WILD else -1 for e in entries]
    wild = [i for i, a in enumerate(seq) if a < 0]
    if not wild:
        return seq, []
    options = [_candidates(seq, i, False) for i in wild]
    combos = 1
    for o in options:
        combos *= len(o)
    if combos > COMBINATION_LIMIT:
        options = [_candidates(seq, i, True) for i in wild]
        combos = 1
        for o in options:
            combos *= len(o)
    if combos <= COMBINATION_LIMIT:
        trial = list(seq)

        def total(choice: Iterable[int]) -> int:
            for i, a in zip(wild, choice, strict=True):
                trial[i] = a
            return runs_total(longest_runs(trial))

        chosen = list(max(itertools.product(*options), key=total))  # the first best: earlier animals on ties
    else:
        trial = list(seq)
        chosen = []
        for i, opts in zip(wild, options, strict=True):
            pick = max(opts, key=lambda a: (runs_total(longest_runs(trial[:i] + [a] + trial[i + 1:])), -a))
            trial[i] = pick
            chosen.append(pick)
    for i, a in zip(wild, chosen, strict=True):
        seq[i] = a
    return seq, chosen


@dataclass(frozen=True)
class Score:
    """One player's score by source; `total` is their sum."""

    runs: tuple[int, ...]  # longest run per animal
    animal_points: tuple[int, ...]
    diversity: int
    totem_animal: int
    totem: int
    penalties: int
    wild: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.animal_points) + self.diversity + self.totem - self.penalties

    def breakdown(self) -> dict[str, int]:
        """Points by source, summing to the total (penalty negative)."""
        out = {ANIMALS[a]: self.animal_points[a] for a in range(6)}
        out["diversity"] = self.diversity
        out["totem"] = self.totem
        out["penalty"] = -self.penalties
        return out


def score_player(pile: list[int], penalties: int, totem: int, tokens: list[int]) -> Score:
    """The full score of one player from their pile, penalty count, totem animal and the tokens."""
    animals, wild = best_animals(pile)
    runs = longest_runs(animals)
    points = tuple(run_points(r) for r in runs)
    diversity = run_points(sum(1 for r in runs if r >= 2))
    return Score(tuple(runs), points, diversity, totem, LANDSCAPE[tokens[totem]], penalties, tuple(wild))
