"""The game settings every command takes as options over the config: `play`, `pbem new` and `simulate` alike.

`--game` picks one of the engine's games where no config names it (a config's `[game] rules` decides
otherwise, and a contradiction is refused); `--players` (a number or names), `--bots` (a kind per seat of
that game's kinds, the last filling the rest, `human` for a person), `--preset`, `--units`, `--cards`,
`--goal` and `--start` overwrite the config file's values, so a game needs no config file.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from rules.core.names import normalize, suggest
from rules.core.registry import DEFAULT, game_names

if TYPE_CHECKING:
    from pathlib import Path

    from click.shell_completion import CompletionItem

    from rules.core.protocol import GameRules

HUMAN = "human"
DEFAULT_NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")
SKILL_KINDS = ("naturalist",)  # the bot kinds that take a skill (`naturalist:0.9`): Fauna's naturalist


def parse_players(text: str | None) -> int | list[str] | None:
    """'3' -> 3 seats; 'alice,bob' -> those names (NFC, so a decomposed 'Zoë' is the same player)."""
    if text is None:
        return None
    text = text.strip()
    if text.isascii() and text.isdigit():  # ASCII: '²' is a digit to isdigit() but not to int()
        if len(text) > 3:
            raise click.BadParameter(f"{text!r}: too many seats", param_hint="--players")
        return int(text)
    names = [unicodedata.normalize("NFC", n.strip()) for n in text.split(",")]
    if any(not n for n in names):
        raise click.BadParameter(f"{text!r}: give a number of seats or names separated by commas",
                                 param_hint="--players")
    return names


def parse_bots(text: str, players: int, kinds: tuple[str, ...], *, humans: bool = False,
               skills: tuple[str, ...] = SKILL_KINDS, game: str | None = None) -> list[tuple[str, float | None]]:
    """'statistician,random' -> one (kind, skill) per seat; the last kind fills the remaining seats.

    `human` (a person at the terminal) is allowed where `humans` is; `naturalist:0.9` gives a skill.
    An unknown kind is refused naming `game`'s kinds, the closest of them, and the games that have it.
    """
    allowed = (HUMAN, *kinds) if humans else kinds
    out: list[tuple[str, float | None]] = []
    for raw in text.split(","):
        item = raw.strip()
        kind, sep, skill_text = item.partition(":")
        kind = kind.strip().lower()
        if kind not in allowed:
            raise click.BadParameter(_unknown_kind(item, kind, allowed, game), param_hint="--bots")
        skill = None
        if sep:
            if kind not in skills:
                raise click.BadParameter(f"{item!r}: only a naturalist takes a skill (naturalist:0.9)",
                                         param_hint="--bots")
            try:
                skill = float(skill_text)
            except ValueError:
                skill = -1.0
            if not 0.0 <= skill <= 1.0:
                raise click.BadParameter(f"{item!r}: the skill must be a number from 0 to 1", param_hint="--bots")
        out.append((kind, skill))
    if len(out) > players:
        raise click.BadParameter(f"{len(out)} bot kinds for {players} players", param_hint="--bots")
    return out + [out[-1]] * (players - len(out))


def _unknown_kind(item: str, kind: str, allowed: tuple[str, ...], game: str | None) -> str:
    """The one line for a bot kind `game` does not have: its kinds, the closest one, and which games have it."""
    from rules.core.registry import load_rules

    title = load_rules(game).title if game is not None else ""
    text = f"unknown bot kind {item!r}{' for ' + title if title else ''}; choose {', '.join(allowed)}"
    hints = suggest(kind, {k: k for k in allowed})
    if hints:
        text += f" (did you mean {hints[0]!r}?)"
    if game is not None and kind:
        elsewhere = [name for name in game_names() if name != game and kind in load_rules(name).bot_kinds]
        if elsewhere:
            text += f"; {kind!r} is a bot of " + " and ".join(load_rules(n).title for n in elsewhere) + " (" + \
                ", ".join(f"--game {n}" for n in elsewhere) + ")"
    return text


def seat_name(seat: int, kind: str | None) -> str:
    """A seat's default name: a person's from alice to frank, a computer player's its kind and seat ('random-2')."""
    if kind is None or kind == HUMAN:
        return DEFAULT_NAMES[seat - 1] if seat <= len(DEFAULT_NAMES) else f"player-{seat}"
    return f"{kind}-{seat}"


