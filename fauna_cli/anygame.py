"""Play for every game (the one session: terminal, scripts, undo, continue, hot-seat), and replay and e-mail play
for every game that comes through the protocol (Arctic, ExoFauna, Evo).

Each game is played here from its RULES alone: its tables, its log writer, its prompt words, its picture
of a player's view and, where it has one, its own `Screen` (fauna_cli/games/GAME.py: Fauna's card fronts
and round reports, which also show its game files in replay and e-mail play).
Hidden information stays hidden: at the terminal a player sees only `state.view(player)`, and the screen
is cleared and handed over before each human's decision when the game hides something and several humans
share it.
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any

import click

from fauna_cli import exitcodes
from fauna_cli.files import FileProblem
from fauna_cli.jsonshape import head_of, last_move_of, legal_of, standing
from fauna_cli.prompting import ask, confirm_leave, saved_line
from fauna_cli.render import dump_json, shown, style, table, use_color
from fauna_cli.widths import fit_prose, term_list, terminal_width
from rules.core.bots import seat_bots
from rules.core.errors import FaunaError, MoveSyntaxError
from rules.core.protocol import GameRules, Table

if TYPE_CHECKING:  # the log engine and the script reader are imported where used: plain `play` needs neither
    from rules.core.log import GameLog, LoadedGame


def render_tables(tables: list[Table], fmt: str) -> str:
    """Tables as text in the chosen format, each under its title."""
    out = []
    for t in tables:
        rows = [[str(c) for c in r] for r in t.rows]
        out.append(f"{t.title}\n{table(rows, list(t.headers), fmt)}")
    return "\n\n".join(out)


def picture(rules: GameRules, view: dict[str, Any]) -> str:
    """The game's text picture of a view (fauna_cli/games/GAME.py), in colour on a terminal without NO_COLOR."""
    try:
        draw = importlib.import_module(f"fauna_cli.games.{rules.name}").picture
    except (ModuleNotFoundError, AttributeError):
        return dump_json(view).rstrip("\n")
    return fit_prose(str(draw(view, use_color())), terminal_width())


def help_for(rules: GameRules, state: Any) -> str:
    """The game's help for the decision now, its prose wrapped to the terminal."""
    return fit_prose(rules.help_text(state), terminal_width())


def choices_text(state: Any, cut: bool = True) -> str:
    """The legal decisions now, numbered (grouped when many: fauna_cli/choices.py), so a player can type a
    number or the text; wrapped to the terminal. Not `cut`: every one (no prompt follows to list the rest)."""
    from fauna_cli.choices import choice_lines

    lines = choice_lines([state.move_text(m) for m in state.legal_moves()], cut)
    return fit_prose("\n".join(lines), terminal_width())


def numbered_choice(state: Any, player: str, text: str, where: str) -> str:
    """A move given as the number of a choice (as `pbem status --as NAME` lists them) written out; else `text`.

    Only the first decision of a turn ('2; pass') can be a number: the list shows only what may be decided now.
    """
    from rules.core.choices import pick_choice

    first, sep, rest = text.partition(";")
    said = " ".join(first.split())
    if not said.isdigit() or state.is_over or _player_named(state, player) != state.to_move:
        return text
    return pick_choice(said, [state.move_text(m) for m in state.legal_moves()], where) + sep + rest


