"""Measure Evo's bots: heuristic vs random win rate with a 95% range, seat balance, random games per second.

    /work/venv/bin/python tools/evo_measure.py [--games 500] [--players 3] [--bench 300] [--seed 0]

Seat balance is also given by start pair and by first-round turn position (heuristic bots), each with
its 95% range. Games use seeds from --seed on (heuristic vs random), --seed + 10000 (seat balance).

Prints figures only; nothing is asserted (timings depend on the machine).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.core.simulate import wilson as shared_wilson
from rules.evo import RULES
from rules.evo.board import board_for
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
    ap.add_argument("--seed", type=int, default=0, help="first seed (games use consecutive seeds from it)")
    args = ap.parse_args()
    n = args.players
    wins = 0.0
    for g in range(args.games):
        kinds = ["random"] * n
        kinds[g % n] = "heuristic"
        st = play(kinds, args.seed + g)
        if f"p{g % n}" in st.winners:
            wins += 1 / len(st.winners)
    lo, hi = wilson(wins, args.games)
    print(f"heuristic vs {n - 1} random, {args.games} games (heuristic seat rotating): "
          f"win rate {wins / args.games:.3f} (95% range {lo:.3f}-{hi:.3f})")
    names = board_for(n).names
    for kind in ("heuristic", "random"):
        seat_wins = [0.0] * n
        by_pair: dict[str, list[float]] = {}  # start pair -> [wins, seats]
        by_turn = [[0.0, 0] for _ in range(n)]  # first-round turn position -> [wins, seats]
        for g in range(args.games):
            seed = args.seed + 10_000 + g
            start = new_state(Config(tuple(PlayerSpec(f"p{i}", kind) for i in range(n))), seed)
            st = play([kind] * n, seed)
            for w in st.winners:
                seat_wins[st.names.index(w)] += 1 / len(st.winners)
            for s in range(n):
                share = 1 / len(st.winners) if st.names[s] in st.winners else 0.0
                cell = by_pair.setdefault("+".join(sorted(names[x] for x in start.pos[s])), [0.0, 0])
                cell[0] += share
                cell[1] += 1
                by_turn[start.order.index(s)][0] += share
                by_turn[start.order.index(s)][1] += 1
        if kind == "heuristic":
            for title, rows in (("start pair", sorted(by_pair.items())),
                                ("turn position", [(str(i + 1), c) for i, c in enumerate(by_turn)])):
                print(f"by {title}, {args.games} games of {n} heuristic bots (fair share {1 / n:.3f}):")
                for key, (won, seats) in rows:
                    lo, hi = shared_wilson(Fraction(won).limit_denominator(60), int(seats))
                    print(f"  {key:12} {won / max(seats, 1):.3f} ({lo:.3f}-{hi:.3f}) of {seats}")
        parts = []
        for s in range(n):
            lo, hi = wilson(seat_wins[s], args.games)
            parts.append(f"seat {s + 1} {seat_wins[s] / args.games:.3f} ({lo:.3f}-{hi:.3f})")
        print(f"seat balance, {args.games} games of {n} {kind} bots: " + ", ".join(parts))
    for players in (3, 5):
        t = time.perf_counter()
        for g in range(args.bench):
            play(["random"] * players, args.seed + 20_000 + g)
        print(f"random-bot games per second, {players} players, one core: {args.bench / (time.perf_counter() - t):.1f}")


if __name__ == "__main__":
    main()
