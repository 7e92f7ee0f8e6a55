"""What a player may ask at the ExoFauna/Duo prompt: the rules in one screen, the Organisms, the holes so far.

Each answer tells only what the viewer may see: the holes, both decks' face-up top cards and sizes, the holes
claimed, and the viewer's own hand (the other hand by its size only).
"""

from __future__ import annotations

import os
import tomllib
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rules.core.errors import DataError
from rules.core.protocol import PromptCommand
from rules.core.words import count
from rules.exofauna.data import INSTINCTS, data_dir, design

if TYPE_CHECKING:
    from rules.exofauna.state import State

EMPTY = -1


@lru_cache(maxsize=1)
def guide() -> dict[str, Any]:
    """data/exofauna/guide.toml, checked to give every Instinct and every Organism its short text."""
    path = os.path.join(data_dir(), "guide.toml")
    try:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"data/exofauna/guide.toml: {exc}") from exc
    names = [o.name for o in design().organisms]
    short = doc.get("short", {})
    if set(doc.get("instincts", {})) != set(INSTINCTS) or set(short.get("instincts", {})) != set(INSTINCTS):
        raise DataError("data/exofauna/guide.toml: [instincts] and [short.instincts] need "
                        + ", ".join(INSTINCTS))
    if set(short.get("adaptations", {})) != set(names):
        raise DataError("data/exofauna/guide.toml: [short.adaptations] needs one text per Organism: "
                        + ", ".join(names))
    return doc


def short_text(name: str) -> str:
    """A card's texts in short: 'Predator; Ambush: discard another Organism here under your deck'."""
    org = next(o for o in design().organisms if o.name == name)
    return f"{org.instinct.capitalize()}; {org.adaptation}: {guide()['short']['adaptations'][name]}"


def instincts_line() -> str:
    """The three Instincts in short, on one line (it goes under the hand)."""
    short = guide()["short"]["instincts"]
    return "Instincts (used first): " + "; ".join(f"{i.capitalize()} - {short[i]}" for i in INSTINCTS) + "."


def rules_text(state: State, viewer: str | None) -> str:
    """The turn, the resolution and the end in one screen, with the docs page for the rest."""
    g = guide()
    d = state.d
    return str(g["rules"]).strip("\n").format(
        docs=g["docs"], actions=d.actions, hand=count(d.hand, "card"), hole_size=d.hole_size,
        goal=count(state.goal, "Watering Hole") + (" (the quick game)" if state.config.quick else ""),
        **g["instincts"])


def _places(state: State, org: int, viewer: str | None) -> list[str]:
    """Where the copies of an Organism are that the viewer may see: holes, deck tops, the viewer's own hand."""
    d = state.d
    out = []
    for h in (0, 1):
        for s, c in enumerate(state.holes[h]):
            if c != EMPTY and c >> 1 == org:
                out.append(f"{d.holes[h]} {d.spaces[s]} ({d.colours[c & 1]})")
    for k in (0, 1):
        if state.decks[k] and state.decks[k][0] >> 1 == org:
            whose = "your" if state.by_colour[k] == viewer else f"{state.by_colour[k]}'s"
            out.append(f"top of {whose} deck")
    if viewer in state.by_colour:
        held = sum(1 for c in state.hands[state.colour_of(viewer)] if c >> 1 == org)
        if held:
            out.append(f"{held} in your hand")
    return out


def organisms_text(state: State, viewer: str | None) -> str:
    """Every Organism's Instinct and Adaptation as printed, and where the viewer can see its copies now."""
    d = state.d
    g = guide()
    lines = ["Instincts (each played Organism uses its Instinct first):"]
    lines += [f"  {i.capitalize():<9}  {g['instincts'][i]}" for i in INSTINCTS]
    lines.append(f"Organisms ({d.copies} of each in each deck; the Adaptation only when the played Organism is the "
                 "only one of its name at its hole):")
    w = max(len(o.name) for o in d.organisms)
    for o in d.organisms:
        seen = _places(state, o.index, viewer)
        lines.append(f"  {o.name:<{w}}  {o.instinct.capitalize()}; {o.adaptation}: {o.text}"
                     + (f" Now: {', '.join(seen)}." if seen else ""))
    return "\n".join(lines)


def score_text(state: State, viewer: str | None) -> str:
    """The holes each player has claimed, and who would claim each hole if it resolved now."""
    d = state.d
    lines = [f"Holes claimed ({count(state.goal, 'hole')} to win):"]
    for k in (0, 1):
        name = state.by_colour[k]
        how = [f"{r['colour']} hole, {'tie' if r['tie'] else 'majority'}" for r in state.resolutions
               if r["claimed_by"] == name]
        lines.append(f"  {name} ({d.colours[k]}): {len(how)}" + (f" ({'; '.join(how)})" if how else ""))
    lines.append("If a hole resolved now:")
    for h in (0, 1):
        hole = state.holes[h]
        n = [sum(1 for c in hole if c != EMPTY and c & 1 == k) for k in (0, 1)]
        colour = state.hole_colour[h]
        winner = max((0, 1), key=lambda k: (n[k], k == colour))
        why = "the tie goes to the hole's colour" if n[0] == n[1] else "more Organisms"
        lines.append(f"  {d.holes[h]} ({d.colours[colour]}, {d.hole_size - hole.count(EMPTY)} of {d.hole_size}): "
                     f"{d.colours[0]} {n[0]}, {d.colours[1]} {n[1]}; {state.by_colour[winner]} would claim it "
                     f"({why})")
    return "\n".join(lines)


COMMANDS = (
    PromptCommand("rules", "the turn, the Instincts, resolving a hole and the end, in one screen", rules_text),
    PromptCommand("organisms", "every Organism's Instinct and Adaptation, and where you can see its copies",
                  organisms_text),
    PromptCommand("score", "the holes claimed so far, and who would claim each hole if it resolved now",
                  score_text),
)
