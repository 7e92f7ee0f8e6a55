"""`fauna play` and `fauna new-config`: imported only when one of them runs (fauna_cli/main.py LAZY_COMMANDS).

Their options (file paths above all: click looks up the translation of each path type's name when it
is made) are built on first use, so a quick query such as `fauna map adjacent` does not pay for them.
"""

from __future__ import annotations

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
    from fauna_cli.gameconfig import start_game
    from fauna_cli.options import chosen_game

    script = None if moves_path is None else read_script(moves_path)  # first: a missing script is all that is said
    if continue_path is not None:
        if game_name is not None:
            raise click.UsageError("--continue takes the game from its log; --game cannot change it")
        _play_continued(continue_path, config_path, seed, log_path, settings, script, moves_path, svg_path, fmt,
                        force)
        return
    _check_outputs(config_path, moves_path, log_path, svg_path, force)
    game = chosen_game(config_path, game_name)
    if game != "fauna":
        _play_other(config_path, seed, script, moves_path, log_path, force, fmt, settings, svg_path, game)
        return
    from fauna_cli.play import run_interactive, run_script

    if fmt == "json" and script is None:
        raise click.UsageError("--format json needs --moves (interactive play prints tables)")
    state, drawn = start_game(config_path, seed, settings)
    cfg, seed = state.config, state.seed
    import contextlib

    session: contextlib.AbstractContextManager[None] = contextlib.nullcontext()
    if log_path is not None:
        from fauna_cli.gamefile import log_session  # reads and writes logs: only needed with --log
        session = log_session(log_path, force)
    with session:
        if fmt != "json":
            from fauna_cli.widths import fit_prose, terminal_width

            click.echo(fit_prose(f"Seed {seed}{' (drawn; replay with --seed ' + str(seed) + ')' if drawn else ''}; "
                                 f"players: {', '.join(state.names)}; goal {state.goal} points; {cfg.table.name} "
                                 f"scoring, {cfg.units}, {cfg.cards} cards.", terminal_width()))
        if script is not None:
            code = run_script(state, script, "<stdin>" if moves_path == "-" else moves_path, fmt, log_path)
        else:
            code = run_interactive(state, fmt, log_path)
    _write_svg(svg_path, state)
    sys.exit(code)


def _check_outputs(config_path, moves_path, log_path, svg_path, force, game=None) -> None:
    """--log and --svg name files of their own (not the config, the script, the game or each other), and --svg
    replaces an existing file only with --force, as --log does (checked before the game starts)."""
    from fauna_cli.files import check_new, check_outputs

    check_outputs([("--config", config_path), ("--moves", moves_path), ("--continue", game)],
                  [("--log", log_path), ("--svg", svg_path)])
    check_new(svg_path, force)


def _write_svg(path: str | None, state) -> None:
    """Draw the board with everyone's pieces to PATH (`--svg`), for an e-mail or a look at the whole map."""
    if path is None:
        return
    from fauna_cli.files import atomic_write
    from fauna_cli.svg import board_svg

    atomic_write(path, board_svg(state))
    click.echo(f"Wrote the board picture to {path}.", err=True)


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
    from fauna_cli.gamefile import load_game
    from rules.fauna.replay import LoadedLog

    loaded = load_game(game, raw=raw)
    if not isinstance(loaded, LoadedLog):
        from fauna_cli import anygame
        state = loaded.state
        if fmt != "json":
            click.echo(f"{loaded.rules.title}: continuing {game} at move {state.seq + 1}.")
        if script is not None:
            code = anygame.run_script(loaded.rules, state, script, "<stdin>" if moves_path == "-" else moves_path,
                                      fmt, game, log=loaded.writer)
            anygame.write_svg(loaded.rules, state, svg_path)
        else:
            if fmt == "json":
                raise click.UsageError("--format json needs --moves (interactive play prints tables)")
            code = anygame.run_interactive(loaded.rules, state, fmt, game, log=loaded.writer, svg_path=svg_path)
        return code
    from fauna_cli.play import run_interactive, run_script

    state = loaded.state
    if state.is_over:
        raise click.UsageError(f"{game}: the game is over; `fauna replay {game}` shows it")
    if fmt != "json":
        click.echo(f"Continuing {game}: seed {state.seed}; players: {', '.join(state.names)}; goal {state.goal} "
                   f"points; move {state.seq + 1} next.")
    if script is not None:
        code = run_script(state, script, "<stdin>" if moves_path == "-" else moves_path, fmt, game, resumed=True)
    else:
        if fmt == "json":
            raise click.UsageError("--format json needs --moves (interactive play prints tables)")
        code = run_interactive(state, fmt, game, resumed=True)
    _write_svg(svg_path, state)
    return code


def _play_other(config_path, seed, script, moves_path, log_path, force, fmt, settings, svg_path=None,
                game=None) -> None:
    """`fauna play` for a game other than Fauna, through its RULES (fauna_cli/anygame.py)."""
    from fauna_cli import anygame
    from fauna_cli.gameconfig import draw_seed
    from fauna_cli.gamefile import log_session
    from fauna_cli.options import load_game_config

    rules, config = load_game_config(config_path, game, settings)
    if seed is None:
        seed = config.seed
    drawn = seed is None
    if drawn:
        seed = draw_seed()
    if fmt == "json" and script is None:
        raise click.UsageError("--format json needs --moves (interactive play prints tables)")
    state = rules.new_state(config, seed)
    note = None
    with log_session(log_path, force):
        from fauna_cli.widths import fit_prose, terminal_width

        if fmt != "json" and rules.hidden_information:  # the seed fixes every hand: said when the game is over
            click.echo(fit_prose(f"{rules.title}: players: {', '.join(state.names)}; the seed is shown when the game "
                                 "ends.", terminal_width()))
            note = _seed_note(seed, drawn, log_path)
        elif fmt != "json":
            again = f" (drawn; replay with --seed {seed})" if drawn else ""
            click.echo(fit_prose(f"{rules.title}: seed {seed}{again}; players: {', '.join(state.names)}.",
                                 terminal_width()))
        if script is not None:
            code = anygame.run_script(rules, state, script, "<stdin>" if moves_path == "-" else moves_path, fmt,
                                      log_path, seed_note=note)
            anygame.write_svg(rules, state, svg_path)
        else:
            code = anygame.run_interactive(rules, state, fmt, log_path, svg_path=svg_path, seed_note=note)
    sys.exit(code)


def _seed_note(seed: int, drawn: bool, log_path: str | None) -> str:
    """What the end of a game with hidden information says of its seed: how to deal it again, how to replay it."""
    import shlex

    text = f"Seed {seed}{' (drawn)' if drawn else ''}: `--seed {seed}` deals the same game again"
    if log_path is not None:
        text += f"; `fauna replay {shlex.quote(log_path)}` replays this one"
    return text + "."


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
