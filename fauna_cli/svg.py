"""A picture of a Fauna game for e-mail players: the 75 areas as a schematic map, the pieces, the scales.

Each area is a labelled box (land) or oval (sea) placed by its real position (data/board_layout.toml),
neighbours are joined by lines (dashed where the board joins them through its edge), every piece is a
disc in its player's colour, and the three scales stand beside the map with the card's asked scales
marked. Only what players see is drawn: the card front and the pieces, never the answer. Written with
the standard library's ElementTree, so the file is well-formed XML that any browser or mail client shows.
"""

from __future__ import annotations

import tomllib
import xml.etree.ElementTree as ET
from functools import lru_cache
from typing import Any

from rules.fauna.board import Board
from rules.fauna.scales import Scales

BOX_W, BOX_H = 104, 34
SCALE_W = 150  # width of one scale column beside the map
COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")  # one per seat, told apart in grey too
LAND, SEA, INK = "#efe3c2", "#cfe3f3", "#333333"
SVG_NS = "http://www.w3.org/2000/svg"


@lru_cache(maxsize=1)
def layout() -> dict[str, tuple[int, int]]:
    """Area name -> box centre, from the bundled layout file (presentation only, not in the data fingerprint)."""
    from rules.fauna import data  # finds the checkout's data/ or the installed copy, as for the rules' files

    areas = tomllib.loads(data.read_bytes("board_layout.toml").decode("utf-8"))["area"]
    return {name: (int(a["x"]), int(a["y"])) for name, a in areas.items()}


def _el(parent: ET.Element, tag: str, text: str | None = None, **attrs: Any) -> ET.Element:
    """A child element; attribute names use '_' for '-' (font_size -> font-size) and 'cls' for 'class'."""
    el = ET.SubElement(parent, tag, {("class" if k == "cls" else k.replace("_", "-")): str(v)
                                     for k, v in attrs.items()})
    if text is not None:
        el.text = text
    return el


def _label_lines(name: str) -> list[str]:
    """An area's name on one line, or two when it is too long for its box."""
    if len(name) <= 16 or " " not in name:
        return [name]
    words = name.replace("/", "/ ").split()
    best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return [" ".join(words[:best]).replace("/ ", "/"), " ".join(words[best:]).replace("/ ", "/")]


def board_svg(state: Any) -> str:
    """The game as SVG text: title, map with pieces, scales with pieces, players with colours and scores."""
    view = state.view(None)
    return render(view, state.board, state.scales, state.units, list(state.names),
                  [p.bot for p in state.config.players])


