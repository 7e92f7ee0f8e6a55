"""`fauna play`: hot-seat at one terminal, or a move script; a table after every round."""

from __future__ import annotations

import sys
from dataclasses import dataclass

import click

from fauna_cli import exitcodes
from fauna_cli.render import (RoundReports, dump_json, front_lines, move_line, round_text, status_dict, status_text,
                              style, table)
from rules.core.errors import FaunaError, IllegalMove, MoveSyntaxError
from rules.fauna import State
from rules.fauna.events import RoundStarted
from rules.fauna.script import parse_script

HELP_TEXT = """Type one of:
  an area name or alias        e.g. Tasmania, japan, "Red Sea"
  a scale space                e.g. weight 200-500 kg, weight 18 (18th space), weight 350 kg,
                               length 1-2 m, height 3-5 m, tail 10-20 cm
  pass                         you are done for this round (not before your first piece)
  board                        what is taken, and by whom
  scales                       the spaces of the scales open for this card
  undo                         take back the last placement, while its player's next has not come
  help                         this text
  quit                         leave the game (nothing is saved)"""


@dataclass
class Session:
    """A running game and how to show it."""

    state: State
    fmt: str
    reports: RoundReports

    def out(self, text: str = "") -> None:
        if self.fmt != "json":
            click.echo(text)

    def show_reports(self, done: list[dict]) -> None:
        for report in done:
            self.out(round_text(report, self.fmt))


def run_script(state: State, script_text: str, source: str, fmt: str) -> int:
    """Play a move script; the first bad line stops the game with FILE:LINE and exit 3."""
    s = Session(state, fmt, RoundReports(state))
    if fmt != "json":
        s.out("\n".join(front_lines(state.front, state.round, state.names[state.start])))
        s.out()
    try:
        lines = parse_script(script_text)
    except MoveSyntaxError as exc:
        return _fail(f"{source}:{exc.line}: {exc}", exitcodes.ILLEGAL_MOVE)
    for line in lines:
        if state.is_over:
            return _fail(f"{source}:{line.line}: the game is already over; {line.text()!r} cannot be played",
                         exitcodes.ILLEGAL_MOVE)
        try:
            events = state.apply(line.move, line.player)
        except FaunaError as exc:
            return _fail(f"{source}:{line.line}: {line.player}: {exc}", exitcodes.ILLEGAL_MOVE)
        s.show_reports(s.reports.feed(events))
        if any(isinstance(e, RoundStarted) for e in events) and fmt != "json":
            s.out("\n".join(front_lines(state.front, state.round, state.names[state.start])))
            s.out()
    if fmt == "json":
        click.echo(dump_json(game_json(state, s.reports.reports)))
    elif not state.is_over:
        s.out(f"The script ended before the game did. {status_text(state)}")
    return exitcodes.OK


def game_json(state: State, reports: list[dict]) -> dict:
    """The whole game as JSON: config, seed, every round report and where it stands."""
    return {"seed": state.seed, "config": state.config.to_dict(), "rounds": reports, "status": status_dict(state)}


def _fail(message: str, code: int) -> int:
    click.echo(f"fauna: {message}", err=True)
    return code


def run_interactive(state: State, fmt: str) -> int:
    """Hot-seat play at one terminal until the game ends, or the input does."""
    s = Session(state, fmt, RoundReports(state))
    shown_round = None
    undo: tuple[State, str, list] | None = None  # state before the last placement, its player, its events
    while not state.is_over:
        if shown_round != state.round:
            click.echo()
            click.echo("\n".join(front_lines(state.front, state.round, state.names[state.start])))
            shown_round = state.round
        p = state.to_move
        i = state.names.index(p)
        prompt = f"{style(p, bold=True)} (hand {state.hand[i]}, score {state.score[i]})> "
        try:
            text = click.prompt(prompt, prompt_suffix="", default="", show_default=False)
        except (click.exceptions.Abort, EOFError):
            click.echo()
            click.echo(f"Input ended; the game was left unfinished. {status_text(state)}")
            return exitcodes.OK
        word = text.strip().lower()
        if not word:
            continue
        if word in ("help", "?"):
            click.echo(HELP_TEXT)
            continue
        if word == "quit":
            click.echo(f"Game left unfinished. {status_text(state)}")
            return exitcodes.OK
        if word == "board":
            taken = state.taken()
            click.echo(table(taken, ["taken", "by"], "plain") if taken else "Nothing is taken yet this round.")
            continue
        if word == "scales":
            click.echo(scales_text(state))
            continue
        if word == "undo":
            if undo is None:
                click.echo("Nothing to undo: only the last placement can be taken back, before its player moves again"
                           " and before the round is evaluated.")
                continue
            before, who, _ = undo
            state = before
            s.state = state
            s.reports.state = state
            undo = None
            click.echo(f"Took back {who}'s last placement; {who} to move again.")
            continue
        try:
            move = state.parse(text)
            before = state.copy()
            events = state.apply(move, p)
        except FaunaError as exc:
            click.echo(f"  {exc}")
            continue
        for e in events:
            line = move_line(e)
            if line:
                click.echo(line)
        done = s.reports.feed(events)
        undo = (before, p, events) if move.kind != "pass" and not done else None
        s.show_reports(done)
    return exitcodes.OK


def scales_text(state: State) -> str:
    """The spaces of the scales open for the current card, numbered, with what is taken."""
    taken = {t: owner for t, owner in state.taken()}
    out = []
    for key in state.animal.open_scales():
        scale = state.scales.get(key)
        measure = state.animal.scale_measure(key)
        rows = []
        for sp in scale.side(state.units).spaces:
            text = f"{key} {sp.label}"
            rows.append([str(sp.index + 1), sp.label, taken.get(text, "")])
        out.append(f"{scale.title} ({measure.replace('_', ' ')}):\n" + table(rows, ["#", "space", "taken by"], "plain"))
    return "\n\n".join(out) if out else "No scale is open for this animal."


def check_no_bots(state: State) -> None:
    """Computer players need the bots module; refuse clearly rather than pretend."""
    bots = [p.name for p in state.config.players if p.bot]
    if bots:
        raise IllegalMove(f"computer players are not available yet ({', '.join(bots)})")
    _ = sys
