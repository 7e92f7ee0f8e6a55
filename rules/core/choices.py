"""Reading a decision against a list of legal move texts only, as a view file holds them (no game state).

The terminal reads a decision with the game's own parser, which needs the game's state; a player's view file
has only the texts of the legal moves of the current decision. This reads what the terminal reads, from those
texts alone: a choice's number as `pbem status VIEW` lists it, any case and spacing, and unique short forms,
in which each word written is the start of a word of the choice, in order, and words may be left out (`place
moose/puffin` for `place moose/puffin 5-1`, `place fox 5` for `place fox/moose 5-1`); where several choices fit,
the one that leaves out the fewest words is meant (`place fox` is placing, not `place fox/moose 5-1 under`),
then the one whose words come earliest (`place moose` is moose/fox, not puffin/moose, as the terminal's main
animal first).
"""

from __future__ import annotations

import re

from rules.core.errors import IllegalMove
from rules.core.names import normalize, suggest

_WORD = re.compile(r"[^\W_]+|[+-]\d+", re.UNICODE)


def _words(text: str) -> list[str]:
    return [w.casefold() for w in _WORD.findall(text)]


def _fits(said: list[str], choice: list[str]) -> tuple[int, ...] | None:
    """How well the words `said` fit `choice`: the number of its words they leave out, then the places of the
    words they match (earlier is closer: `moose` names moose/fox before puffin/moose); None if they do not fit
    (the first word, the verb, must)."""
    if not said or not choice or not choice[0].startswith(said[0]):
        return None
    k, at = 1, [0]
    for w in said[1:]:
        while k < len(choice) and not choice[k].startswith(w):
            k += 1
        if k == len(choice):
            return None
        at.append(k)
        k += 1
    return (len(choice) - len(said), *at)


def pick_choice(text: str, legal: list[str], where: str) -> str:
    """The legal move text that `text` means (a number, the text in any case and spacing, or a unique short form).

    Else IllegalMove: for a number out of range, a text that fits none ("did you mean" the closest), or one
    that fits several equally well (naming them). `where` says where the listed choices are shown."""
    said = " ".join(text.split())
    if said.isdigit():
        k = int(said)
        if not 1 <= k <= len(legal):
            raise IllegalMove(f"there is no choice {k}: choose 1 to {len(legal)} ({where} lists them)")
        return legal[k - 1]
    exact = [t for t in legal if normalize(t) == normalize(said)]
    if exact:
        return exact[0]
    fits = [(fit, t) for t in legal if (fit := _fits(_words(said), _words(t))) is not None]
    best = [t for fit, t in fits if fit == min(g for g, _ in fits)] if fits else []
    if len(best) == 1:
        return best[0]
    if best:
        raise IllegalMove(f"{said!r} could be " + " or ".join(repr(t) for t in best[:4])
                          + ("" if len(best) <= 4 else f" (and {len(best) - 4} more)") + "; write more of it")
    hints = suggest(said, {normalize(t): t for t in legal})
    raise IllegalMove(f"{said!r} is not one of your choices now" + (
        "; did you mean " + " or ".join(repr(h) for h in hints) + "?" if hints else f" ({where} lists them)"))


__all__ = ["pick_choice"]