def kind_label(kind: str, skill: float | None) -> str:
    """How a seat's kind is shown: 'statistician', 'naturalist:0.9'."""
    return kind if skill is None else f"{kind}:{format(skill, 'g')}"


def players_document(base: list[dict[str, Any]], players: int | list[str] | None,
                     bots: list[tuple[str, float | None]] | None) -> list[dict[str, Any]]:
    """The [[players]] tables after --players and --bots: seats, names, kinds (a person has no `bot` key)."""
    seats: list[dict[str, Any]]
    if isinstance(players, list):
        seats = [{"name": n} for n in players]
    elif isinstance(players, int):
        seats = [{"name": seat_name(i, None)} for i in range(1, players + 1)]
    else:
        seats = [dict(p) for p in base]
    if bots is None:
        return seats
    named = isinstance(players, list) or players is None
    for i, (seat, (kind, skill)) in enumerate(zip(seats, bots, strict=True), 1):
        seat.pop("bot", None)
        seat.pop("skill", None)
        if kind != HUMAN:
            seat["bot"] = kind
            if skill is not None:
                seat["skill"] = skill
        if not named:
            seat["name"] = seat_name(i, kind)
    return seats


def apply_options(doc: dict[str, Any], game: str, opts: dict[str, Any], bot_kinds: tuple[str, ...]) -> dict[str, Any]:
    """A config document with the command line's settings written over it (Fauna-only keys refused elsewhere)."""
    doc = {k: (dict(v) if isinstance(v, dict) else v) for k, v in doc.items()}
    section = doc.setdefault("game", {})
    if not isinstance(section, dict):
        return doc  # the config reader names the bad [game] table
    fauna_only = [f"--{k}" for k in ("preset", "units", "cards") if opts.get(k) is not None]
    if fauna_only and game != "fauna":
        raise click.BadParameter(f"{', '.join(fauna_only)} apply to Fauna only; this game is {game}")
    for key in ("preset", "units", "cards", "goal", "start"):
        if opts.get(key) is not None:
            section[key] = unicodedata.normalize("NFC", opts[key]) if key == "start" else opts[key]
    players = parse_players(opts.get("players"))
    given = doc.get("players")
    base: list[Any] = given if isinstance(given, list) else []
    seats = len(players) if isinstance(players, list) else players if isinstance(players, int) else len(base)
    bots = None
    if opts.get("bots"):
        bots = parse_bots(opts["bots"], seats, bot_kinds, humans=True, game=game)
    if players is not None or bots is not None:
        doc["players"] = players_document([p for p in base if isinstance(p, dict)], players, bots)
    return doc


class GameName(click.ParamType):
    """`--game NAME`: one of the engine's games (any case), completed from the registry's names."""

    name = "game"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        found = [n for n in game_names() if normalize(n) == normalize(str(value))]
        if found:
            return found[0]
        from rules.core.errors import ConfigError
        from rules.core.registry import load_rules

        try:
            load_rules(str(value))
        except ConfigError as exc:
            self.fail(str(exc), param, ctx)
        return str(value)  # pragma: no cover - load_rules refuses every name that is not in game_names()

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        return [CompletionItem(n) for n in game_names() if n.startswith(normalize(incomplete))]


def game_option(help_text: str | None = None, default: str | None = None) -> Callable[[Callable], Callable]:
    """`--game GAME` (the value arrives as `game_name`): None when not given, so that a config decides."""
    text = help_text or (f"The game: {', '.join(game_names())} (default: the config's [game] rules, else "
                         f"{DEFAULT}). The games' players and bots are listed below.")
    return click.option("--game", "game_name", type=GameName(), default=default, metavar="GAME", help=text)


def chosen_game(config_path: str | None, game: str | None) -> str:
    """The game a command plays: the config's `[game] rules`, else --game, else Fauna; the two must agree."""
    if config_path is None:  # no file to read: the default config is parsed only by the game that uses it
        return game or DEFAULT
    return game_document(config_path, game)[0]


