"""Arctic at the terminal: a text picture of exactly what one `state.view(player)` holds."""

from __future__ import annotations

from typing import Any

from rules.core.words import count

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
        phase = view["phase"]
        if phase == "place":
            step = f"placing cards ({count(turn['place_target'] - turn['placed'], 'more card')} to place)"
        elif phase == "draw":
            step = f"drawing cards ({count(turn['draw_target'] - turn['taken'], 'more card')} to take)"
        else:
            step = {"tokens": "moving the two tokens of the new visible card in opposite directions",
                    "walrus": "may move one token an extra step (walrus power)",
                    "discard": "discarding down to 7 cards"}.get(phase, phase)
        used = f"; powers used: {', '.join(turn['used'])}" if turn["used"] else ""
        lines.append(f"{turn['player']} is {step}{used}")
    if view.get("over"):
        scores = view["scores"]
        best = max(scores.values())
        tied = [n for n, v in scores.items() if v == best]
        why = (f" ({' and '.join(tied)} tied on {best}: the tie goes to whoever comes first in turn order from the "
               f"first player, {view['first']})" if len(tied) > 1 else "")
        lines.append("Scores: " + ", ".join(f"{n} {v}" for n, v in scores.items())
                     + f"; winner: {', '.join(view['winners'])}{why}")
    return "\n".join(lines)


# -- a picture for e-mail players (SVG) ---------------------------------------------------------------------

ANIMAL_FILL = {"fox": "#f28e2b", "moose": "#9c6b3c", "walrus": "#b07aa1", "orca": "#2f4b7c", "puffin": "#17becf",
               "bear": "#9aa0a6"}
CARD_W, CARD_H = 132, 46


def _svg_card(parent: Any, name: str, x: float, y: float, cls: str) -> None:
    """A card as a box in its main animal's colour (a stripe in its companion's), with its name."""
    from fauna_cli.games.svgkit import INK, el, text

    main, _, rest = name.partition("/")
    companion = rest.split(" ", 1)[0]
    g = el(parent, "g", cls=f"card {cls}")
    el(g, "title", name)
    el(g, "rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=5, fill=ANIMAL_FILL.get(main, "#dddddd"),
       fill_opacity=0.35, stroke=INK, stroke_width=1)
    if companion in ANIMAL_FILL:
        el(g, "rect", x=x + CARD_W - 12, y=y + 1, width=11, height=CARD_H - 2, fill=ANIMAL_FILL[companion])
    text(g, name, x + 6, y + CARD_H / 2 + 4, 12)