class Screen:
    """How a game's session shows itself: the tables after a move, the end, the prompt, the JSON of a script.

    Every game gets this one from its RULES alone; a game's picture module (fauna_cli/games/GAME.py) may give a
    `Screen` of its own that refines some of it (Fauna's round reports and card fronts).
    """

    numbered = True  # the prompt lists the choices, and a number typed picks one

    def __init__(self, s: Session) -> None:
        self.s = s

    @classmethod
    def intro(cls, rules: GameRules, state: Any, seed: int, drawn: bool, log_path: str | None
              ) -> tuple[str, str | None]:
        """What a new game says as it starts, and what it says of its seed when it ends (hidden information)."""
        if rules.hidden_information:  # the seed fixes every hand: said when the game is over
            return (f"{rules.title}: players: {', '.join(state.names)}; the seed is shown when the game ends.",
                    seed_note(seed, drawn, log_path))
        again = f" (drawn; replay with --seed {seed})" if drawn else ""
        return f"{rules.title}: seed {seed}{again}; players: {', '.join(state.names)}.", None

    @classmethod
    def continuing(cls, rules: GameRules, state: Any, game: str) -> str:
        """What `play --continue GAME` says first: which game goes on, at which move."""
        return f"{rules.title}: continuing {game} at move {state.seq + 1}."

    # -- the game's files (fauna replay, fauna pbem): every game's report, which a game's own Screen may refine --

    @classmethod
    def replay(cls, loaded: Any, file: str, fmt: str, round_no: int | None, against_installed: bool) -> None:
        """`fauna replay FILE`: every table the game showed, what was verified, and what the installed data changes."""
        from fauna_cli.replay_cmd import protocol_replay

        protocol_replay(loaded, file, fmt, round_no, against_installed)

    @classmethod
    def pbem_new(cls, rules: GameRules, config: Any, seed: int, drawn: bool, game: str, force: bool, fmt: str) -> None:
        """`pbem new`: write the new game file and say where the game starts and who decides first."""
        pbem_new(rules, config, seed, drawn, game, force, fmt)

    @classmethod
    def pbem_status(cls, loaded: Any, game: str, player: str | None, fmt: str) -> None:
        """`pbem status [--as NAME]`: where the game stands, as everyone (or NAME) sees it."""
        pbem_status(loaded, game, player, fmt)

    @classmethod
    def pbem_move_change(cls, loaded: Any, player: str, text: str, seq: int | None) -> tuple[str, Any]:
        """`pbem move`, under the file's lock: the new file text and what the report below needs."""
        return pbem_move_change(loaded, player, text, seq)

    @classmethod
    def pbem_move_report(cls, result: Any, game: str, fmt: str, move_file: str | None, printed: bool,
                         move_file_json: dict[str, Any], first: int) -> None:
        """What `pbem move` says once the move (`result` of pbem_move_change) is saved."""
        from fauna_cli.guidance import humans, owner_of

        loaded, name, events = result
        sender = owner_of(game, humans(loaded.state)) or name  # who holds this copy and sends the file
        pbem_move_report(loaded, name, events, game, fmt, move_file, printed, sender, move_file_json, first)

    @classmethod
    def pbem_show(cls, loaded: Any, game: str, round_no: int | None, fmt: str) -> None:
        """`pbem show [--round R]`: the finished rounds' moves and tables."""
        pbem_show(loaded, game, round_no, fmt)

    @classmethod
    def write_picture(cls, loaded: Any, path: str, player: str | None) -> None:
        """`--svg FILE`: the game as a picture, as everyone (or `player`) sees it."""
        state = loaded.state
        write_svg(loaded.rules, state, path, resolve(state, player) if player else None)

    @classmethod
    def page_steps(cls, rules: GameRules, state: Any, viewer: str | None) -> tuple[list[Any], list[Table]]:
        """`replay --html`: every position of the game as `viewer` sees it, and the tables at its end."""
        from fauna_cli.html_replay import protocol_steps

        return protocol_steps(rules, state, viewer)

    def opening(self, interactive: bool, resumed: bool) -> None:
        """What a session shows before its first decision (nothing: the prompt shows the picture)."""

    def told(self, player: str, public: str, events: list[Any]) -> list[str]:
        """A decision as everyone at the terminal may read it: its events, or the decision's public text."""
        return [line for line in map(self.s.rules.event_text, events) if line] or [f"{player}: {public}"]

    def after(self, events: list[Any], tables: list[Table]) -> None:
        """Show what a decision completed: the tables of a round or turn."""
        if tables:
            self.s.out(render_tables(tables, self.s.fmt) + "\n")

    def rewound(self) -> None:
        """The session went back (undo): forget what came after."""

    def finish(self) -> None:
        """The end of a finished game: final tables and the winners."""
        s = self.s
        s.out(render_tables(s.rules.final_tables(s.state), s.fmt))
        winners = list(s.state.winners)
        s.out(style(("Winner: " if len(winners) == 1 else "Winners: ") + ", ".join(winners), bold=True))

    def ended_early(self) -> None:
        """A script that ended before the game: whose decision is next and what they would see."""
        rules, state = self.s.rules, self.s.state
        self.s.out(f"The script ended before the game did: {whose_step(rules, state)}. The next line of the script "
                   f"is {state.to_move}'s; at the prompt {state.to_move} would see:")
        self.s.out(next_screen(rules, state))

    def document(self) -> dict[str, Any]:
        """The game as JSON: game, seed, config, every table shown, and the account of where it stands."""
        s, st = self.s, self.s.state
        return {"version": 1, "game": s.rules.name, "seed": st.seed,
                "config": s.rules.config_to_dict(st.config), "moves": st.seq, "over": st.is_over,
                "to_move": st.to_move, "winners": list(st.winners), "tables": [t.to_dict() for t in s.tables],
                "final": [t.to_dict() for t in s.rules.final_tables(st)] if st.is_over else [],
                "summary": s.rules.summary(st)}

    def board(self, player: str) -> str:
        """What `board` shows: the picture of the player's view."""
        return picture(self.s.rules, self.s.state.view(player))

    def turn(self, player: str) -> None:
        """What the screen shows when it comes to `player` (or the same player decides again): their view."""
        click.echo(self.board(player))

    def before_prompt(self, player: str) -> None:
        """What the prompt shows before each decision: the help for it and the choices."""
        click.echo(help_for(self.s.rules, self.s.state))
        click.echo(choices_text(self.s.state))

    def game_over(self) -> None:
        """The screen when the game ends at the terminal, before `finish`: everything, revealed."""
        click.echo("\nThe game is over; everything is revealed.")
        click.echo(picture(self.s.rules, self.s.state.view(None)))

    def prompt(self, player: str) -> str:
        return f"{style(player, bold=True)}> "

    def help(self, log_path: str | None) -> str:
        return hotseat_help(self.s.rules)

    def refused(self, text: str, exc: FaunaError) -> str:
        """Why what a player typed was not played (one indented line)."""
        return f"  {exc}"

    def played(self, text: str, move_text: str) -> str | None:
        """A note after a decision typed as `text` was played as `move_text` (None: nothing to add)."""
        return None

    def standing(self) -> str:
        """Where the game stands, for the line that says it was left unfinished ("" when the picture says it)."""
        return ""


def seed_note(seed: int, drawn: bool, log_path: str | None) -> str:
    """What the end of a game with hidden information says of its seed: how to deal it again, how to replay it."""
    import shlex

    text = f"Seed {seed}{' (drawn)' if drawn else ''}: `--seed {seed}` deals the same game again"
    if log_path is not None:
        text += f"; `fauna replay {shlex.quote(log_path)}` replays this one"
    return text + "."


def screen_for(rules: GameRules) -> type[Screen]:
    """The game's own Screen (fauna_cli/games/GAME.py), or the one every game has."""
    try:
        module = importlib.import_module(f"fauna_cli.games.{rules.name}")
    except ModuleNotFoundError:
        return Screen
    own: type[Screen] = getattr(module, "Screen", Screen)
    return own


class Unlogged:
    """The log of a game that is not saved (no --log): its decisions are applied and no line is made."""

    lines: list[str] = []

    def __init__(self, state: Any) -> None:
        self.state = state

    def play(self, player: str, move: Any) -> list[Any]:
        events: list[Any] = self.state.apply(move, player)
        return events

    def closing_line(self) -> None:
        return None


