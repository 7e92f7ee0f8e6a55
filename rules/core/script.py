"""Move scripts of every game: one 'player: move' per line, '#' comments, blank lines; read and written back alike.

A line may hold several decisions of the same player separated by ';' (a whole turn of a card game on one
line); `decisions` splits them. No game's move text contains ';', '#' or ':'.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from rules.core.errors import MoveSyntaxError
from rules.core.limits import MAX_LINE_CHARS, MAX_NAME_CHARS, excerpt


@dataclass(frozen=True)
class ScriptLine:
    """One move of a script with the line it came from (1-based)."""

    line: int
    player: str
    move: str

    def text(self) -> str:
        return f"{self.player}: {self.move}"

    def decisions(self) -> list[str]:
        """The decisions this line holds, in order (one unless written 'a; b; c')."""
        return [d for d in (" ".join(part.split()) for part in self.move.split(";")) if d]


def parse_script(text: str) -> list[ScriptLine]:
    """Split a script into moves; a line without 'player:' raises MoveSyntaxError carrying its line.

    Lines are split at '\n' (and a '\r' before it) only, so a line separator or a control character
    inside a line cannot shift the line numbers that errors name; over-long lines are refused first.
    """
    out = []
    for n, raw in enumerate(text.split("\n"), 1):
        if len(raw) > MAX_LINE_CHARS:
            err = MoveSyntaxError(f"a line of {len(raw):,} characters; at most {MAX_LINE_CHARS:,} are allowed")
            err.line = n
            raise err
        body = raw.removesuffix("\r").split("#", 1)[0].strip()
        if not body:
            continue
        player, sep, move = body.partition(":")
        if not sep or not player.strip() or len(player.strip()) > MAX_NAME_CHARS:
            err = MoveSyntaxError(f"expected 'player: move', found {excerpt(body)}")
            err.line = n
            raise err
        if not move.strip():
            err = MoveSyntaxError(f"{player.strip()} has no move after ':'")
            err.line = n
            raise err
        out.append(ScriptLine(n, unicodedata.normalize("NFC", player.strip()), " ".join(move.split())))
    return out


def format_script(lines: list[ScriptLine], header: str = "") -> str:
    """Write moves back as a script; parse_script(format_script(x)) gives the same players and moves."""
    body = "".join(f"# {h}\n" for h in header.splitlines()) if header else ""
    return body + "".join(line.text() + "\n" for line in lines)
