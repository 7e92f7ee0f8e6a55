"""`fauna replay FILE`: re-run a replay log or game file, print its round tables, verify every line."""

from __future__ import annotations

import click

from fauna_cli.datacache import gc_held
from fauna_cli.gamefile import load_game, one_line_errors
from fauna_cli.render import FORMATS
from rules.core.errors import FaunaError
from rules.core.limits import escape_control
from rules.core.log import LoadedGame


class RequestError(FaunaError):
    """An option that asks for something the log does not hold (exit 2)."""


@click.command("replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--until", "until", type=click.IntRange(0), metavar="SEQ",
              help="Stop after move SEQ (later lines are not read).")
@click.option("--round", "round_no", type=click.IntRange(1), metavar="R", help="Print only round R's table.")
@click.option("--ignore-data-change", is_flag=True,
              help="Replay a log made with other data files anyway (format 2: any data file; format 3, which "
                   "keeps its cards' facts: the board, scales or preset).")
@click.option("--against-installed", is_flag=True,
              help="Also show what the installed data would have changed: facts that differ from the ones the "
                   "game was played with, and the pieces that would score otherwise (a game whose file records "
                   "its facts: Fauna's format 3, a refereed game's public file once revealed).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="plain", show_default=True,
              help="Output: plain text tables, GitHub or grid tables, or JSON.")
@click.option("--html", "html_path", type=click.Path(dir_okay=False), metavar="PAGE",
              help="Write one self-contained web page to step through the game (any game file, view or key "
                   "file) instead of printing tables.")
@click.option("--as", "viewer", metavar="NAME",
              help="With --html: the page shows what NAME sees (a finished game, NAME's view file, or the "
                   "referee's key file); without it, a spectator's view.")
@click.option("--force", is_flag=True, help="With --html: replace an existing PAGE.")
@click.option("--view", "views", multiple=True, type=click.Path(dir_okay=False), metavar="VIEWFILE",
              help="A refereed game, after the reveal: check that each view file the referee sent showed what its "
                   "player should have seen at its step (repeat for several).")
@click.option("--contribution", "contributions", multiple=True, type=click.Path(dir_okay=False), metavar="FILE",
              help="A joint-seed refereed game: check that the game's seed rests on your own join (your "
                   "contribution file from pbem join); at any time, before or after the reveal.")
@one_line_errors
@gc_held  # the verified game, its reports and tables last to the end: collections found nothing, 0.06 s of 0.5
def replay(file, until, round_no, ignore_data_change, fmt, against_installed=False, html_path=None, viewer=None,
           force=False, views=(), contributions=()) -> None:
    """Re-run FILE (a replay log or e-mail game file) from its config, seed and moves, and verify it.

    Every evaluation and every line's hash is checked; the first difference stops it with
    FILE:LINE: expected ..., found ... and exit 4. A malformed file gives exit 2. A format-3 log is
    re-run with the facts of the cards it recorded, whatever the installed deck says today;
    --against-installed lists what today's deck would have changed.
    """
    if html_path is not None or viewer is not None or force:
        _html(file, html_path, viewer, force, ignore_data_change, until, round_no, against_installed, fmt)
        return
    from fauna_cli.gamefile import kind_of
    kind = kind_of(file)
    if kind == "public" and contributions:
        from fauna_cli.jointseed_cmd import check_contributions
        check_contributions(file, list(contributions), fmt)
        return
    if contributions:
        raise RequestError(f"{file}: --contribution checks a joint-seed refereed game's public file; this is not one")
    if kind == "public" and against_installed:
        _public_against_installed(file, fmt, list(views))
        return
    if kind == "public":
        from fauna_cli.referee_cmd import replay_public
        replay_public(file, fmt, list(views))
        return
    if views:
        raise RequestError(f"{file}: --view checks view files against a refereed game's public file; this is not one")
    if kind in ("view", "key"):
        raise RequestError(f"{file}: a referee's {'view' if kind == 'view' else 'key'} file, not a game log: "
                           + ("fauna pbem status shows it" if kind == "view" else "replay the public game file"))
    loaded = load_game(file, ignore_data_change=ignore_data_change, until=until, round_events=round_no is None)
    check_until(loaded, until, file)
    from fauna_cli.anygame import screen_for

    screen_for(loaded.rules).replay(loaded, file, fmt, round_no, against_installed)


