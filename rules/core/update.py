"""Update files: what a referee sends a player after a move instead of a whole new view file.

A view file (rules/core/referee.py) is rewritten whole after every move; most of it (the player's secret, the
history so far) the player has already. An update carries only what changed, as a block that survives mail
programs like a move block (rules/core/movefile.py):

    -----BEGIN FAUNA UPDATE-----
    game 3f1c...e9          the game (as view and move files name it)
    player alice            whose view it updates
    after 9b07...41         the view it continues: the hash on the last line of the player's current view file
    seq 15                  the move the new view is at
    file 5d2a...c0          the hash on the last line of the new view file (the referee's rewrite)
    data eJyNkk1v...        the new lines, zlib-compressed in base64 (several 'data' lines): head, view, legal,
    data ...                the new 'move' lines (the public texts of the others' moves, the player's own in full), next
    auth 77c1...0b          HMAC-SHA-256 of the lines above with the player's secret (as move files are signed)
    check 0a41...9e         SHA-256 over the lines above, so any damage is detected
    -----END FAUNA UPDATE-----

Applied to the view file it continues, it gives the referee's new view file byte for byte (the hash chain of
the result must end in `file`). Only the referee and the player hold the secret, so another player cannot
forge one; an update for another player, another game, or another view than the file's (out of order,
applied already) is refused, and the view file is left as it was. Pure: the CLI reads and writes the files.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
import zlib
from dataclasses import dataclass

from rules.core.errors import FaunaError, IllegalMove, ReplayMismatch
from rules.core.limits import MAX_LOG_BYTES, escape_control
from rules.core.log import CHAIN_START, LineReader, chain
from rules.core.movefile import BEGIN as MOVE_BEGIN
from rules.core.movefile import END as MOVE_END
from rules.core.movefile import SECRET, _unquote, marked_blocks, read_as_sent_or_decoded, read_blocks

BEGIN = "-----BEGIN FAUNA UPDATE-----"
END = "-----END FAUNA UPDATE-----"
KEYS = ("game", "player", "after", "seq", "file", "data", "auth", "check")
_HASH = re.compile(r"^[0-9a-f]{32}$")
_SEQ = re.compile(r"^[0-9]{1,12}$")
_FIXED = 4  # a view file's first lines that an update keeps: format, game, player, secret
DATA_WIDTH = 60  # base64 characters a 'data' line (a mail program does not wrap a line this short)


class UpdateError(FaunaError):
    """An update file that cannot be read or does not fit the view file (exit 2: another player or game)."""


class UpdateOrder(IllegalMove):
    """An update that continues another step of the game than the view file is at (exit 3)."""


class UpdateDamaged(ReplayMismatch):
    """An update whose check, signature or result does not verify: damaged or changed on the way (exit 4)."""


@dataclass(frozen=True)
class UpdateFile:
    """One player's update, as it travels by e-mail."""

    game: str
    player: str
    after: str
    seq: int
    file: str
    lines: tuple[str, ...]  # the new view file's changed lines (bodies, without hashes): head, view, legal, moves, next
    auth: str = ""
    where: str = "<update>"

    def data(self) -> str:
        """The lines, compressed (zlib; a view line is mostly names that repeat) and in base64, as mail carries it."""
        return base64.b64encode(zlib.compress("\n".join(self.lines).encode("utf-8"), 9)).decode("ascii")

    def _signed_fields(self) -> list[str]:
        return [f"game {self.game}", f"player {self.player}", f"after {self.after}", f"seq {self.seq}",
                f"file {self.file}", f"data {self.data()}"]

    def mac(self, secret: str) -> str:
        """HMAC-SHA-256 (32 hex digits) of the fields under the player's secret, with a label of its own."""
        body = "\n".join(["fauna-update-auth", *self._signed_fields()]).encode("utf-8")
        return hmac.new(bytes.fromhex(secret), body, hashlib.sha256).hexdigest()[:32]

    def signed(self, secret: str) -> UpdateFile:
        return UpdateFile(self.game, self.player, self.after, self.seq, self.file, self.lines, self.mac(secret),
                          self.where)

    def signed_by(self, secret: str) -> bool:
        return bool(self.auth) and hmac.compare_digest(self.auth, self.mac(secret))

    def checksum(self) -> str:
        body = "\n".join([*self._signed_fields(), f"auth {self.auth}"])
        return hashlib.sha256(body.encode("utf-8")).hexdigest()[:32]

    def moves(self) -> list[str]:
        """The new 'move SEQ PLAYER: TEXT' lines, without 'move '."""
        return [t.removeprefix("move ") for t in self.lines[3:-1]]

    def text(self, view_name: str = "YOUR-VIEW-FILE") -> str:
        """The file to send: a short readable note, then the block (text around the block is ignored)."""
        data = self.data()
        chunks = [data[i:i + DATA_WIDTH] for i in range(0, len(data), DATA_WIDTH)] or [""]
        moves = self.moves()
        # (the first line must not look like a mail header, 'word:', or the text would be read as a saved message)
        note = [f"An update of {self.player}'s view file to move {self.seq}, from the referee; apply it with",
                f"  fauna pbem apply {view_name} THIS-FILE"]
        if moves:
            note.append("The moves since your last view:")
            note += [f"  {m}" for m in moves]
        block = [BEGIN, *self._signed_fields()[:5], *(f"data {c}" for c in chunks), f"auth {self.auth}",
                 f"check {self.checksum()}", END]
        return "\n".join([*(escape_control(n) for n in note), "", *block]) + "\n"


