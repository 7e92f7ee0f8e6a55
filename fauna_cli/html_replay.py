"""`fauna replay GAME --html FILE`: one self-contained web page to step through a game, from one point of view.

The page holds, for every decision, the game's own picture (Fauna's map from fauna_cli/svg.py, every other
game's `svg(view)` from fauna_cli/games/GAME.py) of what the point of view may see, the decisions as that
viewer reads them (others' hidden decisions in their public text), and the tables each round (or turn)
ended with. Nothing else goes in: a spectator's page is drawn from `state.view(None)` only, a player's from
`state.view(NAME)`, so what a viewer may not see is not in the file at all, not even hidden.

Size: consecutive pictures differ in a few lines, so each picture's lines are kept once in a table of
distinct lines and each step is written as copies of runs of the previous step's lines plus new line
numbers (see `_encode`); the page's script rebuilds a picture from them. The page loads nothing from
anywhere: its script and style are inline, and its Content-Security-Policy forbids every request.
"""

from __future__ import annotations

import base64
import hashlib
import html
import importlib
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from rules.core.errors import FaunaError
from rules.core.protocol import Table


class ViewRefused(FaunaError):
    """A point of view the file cannot give, or may not be given to (exit 2)."""


@dataclass
class Step:
    """The game after one decision (step 0: before the first), as the page's viewer sees it."""

    seq: int
    player: str | None  # who decided (None at the start)
    text: str  # the decision as the viewer reads it
    svg: str | None  # the picture; None where the file does not hold this position
    tables: list[Table] = field(default_factory=list)  # the tables this decision completed (a round ended)


@dataclass
class Page:
    """Everything the page shows: which game, whose view, the steps, the final tables, a note on what is missing."""

    game: str  # the game's title
    source: str  # the file it was made from, as named on the command line
    viewer: str | None  # None: a spectator
    players: list[str]
    steps: list[Step]
    final: list[Table]
    note: str = ""  # why some positions have no picture


# -- the steps of each kind of file ------------------------------------------------------------------

def protocol_steps(rules: Any, state: Any, viewer: str | None) -> tuple[list[Step], list[Table]]:
    """Every position of a protocol game (Arctic, ExoFauna, Evo), re-derived from its moves, seen by `viewer`."""
    draw = _drawer(rules.name)
    game = rules.restart(state)  # with the facts the log recorded, if the game records any
    steps = [Step(0, None, "", draw(game.view(viewer)))]
    public, tables_after = rules.public_move_text, rules.tables_after
    for player, move in state.history:
        text = game.move_text(move) if player == viewer else public(game, move)
        events = game.apply(move, player)
        steps.append(Step(game.seq, player, text, draw(game.view(viewer)), tables_after(game, events)))
    return steps, rules.final_tables(game) if game.is_over else []


def _drawer(game: str) -> Callable[[dict[str, Any]], str]:
    try:
        return importlib.import_module(f"fauna_cli.games.{game}").svg
    except (ModuleNotFoundError, AttributeError):
        raise ViewRefused(f"--html: {game} games have no picture yet") from None


def _named(names: list[str], name: str) -> str:
    """The player --as names (case-insensitively), or UnknownName with a suggestion."""
    from types import SimpleNamespace

    from fauna_cli.anygame import resolve

    return resolve(SimpleNamespace(names=names), name)


def from_game(loaded: Any, source: str, viewer: str | None, why: str) -> Page:
    """A page of a verified game (a log, an e-mail game, a revealed public file, a referee's key).

    `why` says when a player's view may be given: "over" (only once the game is over, since every player
    can read the file), "key" (the referee sees everything) or "revealed" (the game is over and public).
    """
    from fauna_cli.anygame import screen_for

    state = loaded.state
    names = list(state.names)
    rules = loaded.rules
    if viewer is not None:  # a game that hides nothing shows every player the spectator's page
        viewer = _named(names, viewer)
        if why == "over" and rules.hidden_information and not state.is_over:
            raise ViewRefused(f"{source}: --as {viewer}: the game is still running, and {viewer}'s hand is "
                              f"{viewer}'s alone; a page from a player's side is made once the game is over (or by "
                              "the referee, from the key file, in a refereed game)")
    steps, final = screen_for(rules).page_steps(rules, state, viewer)
    return Page(rules.title, source, viewer, names, steps, final)


