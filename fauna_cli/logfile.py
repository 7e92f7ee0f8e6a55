"""Keeping a `play --log` file in step with a game by appending what each move adds, not rewriting it all.

The file is the permanent lines followed by the closing `next` line. After a move the closing line is
overwritten, from its first byte, by the new permanent lines and the new closing line in one write
(a regular file's write is not cut by a killed process), so the file is a valid log after every move
and the work per move is what the move added. When the history is not an extension of what was
written (an undo, a resumed game), the file is rewritten once, atomically.

Before each write the file must still be the one this command read or last wrote: the same device,
inode, size and modification time, and the same last bytes (the whole content, hashed, before the first
write of a continued game). Another program that saved the file meanwhile is not overwritten: FileChanged.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fauna_cli.files import FileChanged, FileSeen, atomic_write, escape_control, write_target

_READ: dict[str, FileSeen] = {}  # games a command read and plays on (`play --continue`), by real path
_TAIL = 4096  # bytes at the end of the file compared between writes


@contextmanager
def continuing(seen: FileSeen) -> Iterator[None]:
    """While a read game is played on: its appender checks, before its first write, that the file is still `seen`."""
    _READ[seen.path] = seen
    try:
        yield
    finally:
        _READ.pop(seen.path, None)


def _mark(path: Path) -> tuple[int, int, int, int, str]:
    """(device, inode, size, mtime, hash of the last bytes) of the file now."""
    fd = os.open(path, os.O_RDONLY)
    try:
        st = os.fstat(fd)
        os.lseek(fd, max(0, st.st_size - _TAIL), os.SEEK_SET)
        tail = os.read(fd, _TAIL)
    finally:
        os.close(fd)
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, hashlib.sha256(tail).hexdigest()


class LogAppender:
    """A log file kept equal to a writer's lines plus its closing line."""

    def __init__(self, path: str | Path) -> None:
        self.path = path
        self.written: list[str] = []  # the permanent lines the file holds
        self.tail = 0  # byte offset of the closing line (the end of the permanent lines)
        self.size = 0
        self.seen = _READ.get(os.path.realpath(path))
        self.mark: tuple[int, int, int, int, str] | None = None  # the file as this appender last left it

    def _check(self) -> None:
        """Refuse to write over a file another program changed since it was read or last written here."""
        if self.mark is None:
            if self.seen is not None:
                self.seen.check()
            return
        try:
            same = _mark(write_target(self.path)) == self.mark
        except OSError:
            same = False
        if not same:
            raise FileChanged(f"{escape_control(str(self.path))}: another program changed or replaced the file while "
                              "this game was played; it is left as it is and nothing more is written to it")

    def sync(self, lines: list[str], closing: str | None) -> None:
        """Make the file hold `lines` and `closing`, appending when it only grew."""
        self._check()
        n = len(self.written)
        extends = n > 0 and len(lines) >= n and lines[n - 1] == self.written[-1]
        new = lines[n:] if extends else lines
        body = "".join(line + "\n" for line in new) + (closing + "\n" if closing else "")
        data = body.encode("utf-8")
        if not extends:
            atomic_write(self.path, body)
            self.tail = len(data) - (len(closing.encode("utf-8")) + 1 if closing else 0)
        else:
            target = write_target(self.path)
            fd = os.open(target, os.O_WRONLY)
            try:
                os.lseek(fd, self.tail, os.SEEK_SET)
                done = 0
                while done < len(data):
                    done += os.write(fd, data[done:])
                if self.tail + len(data) < self.size:
                    os.ftruncate(fd, self.tail + len(data))
            finally:
                os.close(fd)
            self.tail += len(data) - (len(closing.encode("utf-8")) + 1 if closing else 0)
        self.size = self.tail + (len(closing.encode("utf-8")) + 1 if closing else 0)
        self.written = list(lines)
        self.mark = _mark(write_target(self.path))


class Shadow:
    """A game's log writer that follows a game played elsewhere, move by move (any game: its RULES' writer)."""

    def __init__(self, rules: Any, state: Any) -> None:
        self.rules = rules
        self.writer = rules.log_for(rules.restart(state))
        self.catch_up(state)

    def follows(self, state: Any) -> bool:
        """Whether the game's history extends what this writer has played (not after an undo)."""
        mine = self.writer.state.history
        return len(state.history) >= len(mine) and (not mine or state.history[len(mine) - 1] == mine[-1])

    def catch_up(self, state: Any) -> None:
        for player, move in state.history[len(self.writer.state.history):]:
            self.writer.play(player, move)
