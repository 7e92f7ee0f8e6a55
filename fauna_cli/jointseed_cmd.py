"""The joint seed's files on disk (rules/core/jointseed.py): the invitation, the join and contribution files.

`pbem invite` (referee) and `pbem join` (each player) are the extra round of mails at the start of a
joint-seed referee game; `pbem new --joint-seed` and `pbem reveal --contribution` use what they wrote.
"""

from __future__ import annotations

import secrets
from pathlib import Path

import click

from fauna_cli.files import check_outputs, read_text, write_output
from fauna_cli.render import dump_json, shown
from rules.core.errors import FaunaError
from rules.core.jointseed import (
    Contribution,
    JointRecord,
    JointSalt,
    contribution_text,
    invite_text,
    joint_seed,
    read_contribution,
    read_invite,
    read_join,
    read_referee_secret,
    referee_commitment,
    referee_secret_text,
    revealed,
    start_record,
)

MAX_SMALL_BYTES = 4096  # an invitation, a join or a contribution file is four short lines


def invite(out: str, secret_path: str, force: bool, fmt: str) -> None:
    """The referee draws its secret, keeps it in SECRET (0600) and writes the invitation (R only) to OUT."""
    check_outputs([], [("--out", out), ("--secret", secret_path)])
    for path in (out, secret_path):
        if Path(path).exists() and not force:
            raise FaunaError(f"{shown(path)}: exists already; choose another name or use --force to replace it")
    r = secrets.token_hex(32)
    _write_pair((secret_path, referee_secret_text(r), True), (out, invite_text(referee_commitment(r)), False), force)
    if fmt == "json":
        click.echo(dump_json({"version": 1, "invite": out, "secret": secret_path}), nl=False)
        return
    click.echo(f"Invitation: {shown(out)}: send it to every player; each runs fauna pbem join {shown(out)} --as NAME "
               "and sends you the join file it writes.")
    click.echo(f"Your secret: {shown(secret_path)} (yours alone; it fixes your part of the seed from now on).")


def _write_pair(private: tuple[str, str, bool], public: tuple[str, str, bool], force: bool) -> None:
    """Write a private file and the public one that commits to it: both, or (when the second fails) neither new."""
    existed = Path(private[0]).exists()
    write_output(private[0], private[1], force, secret=True)
    try:
        write_output(public[0], public[1], force)
    except BaseException:
        if not existed:  # a secret without its commitment would only make the next try say "exists already"
            Path(private[0]).unlink(missing_ok=True)
        raise


def join_paths(invite_path: str, player: str) -> tuple[str, str]:
    """Where a player's join file and private contribution file go: beside the invitation, named after both."""
    from fauna_cli.referee_cmd import view_path

    stem = view_path(invite_path, player).removesuffix(".view")
    return f"{stem}.join", f"{stem}.contribution"


def join(invite_path: str, player: str, out: str | None, force: bool, fmt: str) -> None:
    """A player answers an invitation: a contribution kept private (0600) and a join file holding its commitment."""
    import unicodedata

    r_commit = read_invite(read_text(invite_path, "invitation", MAX_SMALL_BYTES), invite_path)
    name = unicodedata.normalize("NFC", player)
    join_path, mine = join_paths(invite_path, name)
    if out is not None:
        join_path, mine = out, str(Path(out).with_suffix(".contribution"))
    check_outputs([("the invitation", invite_path)], [("--out", join_path), ("the contribution file", mine)])
    for path in (join_path, mine):
        if Path(path).exists() and not force:
            raise FaunaError(f"{shown(path)}: exists already (you joined before?); keep it, or use --force to "
                             "join again with a new contribution")
    c = secrets.token_hex(32)
    from rules.core.jointseed import join_text

    _write_pair((mine, contribution_text(name, r_commit, c), True), (join_path, join_text(name, r_commit, c), False),
                force)
    if fmt == "json":
        click.echo(dump_json({"version": 1, "join": join_path, "contribution": mine}), nl=False)
        return
    click.echo(f"Join file: {shown(join_path)}: send it to the referee.")
    click.echo(f"Your contribution: {shown(mine)} (keep it, tell nobody; send it to the referee only when the game "
               "is over, for the reveal).")


