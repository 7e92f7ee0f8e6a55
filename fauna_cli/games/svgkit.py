"""The few SVG helpers the games' pictures share (standard library ElementTree, as fauna_cli/svg.py does).

A picture is drawn from a `state.view(player)` dict only, so it holds nothing the view does not: what a
player can attach to an e-mail is what that player (or a spectator) may see.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"
INK = "#333333"
PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")  # one per seat


def el(parent: ET.Element, tag: str, text: str | None = None, **attrs: Any) -> ET.Element:
    """A child element; attribute names use '_' for '-' (font_size -> font-size) and 'cls' for 'class'."""
    child = ET.SubElement(parent, tag, {("class" if k == "cls" else k.replace("_", "-")): _number(v)
                                        for k, v in attrs.items()})
    if text is not None:
        child.text = text
    return child


def _number(v: Any) -> str:
    """An attribute value; floats without needless decimals."""
    if isinstance(v, float):
        return f"{v:.1f}".rstrip("0").rstrip(".")
    return str(v)


def canvas(width: float, height: float, title: str) -> ET.Element:
    """The root element with a white background and a title (shown as a tooltip and by mail clients)."""
    root = ET.Element("svg", {"xmlns": SVG_NS, "width": _number(width), "height": _number(height),
                              "viewBox": f"0 0 {_number(width)} {_number(height)}", "font-family": "sans-serif"})
    el(root, "title", title)
    el(root, "rect", x=0, y=0, width=width, height=height, fill="white")
    return root


def text(parent: ET.Element, words: str, x: float, y: float, size: int = 12, **attrs: Any) -> ET.Element:
    """A line of text in the ink colour unless told otherwise."""
    attrs.setdefault("fill", INK)
    return el(parent, "text", words, x=x, y=y, font_size=size, **attrs)


def finish(root: ET.Element, height: float | None = None) -> str:
    """The SVG document as text; with `height`, the canvas is cut to it."""
    if height is not None:
        h = _number(height)
        root.set("height", h)
        root.set("viewBox", " ".join(root.get("viewBox", "0 0 0 0").split()[:3] + [h]))
        background = root.find("rect")
        if background is not None:
            background.set("height", h)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
