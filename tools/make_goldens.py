"""Regenerate the golden replay logs in replays/ (after a deliberate change of the data or the log format).

The five `fauna-log 2` goldens are written in format 2 (their facts come from the installed data, so a
data change changes them); the `-v3` goldens in format 3 (their cards' facts are in the file, so they
keep verifying after a data change, and only `--check` tells that a new game would now differ).
Each golden is a complete game from a fixed config and seed, its moves chosen by a fixed policy driven
by SplitMix64, so the same data and engine always give the same bytes. The policy is not a player:
it peeks at the card's answer to aim at scoring spots half of the time, so games end in a reasonable
number of rounds and every kind of verdict (correct, adjacent, nothing) shows up.

Usage:
    python3 tools/make_goldens.py            write every replays/*.fauna
    python3 tools/make_goldens.py --check    exit 1 if any golden differs from what would be written
    python3 tools/make_goldens.py --print NAME   write one golden to standard output
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.core.rng import SplitMix64  # noqa: E402 - imported after putting the checkout on sys.path
from rules.fauna import PASS, Config, new_game  # noqa: E402 - imported after putting the checkout on sys.path
from rules.fauna.replay import log_text  # noqa: E402 - imported after putting the checkout on sys.path

REPLAYS = ROOT / "replays"
SUFFIX = ".fauna"


def _players(*names: str) -> list[dict]:
    return [{"name": n} for n in names]


CUSTOM_TABLE = {  # a custom scoring table, stored inline in the log
    "name": "flat", "description": "A flat table for testing: 9 on a home area, 3 next to one", "scale_correct": 5,
    "scale_adjacent": 2, "row": [{"min": 1, "max": 4, "correct": 9, "adjacent": 3},
                                 {"min": 5, "correct": 6, "adjacent": 1}],
}

# name: (config document, seed, policy seed)
GOLDENS: dict[str, tuple[dict, int, int]] = {
    "2p-published-metric": (
        {"game": {"preset": "published", "units": "metric", "cards": "mixed"}, "players": _players("ann", "ben")},
        20240501, 1),
    "4p-reference-manual-imperial": (
        {"game": {"preset": "reference-manual", "units": "imperial", "cards": "green"},
         "players": _players("ann", "ben", "cleo", "dev")}, 777, 2),
    "6p-published-imperial": (
        {"game": {"preset": "published", "units": "imperial", "cards": "black", "start": "fay"},
         "players": _players("ann", "ben", "cleo", "dev", "eve", "fay")}, 2**64 - 1, 3),
    "6p-reference-manual-metric": (
        {"game": {"preset": "reference-manual", "units": "metric", "cards": "mixed"},
         "players": _players("Anne Marie", "Zoë", "O'Brien", "李", "bob-2", "x")}, 0, 4),
    "3p-custom-table-metric": (
        {"game": {"preset": CUSTOM_TABLE, "units": "metric", "cards": "mixed", "goal": 60},
         "players": _players("ann", "ben", "cleo")}, 31337, 5),
}


VERSIONS: dict[str, int] = dict.fromkeys(GOLDENS, 2)  # the five format-2 goldens stay format 2
GOLDENS |= {  # format 3: each card's facts recorded as it comes into play
    "3p-published-metric-v3": (
        {"game": {"preset": "published", "units": "metric", "cards": "mixed"},
         "players": _players("ann", "ben", "cleo")}, 190019, 6),
    "5p-reference-manual-imperial-v3": (
        {"game": {"preset": "reference-manual", "units": "imperial", "cards": "green", "goal": 60},
         "players": _players("ann", "ben", "cleo", "dev", "Zoë")}, 2**63 + 19, 7),
}
VERSIONS |= {name: 3 for name in GOLDENS if name.endswith("-v3")}


def play(config: Config, seed: int, policy_seed: int):
    """A complete game: pass a third of the time when allowed, else aim at a scoring spot half of the time."""
    state = new_game(config, seed)
    rng = SplitMix64(policy_seed)
    while not state.is_over:
        moves = state.legal_moves()
        if PASS in moves and rng.below(3) == 0:
            move = PASS
        else:
            places = [m for m in moves if m.kind != "pass"]
            good = [m for m in places if state.score_move(m)[1] > 0]
            pool = good if good and rng.below(2) else places
            move = pool[rng.below(len(pool))]
        state.apply(move, state.to_move)
    return state


def golden_text(name: str) -> str:
    """The log text a golden should have."""
    doc, seed, policy = GOLDENS[name]
    return log_text(play(Config.from_dict(doc, f"golden {name}"), seed, policy), version=VERSIONS[name])


def golden_path(name: str) -> Path:
    return REPLAYS / f"{name}{SUFFIX}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare instead of writing; exit 1 on any difference")
    ap.add_argument("--print", dest="print_name", metavar="NAME", choices=sorted(GOLDENS), help="print one golden")
    args = ap.parse_args(argv)
    if args.print_name:
        sys.stdout.buffer.write(golden_text(args.print_name).encode("utf-8"))
        return 0
    from fauna_cli.files import atomic_write

    stale = []
    for name in GOLDENS:
        text = golden_text(name)
        path = golden_path(name)
        if args.check:
            if not path.is_file() or path.read_bytes() != text.encode("utf-8"):
                stale.append(name)
            continue
        atomic_write(path, text)
        print(f"wrote {path.relative_to(ROOT)} ({text.count(chr(10))} lines)")
    if stale:
        print("out of date: " + ", ".join(stale) + " (regenerate with python3 tools/make_goldens.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
