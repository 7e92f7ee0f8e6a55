"""`fauna play`: hot-seat at one terminal, or a move script; a table after every round."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

import click

from fauna_cli import exitcodes
from fauna_cli.prompting import ask, confirm_leave, saved_line
from fauna_cli.render import (
    dump_json,
    front_lines,
    front_short,
    move_line,
    report_error,
    status_dict,
    status_text,
    style,
    table,
)
from fauna_cli.rounds import RoundReport, RoundReports, round_summary_line, round_text
from fauna_cli.widths import fit_prose, terminal_width
from rules.core.errors import FaunaError, MoveSyntaxError, UnknownArea
from rules.core.names import normalize
from rules.fauna import State
from rules.fauna.events import RoundStarted
from rules.fauna.script import parse_script

EXAMPLES = {  # scale spaces to show in `help`, in the game's own units (each is checked by a test)
    "metric": ("weight 200-500 kg", "weight 18 (18th space)", "weight 350 kg", "length 1-2 m", "height 3-5 m",
               "tail 10-20 cm"),
    "imperial": ("weight 200-500 lb", "weight 17 (17th space)", "weight 350 lb", "length 3-6 ft",
                 "height 10-15 ft", "tail 4-8 in"),
}
# not moves: answered at the prompt
PROMPT_WORDS = ("help", "?", "quit", "board", "scales", "undo", "areas", "map", "neighbors", "neighbours")


def help_text(units: str, log_path: str | None) -> str:
    """What a player can type, with scale examples in the game's units and what `quit` keeps."""
    w, n, v, length, height, tail = EXAMPLES[units]
    saved = (f"the game so far is saved in {log_path}; resume with fauna play --continue {log_path}"
             if log_path else "nothing is saved; start with --log FILE to be able to resume")
    from fauna_cli.widths import term_list

    return term_list([
        ("an area name or alias", "e.g. Tasmania, japan, Red Sea (areas [CONTINENT] lists them)"),
        ("a scale space", f"e.g. {w}, {n}, {v}, {length}, {height}, {tail}"),
        ("pass", "you are done for this round (not before your first piece)"),
        ("areas [CONTINENT]", "the continents, or the areas of one (also: fauna map areas)"),
        ("neighbors AREA", "the areas next to AREA, and how they are linked (also: fauna map neighbors)"),
        ("board", "what is taken, and by whom"),
        ("scales", "the spaces of the scales open for this card"),
        ("undo", "take back your own last placement (and the computer players' replies to it) while nobody "
                 "else has placed since and the round is not evaluated; undo NAME: NAME takes back theirs"),
        ("help", "this text"),
        ("quit", f"leave the game ({saved})"),
    ], heading="Type one of:")


def areas_text(board, word: str) -> str | None:
    """The continents with their areas, or one continent's areas; None if `word` names no continent."""
    from rules.core.names import normalize

    conts: dict[str, list] = {}
    for a in board.areas:
        conts.setdefault(a.continent, []).append(a)
    if not word:
        return "\n".join(f"{c} ({len(areas)}): " + ", ".join(a.name for a in areas) for c, areas in conts.items())
    key = normalize(word)
    for c, areas in conts.items():
        if normalize(c) == key or (key in ("marine", "sea", "seas", "ocean") and c == "Oceans") \
                or normalize(c.split("/")[0]) == key:
            rows = [f"{a.name}" + (f" (also {', '.join(a.aliases)})" if a.aliases else "") for a in areas]
            return f"{c}, {len(areas)} areas: " + "; ".join(rows)
    return None


