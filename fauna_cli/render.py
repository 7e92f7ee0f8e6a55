"""Tables and text for people, and the same content as JSON: rendered from rules events only."""

from __future__ import annotations

import itertools
import os
import sys
from itertools import chain
from operator import itemgetter
from typing import Any

import click

from fauna_cli.widths import column_limits, terminal_width, wrap_cell

FORMATS = ("plain", "github", "grid", "json")


def use_color(stream=None) -> bool:
    """Colour only on a terminal and only when NO_COLOR is unset."""
    stream = stream or sys.stdout
    return "NO_COLOR" not in os.environ and hasattr(stream, "isatty") and stream.isatty()


def style(text: str, **kw) -> str:
    """click.style when colour is wanted, plain text otherwise."""
    return click.style(text, **kw) if use_color() else text


def table(rows, headers, fmt: str, width: int | None = None) -> str:
    """A tabulate table in the chosen text format, its long cells wrapped to fit the terminal (fauna_cli/widths.py).

    Cells are pre-formatted strings and numbers are never parsed. The usual case, a plain table that
    fits, is laid out by `plain_table` exactly as tabulate lays it out (a test compares the two on many
    tables): printable ASCII cells by length, others by wcwidth display width (`measured_table`);
    `fauna replay` draws thousands of tables, and tabulate's per-cell checks (types, colour codes, wide
    characters) were two thirds of its time. Everything else (colour codes, line breaks, the github and
    grid formats, wrapping) is tabulate's.
    `width`: the columns to fit (None: the terminal's, when output goes to one; 0: no wrapping).
    """
    return text_table([list(map(str, r)) for r in rows], list(headers), fmt, width)


def text_table(rows: list[list[str]], headers: list[str], fmt: str, width: int | None = None, *,
               plain: bool = False) -> str:
    """`table` for rows whose cells are strings already (a round's tables: thousands in a replay).

    `plain`: the caller has found every cell and header to be `plain_cells` already (a round checks its
    four tables at once).
    """
    if width is None:
        width = terminal_width()
    limits = column_limits(rows, headers, width, fmt) if width else None  # 0: do not wrap
    if fmt == "plain" and limits is None:
        fast = plain_table(rows, headers, plain)
        if fast is not None:
            return fast
    from tabulate import tabulate

    tablefmt = ("simple" if headers else "plain") if fmt == "plain" else fmt
    if limits is not None:  # wrapped here at spaces: tabulate's wrapping would split words and hyphens
        rows = [[wrap_cell(c, limits[i] if i < len(limits) else None) for i, c in enumerate(r)] for r in rows]
    return tabulate(rows, headers=headers, tablefmt=tablefmt, disable_numparse=True)


def plain_cells(rows: list[list[str]]) -> bool:
    """Whether every cell of the rows is printable ASCII without surrounding spaces: tabulate lays it out as it is.

    Its width is then its length, it holds no colour code or line break, and tabulate would not strip it.
    """
    marked = "\x1f" + "\x1f".join(map("\x1f".join, rows)) + "\x1f"  # cells between separators
    return marked.isascii() and " \x1f" not in marked and "\x1f " not in marked and \
        not marked.encode("ascii").translate(None, _PRINTABLE_OR_SEPARATOR) and \
        marked.count("\x1f") == sum(map(len, rows)) + 1  # once printable ASCII and separators are taken out,
    # nothing is left, and no cell held a separator of its own


_PRINTABLE_OR_SEPARATOR = bytes(range(0x20, 0x7F)) + b"\x1f"  # printable ASCII, and the separator of plain_cells


def plain_table(rows: list[list[str]], headers: list[str], checked: bool = False) -> str | None:
    """tabulate's "simple" table (with headers) or "plain" one (without), for cells tabulate would not change.

    None (use tabulate) unless every row has one cell per column and every cell and header is
    `plain_cells` (not looked at again when `checked`). Columns are left-aligned, two spaces apart, at
    least two wider than their header, and each line loses its trailing spaces, as tabulate draws them.
    """
    if not rows:
        return None
    cols = len(rows[0])
    if not cols or (headers and len(headers) != cols):
        return None
    if not checked and not plain_cells([headers, *rows] if headers else rows):
        return measured_table(rows, headers)
    floor = [" " * (len(h) + 2) for h in headers] if headers else rows[0]  # a column is 2 wider than its header
    try:
        widths = [max(map(len, column)) for column in zip(floor, *rows, strict=True)]
    except ValueError:  # a row with another number of cells
        return None
    last = cols - 1
    line_fmt = "".join([f"{{:<{w}}}  " for w in widths[:last]]) + "{}"  # the last cell is not padded: rstripped
    if all(map(itemgetter(last), rows)):  # no line ends in padding: one format call lays out every row
        body = ((line_fmt + "\n") * len(rows)).format(*chain.from_iterable(rows))[:-1]
    else:
        body = "\n".join([line_fmt.format(*r).rstrip() for r in rows])
    if not headers:
        return body
    return line_fmt.format(*headers).rstrip() + "\n" + "  ".join(["-" * w for w in widths]) + "\n" + body


