"""Move files: one e-mail move, a few short lines that every player applies to their own copy of the game.

    -----BEGIN FAUNA MOVE-----
    game 3f1c...e9          hash of the game's last header line: which game (config and seed) this is
    seq 12                  the number of the move's (first) decision
    player alice
    move weight 200-500 kg  what the player typed (several decisions as 'a; b')
    after 9b07...41         the history head the move continues (hash of the copy's last permanent line)
    auth 77c1...0b          (referee games only) HMAC-SHA-256 of the five lines above with the player's secret
    check 5d2a...c0         SHA-256 over the lines above, so any damage is detected
    -----END FAUNA MOVE-----

Made to survive mail programs: line endings, white space around lines, quoting with '> ' (any depth)
and text around the block do not matter; a line that a mail program wrapped (at 72 columns or
anywhere) is joined back to the line it came from, since every line starts with a known key, and if
the result does not match `check` the block is refused, saying so. No line is longer than 60
characters plus the move itself, and the hashes are 32 hex digits.

`check` is unkeyed: it catches damage, not forgery. In a referee game each player holds a secret of
their own (in their view file; the referee keeps them all in the key file), and `auth` proves that the
move was written by someone holding it: the referee refuses a move whose `auth` is missing or wrong.
Ordinary games have no secrets and no `auth` line (every player holds the whole game and sees every
move in it; a move file written in another's name is detected only by that player, from their copy).
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass

from rules.core.errors import FaunaError

BEGIN = "-----BEGIN FAUNA MOVE-----"
END = "-----END FAUNA MOVE-----"
KEYS = ("game", "seq", "player", "move", "after", "auth", "check")
OPTIONAL = ("auth",)
SECRET = re.compile(r"^[0-9a-f]{64}$")  # a player's secret: 32 bytes from the operating system, in hex
HASH = re.compile(r"^[0-9a-f]{32}$")
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
    auth: str | None = None  # HMAC of the five fields with the player's secret (referee games), else None

    def checksum(self) -> str:
        """SHA-256 (32 hex digits) over the fields, as written (`auth` too when there is one)."""
        body = "\n".join(self.fields())
        return hashlib.sha256(body.encode("utf-8")).hexdigest()[:32]

    def fields(self) -> list[str]:
        return self._signed_fields() + ([f"auth {self.auth}"] if self.auth is not None else [])

    def _signed_fields(self) -> list[str]:
        return [f"game {self.game}", f"seq {self.seq}", f"player {self.player}", f"move {self.move}",
                f"after {self.after}"]

    def mac(self, secret: str) -> str:
        """HMAC-SHA-256 (32 hex digits) of the five fields under `secret` (64 hex digits), with a label."""
        body = "\n".join(["fauna-move-auth", *self._signed_fields()]).encode("utf-8")
        return hmac.new(bytes.fromhex(secret), body, hashlib.sha256).hexdigest()[:32]

    def signed(self, secret: str) -> MoveFile:
        """The same move with its `auth` line: written by whoever holds `secret`."""
        return MoveFile(self.game, self.seq, self.player, self.move, self.after, self.where, self.mac(secret))

    def signed_by(self, secret: str) -> bool:
        """Whether `auth` was made with `secret` (compared in constant time)."""
        return self.auth is not None and hmac.compare_digest(self.auth, self.mac(secret))

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
            sep = "" if last in ("game", "after", "auth", "check") or not values[last] else " "
            values[last] = values[last] + sep + line
        else:
            raise MoveFileError(f"{source}:{first + k}: expected 'game HASH' as the first line of the move, "
                                f"found {line[:60]!r}")
    for key in KEYS:
        if key not in values and key not in OPTIONAL:
            raise MoveFileError(f"{source}:{first}: the move has no '{key}' line")
    if not values["seq"].isdigit() or len(values["seq"]) > 12:
        raise MoveFileError(f"{source}:{lines_of['seq']}: seq must be a move number, found {values['seq'][:20]!r}")
    for key in ("game", "after", "auth", "check"):
        if key in values and not HASH.match(values[key]):
            raise MoveFileError(f"{source}:{lines_of[key]}: {key} must be 32 hex digits, found {values[key][:40]!r}")
    mf = MoveFile(values["game"], int(values["seq"]), values["player"], " ".join(values["move"].split()),
                  values["after"], f"{source}:{first - 1}", values.get("auth"))
    if mf.checksum() != values["check"]:
        raise MoveFileError(f"{source}:{lines_of['check']}: the move was damaged on the way (its check does not "
                            f"match: a changed or re-wrapped line, or a move text that lost a space); ask "
                            f"{mf.player} to send it again")
    return mf


__all__ = ["BEGIN", "END", "MoveFile", "MoveFileError", "SECRET", "read_move_files"]
