"""User files on disk: bounded reads with errors that name the file, and safe atomic writes.

Reading (`read_bytes`, `read_text`, `parse_toml`): only regular files, at most a documented number
of bytes (rules/core/limits.py), read once through one descriptor, so a device, a FIFO or a file that
never ends cannot hang or exhaust fauna; text must be UTF-8, and a bad byte or an over-long line is
named by FILE:LINE.

Writing (`atomic_write`, `create_file`): the new text goes to a temporary file `.NAME.XXXXXXXX.tmp`
beside the target, is synced, and renamed over it, so a reader never sees half a file. What is at the
path is respected:

- a symbolic link is followed: the file it names is replaced (and locked, see gamefile.py), so two
  links to one game stay one game;
- anything that is not a regular file (a device such as /dev/null, a folder, a FIFO) is refused;
- a read-only file (no write permission bit, or not writable by this user) is refused, even as root
  and even with --force;
- an existing file is replaced only when the command was told to (`--force`), except for the
  updates of a game file, which are the point of the file.

A temporary file left by a killed writer is removed by the next command that takes the game's lock
(gamefile.remove_stale_temps).
"""

from __future__ import annotations

import os
import re
import stat
from typing import TYPE_CHECKING

from rules.core.errors import ConfigError
from rules.core.limits import (
    MAX_CONFIG_BYTES,
    MAX_LINE_CHARS,
    InputRefused,
    check_path,
    escape_control,
    load_toml,
    read_bounded,
    read_bounded_text,
)

if TYPE_CHECKING:
    from pathlib import Path


class FileProblem(ConfigError):
    """A user file that cannot be read, parsed or written; the message names the file (and line)."""


def _problem(exc: InputRefused) -> FileProblem:
    return FileProblem(exc.message)


def read_bytes(path: str | Path, what: str = "file", max_bytes: int = MAX_CONFIG_BYTES) -> bytes:
    """A regular file's bytes (at most `max_bytes`), or FileProblem naming it."""
    try:
        return read_bounded(path, max_bytes, what)
    except InputRefused as exc:
        raise _problem(exc) from None


def read_text(path: str | Path, what: str = "file", max_bytes: int = MAX_CONFIG_BYTES,
              max_line: int = MAX_LINE_CHARS) -> str:
    """A regular UTF-8 text file with bounded size and lines, or FileProblem naming it (and the line)."""
    try:
        return read_bounded_text(path, max_bytes, what, max_line)
    except InputRefused as exc:
        raise _problem(exc) from None


def read_stdin_text(what: str, max_bytes: int) -> str:
    """Standard input as UTF-8 text with bounded size and lines (bytes, whatever the locale), or FileProblem.

    Read as bytes so that a mail piped in under a strict UTF-8 locale cannot fail inside Python's decoder, and
    at most `max_bytes` + 1 of them, so an endless pipe cannot exhaust memory.
    """
    import sys

    from rules.core.limits import check_lines, decode_utf8

    raw = sys.stdin.buffer.read(max_bytes + 1)
    try:
        if len(raw) > max_bytes:
            raise InputRefused(f"more than {max_bytes:,} bytes; a {what} may have at most that many", 1)
        text = decode_utf8(raw)
        check_lines(text)
    except InputRefused as exc:
        raise FileProblem(f"<stdin>:{exc.line}: {exc.message}" + (f" (a {what})" if "UTF-8" in exc.message
                                                                  else "")) from None
    return text


def parse_toml(text: str, where: str) -> dict:
    """TOML text (nesting and numbers bounded), or FileProblem as 'FILE:LINE: message'."""
    try:
        return load_toml(text)
    except InputRefused as exc:
        line = f":{exc.line}" if exc.line else ""
        raise FileProblem(f"{escape_control(where)}{line}: {exc.message}") from None


def write_target(path: str | Path) -> Path:
    """The file a write to `path` must replace: symbolic links followed; refused unless a regular, writable file.

    A path that does not exist yet is fine (its folder must exist). Raises FileProblem naming the path.
    """
    try:
        p = check_path(path)
    except InputRefused as exc:
        raise FileProblem(f"{exc.message}: give the name of a file to write") from None
    shown = escape_control(p)
    from pathlib import Path  # only writers need it

    target = Path(os.path.realpath(p))
    try:
        st = os.stat(target)
    except FileNotFoundError:
        if not target.parent.is_dir():
            raise FileProblem(f"{shown}: cannot write: the folder {escape_control(str(target.parent))} does not "
                              "exist") from None
        return target
    except OSError as exc:
        raise FileProblem(f"{shown}: cannot write: {exc.strerror}") from None
    if stat.S_ISDIR(st.st_mode):
        raise FileProblem(f"{shown}: is a directory; give the name of a file")
    if not stat.S_ISREG(st.st_mode):
        raise FileProblem(f"{shown}: not a regular file (a device, FIFO or socket); fauna writes only regular files")
    if not st.st_mode & 0o222 or not os.access(target, os.W_OK):
        raise FileProblem(f"{shown}: the file is read-only; fauna does not replace it (make it writable first)")
    return target


def atomic_write(path: str | Path, text: str) -> None:
    """Replace the file at `path` (or the one its symlink names) with new text all at once.

    Temporary file in the same folder, fsync, rename; on any failure the temporary file is removed and
    FileProblem names the path ("No space left on device"). The new file keeps the old one's
    permissions (a new one gets the umask's), so a game in a shared folder stays readable by everyone
    who could read it before.
    """
    target = write_target(path)
    shown = escape_control(str(path))
    folder = target.parent
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        import tempfile  # only writers need it; a command that writes nothing does not pay for it

        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise FileProblem(f"{shown}: cannot write: {exc.strerror}") from None
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise FileProblem(f"{shown}: cannot write: {exc.strerror or exc}") from None
        raise
    try:
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def create_file(path: str | Path, text: str, force: bool = False) -> None:
    """Write a new file, refusing to replace an existing one unless `force` (and never a non-regular one)."""
    target = write_target(path)
    if target.exists() and not force:
        raise FileProblem(f"{escape_control(str(path))}: exists already; choose another name or use --force to "
                          "replace it")
    atomic_write(target, text)


def temp_pattern(name: str) -> re.Pattern[str]:
    """The names `atomic_write` gives its temporary files for a target called `name` (and nothing else)."""
    return re.compile(rf"\.{re.escape(name)}\.[a-z0-9_]+\.tmp")
