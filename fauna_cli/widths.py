"""Fitting tables to the terminal: long cells (a 55-area list) wrap inside their column instead of the whole row.

Widths are display widths (wcwidth), so CJK names and emoji count as the two columns they take. Output
that goes to a file or a pipe is not wrapped unless COLUMNS asks for a width, so logs and scripts that read
tables keep one row per line.
"""

from __future__ import annotations

import os
import sys

GAP = 2  # columns between cells in the plain ("simple") and github formats
MIN_COLUMN = 8  # a word longer than fits (a URL) is cut, but never into pieces narrower than this


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
    heads = list(floors)
    for r in rows:
        for i, cell in enumerate(r):
            for line in str(cell).splitlines() or [""]:
                natural[i] = max(natural[i], text_width(line))
                floors[i] = max(floors[i], *(text_width(word) for word in line.split() or [""]))  # words stay whole
    gap = 3 if fmt == "grid" else GAP + (1 if fmt == "github" else 0)
    budget = width - gap * (cols - 1) - (4 if fmt in ("grid", "github") else 0)
    if sum(natural) <= budget:
        return None
    while sum(floors) > budget:  # a word wider than fits (a URL): only then is a word cut, the widest first
        cuttable = [i for i in range(cols) if floors[i] > max(heads[i], MIN_COLUMN)]
        if not cuttable:
            break
        floors[max(cuttable, key=lambda i: floors[i])] -= 1
    limits = list(natural)
    while sum(limits) > budget:  # one column at a time from the widest: at most a few hundred steps
        shrinkable = [i for i in range(cols) if limits[i] > floors[i]]
        if not shrinkable:
            break  # every column at its floor: the terminal wraps what is left
        widest = max(shrinkable, key=lambda i: limits[i])
        limits[widest] -= 1
    return [w if w < n else None for w, n in zip(limits, natural, strict=True)]


def wrap_cell(text: str, limit: int | None, cut: bool = True) -> str:
    """A cell's lines wrapped at spaces to `limit` display columns; a word is never split (nor at a hyphen),
    except one wider than `limit` itself (a URL in a table) when `cut`; prose leaves such a word (a path) whole."""
    if limit is None:
        return text
    out: list[str] = []
    for line in text.splitlines() or [""]:
        current, used = "", 0
        for word in _pieces(line.split(), limit) if cut else line.split():
            w = text_width(word)
            if current and used + 1 + w > limit:
                out.append(current)
                current, used = "", 0
            current, used = (f"{current} {word}", used + 1 + w) if current else (word, w)
        out.append(current)
    return "\n".join(out)



def _pieces(words: list[str], limit: int) -> list[str]:
    """The words, each one wider than `limit` (a URL) cut into pieces that fit."""
    out: list[str] = []
    for word in words:
        while text_width(word) > limit > 0:
            cut = limit
            while cut > 1 and text_width(word[:cut]) > limit:
                cut -= 1
            out.append(word[:cut])
            word = word[cut:]
        out.append(word)
    return out


def fit_prose(text: str, width: int | None) -> str:
    """Lines of prose longer than `width` wrapped at spaces, the pieces indented under the line's first word.

    A term and its explanation ("  place CARD  (a hand card ...)": one gap of two spaces) wrap the
    explanation under itself. A line laid out in columns (more such gaps: a map row, a table) is left as
    it is, since wrapping would scramble it; so is everything when `width` is None (a file or a pipe).
    """
    if not width:
        return text
    import re

    out: list[str] = []
    for line in text.split("\n"):
        bare = re.sub(r"\x1b\[[0-9;]*m", "", line)
        body = bare.lstrip(" ")
        gaps = len(re.findall(r"  +", body))
        if text_width(bare) <= width or gaps > 1:
            out.append(line)
            continue
        indent = " " * (len(bare) - len(body))
        if gaps == 1 and line == bare:  # a term, then its explanation
            term, gap, explained = re.split(r"( {2,})", body, maxsplit=1)
            indent += " " * (text_width(term) + len(gap))
            lead, body = body[:len(body) - len(explained)], explained
        else:
            lead, body, indent = "", line.lstrip(" "), indent + "  "
        pieces = wrap_cell(body, max(MIN_COLUMN * 2, width - len(indent)), cut=False).split("\n")
        out.append(" " * (len(bare) - len(bare.lstrip(" "))) + lead + pieces[0])
        out += [indent + p for p in pieces[1:]]
    return "\n".join(out)


def term_list(rows: list[tuple[str, str]], width: int = 80, heading: str = "") -> str:
    """A help list, each term beside its explanation, the explanations wrapped at spaces to fit `width`."""
    left = 2 + max(text_width(term) for term, _ in rows) + 2
    out = [heading] if heading else []
    for term, explained in rows:
        pieces = wrap_cell(explained, max(MIN_COLUMN * 2, width - left), cut=False).split("\n")
        out.append(f"  {term}" + " " * (left - 2 - text_width(term)) + pieces[0])
        out += [" " * left + p for p in pieces[1:]]
    return "\n".join(out)