def neighbors_text(board, word: str) -> str:
    """The areas next to an area, with their links; or what is wrong with the name (with a suggestion)."""
    if not word:
        return "  neighbors AREA: name an area, e.g. neighbors Tasmania"
    try:
        area = board.area(word)
    except FaunaError as exc:
        return f"  {exc}"
    links = board.neighbor_links(area)
    return f"Neighbours of {area.name} ({len(links)}): " + ", ".join(f"{n} ({kind})" for n, kind in links)


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
        s = cls(state, fmt, RoundReports(state), _seat_bots(state), log_path)
        s.save()
        return s

    def out(self, text: str = "") -> None:
        if self.fmt != "json":
            click.echo(fit_prose(text, terminal_width()))

    def save(self) -> None:
        """Bring the replay log up to date by appending what the moves since the last save added (linear)."""
        if not self.log_path:
            return
        from fauna_cli.logfile import FaunaShadow, LogAppender

        shadow = self.__dict__.get("_shadow")
        if shadow is None or not shadow.follows(self.state):
            shadow = self.__dict__["_shadow"] = FaunaShadow(self.state)
        else:
            shadow.catch_up(self.state)
        appender = self.__dict__.setdefault("_appender", LogAppender(self.log_path))
        appender.sync(shadow.writer.lines, shadow.writer.closing_line())

    def show_front(self) -> None:
        st = self.state
        self.out("\n".join(front_lines(st.front, st.round, st.names[st.start])))

    def after(self, events: list, echo_moves: bool) -> list[RoundReport]:
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
            if echo_moves and done:  # at the prompt: the round's tables have just scrolled up
                self.out("\n".join(round_summary_line(r) for r in done))
        return done

    def is_bot(self, name: str) -> bool:
        return self.bots[self.state.names.index(name)] is not None

    def run_bots(self, echo_moves: bool) -> bool:
        """Let computer players move until a human is to move or the game ends; True if any moved."""
        if all(b is None for b in self.bots):  # people only: no bot can move
            return False
        from rules.fauna.bots import bot_turns

        moved = False
        for _name, _move, events in bot_turns(self.state, self.bots):
            moved = True
            self.after(events, echo_moves)
            self.save()
        return moved


def _seat_bots(state: State) -> list:
    """One bot per seat, None for a person; the bots' module is imported only when a seat has a bot."""
    if all(p.bot is None for p in state.config.players):
        return [None] * len(state.config.players)
    from rules.fauna.bots import make_bots

    return make_bots(state)


def run_script(state: State, script_text: str, source: str, fmt: str, log_path: str | None = None,
               resumed: bool = False) -> int:
    """Play a move script (computer players move by themselves); the first bad line stops with FILE:LINE, exit 3."""
    s = Session.start(state, fmt, log_path)
    if not resumed:
        s.show_front()
    try:
        lines = parse_script(script_text)
    except MoveSyntaxError as exc:
        return _fail(f"{source}:{exc.line}: {exc}", exitcodes.ILLEGAL_MOVE, fmt)
    s.run_bots(echo_moves=False)
    for line in lines:
        where = f"{source}:{line.line}"
        if state.is_over:
            return _fail(f"{where}: the game is already over; {line.text()!r} cannot be played",
                         exitcodes.ILLEGAL_MOVE, fmt)
        if line.player in state.names and s.is_bot(line.player):
            return _fail(f"{where}: {line.player} is a computer player and moves by itself", exitcodes.ILLEGAL_MOVE,
                         fmt)
        word = line.move.split(" ", 1)[0].lower()
        if word in PROMPT_WORDS:
            return _fail(f"{where}: {line.player}: {word!r} is typed at the prompt of interactive play; a script "
                         "holds moves only (an area, a scale space or pass)", exitcodes.ILLEGAL_MOVE, fmt)
        try:
            events = state.apply(line.move, line.player)
        except FaunaError as exc:
            return _fail(f"{where}: {line.player}: {exc}", exitcodes.ILLEGAL_MOVE, fmt)
        s.after(events, echo_moves=False)
        s.save()
        s.run_bots(echo_moves=False)
    if fmt == "json":
        click.echo(dump_json(game_json(state, s.reports.reports)), nl=False)
    elif not state.is_over:
        s.out(f"The script ended before the game did. {status_text(state)}")
    return exitcodes.OK


def game_json(state: State, reports: list[RoundReport]) -> dict:
    """The whole game as JSON, with the keys `replay` gives: format, seed, config, data, rounds, card, status."""
    from rules.fauna.replay import FORMAT, VERSION, fingerprint_for

    return {"format": f"{FORMAT} {VERSION}", "seed": state.seed, "config": state.config.to_dict(),
            "data": {"recorded": fingerprint_for(state.config, VERSION)}, "rounds": [r.to_dict() for r in reports],
            "front": None if state.is_over else state.front.to_dict(), "status": status_dict(state)}


def _fail(message: str, code: int, fmt: str = "plain") -> int:
    report_error(message, code, fmt == "json", "IllegalMove" if code == exitcodes.ILLEGAL_MOVE else "error")
    return code


@dataclass
class Placement:
    """The latest human placement: the position before it, so its player can take it back."""

    before: State
    player: str
    text: str
    round: int


