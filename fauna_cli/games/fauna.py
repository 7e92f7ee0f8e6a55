"""Fauna at the terminal: its card fronts, round reports, prompt and help, as the shared session shows them.

Fauna hides nothing but the card's answer, so the screen is never handed over; a round's evaluation is
shown as Fauna's four tables (fauna_cli/rounds.py), and a script's JSON keeps Fauna's own shape.
"""

from __future__ import annotations

import importlib
from typing import Any

import click

from fauna_cli.anygame import Screen as CommonScreen
from fauna_cli.render import style, table
from fauna_cli.rounds import (
    RoundReports,
    front_lines,
    front_short,
    move_line,
    round_summary_line,
    round_text,
    status_dict,
    status_text,
)
from fauna_cli.widths import fit_prose, term_list, terminal_width
from rules.core.errors import FaunaError, UnknownArea
from rules.core.names import normalize
from rules.core.protocol import Table
from rules.fauna.animals import MEASURE_TITLES
from rules.fauna.events import RoundStarted
from rules.fauna.learn import COMMANDS, areas_text

EXAMPLES = {  # scale spaces to show in `help`, in the game's own units (each is checked by a test)
    "metric": ("weight 200-500 kg", "weight 18 (18th space)", "weight 350 kg", "length 1-2 m", "height 3-5 m",
               "tail 10-20 cm"),
    "imperial": ("weight 200-500 lb", "weight 17 (17th space)", "weight 350 lb", "length 3-6 ft",
                 "height 10-15 ft", "tail 4-8 in"),
}


def help_text(units: str, log_path: str | None) -> str:
    """What a player can type, with scale examples in the game's units and what `quit` keeps."""
    w, n, v, length, height, tail = EXAMPLES[units]
    saved = (f"the game so far is saved in {log_path}; resume with fauna play --continue {log_path}"
             if log_path else "nothing is saved; start with --log FILE to be able to resume")
    return term_list([
        ("an area name or alias", "e.g. Tasmania, japan, Red Sea (areas [CONTINENT] lists them)"),
        ("a scale space", f"e.g. {w}, {n}, {v}, {length}, {height}, {tail}"),
        ("pass", "you are done for this round (not before your first piece)"),
        *((c.word, c.help) for c in COMMANDS if c.word in ("rules", "score")),
        ("areas [CONTINENT]", "the continents, or the areas of one (also: fauna map areas)"),
        ("neighbors AREA", "the areas next to AREA, and how they are linked (also: fauna map neighbors)"),
        ("board", "what is taken, and by whom"),
        ("scales", "the spaces of the scales open for this card"),
        ("moves", "list every legal placement now"),
        ("undo", "take back your own last decision (a placement or a pass, and the computer players' replies to "
                 "it) while nobody else has decided since and the round is not evaluated; undo NAME: NAME takes "
                 "back theirs"),
        ("help", "this text"),
        ("quit", f"leave the game ({saved})"),
    ], heading="Type one of:")


def game_json(state: Any, reports: list[Any]) -> dict[str, Any]:
    """The whole game as JSON: every game's keys (fauna_cli/jsonshape.py), then Fauna's own, as replay has them."""
    from fauna_cli.jsonshape import standing
    from fauna_cli.rounds import final_json, tables_json
    from rules.fauna.replay import FORMAT, VERSION, fingerprint_for

    return {**standing("fauna", None, state), "format": f"{FORMAT} {VERSION}", "seed": state.seed,
            "config": state.config.to_dict(), "tables": tables_json(reports), "final": final_json(state),
            "summary": status_dict(state),
            "data": {"recorded": fingerprint_for(state.config, VERSION)}, "rounds": [r.to_dict() for r in reports],
            "front": None if state.is_over else state.front.to_dict(), "status": status_dict(state)}


def state_svg(state: Any) -> str:
    """The board with everyone's pieces (`--svg`): Fauna hides nothing that a picture of the board would show."""
    from fauna_cli.svg import board_svg

    return str(board_svg(state))


