"""Reading user files with errors that name them, and writing files atomically."""

from __future__ import annotations

import os
import re
import stat
import tempfile
import tomllib
from pathlib import Path

from rules.core.errors import ConfigError


class FileProblem(ConfigError):
    """A user file that cannot be read or parsed; the message names the file (and line)."""


def read_bytes(path: str | Path, what: str = "file") -> bytes:
    """A file's bytes, or FileProblem naming it."""
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise FileProblem(f"{path}: no such {what}") from None
    except IsADirectoryError:
        raise FileProblem(f"{path}: is a directory, not a {what}") from None
    except OSError as exc:
        raise FileProblem(f"{path}: cannot read: {exc.strerror}") from None


def read_text(path: str | Path, what: str = "file") -> str:
    """A UTF-8 text file, or FileProblem naming it."""
    try:
        return read_bytes(path, what).decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem(f"{path}: not a UTF-8 text {what}") from None


_TOML_POS = re.compile(r"\(at line (\d+), column (\d+)\)")


def parse_toml(text: str, where: str) -> dict:
    """TOML text, or FileProblem as 'FILE:LINE: message'."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = _TOML_POS.search(msg)
        if m:
            msg = _TOML_POS.sub("", msg).strip()
            raise FileProblem(f"{where}:{m.group(1)}: malformed TOML: {msg} (column {m.group(2)})") from None
        raise FileProblem(f"{where}: malformed TOML: {msg}") from None


def atomic_write(path: str | Path, text: str) -> None:
    """Replace a file with new text all at once (temporary file in the same folder, fsync, rename).

    The new file keeps the old one's permissions (a new one gets the umask's), so a game in a shared
    folder stays readable by everyone who could read it before.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise FileProblem(f"{path}: cannot write: {exc.strerror}") from None
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass
