"""The move language: each decision is a tuple (kind, a, b) that prints to text and parses back.

Kinds: place (card, 0 normal / 1 under / 2 bottom), token (0 main token left / 1 right, main animal), walrus (-1/+1),
moose (-1/+1), swap (hand card, river card), back, orca, bear (target seat), take (card / DECK / PENALTY),
discard (card), skip. Cards print as `main/companion placement-draw`, e.g. `fox/moose 5-1`.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from rules.arctic.cards import ANIMALS, BY_NAME, COMP, DATA, DRAW, MAIN, NAME, PLACE
from rules.core.errors import IllegalMove, MoveSyntaxError, UnknownAnimal, UnknownName
from rules.core.limits import check_move_length
from rules.core.names import normalize, suggest

Move = tuple[str, int, int]
DECK = -1
PENALTY = -2
SKIP: Move = ("skip", 0, 0)
MODE_WORDS = ("", " under", " bottom")
_POLAR = re.compile(r"polar[\s_-]*bear", re.IGNORECASE)
_CARD = re.compile(r"^([a-z]+)(?:\s*/\s*([a-z]+))?(?:\s+([0-9])(?:\s*-\s*([0-9]))?)?$")


def animal_index(word: str) -> int:
    """An animal by name or alias, any case; unknown names get suggestions."""
    key = normalize(word)
    for i, a in enumerate(ANIMALS):
        if key == a:
            return i
    for alias, a in DATA.aliases.items():
        if key == normalize(alias):
            return ANIMALS.index(a)
    hints = suggest(word, {a: a for a in ANIMALS}) or difflib.get_close_matches(key, ANIMALS, n=2, cutoff=0.5)
    raise UnknownAnimal(word, hints)


def move_text(move: Move, names: Sequence[str]) -> str:
    """A move as a player would type it; a function of the move alone (the log prints moves after applying them)."""
    kind, a, b = move
    if kind == "place":
        return f"place {NAME[a]}{MODE_WORDS[b]}"
    if kind == "token":
        return f"{ANIMALS[b]} {'left' if a == 0 else 'right'}"
    if kind == "walrus":
        return f"use walrus {'left' if a == -1 else 'right'}"
    if kind == "moose":
        return f"use moose {'+1' if a == 1 else '-1'}"
    if kind == "swap":
        return f"use puffin swap {NAME[a]} for {NAME[b]}"
    if kind == "back":
        return "use puffin back"
    if kind == "orca":
        return "use orca"
    if kind == "bear":
        return f"use bear {names[a]}"
    if kind == "take":
        return "take deck" if a == DECK else "take penalty" if a == PENALTY else f"take {NAME[a]}"
    if kind == "discard":
        return f"discard {NAME[a]}"
    return "skip"


def resolve_card(text: str, candidates: Sequence[int], where: str) -> int:
    """A card from a full name (anywhere in the deck) or a short form unique among `candidates`.

    Short forms drop parts from the right or the companion: `fox/moose`, `fox 5-1`, `fox 5`, `fox`.
    """
    raw = _POLAR.sub("bear", text.strip().lower())
    if raw in BY_NAME:
        return BY_NAME[raw]
    m = _CARD.match(raw)
    if not m:
        raise MoveSyntaxError(f"cannot read {text!r} as a card; write it like 'fox/moose 5-1' "
                              "(main animal/companion placement-draw)")
    main = animal_index(m.group(1))
    comp = animal_index(m.group(2)) if m.group(2) else None  # None: any (the part is left out)
    place = int(m.group(3)) if m.group(3) else None
    draw = int(m.group(4)) if m.group(4) else None
    found = [c for c in candidates if MAIN[c] == main and comp in (None, COMP[c])
             and place in (None, PLACE[c]) and draw in (None, DRAW[c])]
    if len(found) == 1:
        return found[0]
    if found:
        raise IllegalMove(f"{text!r} could be " + " or ".join(repr(NAME[c]) for c in sorted(found))
                          + "; name the card in full")
    close = [c for c in candidates if MAIN[c] == main or COMP[c] == main]
    listing = ", ".join(NAME[c] for c in (close or list(candidates))) or "none"
    raise IllegalMove(f"no card in {where} matches {text.strip()!r}; "
                      f"{'the closest' if close else where + ' holds'}: {listing}")


def parse_move(text: str, names: Sequence[str], hand: Sequence[int], river: Sequence[int],
               token_pair: tuple[int, int] | None) -> Move:
    """Read one move's text in the context of the player's hand, the river and the tokens to move."""
    check_move_length(text)
    words = _POLAR.sub("bear", " ".join(text.split())).strip()
    low = words.lower()
    if not low:
        raise MoveSyntaxError("empty move; type 'help' to see what you may do")
    verb, _, rest = low.partition(" ")
    if verb in ("skip", "pass", "done") and not rest:
        return SKIP
    if verb == "place":
        mode = 0
        for i, w in ((1, " under"), (2, " bottom")):
            if rest.endswith(w):
                mode, rest = i, rest[: -len(w)]
        return ("place", resolve_card(rest, hand, "your hand"), mode)
    if verb in ("take", "draw"):
        if rest in ("deck", "pile", "draw pile"):
            return ("take", DECK, 0)
        if rest in ("penalty", "penalties"):
            return ("take", PENALTY, 0)
        return ("take", resolve_card(rest, river, "the river"), 0)
    if verb == "discard":
        return ("discard", resolve_card(rest, hand, "your hand"), 0)
    if verb == "use":
        return _parse_use(rest, text, names, hand, river)
    if rest in ("left", "right") and verb.isalpha():
        animal = animal_index(verb)
        if token_pair is None:
            raise IllegalMove("there are no tokens to move now")
        main, comp = token_pair
        if animal not in token_pair:
            raise IllegalMove(f"the tokens to move are {ANIMALS[main]} and {ANIMALS[comp]}, not {ANIMALS[animal]}")
        left = rest == "left"
        return ("token", 0 if (animal == main) == left else 1, main)
    raise MoveSyntaxError(f"cannot read {text.strip()!r}; moves start with place, take, discard, use, skip, "
                          "or name a token and a direction (e.g. 'fox left')")


def _parse_use(rest: str, text: str, names: Sequence[str], hand: Sequence[int], river: Sequence[int]) -> Move:
    """The `use POWER ...` moves."""
    power, _, arg = rest.partition(" ")
    animal = ANIMALS[animal_index(power)]
    if animal == "moose" and arg in ("+1", "-1", "plus", "minus"):
        return ("moose", 1 if arg in ("+1", "plus") else -1, 0)
    if animal == "walrus" and arg in ("left", "right"):
        return ("walrus", -1 if arg == "left" else 1, 0)
    if animal == "orca" and arg == "":
        return ("orca", 0, 0)
    if animal == "puffin" and arg == "back":
        return ("back", 0, 0)
    if animal == "puffin" and arg.startswith("swap "):
        mine, sep, theirs = arg[5:].partition(" for ")
        if not sep:
            raise MoveSyntaxError("write a puffin swap as 'use puffin swap HAND-CARD for RIVER-CARD'")
        return ("swap", resolve_card(mine, hand, "your hand"), resolve_card(theirs, river, "the river"))
    if animal == "bear" and arg:
        keys = {normalize(n): i for i, n in enumerate(names)}
        seat = keys.get(normalize(arg))
        if seat is None:
            raise UnknownName(arg, suggest(arg, {normalize(n): n for n in names}))
        return ("bear", seat, 0)
    forms = {"moose": "use moose +1 / use moose -1", "walrus": "use walrus left / use walrus right",
             "orca": "use orca", "puffin": "use puffin swap HAND-CARD for RIVER-CARD / use puffin back",
             "bear": "use bear PLAYER (with side A, take penalty cards with 'take penalty')",
             "fox": "place CARD under / place CARD bottom (fox is used while placing your last card)"}
    raise MoveSyntaxError(f"cannot read {text.strip()!r}; the {animal} power is used as: {forms[animal]}")
