"""Keeping a `play --log` file in step with a game by appending what each move adds, not rewriting it all.

The file is the permanent lines followed by the closing `next` line. After a move the closing line is
overwritten, from its first byte, by the new permanent lines and the new closing line in one write
(a regular file's write is not cut by a killed process), so the file is a valid log after every move
and the work per move is what the move added. When the history is not an extension of what was
written (an undo, a resumed game), the file is rewritten once, atomically.
"""

from __future__ import annotations

import os
from pathlib import Path

from fauna_cli.files import atomic_write, write_target


class LogAppender:
    """A log file kept equal to a writer's lines plus its closing line."""

    def __init__(self, path: str | Path) -> None:
        self.path = path
        self.written: list[str] = []  # the permanent lines the file holds
        self.tail = 0  # byte offset of the closing line (the end of the permanent lines)
        self.size = 0

    def sync(self, lines: list[str], closing: str | None) -> None:
        """Make the file hold `lines` and `closing`, appending when it only grew."""
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


class FaunaShadow:
    """A Fauna log writer that follows a game played elsewhere, move by move (quietly: no events built)."""

    def __init__(self, state) -> None:
        from rules.fauna.replay import LogWriter

        self.writer = LogWriter(state.setup.new_state(state.config, state.seed))
        self.catch_up(state)

    def follows(self, state) -> bool:
        """Whether the game's history extends what this writer has played (not after an undo)."""
        mine = self.writer.state.history
        return len(state.history) >= len(mine) and (not mine or state.history[len(mine) - 1] == mine[-1])

    def catch_up(self, state) -> None:
        for player, move in state.history[len(self.writer.state.history):]:
            self.writer.play(player, move, events=False)
