"""The box of cards: which animal each round shows, drawn from the game's seed one card at a time."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.errors import ConfigError
from rules.core.rng import SplitMix64
from rules.fauna.animals import Animal, Deck

_FACES: dict[tuple[int, str], tuple[Deck, tuple[tuple[Animal, Animal], ...]]] = {}


def card_faces(deck: Deck, cards: str) -> tuple[tuple[Animal, Animal], ...]:
    """(green, black) side of each card that has a side the game plays with, by ascending number.

    A card missing one side shows its other side either way. Cached per deck.
    """
    hit = _FACES.get((id(deck), cards))
    if hit is not None and hit[0] is deck:
        return hit[1]
    sides = ("green", "black") if cards == "mixed" else (cards,)
    faces = []
    for number in sorted(deck.cards):
        card = deck.cards[number]
        if any(s in card for s in sides):
            other = next(iter(card.values()))
            faces.append((card.get("green") or other, card.get("black") or other))
    if len(_FACES) > 64:
        _FACES.clear()
    _FACES[(id(deck), cards)] = (deck, tuple(faces))
    return tuple(faces)


class Box:
    """The cards in the order they come up, drawn only when a round needs the next one.

    Draws (part of the replay format), from the game's generator after the starting seat's draw: as each
    card is needed, `below(cards left)` picks one of the cards not shown yet, which are kept in ascending
    number order except that a picked card's place is taken by the last one; with mixed cards one more
    draw, `below(2)`, picks its side (0 green, 1 black). Once every card has been shown they come round
    again in the same order. The order is a function of the seed alone, so copies of a game share a box.
    """

    def __init__(self, faces: Sequence[tuple[Animal, Animal]], rng: SplitMix64, side: int | None) -> None:
        self._left = list(faces)
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
        left, rng = self._left, self._rng
        while len(shown) <= i and left:
            j = rng.below(len(left))
            faces = left[j]
            left[j] = left[-1]
            left.pop()
            # below(2) is next() & 1 exactly: 2 divides 2**64, so below never rejects a draw for it
            shown.append(faces[rng.next() & 1 if self._side is None else self._side])
        return shown[i % len(shown)]

    def order(self) -> list[Animal]:
        """Every card in the order it comes up (drawing the rest now changes nothing: the order is fixed)."""
        for _ in range(len(self._left)):
            self.card(len(self.shown))
        return list(self.shown)


def deal(cards: str, players: int, seed: int, deck: Deck) -> tuple[int, Box]:
    """The starting seat drawn from the seed (one `below(players)` even when the config names one) and the box."""
    rng = SplitMix64(seed)
    drawn_start = rng.below(players)
    faces = card_faces(deck, cards)
    if not faces:
        raise ConfigError(f"the deck has no {cards} cards", "game.cards")
    return drawn_start, Box(faces, rng, None if cards == "mixed" else 0 if cards == "green" else 1)
