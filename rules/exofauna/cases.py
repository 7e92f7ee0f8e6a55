"""Rule cases for ExoFauna/Duo: a position (dealt by the seed or written out), moves, and expectations.

The format is documented in docs/rule-cases-exofauna.md. A file is validated whole before any case runs;
every problem is a CaseFormatError naming the file and line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.core.cases import CaseFormatError, CaseResult, Check
from rules.core.errors import FaunaError, MoveSyntaxError
from rules.core.limits import InputRefused, load_toml
from rules.core.names import normalize, suggest
from rules.core.shape import Bool, Int, ListOf, MapOf, Record, Shape, Text, check_shape
from rules.exofauna.config import Config, PlayerSpec
from rules.exofauna.data import design
from rules.exofauna.events import Event
from rules.exofauna.log import lines_after
from rules.exofauna.moves import Names, parse_move
from rules.exofauna.state import EMPTY, State, names_for

CASE_KEYS = ("name", "rule", "source", "players", "start", "seed", "quick", "position", "moves", "illegal",
             "expect")
DEFAULT_KEYS = ("players", "start", "seed", "quick")
POSITION_KEYS = ("turn", "actions_used", "hands", "decks", "holes", "claimed")
HOLE_KEYS = ("colour",)
EXPECT_KEYS = ("to_move", "decision", "actions_used", "turn", "hands", "hand_sizes", "decks", "deck_sizes",
               "deck_bottom", "holes", "hole_counts", "hole_colours", "claimed", "over", "winners", "legal",
               "not_legal", "legal_count", "lines", "error", "message")
SOURCES = ("rules", "design")

# The kinds of value each key holds, checked before any is used (names are checked by _check_position/_expect).
_TEXT, _NUMBER = Text(0, 1_000), Int(0, 1_000_000)
_CARDS = MapOf(_TEXT, ListOf(_TEXT))
_HOLES = MapOf(_TEXT, MapOf(_TEXT, _TEXT))
POSITION_SHAPE = Record({}, {"turn": _TEXT, "actions_used": _NUMBER, "hands": _CARDS, "decks": _CARDS,
                             "holes": _HOLES, "claimed": _CARDS})
EXPECT_SHAPE = Record({}, {
    "to_move": _TEXT, "decision": _TEXT, "actions_used": _NUMBER, "turn": _NUMBER, "hands": _CARDS,
    "hand_sizes": MapOf(_TEXT, _NUMBER), "decks": _CARDS, "deck_sizes": MapOf(_TEXT, _NUMBER), "deck_bottom": _CARDS,
    "holes": _HOLES, "hole_counts": MapOf(_TEXT, ListOf(_NUMBER, 2, 2)), "hole_colours": MapOf(_TEXT, _TEXT),
    "claimed": MapOf(_TEXT, _NUMBER), "over": Bool(), "winners": ListOf(_TEXT), "legal": ListOf(_TEXT),
    "not_legal": ListOf(_TEXT), "legal_count": _NUMBER, "lines": ListOf(_TEXT), "error": _TEXT, "message": _TEXT})


@dataclass
class Case:
    """One rule case, validated: its set-up, moves and expectations."""

    name: str
    rule: str
    source: str
    where: str
    line: int
    players: list[str]
    start: str | None
    seed: int
    quick: bool
    position: dict[str, Any] | None
    moves: list[str]
    illegal: str | None
    expect: dict[str, Any] = field(default_factory=dict)
    kind: str = "position"


class _Loc:
    """Line numbers of `[[case]]` tables and their keys, for error messages."""

    def __init__(self, text: str) -> None:
        """Find where each [[case]] starts."""
        self.lines = text.splitlines()
        self.starts = [i + 1 for i, ln in enumerate(self.lines) if ln.strip().startswith("[[case]]")]

    def find(self, index: int, key: str | None = None) -> int:
        """The line of case `index`, or of its `key`."""
        start = self.starts[index] if index < len(self.starts) else 1
        if key is None:
            return start
        end = self.starts[index + 1] if index + 1 < len(self.starts) else len(self.lines) + 1
        for n in range(start, end):
            if re.match(rf"\s*(\[case\.)?{re.escape(key)}\b", self.lines[n - 1]):
                return n
        return start


def _unknown(key: str, allowed: tuple[str, ...], what: str) -> str:
    """An unknown-key message with a did-you-mean."""
    hints = suggest(key, {normalize(k): k for k in allowed})
    extra = "; did you mean " + " or ".join(repr(h) for h in hints) + "?" if hints else ""
    return f"unknown key {what}{key}{extra}"


def parse_card(nm: Names, text: Any) -> int:
    """'Primu yellow' as a card number; ValueError with the reason."""
    if not isinstance(text, str) or len(text.split()) != 2:
        raise ValueError(f"a card is written 'NAME COLOUR', e.g. 'Primu yellow', not {text!r}")
    name, colour = text.split()
    return nm.organism(name) * 2 + nm.colour(colour)


def parse_cases(text: str, where: str = "<cases>", base_dir: Path | None = None) -> list[Case]:
    """Validate a whole case file and return its cases; any problem is a CaseFormatError at FILE:LINE."""
    try:
        doc = load_toml(text)  # nesting and numbers bounded (rules/core/limits.py)
    except InputRefused as exc:
        raise CaseFormatError(where, exc.line or 1, exc.message) from None
    loc = _Loc(text)
    for key in doc:
        if key not in ("game", "defaults", "case"):
            raise CaseFormatError(where, 1, _unknown(key, ("game", "defaults", "case"), ""))
    if doc.get("game") != "exofauna":
        raise CaseFormatError(where, 1, "an ExoFauna case file starts with game = \"exofauna\"")
    defaults = doc.get("defaults", {})
    for key in defaults:
        if key not in DEFAULT_KEYS:
            raise CaseFormatError(where, 1, _unknown(key, DEFAULT_KEYS, "defaults."))
    raw = doc.get("case", [])
    if not isinstance(raw, list) or not raw:
        raise CaseFormatError(where, 1, "no [[case]] tables")
    nm = names_for(design())
    out: list[Case] = []
    seen: set[str] = set()
    for i, c in enumerate(raw):
        line = loc.find(i)

        def fail(msg: str, key: str | None = None, i: int = i, name: str = str(c.get("name", "?"))) -> CaseFormatError:
            """A file error at this case (and key)."""
            return CaseFormatError(where, loc.find(i, key), f"case {name!r}: {msg}")

        for key in c:
            if key not in CASE_KEYS:
                raise fail(_unknown(key, CASE_KEYS, ""), key)
        for key in ("name", "rule", "expect"):
            if key not in c:
                raise fail(f"needs {key!r}")
        if not isinstance(c["name"], str) or c["name"] in seen:
            raise fail("name must be a text unique in the file", "name")
        seen.add(c["name"])
        if not isinstance(c["rule"], str) or not c["rule"].strip():
            raise fail("rule must quote the rule it pins", "rule")
        source = c.get("source", "rules")
        if source not in SOURCES:
            raise fail(f"source must be one of {', '.join(SOURCES)}", "source")
        merged = {**defaults, **c}
        players = merged.get("players", ["alice", "bob"])
        if not (isinstance(players, list) and len(players) == 2 and all(isinstance(p, str) for p in players)
                and players[0] != players[1]):
            raise fail("players must be two different names", "players")
        start = merged.get("start")
        if start is not None and start not in players:
            raise fail(f"start {start!r} is not one of the players", "start")
        seed = merged.get("seed", 1)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
            raise fail("seed must be a whole number 0..2^64-1", "seed")
        quick = merged.get("quick", False)
        if not isinstance(quick, bool):
            raise fail("quick must be true or false", "quick")
        position = c.get("position")
        if position is not None:
            try:
                _check_position(nm, position, players)
            except (ValueError, TypeError, FaunaError) as exc:
                raise fail(str(exc), "position") from None
        moves = c.get("moves", [])
        if isinstance(moves, str):
            moves = [ln.split("#", 1)[0].strip() for ln in moves.splitlines()]
            moves = [m for m in moves if m]
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise fail("moves must be a list of texts", "moves")
        for m in moves + ([c["illegal"]] if isinstance(c.get("illegal"), str) else []):
            try:
                _syntax(nm, m, players)
            except (FaunaError, ValueError) as exc:
                if "illegal" in c and m == c["illegal"]:
                    continue  # an illegal move may be malformed on purpose
                raise fail(f"move {m!r}: {exc}", "moves") from None
        illegal = c.get("illegal")
        if illegal is not None and not isinstance(illegal, str):
            raise fail("illegal must be a move text", "illegal")
        expect = c["expect"]
        if not isinstance(expect, dict) or not expect:
            raise fail("expect must be a table with at least one key", "expect")
        for key in expect:
            if key not in EXPECT_KEYS:
                raise fail(_unknown(key, EXPECT_KEYS, "expect."), key)
        if ("error" in expect or "message" in expect) and illegal is None:
            raise fail("expect.error and expect.message need an illegal move", "expect")
        try:
            _check_expect(nm, expect, players)
        except (ValueError, TypeError, FaunaError) as exc:
            raise fail(str(exc), "expect") from None
        out.append(Case(c["name"], c["rule"], source, where, line, players, start, seed, quick, position, moves,
                        illegal, expect))
    return out


def _split_player(text: str, players: list[str]) -> tuple[str | None, str]:
    """Split "bob: pass" into the player (or None) and the move."""
    if ":" in text:
        who, _, move = text.partition(":")
        who = who.strip()
        if who not in players:
            raise ValueError(f"{who!r} is not a player of this case")
        return who, move.strip()
    return None, text.strip()


def _syntax(nm: Names, text: str, players: list[str]) -> None:
    """A move's words and names are readable (its legality is the case's business)."""
    _, move = _split_player(text, players)
    try:
        parse_move(nm, move, [])
    except MoveSyntaxError as exc:
        if not str(exc).startswith("say which colour"):
            raise


def _shaped(value: dict[str, Any], shape: Shape, what: str) -> None:
    """The kinds of value a table holds (a text where a name goes, a number where a count goes), else ValueError."""
    try:
        check_shape(value, shape, what)
    except InputRefused as exc:
        raise ValueError(exc.message) from None


def _check_position(nm: Names, pos: Any, players: list[str]) -> None:
    """Validate a position table: players, cards, holes, spaces and colours."""
    if not isinstance(pos, dict):
        raise TypeError("position must be a table")
    for key in pos:
        if key not in POSITION_KEYS:
            raise ValueError(_unknown(key, POSITION_KEYS, "position."))
    _shaped(pos, POSITION_SHAPE, "position")
    if "turn" in pos and pos["turn"] not in players:
        raise ValueError(f"position.turn {pos['turn']!r} is not a player")
    au = pos.get("actions_used", 0)
    if not isinstance(au, int) or not 0 <= au < nm.d.actions:
        raise ValueError(f"position.actions_used must be 0..{nm.d.actions - 1}")
    for key in ("hands", "decks"):
        for who, cards in pos.get(key, {}).items():
            if who not in players or not isinstance(cards, list):
                raise ValueError(f"position.{key}: {who!r} is not a player, or its cards are not a list")
            for t in cards:
                parse_card(nm, t)
    for who, cols in pos.get("claimed", {}).items():
        if who not in players or not isinstance(cols, list):
            raise ValueError(f"position.claimed: {who!r} is not a player, or not a list of colours")
        for col in cols:
            nm.colour(col)
    for label, hole in pos.get("holes", {}).items():
        nm.hole(label)
        if not isinstance(hole, dict):
            raise TypeError(f"position.holes.{label} must be a table of spaces")
        for key, value in hole.items():
            if key == "colour":
                nm.colour(value)
            else:
                nm.space(key)
                parse_card(nm, value)


def _check_expect(nm: Names, e: dict[str, Any], players: list[str]) -> None:
    """Validate the names in an expectation table (players, cards, holes, spaces)."""
    _shaped(e, EXPECT_SHAPE, "expect")
    for key in ("hands", "decks", "deck_bottom"):
        for who, cards in e.get(key, {}).items():
            if who not in players:
                raise ValueError(f"expect.{key}: {who!r} is not a player")
            for t in cards:
                parse_card(nm, t)
    for key in ("hand_sizes", "deck_sizes", "claimed"):
        for who in e.get(key, {}):
            if who not in players:
                raise ValueError(f"expect.{key}: {who!r} is not a player")
    for label, spaces in e.get("holes", {}).items():
        nm.hole(label)
        for sp, value in spaces.items():
            nm.space(sp)
            if value != "empty":
                parse_card(nm, value)
    for label in list(e.get("hole_counts", {})) + list(e.get("hole_colours", {})):
        nm.hole(label)


def build_state(case: Case) -> State:
    """The case's starting state: dealt by the seed, then overwritten by its position if it has one."""
    specs = (PlayerSpec(case.players[0]), PlayerSpec(case.players[1]))
    config = Config(specs, case.seed, case.start or case.players[0], case.quick)
    state = State(config, case.seed)
    pos = case.position
    if pos is None:
        return state
    nm = state.nm
    k = {n: state.colour_of(n) for n in case.players}
    state.hands = [[], []]
    state.decks = [[], []]
    for who, cards in pos.get("hands", {}).items():
        state.hands[k[who]] = [parse_card(nm, t) for t in cards]
    for who, cards in pos.get("decks", {}).items():
        state.decks[k[who]] = [parse_card(nm, t) for t in cards]
    for who, cols in pos.get("claimed", {}).items():
        state.claimed[k[who]] = [nm.colour(col) for col in cols]
    for label, hole in pos.get("holes", {}).items():
        h = nm.hole(label)
        for key, value in hole.items():
            if key == "colour":
                state.hole_colour[h] = nm.colour(value)
            else:
                state.holes[h][nm.space(key)] = parse_card(nm, value)
    state.turn_colour = k[pos.get("turn", state.by_colour[0])]
    state.actions_used = pos.get("actions_used", 0)
    return state


