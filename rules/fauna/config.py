"""A validated game configuration: players, preset, units, cards, seed, starting player, goal."""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.core.errors import ConfigError
from rules.core.limits import (
    MAX_CONFIG_BYTES,
    MAX_GOAL,
    InputRefused,
    check_int_range,
    check_name,
    escape_control,
    load_toml,
    read_bounded_text,
)
from rules.core.names import normalize, skeleton, suggest
from rules.fauna.scoring import PRESET_NAMES, ScoringTable, preset

if TYPE_CHECKING:
    from pathlib import Path

UNIT_CHOICES = ("metric", "imperial")
CARD_CHOICES = ("green", "black", "mixed")
GOALS = {2: 120, 3: 120, 4: 100, 5: 100, 6: 80}
BOT_KINDS: tuple[str, ...] = ("naturalist", "random", "statistician", "expert")  # computer players: rules/fauna/bots.py
GAME_KEYS = ("rules", "seed", "preset", "units", "cards", "start", "goal")  # rules = "fauna": the game
PLAYER_KEYS = ("name", "bot", "skill")


@dataclass(frozen=True)
class PlayerSpec:
    """A seat at the table, clockwise order; `bot` names a computer player kind."""

    name: str
    bot: str | None = None
    skill: float | None = None


@dataclass(frozen=True)
class Config:
    """Everything that fixes a game before the first move (the seed may come later)."""

    players: tuple[PlayerSpec, ...]
    table: ScoringTable = field(default_factory=lambda: preset("published"))
    units: str = "metric"
    cards: str = "mixed"
    seed: int | None = None
    start: str | None = None
    goal: int | None = None

    def __post_init__(self) -> None:
        validate_players(self.players, "config")
        _choice(self.units, UNIT_CHOICES, "units", "config")
        _choice(self.cards, CARD_CHOICES, "cards", "config")
        if self.seed is not None:
            _seed(self.seed, "config")
        if self.start is not None and self.start not in self.names:
            hints = suggest(self.start, {normalize(n): n for n in self.names})
            raise ConfigError(f"config: start = {escape_control(repr(self.start))} is not a player" + _hint(hints),
                              "start")
        if self.goal is not None:
            _goal(self.goal, "config", "goal")

    @property
    def names(self) -> list[str]:
        """Player names in seating (clockwise) order."""
        return [p.name for p in self.players]

    @property
    def target(self) -> int:
        """The score that ends the game: the override, else 120 / 100 / 80 by player count."""
        return self.goal if self.goal is not None else GOALS[len(self.players)]

    def with_seed(self, seed: int) -> Config:
        """The same config with the seed fixed."""
        return Config(self.players, self.table, self.units, self.cards, seed, self.start, self.goal)

    def to_dict(self) -> dict[str, Any]:
        """The effective config in the TOML shape (bundled presets by name, custom ones inline)."""
        game: dict[str, Any] = {}
        if self.seed is not None:
            game["seed"] = self.seed
        game["preset"] = self.table.name if _is_bundled(self.table) else self.table.to_dict()
        game["units"] = self.units
        game["cards"] = self.cards
        if self.start is not None:
            game["start"] = self.start
        if self.goal is not None:
            game["goal"] = self.goal
        players = []
        for p in self.players:
            d: dict[str, Any] = {"name": p.name}
            if p.bot is not None:
                d["bot"] = p.bot
            if p.skill is not None:
                d["skill"] = p.skill
            players.append(d)
        return {"game": game, "players": players}

    @classmethod
    def from_dict(cls, doc: dict[str, Any], where: str = "config", base_dir: Path | None = None) -> Config:
        """Validate a parsed config document; every error names `where` and the key."""
        for key in doc:
            if key not in ("game", "players"):
                raise ConfigError(f"{where}: unknown section {key!r} (allowed: [game], [[players]])", key)
        game = doc.get("game", {})
        if not isinstance(game, dict):
            raise ConfigError(f"{where}: 'game' must be a table [game]", "game")
        for key in game:
            if key not in GAME_KEYS:
                raise ConfigError(f"{where}: unknown key game.{key}" + _hint(suggest(key, {k: k for k in GAME_KEYS})),
                                  f"game.{key}")
        if game.get("rules", "fauna") != "fauna":
            raise ConfigError(f"{where}: game.rules = {game.get('rules')!r}: this is a Fauna config reader",
                              "game.rules")
        raw_players = doc.get("players")
        if not isinstance(raw_players, list) or not all(isinstance(p, dict) for p in raw_players):
            raise ConfigError(f"{where}: players must be given as [[players]] tables with a name", "players")
        players = []
        for i, p in enumerate(raw_players, 1):
            for key in p:
                if key not in PLAYER_KEYS:
                    raise ConfigError(f"{where}: unknown key players[{i}].{key}"
                                      + _hint(suggest(key, {k: k for k in PLAYER_KEYS})), f"players.{key}")
            name = p.get("name")
            if not isinstance(name, str):
                raise ConfigError(f"{where}: players[{i}].name must be a text", "players.name")
            name = _name(name, f"players[{i}].name", where)
            bot = p.get("bot")
            if bot is not None:
                if not isinstance(bot, str):
                    raise ConfigError(f"{where}: players[{i}].bot must be a text", "players.bot")
                if not BOT_KINDS:
                    raise ConfigError(f"{where}: players[{i}] ({name}) is a computer player (bot = {bot!r}), "
                                      "but computer players are not available in this version", "players.bot")
                _choice(bot, BOT_KINDS, f"players[{i}].bot", where)
            skill = p.get("skill")
            if skill is not None:
                if isinstance(skill, bool) or not isinstance(skill, (int, float)) or not 0 <= skill <= 1:
                    raise ConfigError(f"{where}: players[{i}].skill must be a number from 0 to 1", "players.skill")
                skill = float(skill)
                if bot != "naturalist":
                    raise ConfigError(f"{where}: players[{i}].skill applies only to naturalist bots, not to "
                                      f"{'a ' + bot if bot else 'a human player'}", "players.skill")
            players.append(PlayerSpec(name, bot, skill))
        validate_players(tuple(players), where)
        table = load_table(game.get("preset", "published"), where, base_dir)
        if not any(r.correct or r.adjacent for r in table.rows) and not (table.scale_correct or table.scale_adjacent):
            raise ConfigError(f"{where}: game.preset: the scoring table pays no points at all, so no game could end",
                              "game.preset")
        units = game.get("units", "metric")
        cards = game.get("cards", "mixed")
        _choice(units, UNIT_CHOICES, "game.units", where)
        _choice(cards, CARD_CHOICES, "game.cards", where)
        seed = game.get("seed")
        if seed is not None:
            _seed(seed, where)
        start = game.get("start")
        if start is not None and not isinstance(start, str):
            raise ConfigError(f"{where}: game.start must be a player's name", "game.start")
        if start is not None:
            start = unicodedata.normalize("NFC", start)
        goal = game.get("goal")
        if goal is not None:
            _goal(goal, where, "game.goal")
        if start is not None and start not in [p.name for p in players]:
            names = [p.name for p in players]
            raise ConfigError(f"{where}: game.start = {escape_control(repr(start))} is not one of the players "
                              f"({', '.join(names)})"
                              + _hint(suggest(start, {normalize(n): n for n in names})), "game.start")
        return cls(tuple(players), table, units, cards, seed, start, goal)


