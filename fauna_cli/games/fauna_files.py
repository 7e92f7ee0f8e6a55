"""Fauna's game files shown: `fauna replay`'s round tables and what `fauna pbem` says of a Fauna game.

The commands (replay_cmd.py, pbem_cmd.py) are every game's; they reach this through Fauna's Screen
(fauna_cli/games/fauna.py). A Fauna game file read by Fauna's own reader (RULES.read_log) also knows its
format version and the data it was recorded with, which these reports show.
"""

from __future__ import annotations

from typing import Any

import click

from fauna_cli.render import dump_json, status_dict, status_text
from fauna_cli.replay_cmd import RequestError
from fauna_cli.rounds import RoundReport, RoundReports, round_text
from rules.core.limits import escape_control


def round_reports(loaded: Any, round_no: int | None = None) -> list[RoundReport]:
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


def last_round_report(loaded: Any) -> RoundReport | None:
    """The report of the latest evaluated round (None before the first), building only that round's."""
    state = loaded.state
    last = state.round if state.is_over else state.round - 1
    reports = round_reports(loaded, last) if last > 0 else []
    return reports[-1] if reports else None


class _Unmarked(Exception):
    """A move applied quietly ended a round: its evaluation would be lost."""


def _reports(loaded: Any, round_no: int | None, ends: set[int] | None) -> list[RoundReport]:
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


def config_line(loaded: Any) -> str:
    """Seed, players and rules of a logged game, in one line."""
    s = loaded.state
    c = s.config
    return (f"{loaded.source}: {loaded.rules.log_format} {loaded.version}, seed {s.seed}; players: "
            f"{', '.join(s.names)}; goal {s.goal} "
            f"points; {c.table.name} scoring, {c.units}, {c.cards} cards.")


def replay(loaded: Any, file: str, fmt: str, round_no: int | None, against_installed: bool) -> None:
    """`fauna replay FILE` of a Fauna log: its round tables, what was verified, and the installed data's changes."""
    state = loaded.state
    reports = pick_round(round_reports(loaded, round_no), round_no, state, file)
    lines = len(loaded.records)
    changes = loaded.rules.facts.against_installed(state) if against_installed else None
    if fmt == "json":
        from fauna_cli.jsonshape import standing
        from fauna_cli.rounds import final_json, round_dict, round_moves

        moves = round_moves(loaded)
        click.echo(dump_json({
            **standing("fauna", file, state), "lines": lines, "period": "round",
            "final": final_json(state), "summary": status_dict(state),
            "format": f"{loaded.rules.log_format} {loaded.version}", "seed": state.seed,
            "config": state.config.to_dict(),
            "data": {"recorded": loaded.fingerprint, "installed": loaded.installed, "changed": loaded.data_changed},
            "rounds": [round_dict(r, moves.get(r.round, [])) for r in reports], "status": status_dict(state),
            "verified": {"lines": lines, "moves": state.seq, "to_end": loaded.complete, "head": loaded.head},
            **({} if changes is None else {"against_installed": [
                {"round": c.round, "animal": c.subject, "facts": list(c.facts), "pieces": list(c.effects)}
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
            click.echo(f"{loaded.rules.log_format} {loaded.version} takes its cards' facts from the installed data: "
                       "the game above is already replayed against it.")
        elif not changes:
            click.echo("Against the installed deck: no card of this game has other facts now; nothing would change.")
        else:
            click.echo("Against the installed deck (the game above is as it was played):")
            for c in changes:
                click.echo(f"  {c.text()}")
