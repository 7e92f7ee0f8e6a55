"""Instructions a move of Evo's random playouts, counted by Valgrind's callgrind: the measure of speed that does
not depend on the machine's load (issue 31).

    python tools/evo_playout_instructions.py [--checkout DIR] [--collector-off] [--games 12]

Runs a checkout (this one by default) twice under `valgrind --tool=callgrind` with PYTHONHASHSEED=0: both runs
play four fresh five-player games out untimed (the bench's warm-up: the per-island caches filled) and make
GAMES fresh ones; only the first plays those out. The difference of the two counts, divided by the moves the
GAMES games made, is printed. The checkout's modules are compiled first, so neither run parses source. With
--collector-off both runs switch the garbage collector off at their start: a collection that falls in one run
and not the other moves the count by about a hundred, so a small change is best judged with it off as well.
Each run takes about 15 s.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import gc, sys
if sys.argv[1] == "off":
    gc.disable()
from fauna_cli.bench import _playout_states
from rules.core.rng import SplitMix64
from rules.evo import playout
play = getattr(playout, "python_play_out", playout.play_out)  # the Python, never a compiled copy (older: play_out)
for state in _playout_states("evo", 4, 10**6):
    play(state, SplitMix64(1))
states = _playout_states("evo", int(sys.argv[2]), 1)
if sys.argv[3] == "play":
    rng = SplitMix64(5)
    for state in states:
        play(state, rng)
print(sum(len(s.history) for s in states))
"""


def count(checkout: Path, collector: str, games: int, play: bool) -> tuple[int, int]:
    """(instructions, moves of the fresh games) of one run under callgrind."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(checkout))
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                           CHILD, collector, str(games), "play" if play else "make"],
                          cwd=checkout, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"no count in callgrind's output:\n{done.stderr}")
    return int(found.group(1)), int(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkout", type=Path, default=ROOT, help="the checkout to measure (default: this one)")
    parser.add_argument("--collector-off", action="store_true", help="switch the garbage collector off in both runs")
    parser.add_argument("--games", type=int, default=12, help="fresh five-player games played out (default 12)")
    args = parser.parse_args()
    checkout = args.checkout.resolve()
    subprocess.run([sys.executable, "-m", "compileall", "-q", "rules", "fauna_cli"], cwd=checkout, check=True,
                   stdout=subprocess.DEVNULL)
    collector = "off" if args.collector_off else "on"
    full, moves = count(checkout, collector, args.games, True)
    base, _ = count(checkout, collector, args.games, False)
    sys.stdout.write(f"{checkout}: {(full - base) / moves:,.0f} instructions a move ({full - base:,} over {moves} "
                     f"moves of {args.games} games, collector {collector})\n")


if __name__ == "__main__":
    main()
