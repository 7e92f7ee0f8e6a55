"""Loading a game config file (or the bundled default) into a validated rules Config, through the game's RULES."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from fauna_cli.files import parse_toml, read_text

if TYPE_CHECKING:
    from pathlib import Path

    from rules.core.protocol import GameRules


def fauna_rules() -> GameRules:
    """Fauna's RULES: the game of a config without `[game] rules` and of the bundled default config."""
    from rules.core.registry import load_rules

    return load_rules("fauna")


def default_config_text() -> str:
    """The commented default config shipped with the CLI."""
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "default.toml")
    if os.path.isfile(here):  # the usual install: a plain file beside this module (importlib.resources costs more
        with open(here, encoding="utf-8") as f:  # to import than a short game takes to play)
            return f.read()
    from importlib import resources  # pragma: no cover - a zipped install

    return resources.files("fauna_cli").joinpath("default.toml").read_text(encoding="utf-8")  # pragma: no cover


def default_config_document() -> dict:
    """The bundled default config, parsed (through the parsed-data cache: it is ours, like the data files)."""
    from rules.core.data import load_toml_bytes

    return load_toml_bytes(default_config_text().encode("utf-8"), "default config")


def load_config(path: str | None) -> Any:
    """A Fauna config from FILE, or the bundled default; every error names the file and the key."""
    if path is None:
        return fauna_rules().config_from_dict(default_config_document(), "default config", None)
    doc, where, base = config_document(path)
    return fauna_rules().config_from_dict(doc, where, base)


def draw_seed() -> int:
    """A fresh seed for a game whose config gives none (shown to the user so it can be replayed)."""
    import secrets

    return secrets.randbelow(2**32)


def load_config_with(path: str | None, opts: dict | None) -> Any:
    """A Fauna config from FILE (or the default) with the command line's settings over it (fauna_cli/options.py)."""
    if not opts or all(v is None for v in opts.values()):
        return load_config(path)
    from fauna_cli.options import apply_options

    rules = fauna_rules()
    doc, where, base = config_document(path)
    return rules.config_from_dict(apply_options(doc, "fauna", opts, rules.bot_kinds), where, base)


def start_game(config_path: str | None, seed: int | None, opts: dict | None = None):
    """A new game from a config file (or the default), options over it and an optional seed; (state, seed_was_drawn)."""
    cfg = load_config_with(config_path, opts)
    if seed is None:
        seed = cfg.seed
    drawn = seed is None
    return fauna_rules().new_state(cfg, draw_seed() if drawn else seed), drawn


def config_document(path: str | None) -> tuple[dict, str, Path | None]:
    """The parsed TOML of a config file (or the bundled default), where it came from, and its folder.

    A `[pbem]` table (e-mail play settings, read by the CLI: `referee = true`) is taken out: games never see it.
    """
    if path is None:
        return default_config_document(), "default config", None
    doc = parse_toml(read_text(path, "config file"), path)
    doc.pop("pbem", None)
    from pathlib import Path

    return doc, path, Path(path).resolve().parent


def wants_referee(path: str) -> bool:
    """Whether a config asks for referee mode in e-mail play (`[pbem] referee = true`)."""
    from rules.core.errors import ConfigError

    pbem = parse_toml(read_text(path, "config file"), path).get("pbem", {})
    if not isinstance(pbem, dict) or set(pbem) - {"referee"} or not isinstance(pbem.get("referee", False), bool):
        raise ConfigError(f"{path}: [pbem] takes one key, referee = true or false", "pbem")
    return bool(pbem.get("referee", False))


def game_of(doc: dict, where: str) -> str:
    """The game a config document is for: `[game] rules`, Fauna when absent (so every older config stays valid)."""
    from rules.core.errors import ConfigError

    game = doc.get("game", {})
    name = game.get("rules", "fauna") if isinstance(game, dict) else "fauna"
    if not isinstance(name, str):
        raise ConfigError(f"{where}: game.rules must be the name of a game, e.g. \"arctic\"", "game.rules")
    return name
