"""Several files written as one unit (a referee's key, public and view files): all or none, even after kill -9.

A referee's update changes three kinds of file that must agree (the key is a move ahead of a public
file that failed to write, and every later command refuses). So:

1. every new text goes to a temporary `.NAME.UNIT-XXXXXXXX.pending` beside its target, synced to disk
   (UNIT names the unit's anchor, the key file, so only its own leftovers are ever removed);
2. the journal `.KEY.commit` beside the key, listing (target, temporary, SHA-256, mode), is written
   atomically: this rename is the commit point;
3. each temporary is renamed over its target (the anchor last), then the journal is removed.

`recover`, which every command on the unit runs under the anchor's lock before it reads anything,
finishes a unit whose journal exists (roll forward: nothing it wrote is lost) and removes the
temporaries of one that stopped before its journal (roll back: the files are as before the command).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from fauna_cli.files import FileProblem, FileSeen, new_file_mode, read_bytes, sync_folder, write_target
from rules.core.limits import MAX_LOG_BYTES, escape_control

JOURNAL_FORMAT = "fauna-commit 1"
MAX_JOURNAL_BYTES = 1 << 20


class CommitUnfinished(FileProblem):
    """The unit is committed (its journal is on disk) but not every file was renamed into place yet (exit 2)."""


@dataclass(frozen=True)
class Write:
    """One file of a unit: where, what, and whether it holds a secret (written 0600)."""

    path: str
    text: str
    secret: bool = False


def _token(anchor: Path) -> str:
    return hashlib.sha256(os.fsencode(anchor)).hexdigest()[:12]


def journal_path(anchor: str | Path) -> Path:
    """The journal of the unit anchored at `anchor` (after symbolic links): `.NAME.commit` beside it."""
    real = Path(os.path.realpath(anchor))
    return real.with_name(f".{real.name}.commit")


def _pending_pattern(anchor: Path) -> re.Pattern[str]:
    return re.compile(rf"\..+\.{_token(anchor)}-[0-9a-f]{{8}}\.pending")


def _write_fd(fd: int, data: bytes) -> None:
    done = 0
    while done < len(data):
        done += os.write(fd, data[done:])


def _write_temp(target: Path, token: str, data: bytes, mode: int) -> Path:
    """A synced temporary file beside `target` holding `data` (OSError when the disk refuses)."""
    tmp = target.with_name(f".{target.name}.{token}-{secrets.token_hex(4)}.pending")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        try:
            os.fchmod(fd, mode)
            _write_fd(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        _unlink(tmp)
        raise
    return tmp


def _unlink(path: str | Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _mode(target: Path, secret: bool) -> int:
    if secret:
        return new_file_mode(secret=True)
    try:
        return os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        return new_file_mode()


def commit(anchor: str | Path, writes: list[Write], expect: tuple[FileSeen, ...] = ()) -> None:
    """Write every file of `writes` as one unit anchored at `anchor` (call under the anchor's lock, after recover).

    Every target is checked first (regular, writable); `expect` are the files the command read, which must
    be unchanged (FileChanged otherwise). A failure before the commit point leaves every file as it was
    (FileProblem naming the file and the reason); one after it raises CommitUnfinished, and the next
    `recover` finishes the unit.
    """
    anchor_real = Path(os.path.realpath(anchor))
    token = _token(anchor_real)
    targets = [(write_target(w.path), w) for w in writes]
    temps: list[Path] = []
    entries = []
    committed = False
    try:
        for target, w in targets:
            data = w.text.encode("utf-8")
            try:
                tmp = _write_temp(target, token, data, _mode(target, w.secret))
            except OSError as exc:
                raise FileProblem(f"{escape_control(w.path)}: cannot write: {exc.strerror or exc}; nothing was "
                                  "changed") from None
            temps.append(tmp)
            entries.append({"target": str(target), "temp": str(tmp), "sha256": hashlib.sha256(data).hexdigest()})
        for folder in sorted({str(t.parent) for t, _ in targets}):
            sync_folder(folder)  # the temporaries' names are on disk before the journal that lists them
        for seen in expect:
            seen.check()
        journal = journal_path(anchor_real)
        doc = JOURNAL_FORMAT + "\n" + json.dumps({"files": entries}, ensure_ascii=True, sort_keys=True) + "\n"
        try:
            jtmp = _write_temp(journal, token, doc.encode("ascii"), 0o600)
            temps.append(jtmp)
            os.replace(jtmp, journal)  # the commit point: from here on the unit is finished, never undone
            committed = True
        except OSError as exc:
            raise FileProblem(f"{escape_control(str(anchor))}: cannot write: {exc.strerror or exc}; nothing was "
                              "changed") from None
    except BaseException:
        if not committed:
            for tmp in temps:
                _unlink(tmp)
        raise
    sync_folder(journal.parent)
    _finish(anchor, journal, entries)


def _finish(anchor: str | Path, journal: Path, entries: list[dict[str, str]]) -> None:
    """Rename each temporary of a committed unit over its target (one renamed already is skipped); drop the journal."""
    folders: set[str] = set()
    for e in entries:
        target, tmp = e["target"], e["temp"]
        try:
            os.replace(tmp, target)
        except FileNotFoundError:
            if not _holds(target, e["sha256"]):  # renamed by an earlier, interrupted run: the target holds it
                raise CommitUnfinished(f"{escape_control(str(anchor))}: cannot finish the interrupted update: "
                                       f"{escape_control(tmp)} is missing and {escape_control(target)} does not hold "
                                       f"the new text; {escape_control(str(journal))} lists the update") from None
        except OSError as exc:
            raise CommitUnfinished(f"{escape_control(target)}: cannot write: {exc.strerror or exc}; the update is "
                                   f"saved in {escape_control(str(journal))} and the next command on "
                                   f"{escape_control(str(anchor))} finishes it (do not make the move again)") from None
        folders.add(os.path.dirname(target))
    for folder in sorted(folders):
        sync_folder(folder)
    try:
        os.unlink(journal)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise CommitUnfinished(f"{escape_control(str(journal))}: cannot remove: {exc.strerror or exc}; every file "
                               "is written") from None
    sync_folder(journal.parent)


def _holds(path: str, digest: str) -> bool:
    try:
        return hashlib.sha256(read_bytes(path, "file", MAX_LOG_BYTES)).hexdigest() == digest
    except FileProblem:
        return False


def recover(anchor: str | Path, folders: list[str | Path]) -> bool:
    """Under the anchor's lock: finish a committed unit, remove an uncommitted one's temporaries; True if finished.

    `folders` are where the unit's files live (the key's and the game's folders), searched for leftovers.
    """
    anchor_real = Path(os.path.realpath(anchor))
    journal = journal_path(anchor_real)
    finished = False
    if os.path.lexists(journal):
        entries = _read_journal(journal)
        _finish(anchor, journal, entries)
        finished = True
    pattern = _pending_pattern(anchor_real)
    seen: set[str] = set()
    for folder in [anchor_real.parent, *folders]:
        real = os.path.realpath(folder or ".")
        if real in seen:
            continue
        seen.add(real)
        try:
            names = os.listdir(real)
        except OSError:
            continue
        for name in names:
            if pattern.fullmatch(name):
                _unlink(os.path.join(real, name))
    return finished


def _read_journal(journal: Path) -> list[dict[str, str]]:
    shown = escape_control(str(journal))
    raw = read_bytes(journal, "commit journal", MAX_JOURNAL_BYTES)
    try:
        head, _, body = raw.decode("ascii").partition("\n")
        if head != JOURNAL_FORMAT:
            raise ValueError
        entries = json.loads(body)["files"]
        if not isinstance(entries, list) or not all(
                isinstance(e, dict) and all(isinstance(e.get(k), str) for k in ("target", "temp", "sha256"))
                for e in entries):
            raise ValueError
    except (ValueError, KeyError, TypeError, UnicodeDecodeError, RecursionError):
        raise FileProblem(f"{shown}: not a fauna commit journal; it lists an interrupted update: remove it only if "
                          "you restored the files by hand") from None
    return entries


__all__ = ["CommitUnfinished", "Write", "commit", "journal_path", "recover"]
