"""The Evo island as terminal text: hex rows with the space names moves use, terrain, climate ring, dinosaurs."""

from __future__ import annotations

from typing import Any

from rules.core.words import count

RING_MARK = {"ideal": "=", "hot": "^", "cold": "v", "deadly": "x"}
RING_COLOR = {"ideal": "32", "hot": "31", "cold": "34", "deadly": "90"}
PLAYER_COLOR = ("93", "96", "95", "92", "91")
TERRAIN_LETTER = {"beach": "b", "plains": "p", "hills": "h", "mountains": "m"}
CELL = 7  # characters per space, its separator included: 11 spaces a row fit 80 columns
SHIFT = 3  # odd rows are drawn (about) half a space to the right


def _paint(text: str, code: str, color: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if color else text


def picture(view: dict[str, Any], color: bool = False) -> str:
    """The island and the table around it, from a `state.view(player)` dict."""
    players: list[str] = view["players"]
    letter = {p: str(i + 1) for i, p in enumerate(players)}  # digits: letters would read as the rows' letters
    at = {space: p for p, spaces in view["dinosaurs"].items() for space in spaces}
    rings: dict[str, str] = view["wheel"]["rings"]
    lines = [f"Evo, round {view['round']}, {view['phase']}" + (f": {view['to_move']} to move" if view["to_move"]
                                                                  else "")]
    for r, row in enumerate(view["board"]["rows"]):
        out = " " * SHIFT if r % 2 else ""
        for c, ch in enumerate(row):
            if ch == ".":
                out += _paint("  ~~~~ ", "36", color)
                continue
            name = f"{chr(65 + r)}{c + 1}"
            terrain = view["terrain"][name]
            ring = rings[terrain]
            owner = at.get(name)
            who = letter[owner] if owner else "."
            if owner and color:
                who = _paint(who, "1;" + PLAYER_COLOR[players.index(owner) % len(PLAYER_COLOR)], True)
            land = TERRAIN_LETTER[terrain] + RING_MARK[ring]
            out += f"{name:>3}" + _paint(land, RING_COLOR[ring], color) + who + " "
        lines.append(out.rstrip())
    lines.append("Each space: its name, terrain (b beach, p plains, h hills, m mountains), climate (= ideal, "
                 "^ hot: needs thermoregulation, v cold: needs fur, x deadly: needs cave dweller), then whose "
                 "dinosaur is there (a player's number; a dot: nobody's)")
    w = view["wheel"]
    parts = [f"{r} {'/'.join(t for t, rr in rings.items() if rr == r)}" for r in RING_MARK if r in rings.values()]
    lines.append(f"Climate: token {view['token'] or '-'}, wheel position {w['position']}: " + ", ".join(parts)
                 + f"; {count(view['tokens_left'], 'token')} left")
    if "next_token" in view:
        lines.append(f"Sixth Sense: the next climate token is {view['next_token']}")
    lines.append("Initiative: " + ", ".join(f"{letter[p]} {p}" for p in view["initiative"]))
    for p in players:
        genes = ", ".join(f"{g} x{n}" if n > 1 else g for g, n in view["genes"][p].items()) or "no genes"
        lost = view["lost"][p]
        tag = _paint(letter[p], "1;" + PLAYER_COLOR[players.index(p) % len(PLAYER_COLOR)], color)
        lines.append(f"  {tag} {p}: {count(view['mp'][p], 'mutation point')}, "
                     f"{count(len(view['dinosaurs'][p]), 'dinosaur')}, "
                     f"{count(view['cards_held'][p], 'event card')}, lost {lost['climate']} to climate and "
                     f"{lost['combat']} in combat; {genes}")
    if view["lab"] and view["phase"] == "auction":  # where genes are bought: what each column gives
        from rules.evo.learn import gene_text

        w = max(len(c["item"]) for c in view["lab"])
        lines.append("Lab (each player wins one column):")
        edition = view.get("edition", 1)
        lines += [f"  {c['item']:<{w}}  {gene_text(c['item'], edition)}" + (f"; bid {c['bid']} by {c['by']}" if c["by"]
                                                                             else "") for c in view["lab"]]
    elif view["lab"]:
        lines.append("Lab: " + ", ".join(f"{c['item']} ({c['bid']} by {c['by']})" if c["by"] else c["item"]
                                         for c in view["lab"]))
    if view.get("steps") is not None:
        lines.append(f"Movement points left: {view['steps']}")
    if view.get("births_left"):
        lines.append("Births left: " + ", ".join(f"{p} {n}" for p, n in view["births_left"].items() if n))
    if view.get("keeping"):
        k = view["keeping"]
        lines.append(f"Saving {count(k['of'], 'endangered dinosaur')}; kept so far: {', '.join(k['kept']) or 'none'}")
    if view.get("hand") is not None:
        lines.append("Your event cards: " + (", ".join(view["hand"]) or "none"))
    if view["over"]:
        lines.append("Game over: " + " and ".join(view["winners"]) + (" wins" if len(view["winners"]) == 1
                                                                       else " share the victory"))
    return "\n".join(lines)


# -- a picture for e-mail players (SVG) ---------------------------------------------------------------------

TERRAIN_FILL = {"beach": "#f3e2a9", "plains": "#b7dd8a", "hills": "#8fae5d", "mountains": "#a8a39a"}
RING_FILL = {"ideal": "#2ca02c", "hot": "#d62728", "cold": "#1f77b4", "deadly": "#555555"}
RING_MEANS = {"ideal": "ideal", "hot": "hot: thermoregulation", "cold": "cold: fur", "deadly": "deadly: cave dweller"}
SVG_PLAYERS = ("#e6ab02", "#17becf", "#e7298a", "#66a61e", "#d95f02")
HEX_R = 34.0


def _hex_points(cx: float, cy: float, r: float) -> str:
    """A pointy-topped hexagon's corners."""
    import math

    corners = [math.radians(60 * k - 30) for k in range(6)]
    return " ".join(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}" for a in corners)


def hex_centre(col: int, row: int) -> tuple[float, float]:
    """Where the space in row `row`, column `col` is drawn (odd rows half a space to the right, as moves see it)."""
    w = 3 ** 0.5 * HEX_R
    return 24 + w / 2 + col * w + (w / 2 if row % 2 else 0), 96 + HEX_R + row * 1.5 * HEX_R


def svg(view: dict[str, Any]) -> str:
    """Evo as SVG: the hex island in terrain colours with each space's name as moves use it and its climate zone,
    the dinosaurs as discs in player colours with their numbers, the climate wheel's zones now, players and lab;
    the viewer's event cards only when the view holds them."""
    import textwrap

    from fauna_cli.games.svgkit import canvas, el, finish, text

    players: list[str] = view["players"]
    letter = {p: str(i + 1) for i, p in enumerate(players)}  # digits: letters would read as the rows' letters
    colour = {p: SVG_PLAYERS[i % len(SVG_PLAYERS)] for i, p in enumerate(players)}
    at = {space: p for p, spaces in view["dinosaurs"].items() for space in spaces}
    rings: dict[str, str] = view["wheel"]["rings"]
    rows: list[str] = view["board"]["rows"]
    w = 3 ** 0.5 * HEX_R
    island_w = 24 + (max(len(r) for r in rows) + 0.5) * w + 24
    island_h = 96 + HEX_R * (1.5 * len(rows) + 0.5) + 20
    width = island_w + 440
    if view["over"]:
        state = "game over: " + " and ".join(view["winners"]) + (" wins" if len(view["winners"]) == 1
                                                                 else " share the victory")
    else:
        state = f"{view['phase']}" + (f", {view['to_move']} to move" if view["to_move"] else "")
    title = f"Evo, round {view['round']}: {state}"
    root = canvas(width, 2000, title)
    text(root, title, 16, 28, 18, font_weight="bold")
    text(root, "Spaces are named as moves use them (row letter, column number); a disc is a dinosaur with its "
               "player's number.", 16, 50, 12)

    island = el(root, "g", cls="island")
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            cx, cy = hex_centre(c, r)
            if ch == ".":
                el(island, "polygon", cls="water", points=_hex_points(cx, cy, HEX_R - 1), fill="#d6ecfa",
                   stroke="#ffffff")
                continue
            name = f"{chr(65 + r)}{c + 1}"
            terrain = view["terrain"][name]
            ring = rings[terrain]
            g = el(island, "g", cls="space", data_space=name, data_terrain=terrain, data_climate=ring)
            el(g, "title", f"{name}: {terrain}, {ring}")
            el(g, "polygon", points=_hex_points(cx, cy, HEX_R - 1), fill=TERRAIN_FILL[terrain],
               stroke=RING_FILL[ring], stroke_width=2.5)
            text(g, name, cx, cy - 14, 11, text_anchor="middle", font_weight="bold")
            text(g, ring, cx, cy + 16, 8, text_anchor="middle", fill=RING_FILL[ring], cls="zone-mark")
            owner = at.get(name)
            if owner:
                d = el(g, "g", cls="dino", data_player=owner)
                el(d, "title", f"{owner}'s dinosaur on {name}")
                el(d, "circle", cx=cx, cy=cy - 1, r=10, fill=colour[owner], stroke="#222222", stroke_width=1.5)
                text(d, letter[owner], cx, cy + 3.5, 12, text_anchor="middle", font_weight="bold", fill="#111111")

    x = island_w
    y = 96
    wheel = el(root, "g", cls="climate")
    text(wheel, "Climate wheel now", x, y, 14, font_weight="bold")
    y += 20
    text(wheel, f"token {view['token'] or '-'}, position {view['wheel']['position']}; "
                f"{count(view['tokens_left'], 'token')} left", x, y, 12)
    y += 12
    for terrain, ring in rings.items():
        z = el(wheel, "g", cls="zone", data_terrain=terrain, data_climate=ring)
        el(z, "rect", x=x, y=y, width=26, height=18, rx=3, fill=TERRAIN_FILL[terrain], stroke=RING_FILL[ring],
           stroke_width=2.5)
        text(z, f"{terrain}: {RING_MEANS[ring]}", x + 34, y + 14, 12, fill=RING_FILL[ring])
        y += 24
    if "next_token" in view:
        text(wheel, f"Sixth Sense: the next climate token is {view['next_token']}", x, y + 4, 12)
        y += 20
    y += 16
    text(root, "Players (initiative order: " + ", ".join(letter[p] for p in view["initiative"]) + ")", x, y, 14,
         font_weight="bold")
    y += 8
    for p in players:
        g = el(root, "g", cls="player", data_name=p)
        el(g, "circle", cx=x + 10, cy=y + 14, r=10, fill=colour[p], stroke="#222222")
        text(g, letter[p], x + 10, y + 18.5, 12, text_anchor="middle", font_weight="bold", fill="#111111")
        turn = "  (to move)" if p == view["to_move"] else ""
        text(g, f"{p}: {count(view['mp'][p], 'mutation point')}, {count(len(view['dinosaurs'][p]), 'dinosaur')}, "
                f"{count(view['cards_held'][p], 'event card')}{turn}", x + 26, y + 18, 12, font_weight="bold")
        genes = ", ".join(f"{g_} x{n}" if n > 1 else g_ for g_, n in view["genes"][p].items()) or "no genes"
        lost = view["lost"][p]
        for line in textwrap.wrap(f"lost {lost['climate']} to climate, {lost['combat']} in combat; {genes}", 66):
            text(g, line, x + 26, y + 34, 11)
            y += 15
        y += 28
    y += 8
    if view["lab"]:
        lab = "Lab: " + ", ".join(f"{c['item']} ({c['bid']} by {c['by']})" if c["by"] else c["item"]
                                  for c in view["lab"])
        for line in textwrap.wrap(lab, 62):
            text(root, line, x, y, 12, cls="lab")
            y += 17
    if view.get("steps") is not None:
        text(root, f"Movement points left: {view['steps']}", x, y, 12)
        y += 17
    if view.get("hand") is not None:
        hand = el(root, "g", cls="hand")
        for line in textwrap.wrap(f"Your event cards ({view['you']}): " + (", ".join(view["hand"]) or "none"), 62):
            text(hand, line, x, y, 12)
            y += 17
    return finish(root, max(island_h, y + 16))