def validate_players(players: tuple[PlayerSpec, ...], where: str) -> None:
    """2-6 players with distinct, printable, writable names (a move script line is 'name: move')."""
    if not 2 <= len(players) <= 6:
        raise ConfigError(f"{where}: Fauna needs 2 to 6 players, not {len(players)}", "players")
    seen: set[str] = set()
    looks: dict[str, str] = {}  # skeleton -> name: names that would look alike on a screen
    for p in players:
        n = p.name
        if _name(n, "player name", where) != n:
            raise ConfigError(f"{where}: player name {escape_control(repr(n))} is not in Unicode NFC form",
                              "players.name")
        if any(c in n for c in ":#"):
            raise ConfigError(f"{where}: player name {escape_control(repr(n))} must be 1-24 characters without ':', "
                              "'#', control characters or leading/trailing spaces", "players.name")
        if n.lower() in seen:
            raise ConfigError(f"{where}: two players are called {escape_control(repr(n))}", "players.name")
        if n.lower() == "pass":
            raise ConfigError(f"{where}: 'pass' cannot be a player name", "players.name")
        seen.add(n.lower())
        twin = looks.get(skeleton(n))
        if twin is not None:
            raise ConfigError(f"{where}: player name {escape_control(repr(n))} looks like {escape_control(repr(twin))} "
                              "(the same letters from another alphabet); choose names that look different",
                              "players.name")
        looks[skeleton(n)] = n


