"""Rule cases: edge cases written as data (TOML) that the engine runs and checks, like DATC for Diplomacy.

A case file holds `[[case]]` tables (and optionally `[defaults]` and shared `[[animal]]` tables). A case
is a board question (`adjacent`, `neighbors`, `alias`) or a position (a game config, the animal(s),
the pieces or moves, optionally one `illegal` move) with expectations. `parse_cases` validates a
whole file first (errors are `FILE:LINE: message`), `run_case` plays it and returns every check with
the expected and the actual value. The format is documented in docs/rule-cases.md.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, NoReturn

from rules.core import errors as _errors
from rules.core.cases import CaseFormatError, CaseResult, Check
from rules.core.cases import show as show  # re-exported: tests and callers read case results through it
from rules.core.errors import ConfigError, FaunaError, IllegalMove, UnknownName
from rules.core.limits import InputRefused, load_toml
from rules.core.names import normalize, suggest
from rules.fauna.animals import MEASURES, SIZE_MEASURES, Animal, Deck, Source
from rules.fauna.board import Board
from rules.fauna.config import Config
from rules.fauna.events import Event, Passed, Placed, RoundEvaluated, Upkeep
from rules.fauna.game import State, new_game
from rules.fauna.moves import SCALE_WORDS, parse_move
from rules.fauna.scales import UNIT_WORDS, Scales

TOP_KEYS = ("game", "case", "animal", "defaults")  # game = "fauna" is optional
META_KEYS = ("name", "rule", "source")
QUESTION_KEYS = ("adjacent", "neighbors", "alias")
CONFIG_KEYS = ("players", "preset", "units", "seed", "start", "goal")
POSITION_KEYS = CONFIG_KEYS + ("animal", "animals", "pieces", "moves", "illegal", "expect")
CASE_KEYS = META_KEYS + QUESTION_KEYS + POSITION_KEYS
DEFAULT_KEYS = CONFIG_KEYS + ("animal", "animals")
ANIMAL_KEYS = ("name", "scientific", "class", "areas") + MEASURES
VERDICTS = ("correct", "adjacent", "nothing")
DEFAULT_SEED = 1

# Expectation keys of a position case, in the order their checks are reported, with the value shape.
EXPECT_KEYS = {
    "error": "error", "message": "text",
    "points": "piece_int", "verdicts": "piece_verdict", "correct_spaces": "scale_space",
    "player_points": "player_int", "returned": "player_int", "lost": "player_int",
    "took_back": "player_int", "refilled": "player_int",
    "scores": "player_int", "hands": "player_int", "stock": "player_int",
    "evaluations": "int", "auto_passed": "player_list", "round": "int", "animal": "text", "starting_player": "player",
    "to_move": "player", "goal": "int", "over": "bool", "winners": "player_set",
}

# The error kinds a case may expect: the FaunaError family of rules/core/errors.py, by class name.
ERROR_KINDS = {name: obj for name, obj in sorted(vars(_errors).items())
               if isinstance(obj, type) and issubclass(obj, FaunaError)}

Fail = Callable[[tuple[str, ...], str], NoReturn]  # reports a file error at a key path; never returns
Rounds = tuple[tuple[tuple[str, tuple[str, ...]], ...], ...]  # per round: (player, move texts)

_TOML_POS = re.compile(r"\s*\(at line (\d+), column (\d+)\)")
_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z_][\w.\-]*)\s*\]\]?\s*(?:#.*)?$")


# -- the parsed form ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One validated case: what to set up, what to ask, what is expected, and where it was written."""

    name: str
    rule: str
    source: str
    kind: str  # "adjacent", "neighbors", "alias", "position" or "illegal"
    where: str
    line: int
    question: tuple[str, ...] = ()
    expect: Any = None  # board: bool / list / str / False; position: {key: normalised value}
    config: Config | None = None
    animals: tuple[Animal, ...] = ()
    rounds: Rounds = ()  # per round: (player, move texts)
    moves: tuple[tuple[str | None, str], ...] = ()  # (player or None for the player to move, move text)
    illegal: tuple[str | None, str] | None = None

    @property
    def location(self) -> str:
        """FILE:LINE of the case's name."""
        return f"{self.where}:{self.line}"


# -- finding lines for errors -------------------------------------------------------------------


@dataclass
class _Span:
    """Lines [start, end] (1-based) of one table of the file: a [[case]], an [[animal]] or [defaults]."""

    start: int
    end: int


