"""Simulation figures every game shares: per-game seeds, exact win shares, Wilson ranges, score sources.

Game i of a run with seed S is played with seed `game_seed(S, i)`, so any game can be replayed alone and
the results do not depend on how games are spread over processes: every figure except the timings is a
sum of whole numbers (wins as exact fractions) taken in game order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules.core.bots import play_out, seat_bots
from rules.core.errors import FaunaError
from rules.core.protocol import GameRules
from rules.core.rng import SplitMix64

Z95 = 1.959964  # the normal quantile for a two-sided 95% interval


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` (0-based) of a run: independent of the other games and of --jobs."""
    return SplitMix64(seed).fork(index).next()


def ratio(num: int | Fraction, den: int) -> float:
    """A rate rounded to 4 decimals from exact numbers, so it prints the same everywhere."""
    return round(float(Fraction(num) / den), 4) if den else 0.0


def wilson(wins: int | Fraction, games: int) -> list[float]:
    """The 95% Wilson score interval of a win rate, so a tester can tell a real edge from luck.

    Shared wins count as fractions. Only the four basic operations and a square root are used (all
    correctly rounded under IEEE 754), and the bounds are rounded to 4 decimals: the same on every machine.
    """
    if not games:
        return [0.0, 0.0]
    p = float(Fraction(wins) / games)
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


@dataclass(frozen=True)
class GameResult:
    """One finished bots-only game of any game, as whole numbers per seat."""

    index: int
    seed: int
    moves: int
    winners: tuple[int, ...]
    score: tuple[int, ...]
    sources: tuple[tuple[str, tuple[int, ...]], ...]  # (source, points per seat), in the game's order
    groups: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...] = ()  # (seat group, per seat its labels), as asked


def play_game(rules: GameRules, config: Any, run_seed: int, index: int, by: tuple[str, ...] = ()) -> GameResult:
    """Play game `index` of a run to its end with the config's bots and count where the points came from.

    `by` names seat groups of the game (`rules.seat_groups`) whose labels are recorded from the start.
    """
    return play_state(rules, config, run_seed, index, by)[1]


def play_state(rules: GameRules, config: Any, run_seed: int, index: int,
               by: tuple[str, ...] = ()) -> tuple[Any, GameResult]:
    """`play_game`, with the finished state beside the result: for figures only one game keeps (plays per card)."""
    seed = game_seed(run_seed, index)
    state = rules.new_state(config, seed)
    known = {g.key: g for g in rules.seat_groups}
    groups = tuple((key, tuple(tuple(labels) for labels in known[key].labels(state))) for key in by)
    try:
        play_out(state, seat_bots(rules, config, seed))
    except FaunaError as exc:  # name the game, so it can be replayed alone with `fauna play --seed`
        raise FaunaError(f"game {index + 1} of the run (seed {seed}): {exc}") from exc
    names = list(state.names)
    parts = rules.breakdown(state)
    keys = list(parts[names[0]]) if names else []
    scores = state.scores()
    return state, GameResult(index, seed, state.seq, tuple(names.index(w) for w in state.winners),
                             tuple(scores[n] for n in names),
                             tuple((k, tuple(parts[n].get(k, 0) for n in names)) for k in keys), groups)


def by_group(results: list[GameResult], key: str) -> list[dict[str, Any]]:
    """Per label of a seat group: its seats' win rate with its 95% range, beside the rate of the other seats.

    Each seat of each game is one trial (shared wins split); a seat counts once for every label it holds.
    """
    won: dict[str, Fraction] = {}
    seats: dict[str, int] = {}
    all_won, all_seats = Fraction(0), 0
    for r in results:
        for seat, labels in enumerate(dict(r.groups)[key]):
            share = Fraction(1, len(r.winners)) if seat in r.winners else Fraction(0)
            all_won, all_seats = all_won + share, all_seats + 1
            for label in labels:
                won[label] = won.get(label, Fraction(0)) + share
                seats[label] = seats.get(label, 0) + 1
    return [{"label": label, "seats": seats[label], "win_rate": ratio(won[label], seats[label]),
             "win_rate_95": wilson(won[label], seats[label]),
             "others_win_rate": ratio(all_won - won[label], all_seats - seats[label]),
             "others_win_rate_95": wilson(all_won - won[label], all_seats - seats[label])} for label in sorted(won)]


def summarise(results: list[GameResult], names: list[str], kinds: list[str]) -> dict[str, Any]:
    """Every figure of a run except the timings; identical for the same games however they were played."""
    n, games = len(names), len(results)
    share = [Fraction(0)] * n
    for r in results:
        for w in r.winners:
            share[w] += Fraction(1, len(r.winners))
    keys = [k for k, _ in results[0].sources] if results else []

    def source_total(key: str, p: int) -> int:
        return sum(dict(r.sources)[key][p] for r in results)

    seats = []
    for p in range(n):
        seats.append({"seat": p + 1, "player": names[p], "bot": kinds[p], "win_rate": ratio(share[p], games),
                      "win_rate_95": wilson(share[p], games),
                      "average_score": ratio(sum(r.score[p] for r in results), games),
                      "average_points": {k: ratio(source_total(k, p), games) for k in keys}})
    by_kind = []
    for kind in sorted(set(kinds), key=kinds.index):
        ps = [p for p in range(n) if kinds[p] == kind]
        won = sum((Fraction(sum(1 for w in r.winners if kinds[w] == kind), len(r.winners)) for r in results),
                  Fraction(0))
        by_kind.append({"bot": kind, "seats": len(ps), "win_rate": ratio(won, games), "win_rate_95": wilson(won, games),
                        "average_score": ratio(sum(r.score[p] for r in results for p in ps), games * len(ps)),
                        "average_points": {k: ratio(sum(source_total(k, p) for p in ps), games * len(ps))
                                           for k in keys}})
    return {"games": games, "players": n, "moves_per_game": ratio(sum(r.moves for r in results), games),
            "seats": seats, "bot_kinds": by_kind}
