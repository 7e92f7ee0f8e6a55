"""Fauna as a protocol game: the RULES the shared engine (log, cases, bots, simulate, CLI) is handed.

Fauna keeps a faster log writer and verifier of its own (`replay.py`); the functions here give the
same `fauna-log 3` lines from events, so the shared log (`rules/core/log.py`) re-runs Fauna's format-3
golden logs byte for byte too (tests/test_protocol.py checks it). Through `facts` the shared log plays
what a log recorded, as Fauna's own reader does: the box of the `box` line and each card's facts of its
`front` line (the answer sealed until the round is evaluated), so a refereed game, which goes through the
shared log, survives a data update like a plain one.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rules.core.errors import ConfigError, FaunaError
from rules.core.log import CHAIN_START, LineReader, chain
from rules.core.protocol import Bot, FactChange, GameRules, RecordedFacts, Table
from rules.fauna.config import BOT_KINDS, Config, PlayerSpec
from rules.fauna.events import GameOver, Passed, Placed, RoundEvaluated, RoundStarted
from rules.fauna.game import State, new_game
from rules.fauna.judge import TALLY_KEYS
from rules.fauna.learn import COMMANDS

SOURCES = ("map_correct", "map_adjacent", "scales")

DEFAULT_CONFIG = """# A Fauna game. Edit, then: fauna play --config THIS_FILE
[game]
rules = "fauna"       # the game: fauna, arctic, exofauna or evo
# seed = 7            # optional; drawn and shown when missing
preset = "published"  # or "reference-manual", or a path to a custom scoring table (relative to this file)
units = "metric"      # or "imperial"
cards = "mixed"       # "green" (simpler animals), "black" (more exotic) or "mixed"
# start = "alice"     # optional starting player; otherwise drawn from the seed
# goal = 120          # optional; default 120 points (2-3 players), 100 (4-5), 80 (6)

[[players]]           # 2 to 6, in clockwise seating order
name = "alice"

[[players]]
name = "bob"

[[players]]
name = "carol"
# bot = "statistician"  # a computer player: "random", "naturalist" (with skill = 0..1) or "statistician"
"""


def config_from_dict(doc: dict[str, Any], where: str, base_dir: Path | None) -> Config:
    return Config.from_dict(doc, where, base_dir)


def config_to_dict(config: Config) -> dict[str, Any]:
    return config.to_dict()


def new_state(config: Config, seed: int) -> State:
    return new_game(config, seed)


def header_lines(state: State) -> list[str]:
    from rules.fauna.replay import state_header_lines

    return state_header_lines(state)


def parse_header(texts: list[str], source: str) -> tuple[Config, int, int]:
    """Config and seed from a Fauna log's header texts (read by Fauna's own header reader).

    A game played on another board, scales or scoring preset than the installed ones is refused by name:
    its cards' facts are in the file, but these are not (as Fauna's own reader refuses it).
    """
    from rules.fauna.replay import HEADER_KEYS, DataChanged, _read_header, fingerprint_for

    head, lines = CHAIN_START, []
    for t in texts:
        head = chain(head, t)
        lines.append(f"{t} @{head}")
    reader = LineReader("\n".join(lines) + "\n", source)
    header = _read_header(reader)
    installed = fingerprint_for(header.config, header.version)
    if header.fingerprint != installed:
        raise DataChanged(f"{reader.where(header.fingerprint_line)}: this game was played on another board, scales or "
                          f"scoring preset (sha256:{header.fingerprint[:16]}...) than the installed ones "
                          f"(sha256:{installed[:16]}...); its cards' facts are in the file, but these are not: go on "
                          "with the fauna release the game was started with", header.fingerprint_line + 1)
    return header.config, header.seed, len(HEADER_KEYS[header.version]) - 1 + len(header.config.players)


def opening_lines(state: State) -> list[str]:
    from rules.fauna.replay import front_line, round_line

    return [round_line(state.started_event()), front_line(state.round, state.animal, state.seed)]


def lines_after(state: State, events: list[Any]) -> list[str]:
    """The answer, score, end and next-round lines that a move's events call for, as Fauna's log writes them."""
    from rules.fauna.replay import answer_line, front_line, over_line, round_line

    out = []
    for e in events:
        if isinstance(e, RoundEvaluated):
            out.append(answer_line(e.round, state.box.card(e.round - 1)))
            out.append(f"score {e.round} {e.animal}: " + ", ".join(f"{p.player} +{p.points} ={p.total}"
                                                                  for p in e.players))
        elif isinstance(e, GameOver):
            out.append(over_line(e.winners, tuple(state.names), [s for _, s in e.scores]))
        elif isinstance(e, RoundStarted):
            out += [round_line(e), front_line(e.round, state.animal, state.seed)]
    return out


def start_from_log(config: Config, seed: int, texts: Sequence[str]) -> State:
    """A logged game at its start: dealing from the box its header records, playing the card facts it recorded.

    A header without a readable box line starts on the installed box: verifying then stops at that line.
    """
    from rules.fauna.animals import Deck
    from rules.fauna.dealing import DealtDeck, parse_box_text
    from rules.fauna.replay import recorded_cards

    line = next((t.removeprefix("box ") for t in texts[:3] if t.startswith("box ")), None)
    try:
        box = parse_box_text(line) if line is not None else None
    except ValueError:
        box = None
    if box is None:
        return new_game(config, seed)
    base = Deck.default()
    return new_game(config, seed, deck=DealtDeck(base, box, recorded_cards(texts, seed, base, hashed=False),
                                                 box_line=line))


def restart(state: State) -> State:
    """The same game at its start: same config, seed, box and recorded facts."""
    return state.setup.new_state(state.config, state.seed)


def against_installed(state: State) -> list[FactChange]:
    """Per evaluated round: the facts of its card that the installed deck gives otherwise, and what would score."""
    from rules.fauna.changes import state_against_installed

    return [FactChange(c.round, c.animal, c.facts, c.pieces) for c in state_against_installed(state)]


class _Seated:
    """A Fauna bot behind the protocol's (kind, options, seed, seat) constructor."""

    def __init__(self, kind: str, options: dict[str, Any], seed: int, seat: int) -> None:
        from rules.fauna.bots import make_bot as fauna_bot

        self.kind = kind
        self._bot = fauna_bot(PlayerSpec(f"seat{seat}", kind, options.get("skill")), seed, seat)

    def choose(self, state: Any) -> Any:
        return self._bot.choose(state)