class Session:
    """A game being played here: its state, its log, its computer players and how to show it."""

    def __init__(self, rules: GameRules, state: Any, fmt: str, log_path: str | None,
                 log: Any | None = None) -> None:
        self.rules, self.state, self.fmt, self.log_path = rules, state, fmt, log_path
        # the log: a loaded game's when resuming (`play --continue`); none kept when nothing is saved
        self.log = log or (rules.log_for(state) if log_path else Unlogged(state))
        self.bots = seat_bots(rules, state.config, state.seed)
        self.people_only = all(b is None for b in self.bots)  # no computer player ever moves
        self.tables: list[Table] = []
        self.tables_at: list[int] = []  # len(self.tables) before each decision of this session
        self.start = state.seq  # decisions before this session (a continued log) are final
        self.final: dict[int, str] = {}  # move number -> why it cannot be taken back (it revealed something)
        self.seed_note: str | None = None  # said at the end of a game whose seed stays untold until then
        self.said: list[tuple[int, str, str]] = []  # (move number, player, line): each decision as it was told
        self.screen = screen_for(rules)(self)
        self.save()

    def out(self, text: str = "") -> None:
        if self.fmt != "json":
            click.echo(fit_prose(text, terminal_width()))

    def save(self) -> None:
        """Bring the log up to date by appending what the decisions since the last save added (linear)."""
        if self.log_path:
            from fauna_cli.logfile import LogAppender

            appender = self.__dict__.setdefault("_appender", LogAppender(self.log_path))
            appender.sync(self.log.lines, self.log.closing_line())

    def play(self, player: str, move: Any, echo: bool) -> None:
        """Apply one decision through the log; show its events (or, when it has none to tell, the decision as
        the other players may read it) and any tables it completes."""
        before = len(self.tables)
        if isinstance(move, str):
            move = self.state.parse(move)
        public = self.rules.public_move_text(self.state, move) if echo else ""
        events = self.log.play(player, move)
        self.tables_at.append(before)
        reason = self.rules.final_reason(self.state, events)
        if reason:
            self.final[self.state.seq] = reason
        self.save()
        if echo:
            for line in self.screen.told(player, public, events):
                self.out(line)
                self.said.append((self.state.seq, player, line))
        tables = self.rules.tables_after(self.state, events)
        self.tables += tables
        self.screen.after(events, tables)

    def run_bots(self, echo: bool) -> bool:
        """Let computer players decide until a human is to decide or the game ends; True if any did."""
        if self.people_only:
            return False
        moved = False
        names = list(self.state.names)
        while not self.state.is_over and (bot := self.bots[names.index(self.state.to_move)]) is not None:
            self.play(self.state.to_move, bot.choose(self.state), echo)
            moved = True
        return moved

    def since_last_decision(self, player: str) -> list[str]:
        """What the others did since `player` last decided, as it was told (public text only)."""
        history = self.state.history
        last = next((k + 1 for k in range(len(history) - 1, -1, -1) if history[k][0] == player), 0)
        return [line for seq, who, line in self.said if last < seq <= self.state.seq and who != player]

    def is_bot(self, name: str) -> bool:
        return self.bots[list(self.state.names).index(name)] is not None

    def undo(self, who: str, viewer: str | None = None) -> str:
        """Take back `who`'s latest decision and the computer players' replies to it; what happened, or why not.

        Moves are told to `viewer` as the file tells them to other players (a card discarded face down stays
        hidden), except the viewer's own.
        """
        history = self.state.history
        if self.is_bot(who):
            return (f"Nothing to undo for {who}: {who} is a computer player; its replies are taken back with the "
                    "decision they answer (undo PLAYER).")
        latest = next((seq for seq in range(len(history), self.start, -1) if not self.is_bot(history[seq - 1][0])),
                      None)
        if latest is None:
            since = " since the game was continued (the decisions in the file are final)" if self.start else ""
            return f"Nothing to undo for {who}: nobody has decided at this terminal{since}."
        earlier, texts = self._replay(latest - 1, viewer)
        player, text = history[latest - 1][0], texts[0]
        if player != who:
            return (f"Nothing to undo for {who}: {player} decided since (move {latest}: {text}); only the latest "
                    "decision can be taken back, by its player.")
        for seq in range(latest, len(history) + 1):
            reason = self.final.get(seq)
            if reason:
                whose = "it" if seq == latest else f"{history[seq - 1][0]}'s reply (move {seq}: {texts[seq - latest]})"
                return (f"Cannot undo {who}'s move {latest} ({text}): {whose} {reason}, so it is final; "
                        "a decision that showed hidden information cannot be taken back.")
        replies = [f"{pl}: {t}" for (pl, _), t in zip(history[latest:], texts[1:], strict=True)]
        self._rewind(latest - 1, *earlier)
        also = f", and the computer players' replies ({'; '.join(replies)})" if replies else ""
        return f"Took back {who}'s move {latest} ({text}){also}; {self.state.to_move} to decide."

    def _replay(self, seq: int, viewer: str | None) -> tuple[tuple[Any, Any], list[str]]:
        """The game rebuilt as it was after move `seq` (state and log), and how each later move reads to `viewer`."""
        old = self.state
        state = self.rules.restart(old)
        log = self.rules.log_for(state) if self.log_path else Unlogged(state)
        for player, move in old.history[:seq]:
            log.play(player, move)
        ahead, texts = state.copy(), []
        for player, move in old.history[seq:]:
            texts.append(ahead.move_text(move) if player == viewer else self.rules.public_move_text(ahead, move))
            ahead.apply(move, player)
        return (state, log), texts

    def _rewind(self, seq: int, state: Any, log: Any) -> None:
        """Go back to the game after move `seq` (state and log rebuilt by _replay); the log file is rewritten."""
        keep = seq - self.start
        del self.tables[self.tables_at[keep]:]
        del self.tables_at[keep:]
        for n in [n for n in self.final if n > seq]:
            del self.final[n]
        self.said = [told for told in self.said if told[0] <= seq]
        self.state, self.log = state, log
        self.screen.rewound()
        self.save()

    def finish(self) -> None:
        if self.state.is_over:
            self.screen.finish()
            if self.seed_note:
                self.out(self.seed_note)

    def document(self) -> dict[str, Any]:
        """The game as JSON (the game's Screen says how)."""
        return self.screen.document()


