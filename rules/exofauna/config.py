"""A validated ExoFauna/Duo configuration: two players, the seed, who starts, and the quick game."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.core.errors import ConfigError
from rules.core.names import normalize, suggest

BOT_KINDS: tuple[str, ...] = ("random", "heuristic")
GAME_KEYS = ("rules", "seed", "start", "quick")
PLAYER_KEYS = ("name", "bot")
MAX_SEED = (1 << 64) - 1


@dataclass(frozen=True)
class PlayerSpec:
    """A seat; `bot` names a computer player kind (None: a person)."""

    name: str
    bot: str | None = None


@dataclass(frozen=True)
class Config:
    """Everything that fixes a game before the first move; `start` None means the seed chooses."""

    players: tuple[PlayerSpec, ...]
    seed: int | None = None
    start: str | None = None
    quick: bool = False

    @property
    def names(self) -> list[str]:
        """Player names in seat order."""
        return [p.name for p in self.players]


def _hint(word: str, choices: list[str] | tuple[str, ...]) -> str:
    """A did-you-mean tail for a misspelt key or name, or nothing."""
    hints = suggest(word, {normalize(c): c for c in choices})
    return "; did you mean " + " or ".join(repr(h) for h in hints) + "?" if hints else ""


def check_name(name: Any, where: str, key: str) -> str:
    """A player name: 1-40 printable characters, NFC-normalised."""
    if not isinstance(name, str):
        raise ConfigError(f"{where}: {key} must be a text", key)
    text: str = unicodedata.normalize("NFC", name)
    if not 1 <= len(text) <= 40 or not text.isprintable() or text != text.strip():
        raise ConfigError(f"{where}: {key} = {text!r} must be 1-40 printable characters, no spaces at its ends", key)
    return text


def config_from_dict(doc: dict[str, Any], where: str = "config", base_dir: Path | None = None) -> Config:
    """Validate a whole TOML document ([game] and [[players]]); every error names its key."""
    for key in doc:
        if key not in ("game", "players"):
            raise ConfigError(f"{where}: unknown section {key!r} (allowed: [game], [[players]])", key)
    game = doc.get("game", {})
    if not isinstance(game, dict):
        raise ConfigError(f"{where}: game must be a table [game]", "game")
    for key in game:
        if key not in GAME_KEYS:
            raise ConfigError(f"{where}: unknown key game.{key}{_hint(key, GAME_KEYS)}", f"game.{key}")
    if "rules" in game and game["rules"] != "exofauna":
        raise ConfigError(f"{where}: game.rules = {game['rules']!r} is not 'exofauna'", "game.rules")
    seed = game.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED):
        raise ConfigError(f"{where}: game.seed must be a whole number from 0 to 2^64-1", "game.seed")
    quick = game.get("quick", False)
    if not isinstance(quick, bool):
        raise ConfigError(f"{where}: game.quick must be true or false", "game.quick")
    raw = doc.get("players")
    if not isinstance(raw, list) or not all(isinstance(p, dict) for p in raw):
        raise ConfigError(f"{where}: players must be given as [[players]] tables with a name", "players")
    if len(raw) != 2:
        raise ConfigError(f"{where}: ExoFauna/Duo needs exactly 2 players, not {len(raw)}", "players")
    players = []
    for i, p in enumerate(raw):
        for key in p:
            if key not in PLAYER_KEYS:
                raise ConfigError(f"{where}: unknown key players[{i}].{key}{_hint(key, PLAYER_KEYS)}", f"players.{key}")
        if "name" not in p:
            raise ConfigError(f"{where}: players[{i}] needs a name", "players.name")
        name = check_name(p["name"], where, "players.name")
        bot = p.get("bot")
        if bot is not None and bot not in BOT_KINDS:
            raise ConfigError(f"{where}: players[{i}].bot = {bot!r} is not one of {', '.join(BOT_KINDS)}"
                              f"{_hint(str(bot), BOT_KINDS)}", "players.bot")
        players.append(PlayerSpec(name, bot))
    if players[0].name == players[1].name:
        raise ConfigError(f"{where}: two players are called {players[0].name!r}", "players.name")
    start = game.get("start")
    if start is not None:
        start = check_name(start, where, "game.start")
        names = [p.name for p in players]
        if start not in names:
            raise ConfigError(f"{where}: game.start = {start!r} is not one of the players ({', '.join(names)})"
                              f"{_hint(start, names)}", "game.start")
    return Config(tuple(players), seed, start, quick)


def config_to_dict(config: Config) -> dict[str, Any]:
    """The config as a TOML-shaped document that config_from_dict reads back to the same config."""
    game: dict[str, Any] = {"rules": "exofauna"}
    if config.seed is not None:
        game["seed"] = config.seed
    if config.start is not None:
        game["start"] = config.start
    game["quick"] = config.quick
    players = [{"name": p.name, **({"bot": p.bot} if p.bot else {})} for p in config.players]
    return {"game": game, "players": players}


def default_config_text() -> str:
    """A commented default config for `fauna new-config --game exofauna`."""
    return """# ExoFauna/Duo: two players, two Watering Holes; claim 2 holes to win (1 in the quick game).
[game]
rules = "exofauna"
# seed = 12345          # a whole number 0..2^64-1; leave out for a random game
# start = "alice"       # who takes blue and plays first; leave out to let the seed choose
quick = false           # true: the first player to claim 1 Watering Hole wins

[[players]]
name = "alice"

[[players]]
name = "bob"
# bot = "heuristic"     # a computer player: random or heuristic
"""
