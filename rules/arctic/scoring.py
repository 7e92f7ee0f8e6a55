"""Scoring a personal pile: the longest run per animal, diversity, and the best animals for wild cards."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from rules.arctic.cards import ANIMALS, LANDSCAPE, MAIN, RUN_POINTS, WILD

CAP = len(RUN_POINTS) - 1  # a run (or a diversity count) this long scores as much as any longer one
_BITS = CAP.bit_length()  # bits per animal in a packed vector of longest runs
_MASK = (1 << _BITS) - 1
TRIAL_LIMIT = 36  # wild cards with at most this many namings in all (two side by side) are named by trying each
_RUN_SHIFT = 6 * _BITS  # above the packed longest runs: the current run's length, then its animal


def longest_runs(animals: list[int]) -> list[int]:
    """Longest run of consecutive cards per animal (index = animal); a wild card not decided yet (-1) is in no run.

    A plain loop rather than itertools.groupby: every playout of a search scores each pile at its end.
    """
    best = [0] * 6
    prev, run = -1, 0
    for a in animals:
        if a == prev:
            run += 1
            continue
        if prev >= 0 and run > best[prev]:  # (an index of -1 would count undecided wild cards as a run)
            best[prev] = run
        prev, run = a, 1
    if prev >= 0 and run > best[prev]:
        best[prev] = run
    return best


def runs_total(runs: list[int]) -> int:
    """Points from runs plus diversity."""
    total = kinds = 0
    for r in runs:
        total += RUN_POINTS[r if r < CAP else CAP]
        if r >= 2:
            kinds += 1
    return total + RUN_POINTS[kinds if kinds < CAP else CAP]


def _candidates(seq: list[int], i: int) -> tuple[int, ...]:
    """The animals worth trying for the wild card at position i.

    A wild card next to another wild card may start a run of its own: every animal. A lone wild card
    can only help by joining a neighbour's run (a run of one scores nothing), and naming a neighbour's
    animal never shortens any run, so its face-up neighbours suffice; trying only them also keeps the
    choice among equal scores on a neighbour, as players expect.
    """
    if (i > 0 and seq[i - 1] < 0) or (i + 1 < len(seq) and seq[i + 1] < 0):
        return tuple(range(6))
    out = {seq[j] for j in (i - 1, i + 1) if 0 <= j < len(seq)}
    return tuple(sorted(out)) or tuple(range(6))


@lru_cache(maxsize=1 << 18)
def _packed_total(packed: int) -> int:
    """`runs_total` of a packed vector of longest runs (each capped at CAP)."""
    return runs_total([(packed >> (_BITS * a)) & _MASK for a in range(6)])


def _step(state: int, a: int) -> int:
    """The state after one more card of animal a: the current run grows or restarts, its animal's best keeps up."""
    length = (state >> _RUN_SHIFT) & _MASK
    length = min(length + 1, CAP) if state >> (_RUN_SHIFT + _BITS) == a + 1 else 1
    shift = _BITS * a
    best = max((state >> shift) & _MASK, length)
    runs = (state & ~(_MASK << shift)) | (best << shift)
    return (runs & ((1 << _RUN_SHIFT) - 1)) | (length << _RUN_SHIFT) | ((a + 1) << (_RUN_SHIFT + _BITS))


@lru_cache(maxsize=1 << 16)
def face_up_runs(entries: tuple[int, ...]) -> int | None:
    """The packed run state after a pile with no wild card (None if it has one), for `total_with`."""
    state = 0
    for e in entries:
        if e >= WILD:
            return None
        state = _step(state, MAIN[e])
    return state


def total_of(runs: int) -> int:
    """`best_total` of a pile without wild cards from its `face_up_runs`."""
    return _packed_total(runs & ((1 << _RUN_SHIFT) - 1))


def total_with(runs: int, card: int) -> int:
    """`best_total` of a pile without wild cards (its `face_up_runs`) with one more face-up card on top."""
    return _packed_total(_step(runs, MAIN[card]) & ((1 << _RUN_SHIFT) - 1))


