"""The Evo island as terminal text: hex rows with the space names moves use, terrain, climate ring, dinosaurs."""

from __future__ import annotations

from typing import Any

RING_MARK = {"ideal": "=", "hot": "^", "cold": "v", "deadly": "x"}
RING_COLOR = {"ideal": "32", "hot": "31", "cold": "34", "deadly": "90"}
PLAYER_COLOR = ("93", "96", "95", "92", "91")
TERRAIN_LETTER = {"beach": "b", "plains": "p", "hills": "h", "mountains": "m"}
CELL = 8  # characters per space; odd rows are drawn half a space to the right


def _paint(text: str, code: str, color: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if color else text


def picture(view: dict[str, Any], color: bool = False) -> str:
    """The island and the table around it, from a `state.view(player)` dict."""
    players: list[str] = view["players"]
    letter = {p: chr(65 + i) for i, p in enumerate(players)}
    at = {space: p for p, spaces in view["dinosaurs"].items() for space in spaces}
    rings: dict[str, str] = view["wheel"]["rings"]
    lines = [f"Evo, round {view['round']}, {view['phase']}" + (f": {view['to_move']} to move" if view["to_move"]
                                                                  else "")]
    for r, row in enumerate(view["board"]["rows"]):
        out = " " * (CELL // 2) if r % 2 else ""
        for c, ch in enumerate(row):
            if ch == ".":
                out += _paint(" ~~~~~~ ", "36", color)
                continue
            name = f"{chr(65 + r)}{c + 1}"
            terrain = view["terrain"][name]
            ring = rings[terrain]
            owner = at.get(name)
            who = letter[owner] if owner else "."
            if owner and color:
                who = _paint(who, "1;" + PLAYER_COLOR[players.index(owner) % len(PLAYER_COLOR)], True)
            land = TERRAIN_LETTER[terrain] + RING_MARK[ring]
            out += f" {name:>3} " + _paint(land, RING_COLOR[ring], color) + who
        lines.append(out.rstrip())
    lines.append("terrain b beach, p plains, h hills, m mountains; ring: = ideal, ^ hot (thermoregulation), "
                 "v cold (fur), x deadly (cave dweller)")
    w = view["wheel"]
    parts = [f"{r} {'/'.join(t for t, rr in rings.items() if rr == r)}" for r in RING_MARK if r in rings.values()]
    lines.append(f"Climate: token {view['token'] or '-'}, wheel position {w['position']}: " + ", ".join(parts)
                 + f"; {view['tokens_left']} tokens left")
    if "next_token" in view:
        lines.append(f"Sixth Sense: the next climate token is {view['next_token']}")
    lines.append("Initiative: " + ", ".join(f"{letter[p]} {p}" for p in view["initiative"]))
    for p in players:
        genes = ", ".join(f"{g} x{n}" if n > 1 else g for g, n in view["genes"][p].items()) or "no genes"
        lost = view["lost"][p]
        tag = _paint(letter[p], "1;" + PLAYER_COLOR[players.index(p) % len(PLAYER_COLOR)], color)
        lines.append(f"  {tag} {p}: {view['mp'][p]} MP, {len(view['dinosaurs'][p])} dinosaurs, "
                     f"{view['cards_held'][p]} event cards, lost {lost['climate']} to climate and "
                     f"{lost['combat']} in combat; {genes}")
    if view["lab"]:
        lines.append("Lab: " + ", ".join(f"{c['item']} ({c['bid']} by {c['by']})" if c["by"] else c["item"]
                                         for c in view["lab"]))
    if view.get("steps") is not None:
        lines.append(f"Movement points left: {view['steps']}")
    if view.get("births_left"):
        lines.append("Births left: " + ", ".join(f"{p} {n}" for p, n in view["births_left"].items() if n))
    if view.get("keeping"):
        k = view["keeping"]
        lines.append(f"Saving {k['of']} endangered dinosaurs; kept so far: {', '.join(k['kept']) or 'none'}")
    if view.get("hand") is not None:
        lines.append("Your event cards: " + (", ".join(view["hand"]) or "none"))
    if view["over"]:
        lines.append("Game over: " + " and ".join(view["winners"]) + (" wins" if len(view["winners"]) == 1
                                                                       else " share the victory"))
    return "\n".join(lines)
