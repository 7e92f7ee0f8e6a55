"""A joint seed for referee games: a seed neither the referee nor any one player can choose (commit and reveal).

The extra round of mails at the start, and what each step fixes:

1. The referee draws a secret r and sends every player an **invitation** holding R = SHA-256("fauna-joint-
   referee", r) only. From then on r is fixed: a different r would not match R at the end.
2. Each player draws a contribution c (256 bits from the operating system, kept in a private file) and
   sends the referee a **join file** holding C = SHA-256("fauna-join", name, R, c): the commitment names the
   player and the invitation it answers, and tells nothing of c.
3. The referee starts the game with seed = the first 64 bits of SHA-256("fauna-joint-seed", r, every
   player's name and C in name order), and the public file carries R and every C from its first lines.
4. At the end the players send their contribution files, the referee reveals r and every c, and `fauna
   replay` checks R against r, each C against its player's c, and the seed against all of them.

Why nobody alone picks the deal: the referee fixed r (by R) before seeing any C, and a player fixes C
without knowing r, so neither can try seeds until one deals well. What it does not stop is written in
docs/email-play.md (a referee who also plays and joins last; a referee and a player together).
The module is pure: the CLI draws the secrets and reads and writes the files.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field

from rules.core.errors import FaunaError, ReplayMismatch
from rules.core.log import LogFormatError, short

INVITE_FORMAT = "fauna-invite 1"
JOIN_FORMAT = "fauna-join 1"
CONTRIBUTION_FORMAT = "fauna-contribution 1"
REFEREE_SECRET_FORMAT = "fauna-joint-secret 1"
PUBLIC_LINE = "joint-seed "
REVEAL_LINE = "reveal joint "

_HEX64 = re.compile(r"^[0-9a-f]{64}$")


class JointSeedError(FaunaError):
    """A joint-seed file that does not belong where it was given (another invitation, a missing player)."""


def referee_commitment(secret: str) -> str:
    """R: the referee's promise of its secret, made before any player joins."""
    return hashlib.sha256(f"fauna-joint-referee\n{secret}".encode()).hexdigest()


def join_commitment(player: str, invite: str, contribution: str) -> str:
    """C: a player's promise of their contribution, naming the player and the invitation (R) it answers."""
    return hashlib.sha256(f"fauna-join\n{json.dumps(player)}\n{invite}\n{contribution}".encode()).hexdigest()


def joint_seed(secret: str, commitments: dict[str, str]) -> int:
    """The game's seed: the first 64 bits of SHA-256 over the referee's secret and every player's C, by name."""
    body = "".join(f"{json.dumps(p)}\n{commitments[p]}\n" for p in sorted(commitments))
    return int(hashlib.sha256(f"fauna-joint-seed\n{secret}\n{body}".encode()).hexdigest()[:16], 16)


@dataclass(frozen=True)
class JointRecord:
    """What a joint-seed game's files say about its seed: R, every player's C, and (once known) r and every c."""

    invite: str  # R
    commitments: dict[str, str]  # player -> C
    secret: str | None = None  # r: in the key file from the start, in the public file after the reveal
    contributions: dict[str, str] = field(default_factory=dict)  # player -> c, after the reveal

    def public_line(self) -> str:
        """The public file's line (after `commit`): R and every C, from the start of the game."""
        return PUBLIC_LINE + json.dumps({"invite": self.invite, "players": self.commitments}, sort_keys=True,
                                        ensure_ascii=False)

    def key_line(self) -> str:
        """The key file's line: the public one and the referee's secret."""
        return PUBLIC_LINE + json.dumps({"invite": self.invite, "players": self.commitments, "secret": self.secret},
                                        sort_keys=True, ensure_ascii=False)

    def reveal_line(self) -> str:
        """The public file's reveal of r and every contribution."""
        return REVEAL_LINE + json.dumps({"contributions": self.contributions, "secret": self.secret},
                                        sort_keys=True, ensure_ascii=False)


class JointSalt(str):
    """The salt of a joint-seed referee game, carrying the game's JointRecord wherever the salt goes.

    The referee's commands pass the salt from the key file to every file they write; a joint-seed game's
    key and public files must also carry R and every C, so the record travels with it (rules/core/referee.py
    writes its lines when the salt is a JointSalt)."""

    joint: JointRecord

    def __new__(cls, salt: str, joint: JointRecord) -> JointSalt:
        made = super().__new__(cls, salt)
        made.joint = joint
        return made


def _json_object(text: str, prefix: str, where: str, what: str) -> dict[str, object]:
    try:
        value = json.loads(text.removeprefix(prefix)) if text.startswith(prefix) else None
    except ValueError:
        value = None
    if not isinstance(value, dict):
        raise LogFormatError(f"{where}: expected '{prefix}{{...}}' ({what}), found {short(text)}")
    return value


def _hex_map(value: object) -> dict[str, str] | None:
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) and _HEX64.match(v)
                                              for k, v in value.items()):
        return None
    return dict(value)


