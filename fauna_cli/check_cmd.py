"""`fauna check`: run rule case files and print one row per case, pass or fail with expected vs actual."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from fauna_cli import exitcodes
from fauna_cli.files import FileProblem, read_text
from fauna_cli.options import game_option
from fauna_cli.render import FORMATS, dump_json, report_error, shown, style, table
from rules.core.errors import FaunaError
from rules.core.limits import MAX_CASE_BYTES, escape_control
from rules.core.registry import game_names

if TYPE_CHECKING:
    from rules.core.protocol import GameRules


def case_files(paths: tuple[str, ...]) -> list[Path]:
    """The files to run: each FILE as given, each DIR's *.toml files (recursively), sorted by path."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found = sorted(_toml_files_under(p, raw), key=lambda f: f.as_posix())
            if not found:
                raise FileProblem(f"{raw}: no case files (*.toml) in this folder")
            out.extend(found)
        elif p.exists():
            out.append(p)
        else:
            raise FileProblem(f"{raw}: no such case file or folder")
    seen: set[Path] = set()
    unique: list[Path] = []
    for p in out:  # a set: a long list of files stays linear
        if p not in seen:
            seen.add(p)
            unique.append(p)
    return unique


MAX_WALK = 20_000  # entries looked at under one folder: a case folder holds tens; `check /` must not walk the disk


def _toml_files_under(folder: Path, raw: str) -> list[Path]:
    """The *.toml files below a folder (links not followed), refusing a folder too big to be a case folder."""
    import os

    found: list[Path] = []
    seen = 0
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        seen += len(dirs) + len(files)
        if seen > MAX_WALK:
            raise FileProblem(f"{shown(raw)}: more than {MAX_WALK:,} files and folders below it: not a folder of "
                              "rule cases; name the case files or their folder")
        found += [Path(root) / f for f in files if f.endswith(".toml") and (Path(root) / f).is_file()]
    return found


def case_game(text: str, where: str) -> str:
    """The game a case file is for: its top-level `game = NAME` (Fauna when absent)."""
    from fauna_cli.files import parse_toml

    for raw in text.splitlines():  # the key stands before the first table; read only that far
        line = raw.strip()
        if line.startswith("["):
            break
        if line.startswith("game") and "=" in line:
            return str(parse_toml(line, where).get("game", "fauna"))
    return "fauna"


def parse_file(text: str, where: str, base_dir: Path) -> list[tuple[GameRules, Any]]:
    """Every case of one file with its game's rules, validated (a bad file: FILE:LINE)."""
    from rules.core.registry import load_rules

    try:
        rules = load_rules(case_game(text, where))
    except FaunaError as exc:
        raise FileProblem(f"{where}: game: {exc}") from None
    return [(rules, c) for c in rules.parse_cases(text, where, base_dir)]


def run_one(rules: GameRules, case: Any) -> dict[str, Any]:
    """One case run by its game's rules, in the plain form that is printed (and kept by the result cache)."""
    return rules.run_case(case).to_dict()


def run_files(paths: tuple[str, ...], game: str | None = None) -> list[dict[str, Any]]:
    """The result of every case of every file, in order (`CaseResult.to_dict()`); all are validated before any runs.

    With `game`, only that game's case files: a folder's others are skipped, a file named for another game
    is refused (FileProblem), and so is a run that finds none of that game's files.

    A file whose results the result cache (fauna_cli/casecache.py) holds for the same text, path, code
    and data is not parsed or run again: its results are the ones a run would give.
    """
    import contextlib

    from fauna_cli import casecache

    cache = casecache.open_cache()

    def watching(reads: list[str]) -> contextlib.AbstractContextManager[None]:
        """Note the files a case file reads while it is parsed and run (their bytes join its key)."""
        return contextlib.nullcontext() if cache is None else casecache.recording(reads)

    done: list[list[dict[str, Any]] | None] = []  # per file: its results, None until they are run
    todo: list[tuple[int, tuple[str, str], list[str], list[tuple[GameRules, Any]]]] = []
    named = {Path(p) for p in paths if not Path(p).is_dir()}
    for f in case_files(paths):
        where, base = f.as_posix(), f.resolve().parent
        text = read_text(f, "case file", MAX_CASE_BYTES)
        if game is not None and (found := case_game(text, where)) != game and found in game_names():
            if f in named:
                raise FileProblem(f"{shown(where)}: a case file for {escape_control(found)}, not {game} (--game)")
            continue
        key = ("", "") if cache is None else casecache.file_key(where, str(base), text)
        hit = None if cache is None else cache.get(key)
        if hit is None:
            reads: list[str] = []
            with watching(reads):
                todo.append((len(done), key, reads, parse_file(text, where, base)))
        done.append(hit)
    for i, key, reads, cases in todo:
        with watching(reads):
            results = [run_one(rules, c) for rules, c in cases]
        done[i] = results
        if cache is not None:
            cache.put(key, reads, results)
    if cache is not None:
        cache.save()
    if game is not None and not done:
        raise FileProblem(f"no case files for {game} (--game) in {', '.join(shown(p) for p in paths)}")
    return [r for per_file in done if per_file is not None for r in per_file]


def result_row(r: dict[str, Any]) -> list[str]:
    """One table row: result, case, where, and for a failure what differs, expected and actual side by side."""
    name, where = escape_control(r["name"]), escape_control(f"{r['file']}:{r['line']}")  # from the file: never obeyed
    if r["status"] == "pass":
        return ["pass", name, where, "", "", ""]
    from rules.core.cases import show

    bad = [k for k in r["checks"] if not k["ok"]]
    return [style("FAIL", fg="red", bold=True), name, where, escape_control("; ".join(k["key"] for k in bad)),
            escape_control("; ".join(show(k["expected"]) for k in bad)),
            escape_control("; ".join(show(k["actual"]) for k in bad))]


def summary(results: list[dict[str, Any]]) -> dict:
    """Counts for the last line and the JSON output."""
    passed = sum(r["status"] == "pass" for r in results)
    return {"cases": len(results), "passed": passed, "failed": len(results) - passed}


@click.command("check")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@game_option(help_text="Only the case files of GAME (" + ", ".join(game_names()) + "): a folder's other files are "
                       "skipped, a FILE of another game is an error. Default: every file, each for the game it names.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="plain", show_default=True,
              help="Output: plain text table, GitHub or grid table, or JSON listing every case and check.")
def check(paths, game_name, fmt) -> None:
    """Run rule cases from FILE or DIR (*.toml): exit 0 if all pass, 1 if any fails, 2 for a malformed file.

    A case file says its game on its first lines (`game = "arctic"`); without it, it is Fauna's.
    """
    try:
        results = run_files(paths, game_name)
    except FaunaError as exc:
        report_error(str(exc), exitcodes.code_for(exc), fmt == "json", type(exc).__name__)
        sys.exit(exitcodes.code_for(exc))
    counts = summary(results)
    if fmt == "json":
        click.echo(dump_json({"cases": results, "summary": counts}), nl=False)
    else:
        rows = [result_row(r) for r in results]
        if fmt == "github":  # a '|' inside a cell would split a Markdown table row
            rows = [[cell.replace("|", "\\|") for cell in row] for row in rows]
        click.echo(table(rows, ["result", "case", "where", "differs", "expected", "actual"], fmt))
        line = f"{counts['cases']} cases: {counts['passed']} passed, {counts['failed']} failed"
        click.echo(style(line, fg="green" if not counts["failed"] else "red", bold=True))
    sys.exit(exitcodes.OK if counts["failed"] == 0 else exitcodes.NO)
