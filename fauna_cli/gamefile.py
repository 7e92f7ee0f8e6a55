"""Game files on disk: read and verify them, and update them under a lock, atomically, so none is half-written.

The lock is `TARGET.lock` beside the file a path finally names (symbolic links followed), so two links
to one game take one lock and a write through a link updates the game itself. Writes go through
files.atomic_write (regular, writable files only). A temporary file left by a killed writer is removed
by the next command that touches the game: writers under the lock, readers when they can take the lock
at once (a reader never waits, and never creates a lock file when there is nothing to clean).
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import TYPE_CHECKING

from fauna_cli import exitcodes
from fauna_cli.datacache import without_gc
from fauna_cli.files import FileProblem, atomic_write, read_bytes, read_seen, temp_pattern, write_target
from rules.core.errors import FaunaError
from rules.core.limits import MAX_LOG_BYTES, escape_control
from rules.core.log import KEY_FORMATS, VIEW_FORMATS, LoadedGame, decode_log

if TYPE_CHECKING:
    from pathlib import Path

try:
    import fcntl as _fcntl

    fcntl: ModuleType | None = _fcntl
except ImportError:  # pragma: no cover - Windows has no flock
    fcntl = None


class GameBusy(FaunaError):
    """Another process holds the game file's lock (exit 2: try again in a moment)."""


def lock_path(path: Path) -> Path:
    """The lock file beside a game file: GAME.lock, removed by its holder when the update is done (see game_lock)."""
    return path.with_name(path.name + ".lock")


@contextmanager
def game_lock(path: str | Path) -> Iterator[Path]:
    """Hold the game's lock for an update, or raise GameBusy at once if someone else holds it.

    Locks the file the path finally names (after symbolic links), which must be a regular, writable
    file or not exist yet; yields that target path.
    """
    shown = escape_control(str(path))
    target = write_target(path)
    if fcntl is None:  # pragma: no cover
        raise FaunaError("locking game files needs a POSIX system (fcntl.flock)")
    lock = lock_path(target)
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0), 0o666)
    except OSError as exc:
        raise FileProblem(f"{escape_control(str(lock))}: cannot open the lock file: {exc.strerror}") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if not _still_linked(fd, lock):  # its holder removed it after we opened it: taken just now
                raise BlockingIOError
        except BlockingIOError:
            raise GameBusy(f"{shown}: the game is being updated by someone else; try again in a moment") from None
        try:
            yield target
        finally:
            try:  # remove it while still holding it; a process that opened it meanwhile sees it unlinked
                os.unlink(lock)
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


def load_game(path: str | Path, *, ignore_data_change: bool = False, until: int | None = None,
              round_events: bool = False, raw: bytes | None = None) -> LoadedGame:
    """Read and verify a game file or replay log of any game; errors name FILE:LINE.

    The first line names the game ('fauna-log 2', 'arctic-log 1', ...), whose RULES read it: with the game's own
    reader (`read_log`: Fauna's reads its older formats too) or the shared one. A file that names no game is
    read as the default game's, whose reader says what is wrong with it. `raw`: the file's bytes, read already.
    """
    from rules.core.registry import DEFAULT, load_rules, rules_for_log

    source = escape_control(str(path))
    if raw is None:
        raw = read_bytes(path, "game file", MAX_LOG_BYTES)
    clean_if_idle(path)
    text = decode_log(raw, source)
    rules = rules_for_log(text.lstrip("\ufeff").split("\n", 1)[0]) or load_rules(DEFAULT)
    read = rules.read_log
    if read is None:
        from rules.core.log import load_game_log

        return load_game_log(text, source, rules, until=until)
    # verifying makes a lasting object or more per line and frees almost none: collections would find nothing
    loaded: LoadedGame = without_gc(lambda: read(text, source, ignore_data_change=ignore_data_change, until=until,
                                                 round_events=round_events))
    return loaded


def first_line(path: str) -> str:
    """The start of a file's first line (to tell game, public, view and key files apart), or '' if unreadable.

    Only the first bytes of a regular file are read: what is wrong with any other file is said by the
    reader that reads it whole.
    """
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError):
        return ""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return ""
        head = os.read(fd, 512)
    except OSError:
        return ""
    finally:
        os.close(fd)
    return head.decode("utf-8", "replace").lstrip("\ufeff").split("\n", 1)[0]