def read_record(text: str, where: str, *, key: bool) -> JointRecord:
    """The `joint-seed {...}` line of a key file (`key`, with r) or of a public file (without it)."""
    obj = _json_object(text, PUBLIC_LINE, where, "the joint seed's commitments")
    invite, players, secret = obj.get("invite"), _hex_map(obj.get("players")), obj.get("secret")
    if not isinstance(invite, str) or not _HEX64.match(invite) or not players or set(obj) != (
            {"invite", "players", "secret"} if key else {"invite", "players"}):
        raise LogFormatError(f"{where}: a 'joint-seed' line not as fauna writes it: {short(text)}")
    if key and not (isinstance(secret, str) and _HEX64.match(secret)):
        raise LogFormatError(f"{where}: the key file's 'joint-seed' line has no referee secret")
    return JointRecord(invite, players, secret if key and isinstance(secret, str) else None)


def with_reveal(record: JointRecord, text: str, where: str) -> JointRecord:
    """The public record completed by a `reveal joint {...}` line (r and every contribution)."""
    obj = _json_object(text, REVEAL_LINE, where, "the referee's secret and every player's contribution")
    secret, contributions = obj.get("secret"), _hex_map(obj.get("contributions"))
    if not isinstance(secret, str) or not _HEX64.match(secret) or contributions is None or set(obj) != {
            "contributions", "secret"}:
        raise LogFormatError(f"{where}: a 'reveal joint' line not as fauna writes it: {short(text)}")
    return JointRecord(record.invite, record.commitments, secret, contributions)


def check_record(record: JointRecord, seed: int, where: str, line: int) -> None:
    """After the reveal: R opens to r, every C to its player's c, and the seed follows from them (else exit 4)."""
    if record.secret is None or referee_commitment(record.secret) != record.invite:
        raise ReplayMismatch(f"{where}: the referee's revealed secret does not match the invitation's commitment "
                             f"({record.invite[:16]}...): the referee changed its secret after the invitation", line)
    for player in sorted(record.commitments):
        c = record.contributions.get(player)
        if c is None:
            raise ReplayMismatch(f"{where}: {player}'s contribution is not revealed, so the seed cannot be checked",
                                 line)
        if join_commitment(player, record.invite, c) != record.commitments[player]:
            raise ReplayMismatch(f"{where}: {player}'s revealed contribution does not match the commitment in "
                                 f"{player}'s join file ({record.commitments[player][:16]}...)", line)
    extra = sorted(set(record.contributions) - set(record.commitments))
    if extra:
        raise ReplayMismatch(f"{where}: a contribution of {extra[0]}, who did not join the game", line)
    want = joint_seed(record.secret, record.commitments)
    if want != seed:
        raise ReplayMismatch(f"{where}: the seed {seed} is not the one the referee's secret and the players' "
                             f"commitments give ({want}): the deal was chosen", line)


def check_own(record: JointRecord, mine: Contribution, where: str, line: int) -> None:
    """A player holds the referee to their own join: the game's R and their C are the ones they sent (else exit 4).

    Possible from the start (the public file carries R and every C): a referee who replaced a player's join file
    with one of its own choosing, to choose the seed after all, is caught by that player."""
    if mine.invite != record.invite:
        raise ReplayMismatch(f"{where}: this game's invitation commitment ({record.invite[:16]}...) is not the one "
                             f"{mine.player} joined ({mine.invite[:16]}...)", line)
    got = record.commitments.get(mine.player)
    if got is None:
        raise ReplayMismatch(f"{where}: {mine.player} has no commitment in this game's joint seed", line)
    if got != join_commitment(mine.player, mine.invite, mine.contribution):
        raise ReplayMismatch(f"{where}: the commitment of {mine.player} in this game ({got[:16]}...) is not the one "
                             f"{mine.player}'s join file sent: the referee replaced it", line)


# -- the small files of the first round -------------------------------------------------------------------

def _lines(text: str, where: str, fmt: str, count: int, what: str) -> list[str]:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0] != fmt:
        raise LogFormatError(f"{where}:1: not {what} (it starts with '{fmt}')")
    if len(lines) != count:
        raise LogFormatError(f"{where}: {what} has {count} lines, this one {len(lines)}")
    return lines


def _field(lines: list[str], i: int, name: str, where: str) -> str:
    value = lines[i].removeprefix(f"{name} ")
    if value == lines[i] or not _HEX64.match(value.removeprefix("sha256:")):
        raise LogFormatError(f"{where}:{i + 1}: expected '{name} HEX' (64 hex digits), found {short(lines[i])}")
    return value.removeprefix("sha256:")


def _player(lines: list[str], i: int, where: str) -> str:
    try:
        name = json.loads(lines[i].removeprefix("player "))
    except ValueError:
        name = None
    if not lines[i].startswith("player ") or not isinstance(name, str) or not name:
        raise LogFormatError(f"{where}:{i + 1}: expected 'player \"NAME\"', found {short(lines[i])}")
    return name


def _player_file_text(fmt: str, player: str, invite: str, last: str) -> str:
    """A file of one player's (join or contribution): its format, their name, the invitation R, then `last`."""
    return f"{fmt}\nplayer {json.dumps(player, ensure_ascii=False)}\nreferee sha256:{invite}\n{last}\n"