def make_bot(kind: str, options: dict[str, Any], seed: int, seat: int) -> Bot:
    if kind not in BOT_KINDS:
        raise ConfigError(f"unknown Fauna bot kind {kind!r} (choose {', '.join(BOT_KINDS)})", "players.bot")
    return _Seated(kind, options, seed, seat)


def parse_cases(text: str, where: str, base_dir: Path | None) -> list[Any]:
    from rules.fauna.cases import parse_cases as fauna_cases

    return fauna_cases(text, where, base_dir)


def run_case(case: Any) -> Any:
    from rules.fauna.cases import run_case as fauna_run

    return fauna_run(case)


def tables_after(state: State, events: list[Any]) -> list[Table]:
    """After a round's last move: the pieces' results and the players' totals."""
    out = []
    for e in events:
        if isinstance(e, RoundEvaluated):
            out.append(Table(f"Round {e.round} evaluation: {e.animal} ({e.scientific})",
                             ("player", "piece", "scored", "points", "why"),
                             tuple((p.player, p.move, p.verdict, p.points, p.reason) for p in e.pieces)))
            out.append(Table(f"Round {e.round} totals", ("player", "round", "total", "back", "lost"),
                             tuple((p.player, p.points, p.total, p.returned, p.lost) for p in e.players)))
    return out


def final_tables(state: State) -> list[Table]:
    ranked = sorted(enumerate(state.score), key=lambda x: (-x[1], x[0]))
    return [Table("Final scores", ("rank", "player", "score"),
                  tuple((1 + sum(s > score for s in state.score), state.names[p], score) for p, score in ranked))]


def summary(state: State) -> dict[str, Any]:
    return {"round": state.round, "over": state.is_over, "winners": list(state.winners), "scores": state.scores(),
            "breakdown": breakdown(state)}


def breakdown(state: State) -> dict[str, dict[str, int]]:
    keys = [k for k in SOURCES if k in TALLY_KEYS]
    return {name: {k: state.tally[p][TALLY_KEYS.index(k)] for k in keys} for p, name in enumerate(state.names)}


def help_text(state: State) -> str:
    return ("Type an area name (e.g. Tasmania), a scale space (e.g. weight 200-500 kg, weight 18), "
            "or pass (not before your first piece this round).")


def new_log(state: State) -> Any:
    """Fauna's own log writer (rules/fauna/replay.py): faster than the shared one, and it writes format 2 too."""
    from rules.fauna.replay import LogWriter

    return LogWriter(state)


def read_log(text: str, source: str, *, ignore_data_change: bool = False, until: int | None = None,
             round_events: bool = False) -> Any:
    """Fauna's own reader (rules/fauna/replay.py): faster than the shared one, and it reads format 2 too."""
    from rules.fauna.replay import load_log

    return load_log(text, source, ignore_data_change=ignore_data_change, until=until, round_events=round_events)


def final_reason(state: State, events: list[Any]) -> str | None:
    """A move that ended a round showed the card's answer: it cannot be taken back."""
    for e in events:
        if isinstance(e, RoundEvaluated):
            return f"ended round {e.round} and showed the card's answer"
    return None


def event_text(event: Any) -> str | None:
    if isinstance(event, Placed):
        return f"{event.seq} {event.player}: {event.move} ({event.hand} left in hand)"
    if isinstance(event, Passed):
        return f"{event.seq} {event.player}: pass" + (" (no pieces left)" if event.auto else "")
    return None


RULES = GameRules(
    name="fauna", title="Fauna", log_format="fauna-log", log_version=3, min_players=2, max_players=6,
    config_from_dict=config_from_dict, config_to_dict=config_to_dict, default_config_text=lambda: DEFAULT_CONFIG,
    new_state=new_state, header_lines=header_lines, parse_header=parse_header, opening_lines=opening_lines,
    lines_after=lines_after, bot_kinds=BOT_KINDS, make_bot=make_bot, parse_cases=parse_cases, run_case=run_case,
    tables_after=tables_after, final_tables=final_tables, summary=summary, breakdown=breakdown, help_text=help_text,
    event_text=event_text, view_shape=lambda: importlib.import_module("rules.fauna.viewshape").VIEW_SHAPE,
    final_reason=final_reason, prompt_commands=COMMANDS, new_log=new_log, read_log=read_log,
    period_name="round", period_of=lambda state: state.round,
    bench_work=lambda: importlib.import_module("rules.fauna.benchwork"),
    simulation=lambda: importlib.import_module("rules.fauna.simulation"),
    facts=RecordedFacts(start=start_from_log, restart=restart, against_installed=against_installed))

__all__ = ["RULES", "FaunaError"]
