"""Fauna's `expert`: a fair player that reads the card front like a naturalist reads a field guide.

It sees what the statistician sees (the card front, the board, the pieces) and learns from the rest of
the deck as a whole, never from the card in play: which name words go with which areas (the names and
booklet texts of the *other* animals: "Mekong", "Tasmanian", "Amazon", "sea", "river" ...), where
animals of the card's class and number of areas live, that a range is usually one patch of neighbouring
areas, and where similar animals fall on the scales. Words are compared by their first letters, so
'African', 'africana' and 'Africa' are one cue, and each cue counts as much as it proved reliable for
the other animals. Like the statistician it uses only the four basic float operations,
which IEEE-754 rounds the same way on every machine, and needs no random draws: a position always gets
the same move.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.names import normalize
from rules.fauna.bots import Estimate, StatisticianBot, scale_estimates
from rules.fauna.front import CardFront
from rules.fauna.setup import Setup

STEM = 6            # words are compared by their first STEM letters ('tasmanian' ~ 'tasmania')
MIN_WORD = 4        # shorter words carry no information
CLASS_OTHER = 0.05  # weight of an animal of another class in the class prior, against 1
BOOKLET = 0.7       # a word in another animal's booklet counts this much as one in its name
AREA_NAME = 3.0     # an area whose name or alias is the word, as that many animals living there
PRIOR = 10.0        # pseudo-animals of the class prior behind every word's area figures
LIFT_MAX = 30.0     # the most one word can multiply an area's odds
TOTAL_MAX = 200.0   # the most all words together can multiply them
COMMON = 40         # a word used by more animals than this (names and booklets) says nothing
SPREAD = 0.35       # share of an area's neighbours' likelihood it takes on: ranges are patches
CAP = 0.95          # no area is ever certain
SIZE_CLASS_OTHER = 0.1  # on the scales, an animal of another class counts this much against 1
SAME_MEASURES = 5.0     # ... one asked the same measures (a body plan), this many times more
SIZE_WORD = 50.0        # ... and this much more per name word it shares
SIZE_BOOKLET = 0.0      # ... or per word of the name in its booklet
LOSS = 0.6          # points a piece lost to the stock is worth, weighed against the expected gain


def stems(*texts: str) -> frozenset[str]:
    """The words of the texts cut to STEM letters, e.g. 'Tasmanian devil' -> {'tasman', 'devil'}."""
    out = set()
    for text in texts:
        for raw in text.replace("-", " ").replace("/", " ").replace("'", " ").split():
            w = normalize(raw)
            w = "".join(c for c in w if c.isalpha())
            if len(w) >= MIN_WORD:
                out.add(w[:STEM])
    return frozenset(out)


@dataclass(frozen=True)
class Other:
    """What the deck says about an animal the expert learns from (never the one in play)."""

    name: str
    scientific: str
    cls: str
    n_areas: int
    areas: tuple[int, ...]
    name_words: frozenset[str]
    booklet_words: frozenset[str]
    spaces: dict[str, int | None]


@dataclass
class Library:
    """The deck and board digested once per setup: animals, area name words and neighbours."""

    animals: list[Other]
    area_words: dict[str, tuple[int, ...]]
    neighbors: list[tuple[int, ...]]
    n_board: int


def _library(setup: Setup) -> Library:
    board, scales, units = setup.board, setup.scales, setup.units
    index = {n: i for i, n in enumerate(board.names)}
    animals = []
    for a in setup.deck.animals:
        spaces = {m: None if v is None else scales.for_measure(m).space_of(v, units) for m, v in a.measures.items()}
        animals.append(Other(a.name, a.scientific, a.cls, a.n_areas, tuple(sorted(index[x] for x in a.areas
                                                                                   if x in index)),
                             stems(a.name, a.scientific), stems(a.booklet), spaces))
    area_words: dict[str, set[int]] = {}
    for area in board.areas:
        for label in (area.name, *area.aliases):
            for w in stems(label):
                area_words.setdefault(w, set()).add(index[area.name])
    neighbors = [tuple(index[b] for b in board.neighbors(n)) for n in board.names]
    return Library(animals, {w: tuple(sorted(a)) for w, a in sorted(area_words.items())}, neighbors,
                   len(board.names))


def library(setup: Setup) -> Library:
    """The setup's Library, worked out once per setup."""
    lib = setup.memo.get("expert.library")
    if lib is None:
        lib = setup.memo["expert.library"] = _library(setup)
    assert isinstance(lib, Library)
    return lib


