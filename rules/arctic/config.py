"""A validated Arctic configuration: players and bots, seed, starting player and power sides."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.arctic.cards import ANIMALS, DATA
from rules.core import config as shared
from rules.core.config import PlayerSpec as PlayerSpec  # re-exported: each game's config names its seats
from rules.core.errors import ConfigError
from rules.core.names import suggest

GAME_KEYS = ("rules", "seed", "start", "powers")
SIDES = ("A", "B", "random")
BOT_KINDS: tuple[str, ...] = ("planner", "random", "expert")  # rules/arctic/bots.py


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




def config_from_dict(doc: dict[str, Any], where: str = "config", base_dir: Path | None = None) -> ArcticConfig:
    """Validate a whole TOML document ([game] and [[players]]); every error names `where` and the key."""
    game = shared.game_table(doc, where, "arctic", GAME_KEYS)
    seats = shared.seats(doc, where, "Arctic", DATA.min_players, DATA.max_players, BOT_KINDS)
    players = [PlayerSpec(n, b, t) for (n, b), t in zip(seats, shared.thinks(doc, where), strict=True)]
    seed = shared.seed(game, where)
    start = shared.start(game, where, [p.name for p in players])
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
        if p.think is not None:
            d["think"] = p.think
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