def start(secret_path: str, join_files: list[str], players: list[str]) -> tuple[JointSalt, int]:
    """`pbem new --joint-seed`: the salt (with the game's record) and the seed, from r and every join file."""
    if not join_files:
        raise FaunaError("--joint-seed: give every player's join file with --join FILE (one per player)")
    r = read_referee_secret(read_text(secret_path, "referee secret file", MAX_SMALL_BYTES), secret_path)
    joins = [(p, read_join(read_text(p, "join file", MAX_SMALL_BYTES), p)) for p in join_files]
    record = start_record(r, joins, players)
    return JointSalt(secrets.token_hex(16), record), joint_seed(r, record.commitments)


def with_contributions(salt: str, files: list[str]) -> str:
    """`pbem reveal --contribution`: the key's salt completed by every player's contribution (checked)."""
    if not isinstance(salt, JointSalt):
        if files:
            raise FaunaError("--contribution: this game's seed is not a joint seed (it was started without "
                             "--joint-seed), so there are no contributions to reveal")
        return salt
    given: list[tuple[str, Contribution]] = [
        (p, read_contribution(read_text(p, "contribution file", MAX_SMALL_BYTES), p)) for p in files]
    record: JointRecord = revealed(salt.joint, given)
    return JointSalt(str(salt), record)


def check_contributions(game: str, files: list[str], fmt: str) -> None:
    """`fauna replay GAME --contribution MINE`: each player checks that the game's seed rests on their own join."""
    from fauna_cli.files import read_bytes
    from rules.core.jointseed import PUBLIC_LINE, check_own, read_record
    from rules.core.limits import MAX_LOG_BYTES
    from rules.core.log import decode_log
    from rules.core.referee import verify_public
    from rules.core.registry import rules_for_log

    text = decode_log(read_bytes(game, "game file", MAX_LOG_BYTES), game)
    rules = rules_for_log(text.lstrip("\ufeff").split("\n", 1)[0])
    if rules is None:
        raise FaunaError(f"{shown(game)}:1: not a game file of a game this fauna plays")
    verify_public(text, game, rules)  # the chain always; after the reveal, every contribution as well
    lines = [ln.rsplit(" @", 1)[0] for ln in text.split("\n")]
    at = next((i for i, t in enumerate(lines) if t.startswith(PUBLIC_LINE)), None)
    if at is None:
        from rules.core.errors import ReplayMismatch

        raise ReplayMismatch(f"{shown(game)}: this refereed game carries no joint seed (it was started without pbem "
                             "new --joint-seed, or the line was removed): its seed does not rest on your join")
    record = read_record(lines[at], f"{game}:{at + 1}", key=False)
    done = []
    for path in files:
        mine = read_contribution(read_text(path, "contribution file", MAX_SMALL_BYTES), path)
        check_own(record, mine, f"{game}:{at + 1}", at + 1)
        done.append({"file": path, "player": mine.player, "matches": True})
    if fmt == "json":
        click.echo(dump_json({"version": 1, "game": rules.name, "file": game, "referee": True, "public": True,
                              "contributions": done}), nl=False)
        return
    for d in done:
        click.echo(f"{shown(d['file'])}: matches: {d['player']}'s commitment is in {shown(game)}, and the seed "
                   "rests on it.")


def joint_note(salt: str | None) -> str:
    """`fauna replay` of a revealed joint-seed game: a line saying what was checked ("" for another game)."""
    if not isinstance(salt, JointSalt):
        return ""
    who = ", ".join(sorted(salt.joint.commitments))
    return (f"Joint seed: the referee's secret matches its invitation, the contributions of {who} match their "
            "join files, and the seed follows from them.\n")
