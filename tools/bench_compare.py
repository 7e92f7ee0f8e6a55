"""Time the bench's cold-start commands in two checkouts, alternating them, so "before" and "after" share one run.

A figure measured yesterday and one measured today differ by the machine's load as much as by the change;
taking each command in the old checkout, then in the new one, round after round, lets a busy moment hit
both alike. The commands are those of the bench's table of waits (`python -m fauna_cli.bench`): `--help`,
`map adjacent`, `animal show lion`, `play --moves` of the bench's six-move script, `check tests/cases`,
`pbem move` on a 500-move e-mail game (a fresh copy before each run) and `replay` of the bench's long log
(21,316 moves), each beside `python -c "import click"`. The inputs are made once by this checkout's bench
code; each checkout runs from its own folder (so `python -m fauna_cli` imports that checkout) and checks its
own `tests/cases`. Both use a private cache folder (XDG_CACHE_HOME), warmed by one untimed run of each command.

Usage (make the old checkout with `git worktree add --detach ../before COMMIT`):
    python tools/bench_compare.py ../before                 old checkout against this one, 15 rounds
    python tools/bench_compare.py ../before --runs 31 --only "play --moves" --only "pbem move"
    python tools/bench_compare.py ../before --json          the times as JSON (every run, in seconds)
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fauna_cli.bench import COLD_ARGS, SHORT_SCRIPT, fauna_work, long_log  # noqa: E402 - after the sys.path line

FAUNA = ["-m", "fauna_cli"]


def commands(work: Path) -> dict[str, list[str]]:
    """The timed command lines (arguments to python), the bench's inputs written to `work`."""
    return {"import click": ["-c", "import click"],
            "--help": [*FAUNA, "--help"],
            "map adjacent": COLD_ARGS,
            "animal show lion": [*FAUNA, "animal", "show", "lion"],
            "play --moves": [*FAUNA, "play", "--seed", "7", "--moves", str(work / "short.txt")],
            "check tests/cases": [*FAUNA, "check", "tests/cases"],
            "pbem move": [*FAUNA, "pbem", "move", "{pbem}", "--as", "{who}", "{move}"],
            "replay": [*FAUNA, "replay", str(work / "long.fauna")]}


def write_inputs(work: Path, names: list[str]) -> dict[str, str]:
    """Write the inputs of the commands `names` (the short script, the long log, the e-mail game as pbem.txt);
    return what the `pbem move` line needs."""
    (work / "short.txt").write_text(SHORT_SCRIPT, encoding="utf-8")
    if "replay" in names:
        text, _moves = long_log()
        (work / "long.fauna").write_text(text, encoding="utf-8")
    if "pbem move" not in names:
        return {"who": "", "move": ""}
    game, who, move, _made = fauna_work().game_file(500, 11)
    (work / "pbem.txt").write_text(game, encoding="utf-8")
    return {"who": who, "move": move}


def run(checkout: Path, args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU time (user + system) of one fresh `python ARGS` in `checkout`; a failure stops the comparison."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    done = subprocess.run([sys.executable, *args], cwd=checkout, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        sys.exit(f"{checkout}: {' '.join(args)} exited {done.returncode}: "
                 f"{done.stderr.decode(errors='replace').strip()[-500:]}")
    return elapsed, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


Times = dict[str, dict[str, dict[str, list[float]]]]  # command -> "old"/"new" -> "wall"/"cpu" -> seconds per run