def card_and_taken(state: Any) -> str:
    """What the prompt shows above itself: the card on one line (unless its full front opened the round just now)
    and what is taken, wrapped at spaces to the terminal."""
    lines = []
    if any(state.placed) or any(state.passed):  # the full card front opened the round
        lines.append(front_short(state.front))
    taken = state.taken()
    if taken:
        lines.append("Taken: " + "; ".join(f"{spot} ({who})" for spot, who in taken))
    return fit_prose("\n".join(lines), terminal_width())


def page_steps(rules: Any, state: Any) -> tuple[list[Any], list[Table]]:
    """Every position of a Fauna game (no hidden information: every viewer sees the same), with its round tables."""
    from fauna_cli.html_replay import Step
    from fauna_cli.svg import board_svg

    game = rules.restart(state)
    reports = RoundReports(game)
    steps = [Step(0, None, "", board_svg(game))]
    for player, move in state.history:
        text = game.move_text(move)
        done = reports.feed(game.apply(move, player))
        steps.append(Step(game.seq, player, text, board_svg(game), [t for r in done for t in page_tables(r)]))
    final: list[Table] = []
    if game.is_over and reports.reports:
        last = reports.reports[-1]
        final = [Table("Final standings", ("rank", "player", "score"),
                       tuple((rank, p, score) for rank, p, score in last.standings))]
    return steps, final


def page_tables(report: Any) -> list[Table]:
    """A Fauna round's evaluation as tables (the ones `fauna replay` prints)."""
    from fauna_cli.rounds import PIECE_HEADERS, PLAYER_HEADERS

    e = report.evaluated
    title = f"Round {e.round} evaluation: {e.animal} ({e.scientific}), {report.animal_class}"
    answer = [("areas", f"{e.n_areas}: " + ", ".join(e.answer.areas), "")]
    answer += [(MEASURE_TITLES[m], value, space) for m, _, value, space in e.answer.measures]
    out = [Table(title, ("answer", "value", "correct space"), tuple(answer))]
    if e.pieces:
        out.append(Table(f"Round {e.round}: pieces", tuple(PIECE_HEADERS),
                         tuple((p.player, p.move, p.verdict, p.points, p.reason) for p in e.pieces)))
    out.append(Table(f"Round {e.round}: players", tuple(PLAYER_HEADERS),
                     tuple((r.player, r.points, r.total, r.returned, r.lost, took, refilled, hand)
                           for r, (took, refilled, hand, _) in zip(e.players, report.after, strict=True))))
    out.append(Table(f"Round {e.round}: standings", ("rank", "player", "score"), tuple(report.standings)))
    return out


def _files(name: str) -> Any:
    """A Screen hook answered by Fauna's game-file reports (fauna_cli/games/fauna_files.py), loaded when first used."""

    def hook(cls: Any, *args: Any) -> Any:
        return getattr(importlib.import_module("fauna_cli.games.fauna_files"), name)(*args)

    return classmethod(hook)


