"""A validated Evo configuration: 2 to 5 players (computer or human), the seed, who starts."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.core.errors import ConfigError
from rules.core.names import normalize, suggest

BOT_KINDS: tuple[str, ...] = ("heuristic", "random")
GAME_KEYS = ("rules", "seed", "start")
PLAYER_KEYS = ("name", "bot")
MAX_SEED = (1 << 64) - 1


@dataclass(frozen=True)
class PlayerSpec:
    """A seat: its name and, for a computer player, its bot kind."""

    name: str
    bot: str | None = None


@dataclass(frozen=True)
class Config:
    """Everything fixed before the first move; the board follows from the player count."""

    players: tuple[PlayerSpec, ...]
    seed: int | None = None
    start: str | None = None

    @property
    def names(self) -> list[str]:
        """Player names in seat order."""
        return [p.name for p in self.players]

    def with_seed(self, seed: int) -> Config:
        """The same config with a fixed seed."""
        return Config(self.players, seed, self.start)


def _hint(hints: list[str]) -> str:
    return "; did you mean " + " or ".join(repr(h) for h in hints) + "?" if hints else ""


def check_name(name: object, where: str, i: int) -> str:
    """A player name: 1-40 printable characters, NFC, none of ; # : (they cut a script line)."""
    if not isinstance(name, str):
        raise ConfigError(f"{where}: players[{i}].name must be a text", "players.name")
    name = unicodedata.normalize("NFC", name)
    bad = any(unicodedata.category(ch).startswith("C") for ch in name) or any(ch in name for ch in ";#:")
    if not 1 <= len(name) <= 40 or bad or name != name.strip():
        raise ConfigError(f"{where}: player name {name!r} must be 1-40 printable characters without ';', '#', ':' "
                          "or spaces at either end", "players.name")
    return name


def config_from_dict(doc: dict[str, Any], where: str = "config", base_dir: Path | None = None) -> Config:
    """A Config from a TOML document with [game] and [[players]]; every error names its key."""
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
    if "rules" in game and game["rules"] != "evo":
        raise ConfigError(f"{where}: game.rules must be \"evo\" here, not {game['rules']!r}", "game.rules")
    seed = game.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED):
        raise ConfigError(f"{where}: game.seed must be a whole number from 0 to 2^64-1", "game.seed")
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise ConfigError(f"{where}: players must be given as [[players]] tables with a name", "players")
    if not 2 <= len(players) <= 5:
        raise ConfigError(f"{where}: Evo needs 2 to 5 players, not {len(players)}", "players")
    specs = []
    for i, p in enumerate(players):
        for key in p:
            if key not in PLAYER_KEYS:
                raise ConfigError(f"{where}: unknown key players[{i}].{key}"
                                  + _hint(suggest(key, {k: k for k in PLAYER_KEYS})), f"players.{key}")
        name = check_name(p.get("name"), where, i)
        bot = p.get("bot")
        if bot is not None and (not isinstance(bot, str) or bot not in BOT_KINDS):
            raise ConfigError(f"{where}: players[{i}].bot = {bot!r} is not a bot kind (choose "
                              f"{', '.join(BOT_KINDS)})" + _hint(suggest(str(bot), {k: k for k in BOT_KINDS})),
                              "players.bot")
        specs.append(PlayerSpec(name, bot))
    names = [s.name for s in specs]
    if len(set(names)) != len(names):
        raise ConfigError(f"{where}: two players have the same name", "players.name")
    start = game.get("start")
    if start is not None and (not isinstance(start, str) or start not in names):
        hints = suggest(str(start), {normalize(n): n for n in names})
        raise ConfigError(f"{where}: game.start = {start!r} is not one of the players ({', '.join(names)})"
                          + _hint(hints), "game.start")
    return Config(tuple(specs), seed, start)


def config_to_dict(config: Config) -> dict[str, Any]:
    """The TOML document form; config_from_dict reads it back to the same Config."""
    game: dict[str, Any] = {"rules": "evo"}
    if config.seed is not None:
        game["seed"] = config.seed
    if config.start is not None:
        game["start"] = config.start
    players = [{"name": p.name} | ({"bot": p.bot} if p.bot else {}) for p in config.players]
    return {"game": game, "players": players}


def default_config_text() -> str:
    """A commented default configuration for `fauna new-config --game evo`."""
    return """# Evo: dinosaurs on an island in a changing climate (2 to 5 players).
[game]
rules = "evo"
# seed = 7            # optional: the same seed and moves replay the same game
# start = "alice"     # optional: first on the initiative track (otherwise drawn at random)

[[players]]
name = "alice"

[[players]]
name = "bob"
bot = "heuristic"     # a computer player: "heuristic" or "random"

[[players]]
name = "carol"
bot = "random"
"""
