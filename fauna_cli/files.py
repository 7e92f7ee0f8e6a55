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
  updates of a game file, which are the point of the file (`write_output`: a file that already holds
  exactly the new text is not replaced, so a command re-run after a failure is not refused);
- no output of a command may be one of its inputs or another of its outputs (`check_outputs`);
- a file holding a secret (a referee's key, a view file, a move or picture made from one) is written
  0600, whatever the umask;
- an update of a file that was read first is written only if the file is still the one read
  (`FileSeen`): another program that saved a newer copy meanwhile is not overwritten.

A temporary file left by a killed writer is removed by the next command that takes the game's lock
(gamefile.remove_stale_temps).
"""

from __future__ import annotations

import os
import re
import stat
from typing import TYPE_CHECKING, NamedTuple

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


SECRET_MODE = 0o600  # key files, view files and what is made from them: only their owner reads them


class FileChanged(FileProblem):
    """A file was replaced or changed by another program while a command that read it was running (exit 2)."""


class FileSeen(NamedTuple):
    """Which file a command read (device, inode, size, SHA-256 of the bytes read), to check before replacing it.

    A named tuple: every command that reads or writes a file imports this module, and a frozen dataclass costs five
    times as much to make at import.
    """

    path: str  # the real path (symbolic links followed)
    shown: str  # the path as the user gave it, control characters escaped
    dev: int
    ino: int
    size: int
    digest: str

    def check(self) -> None:
        """Raise FileChanged unless the file at `path` is still the one read (same file, same bytes)."""
        try:
            st = os.stat(self.path)
            same = (st.st_dev, st.st_ino, st.st_size) == (self.dev, self.ino, self.size)
            if same:
                import hashlib  # here: OpenSSL's import is a tenth of a quick command's start, and few need it

                same = hashlib.sha256(read_bounded(self.path, self.size + 1)).hexdigest() == self.digest
        except (OSError, InputRefused):
            same = False
        if not same:
            raise FileChanged(f"{self.shown}: another program changed or replaced the file while this command ran; "
                              "nothing was written: run the command again on the file as it is now")


def read_seen(path: str | Path, what: str = "file", max_bytes: int = MAX_CONFIG_BYTES) -> tuple[bytes, FileSeen]:
    """A file's bytes (as read_bytes) and what identifies them, for FileSeen.check before the file is replaced."""
    raw = read_bytes(path, what, max_bytes)
    return raw, seen_bytes(path, raw)


def seen_bytes(path: str | Path, raw: bytes) -> FileSeen:
    """The FileSeen of `raw`, just read from `path` (a file changed since gives another digest: check refuses)."""
    import hashlib  # only commands that replace a file they read need it

    real = os.path.realpath(path)
    try:
        st = os.stat(real)
    except OSError as exc:
        raise FileProblem(f"{escape_control(str(path))}: cannot read: {exc.strerror}") from None
    return FileSeen(real, escape_control(str(path)), st.st_dev, st.st_ino, len(raw), hashlib.sha256(raw).hexdigest())


def new_file_mode(secret: bool = False) -> int:
    """Permissions of a file fauna creates: 0600 for a secret, else what the umask gives (0644 usually)."""
    if secret:
        return SECRET_MODE
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def atomic_write(path: str | Path, text: str, *, secret: bool = False, expect: FileSeen | None = None) -> None:
    """Replace the file at `path` (or the one its symlink names) with new text all at once.

    Temporary file in the same folder, fsync, rename; on any failure the temporary file is removed and
    FileProblem names the path ("No space left on device"). The new file keeps the old one's
    permissions (a new one gets the umask's), so a game in a shared folder stays readable by everyone
    who could read it before; a `secret` file is always 0600. With `expect`, the file must still be the
    one read (checked just before the rename, under the caller's lock), or FileChanged and nothing written.
    """
    target = write_target(path)
    shown = escape_control(str(path))
    folder = target.parent
    if secret:
        mode = SECRET_MODE
    else:
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except FileNotFoundError:
            mode = new_file_mode()
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
        if expect is not None:
            expect.check()
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise FileProblem(f"{shown}: cannot write: {exc.strerror or exc}") from None
        raise
    sync_folder(folder)


def sync_folder(folder: str | Path) -> None:
    """Make the renames in a folder durable (best effort: some file systems cannot sync a folder)."""
    try:
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name one file: the same path once symbolic links are followed, or one device and inode."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samestat(os.stat(a), os.stat(b))
    except (OSError, ValueError):
        return False


def check_outputs(inputs: list[tuple[str, str | Path | None]], outputs: list[tuple[str, str | Path | None]]) -> None:
    """Refuse (FileProblem, exit 2) an output that names one of the command's inputs or another of its outputs.

    Each entry is (what the user calls it, e.g. "--svg" or "GAME", its path or None when not given).
    """
    given_in = [(w, p) for w, p in inputs if p is not None and p != "-"]
    given_out = [(w, p) for w, p in outputs if p is not None and p != "-"]
    for i, (what, path) in enumerate(given_out):
        for other, opath in given_in:
            if same_file(path, opath):
                raise FileProblem(f"{escape_control(str(path))}: {what} would overwrite {other} "
                                  f"({escape_control(str(opath))}), which this command reads; give another name")
        for other, opath in given_out[:i]:
            if same_file(path, opath):
                raise FileProblem(f"{escape_control(str(path))}: {other} and {what} would be one file "
                                  f"({escape_control(str(opath))}); give each its own name")


def check_new(path: str | Path | None, force: bool, option: str = "") -> None:
    """Refuse an output path that exists already unless `force` (before a command does its work)."""
    if path is None or path == "-":
        return
    target = write_target(path)
    if target.exists() and not force:
        raise FileProblem(f"{escape_control(str(path))}: exists already; choose another name or use --force to "
                          "replace it")


def write_output(path: str | Path, text: str, force: bool = False, *, secret: bool = False) -> None:
    """Write a command's output file: an existing one is replaced only with `force` (or if it holds `text` already)."""
    target = write_target(path)
    if target.exists() and not force:
        try:
            same = read_bytes(target, "file", len(text.encode("utf-8")) + 1) == text.encode("utf-8")
        except FileProblem:
            same = False
        if not same:
            raise FileProblem(f"{escape_control(str(path))}: exists already; choose another name or use --force to "
                              "replace it")
    atomic_write(target, text, secret=secret)


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