def load_table(value: Any, where: str, base_dir: Path | None) -> ScoringTable:
    """A preset from a bundled name, an inline table, or the path of a table file.

    A config file may point only at a `.toml` table file in its own folder or below it (after symbolic
    links), of at most MAX_CONFIG_BYTES, read once: a config travels between players, and its table is
    copied into the game file, so it must not reach /etc, /proc or devices. Without `base_dir` (no
    config file: a path the user typed on the command line, `simulate --preset`) the file may be
    anywhere, but it is read the same careful way.
    """
    if isinstance(value, dict):
        return ScoringTable.from_dict(value, f"{where}: game.preset")
    if not isinstance(value, str) or not value:
        raise ConfigError(f"{where}: game.preset must be {' or '.join(PRESET_NAMES)} or a file path", "game.preset")
    if normalize(value) in {normalize(p) for p in PRESET_NAMES}:
        return preset(value)
    shown = escape_control(repr(value))
    looks_like_path = value.endswith(".toml") or "/" in value or "\\" in value
    if not looks_like_path:
        try:
            return preset(value)  # raises with the list of presets and a suggestion
        except ConfigError as exc:
            raise ConfigError(f"{where}: game.preset: {escape_control(str(exc))}", "game.preset") from None
    from pathlib import Path  # only a table file needs it

    path = Path(value)
    if not value.endswith(".toml"):
        raise ConfigError(f"{where}: game.preset = {shown}: a table file's name must end in .toml", "game.preset")
    if base_dir is not None and not path.is_absolute():
        path = base_dir / path
    if base_dir is not None:
        root = Path(os.path.realpath(base_dir))
        real = Path(os.path.realpath(path))
        if Path(value).is_absolute() or (real != root and root not in real.parents):
            raise ConfigError(f"{where}: game.preset = {shown}: a table file must be in the config's folder or "
                              "below it, given by a relative path", "game.preset")
    try:
        text = read_bounded_text(path, MAX_CONFIG_BYTES, "scoring table")
    except InputRefused as exc:  # the message starts with the path (and line)
        raise ConfigError(f"{where}: game.preset: {exc.message}", "game.preset") from None
    try:
        doc = load_toml(text)
    except InputRefused as exc:
        raise ConfigError(f"{where}: game.preset: {escape_control(str(path))}:{exc.line or 1}: {exc.message}",
                          "game.preset") from None
    return ScoringTable.from_dict(doc, f"{where}: game.preset: {escape_control(str(value))}")


def _is_bundled(table: ScoringTable) -> bool:
    return table.name in PRESET_NAMES and table == preset(table.name)


def _choice(value: Any, choices: tuple[str, ...], key: str, where: str) -> None:
    if value not in choices:
        hints = suggest(str(value), {c: c for c in choices}) if isinstance(value, str) else []
        raise ConfigError(f"{where}: {key} = {value!r} is not allowed; choose {', '.join(choices)}" + _hint(hints), key)


def _goal(goal: Any, where: str, key: str) -> None:
    try:
        check_int_range(goal, 1, MAX_GOAL, key)
    except InputRefused as exc:
        raise ConfigError(f"{where}: {exc.message} points", key) from None


def _name(name: str, key: str, where: str) -> str:
    """A player name in NFC, or ConfigError naming the key (printable, 1-24 characters)."""
    try:
        return check_name(name, what=key)
    except InputRefused as exc:
        raise ConfigError(f"{where}: {exc.message}", "players.name") from None


def _seed(seed: Any, where: str) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ConfigError(f"{where}: game.seed must be a whole number from 0 to 2^64-1", "game.seed")


def _hint(hints: list[str]) -> str:
    return f" (did you mean {hints[0]!r}?)" if hints else ""
