"""`fauna check`: run rule case files and print one row per case, pass or fail with expected vs actual."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from fauna_cli import exitcodes
from fauna_cli.files import FileProblem, read_text
from fauna_cli.render import FORMATS, dump_json, report_error, shown, style, table
from rules.core.cases import CaseResult, show
from rules.core.errors import FaunaError
from rules.core.limits import MAX_CASE_BYTES, escape_control
from rules.core.protocol import GameRules
from rules.fauna.cases import parse_cases, run_case


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


def load_cases(paths: tuple[str, ...]) -> list[tuple[GameRules | None, Any]]:
    """Every case of every file with its game's rules, all validated before any runs (a bad file: FILE:LINE)."""
    from rules.core.registry import load_rules

    cases: list[tuple[GameRules | None, Any]] = []  # (None: Fauna's own runner, a Case) or (rules, its case)
    for f in case_files(paths):
        where = f.as_posix()
        text = read_text(f, "case file", MAX_CASE_BYTES)
        game = case_game(text, where)
        if game == "fauna":
            cases += [(None, c) for c in parse_cases(text, where, base_dir=f.resolve().parent)]
            continue
        try:
            rules = load_rules(game)
        except FaunaError as exc:
            raise FileProblem(f"{where}: game: {exc}") from None
        cases += [(rules, c) for c in rules.parse_cases(text, where, f.resolve().parent)]
    return cases


def result_row(r: CaseResult) -> list[str]:
    """One table row: result, case, where, and for a failure what differs, expected and actual side by side."""
    c = r.case
    name, where = escape_control(c.name), escape_control(f"{c.where}:{c.line}")  # from the file: shown, never obeyed
    if r.passed:
        return ["pass", name, where, "", "", ""]
    bad = r.failures
    return [style("FAIL", fg="red", bold=True), name, where, escape_control("; ".join(k.key for k in bad)),
            escape_control("; ".join(show(k.expected) for k in bad)),
            escape_control("; ".join(show(k.actual) for k in bad))]


def summary(results: list[CaseResult]) -> dict:
    """Counts for the last line and the JSON output."""
    passed = sum(r.passed for r in results)
    return {"cases": len(results), "passed": passed, "failed": len(results) - passed}


@click.command("check")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="plain", show_default=True,
              help="Output: plain text table, GitHub or grid table, or JSON listing every case and check.")
def check(paths, fmt) -> None:
    """Run rule cases from FILE or DIR (*.toml): exit 0 if all pass, 1 if any fails, 2 for a malformed file."""
    try:
        results = [run_case(c) if rules is None else rules.run_case(c) for rules, c in load_cases(paths)]
    except FaunaError as exc:
        report_error(str(exc), exitcodes.code_for(exc), fmt == "json", type(exc).__name__)
        sys.exit(exitcodes.code_for(exc))
    counts = summary(results)
    if fmt == "json":
        click.echo(dump_json({"cases": [r.to_dict() for r in results], "summary": counts}), nl=False)
    else:
        rows = [result_row(r) for r in results]
        if fmt == "github":  # a '|' inside a cell would split a Markdown table row
            rows = [[cell.replace("|", "\\|") for cell in row] for row in rows]
        click.echo(table(rows, ["result", "case", "where", "differs", "expected", "actual"], fmt))
        line = f"{counts['cases']} cases: {counts['passed']} passed, {counts['failed']} failed"
        click.echo(style(line, fg="green" if not counts["failed"] else "red", bold=True))
    sys.exit(exitcodes.OK if counts["failed"] == 0 else exitcodes.NO)
