"""Arctic rule cases: TOML files of positions set up explicitly (or by seeded play), moves, and expectations.

The format is documented in docs/rule-cases-arctic.md. A file is validated whole before anything runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.arctic.cards import ANIMALS, BY_NAME, DATA, LANDSCAPE, NAME, SET_SIZE, WILD
from rules.arctic.config import ArcticConfig, config_from_dict
from rules.arctic.state import ArcticState, pile_names
from rules.core.cases import CaseFormatError, CaseResult, Check
from rules.core.errors import ConfigError, FaunaError
from rules.core.limits import InputRefused, load_toml
from rules.core.names import normalize, suggest
from rules.core.shape import Bool, Int, ListOf, MapOf, Opt, Record, Text, check_shape

TOP_KEYS = ("game", "defaults", "case")
SETUP_KEYS = ("players", "seed", "start", "powers")
POSITION_KEYS = ("hands", "piles", "penalties", "river", "draw", "reserve", "tokens", "holders", "totems",
                 "turn", "round", "end_triggered", "final_round")
CASE_KEYS = ("name", "rule", "source", *SETUP_KEYS, *POSITION_KEYS, "moves", "illegal", "expect")
EXPECT_KEYS = ("error", "to_move", "phase", "over", "winners", "ranking", "scores", "breakdown", "tokens", "hands",
               "hand_size", "piles", "penalties", "river", "draw_size", "reserve_size", "holders", "end_triggered",
               "final_round", "round", "legal", "legal_includes", "legal_excludes", "place_target", "draw_target",
               "wild", "runs")
SOURCES = ("seed", "reference")

# The kinds of value each expectation holds, checked before any is compared (names are checked below them).
_TEXT, _NUMBER = Text(0, 1_000), Int(-1_000_000, 1_000_000)
_TEXTS = ListOf(_TEXT)
_ANIMAL_NUMBERS = MapOf(Text(choices=(*ANIMALS, *DATA.aliases)), _NUMBER)
EXPECT_SHAPE = Record({}, {
    "error": _TEXT, "to_move": Opt(_TEXT), "phase": _TEXT, "over": Bool(), "winners": _TEXTS, "ranking": _TEXTS,
    "scores": MapOf(_TEXT, _NUMBER), "breakdown": MapOf(_TEXT, MapOf(_TEXT, _NUMBER)), "tokens": MapOf(_TEXT, _NUMBER),
    "hands": MapOf(_TEXT, _TEXTS), "hand_size": MapOf(_TEXT, _NUMBER), "piles": MapOf(_TEXT, _TEXTS),
    "penalties": MapOf(_TEXT, _NUMBER), "river": _TEXTS, "draw_size": _NUMBER, "reserve_size": _NUMBER,
    "holders": MapOf(_TEXT, _TEXT), "end_triggered": Bool(), "final_round": Bool(), "round": _NUMBER,
    "legal": _TEXTS, "legal_includes": _TEXTS, "legal_excludes": _TEXTS, "place_target": _NUMBER,
    "draw_target": Opt(_NUMBER), "wild": MapOf(_TEXT, _TEXTS), "runs": MapOf(_TEXT, _ANIMAL_NUMBERS)})


@dataclass
class ArcticCase:
    """One parsed case: its set-up, moves and expectations."""

    name: str
    rule: str
    source: str
    where: str
    line: int
    config: ArcticConfig
    seed: int
    position: dict[str, Any]
    moves: list[str]
    illegal: str | None
    expect: dict[str, Any] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return "illegal" if self.illegal else "position"

    @property
    def location(self) -> str:
        """FILE:LINE of the case, as `fauna check` shows it."""
        return f"{self.where}:{self.line}"


def _hint(word: str, choices: tuple[str, ...] | list[str]) -> str:
    hints = suggest(word, {normalize(c): c for c in choices})
    return f"; did you mean {hints[0]!r}?" if hints else ""


def card_id(text: Any, err: Any) -> int:
    """A card from its full name, any case ('polar bear' allowed); 'down:' is handled by the caller."""
    if not isinstance(text, str):
        raise err(f"a card must be a text like 'fox/moose 5-1', not {text!r}")
    key = " ".join(text.lower().replace("polar bear", "bear").split())
    if key not in BY_NAME:
        hints = suggest(text, {normalize(n): n for n in NAME})
        raise err(f"unknown card {text!r}" + (f"; did you mean {hints[0]!r}?" if hints else ""))
    return BY_NAME[key]


def parse_cases(text: str, where: str = "<cases>", base_dir: Path | None = None) -> list[ArcticCase]:
    """Read and validate a whole case file; errors are CaseFormatError(where, line, message)."""
    try:
        doc = load_toml(text)  # nesting and numbers bounded (rules/core/limits.py)
    except InputRefused as exc:
        raise CaseFormatError(where, exc.line or 1, f"not valid TOML: {exc.message}") from None
    lines = text.splitlines()
    case_lines = [i + 1 for i, ln in enumerate(lines) if ln.strip() == "[[case]]"]
    for key in doc:
        if key not in TOP_KEYS:
            raise CaseFormatError(where, 1, f"unknown key {key!r}{_hint(key, TOP_KEYS)}")
    if doc.get("game") != "arctic":
        raise CaseFormatError(where, 1, "an Arctic case file starts with game = \"arctic\"")
    defaults = doc.get("defaults", {})
    if not isinstance(defaults, dict):
        raise CaseFormatError(where, 1, "[defaults] must be a table")
    for key in defaults:
        if key not in SETUP_KEYS:
            raise CaseFormatError(where, 1, f"unknown key defaults.{key}{_hint(key, SETUP_KEYS)}")
    raw = doc.get("case", [])
    if not isinstance(raw, list) or not raw:
        raise CaseFormatError(where, 1, "no [[case]] tables")
    out: list[ArcticCase] = []
    names: set[str] = set()
    for i, c in enumerate(raw):
        line = case_lines[i] if i < len(case_lines) else 1
        case = _parse_case(c, defaults, where, line)
        if case.name in names:
            raise CaseFormatError(where, line, f"two cases are called {case.name!r}")
        names.add(case.name)
        out.append(case)
    return out


def _parse_case(c: dict[str, Any], defaults: dict[str, Any], where: str, line: int) -> ArcticCase:
    label = f"case {c.get('name', '?')!r}"

    def err(msg: str) -> CaseFormatError:
        return CaseFormatError(where, line, f"{label}: {msg}")

    for key in c:
        if key not in CASE_KEYS:
            raise err(f"unknown key {key!r}{_hint(key, CASE_KEYS)}")
    for key in ("name", "rule", "source"):
        if not isinstance(c.get(key), str) or not c[key].strip():
            raise err(f"{key} must be a non-empty text")
    if c["source"] not in SOURCES:
        raise err(f"source = {c['source']!r} must be one of {', '.join(SOURCES)}{_hint(c['source'], SOURCES)}")
    setup = {**defaults, **{k: c[k] for k in SETUP_KEYS if k in c}}
    players = setup.get("players", ["ann", "ben"])
    if not isinstance(players, list):
        raise err("players must be a list of names")
    game: dict[str, Any] = {"rules": "arctic"}
    for key in ("seed", "start", "powers"):
        if key in setup:
            game[key] = setup[key]
    game.setdefault("start", players[0] if players and isinstance(players[0], str) else None)
    try:
        config = config_from_dict({"game": game, "players": [{"name": p} for p in players]}, label)
    except ConfigError as exc:
        raise CaseFormatError(where, line, str(exc)) from exc
    position = {k: c[k] for k in POSITION_KEYS if k in c}
    _validate_position(position, config, err)
    moves = c.get("moves", [])
    if isinstance(moves, str):
        moves = [m.split("#", 1)[0].strip() for m in moves.splitlines()]
        moves = [m for m in moves if m]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise err("moves must be a list of texts like \"ann: place fox/moose 5-1\"")
    illegal = c.get("illegal")
    if illegal is not None and not isinstance(illegal, str):
        raise err("illegal must be one move text")
    expect = c.get("expect")
    if not isinstance(expect, dict) or not expect:
        raise err("[case.expect] needs at least one key")
    for key in expect:
        if key not in EXPECT_KEYS:
            raise err(f"unknown key expect.{key}{_hint(key, EXPECT_KEYS)}")
    if "error" in expect and illegal is None:
        raise err("expect.error needs an illegal move")
    if illegal is not None and "error" not in expect:
        raise err("an illegal move needs expect.error (a part of the message)")
    _validate_expect(expect, config, err)
    seed = config.seed if config.seed is not None else 1
    return ArcticCase(c["name"], c["rule"], c["source"], where, line, config, seed, position, moves, illegal,
                      expect)


def _player_table(value: Any, config: ArcticConfig, key: str, err: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise err(f"{key} must be a table by player name")
    for name in value:
        if name not in config.names:
            raise err(f"{key}: {name!r} is not a player{_hint(name, config.names)}")
    return value


def _cards(value: Any, key: str, err: Any, n: int, allow_down: bool = False) -> list[int]:
    if not isinstance(value, list):
        raise err(f"{key} must be a list of cards")
    out = []
    for t in value:
        down = allow_down and isinstance(t, str) and t.lower().startswith("down:")
        c = card_id(t[5:].strip() if down else t, lambda m: err(f"{key}: {m}"))
        if c >= SET_SIZE * n:
            raise err(f"{key}: {NAME[c]} is not in a {n}-player game (set {c // SET_SIZE + 1})")
        out.append(c + WILD if down else c)
    return out


def _validate_position(pos: dict[str, Any], config: ArcticConfig, err: Any) -> None:
    """Turn the names of a position into ids in place; every card may appear once."""
    n = len(config.players)
    seen: set[int] = set()

    def claim(cards: list[int], key: str) -> list[int]:
        for e in cards:
            c = e - WILD if e >= WILD else e
            if c in seen:
                raise err(f"{key}: {NAME[c]} appears twice in the position")
            seen.add(c)
        return cards

    for key in ("hands", "piles", "penalties"):
        if key in pos:
            table = _player_table(pos[key], config, key, err)
            pos[key] = {p: claim(_cards(v, f"{key}.{p}", err, n, key == "piles"), f"{key}.{p}")
                        for p, v in table.items()}
    for key in ("river", "draw", "reserve"):
        if key in pos:
            pos[key] = claim(_cards(pos[key], key, err, n), key)
    if "tokens" in pos:
        pos["tokens"] = _tokens(pos["tokens"], "tokens", err)
    if "holders" in pos:
        if not isinstance(pos["holders"], dict):
            raise err("holders must be a table like { fox = \"ann\", moose = \"centre\" }")
        pos["holders"] = {_animal(a, err): _holder(v, config, err) for a, v in pos["holders"].items()}
    if "totems" in pos:
        table = _player_table(pos["totems"], config, "totems", err)
        pos["totems"] = {p: _animal(v, err) for p, v in table.items()}
    if "turn" in pos and pos["turn"] not in config.names:
        raise err(f"turn = {pos['turn']!r} is not a player{_hint(str(pos['turn']), config.names)}")
    for key in ("end_triggered", "final_round"):
        if key in pos and not isinstance(pos[key], bool):
            raise err(f"{key} must be true or false")
    if "round" in pos and (not isinstance(pos["round"], int) or pos["round"] < 1):
        raise err("round must be a whole number >= 1")


def _animal(word: Any, err: Any) -> int:
    key = normalize(str(word))
    for i, a in enumerate(ANIMALS):
        if key == a or key == normalize(DATA.aliases.get(str(word), "")):
            return i
    raise err(f"unknown animal {word!r}{_hint(str(word), ANIMALS)}")


def _holder(value: Any, config: ArcticConfig, err: Any) -> int:
    if value == "centre":
        return -1
    if value not in config.names:
        raise err(f"holders: {value!r} is neither a player nor \"centre\"{_hint(str(value), config.names)}")
    return config.names.index(value)


def _tokens(value: Any, key: str, err: Any) -> dict[int, int]:
    if not isinstance(value, dict):
        raise err(f"{key} must be a table like {{ fox = 0, moose = 15 }} (landscape values)")
    out = {}
    for a, v in value.items():
        if v not in LANDSCAPE:
            raise err(f"{key}.{a} = {v!r} is not a landscape value ({', '.join(map(str, LANDSCAPE))})")
        out[_animal(a, err)] = LANDSCAPE.index(v)
    return out


def _validate_expect(expect: dict[str, Any], config: ArcticConfig, err: Any) -> None:
    n = len(config.players)
    try:
        check_shape(expect, EXPECT_SHAPE, "expect")
    except InputRefused as exc:
        raise err(exc.message) from None
    for key in ("hands", "piles", "hand_size", "penalties", "scores", "breakdown", "wild", "runs"):
        if key in expect:
            _player_table(expect[key], config, f"expect.{key}", err)
    for key in ("hands", "piles"):
        for p, v in expect.get(key, {}).items():
            _cards(v, f"expect.{key}.{p}", err, n, key == "piles")
    if "river" in expect:
        _cards(expect["river"], "expect.river", err, n)
    if "tokens" in expect:
        _tokens(expect["tokens"], "expect.tokens", err)
    if "holders" in expect:
        for a, v in expect["holders"].items():
            _animal(a, err)
            _holder(v, config, err)
    for key in ("winners", "ranking"):
        for p in expect.get(key, []):
            if p not in config.names:
                raise err(f"expect.{key}: {p!r} is not a player{_hint(str(p), config.names)}")
    for _p, table in expect.get("wild", {}).items():
        for a in table:
            _animal(a, err)


def build(case: ArcticCase) -> ArcticState:
    """The case's starting position: the seeded deal with the explicitly given zones put in place."""
    st = ArcticState(case.config, case.seed)
    pos = case.position
    names = list(case.config.names)
    explicit: set[int] = set()
    for key in ("hands", "piles", "penalties"):
        for cards in pos.get(key, {}).values():
            explicit |= {c - WILD if c >= WILD else c for c in cards}
    for key in ("river", "draw", "reserve"):
        explicit |= set(pos.get(key, []))
    displaced: list[int] = []

    def keep(cards: list[int]) -> list[int]:
        return [c for c in cards if c not in explicit]

    def zone(old: list[int], new: list[int] | None) -> list[int]:
        if new is None:
            return keep(old)
        displaced.extend(keep(old))
        return list(new)

    for s, p in enumerate(names):
        st.hands[s] = zone(st.hands[s], pos.get("hands", {}).get(p))
        st.piles[s] = list(pos.get("piles", {}).get(p, []))
        st.penalties[s] = list(pos.get("penalties", {}).get(p, []))
    st.river = zone(st.river, pos.get("river"))
    st.reserve = zone(st.reserve, pos.get("reserve"))
    if "draw" in pos:
        st.draw = list(reversed(pos["draw"]))  # written top first; the state pops from the end
    else:
        st.draw = displaced + keep(st.draw)
    for a, i in pos.get("tokens", {}).items():
        st.tokens[a] = i
    for a, s in pos.get("holders", {}).items():
        st.holders[a] = s
    for p, a in pos.get("totems", {}).items():
        st.totems[names.index(p)] = a
    st.round = pos.get("round", st.round)
    st.end_triggered = pos.get("end_triggered", st.end_triggered)
    st.final_round = pos.get("final_round", st.final_round)
    st.current = names.index(pos["turn"]) if "turn" in pos else st.first
    st._events = []
    st._begin_turn()
    st._settle()
    return st