def start(rules: GameRules, state: Any, fmt: str, log_path: str | None, log: Any | None = None, *,
          seed_note: str | None = None, interactive: bool, resumed: bool = False) -> Session:
    """A session for a game about to be played here, its opening shown."""
    s = Session(rules, state, fmt, log_path, log)
    s.seed_note = seed_note
    s.screen.opening(interactive, resumed)
    return s


PROMPT_WORDS = ("help", "?", "quit", "board", "moves", "undo")  # answered at the prompt of every game


def prompt_words(rules: GameRules) -> frozenset[str]:
    """Every word answered at the game's prompt: those of every game, the game's own and their aliases."""
    return frozenset(PROMPT_WORDS).union(w for c in rules.prompt_commands for w in (c.word, *c.aliases))


def prompt_word(words: frozenset[str], decision: str) -> str | None:
    """The prompt word a script's decision starts with (`help`, `undo`, a game's `scales`...), if it does."""
    word = decision.split(" ", 1)[0].lower()
    return word if word in words else None


def run_script(rules: GameRules, state: Any, text: str, source: str, fmt: str, log_path: str | None,
               log: Any | None = None, seed_note: str | None = None, resumed: bool = False) -> int:
    """Play a move script; the first bad line stops with FILE:LINE and exit 3 (a line may hold 'a; b; c').

    `seed_note` (the seed of a game with hidden information) is said only if the game ends.
    """
    from rules.core.script import parse_script

    s = start(rules, state, fmt, log_path, log, seed_note=seed_note, interactive=False, resumed=resumed)
    try:
        lines = parse_script(text)
    except MoveSyntaxError as exc:
        return _fail(f"{source}:{exc.line}: {exc}", exitcodes.ILLEGAL_MOVE, fmt)
    s.run_bots(echo=False)
    words = prompt_words(rules)
    for line in lines:
        for decision in line.decisions():
            if state.is_over:
                return _fail(f"{source}:{line.line}: the game is already over; {decision!r} cannot be played",
                             exitcodes.ILLEGAL_MOVE, fmt)
            if line.player in state.names and s.is_bot(line.player):
                return _fail(f"{source}:{line.line}: {line.player} is a computer player and moves by itself",
                             exitcodes.ILLEGAL_MOVE, fmt)
            word = prompt_word(words, decision)
            if word is not None:
                return _fail(f"{source}:{line.line}: {line.player}: {word!r} is typed at the prompt of interactive "
                             "play; a script holds moves only", exitcodes.ILLEGAL_MOVE, fmt)
            try:
                s.play(line.player, decision, echo=False)
            except FileProblem:
                raise  # the game file could not be saved: not the script's fault (exit 2, the file kept)
            except FaunaError as exc:
                return _fail(f"{source}:{line.line}: {line.player}: {exc}", exitcodes.ILLEGAL_MOVE, fmt)
            s.run_bots(echo=False)
    if fmt == "json":
        click.echo(dump_json(s.document()), nl=False)
        return exitcodes.OK
    if state.is_over:
        s.finish()
    else:
        s.screen.ended_early()
    return exitcodes.OK


def _fail(message: str, code: int, fmt: str = "plain") -> int:
    from fauna_cli.render import report_error

    report_error(message, code, fmt == "json", "IllegalMove" if code == exitcodes.ILLEGAL_MOVE else "error")
    return code


HOTSEAT_WORDS = [
    ("a number", "the choice of that number in the list"),
    ("moves", "list every legal choice"),
    ("board", "show what you see again"),
    ("undo", "take back your own last decision (and the computer players' replies to it) while nobody else has "
             "decided since; a decision that showed hidden information is final, and undo says which and why. "
             "Each person takes back only their own decisions"),
    ("help", "this text"),
    ("quit", "leave the game (asks first; with --log, `fauna play --continue FILE` resumes it)"),
]  # answered at the prompt of every game, after the game's own words


def hotseat_words() -> str:
    """The prompt words of every game with their help (laid out when asked: the layout measures text widths)."""
    return term_list(HOTSEAT_WORDS, heading="Also:")


def __getattr__(name: str) -> Any:
    if name == "HOTSEAT_HELP":  # the laid-out help, made on first use
        return hotseat_words()
    raise AttributeError(name)


def hotseat_help(rules: GameRules) -> str:
    """The prompt's help: the game's own words (its rules, card texts, score), then the words of every game."""
    if not rules.prompt_commands:
        return hotseat_words()
    own = term_list([(f"{c.word} {c.argument}".rstrip(), c.help) for c in rules.prompt_commands],
                    heading=f"To learn {rules.title}:")
    return f"{own}\n{hotseat_words()}"


def prompt_answer(rules: GameRules, state: Any, viewer: str | None, word: str, rest: str = "") -> str | None:
    """The answer to one of the game's own prompt words (`rules`, `powers`, `areas CONTINENT`...), wrapped; None if
    not one (or if something follows a word that takes nothing)."""
    command = next((c for c in rules.prompt_commands if word in (c.word, *c.aliases)), None)
    if command is None or (rest.strip() and not command.argument):
        return None
    answer = command.answer(state, viewer, rest.strip()) if command.argument else command.answer(state, viewer)
    return fit_prose(answer, terminal_width())