@lru_cache(maxsize=1 << 16)
def _fills(count: int, below: int, above: int, runs: tuple[int, ...], free: int) -> tuple[tuple[int, ...], ...]:
    """Every way worth trying to name `count` wild cards side by side between animals `below` and `above` (-1: none).

    Some best choice always has this shape: the run below grows by x cards, the run above by y, and
    between them some other animals get one run each, of 2 to CAP cards and longer than their longest
    run so far (`runs`). A run of one scores nothing, so its card may as well join a neighbour; a second
    run of the same animal, or a run of the animal below or above, is worth no more than the same cards
    joined to that animal's other run; and a run that raises no longest run, or cards beyond CAP, score
    no more than added to the run below or above, since a longer run never lowers a score. With no run
    below or above, the runs of their own take every card (the first the cards beyond CAP). Animals in
    `free` (bits) have no face-up card ahead, so two of them with equal longest runs are alike: only
    one order of their run lengths is tried.
    """
    inner = [a for a in range(6) if a not in (below, above)]
    absorb = below >= 0 or above >= 0
    twin = [-1] * len(inner)  # the previous alike animal in `inner`, whose run is at least as long
    for k, a in enumerate(inner):
        if free >> a & 1:
            twin[k] = next((j for j in range(k - 1, -1, -1) if free >> inner[j] & 1 and runs[inner[j]] == runs[a]), -1)
    out: list[tuple[int, ...]] = []
    lengths = [0] * len(inner)

    def choose(k: int, left: int, cards: tuple[int, ...]) -> None:
        if k == len(inner):
            if absorb:
                if below < 0 or above < 0:  # one run to take them all
                    splits: Iterable[int] = [left if below >= 0 else 0]
                else:  # between two runs: every split, unless both are the same animal with nothing between
                    splits = range(left + 1) if below != above or cards else [left]
                for x in splits:
                    out.append((below,) * x + cards + (above,) * (left - x))
            elif cards:
                out.append(cards[:1] * left + cards)
            return
        lengths[k] = 0
        choose(k + 1, left, cards)
        low = max(2, runs[inner[k]] + 1) if absorb else 2
        high = min(left, CAP, lengths[twin[k]] if twin[k] >= 0 else CAP)
        for length in range(low, high + 1):
            lengths[k] = length
            choose(k + 1, left - length, cards + (inner[k],) * length)

    choose(0, count, ())
    if not out:  # a single wild card alone in the pile: it scores nothing whatever it is
        out.append((0,) * count)
    return tuple(out)


class _Optimum:
    """The best total a pile can reach from each position and state, by a dynamic programme over the pile.

    A state packs what the rest of the pile can still change: the longest run so far per animal and the
    current run (animal and length), lengths capped where points stop growing. Each block of wild
    cards side by side is named at once, in every shape `_fills` keeps (far fewer than 6 ** cards),
    and each (position, state) is solved once, so the answer is exact for any number of wild cards.
    """

    def __init__(self, seq: list[int], options: dict[int, tuple[int, ...]]) -> None:
        self.seq = seq
        self.options = options
        self.memo: dict[tuple[int, int], int] = {}
        n = len(seq)
        self.ahead = [0] * (n + 1)  # animals face up at or after each position
        self.block_end = [n] * (n + 1)  # the first face-up card at or after each position (n: none)
        for i in range(n - 1, -1, -1):
            self.ahead[i] = self.ahead[i + 1] | (1 << seq[i] if seq[i] >= 0 else 0)
            self.block_end[i] = i if seq[i] >= 0 else self.block_end[i + 1]

    def _key(self, pos: int, state: int) -> int:
        """The state with interchangeable animals' longest runs sorted, so that equivalent states share a memo entry.

        Animals with no face-up card ahead and no current run can only gain a run from wild cards, which
        may name any of them alike, and their points do not depend on which animal is which.
        """
        keep = self.ahead[pos] | (1 << (state >> (_RUN_SHIFT + _BITS)) >> 1)
        free = [a for a in range(6) if not keep >> a & 1]
        if len(free) < 2:
            return state
        values = sorted((state >> (_BITS * a)) & _MASK for a in free)
        for a, v in zip(free, values, strict=True):
            state = (state & ~(_MASK << (_BITS * a))) | (v << (_BITS * a))
        return state

    def best(self, pos: int, state: int) -> int:
        """The highest total reachable from `state` before position `pos`."""
        seq = self.seq
        while pos < len(seq) and seq[pos] >= 0:  # face-up cards: nothing to choose
            state = _step(state, seq[pos])
            pos += 1
        if pos == len(seq):
            return _packed_total(state & ((1 << _RUN_SHIFT) - 1))
        key = (pos, self._key(pos, state))
        got = self.memo.get(key)
        if got is None:
            end = self.block_end[pos]
            above = seq[end] if end < len(seq) else -1
            got = -1
            runs = tuple((state >> (_BITS * a)) & _MASK for a in range(6))
            for cards in _fills(end - pos, (state >> (_RUN_SHIFT + _BITS)) - 1, above, runs, ~self.ahead[end] & 63):
                after = state
                for a in cards:
                    after = _step(after, a)
                got = max(got, self.best(end, after))
            self.memo[key] = got
        return got


