"""`fauna replay FILE`: re-run a replay log or game file, print its round tables, verify every line."""

from __future__ import annotations

import click

from fauna_cli.gamefile import load_game, one_line_errors
from fauna_cli.render import FORMATS, RoundReports, dump_json, round_text, status_dict, status_text
from rules.core.errors import FaunaError
from rules.core.limits import escape_control
from rules.fauna.game import new_game
from rules.fauna.replay import FORMAT, LoadedLog, against_installed


class RequestError(FaunaError):
    """An option that asks for something the log does not hold (exit 2)."""


def round_reports(loaded: LoadedLog) -> list[dict]:
    """One report per evaluated round, rendered from the events re-derived while verifying."""
    state = loaded.state
    reports = RoundReports(new_game(state.config, state.seed))
    reports.state = state
    for e in loaded.events():
        reports.feed([e])
    return reports.reports


def pick_round(reports: list[dict], round_no: int | None, state, source: str) -> list[dict]:
    """All reports, or the one of round R; a round not evaluated yet is refused (its answer stays hidden)."""
    if round_no is None:
        return reports
    chosen = [r for r in reports if r["round"] == round_no]
    if chosen:
        return chosen
    if not state.is_over and round_no == state.round:
        raise RequestError(f"{source}: round {round_no} is still being played; its answer stays hidden until it "
                           "is evaluated")
    done = (f"rounds 1-{len(reports)}" if len(reports) > 1 else "round 1") if reports else "no round yet"
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
              help="Also show what the installed deck would have changed: facts that differ from the ones the "
                   "game was played with, and the pieces that would score otherwise (format 3).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="plain", show_default=True,
              help="Output: plain text tables, GitHub or grid tables, or JSON.")
@one_line_errors
def replay(file, until, round_no, ignore_data_change, fmt, against_installed=False) -> None:
    """Re-run FILE (a replay log or e-mail game file) from its config, seed and moves, and verify it.

    Every evaluation and every line's hash is checked; the first difference stops it with
    FILE:LINE: expected ..., found ... and exit 4. A malformed file gives exit 2. A format-3 log is
    re-run with the facts of the cards it recorded, whatever the installed deck says today;
    --against-installed lists what today's deck would have changed.
    """
    from fauna_cli.referee_cmd import kind_of
    kind = kind_of(file)
    if kind == "public":
        from fauna_cli.referee_cmd import replay_public
        replay_public(file, fmt)
        return
    if kind in ("view", "key"):
        raise RequestError(f"{file}: a referee's {'view' if kind == 'view' else 'key'} file, not a game log: "
                           + ("fauna pbem status shows it" if kind == "view" else "replay the public game file"))
    loaded = load_game(file, ignore_data_change=ignore_data_change, until=until)
    state = loaded.state
    if not isinstance(loaded, LoadedLog):  # another game than Fauna
        if until is not None and loaded.complete and state.seq < until:
            raise RequestError(f"{file}: --until {until}: the log has only {state.seq} moves")
        if round_no is not None:
            raise RequestError(f"{file}: --round applies to Fauna logs; this is a {loaded.rules.title} game")
        from fauna_cli.anygame import replay_report
        replay_report(loaded, fmt, file)
        return
    if until is not None and loaded.complete and state.seq < until:
        raise RequestError(f"{file}: --until {until}: the log has only {state.seq} moves")
    reports = pick_round(round_reports(loaded), round_no, state, file)
    lines = len(loaded.records)
    changes = _against_installed(loaded) if against_installed else None
    if fmt == "json":
        click.echo(dump_json({
            "file": file, "format": f"{FORMAT} {loaded.version}", "seed": state.seed, "config": state.config.to_dict(),
            "data": {"recorded": loaded.fingerprint, "installed": loaded.installed, "changed": loaded.data_changed},
            "rounds": reports, "status": status_dict(state),
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
        click.echo(f"Verified {escape_control(file)}: {lines} lines, {state.seq} moves; every evaluation and hash "
                   "matches "
                   f"(head {loaded.head}).")
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


def _against_installed(loaded: LoadedLog) -> list:
    """What the installed deck says otherwise about the evaluated rounds' cards (only the rounds verified)."""
    return against_installed(loaded)
