"""The game protocol: what every game package gives the shared engine (log, cases, bots, simulate, CLI).

A game lives in `rules/<name>/` and exposes `RULES: GameRules` from its `__init__`. The engine finds it
by name through `rules.core.registry` and never imports a game module directly. Model: OpenSpiel's
Game/State split (a `Config` per setup starts states) and python-chess's moves that print to text and
parse back to themselves.

Contract of a state (duck-typed, see `GameState`):
- `names` (players in seat order), `seed`, `config`, `seq` (moves applied), `history` [(player, move)];
- `to_move` (whose decision it is; None when over), `is_over`, `winners`, `scores()`;
- `legal_moves()`, `parse(text)`, `move_text(move)` with `parse(move_text(m)) == m`;
- `check(move, player=None)` raising IllegalMove with a reason; `apply(move_or_text, player=None) -> events`;
- `view(player)`: a JSON-able dict of exactly what `player` may see (None: a spectator's view);
- `copy()`: an independent state for look-ahead and undo.
Each decision a player makes is one move; a script line may hold several, separated by ';'.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from rules.core.rng import GOLDEN, MASK, SplitMix64

# Every command of a game imports this module first thing, so its records cost little to make: the small ones are
# named tuples (a frozen dataclass compiles five or six methods when its module is imported, a named tuple one), and
# GameRules compares by identity (each game has one RULES; generated __eq__ and __hash__ over its fields would be
# compiled for nothing).

DECISION_STEP = 0xD1B54A32D192ED03  # odd; spaces the decision streams of successive moves


class GameState(Protocol):
    """What the shared engine asks of any game's state."""

    seed: int
    seq: int
    history: list[tuple[str, Any]]

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def to_move(self) -> str | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def winners(self) -> tuple[str, ...]: ...

    def scores(self) -> dict[str, int]: ...

    def legal_moves(self) -> list[Any]: ...

    def parse(self, text: str) -> Any: ...

    def move_text(self, move: Any) -> str: ...

    def check(self, move: Any, player: str | None = None) -> Any: ...

    def apply(self, move: Any, player: str | None = None) -> list[Any]: ...

    def view(self, player: str | None) -> dict[str, Any]: ...

    def copy(self) -> GameState: ...


class Bot(Protocol):
    """A computer player bound to a seat: given the state with it to move, a legal move."""

    kind: str

    def choose(self, state: Any) -> Any: ...