_FIELDS = _RUN_SHIFT // _BITS + 1  # the longest run per animal, then the current run's length
_LANE = _BITS + 1  # a field spread with a guard bit above it
_GUARDS = sum(1 << (_LANE * k + _BITS) for k in range(_FIELDS))


def _spread(state: int) -> int:
    """A run state's lengths one lane each with a guard bit, so that one subtraction compares them all."""
    out = 0
    for k in range(_FIELDS):
        out |= ((state >> (_BITS * k)) & _MASK) << (_LANE * k)
    return out


def _undominated(states: set[int]) -> tuple[int, ...]:
    """The states no other covers: one with the same current animal and no run shorter scores at least as much
    after any more cards (a longer run never lowers a score), so the others can be dropped."""
    kept: list[int] = []
    groups: dict[int, list[int]] = {}
    for state in sorted(states, reverse=True):  # a state that covers another is not smaller
        spread = _spread(state)
        group = groups.setdefault(state >> (_RUN_SHIFT + _BITS), [])
        for other in group:
            if ((other | _GUARDS) - spread) & _GUARDS == _GUARDS:
                break
        else:
            group.append(spread)
            kept.append(state)
    return tuple(kept)


def _block_states(state: int, count: int, above: int, free: int) -> list[int]:
    """The run states after `count` wild cards side by side on `state`, one per naming `_fills` keeps."""
    runs = tuple((state >> (_BITS * a)) & _MASK for a in range(6))
    out = []
    for cards in _fills(count, (state >> (_RUN_SHIFT + _BITS)) - 1, above, runs, free):
        after = state
        for a in cards:
            after = _step(after, a)
        out.append(after)
    return out


@lru_cache(maxsize=1 << 15)
def _frontier(animals: tuple[int, ...]) -> tuple[int, ...]:
    """The run states worth keeping after a pile that ends with a face-up card (-1: a wild card), bottom first.

    The pile below is solved once and remembered, so a card placed on top costs a step of each state kept
    instead of the whole programme again (the planner's playouts rate every placement on piles that grow
    from the top). Every naming `_Optimum` would try is kept (with no animal taken as free, since more cards
    may come), less the states another covers (`_undominated`): the best total is exactly the programme's.
    """
    if not animals:
        return (0,)
    top = animals[-1]
    i = len(animals) - 2
    while i >= 0 and animals[i] < 0:
        i -= 1
    below = _frontier(animals[:i + 1])
    count = len(animals) - 2 - i
    states: set[int] = set()
    for state in below:
        if count == 0:
            states.add(_step(state, top))
        else:
            states.update(_step(after, top) for after in _block_states(state, count, top, 0))
    return _undominated(states)


def animals_total(animals: tuple[int, ...]) -> int:
    """`best_total` of a pile given by its animals (-1: a face-down card), from the pile below remembered.

    Only the pile below the top card (and the face-down cards under it) is remembered: the planner rates
    many placements on the same pile, each a new top that is scored once.
    """
    top, below, count = _split(animals)
    low = (1 << _RUN_SHIFT) - 1
    states = _frontier(below)
    if top < 0:
        return max(_packed_total(s & low) for state in states for s in _block_states(state, count, -1, 63))
    free = ~(1 << top) & 63
    if count == 0:
        return max(_packed_total(_step(state, top) & low) for state in states)
    return max(_packed_total(_step(s, top) & low) for state in states for s in _block_states(state, count, top, free))


def _split(animals: tuple[int, ...]) -> tuple[int, tuple[int, ...], int]:
    """(the top face-up card's animal, or -1 if none is above the last face-down ones; the pile below the
    face-down cards under it, ending face up or empty; the number of those face-down cards)."""
    i = len(animals) - 1
    top = -1
    if i >= 0 and animals[i] >= 0:
        top = animals[i]
        i -= 1
    j = i
    while j >= 0 and animals[j] < 0:
        j -= 1
    return top, animals[:j + 1], i - j


