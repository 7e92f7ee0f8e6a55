"""The move language: one decision per move, as a tuple that prints to text and parses back to itself.

    play NAME COLOUR HOLE SPACE   an Action, or an extra play by Scurry or Hatch   play Primu yellow A n
    take HOLE SPACE               Predator: the Organism next to the played one   take A ne
    discard NAME COLOUR           Predator, Scavenger, or down to 4 after a turn  discard Yikyik blue
    done                          Scavenger: stop discarding, then draw
    draw COLOUR                   Swarming: the top card of the blue or yellow deck
    ambush HOLE SPACE             Primu
    tunnel HOLE SPACE HOLE SPACE  Vortle: exchange the two Organisms
    gorge                         Skraa
    lure HOLE SPACE HOLE SPACE    Glimmo: from the other hole next to Glimmo; `lure B e hand` to your hand
    brood HOLE SPACE              Nubnub: play your deck's top card there
    drift HOLE SPACE HOLE SPACE   Tessik
    pass                          decline an Adaptation
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.errors import MoveSyntaxError, UnknownName
from rules.core.limits import check_move_length
from rules.core.names import normalize, suggest
from rules.exofauna.data import Design

VERBS = ("play", "take", "discard", "done", "draw", "ambush", "tunnel", "gorge", "lure", "brood", "drift", "pass")
HAND = -2  # space2 of a Lure to the player's hand
UNUSED = -1  # an operand the verb does not have


class Move(NamedTuple):
    """A decision: `verb` and its operands (UNUSED when unused); for `draw`, `hole` holds the deck's colour."""

    verb: str
    card: int = UNUSED
    hole: int = UNUSED
    space: int = UNUSED
    hole2: int = UNUSED
    space2: int = UNUSED


class UnknownOrganism(UnknownName):
    """No Organism has this name."""

    what = "Organism"


class Names:
    """Names and their text forms for one design: cards, colours, holes, spaces."""

    def __init__(self, d: Design) -> None:
        """Index the design's names once for parsing and printing."""
        self.d = d
        self.org_keys = {normalize(o.name): o.name for o in d.organisms}
        self.org_index = {normalize(o.name): o.index for o in d.organisms}
        self.colour_index = {c: i for i, c in enumerate(d.colours)}
        self.hole_index = {h.lower(): i for i, h in enumerate(d.holes)}
        self.space_index = {s: i for i, s in enumerate(d.spaces)}
        # every `play` move, by card, hole and space, made once and shared (moves are immutable)
        self.plays = [[[Move("play", c, h, s) for s in range(len(d.spaces))] for h in range(len(d.holes))]
                      for c in range(len(d.organisms) * len(d.colours))]

    def card(self, card: int) -> str:
        """'Primu yellow': a card's name and colour."""
        return f"{self.d.organisms[card >> 1].name} {self.d.colours[card & 1]}"

    def where(self, hole: int, space: int) -> str:
        """'A ne': a space of a hole."""
        return f"{self.d.holes[hole]} {self.d.spaces[space]}"

    def text(self, m: Move) -> str:
        """The canonical text of a move."""
        v = m.verb
        if v == "play":
            return f"play {self.card(m.card)} {self.where(m.hole, m.space)}"
        if v == "discard":
            return f"discard {self.card(m.card)}"
        if v == "draw":
            return f"draw {self.d.colours[m.hole]}"
        if v in ("take", "ambush", "brood"):
            return f"{v} {self.where(m.hole, m.space)}"
        if v in ("tunnel", "drift"):
            return f"{v} {self.where(m.hole, m.space)} {self.where(m.hole2, m.space2)}"
        if v == "lure":
            to = "hand" if m.space2 == HAND else self.where(m.hole2, m.space2)
            return f"lure {self.where(m.hole, m.space)} {to}"
        return v

    def organism(self, word: str) -> int:
        """An Organism's index by name, forgiving case; UnknownOrganism with suggestions otherwise."""
        key = normalize(word)
        if key in self.org_index:
            return self.org_index[key]
        raise UnknownOrganism(word, suggest(word, self.org_keys))

    def colour(self, word: str) -> int:
        """'blue' or 'yellow' as 0 or 1."""
        c = self.colour_index.get(word.lower())
        if c is None:
            raise MoveSyntaxError(f"{word!r} is not a colour (say {' or '.join(self.d.colours)})")
        return c

    def hole(self, word: str) -> int:
        """A hole by its letter."""
        h = self.hole_index.get(word.lower())
        if h is None:
            raise MoveSyntaxError(f"{word!r} is not a Watering Hole (say {' or '.join(self.d.holes)})")
        return h

    def space(self, word: str) -> int:
        """A space by its compass name."""
        s = self.space_index.get(word.lower())
        if s is None:
            raise MoveSyntaxError(f"{word!r} is not a space (spaces: {' '.join(self.d.spaces)})")
        return s