def kind_of(path: str) -> str:
    """'view', 'key', 'public' or 'log' by a file's first line."""
    line = first_line(path)
    if line.startswith(tuple(f + " @" for f in VIEW_FORMATS)):
        return "view"
    if line.startswith(tuple(f + " " for f in KEY_FORMATS)):
        return "key"
    if line.split(" @", 1)[0].endswith(" referee"):
        return "public"
    return "log"


def stale_temps(target: str | Path) -> list[str]:
    """Temporary files of `atomic_write` for this target (exactly its naming pattern, no other game's)."""
    folder, name = os.path.split(os.fspath(target))
    folder = folder or "."
    pattern = temp_pattern(name)
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return [os.path.join(folder, n) for n in names if pattern.fullmatch(n)]


def remove_stale_temps(path: str | Path) -> None:
    """Delete temporary files left by an update that was killed before its rename (call under the lock)."""
    for tmp in stale_temps(os.path.realpath(path)):
        try:
            os.unlink(tmp)
        except OSError:
            pass


def clean_if_idle(path: str | Path) -> None:
    """For readers: remove a killed writer's temporary files if there are any and the lock is free right now.

    (os.path, not pathlib: a reader need not import pathlib, a few milliseconds of every replay's start.)
    """
    try:
        target = os.path.realpath(path)
        if not stale_temps(target):
            return
        with game_lock(path):
            remove_stale_temps(target)
    except (FaunaError, OSError):
        pass  # busy, read-only folder or not a writable file: a reader leaves it to the next writer


def create_game(path: str | Path, text: str, force: bool = False) -> None:
    """Write a new game file, refusing to overwrite one unless `force`."""
    with game_lock(path) as target:
        if target.exists() and not force:
            raise FileProblem(f"{escape_control(str(path))}: exists already; choose another name or use --force to "
                              "replace it")
        remove_stale_temps(target)
        atomic_write(target, text)


def update_game(path: str | Path, change: Callable[[LoadedGame], tuple[str, object]], *,
                ignore_data_change: bool = False):
    """Under the lock: load and verify the file, let `change` compute the new text, write it atomically.

    `change` returns (new text, result); the result is handed back. Nothing is written if it raises, nor
    if another program changed or replaced the file meanwhile (FileChanged: its newer moves are kept).
    """
    with game_lock(path) as target:
        remove_stale_temps(target)
        raw, seen = read_seen(path, "game file", MAX_LOG_BYTES)
        loaded = load_game(path, ignore_data_change=ignore_data_change, raw=raw)
        text, result = change(loaded)
        atomic_write(target, text, expect=seen)
    return result


@contextmanager
def game_session(path: str | Path) -> Iterator[bytes]:
    """`play --continue GAME`: hold the game's lock while it is played on; yields the bytes read.

    Its log appender (fauna_cli/logfile.py) writes only while the file is still the one read.
    """
    from fauna_cli.logfile import continuing

    with game_lock(path) as target:
        remove_stale_temps(target)
        raw, seen = read_seen(path, "game file", MAX_LOG_BYTES)
        with continuing(seen):
            yield raw


@contextmanager
def log_session(path: str | Path | None, force: bool = False) -> Iterator[None]:
    """`play --log`: refuse an existing file unless `force`, then hold the game's lock while the game is played.

    Holding the lock for the whole session keeps `pbem move` off a log that `play` is still rewriting,
    and lets the session's start remove the temporary files a killed earlier session left.
    """
    if path is None:
        yield
        return
    with game_lock(path) as target:
        if target.exists() and not force:
            raise FileProblem(f"{escape_control(str(path))}: exists already; choose another name or use --force "
                              "to replace it")
        remove_stale_temps(target)
        yield


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
        except BrokenPipeError:
            raise  # the group's main exits quietly
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            report_error(f"{where}{exc.strerror or exc}", exitcodes.USAGE, as_json, type(exc).__name__)
            sys.exit(exitcodes.USAGE)

    return wrapper