class _Locator:
    """Maps a table and a key path to the line it was written on, for FILE:LINE messages."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.spans: dict[str, list[_Span]] = {"case": [], "animal": [], "defaults": []}
        current: _Span | None = None
        for n, raw in enumerate(self.lines, 1):
            m = _HEADER.match(raw)
            if not m:
                continue
            if current is not None:
                current.end = n - 1
                current = None
            head, name = m.group(1), m.group(2)
            root = name.split(".")[0]
            if root in self.spans and (name != root or (head == "[[") == (root != "defaults")):
                if name == root:
                    current = _Span(n, len(self.lines))
                    self.spans[root].append(current)
                elif self.spans[root]:
                    current = self.spans[root][-1]
                    current.end = len(self.lines)
        if current is not None:
            current.end = len(self.lines)

    def find(self, table: str, index: int, path: tuple[str, ...]) -> int:
        """Line of the deepest key of `path` found in the table (else the table's header), or 1."""
        spans = self.spans.get(table, [])
        if index >= len(spans):
            return self._top(path)
        span = spans[index]
        line = span.start
        for n, comp in enumerate(path):
            hit = self._search(comp, line, span.end)
            if hit is None:
                if n == 0 and table == "case" and comp != "name":
                    return self._search("name", span.start, span.end) or span.start
                break
            line = hit
        return line

    def name_line(self, index: int) -> int:
        """Line of the case's `name` key (else its header)."""
        return self.find("case", index, ("name",))

    def _top(self, path: tuple[str, ...]) -> int:
        hit = self._search(path[0], 1, len(self.lines)) if path else None
        return hit or 1

    def _search(self, key: str, start: int, end: int) -> int | None:
        k = re.escape(key)
        pat = re.compile(rf"(^|[\s{{,.])[\"']?{k}[\"']?\s*=|^\s*\[\[?\s*[\w.\-]*\.?{k}\s*\]")
        for n in range(start, min(end, len(self.lines)) + 1):
            if pat.search(self.lines[n - 1]):
                return n
        return None


# -- parsing ------------------------------------------------------------------------------------


def parse_cases(text: str, where: str = "<cases>", base_dir: Path | None = None, *,
                board: Board | None = None, scales: Scales | None = None, deck: Deck | None = None) -> list[Case]:
    """Validate a case file's text into cases; any problem raises CaseFormatError naming FILE:LINE."""
    try:
        doc = load_toml(text)
    except InputRefused as exc:
        raise CaseFormatError(where, exc.line or max(len(text.splitlines()), 1), exc.message) from None
    parser = _Parser(text, where, base_dir, board or Board.default(), scales or Scales.default(), deck)
    return parser.parse(doc)


class _Parser:
    """Validates one file; holds its shared animals and defaults."""

    def __init__(self, text: str, where: str, base_dir: Path | None, board: Board, scales: Scales,
                 deck: Deck | None) -> None:
        self.where = where
        self.loc = _Locator(text)
        self.base_dir = base_dir
        self.board = board
        self.scales = scales
        self._deck = deck
        self.shared: dict[str, Animal] = {}
        self.defaults: dict[str, Any] = {}

    # errors
    def fail(self, table: str, index: int, path: tuple[str, ...], message: str) -> NoReturn:
        raise CaseFormatError(self.where, self.loc.find(table, index, path), message)

    def parse(self, doc: dict[str, Any]) -> list[Case]:
        for key in doc:
            if key not in TOP_KEYS:
                self.fail("top", 0, (key,), f"unknown key {key!r}; a case file holds [[case]] tables, shared "
                          f"[[animal]] tables and [defaults]{_hint(key, TOP_KEYS)}")
        defaults = doc.get("defaults", {})
        if not isinstance(defaults, dict):
            self.fail("top", 0, ("defaults",), "'defaults' must be a table [defaults]")
        for key in defaults:
            if key not in DEFAULT_KEYS:
                self.fail("defaults", 0, (key,), f"[defaults]: unknown key {key!r} (allowed: "
                          f"{', '.join(DEFAULT_KEYS)}){_hint(key, DEFAULT_KEYS)}")
        self.defaults = defaults
        animals = doc.get("animal", [])
        if not isinstance(animals, list) or not all(isinstance(a, dict) for a in animals):
            self.fail("top", 0, ("animal",), "shared animals must be [[animal]] tables")
        for i, raw in enumerate(animals):
            a = self.animal(raw, functools.partial(self.fail, "animal", i), f"animal {i + 1}",
                            need_name=True, number=900 + i)
            key = normalize(a.name)
            if key in self.shared:
                self.fail("animal", i, ("name",), f"two [[animal]] tables are called {a.name!r}")
            self.shared[key] = a
        raw_cases = doc.get("case")
        if raw_cases is None:
            self.fail("top", 0, (), "no [[case]] tables in this file")
        if not isinstance(raw_cases, list) or not all(isinstance(c, dict) for c in raw_cases):
            self.fail("top", 0, ("case",), "cases must be [[case]] tables")
        cases: list[Case] = []
        seen: set[str] = set()
        for i, raw in enumerate(raw_cases):
            case = _CaseParser(self, i, raw).parse()
            if normalize(case.name) in seen:
                self.fail("case", i, ("name",), f"two cases are called {case.name!r}; names must be unique in a file")
            seen.add(normalize(case.name))
            cases.append(case)
        return cases

    @property
    def deck(self) -> Deck:
        if self._deck is None:
            self._deck = Deck.default()
        return self._deck

    def area(self, name: Any, fail: Fail, path: tuple[str, ...]) -> str:
        """Canonical area name for a name or alias, or a FILE:LINE error with suggestions."""
        if not isinstance(name, str):
            fail(path, f"{'.'.join(path)}: an area must be a text, not {name!r}")
        try:
            return self.board.area(name).name
        except UnknownName as exc:
            fail(path, f"{'.'.join(path)}: {exc}")

    def animal(self, raw: Any, fail: Fail, label: str, need_name: bool, number: int) -> Animal:
        """An animal from a name (shared [[animal]] first, then the deck) or an inline table."""
        if isinstance(raw, str):
            found = self.shared.get(normalize(raw))
            if found is not None:
                return found
            try:
                return self.deck.animal(raw)
            except UnknownName as exc:
                fail((label.split()[0],), f"{exc} (not a shared [[animal]] of this file nor in the deck)")
        if not isinstance(raw, dict):
            fail((label.split()[0],), f"{label} must be an animal's name or a table with its areas and measures")
        for key in raw:
            if key not in ANIMAL_KEYS:
                fail((key,), f"{label}: unknown key {key!r} (allowed: {', '.join(ANIMAL_KEYS)})"
                             + _hint(key, ANIMAL_KEYS))
        name = raw.get("name")
        if name is None and need_name:
            fail((), f"{label}: a shared animal needs a name")
        name = f"Case animal {number}" if name is None else name
        if not isinstance(name, str) or not name.strip():
            fail(("name",), f"{label}: name must be a text")
        areas_raw = raw.get("areas")
        if not isinstance(areas_raw, list) or not areas_raw:
            fail(("areas",), f"{label}: areas must be a non-empty list of area names")
        if "name" in raw:
            label = f"{label} {name!r}"
        areas: list[str] = []
        for a in areas_raw:
            canon = self.area(a, lambda path, msg: fail(path, f"{label}: {msg}"), ("areas",))
            if canon in areas:
                fail(("areas",), f"{label}: area {canon!r} is listed twice")
            areas.append(canon)
        if sum(k in raw for k in SIZE_MEASURES) > 1:
            fail((next(k for k in SIZE_MEASURES if k in raw),),
                 f"{label}: a card asks at most one of length, total_length and height")
        measures = {k: self.measure(raw[k], k, fail, label) for k in MEASURES if k in raw}
        cls = raw.get("class", "mammal")
        sci = raw.get("scientific", f"Casus {normalize(name)}")
        for key, value in (("class", cls), ("scientific", sci)):
            if not isinstance(value, str) or not value:
                fail((key,), f"{label}: {key} must be a text")
        return Animal(number, "green", name, sci, cls, tuple(areas), measures, "", (Source("rule case"),))

    def measure(self, value: Any, key: str, fail: Fail, label: str) -> Fraction | None:
        """A measure: kg or cm as a number >= 0, a text with a unit ('1 lb', '2 t', '45 cm'), or 'n/a'."""
        scale = self.scales.for_measure(key)
        if isinstance(value, str):
            text = value.strip().lower()
            if text == "n/a":
                return None
            m = re.fullmatch(r"(\d+(?:\.\d+)?|\d+/\d+)\s*([a-z\"']+)", text)
            unit = UNIT_WORDS.get(m.group(2)) if m else None
            factors = {u: f for side in scale.sides.values() for u, f in side.display_units}
            if m is not None and unit in factors and not re.fullmatch(r"\d+/0+", m.group(1)):
                return Fraction(m.group(1)) * factors[unit]
            units = sorted(factors, key=lambda u: (u not in dict(scale.side("metric").display_units), factors[u]))
            fail((key,), f"{label}: {key} = {value!r}: write a number ({'kg' if key == 'weight' else 'cm'}), "
                         f"a number with a unit ({', '.join(units)}) or \"n/a\"")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
            fail((key,), f"{label}: {key} must be a number >= 0 (kg for weight, cm for lengths), a text with a "
                         f"unit, or \"n/a\", not {value!r}")
        return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


class _CaseParser:
    """Validates one [[case]] table."""

    def __init__(self, parent: _Parser, index: int, raw: dict[str, Any]) -> None:
        self.p = parent
        self.i = index
        self.raw = raw
        self.name = "?"

    def fail(self, path: tuple[str, ...], message: str) -> NoReturn:
        raise CaseFormatError(self.p.where, self.p.loc.find("case", self.i, path or ("name",)),
                              f"case {self.name!r}: {message}" if self.name != "?" else f"case {self.i + 1}: {message}")

    def text(self, key: str, required: bool = True) -> str:
        v = self.raw.get(key)
        if v is None and not required:
            return ""
        if not isinstance(v, str) or not v.strip():
            self.fail((key,), f"{key!r} must be a non-empty text" + (" (every case needs one)" if v is None else ""))
        return " ".join(v.split())

    def parse(self) -> Case:
        raw = self.raw
        if isinstance(raw.get("name"), str) and raw["name"].strip():
            self.name = " ".join(raw["name"].split())
        for key in raw:
            if key not in CASE_KEYS:
                self.fail((key,), f"unknown key {key!r}{_hint(key, CASE_KEYS)}")
        name = self.text("name")
        rule = self.text("rule")
        source = self.text("source", required=False)
        line = self.p.loc.name_line(self.i)
        questions = [k for k in QUESTION_KEYS if k in raw]
        if len(questions) > 1:
            self.fail((questions[1],), f"a case asks one board question, not {' and '.join(questions)}")
        meta = {"name": name, "rule": rule, "source": source, "where": self.p.where, "line": line}
        if questions:
            extra = [k for k in POSITION_KEYS if k in raw and k != "expect"]
            if extra:
                self.fail((extra[0],), f"a board question ({questions[0]}) takes no {extra[0]!r}")
            return self.board_case(questions[0], meta)
        return self.position_case(meta)

    # -- board questions
    def board_case(self, kind: str, meta: dict[str, Any]) -> Case:
        raw = self.raw
        if "expect" not in raw:
            self.fail(("name",), f"no expectation: add expect = ... to the {kind} question")
        exp = raw["expect"]
        if kind == "adjacent":
            pair = raw["adjacent"]
            if not isinstance(pair, list) or len(pair) != 2:
                self.fail(("adjacent",), "adjacent = [\"AREA\", \"AREA\"] names two areas")
            question = tuple(self.p.area(a, self.fail, ("adjacent",)) for a in pair)
            if not isinstance(exp, bool):
                self.fail(("expect",), "expect must be true or false for an adjacent question")
            return Case(kind=kind, question=question, expect=exp, **meta)
        if kind == "neighbors":
            question = (self.p.area(raw["neighbors"], self.fail, ("neighbors",)),)
            if not isinstance(exp, list):
                self.fail(("expect",), "expect must be the list of neighbouring areas")
            names = [self.p.area(a, self.fail, ("expect",)) for a in exp]
            if len(set(names)) != len(names):
                self.fail(("expect",), "expect lists an area twice")
            return Case(kind=kind, question=question, expect=sorted(names), **meta)
        alias = raw["alias"]
        if not isinstance(alias, str) or not alias.strip():
            self.fail(("alias",), "alias must be the name to look up")
        if exp is False:
            return Case(kind=kind, question=(alias,), expect=False, **meta)
        if not isinstance(exp, str):
            self.fail(("expect",), "expect must be the area the alias names, or false when it names no area")
        return Case(kind=kind, question=(alias,), expect=self.p.area(exp, self.fail, ("expect",)), **meta)

    # -- positions
    def get(self, key: str) -> Any:
        """A case key, else the file's [defaults] value."""
        if key in self.raw:
            return self.raw[key]
        return self.p.defaults.get(key)

    def config(self) -> Config:
        players = self.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            self.fail(("players",), "players = [\"alice\", \"bob\", ...] (in the case or in [defaults]) names the "
                                    "players in seating order")
        start = self.get("start")
        game: dict[str, Any] = {"seed": self.get("seed") if self.get("seed") is not None else DEFAULT_SEED,
                      "start": start if start is not None else (players[0] if players else None)}
        for key in ("preset", "units", "goal"):
            if self.get(key) is not None:
                game[key] = self.get(key)
        doc = {"game": {k: v for k, v in game.items() if v is not None}, "players": [{"name": p} for p in players]}
        try:
            return Config.from_dict(doc, "config", self.p.base_dir)
        except ConfigError as exc:
            key = exc.key or ""
            if key.startswith("game."):
                key = key.removeprefix("game.")
            elif key.startswith("players"):
                key = "players"
            elif key not in CONFIG_KEYS:
                key = "preset"  # the keys of an inline scoring table
            self.fail((key,), str(exc).removeprefix("config: "))

    def position_case(self, meta: dict[str, Any]) -> Case:
        cfg = self.config()
        players = cfg.names
        animals = self.animals()
        rounds = self.rounds(players, cfg.units)
        moves = tuple(self.moves(players, cfg.units))
        illegal = None
        if "illegal" in self.raw:
            v = self.raw["illegal"]
            if not isinstance(v, str) or not v.strip():
                self.fail(("illegal",), "illegal must be one move, e.g. \"alice: Tasmania\"")
            illegal = _split_move(v)
        exp = self.raw.get("expect")
        if exp is None:
            self.fail(("name",), "no expectation: add a [case.expect] table (e.g. points, scores, error)")
        if not isinstance(exp, dict) or not exp:
            self.fail(("expect",), "expect must be a non-empty table of expected values")
        expect = self.expectations(exp, players, cfg.units, illegal is not None)
        kind = "illegal" if illegal is not None else "position"
        return Case(kind=kind, config=cfg, animals=animals, rounds=rounds, moves=moves, illegal=illegal,
                    expect=expect, **meta)

    def animals(self) -> tuple[Animal, ...]:
        one, many = self.get("animal"), self.get("animals")
        if "animal" in self.raw and "animals" in self.raw:
            self.fail(("animals",), "give either animal or animals, not both")
        if "animal" in self.raw or ("animals" not in self.raw and one is not None):
            items = [one]
            key = "animal"
        elif many is not None:
            if not isinstance(many, list) or not many:
                self.fail(("animals",), "animals must be a non-empty list (one animal per round, in order)")
            items = list(many)
            key = "animals"
        else:
            self.fail(("name",), "a position needs animal = NAME or an inline table, or animals = [...] "
                                 "(in the case or in [defaults])")
        out = []
        for j, item in enumerate(items):
            out.append(self.p.animal(item, lambda path, msg: self.fail((key,) + path, msg), key,
                                     need_name=False, number=1000 + j))
        names: dict[str, Animal] = {}
        for a in out:
            other = names.setdefault(normalize(a.name), a)
            if other is not a:
                self.fail((key,), f"two different animals are called {a.name!r}")
        return tuple(out)

    def move_text(self, text: Any, units: str, path: tuple[str, ...]) -> str:
        """A setup move checked for syntax now (unknown areas are file errors), in canonical text."""
        if not isinstance(text, str):
            self.fail(path, f"{'.'.join(path)}: a move must be a text, not {text!r}")
        try:
            return parse_move(text, self.p.board, self.p.scales, units).text(self.p.scales, units)
        except FaunaError as exc:
            self.fail(path, f"{'.'.join(path)}: {exc}")

    def player(self, name: Any, players: list[str], path: tuple[str, ...]) -> str:
        if not isinstance(name, str) or name not in players:
            self.fail(path, f"{'.'.join(path)}: {name!r} is not a player of this case ({', '.join(players)})"
                      + _hint(str(name), players))
        return name

    def rounds(self, players: list[str], units: str) -> Rounds:
        raw = self.raw.get("pieces")
        if raw is None:
            return ()
        tables = [raw] if isinstance(raw, dict) else raw
        if not isinstance(tables, list) or not tables or not all(isinstance(t, dict) for t in tables):
            self.fail(("pieces",), "pieces must be a table {player = [moves]} or a list of them, one per round")
        out = []
        for t in tables:
            rnd = []
            for who, ms in t.items():
                self.player(who, players, ("pieces", who))
                if isinstance(ms, str):
                    ms = [ms]
                if not isinstance(ms, list):
                    self.fail(("pieces", who), f"pieces.{who} must be a list of placements")
                rnd.append((who, tuple(self.move_text(m, units, ("pieces", who)) for m in ms)))
            out.append(tuple(rnd))
        return tuple(out)

    def moves(self, players: list[str], units: str) -> list[tuple[str | None, str]]:
        raw = self.raw.get("moves")
        if raw is None:
            return []
        if isinstance(raw, str):
            raw = [ln.split("#", 1)[0] for ln in raw.splitlines()]
            raw = [ln for ln in raw if ln.strip()]
        if not isinstance(raw, list) or not all(isinstance(m, str) for m in raw):
            self.fail(("moves",), "moves must be a list of \"player: move\" texts (or one text, a line per move)")
        out = []
        for m in raw:
            who, text = _split_move(m)
            if who is not None:
                self.player(who, players, ("moves",))
            out.append((who, self.move_text(text, units, ("moves",))))
        return out

    def expectations(self, exp: dict[str, Any], players: list[str], units: str, has_illegal: bool) -> dict[str, Any]:
        """The [case.expect] table checked key by key, values in the form run_case compares them."""
        self.expect_keys(exp, has_illegal)
        out: dict[str, Any] = {}
        for key, shape in EXPECT_KEYS.items():
            if key in exp:
                path = ("expect", key)
                if shape in ("piece_int", "piece_verdict", "scale_space", "player_int"):
                    out[key] = self.expect_table(key, shape, exp[key], players, units, path)
                else:
                    out[key] = self.expect_value(key, shape, exp[key], players, path)
        return out

    def expect_keys(self, exp: dict[str, Any], has_illegal: bool) -> None:
        """Known keys only; error and message go with an illegal move and only with one."""
        for key in exp:
            if key not in EXPECT_KEYS:
                self.fail(("expect", key), f"expect: unknown key {key!r}{_hint(key, EXPECT_KEYS)}")
        if has_illegal and "error" not in exp:
            self.fail(("illegal",), "a case with an illegal move needs expect.error (the error kind, e.g. "
                                    "\"IllegalMove\")")
        if not has_illegal and ("error" in exp or "message" in exp):
            self.fail(("expect", "error" if "error" in exp else "message"),
                      "expect.error and expect.message need an illegal = \"player: move\" to try")

    def expect_value(self, key: str, shape: str, v: Any, players: list[str], path: tuple[str, ...]) -> Any:
        """One expected value that is not a table: an error kind, a text, a number, a flag or player(s)."""
        if shape == "error":
            if not isinstance(v, str) or v not in ERROR_KINDS:
                self.fail(path, f"expect.error: unknown error kind {v!r} (kinds: {', '.join(ERROR_KINDS)})"
                          + _hint(str(v), ERROR_KINDS))
        elif shape == "text":
            if not isinstance(v, str) or not v:
                self.fail(path, f"expect.{key} must be a text")
        elif shape == "int":
            if isinstance(v, bool) or not isinstance(v, int):
                self.fail(path, f"expect.{key} must be a whole number")
        elif shape == "bool":
            if not isinstance(v, bool):
                self.fail(path, f"expect.{key} must be true or false")
        elif shape == "player":
            return self.player(v, players, path)
        else:  # player_list, player_set
            if not isinstance(v, list):
                self.fail(path, f"expect.{key} must be a list of players")
            names = [self.player(p, players, path) for p in v]
            return sorted(names, key=players.index) if shape == "player_set" else names
        return v

    def expect_table(self, key: str, shape: str, v: Any, players: list[str], units: str,
                     path: tuple[str, ...]) -> dict[str, Any]:
        """An expected table: per player, per piece (by canonical move text) or per scale."""
        if not isinstance(v, dict) or not v:
            self.fail(path, f"expect.{key} must be a table, e.g. {key} = {{ ... }}")
        table = {}
        for k, item in v.items():
            sub = path + (k,)
            if shape == "player_int":
                k = self.player(k, players, sub)
            elif shape in ("piece_int", "piece_verdict"):
                k = self.move_text(k, units, sub)
                if k == "pass":
                    self.fail(sub, "a pass is not a piece")
            else:
                scale = dict(SCALE_WORDS).get(" ".join(k.lower().replace("_", " ").split()))
                if scale is None:
                    self.fail(sub, f"expect.{key}: {k!r} is not a scale (weight, length, tail)")
                k = scale
            if shape in ("player_int", "piece_int"):
                if isinstance(item, bool) or not isinstance(item, int):
                    self.fail(sub, f"expect.{key}: the value for {k!r} must be a whole number")
            elif shape == "piece_verdict":
                if item not in VERDICTS:
                    self.fail(sub, f"expect.{key}: {item!r} is not a verdict ({', '.join(VERDICTS)})")
            else:
                item = self.space(k, item, units, sub)
            table[k] = item
        return table

    def space(self, scale_key: str, value: Any, units: str, path: tuple[str, ...]) -> str:
        """A scale space label (canonical), or 'closed' (N/A) / 'not asked'."""
        if isinstance(value, str) and value.strip().lower() in ("closed", "n/a", "not asked"):
            return "closed" if value.strip().lower() in ("closed", "n/a") else "not asked"
        scale = self.p.scales.get(scale_key)
        if not isinstance(value, str):
            self.fail(path, "a correct space is a label such as '200-500 kg', or 'closed' or 'not asked'")
        try:
            return scale.label(self.p.scales.parse_space(scale, value, units), units)
        except FaunaError as exc:
            self.fail(path, str(exc))


def _split_move(text: str) -> tuple[str | None, str]:
    """'alice: Tasmania' -> ('alice', 'Tasmania'); 'Tasmania' -> (None, 'Tasmania')."""
    who, sep, move = text.partition(":")
    if not sep:
        return None, " ".join(text.split())
    return who.strip(), " ".join(move.split())


def _hint(word: str, choices: Iterable[str]) -> str:
    hints = suggest(word, {normalize(c): c for c in choices}, limit=1)
    return f" (did you mean {hints[0]!r}?)" if hints else ""


# -- running ------------------------------------------------------------------------------------


class _SetupFailed(Exception):
    """A setup move the engine refused; the case fails with this as its actual value."""


def run_case(case: Case, *, board: Board | None = None, scales: Scales | None = None) -> CaseResult:
    """Run one case against the rules and compare every expectation."""
    board = board or Board.default()
    if case.kind == "adjacent":
        a, b = case.question
        adjacent = board.adjacent(a, b)
        return CaseResult(case, (Check(f"adjacent[{a}, {b}]", case.expect, adjacent, adjacent == case.expect),))
    if case.kind == "neighbors":
        neighbors = board.neighbors(case.question[0])
        return CaseResult(case, (Check(f"neighbors[{case.question[0]}]", case.expect, neighbors,
                                       neighbors == case.expect),))
    if case.kind == "alias":
        alias = case.question[0]
        try:
            actual: str | bool = board.area(alias).name
        except UnknownName as exc:
            actual = False if case.expect is False else f"no area ({exc})"
        return CaseResult(case, (Check(f"alias[{alias}]", case.expect, actual, actual == case.expect),))
    return _run_position(case, board, scales or Scales.default())


def run_cases(cases: list[Case]) -> list[CaseResult]:
    """Run cases in order."""
    return [run_case(c) for c in cases]


def _build(case: Case, board: Board, scales: Scales) -> State:
    """A game on a deck of the case's animals, stacked so round k shows the k-th animal."""
    unique: list[Animal] = []
    for a in case.animals:
        if all(a is not b for b in unique):
            unique.append(a)
    if case.config is None:
        raise ValueError(f"{case.location}: a {case.kind} case has no position to set up")
    # The case names the animal of each round, so the box order is the case's order, not the seed's.
    return new_game(case.config, case.config.seed, board=board, scales=scales, deck=Deck(unique, []),
                    order=case.animals)


def _play_round(state: State, pieces: tuple[tuple[str, tuple[str, ...]], ...], events: list[Event], k: int) -> None:
    """Play whole go-arounds: each player places their listed pieces in turn, then passes."""
    queues = {who: list(ms) for who, ms in pieces}
    if state.is_over:
        raise _SetupFailed(f"pieces of round {k}: the game is already over")
    start_round = state.round
    while not state.is_over and state.round == start_round:
        who = state.names[state.to_move_index]
        q = queues.get(who, [])
        text = q.pop(0) if q else "pass"
        try:
            events += state.apply(text, who)
        except FaunaError as exc:
            raise _SetupFailed(f"pieces of round {k}, {who}: {text}: {exc}") from None
    left = [f"{who}: {', '.join(q)}" for who, q in queues.items() if q]
    if left:
        raise _SetupFailed(f"pieces of round {k} never placed (no pieces left in hand): {'; '.join(left)}")


def _run_position(case: Case, board: Board, scales: Scales) -> CaseResult:
    state = _build(case, board, scales)
    events: list[Event] = []
    checks: list[Check] = []
    try:
        for k, rnd in enumerate(case.rounds, 1):
            _play_round(state, rnd, events, k)
        for n, (who, text) in enumerate(case.moves, 1):
            try:
                events += state.apply(text, who)
            except FaunaError as exc:
                raise _SetupFailed(f"move {n} ({(who + ': ') if who else ''}{text}): {exc}") from None
    except _SetupFailed as exc:
        return CaseResult(case, (Check("setup", "every setup move is legal", str(exc), False),))
    exp = case.expect
    if case.illegal is not None:
        who, text = case.illegal
        try:
            events += state.apply(text, who)
            kind, message = None, None
        except FaunaError as exc:
            kind, message = type(exc).__name__, str(exc)
        checks.append(Check("error", exp["error"], kind if kind else "no error: the move was played",
                            kind == exp["error"]))
        if "message" in exp:
            checks.append(Check("message contains", exp["message"], message,
                                message is not None and exp["message"].lower() in message.lower()))
    checks += _state_checks(case, state, events)
    return CaseResult(case, tuple(checks))


def _state_checks(case: Case, state: State, events: list[Event]) -> list[Check]:
    """Compare the state and the last evaluation with the case's expectations."""
    exp = case.expect
    out: list[Check] = []
    tables = _table_actuals(state, events)
    values = _value_actuals(state, events)
    for key in EXPECT_KEYS:
        if key not in exp or key in ("error", "message"):
            continue
        if key in tables:
            actual_of = tables[key]
            for k, want in exp[key].items():
                got = actual_of(k)
                out.append(Check(f"{key}[{k}]", want, got, got == want))
        else:
            actual = values[key]()
            out.append(Check(key, exp[key], actual, actual == exp[key]))
    return out


def _table_actuals(state: State, events: list[Event]) -> dict[str, Callable[[str], Any]]:
    """For each expectation that is a table: the actual value of one entry, or why there is none."""
    evals = [e for e in events if isinstance(e, RoundEvaluated)]
    last = evals[-1] if evals else None
    upkeeps = [e for e in events if isinstance(e, Upkeep)]
    upkeep = upkeeps[-1] if upkeeps and last is not None and upkeeps[-1].round == last.round else None
    no_eval = "no evaluation yet"
    pieces = {p.move: p for p in last.pieces} if last else {}
    rounds = {r.player: r for r in last.players} if last else {}
    answer = {scale: label for _, scale, _, label in
              state.answer(state.deck.animal(last.animal) if last else state.animal).measures}
    i = state.names.index

    def piece(k: str, attr: str) -> Any:
        if last is None:
            return no_eval
        return getattr(pieces[k], attr) if k in pieces else f"{k} was not on the board"

    def player(k: str, attr: str) -> Any:
        return getattr(rounds[k], attr) if last else no_eval

    def upkept(k: str, attr: str) -> Any:
        if upkeep is None:
            return "no upkeep: the game ended" if last else no_eval
        return dict(getattr(upkeep, attr))[k]

    return {
        "points": lambda k: piece(k, "points"), "verdicts": lambda k: piece(k, "verdict"),
        "correct_spaces": lambda k: answer.get(k, "not asked"),
        "player_points": lambda k: player(k, "points"), "returned": lambda k: player(k, "returned"),
        "lost": lambda k: player(k, "lost"),
        "took_back": lambda k: upkept(k, "took_back"), "refilled": lambda k: upkept(k, "refilled"),
        "scores": lambda k: state.score[i(k)], "hands": lambda k: state.hand[i(k)],
        "stock": lambda k: state.stock[i(k)],
    }


def _value_actuals(state: State, events: list[Event]) -> dict[str, Callable[[], Any]]:
    """For each expectation that is one value: how to read it from the state and the events."""
    return {
        "evaluations": lambda: sum(1 for e in events if isinstance(e, RoundEvaluated)),
        "auto_passed": lambda: _auto_passed(events),
        "round": lambda: state.round,
        "animal": lambda: state.animal.name,
        "starting_player": lambda: state.names[state.start],
        "to_move": lambda: state.to_move,
        "goal": lambda: state.goal,
        "over": lambda: state.is_over,
        "winners": lambda: list(state.winners),
    }


def _auto_passed(events: list[Event]) -> list[str]:
    """Players passed for having no pieces left, in the last round in which a move was made."""
    played = [e for e in events if isinstance(e, (Placed, Passed))]
    if not played:
        return []
    last = played[-1].round
    return [e.player for e in played if isinstance(e, Passed) and e.auto and e.round == last]


# -- small API for scripts ----------------------------------------------------------------------


def make_animal(areas: Iterable[str], name: str = "Testbeast", cls: str = "mammal",
                **measures: float | str | None) -> Animal:
    """An animal defined inline: areas (names or aliases) and measures in kg / cm ('n/a' or None for N/A)."""
    board = Board.default()
    canon = tuple(board.area(a).name for a in areas)
    ms: dict[str, Fraction | None] = {}
    for k, v in measures.items():
        if k not in MEASURES:
            raise ConfigError(f"unknown measure {k!r} (measures: {', '.join(MEASURES)})", k)
        ms[k] = None if v is None or (isinstance(v, str) and v.lower() == "n/a") else Fraction(str(v))
    return Animal(1, "green", name, f"Casus {normalize(name)}", cls, canon, ms, "", (Source("script"),))


def score_placement(animal: Animal, placement: str, preset: str = "published",
                    units: str = "metric") -> tuple[str, int, str]:
    """(verdict, points, reason) of one piece on an area or scale space for an animal, by a preset."""
    cfg = Config.from_dict({"game": {"seed": DEFAULT_SEED, "preset": preset, "units": units},
                            "players": [{"name": "a"}, {"name": "b"}]})
    state = new_game(cfg, DEFAULT_SEED, deck=Deck([animal], []))
    move = state.parse(placement)
    if move.kind == "pass":
        raise IllegalMove("a pass is not a placement")
    state.check(move)  # a scale the card does not ask, or N/A, cannot take a piece
    return state.score_move(move, animal)
