"""Mutation testing of the rules: change one operator or constant at a time and see whether a test notices.

    python tools/mutate.py                                  # every module of DEFAULT_MODULES, all mutants
    python tools/mutate.py rules/fauna/scoring.py --jobs 2  # one module
    python tools/mutate.py --sample 60 --seed 1             # a fixed sample of mutants per module
    python tools/mutate.py rules/fauna/judge.py --list      # the mutants only, without running tests

Each mutant is the module with one change (a comparison, arithmetic or boolean operator swapped, a whole
number moved by one, a flag flipped, a condition negated, `min` for `max`, a returned value dropped) in
a scratch copy of the checkout, where the module's tests run (TESTS names them; `-x`, no coverage). A
mutant is killed when a test fails or the run exceeds its time limit, and survives when all pass.

A survivor is either untested behaviour (write a test a user would notice, or delete dead code) or an
equivalent mutant that changes nothing observable (a cache size, say). Equivalent mutants are listed
in tools/mutation-equivalents.toml with the reason, matched by module, source line text and mutation,
and are left out of the score: killed / (mutants - equivalents), per module and in total.

Docstrings, annotations, `if TYPE_CHECKING:` blocks, decorators and `field()` (dataclass and cache options) and
`zip(..., strict=True)` flags (a check that lengths agree, where they always do) are not mutated. The
run needs no packages beyond the test extra; it is not part of CI (minutes, not seconds), CONTRIBUTING.md
says when to run it.
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "tools" / "mutation-equivalents.toml"
COPY = ("rules", "fauna_cli", "data", "tests", "replays", "pyproject.toml", "docs", "README.md", "tools")

# The tests that exercise each module: quick enough to run once per mutant, thorough enough to judge it.
RULES_TESTS = ["tests/test_scoring.py", "tests/test_game.py", "tests/test_scales.py", "tests/test_board.py",
               "tests/test_rng.py", "tests/test_scoring_checks.py", "tests/test_imperial.py",
               "tests/test_rng_streams.py", "tests/test_rounds.py", "tests/test_reasons.py",
               "tests/test_board_queries.py", "tests/test_setup.py"]
TESTS: dict[str, list[str]] = {
    "rules/fauna/scoring.py": RULES_TESTS + ["tests/test_cases.py"],
    "rules/fauna/judge.py": RULES_TESTS + ["tests/test_cases.py"],
    "rules/fauna/game.py": RULES_TESTS + ["tests/test_cases.py", "tests/test_bots.py"],
    "rules/fauna/scales.py": RULES_TESTS,
    "rules/fauna/dealing.py": RULES_TESTS + ["tests/test_replay_goldens.py"],
    "rules/fauna/moves.py": RULES_TESTS + ["tests/test_cases.py"],
    "rules/fauna/board.py": RULES_TESTS,
    "rules/fauna/setup.py": RULES_TESTS + ["tests/test_bots.py", "tests/test_replay_goldens.py"],
    "rules/core/rng.py": RULES_TESTS + ["tests/test_protocol.py", "tests/test_bots.py"],  # bots inline the draws
}
DEFAULT_MODULES = list(TESTS)
# ExoFauna and Evo: each game's rules, cases and example-game tests, then the golden games played again byte for
# byte (last: with -x a mutant the quick tests catch never waits for them; a few seconds per mutant in all)
EXOFAUNA_TESTS = ["tests/test_exofauna_rules.py", "tests/test_exofauna_cases.py", "tests/test_exofauna_docs.py",
                  "tests/test_game_goldens.py"]
EVO_TESTS = ["tests/test_evo_rules.py", "tests/test_evo_cases.py", "tests/test_game_goldens.py"]
EXOFAUNA_EVO_MODULES = ["rules/exofauna/state.py", "rules/exofauna/moves.py", "rules/exofauna/log.py",
                        "rules/evo/state.py", "rules/evo/moves.py", "rules/evo/board.py", "rules/evo/log.py",
                        # Evo's state split by phase (issue 28)
                        "rules/evo/shared.py", "rules/evo/setup.py", "rules/evo/climate.py", "rules/evo/cards.py",
                        "rules/evo/auction.py", "rules/evo/movement.py", "rules/evo/combat.py", "rules/evo/birth.py",
                        "rules/evo/survival.py", "rules/evo/end.py", "rules/evo/view.py"]
TESTS.update({m: EXOFAUNA_TESTS if "/exofauna/" in m else EVO_TESTS for m in EXOFAUNA_EVO_MODULES})
DEFAULT_MODULES += EXOFAUNA_EVO_MODULES

# Arctic: the rules modules but the bots, help, tables and the case runner, each with the game's own tests
# (two or three seconds); these entries replace the ones above.
ARCTIC_TESTS = ["tests/test_arctic_rules.py", "tests/test_arctic_cases.py", "tests/test_arctic_files.py",
                "tests/test_arctic_games.py"]
ARCTIC_MODULES = ["rules/arctic/scoring.py", "rules/arctic/state.py", "rules/arctic/moves.py",
                  "rules/arctic/cards.py", "rules/arctic/log.py", "rules/arctic/config.py"]
TESTS.update(dict.fromkeys(ARCTIC_MODULES, ARCTIC_TESTS))
TESTS["rules/arctic/state.py"] = ARCTIC_TESTS + ["tests/test_arctic_state.py", "tests/test_arctic_bots.py"]
TESTS["rules/arctic/scoring.py"] = ARCTIC_TESTS + ["tests/test_arctic_scoring.py"]
TESTS["rules/arctic/moves.py"] = ARCTIC_TESTS + ["tests/test_arctic_moves.py"]
DEFAULT_MODULES += ARCTIC_MODULES

# Shared engine: rules/core, module by module (python tools/mutate.py rules/core/log.py --jobs 1). Each module's own
# unit tests (tests/test_core_*.py) first, then the few quick files that drive it through a game or the CLI.
CORE_MODULES = ["rules/core/log.py", "rules/core/movefile.py", "rules/core/script.py", "rules/core/limits.py",
                "rules/core/config.py", "rules/core/simulate.py", "rules/core/referee.py", "rules/core/bots.py",
                "rules/core/cases.py", "rules/core/names.py", "rules/core/shape.py", "rules/core/native.py"]
TESTS.update({
    "rules/core/log.py": ["tests/test_core_log.py", "tests/test_protocol.py", "tests/test_anygame.py",
                          "tests/test_replay_format.py"],
    "rules/core/movefile.py": ["tests/test_movefiles.py", "tests/test_movefile_text.py"],
    "rules/core/script.py": ["tests/test_core_script.py", "tests/test_cli_script.py", "tests/test_anygame.py"],
    "rules/core/limits.py": ["tests/test_core_limits.py", "tests/test_replay_format.py", "tests/test_cli_errors.py"],
    "rules/core/config.py": ["tests/test_core_config.py", "tests/test_arctic_rules.py", "tests/test_exofauna_rules.py",
                             "tests/test_evo_rules.py"],
    "rules/core/simulate.py": ["tests/test_core_simulate.py", "tests/test_simulate.py", "tests/test_anygame.py"],
    "rules/core/referee.py": ["tests/test_core_referee.py", "tests/test_games_ux.py"],
    "rules/core/bots.py": ["tests/test_core_bots.py", "tests/test_bots.py", "tests/test_simulate.py"],
    "rules/core/cases.py": ["tests/test_core_cases.py", "tests/test_arctic_cases.py", "tests/test_exofauna_cases.py",
                            "tests/test_evo_cases.py", "tests/test_cases.py"],
    "rules/core/names.py": ["tests/test_core_names.py", "tests/test_board.py", "tests/test_protocol.py"],
    "rules/core/shape.py": ["tests/test_core_shape.py"],
    "rules/core/native.py": ["tests/test_native.py", "tests/test_bench.py"],  # test_native builds a copy (~20 s)
})
DEFAULT_MODULES += [m for m in CORE_MODULES if m not in DEFAULT_MODULES]

SWAPS: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
    ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult, ast.Div: ast.Mult,
    ast.Mod: ast.FloorDiv, ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd, ast.BitXor: ast.BitAnd,
    ast.LShift: ast.RShift, ast.RShift: ast.LShift, ast.And: ast.Or, ast.Or: ast.And,
}


@dataclass(frozen=True)
class Mutant:
    module: str
    node: int  # position of the node in ast.walk order
    kind: str  # what changes, e.g. "Lt -> LtE", "7 -> 8", "negate if"
    line: int
    text: str  # the source line, stripped (how equivalents are matched)


def _skipped(tree: ast.AST) -> set[int]:
    """ids of nodes never mutated: docstrings, annotations, TYPE_CHECKING blocks."""
    out: set[int] = set()

    def drop(node: ast.AST | None) -> None:
        if node is not None:
            out.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                drop(first)
        if isinstance(node, ast.AnnAssign):
            drop(node.annotation)
        if isinstance(node, ast.arg):
            drop(node.annotation)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            drop(node.returns)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            drop(node)
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:  # dataclass and cache options: what a class allows, not the rules
                drop(decorator)
        if isinstance(node, ast.keyword) and node.arg == "strict":  # zip(strict=True) asserts lengths that agree
            drop(node)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "field":
            drop(node)  # dataclass field options (repr, compare, ...)
    return out


def _changes(node: ast.AST) -> list[str]:
    """The mutations one node allows, by name."""
    if isinstance(node, ast.Compare):
        return [f"{type(op).__name__} -> {SWAPS[type(op)].__name__} #{i}" for i, op in enumerate(node.ops)
                if type(op) in SWAPS]
    if isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in SWAPS:
        return [f"{type(node.op).__name__} -> {SWAPS[type(node.op)].__name__}"]
    if isinstance(node, ast.BoolOp):
        return [f"{type(node.op).__name__} -> {SWAPS[type(node.op)].__name__}"]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return ["drop not"]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
        return ["drop minus"]
    if isinstance(node, ast.Constant) and type(node.value) is bool:
        return [f"{node.value} -> {not node.value}"]
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return [f"{node.value} -> {node.value + 1}"]
    if isinstance(node, (ast.If, ast.While, ast.IfExp)):
        return ["negate condition"]
    if isinstance(node, ast.Name) and node.id in ("min", "max") and isinstance(node.ctx, ast.Load):
        return [f"{node.id} -> {'max' if node.id == 'min' else 'min'}"]
    if isinstance(node, ast.Return) and node.value is not None \
            and not (isinstance(node.value, ast.Constant) and node.value.value is None):
        return ["return None"]
    return []


def _apply(node: ast.AST, change: str) -> None:
    if isinstance(node, ast.Compare):
        i = int(change.rsplit("#", 1)[1])
        node.ops[i] = SWAPS[type(node.ops[i])]()
    elif isinstance(node, (ast.BinOp, ast.AugAssign, ast.BoolOp)):
        node.op = SWAPS[type(node.op)]()
    elif isinstance(node, ast.Constant):
        node.value = (not node.value) if type(node.value) is bool else node.value + 1
    elif isinstance(node, (ast.If, ast.While, ast.IfExp)):
        node.test = ast.UnaryOp(ast.Not(), node.test)
    elif isinstance(node, ast.Name):
        node.id = "max" if node.id == "min" else "min"
    elif isinstance(node, ast.Return):
        node.value = None
    else:
        raise ValueError(change)


def _unary_parent_fix(tree: ast.AST, target: ast.AST, change: str) -> bool:
    """'drop not' / 'drop minus' replace the UnaryOp in its parent; True when done."""
    if change not in ("drop not", "drop minus"):
        return False
    assert isinstance(target, ast.UnaryOp)
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is target:
                setattr(parent, field, target.operand)
                return True
            if isinstance(value, list) and any(v is target for v in value):
                value[[i for i, v in enumerate(value) if v is target][0]] = target.operand
                return True
    raise ValueError(change)


def mutants(module: str) -> list[Mutant]:
    source = (ROOT / module).read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    skip = _skipped(tree)
    out = []
    for i, node in enumerate(ast.walk(tree)):
        if id(node) in skip:
            continue
        for change in _changes(node):
            line = getattr(node, "lineno", 0)
            out.append(Mutant(module, i, change, line, lines[line - 1].strip() if line else ""))
    return out


def mutated_source(m: Mutant) -> str:
    tree = ast.parse((ROOT / m.module).read_text(encoding="utf-8"))
    node = next(n for i, n in enumerate(ast.walk(tree)) if i == m.node)
    if not _unary_parent_fix(tree, node, m.kind):
        _apply(node, m.kind)
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def equivalents() -> dict[tuple[str, str, str], str]:
    """(module, line text, mutation) -> why the mutant changes nothing a user could observe."""
    if not EQUIVALENTS.exists():
        return {}
    doc = tomllib.loads(EQUIVALENTS.read_text(encoding="utf-8"))
    return {(e["module"], e["line"], e["mutation"]): e["why"] for e in doc.get("equivalent", [])}


def tests_of(module: str) -> list[str]:
    """The module's test files that exist (the whole suite for a module TESTS does not name)."""
    return [t for t in TESTS.get(module, ["tests"]) if (ROOT / t).exists()]


