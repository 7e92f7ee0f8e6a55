"""A validated Arctic configuration: players and bots, seed, starting player and power sides."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.arctic.cards import ANIMALS, DATA
from rules.core.errors import ConfigError
from rules.core.names import normalize, suggest

GAME_KEYS = ("rules", "seed", "start", "powers")
PLAYER_KEYS = ("name", "bot")
SIDES = ("A", "B", "random")
BOT_KINDS: tuple[str, ...] = ("planner", "random")  # rules/arctic/bots.py


@dataclass(frozen=True)
class PlayerSpec:
    """A seat at the table in turn order; `bot` names a computer player kind, None for a person."""

    name: str
    bot: str | None = None


@dataclass(frozen=True)
class ArcticConfig:
    """Everything fixed before the first move; `powers` holds A, B or random per animal in animal order."""

    players: tuple[PlayerSpec, ...]
    seed: int | None = None
    start: str | None = None
    powers: tuple[str, ...] = ("random",) * 6

    @property
    def names(self) -> list[str]:
        """Player names in turn order."""
        return [p.name for p in self.players]

    def with_seed(self, seed: int) -> ArcticConfig:
        """The same config with the seed fixed."""
        return ArcticConfig(self.players, seed, self.start, self.powers)


def _hint(hints: list[str]) -> str:
    return f" (did you mean {hints[0]!r}?)" if hints else ""


def check_name(name: Any, where: str, key: str) -> str:
    """A player name: 1-40 printable characters, NFC, none of ':', '#', ';' (they split script lines)."""
    if not isinstance(name, str):
        raise ConfigError(f"{where}: {key} must be a text", key)
    text: str = unicodedata.normalize("NFC", name)
    if not 1 <= len(text) <= 40 or text != text.strip() or not text.isprintable() or any(c in text for c in ":#;"):
        raise ConfigError(f"{where}: {key} = {text!r} must be 1-40 printable characters without ':', '#', ';' "
                          "or spaces at either end", key)
    return text


def config_from_dict(doc: dict[str, Any], where: str = "config", base_dir: Path | None = None) -> ArcticConfig:
    """Validate a whole TOML document ([game] and [[players]]); every error names `where` and the key."""
    for key in doc:
        if key not in ("game", "players"):
            raise ConfigError(f"{where}: unknown section {key!r} (allowed: [game], [[players]])", key)
    game = doc.get("game", {})
    if not isinstance(game, dict):
        raise ConfigError(f"{where}: game must be a table [game]", "game")
    for key in game:
        if key not in GAME_KEYS:
            raise ConfigError(f"{where}: unknown key game.{key}" + _hint(suggest(key, {k: k for k in GAME_KEYS})),
                              f"game.{key}")
    if game.get("rules", "arctic") != "arctic":
        raise ConfigError(f"{where}: game.rules = {game.get('rules')!r} is not 'arctic'", "game.rules")
    raw = doc.get("players")
    if not isinstance(raw, list) or not all(isinstance(p, dict) for p in raw):
        raise ConfigError(f"{where}: players must be given as [[players]] tables with a name", "players")
    if not DATA.min_players <= len(raw) <= DATA.max_players:
        raise ConfigError(f"{where}: Arctic needs {DATA.min_players} to {DATA.max_players} players, not {len(raw)}",
                          "players")
    players: list[PlayerSpec] = []
    seen: set[str] = set()
    for i, p in enumerate(raw, 1):
        for key in p:
            if key not in PLAYER_KEYS:
                raise ConfigError(f"{where}: unknown key players[{i}].{key}"
                                  + _hint(suggest(key, {k: k for k in PLAYER_KEYS})), f"players.{key}")
        name = check_name(p.get("name"), where, f"players[{i}].name")
        if name.casefold() in seen:
            raise ConfigError(f"{where}: two players are called {name!r}", "players.name")
        seen.add(name.casefold())
        bot = p.get("bot")
        if bot is not None and bot not in BOT_KINDS:
            hints = suggest(bot, {k: k for k in BOT_KINDS}) if isinstance(bot, str) else []
            raise ConfigError(f"{where}: players[{i}].bot = {bot!r} is not a bot; choose {', '.join(BOT_KINDS)}"
                              + _hint(hints), "players.bot")
        players.append(PlayerSpec(name, bot))
    seed = game.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64):
        raise ConfigError(f"{where}: game.seed must be a whole number from 0 to 2^64-1", "game.seed")
    start = game.get("start")
    names = [p.name for p in players]
    if start is not None and (not isinstance(start, str) or start not in names):
        raise ConfigError(f"{where}: game.start = {start!r} is not one of the players ({', '.join(names)})"
                          + _hint(suggest(str(start), {normalize(n): n for n in names})), "game.start")
    return ArcticConfig(tuple(players), seed, start, _powers(game.get("powers", {}), where))


def _powers(value: Any, where: str) -> tuple[str, ...]:
    """Per animal A, B or random; animals not named are random."""
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: game.powers must be a table like {{ fox = \"A\", moose = \"random\" }}",
                          "game.powers")
    sides = dict.fromkeys(ANIMALS, "random")
    for key, side in value.items():
        animal = DATA.aliases.get(key, key)
        if animal not in sides:
            raise ConfigError(f"{where}: unknown key game.powers.{key}"
                              + _hint(suggest(key, {a: a for a in ANIMALS})), f"game.powers.{key}")
        if isinstance(side, str) and side.strip().lower() in ("a", "b", "random"):
            side = side.strip().upper() if side.strip().lower() in ("a", "b") else "random"
        if side not in SIDES:
            hints = suggest(side, {s.lower(): s for s in SIDES}) if isinstance(side, str) else []
            raise ConfigError(f"{where}: game.powers.{key} = {side!r} must be \"A\", \"B\" or \"random\""
                              + _hint(hints), f"game.powers.{key}")
        sides[animal] = side
    return tuple(sides[a] for a in ANIMALS)


def config_to_dict(config: ArcticConfig) -> dict[str, Any]:
    """The config in its TOML shape; config_from_dict(config_to_dict(c)) == c."""
    game: dict[str, Any] = {"rules": "arctic"}
    if config.seed is not None:
        game["seed"] = config.seed
    if config.start is not None:
        game["start"] = config.start
    game["powers"] = dict(zip(ANIMALS, config.powers, strict=True))
    players: list[dict[str, Any]] = []
    for p in config.players:
        d: dict[str, Any] = {"name": p.name}
        if p.bot is not None:
            d["bot"] = p.bot
        players.append(d)
    return {"game": game, "players": players}


def default_config_text() -> str:
    """A commented default config for `fauna new-config --game arctic`."""
    return """# An Arctic game (2-4 players). Play it with: fauna play --config THIS_FILE
[game]
rules = "arctic"
# seed = 12345          # optional: a whole number 0..2^64-1 fixes the shuffle; omit it for a fresh game
# start = "Ann"         # optional: who plays first; omitted, the seed draws the first player
# Power card sides per animal: "A", "B" or "random" (the default, as on Board Game Arena).
powers = { fox = "random", moose = "random", walrus = "random", orca = "random", puffin = "random", bear = "random" }

# One [[players]] table per seat, in turn order. bot = "planner" or "random" makes a computer player.
[[players]]
name = "Ann"

[[players]]
name = "Bot"
bot = "planner"
"""