def game_document(config_path: str | None, game: str | None) -> tuple[str, dict[str, Any], str, Path | None]:
    """(game, config document, where it came from, its folder): the config file's, or the game's own default.

    --game that names another game than the config's `[game] rules` is a usage error (exit 2): which of
    the two was meant cannot be guessed.
    """
    from fauna_cli.gameconfig import config_document, game_of

    if config_path is None:
        if game is None or game == DEFAULT:
            return (DEFAULT, *config_document(None))
        from fauna_cli.files import parse_toml
        from rules.core.registry import load_rules

        where = f"{game} default config"
        return game, parse_toml(load_rules(game).default_config_text(), where), where, None
    doc, where, base = config_document(config_path)
    name = game_of(doc, where)
    if game is not None and name != game:
        from rules.core.limits import escape_control

        raise click.UsageError(f"--game {game} contradicts {escape_control(config_path)}, a config for {name} "
                               "([game] rules); give one of them")
    return name, doc, where, base


def load_game_config(config_path: str | None, game: str | None, opts: dict[str, Any] | None) -> tuple[GameRules, Any]:
    """(rules, config) of the game chosen by the config or --game, with the command line's settings over it."""
    from rules.core.errors import ConfigError
    from rules.core.registry import load_rules

    name, doc, where, base = game_document(config_path, game)
    try:
        rules = load_rules(name)
    except ConfigError as exc:
        raise ConfigError(f"{where}: game.rules: {exc}", "game.rules") from None
    if opts and any(v is not None for v in opts.values()):
        doc = apply_options(doc, name, opts, tuple(rules.bot_kinds))
        seats = doc.get("players")
        if opts.get("players") is not None and isinstance(seats, list) and \
                not rules.min_players <= len(seats) <= rules.max_players:
            from rules.core.words import span

            counts = span(rules.min_players, rules.max_players, "player")
            raise click.BadParameter(f"{rules.title} is played by {counts}", param_hint="--players")
    try:
        return rules, rules.config_from_dict(doc, where, base)
    except ConfigError as exc:  # a setting of the command line that this game does not have: say so of the option
        option = exc.key.removeprefix("game.") if exc.key and exc.key.startswith("game.") else ""
        if option in ("goal", "start") and opts and opts.get(option) is not None and "unknown key" in str(exc):
            raise click.BadParameter(f"{rules.title} has no such setting", param_hint=f"--{option}") from None
        raise


def _completion_game(ctx: click.Context) -> str:
    """The game a command line being typed is for: --game, else its --config's (when readable), else Fauna."""
    game = ctx.params.get("game_name")
    if isinstance(game, str):
        return game
    path = ctx.params.get("config_path")
    if isinstance(path, str):
        from rules.core.errors import FaunaError

        try:
            return chosen_game(path, None)
        except (FaunaError, OSError):  # a config that cannot be read yet, while typing: the default game's kinds
            return DEFAULT
    return DEFAULT


def bot_kinds_completion(humans: bool) -> Callable[[click.Context, click.Parameter, str], list[CompletionItem]]:
    """Completion of `--bots KIND[,KIND...]`: the item after the last comma, from the line's game's kinds."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        from rules.core.errors import ConfigError
        from rules.core.registry import load_rules

        try:
            kinds = tuple(load_rules(_completion_game(ctx)).bot_kinds)
        except ConfigError:  # the config names no game of ours
            return []
        done, comma, last = incomplete.rpartition(",")
        prefix = done + comma
        return [CompletionItem(prefix + k) for k in ((HUMAN, *kinds) if humans else kinds)
                if k.startswith(last.strip().lower())]

    return complete


def game_options(func: Callable) -> Callable:
    """The settings options, shared by `play` and `pbem new` (simulate has its own --players and --bots)."""
    options = [
        click.option("--players", "players", metavar="N|NAMES",
                     help="Seats over the config's: a number (alice, bob, ...) or names, e.g. alice,bob,zoe; "
                          "how many each game takes is listed below."),
        click.option("--bots", "bots", metavar="KIND[,KIND...]", shell_complete=bot_kinds_completion(True),
                     help="A kind per seat, human (a person) or one of the game's bot kinds listed below; the last "
                          "fills the remaining seats."),
        click.option("--preset", help="Fauna: scoring table, published or reference-manual, or a table file."),
        click.option("--units", type=click.Choice(["metric", "imperial"]), help="Fauna: the scales' units."),
        click.option("--cards", type=click.Choice(["green", "black", "mixed"]), help="Fauna: which side of the cards."),
        click.option("--goal", type=click.IntRange(1), help="Points that end the game (default by player count)."),
        click.option("--start", metavar="NAME", help="The starting player (the seed still draws the cards)."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


SETTINGS = ("players", "bots", "preset", "units", "cards", "goal", "start")
