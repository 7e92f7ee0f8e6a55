"""Measure how many mails a player of a refereed game sends per turn, now that a move file holds a whole turn.

Usage: python3 tools/mail_turns.py [--games 20] [GAME ...]   (default: arctic exofauna evo)

Simulates games with computer players deciding for every seat. A turn is a run of decisions by one player;
its decisions go to the referee in one move file, and the referee stops before a decision that rests on
what an earlier one showed (rules/core/turns.py: after the game's `final_reason` says a card was drawn or a
die rolled, a decision that names what it showed), which then comes in the next mail. Prints, per game,
turns, mails and mails per turn over all simulated games.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules.core.protocol import GameRules  # noqa: E402 - imported after putting the checkout on sys.path
from rules.core.registry import load_rules  # noqa: E402 - imported after putting the checkout on sys.path

PLAYERS = {"arctic": 3, "exofauna": 2, "evo": 3}  # the three-player Arctic; ExoFauna/Duo is for two


def mails_of(rules: GameRules, config: Any, seed: int, history: list[tuple[str, Any]]) -> tuple[int, int]:
    """(turns, mails) of a game's history (player, move) sent one move file per turn: a turn is a run of one
    player's decisions, and a new mail starts where the referee stops (rules/core/turns.py)."""
    from rules.core.turns import TurnReader

    state = rules.new_state(config, seed)
    turns = mails = 0
    last, reader = None, None
    for who, move in history:
        text = state.move_text(move)
        if who != last or reader is None or reader.stop_before(text):
            turns += who != last
            mails += 1
            reader = TurnReader(rules, state, who)
            reader.stop_before(text)
        last = who
        reader.applied(text, state.apply(move, who))
    return turns, mails


def simulate(rules: GameRules, players: int, seed: int, kind: str) -> tuple[int, int]:
    """(turns, mails) of one game decided by computer players of `kind` in every seat."""
    names = [f"p{i}" for i in range(1, players + 1)]
    config = rules.config_from_dict({"game": {"rules": rules.name}, "players": [{"name": n} for n in names]},
                                    "mail_turns", None)
    state = rules.new_state(config, seed)
    bots = [rules.make_bot(kind, {}, seed, i) for i in range(players)]
    for _ in range(100_000):
        if state.is_over:
            break
        state.apply(bots[names.index(state.to_move)].choose(state), state.to_move)
    return mails_of(rules, config, seed, list(state.history))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("game", nargs="*", default=["arctic", "exofauna", "evo"])
    args = ap.parse_args(argv)
    for name in args.game:
        rules = load_rules(name)
        kind = rules.bot_kinds[0]
        turns = mails = 0
        for seed in range(1, args.games + 1):
            t, m = simulate(rules, PLAYERS.get(name, rules.min_players), seed, kind)
            turns, mails = turns + t, mails + m
        print(f"{rules.title}: {args.games} games, {PLAYERS.get(name, rules.min_players)} players ({kind} bots): "
              f"{turns} turns, {mails} mails, {mails / turns:.3f} mails per turn")
    return 0


if __name__ == "__main__":
    sys.exit(main())