def _html(file, html_path, viewer, force, ignore_data_change, until, round_no, against_installed, fmt) -> None:
    """`--html PAGE [--as NAME] [--force]`: the page of the whole game (fauna_cli/html_replay.py)."""
    if html_path is None:
        raise click.UsageError(f"{'--as' if viewer is not None else '--force'} applies to --html PAGE")
    other = [o for o, v in (("--until", until), ("--round", round_no), ("--against-installed", against_installed),
                            ("--format", None if fmt == "plain" else fmt)) if v]
    if other:
        raise click.UsageError(f"{other[0]} does not apply to --html: the page holds the whole game")
    from fauna_cli.html_replay import write_page

    page = write_page(file, html_path, viewer, force, ignore_data_change)
    who = page.viewer or "a spectator"
    click.echo(f"Wrote {escape_control(html_path)}: {page.game}, {len(page.steps) - 1} decisions, as {who} sees "
               f"them; open it in a browser (it loads nothing from anywhere).")


def check_until(loaded: LoadedGame, until: int | None, file: str) -> None:
    """`--until SEQ` beyond the end of a log that was read to its end is refused: the log has fewer moves."""
    if until is not None and loaded.complete and loaded.state.seq < until:
        raise RequestError(f"{file}: --until {until}: the log has only {loaded.state.seq} moves")


def protocol_replay(loaded: LoadedGame, file: str, fmt: str, round_no: int | None, against_installed: bool) -> None:
    """`fauna replay FILE` of a game whose tables come from its RULES (the common Screen's report)."""
    if round_no is not None:
        raise RequestError(f"{file}: --round applies to Fauna logs; this is a {loaded.rules.title} game")
    _protocol_report(loaded, fmt, file, against_installed)


def _protocol_report(loaded: LoadedGame, fmt: str, file: str, against_installed: bool) -> None:
    """The report of a game read by the shared log, with --against-installed what the installed data changes."""
    from fauna_cli.anygame import replay_report

    rules = loaded.rules
    if not against_installed:
        replay_report(loaded, fmt, file)
        return
    if rules.facts is None:
        raise RequestError(f"{file}: --against-installed compares the facts a game's log recorded with the installed "
                           f"data; a {rules.title} log records no facts (the game is re-run on the installed data)")
    changes = rules.facts.against_installed(loaded.state)
    replay_report(loaded, fmt, file, against_installed=changes)
    if fmt == "json":
        return
    click.echo()
    if not changes:
        click.echo("Against the installed data: no fact this game was played with is otherwise now; nothing would "
                   "change.")
        return
    click.echo("Against the installed data (the game above is as it was played):")
    for c in changes:
        click.echo(f"  {escape_control(c.text())}")


def _public_against_installed(file: str, fmt: str, views: list[str]) -> None:
    """`replay PUBLIC --against-installed`: after the reveal, the re-run game against the installed data."""
    from fauna_cli.files import read_bytes
    from fauna_cli.jointseed_cmd import joint_note
    from rules.core.limits import MAX_LOG_BYTES
    from rules.core.log import decode_log
    from rules.core.referee import verify_public
    from rules.core.registry import rules_for_log

    if views:
        raise RequestError(f"{file}: --view and --against-installed are asked one at a time")
    text = decode_log(read_bytes(file, "game file", MAX_LOG_BYTES), file)
    rules = rules_for_log(text.lstrip("\ufeff").split("\n", 1)[0])
    if rules is None:
        raise FaunaError(f"{escape_control(file)}:1: not a game file of a game this fauna plays")
    if rules.facts is None:
        raise RequestError(f"{file}: --against-installed compares the facts a game's log recorded with the installed "
                           f"data; a {rules.title} log records no facts (the game is re-run on the installed data)")
    check = verify_public(text, file, rules)
    if check.loaded is None:
        raise RequestError(f"{file}: a refereed game in progress: what its facts would be now can be compared once "
                           "the referee has run fauna pbem reveal (until then the seed seals them)")
    _protocol_report(check.loaded, fmt, file, True)
    if fmt != "json":
        click.echo("The commitment matches the revealed seed and salt, and every public line is re-derived.")
        click.echo(joint_note(check.salt), nl=False)
