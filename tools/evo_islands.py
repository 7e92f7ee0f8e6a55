"""Measure an Evo rules edition's islands: win rate by start pair and first-round turn position, and the event taker.

    /work/venv/bin/python tools/evo_islands.py [--players 3] [--games 600] [--seed 1] [--edition 5] [--event 0]
        [--bots expert --think 8 --every 20]

The seat balance printed is that of

    fauna simulate --game evo --players 3 --bots heuristic --games 600 --seed 1 --by start,order

with `[game] edition` set (the default edition is the newest), on one core. Each label is marked "ok" when it is
within 6 points of the fair share (1/players) and its 95% range holds the fair share: the target of issue 30.
--event G plays G more three-seat games in which seat 1 always bids on the event card's column (the least it can,
or at least --event-bid K; the heuristic bot's choice once outbid there, or when another holds the column) against
two heuristic bots, and prints its win rate, how often it got the card, what it paid a card and what each seat ends
with. The taker of issue 30, who takes the card whenever it can: in edition 5 nobody outbids the column, so K = 1
holds it whenever it is still free at its bid; in edition 4, K = 1 is outbid whenever the others want the column,
and K = 3 holds it nearly always. Prints figures only; edit data/evo/islands-3.toml and run again to try a board.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fauna_cli.options import seat_name
from fauna_cli.simulate_cmd import group_doc, group_tables
from rules.core.bots import play_out, seat_bots
from rules.core.simulate import game_seed, play_game, ratio, wilson
from rules.evo import RULES
from rules.evo.bots import HeuristicBot
from rules.evo.config import EDITION
from rules.evo.moves import Move

MARGIN = 0.06


def config(kinds: list[str], edition: int, think: int | None = None) -> Any:
    """The config `fauna simulate` builds for these bot seats, in one rules edition (experts at `think`)."""
    players = [{"name": seat_name(i, k), "bot": k} | ({"think": think} if think and k == "expert" else {})
               for i, k in enumerate(kinds, 1)]
    return RULES.config_from_dict({"game": {"rules": "evo", "edition": edition}, "players": players}, "islands", None)


@dataclass
class EventTaker(HeuristicBot):
    """The heuristic bot, except that it always bids on the event card's column: the least it can, but at
    least `least` (when it cannot bid that much, the most it can)."""

    least: int = 1

    def choose(self, state: Any) -> Move:
        legal: list[Move] = state.legal_moves()
        bids = [m for m in legal if m.kind == "bid" and m.a == "event"]
        if bids:
            enough = [m for m in bids if m.n >= self.least]
            return min(enough, key=lambda m: m.n) if enough else max(bids, key=lambda m: m.n)
        return super().choose(state)


def verdicts(doc: dict[str, Any], players: int) -> list[str]:
    """One line per seat group: the labels outside the target, or that all are within it."""
    fair = 1 / players
    out = []
    for group in doc.values():
        bad = [f"{g['label']} {g['win_rate']:.1%} ({g['win_rate_95'][0]:.1%}-{g['win_rate_95'][1]:.1%})"
               for g in group["rows"]
               if abs(g["win_rate"] - fair) > MARGIN or not g["win_rate_95"][0] <= fair <= g["win_rate_95"][1]]
        out.append(f"{group['title']}: " + ("all within the target" if not bad else "outside: " + ", ".join(bad)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--edition", type=int, default=EDITION)
    ap.add_argument("--bots", default="heuristic", help="the bot kind of every seat of the balance games")
    ap.add_argument("--think", type=int, default=None, help="the expert's playouts per decision (default: its own)")
    ap.add_argument("--every", type=int, default=0, help="also print the tables after every E games (long runs)")
    ap.add_argument("--event", type=int, default=0, help="three-seat games with an event taker in seat 1")
    ap.add_argument("--event-bid", type=int, default=1, help="the event taker's least bid (1: the least it can)")
    args = ap.parse_args()
    n = args.players
    if args.games:
        cfg = config([args.bots] * n, args.edition, args.think)
        results = []
        for g in range(args.games):
            results.append(play_game(RULES, cfg, args.seed, g, ("start", "order")))
            if len(results) == args.games or (args.every and len(results) % args.every == 0):
                doc = group_doc(RULES, results, n, ("start", "order"))
                think = f", think {args.think}" if args.think else ""
                print(f"{n} players, {len(results)} games, seed {args.seed}, edition {args.edition}, {args.bots} bots"
                      f"{think}")
                print("\n\n".join(group_tables({"by": doc}, "plain")))
                print("\n".join(verdicts(doc, n)), flush=True)
    if args.event:
        cfg = config(["heuristic"] * 3, args.edition)
        won = Fraction(0)
        sold = took = paid = 0
        ends = [[0, 0, 0] for _ in range(3)]  # per seat: genes, mutation points, dinosaurs at the end
        for g in range(args.event):
            seed = game_seed(args.seed, g)
            state = RULES.new_state(cfg, seed)
            bots = list(seat_bots(RULES, cfg, seed))
            bots[0] = EventTaker(seed, 0, least=args.event_bid)
            play_out(state, bots)
            winners = [state.names.index(w) for w in state.winners]
            won += Fraction(1, len(winners)) if 0 in winners else 0
            rounds = [r for r in state.rounds if "event" in r.bought]  # the rounds that sold an event card
            sold += len(rounds)
            took += sum(r.bought[0] == "event" for r in rounds)
            paid += sum(r.paid[0] for r in rounds if r.bought[0] == "event")
            for seat in range(3):
                for k, v in enumerate((sum(state.genes[seat].values()), state.mp[seat], state.count[seat])):
                    ends[seat][k] += v
        lo, hi = wilson(won, args.event)
        print(f"event taker (least bid {args.event_bid}) against two heuristic bots, {args.event} games, seed "
              f"{args.seed}: {ratio(won, args.event):.1%} ({lo:.1%}-{hi:.1%}); it took the event card in "
              f"{took} of {sold} rounds that sold one ({took / max(sold, 1):.0%}), paying {paid / max(took, 1):.2f}"
              " a card")
        print("at the end, the taker and the two heuristic bots: " + "; ".join(
            f"{what} " + " / ".join(f"{ends[seat][k] / args.event:.1f}" for seat in range(3))
            for k, what in enumerate(("genes", "mutation points", "dinosaurs"))))


if __name__ == "__main__":
    main()
