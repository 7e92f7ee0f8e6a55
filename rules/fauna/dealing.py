"""The box of cards: which animal each round shows, drawn from the game's seed one card at a time."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, overload

from rules.core.errors import ConfigError, DataError
from rules.core.limits import excerpt
from rules.core.names import normalize
from rules.core.rng import GOLDEN, MASK, MIX1, MIX2, SplitMix64, draw_below
from rules.fauna.animals import SIDES, Animal, Deck


def card_faces(deck: Deck, cards: str) -> tuple[tuple[Animal, Animal], ...]:
    """(green, black) side of each card that has a side the game plays with, by ascending number.

    A card missing one side shows its other side either way. A game's setup keeps the result (Setup.faces).
    """
    sides = ("green", "black") if cards == "mixed" else (cards,)
    faces = []
    for number in sorted(deck.cards):
        card = deck.cards[number]
        if any(s in card for s in sides):
            other = next(iter(card.values()))
            faces.append((card.get("green") or other, card.get("black") or other))
    return tuple(faces)


class Face(Protocol):
    """A card in the box: its green side at index 0, its black side at 1 (a pair, or a _Face looking them up)."""

    def __getitem__(self, i: int, /) -> Animal: ...


class Box:
    """The cards in the order they come up, drawn only when a round needs the next one.

    Draws (part of the replay format), from the game's generator after the starting seat's draw: as each
    card is needed, `below(cards left)` picks one of the cards not shown yet, which are kept in ascending
    number order except that a picked card's place is taken by the last one; with mixed cards one more
    draw, `below(2)`, picks its side (0 green, 1 black). Once every card has been shown they come round
    again in the same order. The order is a function of the seed alone, so copies of a game share a box.
    """

    def __init__(self, faces: Sequence[Face], rng: SplitMix64, side: int | None) -> None:
        self._faces = faces
        self._left = list(range(len(faces)))  # positions in `faces` of the cards not shown yet
        self._rng = rng
        self._side = side  # 0 green, 1 black, None: drawn per card
        self.shown: list[Animal] = []

    @classmethod
    def fixed(cls, animals: Sequence[Animal]) -> Box:
        """A box whose order is given (rule cases and tests): the animals in turn, then again."""
        if not animals:
            raise ConfigError("a fixed card order needs at least one animal", "order")
        box = cls((), SplitMix64(0), 0)  # nothing left to draw: the generator is never asked
        box.shown = list(animals)
        return box

    def card(self, i: int) -> Animal:
        """The animal of the (i+1)-th round."""
        shown = self.shown
        if i < len(shown):
            return shown[i]
        left, rng, side = self._left, self._rng, self._side
        state = rng.state  # the draws written out (a playout opens a round, so draws a card, every dozen moves)
        while len(shown) <= i and left:
            state, j = draw_below(state, len(left))
            faces = self._faces[left[j]]
            left[j] = left[-1]
            left.pop()
            if side is None:  # below(2) is next() & 1 exactly: 2 divides 2**64, so below never rejects a draw for it
                state = (state + GOLDEN) & MASK
                z = ((state ^ (state >> 30)) * MIX1) & MASK
                z = ((z ^ (z >> 27)) * MIX2) & MASK
                shown.append(faces[(z ^ (z >> 31)) & 1])
            else:
                shown.append(faces[side])
        rng.state = state
        return shown[i % len(shown)]

    def order(self) -> list[Animal]:
        """Every card in the order it comes up (drawing the rest now changes nothing: the order is fixed)."""
        for _ in range(len(self._left)):
            self.card(len(self.shown))
        return list(self.shown)


# -- the box as a log records it (fauna-log 3) ------------------------------------------------------

BoxContents = Mapping[int, frozenset[str]]  # card number -> the sides the card has ("green", "black")
_RANGE = re.compile(r"^([1-9][0-9]{0,5})(?:-([1-9][0-9]{0,5}))?$")
# The most card numbers a box line may name per side (the deck has 180 cards; a later release adding cards stays
# far below): checked on the ranges before any is expanded, so a forged `1-999999` costs nothing.
MAX_BOX_CARDS = 2_000


def box_contents(deck: Deck) -> dict[int, frozenset[str]]:
    """Which cards the box holds and which sides each has: all the seed's deal depends on in a deck."""
    return {n: frozenset(sides) for n, sides in sorted(deck.cards.items())}


def _ranges(numbers: list[int]) -> str:
    out: list[str] = []
    for n in numbers:
        if out and int(out[-1].rsplit("-", 1)[-1]) == n - 1:
            out[-1] = f"{out[-1].split('-')[0]}-{n}"
        else:
            out.append(str(n))
    return ",".join(out) or "none"


def box_text(box: BoxContents) -> str:
    """The box as the log's `box` line gives it: `green 1-180 black 1-180` (card numbers with that side)."""
    return " ".join(f"{side} {_ranges(sorted(n for n, s in box.items() if side in s))}" for side in SIDES)


_PARSED_BOXES: dict[str, dict[int, frozenset[str]]] = {}


def parse_box_text(text: str) -> dict[int, frozenset[str]]:
    """The inverse of box_text; ValueError (with the reason) when the text is not one it writes.

    Remembered per text (every game of one release has the same box line; the result is never changed).
    """
    hit = _PARSED_BOXES.get(text)
    if hit is not None:
        return hit
    box = _parse_box_text(text)
    if len(_PARSED_BOXES) > 64:
        _PARSED_BOXES.clear()
    _PARSED_BOXES[text] = box
    return box


