"""A validated Evo configuration: 2 to 5 players (computer or human), the seed, who starts."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.core import config as shared
from rules.core.config import PlayerSpec as PlayerSpec  # re-exported: each game's config names its seats
from rules.core.errors import ConfigError

BOT_KINDS: tuple[str, ...] = ("heuristic", "random", "expert")
GAME_KEYS = ("rules", "seed", "start", "edition")
EDITION = 8  # the rules edition new games are played by; see Config.edition


@dataclass(frozen=True)
class Config:
    """Everything fixed before the first move; the board follows from the player count."""

    players: tuple[PlayerSpec, ...]
    seed: int | None = None
    start: str | None = None
    # The edition of the rules: 1, as played before card windows were opened for everyone who could hold a
    # card (issue 26), which the logs recorded before then replay by; 2, windows and turn ends that never
    # depend on what a hand holds; 3, the same rules on the fairer islands of data/evo/islands-3.toml, and no
    # outbidding in a two-player game's first round (issue 30); 4, edition 3 with the start's mutation points
    # by first-round place and 2 mutation points with the event card (data/evo/rules-4.toml, issue 30); 5, the
    # event column's first bid nobody outbids and new start rows (rules-5.toml); 6, edition 5 with two players
    # starting with the seed's 6 each (rules-6.toml); 7, edition 6 with new start rows for three to five
    # players (rules-7.toml); 8 (the default), edition 7 on a five-player island with a start pair on each of its
    # six sides, five of them drawn (islands-8.toml). A log says its edition in its header (none: 1).
    edition: int = EDITION

    @property
    def names(self) -> list[str]:
        """Player names in seat order."""
        return [p.name for p in self.players]

    def with_seed(self, seed: int) -> Config:
        """The same config with a fixed seed."""
        return Config(self.players, seed, self.start, self.edition)






def config_from_dict(doc: dict[str, Any], where: str = "config", base_dir: Path | None = None) -> Config:
    """A Config from a TOML document with [game] and [[players]]; every error names its key."""
    game = shared.game_table(doc, where, "evo", GAME_KEYS)
    seed = shared.seed(game, where)
    seats = shared.seats(doc, where, "Evo", 2, 5, BOT_KINDS)
    specs = [PlayerSpec(n, b, t) for (n, b), t in zip(seats, shared.thinks(doc, where), strict=True)]
    start = shared.start(game, where, [s.name for s in specs])
    edition = game.get("edition", EDITION)
    if type(edition) is not int or not 1 <= edition <= EDITION:
        raise ConfigError(f"{where}: game.edition must be a rules edition from 1 to {EDITION}, not {edition!r}",
                          "game.edition")
    return Config(tuple(specs), seed, start, edition)


def config_to_dict(config: Config) -> dict[str, Any]:
    """The TOML document form; config_from_dict reads it back to the same Config."""
    game: dict[str, Any] = {"rules": "evo"}
    if config.seed is not None:
        game["seed"] = config.seed
    if config.start is not None:
        game["start"] = config.start
    if config.edition != EDITION:
        game["edition"] = config.edition
    players = [{"name": p.name} | ({"bot": p.bot} if p.bot else {}) | ({"think": p.think} if p.think else {})
               for p in config.players]
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