@lru_cache(maxsize=1 << 14)
def placement_work(animals: tuple[int, ...]) -> int:
    """The run states stepped to rate placements on this pile (-1: a face-down card), 0 if every card is face up
    (the planner then scores from the runs): `animals_total` steps the remembered states of the pile below,
    which were kept from a set about as large by comparing pairs (16 comparisons counted as one state). A
    function of the pile alone, not of what is remembered, so a search may count it and decide the same in a
    replay."""
    if -1 not in animals:
        return 0
    top, below, count = _split(animals + (0,))
    states = len(_frontier(below))
    return states * (count + 1) + states * states // 16


def _by_trial(seq: list[int], wild: list[int], domains: list[tuple[int, ...]]) -> tuple[tuple[int, ...], int]:
    """(animal per wild card, total) of the best naming among `domains`, trying each; ties to the first in order.

    Most piles with wild cards have one or a few, each alone between face-up cards, with at most two
    candidates each (`_candidates`): trying them all gives what the dynamic programme would (the first
    best naming in candidate order, as it picks) at a fraction of its cost. `seq` is left as it was.
    """
    pick: tuple[int, ...] = ()
    most = -1
    for choice in itertools.product(*domains):
        for i, a in zip(wild, choice, strict=True):
            seq[i] = a
        total = runs_total(longest_runs(seq))
        if total > most:
            pick, most = choice, total
    for i in wild:
        seq[i] = -1
    return pick, most


def _trials(domains: list[tuple[int, ...]]) -> int:
    """How many namings trying every candidate of every wild card takes."""
    count = 1
    for d in domains:
        count *= len(d)
    return count


def best_animals(entries: list[int]) -> tuple[list[int], list[int]]:
    """The pile's main animals with each wild card given the animal that scores most (ties: earlier animal).

    Returns (animal per entry, chosen animal per wild card in pile order). The total is the exact
    optimum over every choice (see `_Optimum`); among equal totals the choice is the first in pile
    order with the earlier animal, each lone wild card choosing among its neighbours (`_candidates`).
    """
    seq = [MAIN[e] if e < WILD else -1 for e in entries]
    if -1 not in seq:
        return seq, []
    animals, chosen, _ = _named(tuple(seq))
    return list(animals), list(chosen)


def naming_work(animals: tuple[int, ...]) -> int:
    """The work of naming a pile's face-down cards (-1) at the end: namings tried, or the programme's
    (position, state) entries; 0 if every card is face up. A function of the pile alone, like `placement_work`."""
    return _named(animals)[2] if -1 in animals else 0


@lru_cache(maxsize=1 << 14)
def _named(animals: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """`best_animals` of a pile given by its animals (-1: a face-down card), remembered: which card lies face
    down does not change its naming, and every playout of the expert scores its piles at the end. The last
    item is the work it took (`naming_work`)."""
    seq = list(animals)
    wild = [i for i, a in enumerate(seq) if a < 0]
    domains = [_candidates(seq, i) for i in wild]
    trials = _trials(domains)
    if trials <= TRIAL_LIMIT:
        choice = _by_trial(seq, wild, domains)[0]
        for i, a in zip(wild, choice, strict=True):
            seq[i] = a
        return tuple(seq), choice, trials
    opt = _Optimum(seq, dict(zip(wild, domains, strict=True)))
    target = opt.best(0, 0)
    state, pos, chosen = 0, 0, []
    for i in wild:
        while pos < i:
            state = _step(state, seq[pos])
            pos += 1
        pick = next(a for a in opt.options[i] if opt.best(i + 1, _step(state, a)) == target)
        seq[i] = pick
        chosen.append(pick)
    return tuple(seq), tuple(chosen), len(opt.memo)


def best_total(entries: list[int]) -> int:
    """Points of a pile from its runs and diversity, wild cards at their best (the total only)."""
    seq = [MAIN[e] if e < WILD else -1 for e in entries]
    if -1 not in seq:
        return runs_total(longest_runs(seq))
    wild = [i for i, a in enumerate(seq) if a < 0]
    domains = [_candidates(seq, i) for i in wild]
    if _trials(domains) <= TRIAL_LIMIT:
        return _by_trial(seq, wild, domains)[1]
    return _Optimum(seq, dict(zip(wild, domains, strict=True))).best(0, 0)


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
    points = tuple([RUN_POINTS[r if r < CAP else CAP] for r in runs])  # run_points, without a call per animal
    kinds = 6 - runs.count(0) - runs.count(1)
    diversity = RUN_POINTS[kinds if kinds < CAP else CAP]
    return Score(tuple(runs), points, diversity, totem, LANDSCAPE[tokens[totem]], penalties, tuple(wild))
