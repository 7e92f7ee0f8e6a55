"""Measure Evo's bots: heuristic vs random win rate with a 95% range, seat balance, random games per second.

    /work/venv/bin/python tools/evo_measure.py [--games 500] [--players 3] [--bench 300]

Prints figures only; nothing is asserted (timings depend on the machine).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.evo import RULES
from rules.evo.config import Config, PlayerSpec
from rules.evo.state import State, new_state


def play(kinds: list[str], seed: int) -> State:
    """One game between bots of the given kinds, seat by seat."""
    cfg = Config(tuple(PlayerSpec(f"p{i}", k) for i, k in enumerate(kinds)))
    state = new_state(cfg, seed)
    bots = [RULES.make_bot(k, {}, seed, i) for i, k in enumerate(kinds)]
    while not state.is_over:
        state.apply(bots[state.names.index(state.to_move)].choose(state))
    return state


def wilson(wins: float, n: int) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bench", type=int, default=300)
    args = ap.parse_args()
    n = args.players
    wins = 0.0
    for g in range(args.games):
        kinds = ["random"] * n
        kinds[g % n] = "heuristic"
        st = play(kinds, g)
        if f"p{g % n}" in st.winners:
            wins += 1 / len(st.winners)
    lo, hi = wilson(wins, args.games)
    print(f"heuristic vs {n - 1} random, {args.games} games (heuristic seat rotating): "
          f"win rate {wins / args.games:.3f} (95% range {lo:.3f}-{hi:.3f})")
    for kind in ("heuristic", "random"):
        seat_wins = [0.0] * n
        for g in range(args.games):
            st = play([kind] * n, 10_000 + g)
            for w in st.winners:
                seat_wins[st.names.index(w)] += 1 / len(st.winners)
        parts = []
        for s in range(n):
            lo, hi = wilson(seat_wins[s], args.games)
            parts.append(f"seat {s + 1} {seat_wins[s] / args.games:.3f} ({lo:.3f}-{hi:.3f})")
        print(f"seat balance, {args.games} games of {n} {kind} bots: " + ", ".join(parts))
    for players in (3, 5):
        t = time.perf_counter()
        for g in range(args.bench):
            play(["random"] * players, 20_000 + g)
        print(f"random-bot games per second, {players} players, one core: {args.bench / (time.perf_counter() - t):.1f}")


if __name__ == "__main__":
    main()
