"""Regenerate the golden logs of the games played through the protocol (every game but Fauna).

Each golden is a complete bots-only game from a fixed config and seed (GOLDENS below), written by the
shared log (rules/core/log.py), so the same rules always give the same bytes. Fauna's goldens have their
own tool (tools/make_goldens.py).

Usage:
    python3 tools/make_game_goldens.py            write every golden of GOLDENS whose game is registered
    python3 tools/make_game_goldens.py --check    exit 1 if any golden differs from what would be written
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.core.bots import seat_bots  # noqa: E402 - imported after putting the checkout on sys.path
from rules.core.log import GameLog  # noqa: E402 - imported after putting the checkout on sys.path
from rules.core.registry import GAMES, load_rules  # noqa: E402 - imported after putting the checkout on sys.path

REPLAYS = ROOT / "replays"
NAMES = ("ann", "ben", "cleo", "dev", "eve")

# file name -> (game, players, seed, bot kinds by seat: the last fills the rest; "heuristic" = the game's
# second bot kind, so both kinds appear), and [game] settings beyond rules and seed. A golden made before a
# game's rules edition changed keeps the edition it was played by (so it is still made byte for byte, and
# still replays); the current edition gets goldens of its own.
GOLDENS: dict[str, tuple[str, int, int, tuple[str, ...]] | tuple[str, int, int, tuple[str, ...], dict[str, int]]] = {
    "2p-arctic.arctic": ("arctic", 2, 7, ("heuristic", "random")),
    "4p-arctic.arctic": ("arctic", 4, 11, ("random", "heuristic")),
    "2p-exofauna.exofauna": ("exofauna", 2, 5, ("heuristic", "random")),
    "2p-evo.evo": ("evo", 2, 3, ("heuristic", "random"), {"edition": 1}),
    "5p-evo.evo": ("evo", 5, 13, ("random", "heuristic"), {"edition": 1}),
    "2p-evo-edition2.evo": ("evo", 2, 3, ("heuristic", "random"), {"edition": 2}),
    "5p-evo-edition2.evo": ("evo", 5, 13, ("random", "heuristic"), {"edition": 2}),
    "2p-evo-edition3.evo": ("evo", 2, 3, ("heuristic", "random"), {"edition": 3}),
    "5p-evo-edition3.evo": ("evo", 5, 13, ("random", "heuristic"), {"edition": 3}),
    "2p-evo-edition4.evo": ("evo", 2, 3, ("heuristic", "random"), {"edition": 4}),
    "5p-evo-edition4.evo": ("evo", 5, 13, ("random", "heuristic"), {"edition": 4}),
    "2p-evo-edition5.evo": ("evo", 2, 3, ("heuristic", "random"), {"edition": 5}),
    "5p-evo-edition5.evo": ("evo", 5, 13, ("random", "heuristic"), {"edition": 5}),
    "2p-evo-edition6.evo": ("evo", 2, 3, ("heuristic", "random"), {"edition": 6}),
    "5p-evo-edition6.evo": ("evo", 5, 13, ("random", "heuristic"), {"edition": 6}),
    "2p-evo-edition7.evo": ("evo", 2, 3, ("heuristic", "random"), {"edition": 7}),
    "5p-evo-edition7.evo": ("evo", 5, 13, ("random", "heuristic"), {"edition": 7}),
    "5p-evo-edition8.evo": ("evo", 5, 13, ("random", "heuristic")),
}


def active() -> dict[str, tuple[Any, ...]]:
    """The goldens of the games this engine has."""
    return {k: v for k, v in GOLDENS.items() if v[0] in GAMES}


def golden_text(name: str) -> str:
    """The whole log of golden `name`, played from its config by its bots."""
    game, players, seed, kinds, *more = GOLDENS[name]
    settings: dict[str, int] = more[0] if more else {}
    rules = load_rules(game)
    other = next((k for k in rules.bot_kinds if k != "random"), "random")
    kinds = tuple(other if k == "heuristic" else k for k in kinds)
    kinds = kinds + (kinds[-1],) * (players - len(kinds))
    doc = {"game": {"rules": game, "seed": seed} | settings,
           "players": [{"name": NAMES[i], "bot": kinds[i]} for i in range(players)]}
    config = rules.config_from_dict(doc, name, None)
    state = rules.new_state(config, seed)
    log = GameLog(rules, state)
    bots = seat_bots(rules, config, seed)
    names = list(state.names)
    while not state.is_over:
        player = state.to_move
        bot = bots[names.index(player)]
        assert bot is not None
        log.play(player, bot.choose(state))
    return log.text()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a golden is out of date")
    args = parser.parse_args()
    stale = 0
    for name in active():
        text = golden_text(name)
        path = REPLAYS / name
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"{path.name}: out of date")
                stale += 1
        else:
            path.write_text(text, encoding="utf-8", newline="\n")
            print(f"wrote {path.relative_to(ROOT)} ({text.count(chr(10))} lines)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
