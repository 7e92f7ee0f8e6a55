"""Evo rule cases: a position set up by hand (or moves from a seeded start), moves, and what must follow.

The format is documented in docs/rule-cases-evo.md. A file is validated whole before any case runs;
errors are CaseFormatError(FILE, LINE, message) naming the key.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.core.cases import CaseFormatError, CaseResult, Check
from rules.core.errors import FaunaError
from rules.core.limits import InputRefused, check_int_range, excerpt, load_toml
from rules.core.names import suggest
from rules.evo import data
from rules.evo.board import board_for
from rules.evo.config import EDITION, Config, PlayerSpec
from rules.evo.state import EVENT, FREE, METEORITE, TOKEN_STEPS, Event, State, new_state

CASE_EDITION = 2  # the rules edition a case plays unless it names one (`edition`): its islands are boards.toml

CASE_KEYS = ("name", "rule", "source", "players", "seed", "edition", "position", "moves", "illegal", "expect")
POSITION_KEYS = ("phase", "turn", "dinos", "genes", "mp", "cards", "wheel", "order", "tokens", "lab", "bag", "dice",
                 "round", "deck")
EXPECT_KEYS = ("dinos", "count", "mp", "genes", "to_move", "phase", "over", "winners", "wheel", "lab", "order",
               "legal", "not_legal", "lost_climate", "lost_combat", "hand", "steps", "illegal_reason", "ring",
               "coastal",
               "adjacent", "distance", "round", "log", "cards_held", "tokens_left", "births_left", "view_has",
               "view_lacks")
SOURCES = ("seed", "faq", "design")
PHASES = ("climate", "auction", "initiative", "movement", "birth", "survival")
DEFAULT_KEYS = ("players", "seed")


@dataclass
class Case:
    """One rule case as read from its file."""

    name: str
    rule: str
    source: str
    where: str
    line: int
    players: list[str]
    seed: int
    position: dict[str, Any] | None
    moves: list[str]
    illegal: str | None
    expect: dict[str, Any] = field(default_factory=dict)
    edition: int = CASE_EDITION  # the rules edition played, whose island the case's spaces are named on

    @property
    def location(self) -> str:
        """FILE:LINE of the case, as the check command shows it."""
        return f"{self.where}:{self.line}"

    @property
    def kind(self) -> str:
        """What the case exercises: a position, or moves from a seeded start."""
        return "position" if self.position is not None else "moves"


def _lines(text: str) -> list[int]:
    return [i + 1 for i, line in enumerate(text.splitlines()) if line.strip() == "[[case]]"]


def _fail(where: str, line: int, msg: str) -> CaseFormatError:
    return CaseFormatError(where, line, msg)


def _unknown(key: str, allowed: tuple[str, ...], what: str) -> str:
    hints = suggest(key, {k: k for k in allowed})
    return f"unknown key {what}{key}" + ("; did you mean " + " or ".join(repr(h) for h in hints) + "?" if hints else "")


def parse_cases(text: str, where: str, base_dir: Path | None = None) -> list[Case]:
    """All cases of a file, validated before any runs."""
    try:
        doc = load_toml(text)  # nesting and numbers bounded (rules/core/limits.py)
    except InputRefused as exc:
        raise _fail(where, exc.line or 1, f"not TOML: {exc.message}") from None
    for key in doc:
        if key not in ("game", "case", "defaults"):
            raise _fail(where, 1, _unknown(key, ("game", "case", "defaults"), ""))
    if doc.get("game") != "evo":
        raise _fail(where, 1, "an Evo case file starts with game = \"evo\"")
    defaults = doc.get("defaults", {})
    for key in defaults:
        if key not in DEFAULT_KEYS:
            raise _fail(where, 1, _unknown(key, DEFAULT_KEYS, "defaults."))
    tables = doc.get("case", [])
    lines = _lines(text)
    out: list[Case] = []
    seen: set[str] = set()
    for i, c in enumerate(tables):
        line = lines[i] if i < len(lines) else 1
        for key in c:
            if key not in CASE_KEYS:
                raise _fail(where, line, _unknown(key, CASE_KEYS, ""))
        for key in ("name", "rule", "source"):
            if not isinstance(c.get(key), str) or not c[key]:
                raise _fail(where, line, f"case needs a text '{key}'")
        name = c["name"]
        if name in seen:
            raise _fail(where, line, f"two cases are named {name!r}")
        seen.add(name)
        if c["source"] not in SOURCES:
            raise _fail(where, line, f"case {name!r}: source must be one of {', '.join(SOURCES)}")
        players = c.get("players", defaults.get("players", ["alice", "bob", "carol"]))
        if not isinstance(players, list) or not 2 <= len(players) <= 5 or not all(isinstance(p, str) for p in players):
            raise _fail(where, line, f"case {name!r}: players must be a list of 2 to 5 names")
        seed = c.get("seed", defaults.get("seed", 1))
        if not isinstance(seed, int):
            raise _fail(where, line, f"case {name!r}: seed must be a whole number")
        edition = c.get("edition", CASE_EDITION)
        if type(edition) is not int or not 1 <= edition <= EDITION:
            raise _fail(where, line, f"case {name!r}: edition must be a rules edition from 1 to {EDITION}")
        position = c.get("position")
        if position is not None:
            _check_position(position, players, where, line, name, edition)
        moves = c.get("moves", [])
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise _fail(where, line, f"case {name!r}: moves must be a list of move texts")
        illegal = c.get("illegal")
        if illegal is not None and not isinstance(illegal, str):
            raise _fail(where, line, f"case {name!r}: illegal must be a move text")
        expect = c.get("expect", {})
        if not isinstance(expect, dict) or not expect:
            raise _fail(where, line, f"case {name!r}: needs a [case.expect] table")
        for key in expect:
            if key not in EXPECT_KEYS:
                raise _fail(where, line, f"case {name!r}: " + _unknown(key, EXPECT_KEYS, "expect."))
        _check_expect(expect, players, where, line, name, edition)
        if "illegal_reason" in expect and illegal is None:
            raise _fail(where, line, f"case {name!r}: expect.illegal_reason needs an 'illegal' move")
        out.append(Case(name, c["rule"], c["source"], where, line, players, seed, position, moves, illegal, expect,
                        edition))
    if not out:
        raise _fail(where, 1, "no [[case]] tables")
    return out


MAX_CASE_NUMBER = 10_000  # mp, round and other counts a position or an expectation may give


class _Shape:
    """Checks of a case's values before anything uses them: every refusal names the case, the key and the word."""

    def __init__(self, where: str, line: int, name: str, players: list[str], edition: int) -> None:
        self.where, self.line, self.name, self.players = where, line, name, players
        self.board = board_for(len(players), edition)

    def fail(self, msg: str) -> CaseFormatError:
        return _fail(self.where, self.line, f"case {excerpt(self.name)}: {msg}")

    def table(self, value: Any, key: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(f"{key} must be a table")
        return value

    def texts(self, value: Any, key: str) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(f"{key} must be a list of texts")
        return value

    def number(self, value: Any, key: str, high: int = MAX_CASE_NUMBER) -> int:
        try:
            return check_int_range(value, 0, high, key)
        except InputRefused as exc:
            raise self.fail(exc.message) from None

    def player(self, value: Any, key: str, spectator: bool = False) -> str:
        if value not in self.players and not (spectator and value == "spectator"):
            raise self.fail(f"{key}: {excerpt(str(value))} is not a player")
        return str(value)

    def per_player(self, value: Any, key: str, spectator: bool = False) -> dict[str, Any]:
        table = self.table(value, key)
        for p in table:
            self.player(p, key, spectator)
        return table

    def space(self, value: Any, key: str) -> str:
        if not isinstance(value, str) or value not in self.board.index:
            raise self.fail(f"{key}: no space {excerpt(str(value))} on the {len(self.players)}-player island "
                            "(spaces are a row letter and a number, like C4)")
        return value

    def known(self, value: Any, key: str, choices: Any, what: str) -> Any:
        if not isinstance(value, (str, int)) or isinstance(value, bool) or value not in choices:
            raise self.fail(f"{key}: unknown {what} {excerpt(str(value))}")
        return value


def _check_position(pos: Any, players: list[str], where: str, line: int, name: str, edition: int) -> None:
    if not isinstance(pos, dict):
        raise _fail(where, line, f"case {name!r}: position must be a table")
    for key in pos:
        if key not in POSITION_KEYS:
            raise _fail(where, line, f"case {name!r}: " + _unknown(key, POSITION_KEYS, "position."))
    sh = _Shape(where, line, name, players, edition)
    genes = set(data.normal_genes()) | set(data.unique_genes()[0])
    cards = data.card_by_name()
    for key in ("dinos", "genes", "cards"):
        for p, items in sh.per_player(pos.get(key, {}), f"position.{key}").items():
            sh.texts(items, f"position.{key}.{p}")
    for p, mp in sh.per_player(pos.get("mp", {}), "position.mp").items():
        sh.number(mp, f"position.mp.{p}")
    for key in ("order", "tokens", "lab", "bag", "dice", "deck"):
        sh.texts(pos.get(key, []), f"position.{key}")
    for key, choices, what in (("lab", genes, "gene"), ("bag", genes, "gene")):
        for g in pos.get(key, []):
            sh.known(g, f"position.{key}", choices, what)
    if len(set(pos.get("order", []))) != len(pos.get("order", [])):
        raise sh.fail("position.order names a player twice")
    if pos.get("phase") == "climate" and pos.get("tokens") == []:
        raise sh.fail("position.tokens is empty, but the climate phase draws a token")
    if "wheel" in pos:
        sh.number(pos["wheel"], "position.wheel", len(data.wheel().rings) - 1)
    if "round" in pos:
        sh.number(pos["round"], "position.round")
    if not isinstance(pos.get("phase", "movement"), str) or pos.get("phase", "movement") not in PHASES:
        raise _fail(where, line, f"case {name!r}: position.phase must be one of {', '.join(PHASES)}")
    for key in ("dinos", "genes", "mp", "cards"):
        for p in pos.get(key, {}):
            if p not in players:
                raise _fail(where, line, f"case {name!r}: position.{key}: {p!r} is not a player")
    for p, spaces in pos.get("dinos", {}).items():
        for s in spaces:
            sh.space(s, f"position.dinos.{p}")
    known = genes
    for p, held in pos.get("genes", {}).items():
        for g in held:
            if g not in known:
                raise _fail(where, line, f"case {name!r}: position.genes.{p}: unknown gene {g!r}")
    for p, hand in pos.get("cards", {}).items():
        for c in hand:
            if c not in cards:
                raise _fail(where, line, f"case {name!r}: position.cards.{p}: unknown card {c!r}")
    for t in pos.get("tokens", []):
        if t != METEORITE and t not in TOKEN_STEPS:
            raise _fail(where, line, f"case {name!r}: position.tokens: unknown token {t!r}")
    faces = {f.name for f in data.die()}
    for d in pos.get("dice", []):
        if d not in faces:
            raise _fail(where, line, f"case {name!r}: position.dice: unknown face {d!r}")
    for c in pos.get("deck", []):
        if c not in data.card_by_name():
            raise _fail(where, line, f"case {name!r}: position.deck: unknown card {c!r}")
    for p in pos.get("order", []):
        if p not in players:
            raise _fail(where, line, f"case {name!r}: position.order: {p!r} is not a player")
    if "order" in pos and sorted(pos["order"]) != sorted(players):
        missing = ", ".join(repr(p) for p in players if p not in pos["order"])
        raise _fail(where, line, f"case {name!r}: position.order must name every player once (the initiative "
                                 f"track); it leaves out {missing}")
    if "turn" in pos and (not isinstance(pos["turn"], str) or pos["turn"] not in players):
        raise _fail(where, line, f"case {name!r}: position.turn: {pos['turn']!r} is not a player")


_PLAYER_LISTS = ("dinos", "hand")  # {player: [texts]}
_PLAYER_NUMBERS = ("count", "mp", "cards_held", "births_left", "lost_climate", "lost_combat")
_NUMBERS = ("wheel", "round", "tokens_left", "steps")
_TEXT_LISTS = ("winners", "lab", "order", "legal", "not_legal", "log")
_TEXTS = ("to_move", "phase", "illegal_reason")


def _check_expect(expect: dict[str, Any], players: list[str], where: str, line: int, name: str, edition: int) -> None:
    """The expectations' shapes (so comparing them with the game cannot fail): players, spaces, numbers, texts."""
    sh = _Shape(where, line, name, players, edition)
    for key, want in expect.items():
        at = f"expect.{key}"
        if key in _PLAYER_LISTS:
            for p, items in sh.per_player(want, at).items():
                sh.texts(items, f"{at}.{p}")
        elif key in _PLAYER_NUMBERS:
            for p, n in sh.per_player(want, at).items():
                sh.number(n, f"{at}.{p}")
        elif key == "genes":
            for p, held in sh.per_player(want, at).items():
                for g, n in sh.table(held, f"{at}.{p}").items():
                    sh.number(n, f"{at}.{p}.{g}")
        elif key in ("view_has", "view_lacks"):
            for p, items in sh.per_player(want, at, spectator=True).items():
                sh.texts(items, f"{at}.{p}")
        elif key in _NUMBERS:
            sh.number(want, at)
        elif key in _TEXT_LISTS:
            sh.texts(want, at)
        elif key in _TEXTS:
            if not isinstance(want, str):
                raise sh.fail(f"{at} must be a text")
        elif key == "over":
            if not isinstance(want, bool):
                raise sh.fail(f"{at} must be true or false")
        elif key in ("ring", "coastal"):
            for s in sh.table(want, at):
                sh.space(s, at)
        else:  # adjacent, distance: {"C3-C4": ...}
            for pair in sh.table(want, at):
                a, dash, b = pair.partition("-")
                if not dash:
                    raise sh.fail(f"{at}: {excerpt(pair)} is not two spaces such as C3-C4")
                sh.space(a, at)
                sh.space(b, at)


def build(case: Case) -> tuple[State, list[Event]]:
    """The case's starting state: a seeded start, or the hand-made position entering its phase."""
    # a case plays edition 2 (its spaces named on boards.toml) unless it names its edition
    config = Config(tuple(PlayerSpec(p) for p in case.players), case.seed, edition=case.edition)
    if case.position is None:
        state = new_state(config, case.seed)
        return state, state.opening
    pos = case.position
    state = State(config, case.seed)
    names = state.names
    if "dinos" in pos:
        state.occ = [FREE] * state.board.size
        state.count = [0] * state.n
        state.pos = [[] for _ in range(state.n)]
        for p, spaces in pos["dinos"].items():
            for s in spaces:
                state.put(state.board.index[s], names.index(p))
    for p, genes in pos.get("genes", {}).items():
        state.genes[names.index(p)] = {}
        for g in genes:
            state.genes[names.index(p)][g] = state.genes[names.index(p)].get(g, 0) + 1
            if g in state.bag:
                state.bag.remove(g)
    for p, mp in pos.get("mp", {}).items():
        state.mp[names.index(p)] = mp
    for p, cards in pos.get("cards", {}).items():
        state.hand[names.index(p)] = list(cards)
        state.deck = [c for c in state.deck if c not in cards]
    if "wheel" in pos:
        state.wheel = pos["wheel"]
    if "order" in pos:
        state.order = [names.index(p) for p in pos["order"]]
    if "tokens" in pos:
        state.tokens = list(pos["tokens"])
    if "bag" in pos:
        state.bag = list(pos["bag"])
    if "deck" in pos:
        state.deck = list(pos["deck"])
    if "round" in pos:
        state.round = pos["round"]
    state.forced_dice = list(pos.get("dice", []))
    phase = pos.get("phase", "movement")
    if "lab" in pos:
        state.lab = ([EVENT] if state.deck else []) + list(pos["lab"])
    ev = state.enter(phase, pos.get("turn"))
    return state, ev


def _sorted_map(value: dict[str, Any]) -> dict[str, Any]:
    return {k: sorted(v) if isinstance(v, list) else v for k, v in sorted(value.items())}


def run_case(case: Case) -> CaseResult:
    """Play the case and compare every expectation."""
    checks: list[Check] = []
    log: list[str] = []
    try:
        state, ev = build(case)
        log += [e.text for e in ev if e.text]
        for text in case.moves:
            log += [e.text for e in state.apply(text) if e.text]
    except FaunaError as exc:
        return CaseResult(case, (Check("moves", "all legal", f"error: {exc}", False),))
    reason = None
    if case.illegal is not None:
        try:
            state.check(case.illegal)
            reason = None
            checks.append(Check(f"illegal[{case.illegal}]", "rejected", "accepted", False))
        except FaunaError as exc:
            reason = str(exc)
            checks.append(Check(f"illegal[{case.illegal}]", "rejected", "rejected", True))
    names = state.names
    legal = {state.move_text(m) for m in state.legal_moves()}
    for key, want in case.expect.items():
        actual: Any
        if key in ("dinos",):
            actual = {p: [state.board.names[s] for s in state.dinos(names.index(p))] for p in want}
            want, actual = _sorted_map(want), _sorted_map(actual)
        elif key == "count":
            actual = {p: state.count[names.index(p)] for p in want}
        elif key == "mp":
            actual = {p: state.mp[names.index(p)] for p in want}
        elif key == "genes":
            actual = {p: dict(sorted(state.genes[names.index(p)].items())) for p in want}
            want = {p: dict(sorted(v.items())) for p, v in want.items()}
        elif key == "hand":
            actual = {p: sorted(state.hand[names.index(p)]) for p in want}
            want = _sorted_map(want)
        elif key == "cards_held":
            actual = {p: len(state.hand[names.index(p)]) for p in want}
        elif key == "births_left":
            actual = {p: state.births_left[names.index(p)] for p in want}
        elif key in ("lost_climate", "lost_combat"):
            arr = state.lost_climate if key == "lost_climate" else state.lost_combat
            actual = {p: arr[names.index(p)] for p in want}
        elif key == "to_move":
            actual = state.to_move if state.to_move is not None else "none"
        elif key == "phase":
            actual = state.phase
        elif key == "over":
            actual = state.is_over
        elif key == "winners":
            actual, want = sorted(state.winners), sorted(want)
        elif key == "wheel":
            actual = state.wheel
        elif key == "round":
            actual = state.round
        elif key == "tokens_left":
            actual = len(state.tokens)
        elif key == "lab":
            actual = list(state.lab)
        elif key == "order":
            actual = [names[s] for s in state.order]
        elif key == "steps":
            actual = state.steps
        elif key == "legal":
            actual = [m for m in want if m in legal]
        elif key == "not_legal":
            actual = [m for m in want if m not in legal]
        elif key == "illegal_reason":
            actual = want if reason is not None and want.lower() in reason.lower() else reason
        elif key == "ring":
            actual = {s: state.ring(state.board.index[s]) for s in want}
        elif key == "coastal":
            actual = {s: state.board.coastal[state.board.index[s]] for s in want}
        elif key == "adjacent":
            actual = {k: state.board.index[k.split("-")[1]] in state.board.neighbors[state.board.index[k.split("-")[0]]]
                      for k in want}
        elif key == "distance":
            actual = {k: state.board.distance[state.board.index[k.split("-")[0]]][state.board.index[k.split("-")[1]]]
                      for k in want}
        elif key == "log":
            actual = [w for w in want if any(w in line for line in log)]
        else:  # view_has / view_lacks: {player: [texts]} searched in the JSON of that player's view
            actual = {}
            for p, texts in want.items():
                dump = json.dumps(state.view(None if p == "spectator" else p))
                found = [t for t in texts if t in dump]
                actual[p] = found if key == "view_has" else [t for t in texts if t not in dump]
        checks.append(Check(key, want, actual, want == actual))
    return CaseResult(case, tuple(checks))