def next_screen(rules: GameRules, state: Any) -> str:
    """What the prompt shows the player to decide now: the picture of their view, the help, the choices."""
    return "\n".join((picture(rules, state.view(state.to_move)), help_for(rules, state), choices_text(state)))


def whose_step(rules: GameRules, state: Any) -> str:
    """'move 2 is Ann's (placing cards)': the next decision, its player and what is asked of them."""
    step = rules.step_text(state)
    return f"move {state.seq + 1} is {state.to_move}'s" + (f" ({step})" if step else "")


def run_interactive(rules: GameRules, state: Any, fmt: str, log_path: str | None, log: Any | None = None,
                    svg_path: str | None = None, seed_note: str | None = None, resumed: bool = False) -> int:
    """Hot-seat play: each human sees only their own view, handed over with the screen cleared in between when
    the game hides something (hands, face-down cards) and several people share the screen.

    `seed_note` (the seed of a game with hidden information: it fixes every hand) is said only when the game ends.
    """
    s = start(rules, state, fmt, log_path, log, seed_note=seed_note, interactive=True, resumed=resumed)
    humans = [n for n in state.names if not s.is_bot(n)]
    private = rules.hidden_information and len(humans) > 1
    try:
        return _hotseat(s, rules, log_path, private)
    except KeyboardInterrupt:
        click.echo(f"\nInterrupted. {left_line(s, log_path)}")
        return exitcodes.INTERRUPTED
    finally:
        write_svg(rules, s.state, svg_path)


def left_line(s: Session, log_path: str | None) -> str:
    """What leaving an unfinished game says: where it stands, what is kept and how to come back to it."""
    standing = s.screen.standing()
    where = f" {standing.rstrip('.')}.\n" if standing else " "
    return f"Game left unfinished at move {s.state.seq + 1}.{where}{saved_line(log_path)}"


def write_svg(rules: GameRules, state: Any, path: str | None, player: str | None = None) -> None:
    """`--svg FILE`: the game's picture (svg(view) in fauna_cli/games/GAME.py) of what PLAYER (or anyone) sees."""
    if path is None:
        return
    from fauna_cli.files import atomic_write

    try:
        module: Any = importlib.import_module(f"fauna_cli.games.{rules.name}")
    except ModuleNotFoundError:
        module = None
    if hasattr(module, "state_svg"):  # a picture drawn from the whole game (Fauna's board: nothing is hidden)
        atomic_write(path, module.state_svg(state))
    elif hasattr(module, "svg"):
        atomic_write(path, module.svg(state.view(player)))
    else:
        raise click.UsageError(f"--svg: {rules.title} games have no picture yet")
    click.echo(f"Wrote the picture to {path}.", err=True)


def write_view_svg(view_file: str, path: str) -> None:
    """`pbem status VIEWFILE --svg FILE` in a refereed game: the picture of what the view file's player sees."""
    from fauna_cli.files import read_text
    from rules.core.limits import MAX_LOG_BYTES
    from rules.core.referee import read_view
    from rules.core.registry import load_rules

    v = read_view(read_text(view_file, "view file", MAX_LOG_BYTES), view_file)
    rules = load_rules(v.game)
    try:
        draw = importlib.import_module(f"fauna_cli.games.{rules.name}").svg
    except (ModuleNotFoundError, AttributeError):
        raise click.UsageError(f"--svg: {rules.title} games have no picture yet") from None
    from fauna_cli.files import atomic_write
    from fauna_cli.render import shown_value

    atomic_write(path, draw(shown_value(v.view)), secret=True)  # texts escaped; the player's hand: secret
    click.echo(f"Wrote the picture to {path}.", err=True)