def render(view: dict[str, Any], board: Board, scales: Scales, units: str, names: list[str],
           bots: list[str | None]) -> str:
    """Draw a player's view (State.view) of a Fauna game; the answer is not in the view, so it cannot leak."""
    pos = layout()
    colour = {n: COLOURS[i % len(COLOURS)] for i, n in enumerate(names)}
    firsts = [n[:1].upper() for n in names]
    mark = {n: f if firsts.count(f) == 1 else str(i) for i, (n, f) in enumerate(zip(names, firsts, strict=True), 1)}
    on_area = {t["spot"]: t["player"] for t in view["taken"] if board.find(t["spot"]) is not None}
    map_w = max(x for x, _ in pos.values()) + BOX_W // 2 + 20
    map_h = max(y for _, y in pos.values()) + BOX_H // 2 + 20
    top = 70
    width, height = map_w + 3 * SCALE_W + 20, top + max(map_h, 640) + 30 + 24 * ((len(names) + 2) // 3)
    root = ET.Element("svg", {"xmlns": SVG_NS, "width": str(width), "height": str(height),
                              "viewBox": f"0 0 {width} {height}", "font-family": "sans-serif"})
    card = view["card"]
    state_line = ("Game over: " + ", ".join(view["winners"])
                  + (" wins" if len(view["winners"]) == 1 else " share the win")
                  if view["over"] else f"{view['to_move']} to move")
    _el(root, "title", f"Fauna, round {view['round']}: {card['name']}")
    _el(root, "rect", x=0, y=0, width=width, height=height, fill="white")
    _el(root, "text", f"Fauna, round {view['round']}: {card['class']} {card['name']} ({card['scientific']}), "
                      f"lives in {card['areas']} area{'s' if card['areas'] != 1 else ''}; {state_line}",
        x=16, y=28, font_size=18, font_weight="bold", fill=INK)
    asks = "; ".join(m["title"] + ("" if m["open"] else " (N/A)") for m in card["measures"]) or "areas only"
    _el(root, "text", f"Asks: {asks}. Starting player: {view['starting_player']}.", x=16, y=50, font_size=13,
        fill=INK)

    world = _el(root, "g", cls="map", transform=f"translate(0,{top})")
    _el(world, "rect", x=4, y=4, width=map_w - 8, height=map_h - 8, fill="#f7fbff", stroke="#aac", rx=8)
    links = _el(world, "g", cls="links", stroke="#8899aa", stroke_width=1.2)
    for link in board.links:
        (x1, y1), (x2, y2) = pos[link.a], pos[link.b]
        if link.kind == "wrap" or abs(x1 - x2) > map_w / 2:  # joined through the board's edge: two stubs
            left, right = sorted([(x1, y1), (x2, y2)])
            for (x, y), edge in ((left, 8), (right, map_w - 8)):
                _el(links, "line", cls="link wrap", x1=x, y1=y, x2=edge, y2=(y1 + y2) / 2, stroke_dasharray="5,4")
                _el(links, "title", f"{link.a} - {link.b} (through the map's edge)")
        else:
            _el(links, "line", cls="link", x1=x1, y1=y1, x2=x2, y2=y2)
    for area in board.areas:
        x, y = pos[area.name]
        g = _el(world, "g", cls=f"area {area.kind}", id=_ident(area.name))
        _el(g, "title", f"{area.name} ({area.continent})")
        owner = on_area.get(area.name)
        stroke, sw = (colour[owner], 3) if owner else ("#777", 1)
        if area.kind == "marine":
            _el(g, "ellipse", cx=x, cy=y, rx=BOX_W / 2, ry=BOX_H / 2, fill=SEA, stroke=stroke, stroke_width=sw)
        else:
            _el(g, "rect", x=x - BOX_W / 2, y=y - BOX_H / 2, width=BOX_W, height=BOX_H, rx=6, fill=LAND,
                stroke=stroke, stroke_width=sw)
        lines = _label_lines(area.name)
        for i, line in enumerate(lines):
            _el(g, "text", line, x=x, y=y + 4 + 11 * (i - (len(lines) - 1) / 2), font_size=10, text_anchor="middle",
                fill=INK)
        if owner:
            _piece(g, x + BOX_W / 2 - 6, y - BOX_H / 2 + 6, owner, colour[owner], mark[owner])

    _draw_scales(root, view, scales, units, map_w, top, colour, mark)
    _draw_players(root, view, names, bots, colour, mark, top + max(map_h, 640) + 24)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _ident(name: str) -> str:
    return "area-" + "".join(c if c.isalnum() else "-" for c in name.lower())


def _piece(parent: ET.Element, x: float, y: float, player: str, fill: str, mark: str, cls: str = "piece") -> None:
    """A player's piece: a disc in their colour with their initial or seat (so it reads in grey print too)."""
    g = _el(parent, "g", cls=cls)
    _el(g, "title", player)
    _el(g, "circle", cx=x, cy=y, r=8, fill=fill, stroke="white", stroke_width=1.5)
    _el(g, "text", mark, x=x, y=y + 3.5, font_size=9, font_weight="bold", fill="white",
        text_anchor="middle")


def _draw_scales(root: ET.Element, view: dict[str, Any], scales: Scales, units: str, left: int, top: int,
                 colour: dict[str, str], mark: dict[str, str]) -> None:
    """The three scales as columns of numbered spaces, the asked ones marked, pieces on their spaces."""
    asked = {m["scale"]: m for m in view["card"]["measures"]}
    on_space: dict[tuple[str, str], str] = {}
    for t in view["taken"]:
        word, _, label = t["spot"].partition(" ")
        for s in scales:
            if word == s.key or word in s.measures:
                on_space[(s.key, label)] = t["player"]
    for col, scale in enumerate(scales):
        x0 = left + 10 + col * SCALE_W
        g = _el(root, "g", cls=f"scale scale-{scale.key}", transform=f"translate({x0},{top})")
        m = asked.get(scale.key)
        state = "not asked" if m is None else "asked" if m["open"] else "N/A: closed"
        _el(g, "text", f"{scale.title}", x=0, y=14, font_size=12, font_weight="bold", fill=INK)
        _el(g, "text", f"({state})", x=0, y=28, font_size=10, fill=INK)
        spaces = scale.side(units).spaces
        step = min(22, (600 - 40) / len(spaces))
        for sp in spaces:
            y = 36 + sp.index * step
            player = on_space.get((scale.key, sp.label))
            fill = "#fff7d6" if m is not None and m["open"] else "#eeeeee"
            _el(g, "rect", cls="space", x=0, y=y, width=SCALE_W - 16, height=step - 2, rx=3, fill=fill,
                stroke=colour[player] if player else "#999", stroke_width=3 if player else 0.8)
            _el(g, "text", f"{sp.index + 1}. {sp.label}", x=6, y=y + step / 2 + 3, font_size=10, fill=INK)
            if player:
                _piece(g, SCALE_W - 28, y + step / 2 - 1, player, colour[player], mark[player])


def _draw_players(root: ET.Element, view: dict[str, Any], names: list[str], bots: list[str | None],
                  colour: dict[str, str], mark: dict[str, str], y0: int) -> None:
    """Who plays in which colour, with score, pieces in hand and in stock, and who is to move."""
    g = _el(root, "g", cls="players")
    for i, name in enumerate(names):
        x, y = 16 + (i % 3) * 420, y0 + (i // 3) * 24
        _piece(g, x + 8, y - 4, name, colour[name], mark[name], cls="swatch")
        kind = f" ({bots[i]})" if bots[i] else ""
        turn = "  <- to move" if name == view["to_move"] and not view["over"] else ""
        _el(g, "text", f"{name}{kind}: {view['scores'][name]} points, {view['hands'][name]} in hand, "
                       f"{view['stock'][name]} in stock{turn}", x=x + 22, y=y, font_size=13, fill=INK)