def _split(text: str) -> tuple[str | None, str]:
    who, sep, move = text.partition(":")
    return (who.strip(), move.strip()) if sep else (None, text.strip())


def run_case(case: ArcticCase) -> CaseResult:
    """Play the case and compare every expectation with what the engine did."""
    checks: list[Check] = []
    try:
        st = build(case)
        for text in case.moves:
            who, move = _split(text)
            st.apply(move, who)
    except FaunaError as exc:
        return CaseResult(case, (Check("moves", "all moves legal", f"{type(exc).__name__}: {exc}", False),))
    if case.illegal is not None:
        who, move = _split(case.illegal)
        probe = st.copy()
        try:
            probe.apply(move, who)
            actual = "accepted"
        except FaunaError as exc:
            actual = str(exc)
        want = case.expect["error"]
        checks.append(Check("error", want, actual, actual != "accepted" and want.lower() in actual.lower()))
    checks += _compare(st, case.expect)
    return CaseResult(case, tuple(checks))


def _compare(st: ArcticState, expect: dict[str, Any]) -> list[Check]:
    names = list(st.names)
    out: list[Check] = []

    def add(key: str, want: Any, got: Any) -> None:
        out.append(Check(key, want, got, want == got))

    def norm_cards(cards: list[str]) -> list[str]:
        res = []
        for t in cards:
            down = t.lower().startswith("down:")
            c = BY_NAME[" ".join((t[5:] if down else t).lower().replace("polar bear", "bear").split())]
            res.append(("down:" if down else "") + NAME[c])
        return res

    legal = [st.move_text(m) for m in st.legal_moves()]
    for key, want in expect.items():
        if key == "error":
            continue
        if key == "to_move":
            add(key, want, st.to_move)
        elif key == "phase":
            add(key, want, st.phase)
        elif key == "over":
            add(key, want, st.over)
        elif key == "winners":
            add(key, want, list(st.winners))
        elif key == "ranking":
            add(key, want, st.ranking())
        elif key == "scores":
            for p, v in want.items():  # the full total, totem included, even before the end
                add(f"scores[{p}]", v, st.score_of(names.index(p)).total)
        elif key == "breakdown":
            for p, table in want.items():
                bd = st.score_of(names.index(p)).breakdown()
                for src, v in table.items():
                    add(f"breakdown[{p}].{src}", v, bd.get(src))
        elif key == "runs":
            for p, table in want.items():
                runs = st.score_of(names.index(p)).runs
                for a, v in table.items():
                    add(f"runs[{p}].{a}", v, runs[ANIMALS.index(a)])
        elif key == "tokens":
            for a, v in want.items():
                add(f"tokens[{a}]", v, LANDSCAPE[st.tokens[ANIMALS.index(DATA.aliases.get(a, a))]])
        elif key == "hands":
            for p, cards in want.items():
                add(f"hands[{p}]", sorted(norm_cards(cards)), sorted(NAME[c] for c in st.hands[names.index(p)]))
        elif key == "piles":
            for p, cards in want.items():
                add(f"piles[{p}]", norm_cards(cards), pile_names(st, names.index(p)))
        elif key == "hand_size":
            for p, v in want.items():
                add(f"hand_size[{p}]", v, len(st.hands[names.index(p)]))
        elif key == "penalties":
            for p, v in want.items():
                add(f"penalties[{p}]", v, len(st.penalties[names.index(p)]))
        elif key == "river":
            add(key, sorted(norm_cards(want)), sorted(NAME[c] for c in st.river))
        elif key == "draw_size":
            add(key, want, len(st.draw))
        elif key == "reserve_size":
            add(key, want, len(st.reserve))
        elif key == "holders":
            for a, v in want.items():
                h = st.holders[ANIMALS.index(DATA.aliases.get(a, a))]
                add(f"holders[{a}]", v, names[h] if h >= 0 else "centre")
        elif key in ("end_triggered", "final_round", "round", "place_target", "draw_target"):
            add(key, want, getattr(st, key))
        elif key == "legal":
            add(key, sorted(w.lower() for w in want), sorted(t.lower() for t in legal))
        elif key == "legal_includes":
            for t in want:
                add(f"legal includes {t!r}", True, t.lower() in {x.lower() for x in legal})
        elif key == "legal_excludes":
            for t in want:
                add(f"legal excludes {t!r}", True, t.lower() not in {x.lower() for x in legal})
        elif key == "wild":
            for p, animals in want.items():
                got = [ANIMALS[a] for a in st.score_of(names.index(p)).wild]
                add(f"wild[{p}]", list(animals), got)
    return out