class Screen(CommonScreen):
    """Fauna's screen: the card's front as a round opens, Fauna's round tables, a prompt with hand and score."""

    numbered = False  # a placement is typed (an area, a scale space): the choices are too many to number

    def __init__(self, s: Any) -> None:
        super().__init__(s)
        self.reports = RoundReports(s.state)
        self.shown: tuple[int, int] | None = None  # the position whose taken spots were last listed
        self.interactive = False  # at the prompt, a round's result is repeated under the next card

    @classmethod
    def intro(cls, rules: Any, state: Any, seed: int, drawn: bool, log_path: str | None
              ) -> tuple[str, str | None]:
        cfg = state.config
        again = f" (drawn; replay with --seed {seed})" if drawn else ""
        return (f"Seed {seed}{again}; players: {', '.join(state.names)}; goal {state.goal} points; {cfg.table.name} "
                f"scoring, {cfg.units}, {cfg.cards} cards."), None

    @classmethod
    def continuing(cls, rules: Any, state: Any, game: str) -> str:
        return (f"Continuing {game}: seed {state.seed}; players: {', '.join(state.names)}; goal {state.goal} "
                f"points; move {state.seq + 1} next.")

    @classmethod
    def replay(cls, loaded: Any, file: str, fmt: str, round_no: int | None, against_installed: bool) -> None:
        """Fauna's round tables, its log's format and data, and its cards' facts against the installed deck."""
        if not hasattr(loaded, "version"):  # a refereed game, read by the shared log: every game's report
            super().replay(loaded, file, fmt, round_no, against_installed)
            return
        from fauna_cli.games.fauna_files import replay

        replay(loaded, file, fmt, round_no, against_installed)

    @classmethod
    def page_steps(cls, rules: Any, state: Any, viewer: str | None) -> tuple[list[Any], list[Table]]:
        return page_steps(rules, state)

    # e-mail play: a Fauna game file read by Fauna's own reader (RULES.read_log) is shown Fauna's way
    pbem_new = _files("pbem_new")
    pbem_status = _files("pbem_status")
    pbem_move_change = _files("pbem_move_change")
    pbem_move_report = _files("pbem_move_report")
    pbem_show = _files("pbem_show")
    write_picture = _files("write_picture")

    def show_front(self) -> None:
        st = self.s.state
        self.s.out("\n".join(front_lines(st.front, st.round, st.names[st.start])))

    def opening(self, interactive: bool, resumed: bool) -> None:
        self.interactive = interactive
        if interactive:
            click.echo()  # (a continued game: the command said which, and at which move)
        if interactive or not resumed:
            self.show_front()

    def told(self, player: str, public: str, events: list[Any]) -> list[str]:
        return [line for line in map(move_line, events) if line]

    def after(self, events: list[Any], tables: list[Any]) -> None:
        self.reports.state = self.s.state
        done = self.reports.feed(events)
        for report in done:
            self.s.out(round_text(report, self.s.fmt))
        if any(isinstance(e, RoundStarted) for e in events):
            self.show_front()
            if self.interactive and done:  # the round's tables have just scrolled up: its result stays in sight
                self.s.out("\n".join(round_summary_line(r) for r in done))

    def rewound(self) -> None:
        self.reports.state = self.s.state
        self.shown = None

    def finish(self) -> None:
        """Nothing more: the last round's tables end with the winners."""

    def game_over(self) -> None:
        """Nothing more: Fauna hides nothing but the answers, which the rounds' tables have shown."""

    def ended_early(self) -> None:
        self.s.out(f"The script ended before the game did. {status_text(self.s.state)}")

    def document(self) -> dict[str, Any]:
        return game_json(self.s.state, self.reports.reports)

    def board(self, player: str) -> str:
        taken = self.s.state.taken()
        return table(taken, ["taken", "by"], "plain") if taken else "Nothing is taken yet this round."

    def turn(self, player: str) -> None:
        """Nothing: the prompt itself shows the card and what is taken whenever they changed."""

    def before_prompt(self, player: str) -> None:
        state = self.s.state
        if self.shown != (state.seq, state.round):
            text = card_and_taken(state)
            if text:
                click.echo(text)
            self.shown = (state.seq, state.round)

    def prompt(self, player: str) -> str:
        state = self.s.state
        i = state.names.index(player)
        return f"{style(player, bold=True)} (hand {state.hand[i]}, score {state.score[i]})> "

    def help(self, log_path: str | None) -> str:
        return help_text(self.s.state.units, log_path)

    def refused(self, text: str, exc: FaunaError) -> str:
        if isinstance(exc, UnknownArea):
            listed = areas_text(self.s.state.board, text.strip())
            if listed:
                return fit_prose(f"  {text.strip()} is a continent, not an area: {listed}", terminal_width())
        return f"  {exc}"

    def played(self, text: str, move_text: str) -> str | None:
        if self.s.state.board.find(move_text) is not None and normalize(move_text) != normalize(text):
            return f"  {text.strip()} is part of {move_text}."  # an alias: say where the piece really went
        return None

    def standing(self) -> str:
        return status_text(self.s.state)
