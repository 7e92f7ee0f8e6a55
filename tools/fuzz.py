"""Long fuzz run: mutated real files of all four games thrown at every reader; figures per reader by exit code.

    python3 tools/fuzz.py                            # 100,000 inputs over every reader, seed 0
    python3 tools/fuzz.py --inputs 20000 --seed 7 --jobs 2 --save fuzz-failures/
    python3 tools/fuzz.py --readers "evo view file,arctic key file" --inputs 2000
    python3 tools/fuzz.py --list                     # the readers

The corpus is made first by playing real games of Fauna, Arctic, ExoFauna and Evo through the CLI
(tests/fuzzcorpus.py: plain game files and their move files, referee key, public and view files, a
revealed public file, move scripts, configs, the rule-case files). Each reader (tests/fuzzgames.py:
`GAME KIND`, e.g. `arctic view file`) mutates one kind of file structurally with its hash chain or
move-file check recomputed (tests/fuzzmutate.py), lays the files out in an empty folder and runs the
real commands in-process in a worker process, which has a time limit (--timeout, SIGALRM, and a hard
kill a little later) and a memory limit (--memory MB over its size at start, as RLIMIT_AS; the peak
resident size of every input is measured too). The outcome is the exit code the CLI gives, whose error
handler maps exception types to codes (fauna_cli/exitcodes.py). An input breaks the contract when it
exits 70 or with an undocumented code, lets an exception out, prints a traceback or more than one line
on stderr when it fails, or a raw control character; one that runs over the time or memory limit is
a hang or a memory failure. Every such input is written to --save as a folder with its files and a
repro.sh. Prints a row per reader (inputs, counts by exit code, failures, slowest input, largest peak)
and exits 1 when anything failed.
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing
import os
import random
import re
import resource
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import fuzzcorpus  # noqa: E402 - tests/ must be on sys.path first
import fuzzgames  # noqa: E402

MB = 1024 * 1024
RECYCLE = 500  # inputs a worker runs before a fresh one takes over (what fauna caches in-process adds up)


class Hang(BaseException):
    """An input ran past the time limit (a BaseException, so that no `except Exception` in fauna swallows it)."""


def _alarm(signum, frame):
    raise Hang


def _status_kb(field_name: str) -> int:
    with open("/proc/self/status") as f:
        m = re.search(rf"^{field_name}:\s+(\d+) kB", f.read(), re.M)
    return int(m.group(1)) if m else 0


def _reset_peak() -> bool:
    """Reset the peak resident size (Linux: /proc/self/clear_refs), so the next input's own peak can be read."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def worker(conn, folder: Path, timeout: float, memory_mb: int) -> None:
    """Run the cases sent on `conn` one by one in `folder`; answer each with its outcome, time and peak memory."""
    os.environ.pop("FAUNA_DEBUG", None)
    base = _status_kb("VmSize") * 1024
    if memory_mb:
        limit = base + memory_mb * MB
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGALRM, _alarm)
    can_peak = _reset_peak()
    done = 0
    while True:
        try:
            task = conn.recv()
        except EOFError:
            break
        if task is None:
            break
        key, case = task
        _reset_peak()
        t0 = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            res = fuzzgames.run_case(case, folder)
            answer = {"code": res.code, "problem": res.problem, "stderr": res.stderr[:2000], "step": res.step}
        except Hang:
            answer = {"code": None, "problem": f"hang: over {timeout:g} s", "stderr": "", "step": 0}
        except MemoryError:
            answer = {"code": None, "problem": f"memory: over {memory_mb} MB", "stderr": "", "step": 0}
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        answer["seconds"] = time.perf_counter() - t0
        answer["peak_mb"] = _status_kb("VmHWM") / 1024 if can_peak else 0.0
        if answer["code"] == 70 and "MemoryError" in answer["stderr"]:
            answer["problem"] = f"memory: over {memory_mb} MB ({answer['problem']})"
        conn.send((key, answer))
        done += 1
        if answer["code"] is None or done >= RECYCLE:
            break  # after a hang or a memory failure the process may be in any state; and caches grow: start afresh


@dataclass
class Row:
    """The figures of one reader."""

    inputs: int = 0
    codes: collections.Counter = field(default_factory=collections.Counter)
    internal: int = 0  # exit 70, an undocumented code, or an exception that escaped
    contract: int = 0  # other breaks: traceback, several stderr lines, raw control characters
    hangs: int = 0
    memory: int = 0
    slowest: float = 0.0
    peak_mb: float = 0.0
    examples: list = field(default_factory=list)


def signature(kind: str, answer: dict) -> str:
    """What kind of failure an input found, with the details of the input left out: one line per bug, roughly."""
    problem = answer["problem"] or ""
    m = re.search(r"internal error: (\w+): (.*?) \(set FAUNA_DEBUG", answer["stderr"] or problem)
    text = f"{m.group(1)}: {m.group(2)}" if m else problem
    text = re.sub(r"\d+", "N", re.sub(r"[\\'\"]", "", text))
    return f"{kind}: {text[:110 if kind == 'internal' else 80]}"


