"""Evo's move language: one decision per move, written as plain words and space names.

    bid 3 fur            bid 3 mutation points on the fur column (or "event" for the event card)
    play long stride     play an event card; targets follow: "play ice cold bob", "play climate shift cw"
    pass                 play no (more) card in a card window
    initiative 1         Adrenaline Rush: take that place on the initiative track
    move C3 C4           one step (1 movement point); attack C3 C4 enters an enemy space
    swim B2 F9           Flippers: between any two coastal spaces; fly C3 E4: Wings, up to two spaces
    done                 end your Movement turn
    escape D5            Chameleon Skin: the beaten defender moves there
    birth C5             a new dinosaur; "birth C5 from A1" when all eight are out,
                         "birth C5 attack C6" with Killer Babies
    skip                 make no birth this time
    keep C3              Survival: this endangered dinosaur is one of those you save
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from rules.core.errors import MoveSyntaxError, UnknownName
from rules.core.limits import MAX_INT_DIGITS, check_move_length
from rules.core.names import normalize, suggest

WORDS = ("bid", "play", "pass", "initiative", "move", "attack", "swim", "fly", "done", "escape", "birth", "skip",
         "keep")
STEP_KINDS = ("move", "attack", "swim", "fly")
SPACE = re.compile(r"^[A-Za-z][0-9]{1,2}$")


@dataclass(frozen=True, slots=True)
class Move:
    """One decision. `a`, `b`, `c` are spaces, a column, a card or a target, by kind; `n` a number."""

    kind: str
    a: str = ""
    b: str = ""
    c: str = ""
    n: int = 0

    def text(self) -> str:
        """The move as a player writes it."""
        k = self.kind
        if k == "bid":
            return f"bid {self.n} {self.a}"
        if k == "play":
            return f"play {self.a}" + (f" {self.b}" if self.b else "")
        if k == "initiative":
            return f"initiative {self.n}"
        if k in STEP_KINDS:
            return f"{k} {self.a} {self.b}"
        if k in ("escape", "keep"):
            return f"{k} {self.a}"
        if k == "birth":
            return f"birth {self.a}" + (f" from {self.b}" if self.b else "") + (f" attack {self.c}" if self.c else "")
        return k


class UnknownWord(UnknownName):
    """A word that names no kind of move."""

    what = "move word"


def space_name(word: str, names: dict[str, int]) -> str:
    """A space name as the board writes it, or an error with close names."""
    up = word.upper()
    if up in names:
        return up
    if not SPACE.match(word):
        raise MoveSyntaxError(f"{word!r} is not a space name; spaces are a row letter and a number, like C4")
    raise MoveSyntaxError(f"there is no space {up} on this island")


def match_name(text: str, choices: list[str], what: str) -> str:
    """A multi-word name (card, column, player) matched forgivingly, with suggestions on a miss."""
    key = normalize(text)
    table = {normalize(c): c for c in choices}
    if key in table:
        return table[key]
    hints = suggest(text, table)
    err = UnknownName(text, hints)
    err.args = (f"unknown {what} {text!r}" + ("; did you mean " + " or ".join(repr(h) for h in hints) + "?"
                                              if hints else f" (choose from: {', '.join(choices)})"),)
    raise err


_NUMBER = re.compile(r"[0-9]+")  # ASCII digits only: str.isdigit() also takes '²', which int() refuses


def _number(word: str) -> int:
    """A move's whole number (a bid, a place), at most MAX_INT_DIGITS digits."""
    if len(word) > MAX_INT_DIGITS:
        raise MoveSyntaxError(f"a number of {len(word):,} digits; at most {MAX_INT_DIGITS} are allowed")
    return int(word)


def parse(text: str, spaces: dict[str, int], columns: list[str], cards: list[str], players: list[str]) -> Move:
    """Read a move; names are checked here, legality by the state."""
    check_move_length(text)
    words = text.strip().split()
    if not words:
        raise MoveSyntaxError("empty move; type 'help' to see what you may do")
    head = words[0].lower()
    rest = words[1:]
    if head not in WORDS:
        hints = difflib.get_close_matches(head, WORDS, n=3, cutoff=0.6)
        raise MoveSyntaxError(f"unknown move {words[0]!r}" + ("; did you mean " + " or ".join(
            repr(h) for h in hints) + "?" if hints else f" (moves: {', '.join(WORDS)})"))
    if head in ("pass", "done", "skip"):
        if rest:
            raise MoveSyntaxError(f"'{head}' takes nothing after it")
        return Move(head)
    if head == "bid":
        if len(rest) < 2 or not _NUMBER.fullmatch(rest[0]):
            raise MoveSyntaxError("a bid is 'bid N COLUMN', e.g. 'bid 2 fur' or 'bid 1 event'")
        return Move("bid", match_name(" ".join(rest[1:]), columns, "column"), n=_number(rest[0]))
    if head == "initiative":
        if len(rest) != 1 or not _NUMBER.fullmatch(rest[0]):
            raise MoveSyntaxError("write 'initiative N' with the place you take, 1 being first")
        return Move("initiative", n=_number(rest[0]))
    if head in STEP_KINDS:
        if len(rest) != 2:
            raise MoveSyntaxError(f"write '{head} FROM TO', e.g. '{head} C3 C4'")
        return Move(head, space_name(rest[0], spaces), space_name(rest[1], spaces))
    if head in ("escape", "keep"):
        if len(rest) != 1:
            raise MoveSyntaxError(f"write '{head} SPACE', e.g. '{head} C4'")
        return Move(head, space_name(rest[0], spaces))
    if head == "birth":
        if not rest:
            raise MoveSyntaxError("write 'birth SPACE', e.g. 'birth C4'")
        a = space_name(rest[0], spaces)
        b = c = ""
        tail = [w.lower() for w in rest[1:]]
        i = 0
        while i < len(tail):
            if tail[i] in ("from", "attack") and i + 1 < len(tail):
                name = space_name(rest[1 + i + 1], spaces)
                if tail[i] == "from" and not b:
                    b = name
                elif tail[i] == "attack" and not c:
                    c = name
                else:
                    raise MoveSyntaxError(f"'{tail[i]}' is given twice")
                i += 2
            else:
                raise MoveSyntaxError("write 'birth SPACE', 'birth SPACE from SPACE' or 'birth SPACE attack SPACE'")
        return Move("birth", a, b, c)
    # play CARD [TARGET]
    if not rest:
        raise MoveSyntaxError("write 'play CARD', e.g. 'play long stride'")
    by_norm = {normalize(c): c for c in cards}
    for cut in range(len(rest), 0, -1):
        card = by_norm.get(normalize(" ".join(rest[:cut])))
        if card is not None:
            target = " ".join(rest[cut:])
            if not target:
                return Move("play", card)
            if normalize(target) in ("cw", "acw"):
                return Move("play", card, normalize(target))
            return Move("play", card, match_name(target, players, "player"))
    return Move("play", match_name(" ".join(rest), cards, "event card"))
