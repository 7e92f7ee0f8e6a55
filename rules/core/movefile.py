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
anywhere, down to one word a line) is joined back to the line it came from, since every line starts
with a known key, and the BEGIN and END lines are recognised when wrapped over up to four lines. A
whole saved message (headers and a quoted-printable or base64 body) and quoted-printable text
(`=3D`, soft line breaks `=` at a line's end) pasted without its headers are decoded first. Words
are never split by a wrapping mail program, so a hash (32 hex digits) always stays whole; if the
result does not match `check` the block is refused, saying so. No line is longer than 60 characters
plus the move itself.

`check` is unkeyed: it catches damage, not forgery. In a referee game each player holds a secret of
their own (in their view file; the referee keeps them all in the key file), and `auth` proves that the
move was written by someone holding it: the referee refuses a move whose `auth` is missing or wrong.
Ordinary games have no secrets and no `auth` line (every player holds the whole game and sees every
move in it; a move file written in another's name is detected only by that player, from their copy).
"""

from __future__ import annotations

import binascii
import hashlib
import hmac
import quopri
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from rules.core.errors import FaunaError
from rules.core.limits import escape_control

if TYPE_CHECKING:
    from email.message import Message

BEGIN = "-----BEGIN FAUNA MOVE-----"
END = "-----END FAUNA MOVE-----"
KEYS = ("game", "seq", "player", "move", "after", "auth", "check")
OPTIONAL = ("auth",)
SECRET = re.compile(r"^[0-9a-f]{64}$")  # a player's secret: 32 bytes from the operating system, in hex
HASH = re.compile(r"^[0-9a-f]{32}$")
SEQ = re.compile(r"^[0-9]{1,12}$")  # ASCII digits: str.isdigit() also takes '²', which int() refuses
_QUOTE = re.compile(r"^(\s*>)+\s?")
_QP_SIGN = re.compile(r"=(?:\r?\n|[0-9A-Fa-f]{2})")  # a soft line break or an escaped byte
_HEADER = re.compile(r"^[!-9;-~]+:")  # an RFC 5322 header line: a name without spaces or colons, then ':'
_Block = TypeVar("_Block")  # what a reader of blocks returns a list of: move files, update files
_MARKER_LINES = 4  # BEGIN/END wrapped at one word a line ("-----BEGIN", "FAUNA", "MOVE-----") take three


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
    """Every move block in `text` (an e-mail, a file, several pasted together); damage is a MoveFileError.

    The text is read as it is first; if that fails and it is a whole saved message or quoted-printable
    text, it is read again decoded (what the mail program would show), and the first error stands if
    that fails too.
    """
    return read_as_sent_or_decoded(_read_text, text, source, (MoveFileError,))


def read_as_sent_or_decoded(read: Callable[[str, str], list[_Block]], text: str, source: str,
                            errors: tuple[type[Exception], ...]) -> list[_Block]:
    """`read(text, source)`; if that raises one of `errors` and the text is a saved message or quoted-printable,
    `read` of the decoded text, the first error standing if that fails too (move and update files alike)."""
    try:
        return read(text, source)
    except errors:
        decoded = _decoded(text)
        if decoded is None or decoded == text:
            raise
        try:
            return read(decoded, f"{source} (decoded)")
        except errors:
            pass
        raise


def _decoded(text: str) -> str | None:
    """The text a mail program would show for a saved message or quoted-printable text, or None."""
    head = text.lstrip("\r\n").partition("\n")[0]
    if _HEADER.match(head):
        import email
        import email.policy

        try:
            message = email.message_from_string(text, policy=email.policy.compat32)
            bodies = [_body_text(p) for p in message.walk() if p.get_content_maintype() == "text"]
        except (LookupError, ValueError, TypeError, AttributeError, UnicodeError):  # a broken header or charset
            return None
        if bodies:
            return "\n".join(bodies)
    if _QP_SIGN.search(text):
        raw = quopri.decodestring(text.replace("\r\n", "\n").encode("utf-8", "replace"))
        return raw.decode("utf-8", "replace")
    return None


def _body_text(part: Message) -> str:
    """A text part's body as the reader sees it: transfer encoding undone (read by hand, since the
    standard parser misses an encoding whose header was folded), then its charset."""
    raw = part.get_payload(decode=False)
    if not isinstance(raw, str):
        return ""
    encoding = str(part.get("content-transfer-encoding", "")).strip().lower()
    data = raw.encode("utf-8", "replace")
    if encoding == "quoted-printable":
        data = quopri.decodestring(data)
    elif encoding == "base64":
        data = binascii.a2b_base64(data)
    return data.decode(part.get_content_charset() or "utf-8", "replace")


def _marker_at(squashed: list[str], i: int, marker: str) -> int:
    """How many lines from i spell `marker` (spaces aside): 1 when whole, more when a mail program wrapped it."""
    got = ""
    for k in range(min(_MARKER_LINES, len(squashed) - i)):
        got += squashed[i + k]
        if not got or not marker.startswith(got):
            return 0
        if got == marker:
            return k + 1
    return 0


def marked_blocks(lines: list[str], begin: str, end: str) -> Iterator[tuple[int, int, int]]:
    """Where each block between a `begin` and an `end` marker line stands (spaces aside, whole or wrapped by a
    mail program): (the begin marker's line, the block's first line, its end marker's line); a block that never
    ends comes last, its end at len(lines), for the caller to refuse as cut short."""
    squashed = [ln.replace(" ", "") for ln in lines]
    begin, end = begin.replace(" ", ""), end.replace(" ", "")
    i = 0
    while i < len(lines):
        opening = _marker_at(squashed, i, begin)
        if not opening:
            i += 1
            continue
        start = j = i + opening
        while j < len(lines) and not (closing := _marker_at(squashed, j, end)):
            j += 1
        yield i, start, j
        if j >= len(lines):
            return
        i = j + closing


def read_blocks(text: str, source: str, begin: str, end: str,
                read_block: Callable[[list[str], str, int], _Block], error: Callable[[str], Exception],
                what: str) -> list[_Block]:
    """Every block of `text` between `begin` and `end` marker lines (mail quoting taken off), each read by
    `read_block(its lines, source, its first line's number)`; `what` (e.g. 'a move block') that never ends
    is an `error`."""
    lines = [_unquote(ln) for ln in text.splitlines()]
    out: list[_Block] = []
    for opened, start, stop in marked_blocks(lines, begin, end):
        if stop >= len(lines):
            raise error(f"{source}:{opened + 1}: {what} that never ends: no '{end}' line after it (the message "
                        "was cut short?)")
        out.append(read_block(lines[start:stop], source, start + 1))
    return out


def _read_text(text: str, source: str) -> list[MoveFile]:
    out = read_blocks(text, source, BEGIN, END, _read_block, MoveFileError, "a move block")
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
    if not SEQ.match(values["seq"]):
        raise MoveFileError(f"{source}:{lines_of['seq']}: seq must be a move number, found {values['seq'][:20]!r}")
    for key in ("game", "after", "auth", "check"):
        if key in values and not HASH.match(values[key]):
            raise MoveFileError(f"{source}:{lines_of[key]}: {key} must be 32 hex digits, found {values[key][:40]!r}")
    mf = MoveFile(values["game"], int(values["seq"]), values["player"], " ".join(values["move"].split()),
                  values["after"], f"{source}:{first - 1}", values.get("auth"))
    if mf.checksum() != values["check"]:
        raise MoveFileError(f"{source}:{lines_of['check']}: the move was damaged on the way (its check does not "
                            f"match: a changed or re-wrapped line, or a move text that lost a space); ask "
                            f"{escape_control(mf.player)} to send it again")
    return mf


__all__ = ["BEGIN", "END", "MoveFile", "MoveFileError", "SECRET", "read_move_files"]
