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
    goal = f"claim {view['goal']} hole{'s' if view['goal'] > 1 else ''} to win" + (" (quick game)" if view["quick"]
                                                                                  else "")
    if view["over"]:
        out.append(f"game over: {', '.join(view['winners'])} wins; {goal}")
    else:
        out.append(f"turn {view['turn']}, {view['to_move']} to play, Action {view['action']} of {view['actions']}; "
                   f"{goal}")
        out.append(view["asked"])
    return "\n".join(out)