def _hotseat(s: Session, rules: GameRules, log_path: str | None, private: bool) -> int:
    """The turns of hot-seat play (run_interactive handles Ctrl-C around it)."""
    last_human: str | None = None
    if rules.prompt_commands:
        words = ", ".join(f"'{c.word}'" for c in rules.prompt_commands)
        click.echo(fit_prose(f"To learn the game at the prompt: {words}; 'help' lists every word.",
                             terminal_width()))
    screen = s.screen
    while not s.state.is_over:
        s.run_bots(echo=True)
        state = s.state
        if state.is_over:
            break
        p = state.to_move
        if p != last_human:
            if private:
                wipe_screen()  # first: nothing of the last player's hand stays above the hand-over, nor in scrollback
                click.echo(f"\n{style(p, bold=True)}'s turn: everyone else, please look away.")
                if ask(f"{p}, press Enter when only you can see the screen: ") is None:
                    click.echo(f"\nInput ended. {left_line(s, log_path)}")
                    return exitcodes.OK
                wipe_screen()
                told = s.since_last_decision(p)  # the wipe took the others' decisions off the screen: tell them again
                if told:
                    click.echo("Since your last decision:\n" + "\n".join(f"  {line}" for line in told))
            last_human = p
            screen.turn(p)
        if screen.numbered:
            legal = state.legal_moves()
            if len(legal) == 1:  # nothing to choose: taken, and said in one line
                s.play(p, legal[0], echo=True)
                click.echo(f"  (the only choice {p} had)")
                if state.to_move == p and not state.is_over:
                    screen.turn(p)
                continue
        screen.before_prompt(p)
        text = ask(screen.prompt(p))
        if text is None:
            click.echo(f"\nInput ended. {left_line(s, log_path)}")
            return exitcodes.OK
        word, _, rest = text.strip().partition(" ")
        word = word.lower()
        if not word:
            continue
        if word in ("help", "?"):
            click.echo(screen.help(log_path))
            continue
        answer = prompt_answer(rules, state, p, word, rest)
        if answer is not None:
            click.echo(answer)
            continue
        if word == "quit":
            if confirm_leave():
                click.echo(left_line(s, log_path))
                return exitcodes.OK
            continue
        if word == "moves":
            texts = [state.move_text(m) for m in state.legal_moves()]
            if screen.numbered:
                click.echo("\n".join(f"  {i}. {t}" for i, t in enumerate(texts, 1)))
            else:  # typed, not chosen by number: one list, wrapped
                click.echo(fit_prose(f"{len(texts)} legal now: " + ", ".join(texts), terminal_width()))
            continue
        if word == "board":
            click.echo(screen.board(p))
            continue
        if word == "undo":
            who = _player_named(state, rest.strip()) if rest.strip() else p
            if who is None:
                click.echo(f"  undo NAME: {rest.strip()!r} is not playing (players: {', '.join(state.names)})")
                continue
            if private and who != p and not s.is_bot(who):
                # taking back another person's decision would show their hand on the screen that follows
                click.echo(f"  Nothing to undo for {who}: at a shared screen each person takes back only their own "
                           f"decisions ({who} types 'undo' at their own prompt).")
                continue
            click.echo(f"  {s.undo(who, p)}")
            if s.state.to_move != p:
                last_human = None  # the screen goes to whoever decides now
            elif s.state is not state:
                screen.turn(p)
            continue
        if screen.numbered and word.isascii() and word.isdigit() and len(word) <= 9:  # ('²' is no number to int())
            legal = state.legal_moves()
            k = int(word)
            if not 1 <= k <= len(legal):
                click.echo(f"  there is no choice {k}: choose 1 to {len(legal)}")
                continue
            text = state.move_text(legal[k - 1])
        decision = text
        try:
            for decision in [d for d in (" ".join(x.split()) for x in text.split(";")) if d]:
                move = state.parse(decision)
                state.check(move, p)
                note = screen.played(decision, state.move_text(move))
                if note:  # said before the decision's own lines: where a piece typed by another name really went
                    click.echo(note)
                s.play(p, move, echo=True)
                if state.to_move != p:
                    break
        except FileProblem:
            raise  # the game file could not be saved: the game stops, the file is kept as it is
        except FaunaError as exc:
            click.echo(screen.refused(decision, exc))
            continue
        if state.to_move == p and not state.is_over:
            screen.turn(p)
    screen.game_over()
    s.finish()
    return exitcodes.OK


CLEAR_ALL = "\x1b[2J\x1b[3J\x1b[H"  # erase the screen, erase the scrollback, cursor home


def wipe_screen() -> None:
    """Clear a terminal's screen and its scrollback, so a hand shown before a hand-over cannot be scrolled back to."""
    if sys.stdout.isatty():
        click.echo(CLEAR_ALL, nl=False)
        sys.stdout.flush()


def _player_named(state: Any, name: str) -> str | None:
    """A player named case-insensitively (and after NFC normalisation), or None."""
    import unicodedata

    name = unicodedata.normalize("NFC", name)
    return next((n for n in state.names if n.lower() == name.lower()), None)


def replay_report(loaded: LoadedGame, fmt: str, file: str, against_installed: list[Any] | None = None) -> None:
    """What `fauna replay` prints for a protocol game: every table, the end, and the account (JSON); the JSON
    holds `against_installed` when asked (replay_cmd prints it in text)."""
    rules, state = loaded.rules, loaded.state
    if fmt == "json":
        done = periods(loaded)
        tables = [t for p in done for t in p.tables]
        final = rules.final_tables(state) if state.is_over else []
        lines = len(loaded.records)
        click.echo(dump_json({**standing(rules.name, file, state), "seed": state.seed,
                              "config": rules.config_to_dict(state.config), "lines": lines,
                              "verified": {"lines": lines, "moves": state.seq, "to_end": loaded.complete,
                                           "head": loaded.head},
                              "period": rules.period_name or None,
                              "rounds": [p.to_dict(rules.period_name) for p in done if p.tables]
                              if rules.period_name else [],
                              "tables": [t.to_dict() for t in tables], "final": [t.to_dict() for t in final],
                              "summary": rules.summary(state),
                              **({} if against_installed is None
                                 else {"against_installed": [c.to_dict() for c in against_installed]})}), nl=False)
        return
    tables = _all_tables(loaded)
    final = rules.final_tables(state) if state.is_over else []
    click.echo(f"{rules.title} game, seed {state.seed}, players: {', '.join(state.names)}.")
    click.echo()
    if tables:
        click.echo(render_tables(tables, fmt))
        click.echo()
    if final:
        click.echo(render_tables(final, fmt))
        click.echo()
    if loaded.complete:
        end = "finished" if state.is_over else f"unfinished; next is move {state.seq + 1}, {state.to_move}'s"
        click.echo(fit_prose(f"Verified {file}: {len(loaded.records)} lines, {state.seq} moves, every line and hash "
                             f"matches; the game is {end}.", terminal_width()))
    else:
        click.echo(f"Stopped after move {state.seq}; the lines after it were not checked.")


