"""Fitting tables to the terminal: long cells (a 55-area list) wrap inside their column instead of the whole row.

Widths are display widths (wcwidth), so CJK names and emoji count as the two columns they take. Output
that goes to a file or a pipe is not wrapped unless COLUMNS asks for a width, so logs and scripts that read
tables keep one row per line.
"""

from __future__ import annotations

import os
import sys

GAP = 2  # columns between cells in the plain ("simple") and github formats
MIN_COLUMN = 8  # a column is never squeezed below this (or below its longest word)


def text_width(text: str) -> int:
    """The display width of a line: East Asian wide characters and emoji take two columns."""
    from wcwidth import wcswidth

    w = wcswidth(text)
    return len(text) if w < 0 else w


def terminal_width(stream=None) -> int | None:
    """The width tables must fit: COLUMNS when set, else the terminal's; None when writing to a file or pipe."""
    env = os.environ.get("COLUMNS", "")
    if env.isascii() and env.isdigit() and len(env) <= 6 and int(env) > 0:  # '²' is a digit to isdigit()
        return int(env)
    stream = stream or sys.stdout
    try:
        if stream.isatty():
            return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        pass
    return None


def column_limits(rows: list[list[str]], headers: list[str], width: int, fmt: str) -> list[int | None] | None:
    """Maximum widths per column so the table fits `width`, shrinking the widest columns first; None if it fits."""
    cols = max([len(headers)] + [len(r) for r in rows]) if rows or headers else 0
    if not cols:
        return None
    natural = [0] * cols
    floors = [0] * cols
    for i, h in enumerate(headers):  # tabulate pads every column to its header's width plus two
        floors[i] = natural[i] = text_width(str(h)) + 2
    for r in rows:
        for i, cell in enumerate(r):
            for line in str(cell).splitlines() or [""]:
                natural[i] = max(natural[i], text_width(line))
    floors = [max(f, min(MIN_COLUMN, n)) for f, n in zip(floors, natural, strict=True)]  # long words (URLs) break
    gap = 3 if fmt == "grid" else GAP + (1 if fmt == "github" else 0)
    budget = width - gap * (cols - 1) - (4 if fmt in ("grid", "github") else 0)
    if sum(natural) <= budget:
        return None
    limits = list(natural)
    while sum(limits) > budget:  # one column at a time from the widest: at most a few hundred steps
        shrinkable = [i for i in range(cols) if limits[i] > floors[i]]
        if not shrinkable:
            break  # every column at its floor: the terminal wraps what is left
        widest = max(shrinkable, key=lambda i: limits[i])
        limits[widest] -= 1
    return [w if w < n else None for w, n in zip(limits, natural, strict=True)]
