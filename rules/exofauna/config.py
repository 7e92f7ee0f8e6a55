"""A validated ExoFauna/Duo configuration: two players, the seed, who starts, and the quick game."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.core import config as shared
from rules.core.config import PlayerSpec as PlayerSpec  # re-exported: each game's config names its seats
from rules.core.errors import ConfigError

BOT_KINDS: tuple[str, ...] = ("random", "heuristic", "expert")
GAME_KEYS = ("rules", "seed", "start", "quick")


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






def config_from_dict(doc: dict[str, Any], where: str = "config", base_dir: Path | None = None) -> Config:
    """Validate a whole TOML document ([game] and [[players]]); every error names its key."""
    game = shared.game_table(doc, where, "exofauna", GAME_KEYS)
    seed = shared.seed(game, where)
    quick = game.get("quick", False)
    if not isinstance(quick, bool):
        raise ConfigError(f"{where}: game.quick must be true or false", "game.quick")
    seats = shared.seats(doc, where, "ExoFauna/Duo", 2, 2, BOT_KINDS)
    players = [PlayerSpec(n, b, t) for (n, b), t in zip(seats, shared.thinks(doc, where), strict=True)]
    start = shared.start(game, where, [p.name for p in players])
    return Config(tuple(players), seed, start, quick)


def config_to_dict(config: Config) -> dict[str, Any]:
    """The config as a TOML-shaped document that config_from_dict reads back to the same config."""
    game: dict[str, Any] = {"rules": "exofauna"}
    if config.seed is not None:
        game["seed"] = config.seed
    if config.start is not None:
        game["start"] = config.start
    game["quick"] = config.quick
    players = [{"name": p.name, **({"bot": p.bot} if p.bot else {}), **({"think": p.think} if p.think else {})}
               for p in config.players]
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
