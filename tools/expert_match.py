"""Measure the `expert` bot against another bot kind: seats rotated game by game, win share with a 95% range.

    python tools/expert_match.py --game exofauna --against heuristic --games 200 --seed 31 [--think N] [--players 2]
        [--jobs J] [--first F]

Game i is dealt from `game_seed(seed, i)` (as `fauna simulate` deals it) with the expert in seat i mod players
and the other seats taken by `--against`; shared wins count as fractions. `--first F` plays games F to
F + games - 1, so that a run stopped after F games can be finished. Every 10 games it prints the games won and the
slowest searched decisions (game, move number, phase), then the figure with the mean, 99th percentile and longest
CPU seconds per searched decision (decisions with one legal move are not searched).
"""

from __future__ import annotations

import argparse
import contextlib
import math
import multiprocessing
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.core.bots import seat_bots
from rules.core.registry import load_rules
from rules.core.simulate import game_seed, wilson


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--against", required=True)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--think", type=int, default=None)
    ap.add_argument("--horizon", type=int, default=None, help="override the game's playout horizon (for tuning)")
    ap.add_argument("--jobs", type=int, default=1, help="processes (the figures are those of --jobs 1)")
    ap.add_argument("--first", type=int, default=0,
                    help="the number of the first game (a run cut short goes on from where it stopped)")
    a = ap.parse_args()
    won = Fraction(0)
    times: list[tuple[float, int, int, str]] = []  # (CPU seconds, game, move number, phase) of every searched decision
    jobs = [(a.game, a.against, a.players, a.seed, a.think, a.horizon, a.first + i) for i in range(a.games)]
    with multiprocessing.Pool(a.jobs) if a.jobs > 1 else contextlib.nullcontext() as pool:
        results = pool.imap(play_one, jobs) if pool is not None else map(play_one, jobs)
        for i, (share, each) in enumerate(results):
            times += [(t, a.first + i, seq, phase) for t, seq, phase in each]
            won += share
            if (i + 1) % 10 == 0 or i + 1 == a.games:
                lo, hi = wilson(won, i + 1)
                print(f"  won {float(won):g}; {slowest(times)}", flush=True)
                print(f"{i + 1} games: expert {float(won / (i + 1)):.3f} ({lo:.3f}-{hi:.3f}), "
                      f"{cpu_summary([t for t, _, _, _ in times])}", flush=True)


def slowest(times: list[tuple[float, int, int, str]]) -> str:
    """The three slowest searched decisions: game, move number, phase and CPU seconds."""
    ranked = sorted(times, reverse=True)
    return "slowest: " + ", ".join(f"game {g} move {seq} ({phase}) {t:.2f} s" for t, g, seq, phase in ranked[:3])


def cpu_summary(times: list[float]) -> str:
    """CPU seconds per searched decision: the mean, the 99th percentile (nearest rank) and the longest."""
    if not times:
        return "no searched decisions"
    ranked = sorted(times)
    p99 = ranked[max(0, math.ceil(0.99 * len(ranked)) - 1)]
    return (f"{sum(ranked) / len(ranked):.3f} s CPU per searched decision over {len(ranked)} "
            f"(99th percentile {p99:.2f} s, longest {ranked[-1]:.2f} s)")


def play_one(job: tuple[str, str, int, int, int | None, int | None, int]
             ) -> tuple[Fraction, list[tuple[float, int, str]]]:
    """Game i of the match: the expert's share of the win and each searched decision's (CPU seconds, move number,
    phase)."""
    game, against, n, run_seed, think, horizon, i = job
    rules = load_rules(game)
    at = i % n
    players = []
    for s in range(n):
        p: dict = {"name": f"p{s + 1}", "bot": "expert" if s == at else against}
        if s == at and think is not None:
            p["think"] = think
        players.append(p)
    config = rules.config_from_dict({"game": {"rules": game}, "players": players}, "match", None)
    seed = game_seed(run_seed, i)
    state = rules.new_state(config, seed)
    bots = seat_bots(rules, config, seed)
    if horizon is not None:
        bots[at].horizon = horizon  # type: ignore[union-attr]
    names = list(state.names)
    each: list[tuple[float, int, str]] = []
    while not state.is_over:
        seat = names.index(state.to_move)
        bot = bots[seat]
        assert bot is not None
        t = time.process_time()
        move = bot.choose(state)
        if seat == at and len(state.legal_moves()) > 1:
            each.append((time.process_time() - t, state.seq, str(getattr(state, "phase", ""))))
        state.apply(move)
    share = Fraction(1, len(state.winners)) if names[at] in state.winners else Fraction(0)
    return share, each


if __name__ == "__main__":
    main()
