"""What a player may ask at the Arctic prompt: the rules in one screen, the powers, the score so far.

Each answer is built from what the viewer may see only: piles (a face-down wild card counts by its place, not
its name), penalty counts, tokens and power holders are public; a totem is told to its owner alone.
"""

from __future__ import annotations

import os
import tomllib
from functools import lru_cache
from typing import TYPE_CHECKING

from rules.arctic.cards import ANIMALS, DATA, LANDSCAPE, RUN_POINTS, _data_path
from rules.arctic.scoring import score_player
from rules.core.errors import DataError
from rules.core.protocol import PromptCommand

if TYPE_CHECKING:
    from rules.arctic.state import ArcticState


@lru_cache(maxsize=1)
def guide() -> dict[str, str]:
    """data/arctic/guide.toml: the `rules` text and the docs page it names."""
    path = os.path.join(os.path.dirname(_data_path()), "guide.toml")
    try:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"cannot read {path}: {exc}") from exc
    return {"rules": str(doc["rules"]).strip("\n"), "docs": str(doc["docs"])}


def _runs_scale() -> str:
    """'2/3/4/5/6+ cards: 1/3/6/10/15' from the run points of the data file."""
    lengths = [n for n, p in enumerate(RUN_POINTS) if p > 0]
    return ("/".join(str(n) for n in lengths) + "+ cards: "
            + "/".join(str(RUN_POINTS[n]) for n in lengths) + " points")


def rules_text(state: ArcticState, viewer: str | None) -> str:
    """The turn, the end and the scoring in one screen, with the docs page for the rest."""
    g = guide()
    return g["rules"].format(docs=g["docs"], landscape=" ".join(str(v) for v in LANDSCAPE),
                             river=DATA.river_size, limit=DATA.hand_limit, runs=_runs_scale())


def powers_text(state: ArcticState, viewer: str | None) -> str:
    """Each power card: the side in play, what it does and who holds it now (public: power cards lie face up)."""
    lines = ["Power cards (when your new visible card shows an animal as its main animal, you take that power):"]
    for a, animal in enumerate(ANIMALS):
        side = "AB"[state.sides[a]]
        holder = state.holders[a]
        who = "held by " + ("you" if state.names[holder] == viewer else state.names[holder]) if holder >= 0 \
            else "nobody holds it yet"
        lines.append(f"  {animal + ' ' + side:<8}  {DATA.powers[animal][side]} ({who})")
    return "\n".join(lines)


def score_text(state: ArcticState, viewer: str | None) -> str:
    """Everyone's score if the game ended now, by part; a totem only for its owner (or everyone's at the end)."""
    w = max(6, *(len(n) for n in state.names))
    lines = ["Score if the game ended now:",
             f"  {'player':<{w}} {'runs':>5} {'diversity':>9} {'totem':>13} {'penalty':>7} {'total':>7}"]
    for s, name in enumerate(state.names):
        known = state.over or name == viewer
        sc = score_player(state.piles[s], len(state.penalties[s]), state.totems[s] if known else 0, state.tokens)
        runs = sum(sc.animal_points)
        totem = f"{ANIMALS[state.totems[s]]} {sc.totem}" if known else "secret"
        total = str(sc.total) if known else f"{sc.total - sc.totem} + ?"
        lines.append(f"  {name:<{w}} {runs:>5} {sc.diversity:>9} {totem:>13} {-sc.penalties:>7} {total:>7}")
    lines.append("runs: each animal's longest run in the pile; totem: the landscape card under the totem's token"
                 + ("" if state.over else " (yours only; the others' totems stay secret until the end)") + ".")
    return "\n".join(lines)


COMMANDS = (
    PromptCommand("rules", "the turn, the end and the scoring in one screen", rules_text),
    PromptCommand("powers", "what each power card does, its side in play, and who holds it", powers_text),
    PromptCommand("score", "everyone's score if the game ended now, by part (your own totem only)", score_text),
)
