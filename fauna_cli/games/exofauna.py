"""ExoFauna/Duo at the terminal: both Watering Holes as 3x3 pictures, the hand, the decks' tops, the Actions."""

from __future__ import annotations

from typing import Any

CELL = 16
ANSI = {"blue": "\033[34;1m", "yellow": "\033[33;1m"}
RESET = "\033[0m"


def _paint(text: str, colour: str | None, color: bool) -> str:
    """Text in a player colour when colours are on; padding stays outside the codes."""
    if not color or colour not in ANSI:
        return text
    stripped = text.rstrip()
    return ANSI[colour] + stripped + RESET + text[len(stripped):]


def _card(card: dict[str, str] | None) -> tuple[str, str | None]:
    """A card of the view as text and its colour ("." for an empty space)."""
    if card is None:
        return ".", None
    return f"{card['name']} {card['colour']}", card["colour"]


def _hole_rows(hole: dict[str, Any], grid: dict[str, list[int]], color: bool) -> list[str]:
    """Three rows of three cells: the ring of spaces around the hole card in the centre."""
    cells: list[list[str]] = [["" for _ in range(3)] for _ in range(3)]
    for space, (r, c) in grid.items():
        text, colour = _card(hole["spaces"][space])
        label = f"{space}:{text}"[:CELL].ljust(CELL)
        cells[r][c] = _paint(label, colour, color)
    centre = f"[{hole['label']} {hole['colour']}]"[:CELL].ljust(CELL)
    cells[1][1] = _paint(centre, hole["colour"], color)
    return ["|" + "|".join(row) + "|" for row in cells]


def _hand_texts(hand: list[dict[str, str]]) -> list[str]:
    """Each Organism of the hand once, with its Instinct and Adaptation in short, then the Instincts in short."""
    from rules.exofauna.learn import instincts_line, short_text

    names = list(dict.fromkeys(c["name"] for c in hand))
    if not names:
        return []
    w = max(len(n) for n in names)
    return [f"  {name:<{w}}  {short_text(name)}" for name in names] + [instincts_line()]


def picture(view: dict[str, Any], color: bool = False) -> str:
    """A text drawing of exactly what the view holds."""
    grid = view["grid"]
    holes = view["holes"]
    out: list[str] = []
    rule = "+" + "+".join("-" * CELL for _ in range(3)) + "+"
    for h in holes:
        free = sum(1 for c in h["spaces"].values() if c is None)
        out.append(f"Watering Hole {h['label']} ({h['colour']}, {free} free)")
        out.append(rule)
        for row in _hole_rows(h, grid, color):
            out.append(row)
            out.append(rule)
    for p in view["players"]:
        top, colour = _card(p["deck_top"])
        top_text = _paint(top, colour, color) if p["deck_top"] else "(empty)"
        claimed = ", ".join(p["claimed"]) or "none"
        out.append(f"{p['name']} ({_paint(p['colour'], p['colour'], color)}): hand {p['hand_size']}, "
                   f"deck {p['deck_size']} top {top_text}, claimed {len(p['claimed'])} ({claimed})")
    if "hand" in view:
        hand = ", ".join(_paint(f"{c['name']} {c['colour']}", c["colour"], color) for c in view["hand"])
        out.append(f"your hand ({view['you']}): {hand or '(empty)'}")
        out += _hand_texts(view["hand"])
    goal = f"claim {view['goal']} hole{'s' if view['goal'] > 1 else ''} to win" + (" (quick game)" if view["quick"]
                                                                                  else "")
    if view["over"]:
        out.append(f"game over: {', '.join(view['winners'])} wins; {goal}")
    else:
        action = f", Action {view['action']} of {view['actions']}" if "Action" not in view["asked"] else ""
        out.append(f"turn {view['turn']}{action}; {goal}")
        out.append(view["asked"])  # who is to play and what is asked (with the action of the turn, when it is one)
    return "\n".join(out)


# -- a picture for e-mail players (SVG) ---------------------------------------------------------------------

FILL = {"blue": "#4a7bd0", "yellow": "#e6c229"}
SVG_CELL_W, SVG_CELL_H = 124, 64


def _svg_card(parent: Any, card: dict[str, str], x: float, y: float, cls: str, label: str = "") -> None:
    """An Organism card: a box tinted in its colour with its name and colour (and its space's name)."""
    from fauna_cli.games.svgkit import el, text

    colour = card["colour"]
    g = el(parent, "g", cls=f"card {cls}", data_colour=colour)
    el(g, "title", f"{card['name']} {colour}")
    el(g, "rect", x=x + 2, y=y + 2, width=SVG_CELL_W - 4, height=SVG_CELL_H - 4, rx=6,
       fill=FILL.get(colour, "#cccccc"), fill_opacity=0.3, stroke=FILL.get(colour, "#888888"), stroke_width=2.5)
    if label:
        text(g, label, x + 8, y + 16, 10, fill="#666")
    text(g, card["name"], x + 8, y + 36, 14, font_weight="bold")
    text(g, colour, x + 8, y + 52, 11)