def svg(view: dict[str, Any]) -> str:
    """Arctic as SVG: the landscape row with its six tokens, the powers, the river, every player's visible card,
    pile and powers, and the viewer's hand and totem only when the view holds them."""
    import textwrap

    from fauna_cli.games.svgkit import INK, canvas, el, finish, text

    width = 920
    if view.get("over"):
        won = " wins" if len(view["winners"]) == 1 else " share the win"
        state = "game over: " + ", ".join(view["winners"]) + won
    else:
        state = f"{view['to_move']} to decide ({view['phase']})"
    title = f"Arctic, round {view['round']}: {state}"
    root = canvas(width, 2000, title)
    text(root, title, 16, 28, 18, font_weight="bold")
    notes = [f"Draw pile: {view['draw_pile']} cards", f"reserve: {view['reserve']} cards"]
    if view.get("final_round"):
        notes.append("final round: no drawing")
    elif view.get("end_triggered"):
        notes.append("end triggered: finishing the round")
    text(root, "; ".join(notes) + f". Seen by {view['player'] or 'everyone (no hand shown)'}.", 16, 50, 13)

    y = 72
    text(root, "Landscape (points per token's animal card)", 16, y, 14, font_weight="bold")
    y += 10
    lw, lh = 138, 124
    for i, value in enumerate(view["landscape"]):
        x = 16 + i * (lw + 10)
        g = el(root, "g", cls="landscape", data_value=value)
        el(g, "title", f"landscape card {value}")
        el(g, "rect", x=x, y=y, width=lw, height=lh, rx=8, fill="#e8f1f8", stroke="#7a9bb5", stroke_width=1.5)
        text(g, str(value), x + 8, y + 22, 18, font_weight="bold")
        here = [a for a, v in view["tokens"].items() if v == value]
        for k, animal in enumerate(here):
            cx, cy = x + 18 + (k % 2) * 64, y + 46 + (k // 2) * 28
            t = el(g, "g", cls="token", data_animal=animal)
            el(t, "title", f"{animal} token on {value}")
            el(t, "circle", cx=cx, cy=cy, r=10, fill=ANIMAL_FILL[animal], stroke="white", stroke_width=1.5)
            text(t, animal, cx + 13, cy + 4, 11)
    y += lh + 30

    text(root, "Powers (side, holder)", 16, y, 14, font_weight="bold")
    y += 10
    for i, (animal, p) in enumerate(view["powers"].items()):
        x = 16 + i * (lw + 10)
        g = el(root, "g", cls="power", data_animal=animal)
        el(g, "rect", x=x, y=y, width=lw, height=46, rx=5, fill=ANIMAL_FILL[animal], fill_opacity=0.25,
           stroke=ANIMAL_FILL[animal], stroke_width=2)
        text(g, f"{animal} {p['side']}", x + 8, y + 18, 13, font_weight="bold")
        text(g, p["holder"] or "centre", x + 8, y + 36, 12)
    y += 46 + 30

    text(root, f"River ({len(view['river'])} cards)", 16, y, 14, font_weight="bold")
    y += 10
    for i, name in enumerate(view["river"]):
        _svg_card(root, name, 16 + i * (CARD_W + 14), y, "river")
    if not view["river"]:
        text(root, "empty", 16, y + 20, 12)
    y += CARD_H + 30

    text(root, "Players", 16, y, 14, font_weight="bold")
    y += 10
    for p in view["players"]:
        g = el(root, "g", cls="player", data_name=p["name"])
        turn = "  (to move)" if p["name"] == view.get("to_move") and not view.get("over") else ""
        text(g, p["name"] + turn, 16, y + 18, 14, font_weight="bold")
        if p["visible"]:
            _svg_card(g, p["visible"], 170, y, "visible")
        else:
            el(g, "rect", x=170, y=y, width=CARD_W, height=CARD_H, rx=5, fill="none", stroke="#999",
               stroke_dasharray="4,3")
            text(g, "no card yet", 178, y + 27, 12, fill="#777")
        powers = ", ".join(p["powers"]) or "none"
        totem = f"; totem {p['totem']}" if "totem" in p else ""
        cards = "card" if p["hand_size"] == 1 else "cards"
        text(g, f"pile {p['pile_size']}, penalties {p['penalties']}, hand {p['hand_size']} {cards}; "
                f"powers: {powers}{totem}", 318, y + 18, 13, cls="counts")
        lines = textwrap.wrap("pile, bottom first: " + ", ".join(p["pile"]), 100) if p["pile"] else []
        for i, line in enumerate(lines):
            text(g, line, 318, y + 36 + 14 * i, 11, cls="pile", fill="#555")
        y += max(CARD_H, 26 + 14 * len(lines)) + 14
    y += 16

    if "hand" in view:
        g = el(root, "g", cls="hand")
        text(g, f"Your hand ({view['player']}), totem {view['totem']}", 16, y, 14, font_weight="bold")
        y += 10
        for i, name in enumerate(view["hand"]):
            _svg_card(g, name, 16 + (i % 6) * (CARD_W + 14), y + (i // 6) * (CARD_H + 10), "hand-card")
        y += ((len(view["hand"]) + 5) // 6 or 1) * (CARD_H + 10) + 20
    if view.get("over"):
        text(root, "Scores: " + ", ".join(f"{n} {s}" for n, s in view["scores"].items()), 16, y, 14,
             font_weight="bold", fill=INK)
        y += 24
    return finish(root, y + 10)
