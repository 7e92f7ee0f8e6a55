"""Long fuzz run: throw generated hostile inputs at every reader of fauna and count what breaks the contract.

    python3 tools/fuzz.py                      # 100,000 inputs over all readers, seed 0, 10 s per input
    python3 tools/fuzz.py --inputs 20000 --seed 7 --timeout 5 --save failures/

The inputs come from tests/fuzzkit.py (the fuzz tests use the same generators with fewer inputs):
mutations of valid configs, presets, move scripts, game logs (hash chain recomputed after most
mutations, so the parser behind the hash check is reached), case files, command lines and player
names. Each input runs the real command in-process; an input breaks the contract when it exits 70
or with an undocumented code, prints a traceback, writes other than exactly one line on stderr when
it fails, or lets a raw control character through. An input that takes longer than --timeout seconds
is stopped (SIGALRM) and counted as a hang. Prints inputs, exit codes, problems and hangs per reader
and exits 1 if there were any problems or hangs.
"""

from __future__ import annotations

import argparse
import collections
import random
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import fuzzkit  # noqa: E402 - tests/ must be on sys.path first


class Hang(Exception):
    """An input ran past the time limit."""


def _alarm(signum, frame):
    raise Hang


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--inputs", type=int, default=100_000, help="total inputs, spread evenly over the readers")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds one input may take before it is a hang")
    ap.add_argument("--readers", default=",".join(fuzzkit.READERS), help="comma-separated subset of readers")
    ap.add_argument("--save", type=Path, help="folder to write every input that broke the contract or hung")
    args = ap.parse_args(argv)
    readers = [r.strip() for r in args.readers.split(",") if r.strip()]
    unknown = [r for r in readers if r not in fuzzkit.READERS]
    if unknown:
        ap.error(f"unknown readers {unknown}; choose from {', '.join(fuzzkit.READERS)}")
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGALRM, _alarm)
    ws = fuzzkit.Workspace()
    per = {r: args.inputs // len(readers) + (1 if i < args.inputs % len(readers) else 0) for i, r in enumerate(readers)}
    total_problems = total_hangs = 0
    start = time.time()
    print(f"{'reader':<14}{'inputs':>9}{'internal':>10}{'contract':>10}{'hangs':>7}{'slowest s':>11}  exit codes")
    for reader in readers:
        rng = random.Random(f"{args.seed}:{reader}")
        codes: collections.Counter[int] = collections.Counter()
        internal = contract = hangs = 0
        slowest = 0.0
        examples: list[str] = []
        for i in range(per[reader]):
            data = fuzzkit.generate(reader, rng)
            t0 = time.perf_counter()
            signal.setitimer(signal.ITIMER_REAL, args.timeout)
            try:
                outcome = fuzzkit.run(reader, ws, data)
            except Hang:
                outcome = None
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            slowest = max(slowest, time.perf_counter() - t0)
            if outcome is None:
                hangs += 1
                problem = "hang"
            else:
                codes[outcome.code] += 1
                problem = outcome.problem
                if problem:
                    if outcome.code == 70 or problem.startswith("exception"):
                        internal += 1
                    else:
                        contract += 1
            if problem:
                if len(examples) < 3:
                    examples.append(f"    {problem[:200]}  input {data[:80]!r}")
                if args.save:
                    (args.save / f"{reader.replace(' ', '-')}-{i}.bin").write_bytes(data)
        total_problems += internal + contract
        total_hangs += hangs
        shown = ", ".join(f"{c}: {n}" for c, n in sorted(codes.items()))
        row = f"{reader:<14}{per[reader]:>9,}{internal:>10}{contract:>10}{hangs:>7}{slowest:>11.2f}"
        print(f"{row}  {shown}", flush=True)
        for line in examples:
            print(line)
    ws.close()
    print(f"{sum(per.values()):,} inputs in {time.time() - start:.0f} s: {total_problems} problems "
          f"(internal errors and contract breaks), {total_hangs} hangs (limit {args.timeout:g} s per input)")
    return 1 if total_problems or total_hangs else 0


if __name__ == "__main__":
    sys.exit(main())