def from_public(text: str, source: str, rules: Any, viewer: str | None) -> Page:
    """A page of a refereed game's public file: the whole game once revealed, else the public decisions only."""
    from rules.core.referee import verify_public

    check = verify_public(text, source, rules)
    if check.loaded is not None:
        return from_game(check.loaded, source, viewer, "revealed")
    if viewer is not None:
        raise ViewRefused(f"{source}: --as {viewer}: the public file of a refereed game holds nobody's hand; "
                          f"{viewer}'s view file makes {viewer}'s page")
    moves = []
    for line in text.split("\n"):
        m = re.match(r"^(\d+) ([^:]+): (.+) @[0-9a-f]+$", line)
        if m:
            moves.append(Step(int(m.group(1)), m.group(2), m.group(3), None))
    note = ("The positions are not in this file: a refereed game's public file holds only the public decisions "
            "until the referee reveals the seed at the end.")
    players = sorted({s.player for s in moves if s.player})
    return Page(rules.title, source, None, players, [Step(0, None, "", None), *moves], [], note)


def from_view(text: str, source: str, viewer: str | None) -> Page:
    """A page of a player's view file: its decisions as that player saw them, the picture of its last position."""
    from rules.core.names import normalize
    from rules.core.referee import read_view
    from rules.core.registry import load_rules

    v = read_view(text, source)
    rules = load_rules(v.game)
    if viewer is not None and normalize(viewer) != normalize(v.player):
        raise ViewRefused(f"{source}: --as {viewer}: this is {v.player}'s view file; it shows only what "
                          f"{v.player} sees")
    steps = [Step(0, None, "", None)]
    for line in v.history:
        m = re.match(r"^(\d+) ([^:]+): (.+)$", line, re.S)
        if m:
            steps.append(Step(int(m.group(1)), m.group(2), m.group(3), None))
    if rules.name == "fauna":  # Fauna's map is drawn from the game itself, which a view file does not hold
        note = "A Fauna view file holds no picture: the game file's page shows the map at every decision."
    else:
        steps[-1].svg = _drawer(rules.name)(v.view)
        note = (f"A view file holds {v.player}'s view after its last decision only: earlier positions have no "
                "picture here.")
    seats = v.view.get("players") or []
    players = [p if isinstance(p, str) else str(p.get("name")) for p in seats if isinstance(p, (str, dict))]
    players = players or sorted({s.player for s in steps if s.player})
    return Page(rules.title, source, v.player, players, steps, [], note)


def from_key(text: str, source: str, viewer: str | None) -> Page:
    """A page made by the referee from the key file: any player's side, or a spectator's."""
    from rules.core.log import load_game_log
    from rules.core.referee import read_key
    from rules.core.registry import rules_for_log

    _salt, log = read_key(text, source)
    rules = rules_for_log(log.split("\n", 1)[0])
    if rules is None:
        raise ViewRefused(f"{source}: the key file holds no game log of a game this fauna plays")
    return from_game(load_game_log(log, source, rules), source, viewer, "key")


def load_page(path: str, viewer: str | None, ignore_data_change: bool = False) -> Page:
    """Read any game file (log, e-mail game, public referee file, view file, key file) and make its page."""
    from fauna_cli.files import read_text
    from fauna_cli.gamefile import kind_of, load_game
    from rules.core.limits import MAX_LOG_BYTES, escape_control

    source = escape_control(path)
    kind = kind_of(path)
    if kind == "view":
        return from_view(read_text(path, "view file", MAX_LOG_BYTES), source, viewer)
    if kind == "key":
        return from_key(read_text(path, "key file", MAX_LOG_BYTES), source, viewer)
    if kind == "public":
        from fauna_cli.files import read_bytes
        from rules.core.log import decode_log
        from rules.core.registry import rules_for_log

        text = decode_log(read_bytes(path, "game file", MAX_LOG_BYTES), source)
        rules = rules_for_log(text.lstrip("\ufeff").split("\n", 1)[0])
        if rules is None:
            raise ViewRefused(f"{source}:1: not a game file of a game this fauna plays")
        return from_public(text, source, rules, viewer)
    return from_game(load_game(path, ignore_data_change=ignore_data_change), source, viewer, "over")


# -- the page ----------------------------------------------------------------------------------------

def _encode(prev: list[int], cur: list[int], where: dict[int, list[int]]) -> list[Any]:
    """One picture's lines as operations on the previous picture's: [start, count] copies a run, n adds line n.

    Greedy and linear: a run goes on while the next line is the next of the previous picture; where it
    breaks, the line is looked for in the previous picture (the first few places it stands, the longest run
    wins), else written as its number.
    """
    out: list[Any] = []
    i, n, m = 0, len(cur), len(prev)
    while i < n:
        line = cur[i]
        best, best_len = -1, 0
        for start in where.get(line, ())[:8]:
            k = 0
            while i + k < n and start + k < m and prev[start + k] == cur[i + k]:
                k += 1
            if k > best_len:
                best, best_len = start, k
        if best_len >= 2:
            out.append([best, best_len])
            i += best_len
        else:
            out.append(line)
            i += 1
    return out


