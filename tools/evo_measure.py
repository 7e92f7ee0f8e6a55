"""Measure Evo's bots: heuristic vs random, seat balance by start pair and first-round turn position, speed.

    /work/venv/bin/python tools/evo_measure.py [--games 500] [--players 3] [--bench 300] [--seed 0]

--seed is the seed of the runs, as for `fauna simulate`: game i is played with the seed simulate gives game
i of a run with that seed, so the seat balance printed here is that of

    fauna simulate --game evo --players 3 --bots heuristic --games 500 --seed 0 --by start,order

(which also runs on several processes or a Dask cluster). Every rate comes with its 95% Wilson range.
Prints figures only; nothing is asserted (timings depend on the machine).
"""

from __future__ import annotations

import argparse
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fauna_cli.options import seat_name
from fauna_cli.simulate_cmd import group_doc, group_tables
from rules.core.simulate import play_game, ratio, summarise, wilson
from rules.evo import RULES


def config(kinds: list[str]) -> object:
    """The config `fauna simulate` builds for these bot seats (named as it names them: 'heuristic-1', ...)."""
    players = [{"name": seat_name(i, k), "bot": k} for i, k in enumerate(kinds, 1)]
    return RULES.config_from_dict({"game": {"rules": "evo"}, "players": players}, "evo_measure", None)


def rate(value: float, bounds: list[float]) -> str:
    return f"{value:.3f} ({bounds[0]:.3f}-{bounds[1]:.3f})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bench", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0, help="the runs' seed (game i's seed comes from it and i)")
    args = ap.parse_args()
    n = args.players

    # the heuristic bot against random ones, its seat turning with the game number
    against = [config(["heuristic" if s == g else "random" for s in range(n)]) for g in range(n)]
    won = Fraction(0)
    for g in range(args.games):
        r = play_game(RULES, against[g % n], args.seed, g)
        won += Fraction(1, len(r.winners)) if g % n in r.winners else 0
    print(f"heuristic vs {n - 1} random, {args.games} games, seed {args.seed} (heuristic seat turning): "
          f"win rate {rate(ratio(won, args.games), wilson(won, args.games))}")

    for kind in ("heuristic", "random"):
        by = ("start", "order") if kind == "heuristic" else ()
        results = [play_game(RULES, config([kind] * n), args.seed, g, by) for g in range(args.games)]
        seats = summarise(results, [seat_name(s, kind) for s in range(1, n + 1)], [kind] * n)["seats"]
        print(f"seat balance, {args.games} games of {n} {kind} bots: "
              + ", ".join(f"seat {x['seat']} {rate(x['win_rate'], x['win_rate_95'])}" for x in seats))
        if by:
            print("\n\n".join(group_tables({"by": group_doc(RULES, results, n, by)}, "plain")) + "\n")

    for players in (3, 5):
        randoms = config(["random"] * players)
        t = time.perf_counter()
        for g in range(args.bench):
            play_game(RULES, randoms, args.seed, g)
        print(f"random-bot games per second, {players} players, one core: {args.bench / (time.perf_counter() - t):.1f}")


if __name__ == "__main__":
    main()
