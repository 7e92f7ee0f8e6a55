"""What a player may ask at the Fauna prompt: the continents and their areas, an area's neighbours, the open scales.

Fauna hides nothing but the card's answer, so every answer is the same for every viewer; none tells the answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.errors import FaunaError
from rules.core.names import normalize
from rules.core.protocol import PromptCommand

if TYPE_CHECKING:
    from rules.fauna.board import Area, Board
    from rules.fauna.game import State

SEA_WORDS = ("marine", "sea", "seas", "ocean")  # also name the Oceans


def areas_text(board: Board, word: str) -> str | None:
    """The continents with their areas, or one continent's areas; None if `word` names no continent."""
    conts: dict[str, list[Area]] = {}
    for a in board.areas:
        conts.setdefault(a.continent, []).append(a)
    if not word:
        return "\n".join(f"{c} ({len(areas)}): " + ", ".join(a.name for a in areas) for c, areas in conts.items())
    key = normalize(word)
    for c, areas in conts.items():
        if normalize(c) == key or (key in SEA_WORDS and c == "Oceans") or normalize(c.split("/")[0]) == key:
            rows = [f"{a.name}" + (f" (also {', '.join(a.aliases)})" if a.aliases else "") for a in areas]
            return f"{c}, {len(areas)} areas: " + "; ".join(rows)
    return None


def areas_answer(state: State, viewer: str | None, word: str = "") -> str:
    """`areas [CONTINENT]` at the prompt: the areas, or which continents there are when WORD names none."""
    listed = areas_text(state.board, word.strip())
    if listed is not None:
        return listed
    conts = ", ".join(dict.fromkeys(a.continent for a in state.board.areas))
    return f"  areas CONTINENT: {word.strip()!r} is not a continent (continents: {conts})"


def neighbors_text(board: Board, word: str) -> str:
    """The areas next to an area, with their links; or what is wrong with the name (with a suggestion)."""
    if not word:
        return "  neighbors AREA: name an area, e.g. neighbors Tasmania"
    try:
        area = board.area(word)
    except FaunaError as exc:
        return f"  {exc}"
    links = board.neighbor_links(area)
    return f"Neighbours of {area.name} ({len(links)}): " + ", ".join(f"{n} ({kind})" for n, kind in links)


def neighbors_answer(state: State, viewer: str | None, word: str = "") -> str:
    """`neighbors AREA` at the prompt."""
    return neighbors_text(state.board, word.strip())


def plain_table(rows: list[list[str]], headers: list[str]) -> str:
    """Columns two spaces apart under a dashed rule, each at least two wider than its header (as the CLI's tables)."""
    widths = [max(len(h) + 2, *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()

    return "\n".join([line(headers), "  ".join("-" * w for w in widths), *map(line, rows)])


def scales_text(state: State, viewer: str | None = None) -> str:
    """The spaces of the scales open for the current card, numbered, with what is taken."""
    taken = dict(state.taken())
    out = []
    for key, measure in state.animal.open_measures().items():
        scale = state.scales.get(key)
        rows = [[str(sp.index + 1), sp.label, taken.get(f"{key} {sp.label}", "")]
                for sp in scale.side(state.units).spaces]
        out.append(f"{scale.title} ({measure.replace('_', ' ')}):\n" + plain_table(rows, ["#", "space", "taken by"]))
    return "\n\n".join(out) if out else "No scale is open for this animal."


COMMANDS = (
    PromptCommand("areas", "the continents, or the areas of one (also: fauna map areas)", areas_answer,
                  argument="[CONTINENT]", aliases=("map",)),
    PromptCommand("neighbors", "the areas next to AREA, and how they are linked (also: fauna map neighbors)",
                  neighbors_answer, argument="AREA", aliases=("neighbours",)),
    PromptCommand("scales", "the spaces of the scales open for this card", scales_text),
)