def run_case(case: Case) -> CaseResult:
    """Play a case and compare every expectation with what the engine did."""
    checks: list[Check] = []
    state = build_state(case)
    lines: list[str] = []
    for text in case.moves:
        who, move = _split_player(text, case.players)
        try:
            events: list[Event] = state.apply(move, who)
        except FaunaError as exc:
            checks.append(Check("setup", f"{text!r} applies", f"{type(exc).__name__}: {exc}", False))
            return CaseResult(case, tuple(checks))
        lines += lines_after(state, events)
    e = case.expect
    if case.illegal is not None:
        who, move = _split_player(case.illegal, case.players)
        try:
            state.copy().apply(move, who)
            got_kind, got_msg = "accepted", ""
        except FaunaError as exc:
            got_kind, got_msg = type(exc).__name__, str(exc)
        if "error" in e:
            checks.append(Check("error", e["error"], got_kind, got_kind == e["error"]))
        else:
            checks.append(Check("refused", True, got_kind != "accepted", got_kind != "accepted"))
        if "message" in e:
            checks.append(Check("message", e["message"], got_msg, e["message"].lower() in got_msg.lower()))
    nm = state.nm
    col = {n: state.colour_of(n) for n in case.players}

    def add(key: str, expected: Any, actual: Any) -> None:
        """Record one comparison."""
        checks.append(Check(key, expected, actual, expected == actual))

    def cards(xs: list[int]) -> list[str]:
        """Cards as text."""
        return [nm.card(c) for c in xs]

    simple: dict[str, Callable[[], Any]] = {"to_move": lambda: state.to_move or "none", "decision": state.decision,
              "actions_used": lambda: state.actions_used, "turn": lambda: state.turn, "over": lambda: state.over,
              "legal_count": lambda: len(state.legal_moves())}
    for key, fn in simple.items():
        if key in e:
            add(key, e[key], fn())
    if "winners" in e:
        add("winners", sorted(e["winners"]), sorted(state.winners))
    for who, want in e.get("hands", {}).items():
        add(f"hands[{who}]", sorted(nm.card(parse_card(nm, t)) for t in want), sorted(cards(state.hands[col[who]])))
    for who, want in e.get("decks", {}).items():
        add(f"decks[{who}]", [nm.card(parse_card(nm, t)) for t in want], cards(state.decks[col[who]]))
    for who, want in e.get("deck_bottom", {}).items():
        deck = state.decks[col[who]]
        add(f"deck_bottom[{who}]", [nm.card(parse_card(nm, t)) for t in want],
            cards(deck[len(deck) - len(want):]) if want else [])
    for who, n in e.get("hand_sizes", {}).items():
        add(f"hand_sizes[{who}]", n, len(state.hands[col[who]]))
    for who, n in e.get("deck_sizes", {}).items():
        add(f"deck_sizes[{who}]", n, len(state.decks[col[who]]))
    for who, n in e.get("claimed", {}).items():
        add(f"claimed[{who}]", n, len(state.claimed[col[who]]))
    for label, spaces in e.get("holes", {}).items():
        h = nm.hole(label)
        for sp, value in spaces.items():
            c = state.holes[h][nm.space(sp)]
            want = value if value == "empty" else nm.card(parse_card(nm, value))
            add(f"holes[{label} {sp}]", want, "empty" if c == EMPTY else nm.card(c))
    for label, want in e.get("hole_counts", {}).items():
        hole = state.holes[nm.hole(label)]
        add(f"hole_counts[{label}]", list(want), [sum(1 for c in hole if c != EMPTY and c & 1 == k) for k in (0, 1)])
    for label, want in e.get("hole_colours", {}).items():
        add(f"hole_colours[{label}]", want, nm.d.colours[state.hole_colour[nm.hole(label)]])
    if "legal" in e or "not_legal" in e:
        legal = {state.move_text(m) for m in state.legal_moves()}

        def canon(t: str) -> str:
            """A move text in its canonical form, or as written when it does not parse."""
            try:
                return state.move_text(state.parse(t))
            except FaunaError:
                return t
        for t in e.get("legal", []):
            add(f"legal[{t}]", True, canon(t) in legal)
        for t in e.get("not_legal", []):
            add(f"not_legal[{t}]", False, canon(t) in legal)
    for want in e.get("lines", []):
        found = next((ln for ln in lines if want.lower() in ln.lower()), None)
        checks.append(Check(f"lines[{want}]", want, found or "(no such line)", found is not None))
    return CaseResult(case, tuple(checks))
