"""Help texts that name each game's specifics (players, bot kinds, a move), made from its RULES when help is asked.

A command's options say what holds for every game; the section this module adds below them lists, per
game of the registry, what its RULES give: so a game, a bot kind or a player count added to a game shows
in `fauna play --help` without anyone writing it there. Nothing here runs unless help is shown.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import click

EXAMPLE_SEED = 1  # the seed of the game whose first legal move is each game's example move


class GameFacts(NamedTuple):
    """What a help text says of one game: all from its RULES and its default config.

    A named tuple, not a dataclass: `play`, `pbem` and `simulate` import this module to run, not only for help, and a
    named tuple costs a fifth of a frozen dataclass to make.
    """

    name: str  # for --game
    title: str
    players: str  # "2 to 6 players"
    bot_kinds: tuple[str, ...]
    move: str  # a legal first move of that game, as its players type it


def game_facts(name: str) -> GameFacts:
    """The facts of game `name`, its example move the first legal move of its default game with EXAMPLE_SEED."""
    from fauna_cli.files import parse_toml
    from rules.core.registry import load_rules
    from rules.core.words import span

    rules = load_rules(name)
    where = f"{name} default config"
    state = rules.new_state(rules.config_from_dict(parse_toml(rules.default_config_text(), where), where, None),
                            EXAMPLE_SEED)
    move = state.move_text(state.legal_moves()[0])
    return GameFacts(name, rules.title, span(rules.min_players, rules.max_players, "player"),
                     tuple(rules.bot_kinds), move)


def all_facts() -> list[GameFacts]:
    """Every game's facts, in the registry's order."""
    from rules.core.registry import game_names

    return [game_facts(n) for n in game_names()]


def bot_list(kinds: tuple[str, ...]) -> str:
    """'naturalist[:SKILL], random, statistician': a kind that takes a skill says so."""
    from fauna_cli.options import SKILL_KINDS

    return ", ".join(k + ("[:SKILL]" if k in SKILL_KINDS else "") for k in kinds)


SECTIONS: dict[str, str] = {
    "play": "Games (--game GAME, or the config's [game] rules; fauna when neither)",
    "pbem new": "Games (--game GAME, or the config's [game] rules; fauna when neither)",
    "simulate": "Games (--game GAME; fauna when not given)",
    "pbem move": "MOVE in each game (the game file says which game it is)",
}


def games_section(kind: str) -> tuple[str, list[tuple[str, str]]]:
    """The heading and the rows (game name, what holds for it) of the games section of command `kind`."""
    rows = []
    for f in all_facts():
        if kind == "pbem move":
            text = f"{f.title}, e.g. fauna pbem move GAME --as NAME {f.move}"
        else:
            text = f"{f.title}, {f.players}; bots: {bot_list(f.bot_kinds)}"
            if kind == "play":
                text += f"; a move: {f.move}"
        rows.append((f.name, text))
    return SECTIONS[kind], rows


class GamesCommand(click.Command):
    """A command whose help ends with a section made from every game's RULES (see `games_section`)."""

    def __init__(self, *args: Any, games_help: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.games_help = games_help

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        heading, rows = games_section(self.games_help)
        with formatter.section(heading):
            formatter.write_dl(rows)
        super().format_epilog(ctx, formatter)
