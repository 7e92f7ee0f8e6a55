"""The game settings every command takes as options over the config: `play`, `pbem new` and `simulate` alike.

`--players` (a number or names), `--bots` (a kind per seat, the last filling the rest, `human` for a
person), `--preset`, `--units`, `--cards`, `--goal` and `--start` overwrite the config file's values, so a
game with computer players, or a simulated game replayed alone, needs no config file.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

import click

from rules.core.names import suggest

HUMAN = "human"
DEFAULT_NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")


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
               skills: tuple[str, ...] = ("naturalist",)) -> list[tuple[str, float | None]]:
    """'statistician,random' -> one (kind, skill) per seat; the last kind fills the remaining seats.

    `human` (a person at the terminal) is allowed where `humans` is; `naturalist:0.9` gives a skill.
    """
    allowed = (*kinds, HUMAN) if humans else kinds
    out: list[tuple[str, float | None]] = []
    for raw in text.split(","):
        item = raw.strip()
        kind, sep, skill_text = item.partition(":")
        kind = kind.strip().lower()
        if kind not in allowed:
            hints = suggest(kind, {k: k for k in allowed})
            raise click.BadParameter(f"unknown bot kind {item!r}; choose {', '.join(allowed)}"
                                     + (f" (did you mean {hints[0]!r}?)" if hints else ""), param_hint="--bots")
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
        raise click.BadParameter(f"{', '.join(fauna_only)} apply to Fauna only; this config is for {game}")
    for key in ("preset", "units", "cards", "goal", "start"):
        if opts.get(key) is not None:
            section[key] = unicodedata.normalize("NFC", opts[key]) if key == "start" else opts[key]
    players = parse_players(opts.get("players"))
    given = doc.get("players")
    base: list[Any] = given if isinstance(given, list) else []
    seats = len(players) if isinstance(players, list) else players if isinstance(players, int) else len(base)
    bots = None
    if opts.get("bots"):
        bots = parse_bots(opts["bots"], seats, bot_kinds, humans=True)
    if players is not None or bots is not None:
        doc["players"] = players_document([p for p in base if isinstance(p, dict)], players, bots)
    return doc


def game_options(func: Callable) -> Callable:
    """The settings options, shared by `play` and `pbem new` (simulate has its own --players and --bots)."""
    options = [
        click.option("--players", "players", metavar="N|NAMES",
                     help="Seats over the config's: a number (alice, bob, ...) or names, e.g. alice,bob,zoe."),
        click.option("--bots", "bots", metavar="KIND[,KIND...]",
                     help="A kind per seat (human, random, naturalist:SKILL, statistician); the last fills the "
                          "remaining seats."),
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
