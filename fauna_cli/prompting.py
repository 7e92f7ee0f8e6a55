"""Reading a player's line at the terminal so that end of input and Ctrl-C can be told apart.

click.prompt turns both into Abort; a game must treat them differently: the end of input leaves the
game quietly (exit 0), Ctrl-C interrupts it (exit 130), and both say what is saved and how to resume.
"""

from __future__ import annotations

import sys

import click


def ask(prompt: str) -> str | None:
    """One line from the player (None at end of input); Ctrl-C raises KeyboardInterrupt, unlike click.prompt."""
    if sys.stdin.isatty():
        try:
            return input(prompt)
        except EOFError:
            return None
    click.echo(prompt, nl=False)
    line = sys.stdin.readline()
    return line.rstrip("\r\n") if line else None


def confirm_leave() -> bool:
    """'Leave the game? [y/N]': yes, or the end of input (nobody is left to answer)."""
    answer = ask("Leave the game? [y/N]: ")
    return answer is None or answer.strip().lower() in ("y", "yes")


def saved_line(log_path: str | None) -> str:
    """What leaving keeps: the log and the command that resumes it, or that nothing was saved."""
    if log_path:
        import shlex  # only a game left with a log needs it: not imported by every start of play

        return f"The game so far is saved in {log_path}; resume it with: fauna play --continue {shlex.quote(log_path)}"
    return "Nothing was saved (play with --log FILE to be able to resume)."