def _bodies(text: str, source: str) -> tuple[list[str], str]:
    """A view file's line bodies (its hash chain checked) and the hash on its last line."""
    from rules.core.referee import view_bodies

    return view_bodies(LineReader(text, source, "fauna view file"))


def _chained_text(bodies: list[str]) -> tuple[str, str]:
    head, out = CHAIN_START, []
    for t in bodies:
        head = chain(head, t)
        out.append(f"{t} @{head}")
    return "\n".join(out) + "\n", head


def make_update(old_view: str, new_view: str, secret: str) -> UpdateFile:
    """The update that turns the view file `old_view` into `new_view` (both as the referee writes them)."""
    old, after = _bodies(old_view, "<old view>")
    new, last = _bodies(new_view, "<new view>")
    old_moves, new_moves = old[_FIXED + 3:-1], new[_FIXED + 3:-1]
    if old[:_FIXED] != new[:_FIXED] or new_moves[:len(old_moves)] != old_moves:
        raise FaunaError("an update needs the player's old view to be a step of the new one (same game, player, "
                         "secret and history so far)")
    m = re.match(r"^head [0-9a-f]{32} seq ([0-9]{1,12}) game ([0-9a-f]{32})$", new[_FIXED])
    if m is None:
        raise FaunaError("not a view file of the current version")
    player = new[2].removeprefix("player ")
    lines = (*new[_FIXED:_FIXED + 3], *new_moves[len(old_moves):], new[-1])
    return UpdateFile(m.group(2), json.loads(player), after, int(m.group(1)), last, lines).signed(secret)


def apply_update(view: str, source: str, up: UpdateFile) -> str:
    """The view file `view` with the update applied (the referee's new view file, byte for byte).

    Raises UpdateError (another game or player, a view without a secret), UpdateOrder (an update of another
    step: applied already, or one before it is missing) or UpdateDamaged (a check, signature or result that
    does not verify); the caller then leaves the file as it was."""
    from rules.core.referee import read_view

    v = read_view(view, source)
    where, source = escape_control(up.where), escape_control(source)  # paths as given, shown in messages
    up = UpdateFile(up.game, up.player, up.after, up.seq, up.file, up.lines, up.auth, where)
    if v.game_id != up.game:
        raise UpdateError(f"{up.where}: an update of another game (game {up.game[:12]}...; {source} is of game "
                          f"{v.game_id[:12]}...)")
    if up.player != v.player:
        raise UpdateError(f"{up.where}: an update of {escape_control(up.player)}'s view, and {source} is "
                          f"{escape_control(v.player)}'s")
    if v.secret is None or not SECRET.match(v.secret):
        raise UpdateError(f"{source}: a view file of an older fauna, without your secret, so an update cannot be "
                          "checked: ask the referee for your whole view file")
    if not up.signed_by(v.secret):
        raise UpdateDamaged(f"{up.where}: refused: this update is not signed with {escape_control(v.player)}'s "
                            "secret (not written by your referee, or changed on the way)")
    bodies, head = _bodies(view, source)
    if up.after != head:
        if head == up.file:
            raise UpdateOrder(f"{up.where}: this update (to move {up.seq}) is applied already: {source} shows it")
        if up.seq <= v.seq:
            raise UpdateOrder(f"{up.where}: an older update (to move {up.seq}); {source} is after move {v.seq} "
                              "already")
        raise UpdateOrder(f"{up.where}: this update (to move {up.seq}) continues another view than {source} (after "
                          f"move {v.seq}): an update before it is missing; apply them in order, or ask the referee "
                          "for your whole view file")
    if len(up.lines) < 4 or not up.lines[0].startswith("head ") or not up.lines[-1].startswith("next "):
        raise UpdateDamaged(f"{up.where}: the update's lines are not those of a view file")
    new = [*bodies[:_FIXED], *up.lines[:3], *bodies[_FIXED + 3:-1], *up.lines[3:-1], up.lines[-1]]
    text, last = _chained_text(new)
    if last != up.file:
        raise UpdateDamaged(f"{up.where}: the view this update makes does not end in the referee's hash {up.file} "
                            "(the update does not fit this view file)")
    read_view(text, source)  # every line of the result as a view file holds it
    return text