def svg(view: dict[str, Any]) -> str:
    """ExoFauna/Duo as SVG: both Watering Holes as 3x3 grids with the hole card in the centre, the cards on them,
    each player's deck (size and face-up top card), hand size and holes claimed; the viewer's hand only when the
    view holds it."""
    from fauna_cli.games.svgkit import canvas, el, finish, text

    width = 16 * 2 + 2 * 3 * SVG_CELL_W + 40
    goal = f"claim {view['goal']} hole{'s' if view['goal'] > 1 else ''} to win" + (" (quick game)" if view["quick"]
                                                                                  else "")
    if view["over"]:
        state = f"game over: {', '.join(view['winners'])} wins"
    else:
        state = f"{view['to_move']} to play, Action {view['action']} of {view['actions']}"
    title = f"ExoFauna/Duo, turn {view['turn']}: {state}"
    root = canvas(width, 2000, title)
    text(root, title, 16, 28, 18, font_weight="bold")
    import textwrap

    said = textwrap.wrap(goal + ("" if view["over"] else f". {view['asked']}"), 115)
    for i, line in enumerate(said):
        text(root, line, 16, 50 + 17 * i, 13, cls="asked")

    y = 80 + 17 * (len(said) - 1)
    for i, hole in enumerate(view["holes"]):
        x0 = 16 + i * (3 * SVG_CELL_W + 40)
        g = el(root, "g", cls="hole", data_label=hole["label"])
        free = sum(1 for c in hole["spaces"].values() if c is None)
        text(g, f"Watering Hole {hole['label']} ({hole['colour']}, {free} free)", x0, y, 14, font_weight="bold")
        top = y + 10
        for space, (r, c) in view["grid"].items():
            x, yy = x0 + c * SVG_CELL_W, top + r * SVG_CELL_H
            card = hole["spaces"][space]
            if card is None:
                s = el(g, "g", cls="space empty", data_space=space)
                el(s, "rect", x=x + 2, y=yy + 2, width=SVG_CELL_W - 4, height=SVG_CELL_H - 4, rx=6, fill="none",
                   stroke="#aaaaaa", stroke_dasharray="5,4")
                text(s, space, x + 8, yy + 16, 10, fill="#666")
            else:
                s = el(g, "g", cls="space", data_space=space)
                _svg_card(s, card, x, yy, "on-hole", space)
        cx, cy = x0 + SVG_CELL_W, top + SVG_CELL_H
        centre = el(g, "g", cls="hole-card", data_colour=hole["colour"])
        el(centre, "rect", x=cx + 2, y=cy + 2, width=SVG_CELL_W - 4, height=SVG_CELL_H - 4, rx=30,
           fill=FILL.get(hole["colour"], "#cccccc"), stroke="#333333", stroke_width=1.5)
        text(centre, hole["label"], cx + SVG_CELL_W / 2, cy + 32, 20, font_weight="bold", text_anchor="middle")
        text(centre, hole["colour"] + (" (start)" if hole["start_card"] else ""), cx + SVG_CELL_W / 2, cy + 50, 11,
             text_anchor="middle")
    y += 10 + 3 * SVG_CELL_H + 36

    text(root, "Players", 16, y, 14, font_weight="bold")
    y += 10
    for p in view["players"]:
        g = el(root, "g", cls="player", data_name=p["name"])
        turn = "  (to play)" if p["name"] == view["to_move"] and not view["over"] else ""
        el(g, "circle", cx=26, cy=y + 14, r=9, fill=FILL.get(p["colour"], "#888888"))
        text(g, f"{p['name']} ({p['colour']}){turn}", 42, y + 19, 14, font_weight="bold")
        claimed = ", ".join(p["claimed"]) or "none"
        text(g, f"hand {p['hand_size']}, deck {p['deck_size']}; holes claimed {len(p['claimed'])} ({claimed})",
             42, y + 39, 12, cls="counts")
        text(g, "deck top:", 400, y + 19, 12)
        if p["deck_top"]:
            _svg_card(g, p["deck_top"], 460, y, "deck-top")
        else:
            text(g, "(empty)", 460, y + 19, 12)
        y += SVG_CELL_H + 10
    if "hand" in view:
        g = el(root, "g", cls="hand")
        y += 10
        text(g, f"Your hand ({view['you']})", 16, y, 14, font_weight="bold")
        for i, card in enumerate(view["hand"]):
            _svg_card(g, card, 16 + (i % 6) * SVG_CELL_W, y + 10 + (i // 6) * SVG_CELL_H, "hand-card")
        y += 10 + ((len(view["hand"]) + 5) // 6 or 1) * SVG_CELL_H
    return finish(root, y + 16)
