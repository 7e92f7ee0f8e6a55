"""`fauna play` and `fauna new-config`: imported only when one of them runs (fauna_cli/main.py LAZY_COMMANDS).

Their options (file paths above all: click looks up the translation of each path type's name when it
is made) are built on first use, so a quick query such as `fauna map adjacent` does not pay for them.
"""

from __future__ import annotations

import contextlib
import sys

import click

from fauna_cli.gamehelp import GamesCommand
from fauna_cli.main import FORMAT_OPTION
from fauna_cli.options import game_option, game_options
from rules.core.limits import escape_control
from rules.core.registry import game_names


@click.command("play", cls=GamesCommand, games_help="play")
@click.option("--config", "config_path", type=click.Path(dir_okay=False),
              help="Game config (TOML); default: the game's own (`fauna new-config --game GAME` prints it).")
@game_option()
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), help="Seed (overrides the config's).")
@click.option("--moves", "moves_path", type=click.Path(dir_okay=False, allow_dash=True),
              help="Play a move script ('-' for stdin) instead of prompting.")
@click.option("--log", "--out", "log_path", type=click.Path(dir_okay=False),
              help="Keep the replay log of the game in FILE (rewritten atomically after every move).")
@click.option("--force", is_flag=True, help="Replace an existing --log or --svg FILE.")
@click.option("--continue", "continue_path", type=click.Path(dir_okay=False), metavar="GAME",
              help="Resume the game logged in GAME (a --log file or an e-mail game file) and keep logging to it.")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write a picture of the board (SVG) to FILE when play stops.")
@game_options
@FORMAT_OPTION
def play(config_path, game_name, seed, moves_path, log_path, force, continue_path, svg_path, fmt, **settings) -> None:
    """Play a game: hot-seat at this terminal, or from a move script. Computer players move by themselves.

    Any of the games below, from a config (--config) or with --game and no config; --players and --bots
    set the seats either way, e.g. `fauna play --game arctic --players 2 --bots human,planner`.
    """
    script = None if moves_path is None else read_script(moves_path)  # first: a missing script is all that is said
    if continue_path is not None:
        if game_name is not None:
            raise click.UsageError("--continue takes the game from its log; --game cannot change it")
        _play_continued(continue_path, config_path, seed, log_path, settings, script, moves_path, svg_path, fmt,
                        force)
        return
    _check_outputs(config_path, moves_path, log_path, svg_path, force)
    _play_new(config_path, seed, script, moves_path, log_path, force, fmt, settings, svg_path, game_name)


def _check_outputs(config_path, moves_path, log_path, svg_path, force, game=None) -> None:
    """--log and --svg name files of their own (not the config, the script, the game or each other), and --svg
    replaces an existing file only with --force, as --log does (checked before the game starts)."""
    from fauna_cli.files import check_new, check_outputs

    check_outputs([("--config", config_path), ("--moves", moves_path), ("--continue", game)],
                  [("--log", log_path), ("--svg", svg_path)])
    check_new(svg_path, force)


def _play_continued(game, config_path, seed, log_path, settings, script, moves_path, svg_path, fmt,
                    force=False) -> None:
    """`fauna play --continue GAME`: the logged game, verified, played on at the terminal (or by a script).

    The game's lock is held while it is played, and each save checks that no other program changed the file.
    """
    given = [o for o, v in (("--config", config_path), ("--seed", seed), ("--log", log_path),
                            *((f"--{k}", v) for k, v in settings.items())) if v is not None]
    if given:
        raise click.UsageError(f"--continue takes the game's settings from its log; {', '.join(given)} cannot "
                               "change them")
    from fauna_cli.gamefile import game_session

    _check_outputs(None, moves_path, None, svg_path, force, game)
    with game_session(game) as raw:
        code = _play_on(game, raw, script, moves_path, svg_path, fmt)
    sys.exit(code)


def _play_on(game, raw, script, moves_path, svg_path, fmt) -> int:
    """The body of `play --continue`, under the game's lock: returns the exit code."""
    from fauna_cli import anygame
    from fauna_cli.gamefile import load_game
    from rules.core.registry import load_rules

    loaded = load_game(game, raw=raw)
    rules = getattr(loaded, "rules", None) or load_rules("fauna")  # Fauna's own reader gives no RULES
    state = loaded.state
    if state.is_over:
        raise click.UsageError(f"{game}: the game is over; `fauna replay {game}` shows it")
    if fmt == "json" and script is None:
        raise click.UsageError("--format json needs --moves (interactive play prints tables)")
    if fmt != "json":
        click.echo(anygame.screen_for(rules).continuing(rules, state, game))
    if script is None:
        return anygame.run_interactive(rules, state, fmt, game, log=loaded.writer, svg_path=svg_path, resumed=True)
    code = anygame.run_script(rules, state, script, "<stdin>" if moves_path == "-" else moves_path, fmt, game,
                              log=loaded.writer, resumed=True)
    anygame.write_svg(rules, state, svg_path)
    return code


def _play_new(config_path, seed, script, moves_path, log_path, force, fmt, settings, svg_path=None,
              game=None) -> None:
    """`fauna play` of a new game of any game, through its RULES (fauna_cli/anygame.py)."""
    from fauna_cli import anygame
    from fauna_cli.gameconfig import draw_seed
    from fauna_cli.options import load_game_config

    if fmt == "json" and script is None:
        raise click.UsageError("--format json needs --moves (interactive play prints tables)")
    rules, config = load_game_config(config_path, game, settings)
    if seed is None:
        seed = config.seed
    drawn = seed is None
    if drawn:
        seed = draw_seed()
    state = rules.new_state(config, seed)
    session: contextlib.AbstractContextManager[None] = contextlib.nullcontext()
    if log_path is not None:
        from fauna_cli.gamefile import log_session  # reads and writes logs: only needed with --log

        session = log_session(log_path, force)
    with session:
        from fauna_cli.widths import fit_prose, terminal_width

        text, note = anygame.screen_for(rules).intro(rules, state, seed, drawn, log_path)
        if fmt != "json":
            click.echo(fit_prose(text, terminal_width()))
        if script is not None:
            code = anygame.run_script(rules, state, script, "<stdin>" if moves_path == "-" else moves_path, fmt,
                                      log_path, seed_note=note)
            anygame.write_svg(rules, state, svg_path)
        else:
            code = anygame.run_interactive(rules, state, fmt, log_path, svg_path=svg_path, seed_note=note)
    sys.exit(code)


def read_script(path: str) -> str:
    """A move script from FILE or stdin ('-'): bounded, UTF-8, every error naming the file and line."""
    from fauna_cli.files import read_stdin_text, read_text
    from rules.core.limits import MAX_SCRIPT_BYTES

    if path != "-":
        return read_text(path, "move script", MAX_SCRIPT_BYTES)
    return read_stdin_text("move script", MAX_SCRIPT_BYTES)


@click.command("new-config")
@click.argument("path", required=False, type=click.Path(dir_okay=False))
@game_option(default="fauna", help_text="The game: " + ", ".join(game_names()) + " (default fauna).")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def new_config(path, game_name, force) -> None:
    """Write a commented default config to PATH (or print it)."""
    from fauna_cli.files import create_file
    from fauna_cli.gameconfig import default_config_text
    if game_name == "fauna":
        text = default_config_text()
    else:
        from rules.core.registry import load_rules
        text = load_rules(game_name).default_config_text()
    if path is None:
        click.echo(text, nl=False)
        return
    create_file(path, text, force)
    shown = escape_control(path)
    click.echo(f"Wrote {shown}; edit it, then: fauna play --config {shown}")