def parse_move(names: Names, text: str, hand: list[int]) -> Move:
    """Read a move; a card's colour may be left out when `hand` holds that Organism in one colour only."""
    check_move_length(text)
    words = text.replace(",", " ").split()
    if not words:
        raise MoveSyntaxError("empty move; type 'help' for what you may do now")
    verb = words[0].lower()
    args = words[1:]
    if verb not in VERBS:
        hints = suggest(verb, {v: v for v in VERBS})
        extra = "; did you mean " + " or ".join(repr(h) for h in hints) + "?" if hints else ""
        raise MoveSyntaxError(f"unknown move {words[0]!r} (moves: {', '.join(VERBS)}){extra}")

    def need(n: int, form: str) -> None:
        """Refuse a move with the wrong number of words, showing its form."""
        if len(args) != n:
            raise MoveSyntaxError(f"write it as '{form}'")

    def card(ws: list[str]) -> int:
        """A card from its words: name and colour, or a name the hand makes clear."""
        org = names.organism(ws[0])
        if len(ws) == 2:
            return org * 2 + names.colour(ws[1])
        held = sorted({c for c in hand if c >> 1 == org})
        if len(held) == 1:
            return held[0]
        name = names.d.organisms[org].name
        if not held:
            raise MoveSyntaxError(f"say which colour of {name} (blue or yellow)")
        raise MoveSyntaxError(f"you hold {name} in both colours; say which, e.g. '{name} blue'")

    if verb == "play":
        if len(args) not in (3, 4):
            raise MoveSyntaxError("write it as 'play NAME [COLOUR] HOLE SPACE', e.g. 'play Primu yellow A n'")
        c = card(args[:-2])
        return Move("play", c, names.hole(args[-2]), names.space(args[-1]))
    if verb == "discard":
        if len(args) not in (1, 2):
            raise MoveSyntaxError("write it as 'discard NAME [COLOUR]', e.g. 'discard Yikyik blue'")
        return Move("discard", card(args))
    if verb == "draw":
        need(1, "draw blue|yellow")
        return Move("draw", -1, names.colour(args[0]))
    if verb in ("take", "ambush", "brood"):
        need(2, f"{verb} HOLE SPACE")
        return Move(verb, -1, names.hole(args[0]), names.space(args[1]))
    if verb in ("tunnel", "drift"):
        need(4, f"{verb} HOLE SPACE HOLE SPACE")
        return Move(verb, -1, names.hole(args[0]), names.space(args[1]), names.hole(args[2]), names.space(args[3]))
    if verb == "lure":
        if len(args) == 3 and args[2].lower() == "hand":
            return Move("lure", -1, names.hole(args[0]), names.space(args[1]), -1, HAND)
        need(4, "lure HOLE SPACE HOLE SPACE' or 'lure HOLE SPACE hand")
        return Move("lure", -1, names.hole(args[0]), names.space(args[1]), names.hole(args[2]), names.space(args[3]))
    need(0, verb)
    return Move(verb)