def left_message(state: State, log_path: str | None) -> str:
    """What leaving an unfinished game keeps, and how to come back to it."""
    return f"Game left unfinished. {status_text(state)}\n{saved_line(log_path)}"


def run_interactive(state: State, fmt: str, log_path: str | None = None, resumed: bool = False) -> int:
    """Hot-seat play at one terminal until the game ends or the input does; computer players move by themselves."""
    s = Session.start(state, fmt, log_path)
    click.echo()
    if resumed:
        click.echo(f"Resuming {log_path} at move {state.seq + 1}.")
    s.show_front()
    last: Placement | None = None  # the latest human placement, while it can still be taken back
    text_shown = None  # the position whose taken spots were last listed
    try:
        while not s.state.is_over:
            if s.run_bots(echo_moves=True):
                if last is not None and last.round != s.state.round:
                    last = None  # a computer player's move ended the round: its placements are final
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
            text = ask(f"{style(p, bold=True)} (hand {state.hand[i]}, score {state.score[i]})> ")
            if text is None:
                click.echo()
                click.echo(f"Input ended. {left_message(state, log_path)}")
                return exitcodes.OK
            word, _, rest = text.strip().partition(" ")
            word, rest = word.lower(), rest.strip()
            if not word:
                continue
            if word in ("help", "?"):
                click.echo(help_text(state.units, log_path))
            elif word == "quit":
                if confirm_leave():
                    click.echo(left_message(state, log_path))
                    return exitcodes.OK
            elif word == "board":
                taken = state.taken()
                click.echo(table(taken, ["taken", "by"], "plain") if taken else "Nothing is taken yet this round.")
            elif word == "scales":
                click.echo(scales_text(state))
            elif word in ("areas", "map") and (not rest or areas_text(state.board, rest) is not None):
                click.echo(areas_text(state.board, rest))
            elif word in ("neighbors", "neighbours"):
                click.echo(fit_prose(neighbors_text(state.board, rest), terminal_width()))
            elif word == "undo":
                last = _undo(s, last, rest or p)
            else:
                last = _place(s, text, p, last)
    except KeyboardInterrupt:
        click.echo()
        click.echo(f"Interrupted. {left_message(s.state, log_path)}")
        return exitcodes.INTERRUPTED
    return exitcodes.OK


def _place(s: Session, text: str, p: str, last: Placement | None) -> Placement | None:
    """Play what `p` typed; returns the placement that can now be taken back (None after a pass or a round's end)."""
    state = s.state
    try:
        move = state.parse(text)
        before = state.copy()
        events = state.apply(move, p)
    except UnknownArea as exc:
        listed = areas_text(state.board, text.strip())
        click.echo(f"  {text.strip()} is a continent, not an area: {listed}" if listed else f"  {exc}")
        return last
    except FaunaError as exc:
        click.echo(f"  {exc}")
        return last
    shown = state.move_text(move)
    if state.board.find(shown) is not None and normalize(shown) != normalize(text):
        click.echo(f"  {text.strip()} is part of {shown}.")  # an alias: say where the piece really went
    done = s.after(events, echo_moves=True)
    s.save()
    if shown == "pass" or done:
        return None
    return Placement(before, p, shown, before.round)


def _undo(s: Session, last: Placement | None, who_text: str) -> Placement | None:
    """Take back `who`'s latest placement (and the computer players' replies to it), or say exactly why not."""
    state = s.state
    who = unicodedata.normalize("NFC", who_text)
    same = [n for n in state.names if n.lower() == who.lower()]
    if not same:
        click.echo(f"  undo NAME: {who_text!r} is not playing (players: {', '.join(state.names)})")
        return last
    who = same[0]
    if last is None:
        click.echo(f"  Nothing to undo for {who}: no placement since the round began can be taken back (a pass and an"
                   " evaluated round are final).")
        return last
    if last.player != who:
        click.echo(f"  Nothing to undo for {who}: the latest placement is {last.player}'s ({last.text}); only the "
                   f"latest placement can be taken back, by its player (undo {last.player}).")
        return last
    replies = [f"{pl}: {state.move_text(m)}" for pl, m in state.history[last.before.seq + 1:]]
    s.state = s.reports.state = last.before
    s.save()
    also = f", and the computer players' replies ({'; '.join(replies)})" if replies else ""
    click.echo(f"Took back {who}'s placement on {last.text}{also}; {who} to move again.")
    return None


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
