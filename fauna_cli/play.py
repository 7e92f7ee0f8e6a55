"""`fauna play`: hot-seat at one terminal, or a move script; a table after every round."""

from __future__ import annotations

from dataclasses import dataclass, field

import click

from fauna_cli import exitcodes
from fauna_cli.files import atomic_write
from fauna_cli.render import (
    RoundReports,
    dump_json,
    front_lines,
    front_short,
    move_line,
    round_text,
    status_dict,
    status_text,
    style,
    table,
)
from rules.core.errors import FaunaError, MoveSyntaxError
from rules.fauna import State
from rules.fauna.bots import bot_turns, make_bots
from rules.fauna.events import RoundStarted
from rules.fauna.replay import log_text
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
    """A running game, its computer players, where its log goes and how to show it."""

    state: State
    fmt: str
    reports: RoundReports
    bots: list = field(default_factory=list)
    log_path: str | None = None

    @classmethod
    def start(cls, state: State, fmt: str, log_path: str | None) -> Session:
        s = cls(state, fmt, RoundReports(state), make_bots(state), log_path)
        s.save()
        return s

    def out(self, text: str = "") -> None:
        if self.fmt != "json":
            click.echo(text)

    def save(self) -> None:
        """Rewrite the replay log (atomically) so it always holds the game so far."""
        if self.log_path:
            atomic_write(self.log_path, log_text(self.state))

    def show_front(self) -> None:
        st = self.state
        self.out("\n".join(front_lines(st.front, st.round, st.names[st.start])))

    def after(self, events: list, echo_moves: bool) -> list[dict]:
        """Show a move's events and any round it completed; returns the completed round reports."""
        if echo_moves and self.fmt != "json":
            for e in events:
                line = move_line(e)
                if line:
                    click.echo(line)
        done = self.reports.feed(events)
        for report in done:
            self.out(round_text(report, self.fmt))
        if any(isinstance(e, RoundStarted) for e in events):
            self.show_front()
        return done

    def is_bot(self, name: str) -> bool:
        return self.bots[self.state.names.index(name)] is not None

    def run_bots(self, echo_moves: bool) -> bool:
        """Let computer players move until a human is to move or the game ends; True if any moved."""
        moved = False
        for _name, _move, events in bot_turns(self.state, self.bots):
            moved = True
            self.after(events, echo_moves)
            self.save()
        return moved


def run_script(state: State, script_text: str, source: str, fmt: str, log_path: str | None = None) -> int:
    """Play a move script (computer players move by themselves); the first bad line stops with FILE:LINE, exit 3."""
    s = Session.start(state, fmt, log_path)
    s.show_front()
    try:
        lines = parse_script(script_text)
    except MoveSyntaxError as exc:
        return _fail(f"{source}:{exc.line}: {exc}", exitcodes.ILLEGAL_MOVE)
    s.run_bots(echo_moves=False)
    for line in lines:
        if state.is_over:
            return _fail(f"{source}:{line.line}: the game is already over; {line.text()!r} cannot be played",
                         exitcodes.ILLEGAL_MOVE)
        if line.player in state.names and s.is_bot(line.player):
            return _fail(f"{source}:{line.line}: {line.player} is a computer player and moves by itself",
                         exitcodes.ILLEGAL_MOVE)
        try:
            events = state.apply(line.move, line.player)
        except FaunaError as exc:
            return _fail(f"{source}:{line.line}: {line.player}: {exc}", exitcodes.ILLEGAL_MOVE)
        s.after(events, echo_moves=False)
        s.save()
        s.run_bots(echo_moves=False)
    if fmt == "json":
        click.echo(dump_json(game_json(state, s.reports.reports)), nl=False)
    elif not state.is_over:
        s.out(f"The script ended before the game did. {status_text(state)}")
    return exitcodes.OK


def game_json(state: State, reports: list[dict]) -> dict:
    """The whole game as JSON: config, seed, every round report and where it stands."""
    return {"seed": state.seed, "config": state.config.to_dict(), "rounds": reports, "status": status_dict(state)}


def _fail(message: str, code: int) -> int:
    click.echo(f"fauna: {message}", err=True)
    return code


def run_interactive(state: State, fmt: str, log_path: str | None = None) -> int:
    """Hot-seat play at one terminal until the game ends or the input does; computer players move by themselves."""
    s = Session.start(state, fmt, log_path)
    click.echo()
    s.show_front()
    undo: tuple[State, str] | None = None  # state before the last human placement, and its player
    text_shown = None  # the position whose taken spots were last listed
    while not s.state.is_over:
        if s.run_bots(echo_moves=True):
            undo = None
            continue
        state = s.state
        i = state.to_move_index
        p = state.names[i]
        if text_shown != (state.seq, state.round):
            if any(state.placed) or any(state.passed):  # the full card front opened the round
                click.echo(front_short(state.front))
            taken = state.taken()
            if taken:
                click.echo("Taken: " + "; ".join(f"{spot} ({who})" for spot, who in taken))
            text_shown = (state.seq, state.round)
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
        elif word == "quit":
            click.echo(f"Game left unfinished. {status_text(state)}")
            return exitcodes.OK
        elif word == "board":
            taken = state.taken()
            click.echo(table(taken, ["taken", "by"], "plain") if taken else "Nothing is taken yet this round.")
        elif word == "scales":
            click.echo(scales_text(state))
        elif word == "undo":
            if undo is None:
                click.echo("Nothing to undo: only the last placement can be taken back, before its player moves again"
                           " and before the round is evaluated.")
                continue
            before, who = undo
            s.state = s.reports.state = before
            s.save()
            undo = None
            click.echo(f"Took back {who}'s last placement; {who} to move again.")
        else:
            try:
                move = state.parse(text)
                before = state.copy()
                events = state.apply(move, p)
            except FaunaError as exc:
                click.echo(f"  {exc}")
                continue
            done = s.after(events, echo_moves=True)
            s.save()
            undo = (before, p) if move.kind != "pass" and not done else None
    return exitcodes.OK


def scales_text(state: State) -> str:
    """The spaces of the scales open for the current card, numbered, with what is taken."""
    taken = dict(state.taken())
    out = []
    for key, measure in state.animal.open_measures().items():
        scale = state.scales.get(key)
        rows = []
        for sp in scale.side(state.units).spaces:
            text = f"{key} {sp.label}"
            rows.append([str(sp.index + 1), sp.label, taken.get(text, "")])
        out.append(f"{scale.title} ({measure.replace('_', ' ')}):\n" + table(rows, ["#", "space", "taken by"], "plain"))
    return "\n\n".join(out) if out else "No scale is open for this animal."