def _read_player_file(text: str, where: str, fmt: str, what: str, key: str) -> tuple[str, str, str]:
    """(player, R, the value of the `key` line) of a file `_player_file_text` writes, each line checked."""
    lines = _lines(text, where, fmt, 4, what)
    return _player(lines, 1, where), _field(lines, 2, "referee", where), _field(lines, 3, key, where)


def invite_text(invite: str) -> str:
    """The invitation the referee sends every player: R only."""
    return f"{INVITE_FORMAT}\nreferee sha256:{invite}\n"


def read_invite(text: str, where: str) -> str:
    """R of an invitation."""
    return _field(_lines(text, where, INVITE_FORMAT, 2, "a joint-seed invitation"), 1, "referee", where)


def referee_secret_text(secret: str) -> str:
    """The referee's private file of the first round: r (and R, to tell which invitation it belongs to)."""
    return f"{REFEREE_SECRET_FORMAT}\nreferee sha256:{referee_commitment(secret)}\nsecret {secret}\n"


def read_referee_secret(text: str, where: str) -> str:
    """r of the referee's private file, checked against the R it names."""
    lines = _lines(text, where, REFEREE_SECRET_FORMAT, 3, "a referee's joint-seed secret file")
    invite, secret = _field(lines, 1, "referee", where), _field(lines, 2, "secret", where)
    if referee_commitment(secret) != invite:
        raise LogFormatError(f"{where}:3: the secret does not match the invitation it names (the file was edited)")
    return secret


@dataclass(frozen=True)
class Join:
    """A player's join file: who, which invitation (R), and their commitment C."""

    player: str
    invite: str
    commitment: str


def join_text(player: str, invite: str, contribution: str) -> str:
    """The join file a player sends the referee: their name, R, and C (nothing of the contribution itself)."""
    commit = join_commitment(player, invite, contribution)
    return _player_file_text(JOIN_FORMAT, player, invite, f"commit sha256:{commit}")


def read_join(text: str, where: str) -> Join:
    """A join file."""
    return Join(*_read_player_file(text, where, JOIN_FORMAT, "a joint-seed join file", "commit"))


@dataclass(frozen=True)
class Contribution:
    """A player's private contribution file: who, which invitation, and c."""

    player: str
    invite: str
    contribution: str


def contribution_text(player: str, invite: str, contribution: str) -> str:
    """The file a player keeps (and sends the referee only at the end): their name, R and c."""
    return _player_file_text(CONTRIBUTION_FORMAT, player, invite, f"contribution {contribution}")


def read_contribution(text: str, where: str) -> Contribution:
    """A contribution file."""
    return Contribution(*_read_player_file(text, where, CONTRIBUTION_FORMAT, "a joint-seed contribution file",
                                           "contribution"))


def start_record(secret: str, joins: list[tuple[str, Join]], players: list[str]) -> JointRecord:
    """The record a game starts with: the referee's r and one join file (where, Join) per human player."""
    invite = referee_commitment(secret)
    commitments: dict[str, str] = {}
    for where, j in joins:
        if j.invite != invite:
            raise JointSeedError(f"{where}:3: {j.player}'s join file answers another invitation "
                                 f"({j.invite[:16]}...), not the one of this referee secret ({invite[:16]}...)")
        if j.player not in players:
            raise JointSeedError(f"{where}:2: {short(j.player)} does not play in this game (players: "
                                 f"{', '.join(players)})")
        if j.player in commitments:
            raise JointSeedError(f"{where}:2: a second join file of {j.player}")
        commitments[j.player] = j.commitment
    missing = [p for p in players if p not in commitments]
    if missing:
        raise JointSeedError(f"--join: no join file of {missing[0]}: every player joins (fauna pbem join INVITE "
                             f"--as {missing[0]}) before the game starts")
    return JointRecord(invite, commitments, secret)


def revealed(record: JointRecord, given: list[tuple[str, Contribution]]) -> JointRecord:
    """The key's record with every player's contribution (where, Contribution), each checked against its C."""
    contributions: dict[str, str] = {}
    for where, c in given:
        if c.player not in record.commitments:
            raise JointSeedError(f"{where}:2: {short(c.player)} did not join this game")
        if join_commitment(c.player, record.invite, c.contribution) != record.commitments[c.player]:
            raise ReplayMismatch(f"{where}:4: {c.player}'s contribution does not match the commitment of "
                                 f"{c.player}'s join file: not the file {c.player} made when joining", 4)
        contributions[c.player] = c.contribution
    missing = [p for p in sorted(record.commitments) if p not in contributions]
    if missing:
        raise JointSeedError(f"--contribution: no contribution file of {missing[0]}: each player sends theirs "
                             "for the reveal")
    return JointRecord(record.invite, record.commitments, record.secret, contributions)


__all__ = ["Contribution", "JointRecord", "JointSalt", "JointSeedError", "Join", "check_own", "check_record",
           "contribution_text", "invite_text", "join_commitment", "join_text", "joint_seed", "read_contribution",
           "read_invite", "read_join", "read_record", "read_referee_secret", "referee_commitment",
           "referee_secret_text", "revealed", "start_record", "with_reveal"]