class Period:
    """One round (or turn) of a game: its number, the moves made in it as the file has them, the tables closing it."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.moves: list[dict[str, Any]] = []
        self.tables: list[Table] = []

    def to_dict(self, word: str) -> dict[str, Any]:
        return {word: self.number, "moves": self.moves, "tables": [t.to_dict() for t in self.tables]}


def periods(loaded: LoadedGame) -> list[Period]:
    """The game's rounds (or turns) so far, re-derived from its moves; the tables of a decision belong to the
    round the game was in before it."""
    rules = loaded.rules
    state = rules.restart(loaded.state)
    texts = {r.seq: r.text.split(": ", 1)[1] for r in loaded.records if r.kind == "move"}
    out: dict[int, Period] = {}
    for player, move in loaded.state.history:
        n = rules.period_of(state)
        period = out.setdefault(n, Period(n))
        seq = state.seq + 1
        period.moves.append({"seq": seq, "player": player, "move": texts.get(seq, state.move_text(move))})
        period.tables += rules.tables_after(state, state.apply(move, player))
    return list(out.values())


def finished_periods(loaded: LoadedGame) -> list[Period]:
    """The rounds whose results are out (they closed with tables)."""
    return [p for p in periods(loaded) if p.tables] if loaded.rules.period_name else []


def pbem_show(loaded: LoadedGame, game: str, round_no: int | None, fmt: str) -> None:
    """`pbem show GAME [--round R]`: the whole replay report, or round R's moves and results."""
    import shlex

    from fauna_cli.replay_cmd import RequestError

    rules, state = loaded.rules, loaded.state
    word = rules.period_name
    if round_no is None and fmt == "json":  # every finished round, as --round R gives one
        click.echo(dump_json({"version": 1, "game": rules.name, "file": game, "period": word or None,
                              "rounds": [p.to_dict(word) for p in finished_periods(loaded)]}), nl=False)
        return
    if round_no is None:
        replay_report(loaded, fmt, game)
        return
    if not word:
        raise RequestError(f"{shown(game)}: --round does not apply to {rules.title} games: their results come in no "
                           f"rounds; `fauna pbem show {shlex.quote(game)}` shows every table")
    done = finished_periods(loaded)
    chosen = [p for p in done if p.number == round_no]
    if not chosen:
        now = rules.period_of(state)
        if not state.is_over and round_no == now:
            raise RequestError(f"{shown(game)}: {word} {round_no} is still being played; its results come when it ends")
        have = (f"{word}s {done[0].number}-{done[-1].number}" if len(done) > 1 else f"{word} {done[0].number}"
                ) if done else f"no {word} yet"
        raise RequestError(f"{shown(game)}: there is no finished {word} {round_no} ({have} finished)")
    period = chosen[0]
    if fmt == "json":
        click.echo(dump_json({"version": 1, "game": rules.name, "file": game, "period": word,
                              "rounds": [period.to_dict(word)]}), nl=False)
        return
    import textwrap

    nb = "\u00a0"  # within one move the words stay together: "4 alice: place fox" is never split
    listed = ", ".join(f"{m['seq']} {m['player']}: {m['move']}".replace(" ", nb) for m in period.moves)
    text = textwrap.fill(f"Moves of {word} {period.number}: {listed}", width=100, break_long_words=False,
                         break_on_hyphens=False)
    click.echo(text.replace(nb, " "))
    click.echo()
    click.echo(render_tables(period.tables, fmt))


def _all_tables(loaded: LoadedGame) -> list[Table]:
    """Every table the game showed, re-derived by replaying its moves (the rules are pure)."""
    rules = loaded.rules
    state = rules.restart(loaded.state)
    out: list[Table] = []
    for player, move in loaded.state.history:
        out += rules.tables_after(state, state.apply(move, player))
    return out


# -- play by e-mail ---------------------------------------------------------------------------------

def _next_hint(game: str, state: Any) -> str:
    from fauna_cli.guidance import next_hint

    return next_hint(game, state)


def _event_dict(rules: GameRules, event: Any) -> dict[str, Any]:
    """An event as JSON: its kind, its player and the line the players are told of it ('' when none)."""
    if hasattr(event, "to_dict"):
        return dict(event.to_dict())
    return {"event": str(getattr(event, "kind", type(event).__name__)), "player": getattr(event, "player", None),
            "text": rules.event_text(event) or ""}


def _bots_reply(rules: GameRules, log: GameLog) -> list[Any]:
    """Computer players decide until a person is to decide (each decision depends on the position only)."""
    state = log.state
    events: list[Any] = []
    bots = seat_bots(rules, state.config, state.seed)
    names = list(state.names)
    while not state.is_over and (bot := bots[names.index(state.to_move)]) is not None:
        events += log.play(state.to_move, bot.choose(state))
    return events


def pbem_new(rules: GameRules, config: Any, seed: int, drawn: bool, game: str, force: bool, fmt: str) -> None:
    """Write a new game file for any game and say who decides first."""
    from fauna_cli.gamefile import create_game
    from rules.core.log import GameLog

    state = rules.new_state(config, seed)
    log = GameLog(rules, state)
    opening = _bots_reply(rules, log)
    create_game(game, log.text(), force)
    if fmt == "json":
        click.echo(dump_json({**standing(rules.name, game, state), "seed": seed, "seed_drawn": drawn,
                              "config": rules.config_to_dict(config),
                              "events": [_event_dict(rules, e) for e in opening], "view": state.view(None),
                              "head": head_of(len(log.lines), log.head)}), nl=False)
        return
    if rules.hidden_information:
        click.echo(f"fauna: warning: {rules.title} has secret hands, and {shown(game)} holds the seed that deals "
                   "them: anyone who has the file can compute every hand. Use --referee KEY to keep them secret.",
                   err=True)
    click.echo(f"Started {shown(game)}: {rules.title}, seed {seed}{' (drawn)' if drawn else ''}; players: "
               f"{', '.join(state.names)}.")
    moved = [line for line in (rules.event_text(e) for e in opening) if line]
    if moved:
        click.echo("The computer players moved first: " + "; ".join(moved))
    click.echo(picture(rules, state.view(None)))
    click.echo(_next_hint(game, state))
    from fauna_cli.guidance import new_hint

    click.echo(new_hint(game, state))