def compare(old: Path, new: Path, names: list[str], runs: int, work: Path) -> Times:
    """Every run's wall and CPU time per command and checkout, the checkouts taken in turn (which first alternates)."""
    extra = write_inputs(work, names)
    env = {**os.environ, "XDG_CACHE_HOME": str(work / "cache")}
    env.pop("FAUNA_NO_CACHE", None)
    env.pop("PYTHONPATH", None)  # each checkout imports itself, from its own folder
    lines = commands(work)
    sides = {"old": old, "new": new}
    pbem = {side: work / f"pbem-{side}.fauna" for side in sides}
    game = (work / "pbem.txt").read_text(encoding="utf-8") if "pbem move" in names else ""

    def timed(name: str, side: str) -> tuple[float, float]:
        if name == "pbem move":  # the move is appended: each run starts from the same 500 moves
            pbem[side].write_text(game, encoding="utf-8")
        return run(sides[side], [a.format(pbem=pbem[side], **extra) for a in lines[name]], env)

    for checkout in sides.values():  # both run from bytecode, as an installed package does
        for package in ("fauna_cli", "rules"):
            compileall.compile_dir(str(checkout / package), quiet=1)
    for side in sides:  # warm the file cache and the parsed-data and case caches
        for name in names:
            timed(name, side)
    times: Times = {name: {side: {"wall": [], "cpu": []} for side in sides} for name in names}
    for i in range(runs):
        order = ("old", "new") if i % 2 == 0 else ("new", "old")
        for name in names:
            for side in order:
                wall, cpu = timed(name, side)
                times[name][side]["wall"].append(wall)
                times[name][side]["cpu"].append(cpu)
    return times


def report(times: Times, old: Path, new: Path, runs: int) -> str:
    """Medians of wall and CPU seconds per command and checkout, beside the ratio to `import click` and new/old.

    new/old is the figure to read: each pair ran in turn, so a busy moment hit both; the ratios to `import click`
    follow the bench's table, and wobble with the baseline's own median.
    """
    med = {name: {side: {kind: statistics.median(v) for kind, v in t.items()} for side, t in sides.items()}
           for name, sides in times.items()}
    # `import click` is the same command in both checkouts: its runs are pooled, so the ratios share one baseline
    click_s = statistics.median(times["import click"]["old"]["wall"] + times["import click"]["new"]["wall"])
    rows = [f"{runs} runs of each command in each checkout, taken in turn; medians; old = {old}, new = {new}",
            f"{'':<18} {'wall time (s) and / import click':^41} | {'CPU time (s), user + system':^27}",
            f"{'command':<18} {'old':>6} {'new':>6} {'old/cl':>7} {'new/cl':>7} {'new/old':>8} | "
            f"{'old':>6} {'new':>6} {'new/old':>8}"]
    for name, m in med.items():
        o, n = m["old"], m["new"]
        rows.append(f"{name:<18} {o['wall']:6.3f} {n['wall']:6.3f} {o['wall'] / click_s:7.2f} "
                    f"{n['wall'] / click_s:7.2f} {n['wall'] / o['wall']:8.2f} | "
                    f"{o['cpu']:6.3f} {n['cpu']:6.3f} {n['cpu'] / o['cpu']:8.2f}")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, help="the checkout to compare with (its root folder)")
    parser.add_argument("--new", type=Path, default=ROOT, help="the other checkout (default: this one)")
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each command in each checkout")
    parser.add_argument("--only", action="append", metavar="NAME",
                        help="time only this command (repeatable; `import click` is always timed)")
    parser.add_argument("--json", action="store_true", help="print every run's time as JSON")
    a = parser.parse_args()
    known = list(commands(Path()))
    unknown = [n for n in a.only or [] if n not in known]
    if unknown:
        parser.error(f"unknown command {unknown[0]!r}; known: {', '.join(known)}")
    for checkout in (a.old, a.new):
        if not (checkout / "fauna_cli" / "__main__.py").is_file():
            parser.error(f"{checkout} is not a fauna checkout (no fauna_cli/__main__.py)")
    names = ["import click", *(n for n in known if n in a.only and n != "import click")] if a.only else known
    with tempfile.TemporaryDirectory(prefix="fauna-compare-") as tmp:
        times = compare(a.old.resolve(), a.new.resolve(), names, a.runs, Path(tmp))
    print(json.dumps(times, indent=1) if a.json else report(times, a.old, a.new, a.runs))


if __name__ == "__main__":
    main()
