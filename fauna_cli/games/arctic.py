"""Arctic at the terminal: a text picture of exactly what one `state.view(player)` holds."""

from __future__ import annotations

from typing import Any

ANIMAL_COLOURS = {"fox": "33", "moose": "31", "walrus": "35", "orca": "34", "puffin": "36", "bear": "37"}


def _paint(text: str, code: str, color: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if color else text


def _card(name: str | None, color: bool) -> str:
    """A card name, its main animal coloured when asked."""
    if name is None:
        return "-"
    animal = name.split("/", 1)[0]
    code = ANIMAL_COLOURS.get(animal)
    return _paint(name, code, color) if code else name


def _landscape(view: dict[str, Any], color: bool) -> list[str]:
    """The six landscape cards with the tokens standing on each."""
    cells = []
    for value in view["landscape"]:
        here = [a for a, v in view["tokens"].items() if v == value]
        cells.append(f"[{value:>2}: " + (" ".join(_paint(a, ANIMAL_COLOURS[a], color) for a in here) or "-") + "]")
    return ["Landscape: " + " ".join(cells)]


def picture(view: dict[str, Any], color: bool = False) -> str:
    """River, own hand and totem (if the view has them), every player's pile, penalties and powers, tokens."""
    lines: list[str] = []
    status = f"Arctic - round {view['round']}"
    if view.get("final_round"):
        status += " (final round: no drawing)"
    elif view.get("end_triggered"):
        status += " (end triggered: finishing the round)"
    if view.get("over"):
        status += " - game over"
    lines.append(_paint(status, "1", color))
    lines += _landscape(view, color)
    powers = []
    for animal, p in view["powers"].items():
        powers.append(f"{animal} {p['side']} ({p['holder'] or 'centre'})")
    lines.append("Powers: " + ", ".join(powers))
    lines.append("River: " + ", ".join(_card(c, color) for c in view["river"]) if view["river"] else "River: empty")
    lines.append(f"Draw pile: {view['draw_pile']} cards   Reserve: {view['reserve']} cards")
    lines.append("")
    for p in view["players"]:
        marker = "> " if p["name"] == view.get("to_move") else "  "
        held = ", ".join(p["powers"]) or "none"
        totem = f", totem {p['totem']}" if "totem" in p else ""
        lines.append(f"{marker}{p['name']}: visible {_card(p['visible'], color)}, pile {p['pile_size']}, "
                     f"penalties {p['penalties']}, hand {p['hand_size']}, powers {held}{totem}")
        if p["pile"]:
            lines.append("    pile (bottom first): " + ", ".join(
                _card(c, color) if "/" in c and not c.startswith("face")
                                                             else c for c in p["pile"]))
    if "hand" in view:
        lines.append("")
        lines.append(f"Your hand ({view['player']}): " + (", ".join(_card(c, color) for c in view["hand"]) or "empty"))
        lines.append(f"Your totem: {view['totem']}")
    turn = view.get("turn")
    if turn and not view.get("over"):
        step = {"place": f"placing {turn['placed']}/{turn['place_target']}", "tokens": "moving tokens",
                "walrus": "walrus extra step", "draw": f"drawing {turn['taken']}/{turn['draw_target']}",
                "discard": "discarding down to 7"}.get(view["phase"], view["phase"])
        used = f"; powers used: {', '.join(turn['used'])}" if turn["used"] else ""
        lines.append(f"{turn['player']} is {step}{used}")
    if view.get("over"):
        lines.append("Scores: " + ", ".join(f"{n} {s}" for n, s in view["scores"].items())
                     + f"; winner: {', '.join(view['winners'])}")
    return "\n".join(lines)
