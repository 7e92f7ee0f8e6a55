"""Move files: one e-mail move, a few short lines that every player applies to their own copy of the game.

    -----BEGIN FAUNA MOVE-----
    game 3f1c...e9          hash of the game's last header line: which game (config and seed) this is
    seq 12                  the number of the move's (first) decision
    player alice
    move weight 200-500 kg  what the player typed (several decisions as 'a; b')
    after 9b07...41         the history head the move continues (hash of the copy's last permanent line)
    check 5d2a...c0         SHA-256 over the five lines above, so any damage is detected
    -----END FAUNA MOVE-----

Made to survive mail programs: line endings, white space around lines, quoting with '> ' (any depth)
and text around the block do not matter; a line that a mail program wrapped (at 72 columns or
anywhere) is joined back to the line it came from, since every line starts with a known key, and if
the result does not match `check` the block is refused, saying so. No line is longer than 60
characters plus the move itself, and the hashes are 32 hex digits.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from rules.core.errors import FaunaError
from rules.core.limits import escape_control

BEGIN = "-----BEGIN FAUNA MOVE-----"
END = "-----END FAUNA MOVE-----"
KEYS = ("game", "seq", "player", "move", "after", "check")
HASH = re.compile(r"^[0-9a-f]{32}$")
SEQ = re.compile(r"^[0-9]{1,12}$")  # ASCII digits: str.isdigit() also takes '²', which int() refuses
_QUOTE = re.compile(r"^(\s*>)+\s?")


class MoveFileError(FaunaError):
    """A move file that cannot be read, is damaged, or does not fit this copy of the game."""


@dataclass(frozen=True)
class MoveFile:
    """One player's move as it travels by e-mail."""

    game: str
    seq: int
    player: str
    move: str
    after: str
    where: str = "<move>"  # the file (and line) it was read from, for messages

    def checksum(self) -> str:
        """SHA-256 (32 hex digits) over the five fields, as written."""
        body = "\n".join(self.fields())
        return hashlib.sha256(body.encode("utf-8")).hexdigest()[:32]

    def fields(self) -> list[str]:
        return [f"game {self.game}", f"seq {self.seq}", f"player {self.player}", f"move {self.move}",
                f"after {self.after}"]

    def text(self) -> str:
        """The block to paste into a message."""
        return "\n".join([BEGIN, *self.fields(), f"check {self.checksum()}", END]) + "\n"


def _unquote(line: str) -> str:
    return _QUOTE.sub("", line.rstrip("\r\n")).strip()


def read_move_files(text: str, source: str) -> list[MoveFile]:
    """Every move block in `text` (an e-mail, a file, several pasted together); damage is a MoveFileError."""
    lines = [_unquote(ln) for ln in text.splitlines()]
    out: list[MoveFile] = []
    i = 0
    while i < len(lines):
        if lines[i].replace(" ", "") != BEGIN.replace(" ", ""):
            i += 1
            continue
        start = i + 1
        j = start
        while j < len(lines) and lines[j].replace(" ", "") != END.replace(" ", ""):
            j += 1
        if j >= len(lines):
            raise MoveFileError(f"{source}:{i + 1}: a move block that never ends: no '{END}' line after it "
                                "(the message was cut short?)")
        out.append(_read_block(lines[start:j], source, start + 1))
        i = j + 1
    if not out:
        raise MoveFileError(f"{source}: no move in it: a move file starts with '{BEGIN}'")
    return out


def _read_block(lines: list[str], source: str, first: int) -> MoveFile:
    values: dict[str, str] = {}
    lines_of: dict[str, int] = {}
    last: str | None = None
    for k, line in enumerate(lines):
        if not line:
            continue
        key, _, value = line.partition(" ")
        if key in KEYS and key not in values:
            values[key] = value.strip()
            lines_of[key] = first + k
            last = key
        elif last is not None:  # a line a mail program wrapped: it continues the previous one
            sep = "" if last in ("game", "after", "check") or not values[last] else " "
            values[last] = values[last] + sep + line
        else:
            raise MoveFileError(f"{source}:{first + k}: expected 'game HASH' as the first line of the move, "
                                f"found {line[:60]!r}")
    for key in KEYS:
        if key not in values:
            raise MoveFileError(f"{source}:{first}: the move has no '{key}' line")
    if not SEQ.match(values["seq"]):
        raise MoveFileError(f"{source}:{lines_of['seq']}: seq must be a move number, found {values['seq'][:20]!r}")
    for key in ("game", "after", "check"):
        if not HASH.match(values[key]):
            raise MoveFileError(f"{source}:{lines_of[key]}: {key} must be 32 hex digits, found {values[key][:40]!r}")
    mf = MoveFile(values["game"], int(values["seq"]), values["player"], " ".join(values["move"].split()),
                  values["after"], f"{source}:{first - 1}")
    if mf.checksum() != values["check"]:
        raise MoveFileError(f"{source}:{lines_of['check']}: the move was damaged on the way (its check does not "
                            f"match: a changed or re-wrapped line, or a move text that lost a space); ask "
                            f"{escape_control(mf.player)} to send it again")
    return mf


__all__ = ["BEGIN", "END", "MoveFile", "MoveFileError", "read_move_files"]
