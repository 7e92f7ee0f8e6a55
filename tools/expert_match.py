"""Measure the `expert` bot against another bot kind: seats rotated game by game, win share with a 95% range.

    python tools/expert_match.py --game exofauna --against heuristic --games 200 --seed 31 [--think N] [--players 2]
        [--jobs J]

Game i is dealt from `game_seed(seed, i)` (as `fauna simulate` deals it) with the expert in seat i mod players
and the other seats taken by `--against`; shared wins count as fractions. It prints one line per 10 games and a
summary with the mean and longest CPU seconds per searched decision (decisions with one legal move are not searched),
then the games won, the 99th percentile and the slowest decisions (game, move number, phase).
"""

from __future__ import annotations

import argparse
import contextlib
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
    a = ap.parse_args()
    won = Fraction(0)
    searched, seconds, longest = 0, 0.0, 0.0
    times: list[tuple[float, int, int, str]] = []  # (CPU seconds, game, move number, phase) of every searched decision
    jobs = [(a.game, a.against, a.players, a.seed, a.think, a.horizon, i) for i in range(a.games)]
    with multiprocessing.Pool(a.jobs) if a.jobs > 1 else contextlib.nullcontext() as pool:
        results = pool.imap(play_one, jobs) if pool is not None else map(play_one, jobs)
        for i, (share, n, spent, most, each) in enumerate(results):
            times += [(t, i, seq, phase) for t, seq, phase in each]
            won += share
            searched += n
            seconds += spent
            longest = max(longest, most)
            if (i + 1) % 10 == 0 or i + 1 == a.games:
                lo, hi = wilson(won, i + 1)
                print(f"{i + 1} games: expert {float(won / (i + 1)):.3f} ({lo:.3f}-{hi:.3f}), "
                      f"{seconds / max(1, searched):.3f} s CPU per searched decision (longest {longest:.2f} s)",
                      flush=True)
                print(f"  won {float(won):g}; {spread(times)}", flush=True)


def spread(times: list[tuple[float, int, int, str]]) -> str:
    """The 99th percentile of CPU seconds per searched decision and the three slowest (game, move, phase)."""
    if not times:
        return "no searched decisions"
    ranked = sorted(times, reverse=True)
    slow = ", ".join(f"game {g} move {seq} ({phase}) {t:.2f} s" for t, g, seq, phase in ranked[:3])
    return f"{len(times)} searched decisions, 99th percentile {ranked[len(times) // 100][0]:.2f} s; slowest: {slow}"


def play_one(job: tuple[str, str, int, int, int | None, int | None, int]
             ) -> tuple[Fraction, int, float, float, list[tuple[float, int, str]]]:
    """Game i of the match: the expert's share of the win, its searched decisions, their CPU seconds, the longest,
    and each searched decision's (seconds, move number, phase)."""
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
    searched, seconds, longest = 0, 0.0, 0.0
    each: list[tuple[float, int, str]] = []
    while not state.is_over:
        seat = names.index(state.to_move)
        bot = bots[seat]
        assert bot is not None
        t = time.process_time()
        move = bot.choose(state)
        if seat == at and len(state.legal_moves()) > 1:
            spent = time.process_time() - t
            seconds += spent
            longest = max(longest, spent)
            searched += 1
            each.append((spent, state.seq, str(getattr(state, "phase", ""))))
        state.apply(move)
    share = Fraction(1, len(state.winners)) if names[at] in state.winners else Fraction(0)
    return share, searched, seconds, longest, each


if __name__ == "__main__":
    main()
