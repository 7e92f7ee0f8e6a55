"""Game files on disk: read and verify them, and update them under a lock, atomically, so none is half-written."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import click

from fauna_cli import exitcodes
from fauna_cli.files import FileProblem, atomic_write, read_bytes
from rules.core.errors import FaunaError
from rules.core.log import LoadedGame
from rules.fauna.replay import LoadedLog, decode_log, load_log

try:
    import fcntl as _fcntl

    fcntl: ModuleType | None = _fcntl
except ImportError:  # pragma: no cover - Windows has no flock
    fcntl = None


class GameBusy(FaunaError):
    """Another process holds the game file's lock (exit 2: try again in a moment)."""


def lock_path(path: Path) -> Path:
    """The lock file beside a game file: GAME.lock (kept after use; removing it would race)."""
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
        except BlockingIOError:
            raise GameBusy(f"{path}: the game is being updated by someone else; try again in a moment") from None
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def load_game(path: str | Path, *, ignore_data_change: bool = False,
              until: int | None = None) -> LoadedLog | LoadedGame:
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
            return load_game_log(text, source, rules, until=until)
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


def update_game(path: str | Path, change: Callable[[LoadedLog | LoadedGame], tuple[str, object]], *,
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
    """Turn engine and file errors into one 'fauna: ...' line on stderr and the documented exit code."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except FaunaError as exc:
            click.echo(f"fauna: {exc}", err=True)
            sys.exit(exitcodes.code_for(exc))
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            click.echo(f"fauna: {where}{exc.strerror or exc}", err=True)
            sys.exit(exitcodes.USAGE)

    return wrapper