def encode_pictures(svgs: list[str | None]) -> tuple[list[str], list[Any]]:
    """The distinct lines of all pictures, and each picture as operations (None: no picture at that step)."""
    table: dict[str, int] = {}
    lines: list[str] = []
    steps: list[Any] = []
    prev: list[int] = []
    where: dict[int, list[int]] = {}
    for svg in svgs:
        if svg is None:
            steps.append(None)
            continue
        cur = []
        for line in svg.split("\n"):
            k = table.get(line)
            if k is None:
                k = table[line] = len(lines)
                lines.append(line)
            cur.append(k)
        steps.append(_encode(prev, cur, where))
        prev, where = cur, {}
        for pos, k in enumerate(cur):
            where.setdefault(k, []).append(pos)
    return lines, steps


def decode_picture(lines: list[str], steps: list[Any], index: int) -> str | None:
    """The picture of step `index` rebuilt from `encode_pictures` (what the page's script does), for tests."""
    prev: list[int] = []
    cur: list[int] | None = None
    for ops in steps[:index + 1]:
        if ops is None:
            cur = None
            continue
        cur = []
        for op in ops:
            if isinstance(op, list):
                cur.extend(prev[op[0]:op[0] + op[1]])
            else:
                cur.append(op)
        prev = cur
    return None if cur is None else "\n".join(lines[k] for k in cur)


def _table_dict(t: Table) -> dict[str, Any]:
    return {"title": t.title, "headers": list(t.headers), "rows": [[str(c) for c in r] for r in t.rows]}


def _template(name: str) -> str:
    return resources.files("fauna_cli").joinpath(name).read_text(encoding="utf-8")


def _csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def page_html(page: Page) -> str:
    """The page as one HTML document: style, data, script and the decision list inline."""
    lines, ops = encode_pictures([s.svg for s in page.steps])
    data = {"game": page.game, "viewer": page.viewer,
            "steps": [{"seq": s.seq, "player": s.player, "text": s.text,
                       **({"tables": [_table_dict(t) for t in s.tables]} if s.tables else {})} for s in page.steps],
            "final": [_table_dict(t) for t in page.final], "lines": lines, "pictures": ops}
    # inside <script type="application/json"> no "<" may start markup ("</script", "<!--"): written as an escape,
    # the JSON reads the same
    blob = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    script, style = _template("html_replay.js"), _template("html_replay.css")
    who = page.viewer or "a spectator (public information only)"
    esc = html.escape
    items = []
    for s in page.steps:
        label = "Start: before the first decision" if s.seq == 0 else f"{s.player}: {s.text}"
        mark = ' <span class="ends">(results)</span>' if s.tables else ""
        items.append(f'<li id="d{s.seq}" value="{s.seq}"><a href="#{s.seq}">{esc(label)}</a>{mark}</li>')
    replacements = {
        "TITLE": esc(f"{page.game}: {os.path.basename(page.source)}"),
        "HEADING": esc(f"{page.game} game {os.path.basename(page.source)}"),
        "VIEWER": esc(who), "PLAYERS": esc(", ".join(page.players)),
        "NOTE": f'<p class="note">{esc(page.note)}</p>' if page.note else "",
        "LAST": str(len(page.steps) - 1), "DECISIONS": "\n".join(items),
        "CSP": f"default-src 'none'; script-src {_csp_hash(script)}; style-src {_csp_hash(style)}; img-src data:",
        "STYLE": style, "SCRIPT": script, "DATA": blob,
    }
    # one pass: a name or decision that reads like a placeholder is not filled in again
    return re.sub(r"\{\{([A-Z]+)\}\}", lambda m: replacements[m.group(1)], _template("html_replay.html"))


def write_page(source: str, target: str, viewer: str | None, force: bool, ignore_data_change: bool = False) -> Page:
    """`fauna replay SOURCE --html TARGET [--as NAME]`: make the page and write it (never over SOURCE)."""
    from fauna_cli.files import FileProblem, create_file
    from rules.core.limits import escape_control

    if _same_file(source, target):
        raise FileProblem(f"{escape_control(target)}: --html names the game file itself; choose another name "
                          "for the page")
    page = load_page(source, viewer, ignore_data_change)
    create_file(target, page_html(page), force)
    return page


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)