def _pytest(workdir: Path, tests: list[str], timeout: float) -> tuple[bool, float]:
    """(tests passed, seconds); a run over the limit counts as a failure."""
    env = {**os.environ, "PYTHONPATH": str(workdir), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("COVERAGE_PROCESS_START", None)
    t = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "no:cov",
                               "-o", "addopts=", *tests], cwd=workdir, env=env, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, time.perf_counter() - t
    return done.returncode == 0, time.perf_counter() - t


def _workdir() -> Path:
    d = Path(tempfile.mkdtemp(prefix="fauna-mutants-"))
    for name in COPY:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, d / name, ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"))
        elif src.exists():
            shutil.copy2(src, d / name)
    return d


def run(selected: list[Mutant], jobs: int, limits: dict[str, float]) -> Iterator[tuple[Mutant, bool]]:
    """(mutant, killed) for each mutant, `jobs` scratch copies at a time."""
    pool = [_workdir() for _ in range(jobs)]
    free = list(pool)

    def one(m: Mutant) -> tuple[Mutant, bool]:
        d = free.pop()
        target = d / m.module
        original = target.read_text(encoding="utf-8")
        try:
            target.write_text(mutated_source(m), encoding="utf-8")
            passed, _ = _pytest(d, tests_of(m.module), limits[m.module])
            return m, not passed
        finally:
            target.write_text(original, encoding="utf-8")
            free.append(d)

    try:
        with ThreadPoolExecutor(jobs) as ex:
            yield from ex.map(one, selected)
    finally:
        for d in pool:
            shutil.rmtree(d, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("modules", nargs="*", default=DEFAULT_MODULES, help="module files (default: %(default)s)")
    ap.add_argument("--jobs", type=int, default=2, help="scratch copies run side by side (default 2)")
    ap.add_argument("--sample", type=int, default=0, help="at most this many mutants per module (0: all)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the sample (default 1)")
    ap.add_argument("--list", action="store_true", help="list the mutants and stop")
    args = ap.parse_args(argv)
    equiv = equivalents()
    selected: list[Mutant] = []
    for module in args.modules:
        ms = mutants(module)
        if args.sample and len(ms) > args.sample:
            ms = sorted(random.Random(f"{args.seed}:{module}").sample(ms, args.sample), key=lambda m: m.node)
        selected += ms
    if args.list:
        for m in selected:
            print(f"{m.module}:{m.line}: {m.kind}: {m.text}")
        return 0
    limits = {}
    for module in args.modules:  # the unmutated tests must pass; a mutant may take three times as long
        ok, seconds = _pytest(ROOT, tests_of(module), 600)
        if not ok:
            print(f"{module}: its tests fail before any mutation; fix them first", file=sys.stderr)
            return 2
        limits[module] = 3 * seconds + 10
    tally: dict[str, list[int]] = {m: [0, 0, 0] for m in args.modules}  # killed, survived, equivalent
    for m, killed in run(selected, args.jobs, limits):
        why = equiv.get((m.module, m.text, m.kind))
        if killed:
            tally[m.module][0] += 1
        elif why is not None:
            tally[m.module][2] += 1
        else:
            tally[m.module][1] += 1
            print(f"survived {m.module}:{m.line}: {m.kind}: {m.text}", flush=True)
    print(f"\n{'module':28} {'mutants':>8} {'equiv':>6} {'killed':>7} {'survived':>9} {'score':>7}")
    total = [0, 0, 0]
    for module, (k, s, e) in tally.items():
        total = [total[0] + k, total[1] + s, total[2] + e]
        print(f"{module:28} {k + s + e:8} {e:6} {k:7} {s:9} {_pct(k, k + s):>7}")
    k, s, e = total
    print(f"{'total':28} {k + s + e:8} {e:6} {k:7} {s:9} {_pct(k, k + s):>7}")
    return 0


def _pct(k: int, n: int) -> str:
    return f"{100 * k / n:.1f}%" if n else "-"


if __name__ == "__main__":
    sys.exit(main())
