"""Fauna's own `simulate` figures: bot games played to their end and summed by where each point came from.

The shared runner (rules/core/simulate.py) gives every game's win rates; Fauna's summary also splits each
seat's points per round into map and scale points and counts pieces placed and lost, so its figures (pinned
by tests/test_simulate.py) come from here, through Fauna's RULES (`simulation`). Pure: the CLI prints them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules.core.errors import FaunaError
from rules.core.simulate import game_seed, wilson
from rules.core.simulate import ratio as _ratio
from rules.fauna.config import BOT_KINDS, CARD_CHOICES, UNIT_CHOICES, Config
from rules.fauna.scoring import PRESET_NAMES

__all__ = ["BOT_KINDS", "CARD_CHOICES", "PRESET_NAMES", "SOURCES", "UNIT_CHOICES", "GameRecord", "build_config",
           "game_log", "play_one", "play_range", "summarise"]

SOURCES = ("map_correct", "map_adjacent", "scales")


@dataclass(frozen=True)
class GameRecord:
    """One finished game, as whole numbers per seat: enough for every figure of the summary."""

    index: int
    seed: int
    rounds: int
    moves: int
    winners: tuple[int, ...]
    score: tuple[int, ...]
    map_correct: tuple[int, ...]
    map_adjacent: tuple[int, ...]
    scales: tuple[int, ...]
    placed: tuple[int, ...]
    lost: tuple[int, ...]


def play_one(config: Config, seed: int, index: int) -> GameRecord:
    """Play one bots-only game to its end and count where every point came from."""
    from rules.fauna.bots import make_bots, play_out
    from rules.fauna.game import new_game
    from rules.fauna.judge import TALLY_KEYS

    state = new_game(config, game_seed(seed, index))
    try:
        play_out(state, make_bots(state))
    except FaunaError as exc:  # name the game, so it can be replayed alone with `fauna play --seed`
        raise FaunaError(f"game {index + 1} of the run (seed {state.seed}): {exc}") from exc
    tally = {key: tuple(t[i] for t in state.tally) for i, key in enumerate(TALLY_KEYS)}
    return GameRecord(index, state.seed, state.round, len(state.history),
                      tuple(state.names.index(w) for w in state.winners), tuple(state.score),
                      *(tally[k] for k in (*SOURCES, "placed", "lost")))


def play_range(config: Config, seed: int, start: int, stop: int) -> list[GameRecord]:
    """Games start..stop-1 of a run."""
    return [play_one(config, seed, i) for i in range(start, stop)]


def build_config(names: list[str], bots: list[tuple[str, float | None]], preset: str, units: str,
                 cards: str) -> Config:
    """A validated config for the bot seats named `names` (the seed is given per game)."""
    players = []
    for name, (kind, skill) in zip(names, bots, strict=True):
        p: dict[str, Any] = {"name": name, "bot": kind}
        if skill is not None:
            p["skill"] = skill
        players.append(p)
    return Config.from_dict({"game": {"preset": preset, "units": units, "cards": cards}, "players": players},
                            "simulate")


def summarise(records: list[GameRecord], names: list[str], kinds: list[str]) -> dict[str, Any]:
    """Every figure of a run except the timings; identical for the same games however they were played."""
    n = len(names)
    games = len(records)
    rounds = sum(r.rounds for r in records)
    share = [Fraction(0)] * n
    for r in records:
        for w in r.winners:
            share[w] += Fraction(1, len(r.winners))

    def total(field: str, p: int) -> int:
        return sum(getattr(r, field)[p] for r in records)

    seats = []
    for p in range(n):
        src = {k: total(k, p) for k in SOURCES}
        seats.append({
            "seat": p + 1, "player": names[p], "bot": kinds[p],
            "win_rate": _ratio(share[p], games), "win_rate_95": wilson(share[p], games),
            "average_score": _ratio(total("score", p), games),
            "points_per_round": {k: _ratio(v, rounds) for k, v in src.items()},
            "total_points_per_round": _ratio(sum(src.values()), rounds),
            "pieces_placed_per_round": _ratio(total("placed", p), rounds),
            "pieces_lost_per_round": _ratio(total("lost", p), rounds),
        })
    by_kind = []
    for kind in sorted(set(kinds), key=kinds.index):
        ps = [p for p in range(n) if kinds[p] == kind]
        won = Fraction(0)
        for r in records:
            won += Fraction(sum(1 for w in r.winners if kinds[w] == kind), len(r.winners))
        seat_rounds = rounds * len(ps)
        src = {k: sum(total(k, p) for p in ps) for k in SOURCES}
        by_kind.append({
            "bot": kind, "seats": len(ps), "win_rate": _ratio(won, games), "win_rate_95": wilson(won, games),
            "points_per_round": {k: _ratio(v, seat_rounds) for k, v in src.items()},
            "total_points_per_round": _ratio(sum(src.values()), seat_rounds),
            "pieces_lost_per_round": _ratio(sum(total("lost", p) for p in ps), seat_rounds),
        })
    return {
        "games": games, "players": n,
        "average_rounds": _ratio(rounds, games),
        "moves_per_game": _ratio(sum(r.moves for r in records), games),
        "seats": seats, "bot_kinds": by_kind,
    }


def game_log(config: Config, seed: int) -> str:
    """The replay log of one bots-only game, exactly as `fauna play --log` writes it for the same settings."""
    from rules.fauna.bots import make_bots
    from rules.fauna.game import new_game
    from rules.fauna.replay import LogWriter

    state = new_game(config, seed)
    writer = LogWriter(state)
    bots = make_bots(state)
    while not state.is_over:
        seat = state.to_move_index
        bot = bots[seat]
        if bot is None:  # simulate seats bots only
            raise FaunaError(f"seat {seat + 1} has no computer player")
        writer.play(state.names[seat], bot.choose(state))
    return writer.text()
