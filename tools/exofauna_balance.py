"""ExoFauna/Duo balance and speed figures, measured with the bots (prints; writes nothing).

    python tools/exofauna_balance.py [--games 2000] [--versus 1000] [--bench 2000] [--quick] [--seed 1]

Balance: heuristic against heuristic over seeds SEED..SEED+GAMES-1 (SEED 1 by default), the seed
choosing who starts: the first (blue) player's win rate with its 95% Wilson range, plays per Organism,
and for each Organism the win rate of a player whose opening hand holds it (with its 95% Wilson range)
against one whose hand does not. Then the heuristic bot against the random one over VERSUS games (seats
alternating), and random-bot games per second on one core.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rules.exofauna.bots import make_bot
from rules.exofauna.config import Config, PlayerSpec
from rules.exofauna.data import design
from rules.exofauna.state import State


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return mid - half, mid + half


def play(seed: int, kinds: tuple[str, str], quick: bool) -> State:
    """One game between two bot kinds (seat 0 named p0); the seed chooses who starts."""
    config = Config((PlayerSpec("p0", kinds[0]), PlayerSpec("p1", kinds[1])), seed, None, quick)
    state = State(config, seed)
    bots = [make_bot(k, {}, seed, i) for i, k in enumerate(kinds)]
    while not state.over:
        state.apply(bots[state.names.index(state.to_move or "")].choose(state))
    return state


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--versus", type=int, default=1000)
    ap.add_argument("--bench", type=int, default=2000)
    ap.add_argument("--quick", action="store_true", help="measure the quick game (1 hole wins)")
    ap.add_argument("--seed", type=int, default=1, help="first seed (each measure uses consecutive seeds from it)")
    a = ap.parse_args()
    d = design()
    n_org = len(d.organisms)

    first_wins = 0
    plays = [0] * n_org
    with_ = [[0, 0] for _ in range(n_org)]  # [wins, players] holding the Organism in the opening hand
    without = [[0, 0] for _ in range(n_org)]
    turns = 0
    for seed in range(a.seed, a.seed + a.games):
        s = play(seed, ("heuristic", "heuristic"), a.quick)
        first_wins += s.winners[0] == s.by_colour[0]
        turns += s.turn
        for o in range(n_org):
            plays[o] += s.played[o]
        opening = State(s.config, s.seed).hands  # the same seed deals the same opening hands
        for k in (0, 1):
            won = s.winners[0] == s.by_colour[k]
            held = {c >> 1 for c in opening[k]}
            for o in range(n_org):
                cell = with_[o] if o in held else without[o]
                cell[0] += won
                cell[1] += 1
    lo, hi = wilson(first_wins, a.games)
    mode = "quick game" if a.quick else "full game"
    print(f"balance ({mode}), heuristic v heuristic, seeds {a.seed}..{a.seed + a.games - 1}: first player wins"
          f" {first_wins}/{a.games}"
          f" = {pct(first_wins / a.games)} (95% {pct(lo)}-{pct(hi)}); {turns / a.games:.1f} turns a game")
    print(f"{'organism':10} {'instinct':10} {'plays/game':>10} {'with':>8} {'without':>8} {'effect':>8}"
          f" {'with, 95%':>13}")
    worst = 0.0
    for o in range(n_org):
        w = with_[o][0] / max(with_[o][1], 1)
        wo = without[o][0] / max(without[o][1], 1)
        worst = max(worst, abs(w - wo))
        print(f"{d.organisms[o].name:10} {d.organisms[o].instinct:10} {plays[o] / a.games:10.2f} {pct(w):>8}"
              f" {pct(wo):>8} {100 * (w - wo):+7.1f} {pct(wilson(with_[o][0], with_[o][1])[0]):>6}-"
              f"{pct(wilson(with_[o][0], with_[o][1])[1])}")
    print(f"largest opening-hand effect: {100 * worst:.1f} points; every Organism played: {min(plays) > 0}")

    hw = 0
    for seed in range(a.seed, a.seed + a.versus):
        kinds = ("heuristic", "random") if seed % 2 else ("random", "heuristic")
        s = play(seed, kinds, a.quick)
        hw += s.winners[0] == ("p0" if seed % 2 else "p1")
    lo, hi = wilson(hw, a.versus)
    print(f"heuristic v random, {a.versus} games: heuristic wins {hw} = {pct(hw / a.versus)} (95% {pct(lo)}-{pct(hi)})")

    t = time.process_time()
    rfirst = 0
    for seed in range(a.seed, a.seed + a.bench):
        s = play(seed, ("random", "random"), a.quick)
        rfirst += s.winners[0] == s.by_colour[0]
    dt = time.process_time() - t
    lo, hi = wilson(rfirst, a.bench)
    print(f"random v random, {a.bench} games: first player wins {pct(rfirst / a.bench)} (95% {pct(lo)}-{pct(hi)})")
    print(f"speed: {a.bench} random-bot games in {dt:.2f} s CPU = {a.bench / dt:.0f} games/s on one core")


if __name__ == "__main__":
    main()
