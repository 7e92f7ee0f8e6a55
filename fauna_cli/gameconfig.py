"""Loading a game config file (or the bundled default) into a validated rules Config."""

from __future__ import annotations

import secrets
from importlib import resources
from pathlib import Path

from fauna_cli.files import parse_toml, read_text
from rules.fauna import Config


def default_config_text() -> str:
    """The commented default config shipped with the CLI."""
    return resources.files("fauna_cli").joinpath("default.toml").read_text(encoding="utf-8")


def load_config(path: str | None) -> Config:
    """A config from FILE, or the bundled default; every error names the file and the key."""
    if path is None:
        return Config.from_dict(parse_toml(default_config_text(), "default config"), "default config")
    text = read_text(path, "config file")
    return Config.from_dict(parse_toml(text, path), path, base_dir=Path(path).resolve().parent)


def draw_seed() -> int:
    """A fresh seed for a game whose config gives none (shown to the user so it can be replayed)."""
    return secrets.randbelow(2**32)


def start_game(config_path: str | None, seed: int | None):
    """A new game from a config file (or the default) and an optional seed; returns (state, seed_was_drawn)."""
    from rules.fauna import new_game

    cfg = load_config(config_path)
    if seed is None:
        seed = cfg.seed
    drawn = seed is None
    return new_game(cfg, draw_seed() if drawn else seed), drawn