class Table(NamedTuple):
    """A table to show (after a round, at the end): pure data that the CLI renders in any format."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "headers": list(self.headers), "rows": [list(r) for r in self.rows]}


class PromptCommand(NamedTuple):
    """A word a player may type at the prompt to learn the game (its rules, its card texts, the score so far).

    `answer(state, viewer)` is pure and tells only what `viewer` may see (None: a spectator); the session at the
    terminal offers the word, lists it with `help` in its help and prints the answer, for every game alike.
    """

    word: str
    help: str  # one line, shown beside the word in the prompt's help
    answer: Callable[..., str]  # (state, viewer) -> text; with `argument`: (state, viewer, the rest of the line)
    argument: str = ""  # what follows the word, e.g. "AREA" ("[CONTINENT]" when optional); "" when nothing does
    aliases: tuple[str, ...] = ()  # other words answered alike ("neighbours" for "neighbors")


class FactChange(NamedTuple):
    """What the installed data says otherwise about one fact a game was played with, and what it would change.

    `replay --against-installed` lists them: the game itself always plays the facts its log recorded.
    """

    round: int  # the round (or turn) the fact came into play in; 0 when the game has no such periods
    subject: str  # what the fact is about, as the game names it (an animal, a card)
    facts: tuple[str, ...]  # "weight was 1.4 t in this game, is 1.2 t now"
    effects: tuple[str, ...] = ()  # "bob's piece on weight 1-2 t would score 3 instead of 7"

    def text(self) -> str:
        where = f"round {self.round}, " if self.round else ""
        return f"{where}{self.subject}: " + "; ".join(self.facts + self.effects)

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "subject": self.subject, "facts": list(self.facts),
                "effects": list(self.effects)}


class RecordedFacts(NamedTuple):
    """A game whose log records facts as its steps bring them into play (a card's text when it is drawn).

    The game writes those lines itself (`opening_lines`, `lines_after`); this says how to read them back, so a
    game read from its log plays the facts it was dealt whatever the installed data says now (a data update
    never breaks a game in progress), and how they compare with the installed data.
    """

    # (config, seed, the text of every line of the log, without hashes) -> the game at its start, playing the
    # facts those lines record (the installed data for whatever they do not record yet). A line that does not read
    # as a record of facts is left out here: verifying the log then stops at it, naming it.
    start: Callable[[Any, int, Sequence[str]], Any]
    # a state -> the same game at its start with the same recorded facts (to re-derive its lines, undo, go on)
    restart: Callable[[Any], Any]
    # a verified state -> per fact that came into play, what the installed data says otherwise (nothing: [])
    against_installed: Callable[[Any], list[FactChange]]


def decision_stream(seed: int, seat: int, seq: int, label: int = 0xB07) -> SplitMix64:
    """A bot's random stream for one decision: a function of the game seed, its seat and the move number.

    So a bot decides the same in a replay, after an undo and in an e-mail game continued elsewhere, and
    adding a bot never changes the game's own draws (those come from the state's generator).
    """
    base = SplitMix64(seed).fork(label + seat).state
    return SplitMix64((base + (seq + 1) * DECISION_STEP) & MASK ^ GOLDEN)


class SeatGroup(NamedTuple):
    """A way to split the seats of simulated games for balance figures (`simulate --by KEY`): a start, a hand.

    A seat may hold several labels (every Organism of an opening hand); labels are read before the first move.
    """

    key: str  # the word after `simulate --by`, e.g. "start"
    title: str  # the table's heading, e.g. "start pair"
    labels: Callable[[Any], list[tuple[str, ...]]]  # the state before the first move -> per seat, its labels


@dataclass(frozen=True, eq=False)  # eq=False: one RULES per game, the same game only when it is the same object
class GameRules:
    """Everything the engine needs of one game, given by `rules/<game>/__init__.py` as `RULES`.

    Log lines are text without the hash (the shared log adds ` @HASH`); they hold public facts only.
    """

    name: str  # registry key and `[game] rules = NAME`, e.g. "arctic"
    title: str  # shown to people, e.g. "Arctic"
    log_format: str  # first word of the log's first line, e.g. "arctic-log"
    log_version: int
    min_players: int
    max_players: int
    # config: a validated game config from a TOML document ([game] + [[players]]); errors name the key
    config_from_dict: Callable[[dict[str, Any], str, Path | None], Any]
    config_to_dict: Callable[[Any], dict[str, Any]]  # round-trips through config_from_dict
    default_config_text: Callable[[], str]  # a commented default config (TOML)
    new_state: Callable[[Any, int], Any]  # (config, seed) -> state
    # log: header lines (the first is f"{log_format} {log_version}"), and the lines each move adds
    header_lines: Callable[[Any], list[str]]
    parse_header: Callable[[list[str], str], tuple[Any, int, int]]  # (texts, file) -> (config, seed, lines used)
    opening_lines: Callable[[Any], list[str]]  # after the header, before the first move
    lines_after: Callable[[Any, list[Any]], list[str]]  # after a move's own line, from its events
    # computer players: make_bot(kind, options, seed, seat); options come from the player's config entry
    bot_kinds: tuple[str, ...]
    make_bot: Callable[[str, dict[str, Any], int, int], Bot]
    # rule cases (a case file says `game = NAME` at its top)
    parse_cases: Callable[[str, str, Path | None], list[Any]]
    run_case: Callable[[Any], Any]
    # what people see
    tables_after: Callable[[Any, list[Any]], list[Table]]  # after a move: the round's or turn's tables, or []
    final_tables: Callable[[Any], list[Table]]  # at the end: scoring with ranks
    summary: Callable[[Any], dict[str, Any]]  # JSON-able account of the game so far (enough to recompute scores)
    breakdown: Callable[[Any], dict[str, dict[str, int]]]  # per player, points by source (for simulate)
    help_text: Callable[[Any], str]  # what a player may type now, with examples
    event_text: Callable[[Any], str | None] = field(default=lambda e: None)  # one line per event, or None
    # referee games (rules/core/referee.py): how a decision reads in the public file, where other players may not
    # learn it (a card discarded face down); called with the state before the move. Default: the move as written.
    public_move_text: Callable[[Any, Any], str] = field(default=lambda state, move: state.move_text(move))
    hidden_information: bool = False  # True: hands or face-down cards exist, and e-mail play wants a referee
    # undo at the terminal: why a decision (called with the state after it and its events) cannot be taken back
    # because it showed someone what was hidden (a card drawn, a die rolled), in words that follow "it", or None
    final_reason: Callable[[Any, list[Any]], str | None] = field(default=lambda state, events: None)
    # results by round (or turn): the word, and the number of the round a state is in; the tables a decision
    # completes belong to the round of the state before it. "" when a game's tables come in no such periods.
    period_name: str = ""
    period_of: Callable[[Any], int] = field(default=lambda state: 0)
    # learning at the prompt: the game's own words (`rules`, its card texts, `score`), answered from the view
    prompt_commands: tuple[PromptCommand, ...] = ()
    # what the player to move is asked now, in a few words ("placing cards (1 more to place)"), or ""
    step_text: Callable[[Any], str] = field(default=lambda state: "")
    # the shape of `state.view(player)` (a rules.core.shape.Shape, made when first asked for: play never needs it):
    # a view file's view is checked against it whole before any of it is shown or drawn
    view_shape: Callable[[], Any] | None = None
    # the log writer of a new game (with `play`, `lines`, `head`, `closing_line()`, `text()` as GameLog has them);
    # None: the shared GameLog. Fauna's writer is faster and writes its older formats too.
    new_log: Callable[[Any], Any] | None = None
    # the reader of a game file (text, source, *, ignore_data_change, until, round_events) -> a verified game with
    # `rules`, `state`, `records`, `writer`, `head`, `complete`, `last_move()` as LoadedGame has them; None: the shared
    # reader (rules.core.log.load_game_log). Fauna's is faster and reads its older formats too.
    read_log: Callable[..., Any] | None = None

    def log_for(self, state: Any) -> Any:
        """The log writer of a new game `state`: the game's own (`new_log`) or the shared one."""
        if self.new_log is not None:
            return self.new_log(state)
        from rules.core.log import GameLog

        return GameLog(self, state)

    # balance figures by seat group (`simulate --by start,order`): what decides a seat's chances besides its play
    seat_groups: tuple[SeatGroup, ...] = ()
    # facts recorded as they come into play (a card's facts in Fauna's `front` lines), or None: the game plays the
    # installed data, and its logs carry nothing of it
    facts: RecordedFacts | None = None
    # the game's own fast paths as `python -m fauna_cli.bench` times them (a module-like object), or None: the
    # benchmark measures the game through the shared driver only
    bench_work: Callable[[], Any] | None = None
    # a game whose `simulate` figures are its own (Fauna's points by source per round): the module-like object that
    # plays and sums them; None: the shared runner (rules/core/simulate.py) gives the game's figures
    simulation: Callable[[], Any] | None = None

    def start_from_log(self, config: Any, seed: int, texts: Sequence[str]) -> Any:
        """A logged game at its start: playing the facts its lines record, if the game records any."""
        if self.facts is not None:
            return self.facts.start(config, seed, texts)
        return self.new_state(config, seed)

    def restart(self, state: Any) -> Any:
        """The same game at its start (same config and seed, and the same recorded facts), to re-derive it."""
        if self.facts is not None:
            return self.facts.restart(state)
        return self.new_state(state.config, state.seed)
