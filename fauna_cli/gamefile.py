"""Game files on disk: read and verify them, and update them under a lock, atomically, so none is half-written."""

from __future__ import annotations

import functools
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator


from fauna_cli import exitcodes
from fauna_cli.files import FileProblem, atomic_write, read_bytes
from rules.core.errors import FaunaError
from rules.fauna.replay import LoadedLog, decode_log, load_log

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows has no flock
    fcntl = None


class GameBusy(FaunaError):
    """Another process holds the game file's lock (exit 2: try again in a moment)."""


def lock_path(path: Path) -> Path:
    """The lock file beside a game file: GAME.lock, removed by its holder when the update is done (see game_lock)."""
    return path.with_name(path.name + ".lock")


@contextmanager
def game_lock(path: str | Path) -> Iterator[None]:
    """Hold the game's lock for an update, or raise GameBusy at once if someone else holds it."""
    path = Path(path)
    if fcntl is None:  # pragma: no cover
        raise FaunaError("locking game files needs a POSIX system (fcntl.flock)")
    try:
        fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as exc:
        raise FileProblem(f"{lock_path(path)}: cannot open the lock file: {exc.strerror}") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if not _still_linked(fd, lock_path(path)):  # its holder removed it after we opened it: taken just now
                raise BlockingIOError
        except BlockingIOError:
            raise GameBusy(f"{path}: the game is being updated by someone else; try again in a moment") from None
        try:
            yield
        finally:
            try:  # remove it while still holding it; a process that opened it meanwhile sees it unlinked
                os.unlink(lock_path(path))
            except OSError:
                pass
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _still_linked(fd: int, path: Path) -> bool:
    """Whether the lock file we hold is still the one at `path` (not removed and replaced after we opened it)."""
    try:
        return os.fstat(fd).st_ino == os.stat(path).st_ino
    except OSError:
        return False


def load_game(path: str | Path, *, ignore_data_change: bool = False, until: int | None = None) -> LoadedLog:
    """Read and verify a game file or replay log of any game; errors name FILE:LINE.

    The first line names the game ('fauna-log 2', 'arctic-log 1', ...): Fauna's own reader gives a
    LoadedLog, every other game's the shared reader's LoadedGame.
    """
    source = str(path)
    text = decode_log(read_bytes(path, "game file"), source)
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    if not first.startswith("fauna-log "):
        from rules.core.log import load_game_log
        from rules.core.registry import rules_for_log

        rules = rules_for_log(first)
        if rules is not None:
            return load_game_log(text, source, rules, until=until)  # type: ignore[return-value]
    return load_log(text, source, ignore_data_change=ignore_data_change, until=until)


def remove_stale_temps(path: Path) -> None:
    """Delete temporary files left by an update that was killed before its rename (call under the lock)."""
    folder = path.parent if str(path.parent) else Path(".")
    prefix = f".{path.name}."
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if name.startswith(prefix) and name.endswith(".tmp"):
            try:
                os.unlink(folder / name)
            except OSError:
                pass


def create_game(path: str | Path, text: str, force: bool = False) -> None:
    """Write a new game file, refusing to overwrite one unless `force`."""
    path = Path(path)
    with game_lock(path):
        if path.exists() and not force:
            raise FileProblem(f"{path}: exists already; choose another name or use --force to replace it")
        remove_stale_temps(path)
        atomic_write(path, text)


def update_game(path: str | Path, change: Callable[[LoadedLog], tuple[str, object]], *,
                ignore_data_change: bool = False):
    """Under the lock: load and verify the file, let `change` compute the new text, write it atomically.

    `change` returns (new text, result); the result is handed back. Nothing is written if it raises.
    """
    path = Path(path)
    with game_lock(path):
        remove_stale_temps(path)
        loaded = load_game(path, ignore_data_change=ignore_data_change)
        text, result = change(loaded)
        atomic_write(path, text)
    return result


def one_line_errors(func):
    """Turn engine and file errors into one 'fauna: ...' line on stderr (JSON under --format json) and the exit code."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        from fauna_cli.render import report_error

        as_json = kwargs.get("fmt") == "json"
        try:
            return func(*args, **kwargs)
        except FaunaError as exc:
            report_error(str(exc), exitcodes.code_for(exc), as_json, type(exc).__name__)
            sys.exit(exitcodes.code_for(exc))
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            report_error(f"{where}{exc.strerror or exc}", exitcodes.USAGE, as_json, type(exc).__name__)
            sys.exit(exitcodes.USAGE)

    return wrapper