def classify(row: Row, answer: dict, memory_mb: int) -> str | None:
    """Count one outcome in its reader's row; returns the kind of failure, if any."""
    row.inputs += 1
    row.slowest = max(row.slowest, answer["seconds"])
    row.peak_mb = max(row.peak_mb, answer["peak_mb"])
    problem, code = answer["problem"], answer["code"]
    if code is not None:
        row.codes[code] += 1
    if problem is None and memory_mb and answer["peak_mb"] > memory_mb:
        problem = answer["problem"] = f"memory: peak {answer['peak_mb']:.0f} MB"
    if problem is None:
        return None
    if problem.startswith("hang"):
        row.hangs += 1
        return "hang"
    if problem.startswith("memory"):
        row.memory += 1
        return "memory"
    if code == 70 or code not in (0, 1, 2, 3, 4) or problem.startswith("exception"):
        row.internal += 1
        return "internal"
    row.contract += 1
    return "contract"


class Pool:
    """Worker processes fed one case at a time; a worker that dies or stops answering is replaced."""

    def __init__(self, jobs: int, timeout: float, memory_mb: int, grace: float = 20.0) -> None:
        self.ctx = multiprocessing.get_context("fork")
        self.timeout, self.memory_mb, self.grace = timeout, memory_mb, grace  # grace: then the worker is killed
        self.workers = [self._start() for _ in range(jobs)]

    def _start(self):
        parent, child = self.ctx.Pipe()
        folder = Path(tempfile.mkdtemp(prefix="fauna-fuzz-"))
        proc = self.ctx.Process(target=worker, args=(child, folder, self.timeout, self.memory_mb), daemon=True)
        proc.start()
        child.close()
        return {"proc": proc, "conn": parent, "task": None, "since": 0.0, "done": 0, "folder": folder}

    def _stop(self, w, wait_s: float) -> None:
        w["proc"].join(timeout=wait_s)
        if w["proc"].is_alive():
            w["proc"].kill()
            w["proc"].join()
        w["conn"].close()
        shutil.rmtree(w["folder"], ignore_errors=True)

    def _replace(self, w, wait_s: float) -> None:
        self._stop(w, wait_s)
        w.update(self._start())

    def run(self, tasks, on_done) -> None:
        """Run every (key, case) of `tasks`; `on_done(key, case, answer)` is called for each."""
        tasks = iter(tasks)
        busy = 0
        for w in self.workers:
            busy += self._give(w, tasks)
        while busy:
            ready = wait([w["conn"] for w in self.workers if w["task"]], timeout=1.0)
            now = time.perf_counter()
            for w in self.workers:
                if not w["task"]:
                    continue
                key, case = w["task"]
                answer, exits = None, True  # exits: the worker ends by itself after this answer
                if w["conn"] in ready:
                    try:
                        _, answer = w["conn"].recv()
                    except (EOFError, OSError):  # died (a crash of the interpreter itself)
                        answer = {"code": None, "problem": f"crash: the worker died (exit {w['proc'].exitcode})",
                                  "stderr": "", "step": 0, "seconds": now - w["since"], "peak_mb": 0.0}
                elif now - w["since"] > self.timeout + self.grace:  # stuck where SIGALRM cannot reach (C code)
                    answer = {"code": None, "problem": f"hang: over {self.timeout:g} s (killed)", "stderr": "",
                              "step": 0, "seconds": now - w["since"], "peak_mb": 0.0}
                    exits = False
                if answer is None:
                    continue
                w["done"] += 1
                if answer["code"] is None or w["done"] >= RECYCLE:
                    self._replace(w, 2 if exits else 0)  # stopped, stuck, or due for a fresh process
                w["task"] = None
                busy -= 1
                on_done(key, case, answer)
                busy += self._give(w, tasks)

    def _give(self, w, tasks) -> int:
        task = next(tasks, None)
        if task is None:
            return 0
        w["task"], w["since"] = task, time.perf_counter()
        w["conn"].send(task)
        return 1

    def close(self) -> None:
        for w in self.workers:
            try:
                w["conn"].send(None)
            except OSError:
                pass
            self._stop(w, 5)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--inputs", type=int, default=100_000, help="total inputs, spread evenly over the readers")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds one input may take (then it is a hang)")
    ap.add_argument("--memory", type=int, default=500, help="MB one input may use over the worker's start size")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--readers", help="comma-separated readers, or games (arctic) for all of a game's readers")
    ap.add_argument("--save", type=Path, default=Path("fuzz-failures"),
                    help="folder for a reproducer of every failure (default fuzz-failures/)")
    ap.add_argument("--list", action="store_true", help="list the readers and exit")
    args = ap.parse_args(argv)
    t_start = time.time()
    corpus = fuzzcorpus.build_corpus()
    readers = fuzzgames.Readers(corpus)
    names = list(readers.readers)
    if args.list:
        print("\n".join(names))
        return 0
    if args.readers:
        wanted = [r.strip() for r in args.readers.split(",") if r.strip()]
        chosen = [n for n in names if n in wanted or readers.readers[n].game in wanted]
        unknown = [w for w in wanted if w not in names and w not in fuzzcorpus.GAMES]
        if unknown or not chosen:
            ap.error(f"unknown readers {unknown}; see --list")
        names = chosen
    per = {r: args.inputs // len(names) + (1 if i < args.inputs % len(names) else 0) for i, r in enumerate(names)}
    rows = {r: Row() for r in names}
    failures: collections.Counter[str] = collections.Counter()
    kinds: dict[str, list] = {}  # signature -> [count, readers, first reproducer]
    print(f"corpus of {len(fuzzcorpus.GAMES)} games made in {time.time() - t_start:.1f} s; {sum(per.values()):,} "
          f"inputs over {len(names)} readers, {args.jobs} worker(s), limits {args.timeout:g} s and "
          f"{args.memory} MB per input", flush=True)

    def tasks():
        for r in names:
            rng = random.Random(f"{args.seed}:{r}")
            for i in range(per[r]):
                yield (r, i), readers.readers[r].make(rng)

    header = (f"{'reader':<27}{'inputs':>7}{'exit 0':>7}{'1':>5}{'2':>7}{'3':>6}{'4':>7}{'70':>4}{'other':>6}"
              f"{'contract':>9}{'hangs':>6}{'mem':>4}{'slowest s':>10}{'peak MB':>8}")
    print(header, flush=True)
    printed: set[str] = set()

    def show(r: str) -> None:
        row = rows[r]
        c = row.codes
        other = sum(n for code, n in c.items() if code not in (0, 1, 2, 3, 4, 70))
        print(f"{r:<27}{row.inputs:>7}{c[0]:>7}{c[1]:>5}{c[2]:>7}{c[3]:>6}{c[4]:>7}{c[70]:>4}{other:>6}"
              f"{row.contract:>9}{row.hangs:>6}{row.memory:>4}{row.slowest:>10.2f}{row.peak_mb:>8.0f}", flush=True)
        for line in row.examples:
            print(line, flush=True)
        printed.add(r)

    def on_done(key, case, answer) -> None:
        r, i = key
        kind = classify(rows[r], answer, args.memory)
        if kind:
            failures[kind] += 1
            where = args.save / f"{r.replace(' ', '-')}-{i}"
            fuzzgames.write_reproducer(case, where, r,
                                       fuzzgames.Result(answer["code"] or 0, answer["problem"], answer["stderr"],
                                                        answer["step"]), answer["problem"])
            sig = signature(kind, answer)
            entry = kinds.setdefault(sig, [0, set(), where])
            entry[0] += 1
            entry[1].add(r)
            if len(rows[r].examples) < 3:
                rows[r].examples.append(f"    {kind}: {answer['problem'][:160]!r} -> {where}")
        if rows[r].inputs == per[r]:
            show(r)

    pool = Pool(args.jobs, args.timeout, args.memory)
    try:
        pool.run(tasks(), on_done)
    finally:
        pool.close()
    for r in names:
        if r not in printed:
            show(r)
    total = sum(per.values())
    codes: collections.Counter[int] = collections.Counter()
    for row in rows.values():
        codes.update(row.codes)
    took = time.time() - t_start
    slowest = max((row.slowest for row in rows.values()), default=0.0)
    peak = max((row.peak_mb for row in rows.values()), default=0.0)
    print(f"{total:,} inputs over {len(names)} readers in {took:.0f} s ({total / max(took, 1e-9):.0f} per s, "
          f"{args.jobs} worker(s)); exit codes " + ", ".join(f"{c}: {n:,}" for c, n in sorted(codes.items())))
    print(f"failures: {failures['internal']} internal errors, {failures['contract']} contract breaks, "
          f"{failures['hang']} hangs (over {args.timeout:g} s), {failures['memory']} over {args.memory} MB; "
          f"slowest input {slowest:.2f} s, largest peak {peak:.0f} MB"
          + (f"; reproducers in {args.save}/" if sum(failures.values()) else ""))
    if kinds:
        print(f"{len(kinds)} kinds of failure (similar messages counted together):")
        for sig, (n, rs, where) in sorted(kinds.items(), key=lambda kv: -kv[1][0]):
            print(f"  {n:>6}  {sig}\n          readers: {', '.join(sorted(rs))}; e.g. {where}/repro.sh")
    return 1 if sum(failures.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
