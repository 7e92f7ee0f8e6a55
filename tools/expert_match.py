"""Measure the `expert` bot against another bot kind: seats rotated game by game, win share with a 95% range.

    python tools/expert_match.py --game exofauna --against heuristic --games 200 --seed 31 [--think N] [--players 2]

Game i is dealt from `game_seed(seed, i)` (as `fauna simulate` deals it) with the expert in seat i mod players
and the other seats taken by `--against`; shared wins count as fractions. It prints one line per 10 games and a
summary with the mean seconds per searched decision (decisions with one legal move are not searched).
"""

from __future__ import annotations

import argparse
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
    a = ap.parse_args()
    rules = load_rules(a.game)
    won = Fraction(0)
    searched, seconds, longest = 0, 0.0, 0.0
    for i in range(a.games):
        at = i % a.players
        players = []
        for s in range(a.players):
            p = {"name": f"p{s + 1}", "bot": "expert" if s == at else a.against}
            if s == at and a.think is not None:
                p["think"] = a.think
            players.append(p)
        config = rules.config_from_dict({"game": {"rules": a.game}, "players": players}, "match", None)
        seed = game_seed(a.seed, i)
        state = rules.new_state(config, seed)
        bots = seat_bots(rules, config, seed)
        if a.horizon is not None:
            bots[at].horizon = a.horizon  # type: ignore[union-attr]
        names = list(state.names)
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
            state.apply(move)
        if names[at] in state.winners:
            won += Fraction(1, len(state.winners))
        if (i + 1) % 10 == 0 or i + 1 == a.games:
            lo, hi = wilson(won, i + 1)
            print(f"{i + 1} games: expert {float(won / (i + 1)):.3f} ({lo:.3f}-{hi:.3f}), "
                  f"{seconds / max(1, searched):.3f} s CPU per searched decision (max {longest:.3f})", flush=True)


if __name__ == "__main__":
    main()
