"""`fauna replay FILE`: re-run a replay log or game file, print its round tables, verify every line."""

from __future__ import annotations

import click

from fauna_cli.datacache import gc_held
from fauna_cli.gamefile import load_game, one_line_errors
from fauna_cli.render import FORMATS, dump_json, status_dict, status_text
from fauna_cli.rounds import RoundReport, RoundReports, round_text
from rules.core.errors import FaunaError
from rules.core.limits import escape_control
from rules.core.log import LoadedGame
from rules.fauna.replay import FORMAT, LoadedLog


class RequestError(FaunaError):
    """An option that asks for something the log does not hold (exit 2)."""


def round_reports(loaded: LoadedLog, round_no: int | None = None) -> list[RoundReport]:
    """One report per evaluated round (only round R's with `round_no`), from events re-derived from the moves.

    Verifying builds no events, so the verified moves are applied once more, building events only for the
    moves that end a round (those a `score` line follows in the log): a report needs the evaluation, not
    each placement. With `round_no`, the moves before round R are applied quietly and the work stops
    once R's report is complete.
    """
    if round_no is None and loaded.round_events is not None:  # kept while verifying: no second pass
        state = loaded.state
        reports = RoundReports(state.setup.new_state(state.config, state.seed))
        reports.state = state
        for events in loaded.round_events:
            reports.feed(events)
        return reports.reports
    ends: set[int] = set()  # move numbers that end a round
    last = 0
    for r in loaded.records:
        if r.kind == "move" and r.seq is not None:
            last = r.seq
        elif r.kind in ("score", "over"):
            ends.add(last)
    try:
        return _reports(loaded, round_no, ends)
    except _Unmarked:  # a round ended where the log has no score line: cannot be after verifying, but be safe
        return _reports(loaded, round_no, None)


def last_round_report(loaded: LoadedLog) -> RoundReport | None:
    """The report of the latest evaluated round (None before the first), building only that round's."""
    state = loaded.state
    last = state.round if state.is_over else state.round - 1
    reports = round_reports(loaded, last) if last > 0 else []
    return reports[-1] if reports else None


class _Unmarked(Exception):
    """A move applied quietly ended a round: its evaluation would be lost."""


def _reports(loaded: LoadedLog, round_no: int | None, ends: set[int] | None) -> list[RoundReport]:
    """round_reports, building events only at the moves in `ends` (at every move when None)."""
    state = loaded.state
    history = state.history
    game = state.setup.new_state(state.config, state.seed)
    i = 0
    if round_no is not None:
        while i < len(history) and game.round < round_no and not game.over:
            player, move = history[i]
            game.apply(move, player, quiet=True)
            i += 1
    reports = RoundReports(game)  # the round it starts from, with its starting player
    reports.state = state
    apply, feed = game.apply, reports.feed
    for seq, (player, move) in enumerate(history[i:], i + 1):
        if ends is not None and seq not in ends:
            rnd = game.round
            apply(move, player, quiet=True)
            if game.round != rnd or game.over:
                raise _Unmarked
            continue
        events = apply(move, player)
        if len(events) > 1:  # more than the move itself: a round ended
            feed(events)
            if round_no is not None and reports.reports:
                break
    return reports.reports


def pick_round(reports: list[RoundReport], round_no: int | None, state, source: str) -> list[RoundReport]:
    """All reports, or the one of round R; a round not evaluated yet is refused (its answer stays hidden)."""
    if round_no is None:
        return reports
    chosen = [r for r in reports if r.round == round_no]
    if chosen:
        return chosen
    if not state.is_over and round_no == state.round:
        raise RequestError(f"{source}: round {round_no} is still being played; its answer stays hidden until it "
                           "is evaluated")
    evaluated = state.round if state.is_over else state.round - 1  # reports may hold only the round asked for
    done = (f"rounds 1-{evaluated}" if evaluated > 1 else "round 1") if evaluated > 0 else "no round yet"
    raise RequestError(f"{source}: there is no evaluated round {round_no} ({done} evaluated)")


def config_line(loaded: LoadedLog) -> str:
    """Seed, players and rules of a logged game, in one line."""
    s = loaded.state
    c = s.config
    return (f"{loaded.source}: {FORMAT} {loaded.version}, seed {s.seed}; players: {', '.join(s.names)}; goal {s.goal} "
            f"points; {c.table.name} scoring, {c.units}, {c.cards} cards.")


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
    state = loaded.state
    if not isinstance(loaded, LoadedLog):  # another game than Fauna
        if until is not None and loaded.complete and state.seq < until:
            raise RequestError(f"{file}: --until {until}: the log has only {state.seq} moves")
        if round_no is not None:
            raise RequestError(f"{file}: --round applies to Fauna logs; this is a {loaded.rules.title} game")
        _protocol_report(loaded, fmt, file, against_installed)
        return
    if until is not None and loaded.complete and state.seq < until:
        raise RequestError(f"{file}: --until {until}: the log has only {state.seq} moves")
    reports = pick_round(round_reports(loaded, round_no), round_no, state, file)
    lines = len(loaded.records)
    changes = _against_installed(loaded) if against_installed else None
    if fmt == "json":
        from fauna_cli.jsonshape import standing
        from fauna_cli.rounds import final_json, round_dict, round_moves

        moves = round_moves(loaded)
        click.echo(dump_json({
            **standing("fauna", file, state), "lines": lines, "period": "round",
            "final": final_json(state), "summary": status_dict(state),
            "format": f"{FORMAT} {loaded.version}", "seed": state.seed, "config": state.config.to_dict(),
            "data": {"recorded": loaded.fingerprint, "installed": loaded.installed, "changed": loaded.data_changed},
            "rounds": [round_dict(r, moves.get(r.round, [])) for r in reports], "status": status_dict(state),
            "verified": {"lines": lines, "moves": state.seq, "to_end": loaded.complete, "head": loaded.head},
            **({} if changes is None else {"against_installed": [
                {"round": c.round, "animal": c.animal, "facts": list(c.facts), "pieces": list(c.pieces)}
                for c in changes]}),
        }), nl=False)
        return
    if loaded.data_changed:
        click.echo(f"fauna: warning: {escape_control(file)} was recorded with other game data; replayed anyway "
                   "(--ignore-data-change)", err=True)
    click.echo(config_line(loaded))
    click.echo()
    for report in reports:
        click.echo(round_text(report, fmt))
    if loaded.complete:
        from fauna_cli.widths import fit_prose, terminal_width

        click.echo(fit_prose(f"Verified {escape_control(file)}: {lines} lines, {state.seq} moves; every evaluation "
                             f"and hash matches (head {loaded.head}).", terminal_width()))
        if not state.is_over:
            click.echo(f"Unfinished game: {status_text(state)}; next is move {state.seq + 1}.")
    else:
        click.echo(f"Stopped after move {state.seq} (line {lines}); the lines after it were not checked. "
                   f"{status_text(state)}")
    if changes is not None:
        click.echo()
        if loaded.version < 3:
            click.echo(f"{FORMAT} {loaded.version} takes its cards' facts from the installed data: the game above "
                       "is already replayed against it.")
        elif not changes:
            click.echo("Against the installed deck: no card of this game has other facts now; nothing would change.")
        else:
            click.echo("Against the installed deck (the game above is as it was played):")
            for c in changes:
                click.echo(f"  {c.text()}")


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


def _against_installed(loaded: LoadedLog) -> list:
    """What the installed deck says otherwise about the evaluated rounds' cards (only the rounds verified)."""
    from rules.fauna.changes import against_installed

    return against_installed(loaded)


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
