"""What every game's config shares: its two sections, the seats, the seed and the starting player.

Each game reads its own `[game]` options; these helpers read the rest the same way for every game, so a
name, a seed or a seat is checked once (names by `rules.core.limits.check_name`: printable NFC text)
and every error is one line naming the file and the key, with a "did you mean" where it helps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.errors import ConfigError
from rules.core.limits import InputRefused, check_name
from rules.core.names import normalize, skeleton, suggest

SCRIPT_MARKS = ";#:"  # a name holding one of these could not be written on a move script's line
PLAYER_KEYS = ("name", "bot", "think")
THINK_BOTS = ("expert",)  # the bot kinds that take `think`, their playouts per decision (rules/core/search.py)
MAX_THINK = 1_000_000


@dataclass(frozen=True)
class PlayerSpec:
    """A seat at the table in turn order (Arctic, ExoFauna, Evo); `bot` names a computer player kind, None a person."""

    name: str
    bot: str | None = None
    think: int | None = None  # the expert bot's playouts per decision (rules/core/search.py); None: its default


def hint(word: str, choices: list[str] | tuple[str, ...]) -> str:
    """A did-you-mean tail for a misspelt key or name, or nothing."""
    found = suggest(word, {normalize(c): c for c in choices})
    return "; did you mean " + " or ".join(repr(h) for h in found) + "?" if found else ""


def game_table(doc: dict[str, Any], where: str, game: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """The `[game]` table of a config for `game`, its keys checked (`rules` may name only this game)."""
    for key in doc:
        if key not in ("game", "players"):
            raise ConfigError(f"{where}: unknown section {key!r} (allowed: [game], [[players]])", key)
    table = doc.get("game", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: 'game' must be a table [game]", "game")
    for key in table:
        if key not in keys:
            raise ConfigError(f"{where}: unknown key game.{key}{hint(key, keys)}", f"game.{key}")
    if table.get("rules", game) != game:
        raise ConfigError(f"{where}: game.rules = {table.get('rules')!r} is not {game!r}", "game.rules")
    return table


def player_name(value: Any, where: str, key: str) -> str:
    """A player's name: printable NFC text (rules.core.limits), without the marks that cut a script line."""
    try:
        name = check_name(value, what=key)
    except InputRefused as exc:
        raise ConfigError(f"{where}: {exc.message}", "players.name") from None
    bad = next((c for c in name if c in SCRIPT_MARKS), None)
    if bad is not None:
        raise ConfigError(f"{where}: {key} = {name!r} holds {bad!r}, which a move script uses to cut its lines",
                          "players.name")
    return name


def seats(doc: dict[str, Any], where: str, title: str, low: int, high: int,
          bot_kinds: tuple[str, ...]) -> list[tuple[str, str | None]]:
    """The `[[players]]` tables as (name, bot kind or None), in seat order: count, keys, names and kinds checked."""
    raw = doc.get("players")
    if not isinstance(raw, list) or not all(isinstance(p, dict) for p in raw):
        raise ConfigError(f"{where}: players must be given as [[players]] tables with a name", "players")
    if not low <= len(raw) <= high:
        count = f"exactly {low}" if low == high else f"{low} to {high}"
        raise ConfigError(f"{where}: {title} needs {count} players, not {len(raw)}", "players")
    out: list[tuple[str, str | None]] = []
    seen: set[str] = set()
    looks: dict[str, str] = {}  # skeleton -> name: names that would look alike on a screen
    for i, p in enumerate(raw, 1):
        for key in p:
            if key not in PLAYER_KEYS:
                raise ConfigError(f"{where}: unknown key players[{i}].{key}{hint(key, PLAYER_KEYS)}", f"players.{key}")
        if "name" not in p:
            raise ConfigError(f"{where}: players[{i}] needs a name", "players.name")
        name = player_name(p["name"], where, f"players[{i}].name")
        if name.casefold() in seen:
            raise ConfigError(f"{where}: two players are called {name!r}", "players.name")
        seen.add(name.casefold())
        twin = looks.get(skeleton(name))
        if twin is not None:
            raise ConfigError(f"{where}: players[{i}].name {name!r} looks like {twin!r} (the same letters from another "
                              "alphabet); choose names that look different", "players.name")
        looks[skeleton(name)] = name
        bot = p.get("bot")
        if bot is not None and (not isinstance(bot, str) or bot not in bot_kinds):
            raise ConfigError(f"{where}: players[{i}].bot = {bot!r} is not a bot; choose {', '.join(bot_kinds)}"
                              f"{hint(str(bot), bot_kinds)}", "players.bot")
        out.append((name, bot))
    return out


def thinks(doc: dict[str, Any], where: str) -> list[int | None]:
    """Each seat's `think` (the expert's playouts per decision) or None; call after `seats` has checked the rest."""
    out: list[int | None] = []
    for i, p in enumerate(doc["players"], 1):
        value = p.get("think")
        if value is not None:
            if p.get("bot") not in THINK_BOTS:
                raise ConfigError(f"{where}: players[{i}].think applies only to {' and '.join(THINK_BOTS)} bots, "
                                  f"not to {'a ' + p['bot'] if p.get('bot') else 'a human player'}", "players.think")
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_THINK:
                raise ConfigError(f"{where}: players[{i}].think must be a whole number of playouts from 1 to "
                                  f"{MAX_THINK}", "players.think")
        out.append(value)
    return out


def seed(table: dict[str, Any], where: str) -> int | None:
    """`game.seed`: a whole number from 0 to 2^64-1, or None (drawn when the game starts)."""
    value = table.get("seed")
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**64):
        raise ConfigError(f"{where}: game.seed must be a whole number from 0 to 2^64-1", "game.seed")
    return value


def start(table: dict[str, Any], where: str, names: list[str]) -> str | None:
    """`game.start`: one of the players (NFC, as names are), or None (the seed chooses)."""
    value = table.get("start")
    if value is None:
        return None
    if isinstance(value, str):
        value = normalize_name(value)
    if not isinstance(value, str) or value not in names:
        raise ConfigError(f"{where}: game.start = {value!r} is not one of the players ({', '.join(names)})"
                          f"{hint(str(value), names)}", "game.start")
    return value


def normalize_name(text: str) -> str:
    """A name as the config stores it (NFC), so a decomposed 'Zoë' is the same player."""
    import unicodedata

    return unicodedata.normalize("NFC", text)