def measured_table(rows: list[list[str]], headers: list[str]) -> str | None:
    """`plain_table` for cells beyond printable ASCII (`Adélie penguin`, a CJK name), measured as tabulate does.

    tabulate takes a cell's display width from wcwidth and strips it of whitespace. A cell that is not
    printable (a control or format character, a colour code, a line break: wcwidth reads a line break
    after a zero-width joiner as part of one character, tabulate as two lines), that wcwidth cannot
    measure, or with whitespace around it is left to tabulate itself (None). Importing and running
    tabulate for `fauna animal list` took most of its time.
    """
    from wcwidth import wcswidth

    table = [headers, *rows] if headers else rows
    try:
        measured = [[(cell, wcswidth(cell)) for cell in row] for row in table]
        columns = list(zip(*measured, strict=True))
    except ValueError:  # a row with another number of cells
        return None
    if any(w < 0 or not cell.isprintable() or cell != cell.strip() for row in measured for cell, w in row):
        return None
    widths = [max(w for _, w in column) for column in columns]
    if headers:
        widths = [max(w, hw + 2) for w, (_, hw) in zip(widths, measured[0], strict=True)]
    for row in measured:  # tabulate measures each cell again once padded: some marks then count otherwise (a
        for (cell, w), width in zip(row, widths, strict=True):  # virama at the start, a mark after a wide letter)
            if w != width and not cell.isascii() and wcswidth(cell + " " * (width - w)) != width:
                return None
    last = len(widths) - 1

    def line(row: list[tuple[str, int]]) -> str:
        return "  ".join([cell + " " * (widths[i] - w if i < last else 0) for i, (cell, w) in enumerate(row)]).rstrip()

    lines = [line(row) for row in measured]
    if headers:
        lines.insert(1, "  ".join(["-" * w for w in widths]))
    return "\n".join(lines)


def winners_line(winners: list[str]) -> str:
    """Who won; tied leaders share the win."""
    if len(winners) == 1:
        return style(f"Game over: {winners[0]} wins.", bold=True)
    return style(f"Game over: {', '.join(winners)} share the win.", bold=True)


JSON_VERSION = 1  # the shape of every JSON document fauna prints: an object with this "version" key


def dump_json(doc: dict) -> str:
    """Stable JSON, always one object carrying the shape's version, so scripts read every command alike."""
    import json  # only JSON output needs it; a quick query should not pay for it

    if not isinstance(doc, dict):
        raise TypeError("fauna prints JSON objects only; wrap a list under a key")
    if "version" not in doc:
        doc = {"version": JSON_VERSION, **doc}
    return json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def error_json(message: str, code: int, kind: str = "error") -> str:
    """An error as one JSON object on one line (for `--format json`), so a program can read why a command failed."""
    import json

    doc = {"version": 1, "error": {"type": kind, "message": message, "exit_code": code}}
    return json.dumps(doc, ensure_ascii=False, sort_keys=True) + "\n"


def wants_json(argv: list[str] | None) -> bool:
    """Whether a command line asks for `--format json` (errors are then printed as JSON too)."""
    args = list(argv if argv is not None else sys.argv[1:])
    return "--format=json" in args or any(a == "--format" and b == "json" for a, b in itertools.pairwise(args))


def report_error(message: str, code: int, as_json: bool, kind: str = "error") -> None:
    """One 'fauna: message' line on stderr, or the same as a JSON object when JSON output was asked for."""
    from rules.core.limits import escape_control

    message = escape_control(message)  # text from files and arguments never reaches the terminal raw
    if as_json:
        click.echo(error_json(message, code, kind), err=True, nl=False)
    else:
        click.echo(f"fauna: {message}", err=True)


def shown(text: object) -> str:
    """A path or name from the command line or a file, as printed: control characters escaped."""
    from rules.core.limits import escape_control

    return escape_control(str(text))


def shown_value(value: Any) -> Any:
    """A JSON value read from a file (a view) with every text in it, keys too, as `shown`: ready to print or draw."""
    if isinstance(value, str):
        return shown(value)
    if isinstance(value, list):
        return [shown_value(v) for v in value]
    if isinstance(value, dict):
        return {shown(k): shown_value(v) for k, v in value.items()}
    return value