def _read_block(lines: list[str], source: str, first: int) -> UpdateFile:
    values: dict[str, str] = {}
    data: list[str] = []
    lines_of: dict[str, int] = {}
    last: str | None = None
    for k, line in enumerate(lines):
        if not line:
            continue
        key, _, value = line.partition(" ")
        if key == "data":  # the data comes in several lines, each 'data CHUNK'
            data.append(value.replace(" ", ""))
            last = "data"
            lines_of.setdefault(key, first + k)
        elif key in KEYS and key not in values and key != "data":
            values[key] = value.strip()
            lines_of[key] = first + k
            last = key
        elif last == "data":  # a line a mail program wrapped: base64 has no spaces, so it continues as it is
            data.append(line.replace(" ", ""))
        elif last is not None:
            values[last] += (" " if last == "player" and values[last] else "") + line
        else:
            raise UpdateError(f"{source}:{first + k}: expected 'game HASH' as the first line of the update, found "
                              f"{escape_control(line[:60])!r}")
    for key in KEYS:
        if key != "data" and key not in values:
            raise UpdateError(f"{source}:{first}: the update has no '{key}' line")
    if not _SEQ.match(values["seq"]):
        raise UpdateError(f"{source}:{lines_of['seq']}: seq must be a move number, found "
                          f"{escape_control(values['seq'][:20])!r}")
    for key in ("game", "after", "file", "auth", "check"):
        if not _HASH.match(values[key]):
            raise UpdateError(f"{source}:{lines_of[key]}: {key} must be 32 hex digits, found "
                              f"{escape_control(values[key][:40])!r}")
    try:
        unzip = zlib.decompressobj()
        raw = unzip.decompress(base64.b64decode("".join(data), validate=True), MAX_LOG_BYTES).decode("utf-8")
        if unzip.unconsumed_tail or not unzip.eof:
            raise ValueError("too long or cut short")
    except (binascii.Error, ValueError, zlib.error):
        raise UpdateDamaged(f"{source}:{lines_of.get('data', first)}: the update was damaged on the way (its data "
                            "is not base64 text); ask the referee to send it again") from None
    up = UpdateFile(values["game"], values["player"], values["after"], int(values["seq"]), values["file"],
                    tuple(raw.split("\n")), values["auth"], f"{source}:{first - 1}")
    if up.checksum() != values["check"]:
        raise UpdateDamaged(f"{source}:{lines_of['check']}: the update was damaged or changed on the way (its check "
                            "does not match); ask the referee to send it again")
    return up


def _read_text(text: str, source: str) -> list[UpdateFile]:
    out = read_blocks(text, source, BEGIN, END, _read_block, UpdateError, "an update")
    if out:
        return out
    if next(marked_blocks([_unquote(ln) for ln in text.splitlines()], MOVE_BEGIN, MOVE_END), None):
        raise UpdateError(f"{source}: a move file, not an update: a move file goes to the referee, who applies it "
                          "to the game (fauna pbem apply GAME --key KEY MOVEFILE) and sends back your update")
    raise UpdateError(f"{source}: no update in it: an update file holds a block that starts with '{BEGIN}'")


def read_update_files(text: str, source: str) -> list[UpdateFile]:
    """Every update block in `text` (a file, a saved mail, quoted or quoted-printable text)."""
    # (e.g. quoted-printable '=3D' where base64 has '=')
    return read_as_sent_or_decoded(_read_text, text, source, (UpdateError, UpdateDamaged))


def is_update(text: str) -> bool:
    """Whether a text holds an update block (and so is not a move file)."""
    return BEGIN.replace(" ", "") in text.replace(" ", "").replace("\n", "").replace(">", "")


__all__ = ["BEGIN", "END", "UpdateDamaged", "UpdateError", "UpdateFile", "UpdateOrder", "apply_update",
           "is_update", "make_update", "read_update_files"]