def area_likelihood(front: CardFront, lib: Library, others: list[Other]) -> list[float]:
    """Chance per area that it is one of the animal's homes, summing to the number of areas on the card."""
    n, nb = front.n_areas, lib.n_board
    prior = [0.0] * nb
    total = 0.0
    for k in others:  # where animals of its class and range size live
        m = k.n_areas
        gap = n - m if n > m else m - n
        weight = (1.0 if k.cls == front.cls else CLASS_OTHER) / (1.0 + gap / (1.0 + 0.25 * (n if n < m else m)))
        for i in k.areas:
            prior[i] += weight
        total += weight * m
    base = [(x + 0.01 * total / nb) / (total * 1.01) if total > 0 else 1.0 / nb for x in prior]
    odds = [1.0] * nb
    for w in sorted(stems(front.name, front.scientific)):
        support = [0.0] * nb
        mass = 0.0
        users = 0
        for k in others:
            s = 1.0 if w in k.name_words else BOOKLET if w in k.booklet_words else 0.0
            if s == 0.0:
                continue
            users += 1
            share = s / k.n_areas if k.n_areas > 0 else 0.0
            for i in k.areas:
                support[i] += share
            mass += s
        named = lib.area_words.get(w, ())
        for i in named:
            support[i] += AREA_NAME / len(named)
        mass += AREA_NAME if named else 0.0
        if mass == 0.0 or users > COMMON:
            continue
        for i in range(nb):  # the word's area distribution against the class prior's, per home
            f = (support[i] + PRIOR * base[i]) / (mass + PRIOR)
            lift = f / base[i]
            odds[i] *= lift if lift < LIFT_MAX else LIFT_MAX
    like = [base[i] * (odds[i] if odds[i] < TOTAL_MAX else TOTAL_MAX) for i in range(nb)]
    spread = [like[i] + SPREAD * sum(like[j] for j in lib.neighbors[i]) / max(len(lib.neighbors[i]), 1)
              for i in range(nb)]
    p = spread
    for _ in range(4):  # scale to n homes in all, no area above CAP
        scale = n / sum(p)
        p = [x * scale if x * scale < CAP else CAP for x in p]
    return p


def estimate(front: CardFront, setup: Setup) -> Estimate:
    """What the expert expects of each spot, from the card front and the *other* animals only."""
    lib = library(setup)
    table, scales = setup.table, setup.scales
    others = [k for k in lib.animals if k.name != front.name and k.scientific != front.scientific]
    p = area_likelihood(front, lib, others)
    row = table.row_for(front.n_areas)
    spots = setup.judge.spots(tuple(s for m, s, o in front.measures if o))
    gain: list[float] = []
    miss: list[float] = []
    for i in range(lib.n_board):
        none_near = 1.0
        for j in lib.neighbors[i]:
            none_near *= 1.0 - p[j]
        adj = (1.0 - p[i]) * (1.0 - none_near) if row.adjacent > 0 else 0.0
        gain.append(p[i] * row.correct + adj * row.adjacent)
        miss.append(1.0 - p[i] - adj)

    front_words = stems(front.name, front.scientific)
    asked = sorted((m, o) for m, _, o in front.measures)
    sims = []
    for k in others:
        s = 1.0 if k.cls == front.cls else SIZE_CLASS_OTHER
        if sorted((m, v is not None) for m, v in k.spaces.items()) == asked:
            s *= SAME_MEASURES
        s *= 1.0 + SIZE_WORD * len(front_words & k.name_words) + SIZE_BOOKLET * len(front_words & k.booklet_words)
        sims.append(s)
    scale_estimates(front, scales, table, others, sims, gain, miss)
    return Estimate(spots, tuple(gain), tuple(miss))


class ExpertBot(StatisticianBot):
    """A fair player: the statistician's way of choosing, on the expert's reading of the card front."""

    kind = "expert"

    def __init__(self, loss: float | None = None) -> None:
        super().__init__(LOSS if loss is None else loss)

    @staticmethod
    def estimate(front: CardFront, setup: Setup) -> Estimate:
        """The expected points of each spot for this card front: the expert's reading of the deck."""
        return estimate(front, setup)
