"""ExoFauna/Duo balance and speed figures, measured with the bots (prints; writes nothing).

    python tools/exofauna_balance.py [--games 2000] [--versus 1000] [--bench 2000] [--quick] [--seed 1]

--seed is the seed of the runs, as for `fauna simulate`: game i is played with the seed simulate gives game
i of a run with that seed (the seed also choosing who starts), so the balance printed here is that of

    fauna simulate --game exofauna --players 2 --bots heuristic --games 2000 --seed 1 --by order,hand

(which also runs on several processes or a Dask cluster; the quick game is this tool's only). Balance:
heuristic against heuristic, the win rate by turn position (blue moves first) and, for each Organism, of a
player whose opening hand holds it against one whose hand does not, each with its 95% Wilson range, and
plays per Organism. Then the heuristic bot against the random one over VERSUS games (seats alternating),
and random-bot games per second on one core.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from fauna_cli.options import seat_name
from fauna_cli.simulate_cmd import group_doc, group_tables
from rules.core.simulate import by_group, play_game, play_state, ratio, wilson
from rules.exofauna import RULES
from rules.exofauna.data import design


def config(kinds: tuple[str, str], quick: bool) -> object:
    """The config `fauna simulate` builds for these bot seats, in the full or the quick game."""
    players = [{"name": seat_name(i, k), "bot": k} for i, k in enumerate(kinds, 1)]
    return RULES.config_from_dict({"game": {"rules": "exofauna", "quick": quick}, "players": players},
                                  "exofauna_balance", None)


def rate(value: float, bounds: list[float]) -> str:
    return f"{100 * value:.1f}% (95% {100 * bounds[0]:.1f}%-{100 * bounds[1]:.1f}%)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--versus", type=int, default=1000)
    ap.add_argument("--bench", type=int, default=2000)
    ap.add_argument("--quick", action="store_true", help="measure the quick game (1 hole wins)")
    ap.add_argument("--seed", type=int, default=1, help="the runs' seed (game i's seed comes from it and i)")
    a = ap.parse_args()
    organisms = design().organisms

    plays = [0] * len(organisms)
    results = []
    for i in range(a.games):
        state, result = play_state(RULES, config(("heuristic", "heuristic"), a.quick), a.seed, i, ("order", "hand"))
        plays = [p + q for p, q in zip(plays, state.played, strict=True)]
        results.append(result)
    groups = group_doc(RULES, results, 2, ("order", "hand"))
    mode = "quick game" if a.quick else "full game"
    print(f"balance ({mode}), heuristic v heuristic, {a.games} games, seed {a.seed}; "
          f"{ratio(sum(r.moves for r in results), a.games):.1f} decisions a game")
    print("\n\n".join(group_tables({"by": groups}, "plain")) + "\n")
    hand = {row["label"]: row for row in groups["hand"]["rows"]}
    print("plays per game: " + ", ".join(f"{o.name} ({o.instinct}) {plays[o.index] / a.games:.2f}" for o in organisms))
    worst = max(hand.values(), key=lambda row: abs(row["win_rate"] - row["others_win_rate"]))
    print(f"largest opening-hand effect: {worst['label']}, {100 * (worst['win_rate'] - worst['others_win_rate']):+.1f}"
          f" points (holders {100 * worst['win_rate_95'][0]:.1f}-{100 * worst['win_rate_95'][1]:.1f}%, others "
          f"{100 * worst['others_win_rate_95'][0]:.1f}-{100 * worst['others_win_rate_95'][1]:.1f}%); "
          f"every Organism played: {min(plays) > 0}")

    # the heuristic bot against the random one, seats alternating with the game number
    seatings = [config(("random", "heuristic"), a.quick), config(("heuristic", "random"), a.quick)]
    won = Fraction(0)
    for i in range(a.versus):
        r = play_game(RULES, seatings[i % 2], a.seed, i)
        won += Fraction(1, len(r.winners)) if 1 - i % 2 in r.winners else 0
    print(f"heuristic v random, {a.versus} games: heuristic wins {rate(ratio(won, a.versus), wilson(won, a.versus))}")

    randoms = config(("random", "random"), a.quick)
    t = time.process_time()
    bench = [play_game(RULES, randoms, a.seed, i, ("order",)) for i in range(a.bench)]
    dt = time.process_time() - t
    blue = by_group(bench, "order")[0]  # "1 blue": who moves first
    print(f"random v random, {a.bench} games: first player wins {rate(blue['win_rate'], blue['win_rate_95'])}")
    print(f"speed: {a.bench} random-bot games in {dt:.2f} s CPU = {a.bench / dt:.0f} games/s on one core")


if __name__ == "__main__":
    main()
