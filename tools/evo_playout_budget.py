"""Where Evo's random playouts spend their bytecodes: per phase, per function and per line, and the decisions
a five-player game has of each kind, so that a speed-up starts from a measured budget (issue 31).

    python tools/evo_playout_budget.py [--games 12] [--lines 40]

Fresh five-player games (the bench's set-up) are played out through rules/evo/playout.py after four untimed
ones (which fill the per-island caches as a search that has run a while has them), with every bytecode counted
by a tracer (sys.settrace with opcode events). A bytecode is not a fixed cost (a big-integer product or a
dictionary lookup costs many), so the instructions a move (Valgrind's callgrind) stay the measure of speed;
this says where the work is. Deterministic: the same figures on every run.
"""

from __future__ import annotations

import argparse
import linecache
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fauna_cli.bench import _playout_states  # noqa: E402 - imported after putting the checkout on sys.path
from rules.core.rng import SplitMix64  # noqa: E402
from rules.evo import playout  # noqa: E402

PHASES = ("_movement", "_births", "_auction", "_survival", "_window", "_initiative", "_by_state", "play_out")


def budget(games: int) -> dict[str, Any]:
    """Bytecodes by phase, function and line, and decisions by kind, over `games` playouts."""
    by_phase: Counter[str] = Counter()
    by_function: Counter[tuple[str, str]] = Counter()
    by_line: Counter[tuple[str, int]] = Counter()

    def local(frame: FrameType, event: str, arg: object) -> Any:
        if event == "opcode":
            code = frame.f_code
            by_function[Path(code.co_filename).name, code.co_name] += 1
            by_line[code.co_filename, frame.f_lineno or 0] += 1
            f: FrameType | None = frame
            while f is not None and f.f_code.co_name not in PHASES:
                f = f.f_back
            by_phase[f.f_code.co_name if f is not None else "?"] += 1
        return local

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        frame.f_trace_opcodes = True
        return local

    for state in _playout_states("evo", 4, 10**6):
        playout.python_play_out(state, SplitMix64(1))
    states = _playout_states("evo", games, 1)
    rng = SplitMix64(5)
    sys.settrace(tracer)
    try:
        for state in states:
            playout.python_play_out(state, rng)
    finally:
        sys.settrace(None)
    kinds: Counter[str] = Counter(m.kind for s in states for _, m in s.history)
    return {"games": games, "moves": sum(kinds.values()), "kinds": kinds, "phases": by_phase,
            "functions": by_function, "lines": by_line}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12, help="fresh five-player games played out (default 12)")
    parser.add_argument("--lines", type=int, default=40, help="the costliest lines shown (default 40)")
    args = parser.parse_args()
    b = budget(args.games)
    moves, games = b["moves"], b["games"]
    total = sum(b["phases"].values())
    sys.stdout.write(f"{games} games, {moves / games:.0f} moves a game, {total / moves:.0f} bytecodes a move\n")
    sys.stdout.write("decisions a game: " + ", ".join(f"{k} {v / games:.1f}" for k, v in b["kinds"].most_common())
                     + "\n\nbytecodes a move, by phase (with what it calls):\n")
    for name, n in b["phases"].most_common():
        sys.stdout.write(f"  {name:12s} {n / moves:6.1f}\n")
    sys.stdout.write("\nbytecodes a move, by function (its own):\n")
    for (path, name), n in b["functions"].most_common(20):
        sys.stdout.write(f"  {path:14s} {name:24s} {n / moves:6.1f}\n")
    sys.stdout.write("\nbytecodes a move, by line:\n")
    for (path, line), n in b["lines"].most_common(args.lines):
        text = linecache.getline(path, line).strip()[:80]
        sys.stdout.write(f"  {Path(path).name:14s} {line:4d} {n / moves:6.1f}  {text}\n")


if __name__ == "__main__":
    main()