def pbem_status(loaded: LoadedGame, game: str, player: str | None, fmt: str) -> None:
    """Where a game stands, as everyone sees it, or as PLAYER sees it with --as."""
    rules, state = loaded.rules, loaded.state
    name = resolve(state, player) if player else None
    view = state.view(name)
    last = loaded.last_move()
    if fmt == "json":
        done = finished_periods(loaded)
        click.echo(dump_json({"version": 1, **standing(rules.name, game, state), "view_of": name, "view": view,
                              "legal": legal_of(state, name), "period": rules.period_name or None,
                              "last_round": done[-1].to_dict(rules.period_name) if done else None,
                              "last_move": last_move_of(last),
                              "head": head_of(len(loaded.writer.lines), loaded.head)}), nl=False)
        return
    if state.is_over:
        click.echo(f"{shown(game)}: {rules.title}, finished after {state.seq} moves; "
                   f"winner(s): {', '.join(state.winners)}.")
    else:
        click.echo(f"{shown(game)}: {rules.title}, {whose_step(rules, state)}.")
    click.echo(picture(rules, view))
    if name is not None and name == state.to_move:  # the prompt's screen: what the next move may be
        click.echo(help_for(rules, state))
        click.echo(choices_text(state, cut=False))
    bots = [f"{p.name} ({p.bot})" for p in state.config.players if p.bot]
    if bots:
        click.echo("Computer players (they move by themselves): " + ", ".join(bots) + ".")
    if state.is_over:
        click.echo(render_tables(rules.final_tables(state), fmt))
    done = finished_periods(loaded)
    if done and not state.is_over:
        import shlex

        p = done[-1]
        word = rules.period_name
        click.echo(f"Results of {word} {p.number} ({'; '.join(t.title for t in p.tables)}): "
                   f"fauna pbem show {shlex.quote(game)} --round {p.number}")
    if last is not None:
        click.echo(f"Last move: {last.text} (line {last.line}).")
    click.echo(f"History head: line {len(loaded.writer.lines)}, hash {loaded.head}.")
    click.echo(_next_hint(game, state))


def resolve(state: Any, name: str) -> str:
    """A player named case-insensitively, or UnknownName with a suggestion."""
    import unicodedata

    from rules.core.errors import UnknownPlayer
    from rules.core.names import normalize, suggest

    name = unicodedata.normalize("NFC", name)  # a decomposed 'Zoë' is the same player
    if name in state.names:
        return name
    same = [n for n in state.names if n.lower() == name.lower()]
    if same:
        return same[0]
    err = UnknownPlayer(name, suggest(name, {normalize(n): n for n in state.names}))
    err.args = (f"{err} (players: {', '.join(state.names)})",)
    raise err


def pbem_move_change(loaded: LoadedGame, player: str, text: str, seq: int | None) -> tuple[str, Any]:
    """The new file text after PLAYER's decision(s) and the computer players' replies (under the file's lock)."""
    from rules.core.errors import IllegalMove

    rules, state = loaded.rules, loaded.state
    name = resolve(state, player)
    if state.is_over:
        raise IllegalMove("the game is over")
    if state.config.players[list(state.names).index(name)].bot:
        raise IllegalMove(f"{name} is a computer player and moves by itself")
    nxt = state.seq + 1
    if seq is not None and seq != nxt:
        raise IllegalMove(f"your copy is stale: the next move is {nxt} ({state.to_move}'s), not {seq}"
                          if seq < nxt else f"there is no move {seq - 1} yet; the next is move {nxt}, "
                          f"{state.to_move}'s")
    if name != state.to_move:
        raise IllegalMove(f"it is {state.to_move}'s decision (move {nxt}), not {name}'s")
    events: list[Any] = []
    decisions = [d for d in (" ".join(x.split()) for x in text.split(";")) if d]
    if not decisions:
        raise MoveSyntaxError("no move given")
    for d in decisions:
        if state.to_move != name:
            raise IllegalMove(f"after {state.seq - nxt + 1} of your decisions it is {state.to_move}'s turn; "
                              f"{d!r} was not played")
        try:
            events += loaded.writer.play(name, d)
        except IllegalMove:
            raise
        except FaunaError as exc:
            raise IllegalMove(str(exc)) from None
    events += _bots_reply(rules, loaded.writer)
    return loaded.writer.text(), (loaded, name, events)


def pbem_move_report(loaded: LoadedGame, name: str, events: list[Any], game: str, fmt: str,
                     move_file: str | None = None, printed: bool = False, sender: str | None = None,
                     move_file_json: dict[str, Any] | None = None, first: int | None = None) -> None:
    """What `pbem move` says after saving: the events, the tables they completed, and who is next.

    `first` is the number of the command's first decision: the rounds it and the replies after it finished are given.
    """
    rules, state = loaded.rules, loaded.state
    if fmt == "json":
        since = state.seq if first is None else first
        done = [p for p in finished_periods(loaded) if p.moves and p.moves[-1]["seq"] >= since]
        click.echo(dump_json({"version": 1, **standing(rules.name, game, state), "player": name,
                              "events": [_event_dict(rules, e) for e in events], "period": rules.period_name or None,
                              "rounds": [p.to_dict(rules.period_name) for p in done],
                              "head": head_of(len(loaded.writer.lines), loaded.head), **(move_file_json or {})}),
                   nl=False)
        return
    for e in events:
        line = rules.event_text(e)
        if line:
            click.echo(line)
    if state.is_over:
        click.echo(render_tables(rules.final_tables(state), fmt))
    click.echo(f"Saved {shown(game)} after move {state.seq}; history head: line {len(loaded.writer.lines)}, "
               f"hash {loaded.head}.")
    from fauna_cli.guidance import move_hint, next_hint

    click.echo(next_hint(game, state, sender or name))
    click.echo(move_hint(state, sender or name, move_file, printed))