def _parse_box_text(text: str) -> dict[int, frozenset[str]]:
    words = text.split(" ")
    if len(words) != 4 or (words[0], words[2]) != SIDES:
        raise ValueError("expected 'green NUMBERS black NUMBERS'")
    found: dict[int, set[str]] = {}
    for side, spec in ((words[0], words[1]), (words[2], words[3])):
        if spec == "none":
            continue
        ranges: list[range] = []
        for part in spec.split(","):
            m = _RANGE.match(part)
            if not m or (m.group(2) and int(m.group(2)) <= int(m.group(1))):
                raise ValueError(f"{excerpt(part, 20)} is not a card number or a range such as 1-180")
            ranges.append(range(int(m.group(1)), int(m.group(2) or m.group(1)) + 1))
        count = sum(map(len, ranges))
        if count > MAX_BOX_CARDS:
            raise ValueError(f"the box names {count:,} {side} cards; a box holds at most {MAX_BOX_CARDS:,} per side "
                             f"(the installed deck has {len(Deck.default().cards):,} cards)")
        for numbers in ranges:
            for n in numbers:
                found.setdefault(n, set()).add(side)
    if not found:
        raise ValueError("the box holds no card")
    box = {n: frozenset(found[n]) for n in sorted(found)}
    if box_text(box) != text:
        raise ValueError(f"not written as fauna writes it ({box_text(box)!r})")
    return box


class _Face:
    """One card of a dealt box: its animal is looked up only when the card is drawn (index 0 green, 1 black)."""

    __slots__ = ("card", "sides", "resolve")

    def __init__(self, card: int, sides: frozenset[str], resolve: Callable[[int, str], Animal]) -> None:
        self.card, self.sides, self.resolve = card, sides, resolve

    def __getitem__(self, i: int) -> Animal:
        side = SIDES[i]
        return self.resolve(self.card, side if side in self.sides else next(s for s in SIDES if s in self.sides))


class _DealtFaces(Sequence[_Face]):
    """A dealt box's cards in play, each made a face only when the box draws it (most games show a few)."""

    def __init__(self, cards: tuple[tuple[int, frozenset[str]], ...], resolve: Callable[[int, str], Animal]) -> None:
        self.cards, self.resolve = cards, resolve

    def __len__(self) -> int:
        return len(self.cards)

    @overload
    def __getitem__(self, i: int) -> _Face: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[_Face]: ...

    def __getitem__(self, i: int | slice) -> _Face | Sequence[_Face]:
        if isinstance(i, slice):
            return [_Face(n, s, self.resolve) for n, s in self.cards[i]]
        n, s = self.cards[i]
        return _Face(n, s, self.resolve)


_IN_PLAY: dict[tuple[str, str], tuple[tuple[int, frozenset[str]], ...]] = {}  # (box line, cards) -> cards in play


class DealtDeck(Deck):
    """The installed deck as a game sees it: the box it was dealt from, and the facts it recorded per card.

    A game read from a log plays on this deck (format 2 too: its box and facts are then the installed ones).
    A game keeps drawing from the box it started with (a card added to the installed deck is not in it),
    and a card it has recorded (fauna-log 3 records each card as it comes into play) shows the recorded
    facts; a card not recorded yet takes the installed facts when it is drawn. Lookups by name see the
    recorded animals first, then the installed deck.
    """

    def __init__(self, base: Deck, box: BoxContents, recorded: Mapping[tuple[int, str], Animal] | None = None,
                 log_version: int = 3, box_line: str | None = None) -> None:
        # the installed deck's lookups are shared, not rebuilt (Deck.__post_init__ is most of a replay's start)
        self.animals, self.files, self.cards = base.animals, base.files, base.cards
        self._by_key, self._names = base._by_key, base._names
        self.base = base
        self.box = box
        self.log_version = log_version  # the log format the game is recorded in, kept when it is continued
        self.box_line = box_line  # the box as the log's line gave it (box_text(box)), when read from one
        self.recorded = dict(recorded or {})
        self._recorded_names = {normalize(label): a for a in self.recorded.values() for label in (a.name, a.scientific)}

    def resolve(self, card: int, side: str) -> Animal:
        """The animal on `side` of `card`: as recorded by the game, else as installed."""
        hit = self.recorded.get((card, side))
        if hit is not None:
            return hit
        found = self.base.cards.get(card, {}).get(side)
        if found is None:
            raise DataError(f"card {card} ({side}) of this game's box is not in the installed deck, and the game has "
                            "not recorded it yet: install a fauna whose deck has it to go on")
        return found

    def faces(self, cards: str) -> _DealtFaces:
        """The cards the game plays with (a side in play), by ascending number, as lazy faces."""
        sides = ("green", "black") if cards == "mixed" else (cards,)
        line = self.box_line
        hit = _IN_PLAY.get((line, cards)) if line is not None else None
        if hit is None:
            hit = tuple((n, s) for n, s in sorted(self.box.items()) if any(x in s for x in sides))
            if line is not None:  # every game of a release has the same box line: its cards in play are kept
                if len(_IN_PLAY) > 64:
                    _IN_PLAY.clear()
                _IN_PLAY[(line, cards)] = hit
        return _DealtFaces(hit, self.resolve)

    def animal(self, name: str) -> Animal:
        return self._recorded_names.get(normalize(name)) or super().animal(name)


def deal(cards: str, players: int, seed: int, faces: Sequence[Face]) -> tuple[int, Box]:
    """The starting seat drawn from the seed (one `below(players)` even when the config names one) and the box.

    `faces` are the cards the game plays with (Setup.faces: the deck's, or a logged game's recorded box).
    """
    rng = SplitMix64(seed)
    drawn_start = rng.below(players)
    if not faces:
        raise ConfigError(f"the deck has no {cards} cards", "game.cards")
    return drawn_start, Box(faces, rng, None if cards == "mixed" else 0 if cards == "green" else 1)
