"""Measure an Evo rules edition's islands: win rate by start pair and first-round turn position, and the event taker.

On an island with more start pairs than players (edition 8's five players) the tables also give the win rate by a
seat's distance in sides from the start pair nobody was given.

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
--results FILE keeps each finished balance game's result in FILE, a line a game: the same command run again with
it plays only the games the file does not hold yet and prints the tables over all of them, so a run of the search
bot stopped by hand (hours of CPU) goes on where it stopped. A file of another run's settings is refused.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import asdict, dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fauna_cli.options import seat_name
from fauna_cli.simulate_cmd import group_doc, group_tables
from rules.core.bots import play_out, seat_bots
from rules.core.simulate import GameResult, game_seed, play_game, ratio, wilson
from rules.evo import RULES
from rules.evo.board import board_for
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


def kept_results(path: str, run: dict[str, Any]) -> dict[int, GameResult]:
    """The games of this run a results file holds, by index; an unfinished last line (a run killed while
    writing it) is cut off; a line of another run, or one that is not a result, ends the tool with exit 2."""
    if not os.path.exists(path):
        return {}
    with open(path, "rb") as f:
        data = f.read()
    if data and not data.endswith(b"\n"):
        cut = data.rfind(b"\n") + 1
        print(f"{path}: the unfinished last line (a run stopped while writing it) is dropped", file=sys.stderr)
        with open(path, "r+b") as f:
            f.truncate(cut)
        data = data[:cut]
    kept: dict[int, GameResult] = {}
    for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
        try:
            doc = json.loads(line)
            if doc["run"] != run:
                refuse(f"{path}:{number}: a game of another run ({describe(doc['run'])}), not of this one "
                       f"({describe(run)}): give another --results file")
            r = doc["result"]
            kept[r["index"]] = GameResult(r["index"], r["seed"], r["moves"], tuple(r["winners"]), tuple(r["score"]),
                                          tuple((k, tuple(v)) for k, v in r["sources"]),
                                          tuple((k, tuple(tuple(x) for x in v)) for k, v in r["groups"]))
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            refuse(f"{path}:{number}: not a game's result of this tool ({type(exc).__name__}: {str(exc)[:80]})")
    return kept


def keep_result(path: str, run: dict[str, Any], result: GameResult) -> None:
    """Add a finished game's result to the file as one whole line, written and flushed at once."""
    line = json.dumps({"run": run, "result": asdict(result)}, sort_keys=True) + "\n"
    with open(path, "a", encoding="utf-8") as f:
        f.write(line)


def describe(run: Any) -> str:
    """A run's settings in words, for a refusal."""
    if not isinstance(run, dict):
        return repr(run)[:80]
    return ", ".join(f"{k} {v}" for k, v in sorted(run.items()) if v is not None)


def refuse(message: str) -> None:
    """One line on stderr and exit 2 (bad usage or an unreadable file, as the fauna command does)."""
    print(f"evo_islands.py: {message}", file=sys.stderr)
    sys.exit(2)


def open_sides(results: list[GameResult], players: int, edition: int) -> list[str]:
    """Lines of win rates by a seat's distance, in sides, from the nearest start pair left open, on an island
    with more pairs than players (edition 8's five players); none on an island where every pair is given.

    The pairs are listed round the island in the islands file (tests/test_evo_edition8.py), so a pair's
    distance from another is the steps between them in that list, either way round."""
    board = board_for(players, edition)
    pairs = ["+".join(sorted(board.names[s] for s in p)) for p in board.start_pairs]
    if len(pairs) == players:
        return []
    seats: dict[int, int] = {}
    wins: dict[int, Fraction] = {}
    for r in results:
        given = [labels[0] for labels in dict(r.groups)["start"]]
        left = [i for i, p in enumerate(pairs) if p not in given]
        for seat, label in enumerate(given):
            k = pairs.index(label)
            d = min(min((k - o) % len(pairs), (o - k) % len(pairs)) for o in left)
            seats[d] = seats.get(d, 0) + 1
            wins[d] = wins.get(d, Fraction(0)) + (Fraction(1, len(r.winners)) if seat in r.winners else 0)
    out = [f"By sides from the open side (the start pair nobody was given; fair share {1 / players:.1%}):"]
    for d in sorted(seats):
        lo, hi = wilson(wins[d], seats[d])
        out.append(f"{d} side{'s' if d > 1 else ''} away: {seats[d]} seats, {ratio(wins[d], seats[d]):.1%} "
                   f"({lo:.1%}-{hi:.1%})")
    return out


def report(results: list[GameResult], args: argparse.Namespace) -> None:
    """The tables of the balance games so far and the verdicts against the target."""
    n = args.players
    doc = group_doc(RULES, results, n, ("start", "order"))
    think = f", think {args.think}" if args.think else ""
    print(f"{n} players, {len(results)} games, seed {args.seed}, edition {args.edition}, {args.bots} bots"
          f"{think}")
    print("\n\n".join(group_tables({"by": doc}, "plain")))
    sides = open_sides(results, n, args.edition)
    if sides:
        print("\n" + "\n".join(sides))
    print("\n".join(verdicts(doc, n)), flush=True)


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
    ap.add_argument("--results", default=None, help="keep each game's result in this file and go on from it")
    args = ap.parse_args()
    n = args.players
    if args.games:
        cfg = config([args.bots] * n, args.edition, args.think)
        run = {"players": n, "seed": args.seed, "edition": args.edition, "bots": args.bots, "think": args.think}
        kept = kept_results(args.results, run) if args.results else {}
        results = [kept[g] for g in sorted(kept) if g < args.games]
        played = 0
        for g in range(args.games):
            if g in kept:
                continue
            results.append(play_game(RULES, cfg, args.seed, g, ("start", "order")))
            played += 1
            if args.results:
                keep_result(args.results, run, results[-1])
            if len(results) == args.games or (args.every and len(results) % args.every == 0):
                report(results, args)
        if not played:  # every game was in the results file already
            report(results, args)
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
