"""What a player may ask at the Fauna prompt: the rules in one screen, the score so far, the continents and their
areas, an area's neighbours, the open scales.

Fauna hides nothing but the card's answer, so every answer is the same for every viewer; none tells the answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.errors import DataError, FaunaError
from rules.core.names import normalize
from rules.core.protocol import PromptCommand
from rules.fauna import data
from rules.fauna.judge import MAP_ADJACENT, MAP_CORRECT, SCALES

if TYPE_CHECKING:
    from rules.fauna.board import Area, Board
    from rules.fauna.game import State
    from rules.fauna.scoring import ScoringTable

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


def plain_table(rows: list[list[str]], headers: list[str], pad: int = 2) -> str:
    """Columns two spaces apart under a dashed rule, each at least `pad` wider than its header (as the CLI's tables
    with the default; 0 keeps a table of many columns narrow)."""
    widths = [max(len(h) + pad, *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

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


def guide() -> dict[str, str]:
    """data/guide.toml: the `rules` text and the docs page it names (read through the data cache)."""
    doc = data.load_toml("guide.toml")
    try:
        return {"rules": str(doc["rules"]).strip("\n"), "docs": str(doc["docs"])}
    except KeyError as exc:
        raise DataError(f"data/guide.toml: missing key {exc}") from exc


def table_rows(table: ScoringTable) -> str:
    """'1:12/8, 2:10/5, ..., 17+:3/0': the scoring table's rows, home and adjacent points by areas lived in (each
    row one word, so a wrapped line never parts a row from its points)."""
    return ", ".join(f"{row.span}:{row.correct}/{row.adjacent}" for row in table.rows)


def rules_text(state: State, viewer: str | None) -> str:
    """The round, passing, the evaluation by this game's scoring table and the end, with the docs page for the rest."""
    from rules.fauna.game import PIECES, REFILL_TO

    g, table = guide(), state.table
    return g["rules"].format(docs=g["docs"], pieces=PIECES, table=table.name, rows=table_rows(table),
                             scale_correct=table.scale_correct, scale_adjacent=table.scale_adjacent,
                             refill=REFILL_TO, goal=state.goal)


def score_text(state: State, viewer: str | None) -> str:
    """Each player's score so far by where it came from, and their pieces: in hand, in stock, on this card.

    Only what earlier evaluations gave and where the pieces are: nothing about how this card's pieces will score.
    """
    rows = []
    for p, name in enumerate(state.names):
        tally = state.tally[p]
        note = ("wins" if name in state.winners else "") if state.over else \
            "passed" if state.passed[p] else "to move" if name == state.to_move else ""
        rows.append([name, str(state.score[p]), str(tally[MAP_CORRECT] + tally[MAP_ADJACENT]), str(tally[SCALES]),
                     str(state.hand[p]), str(state.stock[p]), str(state.placed[p] if not state.over else 0), note])
    best = max(state.score)
    done = state.round - 1
    head = (f"Final scores (goal {state.goal} points):" if state.over else
            (f"Scores after {done} round{'' if done == 1 else 's'}" if done else "Scores before the first evaluation")
            + f" (goal {state.goal} points; the leader needs {max(0, state.goal - best)} more):")
    return "\n".join([head, plain_table(rows, ["player", "score", "map", "scales", "hand", "stock", "placed", "now"],
                                         pad=0),
                      "map, scales: the points from each part; hand, stock: pieces; placed: pieces on this card, "
                      "which score when the round is evaluated."])


COMMANDS = (
    PromptCommand("rules", "the round, passing, the scoring and the end in one screen", rules_text),
    PromptCommand("score", "everyone's score so far, by part, and their pieces in hand and in stock", score_text),
    PromptCommand("areas", "the continents, or the areas of one (also: fauna map areas)", areas_answer,
                  argument="[CONTINENT]", aliases=("map",)),
    PromptCommand("neighbors", "the areas next to AREA, and how they are linked (also: fauna map neighbors)",
                  neighbors_answer, argument="AREA", aliases=("neighbours",)),
    PromptCommand("scales", "the spaces of the scales open for this card", scales_text),
)
